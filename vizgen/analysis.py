"""A solved variant and the figures people ask of it (``stats``, ``show`` and the site).

Everything here is derived from the enumerated graph and the solvers' arrays;
the command line, the downloads and the site all read their numbers from these
functions. Per-position figures for the site and the downloads are the columns
of :mod:`vizgen.tables`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from vizgen import words
from vizgen.graph import DEFAULT_MAX_POSITIONS, StateGraph, enumerate_graph
from vizgen.solve import (
    Forced,
    Survival,
    arrival_scores,
    edge_scores,
    perfect_vs_random,
    random_play,
    random_play_seats,
    solve_forced,
    solve_survival,
)
from vizgen.variants import Variant, estimate_positions

__all__ = ["RANDOM_MAX_STATES", "SURVIVAL_MAX_POSITIONS", "Solved", "best_edges", "describe", "fate", "solve_variant",
           "stats"]

SURVIVAL_MAX_POSITIONS = 200_000_000  # survival at seven players (170.9 million positions): see benchmarks/engine.py
RANDOM_MAX_STATES = 1_000_000  # multiplayer random play: one sparse solve over (position, seat), 4 players


@dataclass(frozen=True, eq=False)
class Solved:
    """A variant's graph with every solver's answer.

    Attributes
    ----------
    graph : StateGraph
        The reachable positions and moves.
    forced : Forced
        Who can force a win from each position, and the remoteness.
    random_win, perfect_win : numpy.ndarray or None
        Two players only: the mover's winning chance under random play, and
        when playing perfectly against a random opponent.
    survival : Survival or None
        Three or more players (up to ``SURVIVAL_MAX_POSITIONS`` positions):
        per position and seat, whether the others can force it out.
    random_seats : numpy.ndarray or None
        Three or more players (up to ``RANDOM_MAX_STATES`` positions times
        players): per position, each seat's chance to win under random play.
    """

    graph: StateGraph
    forced: Forced
    random_win: np.ndarray | None
    perfect_win: np.ndarray | None
    survival: Survival | None = None
    random_seats: np.ndarray | None = None

    @property
    def variant(self) -> Variant:
        """The variant solved."""
        return self.graph.variant


def solve_variant(variant: Variant, max_positions: int = DEFAULT_MAX_POSITIONS) -> Solved:
    """Enumerate and solve ``variant`` with every solver that applies to it.

    Parameters
    ----------
    variant : Variant
        The rules.
    max_positions : int
        Refuse larger state spaces (see :func:`vizgen.graph.enumerate_graph`).

    Returns
    -------
    Solved
        The graph and the solutions.
    """
    graph = enumerate_graph(variant, max_positions)
    two = graph.players == 2
    return Solved(
        graph=graph,
        forced=solve_forced(graph),
        random_win=random_play(graph) if two else None,
        perfect_win=perfect_vs_random(graph) if two else None,
        survival=solve_survival(graph) if not two and graph.n <= SURVIVAL_MAX_POSITIONS else None,
        random_seats=random_play_seats(graph) if not two and graph.n * graph.players <= RANDOM_MAX_STATES
        else None,
    )


def best_edges(solved: Solved) -> np.ndarray:
    """Boolean mask of optimal edges.

    A winner picks the fastest forced win, a player who can only lose the
    longest delay, anyone else a move that keeps the game open.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    numpy.ndarray
        bool per edge (aligned with ``graph.indices``).
    """
    g = solved.graph
    score = edge_scores(g, solved.forced, fate(solved, g.players - 1))
    best = np.full(g.n, -1, dtype=np.int64)
    np.maximum.at(best, g.sources, score)
    return score == best[g.sources]


def fate(solved: Solved, seat: int = 0) -> np.ndarray | None:
    """Per position, how soon the others together can force ``seat`` out: the mover's fate.

    Parameters
    ----------
    solved : Solved
        A solved variant.
    seat : int
        Counted from the player to move (0); ``players - 1`` is the player who just moved.

    Returns
    -------
    numpy.ndarray or None
        int16 plies per position, -1 where the seat survives whatever the others
        do; None with two players, where survival was not computed, or where going
        out wins the game (misere, self-gain), so being forced out is no fate.

    Examples
    --------
    >>> from vizgen.variants import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> int(fate(solved)[solved.graph.start])
    6
    """
    p = solved.variant.params
    if solved.survival is None or p.misere or p.attack == "self-gain":
        return None
    return solved.survival.out_in[:, seat]


def _value(solved: Solved, node: int) -> str:
    w = int(solved.forced.winner[node])
    if solved.graph.players == 2:
        return ("draw", "win", "loss")[w + 1]
    return "open" if w < 0 else "forced"


def _node_facts(solved: Solved, node: int, code: int) -> dict[str, Any]:
    """The value of node ``node`` (position code ``code``) in words and numbers."""
    g, f = solved.graph, solved.forced
    rem, w = int(f.remoteness[node]), int(f.winner[node])
    out_in = fate(solved)
    mine = None if out_in is None else out_in[node:node + 1]
    verdict = words.verdicts(g.players, f.winner[node:node + 1], g.space_winner[code:code + 1] >= 0, mine)
    n = int(words.verdict_n(verdict, f.remoteness[node:node + 1], mine)[0])
    facts: dict[str, Any] = {
        "position": g.rules.notation(g.rules.decode(code)),
        "value": _value(solved, node),
        "remoteness": rem if rem >= 0 else None,
        "verdict": words.say(verdict[0], n, w),
    }
    if g.players > 2:
        facts["winner"] = w if w >= 0 else None
    return facts


#: how many example positions ``stats`` names for a longest win or loss
EXAMPLES = 6


def _longest(solved: Solved, mask: np.ndarray, key: str) -> dict[str, Any]:
    """The largest remoteness among ``mask``'s positions, and (up to EXAMPLES of) the positions with it."""
    rem = solved.forced.remoteness
    if not mask.any():
        return {key: None, f"{key}_count": 0, f"{key}_at": []}
    top = int(rem[mask].max())
    at = np.flatnonzero(mask & (rem == top))
    names = sorted(solved.graph.rules.notations(solved.graph.code_of(at)))
    return {key: top, f"{key}_count": int(at.size), f"{key}_at": names[:EXAMPLES]}


def stats(solved: Solved, spec: str) -> dict[str, Any]:
    """The ``vizgen stats --json`` object of a solved variant.

    Parameters
    ----------
    solved : Solved
        A solved variant.
    spec : str
        The spec string as the user gave it.

    Returns
    -------
    dict
        ``variant``, ``title``, ``summary``, ``params``, ``positions``, ``reachable_of``,
        ``terminal``, ``terminal_win`` and ``terminal_loss`` (final positions won
        or lost by the player to move: in normal play all are lost, in misere won), ``edges``, ``start`` and,
        ``longest_win`` (the mover's slowest forced win, in plies) with
        ``longest_win_count`` and up to six ``longest_win_at`` positions,
        ``greatest_depth`` (plies from the start); for two players ``win``,
        ``loss``, ``draw``, ``longest_loss`` (the longest a loser holds out, in
        plies, with ``_count`` and ``_at``), ``random_win_start``,
        ``perfect_win_start``; for more players ``forced_win`` (per seat from
        the mover) and ``open``, and where computed ``survive`` and
        ``forced_out`` (per seat: positions where that seat can avoid
        elimination forever, and where the others can force it out, already
        out included) and ``random_win`` (per seat: its chance to win from the
        start under random play). ``moves`` is ``edges``: distinct moves.

    Examples
    --------
    >>> from vizgen.variants import resolve
    >>> figures = stats(solve_variant(resolve("standard")), "standard")
    >>> figures["positions"], figures["start"]["value"]
    (204, 'draw')
    """
    g, f = solved.graph, solved.forced
    v = solved.variant
    out: dict[str, Any] = {
        "variant": spec,
        "title": v.title,
        "summary": v.summary,
        "params": v.params.as_dict(),
        "positions": g.n,
        "reachable_of": estimate_positions(v.params),
        "terminal": int(np.count_nonzero(g.space_winner >= 0)),  # -1 at every code not reached
        "terminal_win": int(np.count_nonzero(g.space_winner == 0)),
        "terminal_loss": int(np.count_nonzero(g.space_winner > 0)),
        "edges": g.edges,
        "moves": g.edges,
    }
    forced = f.winner >= 0
    if g.players == 2:
        out.update(
            win=int((f.winner == 0).sum()),
            loss=int((f.winner == 1).sum()),
            draw=int((~forced).sum()),
        )
    else:
        out["forced_win"] = np.bincount(f.winner[forced], minlength=g.players).tolist()
        out["open"] = int((~forced).sum())
        if solved.survival is not None:
            out["survive"], out["forced_out"] = solved.survival.shares()
        if solved.random_seats is not None:
            out["random_win"] = [round(float(x), 12) for x in solved.random_seats[g.start]]
    out.update(_longest(solved, f.winner == 0, "longest_win"))
    if g.players == 2:
        out.update(_longest(solved, (f.winner == 1) & ~g.terminal, "longest_loss"))
    out["greatest_depth"] = int(g.space_depth.max())
    out["start"] = _node_facts(solved, g.start, g.start_code)
    out["start"]["outcome"] = words.start_words(g.players, int(f.winner[g.start]), int(f.remoteness[g.start]))
    if solved.random_win is not None and solved.perfect_win is not None:
        out["random_win_start"] = round(float(solved.random_win[g.start]), 12)
        out["perfect_win_start"] = round(float(solved.perfect_win[g.start]), 12)
    return out


def describe(solved: Solved, node: int) -> dict[str, Any]:
    """The ``vizgen show --json`` object of one position.

    Its moves and parents come from the kernel for this one position, so
    every variant ``stats`` solves can be shown, seven players included.

    Parameters
    ----------
    solved : Solved
        A solved variant.
    node : int
        Node id of the position.

    Returns
    -------
    dict
        ``position``, ``value``, ``remoteness`` (``winner`` with more players),
        ``terminal``, ``random_win`` (with more players a list: each seat's
        chance, the mover first), ``perfect_win``, ``survive`` and
        ``forced_out_in`` (more players: whether the mover can avoid
        elimination forever, else in how many plies the others can force it
        out), ``moves`` (each with ``move``, ``also``, ``to``, ``value``,
        ``remoteness`` and ``verdict`` of the position it leads to for the
        player to move there, ``for_you``: what the move means for the player
        choosing it, and ``best``) and ``parents``.

    Examples
    --------
    >>> from vizgen.variants import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> node = solved.graph.node_of(solved.graph.rules.parse("14-01"))
    >>> [(m["move"], m["for_you"], m["best"]) for m in describe(solved, node)["moves"]]
    [('4>1', 'you win: the game ends', True), ('14 -> 23', 'draw', False), ('1>1', 'draw', False)]
    """
    g = solved.graph
    code = g.start_code if node == g.start else int(g.code_of(np.array([node]))[0])
    out = _node_facts(solved, node, code)
    out["terminal"] = bool(g.space_winner[code] >= 0)
    for key, arr in (("random_win", solved.random_win), ("perfect_win", solved.perfect_win)):
        out[key] = round(float(arr[node]), 12) if arr is not None else None
    if solved.random_seats is not None:
        out["random_win"] = [round(float(x), 12) for x in solved.random_seats[node]]
    out["survive"] = out["forced_out_in"] = None
    if solved.survival is not None:
        plies = int(solved.survival.out_in[node, 0])
        out["survive"] = plies < 0
        out["forced_out_in"] = plies if plies >= 0 else None
    out["moves"] = [] if out["terminal"] else _moves(solved, code)
    notation = g.rules.notation
    out["parents"] = sorted(notation(g.rules.decode(int(c))) for c in g.code_of(g.predecessors(node)))
    return out


def _moves(solved: Solved, code: int) -> list[dict[str, Any]]:
    """The moves of the position ``code`` (not final), the best first, for ``show``."""
    g, f = solved.graph, solved.forced
    _, dst, mid = g.rules.expand(np.array([code], dtype=np.int64))
    order = np.lexsort((mid, dst))  # by child, then move id: the first move of a child represents it
    dst, mid = dst[order], mid[order]
    targets, first = np.unique(dst, return_index=True)
    kids = g.nodes_of(targets)
    chooser = fate(solved, g.players - 1)
    fates = None if chooser is None else chooser[kids]
    won, rem = f.winner[kids], f.remoteness[kids]
    score = arrival_scores(g.players, Forced(winner=won, remoteness=rem), fates)
    verdict, n, k = words.choices(g.players, won, g.space_winner[targets] >= 0, rem, fates)
    moves = []
    for i, (target, kid) in enumerate(zip(targets.tolist(), kids.tolist())):
        names = [str(g.rules.moves[m]) for m in mid[first[i]:first[i + 1] if i + 1 < first.size else None]]
        child = _node_facts(solved, kid, target)
        moves.append({
            "move": names[0],
            "also": names[1:],
            "to": child.pop("position"),
            **child,
            "for_you": words.say_choice(verdict[i], n[i], k[i]),
            "best": bool(score[i] == score.max()),
        })
    return sorted(moves, key=lambda m: (not m["best"], m["move"]))
