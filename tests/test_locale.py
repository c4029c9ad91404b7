"""The translation catalogs: extracted from the code, complete in French and Italian,
placeholders kept, plurals whole, every character drawable by the bundled fonts."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import importlib.util
import re
import string
import subprocess
import sys
import unicodedata
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game.variants import variants
from scenes.text import catalog
from scenes.text.catalog import ENGLISH, LANGUAGES, t
from scenes.text.fonts import FONT_FILES

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
SCENES = ROOT / "scenes"


def _catalogs():
    spec = importlib.util.spec_from_file_location("catalogs", LOCALE / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def po(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "sail_to_india.po").open("rb") as fp:
        return read_po(fp, locale=lang)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_is_what_the_code_marks() -> None:
    assert _catalogs().template_is_current(), \
        "run: python assets/locale/catalogs.py extract && python assets/locale/catalogs.py update"


def test_the_template_holds_every_english_key() -> None:
    template = po("en")
    assert {m.context for m in template if m.id} == set(ENGLISH)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_has_every_message_translated(lang: str) -> None:
    cat = po(lang)
    plurals = cat.num_plurals
    untranslated, fuzzy, bad_fields, short = [], [], [], []
    keys = set()
    for m in cat:
        if not m.id:
            continue
        keys.add(m.context)
        if m.fuzzy:
            fuzzy.append(m.context)
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if isinstance(m.id, tuple | list) and len(strings) != plurals:
            short.append(m.context)
        if not all(s.strip() for s in strings):
            untranslated.append(m.context)
            continue
        wanted = set().union(*(fields(i) for i in ids))
        for s in strings:
            # a singular form may say "one" instead of {count}
            got = fields(s)
            if got - wanted or (wanted - got) - {"count"}:
                bad_fields.append((m.context, s))
    assert keys == set(ENGLISH), "the catalog follows the template (catalogs.py update)"
    assert not untranslated, f"{len(untranslated)} untranslated: {untranslated[:10]}"
    assert not fuzzy, f"fuzzy: {fuzzy[:10]}"
    assert not short, f"plural forms missing: {short[:10]}"
    assert not bad_fields, f"placeholders differ: {bad_fields[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_character_of_a_catalog_has_a_glyph(lang: str) -> None:
    pygame.font.init()
    chars = set()
    for m in po(lang):
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        for s in strings:
            chars.update(s)
    chars -= set(string.whitespace)
    chars.discard("\u00ad")  # a soft hyphen is never drawn (a hyphen where a word breaks)
    # letters and punctuation in every font; symbols (arrows, ▲) only in the text font
    words = {ch for ch in chars if unicodedata.category(ch)[0] in "LPN"}
    missing = {}
    for role, name in FONT_FILES.items():
        font = pygame.font.Font(str(ROOT / "assets" / "fonts" / name), 24)
        blank = pygame.image.tobytes(font.render("\U0010fffd", True, (0, 0, 0)), "RGBA")
        for ch in (chars if role.startswith("text") else words):
            if pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA") == blank:
                missing.setdefault(role, set()).add(ch)
    assert not missing


def test_french_and_italian_are_used_when_chosen() -> None:
    for lang in ("fr", "it"):
        catalog.set_language(lang)
        try:
            assert t("title.new") != ENGLISH["title.new"]
            one, many = t("log.scrolled", count=1), t("log.scrolled", count=5)
            assert "1" in one and "5" in many and one.replace("1", "") != many.replace("5", "")
        finally:
            catalog.set_language("en")


def test_the_language_follows_the_system_when_not_chosen() -> None:
    assert catalog.system_language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert catalog.system_language({"LANGUAGE": "de:it", "LANG": "de_DE"}) == "it"
    assert catalog.system_language({"LC_ALL": "it_IT@euro"}) == "it"
    assert catalog.system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert catalog.system_language({}) == "en"


def test_no_english_key_is_dead() -> None:
    # translators should never be asked for a sentence no screen shows
    source = ""
    for path in [*SCENES.rglob("*.py"), *(ROOT / "online").rglob("*.py")]:
        if path.name not in ("english.py", "rules_text.py", "lesson_text.py", "keys_text.py",
                             "words.py"):
            source += path.read_text("utf-8")
    prefixes = {p for p in re.findall(r'f["\']([a-z_.\-]+)\{', source) if "." in p}
    # the variants' labels: the screens show every registered variant's (game.variants)
    labels = {v.label for v in variants()}
    dead = [k for k in ENGLISH
            if not k.startswith("reason.") and k not in labels
            and f'"{k}"' not in source
            and not any(k.startswith(p) for p in prefixes)]
    assert not dead


def _translation(lang: str, key: str) -> str:
    found = next(m for m in po(lang) if m.context == key)
    return found.string


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_smoke_run_passes_in_french_and_italian(lang: str, tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SAIL_TO_INDIA_HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "scenes", "--lang", lang, "--smoke"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    assert last.startswith("smoke: ok")
    assert last.endswith(f"language {lang}: {_translation(lang, 'score.heading')}")


def test_french_sets_a_no_break_space_before_high_punctuation() -> None:
    """French typography: a no-break space (U+00A0) before ":", ";", "?", "!", "»" and
    "%" and after "«" (never a plain space, which would let the sign start a line, nor
    none), and curly apostrophes, in every message of the French catalog."""
    bad = []
    for m in po("fr"):
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        for s in strings:
            bare = re.sub(r"\{[^}]*\}", "{}", s)  # a placeholder's own signs are code
            for match in re.finditer(r"[:;?!»%]", bare):
                after = bare[match.end(): match.end() + 1]
                if (match.group() == ":" and after not in ("", " ", "\u00a0")
                        and bare[match.start() - 1: match.start()] not in (" ", "\u00a0")):
                    continue  # inside an address (ws://host:port), not punctuation
                if bare[match.start() - 1: match.start()] != "\u00a0":
                    bad.append((m.context, bare[max(0, match.start() - 12): match.end() + 4]))
            for match in re.finditer("«", bare):
                if bare[match.end(): match.end() + 1] != "\u00a0":
                    bad.append((m.context, bare[match.start(): match.end() + 12]))
            if "'" in bare:
                bad.append((m.context, "straight apostrophe: " + bare[:40]))
    assert bad == [], f"{len(bad)} in the French catalog, e.g. {bad[:8]}"
