"""The rule space, mapped: many rule sets of two players, two hands and r = 5, solved and compared.

The record (``space_r5.json.gz`` beside this module) holds, for every rule set of the space (every
combination :func:`vizgen.engine.params.check` accepts), its combination's index
(:func:`vizgen.analysis.sweep.space_overrides`), the first player's value at the start, the remoteness,
the positions, the positions nobody can force, and which distinct game it is
(:func:`vizgen.analysis.sweep.game_digest`). It takes about an hour on two cores, so it is computed once
(``python -m vizgen.reports.space``, the command it records) and read by every build, as the
recorded runs of seven players are; the tests solve a sample of it again on every run and the
catalogue lane all of it.

:func:`space_figures` turns the record into the page's figures: the counts, each rule's effect on
who wins, the pairs of rules that interact, the smallest changes that turn the standard draw into a
win, the longest wins and the most drawish rule sets, and the distinct games.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import platform
import resource
import sys
import time
from functools import cache as memoized
from importlib import resources
from typing import Any, Literal, TypedDict

import numpy as np

from vizgen.analysis.rulebook import RULE_NAMES, RULE_WORDS, in_words
from vizgen.analysis.sweep import SPACE_BOOLS, SPACE_SIZE, SWAPS, Base, Task, space_overrides, sweep
from vizgen.engine.params import ATTACKS, HALVESIES, OVERFLOWS, Params
from vizgen.util.text import format_count

__all__ = ["RECORD", "VALUES", "SpaceColumns", "SpaceEffect", "SpaceFigures", "SpaceInteraction", "SpaceRecord",
           "SpaceRow", "changes_words", "load_record", "record_space", "rule_axes", "space_figures", "space_specs",
           "space_tasks", "standard_index"]

#: the record's file, beside this module
RECORD = "space_r5.json.gz"
#: a value's letter in the record: the first player wins, loses, or nobody can force a win
VALUES = {"W": "win", "L": "loss", "D": "draw"}
_CODE = {"win": "W", "loss": "L", "draw": "D"}
_RANGE = 512  # consecutive combinations a task of the space covers


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


class SpaceRecord(SpaceMeta, SpaceColumns):
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


def space_tasks() -> list[Task]:
    """The tasks of the space around the standard game: every run of :data:`_RANGE` combinations, in index order.

    Examples
    --------
    >>> tasks = space_tasks()
    >>> len(tasks), sum(t.size for t in tasks) == SPACE_SIZE
    (5376, True)
    """
    return [Task("standard", lo=lo, hi=lo + _RANGE) for lo in range(0, SPACE_SIZE, _RANGE)]


def _record_of(figures: list[dict[str, Any]], meta: SpaceMeta) -> SpaceRecord:  # the sweep's open rows (analysis)
    """The record's columns from the sweep's figures (in index order; the sweep's rows are the analysis layer's
    open figures, :func:`vizgen.analysis.sweep.run_task`)."""
    figures = sorted(figures, key=lambda f: f["combination"])
    games: dict[str, int] = {}
    index = [f["combination"] for f in figures]
    return SpaceRecord(**meta, rule_sets=len(figures),
                       index=[b - a for a, b in zip([0, *index], index)],  # gaps: small numbers
                       value="".join(_CODE[f["value"]] for f in figures),
                       remoteness=[-1 if f["remoteness"] is None else f["remoteness"] for f in figures],
                       positions=[f["positions"] for f in figures],
                       draws=[round(f["draw_share"] * f["positions"]) for f in figures],
                       game=[games.setdefault(f["game"], len(games)) for f in figures])


def record_space(processes: int = 2) -> SpaceRecord:
    """Sweep the space on ``processes`` local processes and return the record (with its CPU time)."""
    began = time.time()
    figures, _ = sweep(space_tasks(), processes=processes)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    cpu = children.ru_utime + children.ru_stime + own.ru_utime + own.ru_stime
    meta = SpaceMeta(command="python -m vizgen.reports.space", base="standard",
                     machine=f"{platform.machine()}, {processes} processes", date=time.strftime("%Y-%m-%d"),
                     cpu_seconds=round(cpu), wall_seconds=round(time.time() - began))
    return _record_of(figures, meta)


@memoized
def load_record() -> SpaceRecord:
    """The committed record, its ``index`` column back to combinations.

    Examples
    --------
    >>> record = load_record()
    >>> record["rule_sets"] == len(record["index"]) == len(record["value"])
    True
    """
    raw = (resources.files("vizgen.reports") / RECORD).read_bytes()
    record: SpaceRecord = json.loads(gzip.decompress(raw))  # the committed record, of this type
    record["index"] = list(itertools.accumulate(record["index"]))
    return record


def space_specs(indices: list[int]) -> list[str]:
    """The spec strings of these combinations (``standard:...``).

    Examples
    --------
    >>> space_specs([6])
    ['standard']
    """
    base = Base.of("standard")
    return [base.rule_set(space_overrides(i)).spec for i in indices]


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
            (RULE_NAMES["overflow"], "overflow", OVERFLOWS[0], OVERFLOWS[1], overflow)]
    return out


_WORD: dict[int, Literal["win", "loss", "draw"]] = {1: "win", -1: "loss", 0: "draw"}


def _columns(record: SpaceRecord) -> dict[str, np.ndarray]:
    """The record as arrays: ``index`` (ascending), ``value`` (1 win, -1 loss, 0 draw), the other columns."""
    letters = np.frombuffer(record["value"].encode(), dtype=np.uint8)
    out: dict[str, np.ndarray] = {"index": np.array(record["index"], dtype=np.int64),
           "value": np.where(letters == ord("W"), 1, np.where(letters == ord("L"), -1, 0)).astype(np.int8)}
    out.update(remoteness=np.array(record["remoteness"], dtype=np.int64), game=np.array(record["game"], dtype=np.int64),
               positions=np.array(record["positions"], dtype=np.int64), draws=np.array(record["draws"], dtype=np.int64))
    return out


def _partner(index: np.ndarray, step: int) -> np.ndarray:
    """Per rule set, the row of the rule set ``step`` combinations on, or -1 where it is not in the record."""
    at = np.searchsorted(index, index + step)
    found = at < index.size
    found[found] = index[at[found]] == index[found] + step
    return np.where(found, at, -1)


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
    effects: list[SpaceEffect] = []
    for label, name, frm, to, step in _steps():
        if name in SPACE_BOOLS:
            here = axes[SPACE_BOOLS.index(name)] == 0
        elif name == "swap_count":  # from swaps 1, 2 or 3 in a row counted by anyone to the same counted by each
            here = np.isin(axes[-4], [k for k, (n, count) in enumerate(SWAPS) if n and count == "row"])
        else:
            axis = {"swaps": -4, "halvesies": -3, "attack": -2, "overflow": -1}[name]
            table: dict[str, list[bool | int | str]] = {"swaps": [n for n, _ in SWAPS], "halvesies": list(HALVESIES),
                                                        "attack": list(ATTACKS), "overflow": list(OVERFLOWS)}
            choices = table[name]
            here = axes[axis] == choices.index(frm)
            if name == "swaps":
                here &= np.array([SWAPS[k][1] == "row" for k in range(len(SWAPS))])[axes[axis]]
        other = _partner(index, step)
        a = np.flatnonzero(here & (other >= 0))
        b = other[a]
        va, vb = value[a], value[b]
        moves = {f"{_WORD[x]}→{_WORD[y]}": int(np.count_nonzero((va == x) & (vb == y)))
                 for x in (0, 1, -1) for y in (0, 1, -1) if x != y}
        changed = int(np.count_nonzero(va != vb))
        effects.append(SpaceEffect({"rule": label, "name": name, "from": frm, "to": to, "pairs": int(a.size),
                                    "changed": changed, "share": changed / a.size if a.size else 0.0,
                                    "same_game": int(np.count_nonzero(game[a] == game[b])),
                                    "directions": {k: v for k, v in moves.items() if v}}))
    effects = [e for e in effects if e["pairs"]]  # a rule every rule set of the map has one way has no pairs
    effects.sort(key=lambda e: (-e["share"], e["rule"]))
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
        specs = space_specs([int(index[k]) for k in found])
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
    """The axis values of combinations ``i``: each on/off rule's bit, then swaps, halvesies, attack, overflow."""
    block = 2 ** len(SPACE_BOOLS)
    rest = i // block
    out = [(i >> k) & 1 for k in range(len(SPACE_BOOLS))]
    out.append(rest % len(SWAPS))
    rest //= len(SWAPS)
    out.append(rest % len(HALVESIES))
    rest //= len(HALVESIES)
    out += [rest % len(ATTACKS), rest // len(ATTACKS)]
    return out


def changes_words(origin: int, index: int) -> str:
    """The changes from combination ``origin`` to ``index``, in words (``Logan clause on, overflow cutoff``)."""
    a, b = space_overrides(origin), space_overrides(index)
    words = []
    for k, v in b.items():
        if a[k] == v or (k == "swap_count" and b["swaps"] == 0):
            continue
        words.append(in_words(k, v))
    return ", ".join(words) or "none"


def main() -> None:
    """Compute the record and write it beside this module."""
    record = record_space()
    path = resources.files("vizgen.reports") / RECORD
    with open(str(path), "wb") as out:
        out.write(gzip.compress(json.dumps(record, separators=(",", ":")).encode(), mtime=0))
    print(f"{format_count(record['rule_sets'])} rule sets, {format_count(record['cpu_seconds'])} s CPU",
          file=sys.stderr)


if __name__ == "__main__":
    argparse.ArgumentParser(prog="python -m vizgen.reports.space",
                            description="Solve the whole rule space around the standard game on the local cores "
                                        "(about an hour on two) and write its record beside this module.").parse_args()
    main()
