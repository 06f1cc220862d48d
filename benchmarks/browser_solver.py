"""The rules page's solver (JavaScript, under Node) beside the Python engine, on the same rule sets.

Prints a table (no pass/fail): per rule set, the positions and the CPU time to compile the rules,
enumerate every reachable position and solve it exactly (two players: win / loss / draw with remoteness;
three or more: forced wins and survival), in the browser's code (``benchmarks/browser_solver.mjs``,
Node) and in the Python engine (its compiled kernel; ``Rules`` tables, ``enumerate_graph``,
``solve_forced`` and ``solve_survival``). The targets of the rules page: standard under 20 ms, 100,000
positions under one second. The last rule set is the largest built-in variant the page accepts.

Usage: python benchmarks/browser_solver.py [SPEC ...]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from vizgen.engine.graph import enumerate_graph
from vizgen.engine.params import estimate_positions
from vizgen.engine.rules import Rules
from vizgen.engine.solve import solve_forced, solve_survival
from vizgen.engine.spec import resolve
from vizgen.site.render.rules_page import rulebook_data
from vizgen.util.sizes import BROWSER_MAX_POSITIONS

ROOT = Path(__file__).resolve().parents[1]
SPECS = ("standard", "r10", "three-players", "three-hands", "four-players")


def largest() -> str:
    """The built-in variant with the most positions the page still solves."""
    from vizgen.engine.variants import REGISTRY
    fits = [(estimate_positions(v.params), slug) for slug, v in REGISTRY.items()
            if estimate_positions(v.params) <= BROWSER_MAX_POSITIONS]
    return max(fits)[1]


def python_ms(spec: str) -> tuple[int, float]:
    """Positions, and the best CPU milliseconds of three runs (after a warm-up) of the Python engine."""
    variant = resolve(spec)
    best = float("inf")
    n = 0
    for k in range(4):
        t0 = time.process_time()
        Rules(variant).kernel_tables()
        graph = enumerate_graph(variant)
        solve_forced(graph)
        if graph.players > 2:
            solve_survival(graph)
        took = (time.process_time() - t0) * 1000
        n = graph.n
        if k:
            best = min(best, took)
    return n, best


def main(argv: list[str]) -> int:
    specs = argv or [*SPECS, largest()]
    with tempfile.TemporaryDirectory() as tmp:
        book = Path(tmp) / "book.json"
        book.write_text(json.dumps(rulebook_data()))
        out = subprocess.run(["node", str(ROOT / "benchmarks" / "browser_solver.mjs"), str(book), *specs],
                             capture_output=True, text=True, check=True).stdout
    browser = [json.loads(line) for line in out.splitlines()]
    print(f"{'rule set':<22} {'positions':>10} {'browser ms':>11} {'(compile)':>10} {'Python ms':>10}")
    for spec, js in zip(specs, browser):
        n, py = python_ms(spec)
        assert n == js["positions"], (spec, n, js["positions"])
        print(f"{spec:<22} {n:>10,} {js['total_ms']:>11.1f} {js['compile_ms']:>10.1f} {py:>10.1f}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", metavar="SPEC", help="rule sets (default: a few, and the largest the "
                                                                 "rules page solves)")
    sys.exit(main(parser.parse_args().specs))
