"""A stand-in catalog for tests that need a word translated without the PO files."""

from __future__ import annotations

import contextlib
import gettext
from collections.abc import Iterator

from scenes.text import catalog


class Words(gettext.NullTranslations):
    """Translations given as {key: text}; other keys fall back to English."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__()
        self.words = words

    def pgettext(self, context: str, message: str) -> str:
        return self.words.get(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.words.get(context) or (singular if n == 1 else plural)


@contextlib.contextmanager
def speaking(code: str, words: dict[str, str]) -> Iterator[None]:
    """The client in ``code`` with these words, English again afterwards."""
    catalog.use_translations(code, Words(words))
    catalog.set_language(code)
    try:
        yield
    finally:
        catalog.use_translations(code, None)
        catalog.set_language("en")
