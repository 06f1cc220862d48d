"""Random play: every player moving uniformly at random, and the perfect player against a random one.

- :func:`random_play_seats`: every player moving uniformly at random (absorbing
  Markov chain, one linear solve); :func:`random_play` is the mover's column
  for two players.
- :func:`perfect_vs_random`: the player to move plays to maximise their winning
  chance against a uniformly random opponent (policy iteration, linear solves).

The linear systems are ``(I - Q) x = b`` with ``Q`` given as triplets (row,
column, weight), folded over a round of turns into ``(I - Q**k) x = b'``;
:func:`_power_solve` solves small ones densely with numpy and imports scipy
only for large ones.
"""

from __future__ import annotations

import numpy as np

from vizgen.engine.graph import StateGraph
from vizgen.util import sizes
from vizgen.util.text import format_count

__all__ = ["perfect_vs_random", "random_play", "random_play_seats"]


def _gather(ptr: np.ndarray, items: np.ndarray, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(which, item)``: every item of every node in ``nodes`` (CSR), with its node's index."""
    starts, ends = ptr[nodes], ptr[nodes + 1]
    lengths = ends - starts
    which = np.repeat(np.arange(nodes.size), lengths)
    offsets = np.arange(which.size) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return which, items[starts[which] + offsets]


def _two_players(graph: StateGraph) -> None:
    if graph.players != 2:
        raise ValueError("perfect-against-random odds are defined for two players")


def _can_reach(graph: StateGraph, targets: np.ndarray) -> np.ndarray:
    """Boolean mask of nodes from which some node in ``targets`` (a mask) is reachable."""
    rptr, rsrc = graph.reverse
    seen = targets.copy()
    frontier = np.flatnonzero(targets)
    while frontier.size:
        _, parent = _gather(rptr, rsrc, frontier)
        parent = np.unique(parent)
        frontier = parent[~seen[parent]]
        seen[frontier] = True
    return seen


def _power_solve(size: int, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray, rhs: np.ndarray,
                 power: int) -> np.ndarray:
    """Solve ``(I - Q**power) @ x = rhs`` for a substochastic ``Q`` given as triplets, regular.

    ``Q[rows[e], cols[e]] += weights[e]`` for every entry ``e`` (repeats add up).
    Up to :data:`vizgen.util.sizes.DENSE_MAX_UNKNOWNS` unknowns (2,000: 32 MB,
    a tenth of a second) the dense matrix is solved by LU
    (``numpy.linalg.solve``), exactly and without importing scipy (0.3 s). Above,
    scipy's BiCGSTAB solves it with ``Q`` applied ``power`` times per step
    (direct sparse LU fills in badly on these well-connected graphs: 190 s
    against 0.05 s on ``standard:hands=4,r=7``). Chains that move through the
    seats in turn have a cyclic structure on which BiCGSTAB breaks down at its
    first steps; raising ``Q`` to the length of the cycle (the callers fold
    their systems so) removes it. LGMRES, slower but sure, stands behind it
    for an answer that does not leave a residual under 1e-10.
    """
    if size <= sizes.DENSE_MAX_UNKNOWNS:
        return np.linalg.solve(np.eye(size) - _dense_power(size, rows, cols, weights, power), rhs)
    import scipy.sparse as sp
    from scipy.sparse.linalg import LinearOperator, bicgstab, lgmres

    q = sp.csr_matrix((weights, (rows, cols)), shape=(size, size))

    def step(x: np.ndarray) -> np.ndarray:
        y = x
        for _ in range(power):
            y = q @ y
        rest: np.ndarray = x - y
        return rest

    system = LinearOperator((size, size), matvec=step, dtype=np.float64)
    for method in (bicgstab, lgmres):
        x, info = method(system, rhs, rtol=1e-13, atol=0.0, maxiter=20_000)
        if info == 0 and np.abs(step(x) - rhs).max() < 1e-10:
            return x
    raise ArithmeticError(f"the linear solve of {format_count(size)} unknowns did not converge")


def _dense_power(size: int, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray, power: int) -> np.ndarray:
    """``Q ** power`` as a dense matrix, ``Q`` given as triplets (see :func:`_power_solve`).

    The products are multiplied out over the triplets: ``Q`` has a few entries a row, so a power takes some
    hundred thousand products where a dense product takes ``2 * size ** 3`` (0.5 s at 2,000 unknowns).

    Examples
    --------
    >>> _dense_power(2, np.array([0, 1]), np.array([1, 0]), np.array([0.5, 0.25]), 2).tolist()
    [[0.125, 0.0], [0.0, 0.125]]
    """
    order = np.argsort(rows, kind="stable")
    ptr = np.searchsorted(rows[order], np.arange(size + 1))  # Q's entries by row
    at_row, at_col, at_weight = rows, cols, weights
    for _ in range(power - 1):
        which, entry = _gather(ptr, order, at_col)  # every entry of Q in the row each entry so far ends in
        keys, where = np.unique(at_row[which] * size + cols[entry], return_inverse=True)
        at_weight = np.bincount(where, at_weight[which] * weights[entry], minlength=keys.size)
        at_row, at_col = np.divmod(keys, size)
    return np.bincount(at_row * size + at_col, at_weight, minlength=size * size).reshape(size, size)


def _times(size: int, rows: np.ndarray, cols: np.ndarray, weights: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``Q @ x`` for ``Q`` given as triplets (see :func:`_power_solve`)."""
    return np.bincount(rows, weights * x[cols], minlength=size)


def _move_weights(graph: StateGraph) -> np.ndarray:
    """The chance of every edge under a uniformly random move (1 / out-degree of its source)."""
    chance: np.ndarray = 1.0 / np.diff(graph.indptr)[graph.sources]
    return chance


def random_play_seats(graph: StateGraph) -> np.ndarray:
    """Probability that each seat wins when every player moves uniformly at random.

    An absorbing Markov chain on (position, seat): seat ``k`` of a position
    wins with the mean, over the children, of the chance of seat ``k - 1``
    there (the mover passes to the next player). One sparse linear solve over
    the positions from which the game can still end; elsewhere it never ends
    and nobody wins.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph (any number of players).

    Returns
    -------
    numpy.ndarray
        float64, shape ``(n, players)``; seat 0 is the player to move.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard:players=3,r=3"))
    >>> odds = random_play_seats(graph)[graph.start]
    >>> round(float(odds.sum()), 9)
    1.0
    """
    n, players = graph.n, graph.players
    final = graph.winner >= 0
    odds = np.zeros((n, players))
    odds[np.flatnonzero(final), graph.winner[final]] = 1.0
    live = np.flatnonzero(_can_reach(graph, final) & ~final)
    if not live.size:
        return odds
    row, col = _gather(graph.indptr, graph.indices, live)  # every move of a live node: its row, the child
    weight = 1.0 / np.diff(graph.indptr)[live[row]]
    slot = np.full(n, -1, dtype=np.int64)
    slot[live] = np.arange(live.size)
    inner = slot[col] >= 0
    q = (live.size, row[inner], slot[col[inner]], weight[inner])  # the moves between live positions
    # seat k here is seat k - 1 in the child: x[k] = Q @ x[k - 1] + b[k], b from the final children
    ends = final[col]
    b = np.zeros((players, live.size))
    np.add.at(b, ((graph.winner[col[ends]].astype(np.int64) + 1) % players, row[ends]), weight[ends])
    # once round the table: x[0] = Q**P @ x[0] + b[0] + Q @ (b[P-1] + Q @ (b[P-2] + ...))
    rhs = b[1 % players]
    for k in range(2, players + 1):
        rhs = _times(*q, rhs) + b[k % players]
    x = [_power_solve(*q, rhs, players)]
    for k in range(1, players):
        x.append(_times(*q, x[-1]) + b[k])
    odds[live] = np.stack(x, axis=1)
    return np.clip(odds, 0.0, 1.0)


def random_play(graph: StateGraph) -> np.ndarray:
    """Probability that the player to move wins when both play uniformly at random.

    Parameters
    ----------
    graph : StateGraph
        A two-player graph.

    Returns
    -------
    numpy.ndarray
        float64 per node: column 0 of :func:`random_play_seats`.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> round(float(random_play(graph)[graph.start]), 6)
    0.508832
    """
    if graph.players != 2:
        raise ValueError("random_play is the two-player odds; use random_play_seats")
    return random_play_seats(graph)[:, 0]


def perfect_vs_random(graph: StateGraph, tol: float = 1e-12) -> np.ndarray:
    """Probability that the player to move wins, playing perfectly against random play.

    The player to move maximises their chance to win; the opponent picks
    uniformly at random. Solved by policy iteration on the chain of (position,
    whose turn) with linear solves; each policy is evaluated with the
    states that cannot win under it fixed at 0, so every system is regular.

    Parameters
    ----------
    graph : StateGraph
        A two-player graph.
    tol : float
        A policy switches to a better move only if it gains more than this.

    Returns
    -------
    numpy.ndarray
        float64 per node: the maximal winning probability of the player to move.
    """
    _two_players(graph)
    n = graph.n
    final = graph.winner >= 0
    weight = _move_weights(graph)
    sources = graph.sources
    # states: node i with the perfect player to move is i, with the random player to move n + i
    good = np.concatenate([graph.winner == 0, graph.winner == 1])
    policy = _initial_policy(graph, good)
    value = np.zeros(2 * n)
    while True:
        value = _evaluate(graph, weight, policy, good)
        child_value = value[n + graph.indices]
        best = np.full(n, -1.0)
        np.maximum.at(best, sources, child_value)
        current = np.where(final, -1.0, value[n + np.maximum(policy, 0)])
        better = ~final & (best > current + tol)
        if not better.any():
            return np.clip(value[:n], 0.0, 1.0)
        policy = np.where(better, _first_child(graph, -child_value), policy)


def _first_child(graph: StateGraph, key: np.ndarray) -> np.ndarray:
    """Per node, the child on the out-edge with the smallest ``key`` (-1 for final nodes)."""
    sources = graph.sources
    order = np.lexsort((key, sources))
    ordered = sources[order]
    first = np.ones(ordered.size, dtype=bool)
    first[1:] = ordered[1:] != ordered[:-1]
    pick = np.full(graph.n, -1, dtype=np.int64)
    pick[ordered[first]] = graph.indices[order[first]]
    return pick


def _initial_policy(graph: StateGraph, good: np.ndarray) -> np.ndarray:
    """A policy that moves one step closer to a win wherever a win is reachable."""
    n = graph.n
    rptr, rsrc = graph.reverse
    dist = np.full(2 * n, np.iinfo(np.int64).max, dtype=np.int64)
    dist[good] = 0
    frontier = np.flatnonzero(good)
    step = 0
    while frontier.size:
        step += 1
        random_side = frontier >= n
        # a perfect state's children are random states and vice versa
        parents = [
            _gather(rptr, rsrc, frontier[random_side] - n)[1],
            _gather(rptr, rsrc, frontier[~random_side])[1] + n,
        ]
        cand = np.unique(np.concatenate(parents))
        frontier = cand[dist[cand] > step]
        dist[frontier] = step
    return _first_child(graph, dist[n + graph.indices])


def _evaluate(graph: StateGraph, weight: np.ndarray, policy: np.ndarray, good: np.ndarray) -> np.ndarray:
    """Winning probability of the perfect player under a fixed ``policy``.

    States: the perfect player to move at node ``i`` (entry ``i``) or the random
    player (entry ``n + i``). A perfect state has one move, so it is folded
    into the random states: ``v_r(j) = sum_c a[j, c] * v_p(c)`` with
    ``v_p(c) = v_r(policy[c])`` (``a[j, c]``: ``weight`` of the edge), one
    regular system over the random states that can reach a win under the
    policy (elsewhere 0), solved two steps at a time (see :func:`_power_solve`).
    """
    n = graph.n
    final = graph.winner >= 0
    src, child = graph.sources.astype(np.int64), graph.indices
    won_p, won_r = (good[:n] & final).astype(float), (good[n:] & final).astype(float)
    # step: random state j to random state policy[c], through a child c that is not final
    moving = ~final[child]
    s_row, s_col, s_weight = src[moving], policy[child[moving]], weight[moving]
    gain = np.bincount(src, weight * won_p[child], minlength=n) + np.bincount(s_row, s_weight * won_r[s_col],
                                                                              minlength=n)
    # random states that can reach a win under this policy: backwards along the steps
    order = np.argsort(s_col, kind="stable")
    back_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(s_col, minlength=n), out=back_ptr[1:])
    back_src = s_row[order]
    reach = gain > 0
    frontier = np.flatnonzero(reach)
    while frontier.size:
        _, parent = _gather(back_ptr, back_src, frontier)
        parent = np.unique(parent)
        frontier = parent[~reach[parent]]
        reach[frontier] = True
    value_r = won_r
    live = np.flatnonzero(reach & ~final)
    if live.size:
        slot = np.full(n, -1, dtype=np.int64)
        slot[live] = np.arange(live.size)
        inner = (slot[s_row] >= 0) & (slot[s_col] >= 0)
        q = (live.size, slot[s_row[inner]], slot[s_col[inner]], s_weight[inner])
        # two steps at a time: (I - Q**2) x = (I + Q) gain, where plies alternate with forced replies
        value_r[live] = _power_solve(*q, gain[live] + _times(*q, gain[live]), 2)
    value_p = np.where(final, good[:n], value_r[np.maximum(policy, 0)])
    return np.concatenate([value_p, value_r])
