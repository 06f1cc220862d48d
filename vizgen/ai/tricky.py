"""The tricky perfect player: among the optimal moves, the one that gives fallible opponents most chances to go wrong.

The perfect player (:func:`vizgen.ai.games.perfect_player`) keeps the exact
value but, among moves that keep it equally well, takes the one whose notation
sorts first. The tricky player takes the same optimal set (the moves with the
highest :func:`vizgen.engine.solve.edge_scores`) and picks in it the move to the
position with the highest **trap figure** (:func:`trap_figure`), ties to the
smallest notation as before. The figure is per position, one byte, computed
here at build time (its loops in the compiled kernel, :func:`vizgen.engine.kernel.trap_own` and
:func:`vizgen.engine.kernel.trap_opponent`), so a page that ships no moves (the code pages of five and
six players) can still choose the tricky move: it generates the moves, keeps
the optimal ones by their score and takes the highest figure.

The trap figure of a position, for the player who just moved there, is the
chance that random opponents (each moving uniformly among the distinct
resulting positions, as the site's random player does) give that player a
better value class (:func:`vizgen.analysis.marks.value_classes`: loss < held <
win) with one of their moves within the next :data:`ROUNDS` rounds of moves,
the player choosing among its optimal moves the one with the best chance at
each of its own turns in between. With two players that is the chance that
the opponent makes a mistake or a blunder (:mod:`vizgen.analysis.marks`).
docs/RULINGS.md says why it is defined so.
"""

from __future__ import annotations

import weakref

import numpy as np

from vizgen.ai.maxn import best_children, notation_rank
from vizgen.ai.players import Policy
from vizgen.analysis.marks import value_classes
from vizgen.analysis.solved import Solved, fate
from vizgen.engine.graph import StateGraph
from vizgen.engine.kernel import children, trap_opponent, trap_own
from vizgen.engine.solve import Forced, arrival_scores, edge_scores
from vizgen.util import sizes

__all__ = ["ROUNDS", "SCALE", "trap_chances", "trap_figure", "tricky_player"]

ROUNDS = 2
"""Rounds of the opponents' moves the trap figure looks ahead (a round: every other player moves once)."""

SCALE = 254
"""The trap figure is the chance times this, rounded: one byte, as the wire carries it (stored plus one)."""

#: :func:`trap_chances` of each solved variant alive, by rounds: the guide, the puzzles and the page ask for it
_KNOWN: weakref.WeakKeyDictionary[Solved, dict[int, np.ndarray]] = weakref.WeakKeyDictionary()


def _children(graph: StateGraph) -> tuple[np.ndarray, np.ndarray]:
    """The children of every position in CSR form ``(indptr, indices)``; from the kernel when big.

    The graph's own edge arrays carry move ids and take about 40 bytes a move while built; above
    :data:`vizgen.util.sizes.TRICKY_OWN_EDGES_OVER` moves they are listed by :func:`vizgen.engine.kernel.children`
    at 4 bytes a move (six players: 110 million moves, 440 MB).
    """
    if "_edges" in graph.__dict__ or graph.edges <= sizes.TRICKY_OWN_EDGES_OVER:
        return graph.indptr, graph.indices
    return children(graph.codes, graph.winner, graph.rules.kernel_tables(), graph.node_table(), graph.edges)


def trap_chances(solved: Solved, rounds: int = ROUNDS) -> np.ndarray:
    """Per position, the chance the opponents of the player who just moved there go wrong soon (the module's doc).

    Parameters
    ----------
    solved : Solved
        A solved variant.
    rounds : int
        Rounds of the opponents' moves to look ahead (1 or more).

    Returns
    -------
    numpy.ndarray
        float64 chance per position (0 at final positions), read-only: worked out once per solved variant
        and ``rounds`` while the variant is in memory.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> g = solved.graph
    >>> chance = trap_chances(solved, rounds=1)
    >>> # at 01-13 the opponent has two moves: 1>3 blunders (the player who moved there wins), 1>1 keeps the draw
    >>> float(chance[g.node_of(g.rules.parse("01-13"))])
    0.5
    """
    if rounds < 1:
        raise ValueError(f"rounds must be 1 or more, not {rounds}")
    known = _KNOWN.setdefault(solved, {})
    if rounds not in known:
        known[rounds] = _chances(solved, rounds)
        known[rounds].flags.writeable = False
    return known[rounds]


def _chances(solved: Solved, rounds: int) -> np.ndarray:
    """:func:`trap_chances` worked out."""
    g, f = solved.graph, solved.forced
    players = g.players
    indptr, indices = _children(g)
    classes = [value_classes(f.winner, seat, fate(solved, seat)) for seat in range(players)]
    score = arrival_scores(players, f, fate(solved, players - 1))
    chance = np.zeros(g.n)  # where the player is to move in the last round looked at: nothing more to come
    for left in range(rounds):
        if left:  # the player's own move between two rounds: its best chance among its optimal moves
            chance = trap_own(indptr, indices, score, chance)
        for seat in range(1, players):  # the opponent to move there has the player `seat` places after it
            chance = trap_opponent(indptr, indices, classes[seat], classes[seat - 1], chance)
    return chance


def trap_figure(solved: Solved, rounds: int = ROUNDS) -> np.ndarray:
    """Per position, the trap figure: :func:`trap_chances` times :data:`SCALE`, rounded, as one byte.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> figure = trap_figure(solved)
    >>> figure.dtype.name, int(figure[solved.graph.terminal].max())
    ('uint8', 0)
    """
    figure: np.ndarray = np.rint(trap_chances(solved, rounds) * SCALE).astype(np.uint8)
    return figure


def tricky_player(graph: StateGraph, forced: Forced, trap: np.ndarray, rank: np.ndarray | None = None,
                  out_in: np.ndarray | None = None) -> Policy:
    """The tricky perfect player: its move from every position.

    Among the perfect player's optimal moves (the highest :func:`vizgen.engine.solve.edge_scores`, with the same
    ``out_in``), the one to the position with the highest trap figure; ties to the smallest notation.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    forced : Forced
        Its exact solution.
    trap : numpy.ndarray
        :func:`trap_figure` per position.
    rank : numpy.ndarray, optional
        :func:`vizgen.ai.maxn.notation_rank` of ``graph`` (computed if omitted).
    out_in : numpy.ndarray, optional
        As in :func:`vizgen.ai.games.perfect_player`.

    Returns
    -------
    Policy
        Its ``moves``: int64 child node id per position, -1 at final positions.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> g = solved.graph
    >>> tricky = tricky_player(g, solved.forced, trap_figure(solved))
    >>> bool((tricky.moves[g.terminal] == -1).all())
    True
    """
    score = edge_scores(graph, forced, out_in).astype(np.int64) * (SCALE + 1) + np.asarray(trap)[graph.indices]
    return Policy(best_children(graph, score, notation_rank(graph) if rank is None else rank))
