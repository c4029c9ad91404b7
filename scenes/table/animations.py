"""What moved in one step, as a short film computed from the states around it.

The engine knows nothing of animation and never will: everything here is computed
from the state before a step, the step itself and the state after it
(``Outcome.before/after``). ``build`` turns those into an ``Animation``: markers
flying along paths (ships sail card by card along the sea strip), town cards flipping
when discovered, bankers and historians reshuffling between their numbered spaces
(from and back to Lisboa), and a sale's gain rising from the sold goods.

The table draws the *after* state minus the markers still in flight (``hidden``) into
its cached base picture once, when the animation starts, then blits only the flying
markers each frame. Played in ``reverse`` the same film takes a step back (undo): the
base is then the state *before* the step minus the markers flying back to it.

Each film also carries its sound cues (``Cue``: an effect's name at a moment of the
film): the sail as a ship leaves, the flip as a town turns, the bell as its VP rise,
coins and the reshuffle as bankers and historians move, a marker landing. The table
plays them as the film's clock passes them (``due``), so what is heard is what is
seen; ``cues`` gives them for a step shown without a film (animations off).

Time is handed in through ``update(dt)``; ``finish`` jumps to the end (a click, a key,
or the "off" speed). Nothing here reads a clock or changes a state.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import pygame

from game.state import State
from game.steps import Step
from scenes.core import gfx, tween
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.draw import ship_box, space_marker, speed_spot
from scenes.table.stockrow import STOCK_MARKER, stock_points
from scenes.text.catalog import t
from scenes.text.fonts import render
from scenes.ui import art, cardart
from scenes.ui import palette as P

# A marker's place on the table. Counted places (stock, Lisboa, ships, scientists at
# home) carry no index: hiding one there lowers the count drawn.
#   ("stock", seat) ("lisboa", seat) ("ship", seat, pos) ("good", pos, k)
#   ("building", pos, k) ("banker", seat, value) ("historian", seat, value)
#   ("speed", seat, value) ("scientist", seat) ("tech", tech_id)
Place = tuple
Point = tuple[float, float]

#: Duration factor of each animation speed (``saves.ANIM_SPEEDS``); 0 is off.
SPEED_FACTOR: dict[str, float] = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.7}

HOP = 0.2           # seconds per card a ship sails
FLIGHT = 0.38       # a marker thrown from one place to another (plus a little per pixel)
SHIFT = 0.36        # a banker or historian sliding to another numbered space
FLIP = 0.46         # a town card turning face up
RISE = 1.1          # a gain rising from the goods sold
STAGGER = 0.07      # between markers that leave together
ARC = 0.18          # a thrown marker's arc height, as a part of its distance


class _Timed:
    """Something in a film that starts at ``start`` and lasts ``duration`` seconds."""

    start: float
    duration: float

    @property
    def end(self) -> float:
        return self.start + self.duration


@dataclass
class Flight(_Timed):
    """One marker going from ``src`` to ``dst`` along ``points``."""

    seat: int
    src: Place
    dst: Place
    points: list[Point]
    size: int
    start: float
    duration: float
    hops: bool = False  # a ship: eased card by card, with a small lift between cards
    #: A ship's size where it lands (it is drawn as a ship that size all the way).
    hull: tuple[int, int] | None = None

    def at(self, k: float) -> tuple[Point, float]:
        """Where the marker is at progress ``k`` (0..1), and how high it is lifted."""
        pts = self.points
        if len(pts) == 1:
            return pts[0], 0.0
        if self.hops:
            n = len(pts) - 1
            i = min(n - 1, int(k * n))
            local = tween.ease_in_out_cubic(k * n - i)
            a, b = pts[i], pts[i + 1]
            lift = math.sin(math.pi * local) * 10
            x, y = tween.lerp_point(a, b, local)
            return (x, y - lift), lift
        e = tween.ease_in_out_cubic(k)
        (x, y) = tween.lerp_point(pts[0], pts[-1], e)
        dist = math.dist(pts[0], pts[-1])
        lift = math.sin(math.pi * e) * min(120.0, dist * ARC)
        return (x, y - lift), lift


@dataclass
class Flip(_Timed):
    """Town ``pos`` turning over: its back narrows to nothing, its face widens."""

    pos: int
    start: float
    duration: float


@dataclass
class Rise(_Timed):
    """A few words (a gain) rising and fading above ``origin``."""

    text: str
    origin: Point
    start: float
    duration: float


@dataclass(frozen=True, order=True)
class Cue:
    """The effect ``name`` (``scenes.core.audio.EFFECTS``) at ``at`` seconds of a film."""

    at: float
    name: str


@dataclass
class Animation:
    """A step as a film: advance with ``update``, draw with ``draw``."""

    after: State
    flights: list[Flight] = field(default_factory=list)
    flips: list[Flip] = field(default_factory=list)
    rises: list[Rise] = field(default_factory=list)
    reverse: bool = False
    clock: float = 0.0
    palette: str = "classic"
    #: Its sounds, in time order (none when played in reverse).
    cues: list[Cue] = field(default_factory=list)
    _heard: int = 0  # how many cues ``due`` has given

    # ----- time ------------------------------------------------------------------
    @property
    def total(self) -> float:
        ends = [x.end for x in (*self.flights, *self.flips, *self.rises)]
        return max(ends, default=0.0)

    @property
    def empty(self) -> bool:
        return not (self.flights or self.flips or self.rises)

    @property
    def done(self) -> bool:
        return self.clock >= self.total

    def update(self, dt: float) -> None:
        self.clock = min(self.total, self.clock + max(0.0, dt))

    def finish(self) -> None:
        self.clock = self.total

    def due(self) -> list[str]:
        """The cues the clock has reached since the last call, by name."""
        start = self._heard
        while self._heard < len(self.cues) and self.cues[self._heard].at <= self.clock:
            self._heard += 1
        return [cue.name for cue in self.cues[start:self._heard]]

    def due_all(self) -> list[str]:
        """The cues not yet given, by name (the film is being skipped)."""
        start, self._heard = self._heard, len(self.cues)
        return [cue.name for cue in self.cues[start:]]

    def progress(self, start: float, duration: float) -> float:
        """An item's progress 0..1 at the current clock (1..0 when played in reverse)."""
        clock = self.total - self.clock if self.reverse else self.clock
        if duration <= 0:
            k = 1.0 if clock >= start else 0.0
        else:
            k = tween.clamp01((clock - start) / duration)
        return k

    # ----- what the base picture leaves out ----------------------------------------
    @property
    def hidden(self) -> Counter:
        """Places whose marker is drawn in flight, not in the base picture: where the
        markers land (in reverse: where they came from, which they fly back to)."""
        return Counter(f.src if self.reverse else f.dst for f in self.flights)

    @property
    def flipping(self) -> frozenset[int]:
        return frozenset(f.pos for f in self.flips)

    # ----- drawing ------------------------------------------------------------------
    def draw(self, surface: gfx.Canvas, layout: Layout, state: State) -> None:
        """The moving parts, over a base drawn without them."""
        for flip in self.flips:
            _draw_flip(surface, layout, state, flip, self.progress(flip.start, flip.duration),
                       self.reverse)
        # Markers not yet in the air first, so the ones flying pass over them.
        order = sorted(self.flights, key=lambda f: 0 < self.progress(f.start, f.duration) < 1)
        for flight in order:
            k = self.progress(flight.start, flight.duration)
            (x, y), lift = flight.at(k)
            if flight.hops and flight.dst[0] == "ship" and flight.hull:
                # a ship sails: drawn as a ship, the size it lands at
                w, h = flight.hull
                img = art.ship(flight.seat, w, h, self.palette)
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
                continue
            img = art.marker(flight.seat, flight.size, self.palette)
            if lift > 2:
                shadow = _shadow(flight.seat, flight.size, self.palette)
                surface.blit(shadow, shadow.get_rect(center=(round(x + lift * 0.25),
                                                             round(y + lift * 0.8))))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if not self.reverse:
            for rise in self.rises:
                k = self.progress(rise.start, rise.duration)
                if 0 < k < 1:
                    img = _rise_image(rise.text)
                    img.set_alpha(round(255 * min(1.0, 3 * (1 - k))))
                    x, y = rise.origin
                    rise_y = y - 70 * tween.ease_out_quad(k)
                    surface.blit(img, img.get_rect(center=(round(x), round(rise_y))))


@gfx.scaled_cache(maxsize=32)
def _shadow(seat: int, size: int, palette: str) -> gfx.Canvas:
    shadow = art.marker(seat, size, palette).copy()
    shadow.fill((0, 0, 0, 80), special_flags=pygame.BLEND_RGBA_MULT)
    return shadow


@gfx.scaled_cache(maxsize=64)
def _rise_image(text: str) -> gfx.Canvas:
    """The gain's words on a small dark plate, so they read over any card."""
    words = render(text, "text-bold", 30, P.HIGHLIGHT)
    plate = gfx.surface((words.get_width() + 24, words.get_height() + 10))
    draw.rect(plate, (*P.SEA_DEEP, 210), plate.get_rect(), border_radius=10)
    draw.rect(plate, (*P.BRASS, 255), plate.get_rect(), 2, border_radius=10)
    plate.blit(words, (12, 5))
    return plate


def _draw_flip(surface: gfx.Canvas, layout: Layout, state: State, flip: Flip, k: float,
               reverse: bool) -> None:
    card = layout.rect(Z.town(flip.pos))
    # First half: the back narrows; second half: the face widens (``k`` runs 0..1
    # forward; in reverse it runs 1..0, so the face narrows and the back returns).
    if k < 0.5:
        img = cardart.town_back(card.w, card.h, flip.pos)
        width = card.w * (1 - tween.ease_in_quad(k * 2))
    else:
        img = _town_face(layout, state, flip.pos)
        width = card.w * tween.ease_out_quad(k * 2 - 1)
    w = max(1, round(width))
    lift = round(math.sin(math.pi * k) * 10)
    scaled = gfx.stretch(img, (w, card.h))
    surface.blit(scaled, scaled.get_rect(midtop=(card.centerx, card.y - lift)))
    del reverse


def _town_face(layout: Layout, state: State, pos: int) -> gfx.Canvas:
    card = layout.rect(Z.town(pos))

    def rel(name: str) -> tuple[int, int, int, int]:
        r = layout.rect(name)
        return (r.x - card.x, r.y - card.y, r.w, r.h)

    goods = (rel(Z.goods(pos, 1)), rel(Z.goods(pos, 2)))
    builds = (rel(Z.building(pos, 1)), rel(Z.building(pos, 2)))
    return cardart.town_face(state.card_at(pos), card.w, card.h, pos, goods, builds)


# ----- where places are on the table ---------------------------------------------------
def place_point(layout: Layout, place: Place, st: State) -> tuple[Point, int]:
    """The centre a marker at ``place`` is drawn at (as ``scenes.table.draw`` draws it), and its
    size. ``st`` is the state in which the marker stands there."""
    kind = place[0]
    if kind == "ship":
        _, seat, pos = place
        box = ship_box(layout, st, pos, seat)
        return box.center, 38
    if kind == "lisboa":
        r = layout.rect(Z.lisboa(place[1]))
        return (r.x + 30, r.centery), 38
    if kind == "stock":
        seat = place[1]
        return stock_points(layout, st, seat, max(1, st.stock[seat]))[-1], STOCK_MARKER
    if kind in ("good", "building"):
        _, pos, k = place
        letter = "g" if kind == "good" else "b"
        return space_marker(layout.rect(Z.space((letter, pos, k))), letter)
    if kind in ("banker", "historian"):
        _, seat, value = place
        r = layout.rect(f"{kind}_{seat}_{value}")
        return (r.centerx + 8, r.centery + 4), 40
    if kind == "speed":
        _, seat, value = place
        r = layout.rect(Z.speed(seat, value))
        return speed_spot(r)
    if kind == "scientist":
        seat = place[1]
        home = max(1, st.scientists_home(seat))
        return layout.rect(Z.scientist(seat, home)).center, 36
    if kind == "tech":
        r = layout.rect(Z.tech(place[1]))
        (x, y), size = cardart.tech_owner_spot(r.w, r.h)
        return (r.x + x, r.y + y), size
    raise ValueError(f"no such place {place!r}")


def holdings_moves(before: list[int], after: list[int]) -> tuple[
        list[tuple[int, int]], list[int], list[int]]:
    """How bankers (or historians) reshuffle from ``before`` to ``after`` holdings.

    Markers holding the same amount before and after stay put; the others slide
    between spaces, largest to largest. Returns (slides as (from, to) amounts,
    amounts of new markers from Lisboa, amounts of markers emptied back to Lisboa).
    A 3+4 that becomes 5+2 slides 4 to 5 and 3 to 2."""
    rest_b = Counter(before) - Counter(after)
    rest_a = Counter(after) - Counter(before)
    b = sorted(rest_b.elements(), reverse=True)
    a = sorted(rest_a.elements(), reverse=True)
    n = min(len(a), len(b))
    return list(zip(b[:n], a[:n], strict=True)), a[n:], b[n:]


# ----- building the film ------------------------------------------------------------------
class _Builder:
    def __init__(self, before: State, after: State, layout: Layout, factor: float) -> None:
        self.before = before
        self.after = after
        self.layout = layout
        self.k = factor
        self.flights: list[Flight] = []
        self.flips: list[Flip] = []
        self.rises: list[Rise] = []
        self.cues: list[Cue] = []

    def cue(self, name: str, at: float) -> None:
        """Sound ``name`` at ``at`` unscaled seconds (like every start given here)."""
        self.cues.append(Cue(at * self.k, name))

    def landed(self, flight: Flight) -> None:
        """A marker's click as it lands where its flight ends."""
        self.cues.append(Cue(flight.end, "drop"))

    def fly(self, seat: int, src: Place, dst: Place, start: float,
            via: list[Point] | None = None, hops: bool = False) -> Flight:
        a, _ = place_point(self.layout, src, self.before)
        b, size = place_point(self.layout, dst, self.after)
        points = [a, *(via or []), b]
        if hops:
            duration = HOP * max(1, len(points) - 1)
        else:
            duration = FLIGHT + min(0.22, math.dist(a, b) / 5000)
        flight = Flight(seat, src, dst, points, size, start * self.k, duration * self.k, hops)
        if dst[0] == "ship":
            flight.hull = ship_box(self.layout, self.after, dst[2], seat).size
        self.flights.append(flight)
        return flight

    @property
    def end(self) -> float:
        """When everything added so far is over (unscaled seconds)."""
        ends = [x.end for x in (*self.flights, *self.flips)]
        return max(ends, default=0.0) / self.k if self.k else 0.0

    def sea_point(self, seat: int, pos: int) -> Point:
        return place_point(self.layout, ("ship", seat, pos), self.after)[0]

    def holdings(self, kind: str, seat: int, start: float) -> tuple[float, bool]:
        """Bankers or historians reshuffling; returns when they are done, and whether
        one of them went back to Lisboa."""
        get = State.bankers if kind == "banker" else State.historians
        slides, arrivals, departures = holdings_moves(get(self.before, seat),
                                                      get(self.after, seat))
        end = start
        i = 0
        for amount in departures:
            f = self.fly(seat, (kind, seat, amount), ("lisboa", seat), start + i * STAGGER)
            end = max(end, f.end / self.k)
            i += 1
        for old, new in slides:
            a, _ = place_point(self.layout, (kind, seat, old), self.before)
            b, size = place_point(self.layout, (kind, seat, new), self.after)
            f = Flight(seat, (kind, seat, old), (kind, seat, new), [a, b], size,
                       (start + i * STAGGER) * self.k, SHIFT * self.k)
            self.flights.append(f)
            end = max(end, f.end / self.k)
            i += 1
        for amount in arrivals:
            f = self.fly(seat, ("lisboa", seat), (kind, seat, amount), start + i * STAGGER)
            end = max(end, f.end / self.k)
            i += 1
        if i:
            self.cue("reshuffle", start + 0.1)  # just after the coins or the bell
        return end, bool(departures)


def build(before: State, step: Step, after: State, layout: Layout,
          speed: str = "normal", palette: str = "classic") -> Animation | None:
    """The animation of ``step`` from ``before`` to ``after``, or None when nothing
    moves (or the speed is "off")."""
    factor = SPEED_FACTOR.get(speed, 1.0)
    if factor <= 0:
        return None
    seat = before.active
    b = _Builder(before, after, layout, factor)
    kind, args = step.kind, step.args
    if kind == "employ":
        b.landed(b.fly(seat, ("stock", seat), ("lisboa", seat), 0))
    elif kind == "speed":
        b.landed(b.fly(seat, ("speed", seat, before.speed[seat]),
                       ("speed", seat, after.speed[seat]), 0))
    elif kind == "tech":
        b.landed(b.fly(seat, ("scientist", seat), ("tech", args[0]), 0))
    elif kind == "move":
        b.cue("sail", 0)
        for i, (src, via, dst) in enumerate(args):
            path: list[Point] = []
            first = via or src
            if via and via != dst:
                path.append(b.sea_point(seat, via))
            step_dir = 1 if dst >= first else -1
            path += [b.sea_point(seat, p) for p in range(first + step_dir, dst, step_dir)]
            origin: Place = ("lisboa", seat) if src == 0 else ("ship", seat, src)
            if src == 0 and not via:
                path = [b.sea_point(seat, p) for p in range(1, dst)]
            b.fly(seat, origin, ("ship", seat, dst), i * STAGGER, via=path, hops=True)
    elif kind == "cargo":
        _, p, k = args[0]
        b.landed(b.fly(seat, ("ship", seat, p), ("good", p, k), 0))
    elif kind == "build":
        (_, p, k), source = args
        paid_from: Place = ("ship", seat, p) if source is None else (
            ("good" if source[0] == "g" else "building", source[1], source[2]))
        b.landed(b.fly(seat, paid_from, ("building", p, k), 0))
    elif kind == "sell":
        for i, (_, p, k) in enumerate(args):
            b.fly(seat, ("good", p, k), ("lisboa", seat), i * STAGGER)
    elif kind == "return":
        target = args[0]
        if isinstance(target, int):
            b.landed(b.fly(seat, ("ship", seat, target), ("lisboa", seat), 0))
        elif isinstance(target, tuple):
            where = "good" if target[0] == "g" else "building"
            b.landed(b.fly(seat, (where, target[1], target[2]), ("lisboa", seat), 0))
    elif kind == "geography":
        for i, (letter, p, k) in enumerate(args):
            where = "good" if letter == "g" else "building"
            b.fly(seat, (where, p, k), ("ship", seat, p), i * STAGGER)
        if b.flights:
            b.landed(b.flights[-1])
    t_after = b.end
    discovered = False
    if after.revealed > before.revealed:
        pos = after.revealed
        b.flips.append(Flip(pos, t_after * factor, FLIP * factor))
        b.cue("flip", t_after)
        gained = after.vp[seat] - before.vp[seat]
        if gained > 0:
            town = layout.rect(Z.town(pos))
            b.rises.append(Rise(t("anim.vp", vp=gained), (town.centerx, town.centery),
                                (t_after + FLIP * 0.8) * factor, RISE * factor))
            b.cue("vp", t_after + FLIP * 0.8)
            discovered = True
        t_after += FLIP
    if kind == "sell":
        dw = after.wealth[seat] - before.wealth[seat]
        dv = after.vp[seat] - before.vp[seat]
        pts = [place_point(layout, ("good", p, k), before)[0] for _, p, k in args]
        x = sum(p[0] for p in pts) / len(pts)
        y = min(p[1] for p in pts)
        text = t("anim.sale", wealth=dw, vp=dv) if dv else t("anim.sale.wealth", wealth=dw)
        b.rises.append(Rise(text, (x, y), t_after * factor * 0.6, RISE * factor))
    # Payments before gains: bankers first, then historians. Historians wait for the
    # bankers to finish only when a banker emptied to Lisboa (it may be the marker
    # that becomes a historian); otherwise they follow closely.
    if kind == "sell":
        t_after *= 0.75  # the gain is counted as the last goods reach Lisboa
    t_next = t_after
    for who in range(after.n):
        if before.wealth[who] != after.wealth[who]:
            gain = after.wealth[who] > before.wealth[who]
            b.cue("coins_gain" if gain else "coins_pay", t_after)
            end, emptied = b.holdings("banker", who, t_after)
            t_next = max(t_next, end if emptied else t_after + 0.22)
    for who in range(after.n):
        if before.vp[who] != after.vp[who]:
            if after.vp[who] > before.vp[who] and not (discovered and who == seat):
                b.cue("vp", t_next)  # a discovery's bell has rung with its rise
            b.holdings("historian", who, t_next)
    film = Animation(after, b.flights, b.flips, b.rises, palette=palette,
                     cues=sorted(b.cues))
    return None if film.empty else film


def cues(before: State, step: Step, after: State, layout: Layout) -> list[Cue]:
    """The sounds of a step's film at the normal speed, for a step shown at once."""
    film = build(before, step, after, layout)
    return [] if film is None else film.cues


def reverse(film: Animation, state: State) -> Animation:
    """The same film played backwards over ``state`` (the state before the step)."""
    return Animation(state, film.flights, film.flips, [], reverse=True, palette=film.palette)


__all__ = ["SPEED_FACTOR", "Animation", "Cue", "Flight", "Flip", "Place", "Rise", "build",
           "cues", "holdings_moves", "place_point", "reverse"]
