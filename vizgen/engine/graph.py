"""The state graph: every position reachable from the start, with its moves as edges.

Nodes are numbered by increasing position code. The enumeration keeps a few
arrays over the code space and no per-move data; edges in compressed sparse
rows (numpy arrays) are built on demand for graphs small enough to draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

import numpy as np

from vizgen.engine import kernel
from vizgen.engine.params import VariantError, estimate_positions
from vizgen.engine.rules import Move, Position, PositionError, Rules
from vizgen.engine.variants import Variant
from vizgen.util import sizes
from vizgen.util.text import format_count, quote

__all__ = ["StateGraph", "check_size", "enumerate_graph", "estimate_memory"]

CODE_CHUNK = 1 << 24  # codes scanned at a time to find a few nodes' codes (StateGraph.code_of)


@dataclass(frozen=True, eq=False)
class StateGraph:
    """A variant's reachable positions and moves.

    The enumeration keeps three arrays over the whole code space (a position's
    code is its index): ``space_depth``, ``space_winner`` and ``space_outdeg``.
    Nothing per move is stored: the node numbering, the edge arrays and the
    moves on each edge are computed from the rules when first asked for
    (``codes``, ``indptr``, ``indices``, ``move_ptr``, ``move_ids`` ...), which
    suits the graphs small enough to draw.

    Attributes
    ----------
    rules : Rules
        The compiled rules the graph was enumerated with.
    n : int
        Number of reachable positions.
    edges : int
        Number of edges: distinct (position, child) pairs.
    start_code : int
        Code of the start position.
    space_depth : numpy.ndarray
        int32 per code: plies from the start on a shortest path, -1 if unreachable.
    space_winner : numpy.ndarray
        int8 per code: the winner's seat at reachable final positions, else -1.
    space_outdeg : numpy.ndarray
        uint16 per code: distinct children of the position.
    """

    rules: Rules
    n: int
    edges: int
    start_code: int
    space_depth: np.ndarray
    space_winner: np.ndarray
    space_outdeg: np.ndarray

    @property
    def variant(self) -> Variant:
        """The variant this graph belongs to."""
        return self.rules.variant

    @property
    def players(self) -> int:
        """Number of players."""
        return self.rules.players

    @cached_property
    def reachable(self) -> np.ndarray:
        """Boolean mask over the code space: the reachable positions."""
        return self.space_depth >= 0

    @cached_property
    def codes(self) -> np.ndarray:
        """int64 position code of each node, increasing (node ids number the reachable codes)."""
        return np.flatnonzero(self.reachable).astype(np.int64)

    @cached_property
    def start(self) -> int:
        """Node id of the start position."""
        return int(np.count_nonzero(self.reachable[:self.start_code]))

    @cached_property
    def winner(self) -> np.ndarray:
        """int8 seat offset of the winner at final positions, -1 elsewhere (per node)."""
        winner: np.ndarray = self.space_winner[self.reachable]
        return winner

    @cached_property
    def depth(self) -> np.ndarray:
        """int32 plies from the start on the shortest path (per node)."""
        depth: np.ndarray = self.space_depth[self.reachable]
        return depth

    @property
    def terminal(self) -> np.ndarray:
        """Boolean mask of final positions."""
        return self.winner >= 0

    @cached_property
    def _edges(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(indptr, indices, move_ptr, move_ids)``, from the kernel's moves of every node."""
        if self.edges > sizes.MAX_EDGE_ARRAYS:
            raise VariantError(
                f"{self.variant.spec or self.variant.slug} has {format_count(self.edges)} moves: "
                "too many to list them all "
                f"(at most {format_count(sizes.MAX_EDGE_ARRAYS)}); `stats` works without them"
            )
        codes, n = self.codes, self.n
        moving = np.flatnonzero(self.winner < 0)
        src, dst, mid = self.rules.expand(codes[moving])
        src = moving[src]
        dst = self.node_table()[dst]  # a lookup per move (a binary search took 5 s on 20 million moves)
        n_moves = len(self.rules.moves)
        # one int64 sort key: (source, target) then move id
        key, mid = np.divmod(np.sort((src * n + dst) * n_moves + mid), n_moves)
        first = np.ones(key.size, dtype=bool)
        first[1:] = key[1:] != key[:-1]
        edge_key = key[first]
        move_ptr = np.append(np.flatnonzero(first), key.size).astype(np.int64)
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(edge_key // n, minlength=n), out=indptr[1:])
        return indptr, (edge_key % n).astype(np.int32), move_ptr, mid.astype(np.int32)

    @property
    def indptr(self) -> np.ndarray:
        """Successors in CSR form: the children of node ``i`` are ``indices[indptr[i]:indptr[i+1]]``."""
        return self._edges[0]

    @property
    def indices(self) -> np.ndarray:
        """Child node of every edge (int32), increasing per source; edge ``e`` is entry ``e``."""
        return self._edges[1]

    @property
    def move_ptr(self) -> np.ndarray:
        """The moves of edge ``e`` are ``move_ids[move_ptr[e]:move_ptr[e+1]]``."""
        return self._edges[2]

    @property
    def move_ids(self) -> np.ndarray:
        """Move ids (``rules.moves``) of every edge, the representative first."""
        return self._edges[3]

    @cached_property
    def sources(self) -> np.ndarray:
        """Source node of every edge (int32, aligned with ``indices``)."""
        return np.repeat(np.arange(self.n, dtype=np.int32), np.diff(self.indptr))

    @cached_property
    def reverse(self) -> tuple[np.ndarray, np.ndarray]:
        """Predecessors in CSR form: ``(rptr, rsrc)``; parents of ``i`` are ``rsrc[rptr[i]:rptr[i+1]]``."""
        order = np.argsort(self.indices, kind="stable")  # sources stay ascending per target
        rptr = np.zeros(self.n + 1, dtype=np.int64)
        np.cumsum(np.bincount(self.indices, minlength=self.n), out=rptr[1:])
        return rptr, self.sources[order]

    @cached_property
    def edge_notations(self) -> list[tuple[str, ...]]:
        """Per edge, the notations of its moves, the representative first."""
        names = np.array([str(m) for m in self.rules.moves], dtype=object)[self.move_ids]
        bounds = zip(self.move_ptr[:-1].tolist(), self.move_ptr[1:].tolist())
        return [tuple(names[a:b]) for a, b in bounds]

    def successors(self, node: int) -> np.ndarray:
        """Return the child node ids of ``node``."""
        return self.indices[self.indptr[node]:self.indptr[node + 1]]

    def predecessors(self, node: int) -> np.ndarray:
        """Return the parent node ids of ``node``, ascending (from the kernel's backward moves)."""
        codes = kernel.parents(int(self.code_of(np.array([node]))[0]), self.rules.kernel_tables())
        codes = codes[self.space_depth[codes] >= 0]
        return np.unique(self.nodes_of(codes[self.space_winner[codes] < 0]))

    def edge_moves(self, edge: int) -> list[Move]:
        """Return the moves on edge ``edge``, the representative first."""
        ids = self.move_ids[self.move_ptr[edge]:self.move_ptr[edge + 1]]
        return [self.rules.moves[i] for i in ids]

    def notations(self) -> list[str]:
        """Return the notation of every node."""
        return self.rules.notations(self.codes)

    def code_of(self, nodes: np.ndarray) -> np.ndarray:
        """Return the int64 codes of the node ids ``nodes``, without numbering every node if not done yet.

        Examples
        --------
        >>> from vizgen.engine.spec import resolve
        >>> g = enumerate_graph(resolve("standard"))
        >>> g.code_of(np.array([0, 203])).tolist() == g.codes[[0, 203]].tolist()
        True
        """
        nodes = np.asarray(nodes, dtype=np.int64)
        if nodes.size and (nodes.min() < 0 or nodes.max() >= self.n):
            raise IndexError(f"node ids run from 0 to {self.n - 1}")
        if "codes" in self.__dict__ or self.space_depth.size <= CODE_CHUNK:
            codes: np.ndarray = self.codes[nodes]
            return codes
        out = np.empty(nodes.shape, dtype=np.int64)
        first = 0  # node id of the first reachable code in the chunk
        for lo in range(0, self.space_depth.size, CODE_CHUNK):
            here = np.flatnonzero(self.space_depth[lo:lo + CODE_CHUNK] >= 0)
            inside = (nodes >= first) & (nodes < first + here.size)
            out[inside] = lo + here[nodes[inside] - first]
            first += here.size
        return out

    def nodes_of(self, codes: np.ndarray) -> np.ndarray:
        """Return the node ids of reachable ``codes``, without numbering every node if not done yet.

        Examples
        --------
        >>> from vizgen.engine.spec import resolve
        >>> g = enumerate_graph(resolve("standard"))
        >>> g.nodes_of(g.codes[[203, 0]]).tolist()
        [203, 0]
        """
        codes = np.asarray(codes, dtype=np.int64)
        if codes.size and not (self.space_depth[codes] >= 0).all():
            raise ValueError("every code must be of a reachable position")
        if "codes" in self.__dict__ or self.space_depth.size <= CODE_CHUNK:
            return np.searchsorted(self.codes, codes)
        order = np.argsort(codes, kind="stable")
        bounds = np.concatenate([[0], codes[order]]).tolist()
        below = [np.count_nonzero(self.space_depth[a:b] >= 0) for a, b in pairwise(bounds)]
        out = np.empty(codes.shape, dtype=np.int64)
        out[order] = np.cumsum(below, dtype=np.int64)  # the reachable codes below each
        return out

    def node_table(self) -> np.ndarray:
        """The node id of every code (int32 over the code space, the size of ``space_depth``; -1 where the code is
        not reachable): for looking up many codes at once, as the moves' targets.

        Examples
        --------
        >>> from vizgen.engine.spec import resolve
        >>> g = enumerate_graph(resolve("standard"))
        >>> table = g.node_table()
        >>> table[g.codes[[0, 203]]].tolist(), int((table >= 0).sum()) == g.n
        ([0, 203], True)
        """
        table = np.full(self.space_depth.size, -1, dtype=np.int32)
        table[self.codes] = np.arange(self.n, dtype=np.int32)
        return table

    def position(self, node: int) -> Position:
        """Return the position of node ``node``."""
        return self.rules.decode(self.start_code if node == self.start else int(self.code_of(np.array([node]))[0]))

    def node_of(self, position: Position) -> int:
        """Return the node id of ``position``; raise PositionError if it is not reachable."""
        code = self.rules.encode(position)
        if not self.reachable[code]:
            raise PositionError(
                f"{self.rules.notation(position)} cannot be reached from the start "
                f"{self.rules.notation(self.rules.start())} in this variant"
            )
        return int(np.count_nonzero(self.reachable[:code]))


def estimate_memory(variant: Variant, *, solve: bool = True, survival: bool = False) -> int:
    """Return the bytes the engine needs at most to enumerate ``variant`` and solve it.

    Counted per position that exists (the whole code space,
    :func:`vizgen.engine.params.estimate_positions`), with ``P`` players:

    - kept from the enumeration on: depth (4 bytes), final winner (1) and
      distinct children (2): 7 bytes;
    - the enumeration adds three bitmaps: under 1 byte;
    - the forced wins (``solve``): a winner (1), a remoteness (4) and a
      2-byte counter per other seat: ``5 + 2 (P - 1)`` bytes;
    - survival (``survival``, three or more players): beside the forced wins
      (5), 2 bytes of plies per seat and two sets of seat bits (undecided,
      out: a byte each up to eight players, four beyond): ``5 + 2 P + 2``
      bytes (``+ 8`` beyond eight players).

    The largest phase counts, plus 10 %. Seven players (170.9 million
    positions): 4.5 GB, 5.3 GB with survival (``stats --json`` measured 5.2 GB
    at its peak). Eight players (2.56 billion): 73 GB, 85 GB with survival.

    Parameters
    ----------
    variant : Variant
        The rules.
    solve : bool
        Count the forced wins (``stats``, ``show``); False: the enumeration alone (``maxn``).
    survival : bool
        Count the survival pass too (ignored with two players).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> [estimate_memory(resolve("standard:players=8"), survival=s) // 10**9 for s in (False, True)]
    [73, 84]
    """
    space, players = estimate_positions(variant.params), variant.params.players
    kept = 4 + 1 + 2
    phases = [1]
    if solve:
        phases.append(1 + 4 + 2 * (players - 1))
        if survival and players > 2:
            phases.append(1 + 4 + 2 * players + 2 * (1 if players <= 8 else 4))
    return space * (kept + max(phases)) * 11 // 10  # whole numbers: the estimate may exceed any float


def check_size(variant: Variant, max_positions: int | None = None, max_memory: int | sizes.Memory | None = None, *,
               solve: bool = True, survival: bool = False) -> None:
    """Refuse a variant that would not fit: over the memory this process can use, or over ``max_positions``.

    Parameters
    ----------
    variant : Variant
        The rules.
    max_positions : int, optional
        Refuse more possible positions than this (default: no limit but memory).
    max_memory : int or Memory, optional
        Bytes the solve may take (``--max-memory``); default :func:`vizgen.util.sizes.memory_available`,
        the cgroup's limit or the machine's memory.
    solve, survival : bool
        What will run (see :func:`estimate_memory`).

    Raises
    ------
    VariantError
        In one line: the variant's size and memory, what the machine has and what to do; before any work.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> check_size(resolve("standard:players=7"), max_memory=8 * 10**9)
    >>> check_size(resolve("standard:players=8"), max_memory=24 * 10**9)
    Traceback (most recent call last):
    vizgen.engine.params.VariantError: 'standard:players=8' has up to 2\u202f562\u202f890\u202f625 positions and ...
    """
    estimate = estimate_positions(variant.params)
    memory = estimate_memory(variant, solve=solve, survival=survival)
    name = quote(variant.spec or variant.slug)
    have = sizes.memory_available() if max_memory is None else max_memory if isinstance(max_memory, sizes.Memory) \
        else sizes.Memory(max_memory, "--max-memory")
    if memory > have.size:
        more = ""
        if solve and not survival and variant.params.players > 2:
            more = f" ({sizes.memory_words(estimate_memory(variant, survival=True))} with survival)"
        raise VariantError(
            f"{name} has up to {format_count(estimate)} positions and needs {sizes.about_memory(memory)} of "
            f"memory{more}; {have.source} is {sizes.memory_words(have.size)}: run it on a bigger machine or a "
            f"cluster (vizgen stats {name} --cluster ADDRESS, or --workers N), or set --max-memory if more "
            "memory is there"
        )
    if max_positions is not None and estimate > max_positions:
        raise VariantError(
            f"{name} has up to {format_count(estimate)} positions, over the limit of {format_count(max_positions)} "
            f"({sizes.about_memory(memory)} of memory); raise it with --max-positions if the machine can take it"
        )


def enumerate_graph(variant: Variant, max_positions: int | None = None, max_memory: int | None = None) -> StateGraph:
    """Enumerate every position reachable from the start of ``variant``.

    Breadth-first search in the compiled kernel (:func:`vizgen.engine.kernel.enumerate_space`)
    over the code space; moves are generated, counted and dropped.

    Parameters
    ----------
    variant : Variant
        The rules to play by.
    max_positions : int, optional
        Refuse variants whose state space (all positions that exist, an upper
        bound on the reachable ones) is larger than this.
    max_memory : int, optional
        Refuse variants whose enumeration would take more bytes (default: the memory at hand).

    Returns
    -------
    StateGraph
        Reachable positions, final positions, depths and out-degrees.

    Raises
    ------
    VariantError
        If the variant is over ``max_positions`` or its enumeration over the memory (:func:`check_size`).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> graph = enumerate_graph(resolve("standard"))
    >>> graph.n, graph.edges, graph.notations()[graph.start]
    (204, 531, '11-11')
    """
    check_size(variant, max_positions, max_memory, solve=False)
    rules = Rules(variant)
    start = rules.encode(rules.start())
    depth, winner, outdeg, n, edges = kernel.enumerate_space(start, rules.space, rules.kernel_tables())
    return StateGraph(rules=rules, n=n, edges=edges, start_code=start, space_depth=depth,
                      space_winner=winner, space_outdeg=outdeg)
