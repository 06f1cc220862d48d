"""The compiled retrograde analysis: forced wins and survival over position codes.

Both go one ply at a time from where the answer is known (the final
positions; the seats already out). Forced wins work back to the parents
with the kernel's backward-move tables (:mod:`vizgen.engine.kernel`); survival,
where almost every position gets a value for every seat, lets each
undecided position look at its children instead, which reads memory in
order. ``tables`` is :meth:`vizgen.engine.rules.Rules.kernel_tables`. The loops
are C in ``vizgen/engine/_kernel.pyx``.
"""

from __future__ import annotations

import numpy as np

from vizgen.engine import _kernel

__all__ = ["solve_forced_graph", "solve_forced_space", "solve_survival_space"]


def solve_forced_space(tables: tuple[np.ndarray, ...], depth: np.ndarray, winner: np.ndarray,
                       outdeg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Retrograde analysis over the code space: who can force a win, in how many plies.

    A position is won for its mover as soon as one child is won for the same
    player (fewest plies); for another seat once every child is (the last one
    found gives the most plies). At most one seat can force a win, so one value
    per position is kept, with one uint16 counter per position and other seat.

    Parameters
    ----------
    tables : tuple
        The rule tables.
    depth, winner, outdeg : numpy.ndarray
        From :func:`enumerate_space`.

    Returns
    -------
    win : numpy.ndarray
        int8 per code: the seat that can force a win, -1 if none (or unreachable).
    rem : numpy.ndarray
        int32 per code: remoteness of that win, -1 where there is none.

    Examples
    --------
    >>> from vizgen.engine.kernel import enumerate_space
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> tables = rules.kernel_tables()
    >>> depth, winner, outdeg, _, _ = enumerate_space(rules.encode(rules.start()), rules.space, tables)
    >>> int(solve_forced_space(tables, depth, winner, outdeg)[0][rules.encode(rules.start())])
    -1
    """
    return _kernel.forced(_kernel.Tables(tables), depth, winner, outdeg)


def solve_survival_space(tables: tuple[np.ndarray, ...], depth: np.ndarray, winner: np.ndarray) -> np.ndarray:
    """For every position and seat: can the others together force that seat out, and how fast.

    A seat with no live hand is out (0 plies). Where the seat is to move it is
    forced out once every child forces it out (it delays the most); where
    another seat moves, as soon as one child does (the coalition hurries).
    Works forward one ply at a time: every position with a seat still
    undecided looks at its children's seats out as of the last ply, so no
    counters, parents or atomic operations are needed, and the children of
    neighbouring codes share cache lines.

    Parameters
    ----------
    tables : tuple
        The rule tables.
    depth, winner : numpy.ndarray
        From :func:`enumerate_space`.

    Returns
    -------
    numpy.ndarray
        int16, shape ``(players * space,)``: entry ``seat * space + code`` is
        the plies in which the others can force that seat out (the seat
        delaying, the others hurrying), -1 if the seat survives whatever they do.

    Examples
    --------
    >>> from vizgen.engine.kernel import enumerate_space
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard:players=3,r=3"))
    >>> tables = rules.kernel_tables()
    >>> start = rules.encode(rules.start())
    >>> depth, winner, outdeg, _, _ = enumerate_space(start, rules.space, tables)
    >>> solve_survival_space(tables, depth, winner).reshape(3, -1)[:, start].tolist()
    [6, 7, 5]
    """
    return _kernel.survival(_kernel.Tables(tables), depth, winner)


def solve_forced_graph(indptr: np.ndarray, indices: np.ndarray, winner: np.ndarray,
                       players: int) -> tuple[np.ndarray, np.ndarray]:
    """Retrograde analysis over an explicit graph: :func:`solve_forced_space`'s figures, from the children.

    The same rule and the same queue order as the code-space solver, but a node's parents come from
    the children turned round (a CSR pair built here), so no backward rule tables are needed:
    the rule-space sweep (:mod:`vizgen.analysis.sweep`) solves many small variants, for which those
    tables cost far more than the solve.

    Parameters
    ----------
    indptr, indices : numpy.ndarray
        The distinct children of every node (int64, int32), as :func:`vizgen.engine.kernel.children` gives them.
    winner : numpy.ndarray
        int8 per node: the winner's seat at final positions (0 = the mover), else -1.
    players : int
        Seats; a move passes the turn to the next one.

    Returns
    -------
    win, rem : numpy.ndarray
        int8 and int32 per node, as :func:`solve_forced_space` gives them per code.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.solve import solve_forced
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> win, rem = solve_forced_graph(g.indptr, g.indices, g.winner, 2)
    >>> forced = solve_forced(g)
    >>> bool((win == forced.winner).all() and (rem == forced.remoteness).all())
    True
    """
    return _kernel.forced_graph(np.ascontiguousarray(indptr, dtype=np.int64),
                                np.ascontiguousarray(indices, dtype=np.int32),
                                np.ascontiguousarray(winner, dtype=np.int8), int(players))
