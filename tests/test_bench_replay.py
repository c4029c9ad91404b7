"""``python -m game bench --write DIR`` and ``--replay DIR``: the benchmark's games as
records, and the replay benchmark over a folder of records."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.__main__ import main
from game.bench import bench, load_games, random_game, record_paths, replay_bench, time_replay
from game.record import read_record_file, replay
from game.rules import apply

GOLDEN = Path(__file__).parent / "golden"
FIGURES = re.compile(r"apply steps/s: \d+  apply\+listing steps/s: \d+")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_written_records_are_the_games_played(tmp_path: Path) -> None:
    line = bench(3, seed=2, write=tmp_path)
    assert re.fullmatch(r"games/s: [\d.]+  steps/s: \d+  steps/game: \d+  cpu games/s: [\d.]+",
                        line), line
    paths = record_paths(tmp_path)
    assert [p.name for p in paths] == ["game-0001.txt", "game-0002.txt", "game-0003.txt"]
    for g, path in enumerate(paths):
        record = read_record_file(path)
        st, played = random_game(2 * 100003 + g)
        assert record.step_texts() == [str(s) for s in played]
        assert record.tag("Seed") == str(2 * 100003 + g)
        assert replay(record) == st and st.over


def test_replay_bench_on_the_golden_records(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["bench", "--replay", str(GOLDEN), "--rounds", "1"], capsys)
    assert code == 0 and err == ""
    lines = out.strip().splitlines()
    steps = sum(len(read_record_file(p).steps) for p in sorted(GOLDEN.glob("*.txt")))
    assert lines[0] == f"replayed 3 records, {steps} steps, 1 rounds each way"
    assert FIGURES.fullmatch(lines[-1]), lines[-1]
    assert FIGURES.fullmatch(lines[-2].removeprefix("on the processor: ")), lines[-2]


def test_replayed_games_end_where_the_records_do() -> None:
    games = load_games(record_paths(GOLDEN))
    assert len(games) == 3
    assert min(time_replay(games, listing=True)) > 0
    for (start, steps), path in zip(games, record_paths(GOLDEN), strict=True):
        st = start
        for step in steps:
            st = apply(st, step)
        assert st == replay(read_record_file(path))


def test_replay_bench_refuses_what_it_cannot_replay(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["bench", "--replay", str(tmp_path / "none")], capsys)
    assert code == 1 and out == "" and err.strip().endswith("none: not a folder")
    code, out, err = run(["bench", "--replay", str(tmp_path)], capsys)
    assert code == 1 and out == "" and "no records in it" in err
    shutil.copy(GOLDEN / "four-players.txt", tmp_path / "a.txt")
    (tmp_path / "b.txt").write_text('[Players "Ann, Bob, Cy"]\n'
                                    '[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'
                                    "move L-3\n", "utf-8")
    code, out, err = run(["bench", "--replay", str(tmp_path)], capsys)
    assert code == 1 and out == ""
    assert err.strip().endswith("b.txt: line 3: move L-3: speed is 1, sea 3 is 3 away")
    code, out, err = run(["bench", "--replay", str(GOLDEN), "--rounds", "0"], capsys)
    assert code == 1 and "--rounds" in err


def test_replay_bench_counts_every_step() -> None:
    lines = replay_bench(GOLDEN, rounds=1)
    assert lines[0].startswith("replayed 3 records")
    assert FIGURES.fullmatch(lines[-1])


def test_the_replay_bench_runs_side_by_side_with_another_engine(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--against ENGINE`` runs each engine in turn in a fresh process and compares
    where both end every record (here the other engine is a copy of this one)."""
    shutil.copytree(Path(__file__).parent.parent / "game", tmp_path / "other" / "game")
    code, out, err = run(["bench", "--replay", str(GOLDEN), "--rounds", "1", "--against",
                          str(tmp_path / "other"), "--pairs", "1"], capsys)
    assert code == 0 and err == "", err
    lines = out.strip().splitlines()
    assert lines[0].startswith("pair 1 other: processor apply ")
    assert lines[1].startswith("pair 1 this: processor apply ")
    assert lines[2].startswith("every record ends in the same position with both (digest ")
    assert re.fullmatch(r"clock apply\+listing steps/s, medians: this \d+, other \d+, "
                        r"this/other [\d.]+", lines[-1]), lines[-1]
    # an engine that ends a record elsewhere is told apart, in one sentence
    rules = tmp_path / "other" / "game" / "scoring.py"
    rules.write_text(rules.read_text("utf-8").replace(
        "def final_scores(st: State) -> list[int]:\n",
        "def final_scores(st: State) -> list[int]:\n    return [0] * st.n\n", 1), "utf-8")
    code, out, err = run(["bench", "--replay", str(GOLDEN), "--rounds", "1", "--against",
                          str(tmp_path / "other"), "--pairs", "1"], capsys)
    assert code == 1 and out == ""
    assert err.strip() == "the two engines end the records in different positions"


def test_against_needs_an_engine_and_a_replay(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["bench", "--replay", str(GOLDEN), "--against", str(tmp_path)],
                         capsys)
    assert code == 1 and out == "" and "no copy of the engine" in err
    code, out, err = run(["bench", "--against", str(tmp_path)], capsys)
    assert code == 1 and out == "" and err.strip() == "--against needs --replay DIR"


def test_the_hint_bench_prints_its_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["bench", "--hints", "3", "--seed", "2"], capsys)
    assert code == 0 and err == ""
    assert re.fullmatch(r"hint ms: median \d+  p95 \d+  max \d+", out.strip().splitlines()[-1])
