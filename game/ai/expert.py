"""The expert player (in the making: it starts as ``expert-1``'s search)."""

from __future__ import annotations

from .expert1 import Expert1Player

__all__ = ["ExpertPlayer"]


class ExpertPlayer(Expert1Player):
    level = "expert"
