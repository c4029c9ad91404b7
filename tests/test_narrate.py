"""The game log: the sentence each kind of step gives, with what it really changed."""

from __future__ import annotations

import pytest

from game.record import parse_record, replay_states
from game.steps import parse_step
from scenes.text.catalog import t
from scenes.text.narrate import LOG_TEXT_EN, narrate

HEADER = '[Players "Ann, Bob, Cy"]\n[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'


def last_sentences(steps: str) -> list[str]:
    record = parse_record(HEADER + steps)
    states = replay_states(record)
    step = record.steps[-1][1]
    return [t(key, **values)
            for key, values in narrate(states[-2], parse_step(step), states[-1])]


@pytest.mark.parametrize(("steps", "expected"), [
    ("employ", ["Ann employs a marker: stock to Lisboa."]),
    ("end\nend\nspeed", ["Cy raises ship speed to 2."]),
    ("tech map", ["Ann acquires Map for 2."]),
    ("move L-1\ndone\nbuild 1b2", ["Ann builds the church at 1."]),
    ("move L-1\ncargo 1g1\ndone\nsell 1g1",
     ["Ann sells 1 trade good of 1 type: +1 wealth, +0 VP."]),
    ("move L-1", ["Ann sails 1 ship."]),
    ("move", ["Ann makes a voyage but moves no ship."]),
    ("move L-1\ncargo 1g2", ["Ann takes the coffee at 1 as trade good."]),
    ("move L-1\ndone", ["Ann ends the voyage."]),
    ("move L-1\ndone\nreturn 1", ["Ann brings a ship home from sea 1."]),
    ("move L-1\ncargo 1g1\nreturn 1g1", ["Ann returns the gold at 1 to Lisboa."]),
    ("end\nend\nreturn banker", ["Cy returns a banker holding 3 wealth."]),
    ("end", ["Ann ends the turn with 2 action points unused."]),
    ("employ\nemploy\nend", ["Ann ends the turn."]),
])
def test_each_kind_of_step(steps: str, expected: list[str]) -> None:
    assert last_sentences(steps) == expected


def test_discovery_and_lost_vp() -> None:
    steps = ("move L-1\ndone\nend\nend\nend\nmove 1-2\ndone\nend\nend\nend\n"
             "move 2-3\ndone\nend\nend\nend\nmove 3-4")
    assert last_sentences(steps) == ["Ann sails 1 ship and discovers the town at 4: +0 VP.",
                                     "(1 VP lost: no marker on Lisboa to hold it.)"]
    steps = "employ\n" + steps.replace("move 3-4", "move 3-4")
    assert last_sentences(steps)[0] == "Ann sails 1 ship and discovers the town at 4: +1 VP."


def test_every_key_has_english_text() -> None:
    assert all(key.startswith("log.") and text for key, text in LOG_TEXT_EN.items())
