"""The family in figures: the ``stats`` of many related variants, solved once and cached.

Four sweeps over the standard game: the number of players, the roll-over
number ``r`` under roll-over and under cut-off, and the number of hands. Every
figure is a key of :func:`vizgen.analysis.figures.stats`; a variant whose state space
is over the limit (:data:`vizgen.util.sizes.FAMILY_MAX_POSITIONS` by default:
five players (759,375) solve in seconds, six (11.4 million) take about a
minute; the players sweep up to :data:`vizgen.util.sizes.FAMILY_PLAYERS_MAX_POSITIONS`:
six players) is not solved and is reported with its size instead, or with
the figures of a recorded run (``recorded.toml``: seven and eight players). Each
variant's figures are one entry of the cache (:class:`vizgen.util.cache.Cache`),
keyed by the spec and the code that computes them, so a rebuild reads them back at once.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from functools import cache as memoized
from importlib import resources
from typing import Any, NotRequired, TypedDict

from vizgen.analysis.figures import stats
from vizgen.analysis.solved import Solved, limits_for, survival_fits
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.params import Params, estimate_positions
from vizgen.engine.solve import solve_forced, solve_survival
from vizgen.engine.spec import resolve
from vizgen.util import sizes
from vizgen.util.cache import Cache, Entry, code_version

__all__ = ["HANDS", "PLAYERS", "ROLLOVERS", "Family", "FamilyRow", "RecordedRun", "RunNote", "Stats", "VariantFigures",
           "family_figures", "family_specs", "recorded", "variant_figures"]

#: the sweeps of the page
PLAYERS = tuple(range(2, 9))
ROLLOVERS = tuple(range(2, 24))
HANDS = tuple(range(1, 5))
#: the code that computes a variant's figures (the cache's program version)
CODE = ("util", "engine", "analysis", "reports/family.py")

Stats = dict[str, Any]  # open: analysis.figures.Stats computed here, or some of its keys (a recorded run's, TOML)
"""A variant's figures: :func:`vizgen.analysis.figures.stats` (:class:`vizgen.analysis.figures.Stats`), or some of its
keys for a recorded run (``recorded.toml``): read by name, each key where it is there."""


class RunNote(TypedDict):
    """Where a recorded run's figures come from: its command, a note, the machine and the date."""

    command: str
    note: str
    machine: str
    date: str


class RecordedRun(RunNote):
    """A run of ``recorded.toml``: its spec, :class:`RunNote` and its figures."""

    spec: str
    figures: Stats


class VariantFigures(TypedDict):
    """:func:`variant_figures`: the spec, the positions that exist, the figures (None over the limit) and, for a
    recorded run, where they come from."""

    spec: str
    estimate: int
    stats: Stats | None
    recorded: NotRequired[RunNote]


class FamilyRow(VariantFigures):
    """A variant of a sweep: its value on the sweep's axis and :class:`VariantFigures`."""

    x: int


class Family(TypedDict):
    """:func:`family_figures`: the limits used and the sweeps by name."""

    max_positions: int
    players_max_positions: int
    sections: dict[str, list[FamilyRow]]


@memoized
def recorded() -> dict[str, RecordedRun]:
    """The recorded runs of ``recorded.toml`` by spec: ``command``, ``note``, ``machine``, ``date``, ``figures``.

    TOML has no null: a record's ``start`` that leaves out ``remoteness`` (or, with three players or more,
    ``winner``) has it null, as ``vizgen stats --json`` prints it.

    Examples
    --------
    >>> recorded()["standard:players=8"]["figures"]["positions"]
    2562890237
    >>> recorded()["standard:players=7"]["figures"]["start"]["remoteness"] is None
    True
    """
    data = tomllib.loads((resources.files("vizgen.reports") / "recorded.toml").read_text())
    for record in data["record"]:
        start = record["figures"].get("start")
        if start is not None:
            nullable = ("remoteness", "winner") if resolve(record["spec"]).params.players > 2 else ("remoteness",)
            record["figures"]["start"] = {**{k: None for k in nullable}, **start}
    runs: list[RecordedRun] = data["record"]
    return {r["spec"]: r for r in runs}


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


def _check(entry: Entry) -> str | None:
    """Why a cached entry is not a variant's figures, or None."""
    data = entry.data
    if not isinstance(data, dict) or set(data) != {"spec", "estimate", "stats"}:
        return "not a variant's figures"
    return None if isinstance(data["stats"], dict) and "positions" in data["stats"] else "figures without stats"


def _solve(spec: str, max_positions: int) -> Stats:
    graph = enumerate_graph(resolve(spec), max_positions)
    survival = solve_survival(graph) if limits_for(graph).survival else None
    return dict(stats(Solved(graph=graph, forced=solve_forced(graph), random_win=None, perfect_win=None,
                             survival=survival), spec))


def variant_figures(spec: str, max_positions: int | None = None, cache: Cache | None = None) -> VariantFigures:
    """The figures of one variant: ``{"spec", "estimate", "stats"}``, ``stats`` None when over the limit.

    Parameters
    ----------
    spec : str
        The variant.
    max_positions : int, optional
        Solve only if the variant has at most this many possible positions
        (default :data:`vizgen.util.sizes.FAMILY_MAX_POSITIONS`).
    cache : Cache, optional
        Read and write the figures there (no cache when None).

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
    limit = sizes.FAMILY_MAX_POSITIONS if max_positions is None else max_positions
    estimate = estimate_positions(resolve(spec).params)
    if estimate > limit:
        run = recorded().get(spec)
        if run is None:
            return {"spec": spec, "estimate": estimate, "stats": None}
        figures = {**run["figures"], "params": resolve(spec).params.as_dict()}
        return {"spec": spec, "estimate": estimate, "stats": figures,
                "recorded": {"command": run["command"], "note": run["note"], "machine": run["machine"],
                             "date": run["date"]}}
    # survival runs where the machine's memory holds it: the figures differ with it, and so does the key
    entry = (cache or Cache(None)).fetch(
        "family", {"spec": spec, "survival": survival_fits(resolve(spec))}, code_version(*CODE),
        lambda: Entry(data={"spec": spec, "estimate": estimate, "stats": _solve(spec, limit)}), _check)
    variant: VariantFigures = entry.data
    return variant


def family_figures(*, players: Iterable[int] = PLAYERS, rollovers: Iterable[int] = ROLLOVERS,
                   hands: Iterable[int] = HANDS, max_positions: int | None = None,
                   players_max_positions: int | None = None, cache: Cache | None = None,
                   on_step: Callable[[str], None] | None = None,
                   known: Mapping[Params, Stats] | None = None) -> Family:
    """Solve (or read from the cache) every variant of the sweeps.

    Parameters
    ----------
    players, rollovers, hands : iterable of int
        The values of each sweep.
    max_positions : int, optional
        Variants with more possible positions are listed but not solved, with recorded figures where there
        are some (default :data:`vizgen.util.sizes.FAMILY_MAX_POSITIONS`).
    players_max_positions : int, optional
        The same for the players sweep, the larger of the two applying there
        (default :data:`vizgen.util.sizes.FAMILY_PLAYERS_MAX_POSITIONS`).
    cache : Cache, optional
        The cache (none when None).
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
    limit = sizes.FAMILY_MAX_POSITIONS if max_positions is None else max_positions
    players_limit = max(limit, sizes.FAMILY_PLAYERS_MAX_POSITIONS if players_max_positions is None
                        else players_max_positions)
    sections: dict[str, list[FamilyRow]] = {}
    for name, pairs in family_specs(players, rollovers, hands).items():
        rows: list[FamilyRow] = []
        for x, spec in pairs:
            params = resolve(spec).params
            if known is not None and params in known:
                figures: VariantFigures = {"spec": spec, "estimate": estimate_positions(params), "stats": known[params]}
            else:
                figures = variant_figures(spec, players_limit if name == "players" else limit, cache)
            rows.append({"x": x, **figures})
            step(spec)
        sections[name] = rows
    return {"max_positions": limit, "players_max_positions": players_limit, "sections": sections}
