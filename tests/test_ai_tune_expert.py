"""Tuning in the expert's own games (``game.ai.tune_expert``): the games are the
expert's against expert-1, both sides play the same deal from the same seat, the
weights tuned reach the expert's plans and the positions it judges, and a game adds to
a win the expert's score or its lead over the best other player."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.ai import tune_expert
from game.ai.expert1 import Expert1Player
from game.ai.tune import SCORE_SHARE, TUNED_PARAMETERS, _result, add_arguments, tune
from game.ai.tune_expert import against, expert_game, out_file, parse_rivals, run_args
from game.ai.value import load_model

SMALL = {"playouts": 2, "candidates": 2}
ZERO = [0.0] * len(TUNED_PARAMETERS)


def test_the_hand_set_weights_play_as_expert1_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no step the tuned seat is expert-1's search: the game is the same as with
    expert-1 in that seat too."""
    tuned = [expert_game((ZERO, seat, "same", 3, "expert-1", SMALL, None, False))
             for seat in range(3)]

    def expert1(seed: str, weights: object, tuned_from: int, turns: object,
                **knobs: object) -> Expert1Player:
        return Expert1Player(seed, **knobs)

    monkeypatch.setattr(tune_expert, "ExpertPlayer", expert1)
    assert tuned == [expert_game((ZERO, seat, "same", 3, "expert-1", SMALL, None, False))
                     for seat in range(3)]


def test_the_weights_reach_the_expert() -> None:
    wealth = TUNED_PARAMETERS.index(("wealth", -1))
    rich = list(ZERO)
    rich[wealth] = math.log(4.0)
    results = {expert_game((x, 0, f"reach:{d}", 3, "expert-1", SMALL, None, False))
               for x in (ZERO, rich) for d in range(3)}
    assert len(results) > 3   # some deal played differently with wealth worth four times more


def test_equal_sides_come_out_even_and_the_run_is_repeatable() -> None:
    measure = against(1, seed=4, n=3, knobs=SMALL)
    assert measure(None, ZERO, ZERO, 0) == 0.0
    first = tune(1, 1, seed=4, measure=measure)
    assert first["x"] == tune(1, 1, seed=4, measure=against(1, seed=4, n=3, knobs=SMALL))["x"]
    assert any(v != 0.0 for v in first["x"])


def test_against_expert1_needs_one_table_size() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    with pytest.raises(SystemExit, match="one table size"):
        run_args(parser.parse_args(["--against", "expert-1"]))
    assert out_file(3).name == "tuned-weights-3-expert.json"


def test_a_field_of_rivals_meets_the_expert_in_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """With two rivals named, the deals take them in turn, each rival filling the other
    seats of its deal, and each meets the expert in every seat; both sides of a deal
    play it against the same rival from the same seat."""
    games: list[tuple[int, str, str]] = []

    def record(task: tune_expert.Task) -> float:
        x, seat, deal, _n, rival, _knobs, _turns, _lead = task
        games.append((seat, deal, rival))
        return 1.0 if x[0] > 0 else 0.0

    monkeypatch.setattr(tune_expert, "expert_game", record)
    measure = against(3, seed=1, n=3, rivals=("expert-1", "hard"))
    plus, minus = [0.1] * len(ZERO), [-0.1] * len(ZERO)
    assert measure(None, plus, minus, 0) == 1.0
    assert measure(None, plus, minus, 1) == 1.0
    assert games[0::2] == games[1::2]
    met = [(seat, rival) for seat, _, rival in games[0::2]]
    assert met == [(0, "expert-1"), (1, "expert-1"), (2, "expert-1"),
                   (0, "hard"), (1, "hard"), (2, "hard")]


def test_a_hard_rival_plays_a_whole_game_with_the_expert() -> None:
    result = tune_expert.expert_game((ZERO, 1, "hard-rival", 3, "hard", SMALL, None, False))
    assert 0.0 <= result <= 1.0 + 0.05 * 40


def test_the_rivals_are_named_from_the_ones_we_know() -> None:
    assert parse_rivals("expert-1, hard") == ("expert-1", "hard")
    with pytest.raises(ValueError, match="no rival we know"):
        parse_rivals("expert-1,grandmaster")
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    with pytest.raises(SystemExit, match="no rival we know"):
        run_args(parser.parse_args(["--against", "easy", "--players", "3"]))


def _recorded_games(monkeypatch: pytest.MonkeyPatch) -> list[tune_expert.Task]:
    """The games a run would play, recorded instead (each an even result)."""
    tasks: list[tune_expert.Task] = []

    def record(task: tune_expert.Task) -> float:
        tasks.append(task)
        return 0.5

    monkeypatch.setattr(tune_expert, "expert_game", record)
    return tasks


def test_the_expert_can_be_tuned_with_a_fitted_table_of_the_turns_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--turns FILE``: every game of the run gives the expert the table (read once),
    the weights' file names it as the command would, and a bad file or a table with
    no expert to read it is one sentence before any game is played."""
    kept = tmp_path / "turns.json"
    kept.write_text(json.dumps(load_model().to_json()), "utf-8")
    seen: list[object] = []

    def expert(seed: str, weights: object, tuned_from: int, turns: object,
               **knobs: object) -> Expert1Player:
        seen.append(turns)
        return Expert1Player(seed, **knobs)

    monkeypatch.setattr(tune_expert, "ExpertPlayer", expert)
    expert_game((ZERO, 0, "table", 3, "hard", SMALL, str(kept), False))
    expert_game((ZERO, 0, "table", 3, "hard", SMALL, None, False))
    assert seen == [load_model(), None]

    tasks = _recorded_games(monkeypatch)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    out = tmp_path / "tuned.json"
    assert run_args(parser.parse_args(["--against", "hard", "--players", "3", "--iterations",
                                       "1", "--deals", "2", "--turns", str(kept),
                                       "--out", str(out)])) == 0
    assert len(tasks) == 4 and {task[6] for task in tasks} == {str(kept)}
    data = json.loads(out.read_text("utf-8"))
    assert data["turns"] == str(kept) and data["command"].endswith(f"--turns {kept}")
    (tmp_path / "bad.json").write_text('{"x": [1, 2]}', "utf-8")
    for bad in ("none.json", "bad.json"):
        with pytest.raises(SystemExit, match=r"^--turns .*(No such file|not a fitted)"):
            run_args(parser.parse_args(["--against", "hard", "--players", "3",
                                        "--turns", str(tmp_path / bad)]))
    with pytest.raises(SystemExit, match="give --against too"):
        run_args(parser.parse_args(["--turns", str(kept)]))
    assert len(tasks) == 4


def test_the_programs_weights_are_tuned_with_the_table_it_reads_beside_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Written where the program reads them (no ``--out``), the weights are tuned with
    the table of the turns left the expert reads at that size, or with none where it
    reads none; anything else is refused before a game is played."""
    from game.ai.value import TURNS_FILES

    assert set(TURNS_FILES) == {4}
    shipped = out_file(4).with_name(TURNS_FILES[4])
    program = tmp_path / "data"
    program.mkdir()
    table = program / TURNS_FILES[4]
    table.write_text(shipped.read_text("utf-8"), "utf-8")
    other = tmp_path / "other.json"
    other.write_text(shipped.read_text("utf-8"), "utf-8")
    monkeypatch.setattr(tune_expert, "out_file",
                        lambda n: program / f"tuned-weights-{n}-expert.json")
    tasks = _recorded_games(monkeypatch)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    run = ["--against", "hard", "--iterations", "1", "--deals", "1"]
    for extra, sentence in ((["--players", "4"], f"reads the turns left from {table}"),
                            (["--players", "4", "--turns", str(other)], "give --turns with"),
                            (["--players", "3", "--turns", str(table)], "reads no table")):
        with pytest.raises(SystemExit, match=sentence):
            run_args(parser.parse_args([*run, *extra]))
    assert not tasks
    # the same table, or another file named with --out, is tuned
    assert run_args(parser.parse_args([*run, "--players", "4", "--turns", str(table)])) == 0
    data = json.loads((program / "tuned-weights-4-expert.json").read_text("utf-8"))
    assert data["turns"] == str(table)
    assert run_args(parser.parse_args([*run, "--players", "4", "--turns", str(other),
                                       "--out", str(tmp_path / "candidate.json")])) == 0
    assert len(tasks) == 4


def _hard_run(tmp_path: Path, iterations: int
              ) -> tuple[argparse.ArgumentParser, Path, list[str]]:
    """The tuner's parser, where a short run against hard players at three writes, and
    its command."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    out = tmp_path / "tuned.json"
    return parser, out, ["--against", "hard", "--players", "3", "--iterations",
                         str(iterations), "--deals", "1", "--out", str(out)]


def test_a_run_goes_on_only_from_its_own_checkpoint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--resume`` reads the checkpoint beside ``--out`` the same command left, and
    plays only the iterations still to come; anything else is one sentence."""
    tasks = _recorded_games(monkeypatch)
    parser, out, command = _hard_run(tmp_path, iterations=2)
    with pytest.raises(SystemExit, match="no run to go on from"):
        run_args(parser.parse_args([*command, "--resume"]))
    assert run_args(parser.parse_args(command)) == 0 and len(tasks) == 4
    kept = out.with_suffix(".partial.json")
    assert json.loads(kept.read_text("utf-8"))["run"] == json.loads(out.read_text("utf-8"))[
        "command"]
    assert run_args(parser.parse_args([*command, "--resume"])) == 0 and len(tasks) == 4
    with pytest.raises(SystemExit, match="left by another command"):
        run_args(parser.parse_args([*command, "--seed", "9", "--resume"]))
    kept.write_text("not json", "utf-8")
    with pytest.raises(SystemExit, match="cannot be read as a run's checkpoint"):
        run_args(parser.parse_args([*command, "--resume"]))
    kept.write_text('{"iteration": 1, "x": []}', "utf-8")   # as runs left them before
    with pytest.raises(SystemExit, match="holds no run to go on from"):
        run_args(parser.parse_args([*command, "--resume"]))
    with pytest.raises(SystemExit, match="only a run with --against"):
        run_args(parser.parse_args(["--iterations", "1", "--resume", "--out", str(out)]))
    assert len(tasks) == 4


def test_the_lead_over_the_best_other_player_can_be_what_a_game_adds_to_a_win(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--objective lead``: a game counts the expert's lead over the best other
    player instead of its score, so weights that score more but win less do not gain;
    every game of the run is told so, the command that made the weights says so, and
    it is refused where no expert plays."""
    ended = SimpleNamespace(n=4, scores=[20, 22, 15, 10], winners=[1])
    sides = [0, 1, 1, 1]
    assert _result(ended, sides) == pytest.approx(
        (SCORE_SHARE * 20, 1 / 3 + SCORE_SHARE * 47 / 3))
    assert _result(ended, sides, lead=True) == pytest.approx(
        (SCORE_SHARE * -2, 1 / 3 + SCORE_SHARE * (2 - 7 - 12) / 3))
    tasks = _recorded_games(monkeypatch)
    parser, out, command = _hard_run(tmp_path, iterations=1)
    assert run_args(parser.parse_args([*command, "--objective", "lead"])) == 0
    assert [task[-1] for task in tasks] == [True, True]
    assert json.loads(out.read_text("utf-8"))["command"].endswith("--objective lead")
    with pytest.raises(SystemExit, match="left by another command"):
        run_args(parser.parse_args([*command, "--resume"]))
    assert run_args(parser.parse_args(command)) == 0
    assert [task[-1] for task in tasks[2:]] == [False, False]
    with pytest.raises(SystemExit, match="--objective is for the expert's games"):
        run_args(parser.parse_args(["--iterations", "1", "--objective", "lead"]))
