"""The standalone executable: build it with PyInstaller and run the smoke test on it.

Slow (it builds the whole bundle), skipped only when PyInstaller is not installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_BYTES = 40 * 1024 * 1024


def test_assets_are_found_in_the_bundle_when_frozen(monkeypatch, tmp_path: Path) -> None:
    from scenes.core.assets import asset_path

    assert asset_path("layout", "table.tmx") == ROOT / "assets" / "layout" / "table.tmx"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert asset_path("fonts", "OFL-Inter.txt") == tmp_path / "assets" / "fonts" / "OFL-Inter.txt"


def test_the_product_leaves_the_developer_tools_out() -> None:
    """Nothing the game's entry script reaches imports ``scenes.devtools`` (the monkey,
    the frame benchmark, the preview), and the build excludes the package besides; the
    self-test the executable runs (``--smoke``) is reached."""
    from test_layers import graph

    edges = graph()
    reached, todo = set(), ["scenes.__main__"]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(edges.get(name, ()))
    assert "scenes.selftest.smoke" in reached and "scenes.table.scene" in reached
    assert not [name for name in reached if name.startswith("scenes.devtools")]
    # what the tests share with the developers' command stays out of the game too
    assert not {"scenes.selftest.monkey", "scenes.selftest.contrast",
                "scenes.selftest.online_table"} & reached
    assert '"scenes.devtools"' in (ROOT / "build.spec").read_text("utf-8")


def test_no_test_imports_a_developer_tool() -> None:
    """The tests run the developers' command as a command (a subprocess) at most: what
    a test shares with a tool lives in ``scenes.selftest`` or the tests' helpers."""
    import ast

    importing = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        text = path.read_text("utf-8")
        if "devtools" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [f"{node.module}.{a.name}" for a in node.names]
                     if isinstance(node, ast.ImportFrom) else [])
            if any(n == "scenes.devtools" or n.startswith("scenes.devtools.") for n in names):
                importing.append(path.name)
    assert importing == []


@pytest.mark.slow
def test_one_file_executable_builds_and_passes_smoke(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller")
    dist, work = tmp_path / "dist", tmp_path / "build"
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(dist), "--workpath", str(work), str(ROOT / "build.spec")],
        cwd=ROOT, check=True, timeout=900)
    exe = dist / ("sail-to-india.exe" if os.name == "nt" else "sail-to-india")
    assert exe.is_file()
    assert exe.stat().st_size < MAX_BYTES, f"{exe.stat().st_size / 1e6:.1f} MB"

    home = tmp_path / "home"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SAIL_TO_INDIA_HOME": str(home), "SAIL_TO_INDIA_THINKING": "process"}
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=120, check=True)
    assert out.stdout.strip() == f"sail-to-india {version}"

    smoke = subprocess.run([str(exe), "--smoke"], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=300)
    assert smoke.returncode == 0, smoke.stderr
    assert smoke.stdout.startswith("smoke: ok")
    # the executable started again as the thinking process went to its work, not to a
    # second game (multiprocessing.freeze_support in the entry script)
    assert "step thought in the thinking process" in smoke.stdout, smoke.stdout
    assert "thinking process is not available" not in smoke.stderr, smoke.stderr
    # the compiled catalogs are inside: the French run speaks French
    french = subprocess.run([str(exe), "--lang", "fr", "--smoke"], capture_output=True,
                            text=True, env=env, cwd=tmp_path, timeout=300)
    assert french.returncode == 0, french.stderr
    assert "language fr: " in french.stdout
    assert not french.stdout.rstrip().endswith("The voyage is over")
    assert sorted(p.name for p in dist.iterdir()) == [exe.name], "nothing beside the executable"
