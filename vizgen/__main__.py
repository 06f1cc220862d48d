"""``python -m vizgen``: the command line."""

import contextlib
import os
import signal
import sys

if __name__ == "__main__":
    held: list[int] = []
    # Ctrl-C while the modules load is acted on once they have: an import cut short can fail oddly
    signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    from vizgen.cli import main

    signal.signal(signal.SIGINT, signal.default_int_handler)
    code = 130 if held else main()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the work is done: a late Ctrl-C must not garble the exit
    if code == 130:
        if held:
            print("vizgen: interrupted", file=sys.stderr)
        # after a KeyboardInterrupt that passed through C code (the compiled kernel, say) CPython may end the process by
        # SIGINT at exit instead of with the code given; leave at once with the documented code
        with contextlib.suppress(OSError):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(130)
    sys.exit(code)
