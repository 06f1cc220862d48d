"""The figures people ask of a solved variant: ``stats`` for a whole variant, ``describe`` for one position.

The command line, the downloads and the site read their numbers from these
functions; per-position figures for the site and the downloads are the columns
of :mod:`vizgen.site.data.tables`.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

import numpy as np

from vizgen.analysis import words
from vizgen.analysis.rulebook import start_value, start_words
from vizgen.analysis.solved import Solved, fate, fate_applies
from vizgen.engine.params import estimate_positions
from vizgen.engine.solve import Forced, arrival_scores

__all__ = ["EXAMPLES", "Facts", "Stats", "describe", "stats", "stats_from_tally", "tally"]


class Facts(TypedDict):
    """A position's value in words and numbers (the start's in :class:`Stats`, a position's in ``describe``)."""

    #: its notation
    position: str
    #: the start's value for the player to move: win, loss or draw (more players: see ``winner``)
    value: str
    #: plies to the end with perfect play (None: a draw, no one can force a win)
    remoteness: int | None
    #: the value in the site's words
    verdict: str
    #: more than two players: the seat (counted from the player to move) that can force a win, None if none
    winner: NotRequired[int | None]
    #: the start's: the outcome with perfect play, in words
    outcome: NotRequired[str]
    #: the start's, where the variant reads fates: the plies in which the others can force the first player out
    #: (-1: never)
    forced_out_in: NotRequired[int]


class Stats(TypedDict):
    """The ``vizgen stats --json`` object of a variant (:func:`stats`): its figures, each a key; the keys of two
    players (``win``, ``loss``, ``draw``, ``longest_loss``...) or of more (``forced_win``, ``open``...) as they
    apply."""

    variant: str
    title: str
    summary: str
    #: the rules, by parameter name (section 3a's order)
    params: dict[str, Any]  # open: each rule's own type (bool, int, str), as Params.as_dict gives them
    positions: int
    #: the positions that exist under these rules (reachable or not)
    reachable_of: int
    terminal: int
    terminal_win: int
    terminal_loss: int
    edges: int
    #: ``edges``: distinct moves
    moves: int
    win: NotRequired[int]
    loss: NotRequired[int]
    draw: NotRequired[int]
    #: per seat from the player to move: positions where that seat can force a win
    forced_win: NotRequired[list[int]]
    #: positions where no one can force a win
    open: NotRequired[int]
    survive: NotRequired[list[int]]
    forced_out: NotRequired[list[int]]
    #: per seat: its chance to win from the start under random play
    random_win: NotRequired[list[float]]
    longest_win: int | None
    longest_win_count: int
    longest_win_at: list[str]
    longest_loss: NotRequired[int | None]
    longest_loss_count: NotRequired[int]
    longest_loss_at: NotRequired[list[str]]
    greatest_depth: int
    start: Facts
    random_win_start: NotRequired[float]
    perfect_win_start: NotRequired[float]


def _facts(players: int, rules: Any, code: int, winner: int, rem: int, final: bool,
           mine: np.ndarray | None, outcome: str | None = None) -> Facts:
    """The value of the position ``code`` in words and numbers, from its forced winner and remoteness.

    ``mine``: the mover's fate there (a one-entry array), or None where it is no fate (:func:`fate`); ``outcome``:
    the start's outcome in words (then the mover's fate is said too, where there is one).
    """
    verdict = words.verdicts(players, np.array([winner], np.int8), np.array([final]), mine)
    n = int(words.verdict_n(verdict, np.array([rem], np.int32), mine)[0])
    facts: Facts = {
        "position": rules.notation(rules.decode(code)),
        "value": start_value(players, winner),
        "remoteness": rem if rem >= 0 else None,
        "verdict": words.say(verdict[0], n, winner),
    }
    if players > 2:
        facts["winner"] = winner if winner >= 0 else None
    if outcome is not None:
        facts["outcome"] = outcome
        if mine is not None:  # the first player's fate: the plies in which the others can force it out, -1 never
            facts["forced_out_in"] = int(mine[0])
    return facts


def _node_facts(solved: Solved, node: int, code: int) -> Facts:
    """The value of node ``node`` (position code ``code``) in words and numbers."""
    g, f = solved.graph, solved.forced
    out_in = fate(solved)
    return _facts(g.players, g.rules, code, int(f.winner[node]), int(f.remoteness[node]),
                  bool(g.space_winner[code] >= 0), None if out_in is None else out_in[node:node + 1])


#: how many example positions ``stats`` names for a longest win or loss
EXAMPLES = 6


def _longest(solved: Solved, mask: np.ndarray) -> tuple[int, int, list[str]]:
    """The largest remoteness among ``mask``'s positions, how many have it and (up to EXAMPLES of) their names."""
    rem = solved.forced.remoteness
    if not mask.any():
        return -1, 0, []
    top = int(rem[mask].max())
    at = np.flatnonzero(mask & (rem == top))
    return top, int(at.size), sorted(solved.graph.rules.notations(solved.graph.code_of(at)))[:EXAMPLES]


def tally(solved: Solved) -> dict[str, Any]:
    """The counts :func:`stats_from_tally` reads, from a solved variant (a cluster adds them up range by range instead:
    :func:`vizgen.engine.ranges.merge`).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> tally(solve_variant(resolve("standard")))["winners"]
    [162, 25, 17]
    """
    g, f = solved.graph, solved.forced
    start = g.start
    survival = solved.survival
    return {
        "positions": g.n,
        "terminal": int(np.count_nonzero(g.space_winner >= 0)),  # -1 at every code not reached
        "terminal_win": int(np.count_nonzero(g.space_winner == 0)),
        "terminal_loss": int(np.count_nonzero(g.space_winner > 0)),
        "edges": g.edges,
        "winners": np.bincount(f.winner + 1, minlength=g.players + 1).tolist(),  # first: nobody can force a win
        "greatest_depth": int(g.space_depth.max()),
        "longest_win": _longest(solved, f.winner == 0),
        "longest_loss": _longest(solved, (f.winner == 1) & ~g.terminal),
        "forced_out": None if survival is None else survival.shares()[1],
        "start": {"code": g.start_code, "final": bool(g.space_winner[g.start_code] >= 0),
                  "winner": int(f.winner[start]), "rem": int(f.remoteness[start]),
                  "out": None if survival is None else survival.out_in[start].tolist()},
    }


def stats_from_tally(counts: dict[str, Any], rules: Any, spec: str,
                     random_win: list[float] | None = None) -> Stats:
    """The ``vizgen stats --json`` object from a variant's :func:`tally` (``random_win``: each seat's odds).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> stats_from_tally(tally(solved), solved.graph.rules, "standard")["start"]["outcome"]
    'draw'
    """
    v, players = rules.variant, rules.players
    s = counts["start"]
    fated = s["out"] is not None and fate_applies(v.params)
    mine = np.array([s["out"][0]], np.int16) if fated else None
    start = _facts(players, rules, s["code"], s["winner"], s["rem"], s["final"], mine,
                   start_words(players, s["winner"], s["rem"], None if mine is None else int(mine[0])))
    top, n, names = counts["longest_win"]
    out: Stats = {
        "variant": spec,
        "title": v.title,
        "summary": v.summary,
        "params": v.params.as_dict(),
        "positions": counts["positions"],
        "reachable_of": estimate_positions(v.params),
        "terminal": counts["terminal"],
        "terminal_win": counts["terminal_win"],
        "terminal_loss": counts["terminal_loss"],
        "edges": counts["edges"],
        "moves": counts["edges"],
        "longest_win": top if n else None,
        "longest_win_count": n,
        "longest_win_at": names,
        "greatest_depth": counts["greatest_depth"],
        "start": start,
    }
    winners = counts["winners"]
    if players == 2:
        out["win"], out["loss"], out["draw"] = winners[1], winners[2], winners[0]
        top, n, names = counts["longest_loss"]
        out["longest_loss"], out["longest_loss_count"], out["longest_loss_at"] = top if n else None, n, names
    else:
        out["forced_win"] = winners[1:]
        out["open"] = winners[0]
        if counts["forced_out"] is not None:
            out["survive"] = [counts["positions"] - n for n in counts["forced_out"]]
            out["forced_out"] = counts["forced_out"]
        if random_win is not None:
            out["random_win"] = random_win
    return _in_order(out)


def _in_order(figures: Stats) -> Stats:
    """The same figures, their keys in the order :class:`Stats` declares them (``vizgen stats --json``'s order).

    >>> list(_in_order({"start": {}, "variant": "standard"}))  # type: ignore[typeddict-item]
    ['variant', 'start']
    """
    return cast(Stats, {key: figures[key] for key in Stats.__annotations__ if key in figures})  # type: ignore[literal-required]


def stats(solved: Solved, spec: str) -> Stats:
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
    >>> from vizgen.engine.spec import resolve
    >>> figures = stats(solve_variant(resolve("standard")), "standard")
    >>> figures["positions"], figures["start"]["value"]
    (204, 'draw')
    """
    g = solved.graph
    seats = solved.random_seats
    out = stats_from_tally(tally(solved), g.rules, spec,
                           None if seats is None else [round(float(x), 12) for x in seats[g.start]])
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
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> node = solved.graph.node_of(solved.graph.rules.parse("14-01"))
    >>> [(m["move"], m["for_you"], m["best"]) for m in describe(solved, node)["moves"]]
    [('4>1', 'you win: the game ends', True), ('14 -> 23', 'draw', False), ('1>1', 'draw', False)]
    """
    g = solved.graph
    code = g.start_code if node == g.start else int(g.code_of(np.array([node]))[0])
    out: dict[str, Any] = dict(_node_facts(solved, node, code))  # open: vizgen show --json's object, grown below
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
            "to": child["position"],
            **{key: value for key, value in child.items() if key != "position"},
            "for_you": words.say_choice(verdict[i], n[i], k[i]),
            "best": bool(score[i] == score.max()),
        })
    return sorted(moves, key=lambda m: (not m["best"], m["move"]))
