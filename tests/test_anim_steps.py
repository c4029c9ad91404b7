"""Step animations: computed from (before, step, after), played by update(dt), skippable.

The films are checked as data (who flies from where to where, in which order) and
through the table: a film runs after a step, reaches its end after enough frames,
jumps to its end on a click, plays backwards on undo, and is not made at all when
the speed is "off".
"""

from __future__ import annotations

import pygame
import pytest
from tablehelp import table_at

from game.record import parse_record, replay_states
from game.state import State
from game.steps import parse_step
from scenes.core import gfx
from scenes.core.app import App
from scenes.core.layout import table_layout
from scenes.table import animations
from scenes.table.animations import build, holdings_moves, reverse
from scenes.table.draw import TableView, draw_table, ship_box

HEADER = '[Players "Ann, Bob, Cy"]\n[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'
TO_THE_FOURTH = ["move L-1", "done", "end", "end", "end", "move 1-2", "done", "end", "end",
                 "end", "move 2-3", "done", "end", "end", "end"]



def states_of(steps: list[str]) -> list[State]:
    return replay_states(parse_record(HEADER + "\n".join(steps)))


def film_of(steps: list[str], speed: str = "normal") -> animations.Animation | None:
    states = states_of(steps)
    return build(states[-2], parse_step(steps[-1]), states[-1], table_layout(), speed)


def run_to_end(film: animations.Animation, dt: float = 1 / 60) -> int:
    frames = 0
    while not film.done:
        film.update(dt)
        frames += 1
        assert frames < 10_000
    return frames


# ----- the films as data --------------------------------------------------------------
@pytest.mark.parametrize(("before", "after", "slides", "arrivals", "departures"), [
    ([3, 4], [5, 2], [(4, 5), (3, 2)], [], []),
    ([5, 2], [4], [(5, 4)], [], [2]),
    ([4], [5, 2], [(4, 5)], [2], []),
    ([5, 5, 3], [5, 5], [], [], [3]),
    ([], [1], [], [1], []),
    ([5, 1], [5, 1], [], [], []),
])
def test_bankers_reshuffle_between_spaces(before: list[int], after: list[int],
                                          slides: list, arrivals: list, departures: list) -> None:
    assert holdings_moves(before, after) == (slides, arrivals, departures)


def test_employ_throws_a_marker_from_stock_to_lisboa_and_pays() -> None:
    film = film_of(["employ"])
    assert film is not None
    places = [(f.src, f.dst) for f in film.flights]
    assert places[0] == (("stock", 0), ("lisboa", 0))
    assert (("banker", 0, 2), ("banker", 0, 1)) in places, "wealth 2 -> 1: the banker slides"
    assert film.hidden[("lisboa", 0)] == 1
    frames = run_to_end(film)
    assert film.done and 20 < frames < 120
    assert all(film.progress(f.start, f.duration) == 1.0 for f in film.flights)


def test_a_ship_sails_card_by_card() -> None:
    steps = ["move L-1", "done", "speed", "end", "end", "end", "move 1-3"]
    film = film_of(steps)
    assert film is not None
    (ship,) = film.flights
    assert ship.src == ("ship", 0, 1) and ship.dst == ("ship", 0, 3)
    assert ship.hops and len(ship.points) == 3, "from sea 1, past sea 2, to sea 3"
    sea2 = ship_box(table_layout(), states_of(steps)[-1], 2, 0)
    (x, _), _ = ship.at(0.5)
    assert abs(x - sea2.centerx) < 2, "half way, the ship is over the middle card"
    from_lisboa = film_of(["speed", "move L-2"])
    assert from_lisboa is not None and len(from_lisboa.flights[0].points) == 3


def test_a_discovered_town_flips_before_its_vp_arrive() -> None:
    film = film_of(["employ", *TO_THE_FOURTH, "move 3-4"])
    assert film is not None
    (flip,) = film.flips
    assert flip.pos == 4 and film.flipping == frozenset({4})
    ship = film.flights[0]
    historian = next(f for f in film.flights if f.dst[0] == "historian")
    assert historian.src == ("lisboa", 0) and historian.dst == ("historian", 0, 1)
    assert ship.end <= flip.start + 1e-9 and historian.start >= flip.end - 1e-9
    assert any("+1 VP" in rise.text for rise in film.rises)
    run_to_end(film)


def test_a_sale_rises_its_gain_and_brings_bankers_from_lisboa() -> None:
    steps = ["move L-1", "cargo 1g1", "done", "employ", "end", "end", "end", "move L-1",
             "cargo 1g2", "done", "sell 1g1 1g2"]
    film = film_of(steps)
    assert film is not None
    goods = [f for f in film.flights if f.src[0] == "good"]
    assert [f.dst for f in goods] == [("lisboa", 0)] * 2
    assert [r.text for r in film.rises] == ["+2 wealth"]
    banker = [f for f in film.flights if f.dst[0] == "banker"]
    assert banker and min(f.start for f in banker) >= min(f.start for f in goods)


def test_speed_off_makes_no_film_and_slow_is_slower() -> None:
    assert film_of(["employ"], "off") is None
    fast, slow = film_of(["employ"], "fast"), film_of(["employ"], "slow")
    assert fast is not None and slow is not None and slow.total > 2 * fast.total
    assert film_of(["end"]) is None, "ending a turn moves nothing"


def test_reverse_flies_back_and_hides_the_origins() -> None:
    states = states_of(["employ"])
    film = build(states[0], parse_step("employ"), states[1], table_layout())
    assert film is not None
    back = reverse(film, states[0])
    assert back.hidden[("stock", 0)] == 1 and back.after is states[0]
    assert back.progress(0, 0.1) == 1.0, "a reversed film starts at the end of each flight"
    run_to_end(back)
    assert back.progress(0, 0.1) == 0.0


def test_the_table_draws_a_state_minus_markers_in_flight(app: App) -> None:
    states = states_of(["move L-1", "cargo 1g1"])
    surface = gfx.surface((1920, 1080), alpha=False)
    layout = table_layout()
    view = TableView()
    (x, y), _ = animations.place_point(layout, ("good", 1, 1), states[-1])
    draw_table(surface, layout, states[-1], view)
    with_marker = surface.get_at((round(x), round(y)))
    film = build(states[-2], parse_step("cargo 1g1"), states[-1], layout)
    assert film is not None and film.hidden == {("good", 1, 1): 1}
    view.hidden = film.hidden
    view.flipping = frozenset({2})
    draw_table(surface, layout, states[-1], view)
    assert surface.get_at((round(x), round(y))) != with_marker, "the landing marker is left out"
    film.finish()
    film.draw(surface, layout, states[-1])
    landed = surface.get_at((round(x), round(y)))
    assert max(abs(a - b) for a, b in zip(landed, with_marker, strict=True)) < 8, \
        "and drawn by the film where it lands"


# ----- at the table ---------------------------------------------------------------------
def test_a_step_plays_its_film_to_the_end(app: App) -> None:
    hand = table_at(app, [])
    table = hand.table
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    assert table.session.steps == ["employ"]
    assert table.animating and table.view.hidden[("lisboa", 0)] == 1
    hand.frames(120)
    assert not table.animating
    hand.frames(1)
    assert not table.view.hidden, "the base is redrawn whole once the film is over"


def test_a_click_skips_to_the_end_and_still_acts(app: App) -> None:
    hand = table_at(app, ["employ", "end", "end", "end"])
    table = hand.table
    hand.drag(hand.at("lisboa_0"), hand.at("sea_1"))
    hand.click(hand.at("button_sail"))
    assert table.animating
    hand.drag(hand.at("ship_1_0"), hand.at("goods_1_1"))  # pressing skips the voyage
    assert table.session.steps[-2:] == ["move L-1", "cargo 1g1"]
    hand.key(pygame.K_RETURN)
    assert table.session.steps[-1] == "done" and not table.animating


def test_undo_plays_the_step_backwards(app: App) -> None:
    hand = table_at(app, [])
    table = hand.table
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    hand.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert table.session.steps == []
    assert table.animating and table.films.current.reverse
    assert table.films.current.after is table.state
    hand.frames(120)
    assert not table.animating


def test_speed_off_shows_every_change_at_once(app: App) -> None:
    hand = table_at(app, [], speed="off")
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    assert hand.table.session.steps == ["employ"] and not hand.table.animating


def test_films_keep_playing_under_a_question(app: App) -> None:
    # Cy owns Map: after the discovery the Map question comes up at once, and the
    # town keeps turning over under it.
    steps = ["end", "end", "tech map", "move L-1", "done", "end", "end", "end",
             "move 1-2", "done", "end", "end", "end", "move 2-3", "done", "end", "end", "end"]
    hand = table_at(app, steps)
    table = hand.table
    hand.drag(hand.at("ship_3_2"), hand.at("sea_4"))
    hand.click(hand.at("button_sail"))
    film = table.films.current
    start = film.clock
    hand.frames(10)
    assert film.clock > start and hand.top() is not table
