"""The table's picture, redrawn only when what it shows has changed.

Drawing the whole table takes several milliseconds, so it is drawn into a cached base
picture. What the base shows is described by one ``Picture`` value (the state, the
film playing, the staged voyage or sale, the marker lifted off the table, the lit
zones, the status line, the palette, the chosen Geography markers, the buttons); the
base is redrawn exactly when that value differs from the one drawn last. The only
other reason to redraw is ``invalidate`` (the fonts or the window changed), so no
caller has to remember to throw the picture away after a change.

Things that move every frame (a film's flying markers, the lit targets' breathing halo,
the hover glow, the log panel, the hand, the tooltip) are blitted over the base by the
scene.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.state import State
from game.steps import ShipMove, Space
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.animations import Animation
from scenes.table.chart import chart_rect, draw_trading_chart
from scenes.table.draw import (
    BUTTONS,
    Part,
    TableView,
    draw_active_edge,
    table_parts,
    target_bands,
)
from scenes.table.targets import Piece, Staging, sale_preview, shown_state
from scenes.text.catalog import t
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.tooltip import Lines, place_tooltip, tooltip_image


def lifted(st: State, held: Piece | None, hidden: Counter) -> Counter:
    """The markers left out of the picture: those in flight, and the ship builder or a
    scientist in the player's hand (the state has no place for a lifted one, unlike a
    marker in the stock or on Lisboa, so it is hidden rather than taken off)."""
    if held is None or held[0] not in ("builder", "scientist"):
        return hidden
    seat = held[1]
    out = Counter(hidden)
    out[("speed", seat, st.speed[seat]) if held[0] == "builder" else ("scientist", seat)] += 1
    return out


#: How far a piece's drawing may stand past its zone (a count's badge at a stack's
#: edge): what is drawn anew around a changed piece.
SPILL = 3
#: Seconds for one breath of the lit targets' halo.
PULSE = 1.4
#: The halo's alpha when the table stands still (Animations Off): a steady mark, as
#: bright as the breath at its fullest.
STEADY = 210


@dataclass(frozen=True, eq=False)
class Picture:
    """Everything the cached base picture shows."""

    state: State
    film: Animation | None
    moves: tuple[ShipMove, ...]
    sale: tuple[Space, ...]
    held: Piece | None
    lit: frozenset[str]
    status: str
    palette: str
    geography: tuple[Space, ...]
    buttons: tuple[tuple[str, str], ...]
    #: The players' clocks at an online table with one (see ``clocks.clock_faces``):
    #: the picture is drawn again when a clock's words change (once a second at most).
    clocks: tuple[tuple[str, bool], ...] = ()
    #: Each seat's player not at the table now: how long gone, in words ("" when at
    #: the table); words that change once a minute at most.
    away: tuple[str, ...] = ()

    def same(self, other: Picture | None) -> bool:
        """Whether ``other`` shows the same: the same state and film objects (never
        compared by value: a new state is a new picture), equal everything else."""
        return (other is not None and other.state is self.state and other.film is self.film
                and (self.moves, self.sale, self.held, self.lit, self.status, self.palette,
                     self.geography, self.buttons, self.clocks, self.away)
                == (other.moves, other.sale, other.held, other.lit, other.status,
                    other.palette, other.geography, other.buttons, other.clocks,
                    other.away))


class TableRenderer:
    """The cached base picture of one table, and the few things drawn over it."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._base: gfx.Canvas | None = None
        self._generation = -1  # the scale the base was drawn at
        self._drawn: Picture | None = None
        #: How many times the base was drawn (tests and the frame benchmark read it), and
        #: the areas drawn anew the last time.
        self.redraws = 0
        self.painted: list[pygame.Rect] = []
        #: What was painted on the kept picture since it was last put on the window.
        self._unshown: list[pygame.Rect] = []
        #: What each piece of the base and what lies over them showed when last drawn.
        self._keys: dict[str, tuple[pygame.Rect, tuple]] | None = None
        self._overs: dict[tuple[str, tuple], pygame.Rect] = {}
        #: The position the base shows (its mover's board's edge is lit over it).
        self._shown: State | None = None
        #: Seconds into the lit targets' pulse (``tick``).
        self.clock = 0.0
        #: Animations Off: the halo does not breathe (nothing moves unless the player
        #: acts).
        self.still = False

    def invalidate(self) -> None:
        """Draw the base again next frame, whole, whatever the picture says."""
        self._drawn = None
        self._keys = None

    def draw_base(self, surface: gfx.Canvas, picture: Picture, view: TableView) -> None:
        """Blit the base picture, drawing it first if ``picture`` is not what it shows:
        only the pieces that changed (``draw.table_parts``: their keys), with what lies
        over them (the lit targets' bands, the staged voyage and sale), the rest kept."""
        if (self._base is None or self._base.get_size() != surface.get_size()
                or self._generation != gfx.VIEW.generation):
            self._base = gfx.surface(surface.get_size(), alpha=False)
            self._generation = gfx.VIEW.generation
            self._drawn = None
        if not picture.same(self._drawn):
            film = picture.film
            base_state = film.after if film is not None else picture.state
            staging = Staging(list(picture.moves), list(picture.sale))
            # The lit zones, the status line and the palette are the view's own (the
            # picture was read from it); the rest is derived for this drawing.
            view.buttons = dict(picture.buttons)
            view.clocks = picture.clocks
            view.away = picture.away
            view.hidden = lifted(base_state, picture.held,
                                 film.hidden if film is not None else Counter())
            view.flipping = film.flipping if film is not None else frozenset()
            shown = shown_state(base_state, staging, picture.held)
            parts = table_parts(self.layout, shown, view, edges_lit=False)
            over = target_bands(self.layout, view) + self._staged(picture)
            self._paint(self._base, parts, over, full=self._drawn is None)
            self._drawn = picture
            self._shown = shown
            self.redraws += 1
        self._put_back(surface)
        if self._shown is not None:  # (the mover's board's edge: drawn each frame)
            draw_active_edge(surface, self.layout, self._shown, view.palette)

    def _put_back(self, surface: gfx.Canvas) -> None:
        """The kept picture on ``surface``: on a window that showed it last frame, only
        where something was drawn over it since or where it changed (``Recording``),
        else whole."""
        base = self._base
        assert base is not None
        under = surface.kept_under(self) if isinstance(surface, gfx.Recording) else None
        if under is None:
            surface.surface.blit(base.surface, (0, 0))
        else:
            changed = [gfx.real_rect(area) for area in self._unshown]
            for area in _covering(under + changed, surface.surface.get_rect()):
                surface.surface.blit(base.surface, area, area)
        if isinstance(surface, gfx.Recording):
            surface.owner = self
        self._unshown = []

    def _paint(self, base: gfx.Canvas, parts: list[Part], over: list[Part],
               full: bool) -> None:
        """Draw the pieces whose keys changed since the last drawing (every piece when
        ``full``), and what lies over them, each clipped to what changed."""
        spill = [SPILL if part.spills else 0 for part in parts]
        keys = {part.name: (part.rect.inflate(2 * k, 2 * k), part.key)
                for part, k in zip(parts, spill, strict=True)}
        overs = {(part.name, part.key): part.rect for part in over}
        if full or self._keys is None:
            dirty = [base.get_rect()]
        else:
            dirty = [keys[part.name][0] for part in parts
                     if self._keys.get(part.name) != keys[part.name]]
            dirty += [rect for name, (rect, _) in self._keys.items() if name not in keys]
            dirty += [rect for key, rect in overs.items() if key not in self._overs]
            dirty += [rect for key, rect in self._overs.items() if key not in overs]
        self._keys, self._overs = keys, overs
        background = art.table_background(*self.layout.size)
        for area in _merged(dirty):
            painted = _Within(base, area)
            base.set_clip(area)
            base.blit(background, area.topleft, area)
            for part in parts:
                if part.rect.colliderect(area):
                    part.paint(painted)
            for part in over:
                if part.rect.colliderect(area):
                    part.paint(painted)
        base.set_clip(None)
        self.painted = dirty
        self._unshown += dirty

    def _staged(self, picture: Picture) -> list[Part]:
        """What the base shows over the pieces of the table while a voyage, a sale or a
        choice for Geography is under way (``_draw_staged``), as one part."""
        if not (picture.moves or picture.sale or picture.geography or (
                picture.held is not None and picture.held[0] == "good")):
            return []
        rect = self.layout.rect
        areas = [rect(Z.lisboa())]
        for src, via, dst in picture.moves:
            areas += [rect(Z.sea(x)) for x in (src, via, dst) if x and self.layout.has(Z.sea(x))]
        sale = list(picture.sale)
        if picture.held is not None and picture.held[0] == "good":
            sale.append(("g", picture.held[1], picture.held[2]))
        areas += [rect(Z.space(x)).inflate(12, 12) for x in (*sale, *picture.geography)]
        if sale and self.layout.has("status"):  # (the trading chart, over the sea strip)
            areas.append(chart_rect(self.layout))
        area = areas[0].unionall(areas[1:]).inflate(24, 24)
        return [Part("staged", area, (picture.moves, picture.sale, picture.geography,
                                      picture.held, id(picture.state), picture.palette),
                     lambda s: self._draw_staged(s, picture))]

    def _draw_staged(self, surface: gfx.Canvas, picture: Picture) -> None:
        """Staged voyage paths as dotted courses, staged goods with a sale tag, the
        markers chosen for Geography outlined, the trading chart while selling."""
        rect = self.layout.rect
        for src, via, dst in picture.moves:
            if src == 0 and not via:
                start = rect(Z.lisboa()).midright
            else:
                start = rect(Z.sea(via or src)).midtop
            end = rect(Z.sea(dst)).midtop
            _dotted(surface, (start[0], start[1] + 14), (end[0], end[1] + 14), P.HIGHLIGHT)
            draw.circle(surface, P.HIGHLIGHT, (end[0], end[1] + 14), 7)
        for space in picture.sale:
            r = rect(Z.space(space))
            draw.rect(surface, P.HIGHLIGHT, r.inflate(4, 4), 4, border_radius=8)
            coin = art.good_icon("gold", 26)
            surface.blit(coin, coin.get_rect(center=(r.right - 10, r.y + 12)))
        for space in picture.geography:
            draw.rect(surface, P.SEA_LIGHT, rect(Z.space(space)).inflate(4, 4), 4,
                             border_radius=8)
        # the trading chart while a sale is staged or a trade good is in the hand, lit
        # at the goods types the sale (with that good) would count
        sale = list(picture.sale)
        held = picture.held
        if held is not None and held[0] == "good":
            sale.append(("g", held[1], held[2]))
        if sale and self.layout.has("status"):
            preview = sale_preview(picture.state, Staging([], sale))
            draw_trading_chart(surface, chart_rect(self.layout),
                               preview[0] if preview is not None else 0)

    def tick(self, dt: float) -> None:
        """The lit targets' pulse follows the time handed in (never a clock read)."""
        self.clock = (self.clock + max(0.0, dt)) % PULSE

    def pulse(self) -> int:
        """How bright the lit targets' halo is now (alpha), breathing once a period;
        steady while the table stands still."""
        if self.still:
            return STEADY
        k = 0.5 - 0.5 * math.cos(2 * math.pi * self.clock / PULSE)
        return round(40 + 170 * k)

    def draw_pulse(self, surface: gfx.Canvas, lit: set[str] | frozenset[str]) -> None:
        """A breathing halo around each lit target, over the band the base has."""
        alpha = self.pulse()
        for name in lit:
            if self.layout.has(name):
                r = self.layout.rect(name)
                halo = art.target_halo(r.w, r.h)
                halo.set_alpha(alpha)
                surface.blit(halo, halo.get_rect(center=r.center))
                halo.set_alpha(None)

    def draw_hover(self, surface: gfx.Canvas, zone: str | None, holding: bool,
                   buttons: dict[str, str]) -> None:
        """The button under the pointer lit, or the drop zone the held marker is over."""
        if zone is None or not self.layout.has(zone):
            return
        r = self.layout.rect(zone)
        if holding:
            draw.rect(surface, P.HIGHLIGHT, r.inflate(6, 6), 4, border_radius=10)
        elif zone in BUTTONS and buttons.get(zone, "normal") == "normal":
            surface.blit(art.button(r.w, r.h, t(BUTTONS[zone]), "hover"), r)

    @staticmethod
    def draw_tooltip(surface: gfx.Canvas, lines: Lines | None, pointer: tuple[int, int],
                     avoid: Sequence[pygame.Rect] = ()) -> None:
        if not lines:
            return
        image = tooltip_image(lines)
        surface.blit(image, place_tooltip(image, pointer, surface.get_size(), avoid))


class _Within(gfx.Canvas):
    """The kept picture as a piece of the table is painted on it: whatever it draws
    lands only inside ``area`` (what changed), but to the drawing the surface is
    unclipped but for the clips it sets itself, so a word checked against its box
    (``fonts.check_within``) is not taken as cut by where the change ended."""

    __slots__ = ("area", "own")

    def __init__(self, base: gfx.Canvas, area: pygame.Rect) -> None:
        super().__init__(base.surface, base.get_size())
        self.area = area
        self.own: pygame.Rect | None = None

    def set_clip(self, rect: gfx.RectLike | None) -> None:
        self.own = pygame.Rect(rect) if rect is not None else None
        super().set_clip(self.area.clip(self.own) if self.own is not None else self.area)

    def get_clip(self) -> pygame.Rect:
        return pygame.Rect(self.own) if self.own is not None else self.get_rect()


def _covering(rects: list[pygame.Rect], screen: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` within ``screen``, without those inside one of the largest (a frame
    notes a panel and then each word on it): quick for hundreds of small ones."""
    kept = sorted({tuple(r.clip(screen)) for r in rects if r.colliderect(screen)},
                  key=lambda r: r[2] * r[3], reverse=True)
    large: list[pygame.Rect] = []
    out: list[pygame.Rect] = []
    for spec in kept:
        rect = pygame.Rect(spec)
        if any(big.contains(rect) for big in large):
            continue
        out.append(rect)
        if len(large) < 16:
            large.append(rect)
    return out


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects``, two that overlap made one where their union is hardly larger than
    they are (a board's edge and its header stay apart: their union is the board)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        merged = True
        while merged:
            merged = False
            for i, other in enumerate(out):
                if not rect.colliderect(other) and not rect.contains(other):
                    continue
                union = rect.union(other)
                both = _area(rect) + _area(other) - _area(rect.clip(other))
                if _area(union) <= 1.2 * both:
                    rect = union
                    out.pop(i)
                    merged = True
                    break
        out.append(rect)
    return out


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _dotted(surface: gfx.Canvas, a: tuple[int, int], b: tuple[int, int],
            color: tuple[int, int, int], gap: int = 14) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1, int((dx * dx + dy * dy) ** 0.5))
    for d in range(0, length, gap):
        k = d / length
        draw.circle(surface, color, (round(a[0] + dx * k), round(a[1] + dy * k)), 3)


__all__ = ["PULSE", "STEADY", "Picture", "TableRenderer"]
