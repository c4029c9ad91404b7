"""The player's hand at the table: picking a marker up, holding it, dropping it.

Pressing on one of the active player's markers picks it up (``piece_at`` finds it
from the zones under the pointer); the zones the engine would accept it on are
computed once (``targets.drops_for``) and lit. Releasing over one of them gives the
``Drop`` to make; releasing anywhere else slides the marker back to where it was
picked up, and ``refusal_at`` says why in the engine's words. This module never
makes a step: the table hands the drop to ``scenes.table.actions``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.state import State
from scenes.core import gfx, tween
from scenes.core import zones as Z
from scenes.core.layout import Layout
from scenes.table.draw import ship_box
from scenes.table.targets import (
    Drop,
    Piece,
    Staging,
    drops_for,
    explain,
    in_play,
    intended,
    shown_state,
    staged_arrivals,
)
from scenes.ui import art

HELD_SIZE = 46
SLIDE_SECONDS = 0.25


@dataclass
class Held:
    """The marker in the player's hand."""

    piece: Piece
    origin: tuple[int, int]
    pos: tuple[int, int]
    drops: dict[str, Drop]
    image: gfx.Canvas


@dataclass
class Slide:
    """A marker sliding back to where it was picked up."""

    image: gfx.Canvas
    start: tuple[int, int]
    end: tuple[int, int]
    tween: tween.Tween


def piece_at(st: State, staging: Staging, layout: Layout, pos: tuple[int, int]) -> Piece | None:
    """The active player's marker under the pointer that can be picked up, if any."""
    seat = st.active
    shown = shown_state(st, staging)
    names = layout.zones_at(pos)
    over_a_lisboa_row = any(z.kind == "lisboa" and z.seat is not None
                            for z in map(Z.parse, names))
    for name in names:
        z = Z.parse(name)
        if not in_play(st, z):
            continue  # an absent town's space or sea: nothing of the player's is there
        kind = z.kind
        if kind == "stock" and z.seat == seat and shown.stock[seat]:
            return ("stock", seat)
        if kind == "lisboa" and shown.lisboa[seat] and (
                z.seat == seat or (z.seat is None and not over_a_lisboa_row)):
            return ("lisboa", seat)
        if kind in ("ship", "sea") and z.pos is not None:
            if kind == "ship" and z.seat != seat:
                continue
            sea = z.pos
            departures = sum(1 for m in staging.moves if m[0] == sea)
            if st.ships_at(seat, sea) - departures > 0:
                return ("ship", seat, sea)
            arrivals = staged_arrivals(staging, sea)
            if arrivals:
                return ("staged", arrivals[-1])
        space = z.space
        if space is not None:
            _, p, k = space
            if space[0] == "g" and st.owner(space) == seat and space not in staging.sale:
                return ("good", p, k)
            if space[0] == "b" and st.owner(space) == seat:
                return ("building", p, k)
        if kind == "speed" and z.seat == seat and z.value == st.speed[seat]:
            return ("builder", seat)
        if kind in ("scientist", "scientists") and z.seat == seat and st.scientists_home(seat):
            return ("scientist", seat)
    return None


def piece_box(st: State, staging: Staging, layout: Layout,
              piece: Piece) -> pygame.Rect | None:
    """Where a ship that may be picked up is drawn (its ships side by side with the
    others' in its sea, ``draw.ship_boxes``): the keyboard's ring goes round it. Any
    other marker stands in its own zone (None)."""
    shown = shown_state(st, staging)
    if piece[0] == "ship":
        return ship_box(layout, shown, piece[2], piece[1])
    if piece[0] == "staged":
        return ship_box(layout, shown, staging.moves[piece[1]][2], st.active)
    return None


class Drag:
    """The marker held (at most one) and the markers sliding back."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.held: Held | None = None
        self.slides: list[Slide] = []
        #: Animations Off: a marker put back is back at once, without sliding.
        self.still = False

    @property
    def holding(self) -> bool:
        return self.held is not None

    def pick(self, st: State, staging: Staging, piece: Piece, pos: tuple[int, int],
             palette: str) -> Held:
        """Take ``piece`` into the hand; its legal drops are worked out now."""
        drops = drops_for(st, piece, staging)
        if piece[0] in ("ship", "staged"):  # a ship stays a ship in the hand
            image = art.ship(st.active, round(HELD_SIZE * 1.4), HELD_SIZE + 8, palette)
        else:
            image = art.marker(st.active, HELD_SIZE, palette)
        self.held = Held(piece, pos, pos, drops, image)
        return self.held

    def move(self, pos: tuple[int, int]) -> str | None:
        """Follow the pointer; the legal drop zone under it, if any."""
        if self.held is None:
            return None
        self.held.pos = pos
        return self.layout.zone_at(pos, set(self.held.drops))

    def release(self, pos: tuple[int, int]) -> tuple[Held, Drop | None]:
        """Let go at ``pos``: the drop it makes, or None (the marker slides back)."""
        held, self.held = self.held, None
        assert held is not None
        zone = self.layout.zone_at(pos, set(held.drops))
        if zone is not None:
            return held, held.drops[zone]
        self.slide_back(held, pos)
        return held, None

    def cancel(self) -> Held | None:
        """Put the held marker back (Esc, Undo)."""
        held, self.held = self.held, None
        if held is not None:
            self.slide_back(held, held.pos)
        return held

    def refusal_at(self, st: State, staging: Staging, held: Held,
                   pos: tuple[int, int]) -> str | None:
        """Why the drop at ``pos`` was refused, in the engine's words (None: the marker
        was put back where it was picked up, which needs no explanation)."""
        here = self.layout.zones_at(pos)
        for zone in here:
            if intended(st, held.piece, zone, staging) is not None:
                return explain(st, held.piece, zone, staging)
        if here and here[0] in self.layout.zones_at(held.origin):
            return None
        return "nowhere"

    def slide_back(self, held: Held, pos: tuple[int, int]) -> None:
        if self.still:
            return
        slide = tween.Tween(0.0, 1.0, SLIDE_SECONDS, tween.ease_out_quad)
        self.slides.append(Slide(held.image, pos, held.origin, slide))

    def finish_slides(self) -> None:
        self.slides.clear()

    def update(self, dt: float) -> None:
        for slide in self.slides:
            slide.tween.update(dt)
        self.slides = [s for s in self.slides if not s.tween.done]

    def draw(self, surface: gfx.Canvas) -> None:
        """The sliding markers, then the held one with its shadow (over everything)."""
        for slide in self.slides:
            x, y = tween.lerp_point(slide.start, slide.end, slide.tween.value)
            surface.blit(slide.image, slide.image.get_rect(center=(round(x), round(y))))
        if self.held is not None:
            img = self.held.image
            shadow = _held_shadow(img)
            x, y = self.held.pos
            surface.blit(shadow, shadow.get_rect(center=(x + 5, y + 8)))
            surface.blit(img, img.get_rect(center=(x, y)))


@gfx.scaled_cache(maxsize=8)
def _held_shadow(img: gfx.Canvas) -> gfx.Canvas:
    shadow = img.copy()
    shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
    return shadow


__all__ = ["HELD_SIZE", "SLIDE_SECONDS", "Drag", "Held", "Slide", "piece_at", "piece_box"]
