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
