"""The pygame-ce client of Sail to India: scenes, drawing, layout, saves.

The rules live in ``game``; this package only shows a game and turns mouse gestures
into steps of the notation. Importing it opens no window.
"""

import os

# pygame prints a greeting on import; a game's console should stay quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
