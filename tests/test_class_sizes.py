"""No class of the client or the online package grows past what one reader holds.

Every class of ``scenes`` and ``online`` is parsed with ``ast`` (never imported) and
its methods counted (properties too: each is read as one more thing the class
does). A class over ``LIMIT`` fails, ``RemoteSession`` over ``REMOTE_LIMIT``; so
does a class that declares private fields it never sets (a mixin living off its
parent's state). ``python tests/test_class_sizes.py`` prints the largest classes.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scenes", "online")
LIMIT = 30
#: The online game as the table sees it: its parts (``online.follow``,
#: ``online.seats``, ``online.inbox``) do the work.
REMOTE_LIMIT = 25
LIMITS = {"online/remote.py:RemoteSession": REMOTE_LIMIT}


def classes() -> list[tuple[str, ast.ClassDef]]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = path.relative_to(ROOT).as_posix()
            found += [(f"{where}:{node.name}", node) for node in ast.walk(tree)
                      if isinstance(node, ast.ClassDef)]
    return found


def methods(node: ast.ClassDef) -> int:
    return sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)


def borrowed_fields(node: ast.ClassDef) -> list[str]:
    """Private fields the class declares without a value and never sets itself."""
    declared = [item.target.id for item in node.body
                if isinstance(item, ast.AnnAssign) and item.value is None
                and isinstance(item.target, ast.Name) and item.target.id.startswith("_")]
    if not declared:
        return []
    is_dataclass = any("dataclass" in ast.unparse(d) for d in node.decorator_list)
    set_here = {target.attr for sub in ast.walk(node)
                for target in (sub.targets if isinstance(sub, ast.Assign)
                               else [sub.target] if isinstance(sub, ast.AnnAssign | ast.AugAssign)
                               else [])
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                and target.value.id == "self"}
    return [] if is_dataclass else [name for name in declared if name not in set_here]


def test_no_class_has_more_methods_than_its_limit() -> None:
    over = [f"{name}: {methods(node)} methods (at most {LIMITS.get(name, LIMIT)})"
            for name, node in classes() if methods(node) > LIMITS.get(name, LIMIT)]
    assert not over, "\n".join(over)


def test_the_online_session_stays_small() -> None:
    counts = {name: methods(node) for name, node in classes()}
    assert 0 < counts["online/remote.py:RemoteSession"] <= REMOTE_LIMIT


def test_no_class_lives_off_private_fields_it_does_not_own() -> None:
    borrowed = [f"{name}: {', '.join(fields)}" for name, node in classes()
                if (fields := borrowed_fields(node))]
    assert not borrowed, "\n".join(borrowed)


def test_the_count_sees_methods_and_borrowed_fields() -> None:
    """The counter itself: a made-up class with a borrowed field and two methods."""
    node = ast.parse("class Half:\n    _steps: list\n    def a(self): ...\n"
                     "    @property\n    def b(self): ...\n").body[0]
    assert isinstance(node, ast.ClassDef)
    assert methods(node) == 2 and borrowed_fields(node) == ["_steps"]


if __name__ == "__main__":  # the largest classes, for a reader
    for name, node in sorted(classes(), key=lambda c: -methods(c[1]))[: int(sys.argv[1])
                                                                         if sys.argv[1:] else 15]:
        print(f"{methods(node):4d}  {name}")
