"""``python -m brass.cli``: the brass command."""

import sys

from . import main

sys.exit(main())
