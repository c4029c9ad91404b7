"""Drawing at the window's real pixels while every scene thinks in layout units.

The layout (``assets/layout/table.tmx``) and every scene are written in logical units
of a 1920x1080 table. Drawing one logical picture and letting pygame shrink it to a
1280x720 window blurs every letter, and stretching it to 2560x1440 blurs it the other
way. So a scene draws on a ``Canvas``: a real surface of the window's pixels that
takes logical coordinates. Positions, rectangles, radii and line widths are scaled
as they are drawn; text and art are rasterised at the scale in use (``fonts`` and
``art`` ask ``px``), never a finished picture smoothscaled.

One scale holds for the whole window (``set_scale``, called by the app when the
window's size settles). Caches of anything drawn at a scale register with
``scaled_cache`` or ``on_rescale`` and are emptied when the scale changes.

The drawing functions mirror ``pygame.draw`` (``draw.rect(surface, ...)`` and so on)
and accept a ``Canvas`` (logical coordinates, scaled) or a plain ``pygame.Surface``
(its own pixels, untouched: art drawing inside a supersampled scratch surface).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, ParamSpec, Protocol, TypeVar, cast

import pygame

LOGICAL_SIZE = (1920, 1080)

Number = int | float
Point = tuple[Number, Number] | Sequence[Number]
RectLike = pygame.Rect | tuple[Number, Number, Number, Number] | Sequence[Number]


class _View:
    """The one scale in use: real pixels per logical unit, and the text size."""

    scale: float = 1.0
    #: The player's text size (1.0, 1.25, 1.5): letters grow, boxes do not.
    text: float = 1.0
    #: Bumped at every change, for caches that check rather than register.
    generation: int = 0


VIEW = _View()
_rescale_hooks: list[Callable[[], object]] = []


def window() -> pygame.Surface:
    """The window's surface (one is open while the program draws; its absence is a
    mistake of the caller's, not a state to draw)."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("no window is open")
    return surface


def scale() -> float:
    return VIEW.scale


def text_scale() -> float:
    return VIEW.text


def on_rescale(hook: Callable[[], object]) -> Callable[[], object]:
    """Call ``hook`` (a cache's ``clear``) whenever the scale or text size changes."""
    _rescale_hooks.append(hook)
    return hook


P = ParamSpec("P")
R_co = TypeVar("R_co", covariant=True)


#: The caches of pictures that hold no words (``scaled_cache(wordless=True)``).
_wordless: set[Callable[[], None]] = set()


class Cached(Protocol[P, R_co]):
    """A function whose answers are kept (``scaled_cache``), and emptied on demand."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R_co: ...

    def cache_clear(self) -> None: ...


def scaled_cache(maxsize: int = 128, megabytes: float | None = None,
                 wordless: bool = False) -> Callable[[Callable[P, R_co]], Cached[P, R_co]]:
    """``functools.lru_cache`` that forgets when the scale changes: for art drawn at
    the scale in use (the arguments are logical sizes, the pictures are real). With
    ``megabytes``, the pictures kept weigh no more than that too (the least recently
    used go first): a few of a 4K window's full-screen panels weigh as much as a
    thousand of its small pictures. ``wordless``: its pictures hold no text, so
    ``forget_drawn(words=True)`` keeps them."""
    def wrap(fn: Callable[P, R_co]) -> Cached[P, R_co]:
        # (either keeps ``fn``'s arguments and answer: lru_cache's type says less)
        cached = cast(Cached[P, R_co], lru_cache(maxsize=maxsize)(fn) if megabytes is None
                      else _WeighedCache(fn, maxsize, round(megabytes * 1_000_000)))
        on_rescale(cached.cache_clear)
        if wordless:
            _wordless.add(cached.cache_clear)
        return cached
    return wrap


def weight(picture: object) -> int:
    """The bytes a picture's pixels take (0 for anything else)."""
    real = picture.surface if isinstance(picture, Canvas) else picture
    if isinstance(real, pygame.Surface):
        return real.get_width() * real.get_height() * real.get_bytesize()
    return 0


class _WeighedCache:
    """A least-recently-used memo bounded in entries and in the bytes of its pictures."""

    def __init__(self, fn: Callable[..., Any], maxsize: int, limit: int) -> None:
        self.__wrapped__ = fn
        self.__name__ = getattr(fn, "__name__", "cached")
        self.__doc__ = fn.__doc__
        self.maxsize, self.limit = maxsize, limit
        self._items: OrderedDict[tuple[Any, ...], tuple[Any, int]] = OrderedDict()
        self._bytes = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items())))
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            return found[0]
        value = self.__wrapped__(*args, **kwargs)
        size = weight(value)
        self._items[key] = (value, size)
        self._bytes += size
        while len(self._items) > 1 and (len(self._items) > self.maxsize
                                         or self._bytes > self.limit):
            _, (_, gone) = self._items.popitem(last=False)
            self._bytes -= gone
        return value

    def cache_clear(self) -> None:
        self._items.clear()
        self._bytes = 0

    @property
    def weight(self) -> int:
        """The bytes of the pictures kept now."""
        return self._bytes


def set_scale(value: float, text: float | None = None) -> bool:
    """Use ``value`` real pixels per logical unit (and ``text`` as the text size);
    True when anything changed (every registered cache is then emptied)."""
    value = max(0.1, float(value))
    text = VIEW.text if text is None else max(0.5, float(text))
    if math.isclose(value, VIEW.scale, abs_tol=1e-6) and math.isclose(text, VIEW.text):
        return False
    VIEW.scale = value
    VIEW.text = text
    VIEW.generation += 1
    for hook in _rescale_hooks:
        hook()
    return True


def forget_drawn(words: bool = False) -> None:
    """Empty every cache of pictures drawn at the scale, as a change of scale would,
    the scale kept: the next frame draws everything anew (a change of look). With
    ``words``, only the pictures that may hold words (the contrast audit's passes)."""
    VIEW.generation += 1
    for hook in _rescale_hooks:
        if not (words and hook in _wordless):
            hook()


def fit_scale(window: tuple[int, int]) -> float:
    """The scale at which the whole logical table fits ``window`` (letterboxed)."""
    w, h = window
    return max(0.1, min(w / LOGICAL_SIZE[0], h / LOGICAL_SIZE[1]))


# ----- logical <-> real -----------------------------------------------------------------
def px(value: Number) -> int:
    """A logical length in real pixels (rounded half up, so edges agree)."""
    return math.floor(value * VIEW.scale + 0.5)


def width_px(width: Number) -> int:
    """A line width in real pixels: never thinner than one pixel."""
    return 0 if width <= 0 else max(1, px(width))


def real_point(point: Point) -> tuple[int, int]:
    return px(point[0]), px(point[1])


def real_rect(rect: RectLike) -> pygame.Rect:
    """A logical rectangle's real pixels: both edges scaled, so rectangles that meet
    in logical units still meet on the screen."""
    x, y, w, h = rect[0], rect[1], rect[2], rect[3]
    left, top = px(x), px(y)
    return pygame.Rect(left, top, px(x + w) - left, px(y + h) - top)


def logical(value: Number) -> float:
    return value / VIEW.scale


def logical_point(point: Point) -> tuple[int, int]:
    """A real pixel as the logical point it shows (rounded, so that a logical point
    sent to the window and read back is itself at any scale above one)."""
    s = VIEW.scale
    return round(point[0] / s), round(point[1] / s)


# ----- the canvas ---------------------------------------------------------------------------
class Canvas:
    """A real surface addressed in logical units: what every scene draws on.

    ``get_size``/``get_rect`` answer in logical units; ``surface`` is the real
    pygame surface (for pygame functions that need one)."""

    __slots__ = ("h", "surface", "w")

    def __init__(self, surface: pygame.Surface, size: tuple[int, int] | None = None) -> None:
        self.surface = surface
        if size is None:
            sw, sh = surface.get_size()
            size = (max(1, round(sw / VIEW.scale)), max(1, round(sh / VIEW.scale)))
        self.w, self.h = int(size[0]), int(size[1])

    # sizes, in logical units
    def get_size(self) -> tuple[int, int]:
        return self.w, self.h

    def get_width(self) -> int:
        return self.w

    def get_height(self) -> int:
        return self.h

    def get_rect(self, **where: Any) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.w, self.h)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    # drawing
    def blit(self, source: Canvas | pygame.Surface, dest: Point | RectLike,
             area: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        """Draw ``source`` with its top left at the logical ``dest``; a plain surface
        is already in real pixels and is drawn as it is."""
        src = source.surface if isinstance(source, Canvas) else source
        x, y = px(dest[0]), px(dest[1])
        real_area = real_rect(area) if area is not None else None
        self.surface.blit(src, (x, y), real_area, special_flags)
        if isinstance(source, Canvas):
            w, h = source.get_size() if area is None else (area[2], area[3])
            placed = pygame.Rect(round(dest[0]), round(dest[1]), w, h)
            if area is None:
                source.placed(self, placed)
            return placed
        w, h = round(src.get_width() / VIEW.scale), round(src.get_height() / VIEW.scale)
        return pygame.Rect(round(dest[0]), round(dest[1]), w, h)

    def placed(self, target: Canvas, rect: pygame.Rect) -> None:
        """Told where this picture was just drawn whole on ``target`` (a text's
        surface checks that its letters stay on it: ``scenes.text.fonts``)."""

    def fill(self, color: Any, rect: RectLike | None = None, special_flags: int = 0) -> None:
        self.surface.fill(color, real_rect(rect) if rect is not None else None, special_flags)

    def copy(self) -> Canvas:
        return Canvas(self.surface.copy(), (self.w, self.h))

    def convert_alpha(self) -> Canvas:
        return Canvas(self.surface.convert_alpha(), (self.w, self.h))

    def set_alpha(self, value: int | None, flags: int = 0) -> None:
        if value is None:  # (the whole surface's alpha off)
            self.surface.set_alpha(None)
        else:
            self.surface.set_alpha(value, flags)

    def get_alpha(self) -> int | None:
        return self.surface.get_alpha()

    def get_flags(self) -> int:
        return self.surface.get_flags()

    def subsurface(self, rect: RectLike) -> Canvas:
        real = real_rect(rect).clip(self.surface.get_rect())
        return Canvas(self.surface.subsurface(real), (int(rect[2]), int(rect[3])))

    def set_clip(self, rect: RectLike | None) -> None:
        self.surface.set_clip(real_rect(rect) if rect is not None else None)

    def get_clip(self) -> pygame.Rect:
        clip = self.surface.get_clip()
        s = VIEW.scale
        return pygame.Rect(round(clip.x / s), round(clip.y / s), round(clip.w / s),
                           round(clip.h / s))

    def get_at(self, point: Point) -> pygame.Color:
        x, y = real_point(point)
        w, h = self.surface.get_size()
        return self.surface.get_at((min(max(0, x), w - 1), min(max(0, y), h - 1)))

    def __repr__(self) -> str:
        return f"<Canvas {self.w}x{self.h} on {self.surface.get_size()} px>"


class Recording(Canvas):
    """The window's surface as a frame is drawn straight into it, noting where each
    drawing lands (``damage``, real pixels): the next frame need only put the table's
    kept picture back there, not copy the whole picture (33 MB a frame in a 4K
    window). ``previous`` is the last frame's recording when the window kept its
    pixels since (the app knows: no new surface, no resize, nothing exposed);
    ``owner`` is what put its picture under this frame (``kept_under``)."""

    __slots__ = ("damage", "owner", "previous")

    def __init__(self, surface: pygame.Surface, size: tuple[int, int] | None = None,
                 previous: Recording | None = None) -> None:
        super().__init__(surface, size)
        self.damage: list[pygame.Rect] = []
        self.owner: object | None = None
        self.previous = previous

    def note(self, real: pygame.Rect | None) -> None:
        """Something was drawn over ``real`` (None: everywhere)."""
        self.damage.append(self.surface.get_rect() if real is None else pygame.Rect(real))

    def kept_under(self, owner: object) -> list[pygame.Rect] | None:
        """Where the window no longer shows ``owner``'s picture, if the last frame was
        drawn over it (real pixels): what the last frame drew after it, and what this
        one has drawn so far; None when the whole picture must be put back. The
        caller puts its picture back there (unnoted) and becomes ``owner``."""
        last, self.previous = self.previous, None
        if last is None or last.owner is not owner:
            return None
        return last.damage + self.damage

    def blit(self, source: Canvas | pygame.Surface, dest: Point | RectLike,
             area: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        placed = super().blit(source, dest, area, special_flags)
        src = source.surface if isinstance(source, Canvas) else source
        w, h = src.get_size() if area is None else real_rect(area).size
        # (in real pixels as blitted, a pixel to spare for the rounding of a position)
        self.damage.append(pygame.Rect(px(dest[0]) - 1, px(dest[1]) - 1, w + 2, h + 2))
        return placed

    def fill(self, color: Any, rect: RectLike | None = None, special_flags: int = 0) -> None:
        super().fill(color, rect, special_flags)
        self.note(real_rect(rect) if rect is not None else None)

    def subsurface(self, rect: RectLike) -> Canvas:
        self.note(real_rect(rect))  # (whatever is drawn into it)
        return super().subsurface(rect)


def noted(target: Canvas | pygame.Surface, real: pygame.Rect) -> pygame.Rect:
    """Tell a recording window that something was drawn over ``real`` (real pixels)
    by a pygame function called on its surface; ``real`` is returned."""
    if isinstance(target, Recording):
        target.note(real)
    return real


Target = Canvas | pygame.Surface


def surface(size: Sequence[Number], alpha: bool = True) -> Canvas:
    """A new canvas of a logical size (transparent unless ``alpha`` is False)."""
    w, h = round(size[0]), round(size[1])
    real = (max(1, px(w)), max(1, px(h)))
    return Canvas(pygame.Surface(real, pygame.SRCALPHA if alpha else 0), (max(1, w), max(1, h)))


def wrap(real: pygame.Surface, size: Sequence[Number]) -> Canvas:
    """A surface drawn at real pixels (art, text) known by its logical size."""
    return Canvas(real, (max(1, round(size[0])), max(1, round(size[1]))))


def rotate(source: Canvas, angle: float) -> Canvas:
    return Canvas(pygame.transform.rotate(source.surface, angle))


def stretch(source: Canvas, size: Sequence[Number], smooth: bool = False) -> Canvas:
    """``source`` squeezed to a logical size: for a passing effect (a card turning
    over), never for a picture that stays on screen."""
    real = (max(1, px(size[0])), max(1, px(size[1])))
    fn = pygame.transform.smoothscale if smooth else pygame.transform.scale
    return Canvas(fn(source.surface, real), (max(1, round(size[0])), max(1, round(size[1]))))


# ----- pygame.draw, in logical units ----------------------------------------------------------
def _pts(points: Iterable[Point]) -> list[tuple[int, int]]:
    return [real_point(p) for p in points]


class _Draw:
    """``pygame.draw``'s functions taking a ``Canvas`` (scaled) or a surface (as is)."""

    @staticmethod
    def rect(target: Target, color: Any, rect: RectLike, width: int = 0,
             border_radius: int = 0, border_top_left_radius: int = -1,
             border_top_right_radius: int = -1, border_bottom_left_radius: int = -1,
             border_bottom_right_radius: int = -1) -> pygame.Rect:
        if isinstance(target, Canvas):
            radii = [r if r < 0 else px(r) for r in (
                border_top_left_radius, border_top_right_radius,
                border_bottom_left_radius, border_bottom_right_radius)]
            real = real_rect(rect)
            pygame.draw.rect(target.surface, color, real, width_px(width),
                             px(border_radius), *radii)
            if isinstance(target, Recording):
                edge = width_px(width)
                corner = max(edge, px(border_radius), *radii) + 1
                if edge > 0 and 4 * corner < min(real.w, real.h):
                    # a frame: its four sides and rounded corners, not the inside it
                    # leaves alone
                    for side in ((real.x, real.y, real.w, corner),
                                 (real.x, real.bottom - corner, real.w, corner),
                                 (real.x, real.y, corner, real.h),
                                 (real.right - corner, real.y, corner, real.h)):
                        target.note(pygame.Rect(side))
                else:
                    target.note(real)
            return pygame.Rect(rect)
        return pygame.draw.rect(target, color, rect, width, border_radius,
                                border_top_left_radius, border_top_right_radius,
                                border_bottom_left_radius, border_bottom_right_radius)

    @staticmethod
    def line(target: Target, color: Any, start: Point, end: Point, width: int = 1) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.line(target.surface, color, real_point(start),
                                     real_point(end), width_px(width))
            noted(target, drawn)
        else:
            pygame.draw.line(target, color, start, end, width)

    @staticmethod
    def lines(target: Target, color: Any, closed: bool, points: Sequence[Point],
              width: int = 1) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.lines(target.surface, color, closed, _pts(points), width_px(width))
            noted(target, drawn)
        else:
            pygame.draw.lines(target, color, closed, points, width)

    @staticmethod
    def aaline(target: Target, color: Any, start: Point, end: Point) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.aaline(target.surface, color, real_point(start), real_point(end))
            noted(target, drawn)
        else:
            pygame.draw.aaline(target, color, start, end)

    @staticmethod
    def aalines(target: Target, color: Any, closed: bool, points: Sequence[Point]) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.aalines(target.surface, color, closed, _pts(points))
            noted(target, drawn)
        else:
            pygame.draw.aalines(target, color, closed, points)

    @staticmethod
    def circle(target: Target, color: Any, center: Point, radius: Number,
               width: int = 0, **quadrants: bool) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.circle(target.surface, color, real_point(center),
                                       max(1, px(radius)), width_px(width), **quadrants)
            noted(target, drawn)
        else:
            pygame.draw.circle(target, color, center, radius, width, **quadrants)

    @staticmethod
    def ellipse(target: Target, color: Any, rect: RectLike, width: int = 0) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.ellipse(target.surface, color, real_rect(rect), width_px(width))
            noted(target, drawn)
        else:
            pygame.draw.ellipse(target, color, rect, width)

    @staticmethod
    def arc(target: Target, color: Any, rect: RectLike, start_angle: float,
            stop_angle: float, width: int = 1) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.arc(target.surface, color, real_rect(rect), start_angle,
                                    stop_angle, width_px(width))
            noted(target, drawn)
        else:
            pygame.draw.arc(target, color, rect, start_angle, stop_angle, width)

    @staticmethod
    def polygon(target: Target, color: Any, points: Sequence[Point], width: int = 0) -> None:
        if isinstance(target, Canvas):
            drawn = pygame.draw.polygon(target.surface, color, _pts(points), width_px(width))
            noted(target, drawn)
        else:
            pygame.draw.polygon(target, color, points, width)


draw = _Draw()


# ----- the mouse -------------------------------------------------------------------------------
class _Window:
    """Where the logical table sits in the window: its real offset (letterbox)."""

    offset: tuple[int, int] = (0, 0)


WINDOW = _Window()


def to_logical(pos: Point) -> tuple[int, int]:
    """A point in the window's pixels as a logical point on the table."""
    return logical_point((pos[0] - WINDOW.offset[0], pos[1] - WINDOW.offset[1]))


def to_window(pos: Point) -> tuple[int, int]:
    """A logical point as the window's pixel under it (tests post real events)."""
    x, y = real_point(pos)
    return x + WINDOW.offset[0], y + WINDOW.offset[1]


def mouse_pos() -> tuple[int, int]:
    """``pygame.mouse.get_pos`` in logical units."""
    return to_logical(pygame.mouse.get_pos())


def logical_event(event: pygame.event.Event) -> pygame.event.Event:
    """A mouse event with its position (and motion) in logical units; others as they are."""
    if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        if WINDOW.offset == (0, 0) and VIEW.scale == 1.0:
            return event
        data = dict(event.dict)
        data["pos"] = to_logical(event.pos)
        if "rel" in data:
            s = VIEW.scale
            data["rel"] = (round(event.rel[0] / s), round(event.rel[1] / s))
        return pygame.event.Event(event.type, data)
    return event


__all__ = [
    "LOGICAL_SIZE",
    "VIEW",
    "WINDOW",
    "Canvas",
    "Recording",
    "draw",
    "fit_scale",
    "forget_drawn",
    "logical",
    "logical_event",
    "logical_point",
    "mouse_pos",
    "noted",
    "on_rescale",
    "px",
    "real_point",
    "real_rect",
    "rotate",
    "scale",
    "scaled_cache",
    "set_scale",
    "stretch",
    "surface",
    "text_scale",
    "to_logical",
    "to_window",
    "weight",
    "width_px",
    "wrap",
]
