"""The end of a game: the final tally as a score sheet, who won and why, and the race.

The sheet is the engine's own (``game.scoring.score_sheet``): a row per scoring
category (historian VP, strongholds, churches, markets, then each technology bonus
somebody holds), a column per player in finishing order, evenly spaced, and the
total under them. Beside it, the race (``race``): every player's points turn by turn
over the whole game. The rows are counted up one by one at every animation speed
(each number running up to its value, the total following, the race drawn along;
with animations off each row simply appears in turn); a click or a key shows them
all at once. Then the winner is named, with a burst of confetti and a chime: what
decided is the engine's too, the category of the winner's widest lead lit and named,
or, when the points were level, the tiebreak rows (India, wealth, historian VP)
shown and the one that decided lit, with its sentence. The screen holds no rule of
its own.
"""

from __future__ import annotations

import pygame

from game.cards import CHURCH, MARKETPLACE, STRONGHOLD
from game.scoring import (
    BASE_CATEGORIES,
    SheetRow,
    breakdown,
    deciding_category,
    deciding_tiebreak,
    level_leaders,
    score_sheet,
    standings,
)
from game.state import State
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.core.navigator import Screen
from scenes.core.saves import new_game_file, records_dir, save_record, why_not_written
from scenes.core.scene import Scene
from scenes.core.session import GameSession, Session, load_session
from scenes.screens.race import draw_race, race_of
from scenes.text.catalog import t
from scenes.text.fitting import fit_size
from scenes.text.fonts import blit_text, floor_size, reach, real_size, text_width
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.confetti import Confetti
from scenes.ui.focus import Focus, Focusable, of_widgets
from scenes.ui.widgets import Button

#: The plate the sheet is written on (the whole screen above the buttons), the sheet's
#: own box inside it and the race's beside it.
PLATE = pygame.Rect(48, 18, 1824, 922)
TOP = 194
SHEET = pygame.Rect(PLATE.x + 32, PLATE.y + TOP, 1220, PLATE.h - TOP - 26)
RACE = pygame.Rect(SHEET.right + 40, SHEET.y, PLATE.right - 32 - SHEET.right - 40, SHEET.h)
#: The category labels' column; the players share the rest evenly.
LABEL_W = 470
HEAD_H = 92
#: The tallest a row stands: a game with few categories (no India, no technology
#: scored) still fills the sheet down to its foot.
ROW_H = 122
#: The small print (what a number counts, a row's rule): 14 real pixels at 1280x720.
SMALL = 21
#: Seconds each row takes to be counted, by animation speed (with animations off a
#: row appears whole, in turn), and the moment the sheet is seen empty first.
ROW_TIME = {"off": 0.35, "fast": 0.35, "normal": 0.55, "slow": 0.8}
START = 0.6
#: Seconds the winner's name takes to grow into place once all is counted.
POP = 0.35
#: The tiebreaks in the order the rules try them.
TIEBREAKS = ("india", "wealth", "vp")


def category_label(category: str) -> str:
    """A score sheet row's name: a base category, or the technology's own name."""
    if category in BASE_CATEGORIES:
        return t(f"score.row.{category}")
    return t(f"tech.{category}")


def category_rule(row: SheetRow) -> str:
    """What a row counts, in a few words ("2 VP each", "2 VP per church")."""
    if row.category == "historians":
        return t("score.rule.historians")
    if row.category in BASE_CATEGORIES:
        return t("score.rule.each", count=row.each)
    if row.kind is None:
        return t("score.rule.flat", count=row.each)
    return t(f"score.rule.per.{row.kind}", count=row.each)


def tiebreak_value(st: State, scores: list[int], rule: str, seat: int) -> str:
    """A tiebreak's fact for a player level on points ("" for the others, whom the
    tiebreaks do not compare)."""
    if seat not in level_leaders(scores):
        return ""
    if rule == "india":
        return "\u2713" if st.india == seat else "\u2014"
    if rule == "wealth":
        return str(st.wealth[seat])
    return str(st.vp[seat])


def counted_text(row: SheetRow, seat: int) -> str:
    """How a number was counted, beside it ("3 × 2": three churches at 2 VP); "" when
    nothing was counted (historian VP, Renaissance, no building)."""
    counted = row.counted[seat]
    if not counted:
        return ""
    return t("score.times", count=counted, each=row.each)


class ScoringScene(Scene):
    """Final scores; Play again, Save record, Review game, Final table, Title."""

    music = False  # the end's cadence, then quiet

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        #: The online table this game was played at (None: played here).
        self.online: GameSession | None = None
        if session.online() is not None:
            # an online game: its whole record, deal included, is shown now that it is
            # over; kept as a finished game like any other, and reviewed from it
            self.online = session
            text = session.record_text()
            if text is not None:
                session = load_session(text, autosave=new_game_file())
                session.save()
        self.session = session
        st = session.state
        self.rows = [breakdown(st, seat) for seat in range(st.n)]
        self.scores = [row.total for row in self.rows]
        self.winners = st.winners or []
        #: The score sheet, its columns in finishing order, and what decided.
        self.sheet = score_sheet(st)
        self.order = standings(st, self.scores)
        self.tiebreak = deciding_tiebreak(st, self.scores)
        self.decided = deciding_category(st, self.scores)
        #: The tiebreak rows shown: none unless points were level, then each rule tried
        #: up to the one that decided (all three when none did).
        if self.tiebreak is None:
            self.tiebreak_rows: tuple[str, ...] = ()
        elif self.tiebreak == "shared":
            self.tiebreak_rows = TIEBREAKS
        else:
            self.tiebreak_rows = TIEBREAKS[: TIEBREAKS.index(self.tiebreak) + 1]
        #: How many rows are counted so far (a float time raises: row ``i`` is being
        #: counted while ``i < counted < i + 1``), after ``START`` seconds' look.
        self.counted = 0.0
        self._ticked = -1  # the last row whose counting was heard
        self.wait = START
        #: Seconds since everything was counted.
        self.revealed = 0.0
        #: The race over the game, drawn beside the sheet.
        self.race = race_of(list(session.states), list(session.steps))
        self.confetti = Confetti(seed=len(session.steps))
        self.message = ""
        y, w, gap = 956, 300, 24
        x = (1920 - 5 * w - 4 * gap) // 2
        self.buttons: list[Button] = [
            Button((x, y, w, 64), "score.again", self.play_again),
            Button((x + (w + gap), y, w, 64), "score.save", self.save),
            Button((x + 4 * (w + gap), y, w, 64), "score.title", self.title),
            Button((x + 2 * (w + gap), y, w, 64), "score.review", self.review),
            Button((x + 3 * (w + gap), y, w, 64), "score.final_table", self.final_table),
        ]
        #: Tab and the arrows over the buttons, left to right; Enter or Space presses.
        self.focus = Focus()

    def focusables(self) -> list[Focusable]:
        ordered = sorted(self.buttons, key=lambda b: b.rect.x)
        return of_widgets(ordered)

    @property
    def palette(self) -> str:
        return self.settings.palette

    def play_again(self) -> None:
        if self.online is not None:  # the same seats at a new deal, at the same table
            self.go(Screen.WAITING_ROOM, rematch=self.online)
            return
        old = self.session
        assert isinstance(old, Session)  # (an online game's seats went back to its table)
        again = Session.new(old.names, seed=None, variant=old.variant, seats=old.seats,
                            autosave=new_game_file())
        self.go(Screen.TABLE, session=again, handoff_first=True)

    def save(self) -> None:
        try:
            path = save_record(self.session)
        except OSError as exc:
            self.message = t("status.save_failed", reason=why_not_written(exc, records_dir()))
            return
        if path.parent == records_dir():
            self.message = t("status.saved", file=path.name)
        else:
            self.message = t("status.saved_elsewhere", path=str(path))

    def title(self) -> None:
        self.go(Screen.TITLE)

    def review(self) -> None:
        """The game again from its deal, step by step (the record is never changed)."""
        self.go(Screen.REVIEW, session=self.session, at=0, back=Screen.SCORING)

    def final_table(self) -> None:
        """The board as the game ended: the review at its last step."""
        self.go(Screen.REVIEW, session=self.session, at=len(self.session.steps),
                back=Screen.SCORING)

    # ----- counting up -------------------------------------------------------------------
    @property
    def counting(self) -> bool:
        return self.counted < len(self.sheet)

    def count_all(self) -> None:
        """Every row counted: the whole sheet and its total, and the winner named."""
        if self.counting:
            self.counted = float(len(self.sheet))
            self._reveal()

    @property
    def still(self) -> bool:
        """Animations off: rows appear whole, nothing flies."""
        return self.settings.anim_speed == "off"

    def update(self, dt: float) -> None:
        self.confetti.update(dt)
        if not self.counting:
            self.revealed += dt
            return
        if self.wait > 0:
            self.wait -= dt
            return
        step = ROW_TIME.get(self.settings.anim_speed, ROW_TIME["normal"])
        self.counted = min(float(len(self.sheet)), self.counted + dt / step)
        if not self.counting:
            self._reveal()
        elif int(self.counted) > self._ticked:
            self._ticked = int(self.counted)
            self._tick(self._ticked)

    def _tick(self, row: int) -> None:
        """A row begins to be counted: coins, where it gave anyone a point."""
        if self.app is not None and any(self.sheet[row].points):
            self.app.sounds.play("coins_gain")

    def _reveal(self) -> None:
        """All counted: the winner named, with a chime and (animations on) confetti
        thrown up from the winner's column."""
        self.revealed = 0.0
        if self.app is not None:
            self.app.sounds.play("vp")
        if self.still or not self.winners:
            return
        cols = dict(zip(self.order, self.columns(), strict=True))
        for seat in self.winners:
            col = cols[seat]
            colors = [P.player_color(seat, self.palette), P.BRASS_LIGHT, P.HIGHLIGHT,
                      *(P.player_color(s, self.palette) for s in self.order)]
            self.confetti.burst((col.centerx, SHEET.y + 20), colors)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.counting:
            self.count_all()  # a click or a key shows the whole sheet (and still acts)
        self.focus.set_items(self.focusables())
        if self.focus.handle(event):
            return True
        return any(button.handle(event) for button in self.buttons)

    def tiebreak_text(self) -> str:
        """Why the winner won: the tiebreak that separated level players, else the
        category of the winner's widest lead (the engine's answers)."""
        st = self.session.state
        if self.tiebreak is None:
            if self.decided is None or not self.winners:
                return ""
            category, runner_up, lead = self.decided
            return t("score.decided", name=st.names[self.winners[0]],
                     other=st.names[runner_up], category=category_label(category),
                     count=lead)
        if self.tiebreak == "india":
            return t("score.tiebreak.india", name=st.names[st.india])
        return t(f"score.tiebreak.{self.tiebreak}")

    def lit_row(self) -> str | None:
        """The row lit as the one that decided: a category, or a tiebreak row's
        ``tiebreak.<rule>`` (None when nothing did: a shared victory)."""
        if self.tiebreak is None:
            return self.decided[0] if self.decided else None
        return None if self.tiebreak == "shared" else f"tiebreak.{self.tiebreak}"

    def draw(self, surface: gfx.Canvas) -> None:
        st = self.session.state
        surface.blit(art.table_background(*surface.get_size()), (0, 0))
        plate = PLATE
        surface.blit(art.parchment(plate.w, plate.h, radius=20, seed=21), plate)
        draw.rect(surface, P.BRASS_DARK, plate, 4, border_radius=20)
        # the heading, then (once all is counted) the winner and why, each in its band
        names = " & ".join(st.names[w] for w in self.winners)
        key = "score.winner" if len(self.winners) == 1 else "score.winners"
        heading: tuple[str, str, float, P.RGB, int, int] = (
            t("score.heading"), "display", 60, P.INK, 14, 76)
        if self.counting:
            bands = [heading, (t("score.counting"), "display-italic", 40, P.INK_SOFT, 92, 54)]
        else:
            bands = [heading, (t(key, names=names), "display", 50, P.BRASS_DARK, 90, 60),
                     (self.tiebreak_text(), "text", 26, P.INK, 150, 42)]
        for i, (text, role, size, color, top, height) in enumerate(bands):
            if not text:
                continue
            band = pygame.Rect(plate.x + 40, plate.y + top, plate.w - 80, height)
            size = fit_size(text, role, size, band.w, height=band.h - 6)
            if i == 1 and not self.counting and not self.still and self.revealed < POP:
                self._pop(surface, text, role, size, color, band)
                continue
            blit_text(surface, text, band.center, role=role, size=size, color=color,
                      anchor="center", box=band, by_ink=True)
        self._draw_sheet(surface)
        draw_race(surface, RACE, self.race, self.order, self.winners, self.palette,
                  shown=self.progress())
        if self.message:
            band = pygame.Rect(plate.x + 40, plate.bottom - 58, plate.w - 80, 44)
            said = fit_size(self.message, "text", 22, band.w, height=band.h)
            blit_text(surface, self.message, band.center, size=said, color=P.INK,
                      anchor="center", box=band, by_ink=True)
        self.confetti.draw(surface)
        for button in self.buttons:
            button.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)

    def _pop(self, surface: gfx.Canvas, text: str, role: str, size: float,
             color: P.RGB, band: pygame.Rect) -> None:
        """The winner's name growing into place (a passing effect: its words are
        drawn whole, then stretched for the moment they grow)."""
        k = self.revealed / POP
        scale = 0.55 + 0.45 * (1 - (1 - k) ** 3) + 0.06 * (1 - k) * k * 4
        words = gfx.surface(band.size)
        blit_text(words, text, (band.w / 2, band.h / 2), role=role, size=size, color=color,
                  anchor="center", by_ink=True)
        grown = gfx.stretch(words, (band.w * scale, band.h * scale), smooth=True)
        surface.blit(grown, grown.get_rect(center=band.center))

    def progress(self) -> float:
        """The share of the count done (0 to 1): how far the race is drawn."""
        if not self.counting or self.still:
            return 1.0
        return max(0.0, self.counted / max(1, len(self.sheet)))

    # ----- the sheet ----------------------------------------------------------------------
    def columns(self) -> list[pygame.Rect]:
        """Each player's column, in finishing order, evenly spaced over the sheet."""
        n = len(self.order)
        left = SHEET.x + LABEL_W
        width = (SHEET.right - left) / n
        return [pygame.Rect(round(left + i * width), SHEET.y, round(width), SHEET.h)
                for i in range(n)]

    def row_keys(self) -> list[str]:
        """The sheet's rows top to bottom: each category, the total, the tiebreaks."""
        return [row.category for row in self.sheet] + ["total"] + [
            f"tiebreak.{rule}" for rule in self.tiebreak_rows]

    def row_rects(self) -> dict[str, pygame.Rect]:
        """Where each row stands (the labels' column and every player's)."""
        keys = self.row_keys()
        top = SHEET.y + HEAD_H
        height = min(ROW_H, (SHEET.bottom - top) // len(keys))
        return {key: pygame.Rect(SHEET.x, top + i * height, SHEET.w, height)
                for i, key in enumerate(keys)}

    def _draw_sheet(self, surface: gfx.Canvas) -> None:
        cols = self.columns()
        rows = self.row_rects()
        keys = self.row_keys()
        last = rows[keys[-1]]
        body = pygame.Rect(SHEET.x, SHEET.y, SHEET.w, last.bottom - SHEET.y)
        # the winners' columns, lit from the heads to the foot once all is counted
        for seat, col in zip(self.order, cols, strict=True):
            if seat in self.winners and not self.counting:
                lit = pygame.Rect(col.x + 4, body.y, col.w - 8, body.h)
                draw.rect(surface, P.HIGHLIGHT, lit, border_radius=10)
        # every other row shaded, the row that decided lit and framed
        lit_key = self.lit_row() if not self.counting else None
        for i, key in enumerate(keys):
            rect = rows[key]
            if key == lit_key:
                draw.rect(surface, P.BRASS_LIGHT, rect, border_radius=8)
                draw.rect(surface, P.BRASS_DARK, rect, 3, border_radius=8)
            elif i % 2 == 1 and key != "total":
                shade = gfx.surface(rect.size)
                shade.fill((*P.PARCHMENT_DEEP, 60))
                surface.blit(shade, rect)
        total = rows["total"]
        draw.line(surface, P.INK, (SHEET.x, total.y), (SHEET.right, total.y), 3)
        draw.line(surface, P.INK_SOFT, (SHEET.x, SHEET.y + HEAD_H - 4),
                  (SHEET.right, SHEET.y + HEAD_H - 4), 2)
        for col in cols[1:]:
            draw.line(surface, P.PARCHMENT_DEEP, (col.x, SHEET.y + 8), (col.x, body.bottom), 1)
        self._draw_heads(surface, cols)
        sizes = self.cell_sizes(total.h, cols[0].w)
        for i, row in enumerate(self.sheet):
            self._draw_label(surface, rows[row.category], category_label(row.category),
                             category_rule(row), row.category)
            share = self.row_share(i)
            if share is None:
                continue
            for seat, col in zip(self.order, cols, strict=True):
                counted = share >= 1
                self._draw_cell(surface, rows[row.category], col,
                                str(round(row.points[seat] * share)),
                                counted_text(row, seat) if counted else "",
                                soft=not counted, sizes=sizes)
        self._draw_label(surface, total, t("score.total"), "", "total", role="text-bold")
        for seat, col in zip(self.order, cols, strict=True):
            so_far = sum(round(row.points[seat] * (self.row_share(i) or 0))
                         for i, row in enumerate(self.sheet))
            self._draw_cell(surface, total, col, str(so_far), "", bold=True,
                            soft=self.counting)
        if not self.counting:
            for rule in self.tiebreak_rows:
                rect = rows[f"tiebreak.{rule}"]
                self._draw_label(surface, rect, t(f"score.row.tiebreak.{rule}"),
                                 t("score.rule.tiebreak"), f"tiebreak.{rule}")
                for seat, col in zip(self.order, cols, strict=True):
                    fact = tiebreak_value(self.session.state, self.scores, rule, seat)
                    self._draw_cell(surface, rect, col, fact, "")

    def row_share(self, i: int) -> float | None:
        """How much of row ``i``'s numbers shows: None before it is counted, then its
        numbers running up (the first two thirds of its time), 1 once counted; with
        animations off a row is whole from its turn on."""
        if i >= self.counted:
            return None
        if self.still or self.counted >= i + 1:
            return 1.0
        return min(1.0, (self.counted - i) * 1.5)

    def _draw_heads(self, surface: gfx.Canvas, cols: list[pygame.Rect]) -> None:
        """Each column's head: the player's marker and name, their wealth under it."""
        st = self.session.state
        for seat, col in zip(self.order, cols, strict=True):
            mk = art.marker(seat, 34, self.palette)
            name = st.names[seat]
            room = col.w - 60
            size = fit_size(name, "display", 34, room, height=40)
            width = 40 + text_width(name, "display", size)
            x = col.centerx - width / 2
            surface.blit(mk, mk.get_rect(center=(round(x + 17), SHEET.y + 28)))
            blit_text(surface, name, (x + 40, SHEET.y + 28), role="display", size=size,
                      color=P.INK, anchor="midleft", by_ink=True,
                      box=(col.x, SHEET.y, col.w, 56))
            wealth = t("score.wealth", n=st.wealth[seat])
            band = pygame.Rect(col.x + 8, SHEET.y + 54, col.w - 16, 30)
            size = fit_size(wealth, "text", SMALL, band.w, height=band.h)
            blit_text(surface, wealth, band.center, size=size, color=P.INK_SOFT,
                      anchor="center", by_ink=True, box=band)

    def _draw_label(self, surface: gfx.Canvas, rect: pygame.Rect, label: str, rule: str,
                    category: str, role: str = "text-semibold") -> None:
        """A row's name in the labels' column (a building's icon before it) and its
        rule in small print: beside the name when both fit, else under it."""
        x = rect.x + 14
        icon = {STRONGHOLD: "stronghold", CHURCH: "church",
                MARKETPLACE: "marketplace"}.get(category)
        if icon is not None:
            side = min(40, rect.h - 10)
            img = art.building_icon(icon, side, side)
            surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
        x += 52
        room = pygame.Rect(x, rect.y, SHEET.x + LABEL_W - 12 - x, rect.h)
        size: float = 24 if role == "text-bold" else 22
        name_w = text_width(label, role, size)
        rule_w = text_width(rule, "text", SMALL) if rule else 0
        if not rule or name_w + 12 + rule_w <= room.w:
            size = fit_size(label, role, size, room.w, height=rect.h - 8)
            blit_text(surface, label, (x, rect.centery), role=role, size=size, color=P.INK,
                      anchor="midleft", by_ink=True, box=room)
            if rule:
                blit_text(surface, rule, (x + name_w + 12, rect.centery), size=SMALL,
                          color=P.INK_SOFT, anchor="midleft", by_ink=True, box=room)
            return
        # two lines: the name, and the rule under it (each as tall as half the row, an
        # accent's height aside: "Évangélisation" is set as large as "Renaissance")
        half = (rect.h - 6) / 2
        size = _fit_line(label, role, size, room.w, half)
        blit_text(surface, label, (x, rect.centery), role=role, size=size, color=P.INK,
                  anchor="bottomleft", by_ink=True, box=room.inflate(0, 8))
        small = _fit_line(rule, "text", SMALL, room.w, half)
        blit_text(surface, rule, (x, rect.centery + 4), size=small, color=P.INK_SOFT,
                  anchor="topleft", by_ink=True, box=room)

    def cell_sizes(self, row_h: float, col_w: float) -> tuple[bool, float, float]:
        """How the sheet's numbers and their notes are set: (stacked, number size, note
        size). Each note beside its number where every one has room; else (a larger
        text size) every note under its number, both a little smaller where the rows
        need it, the same in every cell (never as small as the 100 % size draws them)."""
        role, size = "text-semibold", 28
        cell_w = col_w - 12
        notes = [(str(row.points[seat]), counted_text(row, seat))
                 for row in self.sheet for seat in self.order]
        if all(text_width(note, "text", SMALL) + 10
               <= cell_w / 2 - text_width(value, role, size) / 2 for value, note in notes
               if note):
            return False, size, SMALL
        for k in (1.0, 0.95, 0.9, 0.85, 0.8, 0.75):
            v, n = size * k, SMALL * k
            if k < 1 and (real_size(v) <= real_size(size, 1.0)
                          or real_size(n) <= real_size(SMALL, 1.0)):
                break
            if reach(role, v) + reach("text", n) + 6 <= row_h - 6:
                return True, v, n
        return False, size, SMALL  # (no room under: beside, where each has room)

    def _draw_cell(self, surface: gfx.Canvas, rect: pygame.Rect, col: pygame.Rect,
                   value: str, note: str, bold: bool = False, soft: bool = False,
                   sizes: tuple[bool, float, float] = (False, 28, SMALL)) -> None:
        """One number of the sheet, centred in its column (so a column's numbers stand
        in a line); how it was counted in small print beside it, or under it as
        ``cell_sizes`` says."""
        stacked, size, small = sizes
        role = "text-semibold"
        if bold:
            role, size, stacked = "text-bold", 32, False
        color = P.INK_SOFT if soft else P.INK
        cell = pygame.Rect(col.x + 6, rect.y, col.w - 12, rect.h)
        if not value:
            return
        if stacked:
            tall = reach(role, size) + reach("text", small) + 6
            top = rect.centery - tall / 2  # (every number of a row on one line)
            blit_text(surface, value, (cell.centerx, top), role=role, size=size, color=color,
                      anchor="midtop", by_ink=True, box=cell)
            if note:
                blit_text(surface, note, (cell.centerx, top + tall), size=small,
                          color=P.INK_SOFT, anchor="midbottom", by_ink=True, box=cell)
            return
        blit_text(surface, value, cell.center, role=role, size=size, color=color,
                  anchor="center", by_ink=True, box=cell)
        x = cell.centerx + text_width(value, role, size) / 2 + 10
        beside = pygame.Rect(round(x), rect.y, cell.right - round(x), rect.h)
        if note and text_width(note, "text", small) <= beside.w:
            blit_text(surface, note, beside.midleft, size=small, color=P.INK_SOFT,
                      anchor="midleft", by_ink=True, box=beside)


def _fit_line(text: str, role: str, size: float, width: float, height: float) -> float:
    """The largest size up to ``size`` at which ``text`` fits ``width`` and a line of its
    font (a capital to a descender, accents aside) ``height``."""
    size = fit_size(text, role, round(size), round(width))
    while size > floor_size(12) and reach(role, size) > height:
        size -= 1
    return size


__all__ = ["ScoringScene"]
