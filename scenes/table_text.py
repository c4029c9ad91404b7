"""The words of the table, its overlays, the scoring screen and the game log.

They join the one translation table of ``scenes.text`` when this module is imported,
so every scene keeps asking ``t(key)`` and a translator finds them with the rest.
"""

from __future__ import annotations

from scenes.narrate import LOG_TEXT_EN
from scenes.text import ENGLISH

TABLE_TEXT_EN: dict[str, str] = {
    # status line: what a drag or a button did, or why not
    "status.your_turn": "{name}, drag a marker to play. {ap} action point(s) left.",
    "status.no_ap": "{name}: no action points left. Free actions, or End turn.",
    "status.after_move": "Drag ships onto goods spaces to load them, then press Done.",
    "status.after_move.arch": "Load goods, build with Architecture, then press Done.",
    "status.pick": "Drop it on a lit space.",
    "status.pick.none": "This marker has nowhere to go now.",
    "status.refused": "Not there: {reason}.",
    "status.nowhere": "That marker cannot go there.",
    "status.staging": "Finish the staged voyage or sale first (or Undo it).",
    "status.voyage": "Voyage: {n} ship move(s) staged. Drag more, then Set sail (Enter).",
    "status.sale": "Selling {n} good(s): {types} type(s), +{wealth} wealth, +{vp} VP. "
                   "Press Sell (Enter).",
    "status.staged_undone": "The last staged move was taken back.",
    "status.undone": "Undone: {step}.",
    "status.cannot_undo": "Cannot undo: {reason}.",
    "status.nothing_staged.sail": "Drag ships or Lisboa markers to the seas first.",
    "status.nothing_staged.sell": "Drag your trade goods to Lisboa first.",
    "status.geography": "Geography: click your goods and buildings to send back to sea "
                        "({n} chosen), then click Geography again or press Enter.",
    "status.geography.none": "Geography: choose at least one of your goods or buildings.",
    "status.computer": "{name} (computer) is thinking…",
    "status.saved": "Record saved as {file}.",
    "status.save_failed": "The record could not be saved: {reason}",
    "status.game_over": "The game is over.",
    "status.not_your_marker": "That is not your marker.",
    # the context menu of free returns
    "menu.return_ship": "Bring this ship home to Lisboa",
    "menu.return_good": "Return this trade good to Lisboa",
    "menu.return_building": "Give up this building (marker to Lisboa)",
    "menu.return_banker": "Return a banker ({n} wealth) to Lisboa",
    "menu.return_historian": "Return a historian ({n} VP) to Lisboa",
    "menu.bank": "Use Bank System: pay 2 for 1 VP",
    "menu.geography": "Use Geography: send land markers back to sea",
    "menu.cancel": "Cancel",
    # overlays
    "handoff.title": "{name}'s turn",
    "handoff.colour": "{colour} {shape}",
    "handoff.final": "Final round: this is {name}'s last turn.",
    "handoff.hint": "Click or press a key when {name} has the mouse.",
    "confirm.yes": "Yes",
    "confirm.no": "No",
    "confirm.map": "Use Map: pay 1 wealth for +1 VP for this discovery?",
    "confirm.end_turn": "End your turn with {ap} action point(s) unused?",
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.rules": "Rules",
    "pause.settings": "Settings",
    "pause.save": "Save record",
    "pause.title_screen": "Quit to title",
    # scoring
    "score.heading": "The voyage is over",
    "score.winner": "{names} wins!",
    "score.winners": "{names} share the victory!",
    "score.player": "Player",
    "score.historians": "Historian VP",
    "score.strongholds": "Strongholds",
    "score.churches": "Churches",
    "score.marketplaces": "Markets",
    "score.techs": "Technologies",
    "score.total": "Total",
    "score.tech_line": "{tech} +{points}",
    "score.tiebreak.india": "Tied on points: {name} discovered India.",
    "score.tiebreak.wealth": "Tied on points and India: the most wealth decides.",
    "score.tiebreak.vp": "Tied on points, India and wealth: the most historian VP decides.",
    "score.tiebreak.shared": "Tied on every tiebreak: the victory is shared.",
    "score.again": "Play again",
    "score.save": "Save record",
    "score.title": "Title",
    "score.wealth": "Wealth {n}",
}

ENGLISH.update(LOG_TEXT_EN)
ENGLISH.update(TABLE_TEXT_EN)
