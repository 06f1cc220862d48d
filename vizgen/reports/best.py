"""Which Chopsticks is the best game (#46 item 3): the judged rule space ranked, filtered and scored.

The judged r = 5 record (every rule set of the space with :func:`vizgen.reports.judge.judge`'s measures) comes in
as a :class:`Judgements`: a row a rule set, a column a measure. Rule sets that give the same game (the space's
``game``) have the same measures, so everything here ranks **distinct games**, each shown by its simplest rule set
(the fewest changes from the standard rules). Defined once here, and shipped to the page as data:

- :data:`MEASURES`: the measures a game is ranked by, each with the player it is measured under, its words and
  unit (:data:`vizgen.reports.judge.MEASURES`' own), and which end is better;
- :data:`WEIGHTS` and :func:`composite`: the composite score, 0 to 100 points (docs/JUDGE.md, "The best game");
- :data:`WANTS`: what a group may want (fair, short, rarely drawn, deep), each a threshold on one measure.

:func:`best_figures` gathers the page's figures: the ranked lists for every set of wants, the standard game's rank
on every measure and the one or two rule changes that most improve its score, the top ten, and the scatter's bins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

import numpy as np

if TYPE_CHECKING:
    from vizgen.reports.judged_space import JudgedSpace

from vizgen.analysis.units import count
from vizgen.engine.params import Params
from vizgen.engine.variants import Variant
from vizgen.reports.judge import DEPTH_SHARE, one_change, space_index
from vizgen.reports.judge import MEASURES as JUDGE_MEASURES
from vizgen.reports.puzzle_rating import LADDER
from vizgen.reports.space import changes_words, rule_axes, space_specs, standard_index

__all__ = [
    "AXES",
    "MEASURES",
    "TOP",
    "WANTS",
    "WEIGHTS",
    "BestAxis",
    "BestFigures",
    "BestRow",
    "BestVariant",
    "Judgements",
    "Measure",
    "Want",
    "best_figures",
    "composite",
    "games_of",
    "passes",
    "rank_on",
    "ranked",
    "scatter_cells",
]

Better = Literal["low", "high", "zero"]


@dataclass(frozen=True)
class Measure:
    """A measure games are ranked by: the record's column, its title, who plays, what it means, its unit, and which
    end is better (``zero``: the nearer 0 the better, as balance)."""

    key: str
    title: str
    player: str
    meaning: str
    unit: str
    better: Better
    first: str


def _judged(name: str, player: str, better: Better, first: str) -> Measure:
    """A measure of :data:`vizgen.reports.judge.MEASURES` under one player, in the judge's words."""
    title, meaning, unit = JUDGE_MEASURES[name]
    return Measure(f"{name}.{player}", title, player, meaning, unit, better, first)


#: the measures a game is ranked by, in the page's order (the player each is measured under: middle play, the
#: softmax ladder's middle, is how a group of ordinary players plays; drama under random play, where wins are
#: thrown away)
MEASURES: tuple[Measure, ...] = (
    _judged("balance", "middle", "zero", "fairest first"),
    _judged("drawishness", "middle", "low", "fewest draws first"),
    _judged("duration", "middle", "low", "shortest first"),
    _judged("decisiveness", "middle", "high", "open longest first"),
    _judged("drama", "random", "high", "most dramatic first"),
    Measure("skill_depth", "skill depth", "", f"the softmax ladder's levels, each beating the one below "
            f"{DEPTH_SHARE * 100:g} % or more", "levels", "high", "deepest first"),
    Measure("positions", "positions", "", "the game's reachable positions", "positions", "high", "largest first"),
)
_BY = {m.key: m for m in MEASURES}

#: the composite score's parts and weights (they sum to 1): each part is a measure turned into 0 (worst) to 1
#: (best) by :func:`_parts`; the score is their weighted sum, times 100 points
WEIGHTS: dict[str, float] = {"balance.middle": 0.30, "drawishness.middle": 0.25, "skill_depth": 0.25,
                             "drama.random": 0.10, "decisiveness.middle": 0.10}
#: each part of the composite in words: how its measure is turned into 0 (worst) to 1 (best)
PART_WORDS: dict[str, str] = {
    "balance.middle": "1 less the balance's size (a fair game, 0 points, counts 1; one the first player always "
                      "wins, 1)",
    "drawishness.middle": "1 less the chance nobody wins",
    "skill_depth": "the skill chain's levels over the most the ladder can make, 8",
    "drama.random": "the share of won games in which the winner was once losing, as it is",
    "decisiveness.middle": "how far into a won game the result is settled, as it is (high: open to the end)",
}
#: the deepest skill chain the ladder can make (its levels above the random player)
DEEPEST = len(LADDER) - 1


@dataclass(frozen=True)
class Want:
    """What a group may want of a game: a measure at most (``at_most``) or at least a threshold, in words."""

    key: str
    label: str
    measure: str
    at_most: bool
    threshold: float
    words: str


#: what a group may want, each a threshold on one measure (the page's boxes)
WANTS: tuple[Want, ...] = (
    Want("fair", "fair", "balance.middle", True, 0.1, "fair: under middle play, the first player's score less the "
         "second's is within ±0.1 points (0 is fair)"),
    Want("rarely-drawn", "rarely drawn", "drawishness.middle", True, 0.05, "rarely drawn: under middle play, at "
         "most 5 % of games end with nobody winning"),
    Want("short", "over in 20 plies", "duration.middle", True, 20, "short: under middle play, half the won games "
         "are over in 20 plies or fewer"),
    Want("deep", "deep", "skill_depth", False, 5, "deep: a skill chain of 5 levels or more (the standard game's), "
         "each beating the one below 60 % or more"),
)
_WANT = {w.key: w for w in WANTS}
#: the family's question: fair, rarely drawn and over in 20 plies
FAMILY = ("fair", "rarely-drawn", "short")
#: the ranked lists' length
TOP = 10


@dataclass(frozen=True)
class Judgements:
    """The judged space, a row a rule set: its combination (ascending), its distinct game, and each measure's
    column (float, NaN where the measure was not judged: too large a rule set, or no game won); ``max_positions``:
    the largest game the record played through the chains (None: no bound), a larger one judged by perfect play
    and its size only."""

    index: np.ndarray
    game: np.ndarray
    columns: dict[str, np.ndarray]
    max_positions: int | None = None


@dataclass(frozen=True)
class Games:
    """The distinct games of a :class:`Judgements`: each game's row (its simplest rule set), how many rule sets
    give it, its changes from the standard rules and each measure's column (a row a game)."""

    row: np.ndarray
    rule_sets: np.ndarray
    changes: np.ndarray
    columns: dict[str, np.ndarray]
    composite: np.ndarray


def judgements(record: JudgedSpace | None = None) -> Judgements:
    """The judged space as :class:`Judgements`: the space's rule sets whose game the judged record reaches (all of
    them for the whole record), each with its game's measures in their units (shares as fractions, plies, levels).

    Examples
    --------
    >>> j = judgements()
    >>> j.index.size == j.game.size == j.columns["skill_depth"].size
    True
    """
    from vizgen.reports.judged_space import load_judged
    from vizgen.reports.space import load_record

    record = load_judged() if record is None else record
    space = load_record()
    index = np.asarray(space["index"], dtype=np.int64)
    game = np.asarray(space["game"], dtype=np.int64)
    keep = game < record["games"]
    index, game = index[keep], game[keep]
    c = record["columns"]

    def column(values: list[int | None], unit: int) -> np.ndarray:
        per_game = np.array([np.nan if v is None else v for v in values], dtype=np.float64) / unit
        out: np.ndarray = per_game[game]
        return out

    columns = {m.key: column(c["measures"][m.key.split(".")[0]][m.player], record["units"][m.key.split(".")[0]])
               for m in MEASURES if m.player}
    columns["skill_depth"] = column(c["skill_depth"], 1)
    columns["positions"] = column(list(c["positions"]), 1)
    return Judgements(index, game, columns, record["max_positions"])


def _changes(index: np.ndarray) -> np.ndarray:
    """How many rules each combination changes from the standard game's (an axis a rule).

    Examples
    --------
    >>> _changes(np.array([standard_index(), standard_index() ^ 1])).tolist()
    [0, 1]
    """
    standard = rule_axes(np.array([standard_index()]))
    out = np.zeros(index.shape, dtype=np.int64)
    for axis, s in zip(rule_axes(index), standard):
        out += (axis != s[0]).astype(np.int64)
    return out


def _parts(columns: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Each part of the composite, 0 (worst) to 1 (best): fairness 1 - |balance|, 1 - drawishness, the skill depth
    over :data:`DEEPEST`, the drama and the decisiveness as they are."""
    return {"balance.middle": 1 - np.abs(columns["balance.middle"]),
            "drawishness.middle": 1 - columns["drawishness.middle"],
            "skill_depth": columns["skill_depth"] / DEEPEST,
            "drama.random": columns["drama.random"], "decisiveness.middle": columns["decisiveness.middle"]}


def composite(columns: dict[str, np.ndarray]) -> np.ndarray:
    """The composite score, 0 to 100 points: :data:`WEIGHTS` over :func:`_parts`; NaN where a part is not judged
    (a rule set over the ladder's bound, or a game nobody wins under middle play).

    Examples
    --------
    The standard game (docs/JUDGE.md's worked example):

    >>> standard = {"balance.middle": np.array([0.090]), "drawishness.middle": np.array([0.015]),
    ...             "skill_depth": np.array([5.0]), "drama.random": np.array([0.307]),
    ...             "decisiveness.middle": np.array([0.939])}
    >>> round(float(composite(standard)[0]), 1)
    80.0
    """
    parts = _parts(columns)
    out = np.zeros(next(iter(parts.values())).shape, dtype=np.float64)
    for k, w in WEIGHTS.items():
        out += w * parts[k]
    return 100 * out


def games_of(judged: Judgements) -> Games:
    """The distinct games, in the order of their simplest rule set's combination; each game's simplest rule set is
    the one with the fewest changes from the standard rules (then the smallest combination)."""
    changes = _changes(judged.index)
    order = np.lexsort((judged.index, changes, judged.game))
    first = order[np.r_[True, judged.game[order][1:] != judged.game[order][:-1]]]
    first = np.sort(first)
    counts = np.bincount(judged.game)[judged.game[first]]
    columns = {k: np.asarray(v, dtype=np.float64)[first] for k, v in judged.columns.items()}
    return Games(first, counts, changes[first], columns, composite(columns))


def _score(games: Games, by: str) -> np.ndarray:
    """Each game's score on ``by`` (a measure's key or ``composite``), higher better; NaN where not judged."""
    if by == "composite":
        return games.composite
    m = _BY[by]
    x = games.columns[by]
    out: np.ndarray = {"low": -x, "high": x, "zero": -np.abs(x)}[m.better]
    return out


def passes(games: Games, wants: tuple[str, ...]) -> np.ndarray:
    """Which games give a group all it ``wants`` (:data:`WANTS`' keys); a game not judged on a wanted measure does
    not pass."""
    ok = np.ones(games.row.size, dtype=bool)
    for key in wants:
        w = _WANT[key]
        x = games.columns[w.measure]
        x = np.abs(x) if _BY[w.measure].better == "zero" else x
        with np.errstate(invalid="ignore"):
            ok &= (x <= w.threshold + 1e-12) if w.at_most else (x >= w.threshold - 1e-12)
    return ok


def ranked(games: Games, by: str, wants: tuple[str, ...] = (), limit: int = TOP) -> list[int]:
    """The best games on ``by`` among those that pass ``wants``, best first (ties: the higher composite, then the
    fewer changes from the standard rules, then the smaller combination): positions in ``games``."""
    score = _score(games, by)
    keep = np.flatnonzero(passes(games, wants) & ~np.isnan(score))
    tie = np.nan_to_num(games.composite[keep], nan=-1.0)
    order = np.lexsort((games.row[keep], games.changes[keep], -tie, -score[keep]))
    return [int(g) for g in keep[order][:limit]]


def rank_on(games: Games, at: int, by: str) -> tuple[int, int] | None:
    """Game ``at``'s rank on ``by`` (1 + the games strictly better) of the games judged on it, or None where it is
    not judged on it."""
    score = _score(games, by)
    if np.isnan(score[at]):
        return None
    judged = score[~np.isnan(score)]
    return int(np.count_nonzero(judged > score[at] + 1e-12)) + 1, int(judged.size)


class BestRow(TypedDict):
    """A distinct game as the page lists it: its simplest rule set, its changes from the standard rules in words,
    how many rule sets give it, each measure (null where not judged) and the composite."""

    spec: str
    changes: str
    rule_sets: int
    values: list[float | None]
    composite: float | None


class BestRank(TypedDict):
    """The standard game's rank on one measure (or the composite): its value, rank, and of how many games."""

    key: str
    value: float | None
    rank: int | None
    of: int


class BestAxis(TypedDict):
    """An axis of the scatter: its measure, its lowest value and the width and number of its bins (the last bin
    holds everything above)."""

    key: str
    low: float
    step: float
    bins: int


class BestVariant(TypedDict):
    """A built-in variant as the page scores it: its slug and title, its game's row (None when the page cannot
    score it), its rank on the composite (None: not scored) and, when it is not scored, why."""

    slug: str
    title: str
    row: int | None
    rank: int | None
    why: str | None


class BestFigures(TypedDict):
    """The page's figures (:func:`best_figures`)."""

    rows: list[BestRow]
    lists: dict[str, list[int]]
    passing: dict[str, int]
    standard: int
    ranks: list[BestRank]
    better_one: list[int]
    better_two: list[int]
    top: list[int]
    games: int
    rule_sets: int
    scored: int
    axes: list[BestAxis]
    cells: dict[str, list[list[int]]]
    variants: list[BestVariant]


def wants_key(wants: tuple[str, ...]) -> str:
    """A set of wants as the page's key: the wants in :data:`WANTS`' order, joined by commas.

    Examples
    --------
    >>> wants_key(("short", "fair")), wants_key(())
    ('fair,short', '')
    """
    return ",".join(w.key for w in WANTS if w.key in wants)


def _all_wants() -> list[tuple[str, ...]]:
    """Every set of wants, the empty set first."""
    keys = [w.key for w in WANTS]
    return [tuple(k for b, k in enumerate(keys) if mask >> b & 1) for mask in range(2 ** len(keys))]


def _improvements(judged: Judgements, games: Games, standard: int) -> tuple[list[int], list[int]]:
    """The games one and two rule changes from the standard rules that score more than it, best first (up to 3 each;
    positions in ``games``)."""
    def row_of(i: int) -> int | None:
        at = int(np.searchsorted(judged.index, i))
        return at if at < judged.index.size and judged.index[at] == i else None

    game_at = {int(g): k for k, g in enumerate(judged.game[games.row].tolist())}
    origin = standard_index()
    one = {i: r for i in one_change(origin) if (r := row_of(i)) is not None}
    two = {j: r for i in one for j in one_change(i) if j != origin and j not in one and (r := row_of(j)) is not None}
    own = games.composite[standard]

    def best(found: dict[int, int]) -> list[int]:
        ids = sorted({game_at[int(judged.game[r])] for r in found.values()})
        ids = [g for g in ids if not np.isnan(games.composite[g]) and games.composite[g] > own + 1e-9]
        return sorted(ids, key=lambda g: (-games.composite[g], games.changes[g], games.row[g]))[:3]

    return best(one), best(two)


def _outside(params: Params) -> str:
    """Why a rule set is not one of the r = 5 space's, in words.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> _outside(resolve("three-players").params), _outside(resolve("standard:r=7").params)
    ('it has 3 players; the space has two', 'r = 7; the space has r = 5')
    >>> _outside(resolve("one-hand").params)
    '1 hand each; the space has two'
    """
    if params.players != 2:
        return f"it has {params.players} players; the space has two"
    if params.hands != 2:
        return f"{params.hands} hand{'s' if params.hands != 1 else ''} each; the space has two"
    if params.r != 5:
        return f"r = {params.r}; the space has r = 5"
    return "a rule the r = 5 space does not vary (its start, lives, zombies or split scopes)"


def _variants(judged: Judgements, games: Games,
              variants: list[Variant] | None) -> list[tuple[str, str, int | None, str | None]]:
    """Each variant (the built-in ones by default): its slug, title, its game's position in ``games`` (None when not
    there) and why."""
    from vizgen.engine.variants import REGISTRY

    game_at = {int(g): k for k, g in enumerate(judged.game[games.row].tolist())}
    out: list[tuple[str, str, int | None, str | None]] = []
    for v in REGISTRY.values() if variants is None else variants:
        index = space_index(v.params)
        at = None if index is None else int(np.searchsorted(judged.index, index))
        if index is None:
            out.append((v.slug, v.title, None, f"not in the r = 5 two-player space: {_outside(v.params)}"))
        elif at is None or at >= judged.index.size or judged.index[at] != index:
            out.append((v.slug, v.title, None, "not judged yet: the judged record does not reach its game"))
        elif judged.max_positions is not None and judged.columns["positions"][at] > judged.max_positions:
            out.append((v.slug, v.title, None, f"{count(int(judged.columns['positions'][at]))} positions, over the "
                        f"{count(judged.max_positions)} the judged record plays through: judged by perfect play "
                        "and its size only"))
        else:
            out.append((v.slug, v.title, game_at[int(judged.game[at])], None))
    return out


def _value(x: float) -> float | None:
    """A measure as the page ships it: None where not judged, else to 4 places (the judged record's own precision:
    shares and balances in 1/10,000)."""
    return None if np.isnan(x) else round(float(x), 4)


#: the scatter's axes: (measure, lowest value, bin width, bins); shares in twentieths, balance in tenths of a point
#: either way, the median plies in fives up to 100 (the last bin: 95 or more), the skill depth level by level
AXES: tuple[tuple[str, float, float, int], ...] = (
    ("skill_depth", -0.5, 1.0, DEEPEST + 1), ("drawishness.middle", 0.0, 0.05, 20),
    ("balance.middle", -1.0, 0.1, 20), ("duration.middle", 0.0, 5.0, 20), ("drama.random", 0.0, 0.05, 20),
    ("decisiveness.middle", 0.0, 0.05, 20))


def _bin(x: np.ndarray, low: float, step: float, bins: int) -> np.ndarray:
    """Each value's bin (-1 where not judged); the last bin holds every value above it.

    Examples
    --------
    >>> _bin(np.array([0.0, 0.05, 0.99, 1.0, np.nan]), 0.0, 0.05, 20).tolist()
    [0, 1, 19, 19, -1]
    """
    out = np.full(x.shape, -1, dtype=np.int64)
    ok = ~np.isnan(x)
    out[ok] = np.clip(np.floor((x[ok] - low) / step + 1e-9), 0, bins - 1).astype(np.int64)
    return out


def scatter_cells(games: Games) -> dict[str, list[list[int]]]:
    """For every pair of :data:`AXES` (``a|b``, ``a`` the earlier), the distinct games in each cell judged on both:
    ``[bin of a, bin of b, games]`` a cell that holds any, in order."""
    binned = {key: _bin(games.columns[key], low, step, n) for key, low, step, n in AXES}
    out: dict[str, list[list[int]]] = {}
    for k, (a, *_) in enumerate(AXES):
        for b, _, _, nb in AXES[k + 1:]:
            ok = (binned[a] >= 0) & (binned[b] >= 0)
            flat = np.bincount(binned[a][ok] * nb + binned[b][ok])
            out[f"{a}|{b}"] = [[int(c // nb), int(c % nb), int(flat[c])] for c in np.flatnonzero(flat)]
    return out


def best_figures(judged: Judgements, variants: list[Variant] | None = None) -> BestFigures:
    """The page's figures from the judged space.

    Returns
    -------
    dict
        ``rows``: the games the page shows (:class:`BestRow`); ``lists``: for each set of wants (its key, wants
        joined by commas) and each ranking (``key|by``: a measure's key or ``composite``) the best :data:`TOP`
        games, as positions in ``rows``; ``passing``: how many games pass each set of wants; ``standard``: the
        standard game's row; ``ranks``: its rank on the composite and each measure; ``better_one``,
        ``better_two``: the games one and two changes away that score more; ``top``: the top ten by the composite;
        the counts of games, rule sets and games scored; the scatter's ``axes`` and ``cells``; and ``variants``: each
        of ``variants`` (the built-in ones by default) scored, or why not.
    """
    games = games_of(judged)
    standard_at = int(np.flatnonzero(judged.index == standard_index())[0])
    standard = int(np.searchsorted(games.row, standard_at)) if standard_at in games.row else int(
        np.flatnonzero(judged.game[games.row] == judged.game[standard_at])[0])
    lists: dict[str, list[int]] = {}
    passing: dict[str, int] = {}
    for wants in _all_wants():
        key = wants_key(wants)
        passing[key] = int(np.count_nonzero(passes(games, wants) & ~np.isnan(games.composite)))
        for by in ("composite", *(m.key for m in MEASURES)):
            lists[f"{key}|{by}"] = ranked(games, by, wants)
    one, two = _improvements(judged, games, standard)
    top = lists["|composite"]
    scored = _variants(judged, games, variants)
    shown = sorted({standard, *one, *two, *(g for ids in lists.values() for g in ids),
                    *(g for _, _, g, _ in scored if g is not None)})
    at = {g: k for k, g in enumerate(shown)}
    specs = space_specs([int(judged.index[games.row[g]]) for g in shown])
    origin = standard_index()
    rows = [BestRow(spec=spec, changes=changes_words(origin, int(judged.index[games.row[g]])),
                    rule_sets=int(games.rule_sets[g]), values=[_value(games.columns[m.key][g]) for m in MEASURES],
                    composite=_value(games.composite[g])) for g, spec in zip(shown, specs)]
    ranks: list[BestRank] = []
    for by in ("composite", *(m.key for m in MEASURES)):
        found = rank_on(games, standard, by)
        value = games.composite[standard] if by == "composite" else games.columns[by][standard]
        ranks.append(BestRank(key=by, value=_value(value), rank=found[0] if found else None,
                              of=found[1] if found else int(np.count_nonzero(~np.isnan(_score(games, by))))))
    return BestFigures(rows=rows, lists={k: [at[g] for g in v] for k, v in lists.items()}, passing=passing,
                       standard=at[standard], ranks=ranks, better_one=[at[g] for g in one],
                       better_two=[at[g] for g in two], top=[at[g] for g in top], games=int(games.row.size),
                       rule_sets=int(judged.index.size), scored=int(np.count_nonzero(~np.isnan(games.composite))),
                       axes=[BestAxis(key=k, low=low, step=step, bins=n) for k, low, step, n in AXES],
                       cells=scatter_cells(games),
                       variants=[BestVariant(slug=slug, title=title, row=None if g is None else at[g],
                                             rank=None if g is None or (r := rank_on(games, g, "composite")) is None
                                             else r[0], why=why)
                                 for slug, title, g, why in scored])

