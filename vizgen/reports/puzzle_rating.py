"""Puzzle ratings from a model of human error: a softmax over a shallow search.

A person looking for a move neither picks at random nor plays perfectly: they
look a few plies ahead and prefer what looks good there, more or less sharply.
A **model player** (:class:`ModelPlayer`) does just that. At a position it
scores each move by what max^n sees ``depth`` plies ahead
(:mod:`vizgen.ai.maxn`: every seat's live fingers, a final position's win):
the mover's fingers less the most any other seat has, in fingers. It then
picks each move with a chance proportional to ``exp(sharpness * score)``, a
softmax; sharpness 0 is the random player.

The :data:`LADDER` runs from the random player to a sharp eight-ply look. Each
model player's chance of solving a puzzle is worked out exactly, over its
every choice and the perfect defender's every reply
(:mod:`vizgen.reports.puzzles`). A puzzle's **rating** is the Elo rating that
fits the ladder's solving chances best (:func:`rating_of`): by the Elo scale,
a player rated ``R`` solves a puzzle rated ``P`` with chance
``1 / (1 + 10 ** ((P - R) / 400))``. The model players' own ratings
(:attr:`ModelPlayer.rating`) were fitted once, together with every puzzle of
the catalogue, by the same rule (a Rasch fit, :func:`fit_ladder`, with the
puzzles' mean rating held at 1500); the catalogue lane fits them again
(``tests/test_puzzle_rating.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vizgen.ai.maxn import MaxnTable, finger_unit, maxn_levels
from vizgen.engine.graph import StateGraph

__all__ = ["HIGH", "LADDER", "LOW", "MEAN", "ModelPlayer", "choice_chances", "expected_solves", "fit_ladder",
           "ladder_chances", "move_scores", "rating_of", "ratings_of"]


@dataclass(frozen=True)
class ModelPlayer:
    """A model of a person choosing a move: a softmax over max^n's look ``depth`` plies ahead.

    Attributes
    ----------
    name : str
        What it is, in words.
    depth : int
        How many plies it looks ahead (0: it does not look; it picks at random).
    sharpness : float
        How strongly it prefers the better-looking move (per finger of advantage; 0 is random).
    rating : int
        Its Elo rating, fitted with every puzzle of the catalogue (:func:`fit_ladder`).
    """

    name: str
    depth: int
    sharpness: float
    rating: int


LADDER = (
    ModelPlayer("picks at random", 0, 0.0, 1061),
    ModelPlayer("glances one ply ahead", 1, 0.2, 1247),
    ModelPlayer("looks one ply ahead", 1, 1.0, 1513),
    ModelPlayer("looks two plies ahead", 2, 1.0, 1606),
    ModelPlayer("looks two plies ahead, sharply", 2, 4.0, 1633),
    ModelPlayer("looks three plies ahead, sharply", 3, 4.0, 1715),
    ModelPlayer("looks four plies ahead, sharply", 4, 4.0, 1776),
    ModelPlayer("looks six plies ahead, sharply", 6, 4.0, 1851),
    ModelPlayer("looks eight plies ahead, sharply", 8, 4.0, 1872),
)
"""The model players, weakest first; their ratings are those :func:`fit_ladder` gives on the catalogue's puzzles
(``python -m pytest --catalogue -m catalogue tests/test_puzzle_rating.py`` checks them again)."""

LOW = 600
"""The lowest rating a puzzle gets: one every model player solves every time (461 below the weakest)."""
HIGH = 2300
"""The highest rating a puzzle gets: one no model player ever solves (428 above the strongest)."""
MEAN = 1500
"""The puzzles' mean rating the ladder is fitted to."""
_STEPS = 50
"""Bisection steps of a rating: the interval shrinks below a thousandth of a point, so the rounded rating is
exact and the same on every machine."""


def move_scores(graph: StateGraph, table: MaxnTable) -> np.ndarray:
    """Each move's score for the player making it, as max^n sees the position it leads to.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    table : MaxnTable
        max^n at the depth before the look's (a look ``d`` plies ahead scores the children by ``V_{d-1}``).

    Returns
    -------
    numpy.ndarray
        float64 per edge: the mover's value less the most any other seat has, in fingers (a win counts
        :data:`vizgen.ai.maxn.WIN`).

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> scores = move_scores(g, next(maxn_levels(g, 0)))
    >>> names = g.notations()
    >>> e = next(e for e in range(g.indptr[g.start], g.indptr[g.start + 1]) if names[g.indices[e]] == "12-11")
    >>> float(scores[e])  # 11-11 -> 12-11: the mover keeps 2 fingers, the other now has 3
    -1.0
    """
    unit = finger_unit(graph.rules)
    seen = table.value[graph.indices].astype(np.float64) / unit
    mover = graph.players - 1  # the mover's seat, seen from the position moved to
    others = np.delete(seen, mover, axis=1).max(axis=1)
    scores: np.ndarray = seen[:, mover] - others
    return scores


def choice_chances(graph: StateGraph, scores: np.ndarray, sharpness: float) -> np.ndarray:
    """The chance of each move under a softmax of its score: ``exp(sharpness * score)``, normalised per position.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    scores : numpy.ndarray
        float64 per edge (:func:`move_scores`).
    sharpness : float
        0 for uniform chances; larger prefers the best-scored moves more strongly.

    Returns
    -------
    numpy.ndarray
        float64 per edge; each position's moves' chances add up to 1.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> p = choice_chances(g, np.zeros(g.indices.size), 0.0)
    >>> out = range(g.indptr[g.start], g.indptr[g.start + 1])
    >>> bool(np.isclose(p[out.start:out.stop].sum(), 1.0)), len(out) * float(p[out.start])
    (True, 1.0)
    """
    sources = graph.sources
    moving = np.flatnonzero(np.diff(graph.indptr) > 0)
    weighted = sharpness * scores
    top = np.zeros(graph.n)
    if moving.size:
        top[moving] = np.maximum.reduceat(weighted, graph.indptr[moving])
    weight = np.exp(weighted - top[sources])  # at most 1: no overflow, the largest weight of each position is 1
    total = np.bincount(sources, weights=weight, minlength=graph.n)
    chances: np.ndarray = weight / total[sources]
    return chances


def ladder_chances(graph: StateGraph) -> list[np.ndarray]:
    """Every model player's chance of each move (:func:`choice_chances`), in :data:`LADDER` order.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> chances = ladder_chances(g)
    >>> len(chances) == len(LADDER), bool(np.allclose(np.bincount(g.sources, chances[-1])[g.start], 1.0))
    (True, True)
    """
    levels = list(maxn_levels(graph, max(p.depth for p in LADDER)))
    return [choice_chances(graph, move_scores(graph, levels[max(p.depth - 1, 0)]), p.sharpness) for p in LADDER]


def expected_solves(rating: np.ndarray | float, players: Sequence[float] | np.ndarray) -> np.ndarray:
    """How many of ``players`` (their ratings) are expected to solve a puzzle of ``rating``, by the Elo scale.

    Examples
    --------
    >>> float(expected_solves(1500.0, [1500, 1500]))
    1.0
    >>> expected_solves(np.array([1100.0, 1900.0]), [1500]).round(3).tolist()
    [0.909, 0.091]
    """
    gap = (np.asarray(rating, dtype=np.float64)[..., None] - np.asarray(players, dtype=np.float64)) / 400
    return np.asarray((1 / (1 + 10.0 ** gap)).sum(axis=-1))


def _ratings(solves: np.ndarray, players: np.ndarray) -> np.ndarray:
    """The maximum-likelihood rating of each row of ``solves`` (chances per player) against ``players``,
    held between :data:`LOW` and :data:`HIGH` (bisection: the expected solves fall as the rating rises)."""
    target = solves.sum(axis=1)
    low = np.full(len(solves), float(LOW))
    high = np.full(len(solves), float(HIGH))
    for _ in range(_STEPS):
        mid = (low + high) / 2
        harder = expected_solves(mid, players) > target  # the puzzle is solved less often than a mid one is
        low = np.where(harder, mid, low)
        high = np.where(harder, high, mid)
    ratings: np.ndarray = (low + high) / 2
    return ratings


def rating_of(solves: Sequence[float], players: Sequence[float] | None = None) -> int:
    """A puzzle's rating from the model players' chances of solving it (the module's doc).

    Parameters
    ----------
    solves : sequence of float
        Each model player's chance of solving the puzzle, in :data:`LADDER` order.
    players : sequence of float, optional
        Their ratings (default: the ladder's).

    Returns
    -------
    int
        The rating whose expected solves, by the Elo scale, equal theirs; :data:`LOW` when every player always
        solves it, :data:`HIGH` when none ever does.

    Examples
    --------
    >>> rating_of([0.5, 0.5], [1400, 1600])
    1500
    >>> rating_of([1.0] * len(LADDER)), rating_of([0.0] * len(LADDER))
    (600, 2300)
    >>> rating_of([0.2, 0.5, 0.9], [1200, 1500, 1800]) < rating_of([0.1, 0.5, 0.9], [1200, 1500, 1800])
    True
    """
    return ratings_of(np.asarray([solves], dtype=np.float64), players)[0]


def ratings_of(solves: np.ndarray, players: Sequence[float] | None = None) -> list[int]:
    """:func:`rating_of` for many puzzles at once: one row of chances per puzzle.

    Examples
    --------
    >>> ratings_of(np.array([[0.5, 0.5], [1.0, 1.0]]), [1400, 1600])
    [1500, 600]
    """
    ratings = np.asarray([p.rating for p in LADDER] if players is None else list(players), dtype=np.float64)
    return [round(float(x)) for x in _ratings(np.asarray(solves, dtype=np.float64), ratings)]


def fit_ladder(solves: np.ndarray, rounds: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """Fit the model players' and the puzzles' ratings together (a Rasch fit on the Elo scale).

    Alternates the two maximum-likelihood steps, each player's rating given the puzzles' and each puzzle's given
    the players', and holds the puzzles' mean rating at :data:`MEAN`.

    Parameters
    ----------
    solves : numpy.ndarray
        float, shape ``(puzzles, players)``: each model player's chance of solving each puzzle.
    rounds : int
        How many times to alternate.

    Returns
    -------
    tuple of numpy.ndarray
        The players' ratings and the puzzles' ratings (floats).

    Examples
    --------
    >>> truth_players, truth_puzzles = np.array([1200.0, 1500.0, 1800.0]), np.linspace(1000, 2000, 41)
    >>> chances = 1 / (1 + 10 ** ((truth_puzzles[:, None] - truth_players) / 400))
    >>> players, puzzles = fit_ladder(chances)
    >>> bool(np.abs(players - truth_players).max() < 1 and np.abs(puzzles - truth_puzzles).max() < 1)
    True
    """
    solves = np.asarray(solves, dtype=np.float64)
    players = np.linspace(MEAN - 300, MEAN + 300, solves.shape[1])
    puzzles = _ratings(solves, players)
    for _ in range(rounds):
        # each player's rating: the one whose expected solves over the puzzles equal theirs (bisection)
        low, high = np.full(players.size, MEAN - 2000.0), np.full(players.size, MEAN + 2000.0)
        target = solves.sum(axis=0)
        for _ in range(_STEPS):
            mid = (low + high) / 2
            expected = expected_solves(puzzles[:, None] - mid + MEAN, [MEAN]).sum(axis=0)  # 1/(1+10^((P-R)/400))
            stronger = expected < target
            low = np.where(stronger, mid, low)
            high = np.where(stronger, high, mid)
        players = (low + high) / 2
        players += MEAN - puzzles.mean()
        puzzles = _ratings(solves, players)
    return players, puzzles
