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
from typing import Any

from .words import message, table

Space = tuple[str, int, int]
ShipMove = tuple[int, int, int]

KINDS = ("employ", "speed", "tech", "build", "sell", "move", "cargo", "map", "done",
         "return", "bank", "geography", "end")
ACTION_KINDS = frozenset(("employ", "speed", "tech", "build", "sell", "move"))


# Every refusal the engine gives, in English. A refusal carries its key and values
# too, so a client can say the same in another language: the templates are marked
# (``game.words``) so the translation catalogs hold them under ``reason.<key>``.
# ``tech`` values are technology ids, shown by name; ``space`` values are spaces in
# the notation (3g1).
_MARKED = table(
    # the shape of a step
    message("reason.empty_step", "empty step"),
    message("reason.unknown_step", "unknown step '{kind}'"),
    message("reason.extra_words", "{kind} takes no more words"),
    message("reason.not_goods_space", "'{token}' is not a goods space like 3g1"),
    message("reason.not_building_space", "'{token}' is not a building space like 3b1"),
    message("reason.not_space", "'{token}' is not a space like 3g1 or 3b2"),
    message("reason.not_ship_move", "'{token}' is not a ship move like L-3, 2-5 or L@4-6"),
    message("reason.same_sea", "a ship move must end in another sea"),
    message("reason.needs_space", "{kind} needs at least one space"),
    message("reason.named_twice", "{kind} names {space} twice"),
    message("reason.tech_needs_id", "tech needs one technology id, e.g. tech map"),
    message("reason.build_needs_space", "build needs a building space, e.g. build 3b1 or build "
                                        "3b1 from 3g2"),
    message("reason.cargo_needs_space", "cargo needs one goods space, e.g. cargo 3g1"),
    message("reason.return_needs_place", "return needs one place, e.g. return 3, return 3g1, "
                                         "return banker"),
    message("reason.bad_character", "{char} is not part of the notation, which is plain ASCII"),
    # the turn
    message("reason.game_over", "the game is over"),
    message("reason.no_ap", "no action points left"),
    message("reason.finish_voyage", "finish the voyage first: cargo, map, build or done"),
    message("reason.must_wait", "{kind} must wait: finish the voyage (done) first"),
    message("reason.only_after_move", "{kind} only follows a move"),
    # paying
    message("reason.cost_employ", "employing a marker costs {cost} and you have {have}"),
    message("reason.cost_speed", "raising speed to {speed} costs {cost} and you have {have}"),
    message("reason.cost_tech", "{tech} costs {cost} and you have {have}"),
    message("reason.cost_build", "a building costs {cost} and you have {have}"),
    message("reason.cost_map", "Map costs {cost} and you have {have}"),
    message("reason.cost_bank", "Bank System costs {cost} and you have {have}"),
    # places and markers
    message("reason.no_town", "there is no town at {pos}"),
    message("reason.no_sea", "there is no sea {pos}"),
    message("reason.face_down", "the town at {pos} is not discovered yet"),
    message("reason.no_ship", "you have no ship in sea {pos}"),
    message("reason.no_marker", "you have no marker on {space}"),
    message("reason.no_banker", "you have no banker"),
    message("reason.no_historian", "you have no historian"),
    message("reason.stock_empty", "your stock is empty"),
    message("reason.top_speed", "your ships already sail at speed 3"),
    # technologies
    message("reason.unknown_tech", "unknown technology '{id}'"),
    message("reason.not_owner", "you do not own {tech}"),
    message("reason.own_tech", "you already own {tech}"),
    message("reason.tech_taken", "{tech} already belongs to {name}"),
    message("reason.no_scientist", "all three of your scientists already hold technologies"),
    message("reason.arch_needed", "after a move only Architecture lets you build; you do not "
                                  "own it"),
    message("reason.arch_used", "Architecture was already used this turn"),
    message("reason.bank_used", "Bank System was already used this turn"),
    message("reason.geography_used", "Geography was already used this turn"),
    message("reason.map_nothing", "Map needs a town discovered in this move, and only once"),
    # building
    message("reason.built_by_you", "{space} is already built on by you"),
    message("reason.built_by", "{space} is already built on by {name}"),
    message("reason.no_ship_to_build", "you have no ship in sea {pos} to build with"),
    message("reason.ship_only", "in these rules only a ship in the sea can build"),
    message("reason.builder_elsewhere", "the builder must already be on the town at {pos}"),
    message("reason.build_from_itself", "a building cannot be built from itself"),
    # trade goods
    message("reason.not_your_good", "{space} is not your trade good"),
    message("reason.taken_by_you", "{space} is already taken by you"),
    message("reason.taken_by", "{space} is already taken by {name}"),
    # ships
    message("reason.no_stronghold", "you have no stronghold at {pos}"),
    message("reason.too_far", "speed is {speed}, sea {dst} is {distance} away"),
    message("reason.too_far_from", "speed is {speed}, sea {dst} is {distance} away from sea {src}"),
    message("reason.beyond", "sea {dst} lies beyond the undiscovered town at {pos}"),
    message("reason.entered_already", "you have already entered an undiscovered town this turn"),
    message("reason.one_unknown", "only one ship per turn may enter an undiscovered town"),
    message("reason.launch_short", "you launch {launched} but have {have} on Lisboa"),
    message("reason.ships_short", "you move {count} ships from sea {pos} but have {have} there"),
    # players' names (``game.record.name_refusal``: the one rule for a name)
    message("reason.name_empty", "a player needs a name"),
    message("reason.name_too_long", "the name '{name}' is longer than {limit} characters"),
    message("reason.name_character", "the name '{name}' cannot contain {char}"),
    message("reason.name_spaces", "the name '{name}' starts or ends with a space"),
    message("reason.players_count", "a game is for 3 or 4 players, not {count}"),
    message("reason.players_twice", "two players cannot both be called {name}"),
)
REASONS: dict[str, str] = {key.removeprefix("reason."): str(text)
                           for key, text in _MARKED.items()}


#: How much of a text from a file a message quotes: enough to find it, never a megabyte.
QUOTE_LIMIT = 40


def shown(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message may quote it: every character that is not printable written
    as its escape (``\\x1b``, ``\\xa0``), so no terminal or window meets a control
    character, and cut to ``limit`` characters ("..." marks the cut)."""
    out: list[str] = []
    length = 0
    for ch in text:  # a loop that stops early: a megabyte line costs its first characters
        piece = ch if ch.isprintable() else ascii(ch)[1:-1]
        if length + len(piece) > limit:
            out.append("...")
            break
        out.append(piece)
        length += len(piece)
    return "".join(out)


def char_shown(ch: str) -> str:
    """One character named in a message: ``'٣' (U+0663)``, or ``U+00A0`` alone when it
    cannot be shown."""
    code = f"U+{ord(ch):04X}"
    return f"'{ch}' ({code})" if ch.isprintable() and ch != " " else code


def _english(key: str, values: dict[str, object]) -> str:
    said = dict(values)
    if "tech" in said:
        from .cards import CARDS

        said["tech"] = CARDS.tech(str(said["tech"])).name
    return REASONS[key].format(**said)


class StepError(ValueError):
    """A refusal: ``reason`` is a sentence a player can read; ``key`` and ``values``
    say the same for a translation (see REASONS). Its two kinds are told apart:
    ``UnreadableStep`` (the text is not a step) and ``IllegalStep`` (the step is not
    legal now)."""

    def __init__(self, key: str, **values: object) -> None:
        # Values may come from a file (a word of a step, a name): quoted short and clean.
        values = {k: shown(v) if isinstance(v, str) and k != "tech" else v
                  for k, v in values.items()}
        reason = _english(key, values)
        super().__init__(reason)
        self.key = key
        self.values = values
        self.reason = reason


class UnreadableStep(StepError):
    """Text that is not a step of the notation (``parse_step`` refuses it): nothing
    about the position is asked."""


class IllegalStep(StepError):
    """A step that cannot be made in this position (the rules refuse it), or a
    player's name or number of players that cannot play."""


@dataclass(frozen=True, slots=True)
class Step:
    """A parsed step: its kind and its arguments (see the module docstring)."""

    kind: str
    args: tuple[Any, ...] = ()

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


_SPACE = re.compile(r"(\d{1,2})([gb])([12])", re.ASCII)
_POS = re.compile(r"\d{1,2}", re.ASCII)
_MOVE = re.compile(r"(?:(l)|l@(\d{1,2})|(\d{1,2}))(?:-(\d{1,2}))?", re.ASCII)


def _space(token: str, kinds: str = "gb") -> Space:
    m = _SPACE.fullmatch(token)
    if not m or m.group(2) not in kinds:
        key = {"g": "not_goods_space", "b": "not_building_space", "gb": "not_space"}[kinds]
        raise UnreadableStep(key, token=token)
    return (m.group(2), int(m.group(1)), int(m.group(3)))


def _ship_move(token: str) -> ShipMove:
    m = _MOVE.fullmatch(token)
    if not m:
        raise UnreadableStep("not_ship_move", token=token)
    lisboa, via, src, dst = m.groups()
    if via is not None:
        v = int(via)
        if dst is None:
            return (0, v, v)
        if int(dst) == v:
            raise UnreadableStep("same_sea")
        return (0, v, int(dst))
    if dst is None:
        raise UnreadableStep("not_ship_move", token=token)
    start = 0 if lisboa else int(src)
    if start == int(dst):
        raise UnreadableStep("same_sea")
    return (start, 0, int(dst))


def _no_repeats(spaces: list[Space], kind: str) -> tuple[Space, ...]:
    if not spaces:
        raise UnreadableStep("needs_space", kind=kind)
    seen = set()
    for space in spaces:
        if space in seen:
            raise UnreadableStep("named_twice", kind=kind, space=space_str(space))
        seen.add(space)
    return tuple(spaces)


def check_shape(step: Step) -> Step:
    """``step`` itself, when it has a shape the notation can write and read back (the
    checks ``parse_step`` makes on text, made on a step built as a value, as the
    client builds a drop's): a ship move ends in another sea, a sale or Geography
    names its spaces once each and at least one. Raises ``UnreadableStep`` else."""
    if step.kind == "move":
        for src, via, dst in step.args:
            if not via and src == dst:
                raise UnreadableStep("same_sea")
    elif step.kind in ("sell", "geography"):
        _no_repeats(list(step.args), step.kind)
    return step


#: What a step may be written with: printable ASCII, and spaces or tabs between words.
_NOTATION = frozenset(chr(c) for c in range(0x20, 0x7F)) | {"\t"}
_WORDS = re.compile(r"[^ \t]+")


@lru_cache(maxsize=4096)
def parse_step(text: str) -> Step:
    """Parse one step (case-insensitive, comments already removed), or raise
    ``UnreadableStep`` saying what in it is not the notation. The notation is
    ASCII: a character outside it (an Arabic-Indic digit, a no-break space, a control
    character) is refused, never read as a digit or a space."""
    if not (text.isascii() and text.replace("\t", " ").isprintable()):
        bad = next(ch for ch in text if ch not in _NOTATION)
        raise UnreadableStep("bad_character", char=char_shown(bad))
    words = _WORDS.findall(text.lower())
    if not words:
        raise UnreadableStep("empty_step")
    kind, rest = words[0], words[1:]
    if kind in ("employ", "speed", "map", "done", "bank", "end"):
        if rest:
            raise UnreadableStep("extra_words", kind=kind)
        return Step(kind)
    if kind == "tech":
        if len(rest) != 1:
            raise UnreadableStep("tech_needs_id")
        return Step("tech", (rest[0],))
    if kind == "build":
        if len(rest) == 1:
            return Step("build", (_space(rest[0], "b"), None))
        if len(rest) == 3 and rest[1] == "from":
            return Step("build", (_space(rest[0], "b"), _space(rest[2])))
        raise UnreadableStep("build_needs_space")
    if kind == "sell":
        return Step("sell", _no_repeats([_space(w, "g") for w in rest], "sell"))
    if kind == "geography":
        return Step("geography", _no_repeats([_space(w) for w in rest], "geography"))
    if kind == "cargo":
        if len(rest) != 1:
            raise UnreadableStep("cargo_needs_space")
        return Step("cargo", (_space(rest[0], "g"),))
    if kind == "move":
        return Step("move", tuple(_ship_move(w) for w in rest))
    if kind == "return":
        if len(rest) != 1:
            raise UnreadableStep("return_needs_place")
        what = rest[0]
        if what in ("banker", "historian"):
            return Step("return", (what,))
        if _POS.fullmatch(what):
            return Step("return", (int(what),))
        return Step("return", (_space(what),))
    raise UnreadableStep("unknown_step", kind=kind)
