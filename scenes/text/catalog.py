"""The translation tables and ``t``, the one way a scene puts a word on screen.

The game is meant to be played in English, French and Italian (the rulebooks exist in
all three), so no scene writes a word itself: it asks ``t(key, **fmt)``. English is
assembled here from every table of words (the client's, the rules overlay's, the
log's and the engine's refusals), statically, so nothing depends on which module
happened to be imported first. A key missing from the chosen language falls back to
English, and a key missing from English shows the key itself, which a test catches.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.steps import REASONS
from scenes.text.english import CLIENT_EN, TABLE_TEXT_EN
from scenes.text.narrate import LOG_TEXT_EN
from scenes.text.rules_text import RULES_TEXT_EN

ENGLISH: dict[str, str] = {
    **CLIENT_EN,
    **TABLE_TEXT_EN,
    **LOG_TEXT_EN,
    **RULES_TEXT_EN,
    **{f"reason.{key}": text for key, text in REASONS.items()},
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


__all__ = ["ENGLISH", "LANGUAGES", "TABLES", "language", "missing_keys", "set_language", "t"]
