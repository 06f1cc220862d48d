"""The state graph: every position reachable from the start, with its moves as edges.

Nodes are numbered by increasing position code; edges are stored as compressed
sparse rows (numpy arrays), never as a Python object per position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from vizgen.rules import Move, Position, PositionError, Rules
from vizgen.variants import Variant, VariantError, estimate_positions, format_count, quote

__all__ = ["DEFAULT_MAX_POSITIONS", "StateGraph", "check_size", "enumerate_graph"]

DEFAULT_MAX_POSITIONS = 20_000_000


@dataclass(frozen=True, eq=False)
class StateGraph:
    """A variant's reachable positions and moves.

    Attributes
    ----------
    rules : Rules
        The compiled rules the graph was enumerated with.
    codes : numpy.ndarray
        int64 position code of each node, increasing.
    start : int
        Node id of the start position.
    indptr, indices : numpy.ndarray
        Successors in CSR form: the children of node ``i`` are
        ``indices[indptr[i]:indptr[i+1]]``, increasing. Edge ``e`` is the
        ``e``-th entry of ``indices``.
    move_ptr, move_ids : numpy.ndarray
        The moves on each edge: ``move_ids[move_ptr[e]:move_ptr[e+1]]`` index
        ``rules.moves`` (several moves that reach the same position share an edge).
    winner : numpy.ndarray
        int8 seat offset of the winner at final positions, -1 elsewhere.
    depth : numpy.ndarray
        int32 plies from the start on the shortest path.
    """

    rules: Rules
    codes: np.ndarray
    start: int
    indptr: np.ndarray
    indices: np.ndarray
    move_ptr: np.ndarray
    move_ids: np.ndarray
    winner: np.ndarray
    depth: np.ndarray

    @property
    def variant(self) -> Variant:
        """The variant this graph belongs to."""
        return self.rules.variant

    @property
    def n(self) -> int:
        """Number of positions."""
        return int(self.codes.size)

    @property
    def players(self) -> int:
        """Number of players."""
        return self.rules.players

    @property
    def terminal(self) -> np.ndarray:
        """Boolean mask of final positions."""
        return self.winner >= 0

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
        """Return the parent node ids of ``node``."""
        rptr, rsrc = self.reverse
        return rsrc[rptr[node]:rptr[node + 1]]

    def edge_moves(self, edge: int) -> list[Move]:
        """Return the moves on edge ``edge``, the representative first."""
        ids = self.move_ids[self.move_ptr[edge]:self.move_ptr[edge + 1]]
        return [self.rules.moves[i] for i in ids]

    def notations(self) -> list[str]:
        """Return the notation of every node."""
        return self.rules.notations(self.codes)

    def position(self, node: int) -> Position:
        """Return the position of node ``node``."""
        return self.rules.decode(int(self.codes[node]))

    def node_of(self, position: Position) -> int:
        """Return the node id of ``position``; raise PositionError if it is not reachable."""
        code = self.rules.encode(position)
        i = int(np.searchsorted(self.codes, code))
        if i == self.n or self.codes[i] != code:
            raise PositionError(
                f"{self.rules.notation(position)} cannot be reached from the start "
                f"{self.rules.notation(self.position(self.start))} in this variant"
            )
        return i


def check_size(variant: Variant, max_positions: int = DEFAULT_MAX_POSITIONS) -> None:
    """Refuse a variant whose state space (all positions that exist) exceeds ``max_positions``.

    Raises
    ------
    VariantError
        With the estimated size, before any work is done.
    """
    estimate = estimate_positions(variant.params)
    if estimate > max_positions:
        raise VariantError(
            f"{quote(variant.spec or variant.slug)} has up to {format_count(estimate)} positions, over the limit of "
            f"{max_positions:,}; raise it with --max-positions if the machine can take it"
        )


def enumerate_graph(variant: Variant, max_positions: int = DEFAULT_MAX_POSITIONS) -> StateGraph:
    """Enumerate every position reachable from the start of ``variant``.

    Parameters
    ----------
    variant : Variant
        The rules to play by.
    max_positions : int
        Refuse variants whose state space (all positions that exist, an upper
        bound on the reachable ones) is larger than this.

    Returns
    -------
    StateGraph
        Nodes, deduplicated edges with their moves, final positions and depths.

    Raises
    ------
    VariantError
        If the variant's state space exceeds ``max_positions``.
    """
    check_size(variant, max_positions)
    rules = Rules(variant)
    start = rules.encode(rules.start())
    seen = np.zeros(rules.space, dtype=bool)
    fresh = np.zeros(rules.space, dtype=bool)
    seen[start] = True
    frontier = np.array([start], dtype=np.int64)
    edge_src, edge_dst, edge_mid = [], [], []
    ply = 0
    layers = [(frontier, 0)]
    while frontier.size:
        moving = frontier[rules.winners(frontier) < 0]
        src, dst, mid = rules.expand(moving)
        edge_src.append(moving[src])
        edge_dst.append(dst)
        edge_mid.append(mid)
        fresh[dst[~seen[dst]]] = True  # a second bitmap: the new codes, sorted and unique
        new = np.flatnonzero(fresh)
        fresh[new] = False
        seen[new] = True
        ply += 1
        frontier = new
        layers.append((new, ply))
    codes = np.flatnonzero(seen).astype(np.int64)
    del seen, fresh
    n = codes.size
    node_of = np.full(rules.space, -1, dtype=np.int32 if n < 2**31 else np.int64)
    node_of[codes] = np.arange(n)
    depth = np.empty(n, dtype=np.int32)
    for layer, d in layers:
        depth[node_of[layer]] = d
    src = node_of[np.concatenate(edge_src)].astype(np.int64)
    dst = node_of[np.concatenate(edge_dst)].astype(np.int64)
    del node_of, edge_src, edge_dst
    n_moves = len(rules.moves)
    # one int64 sort key: (source, target) then move id; a plain sort beats a lexsort
    combined = np.sort((src * n + dst) * n_moves + np.concatenate(edge_mid))
    del src, dst
    key, mid = np.divmod(combined, n_moves)
    del combined
    first = np.ones(key.size, dtype=bool)
    first[1:] = key[1:] != key[:-1]
    edge_key = key[first]
    move_ptr = np.append(np.flatnonzero(first), key.size).astype(np.int64)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(edge_key // n, minlength=n), out=indptr[1:])
    return StateGraph(
        rules=rules,
        codes=codes,
        start=int(np.searchsorted(codes, start)),
        indptr=indptr,
        indices=(edge_key % n).astype(np.int32),
        move_ptr=move_ptr,
        move_ids=mid.astype(np.int32),
        winner=rules.winners(codes),
        depth=depth,
    )
