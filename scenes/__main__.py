"""``python -m scenes`` starts the game; it is also the entry script of the bundle."""

import sys

from scenes.main import main

sys.exit(main())
