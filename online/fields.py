"""How a message's fields are read: each field of a protocol message names its spec
(``spec(Number(0, 3))``...), which checks a value's type and range before anything
else reads it, and says what is wrong in one sentence's key and values (``Bad``).
``online.protocol`` declares the messages with these.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

#: The longest request ``id`` text.
MAX_ID = 100


class Bad(Exception):
    """A field that is not what its spec says: the key and values of the sentence."""

    def __init__(self, key: str, values: dict[str, object]) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class Number:
    """A whole number (``whole``; never a boolean) or a finite one, within [lo, hi]."""

    lo: float
    hi: float
    key: str = "server.field_range"
    whole: bool = True

    def read(self, name: str, value: Any) -> Any:
        if not isinstance(value, int if self.whole else (int, float)) or isinstance(value, bool):
            raise Bad("server.field_type", {"name": repr(name)})
        if not math.isfinite(value) or not self.lo <= value <= self.hi:
            raise Bad(self.key, {"name": repr(name), "lo": _plain(self.lo),
                                 "hi": _plain(self.hi)})
        return value if self.whole else float(value)


@dataclass(frozen=True)
class Text:
    lo: int
    hi: int
    key: str = "server.field_length"

    def read(self, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise Bad("server.field_type", {"name": repr(name)})
        if not self.lo <= len(value) <= self.hi:
            raise Bad(self.key, {"name": repr(name), "lo": self.lo, "hi": self.hi})
        return value


@dataclass(frozen=True)
class Flag:
    def read(self, name: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise Bad("server.field_type", {"name": repr(name)})
        return value


@dataclass(frozen=True)
class Word:
    """One of a fixed list of words."""

    words: Collection[str]  # a tuple, or a live view such as game.variants.NAMES
    key: str

    def read(self, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise Bad("server.field_type", {"name": repr(name)})
        if value not in self.words:
            raise Bad(self.key, {"known": ", ".join(self.words)})
        return value


@dataclass(frozen=True)
class Ref:
    """A request's ``id``: a whole number (not a boolean) or a short text."""

    def read(self, name: str, value: Any) -> int | str:
        if isinstance(value, str) and len(value) <= MAX_ID:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
            return value
        raise Bad("server.field_type", {"name": repr(name)})


@dataclass(frozen=True)
class Part:
    """A nested object: a message-like dataclass of its own."""

    kind: type
    key: str | None = None

    def read(self, name: str, value: Any) -> Any:
        if not isinstance(value, dict):
            raise Bad(self.key or "server.field_type", {"name": repr(name)})
        try:
            return build(self.kind, value)
        except Bad as bad:
            if self.key is None:
                raise
            raise Bad(self.key, {}) from bad


@dataclass(frozen=True)
class Many:
    """A list of at most ``most`` values, each read by ``spec``."""

    spec: Any
    most: int

    def read(self, name: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise Bad("server.field_type", {"name": repr(name)})
        if len(value) > self.most:
            raise Bad("server.field_length", {"name": repr(name), "lo": 0, "hi": self.most})
        return [self.spec.read(name, item) for item in value]


@dataclass(frozen=True)
class Maybe:
    """``null`` or what ``spec`` reads."""

    spec: Any

    def read(self, name: str, value: Any) -> Any:
        return None if value is None else self.spec.read(name, value)


@dataclass(frozen=True)
class Any_:
    """Taken as it is (what the server itself builds: a view's state, its seats)."""

    def read(self, name: str, value: Any) -> Any:
        return value


def spec(kind: Any, default: Any = MISSING) -> Any:
    """A message field read by ``kind`` (required unless it has a ``default``)."""
    return field(default=default, metadata={"spec": kind})


def _plain(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def build(cls: type, data: dict[str, Any]) -> Any:
    """``cls`` from a JSON object, every field read by its spec (unknown fields are
    ignored: a newer client may send more)."""
    values: dict[str, Any] = {}
    for f in fields(cls):
        if not f.init or "spec" not in f.metadata:
            continue
        if f.name not in data:
            if f.default is MISSING:
                raise Bad("server.field_missing", {"name": repr(f.name)})
            continue
        values[f.name] = f.metadata["spec"].read(f.name, data[f.name])
    return cls(**values)


__all__ = ["MAX_ID", "Any_", "Bad", "Flag", "Many", "Maybe", "Number", "Part", "Ref", "Text",
           "Word", "build", "spec"]
