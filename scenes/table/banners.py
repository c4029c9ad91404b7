"""Banners for the events that matter, shown where the eye is, for a few seconds.

The log tells every step, but a player watching the table (a computer's turn above
all) should not have to read it to learn that a town was discovered, that India was
reached, that the final round has begun and who began it, or that a gain was lost
for want of a marker on Lisboa. Each of those gets a short banner over the place it
happened: the town's card, the player's board, the middle of the line.

The events are read from the log's own sentences for the step
(``scenes.text.narrate``, which asks the engine: ``lost_gains``, the states around
the step), so a banner never says what the log does not. A banner waits for the
step's film to play (it appears as the town has turned over), fades in, stays a few
seconds and fades out; time comes only from ``update(dt)``. Banners take no input:
clicks and keys go to the table beneath them, and play never waits for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.state import State
from game.steps import Step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.animations import Animation
from scenes.text.catalog import t
from scenes.text.fitting import fit_size
from scenes.text.fonts import line_height, render, text_width, wrap
from scenes.text.narrate import narrate
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.place import free_place

FADE_IN = 0.25
STAY = 4.0
FADE_OUT = 0.8
#: How opaque a banner stays while the player reaches under it.
SEE_THROUGH = 0.25
#: Banners shown at once at most (the oldest give way).
MOST = 4
WIDTH = 620          # the widest a banner grows
PAD = 16
HEADLINE = 28        # sizes, logical
DETAIL = 19
GAP = 8

Said = tuple[str, dict[str, object]]


@dataclass(eq=False)
class Banner:
    """One event: a headline and its details (keys and values, said when drawn), the
    player it is about (their marker is shown), the point it is centred on, and the
    film it waits for."""

    headline: Said
    details: list[Said]
    seat: int | None
    anchor: tuple[int, int]
    after: Animation | None = None
    age: float = 0.0
    rect: pygame.Rect = field(default_factory=pygame.Rect)

    @property
    def life(self) -> float:
        return FADE_IN + STAY + FADE_OUT

    @property
    def done(self) -> bool:
        return self.age >= self.life

    @property
    def alpha(self) -> int:
        """How opaque it is now (0..255): fading in, staying, fading out."""
        a = self.age
        if a < FADE_IN:
            k = a / FADE_IN
        elif a > FADE_IN + STAY:
            k = 1 - (a - FADE_IN - STAY) / FADE_OUT
        else:
            k = 1.0
        return max(0, min(255, round(255 * k)))


def banners_for(before: State, step: Step, after: State, layout: Layout) -> list[Banner]:
    """The banners a step deserves (often none), from the log's sentences for it."""
    sentences = narrate(before, step, after)
    keys = {key: values for key, values in sentences}
    seat = before.active
    name = before.names[seat]
    out: list[Banner] = []
    for key in ("log.discover", "log.discover_india"):
        if key in keys:
            pos = int(keys[key]["pos"])  # type: ignore[call-overload]
            vp = keys[key]["vp"]
            town = layout.rect(Z.town(pos)) if layout.has(Z.town(pos)) else None
            anchor = town.center if town is not None else _middle(layout)
            if key == "log.discover_india":
                out.append(Banner(("banner.india", {}),
                                  [("banner.india.by", {"name": name, "pos": pos, "count": vp})],
                                  seat, anchor))
            else:
                out.append(Banner(("banner.discover", {"pos": pos}),
                                  [("banner.discover.by", {"name": name, "count": vp})],
                                  seat, anchor))
    lost: list[Said] = []
    if "log.lost_wealth" in keys:
        lost.append(("banner.lost.wealth",
                     {"name": name, "count": keys["log.lost_wealth"]["amount"]}))
    if "log.lost_vp" in keys:
        lost.append(("banner.lost.vp", {"name": name, "count": keys["log.lost_vp"]["amount"]}))
    if lost:
        board = Z.board(seat)
        anchor = (layout.rect(board).centerx, layout.rect(board).y + 120) if layout.has(
            board) else _middle(layout)
        out.append(Banner(("banner.lost", {}), lost, seat, anchor))
    if "log.final_round" in keys:
        how = "banner.final_round.india" if "log.discover_india" in keys \
            else "banner.final_round.stock"
        out.append(Banner(("banner.final_round", {}), [(how, {"name": name})], seat,
                          _middle(layout)))
    return out


def _middle(layout: Layout) -> tuple[int, int]:
    """The middle of the table, over the sea strip under the line of towns."""
    sea = layout.rect(Z.sea(1)) if layout.has(Z.sea(1)) else pygame.Rect(0, 540, 1, 1)
    return layout.size[0] // 2, sea.centery


@gfx.scaled_cache(maxsize=32)
def banner_image(headline: str, details: tuple[str, ...], seat: int | None,
                 palette: str) -> gfx.Canvas:
    """A banner's plate: dark sea, a brass edge, the player's marker at the left, the
    headline in the display face and the details beneath, wrapped to the width."""
    mark = 46 if seat is not None else 0
    room = WIDTH - 2 * PAD - (mark + 12 if mark else 0)
    head_size = fit_size(headline, "display", HEADLINE, room)
    lines = [line for d in details for line in wrap(d, "text", DETAIL, room)]
    text_w = max([text_width(headline, "display", head_size),
                  *(text_width(x, "text", DETAIL) for x in lines)])
    w = round(min(WIDTH, text_w + 2 * PAD + (mark + 12 if mark else 0)))
    # lines spaced by their fonts' own line heights: larger letters take more room
    head_h, line_h = line_height("display", head_size), line_height("text", DETAIL)
    h = round(head_h + line_h * len(lines) + 2 * PAD - 2)
    surf = gfx.surface((w, h))
    rect = surf.get_rect()
    draw.rect(surf, P.SEA_DEEP, rect, border_radius=12)  # opaque: no word shows through
    draw.rect(surf, P.BRASS, rect, 3, border_radius=12)
    draw.rect(surf, P.BRASS_DARK, rect.inflate(-8, -8), 1, border_radius=9)
    x = PAD
    if seat is not None:
        img = art.marker(seat, mark, palette)
        surf.blit(img, img.get_rect(center=(PAD + mark // 2, h // 2)))
        x += mark + 12
    y: float = PAD - 4
    head = render(headline, "display", head_size, P.HIGHLIGHT)
    surf.blit(head, (x, y))
    y += head_h
    for line in lines:
        img = render(line, "text", DETAIL, (244, 234, 210))
        surf.blit(img, (x, y))
        y += line_h
    return surf


class Banners:
    """The banners waiting for their film, and those shown."""

    def __init__(self) -> None:
        self.items: list[Banner] = []

    def add(self, banners: Sequence[Banner], after: Animation | None = None) -> None:
        """Banners of one step, shown once ``after`` (its film) has played."""
        for banner in banners:
            banner.after = after
            self.items.append(banner)

    def waiting(self, banner: Banner, playing: Sequence[Animation]) -> bool:
        return banner.after is not None and any(f is banner.after for f in playing)

    def update(self, dt: float, playing: Sequence[Animation] = (),
               still: bool = False) -> None:
        """Age the banners shown (those whose film is still in ``playing`` wait).
        ``still`` (Animations Off): a banner shows whole at once and stays, unfaded,
        until the player acts (``dismiss``), so nothing moves or vanishes by itself."""
        for banner in self.items:
            if still:
                banner.age = FADE_IN
            elif not self.waiting(banner, playing):
                banner.age += max(0.0, dt)
        self.items = [b for b in self.items if not b.done]
        shown = [b for b in self.items if b.age > 0]
        for old in shown[:max(0, len(shown) - MOST)]:
            self.items.remove(old)

    @property
    def shown(self) -> list[Banner]:
        return [b for b in self.items if b.age > 0 and not b.done]

    def clear(self) -> None:
        self.items.clear()

    def dismiss(self) -> None:
        """The player acted: the banners shown have been seen."""
        self.items = [b for b in self.items if b.age <= 0]

    def draw(self, surface: gfx.Canvas, palette: str = "classic", *, holding: bool = False,
             pointer: tuple[int, int] | None = None,
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """Each banner shown, centred on its event's place inside the table; one that
        would cover an earlier one, or what the player must read next (``avoid``: the
        lit targets, the status line, the lesson's panel), stands at the free place
        nearest it. While a marker is in the hand, or under the pointer, a banner is all
        but clear, so what lies beneath is seen through it."""
        placed: list[pygame.Rect] = []
        bounds = surface.get_rect().inflate(-16, -16)
        for banner in self.shown:
            image = banner_image(t(banner.headline[0], **banner.headline[1]),
                                 tuple(t(k, **v) for k, v in banner.details), banner.seat,
                                 palette)
            rect = image.get_rect(center=banner.anchor).clamp(bounds)
            clear = [*avoid, *(other.inflate(2 * GAP, 2 * GAP) for other in placed)]
            if rect.collidelist(clear) != -1:
                rect = free_place(rect.size, rect, bounds, clear) or rect
            banner.rect = rect
            placed.append(rect)
            alpha = banner.alpha
            if holding or (pointer is not None and rect.collidepoint(pointer)):
                alpha = round(alpha * SEE_THROUGH)
            image.set_alpha(alpha)
            surface.blit(image, rect)
            image.set_alpha(None)


__all__ = ["Banner", "Banners", "banner_image", "banners_for"]
