"""``python -m vizgen``: the command line."""

import sys

from vizgen.cli import main

if __name__ == "__main__":  # layout workers are spawned processes that re-import this module
    sys.exit(main())
