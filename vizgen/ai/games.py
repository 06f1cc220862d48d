"""Games between computer players over an enumerated graph: the one game loop, the perfect player, tournaments.

Every player is a :class:`vizgen.ai.players.Player`: the perfect player
(:func:`perfect_player`), the tricky perfect player
(:func:`vizgen.ai.tricky.tricky_player`), max^n
(:func:`vizgen.ai.maxn.maxn_player`), the random player
(:func:`vizgen.ai.players.random_player`) and the rule-of-thumb follower
(:func:`vizgen.reports.rules_of_thumb.follower`). :func:`play` is the one game
loop: it asks each seat's player for its move until
:class:`vizgen.engine.ending.Referee` ends the game (won, or drawn by repetition
or the ply cap). :func:`tournament` plays seeded games, :func:`exact_tournament`
every random opening once; both add the endings up in
:class:`vizgen.engine.ending.Results`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vizgen.ai.maxn import best_children, notation_rank
from vizgen.ai.players import Player, Policy, random_player
from vizgen.engine.ending import PLY_CAP, Ending, Referee, Results
from vizgen.engine.graph import StateGraph
from vizgen.engine.solve import Forced, edge_scores

__all__ = ["OPENING", "exact_tournament", "openings", "perfect_player", "play", "tournament"]

OPENING = 2
"""Plies played uniformly at random at the start of every tournament game, so that games differ."""


def perfect_player(graph: StateGraph, forced: Forced, rank: np.ndarray | None = None,
                   out_in: np.ndarray | None = None) -> Policy:
    """The perfect player: its move from every position.

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
    Policy
        Its ``moves``: int64 child node id per position, -1 at final positions.

    Examples
    --------
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.reports.maxn import variant_for
    >>> graph = enumerate_graph(variant_for(2))
    >>> perfect = perfect_player(graph, solve_forced(graph))
    >>> bool((perfect.moves[graph.terminal] == -1).all())
    True
    """
    return Policy(best_children(graph, edge_scores(graph, forced, out_in),
                                notation_rank(graph) if rank is None else rank))


def play(graph: StateGraph, players: Sequence[Player], rng: np.random.Generator | None = None, *,
         start: int | None = None, line: Sequence[int] = (), opening: int = 0,
         cap: int = PLY_CAP) -> tuple[Ending, list[int]]:
    """Play one game, asking each seat's player for its move, until the referee ends it.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    players : sequence of Player
        Per seat in turn order from the player to move at ``start``.
    rng : numpy.random.Generator, optional
        Draws the lots of the players that need them and of the opening (needed only then).
    start : int, optional
        The node the game starts from (default: the variant's start).
    line : sequence of int
        The nodes the first moves go to, whoever moves (an opening played out in full).
    opening : int
        The first plies (after ``line``) are the random player's, whoever moves.
    cap : int
        The game stops as a draw after this many plies.

    Returns
    -------
    tuple
        How the game ended (:class:`vizgen.engine.ending.Ending`), and the nodes moved from, in order.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> perfect = perfect_player(graph, solve_forced(graph))
    >>> end, path = play(graph, [perfect, perfect])
    >>> end.reason, end.winner, end.shared, len(path) == end.plies
    ('repetition', -1, (0, 1), True)
    """
    seats = len(players)
    chance = random_player(graph) if opening else None
    referee = Referee(graph.rules, cap)
    node = graph.start if start is None else start
    path: list[int] = []
    while (end := referee.arrive(int(graph.codes[node]), int(graph.winner[node]))) is None:
        ply = len(path)
        path.append(node)
        if ply < len(line):
            node = int(line[ply])
        elif chance is not None and ply < len(line) + opening:
            node = chance.choose(node, rng)
        else:
            node = players[ply % seats].choose(node, rng)
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
        longer: list[tuple[tuple[int, ...], float]] = []
        for line, chance in lines:
            node = line[-1] if line else graph.start
            kids = graph.successors(node).tolist()
            longer += [((*line, kid), chance / len(kids)) for kid in kids] if kids else [(line, chance)]
        lines = longer
    return lines


def _seated(player: Player, opponent: Player, seat: int, players: int) -> list[Player]:
    """The players of a game with ``player`` in ``seat`` and copies of ``opponent`` everywhere else."""
    return [player if k == seat else opponent for k in range(players)]


def exact_tournament(graph: StateGraph, player: Policy, opponent: Policy, opening: int = OPENING,
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
    >>> from vizgen.ai.maxn import maxn_player
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> result = exact_tournament(graph, perfect_player(graph, solve_forced(graph)), maxn_player(graph, 2))
    >>> result["wins"] + result["draws"] + result["losses"], result["lines"]
    (1.0, 2)
    """
    players = graph.players
    lines = openings(graph, opening)
    results = Results()
    for seat in range(players):
        for line, chance in lines:
            end, _ = play(graph, _seated(player, opponent, seat, players), line=line, cap=cap)
            results.add(end, seat, chance / players)
    return {"wins": results.wins, "draws": results.draws, "losses": results.losses, "plies": results.plies,
            "lines": len(lines)}


def tournament(graph: StateGraph, player: Player, opponent: Player, games_per_seat: int, seed: int,
               cap: int = PLY_CAP, opening: int = OPENING) -> tuple[dict[str, int], np.ndarray]:
    """One player against ``players - 1`` copies of an opponent, taking every seat in turn.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    player : Player
        The player measured.
    opponent : Player
        The opponents' player.
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
        "distinct"}`` for the player (:class:`vizgen.engine.ending.Results`: a
        draw is a game drawn by repetition or the cap with the player still in;
        out of a drawn game is a loss; ``repetition`` and ``cap`` count the
        games that ended so, ``plies`` totals every game's length;
        ``distinct`` counts different games: against deterministic opponents
        only the opening varies), and how often each node was moved from.

    Examples
    --------
    >>> from vizgen.ai.maxn import maxn_player
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.reports.maxn import variant_for
    >>> graph = enumerate_graph(variant_for(2))
    >>> score, _ = tournament(graph, maxn_player(graph, 2), random_player(graph), 5, seed=1)
    >>> score["wins"] + score["draws"] + score["losses"] == score["games"] == 10
    True
    """
    rng = np.random.default_rng(seed)
    players = graph.players
    results = Results()
    visits = np.zeros(graph.n, dtype=np.int64)
    distinct = set()
    for seat in range(players):
        seated = _seated(player, opponent, seat, players)
        for _ in range(games_per_seat):
            end, path = play(graph, seated, rng, opening=opening, cap=cap)
            results.add(end, seat)
            distinct.add((seat, *path))
            np.add.at(visits, path, 1)
    return {**results.as_dict(), "distinct": len(distinct)}, visits
