"""The table's zones, read from the Tiled maps ``assets/layout/table.tmx`` (four
players) and ``table3.tmx`` (three: nine wider towns, three wider boards).

Where things are drawn and where the mouse can drop a marker are data, not code: a
designer moves a rectangle in Tiled and the table follows. This module turns the
map's object layers into named ``pygame.Rect``s in logical pixels (1920x1080) and
answers "which zone is under this point". Names are listed in
``assets/layout/make_table.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame
import pytmx

from scenes.core.assets import asset_path
from scenes.core.gfx import LOGICAL_SIZE

# Layers drawn/tested from the top down: a point over a button is the button, a
# point over a goods space is the space rather than the town card under it.
HIT_ORDER = ("ui", "badges", "spaces", "seas", "cards")


@dataclass(frozen=True)
class Zone:
    """One named rectangle of the layout."""

    name: str
    kind: str
    layer: str
    rect: pygame.Rect


class LayoutError(ValueError):
    """The layout file is missing, unreadable or lacks a zone the table needs."""


class Layout:
    """Named rectangles of one Tiled map."""

    def __init__(self, zones: list[Zone], size: tuple[int, int] = LOGICAL_SIZE) -> None:
        self.size = size
        self._zones: dict[str, Zone] = {}
        for zone in zones:
            if zone.name in self._zones:
                raise LayoutError(f"zone {zone.name!r} is named twice")
            self._zones[zone.name] = zone
        rank = {layer: i for i, layer in enumerate(HIT_ORDER)}
        # Hit testing: upper layers first, then the smallest rectangle (most specific).
        self._hit_order = sorted(
            self._zones.values(),
            key=lambda z: (rank.get(z.layer, len(HIT_ORDER)), z.rect.w * z.rect.h),
        )

    @classmethod
    def load(cls, path: str | Path | None = None) -> Layout:
        """Read a Tiled map (the bundled table layout unless a path is given)."""
        path = Path(path) if path is not None else asset_path("layout", "table.tmx")
        try:
            tmx = pytmx.TiledMap(str(path))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise LayoutError(f"cannot read the layout {path}: {exc}") from None
        zones = []
        for group in tmx.objectgroups:
            for obj in group:
                if not obj.name:
                    continue
                kind = str(obj.properties.get("kind") or obj.type or "")
                rect = pygame.Rect(round(obj.x), round(obj.y),
                                   round(obj.width), round(obj.height))
                zones.append(Zone(str(obj.name), kind, str(group.name), rect))
        width = int(tmx.properties.get("logical_width", tmx.width * tmx.tilewidth))
        height = int(tmx.properties.get("logical_height", tmx.height * tmx.tileheight))
        return cls(zones, (width, height))

    # ----- lookups ----------------------------------------------------------------
    def names(self) -> list[str]:
        """Every zone name, in the order of the file."""
        return list(self._zones)

    def has(self, name: str) -> bool:
        return name in self._zones

    def zone(self, name: str) -> Zone:
        try:
            return self._zones[name]
        except KeyError:
            raise LayoutError(f"the layout has no zone {name!r}") from None

    def rect(self, name: str) -> pygame.Rect:
        """A copy of the zone's rectangle (callers may move it freely)."""
        return self.zone(name).rect.copy()

    def zones(self, layer: str | None = None, kind: str | None = None) -> list[Zone]:
        """Zones of one layer and/or kind, in the order of the file."""
        return [z for z in self._zones.values()
                if (layer is None or z.layer == layer) and (kind is None or z.kind == kind)]

    def zone_at(self, pos: tuple[int, int], names: set[str] | None = None) -> str | None:
        """The most specific zone under a logical point (optionally among ``names``)."""
        for zone in self._hit_order:
            if names is not None and zone.name not in names:
                continue
            if zone.rect.collidepoint(pos):
                return zone.name
        return None

    def zones_at(self, pos: tuple[int, int]) -> list[str]:
        """Every zone under a point, most specific first."""
        return [z.name for z in self._hit_order if z.rect.collidepoint(pos)]


_LOADED: dict[int | str, Layout] = {}
#: The lesson's map: its three players' line of nine wide towns over four places for
#: boards, the fourth holding the lesson's panel.
LESSON = "lesson"
MAPS: dict[int | str, str] = {4: "table.tmx", 3: "table3.tmx", LESSON: "table_lesson.tmx"}


def table_layout(players: int | str = 4) -> Layout:
    """The bundled table layout for ``players`` (3 or 4, or ``LESSON``), read once."""
    found = _LOADED.get(players)
    if found is None:
        found = _LOADED[players] = Layout.load(asset_path("layout", MAPS.get(players, MAPS[4])))
    return found


__all__ = ["HIT_ORDER", "LESSON", "LOGICAL_SIZE", "MAPS", "Layout", "LayoutError", "Zone",
           "table_layout"]
