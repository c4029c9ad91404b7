"""The computer players: legal whole games, a reproducible thinking budget, blindness
to face-down towns. (Think times are measured by ``python -m game tournament``, not
asserted here.)"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from aihelp import midgame_states, redealt

from game.ai import ExpertPlayer, HardPlayer, MediumPlayer, determinize, hint, make_player
from game.ai.players import HINT_LEVEL, HINT_SEARCH
from game.ai.tournament import main as tournament_main
from game.ai.tournament import play_game
from game.ai.view import unseen_cards
from game.deal import deal_towns
from game.rules import apply, apply_text, is_legal
from game.state import ACTION_POINTS, ACTIONS, State


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("players", [3, 4])
def test_each_level_finishes_games_without_a_refusal(level: str, players: int) -> None:
    others = ["medium", "easy", "easy"] if level == "hard" else [level] * 3
    levels = [level, *others[: players - 1]]
    result = play_game(levels, seed=7, game=players)
    assert result.finished
    assert result.refusals == 0
    assert len(result.winners) >= 1




@pytest.mark.parametrize("players", [3, 4])
def test_hard_cannot_see_face_down_towns(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for st in midgame_states(players, seed=11, every=3, count=8):
        if len(unseen_cards(st)) < 2:
            continue
        other = redealt(st, rng)
        assert other.board.towns[st.revealed:] != st.board.towns[st.revealed:]
        a = HardPlayer(seed=123).choose(st)
        b = HardPlayer(seed=123).choose(other)
        assert a == b, (st, a, b)
        checked += 1
    assert checked >= 2


def test_determinize_depends_only_on_what_is_seen() -> None:
    st = midgame_states(4, seed=3, every=4, count=1)[0]
    other = redealt(st, random.Random(1))
    a = determinize(st, random.Random(9))
    b = determinize(other, random.Random(9))
    assert a.board.towns == b.board.towns
    assert a.board.towns[: st.revealed] == st.board.towns[: st.revealed]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_choosing_never_changes_the_state_and_is_legal(level: str) -> None:
    for st in midgame_states(4, seed=5, every=6, count=4):
        before = st.to_dict()
        player = make_player(level, seed=1)
        step = player.choose(st)
        assert st.to_dict() == before
        assert is_legal(st, step), step


def test_hint_is_the_short_expert_step_or_the_level_named() -> None:
    st = midgame_states(4, seed=8, every=5, count=1)[0]
    before = st.to_dict()
    step = hint(st)
    assert st.to_dict() == before
    assert is_legal(st, step)
    assert HINT_LEVEL == "expert"
    assert step == ExpertPlayer(0, HINT_SEARCH).choose(st)
    assert hint(st, level="medium") == MediumPlayer(0).choose(st)


def test_hard_decisions_stay_within_the_rollout_budget() -> None:
    for players in (3, 4):
        for st in midgame_states(players, seed=21, every=4, count=3):
            player = HardPlayer(seed=2)
            player.choose(st)
            assert 0 <= player.last_rollouts <= player.playouts
            assert player.rollouts == player.last_rollouts
            assert player.capped_decisions == 0


@pytest.mark.parametrize("players", [3, 4])
def test_hard_spends_exactly_its_budget_the_same_way_every_time(players: int) -> None:
    # Early on every plan meets face-down towns, so no plan is settled after the first
    # round and the whole budget is spent.
    st = midgame_states(players, seed=13, every=6, count=1)[0]
    assert st.revealed < st.size
    for playouts in (None, 7):
        kwargs = {} if playouts is None else {"playouts": playouts}
        a, b = HardPlayer(seed=4, **kwargs), HardPlayer(seed=4, **kwargs)
        assert a.choose(st) == b.choose(st)
        assert a.rollouts == b.rollouts == a.playouts
        assert a.capped_decisions == b.capped_decisions == 0


def test_a_settled_decision_stops_before_the_budget() -> None:
    # Late in this game no candidate plan's rollout meets a face-down town: one
    # rollout per candidate settles it, and the rest of the budget is not spent.
    st = midgame_states(4, seed=13, every=6, count=4)[3]
    a, b = HardPlayer(seed=4), HardPlayer(seed=4)
    assert a.choose(st) == b.choose(st)
    assert 0 < a.rollouts == b.rollouts <= a.candidates < a.playouts
    assert a.capped_decisions == 0


def test_the_safety_cap_is_counted_when_hit() -> None:
    st = midgame_states(4, seed=13, every=6, count=1)[0]
    player = HardPlayer(seed=4, max_seconds=0.0)  # cut short after the first rollout
    step = player.choose(st)
    assert is_legal(st, step)
    assert player.rollouts == 1
    assert player.capped_decisions == 1


def test_tournament_prints_the_hard_share_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament_main(["--games", "3", "--seats", "hard,medium,easy", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("hard vs field: ")
    assert lines[-1].endswith("%")
    assert "refused steps: 0" in lines
    assert "p95" in lines[1]
    capped = [line for line in lines if line.startswith("decisions cut short by the safety cap:")]
    assert len(capped) == 1 and capped[0].split(": ")[1].startswith("hard 0 of ")


def test_the_tournament_sets_each_level_against_each() -> None:
    """The head-to-head table: a seat ahead on points, or on a level score by the win,
    counts 1, level in every way a half; a level never meets itself."""
    from game.ai.tournament import GameResult, ahead, head_to_head

    games = [GameResult(["hard", "easy", "easy"], [9, 4, 9], [2]),
             GameResult(["easy", "hard", "easy"], [3, 7, 7], [1])]
    assert ahead(games[0], 0, 1) == 1.0 and ahead(games[0], 0, 2) == 0.0
    assert ahead(games[0], 2, 0) == 1.0 and ahead(games[1], 1, 2) == 1.0
    shared = GameResult(["hard", "easy", "easy"], [5, 5, 1], [0, 1])
    assert ahead(shared, 0, 1) == ahead(shared, 1, 0) == 0.5
    lines = head_to_head(["hard", "easy", "easy"], games)
    assert lines[1].split() == ["hard", "easy"]
    hard_row, easy_row = lines[2].split(), lines[3].split()
    assert hard_row[:3] == ["hard", "-", "75.0"]  # (1 + 0 + 1 + 1) / 4
    assert easy_row[1] == "25.0" and easy_row[-1] == "-"
    assert head_to_head(["easy", "easy", "easy"], games) == []
    # a seat's label too long for a column: the columns are numbered, the rows named
    long = "hard:playouts=36:candidates=8"
    relabelled = [GameResult([long if x == "hard" else x for x in g.levels], g.scores,
                             g.winners) for g in games]
    lines = head_to_head([long, "easy", "easy"], relabelled)
    assert lines[1].split() == ["1", "2"]
    assert lines[2].split()[:4] == ["1", long, "-", "75.0"]
    assert lines[3].split()[:3] == ["2", "easy", "25.0"]


def test_the_tournament_counts_a_deal_once_in_its_intervals() -> None:
    """The seats of one game, or one deal played from every seat, share its luck: the
    interval groups them (with one value a deal it is the usual one)."""
    import statistics

    from game.ai.tournament import _interval

    values = [1.0, 0.0, 1.0, 1.0, 0.0, 0.0]
    mean, half = _interval(values)
    assert mean == pytest.approx(0.5)
    assert half == pytest.approx(1.96 * statistics.stdev(values) / len(values) ** 0.5)
    # two deals, each won three times or never: two samples, not six
    _, grouped = _interval([1.0, 1.0, 1.0, 0.0, 0.0, 0.0], ["a", "a", "a", "b", "b", "b"])
    assert grouped == pytest.approx(0.98) and grouped > half
    # a deal whose seats part its luck between them gives a narrower interval
    _, shared = _interval([1.0, 0.0, 0.0, 1.0], ["a", "a", "b", "b"])
    assert shared == 0.0
    assert math.isnan(_interval([1.0, 0.0], ["a", "a"])[1])


def test_tournament_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament_main(["--games", "1", "--seats", "hard,wizard,easy"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert tournament_main(["--games", "1", "--seats", "hard,easy"]) == 1


def test_a_seat_can_play_weights_from_a_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from game.ai.tournament import make_seat
    from game.ai.tune import TUNED_FILES, load_tuned

    # the path keeps its case while the level's name does not matter
    kept = tmp_path / "Field.json"
    kept.write_text(TUNED_FILES[3].read_text("utf-8"), "utf-8")
    player = make_seat(f"expert:weights={kept}", "1")
    assert isinstance(player, ExpertPlayer)
    assert player.weights == load_tuned(TUNED_FILES[3])
    assert player.level == f"expert:weights={kept}"
    # the candidate docs/ai.md measures: tuned against a field, not the expert's own
    field = TUNED_FILES[4].parent / "candidates" / "tuned-weights-4-field.json"
    assert json.loads(field.read_text("utf-8"))["against"] == "expert-1,hard"
    candidate = make_seat(f"expert:weights={field}", "1")
    assert isinstance(candidate, ExpertPlayer)
    assert candidate.weights not in (None, load_tuned(TUNED_FILES[4]))
    # a file missing or not the tuner's, or a level without weights: one sentence each
    (tmp_path / "bad.json").write_text('{"x": [1, 2]}', "utf-8")
    for seats in (f"Expert:weights={tmp_path / 'none.json'},hard,hard",
                  f"expert:weights={tmp_path / 'bad.json'},hard,hard",
                  f"hard:weights={kept},hard,hard"):
        assert tournament_main(["--games", "1", "--seats", seats]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("--seats: "), err


def test_a_seat_can_read_the_turns_left_from_a_fitted_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.ai.evaluate import remaining_turns
    from game.ai.expert import HorizonPlanner
    from game.ai.expert1 import win_value
    from game.ai.tournament import make_seat
    from game.ai.value import load_model, load_turns, next_seat

    model = load_model()
    kept = tmp_path / "turns.json"
    kept.write_text(json.dumps(model.to_json()), "utf-8")
    player = make_seat(f"expert:turns={kept}:playouts=4:candidates=3", "1")
    plain = make_seat("expert:playouts=4:candidates=3", "1")
    assert isinstance(player, ExpertPlayer) and isinstance(plain, ExpertPlayer)
    assert player.turns == model and plain.turns is None
    st = midgame_states(4, 3, 4, 1)[0]
    step = player.choose(st)
    assert is_legal(st, step)
    # its own plans and the positions it reaches read the table; the others' turns
    # are still modelled as they are played, with the weights' own estimate
    # (the table given, in place of the one the expert reads at four: tested below)
    assert all(isinstance(p, HorizonPlanner) and p.model == model for p in (
        player.planner, player.calm, player.own_policy))
    assert load_turns(4) != model
    assert not isinstance(player.reply_policy, HorizonPlanner)
    w = player.leaf_weights
    seat = st.active
    table = [model.turns_left(st, s, next_seat(st)) for s in range(4)]
    assert table != [remaining_turns(st, s, w) for s in range(4)]
    assert player.leaf_value(st, seat) == win_value(
        st, seat, player.leaf_config, w, lambda s, p: model.turns_left(s, p, next_seat(s)))
    assert player.leaf_value(st, seat) != win_value(st, seat, player.leaf_config, w)
    # a file missing or not a fitted evaluation: one sentence each
    (tmp_path / "bad.json").write_text('{"x": [1, 2]}', "utf-8")
    for seats in (f"expert:turns={tmp_path / 'none.json'},hard,hard",
                  f"expert:turns={tmp_path / 'bad.json'},hard,hard"):
        assert tournament_main(["--games", "1", "--seats", seats]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("--seats: "), err


def test_the_expert_at_four_reads_the_table_its_weights_were_tuned_with() -> None:
    """At four the expert's weights were tuned with a fitted table of the turns left
    (docs/ai.md), kept with the records it was fitted from; the expert
    reads it there and nowhere else, and weights given to a seat go with the table
    given, so the weights it played before are still a seat."""
    from game.ai.expert import HorizonPlanner
    from game.ai.fit import read_games
    from game.ai.tournament import make_seat
    from game.ai.tune import TUNED_FILES, load_tuned
    from game.ai.value import TURNS_FILES, load_turns

    root = TUNED_FILES[4].parents[2]
    data = json.loads(TUNED_FILES[4].read_text("utf-8"))
    assert data["against"] == "hard"
    assert root / data["turns"] == TUNED_FILES[4].with_name(TURNS_FILES[4])
    assert data["command"].endswith(f"--turns {data['turns']}")
    kept = root / "game" / "data" / "candidates"
    before = kept / "tuned-weights-4-against-expert-1.json"
    assert f"--start {before.relative_to(root)}" in data["command"]
    games = list(read_games([kept / "records-4-hard.gz"]))
    seats = [re.search(r'\[Seats "([^"]*)"\]', g) for g in games]
    assert len(games) == 600
    assert all(m and m.group(1).split(", ").count("hard") == 3 for m in seats)

    table = load_turns(4)
    assert table is not None and load_turns(3) is None
    player = ExpertPlayer(1, playouts=4, candidates=3)
    four = midgame_states(4, 3, 4, 1)[0]
    assert is_legal(four, player.choose(four))
    assert all(isinstance(p, HorizonPlanner) and p.model == table
               for p in (player.planner, player.calm, player.own_policy))
    assert not isinstance(player.reply_policy, HorizonPlanner)
    assert player.leaf_turns is not None
    three = midgame_states(3, seed=21, every=5, count=1)[0]
    assert is_legal(three, player.choose(three))
    assert not isinstance(player.planner, HorizonPlanner) and player.leaf_turns is None
    # the weights it played before, given to a seat, play without a table as they did
    seat = make_seat(f"expert:weights={before}:playouts=4:candidates=3", "1")
    assert isinstance(seat, ExpertPlayer) and seat.weights == load_tuned(before)
    assert is_legal(four, seat.choose(four))
    assert not isinstance(seat.planner, HorizonPlanner) and seat.leaf_turns is None
    assert seat.weights != load_tuned(TUNED_FILES[4])


def test_a_tournament_out_of_time_reports_the_games_it_finished(
        capsys: pytest.CaptureFixture[str]) -> None:
    # a bound already passed after the first game: that game alone is reported
    assert tournament_main(["--games", "6", "--seats", "medium,easy,easy", "--seed", "2",
                            "--minutes", "0.00001"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1] == "stopped after 1e-05 minutes: 1 of 6 games reported"
    assert lines[0].startswith("tournament: 1 games, 3 players")
    assert lines[-1] == "hard vs field: n/a"
    # with --rotate-deals only whole deals count (played from every seat)
    assert tournament_main(["--games", "6", "--seats", "easy,easy,easy", "--seed", "2",
                            "--rotate-deals", "--minutes", "0.00001"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1] == "stopped after 1e-05 minutes: 0 of 6 games reported (whole deals)"
    assert tournament_main(["--games", "1", "--seats", "easy,easy,easy", "--minutes", "0"]) == 1


# A game between an expert and three hard players, dealt as DEADLOCK_TOWNS, to turn
# 81: nobody has any money, no ship is at sea, two towns are still face down,
# and the four players (hard ones) would pass forever, each afraid of a sale that
# brings the end nearer. Players who have passed twice in a row make progress:
# employ, else discover, else sell, else sail further out.
DEADLOCK_TOWNS = ("T11", "T10", "T07", "T08", "T12", "T09", "T04", "T06", "T03", "T02", "T05",
                  "T01")
DEADLOCK_STEPS = """
speed ; tech metallurgy ; end ; tech printing-press ; end ; tech factory ; move L-1 ;
cargo 1g1 ; done ; end ; tech renaissance ; move L-1 ; cargo 1g2 ; done ; end ; move L-2
; done ; move 2-4 ; done ; end ; employ ; end ; sell 1g1 ; tech architecture ; end ;
move L-1 ; cargo 1g1 ; done ; sell 1g1 1g2 ; end ; move 4-5 ; done ; end ; move L-1 L-1
; cargo 1g1 ; cargo 1g2 ; done ; sell 1g1 1g2 ; end ; move L-1 L-1 ; cargo 1g1 ; cargo
1g2 ; done ; sell 1g1 1g2 ; end ; speed ; move L-1 ; cargo 1g1 ; done ; end ; move 5-6 ;
done ; end ; speed ; move L-1 L-2 ; cargo 1g2 ; cargo 2g1 ; done ; end ; speed ; employ
; end ; sell 1g1 ; employ ; end ; move 6-7 ; done ; end ; end ; move L-1 L-2 ; cargo 1g1
; cargo 2g2 ; done ; sell 1g1 2g2 ; end ; move L-1 L-2 ; cargo 1g1 ; cargo 2g2 ; done ;
sell 1g1 2g2 ; end ; move 7-8 ; done ; end ; sell 1g2 2g1 ; move L-2 ; cargo 2g1 ; done
; end ; move L-2 L-2 ; build 2b1 ; cargo 2g2 ; done ; employ ; end ; move L-1 L-1 ;
cargo 1g1 ; cargo 1g2 ; done ; build 1b2 from 1g1 ; end ; end ; employ ; sell 2g1 ; end
; move L-1 ; cargo 1g1 ; done ; move L-2 ; cargo 2g1 ; done ; end ; sell 1g2 ; employ ;
end ; move 8-9 ; done ; end ; tech harbor-maintenance ; move L-1 L-1 L-1 ; cargo 1g2 ;
done ; return 1 ; end ; end ; move L-1 L-1 ; done ; move 1-3 1-3 ; cargo 3g1 ; cargo 3g2
; done ; end ; move 9-10 ; done ; end ; sell 1g2 ; employ ; end ; end ; move L-1 ; cargo
1g2 ; done ; sell 1g2 3g1 ; end ; move 10-8 ; cargo 8g1 ; done ; end ; move L-1 1-3 ;
cargo 1g2 ; cargo 3g1 ; done ; sell 1g2 3g1 ; end ; end ; employ ; employ ; end ; sell
8g1 ; employ ; end ; tech geography ; employ ; end ; end ; move L-2 ; done ; move 2-3 ;
cargo 3g1 ; done ; end ; move L-1 ; cargo 1g2 ; done ; end ; move L-2 ; done ; move 2-4
; cargo 4g1 ; done ; end ; end ; move L-2 ; done ; move 2-4 ; cargo 4g2 ; done ; end ;
sell 1g2 ; employ ; end ; end ; end ; end ; move L-1 ; cargo 1g2 ; done ; end ; move L-1
L-1 L-1 L-1 ; done ; return 1 ; end ; end ; end ; sell 1g2 ; employ ; end ; move 1-3 ;
cargo 1g2 ; done ; move 3-5 ; cargo 5g1 ; done ; end ; end ; end ; end ; sell 1g2 4g1
5g1 ; build 1b1 ; end ; end ; end ; move L-1 L-2 ; cargo 1g2 ; done ; move 2-4 ; cargo
4g1 ; done ; end ; end ; end ; end ; sell 1g2 4g1 ; move L-1 ; cargo 1g2 ; done ; end ;
end ; end ; end ; employ ; employ ; end ; employ ; end ; end ; end ; move L-2 ; done ;
move 2-4 ; cargo 4g1 ; done ; end ; end ; end ; end
"""


def test_a_table_of_broke_hard_players_still_ends_the_game() -> None:
    st = State.start(("Red", "Blue", "Green", "Yellow"), DEADLOCK_TOWNS)
    for step in DEADLOCK_STEPS.split(";"):
        st = apply_text(st, " ".join(step.split()))
    assert st.wealth == [0, 0, 0, 0] and not any(st.ships) and st.revealed == st.size - 2
    players = [HardPlayer(seat) for seat in range(4)]
    for _ in range(600):
        if st.over:
            break
        st = apply(st, players[st.active].choose(st))
    assert st.over


@pytest.mark.parametrize(("knobs", "rank"), [({"deviate": 0.0, "deviate_third": 1.0}, 2),
                                             ({"deviate": 0.0, "deviate_fourth": 1.0}, 3),
                                             ({"deviate": 1.0, "deviate_third": 0.5}, 1)])
def test_the_expert_models_an_opponent_taking_a_lower_plan(knobs: dict[str, float],
                                                           rank: int) -> None:
    st = midgame_states(4, 5, 6, 1)[0]
    expert = ExpertPlayer(1, **knobs)
    me = (st.active + 1) % st.n  # the expert models the player to move, not itself
    plans = expert.reply_policy.ranked_plans(st, rank + 1)
    assert len(plans) == rank + 1
    expected = st
    for step in plans[rank][1]:
        expected = apply(expected, step)
    played = expert._turn(st, me, random.Random(0))
    assert played.to_dict() == expected.to_dict()
    # its own turns, and the first world's replies, are the planner's first plan
    first = st
    for step in expert.reply_policy.plan(st):
        first = apply(first, step)
    assert expert._turn(st, me, None).to_dict() == first.to_dict()
    assert played.to_dict() != first.to_dict()


def test_in_the_final_round_the_expert_models_every_opponent_by_its_first_plan() -> None:
    # a medium game to the start of a turn in its final round, with a turn still to come
    st = State.start(["A", "B", "C", "D"], deal_towns(4, 3))
    bots = [MediumPlayer(seat) for seat in range(4)]
    while not (st.last_seat >= 0 and st.active != st.last_seat and st.ap == ACTION_POINTS
               and st.phase == ACTIONS):
        assert not st.over
        st = apply(st, bots[st.active].choose(st))
    me = (st.active + 1) % st.n
    sure, plain = ExpertPlayer(1, deviate=1.0, final_first=True), ExpertPlayer(1, deviate=1.0)
    plans = plain.reply_policy.ranked_plans(st, 2)
    first, second = st, st
    for step in plans[0][1]:
        first = apply(first, step)
    for step in plans[1][1]:
        second = apply(second, step)
    assert first.to_dict() != second.to_dict()
    # a last turn is played for points: the first plan, whatever the luck
    assert sure._turn(st, me, random.Random(0)).to_dict() == first.to_dict()
    assert plain._turn(st, me, random.Random(0)).to_dict() == second.to_dict()
