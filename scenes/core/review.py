"""Looking back over a game: its records opened read-only, a cursor over its states,
and the expert computer player's opinion of each position.

A review never changes a game and never writes a file. The records it opens are
sessions without an autosave callback (``open_review``), and the review screen only
reads ``Session.states`` and ``Session.steps``. The ``Cursor`` is the position under
review (an index into the states: 0 is the deal, ``last`` the state after the final
step) and the moves between positions (a step, a turn, anywhere). The ``Adviser``
asks the expert player (``game.ai``) what it would play in a position, in a background
thread so the window never waits; it thinks about one position at a time and only
the latest one asked for counts: an answer for a position the reviewer has already
left is kept (it is right for that position if they come back) but never shown as
the current one. Nothing here draws.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from game.ai.players import REVIEW_SEARCH, ExpertPlayer
from game.record import RecordError, read_record_file
from game.state import State
from game.steps import Step
from scenes.core.computer import keep_frames_smooth
from scenes.core.memory import give_back
from scenes.core.session import Session

#: The review's expert: the Hint's search (``game.ai.players.REVIEW_SEARCH``), bounded
#: by its playouts, so a position is advised the same way on any machine (its clock is
#: only a safety net, looser than the Hint's).
REVIEW_PLAYOUTS = REVIEW_SEARCH.playouts
#: The review's expert deals the unseen towns from this seed, so a position gets
#: the same advice every time it is reviewed.
ADVISER_SEED = "review"


# ----- opening a record read-only --------------------------------------------------------
def open_review(path: str | Path) -> Session:
    """A record file (an autosaved game's too) as a session that never writes anything;
    RecordError (a ValueError) when it cannot be read or replayed, naming the file."""
    try:
        record = read_record_file(path)
        return Session.from_record(record, autosave=None)
    except RecordError as exc:
        raise exc.at(str(path)) from None  # a step's fault is said with the file's name


# ----- the position under review -----------------------------------------------------------
def turn_starts(steps: Sequence[str]) -> list[int]:
    """The indexes of the states where a turn begins: the deal, and after each ``end``
    (``steps``: the record's, in its canonical text, where an end is written "end")."""
    return [0, *(i + 1 for i, step in enumerate(steps) if step == "end")]


class Cursor:
    """An index into a game's states (0: the deal; ``last``: after the final step)."""

    def __init__(self, states: Sequence[State], steps: Sequence[str], index: int = 0) -> None:
        if len(states) != len(steps) + 1:
            raise ValueError("a game has one state more than it has steps")
        self.states = states
        self.steps = steps
        self.starts = turn_starts(steps)
        self.index = 0
        self.go(index)

    @property
    def last(self) -> int:
        return len(self.steps)

    @property
    def state(self) -> State:
        return self.states[self.index]

    @property
    def step(self) -> str | None:
        """The step that led to this position (None at the deal)."""
        return self.steps[self.index - 1] if self.index else None

    @property
    def next_step(self) -> str | None:
        """The step that was played from this position (None after the last)."""
        return self.steps[self.index] if self.index < self.last else None

    def go(self, index: int) -> int:
        """Move to ``index`` (clamped to the game); the index reached."""
        self.index = max(0, min(self.last, index))
        return self.index

    def forward(self) -> int:
        return self.go(self.index + 1)

    def back(self) -> int:
        return self.go(self.index - 1)

    def turn_after(self) -> int:
        """Where the next turn starts (the end of the game from the last turn)."""
        later = [i for i in self.starts if i > self.index]
        return later[0] if later else self.last

    def turn_before(self) -> int:
        """Where this turn starts, or the one before when already at its start."""
        earlier = [i for i in self.starts if i < self.index]
        return earlier[-1] if earlier else 0

    def next_turn(self) -> int:
        return self.go(self.turn_after())

    def previous_turn(self) -> int:
        return self.go(self.turn_before())


# ----- the expert player's opinion --------------------------------------------------------
class Adviser:
    """What the expert player would play, one position at a time, thought in a thread.

    ``ask`` names the position the reviewer looks at; ``poll`` (each frame) collects a
    finished answer and starts on the position asked for last, if it has no answer
    yet. The thinking cannot be interrupted (the engine's player has no such hook),
    so a position left while it is thought about simply finishes, small budget and all,
    before the current one is started: a reviewer running through the steps costs at
    most one stale decision, never a queue of them."""

    def __init__(self, playouts: int = REVIEW_PLAYOUTS, seed: int | str = ADVISER_SEED,
                 choose: Callable[[State], Step] | None = None) -> None:
        self.playouts = playouts
        self.seed = seed
        #: How a position is thought about (tests hand in their own, to hold it back).
        self.choose = choose or self._expert_choice
        #: Answers by the identity of the position (the state object is kept with its
        #: answer, so an id is never reused while it is in here).
        self._answers: dict[int, tuple[State, Step]] = {}
        self._wanted: State | None = None
        self._thread: threading.Thread | None = None
        self._thinking: State | None = None
        self._result: Step | None = None
        self._error: BaseException | None = None
        #: Positions thought about, in order (the tests read it).
        self.thought: list[State] = []

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def ask(self, st: State) -> None:
        """The position now under review (a finished game has nothing to advise)."""
        self._wanted = None if st.over else st
        self.poll()

    def answer(self, st: State) -> Step | None:
        """The expert player's step for this very position, once thought."""
        found = self._answers.get(id(st))
        return found[1] if found is not None and found[0] is st else None

    def thinking_about(self, st: State) -> bool:
        """Whether the answer for ``st`` is still to come (being or about to be thought)."""
        return not st.over and self.answer(st) is None

    def poll(self) -> None:
        """Collect a finished answer; start on the wanted position if it needs one."""
        if self.busy:
            return
        if self._thinking is not None:
            done, self._thinking = self._thinking, None
            if self._error is not None:
                error, self._error = self._error, None
                raise error  # a fault of the player, shown on the window's thread
            if self._result is not None:
                self._answers[id(done)] = (done, self._result)
        wanted = self._wanted
        if wanted is not None and self.answer(wanted) is None:
            self._start(wanted)

    def _expert_choice(self, st: State) -> Step:
        """A fresh expert for each position: what it plays depends on the position and
        the seed alone, never on the positions reviewed before."""
        return ExpertPlayer(self.seed, REVIEW_SEARCH, playouts=self.playouts).choose(st)

    def _start(self, st: State) -> None:
        self._thinking = st
        self._result = None
        self.thought.append(st)
        choose = self.choose

        def think() -> None:
            try:
                self._result = choose(st)
            except BaseException as exc:  # handed to the window's thread by poll()
                self._error = exc
            finally:
                give_back()  # the positions it built and dropped

        keep_frames_smooth()
        self._thread = threading.Thread(target=think, name="review-adviser", daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current thinking is done (tests; never the window)."""
        if self._thread is not None:
            self._thread.join(timeout)


__all__ = ["ADVISER_SEED", "REVIEW_PLAYOUTS", "Adviser", "Cursor", "open_review",
           "turn_starts"]
