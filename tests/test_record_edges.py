"""Records at the edges: pipes and devices, odd characters, odd line breaks, huge
lines, names the notation cannot hold, and the command line's one-sentence errors."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from game import record as rec
from game.__main__ import main
from game.record import (
    MAX_NAME_LENGTH,
    RecordError,
    name_refusal,
    parse_record,
    players_refusal,
    read_bounded,
    read_record_file,
    replay,
    write_record,
)
from game.steps import UnreadableStep, parse_step

TOWNS_3 = "T01 T07 T12 T05 T03 T09 T02 T11 T08"
HEADER_3 = f'[Players "Ann, Bob, Cy"]\n[Towns "{TOWNS_3}"]\n'
ROOT = Path(__file__).resolve().parent.parent
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def replay_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | bytes) -> str:
    """The one line ``python -m game replay`` says about a bad record."""
    path = tmp_path / "record.txt"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 1 and out == ""
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


# ----- pipes, devices and sizes -----------------------------------------------------
@needs_fifo
def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)  # no writer: opening it to read would block forever
    code, out, err = run(["replay", str(fifo)], capsys)
    assert code == 1 and out == ""
    assert err.strip() == f"{fifo}: not a regular file (a pipe or a device), so not a record"


@needs_fifo
def test_a_fifo_swapped_in_after_stat_cannot_block_the_open(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Even when ``stat`` said "a regular file" (the file was swapped for a pipe
    meanwhile), the open does not block and the pipe is refused."""
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    regular, real_stat = os.stat(__file__), os.stat

    def stat_says_regular(path, *args, **kwargs):  # only for the pipe; the rest is real
        return regular if str(path) == str(fifo) else real_stat(path, *args, **kwargs)

    monkeypatch.setattr(rec.os, "stat", stat_says_regular)
    with pytest.raises(rec.NotRegularFile):
        read_bounded(fifo, 100_000)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_at_once(capsys) -> None:
    code, out, err = run(["replay", "/dev/zero"], capsys)
    assert code == 1 and out == "" and "not a regular file" in err


def test_no_more_than_the_limit_plus_one_byte_is_read_whatever_stat_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "growing.txt"
    path.write_bytes(b"x" * 10_000)
    real_stat, real_read = os.stat, os.read
    small = real_stat(path)
    fake = os.stat_result((stat.S_IFREG | 0o644, *small[1:6], 5, *small[7:]))  # "5 bytes"

    def stat_says_small(p, *args, **kwargs):
        return fake if str(p) == str(path) else real_stat(p, *args, **kwargs)

    monkeypatch.setattr(rec.os, "stat", stat_says_small)
    read: list[int] = []

    def counting(fd: int, n: int) -> bytes:
        chunk = real_read(fd, n)
        read.append(len(chunk))
        return chunk

    monkeypatch.setattr(rec.os, "read", counting)
    with pytest.raises(rec.FileTooLarge):
        read_bounded(path, 100)
    assert sum(read) == 101
    assert read_bounded(tmp_path / "growing.txt", 20_000) == b"x" * 10_000


def test_sail_to_india_refuses_a_fifo_record_with_one_sentence(tmp_path: Path, capsys) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes")
    from scenes.main import main as client

    fifo = tmp_path / "game.txt"
    os.mkfifo(fifo)
    assert client([str(fifo)]) == 2  # refused before any window opens
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a regular file" in err


# ----- characters and lines -------------------------------------------------------
@pytest.mark.parametrize(("step", "char"), [
    ("move L-\u0663", "'\u0663' (U+0663)"),        # an Arabic-Indic three
    ("move\u00a0L-1", "U+00A0"),                    # a no-break space
    ("employ\u2003", "U+2003"),                     # an em space at the end
    ("\uff45mploy", "'\uff45' (U+FF45)"),           # a full-width e
    ("cargo 1g\u00b9", "'\u00b9' (U+00B9)"),        # a superscript one
])
def test_the_notation_is_ascii(step: str, char: str) -> None:
    with pytest.raises(UnreadableStep) as caught:
        parse_step(step)
    assert caught.value.key == "bad_character" and caught.value.values["char"] == char


def test_a_non_ascii_digit_is_refused_with_its_line(tmp_path: Path, capsys) -> None:
    err = replay_error(tmp_path, capsys, HEADER_3 + "employ\nmove L-\u0663\n")
    assert err == ("line 4: move L-\u0663: '\u0663' (U+0663) is not part of the notation, "
                   "which is plain ASCII")
    err = replay_error(tmp_path, capsys, HEADER_3 + "move\u00a0L-1\n")
    assert err == ("line 3: move\\xa0L-1: U+00A0 is not part of the notation, "
                   "which is plain ASCII")


def test_tabs_and_crlf_still_read() -> None:
    text = HEADER_3.replace("\n", "\r\n") + "move\tL-1\r\n\tcargo 1g1  \r\ndone\r\n"
    record = parse_record(text)
    assert [n for n, _ in record.steps] == [3, 4, 5]
    assert replay(record).good_owner(1, 1) == 0


@pytest.mark.parametrize("odd", ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_only_newlines_count_as_line_breaks(tmp_path: Path, capsys, odd: str) -> None:
    text = HEADER_3 + f"# a note{odd}with an odd break\nemploy\nmove L-3\n"
    assert replay_error(tmp_path, capsys, text).startswith("line 5: move L-3:")
    # inside a step it is no break either: the step is refused on its own line
    err = replay_error(tmp_path, capsys, HEADER_3 + f"employ{odd}speed\n")
    assert err.startswith("line 3: employ") and "is not part of the notation" in err


def test_a_missing_tag_is_reported_within_the_file() -> None:
    with pytest.raises(RecordError) as caught:
        parse_record('[Towns "T01"]\f\f\f\n')
    assert caught.value.line == 1


def test_a_megabyte_step_is_quoted_short(tmp_path: Path, capsys) -> None:
    err = replay_error(tmp_path, capsys, HEADER_3 + "fly" + "x" * 1_000_000 + "\n")
    assert err.startswith("line 3: flyxxx") and len(err) < 200
    assert "unknown step" in err
    err = replay_error(tmp_path, capsys, HEADER_3 + "sell " + "1g1" * 300_000 + "\n")
    assert len(err) < 200
    err = replay_error(tmp_path, capsys, "[Players " + "A" * 1_000_000 + "\n")
    assert err.startswith("line 1: unreadable header line") and len(err) < 200


def test_escape_sequences_reach_standard_error_escaped(tmp_path: Path, capsys) -> None:
    err = replay_error(tmp_path, capsys, HEADER_3 + "employ \x1b[2J\x1b]0;owned\x07\n")
    assert "\x1b" not in err and "\x07" not in err
    assert err.startswith("line 3: employ \\x1b[2J\\x1b]0;owned\\x07:")
    err = replay_error(tmp_path, capsys, '[Players "Ann, Bob, Cy"]\n[Towns "T01 \x1b[31m"]\n')
    assert "\x1b" not in err and "\\x1b" in err


def test_a_nul_byte_is_refused_as_not_text(tmp_path: Path, capsys) -> None:
    err = replay_error(tmp_path, capsys, (HEADER_3 + "employ\0\n").encode())
    assert err.endswith("not a text file")


# ----- names: one rule --------------------------------------------------------------
@pytest.mark.parametrize(("name", "key"), [
    ("", "name_empty"), ("   ", "name_empty"), ('A"x', "name_character"),
    ("B,C", "name_character"), ("[x]", "name_character"), ("a#b", "name_character"),
    ("a\nb", "name_character"), ("\0", "name_character"), ("tab\there", "name_character"),
    ("no\u00a0break", "name_character"), ("x" * (MAX_NAME_LENGTH + 1), "name_too_long"),
    (" Ann", "name_spaces"), ("Ann ", "name_spaces"),
])
def test_names_the_notation_cannot_hold_are_refused(name: str, key: str) -> None:
    refusal = name_refusal(name)
    assert refusal is not None and refusal.key == key
    assert "\n" not in refusal.reason and "\0" not in refusal.reason
    with pytest.raises(ValueError):
        write_record([name, "Bob", "Cy"], TOWNS_3.split(), [])


@pytest.mark.parametrize("name", ["Ann", "José", "Zoë O'Neil", "李", "A-1 (red)", "x" * 20])
def test_good_names_pass(name: str) -> None:
    assert name_refusal(name) is None


def test_players_refusal_counts_and_twins() -> None:
    assert players_refusal(["Ann", "Bob"]).key == "players_count"
    assert players_refusal(["Ann", "Bob", "ann"]).key == "players_twice"
    assert players_refusal(["Ann", "Bob", "Cy", "Dan"]) is None


def test_a_record_naming_a_bad_player_is_refused_with_its_line() -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(f'[Players "Ann, Bob, C\x1by"]\n[Towns "{TOWNS_3}"]\n')
    assert caught.value.line == 1 and "\x1b" not in str(caught.value)


# Any text at all, and text that mostly makes a good name (so both outcomes are met).
name_text = hs.one_of(hs.text(hs.characters(codec="utf-8"), max_size=24),
                      hs.text("aBz é'.-\u00a0,\"", min_size=1, max_size=22))


@settings(max_examples=300, deadline=None)
@given(names=hs.lists(name_text, min_size=3, max_size=4), seed=hs.integers(0, 99))
def test_every_record_the_program_writes_replays(names: list[str], seed: int) -> None:
    """Names either break the one rule and are refused before anything is written, or
    the record written with them reads back with the same names and replays."""
    from game.deal import deal_towns

    towns = deal_towns(len(names), seed)
    if players_refusal(names) is not None:
        with pytest.raises(ValueError):
            write_record(names, towns, ["employ"])
        return
    text = write_record(names, towns, ["employ"], extra_tags=[("Seed", str(seed))])
    record = parse_record(text)
    assert record.names == names and record.towns == towns
    assert replay(record).lisboa[0] == 2


def test_new_refuses_names_it_could_not_write(capsys) -> None:
    for names in ('A"x,B,C', "A,B,C,D,E", "A, ,C", "A,B,a", "A,B\x1b[2J,C"):
        code, out, err = run(["new", "--players", "3", "--names", names], capsys)
        assert code == 1 and out == "" and err.count("\n") == 1, (names, err)
        assert "\x1b" not in err
    code, out, err = run(["new", "--players", "3", "--seed", 'x"y'], capsys)
    assert code == 1 and out == "" and err.count("\n") == 1
    code, out, _ = run(["new", "--players", "3", "--names", "Zoë,Émile,Li"], capsys)
    assert code == 0 and parse_record(out).names == ["Zoë", "Émile", "Li"]


def test_a_record_written_by_new_replays(tmp_path: Path, capsys) -> None:
    code, out, _ = run(["new", "--players", "4", "--seed", "x-7", "--random-start"], capsys)
    assert code == 0
    path = tmp_path / "new.txt"
    path.write_text(out + "employ\n", "utf-8")
    assert replay(read_record_file(path)).lisboa[0] == 2


# ----- the command line -------------------------------------------------------------
@pytest.mark.parametrize("args", [[], ["fly"], ["replay"], ["new", "--players", "x"],
                                  ["replay", "a.txt", "--colour"], ["bench", "--games"]])
def test_wrong_arguments_are_one_sentence_and_status_1(args: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as caught:
        main(args)
    out, err = capsys.readouterr()
    assert caught.value.code == 1 and out == ""
    assert err.count("\n") == 1 and err.rstrip().endswith("(see python -m game --help)")


def test_help_still_prints_the_usage() -> None:
    proc = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0 and "replay" in proc.stdout
