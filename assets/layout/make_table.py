"""Write ``table.tmx`` and ``table3.tmx``, the table's layouts, from the numbers below.

The game reads the Tiled map, never this script: the map can be opened and adjusted in
Tiled by hand. This script exists so that the first layout (and any global change,
such as a new card width) is computed rather than placed pixel by pixel, and so that
the arithmetic behind it is written down. Run it from anywhere:

    python assets/layout/make_table.py

Three maps are written: ``table.tmx`` for four players and ``table3.tmx`` for three. A
three-player game has nine towns and three boards, so its map gives the room of the
three absent towns to the nine cards (wider cards, wider spaces) and the room of
the fourth board to the three boards; no zone exists for what is not in play. The
lesson (three players) has ``table_lesson.tmx``: the three-player line of nine wide
towns over four places for boards, the fourth (``board_3``, nothing in it) where its
panel stands, so no part of the table is left empty.

The map is 1920x1080 logical pixels (48x27 tiles of 40 pixels, no tileset). Every
zone is a named rectangle in one of these object layers (the layer says which zones
may overlap: rectangles of one layer never overlap each other):

- ``cards``: ``lisboa``, ``town_1``..``town_12``, ``techcard_I``..``techcard_III``,
  ``board_0``..``board_3`` (a player's whole area).
- ``seas``: ``sea_1``..``sea_12``, the strip below each town holding its ships.
- ``spaces``: what markers sit on: ``goods_N_K``, ``building_N_K``, ``tech_<id>``,
  ``lisboa_<seat>``, ``ship_N_<seat>`` (one player's stack in sea N), and on each
  player board ``name_<seat>``, ``domain_<seat>``, ``bankers_<seat>``,
  ``banker_<seat>_<1..5>``, ``speed_<seat>_<1..3>``, ``scientists_<seat>``,
  ``scientist_<seat>_<1..3>``, ``historycard_<seat>``, ``historians_<seat>``,
  ``historian_<seat>_<1..5>``, ``stock_<seat>``.
- ``badges``: ``india_9`` and ``india_12``, the India ribbon over the header of the
  last town of a three- or four-player line (``table3.tmx``: ``india_9`` only).
- ``ui``: ``turn``, ``status``, ``log``, ``button_sail``, ``button_sell``,
  ``button_done``, ``button_undo``, ``button_end_turn``, ``button_rules``,
  ``button_hint``, ``button_menu``.
- ``panels``: ``log_open``, where the ship's log unfolds (over the right end of the
  card line) when the player asks for more of it.

Within ``spaces`` some rectangles contain others (``bankers_0`` holds
``banker_0_1``..``banker_0_5``); the ``kind`` property of each object says what it is,
and the containment is checked by the UI tests.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

WIDTH, HEIGHT = 1920, 1080
TILE = 40
MARGIN = 14

TECHS = (
    ("I", ("metallurgy", "geography", "printing-press", "harbor-maintenance")),
    ("II", ("architecture", "map", "bank-system", "factory")),
    ("III", ("renaissance", "mission-church", "guild", "eastern-india")),
)

# The card line: Lisboa + 12 towns, 140 px wide, 6 px apart: 13*140 + 12*6 = 1892
# (three players: Lisboa + 9 towns, 183 px wide).
CARD_GAP = 6
CARD_W = 140
# Technology cards across the top; the log to their right. Each card's four tiles
# stand two by two: a tile is wide rather than tall, as its words are (a name on one
# line, even in French or Italian, its effect under it), with its cost and its
# owner's marker in a column at its left.
TECH_TOP, TECH_H = 8, 186
TECH_W, TECH_GAP, TECHCARD_LABEL = 108, 6, 30
LINE_TOP, CARD_H = TECH_TOP + TECH_H + 12, 270
SEA_TOP, SEA_H = LINE_TOP + CARD_H + 6, 104
# Status strip and buttons between the line and the boards.
STRIP_TOP, STRIP_H = SEA_TOP + SEA_H + 6, 52
BOARD_TOP = STRIP_TOP + STRIP_H + 8
BOARD_GAP = 12
BOARD_W = (WIDTH - 2 * MARGIN - 3 * BOARD_GAP) // 4
#: Players the map is drawn for (``build`` sets it, with CARD_W and BOARD_W).
PLAYERS = 4


def _size_for(players: int, boards: int) -> None:
    """Card and board widths filling the width for ``players`` (9 or 12 towns) and
    ``boards`` places for boards."""
    global PLAYERS, CARD_W, BOARD_W
    PLAYERS = players
    cards = towns(players) + 1
    CARD_W = (WIDTH - 2 * MARGIN - (cards - 1) * CARD_GAP) // cards
    BOARD_W = (WIDTH - 2 * MARGIN - (boards - 1) * BOARD_GAP) // boards


def towns(players: int) -> int:
    """Towns in the line: 9 for three players, 12 for four."""
    return 9 if players == 3 else 12
BOARD_H = HEIGHT - 8 - BOARD_TOP

#: The maps written: (players, places for boards, file).
MAPS = ((4, 4, "table.tmx"), (3, 3, "table3.tmx"), (3, 4, "table_lesson.tmx"))

Rect = tuple[int, int, int, int]


class Layer:
    """One object layer being filled."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.objects: list[tuple[str, str, Rect]] = []

    def add(self, name: str, kind: str, rect: Rect) -> Rect:
        self.objects.append((name, kind, rect))
        return rect


def card_x(pos: int) -> int:
    """Left edge of card ``pos`` of the line (0 = Lisboa)."""
    return MARGIN + pos * (CARD_W + CARD_GAP)


def build(players: int = 4, boards: int | None = None) -> list[Layer]:
    """The map's layers for ``players``, with ``boards`` places for boards (more than
    the players: the lesson's map, whose last place, ``board_3``, holds its panel)."""
    boards = players if boards is None else boards
    _size_for(players, boards)
    cards, seas, spaces, badges, ui, panels = (
        Layer(n) for n in ("cards", "seas", "spaces", "badges", "ui", "panels"))
    _technologies(cards, spaces)
    _card_line(cards, seas, spaces, badges)
    _strip(ui, panels)
    for seat in range(players):
        _board(seat, cards, spaces)
    for place in range(players, boards):  # an empty place: the lesson's panel stands there
        cards.add(f"board_{place}", "board",
                  (MARGIN + place * (BOARD_W + BOARD_GAP), BOARD_TOP, BOARD_W, BOARD_H))
    return [cards, seas, spaces, badges, ui, panels]


def _technologies(cards: Layer, spaces: Layer) -> None:
    panel_w = TECHCARD_LABEL + 4 * TECH_W + 4 * TECH_GAP + 6
    x = MARGIN
    for numeral, ids in TECHS:
        cards.add(f"techcard_{numeral}", "techcard", (x, TECH_TOP, panel_w, TECH_H))
        left = x + TECHCARD_LABEL + TECH_GAP
        tile_w = (panel_w - TECHCARD_LABEL - 3 * TECH_GAP) // 2
        tile_h = (TECH_H - 3 * TECH_GAP) // 2
        for i, tech_id in enumerate(ids):
            row, col = divmod(i, 2)
            spaces.add(f"tech_{tech_id}", "tech",
                       (left + col * (tile_w + TECH_GAP), TECH_TOP + TECH_GAP
                        + row * (tile_h + TECH_GAP), tile_w, tile_h))
        x += panel_w + 10


def _card_line(cards: Layer, seas: Layer, spaces: Layer, badges: Layer) -> None:
    # Lisboa is a tall card covering the line and the sea strip: the home port.
    lis = cards.add("lisboa", "lisboa", (card_x(0), LINE_TOP, CARD_W, CARD_H + 6 + SEA_H))
    slot_h = 58 if PLAYERS == 4 else 72
    top = lis[1] + lis[3] - PLAYERS * slot_h - PLAYERS * 4
    for seat in range(PLAYERS):
        spaces.add(f"lisboa_{seat}", "lisboa-slot",
                   (lis[0] + 6, top + seat * (slot_h + 4), CARD_W - 12, slot_h))
    for pos in range(1, towns(PLAYERS) + 1):
        x = card_x(pos)
        cards.add(f"town_{pos}", "town", (x, LINE_TOP, CARD_W, CARD_H))
        half = (CARD_W - 6 * 3) // 2  # two spaces side by side, 6 px margins
        for k in (1, 2):
            sx = x + 6 + (k - 1) * (half + 6)
            spaces.add(f"goods_{pos}_{k}", "goods", (sx, LINE_TOP + 40, half, 96))
            spaces.add(f"building_{pos}_{k}", "building", (sx, LINE_TOP + 142, half, 120))
        seas.add(f"sea_{pos}", "sea", (x, SEA_TOP, CARD_W, SEA_H))
        cell_w, cell_h = (CARD_W - 6) // 2, (SEA_H - 6) // 2
        for seat in range(PLAYERS):
            col, row = seat % 2, seat // 2
            spaces.add(f"ship_{pos}_{seat}", "ship-stack",
                       (x + 2 + col * (cell_w + 2), SEA_TOP + 2 + row * (cell_h + 2),
                        cell_w, cell_h))
    # the four-player map keeps a three-player line's end too (the lesson, three
    # players with its panel where the fourth board would be, is played on it)
    for last in ((9, 12) if PLAYERS == 4 else (9,)):
        x = card_x(last)
        # Over the card's header, right of its position seal.
        badges.add(f"india_{last}", "india", (x + 38, LINE_TOP + 4, CARD_W - 34, 30))


def _strip(ui: Layer, panels: Layer) -> None:
    # The log to the right of the technology cards, with two small buttons under it.
    tech_right = MARGIN + 3 * (TECHCARD_LABEL + 4 * TECH_W + 4 * TECH_GAP + 6) + 2 * 10
    log_x = tech_right + 12
    log_w = WIDTH - MARGIN - log_x
    ui.add("log", "log", (log_x, TECH_TOP, log_w, TECH_H - 42))
    # Unfolded, the log runs down over the last towns to the foot of the sea strip.
    panels.add("log_open", "log-open", (log_x, TECH_TOP, log_w, SEA_TOP + SEA_H - TECH_TOP))
    third = (log_w - 16) // 3
    for i, name in enumerate(("button_rules", "button_hint", "button_menu")):
        ui.add(name, "button", (log_x + i * (third + 8), TECH_TOP + TECH_H - 36, third, 36))
    # Whose turn, the status line, then the five play buttons.
    ui.add("turn", "turn", (MARGIN, STRIP_TOP, 380, STRIP_H))
    names = ("button_sail", "button_sell", "button_done", "button_undo", "button_end_turn")
    bw, gap = 156, 8
    bx = WIDTH - MARGIN - len(names) * bw - (len(names) - 1) * gap
    ui.add("status", "status", (MARGIN + 390, STRIP_TOP, bx - 12 - MARGIN - 390, STRIP_H))
    for name in names:
        ui.add(name, "button", (bx, STRIP_TOP, bw, STRIP_H))
        bx += bw + gap


def _board(seat: int, cards: Layer, spaces: Layer) -> None:
    x0 = MARGIN + seat * (BOARD_W + BOARD_GAP)
    y0 = BOARD_TOP
    w = BOARD_W
    cards.add(f"board_{seat}", "board", (x0, y0, w, BOARD_H))
    inner = w - 20
    spaces.add(f"name_{seat}", "name", (x0 + 10, y0 + 6, inner, 44))
    # Domain card: bankers on spaces 1..5, then ship speed 1..3 and 3 scientists.
    # (the domain and historian cards leave the stock row 54 tall: a technology's name
    # on two lines of 12 real pixels stands in it in a 1280x720 window)
    dom = spaces.add(f"domain_{seat}", "domain", (x0 + 6, y0 + 56, w - 12, 188))
    cell = (inner - 4 * 6) // 5
    bankers = spaces.add(f"bankers_{seat}", "bankers", (x0 + 10, dom[1] + 28, inner, 70))
    for v in range(1, 6):
        spaces.add(f"banker_{seat}_{v}", "banker",
                   (bankers[0] + (v - 1) * (cell + 6), bankers[1], cell, bankers[3]))
    row_y = bankers[1] + bankers[3] + 8
    row_h = dom[1] + dom[3] - 6 - row_y
    for v in range(1, 4):
        spaces.add(f"speed_{seat}_{v}", "speed",
                   (x0 + 10 + (v - 1) * (cell + 6), row_y, cell, row_h))
    sx = x0 + 10 + 3 * (cell + 6)
    sci = spaces.add(f"scientists_{seat}", "scientists", (sx, row_y, x0 + 10 + inner - sx, row_h))
    third = (sci[2] - 2 * 4) // 3
    for i in range(1, 4):
        spaces.add(f"scientist_{seat}_{i}", "scientist",
                   (sci[0] + (i - 1) * (third + 4), sci[1] + 22, third, sci[3] - 24))
    # Historian card: historians on spaces 1..5.
    hist = spaces.add(f"historycard_{seat}", "historycard",
                      (x0 + 6, dom[1] + dom[3] + 8, w - 12, 100))
    hrow = spaces.add(f"historians_{seat}", "historians",
                      (x0 + 10, hist[1] + 28, inner, hist[3] - 34))
    for v in range(1, 6):
        spaces.add(f"historian_{seat}_{v}", "historian",
                   (hrow[0] + (v - 1) * (cell + 6), hrow[1], cell, hrow[3]))
    stock_y = hist[1] + hist[3] + 8
    spaces.add(f"stock_{seat}", "stock", (x0 + 10, stock_y, inner, y0 + BOARD_H - 6 - stock_y))


def to_xml(layers: list[Layer]) -> str:
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "renderorder": "right-down", "width": str(WIDTH // TILE), "height": str(HEIGHT // TILE),
        "tilewidth": str(TILE), "tileheight": str(TILE), "infinite": "0",
        "nextlayerid": str(len(layers) + 1), "nextobjectid": "1",
    })
    props = ET.SubElement(root, "properties")
    ET.SubElement(props, "property", {"name": "logical_width", "type": "int",
                                      "value": str(WIDTH)})
    ET.SubElement(props, "property", {"name": "logical_height", "type": "int",
                                      "value": str(HEIGHT)})
    oid = 1
    for lid, layer in enumerate(layers, start=1):
        group = ET.SubElement(root, "objectgroup", {"id": str(lid), "name": layer.name})
        for name, kind, (x, y, w, h) in layer.objects:
            obj = ET.SubElement(group, "object", {
                "id": str(oid), "name": name, "type": kind,
                "x": str(x), "y": str(y), "width": str(w), "height": str(h),
            })
            op = ET.SubElement(obj, "properties")
            ET.SubElement(op, "property", {"name": "kind", "value": kind})
            oid += 1
    root.set("nextobjectid", str(oid))
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else Path(__file__).parent
    for players, boards, name in MAPS:
        out = folder / name
        layers = build(players, boards)
        out.write_text(to_xml(layers), encoding="utf-8")
        print(f"wrote {out} ({sum(len(la.objects) for la in layers)} zones)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
