"""Invariants every state of every game must satisfy; shared by the playout tests."""

from __future__ import annotations

from game.state import MARKERS_PER_PLAYER, State, sea_masks, seat_masks


def check_invariants(st: State) -> None:
    size = st.size
    for seat in range(st.n):
        places = st.markers_by_place(seat)
        assert sum(places.values()) == MARKERS_PER_PLAYER, (seat, places)
        assert all(v >= 0 for v in places.values()), (seat, places)
        bankers = st.bankers(seat)
        assert sum(bankers) == st.wealth[seat]
        assert all(1 <= b <= 5 for b in bankers)
        assert sum(st.historians(seat)) == st.vp[seat]
        assert all(1 <= h <= 5 for h in st.historians(seat))
        assert 1 <= st.speed[seat] <= 3
        assert st.scientists_home(seat) >= 0
        for pos in range(st.revealed + 1, size + 1):
            assert st.ships_at(seat, pos) == 0, "a ship waits below a face-down town"
    for space_owner in st.goods + st.buildings:
        assert -1 <= space_owner < st.n
    for pos in range(st.revealed + 1, size + 1):
        i = (pos - 1) * 2
        assert st.goods[i:i + 2] == [-1, -1] and st.buildings[i:i + 2] == [-1, -1]
    assert st.ap in (0, 1, 2)
    # the masks the listing reads say what the lists say
    assert st.gmask == seat_masks(st.goods, st.n)
    assert st.bmask == seat_masks(st.buildings, st.n)
    assert st.smask == sea_masks(st.ships, st.n, size)
    if st.over:
        assert st.scores is not None and len(st.scores) == st.n
        assert st.winners and all(0 <= w < st.n for w in st.winners)
        assert st.final_round
