"""Every per-position fact a page shows, computed once for a solved variant.

:func:`position_facts` reads the solvers' answers into plain numpy arrays, one
entry per position (node id), in the words layer's terms: the verdict for the
player to move with its ``{n}`` and ``{k}``, what arriving there means for the
player who moved (the chooser's words), the move score that ranks the moves
into it, the depth and the mover's fate. The node table, the small pages' and
the code pages' data files, the page contexts and the browser all read these
arrays; none of them works a verdict out again.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from vizgen.analysis import words
from vizgen.analysis.solved import Solved, fate
from vizgen.engine.solve import arrival_scores

__all__ = ["Facts", "position_facts"]


@dataclass(frozen=True, eq=False)
class Facts:
    """Per position of a solved variant (node order), everything a page shows about it.

    Attributes
    ----------
    players : int
        Players in the game.
    verdict, verdict_n, winner : numpy.ndarray
        The verdict for the player to move (index into :data:`vizgen.analysis.words.VERDICTS`),
        its ``{n}`` (the remoteness, or the plies to the mover's forced exit; -1 none)
        and its ``{k}`` (the seat, counted from the player to move, that can force a
        win or has won; -1 none).
    remoteness : numpy.ndarray
        Plies to the end with best play, -1 where nobody can force a win.
    terminal : numpy.ndarray
        bool: the game is over.
    choice, choice_n, choice_k : numpy.ndarray
        What moving here means for the player who moved (:func:`vizgen.analysis.words.choices`):
        the index into :data:`~vizgen.analysis.words.CHOICES`, its ``{n}`` and ``{k}`` (-1 none).
    score : numpy.ndarray
        A move here scored for the player who moved (:func:`vizgen.engine.solve.arrival_scores`):
        among a position's moves the highest scores are the optimal ones.
    depth : numpy.ndarray
        Plies from the start on the shortest way here.
    forced_out_in : numpy.ndarray or None
        The mover's fate with three or more players (:func:`vizgen.analysis.solved.fate`):
        plies in which the others together can force the player to move out, -1 if it
        survives whatever they do; None where the fate is not read.
    trap : numpy.ndarray or None
        The tricky perfect player's trap figure (:func:`vizgen.ai.tricky.trap_figure`), for the
        code pages, whose browser chooses the tricky move itself; None elsewhere.
    """

    players: int
    verdict: np.ndarray
    verdict_n: np.ndarray
    winner: np.ndarray
    remoteness: np.ndarray
    terminal: np.ndarray
    choice: np.ndarray
    choice_n: np.ndarray
    choice_k: np.ndarray
    score: np.ndarray
    depth: np.ndarray
    forced_out_in: np.ndarray | None
    trap: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.verdict.size)

    @property
    def value(self) -> np.ndarray:
        """int8 value for the player to move: +1 win, 0 draw or open, -1 loss (the verdict's colour)."""
        value: np.ndarray = words.VALUES[self.verdict]
        return value


_MEMO: weakref.WeakKeyDictionary[Solved, Facts] = weakref.WeakKeyDictionary()


def position_facts(solved: Solved) -> Facts:
    """Return every per-position fact of a solved variant (computed once per ``solved``).

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    Facts
        Plain arrays, one entry per position.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> facts = position_facts(solved)
    >>> start = solved.graph.start
    >>> words.say(facts.verdict[start], facts.verdict_n[start], facts.winner[start])
    'the others together could force the player to move out within 6 plies'
    >>> position_facts(solved) is facts
    True
    """
    facts = _MEMO.get(solved)
    if facts is None:
        facts = _MEMO[solved] = _compute(solved)
    return facts


def _compute(solved: Solved) -> Facts:
    g, f = solved.graph, solved.forced
    players = g.players
    mover, chooser = fate(solved), fate(solved, players - 1)
    verdict = words.verdicts(players, f.winner, g.terminal, mover)
    choice, choice_n, choice_k = words.choices(players, f.winner, g.terminal, f.remoteness, chooser)
    return Facts(players=players, verdict=verdict, verdict_n=words.verdict_n(verdict, f.remoteness, mover),
                 winner=f.winner, remoteness=f.remoteness, terminal=np.asarray(g.terminal, dtype=bool),
                 choice=choice, choice_n=choice_n, choice_k=choice_k,
                 score=arrival_scores(players, f, chooser), depth=g.depth, forced_out_in=mover)
