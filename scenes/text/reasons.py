"""The engine's refusals in the player's language.

The engine refuses a step with a key and values (``game.steps.REASONS`` holds the
English templates, which ``catalog`` files under ``reason.<key>``); this module says
a refusal through ``t``, so "speed is 1, sea 3 is 3 away" can be said in every
language the client speaks.
"""

from __future__ import annotations

from game.steps import IllegalStep
from scenes.text.catalog import t


def reason_text(refusal: IllegalStep) -> str:
    """A refusal as a sentence in the current language."""
    values = dict(refusal.values)
    if "tech" in values:
        values["tech"] = t(f"tech.{values['tech']}")
    return t(f"reason.{refusal.key}", **values)


__all__ = ["reason_text"]
