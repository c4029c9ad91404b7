"""The sea behind the menus: compass rose, caravel and the game's name.

The title and setup screens (and the load-record list over the title) share it, so it
lives here rather than in either of them.
"""

from __future__ import annotations

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, roomy_size
from scenes.text.fonts import blit_text, floor_size, line_height, real_size, text_width
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
    # (as wide as its room: a little smaller at 100 %, so 150 % sets it larger)
    size = roomy_size(title, "display", 140, ROOM, smallest=80)
    blit_text(surface, title, (960, 200), role="display", size=size,
              color=P.BRASS_LIGHT, anchor="center")
    subtitle = t("game.subtitle")
    lines, size = _subtitle_lines(subtitle)
    step = line_height("display-italic", size)
    top = 310 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        blit_text(surface, line, (960, top + i * step), role="display-italic", size=size,
                  color=P.PARCHMENT, anchor="center")
    rule = max(356, round(top + (len(lines) - 1) * step + step / 2 + 8))
    draw.line(surface, P.BRASS, (700, rule), (1220, rule), 2)


def _subtitle_lines(text: str) -> tuple[list[str], float]:
    """The subtitle on one line, as large as ``ROOM`` allows; at a larger text size,
    when one line cannot be set larger than 100 % sets it, on two lines instead (a
    long line wraps rather than stays as small)."""
    role, smallest = "display-italic", 26

    def one_line(text_size: float | None) -> float:
        size = 38
        while size > floor_size(smallest) and text_width(text, role, size, text_size) > ROOM:
            size -= 1
        return size

    size = one_line(None)
    if gfx.VIEW.text <= 1.0 or real_size(size) > real_size(one_line(1.0), 1.0):
        return [fit_lines(text, role, size, ROOM, 1)[1][0]], size
    size, lines = fit_lines(text, role, 38, ROOM, 2)
    return lines, size


__all__ = ["draw_title_backdrop"]
