"""Every word a player reads, the bundled fonts, and a cache of rendered text.

The game is meant to be played in English, French and Italian (the rulebooks exist in
all three), so no scene writes a word itself: it asks ``t(key, **fmt)``. A key missing
from the chosen language falls back to English, and a key missing from English shows
the key itself, which a test catches. Rendering text is slow in pygame, so rendered
surfaces are cached by (text, font, size, colour).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping

import pygame

from scenes.assets import asset_path

Color = tuple[int, int, int] | tuple[int, int, int, int]

ENGLISH: dict[str, str] = {
    # title
    "game.title": "Sail to India",
    "game.subtitle": "Exploration and trade in the Age of Discovery",
    "game.credit": "A game by Hisashi Hayashi · digital edition",
    "title.new": "New game",
    "title.continue": "Continue",
    "title.continue.none": "No game to continue yet",
    "title.load": "Load record…",
    "title.quit": "Quit",
    "title.version": "version {version}",
    # setup
    "setup.heading": "A new voyage",
    "setup.players": "Players",
    "setup.players.n": "{n} players",
    "setup.seat": "Seat {n}",
    "setup.name": "Name",
    "setup.colour": "Colour",
    "setup.kind": "Played by (human or computer)",
    "setup.kind.human": "Human",
    "setup.kind.easy": "Easy",
    "setup.kind.medium": "Medium",
    "setup.kind.hard": "Hard",
    "setup.start_player": "Starting player",
    "setup.start.random": "Drawn at random",
    "setup.start.colours": "Colours follow turn order: whoever starts plays red.",
    "setup.first_game": "First-game deal (recommended towns first)",
    "setup.ship_only": "Variant: build only from a ship",
    "setup.seed": "Seed (optional)",
    "setup.seed.hint": "Same seed, same deal",
    "setup.towns": "{n} towns in the line",
    "setup.start": "Set sail",
    "setup.back": "Back",
    "setup.on": "On",
    "setup.off": "Off",
    "setup.default_name": "Captain {n}",
    # colours and shapes
    "colour.red": "Red",
    "colour.blue": "Blue",
    "colour.green": "Green",
    "colour.yellow": "Yellow",
    "shape.disc": "disc",
    "shape.square": "square",
    "shape.triangle": "triangle",
    "shape.diamond": "diamond",
    # goods and buildings
    "good.gold": "Gold",
    "good.jewels": "Jewels",
    "good.coffee": "Coffee",
    "good.sugar": "Sugar",
    "good.cloth": "Cloth",
    "good.spices": "Spices",
    "building.stronghold": "Stronghold",
    "building.church": "Church",
    "building.marketplace": "Market",
    "building.marketplace.of": "{good} market",
    # the card line
    "card.lisboa": "Lisboa",
    "card.lisboa.home": "Home port",
    "card.india": "India",
    "card.unknown": "Unknown coast",
    "card.position": "{n}",
    "card.not_used": "Not in play",
    "sea.ships": "×{n}",
    # technologies
    "tech.card": "Technology {card}",
    "tech.cost": "{cost}",
    "tech.metallurgy": "Metallurgy",
    "tech.metallurgy.effect": "Technologies cost you 1 less",
    "tech.geography": "Geography",
    "tech.geography.effect": "Once a turn: land markers back to sea",
    "tech.printing-press": "Printing Press",
    "tech.printing-press.effect": "+1 VP when you acquire a technology",
    "tech.harbor-maintenance": "Harbor Maintenance",
    "tech.harbor-maintenance.effect": "+1 VP per 3 ships launched",
    "tech.architecture": "Architecture",
    "tech.architecture.effect": "After moving: build without an action",
    "tech.map": "Map",
    "tech.map.effect": "On discovering: pay 1 for +1 VP",
    "tech.bank-system": "Bank System",
    "tech.bank-system.effect": "Once a turn: pay 2 for 1 VP",
    "tech.factory": "Factory",
    "tech.factory.effect": "Selling: +1 wealth",
    "tech.renaissance": "Renaissance",
    "tech.renaissance.effect": "End: +3 VP",
    "tech.mission-church": "Mission Church",
    "tech.mission-church.effect": "End: +2 VP per church",
    "tech.guild": "Guild",
    "tech.guild.effect": "End: +2 VP per market",
    "tech.eastern-india": "Eastern India Inc.",
    "tech.eastern-india.effect": "End: +2 VP per stronghold",
    # player boards
    "board.domain": "Domain",
    "board.bankers": "Bankers",
    "board.historians": "Historians",
    "board.speed": "Ship speed",
    "board.scientists": "Scientists",
    "board.stock": "Stock",
    "board.wealth": "Wealth",
    "board.vp": "VP",
    "board.wealth.short": "{n}",
    "board.vp.short": "{n} VP",
    "board.stock.count": "Stock {n}",
    "board.lisboa.count": "Lisboa {n}",
    "board.active": "To move",
    "board.ap": "{n} actions left",
    "board.ap.one": "1 action left",
    "board.ap.none": "No actions left",
    # the strip and buttons
    "turn.of": "{name}'s turn",
    "turn.final": "Final round",
    "button.sail": "Set sail",
    "button.sell": "Sell",
    "button.done": "Done",
    "button.undo": "Undo",
    "button.end_turn": "End turn",
    "button.rules": "Rules",
    "button.menu": "Menu",
    "log.heading": "Ship's log",
    # preview
    "preview.status": "Preview of the table with sample markers: nothing here is a real game.",
    "preview.log.1": "Ann employs a marker.",
    "preview.log.2": "Bob sails to 4 and discovers it: +1 VP.",
    "preview.log.3": "Cy loads coffee at 2.",
    "preview.log.4": "Dan builds a church at 3.",
    # loading records
    "load.heading": "Load a game record",
    "load.none": "No saved records yet.",
    "load.folder": "Records are kept in {folder}",
    "load.autosave": "Last autosave",
    "load.back": "Back",
    "load.failed": "That record could not be opened: {reason}",
    # setup problems
    "setup.error.names": "Each player needs a different name.",
    "setup.error.start": "The game could not be dealt: {reason}",
    "setup.swap": "Trade colours with the seat above",
    "setup.swap.icon": "▲",
    "setup.palette": "Colour-blind friendly colours",
    # preview
    "preview.zone": "Zone under the pointer: {zone}",
    "preview.keys": "P: switch palette · Esc: back to the title",
    # messages
    "msg.settings_corrupt": "Your settings file could not be read, so defaults are used; "
                            "the old file was kept as {backup}.",
}

# French and Italian tables are filled by translators; an empty table falls back to
# English key by key, so a half-translated table is already usable.
TABLES: dict[str, dict[str, str]] = {"en": ENGLISH, "fr": {}, "it": {}}
LANGUAGES: tuple[str, ...] = tuple(TABLES)

_language = "en"


def set_language(code: str) -> None:
    """Choose the language of ``t`` (an unknown code keeps English)."""
    global _language
    _language = code if code in TABLES else "en"


def language() -> str:
    return _language


def t(key: str, /, **fmt: object) -> str:
    """The player-visible text for ``key`` in the current language, formatted."""
    text = TABLES[_language].get(key) or ENGLISH.get(key)
    if text is None:
        return key
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def missing_keys(table: Mapping[str, str]) -> list[str]:
    """English keys a translation table has not translated yet."""
    return [k for k in ENGLISH if k not in table]


# ----- fonts ---------------------------------------------------------------------
FONT_FILES: dict[str, str] = {
    "display": "EBGaramond12-Regular.ttf",
    "display-italic": "EBGaramond12-Italic.ttf",
    "text": "Inter-Regular.otf",
    "text-semibold": "Inter-SemiBold.otf",
    "text-bold": "Inter-Bold.otf",
}

_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(role: str, size: int) -> pygame.font.Font:
    """A bundled font by role (see ``FONT_FILES``) at a pixel size, loaded once."""
    key = (role, size)
    found = _fonts.get(key)
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = asset_path("fonts", FONT_FILES[role])
        try:
            found = pygame.font.Font(str(path), size)
        except (OSError, FileNotFoundError):
            found = pygame.font.Font(None, size)  # pygame's own font: never crash
        _fonts[key] = found
    return found


class TextCache:
    """Rendered text surfaces, least recently used dropped past ``limit``."""

    def __init__(self, limit: int = 1024) -> None:
        self.limit = limit
        self._items: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def render(self, text: str, role: str, size: int, color: Color) -> pygame.Surface:
        key = (text, role, size, tuple(color))
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
            return surf
        surf = font(role, size).render(text, True, color)
        self._items[key] = surf
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return surf

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


CACHE = TextCache()


def render(text: str, role: str = "text", size: int = 20,
           color: Color = (30, 24, 16)) -> pygame.Surface:
    """A cached surface of ``text`` (already translated) in a bundled font."""
    return CACHE.render(text, role, size, color)


def wrap(text: str, role: str, size: int, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (long words stay whole)."""
    f = font(role, size)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit_size(text: str, role: str, size: int, width: int, smallest: int = 12) -> int:
    """The largest size up to ``size`` at which ``text`` fits in ``width`` pixels."""
    while size > smallest and font(role, size).size(text)[0] > width:
        size -= 1
    return size


def blit_text(surface: pygame.Surface, text: str, pos: tuple[int, int], *,
              role: str = "text", size: int = 20, color: Color = (30, 24, 16),
              anchor: str = "topleft") -> pygame.Rect:
    """Draw cached text with its rect's ``anchor`` (e.g. ``"center"``) at ``pos``."""
    surf = render(text, role, size, color)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


__all__ = [
    "CACHE", "ENGLISH", "FONT_FILES", "LANGUAGES", "TABLES", "TextCache", "blit_text",
    "fit_size", "font", "language", "missing_keys", "render", "set_language", "t", "wrap",
]
