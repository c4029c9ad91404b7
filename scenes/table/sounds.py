"""What a step sounds like: a pure function of (before, step, after) and its film.

The table plays what this returns and decides nothing about sound itself, so the
sounds of any step are known (and tested) without a mixer: the film's own cues, the
drop's click left out when the player's drop has clicked already, then the turn
passing, the final round's horn or the end's cadence.
"""

from __future__ import annotations

from game.state import State
from game.steps import Step
from scenes.table.animations import Cue


def step_sounds(before: State, step: Step, after: State, cues: list[Cue], *,
                dropped: bool, film_length: float | None) -> tuple[list[Cue], list[str]]:
    """The cues a step's film plays as it reaches them, and the effects heard at once.

    ``cues`` are the film's (or, with no film, ``animations.cues`` at the normal
    speed); ``film_length`` is the film's length in seconds (None: no film, so every
    sound is heard at once); ``dropped``: the step came from the player's drop."""
    if dropped:
        cues = [c for c in cues if c.name != "drop"]
    filmed = film_length is not None
    now = [] if filmed else [c.name for c in cues]
    then = None
    if after.over:
        now.append("game_end")  # the table leaves now: the cadence cannot wait
    elif after.final_round and not before.final_round:
        then = "final_round"
    elif step.kind == "end":
        then = "turn"
    if then is not None and film_length is not None:
        cues = [*cues, Cue(film_length, then)]
    elif then is not None:
        now.append(then)
    return (cues if filmed else []), now


__all__ = ["step_sounds"]
