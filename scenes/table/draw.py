"""Drawing a whole game state at the table, zone by zone, from the layout.

The table scene, the static preview and the tests all draw through ``draw_table`` so
that what the preview shows is exactly what play will show. It reads the engine's
``State`` (never changes it) and a small ``TableView`` of what is not game state:
the palette, the status line, the log, hover and lit zones, button states.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.cards import CARDS
from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.fleets import draw_ships, fleet_boxes, ship_badge, ship_box, ship_boxes
from scenes.table.header import draw_header
from scenes.table.stockrow import (
    StockRow,
    board_techs,
    draw_stock,
    stock_points,
    stock_row,
)
from scenes.text.catalog import t
from scenes.text.fitting import fit_lines, fit_size
from scenes.text.fonts import MIN_PX, blit_text, line_height, lines_of, reach, render, text_width
from scenes.ui import art, cardart
from scenes.ui import palette as P

TECH_NUMERALS = ("I", "II", "III")
#: Each button's zone and the key of its label.
BUTTONS = {Z.button(b): f"button.{b}" for b in Z.BUTTON_IDS}
LIGHT_TEXT = (244, 234, 210)


@dataclass
class TableView:
    """What the table shows besides the game state itself."""

    palette: str = "classic"
    status: str = ""
    log: list[str] = field(default_factory=list)
    hover: str | None = None
    lit: set[str] = field(default_factory=set)
    buttons: dict[str, str] = field(default_factory=dict)  # zone -> art.BUTTON_STATES
    #: Markers in flight (``animations.Place`` -> how many): left out of the picture.
    hidden: Counter = field(default_factory=Counter)
    #: Towns turning over: their card is left out (the animation draws it).
    flipping: frozenset[int] = frozenset()
    #: The table scene draws its own scrollable log; the preview uses ``log``.
    show_log: bool = True
    #: Each seat's clock at an online table with one: (its words, running short).
    clocks: tuple[tuple[str, bool], ...] = ()
    #: Each seat's player not at the table now (an online table): "away, 4 min", or "".
    away: tuple[str, ...] = ()


def lit_targets(view: TableView) -> set[str]:
    """The zones lit as targets, less the buttons that cannot be pressed now (Set sail
    before anything is staged, End turn during a computer's turn): a disabled button
    is never framed as something to do."""
    return {zone for zone in view.lit if view.buttons.get(zone) != "disabled"}


def _rel(layout: Layout, name: str, parent: pygame.Rect) -> tuple[int, int, int, int]:
    r = layout.rect(name)
    return (r.x - parent.x, r.y - parent.y, r.w, r.h)


def draw_stack(surface: gfx.Canvas, seat: int, count: int, center: tuple[int, int],
               size: int, palette: str, badge: bool = True) -> None:
    """``count`` markers of a player as a small fanned stack, with the number on it."""
    if count <= 0:
        return
    shown = min(count, 3)
    step = max(3, size // 7)
    cx = center[0] - (shown - 1) * step // 2
    cy = center[1] + (shown - 1) * step // 2
    img = art.marker(seat, size, palette)
    for i in range(shown):
        surface.blit(img, img.get_rect(center=(cx + i * step, cy - i * step)))
    if badge and count > 1:
        b = art.count_badge(count, max(20, size // 2 + 2))
        last = (cx + (shown - 1) * step, cy - (shown - 1) * step)
        surface.blit(b, b.get_rect(center=(last[0] + size // 2 - 2, last[1] + size // 2 - 4)))


def draw_table(surface: gfx.Canvas, layout: Layout, st: State, view: TableView) -> None:
    """Draw the whole table for ``st`` onto a 1920x1080 logical surface."""
    surface.blit(art.table_background(*layout.size), (0, 0))
    for part in table_parts(layout, st, view):
        part.paint(surface)
    for band in target_bands(layout, view):
        band.paint(surface)


@dataclass(frozen=True, eq=False)
class Part:
    """A piece of the table's picture: where it is drawn (nothing of it outside
    ``rect``, give or take the few units a badge may stand past its zone, unless it
    never ``spills``), what it shows (``key``: equal keys draw the same pixels) and
    how."""

    name: str
    rect: pygame.Rect
    key: tuple
    paint: Callable[[gfx.Canvas], object]
    spills: bool = True


def table_parts(layout: Layout, st: State, view: TableView,
                edges_lit: bool = True) -> list[Part]:
    """The table's picture piece by piece, in the order they are drawn: the
    technologies, the log (the preview's), Lisboa, each town and its sea, the India
    ribbon, the strip, each board. Each key holds everything its drawing reads, so the
    picture kept between frames (``render``) redraws only the pieces whose keys
    changed. (Without ``edges_lit``, every board has the edge of a player not to move:
    the renderer draws the mover's over its picture each frame, ``draw_active_edge``,
    so a turn passing redraws no board's edge.)"""
    pal, hidden = view.palette, view.hidden
    parts: list[Part] = []

    def part(name: str, rect: pygame.Rect, key: tuple,
             paint: Callable[[gfx.Canvas], object], spills: bool = True) -> None:
        parts.append(Part(name, rect, (*key, pal), paint, spills))

    cards = [layout.rect(Z.techcard(n)) for n in TECH_NUMERALS]
    part("techs", cards[0].unionall(cards[1:]),
         (tuple(st.tech_owner_of(x.id) for x in CARDS.techs),
          tuple(hidden[("tech", x.id)] for x in CARDS.techs)),
         lambda s: _draw_techs(s, layout, st, view))
    if view.show_log:
        part("log", layout.rect("log"), (tuple(view.log[-4:]),),
             lambda s: _draw_log(s, layout, view))
    part("lisboa", layout.rect(Z.lisboa()),
         (st.n, tuple(st.lisboa), tuple(hidden[("lisboa", x)] for x in range(st.n))),
         lambda s: _draw_lisboa(s, layout, st, view))
    for pos in range(1, st.size + 1):
        spaces = [(letter, pos, k) for letter in "gb" for k in (1, 2)]
        up = st.face_up(pos)
        part(f"town_{pos}", layout.rect(Z.town(pos)),
             (pos in view.flipping, up, st.card_at(pos).id if up else None,
              tuple(st.owner(x) for x in spaces),
              tuple(hidden[("good" if x[0] == "g" else "building", pos, x[2])] for x in spaces)),
             partial(_draw_town, layout=layout, st=st, view=view, pos=pos))
        part(f"sea_{pos}", layout.rect(Z.sea(pos)),  # (the fleets' places: all ships)
             tuple((st.ships_at(x, pos), hidden[("ship", x, pos)]) for x in range(st.n)),
             partial(_draw_sea, layout=layout, st=st, view=view, pos=pos))
    badge = Z.india(st.size)
    if layout.has(badge) and st.size not in view.flipping:
        r = layout.rect(badge)
        r.h = round(r.h * (1 + (gfx.VIEW.text - 1) / 2))  # (taller at a larger text size)
        part("india", r, (), lambda s: s.blit(cardart.india_ribbon(r.w, r.h), r.topleft))
    # the strip (whose turn, the status line, the game's buttons) and the buttons under
    # the log, apart: a new status line is no reason to draw the log's corner again
    low = [z for z in ("status", *BUTTONS) if layout.has(z)
           and layout.rect(z).colliderect(layout.rect("turn").inflate(10_000, 0))]
    high = [z for z in BUTTONS if layout.has(z) and z not in low]
    part("strip", layout.rect("turn").unionall([layout.rect(z) for z in low]),
         (st.active, st.over, tuple(st.winners or ()), tuple(st.names), st.action_points,
          view.status, tuple(sorted((z, b) for z, b in view.buttons.items() if z in low)),
          view.hover if view.hover in low else None),
         lambda s: _draw_strip(s, layout, st, view, low))
    if high:
        part("corner", layout.rect(high[0]).unionall([layout.rect(z) for z in high]),
             (tuple(sorted((z, b) for z, b in view.buttons.items() if z in high)),
              view.hover if view.hover in high else None),
             lambda s: _draw_buttons(s, layout, view, high))
    for seat in range(4):
        if layout.has(Z.board(seat)):
            for piece, rect, key, paint in _board_parts(layout, st, view, seat, edges_lit):
                part(f"board_{seat}_{piece}", rect, key, paint, not piece.startswith("edge"))
    return parts


def draw_active_edge(surface: gfx.Canvas, layout: Layout, st: State, palette: str) -> None:
    """The edge of the board of the player to move, lit (over a picture whose boards all
    have the plain edge: ``table_parts`` without ``edges_lit``)."""
    seat = st.active
    if st.over or not layout.has(Z.board(seat)):
        return
    cardart.draw_player_frame(surface, layout.rect(Z.board(seat)), seat, palette, True)


def target_bands(layout: Layout, view: TableView) -> list[Part]:
    """A band round each lit target (a legal drop, the Hint's step): dark-edged and
    bright, drawn over the pieces (``BAND_OUT`` past its zone on every side)."""
    out = []
    for name in sorted(lit_targets(view)):
        if layout.has(name):
            r = layout.rect(name)
            band = r.inflate(2 * art.BAND_OUT, 2 * art.BAND_OUT)
            out.append(Part(name, band, (name,), partial(_band, r=r, band=band)))
    return out


def _band(surface: gfx.Canvas, r: pygame.Rect, band: pygame.Rect) -> None:
    """A lit target's band around ``r``."""
    surface.blit(art.target_band(r.w, r.h), band)


# ----- technologies and log ---------------------------------------------------------
def _draw_techs(surface: gfx.Canvas, layout: Layout, st: State, view: TableView) -> None:
    for numeral in TECH_NUMERALS:
        r = layout.rect(Z.techcard(numeral))
        surface.blit(cardart.tech_panel(numeral, r.w, r.h), r)
    for tech in CARDS.techs:
        name = Z.tech(tech.id)
        if not layout.has(name):
            continue
        r = layout.rect(name)
        surface.blit(cardart.tech_tile(tech, r.w, r.h), r)
        owner = st.tech_owner_of(tech.id)
        if owner is not None and not view.hidden[("tech", tech.id)]:
            (x, y), size = cardart.tech_owner_spot(r.w, r.h)
            draw_stack(surface, owner, 1, (r.x + x, r.y + y), size, view.palette)


def _draw_log(surface: gfx.Canvas, layout: Layout, view: TableView) -> None:
    r = layout.rect("log")
    surface.blit(art.wood_panel(r.w, r.h), r)
    blit_text(surface, t("log.heading"), (r.x + 14, r.y + 6), role="display", size=22,
              color=P.BRASS_LIGHT)
    y: float = r.y + 36
    for line in view.log[-4:]:
        size = fit_size(line, "text", 17, r.w - 28)
        if y + line_height("text", size) > r.bottom:
            break  # no room left for a whole line
        blit_text(surface, line, (r.x + 14, y), size=size, color=LIGHT_TEXT)
        y += line_height("text", size)


# ----- the card line --------------------------------------------------------------
def _draw_lisboa(surface: gfx.Canvas, layout: Layout, st: State, view: TableView) -> None:
    lis = layout.rect(Z.lisboa())
    slots = tuple(_rel(layout, Z.lisboa(s), lis) for s in range(st.n))
    surface.blit(cardart.lisboa_card(lis.w, lis.h, slots), lis)
    for seat in range(st.n):
        r = layout.rect(Z.lisboa(seat))
        count = st.lisboa[seat]
        drawn = max(0, count - view.hidden[("lisboa", seat)])
        if drawn:
            draw_stack(surface, seat, drawn, (r.x + 30, r.centery), 38, view.palette, badge=False)
        else:
            ghost = art.marker_outline(seat, 30)
            surface.blit(ghost, ghost.get_rect(center=(r.x + 28, r.centery)))
        blit_text(surface, str(drawn), (r.right - 14, r.centery), role="text-bold", size=28,
                  color=P.INK if drawn else P.INK_SOFT, anchor="midright")


def _draw_town(surface: gfx.Canvas, layout: Layout, st: State, view: TableView,
               pos: int) -> None:
    card = layout.rect(Z.town(pos))
    if pos in view.flipping:
        return  # the animation draws it turning over
    if not st.face_up(pos):
        surface.blit(cardart.town_back(card.w, card.h, pos), card)
        return
    town = st.card_at(pos)
    goods = (_rel(layout, Z.goods(pos, 1), card), _rel(layout, Z.goods(pos, 2), card))
    builds = (_rel(layout, Z.building(pos, 1), card), _rel(layout, Z.building(pos, 2), card))
    surface.blit(cardart.town_face(town, card.w, card.h, pos, goods, builds), card)
    for k in (1, 2):
        for letter, place in (("g", "good"), ("b", "building")):
            owner = st.owner((letter, pos, k))
            if owner is None:
                continue
            # the occupied face even while the marker is still flying in: it lands
            # in the room made for it
            r = layout.rect(Z.space((letter, pos, k)))
            surface.blit(cardart.occupied_space(town, letter, k, r.w, r.h), r)
            if not view.hidden[(place, pos, k)]:
                center, size = space_marker(r, letter)
                img = art.marker(owner, size, view.palette)
                surface.blit(img, img.get_rect(center=center))


@gfx.scaled_cache(maxsize=4)
def _sea_strip(w: int, h: int, used: bool) -> gfx.Canvas:
    """A town's sea: a lighter band of the sea with a line of foam round it."""
    strip = gfx.surface((w, h))
    draw.rect(strip, (*P.SEA_LIGHT, 90 if used else 30), strip.get_rect(), border_radius=8)
    draw.rect(strip, (*P.FOAM, 80 if used else 30), strip.get_rect(), 1, border_radius=8)
    return strip


@gfx.scaled_cache(maxsize=2)
def _status_bar(w: int, h: int) -> gfx.Canvas:
    """The status line's dark bar, edged in brass."""
    bar = gfx.surface((w, h))
    draw.rect(bar, (*P.SEA_DEEP, 200), bar.get_rect(), border_radius=10)
    draw.rect(bar, P.BRASS, bar.get_rect(), 2, border_radius=10)
    return bar


def space_marker(space: pygame.Rect, letter: str) -> tuple[tuple[int, int], int]:
    """Where the marker on a goods (``g``) or building (``b``) space stands (its
    centre on the table) and its size: between the space's smaller icon and its
    word (``cardart.occupied_space``), so neither is hidden."""
    (x, y), size = cardart.occupied_marker(letter, space.w, space.h)
    return (space.x + x, space.y + y), size


def _draw_sea(surface: gfx.Canvas, layout: Layout, st: State, view: TableView,
              pos: int) -> None:
    sea = layout.rect(Z.sea(pos))
    used = pos <= st.size
    surface.blit(_sea_strip(sea.w, sea.h, used), sea)
    if not used:
        return
    for seat, box in ship_boxes(layout, st, pos).items():
        count = st.ships_at(seat, pos) - view.hidden[("ship", seat, pos)]
        if count > 0:
            draw_ships(surface, box, seat, count, view.palette)


# ----- the strip: turn, status, buttons ----------------------------------------------
def _draw_strip(surface: gfx.Canvas, layout: Layout, st: State, view: TableView,
                zones: list[str] | None = None) -> None:
    turn = layout.rect("turn")
    seat = st.active
    surface.blit(art.parchment(turn.w, turn.h, radius=10, seed=5), turn)
    title = t("turn.of", name=st.names[seat])
    if st.over:  # a player's name belongs here: the winner's (the review's last step)
        winners = st.winners or [seat]
        seat = winners[0]
        names = " & ".join(st.names[w] for w in winners)
        title = t("turn.winner" if len(winners) == 1 else "turn.winners", names=names)
    mk = art.marker(seat, 40, view.palette)
    surface.blit(mk, mk.get_rect(center=(turn.x + 30, turn.centery)))
    size = fit_px(title, "display", 30, turn.w - 170)
    blit_text(surface, title, (turn.x + 56, turn.centery), role="display", size=size,
              color=P.INK, anchor="midleft")
    _action_pips(surface, st.action_points, (turn.right - 16, turn.centery))
    status = layout.rect("status")
    surface.blit(_status_bar(status.w, status.h), status)
    if view.status:
        # one line, or two where one would need letters under the smallest readable
        size, lines = status_lines(view.status, status)
        step = status_step(size)
        y = status.centery - step * (len(lines) - 1) / 2
        for line in lines:  # (set close, by their letters, at a larger text size)
            blit_text(surface, line, (status.x + 16, y), size=size, color=LIGHT_TEXT,
                      anchor="midleft", box=status, by_ink=gfx.VIEW.text > 1.0)
            y += step
    _draw_buttons(surface, layout, view, zones)


def _draw_buttons(surface: gfx.Canvas, layout: Layout, view: TableView,
                  zones: list[str] | None = None) -> None:
    """The buttons (``zones``; all of them by default) in their states."""
    for zone, key in BUTTONS.items():
        if layout.has(zone) and (zones is None or zone in zones):
            r = layout.rect(zone)
            state = view.buttons.get(zone, "normal")
            if view.hover == zone and state == "normal":
                state = "hover"
            surface.blit(art.button(r.w, r.h, t(key), state), r)


def fit_px(text: str, role: str, size: float, width: float) -> float:
    """The largest size up to ``size`` at which ``text`` fits ``width``, tried pixel by
    real pixel (a larger text size never lands under the 100 % size for want of a
    step), never under the smallest readable."""
    real = gfx.VIEW.scale * gfx.VIEW.text
    for px in range(round(size * real), MIN_PX, -1):
        if text_width(text, role, px / real) <= width:
            return px / real
    return fit_size(text, role, round(size), round(width))


#: The status line's letters: the size wanted (logical units).
STATUS_SIZE = 21


#: Two lines of the status line at a larger text size stand this share of their
#: font's line height apart (set close: the strip does not grow).
STATUS_LEADING = 0.86


def status_step(size: float) -> float:
    """The distance between the status line's two lines: the font's own line height at
    the 100 % text size, closer at a larger one (its letters then fill the strip)."""
    step = line_height("text", size)
    return step * STATUS_LEADING if gfx.VIEW.text > 1.0 else step


def status_lines(text: str, box: pygame.Rect) -> tuple[float, list[str]]:
    """The status line's size and lines: the largest real size (pixel by pixel, so a
    larger text size never lands under the 100 % size for want of a step) at which
    ``text`` takes one line of ``box``, or two (at a larger text size two lines set
    close, their letters a capital's top to a descender's foot inside the strip)."""
    real = gfx.VIEW.scale * gfx.VIEW.text
    width = box.w - 28
    larger = gfx.VIEW.text > 1.0
    room = box.h - (2 if larger else 6)
    for px in range(round(STATUS_SIZE * real), MIN_PX - 1, -1):
        size = px / real
        lines = lines_of(text, "text", size, width)
        if len(lines) > 2 or any(text_width(x, "text", size) > width for x in lines):
            continue
        tall = ((len(lines) - 1) * status_step(size) + reach("text", size) if larger
                else len(lines) * line_height("text", size))
        if tall <= room:
            return size, lines
    return fit_lines(text, "text", STATUS_SIZE, width, 2, height=box.h - 6)


def _action_pips(surface: gfx.Canvas, points: int, midright: tuple[int, int]) -> None:
    """Action points as two lamps plus the number, so they read at a glance."""
    x, y = midright
    label = render(str(points), "text-bold", 30, P.INK)
    surface.blit(label, label.get_rect(midright=(x, y)))
    x -= label.get_width() + 12
    for i in range(2):
        lit = i < points
        cx = x - (1 - i) * 26
        draw.circle(surface, P.BRASS_DARK, (cx, y), 11)
        draw.circle(surface, P.HIGHLIGHT if lit else (120, 108, 88), (cx, y), 8)


# ----- player boards ---------------------------------------------------------------
def _draw_board(surface: gfx.Canvas, layout: Layout, st: State, view: TableView,
                seat: int) -> None:
    """A player's whole board (``_board_parts`` draws it piece by piece)."""
    for _, _, _, paint in _board_parts(layout, st, view, seat):
        paint(surface)


#: What of ``TableView.hidden`` a board shows (a marker in flight to or from it).
_BOARD_HIDDEN = frozenset({"banker", "speed", "scientist", "historian", "stock"})


def _board_parts(layout: Layout, st: State, view: TableView, seat: int,
                 edges_lit: bool = True) -> list[
        tuple[str, pygame.Rect, tuple, Callable[[gfx.Canvas], None]]]:
    """A board in pieces (name, rect, key, paint), drawn in order: its tray, its header,
    its domain card with the bankers, the ship speed and the scientists, its historian
    card with the historians, and its stock row. A board drawn again is drawn only in
    the pieces whose keys changed (a new wealth redraws the header and the bankers)."""
    board = layout.rect(Z.board(seat))
    pal = view.palette
    if seat >= st.n:
        def empty(surface: gfx.Canvas) -> None:
            tray = gfx.surface(board.size)
            draw.rect(tray, (*P.SEA_DEEP, 90), tray.get_rect(), border_radius=12)
            surface.blit(tray, board)
        return [("", board, ("empty",), empty)]
    active = seat == st.active and not st.over
    hidden = view.hidden

    def tray(surface: gfx.Canvas) -> None:
        surface.blit(cardart.player_tray(board.w, board.h), board)

    lit = active and edges_lit

    def frame(surface: gfx.Canvas) -> None:
        cardart.draw_player_frame(surface, board, seat, pal, lit)

    # the edge in four strips: the turn passing draws them again, not the whole board
    # (nothing of the board but its edge and tray stands in them)
    edge, corner = 8, 16  # (its corners are rounded: their arcs reach further in)
    edges = [pygame.Rect(board.x, board.y, board.w, edge),
             pygame.Rect(board.x, board.bottom - edge, board.w, edge),
             pygame.Rect(board.x, board.y, edge, board.h),
             pygame.Rect(board.right - edge, board.y, edge, board.h),
             *(pygame.Rect(x, y, corner, corner) for x in (board.x, board.right - corner)
               for y in (board.y, board.bottom - corner))]

    clock = view.clocks[seat] if seat < len(view.clocks) else ("", False)
    away = view.away[seat] if seat < len(view.away) else ""
    name = layout.rect(Z.name(seat))

    def header(surface: gfx.Canvas) -> None:
        draw_header(surface, name, st, seat, active, pal, clock, away)

    dom = layout.rect(Z.domain(seat))
    shown_bankers = _shown_holdings(st.bankers(seat), "banker", seat, view)
    speed_hidden = hidden[("speed", seat, st.speed[seat])]
    home = st.scientists_home(seat) - hidden[("scientist", seat)]

    def domain(surface: gfx.Canvas) -> None:
        bankers = tuple(_rel(layout, Z.banker(seat, v), dom) for v in range(1, 6))
        speeds = tuple(_rel(layout, Z.speed(seat, v), dom) for v in range(1, 4))
        sci = _rel(layout, Z.scientists(seat), dom)
        surface.blit(cardart.domain_card(dom.w, dom.h, bankers, speeds, sci, seat), dom)
        _holdings(surface, layout, Z.banker, shown_bankers, seat, pal)
        if not speed_hidden:
            (x, y), size = speed_spot(layout.rect(Z.speed(seat, st.speed[seat])))
            img = art.marker(seat, size, pal)
            surface.blit(img, img.get_rect(center=(x, y)))
        for i in range(1, 4):
            r = layout.rect(Z.scientist(seat, i))
            img = art.marker(seat, 36, pal) if i <= home else art.marker_outline(seat, 32)
            surface.blit(img, img.get_rect(center=r.center))

    hist = layout.rect(Z.historycard(seat))
    shown_historians = _shown_holdings(st.historians(seat), "historian", seat, view)

    def historians(surface: gfx.Canvas) -> None:
        spaces = tuple(_rel(layout, Z.historian(seat, v), hist) for v in range(1, 6))
        surface.blit(cardart.historian_card(hist.w, hist.h, spaces, seat), hist)
        _holdings(surface, layout, Z.historian, shown_historians, seat, pal)

    in_stock = hidden[("stock", seat)]

    def stock(surface: gfx.Canvas) -> None:
        draw_stock(surface, layout, st, pal, in_stock, seat)

    return [
        ("tray", board, (), tray),
        *((f"edge{i}", rect, (lit,), frame) for i, rect in enumerate(edges)),
        ("header", name, (active, st.names[seat], st.wealth[seat], st.vp[seat], clock, away),
         header),
        ("domain", dom, (tuple(shown_bankers), st.speed[seat], speed_hidden, home), domain),
        ("historians", hist, (tuple(shown_historians),), historians),
        ("stock", layout.rect(Z.stock(seat)), (st.stock[seat], in_stock, tuple(st.techs(seat))),
         stock),
    ]


def speed_spot(space: pygame.Rect) -> tuple[tuple[int, int], int]:
    """Where the ship-speed marker stands on its space (centre, size): low in the
    well, under the number and the waves that say the speed."""
    return (space.centerx, space.bottom - 23), 36


def _shown_holdings(holdings: list[int], kind: str, seat: int, view: TableView) -> list[int]:
    """The holdings minus the markers flying to (or from) their spaces."""
    shown = list(holdings)
    for value in range(1, 6):
        for _ in range(view.hidden[(kind, seat, value)]):
            if value in shown:
                shown.remove(value)
    return shown


def _holdings(surface: gfx.Canvas, layout: Layout, space: Callable[[int, int], str],
              holdings: list[int], seat: int, palette: str) -> None:
    """Bankers or historians: each stands on the space of the amount it holds."""
    for value in range(1, 6):
        count = holdings.count(value)
        if count:
            r = layout.rect(space(seat, value))
            draw_stack(surface, seat, count, (r.centerx + 8, r.centery + 4), 40, palette)


__all__ = ["BUTTONS", "Part", "StockRow", "TableView", "board_techs", "draw_active_edge",
           "draw_ships", "draw_stack", "draw_table", "fleet_boxes", "lit_targets", "ship_badge",
           "ship_box", "ship_boxes", "space_marker", "speed_spot", "stock_points", "stock_row",
           "table_parts", "target_bands"]
