"""The player's language, and ``t``, the one way a scene puts a word on screen.

No scene writes a word itself: it asks ``t(key, **values)``. The English source of
every key is marked in the code (``game.words``): the client's words
(``english``), the rules overlay's (``rules_text``), the lesson's (``lesson_text``),
the log's (``narrate``), the engine's refusals of steps and records
(``game.steps.REASONS``, ``game.record.RECORD_ERRORS``), the variants' labels
(``game.variants``) and the online client's
sentences (``online.words``). ``t`` looks the key up with gettext (``pgettext``, the
key being the context, or ``npgettext`` for a plural chosen by ``count``) in the
compiled catalog of the current language under ``assets/locale``, so French and
Italian are catalogs translators edit, not code.

A message missing from a catalog falls back to English; a key missing from English
shows the key itself, which a test catches. Placeholders are named, so a
translation may put them in any order.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from collections.abc import Callable, Mapping

from game.record import RECORD_ERRORS
from game.steps import REASONS
from game.variants import VARIANT_TEXT
from game.words import Phrase, Source
from online.words import ONLINE_TEXT, SERVER_TEXT
from scenes.core.assets import asset_path
from scenes.text.english import CLIENT_EN, TABLE_TEXT_EN
from scenes.text.keys_text import KEYS_TEXT_EN
from scenes.text.lesson_text import LESSON_TEXT_EN
from scenes.text.lobby_text import LOBBY_TEXT_EN
from scenes.text.narrate import LOG_TEXT_EN
from scenes.text.online_screens import ONLINE_SCREENS_EN
from scenes.text.rules_text import RULES_TEXT_EN
from scenes.text.since import SINCE_TEXT_EN
from scenes.text.turns_text import TURNS_TEXT_EN

DOMAIN = "sail_to_india"

ENGLISH: dict[str, Source] = {
    **CLIENT_EN,
    **TABLE_TEXT_EN,
    **KEYS_TEXT_EN,
    **LOG_TEXT_EN,
    **SINCE_TEXT_EN,
    **RULES_TEXT_EN,
    **LESSON_TEXT_EN,
    **{f"reason.{key}": text for key, text in REASONS.items()},
    **RECORD_ERRORS,
    **VARIANT_TEXT,
    **ONLINE_TEXT,
    **SERVER_TEXT,
    **ONLINE_SCREENS_EN,
    **TURNS_TEXT_EN,
    **LOBBY_TEXT_EN,
}

#: The languages the game speaks, each named in its own language (never translated:
#: a player who cannot read the current language still finds their own).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "it": "Italiano"}
LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_NAMES)

_loaded: dict[str, gettext.NullTranslations] = {}
_listeners: list[Callable[[], None]] = []
_language = "en"
_current: gettext.NullTranslations = gettext.NullTranslations()


def _newer(a: os.PathLike, b: os.PathLike) -> bool:
    try:
        return os.stat(a).st_mtime > os.stat(b).st_mtime
    except OSError:
        return False


def load_translations(code: str) -> gettext.NullTranslations:
    """The catalog of ``code``: its compiled MO file, or (in a checkout where the PO
    file was edited since, or never compiled) the PO file compiled in memory when
    Babel is at hand; English words when neither can be read."""
    folder = asset_path("locale", code, "LC_MESSAGES")
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if po.is_file() and (not mo.is_file() or _newer(po, mo)):
        try:
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
        except ImportError:
            pass
        else:
            with po.open("rb") as fp:
                catalog = read_po(fp, locale=code, domain=DOMAIN)
            buf = io.BytesIO()
            write_mo(buf, catalog, use_fuzzy=False)
            buf.seek(0)
            return gettext.GNUTranslations(buf)
    try:
        with mo.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    except (OSError, ValueError):
        return gettext.NullTranslations()


def translations(code: str) -> gettext.NullTranslations:
    """The catalog of ``code``, loaded once."""
    found = _loaded.get(code)
    if found is None:
        found = _loaded[code] = load_translations(code)
    return found


def use_translations(code: str, catalog: gettext.NullTranslations | None) -> None:
    """Put ``catalog`` in place for ``code`` (None: load it again from disk)."""
    if catalog is None:
        _loaded.pop(code, None)
    else:
        _loaded[code] = catalog
    if code == _language:
        set_language(code)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, if the game speaks it, else English."""
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            wanted.extend(value.split(":"))
            break
    if not wanted and environ is None:
        try:
            found = locale.getlocale(locale.LC_MESSAGES)[0]
        except (AttributeError, ValueError):
            found = None
        if found:
            wanted.append(found)
    for value in wanted:
        code = value.split("_")[0].split(".")[0].split("@")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def set_language(code: str) -> None:
    """Choose the language of ``t``: a code of ``LANGUAGES``; "" follows the system;
    an unknown code keeps English."""
    global _language, _current
    if not code:
        code = system_language()
    before = (_language, _current)
    _language = code if code in LANGUAGES else "en"
    _current = translations(_language)
    if (_language, _current) != before:
        for listener in list(_listeners):
            listener()


def on_language_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` whenever the language changes (e.g. to forget drawings that
    hold words); a screen that shows words reads ``language()`` instead."""
    _listeners.append(listener)


def language() -> str:
    return _language


def t(key: str, /, **fmt: object) -> str:
    """The player-visible text for ``key`` in the current language, formatted.

    A plural message takes its form from ``count`` by the language's plural rule; a
    value that is a ``Phrase`` is said first, in the same language.
    """
    source = ENGLISH.get(key)
    if source is None:
        return key
    if any(isinstance(v, Phrase) for v in fmt.values()):
        fmt = {k: t(v.key, **v.values) if isinstance(v, Phrase) else v
               for k, v in fmt.items()}
    if isinstance(source, tuple):
        count = fmt.get("count", 1)
        n = count if isinstance(count, int) else 1
        text = _current.npgettext(key, source[0], source[1], n)
    else:
        text = _current.pgettext(key, source)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def english(key: str) -> str:
    """The English of ``key`` (the singular of a plural), whatever the language."""
    source = ENGLISH.get(key, key)
    return source[0] if isinstance(source, tuple) else source


__all__ = ["DOMAIN", "ENGLISH", "LANGUAGES", "LANGUAGE_NAMES", "english", "language",
           "load_translations", "on_language_change", "set_language", "system_language", "t",
           "translations", "use_translations"]
