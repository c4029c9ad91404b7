"""A static look at the table: a real game state drawn with every piece of art.

Until the playing table exists this is where a game opens, and it is how the look
is judged: ``sail-to-india --preview [--players 3]`` shows a crafted position on a
real deal with every kind of piece in play (13 markers a player, as in a game).
Hovering names the zone under the pointer, to check the layout.
"""

from __future__ import annotations

import pygame

from game.deal import deal_towns
from game.state import TECH_INDEX, State
from scenes.layout import Layout, table_layout
from scenes.scene import Scene, go_to
from scenes.tabledraw import TableView, draw_table
from scenes.text import t

SAMPLE_NAMES = ("Ann", "Bob", "Cy", "Dan")


# A crafted mid-game position, seat by seat, so that every kind of piece shows:
# (wealth, vp, speed, techs, ships {sea: n}, goods ["3g1"], buildings ["3b1"], lisboa).
_SAMPLE = (
    (7, 4, 2, ("map", "factory"), {5: 2}, ["1g1"], ["1b1"], 1),
    (12, 3, 3, ("metallurgy", "bank-system", "architecture"), {8: 1}, ["2g1"], ["2b2"],
     0),
    (4, 9, 1, ("geography",), {1: 2}, ["3g2"], ["3b1"], 1),
    (2, 1, 2, ("guild",), {7: 1, 4: 1}, ["7g2", "8g1"], ["4b1"], 0),
)


def sample_state(players: int = 4, seed: int = 5) -> State:
    """A picture of a game in progress (for judging the look, not a played position).

    Built on a real deal; every player still has exactly 13 markers."""
    st = State.start(list(SAMPLE_NAMES[:players]), deal_towns(players, seed))
    st.revealed = 8
    for seat in range(players):
        wealth, vp, speed, techs, ships, goods, buildings, lisboa = _SAMPLE[seat]
        st.wealth[seat], st.vp[seat], st.speed[seat] = wealth, vp, speed
        for tech in techs:
            st.tech_owner[TECH_INDEX[tech]] = seat
        for pos, count in ships.items():
            st.ships[seat * (st.size + 1) + pos] = count
        for space in goods:
            pos, k = int(space[:-2]), int(space[-1])
            st.goods[(pos - 1) * 2 + k - 1] = seat
        for space in buildings:
            pos, k = int(space[:-2]), int(space[-1])
            st.buildings[(pos - 1) * 2 + k - 1] = seat
        st.lisboa[seat] = lisboa
        placed = st.markers_by_place(seat)
        st.stock[seat] = 0
        st.stock[seat] = max(0, 13 - sum(placed.values()) + placed["stock"])
    st.active, st.ap, st.turn = 1, 1, 14
    return st


class TablePreview(Scene):
    """Draws one state of the table; Esc goes back to the title."""

    def __init__(self, state: State, session: object | None = None,
                 layout: Layout | None = None) -> None:
        super().__init__()
        self.state = state
        self.session = session  # the table scene will play it; kept for that hook
        self.layout = layout or table_layout()
        self.view = TableView(
            status=t("preview.status"),
            log=[t(f"preview.log.{i}") for i in range(1, 5)],
            buttons={"button_undo": "disabled", "button_done": "disabled"},
        )

    def enter(self) -> None:
        if self.app is not None:
            self.view.palette = self.app.settings.palette

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            zone = self.layout.zone_at(event.pos)
            self.view.hover = zone
            self.view.status = t("preview.zone", zone=zone) if zone else t("preview.keys")
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_title()
                return True
            if event.key == pygame.K_p:
                self.view.palette = "colorblind" if self.view.palette == "classic" else "classic"
                return True
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.layout.zone_at(event.pos) == "button_menu"):
            self.to_title()
            return True
        return False

    def to_title(self) -> None:
        from scenes.title import TitleScene

        assert self.stack is not None
        go_to(self.stack, TitleScene())

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(surface, self.layout, self.state, self.view)


__all__ = ["SAMPLE_NAMES", "TablePreview", "sample_state"]
