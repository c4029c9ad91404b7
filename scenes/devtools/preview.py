"""A static look at the table: a crafted game state drawn with every piece of art.

It is how the look is judged: ``python -m scenes.devtools --preview [--players 3]`` shows a
crafted position on a real deal with every kind of piece in play (every player's
markers all placed, as in a game). Hovering names the zone under the pointer, to
check the layout. It is a developer's tool, not a screen players reach.
"""

from __future__ import annotations

import pygame

from game.deal import deal_towns
from game.state import MARKERS_PER_PLAYER, TECH_INDEX, State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.layout import Layout, table_layout
from scenes.core.navigator import Screen
from scenes.core.scene import Scene
from scenes.table.draw import TableView, draw_table
from scenes.text.catalog import t

SAMPLE_NAMES = ("Ann", "Bob", "Cy", "Dan")

#: The name the developers' command registers the preview under (not a screen players
#: reach, so not one of ``Screen``).
PREVIEW = "preview"


# A crafted mid-game position, seat by seat, so that every kind of piece shows:
# (wealth, vp, speed, techs, ships {sea: n}, goods, buildings, lisboa).
_SAMPLE = (
    (7, 4, 2, ("map", "factory"), {5: 2}, [("g", 1, 1)], [("b", 1, 1)], 1),
    (12, 3, 3, ("metallurgy", "bank-system", "architecture"), {8: 1}, [("g", 2, 1)],
     [("b", 2, 2)], 0),
    (4, 9, 1, ("geography",), {1: 2}, [("g", 3, 2)], [("b", 3, 1)], 1),
    (2, 1, 2, ("guild",), {7: 1, 4: 1}, [("g", 7, 2), ("g", 8, 1)], [("b", 4, 1)], 0),
)


def sample_state(players: int = 4, seed: int = 5) -> State:
    """A picture of a game in progress (for judging the look, not a played position).

    Built on a real deal; every player still has all ``MARKERS_PER_PLAYER`` markers."""
    st = State.start(list(SAMPLE_NAMES[:players]), deal_towns(players, seed))
    st.revealed = 8
    for seat in range(players):
        wealth, vp, speed, techs, ships, goods, buildings, lisboa = _SAMPLE[seat]
        st.wealth[seat], st.vp[seat], st.speed[seat] = wealth, vp, speed
        for tech in techs:
            st.tech_owner[TECH_INDEX[tech]] = seat
        for pos, count in ships.items():
            st.add_ships(seat, pos, count)
        for space in (*goods, *buildings):
            st.set_owner(space, seat)
        st.lisboa[seat] = lisboa
        placed = st.markers_by_place(seat)
        st.stock[seat] = 0
        st.stock[seat] = max(0, MARKERS_PER_PLAYER - sum(placed.values()) + placed["stock"])
    st.active, st.ap, st.turn = 1, 1, 14
    return st


class TablePreview(Scene):
    """Draws one state of the table; Esc goes back to the title."""

    def __init__(self, state: State, layout: Layout | None = None) -> None:
        super().__init__()
        self.state = state
        self.layout = layout or table_layout(state.n)
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
                and self.layout.zone_at(event.pos) == Z.button("menu")):
            self.to_title()
            return True
        return False

    def to_title(self) -> None:
        self.go(Screen.TITLE)

    def draw(self, surface: gfx.Canvas) -> None:
        draw_table(surface, self.layout, self.state, self.view)


__all__ = ["PREVIEW", "SAMPLE_NAMES", "TablePreview", "sample_state"]
