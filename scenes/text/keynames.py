"""Keys as the player reads them: a key's name in the current language ("Espace",
"Page préc."), an action's key as the player chose it, and the lines that list keys
(the rules' Keys page, the tooltips, Settings). The keys themselves are
``scenes.core.keymap``'s; the words are ``keys_text``'s.
"""

from __future__ import annotations

import pygame

from scenes.core import keymap
from scenes.text.catalog import t

#: Keys with a name of their own in the player's language (``key.<name>``).
NAMED: dict[int, str] = {
    pygame.K_SPACE: "key.space", pygame.K_TAB: "key.tab", pygame.K_RETURN: "key.enter",
    pygame.K_KP_ENTER: "key.enter", pygame.K_ESCAPE: "key.escape",
    pygame.K_LEFT: "key.left", pygame.K_RIGHT: "key.right", pygame.K_UP: "key.up",
    pygame.K_DOWN: "key.down", pygame.K_PAGEUP: "key.page_up",
    pygame.K_PAGEDOWN: "key.page_down", pygame.K_HOME: "key.home", pygame.K_END: "key.end",
    pygame.K_INSERT: "key.insert", pygame.K_DELETE: "key.delete",
    pygame.K_BACKSPACE: "key.backspace",
}


def key_name(key: int) -> str:
    """A key as its cap reads, in the player's language: "Space", "F1", "Q"."""
    named = NAMED.get(key)
    if named is not None:
        return t(named)
    if 32 < key < 127:
        return chr(key).upper()  # a letter, a figure, a sign: as on its cap
    if pygame.K_F1 <= key <= pygame.K_F12:
        return f"F{key - pygame.K_F1 + 1}"
    try:
        name = pygame.key.name(key, use_compat=False)
    except pygame.error:  # (no window yet: SDL cannot name it)
        return str(key)
    if name.startswith("Keypad "):
        return t("key.keypad", key=name[len("Keypad "):])
    return name.upper() if len(name) == 1 else name


def key_of(action: str) -> str:
    """The name of the key the player uses for ``action`` now."""
    return key_name(keymap.key_of(action))


def with_shift(action: str) -> str:
    """Shift held with ``action``'s key: "Shift+Tab"."""
    return t("key.shift_with", key=key_of(action))


def keys_line(*actions: str, sep: str = " · ") -> str:
    """Several actions' keys in one line: "D · E · U"."""
    return sep.join(key_of(a) for a in actions)


__all__ = ["NAMED", "key_name", "key_of", "keys_line", "with_shift"]
