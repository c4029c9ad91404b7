"""The installed ``sail-to-india`` command's entry point.

The computer players think in a process of their own (``game.ai.worker``), started
with ``spawn``, which first imports the program's main script again. For the installed
command that script is pip's small wrapper, which imports its entry point at the top:
pointed at ``scenes.main`` it would load pygame and every screen into the thinking
process. This module imports the client only when called.
"""

from __future__ import annotations


def main() -> int:
    """Start the game (``scenes.main.main``), with the command line's arguments."""
    import multiprocessing

    multiprocessing.freeze_support()
    from scenes.main import main as run

    return run()
