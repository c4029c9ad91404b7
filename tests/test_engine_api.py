"""The engine's door: parsed steps inside, text read at named entry points.

``apply``, ``why_not``, ``is_legal`` and ``lost_gains`` take a parsed ``Step``; text
goes through ``parse_step`` or ``apply_text`` / ``why_not_text``, and a step that
cannot be read (``UnreadableStep``) is told from one that is not legal
(``IllegalStep``), both ``StepError``s.
"""

from __future__ import annotations

import pytest

import game
from game import (
    IllegalStep,
    State,
    Step,
    StepError,
    UnreadableStep,
    apply,
    apply_text,
    is_legal,
    legal_steps,
    parse_step,
    why_not,
    why_not_text,
)
from game.deal import deal_towns
from game.rules import lost_gains


def start() -> State:
    return State.start(["Ann", "Bea", "Cy", "Dan"], deal_towns(4, 7))


def test_the_core_takes_parsed_steps_only() -> None:
    st = start()
    for call in (apply, why_not, is_legal, lost_gains):
        with pytest.raises(TypeError, match="apply_text"):
            call(st, "employ")
    assert apply(st, Step("employ")) == apply(st, parse_step("employ"))
    assert is_legal(st, Step("employ")) and why_not(st, Step("done")) is not None


def test_text_that_cannot_be_read_is_not_a_refusal_of_the_rules() -> None:
    st = start()
    for text in ("sail L-1", "cargo 3x1", "move L-\u0663", ""):
        with pytest.raises(UnreadableStep) as caught:
            apply_text(st, text)
        assert not isinstance(caught.value, IllegalStep)
        assert isinstance(caught.value, StepError) and isinstance(caught.value, ValueError)
        assert caught.value.reason and caught.value.key
        assert why_not_text(st, text) == caught.value.reason
    with pytest.raises(UnreadableStep):
        parse_step("sell")


def test_a_step_the_rules_refuse_is_an_illegal_step() -> None:
    st = start()
    with pytest.raises(IllegalStep) as caught:
        apply_text(st, "  cargo 1g1 ")
    assert not isinstance(caught.value, UnreadableStep)
    assert caught.value.key == "only_after_move"
    assert why_not_text(st, "cargo 1g1") == why_not(st, parse_step("cargo 1g1"))
    assert why_not_text(st, "EMPLOY") is None
    assert apply_text(st, "EMPLOY") == apply(st, Step("employ"))


def test_the_package_offers_the_door() -> None:
    for name in ("State", "Step", "apply", "is_legal", "legal_steps", "parse_step", "why_not",
                 "apply_text", "why_not_text", "IllegalStep", "UnreadableStep", "StepError"):
        assert name in game.__all__ and hasattr(game, name), name
    st = start()
    assert all(apply(st, step) for step in legal_steps(st))


def test_the_shipped_package_holds_no_test_reference() -> None:
    import game.ai.evaluate
    import game.listing
    import game.rules

    for module in (game.rules, game.listing, game.ai.evaluate):
        assert not [n for n in vars(module) if n.endswith("_reference")], module.__name__
