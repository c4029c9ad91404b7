"""``python -m game``: replay, new and bench, and every way bad input is refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main
from game.record import parse_record

TOWNS_3 = "T01 T07 T12 T05 T03 T09 T02 T11 T08"
HEADER_3 = f'[Players "Ann, Bob, Cy"]\n[Towns "{TOWNS_3}"]\n'


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | bytes) -> str:
    path = tmp_path / "record.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, "utf-8")
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1, err
    return err.strip()


def test_replay_json_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.txt"
    path.write_text(HEADER_3 + "employ\nmove L-1\ncargo 1g1\ndone\nend\n", "utf-8")
    code, out, err = run(["replay", str(path), "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    ann = data["players"][0]
    assert ann["name"] == "Ann" and ann["color"] == "red"
    assert ann["wealth"] == 1 and ann["stock"] == 6 and ann["lisboa"] == 1
    assert ann["ships"] == {} and ann["score"] is None
    assert data["towns"][0]["goods"] == ["red", None]
    assert data["towns"][3]["face_up"] is False and data["towns"][3]["card"] == "T05"
    assert data["active"] == 1 and data["action_points"] == 2 and data["phase"] == "actions"
    assert data["over"] is False and data["winners"] is None and data["india"] is None


def test_replay_summary_is_readable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.txt"
    path.write_text(HEADER_3 + "employ\n", "utf-8")
    code, out, _ = run(["replay", str(path)], capsys)
    assert code == 0
    assert "Ann (red) to move: 1 action points" in out
    assert "Leading:" in out and "stock" in out


def test_illegal_step_names_line_step_and_reason(tmp_path: Path, capsys) -> None:
    text = HEADER_3 + "# a comment line\n\nEMPLOY\nmove L-3   # too far\n"
    assert refused(tmp_path, capsys, text) == "line 6: move L-3: speed is 1, sea 3 is 3 away"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[Players "A, B, C, D, E"]\n[Towns "T01"]\n',
         "line 1: [Players] needs 3 or 4 names, got 5"),
        ('[Players "A, B, C"]\n[Towns "T01 T02 T03 T04 T05 T06 T07 T08 T09 T10"]\n',
         "line 2: [Towns] needs 9 or 12 cards, got 10"),
        ('[Players "A, B, C"]\n[Towns "T01 T02 T03 T04 T05 T06 T07 T08 T99"]\n',
         "line 2: [Towns] names an unknown card 'T99'"),
        (HEADER_3 + "tech alchemy\n", "line 3: tech alchemy: unknown technology 'alchemy'"),
        (HEADER_3 + "employ 2\n", "line 3: employ 2: employ takes no more words"),
        (HEADER_3 + "fly 3\n", "line 3: fly 3: unknown step 'fly'"),
        (HEADER_3 + "move 2-2\n", "line 3: move 2-2: a ship move must end in another sea"),
        (HEADER_3 + "sell\n", "line 3: sell: sell needs at least one space"),
        (HEADER_3 + "employ\n[Event \"late\"]\n", "line 4: a header line after the first step"),
        (HEADER_3 + '[Players "X, Y, Z"]\n', "line 3: [Players] is given twice"),
        (HEADER_3 + '[Variant "chaos"]\n',
         "line 3: unknown [Variant] 'chaos' (known: standard, ship-only-build)"),
        ('[Towns "T01"]\nemploy\n', "line 1: the header has no [Players]"),
    ],
)
def test_bad_headers_and_steps(tmp_path: Path, capsys, text: str, expected: str) -> None:
    assert refused(tmp_path, capsys, text) == expected


def test_step_after_game_over(tmp_path: Path, capsys) -> None:
    from game.bench import random_game
    from game.record import write_record

    st, played = random_game(5, players=3)
    text = write_record(st.names, st.towns, [str(s) for s in played] + ["end"])
    line = len(text.splitlines())
    assert refused(tmp_path, capsys, text) == f"line {line}: end: the game is over"


def test_missing_binary_and_huge_files(tmp_path: Path, capsys) -> None:
    code, out, err = run(["replay", str(tmp_path / "nope.txt")], capsys)
    assert code == 1 and out == "" and err.strip().endswith("nope.txt: no such file")
    assert refused(tmp_path, capsys, b"\x89PNG\r\n\x1a\n\0\0\0").endswith("not a text file")
    assert refused(tmp_path, capsys, b"[Players \xff\xfe]").endswith("not a UTF-8 text file")
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as f:
        f.truncate(50 * 1024 * 1024)
    code, out, err = run(["replay", str(huge)], capsys)
    assert code == 1 and out == "" and "too large for a record" in err
    code, out, err = run(["replay", str(tmp_path)], capsys)
    assert code == 1 and out == "" and "is a folder" in err


def test_new_prints_a_header_that_parses(capsys) -> None:
    code, out, _ = run(["new", "--players", "4", "--seed", "9", "--first-game"], capsys)
    assert code == 0
    record = parse_record(out)
    assert record.names == ["Ann", "Bea", "Cy", "Dan"]
    assert record.towns[:3] == ["T01", "T07", "T12"] and len(record.towns) == 12
    assert record.tag("Seed") == "9"
    _, out2, _ = run(["new", "--players", "4", "--seed", "9", "--first-game"], capsys)
    assert out2 == out, "the same seed deals the same towns"
    code, out, err = run(["new", "--players", "5"], capsys)
    assert code == 1 and out == "" and "3 or 4 players" in err


def test_bench_prints_its_figure_last() -> None:
    proc = subprocess.run([sys.executable, "-m", "game", "bench", "--games", "5"],
                          capture_output=True, text=True, check=True)
    last = proc.stdout.strip().splitlines()[-1]
    assert last.startswith("games/s: ") and "steps/s: " in last and "steps/game: " in last


def test_every_refusal_has_a_key_an_english_template_and_a_translation() -> None:
    from game.rules import apply_text
    from game.state import State
    from game.steps import REASONS, IllegalStep
    from scenes.text.reasons import reason_text

    st = State.start(["Ann", "Bob", "Cy"], TOWNS_3.split())
    with pytest.raises(IllegalStep) as caught:
        apply_text(st, "move L-3")
    refusal = caught.value
    assert (refusal.key, refusal.values) == ("too_far", {"speed": 1, "dst": 3, "distance": 3})
    assert reason_text(refusal) == refusal.reason == "speed is 1, sea 3 is 3 away"
    with pytest.raises(IllegalStep) as caught:
        apply_text(st, "tech renaissance")
    assert reason_text(caught.value) == "Renaissance costs 4 and you have 2"
    # A translation of the key is used when the language has one.
    from langhelp import speaking

    with speaking("fr", {"reason.too_far": "vitesse {speed} : la mer {dst} est à {distance}"}):
        assert reason_text(refusal) == "vitesse 1 : la mer 3 est à 3"
    assert all(REASONS.values())
