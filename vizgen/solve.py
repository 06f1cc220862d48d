"""Solvers: plain functions over an enumerated state graph.

- :func:`solve_forced`: retrograde analysis. For every position and every seat,
  whether that player can force a win against the coalition of all the others,
  and in how many plies (remoteness). With two players this is win / loss / draw.
- :func:`random_play`: two players moving uniformly at random (absorbing Markov
  chain, one sparse linear solve).
- :func:`perfect_vs_random`: the player to move plays to maximise their winning
  chance against a uniformly random opponent (policy iteration, sparse solves).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import bicgstab, lgmres, spsolve

from vizgen.graph import StateGraph

__all__ = ["Forced", "perfect_vs_random", "random_play", "solve_forced"]


@dataclass(frozen=True, eq=False)
class Forced:
    """Who can force a win from each position, and how fast.

    Attributes
    ----------
    winner : numpy.ndarray
        int8 seat offset (0 = the player to move) of the player who can force a
        win against all others, -1 if nobody can (draw / open).
    remoteness : numpy.ndarray
        int32 plies to the end under best play (fewest for the winner, most the
        others can delay it), -1 where ``winner`` is -1.
    """

    winner: np.ndarray
    remoteness: np.ndarray

    @property
    def value(self) -> np.ndarray:
        """int8 value for the player to move: +1 win, -1 loss (someone else wins), 0 draw/open."""
        return np.where(self.winner == 0, 1, np.where(self.winner > 0, -1, 0)).astype(np.int8)


def _gather(ptr: np.ndarray, items: np.ndarray, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(which, item)``: every item of every node in ``nodes`` (CSR), with its node's index."""
    starts, ends = ptr[nodes], ptr[nodes + 1]
    lengths = ends - starts
    which = np.repeat(np.arange(nodes.size), lengths)
    offsets = np.arange(which.size) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return which, items[starts[which] + offsets]


def solve_forced(graph: StateGraph) -> Forced:
    """Solve every position exactly by retrograde analysis.

    Works on the product of positions and seats: state ``(n, k)`` asks "can the
    player in seat ``k`` of position ``n`` force a win?". Starting from the final
    positions (remoteness 0) it works back one ply at a time: a state where that
    player is to move is won as soon as one child is (fewest plies); a state
    where another player is to move is won once every child is (the last child
    found gives the most plies). States never reached are not forced.

    Parameters
    ----------
    graph : StateGraph
        The enumerated graph.

    Returns
    -------
    Forced
        Winner seat and remoteness per position.
    """
    n, players = graph.n, graph.players
    rptr, rsrc = graph.reverse
    outdeg = np.diff(graph.indptr).astype(np.int32)
    remoteness = np.full(n * players, -1, dtype=np.int32)
    pending = np.repeat(outdeg, players)  # children not yet won, for states the coalition moves in
    final = np.flatnonzero(graph.winner >= 0)
    frontier = final * players + graph.winner[final]
    remoteness[frontier] = 0
    ply = 0
    while frontier.size:
        ply += 1
        which, parent = _gather(rptr, rsrc, frontier // players)
        seat = (frontier[which] % players + 1) % players
        state = parent.astype(np.int64) * players + seat
        state = state[remoteness[state] < 0]
        mover_state = state[state % players == 0]
        others = state[state % players != 0]
        hit, counts = np.unique(others, return_counts=True)
        pending[hit] -= counts.astype(np.int32)
        frontier = np.union1d(np.unique(mover_state), hit[pending[hit] == 0])
        remoteness[frontier] = ply
    table = remoteness.reshape(n, players)
    forced = table >= 0
    winner = np.where(forced.any(axis=1), np.argmax(forced, axis=1), -1).astype(np.int8)
    return Forced(winner=winner, remoteness=table.max(axis=1))


def _two_players(graph: StateGraph) -> None:
    if graph.players != 2:
        raise ValueError("random-play odds are defined for two players")


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


def _linear_solve(system: sp.spmatrix, rhs: np.ndarray) -> np.ndarray:
    """Solve ``system @ x = rhs`` for a regular ``I - Q`` system (Q substochastic).

    Krylov solvers first (direct LU fills in badly on these well-connected
    graphs): BiCGSTAB, then LGMRES where BiCGSTAB breaks down (as it does on
    the nearly deterministic chains of a fixed policy); each answer must leave
    a residual under 1e-10, else a direct sparse solve decides.
    """
    system = system.tocsr()
    for method in (bicgstab, lgmres):
        x, info = method(system, rhs, rtol=1e-13, atol=0.0, maxiter=20_000)
        if info == 0 and np.abs(system @ x - rhs).max() < 1e-10:
            return x
    return np.atleast_1d(spsolve(system.tocsc(), rhs))


def _uniform(graph: StateGraph) -> sp.csr_matrix:
    """Row-stochastic matrix of a uniformly random move (rows of final positions are zero)."""
    outdeg = np.diff(graph.indptr)
    weights = 1.0 / np.repeat(np.maximum(outdeg, 1), outdeg)
    return sp.csr_matrix((weights, graph.indices, graph.indptr), shape=(graph.n, graph.n))


def random_play(graph: StateGraph) -> np.ndarray:
    """Probability that the player to move wins when both play uniformly at random.

    Solves the absorbing chain ``w = A l``, ``l = A w`` over positions from
    which the game can still end (elsewhere the game never ends: 0).

    Parameters
    ----------
    graph : StateGraph
        A two-player graph.

    Returns
    -------
    numpy.ndarray
        float64 per node.
    """
    _two_players(graph)
    final = graph.winner >= 0
    live = np.flatnonzero(_can_reach(graph, final) & ~final)
    a = _uniform(graph)
    win_end = (graph.winner == 0).astype(float)
    loss_end = (graph.winner == 1).astype(float)
    w = win_end.copy()
    if live.size:
        inner = a[live][:, live]
        zero = sp.csr_matrix(inner.shape)
        system = sp.eye(2 * live.size) - sp.bmat([[None, inner], [inner, zero]])
        rhs = np.concatenate([a[live] @ loss_end, a[live] @ win_end])
        solution = _linear_solve(system, rhs)
        w[live] = solution[:live.size]
    return np.clip(w, 0.0, 1.0)


def perfect_vs_random(graph: StateGraph, tol: float = 1e-12) -> np.ndarray:
    """Probability that the player to move wins, playing perfectly against random play.

    The player to move maximises their chance to win; the opponent picks
    uniformly at random. Solved by policy iteration on the chain of (position,
    whose turn) with sparse linear solves; each policy is evaluated with the
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
    a = _uniform(graph)
    sources = graph.sources
    # states: node i with the perfect player to move is i, with the random player to move n + i
    good = np.concatenate([graph.winner == 0, graph.winner == 1])
    policy = _initial_policy(graph, good)
    value = np.zeros(2 * n)
    while True:
        value = _evaluate(graph, a, policy, good)
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


def _evaluate(graph: StateGraph, a: sp.csr_matrix, policy: np.ndarray, good: np.ndarray) -> np.ndarray:
    """Winning probability of the perfect player under a fixed ``policy``."""
    n = graph.n
    final = np.concatenate([graph.winner >= 0] * 2)
    has = policy >= 0
    rows = np.flatnonzero(has)
    choose = sp.csr_matrix((np.ones(rows.size), (rows, n + policy[rows])), shape=(n, 2 * n))
    wander = sp.hstack([a, sp.csr_matrix((n, n))], format="csr")
    step = sp.vstack([choose, wander], format="csr")
    # states that can reach a good final state under this policy
    reach = good.copy()
    back = step.T.tocsr()
    frontier = np.flatnonzero(good)
    while frontier.size:
        parents = np.unique(back[frontier].indices)
        frontier = parents[~reach[parents]]
        reach[frontier] = True
    value = good.astype(float)
    live = np.flatnonzero(reach & ~final)
    if live.size:
        inner = step[live][:, live]
        rhs = step[live] @ good.astype(float)
        value[live] = _linear_solve(sp.eye(live.size) - inner, rhs)
    return value
