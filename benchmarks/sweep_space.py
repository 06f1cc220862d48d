"""The rule-space sweep's cost: CPU seconds a rule set on slices of the r = 5 space, in one process.

``python benchmarks/sweep_space.py [SLICES] [SIZE]`` solves SLICES slices of SIZE consecutive combinations
(default 8 of 1,024), spread evenly over the 2,752,512 combinations of the space (the rule sets refused
count as combinations, not as rule sets), and prints each slice's CPU time a rule set and the process's
whole CPU time, start-up included. The machine is shared: CPU time, not wall time, is the figure.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vizgen.analysis.sweep import SPACE_SIZE, Task, run_task  # noqa: E402


def main(slices: int = 8, size: int = 1024) -> None:
    """Solve the slices and print their figures."""
    solved = 0
    for k in range(slices):
        lo = k * (SPACE_SIZE // slices)
        start = time.process_time()
        figures, refused = run_task(Task("standard", lo=lo, hi=lo + size))
        spent = time.process_time() - start
        solved += len(figures)
        print(f"slice {lo:>9,}..{lo + size - 1:>9,}: {len(figures):>5} rule sets, {sum(refused.values()):>5} refused,"
              f" {1000 * spent / max(len(figures), 1):8.2f} ms CPU a rule set", flush=True)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    whole = usage.ru_utime + usage.ru_stime
    print(f"whole process: {whole:.1f} s CPU for {solved:,} rule sets, {1000 * whole / max(solved, 1):.2f} ms a rule "
          f"set; {1000 * whole / (slices * size):.2f} ms a combination")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slices", nargs="?", type=int, default=8, help="slices of the rule space (default 8)")
    parser.add_argument("size", nargs="?", type=int, default=1024, help="combinations a slice (default 1024)")
    args = parser.parse_args()
    main(args.slices, args.size)
