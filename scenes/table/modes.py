"""How the table is played: free play (the default) or the lesson, as a mode it is
given, instead of checks on ``self.lesson`` spread through the scene.

A mode may guard every step (the lesson lets through only the step it waits for),
narrow where a picked-up marker may go, answer H, say something after a drop it did
not take, keep its step lit, and draw a panel of its own. It answers in results
(``scenes.core.intents``) the table presents; it never calls the table.
"""

from __future__ import annotations

import pygame

from game.state import State
from game.steps import Step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.intents import Lit, Result, Said
from scenes.core.layout import Layout
from scenes.core.session import GameSession
from scenes.table.lesson import Coach, LessonPacing
from scenes.table.lessonpanel import LessonPanel
from scenes.table.pacing import Pacing
from scenes.table.targets import Drop, Staging
from scenes.text.catalog import t


class FreePlay:
    """Every legal step is the player's; H lights what a medium player would do."""

    #: The lesson's coach and panel (None in free play).
    coach: Coach | None = None
    panel: LessonPanel | None = None

    def pacing(self, session: GameSession) -> Pacing:
        """The computer seats this machine plays: only those held here (an online
        table's computers are the server's, and play there)."""
        here = set(session.seats_here())
        kinds = [kind if seat in here else "elsewhere" for seat, kind in enumerate(session.seats)]
        return Pacing(kinds, seed=session.tag_seed())

    def guard(self, step: Step | None) -> str | None:
        """None lets ``step`` (None: an undo) through; else the status key that
        refuses it."""
        return None

    def drops(self, drops: dict[str, Drop], staging: Staging) -> dict[str, Drop]:
        return drops

    def dropped_elsewhere(self, layout: Layout, origin: tuple[int, int],
                          pos: tuple[int, int], reason: str | None) -> list[Result]:
        """A drop that made nothing (``reason``: the engine's, None when legal)."""
        return []

    def hint(self) -> Said | None:
        """H: the mode's own hint (None: the actions' Hint)."""
        return None

    @property
    def ended(self) -> bool:
        """Whether the mode has handed the table over to free play."""
        return False

    def follow(self, dt: float, st: State, staging: Staging,
               free: bool) -> tuple[list[Result], bool]:
        """Each frame (``free``: no marker held, no choice under way): what to show,
        and whether the status line should go back to its standing sentence."""
        return [], False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def contains(self, pos: tuple[int, int]) -> bool:
        return False

    def draw(self, surface: gfx.Canvas, layout: Layout, lit: set[str], st: State,
             palette: str) -> None:
        pass

    def buttons(self, states: dict[str, str]) -> dict[str, str]:
        """The game buttons' looks (``art.BUTTON_STATES``) from the actions' own."""
        return states


class LessonMode(FreePlay):
    """The lesson: its coach, consulted before every move, and its panel, standing
    where a fourth board would."""

    def __init__(self, coach: Coach, layout: Layout) -> None:
        self.coach = self._coach = coach  # (the mode's own: never None here)
        self.panel = LessonPanel(layout.rect("board_3"), coach)
        self._on_page = False  # the lesson awaited Next last frame (a page, a turn told)
        self._wanted: frozenset[str] = frozenset()  # the zones of the lesson's step

    def pacing(self, session: GameSession) -> Pacing:
        # the computer seats play the lesson's script until it hands over
        return LessonPacing(self._coach, session.seats, seed=session.tag_seed())

    def guard(self, step: Step | None) -> str | None:
        """Only the step the lesson waits for; anything else (an undo: None) is refused
        with its hint."""
        if self._coach.permits(step):
            return None
        self._coach.nudge()
        return "lesson.no_undo" if step is None else "lesson.status.other"

    def drops(self, drops: dict[str, Drop], staging: Staging) -> dict[str, Drop]:
        return self._coach.drops(drops, staging)

    def dropped_elsewhere(self, layout: Layout, origin: tuple[int, int],
                          pos: tuple[int, int], reason: str | None) -> list[Result]:
        """The step's hint in the lesson panel (the engine's reason, if the move was
        illegal, stays on the status line). A marker put back where it was picked up
        needs no hint."""
        here = layout.zones_at(pos)
        if reason is None and here and here[0] in layout.zones_at(origin):
            return []
        self._coach.nudge()
        return [Said.of("lesson.status.other")] if reason is None else []

    def hint(self) -> Said | None:
        if self._coach.finished:
            return None
        return Said.of("status.hint", sentence=t(self._coach.hint(), **self._coach.words()[1]))

    @property
    def ended(self) -> bool:
        return self._coach.finished

    def follow(self, dt: float, st: State, staging: Staging,
               free: bool) -> tuple[list[Result], bool]:
        """Keep the lesson's step lit (the marker to pick up, where it goes) while the
        table is free, and the status line asking for Next on a page."""
        assert self.panel is not None
        self.panel.update(dt)
        if self._coach.finished:
            return [], False
        out: list[Result] = []
        self._wanted = frozenset(self._coach.zones(st, staging))
        if free:
            out.append(Lit(self._wanted))
        # the arrow at where the move starts, while no marker is in the hand
        self.panel.target = self._coach.target(st, staging) if free else None
        standing = False
        if self._coach.awaiting != self._on_page:
            self._on_page = self._coach.awaiting
            if self._on_page:
                out.append(Said.of(self._coach.hint(), **self._coach.words()[1]))
            else:
                standing = True
        return out, standing

    def handle(self, event: pygame.event.Event) -> bool:
        assert self.panel is not None
        return self.panel.handle(event)

    def contains(self, pos: tuple[int, int]) -> bool:
        assert self.panel is not None
        return self.panel.contains(pos)

    def draw(self, surface: gfx.Canvas, layout: Layout, lit: set[str], st: State,
             palette: str) -> None:
        assert self.panel is not None
        self.panel.draw_marks(surface, layout, lit)
        self.panel.draw(surface, st, palette)
        self.panel.draw_pointer(surface, layout, st, lit)

    def buttons(self, states: dict[str, str]) -> dict[str, str]:
        """A game button the lesson does not want now (End turn while it asks for a
        drag, Done on a page) is not lit: it looks disabled, as the lesson would refuse
        it (Undo keeps the actions' look: it takes back what is staged)."""
        if self._coach.finished:
            return states
        return {zone: ("disabled" if zone != Z.button("undo") and zone not in self._wanted
                       else state) for zone, state in states.items()}


__all__ = ["FreePlay", "LessonMode"]
