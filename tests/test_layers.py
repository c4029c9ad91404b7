"""The house has rooms: no import circle, and every import points down a layer.

Every module of ``game``, ``online`` and ``scenes`` is parsed with ``ast`` (never
imported), and every import it makes is counted: at the top, inside functions, under
``TYPE_CHECKING``. A circle of any length fails, and so does an import that reaches
up the layers:

    the engine, by concept:
        the pieces (words, variants, steps, state, cards, scoring, deal)  <-  applying
        a step (rules, payments, voyage)  <-  listing the legal steps  <-  records  <-
        the computer players  <-  the engine's commands and front door (bench,
        __main__, game)
    <-  online (the server and its client: never scenes, never pygame)
    <-  scenes.core  <-  scenes.text  <-  scenes.ui  <-  scenes.table
    <-  scenes.screens  <-  scenes.selftest (the product's --smoke)  <-  scenes.main
    <-  scenes.devtools (the developers' command, outside the product)

A module may import its own layer or any layer below it, never one above. A new
module of ``game`` with no layer of its own falls in the engine's top layer, so
nothing lower may import it until it is given its place here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes", "online")

# Lowest first. The longest matching prefix decides a module's layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("game.words", "game.variants", "game.version", "game.data", "game.cards", "game.steps",
     "game.state", "game.scoring", "game.deal"),
    ("game.payments", "game.voyage", "game.rules"),
    ("game.listing",),
    ("game.record",),
    ("game.ai",),
    ("game",),  # game.bench, game.__main__ and the package's front door
    ("online",),
    ("scenes.core",),
    ("scenes.text",),
    ("scenes.ui",),
    ("scenes.table",),
    ("scenes.screens",),
    ("scenes.selftest",),
    ("scenes.main", "scenes.__main__", "scenes.start"),
    ("scenes.devtools",),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _resolve(me: str, path: Path, level: int, module: str | None) -> str:
    """The absolute name of a relative import (``from ..rules import x``) in ``me``."""
    if level == 0:
        return module or ""
    here = me.split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    base = here[: len(here) - (level - 1)]
    return ".".join([*base, module] if module else base)


def imports_of(path: Path, known: set[str], name: str | None = None) -> set[str]:
    """The project modules one file imports, wherever in the file the import is
    (``name`` is the file's module name when it lies outside the project)."""
    me = name or module_name(path)
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    out: set[str] = set()

    def add(target: str) -> None:
        # ``import a.b.c`` loads a, a.b and a.b.c; only project modules count, and a
        # package's __init__ is not an edge (they import nothing of their own).
        while target:
            if target in known:
                out.add(target)
                return
            target = target.rpartition(".")[0]

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(me, path, node.level, node.module)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in known else base)
    out.discard(me)
    return out


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(path, known) for name, path in found.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), and self-loops."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def layer_of(name: str) -> int | None:
    best: tuple[int, int] | None = None
    for rank, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            inside = name == prefix or name.startswith(prefix + ".")
            if inside and (best is None or len(prefix) > best[1]):
                best = (rank, len(prefix))
    return None if best is None else best[0]


def test_the_parser_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The checker itself: lazy, TYPE_CHECKING and relative imports are all edges,
    and a circle of any length is found."""
    edges = graph()
    assert len(edges) > 60
    assert "game.rules" in edges["game.ai.planner"], "relative imports are resolved"
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from scenes.core.app import App\n"
                      "def later():\n    import game.rules\n"
                      "    from scenes.table import scene\n"
                      "from .draw import draw_table\n", "utf-8")
    found = imports_of(sneaky, set(edges), name="scenes.table.sneaky")
    assert found == {"scenes.core.app", "game.rules", "scenes.table.scene",
                     "scenes.table.draw"}
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle() -> None:
    found = circles(graph())
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_every_module_has_a_layer() -> None:
    lost = [name for name in graph() if name not in PACKAGES and layer_of(name) is None]
    assert not lost, f"modules outside every layer: {lost}"


def test_imports_only_point_down() -> None:
    bad = []
    for name, targets in graph().items():
        mine = layer_of(name)
        if mine is None:
            continue
        for target in targets:
            theirs = layer_of(target)
            if theirs is not None and theirs > mine:
                bad.append(f"{name} ({LAYERS[mine][0]}) imports {target} ({LAYERS[theirs][0]})")
    assert not bad, "imports reaching up a layer:\n" + "\n".join(sorted(bad))


def test_online_stands_beside_scenes() -> None:
    """The server and its client import the engine only: never a scene, never pygame;
    the engine never imports them (the scenes may: the table plays an online game
    through ``online.remote``, and says the client's sentences)."""
    found = modules()
    bad = []
    for name, targets in graph().items():
        if name.startswith("online"):
            bad += [f"{name} imports {t}" for t in targets if not t.startswith(("game", "online"))]
            text = found[name].read_text("utf-8")
            if "import pygame" in text or "from pygame" in text:
                bad.append(f"{name} imports pygame")
        elif name.startswith("game"):
            bad += [f"{name} imports {t}" for t in targets if t.startswith("online")]
    assert not bad, bad


def test_package_inits_import_nothing_of_the_project() -> None:
    """A package's ``__init__`` runs before any of its modules: it stays empty of
    project imports, so importing one room never drags in another."""
    found = modules()
    heavy = {name: sorted(targets) for name, targets in graph().items()
             if found[name].name == "__init__.py" and name.startswith("scenes") and targets}
    assert not heavy, heavy


def test_no_module_is_over_600_lines() -> None:
    """A module that grows past 600 lines holds more than one concept: split it by
    concept, as ``game.rules`` was (applying, voyages, payments, listing) and the
    online client's session (the game, and its seats)."""
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text("utf-8").splitlines())) > 600}
    assert not long, long
