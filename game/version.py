"""The program's version, read from the one place it is written: pyproject.toml.

Installed, the package metadata carries it. From a source checkout or a PyInstaller
bundle (which ships pyproject.toml beside the code) the file itself is read.
"""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

DIST_NAME = "sail-to-india"


def _pyproject_version() -> str | None:
    roots = [Path(__file__).resolve().parent.parent]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.insert(0, Path(bundle))
    for root in roots:
        path = root / "pyproject.toml"
        if path.is_file():
            try:
                return str(tomllib.loads(path.read_text("utf-8"))["project"]["version"])
            except (OSError, KeyError, tomllib.TOMLDecodeError):
                continue
    return None


def version() -> str:
    found = _pyproject_version()
    if found:
        return found
    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return "unknown"
