"""What a computer player may know: the seat's view, and deals of what it cannot see.

The engine's ``State`` carries the whole deal, face-down towns included, because
the record must replay identically. A player must not read those cards. So every
computer player, of every level, is handed the **seat's view** first
(``seat_view``): the same state with every face-down town replaced by a
placeholder, the unseen cards in sorted order. It is what the online server tells a
seat (``online.view.seat_view`` sends the public fields and the face-up towns, and
the client fills the rest with the same placeholders), and nothing else of the
state passes into a player: two states that differ only in their face-down towns
give the same view, so the players are blind to those cards by construction.

A player plans on *determinizations* of its view: copies in which the placeholders
are replaced by cards drawn, with the player's own random generator, from every card
the seat has not seen (with three players this includes the three cards set aside
unseen).
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..cards import CARDS
from ..state import Board, State

__all__ = ["determinize", "seat_view", "unseen_cards"]


def unseen_cards(st: State) -> list[str]:
    """The card ids a player has not seen, in a fixed (sorted) order."""
    seen = set(st.board.towns[: st.revealed])
    return sorted(t for t in CARDS.towns if t not in seen)


@lru_cache(maxsize=2048)
def _board(towns: tuple[str, ...]) -> Board:
    return Board.of(towns)


def seat_view(st: State) -> State:
    """The state as a seat knows it: a copy whose face-down towns are placeholders
    (the unseen cards, sorted), which depend on nothing but the face-up towns.

    Every field but the deal is the state's own (copied, so the caller's state is
    never touched); a finished game shows every card, so its view is the state."""
    view = st.copy()
    hidden = st.size - st.revealed
    if hidden <= 0 or st.over:
        return view
    face_up = tuple(st.board.towns[: st.revealed])
    view.board = _board(face_up + tuple(unseen_cards(st)[:hidden]))
    return view


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
