"""The text size: at 125 % and 150 % every text on every screen is drawn larger than
at 100 %, in a 1280x720 window as at 1920x1080 and 2560x1440, in English, French and
Italian; no font is ever under 12 real pixels and no text is cut or drawn past its box.

Each screen is drawn at 100 %, 125 % and 150 % with every picture drawn anew, and the
real pixel size each text was rendered at is recorded (``fonts.DRAWN.words``). A text
drawn at 100 % must be drawn larger at the larger sizes: as the same text, or (a line
broken elsewhere at a larger size, a word broken where its translation allows) word by
word. What may be left out at a larger size is said here, and only that: a technology
tile in a small window writes its name alone, larger (its effect is in its tooltip and
in the card seen large), the ship's log shows fewer of its lines (scrolled to), and the
text size's own choice shows the size chosen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.cards import CARDS
from game.record import read_record_file
from game.steps import parse_step
from scenes.core import gfx
from scenes.core.app import App
from scenes.core.navigator import Screen
from scenes.core.saves import Settings
from scenes.core.session import Session
from scenes.main import make_app
from scenes.selftest.gestures import Hand
from scenes.table.lesson import lesson_session
from scenes.table.scene import TableScene
from scenes.text import catalog
from scenes.text.fonts import DRAWN, MIN_PX, OVERFLOWS
from scenes.ui import cardart

GOLDEN = Path(__file__).parent / "golden"
SMALL, FULL_HD, QHD = (1280, 720), (1920, 1080), (2560, 1440)
Words = dict[tuple[str, str], int]


def _golden(name: str, share: float) -> Session:
    record = read_record_file(GOLDEN / name)
    session = Session(record.names, record.towns, record.variant)
    for _, step in record.steps[: int(len(record.steps) * share)]:
        assert session.submit(parse_step(step)).ok
    return session


def _table(app: App, hand: Hand) -> None:
    app.start(TableScene(_golden("four-players.txt", 0.6)))
    hand.frames(3)


def _table3(app: App, hand: Hand) -> None:
    app.start(TableScene(_golden("three-players-first-game-ship-only.txt", 0.9)))
    hand.frames(3)


def _lesson(app: App, hand: Hand) -> None:
    app.start(TableScene(lesson_session("Ann")))
    hand.frames(3)


def _review(app: App, hand: Hand) -> None:
    session = Session.from_record(read_record_file(GOLDEN / "four-players.txt"))
    app.navigator.start(Screen.REVIEW, session=session, at=len(session.steps) // 2)
    hand.frames(2)
    review = app.stack.top
    review.adviser.wait(60)  # type: ignore[union-attr]
    # its word, however soon it comes (not "thinking" in one run only): drawn anew
    assert DRAWN.words is not None
    DRAWN.words.clear()
    for forget in gfx._rescale_hooks:
        forget()
    cardart._forget_words()
    review.viewer.renderer.invalidate()  # type: ignore[union-attr]
    review.logpanel.sync(review.session)  # type: ignore[union-attr]
    hand.frames(2)


def _scoring(app: App, hand: Hand) -> None:
    session = Session.from_record(read_record_file(GOLDEN / "four-computers.txt"))
    app.navigator.start(Screen.SCORING, session=session)
    hand.frames(2)
    app.stack.top.count_all()  # type: ignore[union-attr]
    hand.frames(2)


def _menus(app: App, hand: Hand) -> None:
    """The title, its settings, the record list, Play online and every rules page."""
    app.navigator.start(Screen.TITLE)
    hand.frames(2)
    for screen in (Screen.SETTINGS, Screen.LOAD_RECORD, Screen.RULES):
        app.navigator.open(screen)
        hand.frames(2)
        if screen == Screen.RULES:
            for page in "12345":
                hand.key(getattr(pygame, f"K_{page}"))
        hand.key(pygame.K_ESCAPE)
    app.navigator.go(Screen.SETUP)
    hand.frames(30)
    app.navigator.go(Screen.ONLINE)
    hand.frames(30)


def drawn(opens: Callable[[App, Hand], None], window: tuple[int, int], lang: str,
          text: int) -> tuple[Words, list[str], int | None]:
    """Every text a screen draws at this window and text size, its real size; what did
    not fit; the smallest font asked for."""
    catalog.set_language(lang)
    app = make_app(window=window, settings=Settings(text_size=text, anim_speed="off"),
                   lang=lang)
    for forget in gfx._rescale_hooks:  # every picture drawn anew, its words recorded
        forget()
    cardart._forget_words()
    OVERFLOWS.clear()
    DRAWN.reset()
    DRAWN.words = {}
    try:
        opens(app, Hand(app))
        return dict(DRAWN.words), list(OVERFLOWS), DRAWN.smallest
    finally:
        DRAWN.words = None
        catalog.set_language("en")
        gfx.set_scale(1.0, 1.0)


def _plain(text: str) -> str:
    return text.replace("\u00ad", "").replace("\u00a0", " ")


class Drawn:
    """The texts drawn at a larger size, indexed by word for the matching."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.by_word: dict[tuple[str, str], int] = {}
        self.pieces: dict[str, list[tuple[str, int]]] = {}
        for (text, role), px in words.items():
            plain = _plain(text)
            for word in re.findall(r"\w+", plain):
                key = (word, role)
                self.by_word[key] = max(px, self.by_word.get(key, 0))
            self.pieces.setdefault(role, []).append((plain, px))

    def size_at(self, text: str, role: str) -> int | str:
        """The size ``text`` (drawn at 100 %) was drawn at here: its own, else the
        smallest over its words of the largest line holding each (or a piece of it,
        where a word was broken); "gone" when a word is nowhere."""
        if (text, role) in self.words:
            return self.words[(text, role)]
        words = re.findall(r"\w{3,}", _plain(text))
        if not words:
            return 10**6  # (a paragraph's last line of a number or two: its words are)
        sizes = []
        for word in words:
            px = self.by_word.get((word, role))
            if px is None:  # a word broken where its translation allows: its pieces
                found = [px for d, px in self.pieces.get(role, ())
                         if (d.endswith("-") and len(d) > 2 and d[:-1] in word)
                         or (len(d) >= 2 and word.endswith(d)) or word in d]
                if not found:
                    return "gone"
                px = max(found)
            sizes.append(px)
        return min(sizes)


def _tile_effects() -> set[str]:
    """The words a technology tile writes under its name, in the language in use."""
    out = set()
    for tech in CARDS.techs:
        for form in ("effect", "short"):
            out.update(re.findall(r"\w{3,}", _plain(catalog.t(f"tech.{tech.id}.{form}"))))
    return out


def not_larger(base: Words, big: Words, lang: str, spared: set[str]) -> list[tuple]:
    """The texts drawn at 100 % that ``big`` draws no larger (or leaves out, unless the
    screen may: ``spared``)."""
    catalog.set_language(lang)
    try:
        effects = _tile_effects()
    finally:
        catalog.set_language("en")
    bad = []
    drawn_big = Drawn(big)
    for (text, role), px in base.items():
        got = drawn_big.size_at(text, role)
        if got == "gone":
            words = set(re.findall(r"\w{3,}", _plain(text)))
            if "tiles" in spared and role == "text" and words <= effects:
                continue  # a tile writing its name alone
            if "log" in spared and role == "text" and text.endswith("."):
                continue  # a line of the ship's log, scrolled to at a larger size
            if "choice" in spared and text.rstrip("%\u00a0").isdigit():
                continue  # the text size's choice shows the size chosen
            bad.append((text, role, px, got))
        elif got <= px:  # type: ignore[operator]
            bad.append((text, role, px, got))
    return bad


CASES = [
    ("table", _table, SMALL, "en", {"tiles", "log"}),
    ("table", _table, SMALL, "fr", {"tiles", "log"}),
    ("table", _table, SMALL, "it", {"tiles", "log"}),
    ("table", _table, FULL_HD, "it", {"log"}),
    ("table", _table, QHD, "fr", {"log"}),
    ("table3", _table3, SMALL, "it", {"tiles", "log"}),
    ("lesson", _lesson, SMALL, "fr", {"tiles", "log"}),
    ("review", _review, SMALL, "en", {"tiles", "log"}),
    ("scoring", _scoring, SMALL, "fr", set()),
    ("scoring", _scoring, FULL_HD, "it", set()),
    ("menus", _menus, SMALL, "fr", {"choice"}),
    ("menus", _menus, FULL_HD, "it", {"choice"}),
]


@pytest.mark.parametrize(("screen", "opens", "window", "lang", "spared"), CASES,
                         ids=[f"{c[0]}-{c[3]}-{c[2][1]}p" for c in CASES])
def test_every_text_is_larger_at_125_and_150_percent(
        screen: str, opens: Callable[[App, Hand], None], window: tuple[int, int], lang: str,
        spared: set[str]) -> None:
    base, cut, smallest = drawn(opens, window, lang, 100)
    assert len(base) > 10 and cut == [] and smallest is not None and smallest >= MIN_PX
    for text in (125, 150):
        big, cut, smallest = drawn(opens, window, lang, text)
        assert cut == [], f"{text} %: {cut}"
        assert smallest is not None and smallest >= MIN_PX, "no font under 12 pixels"
        assert not_larger(base, big, lang, spared) == [], f"{text} %"


def test_a_town_heading_shown_at_100_percent_is_never_left_out() -> None:
    """At 1920x1080 with 150 % text, a four-player town's heading (its goods) stood too
    wide for its card and was left out: now it takes two lines, larger than at 100 %."""
    pygame.font.init()
    for lang in ("en", "fr", "it"):
        catalog.set_language(lang)
        try:
            for scale in (2 / 3, 1.0, 4 / 3):
                for card_w in (140, 183):
                    gfx.set_scale(scale, 1.0)
                    size, _ = cardart.heading_form(card_w)
                    base = gfx.VIEW.scale * size
                    for text in (1.25, 1.5):
                        gfx.set_scale(scale, text)
                        grown, _ = cardart.heading_form(card_w)
                        assert grown, (lang, scale, card_w, text)
                        assert round(grown * scale * text) > round(base), (lang, scale, text)
        finally:
            catalog.set_language("en")
            gfx.set_scale(1.0, 1.0)
