"""``python -m vizgen``: the command line."""

import contextlib
import os
import signal
import sys

if __name__ == "__main__":
    held: list[int] = []
    # Ctrl-C, SIGTERM or SIGHUP while the modules load is acted on once they have: an import cut short can fail oddly
    # (Ctrl-C always, as a terminal's foreground process takes it; SIGHUP stays ignored under nohup)
    stops = [signal.SIGINT, *(s for s in (signal.SIGTERM, signal.SIGHUP) if signal.getsignal(s) is not signal.SIG_IGN)]
    before = {s: signal.signal(s, lambda signum, frame: held.append(signum)) for s in stops}
    from vizgen.cli import STOPPED_CODES, main, say_stopped

    for s in stops:
        signal.signal(s, signal.default_int_handler if s == signal.SIGINT else before[s])
    code = 128 + held[0] if held else main()  # main() handles SIGTERM and SIGHUP as Ctrl-C (exit 143, 129)
    for s in stops:  # the work is done: a late signal must not garble the exit
        signal.signal(s, signal.SIG_IGN)
    if code in STOPPED_CODES:
        if held:
            say_stopped(code)
        # after a KeyboardInterrupt that passed through C code (the compiled kernel, say) CPython may end the process by
        # SIGINT at exit instead of with the code given; leave at once with the documented code
        with contextlib.suppress(OSError):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
