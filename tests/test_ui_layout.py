"""The table layouts (four players, three players): every zone the table looks up
exists, in place, without overlaps, and nothing that is not in play has a zone."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib.util
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from game.cards import CARDS
from scenes.core.assets import asset_path
from scenes.core.layout import Layout, LayoutError, table_layout


def towns(players: int) -> int:
    return 9 if players == 3 else 12


def required(players: int) -> list[str]:
    n, seats = towns(players), range(players)
    return (
        ["lisboa", "status", "log", "turn", "button_sail", "button_done", "button_sell",
         "button_end_turn", "button_undo", "button_rules", "button_hint", "button_menu",
         "india_9"] + (["india_12"] if players == 4 else [])
        + [f"{kind}_{p}" for p in range(1, n + 1) for kind in ("town", "sea")]
        + [f"{kind}_{p}_{k}" for p in range(1, n + 1) for k in (1, 2)
           for kind in ("goods", "building")]
        + [f"ship_{p}_{s}" for p in range(1, n + 1) for s in seats]
        + [f"tech_{t.id}" for t in CARDS.techs]
        + [f"techcard_{c}" for c in ("I", "II", "III")]
        + [f"{kind}_{s}" for s in seats for kind in (
            "stock", "board", "bankers", "historians", "scientists", "lisboa", "name", "domain",
            "historycard")]
        + [f"speed_{s}_{v}" for s in seats for v in (1, 2, 3)]
        + [f"{kind}_{s}_{v}" for s in seats for v in range(1, 6)
           for kind in ("banker", "historian")]
        + [f"scientist_{s}_{i}" for s in seats for i in (1, 2, 3)]
    )


REQUIRED = required(4)

# Zones a marker sits on or a player clicks: none of these may overlap another.
LEAF_KINDS = {"goods", "building", "tech", "lisboa-slot", "ship-stack", "banker", "speed",
              "scientist", "historian", "stock", "name", "button"}


@pytest.fixture(scope="module", params=[4, 3], ids=["four", "three"])
def layout(request: pytest.FixtureRequest) -> Layout:
    return table_layout(request.param)


def players_of(layout: Layout) -> int:
    return 4 if layout.has("board_3") else 3


def test_every_required_name_is_there(layout: Layout) -> None:
    missing = [name for name in required(players_of(layout)) if not layout.has(name)]
    assert not missing, f"missing zones: {missing}"
    assert layout.size == (1920, 1080)


def test_the_three_player_table_has_nothing_out_of_play() -> None:
    three = table_layout(3)
    assert not any(three.has(name) for name in (
        "town_10", "sea_12", "goods_10_1", "board_3", "lisboa_3", "ship_5_3", "india_12"))
    # the room of the absent towns and board goes to the others
    assert three.rect("town_1").w > table_layout(4).rect("town_1").w * 1.25
    assert three.rect("board_0").w > table_layout(4).rect("board_0").w * 1.25


def test_the_lessons_table_leaves_no_place_empty() -> None:
    """The lesson (three players and its panel) has the three-player line over four
    places for boards: nothing drawn for a town not in play, the panel where the
    fourth board would be."""
    from scenes.core.layout import LESSON

    lesson, three, four = table_layout(LESSON), table_layout(3), table_layout(4)
    assert not any(lesson.has(name) for name in ("town_10", "sea_12", "lisboa_3", "ship_5_3",
                                                 "name_3", "stock_3", "india_12"))
    for name in [n for n in required(3) if not n.startswith(("board", "stock", "name", "domain",
                                                             "historycard", "bankers",
                                                             "historians", "scientist",
                                                             "speed", "banker_", "historian_"))]:
        assert lesson.rect(name) == three.rect(name), name  # the line, the strip, the techs
    for seat in range(4):
        assert lesson.rect(f"board_{seat}") == four.rect(f"board_{seat}")
    for seat in range(3):
        assert lesson.rect(f"stock_{seat}") == four.rect(f"stock_{seat}")


def test_the_tmx_is_in_step_with_its_generator(tmp_path: Path) -> None:
    script = asset_path("layout", "make_table.py")
    spec = importlib.util.spec_from_file_location("make_table", script)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["make_table.py", str(tmp_path)])
    for name in ("table.tmx", "table3.tmx", "table_lesson.tmx"):
        written = (tmp_path / name).read_text("utf-8")
        assert written == asset_path("layout", name).read_text("utf-8"), name


def test_everything_is_on_the_screen(layout: Layout) -> None:
    screen = pygame.Rect(0, 0, 1920, 1080)
    off = [z.name for z in layout.zones() if not screen.contains(z.rect)]
    assert not off


@pytest.mark.parametrize("layer", ["cards", "seas", "badges", "ui"])
def test_no_overlaps_within_a_layer(layout: Layout, layer: str) -> None:
    zones = layout.zones(layer=layer)
    assert zones
    clashes = [(a.name, b.name) for a, b in combinations(zones, 2) if a.rect.colliderect(b.rect)]
    assert not clashes


def test_no_two_leaf_zones_overlap(layout: Layout) -> None:
    leaves = [z for z in layout.zones() if z.kind in LEAF_KINDS]
    assert len(leaves) == (192 if players_of(layout) == 4 else 140)
    clashes = [(a.name, b.name) for a, b in combinations(leaves, 2) if a.rect.colliderect(b.rect)]
    assert not clashes


def test_spaces_sit_inside_their_cards(layout: Layout) -> None:
    def inside(child: str, parent: str) -> None:
        assert layout.rect(parent).contains(layout.rect(child)), f"{child} not in {parent}"

    players = players_of(layout)
    for n in range(1, towns(players) + 1):
        for k in (1, 2):
            inside(f"goods_{n}_{k}", f"town_{n}")
            inside(f"building_{n}_{k}", f"town_{n}")
        for s in range(players):
            inside(f"ship_{n}_{s}", f"sea_{n}")
        assert layout.rect(f"sea_{n}").top >= layout.rect(f"town_{n}").bottom, "sea below card"
    for s in range(players):
        inside(f"lisboa_{s}", "lisboa")
        for part in ("name", "domain", "historycard", "stock"):
            inside(f"{part}_{s}", f"board_{s}")
        for v in range(1, 6):
            inside(f"banker_{s}_{v}", f"bankers_{s}")
            inside(f"historian_{s}_{v}", f"historians_{s}")
        for v in (1, 2, 3):
            inside(f"speed_{s}_{v}", f"domain_{s}")
            inside(f"scientist_{s}_{v}", f"scientists_{s}")
    for tech in CARDS.techs:
        inside(f"tech_{tech.id}", f"techcard_{tech.card}")


def test_card_line_runs_left_to_right(layout: Layout) -> None:
    n = towns(players_of(layout))
    xs = [layout.rect("lisboa").x] + [layout.rect(f"town_{p}").x for p in range(1, n + 1)]
    assert xs == sorted(xs) and len(set(xs)) == n + 1
    assert min(layout.rect(f"town_{p}").w for p in range(1, n + 1)) >= 130


def test_zone_under_a_point_is_the_most_specific(layout: Layout) -> None:
    assert layout.zone_at(layout.rect("goods_3_1").center) == "goods_3_1"
    assert layout.zone_at(layout.rect("button_sail").center) == "button_sail"
    corner = layout.rect("town_3")
    assert layout.zone_at((corner.x + 2, corner.y + 2)) == "town_3"
    assert layout.zone_at(layout.rect("ship_5_2").center) == "ship_5_2"
    assert layout.zone_at(layout.rect("ship_5_2").center, names={"sea_5"}) == "sea_5"
    assert "town_3" in layout.zones_at(layout.rect("goods_3_1").center)


def test_unknown_zone_and_missing_file_are_clear_errors(layout: Layout, tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="no zone 'nowhere'"):
        layout.rect("nowhere")
    with pytest.raises(LayoutError, match="cannot read"):
        Layout.load(tmp_path / "missing.tmx")
