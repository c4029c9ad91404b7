"""The client's foundation: the window and its loop, the scene stack and the navigator,
the session that owns a game, files on disk, the table's layout and its zone names,
and the computer seats' thinking threads.

Nothing here knows a screen, draws a word or picks a colour: the rooms above (text,
ui, table, screens) build on it, and it never imports them.
"""
