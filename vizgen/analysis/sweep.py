"""Sweeps of many rule sets: each one enumerated and solved, with the figures a map of the rule space needs.

``python -m vizgen sweep`` solves a list of specs, every combination of ``--vary`` values on top of
each, or (``--all``) the whole *rule space* around a spec: every combination of overflow, attack,
halvesies, swaps 0-3 with both ways of counting them (:data:`SWAPS`) and the fifteen on/off rules of
:data:`SPACE_BOOLS` that :func:`vizgen.engine.params.check` accepts. At two players, two hands and
r = 5 that is 954,368 rule sets of 2,752,512 combinations.

A rule set is solved by :func:`solve_rule_set`: the rule tables the search reads
(:meth:`vizgen.engine.rules.Rules.explore_tables`), one pass that lists the reachable positions and their
distinct children (:func:`vizgen.engine.kernel.explore`) and the retrograde analysis over them
(:func:`vizgen.engine.retrograde.solve_forced_graph`). The backward tables the code-space
solver needs cost up to a hundred times the solve itself in this space, and the sweep
needs no layout, no move names and no random-play odds.

*The same game.* Two rule sets give the same game when, from the start, they reach the same
positions (as written: ``12-11/s1``, ``11:3-11:3``, marks and all), with the same moves between them
(which positions each position can move to, whatever the move is called), the same final
positions with the same winner, and so the same value and remoteness everywhere.
:func:`game_digest` hashes exactly that: a 128-bit digest of every reachable position's
written form, its forced winner and remoteness, and its children.
"""

from __future__ import annotations

import collections
import ctypes
import hashlib
import itertools
import math
import os
import signal
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np

from vizgen.engine import kernel, retrograde
from vizgen.engine.params import (
    ATTACKS,
    HALVESIES,
    OVERFLOWS,
    PARAM_NAMES,
    SWAP_COUNTS,
    VariantError,
    check_value,
    coerce,
    estimate_positions,
    override,
    word,
)
from vizgen.engine.rules import Rules
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.util import sizes
from vizgen.util.text import format_count, quote

__all__ = [
    "SPACE_ACCEPTED",
    "SPACE_BOOLS",
    "SPACE_SIZE",
    "SPACE_SIZE_MORE",
    "SWAPS",
    "Base",
    "Plan",
    "Task",
    "game_digest",
    "local_cores",
    "plan",
    "run_task",
    "solve_rule_set",
    "space_overrides",
    "sweep",
    "sweep_memory",
]

#: the fifteen on/off rules of the space, in the order of their bits in a combination's index
SPACE_BOOLS = ("self_attack", "transfers", "divisions", "suicide", "meta", "misere", "sudden_death", "integers",
               "death_attack", "self_add", "cherry_bomb", "logan", "passes", "one_point_switch", "stumps")
#: swaps and how they are counted: none, or 1..3 counted in a row by anyone or by each player
SWAPS = ((0, "row"), *((n, c) for n in (1, 2, 3) for c in SWAP_COUNTS))
#: the combinations of the space: overflow, attack, halvesies and swaps (slowest first), then the on/off rules
SPACE_SIZE = len(OVERFLOWS) * len(ATTACKS) * len(HALVESIES) * len(SWAPS) * 2 ** len(SPACE_BOOLS)
#: the combinations of the space of three players or more: zombies (off, then on) slowest, above the others
SPACE_SIZE_MORE = 2 * SPACE_SIZE
#: the combinations the rules accept (engine.params.check), counted once over the whole space (the catalogue lane's
#: tests/test_space.py counts them again)
SPACE_ACCEPTED = 954_368
#: rule sets a task of the whole space covers (a few seconds of work at most, mostly far less)
CHUNK = 512
#: combinations of ``--vary`` values a task covers
VARY_CHUNK = 64
#: the space's rules at their fewest positions: no swaps, no stumps, no signed hands, nothing kept with a player
SMALLEST: dict[str, Any] = {"swaps": 0, "swap_count": "row", **{name: False for name in SPACE_BOOLS}}


def space_overrides(index: int) -> dict[str, Any]:
    """The parameters of combination ``index`` of the rule space (``0 <= index < SPACE_SIZE_MORE``).

    The on/off rules are the low fifteen bits (``self_attack`` the lowest); above them the swaps, the
    halvesies, the attack and the overflow (the overflow changes slowest). The combinations from
    :data:`SPACE_SIZE` on are the same again with ``zombies`` on, an axis of three players or more only
    (the two-player spaces stop at :data:`SPACE_SIZE`).

    Examples
    --------
    >>> space_overrides(0)["overflow"], space_overrides(0)["transfers"], SPACE_SIZE
    ('rollover', False, 2752512)
    >>> o = space_overrides(SPACE_SIZE - 1)
    >>> o["overflow"], o["swaps"], o["swap_count"], o["stumps"], "zombies" in o
    ('cutoff', 3, 'player', True, False)
    >>> space_overrides(SPACE_SIZE + 6) == {**space_overrides(6), "zombies": True}
    True
    """
    if not 0 <= index < SPACE_SIZE_MORE:
        raise IndexError(f"a combination of the rule space is 0 to {SPACE_SIZE_MORE - 1}")
    zombies, index = divmod(index, SPACE_SIZE)
    bits, rest = index % 2 ** len(SPACE_BOOLS), index >> len(SPACE_BOOLS)
    rest, swaps = divmod(rest, len(SWAPS))
    rest, halvesies = divmod(rest, len(HALVESIES))
    overflow, attack = divmod(rest, len(ATTACKS))
    out: dict[str, Any] = {"overflow": OVERFLOWS[overflow], "attack": ATTACKS[attack],
                           "halvesies": HALVESIES[halvesies], "swaps": SWAPS[swaps][0], "swap_count": SWAPS[swaps][1]}
    out.update((name, bool(bits >> k & 1)) for k, name in enumerate(SPACE_BOOLS))
    if zombies:
        out["zombies"] = True
    return out


@dataclass(frozen=True)
class Base:
    """A spec taken apart: the named variant (or file) and the overrides written after it."""

    name: str
    variant: Variant
    overrides: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, spec: str) -> Base:
        """Read ``spec`` (checked as any spec is) and keep its name and overrides apart.

        Examples
        --------
        >>> base = Base.of("cutoff:r=7")
        >>> base.name, base.overrides
        ('cutoff', (('r', 7),))
        """
        spec = spec.strip()
        full = resolve(spec)
        name = spec.partition(":")[0].strip()
        return cls(name, resolve(name), full.overrides[len(resolve(name).overrides):])

    def rule_set(self, overrides: dict[str, Any]) -> Variant:
        """The variant of this base with ``overrides`` on top of its own; its spec names every parameter that
        differs from the named variant's, in parameter order (``standard:logan=true``).

        Raises
        ------
        VariantError
            When the combination is refused (:func:`vizgen.engine.params.check`), with the engine's reason.

        Examples
        --------
        >>> Base.of("cutoff:r=7").rule_set({"logan": "true", "r": 5}).spec
        'cutoff:logan=true'
        """
        merged = dict(self.overrides)
        merged.update(overrides)
        own = self.variant.params
        params, _ = override(own, merged.items())
        pairs = tuple((k, getattr(params, k)) for k in PARAM_NAMES if getattr(params, k) != getattr(own, k))
        spec = self.name + (":" + ",".join(f"{k}={word(v)}" for k, v in pairs) if pairs else "")
        return replace(self.variant, params=params, spec=spec, overrides=self.variant.overrides + pairs)


@lru_cache(maxsize=256)
def _seat_keys(names: tuple[str, ...]) -> np.ndarray:
    """64 bits of every state's written form (a sweep meets the same few lists of states again and again)."""
    return np.array([int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")
                     for name in names], dtype=np.uint64)


def _mix(x: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser on every entry (uint64, wrapping): each output bit depends on every input bit."""
    with np.errstate(over="ignore"):
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        mixed: np.ndarray = x ^ (x >> np.uint64(31))
        return mixed


def game_digest(rules: Rules, codes: np.ndarray, start: int, indptr: np.ndarray, indices: np.ndarray,
                win: np.ndarray, rem: np.ndarray) -> str:
    """A 128-bit digest of the game: the reachable positions as written, their values and their children.

    Each position is keyed by 64 bits of its written form (its states' and its swap count's); the digest
    is two independent 64-bit sums, over the positions, of a hash of the key with the forced winner and
    remoteness, and over the moves, of a hash of the two keys; with the counts and the start's key. A sum
    does not depend on the order, so nothing is sorted. Two rule sets get the same digest when they give
    the same game (see the module's words); two different games of ``n`` positions could share one with
    odds of about ``n**2 / 2**64`` (two keys alike) or ``2**-64``.

    Examples
    --------
    >>> a, b = solve_rule_set(resolve("standard")), solve_rule_set(resolve("standard:self_add=true"))
    >>> a["game"] == solve_rule_set(resolve("standard:cherry_bomb=false"))["game"], a["game"] == b["game"]
    (True, False)
    """
    counts, seats = rules.seats(codes)
    key = _mix(counts.astype(np.uint64) + np.uint64(1))
    seat_keys = _seat_keys(tuple(rules.names))
    with np.errstate(over="ignore"):
        for s in seats:
            key = _mix(key * np.uint64(0x9E3779B97F4A7C15) + seat_keys[s])
        value = ((np.asarray(win, np.int64) + 1) * 2**32 + np.asarray(rem, np.int64) + 1).astype(np.uint64)
    sums = [kernel.digest_sums(key, value, indptr, indices, salt) for salt in (0x632BE59BD9B4E019, 0x8CB92BA72F3D8DD7)]
    h = hashlib.blake2b(digest_size=16)
    h.update(np.array([rules.players, codes.size, indices.size, *(x % 2**64 for x in sums)], np.uint64).tobytes())
    h.update(key[start:start + 1].tobytes())
    return h.hexdigest()


def solve_rule_set(variant: Variant, max_memory: int | sizes.Memory | None = None,
                   max_positions: int | None = None) -> dict[str, Any]:
    """Enumerate and solve one rule set: the figures a sweep reports of it.

    Its memory stays under ``max_memory`` whatever the rule set: a table of node ids over every position that
    exists is refused up front when it alone would not fit, and the enumeration stops as soon as the positions
    and moves it has listed would cost more to solve than what is left (:data:`vizgen.util.sizes.SWEEP_POSITION_BYTES`
    a position and :data:`vizgen.util.sizes.SWEEP_MOVE_BYTES` a move), so no rule set is ever solved past it.

    Parameters
    ----------
    variant : Variant
        The rules (its ``spec`` names it).
    max_memory : int or Memory, optional
        The bytes this rule set may take (default: the memory at hand, :func:`vizgen.util.sizes.memory_available`;
        a sweep gives each process its share, :func:`sweep_memory`; a :class:`vizgen.util.sizes.Memory` says where
        its figure is from).
    max_positions : int, optional
        Refuse a rule set with more possible positions than this (``--max-positions``).

    Raises
    ------
    VariantError
        The rule set does not fit, in one line: what it needs or outgrew, and what to do.

    Returns
    -------
    dict
        ``spec``, ``params`` (every parameter), ``positions`` (reachable), ``moves`` (distinct
        position-to-child pairs), ``value`` (at the start, for the first player: ``win``, ``loss`` or
        ``draw``; with more players ``forced`` or ``open``, and ``winner``), ``remoteness`` (plies to the end
        under best play, None in a draw), ``draw_share`` (the share of positions where nobody can force a win,
        12 digits) and ``game`` (:func:`game_digest`). The figures are those of ``vizgen stats``.

    Examples
    --------
    >>> figures = solve_rule_set(resolve("standard:logan=true"))
    >>> figures["positions"], figures["value"], figures["remoteness"], figures["draw_share"]
    (208, 'draw', None, 0.822115384615)
    >>> solve_rule_set(resolve("five-players"), max_memory=20 * 10**6)
    Traceback (most recent call last):
    vizgen.engine.params.VariantError: 'five-players' outgrew --max-memory (20 MB) at 1...
    """
    have = _memory(max_memory)
    name = quote(variant.spec or variant.slug)
    again = f"sweep it with more --max-memory, or solve it alone (vizgen stats {name})"
    space = estimate_positions(variant.params)
    if max_positions is not None and space > max_positions:
        raise VariantError(f"{name} has up to {format_count(space)} positions, over --max-positions "
                           f"{format_count(max_positions)}")
    def over(space: int, tables: int = 0) -> None:  # the kernel's table of node ids (and the rules') come first
        if 4 * space + tables >= have.size:
            raise VariantError(f"{name} has up to {format_count(space)} positions: its tables alone need "
                               f"{sizes.about_memory(4 * space + tables)}, and {have.source} is "
                               f"{sizes.memory_words(have.size)}; {again}")

    over(space)  # from the parameters, before any table is built
    rules = Rules(variant)
    tables = rules.explore_tables()
    nbytes = sum(t.nbytes for t in tables)
    over(rules.space, nbytes)  # the rules' own count, which some stumps rule sets take past the estimate
    left = have.size - 4 * rules.space - nbytes
    try:
        codes, winner, indptr, indices = kernel.explore(
            rules.encode(rules.start()), rules.space, tables, node_bytes=sizes.SWEEP_POSITION_BYTES,
            edge_bytes=sizes.SWEEP_MOVE_BYTES, budget=left)
    except kernel.OverBudget as stop:
        raise VariantError(f"{name} outgrew {have.source} ({sizes.memory_words(have.size)}) at "
                           f"{format_count(stop.positions)} positions and {format_count(stop.moves)} moves; "
                           f"{again}") from None
    n, edges, first = codes.size, indices.size, 0  # the start is node 0
    win, rem = retrograde.solve_forced_graph(indptr, indices, winner, rules.players)
    w, r = int(win[first]), int(rem[first])
    out: dict[str, Any] = {"spec": variant.spec, "params": variant.params.as_dict(), "positions": int(n),
                           "moves": int(edges)}
    if rules.players == 2:
        out["value"] = ("draw", "win", "loss")[w + 1]
    else:
        out["value"], out["winner"] = ("open", None) if w < 0 else ("forced", w)
    out["remoteness"] = r if r >= 0 else None
    out["draw_share"] = round(int(np.count_nonzero(win < 0)) / n, 12)
    out["game"] = game_digest(rules, codes, first, indptr, indices, win, rem)
    return out


def _memory(max_memory: int | sizes.Memory | None) -> sizes.Memory:
    """``max_memory`` as a :class:`vizgen.util.sizes.Memory` (None: the memory at hand)."""
    if max_memory is None:
        return sizes.memory_available()
    return max_memory if isinstance(max_memory, sizes.Memory) else sizes.Memory(max_memory, "--max-memory")


def sweep_memory(max_memory: int | None = None, processes: int = 1) -> sizes.Memory:
    """The memory each of a sweep's ``processes`` may take for one rule set: ``--max-memory`` when given, else
    :data:`vizgen.util.sizes.SWEEP_PROCESS_MEMORY`, or the memory at hand shared by the processes when that is
    less. It does not depend on how many rule sets the sweep has, so a rule set is solved or refused alike in
    every sweep.

    Examples
    --------
    >>> sweep_memory(2 * 10**9, 4)
    Memory(size=2000000000, source='--max-memory')
    >>> sweep_memory().size <= sizes.SWEEP_PROCESS_MEMORY
    True
    """
    if max_memory is not None:
        return sizes.Memory(max_memory, "--max-memory")
    have = sizes.memory_available()
    shared = have.size // max(1, processes)
    if shared < sizes.SWEEP_PROCESS_MEMORY:
        return sizes.Memory(shared, f"{have.source} shared by {processes} processes")
    return sizes.Memory(sizes.SWEEP_PROCESS_MEMORY, "a sweep process's share")


@dataclass(frozen=True)
class Task:
    """A piece of a sweep for one process: rule sets by their overrides on one base spec, or a slice of the
    rule space's combinations (``lo`` to ``hi``) around it."""

    base: str
    overrides: tuple[tuple[tuple[str, Any], ...], ...] = ()
    lo: int = 0
    hi: int = 0
    #: what each rule set may take (:func:`solve_rule_set`; None: the memory at hand) and its positions at most
    memory: sizes.Memory | None = None
    max_positions: int | None = None
    #: called on each solved rule set with its variant, its figures and the memory it may take; what it returns is
    #: the figures' ``judge`` (``--judge``: :func:`vizgen.reports.judge.judge_rule_set`; a top-level function, so
    #: that the task pickles for local processes and Dask)
    judge: Callable[[Variant, dict[str, Any], sizes.Memory], Mapping[str, object]] | None = None

    @property
    def size(self) -> int:
        """How many combinations the task covers."""
        return len(self.overrides) if self.overrides else self.hi - self.lo


def run_task(task: Task) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Solve a task's rule sets: their figures in order, and the refused ones of a space slice by reason.

    A refused rule set of an explicit list (by the rules, or too big for the memory at hand) is in the figures
    as ``{"spec", "refused"}`` with the engine's reason; those of a slice of the space are only counted (the
    space is what the rules accept), and the figures of its rule sets carry their ``combination``
    (:func:`space_overrides`).

    Examples
    --------
    >>> out, refused = run_task(Task("standard", ((("logan", True),), (("stumps", True), ("divisions", False)))))
    >>> [o.get("value", o.get("refused")) for o in out]
    ['draw', 'stumps split a lone finger onto a dead hand, which is a division: it needs divisions=true']
    """
    base = Base.of(task.base)
    memory = task.memory or sizes.memory_available()  # read once a task, not once a rule set
    out: list[dict[str, Any]] = []
    refused: Counter[str] = Counter()
    combos: Iterator[tuple[int | None, dict[str, Any]]] = ((None, dict(o)) for o in task.overrides) \
        if task.overrides else ((i, space_overrides(i)) for i in range(task.lo, task.hi))
    for index, overrides in combos:
        try:
            variant = base.rule_set(overrides)
        except VariantError as exc:
            if task.overrides:
                merged = {**dict(base.overrides), **overrides}
                spec = base.name + ":" + ",".join(f"{k}={word(v)}" for k, v in merged.items() if k in PARAM_NAMES)
                out.append({"spec": spec, "refused": str(exc)})
            else:
                refused[str(exc)] += 1
            continue
        try:
            figures = solve_rule_set(variant, memory, task.max_positions)
        except VariantError as exc:  # too big for this machine's memory: said, and the sweep goes on
            if task.overrides:
                out.append({"spec": variant.spec, "refused": str(exc)})
            else:
                refused[str(exc)] += 1
            continue
        if index is not None:
            figures["combination"] = index
        if task.judge is not None:
            figures["judge"] = task.judge(variant, figures, memory)
        out.append(figures)
    return out, dict(refused)


def _vary_values(text: str) -> tuple[str, tuple[str, ...]]:
    """``KEY=V1,V2,...`` as the key and its values, each checked against the parameter's range and choices and
    given once in value (``r=5,05`` is ``r=5`` twice); a combination the rules refuse is only listed."""
    key, eq, values = (part.strip() for part in text.partition("="))
    items = [v.strip() for v in values.split(",")]
    if not eq or not key or not all(items):
        raise VariantError(f"bad --vary {quote(text)}: write KEY=V1,V2,..., e.g. --vary logan=false,true")
    if key not in PARAM_NAMES:
        raise VariantError(f"--vary names an unknown parameter {quote(key)}; parameters: {', '.join(PARAM_NAMES)}")
    seen: dict[Any, str] = {}
    for item in items:
        value = coerce(key, item)
        check_value(key, value)
        if value in seen:
            same = f"{quote(seen[value])} and {quote(item)}" if seen[value] != item else quote(item)
            raise VariantError(f"--vary {key}= gives the value {word(value)} twice ({same})")
        seen[value] = item
    return key, tuple(items)


def _solvable(spec: str, memory: sizes.Memory) -> None:
    """Refuse a base of ``--all`` whose every rule set is too big: the table of node ids of its players, hands
    and r under the space's rules of fewest positions (:data:`SMALLEST`) already over a process's ``memory``."""
    full = resolve(spec)
    smallest = replace(full.params, **SMALLEST)
    need = 4 * estimate_positions(smallest)
    if need > memory.size:
        raise VariantError(f"--all around {quote(spec.strip())} can solve none of its rule sets: even the smallest "
                           f"has up to {format_count(estimate_positions(smallest))} positions and needs "
                           f"{sizes.about_memory(need)} for its table of them alone; {memory.source} is "
                           f"{sizes.memory_words(memory.size)}")


@dataclass(frozen=True)
class Plan:
    """A sweep's tasks, every input checked, generated as they are taken (:func:`plan`): however many
    combinations, the plan holds its axes, not its tasks.

    Iterating gives the tasks in order; :attr:`total` counts the combinations without making them.
    """

    specs: tuple[str, ...]
    axes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    whole: bool = False

    @property
    def total(self) -> int:
        """How many combinations (rule sets, refused ones included) the sweep covers.

        Examples
        --------
        >>> plan(["standard", "cutoff"], ["r=3,4,5", "logan=false,true"]).total
        12
        """
        each = SPACE_SIZE if self.whole else math.prod(len(values) for _, values in self.axes)
        return each * len(self.specs)

    def width(self) -> int:
        """The widest spec a line of the plan can name (a column's width), from the axes alone."""
        longest = sum(len(key) + 2 + max(map(len, values)) for key, values in self.axes)
        return 36 if self.whole else max(len(spec) for spec in self.specs) + longest

    def __iter__(self) -> Iterator[Task]:
        for spec in self.specs:
            if self.whole:
                yield from (Task(spec, lo=lo, hi=min(lo + CHUNK, SPACE_SIZE)) for lo in range(0, SPACE_SIZE, CHUNK))
                continue
            keys = [k for k, _ in self.axes]
            combos = (tuple(zip(keys, values)) for values in itertools.product(*(v for _, v in self.axes)))
            while chunk := tuple(itertools.islice(combos, VARY_CHUNK)):
                yield Task(spec, chunk if keys else ((),))


def plan(specs: Sequence[str], vary: Sequence[str] = (), whole: bool = False,
         memory: sizes.Memory | None = None) -> Plan:
    """The tasks of a sweep, every input checked first (a bad one raises VariantError before any work).

    Parameters
    ----------
    specs : sequence of str
        The base specs.
    vary : sequence of str
        ``KEY=V1,V2,...``: every combination of the values on top of each spec (the last key varies fastest).
        A value outside its parameter's range or choices, or one given twice in value, is refused here.
    whole : bool
        Sweep the whole rule space around each spec's players, hands and r instead (``--all``); a spec whose
        smallest rule set of the space is already too big for ``memory`` is refused here.
    memory : Memory, optional
        What a process of the sweep may take for one rule set (default: :func:`sweep_memory` for the local
        cores).

    Returns
    -------
    Plan
        The tasks, made as they are taken.

    Examples
    --------
    >>> [t.overrides for t in plan(["standard"], ["logan=false,true"])]
    [((('logan', 'false'),), (('logan', 'true'),))]
    >>> sum(t.size for t in plan(["standard:r=4"], whole=True)) == SPACE_SIZE
    True
    """
    if not specs:
        raise VariantError("give at least one SPEC")
    if whole and vary:
        raise VariantError("--all sweeps every rule of the space: it takes no --vary")
    axes = tuple(_vary_values(v) for v in vary)
    keys = [k for k, _ in axes]
    if len(set(keys)) != len(keys):
        raise VariantError("each --vary key may be given once")
    for spec in specs:
        Base.of(spec)  # a bad spec is refused here, before any work
        if whole:
            _solvable(spec, memory or sweep_memory(processes=local_cores()))
    return Plan(tuple(spec.strip() for spec in specs), axes, whole)


def _in_order(tasks: Iterable[Task], submit: Callable[[Task], Any], result: Callable[[Any], Any],
              window: int) -> Iterator[tuple[Task, Any]]:
    """Run the tasks ``window`` at a time, each result in task order as soon as it and those before it are in: the
    tasks are taken as they are needed and at most ``window`` results wait (bounded memory, however many)."""
    pending: collections.deque[tuple[Task, Any]] = collections.deque()
    for task in tasks:
        pending.append((task, submit(task)))
        if len(pending) >= window:
            first, job = pending.popleft()
            yield first, result(job)
    while pending:
        first, job = pending.popleft()
        yield first, result(job)


def _worker_start() -> None:
    """In each local worker: a terminal's Ctrl-C (sent to the whole group) and a hang-up are the parent's to
    answer (it stops the workers), and the worker dies with the parent (Linux)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG


def _local(tasks: Iterable[Task], processes: int) -> Iterator[tuple[Task, Any]]:
    """Run the tasks on local processes (spawned: the parent's OpenMP threads never cross a fork); stopped on
    the way (Ctrl-C, a failing output), the workers are killed at once rather than left to end their tasks."""
    import concurrent.futures
    import multiprocessing

    previous = os.environ.get("OMP_NUM_THREADS")
    os.environ["OMP_NUM_THREADS"] = "1"  # each process one thread: the processes share the cores
    pool = concurrent.futures.ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=_worker_start)
    def submit(task: Task) -> Any:
        # the pool starts its workers as tasks are submitted: one started now inherits a mask with Ctrl-C and a
        # hang-up blocked, so a terminal's Ctrl-C to the group while it is still starting Python (before
        # _worker_start) cannot make it print a fatal error; a Ctrl-C meanwhile reaches this process on the way out
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGHUP})
        try:
            return pool.submit(run_task, task)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    finished = False
    try:
        yield from _in_order(tasks, submit, lambda f: f.result(), 4 * processes)
        finished = True
    finally:
        if not finished:  # the executor has no public way to stop a running task: its processes are ours to end
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
        pool.shutdown(wait=True, cancel_futures=True)
        if previous is None:
            os.environ.pop("OMP_NUM_THREADS", None)
        else:
            os.environ["OMP_NUM_THREADS"] = previous


def _dask(tasks: Iterable[Task], client: Any) -> Iterator[tuple[Task, Any]]:
    """Run the tasks on a Dask cluster's workers, a few a worker at a time."""
    window = 4 * max(1, len(client.scheduler_info().get("workers", {})))
    yield from _in_order(tasks, lambda t: client.submit(run_task, t, pure=False), lambda f: f.result(), window)


def sweep(tasks: Iterable[Task], *, processes: int = 1, workers: int | None = None, address: str | None = None,
          timeout: float = sizes.CLUSTER_TIMEOUT, on_done: Callable[[int, int], None] | None = None,
          emit: Callable[[list[dict[str, Any]]], None] | None = None, memory: sizes.Memory | None = None,
          max_positions: int | None = None,
          judge: Callable[[Variant, dict[str, Any], sizes.Memory], Mapping[str, object]] | None = None,
          ) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Run a sweep's tasks: here (``processes`` = 1), on local processes, or on Dask (``workers``: a local
    cluster of that many, ``address``: a running one's scheduler); the results are the same, in task order.

    Parameters
    ----------
    tasks : Plan or iterable of Task
        From :func:`plan` (taken as they are needed), or a list.
    processes : int
        Local processes (1: this one).
    workers : int, optional
        Start a local Dask cluster of this many workers (:func:`vizgen.engine.cluster.local_cluster`).
    address : str, optional
        Use the running Dask cluster whose scheduler is here (:func:`vizgen.engine.cluster.connect`).
    timeout : float
        Seconds to reach that scheduler and hear its handshake.
    on_done : callable, optional
        Called with the combinations done and the total after each task.
    emit : callable, optional
        Called with each task's figures, in task order, as soon as they and every task's before them are in;
        the figures are then not kept, and a few tasks a process are under way at a time, so memory stays
        bounded however many combinations the plan has.
    memory : Memory, optional
        What a process may take for one rule set (default :func:`sweep_memory`: a share of the memory at hand
        for local processes and workers, a process's default share on a running cluster); a rule set that
        outgrows it is refused with the reason, and the sweep goes on.
    max_positions : int, optional
        Refuse rule sets with more possible positions than this.
    judge : callable, optional
        Judge each solved rule set too (:attr:`Task.judge`; ``--judge``): its figures gain ``judge``.

    Returns
    -------
    figures : list of dict
        :func:`solve_rule_set` of every rule set, or ``{"spec", "refused"}``, in the order planned (empty
        with ``emit``).
    refused : dict
        The rule space's refused combinations, counted by the engine's reason.

    Examples
    --------
    >>> figures, _ = sweep(plan(["standard"], ["cherry_bomb=false,true"]))
    >>> [(f["spec"], f["value"]) for f in figures]
    [('standard', 'draw'), ('standard:cherry_bomb=true', 'draw')]
    """
    if not isinstance(tasks, Plan):
        tasks = list(tasks)
    total = tasks.total if isinstance(tasks, Plan) else sum(t.size for t in tasks)
    if memory is None:
        memory = sweep_memory(processes=workers or (processes if address is None else 1))
    each = (replace(t, memory=memory, max_positions=max_positions, judge=judge) for t in tasks)  # still taken as needed
    done = 0
    kept: list[dict[str, Any]] = []
    refused: Counter[str] = Counter()

    def collect(stream: Iterator[tuple[Task, Any]]) -> None:
        nonlocal done
        for task, (figures, counted) in stream:
            refused.update(counted)
            done += task.size
            if on_done is not None:
                on_done(done, total)
            if emit is not None:
                emit(figures)
            else:
                kept.extend(figures)

    if workers is not None or address is not None:
        from vizgen.engine import cluster

        connected = cluster.connect(address, timeout) if address is not None else cluster.local_cluster(workers or 1)
        with connected as client:
            collect(_dask(each, client))
    elif processes > 1 and total > VARY_CHUNK:
        collect(_local(each, processes))
    else:
        collect((t, run_task(t)) for t in each)
    return kept, dict(sorted(refused.items()))


def local_cores() -> int:
    """The cores this process may run on.

    Examples
    --------
    >>> local_cores() >= 1
    True
    """
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1

