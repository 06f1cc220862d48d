"""Depth-limited max^n search (docs/RULES.md section 8): the AI of the multiplayer paper.

Every player maximises their own component of a utility vector. The
evaluation ``V_0`` of a position gives each seat its live fingers (the sum of
its hands); a final position gives the winner :data:`WIN` and the others 0,
and keeps that vector at every depth. At depth ``d`` the player to move takes
the child whose ``V_{d-1}`` gives them the most; on a tie, the child whose
notation is smallest in plain string order. Vectors are indexed by seat from
the player to move (0 = the mover); seat ``k`` of a position is seat ``k - 1``
of each of its children, so a child's vector is rotated by one place.

Two ways to compute it, with the same answers:

- :func:`maxn_levels` / :func:`maxn_table` / :func:`maxn_player`: every
  position of an enumerated graph at once, a dynamic programme of ``depth``
  vectorised passes over the moves.
- :class:`vizgen.ai.search.MaxnSearch` / :func:`vizgen.ai.search.choose`:
  one position on demand, a memoised depth-first search over ``(position,
  depth)`` that generates moves with the rules as it goes (no enumeration).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from vizgen.ai.players import Policy
from vizgen.engine.graph import StateGraph
from vizgen.engine.rules import Rules

__all__ = [
    "MAX_DEPTH",
    "WIN",
    "MaxnTable",
    "best_children",
    "check_depth",
    "evaluate",
    "evaluation",
    "finger_counts",
    "finger_unit",
    "maxn_levels",
    "maxn_player",
    "maxn_table",
    "notation_rank",
]

WIN = 10
"""The winner's component of a final position's vector (the others get 0)."""

MAX_DEPTH = 100
"""The deepest search accepted (the paper goes to 8)."""


def check_depth(depth: int) -> None:
    """Raise ValueError unless ``depth`` is a search depth max^n accepts (0 to :data:`MAX_DEPTH`).

    Examples
    --------
    >>> check_depth(101)
    Traceback (most recent call last):
    ...
    ValueError: depth must be 0 .. 100, not 101
    """
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be 0 .. {MAX_DEPTH}, not {depth}")


def finger_unit(rules: Rules) -> int:
    """How many evaluation points a finger is worth: 2 with stumps (a half finger is a point), else 1.

    The evaluation counts in whole points so that comparisons stay exact; every value of a search is
    this many times the rules' own (:data:`WIN` too), which orders moves the same.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> finger_unit(Rules(resolve("standard"))), finger_unit(Rules(resolve("standard:stumps=true,r=3")))
    (1, 2)
    """
    return 2 if rules.params.stumps else 1


def finger_counts(rules: Rules) -> np.ndarray:
    """Live fingers of every player state of ``rules`` in points (int16, by state index): the evaluation's counts.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> finger_counts(Rules(resolve("standard")))[:6].tolist()  # 00, 01, 02, 03, 04, 11
    [0, 1, 2, 3, 4, 2]
    """
    return np.round(rules.fingers * finger_unit(rules)).astype(np.int16)


def evaluate(rules: Rules, fingers: np.ndarray, codes: np.ndarray, winner: np.ndarray) -> np.ndarray:
    """``V_0`` of every code: an int16 array of shape ``(len(codes), players)``.

    Each seat's live fingers (:func:`finger_counts`), or at a final position :data:`WIN` for the winner
    and 0 for the others (in points: :func:`finger_unit`).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> codes = np.array([rules.encode(rules.parse(t)) for t in ("12-11", "00-14")])
    >>> evaluate(rules, finger_counts(rules), codes, rules.winners(codes)).tolist()
    [[3, 2], [0, 10]]
    """
    _, seats = rules.seats(codes)
    value = np.stack([fingers[s] for s in seats], axis=1)
    final = np.flatnonzero(winner >= 0)
    value[final] = 0
    value[final, winner[final]] = WIN * finger_unit(rules)
    return value


def evaluation(graph: StateGraph) -> np.ndarray:
    """The evaluation ``V_0`` of every position of ``graph``.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.

    Returns
    -------
    numpy.ndarray
        int16, shape ``(graph.n, graph.players)``: per position and seat (0 =
        the player to move) the live fingers, or at a final position
        :data:`WIN` for the winner and 0 for everyone else.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> evaluation(graph)[graph.start].tolist()
    [2, 2]
    """
    return evaluate(graph.rules, finger_counts(graph.rules), graph.codes, graph.winner)


def notation_rank(graph: StateGraph) -> np.ndarray:
    """The place of every position's notation in plain string order.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.

    Returns
    -------
    numpy.ndarray
        int64 per node: 0 for the node whose notation sorts first.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> names = graph.notations()
    >>> names[int(notation_rank(graph).argmin())] == min(names)
    True
    """
    order = np.argsort(np.array(graph.notations()), kind="stable")
    rank = np.empty(graph.n, dtype=np.int64)
    rank[order] = np.arange(graph.n)
    return rank


def best_children(graph: StateGraph, score: np.ndarray, rank: np.ndarray) -> np.ndarray:
    """Per position, the child on the out-edge with the highest score; ties to the smallest notation.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    score : numpy.ndarray
        A non-negative integer score per edge (aligned with ``graph.indices``).
    rank : numpy.ndarray
        :func:`notation_rank` of ``graph``.

    Returns
    -------
    numpy.ndarray
        int64 child node id per position, -1 where there is no move.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> first = best_children(graph, np.zeros(graph.indices.size, dtype=np.int64), notation_rank(graph))
    >>> names = graph.notations()
    >>> names[first[graph.start]] == min(names[c] for c in graph.successors(graph.start))
    True
    """
    n = graph.n
    order = np.empty(n, dtype=np.int64)
    order[rank] = np.arange(n)
    moving = np.flatnonzero(np.diff(graph.indptr) > 0)
    key = score.astype(np.int64) * n + (n - 1 - rank[graph.indices])
    best = np.maximum.reduceat(key, graph.indptr[moving]) if moving.size else key[:0]
    choice = np.full(n, -1, dtype=np.int64)
    choice[moving] = order[n - 1 - best % n]
    return choice


@dataclass(frozen=True, eq=False)
class MaxnTable:
    """max^n at one depth for every position of a graph.

    Attributes
    ----------
    depth : int
        The search depth ``d``.
    value : numpy.ndarray
        int16 ``V_d``, shape ``(n, players)``, seat 0 = the player to move.
    choice : numpy.ndarray
        int64 child node id the player to move takes at depth ``d``; -1 at
        final positions and everywhere at depth 0.
    """

    depth: int
    value: np.ndarray
    choice: np.ndarray

    @property
    def player(self) -> Policy:
        """The max^n player at this depth (its moves are :attr:`choice`)."""
        return Policy(self.choice)


def maxn_levels(graph: StateGraph, depth: int) -> Iterator[MaxnTable]:
    """max^n for every position at depths ``0, 1, ..., depth``: one pass over the moves per depth.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    depth : int
        The last depth, 0 .. :data:`MAX_DEPTH`.

    Yields
    ------
    MaxnTable
        Depth 0 (the evaluation) first, then each deeper level.

    Raises
    ------
    ValueError
        If ``depth`` is out of range.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> [t.value[graph.start].tolist() for t in maxn_levels(graph, 2)]
    [[2, 2], [2, 3], [3, 3]]
    """
    check_depth(depth)
    players = graph.players
    value = evaluation(graph)
    rank = notation_rank(graph)
    yield MaxnTable(0, value, np.full(graph.n, -1, dtype=np.int64))
    moving = np.flatnonzero(np.diff(graph.indptr) > 0)
    for d in range(1, depth + 1):
        choice = best_children(graph, value[graph.indices, players - 1], rank)
        value = value.copy()
        value[moving] = np.roll(value[choice[moving]], 1, axis=1)
        yield MaxnTable(d, value, choice)


def maxn_table(graph: StateGraph, depth: int) -> MaxnTable:
    """max^n at ``depth`` for every position of ``graph`` (see :func:`maxn_levels`).

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    depth : int
        The search depth, 0 .. :data:`MAX_DEPTH`.

    Returns
    -------
    MaxnTable
        Values and choices at ``depth``.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> table = maxn_table(graph, 1)
    >>> graph.notations()[table.choice[graph.start]]
    '12-11'
    """
    *_, table = maxn_levels(graph, depth)
    return table


def maxn_player(graph: StateGraph, depth: int) -> Policy:
    """The max^n player searching ``depth`` plies deep: its move from every position.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    depth : int
        The search depth, 1 .. :data:`MAX_DEPTH`.

    Returns
    -------
    Policy
        Its ``moves`` (:attr:`MaxnTable.choice`): int64 child node id per position, -1 at final positions.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> player = maxn_player(graph, 3)
    >>> bool((player.moves[graph.terminal] == -1).all())
    True
    """
    if depth < 1:
        raise ValueError(f"a move needs depth 1 or more, not {depth}")
    return maxn_table(graph, depth).player
