"""The variants: the one place that says which rules a game may be played by.

A variant is a name (as records, saves and the protocol write it: ``[Variant
"ship-only-build"]``, ``"variant": "ship-only-build"``), a label (the key of the words a
player reads for it, marked here for translation) and the rule switches the engine
reads (``Variant.build_from_land``...). Every other place asks this registry: the
record reader and the server's options check take its names, the setup and online
screens offer its variants in its order, the waiting room and the lobby say its
labels. So a variant made of switches the engine already has is added here alone
(and its label translated); ``docs/architecture.md`` ("Adding a variant") says how.

A ``State`` keeps its variant's name (a string, so it converts to JSON as before);
the rules read the switches with ``rules_of(st.variant)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from .words import Source, message, table

#: What a record without a ``[Variant]`` tag, or a message without ``variant``, plays.
STANDARD = "standard"


@dataclass(frozen=True)
class Variant:
    """One way to play: its written name, its label's key and its rule switches."""

    #: As written in records, saves and the protocol (lower case, no blanks).
    name: str
    #: The key of its label (``t(variant.label)``: "build only from a ship").
    label: str
    #: A building may be built from a marker on the same town's land (a trade good or
    #: the other building space), not only from a ship in its sea.
    build_from_land: bool = True


_REGISTRY: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Add ``variant`` to the registry (offered after those before it); a name given
    twice is a mistake."""
    if variant.name in _REGISTRY:
        raise ValueError(f"variant {variant.name!r} is registered twice")
    if variant.name != variant.name.strip().lower() or not variant.name \
            or any(ch.isspace() or ch == '"' for ch in variant.name):
        raise ValueError(f"variant name {variant.name!r} cannot be written in a record")
    _REGISTRY[variant.name] = variant
    return variant


def unregister(name: str) -> None:
    """Take a variant out again (a test's made-up one); the standard rules stay."""
    if name == STANDARD:
        raise ValueError("the standard rules cannot be taken out")
    _REGISTRY.pop(name, None)


def variant(name: str) -> Variant:
    """The registered variant called ``name`` (KeyError when there is none)."""
    return _REGISTRY[name]


def rules_of(name: str) -> Variant:
    """The switches the rules read for a state's variant (the standard rules for a
    name no longer registered, so a state never fails to play)."""
    return _REGISTRY.get(name) or _REGISTRY[STANDARD]


def variants() -> tuple[Variant, ...]:
    """Every registered variant, in the order the screens offer them."""
    return tuple(_REGISTRY.values())


def label_of(name: str) -> str:
    """The label's key of ``name`` (the standard rules' for an unknown name: a server
    newer than this client may offer one)."""
    return rules_of(name).label


class _Names(Sequence[str]):
    """The registered names, read anew at each use: what the record reader, the
    command line and the protocol's ``Word`` check a variant against."""

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return tuple(_REGISTRY)[index]

    def __len__(self) -> int:
        return len(_REGISTRY)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(_REGISTRY))

    def __contains__(self, name: object) -> bool:
        return name in _REGISTRY

    def __repr__(self) -> str:
        return repr(tuple(_REGISTRY))


#: The names of the registered variants (a live view of the registry).
NAMES: Sequence[str] = _Names()

#: The labels' English words, marked for translation (``scenes.text.catalog`` reads them).
VARIANT_TEXT: dict[str, Source] = table(
    message("variant.standard", "standard rules"),
    message("variant.ship-only-build", "build only from a ship"),
)

register(Variant(STANDARD, "variant.standard"))
register(Variant("ship-only-build", "variant.ship-only-build", build_from_land=False))

__all__ = ["NAMES", "STANDARD", "VARIANT_TEXT", "Variant", "label_of", "register", "rules_of",
           "unregister", "variant", "variants"]
