"""The rule space, mapped: many rule sets of two hands, solved and compared, at r = 5 and at other r and players.

A record (``space_r5.json.gz`` beside this module, and one file a space: ``space_r2.json.gz`` ...,
``space_p3_r4.json.gz``) holds, for every rule set of its space (every combination
:func:`vizgen.engine.params.check` accepts around the standard game at that r and players), its combination's
index (:func:`vizgen.analysis.sweep.space_overrides`), the start's value (the first player's; with three
players the seat that can force a win), the remoteness, the positions, the positions nobody can force, and which
distinct game it is (:func:`vizgen.analysis.sweep.game_digest`); every record but the r = 5 one also says which
space it is, the axes left out with the rules' reason, and the combinations refused by reason. The r = 5 space
takes about an hour on two cores, so a record is computed once (``python -m vizgen.reports.space [--r N]
[--players P]``, the command it records; ``--sample N`` times a random part of a space first) and read by every
build, as the recorded runs of seven players are; the tests solve a sample of each again on every run and the
catalogue lane all of it.

:func:`space_figures` turns the r = 5 record into the page's figures: the counts, each rule's effect on
who wins, the pairs of rules that interact, the smallest changes that turn the standard draw into a
win, the longest wins and the most drawish rule sets, and the distinct games; :func:`space_summaries` compares
every recorded space.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import platform
import random
import resource
import sys
import time
from dataclasses import dataclass
from functools import cache as memoized
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypedDict, cast

import numpy as np

from vizgen.analysis.rulebook import RULE_NAMES, RULE_WORDS, in_words
from vizgen.analysis.sweep import (
    SPACE_BOOLS,
    SPACE_SIZE,
    SWAPS,
    Base,
    Task,
    space_overrides,
    sweep,
)
from vizgen.engine.params import ATTACKS, HALVESIES, OVERFLOWS, Params, VariantError
from vizgen.util import sizes
from vizgen.util.paths import write_whole
from vizgen.util.text import format_count

__all__ = ["RECORD", "SPACES", "VALUES", "Space", "SpaceColumns", "SpaceEffect", "SpaceFigures", "SpaceInteraction",
           "SpaceRecord", "SpaceRow", "SpaceSummary", "changes_words", "load_record", "record_space",
           "recorded_spaces", "rule_axes", "sample_space", "space_effects", "space_figures", "space_specs",
           "space_summaries", "space_summary", "space_tasks", "standard_index"]

#: the record's file, beside this module
RECORD = "space_r5.json.gz"
#: a value's letter in the record: the first player wins, loses, or nobody can force a win; with three players
#: W, L and T are the first, second and third player's forced win and D an open start (nobody can force a win)
VALUES = {"W": "win", "L": "loss", "D": "draw"}
_CODE = {"win": "W", "loss": "L", "draw": "D", "open": "D"}
_SEAT = "WLT"  # with three players, the seat that can force a win
_RANGE = 512  # consecutive combinations a task of the space covers
#: the command that makes a record (its options name the space)
COMMAND = "python -m vizgen.reports.space"
#: the values of r and of players the command takes (the issue's spaces: r = 2 to 7, two or three players)
R_RANGE = (2, 7)
PLAYERS_RANGE = (2, 3)


@dataclass(frozen=True)
class Space:
    """A rule space: every combination of the rules around the standard game at roll-over number ``r`` with
    ``players`` players of two hands.

    Examples
    --------
    >>> Space().base, Space().record, Space().command
    ('standard', 'space_r5.json.gz', 'python -m vizgen.reports.space')
    >>> three = Space(r=4, players=3)
    >>> three.base, three.record, three.command, three.size
    ('standard:players=3,r=4', 'space_p3_r4.json.gz', 'python -m vizgen.reports.space --r 4 --players 3', 5505024)
    >>> Space(r=3).omitted
    {'zombies': 'zombies needs players >= 3 (with two players the game ends at the first elimination)'}
    >>> three.omitted
    {}
    """

    r: int = 5
    players: int = 2

    @property
    def base(self) -> str:
        """The spec of the space's base rules (the standard game at this r and players)."""
        pairs = [f"{k}={v}" for k, v, default in (("players", self.players, 2), ("r", self.r, 5)) if v != default]
        return "standard" + (":" + ",".join(pairs) if pairs else "")

    @property
    def record(self) -> str:
        """The record's file name beside this module."""
        return (f"space_p{self.players}_" if self.players != 2 else "space_") + f"r{self.r}.json.gz"

    @property
    def command(self) -> str:
        """The command that makes the record."""
        return COMMAND + (f" --r {self.r}" if self.r != 5 else "") + \
            (f" --players {self.players}" if self.players != 2 else "")

    @property
    def omitted(self) -> dict[str, str]:
        """The axes of the space that do not apply to these rules, each with the rules' reason: zombies with two
        players (every combination with them would be refused)."""
        try:
            Base.of(self.base).rule_set({"zombies": True})
        except VariantError as exc:
            return {"zombies": str(exc)}
        return {}

    @property
    def size(self) -> int:
        """The combinations of the space: :data:`SPACE_SIZE`, twice that where zombies apply."""
        return int(SPACE_SIZE) * (1 if self.omitted else 2)


#: the spaces recorded beside this module, in the order the page lists them
SPACES = (Space(2), Space(3), Space(4), Space(5), Space(4, 3))


class SpaceOf(TypedDict, total=False):
    """Which space a record maps (every record but the r = 5 two-player one, whose file is as it was first made):
    r, players, the combinations, the axes left out with the rules' reason, and the combinations the rules refuse,
    counted by reason."""

    r: int
    players: int
    combinations: int
    omitted: dict[str, str]
    refused: dict[str, int]


class SpaceMeta(TypedDict):
    """How the record of the space was made: the command, the base rules, the machine, the date and the time."""

    command: str
    base: str
    machine: str
    date: str
    cpu_seconds: int
    wall_seconds: int


class SpaceColumns(TypedDict):
    """The figures of each rule set, a column a field and a row a rule set: the record's and the page's parts'."""

    #: a letter a row: W, L or D (the first player's value at the start)
    value: str
    #: plies to the end under best play, -1 in a draw
    remoteness: list[int]
    positions: list[int]
    #: positions where nobody can force a win
    draws: list[int]


class SpaceRecord(SpaceMeta, SpaceColumns, SpaceOf):
    """The committed record of the space (:data:`RECORD`): how it was made, then a column a field, a row a rule set
    in index order."""

    rule_sets: int
    #: the combinations (on disk: gaps from the previous one, the first from 0; :func:`load_record` adds them up)
    index: list[int]
    #: the row's game, numbered in the order they first come
    game: list[int]


#: a rule's effect (:func:`space_figures`' ``effects``): the rule in words, its parameter, the values it goes from
#: and to, the pairs of rule sets alike but for it, how many of them change who wins (and the share), how many give
#: the same game, and the changes by direction (``win→loss``...); ``from`` is a Python keyword, so the functional
#: form
SpaceEffect = TypedDict("SpaceEffect", {"rule": str, "name": str, "from": bool | int | str, "to": bool | int | str,
                                        "pairs": int, "changed": int, "share": float, "same_game": int,
                                        "directions": dict[str, int]})


class SpaceInteraction(TypedDict):
    """Two on/off rules over the squares of four rule sets alike but for them: how often turning ``a`` on changes
    who wins with ``b`` off but not with ``b`` on, or the other way round."""

    a: str
    b: str
    squares: int
    interact: int
    share: float


class SpaceRow(TypedDict):
    """A rule set of the page's lists: its spec, the first player's value, remoteness, positions, drawn share and
    its changes to the standard rules in words."""

    spec: str
    value: Literal["win", "loss", "draw"]
    remoteness: int
    positions: int
    draw_share: float
    changes: str


class SpaceFigures(TypedDict):
    """The page's figures (:func:`space_figures`)."""

    rule_sets: int
    counts: dict[str, int]
    games: int
    shared: int
    largest_group: int
    effects: list[SpaceEffect]
    interactions: list[SpaceInteraction]
    nearest: int
    nearest_wins: list[SpaceRow]
    nearest_count: int
    longest: list[SpaceRow]
    drawish: list[SpaceRow]
    command: str
    date: str
    machine: str
    cpu_seconds: int
    wall_seconds: int


def space_tasks(space: Space = Space()) -> list[Task]:
    """The tasks of a space: every run of :data:`_RANGE` combinations, in index order.

    Examples
    --------
    >>> tasks = space_tasks()
    >>> len(tasks), sum(t.size for t in tasks) == SPACE_SIZE, tasks[0].base
    (5376, True, 'standard')
    >>> len(space_tasks(Space(4, 3))), space_tasks(Space(4, 3))[0].base
    (10752, 'standard:players=3,r=4')
    """
    return [Task(space.base, lo=lo, hi=lo + _RANGE) for lo in range(0, space.size, _RANGE)]


def _record_of(figures: list[dict[str, Any]], meta: SpaceMeta) -> SpaceRecord:  # the sweep's open rows (analysis)
    """The record's columns from the sweep's figures (in index order; the sweep's rows are the analysis layer's
    open figures, :func:`vizgen.analysis.sweep.run_task`)."""
    figures = sorted(figures, key=lambda f: f["combination"])
    games: dict[str, int] = {}
    index = [f["combination"] for f in figures]
    columns = SpaceColumns(value="".join(_SEAT[f["winner"]] if f["value"] == "forced" else _CODE[f["value"]]
                                         for f in figures),
                           remoteness=[-1 if f["remoteness"] is None else f["remoteness"] for f in figures],
                           positions=[f["positions"] for f in figures],
                           draws=[round(f["draw_share"] * f["positions"]) for f in figures])
    record: dict[str, Any] = {**meta, "rule_sets": len(figures),  # the order of the r = 5 record's fields
                              "index": [b - a for a, b in zip([0, *index], index)],  # gaps: small numbers
                              **columns, "game": [games.setdefault(f["game"], len(games)) for f in figures]}
    return cast(SpaceRecord, record)  # SpaceRecord's keys, the optional SpaceOf ones added by record_space


def _cpu() -> float:
    """CPU seconds of this process and its children so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    return children.ru_utime + children.ru_stime + own.ru_utime + own.ru_stime


def record_space(processes: int = 2, space: Space = Space(), workers: int | None = None,
                 max_memory: int | None = None) -> SpaceRecord:
    """Sweep the space on ``processes`` local processes (or a local Dask cluster of ``workers``), each rule set
    within ``max_memory`` bytes (default: a sweep process's share, :func:`vizgen.analysis.sweep.sweep_memory`), and
    return the record (with its CPU time: this process's and the processes it waited for)."""
    began = time.time()
    memory = None if max_memory is None else sizes.Memory(max_memory, "--max-memory")
    figures, refused = sweep(space_tasks(space), processes=processes, workers=workers, memory=memory)
    where = f"a local Dask cluster of {workers} workers" if workers else f"{processes} processes"
    if memory is not None:
        where += f", {sizes.memory_words(memory.size)} a rule set"
    meta = SpaceMeta(command=space.command, base=space.base, machine=f"{platform.machine()}, {where}",
                     date=time.strftime("%Y-%m-%d"), cpu_seconds=round(_cpu()), wall_seconds=round(time.time() - began))
    record = _record_of(figures, meta)
    if space != Space():  # the r = 5 record keeps the fields it was first made with
        record["r"], record["players"], record["combinations"] = space.r, space.players, space.size
        record["omitted"], record["refused"] = space.omitted, refused
    return record


def sample_space(space: Space, size: int, processes: int = 2, workers: int | None = None,
                 seed: int = 0, max_memory: int | None = None) -> dict[str, Any]:
    """Solve about ``size`` combinations of the space, whole tasks of the record's run (:func:`space_tasks`) drawn
    at random (``seed``), and extrapolate the whole space's time from them.

    Whole tasks, not single combinations, because the run solves a task's neighbouring rule sets one after
    another with its memos warm: single combinations drawn apart measure about three times the cost a rule set.

    Returns
    -------
    dict
        ``tasks``, ``drawn`` (combinations), ``solved`` (the rest are refused by the rules), ``cpu_seconds`` and
        ``wall_seconds`` of the sample, ``ms_per_rule_set`` (CPU), the whole space's ``rule_sets`` (the
        accepted share of its combinations), ``cpu_hours`` and ``wall_hours`` (the sample's wall time a rule set,
        scaled; the sample's own start-up included), and the sample's ``refused`` combinations by reason.

    Examples
    --------
    >>> s = sample_space(Space(2), 10, processes=1, seed=1)
    >>> s["tasks"], s["drawn"], s["solved"] <= 512, s["rule_sets"] <= Space(2).size
    (1, 512, True, True)
    """
    every = space_tasks(space)
    tasks = sorted(random.Random(seed).sample(every, -(-size // _RANGE)), key=lambda t: t.lo)
    cpu, began = _cpu(), time.time()
    memory = None if max_memory is None else sizes.Memory(max_memory, "--max-memory")
    figures, refused = sweep(tasks, processes=processes, workers=workers, memory=memory)
    cpu, wall = _cpu() - cpu, time.time() - began
    drawn = sum(t.size for t in tasks)
    solved = len(figures)
    whole = round(space.size * solved / drawn)
    each = cpu / max(solved, 1)
    return {"tasks": len(tasks), "drawn": drawn, "solved": solved, "cpu_seconds": round(cpu, 2),
            "wall_seconds": round(wall, 2), "ms_per_rule_set": round(1000 * each, 3), "rule_sets": whole,
            "cpu_hours": round(each * whole / 3600, 2), "wall_hours": round(wall / max(solved, 1) * whole / 3600, 2),
            "refused": refused}


@memoized
def load_record(name: str = RECORD) -> SpaceRecord:
    """A committed record (default the r = 5 two-player space's), its ``index`` column back to combinations.

    Examples
    --------
    >>> record = load_record()
    >>> record["rule_sets"] == len(record["index"]) == len(record["value"])
    True
    """
    raw = (resources.files("vizgen.reports") / name).read_bytes()
    record: SpaceRecord = json.loads(gzip.decompress(raw))  # the committed record, of this type
    record["index"] = list(itertools.accumulate(record["index"]))
    return record


def recorded_spaces() -> list[Space]:
    """The spaces of :data:`SPACES` whose record is committed beside this module.

    Examples
    --------
    >>> Space() in recorded_spaces()
    True
    """
    here = resources.files("vizgen.reports")
    return [s for s in SPACES if (here / s.record).is_file()]


def space_specs(indices: list[int], base: str = "standard") -> list[str]:
    """The spec strings of these combinations of the space around ``base`` (``standard:...``).

    Examples
    --------
    >>> space_specs([6]), space_specs([6], "standard:r=3")
    (['standard'], ['standard:r=3'])
    """
    rules = Base.of(base)
    return [rules.rule_set(space_overrides(i)).spec for i in indices]


#: the axes a rule's effect is measured along: (name, from, to, the step in the combination's index)
def _steps() -> list[tuple[str, str, bool | int | str, bool | int | str, int]]:
    block = 2 ** len(SPACE_BOOLS)
    out: list[tuple[str, str, bool | int | str, bool | int | str, int]] = [
        (RULE_WORDS[name], name, False, True, 1 << k) for k, name in enumerate(SPACE_BOOLS)]
    swaps = block
    halvesies = swaps * len(SWAPS)
    attack = halvesies * len(HALVESIES)
    overflow = attack * len(ATTACKS)
    out += [("swaps 0→1", "swaps", 0, 1, swaps), ("swaps 1→2", "swaps", 1, 2, 2 * swaps),
            ("swaps 2→3", "swaps", 2, 3, 2 * swaps),
            (RULE_NAMES["swap_count"], "swap_count", "row", "player", swaps),
            (in_words("halvesies", "even"), "halvesies", "off", "even", halvesies),
            (in_words("halvesies", "near"), "halvesies", "off", "near", 2 * halvesies),
            (RULE_NAMES["attack"], "attack", ATTACKS[0], ATTACKS[1], attack),
            (RULE_NAMES["overflow"], "overflow", OVERFLOWS[0], OVERFLOWS[1], overflow),
            (RULE_WORDS["zombies"], "zombies", False, True, SPACE_SIZE)]
    return out


_WORD: dict[int, Literal["win", "loss", "draw"]] = {1: "win", -1: "loss", 0: "draw"}
#: a value's word in a rule's effect's directions: with three players -1 is the second player's forced win and -2
#: the third's (``third``), 0 open
_DIRECTION: dict[int, str] = {0: "draw", 1: "win", -1: "loss", -2: "third"}


def _columns(record: SpaceRecord) -> dict[str, np.ndarray]:
    """The record as arrays: ``index`` (ascending), ``value`` (1 win, -1 loss, 0 draw; with three players -1 the
    second player's forced win, -2 the third's, 0 open), the other columns."""
    letters = np.frombuffer(record["value"].encode(), dtype=np.uint8)
    code = np.zeros(256, dtype=np.int8)
    code[[ord("W"), ord("L"), ord("T")]] = 1, -1, -2
    out: dict[str, np.ndarray] = {"index": np.array(record["index"], dtype=np.int64), "value": code[letters]}
    out.update(remoteness=np.array(record["remoteness"], dtype=np.int64), game=np.array(record["game"], dtype=np.int64),
               positions=np.array(record["positions"], dtype=np.int64), draws=np.array(record["draws"], dtype=np.int64))
    return out


def _partner(index: np.ndarray, step: int) -> np.ndarray:
    """Per rule set, the row of the rule set ``step`` combinations on, or -1 where it is not in the record."""
    at = np.searchsorted(index, index + step)
    found = at < index.size
    found[found] = index[at[found]] == index[found] + step
    return np.where(found, at, -1)


def space_effects(c: dict[str, np.ndarray]) -> list[SpaceEffect]:
    """Each rule's effect on who wins over a record's columns (:func:`_columns`): the pairs of rule sets alike but
    for it, how many of them change who wins (and the share), by direction, and how many give the same game; the
    rules with no pair (an axis the space leaves out) are left out, the rest by share, the largest first.

    Examples
    --------
    >>> effects = space_effects(_columns(load_record()))
    >>> all(0 <= e["changed"] <= e["pairs"] for e in effects), "zombies" in [e["name"] for e in effects]
    (True, False)
    """
    index, value, game = c["index"], c["value"], c["game"]
    axes = rule_axes(index)
    effects: list[SpaceEffect] = []
    for label, name, frm, to, step in _steps():
        if name in SPACE_BOOLS:
            here = axes[SPACE_BOOLS.index(name)] == 0
        elif name == "swap_count":  # from swaps 1, 2 or 3 in a row counted by anyone to the same counted by each
            here = np.isin(axes[-5], [k for k, (n, count) in enumerate(SWAPS) if n and count == "row"])
        else:
            axis = {"swaps": -5, "halvesies": -4, "attack": -3, "overflow": -2, "zombies": -1}[name]
            table: dict[str, list[bool | int | str]] = {"swaps": [n for n, _ in SWAPS], "halvesies": list(HALVESIES),
                                                        "attack": list(ATTACKS), "overflow": list(OVERFLOWS),
                                                        "zombies": [False, True]}
            choices = table[name]
            here = axes[axis] == choices.index(frm)
            if name == "swaps":
                here &= np.array([SWAPS[k][1] == "row" for k in range(len(SWAPS))])[axes[axis]]
        other = _partner(index, step)
        a = np.flatnonzero(here & (other >= 0))
        b = other[a]
        va, vb = value[a], value[b]
        moves = {f"{_DIRECTION[x]}→{_DIRECTION[y]}": int(np.count_nonzero((va == x) & (vb == y)))
                 for x in _DIRECTION for y in _DIRECTION if x != y}
        changed = int(np.count_nonzero(va != vb))
        effects.append(SpaceEffect({"rule": label, "name": name, "from": frm, "to": to, "pairs": int(a.size),
                                    "changed": changed, "share": changed / a.size if a.size else 0.0,
                                    "same_game": int(np.count_nonzero(game[a] == game[b])),
                                    "directions": {k: v for k, v in moves.items() if v}}))
    effects = [e for e in effects if e["pairs"]]  # a rule every rule set of the map has one way has no pairs
    effects.sort(key=lambda e: (-e["share"], e["rule"]))
    return effects


def space_figures(record: SpaceRecord | None = None) -> SpaceFigures:
    """The page's figures from the record.

    Returns
    -------
    dict
        ``rule_sets``, ``counts`` (``win``, ``loss``, ``draw``: the first player's value at the start),
        ``games`` (distinct games), ``shared`` (rule sets sharing their game with another), ``largest_group``,
        ``effects`` (per rule: pairs of rule sets alike but for it, how many change who wins, by direction, and
        how many give the same game), ``interactions`` (pairs of on/off rules A and B, over the squares of four
        rule sets alike but for them: how often turning A on changes who wins with B off but not with B on, or
        the other way round), ``nearest`` and ``nearest_wins`` (the fewest changes to the standard rules that
        make the start a forced win, and the rule sets that do), ``longest`` and ``drawish`` (rule sets), and
        the record's ``command``, ``date``, ``machine``, ``cpu_seconds`` and ``wall_seconds``.

    Examples
    --------
    >>> f = space_figures()
    >>> sum(f["counts"].values()) == f["rule_sets"] >= f["games"]
    True
    """
    record = load_record() if record is None else record
    c = _columns(record)
    index, value, game = c["index"], c["value"], c["game"]
    counts: dict[str, int] = {w: int(np.count_nonzero(value == v)) for v, w in _WORD.items()}
    sizes = np.bincount(game)
    axes = rule_axes(index)
    effects = space_effects(c)
    interactions: list[SpaceInteraction] = []
    bools = [(label, name, step) for label, name, _, _, step in _steps() if name in SPACE_BOOLS]
    partners = {step: _partner(index, step) for _, _, step in bools}
    for (la, na, sa), (lb, nb, sb) in itertools.combinations(bools, 2):
        ka, kb = SPACE_BOOLS.index(na), SPACE_BOOLS.index(nb)
        pa, pb = partners[sa], partners[sb]
        base = np.flatnonzero((axes[ka] == 0) & (axes[kb] == 0) & (pa >= 0) & (pb >= 0))
        both = pb[pa[base]]  # a and b on
        keep = both >= 0
        base, both = base[keep], both[keep]
        if not base.size:
            continue
        differ = (value[pa[base]] != value[base]) != (value[both] != value[pb[base]])
        interactions.append(SpaceInteraction(a=la, b=lb, squares=int(base.size), interact=int(np.count_nonzero(differ)),
                                             share=float(np.count_nonzero(differ)) / base.size))
    interactions.sort(key=lambda x: (-x["share"], x["a"], x["b"]))
    standard = standard_index()
    changes = sum((axis != h[0]).astype(np.int64) for axis, h in zip(axes, rule_axes(np.array([standard]))))
    won = np.flatnonzero(value != 0)
    nearest = int(changes[won].min()) if won.size else 0
    nearest_rows = [int(i) for i in won[changes[won] == nearest]]
    share = c["draws"] / np.maximum(c["positions"], 1)
    longest = np.argsort(-c["remoteness"], kind="stable")[:10]
    drawish = np.argsort(-share, kind="stable")[:10]

    def rows(found: list[int]) -> list[SpaceRow]:
        specs = space_specs([int(index[k]) for k in found], record["base"])
        return [SpaceRow(spec=s, value=_WORD[int(value[k])], remoteness=int(c["remoteness"][k]),
                         positions=int(c["positions"][k]), draw_share=float(share[k]),
                         changes=changes_words(standard, int(index[k]))) for s, k in zip(specs, found)]

    return SpaceFigures(rule_sets=int(index.size), counts=counts, games=int(np.count_nonzero(sizes)),
                        shared=int(sizes[sizes > 1].sum()), largest_group=int(sizes.max()),
                        effects=effects, interactions=interactions[:12], nearest=nearest,
                        nearest_wins=rows(nearest_rows[:24]), nearest_count=len(nearest_rows),
                        longest=rows([int(k) for k in longest]), drawish=rows([int(k) for k in drawish]),
                        command=record["command"], date=record["date"], machine=record["machine"],
                        cpu_seconds=record["cpu_seconds"], wall_seconds=record["wall_seconds"])


class SpaceSummary(TypedDict):
    """A recorded space in a row of the page's comparison (:func:`space_summaries`): which space, its counts, each
    rule's share of pairs where it changes who wins (by the rule's words; absent where the space has no pair), how
    the record was made."""

    r: int
    players: int
    combinations: int
    rule_sets: int
    refused: int
    #: rule sets by the start's value: ``first`` (the first player can force a win), ``second``, ``third`` and
    #: ``nobody`` (a draw with two players, open with three)
    counts: dict[str, int]
    games: int
    #: the rule's words -> the share (0 to 1) of its pairs where turning it on changes who wins
    shares: dict[str, float]
    command: str
    date: str
    machine: str
    cpu_seconds: int
    wall_seconds: int


def space_summary(space: Space, record: SpaceRecord) -> SpaceSummary:
    """A space's row of the comparison from its record.

    Examples
    --------
    >>> s = space_summary(Space(), load_record())
    >>> s["rule_sets"] + s["refused"] == s["combinations"] == SPACE_SIZE, sum(s["counts"].values()) == s["rule_sets"]
    (True, True)
    """
    c = _columns(record)
    value = c["value"]
    counts = {who: int(np.count_nonzero(value == v)) for who, v in (("first", 1), ("second", -1), ("third", -2),
                                                                     ("nobody", 0))}
    combinations = record.get("combinations", space.size)
    return SpaceSummary(r=space.r, players=space.players, combinations=combinations, rule_sets=record["rule_sets"],
                        refused=combinations - record["rule_sets"], counts=counts,
                        games=len(set(record["game"])), shares={e["rule"]: e["share"] for e in space_effects(c)},
                        command=record["command"], date=record["date"], machine=record["machine"],
                        cpu_seconds=record["cpu_seconds"], wall_seconds=record["wall_seconds"])


def space_summaries() -> list[SpaceSummary]:
    """Every recorded space's row of the comparison, in the order of :data:`SPACES`.

    Examples
    --------
    >>> [(s["r"], s["players"]) for s in space_summaries()][-1] in [(5, 2), (4, 3)]
    True
    """
    return [space_summary(s, load_record(s.record)) for s in recorded_spaces()]


def standard_index() -> int:
    """The standard game's combination: roll-over, on the opponent, no halvesies or swaps, and of the on/off
    rules only transfers and divisions.

    Examples
    --------
    >>> space_specs([standard_index()])
    ['standard']
    """
    standard = Params()
    return sum(1 << k for k, name in enumerate(SPACE_BOOLS) if getattr(standard, name))


#: the standard game's combination by the name :mod:`vizgen.reports.judged_space`'s doctest reads it
_standard_index = standard_index


def rule_axes(i: np.ndarray) -> list[np.ndarray]:
    """The axis values of combinations ``i``: each on/off rule's bit, then swaps, halvesies, attack, overflow and
    zombies (:func:`vizgen.analysis.sweep.space_overrides`).

    Examples
    --------
    >>> [int(a[0]) for a in rule_axes(np.array([SPACE_SIZE + 3]))][:2], int(rule_axes(np.array([3]))[-1][0])
    ([1, 1], 0)
    """
    zombies, i = np.divmod(i, SPACE_SIZE)
    block = 2 ** len(SPACE_BOOLS)
    rest = i // block
    out = [(i >> k) & 1 for k in range(len(SPACE_BOOLS))]
    out.append(rest % len(SWAPS))
    rest //= len(SWAPS)
    out.append(rest % len(HALVESIES))
    rest //= len(HALVESIES)
    out += [rest % len(ATTACKS), rest // len(ATTACKS), zombies]
    return out


def changes_words(origin: int, index: int) -> str:
    """The changes from combination ``origin`` to ``index``, in words (``Logan clause on, overflow cutoff``)."""
    a, b = space_overrides(origin), space_overrides(index)
    words = []
    for k, v in b.items():
        if a.get(k, False) == v or (k == "swap_count" and b["swaps"] == 0):
            continue
        words.append(in_words(k, v))
    return ", ".join(words) or "none"


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=COMMAND,
        description="Solve a whole rule space around the standard game (every combination the rules accept; "
                    "two hands, r and players as given) and write its record beside this module (space_r5.json.gz "
                    "by default; space_rN.json.gz, space_pP_rN.json.gz). The r = 5 space: about an hour on two "
                    "cores (docs/SCALE.md).")
    parser.add_argument("--r", type=sizes.whole_argument(*R_RANGE), default=5, metavar="N",
                        help=f"the roll-over number, {R_RANGE[0]} to {R_RANGE[1]} (default 5)")
    parser.add_argument("--players", type=sizes.whole_argument(*PLAYERS_RANGE), default=2, metavar="P",
                        help=f"players, {PLAYERS_RANGE[0]} or {PLAYERS_RANGE[1]} (default 2; with three, zombies "
                             "is an axis too)")
    parser.add_argument("--processes", type=sizes.whole_argument(1, 256), default=2, metavar="N",
                        help="local processes (default 2)")
    parser.add_argument("--workers", type=sizes.whole_argument(1, 256), default=None, metavar="N",
                        help="solve on a local Dask cluster of N workers instead (as vizgen sweep --workers)")
    parser.add_argument("--sample", type=sizes.whole_argument(1, 100_000), default=None, metavar="N",
                        help="solve only about N combinations, whole tasks of 512 drawn at random, print the CPU "
                             "a rule set and the whole space's time extrapolated (JSON), and write nothing")
    parser.add_argument("--seed", type=sizes.whole_argument(0, 2**32 - 1), default=0, metavar="S",
                        help="the sample's random seed (default 0)")
    parser.add_argument("--max-memory", type=sizes.memory_argument, default=None, metavar="BYTES",
                        help="the memory each rule set may take, e.g. 2GB (default: a sweep process's share); a rule "
                             "set over it is counted as refused with that reason")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="write the record here instead of beside the module")
    return parser.parse_args(argv)


def write(record: SpaceRecord, path: Path) -> None:
    """Write the record atomically (a temporary file beside it, then a rename): readers see the old or the new."""
    write_whole(path, gzip.compress(json.dumps(record, separators=(",", ":")).encode(), mtime=0))


def main(argv: list[str] | None = None) -> int:
    """Compute a space's record (or time a sample of it) and write it beside this module; Ctrl-C stops it with one
    line and exit code 130, the file untouched."""
    from vizgen.util.processes import stop_on_signals, stopped_code

    args = _arguments(argv)
    space = Space(args.r, args.players)
    out = args.out if args.out is not None else Path(str(resources.files("vizgen.reports") / space.record))
    stop_on_signals()
    try:
        if args.sample is not None:
            figures = sample_space(space, args.sample, args.processes, args.workers, args.seed, args.max_memory)
            print(json.dumps({"command": space.command, "sample": args.sample, "seed": args.seed,
                              "machine": platform.machine(), **figures}))
            return 0
        record = record_space(args.processes, space, args.workers, args.max_memory)
        write(record, out)
    except KeyboardInterrupt as exc:
        code = stopped_code(exc)
        print(f"vizgen: stopped ({'Ctrl-C' if code == 130 else 'a signal'}): {out} left as it was", file=sys.stderr)
        return code
    print(f"{format_count(record['rule_sets'])} rule sets, {format_count(record['cpu_seconds'])} s CPU, "
          f"{format_count(record['wall_seconds'])} s wall: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
