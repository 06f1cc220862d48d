"""A solved variant: its graph with every solver's answer, and what follows from it per move and seat.

:func:`solve_variant` runs every solver that applies; :func:`best_edges` marks
the optimal moves and :func:`fate` reads a seat's survival. The figures people
ask of it are in :mod:`vizgen.analysis.figures`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vizgen.engine.graph import StateGraph, check_size, enumerate_graph, estimate_memory
from vizgen.engine.params import Params
from vizgen.engine.random_play import perfect_vs_random, random_play, random_play_seats
from vizgen.engine.solve import Forced, Survival, edge_scores, solve_forced, solve_survival
from vizgen.engine.variants import Variant
from vizgen.util import sizes

__all__ = ["Solved", "best_edges", "fate", "fate_applies", "limits_for", "solve_variant", "survival_fits"]


@dataclass(frozen=True, eq=False)
class Solved:
    """A variant's graph with every solver's answer.

    Attributes
    ----------
    graph : StateGraph
        The reachable positions and moves.
    forced : Forced
        Who can force a win from each position, and the remoteness.
    random_win, perfect_win : numpy.ndarray or None
        Two players only: the mover's winning chance under random play, and
        when playing perfectly against a random opponent.
    survival : Survival or None
        Three or more players, where its memory fits (:func:`limits_for`):
        per position and seat, whether the others can force it out.
    random_seats : numpy.ndarray or None
        Three or more players, up to :data:`vizgen.util.sizes.RANDOM_MAX_STATES`
        positions times players: per position, each seat's chance to win under random play.
    """

    graph: StateGraph
    forced: Forced
    random_win: np.ndarray | None
    perfect_win: np.ndarray | None
    survival: Survival | None = None
    random_seats: np.ndarray | None = None

    @property
    def variant(self) -> Variant:
        """The variant solved."""
        return self.graph.variant


def survival_fits(variant: Variant, max_memory: int | None = None) -> bool:
    """Whether survival runs on ``variant``: more than two players, and the solve with it fits the memory.

    ``max_memory``: bytes this process may use (default: the memory at hand,
    :func:`vizgen.util.sizes.memory_available`). The one decision every solve and every cache key follows.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> survival_fits(resolve("standard:players=3,r=3")), survival_fits(resolve("standard:players=3,r=3"), 1000)
    (True, False)
    >>> survival_fits(resolve("standard"))
    False
    """
    memory = sizes.memory_available().size if max_memory is None else max_memory
    return sizes.solve_limits(variant.params.players, 0, estimate_memory(variant, survival=True), memory).survival


def limits_for(graph: StateGraph, max_memory: int | None = None) -> sizes.SolveLimits:
    """Which optional solvers run on an enumerated graph (:func:`vizgen.util.sizes.solve_limits`).

    Survival runs where the whole solve with it (:func:`vizgen.engine.graph.estimate_memory`)
    fits ``max_memory`` (default: the memory at hand, :func:`vizgen.util.sizes.memory_available`).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard:players=3,r=3"))
    >>> limits_for(graph).survival, limits_for(graph, max_memory=1000).survival
    (True, False)
    """
    memory = sizes.memory_available().size if max_memory is None else max_memory
    limits = sizes.solve_limits(graph.players, graph.n, 0, memory)
    return sizes.SolveLimits(survival=survival_fits(graph.variant, memory), random_seats=limits.random_seats)


def solve_variant(variant: Variant, max_positions: int | None = None, max_memory: int | None = None, *,
                  graph: StateGraph | None = None) -> Solved:
    """Enumerate and solve ``variant`` with every solver that applies to it and fits.

    Parameters
    ----------
    variant : Variant
        The rules.
    max_positions : int, optional
        Refuse larger state spaces (see :func:`vizgen.engine.graph.check_size`).
    max_memory : int, optional
        Bytes the solve may take (default: the memory at hand); survival is left out where it would not fit.
    graph : StateGraph, optional
        ``variant`` already enumerated (``show`` checks a position's reachability before solving).

    Returns
    -------
    Solved
        The graph and the solutions.

    Raises
    ------
    VariantError
        If the variant is too big (:func:`vizgen.engine.graph.check_size`), before any work.
    """
    if graph is None:
        check_size(variant, max_positions, max_memory)
        graph = enumerate_graph(variant, max_positions, max_memory)
    two = graph.players == 2
    limits = limits_for(graph, max_memory)
    return Solved(
        graph=graph,
        forced=solve_forced(graph),
        random_win=random_play(graph) if two else None,
        perfect_win=perfect_vs_random(graph) if two else None,
        survival=solve_survival(graph) if limits.survival else None,
        random_seats=random_play_seats(graph) if limits.random_seats else None,
    )


def best_edges(solved: Solved) -> np.ndarray:
    """Boolean mask of optimal edges.

    A winner picks the fastest forced win, a player who can only lose the
    longest delay, anyone else a move that keeps the game open.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    numpy.ndarray
        bool per edge (aligned with ``graph.indices``).
    """
    g = solved.graph
    score = edge_scores(g, solved.forced, fate(solved, g.players - 1))
    best = np.full(g.n, -1, dtype=np.int64)
    np.maximum.at(best, g.sources, score)
    is_best: np.ndarray = score == best[g.sources]
    return is_best


def fate(solved: Solved, seat: int = 0) -> np.ndarray | None:
    """Per position, how soon the others together can force ``seat`` out: the mover's fate.

    Parameters
    ----------
    solved : Solved
        A solved variant.
    seat : int
        Counted from the player to move (0); ``players - 1`` is the player who just moved.

    Returns
    -------
    numpy.ndarray or None
        int16 plies per position, -1 where the seat survives whatever the others
        do; None with two players, where survival was not computed, or where going
        out wins the game (misere, self-gain), so being forced out is no fate.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> int(fate(solved)[solved.graph.start])
    6
    """
    if solved.survival is None or not fate_applies(solved.variant.params):
        return None
    return solved.survival.out_in[:, seat]


def fate_applies(params: Params) -> bool:
    """Whether being forced out is a player's fate under these rules: not where going out wins (misere, self-gain).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> fate_applies(resolve("standard").params), fate_applies(resolve("misere").params)
    (True, False)
    """
    return not params.misere and params.attack != "self-gain"
