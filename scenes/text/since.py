""""Since you left": what the others did while the player was away from a table, in a
few sentences.

Why: at a table played over days the log holds dozens of steps since the player last
looked; read one by one they hide what matters (who sailed where, discovered what,
sold, built). This sums them up per player, in the order they played, from the
states before and after each step (as the log's narration does, never from the
engine's internals); the table shows it over the steps marked in the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules import apply, sale_value
from game.state import State
from game.steps import Step
from game.words import message, phrase, plural_message, table

from .narrate import Sentence

SINCE_TEXT_EN = table(
    plural_message("since.turns", "Since you last looked, {count} turn was played:",
                   "Since you last looked, {count} turns were played:"),
    plural_message("since.steps", "Since you last looked, {count} step was played:",
                   "Since you last looked, {count} steps were played:"),
    plural_message("since.voyages", "{name} made {count} voyage.",
                   "{name} made {count} voyages."),
    message("since.discovered", "{name} discovered the town at {pos} (+{vp} VP)."),
    message("since.india", "{name} reached India at {pos} (+{vp} VP)!"),
    plural_message("since.sold", "{name} sold {count} trade good: +{wealth} wealth, +{vp} VP.",
                   "{name} sold {count} trade goods: +{wealth} wealth, +{vp} VP."),
    plural_message("since.built", "{name} built {count} building.",
                   "{name} built {count} buildings."),
    message("since.tech", "{name} acquired {tech}."),
    message("since.nothing", "{name} played without sailing, selling or building."),
    message("since.final_round", "The end is near: the final round has begun."),
    message("since.over", "The game is over."),
    message("since.play", "Replay them"),
    message("since.skip", "Skip"),
)


@dataclass
class _Deeds:
    """What one player did in the steps summed up."""

    voyages: int = 0
    discovered: list[tuple[int, int, bool]] = field(default_factory=list)  # pos, vp, India
    goods: int = 0
    wealth: int = 0
    vp: int = 0
    built: int = 0
    techs: list[str] = field(default_factory=list)


def since_you_left(before: State, steps: Sequence[Step]) -> list[Sentence]:
    """The summary of ``steps`` played from ``before``: a heading, then each player's
    deeds in the order they first played, then the end's news. Empty without steps."""
    if not steps:
        return []
    deeds: dict[int, _Deeds] = {}
    st = before
    turns = 0
    for step in steps:
        seat = st.active
        after = apply(st, step)
        d = deeds.setdefault(seat, _Deeds())
        if step.kind == "move":
            d.voyages += 1
            if after.revealed != st.revealed:
                pos = after.revealed
                d.discovered.append((pos, after.vp[seat] - st.vp[seat], pos == after.size))
        elif step.kind == "sell":
            _, wealth, vp = sale_value(st, seat, step.args)
            d.goods += len(step.args)
            d.wealth += wealth
            d.vp += vp
        elif step.kind == "build":
            d.built += 1
        elif step.kind == "tech":
            d.techs.append(str(step.args[0]))
        elif step.kind == "end":
            turns += 1
        st = after
    out: list[Sentence] = [("since.turns", {"count": turns}) if turns
                           else ("since.steps", {"count": len(steps)})]
    for seat, d in deeds.items():
        name = before.names[seat]
        said: list[Sentence] = []
        if d.voyages:
            said.append(("since.voyages", {"name": name, "count": d.voyages}))
        for pos, vp, india in d.discovered:
            said.append(("since.india" if india else "since.discovered",
                         {"name": name, "pos": pos, "vp": vp}))
        if d.goods:
            said.append(("since.sold", {"name": name, "count": d.goods, "wealth": d.wealth,
                                        "vp": d.vp}))
        if d.built:
            said.append(("since.built", {"name": name, "count": d.built}))
        said += [("since.tech", {"name": name, "tech": phrase(f"tech.{tech}")})
                 for tech in d.techs]
        out += said or [("since.nothing", {"name": name})]
    if st.over and not before.over:
        out.append(("since.over", {}))
    elif st.final_round and not before.final_round:
        out.append(("since.final_round", {}))
    return out


__all__ = ["SINCE_TEXT_EN", "since_you_left"]
