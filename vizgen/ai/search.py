"""max^n for one position on demand: a memoised depth-first search (the same answers as :mod:`vizgen.ai.maxn`).

It generates moves with the rules as it meets positions, so it needs no
enumerated graph; :mod:`vizgen.reports.maxn` times it against the paper's search.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vizgen.ai.maxn import check_depth, evaluate, finger_counts
from vizgen.engine.rules import Move, Position, Rules
from vizgen.util import sizes
from vizgen.util.text import format_count

__all__ = ["Choice", "MaxnSearch", "SearchTooLarge", "choose"]

Vector = tuple[int, ...]

class SearchTooLarge(ValueError):
    """A max^n search that would hold more ``(position, depth)`` pairs than its limit.

    Attributes
    ----------
    deepest : int
        The deepest search that fits the limit from that position (0: none).
    """

    def __init__(self, message: str, deepest: int = 0) -> None:
        super().__init__(message)
        self.deepest = deepest


class MaxnSearch:
    """max^n on demand: a memoised depth-first search over ``(position, depth)``.

    Moves are generated with the rules as the search meets positions (the
    children of a position searched two or more plies deep in one batch); the
    moves, evaluations and every ``(position, depth)`` answer are kept, so
    later searches with the same object reuse them.

    Parameters
    ----------
    rules : Rules
        The compiled rules of the variant.
    max_states : int, optional
        Raise :class:`SearchTooLarge` rather than hold more ``(position, depth)`` answers than this.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> value, child = MaxnSearch(rules).best(rules.parse("11-11"), 2)
    >>> value, str(child)
    ((3, 3), '12-11')
    """

    def __init__(self, rules: Rules, max_states: int | None = None) -> None:
        self.rules = rules
        self.max_states = max_states
        self._fingers = finger_counts(rules)
        self._leaf: dict[int, tuple[Vector, bool]] = {}
        self._children: dict[int, tuple[int, ...]] = {}
        self._memo: dict[tuple[int, int], tuple[Vector, int]] = {}

    @property
    def states(self) -> int:
        """How many ``(position, depth)`` pairs have been searched."""
        return len(self._memo)

    @property
    def expanded(self) -> int:
        """How many positions have had their moves generated."""
        return len(self._children)

    def _learn(self, codes: np.ndarray) -> None:
        winner = self.rules.winners(codes)
        value = evaluate(self.rules, self._fingers, codes, winner)
        for code, w, v in zip(codes.tolist(), winner.tolist(), value.tolist()):
            self._leaf[code] = (tuple(v), w >= 0)

    def _expand(self, codes: list[int]) -> None:
        """Generate the moves of several non-final positions in one call to the rules' kernel."""
        src, dst, _ = self.rules.expand(np.array(codes, dtype=np.int64))
        names = np.array(self.rules.notations(dst))
        order = np.lexsort((names, src))
        src, dst = src[order], dst[order]
        keep = np.ones(src.size, dtype=bool)
        keep[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
        src, dst = src[keep], dst[keep]
        new = np.unique(dst)
        new = new[[c not in self._leaf for c in new.tolist()]]
        if new.size:
            self._learn(new)
        cuts = np.searchsorted(src, np.arange(len(codes) + 1))
        kids = dst.tolist()
        for i, code in enumerate(codes):
            self._children[code] = tuple(kids[cuts[i]:cuts[i + 1]])

    def _kids(self, code: int, depth: int) -> tuple[int, ...]:
        """The children of ``code`` in notation order; at ``depth`` 2 or more, their moves too."""
        if code not in self._children:
            self._expand([code])
        kids = self._children[code]
        if depth >= 2:
            todo = [c for c in kids if c not in self._children and not self._leaf[c][1]]
            if todo:
                self._expand(todo)
        return kids

    def _search(self, root: int, depth: int) -> tuple[Vector, int]:
        memo, leaf = self._memo, self._leaf
        limit = self.max_states if self.max_states is not None else -1
        stack = [(root, depth)]
        while stack:
            if len(memo) == limit:
                raise SearchTooLarge(f"the search holds {format_count(limit)} (position, depth) pairs, its limit")
            state = stack[-1]
            if state in memo:
                stack.pop()
                continue
            code, d = state
            vector, final = leaf[code]
            if final or d == 0:
                memo[state] = (vector, -1)
                stack.pop()
                continue
            kids = self._kids(code, d)
            missing = [(c, d - 1) for c in kids if (c, d - 1) not in memo]
            if missing:
                stack.extend(reversed(missing))
                continue
            best, best_vector = -1, None
            for c in kids:
                v = memo[(c, d - 1)][0]
                if best_vector is None or v[-1] > best_vector[-1]:
                    best, best_vector = c, v
            assert best_vector is not None  # a position that is not final has a move
            memo[state] = ((best_vector[-1], *best_vector[:-1]), best)
            stack.pop()
        return memo[(root, depth)]

    def best(self, position: Position, depth: int) -> tuple[Vector, Position | None]:
        """``V_depth`` of ``position`` and the child the player to move takes.

        Parameters
        ----------
        position : Position
            A position of the variant.
        depth : int
            The search depth, 0 .. :data:`MAX_DEPTH`.

        Returns
        -------
        tuple
            The value vector (seat 0 = the player to move) and the chosen
            child, None at depth 0 or when the game is over.

        Raises
        ------
        ValueError
            If ``depth`` is out of range.
        """
        check_depth(depth)
        root = self.rules.encode(position)
        if root not in self._leaf:
            self._learn(np.array([root], dtype=np.int64))
        vector, child = self._search(root, depth)
        return vector, (None if child < 0 else self.rules.decode(child))


@dataclass(frozen=True)
class Choice:
    """What max^n plays from one position.

    Attributes
    ----------
    value : tuple of int
        ``V_depth``, seat 0 = the player to move.
    move : Move or None
        The move played (of several moves to the same position, the one whose
        notation is smallest); None when the game is over.
    to : Position or None
        The position it leads to.
    """

    value: Vector
    move: Move | None
    to: Position | None


def choose(rules: Rules, position: Position, depth: int, max_states: int | None = None) -> Choice:
    """The max^n move from ``position`` at ``depth``, found by :class:`MaxnSearch` in bounded time and memory.

    The search deepens one ply at a time (depth 1, 2, ...; the answers of one
    depth are kept for the next), so when it reaches its limit the deepest depth
    that fits is known and named.

    Parameters
    ----------
    rules : Rules
        The compiled rules.
    position : Position
        A position of the variant.
    depth : int
        The search depth, 1 .. :data:`MAX_DEPTH`.
    max_states : int, optional
        The most ``(position, depth)`` pairs searched, all depths together
        (default :data:`vizgen.util.sizes.MAXN_MAX_STATES`).

    Returns
    -------
    Choice
        The value vector, the move and the position it leads to.

    Raises
    ------
    ValueError
        If ``depth`` is out of range.
    SearchTooLarge
        If the search would pass ``max_states``; its message names the deepest depth that fits.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> c = choose(rules, rules.parse("12-11"), 1)
    >>> str(c.move), str(c.to), c.value
    ('1>1', '12-12', (3, 3))
    """
    if depth < 1:
        raise ValueError(f"a move needs depth 1 or more, not {depth}")
    max_states = sizes.MAXN_MAX_STATES if max_states is None else max_states
    search = MaxnSearch(rules, max_states)
    for d in range(1, depth + 1):
        try:
            value, child = search.best(position, d)
        except SearchTooLarge:
            fits = f"depth {d - 1} is the deepest that fits there" if d > 1 else "not even depth 1 fits there"
            raise SearchTooLarge(f"max^n at depth {depth} from {rules.notation(position)} would search more than "
                                 f"{format_count(max_states)} (position, depth) pairs, the limit that keeps it to "
                                 "seconds and "
                                 f"megabytes; {fits}", d - 1) from None
    if child is None:
        return Choice(value, None, None)
    move = next(m for m, after in rules.successors(position) if after == child)
    return Choice(value, move, child)
