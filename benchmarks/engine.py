"""Engine benchmark: prints how long enumeration and solving take (no pass/fail).

Targets (issue #2, on the 2-core machine): ``stats standard:players=4`` (about
fifty thousand positions) under 3 s. Five and six players show that the
integer-coded, array-based engine carries millions of positions.

Usage: python benchmarks/engine.py [--six]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

from vizgen.analysis import solve_variant
from vizgen.graph import enumerate_graph
from vizgen.solve import solve_forced
from vizgen.variants import resolve


def timed(label: str, spec: str) -> None:
    variant = resolve(spec)
    t0 = time.perf_counter()
    graph = enumerate_graph(variant)
    t1 = time.perf_counter()
    solve_forced(graph)
    t2 = time.perf_counter()
    print(f"{label:<28} {graph.n:>12,} positions {graph.indices.size:>13,} moves   "
          f"enumerate {t1 - t0:7.2f} s   solve {t2 - t1:7.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--six", action="store_true", help="also six players (11 million positions, ~4 min, ~10 GB)")
    args = parser.parse_args()
    for spec in ("standard", "suicide", "standard:r=10", "four-hands", "three-players"):
        timed(spec, spec)
    t0 = time.perf_counter()
    solved = solve_variant(resolve("standard:r=10"))
    print(f"{'random + perfect-vs-random, r=10':<28} {solved.graph.n:>12,} positions   "
          f"all solvers {time.perf_counter() - t0:.2f} s")
    t0 = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "vizgen", "stats", "standard:players=4"],
                            capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    print(f"{'CLI stats standard:players=4':<28} {wall:7.2f} s wall, whole command (target < 3 s)")
    print("   " + result.stdout.splitlines()[2].strip())
    timed("players=4 (in process)", "standard:players=4")
    timed("players=5", "standard:players=5")
    if args.six:
        timed("players=6", "standard:players=6")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:,.0f} MB")


if __name__ == "__main__":
    main()
