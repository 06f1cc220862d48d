"""The test lanes' record of what each test costs, in CPU seconds, and the script that refreshes it.

The fast lane (``-m "not browser and not slow"``) holds only tests that each take under :data:`LIMIT` CPU
seconds. Timing a test while the lane runs would flake on a busy machine, so the rule is held against a
committed record instead: ``tests/lane_times.json`` maps each test's id to two figures, from the start of its
set-up to the end of its teardown (a module's fixture is charged to the first test that needs it, as a run of
that test alone would pay it):

- **CPU seconds**: user and system time of the pytest process and of the subprocesses it waited for. A busy
  neighbour slows a test down; it does not make it do more work, so this figure barely moves with the load.
- **Idle-machine seconds**: the wall time less the time the test's thread stood in the run queue waiting for
  a core (``/proc/thread-self/schedstat``): about what the test would take on a quiet machine, sleeps and
  waits for a deadline included (which CPU seconds miss). Subprocesses that wait for a core still count, so it
  reads high on a loaded machine: refresh at a quiet moment where you can.

``tests/test_lanes.py`` checks, in the fast lane, that every test the lane selects is in the record under
:data:`LIMIT` CPU seconds, and that the lane's recorded CPU total stays under :data:`BUDGET`. The idle-machine
seconds are not held to a limit (on a machine at a load of 20 they read ten to twenty times the CPU seconds of
a test that starts processes); the refresh lists the tests at :data:`IDLE_LIMIT` or more of them, to look at.
The check reads a file and the markers, never a clock: it cannot flake.

The record holds the fast lane's tests, measured as the fast lane runs them (the Hypothesis profile ``fast``).
Refresh it after adding or changing tests (it runs pytest with :class:`CpuClock`)::

    python -m tests.lanes tests/test_words.py        # these tests, in one process, their entries replaced
    python -m tests.lanes --fast                     # the whole fast lane (-n 2), the record rewritten

Other arguments are passed to pytest (the profile ``fast`` is added unless one is given). A test measured at
or over the limit is listed at the end: make it cheaper, or mark it ``slow`` with the reason written down.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the committed record: test id -> CPU seconds
RECORD = ROOT / "tests" / "lane_times.json"
#: the CPU seconds a test of the fast lane may cost
LIMIT = 5.0
#: the idle-machine seconds from which the refresh lists a test, to look at (a test that sleeps or waits out a
#: deadline of seconds, which CPU seconds miss; or one that starts processes, measured on a loaded machine)
IDLE_LIMIT = 15.0
#: the CPU seconds the whole fast lane may cost, its tests' and shared fixtures' recorded costs summed. Collection
#: comes on top: about 5 CPU s on each of the two workers, 10 where Python writes no bytecode (PYTHONDONTWRITEBYTECODE,
#: so pytest rewrites every test module's asserts afresh each run). The lane held 220 CPU s and ran 138 s on two
#: quiet cores (2026-11-29, 248 CPU s with collection); issue #49 took it to about 82 (docs/TESTS.md), which with
#: collection is about 105 CPU s, under 60 s on two cores. Lower it as tests get cheaper, never raise it.
BUDGET = 85.0
#: the markers that take a test out of the fast lane
NOT_FAST = ("browser", "slow", "catalogue")
#: the fast lane's command's arguments (README)
FAST_LANE = ["-n", "2", "--dist", "loadgroup", "-m", "not browser and not slow", "--hypothesis-profile=fast"]
#: where :class:`CpuClock` writes its measurements (one file per pytest process)
_PARTS = "VIZGEN_LANE_TIMES_DIR"


def cpu_seconds() -> float:
    """The CPU seconds this process and its waited-for children have used so far (user and system).

    Examples
    --------
    >>> before = cpu_seconds()
    >>> sum(i * i for i in range(10 ** 5)) > 0 and cpu_seconds() >= before
    True
    """
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _run_queue_seconds() -> float:
    """Seconds this thread has waited in the run queue for a core (0 where the kernel does not say)."""
    try:
        with open("/proc/thread-self/schedstat") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def fixtures(record: dict[str, tuple[float, float | None]]) -> float:
    """The CPU seconds of the shared fixtures' set-ups in ``record`` (every set-up in the run that measured it)."""
    return sum(cost[0] for test, cost in record.items() if test.startswith("fixture "))


def record_id(item: pytest.Item) -> str:
    """The test's id in the record: its node id without the ``@group`` pytest-xdist adds under ``--dist
    loadgroup`` (so a run on one process and a run on two give the same ids)."""
    group = item.get_closest_marker("xdist_group")
    name = (group.args[0] if group.args else group.kwargs.get("name", "")) if group else ""
    return item.nodeid.removesuffix(f"@{name}") if name else item.nodeid


def in_fast_lane(item: pytest.Item) -> bool:
    """Whether the fast lane (``-m "not browser and not slow"``, no ``--catalogue``) selects ``item``."""
    return not any(item.get_closest_marker(name) for name in NOT_FAST)


def load() -> dict[str, tuple[float, float | None]]:
    """The record: test id -> (CPU seconds, idle-machine seconds or None where not measured); empty when there
    is none yet."""
    if not RECORD.exists():
        return {}
    return {test: (cost[0], cost[1]) for test, cost in json.loads(RECORD.read_text())["tests"].items()}


class CpuClock:
    """A pytest plugin that measures each test's CPU and idle-machine seconds, set-up to teardown, and appends
    them as a JSON line to a file of the folder ``$VIZGEN_LANE_TIMES_DIR`` as each test ends (one file per
    process: each pytest-xdist worker writes its own; a run stopped half-way keeps what it measured).

    The set-up of a fixture shared beyond one test (module or session scope: a site solved and laid out) is not
    charged to the test that happens to need it first, which depends on the order and the worker: its CPU
    seconds are taken out of that test's and written as an entry of their own, ``fixture NAME (PLACE)``, which
    counts in the lane's budget."""

    def __init__(self) -> None:
        self._depth = 0  # shared fixtures being set up, one inside another
        self._shared = 0.0  # the CPU seconds of the shared fixtures the current test set up

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef: pytest.FixtureDef[object]) -> Iterator[None]:
        if fixturedef.scope == "function" or self._depth:
            yield
            return
        self._depth += 1
        began = cpu_seconds()
        try:
            yield
        finally:
            self._depth -= 1
            spent = cpu_seconds() - began
            self._shared += spent
            self._write(f"fixture {fixturedef.argname} ({fixturedef.baseid or 'conftest'})", spent, spent)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        self._shared = 0.0
        cpu, wall, queued = cpu_seconds(), time.monotonic(), _run_queue_seconds()
        yield
        idle = time.monotonic() - wall - (_run_queue_seconds() - queued)
        self._write(record_id(item), cpu_seconds() - cpu - self._shared, max(idle - self._shared, 0.0))

    @staticmethod
    def _write(test: str, cpu: float, idle: float) -> None:
        folder = os.environ.get(_PARTS)
        if folder:
            name = os.environ.get("PYTEST_XDIST_WORKER", "main")
            with open(Path(folder) / f"{name}-{os.getpid()}.jsonl", "a") as part:
                part.write(json.dumps([test, cpu, idle]) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    """Loaded with ``-p tests.lanes``: clock every test."""
    config.pluginmanager.register(CpuClock(), "lane-cpu-clock")


def write(tests: dict[str, tuple[float, float | None]]) -> None:
    """Write the record: one test a line, in order (a refresh's changes read well in a diff)."""
    lines = [f"{json.dumps(test)}: {json.dumps(list(cost))}" for test, cost in sorted(tests.items())]
    RECORD.write_text(f'{{"limit": {LIMIT}, "unit": "[CPU seconds, idle-machine seconds], set-up to teardown",\n'
                      f'"refresh": "python -m tests.lanes --fast",\n"tests": {{\n' + ",\n".join(lines) + "\n}}\n")


def refresh(args: list[str]) -> int:
    """Run pytest on ``args`` with the clock and merge what it measured into the record.

    ``--fast`` runs the fast lane's own command (two workers) and rewrites the record; other arguments go to
    pytest as they are (one process unless they say ``-n``), with the Hypothesis profile ``fast`` unless they
    name one, and replace the entries of the tests they ran. Returns pytest's exit code.
    """
    everything = "--fast" in args
    args = [a for a in args if a != "--fast"]
    if everything:
        args = [*FAST_LANE, *args]
    if not any(a.startswith("--hypothesis-profile") for a in args):
        args.append("--hypothesis-profile=fast")
    with tempfile.TemporaryDirectory(prefix="lane-times-") as parts:
        env = {**os.environ, _PARTS: parts, "OMP_NUM_THREADS": "1"}
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "tests.lanes", "-p", "no:cacheprovider",
                              *args], cwd=ROOT, env=env, check=False)
        measured: dict[str, tuple[float, float]] = {}
        for part in sorted(Path(parts).glob("*.jsonl")):
            for line in part.read_text().splitlines():
                test, cpu, idle = json.loads(line)
                if test.startswith("fixture "):  # every set-up of the fixture in the run (each worker's, each
                    before = measured.get(test, (0.0, 0.0))  # module's): what the lane pays for it
                    cpu, idle = before[0] + cpu, before[1] + idle
                measured[test] = (cpu, idle)
    tests = {} if everything else load()
    tests.update({k: (round(cpu, 2), round(idle, 2)) for k, (cpu, idle) in measured.items()})
    write(tests)
    over = sorted((cpu, idle, t) for t, (cpu, idle) in measured.items() if cpu >= LIMIT or idle >= IDLE_LIMIT)
    print(f"tests/lanes: {len(measured)} tests measured, {sum(c for c, _ in measured.values()):.1f} CPU s; "
          f"record: {RECORD}; at or over {LIMIT:g} CPU s or {IDLE_LIMIT:g} idle-machine s:", file=sys.stderr)
    for cpu, idle, test in reversed(over):
        print(f"  {cpu:6.1f} CPU s {idle:6.1f} idle s  {test}", file=sys.stderr)
    return run.returncode


if __name__ == "__main__":
    sys.exit(refresh(sys.argv[1:]))
