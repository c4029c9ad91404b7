"""``python -m scenes.devtools --bench-frames N``: how long a frame of a busy table takes.

A real ``TableScene`` on a game played (by the engine's careless random player, from
a fixed seed) to the middle, with a marker held in the hand and moved every frame,
and the game played on step by step as at a table (each step made through the table,
its film playing: ships sailing, towns turning over, bankers reshuffling; the next
step once the film is over). Each ``App.frame`` is timed, events to flip, and the
last line printed is ``frame ms: median X  p99 Y``: the 60 Hz budget is 16.7 ms, a
120 Hz screen's 8.3 ms. Run it under the dummy video driver (``main`` sets it) so the
figure does not depend on a screen. ``--window WxH`` draws the table at that pixel
size. (It once replayed the films of the last 60 steps over the table as it stood
after them: each film then showed a position several steps away from the one before,
which a table never does, and drew most of the table anew at every film.)

On a shared machine the clock's figure counts the time other processes held the
processor; the line before it counts only the drawing thread's own processor time
(``time.thread_time``), which is what a frame costs when the game has the machine.
The line before those gives the process's resident memory at the end (``rss MB``).

``--thinking LEVEL`` times the same frames while a computer seat of that level
thinks all along (``scenes.core.computer.Thinker``, a fresh player asked again each
time one answers), as it does at a table between its steps: its thinking must not
slow them. It thinks where a table's seats do, in the program's thinking process
(started and asked once before the timed frames, so its start is not timed), or in a
thread with ``SAIL_TO_INDIA_THINKING=thread``; the line before the figures says which.
"""

from __future__ import annotations

import math
import random
import statistics
import time

import pygame

from game.bench import NAMES, careless_step
from game.deal import deal_towns
from game.rules import apply
from game.steps import Step
from scenes.core import gfx
from scenes.core import zones as Z
from scenes.core.app import App
from scenes.core.computer import Thinker
from scenes.core.intents import Play
from scenes.core.session import Session, recorded
from scenes.selftest.monkey import resident_mb
from scenes.table.drag import piece_at
from scenes.table.scene import TableScene

MID_GAME_STEPS = 170


def mid_game(players: int = 4, seed: int = 5) -> Session:
    """A session played to the middle of a game (never to its end)."""
    names = list(NAMES[:players])
    for attempt in range(20):
        session = Session(names, deal_towns(players, seed + attempt))
        rng = random.Random(seed + attempt)
        while len(session.steps) < MID_GAME_STEPS and not session.state.final_round:
            assert session.submit(careless_step(session.state, rng)).ok
        if not session.state.final_round:
            break
    return session


def onward(session: Session, count: int = 400, seed: int = 11) -> list[Step]:
    """The steps the game goes on with from where ``session`` stands (as many as come
    before its final round, ``count`` at most), chosen by the careless player on a copy."""
    state = session.state
    rng = random.Random(seed)
    steps: list[Step] = []
    while len(steps) < count and not state.final_round and not state.over:
        step = careless_step(state, rng)
        steps.append(step)
        state = apply(state, step)
    return steps


def pick_something(app: App, table: TableScene) -> None:
    """Press on the first of the player's markers that can be picked up."""
    st = table.state
    seat = st.active
    zones = [Z.stock(seat), Z.lisboa(seat), Z.scientist(seat, 1),
             Z.speed(seat, st.speed[seat])]
    zones += [Z.ship(p, seat) for p in range(1, st.size + 1)]
    for zone in zones:
        pos = table.layout.rect(zone).center
        if piece_at(st, table.staging, table.layout, pos) is not None:
            at = gfx.to_window(pos)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
            app.frame(1 / 60)
            return


#: The drawing thread's processor milliseconds of each frame of the last ``run``.
CPU: list[float] = []


def run(app: App, frames: int, players: int = 4, thinking: str | None = None) -> list[float]:
    """Time ``frames`` frames of a mid-game table played on; returns milliseconds per
    frame (by the clock; ``CPU`` gets the drawing thread's processor time of the same
    frames). With ``thinking`` a computer player of that level thinks about a position
    of the game all the while, in its thread."""
    app.settings.anim_speed = "normal"  # for this run only: never saved
    app.settings.show_handoff = False  # (the players take turns at one table: no hand-off)
    session = mid_game(players)
    thinker = Thinker(thinking, "bench") if thinking else None
    thought = 0
    where = "a thread"
    # the position it thinks about: the start of the latest turn (a whole decision)
    asked = session.states[max(i + 1 for i, step in enumerate(recorded(session.steps))
                               if step.kind == "end")]
    steps = onward(session)
    if thinker is not None:  # the thinking process started and answering before the timing
        thinker.start(asked)
        thinker.wait()
        thinker.result(asked)
        where = "a thread" if thinker.player is not None else "the thinking process"
    table = TableScene(session)
    app.start(table)
    for _ in range(5):
        app.frame(1 / 60)
    pick_something(app, table)
    times: list[float] = []
    CPU.clear()
    for i in range(frames + 30):  # the first 30 frames warm the caches
        angle = i / 25
        pos = (960 + round(420 * math.cos(angle)), 420 + round(220 * math.sin(angle)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=gfx.to_window(pos),
                                             rel=(0, 0), buttons=(1, 0, 0)))
        if not table.films.animating and steps:
            table.act(Play(steps.pop(0)))
        if thinker is not None and not thinker.busy:
            thinker.result(asked)
            thinker = Thinker(thinking or "", f"bench:{thought}")  # a fresh player: a whole think
            thinker.start(asked)
            thought += 1
        start, cpu = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        if i >= 30:
            times.append((time.perf_counter() - start) * 1000)
            CPU.append((time.thread_time() - cpu) * 1000)
    if thinker is not None:
        thinker.wait()
        print(f"the {thinking} player thought {thought} times meanwhile, in {where}")
    return times


def report(times: list[float], what: str = "frame ms") -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return f"{what}: median {statistics.median(ordered):.2f}  p99 {p99:.2f}"


def main(app: App, frames: int, players: int = 4, thinking: str | None = None) -> int:
    times = run(app, max(1, frames), players, thinking)
    top = app.stack.top
    held = isinstance(top, TableScene) and top.drag.holding
    w, h = gfx.window().get_size()
    print(f"frames: {len(times)}  players: {players}  window: {w}x{h}"
          f"  marker in hand: {'yes' if held else 'no'}  total s: {sum(times) / 1000:.2f}")
    rss = resident_mb()
    if rss is not None:
        print(f"rss MB: {rss:.0f}")
    print(report(CPU, "frame cpu ms (drawing thread)"))
    print(report(times))
    pygame.quit()
    return 0


__all__ = ["main", "mid_game", "onward", "report", "run"]
