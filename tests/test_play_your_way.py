"""Play it your way (issue 35): a whole turn by clicks alone, a still table with
Animations Off, and keys of the player's choosing.

Clicks: a click on a marker picks it up (its targets lit, the marker following the
pointer with no button held), a click on a lit target drops it, a right click, Esc or a
click on its own place puts it back; a click anywhere else says why not and keeps it.
Still: with Animations Off nothing on the table moves unless the player acts. Keys:
every action re-bindable, a clash refused in one sentence, the choice kept with the
settings (a new window reads it), named in the rules' Keys page and the tooltips.
"""

from __future__ import annotations

import json

import pygame
import pytest
from tablehelp import table_at

from scenes.core import keymap
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.navigator import Screen
from scenes.core.saves import load_settings, settings_path
from scenes.main import make_app
from scenes.screens.keys import KeysOverlay
from scenes.selftest.gestures import Hand
from scenes.table.tooltips import button_lines
from scenes.text.catalog import t

#: Ann has the gold at town 1 aboard and a marker on Lisboa: her turn can sail, load,
#: and sell two types.
BEFORE_A_SALE = ["move L-1", "cargo 1g1", "done", "employ", "end", "end", "end"]


@pytest.fixture(autouse=True)
def _default_keys() -> None:
    keymap.KEYS.reset()
    yield
    keymap.KEYS.reset()


def _no_motion_while_held(hand: Hand) -> None:
    down = False
    for event in hand.posted:
        if event.type == pygame.MOUSEBUTTONDOWN:
            down = True
        elif event.type == pygame.MOUSEBUTTONUP:
            down = False
        elif event.type == pygame.MOUSEMOTION:
            assert not down and event.buttons == (0, 0, 0), "the pointer moved with a button down"


# ----- click to pick up, click to drop ---------------------------------------------------
def test_a_whole_turn_voyage_and_sale_by_clicks_alone(app: App) -> None:
    hand = table_at(app, BEFORE_A_SALE)
    hand = Hand(app, clicks=True)
    session = hand.table.session
    for step in ("move L-1", "cargo 1g2", "done", "sell 1g1 1g2", "end"):
        hand.play(step)
    assert session.steps[len(BEFORE_A_SALE):] == ["move L-1", "cargo 1g2", "done",
                                                   "sell 1g1 1g2", "end"]
    st = session.state
    assert st.active == 1 and st.owner(("g", 1, 1)) is None  # sold, and Bob to play
    _no_motion_while_held(hand)
    assert sum(e.type == pygame.MOUSEBUTTONDOWN for e in hand.posted) >= 10


def test_a_click_keeps_the_marker_in_the_hand_until_the_next_click(app: App) -> None:
    hand = table_at(app, [])
    table = hand.table
    hand = Hand(app, clicks=True)
    hand.click(hand.at(Z.stock(0)))
    assert table.drag.holding and table.view.lit == {Z.lisboa()}
    assert table.view.status == t("status.pick.click")
    hand.post(pygame.MOUSEMOTION, (900, 300))
    hand.frames()
    assert table.drag.held is not None and table.drag.held.pos == (900, 300)  # it follows
    hand.click(hand.at(Z.sea(3)))  # not a lit place: why not, and still in the hand
    assert table.drag.holding and table.session.steps == []
    assert table.view.status.startswith(t("status.nowhere.held")[:12])
    hand.click(hand.at(Z.lisboa(0)))
    assert not table.drag.holding and table.session.steps == ["employ"]
    _no_motion_while_held(hand)


@pytest.mark.parametrize("how", ["right click", "escape", "its own place"])
def test_a_marker_picked_up_by_a_click_is_put_back(app: App, how: str) -> None:
    hand = table_at(app, [])
    table = hand.table
    hand = Hand(app, clicks=True)
    hand.click(hand.at(Z.stock(0)))
    assert table.drag.holding
    hand.post(pygame.MOUSEMOTION, (900, 300))
    if how == "right click":
        hand.click((900, 300), button=3)
    elif how == "escape":
        hand.key(pygame.K_ESCAPE)
    else:
        hand.click(hand.at(Z.stock(0)))
    assert not table.drag.holding and table.view.lit == set()
    assert table.session.steps == [] and app.stack.top is table  # no menu opened


def test_a_click_on_another_marker_takes_that_one_and_a_drag_still_drops(app: App) -> None:
    hand = table_at(app, ["employ", "end", "end", "end"])
    table = hand.table
    hand.click(hand.at(Z.stock(0)))
    assert table.drag.held is not None and table.drag.held.piece[0] == "stock"
    hand.click(hand.at(Z.speed(0, 1)))
    assert table.drag.held is not None and table.drag.held.piece[0] == "builder"
    hand.key(pygame.K_ESCAPE)
    hand.drag(hand.at(Z.stock(0)), hand.at(Z.lisboa(0)))  # dragging as ever
    assert table.session.steps[-1] == "employ" and not table.drag.holding


# ----- a still table ----------------------------------------------------------------------
def _frame(app: App) -> bytes:
    return pygame.image.tobytes(app.canvas.surface, "RGB")


def test_with_animations_off_the_table_stands_still(app: App) -> None:
    """A marker held (its targets lit, the halo around them) and a banner up: two frames
    0.7 s apart are the same picture; with animations on, the halo breathes."""
    hand = table_at(app, ["employ", "end", "end", "end"], speed="off")
    hand = Hand(app, dt=0.1)
    table = hand.table
    hand.click(hand.at(Z.stock(0)))  # in the hand: lit targets
    assert table.view.lit
    hand.frames(10)
    first = _frame(app)
    hand.frames(7)  # 0.7 s
    assert _frame(app) == first, "nothing moves on a still table"
    app.settings.anim_speed = "normal"
    hand.frames(1)
    first = _frame(app)
    hand.frames(7)
    assert _frame(app) != first, "the halo breathes when animations play"


def test_a_banner_stays_whole_on_a_still_table_until_the_player_acts(app: App) -> None:
    from scenes.table.banners import FADE_IN, STAY, Banner

    hand = table_at(app, [], speed="off")
    table = hand.table
    table.banners.items.append(Banner(("banner.final", {}), [], None, (960, 540)))
    hand = Hand(app, dt=0.5)
    hand.frames(int((FADE_IN + STAY) / 0.5) + 6)  # past when it would have faded
    assert [b.alpha for b in table.banners.shown] == [255]
    hand.key(pygame.K_h)  # the player acts: it has been read
    assert table.banners.shown == []


def test_settings_say_what_animations_off_does_for_motion(app: App) -> None:
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.SETTINGS)
    Hand(app).frames(2)
    assert "motion" in t("settings.anim.motion").lower()
    assert app.stack.top.motion_note.w > 0  # type: ignore[union-attr]


# ----- keys of the player's choosing ---------------------------------------------------
def _keys_overlay(app: App) -> tuple[Hand, KeysOverlay]:
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.SETTINGS)
    hand.frames(2)
    hand.click(app.stack.top.keys_button.rect.center)  # type: ignore[union-attr]
    overlay = hand.top()
    assert isinstance(overlay, KeysOverlay)
    return hand, overlay


def test_settings_list_every_action_with_its_key(app) -> None:
    _, overlay = _keys_overlay(app)
    assert list(overlay.buttons) == [a.id for a in keymap.ACTIONS]
    assert overlay._label("hint") == "H" and overlay._label("log_older") == "Page Up"


def test_a_key_rebound_by_keys_alone_works_at_the_table_and_survives_a_restart(app) -> None:
    hand, overlay = _keys_overlay(app)
    hand.key(pygame.K_TAB)  # the ring shows, on the first action
    for _ in range([a.id for a in keymap.ACTIONS].index("hint")):
        hand.key(pygame.K_TAB)
    assert overlay.focus.key == "hint"
    hand.key(pygame.K_RETURN)
    assert overlay.choosing == "hint" and overlay._label("hint") == "…"
    hand.key(pygame.K_q)
    assert overlay.choosing is None and keymap.key_of("hint") == pygame.K_q
    key, values, refused = overlay.said  # type: ignore[misc]
    assert t(key, **values) == "“Hint”: Q." and not refused
    saved = json.loads(settings_path().read_text("utf-8"))
    assert saved["keys"] == {"hint": "q"}
    # a new window (the game started again) reads it: Q is the hint, H is nothing now
    keymap.KEYS.reset()
    settings, _ = load_settings()
    app = make_app(settings=settings)
    assert keymap.key_of("hint") == pygame.K_q
    hand = table_at(app, [])
    table = hand.table
    hand.key(pygame.K_h)
    assert table.view.lit == set()
    hand.key(pygame.K_q)
    assert table.view.lit, "the hint lights its move"
    assert table.view.status.startswith(t("status.hint", sentence="")[:5])
    lines = button_lines(table.state, table.actions.facts(), Z.button("hint"))
    assert lines[-1] == "Key: Q."


def test_a_clash_is_refused_in_one_sentence_and_esc_keeps_the_key(app) -> None:
    hand, overlay = _keys_overlay(app)
    hand.click(overlay.buttons["hint"].rect.center)
    hand.key(pygame.K_s)  # Set sail's
    assert keymap.key_of("hint") == pygame.K_h
    key, values, refused = overlay.said  # type: ignore[misc]
    said = t(key, **values)
    assert refused and said == ("S is already the key for “Set sail or Sell”: give that "
                                "action another key first.")
    assert said.count(".") == 1  # one sentence
    hand.click(overlay.buttons["hint"].rect.center)
    hand.key(pygame.K_RETURN)
    assert keymap.key_of("hint") == pygame.K_h and overlay.said[2]  # type: ignore[index]
    hand.click(overlay.buttons["hint"].rect.center)
    hand.key(pygame.K_ESCAPE)  # keeps H, and the overlay stays open
    assert keymap.key_of("hint") == pygame.K_h and hand.top() is overlay
    # the review's arrows are not the table's: ← may step back in a review and move
    # the focus elsewhere, but a table action cannot take it
    assert keymap.KEYS.refusal("step_back", pygame.K_PAGEDOWN) is not None
    assert keymap.KEYS.refusal("hint", pygame.K_LEFT) is not None
    assert keymap.KEYS.refusal("step_back", pygame.K_h) is None


def test_swapped_keys_and_the_rules_keys_page_follow_the_choice(app: App) -> None:
    from scenes.screens.rules import page_blocks

    keys = keymap.KEYS
    assert keys.bind("sail", pygame.K_x) is None
    assert keys.bind("done", pygame.K_s) is None  # S given away, now Done's
    assert keys.bind("sail", pygame.K_d) is None  # and D to Set sail
    rows = {what: names for kind, (names, what) in
            ((k, v) for k, v in page_blocks("keys") if k == "key")}
    assert rows[t("rules.keys.sail.do")] == "D"
    assert rows[t("rules.keys.buttons.do")] == "S · E · U"
    hand = table_at(app, ["move L-1", "done"])
    table = hand.table
    hand.key(pygame.K_s)  # now Done: nothing to close, said so
    assert table.view.status == t("status.key.done_not_now")
    hand.drag(hand.at(Z.ship(1, 0)), hand.at(Z.sea(2)))
    before = len(table.session.steps)
    hand.key(pygame.K_d)  # now Set sail
    assert len(table.session.steps) == before + 1
    assert button_lines(table.state, table.actions.facts(), Z.button("sail"))[-1] == (
        "Key: D, or Enter while no focus ring shows.")


def test_typing_a_name_is_never_taken_for_a_key(app: App) -> None:
    keymap.KEYS.bind("focus_next", pygame.K_q)
    app.navigator.start(Screen.SETUP)
    hand = Hand(app)
    hand.frames(2)
    setup = hand.top()
    field = setup.names[0]  # type: ignore[attr-defined]
    hand.click(field.rect.center)
    assert field.focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="q"))
    hand.frames()
    assert field.focused and field.value.endswith("q")


def test_the_reviews_keys_are_its_own_to_change(app: App) -> None:
    """The review's step keys are the arrows; given other keys, those step, the
    arrows do nothing there, and its tooltips name the new keys."""
    from pathlib import Path

    from game.record import read_record_file
    from scenes.core.session import Session

    assert keymap.KEYS.bind("step_back", pygame.K_a) is None
    assert keymap.KEYS.bind("step_on", pygame.K_LEFT) is None  # the arrow, re-used
    session = Session.from_record(read_record_file(
        Path(__file__).parent / "golden" / "four-players.txt"))
    app.navigator.start(Screen.REVIEW, session=session, at=10)
    hand = Hand(app)
    review = hand.top()
    hand.key(pygame.K_a)
    assert review.index == 9  # type: ignore[attr-defined]
    hand.key(pygame.K_LEFT)
    hand.key(pygame.K_LEFT)
    assert review.index == 11  # type: ignore[attr-defined]
    hand.key(pygame.K_RIGHT)  # given away: nothing
    assert review.index == 11  # type: ignore[attr-defined]
    back = next(icon for icon in review.icons if icon.icon == "back")  # type: ignore[attr-defined]
    review.viewer.pointer = back.rect.center  # type: ignore[attr-defined]
    assert review._tooltip_lines()[1] == "One step back (A)."  # type: ignore[attr-defined]


def test_a_trembling_click_still_picks_up_and_a_drag_back_puts_back(app: App) -> None:
    """A press and release that wandered a little over the marker is a click; a drag
    that went away and came back to the marker's place puts it back, as it always did."""
    hand = table_at(app, [])
    table = hand.table
    start = hand.at(Z.stock(0))
    hand.post(pygame.MOUSEMOTION, start)
    hand.post(pygame.MOUSEBUTTONDOWN, start)
    hand.post(pygame.MOUSEMOTION, (start[0] + 20, start[1] + 6))
    hand.post(pygame.MOUSEMOTION, (start[0] - 8, start[1] - 10))
    hand.post(pygame.MOUSEBUTTONUP, (start[0] + 5, start[1]))
    hand.frames()
    assert table.drag.holding, "a trembling click keeps the marker in the hand"
    hand.key(pygame.K_ESCAPE)
    hand.post(pygame.MOUSEBUTTONDOWN, start)
    hand.post(pygame.MOUSEMOTION, (900, 300))
    hand.post(pygame.MOUSEMOTION, start)
    hand.post(pygame.MOUSEBUTTONUP, start)
    hand.frames()
    assert not table.drag.holding and table.session.steps == []
