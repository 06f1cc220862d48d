"""The judged r = 5 record: every distinct game of the rule space judged (#46, docs/JUDGE.md, "The judged record").

The rule space's record (:mod:`vizgen.reports.space`) gives each of its 954,368 rule sets its game: two rule sets
are the same game when their games from the start are the same (:func:`vizgen.analysis.sweep.game_digest`). Every
measure of :func:`vizgen.reports.judge.judge` but the games nearby is a function of the game alone (the players
choose among a position's children, the exact values are the game's, ties go to the smallest notation of a
position), so each game is judged once, on its **representative**: the first rule set of that game in the space's
order. The games nearby stay per rule set and are read off the space's record (:func:`judged_rule_set`).

The chains of random and middle play and the skill ladder are played on the games of up to ``max_positions``
positions (:data:`vizgen.util.sizes.JUDGE_RECORD_MAX_POSITIONS` by default, the record says which). A larger game
is judged by the measures that need no play (:func:`by_exact_value`): its positions, and perfect play, which the
space's exact value and remoteness of the start give exactly (the perfect player takes the fastest win and puts
off a loss longest, so a won game lasts the remoteness and is never turned; a drawn one is never won). Its other
figures are null, with that reason.

The record (:data:`RECORD`, beside this module, made by ``python -m vizgen.reports.judged_space``) is one JSON
object, a column a figure and a row a game, in the order of the space's game ids (a game's id is its row):

``command``, ``space`` (the space record's ``command``, ``rule_sets`` and ``games``: a reader checks the two belong
together), ``machine``, ``date``, ``cpu_seconds``, ``wall_seconds``, ``cap`` (the ply cap), ``games`` (the games
judged: the first ``games`` of the space's, the whole space when it is ``space["games"]``), ``max_positions`` (the
largest game played through the chains), ``units`` (what one unit of each measure's integers is, :data:`UNITS`),
``representative`` (on disk: each game's representative's combination, as gaps from the one before,
:func:`load_judged` adds them up), ``reasons`` (every distinct ``skipped`` of the judge, the first empty),
``columns`` and ``skipped``.

``columns`` holds ``positions``, ``moves`` (null over ``max_positions``), ``moves_per_position`` (in thousandths,
as ``vizgen judge`` rounds it), ``measures`` (per measure of :data:`vizgen.reports.judge.MEASURES`, per player of
:data:`vizgen.reports.judge.PLAYERS`: a list; balance, drawishness, decisiveness and drama in units of 1/10,000,
swings in 1/1,000 moves, duration in plies), ``skill_depth`` (levels), ``skill_chain`` (the chain's ladder levels as
bits: level ``k`` of :data:`vizgen.reports.puzzle_rating.LADDER` is bit ``k``) and ``reason`` (the game's index in
``reasons``). A ``null`` is a figure the judge left out; ``skipped`` counts the nulls of each column by reason
(``reasons``' words, or :data:`NONE_WON` for the figures of won games when no game is won).
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import os
import platform
import resource
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypedDict

import numpy as np

from vizgen.analysis.sweep import Task, space_overrides, sweep
from vizgen.engine.ending import PLY_CAP
from vizgen.engine.params import VariantError
from vizgen.engine.variants import Variant
from vizgen.reports.judge import MEASURES, PLAYERS, Judged, judge_rule_set, nearby_in_space
from vizgen.reports.puzzle_rating import LADDER
from vizgen.reports.space import load_record
from vizgen.util import sizes
from vizgen.util.paths import write_whole
from vizgen.util.text import format_count, quote

__all__ = ["COMMAND", "NONE_WON", "RECORD", "UNITS", "JudgedColumns", "JudgedRuleSet", "JudgedSpace", "SpaceOf",
           "by_exact_value", "game_rows", "judged_rule_set", "load_judged", "over_bound", "record_judged",
           "representatives"]

#: the record's file, beside this module
RECORD = "judged_r5.json.gz"
#: the command that makes the record
COMMAND = "python -m vizgen.reports.judged_space"
#: what one unit of a measure's integer is: shares and balances in 1/10,000, swings in 1/1,000 moves, plies whole
UNITS = {"balance": 10_000, "drawishness": 10_000, "duration": 1, "decisiveness": 10_000, "drama": 10_000,
         "swings": 1_000, "moves_per_position": 1_000}
#: the reason ``skipped`` gives for a won game's figure (duration, decisiveness, drama) when no game is won
NONE_WON = "no game is won (every game is drawn)"
#: the figures of won games only
_WON_ONLY = ("duration", "decisiveness", "drama")
#: representatives a task of the record covers (a few seconds of work mostly)
_TASK = 64


class SpaceOf(TypedDict):
    """The space record a judged record belongs to: its command, its rule sets and its games."""

    command: str
    rule_sets: int
    games: int


class JudgedColumns(TypedDict):
    """The judged figures, a list a figure and a row a game (integers in :data:`UNITS`; None: left out)."""

    positions: list[int]
    #: None for a game over the record's ``max_positions`` (not enumerated again)
    moves: list[int | None]
    moves_per_position: list[int | None]
    #: measure -> player ("random", "middle", "perfect") -> a figure a game
    measures: dict[str, dict[str, list[int | None]]]
    skill_depth: list[int | None]
    #: the skill chain's ladder levels as bits (level k is bit k)
    skill_chain: list[int | None]
    #: the game's index in the record's ``reasons``
    reason: list[int]


class JudgedSpace(TypedDict):
    """The judged record (:data:`RECORD`): how it was made, which space it judges, and its columns."""

    command: str
    space: SpaceOf
    machine: str
    date: str
    cpu_seconds: int
    wall_seconds: int
    cap: int
    games: int
    #: the largest game (positions) played through the chains and the ladder; larger ones: :func:`by_exact_value`
    max_positions: int
    units: dict[str, int]
    #: each game's representative's combination (:func:`vizgen.analysis.sweep.space_overrides`)
    representative: list[int]
    #: every distinct ``skipped`` of the judge (measure -> why), the first ``{}``
    reasons: list[dict[str, str]]
    columns: JudgedColumns
    #: column (``moves_per_position``, ``balance.random``, ``skill_depth``...) -> reason -> nulls
    skipped: dict[str, dict[str, int]]


class JudgedRuleSet(TypedDict):
    """One rule set's judged figures (:func:`judged_rule_set`), in ``vizgen judge --json``'s shape, at the record's
    precision."""

    combination: int
    game: int
    representative: int
    positions: int
    moves: int | None
    moves_per_position: float | None
    #: the rule sets one rule change makes (``rule_sets``) and the other games they are (``games``)
    nearby: dict[str, int]
    measures: dict[str, dict[str, float | int | None]]
    skill_depth: int | None
    skill_chain: list[str] | None
    skipped: dict[str, str]


def representatives(games: int | None = None) -> list[int]:
    """The combination of each game's representative: the first rule set of the game in the space's order
    (the first ``games`` games; all by default).

    Examples
    --------
    >>> from vizgen.reports.space import space_specs
    >>> space_specs(representatives(2))
    ['standard:transfers=false,divisions=false', 'standard:self_attack=true,transfers=false,divisions=false']
    """
    index = np.asarray(load_record()["index"], dtype=np.int64)
    return [int(i) for i in index[_first_rows(games)]]


def _first_rows(games: int | None) -> np.ndarray:
    """The space record's row of each of the first ``games`` games' first rule set (all games by default)."""
    game = np.asarray(load_record()["game"], dtype=np.int64)
    count = int(game.max()) + 1 if games is None else games
    first = np.full(count, -1, dtype=np.int64)
    rows = np.arange(game.size - 1, -1, -1)
    keep = game[rows] < count
    first[game[rows[keep]]] = rows[keep]  # written last to first: the first row of each game stays
    return first


def over_bound(max_positions: int) -> str:
    """Why a game over the record's bound has only its size and perfect play (``SPEC`` stands for its rule set).

    Examples
    --------
    >>> print(over_bound(1000).replace("\u202f", " "))
    over the judged record's 1 000 positions: perfect play and the size only (vizgen judge SPEC plays the rest)
    """
    return (f"over the judged record's {format_count(max_positions)} positions: perfect play and the size only "
            "(vizgen judge SPEC plays the rest)")


def by_exact_value(positions: int, value: str, remoteness: int, max_positions: int) -> Judged:
    """A game over the record's bound judged without play: its positions, and perfect play's figures from the start's
    exact value (``W``, ``L`` or ``D``, the first player's) and remoteness (plies), as the space's record holds them.

    Perfect play against itself is one game: a won start is won by the fastest win against the longest loss, in
    ``remoteness`` plies, and the winner is ahead by the exact value at every ply (no drama, no swing, settled from
    the first ply); a drawn start stays drawn (no move of either player's changes the value), so nobody wins.
    ``tests/test_judged_space.py`` checks this against the chain on games of every kind.

    Examples
    --------
    >>> j = by_exact_value(5000, "W", 23, 1000)
    >>> {m: j["measures"][m]["perfect"] for m in ("balance", "drawishness", "duration", "drama")}
    {'balance': 1.0, 'drawishness': 0.0, 'duration': 23, 'drama': 0.0}
    >>> by_exact_value(5000, "D", -1, 1000)["measures"]["duration"]["perfect"] is None
    True
    >>> sorted(by_exact_value(5000, "D", -1, 1000)["skipped"])
    ['middle', 'moves', 'moves_per_position', 'random', 'skill_depth']
    """
    if value not in ("W", "L", "D"):
        raise ValueError(f"a two-player start's value is W, L or D, not {value!r}")
    won = value != "D" and remoteness <= PLY_CAP
    balance = {"W": 1.0, "L": -1.0, "D": 0.0}[value] if won else 0.0
    perfect: dict[str, dict[str, float | int | None]] = {
        "balance": {"perfect": balance}, "drawishness": {"perfect": 0.0 if won else 1.0},
        "duration": {"perfect": remoteness if won else None}, "decisiveness": {"perfect": 0.0 if won else None},
        "drama": {"perfect": 0.0 if won else None}, "swings": {"perfect": 0.0}}
    why = over_bound(max_positions)
    return Judged(spec="SPEC", title="", players=2, cap=PLY_CAP, complexity={"positions": positions},
                  skipped={k: why for k in ("moves", "moves_per_position", "random", "middle", "skill_depth")},
                  measures=perfect)


def _quantized(value: float | int | None, unit: int) -> int | None:
    """A figure in integer units (half away from zero), None kept."""
    if value is None:
        return None
    scaled = float(value) * unit
    return int(np.sign(scaled) * np.floor(abs(scaled) + 0.5))


def _column_name(measure: str, player: str) -> str:
    return f"{measure}.{player}"


def game_rows(judged: list[Judged]) -> tuple[JudgedColumns, list[dict[str, str]], dict[str, dict[str, int]]]:
    """The record's columns, reasons and null counts of judged representatives (``vizgen judge --json``'s objects,
    in game order).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> from vizgen.reports.judge import judge
    >>> solved = solve_variant(resolve("standard"))
    >>> columns, reasons, skipped = game_rows([judge(solved.graph, solved.forced)])
    >>> columns["positions"], columns["measures"]["balance"]["random"], columns["skill_depth"], reasons
    ([204], [177], [5], [{}])
    >>> skipped["duration.perfect"]
    {'no game is won (every game is drawn)': 1}
    """
    columns = JudgedColumns(positions=[], moves=[], moves_per_position=[],
                            measures={m: {p: [] for p in PLAYERS} for m in MEASURES}, skill_depth=[], skill_chain=[],
                            reason=[])
    reasons: dict[str, int] = {"{}": 0}
    nulls: dict[str, Counter[str]] = {}

    def null(column: str, why: str) -> None:
        nulls.setdefault(column, Counter())[why] += 1

    for data in judged:  # a reason naming the rule set (judge it alone: vizgen judge SPEC) names it as SPEC
        skipped = {k: v.replace(quote(data["spec"]), "SPEC") for k, v in data["skipped"].items() if k != "nearby"}
        size = data["complexity"]
        columns["positions"].append(size["positions"])
        columns["moves"].append(size.get("moves"))
        if "moves" not in size:
            null("moves", skipped["moves"])
        columns["moves_per_position"].append(_quantized(size.get("moves_per_position"), UNITS["moves_per_position"]))
        if "moves_per_position" in skipped:
            null("moves_per_position", skipped["moves_per_position"])
        measures = data.get("measures", {})
        for m in MEASURES:
            for p in PLAYERS:
                value = measures.get(m, {}).get(p)
                columns["measures"][m][p].append(_quantized(value, UNITS[m]))
                if value is None:
                    why = skipped.get(m) or skipped.get(p) or (NONE_WON if m in _WON_ONLY else "")
                    null(_column_name(m, p), why)
        depth = data.get("skill_depth")
        columns["skill_depth"].append(None if depth is None else depth["levels"])
        columns["skill_chain"].append(None if depth is None else
                                      sum(1 << k for k, level in enumerate(LADDER) if level.name in depth["chain"]))
        if depth is None:
            null("skill_depth", skipped.get("skill_depth", ""))
            null("skill_chain", skipped.get("skill_depth", ""))
        columns["reason"].append(reasons.setdefault(json.dumps(skipped, sort_keys=True), len(reasons)))
    return (columns, [json.loads(r) for r in reasons],
            {c: dict(sorted(counts.items())) for c, counts in sorted(nulls.items())})


def _tasks(combinations: list[int]) -> Iterator[Task]:
    """The tasks judging these representatives, :data:`_TASK` a task, in order."""
    for lo in range(0, len(combinations), _TASK):
        chunk = combinations[lo:lo + _TASK]
        yield Task("standard", tuple(tuple(space_overrides(i).items()) for i in chunk))


class _Judging(TypedDict):
    """What a worker gives back for a representative: the judge's object, and the worker's process and its CPU
    seconds so far (the parent adds up each process's last figure: the run's CPU, even while the workers live)."""

    judged: Judged
    pid: int
    cpu: float


def judge_game(variant: Variant, figures: dict[str, Any],  # a sweep's open row (analysis.sweep)
               memory: sizes.Memory) -> _Judging:
    """The record's judge of one representative (:attr:`vizgen.analysis.sweep.Task.judge`, a top-level function so
    that it pickles): :func:`vizgen.reports.judge.judge_rule_set` without random play's uncapped shares (the record
    has no column for them), and the worker's CPU seconds so far."""
    judged = judge_rule_set(variant, figures, memory, random_play=False)
    return _Judging(judged=judged, pid=os.getpid(), cpu=time.process_time())


def record_judged(games: int | None = None, workers: int = 2, dask_workers: int | None = None,
                  address: str | None = None, resume: JudgedSpace | None = None, progress: bool = True,
                  checkpoint: Callable[[JudgedSpace], object] | None = None,
                  every: float = 600.0, max_positions: int | None = None) -> JudgedSpace:
    """Judge the representatives of the first ``games`` games of the space (all by default) and return the record
    (with its CPU and wall time): on ``workers`` local processes, or on Dask (``dask_workers``: a local cluster of
    that many; ``address``: a running cluster's scheduler), as :func:`vizgen.analysis.sweep.sweep` runs the map.

    ``resume``: a record of fewer games of the same space, made by this command: its games are kept and the rest
    judged (its CPU and wall seconds are added to this run's). ``checkpoint``: called every ``every`` seconds with
    the record of the games judged so far (a slice, which ``resume`` continues). ``max_positions``: the largest
    game played through the chains (:data:`vizgen.util.sizes.JUDGE_RECORD_MAX_POSITIONS` by default; a resumed
    record keeps its own); a larger one is judged by :func:`by_exact_value`, in the parent, without a task.
    """
    space = load_record()
    total = int(max(space["game"])) + 1
    count = total if games is None else min(games, total)
    reps = representatives(count)
    start = 0 if resume is None else resume["games"]
    bound = (resume["max_positions"] if resume is not None else
             sizes.JUDGE_RECORD_MAX_POSITIONS if max_positions is None else max_positions)
    exact = _exact_values(count)
    played = [g for g in range(start, count) if exact[g][0] <= bound]  # the games the tasks judge, in order
    next_game = [start]  # the first game not yet in ``judged``
    began, cpu0 = time.time(), _cpu()
    judged: list[Judged] = []
    worker_cpu: dict[int, float] = {}
    where = f"Dask, {dask_workers} workers" if dask_workers else ("a Dask cluster" if address else
                                                                   f"{workers} processes")

    def record() -> JudgedSpace:
        columns, reasons, skipped = game_rows(judged)
        if resume is not None:
            columns, reasons, skipped = _joined(resume, columns, reasons, skipped)
        own, (mine, ended) = os.getpid(), _cpu() - cpu0
        # the workers' CPU: while they live, what each last reported; once they have ended (the run's end, a
        # worker replaced), the finished children's, which holds the same and their start besides: counted once
        cpu = float(mine + max(ended, sum(c for pid, c in worker_cpu.items() if pid != own)))
        wall = time.time() - began
        if resume is not None:
            cpu, wall = cpu + resume["cpu_seconds"], wall + resume["wall_seconds"]
        done = start + len(judged)
        return JudgedSpace(command=COMMAND,
                           space=SpaceOf(command=space["command"], rule_sets=space["rule_sets"], games=total),
                           machine=f"{platform.machine()}, {os.cpu_count()} cores, {where}",
                           date=time.strftime("%Y-%m-%d"), cpu_seconds=round(cpu), wall_seconds=round(wall),
                           cap=PLY_CAP, games=done, max_positions=bound, units=dict(UNITS),
                           representative=reps[:done],
                           reasons=reasons, columns=columns, skipped=skipped)

    saved = [time.time()]

    def unplayed(upto: int) -> None:  # the games over the bound before game ``upto``, judged without play
        for g in range(next_game[0], upto):
            judged.append(by_exact_value(*exact[g], bound))
        next_game[0] = max(next_game[0], upto)

    def emit(figures: list[dict[str, Any]]) -> None:  # the sweep's open rows, in the order of ``played``
        for f in figures:
            if "refused" in f:
                raise VariantError(f"a representative of the space was refused: {f['spec']}: {f['refused']}")
            judging: _Judging = f["judge"]
            unplayed(played[emitted[0]])
            judged.append(judging["judged"])
            emitted[0] += 1
            next_game[0] += 1
            worker_cpu[judging["pid"]] = max(worker_cpu.get(judging["pid"], 0.0), judging["cpu"])
        if checkpoint is not None and time.time() - saved[0] >= every:
            checkpoint(record())
            saved[0] = time.time()

    said = [0.0]

    def on_done(n: int, of: int) -> None:
        if progress and (time.time() - said[0] >= 10 or n == of):
            said[0] = time.time()
            print(f"played {format_count(n)} of the {format_count(of)} games of up to {format_count(bound)} "
                  f"positions, {time.time() - began:.0f} s", file=sys.stderr, flush=True)

    local = dask_workers is None and address is None
    memory = sizes.memory_available()
    share = sizes.Memory(memory.size // (dask_workers or workers), f"{memory.source} shared by the workers")
    emitted = [0]  # of ``played``
    sweep(_tasks([reps[g] for g in played]), processes=workers if local else 1, workers=dask_workers,
          address=address, emit=emit, on_done=on_done, memory=share, judge=judge_game)
    unplayed(count)
    return record()


def _exact_values(games: int) -> list[tuple[int, str, int]]:
    """Each of the first ``games`` games' positions, and the exact value and remoteness of its start, from its
    first rule set in the space's record (every rule set of a game has the game's)."""
    record = load_record()
    first = _first_rows(games)
    value, positions, remoteness = record["value"], record["positions"], record["remoteness"]
    return [(int(positions[r]), value[r], int(remoteness[r])) for r in first.tolist()]


def _joined(before: JudgedSpace, columns: JudgedColumns, reasons: list[dict[str, str]],
            skipped: dict[str, dict[str, int]]) -> tuple[JudgedColumns, list[dict[str, str]],
                                                         dict[str, dict[str, int]]]:
    """A resumed record's columns followed by this run's (reasons renumbered, null counts added)."""
    old = before["columns"]
    known = [json.dumps(r, sort_keys=True) for r in before["reasons"]]
    renumber: list[int] = []
    for key in (json.dumps(r, sort_keys=True) for r in reasons):
        if key not in known:
            known.append(key)
        renumber.append(known.index(key))
    out = JudgedColumns(positions=old["positions"] + columns["positions"], moves=old["moves"] + columns["moves"],
                        moves_per_position=old["moves_per_position"] + columns["moves_per_position"],
                        measures={m: {p: old["measures"][m][p] + columns["measures"][m][p] for p in PLAYERS}
                                  for m in MEASURES},
                        skill_depth=old["skill_depth"] + columns["skill_depth"],
                        skill_chain=old["skill_chain"] + columns["skill_chain"],
                        reason=old["reason"] + [renumber[r] for r in columns["reason"]])
    counts: dict[str, Counter[str]] = {c: Counter(v) for c, v in before["skipped"].items()}
    for c, v in skipped.items():
        counts.setdefault(c, Counter()).update(v)
    return (out, [json.loads(k) for k in known],
            {c: dict(sorted(v.items())) for c, v in sorted(counts.items())})


def _cpu() -> np.ndarray:
    """CPU seconds (user and system) of this process, and of its finished children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return np.array([own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime])


def _path() -> Path:
    return Path(str(resources.files("vizgen.reports") / RECORD))


def dumps(record: JudgedSpace) -> bytes:
    """The record's file: gzip'd compact JSON (``representative`` as gaps), byte for byte the same for the same
    record."""
    on_disk = dict(record)
    reps = record["representative"]
    on_disk["representative"] = [b - a for a, b in zip([0, *reps], reps)]
    return gzip.compress(json.dumps(on_disk, separators=(",", ":")).encode(), compresslevel=9, mtime=0)


def write(record: JudgedSpace, path: Path | None = None) -> Path:
    """Write the record atomically (a temporary file beside it, then a rename): readers see the old or the new."""
    path = _path() if path is None else path
    write_whole(path, dumps(record))
    return path


def loads(raw: bytes) -> JudgedSpace:
    """A record read from its file's bytes, ``representative`` back to combinations."""
    record: JudgedSpace = json.loads(gzip.decompress(raw))  # the committed record, of this type
    record["representative"] = list(itertools.accumulate(record["representative"]))
    return record


@cache
def load_judged() -> JudgedSpace:
    """The committed judged record (:data:`RECORD`).

    Examples
    --------
    >>> record = load_judged()
    >>> record["games"] == len(record["representative"]) == len(record["columns"]["positions"])
    True
    >>> record["space"]["rule_sets"] == load_record()["rule_sets"]
    True
    """
    return loads(_path().read_bytes())


@cache
def _rows_of() -> tuple[np.ndarray, np.ndarray]:
    record = load_record()
    return np.asarray(record["index"], dtype=np.int64), np.asarray(record["game"], dtype=np.int64)


def judged_rule_set(combination: int, record: JudgedSpace | None = None) -> JudgedRuleSet | None:
    """One rule set's judged figures by its combination in the space: its game's figures, decoded to
    ``vizgen judge --json``'s units (at the record's precision), and its own games nearby. None when the record
    does not reach its game (a record of a slice).

    Raises
    ------
    KeyError
        When the combination is not a rule set of the space (the rules refuse it).

    Examples
    --------
    >>> from vizgen.reports.space import _standard_index
    >>> figures = judged_rule_set(_standard_index())  # the standard game
    >>> figures is None or (figures["positions"], figures["nearby"]["games"]) == (204, 22)
    True
    """
    record = load_judged() if record is None else record
    index, game = _rows_of()
    row = int(np.searchsorted(index, combination))
    if row >= index.size or index[row] != combination:
        raise KeyError(f"combination {combination} is not a rule set of the r = 5 space")
    g = int(game[row])
    if g >= record["games"]:
        return None
    c = record["columns"]
    chain = c["skill_chain"][g]
    per_unit = record["units"]
    return JudgedRuleSet(
        combination=combination, game=g, representative=record["representative"][g], positions=c["positions"][g],
        moves=c["moves"][g], moves_per_position=_decoded(c["moves_per_position"][g], per_unit["moves_per_position"]),
        nearby=nearby_in_space(combination),
        measures={m: {p: _decoded(c["measures"][m][p][g], per_unit[m]) for p in PLAYERS} for m in MEASURES},
        skill_depth=c["skill_depth"][g],
        skill_chain=None if chain is None else [level.name for k, level in enumerate(LADDER) if chain >> k & 1],
        skipped=dict(record["reasons"][c["reason"][g]]))


def _decoded(value: int | None, unit: int) -> float | int | None:
    """A figure back from integer units: plies stay whole."""
    if value is None or unit == 1:
        return value
    return value / unit


#: a count of one or more (games, processes, workers, seconds)
_POSITIVE = sizes.whole_argument(1, 10**9)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=COMMAND,
        description="Judge every distinct game of the r = 5 rule space (one representative rule set each: "
                    "balance, draws, length, drama, swings, skill depth; docs/JUDGE.md) and write the judged "
                    f"record beside this module ({RECORD}). Games over --max-positions are judged by perfect play "
                    "and their size alone.")
    parser.add_argument("--games", type=_POSITIVE, default=None, metavar="N",
                        help="judge only the first N games of the space (a slice; the record says how many)")
    parser.add_argument("--max-positions", type=_POSITIVE, default=sizes.JUDGE_RECORD_MAX_POSITIONS, metavar="N",
                        help="play the chains of random and middle play and the skill ladder on the games of up to "
                             f"N positions (default {sizes.JUDGE_RECORD_MAX_POSITIONS}); a larger game is judged by "
                             "perfect play, read off the space's exact value, and its size")
    parser.add_argument("--resume", action="store_true",
                        help="keep the games of the record already written (a slice of the same space made by "
                             "this command) and judge only the rest")
    parser.add_argument("--workers", type=_POSITIVE, default=2, metavar="N",
                        help="local processes (default 2)")
    parser.add_argument("--dask-workers", type=_POSITIVE, default=None, metavar="N",
                        help="judge on a local Dask cluster of N workers instead")
    parser.add_argument("--cluster", default=None, metavar="ADDRESS",
                        help="judge on the running Dask cluster whose scheduler is at ADDRESS (host:port)")
    parser.add_argument("--every", type=_POSITIVE, default=None, metavar="SECONDS",
                        help="also write the record of the games judged so far every SECONDS (a slice that "
                             "--resume continues), so that a stopped run keeps them")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help=f"write here instead of beside the module ({RECORD})")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Judge the space (or a slice) and write the record; Ctrl-C stops it with one line and exit code 130, the
    file untouched."""
    from vizgen.util.processes import stop_on_signals, stopped_code

    args = _arguments(argv)
    out = args.out if args.out is not None else _path()
    resume = None
    if args.resume and out.exists():
        space = load_record()
        try:
            resume = loads(out.read_bytes())
            ours = resume["command"] == COMMAND and resume["space"] == SpaceOf(
                command=space["command"], rule_sets=space["rule_sets"], games=int(max(space["game"])) + 1)
        except (OSError, ValueError, KeyError, TypeError):
            ours = False
        if not ours:
            print(f"vizgen: error: {out} is not a judged record of this space: cannot resume from it",
                  file=sys.stderr)
            return 2
        if resume is not None and resume.get("max_positions") != args.max_positions:
            print(f"vizgen: error: {out} plays games of up to {resume.get('max_positions')} positions, not "
                  f"{args.max_positions}: resume it with --max-positions {resume.get('max_positions')}",
                  file=sys.stderr)
            return 2
    stop_on_signals()
    saved: list[int] = []

    def checkpoint(record: JudgedSpace) -> None:
        write(record, out)
        saved.append(record["games"])

    try:
        record = record_judged(args.games, args.workers, args.dask_workers, args.cluster, resume,
                               checkpoint=checkpoint if args.every else None, every=args.every or 0.0,
                               max_positions=args.max_positions)
        write(record, out)
    except KeyboardInterrupt as exc:
        code = stopped_code(exc)
        kept = f"{out} holds the first {format_count(saved[-1])} games (--resume goes on)" if saved else \
            f"{out} left as it was"
        print(f"vizgen: stopped ({'Ctrl-C' if code == 130 else 'a signal'}): {kept}", file=sys.stderr)
        return code
    print(f"{format_count(record['games'])} games of {format_count(record['space']['games'])} judged, "
          f"{format_count(record['cpu_seconds'])} s CPU, {format_count(record['wall_seconds'])} s wall: {out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
