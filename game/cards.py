"""The printed cards as data.

The towns and technologies live in ``game/data/cards.json`` so that a player who
owns the printed cards can edit them to match without touching code. This module
reads that file once, checks it, and hands out small immutable records.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

GOODS: tuple[str, ...] = ("gold", "jewels", "coffee", "sugar", "cloth", "spices")
COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow")
STRONGHOLD = "stronghold"
CHURCH = "church"
MARKETPLACE = "marketplace"


class CardDataError(ValueError):
    """The card data file is missing something or contradicts itself."""


@dataclass(frozen=True, slots=True)
class Town:
    """A coastal town card: two goods spaces and two building spaces."""

    id: str
    goods: tuple[str, str]
    buildings: tuple[str, str]
    first_game: int | None = None

    def building_kind(self, k: int) -> str:
        """``stronghold``, ``church`` or ``marketplace`` for building space k (1 or 2)."""
        return self.buildings[k - 1].split(":", 1)[0]

    def market_good(self, k: int) -> str | None:
        """The goods type a marketplace on space k trades, or None for other buildings."""
        kind, _, good = self.buildings[k - 1].partition(":")
        return good if kind == MARKETPLACE else None


@dataclass(frozen=True, slots=True)
class Tech:
    """One technology: which card it is printed on, its cost and its effect text."""

    id: str
    name: str
    card: str
    cost: int
    effect: str


@dataclass(frozen=True, slots=True)
class CardSet:
    """Every town and technology of one card data file."""

    towns: dict[str, Town]
    techs: tuple[Tech, ...]

    def tech(self, tech_id: str) -> Tech:
        for tech in self.techs:
            if tech.id == tech_id:
                return tech
        raise KeyError(tech_id)

    @property
    def tech_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.techs)

    @property
    def first_game_towns(self) -> list[str]:
        """The recommended towns in their recommended order (positions 1, 2, 3)."""
        marked = [t for t in self.towns.values() if t.first_game is not None]
        return [t.id for t in sorted(marked, key=lambda t: t.first_game or 0)]


# The engine gives these technologies behaviour; the data file may rename them or
# change costs, but it must keep every one of them.
KNOWN_TECHS = (
    "metallurgy", "geography", "printing-press", "harbor-maintenance",
    "architecture", "map", "bank-system", "factory",
    "renaissance", "mission-church", "guild", "eastern-india",
)


def _town(raw: dict[str, Any]) -> Town:
    tid = str(raw["id"]).upper()
    goods = tuple(str(g).lower() for g in raw["goods"])
    buildings = tuple(str(b).lower() for b in raw["buildings"])
    if len(goods) != 2 or len(buildings) != 2:
        raise CardDataError(f"town {tid} needs exactly 2 goods and 2 buildings")
    for good in goods:
        if good not in GOODS:
            raise CardDataError(f"town {tid} has an unknown goods type {good!r}")
    for building in buildings:
        kind, _, good = building.partition(":")
        if kind == MARKETPLACE:
            if good not in GOODS:
                raise CardDataError(f"town {tid} has a marketplace of unknown goods {good!r}")
        elif kind not in (STRONGHOLD, CHURCH) or good:
            raise CardDataError(f"town {tid} has an unknown building {building!r}")
    first = raw.get("first_game")
    return Town(tid, (goods[0], goods[1]), (buildings[0], buildings[1]),
                int(first) if first is not None else None)


def parse_cards(data: dict[str, Any]) -> CardSet:
    """Build a CardSet from the decoded JSON, refusing anything inconsistent."""
    try:
        towns = [_town(raw) for raw in data["towns"]]
        techs = tuple(
            Tech(str(raw["id"]).lower(), str(raw["name"]), str(raw["card"]),
                 int(raw["cost"]), str(raw.get("effect", "")))
            for raw in data["technologies"]
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, CardDataError):
            raise
        raise CardDataError(f"card data is malformed: {exc}") from None
    if len(towns) != 12 or len({t.id for t in towns}) != 12:
        raise CardDataError("card data needs 12 towns with distinct ids")
    if sorted(t.id for t in techs) != sorted(KNOWN_TECHS):
        raise CardDataError("card data needs exactly the 12 known technologies")
    if sorted(t.first_game for t in towns if t.first_game is not None) != [1, 2, 3]:
        raise CardDataError("card data must mark first-game towns 1, 2 and 3")
    return CardSet({t.id: t for t in towns}, techs)


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read the card data file (the bundled one unless a path is given)."""
    if path is None:
        text = resources.files("game.data").joinpath("cards.json").read_text("utf-8")
    else:
        text = Path(path).read_text("utf-8")
    return parse_cards(json.loads(text))


CARDS: CardSet = load_cards()
