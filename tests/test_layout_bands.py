"""The banded layout of small graphs, the edges shown by default and the overlap measure."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from itertools import combinations, pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.solved import solved_once
from tests.strategies import examples
from vizgen.analysis.bands import DRAWS, LOSSES, WINS, blocks, levels, shown_edges
from vizgen.analysis.solved import best_edges
from vizgen.site.drawing.band_picture import BOX, CHAR_PX, LABEL_PX, fit_scale, node_size, order_dot, overlaps, place
from vizgen.site.drawing.layout import layout_all

READABLE = ["standard", "suicide", "cutoff", "self-gain"]


@cache
def banded(spec: str) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The banded layout computed in this process, as the layout worker does."""
    s = solved_once(spec)
    g = s.graph
    b, lv, shown = blocks(s), levels(s), shown_edges(s)
    inner = shown | ((b[g.sources] == DRAWS) & (b[g.indices] == DRAWS))
    key = order_dot(b, lv, g.sources[inner], g.indices[inner], shown[inner])
    names = g.notations()
    x, y = place(b, lv, key, max(map(len, names)))
    return x, y, names


# -- the edges shown by default ------------------------------------------------------------------

@pytest.mark.parametrize("spec", [*READABLE, "misere", "r4", "three-players:r=3"])
def test_shown_edges_lead_each_decided_position_to_the_end_in_its_remoteness(spec: str) -> None:
    s = solved_once(spec)
    g, f = s.graph, s.forced
    shown = shown_edges(s)
    assert not (shown & ~best_edges(s)).any(), "only optimal moves"
    assert not shown[f.winner[g.sources] < 0].any(), "no draw's moves"
    src, dst = g.sources[shown], g.indices[shown]
    assert (f.remoteness[dst] == f.remoteness[src] - 1).all(), "one ply closer to the end"
    assert (f.winner[dst] >= 0).all()
    decided = np.flatnonzero((f.winner >= 0) & ~g.terminal)
    assert set(decided.tolist()) == set(src.tolist()), "every decided position shows a way on"


# -- blocks, levels and where they go ---------------------------------------------------------------

@pytest.mark.slow(reason="lays seven variants out with Graphviz (3.7 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("spec", [*READABLE, "misere", "r4", "swaps"])
def test_bands_run_toward_game_over_and_blocks_stand_apart(spec: str) -> None:
    s = solved_once(spec)
    b, lv = blocks(s), levels(s)
    x, y, _ = banded(spec)
    assert ((b == WINS) == (s.forced.value == 1)).all() and ((b == LOSSES) == (s.forced.value == -1)).all()
    decided = np.flatnonzero(b != DRAWS)
    for i, j in combinations(decided.tolist(), 2):
        if lv[i] != lv[j]:
            assert (y[i] < y[j]) == (lv[i] > lv[j]), "longer remoteness above"
    draws = np.flatnonzero(b == DRAWS)
    for i, j in combinations(draws.tolist(), 2):
        if lv[i] != lv[j]:
            assert (y[i] < y[j]) == (lv[i] < lv[j]), "draws by plies from the start, downward"
    present = [k for k in (DRAWS, WINS, LOSSES) if (b == k).any()]
    for left, right in pairwise(present):
        assert x[b == left].max() < x[b == right].min()
    if b[s.graph.start] == DRAWS:
        top = y[draws].min()
        assert y[s.graph.start] == top and (y[draws] == top).sum() == 1, "the start alone on top"


@pytest.mark.slow(reason="lays four variants out with Graphviz (1.9 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("spec", READABLE)
def test_no_label_overlaps_at_fit_on_the_readable_variants(spec: str) -> None:
    x, y, names = banded(spec)
    assert overlaps(x, y, names) == []
    w, h = node_size(max(map(len, names)))
    assert fit_scale(x, y, w, h) > 0.85, "labels keep their room at fit"


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 6)), min_size=1, max_size=120), st.integers(3, 9))
def test_place_never_puts_two_node_boxes_on_each_other(cells: list[tuple[int, int]], length: int) -> None:
    block = np.array([c[0] for c in cells])
    level = np.array([c[1] for c in cells])
    x, y = place(block, level, np.arange(block.size, dtype=float), length)
    w, h = node_size(length)
    dx = np.abs(x[:, None] - x[None, :])
    dy = np.abs(y[:, None] - y[None, :])
    clash = (dx < w) & (dy < h)
    np.fill_diagonal(clash, False)
    assert not clash.any()


# -- the overlap measure ----------------------------------------------------------------------------------

def _slow_overlaps(x: np.ndarray, y: np.ndarray, labels: list[str], box: tuple[float, float]) -> list[tuple[int, int]]:
    """Rectangle against rectangle, one pair at a time."""
    w, h = node_size(max(map(len, labels)))
    scale = fit_scale(x, y, w, h, box)
    scale = scale if np.isfinite(scale) else 1.0

    def rect(i: int, width: float, height: float) -> tuple[float, float, float, float]:
        cx, cy = x[i] * scale, y[i] * scale
        return cx - width / 2, cx + width / 2, cy - height / 2, cy + height / 2

    def meet(a: tuple, b: tuple) -> bool:
        return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]

    found = []
    for i, j in combinations(range(len(labels)), 2):
        li, lj = rect(i, CHAR_PX * len(labels[i]), LABEL_PX), rect(j, CHAR_PX * len(labels[j]), LABEL_PX)
        if meet(li, lj) or meet(li, rect(j, w, h)) or meet(rect(i, w, h), lj):
            found.append((i, j))
    return found


@settings(max_examples=examples(80), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 400), st.integers(0, 300), st.integers(2, 9)), min_size=1, max_size=40),
       st.sampled_from([(900.0, 600.0), (300.0, 200.0)]))
def test_overlaps_agrees_with_pairwise_rectangles(nodes: list[tuple[int, int, int]],
                                                  box: tuple[float, float]) -> None:
    x = np.array([float(n[0]) for n in nodes])
    y = np.array([float(n[1]) for n in nodes])
    labels = ["8" * n[2] for n in nodes]
    assert overlaps(x, y, labels, box) == _slow_overlaps(x, y, labels, box)


def test_overlaps_finds_a_hairball() -> None:
    rng = np.random.default_rng(7)
    x, y = rng.normal(size=200), rng.normal(size=200)
    assert len(overlaps(x, y, ["12-11"] * 200, BOX)) > 100


# -- through the layout workers ----------------------------------------------------------------------

@pytest.mark.slow(reason="Graphviz lays out drawn variants (2 CPU s); out of the fast lane: issue #49")
def test_layout_all_draws_small_graphs_banded_with_a_matching_svg() -> None:
    first, again = layout_all([solved_once("standard"), solved_once("standard")], None)
    assert first.engine == "bands"
    x, y, names = banded("standard")
    assert np.allclose(first.x, x) and np.allclose(first.y, y), "the worker lays out as computed here"
    assert (first.x == again.x).all() and first.svg == again.svg, "deterministic"
    root = ET.fromstring(first.svg)
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert set(names) <= texts, "labels inside the nodes"
