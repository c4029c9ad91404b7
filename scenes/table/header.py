"""A player's board's header: their marker and name, and at an online table how long
they have been gone and their clock, then their wealth and VP, always as numbers.

The name gives way to what must be read; it is never drawn over the numbers.
"""

from __future__ import annotations

import math

import pygame

from game.state import State
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import t
from scenes.text.fitting import fit_size
from scenes.text.fonts import blit_text, render, text_width
from scenes.ui import art
from scenes.ui import palette as P

LIGHT_TEXT = (244, 234, 210)
#: A clock running short, on a board's dark header.
SHORT_CLOCK = (255, 136, 110)
#: The pill saying a player is away, on a board's dark header.
AWAY_PILL = (150, 44, 30)


def draw_header(surface: gfx.Canvas, r: pygame.Rect, st: State, seat: int, active: bool,
                palette: str, clock: tuple[str, bool] = ("", False), away: str = "") -> None:
    """A player's board's header in ``r``: their marker and name, how long they have
    been gone (``away``, at an online table), their clock (its words, and whether it
    runs short), wealth and VP."""
    mk = art.marker(seat, 38, palette)
    if away:  # a player not at the table: their marker dimmed
        mk = mk.copy()
        mk.set_alpha(110)
    surface.blit(mk, mk.get_rect(center=(r.x + 20, r.centery)))
    name = st.names[seat]
    color = P.HIGHLIGHT if active else LIGHT_TEXT
    # Numbers on the right: wealth (a coin) and VP, always as numbers.
    vp = render(t("board.vp.short", n=st.vp[seat]), "text-bold", 26, LIGHT_TEXT)
    vp_rect = vp.get_rect(midright=(r.right - 4, r.centery))
    surface.blit(vp, vp_rect)
    wealth = render(t("board.wealth.short", n=st.wealth[seat]), "text-bold", 26, LIGHT_TEXT)
    w_rect = wealth.get_rect(midright=(vp_rect.left - 18, r.centery))
    surface.blit(wealth, w_rect)
    coin = art.good_icon("gold", 30)
    coin_rect = coin.get_rect(midright=(w_rect.left - 4, r.centery))
    surface.blit(coin, coin_rect)
    room = coin_rect.left - (r.x + 44) - 8
    words, short = clock
    if words:  # the player's clock, between the name and the numbers
        ink = SHORT_CLOCK if short else (P.HIGHLIGHT if active else LIGHT_TEXT)
        face_words = render(words, "text-semibold", 22, ink)
        c_rect = face_words.get_rect(midright=(coin_rect.left - 14, r.centery))
        face = c_rect.left - 14
        draw.circle(surface, ink, (face, r.centery), 9, 2)
        draw.line(surface, ink, (face, r.centery), (face, r.centery - 6), 2)
        draw.line(surface, ink, (face, r.centery), (face + 4, r.centery), 2)
        surface.blit(face_words, c_rect)
        room = face - 9 - (r.x + 44) - 10
    if away:  # how long they have been gone, in a pill after the name
        pill_w = min(room // 2, math.ceil(text_width(away, "text-semibold", 20)) + 24)
        size = fit_size(name, "display", 30, room - pill_w - 12)
        name_w = math.ceil(text_width(name, "display", size))
        pill = pygame.Rect(r.x + 44 + name_w + 12, 0, pill_w, 30)
        pill.centery = r.centery
        draw.rect(surface, AWAY_PILL, pill, border_radius=15)
        pill_size = fit_size(away, "text-semibold", 20, pill_w - 16)
        blit_text(surface, away, pill.center, role="text-semibold", size=pill_size,
                  color=LIGHT_TEXT, anchor="center")
    else:
        size = fit_size(name, "display", 30, room)
    blit_text(surface, name, (r.x + 44, r.centery), role="display", size=size, color=color,
              anchor="midleft")


__all__ = ["AWAY_PILL", "SHORT_CLOCK", "draw_header"]
