"""``python -m scenes`` starts the game; it is also the entry script of the bundle."""

import multiprocessing
import sys

# First of all: the executable's thinking process (``game.ai.worker``) is the executable
# started again, and here it goes to its own work instead of opening a second game
# (before pygame and the screens are imported into it). Elsewhere this does nothing.
multiprocessing.freeze_support()

from scenes.main import main  # noqa: E402  (after the thinking process has gone its way)

sys.exit(main())
