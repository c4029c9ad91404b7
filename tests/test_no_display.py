"""Started where no display can be opened (over SSH with no X), the game says so in one
sentence and exits non-zero at once, instead of printing SDL's error and then playing
on, unseen, on SDL's offscreen driver while burning a core."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scenes.text.catalog import t

ROOT = Path(__file__).resolve().parent.parent
#: Seconds: a start that finds no display ends in well under one; a hang ends here.
LIMIT = 30


def _start(tmp_path: Path, command: list[str], **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items()
            if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR")}
    home = tmp_path / "home"
    runtime = tmp_path / "runtime"  # no Wayland socket in it
    runtime.mkdir(mode=0o700)
    base.update(SAIL_TO_INDIA_HOME=str(home), XDG_RUNTIME_DIR=str(runtime),
                SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), **env)
    return subprocess.run(command, cwd=ROOT, env=base, capture_output=True, text=True,
                          timeout=LIMIT, check=False)


def _one_sentence(done: subprocess.CompletedProcess) -> None:
    assert done.returncode != 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines == [f"sail-to-india: {t('msg.no_display')}"], done.stderr
    assert done.stdout == ""


def test_a_display_driver_that_cannot_open_says_so_in_one_line(tmp_path: Path) -> None:
    """SDL told to use X11 with no X server: the bundle's entry script (scenes/__main__.py,
    what build.spec freezes) prints one sentence and exits non-zero."""
    done = _start(tmp_path, [sys.executable, "-m", "scenes"], SDL_VIDEODRIVER="x11")
    _one_sentence(done)


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="elsewhere a desktop is always there to open a window on")
def test_no_display_at_all_is_not_played_offscreen(tmp_path: Path) -> None:
    """No driver chosen and none that can show anything: SDL would fall back to its
    offscreen driver and the game would run unseen forever. The command's entry point
    refuses it, and the Wayland library's own complaint is not shown to the player."""
    done = _start(tmp_path, [sys.executable, "-c",
                             "import sys; from scenes.main import main; sys.exit(main())"])
    _one_sentence(done)
    assert not (tmp_path / "home" / "autosave.txt").exists()


def test_an_invisible_driver_asked_for_is_still_taken(tmp_path: Path) -> None:
    """Tests and the smoke run ask for the dummy driver by name: that is no refusal."""
    shot = tmp_path / "shot.png"
    done = _start(tmp_path, [sys.executable, "-m", "scenes", "--screenshot", str(shot)],
                  SDL_VIDEODRIVER="dummy")
    assert done.returncode == 0, done.stderr
    assert shot.exists()
