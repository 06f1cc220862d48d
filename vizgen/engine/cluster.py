"""Solve a variant on a Dask cluster: the code space in ranges owned by workers, one ply at a time.

Why Dask distributed: its workers keep task results in memory up to a limit
and spill them to disk beyond it, so the same code path is the out-of-core
mode of one machine (a local cluster of capped workers) and the way past one
machine (a cluster of many); its tasks take numpy arrays and call the compiled
kernel without copies or a second serialisation layer, and it is a plain pip
install. Ray's object store would also spill, but it needs its own runtime
and shared-memory store sized up front.

Each range's state (:mod:`vizgen.engine.ranges`) is a Dask result pinned to
the worker that owns the range. A ply is one task per range (its state and
the messages the other ranges sent it in), then small tasks that pick its new
state, its counts and one message per range out of the result; the driver
waits for the ply's counts, then sends the next. A range's messages to
another travel worker to worker; the driver only sees counts. Dask may spill
any of these results to disk when a worker is over its memory target.

A worker lost mid-solve (killed, or over its memory limit) stops the solve
with :class:`WorkerLost`: its ranges cannot be rebuilt, so nothing is guessed.
A local cluster (``workers``) listens on 127.0.0.1 only, its workers ignore
Ctrl-C (the driver shuts them down) and die with this process, and its spill
folder is removed on every way out.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import logging
import operator
import os
import shutil
import signal
import sys
import tempfile
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from vizgen.engine import ranges
from vizgen.engine.address import Address, AddressError, parse_address, probe
from vizgen.engine.rules import Rules
from vizgen.util import sizes
from vizgen.util.text import one_line, quote

__all__ = ["BYTES_PER_CODE", "ClusterError", "Run", "WorkerLost", "connect", "local_cluster", "plan_ranges",
           "read_address", "solve", "worker_report"]

#: state bytes per code at most, every phase's arrays together (depth, winner, out-degree; the forced win and
#: its plies; survival: undecided and new seats, the mover's count), eight players or fewer
BYTES_PER_CODE = 12
#: seconds between looks at the workers while a ply runs
POLL = 0.5
_PR_SET_PDEATHSIG = 1


class ClusterError(Exception):
    """The cluster cannot be used: unreachable, or asked for in a way it cannot be (exit code 2)."""

    exit_code = 2


class WorkerLost(ClusterError):
    """A worker holding ranges went away mid-solve: no figures can be trusted (exit code 1)."""

    exit_code = 1


def _die_with_parent() -> None:
    """In a local worker: ignore Ctrl-C (the driver shuts the cluster down) and die with the driver."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)


@contextlib.contextmanager
def local_cluster(workers: int, memory_limit: int | None = None) -> Iterator[Any]:
    """Start ``workers`` local worker processes on 127.0.0.1 and yield a client; all of it goes at the end.

    Parameters
    ----------
    workers : int
        Worker processes, one thread each.
    memory_limit : int, optional
        Bytes per worker: above 60 % of it the worker spills results to disk, at 95 % it is killed.
        Default: the machine's memory shared between the workers.
    """
    from distributed import Client, LocalCluster

    spill = tempfile.mkdtemp(prefix="vizgen-cluster-")
    # the workers' semaphores are cleaned up by multiprocessing's tracker process when an interrupted run leaves at
    # once (exit code 130): it does so without a warning on the terminal
    quiet = "ignore::UserWarning:multiprocessing.resource_tracker"
    os.environ["PYTHONWARNINGS"] = ",".join(w for w in (os.environ.get("PYTHONWARNINGS"), quiet) if w)
    cluster = None
    try:
        # Ctrl-C blocked while the workers start: they (and the thread that starts them) keep it blocked, and a
        # Ctrl-C that arrives meanwhile reaches this process once they are up
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        # the workers write to /dev/null: a terminal's Ctrl-C reaches their whole group, and a worker still
        # importing then prints its traceback; this process says the one line
        own_stderr = os.dup(2)
        try:
            with open(os.devnull, "wb") as null:
                os.dup2(null.fileno(), 2)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "port 8787 is in use": the scheduler's HTTP server takes another
                cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, local_directory=spill, silence_logs=logging.CRITICAL,
                                       memory_limit=memory_limit if memory_limit else "auto")
        except Exception as exc:  # a worker that died while starting, a port that could not be had
            raise WorkerLost(f"the local cluster could not start: {one_line(str(exc))}") from None
        finally:
            os.dup2(own_stderr, 2)
            os.close(own_stderr)
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        # a Ctrl-C while the client closes may leave its closing coroutine unawaited: Python's warning of it is
        # no news to someone who pressed Ctrl-C
        warnings.filterwarnings("ignore", message="coroutine .* was never awaited", category=RuntimeWarning)
        with Client(cluster) as client:
            try:
                client.run(_die_with_parent)
            except OSError:
                raise WorkerLost("a worker of the local cluster died as it started; no figures are reported") from None
            yield client
    finally:
        if cluster is not None:
            cluster.close()
        shutil.rmtree(spill, ignore_errors=True)


def read_address(address: str) -> Address:
    """``--cluster``'s address read (:func:`vizgen.engine.address.parse_address`); ClusterError for a bad one.

    Examples
    --------
    >>> read_address("127.0.0.1:8786").url
    'tcp://127.0.0.1:8786'
    """
    try:
        return parse_address(address)
    except AddressError as exc:
        raise ClusterError(str(exc)) from None


@contextlib.contextmanager
def connect(address: str, timeout: float = sizes.CLUSTER_TIMEOUT) -> Iterator[Any]:
    """Yield a client of the running cluster whose scheduler is at ``address`` (``host:port`` or ``tcp://...``).

    The address is read, then a Dask handshake heard and the server's ``identity`` asked on a plain socket
    (:mod:`vizgen.engine.address`: it must say it is a scheduler), all within ``timeout`` seconds and at most
    :data:`~vizgen.util.sizes.HANDSHAKE_MAX` bytes read; only then does Dask's client connect, given ``timeout``
    too.

    Raises
    ------
    ClusterError
        One line, the address quoted short: not an address, no answer in time, not a Dask scheduler.
    """
    where = read_address(address)
    try:
        probe(where, timeout)
    except AddressError as exc:
        raise ClusterError(f"--cluster {quote(address)}: {exc}") from None
    import dask
    from distributed import Client

    try:
        with dask.config.set({"distributed.comm.timeouts.connect": f"{timeout}s"}):
            client = Client(where.url, timeout=timeout, set_as_default=False)
    except Exception as exc:
        raise ClusterError(f"--cluster {quote(address)}: Dask's client could not connect ({type(exc).__name__}: "
                           f"{quote(str(exc))})") from None
    with client:
        yield client


def plan_ranges(space: int, workers: dict[str, int], memory_limits: list[int]) -> int:
    """How many ranges: two per worker thread at least, more where a range would not fit its worker's memory.

    Examples
    --------
    >>> plan_ranges(170_859_375, {"a": 1, "b": 1}, [2 * 10**9, 2 * 10**9])
    18
    >>> plan_ranges(1000, {"a": 2}, [0])
    4
    """
    threads = sum(workers.values())
    limit = min((m for m in memory_limits if m), default=0)
    need = -(-space // int(limit * sizes.RANGE_CODES_PER_BYTE)) if limit else 0
    return max(2 * threads, need)


@dataclass
class Run:
    """A solve on a cluster: the ranges' final states (Dask futures) and what each ply did.

    Attributes
    ----------
    plies : list of dict
        Per phase and ply: ``phase``, ``ply``, ``found`` (positions decided or reached), ``sent`` (entries sent
        to other ranges), ``sent_bytes``, ``cpu`` (the steps' CPU seconds, all ranges) and ``seconds`` (wall).
    """

    client: Any
    rules: Rules
    states: list[Any]
    owners: list[str]
    plies: list[dict[str, Any]] = field(default_factory=list)

    def tally(self, examples: int) -> dict[str, Any]:
        """The whole variant's figures (:func:`vizgen.engine.ranges.merge` of every range's tally)."""
        futures = [self.client.submit(ranges.tally, s, self.rules, examples, workers=[w], allow_other_workers=False,
                                      pure=False) for s, w in zip(self.states, self.owners)]
        return ranges.merge(_gather(self.client, futures, self.owners), examples)

    def arrays(self) -> dict[str, np.ndarray]:
        """Every per-code array over the whole code space (small variants: it all comes to this process)."""
        futures = [self.client.submit(ranges.arrays, s, workers=[w], allow_other_workers=False, pure=False)
                   for s, w in zip(self.states, self.owners)]
        parts = _gather(self.client, futures, self.owners)
        out = {k: np.concatenate([p[k] for p in parts]) for k in parts[0] if k != "out"}
        if "out" in parts[0]:
            players = self.rules.players
            out["out"] = np.concatenate([p["out"].reshape(players, -1) for p in parts], axis=1).ravel()
        return out


def _gather(client: Any, futures: list[Any], owners: list[str]) -> list[Any]:
    """The results of ``futures``, or WorkerLost as soon as a worker that owns a range is gone.

    Every wait is bounded and followed by a look at the workers: a result computed and then lost with its
    worker is pinned to that worker, so a plain gather of it would wait for ever.
    """
    needed = set(owners)
    results = []
    for future in futures:
        while True:
            try:
                results.append(future.result(timeout=POLL))
                break
            except (TimeoutError, OSError):  # not done yet, or a connection closed: are the workers still there?
                pass
            except concurrent.futures.CancelledError:  # its inputs went with a worker ("lost dependencies")
                _check_workers(client, needed)
                raise
            except Exception as exc:
                if type(exc).__name__ == "KilledWorker":
                    raise _lost(f"a worker died running {future.key}; no figures are reported") from None
                raise
            _check_workers(client, needed)
    return results


def _lost(text: str) -> WorkerLost:
    """WorkerLost saying ``text``; asyncio's "Task exception was never retrieved" is kept quiet from here on: the
    client's waits that die with the lost worker are what this one line reports."""
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    return WorkerLost(text)


def _check_workers(client: Any, needed: set[str]) -> None:
    """WorkerLost if a worker of ``needed`` has left the cluster (or the scheduler cannot be reached)."""
    try:
        alive = set(client.nthreads())
    except OSError as exc:
        raise _lost(f"lost the connection to the Dask scheduler mid-solve: {exc}") from None
    gone = sorted(needed - alive)
    if gone:
        raise _lost(f"worker {gone[0]} was lost mid-solve (killed, or over its memory limit); "
                    f"its ranges are gone, so no figures are reported")


def _bundled(step: Callable[..., tuple[Any, ...]], groups: list[list[int]], state: ranges.State, rules: Rules, ply: int,
             *bundles: dict[int | str, Any]) -> tuple[Any, ...]:
    """Run ``step`` on a range with its messages out of each bundle; bundle its messages by owning worker.

    A bundle holds one range's messages to every range of one worker: a ply is then a task per range and
    two plus one per worker to pick the results apart, not one per pair of ranges.
    """
    began = time.thread_time()
    result = step(state, rules, ply, *(b["all"] if "all" in b else b[state["q"]] for b in bundles))
    info = {**result[1], "cpu": time.thread_time() - began}
    if info.get("broadcast"):  # one message for every range: once per bundle (Dask counts each reference)
        return (result[0], info, *({"all": result[2]} for _ in groups))
    return (result[0], info, *({q: result[2 + q] for q in group} for group in groups))


def survival_mode(space: int, players: int, memory_limits: list[int]) -> str:
    """``broadcast`` where every worker can hold a copy of every code's seats out (a byte a code up to eight
    players, four beyond) in :data:`vizgen.util.sizes.BROADCAST_SHARE` of its memory (a quarter), else ``push``
    (:func:`vizgen.engine.ranges.survival_step`).

    Examples
    --------
    >>> survival_mode(170_859_375, 7, [2 * 10**9]), survival_mode(15**9, 9, [64 * 10**9])
    ('broadcast', 'push')
    """
    limit = min((m for m in memory_limits if m), default=0) or sizes.memory_available().size
    return "broadcast" if space * (1 if players <= 8 else 4) <= limit * sizes.BROADCAST_SHARE else "push"


def solve(rules: Rules, client: Any, *, parts: int | None = None, survival: bool = True, keep: bool = False,
          mode: str | None = None, on_ply: Callable[[dict[str, Any]], None] | None = None) -> Run:
    """Enumerate and solve ``rules`` on the cluster of ``client``, ply by ply.

    Parameters
    ----------
    rules : Rules
        The variant's rules.
    client : distributed.Client
        A client of the cluster (:func:`local_cluster`, :func:`connect`).
    parts : int, optional
        Ranges to cut the code space into (default :func:`plan_ranges`).
    survival : bool
        Also solve survival (three or more players).
    keep : bool
        Keep the survival plies per seat and code (for :meth:`Run.arrays`; a further 2 bytes per seat and code).
    mode : str, optional
        How survival is exchanged, ``broadcast`` or ``push`` (default :func:`survival_mode`).
    on_ply : callable, optional
        Called with each ply's figures (see :attr:`Run.plies`).

    Returns
    -------
    Run
        The ranges' states, left on the workers, and each ply's figures.

    Raises
    ------
    ClusterError
        No workers; WorkerLost if one that owns a range goes away.
    """
    info = client.scheduler_info()
    workers = {addr: w["nthreads"] for addr, w in sorted(info["workers"].items())}
    if not workers:
        raise ClusterError("the cluster has no workers")
    limits = [int(w.get("memory_limit") or 0) for w in info["workers"].values()]
    width, parts = ranges.plan(rules.space, parts or plan_ranges(rules.space, workers, limits))
    slots = [addr for addr, n in workers.items() for _ in range(n)]
    owners = [slots[q % len(slots)] for q in range(parts)]
    groups = [[q for q in range(parts) if owners[q] == addr] for addr in workers]
    groups = [g for g in groups if g]
    token = uuid.uuid4().hex[:8]
    start = rules.encode(rules.start())
    pinned = {"allow_other_workers": False, "pure": False}
    rules_f = client.scatter(rules, broadcast=True, hash=False)
    mode = mode or survival_mode(rules.space, rules.players, limits)
    states = [client.submit(ranges.new_range, q, width, parts, rules.space, start, rules.players, keep, mode,
                            token, workers=[owners[q]], key=f"vizgen-{token}-range-{q}", **pinned)
              for q in range(parts)]
    run = Run(client=client, rules=rules, states=states, owners=owners)
    try:
        _plies(run, rules_f, token, groups, survival, on_ply)
    finally:
        with contextlib.suppress(Exception):  # the workers' copies of the seats out (broadcast survival)
            client.run(ranges.drop_copies, token)
    return run


def _plies(run: Run, rules_f: Any, token: str, groups: list[list[int]], survival: bool,
           on_ply: Callable[[dict[str, Any]], None] | None) -> None:
    """Run every phase ply by ply, recording each ply's figures in ``run.plies``."""
    client, owners, parts, rules = run.client, run.owners, len(run.owners), run.rules
    pinned = {"allow_other_workers": False, "pure": False}
    bundle = {q: w for w, group in enumerate(groups) for q in group}  # the bundle that carries range q's messages
    for phase, step in ranges.PHASES:
        if phase == "survival" and not (survival and rules.players > 2):
            break
        ply = 0
        inbox: list[list[Any]] = [[] for _ in range(parts)]
        while True:
            began = time.perf_counter()
            name = f"vizgen-{token}-{phase}-{ply}"
            results = [client.submit(_bundled, step, groups, run.states[q], rules_f, ply, *inbox[q],
                                     workers=[owners[q]], key=f"{name}-{q}", **pinned) for q in range(parts)]
            picks = [[client.submit(operator.getitem, r, i, workers=[owners[q]], key=f"{name}-{q}-{i}", **pinned)
                      for i in range(len(groups) + 2)] for q, r in enumerate(results)]
            del results  # the picks hold the states and messages; each result goes once they have run
            run.states = [p[0] for p in picks]
            counts = _gather(client, [p[1] for p in picks], owners)
            copies = len(groups) - 1 if counts[0].get("broadcast") else 1  # a broadcast goes to every other worker
            figures = {"phase": phase, "ply": ply, **{k: sum(c[k] for c in counts) for k in ("found", "cpu")},
                       **{k: copies * sum(c[k] for c in counts) for k in ("sent", "sent_bytes")},
                       "seconds": time.perf_counter() - began}
            run.plies.append(figures)
            if on_ply is not None:
                on_ply(figures)
            if ply > 0 and not figures["found"]:
                break
            inbox = [[p[2 + bundle[q]] for p in picks] for q in range(parts)]
            ply += 1


def worker_report(client: Any) -> dict[str, dict[str, int]]:
    """Per worker: ``spilled`` (bytes written to disk since it started), ``peak_rss`` and ``memory_limit``."""
    def report(dask_worker: Any) -> dict[str, int]:
        import resource

        spilled = sum(v for k, v in dask_worker.digests_total.items()
                      if isinstance(k, tuple) and "disk-write" in k and k[-1] == "bytes")
        return {"spilled": int(spilled), "peak_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                "memory_limit": int(dask_worker.memory_manager.memory_limit or 0)}

    reports: dict[str, dict[str, int]] = client.run(report)
    return reports
