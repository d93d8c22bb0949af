"""``python -m bieten``: the ``bieten`` command (python/bieten/cli.py)."""

import sys

from bieten.cli import main

sys.exit(main())
