"""A variant is a concept: one place (``game.variants``) defines it, every other place
reads the registry. A variant made up here is registered there and nowhere else, and
without another change to the code the setup offers it and keeps it, a game under it is
saved and loaded, the rules play it by its switches, the online screen offers it and
the server accepts it and says it back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clienthelp import close_all, seated_table
from helpers import refused

from game.record import RecordError, parse_record, read_record_file, replay, write_record
from game.state import VARIANTS, State
from game.variants import STANDARD, Variant, label_of, register, rules_of, unregister, variants
from online import protocol
from online.inbound import decode_server
from scenes.core.games import list_games
from scenes.core.navigator import Screen
from scenes.core.saves import Settings, load_settings
from scenes.core.session import Session
from scenes.screens.lobby import entry_lines
from scenes.table.scene import TableScene
from scenes.text import catalog
from scenes.text.catalog import t

#: Built only from a ship, like ship-only-build, under a name and label of its own.
MADE_UP = Variant("made-up", "variant.made-up", build_from_land=False)
WORDS = "rules a test made up"


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch):
    """The made-up variant in the registry, its label in English (as ``catalog.ENGLISH``
    holds every label ``game.variants`` marks), for this test only."""
    register(MADE_UP)
    monkeypatch.setitem(catalog.ENGLISH, MADE_UP.label, WORDS)
    yield MADE_UP
    unregister(MADE_UP.name)


def test_the_registry_holds_the_standard_rules_first_and_ship_only_build() -> None:
    assert [v.name for v in variants()] == ["standard", "ship-only-build"] == list(VARIANTS)
    assert rules_of("standard").build_from_land and not rules_of("ship-only-build").build_from_land
    assert t(label_of("ship-only-build")) == "build only from a ship"
    assert label_of("from-a-newer-server") == label_of(STANDARD)  # said as standard rules
    with pytest.raises(ValueError):
        register(Variant("standard", "variant.standard"))
    with pytest.raises(ValueError):
        register(Variant("Two Words", "variant.x"))


def test_the_setup_offers_a_registered_variant_and_keeps_it(made_up, app, hand) -> None:
    app.navigator.start(Screen.SETUP)
    hand.frames(2)
    setup = hand.top()
    assert setup.variant.options == ["standard", "ship-only-build", "made-up"]
    hand.click(setup.variant.segment(2).center)
    assert setup.chosen()["variant"] == "made-up"
    hand.click(setup.start_button.rect.center)
    hand.until(lambda: any(isinstance(s, TableScene) for s in app.stack.scenes), seconds=5)
    assert hand.table.session.variant == "made-up"
    # the settings remember it, on disk too
    assert app.settings.variant == "made-up" and load_settings()[0].variant == "made-up"
    # the game's file says it, and opens under it
    saved = read_record_file(list_games()[0])
    assert saved.variant == "made-up" and ('Variant', 'made-up') in saved.tags
    assert Session.from_record(saved).state.variant == "made-up"


def test_a_record_under_a_registered_variant_reads_writes_and_plays_by_its_switches(
        made_up) -> None:
    text = write_record(["Ann", "Bob", "Cy"], ["T01", "T07", "T12", "T05", "T03", "T09",
                                               "T02", "T11", "T08"], ["employ"], "made-up")
    assert '[Variant "made-up"]' in text
    record = parse_record(text)
    assert record.variant == "made-up" and replay(record).variant == "made-up"
    assert parse_record(text.replace("made-up", "MADE-UP")).variant == "made-up"
    assert refused("""
        move L-1
        cargo 1g1
        done
        build 1b1 from 1g1
    """, variant="made-up") == "build 1b1 from 1g1: in these rules only a ship in the sea can build"
    assert State.from_dict(replay(record).to_dict()).variant == "made-up"


def test_a_variant_no_longer_registered_is_refused_in_a_record_and_forgotten_by_settings(
        ) -> None:
    with pytest.raises(RecordError, match=r"unknown \[Variant\] 'made-up' "
                                          r"\(known: standard, ship-only-build\)"):
        parse_record('[Players "Ann, Bob, Cy"]\n'
                     '[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n[Variant "made-up"]\n')
    assert Settings.from_json({"variant": "made-up"}).variant == STANDARD
    # a settings file from before variants had names kept one switch
    old = Settings.from_json({"ship_only_build": True})
    assert old.variant == "ship-only-build" and "ship_only_build" not in old.to_json()


def test_the_online_screen_offers_it_and_the_server_accepts_and_says_it(made_up, app, hand,
                                                                        server) -> None:
    app.navigator.start(Screen.ONLINE)
    hand.frames(2)
    online = hand.top()
    assert online.variant.options[-1] == "made-up"
    create = protocol.decode_request(json.dumps({"v": protocol.VERSION, "type": "create",
                                                 "players": 3, "variant": "made-up"}))
    assert isinstance(create, protocol.Create) and create.variant == "made-up"
    table, ms = seated_table(server, ["Ann", "Bob", "Cy"], variant="made-up")
    try:
        assert server.server.tables[table].state.variant == "made-up"
        view = ms[0].lobby.views[table]
        assert view.options.variant == "made-up"  # read back by the client's own check
    finally:
        close_all(ms)
    listed = decode_server(json.dumps({"v": protocol.VERSION, "type": "tables", "tables": [
        {"table": "t1", "players": 3, "variant": "made-up", "seats": [], "status": "open"}]}))
    assert WORDS in entry_lines(listed.tables[0])[2][0]


def test_each_label_is_translated() -> None:
    for code in ("fr", "it"):
        found = catalog.translations(code)
        for v in variants():
            english = catalog.ENGLISH[v.label]
            assert isinstance(english, str) and found.pgettext(v.label, english) != english


def test_a_variant_needs_no_other_file() -> None:
    """What docs/architecture.md says adding a variant takes: a variant's name is written
    in game/variants.py alone (and in the settings' reading of the one switch an older
    version kept, from before variants had names)."""
    root = Path(__file__).resolve().parent.parent
    places = sorted(str(p.relative_to(root)) for package in ("game", "online", "scenes")
                    for p in (root / package).rglob("*.py")
                    if '"ship-only-build"' in p.read_text("utf-8"))
    assert places == ["game/variants.py", "scenes/core/saves.py"]
