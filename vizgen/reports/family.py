"""The family in figures: the ``stats`` of many related variants, solved once and cached.

Four sweeps over the standard game: the number of players, the roll-over
number ``r`` under roll-over and under cut-off, and the number of hands. Every
figure is a key of :func:`vizgen.analysis.figures.stats`; a variant whose state space
is over the limit is not solved and is reported with its size instead, or with
the figures of a recorded run (``recorded.toml``: eight players). Each
variant's figures are cached as one JSON file, keyed by the package version,
:data:`FAMILY_VERSION` and the spec, so a rebuild reads them back at once.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from vizgen import __version__
from vizgen.analysis.figures import stats
from vizgen.analysis.solved import SURVIVAL_MAX_POSITIONS, Solved
from vizgen.engine.graph import DEFAULT_MAX_POSITIONS as STATS_MAX_POSITIONS
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.solve import solve_forced, solve_survival
from vizgen.engine.variants import Params, estimate_positions, resolve

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "FAMILY_VERSION",
    "HANDS",
    "PLAYERS",
    "PLAYERS_MAX_POSITIONS",
    "ROLLOVERS",
    "family_figures",
    "family_specs",
    "recorded",
    "variant_figures",
]

#: bump when the figures or their file format change: the cache then misses
FAMILY_VERSION = 3
#: the sweeps of the page
PLAYERS = tuple(range(2, 9))
ROLLOVERS = tuple(range(2, 24))
HANDS = tuple(range(1, 5))
#: solve variants up to this many possible positions by default: five players (759,375) in seconds; six
#: players (11.4 million) take about a minute and several GB, so they need a raised limit
DEFAULT_MAX_POSITIONS = 1_000_000
#: the players sweep solves what ``stats`` solves: seven players (170.9 million positions, about 75 s and 5 GB on
#: two cores, cached after); eight come from ``recorded.toml``
PLAYERS_MAX_POSITIONS = STATS_MAX_POSITIONS


@cache
def recorded() -> dict[str, dict[str, Any]]:
    """The recorded runs of ``recorded.toml`` by spec: ``command``, ``note``, ``machine``, ``date``, ``figures``.

    Examples
    --------
    >>> recorded()["standard:players=8"]["figures"]["positions"]
    2562890237
    """
    data = tomllib.loads((resources.files("vizgen.reports") / "recorded.toml").read_text())
    return {r["spec"]: r for r in data["record"]}


def family_specs(players: Iterable[int] = PLAYERS, rollovers: Iterable[int] = ROLLOVERS,
                 hands: Iterable[int] = HANDS) -> dict[str, list[tuple[int, str]]]:
    """The sweeps: section name -> ``(x, spec)`` pairs.

    Examples
    --------
    >>> family_specs(players=[2, 3], rollovers=[5], hands=[1])["cutoff"]
    [(5, 'cutoff:r=5')]
    """
    return {
        "players": [(p, f"standard:players={p}") for p in players],
        "rollover": [(r, f"standard:r={r}") for r in rollovers],
        "cutoff": [(r, f"cutoff:r={r}") for r in rollovers],
        "hands": [(h, f"standard:hands={h}") for h in hands],
    }


def _cache_file(cache_dir: Path, spec: str) -> Path:
    key = json.dumps({"version": __version__, "family": FAMILY_VERSION, "spec": spec}, sort_keys=True)
    return cache_dir / "family" / f"{hashlib.sha256(key.encode()).hexdigest()[:20]}.json"


def variant_figures(spec: str, max_positions: int = DEFAULT_MAX_POSITIONS,
                    cache_dir: Path | None = None) -> dict[str, Any]:
    """The figures of one variant: ``{"spec", "estimate", "stats"}``, ``stats`` None when over the limit.

    Parameters
    ----------
    spec : str
        The variant.
    max_positions : int
        Solve only if the variant has at most this many possible positions.
    cache_dir : pathlib.Path, optional
        Read and write the cached figures here (no cache when None).

    Returns
    -------
    dict
        ``spec``, ``estimate`` (positions that exist) and ``stats``
        (:func:`vizgen.analysis.figures.stats` with survival but without the random-play odds, or None); over the
        limit, a recorded run's figures (some keys only) with ``recorded``: its command, note, machine and date.

    Examples
    --------
    >>> variant_figures("standard")["stats"]["positions"]
    204
    >>> variant_figures("standard:players=6", max_positions=1000)["stats"] is None
    True
    """
    estimate = estimate_positions(resolve(spec).params)
    if estimate > max_positions:
        run = recorded().get(spec)
        if run is None:
            return {"spec": spec, "estimate": estimate, "stats": None}
        figures = {**run["figures"], "params": resolve(spec).params.as_dict()}
        return {"spec": spec, "estimate": estimate, "stats": figures,
                "recorded": {k: v for k, v in run.items() if k not in ("spec", "figures")}}
    path = None if cache_dir is None else _cache_file(cache_dir, spec)
    if path is not None and path.is_file():
        return json.loads(path.read_text())
    graph = enumerate_graph(resolve(spec), max_positions)
    survival = solve_survival(graph) if graph.players > 2 and graph.n <= SURVIVAL_MAX_POSITIONS else None
    figures = stats(Solved(graph=graph, forced=solve_forced(graph), random_win=None, perfect_win=None,
                           survival=survival), spec)
    out = {"spec": spec, "estimate": estimate, "stats": figures}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(out, sort_keys=True))
        tmp.replace(path)
    return out


def family_figures(*, players: Iterable[int] = PLAYERS, rollovers: Iterable[int] = ROLLOVERS,
                   hands: Iterable[int] = HANDS, max_positions: int = DEFAULT_MAX_POSITIONS,
                   players_max_positions: int = PLAYERS_MAX_POSITIONS,
                   cache_dir: Path | None = None, on_step: Callable[[str], None] | None = None,
                   known: Mapping[Params, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Solve (or read from the cache) every variant of the sweeps.

    Parameters
    ----------
    players, rollovers, hands : iterable of int
        The values of each sweep.
    max_positions : int
        Variants with more possible positions are listed but not solved (recorded figures where there are some).
    players_max_positions : int
        The same for the players sweep (the larger of the two applies there).
    cache_dir : pathlib.Path, optional
        The cache folder (none when None).
    on_step : callable, optional
        Called with each spec once its figures are ready.
    known : mapping, optional
        Figures already computed (:func:`vizgen.analysis.figures.stats` by parameter set, e.g. the site's
        own pages): used as they are instead of solving those variants again.

    Returns
    -------
    dict
        ``max_positions``, ``players_max_positions`` and ``sections``: name -> list of
        ``{"x", "spec", "estimate", "stats"}`` (and ``recorded`` for a recorded run).

    Examples
    --------
    >>> fig = family_figures(players=[2], rollovers=[3], hands=[2])
    >>> fig["sections"]["rollover"][0]["stats"]["positions"]
    26
    """
    step = on_step or (lambda label: None)
    sections: dict[str, list[dict[str, Any]]] = {}
    for name, pairs in family_specs(players, rollovers, hands).items():
        rows = []
        for x, spec in pairs:
            params = resolve(spec).params
            if known is not None and params in known:
                figures = {"spec": spec, "estimate": estimate_positions(params), "stats": known[params]}
            else:
                limit = max(max_positions, players_max_positions) if name == "players" else max_positions
                figures = variant_figures(spec, limit, cache_dir)
            rows.append({"x": x, **figures})
            step(spec)
        sections[name] = rows
    return {"max_positions": max_positions, "players_max_positions": max(max_positions, players_max_positions),
            "sections": sections}
