"""Markers for the English sentences the program says, so gettext's tools find them.

Every word a player reads has a key (``title.new``) and an English text. Writing the
pair as ``message(key, text)`` (or ``plural_message(key, singular, plural)``) lets
Babel extract it into the translation template, with the key as the gettext context
(``msgctxt``): translators see where a sentence is used, and two screens that say
the same English word can still be translated differently. The engine's refusals
are marked here too, which is why this small module lives in ``game`` (standard
library only); the client's ``scenes.text.catalog`` does the looking up.

Placeholders are named (``{player}``, ``{count}``) so a translation can reorder them;
a plural message is chosen by its ``{count}``.
"""

from __future__ import annotations

from typing import NamedTuple

Source = str | tuple[str, str]


def message(key: str, text: str) -> tuple[str, Source]:
    """Mark one English sentence for translation under ``key``."""
    return key, text


def plural_message(key: str, singular: str, plural: str) -> tuple[str, Source]:
    """Mark an English sentence whose form depends on ``{count}`` (ngettext)."""
    return key, (singular, plural)


def table(*entries: tuple[str, Source]) -> dict[str, Source]:
    """The marked messages of one module, by key (a key given twice is a mistake)."""
    out: dict[str, Source] = {}
    for key, source in entries:
        if key in out:
            raise ValueError(f"message key {key!r} is marked twice")
        out[key] = source
    return out


class Phrase(NamedTuple):
    """A piece of a sentence that is itself translated: a good's name, "2 trade goods".

    A sentence's value may be a phrase (``log.sell`` takes ``goods`` =
    ``phrase("phrase.goods", count=2)``); the client says it in the sentence's
    language, so no English word reaches a French sentence through a placeholder.
    """

    key: str
    values: dict[str, object]


def phrase(key: str, **values: object) -> Phrase:
    return Phrase(key, values)


__all__ = ["Phrase", "Source", "message", "phrase", "plural_message", "table"]
