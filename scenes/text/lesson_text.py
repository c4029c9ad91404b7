"""The English words of the lesson ("Learn to play"): what each step of the guided first
game says, the hints a refused move gets, and the narration of the computer captains'
turns. The script that uses them is ``scenes.table.lesson``.

Keys are ``lesson.<what>``. A sentence may name the players: ``{you}`` the learner,
``{bob}`` and ``{cy}`` the two computer captains, ``{name}`` the captain whose turn is
told. Each lesson step says in one or two sentences what to do and why; a page (read,
then Next) may say a little more.
"""

from __future__ import annotations

from game.words import message, table

LESSON_TEXT_EN = table(
    # the title and the table's frame around the lesson
    message("title.learn", "Learn to play"),
    message("lesson.learner", "Captain"),
    message("lesson.heading", "Learning to play"),
    message("lesson.next", "Next"),
    message("lesson.play_on", "Play on"),
    message("lesson.leave", "Leave the lesson"),
    message("lesson.nudge", "Not this time. {hint}"),
    message("lesson.status.other", "The lesson asks for another move: see the lesson, "
                                   "bottom right."),
    message("lesson.no_undo", "In the lesson every move stays made: Undo returns when you "
                              "play on your own."),
    message("lesson.chart.types", "Types"),
    message("lesson.chart.wealth", "Wealth"),
    message("lesson.chart.vp", "VP"),
    # the hint a refused move gets, by the kind of move the lesson waits for
    message("lesson.hint.page", "Read the lesson, then press Next."),
    message("lesson.hint.watch", "Press Next to watch {name}'s turn."),
    message("lesson.hint.employ", "Drag a marker from your stock (lit) onto Lisboa, or click "
                                  "it and then Lisboa."),
    message("lesson.hint.move", "Drag each lit marker to the lit sea (or click it, then the "
                                "sea), then press Set sail."),
    message("lesson.hint.cargo", "Drag your ship from the lit sea onto the lit goods space, or "
                                 "click it and then the space."),
    message("lesson.hint.done", "Press the lit Done button."),
    message("lesson.hint.end", "Press the lit End turn button."),
    message("lesson.hint.sell", "Drag each lit trade good onto Lisboa (or click it, then "
                                "Lisboa), then press Sell."),
    message("lesson.hint.build", "Drag your ship from the lit sea onto the lit building space, "
                                 "or click it and then the space."),
    message("lesson.hint.tech", "Drag a scientist from your board onto the lit technology, or "
                                "click it and then the card."),
    message("lesson.hint.speed", "Drag your marker on the Ship speed track one space along, or "
                                 "click it and then the next space."),
    message("lesson.hint.return", "Right-click your ship in the lit sea and choose to bring "
                                  "it home."),
    # turn 1
    message("lesson.welcome", "Welcome aboard, {you}! You play {you_colour}, at the bottom "
                              "left, against two computer captains: {bob} ({bob_colour}) "
                              "and {cy} ({cy_colour}). Sail from Lisboa towards India, trade "
                              "the goods of the towns, build and learn: the most points "
                              "wins."),
    message("lesson.turn", "Each turn you have 2 action points (shown left of the status "
                           "line). Each of the six actions costs one: employ, raise speed, "
                           "technology, build, sell and move ships. Free actions cost none."),
    message("lesson.employ", "Markers in your stock are not in play yet. Employ one: for 1 "
                             "wealth it goes to Lisboa, ready to sail or to hold wealth and "
                             "VP. Drag it there, or click it and then click Lisboa."),
    message("lesson.launch", "Set sail! A ship goes as many towns as your speed, 1 for now: "
                             "both your Lisboa markers can reach town 1."),
    message("lesson.discover", "Beyond town 3 the coast is unknown. The first ship to sail "
                               "into a face-down town discovers it: 1 VP (India, the last "
                               "town, 2 VP). Only one town can be discovered in a turn."),
    message("lesson.cargo", "After sailing, a ship may land on a free goods space of its "
                            "town and become a trade good. Land one ship on the gold; the "
                            "other stays at sea."),
    message("lesson.keep_one", "Keep the other ship at sea for now: close the voyage."),
    message("lesson.done", "Nothing more to do on this voyage: close it."),
    message("lesson.end", "Both action points are spent: end your turn. {bob} and {cy} "
                          "play next."),
    message("lesson.watch.bob1", "{name} sails to town 1 for the coffee, then buys Printing "
                                 "Press. Its 1 VP is lost: {name} has no marker left on "
                                 "Lisboa to become a historian."),
    message("lesson.watch.cy1", "{name} pays 2 to raise his speed to 2, so his ship reaches "
                                "town 2 at once, and takes the jewels there."),
    # turn 2
    message("lesson.sail_on", "Sail your ship at town 1 on to town 2, where the cloth still "
                              "waits (Cy took the jewels)."),
    message("lesson.cloth", "Land it on the cloth. With the gold you now hold two different "
                            "trade goods."),
    message("lesson.sell", "Sell both in one action: they go home to Lisboa. The more "
                           "different types in one sale, the more it brings (the chart): two "
                           "types, 2 wealth."),
    message("lesson.end_turn", "Both action points are spent: end your turn."),
    message("lesson.watch.bob2", "{name} sells his coffee (one type: 1 wealth) and employs a "
                                 "marker."),
    message("lesson.watch.cy2", "{name} sells his jewels and sends a new ship to town 2."),
    # turn 3
    message("lesson.capacity", "Wealth sits on bankers and VP on historians, each holding up "
                               "to 5: your 3 wealth fit on one banker. A gain needing a new "
                               "banker or historian takes a marker from Lisboa; with none "
                               "there it is lost, like {bob}'s VP. Keep a marker on Lisboa!"),
    message("lesson.launch2", "The goods you sold came home to Lisboa. Launch both to town 1: "
                              "one for the gold, one to build with."),
    message("lesson.gold_again", "Land one ship on the gold again."),
    message("lesson.build", "Build: for 2 wealth your other ship becomes the church, worth 2 "
                            "points at the end (a stronghold or a market is worth 1 and helps "
                            "in play)."),
    message("lesson.watch.bob3", "{name} sends two ships to town 1 and takes the coffee "
                                 "again."),
    message("lesson.watch.cy3", "{name} sails on to town 3 for the spices, then employs a "
                                "marker."),
    # turn 4
    message("lesson.tech", "Technologies help for the whole game, one owner each. "
                           "Metallurgy costs 0 and makes your later technologies 1 cheaper."),
    message("lesson.sell_one", "Now sell the gold alone: one type brings 1 wealth, and you "
                               "need 2 for your next move."),
    message("lesson.watch.bob4", "{name} sells his coffee and builds the stronghold of town "
                                 "1: his Lisboa markers may now set sail from its sea."),
    message("lesson.watch.cy4", "{name} takes the jewels at town 2 and sells them with his "
                                "spices: two types, 2 wealth."),
    # turn 5
    message("lesson.speed", "Raise your speed to 2. It costs 2 wealth; your emptied banker "
                            "goes back to Lisboa for new work."),
    message("lesson.launch3", "With speed 2 a ship from Lisboa reaches town 2. Launch both "
                              "Lisboa markers there."),
    message("lesson.keep_at_sea", "Keep both ships at sea for your next turn: close the "
                                  "voyage."),
    message("lesson.watch.bob5", "{name} launches two markers from his stronghold at town 1, "
                                 "sails them to town 2 and sells the jewels and the cloth."),
    message("lesson.watch.cy5", "{name} employs a marker and sails it to town 2."),
    # turn 6
    message("lesson.return", "Town 4 is in reach, but its VP needs a historian and your "
                             "Lisboa is empty. Bring one ship home: a free action."),
    message("lesson.discovery", "Now sail your other ship into the unknown town 4."),
    message("lesson.discovered", "Discovered: +1 VP, held by the marker you brought home, now "
                                 "your historian. Land the ship on the town's first good."),
    message("lesson.game_end", "The game ends when a ship reaches India (town 9) or when two "
                               "or more players have emptied their stock. Whoever triggers it "
                               "finishes the turn; everyone else plays one more."),
    message("lesson.scoring", "Each player then scores the VP on historians, 2 per church, 1 "
                              "per stronghold and per market, and the end bonuses of the "
                              "technologies on card III. A tie goes to India's discoverer, "
                              "then the most wealth."),
    message("lesson.handover", "You know the game now, {you}. The rest of it is yours: you "
                               "still have an action point this turn, and {bob} and {cy} "
                               "play on as computer captains. Fair winds!"),
)

__all__ = ["LESSON_TEXT_EN"]
