"""``vizgen stats --cluster ADDRESS`` and ``--workers N``: the same figures, solved on a Dask cluster.

The cluster engine (:mod:`vizgen.engine.cluster`) enumerates and solves the
variant range by range; each range adds up its share of the counts
(:func:`vizgen.engine.ranges.tally`) and :func:`vizgen.analysis.figures.figures`
writes them as ``stats`` does, so both paths print the same JSON. The random-play
odds (linear solves over the whole graph, done only for small variants) are
left out. Dask is imported only here, when a cluster is asked for.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Callable
from typing import Any

from vizgen.analysis.figures import EXAMPLES, Stats, stats_from_tally
from vizgen.engine.params import VariantError
from vizgen.engine.rules import Rules
from vizgen.engine.spec import resolve
from vizgen.util import sizes
from vizgen.util.text import format_count, quote

__all__ = ["check_workers", "cluster_stats", "state_bytes", "worker_memory"]


def worker_memory(text: str) -> int:
    """Read ``--worker-memory`` (:func:`vizgen.util.sizes.parse_bytes`); raise VariantError if it is not a size.

    Examples
    --------
    >>> worker_memory("2GB"), worker_memory("1.5 GiB"), worker_memory("1000")
    (2000000000, 1610612736, 1000)
    """
    try:
        return sizes.parse_bytes(text)
    except ValueError as exc:
        raise VariantError(f"not a size: {quote(text)} ({exc})") from None


def state_bytes(rules: Rules) -> int:
    """Bytes the cluster engine keeps per variant at most (its ranges' states, all phases).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> state_bytes(Rules(resolve("standard:players=7"))) // 10**9
    2
    """
    from vizgen.engine.cluster import BYTES_PER_CODE

    per_code = BYTES_PER_CODE + (6 if rules.players > 8 else 0)  # seat bits of four bytes, not one
    return rules.space * per_code


def check_workers(workers: int | None, memory_limit: int | None) -> None:
    """Refuse ``--workers`` beyond the cores and memory at hand (:func:`vizgen.util.sizes.max_workers`), and a
    ``--worker-memory`` under :data:`vizgen.util.sizes.MIN_WORKER_MEMORY`, with the reason.

    Examples
    --------
    >>> check_workers(1, None)
    >>> check_workers(100_000, None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vizgen.engine.params.VariantError: --workers must be from 1 to ...
    """
    if memory_limit is not None and memory_limit < sizes.MIN_WORKER_MEMORY:
        raise VariantError(f"--worker-memory must be at least {sizes.MIN_WORKER_MEMORY // 2**20} MiB")
    most, why = sizes.max_workers(memory_limit)
    if not workers or not 1 <= workers <= most:
        raise VariantError(f"--workers must be from 1 to {most}: {why}")


def _check_local(rules: Rules, workers: int, memory_limit: int | None, name: str) -> None:
    """Refuse a variant whose states would not fit the local workers' memory and the disk they spill to."""
    memory = memory_limit * workers if memory_limit else sizes.memory_available().size
    disk = shutil.disk_usage(tempfile.gettempdir()).free
    need = state_bytes(rules)
    if need > memory + disk:
        raise VariantError(f"{name} has up to {format_count(rules.space)} positions: the cluster engine needs about "
                           f"{need / 1e9:,.0f} GB for them; "
                           f"the local workers have {memory / 1e9:,.0f} GB of memory and "
                           f"{disk / 1e9:,.0f} GB of disk to spill to")


def cluster_stats(spec: str, *, address: str | None = None, workers: int | None = None,
                  memory_limit: int | None = None, parts: int | None = None, timeout: float = sizes.CLUSTER_TIMEOUT,
                  on_ply: Callable[[dict[str, Any]], None] | None = None,
                  on_run: Callable[[Any, Any], None] | None = None) -> Stats:
    """The ``stats --json`` figures of ``spec``, solved on a cluster.

    Parameters
    ----------
    spec : str
        The variant.
    address : str, optional
        A running cluster's scheduler (``host:port``), reached within ``timeout`` seconds; otherwise
    workers : int, optional
        start a local cluster of this many worker processes (one thread each),
    memory_limit : int, optional
        each capped at this many bytes (it spills to disk above 60 % of it).
    parts : int, optional
        Ranges of the code space (default: from the workers' memory).
    timeout : float
        Seconds to reach the scheduler at ``address`` and hear its handshake.
    on_ply : callable, optional
        Called with each ply's figures (:attr:`vizgen.engine.cluster.Run.plies`).
    on_run : callable, optional
        Called with the client and the finished run before the cluster goes (benchmarks read the workers).

    Returns
    -------
    dict
        :func:`vizgen.analysis.figures.figures` of the variant.

    Raises
    ------
    VariantError
        For a variant that cannot be read or would not fit.
    vizgen.engine.cluster.ClusterError
        For a cluster that cannot be reached or used, WorkerLost for a worker gone mid-solve.
    """
    from vizgen.engine import cluster

    if address is not None:
        cluster.read_address(address)  # before anything else: a bad address is refused at once
    else:
        check_workers(workers, memory_limit)
    variant = resolve(spec)
    rules = Rules(variant)
    name = quote(variant.spec or variant.slug)
    if address is None:
        assert workers is not None  # checked above
        _check_local(rules, workers, memory_limit, name)
        where = cluster.local_cluster(workers, memory_limit)
    else:
        where = cluster.connect(address, timeout)
    with where as client:
        try:
            run = cluster.solve(rules, client, parts=parts, survival=rules.players > 2, on_ply=on_ply)
            counts = run.tally(EXAMPLES)
        except OverflowError as exc:
            raise VariantError(f"{name}: {exc}") from None
        if on_run is not None:
            on_run(client, run)
        with contextlib.suppress(Exception):
            client.cancel(run.states)  # a shared cluster keeps nothing of ours
    return stats_from_tally(counts, rules, spec)
