"""The game server: owns every table, judges every step, tells each seat its view.

One asyncio event loop serves every connection through ``websockets`` (compression
off, 64 KiB frames, its own keepalive and origin check). A table's steps are judged
one at a time under its lock, committed to the store, and only then announced.
Computer players think on worker threads, so no table waits for another's.
The server starts in-process (``online.thread.ServerThread``, port 0 allowed, for the
desktop program) or standing (``python -m online serve``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from . import engine
from .accounts import SHORT_SECRET
from .engine import Refused
from .guesses import Guesses
from .store import Store
from .tables import DEFAULT_AWAY, Bad, Seat, Table, token_hash
from .tables import field_of as _field
from .view import seat_view

PROTOCOL = 1
MAX_MESSAGE = 64 * 1024
RATE = 50.0        # messages a second a connection may keep up
BURST = 200.0      # and how many it may send at once
CLOSE_VERSION = 4001
CLOSE_FLOOD = 1008
MAX_CHAT = 500

log = logging.getLogger("online")


class GameServer:
    def __init__(self, store: Store, origins: list[str | None] | None = None,
                 where: str = "", workers: int = 2) -> None:
        self.store = store
        self.origins = [None, *(origins or [])]
        self.where = where
        self.tables: dict[str, Table] = {}
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="computer")
        self._server: Any = None
        self._sweeper: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self.guesses = Guesses()  # wrong invite codes, by address
        self.port = 0

    # ----- life ------------------------------------------------------------------
    def load(self) -> None:
        """Every table back from the store, each replayed from its log."""
        for row in self.store.tables():
            t = Table(row["id"], row["options"], row["seed"], row["towns"], row["status"],
                      row["invite"], row["created"], row["turn_started"])
            for s in self.store.seats(t.id):
                t.seats[s["seat"]] = Seat(s["name"], s["kind"], s["level"], s["token_hash"],
                                          s["clock"], s["last_seen"] or 0.0)
            if t.status != "open":
                t.steps = self.store.steps(t.id)
                t.state = engine.replay(t.names(), t.towns, t.options["variant"], t.steps)
            self.tables[t.id] = t

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.load()
        self._server = await serve(self._connection, host, port, compression=None,
                                   max_size=MAX_MESSAGE, origins=self.origins)
        self.port = self._server.sockets[0].getsockname()[1]
        self._sweeper = asyncio.create_task(self._sweep())
        for t in self.tables.values():
            self._maybe_computer(t)
        return self.port

    async def stop(self) -> None:
        if self._sweeper:
            self._sweeper.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    # ----- connections -----------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        allowance, last = BURST, time.monotonic()
        try:
            async for raw in ws:
                now = time.monotonic()
                allowance = min(BURST, allowance + (now - last) * RATE)
                last = now
                if allowance < 1:
                    await ws.close(CLOSE_FLOOD, "too many messages")
                    return
                allowance -= 1
                await self._message(ws, raw)
        except ConnectionClosed:
            pass
        finally:
            await self._gone(ws)

    async def _gone(self, ws: ServerConnection) -> None:
        """A connection closed: its seats are seen last now, and a seat no other
        connection holds is told to the table as away."""
        for t in list(self.tables.values()):
            t.watchers.pop(ws, None)
            held = t.holders.get(ws)
            if not held:
                continue
            now = time.time()
            for seat in held:
                if seat in t.seats:
                    t.seats[seat].last_seen = now
                    self._save_seat(t, seat)
            if t.let_go(ws) and t.watchers:
                await self._announce(t, {"type": "view"})

    async def _message(self, ws: ServerConnection, raw: str | bytes) -> None:
        if isinstance(raw, bytes):
            await self._send(ws, Bad("server.binary").answer())
            return
        try:
            msg = json.loads(raw)
        except ValueError:
            await self._send(ws, Bad("server.not_json").answer())
            return
        if not isinstance(msg, dict):
            await self._send(ws, Bad("server.not_object").answer())
            return
        if msg.get("v") != PROTOCOL:
            await self._send(ws, Bad("server.version", {"version": PROTOCOL}).answer())
            await ws.close(CLOSE_VERSION, f"protocol version {PROTOCOL}")
            return
        ref = msg.get("id")
        if not isinstance(ref, (int, str)) or isinstance(ref, bool):
            ref = None
        kind = msg.get("type")
        handler = self.HANDLERS.get(kind) if isinstance(kind, str) else None
        try:
            if handler is None:
                raise Bad("server.unknown_type")
            reply = await handler(self, ws, msg)
        except Bad as exc:
            reply = exc.answer()
        if reply is not None:
            if ref is not None:
                reply["id"] = ref
            await self._send(ws, reply)

    async def _send(self, ws: Any, msg: dict) -> None:
        msg["v"] = PROTOCOL
        with contextlib.suppress(ConnectionClosed):
            await ws.send(json.dumps(msg, separators=(",", ":")))

    # ----- helpers -----------------------------------------------------------------
    def _table(self, msg: dict) -> Table:
        t = self.tables.get(_field(msg, "table", str))
        if t is None:
            raise Bad("server.no_table")
        return t

    def _seat(self, t: Table, msg: dict, computer_too: bool = False) -> int:
        """The seat the message speaks for, after its token is checked. A seat the
        table's computer plays keeps its player's token (they may come back for it:
        see ``on_resume``) but speaks for nothing else."""
        seat = _field(msg, "seat", int)
        token = _field(msg, "token", str)
        s = t.seats.get(seat)
        if s is None or s.token_hash is None or not hmac.compare_digest(
                s.token_hash, token_hash(token)):
            raise Bad("server.wrong_token")
        if s.kind == "computer" and not computer_too:
            raise Bad("server.computer_plays")
        s.last_seen = time.time()
        return seat

    def _save_seat(self, t: Table, seat: int) -> None:
        s = t.seats[seat]
        self.store.put_seat(t.id, seat, name=s.name, kind=s.kind, level=s.level,
                            token_hash=s.token_hash, clock=s.clock, last_seen=s.last_seen)

    def view_for(self, t: Table, seat: int | None, with_steps: bool = True) -> dict:
        """The snapshot of a table for one seat, through ``seat_view`` alone."""
        now = time.time()
        base: dict = {"table": t.id, "status": t.status, "options": t.public_options(),
                      "seats": t.seats_now(self.where, now), "clocks": t.clocks_left(now)}
        if t.state is not None:
            base.update(seat_view(t.state, seat, t.steps if with_steps else None, t.record(),
                                  len(t.steps)))
        else:
            base["seat"] = seat
        return base

    async def _announce(self, t: Table, extra: dict, with_steps: bool = False,
                        skip: Any = None) -> None:
        for ws, seat in list(t.watchers.items()):
            if ws is skip:
                continue
            msg = self.view_for(t, seat, with_steps)
            msg.update(extra)
            await self._send(ws, msg)

    def _event(self, t: Table, what: str) -> None:
        log.info("table %s %s", t.id, what)

    # ----- lobby -------------------------------------------------------------------
    async def on_create(self, ws: Any, msg: dict) -> dict:
        players = _field(msg, "players", int)
        if players not in (3, 4):
            raise Bad("server.players")
        variant = _field(msg, "variant", str, "standard")
        if variant not in engine.VARIANTS:
            raise Bad("server.variant", {"known": ", ".join(engine.VARIANTS)})
        clock = _field(msg, "clock", (dict, type(None)), None)
        if clock is not None:
            budget, bonus = clock.get("budget"), clock.get("bonus", 0)
            if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0
                       for x in (budget, bonus)) or not budget:
                raise Bad("server.clock")
            clock = {"budget": float(budget), "bonus": float(bonus)}
        away = _field(msg, "away_limit", (int, float), DEFAULT_AWAY)
        options = {"players": players, "variant": variant,
                   "first_game": _field(msg, "first_game", bool, False),
                   "private": _field(msg, "private", bool, False), "clock": clock,
                   "away_limit": max(0.0, float(away))}
        return self._new_table(options)

    def _new_table(self, options: dict) -> dict:
        seed = engine.new_seed()
        towns = engine.deal(options["players"], seed, options["first_game"])
        t = Table(secrets.token_hex(6), options, seed, towns, "open",
                  secrets.token_hex(SHORT_SECRET) if options["private"] else None, time.time())
        self.store.add_table({"id": t.id, "options": options, "seed": seed, "towns": towns,
                              "status": "open", "invite": t.invite, "created": t.created})
        self.tables[t.id] = t
        self._event(t, f"created for {options['players']} players")
        reply = {"type": "created", "table": t.id, "where": self.where}
        if t.invite:
            reply["invite"] = t.invite
        return reply

    async def on_list(self, ws: Any, msg: dict) -> dict:
        return {"type": "tables", "tables": [t.lobby_entry(self.where) for t in self.tables.values()
                                             if t.status == "open" and not t.options["private"]]}

    def _check_invite(self, ws: Any, t: Table, msg: dict) -> None:
        if not t.invite:
            return
        address = self.guesses.allowed(ws)
        if not hmac.compare_digest(t.invite, _field(msg, "invite", str, "")):
            self.guesses.wrong(address)
            raise Bad("server.private")

    def _table_by_invite(self, ws: Any, msg: dict) -> Table:
        """The private table whose invite secret the message carries (a short code
        names no table: the secret finds it)."""
        code = _field(msg, "invite", str)
        address = self.guesses.allowed(ws)
        for t in self.tables.values():
            if t.invite and hmac.compare_digest(t.invite, code):
                return t
        self.guesses.wrong(address)
        raise Bad("server.no_invite")

    async def on_sit(self, ws: Any, msg: dict) -> dict:
        by_code = "table" not in msg and "invite" in msg
        t = self._table_by_invite(ws, msg) if by_code else self._table(msg)
        name = _field(msg, "name", str)
        self._check_invite(ws, t, msg)
        if t.status != "open":
            raise Bad("server.started_resume")
        free = [i for i in range(t.size) if i not in t.seats]
        if not free:
            raise Bad("server.full")
        problem = engine.name_problem(name, [s.name for s in t.seats.values()])
        if problem:
            raise Bad(problem.key, problem.values, str(problem))
        token = secrets.token_urlsafe(24)
        seat = free[0]
        t.seats[seat] = Seat(name, "human", token_hash=token_hash(token), last_seen=time.time())
        self._save_seat(t, seat)
        t.watchers[ws] = seat
        t.hold(ws, seat)
        self._event(t, f"seat {seat} taken by {name}")
        await self._announce(t, {"type": "view"})
        return {"type": "seated", "table": t.id, "seat": seat, "token": token}

    async def on_computer(self, ws: Any, msg: dict) -> dict:
        t = self._table(msg)
        self._seat(t, msg)
        level = _field(msg, "level", str)
        if level not in engine.LEVELS:
            raise Bad("server.level", {"known": ", ".join(engine.LEVELS)})
        if t.status != "open":
            raise Bad("server.seats_before_start")
        free = [i for i in range(t.size) if i not in t.seats]
        if not free:
            raise Bad("server.full")
        seat = free[0]
        # The host's program names it in the host's language; a bare client gets a name.
        name = _field(msg, "name", str, "") or f"{level.title()} {seat + 1}"
        problem = engine.name_problem(name, [s.name for s in t.seats.values()])
        if problem:
            raise Bad(problem.key, problem.values, str(problem))
        t.seats[seat] = Seat(name, "computer", level)
        self._save_seat(t, seat)
        self._event(t, f"seat {seat} given to the {level} computer")
        await self._announce(t, {"type": "view"})
        return {"type": "ok", "table": t.id, "seat": seat}

    async def on_start(self, ws: Any, msg: dict) -> dict | None:
        t = self._table(msg)
        self._seat(t, msg)
        if t.status != "open":
            raise Bad("server.started")
        if len(t.seats) < t.size:
            raise Bad("server.unfilled")
        await self._begin(t)
        return {"type": "ok", "table": t.id}

    async def _begin(self, t: Table) -> None:
        t.state = engine.start(t.names(), t.towns, t.options["variant"])
        t.status = "playing"
        t.turn_started = time.time()
        if t.options["clock"]:
            for i, s in t.seats.items():
                s.clock = t.options["clock"]["budget"]
                self._save_seat(t, i)
        self.store.update_table(t.id, status="playing", turn_started=t.turn_started)
        self._event(t, "started")
        await self._announce(t, {"type": "view"}, with_steps=True)
        self._maybe_computer(t)

    async def on_watch(self, ws: Any, msg: dict) -> dict:
        t = self._table(msg)
        self._check_invite(ws, t, msg)
        t.watchers[ws] = None
        return {"type": "view", **self.view_for(t, None)}

    async def on_resume(self, ws: Any, msg: dict) -> dict:
        t = self._table(msg)
        seat = self._seat(t, msg, computer_too=True)
        s = t.seats[seat]
        news: dict = {}
        if s.kind == "computer" and t.status == "playing" and (
                not t.options["clock"] or s.clock is None or s.clock > 0):
            # Handed over while its player was away: back to them, with the time they had.
            s.kind, s.level = "human", None
            t.players.pop(seat, None)
            news = {"handed": {"seat": seat, "why": "back"}}
            self._event(t, f"seat {seat} taken back from the computer")
        t.watchers[ws] = seat
        self._save_seat(t, seat)
        self._event(t, f"seat {seat} back")
        if s.kind == "human" and t.hold(ws, seat):  # the others see the seat back
            await self._announce(t, {"type": "view", **news}, skip=ws)
        return {"type": "view", **self.view_for(t, seat), **news}

    async def on_chat(self, ws: Any, msg: dict) -> None:
        t = self._table(msg)
        seat = self._seat(t, msg, computer_too=True)
        text = _field(msg, "text", str)
        if not 0 < len(text) <= MAX_CHAT:
            raise Bad("server.chat_length", {"limit": MAX_CHAT})
        out = {"type": "chat", "table": t.id, "seat": seat, "name": t.seats[seat].name,
               "text": text}
        for w in list(t.watchers):
            await self._send(w, dict(out))

    async def on_leave(self, ws: Any, msg: dict) -> dict:
        t = self._table(msg)
        seat = self._seat(t, msg, computer_too=True)
        t.watchers.pop(ws, None)
        t.let_go(ws, seat)
        self._event(t, f"seat {seat} left")
        if t.status == "open":
            del t.seats[seat]
            self.store.drop_seat(t.id, seat)
        else:
            # The seat stays in the game; its token ends (a seat left is not taken back)
            # and, while the game is on, the table's computer plays it from now on.
            s = t.seats[seat]
            s.token_hash = None
            s.last_seen = 0.0
            self._save_seat(t, seat)
            if t.status == "playing" and s.kind == "human":
                await self._to_computer(t, seat, "medium", "left")  # (which tells all)
                return {"type": "ok", "table": t.id}
        await self._announce(t, {"type": "view"})
        return {"type": "ok", "table": t.id}

    async def on_hand_over(self, ws: Any, msg: dict) -> dict:
        t = self._table(msg)
        self._seat(t, msg)
        target = _field(msg, "target", int)
        level = _field(msg, "level", str, "medium")
        if level not in engine.LEVELS:
            raise Bad("server.level", {"known": ", ".join(engine.LEVELS)})
        s = t.seats.get(target)
        if t.status != "playing" or s is None or s.kind != "human":
            raise Bad("server.hand_over")
        if t.present(target) or time.time() - s.last_seen < t.options["away_limit"]:
            raise Bad("server.not_gone")
        await self._to_computer(t, target, level, "away")
        return {"type": "ok", "table": t.id}

    async def _to_computer(self, t: Table, seat: int, level: str, why: str) -> None:
        """The table's computer plays ``seat`` from now on; everyone is told ``why``
        ("away", "time" or "left") with the view that shows it."""
        s = t.seats[seat]
        # The token stays: a player handed over for being away takes the seat back by
        # resuming it; one out of time (clock at 0) only watches it played out.
        s.kind, s.level = "computer", level
        self._save_seat(t, seat)
        for held in t.holders.values():
            held.discard(seat)
        for w, ws_seat in list(t.watchers.items()):
            if ws_seat == seat:
                t.watchers[w] = None
        self._event(t, f"seat {seat} handed to the {level} computer")
        await self._announce(t, {"type": "view", "handed": {"seat": seat, "why": why}})
        self._maybe_computer(t)

    async def on_rematch(self, ws: Any, msg: dict) -> dict:
        t = self._table(msg)
        self._seat(t, msg, computer_too=True)
        if t.status != "over":
            raise Bad("server.rematch")
        if "rematch" not in t.options:
            options = t.public_options()
            reply = self._new_table(options)
            new = self.tables[reply["table"]]
            for i, s in t.seats.items():
                # a seat handed to the computer goes back to its player for the new game
                person = s.token_hash is not None
                new.seats[i] = Seat(s.name, "human" if person else s.kind,
                                    None if person else s.level, s.token_hash, None,
                                    s.last_seen)
                self._save_seat(new, i)
            t.options["rematch"] = new.id
            self.store.update_table(t.id, options=json.dumps(t.options))
            await self._begin(new)
            await self._announce(t, {"type": "rematch", "new_table": new.id})
        return {"type": "rematch", "table": t.id, "new_table": t.options["rematch"]}

    # ----- play --------------------------------------------------------------------
    async def on_step(self, ws: Any, msg: dict) -> dict | None:
        t = self._table(msg)
        seat = self._seat(t, msg)
        number = _field(msg, "number", int)
        text = _field(msg, "step", str)
        if len(text) > 1000:
            raise Bad("server.step_long")
        accepted = {"type": "accepted", "table": t.id, "number": number}
        if isinstance(msg.get("id"), (int, str)) and not isinstance(msg.get("id"), bool):
            accepted["id"] = msg["id"]
        try:
            await self._play(t, seat, number, text, (ws, accepted))
        except Refused as exc:
            return {**exc.answer("refused"), "table": t.id, "number": number, "step": text}
        return None

    async def _play(self, t: Table, seat: int, number: int, text: str,
                    reply_to: tuple[Any, dict] | None = None,
                    by_computer: bool = False) -> str:
        """Judge, commit, then announce one step; Refused leaves everything as it was."""
        async with t.lock:
            st = t.state
            if t.status != "playing" or st is None or st.over:
                raise Refused("server.not_in_play")
            if number != len(t.steps):
                raise Refused("server.step_number", {"at": len(t.steps), "number": number})
            if seat != st.active:
                raise Refused("server.not_your_turn")
            if by_computer != (t.seats[seat].kind == "computer"):
                if by_computer:
                    return ""  # its player took the seat back while the computer thought
                raise Refused("server.computer_plays")
            judged = engine.judge(st, text)
            now = time.time()
            if not self.store.append_step(t.id, number, judged.text, seat, now):
                raise Refused("server.step_taken", {"number": number})
            t.steps.append(judged.text)
            after = judged.state
            t.state = after
            s = t.seats[seat]
            if t.options["clock"] and s.kind == "human" and s.clock is not None and \
                    t.turn_started:
                s.clock -= now - t.turn_started
                if after.active != seat or after.over:
                    s.clock += t.options["clock"]["bonus"]
                self._save_seat(t, seat)
            t.turn_started = now
            if after.over:
                t.status = "over"
            if after.over or t.options["clock"]:
                # Without a clock the turn's start matters to nobody: one write a step.
                self.store.update_table(t.id, status=t.status, turn_started=now)
            self._event(t, f"step {number} by seat {seat}: {judged.text}")
            if after.over:
                self._event(t, "over")
            if reply_to is not None:
                # Committed: the actor hears first, then everyone (the actor too) is told.
                await self._send(reply_to[0], {**reply_to[1], "step": judged.text})
            await self._announce(t, {"type": "update", "step": judged.text, "by": seat})
        self._maybe_computer(t)
        return judged.text

    def _maybe_computer(self, t: Table) -> None:
        st = t.state
        if t.status != "playing" or st is None or st.over or t.thinking:
            return
        s = t.seats[st.active]
        if s.kind != "computer":
            return
        t.thinking = True
        task = asyncio.create_task(self._computer_turn(t, st.active))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _computer_turn(self, t: Table, seat: int) -> None:
        try:
            player = t.players.get(seat)
            if player is None:
                player = t.players[seat] = engine.computer(t.seats[seat].level or "medium",
                                                           f"{t.seed}:{seat}")
            st, number = t.state, len(t.steps)
            loop = asyncio.get_running_loop()
            text = await loop.run_in_executor(self.pool, engine.think, player, st)
        finally:
            t.thinking = False
        try:
            await self._play(t, seat, number, text, by_computer=True)
        except Refused as exc:
            log.warning("table %s computer step refused: %s", t.id, exc)

    async def _sweep(self) -> None:
        """Clocks: a player whose time runs out is handed to a computer player."""
        while True:
            await asyncio.sleep(0.5)
            now = time.time()
            for t in list(self.tables.values()):
                st = t.state
                if t.status != "playing" or st is None or not t.options["clock"]:
                    continue
                s = t.seats[st.active]
                if s.kind == "human" and s.clock is not None and t.turn_started and \
                        s.clock - (now - t.turn_started) <= 0:
                    self._event(t, f"seat {st.active} out of time")
                    s.clock = 0.0
                    await self._to_computer(t, st.active, "medium", "time")

    HANDLERS: ClassVar[dict[str, Any]] = {
        "create": on_create, "list": on_list, "sit": on_sit, "computer": on_computer,
        "start": on_start, "watch": on_watch, "resume": on_resume, "chat": on_chat,
        "leave": on_leave, "hand_over": on_hand_over, "rematch": on_rematch, "step": on_step}
