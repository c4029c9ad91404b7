"""Rough edges found in review: each mended, each held here by a test that failed before."""

from __future__ import annotations

import pygame
import pytest

from game.steps import parse_step
from scenes.core import gfx
from scenes.core.intents import Play
from scenes.ui import palette as P


def _drawn_texts(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """Every text ``module`` draws with ``blit_text`` from now on."""
    drawn: list[str] = []
    real = module.blit_text  # type: ignore[attr-defined]

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(module, "blit_text", spy)
    return drawn


# ----- a palette names its own colours ---------------------------------------------------------
def test_each_palette_names_the_colours_it_draws() -> None:
    assert P.colour_name(0) == "red" and P.colour_name(0, "colorblind") == "orange"
    assert [P.colour_name(s, "colorblind") for s in range(4)] == [
        "orange", "blue", "green", "yellow"]
    assert P.colour_name(0, "no-such-palette") == "red"
    assert set(P.COLOUR_NAMES) == set(P.PALETTES), "every palette names its colours"


@pytest.mark.parametrize(("colour_blind", "first", "word"), [(False, "Red", "red"),
                                                             (True, "Orange", "orange")])
def test_setup_calls_the_first_seat_by_the_colour_it_shows(
        app, monkeypatch: pytest.MonkeyPatch, colour_blind: bool, first: str, word: str) -> None:
    import scenes.screens.setup as setup_module

    app.start(setup_module.SetupScene())
    setup = app.stack.top
    setup.palette.value = colour_blind
    drawn = _drawn_texts(monkeypatch, setup_module)
    setup.draw(app.canvas)
    assert first in drawn and ({"Red", "Orange"} - {first}).isdisjoint(drawn)
    assert f"Colours follow turn order: whoever starts plays {word}." in drawn


def test_the_lesson_calls_the_learner_by_the_colour_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.table.lessonpanel as panel_module
    from scenes.table.lesson import Coach, lesson_session

    said: list[str] = []
    real = panel_module.even_lines

    def spy(text: str, *args: object, **kwargs: object) -> object:
        said.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(panel_module, "even_lines", spy)
    pygame.font.init()
    session = lesson_session("Ann")
    panel = panel_module.LessonPanel(pygame.Rect(0, 0, 560, 700), Coach(session))
    surface = gfx.surface((800, 800))
    panel.draw(surface, session.state, "colorblind")
    welcome = next(text for text in said if text.startswith("Welcome aboard"))
    assert "You play orange" in welcome and "(blue)" in welcome and "red" not in welcome
    panel.draw(surface, session.state, "classic")
    assert "You play red" in said[-1] or any("You play red" in text for text in said)


# ----- a card clicked when it cannot be used says why in a player's words ---------------------
def test_geography_with_nothing_on_land_says_so_plainly(app) -> None:
    from tablehelp import table_at

    hand = table_at(app, ["tech geography"])
    hand.click(hand.at("tech_geography"))
    status = hand.table.view.status
    assert status == ("Geography sends your trade goods and buildings back to sea: you have "
                      "none on land yet.")
    assert "space" not in status and hand.table.actions.geography is None


def test_geography_used_twice_is_not_now_rather_than_not_there(app) -> None:
    from tablehelp import table_at

    steps = ["tech geography", "employ", "end", "end", "end", "move L-1 L-1", "cargo 1g1",
             "cargo 1g2", "done", "geography 1g1"]
    hand = table_at(app, steps)
    hand.click(hand.at("tech_geography"))
    assert hand.table.view.status == "Not now: Geography was already used this turn."


# ----- the folded ship's log shows whole entries ---------------------------------------------
def _log_with(texts: list[str]) -> object:
    from scenes.table.logpanel import LogLine, LogPanel

    pygame.font.init()
    panel = LogPanel(pygame.Rect(0, 0, 300, 32 + 6 + 3 * 20), pygame.Rect(0, 0, 300, 600))
    panel.lines = [LogLine(i, 1, i % 3, text, "employ") for i, text in enumerate(texts)]
    panel._steps = len(texts)
    return panel


def _shown(panel: object) -> list[tuple[int, str]]:
    first, end = panel._window()  # type: ignore[attr-defined]
    return panel.rows()[first:end]  # type: ignore[attr-defined]


LONG = "Ann sails two ships to 4 and 5, discovers the coast there and takes the gold: +1 VP!"


def test_the_folded_log_never_shows_the_tail_of_a_wrapped_entry() -> None:
    panel = _log_with(["Bob employs a marker.", LONG, "Cy employs a marker."])
    assert panel.visible_rows == 3
    rows = panel.rows()
    long_rows = [text for n, text in rows if n == 1]
    assert len(long_rows) >= 2, "the long entry wraps, so a plain last-3-rows window cuts it"
    shown = _shown(panel)
    numbers = [n for n, _ in shown]
    for n in set(numbers):
        assert numbers.count(n) == sum(1 for m, _ in rows if m == n), f"entry {n} is cut"
    assert numbers[-1] == 2, "the newest entry is still shown"
    panel.scroll_by(1)  # one row up: no entry may be cut at the bottom either
    numbers = [n for n, _ in _shown(panel)]
    for n in set(numbers):
        assert numbers.count(n) == sum(1 for m, _ in rows if m == n), f"entry {n} is cut"


def test_an_entry_taller_than_the_folded_log_shows_its_beginning() -> None:
    panel = _log_with(["Bob employs a marker.", " ".join([LONG] * 3)])
    shown = _shown(panel)
    assert shown and all(n == 1 for n, _ in shown)
    assert shown[0][1].startswith("Ann sails"), "its head, never its tail"


# ----- no tooltip of the last player waits over the next player's board -----------------------
def test_the_hand_off_clears_the_tooltip_until_the_pointer_moves(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    from tablehelp import table_at

    from scenes.ui.overlays import Handoff

    app.settings.anim_speed = "off"
    hand = table_at(app, ["employ"])
    table = hand.table
    shown: list[object] = []
    real = table.tooltip_box

    def seen() -> object:
        box = real()
        shown.append(box)
        return box

    monkeypatch.setattr(table, "tooltip_box", seen)
    board = hand.at("board_1")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    hand.frames(30)  # a rest of a second: the tooltip of Bob's board shows
    assert shown and shown[-1], "the tooltip is shown before the turn ends"
    table.act(Play(parse_step("end")))
    hand.frames(12)
    assert isinstance(hand.top(), Handoff)
    hand.key(pygame.K_SPACE)
    hand.frames(2)
    assert hand.top() is table and table.viewer.rest >= 0.45
    shown.clear()
    hand.frames(30)
    assert not any(shown), "the pointer has not moved since the hand-off: no tooltip"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(board[0] + 5, board[1]),
                                         rel=(5, 0), buttons=(0, 0, 0)))
    hand.frames(30)
    assert shown and shown[-1], "once the pointer moves and rests, tooltips come back"


# ----- a picked-up builder or scientist is not also drawn at home -----------------------------
@pytest.mark.parametrize(("zone", "hidden"), [("speed_0_1", ("speed", 0, 1)),
                                              ("scientist_0_1", ("scientist", 0))])
def test_the_picked_up_builder_or_scientist_leaves_its_place_empty(
        app, zone: str, hidden: tuple) -> None:
    from tablehelp import table_at

    from scenes.core import zones as Z

    hand = table_at(app, [])
    table = hand.table
    home = hand.at(zone)
    if zone.startswith("speed"):  # the builder stands low on its speed space
        spot = table.layout.rect(Z.speed(0, 1)).midbottom
        spot = (spot[0], spot[1] - 28)
    else:  # the last of the three scientists at home is the one taken
        spot = hand.at(Z.scientist(0, 3))
    before = tuple(app.canvas.get_at(spot))
    away = hand.at("sea_5")
    hand.post(pygame.MOUSEMOTION, home)
    hand.post(pygame.MOUSEBUTTONDOWN, home)
    hand.post(pygame.MOUSEMOTION, away)
    hand.frames(2)
    assert table.drag.holding and table.view.hidden[hidden] == 1
    during = tuple(app.canvas.get_at(spot))
    assert during != before, "the marker's home is drawn without it"
    hand.post(pygame.MOUSEBUTTONUP, away)  # nowhere legal: it slides back home
    hand.frames(20)
    assert not table.drag.holding and table.view.hidden[hidden] == 0
    assert tuple(app.canvas.get_at(spot)) == before


# ----- the scoring screen says what its rows hold, in print as large as the rest --------------
def test_scoring_rows_say_points_and_count_buildings_in_readable_print(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    import scenes.screens.scoring as scoring_module
    from game.record import read_record_file
    from scenes.core.session import Session
    from scenes.screens.review import ReviewScene
    from scenes.selftest.gestures import Hand

    record = Path(__file__).parent / "golden" / "four-computers.txt"
    session = Session.from_record(read_record_file(record))
    scene = scoring_module.ScoringScene(session)
    app.start(scene)
    scene.count_all()
    sizes: dict[str, int] = {}
    real = scoring_module.blit_text

    def spy(surface: object, text: str, pos: object, **kwargs: object) -> object:
        sizes[text] = kwargs.get("size", 20)  # type: ignore[assignment]
        return real(surface, text, pos, **kwargs)

    monkeypatch.setattr(scoring_module, "blit_text", spy)
    scene.draw(app.canvas)
    for label in ("Historians", "Strongholds", "Churches", "Markets", "Eastern India Inc.",
                  "Renaissance", "Mission Church", "Total"):
        assert label in sizes
    for rule in ("1 VP each", "2 VP each", "2 VP per stronghold", "3 VP"):
        assert rule in sizes
    assert "3 × 1" in sizes and "1 × 2" in sizes and "3 × 2" in sizes
    wealth = sizes["Wealth 0"]
    for text in ("3 × 1", "1 × 2", "2 VP per stronghold", "1 VP each"):
        assert sizes[text] >= wealth >= 18, f"{text!r} is smaller than the rest of the table"
    # and the board as the game ended is one click away (once the sheet is its own)
    Hand(app).frames(12)
    Hand(app).click(scene.buttons[4].rect.center)
    Hand(app).frames(30)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.index == len(session.steps)


# ----- every count reads naturally in the singular and the plural -------------------------------
#: Placeholders that hold a word or a phrase, never a bare number.
WORDS = {"name", "names", "you", "bob", "cy", "kind", "good", "goods", "types", "tech",
         "building", "space", "step", "sentence", "reason", "file", "folder", "backup",
         "path", "error", "why", "token", "tag", "char", "card", "holdings", "what", "date",
         "zone", "level", "hint", "message", "text", "value", "variant", "w", "h",
         "colour", "you_colour", "bob_colour", "cy_colour",
         "bonus",  # a duration in words ("20 s", "1 day"), said with its own plural
         "pos", "src", "dst"}  # a town's or a sea's place: a number, never a count
#: Countable things a number may be followed by (wealth and VP read the same either way).
NOUN = (r"\{(\w+)\} (?:[a-z-]+ )?(markers?|ships?|goods?|types?|towns?|turns?|steps?|rows?|"
        r"points?|players?|records?|church(?:es)?|markets?|strongholds?|cards?|names?|"
        r"characters?|scientists?|bankers?|historians?|technolog(?:y|ies)|buildings?|"
        r"spaces?|moves?|seas?)\b")
#: Messages whose number is never 1, so their one form is always right.
ALWAYS_MANY = {
    "reason.ships_short": "raised only when more ships move than the sea holds, and it holds one",
    "reason.name_too_long": "the limit is MAX_NAME_LENGTH, 20",
    "record.towns_for_players": "3 or 4 players, 9 or 12 towns",
    "online.chat_length": "the limit is online.remote.MAX_CHAT, 500",
    "server.chat_length": "the limit is online.server.MAX_CHAT, 500",
}


def test_no_english_message_says_s_in_brackets_or_counts_without_a_plural() -> None:
    import re

    from game.record import MAX_NAME_LENGTH
    from scenes.text.catalog import ENGLISH

    assert MAX_NAME_LENGTH > 1
    noun = re.compile(NOUN)
    bracketed, uncounted = [], []
    for key, source in ENGLISH.items():
        for text in (source if isinstance(source, tuple) else (source,)):
            if "(s)" in text or "(es)" in text:
                bracketed.append(f"{key}: {text}")
        if isinstance(source, tuple) or key in ALWAYS_MANY:
            continue
        for match in noun.finditer(source):
            if match.group(1) not in WORDS:
                uncounted.append(f"{key}: {match.group(0)!r} in {source!r}")
    assert bracketed == []
    assert uncounted == [], "a number before a noun needs plural_message and {count}"


@pytest.mark.parametrize(("key", "values", "one", "many"), [
    ("status.your_turn", {"name": "Ann"}, "1 action point left", "2 action points left"),
    ("confirm.end_turn", {}, "with 1 action point unused", "with 2 action points unused"),
    ("log.end_unspent", {"name": "Ann"}, "1 action point unused", "2 action points unused"),
    ("status.voyage", {}, "1 ship move staged", "2 ship moves staged"),
    ("log.move", {"name": "Ann"}, "sails 1 ship.", "sails 2 ships."),
    ("log.geography", {"name": "Ann"}, "1 marker put back", "2 markers put back"),
    ("score.rule.per.church", {}, "1 VP per church", "2 VP per church"),
])
def test_counts_are_said_in_both_forms(key: str, values: dict, one: str, many: str) -> None:
    from scenes.text.catalog import t

    assert one in t(key, count=1, **values)
    assert many in t(key, count=2, **values)


def test_a_sale_says_goods_and_types_in_their_own_numbers() -> None:
    from game.words import phrase
    from scenes.text.catalog import t

    def sale(goods: int, types: int) -> str:
        return t("log.sell", name="Ann", goods=phrase("phrase.goods", count=goods),
                 types=phrase("phrase.types", count=types), wealth=1, vp=0)

    assert "sells 1 trade good of 1 type:" in sale(1, 1)
    assert "sells 2 trade goods of 2 types:" in sale(2, 2)
    assert "sells 2 trade goods of 1 type:" in sale(2, 1)


# ----- words on cards keep off the edges, and a row of words is set alike ------------------------
def test_technology_words_keep_a_margin_and_one_size() -> None:
    from game.cards import CARDS
    from scenes.core import gfx
    from scenes.core.layout import table_layout
    from scenes.text.catalog import t
    from scenes.text.fonts import even_lines, text_width
    from scenes.ui import cardart

    pygame.font.init()
    gfx.set_scale(1.0, 1.0)
    r = table_layout(4).rect("tech_architecture")
    w = r.w
    names, effects, written = cardart.tech_text_sizes(r.w, r.h)
    area = cardart.tile_area(r.w, r.h)
    inner = area.w
    assert names >= 20 and effects >= 14 and written == cardart.WHOLE, \
        "at 1920x1080 the whole effect"
    for tech in CARDS.techs:
        for key, role, size, most in ((f"tech.{tech.id}.tile", "display", names, 2),
                                      (f"tech.{tech.id}.effect", "text", effects, 3)):
            lines = even_lines(t(key).replace("\u00ad", ""), role, size, inner)
            assert len(lines) <= most
            assert all(text_width(line, role, size) <= inner for line in lines), (key, lines)
            assert " ".join(lines) == t(key).replace("\u00ad", ""), f"{key} is cut"
            assert not any(line.endswith("-") for line in lines), "no word broken"
    assert area.x >= cardart.TILE_SIDE + 4 and area.right <= w - 8, \
        "the words keep off the edge and the left column's rule"


def test_building_words_are_set_alike() -> None:
    from scenes.core.layout import table_layout
    from scenes.text.catalog import t
    from scenes.text.fitting import fit_size
    from scenes.ui import cardart

    pygame.font.init()
    width = table_layout(4).rect("building_1_1").w - 2
    size = cardart.label_size("b", width)
    alone = {kind: fit_size(t(f"building.{kind}"), "text-semibold", 15, width, 10)
             for kind in ("stronghold", "church", "marketplace")}
    assert alone["church"] > alone["stronghold"], "left alone, Stronghold would be smaller"
    assert size == min(alone.values()), "one size for all, the one the longest fits"


def test_a_town_card_draws_its_building_words_at_one_size(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.cards import CARDS
    from scenes.core.layout import table_layout
    from scenes.ui import cardart, townart

    pygame.font.init()
    town = next(x for x in CARDS.towns.values()
                if {x.building_kind(1), x.building_kind(2)} == {"stronghold", "church"})
    # (a four-player town's building spaces are too narrow for "Stronghold" at 12 real
    # pixels: there its icon alone says it)
    layout = table_layout(3)
    card = layout.rect("town_1")

    def rel(zone: str) -> tuple[int, int, int, int]:
        r = layout.rect(zone)
        return (r.x - card.x, r.y - card.y, r.w, r.h)

    drawn: dict[str, int] = {}
    real = townart._center_text

    def spy(surf: object, text: str, role: str, size: int, *args: object, **kw: object) -> object:
        drawn[text.replace("\u00ad", "")] = size
        return real(surf, text, role, size, *args, **kw)

    monkeypatch.setattr(townart, "_center_text", spy)
    cardart.town_face.cache_clear()
    cardart.town_face(town, card.w, card.h, 1, (rel("goods_1_1"), rel("goods_1_2")),
                      (rel("building_1_1"), rel("building_1_2")))
    cardart.town_face.cache_clear()
    assert drawn["Stronghold"] == drawn["Church"]
