"""The size policy: every threshold that decides by size what vizgen does, defined once, and the memory at hand.

The engine, the solvers, the layouts and the pages all read their limits
here, as ``sizes.NAME`` at the moment they decide (so a test can change one
with ``monkeypatch.setattr(sizes, NAME, value)``). :func:`page_kind`,
:func:`layout_engine` and :func:`solve_limits` are the decisions;
:func:`memory_available` is what the size check compares a variant's memory
estimate (:func:`vizgen.engine.graph.estimate_memory`) with.
"""

from __future__ import annotations

import argparse
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vizgen.util.text import format_count, quote

__all__ = [
    "BANDS_LIMIT",
    "BIG",
    "BIG_ROW_LIMIT",
    "BROADCAST_SHARE",
    "BROWSER_BYTES_PER_HAND_PAIR",
    "BROWSER_BYTES_PER_POSITION",
    "BROWSER_MAX_POSITIONS",
    "BROWSER_MEMORY_SHARE",
    "CACHE_ENTRY_MAX",
    "CODE_PAGE_OVER",
    "DENSE_MAX_UNKNOWNS",
    "FAMILY_MAX_POSITIONS",
    "FAMILY_PLAYERS_MAX_POSITIONS",
    "GOAL_MAX_POSITIONS",
    "GRAPHVIZ_SVG_LIMIT",
    "GUIDE_MAX_POSITIONS",
    "GZIP_OVER",
    "HAND_SETS_MAX",
    "HAZE_EDGES",
    "JUDGE_LADDER_MAX_POSITIONS",
    "JUDGE_RECORD_MAX_POSITIONS",
    "MAXN_MAX_STATES",
    "MAX_EDGE_ARRAYS",
    "MAX_MEMORY_CAP",
    "MAX_WORKERS",
    "MIN_WORKER_MEMORY",
    "RANDOM_MAX_STATES",
    "RANGE_CODES_PER_BYTE",
    "RENDER_APART_OVER",
    "SFDP_LIMIT",
    "SITE_MARKER_MAX_BYTES",
    "SITE_MAX_POSITIONS",
    "SWEEP_MOVE_BYTES",
    "SWEEP_POSITION_BYTES",
    "SWEEP_PROCESS_MEMORY",
    "SYSTEM_ROOT",
    "THUMB_DOTS",
    "THUMB_EDGES",
    "THUMB_MAX",
    "TRICKY_OWN_EDGES_OVER",
    "Memory",
    "SolveLimits",
    "about_memory",
    "layout_engine",
    "memory_available",
    "memory_words",
    "page_kind",
    "parse_bytes",
    "solve_limits",
]

# pages
#: the most positions (all that exist, the engine's estimate) the rules page solves on a visitor's machine
BROWSER_MAX_POSITIONS = 1_000_000
#: past BROWSER_MAX_POSITIONS (up to SITE_MAX_POSITIONS) the rules page solves a rule set only where the device
#: reports its memory (``navigator.deviceMemory``, in GiB) and this share of it holds the rule set's bytes:
#: BROWSER_BYTES_PER_POSITION a position (the solver's tables in its worker, 117 bytes a position under Node at
#: six players, 11.4 million positions: 1.33 GB at its peak; the page's arrays and facts, 51 more) and
#: BROWSER_BYTES_PER_HAND_PAIR a pair of one player's hand sets (the compiled strike tables: standard:r=40,
#: 820 hand sets, took 1.2 GB under Node with 0.67 million positions)
BROWSER_MEMORY_SHARE = 1 / 4
BROWSER_BYTES_PER_POSITION = 170
BROWSER_BYTES_PER_HAND_PAIR = 1500
#: practice goals are set in variants of at most this many positions (the practice page ships all their positions)
GOAL_MAX_POSITIONS = 4000
#: a variant with more positions gets a code page: a few bytes per position code, no node table shipped
CODE_PAGE_OVER = 250_000
#: graph pages of this many positions in all (or any beside a code page) are rendered by worker processes; fewer
#: are rendered in the build's own process, quicker than a worker starts and takes its pages (the classic game,
#: three players and two small ones: 0.6 s here against 1.3 s wall and 1.8 s of processor time in two workers)
RENDER_APART_OVER = 100_000
#: a variant with more positions (up to CODE_PAGE_OVER) gets the neighbourhood explorer, not one whole graph
BIG = 3000
#: the most positions a whole graph is drawn for on a narrow screen (at most NARROW_SCREEN CSS pixels wide: a
#: phone); more, and the rules page opens the neighbourhood explorer there (at r = 8, 1 197 positions, a phone's
#: graph is one solid mass; at r = 7, 748, each position is still a dot of its own)
PHONE_GRAPH_MAX = 800
#: the widest screen, in CSS pixels, that is laid out as a phone's
NARROW_SCREEN = 760
#: the position tables of a big variant name at most this many positions per row
BIG_ROW_LIMIT = 48
#: the site's default ceiling on a variant's possible positions (its data files grow with them): six players fit
SITE_MAX_POSITIONS = 12_000_000
#: the family page solves variants of at most this many possible positions: five players in, six listed
FAMILY_MAX_POSITIONS = 1_000_000
#: the family page's players sweep solves up to this many: six players (11.4 million, the site's own page);
#: seven (170.9 million: about 75 s and 6 GB on two cores, which a first build should not cost) and eight come
#: from recorded runs, checked by the tests (``--family-max-positions 200000000`` solves seven again)
FAMILY_PLAYERS_MAX_POSITIONS = 12_000_000
#: the guide ("How to play it") is computed for two-player variants of at most this many possible positions (the
#: catalogue's largest, four hands, has 4,822 reachable): its games and scans are per position in Python
GUIDE_MAX_POSITIONS = 100_000
#: a download larger than this many bytes is shipped gzip-compressed (``.gz``)
GZIP_OVER = 4 * 1024 * 1024
#: a thumbnail SVG larger than this many bytes is replaced by a small PNG overview
THUMB_MAX = 400 * 1024

# layouts and pictures
#: up to this many positions a graph gets the banded layout (labelled boxes by value and remoteness)
BANDS_LIMIT = 400
#: up to this many positions Graphviz sfdp lays a graph out; beyond, twopi rooted at the start
SFDP_LIMIT = 6000
#: up to this many positions Graphviz draws the labelled graph as SVG; beyond, a picture of dots
GRAPHVIZ_SVG_LIMIT = 1200
#: a thumbnail draws the moves of a graph with at most this many moves
THUMB_EDGES = 4000
#: a thumbnail draws at most about this many positions (an even sample beyond)
THUMB_DOTS = 1200
#: the overview picture of a big variant draws at most about this many moves (every k-th beyond)
HAZE_EDGES = 80_000

# solvers
#: a graph's moves are listed as arrays (about 40 bytes a move while built) up to this many: six players
MAX_EDGE_ARRAYS = 150_000_000
#: multiplayer random play (one sparse solve over (position, seat) pairs) up to this many pairs: four players
RANDOM_MAX_STATES = 1_000_000
#: random play's linear systems are solved densely up to this many unknowns, iteratively beyond
DENSE_MAX_UNKNOWNS = 2000
#: the tricky player lists the moves of a graph with more than this many itself, at 4 bytes a move, rather than
#: the graph's arrays (about 40 bytes a move while built)
TRICKY_OWN_EDGES_OVER = 20_000_000
#: the most ``(position, depth)`` pairs one max^n search visits (``vizgen maxn``): about 10 s and 150 MB on two
#: cores (five players from the start: depth 8 searches 193,000 of them counting the shallower depths)
MAXN_MAX_STATES = 200_000
#: `vizgen judge` plays the softmax ladder (max^n over the whole graph, eight plies deep, and up to 16 chains of
#: two players) on rule sets up to this many positions; larger ones are judged without the ladder
JUDGE_LADDER_MAX_POSITIONS = 50_000
#: the judged record (``python -m vizgen.reports.judged_space``) plays the chains of random and middle play and the
#: skill ladder on the space's games up to this many positions, about 75 µs of CPU a position (30 to 60 ms a
#: game); a larger game is judged by perfect play (read off the space's exact value) and its size alone, so that
#: the whole record costs about 4,700 CPU s, within twice the map's own 7,842 (docs/JUDGE.md "The judged record")
JUDGE_RECORD_MAX_POSITIONS = 1_000
#: the most hand sets (``C(r + hands - 1, hands)``) one player may hold: the rules compile in Python over every
#: pair of them, about 20 s for 1,000 on two cores (r = 44 with two hands, 16 with three, 10 with four)
HAND_SETS_MAX = 1000

# the cluster engine (``stats --cluster`` / ``--workers``)
#: local worker processes at most (``--workers``), whatever the machine (:func:`max_workers` bounds them by its
#: cores and memory)
MAX_WORKERS = 256
#: a worker process alone (Python, numpy, Dask, the kernel): about 150 MB measured, taken as this much when
#: :func:`max_workers` shares the memory out
WORKER_PROCESS_BYTES = 256 * 2**20
#: the memory one process of a sweep may take for one rule set, unless ``--max-memory`` says otherwise (the memory
#: at hand shared by the local processes, when that is less): two processes and the parent stay under a gigabyte
#: however many rule sets the sweep has, and a rule set that outgrows it is listed with the reason
SWEEP_PROCESS_MEMORY = 384 * 10**6
#: bytes a sweep spends at most per position and per move it lists (:func:`vizgen.analysis.sweep.solve_rule_set`:
#: the graph, copied once out of the kernel, the retrograde pass's reversed graph and queues, the digest's keys),
#: measured at 116 to 142 per position with 7 to 17 moves a position (docs/howto/sweep.md), taken with a margin
SWEEP_POSITION_BYTES = 80
SWEEP_MOVE_BYTES = 8
#: seconds ``stats --cluster`` gives a scheduler to resolve, accept and send its handshake (``--timeout``)
CLUSTER_TIMEOUT = 5.0
#: the longest ``--timeout`` taken, in seconds
CLUSTER_TIMEOUT_MAX = 600.0
#: the longest host name of a scheduler's address (the most DNS carries)
HOST_MAX = 253
#: the most bytes read of a scheduler's first message, its handshake (about 60 bytes in Dask 2026.8)
HANDSHAKE_MAX = 64 * 1024
#: the least ``--worker-memory``: a worker process alone (Python, numpy, Dask) takes about 150 MB
MIN_WORKER_MEMORY = 256 * 2**20
#: a range's codes at most per byte of its worker's memory limit: its state and one ply's messages fit an eighth
RANGE_CODES_PER_BYTE = 1 / 200
#: survival on the cluster sends every worker a copy of every code's seats out where that copy takes at most this
#: share of a worker's memory, else each range its own part
BROADCAST_SHARE = 1 / 4

# the cache
#: the largest cache entry read or written, in bytes: an entry over it is a miss, read no further (and one computed
#: over it is not kept). The site's largest is six players' solution, 273 MB (24 bytes a position); its page is
#: 11 MB, the largest layout a few MB; past a gigabyte is a stray file, not an entry
CACHE_ENTRY_MAX = 2**30
#: the largest site marker read (vizgen.site.output.outdir): a build of the whole catalogue lists a few thousand
#: files in well under 1 MB; a larger file of that name is not a build's record
SITE_MARKER_MAX_BYTES = 64 << 20

# memory
#: the largest --max-memory taken, in bytes (an exabyte)
MAX_MEMORY_CAP = 10**18
#: where :func:`memory_available` reads ``proc/`` and ``sys/fs/cgroup/`` (tests point it at a tree of their own)
SYSTEM_ROOT = Path("/")


def page_kind(positions: int) -> str:
    """The kind of page a variant of ``positions`` reachable positions gets.

    Returns
    -------
    str
        ``small`` (one interactive graph), ``big`` (the neighbourhood explorer
        over a node table) or ``code`` (no node table: data by position code).

    Examples
    --------
    >>> [page_kind(n) for n in (204, 50_000, 759_285)]
    ['small', 'big', 'code']
    """
    return "code" if positions > CODE_PAGE_OVER else "big" if positions > BIG else "small"


def layout_engine(positions: int) -> str:
    """The Graphviz layout a graph of ``positions`` positions gets: ``bands``, ``sfdp`` or ``twopi``.

    Examples
    --------
    >>> [layout_engine(n) for n in (204, 2000, 50_000)]
    ['bands', 'sfdp', 'twopi']
    """
    return "bands" if positions <= BANDS_LIMIT else "sfdp" if positions <= SFDP_LIMIT else "twopi"


@dataclass(frozen=True)
class SolveLimits:
    """Which optional solvers run on a variant.

    Attributes
    ----------
    survival : bool
        Who can be forced out (three or more players, where its memory fits).
    random_seats : bool
        Each seat's chance under random play (three or more players, up to
        :data:`RANDOM_MAX_STATES` (position, seat) pairs).
    """

    survival: bool
    random_seats: bool


def solve_limits(players: int, positions: int, survival_memory: int, memory: int) -> SolveLimits:
    """Decide which optional solvers run: survival follows memory, random play per seat a count.

    Parameters
    ----------
    players : int
        Seats.
    positions : int
        Reachable positions.
    survival_memory : int
        Bytes the solve takes with survival (:func:`vizgen.engine.graph.estimate_memory`).
    memory : int
        Bytes this process may use (:func:`memory_available` or ``--max-memory``).

    Examples
    --------
    >>> solve_limits(8, 2_562_890_237, 85 * 10**9, 128 * 10**9)
    SolveLimits(survival=True, random_seats=False)
    >>> solve_limits(8, 2_562_890_237, 85 * 10**9, 80 * 10**9).survival
    False
    """
    many = players > 2
    return SolveLimits(survival=many and survival_memory <= memory,
                       random_seats=many and positions * players <= RANDOM_MAX_STATES)


@dataclass(frozen=True)
class Memory:
    """The memory this process can use: ``size`` bytes, and where that figure comes from (``source``)."""

    size: int
    source: str


def _first_int(path: Path) -> int | None:
    """The whole number a cgroup or proc file starts with; None for ``max``, a huge value or no file."""
    try:
        text = path.read_text().split()
    except (OSError, UnicodeDecodeError):
        return None
    if not text or not text[0].isdigit():
        return None
    value = int(text[0])
    return value if value < 1 << 60 else None  # cgroup v1 writes 2^63 rounded to a page for "no limit"


def _cgroup_limit(root: Path) -> tuple[int, str] | None:
    """The tightest memory limit of this process's cgroup and its ancestors (v2 ``memory.max``, v1
    ``memory.limit_in_bytes``), or None."""
    try:
        lines = (root / "proc" / "self" / "cgroup").read_text().splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    found: list[tuple[int, str]] = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        if parts[0] == "0" and parts[1] == "" and (root / "sys/fs/cgroup/cgroup.controllers").exists():
            mount, name, version = root / "sys/fs/cgroup", "memory.max", "v2"
        elif "memory" in parts[1].split(","):
            mount, name, version = root / "sys/fs/cgroup/memory", "memory.limit_in_bytes", "v1"
        else:
            continue
        folder = mount / parts[2].strip("/")
        while True:  # the cgroup and every ancestor up to the mount (a container sees only its own part)
            limit = _first_int(folder / name)
            if limit is not None:
                found.append((limit, f"the cgroup {version} memory limit"))
            if folder == mount or mount not in folder.parents:
                break
            folder = folder.parent
    return min(found) if found else None


def _machine(root: Path) -> tuple[int, str]:
    """The machine's memory: MemTotal of /proc/meminfo, else the physical pages (os.sysconf)."""
    try:
        for line in (root / "proc" / "meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024, "the machine's memory"
    except (OSError, UnicodeDecodeError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"), "the machine's memory"
    except (OSError, ValueError):
        return 0, "unknown memory"


def _address_limit() -> tuple[int, str] | None:
    """This process's address-space limit (``RLIMIT_AS``, ``ulimit -v``), or None when it has none."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    except (ImportError, OSError, ValueError, AttributeError):
        return None
    if soft == resource.RLIM_INFINITY or soft <= 0 or soft >= 1 << 60:
        return None
    return soft, "this process's address-space limit (RLIMIT_AS, ulimit -v)"


def memory_available(root: Path | None = None) -> Memory:
    """The memory this process can use: the smallest of the machine's memory, the cgroup's limit and the
    process's own address-space limit (``RLIMIT_AS``), with the words that say which.

    The figure is the total, not what happens to be free: the same command
    decides the same way on the same machine, however busy it is.

    Parameters
    ----------
    root : pathlib.Path, optional
        Where ``proc/`` and ``sys/fs/cgroup/`` are read (default :data:`SYSTEM_ROOT`).

    Returns
    -------
    Memory
        Bytes, and the words that say where they come from.

    Examples
    --------
    >>> memory_available().size > 0
    True
    """
    root = SYSTEM_ROOT if root is None else root
    size, source = _machine(root)
    for limit in (_cgroup_limit(root), _address_limit()):
        if limit is not None and (limit[0] < size or size == 0):
            size, source = limit
    return Memory(size, source)


def usable_cores() -> int:
    """The processor cores this process may run on (its affinity mask where the system has one).

    Examples
    --------
    >>> usable_cores() >= 1
    True
    """
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def max_workers(memory_limit: int | None = None, memory: Memory | None = None,
                cores: int | None = None) -> tuple[int, str]:
    """The most local worker processes (``--workers``), and the reason in words.

    One a core (two on a machine of one: the smallest cluster), and no more than the memory holds, each worker
    taken as ``memory_limit`` or :data:`WORKER_PROCESS_BYTES`, whichever is more; never over :data:`MAX_WORKERS`.

    Parameters
    ----------
    memory_limit : int, optional
        Each worker's memory limit (``--worker-memory``).
    memory : Memory, optional
        The memory at hand (default :func:`memory_available`).
    cores : int, optional
        The cores at hand (default :func:`usable_cores`).

    Examples
    --------
    >>> max_workers(memory=Memory(24 * 10**9, "the machine's memory"), cores=2)
    (2, 'one worker process a core, and this process has 2 cores')
    >>> max_workers(4 * 10**9, Memory(24 * 10**9, "the machine's memory"), cores=64)
    (6, "each worker may take 4.0 GB and the machine's memory is 24 GB")
    """
    cores = usable_cores() if cores is None else cores
    memory = memory_available() if memory is None else memory
    per = max(memory_limit or 0, WORKER_PROCESS_BYTES)
    by_memory = max(1, memory.size // per)
    by_cores = max(2, cores)
    if by_memory < min(by_cores, MAX_WORKERS):
        return by_memory, f"each worker may take {memory_words(per)} and {memory.source} is {memory_words(memory.size)}"
    if by_cores < MAX_WORKERS:
        return by_cores, f"one worker process a core, and this process has {cores} core{'s' if cores != 1 else ''}"
    return MAX_WORKERS, f"at most {MAX_WORKERS} local workers are started"


_UNITS = {"": 1, "b": 1, "k": 10**3, "kb": 10**3, "m": 10**6, "mb": 10**6, "g": 10**9, "gb": 10**9,
          "t": 10**12, "tb": 10**12, "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}


def parse_bytes(text: str) -> int:
    """Read an amount of memory: plain bytes or a number with a unit (``100GB``, ``1.5 TB``, ``64GiB``).

    GB, MB, TB (and G, M, T) are powers of ten; GiB, MiB, TiB powers of two.

    Raises
    ------
    ValueError
        With a sentence for people, for anything else or an amount outside 1 byte .. 1 EB.

    Examples
    --------
    >>> parse_bytes("100GB"), parse_bytes("4096"), parse_bytes("1.5 GiB")
    (100000000000, 4096, 1610612736)
    """
    match = re.fullmatch(r"\s*([0-9]{1,19}(?:\.[0-9]{1,9})?)\s*([A-Za-z]{0,3})\s*", text)
    unit = match[2].lower() if match else ""
    if not match or unit not in _UNITS:
        raise ValueError("not an amount of memory: give bytes or a number with a unit, e.g. 100GB or 64GiB")
    whole, _, fraction = match[1].partition(".")
    value = (int(whole) * 10**9 + int(fraction.ljust(9, "0"))) * _UNITS[unit] // 10**9  # exact, no float
    if not 1 <= value <= MAX_MEMORY_CAP:
        raise ValueError(f"must be from 1 byte to {MAX_MEMORY_CAP // 10**18} EB")
    return value


def whole_argument(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number of ASCII digits (``_`` allowed) from ``low`` to ``high``, or the reason it is
    not one for argparse's one line (every command's counts: ``--max-positions``, ``--r``, ``--games``...).

    Examples
    --------
    >>> whole_argument(2, 7)("5")
    5
    >>> whole_argument(2, 7)("8")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be from 2 to 7, got '8'
    >>> whole_argument(1, 9)("٣")  # digits of other scripts are not ASCII digits
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not a whole number: '٣'
    """
    def parse(text: str) -> int:
        digits = text.strip().replace("_", "")
        if not re.fullmatch(r"-?[0-9]{1,30}", digits):
            raise argparse.ArgumentTypeError(f"not a whole number: {quote(text)}")
        value = int(digits)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {format_count(low)} to {format_count(high)}, "
                                             f"got {quote(text)}")
        return value

    return parse


def memory_argument(text: str) -> int:
    """An argparse type: an amount of memory (:func:`parse_bytes`), or the reason it is not one for argparse's one
    line (``--max-memory``).

    Examples
    --------
    >>> memory_argument("2GB")
    2000000000
    >>> memory_argument("lots")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not an amount of memory: give bytes or a number with a unit, ... got 'lots'
    """
    try:
        return parse_bytes(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{exc}, got {quote(text)}") from None


def about_memory(size: int) -> str:
    """An estimate of memory for people: :func:`memory_words` after "about", said once.

    Examples
    --------
    >>> about_memory(5_300_000_000), about_memory(10**40)
    ('about 5.3 GB', 'about 10^31 GB')
    """
    words = memory_words(size)
    return words if words.startswith("about ") else f"about {words}"


def memory_words(size: int) -> str:
    """An amount of memory for people: GB (10^9 bytes), MB below a GB.

    Examples
    --------
    >>> memory_words(84_570_000_000), memory_words(5_300_000_000), memory_words(326_000_000)
    ('85 GB', '5.3 GB', '326 MB')
    >>> memory_words(10**30), memory_words(512)
    ('about 10^21 GB', '512 bytes')
    """
    if size >= 10**24:
        return f"about 10^{round(math.log10(size)) - 9} GB"
    if size >= 10**9:
        return f"{size / 1e9:,.0f} GB" if size >= 10**10 else f"{size / 1e9:.1f} GB"
    return f"{size / 1e6:,.0f} MB" if size >= 10**6 else f"{format_count(size)} bytes"
