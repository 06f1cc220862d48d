"""Solved variants kept in the cache: a warm build reads five and six players back instead of solving them.

:func:`solve_stored` is :func:`vizgen.analysis.solved.solve_variant` through
the cache (:class:`vizgen.util.cache.Cache`): every array of a
:class:`~vizgen.analysis.solved.Solved` (the enumeration's arrays over the code
space, the forced wins, survival, random play) is one part of an entry keyed
by the rules and by which solvers ran; the compiled rule tables are rebuilt
from the variant. Six players take about 270 MB, read back in a fraction of
a second, against half a minute to solve.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import numpy as np

from vizgen.analysis.solved import Solved, solve_variant, survival_fits
from vizgen.engine.graph import StateGraph, check_size
from vizgen.engine.rules import Rules
from vizgen.engine.solve import Forced, Survival
from vizgen.engine.variants import Variant
from vizgen.util.cache import Cache, Entry, code_version
from vizgen.util.text import format_count

__all__ = ["CODE", "from_entry", "solve_stored", "to_entry"]

#: the code that solves a variant (the cache's program version)
CODE = ("util", "engine", "analysis")
#: the graph's own arrays, over the code space
_SPACE = ("space_depth", "space_winner", "space_outdeg")
#: Solved's fields that hold a dataclass of per-position arrays, and its class
_NESTED: dict[str, Any] = {"forced": Forced, "survival": Survival}


def to_entry(solved: Solved) -> Entry:
    """A solved variant as a cache entry: its arrays, and its graph's counts as data.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> entry = to_entry(solve_variant(resolve("standard")))
    >>> entry.data["graph"], sorted(entry.arrays)[:3]
    ({'n': 204, 'edges': 531, 'start_code': 80}, ['forced.remoteness', 'forced.winner', 'graph.space_depth'])
    """
    g = solved.graph
    arrays = {f"graph.{name}": getattr(g, name) for name in _SPACE}
    absent = []
    for f in fields(Solved):
        value = getattr(solved, f.name)
        if f.name == "graph":
            continue
        if value is None:
            absent.append(f.name)
        elif f.name in _NESTED:
            arrays.update({f"{f.name}.{inner.name}": getattr(value, inner.name) for inner in fields(value)})
        elif isinstance(value, np.ndarray):
            arrays[f.name] = value
        else:
            raise TypeError(f"Solved.{f.name}: cannot keep a {type(value).__name__} in the cache")
    return Entry(data={"graph": {"n": g.n, "edges": g.edges, "start_code": g.start_code}, "absent": absent},
                 arrays=arrays)


def from_entry(variant: Variant, entry: Entry) -> Solved:
    """The solved variant of a cache entry (:func:`to_entry`), its shapes checked.

    Raises
    ------
    ValueError
        If the entry's arrays do not fit the variant (the cache then discards it).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> again = from_entry(solved.variant, to_entry(solved))
    >>> again.graph.n, bool((again.survival.out_in == solved.survival.out_in).all())
    (196, True)
    """
    rules = Rules(variant)
    counts, arrays = entry.data["graph"], dict(entry.arrays)
    space = {name: arrays.pop(f"graph.{name}") for name in _SPACE}
    if any(a.shape != (rules.space,) for a in space.values()):
        raise ValueError(f"arrays over {format_count(rules.space)} codes expected")
    n = int(counts["n"])
    if int(np.count_nonzero(space["space_depth"] >= 0)) != n:
        raise ValueError("the reachable positions do not add up")
    if any(a.ndim == 0 or a.shape[0] != n for a in arrays.values()):
        raise ValueError(f"arrays of {format_count(n)} positions expected")
    graph = StateGraph(rules=rules, n=n, edges=int(counts["edges"]), start_code=int(counts["start_code"]), **space)
    values: dict[str, Any] = {"graph": graph}
    for f in fields(Solved):
        if f.name == "graph":
            continue
        if f.name in entry.data["absent"]:
            values[f.name] = None
        elif f.name in _NESTED:
            values[f.name] = _NESTED[f.name](**{inner.name: arrays[f"{f.name}.{inner.name}"]
                                                for inner in fields(_NESTED[f.name])})
        else:
            values[f.name] = arrays[f.name]
    return Solved(**values)


def solve_stored(variant: Variant, cache: Cache | None, max_positions: int | None = None,
                 max_memory: int | None = None) -> Solved:
    """:func:`~vizgen.analysis.solved.solve_variant` through the cache.

    The size check comes first, whatever the cache holds. The entry is keyed
    by the rules and by whether survival runs (it follows the memory at hand).

    Parameters
    ----------
    variant : Variant
        The rules.
    cache : Cache or None
        Where solved variants are kept (None: solve).
    max_positions, max_memory : int, optional
        As for :func:`~vizgen.analysis.solved.solve_variant`.

    Returns
    -------
    Solved
        The same arrays as a fresh solve.
    """
    check_size(variant, max_positions, max_memory)
    inputs = {"params": variant.params.as_dict(), "survival": survival_fits(variant, max_memory)}
    version = code_version(*CODE, packages=("numpy", "scipy"))
    cache = cache or Cache(None)
    read: list[Solved] = []
    if cache.get("solved", inputs, version, lambda entry: read.append(from_entry(variant, entry))) is not None:
        return read[0]
    solved = solve_variant(variant, max_positions, max_memory)
    cache.put("solved", inputs, version, to_entry(solved))
    return solved
