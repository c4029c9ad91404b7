"""No computer player peeks (issue 33): every level's input is the seat's view, the
state the online server sends that seat, and a level's choice cannot depend on a
face-down town. Each test deals the face-down towns differently in the true state and
checks that every level, seeded alike, chooses the same steps."""

from __future__ import annotations

import random

import pytest
from aihelp import midgame_states, redealt

from game.ai import BASELINES, EXPERIMENTS, LEVELS, hint, make_player, seat_view
from game.ai.base import PlanningPlayer
from game.ai.view import unseen_cards
from game.cards import CARDS
from game.listing import legal_steps
from game.rules import apply
from game.state import State
from game.steps import Step
from online.view import seat_view as server_seat_view

ALL_LEVELS = [*LEVELS, *BASELINES, *EXPERIMENTS]


def hidden_positions(players: int, count: int) -> list[State]:
    """Mid-game positions with at least two unseen cards (so a re-deal differs)."""
    out = [st for st in midgame_states(players, seed=11 + players, every=3, count=3 * count)
           if len(unseen_cards(st)) >= 2 and st.revealed < st.size]
    return out[:count]


def discovers(st: State, step: object) -> bool:
    return getattr(step, "kind", "") == "move" and any(
        dst > st.revealed for _, _, dst in step.args)  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [3, 4])
def test_the_seat_view_is_what_the_server_sends_and_shows_no_face_down_town(
        players: int) -> None:
    rng = random.Random(players)
    for st in hidden_positions(players, 3):
        view = seat_view(st)
        other = redealt(st, rng)
        assert other.board.towns != st.board.towns
        assert seat_view(other).to_dict() == view.to_dict()
        assert view.board.towns[: st.revealed] == st.board.towns[: st.revealed]
        assert view.board.towns[st.revealed:] == tuple(
            unseen_cards(st)[: st.size - st.revealed])
        sent = server_seat_view(st, st.active, None, None, 0)["state"]
        mine = view.to_dict()
        assert {k: mine[k] for k in sent if k in mine} == {
            k: v for k, v in sent.items() if k in mine}
        assert sent["towns_face_up"] == list(view.board.towns[: st.revealed])
        assert st.to_dict() == st.copy().to_dict()  # the state given is untouched


@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.parametrize("players", [3, 4])
def test_no_level_sees_a_face_down_town(level: str, players: int) -> None:
    rng = random.Random(players * 7)
    checked = 0
    for st in hidden_positions(players, 2):
        other = redealt(st, rng)
        a, b = make_player(level, "blind"), make_player(level, "blind")
        # the whole turn, step by step, until a town is discovered (which shows a card)
        s, t = st, other
        while s.active == st.active and not s.over:
            step = a.choose(s)
            assert b.choose(t) == step, (level, st, step)
            if discovers(s, step):
                break
            s, t = apply(s, step), apply(t, step)
        checked += 1
    assert checked == 2


def test_the_hint_does_not_peek_either() -> None:
    st = hidden_positions(4, 1)[0]
    other = redealt(st, random.Random(5))
    assert hint(st) == hint(other)


class Peeker(PlanningPlayer):
    """A level that tries to cheat: its plan depends on the next face-down card."""

    level = "peeker"

    def make_plan(self, st: State, view: State) -> list[Step]:
        steps = legal_steps(st)
        card = st.board.towns[st.revealed]
        return [steps[sorted(CARDS.towns).index(card) % len(steps)]]


def test_a_level_that_tries_to_peek_sees_only_placeholders() -> None:
    rng = random.Random(3)
    differ = 0
    for st in hidden_positions(4, 2):
        other = redealt(st, rng)
        # handed the true states, its plans would differ ...
        differ += Peeker(1).make_plan(st, st) != Peeker(1).make_plan(other, other)
        # ... but every level is handed the seat's view, so its choices cannot
        assert Peeker(1).choose(st) == Peeker(1).choose(other)
    assert differ
