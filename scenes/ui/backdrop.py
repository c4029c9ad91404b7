"""The sea behind the menus: compass rose, caravel and the game's name.

The title and setup screens (and the load-record list over the title) share it, so it
lives here rather than in either of them.
"""

from __future__ import annotations

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import t
from scenes.text.fonts import blit_text, fit_size
from scenes.ui import art
from scenes.ui import palette as P

ROOM = 840  # px around the centre line, clear of the caravel


def draw_title_backdrop(surface: gfx.Canvas) -> None:
    """Sea, compass rose, caravel and the game's name."""
    surface.blit(art.table_background(*surface.get_size()), (0, 0))
    rose = art.compass_rose(560)
    rose.set_alpha(70)
    surface.blit(rose, rose.get_rect(center=(1560, 300)))
    ship = art.caravel(300, 225)
    surface.blit(ship, ship.get_rect(center=(380, 290)))
    # The words sit between the caravel and the compass rose, in every language.
    title = t("game.title")
    blit_text(surface, title, (960, 200), role="display",
              size=fit_size(title, "display", 140, ROOM, smallest=80),
              color=P.BRASS_LIGHT, anchor="center")
    subtitle = t("game.subtitle")
    blit_text(surface, subtitle, (960, 310), role="display-italic",
              size=fit_size(subtitle, "display-italic", 38, ROOM, smallest=26),
              color=P.PARCHMENT, anchor="center")
    draw.line(surface, P.BRASS, (700, 356), (1220, 356), 2)


__all__ = ["draw_title_backdrop"]
