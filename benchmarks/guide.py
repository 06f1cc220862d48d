"""Guide benchmark: the cost of "How to play it" for every two-player variant of the catalogue, cold and warm.

Prints (no pass/fail), per variant: positions, seconds to solve, seconds for the guide cold (computed and
written to an empty cache) and warm (read back), the number of must-find positions and rules; then the totals.
Usage: python benchmarks/guide.py [SPEC ...]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from vizgen.analysis.solved import solve_variant
from vizgen.engine.spec import resolve
from vizgen.reports.guide import guide_figures
from vizgen.site.build import CATALOGUE
from vizgen.util.cache import Cache


def main(specs: list[str]) -> None:
    """Time the guides of ``specs`` (default: every two-player variant of the catalogue)."""
    specs = specs or [s for s in CATALOGUE if resolve(s).params.players == 2]
    cold_total = warm_total = 0.0
    print(f"{'variant':<16}{'positions':>10}{'solve s':>9}{'cold s':>8}{'warm s':>8}{'must-find':>10}{'rules':>6}")
    with tempfile.TemporaryDirectory() as folder:
        cache = Cache(Path(folder))
        for spec in specs:
            t0 = time.perf_counter()
            solved = solve_variant(resolve(spec))
            t1 = time.perf_counter()
            data = guide_figures(spec, cache, solved)
            t2 = time.perf_counter()
            guide_figures(spec, cache)
            t3 = time.perf_counter()
            cold_total += t2 - t1
            warm_total += t3 - t2
            print(f"{spec:<16}{solved.graph.n:>10,}{t1 - t0:>9.2f}{t2 - t1:>8.2f}{t3 - t2:>8.3f}"
                  f"{len(data['must_find']):>10}{len(data['rules']):>6}")
    print(f"{len(specs)} guides: cold {cold_total:.1f} s, warm {warm_total:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", metavar="SPEC", help="variants (default: every two-player variant of "
                                                                 "the catalogue)")
    main(parser.parse_args().specs)
