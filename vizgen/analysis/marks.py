"""Marks: how a move played compares with the best one, for the player who chose it (docs/RULINGS.md).

A player's value in a position is one of three classes (:func:`value_classes`):
a forced win (:data:`WIN`); a position they can hold (:data:`HOLD`: a draw
with two players; with more, no one can force a win and, where the mover's fate
is known, they survive whatever the others do); or a lost one (:data:`LOSS`:
another seat can force a win, or the others together can force them out).
A move's mark (:func:`marks`, an index into :data:`vizgen.analysis.words.MARKS`)
compares the chooser's class after it with the best class they could keep (the
best class among their moves: the position's class for its mover, except,
without the mover's fate, an open position whose every move hands some seat a
forced win, which is lost whatever they play): **best** if it is one of the
optimal moves (:func:`vizgen.analysis.solved.best_edges`), an **inaccuracy** if
it keeps the class otherwise (a slower win, a quicker loss), a **mistake** if it
turns a win into a position held, a **blunder** if it turns a win or a held
position into a loss. :func:`edge_marks` marks every move of a solved variant;
:func:`say_review` writes a review's sentence.
"""

from __future__ import annotations

import numpy as np

from vizgen.analysis import words
from vizgen.analysis.solved import Solved, best_edges, fate

__all__ = ["BEST", "BLUNDER", "HOLD", "INACCURACY", "LOSS", "MISTAKE", "WIN", "edge_marks", "marks", "say_review",
           "value_classes"]

LOSS, HOLD, WIN = 0, 1, 2
"""A player's value classes, worst first."""

BEST, INACCURACY, MISTAKE, BLUNDER = (next(i for i, m in enumerate(words.MARKS) if m.key == key)
                                      for key in ("best", "inaccuracy", "mistake", "blunder"))
"""Mark codes: indices into :data:`vizgen.analysis.words.MARKS`."""


def value_classes(winner: np.ndarray, seat: int, out_in: np.ndarray | None = None) -> np.ndarray:
    """Per position, the value class of the player in ``seat``.

    Parameters
    ----------
    winner : numpy.ndarray
        Per position, the seat that can force a win (-1 none; the winner at a final position).
    seat : int
        Counted from the player to move there: 0 the mover, ``players - 1`` the player who just moved.
    out_in : numpy.ndarray, optional
        Per position, the plies in which the others together can force ``seat`` out, -1 if it survives
        (:func:`vizgen.analysis.solved.fate` of that seat); None where the fate does not apply.

    Returns
    -------
    numpy.ndarray
        int8 :data:`WIN`, :data:`HOLD` or :data:`LOSS` per position.

    Examples
    --------
    >>> value_classes(np.array([0, 1, -1]), 0).tolist()
    [2, 0, 1]
    >>> value_classes(np.array([2, -1, -1, 0]), 2, np.array([-1, -1, 4, 0])).tolist()
    [2, 1, 0, 0]
    """
    winner = np.asarray(winner)
    hold = winner < 0
    if out_in is not None:
        hold = hold & (np.asarray(out_in) < 0)
    return np.where(winner == seat, WIN, np.where(hold, HOLD, LOSS)).astype(np.int8)


def marks(before: np.ndarray, after: np.ndarray, best: np.ndarray) -> np.ndarray:
    """Mark moves from the chooser's class before and after each, and whether it is an optimal move.

    Parameters
    ----------
    before, after : numpy.ndarray
        Per move, the best value class the chooser could keep (:func:`value_classes`) and the one it leads to.
    best : numpy.ndarray
        Per move, whether it is one of the optimal moves.

    Returns
    -------
    numpy.ndarray
        int8 mark codes (:data:`BEST`, :data:`INACCURACY`, :data:`MISTAKE`, :data:`BLUNDER`).

    Examples
    --------
    >>> best = np.array([True, False, False, False, False])
    >>> codes = marks(np.array([2, 2, 2, 1, 0]), np.array([2, 2, 1, 0, 0]), best)
    >>> [words.MARKS[c].key for c in codes]
    ['best', 'inaccuracy', 'mistake', 'blunder', 'inaccuracy']
    """
    before, after = np.asarray(before), np.asarray(after)
    return np.select([np.asarray(best, dtype=bool), after == before, after == HOLD],
                     [BEST, INACCURACY, MISTAKE], BLUNDER).astype(np.int8)


def edge_marks(solved: Solved) -> np.ndarray:
    """Mark every move of a solved variant for the player who plays it.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    numpy.ndarray
        int8 mark code per edge (aligned with ``graph.indices``).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> np.bincount(edge_marks(solved), minlength=4).tolist()  # best, inaccuracy, mistake, blunder
    [461, 1, 28, 41]
    """
    g, f = solved.graph, solved.forced
    players = g.players
    after = value_classes(f.winner, players - 1, fate(solved, players - 1))[g.indices]
    moving = np.flatnonzero(np.diff(g.indptr) > 0)
    keep = np.zeros(g.n, dtype=np.int8)
    keep[moving] = np.maximum.reduceat(after, g.indptr[moving]) if moving.size else 0
    return marks(keep[g.sources], after, best_edges(solved))


def say_review(move: str, mark: int, played: tuple[int, int, int], best: str | None = None,
               kept: tuple[int, int, int] | None = None) -> str:
    """A review's sentence about one move: what it did and, if it was not the best, what the best move kept.

    Parameters
    ----------
    move : str
        The move played, in notation.
    mark : int
        Its mark code.
    played : tuple of int
        What it means for the chooser (:func:`vizgen.analysis.words.choices` of its target): code, ``n``, ``k``.
    best, kept : str and tuple of int, optional
        An optimal move and what it means for the chooser, said when the move played was not one.

    Returns
    -------
    str
        The sentence (:data:`vizgen.analysis.words.REVIEW`).

    Examples
    --------
    At ``01-13`` in the standard game (:func:`vizgen.analysis.words.choices` reads the two targets):

    >>> lose = next(i for i, c in enumerate(words.CHOICES) if c.key == "you-lose")
    >>> draw = next(i for i, c in enumerate(words.CHOICES) if c.key == "draw")
    >>> say_review("1>3", BLUNDER, (lose, 1, 1), "1>1", (draw, -1, -1))
    '1>3?? lets them win in 1 ply; 1>1 kept the draw'
    >>> say_review("1>1", BEST, (draw, -1, -1))
    '1>1 leads to a draw'
    """
    table = words.REVIEW
    code, n, k = played
    text = table["sentence"].format(move=move, mark=words.MARKS[mark].symbol,
                                    played=words.fill(table["played"][words.CHOICES[code].key], n=n, k=k))
    if mark != BEST and best is not None and kept is not None:
        code, n, k = kept
        text += table["better"].format(best=best, kept=words.fill(table["kept"][words.CHOICES[code].key], n=n, k=k))
    return text
