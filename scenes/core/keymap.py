"""The keys of the game's actions, and the player's own choice of them.

Every action a key can do has a key of its own by default (H: the Hint). A player may
give any action another key (Settings, Keys: a one-handed player gathers them under one
hand, a switch player puts them on the two keys the switches send); the choices are
kept with the settings (``Settings.keys``: action -> key name) and used from start-up
(``use``).

The screens keep reading the default keys. The window translates each key press before
any screen sees it (``translate``): a key the player chose arrives as its action's
default key, and a default key given away (and not chosen for anything else) arrives
as nothing. What a key means depends on where it is pressed, so actions come in
groups: those of every screen (moving the focus, pressing what it is on, the rules,
the sound), the table's, and the review's; the review's arrows step through the game
and do not move the focus. Two actions in use together can never share a key: a
choice that would is refused (``clash``) and the player told which action has it.

A few keys keep their meaning everywhere and go to no action: Esc (go back, close, put
a marker back, the table's menu) and Enter (confirm); Ctrl+Z is always Undo. While a
text is being typed, or a key chosen, nothing is translated.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Action:
    """Something a key does: its id (its words are ``keys.action.<id>``), where it is
    used (``group``) and its key unless the player chose another."""

    id: str
    group: str
    default: int


SCREEN, TABLE, REVIEW = "screen", "table", "review"
#: Every action a key can do, in the order Settings lists them.
ACTIONS: tuple[Action, ...] = (
    Action("focus_next", SCREEN, pygame.K_TAB),
    Action("focus_left", SCREEN, pygame.K_LEFT),
    Action("focus_right", SCREEN, pygame.K_RIGHT),
    Action("focus_up", SCREEN, pygame.K_UP),
    Action("focus_down", SCREEN, pygame.K_DOWN),
    Action("activate", SCREEN, pygame.K_SPACE),
    Action("rules", SCREEN, pygame.K_F1),
    Action("mute", SCREEN, pygame.K_m),
    Action("free_actions", TABLE, pygame.K_r),
    Action("sail", TABLE, pygame.K_s),
    Action("done", TABLE, pygame.K_d),
    Action("end_turn", TABLE, pygame.K_e),
    Action("undo", TABLE, pygame.K_u),
    Action("hint", TABLE, pygame.K_h),
    Action("bank", TABLE, pygame.K_b),
    Action("geography", TABLE, pygame.K_g),
    Action("zoom", TABLE, pygame.K_z),
    Action("log", TABLE, pygame.K_l),
    Action("log_older", TABLE, pygame.K_PAGEUP),
    Action("log_newer", TABLE, pygame.K_PAGEDOWN),
    Action("chat", TABLE, pygame.K_c),
    Action("step_back", REVIEW, pygame.K_LEFT),
    Action("step_on", REVIEW, pygame.K_RIGHT),
    Action("turn_back", REVIEW, pygame.K_PAGEUP),
    Action("turn_on", REVIEW, pygame.K_PAGEDOWN),
    Action("first", REVIEW, pygame.K_HOME),
    Action("last", REVIEW, pygame.K_END),
)
BY_ID: dict[str, Action] = {a.id: a for a in ACTIONS}
#: The screen's focus arrows, which the review's keys replace there.
FOCUS_ARROWS = frozenset(("focus_left", "focus_right", "focus_up", "focus_down"))
#: Where a key is pressed, and the groups of actions in use there.
SCOPES: dict[str, tuple[str, ...]] = {
    "menu": (SCREEN,),
    TABLE: (SCREEN, TABLE),
    REVIEW: (SCREEN, REVIEW),
}
#: Keys no action may have: they mean the same on every screen.
FIXED = frozenset((pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER))
#: Keys that are no key on their own (held with another).
MODIFIERS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                       pygame.K_LALT, pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA,
                       pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE, pygame.K_CAPSLOCK,
                       pygame.K_NUMLOCKCLEAR, pygame.K_SCROLLLOCK))
#: What a translated key press becomes when its key was given away: no key at all.
NO_KEY = pygame.K_UNKNOWN


def in_scope(action: Action, scope: str) -> bool:
    if action.group not in SCOPES.get(scope, SCOPES["menu"]):
        return False
    return not (scope == REVIEW and action.id in FOCUS_ARROWS)


class Keymap:
    """The key of every action: the player's choice, else the default."""

    def __init__(self) -> None:
        self.chosen: dict[str, int] = {}
        self._tables: dict[str, dict[int, int]] = {}

    # ----- reading ---------------------------------------------------------------------
    def key(self, action: str) -> int:
        return self.chosen.get(action, BY_ID[action].default)

    def choices(self) -> dict[str, str]:
        """The player's choices as the settings keep them (action -> key name)."""
        return {action: pygame.key.name(key) for action, key in self.chosen.items()}

    def clash(self, action: str, key: int) -> str | None:
        """The action that already has ``key`` where ``action`` is used (None: free)."""
        me = BY_ID[action]
        for other in ACTIONS:
            if other.id == action or self.key(other.id) != key:
                continue
            if any(in_scope(me, scope) and in_scope(other, scope) for scope in SCOPES):
                return other.id
        return None

    # ----- choosing --------------------------------------------------------------------
    def refusal(self, action: str, key: int) -> tuple[str, dict[str, object]] | None:
        """Why ``key`` cannot be ``action``'s (a sentence's key and values), or None."""
        if key in FIXED:
            return "keys.refused.fixed", {}
        if key in MODIFIERS or key == NO_KEY:
            return "keys.refused.modifier", {}
        other = self.clash(action, key)
        if other is not None:
            return "keys.refused.clash", {"other": other}
        return None

    def bind(self, action: str, key: int) -> tuple[str, dict[str, object]] | None:
        """Give ``action`` the key, unless refused (the refusal is returned)."""
        refused = self.refusal(action, key)
        if refused is None:
            if key == BY_ID[action].default:
                self.chosen.pop(action, None)
            else:
                self.chosen[action] = key
            self._tables.clear()
        return refused

    def reset(self) -> None:
        """Every action back to its own key."""
        self.chosen.clear()
        self._tables.clear()

    def load(self, saved: Mapping[str, object]) -> None:
        """The choices kept in the settings; an unknown action, a name that is no key,
        or a choice that would clash with one read before it is left out."""
        self.reset()
        for action, name in saved.items():
            if action not in BY_ID or not isinstance(name, str):
                continue
            try:
                key = pygame.key.key_code(name)
            except (ValueError, pygame.error):
                continue
            self.bind(action, key)

    # ----- the window's key presses ------------------------------------------------------
    def table(self, scope: str) -> dict[int, int]:
        """Key pressed -> key the screens read, where ``scope`` is in use."""
        found = self._tables.get(scope)
        if found is None:
            found = {}
            used = [a for a in ACTIONS if in_scope(a, scope)]
            keys = {self.key(a.id) for a in used}
            for action in used:
                if action.default not in keys:
                    found[action.default] = NO_KEY  # given away: it does nothing here
            for action in used:
                key = self.key(action.id)
                if key != action.default:
                    found[key] = action.default
            self._tables[scope] = found
        return found

    def translate(self, event: pygame.event.Event, scope: str) -> pygame.event.Event:
        """A key press as the screens read it (other events as they are). A key held
        with Ctrl, Alt or the system key is not an action's and passes as it is."""
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or not self.chosen:
            return event
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return event
        key = self.table(scope).get(event.key)
        if key is None:
            return event
        values = dict(event.dict)
        values["key"] = key
        values["unicode"] = ""  # ("?" opens the rules by its character: not a moved key's)
        return pygame.event.Event(event.type, values)


#: The keys in use in this window.
KEYS = Keymap()


def use(saved: Mapping[str, object]) -> None:
    KEYS.load(saved)


def key_of(action: str) -> int:
    return KEYS.key(action)


def actions_in(groups: Iterable[str]) -> list[Action]:
    wanted = set(groups)
    return [a for a in ACTIONS if a.group in wanted]


__all__ = ["ACTIONS", "BY_ID", "FIXED", "KEYS", "MODIFIERS", "NO_KEY", "REVIEW", "SCOPES",
           "SCREEN", "TABLE", "Action", "Keymap", "actions_in", "in_scope", "key_of", "use"]
