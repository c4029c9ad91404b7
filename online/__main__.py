"""``python -m online``: the same as the ``sail-to-india-server`` command."""

from .cli import main

raise SystemExit(main())
