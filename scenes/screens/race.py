"""The race over the game, drawn beside the score sheet: how each player's points went.

A finished game's sheet says who won and by what; the race says how: each player's
points after every turn of the game, as the engine would have scored them had the
game ended there (``game.scoring.final_scores`` on the state after that turn: VP on
historians, the buildings held, the end bonuses of the technologies owned). The last
point of each line is that player's total on the sheet. The lines are drawn as the
sheet is counted (``shown``: the share of the game drawn so far), each in its
player's colour over a dark edge, so a yellow line reads on parchment, with the
player's marker (its shape tells it apart without colour) and total at its end.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.scoring import final_scores
from game.state import State
from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import blit_text, even_lines, line_height
from scenes.ui import art
from scenes.ui import palette as P


@dataclass(frozen=True)
class Race:
    """Each player's points after each turn of a game (``points[seat][i]``), and the
    round each point ends (``rounds[i]``); the first point is the deal (0 each)."""

    rounds: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]

    @property
    def highest(self) -> int:
        return max((max(line) for line in self.points), default=0)


def race_of(states: list[State] | tuple[State, ...], steps: list[str] | tuple[str, ...]) -> Race:
    """The race of a game from its states (``states[i + 1]`` follows ``steps[i]``): a
    point at the end of every turn, and at the game's last step."""
    first = states[0]
    rounds = [0]
    points: list[list[int]] = [[0] for _ in range(first.n)]
    last = len(steps) - 1
    for i, step in enumerate(steps):
        if step != "end" and i != last:
            continue
        st = states[i + 1]
        for seat, score in enumerate(final_scores(st)):
            points[seat].append(score)
        rounds.append((states[i].turn - 1) // first.n + 1)  # (a turn is one player's)
    return Race(tuple(rounds), tuple(tuple(line) for line in points))


#: The chart's margins inside its box (logical units): the title's band, room for the
#: points' figures at the left, the rounds' under the plot and the totals at the right.
TITLE_H, LEFT, BOTTOM, RIGHT = 92, 56, 70, 96
#: The small print's size (13 real pixels at 1280x720).
SMALL = 21


def _step(highest: int) -> int:
    """The points between two grid lines: about five lines, at a round number."""
    for step in (1, 2, 5, 10, 20, 25, 50):
        if highest / step <= 6:
            return step
    return 100


def draw_race(surface: gfx.Canvas, box: pygame.Rect, race: Race, order: list[int],
              winners: list[int], palette: str,
              shown: float = 1.0) -> None:
    """The race in ``box``: its title and what it shows, the grid, a line per player
    (``shown``: the share of the game drawn so far, 0 to 1), the winners' thicker,
    each ending in the player's marker and total."""
    title = t("score.race")
    size = fit_size(title, "display", 34, box.w - 16, height=40)
    blit_text(surface, title, (box.x + 8, box.y + 4), role="display", size=size,
              color=P.INK, box=box)
    note = t("score.race.note")
    small, lines = fit_lines(note, "text", SMALL, box.w - 16, 3, smallest=SMALL)
    lines = even_lines(note, "text", small, box.w - 16) if len(lines) > 1 else lines
    y: float = box.y + 48
    for text in lines:
        blit_text(surface, text, (box.x + 8, y), size=small, color=P.INK_SOFT, box=box)
        y += line_height("text", small)
    plot = pygame.Rect(box.x + LEFT, max(box.y + TITLE_H, round(y) + 12), 0, 0)
    plot.w = box.right - RIGHT - plot.x
    plot.h = box.bottom - BOTTOM - plot.y
    if plot.w < 40 or plot.h < 40 or len(race.rounds) < 2:
        return
    top = max(5, race.highest)
    step = _step(top)
    top = math.ceil(top / step) * step
    turns = len(race.rounds) - 1

    def at(i: float, value: float) -> tuple[float, float]:
        return (plot.x + plot.w * i / turns, plot.bottom - plot.h * value / top)

    # the grid: a line every few points, figured at the left; rounds under the plot
    figures = fit_size("100", "text", SMALL, LEFT - 12)
    for value in range(0, top + 1, step):
        _, gy = at(0, value)
        draw.line(surface, P.PARCHMENT_DEEP, (plot.x, round(gy)), (plot.right, round(gy)), 1)
        blit_text(surface, str(value), (plot.x - 10, gy), size=figures, color=P.INK_SOFT,
                  anchor="midright", by_ink=True)
    draw.line(surface, P.INK_SOFT, plot.bottomleft, plot.bottomright, 2)
    draw.line(surface, P.INK_SOFT, plot.topleft, plot.bottomleft, 2)
    rounds = sorted(set(race.rounds[1:]))
    every = max(1, math.ceil(len(rounds) / max(1, plot.w // 44)))
    for n in rounds[::every]:
        i = max(k for k, r in enumerate(race.rounds) if r == n)
        x, _ = at(i, 0)
        draw.line(surface, P.INK_SOFT, (round(x), plot.bottom), (round(x), plot.bottom + 6), 2)
        blit_text(surface, str(n), (x, plot.bottom + 8), size=figures, color=P.INK_SOFT,
                  anchor="midtop")
    axis = t("score.race.rounds")
    asize = fit_size(axis, "text", SMALL, plot.w, height=26)
    blit_text(surface, axis, (plot.centerx, box.bottom - 2), size=asize, color=P.INK_SOFT,
              anchor="midbottom", by_ink=True, box=box)
    # the lines, drawn up to the share of the game shown; the winners' last, on top
    reach = max(0.0, min(1.0, shown)) * turns
    ends: list[tuple[float, int, int]] = []
    for seat in sorted(order, key=lambda s: s in winners):
        line = race.points[seat]
        pts = [at(i, line[i]) for i in range(int(reach) + 1)]
        if reach < turns:
            i = int(reach)
            k = reach - i
            pts.append(at(reach, line[i] + (line[i + 1] - line[i]) * k))
        wide = 6 if seat in winners else 4
        if len(pts) >= 2:
            draw.lines(surface, P.INK, False, pts, wide + 4)
            draw.lines(surface, P.player_color(seat, palette), False, pts, wide)
        ends.append((pts[-1][1], seat, line[min(turns, math.ceil(reach))]))
    if shown < 1.0:
        return
    # each player's marker and total at the end of their line, spread apart to read
    ends.sort()
    placed: list[float] = []
    for end, seat, total in ends:
        y = min(max(end, placed[-1] + 34) if placed else end, box.bottom - 14)
        placed.append(y)
        mark = art.marker(seat, 28, palette)
        surface.blit(mark, mark.get_rect(midleft=(plot.right + 8, round(y))))
        blit_text(surface, str(total), (plot.right + 42, y), role="text-bold", size=26,
                  color=P.INK, anchor="midleft", by_ink=True)


__all__ = ["Race", "draw_race", "race_of"]
