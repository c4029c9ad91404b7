"""The fast legal-step listing against the slow one.

``legal_steps`` is put together from tables without trying a step; the reference,
``legal_steps_reference``, tries every step of a broad candidate set with ``apply``
and keeps the ones it accepts. For many positions of seeded games (three and four
players, both variants, every phase: actions, after a move, no action points left,
the final round, the end) and for positions given technologies and wealth they
rarely reach in play, the two must list the same steps in the same order: so every
listed step applies, and every candidate that applies is listed. ``ship_moves`` (the
parts a voyage is built from) must be the one-ship moves of the listing, and
``after_move_steps`` (what the planner chooses a voyage's cargo from) its cargo, Map
and build steps after a move, in its order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from reference import legal_steps_reference

from game import listing
from game.bench import NAMES, careless_step
from game.deal import deal_towns
from game.listing import after_move_steps, legal_steps, ship_moves
from game.rules import apply, apply_text
from game.state import AFTER_MOVE, TECH_INDEX, State
from game.steps import KINDS

GAMES = [(players, variant, seed)
         for players in (3, 4)
         for variant in ("standard", "ship-only-build")
         for seed in (1, 2)]


def positions(players: int, variant: str, seed: int) -> Iterator[State]:
    """Every position of one game: mostly the benchmark's purposeful player, now and
    then any listed step (so free actions and odd choices come up too)."""
    rng = random.Random(seed)
    st = State.start(NAMES[:players], deal_towns(players, seed), variant)
    while True:
        yield st
        if st.over:
            return
        odd = rng.random() < 0.25
        st = apply(st, rng.choice(legal_steps(st)) if odd else careless_step(st, rng))


def enriched(st: State, rng: random.Random) -> State:
    """A copy of a played position in which the player to move holds technologies
    that change the listing (Architecture, Geography, Bank System, Map, Metallurgy),
    has more or less wealth, and may have a discovery to map."""
    view = st.copy()
    seat = view.active
    for tech in rng.sample(["architecture", "geography", "bank-system", "map", "metallurgy",
                            "harbor-maintenance", "factory"], rng.randint(1, 3)):
        if view.tech_owner.count(seat) < 3:  # three scientists at most
            view.tech_owner[TECH_INDEX[tech]] = seat
    view.wealth[seat] = rng.choice([0, 1, 2, 3, 5, 9, 14])
    view.vp[seat] = rng.choice([0, 1, 6])
    if view.phase == AFTER_MOVE and rng.random() < 0.5:
        view.map_pending = view.revealed
    view.flags = rng.choice([0, 0, view.flags, 1, 2, 4, 16, 31])
    return view


def check(st: State) -> list[str]:
    before = st.to_dict()
    fast = legal_steps(st)
    assert st.to_dict() == before, "listing changed the state"
    slow = legal_steps_reference(st)
    for step in fast:
        apply(st, step)  # every listed step applies (raises if not)
    missing = [str(s) for s in slow if s not in fast]
    extra = [str(s) for s in fast if s not in slow]
    assert not missing and not extra, (st, missing, extra)
    assert fast == slow, "the same steps, but not in the listing's order"
    if not st.over and st.phase != AFTER_MOVE and st.ap:
        singles = [s.args[0] for s in fast if s.kind == "move" and len(s.args) == 1]
        assert ship_moves(st) == singles, "ship_moves lists the one-ship moves"
    voyage_parts = [s for s in fast if s.kind in ("cargo", "map", "build")]
    assert after_move_steps(st) == (voyage_parts if st.phase == AFTER_MOVE else [])
    return [s.kind for s in fast]


@pytest.mark.parametrize(("players", "variant", "seed"), GAMES)
def test_fast_listing_equals_the_reference(players: int, variant: str, seed: int) -> None:
    seen_kinds: set[str] = set()
    phases = {"actions": 0, "after-move": 0, "no-ap": 0, "final-round": 0, "over": 0}
    for number, st in enumerate(positions(players, variant, seed)):
        if number % 3 and not st.over:
            continue  # a third of the positions is plenty, and keeps the test quick
        seen_kinds.update(check(st))
        phases["over" if st.over else "after-move" if st.phase == AFTER_MOVE
               else "actions" if st.ap else "no-ap"] += 1
        phases["final-round"] += st.final_round and not st.over
    assert all(phases.values()), phases
    assert {"employ", "move", "cargo", "sell", "done", "end", "return"} <= seen_kinds


@pytest.mark.parametrize("players", [3, 4])
def test_fast_listing_equals_the_reference_with_rare_technologies(players: int) -> None:
    rng = random.Random(players)
    seen_kinds: set[str] = set()
    for seed in (3, 4):
        for number, st in enumerate(positions(players, "standard", seed)):
            if st.over or number % 4:
                continue
            seen_kinds.update(check(enriched(st, rng)))
    # Every kind of step the notation has is listed somewhere in these positions.
    assert seen_kinds == set(KINDS), set(KINDS) - seen_kinds


def test_full_tables_are_emptied_and_the_listing_stays_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The listing's tables of what it has met are emptied when they are full (so a
    long session's memory stays bounded); a table emptied at every few entries lists
    the same steps. A copy whose technologies are changed in place is listed by its
    new owners, not by the row remembered for the old ones."""
    monkeypatch.setattr(listing, "_TABLE_LIMIT", 3)
    for number, st in enumerate(positions(4, "standard", 5)):
        if number % 2 and not st.over:
            continue
        check(st)
        if not st.over and st.phase != AFTER_MOVE and st.ap:
            view = st.copy()
            legal_steps(view)
            for tech in ("map", "geography", "printing-press"):
                view.tech_owner[TECH_INDEX[tech]] = (view.active + 1) % 4
            check(view)


def test_the_reference_tries_steps_that_are_refused() -> None:
    """The reference is no copy of the listing: it turns candidates down by applying
    them (Dan, wealth 4, has spent his action points on two employs)."""
    st = State.start(NAMES, deal_towns(4, 1))
    for step in ("end", "end", "end", "employ", "employ"):
        st = apply_text(st, step)
    assert st.ap == 0 and st.active == 3
    assert [str(s) for s in legal_steps_reference(st)] == ["return banker", "end"]
    assert legal_steps(st) == legal_steps_reference(st)


def test_successors_share_unchanged_lists_and_copies_own_theirs() -> None:
    """``apply`` shares the lists a step leaves alone with the state it was given and
    never writes into a shared one; ``copy`` gives lists of its own to change."""
    st = State.start(NAMES, deal_towns(4, 1))
    moved = apply_text(st, "move L-1")
    assert moved.ships is not st.ships and moved.lisboa is not st.lisboa
    assert moved.goods is st.goods and moved.wealth is st.wealth
    done = apply_text(apply_text(moved, "cargo 1g1"), "done")
    assert done.goods is not st.goods and st.goods == [-1] * 24
    ended = apply_text(done, "end")
    fields = ("goods", "buildings", "ships", "stock", "lisboa", "wealth", "vp", "speed",
              "tech_owner")
    assert all(getattr(ended, f) is getattr(done, f) for f in fields)
    before = [done.to_dict(), ended.to_dict()]
    mine = ended.copy()
    assert not any(getattr(mine, f) is getattr(ended, f) for f in fields)
    mine.goods[0] = -1
    mine.add_ships(1, 1, 1)
    mine.lisboa[0] += 1
    assert [done.to_dict(), ended.to_dict()] == before
