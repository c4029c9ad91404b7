"""Every change the table makes to the game, and the status line that says why.

This is the only module of the client that calls ``Session.submit`` or
``Session.undo``: a drop, a button, a key, a right-click entry or a click on a
technology all end here as one step of the notation. It also holds what the player
has staged but not yet committed (a voyage of several ship moves, a sale of several
trade goods, the markers chosen for Geography), and it words the status line. What
follows a step on screen (its film, the log, the next player's announcement, the
scoring screen) is the table's business.

The way is one way: the table hands ``handle`` an intent (``scenes.core.intents``, or
``Put`` for a marker dropped on a lit zone) and gets back the results, in order (the
steps made with the states around them, a refusal and its reason, a question, the
status line's sentence, the zones to light), which it then presents. Nothing here
calls back into the table, so the path runs without pygame. What the session tells
of itself (steps made elsewhere, an online table's news) comes through ``arrived``,
read by ``news.TableNews``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.players import hint
from game.rules import apply, map_offered
from game.state import AFTER_MOVE, State
from game.steps import IllegalStep, Space, Step
from scenes.core import zones as Z
from scenes.core.intents import (
    Answer,
    Asked,
    Cancel,
    Chat,
    Click,
    Confirm,
    HandOver,
    Hint,
    Intent,
    Lit,
    Play,
    Press,
    Redrawn,
    Refused,
    Result,
    Said,
    Status,
    Stepped,
    TakeBack,
    Undone,
)
from scenes.core.session import GameSession, Outcome
from scenes.table.clocks import duration_text, gone_text
from scenes.table.hints import step_zones, why
from scenes.table.news import TableNews, link_said
from scenes.table.requests import TableRequests
from scenes.table.targets import (
    Drop,
    Staging,
    TableFacts,
    in_play,
    menu_entries,
    sale_preview,
)
from scenes.text.catalog import t
from scenes.text.narrate import narrate
from scenes.text.reasons import reason_text

#: The table's buttons whose action is a step (Undo is the table's: it first puts back
#: a marker in the hand).
GAME_BUTTONS = frozenset(Z.button(b) for b in ("sail", "sell", "done", "end_turn"))
#: The technologies used by a click.
CARD_USES = frozenset(Z.tech(tech) for tech in ("bank-system", "map", "geography"))


@dataclass(frozen=True)
class Put:
    """A marker dropped on a lit zone: its step made, or its move or good staged."""

    drop: Drop


#: The table's intents: the core's, and a drop (whose ``Drop`` is the table's).
TableIntent = Intent | Put


class TableActions:
    """The session's one caller at the table, with the staged voyage, sale and
    Geography choice."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        #: The keeper's news, and what only an online game has (None: a game at one
        #: machine), asked of the session once.
        self.news = TableNews(session)
        self.online = self.news.online
        #: A line of chat, a seat handed over: what only an online table is asked.
        self.requests = TableRequests(self.online)
        self.staging = Staging()
        #: The markers chosen for Geography while choosing (None: not choosing).
        self.geography: list[Space] | None = None
        #: Asked before every step (and before an undo, as "undo") by the table's mode
        #: (the lesson): None lets it through, else the status key that refuses it.
        self.guard: Callable[[Step | None], str | None] | None = None
        #: Whether End turn with actions left is asked first (the player's setting).
        self.confirm_end_turn = True
        self._out: list[Result] = []
        self._dropped = False  # the step being made comes from the player's drop

    def handle(self, intent: TableIntent) -> list[Result]:
        """Everything one intent comes to, in order: the table presents it."""
        out, self._out = self._out, []
        try:
            if isinstance(intent, Play):
                self.submit(intent.step, intent.refused)
            elif isinstance(intent, Put):
                self._dropped = True
                try:
                    self.perform(intent.drop)
                finally:
                    self._dropped = False
            elif isinstance(intent, Press):
                self.press(intent.zone)
            elif isinstance(intent, Click):
                self.click_zone(intent.zone)
            elif isinstance(intent, Answer):
                self.answer(intent.topic, intent.yes)
            elif isinstance(intent, TakeBack):
                self.undo()
            elif isinstance(intent, Confirm):
                self.confirm_key()
            elif isinstance(intent, Hint):
                self.show_hint()
            elif isinstance(intent, Cancel):
                self.cancel_geography()
            elif isinstance(intent, Status):
                (self.staging_status if intent.staged else self.refresh_status)()
            elif isinstance(intent, Chat):
                self._out += self.requests.chat(intent.text)
            elif isinstance(intent, HandOver):
                self._out += self.requests.hand_over(intent.seat, intent.level)
            return self._out
        finally:
            self._out = out

    def say(self, key: str, /, **values: object) -> None:
        self._out.append(Said.of(key, **values))

    def light(self, zones: set[str]) -> None:
        self._out.append(Lit(frozenset(zones)))

    def _guarded(self, step: Step | None) -> bool:
        """Whether the mode lets ``step`` (None: an undo) through (a refusal is said
        and reported)."""
        refusal = self.guard(step) if self.guard is not None else None
        if refusal is None:
            return True
        self.say(refusal)
        self._out.append(Refused(step, refusal))
        return False

    @property
    def state(self) -> State:
        return self.session.state

    # ----- the status line ---------------------------------------------------------
    def refresh_status(self) -> None:
        """The standing hint for the player to move (or what is wrong with the way to
        an online table, while something is)."""
        st = self.state
        name = st.names[st.active]
        online = self.online
        link = online.link() if online is not None else None
        if link is not None and not st.over:
            self._out.append(link_said(link))
        elif st.over:
            self.say("status.game_over")
        elif not self.session.human_to_move:
            kind = self.session.seat_kind(st.active)
            here = st.active in self.session.seats_here()
            gone = online.away_for().get(st.active) if online is not None else None
            if kind == "remote" and online is not None and gone is not None:  # and away
                if online.can_hand_over(st.active):
                    self.say("status.online.hand_over_ready", name=name, time=gone_text(gone))
                else:
                    self.say("status.online.waiting_away", name=name, time=gone_text(gone),
                             limit=duration_text(online.away_limit))
            elif kind == "remote":  # a person at another machine (an online table)
                self.say("status.online.waiting_for", name=name)
            elif kind == "human":  # ours, but a step of it is on its way to the table
                self.say("status.online.sent")
            elif here:
                self.say("status.computer", name=name, level=t(f"level.{kind}"))
            else:
                self.say("status.online.computer", name=name, level=t(f"level.{kind}"))
        elif st.phase == AFTER_MOVE:
            arch = st.has_tech(st.active, "architecture")
            self.say("status.after_move.arch" if arch else "status.after_move")
        elif st.ap:
            self.say("status.your_turn", name=name, count=st.ap)
        else:
            self.say("status.no_ap", name=name)

    def staging_status(self) -> None:
        """What is staged, or the standing hint when nothing is."""
        if self.staging.moves:
            self.say("status.voyage", count=len(self.staging.moves))
        elif self.staging.sale:
            preview = sale_preview(self.state, self.staging)
            assert preview is not None
            types, wealth, vp = preview
            self.say("status.sale", goods=t("phrase.goods", count=len(self.staging.sale)),
                          types=t("phrase.types", count=types), wealth=wealth, vp=vp)
        else:
            self.refresh_status()

    # ----- steps ------------------------------------------------------------------------
    def submit(self, step: Step, refused: str = "status.refused") -> Outcome:
        """Make one step through the session; a refusal is said on the status line
        (``refused``: "Not there" after a drop, "Not now" after a click on a card)."""
        if not self._guarded(step):
            return Outcome(False, step, "guard", self.state, self.state)
        outcome = self.session.submit(step)
        if outcome.pending:  # sent to an online table, shown once it turns the card
            self.say("status.online.sent")
            return outcome
        if not outcome.ok:
            reason = (reason_text(outcome.refusal) if outcome.refusal is not None
                      else t(outcome.said.key, **outcome.said.values)
                      if outcome.said is not None else outcome.reason)
            self.say(refused, reason=reason)
            self._out.append(Refused(outcome.step, reason))
            return outcome
        self._out.append(Stepped(outcome, self._dropped))
        after = outcome.after
        assert after is not None
        if after.over:
            return outcome
        self.refresh_status()
        if step.kind == "move" and self.session.human_to_move:
            self.after_voyage(after)
        return outcome

    def arrived(self) -> list[Result]:
        """The keeper's news since the last call, as results (``news.TableNews``: steps
        made elsewhere, an online table's notices and chat, the way to it); a new
        picture of the table drops what was staged on the old one."""
        out = self.news.arrived(lambda: self.handle(Status()))
        if any(isinstance(r, Redrawn) for r in out):
            self.staging.clear()
            self.geography = None
        return out

    def perform(self, drop: Drop) -> None:
        """A marker dropped on a lit zone: make its step, or stage it."""
        if drop.step is not None:
            self.submit(drop.step)
        elif drop.stage_move is not None:
            if drop.replace is None:
                self.staging.moves.append(drop.stage_move)
            else:
                self.staging.moves[drop.replace] = drop.stage_move
            self.staging_status()
        elif drop.stage_good is not None:
            self.staging.sale.append(drop.stage_good)
            self.staging_status()

    def after_voyage(self, after: State) -> None:
        """Offer Map when it applies; close the voyage at once when nothing can follow."""
        if map_offered(after):
            self._out.append(Asked("map", "confirm.map"))
            return
        self.maybe_auto_done()

    def answer(self, topic: str, yes: bool) -> None:
        """The answer to an ``Asked``: Map used or not, the turn ended or not."""
        if topic == "map":
            if yes:
                self.submit(Step("map"))
            self.maybe_auto_done()
        elif topic == "end_turn" and yes:
            self.submit(Step("end"))

    def maybe_auto_done(self) -> None:
        if self.state.phase != AFTER_MOVE:
            return
        useful = [s for s in self.session.legal_steps() if s.kind in ("cargo", "map", "build")]
        if not useful:
            self.submit(Step("done"))

    # ----- buttons and keys ----------------------------------------------------------
    def button_states(self) -> dict[str, str]:
        st = self.state
        human = self.session.human_to_move
        staging = self.staging
        acting = human and st.phase != AFTER_MOVE

        def on(yes: bool) -> str:
            return "normal" if yes else "disabled"

        return {
            Z.button("sail"): on(human and bool(staging.moves)),
            Z.button("sell"): on(human and bool(staging.sale)),
            Z.button("done"): on(human and st.phase == AFTER_MOVE),
            # while a guard watches (a lesson), Undo takes back only what is staged
            Z.button("undo"): on(human and (not staging.empty or (
                self.guard is None and self.session.can_undo()))),
            Z.button("end_turn"): on(acting and staging.empty),
        }

    def press(self, zone: str) -> None:
        """One of ``GAME_BUTTONS`` pressed (only the person to move can)."""
        if not self.session.human_to_move:
            return
        if zone == Z.button("sail"):
            self.sail()
        elif zone == Z.button("sell"):
            self.sell()
        elif zone == Z.button("done"):
            self.submit(Step("done"))
        elif zone == Z.button("end_turn"):
            self.end_turn()

    def sail(self) -> None:
        self._commit(bool(self.staging.moves), self.staging.voyage_step, "sail")

    def sell(self) -> None:
        self._commit(bool(self.staging.sale), self.staging.sale_step, "sell")

    def _commit(self, staged: bool, step: Callable[[], Step], button: str) -> None:
        """Make the staged voyage or sale as one step; the staging empties if it is made."""
        if not staged:
            self.say(f"status.nothing_staged.{button}")
            return
        if self.submit(step()).ok:
            self.staging.clear()

    def confirm_key(self) -> None:
        """Enter: commit what is being chosen or staged, or close the voyage."""
        if self.geography is not None:
            self.commit_geography()
        elif self.staging.moves:
            self.press(Z.button("sail"))
        elif self.staging.sale:
            self.press(Z.button("sell"))
        elif self.state.phase == AFTER_MOVE:
            self.press(Z.button("done"))

    def end_turn(self) -> None:
        if not self.staging.empty:
            self.say("status.staging")
            return
        if not self._guarded(Step("end")):
            return  # refused before any question is asked
        st = self.state
        if st.ap and st.phase != AFTER_MOVE and self.confirm_end_turn:
            self._out.append(Asked("end_turn", "confirm.end_turn", (("count", st.ap),)))
            return
        self.submit(Step("end"))

    def undo(self) -> None:
        """Take back the last staged move, else the last step of this turn."""
        if self.staging.moves:
            self.staging.moves.pop()
            self.say("status.staged_undone")
            return
        if self.staging.sale:
            self.staging.sale.pop()
            self.say("status.staged_undone")
            return
        if not self._guarded(None):
            return
        outcome = self.session.undo()
        if not outcome.ok:
            self.say("status.cannot_undo", reason=t(f"undo.{outcome.reason}"))
            self._out.append(Refused(None, outcome.reason))
            return
        self._out.append(Undone(outcome))
        self.refresh_status()
        self.say("status.undone", step=str(outcome.step))

    # ----- technologies used by a click -------------------------------------------
    def click_zone(self, zone: str) -> None:
        """A click (press and release on the same zone) that is not a drag."""
        st = self.state
        seat = st.active
        z = Z.parse(zone)
        if not in_play(st, z):
            return  # an absent town's space: nothing there to choose
        if self.geography is not None:
            if zone == Z.tech("geography"):
                self.commit_geography()
            elif z.space is not None and st.owner(z.space) == seat:
                self.choose_geography(z.space)
            return
        if not self.staging.empty and zone in CARD_USES:
            self.say("status.staging")  # a card's use waits for the staged one
            return
        if zone == Z.tech("bank-system") and st.has_tech(seat, "bank-system"):
            self.submit(Step("bank"), refused="status.not_now")
        elif zone == Z.tech("map") and st.has_tech(seat, "map") and st.map_pending:
            self.submit(Step("map"), refused="status.not_now")
        elif zone == Z.tech("geography") and st.has_tech(seat, "geography"):
            self.start_geography()

    def start_geography(self) -> None:
        """Begin choosing the markers Geography puts back to sea (or say why not)."""
        if not any(s.kind == "geography" for s in self.session.legal_steps()):
            st = self.state
            land = st.land(st.active)
            if not land:  # the engine would only say the step names no space
                self.say("status.geography.no_land")
                return
            try:
                apply(st, Step("geography", (land[0],)))
            except IllegalStep as refusal:
                self.say("status.not_now", reason=reason_text(refusal))
            return
        self.geography = []
        self.say("status.geography", n=0)

    def choose_geography(self, space: Space) -> None:
        assert self.geography is not None
        if space in self.geography:
            self.geography.remove(space)
        else:
            self.geography.append(space)
        self.say("status.geography", n=len(self.geography))
        self.light({Z.space(s) for s in self.geography})

    def commit_geography(self) -> None:
        chosen = self.geography or []
        if not chosen:
            self.say("status.geography.none")
            return
        self.geography = None
        self.light(set())
        self.submit(Step("geography", tuple(chosen)))

    def cancel_geography(self) -> None:
        self.geography = None
        self.light(set())
        self.refresh_status()

    # ----- the right-click menu and the hint ---------------------------------------
    def menu(self, zones: list[str]) -> list[tuple[str, Intent]] | Said:
        """The right-click entries for the zones under the pointer (most specific
        first): the legal free steps there, as the engine lists them, each with the
        intent it stands for; or why there are none to offer now."""
        entries = menu_entries(self.state, self.session.legal_steps(), zones)
        if entries and not self.staging.empty:
            # a return could take away a ship or a good the staged voyage or sale uses
            return Said.of("status.staging")
        return [(t(e.key, **dict(e.values)),
                 Click(Z.tech("geography")) if e.step is None else Play(e.step))
                for e in entries]

    def show_hint(self) -> None:  # (the lesson's own hints are the mode's)
        """Light the zones of the step a medium computer player would take now."""
        if not self.session.human_to_move or not self.staging.empty:
            return
        st = self.state
        step = hint(st)
        after = apply(st, step)
        key, values = narrate(st, step, after)[0]
        self.light(step_zones(st, step))
        self.say("status.hint.why", sentence=t(key, **values), why=why_text(st, step, after))

    # ----- what the tooltips need -----------------------------------------------------
    def facts(self) -> TableFacts:
        steps = self.session.steps
        return TableFacts(self.session.human_to_move, self.button_states(), self.staging,
                          self.session.undo_blocker(), steps[-1] if steps else None)


def why_text(before: State, step: Step, after: State) -> str:
    """The hint's reasons, put into words and joined into one line."""
    parts = []
    for key, values in why(before, step, after):
        if key == "hint.why.opens":
            opened = values["kinds"]
            kinds = [t(f"hint.opens.{kind}") for kind in
                     (opened if isinstance(opened, (list, tuple)) else ())]
            parts.append(t(key, things=t("phrase.list.or", head=", ".join(kinds[:-1]),
                                         last=kinds[-1]) if len(kinds) > 1 else kinds[0]))
        else:
            parts.append(t(key, **values))
    return t("phrase.list.and", head=", ".join(parts[:-1]), last=parts[-1]) \
        if len(parts) > 1 else parts[0]


__all__ = ["GAME_BUTTONS", "Put", "TableActions", "TableIntent"]
