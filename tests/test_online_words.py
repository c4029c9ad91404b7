"""The server says no in sentences the client says in the player's language."""

from __future__ import annotations

import json

import pytest

from game.steps import parse_step
from online import protocol as p
from online.engine import Refused, judge, name_problem, start
from online.inbound import Unreadable, decode_server
from online.words import (
    MAX_SAID_VALUE,
    SERVER_TEXT,
    Phrase,
    Said,
    english,
    said_from_json,
    said_of,
    said_to_json,
)
from scenes.text.catalog import set_language, t


def _answer(data: dict, kind: str = "error") -> object:
    """A server's answer as the client reads it: through the protocol module."""
    return decode_server(json.dumps({"v": p.VERSION, "type": kind, **data}))


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


def test_a_servers_no_reads_in_french(french) -> None:
    answer = Said("server.step_number", {"at": 4, "number": 2}).answer("refused")
    assert answer["reason"] == "The table is at step 4, not 2."
    said = said_of(_answer({**answer, "table": "t", "number": 2, "step": "end"}, "refused"))
    assert said == Phrase("server.step_number", {"at": 4, "number": 2})
    assert t(said.key, **said.values) == "La table en est au coup 4, pas 2."


def test_an_engine_refusal_keeps_its_key_and_reads_in_french(french) -> None:
    state = start(["Ann", "Bob", "Cy"], ["T01", "T02", "T03", "T04", "T05", "T06", "T07",
                                         "T08", "T09", "T10", "T11", "T12"], "standard")
    with pytest.raises(Refused) as caught:
        judge(state, "build xyz")
    answer = caught.value.answer("refused")
    said = said_of(_answer({**answer, "table": "t", "number": 0, "step": "build xyz"},
                           "refused"))
    assert isinstance(said, Phrase) and said.key.startswith("reason.")
    assert english(said) == answer["reason"]
    french_words = t(said.key, **said.values)
    assert french_words and french_words != answer["reason"]
    taken = name_problem("ann", ["Ann"])
    assert taken is not None and t(taken.key, **taken.values).startswith("Quelqu’un")


def test_what_the_client_does_not_know_is_said_as_the_server_wrote_it() -> None:
    def said(values: object, key: str = "server.name_taken", reason: str = "Odd.") -> object:
        return said_of(_answer({"reason": reason, "said": {"key": key, "values": values}}))

    assert said({}, "server.newer", "New words.") == "New words."
    assert said({"name": [1]}) == "Odd."
    assert said({"name": {"key": "server.full", "values": {}}}) == "Odd."
    assert said({}) == "Odd."  # a value the sentence names is missing: no raw template
    assert said({"name": True}) == "Odd."
    assert said({}, "server.step_number", "x" * 900) == "x" * 199 + "…"  # one line, cut
    assert said({}, "server.newer", "two\nlines") == "two lines"
    assert said({}, "server.newer", "") == Phrase("online.unreadable_answer", {})
    assert said({"name": "x" * 500}).values["name"] == "x" * (MAX_SAID_VALUE - 1) + "…"
    assert said({"tech": "warp-drive", "cost": 3, "have": 1}, "reason.cost_tech") == "Odd."
    assert isinstance(_answer({"reason": "Not a dict.", "said": "server.full"}), Unreadable)
    assert isinstance(_answer({"reason": {"a": 1}, "said": {"key": "k", "values": {}}}),
                      Unreadable)


def test_every_server_sentence_has_french_and_italian(french) -> None:
    for code in ("fr", "it"):
        set_language(code)
        for key in SERVER_TEXT:
            values = {"version": 1, "name": "'x'", "known": "a, b", "limit": 200, "at": 3,
                      "number": 2}
            assert t(key, **values) != english(Phrase(key, values)), (code, key)



def test_clocks_and_their_settings_in_words() -> None:
    from scenes.table.clocks import clock_setting, clock_text

    assert [clock_text(s) for s in (1172.4, 59, 3849, 2 * 86_400 + 5 * 3_600 + 7, -3)] == \
        ["19:32", "0:59", "1:04:09", "2 d 5 h", "0:00"]
    assert clock_setting({"budget": 1200, "bonus": 20}) == "20 min each, +20 s a turn"
    assert clock_setting({"budget": 259_200, "bonus": 86_400}) == "3 days each, +1 day a turn"
    assert clock_setting(None) is None and clock_setting({"budget": "x"}) is None
    set_language("fr")
    try:
        assert clock_text(2 * 86_400 + 3_600) == "2\u00a0j 1\u00a0h"
        assert clock_setting({"budget": 259_200, "bonus": 86_400}) == \
            "3\u00a0jours chacun, +1\u00a0jour par tour"
    finally:
        set_language("en")


def test_every_step_of_a_game_is_kept_and_said_again_as_its_log_says_it() -> None:
    """My online games keep a table's last step as a sentence with no language yet; read
    back from the file, it reads as the log's line, in every language, nothing left
    unsaid."""
    import json
    from pathlib import Path

    from game.record import parse_record, read_record_text, replay_states
    from scenes.text.narrate import narrate, step_phrase

    record = parse_record(read_record_text(Path(__file__).parent / "golden" /
                                           "four-players.txt"))
    states = replay_states(record)
    steps = record.step_texts()
    for code in ("en", "fr", "it"):
        set_language(code)
        try:
            for i, step in enumerate(steps):
                said = step_phrase(states[i], parse_step(step), states[i + 1])
                kept = said_from_json(json.loads(json.dumps(said_to_json(said))))
                assert kept is not None
                words = t("online.games.last", step=kept)
                key, values = narrate(states[i], parse_step(step), states[i + 1])[0]
                assert t(key, **values) in words and "{" not in words, (code, step, words)
        finally:
            set_language("en")
    assert said_from_json({"key": "log.end", "values": {"name": [1]}}) is None
    assert said_from_json({"key": 3, "values": {}}) is None
