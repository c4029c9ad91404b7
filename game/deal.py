"""New games: the only place randomness enters.

A deal draws the order of the town cards (and, if asked, the starting player) from
a seeded ``random.Random``; everything after the deal is deterministic. The deal is
written into the record's ``[Towns]`` header, so a record replays identically.
"""

from __future__ import annotations

import random

from .cards import CARDS

TOWNS_BY_PLAYERS = {3: 9, 4: 12}


def deal_towns(players: int, seed: int | str | None = None,
               first_game: bool = False) -> list[str]:
    """Card ids for positions 1..N (N = 9 or 12). With three players the cards that
    would lie at 10-12 are set aside unseen, so they are simply not dealt."""
    if players not in TOWNS_BY_PLAYERS:
        raise ValueError(f"Sail to India is for 3 or 4 players, not {players}")
    rng = random.Random(seed)
    ids = sorted(CARDS.towns)
    if first_game:
        head = CARDS.first_game_towns
        rest = [t for t in ids if t not in head]
        rng.shuffle(rest)
        order = head + rest
    else:
        rng.shuffle(ids)
        order = ids
    return order[: TOWNS_BY_PLAYERS[players]]


def random_seat_order(names: list[str], seed: int | str | None = None) -> list[str]:
    """The names rotated so that a randomly drawn player starts (seat order kept)."""
    start = random.Random(f"start:{seed}").randrange(len(names))
    return names[start:] + names[:start]
