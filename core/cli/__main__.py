"""``python -m preferans.core.cli``: the ``preferans`` command."""

from preferans.core.cli import main

raise SystemExit(main())
