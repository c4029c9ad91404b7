"""The tree search over whole turns (``expert-tree``, measured, not offered): legal
whole games on a small budget, the same steps for the same seed, its budget kept, the
tree's statistics, and the end of the game as scenarios (a player behind does not
discover India to end a game it loses; a player well ahead does). Its strength and
think times are measured by ``python -m game tournament`` (docs/ai.md), not asserted
here."""

from __future__ import annotations

import pytest
from aihelp import midgame_states
from test_ai_expert1 import BEA, ahead, discovers_india, india_position

from game.ai import (
    EXPERIMENTS,
    LEVELS,
    Expert1Player,
    ExpertPlayer,
    TreeExpertPlayer,
    make_player,
)
from game.ai.expert import ExpertConfig, Node
from game.ai.players import ExpertSearch
from game.ai.tournament import play_game
from game.rules import apply, is_legal
from game.state import State
from game.steps import Step

SMALL = {"iterations": 12, "root_plans": 4}  # a budget that keeps the tests quick


def small(seed: int | str) -> TreeExpertPlayer:
    return TreeExpertPlayer(seed, **SMALL)


@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_finishes_games_without_a_refusal(players: int) -> None:
    levels = ["expert-tree", "medium", "easy", "easy"][:players]
    made: list[TreeExpertPlayer] = []

    def make(level: str, seed: str) -> object:
        if level != "expert-tree":
            return make_player(level, seed)
        made.append(small(seed))
        return made[-1]

    result = play_game(levels, seed=5, game=players, make=make)
    assert result.finished and result.refusals == 0
    assert result.ended_by in ("india", "stock")
    assert made[0].iterations > 0 and made[0].capped_decisions == 0


def test_the_same_seed_gives_the_same_steps_and_iterations() -> None:
    st = midgame_states(4, seed=13, every=6, count=1)[0]
    assert st.revealed < st.size  # cards unseen: the deals matter
    runs = []
    for _ in range(2):
        player = small("same")
        s, steps = st, []
        while s.active == st.active and not s.over:
            step = player.choose(s)
            steps.append(step)
            s = apply(s, step)
        runs.append((steps, player.iterations))
    assert runs[0] == runs[1] and runs[0][1] > 0


def test_a_decision_spends_its_budget_and_the_root_counts_every_iteration() -> None:
    seen: list[Node] = []

    class Watched(TreeExpertPlayer):
        def search(self, st: State, view: State) -> Node:
            seen.append(super().search(st, view))
            return seen[-1]

    for st in midgame_states(3, seed=21, every=4, count=2):
        player = Watched(2, **SMALL)
        step = player.choose(st)
        assert is_legal(st, step)
        assert 0 < player.last_iterations <= SMALL["iterations"]
        assert player.capped_decisions == 0
        root = seen[-1]
        assert root.n == sum(root.visits) == player.last_iterations


def test_the_safety_cap_is_counted_when_hit() -> None:
    st = midgame_states(4, seed=13, every=6, count=1)[0]
    player = TreeExpertPlayer(4, max_seconds=0.0, **SMALL)  # cut short after one iteration
    assert is_legal(st, player.choose(st))
    assert player.iterations == 1 and player.capped_decisions == 1


def test_each_player_picks_by_its_own_chances_at_its_node() -> None:
    node = Node(seat=1)
    node.plans = [[Step("end")], [Step("employ"), Step("end")]]
    node.prior = [0.5, 0.5]
    node.visits = [10, 10]
    node.n = 20
    # the first plan is better for seat 0, the second for seat 1 (who moves here)
    node.totals = [[8.0, 1.0, 1.0], [1.0, 8.0, 1.0]]
    node.children = [None, None]
    assert node.select(0.0) == 1
    node.seat = 0
    assert node.select(0.0) == 0


def test_a_player_behind_does_not_end_the_game_by_discovering_india() -> None:
    st = india_position()
    step = small(3).choose(st)
    assert is_legal(st, step) and not discovers_india(st, step), step


def test_the_expert_well_ahead_races_to_india() -> None:
    st = ahead(india_position(), BEA, 10)  # 15 points to Cy's 11
    assert discovers_india(st, small(3).choose(st))


def test_the_tree_search_is_measured_not_offered() -> None:
    """The program's expert plays expert-1's search (it measured stronger against hard
    players) with the tuned weights; the tree search is a tournament seat of its own."""
    player = make_player("expert-tree", seed=1)
    assert type(player) is TreeExpertPlayer and player.level == "expert-tree"
    assert player.config == ExpertConfig()
    assert "expert-tree" in EXPERIMENTS and "expert-tree" not in LEVELS
    offered = make_player("expert", seed=1)
    assert type(offered) is ExpertPlayer and offered.level == "expert"
    assert isinstance(offered, Expert1Player) and offered.config == ExpertSearch()
    assert offered.config.tuned_leaf and offered.config.tuned_plans
