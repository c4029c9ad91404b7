"""What a computer player may know: the state with the face-down towns re-dealt.

The engine's ``State`` carries the whole deal, face-down towns included, because
the record must replay identically. A player must not read those cards. Every
computer player therefore plans on a *determinization*: a copy of the state in
which the cards at face-down positions are replaced by cards drawn, with the
player's own random generator, from every card the player has not seen (with three
players this includes the three cards set aside unseen). Two states that differ only
in their face-down cards give the same determinization for the same generator
state, which is what makes the computer provably blind to them.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..cards import CARDS
from ..state import Board, State

__all__ = ["determinize", "unseen_cards"]


def unseen_cards(st: State) -> list[str]:
    """The card ids a player has not seen, in a fixed (sorted) order."""
    seen = set(st.board.towns[: st.revealed])
    return sorted(t for t in CARDS.towns if t not in seen)


@lru_cache(maxsize=2048)
def _board(towns: tuple[str, ...]) -> Board:
    return Board.of(towns)


def determinize(st: State, rng: random.Random) -> State:
    """A copy of ``st`` whose face-down towns are a random draw from the unseen cards.

    Only ``st.revealed`` and the face-up cards are read from the deal. The given
    state is never changed.
    """
    view = st.copy()
    hidden = st.size - st.revealed
    if hidden <= 0:
        return view
    drawn = rng.sample(unseen_cards(st), hidden)
    view.board = _board(tuple(st.board.towns[: st.revealed]) + tuple(drawn))
    return view
