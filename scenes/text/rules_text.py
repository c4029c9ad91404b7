"""The English words of the rules overlay: five pages written from the rulebook, with
the project's rulings, in our own sentences (see ``docs/rules.md``).

Each page is a list of blocks keyed ``rules.<page>.<block>``; the overlay
(``scenes.screens.rules``) lays them out, and translators find them here.
"""

from __future__ import annotations

from game.words import message, table

RULES_TEXT_EN = table(
    message("rules.title", "Rules of Sail to India"),
    message("rules.close", "Close"),
    # TRANSLATORS: {up} {down} {left} {right} {rules} are the names of keys.
    message("rules.hint", "Wheel or {up} {down} to scroll · {left} {right} or 1–6 for pages · "
                          "Esc or {rules} to close"),
    message("rules.tab.turn", "A turn"),
    message("rules.tab.actions", "Actions"),
    message("rules.tab.trading", "Trading"),
    message("rules.tab.techs", "Technologies"),
    message("rules.tab.end", "End"),
    message("rules.tab.keys", "Keys"),
    # a turn
    message("rules.turn.h1", "Your turn"),
    message("rules.turn.p1", "You have 2 action points. Each action costs 1, and the same "
                             "action may be taken twice. Free actions can be taken at any time "
                             "in your turn, also after both points are spent."),
    message("rules.turn.p2", "End your turn with End turn. Points you have not spent are lost; "
                             "that is the only way to pass."),
    message("rules.turn.p3", "At most one town may be discovered per turn."),
    message("rules.turn.h2", "Wealth and VP"),
    message("rules.turn.p4", "Bankers show your wealth and historians your VP, each holding 1 "
                             "to 5 on its numbered space. A gain beyond what your markers can "
                             "hold needs a new banker or historian from Lisboa; without a "
                             "marker on Lisboa the surplus is lost. A banker emptied by a "
                             "payment goes back to Lisboa."),
    message("rules.turn.p5", "The markers always regroup as full ones (on 5) plus one for the "
                             "rest: a 3 and a 4 become a 5 and a 2."),
    message("rules.turn.h3", "Free actions"),
    message("rules.turn.p6", "Bring any of your ships, trade goods, buildings, bankers or "
                             "historians back to Lisboa (right-click it). A banker or historian "
                             "takes what it holds with it."),
    message("rules.turn.p7", "Use Bank System or Geography if you own them (click the "
                             "technology)."),
    message("rules.turn.h4", "At this table"),
    message("rules.turn.p8", "Drag a marker to play it, or click it and then click where it "
                             "goes (a right click or Esc puts it back): lit spaces accept it. "
                             "Voyages and sales "
                             "are collected first and made with Set sail or Sell (Enter). Undo "
                             "(Ctrl+Z) takes back your last step of this turn, but never a "
                             "discovery. Hover over anything for a tooltip; Esc opens the menu."),
    message("rules.turn.p9", "To turn every sound off, or back on, press {key}; the volumes are "
                             "in the settings."),
    # actions
    message("rules.actions.h", "The six actions (1 action point each)"),
    message("rules.action.employ", "Employ — pay 1: one marker from your stock to Lisboa."),
    message("rules.action.speed", "Ship speed — pay 2 to go from 1 to 2, pay 4 from 2 to 3."),
    message("rules.action.tech", "Technology — pay its cost and put a scientist on it. Each "
                                 "technology has one owner for ever; at most 3 per player."),
    message("rules.action.build", "Build — pay 2: put your ship in the town's sea, or one of your "
                                  "markers already on that town, onto an empty building space."),
    message("rules.action.sell", "Sell — return trade goods to Lisboa and gain by the number of "
                                 "different goods types (see Trading). At least one real good."),
    message("rules.action.move", "Move ships — each ship (or Lisboa marker) moves up to your "
                                 "speed, toward or away from Lisboa. A ship entering a "
                                 "face-down town stops and discovers it: +1 VP (India: +2). "
                                 "Then ships may be loaded onto empty goods spaces of their "
                                 "town as trade goods, and you press Done."),
    message("rules.actions.p1", "With a stronghold of yours, a Lisboa marker may start from the "
                                "sea below it. Only one ship a turn may enter a face-down town."),
    # trading
    message("rules.goods.h", "Trade goods"),
    message("rules.goods.p1", "Six types. Each town offers two of them: a ship that sailed "
                              "there takes one onto its goods space as a trade good, to sell "
                              "in Lisboa."),
    message("rules.trading.h", "Selling: goods types counted → gain"),
    message("rules.trading.types", "Types"),
    message("rules.trading.wealth", "Wealth"),
    message("rules.trading.vp", "VP"),
    message("rules.trading.p1", "Each market you own counts as one more type (its own good), if "
                                "that type is not already sold. Factory adds 1 wealth."),
    message("rules.buildings.h", "Buildings"),
    message("rules.building.stronghold", "Stronghold — Lisboa markers may set sail from the sea "
                                         "below it. 1 point at the end."),
    message("rules.building.church", "Church — 2 points at the end."),
    message("rules.building.marketplace", "Market — counts as its good's type whenever you sell. "
                                          "1 point at the end."),
    # technologies
    message("rules.techs.h", "The twelve technologies"),
    message("rules.techs.line", "{card} · {name} — cost {cost}"),
    # end
    message("rules.end.h1", "The end of the game"),
    message("rules.end.p1", "The end comes when India is discovered, or when two or more players "
                            "have an empty stock."),
    message("rules.end.p2", "The player who triggers it finishes the turn; every other player then "
                            "has exactly one more turn, in turn order."),
    message("rules.end.h2", "Score"),
    message("rules.end.p3", "Historian VP + 1 per market + 1 per stronghold + 2 per church + the "
                            "technologies' end bonuses."),
    message("rules.end.h3", "Ties"),
    message("rules.end.p4", "The player who discovered India wins a tie; then the most wealth; "
                            "then the most historian VP; then the tied players share the "
                            "victory."),
    # keys: each row is the keys, then what they do
    message("rules.keys.h1", "Every screen"),
    message("rules.keys.chosen", "Every key below can be changed: Settings, Keys."),
    message("rules.keys.tab.do", "Move the focus (a white ring edged in black) to the next or "
                                 "the previous thing."),
    message("rules.keys.arrows.do", "Move the focus to the nearest thing in that direction. On "
                                    "a choice (players, language, a volume) {left} and {right} "
                                    "change it."),
    message("rules.keys.enter.do", "Press the focused button or tick the focused box; Enter "
                                   "starts typing in the focused field."),
    message("rules.keys.esc.do", "Go back or close; at the table, the menu."),
    message("rules.keys.mute.do", "Every sound off, or back on."),
    message("rules.keys.h2", "At the table"),
    message("rules.keys.table", "Press {next} or an arrow first: the ring shows on a marker you "
                                "may pick up. {next} goes through your markers, then the cards "
                                "you can use and the buttons."),
    message("rules.keys.pick.do", "Pick up the focused marker. While it is held only the "
                                  "spaces it may go to take the focus: Enter or {key} drops it "
                                  "there, Esc puts it back."),
    message("rules.keys.return.do", "The focused marker's free actions: bring a ship, trade "
                                    "good, building, banker or historian back to Lisboa."),
    message("rules.keys.cards.do", "Use Bank System. Geography: {key}, then Enter on each "
                                   "marker to send back, then {key} again."),
    message("rules.keys.sail.do", "Set sail or Sell what is staged (Enter too, while no ring "
                                  "shows)."),
    message("rules.keys.buttons.do", "Done · End turn · Undo (also Ctrl+Z)."),
    message("rules.keys.more.do", "Hint · see a card large · unfold the ship's log · these "
                                  "rules."),
    message("rules.keys.log.do", "The ship's log, older or newer lines."),
    message("rules.keys.chat.do", "At an online table: a line of chat for the other players "
                                  "(Enter sends it)."),
    message("rules.keys.h3", "Reviewing a game"),
    message("rules.keys.step.do", "A step back or on."),
    message("rules.keys.turn.do", "A turn back or on (also {back} and {on})."),
    message("rules.keys.ends.do", "The deal · the last step."),
)


__all__ = ["RULES_TEXT_EN"]
