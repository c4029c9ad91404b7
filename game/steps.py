"""One step of the notation: its parsed form, parsing and writing.

A step is what one line of a record says ("employ", "move L-2 3-5", "sell 3g1 5g2").
Parsing here checks only the shape of a step (words, spaces, moves); whether it is
legal in a position is the rules' business. ``str(step)`` writes the canonical
lower-case form, so parse(str(step)) == step.

Places inside steps:
- a space is a tuple ``(kind, pos, k)``: kind "g" (goods) or "b" (building),
  pos the town position, k = 1 or 2;
- a ship move is a tuple ``(src, via, dst)``: src 0 for Lisboa or a sea position,
  via the stronghold position of ``L@4`` (else 0), dst the sea it ends in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

Space = tuple[str, int, int]
ShipMove = tuple[int, int, int]

KINDS = ("employ", "speed", "tech", "build", "sell", "move", "cargo", "map", "done",
         "return", "bank", "geography", "end")
ACTION_KINDS = frozenset(("employ", "speed", "tech", "build", "sell", "move"))
FREE_KINDS = frozenset(("return", "bank", "geography"))


class IllegalStep(ValueError):
    """A step that cannot be made: ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Step:
    """A parsed step: its kind and its arguments (see the module docstring)."""

    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        return format_step(self)

    @property
    def is_action(self) -> bool:
        return self.kind in ACTION_KINDS


def space_str(space: Space) -> str:
    return f"{space[1]}{space[0]}{space[2]}"


def move_str(move: ShipMove) -> str:
    src, via, dst = move
    if via:
        return f"L@{via}" if dst == via else f"L@{via}-{dst}"
    return f"{'L' if src == 0 else src}-{dst}"


def format_step(step: Step) -> str:
    kind, args = step.kind, step.args
    if kind in ("tech",):
        return f"tech {args[0]}"
    if kind == "build":
        space, source = args
        return f"build {space_str(space)}" + (f" from {space_str(source)}" if source else "")
    if kind in ("sell", "geography"):
        return " ".join([kind, *(space_str(s) for s in args)])
    if kind == "cargo":
        return f"cargo {space_str(args[0])}"
    if kind == "move":
        return " ".join(["move", *(move_str(m) for m in args)])
    if kind == "return":
        target = args[0]
        if isinstance(target, int):
            return f"return {target}"
        if isinstance(target, tuple):
            return f"return {space_str(target)}"
        return f"return {target}"
    return kind


_SPACE = re.compile(r"(\d{1,2})([gb])([12])")
_POS = re.compile(r"\d{1,2}")
_MOVE = re.compile(r"(?:(l)|l@(\d{1,2})|(\d{1,2}))(?:-(\d{1,2}))?")


def _space(token: str, kinds: str = "gb") -> Space:
    m = _SPACE.fullmatch(token)
    if not m or m.group(2) not in kinds:
        want = {"g": "a goods space like 3g1", "b": "a building space like 3b1",
                "gb": "a space like 3g1 or 3b2"}[kinds]
        raise IllegalStep(f"{token!r} is not {want}")
    return (m.group(2), int(m.group(1)), int(m.group(3)))


def _ship_move(token: str) -> ShipMove:
    m = _MOVE.fullmatch(token)
    if not m:
        raise IllegalStep(f"{token!r} is not a ship move like L-3, 2-5 or L@4-6")
    lisboa, via, src, dst = m.groups()
    if via is not None:
        v = int(via)
        if dst is None:
            return (0, v, v)
        if int(dst) == v:
            raise IllegalStep("a ship move must end in another sea")
        return (0, v, int(dst))
    if dst is None:
        raise IllegalStep(f"{token!r} is not a ship move like L-3, 2-5 or L@4-6")
    start = 0 if lisboa else int(src)
    if start == int(dst):
        raise IllegalStep("a ship move must end in another sea")
    return (start, 0, int(dst))


def _no_repeats(spaces: list[Space], kind: str) -> tuple[Space, ...]:
    if not spaces:
        raise IllegalStep(f"{kind} needs at least one space")
    seen = set()
    for space in spaces:
        if space in seen:
            raise IllegalStep(f"{kind} names {space_str(space)} twice")
        seen.add(space)
    return tuple(spaces)


@lru_cache(maxsize=4096)
def parse_step(text: str) -> Step:
    """Parse one step (case-insensitive, comments already removed)."""
    words = text.lower().split()
    if not words:
        raise IllegalStep("empty step")
    kind, rest = words[0], words[1:]
    if kind in ("employ", "speed", "map", "done", "bank", "end"):
        if rest:
            raise IllegalStep(f"{kind} takes no more words")
        return Step(kind)
    if kind == "tech":
        if len(rest) != 1:
            raise IllegalStep("tech needs one technology id, e.g. tech map")
        return Step("tech", (rest[0],))
    if kind == "build":
        if len(rest) == 1:
            return Step("build", (_space(rest[0], "b"), None))
        if len(rest) == 3 and rest[1] == "from":
            return Step("build", (_space(rest[0], "b"), _space(rest[2])))
        raise IllegalStep("build needs a building space, e.g. build 3b1 or build 3b1 from 3g2")
    if kind == "sell":
        return Step("sell", _no_repeats([_space(w, "g") for w in rest], "sell"))
    if kind == "geography":
        return Step("geography", _no_repeats([_space(w) for w in rest], "geography"))
    if kind == "cargo":
        if len(rest) != 1:
            raise IllegalStep("cargo needs one goods space, e.g. cargo 3g1")
        return Step("cargo", (_space(rest[0], "g"),))
    if kind == "move":
        return Step("move", tuple(_ship_move(w) for w in rest))
    if kind == "return":
        if len(rest) != 1:
            raise IllegalStep("return needs one place, e.g. return 3, return 3g1, return banker")
        what = rest[0]
        if what in ("banker", "historian"):
            return Step("return", (what,))
        if _POS.fullmatch(what):
            return Step("return", (int(what),))
        return Step("return", (_space(what),))
    raise IllegalStep(f"unknown step {kind!r}")


def step_of(step: Step | str) -> Step:
    return parse_step(step.strip()) if isinstance(step, str) else step
