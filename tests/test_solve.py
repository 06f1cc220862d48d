"""Solvers: properties every exact answer must have, on many small variants.

The cross-check against the slow reference lives in test_reference_crosscheck.py;
these tests check the answers against the definitions directly.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from hypothesis import given, settings

from tests.strategies import small_variants
from vizgen.analysis import best_edges, solve_variant
from vizgen.graph import enumerate_graph
from vizgen.solve import perfect_vs_random, random_play, solve_forced
from vizgen.variants import Variant, resolve


@settings(max_examples=50, deadline=None)
@given(small_variants(max_players=3))
def test_every_value_is_consistent_with_its_children(variant: Variant) -> None:
    """Forced wins obey the minimax definition, seat by seat, with remoteness."""
    graph = enumerate_graph(variant)
    forced = solve_forced(graph)
    players = graph.players
    for node in range(graph.n):
        w, rem = int(forced.winner[node]), int(forced.remoteness[node])
        children = graph.successors(node)
        if graph.terminal[node]:
            assert (w, rem) == (int(graph.winner[node]), 0)
            continue
        # seat k here is seat k-1 in every child
        child_w = (forced.winner[children].astype(int) + 1) % players
        child_w[forced.winner[children] < 0] = -1
        child_rem = forced.remoteness[children]
        if w == 0:  # the mover wins: some move keeps the win, the fastest one
            assert rem == 1 + child_rem[child_w == 0].min()
        elif w > 0:  # another seat wins whatever the mover does; the mover delays the most
            assert (child_w == w).all()
            assert rem == 1 + child_rem.max()
        else:  # nobody can force: the mover has no winning move and is not forced into a loss
            assert not (child_w == 0).any()
            for seat in range(1, players):
                assert not (child_w == seat).all()
        if w < 0:
            assert rem == -1


@settings(max_examples=40, deadline=None)
@given(small_variants(max_players=2))
def test_two_player_totals_and_random_play(variant: Variant) -> None:
    solved = solve_variant(variant)
    graph, forced = solved.graph, solved.forced
    value = forced.value
    assert (value == 1).sum() + (value == -1).sum() + (value == 0).sum() == graph.n
    assert (value[graph.terminal] != 0).all()
    rw, pw = solved.random_win, solved.perfect_win
    assert rw is not None and pw is not None
    assert ((rw >= 0) & (rw <= 1) & (pw >= rw - 1e-9)).all()
    # random play: w(n) = mean over children c of l(c), l(n) = mean over children of w(c)
    final = graph.terminal
    outdeg = np.diff(graph.indptr)
    mean = sp.csr_matrix((np.repeat(1.0 / np.maximum(outdeg, 1), outdeg), graph.indices, graph.indptr),
                         shape=(graph.n, graph.n))
    lose = np.where(final, graph.winner == 1, mean @ rw)
    assert np.allclose(rw[~final], (mean @ lose)[~final], atol=1e-9)
    # a forced win is won with certainty by a perfect player against a random one
    assert np.allclose(pw[value == 1], 1.0, atol=1e-9)
    assert np.allclose(pw[forced.winner == 1][graph.terminal[forced.winner == 1]], 0.0)


@settings(max_examples=30, deadline=None)
@given(small_variants(max_players=3))
def test_best_moves_keep_the_value(variant: Variant) -> None:
    solved = solve_variant(variant)
    graph, forced = solved.graph, solved.forced
    best = best_edges(solved)
    has_move = np.diff(graph.indptr) > 0
    picked = np.zeros(graph.n, dtype=bool)
    picked[graph.sources[best]] = True
    assert (picked == has_move).all(), "every position with a move has a best move"
    src, dst = graph.sources[best], graph.indices[best]
    winning = forced.winner[src] == 0
    assert (forced.winner[dst[winning]] == graph.players - 1).all()
    assert (forced.remoteness[dst[winning]] == forced.remoteness[src[winning]] - 1).all()


def test_standard_and_suicide_figures() -> None:
    """RULES.md section 4, straight from the solver."""
    std = solve_variant(resolve("standard"))
    assert std.graph.n == 204 and std.forced.value[std.graph.start] == 0
    sui = solve_variant(resolve("suicide"))
    value, final = sui.forced.value, sui.graph.terminal
    assert sui.graph.n == 207
    assert ((value == 0).sum(), (value == 1).sum(), ((value == -1) & ~final).sum(), final.sum()) == (100, 72, 21, 14)
    assert sui.forced.value[sui.graph.start] == 0


def test_four_players_scale() -> None:
    """About fifty thousand positions, solved for every seat; at most one seat forces."""
    solved = solve_variant(resolve("four-players"))
    assert 45_000 < solved.graph.n < 55_000
    forced = solved.forced
    assert ((forced.winner >= 0) == (forced.remoteness >= 0)).all()
    assert solved.random_win is None


def test_random_odds_of_an_almost_won_position() -> None:
    """In 14-01 the mover can kill with 4>1 (1 of 3 moves: 1>1, 4>1, and the split 14 -> 23)."""
    graph = enumerate_graph(resolve("standard"))
    node = graph.node_of(graph.rules.parse("14-01"))
    assert {str(m) for m in graph.rules.legal_moves(graph.position(node))} == {"1>1", "14 -> 23", "4>1"}
    rw = random_play(graph)
    pw = perfect_vs_random(graph)
    assert pw[node] == 1.0
    assert 1 / 3 < rw[node] < 1.0
