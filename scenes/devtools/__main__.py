"""``python -m scenes.devtools``: the developers' command (see ``command``)."""

import sys

from scenes.devtools.command import main

sys.exit(main())
