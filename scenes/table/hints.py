"""Which zones of the table a step concerns, to light a hint without playing it.

The Hint button asks the medium computer player (``game.ai.players.hint``) what it
would do; this module turns that step into the zones to light: the marker to pick up,
where it goes, and the button that would commit it.
"""

from __future__ import annotations

from game.state import State
from game.steps import Step, parse_step
from scenes.core import zones as Z


def step_zones(st: State, step: Step | str) -> set[str]:
    """The table zones a step concerns (to light them up for a hint)."""
    step = parse_step(step) if isinstance(step, str) else step
    seat = st.active
    kind, args = step.kind, step.args
    zones: set[str] = set()
    if kind == "employ":
        zones |= {Z.stock(seat), Z.lisboa(seat)}
    elif kind == "speed":  # the ship builder, and the space it moves to
        zones |= {Z.speed(seat, st.speed[seat]), Z.speed(seat, st.speed[seat] + 1)}
    elif kind == "tech":
        zones |= {Z.tech(args[0]), Z.scientists(seat)}
    elif kind == "move":
        for src, via, dst in args:
            zones.add(Z.lisboa(seat) if src == 0 else Z.sea(src))
            zones.add(Z.sea(dst))
            if via:
                zones.add(Z.sea(via))
        zones.add(Z.button("sail"))
    elif kind in ("cargo", "build"):
        zones.add(Z.space(args[0]))
        source = args[1] if kind == "build" else None
        zones.add(Z.sea(args[0][1]) if source is None else Z.space(source))
    elif kind == "sell":
        zones |= {Z.space(space) for space in args}
        zones |= {Z.lisboa(seat), Z.button("sell")}
    elif kind == "geography":
        zones |= {Z.space(space) for space in args}
        zones.add(Z.tech("geography"))
    elif kind == "return":
        target = args[0]
        if target == "banker":
            zones.add(Z.bankers(seat))
        elif target == "historian":
            zones.add(Z.historians(seat))
        elif isinstance(target, int):
            zones.add(Z.sea(target))
        else:
            zones.add(Z.space(target))
    elif kind == "bank":
        zones.add(Z.tech("bank-system"))
    elif kind == "map":
        zones.add(Z.tech("map"))
    elif kind == "done":
        zones.add(Z.button("done"))
    elif kind == "end":
        zones.add(Z.button("end_turn"))
    return zones


__all__ = ["step_zones"]
