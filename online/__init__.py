"""Online tables: the server that owns every table and shows each seat only its view.

It imports the engine (``game``) and the ``websockets`` library, never pygame and
never ``scenes``; the desktop client of part 2 lives here too and reaches the server
only through the protocol written down in docs/protocol.md.
"""
