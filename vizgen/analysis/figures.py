"""The figures people ask of a solved variant: ``stats`` for a whole variant, ``describe`` for one position.

The command line, the downloads and the site read their numbers from these
functions; per-position figures for the site and the downloads are the columns
of :mod:`vizgen.site.tables`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from vizgen.analysis import words
from vizgen.analysis.rulebook import start_words
from vizgen.analysis.solved import Solved, fate
from vizgen.engine.solve import Forced, arrival_scores
from vizgen.engine.variants import estimate_positions

__all__ = ["EXAMPLES", "describe", "stats"]


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
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.variants import resolve
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
    out["start"]["outcome"] = start_words(g.players, int(f.winner[g.start]), int(f.remoteness[g.start]))
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
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.variants import resolve
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
