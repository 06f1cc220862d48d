"""Bands: where a position belongs in a picture that shows the solution, and which moves carry meaning.

Plain functions of a solved variant (analysis layer). A position falls in one
of three blocks by its value for the player to move: the draws (or, with more
players, the open positions, where nobody can force a win), the wins and the
losses. Inside a block it sits on a level: the remoteness for decided
positions (0 = game over), the plies from the start for the draws.
"""

from __future__ import annotations

import numpy as np

from vizgen.analysis.solved import Solved, best_edges

__all__ = ["DRAWS", "LOSSES", "WINS", "blocks", "levels", "shown_edges"]

#: Block numbers, left to right in the picture: draws beside the wins they can fall into, wins beside losses.
DRAWS, WINS, LOSSES = 0, 1, 2


def blocks(solved: Solved) -> np.ndarray:
    """Block of every position: :data:`DRAWS`, :data:`WINS` or :data:`LOSSES`.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    numpy.ndarray
        int8 per node: ``DRAWS`` where nobody can force a win, ``WINS`` where the
        player to move can, ``LOSSES`` where another player can (final
        positions included).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> [int((blocks(solved) == b).sum()) for b in (DRAWS, WINS, LOSSES)]
    [162, 25, 17]
    """
    value = solved.forced.value
    return np.where(value == 0, DRAWS, np.where(value > 0, WINS, LOSSES)).astype(np.int8)


def levels(solved: Solved) -> np.ndarray:
    """Level of every position inside its block.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    numpy.ndarray
        int32 per node: the remoteness of a decided position (plies to the end
        under best play, 0 at game over), the plies from the start (shortest
        path) of a draw.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> int(levels(solved)[solved.graph.start])  # the start is a draw, 0 plies from itself
    0
    """
    f = solved.forced
    return np.where(f.winner >= 0, f.remoteness, solved.graph.depth).astype(np.int32)


def shown_edges(solved: Solved) -> np.ndarray:
    """The moves drawn by default: the optimal moves of decided positions.

    A decided position's optimal moves make a path to the end of the game (the
    winner's fastest win, the loser's longest delay); the draws' moves are
    left to the selected position, whose moves and parents the page adds.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    numpy.ndarray
        bool per edge (aligned with ``graph.indices``).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> shown = shown_edges(solved)
    >>> bool(shown.any()), bool(shown.all())
    (True, False)
    """
    g = solved.graph
    shown: np.ndarray = best_edges(solved) & (solved.forced.winner[g.sources] >= 0)
    return shown
