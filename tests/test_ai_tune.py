"""The weights tuned by self-play (``game.ai.tune``) and the expert's switches for them:
the tuner is repeatable and fair to both sides, the kept weights are sane, and the
expert with its switches off plays exactly as expert-1."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from aihelp import midgame_states

from game.ai.evaluate import MEDIUM_WEIGHTS
from game.ai.expert1 import Expert1Player
from game.ai.players import ExpertPlayer, MediumPlayer, make_player
from game.ai.tune import (
    LIMIT,
    TUNED_FILE,
    TUNED_FILES,
    TUNED_PARAMETERS,
    WeightedPlayer,
    beyond_chance,
    build,
    load_tuned,
    match,
    tune,
)
from game.ai.value import TURNS_FILES
from game.rules import is_legal

SMALL = {"playouts": 4, "candidates": 3}


def test_no_step_leaves_the_hand_set_weights() -> None:
    assert build([0.0] * len(TUNED_PARAMETERS)) == MEDIUM_WEIGHTS


def test_a_step_multiplies_its_own_weight_only() -> None:
    k = TUNED_PARAMETERS.index(("sale_potential", 3))
    x = [0.0] * len(TUNED_PARAMETERS)
    x[k] = math.log(2.0)
    w = build(x)
    assert math.isclose(w.sale_potential[3], 2 * MEDIUM_WEIGHTS.sale_potential[3])
    assert w.sale_potential[:3] == MEDIUM_WEIGHTS.sale_potential[:3]
    assert w.wealth == MEDIUM_WEIGHTS.wealth


def test_equal_weights_come_out_even() -> None:
    x = [0.0] * len(TUNED_PARAMETERS)
    for players in (3, 4):
        assert abs(match((x, x, "even", players))) < 1e-12


def test_the_tuner_is_repeatable() -> None:
    first = tune(2, 2, seed=5)
    assert first["x"] == tune(2, 2, seed=5)["x"]
    assert len(first["x"]) == len(TUNED_PARAMETERS)
    assert any(v != 0.0 for v in first["x"])
    assert tune(2, 2, seed=5, jobs=2)["x"] == first["x"]  # games in parallel change nothing


def test_a_run_goes_on_from_where_another_ended() -> None:
    first = tune(2, 2, seed=5)
    assert tune(0, 2, seed=6, start=first["x"])["x"] == first["x"]
    assert tune(1, 2, seed=6, start=first["x"])["x"] != first["x"]
    with pytest.raises(ValueError, match="a start of 3 weights"):
        tune(1, 2, seed=6, start=[0.0, 0.0, 0.0])


def _first_weight_wins(pool: object, plus: list[float], minus: list[float], k: int) -> float:
    """An iteration's margin with no games: only the first weight counts, plus a
    wobble of the iteration's own, so every step differs."""
    return plus[0] - minus[0] + math.sin(k) / 10


def test_a_run_stopped_and_resumed_ends_as_one_run_does(tmp_path: Path) -> None:
    """A run longer than a sitting goes on from its checkpoint (the signs it had drawn,
    its weights, its trace, its walk by chance) and ends exactly where it would have."""
    whole = tune(8, 1, seed=3, measure=_first_weight_wins)
    kept = tmp_path / "run.partial.json"

    def stopped(pool: object, plus: list[float], minus: list[float], k: int) -> float:
        if k == 5:
            raise KeyboardInterrupt
        return _first_weight_wins(pool, plus, minus, k)

    with pytest.raises(KeyboardInterrupt):
        tune(8, 1, seed=3, measure=stopped, checkpoint=kept, run="the run")
    left = json.loads(kept.read_text("utf-8"))
    assert left["run"] == "the run" and left["iteration"] == 5
    resumed = tune(8, 1, seed=3, measure=_first_weight_wins, checkpoint=kept,
                   run="the run", resume=left)
    assert (resumed["x"], resumed["trace"], resumed["chance"]) == (
        whole["x"], whole["trace"], whole["chance"])
    assert json.loads(kept.read_text("utf-8"))["iteration"] == 8


def test_the_run_says_how_far_chance_alone_would_have_moved_a_weight() -> None:
    """Every weight takes each step with a random sign; one that the margin follows
    moves every time the same way and stands out of the walk by chance."""
    run = tune(40, 1, seed=3, measure=_first_weight_wins)
    chance = run["chance"]
    assert 0 < chance < abs(run["x"][0]) / 2
    assert beyond_chance(None, run["x"], chance) < 5   # the first weight and a few by luck
    assert beyond_chance(run["x"], run["x"], chance) == 0


def test_the_tuner_plays_the_table_sizes_asked() -> None:
    three = tune(1, 2, seed=5, players=(3,))
    assert three["x"] != tune(1, 2, seed=5)["x"]  # the second deal was a four-player one
    assert three["x"] != tune(1, 2, seed=5, players=(4,))["x"]


@pytest.mark.parametrize("path", [TUNED_FILE, *TUNED_FILES.values()])
def test_the_kept_weights_say_how_they_were_made(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    assert data["command"].startswith("python -m game tune")
    assert len(data["x"]) == len(TUNED_PARAMETERS)
    assert all(abs(v) <= LIMIT for v in data["x"])
    assert load_tuned(path) == build(data["x"])


def test_the_weighted_player_with_hand_weights_is_medium() -> None:
    for st in midgame_states(4, seed=13, every=5, count=3):
        assert WeightedPlayer(1).choose(st) == MediumPlayer(1).choose(st)


def test_the_expert_with_its_switches_off_plays_as_expert1() -> None:
    off = {"tuned_leaf": False, "tuned_plans": False}
    for st in midgame_states(3, seed=21, every=5, count=2):
        assert ExpertPlayer(2, **SMALL, **off).choose(st) == Expert1Player(2, **SMALL).choose(st)


def test_below_tuned_from_the_expert_plays_as_expert1() -> None:
    for st in midgame_states(3, seed=21, every=5, count=2):
        assert ExpertPlayer(2, tuned_from=4, **SMALL).choose(st) == Expert1Player(
            2, **SMALL).choose(st)
    player = ExpertPlayer(2, tuned_from=4, **SMALL)
    player.choose(midgame_states(3, seed=21, every=5, count=1)[0])
    assert player.planner.config.weights == MEDIUM_WEIGHTS
    assert player.leaf_weights == MEDIUM_WEIGHTS


def test_each_table_size_has_the_weights_tuned_in_the_experts_own_games() -> None:
    """Tuned at three against expert-1, at four against hard with the table of the
    turns left the expert reads there (docs/ai.md): each its own."""
    three, four = load_tuned(TUNED_FILES[3]), load_tuned(TUNED_FILES[4])
    assert len({three, four, load_tuned(), MEDIUM_WEIGHTS}) == 4
    made = {n: json.loads(TUNED_FILES[n].read_text("utf-8")) for n in (3, 4)}
    assert made[3]["against"] == "expert-1" and made[4]["against"] == "hard"
    for n in (3, 4):
        named = made[n].get("turns")
        assert (Path(named).name if named else None) == TURNS_FILES.get(n)
    player = ExpertPlayer(2, **SMALL)
    for st in midgame_states(3, seed=21, every=5, count=2):
        assert is_legal(st, player.choose(st))
        assert player.planner.config.weights == three and player.leaf_weights == three
        assert player.reply_policy.config.weights == MEDIUM_WEIGHTS
    player.choose(midgame_states(4, seed=13, every=6, count=1)[0])
    assert player.planner.config.weights == four and player.leaf_weights == four


def test_the_expert_plans_and_values_with_the_tuned_weights() -> None:
    player = ExpertPlayer(3, **SMALL)
    tuned = load_tuned(TUNED_FILES[4])
    assert tuned != MEDIUM_WEIGHTS
    assert player.planner.config.weights == tuned
    assert player.own_policy.config.weights == tuned
    assert player.reply_policy.config.weights == MEDIUM_WEIGHTS  # replies as modelled
    for st in midgame_states(4, seed=13, every=6, count=2):
        assert is_legal(st, player.choose(st))
        assert player.planner.config.weights == tuned and player.leaf_weights == tuned


def test_the_tuned_leafs_temperature_is_its_own_knob() -> None:
    """``tuned_temperature`` spreads the win chance of the tuned leaf only: a table
    below ``tuned_from`` keeps the hand-set leaf at the search's temperature."""
    player = ExpertPlayer(3, tuned_temperature=5.0, **SMALL)
    four = midgame_states(4, seed=13, every=6, count=1)[0]
    assert is_legal(four, player.choose(four))
    assert player.leaf_config.temperature == 5.0 and player.leaf_weights == load_tuned(
        TUNED_FILES[4])
    three = midgame_states(3, seed=21, every=5, count=1)[0]
    below = ExpertPlayer(3, tuned_temperature=5.0, tuned_from=4, **SMALL)
    assert is_legal(three, below.choose(three))
    assert below.leaf_config.temperature == below.config.temperature == 2.0
    assert below.leaf_weights == MEDIUM_WEIGHTS
    plain = ExpertPlayer(3, **SMALL)
    plain.choose(four)
    assert plain.leaf_config.temperature == 2.0


def test_tuned_medium_and_hard_are_experiments_that_play() -> None:
    st = midgame_states(4, seed=13, every=6, count=1)[0]
    assert is_legal(st, make_player("medium-tuned", 1).choose(st))
