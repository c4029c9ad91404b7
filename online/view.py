"""What one seat (or a spectator) may see: the one function that builds it.

The engine's state holds the whole deal, face-down towns included, and the table
keeps the deal's seed; neither may leave the server before the game ends. Every
message that describes a table is built by ``seat_view`` from the full state, so
there is exactly one place to check (boardgame.io's playerView leaks came from
messages built elsewhere: logs, errors, undo; here they all go through this).
"""

from __future__ import annotations

from .engine import State, legal

# Fields of the engine state that are public: everything except the deal itself.
_PUBLIC = ("names", "variant", "revealed", "goods", "buildings", "ships", "stock", "lisboa",
           "wealth", "vp", "speed", "tech_owner", "active", "ap", "phase", "flags",
           "map_pending", "last_seat", "india", "turn", "over", "scores", "winners")


# The last state asked for and its public part, as one tuple (read and replaced whole,
# so servers on two threads never pair one state with another's part).
_last: tuple = (None, None)


def public_state(st: State) -> dict:
    """The public part of a state (a fresh dict; the last one is remembered, since
    every watcher of a table asks for the same state after each step)."""
    global _last
    known, part = _last
    if known is st:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in part.items()}
    data = st.to_dict()
    out = {name: data[name] for name in _PUBLIC}
    out["towns_face_up"] = list(st.board.towns[: st.revealed])
    out["face_down"] = st.size - st.revealed
    _last = (st, out)
    return {k: (list(v) if isinstance(v, list) else v) for k, v in out.items()}


def seat_view(st: State, seat: int | None, steps: list[str] | None, record: str | None,
              number: int) -> dict:
    """Everything a seat (``None``: a spectator) is told about a table.

    ``steps`` (left out of an update, which carries only its new step) are in
    notation, which names places by position, never a card; the record (towns and
    seed) is added only once the game is over. ``number`` is the next step's number."""
    view: dict = {"state": public_state(st), "number": number, "seat": seat}
    if steps is not None:
        view["steps"] = list(steps)
    if seat is not None and not st.over and st.active == seat:
        view["legal"] = legal(st)
    if st.over and record is not None:
        view["record"] = record
        view["state"]["towns"] = list(st.board.towns)
    return view
