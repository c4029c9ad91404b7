"""Property: any sequence of strings fed as steps is either applied legally or refused
with a reason, and a refusal never changes or corrupts the state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from invariants import check_invariants

from game.deal import deal_towns
from game.listing import legal_steps
from game.rules import apply, apply_text
from game.state import State
from game.steps import StepError

WORDS = ["employ", "speed", "tech", "build", "sell", "move", "cargo", "map", "done",
         "return", "bank", "geography", "end", "from", "banker", "historian",
         "metallurgy", "map", "factory", "bank-system", "L", "l@2", "L@4-6", "1-2", "L-1",
         "L-3", "3-1", "2g1", "1g2", "1b1", "3b2", "13g1", "0", "1", "4", "12", "99",
         "-", "@", "#", "1-", "-1"]

notation = hs.lists(hs.sampled_from(WORDS), min_size=0, max_size=5).map(" ".join)
junk = hs.text(max_size=30)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=hs.sampled_from([3, 4]), seed=hs.integers(0, 10_000), data=hs.data())
def test_arbitrary_strings_apply_or_are_refused(players: int, seed: int, data) -> None:
    st = State.start(["Ann", "Bea", "Cy", "Dan"][:players], deal_towns(players, seed))
    for _ in range(60):
        if st.over:
            break
        source = data.draw(hs.sampled_from(["legal", "legal", "notation", "junk"]))
        if source == "legal":
            text = str(data.draw(hs.sampled_from(legal_steps(st))))
        elif source == "notation":
            text = data.draw(notation)
        else:
            text = data.draw(junk)
        before = st.to_dict()
        try:
            after = apply_text(st, text)
        except StepError as exc:  # the text is not a step, or the step is not legal
            assert exc.reason and isinstance(exc.reason, str)
            assert st.to_dict() == before
            continue
        assert st.to_dict() == before, "apply changed the state it was given"
        check_invariants(after)
        st = after


def test_every_listed_step_is_legal() -> None:
    st = State.start(["Ann", "Bea", "Cy", "Dan"], deal_towns(4, 3))
    import random

    from game.bench import careless_step

    rng = random.Random(3)
    while not st.over:
        for step in legal_steps(st):
            after = apply(st, step)  # raises if the listing offered an illegal step
            assert apply_text(st, str(step)) == after, step  # its text means the same step
        st = apply(st, careless_step(st, rng))
