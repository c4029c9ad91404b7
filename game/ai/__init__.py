"""Computer players for Sail to India (pure Python, standard library only).

``make_player(level, seed)`` gives a player with ``choose(st) -> Step``;
``hint(st)`` is a computer player's next step for a human who asks. The levels and
their design are described in ``players`` (easy, medium, hard) and ``expert`` (the
search); ``tournament`` pits them against each other (``python -m game tournament``).
"""

from .players import (
    BASELINES,
    LEVELS,
    EasyPlayer,
    Expert1Player,
    ExpertPlayer,
    HardPlayer,
    MediumPlayer,
    Player,
    hint,
    make_player,
)
from .view import determinize, seat_view

__all__ = ["BASELINES", "LEVELS", "EasyPlayer", "Expert1Player", "ExpertPlayer", "HardPlayer",
           "MediumPlayer", "Player", "determinize", "hint", "make_player", "seat_view"]
