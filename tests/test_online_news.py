"""What an online table has to tell waits in an ``Outbox`` until ``poll`` takes it:
in order, and bounded however long nobody takes it."""

from __future__ import annotations

from game.outcome import Chat, Notice, Outcome
from game.words import Phrase
from online.news import CHAT_KEPT, NOTICES_KEPT, Outbox


def test_news_wait_in_order_and_bounded_while_nobody_polls() -> None:
    box = Outbox()
    step = Outcome(True, "employ")
    box.add([step])
    for n in range(CHAT_KEPT + 50):
        box.chat(Chat(1, "Bob", f"line {n}"))
    for n in range(NOTICES_KEPT + 10):
        box.note(Phrase("online.rested", {"count": n}))
    held = box.held
    chats = [n for n in held if isinstance(n, Chat)]
    notices = [n for n in held if isinstance(n, Notice)]
    assert held[0] == step  # (an outcome is never dropped: the game would be lost)
    assert len(chats) == CHAT_KEPT and chats[-1].text == f"line {CHAT_KEPT + 49}"
    assert len(notices) == NOTICES_KEPT and notices[0].said == Phrase(
        "online.rested", {"count": 10})
    box.forget_steps()  # a screen that only waits for the start: no step told
    assert step not in box.held and len(box.held) == CHAT_KEPT + NOTICES_KEPT
    assert len(box.take()) == CHAT_KEPT + NOTICES_KEPT and box.held == ()
