"""Where the game's files (layout, fonts) are, run from source or from a bundle.

PyInstaller unpacks a one-file build into a temporary folder named by
``sys._MEIPASS``; from a source checkout or an installed package the files sit in
the ``assets`` folder beside ``scenes``. Every module that opens an asset asks here,
so the two cases are decided in one place.
"""

from __future__ import annotations

import sys
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parents[2]


def base_dir() -> Path:
    """The folder holding ``assets/``: the bundle when frozen, else the project."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return PROJECT_DIR


def asset_path(*parts: str) -> Path:
    """The path of ``assets/<parts...>``, e.g. ``asset_path("layout", "table.tmx")``."""
    return base_dir().joinpath("assets", *parts)


__all__ = ["PROJECT_DIR", "asset_path", "base_dir"]
