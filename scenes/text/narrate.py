"""The game log in plain words: one sentence for each step, from what it changed.

A sentence is built from the step and the states before and after it (never from
the engine's internals), so what the log says is what happened on the table,
including gains lost for want of a Lisboa marker. Sentences are returned as a
translation key and its values; ``scenes.text.catalog`` puts them into words, so the log
speaks every language the client does.
"""

from __future__ import annotations

from game.rules import lost_gains, sale_value
from game.state import State
from game.steps import Step
from game.words import Phrase, message, phrase, plural_message, table

# English templates of every log sentence; the translation tables use these keys.
LOG_TEXT_EN = table(
    message("log.employ", "{name} employs a marker: stock to Lisboa."),
    message("log.speed", "{name} raises ship speed to {speed}."),
    message("log.tech", "{name} acquires {tech} for {cost}."),
    message("log.build", "{name} builds the {building} at {pos}."),
    message("log.sell", "{name} sells {goods} of {types}: +{wealth} wealth, +{vp} VP."),
    plural_message("log.move", "{name} sails {count} ship.", "{name} sails {count} ships."),
    message("log.move_none", "{name} makes a voyage but moves no ship."),
    plural_message("log.discover",
                   "{name} sails {count} ship and discovers the town at {pos}: +{vp} VP.",
                   "{name} sails {count} ships and discovers the town at {pos}: +{vp} VP."),
    plural_message("log.discover_india",
                   "{name} sails {count} ship and reaches India at {pos}: +{vp} VP!",
                   "{name} sails {count} ships and reaches India at {pos}: +{vp} VP!"),
    plural_message("log.harbor",
                   "{name} sails {count} ship; Harbor Maintenance brings +{vp} VP.",
                   "{name} sails {count} ships; Harbor Maintenance brings +{vp} VP."),
    message("log.cargo", "{name} takes the {good} at {pos} as trade good."),
    message("log.map", "{name} uses Map: pays 1 for +{vp} VP."),
    message("log.done", "{name} ends the voyage."),
    message("log.return_ship", "{name} brings a ship home from sea {pos}."),
    message("log.return_good", "{name} returns the {good} at {pos} to Lisboa."),
    message("log.return_building", "{name} gives up the {building} at {pos}."),
    message("log.return_banker", "{name} returns a banker holding {amount} wealth."),
    message("log.return_historian", "{name} returns a historian holding {amount} VP."),
    message("log.bank", "{name} uses Bank System: pays 2 for +{vp} VP."),
    plural_message("log.geography", "{name} uses Geography: {count} marker put back to sea.",
                   "{name} uses Geography: {count} markers put back to sea."),
    message("log.end", "{name} ends the turn."),
    plural_message("log.end_unspent", "{name} ends the turn with {count} action point unused.",
                   "{name} ends the turn with {count} action points unused."),
    message("log.final_round", "The end is near: everyone else has one more turn."),
    message("log.game_over", "The game is over."),
    message("log.lost_wealth", "({amount} wealth lost: no marker on Lisboa to hold it.)"),
    message("log.lost_vp", "({amount} VP lost: no marker on Lisboa to hold it.)"),
)

Sentence = tuple[str, dict[str, object]]


def _building(st: State, pos: int, k: int) -> Phrase:
    kind = st.card_at(pos).buildings[k - 1]
    kind, _, good = kind.partition(":")
    if good:
        return phrase(f"noun.building.{kind}.of", good=phrase(f"noun.good.{good}"))
    return phrase(f"noun.building.{kind}")


def step_phrase(before: State, step: Step, after: State) -> Phrase:
    """A step's first log sentence as one value (what "My online games" keeps of a
    table's last step, to say it in whatever language is chosen when it is shown)."""
    key, values = narrate(before, step, after)[0]
    return Phrase(key, dict(values))


def narrate(before: State, step: Step, after: State) -> list[Sentence]:
    """The log sentences for one step: usually one, more when the step also lost a gain,
    started the final round or ended the game."""
    seat = before.active
    name = before.names[seat]
    dvp = after.vp[seat] - before.vp[seat]
    out: list[Sentence] = []
    kind, args = step.kind, step.args
    values: dict[str, object] = {"name": name}
    if kind == "employ":
        out.append(("log.employ", values))
    elif kind == "speed":
        out.append(("log.speed", {**values, "speed": after.speed[seat]}))
    elif kind == "tech":
        paid = before.wealth[seat] - after.wealth[seat]
        out.append(("log.tech", {**values, "tech": phrase(f"tech.{args[0]}"), "cost": paid}))
    elif kind == "build":
        _, pos, k = args[0]
        out.append(("log.build", {**values, "building": _building(before, pos, k), "pos": pos}))
    elif kind == "sell":
        types, wealth, vp = sale_value(before, seat, args)
        out.append(("log.sell", {**values, "goods": phrase("phrase.goods", count=len(args)),
                                 "types": phrase("phrase.types", count=types),
                                 "wealth": wealth, "vp": vp}))
    elif kind == "move":
        ships = len(args)
        if after.revealed != before.revealed:
            pos = after.revealed
            key = "log.discover_india" if pos == after.size else "log.discover"
            out.append((key, {**values, "count": ships, "pos": pos, "vp": dvp}))
        elif dvp:
            out.append(("log.harbor", {**values, "count": ships, "vp": dvp}))
        elif ships:
            out.append(("log.move", {**values, "count": ships}))
        else:
            out.append(("log.move_none", values))
    elif kind == "cargo":
        _, pos, k = args[0]
        good = before.card_at(pos).goods[k - 1]
        out.append(("log.cargo", {**values, "good": phrase(f"noun.good.{good}"), "pos": pos}))
    elif kind == "map":
        out.append(("log.map", {**values, "vp": dvp}))
    elif kind == "done":
        out.append(("log.done", values))
    elif kind == "return":
        target = args[0]
        if target == "banker":
            amount = before.wealth[seat] - after.wealth[seat]
            out.append(("log.return_banker", {**values, "amount": amount}))
        elif target == "historian":
            amount = before.vp[seat] - after.vp[seat]
            out.append(("log.return_historian", {**values, "amount": amount}))
        elif isinstance(target, int):
            out.append(("log.return_ship", {**values, "pos": target}))
        elif target[0] == "g":
            good = before.card_at(target[1]).goods[target[2] - 1]
            out.append(("log.return_good", {**values, "good": phrase(f"noun.good.{good}"),
                                            "pos": target[1]}))
        else:
            building = _building(before, target[1], target[2])
            out.append(("log.return_building", {**values, "building": building,
                                                "pos": target[1]}))
    elif kind == "bank":
        out.append(("log.bank", {**values, "vp": dvp}))
    elif kind == "geography":
        out.append(("log.geography", {**values, "count": len(args)}))
    elif kind == "end":
        if before.ap:
            out.append(("log.end_unspent", {**values, "count": before.ap}))
        else:
            out.append(("log.end", values))
    lost_wealth, lost_vp = lost_gains(before, step, after)
    if lost_wealth:
        out.append(("log.lost_wealth", {"amount": lost_wealth}))
    if lost_vp:
        out.append(("log.lost_vp", {"amount": lost_vp}))
    if after.final_round and not before.final_round:
        out.append(("log.final_round", {}))
    if after.over and not before.over:
        out.append(("log.game_over", {}))
    return out


__all__ = ["LOG_TEXT_EN", "Sentence", "narrate"]
