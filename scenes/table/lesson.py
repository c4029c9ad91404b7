"""The lesson ("Learn to play"): a guided first game, and the coach the table consults.

**One fixed game.** The lesson is a three-player game on the first-game deal with a
fixed seed; the learner sits first (red) against two computer captains. Its script
(``SCRIPT``) is the whole record up to the hand-over: the learner's expected steps
interleaved with the computer captains' scripted steps, plus pages that only explain
(read, then Next). The opponents' steps are scripted rather than left to an AI
because an AI's choice can change with any change to the AI, and then the lesson
would go wrong in the middle (a good taken from under the learner, a town discovered
before the learner gets there); a scripted game is the same for everyone, and its
narration can say exactly what happened. The script is data, so a test plays it
through the engine: every step must stay legal for the lesson's deal, and every
topic must really be met (``tests/test_lesson.py``).

**What it teaches, in the order a first game meets it** (each entry's ``topic``): the
two action points, employing a marker, launching from Lisboa and sailing (speed), the
discovery rule, cargo, selling with the trading chart, the capacity of bankers and
historians and why a Lisboa marker must be there to hold a new gain (Bob loses a VP
for want of one), building, a technology, raising speed, a free return (a ship brought
home so that the learner's own discovery VP has a marker to become its historian),
the learner's discovery, the end of the game and scoring; then the game is handed
over and the learner plays on against the two computers (easy and medium).

**The coach** (``Coach``) is what the table asks while a lesson is attached: which
drops are allowed now (only those that make or stage the expected step; the engine
still decides legality first), whether a step may be made (every step passes through
``permits``, so a button, a menu or a key is refused the same way as a drag), what to
light, what to say, and the next scripted step of a computer captain. A refused move
is answered with the step's hint in the lesson panel; nothing else changes.

**Where it stands** is one header tag of the record, ``[Lesson "7"]`` (the index of
the entry waiting), kept by the session with the other tags and written with every
autosave; the game itself is an ordinary record. Resuming checks the record against
the script (``lesson_position``), so a record that left the script plays on freely.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from game.rules import is_legal
from game.state import State
from game.steps import Step, parse_step
from scenes.core import zones as Z
from scenes.core.computer import END_PAUSE, STEP_PAUSE
from scenes.core.session import GameSession, Session
from scenes.table.hints import step_zones
from scenes.table.pacing import ANIM_PACE, Pacing
from scenes.table.targets import Drop, Staging

#: The header tag holding the lesson's position.
LESSON_TAG = "Lesson"
#: The deal: the first-game towns, then the rest shuffled by this seed (the same deal
#: as a new game with seed 1 and the first-game deal).
LESSON_SEED = "1"
#: The two computer captains, and how they play once the lesson has handed over.
OPPONENTS = ("Bob", "Cy")
LESSON_SEATS = ("human", "easy", "medium")
#: Seconds (at normal animation speed) a computer captain waits after the learner's
#: Next before the first step of a turn the lesson tells (its words were read before
#: Next: the board then moves at once, but not in the same instant).
READ_PAUSE = 0.6

PAGE, DO, WATCH = "page", "do", "watch"

#: The topics of the issue, in the order the lesson meets them.
TOPICS = ("action-points", "employ", "sailing", "discovery", "cargo", "selling", "capacity",
          "building", "technology", "speed", "free-return", "discovering", "end", "scoring",
          "hand-over")


@dataclass(frozen=True)
class Entry:
    """One place in the lesson.

    ``kind``: ``PAGE`` (words only; Next goes on), ``DO`` (the learner makes ``step``)
    or ``WATCH`` (a computer captain makes ``step``). ``key``: the words shown from
    here on (None keeps the words before). ``hint``: the words of a refusal (default
    ``lesson.hint.<kind of step>``). ``chart``: show the trading chart. ``light``: the
    zones a page points at (a step lights its own). ``topic``: what the lesson first
    teaches here (one of ``TOPICS``)."""

    kind: str
    key: str | None = None
    step: Step | None = None
    hint: str | None = None
    chart: bool = False
    light: tuple[str, ...] = ()
    topic: str | None = None


def page(key: str, topic: str | None = None, light: tuple[str, ...] = ()) -> Entry:
    return Entry(PAGE, key, light=light, topic=topic)


def do(step: str, key: str, topic: str | None = None, chart: bool = False) -> Entry:
    return Entry(DO, key, parse_step(step), chart=chart, topic=topic)  # (the script: text)


def watch(key: str, steps: str) -> list[Entry]:
    """A computer captain's whole turn (steps separated by ``;``), told by ``key``."""
    parts = [parse_step(s.strip()) for s in steps.split(";")]
    return [Entry(WATCH, key if i == 0 else None, s) for i, s in enumerate(parts)]


SCRIPT: tuple[Entry, ...] = (
    page("lesson.welcome", light=("board_0",)),
    page("lesson.turn", "action-points", ("turn",)),
    # turn 1: employ, two ships to town 1, the gold
    do("employ", "lesson.employ", "employ"),
    do("move L-1 L-1", "lesson.launch", "sailing"),
    page("lesson.discover", "discovery", ("town_4",)),
    do("cargo 1g1", "lesson.cargo", "cargo"),
    do("done", "lesson.keep_one"),
    do("end", "lesson.end"),
    *watch("lesson.watch.bob1", "move L-1; cargo 1g2; done; tech printing-press; end"),
    *watch("lesson.watch.cy1", "speed; move L-2; cargo 2g1; done; end"),
    # turn 2: the ship sails on for the cloth; gold and cloth sold, two types
    do("move 1-2", "lesson.sail_on"),
    do("cargo 2g2", "lesson.cloth"),
    do("done", "lesson.done"),
    do("sell 1g1 2g2", "lesson.sell", "selling", chart=True),
    do("end", "lesson.end_turn"),
    *watch("lesson.watch.bob2", "sell 1g2; employ; end"),
    *watch("lesson.watch.cy2", "sell 2g1; move L-2; done; end"),
    # turn 3: bankers and historians; two ships again, the gold and a church
    page("lesson.capacity", "capacity", ("bankers_0", "historians_0", "lisboa_0")),
    do("move L-1 L-1", "lesson.launch2"),
    do("cargo 1g1", "lesson.gold_again"),
    do("done", "lesson.keep_one"),
    do("build 1b2", "lesson.build", "building"),
    do("end", "lesson.end_turn"),
    *watch("lesson.watch.bob3", "move L-1 L-1; cargo 1g2; done; end"),
    *watch("lesson.watch.cy3", "move 2-3; cargo 3g2; done; employ; end"),
    # turn 4: a technology, and a sale of one type for the wealth speed needs
    do("tech metallurgy", "lesson.tech", "technology"),
    do("sell 1g1", "lesson.sell_one"),
    do("end", "lesson.end_turn"),
    *watch("lesson.watch.bob4", "sell 1g2; build 1b1; end"),
    *watch("lesson.watch.cy4", "move L-2; cargo 2g1; done; sell 3g2 2g1; end"),
    # turn 5: speed 2, two ships to town 2
    do("speed", "lesson.speed", "speed"),
    do("move L-2 L-2", "lesson.launch3"),
    do("done", "lesson.keep_at_sea"),
    do("end", "lesson.end_turn"),
    *watch("lesson.watch.bob5", "move L@1-2 L@1-2; cargo 2g1; cargo 2g2; done; sell 2g1 2g2; "
                                "end"),
    *watch("lesson.watch.cy5", "employ; move L-2; done; end"),
    # turn 6: a free return makes room for the VP, then the discovery of town 4
    do("return 2", "lesson.return", "free-return"),
    do("move 2-4", "lesson.discovery", "discovering"),
    do("cargo 4g1", "lesson.discovered"),
    do("done", "lesson.done"),
    page("lesson.game_end", "end", ("town_9", "stock_0", "stock_1", "stock_2")),
    page("lesson.scoring", "scoring", ("historians_0", "building_1_2", "techcard_III")),
    page("lesson.handover", "hand-over"),
)


def script_steps() -> list[str]:
    """Every step of the lesson's record, in order (the learner's and the captains')."""
    return [str(e.step) for e in SCRIPT if e.step is not None]


def lesson_names(learner: str) -> list[str]:
    """The three captains: the learner first, then the two computers (renamed if the
    learner goes by one of their names: a record never holds a name twice)."""
    others = [n for n in (*OPPONENTS, "Dan", "Eve") if n.casefold() != learner.casefold()]
    return [learner, *others[:2]]


def lesson_session(learner: str, autosave: Callable[[str], None] | None = None) -> Session:
    """A new lesson: the lesson's deal and seats, its position at the start."""
    session = Session.new(lesson_names(learner), seed=LESSON_SEED, first_game=True,
                          seats=list(LESSON_SEATS), autosave=autosave)
    session.set_tag(LESSON_TAG, "0")
    return session


def lesson_position(session: Session) -> int | None:
    """Where the lesson of this game stands, or None: no lesson tag, or a record that
    does not follow the script (it is then played on freely).

    The tag names the entry waiting; a step made just before the program stopped may
    be in the record already while the tag still names it, so the position moves on
    past every scripted step the record holds."""
    tag = session.tag(LESSON_TAG)
    if tag is None or not tag.isdigit():
        return None
    position = min(int(tag), len(SCRIPT))
    played = list(session.steps)
    expected = [str(e.step) for e in SCRIPT[:position] if e.step is not None]
    while position < len(SCRIPT) and len(expected) < len(played):
        step = SCRIPT[position].step
        if step is not None:
            expected.append(str(step))
        position += 1
    if expected != played or position >= len(SCRIPT):
        return None
    return position


class Coach:
    """The lesson attached to one table: its position in ``SCRIPT`` and what the table
    should do about it."""

    def __init__(self, session: Session, position: int = 0) -> None:
        self.session = session
        self.position = position
        #: The hint key of the last refused move (shown until the lesson moves on).
        self.nudged: str | None = None
        #: Seconds before the next scripted step of a computer captain.
        self.pause = 0.0
        #: Whether Next was pressed on a computer captain's turn told by the lesson (its
        #: steps play only then: the words wait to be read, never vanish in seconds).
        self.heard = False
        self._check()

    @classmethod
    def attach(cls, session: GameSession) -> Coach | None:
        """The coach of a lesson game at its position, or None for any other game (a
        lesson is played at one machine: its place is a tag of the local record)."""
        if not isinstance(session, Session):
            return None
        position = lesson_position(session)
        return None if position is None else cls(session, position)

    # ----- reading ------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.position >= len(SCRIPT)

    @property
    def entry(self) -> Entry | None:
        return None if self.finished else SCRIPT[self.position]

    @property
    def on_page(self) -> bool:
        entry = self.entry
        return entry is not None and entry.kind == PAGE

    @property
    def told(self) -> bool:
        """Whether the lesson tells a computer captain's turn now and waits for Next
        before it is played."""
        entry = self.entry
        return (entry is not None and entry.kind == WATCH and entry.key is not None
                and not self.heard)

    @property
    def awaiting(self) -> bool:
        """Whether Next is what the lesson waits for: a page, or a turn told."""
        return self.on_page or self.told

    @property
    def last_page(self) -> bool:
        return self.position == len(SCRIPT) - 1

    @property
    def progress(self) -> float:
        return min(1.0, self.position / (len(SCRIPT) - 1))

    def words(self) -> tuple[str, dict[str, object]]:
        """The key and values of what the lesson says now."""
        key = ""
        for entry in reversed(SCRIPT[: self.position + 1]):
            if entry.key is not None:
                key = entry.key
                break
        st = self.session.state
        names = st.names
        return key, {"you": names[0], "bob": names[1], "cy": names[2],
                     "name": names[st.active]}

    def hint(self) -> str:
        """The key of the hint for the move the lesson waits for."""
        entry = self.entry
        if entry is None:
            return ""
        if entry.hint:
            return entry.hint
        if entry.step is None:
            return "lesson.hint.page"
        if entry.kind == WATCH:
            return "lesson.hint.watch"
        return f"lesson.hint.{entry.step.kind}"

    @property
    def chart(self) -> bool:
        entry = self.entry
        return entry is not None and entry.chart

    @property
    def speaker(self) -> int | None:
        """The computer captain whose turn is being told, if any."""
        entry = self.entry
        return self.session.state.active if entry is not None and entry.kind == WATCH else None

    # ----- what the table asks --------------------------------------------------------
    def permits(self, step: Step | None) -> bool:
        """Whether ``step`` (None: an undo) may be made now: the lesson's step, or
        anything once the lesson has handed over."""
        entry = self.entry
        if entry is None:
            return True
        if entry.kind == PAGE or entry.step is None:
            return False
        return step == entry.step

    def drops(self, drops: dict[str, Drop], staging: Staging) -> dict[str, Drop]:
        """The legal drops of a picked-up marker that also make (or stage a part of)
        the step the lesson waits for."""
        entry = self.entry
        if entry is None:
            return drops
        if entry.kind != DO or entry.step is None:
            return {}
        want = entry.step
        kept = {}
        for zone, drop in drops.items():
            if drop.step is not None:
                ok = self.permits(drop.step)
            elif drop.stage_move is not None and want.kind == "move":
                moves = list(staging.moves)
                if drop.replace is None:
                    moves.append(drop.stage_move)
                else:
                    moves[drop.replace] = drop.stage_move
                ok = not Counter(moves) - Counter(want.args)
            elif drop.stage_good is not None and want.kind == "sell":
                ok = drop.stage_good in want.args
            else:
                ok = False
            if ok:
                kept[zone] = drop
        return kept

    def zones(self, st: State, staging: Staging) -> set[str]:
        """What to light: the marker to pick up and where it goes (what is left of a
        voyage or sale being staged), the computer captain's next step, or what a page
        speaks of."""
        entry = self.entry
        if entry is None:
            return set()
        if entry.step is None:
            return set(entry.light)
        step = entry.step
        if entry.kind == WATCH:  # the captain's pieces, never a button the learner has not
            return {z for z in step_zones(st, step) if not z.startswith("button_")}
        if step.kind == "move" and staging.moves:
            left = Counter(step.args) - Counter(staging.moves)
            step = Step("move", tuple(left.elements()))
            if not left:
                return {Z.button("sail")}
        elif step.kind == "sell" and staging.sale:
            left_goods = tuple(s for s in step.args if s not in staging.sale)
            if not left_goods:
                return {Z.button("sell")}
            step = Step("sell", left_goods)
        # Set sail and Sell are lit once all is staged (before, they cannot be pressed)
        return step_zones(st, step) - {Z.button("sail"), Z.button("sell")}

    def target(self, st: State, staging: Staging) -> str | None:
        """The one zone the lesson's arrow points at: where the learner's move starts
        (the marker to pick up, or the button to press once the rest is staged); None
        on a page or while a computer captain plays."""
        entry = self.entry
        if entry is None or entry.kind != DO or entry.step is None:
            return None
        step = entry.step
        seat, kind, args = st.active, step.kind, step.args
        if kind == "move":
            left = sorted((Counter(args) - Counter(staging.moves)).elements())
            if not left:
                return Z.button("sail")
            return Z.lisboa(seat) if left[0][0] == 0 else Z.sea(left[0][0])
        if kind == "sell":
            goods = [space for space in args if space not in staging.sale]
            return Z.space(goods[0]) if goods else Z.button("sell")
        if kind in ("cargo", "build"):
            source = args[1] if kind == "build" else None
            return Z.sea(args[0][1]) if source is None else Z.space(source)
        if kind == "return" and isinstance(args[0], int):
            return Z.sea(args[0])
        return {"employ": Z.stock(seat), "speed": Z.speed(seat, st.speed[seat]),
                "tech": Z.scientists(seat), "done": Z.button("done"),
                "end": Z.button("end_turn")}.get(kind)

    # ----- moving on --------------------------------------------------------------------
    def nudge(self) -> None:
        """A move other than the lesson's was tried: say the step's hint (while a
        computer captain plays there is nothing to hint)."""
        entry = self.entry
        if entry is not None and entry.kind != WATCH:
            self.nudged = self.hint()

    def stepped(self, step: Step) -> None:
        """A step was made at the table: the lesson moves on past it. A step the script
        does not hold (never made through the table during a lesson) ends the lesson, and
        the game goes on freely."""
        entry = self.entry
        if entry is None:
            return
        if entry.step == step:
            self._advance()
        else:
            self.finish()

    def next(self) -> None:
        """Next: on a page, the next entry; on a turn told, its steps begin."""
        if self.on_page:
            self._advance()
        elif self.told:
            self.heard = True
            self.pause = READ_PAUSE

    def finish(self) -> None:
        """Hand the game over: the record becomes an ordinary game."""
        self.position = len(SCRIPT)
        self.nudged = None
        self.session.set_tag(LESSON_TAG, None)

    def _advance(self) -> None:
        self.position += 1
        self.nudged = None
        self.heard = False
        if self.finished:
            self.finish()
            return
        self.session.set_tag(LESSON_TAG, str(self.position))
        self._check()

    def _check(self) -> None:
        """A step the engine refuses in the lesson's own state cannot be waited for (the
        test of the script keeps this from happening): the game goes on freely."""
        entry = self.entry
        if entry is not None and entry.step is not None and not is_legal(
                self.session.state, entry.step):
            self.finish()

    # ----- the computer captains' scripted steps ---------------------------------------------
    def after_step(self, step: Step, pace: float) -> None:
        """Wait a moment before the next scripted step (a turn told waits for Next)."""
        self.pause = (END_PAUSE if step.kind == "end" else STEP_PAUSE) * pace

    def scripted_step(self, dt: float, *, busy: bool) -> Step | None:
        """The computer captain's scripted step, once its pause is over and the table is
        free (``busy``: a film plays or a marker is held)."""
        entry = self.entry
        if entry is None or entry.kind != WATCH or busy or self.told:
            return None
        self.pause = max(0.0, self.pause - dt)
        return entry.step if self.pause <= 0 and entry.step else None


class LessonPacing(Pacing):
    """The table's pacing while a lesson is attached: the computer captains play the
    script at the computers' pace, and think for themselves once it has handed over."""

    def __init__(self, coach: Coach, seats: list[str], seed: int | str | None = None) -> None:
        super().__init__(seats, seed)
        self.coach = coach

    def after_step(self, seat: int, step: Step, anim_speed: str) -> None:
        if self.coach.finished:
            super().after_step(seat, step, anim_speed)
        else:
            self.coach.after_step(step, ANIM_PACE.get(anim_speed, 1.0))

    def next_step(self, st: State, dt: float, *, busy: bool) -> Step | None:
        if self.coach.finished:
            return super().next_step(st, dt, busy=busy)
        return self.coach.scripted_step(dt, busy=busy)


__all__ = ["DO", "LESSON_SEATS", "LESSON_SEED", "LESSON_TAG", "OPPONENTS", "PAGE", "READ_PAUSE",
           "SCRIPT", "TOPICS", "WATCH", "Coach", "Entry", "LessonPacing", "lesson_names",
           "lesson_position", "lesson_session", "script_steps"]
