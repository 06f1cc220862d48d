"""The benchmarks that drive the browser's code still run: they import it by path, so a move of a module breaks
them silently (``benchmarks/browser_solver.mjs`` still read the globals that issue #47 took away, and failed).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.builds import env
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.spec import resolve

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow(reason="Node and two Python interpreters: about 3 s")
def test_the_browser_solver_benchmark_runs_and_counts_the_engines_positions() -> None:
    specs = ["standard", "standard:r=3,swaps=1"]
    done = subprocess.run([sys.executable, "benchmarks/browser_solver.py", *specs], capture_output=True, text=True,
                          cwd=ROOT, env=env(), timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines()[1:]}
    for spec in specs:
        positions = int(rows[spec][1].replace(",", ""))
        assert positions == enumerate_graph(resolve(spec)).n


@pytest.mark.slow(reason="a Python interpreter that reads the space's record: about 3 s")
def test_the_judge_bands_benchmark_draws_games_of_its_band() -> None:
    """``benchmarks/judge_bands.py HIGH COUNT LOW`` times COUNT games of the band and says how many the band holds:
    as many as the space's record has games of that size."""
    import numpy as np

    from vizgen.reports.space import load_record

    done = subprocess.run([sys.executable, "benchmarks/judge_bands.py", "205", "2", "200"], capture_output=True,
                          text=True, cwd=ROOT, env=env(), timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    record = load_record()
    _, first = np.unique(np.asarray(record["game"]), return_index=True)
    sizes = np.asarray(record["positions"])[first]
    held = int(((sizes > 200) & (sizes <= 205)).sum())
    assert done.stdout.startswith(f"positions 200 < n <= 205: 2 of {held} games drawn, mean 20"), done.stdout
