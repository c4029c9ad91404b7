""""Since you left": the steps the others played, summed up per player from the
states they changed (a golden game cut at several points), said in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.record import parse_record, replay_states
from game.steps import Step, parse_step
from scenes.text.catalog import set_language, t
from scenes.text.since import since_you_left

GOLDEN = Path(__file__).parent / "golden" / "four-players.txt"


def _game() -> tuple[list, list[Step]]:
    record = parse_record(GOLDEN.read_text("utf-8"))
    return replay_states(record), [parse_step(text) for text in record.step_texts()]


def _said(sentences: list) -> list[str]:
    return [t(key, **values) for key, values in sentences]


def test_nothing_to_say_without_steps() -> None:
    states, _ = _game()
    assert since_you_left(states[5], []) == []


def test_a_stretch_of_the_game_sums_up_what_each_player_did() -> None:
    states, steps = _game()
    # From some turn on to a later one: every voyage, discovery, sale and building counted.
    start, stop = 20, 90
    summary = since_you_left(states[start], steps[start:stop])
    keys = [k for k, _ in summary]
    assert keys[0] == "since.turns"
    assert summary[0][1]["count"] == sum(s.kind == "end" for s in steps[start:stop])
    voyages = sum(v["count"] for k, v in summary if k == "since.voyages")
    assert voyages == sum(s.kind == "move" for s in steps[start:stop])
    found = states[stop - 1].revealed - states[start].revealed
    assert sum(k in ("since.discovered", "since.india") for k in keys) == found
    built = sum(v["count"] for k, v in summary if k == "since.built")
    assert built == sum(s.kind == "build" for s in steps[start:stop])
    sold = [v for k, v in summary if k == "since.sold"]
    assert sum(v["count"] for v in sold) == sum(len(s.args) for s in steps[start:stop]
                                               if s.kind == "sell")
    # Each player named in the order they first played from there.
    order = []
    for st in states[start:stop]:
        if st.names[st.active] not in order:
            order.append(st.names[st.active])
    named = []
    for _, v in summary[1:]:
        if "name" in v and v["name"] not in named:
            named.append(v["name"])
    assert named == order


def test_the_end_of_the_game_is_said() -> None:
    states, steps = _game()
    summary = since_you_left(states[-12], steps[-11:])
    assert summary[-1] == ("since.over", {})


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_sentence_is_said_in_each_language(lang: str) -> None:
    states, steps = _game()
    try:
        set_language(lang)
        said = _said(since_you_left(states[0], steps))
    finally:
        set_language("en")
    assert said and all("{" not in s and "since." not in s for s in said)
    if lang != "en":
        english = _said(since_you_left(states[0], steps))
        assert said[0] != english[0]
