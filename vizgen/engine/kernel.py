"""The compiled kernel: moves, enumeration and retrograde analysis over position codes.

Every function works in the *code space*: the integer code of a position (see
:mod:`vizgen.engine.rules`) is its index in every array, so no position needs a
lookup table and no move is stored. A position's moves are generated from the
rule tables when they are needed (:func:`expand`); its parents are generated
from backward-move tables (the same tables inverted), which replaces a sorted
reverse edge array; :mod:`vizgen.engine.retrograde` works back from the final
positions with them. The loops are C, compiled ahead of time from
``vizgen/engine/_kernel.pyx`` (Cython, threads by OpenMP) when the package is
installed; this module holds their Python face.

The rule tables are passed as one tuple ``tables``, built by
:meth:`vizgen.engine.rules.Rules.kernel_tables`:

``(ints, live, swap_ok, own_dst, own_mid, hit_dst, hit_own, hit_mid, own_src, hit_src)``

Indices ``s``, ``u``, ``d`` number a player's *states* (:func:`vizgen.engine.rules.seat_states`:
their hands and what the rules keep with them: lives, the switch, own swaps).

- ``ints``: int64 scalars, indexed by the ``I_*`` constants below;
- ``live[s]``, ``swap_ok[s]``: per state ``s``, whether it has a live hand,
  whether a swap (counted in a row by anyone) is possible;
- ``own_dst[s, w]``, ``own_mid[s, w]``: the mover's own state ``s`` becomes
  ``own_dst`` (a split, self attack, flip, or a house rule's move; ``s`` itself for
  a pass) by move ``own_mid`` (-1 pads);
- ``hit_dst[s, u, w]``, ``hit_own[s, u, w]``: striker ``s`` against state ``u`` leaves
  the struck player in state ``hit_dst`` and the striker in ``hit_own`` (``u`` and ``s``
  where they do not change: the striker changes under self-gain, with a cherry bomb and
  when a strike ends their own run of swaps); ``hit_mid[t, s, u, w]`` is the move id
  when the struck player sits ``t`` seats after the mover;
- ``own_src[d, w]``: every ``s`` whose own moves reach ``d``; ``hit_src[o, d, w, :]``:
  every pair ``(s, u)`` of striker and struck state that a strike turns into ``(o, d)``.

``ints[I_TWO]`` says whether any strike changes the striker: a child then differs
from its parent (rotated) in two seats, not one, and the kernel looks for repeats
among such children by comparing codes.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from vizgen.engine import _kernel
from vizgen.util.text import format_count

__all__ = [
    "I_COUNTS",
    "I_END",
    "I_M",
    "I_MAXDEG",
    "I_MAXPAR",
    "I_P",
    "I_PASSES",
    "I_PASS_MID",
    "I_SWAPS",
    "I_SWAP_MID",
    "I_TOP",
    "I_TWO",
    "N_INTS",
    "Chain",
    "OverBudget",
    "chain_build",
    "chain_plies",
    "children",
    "compact",
    "digest_sums",
    "enumerate_space",
    "expand",
    "explore",
    "parents",
    "trap_opponent",
    "trap_own",
    "winners",
]

# positions of the scalars in ``ints``
I_P, I_M, I_COUNTS, I_SWAPS, I_TWO, I_PASSES, I_END, I_TOP, I_SWAP_MID, I_PASS_MID, I_MAXDEG, I_MAXPAR = range(12)
N_INTS = 12
# I_END: how a game ends. 0: the last live player wins; 1: misere (the first
# player out wins); 2: self-gain (the first player out wins); 3: misere self-gain.


def parents(code: int, tables: tuple[np.ndarray, ...]) -> np.ndarray:
    """Return the codes of every position with a move to ``code`` (backward moves), ascending.

    Every position that exists is included, reachable or not, final ones
    too (which have no moves): the caller filters.

    Examples
    --------
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> codes = parents(rules.encode(rules.parse("11-22")), rules.kernel_tables())
    >>> sorted(rules.notation(rules.decode(int(c))) for c in codes)
    ['04-11', '13-11', '22-14']
    """
    return np.sort(_kernel.parents(int(code), _kernel.Tables(tables)))


def winners(codes: np.ndarray, tables: tuple[np.ndarray, ...]) -> np.ndarray:
    """Return the winner's seat (int8, 0 = the mover) per code, -1 while the game goes on.

    Examples
    --------
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> winners(np.array([rules.encode(rules.parse("00-14"))]), rules.kernel_tables()).tolist()
    [1]
    """
    out = np.empty(len(codes), dtype=np.int8)
    _kernel.winners(np.ascontiguousarray(codes, dtype=np.int64), _kernel.Tables(tables), out)
    return out


def children(codes: np.ndarray, winner: np.ndarray, tables: tuple[np.ndarray, ...], node_of: np.ndarray,
             edges: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct children of every position, in CSR form, at 4 bytes a child.

    Parameters
    ----------
    codes : numpy.ndarray
        Every node's code, increasing (a graph's ``codes``).
    winner : numpy.ndarray
        Every node's winner (-1 while the game goes on): a final position has no children.
    tables : tuple
        The rule tables (:meth:`vizgen.engine.rules.Rules.kernel_tables`).
    node_of : numpy.ndarray
        The node of every code (int32 over the code space, :meth:`vizgen.engine.graph.StateGraph.node_table`).
    edges : int
        How many distinct children in all (a graph's ``edges``).

    Returns
    -------
    indptr, indices : numpy.ndarray
        The children of node ``i`` are ``indices[indptr[i]:indptr[i + 1]]`` (int64, int32), increasing: the
        graph's own ``indptr`` and ``indices`` without its move arrays.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> indptr, indices = children(g.codes, g.winner, g.rules.kernel_tables(), g.node_table(), g.edges)
    >>> bool((indptr == g.indptr).all() and (indices == g.indices).all())
    True
    """
    indptr = np.empty(len(codes) + 1, dtype=np.int64)
    indices = np.empty(edges, dtype=np.int32)
    n = _kernel.children(np.ascontiguousarray(codes, dtype=np.int64), np.ascontiguousarray(winner, dtype=np.int8),
                         _kernel.Tables(tables), np.ascontiguousarray(node_of, dtype=np.int32), indptr, indices)
    if n != edges:
        raise ValueError(f"more children than the {format_count(edges)} expected" if n < 0 else
                         f"{format_count(n)} children, not the {format_count(edges)} expected")
    return indptr, indices


def expand(codes: np.ndarray, tables: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Generate every move of every non-final position in ``codes``.

    Parameters
    ----------
    codes : numpy.ndarray
        Codes of positions where the game is not over.
    tables : tuple
        The rule tables (:meth:`vizgen.engine.rules.Rules.kernel_tables`).

    Returns
    -------
    src, dst, mid : numpy.ndarray
        Per move: the index into ``codes`` it is played from (int64), the code
        it leads to (int64) and its move id (int32).

    Examples
    --------
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> src, dst, mid = expand(np.array([rules.encode(rules.start())]), rules.kernel_tables())
    >>> sorted({rules.notation(rules.decode(int(c))) for c in dst})
    ['12-11']
    """
    codes = np.ascontiguousarray(codes, dtype=np.int64)
    size = codes.size * int(tables[0][I_MAXDEG])
    src, dst, mid = np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int32)
    n = _kernel.expand(codes, _kernel.Tables(tables), src, dst, mid)
    return src[:n], dst[:n], mid[:n]


def enumerate_space(start: int, space: int,
                    tables: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """Breadth-first search from ``start`` over the whole code space.

    Parameters
    ----------
    start : int
        Code of the start position.
    space : int
        Number of codes (every position that exists).
    tables : tuple
        The rule tables.

    Returns
    -------
    depth : numpy.ndarray
        int32 per code: plies from the start on a shortest path, -1 if unreachable.
    winner : numpy.ndarray
        int8 per code: the winner's seat at reachable final positions, else -1.
    outdeg : numpy.ndarray
        uint16 per code: distinct children (0 at final positions).
    positions, edges : int
        Reachable positions and distinct (position, child) pairs.

    Examples
    --------
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> enumerate_space(rules.encode(rules.start()), rules.space, rules.kernel_tables())[3]
    204
    """
    return _kernel.enumerate_space(int(start), int(space), _kernel.Tables(tables))


def compact(mask: np.ndarray, values: np.ndarray, width: int) -> int:
    """Move the rows of the reachable codes to the front, in place; return the row count.

    ``values`` holds ``width`` entries per code; afterwards its first
    ``n * width`` entries are those of the ``n`` codes where ``mask`` is true,
    in code order. A row never moves up, so no copy is needed.

    Examples
    --------
    >>> values = np.array([5, 6, 7, 8])
    >>> compact(np.array([False, True, False, True]), values, 1), values[:2].tolist()
    (2, [6, 8])
    """
    mask = np.ascontiguousarray(mask, dtype=bool).view(np.uint8)
    if not values.flags.c_contiguous or values.size < mask.size * width:
        raise ValueError("compact needs a contiguous array of width entries per code")
    return _kernel.compact(mask, values, int(width))


def trap_own(indptr: np.ndarray, indices: np.ndarray, score: np.ndarray, after: np.ndarray) -> np.ndarray:
    """At the player's own move: per position, the best ``after`` among its children of the highest ``score``.

    The children are a CSR pair (``indptr``, ``indices``) over node ids; a position without children gets 0.
    :mod:`vizgen.ai.tricky` explains the use.

    Examples
    --------
    >>> trap_own(np.array([0, 2, 2]), np.array([1, 0]), np.array([5, 7]), np.array([0.25, 0.5])).tolist()
    [0.5, 0.0]
    """
    out = np.empty(indptr.size - 1)
    _kernel.trap_own(np.ascontiguousarray(indptr, dtype=np.int64), np.ascontiguousarray(indices, dtype=np.int32),
                     np.ascontiguousarray(score, dtype=np.int64), np.ascontiguousarray(after, dtype=np.float64), out)
    return out


def trap_opponent(indptr: np.ndarray, indices: np.ndarray, here: np.ndarray, there: np.ndarray,
                  chance: np.ndarray) -> np.ndarray:
    """At an opponent's move: per position, the mean over its children of 1 where the child's class ``there``
    is above the position's ``here``, else the child's ``chance`` (numpy's summation order, to the bit).

    Examples
    --------
    >>> here, there = np.array([0, 1, 1], dtype=np.int8), np.array([0, 2, 0], dtype=np.int8)
    >>> trap_opponent(np.array([0, 2, 2, 2]), np.array([1, 2]), here, there, np.array([0.0, 0.0, 0.5])).tolist()
    [0.75, 0.0, 0.0]
    """
    out = np.empty(indptr.size - 1)
    _kernel.trap_opponent(np.ascontiguousarray(indptr, dtype=np.int64), np.ascontiguousarray(indices, dtype=np.int32),
                          np.ascontiguousarray(here, dtype=np.int8), np.ascontiguousarray(there, dtype=np.int8),
                          np.ascontiguousarray(chance, dtype=np.float64), out)
    return out


def digest_sums(key: np.ndarray, value: np.ndarray, indptr: np.ndarray, indices: np.ndarray, salt: int) -> int:
    """One salt's sum of a game digest (:func:`vizgen.analysis.sweep.game_digest`), wrapping at 2**64.

    The sum over the nodes of ``mix(mix(key ^ salt) + value)`` and over the moves (node ``i`` to each of
    ``indices[indptr[i]:indptr[i + 1]]``) of ``mix(mix(key[i] ^ salt) * 0xD6E8FEB86659FD93 + key[child])``,
    with ``mix`` SplitMix64's finaliser; in one compiled pass instead of a dozen numpy passes over the moves.

    Examples
    --------
    >>> key = np.array([1, 2], np.uint64)
    >>> one = digest_sums(key, np.zeros(2, np.uint64), np.array([0, 1, 1]), np.array([1], np.int32), 7)
    >>> one == digest_sums(key, np.zeros(2, np.uint64), np.array([0, 1, 1]), np.array([1], np.int32), 7), 0 <= one
    (True, True)
    """
    return int(_kernel.digest_sums(np.ascontiguousarray(key, np.uint64), np.ascontiguousarray(value, np.uint64),
                                   np.ascontiguousarray(indptr, np.int64), np.ascontiguousarray(indices, np.int32),
                                   salt))


class OverBudget(MemoryError):
    """:func:`explore` stopped at its budget: ``positions`` and ``moves`` listed by then."""

    def __init__(self, positions: int, moves: int) -> None:
        super().__init__(positions, moves)
        self.positions, self.moves = positions, moves


def explore(start: int, space: int, tables: tuple[np.ndarray, ...], *, node_bytes: int = 0, edge_bytes: int = 0,
            budget: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Enumerate the positions reachable from ``start`` and list the graph in the same pass, in one thread.

    What :func:`enumerate_space` and :func:`children` give together, for many small games one after another
    (the rule-space sweep): no pass over the whole code space but one table of node ids, and each position's
    moves generated once. With a ``budget`` (bytes; 0: none), it stops with :class:`OverBudget` as soon as the
    graph listed so far costs more, at ``node_bytes`` a position and ``edge_bytes`` a move: a caller that
    knows what it will spend per position and per move keeps its memory bounded without knowing the graph's
    size beforehand.

    Returns
    -------
    codes, winner, indptr, indices : numpy.ndarray
        Node ``i``'s code (int64; node 0 is ``start``, then the nodes in the order first reached, breadth
        first), its winner (int8, -1 while the game goes on) and its distinct children
        ``indices[indptr[i]:indptr[i + 1]]`` (int64 and int32), in the order its moves reach them.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> codes, winner, indptr, indices = explore(g.start_code, g.rules.space, g.rules.kernel_tables())
    >>> node = {int(c): i for i, c in enumerate(g.codes)}
    >>> same = all(sorted(node[int(codes[j])] for j in indices[indptr[i]:indptr[i + 1]])
    ...            == sorted(g.indices[g.indptr[node[int(c)]]:g.indptr[node[int(c)] + 1]].tolist())
    ...            for i, c in enumerate(codes))
    >>> len(codes) == g.n, same, bool((winner == g.winner[[node[int(c)] for c in codes]]).all())
    (True, True, True)
    >>> try:
    ...     explore(g.start_code, g.rules.space, g.rules.kernel_tables(), node_bytes=100, budget=10_000)
    ... except OverBudget as stop:
    ...     print(stop.positions > 100, stop.positions < g.n)
    True True
    """
    try:
        return _kernel.explore(int(start), int(space), _kernel.Tables(tables), node_bytes, edge_bytes, budget)
    except MemoryError as exc:
        if budget > 0 and len(exc.args) == 2:
            raise OverBudget(*exc.args) from None
        raise


class Chain(NamedTuple):
    """The live part of two players' chain over a two-player graph (:func:`chain_build`).

    A state is (node, whose turn): ``node`` with the first player to move, ``n + node`` with the second. The live
    states are those the start reaches through moves of positive chance and from which a final position can still
    be reached; they are numbered (their *slots*) in ascending state order.

    Attributes
    ----------
    states : numpy.ndarray
        int64 state of each slot, ascending.
    indptr, indices, chances : numpy.ndarray
        The moves among live states, CSR over slots (int64, int64, float64 chance); a move into a final state or a
        state that cannot reach one is not among them.
    absorb : numpy.ndarray
        float64 (2, slots): each slot's chance that its move wins the game for the first (row 0), the second (1).
    changes : numpy.ndarray
        float64 per slot: the chance that its move changes who can force a win (or that nobody can).
    leader : numpy.ndarray
        int8 per slot: who can force a win there (0 the first player, 1 the second, -1 nobody).
    at : int
        The start's slot.
    """

    states: np.ndarray
    indptr: np.ndarray
    indices: np.ndarray
    chances: np.ndarray
    absorb: np.ndarray
    changes: np.ndarray
    leader: np.ndarray
    at: int


def chain_build(indptr: np.ndarray, indices: np.ndarray, winner: np.ndarray, value: np.ndarray, first: np.ndarray,
                second: np.ndarray, start: int) -> Chain | None:
    """The live part of the chain of ``first`` (moving first) against ``second`` over a two-player graph.

    Parameters
    ----------
    indptr, indices : numpy.ndarray
        The graph's children (CSR over node ids).
    winner : numpy.ndarray
        int8 per node: the winner's seat counted from the mover (0 or 1), -1 while the game goes on.
    value : numpy.ndarray
        int8 per node, for the player to move: 1 a forced win, -1 a forced loss, 0 neither.
    first, second : numpy.ndarray
        float64 per edge: each player's chance of taking it.
    start : int
        The node the game starts at, the first player to move.

    Returns
    -------
    Chain or None
        None when the start is final or cannot reach a final position.

    Examples
    --------
    Node 0 moves to 1 (a win for the mover) or to 2, from which node 0 comes round again:

    >>> indptr, indices = np.array([0, 2, 2, 3]), np.array([1, 2, 0], dtype=np.int32)
    >>> winner, value = np.array([-1, 1, -1], dtype=np.int8), np.array([1, 0, -1], dtype=np.int8)
    >>> half = np.array([0.5, 0.5, 1.0])
    >>> chain = chain_build(indptr, indices, winner, value, half, half, 0)
    >>> chain.states.tolist(), chain.absorb.tolist(), chain.leader.tolist(), chain.at
    ([0, 5], [[0.5, 0.0], [0.0, 0.0]], [0, 0], 0)
    >>> chain_build(indptr, indices, winner, value, np.array([0.0, 1.0, 1.0]), half, 0) is None
    True
    """
    built = _kernel.chain_build(np.ascontiguousarray(indptr, dtype=np.int64),
                                np.ascontiguousarray(indices, dtype=np.int32),
                                np.ascontiguousarray(winner, dtype=np.int8), np.ascontiguousarray(value, dtype=np.int8),
                                np.ascontiguousarray(first, dtype=np.float64),
                                np.ascontiguousarray(second, dtype=np.float64), int(start))
    return None if built is None else Chain(*built)


def chain_plies(chain: Chain, cap: int, measures: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """The chain's distribution carried from the start for ``cap`` plies, with what the judge's measures need.

    Beside the distribution (the *mass*) it carries the games in which each player has not been behind yet and
    the chance times the plies each player has been ahead without a break (:func:`vizgen.reports.judge.match`
    says why); a sum into a slot adds its sources in ascending order, as scipy's CSR product does.

    Returns
    -------
    sums : numpy.ndarray
        float64 (7,): over the plies, the chance of the first's win and of the second's; of the wins of games in
        which the first, the second had not been behind; the settled plies of the first's and the second's wins
        (the streak of plies ahead, weighed); the expected number of moves that change the exact value. Only the
        first two and the last without ``measures``.
    by_ply : numpy.ndarray
        float64 (cap + 1,): the chance the game is won at each ply.

    Examples
    --------
    >>> indptr, indices = np.array([0, 2, 2, 3]), np.array([1, 2, 0], dtype=np.int32)
    >>> winner, value = np.array([-1, 1, -1], dtype=np.int8), np.array([1, 0, -1], dtype=np.int8)
    >>> half = np.array([0.5, 0.5, 1.0])
    >>> sums, by_ply = chain_plies(chain_build(indptr, indices, winner, value, half, half, 0), 4)
    >>> sums.tolist(), by_ply.tolist()
    ([0.75, 0.0, 0.75, 0.0, 1.25, 0.0, 0.0], [0.0, 0.5, 0.0, 0.25, 0.0])
    """
    sums, by_ply = np.zeros(7), np.zeros(cap + 1)
    _kernel.chain_plies(chain.indptr, chain.indices, chain.chances, chain.absorb, chain.changes, chain.leader,
                        chain.at, int(cap), bool(measures), sums, by_ply)
    return sums, by_ply
