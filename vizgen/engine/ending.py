"""How a game played out ends: won by the rules, or drawn by repetition or by the ply cap (docs/RULINGS.md).

The rules end a game when a player has won. A game played on the site, in a
tournament or in a benchmark also ends as a draw when the same position with
the same player to move comes up for the :data:`REPETITIONS`-th time, or when
:data:`PLY_CAP` plies have been played; with three or more players the players
still in (with a live hand) share the draw and those out have lost.
:class:`Referee` applies the rule one position at a time and says why the game
ended and who won (:class:`Ending`); :class:`Results` adds up games' endings for
one seat: the one tally of wins, draws and losses.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from vizgen.engine.rules import Rules

__all__ = ["PLY_CAP", "REPETITIONS", "Ending", "Referee", "Results"]

REPETITIONS = 3
"""The same position with the same player to move for this many times ends the game as a draw."""

PLY_CAP = 200
"""Plies after which a game stops as a draw."""


@dataclass(frozen=True)
class Ending:
    """How a game ended.

    Attributes
    ----------
    reason : str
        Why the game ended: ``won`` (a player won), ``repetition`` (the same position came up
        :data:`REPETITIONS` times) or ``cap`` (:data:`PLY_CAP` plies).
    winner : int
        The winner's seat in turn order from the first player (0), -1 for a draw.
    shared : tuple of int
        A draw: the seats (from the first player) still in at the end, who share it; empty when won.
    plies : int
        Plies played.
    """

    reason: str
    winner: int
    shared: tuple[int, ...]
    plies: int

    def result(self, seat: int) -> str:
        """``win``, ``draw`` or ``loss`` for ``seat`` (from the first player): out of a drawn game is a loss.

        Examples
        --------
        >>> end = Ending("repetition", -1, (0, 2), 40)
        >>> [end.result(seat) for seat in range(3)]
        ['draw', 'loss', 'draw']
        """
        if self.winner >= 0:
            return "win" if seat == self.winner else "loss"
        return "draw" if seat in self.shared else "loss"


class Referee:
    """Follows one game position by position and says when and how it ends.

    Parameters
    ----------
    rules : Rules
        The variant's rules.
    cap : int
        Plies after which the game stops as a draw.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> referee = Referee(rules)
    >>> line = ["13-13", "13-22", "22-22", "22-13"] * 2  # each player splitting 13 -> 22 and back
    >>> [referee.arrive(rules.encode(rules.parse(p))) for p in line]
    [None, None, None, None, None, None, None, None]
    >>> referee.arrive(rules.encode(rules.parse("13-13")))  # its third time with the first player to move
    Ending(reason='repetition', winner=-1, shared=(0, 1), plies=8)
    """

    def __init__(self, rules: Rules, cap: int = PLY_CAP) -> None:
        self.rules = rules
        self.cap = cap
        self.plies = -1  # plies played before the position last arrived at
        self.seen: Counter[tuple[int, int]] = Counter()

    def arrive(self, code: int, won: int | None = None) -> Ending | None:
        """Take the next position of the game (the start first); return how the game ended there, or None.

        Parameters
        ----------
        code : int
            The position reached, by its code (the player to move there first).
        won : int, optional
            The winner there as :meth:`Rules.winners` gives it (a seat counted from the mover, -1 if the game
            goes on), when the caller already knows it (an enumerated graph's ``winner``): saves the rules' call.

        Returns
        -------
        Ending or None
            The game's end if it is over at this position.
        """
        self.plies += 1
        players, ply = self.rules.players, self.plies
        mover = ply % players
        won = int(self.rules.winners(np.array([code]))[0]) if won is None else won
        if won >= 0:
            return Ending("won", (mover + won) % players, (), ply)
        self.seen[code, mover] += 1
        if self.seen[code, mover] >= REPETITIONS:
            return self._draw("repetition", code)
        if ply >= self.cap:
            return self._draw("cap", code)
        return None

    def _draw(self, reason: str, code: int) -> Ending:
        players, ply = self.rules.players, self.plies
        _, seats = self.rules.seats(np.array([code]))
        live = [k for k in range(players) if self.rules.live[int(seats[k][0])]]  # seat k from the mover
        return Ending(reason, -1, tuple(sorted((ply + k) % players for k in live)), ply)


@dataclass
class Results:
    """Games' endings added up for one seat: wins, draws and losses, games, plies and the draws by reason.

    Each game counts ``weight`` (1; a chance when the games are every way a game can go, weighed).

    Examples
    --------
    >>> results = Results()
    >>> results.add(Ending("won", 1, (), 7), seat=0)
    >>> results.add(Ending("repetition", -1, (0, 2), 40), seat=0)
    >>> results.as_dict()
    {'games': 2, 'wins': 0, 'draws': 1, 'losses': 1, 'repetition': 1, 'cap': 0, 'plies': 47}
    """

    games: float = 0
    wins: float = 0
    draws: float = 0
    losses: float = 0
    repetition: float = 0
    cap: float = 0
    plies: float = 0

    def add(self, end: Ending, seat: int, weight: float = 1) -> None:
        """Count one game that ended so, for ``seat`` (from the first player): out of a drawn game is a loss."""
        self.games += weight
        self.plies += weight * end.plies
        result = end.result(seat)
        if result == "win":
            self.wins += weight
        elif result == "draw":
            self.draws += weight
        else:
            self.losses += weight
        if end.reason == "repetition":
            self.repetition += weight
        elif end.reason == "cap":
            self.cap += weight

    def as_dict(self) -> dict[str, Any]:
        """Every count, by name: ``games``, ``wins``, ``draws``, ``losses``, ``repetition``, ``cap``, ``plies``."""
        return dict(vars(self))
