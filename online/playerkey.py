"""The player key: one player known across tables and servers, with no account.

Why: ratings, a leaderboard and games left counted need a server to know that two
seats are the same person, and players asked for no password and no e-mail. On first
online use the program makes a key (32 random bytes) and keeps it in the data folder,
readable by the player alone (0600). A server is never sent the key itself: each gets
its own secret, an HMAC of the server's address under the key, so one server cannot
pose as the player at another; the server keeps only that secret's hash. The key is
exported as a small text file and imported on another machine to play there as the
same person. A name may change freely: the key is who plays.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from game.words import Phrase, phrase

from .accounts import _atomic_write

#: The file in the data folder, and the first line of every key file.
FILE = "player.key"
HEADER = "sail-to-india player key 1"
_KEY = re.compile(r"[0-9a-f]{64}")
#: A key file is a few lines: anything larger is not one (and is not read whole).
MAX_FILE = 4096


class KeyFileError(ValueError):
    """A key file that cannot be read or written; ``said`` says so in one sentence."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(said.key)
        self.said = said


def server_identity(url: str) -> str:
    """A server as its secret is derived for it: scheme, host and port, lower-cased,
    the usual ports written out (``ws://h`` and ``ws://h:80`` are one server)."""
    parts = urlsplit(url.strip())
    scheme = (parts.scheme or "ws").lower()
    port = parts.port or (443 if scheme in ("wss", "https") else 80)
    return f"{scheme}://{(parts.hostname or '').lower()}:{port}"


class PlayerKey:
    """The key in ``folder`` (made when first asked for)."""

    def __init__(self, folder: str | Path) -> None:
        self.path = Path(folder) / FILE

    def exists(self) -> bool:
        return self.path.is_file()

    def key(self) -> str:
        """The key (64 hex digits): read from its file, or made and written now. A file
        that is not a key is set aside beside it, never overwritten, and a new key made."""
        if self.path.exists():
            try:
                return read_key_file(self.path)
            except KeyFileError:
                aside = self.path.with_name(f"{FILE}.unreadable")
                with contextlib.suppress(OSError):
                    os.replace(self.path, aside)
        made = secrets.token_hex(32)
        write_key_file(self.path, made)
        return made

    def secret_for(self, url: str) -> str:
        """What is sent to the server at ``url`` as the player (``player`` in ``sit``
        and ``quick``): the key's HMAC-SHA256 of the server's identity."""
        mac = hmac.new(bytes.fromhex(self.key()), server_identity(url).encode("utf-8"),
                       hashlib.sha256)
        return mac.hexdigest()

    def export(self, to: str | Path) -> None:
        """The key written to ``to`` (a file the player takes to another machine)."""
        write_key_file(Path(to), self.key())

    def import_(self, source: str | Path) -> None:
        """The key in ``source`` becomes this folder's (the one it replaces is kept
        beside it, as ``player.key.old``). KeyFileError with one sentence, and nothing
        changed, when ``source`` is not a key file."""
        key = read_key_file(Path(source))
        if self.path.exists():
            with contextlib.suppress(OSError):
                os.replace(self.path, self.path.with_name(f"{FILE}.old"))
        write_key_file(self.path, key)


def read_key_file(path: Path) -> str:
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except OSError as exc:
        raise KeyFileError(phrase("online.key_unreadable", path=str(path),
                               why=exc.strerror or type(exc).__name__)) from None
    lines = [line.strip() for line in
             data.decode("utf-8", "replace").lstrip("\ufeff").splitlines() if line.strip()]
    if (len(data) > MAX_FILE or len(lines) != 2 or lines[0] != HEADER
            or not _KEY.fullmatch(lines[1])):
        raise KeyFileError(phrase("online.key_not_one", path=str(path)))
    return lines[1]


def write_key_file(path: Path, key: str) -> None:
    """``key`` written to ``path`` whole (a temporary file renamed), 0600."""
    try:
        _atomic_write(path, f"{HEADER}\n{key}\n")
    except OSError as exc:
        raise KeyFileError(phrase("online.key_unwritable", path=str(path),
                                  why=exc.strerror or type(exc).__name__)) from None


__all__ = ["FILE", "HEADER", "KeyFileError", "PlayerKey", "read_key_file", "server_identity",
           "write_key_file"]
