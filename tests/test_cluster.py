"""The cluster engine gives the single-machine kernel's answers, array for array, and fails cleanly.

The range-by-range steps (:mod:`vizgen.engine.ranges`) are checked in this
process against the kernel on many small variants; the Dask driver
(:mod:`vizgen.engine.cluster`) on a local cluster of two workers: plain, with
a memory limit so low that every result spills to disk, with a worker killed
mid-solve, and from the command line (Ctrl-C included).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples, small_variants
from vizgen.cli import main
from vizgen.engine import kernel, ranges, retrograde
from vizgen.engine.rules import Rules
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant

ROOT = Path(__file__).resolve().parent.parent
#: keys the cluster leaves out of ``stats --json``: the random-play odds
RANDOM_KEYS = ("random_win", "random_win_start", "perfect_win_start")


def kernel_arrays(rules: Rules) -> dict[str, np.ndarray]:
    """Every per-code array of the single-machine kernel, named as :func:`vizgen.engine.ranges.arrays` names them."""
    tables = rules.kernel_tables()
    depth, winner, outdeg, _, _ = kernel.enumerate_space(rules.encode(rules.start()), rules.space, tables)
    win, rem = retrograde.solve_forced_space(tables, depth, winner, outdeg)
    out = {"depth": depth, "winner": winner, "outdeg": outdeg, "win": win, "rem": rem}
    if rules.players > 2:
        out["out"] = retrograde.solve_survival_space(tables, depth, winner)
    return out


def assert_same_arrays(mine: dict[str, np.ndarray], rules: Rules) -> None:
    want = kernel_arrays(rules)
    assert sorted(mine) == sorted(want)
    for key, expected in want.items():
        assert mine[key].shape == expected.shape, key
        assert (mine[key] == expected).all(), key


def serial_arrays(rules: Rules, parts: int, mode: str = "broadcast") -> dict[str, np.ndarray]:
    states = ranges.solve_serial(rules, parts, survival=rules.players > 2, keep=True, mode=mode)
    pieces = [ranges.arrays(s) for s in states]
    out = {k: np.concatenate([p[k] for p in pieces]) for k in pieces[0] if k != "out"}
    if "out" in pieces[0]:
        out["out"] = np.concatenate([p["out"].reshape(rules.players, -1) for p in pieces], axis=1).ravel()
    return out


@settings(max_examples=examples(40), deadline=None)
@given(small_variants(max_players=3), st.integers(1, 6), st.sampled_from(["broadcast", "push"]))
def test_ranges_give_the_kernels_arrays(variant: Variant, parts: int, mode: str) -> None:
    """Depth, winner, out-degree, forced wins, remoteness and survival, code by code, however the space is cut
    and whichever way survival is exchanged."""
    rules = Rules(variant)
    assert_same_arrays(serial_arrays(rules, parts, mode), rules)


@pytest.mark.parametrize(("spec", "parts"), [("standard:players=4", 7), ("misere:players=3,swaps=2", 3),
                                             ("standard:players=3,zombies=true,sudden_death=true", 5),
                                             ("standard:players=3,attack=self-gain,r=4", 2)])
def test_ranges_on_named_variants(spec: str, parts: int) -> None:
    rules = Rules(resolve(spec))
    for mode in ("broadcast", "push"):
        assert_same_arrays(serial_arrays(rules, parts, mode), rules)


def test_range_tallies_add_up_to_the_stats() -> None:
    from vizgen.analysis.figures import EXAMPLES, stats, stats_from_tally
    from vizgen.analysis.solved import solve_variant

    spec = "standard:players=3"
    rules = Rules(resolve(spec))
    counts = ranges.merge([ranges.tally(s, rules, EXAMPLES) for s in ranges.solve_serial(rules, 4, True)],
                          EXAMPLES)
    want = stats(solve_variant(resolve(spec)), spec)
    for key in RANDOM_KEYS:
        want.pop(key, None)
    assert stats_from_tally(counts, rules, spec) == want


def test_ranges_are_planned_within_uint32_offsets() -> None:
    assert ranges.plan(15**9, 2) == (4_271_484_375, 9)  # nine players: at least nine ranges
    for space, parts in ((1, 4), (225, 4), (10**6, 7)):
        width, n = ranges.plan(space, parts)
        assert (n - 1) * width < space <= n * width and width <= 2**32


def run_cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "vizgen", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=timeout)


@pytest.mark.parametrize(("args", "needle"), [
    (("--workers", "0"), "--workers must be from 1 to "),
    (("--workers", "two"), "--workers must be from 1 to "),
    (("--workers", "9999"), "--workers must be from 1 to "),
    (("--workers", "2", "--worker-memory", "1000TB"), "--workers must be from 1 to 1: each worker may take"),
    (("--timeout", "5"), "--timeout is how long --cluster waits"),
    (("--workers", "2", "--cluster", "127.0.0.1:8786"), "--cluster uses a running cluster"),
    (("--workers", "2", "--worker-memory", "lots"), "not a size: 'lots'"),
    (("--workers", "2", "--worker-memory", "1MB"), "--worker-memory must be at least 256 MiB"),
    (("--workers", "2", "--max-positions", "1000"), "over the limit of 1\u202f000"),
])
def test_cluster_flags_are_checked_before_any_work(args: tuple[str, ...], needle: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """In this process (``vizgen.cli.main``): the refusal is the command's, not the process's."""
    assert main(["stats", "standard:players=3", *args]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == [err.strip()] and needle in err
    assert out == ""


@pytest.mark.slow
def test_stats_on_a_local_cluster_prints_the_single_machine_figures() -> None:
    """The whole command: a local cluster started, used and shut down, the same JSON as without it."""
    mine = run_cli("stats", "standard", "--json", "--workers", "2")
    assert mine.returncode == 0, mine.stderr
    want = json.loads(run_cli("stats", "standard", "--json").stdout)
    for key in RANDOM_KEYS:
        want.pop(key, None)
    assert json.loads(mine.stdout) == want


def test_cluster_is_imported_only_when_asked_for() -> None:
    code = "import sys, vizgen.cli; print(any(m.split('.')[0] in ('dask', 'distributed') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert out.stdout.strip() == "False"


# -- --cluster's address: read, then a handshake heard under a deadline, before Dask is used ------------------------

@pytest.mark.parametrize(("text", "needle"), [
    ("127.0.0.1:70000", "the port must be from 1 to 65535"),
    ("127.0.0.1:0", "the port must be from 1 to 65535"),
    ("127.0.0.1", "not an address"),
    ("ucx://127.0.0.1:8786", "over tcp:// only, not ucx://"),
    ("TLS://127.0.0.1:8786", "over tcp:// only, not tls://"),
    ("h" * 10_000 + ":1", "at most 253 characters, this one 10\u202f000"),
    ("[::g]:1", "is not an IPv6 address"),
])
def test_a_bad_address_is_refused_before_any_connection(text: str, needle: str) -> None:
    from vizgen.engine.address import AddressError, parse_address

    with pytest.raises(AddressError, match=re.escape(needle)) as caught:
        parse_address(text)
    assert len(str(caught.value)) < 400


def test_addresses_read() -> None:
    from vizgen.engine.address import Address, parse_address

    assert parse_address(" tcp://[::1]:8786 ") == Address("::1", 8786)
    assert parse_address("scheduler-host:8786").url == "tcp://scheduler-host:8786"


@pytest.mark.parametrize(("kind", "needle"), [
    ("liar", "announces 2\u202f500\u202f000\u202f000 bytes"),
    ("liar6", "announces 2\u202f500\u202f000\u202f000 bytes"),
    ("garbage", "its first message is not a Dask handshake"),
    ("closer", "the connection closed before a Dask handshake"),
    ("silent", "no Dask handshake within 0.5 s"),
    ("http", "no Dask handshake within 0.5 s"),
    ("mimic", "no answer to 'identity' after its handshake within 0.5 s"),
    ("mimic-liar", "its answer to 'identity' announces 2\u202f500\u202f000\u202f000 bytes"),
])
def test_the_probe_refuses_what_is_not_a_scheduler_within_its_timeout(kind: str, needle: str) -> None:
    """Servers this test starts on loopback; the probe reads at most 64 KB and gives up at its deadline."""
    from tests.hostile_servers import serving
    from vizgen.engine.address import Address, AddressError, probe

    with serving(kind) as port:
        began = time.monotonic()
        with pytest.raises(AddressError, match=re.escape(needle)):
            probe(Address("::1" if kind.endswith("6") else "127.0.0.1", port), 0.5)
        assert time.monotonic() - began < 5  # the deadline, and a loaded machine's slack


def test_the_probe_refuses_a_closed_port_and_a_name_that_does_not_resolve() -> None:
    from vizgen.engine.address import Address, AddressError, probe

    with pytest.raises(AddressError, match="cannot connect"):
        probe(Address("127.0.0.1", 1), 5)
    with pytest.raises(AddressError, match=r"does not resolve|did not resolve in time"):
        probe(Address("no-such-host.invalid", 8786), 5)


# -- the Dask driver on a local cluster: slow ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client() -> Iterator[Any]:  # a distributed.Client, imported lazily
    from vizgen.engine.cluster import local_cluster

    with local_cluster(2, 2 * 10**9) as c:
        yield c


def cluster_arrays(rules: Rules, client: Any, parts: int | None = None,
                   mode: str | None = None) -> tuple[dict[str, np.ndarray], list]:
    from vizgen.engine.cluster import solve

    run = solve(rules, client, parts=parts, keep=True, mode=mode)
    return run.arrays(), run.plies


@pytest.mark.slow
@settings(max_examples=examples(5), deadline=None)
@given(small_variants(max_players=3), st.integers(1, 5))
def test_cluster_gives_the_kernels_arrays(client: Any, variant: Variant, parts: int) -> None:
    rules = Rules(variant)
    arrays, _ = cluster_arrays(rules, client, parts)
    assert_same_arrays(arrays, rules)


@pytest.mark.catalogue(
    reason="named variants on a cluster, broadcast and pushed (36 s); the whole suite keeps random variants' arrays "
           "on a cluster (test_cluster_gives_the_kernels_arrays) and four players pushed through spilling to disk")
@pytest.mark.slow
@pytest.mark.parametrize(("spec", "mode"), [("standard:players=4", "broadcast"), ("standard:players=4", "push"),
                                            ("cutoff:players=3,r=4,swaps=1", None)])
def test_cluster_on_named_variants(client: Any, spec: str, mode: str | None) -> None:
    rules = Rules(resolve(spec))
    arrays, plies = cluster_arrays(rules, client, mode=mode)
    assert_same_arrays(arrays, rules)
    assert sum(p["sent_bytes"] for p in plies) > 0  # the ranges did talk to each other


@pytest.mark.slow
def test_cluster_spilling_every_result_to_disk_gives_the_same_arrays() -> None:
    # distributed imported first, for its defaults in dask's config: leaving dask.config.set removes the keys that
    # were not there when it began, and would take distributed's whole section with it (the next cluster in this
    # process could not start: KeyError 'distributed')
    import dask
    import distributed  # noqa: F401

    from vizgen.engine.cluster import local_cluster, worker_report

    rules = Rules(resolve("standard:players=4"))
    # the workers keep (almost) nothing in memory: every state and message goes to disk and back
    low = {"distributed.worker.memory.target": 0.001, "distributed.worker.memory.spill": False}
    with dask.config.set(low), local_cluster(2, 10**9) as c:
        arrays, _ = cluster_arrays(rules, c, parts=4, mode="push")
        spilled = sum(w["spilled"] for w in worker_report(c).values())
    assert spilled > 10**6
    assert_same_arrays(arrays, rules)


@pytest.mark.slow
def test_a_worker_killed_mid_solve_stops_it_with_one_line() -> None:
    from vizgen.engine.cluster import WorkerLost, local_cluster, solve

    rules = Rules(resolve("standard:players=4"))
    with local_cluster(2, 10**9) as c:
        pids = c.run(os.getpid)

        def kill(figures: dict) -> None:
            if figures["phase"] == "enumerate" and figures["ply"] == 3:
                os.kill(next(iter(pids.values())), signal.SIGKILL)

        with pytest.raises(WorkerLost, match=r"^worker tcp://127\.0\.0\.1:\d+ was lost mid-solve"):
            solve(rules, c, on_ply=kill)


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def _alive(pids: list[int]) -> list[int]:
    alive = []
    for p in pids:
        try:
            os.kill(p, 0)
        except ProcessLookupError:
            continue
        alive.append(p)
    return alive


def _start_and_wait_for_workers(args: list[str], settle: float = 2.0) -> tuple[subprocess.Popen, list[int]]:
    """Start ``vizgen ARGS``; return it and its two workers' pids ``settle`` seconds after both started."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "vizgen", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env=env)
    deadline = time.monotonic() + 180
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = [p for p in _children(proc.pid) if "spawn_main" in Path(f"/proc/{p}/cmdline").read_text()]
    assert len(workers) == 2, "the local cluster's workers did not start"
    time.sleep(settle)  # most likely solving by now (the in-process test kills one at a known ply)
    return proc, workers


@pytest.mark.slow
def test_cli_a_lost_worker_exits_1_with_one_line_and_leaves_nothing_behind() -> None:
    # killed as soon as both are seen: on a quiet machine the solve once ended in the two seconds of settling
    proc, workers = _start_and_wait_for_workers(["stats", "standard:players=6", "--workers", "2"], settle=0)
    os.kill(workers[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err
    assert err.splitlines() == [err.strip()] and out == ""
    # killed mid-solve most likely; on a busy machine the cluster may still be starting
    assert re.fullmatch(r"vizgen: error: (worker tcp://127\.0\.0\.1:\d+ was lost mid-solve|a worker of the local "
                        r"cluster died as it started|the local cluster could not start).*", err.strip())
    time.sleep(1)
    assert _alive(workers) == []


@pytest.mark.slow
def test_cli_ctrl_c_shuts_the_local_cluster_down() -> None:
    proc, workers = _start_and_wait_for_workers(["stats", "standard:players=6", "--workers", "2"])
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.strip() == "vizgen: interrupted" and out == ""
    gone_by = time.monotonic() + 10  # the workers die with the command: within a second on a quiet machine
    while _alive(workers) and time.monotonic() < gone_by:
        time.sleep(0.2)
    assert _alive(workers) == []


@pytest.mark.slow
def test_stats_on_a_running_cluster_and_a_worker_address_refused(client: Any) -> None:
    """``--cluster`` at the scheduler of a running cluster (this module's, on 127.0.0.1) gives the single-machine
    figures; at one of its workers, which speaks Dask but is no scheduler, one line at once."""
    mine = run_cli("stats", "standard", "--json", "--cluster", client.scheduler.address)
    assert mine.returncode == 0, mine.stderr
    want = json.loads(run_cli("stats", "standard", "--json").stdout)
    for key in RANDOM_KEYS:
        want.pop(key, None)
    assert json.loads(mine.stdout) == want
    worker = sorted(client.scheduler_info()["workers"])[0]
    began = time.monotonic()
    refused = run_cli("stats", "standard", "--cluster", worker, timeout=60)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip().endswith("does not answer as a scheduler: give the scheduler's address")
    assert len(refused.stderr.splitlines()) == 1
    assert time.monotonic() - began < 30  # Dask's own client waited ten seconds, then wrote a traceback
