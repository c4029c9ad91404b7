"""The fitted evaluation (``game.ai.value``) and its fitting (``game.ai.fit``,
``game.ai.pairs``): the written-out prediction equals the plain sum, the turns left are
exact once the end is known, the chances are a distribution, and the fit runs from
records to a weights file that loads again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from aihelp import midgame_states

from game.ai.evaluate import info_of
from game.ai.fit import Row, bundle, fit_turns, gather, read_games
from game.ai.fit import fit as fit_model
from game.ai.fit import main as fit_main
from game.ai.pairs import fit_choices, play_choices, read_choices, write_choices
from game.ai.tournament import play_game
from game.ai.value import ValueModel, load_model, next_seat
from game.deal import deal_towns
from game.rules import apply_text
from game.state import State

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [3, 4])
def test_the_written_out_prediction_is_the_plain_sum(players: int) -> None:
    model = load_model()
    for st in midgame_states(players, seed=3, every=2, count=25):
        info = info_of(st)
        for seat in range(players):
            for to_move in (st.active, next_seat(st)):
                assert model.final_assets(st, seat, to_move, info) == pytest.approx(
                    model.final_reference(st, seat, to_move, info), abs=1e-9)


def test_turns_left_are_exact_in_the_final_round_and_the_chances_add_up() -> None:
    model = load_model()
    st = midgame_states(4, seed=8, every=4, count=1)[0].copy()
    st.last_seat = st.active  # the seat to move ends the game with its turn
    assert [model.turns_left(st, s, st.active) for s in range(4)] == [
        1.0 if s == st.active else 0.0 for s in range(4)]
    assert all(model.turns_left(st, s, next_seat(st)) == 0.0 for s in range(4))
    for st in midgame_states(3, seed=4, every=5, count=3):
        chances = model.chances(st, st.active)
        assert sum(chances) == pytest.approx(1.0) and all(0.0 < c < 1.0 for c in chances)
    over = midgame_states(4, seed=8, every=4, count=1)[0]
    over = over.copy()
    over.last_seat = (over.active - 1) % 4
    while not over.over:
        over = apply_text(over, "end")
    won = over.winners or []
    assert model.chances(over, 0) == [1.0 / len(won) if s in won else 0.0 for s in range(4)]


def test_the_fit_reads_records_and_writes_weights_that_load(tmp_path: Path) -> None:
    games = [play_game(["easy", "easy", "medium"][: 3], seed=9, game=g).record
             for g in range(6)]
    games += [play_game(["easy", "medium", "easy", "easy"], seed=9, game=g).record
              for g in range(6)]
    folder = tmp_path / "games"
    folder.mkdir()
    for i, text in enumerate(games):
        (folder / f"game-{i:04d}.txt").write_text(text, "utf-8")
    assert bundle([folder], tmp_path / "games.txt.gz") == 12
    assert list(read_games([tmp_path / "games.txt.gz"])) == [
        t if t.endswith("\n") else t + "\n" for t in games]
    out = tmp_path / "value.json"
    assert fit_main([str(tmp_path / "games.txt.gz"), "--out", str(out)]) == 0
    model = ValueModel.from_json(json.loads(out.read_text("utf-8")))
    assert set(model.weights) == {3, 4} and set(model.temperatures) == {3, 4}
    again = fit_model(gather([folder]))
    assert again.to_json() == model.to_json()


def test_a_stock_no_game_passed_through_does_not_lift_the_turns_after_it() -> None:
    # with one town face down: the end is near at a second stock of one (four turns
    # left), far at three (ten); no row has a stock of none or two
    def row(stock: int, turns: int) -> Row:
        return Row(0, 0, 0, (4, 1, stock, 0), False, -1.0, 0, [], 0, 0.0, turns, 0.0,
                   State.start(["A", "B", "C", "D"], deal_towns(4, 1)))

    table = fit_turns([row(1, 4)] * 40 + [row(3, 10)] * 40)
    assert (4, 1, 0, 0) not in table and (4, 1, 2, 0) not in table
    # each cell its own mean, drawn a little towards the mean of all (7)
    assert table[(4, 1, 1, 0)] == pytest.approx((4 * 40 + 20 * 7) / 60)
    assert table[(4, 1, 3, 0)] == pytest.approx((10 * 40 + 20 * 7) / 60)
    # a stock without rows reads its nearest neighbour's
    assert ValueModel(table, {}, {})._nearest((4, 1, 0, 0)) == table[(4, 1, 1, 0)]


def test_paired_playouts_are_written_read_and_fitted(tmp_path: Path) -> None:
    text = (GOLDEN / "four-computers.txt").read_text("utf-8")
    choices = play_choices([text], per_game=1, seed="test", plans=2)
    assert len(choices) == 2 and choices[0].position == choices[1].position
    write_choices(choices, tmp_path / "choices.gz")
    assert read_choices(tmp_path / "choices.gz") == choices
    weights = fit_choices(choices, load_model(), 4)
    assert len(weights) == len(choices[0].assets)
