"""The server's one door into the rules engine.

Every use of ``game`` by the server passes through here, so a rename in the engine
is one edit. Text from a client is parsed with ``parse_step`` before the engine
judges it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from game import State, Step, apply, legal_steps, parse_step
from game.ai import LEVELS, make_player
from game.deal import deal_towns
from game.record import name_refusal, write_record
from game.scoring import final_scores, tiebreak_key
from game.state import VARIANTS
from game.steps import StepError

from .words import Said

__all__ = ["LEVELS", "VARIANTS", "Judged", "Refused", "State", "deal", "draw_first", "judge",
           "legal", "name_problem", "new_seed", "record", "start", "think"]


class Refused(Said):
    """A step the server will not accept: one sentence for the player (see ``Said``)."""


def refusal_of(exc: StepError) -> Said:
    """The engine's refusal as the server says it (``reason.<key>``, its English)."""
    return Said(f"reason.{exc.key}", exc.values, exc.reason)


@dataclass(frozen=True, slots=True)
class Judged:
    state: State
    text: str  # the step in canonical notation, as the log keeps it


def new_seed() -> str:
    return secrets.token_hex(16)


def deal(players: int, seed: str, first_game: bool) -> list[str]:
    return deal_towns(players, seed, first_game=first_game)


def start(names: list[str], towns: list[str], variant: str, first: int = 0) -> State:
    """The deal's first state, ``first`` the seat that plays first."""
    return State.start(names, towns, variant, first)


def name_problem(name: str, others: list[str]) -> Said | None:
    """Why a newcomer cannot sit under ``name`` beside ``others`` (None: they can)."""
    refusal = name_refusal(name)
    if refusal is not None:
        return refusal_of(refusal)
    if name.lower() in (o.lower() for o in others):
        return Said("server.name_taken", {"name": name})
    return None


def judge(st: State, text: str) -> Judged:
    """The state after the step written ``text``, or Refused with the engine's reason."""
    try:
        step: Step = parse_step(text)
        return Judged(apply(st, step), str(step))
    except StepError as exc:
        said = refusal_of(exc)
        raise Refused(said.key, said.values, str(said)) from None


def legal(st: State) -> list[str]:
    return [] if st.over else [str(s) for s in legal_steps(st)]


def draw_first(players: int, rng: object) -> int:
    """The starting seat, drawn at random (``rng``: ``random.Random``-like)."""
    return int(rng.randrange(players))  # type: ignore[attr-defined]


def places(st: State) -> list[int]:
    """Each seat's place at the end of a game (1: the winner; seats the tiebreaks
    cannot part share a place), as a rating of the game reads it."""
    scores = final_scores(st)
    keys = [tiebreak_key(st, seat, scores) for seat in range(st.n)]
    return [1 + sum(other > key for other in keys) for key in keys]


def think(player: object, st: State) -> str:
    """A computer player's next step (run on a worker thread, never the event loop)."""
    return str(player.choose(st))  # type: ignore[attr-defined]


def computer(level: str, seed: str) -> object:
    return make_player(level, seed)


def record(names: list[str], towns: list[str], steps: list[str], variant: str,
           seed: str, first: int = 0) -> str:
    """The game's record. A record names the players in turn order, the starting
    player first: a game begun at another seat is written with its names rotated
    (the same steps replay it, as the rules treat every seat alike but for the order)."""
    order = names[first:] + names[:first]
    return write_record(order, towns, steps, variant, [("Seed", seed)])


def replay(names: list[str], towns: list[str], variant: str, steps: list[str],
           first: int = 0) -> State:
    st = start(names, towns, variant, first)
    for text in steps:
        st = apply(st, parse_step(text))
    return st
