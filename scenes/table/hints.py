"""Which zones of the table a step concerns, to light a hint without playing it, and
why the step is worth making.

The Hint button asks the medium computer player (``game.ai.players.hint``) what it
would do; this module turns that step into the zones to light: the marker to pick up,
where it goes, and the button that would commit it; and into one line of why, in the
game's words, read from the engine's states around the step (what it gains, what it
discovers, what it opens next), never from a rule of its own.
"""

from __future__ import annotations

from game.listing import legal_steps
from game.state import State
from game.steps import Step
from scenes.core import zones as Z


def step_zones(st: State, step: Step) -> set[str]:
    """The table zones a step concerns (to light them up for a hint)."""
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


#: What a step may open for its player next, in the order they are named.
OPENS = ("sell", "tech", "build", "speed")


def why(before: State, step: Step, after: State) -> list[tuple[str, dict[str, object]]]:
    """The reasons for a step, as catalog keys and values (at least one): its gain in
    VP and wealth, a town discovered, a trade good taken aboard, and the kinds of
    step it makes possible for the same player."""
    seat = before.active
    out: list[tuple[str, dict[str, object]]] = []
    vp = after.vp[seat] - before.vp[seat]
    if vp > 0:
        out.append(("hint.why.vp", {"count": vp}))
    wealth = after.wealth[seat] - before.wealth[seat]
    if wealth > 0:
        out.append(("hint.why.wealth", {"count": wealth}))
    if after.revealed > before.revealed:
        out.append(("hint.why.discover", {}))
    if step.kind == "cargo":
        out.append(("hint.why.cargo", {}))
    if after.active == seat and not after.over and step.kind not in ("end", "done"):
        was = {s.kind for s in legal_steps(before)}
        now = {s.kind for s in legal_steps(after)}
        opened = [kind for kind in OPENS if kind in now - was]
        if opened:
            out.append(("hint.why.opens", {"kinds": opened}))
    if not out:
        out.append((f"hint.why.{step.kind}" if step.kind in ("employ", "speed", "move",
                                                             "tech", "build", "end")
                    else "hint.why.plain", {}))
    return out


__all__ = ["OPENS", "step_zones", "why"]
