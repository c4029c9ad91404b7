"""A seeded UI monkey: thousands of random events at a real table, every one checked.

``python -m scenes.devtools --monkey N --seed S`` (tests/test_ui_monkey.py, briefly) deals a
game and throws N events at the window through pygame's own queue, as a restless
player would: clicks, right clicks and drags between random zones and random points,
picks in whatever menu or overlay is open (the pause menu, a right-click menu, a
question, the settings, the rules), keys (Esc, Enter, Space, Tab, the arrows, F1, H,
Ctrl+Z, M, letters), window resizes (on a real screen, full screen on and off too),
pauses long enough for tooltips and films, and, mixed in, legal steps made through
the gesture robot (``gestures.Hand``) so that the game moves on through every phase.
Wherever the events lead (the title, setup, a lesson, the scoring screen, a review),
the monkey follows, and brings the table back when it has been away a while. Under a
real X server (``SDL_VIDEODRIVER=x11 DISPLAY=:N``) it drives the real window.

After every event: no exception escaped, and every player still has their 13
markers, in the game and in the table's picture of it (the staged voyage or sale
included). Whenever a game is left, and at the end: its record replays to its state,
and its autosave is that record. Time is stepped by hand (``App.run`` with a fixed
``dt``) and a thinking computer seat is waited for after each event, so a seed gives
the same events every time. A crash is raised as ``MonkeyCrash`` naming the seed and
the event, with the events before it, so it can be replayed.
"""

from __future__ import annotations

import random
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.bench import careless_step
from game.record import parse_record, replay_states
from game.state import MARKERS_PER_PLAYER, State
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.app import App, fit_window
from scenes.core.memory import give_back
from scenes.core.navigator import Screen
from scenes.core.saves import GameFile, new_game_file
from scenes.core.scene import Scene
from scenes.core.session import GameSession, Session
from scenes.selftest.gestures import GestureError, Hand
from scenes.table.drag import piece_at
from scenes.table.scene import TableScene
from scenes.table.targets import shown_state
from scenes.ui.overlays import ContextMenu, Handoff
from scenes.ui.widgets import Widget

#: Seconds of one frame (the monkey's clock).
FRAME = 1 / 30
#: Events away from any table before the monkey brings the game's table back.
AWAY = 25
#: Window sizes a resize picks from (real pixels; the table is drawn at each).
SIZES = ((1280, 720), (1920, 1080), (960, 540), (1366, 768), (1024, 768), (1600, 900),
         (2560, 1440), (1100, 1000))
#: The smaller of them, for short runs (a frame at 2560x1440 costs four at 1280x720).
SMALL_SIZES = ((960, 540), (1280, 720), (1024, 768), (1100, 1000))

_KEYS: tuple[tuple[int, int, str], ...] = (
    (pygame.K_ESCAPE, 0, "\x1b"), (pygame.K_RETURN, 0, "\r"), (pygame.K_KP_ENTER, 0, "\r"),
    (pygame.K_SPACE, 0, " "), (pygame.K_TAB, 0, "\t"), (pygame.K_TAB, pygame.KMOD_SHIFT, "\t"),
    (pygame.K_LEFT, 0, ""), (pygame.K_RIGHT, 0, ""), (pygame.K_UP, 0, ""), (pygame.K_DOWN, 0, ""),
    (pygame.K_LEFT, pygame.KMOD_SHIFT, ""), (pygame.K_F1, 0, ""), (pygame.K_h, 0, "h"),
    (pygame.K_z, pygame.KMOD_CTRL, ""), (pygame.K_m, 0, "m"), (pygame.K_PAGEUP, 0, ""),
    (pygame.K_PAGEDOWN, 0, ""), (pygame.K_HOME, 0, ""), (pygame.K_END, 0, ""),
    (pygame.K_BACKSPACE, 0, "\b"), (pygame.K_DELETE, 0, ""), (pygame.K_a, 0, "a"),
    (pygame.K_b, 0, "b"), (pygame.K_e, 0, "e"), (pygame.K_SLASH, pygame.KMOD_SHIFT, "?"),
)


class MonkeyCrash(AssertionError):
    """An event broke the game or one of its invariants."""


@dataclass
class Report:
    """What a run did: its figures, printed by the command."""

    seed: int
    events: int = 0
    seconds: float = 0.0
    checks: int = 0  # invariants checked (one per player per state looked at, and replays)
    robot_steps: int = 0  # legal steps the gesture robot made
    steps: int = 0  # steps the sessions gained in all (the robot's, the monkey's, computers')
    games: int = 0  # sessions looked at (a new game, a lesson, a record continued...)
    replays: int = 0  # records replayed to their session's state
    finished: int = 0  # of those games, the ones played to the end
    kinds: dict[str, int] = field(default_factory=dict)  # events by kind
    robot_refusals: list[str] = field(default_factory=list)  # GestureErrors (not crashes)

    def lines(self) -> list[str]:
        rate = self.events / self.seconds if self.seconds else 0.0
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items()))
        return [
            f"monkey seed {self.seed}: {self.events} events in {self.seconds:.1f} s "
            f"({rate:.0f} events/s): {kinds}",
            f"{self.steps} steps made ({self.robot_steps} by the gesture robot) over "
            f"{self.games} game(s), {self.finished} played to the end",
            f"invariants checked: {self.checks} (after every event: no exception, "
            f"{MARKERS_PER_PLAYER} markers per player in the game and on the table; "
            f"{self.replays} record replays equal to their session's state, autosave "
            f"equal to the record)",
        ]


class Monkey:
    """Random events at the app's window, from one seed."""

    def __init__(self, app: App, seed: int, *, players: int = 4,
                 seats: list[str] | None = None,
                 sizes: tuple[tuple[int, int], ...] = SIZES) -> None:
        self.app = app
        self.sizes = sizes  # what a resize picks from
        self.rng = random.Random(seed)
        self.report = Report(seed)
        self.hand = Hand(app, FRAME)
        self.players = players
        self.seats = seats
        self.session: GameSession | None = None
        self.away = 0  # events since a table was last on the stack
        self.history: list[str] = []
        self._known_steps = 0
        #: A real window (X11, Wayland, Windows...), where full screen can be toggled.
        self.real_screen = pygame.display.get_driver() not in ("dummy", "offscreen")
        self.window_rng = random.Random(seed + 1)

    def settled_rss(self, size: tuple[int, int] = gfx.LOGICAL_SIZE) -> float | None:
        """The resident memory at one window size, whatever size the events left: what
        is drawn (and cached) at 2560x1440 is four times what 1280x720 needs, so two
        moments are compared at the same size, with freed memory handed back. The
        window is then put back as it was."""
        was = gfx.window().get_size()
        fit_window(size)
        self.hand.frames(10)  # drawn anew at that size, its caches filled
        give_back()
        rss = resident_mb()
        fit_window(was)
        self.hand.frames(10)
        return rss

    # ----- the game ---------------------------------------------------------------------
    def deal(self) -> Session:
        """A new game at the table (the seed's own deal)."""
        names = ["Ann", "Bob", "Cy", "Dee"][:self.players]
        session = Session.new(names, seed=self.rng.randrange(1 << 30), seats=self.seats,
                              autosave=new_game_file())
        self.app.navigator.start(Screen.TABLE, session=session)
        self.hand.frames(2)
        self.follow()
        return session

    def table(self) -> TableScene | None:
        for scene in reversed(self.app.stack.scenes):
            if isinstance(scene, TableScene):
                return scene
        return None

    def follow(self) -> None:
        """Keep watching the session at the table; a game left behind is checked."""
        table = self.table()
        if table is None:
            return
        if table.session is not self.session:
            if self.session is not None:
                self.check_record(self.session)
            self.session = table.session
            self._known_steps = len(self.session.steps)
            self.report.games += 1
        self.report.steps += max(0, len(self.session.steps) - self._known_steps)
        self._known_steps = len(self.session.steps)

    # ----- a run ------------------------------------------------------------------------
    def run(self, events: int, on_event: Callable[[int], None] | None = None) -> Report:
        """``events`` random events, each checked; ``MonkeyCrash`` at the first failure."""
        start = time.perf_counter()
        if self.table() is None:
            self.deal()
        for index in range(events):
            kind, do = self.pick()
            try:
                what = do()
                self.history.append(f"{kind}: {what}")
                self.settle()
                self.check()
            except MonkeyCrash:
                raise
            except Exception as exc:
                raise self.crash(index, kind, exc) from exc
            self.report.events += 1
            self.report.kinds[kind] = self.report.kinds.get(kind, 0) + 1
            if on_event is not None:
                on_event(index)
        if self.session is not None:
            self.check_record(self.session, autosave=self.table() is not None)
        self.report.seconds = time.perf_counter() - start
        return self.report

    def crash(self, index: int, kind: str, exc: BaseException) -> MonkeyCrash:
        last = "\n  ".join(self.history[-12:])
        return MonkeyCrash(f"seed {self.report.seed}, event {index} ({kind}) raised "
                           f"{type(exc).__name__}: {exc}\nthe last events:\n  {last}\n"
                           + "".join(traceback.format_exception(exc)))

    def pick(self) -> tuple[str, Callable[[], str]]:
        weights: list[tuple[str, int, Callable[[], str]]] = [
            ("click", 18, self.click),
            ("right click", 7, self.right_click),
            ("drag", 20, self.drag),
            ("menu pick", 10, self.menu_pick),
            ("key", 16, self.key),
            ("resize", 2, self.resize),
            ("wait", 5, self.wait),
            ("wheel", 2, self.wheel),
            ("legal step", 20, self.legal_step),
            ("staged meddling", 6, self.staged_meddling),
        ]
        total = sum(w for _, w, _ in weights)
        roll = self.rng.randrange(total)
        for kind, weight, do in weights:
            if roll < weight:
                return kind, do
            roll -= weight
        raise AssertionError("unreachable")

    def settle(self) -> None:
        """A frame or a few after each event; a thinking computer seat is waited for, so
        when its step lands does not depend on this machine's speed."""
        if not self.app.running:  # Quit on the title: the window stays, the game goes on
            self.app.running = True
        self.hand.frames(self.rng.choice((1, 1, 2, 3)))
        table = self.table()
        if table is not None:
            table.pacing.wait(30)
            self.away = 0
        else:
            self.away += 1
        self.follow()
        if self.away > AWAY:
            self.come_back()

    def come_back(self) -> None:
        """Away from the table too long: back to the game (a new one if it is over)."""
        self.away = 0
        session = self.session
        if session is None or session.over:
            self.deal()
            return
        self.app.navigator.start(Screen.TABLE, session=session)
        self.hand.frames(2)

    # ----- checks -----------------------------------------------------------------------
    def check(self) -> None:
        table = self.table()
        if table is None:
            return
        st = table.state
        self.markers(st, "in the game")
        if not table.staging.empty:
            self.markers(shown_state(st, table.staging), "on the table (staged)")

    def markers(self, st: State, where: str) -> None:
        for seat in range(st.n):
            places = st.markers_by_place(seat)
            if sum(places.values()) != MARKERS_PER_PLAYER or min(places.values()) < 0:
                raise MonkeyCrash(f"seed {self.report.seed}: {st.names[seat]} has "
                                  f"{places} {where} after {self.history[-3:]}")
            self.report.checks += 1

    def check_record(self, session: GameSession, autosave: bool = False) -> None:
        """The record says the whole game: replayed, it is the session's state; and with
        ``autosave`` (the game still at the table), the autosave is that record."""
        text = session.record_text()
        if text is None:
            raise MonkeyCrash(f"seed {self.report.seed}: a game played here has no record")
        replayed = replay_states(parse_record(text))[-1]
        if replayed != session.state:
            raise MonkeyCrash(f"seed {self.report.seed}: the record does not replay to the "
                              f"session's state after {len(session.steps)} steps")
        self.report.replays += 1
        self.report.finished += session.over
        self.report.checks += 1
        game = session.autosave if isinstance(session, Session) else None  # (a local game)
        if autosave and isinstance(game, GameFile) and session.save_error is None:
            if session.steps and game.read() != text:
                raise MonkeyCrash(f"seed {self.report.seed}: the autosave is not the record")
            self.report.checks += 1

    # ----- where to point ----------------------------------------------------------------
    def point(self) -> tuple[int, int]:
        """A random point: a zone's centre or anywhere, on what is shown now."""
        top = self.app.stack.top
        table = self.table()
        roll = self.rng.random()
        rects = self.widgets(top) if top is not None else []
        if rects and roll < 0.5:
            return self.inside(self.rng.choice(rects))
        if table is not None and roll < 0.85:
            name = self.rng.choice(table.layout.names())
            return self.inside(table.layout.rect(name))
        return (self.rng.randrange(-20, gfx.LOGICAL_SIZE[0] + 20),
                self.rng.randrange(-20, gfx.LOGICAL_SIZE[1] + 20))

    def inside(self, rect: pygame.Rect) -> tuple[int, int]:
        if self.rng.random() < 0.7:
            return rect.center
        return (rect.x + self.rng.randrange(max(1, rect.w)),
                rect.y + self.rng.randrange(max(1, rect.h)))

    def pickable(self) -> tuple[int, int] | None:
        """The centre of a zone holding one of the active player's markers."""
        table = self.table()
        if table is None:
            return None
        names = table.layout.names()
        for _ in range(12):
            rect = table.layout.rect(self.rng.choice(names))
            if piece_at(table.state, table.staging, table.layout, rect.center) is not None:
                return rect.center
        return None

    def own(self) -> tuple[int, int] | None:
        """The centre of a zone of the active player's on the table (ships at sea, goods
        and buildings, bankers, historians, technologies), staged or not."""
        table = self.table()
        if table is None:
            return None
        st, layout = table.state, table.layout
        seat = st.active
        staged = [Z.ship(src, seat) for src, _via, _dst in table.staging.moves if src]
        staged += [Z.space(space) for space in table.staging.sale]
        if staged and self.rng.random() < 0.5:  # where the staged voyage or sale starts
            return self.inside(layout.rect(self.rng.choice(staged)))
        names = [Z.ship(p, seat) for p in st.ship_seas(seat)]
        names += [Z.space(s) for s in st.land(seat)] + [Z.tech(x) for x in st.techs(seat)]
        names += [f"bankers_{seat}", f"historians_{seat}"]
        names = [n for n in names if layout.has(n)]
        return self.inside(layout.rect(self.rng.choice(names))) if names else None

    @staticmethod
    def widgets(scene: Scene) -> list[pygame.Rect]:
        """What can be clicked on a scene that is not the table: its widgets (buttons,
        tabs, choices), or the rows of a right-click menu."""
        if isinstance(scene, ContextMenu):
            return [pygame.Rect(scene.rect.x + 4, scene.rect.y + 6 + i * scene.ROW,
                                scene.rect.w - 8, scene.ROW) for i in range(len(scene.items))]
        rects = []
        for value in vars(scene).values():
            items = value if isinstance(value, list | tuple) else [value]
            rects += [w.rect for w in items if isinstance(w, Widget)]
        return rects

    # ----- the events -------------------------------------------------------------------
    def click(self) -> str:
        pos = self.point()
        self.hand.click(pos)
        return f"click {pos}"

    def right_click(self) -> str:
        """A right click, mostly on something of the player's (where the menu offers a
        return or a card's use), and now and then a pick in the menu at once."""
        roll = self.rng.random()
        pos = self.own() if roll < 0.6 else self.pickable() if roll < 0.8 else None
        pos = pos or self.point()
        self.hand.click(pos, button=3)
        menu = self.app.stack.top
        if isinstance(menu, ContextMenu) and self.rng.random() < 0.5:
            row = 0 if self.rng.random() < 0.6 else self.rng.randrange(len(menu.items))
            self.hand.menu_choose(row)
            return f"right click {pos}, row {row}"
        return f"right click {pos}"

    def drag(self) -> str:
        """Press on something (mostly one of the player's markers), then let go on one
        of the zones lit for it (often: staged voyages and sales then happen) or
        anywhere, at once or after a pause (tooltips, slides, a computer's step)."""
        start = self.pickable() if self.rng.random() < 0.7 else None
        start = start or self.point()
        self.hand.post(pygame.MOUSEMOTION, start)
        self.hand.post(pygame.MOUSEBUTTONDOWN, start)
        self.hand.frames(1)
        table = self.table()
        held = table.drag.held if table is not None else None
        if table is not None and held is not None and held.drops and self.rng.random() < 0.6:
            end = self.inside(table.layout.rect(self.rng.choice(sorted(held.drops))))
        else:
            end = self.point()
        self.hand.post(pygame.MOUSEMOTION, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
        self.hand.post(pygame.MOUSEMOTION, end)
        if self.rng.random() < 0.15:
            self.hand.frames(self.rng.randrange(1, 30))
        self.hand.post(pygame.MOUSEBUTTONUP, end)
        self.hand.frames(1)
        return f"drag {start} -> {end}"

    def menu_pick(self) -> str:
        """A pick in the overlay on top, or one opened first (the pause menu, or the
        right-click menu of one of the player's markers)."""
        top = self.app.stack.top
        if isinstance(top, TableScene):
            if self.rng.random() < 0.5:
                self.hand.key(pygame.K_ESCAPE)
                opened = "Esc"
            else:
                pos = self.pickable() or self.point()
                self.hand.click(pos, button=3)
                opened = f"right click {pos}"
            top = self.app.stack.top
            if isinstance(top, TableScene) or top is None:
                return f"{opened}, no menu"
        else:
            opened = type(top).__name__ if top is not None else "nothing"
        rects = self.widgets(top) if top is not None else []
        if not rects:
            return f"{opened}, nothing to pick"
        pos = self.inside(self.rng.choice(rects))
        self.hand.click(pos)
        return f"{opened}, picked {pos}"

    def key(self) -> str:
        key, mod, text = self.rng.choice(_KEYS)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text,
                                             scancode=0))
        if text.isalpha():
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text,
                                             scancode=0))
        return f"key {pygame.key.name(key)}{'+mod' if mod else ''}"

    def resize(self) -> str:
        """The window's edge dragged: its size changes, as do the events that say so
        (sometimes the events alone, as a window manager may send). On a real screen,
        full screen is also turned on or off now and then, as from the settings (its
        own generator, so a seed's other events are the same on any driver)."""
        if self.real_screen and self.window_rng.random() < 0.3:
            self.app.settings.fullscreen = not self.app.settings.fullscreen
            self.app.apply_window()
            return f"full screen {'on' if self.app.settings.fullscreen else 'off'}"
        w, h = self.rng.choice(self.sizes)
        if self.rng.random() < 0.8:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    window = pygame.Window.from_display_module()
                window.size = (w, h)
            except (AttributeError, pygame.error):
                pass
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))
        return f"resize {w}x{h}"

    def wait(self) -> str:
        frames = self.rng.randrange(5, 40)
        self.hand.frames(frames)
        return f"wait {frames} frames"

    def wheel(self) -> str:
        pos = self.point()
        self.hand.post(pygame.MOUSEMOTION, pos)
        y = self.rng.choice((-3, -1, 1, 3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                             precise_x=0.0, precise_y=float(y)))
        return f"wheel {y} at {pos}"

    def legal_step(self) -> str:
        """A legal step made by the gesture robot, when the table is the player's to
        use and nothing is half done (else the overlay on top is dealt with)."""
        top = self.app.stack.top
        table = self.table()
        if table is None or top is None:
            self.come_back()
            return "back to the table"
        if isinstance(top, Handoff):
            self.hand.dismiss_handoff()
            return "handoff dismissed"
        if top is not table:
            self.hand.key(pygame.K_ESCAPE)
            return f"Esc on {type(top).__name__}"
        if table.drag.holding or table.actions.geography is not None \
                or table.logpanel.unfolded:
            self.hand.key(pygame.K_ESCAPE)
            return "Esc to tidy the table"
        if not table.staging.empty:
            self.hand.key(pygame.K_z, pygame.KMOD_CTRL)
            return "Ctrl+Z: a staged move taken back"
        if table.lesson is not None:
            return self.lesson_step(table)
        if not table.session.human_to_move:
            return "not the player's to move"
        played = []
        for _ in range(self.rng.choice((1, 1, 2, 3, 5, 8))):  # now and then a whole turn
            if (self.app.stack.top is not table or not table.session.human_to_move
                    or not table.staging.empty):
                break
            step = str(careless_step(table.state, self.rng))
            try:
                self.hand.play(step)
            except GestureError as exc:  # the robot's trouble, not the game's: noted
                self.report.robot_refusals.append(f"{step}: {exc}")
                played.append(f"{step} (not made)")
                break
            self.report.robot_steps += 1
            played.append(step)
        return f"robot played {', '.join(played)}"

    def staged_meddling(self) -> str:
        """A voyage or a sale staged by legal drops and not yet made, then a few random
        events while it waits (a right click on a staged ship, a card, Undo, a key...)."""
        table = self.table()
        if (table is None or self.app.stack.top is not table or table.lesson is not None
                or not table.session.human_to_move or not table.staging.empty
                or table.drag.holding or table.actions.geography is not None):
            return self.legal_step()
        st = table.state
        seat = st.active
        options = [s for s in table.session.legal_steps() if s.kind in ("move", "sell")]
        if not options:
            return self.legal_step()
        step = self.rng.choice(options)
        at = self.hand.at
        if step.kind == "move":
            for src, via, dst in step.args:
                start = at(Z.lisboa(seat)) if src == 0 else at(Z.ship(src, seat))
                self.hand.drag(start, at(Z.sea(dst if dst else via)))
        else:
            for space in step.args:
                self.hand.drag(at(Z.space(space)), at(Z.lisboa(seat)))
        then = [self.rng.choice((self.right_click, self.right_click, self.click, self.key,
                                 self.menu_pick, self.drag, self.legal_step))()
                for _ in range(self.rng.randrange(1, 4))]
        return f"staged {step}, then {'; '.join(then)}"

    def lesson_step(self, table: TableScene) -> str:
        """In a lesson, what the learner is asked for: Next on a page or a computer
        captain's turn told, the scripted step when it is theirs (the computers' turns
        then play themselves)."""
        coach, panel = table.lesson, table.lessonpanel
        assert coach is not None
        entry = coach.entry
        if coach.awaiting and panel is not None:
            self.hand.click(panel.next_button.rect.center)
            return "lesson: Next"
        if entry is not None and entry.step is not None and table.session.human_to_move:
            try:
                self.hand.play(str(entry.step))
            except GestureError as exc:
                self.report.robot_refusals.append(f"lesson {entry.step}: {exc}")
                return f"lesson: robot could not play {entry.step}"
            self.report.robot_steps += 1
            return f"lesson: robot played {entry.step}"
        return "lesson: the computers' turn"


def resident_mb(field: str = "VmRSS") -> float | None:
    """The process's resident memory in MB (Linux's /proc; None elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def peak_mb() -> float | None:
    """The most the process has had resident at any moment, in MB (None elsewhere)."""
    return resident_mb("VmHWM")


__all__ = ["FRAME", "SIZES", "SMALL_SIZES", "Monkey", "MonkeyCrash", "Report", "peak_mb",
           "resident_mb"]
