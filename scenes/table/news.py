"""What the game's keeper tells the table between two frames, as the table's results.

A session has one way to tell the table what happened: ``poll()`` (steps made
elsewhere, and at an online table its notices and chat lines: ``News``). ``TableNews``
takes that news once a frame and turns it into results (``scenes.core.intents``), in
the order the status line must say them; at an online table it also watches the way
to the server (lost, slow, back, out of reach too long) and the player to move who is
away, so that each change is said once. It asks the session once for what only an
online game has (``online()``), and the actions read it from here. Nothing here calls
the table: the actions hand ``arrived`` their standing status sentence as a function.
"""

from __future__ import annotations

from collections.abc import Callable

from game.words import Phrase
from scenes.core.intents import Chatted, Redrawn, Refused, Result, Said, Stepped, Undone
from scenes.core.session import Chat, GameSession, Notice, OnlineTable, Outcome
from scenes.table.clocks import gone_text
from scenes.text.catalog import t

#: How long (seconds) an online table may be out of reach before the player is told
#: plainly that its server (or its host's program) is gone, and what they can do.
GONE_LONG = 120.0


def gone_too_long(online: OnlineTable | None) -> bool:
    """Whether an online table's server has been out of reach ``GONE_LONG`` or more."""
    return online is not None and not online.connected and online.out_of_reach() >= GONE_LONG


def link_banner(online: OnlineTable | None) -> str | None:
    """The banner's sentence while an online table cannot be played as usual: its
    server cannot be followed, or it is out of reach (reconnecting; once it has been
    gone long, what the player can do). None otherwise (a slow server is said on the
    status line only; a game at one machine has no server)."""
    link = online.link() if online is not None else None
    if online is None or link is None or (online.connected and online.trouble() is None):
        return None
    if online.trouble() is None and gone_too_long(online):
        return t("banner.online.gone_long")
    if link.key == "online.dropped":
        return t("status.online.away")
    return t(link.key, **link.values)


def link_said(link: Phrase) -> Said:
    """The status line's sentence for what is wrong with the way to an online table
    (a connection just lost: reconnecting, the moves waiting)."""
    if link.key == "online.dropped":
        return Said.of("status.online.away")
    return Said(link.key, tuple(link.values.items()))


class TableNews:
    """The keeper's news as results, and what it watched last (see the module)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        #: What only an online game has (None: a game at one machine), asked once.
        self.online: OnlineTable | None = session.online()
        self._link: Phrase | None = self.online.link() if self.online is not None else None
        self._away_seen: tuple[int, str, bool] | None = None
        self._gone_long = False

    def _away_standing(self) -> tuple[int, str, bool] | None:
        """The player to move, if a person not at the table: who, how long gone (in
        the status line's words) and whether they may be handed over now."""
        away = self.online.away_for() if self.online is not None else {}
        if not away:
            return None
        st = self.session.state
        gone = away.get(st.active)
        if gone is None or st.over or self.session.human_to_move:
            return None
        assert self.online is not None
        return (st.active, gone_text(gone), self.online.can_hand_over(st.active))

    def arrived(self, status: Callable[[], list[Result]]) -> list[Result]:
        """The news the session reports since the last call (``poll``: steps made
        elsewhere, an online table's notices and chat), as results; and the way to an
        online table, said when it changes (a local session has no news). ``status``
        gives the status line's standing sentence, said where the news calls for it."""
        out: list[Result] = []
        online = self.online
        gone_long = gone_too_long(online)
        if gone_long and not self._gone_long:  # out of reach a while: what can be done
            out.append(Said.of("status.online.gone_long"))
        self._gone_long = gone_long
        away = self._away_standing()
        if away != self._away_seen:  # the player to move went, came back, or has been
            self._away_seen = away  # gone long enough to be handed over: said afresh
            out += status()
        news = self.session.poll()
        for notice in news:  # the keeper's sentences, said as they come
            if not isinstance(notice, Notice):
                continue
            said = notice.said
            if isinstance(said, Phrase):  # news of a seat is kept in the log too
                out.append(Said(said.key, tuple(said.values.items()),
                                logged=isinstance(said.values.get("seat"), int)))
            elif said:
                out.append(Said.of("room.failed", reason=said))
        for outcome in news:
            if not isinstance(outcome, Outcome):
                continue
            if outcome.ok:
                out.append(Stepped(outcome))
                continue
            if outcome.reason == "resync":  # the table as its keeper has it: redrawn
                out += [Redrawn(), Said.of("online.resynced")]
                continue
            reason = (t(outcome.said.key, **outcome.said.values) if outcome.said is not None
                      else outcome.reason)
            if outcome.taken_back:  # shown here, refused by the table: it slides back
                out += [Undone(outcome), Said.of("status.online.taken_back",
                                                step=str(outcome.step), reason=reason)]
            else:
                out += [Said.of("status.refused", reason=reason),
                        Refused(outcome.step, reason)]
        link = online.link() if online is not None else None
        if link != self._link:  # the way to an online table lost, slow, refused, back
            self._link = link
            out += status() if link is None else [link_said(link)]
        if (out and not any(isinstance(r, Said) for r in out)) or (
                link is None and any(isinstance(r, Stepped) for r in out)
                and not any(isinstance(r, Undone) for r in out)):
            out += status()  # whose turn it is now, said
        trouble = online.trouble() if online is not None else None
        if trouble is not None and out and out[-1] != link_said(trouble):
            out.append(link_said(trouble))  # a table that cannot go on says so last
        chat = tuple(line for line in news if isinstance(line, Chat))
        return [*out, Chatted(chat)] if chat else out  # (for the log: no status of its own)


__all__ = ["GONE_LONG", "TableNews", "gone_too_long", "link_banner", "link_said"]
