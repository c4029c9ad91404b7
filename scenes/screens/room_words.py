"""What the waiting room says of its table, and the parts of it it draws.

The room (``waiting_room``) keeps the table's requests and what is known of it; this
module puts that into words and pictures from plain values: who holds a seat (and
their rating), the invite code and the addresses friends reach it by, the seats'
rows, a slow server's sentence, a name for the next computer seat, and the seat and
player key this machine sits with. Nothing here asks the server or changes the room.
"""

from __future__ import annotations

import pygame

from game.words import Phrase
from online.inbound import SeatInfo
from online.lobby import Lobby
from online.words import shown_name
from scenes.core import gfx
from scenes.core.netplay import Netplay
from scenes.text.catalog import t
from scenes.text.standing import standing_text
from scenes.ui import art
from scenes.ui import palette as P
from scenes.ui.label import label

PANEL = pygame.Rect(260, 70, 1400, 960)
LEFT = PANEL.x + 60
SEATS_Y, SEAT_H = PANEL.y + 250, 92


def words(reason: Phrase | str | None) -> str:
    """A reason in the player's words (a server's own sentence as it came)."""
    if isinstance(reason, Phrase):
        return t(reason.key, **reason.values)
    return reason or ""


def who(seat: int, info: SeatInfo | None, here: dict[int, str]) -> str:
    """Who holds ``seat``: nobody yet, a computer and its level, this machine's player,
    a person away, or a person at another machine."""
    if info is None:
        return t("room.seat.open")
    name = shown_name(info.name)
    if info.kind == "computer":
        return t("room.seat.computer", name=name, level=t(f"level.{info.level or 'medium'}"))
    if seat in here:
        return t("room.seat.you", name=name)
    if not info.here:
        return t("room.seat.away", name=name)
    return t("room.seat.person", name=name)


def seat_words(seat: int, info: SeatInfo | None, here: dict[int, str]) -> str:
    """A seat's row: who holds it, and their standing (rating, games) where known."""
    said = who(seat, info, here)
    standing = standing_text(info.rating, info.games, info.left) if info else ""
    return f"{said} · {standing}" if standing else said


def draw_seats(surface: gfx.Canvas, palette: str, seats: list[SeatInfo], size: int,
               here: dict[int, str]) -> None:
    """Each seat's row: its marker, its colour, who holds it."""
    taken = {s.seat: s for s in seats}
    for seat in range(size):
        y = SEATS_Y + seat * SEAT_H
        row = pygame.Rect(LEFT - 16, y, PANEL.w - 88, SEAT_H - 12)
        gfx.draw.rect(surface, P.PARCHMENT_DEEP, row, 1, border_radius=10)
        marker = art.marker(seat, 52, palette)
        surface.blit(marker, marker.get_rect(center=(LEFT + 34, row.centery)))
        colour = t(f"colour.{P.colour_name(seat, palette)}")
        label(surface, colour, (LEFT + 76, row.y, 160, row.h), "display", 28)
        label(surface, seat_words(seat, taken.get(seat), here),
              (LEFT + 250, row.y, row.w - 280, row.h), "text-semibold", 26,
              P.INK if seat in taken else P.INK_SOFT)


def draw_invite(surface: gfx.Canvas, code: str | None, hosting: bool,
                netplay: Netplay | None) -> None:
    """The invite code, and where friends reach this machine when it hosts."""
    label(surface, t("room.invite"), (LEFT, PANEL.y + 120, 500, 40), "text-semibold", 24,
          P.INK_SOFT)
    label(surface, code or "…", (LEFT, PANEL.y + 160, PANEL.w - 560, 56),
          "text-semibold", 34)
    about = t("room.invite.about")
    if hosting and netplay is not None:
        about = (t("room.local_only") if netplay.local_only else
                 t("room.addresses", addresses=", ".join(netplay.addresses())))
    label(surface, about, (LEFT, PANEL.y + 208, PANEL.w - 120, 36), "text", 20,
          P.INK_SOFT)


def slow_words(lobby: Lobby | None) -> str | None:
    """The server's silence, said, while a request has waited long for its answer
    (Leave stays at hand); None while it answers in time."""
    if lobby is None:
        return None
    connection = lobby.connection
    if connection.slow_for() < connection.slow:
        return None
    return t("online.slow", seconds=round(connection.slow))


def computer_name(seats: list[SeatInfo], size: int) -> str | None:
    """A name for the next computer seat in this player's language, as a seat left
    unnamed at one machine is called ("Captain 3"); None (the server's own) when
    someone at the table already has it."""
    taken = {s.seat for s in seats}
    seat = next(i for i in range(size) if i not in taken)
    name = t("setup.default_name", n=seat + 1)
    return None if any(s.name == name for s in seats) else name


def first_held(here: dict[int, str]) -> tuple[int, str] | None:
    """The first seat this machine holds and its token (None: none)."""
    return next(iter(sorted(here.items())), None)


def player_key(netplay: Netplay | None, url: str) -> str | None:
    """The player key's secret for the server at ``url`` (None: no key, unrated)."""
    return netplay.player_for(url) if netplay is not None else None


__all__ = ["LEFT", "PANEL", "SEATS_Y", "SEAT_H", "computer_name", "draw_invite", "draw_seats",
           "first_held", "player_key", "seat_words", "slow_words", "who", "words"]
