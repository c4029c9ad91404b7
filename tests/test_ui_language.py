"""The language is chosen in the settings, used at once, everywhere, and remembered."""

from __future__ import annotations

from pathlib import Path

import pygame
from tablehelp import read_done, table_at

from game.record import replay_states
from scenes.core.app import App
from scenes.core.saves import load_settings
from scenes.main import make_app, parse_args
from scenes.screens.settings import SettingsOverlay
from scenes.selftest.gestures import Hand
from scenes.text import catalog
from scenes.text.catalog import LANGUAGE_NAMES, LANGUAGES, t
from scenes.ui.overlays import PauseMenu


def test_switching_to_french_at_the_table_says_everything_again(app: App) -> None:
    hand = table_at(app, ["employ", "end"])
    table = hand.table
    english_status = table.view.status
    english_log = [line.text for line in table.logpanel.lines]
    hand.key(pygame.K_ESCAPE)
    menu = hand.top()
    assert isinstance(menu, PauseMenu)
    hand.click(next(b for b in menu.buttons if b.label == "pause.settings").rect.center)
    overlay = hand.top()
    assert isinstance(overlay, SettingsOverlay)
    assert [overlay.language.labels[i]() for i in range(3)] == [  # type: ignore[operator]
        LANGUAGE_NAMES[c] for c in LANGUAGES] == ["English", "Français", "Italiano"]
    try:
        hand.click(overlay.language.segment(LANGUAGES.index("fr")).center)
        assert catalog.language() == "fr"
        assert load_settings()[0].language == "fr", "remembered for the next run"
        hand.frames(2)  # the table under the overlay is drawn in French already
        assert table.view.status != english_status
        assert table.view.status == t("status.your_turn", name="Bob", count=2)
        french_log = [line.text for line in table.logpanel.lines]
        assert french_log != english_log and french_log[0] == t("log.employ", name="Ann")
        hand.click(overlay.close_button.rect.center)
        assert hand.top() is table
        # and the game goes on in French
        hand.drag(hand.at("stock_1"), hand.at("lisboa"))
        assert table.logpanel.lines[-1].text == t("log.employ", name="Bob")
    finally:
        catalog.set_language("en")


def test_a_run_in_italian_and_the_saved_choice() -> None:
    assert parse_args(["--lang", "it"]).lang == "it"
    try:
        make_app(lang="it")
        assert catalog.language() == "it" and t("title.new") != "New game"
    finally:
        catalog.set_language("en")


def test_why_a_record_cannot_be_opened_is_said_in_the_players_language(
        tmp_path: Path) -> None:
    from game.record import RecordError, parse_record, read_record_text
    from scenes.core.navigator import Screen
    from scenes.core.saves import games_dir
    from scenes.text.reasons import record_error_text

    broken = games_dir() / "2025-01-01-120000-abcdef.txt"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_bytes(b"\xff\xfe not a record")
    try:
        app = make_app(lang="fr")
        app.navigator.start(Screen.TITLE)
        app.navigator.open(Screen.CONTINUE)
        Hand(app).frames(2)
        listing = app.stack.top
        read_done(listing)
        Hand(app).frames(2)
        row = listing.row_text(broken)
        said = t("record.not_utf8", file=broken.name)
        assert said != f"{broken.name}: not a UTF-8 text file"
        assert said in row[1], row
        # a step refused inside a record: the line, the step and the engine's reason
        bad = tmp_path / "bad.txt"
        bad.write_text('[Players "Ann, Bob, Cy"]\n'
                       '[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\nmove L-3\n', "utf-8")
        record = parse_record(read_record_text(bad))
        try:
            replay_states(record)
        except RecordError as exc:
            text = record_error_text(exc.at("bad.txt"))
        assert text.startswith("bad.txt: ") and "3" in text
        assert t("reason.too_far", speed=1, dst=3, distance=3) in text
        assert "speed is 1" not in text
    finally:
        catalog.set_language("en")
