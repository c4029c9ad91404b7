"""What one seat (or a spectator) may see: the one place that builds it.

The engine's state holds the whole deal, face-down towns included, and the table
keeps the deal's seed; neither may leave the server before the game ends. Every
message that describes a table is built here from the full state, so there is
exactly one place to check (boardgame.io's playerView leaks came from messages built
elsewhere: logs, errors, undo; here they all go through this).

A view is what every watcher may see (``table_view``, built once for all of them)
and what is one seat's own (``seat_part``: whom it is for, and the legal steps of the
seat to move); ``seat_view`` is the two together.
"""

from __future__ import annotations

from typing import Any

from .engine import State, legal

# Fields of the engine state that are public: everything except the deal itself.
_PUBLIC = ("names", "variant", "revealed", "goods", "buildings", "ships", "stock", "lisboa",
           "wealth", "vp", "speed", "tech_owner", "active", "ap", "phase", "flags",
           "map_pending", "last_seat", "india", "turn", "over", "scores", "winners")


def public_state(st: State) -> dict[str, Any]:
    """The public part of a state (fresh: its lists are its own)."""
    data = st.to_dict()
    out = {name: data[name] for name in _PUBLIC}
    out["towns_face_up"] = list(st.board.towns[: st.revealed])
    out["face_down"] = st.size - st.revealed
    return out


def table_view(st: State, steps: list[str] | None, record: str | None,
               number: int) -> dict[str, Any]:
    """What every watcher of a table is told of its game (the same objects for all:
    nobody changes them). ``steps`` (left out of an update, which carries only its
    new step) are in notation, which names places by position, never a card; the
    record (towns and seed) is added only once the game is over. ``number`` is the
    next step's number."""
    view: dict[str, Any] = {"state": public_state(st), "number": number}
    if steps is not None:
        view["steps"] = list(steps)
    if st.over and record is not None:
        view["record"] = record
        view["state"]["towns"] = list(st.board.towns)
    return view


def seat_part(st: State, seat: int | None, listed: list[str] | None = None) -> dict[str, Any]:
    """What is one seat's own (``None``: a spectator): whom the message is for, and the
    legal steps when it is that seat's turn (``listed``: the listing, when the caller
    made it already)."""
    part: dict[str, Any] = {"seat": seat}
    if seat is not None and not st.over and st.active == seat:
        part["legal"] = legal(st) if listed is None else listed
    return part


def seat_view(st: State, seat: int | None, steps: list[str] | None, record: str | None,
              number: int) -> dict[str, Any]:
    """Everything a seat (``None``: a spectator) is told about a table's game."""
    return {**table_view(st, steps, record, number), **seat_part(st, seat)}
