"""The judged record's cost by a game's size (#46): CPU milliseconds a game, drawn from a band of positions.

``python benchmarks/judge_bands.py HIGH [COUNT] [LOW]`` draws COUNT (default 20) of the r = 5 space's distinct
games with LOW < positions <= HIGH (LOW default 0; seed 7), and times each one's whole task as the judged record
runs it (``python -m vizgen.reports.judged_space``): the map's solve of its representative
(:func:`vizgen.analysis.sweep.solve_rule_set`), then the record's judge
(:func:`vizgen.reports.judged_space.judge_game`).
It prints the mean positions, the CPU milliseconds a game of each part and the judge's microseconds a position.
A band's cost in the record is its games times the milliseconds a game (docs/JUDGE.md, "The bound"). The machine
may be shared: CPU time (one BLAS thread), not wall time, is the figure.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vizgen.analysis.sweep import Base, solve_rule_set, space_overrides  # noqa: E402
from vizgen.reports.judged_space import judge_game, representatives  # noqa: E402
from vizgen.reports.space import load_record  # noqa: E402
from vizgen.util import sizes  # noqa: E402


def main(high: int, count: int = 20, low: int = 0) -> None:
    """Draw the band's games, time them and print the figures."""
    record = load_record()
    game, positions = np.asarray(record["game"]), np.asarray(record["positions"])
    _, first = np.unique(game, return_index=True)  # each game's first rule set: its representative's row
    sizes_of = positions[first]
    band = np.flatnonzero((sizes_of > low) & (sizes_of <= high))
    picked = np.random.default_rng(7).choice(band, min(count, band.size), replace=False)
    reps = representatives()
    base, memory = Base.of("standard"), sizes.Memory(384 * 2**20, "the benchmark")
    spent_map = spent_judge = 0.0
    for g in picked.tolist():
        variant = base.rule_set(space_overrides(reps[g]))
        began = time.process_time()
        figures = solve_rule_set(variant)
        solved = time.process_time()
        judge_game(variant, figures, memory)
        spent_map, spent_judge = spent_map + solved - began, spent_judge + time.process_time() - solved
    n, total = picked.size, int(sizes_of[picked].sum())
    print(f"positions {low} < n <= {high}: {n} of {band.size} games drawn, mean {total / n:.0f} positions; "
          f"map {1000 * spent_map / n:.1f} ms a game, judge {1000 * spent_judge / n:.1f} ms a game, "
          f"{1e6 * spent_judge / total:.0f} µs a position")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("high", type=int)
    parser.add_argument("count", type=int, nargs="?", default=20)
    parser.add_argument("low", type=int, nargs="?", default=0)
    args = parser.parse_args()
    main(args.high, args.count, args.low)
