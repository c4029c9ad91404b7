"""The engine's refusals in the player's language.

The engine refuses a step with a key and values (``game.steps.REASONS`` holds the
English templates, which ``catalog`` files under ``reason.<key>``); this module says
a refusal through ``t``, so "speed is 1, sea 3 is 3 away" can be said in every
language the client speaks. A record that cannot be read is refused the same way
(``game.record.RECORD_ERRORS``, keys ``record.<key>``), the step or name refusal
inside it said in the same language.
"""

from __future__ import annotations

from game.record import RecordError
from game.steps import StepError
from scenes.text.catalog import t


def reason_text(refusal: StepError) -> str:
    """A refusal as a sentence in the current language."""
    values = dict(refusal.values)
    if "tech" in values:
        values["tech"] = t(f"tech.{values['tech']}")
    return t(f"reason.{refusal.key}", **values)


def record_error_text(error: ValueError) -> str:
    """Why a record (or the autosave) cannot be opened, in the current language; any
    other ValueError as it was said."""
    if not isinstance(error, RecordError):
        return str(error)
    values = dict(error.values)
    if error.refusal is not None:
        values["reason"] = reason_text(error.refusal)
    text = t(f"record.{error.key}", **values)
    if error.line is not None:
        text = t("record.at_line", line=error.line, message=text)
    return f"{error.source}: {text}" if error.source else text


__all__ = ["reason_text", "record_error_text"]
