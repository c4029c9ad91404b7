"""``python -m game choices``: a level's turns ranked among the medium planner's plans,
read from tournament records."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main
from game.ai.choices import choice_ranks, report
from game.ai.fit import read_games
from game.ai.tournament import play_game


def test_medium_plays_its_planners_first_plan_and_easy_does_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for game in range(3):
        text = play_game(["medium", "easy", "easy"], seed=3, game=game).record
        (tmp_path / f"game-{game:04d}.txt").write_text(text, "utf-8")
    medium = choice_ranks(read_games([tmp_path]), "medium")
    easy = choice_ranks(read_games([tmp_path]), "easy", plans=2)
    assert medium.games == easy.games == 3
    # medium is that planner (on its own view of the towns, hence not every turn)
    first = medium.total()
    assert first[0] >= 0.85 * sum(first)
    # easy plans with a cruder evaluation and often takes a lesser plan
    rough = easy.total()
    assert len(rough) == 3 and rough[0] < 0.7 * sum(rough)
    assert sum(rough) > sum(first)  # two easy seats to one medium
    assert main(["choices", str(tmp_path), "--seat", "medium"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == report(medium)
    assert out[0].startswith(f"medium: {sum(first)} turns in 3 games")
    assert out[-1].split()[:2] == ["all", str(sum(first))]


def test_no_turn_of_the_level_or_no_records_is_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = play_game(["easy", "easy", "easy"], seed=4, game=0).record
    (tmp_path / "game-0000.txt").write_text(text, "utf-8")
    for argv in ([str(tmp_path), "--seat", "hard"],
                 [str(tmp_path / "none"), "--seat", "easy"],
                 [str(tmp_path), "--seat", "easy", "--plans", "0"]):
        assert main(["choices", *argv]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
