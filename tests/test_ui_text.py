"""Text: every key the client asks for is translated, fonts load, art draws."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from pathlib import Path

import pygame
import pytest
from langhelp import speaking

from game.cards import CARDS, GOODS
from game.words import phrase
from scenes.core.computer import COMPUTER_KINDS
from scenes.core.session import UNDO_BLOCKERS
from scenes.text import catalog, fonts
from scenes.text.catalog import ENGLISH, t
from scenes.text.fonts import FONT_FILES
from scenes.ui import art, cardart
from scenes.ui.palette import COLOUR_NAMES

SCENES = Path(__file__).resolve().parent.parent / "scenes"
KEY = re.compile(r"""\bt\(\s*f?["']([a-z_.\-{}]+)["']""")


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))


def test_every_literal_key_in_the_client_exists() -> None:
    # The English table is assembled statically (``scenes.text.catalog``): no module
    # has to be imported first for its words to be there.
    missing = []
    seen = 0
    for path in sorted(SCENES.rglob("*.py")):
        for key in KEY.findall(path.read_text("utf-8")):
            if "{" in key:  # an f-string key: checked below through its known values
                continue
            seen += 1
            if key not in ENGLISH:
                missing.append(f"{path.relative_to(SCENES)}: {key}")
    assert seen > 100, "the scan found the client's keys"
    assert not missing


def test_keys_built_from_game_data_exist() -> None:
    keys = [f"good.{g}" for g in GOODS]
    keys += [f"tech.{x.id}" for x in CARDS.techs] + [f"tech.{x.id}.effect" for x in CARDS.techs]
    keys += [f"building.{b}" for b in ("stronghold", "church", "marketplace")]
    keys += [f"{kind}.{c}" for names in COLOUR_NAMES.values() for c in names
             for kind in ("colour", "noun.colour")]
    keys += [f"setup.kind.{k}" for k in ("human", "easy", "medium", "hard")]
    keys += [f"undo.{b}" for b in UNDO_BLOCKERS] + [f"level.{k}" for k in COMPUTER_KINDS]
    assert [k for k in keys if k not in ENGLISH] == []


def test_lookup_formats_and_falls_back() -> None:
    assert t("turn.of", name="Ann") == "Ann's turn"
    assert t("no.such.key") == "no.such.key"
    with speaking("fr", {"title.new": "Nouvelle partie"}):
        assert catalog.language() == "fr"
        assert t("title.new") == "Nouvelle partie"
        assert t("title.quit") == "Quit", "untranslated keys fall back to English"
    catalog.set_language("xx")
    assert catalog.language() == "en"


def test_plurals_follow_the_count() -> None:
    assert t("log.scrolled", count=1) == "1 newer row below"
    assert t("log.scrolled", count=3) == "3 newer rows below"
    sale = t("log.sell", name="Ann", goods=phrase("phrase.goods", count=2),
             types=phrase("phrase.types", count=1), wealth=1, vp=0)
    assert sale == "Ann sells 2 trade goods of 1 type: +1 wealth, +0 VP."


def test_bundled_fonts_and_licences_are_there() -> None:
    folder = SCENES.parent / "assets" / "fonts"
    for name in FONT_FILES.values():
        assert (folder / name).is_file()
    assert (folder / "OFL-EBGaramond.txt").is_file() and (folder / "OFL-Inter.txt").is_file()
    for role in FONT_FILES:
        assert fonts.font(role, 20).size("Lisboa 12")[0] > 20


def test_text_cache_reuses_surfaces() -> None:
    cache = fonts.TextCache(limit=2)
    a = cache.render("a", "text", 20, (0, 0, 0))
    assert cache.render("a", "text", 20, (0, 0, 0)) is a
    cache.render("b", "text", 20, (0, 0, 0))
    cache.render("c", "text", 20, (0, 0, 0))
    assert len(cache) == 2
    assert fonts.wrap("one two three four", "text", 20, 60) == ["one", "two", "three", "four"]


def test_markers_differ_by_shape_not_only_colour() -> None:
    masks = []
    for seat in range(4):
        surf = art.marker(seat, 40, "classic")
        masks.append(pygame.mask.from_surface(surf.surface, 128))
    counts = [m.count() for m in masks]
    assert len(set(counts)) == 4, "four different silhouettes"
    for palette in ("classic", "colorblind"):
        colours = {art.marker(seat, 40, palette).get_at((18, 22))[:3] for seat in range(4)}
        assert len(colours) == 4


def test_every_card_face_draws() -> None:
    for town in CARDS.towns.values():
        box = (6, 40, 61, 96)
        surf = cardart.town_face(town, 140, 270, 1, (box, box), ((6, 142, 61, 120),) * 2)
        assert surf.get_size() == (140, 270)
    for tech in CARDS.techs:
        assert cardart.tech_tile(tech, 108, 150).get_size() == (108, 150)
    assert cardart.town_back(140, 270, 5).get_size() == (140, 270)
