"""My online games, kept on this machine, and the invite codes that lead to a table.

**My online games.** Every seat this player holds, at a table on any server used
before: the server's address, the table, the seat and its token (the only proof of
the seat), the names, whose turn it is, the last step and when this was last heard.
It lives as one JSON file in the data folder the program gives (``MyGames(folder)``),
written whole through a temporary file and a rename, readable by the player alone
(0600: it holds tokens), so a seat survives a restart and a crash mid-write leaves
the old list. A file that cannot be read as such a list is set aside beside it (never
overwritten) and ``problem`` says so in one sentence.

**Invite codes.** ``make_invite(url, table, secret)`` packs a server's address and
what finds the table there into a short code of letters and digits (base32, in groups
of four); ``read_invite`` gives them back or refuses, in one sentence, a code that is
not one or has a letter wrong (a checksum ends every code). Case, spaces and dashes do
not matter, and 0, 1 and 8 read as O, I and B.

A private table's invite secret is five random bytes (``SHORT_SECRET``), and the
server finds the table by it, so its code carries only the address and the secret:
at an IPv4 address on the usual port (``DEFAULT_PORT``, then left out) that is 20
letters, ``IDAK-QAIU-...`` in five groups. A public table's code, or one whose secret
came from an older server, carries the table id and the secret whole (version 1).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import ipaddress
import json
import os
import re
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .words import Phrase, english, phrase, said_from_json, said_to_json

if TYPE_CHECKING:
    from .remote import RemoteSession

FILE = "online-games.json"
FORMAT = 1


@dataclass
class MyGame:
    """One seat held at an online table."""

    server: str  # ws://HOST:PORT/
    table: str
    seat: int
    token: str
    names: list[str] = field(default_factory=list)
    to_move: str | None = None  # the name of the player whose turn it is
    last_step: str | None = None
    status: str = "open"  # open, playing, over
    updated: float = 0.0  # when this was last heard (seconds since the epoch)
    #: Whether this machine hosts the table (its server is started again to open it).
    hosted: bool = False
    #: A private table's invite secret, kept so the host can show the code again.
    invite: str | None = None
    #: The last step as the game's log says it, in no language yet: a sentence's key
    #: and values (``said_json``), put into words by the screen that lists the game.
    last_said: dict[str, Any] | None = None
    #: The seat to move, as last heard (None: not known, or no game under way).
    active: int | None = None
    #: How many steps the table's log holds, as last heard (its followers are told).
    number: int | None = None
    #: How many steps this player has seen at the table (None: never opened there):
    #: the ones after it were played while the player was away ("since you left").
    seen: int | None = None

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.server, self.table, self.seat)

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to move, as last heard (by its seat when known, else by
        the name of the player to move)."""
        if self.status != "playing":
            return False
        if self.active is not None:
            return self.active == self.seat
        return self.to_move is not None and self.seat < len(self.names) and \
            self.names[self.seat] == self.to_move

    @classmethod
    def from_dict(cls, data: Any) -> MyGame:
        """One entry of the file (ValueError when it is not one)."""
        if not isinstance(data, dict):
            raise ValueError("an entry is not an object")
        kinds: dict[str, type | tuple[type, ...]] = {
            "server": str, "table": str, "seat": int, "token": str, "names": list,
            "to_move": (str, type(None)), "last_step": (str, type(None)),
            "status": str, "updated": (int, float)}
        for name, kind in kinds.items():
            value = data.get(name)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ValueError(f"the entry's {name} is missing or wrong")
        if not all(isinstance(n, str) for n in data["names"]):
            raise ValueError("the entry's names are not all text")
        hosted, invite = data.get("hosted", False), data.get("invite")
        if not isinstance(hosted, bool) or not isinstance(invite, (str, type(None))):
            raise ValueError("the entry's hosting is wrong")
        said = data.get("last_said")
        if said is not None and said_from_json(said) is None:
            said = None  # words this version cannot read: the entry stands without them
        def count(name: str) -> int | None:  # (a file from before has none)
            value = data.get(name)
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
            return value if ok else None

        return cls(**{name: data[name] for name in kinds}, hosted=hosted, invite=invite,
                   last_said=said, active=count("active"), number=count("number"),
                   seen=count("seen"))


class MyGames:
    """The list of my online games in ``folder`` (see the module docstring)."""

    def __init__(self, folder: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(folder) / FILE
        self.clock = clock
        #: Why the list as it was could not be read (None: it was, or there was none).
        self.problem: Phrase | None = None
        self._blocked = False  # a file that could not be opened is not written over
        #: Counts the changes to the list (its followers look again when it moves on).
        self.changes = 0
        self.games: list[MyGame] = self._load()

    def _load(self) -> list[MyGame]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            self._blocked = True
            self.problem = phrase("online.games_unreadable",
                                  why=exc.strerror or type(exc).__name__)
            return []
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT or \
                    not isinstance(data.get("games"), list):
                raise ValueError("not a list of online games")
            return [MyGame.from_dict(g) for g in data["games"]]
        except ValueError:  # not UTF-8, not JSON, not the list: kept aside, whole
            return self._set_aside()

    def _set_aside(self) -> list[MyGame]:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        aside = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}{self.path.suffix}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}-{n}"
                                        f"{self.path.suffix}")
            n += 1
        try:
            os.replace(self.path, aside)
        except OSError as exc:
            self._blocked = True
            self.problem = phrase("online.games_unreadable",
                                  why=exc.strerror or type(exc).__name__)
            return []
        self.problem = phrase("online.games_corrupt", file=str(aside))
        return []

    # ----- reading and changing --------------------------------------------------------
    def find(self, server: str, table: str) -> list[MyGame]:
        return [g for g in self.games if g.server == server and g.table == table]

    def put(self, game: MyGame) -> None:
        """Add a seat, or bring its entry up to date, and save (OSError: not saved)."""
        game.updated = self.clock()
        self.games = [g for g in self.games if g.key != game.key] + [game]
        self.save()

    def remove(self, server: str, table: str, seat: int) -> None:
        self.games = [g for g in self.games if g.key != (server, table, seat)]
        self.save()

    def note(self, server: str, session: RemoteSession, said: Phrase | None = None,
             seen: bool = True) -> None:
        """Bring the seats a ``RemoteSession`` holds up to date (once it is ready);
        ``said`` is its last step as the log says it; ``seen``: the player has the table
        before their eyes, so every step it holds counts as seen."""
        if not session.ready:
            return
        st = session.state
        steps = session.steps
        status = "over" if st.over else "playing"
        for seat, token in sorted(session.place.here.items()):
            known = [g for g in self.games if g.key == (server, session.table, seat)]
            self.games = [g for g in self.games if g.key != (server, session.table, seat)]
            hosted, invite = (known[0].hosted, known[0].invite) if known else (False, None)
            self.games.append(MyGame(server, session.table, seat, token, list(st.names),
                                     None if st.over else st.names[st.active],
                                     steps[-1] if steps else None, status, self.clock(),
                                     hosted, invite,
                                     None if said is None else said_to_json(said),
                                     None if st.over else st.active, len(steps),
                                     len(steps) if seen else (known[0].seen if known
                                                              else None)))
        self.save()

    def heard(self, server: str, table: str, status: str | None, active: int | None,
              number: int | None, save: bool = True) -> list[MyGame]:
        """A table's standing as its server said it to a follower (``online.watch``):
        its entries brought up to date, saved when anything changed (OSError: not
        saved; ``save=False``: counted as a change, written by a later ``save``).
        Returns the entries that changed."""
        changed = []
        for game in self.find(server, table):
            new_status = status if status in ("open", "playing", "over") else game.status
            new = (new_status, active if new_status == "playing" else None,
                   number if number is not None else game.number)
            if (game.status, game.active, game.number) == new:
                continue
            game.status, game.active, game.number = new
            game.to_move = game.names[game.active] if game.active is not None and \
                game.active < len(game.names) else None
            game.updated = self.clock()
            changed.append(game)
        if changed and save:
            self.save()
        elif changed:
            self.changes += 1
        return changed

    def save(self) -> None:
        """Write the list whole (atomic, 0600); OSError when the disk refuses. A file
        that could not be opened is left as it is, and nothing is written."""
        self.changes += 1
        if self._blocked:
            return
        data = {"format": FORMAT, "games": [asdict(g) for g in self.games]}
        _atomic_write(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            os.chmod(tmp, 0o600)  # mkstemp's already; said, as the file holds tokens
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# ----- invite codes ----------------------------------------------------------------------
# The first byte: the code's version (3 bits), wss, a flag, the host's kind. Version 1's
# flag says a secret follows the table id; version 2's that the port is not the usual.
CODE_VERSION = 1
SHORT_VERSION = 2
_SECURE, _SECRET, _PORT = 0x10, 0x08, 0x08
_IPV4, _IPV6, _NAME = 0, 1, 2
#: The port a desktop program hosts on; a short code leaves it out.
DEFAULT_PORT = 47_147
#: The bytes of a private table's invite secret (written as hex): 2**40 to guess from.
SHORT_SECRET = 5
_ASCII, _HEX, _B64 = 0, 1, 2


class InviteError(ValueError):
    """A code that is not an invite code; ``said`` is the sentence for the player."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(english(said))
        self.said = said


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    #: None when the code finds the table by its secret alone (a short code).
    table: str | None
    secret: str | None = None
    secure: bool = False

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.secure else 'ws'}://{host}:{self.port}/"


def _pack_text(text: str) -> bytes:
    """A short text (up to 63 bytes), as compact as its alphabet allows."""
    form, raw = _ASCII, text.encode("ascii")
    if re.fullmatch(r"(?:[0-9a-f]{2})+", text):
        form, raw = _HEX, bytes.fromhex(text)
    elif len(text) % 4 == 0 and re.fullmatch(r"[A-Za-z0-9_-]+", text):
        decoded = base64.urlsafe_b64decode(text)
        if base64.urlsafe_b64encode(decoded).decode("ascii") == text:
            form, raw = _B64, decoded
    if len(raw) > 63:
        raise ValueError("too long for an invite code")
    return bytes([form << 6 | len(raw)]) + raw


def _unpack_text(data: bytes, at: int) -> tuple[str, int]:
    form, size = data[at] >> 6, data[at] & 63
    raw = data[at + 1: at + 1 + size]
    if len(raw) != size:
        raise ValueError("cut short")
    if form == _HEX:
        text = raw.hex()
    elif form == _B64:
        text = base64.urlsafe_b64encode(raw).decode("ascii")
    elif form == _ASCII:
        text = raw.decode("ascii")
    else:
        raise ValueError("unknown text form")
    return text, at + 1 + size


def is_short_secret(secret: str | None) -> bool:
    """Whether ``secret`` is a private table's secret a short code can carry alone."""
    return bool(secret) and re.fullmatch(f"[0-9a-f]{{{2 * SHORT_SECRET}}}", secret or "") \
        is not None


def make_invite(url: str, table: str, secret: str | None = None) -> str:
    """The invite code for ``table`` at the server ``url`` (ws:// or wss://, with its
    port), with a private table's ``secret`` (ValueError for what cannot be packed)."""
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(f"not a server address: {url!r}")
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    secure = _SECURE if parts.scheme == "wss" else 0
    try:
        ip = ipaddress.ip_address(parts.hostname)
    except ValueError:
        name = parts.hostname.encode("idna")
        if not 0 < len(name) <= 255:
            raise ValueError("the host name is too long") from None
        kind, host = _NAME, bytes([len(name)]) + name
    else:
        kind, host = (_IPV4 if ip.version == 4 else _IPV6), ip.packed
    if secret is not None and is_short_secret(secret):
        flag = _PORT if port != DEFAULT_PORT else 0
        body = bytes([SHORT_VERSION << 5 | secure | flag | kind]) + host
        if flag:
            body += port.to_bytes(2, "big")
        body += bytes.fromhex(secret)
    else:
        head = CODE_VERSION << 5 | secure | (_SECRET if secret else 0) | kind
        body = bytes([head]) + host + port.to_bytes(2, "big") + _pack_text(table)
        if secret:
            body += _pack_text(secret)
    body += (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")
    letters = base64.b32encode(body).decode("ascii").rstrip("=")
    return "-".join(letters[i: i + 4] for i in range(0, len(letters), 4))


def read_invite(code: str) -> Invite:
    """What an invite code says (InviteError, with its sentence, when it says nothing)."""
    letters = re.sub(r"[\s-]+", "", code).upper().translate(str.maketrans("018", "OIB"))
    if not 10 <= len(letters) <= 200 or not re.fullmatch(r"[A-Z2-7]+", letters):
        raise InviteError(phrase("online.invite_bad"))
    try:
        data = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except (binascii.Error, ValueError):
        raise InviteError(phrase("online.invite_bad")) from None
    body, check = data[:-2], data[-2:]
    if len(body) < 4 or body[0] >> 5 not in (CODE_VERSION, SHORT_VERSION):
        raise InviteError(phrase("online.invite_bad"))
    if (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big") != check:
        raise InviteError(phrase("online.invite_damaged"))
    try:
        head, kind, short = body[0], body[0] & 0x03, body[0] >> 5 == SHORT_VERSION
        at = 1
        if kind == _IPV4:
            host, at = str(ipaddress.IPv4Address(body[at: at + 4])), at + 4
        elif kind == _IPV6:
            host, at = str(ipaddress.IPv6Address(body[at: at + 16])), at + 16
        elif kind == _NAME:
            size = body[at]
            host, at = body[at + 1: at + 1 + size].decode("idna"), at + 1 + size
        else:
            raise ValueError("unknown host kind")
        table: str | None = None
        secret: str | None = None
        if short:
            port = DEFAULT_PORT
            if head & _PORT:
                port, at = int.from_bytes(body[at: at + 2], "big"), at + 2
            secret, at = body[at: at + SHORT_SECRET].hex(), at + SHORT_SECRET
            whole = len(secret) == 2 * SHORT_SECRET
        else:
            port, at = int.from_bytes(body[at: at + 2], "big"), at + 2
            table, at = _unpack_text(body, at)
            if head & _SECRET:
                secret, at = _unpack_text(body, at)
            whole = bool(table)
        if at != len(body) or not host or not 0 < port < 65536 or not whole:
            raise ValueError("not whole")
    except (ValueError, IndexError, UnicodeError):
        raise InviteError(phrase("online.invite_bad")) from None
    return Invite(host, port, table, secret, bool(head & _SECURE))


__all__ = ["DEFAULT_PORT", "FILE", "SHORT_SECRET", "Invite", "InviteError", "MyGame", "MyGames",
           "is_short_secret", "make_invite", "read_invite"]
