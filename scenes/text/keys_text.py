"""The English words of playing by keys at the table: each button's keys in its
tooltip, the cards' keys, and what the status line says when a key has nothing to do.
The keys themselves are listed for players on the rules' Keys page
(``scenes.text.rules_text``) and in the README.
"""

from __future__ import annotations

from game.words import message, table

KEYS_TEXT_EN = table(
    message("tip.key.sail", "Key: S, or Enter while no focus ring shows."),
    message("tip.key.sell", "Key: S, or Enter while no focus ring shows."),
    message("tip.key.done", "Key: D, or Enter while no focus ring shows."),
    message("tip.key.undo", "Key: U or Ctrl+Z."),
    message("tip.key.end_turn", "Key: E."),
    message("tip.key.rules", "Key: F1."),
    message("tip.key.hint", "Key: H."),
    message("tip.key.menu", "Key: Esc."),
    message("tip.key.bank-system", "Key: B (or Enter on this card)."),
    message("tip.key.geography", "Key: G, then Enter on each marker to send back, then G "
                                 "again."),
    message("status.key.no_menu", "Nothing to do here with R: it offers the free actions "
                                  "(returns to Lisboa) of your ships, trade goods, buildings, "
                                  "bankers and historians."),
    message("status.key.not_owned", "You do not own {tech}."),
    # a key that cannot act now says why (never swallowed without a word)
    message("status.key.put_down", "Put the marker down first (Enter on a lit space), or "
                                   "Esc to put it back."),
    message("status.key.not_your_turn", "It is {name}'s turn: wait for your turn."),
    message("status.key.done_not_now", "Done closes a voyage's landing: there is none to "
                                       "close now."),
    message("status.key.end_not_now", "Finish what you started first (Set sail, Sell or "
                                      "Done), then end your turn."),
    message("status.key.nothing_to_undo", "There is nothing to undo."),
)


__all__ = ["KEYS_TEXT_EN"]
