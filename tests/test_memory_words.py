"""Memory words come from the process's real limit (the smallest of the machine's memory, the cgroup's limit and
``RLIMIT_AS``), say which one it is, and never double a word."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.builds import env
from vizgen.util import sizes

CAP = 3 * 10**9


@given(st.integers(0, 10**60))
def test_an_estimate_says_about_once(size: int) -> None:
    words = sizes.about_memory(size)
    assert words.startswith("about ") and words.count("about") == 1 and words[6:] in sizes.memory_words(size)


def test_the_address_space_limit_is_the_memory_when_it_is_the_smallest() -> None:
    code = ("import resource, sys; from vizgen.util import sizes; "
            f"resource.setrlimit(resource.RLIMIT_AS, ({CAP}, {CAP})); m = sizes.memory_available(); "
            "print(m.size, m.source)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(), timeout=60)
    size, source = run.stdout.split(" ", 1)
    assert int(size) == CAP and "RLIMIT_AS" in source, run.stderr


@pytest.mark.slow(reason="starts vizgen under memory caps (2 CPU s); out of the fast lane: issue #49")
def test_a_refusal_under_a_cap_names_the_limit_that_binds_and_says_about_once() -> None:
    """``stats`` names the cap; a sweep names what each of its processes may take, which under the cap is the
    smaller of the default share and the cap shared by its processes (:func:`vizgen.analysis.sweep.sweep_memory`)."""
    code = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_AS, ({CAP}, {CAP})); "
            "from vizgen.cli import main; from vizgen.analysis.sweep import local_cores, sweep_memory; "
            "from vizgen.util import sizes; m = sweep_memory(processes=local_cores()); "
            "print('SHARE', m.source, 'is', sizes.memory_words(m.size)); sys.exit(main(sys.argv[1:]))")
    for argv in (["stats", "standard:players=8"], ["sweep", "standard:players=32", "--all"],
                 ["sweep", "standard", "--vary", "players=8"]):
        run = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env(),
                             timeout=60)
        share, said = run.stdout.split("\n", 1)[0].removeprefix("SHARE "), run.stdout.split("\n", 1)[1] + run.stderr
        limit = "address-space limit (RLIMIT_AS, ulimit -v) is 3.0 GB" if argv[0] == "stats" else share
        assert limit in said and "about about" not in said, (limit, said)
        assert "--max-memory is" not in said
        if argv[0] == "sweep":
            assert "RLIMIT_AS" in share or share == "a sweep process's share is 384 MB", share
