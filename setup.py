"""Compiles the translation catalogs when the game is built (pip install, editable too).

Everything else about the package is in pyproject.toml; this file only adds the step
that turns assets/locale/<lang>/LC_MESSAGES/*.po into the .mo files gettext reads,
with Babel (a build requirement), using assets/locale/catalogs.py.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _catalogs():
    spec = importlib.util.spec_from_file_location("catalogs",
                                                  ROOT / "assets" / "locale" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogs(build_py):
    """build_py, then the compiled catalogs beside the PO files (in the build folder,
    or in the source tree for an editable install, which runs from there)."""

    def run(self) -> None:
        super().run()
        source = ROOT / "assets" / "locale"
        if getattr(self, "editable_mode", False):
            target = source
        else:
            target = Path(self.build_lib) / "assets" / "locale"
        _catalogs().compile_all(source, target)


setup(cmdclass={"build_py": BuildWithCatalogs})
