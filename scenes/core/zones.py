"""The names of the table's zones, read and written in one place.

The layout (``assets/layout/table.tmx``) names its rectangles ``sea_3``, ``ship_3_0``,
``goods_3_1``, ``banker_0_5``, ``tech_bank-system``, ``button_end_turn``... Code that
needs to know what a name means parses it here into a small typed value, and code
that needs a name asks one of the builders below, so the naming scheme (documented
in ``assets/layout/make_table.py``) lives in this module alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.steps import Space

#: The table's buttons, by the part of their zone name after ``button_``.
BUTTON_IDS: tuple[str, ...] = ("sail", "sell", "done", "undo", "end_turn", "rules", "hint",
                               "menu")

# What the numbers after a kind mean, in order.
_SEAT = ("stock", "lisboa", "board", "name", "domain", "bankers", "scientists",
         "historycard", "historians")
_POS = ("sea", "town", "india")
_POS_K = ("goods", "building")
_POS_SEAT = ("ship",)
_SEAT_VALUE = ("banker", "historian", "speed", "scientist")
_WORD = ("tech", "techcard", "button")
#: Zones that belong to one player's board (their tooltip is the board's).
BOARD_KINDS = frozenset(("board", "name", "domain", "bankers", "banker", "speed",
                         "scientists", "scientist", "historycard", "historians", "historian",
                         "stock"))


@dataclass(frozen=True)
class ZoneName:
    """A zone name taken apart: its kind and whichever of the parts it has."""

    kind: str
    seat: int | None = None
    pos: int | None = None
    k: int | None = None
    value: int | None = None
    word: str | None = None  # a technology id, a button id or a numeral

    @property
    def space(self) -> Space | None:
        """The goods or building space (``("g", 3, 1)``) this zone is, if it is one."""
        if self.kind in _POS_K and self.pos is not None and self.k is not None:
            return ("g" if self.kind == "goods" else "b", self.pos, self.k)
        return None

    @property
    def board_seat(self) -> int | None:
        """The seat whose board this zone is part of, if it is."""
        return self.seat if self.kind in BOARD_KINDS else None

    @property
    def town(self) -> int | None:
        """The position in the line this zone is about (a town, its sea, its spaces)."""
        return self.pos if self.kind in (*_POS, *_POS_K, *_POS_SEAT) else None

    def __str__(self) -> str:
        kind = self.kind
        if kind in _WORD:
            return f"{kind}_{self.word}"
        if kind in _POS_K:
            return f"{kind}_{self.pos}_{self.k}"
        if kind in _POS_SEAT:
            return f"{kind}_{self.pos}_{self.seat}"
        if kind in _SEAT_VALUE:
            return f"{kind}_{self.seat}_{self.value}"
        if kind in _POS:
            return f"{kind}_{self.pos}"
        if kind in _SEAT and self.seat is not None:
            return f"{kind}_{self.seat}"
        return kind


@lru_cache(maxsize=512)
def parse(name: str) -> ZoneName:
    """Take a zone name apart; a name of no known shape is a kind of its own."""
    kind, _, rest = name.partition("_")
    if kind in _WORD and rest:
        return ZoneName(kind, word=rest)
    parts = rest.split("_") if rest else []
    if not all(p.isdigit() for p in parts):
        return ZoneName(name)
    n = [int(p) for p in parts]
    if kind in _POS_K and len(n) == 2:
        return ZoneName(kind, pos=n[0], k=n[1])
    if kind in _POS_SEAT and len(n) == 2:
        return ZoneName(kind, pos=n[0], seat=n[1])
    if kind in _SEAT_VALUE and len(n) == 2:
        return ZoneName(kind, seat=n[0], value=n[1])
    if kind in _POS and len(n) == 1:
        return ZoneName(kind, pos=n[0])
    if kind in _SEAT and len(n) == 1:
        return ZoneName(kind, seat=n[0])
    return ZoneName(name)


# ----- builders: every zone name the code needs --------------------------------------
def sea(pos: int) -> str:
    return f"sea_{pos}"


def town(pos: int) -> str:
    return f"town_{pos}"


def ship(pos: int, seat: int) -> str:
    """One player's stack of ships in sea ``pos``."""
    return f"ship_{pos}_{seat}"


def goods(pos: int, k: int) -> str:
    return f"goods_{pos}_{k}"


def building(pos: int, k: int) -> str:
    return f"building_{pos}_{k}"


def space(sp: Space) -> str:
    """The zone of a goods (``g``) or building (``b``) space."""
    letter, pos, k = sp
    return goods(pos, k) if letter == "g" else building(pos, k)


def lisboa(seat: int | None = None) -> str:
    """Lisboa's card, or one player's row on it."""
    return "lisboa" if seat is None else f"lisboa_{seat}"


def stock(seat: int) -> str:
    return f"stock_{seat}"


def speed(seat: int, value: int) -> str:
    return f"speed_{seat}_{value}"


def scientist(seat: int, i: int) -> str:
    return f"scientist_{seat}_{i}"


def scientists(seat: int) -> str:
    return f"scientists_{seat}"


def banker(seat: int, value: int) -> str:
    return f"banker_{seat}_{value}"


def bankers(seat: int) -> str:
    return f"bankers_{seat}"


def historian(seat: int, value: int) -> str:
    return f"historian_{seat}_{value}"


def historians(seat: int) -> str:
    return f"historians_{seat}"


def historycard(seat: int) -> str:
    return f"historycard_{seat}"


def domain(seat: int) -> str:
    return f"domain_{seat}"


def board(seat: int) -> str:
    return f"board_{seat}"


def name(seat: int) -> str:
    return f"name_{seat}"


def tech(tech_id: str) -> str:
    return f"tech_{tech_id}"


def techcard(numeral: str) -> str:
    return f"techcard_{numeral}"


def india(pos: int) -> str:
    return f"india_{pos}"


def button(button_id: str) -> str:
    return f"button_{button_id}"


#: Every button's zone name.
BUTTONS: tuple[str, ...] = tuple(button(b) for b in BUTTON_IDS)


__all__ = [
    "BOARD_KINDS", "BUTTONS", "BUTTON_IDS", "ZoneName", "banker", "bankers", "board",
    "building", "button", "domain", "goods", "historian", "historians", "historycard",
    "india", "lisboa", "name", "parse", "scientist", "scientists", "sea", "ship", "space",
    "speed", "stock", "tech", "techcard", "town",
]
