"""``python -m vizgen``: the command line."""

import sys

from vizgen.cli import main

sys.exit(main())
