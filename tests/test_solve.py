"""Solvers: properties every exact answer must have, on many small variants.

The cross-check against the slow reference lives in test_reference_crosscheck.py;
these tests check the answers against the definitions directly.
"""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import example, given, settings
from hypothesis import strategies as st

import vizgen.util.sizes
from tests.strategies import examples, small_variants
from vizgen.analysis.figures import describe, stats
from vizgen.analysis.solved import best_edges, solve_variant
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.random_play import perfect_vs_random, random_play, random_play_seats
from vizgen.engine.solve import solve_forced, solve_survival
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant


@settings(max_examples=examples(50), deadline=None)
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


@settings(max_examples=examples(40), deadline=None)
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


@settings(max_examples=examples(30), deadline=None)
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
    """The reference's figures (shared/spec/RULES.md section 4, docs/FIGURES.md), straight from the solver."""
    std = solve_variant(resolve("standard"))
    assert std.graph.n == 204 and std.forced.value[std.graph.start] == 0
    sui = solve_variant(resolve("suicide"))
    value, final = sui.forced.value, sui.graph.terminal
    assert sui.graph.n == 207
    assert ((value == 0).sum(), (value == 1).sum(), ((value == -1) & ~final).sum(), final.sum()) == (100, 72, 21, 14)
    assert sui.forced.value[sui.graph.start] == 0


@pytest.mark.slow
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


@settings(max_examples=examples(50), deadline=None)
@given(small_variants(max_players=4))
@example(resolve("standard:players=9,hands=1,r=2"))  # more seats than a byte has bits
@example(resolve("standard:players=12,hands=1,r=2,suicide=true"))
def test_survival_is_consistent_with_its_children(variant: Variant) -> None:
    """A seat is forced out by the others exactly as the definition says, seat by seat, with plies."""
    graph = enumerate_graph(variant)
    out = solve_survival(graph).out_in
    players = graph.players
    _, seats = graph.rules.seats(graph.codes)
    dead = np.stack([~graph.rules.live[s] for s in seats], axis=1)
    assert ((out == 0) == dead).all(), "a seat is out in 0 plies exactly when its hands are all dead"
    for node in np.flatnonzero(graph.winner < 0):
        children = graph.successors(node)
        for seat in range(players):
            if dead[node, seat]:
                continue
            below = out[children, (seat - 1) % players].astype(int)
            if seat == 0:  # the seat moves: every move must lose it
                expected = 1 + below.max() if (below >= 0).all() else -1
            else:  # the others move: one move suffices
                expected = 1 + below[below >= 0].min() if (below >= 0).any() else -1
            assert out[node, seat] == expected
    assert (out[graph.winner >= 0] <= 0).all(), "at a final position a live seat survives"


@settings(max_examples=examples(30), deadline=None)
@given(small_variants(max_players=3))
def test_random_play_per_seat_is_a_distribution(variant: Variant) -> None:
    graph = enumerate_graph(variant)
    odds = random_play_seats(graph)
    total = odds.sum(axis=1)
    assert (odds >= 0).all() and (total <= 1 + 1e-9).all()
    final = graph.winner >= 0
    assert np.allclose(total[final], 1.0)
    outdeg = np.diff(graph.indptr)
    mean = sp.csr_matrix((np.repeat(1.0 / np.maximum(outdeg, 1), outdeg), graph.indices, graph.indptr),
                         shape=(graph.n, graph.n))
    rolled = np.roll(odds, 1, axis=1)  # seat k here reads seat k-1 in the child
    assert np.allclose(odds[~final], (mean @ rolled)[~final], atol=1e-9)
    if graph.players == 2:
        assert np.allclose(odds[:, 0], random_play(graph))


def test_survival_and_random_play_in_stats() -> None:
    data = stats(solve_variant(resolve("standard:players=3,r=3")), "standard:players=3,r=3")
    assert len(data["survive"]) == len(data["forced_out"]) == len(data["random_win"]) == 3
    assert all(s + f == data["positions"] for s, f in zip(data["survive"], data["forced_out"]))
    assert data["moves"] == data["edges"]
    assert sum(data["random_win"]) == pytest.approx(1.0)
    two = stats(solve_variant(resolve("standard")), "standard")
    assert "survive" not in two and two["moves"] == 531


def test_show_reports_the_movers_fate_and_every_seats_odds() -> None:
    solved = solve_variant(resolve("standard:players=3,r=3"))
    assert solved.survival is not None and solved.random_seats is not None
    for node in (solved.graph.start, *np.flatnonzero(solved.graph.terminal)[:3].tolist()):
        data = describe(solved, node)
        plies = int(solved.survival.out_in[node, 0])
        assert data["survive"] == (plies < 0)
        assert data["forced_out_in"] == (None if plies < 0 else plies)
        assert data["random_win"] == pytest.approx(solved.random_seats[node].tolist())
    two = describe(solve_variant(resolve("standard")), 0)
    assert two["survive"] is None and two["forced_out_in"] is None and isinstance(two["random_win"], float)


@settings(max_examples=examples(30), deadline=None)
@given(small_variants(max_players=3), st.data())
def test_show_lists_the_moves_and_parents_of_the_edge_arrays(variant: Variant, data: st.DataObject) -> None:
    """``describe`` generates one position's moves and parents with the kernel: the whole graph's arrays agree."""
    solved = solve_variant(variant)
    g = solved.graph
    name = g.rules.notations(g.codes)
    best = best_edges(solved)
    rptr, rsrc = g.reverse
    for node in data.draw(st.lists(st.integers(0, g.n - 1), min_size=1, max_size=8)):
        facts = describe(solved, node)
        edges = range(int(g.indptr[node]), int(g.indptr[node + 1]))
        assert {m["to"]: (m["move"], *m["also"]) for m in facts["moves"]} == {
            name[g.indices[e]]: tuple(str(m) for m in g.edge_moves(e)) for e in edges}
        assert {m["to"] for m in facts["moves"] if m["best"]} == {name[g.indices[e]] for e in edges if best[e]}
        assert facts["parents"] == sorted(name[p] for p in rsrc[rptr[node]:rptr[node + 1]])


def _both_odds(spec: str) -> np.ndarray:
    graph = enumerate_graph(resolve(spec))
    seats = random_play_seats(graph)
    return np.concatenate([seats.ravel(), perfect_vs_random(graph)]) if graph.players == 2 else seats.ravel()


@pytest.mark.parametrize("spec", ["standard", "self-gain-10", "standard:players=3,r=4", "three-players",
                                  "zombies", "four-players"])
def test_bicgstab_solves_every_folded_system_by_itself(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sparse path gives the dense answers without its fallback: the routine path is the fast one.

    Unfolded, these systems (more players' random play, self-gain-10's perfect play) broke BiCGSTAB down.
    """
    import scipy.sparse.linalg

    dense = None if spec == "four-players" else _both_odds(spec)  # four players: 202,212 dense unknowns
    monkeypatch.setattr(vizgen.util.sizes, "DENSE_MAX_UNKNOWNS", 0)

    def no_fallback(*args: object, **kwargs: object) -> None:
        raise AssertionError("BiCGSTAB did not converge and LGMRES was needed")

    monkeypatch.setattr(scipy.sparse.linalg, "lgmres", no_fallback)
    sparse = _both_odds(spec)
    if dense is not None:
        assert np.allclose(sparse, dense, rtol=0, atol=1e-9)
    assert ((sparse >= 0) & (sparse <= 1)).all()


def test_lgmres_stands_behind_bicgstab(monkeypatch: pytest.MonkeyPatch) -> None:
    import scipy.sparse.linalg

    dense = _both_odds("standard:players=3,r=4")
    monkeypatch.setattr(vizgen.util.sizes, "DENSE_MAX_UNKNOWNS", 0)
    monkeypatch.setattr(scipy.sparse.linalg, "bicgstab", lambda system, rhs, **kwargs: (np.zeros_like(rhs), 1))
    assert np.allclose(_both_odds("standard:players=3,r=4"), dense, rtol=0, atol=1e-9)
