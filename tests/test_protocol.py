"""The protocol module, the one JSON edge: requests read with their types and ranges,
what is refused and how, messages written with finite numbers only; and the document
that describes it names every message type and every server sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from online import protocol as p
from online.words import SERVER_TEXT

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")


def _read(**fields: object) -> object:
    return p.decode_request(json.dumps({"v": p.VERSION, **fields}))


def test_a_request_is_a_typed_value() -> None:
    msg = _read(type="create", players=4, clock={"budget": 600, "bonus": 5}, id="a")
    assert msg == p.Create(id="a", players=4, clock=p.Clock(budget=600.0, bonus=5.0))
    assert isinstance(msg.clock.budget, float) and msg.away_limit == p.DEFAULT_AWAY
    assert _read(type="step", table="t", seat=2, token="x", number=7, step="end", id=9) == \
        p.Step(id=9, table="t", seat=2, token="x", number=7, step="end")
    assert _read(type="list", extra="ignored") == p.List()


@pytest.mark.parametrize(("fields", "key"), [
    ({"type": "create", "players": True}, "server.field_type"),
    ({"type": "create", "players": 3.5}, "server.field_type"),
    ({"type": "create", "players": 5}, "server.players"),
    ({"type": "create", "players": 3, "away_limit": -1}, "server.field_range"),
    ({"type": "create", "players": 3, "away_limit": 10**9}, "server.field_range"),
    ({"type": "create", "players": 3, "away_limit": True}, "server.field_type"),
    ({"type": "create", "players": 3, "clock": {"budget": 0}}, "server.clock"),
    ({"type": "create", "players": 3, "clock": {"bonus": 1}}, "server.clock"),
    ({"type": "create", "players": 3, "clock": 5}, "server.clock"),
    ({"type": "create", "players": 3, "private": 1}, "server.field_type"),
    ({"type": "create", "players": 3, "variant": "chess"}, "server.variant"),
    ({"type": "step", "table": "t", "seat": 4, "token": "x", "number": 0, "step": "end"},
     "server.field_range"),
    ({"type": "step", "table": "t", "seat": 0, "token": "x", "number": -1, "step": "end"},
     "server.field_range"),
    ({"type": "step", "table": "t", "seat": 0, "token": "x", "number": 0, "step": "e" * 1001},
     "server.step_long"),
    ({"type": "step", "table": "", "seat": 0, "token": "x", "number": 0, "step": "end"},
     "server.field_length"),
    ({"type": "computer", "table": "t", "seat": 0, "token": "x", "level": "god"},
     "server.level"),
    ({"type": "sit"}, "server.field_missing"),
    ({"type": "dance"}, "server.unknown_type"),
    ({"type": 7}, "server.unknown_type"),
])
def test_what_a_request_may_not_be(fields: dict, key: str) -> None:
    refused = _read(**fields, id=3)
    assert isinstance(refused, p.Refusal) and refused.key == key, refused
    assert refused.id == 3 and refused.close is None


@pytest.mark.parametrize("text", ['{"v": true, "type": "list"}', '{"v": 2.0, "type": "list"}',
                                  '{"v": "2", "type": "list"}', '{"type": "list"}',
                                  '{"v": 1, "type": "list", "id": 4}'])
def test_another_version_closes_and_reads_nothing_else(text: str) -> None:
    refused = p.decode_request(text)
    assert refused == p.Refusal("server.version", {"version": p.VERSION}, None, p.Close.VERSION)


def test_nesting_is_counted_before_parsing() -> None:
    deep = "[" * 20_000 + "]" * 20_000
    assert p.too_deep(deep)
    assert p.decode_request(deep).key == "server.too_deep"
    # brackets inside a string are words, not nesting
    assert not p.too_deep(json.dumps({"text": "[" * 500}))
    assert p.decode_request(json.dumps({"v": p.VERSION, "type": "list",
                                        "x": [[[[[[[[1]]]]]]]]})).key == "server.too_deep"
    assert isinstance(p.decode_request(json.dumps({"v": p.VERSION, "type": "list",
                                                   "x": [[[[[[[1]]]]]]]})), p.List)


def test_non_finite_numbers_never_come_in_nor_go_out() -> None:
    assert p.decode_request('{"v": 2, "type": "create", "players": NaN}').key == \
        "server.not_json"
    assert p.decode_request('{"v": 2, "type": "create", "players": 3, '
                            '"away_limit": 1e400}').key == "server.field_range"
    with pytest.raises(ValueError):
        p.encode(p.Tables(tables=[{"clock": float("inf")}]))
    assert json.loads(p.encode(p.Created(table="t", where="", id=1))) == {
        "v": p.VERSION, "type": "created", "table": "t", "where": "", "id": 1}


def test_a_view_says_null_for_what_it_has_not_and_leaves_out_the_rest() -> None:
    out = json.loads(p.encode(p.View(table="t", status="open", options={}, seats=[])))
    assert out == {"v": p.VERSION, "type": "view", "table": "t", "status": "open",
                   "options": {}, "seats": [], "clocks": None, "seat": None}


def _server_keys_in_code() -> set[str]:
    found: set[str] = set(SERVER_TEXT)
    for path in (ROOT / "online").glob("*.py"):
        found |= set(re.findall(r'"(server\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


def test_the_document_names_every_message_type_and_server_sentence() -> None:
    missing = [f"`{t}`" for t in (*p.REQUESTS, *p.SERVER_MESSAGES) if f"`{t}`" not in DOC]
    missing += [k for k in sorted(_server_keys_in_code()) if f"`{k}`" not in DOC]
    assert not missing, missing
    assert f"version {p.VERSION}" in DOC and f'"v": {p.VERSION}' in DOC
    for code in p.Close:
        assert f"| {int(code)} |" in DOC, code
    # and it names no sentence the code does not have
    named = set(re.findall(r"`(server\.[a-z_]+)`", DOC))
    assert named <= _server_keys_in_code(), named - _server_keys_in_code()
