"""The one player interface: given a game's position, a player chooses the position it moves to.

Every computer player is a :class:`Player`. A deterministic one (the perfect
player, :func:`vizgen.ai.games.perfect_player`; the tricky perfect player,
:func:`vizgen.ai.tricky.tricky_player`; max^n at any depth,
:func:`vizgen.ai.maxn.maxn_player`) is a :class:`Policy`: its move from every
position at once, the array the site ships for the browser's opponents. A
player that draws lots is a :class:`Shortlist`: uniform among some of each
position's moves; the random player (:func:`random_player`) takes all of them,
the rule-of-thumb follower (:func:`vizgen.reports.rules_of_thumb.follower`)
those its rules leave. :func:`vizgen.ai.games.play` is the one game loop that
asks them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from vizgen.engine.graph import StateGraph

__all__ = ["Player", "Policy", "Shortlist", "random_player"]


@runtime_checkable
class Player(Protocol):
    """A computer player over an enumerated graph."""

    def choose(self, node: int, rng: np.random.Generator | None) -> int:
        """The node moved to from ``node`` (a position with a move); ``rng`` draws any lot the player needs (None
        in a game of deterministic players)."""
        ...


@dataclass(frozen=True, eq=False)
class Policy:
    """A deterministic player: its move from every position.

    Attributes
    ----------
    moves : numpy.ndarray
        int64 child node id per position, -1 at final positions.

    Examples
    --------
    >>> Policy(np.array([1, -1])).choose(0, np.random.default_rng(0))
    1
    """

    moves: np.ndarray

    def choose(self, node: int, rng: np.random.Generator | None) -> int:
        """The node this player moves to from ``node`` (``rng`` is not used)."""
        return int(self.moves[node])


@dataclass(frozen=True, eq=False)
class Shortlist:
    """A player that moves uniformly at random among a shortlist of each position's moves.

    Attributes
    ----------
    ptr, children : numpy.ndarray
        The shortlist in CSR form: the children of node ``n`` are ``children[ptr[n]:ptr[n + 1]]``, each distinct
        resulting position once.

    Examples
    --------
    >>> player = Shortlist(np.array([0, 2, 2]), np.array([1, 0]))
    >>> sorted({player.choose(0, np.random.default_rng(seed)) for seed in range(20)})
    [0, 1]
    >>> player.choose(0, None)
    Traceback (most recent call last):
    ValueError: a shortlist player draws its moves: it needs a random generator
    """

    ptr: np.ndarray
    children: np.ndarray

    def choose(self, node: int, rng: np.random.Generator | None) -> int:
        """One of the shortlisted children of ``node``, each equally likely (one draw of ``rng``, which it needs)."""
        if rng is None:
            raise ValueError("a shortlist player draws its moves: it needs a random generator")
        options = self.children[self.ptr[node]:self.ptr[node + 1]]
        return int(options[rng.integers(options.size)])


def random_player(graph: StateGraph) -> Shortlist:
    """The random player: uniform over the distinct positions each move can lead to.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> child = random_player(graph).choose(graph.start, np.random.default_rng(1))
    >>> child in graph.successors(graph.start)
    True
    """
    return Shortlist(graph.indptr, graph.indices)
