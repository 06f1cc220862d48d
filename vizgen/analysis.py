"""A solved variant and the figures people ask of it (``stats`` and ``show``).

Everything here is derived from the enumerated graph and the solvers' arrays;
the command line and the site both read their numbers from these functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from vizgen.graph import DEFAULT_MAX_POSITIONS, StateGraph, enumerate_graph
from vizgen.solve import Forced, perfect_vs_random, random_play, solve_forced
from vizgen.variants import Variant, estimate_positions

__all__ = ["Solved", "best_edges", "describe", "solve_variant", "stats"]


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
    """

    graph: StateGraph
    forced: Forced
    random_win: np.ndarray | None
    perfect_win: np.ndarray | None

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
    )


def _edge_scores(solved: Solved) -> np.ndarray:
    """Score of every edge for the player who plays it: higher is better."""
    g, f = solved.graph, solved.forced
    child = g.indices
    rem = f.remoteness[child].astype(np.int64)
    mover_wins = f.winner[child] == g.players - 1
    return np.where(mover_wins, 2_000_000 - rem, np.where(f.winner[child] < 0, 1_000_000, rem))


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
    score = _edge_scores(solved)
    best = np.full(g.n, -1, dtype=np.int64)
    np.maximum.at(best, g.sources, score)
    return score == best[g.sources]


def _value(solved: Solved, node: int) -> str:
    w = int(solved.forced.winner[node])
    if solved.graph.players == 2:
        return ("draw", "win", "loss")[w + 1]
    return "open" if w < 0 else "forced"


def _node_facts(solved: Solved, node: int) -> dict[str, Any]:
    g, f = solved.graph, solved.forced
    rem = int(f.remoteness[node])
    facts: dict[str, Any] = {
        "position": g.rules.notation(g.position(node)),
        "value": _value(solved, node),
        "remoteness": rem if rem >= 0 else None,
    }
    if g.players > 2:
        w = int(f.winner[node])
        facts["winner"] = w if w >= 0 else None
    return facts


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
        ``terminal``, ``terminal_win`` (final positions won by the player to
        move: none in normal play, all in misere), ``edges``, ``start`` and,
        for two players, ``win``,
        ``loss``, ``draw``, ``longest_win``, ``random_win_start``,
        ``perfect_win_start``; for more players ``forced_win`` (per seat from
        the mover) and ``open``.
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
        "terminal": int(g.terminal.sum()),
        "terminal_win": int((g.winner == 0).sum()),
        "edges": int(g.indices.size),
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
    wins = f.winner == 0
    out["longest_win"] = int(f.remoteness[wins].max()) if wins.any() else None
    out["start"] = _node_facts(solved, g.start)
    if solved.random_win is not None and solved.perfect_win is not None:
        out["random_win_start"] = round(float(solved.random_win[g.start]), 12)
        out["perfect_win_start"] = round(float(solved.perfect_win[g.start]), 12)
    return out


def describe(solved: Solved, node: int) -> dict[str, Any]:
    """The ``vizgen show --json`` object of one position.

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
        ``terminal``, ``random_win``, ``perfect_win``, ``moves`` (each with
        ``move``, ``also``, ``to``, ``value``, ``remoteness``, ``best``) and
        ``parents``.
    """
    g = solved.graph
    out = _node_facts(solved, node)
    out["terminal"] = bool(g.terminal[node])
    for key, arr in (("random_win", solved.random_win), ("perfect_win", solved.perfect_win)):
        out[key] = round(float(arr[node]), 12) if arr is not None else None
    best = best_edges(solved)
    moves = []
    for e in range(int(g.indptr[node]), int(g.indptr[node + 1])):
        names = [str(m) for m in g.edge_moves(e)]
        child = _node_facts(solved, int(g.indices[e]))
        moves.append({
            "move": names[0],
            "also": names[1:],
            "to": child.pop("position"),
            **child,
            "best": bool(best[e]),
        })
    out["moves"] = sorted(moves, key=lambda m: (not m["best"], m["move"]))
    notation = g.rules.notation
    out["parents"] = sorted(notation(g.position(int(p))) for p in g.predecessors(node))
    return out
