"""The compiled kernel: backward moves invert forward moves, counts agree, sizes are checked up front."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from tests.strategies import small_variants
from vizgen import kernel
from vizgen.graph import DEFAULT_MAX_POSITIONS, check_size, enumerate_graph, estimate_memory
from vizgen.variants import Variant, VariantError, resolve


@settings(max_examples=60, deadline=None)
@given(small_variants(max_players=3))
def test_backward_moves_invert_forward_moves(variant: Variant) -> None:
    """The parents the kernel generates are exactly the sources of the forward edges into a position."""
    graph = enumerate_graph(variant)
    rptr, rsrc = graph.reverse  # from the forward edges, sorted
    for node in range(graph.n):
        assert graph.predecessors(node).tolist() == sorted(set(rsrc[rptr[node]:rptr[node + 1]].tolist()))


@settings(max_examples=60, deadline=None)
@given(small_variants(max_players=3))
def test_counts_kept_by_the_enumeration_match_the_edges(variant: Variant) -> None:
    graph = enumerate_graph(variant)
    assert graph.edges == graph.indices.size
    assert (np.diff(graph.indptr) == graph.space_outdeg[graph.codes]).all()
    assert graph.n == graph.codes.size == int(graph.reachable.sum())
    assert graph.codes[graph.start] == graph.start_code
    # every code off the reachable set is untouched
    assert (graph.space_winner[~graph.reachable] == -1).all()
    assert (graph.space_outdeg[~graph.reachable] == 0).all()
    final = graph.winner >= 0
    assert (graph.winner == graph.rules.winners(graph.codes)).all()
    assert (np.diff(graph.indptr)[final] == 0).all()


@settings(max_examples=40, deadline=None)
@given(small_variants(max_players=3))
def test_expand_lists_every_move_of_the_edges(variant: Variant) -> None:
    """Rules.expand (all moves, repeats included) and the edges reach the same children."""
    graph = enumerate_graph(variant)
    moving = np.flatnonzero(graph.winner < 0)
    src, dst, _ = graph.rules.expand(graph.codes[moving])
    pairs = set(zip(moving[src].tolist(), np.searchsorted(graph.codes, dst).tolist()))
    assert pairs == set(zip(graph.sources.tolist(), graph.indices.tolist()))


def test_parents_of_a_position() -> None:
    rules = resolve("standard")
    graph = enumerate_graph(rules)
    node = graph.node_of(graph.rules.parse("11-22"))
    names = graph.notations()
    assert sorted(names[p] for p in graph.predecessors(node)) == ["04-11", "13-11", "22-14"]
    codes = kernel.parents(int(graph.codes[node]), graph.rules.kernel_tables())
    assert (np.diff(codes) > 0).all()


def test_seven_players_pass_the_size_check_and_eight_are_refused_with_their_memory() -> None:
    check_size(resolve("standard:players=7"), DEFAULT_MAX_POSITIONS)
    with pytest.raises(VariantError, match=r"2,562,890,625 positions; solving it would take about \d+ GB"):
        check_size(resolve("standard:players=8"), 10**12)
    with pytest.raises(VariantError, match="over the limit of 1,000"):
        check_size(resolve("standard:players=3"), 1000)


def test_memory_estimate_grows_with_players() -> None:
    sizes = [estimate_memory(resolve(f"standard:players={p}")) for p in range(2, 9)]
    assert sizes == sorted(sizes)
    assert sizes[5] < 8 * 10**9 < sizes[6]


def test_listing_every_move_of_a_huge_graph_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-move arrays are built on demand; over the limit that is one readable error."""
    import vizgen.graph

    graph = enumerate_graph(resolve("standard"))
    monkeypatch.setattr(vizgen.graph, "MAX_EDGE_ARRAYS", 100)
    with pytest.raises(VariantError, match="531 moves: too many to list them all"):
        graph.indices  # noqa: B018 - the property builds the arrays
