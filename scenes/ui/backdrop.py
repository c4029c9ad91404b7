"""The sea behind the menus: compass rose, caravel and the game's name.

The title and setup screens (and the load-record list over the title) share it, so it
lives here rather than in either of them.
"""

from __future__ import annotations

import pygame

from scenes.text.catalog import t
from scenes.text.fonts import blit_text
from scenes.ui import art
from scenes.ui import palette as P


def draw_title_backdrop(surface: pygame.Surface) -> None:
    """Sea, compass rose, caravel and the game's name."""
    surface.blit(art.table_background(*surface.get_size()), (0, 0))
    rose = art.compass_rose(560)
    rose.set_alpha(70)
    surface.blit(rose, rose.get_rect(center=(1560, 300)))
    ship = art.caravel(300, 225)
    surface.blit(ship, ship.get_rect(center=(380, 290)))
    blit_text(surface, t("game.title"), (960, 200), role="display", size=140,
              color=P.BRASS_LIGHT, anchor="center")
    blit_text(surface, t("game.subtitle"), (960, 310), role="display-italic", size=38,
              color=P.PARCHMENT, anchor="center")
    pygame.draw.line(surface, P.BRASS, (700, 356), (1220, 356), 2)


__all__ = ["draw_title_backdrop"]
