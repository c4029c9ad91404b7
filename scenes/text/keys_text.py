"""The English words of playing by keys: each button's key in its tooltip, the cards'
keys, what the status line says when a key has nothing to do, the names of the keys,
and Settings' list of every action with its key (``scenes.screens.keys``). The keys
themselves are ``scenes.core.keymap``'s, the player's choice; they are listed for
players on the rules' Keys page (``scenes.text.rules_text``) and in docs/playing.md.
"""

from __future__ import annotations

from game.words import message, table

KEYS_TEXT_EN = table(
    # TRANSLATORS: {key} is the name of a key, as the player chose it ("S", "Space").
    message("tip.key.sail", "Key: {key}, or Enter while no focus ring shows."),
    message("tip.key.sell", "Key: {key}, or Enter while no focus ring shows."),
    message("tip.key.done", "Key: {key}, or Enter while no focus ring shows."),
    message("tip.key.undo", "Key: {key} or Ctrl+Z."),
    message("tip.key.end_turn", "Key: {key}."),
    message("tip.key.rules", "Key: {key}."),
    message("tip.key.hint", "Key: {key}."),
    message("tip.key.menu", "Key: Esc."),
    message("tip.key.bank-system", "Key: {key} (or Enter on this card)."),
    message("tip.key.geography", "Key: {key}, then Enter on each marker to send back, then "
                                 "{key} again."),
    message("status.key.no_menu", "Nothing to do here with {key}: it offers the free actions "
                                  "(returns to Lisboa) of your ships, trade goods, buildings, "
                                  "bankers and historians."),
    message("status.key.not_owned", "You do not own {tech}."),
    # a key that cannot act now says why (never swallowed without a word)
    message("status.key.put_down", "Put the marker down first (Enter on a lit space, or click "
                                   "one), or Esc to put it back."),
    message("status.key.not_your_turn", "It is {name}'s turn: wait for your turn."),
    message("status.key.done_not_now", "Done closes a voyage's landing: there is none to "
                                       "close now."),
    message("status.key.end_not_now", "Finish what you started first (Set sail, Sell or "
                                      "Done), then end your turn."),
    message("status.key.nothing_to_undo", "There is nothing to undo."),
    # the names of keys, as printed on them
    message("key.space", "Space"),
    message("key.tab", "Tab"),
    message("key.enter", "Enter"),
    message("key.escape", "Esc"),
    message("key.left", "←"),
    message("key.right", "→"),
    message("key.up", "↑"),
    message("key.down", "↓"),
    message("key.page_up", "Page Up"),
    message("key.page_down", "Page Down"),
    message("key.home", "Home"),
    message("key.end", "End"),
    message("key.insert", "Insert"),
    message("key.delete", "Delete"),
    message("key.backspace", "Backspace"),
    # TRANSLATORS: a key of the numeric keypad, {key} its sign ("Keypad 5").
    message("key.keypad", "Keypad {key}"),
    # TRANSLATORS: Shift held with a key ("Shift+Tab").
    message("key.shift_with", "Shift+{key}"),
    # Settings, Keys: every action with its key
    message("settings.keys", "Keys…"),
    message("keys.title", "Keys"),
    message("keys.group.screen", "Every screen"),
    message("keys.group.table", "At the table"),
    message("keys.group.review", "Reviewing a game"),
    message("keys.action.focus_next", "Focus to the next (with Shift: the previous)"),
    message("keys.action.focus_left", "Focus left (a choice: the one before)"),
    message("keys.action.focus_right", "Focus right (a choice: the next one)"),
    message("keys.action.focus_up", "Focus up"),
    message("keys.action.focus_down", "Focus down"),
    message("keys.action.activate", "Press what has the focus; pick up or drop"),
    message("keys.action.rules", "The rules"),
    message("keys.action.mute", "Every sound off, or back on"),
    message("keys.action.free_actions", "The focused marker's free actions"),
    message("keys.action.sail", "Set sail or Sell"),
    message("keys.action.done", "Done"),
    message("keys.action.end_turn", "End turn"),
    message("keys.action.undo", "Undo"),
    message("keys.action.hint", "Hint"),
    message("keys.action.bank", "Use Bank System"),
    message("keys.action.geography", "Use Geography"),
    message("keys.action.zoom", "See a card large"),
    message("keys.action.log", "Unfold or fold the ship's log"),
    message("keys.action.log_older", "The log's older lines"),
    message("keys.action.log_newer", "The log's newer lines"),
    message("keys.action.chat", "Chat (at an online table)"),
    message("keys.action.step_back", "A step back"),
    message("keys.action.step_on", "A step on"),
    message("keys.action.turn_back", "A turn back"),
    message("keys.action.turn_on", "A turn on"),
    message("keys.action.first", "To the deal"),
    message("keys.action.last", "To the last step"),
    message("keys.how", "Click a key (or Enter on it), then press the new key."),
    message("keys.fixed", "Esc (back, close, put a marker back, the table's menu), Enter "
                          "(confirm) and Ctrl+Z (Undo) stay as they are."),
    message("keys.choose", "Press the new key for “{action}” (Esc keeps {key})."),
    message("keys.chosen", "“{action}”: {key}."),
    message("keys.kept", "“{action}” keeps {key}."),
    message("keys.refused.fixed", "Esc and Enter keep their meaning on every screen: choose "
                                  "another key."),
    message("keys.refused.modifier", "Shift, Ctrl and Alt only go with another key: choose a "
                                     "key of its own."),
    message("keys.refused.clash", "{key} is already the key for “{other}”: give that action "
                                  "another key first."),
    message("keys.defaults", "Default keys"),
    message("keys.defaults.done", "Every action has its own key again."),
    message("keys.close", "Close"),
)


__all__ = ["KEYS_TEXT_EN"]
