"""Drawing a whole game state at the table, zone by zone, from the layout.

The table scene, the static preview and the tests all draw through ``draw_table`` so
that what the preview shows is exactly what play will show. It reads the engine's
``State`` (never changes it) and a small ``TableView`` of what is not game state:
the palette, the status line, the log, hover and lit zones, button states.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.cards import CARDS
from game.state import State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.gfx import draw
from scenes.core.layout import Layout
from scenes.table.header import draw_header
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
    _draw_techs(surface, layout, st, view)
    if view.show_log:
        _draw_log(surface, layout, view)
    _draw_line(surface, layout, st, view)
    _draw_strip(surface, layout, st, view)
    for seat in range(4):
        if layout.has(Z.board(seat)):
            _draw_board(surface, layout, st, view, seat)
    for name in sorted(lit_targets(view)):
        if layout.has(name):  # a legal target or the hint: a dark-edged bright band
            r = layout.rect(name)
            surface.blit(art.target_band(r.w, r.h), r.inflate(2 * art.BAND_OUT,
                                                              2 * art.BAND_OUT))


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
    y = r.y + 36
    for line in view.log[-4:]:
        size = fit_size(line, "text", 17, r.w - 28)
        if y + line_height("text", size) > r.bottom:
            break  # no room left for a whole line
        blit_text(surface, line, (r.x + 14, y), size=size, color=LIGHT_TEXT)
        y += line_height("text", size)


# ----- the card line --------------------------------------------------------------
def _draw_line(surface: gfx.Canvas, layout: Layout, st: State, view: TableView) -> None:
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
                  color=P.INK if drawn else P.PARCHMENT_DEEP, anchor="midright")
    # only the towns in play: a three-player line has nine (its own map has no more;
    # the lesson's four-player map leaves the last three places empty sea)
    for pos in range(1, st.size + 1):
        _draw_town(surface, layout, st, view, pos)
        _draw_sea(surface, layout, st, view, pos)
    badge = Z.india(st.size)
    if layout.has(badge) and st.size not in view.flipping:
        r = layout.rect(badge)
        # a larger text size makes the ribbon taller, so its word grows too
        h = round(r.h * (1 + (gfx.VIEW.text - 1) / 2))
        surface.blit(cardart.india_ribbon(r.w, h), r.topleft)


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


def space_marker(space: pygame.Rect, letter: str) -> tuple[tuple[int, int], int]:
    """Where the marker on a goods (``g``) or building (``b``) space stands (its
    centre on the table) and its size: between the space's smaller icon and its
    word (``cardart.occupied_space``), so neither is hidden."""
    (x, y), size = cardart.occupied_marker(letter, space.w, space.h)
    return (space.x + x, space.y + y), size


def _draw_sea(surface: gfx.Canvas, layout: Layout, st: State, view: TableView,
              pos: int) -> None:
    sea = layout.rect(Z.sea(pos))
    strip = gfx.surface(sea.size)
    used = pos <= st.size
    draw.rect(strip, (*P.SEA_LIGHT, 90 if used else 30), strip.get_rect(), border_radius=8)
    draw.rect(strip, (*P.FOAM, 80 if used else 30), strip.get_rect(), 1, border_radius=8)
    surface.blit(strip, sea)
    if not used:
        return
    for seat, box in ship_boxes(layout, st, pos).items():
        count = st.ships_at(seat, pos) - view.hidden[("ship", seat, pos)]
        if count > 0:
            draw_ships(surface, box, seat, count, view.palette)


#: A ship's box is at most this much wider than tall, and at least this much (a
#: narrow share of a sea gets a taller ship, not a flatter one).
SHIP_WIDEST, SHIP_NARROWEST = 1.6, 1.15
#: How far the ships keep from the sea's edge, and from each other.
FLEET_PAD, FLEET_GAP = 4, 4


def fleet_boxes(sea: pygame.Rect, seats: tuple[int, ...]) -> dict[int, pygame.Rect]:
    """Where the ships of ``seats`` (in seat order) are drawn in ``sea``: as large as
    the sea allows, side by side by player. One player alone fills the sea, two share
    it in two columns, three or four in two rows of two (the third centred)."""
    inner = sea.inflate(-2 * FLEET_PAD, -2 * FLEET_PAD)
    k = len(seats)
    if k == 0:
        return {}
    cols = 1 if k == 1 else 2
    rows = 1 if k <= 2 else 2
    cw = (inner.w - (cols - 1) * FLEET_GAP) // cols
    ch = (inner.h - (rows - 1) * FLEET_GAP) // rows
    out = {}
    for i, seat in enumerate(seats):
        row, col = divmod(i, cols)
        in_row = min(cols, k - row * cols)
        left = inner.x + (inner.w - in_row * cw - (in_row - 1) * FLEET_GAP) // 2
        cell = pygame.Rect(left + col * (cw + FLEET_GAP), inner.y + row * (ch + FLEET_GAP),
                           cw, ch)
        w = min(cell.w, round(cell.h * SHIP_WIDEST))
        h = min(cell.h, round(w / SHIP_NARROWEST))
        out[seat] = pygame.Rect(0, 0, w, h)
        out[seat].center = cell.center
    return out


def ship_boxes(layout: Layout, st: State, pos: int,
               also: int | None = None) -> dict[int, pygame.Rect]:
    """Where each player's ships in sea ``pos`` are drawn (``fleet_boxes``), for the
    players with ships there in ``st`` (and ``also``, whose ship is on its way: a ship
    sailing past is drawn where it would stand)."""
    seats = tuple(s for s in range(st.n) if st.ships_at(s, pos) > 0 or s == also)
    return fleet_boxes(layout.rect(Z.sea(pos)), seats)


def ship_box(layout: Layout, st: State, pos: int, seat: int) -> pygame.Rect:
    """Where ``seat``'s ships in sea ``pos`` are drawn in ``st`` (or would be)."""
    return ship_boxes(layout, st, pos, also=seat)[seat]


def ship_badge(box: pygame.Rect) -> tuple[int, tuple[int, int]]:
    """The size and centre of the badge with a player's number of ships in a sea: on
    the ship's bow, large enough to read at a glance."""
    size = max(30, min(44, round(box.h * 0.5)))
    return size, (box.right - size // 2 + 2, box.bottom - size // 2 - 2)


def draw_ships(surface: gfx.Canvas, box: pygame.Rect, seat: int, count: int,
               palette: str) -> None:
    """``count`` ships of a player in their box of a sea: the ship drawn as large as
    the box, and when there are more than one a second hull behind it and their
    number on a badge at the bow."""
    if count > 1:
        back = box.inflate(-box.w // 5, -box.h // 5).move(-box.w // 10, -box.h // 10)
        img = art.ship(seat, back.w, back.h, palette)
        surface.blit(img, back)
    surface.blit(art.ship(seat, box.w, box.h, palette), box)
    if count > 1:
        size, center = ship_badge(box)
        badge = art.count_badge(count, size)
        surface.blit(badge, badge.get_rect(center=center))


# ----- the strip: turn, status, buttons ----------------------------------------------
def _draw_strip(surface: gfx.Canvas, layout: Layout, st: State, view: TableView) -> None:
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
    bar = gfx.surface(status.size)
    draw.rect(bar, (*P.SEA_DEEP, 200), bar.get_rect(), border_radius=10)
    draw.rect(bar, P.BRASS, bar.get_rect(), 2, border_radius=10)
    surface.blit(bar, status)
    if view.status:
        # one line, or two where one would need letters under the smallest readable
        size, lines = status_lines(view.status, status)
        step = status_step(size)
        y = status.centery - step * (len(lines) - 1) / 2
        for line in lines:  # (set close, by their letters, at a larger text size)
            blit_text(surface, line, (status.x + 16, y), size=size, color=LIGHT_TEXT,
                      anchor="midleft", box=status, by_ink=gfx.VIEW.text > 1.0)
            y += step
    for zone, key in BUTTONS.items():
        if layout.has(zone):
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
    board = layout.rect(Z.board(seat))
    if seat >= st.n:
        empty = gfx.surface(board.size)
        draw.rect(empty, (*P.SEA_DEEP, 90), empty.get_rect(), border_radius=12)
        surface.blit(empty, board)
        return
    active = seat == st.active and not st.over
    surface.blit(cardart.player_board(seat, board.w, board.h, view.palette, active), board)
    clock = view.clocks[seat] if seat < len(view.clocks) else ("", False)
    away = view.away[seat] if seat < len(view.away) else ""
    draw_header(surface, layout.rect(Z.name(seat)), st, seat, active, view.palette, clock, away)
    dom = layout.rect(Z.domain(seat))
    bankers = tuple(_rel(layout, Z.banker(seat, v), dom) for v in range(1, 6))
    speeds = tuple(_rel(layout, Z.speed(seat, v), dom) for v in range(1, 4))
    sci = _rel(layout, Z.scientists(seat), dom)
    surface.blit(cardart.domain_card(dom.w, dom.h, bankers, speeds, sci, seat), dom)
    _holdings(surface, layout, Z.banker, _shown_holdings(st.bankers(seat), "banker", seat, view),
              seat, view.palette)
    if not view.hidden[("speed", seat, st.speed[seat])]:
        r = layout.rect(Z.speed(seat, st.speed[seat]))
        (x, y), size = speed_spot(r)
        img = art.marker(seat, size, view.palette)
        surface.blit(img, img.get_rect(center=(x, y)))
    home = st.scientists_home(seat) - view.hidden[("scientist", seat)]
    for i in range(1, 4):
        r = layout.rect(Z.scientist(seat, i))
        img = art.marker(seat, 36, view.palette) if i <= home else art.marker_outline(seat, 32)
        surface.blit(img, img.get_rect(center=r.center))
    hist = layout.rect(Z.historycard(seat))
    spaces = tuple(_rel(layout, Z.historian(seat, v), hist) for v in range(1, 6))
    surface.blit(cardart.historian_card(hist.w, hist.h, spaces, seat), hist)
    _holdings(surface, layout, Z.historian,
              _shown_holdings(st.historians(seat), "historian", seat, view), seat, view.palette)
    _draw_stock(surface, layout, st, view, seat)


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


#: The stock's markers: their size and their distance apart when there is room.
STOCK_MARKER, STOCK_STEP = 30, 26
#: The distance apart the stock's markers keep while names can be broken to make room,
#: and the closest they come (each still shows its edge).
STOCK_SNUG, STOCK_CLOSE = 17, 5
CHIP_GAP = 6
#: The smallest size a technology's name on a board is shrunk to (as ``fit_lines``).
CHIP_SMALLEST = 11


@dataclass(frozen=True)
class StockRow:
    """A board's bottom row: the stock's word, where its markers run, and the named
    tiles of the player's technologies at its right."""

    label: str
    first: int          # the centre of the first marker
    end: int            # the centre the last marker may reach
    chips: tuple[tuple[str, pygame.Rect], ...]


def _stock_need(label: str, markers: int, step: int) -> int:
    """Room the stock takes with its word and ``markers`` markers ``step`` apart."""
    word = 4 + math.ceil(text_width(label, "text-semibold", 22))
    if markers <= 0:
        return word + 8
    return word + 26 + STOCK_MARKER // 2 + 4 + (markers - 1) * step


def stock_row(layout: Layout, st: State, seat: int) -> StockRow:
    """How ``seat``'s stock row is shared. Each technology's tile is as wide as its
    name on one line while there is room, the widest names broken on two lines first
    when there is not; the stock gives way step by step before a name shrinks: its
    markers close up under the first, then its word becomes the bare number (the row
    of markers says what it counts; the board's tooltip says "Stock"). Only when
    even that is not enough are the tiles shared out and their names shrunk."""
    row = layout.rect(Z.stock(seat))
    n = st.stock[seat]
    full = t("board.stock.count", n=n)
    techs = [CARDS.tech(x) for x in st.techs(seat)] if seat < st.n else []
    label, widths = full, []
    if techs:
        h = row.h - 4
        gaps = CHIP_GAP * (len(techs) - 1)
        sizes = [cardart.tech_chip_widths(x) for x in techs]
        two = [b for _, b in sizes] if cardart.chip_rows(h) == 2 else [a for a, _ in sizes]
        for label, step in ((full, STOCK_SNUG), (full, STOCK_CLOSE),
                            (t("board.stock.short", n=n), STOCK_CLOSE)):
            room = row.w - _stock_need(label, n, step) - gaps
            widths = [a for a, _ in sizes]
            for i in sorted(range(len(techs)), key=lambda i: -sizes[i][0]):
                if sum(widths) <= room:
                    break
                widths[i] = two[i]
            if sum(widths) <= room:
                break
        else:  # still too wide: shared out, the names shrink to fit (never below the
            # smallest readable letters where the row allows it)
            rows = cardart.chip_rows(h)
            least = [cardart.tech_chip_widths(x, CHIP_SMALLEST)[rows - 1] for x in techs]
            spare = max(0, room - sum(least))
            over = [max(0, w - m) for w, m in zip(widths, least, strict=True)]
            widths = [m + (spare * o // sum(over) if sum(over) else 0)
                      for m, o in zip(least, over, strict=True)]
    chips = []
    x = row.right
    for tech, w in zip(reversed(techs), reversed(widths), strict=True):
        x -= w
        chips.append((tech.id, pygame.Rect(x, row.y + 2, w, row.h - 4)))
        x -= CHIP_GAP
    first = row.x + 4 + math.ceil(text_width(label, "text-semibold", 22)) + 26
    end = (x + CHIP_GAP if chips else row.right) - STOCK_MARKER // 2 - 2
    return StockRow(label, first, end, tuple(chips[::-1]))


def board_techs(layout: Layout, st: State, seat: int) -> list[tuple[str, pygame.Rect]]:
    """The technologies ``seat`` owns and where their named tiles stand, at the right
    of the stock row (``stock_row``; the tooltip finds them here too)."""
    if not layout.has(Z.stock(seat)) or seat >= st.n or not st.techs(seat):
        return []
    return list(stock_row(layout, st, seat).chips)


def stock_points(layout: Layout, st: State, seat: int,
                 count: int | None = None) -> list[tuple[int, int]]:
    """Where each marker of ``seat``'s stock stands (the first ``count``, all by
    default): after the word, a marker's width apart, closer together when the
    technologies leave less room."""
    r = layout.rect(Z.stock(seat))
    stock = st.stock[seat]
    shared = stock_row(layout, st, seat)
    step = STOCK_STEP
    if stock > 1:
        step = max(STOCK_CLOSE, min(STOCK_STEP, (shared.end - shared.first) // (stock - 1)))
    return [(shared.first + i * step, r.centery)
            for i in range(stock if count is None else count)]


def _draw_stock(surface: gfx.Canvas, layout: Layout, st: State, view: TableView,
                seat: int) -> None:
    r = layout.rect(Z.stock(seat))
    shared = stock_row(layout, st, seat)
    label = render(shared.label, "text-semibold", 22, LIGHT_TEXT)
    surface.blit(label, label.get_rect(midleft=(r.x + 4, r.centery)))
    img = art.marker(seat, STOCK_MARKER, view.palette)
    points = stock_points(layout, st, seat)
    for point in points[:max(0, len(points) - view.hidden[("stock", seat)])]:
        surface.blit(img, img.get_rect(center=point))
    for tech_id, chip in shared.chips:
        surface.blit(cardart.tech_chip(CARDS.tech(tech_id), chip.w, chip.h), chip)


__all__ = ["BUTTONS", "StockRow", "TableView", "board_techs", "draw_ships", "draw_stack",
           "draw_table", "fleet_boxes", "lit_targets", "ship_badge", "ship_box", "ship_boxes",
           "space_marker", "speed_spot", "stock_points", "stock_row"]
