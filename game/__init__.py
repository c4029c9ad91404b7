"""The rules engine of Sail to India: pure Python, standard library only.

Nothing here draws or imports pygame; the client in ``scenes`` asks this package
what is legal and submits steps to it.
"""

from .rules import IllegalStep, apply, is_legal, legal_steps, why_not
from .state import State
from .steps import Step, parse_step

__all__ = ["IllegalStep", "State", "Step", "apply", "is_legal", "legal_steps", "parse_step",
           "why_not"]
