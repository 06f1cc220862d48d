"""``python -m vizgen``: the command line."""

import signal
import sys

if __name__ == "__main__":
    held: list[int] = []
    # Ctrl-C while the modules load is acted on once they have: an import cut short can fail oddly
    signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    from vizgen.cli import main

    signal.signal(signal.SIGINT, signal.default_int_handler)
    if held:
        print("vizgen: interrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(main())
