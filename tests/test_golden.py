"""Golden records: whole games written out, replayed, and compared with stored JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.record import parse_record, read_record_file, record_text, replay

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_record_replays_to_stored_json(path: Path) -> None:
    record = read_record_file(path)
    st = replay(record)
    expected = json.loads(path.with_suffix(".json").read_text("utf-8"))
    assert st.to_json() == expected
    assert st.over and expected["winners"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_writing_a_record_back_gives_the_same_game(path: Path) -> None:
    record = read_record_file(path)
    again = parse_record(record_text(record))
    assert again.names == record.names and again.towns == record.towns
    assert again.tag("Seed") == record.tag("Seed")
    assert replay(again) == replay(record)


def test_golden_set_is_not_empty() -> None:
    assert len(RECORDS) >= 2
