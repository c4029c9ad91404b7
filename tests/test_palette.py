"""Seat colours apart for everyone (issue 35): in the colour-blind palette no two seats'
colours are closer than ΔE2000 20, to typical vision or under simulated protanopia,
deuteranopia and tritanopia; the players' shapes (disc, square, triangle, diamond) tell
them apart in any palette besides."""

from __future__ import annotations

from itertools import combinations

import pytest
from colourhelp import VISION, delta_e2000, delta_e2000_lab, seen

from scenes.ui import palette as P

FLOOR = 20


def test_the_colour_distance_is_ciede2000() -> None:
    """Pairs from Sharma, Wu and Dalal's test data for CIEDE2000, and sRGB's red and
    blue."""
    pairs = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
             ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
             ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)]
    for a, b, expected in pairs:
        assert delta_e2000_lab(a, b) == pytest.approx(expected, abs=1e-3)
    assert delta_e2000((255, 0, 0), (0, 0, 255)) == pytest.approx(52.88, abs=0.01)


@pytest.mark.parametrize("vision", list(VISION))
def test_no_two_seat_colours_are_close_in_the_colour_blind_palette(vision: str) -> None:
    colours = [seen(P.player_color(seat, "colorblind"), vision) for seat in range(4)]
    names = [P.colour_name(seat, "colorblind") for seat in range(4)]
    for i, j in combinations(range(4), 2):
        apart = delta_e2000(colours[i], colours[j])
        assert apart >= FLOOR, f"{names[i]} and {names[j]}: {apart:.1f} to {vision} vision"


def test_every_seat_has_a_shape_of_its_own() -> None:
    assert len(set(P.SHAPES)) == 4 and all(P.player_shape(s) == P.SHAPES[s] for s in range(4))
