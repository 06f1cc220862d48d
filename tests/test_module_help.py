"""Every module with a command line answers ``--help`` and refuses an unknown option, before any work.

The modules are found, not listed: every file of ``vizgen/`` and ``benchmarks/`` that runs as a program.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builds import env

ROOT = Path(__file__).resolve().parents[1]
MAIN = re.compile(r"""^if __name__ == ["']__main__["']:""", re.MULTILINE)


def programs() -> list[list[str]]:
    """How each program is started: ``python -m vizgen.x`` for the package's, ``python benchmarks/x.py`` else."""
    found = []
    for path in sorted([*ROOT.glob("vizgen/**/*.py"), *ROOT.glob("benchmarks/*.py")]):
        if not MAIN.search(path.read_text(encoding="utf-8")):
            continue
        rel = path.relative_to(ROOT)
        if rel.parts[0] == "vizgen":
            module = ".".join(rel.with_suffix("").parts).removesuffix(".__main__")
            found.append(["-m", module])
        else:
            found.append([str(rel)])
    return found


def test_the_programs_are_found() -> None:
    found = {" ".join(p) for p in programs()}
    assert {"-m vizgen", "-m vizgen.reports.space", "benchmarks/hostile.py"} <= found and len(found) >= 10


@pytest.mark.slow(reason="two fresh interpreters for each of 16 programs: about 16 CPU s in all (the fast lane's "
                         "budget; tests/lanes.py)")
@pytest.mark.parametrize("program", programs(), ids=lambda p: p[-1])
def test_help_is_printed_and_an_unknown_option_refused(program: list[str]) -> None:
    helped = subprocess.run([sys.executable, *program, "--help"], capture_output=True, text=True, cwd=ROOT,
                            env=env(), timeout=60)
    assert helped.returncode == 0 and helped.stdout.startswith("usage:"), helped.stderr[-500:]
    refused = subprocess.run([sys.executable, *program, "--no-such-option"], capture_output=True, text=True,
                             cwd=ROOT, env=env(), timeout=60)
    said = refused.stderr.splitlines()
    assert refused.returncode == 2 and said[0].startswith("usage:") and ": error: " in said[-1], refused.stderr
