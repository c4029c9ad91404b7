"""The engine's small public helpers, so a client or the AI never re-derives a rule:
``State.owner/land/set_owner/add_ships`` and ``rules.return_amount``,
``voyage_tally/voyage_fits``, ``map_offered`` and ``lost_gains``, each checked against the raw
arrays or against ``apply`` itself."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from helpers import DAN, play

from game import state
from game.bench import NAMES, careless_step
from game.deal import deal_towns
from game.listing import ship_moves
from game.record import parse_record, replay_states
from game.rules import (
    VoyageTally,
    apply,
    is_legal,
    lost_gains,
    map_offered,
    return_amount,
    voyage_fits,
    voyage_tally,
)
from game.state import ACTIONS, State
from game.steps import IllegalStep, ShipMove, Step, parse_step

FIT_KEYS = {"launch_short", "ships_short", "no_ship", "one_unknown"}


def playout_states(seeds: range, players: int) -> Iterator[State]:
    """Every position of seeded careless games (the benchmark's player)."""
    for seed in seeds:
        rng = random.Random(seed)
        st = State.start(NAMES[:players], deal_towns(players, seed))
        while not st.over:
            yield st
            st = apply(st, careless_step(st, rng))
        yield st


# ----- return_amount ---------------------------------------------------------------
@pytest.mark.parametrize(("amount", "taken"), [(0, 0), (3, 3), (5, 5), (7, 2), (10, 5)])
@pytest.mark.parametrize("which", ["banker", "historian"])
def test_return_amount_is_the_smallest_holding(amount: int, taken: int, which: str) -> None:
    st = State.start(NAMES, deal_towns(4, 1)).copy()
    track = st.wealth if which == "banker" else st.vp
    track[0] = amount
    assert return_amount(st, 0, which) == taken
    step = Step("return", (which,))
    if amount == 0:
        with pytest.raises(IllegalStep) as info:
            apply(st, step)
        assert info.value.key == f"no_{which}"
        return
    after = apply(st, step)
    assert (after.wealth if which == "banker" else after.vp)[0] == amount - taken
    assert after.lisboa[0] == st.lisboa[0] + 1


def test_return_amount_knows_only_bankers_and_historians() -> None:
    st = State.start(NAMES, deal_towns(4, 1))
    with pytest.raises(ValueError):
        return_amount(st, 0, "ship")


def test_return_amount_matches_apply_in_playouts() -> None:
    for st in playout_states(range(4), 4):
        if st.over:
            continue
        seat = st.active
        for which, track in (("banker", "wealth"), ("historian", "vp")):
            step = Step("return", (which,))
            if not is_legal(st, step):
                assert return_amount(st, seat, which) == 0
                continue
            lost = getattr(st, track)[seat] - getattr(apply(st, step), track)[seat]
            assert return_amount(st, seat, which) == lost > 0


# ----- voyage_tally / voyage_fits ------------------------------------------------------
def _move_pool(st: State) -> list[ShipMove]:
    """Single ship moves that each pass on their own: the listed ones, plus moves from
    seas where the player has no ship (for ``no_ship``)."""
    seat = st.active
    speed = st.speed[seat]
    pool = ship_moves(st)
    for src in range(1, st.revealed + 1):
        if st.ships_at(seat, src) == 0:
            pool.extend((src, 0, d) for d in range(max(1, src - speed), src + speed + 1)
                        if d != src and d <= st.revealed)
    return pool


def test_voyage_fits_agrees_with_apply_on_playout_positions() -> None:
    rng = random.Random(5)
    seen: dict[str, int] = {}
    for players in (3, 4):
        for st in playout_states(range(6), players):
            if st.over or st.phase != ACTIONS or st.ap == 0:
                continue
            pool = _move_pool(st)
            if not pool:
                continue
            for _ in range(4):
                moves = tuple(rng.choice(pool) for _ in range(rng.randint(1, 4)))
                tally = voyage_tally(st, moves)
                assert isinstance(tally, VoyageTally)
                assert tally.launched == sum(1 for m in moves if m[0] == 0)
                assert tally.launched + sum(tally.from_sea.values()) == len(moves)
                assert tally.into_unknown == sum(1 for m in moves if m[2] > st.revealed)
                fits = voyage_fits(st, moves)
                try:
                    after = apply(st, Step("move", moves))
                except IllegalStep as exc:
                    seen[exc.key] = seen.get(exc.key, 0) + 1
                    if exc.key in FIT_KEYS:
                        assert not fits, (st, moves, exc.key)
                    continue
                seen["accepted"] = seen.get("accepted", 0) + 1
                assert fits, (st, moves)
                seat = st.active
                afloat = after.markers_by_place(seat)["ships"]
                assert afloat - st.markers_by_place(seat)["ships"] == tally.launched
                assert after.revealed - st.revealed == tally.into_unknown
    # every refusal voyage_fits stands for was met, and acceptances too
    assert FIT_KEYS | {"accepted"} <= set(seen), seen


def test_voyage_fits_is_false_for_a_sea_off_the_board() -> None:
    st = State.start(NAMES, deal_towns(4, 1))
    assert voyage_fits(st, [(0, 0, 1)])
    assert not voyage_fits(st, [(99, 0, 1)])
    assert not voyage_fits(st, [(-1, 0, 1)])
    assert not voyage_fits(st, [(0, 0, 1), (0, 0, 2)])  # one marker on Lisboa


# ----- map_offered ------------------------------------------------------------------------
# Dan (wealth 4): Map, two ships in sea 3 next to the face-down town 4, Lisboa empty,
# wealth 1, a new turn (the record of test_tech_map).
DAN_AT_3 = """
    end
    end
    end
    tech map
    employ
    end
    end
    end
    end
    move L-1 L-1
    done
    move 1-2 1-2
    done
    end
    end
    end
    end
    move 2-3 2-3
    done
    end
    end
    end
    end
"""


@pytest.mark.parametrize(("tail", "offered"), [
    ("", False),                                  # no move yet
    ("move 3-4", True),                           # a discovery, Map owned, 1 wealth
    ("move 3-4\nmap", False),                     # once per discovery
    ("move 3-4\ndone", False),                    # the voyage is over
    ("move 3-4\nreturn banker", False),           # cannot pay
    ("move 3-2", False),                          # no discovery (a face-up sea)
])
def test_map_offered_in_scenarios(tail: str, offered: bool) -> None:
    st = play(DAN_AT_3 + "".join(f"    {line}\n" for line in tail.splitlines()))
    assert st.active == DAN
    assert map_offered(st) is offered
    assert is_legal(st, Step("map")) is offered


def test_map_offered_is_exactly_when_map_is_legal_in_playouts() -> None:
    offered = 0
    for players in (3, 4):
        for st in playout_states(range(40), players):
            assert map_offered(st) == is_legal(st, Step("map")), st
            offered += map_offered(st)
    assert offered > 0


# ----- owner / land / setters ---------------------------------------------------------------
def test_owner_and_land_agree_with_the_raw_arrays() -> None:
    for players in (3, 4):
        for st in playout_states(range(3), players):
            for pos in range(1, st.size + 1):
                for k in (1, 2):
                    i = (pos - 1) * 2 + k - 1
                    g, b = st.goods[i], st.buildings[i]
                    assert st.owner(("g", pos, k)) == st.good_owner(pos, k) == (
                        None if g < 0 else g)
                    assert st.owner(("b", pos, k)) == st.building_owner(pos, k) == (
                        None if b < 0 else b)
            for seat in range(st.n):
                land = st.land(seat)
                goods = [s for s in land if s[0] == "g"]
                assert land == goods + [s for s in land if s[0] == "b"]
                assert goods == sorted(goods, key=lambda s: (s[1], s[2]))
                assert land[len(goods):] == sorted(land[len(goods):], key=lambda s: (s[1], s[2]))
                assert len(goods) == st.goods.count(seat)
                assert len(land) - len(goods) == st.buildings.count(seat)
                assert all(st.owner(s) == seat for s in land)


def test_owner_refuses_a_space_that_does_not_exist() -> None:
    st = State.start(NAMES, deal_towns(4, 1))
    for space in (("g", 0, 1), ("b", 13, 1), ("g", 1, 3), ("x", 1, 1)):
        with pytest.raises(ValueError):
            st.owner(space)


def test_set_owner_and_add_ships_change_only_the_copy() -> None:
    st = State.start(NAMES, deal_towns(4, 1))
    before = st.to_dict()
    view = st.copy()
    view.set_owner(("g", 2, 1), 3)
    view.set_owner(("b", 1, 2), 0)
    view.add_ships(1, 3, 2)
    view.lisboa[1] -= 1
    assert st.to_dict() == before
    assert view.goods[2] == 3 and view.owner(("g", 2, 1)) == 3
    assert view.buildings[1] == 0 and view.land(0) == [("b", 1, 2)]
    assert view.ships_at(1, 3) == 2 and view.ship_seas(1) == {3: 2}
    view.set_owner(("g", 2, 1), None)
    view.add_ships(1, 3, -2)
    assert view.owner(("g", 2, 1)) is None and view.goods[2] == -1
    assert view.ships_at(1, 3) == 0
    with pytest.raises(ValueError):
        view.add_ships(1, 3, -1)
    with pytest.raises(ValueError):
        view.add_ships(1, 0, 1)
    with pytest.raises(ValueError):
        view.set_owner(("g", 1, 1), 4)


# ----- lost_gains ------------------------------------------------------------------------
def test_lost_gains_names_a_gain_no_lisboa_marker_could_hold() -> None:
    # Ann's only Lisboa marker sails out; the town she then discovers is worth 1 VP
    # and no marker is left on Lisboa to become her first historian.
    header = '[Players "Ann, Bob, Cy"]\n[Towns "T01 T07 T12 T05 T03 T09 T02 T11 T08"]\n'
    turns = ["move L-1", "move 1-2", "move 2-3"]
    steps = "".join(f"{m}\ndone\nend\nend\nend\n" for m in turns) + "move 3-4"
    states = replay_states(parse_record(header + steps))
    before, after = states[-2], states[-1]
    assert lost_gains(before, parse_step("move 3-4"), after) == (0, 1)
    assert lost_gains(before, parse_step("move 3-4")) == (0, 1), "the after state is optional"
    states = replay_states(parse_record(header + "employ\n" + steps))
    assert lost_gains(states[-2], parse_step("move 3-4"), states[-1]) == (0, 0), \
        "an employed marker holds it"


def test_lost_gains_are_never_negative_and_vanish_with_room_on_lisboa() -> None:
    seen_loss = False
    for st in playout_states(range(6), 4):
        if st.over:
            continue
        step = careless_step(st, random.Random(st.turn))
        wealth, vp = lost_gains(st, step)
        assert wealth >= 0 and vp >= 0
        seen_loss = seen_loss or bool(wealth or vp)
        roomy = st.copy()
        roomy.lisboa[st.active] += 13
        assert lost_gains(roomy, step) == (0, 0)
    assert seen_loss, "the playouts include a gain lost for want of a marker"


def test_the_masks_follow_the_setters_and_reindex() -> None:
    """The seats' masks (what the listing reads) change with ``set_owner`` and
    ``add_ships``, and ``reindex`` reads them again after a list changed in place."""
    from game.state import sea_masks, seat_masks

    st = State.start(["Ann", "Bob", "Cy"], deal_towns(3, 4)).copy()
    st.revealed = 5
    st.set_owner(("g", 2, 1), 1)
    st.set_owner(("b", 3, 2), 2)
    st.add_ships(0, 4, 2)
    assert st.gmask == [0, 1 << 2, 0] and st.bmask == [0, 0, 1 << 5]
    assert st.smask == [1 << 4, 0, 0]
    st.set_owner(("g", 2, 1), 0)
    st.add_ships(0, 4, -2)
    assert st.gmask == [1 << 2, 0, 0] and st.smask == [0, 0, 0]
    st.goods[7] = 2
    st.ships[1 * (st.size + 1) + 3] = 1
    st.reindex()
    assert st.gmask == seat_masks(st.goods, 3) == [1 << 2, 0, 1 << 7]
    assert st.smask == sea_masks(st.ships, 3, st.size) == [0, 1 << 3, 0]
    assert State.from_dict(st.to_dict()).gmask == st.gmask


def test_the_masks_remembered_have_a_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server plays for weeks: the memory of masks stops growing at its limit and
    answers the same beyond it."""
    monkeypatch.setattr(state, "BITS", {})
    monkeypatch.setattr(state, "BITS_LIMIT", 8)
    for mask in range(1, 40):
        assert state.bits_of(mask) == tuple(i for i in range(6) if mask >> i & 1)
    assert len(state.BITS) == 8
