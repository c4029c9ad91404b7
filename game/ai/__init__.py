"""Computer players for Sail to India (pure Python, standard library only).

``make_player(level, seed)`` gives a player with ``choose(st) -> Step``;
``hint(st)`` is a computer player's next step for a human who asks. The levels and
their design are described in ``players`` (easy, medium, hard, expert), ``expert1``
(the expert's search) and ``expert`` (the tree search, measured, not offered);
``tournament`` pits them against each other (``python -m game tournament``).
"""

from .players import (
    BASELINES,
    EXPERIMENTS,
    LEVELS,
    EasyPlayer,
    Expert1Player,
    ExpertPlayer,
    HardPlayer,
    MediumPlayer,
    Player,
    TreeExpertPlayer,
    hint,
    make_player,
)
from .view import determinize, seat_view

__all__ = ["BASELINES", "EXPERIMENTS", "LEVELS", "EasyPlayer", "Expert1Player", "ExpertPlayer",
           "HardPlayer", "MediumPlayer", "Player", "TreeExpertPlayer", "determinize", "hint",
           "make_player", "seat_view"]
