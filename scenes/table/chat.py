"""Table chat at an online table: a line typed in a small box, said in the log.

C opens the box (at a table that has other machines at it); Enter sends the line,
Esc closes. What others say comes out of the session's ``poll`` (``Chat`` news, a
``Chatted`` result) and is shown in the ship's log, as plain text under the speaker's
colour, capped in length by the session; the log keeps the last
``logpanel.CHAT_KEPT`` lines, the older ones scrolled to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes.core import gfx
from scenes.core.session import Chat
from scenes.table.logpanel import LogLine, LogPanel
from scenes.text.catalog import t
from scenes.ui import palette as P
from scenes.ui.focus import Focus, of_widgets
from scenes.ui.label import label
from scenes.ui.overlays import Overlay, parchment_plate
from scenes.ui.widgets import Button, TextField

#: The longest line a player may type (the server's limit is 500).
CHAT_LENGTH = 200


class ChatBox(Overlay):
    """One line for the table; ``on_send(text)`` is called with what was typed."""

    def __init__(self, on_send: Callable[[str], None]) -> None:
        super().__init__()
        self.on_send = on_send
        self.plate = pygame.Rect(0, 0, 1000, 220)
        self.plate.center = (960, 820)
        self.field = TextField((self.plate.x + 40, self.plate.y + 80, 700, 60), "",
                               max_len=CHAT_LENGTH, allowed=lambda ch: ch.isprintable(),
                               placeholder="online.chat.prompt")
        self.field.focused = True
        self.send_button = Button((self.plate.x + 770, self.plate.y + 80, 190, 60),
                                  "online.chat.send", self.send, size=26)
        self.focus = Focus(visible=False)

    def send(self) -> None:
        text = self.field.value.strip()
        self.close()
        if text:
            self.on_send(text)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.send()
                return True
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
        if self.field.handle(event):
            self.field.focused = True  # the box is for typing: it keeps the keys
            return True
        self.send_button.handle(event)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.field.update(dt)

    def draw(self, surface: gfx.Canvas) -> None:
        parchment_plate(surface, self.plate, dim=90, radius=16, seed=5)
        label(surface, t("online.chat.open"), (self.plate.x + 40, self.plate.y + 20, 600, 50),
              "display", 32, P.INK)
        self.field.draw(surface)
        self.send_button.draw(surface)
        self.focus.set_items(of_widgets([self.send_button]))


def put_chat(logpanel: LogPanel, lines: Sequence[Chat], at: int, turn: int) -> None:
    """Chat lines said at an online table (out of its session's ``poll``), put into the
    log after the step ``at`` they were said after."""
    logpanel.add_chat(*(LogLine(at, turn, line.seat,
                                t("online.chat.line", name=line.name, text=line.text), "",
                                chat=True) for line in lines))


__all__ = ["CHAT_LENGTH", "ChatBox", "put_chat"]
