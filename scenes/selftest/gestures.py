"""A robot hand: performs a step of the notation at the table with real mouse events.

The smoke run and the UI tests play through the same path a person does: events
are posted to pygame's queue at positions taken from the layout, and the app's own
loop delivers them. ``Hand.play(step)`` drags the markers, clicks the buttons,
answers the prompts and checks that the table made that step. A hand made with
``clicks=True`` never holds a button while it moves, as a player who can click but
not drag (eye gaze, a head mouse, a tremor): each marker is clicked, then the pointer
moves with no button down, then its place is clicked. ``posted`` keeps every event
it sent, for a test to read.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import pygame

from game.rules import return_amount
from game.steps import Step, parse_step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.scene import Scene
from scenes.table.scene import TableScene
from scenes.ui.overlays import Confirm, ContextMenu, Handoff

#: How long a frame waits for the network's threads while a wait goes on (seconds).
NAP = 0.002


def frames_until(app: App, ok: Callable[[], object], seconds: float = 20.0,
           dt: float = 1 / 30) -> bool:
    """Frames of ``app`` until ``ok()`` holds (True) or ``seconds`` have passed (False).

    A frame drawn headless takes a fraction of a millisecond, so a count of frames
    alone is no bound for what the network's threads do meanwhile: each frame here
    leaves them ``NAP`` seconds, and the bound is in time (and so in frames too)."""
    deadline = time.monotonic() + seconds
    for _ in range(int(seconds / NAP) + 1):
        if ok():
            return True
        app.run(max_frames=app.frames + 1, fixed_dt=dt)
        time.sleep(NAP)
        if time.monotonic() > deadline:
            break
    return bool(ok())


class GestureError(AssertionError):
    """The table did not do what the gesture meant."""


class Hand:
    """Mouse gestures on the app's table scene."""

    def __init__(self, app: App, dt: float = 1 / 30, clicks: bool = False) -> None:
        self.app = app
        self.dt = dt
        self.clicks = clicks
        self.posted: list[pygame.event.Event] = []
        self._down = False

    # ----- the raw gestures ------------------------------------------------------------
    def frames(self, n: int = 2) -> None:
        self.app.run(max_frames=self.app.frames + n, fixed_dt=self.dt)

    def until(self, ok: Callable[[], object], seconds: float = 20.0) -> None:
        """Frames until ``ok()`` holds (see ``frames_until``); reaching the bound fails."""
        if not frames_until(self.app, ok, seconds, self.dt):
            top = self.top()
            raise GestureError(f"never reached; top is {top!r}, status "
                               f"{getattr(getattr(top, 'view', None), 'status', None)!r}")

    def post(self, kind: int, pos: tuple[int, int], button: int = 1) -> None:
        if kind == pygame.MOUSEMOTION:
            held = (1, 0, 0) if self._down else (0, 0, 0)
            event = pygame.event.Event(kind, pos=gfx.to_window(pos), rel=(0, 0), buttons=held)
        else:
            event = pygame.event.Event(kind, pos=gfx.to_window(pos), button=button)
            if button == 1:
                self._down = kind == pygame.MOUSEBUTTONDOWN
        self.posted.append(event)
        pygame.event.post(event)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEMOTION, pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos, button)
        self.post(pygame.MOUSEBUTTONUP, pos, button)
        self.frames()

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        if self.clicks:
            self.click_move(start, end)
            return
        self.post(pygame.MOUSEMOTION, start)
        self.post(pygame.MOUSEBUTTONDOWN, start)
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        self.post(pygame.MOUSEMOTION, mid)
        self.post(pygame.MOUSEMOTION, end)
        self.post(pygame.MOUSEBUTTONUP, end)
        self.frames()

    def click_move(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A marker moved by two clicks, no button held while the pointer travels."""
        self.click(start)
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        self.post(pygame.MOUSEMOTION, mid)
        self.post(pygame.MOUSEMOTION, end)
        self.frames()
        self.click(end)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        self.frames()

    # ----- the table -------------------------------------------------------------------
    @property
    def table(self) -> TableScene:
        for scene in reversed(self.app.stack.scenes):
            if isinstance(scene, TableScene):
                return scene
        raise GestureError("no table scene on the stack")

    def at(self, zone: str) -> tuple[int, int]:
        return self.table.layout.rect(zone).center

    def top(self) -> Scene | None:
        return self.app.stack.top

    def dismiss_handoff(self) -> None:
        for _ in range(3):
            if isinstance(self.top(), Handoff):
                self.frames(10)  # the handoff's grace time
                self.click((960, 540))

    def answer(self, yes: bool) -> None:
        confirm = self.top()
        if not isinstance(confirm, Confirm):
            raise GestureError("no question to answer")
        self.click(confirm.buttons[0 if yes else 1].rect.center)

    def menu_choose(self, row: int = 0) -> None:
        menu = self.top()
        if not isinstance(menu, ContextMenu):
            raise GestureError("no menu opened")
        self.click((menu.rect.x + 30, menu.rect.y + 6 + row * menu.ROW + menu.ROW // 2))

    # ----- a whole step -------------------------------------------------------------------
    def perform(self, step: Step | str) -> None:
        """Make the gestures of one step (without checking the result)."""
        step = parse_step(step) if isinstance(step, str) else step
        st = self.table.state
        seat = st.active
        kind, args = step.kind, step.args
        if kind == "employ":
            self.drag(self.at(Z.stock(seat)), self.at(Z.lisboa(seat)))
        elif kind == "speed":
            speed = st.speed[seat]
            self.drag(self.at(Z.speed(seat, speed)), self.at(Z.speed(seat, speed + 1)))
        elif kind == "tech":
            self.drag(self.at(Z.scientist(seat, 1)), self.at(Z.tech(args[0])))
        elif kind == "move":
            for src, via, dst in args:
                start = self.at(Z.lisboa(seat)) if src == 0 else self.at(Z.ship(src, seat))
                self.drag(start, self.at(Z.sea(dst if dst else via)))
            self.click(self.at(Z.button("sail")))
        elif kind == "cargo":
            _, p, k = args[0]
            self.drag(self.at(Z.ship(p, seat)), self.at(Z.goods(p, k)))
        elif kind == "build":
            (_, p, k), source = args
            start = self.at(Z.ship(p, seat) if source is None else Z.space(source))
            self.drag(start, self.at(Z.building(p, k)))
        elif kind == "sell":
            for _, p, k in args:
                self.drag(self.at(Z.goods(p, k)), self.at(Z.lisboa(seat)))
            self.click(self.at(Z.button("sell")))
        elif kind == "done":
            self.click(self.at(Z.button("done")))
        elif kind == "end":
            self.click(self.at(Z.button("end_turn")))
            if isinstance(self.top(), Confirm):
                self.answer(True)
        elif kind == "return":
            target = args[0]
            if target == "banker":
                zone = Z.banker(seat, return_amount(st, seat, "banker"))
            elif target == "historian":
                zone = Z.historian(seat, return_amount(st, seat, "historian"))
            elif isinstance(target, int):
                zone = Z.ship(target, seat)
            else:
                zone = Z.space(target)
            self.click(self.at(zone), button=3)
            self.menu_choose(0)
        elif kind == "bank":
            self.click(self.at(Z.tech("bank-system")))
        elif kind == "geography":
            self.click(self.at(Z.tech("geography")))
            for space in args:
                self.click(self.at(Z.space(space)))
            self.click(self.at(Z.tech("geography")))
        elif kind == "map":
            if isinstance(self.top(), Confirm):
                self.answer(True)
            else:
                self.click(self.at(Z.tech("map")))
        else:
            raise GestureError(f"no gesture for {kind}")

    def play(self, step: Step | str) -> None:
        """Perform a step and check that the session took exactly it (plus, after a
        voyage, the Done the table adds itself when nothing can follow)."""
        text = str(parse_step(step) if isinstance(step, str) else step)
        session = self.table.session
        before = len(session.steps)
        self.perform(text)
        made = session.steps[before:before + 1]
        if made != [text] and not _same_voyage(made, text):
            status = self.table.view.status
            raise GestureError(f"{text!r} made {session.steps[before:]} ({status})")
        if text.startswith("move") and isinstance(self.top(), Confirm):
            self.answer(False)  # the Map prompt: play() follows the record, which says no
        self.dismiss_handoff()


def _same_voyage(made: Sequence[str], text: str) -> bool:
    """A drop on a sea stages the plainest move there: ``L-4`` for ``L@4`` when both
    are legal, which changes nothing on the table."""
    if not made or not text.startswith("move") or not made[0].startswith("move"):
        return False
    a, b = parse_step(made[0]).args, parse_step(text).args
    return sorted((s != 0, s, d) for s, _v, d in a) == sorted((s != 0, s, d) for s, _v, d in b)


__all__ = ["GestureError", "Hand"]
