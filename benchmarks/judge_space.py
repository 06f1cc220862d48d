"""The judge's cost (#46): CPU milliseconds a rule set and a distinct game on slices of the r = 5 space, one process.

``python benchmarks/judge_space.py [SLICES] [SIZE]`` takes SLICES slices of SIZE consecutive combinations (default 8
of 64), spread evenly over the 2,752,512 combinations of the space as ``benchmarks/sweep_space.py`` spreads its
own, and for every rule set the rules accept times, in CPU seconds, what the map does (enumerate and solve,
:func:`vizgen.analysis.sweep.solve_rule_set`) and what the judge adds (:func:`vizgen.reports.judge.judge` on the
enumerated, solved graph: the chains of random, middle and perfect play, the skill depth, the games nearby) and
what the judged record's judge does (the same but random play's uncapped shares, ``random_play=False``), and
prints each slice's figures, the judge's cost over the map's, and its cost a distinct game (rule sets that are the
same game, by the record's game ids, have the same measures: a judged record need judge each game once). The
machine is shared: CPU time (one BLAS thread), not wall time, is the figure.
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vizgen.analysis.sweep import SPACE_SIZE, Base, solve_rule_set, space_overrides  # noqa: E402
from vizgen.engine.graph import enumerate_graph  # noqa: E402
from vizgen.engine.params import VariantError  # noqa: E402
from vizgen.engine.solve import solve_forced  # noqa: E402
from vizgen.reports.judge import games_nearby, judge  # noqa: E402
from vizgen.reports.space import load_record  # noqa: E402


def main(slices: int = 8, size: int = 64) -> None:
    """Judge the slices and print their figures."""
    base = Base.of("standard")
    record = load_record()
    combinations, game = np.asarray(record["index"]), np.asarray(record["game"])
    games_nearby(base.variant.params)  # the record read once, before the clock
    totals = {"map": 0.0, "judge": 0.0, "record": 0.0, "rule sets": 0, "games": 0}
    for k in range(slices):
        lo = k * (SPACE_SIZE // slices)
        spent_map = spent_judge = spent_record = 0.0
        judged, slowest, slowest_spec = 0, 0.0, ""
        for index in range(lo, lo + size):
            try:
                variant = base.rule_set(space_overrides(index))
            except VariantError:
                continue
            began = time.process_time()
            solve_rule_set(variant)
            spent_map += time.process_time() - began
            began = time.process_time()
            graph = enumerate_graph(variant)
            judge(graph, solve_forced(graph))
            took = time.process_time() - began
            spent_judge += took
            began = time.process_time()
            graph = enumerate_graph(variant)
            judge(graph, solve_forced(graph), random_play=False)
            spent_record += time.process_time() - began
            judged += 1
            if took > slowest:
                slowest, slowest_spec = took, f"{variant.spec} ({graph.n:,} positions)"
        rows = np.searchsorted(combinations, np.arange(lo, lo + size))
        rows = rows[rows < combinations.size]
        games = np.unique(game[rows[(combinations[rows] >= lo) & (combinations[rows] < lo + size)]]).size
        totals["map"] += spent_map
        totals["judge"] += spent_judge
        totals["record"] += spent_record
        totals["rule sets"] += judged
        totals["games"] += games
        print(f"slice {lo:>9,}..{lo + size - 1:>9,}: {judged:>4} rule sets, {games:>4} games; map "
              f"{1000 * spent_map / max(judged, 1):8.1f} ms, judge {1000 * spent_judge / max(judged, 1):8.1f} ms "
              f"a rule set ({1000 * spent_judge / max(games, 1):8.1f} ms a game), the record's judge "
              f"{1000 * spent_record / max(judged, 1):8.1f} ms; slowest {slowest:.2f} s: "
              f"{slowest_spec}", flush=True)
    n, g = max(int(totals["rule sets"]), 1), max(int(totals["games"]), 1)
    print(f"all: {int(totals['rule sets']):,} rule sets, {int(totals['games']):,} distinct games; map "
          f"{1000 * totals['map'] / n:.1f} ms CPU a rule set; judge {1000 * totals['judge'] / n:.1f} ms a rule set, "
          f"{1000 * totals['judge'] / g:.1f} ms a distinct game; judge / map "
          f"{totals['judge'] / max(totals['map'], 1e-9):.1f}; the record's judge (no uncapped random-play shares) "
          f"{1000 * totals['record'] / n:.1f} ms a rule set, / map {totals['record'] / max(totals['map'], 1e-9):.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slices", nargs="?", type=int, default=8, help="slices of the rule space (default 8)")
    parser.add_argument("size", nargs="?", type=int, default=64, help="combinations a slice (default 64)")
    args = parser.parse_args()
    main(args.slices, args.size)
