"""The engine is pure: importing every game module never pulls in pygame."""

from __future__ import annotations

import subprocess
import sys


def test_importing_game_does_not_import_pygame() -> None:
    code = (
        "import sys, pkgutil, importlib, game\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx', 'scenes')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
