"""Node for the tests: the browser's code runs under it (tests/js); a missing node skips, or fails under CI=true."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def node() -> str:
    """The node executable; a missing one skips the test, or fails it under CI=true."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is not on the PATH: the JavaScript tests need Node 20 (CI=true)")
        pytest.skip("node is not installed")
    return found


def run_node(*args: str | Path, timeout: int = 600) -> str:
    """Run Node on a script from the project's root; its output, or the test fails with its last words."""
    result = subprocess.run([node(), *map(str, args)], capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return result.stdout
