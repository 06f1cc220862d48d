"""Games between computer players over an enumerated graph: the perfect player, max^n, random.

A player is a policy: an array of child node ids, one per position (the
perfect player's is :func:`perfect_choices`, the tricky perfect player's
:func:`vizgen.ai.tricky.tricky_choices`, max^n's
:func:`vizgen.ai.maxn.maxn_choices`), or None for the uniformly random player.
:func:`play` plays one game, :func:`tournament` many, with fixed seeds; a game
ends as the rules say or as a draw by repetition or the ply cap
(:class:`vizgen.engine.ending.Referee`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vizgen.ai.maxn import best_children, notation_rank
from vizgen.engine.ending import PLY_CAP, Ending, Referee
from vizgen.engine.graph import StateGraph
from vizgen.engine.solve import Forced, edge_scores

__all__ = ["OPENING", "Policy", "exact_tournament", "openings", "perfect_choices", "play", "play_line", "tournament"]

Policy = np.ndarray | None
"""A player: a child node id per position, or None for the uniformly random player."""

OPENING = 2
"""Plies played uniformly at random at the start of every tournament game, so that games differ."""


def perfect_choices(graph: StateGraph, forced: Forced, rank: np.ndarray | None = None,
                    out_in: np.ndarray | None = None) -> np.ndarray:
    """The perfect player's move from every position, as a child node id.

    With a forced win it takes the fastest one; else a move after which nobody
    can force a win (the position stays open; with ``out_in``, one where it
    survives, else the latest forced exit); else, when every move hands some
    seat a forced win, the one that takes longest. Ties go to the child whose
    notation is smallest. The optimal moves of the site read the same scores
    (:func:`vizgen.engine.solve.edge_scores`).

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    forced : Forced
        Its exact solution (:func:`vizgen.engine.solve.solve_forced`).
    rank : numpy.ndarray, optional
        :func:`vizgen.ai.maxn.notation_rank` of ``graph`` (computed if omitted).
    out_in : numpy.ndarray, optional
        Per position, the plies in which the others can force the player who moved there out
        (:func:`vizgen.analysis.solved.fate` of the seat before the mover), -1 if it survives.

    Returns
    -------
    numpy.ndarray
        int64 child node id per position, -1 at final positions.

    Examples
    --------
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.reports.maxn import variant_for
    >>> graph = enumerate_graph(variant_for(2))
    >>> perfect = perfect_choices(graph, solve_forced(graph))
    >>> bool((perfect[graph.terminal] == -1).all())
    True
    """
    return best_children(graph, edge_scores(graph, forced, out_in), notation_rank(graph) if rank is None else rank)


def play(graph: StateGraph, policies: list[Policy], rng: np.random.Generator, cap: int = PLY_CAP,
         opening: int = OPENING) -> tuple[Ending, list[int]]:
    """Play one game from the start, until it is won or drawn by repetition or the cap.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    policies : list of numpy.ndarray or None
        Per seat in turn order from the first player: a child node id per
        position (a deterministic player), or None for the random player
        (uniform over the distinct resulting positions).
    rng : numpy.random.Generator
        Drives the random player and the opening.
    cap : int
        The game stops as a draw after this many plies.
    opening : int
        The first plies are played at random whoever moves.

    Returns
    -------
    tuple
        How the game ended, and the nodes moved from, in order.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> perfect = perfect_choices(graph, solve_forced(graph))
    >>> end, path = play(graph, [perfect, perfect], np.random.default_rng(1), opening=0)
    >>> end.reason, end.winner, end.shared, len(path) == end.plies
    ('repetition', -1, (0, 1), True)
    """
    players = graph.players

    def choose(ply: int, node: int) -> int:
        policy = policies[ply % players]
        if policy is None or ply < opening:
            kids = graph.successors(node)
            return int(kids[rng.integers(kids.size)])
        return int(policy[node])

    return _play(graph, cap, choose)


def _play(graph: StateGraph, cap: int, choose: Callable[[int, int], int]) -> tuple[Ending, list[int]]:
    """A game from the start, ``choose(ply, node)`` giving each move's target, until the referee ends it."""
    referee = Referee(graph.rules, cap)
    node, path = graph.start, []
    while (end := referee.arrive(int(graph.codes[node]), int(graph.winner[node]))) is None:
        path.append(node)
        node = choose(len(path) - 1, node)
    return end, path


def openings(graph: StateGraph, plies: int = OPENING) -> list[tuple[tuple[int, ...], float]]:
    """Every way a random opening of ``plies`` plies can go from the start, with its chance.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> [(graph.notations()[line[-1]], chance) for line, chance in openings(graph)]  # 11-11: one move, then two
    [('12-12', 0.5), ('13-12', 0.5)]
    """
    lines: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for _ in range(plies):
        longer = []
        for line, chance in lines:
            node = line[-1] if line else graph.start
            kids = graph.successors(node).tolist()
            longer += [((*line, kid), chance / len(kids)) for kid in kids] if kids else [(line, chance)]
        lines = longer
    return lines


def play_line(graph: StateGraph, policies: list[np.ndarray], line: tuple[int, ...],
              cap: int = PLY_CAP) -> tuple[Ending, list[int]]:
    """Play one game whose first moves go to the nodes of ``line``, then every player's deterministic policy.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> perfect = perfect_choices(graph, solve_forced(graph))
    >>> line, _ = openings(graph)[0]
    >>> end, path = play_line(graph, [perfect, perfect], line)
    >>> end.reason, list(line) == path[1:3]
    ('repetition', True)
    """
    players = graph.players
    return _play(graph, cap, lambda ply, node: line[ply] if ply < len(line) else int(policies[ply % players][node]))


def exact_tournament(graph: StateGraph, player: np.ndarray, opponent: np.ndarray, opening: int = OPENING,
                     cap: int = PLY_CAP) -> dict[str, float]:
    """Deterministic players: one against copies of the other, every seat in turn, over every random opening.

    After the opening every move is determined, so each opening line (:func:`openings`) is one game: the
    expected result is exact, with no sampling.

    Returns
    -------
    dict
        ``wins``, ``draws``, ``losses`` (chances for the player, a game in each seat equally likely), ``plies``
        (expected length) and ``lines`` (opening lines, each played once per seat).

    Examples
    --------
    >>> from vizgen.ai.maxn import maxn_choices
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> result = exact_tournament(graph, perfect_choices(graph, solve_forced(graph)), maxn_choices(graph, 2))
    >>> result["wins"] + result["draws"] + result["losses"], result["lines"]
    (1.0, 2)
    """
    players = graph.players
    lines = openings(graph, opening)
    out = {"wins": 0.0, "draws": 0.0, "losses": 0.0, "plies": 0.0}
    for seat in range(players):
        policies = [player if k == seat else opponent for k in range(players)]
        for line, chance in lines:
            end, path = play_line(graph, policies, line, cap)
            out[{"win": "wins", "draw": "draws", "loss": "losses"}[end.result(seat)]] += chance / players
            out["plies"] += chance * len(path) / players
    return {**out, "lines": len(lines)}


def tournament(graph: StateGraph, player: np.ndarray, opponent: Policy, games_per_seat: int, seed: int,
               cap: int = PLY_CAP, opening: int = OPENING) -> tuple[dict[str, int], np.ndarray]:
    """One player against ``players - 1`` copies of an opponent, taking every seat in turn.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    player : numpy.ndarray
        The player measured: a child node id per position.
    opponent : numpy.ndarray or None
        The opponents' policy; None for the random player.
    games_per_seat : int
        Games with the player in each seat.
    seed : int
        Seeds the random moves (the same seed gives the same games).
    cap, opening : int
        As in :func:`play`.

    Returns
    -------
    tuple
        ``{"games", "wins", "draws", "losses", "repetition", "cap", "plies",
        "distinct"}`` for the player (a draw is a game drawn by repetition or
        the cap with the player still in; out of a drawn game is a loss;
        ``repetition`` and ``cap`` count the games that ended so, ``plies``
        totals every game's length; ``distinct`` counts different games:
        against deterministic opponents only the opening varies), and how
        often each node was moved from.

    Examples
    --------
    >>> from vizgen.ai.maxn import maxn_choices
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.reports.maxn import variant_for
    >>> graph = enumerate_graph(variant_for(2))
    >>> score, _ = tournament(graph, maxn_choices(graph, 2), None, 5, seed=1)
    >>> score["wins"] + score["draws"] + score["losses"] == score["games"] == 10
    True
    """
    rng = np.random.default_rng(seed)
    players = graph.players
    score = dict.fromkeys(("games", "wins", "draws", "losses", "repetition", "cap", "plies"), 0)
    visits = np.zeros(graph.n, dtype=np.int64)
    distinct = set()
    for seat in range(players):
        policies = [player if k == seat else opponent for k in range(players)]
        for _ in range(games_per_seat):
            end, path = play(graph, policies, rng, cap, opening)
            score["games"] += 1
            score["plies"] += len(path)
            distinct.add((seat, *path))
            score[{"win": "wins", "draw": "draws", "loss": "losses"}[end.result(seat)]] += 1
            if end.reason != "won":
                score[end.reason] += 1
            np.add.at(visits, path, 1)
    score["distinct"] = len(distinct)
    return score, visits
