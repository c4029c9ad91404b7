"""Every word reads (issue 35): each text at least 4.5:1 against what is behind it, a
disabled label at least 3:1, on every screen, in both palettes, measured from the
screens as drawn (``scenes.selftest.contrast``: each screen drawn with and without its
words, each word's ink against what lies behind its letters).

The screens are drawn at 1280x720, where letters are smallest and thinnest (their ink
shows least); a screen under an overlay is veiled on purpose, so only the top one's
words are read.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.record import read_record_file
from game.steps import parse_step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.navigator import Screen
from scenes.core.saves import Settings
from scenes.core.session import Session
from scenes.main import make_app
from scenes.selftest import contrast
from scenes.selftest.gestures import Hand
from scenes.table.banners import banners_for
from scenes.table.chat import ChatBox
from scenes.table.scene import TableScene
from scenes.ui import palette as P
from scenes.ui.overlays import Confirm, Handoff
from scenes.ui.tooltip import DELAY

GOLDEN = Path(__file__).parent / "golden"
PALETTES = ("classic", "colorblind")


@pytest.fixture(params=PALETTES)
def hand(request: pytest.FixtureRequest) -> Iterator[Hand]:
    app = make_app(window=(1280, 720),
                   settings=Settings(palette=request.param, anim_speed="off"))
    yield Hand(app)
    gfx.set_scale(1.0, 1.0)


class Audit:
    """The screens read so far, and every word under its floor on them."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.failures: list[str] = []
        self.read = 0

    def __call__(self, name: str) -> None:
        readings = contrast.read(self.hand.app)
        assert readings, f"{name}: no words found (the audit sees nothing)"
        self.read += len(readings)
        self.failures += [f"{name} ({self.hand.app.settings.palette}): {r}"
                          for r in contrast.weakest(readings)]

    def check(self) -> None:
        assert not self.failures, "\n".join(self.failures[:40])


def _session(name: str, upto: float | None = None, before: str | None = None) -> Session:
    """A game of a golden record played up to a share of its steps, or up to the first
    step that starts with ``before``."""
    record = read_record_file(GOLDEN / name)
    steps = [step for _, step in record.steps]
    session = Session(record.names, record.towns, record.variant)
    for i, step in enumerate(steps):
        if (upto is not None and i >= int(len(steps) * upto)) or (
                before is not None and step.startswith(before)):
            break
        assert session.submit(parse_step(step)).ok
    return session


def _table(hand: Hand, session: Session) -> TableScene:
    hand.app.start(TableScene(session))
    hand.frames(3)
    return hand.table


def _over(hand: Hand, scene: object, audit: Audit, name: str, frames: int = 3) -> None:
    """An overlay over the table, read, then closed."""
    hand.app.stack.push(scene)  # type: ignore[arg-type]
    hand.frames(frames)
    audit(name)
    hand.app.stack.pop()
    hand.frames(1)


def test_the_menus_read(hand: Hand) -> None:
    """Title (no game yet: Continue disabled), settings and their keys, setup for three
    (a colour not in play), the record list, Play online."""
    from gamefiles import write_game

    from scenes.core.saves import records_dir

    audit = Audit(hand)
    app = hand.app
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    audit("title")
    app.navigator.open(Screen.SETTINGS)
    hand.frames(2)
    audit("settings")
    app.navigator.open(Screen.KEYS)
    hand.frames(2)
    hand.click(hand.top().buttons["hint"].rect.center)  # type: ignore[attr-defined]
    hand.key(pygame.K_s)  # refused: the sentence in the alert's red
    audit("settings, keys")
    app.navigator.start(Screen.SETUP)
    hand.frames(2)
    hand.top().set_players("3")  # type: ignore[attr-defined]
    hand.frames(2)
    audit("setup")
    records_dir().mkdir(parents=True, exist_ok=True)
    (records_dir() / "sail-to-india-2025-01-01-1200.txt").write_bytes(
        (GOLDEN / "four-players.txt").read_bytes())
    write_game((GOLDEN / "four-players.txt").read_text("utf-8"))
    for screen in (Screen.LOAD_RECORD, Screen.CONTINUE):
        app.navigator.start(Screen.TITLE)
        app.navigator.open(screen)
        job = getattr(hand.top(), "opening", None)
        if job is not None:
            job.wait(60)
        hand.frames(4)
        audit(str(screen))
    app.navigator.start(Screen.ONLINE)
    hand.frames(3)
    audit("play online")
    audit.check()


def test_the_table_and_its_overlays_read(hand: Hand) -> None:
    """A four-player table (the disabled buttons, the boards' numbers, the ribbon),
    with a marker held, a tooltip, the log unfolded, a card seen large, the questions,
    the hand-off, the chat line, the pause menu and every rules page."""
    audit = Audit(hand)
    table = _table(hand, _session("four-players.txt", upto=0.6))
    audit("table")
    st = table.state
    hand.post(pygame.MOUSEMOTION, hand.at(Z.button("sail")))
    hand.frames(1)
    table.viewer.rest = DELAY  # the pointer has rested: its tooltip shows
    hand.frames(1)
    assert table.tooltip() and not table.input.tip_waits
    audit("table, a button's tooltip")
    hand.post(pygame.MOUSEBUTTONDOWN, hand.at(Z.stock(st.active)))
    hand.post(pygame.MOUSEMOTION, (900, 520))
    hand.frames(2)
    audit("table, a marker held")
    hand.key(pygame.K_ESCAPE)
    hand.click(table.logpanel.tabs()[0].center)
    audit("table, the log unfolded")
    hand.click(table.logpanel.tabs()[0].center)
    hand.click(hand.at(Z.tech("map")), button=3)
    audit("a card seen large")
    hand.key(pygame.K_ESCAPE)
    _over(hand, Confirm("?", lambda yes: None), audit, "a question")
    _over(hand, Handoff(st.active, st.names[st.active], final=True,
                        palette=hand.app.settings.palette), audit, "the hand-off", 20)
    _over(hand, ChatBox(lambda text: None), audit, "the chat line")
    hand.key(pygame.K_ESCAPE)
    hand.frames(2)
    audit("the pause menu")
    hand.key(pygame.K_ESCAPE)
    hand.app.navigator.open(Screen.RULES)
    for page in range(1, 7):
        hand.key(getattr(pygame, f"K_{page}"))
        audit(f"rules page {page}")
    audit.check()


def test_the_game_in_its_other_moments_reads(hand: Hand) -> None:
    """A three-player table near its end, a banner, a sale staged with the trading
    chart, the lesson with its panel, the scoring sheet and the review."""
    from scenes.table.lesson import lesson_session

    audit = Audit(hand)
    _table(hand, _session("three-players-first-game-ship-only.txt", upto=0.9))
    audit("three-player table")
    table = _table(hand, _session("four-players.txt", before="sell"))
    st = table.state
    good = next(("g", p, k) for p in range(1, st.size + 1) for k in (1, 2)
                if st.owner(("g", p, k)) == st.active)
    hand.post(pygame.MOUSEBUTTONDOWN, hand.at(Z.space(good)))
    hand.post(pygame.MOUSEMOTION, (900, 520))
    hand.frames(2)
    audit("a trade good held: the trading chart")
    hand.key(pygame.K_ESCAPE)
    whole = Session.from_record(read_record_file(GOLDEN / "four-players.txt"))
    banner = next(b for before, step, after in zip(whole.states, whole.steps,
                                                   whole.states[1:], strict=False)
                  for b in banners_for(before, parse_step(step), after, table.layout))
    banner.age = 1.0
    table.banners.items.append(banner)
    hand.frames(1)
    audit("a banner")
    _table(hand, lesson_session("Magdalena"))
    audit("the lesson")
    app = hand.app
    app.navigator.start(Screen.SCORING, session=Session.from_record(
        read_record_file(GOLDEN / "four-computers.txt")))
    hand.frames(3)
    hand.click((80, 80))  # the whole sheet at once
    audit("scoring")
    session = Session.from_record(read_record_file(GOLDEN / "four-players.txt"))
    app.navigator.start(Screen.REVIEW, session=session, at=len(session.steps) // 2)
    review = hand.top()
    review.adviser.wait()  # type: ignore[attr-defined]
    hand.frames(3)
    audit("review")
    audit.check()


@pytest.mark.timeout(120)
def test_the_waiting_room_reads(hand: Hand) -> None:
    from test_online_ui import _host_room

    audit = Audit(hand)
    _host_room(hand)
    hand.frames(2)
    audit("the waiting room")
    audit.check()


def test_the_audit_finds_a_faint_word_and_holds_a_disabled_label_to_three() -> None:
    """The measure itself: a word in the parchment's own shade fails; on a ground where
    it stands at 3.5:1, a disabled label passes and the same grey as text does not."""
    from scenes.core.scene import Scene
    from scenes.text.fonts import blit_text

    class Words(Scene):
        def __init__(self, ground: tuple[int, int, int], ink: tuple[int, int, int]) -> None:
            super().__init__()
            self.ground, self.ink = ground, ink

        def draw(self, surface: gfx.Canvas) -> None:
            surface.fill(self.ground)
            blit_text(surface, "Not now", (100, 100), size=30, color=self.ink)

    app: App = make_app(window=(1280, 720))
    app.start(Words(P.PARCHMENT, (200, 186, 150)))
    readings = contrast.read(app)
    assert readings and all(not r.ok and not r.disabled for r in readings)
    assert max(r.contrast for r in readings) < 1.6
    ground = next(c for c in ((v, v, v) for v in range(120, 256))
                  if contrast.ratio(c, P.DISABLED_INK) >= 3.5)
    app.start(Words(ground, P.DISABLED_INK))
    readings = contrast.read(app)
    assert readings and all(r.ok and r.disabled for r in readings)
    app.start(Words(ground, (P.DISABLED_INK[0] + 1, *P.DISABLED_INK[1:])))
    readings = contrast.read(app)
    assert readings and all(not r.ok and not r.disabled for r in readings)
    assert all(3.0 < r.contrast < 4.5 for r in readings)
    gfx.set_scale(1.0, 1.0)
