"""The rules engine of Sail to India: pure Python, standard library only.

Nothing here draws or imports pygame; the client in ``scenes`` asks this package
what is legal and submits steps to it. The core takes parsed steps (``Step``):
text is read by ``parse_step`` (``UnreadableStep`` when it is not a step) or by
``apply_text``, and a step the rules refuse raises ``IllegalStep``.
"""

from .listing import legal_steps
from .rules import apply, apply_text, is_legal, why_not, why_not_text
from .state import State
from .steps import IllegalStep, Step, StepError, UnreadableStep, parse_step

__all__ = ["IllegalStep", "State", "Step", "StepError", "UnreadableStep", "apply",
           "apply_text", "is_legal", "legal_steps", "parse_step", "why_not", "why_not_text"]
