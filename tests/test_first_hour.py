"""A new player's first hour: the rough edges a newcomer meets, each driven by real
synthesised mouse and key events (setup, scoring, words, records, the focus ring)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.steps import parse_step
from scenes.core.navigator import Screen
from scenes.core.saves import load_settings
from scenes.screens.scoring import tiebreak_value
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import Hand
from scenes.text import catalog


def key(hand: Hand, k: int, times: int = 1, mod: int = 0) -> None:
    for _ in range(times):
        hand.key(k, mod)


def hover(hand: Hand, pos: tuple[int, int], frames: int = 2) -> None:
    hand.post(pygame.MOUSEMOTION, pos)
    hand.frames(frames)


# ----- 6. setup starts where most newcomers are: alone ---------------------------------
def test_the_first_setup_is_the_newcomer_against_computer_captains(app) -> None:
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    hand.click(hand.top().new_button.rect.center)
    hand.frames(30)
    setup = hand.top()
    assert isinstance(setup, SetupScene)
    assert setup.players == 3
    assert [k.value for k in setup.kinds[:3]] == ["human", "easy", "medium"]
    assert [f.value for f in setup.names[:3]] == ["Ann", "Bob", "Cy"]
    # a three-player table offers no fourth name as its starting player
    assert setup.start_choice.options == ["random", "0", "1", "2"]
    assert "Dan" not in [setup.start_choice.labels[i]() for i in range(1, 4)]
    hand.click(setup.count.segment(1).center)  # four players: Dan may start
    assert setup.start_choice.options == ["random", "0", "1", "2", "3"]
    hand.click(setup.start_choice.segment(4).center)
    assert setup.start_choice.value == "3"
    hand.click(setup.count.segment(0).center)  # back to three: Dan cannot start
    assert setup.start_choice.value == "random"
    hand.click(setup.kinds[2].segment(3).center)  # Cy: hard
    hand.click(setup.start_button.rect.center)
    hand.frames(10)
    hand.dismiss_handoff()
    assert hand.table.session.seats == ["human", "easy", "hard"] or sorted(
        hand.table.session.seats) == ["easy", "hard", "human"]
    saved, _ = load_settings()
    assert saved.players == 3 and saved.seats[:3] == ["human", "easy", "hard"]


def test_back_remembers_the_setup_too(app) -> None:
    hand = Hand(app)
    app.start(SetupScene())
    hand.frames(2)
    setup = hand.top()
    hand.click(setup.count.segment(1).center)
    hand.click(setup.kinds[3].segment(4).center)  # Dan: expert
    key(hand, pygame.K_ESCAPE)
    hand.frames(30)
    assert isinstance(hand.top(), TitleScene)
    saved, _ = load_settings()
    assert saved.players == 4 and saved.seats == ["human", "easy", "medium", "expert"]
    hand.click(hand.top().new_button.rect.center)
    hand.frames(30)
    again = hand.top()
    assert again.players == 4 and again.kinds[3].value == "expert"


def test_the_swap_arrows_say_what_they_do_to_the_mouse_and_the_keys(app) -> None:
    hand = Hand(app)
    app.start(SetupScene())
    hand.frames(2)
    setup = hand.top()
    arrow = setup.swaps[0]  # Bob's: up to Ann's seat
    hover(hand, arrow.rect.center)
    assert setup.tooltip() is None, "a tooltip waits for the pointer to rest"
    hand.frames(20)
    tip = setup.tooltip()
    assert tip is not None
    lines = tip[0]
    assert lines[0] == "Move up a seat"
    assert lines[1] == "Bob and Ann trade seats: Bob plays red, Ann plays blue."
    hover(hand, (60, 60), frames=20)
    assert setup.tooltip() is None
    # the keyboard: the focus on the arrow shows the same words
    for _ in range(30):
        if setup.focus.key == id(arrow) and setup.focus.visible:
            break
        key(hand, pygame.K_TAB)
    assert setup.tooltip() is not None and setup.tooltip()[0] == lines
    key(hand, pygame.K_RETURN)
    assert [f.value for f in setup.names[:2]] == ["Bob", "Ann"]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_swap_tooltip_is_translated(app, lang: str) -> None:
    app.start(SetupScene())
    hand = Hand(app)
    hand.frames(2)
    setup = hand.top()
    catalog.set_language(lang)
    try:
        title, body = setup.swap_tip(1)
        assert title != "Move up a seat" and "Bob" in body and "Ann" in body
    finally:
        catalog.set_language("en")


# ----- 7. scoring is a spreadsheet ---------------------------------------------------------
def _scoring(app, record_text: str | None = None, golden: str = "four-computers"):
    from pathlib import Path

    from game.record import parse_record, read_record_file
    from scenes.core.session import Session
    from scenes.screens.scoring import ScoringScene

    if record_text is None:
        record = read_record_file(Path(__file__).parent / "golden" / f"{golden}.txt")
    else:
        record = parse_record(record_text)
    scene = ScoringScene(Session.from_record(record))
    app.start(scene)
    return scene


def _tie_record(extra: str) -> str:
    from helpers import THREE, record_text
    from test_end_and_scoring import INDIA

    return record_text(INDIA + "\n" + extra, players=THREE)


def test_the_score_sheet_has_a_row_per_category_and_a_column_per_player(app) -> None:
    from game.scoring import final_scores

    scene = _scoring(app)
    st = scene.session.state
    assert [row.category for row in scene.sheet] == [
        "historians", "stronghold", "church", "marketplace",
        "renaissance", "mission-church", "eastern-india"]
    for seat in range(st.n):  # the rows add up to the engine's scores
        assert sum(row.points[seat] for row in scene.sheet) == final_scores(st)[seat]
    cols = scene.columns()
    assert len(cols) == st.n and len({c.w for c in cols}) <= 2, "evenly spaced columns"
    gaps = {b.x - a.x for a, b in itertools.pairwise(cols)}
    assert max(gaps) - min(gaps) <= 1
    assert [st.names[s] for s in scene.order] == ["Hal", "Eve", "Mel", "Ed"]
    # the category that decided: Hal's widest lead over Eve
    assert scene.lit_row() == "eastern-india"
    assert "Eastern India Inc." in scene.tiebreak_text() and "Eve" in scene.tiebreak_text()
    assert not scene.tiebreak_rows


def test_the_tally_counts_up_and_a_click_or_a_key_shows_it_all(app) -> None:
    app.settings.anim_speed = "slow"
    hand = Hand(app)
    scene = _scoring(app)
    hand.frames(3)
    assert scene.counting and scene.counted == 0, "the empty sheet is seen first"
    hand.frames(30)
    assert scene.counting and 0 < scene.counted < len(scene.sheet)
    hand.post(pygame.MOUSEBUTTONDOWN, (80, 80))
    hand.post(pygame.MOUSEBUTTONUP, (80, 80))
    hand.frames(1)
    assert not scene.counting
    scene = _scoring(app)
    hand.frames(20)
    assert scene.counting
    key(hand, pygame.K_SPACE)  # Space also presses the focused button: Play again
    assert not scene.counting


@pytest.mark.parametrize("speed", ["off", "fast", "normal", "slow"])
def test_the_categories_are_counted_one_by_one_at_every_speed(app, speed: str) -> None:
    """At Fast, and with animations off, the sheet is still counted a category at a
    time, long enough to be seen (each number running up, except with animations off,
    where a row appears whole); the winner and what decided come after."""
    from scenes.screens.scoring import ROW_TIME

    app.settings.anim_speed = speed
    hand = Hand(app)
    scene = _scoring(app)
    seen: list[int] = []
    frames = 0
    while scene.counting and frames < 400:
        hand.frames(1)
        frames += 1
        done = sum(1 for i in range(len(scene.sheet)) if scene.row_share(i) == 1.0)
        if not seen or done != seen[-1]:
            seen.append(done)
    assert seen == list(range(len(scene.sheet) + 1)) or seen == list(
        range(1, len(scene.sheet) + 1)), "one category after another, never two at once"
    assert frames * hand.dt >= len(scene.sheet) * ROW_TIME[speed], "each seen a moment"
    assert ROW_TIME[speed] >= 0.3


def test_the_winner_and_the_deciding_category_are_named_once_counted(app) -> None:
    from scenes.text import fonts

    hand = Hand(app)
    scene = _scoring(app)
    fonts.DRAWN.words = {}
    try:
        hand.frames(20)
        said = {text for text, _ in fonts.DRAWN.words}
        assert catalog.t("score.counting") in said
        assert scene.tiebreak_text() not in said, "the suspense is kept"
        scene.count_all()
        fonts.DRAWN.words = {}
        hand.frames(15)
        said = {text for text, _ in fonts.DRAWN.words}
    finally:
        fonts.DRAWN.words = None
    st = scene.session.state
    assert catalog.t("score.winner", names="Hal") in said
    assert scene.tiebreak_text() in said and "Eastern India Inc." in scene.tiebreak_text()
    assert scene.lit_row() == "eastern-india"
    assert scene.confetti.flying, "the winner's moment: confetti over the sheet"
    assert st.names[scene.winners[0]] == "Hal"


def test_the_race_over_the_game_ends_at_the_totals_and_is_drawn(app) -> None:
    from scenes.core import gfx
    from scenes.screens.scoring import RACE
    from scenes.ui import palette as P

    hand = Hand(app)
    scene = _scoring(app)
    race = scene.race
    st = scene.session.state
    assert all(line[0] == 0 for line in race.points), "nobody has a point at the deal"
    assert [line[-1] for line in race.points] == scene.scores
    assert len(race.rounds) == len(race.points[0]) > 20, "a point after every turn"
    assert race.rounds == tuple(sorted(race.rounds))
    assert race.rounds[-1] == (st.turn - 1) // st.n + 1
    scene.count_all()
    hand.frames(2)
    canvas = app.canvas
    inside = gfx.real_rect(RACE)
    colours = {tuple(canvas.surface.get_at((x, y)))[:3]
               for x in range(inside.x, inside.right) for y in range(inside.y, inside.bottom)}
    for seat in range(st.n):  # each player's line, in their colour
        assert P.player_color(seat, scene.palette) in colours, seat


@pytest.mark.parametrize(("lang", "golden"), [
    ("en", "four-computers"), ("fr", "four-computers"), ("it", "four-computers"),
    ("en", "four-players"),  # (five rows only: no India, no technology scored)
])
def test_the_score_sheet_fills_its_screen_and_its_notes_read_at_720p(lang: str,
                                                                     golden: str) -> None:
    from scenes.main import make_app
    from scenes.screens.scoring import PLATE, SHEET, SMALL, category_rule
    from scenes.text import fonts

    app = make_app(window=(1280, 720), lang=lang)
    try:
        scene = _scoring(app, golden=golden)
        scene.count_all()
        fonts.DRAWN.words = {}
        Hand(app).frames(2)
        words, fonts.DRAWN.words = fonts.DRAWN.words, None
        rows = scene.row_rects()
        assert PLATE.h >= 0.85 * 1080 and PLATE.w >= 0.9 * 1920
        assert max(r.bottom for r in rows.values()) >= SHEET.bottom - 40, "no empty foot"
        notes = {catalog.t("score.times", count=c, each=e) for c, e in
                 ((3, 1), (1, 2), (1, 1), (3, 2))}
        rules = {category_rule(row) for row in scene.sheet}
        small = {text: px for (text, role), px in words.items() if text in notes | rules}
        assert small and min(small.values()) >= 13, small
        assert fonts.real_size(SMALL) >= 13
    finally:
        fonts.DRAWN.words = None
        catalog.set_language("en")


@pytest.mark.parametrize(("extra", "rule", "rows"), [
    ("done\nend\nmove\ncargo 7g1\ndone\nsell 7g1\nend\nend\n", "wealth", ("india", "wealth")),
    ("done\nend\nend\nend\n", "shared", ("india", "wealth", "vp")),
])
def test_a_tie_on_points_says_and_lights_the_tiebreak(app, extra: str, rule: str,
                                                     rows: tuple[str, ...]) -> None:
    scene = _scoring(app, _tie_record(extra))
    scene.count_all()
    Hand(app).frames(2)
    assert scene.tiebreak == rule and scene.tiebreak_rows == rows
    keys = scene.row_keys()
    assert keys[-len(rows):] == [f"tiebreak.{r}" for r in rows]
    assert scene.lit_row() == (None if rule == "shared" else f"tiebreak.{rule}")
    assert scene.tiebreak_text().startswith("Tied on")
    # only the players level on points are compared
    cy = 2
    st = scene.session.state
    assert tiebreak_value(st, scene.scores, "wealth", cy) == ""
    assert tiebreak_value(st, scene.scores, "wealth", 0) != ""


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
@pytest.mark.parametrize("tie", [False, True])
def test_the_score_sheet_fits_and_reads_at_720p(lang: str, tie: bool) -> None:
    from scenes.main import make_app
    from scenes.text.fonts import DRAWN, OVERFLOWS

    app = make_app(window=(1280, 720), lang=lang)
    try:
        scene = _scoring(app, _tie_record("done\nend\nend\nend\n") if tie else None)
        scene.count_all()
        OVERFLOWS.clear()
        DRAWN.reset()
        Hand(app).frames(2)
        assert OVERFLOWS == []
        assert DRAWN.smallest is not None and DRAWN.smallest >= 12, "no text under 12 px"
    finally:
        catalog.set_language("en")


# ----- 8. words: what the printed card shows, in every language ------------------------------
def _texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text rendered from now on (all words reach the screen through the cache)."""
    from scenes.text import fonts

    seen: list[str] = []
    real = fonts.TextCache.render

    def spy(self, text: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        seen.append(text)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(fonts.TextCache, "render", spy)
    fonts.CACHE.clear()
    return seen


def _forget_pictures() -> None:
    """Every picture drawn with words on it forgotten, so its words are drawn anew."""
    from scenes.core import gfx
    from scenes.ui import cardart

    cardart._forget_words()
    for hook in list(gfx._rescale_hooks):
        hook()


def _played(name: str, share: float):
    from pathlib import Path

    from game.record import read_record_file
    from scenes.core.session import Session

    record = read_record_file(Path(__file__).parent / "golden" / name)
    steps = [step for _, step in record.steps]
    session = Session(record.names, record.towns, record.variant)
    for step in steps[: int(len(steps) * share)]:
        assert session.submit(parse_step(step)).ok
    return session


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_no_data_id_reaches_the_screen(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    from game.cards import CARDS
    from scenes.core import zones as Z
    from scenes.main import make_app
    from scenes.screens.rules import RulesOverlay
    from scenes.table.scene import TableScene

    app = make_app(window=(1920, 1080), lang=lang)
    try:
        session = _played("four-players.txt", 0.9)
        seen = _texts_drawn(monkeypatch)
        _forget_pictures()
        table = TableScene(session)
        app.start(table)
        hand = Hand(app)
        hand.frames(3)
        for pos in range(1, 13):  # every town's tooltip, the pointer resting on it
            hover(hand, table.layout.rect(Z.town(pos)).center, frames=25)
        hand.click(table.layout.rect(Z.button("rules")).center)
        assert isinstance(hand.top(), RulesOverlay)
        for page in range(1, 7):
            key(hand, getattr(pygame, f"K_{page}"))
        key(hand, pygame.K_ESCAPE)
        ids = {town.id for town in CARDS.towns.values()}
        shown = [text for text in seen if set(re.findall(r"T\d\d", text)) & ids]
        assert shown == [], f"data ids on screen: {shown[:5]}"
        assert any(text in seen for text in (catalog.t("good.gold"),)), "the goods are named"
    finally:
        catalog.set_language("en")


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_language_names_the_goods_under_their_icons(
        lang: str, players: int, window: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.main import make_app
    from scenes.table.scene import TableScene
    from scenes.ui import cardart, townart

    app = make_app(window=window, lang=lang)
    try:
        name = "four-players.txt" if players == 4 else "three-players-first-game-ship-only.txt"
        session = _played(name, 0.9)
        drawn: list[str] = []
        real = townart._center_text

        def spy(surf, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            drawn.append(text)
            return real(surf, text, *args, **kwargs)

        monkeypatch.setattr(townart, "_center_text", spy)
        _forget_pictures()
        app.start(TableScene(session))
        Hand(app).frames(3)
        st = session.state
        faces = [p for p in range(1, st.size + 1) if st.face_up(p)]
        assert faces
        joined = " ".join(drawn).replace("- ", "")  # a word broken on two lines, whole
        for pos in faces:
            for good in st.card_at(pos).goods:
                word = catalog.t(f"good.{good}").replace("\u00ad", "")
                assert word in joined or word in drawn, (lang, good)
            heading = cardart.town_heading(st.card_at(pos)).replace("\u00ad", "")
            assert st.card_at(pos).id not in heading
    finally:
        catalog.set_language("en")


# ----- 9. opening a record: a file list, by mouse and by keyboard -------------------------------
def _record_lines(name: str, n: int) -> str:
    from pathlib import Path

    text = (Path(__file__).parent / "golden" / name).read_text("utf-8").splitlines()
    header = [line for line in text if line.startswith("[")]
    steps = [line for line in text if line and not line.startswith("[")]
    return "\n".join(header + steps[:n]) + "\n"


def _load_list(app):
    from scenes.screens.load_record import LoadRecordScene

    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    hand.click(hand.top().load_button.rect.center)
    hand.frames(3)
    listing = hand.top()
    assert isinstance(listing, LoadRecordScene)
    assert listing.reading is not None
    listing.reading.wait(60)
    hand.frames(2)
    return hand, listing


def _wait_open(hand: Hand, listing) -> None:
    from tablehelp import read_done

    read_done(listing)
    hand.frames(30)
    hand.dismiss_handoff()


def test_the_record_list_opens_a_saved_record_by_mouse(app) -> None:
    from scenes.core.saves import records_dir
    from scenes.table.scene import TableScene

    records_dir().mkdir(parents=True, exist_ok=True)
    (records_dir() / "saved.txt").write_text(_record_lines("four-players.txt", 30), "utf-8")
    hand, listing = _load_list(app)
    row = listing.buttons[1]
    assert row.lines()[1].startswith("Saved record · ")
    hand.click(row.rect.center)
    _wait_open(hand, listing)
    assert isinstance(hand.table, TableScene) and len(hand.table.session.steps) == 30


def test_a_newcomer_finds_the_game_just_played_and_opens_it_by_keys(app) -> None:
    from gamefiles import write_game

    from scenes.table.scene import TableScene

    game = write_game(_record_lines("three-players-first-game-ship-only.txt", 24))
    hand, listing = _load_list(app)
    assert listing.entries == [game], "no saved record yet: the recent game is listed"
    assert listing.row_text(game)[1].startswith("Recent game · ")
    for _ in range(10):  # Tab to the game's row, Enter opens it where it stopped
        if listing.focus.key == ("open", 0) and listing.focus.visible:
            break
        key(hand, pygame.K_TAB)
    assert listing.focus.key == ("open", 0)
    key(hand, pygame.K_RETURN)
    _wait_open(hand, listing)
    table = hand.table
    assert isinstance(table, TableScene) and len(table.session.steps) == 24
    assert table.session.autosave.path == game, "the same game, played on"


def test_a_record_opened_by_its_path_is_listed_next_time_and_reviewed_by_keys(
        app, tmp_path) -> None:
    from scenes.screens.review import ReviewScene

    elsewhere = tmp_path / "from a friend.txt"
    elsewhere.write_text(_record_lines("four-players.txt", 16), "utf-8")
    hand, listing = _load_list(app)
    hand.click(listing.path_field.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(elsewhere)))
    hand.frames(2)
    key(hand, pygame.K_RETURN)  # the path field's Enter opens it
    _wait_open(hand, listing)
    assert str(elsewhere.resolve()) in app.settings.recent_records
    hand, listing = _load_list(app)
    assert elsewhere.resolve() in listing.entries
    index = listing.entries.index(elsewhere.resolve())
    assert listing.row_text(listing.entries[index])[1].startswith("Opened before · ")
    for _ in range(20):  # its Review button, by Tab
        if listing.focus.key == ("review", index) and listing.focus.visible:
            break
        key(hand, pygame.K_TAB)
    key(hand, pygame.K_SPACE)
    from tablehelp import read_done

    read_done(listing)
    hand.frames(30)
    assert isinstance(hand.top(), ReviewScene)


def test_the_rules_show_each_building_and_good_beside_its_rule(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.screens import rules as rules_module
    from scenes.screens.rules import RulesOverlay, page_blocks

    pictures: list[str] = []
    real = rules_module._picture

    def spy(name: str, size: int):  # type: ignore[no-untyped-def]
        pictures.append(name)
        return real(name, size)

    monkeypatch.setattr(rules_module, "_picture", spy)
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(2)
    app.navigator.open(Screen.RULES)
    hand.frames(2)
    overlay = hand.top()
    assert isinstance(overlay, RulesOverlay)
    key(hand, pygame.K_3)  # the trading page, by its number
    assert overlay.page == "trading"
    blocks = page_blocks("trading")
    icons = [value[0] for kind, value in blocks if kind == "icon"]
    assert icons == ["building:stronghold", "building:church", "building:marketplace"]
    assert set(pictures) >= {*icons, *(f"good:{g}" for g in
                                       ("gold", "jewels", "coffee", "sugar", "cloth", "spices"))}


# ----- 8. a larger text size sets every word larger -------------------------------------------
#: What the 150 % test measures on each screen: the screens' headings, the cards' words
#: (a town's heading and goods, a technology's effect, Lisboa) and the goods' names.
MEASURED = {
    "title": ("title.new", "title.learn", "title.load", "title.settings", "title.quit",
              "game.subtitle"),
    "setup": ("setup.heading", "setup.players", "setup.start_player", "setup.name",
              "setup.kind", "setup.first_game", "setup.variant", "setup.seed",
              "setup.seed.hint"),
    "settings": ("settings.title", "settings.language", "settings.window", "settings.anim",
                 "settings.volume", "settings.effects", "settings.music",
                 "settings.text_size", "settings.confirm_end", "settings.handoff"),
    "load": ("load.heading", "load.open", "load.back"),
    "scoring": ("score.heading", "score.row.historians", "score.row.stronghold",
                "score.row.church", "score.row.marketplace", "score.total"),
    "rules": ("rules.title", "rules.goods.h", "rules.trading.h", "rules.buildings.h"),
    "table": ("card.lisboa", "good.gold", "good.jewels", "good.coffee", "good.sugar",
              "good.cloth", "good.spices", "tech.metallurgy.effect", "tech.factory.effect",
              "tech.renaissance.effect"),
}


def _show(screen: str, app, hand: Hand) -> None:
    """Bring ``screen`` up by real clicks and keys, as a player would."""
    from pathlib import Path

    from game.record import read_record_file
    from scenes.core.session import Session

    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    title = hand.top()
    if screen == "setup":
        hand.click(title.new_button.rect.center)
    elif screen == "settings":
        hand.click(title.settings_button.rect.center)
    elif screen == "load":
        hand.click(title.load_button.rect.center)
    elif screen == "scoring":
        golden = Path(__file__).parent / "golden" / "four-computers.txt"
        app.navigator.start(Screen.SCORING, session=Session.from_record(read_record_file(golden)))
        hand.frames(2)
        key(hand, pygame.K_TAB)  # a key: the whole sheet counted at once
    elif screen in ("rules", "table"):
        session = _played("three-players-first-game-ship-only.txt", 0.6)
        app.navigator.start(Screen.TABLE, session=session)
        hand.frames(3)
        if screen == "rules":
            key(hand, pygame.K_F1)
            key(hand, pygame.K_3)
            key(hand, pygame.K_PAGEDOWN)
    hand.frames(30)


def _drawn_sizes(screen: str, lang: str, text_size: int, monkeypatch) -> dict[str, int]:
    """Every text drawn on ``screen``: its smallest real pixel size."""
    from scenes.core.saves import Settings
    from scenes.main import make_app
    from scenes.text import fonts

    sizes: dict[str, int] = {}
    real = fonts.TextCache.render

    def spy(self, text, role="text", size=20, color=(0, 0, 0)):  # type: ignore[no-untyped-def]
        px = fonts.real_size(size)
        sizes[text] = min(sizes.get(text, px), px)
        return real(self, text, role, size, color)

    with monkeypatch.context() as patch:
        patch.setattr(fonts.TextCache, "render", spy)
        app = make_app(window=(1920, 1080), settings=Settings(text_size=text_size), lang=lang)
        try:
            fonts.CACHE.clear()
            _forget_pictures()
            _show(screen, app, Hand(app))
        finally:
            pygame.display.quit()
            catalog.set_language("en")
    return sizes


def _size_of(text: str, sizes: dict[str, int]) -> int | None:
    """The size ``text`` was drawn at: whole, or the smallest of the lines it was
    broken into (a piece of it, a hyphen at a break)."""
    text = text.replace("\u00ad", "")
    if text in sizes:
        return sizes[text]
    pieces = [px for drawn, px in sizes.items()
              if len(drawn.rstrip("-")) >= 3 and drawn.rstrip("-") in text
              and any(ch.isalpha() for ch in drawn)]
    return min(pieces) if pieces else None


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("screen", list(MEASURED))
def test_text_size_150_draws_every_heading_card_word_and_good_larger(
        screen: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    normal = _drawn_sizes(screen, lang, 100, monkeypatch)
    large = _drawn_sizes(screen, lang, 150, monkeypatch)
    catalog.set_language(lang)
    try:
        smaller = []
        for key_ in MEASURED[screen]:
            text = catalog.t(key_)
            at_100, at_150 = _size_of(text, normal), _size_of(text, large)
            if key_.endswith(".effect"):  # (a tile writes its short form where it must)
                short = catalog.t(key_.replace(".effect", ".short"))
                at_100 = at_100 if at_100 is not None else _size_of(short, normal)
                at_150 = at_150 if at_150 is not None else _size_of(short, large)
            assert at_100 is not None and at_150 is not None, (key_, text)
            if at_150 <= at_100:
                smaller.append((key_, at_100, at_150))
        assert smaller == [], f"not larger at 150 %: {smaller}"
    finally:
        catalog.set_language("en")


def test_without_an_audio_device_the_settings_say_so_in_one_sentence(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.screens.settings import SettingsOverlay

    assert pygame.mixer.get_init() is None or pygame.mixer.get_driver() == "dummy"
    assert not app.sounds.heard, "SDL's dummy driver plays nowhere"
    seen = _texts_drawn(monkeypatch)
    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    hand.click(hand.top().settings_button.rect.center)
    hand.frames(3)
    assert isinstance(hand.top(), SettingsOverlay)
    sentence = catalog.t("settings.no_sound")
    assert sentence in seen or any(line in sentence for line in seen if len(line) > 20)
    assert sentence.count(".") == 1


# ----- 10. small rough edges -------------------------------------------------------------------
def test_no_focus_ring_for_a_mouse_player_until_a_key_is_pressed(app) -> None:
    from scenes.screens.settings import SettingsOverlay

    hand = Hand(app)
    app.navigator.start(Screen.TITLE)
    hand.frames(3)
    title = hand.top()
    assert not title.focus.visible, "no ring at start-up"
    hand.click(title.new_button.rect.center)
    hand.frames(30)
    setup = hand.top()
    assert isinstance(setup, SetupScene) and not setup.focus.visible, "nor after a click"
    key(hand, pygame.K_TAB)
    assert setup.focus.visible and setup.focus.key == id(setup.count), \
        "the first key shows the ring where the focus is, without moving it"
    key(hand, pygame.K_ESCAPE)  # back to the title by a key: the keyboard leads there too
    hand.frames(30)
    title = hand.top()
    assert isinstance(title, TitleScene) and title.focus.visible
    hand.click(title.settings_button.rect.center)
    hand.frames(3)
    overlay = hand.top()
    assert isinstance(overlay, SettingsOverlay) and not overlay.focus.visible


def test_the_reviews_last_step_names_the_winner_where_a_players_name_belongs(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    from game.record import read_record_file
    from scenes.core.session import Session
    from scenes.table import draw as draw_module

    session = Session.from_record(read_record_file(
        Path(__file__).parent / "golden" / "four-players.txt"))
    said: list[str] = []
    real = draw_module.blit_text

    def spy(surface, text, pos, **kwargs):  # type: ignore[no-untyped-def]
        said.append(text)
        return real(surface, text, pos, **kwargs)

    monkeypatch.setattr(draw_module, "blit_text", spy)
    app.navigator.start(Screen.REVIEW, session=session, at=0)
    hand = Hand(app)
    hand.frames(3)
    key(hand, pygame.K_END)  # the last step
    hand.frames(30)
    assert catalog.t("game.title") not in said
    assert "Dan won" in said, "the winner of four-players.txt, where the turn's player stood"


def test_labels_set_by_their_ink_line_up_to_the_pixel() -> None:
    """The Settings' "Music" heading once stood 2 px left of "Volume" above it at
    1280x720: a label's side bearing was rounded to logical units."""
    from scenes.core import gfx
    from scenes.text.fonts import blit_text

    pygame.font.init()
    old = gfx.VIEW.scale
    try:
        gfx.set_scale(1280 / 1920)
        canvas = gfx.surface((1920, 1080))
        lefts = []
        real = gfx.Canvas.blit

        def spy(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def]
            lefts.append(gfx.px(dest[0]))
            return real(self, source, dest, *args, **kwargs)

        gfx.Canvas.blit = spy  # type: ignore[method-assign]
        try:
            for word in ("Volume", "Sound effects", "Music", "Text size"):
                blit_text(canvas, word, (1000, 300), role="text-semibold", size=24,
                          anchor="midleft", by_ink=True)
        finally:
            gfx.Canvas.blit = real  # type: ignore[method-assign]
        assert len(set(lefts)) == 1, lefts
    finally:
        gfx.set_scale(old)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_no_menu_text_under_12_px_at_720p(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.main import make_app
    from scenes.text import fonts

    sizes: dict[str, int] = {}
    real = fonts.TextCache.render

    def spy(self, text, role="text", size=20, color=(0, 0, 0)):  # type: ignore[no-untyped-def]
        if text != "Hg":  # the letters' reach, measured, never drawn
            sizes[text] = min(sizes.get(text, 99), fonts.real_size(size))
        return real(self, text, role, size, color)

    monkeypatch.setattr(fonts.TextCache, "render", spy)
    app = make_app(window=(1280, 720), lang=lang)
    try:
        fonts.CACHE.clear()
        _forget_pictures()
        hand = Hand(app)
        app.navigator.start(Screen.TITLE)
        hand.frames(3)
        title = hand.top()
        assert not title.continue_button.enabled, "its caption under Continue is drawn"
        for button in ("settings_button", "load_button", "new_button"):
            hand.click(getattr(hand.top(), button).rect.center)
            hand.frames(30)
            for _ in range(3):  # Esc back to the title (the first may leave a text field)
                if button == "new_button" or isinstance(hand.top(), TitleScene):
                    break
                key(hand, pygame.K_ESCAPE)
                hand.frames(3)
        small = {text: px for text, px in sizes.items() if px < 12}
        assert catalog.t("title.continue.none") in sizes
        assert small == {}, small
    finally:
        pygame.display.quit()
        catalog.set_language("en")


def test_the_command_says_what_the_program_is(capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` describes the program as it is now: at one computer, against computer
    players, online, and a lesson; not only "a hot-seat digital edition"."""
    from scenes.main import parse_args

    with pytest.raises(SystemExit):
        parse_args(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "hot-seat digital edition" not in said
    for words in ("3 or 4 players", "computer players", "online", "learn to play"):
        assert words in said
