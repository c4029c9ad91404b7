"""The scoring scene: the engine's breakdown, the winner, and its three buttons."""

from __future__ import annotations

from pathlib import Path

from game.record import read_record_file
from scenes.core.app import App
from scenes.core.saves import records_dir
from scenes.core.session import Session
from scenes.screens.scoring import ScoringScene
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import Hand
from scenes.table.scene import TableScene

GOLDEN = Path(__file__).parent / "golden" / "four-computers.txt"


def scoring(app: App) -> ScoringScene:
    """The score sheet, past its first moments (when a click is still the table's)."""
    session = Session.from_record(read_record_file(GOLDEN))
    scene = ScoringScene(session)
    app.start(scene)
    Hand(app).frames(12)
    return scene


def test_breakdown_and_winner_come_from_the_engine(app) -> None:
    scene = scoring(app)
    st = scene.session.state
    assert scene.scores == st.scores and scene.winners == st.winners
    hal = scene.rows[0]
    assert (hal.historian_vp, hal.strongholds, hal.tech_bonus) == (6, 3, {"eastern-india": 6})
    assert hal.total == 15 and st.winners == [0]


def test_save_record_writes_a_readable_record(app) -> None:
    scene = scoring(app)
    Hand(app).click(scene.buttons[1].rect.center)
    saved = list(records_dir().glob("*.txt"))
    assert len(saved) == 1 and "Record saved as" in scene.message
    assert read_record_file(saved[0]).steps == read_record_file(GOLDEN).steps


def test_play_again_deals_a_new_game_for_the_same_table_and_title_leaves(app) -> None:
    scene = scoring(app)
    hand = Hand(app)
    hand.click(scene.buttons[0].rect.center)
    hand.frames(20)
    table = hand.table
    assert isinstance(table, TableScene) and table.session.names == scene.session.names
    assert table.session.seats == scene.session.seats and table.session is not scene.session
    # Four computer seats: the new game is already under way, from a fresh deal.
    assert len(table.session.steps) < len(scene.session.steps)
    app.start(ScoringScene(scene.session))
    hand.frames(12)
    hand.click(app.stack.top.buttons[2].rect.center)
    hand.frames(20)
    assert isinstance(app.stack.top, TitleScene)
