"""Seeded random playouts: invariants that must hold after every single step."""

from __future__ import annotations

import random

import pytest
from invariants import check_invariants

from game.bench import NAMES, careless_step
from game.deal import deal_towns
from game.record import parse_record, replay, write_record
from game.rules import apply
from game.state import State


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(25))
def test_random_playout_keeps_invariants(players: int, seed: int) -> None:
    rng = random.Random(seed)
    st = State.start(NAMES[:players], deal_towns(players, seed))
    played: list[str] = []
    check_invariants(st)
    while not st.over:
        step = careless_step(st, rng)
        before = st.to_dict()
        st = apply(st, step)
        played.append(str(step))
        check_invariants(st)
        assert len(played) < 5000, "the game never ended"
        # the state given to apply is never changed
        assert State.from_dict(before).to_dict() == before
    assert st.over and st.winners
    # Writing the game and reading it back gives the same state.
    text = write_record(st.names, st.towns, played)
    assert replay(parse_record(text)) == st
    # The plain data goes through JSON-like dicts and back.
    assert State.from_dict(st.to_dict()) == st
