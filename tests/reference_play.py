"""Plain readings of docs/RULINGS.md over the reference model: a move's rank, its mark, the trap figure.

Built on ``tests/reference.py`` only (no numpy, no vizgen): every value comes
from the reference solver, one position and one move at a time, as the rulings
word it. The tests compare the engine's vectorised arrays with these.
"""

from __future__ import annotations

from functools import cache

from tests import reference as ref

WIN, HOLD, LOSS = 2, 1, 0


class Reference:
    """A small variant solved by the reference model, read position by position."""

    def __init__(self, **params) -> None:
        self.p = ref.ref_params(**params)
        self.players = self.p["players"]
        self.graph = ref.ref_graph(self.p)
        self.solution = ref.ref_solve(self.p, self.graph)
        # the mover's fate applies with three or more players where being out loses
        fates = self.players > 2 and not self.p["misere"] and self.p["attack"] != "self-gain"
        self.survival = ref.ref_survival(self.p, self.graph) if fates else None

    def name(self, pos: tuple) -> str:
        return ref.ref_notation(pos, self.p["r"])

    def value(self, pos: tuple, seat: int) -> int:
        """The value class of ``seat`` (0 = the player to move) at ``pos``."""
        winner = self.solution[pos][0]
        if winner == seat:
            return WIN
        if winner is None and (self.survival is None or self.survival[pos][seat] is None):
            return HOLD
        return LOSS

    def rank(self, child: tuple) -> tuple[int, int]:
        """How good moving to ``child`` is for the player who moves there (higher is better), as the rulings say:
        the fastest forced win; else, nobody able to force a win, surviving, else the latest forced exit; else
        the slowest loss."""
        winner, rem = self.solution[child]
        if winner == self.players - 1:
            return (3, -rem)
        if winner is not None:
            return (0, rem)
        out = None if self.survival is None else self.survival[child][self.players - 1]
        return (2, 0) if out is None else (1, out)

    def optimal(self, pos: tuple) -> list[tuple]:
        """The optimal moves' targets from ``pos``."""
        kids = self.graph[pos]
        top = max(self.rank(c) for c in kids)
        return [c for c in kids if self.rank(c) == top]

    def mark(self, pos: tuple, child: tuple) -> str:
        """The mark of the move ``pos`` -> ``child`` for the player who plays it."""
        before = max(self.value(c, self.players - 1) for c in self.graph[pos])  # the best they can keep
        after = self.value(child, self.players - 1)
        if child in self.optimal(pos):
            return "best"
        if after == before:
            return "inaccuracy"
        if before == WIN and after == HOLD:
            return "mistake"
        return "blunder"

    def trap(self, pos: tuple, rounds: int) -> float:
        """The trap figure of ``pos`` for the player who just moved there (docs/RULINGS.md, the tricky player).

        The chance that random opponents, moving uniformly among the distinct resulting positions, give that
        player a better value class within their next ``rounds`` rounds of moves, that player choosing among its
        optimal moves the one with the most chance each time.
        """
        return self._chance(pos, self.players - 1, rounds)

    @cache  # noqa: B019  (one small Reference per test)
    def _chance(self, pos: tuple, seat: int, rounds: int) -> float:
        kids = self.graph[pos]
        if not kids:
            return 0.0
        if seat == 0:  # the player's own move: a new round, if any is left
            return max(self._chance(c, self.players - 1, rounds - 1) for c in self.optimal(pos)) if rounds > 1 else 0.0
        now = self.value(pos, seat)
        return sum(1.0 if self.value(c, seat - 1) > now else self._chance(c, seat - 1, rounds)
                   for c in kids) / len(kids)
