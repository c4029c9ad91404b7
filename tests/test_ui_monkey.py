"""Nothing a player does at the table crashes the game (issue 10, "Nothing crashes").

First the crash that started it: a three-player game drawn on the four-player table
(as the lesson is) died with IndexError when a goods space of an absent town was
clicked, and a right click met the same kind of error. Then the seeded UI monkey
(``scenes.selftest.monkey``) throws random clicks, drags, keys, menu picks and resizes
at 3- and 4-player tables, with and without a computer seat, mixed with legal steps
made through the gesture robot; after every event nothing has raised and every player
still has 13 markers, and each game's record replays to its state. The runs here are
short; ``python -m scenes.devtools --monkey 20000 --seed 7`` is the long one.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from tablehelp import table_at

from game.bench import careless_step
from game.deal import deal_towns
from game.state import MARKERS_PER_PLAYER
from game.steps import parse_step
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.layout import table_layout
from scenes.core.saves import new_game_file
from scenes.core.session import Session
from scenes.main import make_app
from scenes.selftest.gestures import Hand
from scenes.selftest.monkey import SMALL_SIZES, Monkey, MonkeyCrash
from scenes.table.input import TableInput
from scenes.table.scene import TableScene
from scenes.table.targets import in_play
from scenes.text.catalog import t
from scenes.ui.overlays import ContextMenu

ROOT = Path(__file__).resolve().parent.parent

# Ann holds Geography and a ship in sea 1 with a good of town 1, so clicks can choose
# markers for it; the deal is the first game's (seed 1), as the lesson's.
GEOGRAPHY = ["tech geography", "move L-1", "cargo 1g1", "done", "end", "end", "end"]


def _absent(session: Session) -> list[str]:
    """The 4-player table's zones of towns past a 3-player line, or of the fourth seat."""
    st = session.state
    out = []
    for name in table_layout(4).names():
        z = Z.parse(name)
        if (z.town is not None and z.town > st.size) or (z.seat is not None and z.seat >= st.n):
            out.append(name)
    return out


def test_zones_past_the_line_or_of_an_empty_seat_are_not_in_play() -> None:
    st = Session(["Ann", "Bob", "Cy"], deal_towns(3, 1)).state
    assert st.size == 9
    assert in_play(st, Z.parse("goods_9_2")) and in_play(st, Z.parse("lisboa_2"))
    for name in ("goods_11_1", "building_10_2", "sea_10", "town_11", "ship_10_0",
                 "lisboa_3", "stock_3", "banker_3_5", "ship_1_3"):
        assert not in_play(st, Z.parse(name)), name


def test_every_absent_town_and_seat_is_safe_to_touch(app: App) -> None:
    """A 3-player game on the 4-player table: each zone of an absent town or seat is
    clicked, right-clicked, dragged from, and has a marker dragged onto it, while
    acting and while choosing markers for Geography; nothing raises, nothing is made."""
    session = Session(["Ann", "Bob", "Cy"], deal_towns(3, 1, first_game=True))
    for step in GEOGRAPHY:
        assert session.submit(parse_step(step)).ok, step
    app.start(TableScene(session, layout=table_layout(4)))
    hand = Hand(app)
    hand.frames(2)
    absent = _absent(session)
    assert "goods_11_1" in absent and "goods_10_1" in absent and "lisboa_3" in absent
    made = len(session.steps)
    for choosing in (False, True):
        if choosing:
            hand.click(hand.at(Z.tech("geography")))
            assert hand.table.actions.geography == []
        for zone in absent:
            hand.click(hand.at(zone))
            hand.click(hand.at(zone), button=3)
            if isinstance(app.stack.top, ContextMenu):
                hand.key(pygame.K_ESCAPE)
            hand.drag(hand.at(zone), hand.at(Z.lisboa()))
            hand.drag(hand.at(Z.lisboa(0)), hand.at(zone))
            hand.drag(hand.at(Z.ship(1, 0)), hand.at(zone))
            assert app.stack.top is hand.table
    assert len(session.steps) == made, "a click on nothing made nothing"
    assert hand.table.actions.geography == [], "nothing absent was chosen"


def test_a_return_waits_for_the_staged_voyage(app: App) -> None:
    """Found by the monkey: a ship staged to sail on, brought home from the right-click
    menu before Set sail, left a staged move from an empty sea, and the next frame died
    drawing it (ValueError: seat 0 has only 0 ships in sea 1). While a voyage or sale is
    staged, the menu and the cards now say to finish it first, as drops already did."""
    hand = table_at(app, ["tech geography", "move L-1", "done", "end", "end", "end"])
    hand.drag(hand.at(Z.ship(1, 0)), hand.at(Z.sea(2)))
    table = hand.table
    assert table.staging.moves == [(1, 0, 2)]
    for press in (lambda: hand.click(hand.at(Z.ship(1, 0)), button=3),
                  lambda: hand.click(hand.at(Z.tech("geography")))):
        press()
        assert app.stack.top is table, "no menu while a voyage is staged"
        assert table.view.status == t("status.staging")
        assert table.session.steps[-1] == "end"
    hand.click(hand.at(Z.button("sail")))
    assert table.session.steps[-1] == "move 1-2"


# ----- the monkey ------------------------------------------------------------------------
def _markers_kept(session: Session) -> None:
    st = session.state
    for seat in range(st.n):
        assert sum(st.markers_by_place(seat).values()) == MARKERS_PER_PLAYER


@pytest.mark.parametrize(("players", "seats", "seed", "events"), [
    (3, None, 3, 250),
    (4, None, 4, 250),
    (3, ["human", "easy", "human"], 5, 150),
    (4, ["human", "human", "easy", "human"], 6, 150),
])
def test_the_monkey_breaks_nothing(players: int, seats: list[str] | None, seed: int,
                                   events: int) -> None:
    app = make_app(window=(960, 540))  # small, so the short run covers more events
    monkey = Monkey(app, seed, players=players, seats=seats, sizes=SMALL_SIZES)
    report = monkey.run(events)
    assert report.events == events
    assert report.robot_steps >= 10, "legal steps were mixed in"
    assert report.replays >= 1 and report.checks >= events
    assert {"click", "drag", "key", "menu pick", "legal step"} <= set(report.kinds)
    assert monkey.session is not None
    _markers_kept(monkey.session)


def test_the_monkey_at_the_end_of_a_game() -> None:
    """The last turns, the final round, the scoring screen and what it opens (the
    review, the final table), the next game: a careless game is played to a few steps
    before its final round, and the monkey takes it from there."""
    rng = random.Random(0)
    session = Session(["Ann", "Bob", "Cy"], deal_towns(3, 0), autosave=new_game_file())
    while len(session.steps) < 245:
        assert session.submit(careless_step(session.state, rng)).ok
    assert not session.state.final_round
    app = make_app(window=(960, 540))
    app.start(TableScene(session))
    monkey = Monkey(app, 1, players=3, sizes=SMALL_SIZES)
    report = monkey.run(250)
    assert session.over and report.finished >= 1
    assert report.games >= 2, "a new game was dealt after the scoring screen"


def test_a_crash_is_caught_and_named_by_its_seed_and_event(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The monkey can fail: a right click that raises is reported with the seed."""
    def broken(self: TableInput, pos: tuple[int, int]) -> None:
        raise IndexError("planted")

    monkeypatch.setattr(TableInput, "right_click", broken)
    monkey = Monkey(make_app(window=(960, 540)), 9)
    with pytest.raises(MonkeyCrash, match=r"seed 9, event \d+ \(.*\) raised IndexError: planted"):
        monkey.run(300)


def test_a_lost_marker_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """...and so is a player left with 12 markers after an event."""
    monkey = Monkey(make_app(window=(960, 540)), 10)
    monkey.run(3)
    assert monkey.session is not None
    real = type(monkey.session.state).markers_by_place

    def one_lost(self, seat: int) -> dict[str, int]:  # type: ignore[no-untyped-def]
        places = dict(real(self, seat))
        places["stock"] -= 1
        return places

    monkeypatch.setattr(type(monkey.session.state), "markers_by_place", one_lost)
    with pytest.raises(MonkeyCrash, match="seed 10: Ann has"):
        monkey.run(1)


def test_the_same_seed_makes_the_same_events(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    histories = []
    for run in ("a", "b"):
        monkeypatch.setenv("SAIL_TO_INDIA_HOME", str(tmp_path / run))
        monkey = Monkey(make_app(window=(960, 540)), 21, players=3, sizes=SMALL_SIZES)
        monkey.run(40)
        histories.append(monkey.history)
    assert histories[0] == histories[1]


def test_the_long_run_is_a_command(tmp_path: Path) -> None:
    """``python -m scenes.devtools --monkey N --seed S`` prints its rate and what it
    checked, in a temporary data folder (the home given is never written)."""
    home = tmp_path / "home"
    env = {**os.environ, "SAIL_TO_INDIA_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "scenes.devtools", "--monkey", "40", "--seed", "2",
                           "--players", "3", "--window", "960x540"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "monkey seed 2: 40 events in" in done.stdout and "events/s" in done.stdout
    assert "invariants checked:" in done.stdout
    assert not home.exists() or not any(home.iterdir())

