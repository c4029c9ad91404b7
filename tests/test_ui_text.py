"""Text: every key the client asks for is translated, fonts load, art draws."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib
import re
from pathlib import Path

import pygame
import pytest

from game.cards import CARDS, GOODS
from scenes import art, cardart, text
from scenes.text import ENGLISH, FONT_FILES, t

SCENES = Path(__file__).resolve().parent.parent / "scenes"
KEY = re.compile(r"""\bt\(\s*f?["']([a-z_.\-{}]+)["']""")


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))


def test_every_literal_key_in_the_client_exists() -> None:
    # Some modules add their words to the table when imported: import them all first.
    for path in sorted(SCENES.glob("*.py")):
        if path.stem != "__main__":  # that one starts the game
            importlib.import_module(f"scenes.{path.stem}")
    missing = []
    for path in SCENES.glob("*.py"):
        for key in KEY.findall(path.read_text("utf-8")):
            if "{" in key:  # an f-string key: checked below through its known values
                continue
            if key not in ENGLISH:
                missing.append(f"{path.name}: {key}")
    assert not missing


def test_keys_built_from_game_data_exist() -> None:
    keys = [f"good.{g}" for g in GOODS]
    keys += [f"tech.{x.id}" for x in CARDS.techs] + [f"tech.{x.id}.effect" for x in CARDS.techs]
    keys += [f"building.{b}" for b in ("stronghold", "church", "marketplace")]
    keys += [f"colour.{c}" for c in ("red", "blue", "green", "yellow")]
    keys += [f"setup.kind.{k}" for k in ("human", "easy", "medium", "hard")]
    assert [k for k in keys if k not in ENGLISH] == []


def test_lookup_formats_and_falls_back() -> None:
    assert t("turn.of", name="Ann") == "Ann's turn"
    assert t("no.such.key") == "no.such.key"
    text.TABLES["fr"]["title.new"] = "Nouvelle partie"
    try:
        text.set_language("fr")
        assert t("title.new") == "Nouvelle partie"
        assert t("title.quit") == "Quit", "untranslated keys fall back to English"
    finally:
        del text.TABLES["fr"]["title.new"]
        text.set_language("en")
    text.set_language("xx")
    assert text.language() == "en"


def test_bundled_fonts_and_licences_are_there() -> None:
    fonts = SCENES.parent / "assets" / "fonts"
    for name in FONT_FILES.values():
        assert (fonts / name).is_file()
    assert (fonts / "OFL-EBGaramond.txt").is_file() and (fonts / "OFL-Inter.txt").is_file()
    for role in FONT_FILES:
        assert text.font(role, 20).size("Lisboa 12")[0] > 20


def test_text_cache_reuses_surfaces() -> None:
    cache = text.TextCache(limit=2)
    a = cache.render("a", "text", 20, (0, 0, 0))
    assert cache.render("a", "text", 20, (0, 0, 0)) is a
    cache.render("b", "text", 20, (0, 0, 0))
    cache.render("c", "text", 20, (0, 0, 0))
    assert len(cache) == 2
    assert text.wrap("one two three four", "text", 20, 60) == ["one", "two", "three", "four"]


def test_markers_differ_by_shape_not_only_colour() -> None:
    masks = []
    for seat in range(4):
        surf = art.marker(seat, 40, "classic")
        masks.append(pygame.mask.from_surface(surf, 128))
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
