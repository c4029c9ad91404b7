"""Continue after the program was killed: the autosave holds every step made."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from gamefiles import newest_game_text

from scenes.core.session import load_session

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_continue_resumes_where_a_killed_game_stopped() -> None:
    script = textwrap.dedent("""
        import os, signal
        from scenes.main import make_app
        from scenes.selftest.gestures import Hand
        from scenes.core.saves import new_game_file
        from scenes.core.session import Session
        from scenes.table.scene import TableScene

        app = make_app()
        session = Session.new(["Ann", "Bob", "Cy"], seed=3, autosave=new_game_file())
        app.start(TableScene(session))
        hand = Hand(app)
        hand.frames(2)
        for step in ["employ", "move L-1", "cargo 1g1", "done", "end"]:
            hand.play(step)
        hand.drag(hand.at("lisboa_1"), hand.at("sea_1"))  # staged, never committed
        print(len(session.steps), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert proc.stdout.strip() == "5"
    text = newest_game_text()
    assert text is not None
    session = load_session(text)
    assert session.steps == ["employ", "move L-1", "cargo 1g1", "done", "end"]
    assert session.state.active == 1 and session.state.good_owner(1, 1) == 0
