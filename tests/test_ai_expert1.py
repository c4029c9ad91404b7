"""expert-1, the frozen first expert (and the hard player's sense of the end): legal whole games on
a small budget, the same steps for the same seed, blindness to face-down towns, and
the end of the game as scenarios: a player behind does not discover India to end a
game it loses, a player well ahead does. (Strength and think times are measured by
``python -m game tournament``, not asserted here.)"""

from __future__ import annotations

import random

import pytest
from aihelp import NAMES, midgame_states, redealt
from invariants import check_invariants

from game.ai import BASELINES, LEVELS, Expert1Player, ExpertPlayer, make_player, tune_expert
from game.ai.base import Player
from game.ai.evaluate import score_now
from game.ai.expert1 import (
    EXPERT_PLAYOUTS,
    SearchConfig,
    end_near,
    play_plan,
    starts_end,
    win_value,
)
from game.ai.players import HINT_SEARCH
from game.ai.tournament import main as tournament_main
from game.ai.tournament import play_game
from game.ai.tune import TUNED_PARAMETERS
from game.ai.view import unseen_cards
from game.listing import ship_moves
from game.rules import apply, apply_text, is_legal
from game.state import State, markers_for
from game.steps import Step

SMALL = {"playouts": 6, "candidates": 4}  # a budget that keeps the tests quick

# A four-player game between medium players, dealt T02 T10 T09 T06 T11 T03 T04 T08
# T05 T01 T12 T07, to the start of Bea's turn 55: eleven towns are face up and her
# ship in sea 11 can discover India (+2 VP, and the game ends after this round).
# She has 5 points, Ann 6, Cy 11, Dan 7: ending the game now loses it, while her
# ship can still sail back to the goods of towns 9 and 10.
INDIA_TOWNS = ("T02", "T10", "T09", "T06", "T11", "T03", "T04", "T08", "T05", "T01", "T12",
               "T07")
INDIA_STEPS = """
tech printing-press ; employ ; end ; speed ; tech metallurgy ; end ; tech architecture ;
employ ; end ; tech renaissance ; move L-1 ; cargo 1g1 ; done ; end ; move L-1 L-1 ;
cargo 1g2 ; done ; move 1-2 ; cargo 2g1 ; done ; end ; move L-2 ; done ; move 2-4 ; done ;
end ; move L-1 ; done ; move 1-2 ; cargo 2g2 ; done ; end ; sell 1g1 ; employ ; end ;
sell 1g2 2g1 ; tech map ; end ; move 4-5 ; done ; end ; move L-1 L-1 ; cargo 1g1 ;
cargo 1g2 ; done ; sell 1g1 1g2 2g2 ; end ; move L-1 L-1 L-1 ; cargo 1g1 ; cargo 1g2 ;
done ; move 1-2 ; cargo 2g1 ; done ; end ; move L-1 ; done ; move 1-2 ; cargo 2g2 ; done ;
end ; move 5-6 ; done ; end ; speed ; employ ; end ; sell 1g1 1g2 2g1 ; tech bank-system ;
end ; sell 2g2 ; tech geography ; end ; move 6-7 ; done ; end ; move L-1 L-1 L-2 ;
cargo 1g1 ; cargo 1g2 ; cargo 2g1 ; done ; sell 1g1 1g2 2g1 ; end ; move L-1 L-1 ;
cargo 1g1 ; cargo 1g2 ; done ; sell 1g1 1g2 ; bank ; end ; move L-1 L-1 ; cargo 1g1 ;
cargo 1g2 ; done ; sell 1g1 1g2 ; end ; move 7-8 ; done ; end ; move L-2 L-2 ; build 2b1 ;
cargo 2g1 ; done ; employ ; end ; move L-1 L-1 ; cargo 1g1 ; cargo 1g2 ; done ;
sell 1g1 1g2 ; bank ; end ; speed ; move L-1 L-1 ; cargo 1g1 ; cargo 1g2 ; done ; end ;
end ; move L-2 L-2 ; cargo 2g2 ; done ; move 2-3 ; cargo 3g2 ; done ; end ; end ;
sell 1g1 1g2 ; employ ; end ; move 8-9 ; done ; end ; sell 2g1 2g2 3g2 ; move L-1 L-1 ;
cargo 1g1 ; build 1b2 ; done ; end ; move L-1 L-1 ; cargo 1g2 ; done ; move 1-2 ;
cargo 2g1 ; done ; end ; employ ; move L-2 ; cargo 2g2 ; done ; end ; end ; sell 1g1 ;
move L-1 ; cargo 1g1 ; done ; end ; sell 1g2 2g1 ; speed ; end ; move L-1 L-2 ;
cargo 1g2 ; cargo 2g1 ; done ; sell 1g2 2g1 2g2 ; end ; end ; sell 1g1 ;
tech mission-church ; end ; move L-1 L-1 ; cargo 1g1 ; cargo 1g2 ; done ; sell 1g1 1g2 ;
bank ; end ; move L-1 L-1 L-2 ; cargo 1g1 ; cargo 1g2 ; cargo 2g1 ; done ;
sell 1g1 1g2 2g1 ; end ; move 9-10 ; done ; end ; employ ; move L-1 L-1 L-2 ; cargo 1g1 ;
cargo 1g2 ; cargo 2g1 ; done ; end ; move L-2 L-2 ; cargo 2g2 ; done ; move 2-3 ;
cargo 3g1 ; done ; end ; employ ; end ; move 10-11 ; done ; end ; sell 1g1 1g2 2g1 ;
tech guild ; end ; sell 2g2 3g1 ; employ ; end ; move L-1 ; done ; build 1b1 ; end
"""
BEA = 1


def india_position() -> State:
    st = State.start(NAMES, INDIA_TOWNS)
    for step in INDIA_STEPS.split(";"):
        st = apply_text(st, step)
    return st


def ahead(st: State, seat: int, vp: int) -> State:
    """The same position with ``vp`` more historian VP for ``seat`` (the historians
    taken from its stock, so every marker is still somewhere)."""
    out = st.copy()
    out.stock[seat] -= markers_for(out.vp[seat] + vp) - markers_for(out.vp[seat])
    out.vp[seat] += vp
    check_invariants(out)
    return out


def discovers_india(st: State, step: Step) -> bool:
    return step.kind == "move" and any(dst == st.size for _, _, dst in step.args)


def small_expert(seed: int | str) -> Expert1Player:
    return Expert1Player(seed, **SMALL)


def test_the_india_scenario_is_what_it_says() -> None:
    st = india_position()
    check_invariants(st)
    assert st.active == BEA and st.ap == 2 and st.last_seat < 0
    assert st.revealed == st.size - 1
    assert any(dst == st.size for _, _, dst in ship_moves(st))
    assert starts_end(st, apply_text(st, "move 11-12")), "discovering India starts the end"
    assert [score_now(st, seat) for seat in range(4)] == [6, 5, 11, 7]
    assert end_near(st)


@pytest.mark.parametrize("level", ["hard", "expert-1"])
def test_a_player_behind_does_not_end_the_game_by_discovering_india(level: str) -> None:
    st = india_position()
    player = make_player(level, seed=3) if level == "hard" else small_expert(3)
    step = player.choose(st)
    assert is_legal(st, step)
    assert not discovers_india(st, step), step


def test_the_expert_well_ahead_races_to_india() -> None:
    st = ahead(india_position(), BEA, 10)  # 15 points to Cy's 11
    step = small_expert(3).choose(st)
    assert discovers_india(st, step), step


def test_the_expert_well_ahead_ends_the_game_by_the_stock() -> None:
    # Ann's stock is empty; Bea employs her last stock marker and the game ends.
    st = ahead(india_position(), BEA, 10).copy()
    for seat, keep in ((0, 0), (BEA, 1)):
        moved = st.stock[seat] - keep
        st.stock[seat] -= moved
        st.lisboa[seat] += moved
    st.wealth[BEA] = 1  # employ costs 1 (from the banker Bea lacked: one Lisboa marker)
    st.lisboa[BEA] -= 1
    check_invariants(st)
    assert starts_end(st, apply_text(st, "employ"))
    step = small_expert(3).choose(st)
    assert step == Step("employ") or discovers_india(st, step), step


def test_a_lost_end_is_worth_less_than_any_game_going_on() -> None:
    st = india_position()
    lost = play_plan(st, [Step("move", ((11, 0, 12),)), Step("done"), Step("end")])
    while not lost.over:
        lost = apply_text(lost, "end")
    assert BEA not in (lost.winners or [])
    assert win_value(lost, BEA) < 0 < win_value(st, BEA)
    won = ahead(india_position(), BEA, 10)
    won = play_plan(won, [Step("move", ((11, 0, 12),)), Step("done"), Step("end")])
    while not won.over:
        won = apply_text(won, "end")
    assert won.winners == [BEA]
    assert win_value(won, BEA) > 1 > win_value(st, BEA)


@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_finishes_games_without_a_refusal(players: int) -> None:
    levels = ["expert-1", "medium", "easy", "easy"][:players]
    made: list[Expert1Player] = []

    def make(level: str, seed: str) -> object:
        if level != "expert-1":
            return make_player(level, seed)
        made.append(small_expert(seed))
        return made[-1]

    result = play_game(levels, seed=5, game=players, make=make)
    assert result.finished
    assert result.refusals == 0
    assert len(result.winners) >= 1
    assert result.ended_by in ("india", "stock")
    assert made and made[0].rollouts > 0
    assert made[0].capped_decisions == 0



def test_the_same_seed_gives_the_same_steps_and_playouts() -> None:
    st = midgame_states(4, seed=13, every=6, count=1)[0]
    assert st.revealed < st.size  # cards unseen: the determinizations matter
    runs = []
    for _ in range(2):
        player = small_expert("same")
        s, steps = st, []
        while s.active == st.active and not s.over:
            step = player.choose(s)
            steps.append(step)
            s = apply(s, step)
        runs.append((steps, player.rollouts))
    assert runs[0] == runs[1]
    assert runs[0][1] > 0


def test_a_decision_stays_within_its_budget() -> None:
    for st in midgame_states(3, seed=21, every=4, count=2):
        player = small_expert(2)
        player.choose(st)
        assert 0 < player.last_rollouts <= SMALL["playouts"]
        assert player.capped_decisions == 0


def test_the_safety_cap_is_counted_when_hit() -> None:
    st = midgame_states(4, seed=13, every=6, count=1)[0]
    player = Expert1Player(4, max_seconds=0.0, **SMALL)  # cut short after one playout
    step = player.choose(st)
    assert is_legal(st, step)
    assert player.rollouts == 1
    assert player.capped_decisions == 1



@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_cannot_see_face_down_towns(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for st in midgame_states(players, seed=11, every=3, count=4):
        if len(unseen_cards(st)) < 2:
            continue
        other = redealt(st, rng)
        assert other.board.towns[st.revealed:] != st.board.towns[st.revealed:]
        a, b = small_expert(123), small_expert(123)
        assert a.choose(st) == b.choose(other)
        assert a.rollouts == b.rollouts
        checked += 1
    assert checked >= 2


def test_choosing_never_changes_the_state_and_is_legal() -> None:
    for st in midgame_states(4, seed=5, every=6, count=2):
        before = st.to_dict()
        step = small_expert(1).choose(st)
        assert st.to_dict() == before
        assert is_legal(st, step), step


def test_expert1_is_a_baseline_not_a_level() -> None:
    player = make_player("expert-1", seed=1)
    assert type(player) is Expert1Player
    assert player.level == "expert-1"
    assert player.config == SearchConfig()
    assert "expert-1" in BASELINES and "expert-1" not in LEVELS
    with pytest.raises(ValueError, match="expert"):
        make_player("wizard")


def test_the_tournament_reports_how_games_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament_main(["--games", "2", "--seats", "medium,easy,easy", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert any(line.startswith("rounds per game: ") for line in lines)
    assert any(line.startswith("winner's mean score: ") for line in lines)
    ended = [line for line in lines if line.startswith("ended by India: ")]
    assert len(ended) == 1 and ended[0].endswith("%") and ", by stock: " in ended[0]


def test_the_expert_thinks_longer_over_a_choice_that_may_end_the_game() -> None:
    # discovering India would start the end: the larger budget is spent
    st = india_position()
    player = ExpertPlayer(3, end_playouts=10, **SMALL)
    assert is_legal(st, player.choose(st))
    assert player.last_rollouts == 10
    # nothing at the table's start can end the game: the ordinary budget
    start = State.start(NAMES, INDIA_TOWNS)
    quiet = ExpertPlayer(3, end_playouts=10, **SMALL)
    assert is_legal(start, quiet.choose(start))
    assert 0 < quiet.last_rollouts <= SMALL["playouts"]
    # without the knob, a choice that may end the game gets the ordinary budget
    plain = ExpertPlayer(3, **SMALL)
    plain.choose(st)
    assert plain.last_rollouts == SMALL["playouts"]


def test_the_program_s_expert_spends_three_times_expert_1s_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    three = midgame_states(3, seed=13, every=6, count=1)[0]
    four = midgame_states(4, seed=13, every=6, count=1)[0]
    program, frozen = ExpertPlayer(1), Expert1Player(1)
    for st in (three, four):
        assert program.budget(st, []) == 3 * EXPERT_PLAYOUTS
        assert frozen.budget(st, []) == EXPERT_PLAYOUTS
    # a budget asked for holds at every size: a seat's knob, the Hint's search
    for asked in (ExpertPlayer(1, playouts=7), ExpertPlayer(1, HINT_SEARCH)):
        assert asked.budget(three, []) == asked.budget(four, []) == asked.config.playouts
    # the tuner's games keep the budget the shipped weights were tuned at
    seen: list[int] = []

    def record(deal: str, players: list[Player], sides: list[int],
               lead: bool = False) -> tuple[float, float]:
        seen.extend(p.budget(three, []) for p in players if isinstance(p, ExpertPlayer))
        return 0.0, 0.0

    monkeypatch.setattr(tune_expert, "play_game", record)
    tune_expert.expert_game(([0.0] * len(TUNED_PARAMETERS), 0, "d", 3, "expert-1", {},
                             None, False))
    assert seen == [EXPERT_PLAYOUTS]
