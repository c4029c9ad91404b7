"""The end of a game: every player's score, part by part, and who won and why.

The numbers are the engine's own breakdown (``game.scoring``), so the screen shows
exactly what was counted: historian VP, each kind of building, each technology
bonus, the total, and the tiebreak that decided when points were level.
"""

from __future__ import annotations

import pygame

from game.cards import CHURCH, MARKETPLACE, STRONGHOLD
from game.scoring import Breakdown, breakdown, deciding_tiebreak
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.core.navigator import Screen
from scenes.core.saves import new_game_file, records_dir, save_record, why_not_written
from scenes.core.scene import Scene
from scenes.core.session import GameSession, Session, load_session
from scenes.text.catalog import t
from scenes.text.fonts import blit_text, fit_size, ink_height, line_height
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.focus import Focus, Focusable, of_widgets
from scenes.ui.widgets import Button

COLUMNS = ("score.historians", "score.strongholds", "score.churches", "score.marketplaces",
           "score.techs", "score.total")
#: Each column's share of the width: the technologies column lists each bonus by name.
WEIGHTS = (1.0, 1.0, 1.0, 1.0, 1.8, 1.0)
#: The size of the table's small print (wealth, buildings counted, technologies): the
#: technology breakdown reads like the rest, never smaller.
SMALL = 18
#: The buildings counted under each building column's points ("2 churches").
COUNTED = {STRONGHOLD: "score.count.stronghold", CHURCH: "score.count.church",
           MARKETPLACE: "score.count.marketplace"}


class ScoringScene(Scene):
    """Final scores; Play again, Save record, Review game, Final table, Title."""

    music = False  # the end's cadence, then quiet

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        #: The online table this game was played at (None: played here).
        self.online: GameSession | None = None
        if not isinstance(session, Session):
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
        self.tiebreak = deciding_tiebreak(st, self.scores)
        self.message = ""
        y = 960
        self.buttons = [
            Button((285, y, 250, 64), "score.again", self.play_again),
            Button((560, y, 250, 64), "score.save", self.save),
            Button((1385, y, 250, 64), "score.title", self.title),
            Button((835, y, 250, 64), "score.review", self.review),
            Button((1110, y, 250, 64), "score.final_table", self.final_table),
        ]
        #: Tab and the arrows over the buttons, left to right; Enter or Space presses.
        self.focus = Focus()

    def focusables(self) -> list[Focusable]:
        return of_widgets(sorted(self.buttons, key=lambda b: b.rect.x))

    @property
    def palette(self) -> str:
        return self.settings.palette

    def play_again(self) -> None:
        if self.online is not None:  # the same seats at a new deal, at the same table
            self.go(Screen.WAITING_ROOM, rematch=self.online)
            return
        old = self.session
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

    def handle(self, event: pygame.event.Event) -> bool:
        self.focus.set_items(self.focusables())
        if self.focus.handle(event):
            return True
        return any(button.handle(event) for button in self.buttons)

    def tiebreak_text(self) -> str:
        st = self.session.state
        if self.tiebreak is None:
            return ""
        if self.tiebreak == "india":
            return t("score.tiebreak.india", name=st.names[st.india])
        return t(f"score.tiebreak.{self.tiebreak}")

    def draw(self, surface: gfx.Canvas) -> None:
        st = self.session.state
        surface.blit(art.table_background(*surface.get_size()), (0, 0))
        plate = pygame.Rect(160, 60, 1600, 870)
        surface.blit(art.parchment(plate.w, plate.h, radius=20, seed=21), plate)
        draw.rect(surface, P.BRASS_DARK, plate, 4, border_radius=20)
        # the heading, the winner and the tie-break note, each in its own band
        names = " & ".join(st.names[w] for w in self.winners)
        key = "score.winner" if len(self.winners) == 1 else "score.winners"
        for text, role, size, color, top, height in (
                (t("score.heading"), "display", 60, P.INK, 24, 78),
                (t(key, names=names), "display", 44, P.BRASS_DARK, 106, 58),
                (self.tiebreak_text(), "text", 24, P.INK, 168, 40)):
            if text:
                band = pygame.Rect(plate.x + 40, plate.y + top, plate.w - 80, height)
                size = fit_size(text, role, size, band.w, height=band.h - 6)
                blit_text(surface, text, band.center, role=role, size=size, color=color,
                          anchor="center", box=band, by_ink=True)
        self._draw_table(surface, plate)
        if self.message:
            blit_text(surface, self.message, (plate.centerx, plate.bottom - 40), size=22,
                      color=P.INK, anchor="center")
        for button in self.buttons:
            button.draw(surface)
        self.focus.set_items(self.focusables())
        self.focus.draw(surface)

    def _draw_table(self, surface: gfx.Canvas, plate: pygame.Rect) -> None:
        st = self.session.state
        x0 = plate.x + 60
        name_w = 360
        unit = (plate.w - 120 - name_w) / sum(WEIGHTS)
        lefts = [x0 + name_w + round(unit * sum(WEIGHTS[:i])) for i in range(len(COLUMNS))]
        widths = [round(unit * w) for w in WEIGHTS]
        centers = [left + w // 2 for left, w in zip(lefts, widths, strict=True)]
        y = plate.y + 230
        # the column heads at one size, the one the longest for its column fits
        size = min(fit_size(t(key), "text-semibold", 22, widths[i] - 8, height=30)
                   for i, key in enumerate(COLUMNS))
        for i, key in enumerate(COLUMNS):
            blit_text(surface, t(key), (centers[i], y + 18), role="text-semibold", size=size,
                      color=P.INK, anchor="center", by_ink=True)
        y += 50
        order = sorted(range(st.n), key=lambda s: -self.scores[s])
        row_h = (plate.bottom - 90 - y) // max(1, st.n)
        for seat in order:
            row = self.rows[seat]
            band = pygame.Rect(x0 - 20, y, plate.w - 80, row_h - 10)
            if seat in self.winners:
                draw.rect(surface, P.HIGHLIGHT, band, border_radius=12)
            draw.rect(surface, P.player_color(seat, self.palette), band, 3,
                             border_radius=12)
            mk = art.marker(seat, 44, self.palette)
            surface.blit(mk, mk.get_rect(center=(x0 + 16, band.centery)))
            name = st.names[seat]
            blit_text(surface, name, (x0 + 50, band.centery - 4), role="display",
                      size=fit_size(name, "display", 36, name_w - 60, height=band.h / 2 - 14),
                      color=P.INK, anchor="bottomleft", by_ink=True)
            wealth = t("score.wealth", n=st.wealth[seat])
            blit_text(surface, wealth, (x0 + 50, band.centery + 6), color=P.INK,
                      size=fit_size(wealth, "text", SMALL, name_w - 60, height=band.h / 2 - 10),
                      anchor="topleft", by_ink=True)
            self._draw_row(surface, row, band, centers, widths)
            y += row_h

    def _draw_row(self, surface: gfx.Canvas, row: Breakdown, band: pygame.Rect,
                  centers: list[int], widths: list[int]) -> None:
        """One player's points, column by column; under a building column's points the
        buildings they count ("2 churches"), under the technologies' each bonus by name,
        so no column reads as a count of something else."""
        points = row.building_points
        values = [row.historian_vp, points[STRONGHOLD], points[CHURCH],
                  points[MARKETPLACE], sum(row.tech_bonus.values()), row.total]
        counts = {STRONGHOLD: row.strongholds, CHURCH: row.churches,
                  MARKETPLACE: row.marketplaces}
        notes: list[list[str]] = [[], *([t(COUNTED[kind], count=counts[kind])]
                                        if counts[kind] else []
                                        for kind in (STRONGHOLD, CHURCH, MARKETPLACE)),
                                  [t("score.tech_line", tech=t(f"tech.{tid}"), points=p)
                                   for tid, p in row.tech_bonus.items()], []]
        step = line_height("text", SMALL)  # the notes' lines, by their font
        below = ink_height("0", "text-semibold", 28) / 2 + 6  # the notes under the number
        # the numbers on one line, raised as far as the longest notes need
        most = max(len(lines) for lines in notes)
        top = band.centery - 8 - (most * step) / 2
        top = max(band.y + below + 4, min(top, band.bottom - 4 - most * step - below))
        for i, value in enumerate(values):
            last = i == len(values) - 1
            lines = notes[i]
            blit_text(surface, str(value), (centers[i], top),
                      role="text-bold" if last else "text-semibold",
                      size=34 if last else 28, color=P.INK, anchor="center", by_ink=True)
            for k, line in enumerate(lines):
                size = fit_size(line, "text", SMALL, widths[i] - 8)
                blit_text(surface, line, (centers[i], top + below + k * step), size=size,
                          color=P.INK, anchor="midtop", box=band)


__all__ = ["ScoringScene"]
