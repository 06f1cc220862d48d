"""The value map: its grid against the graph and the slow reference, its picture, the comparison."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from tests import reference as ref
from tests.solved import solved_once
from tests.strategies import examples, small_variants
from vizgen.analysis.solved import solve_variant
from vizgen.engine.variants import Variant
from vizgen.site.drawing.valuemap import compare, svg, value_map

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(("spec", "side"), [("standard", 15), ("r10", 55), ("three-hands", 35), ("one-hand", 5)])
def test_grid_has_every_sorted_multiset_on_each_axis(spec: str, side: int) -> None:
    vm = value_map(solved_once(spec))
    assert vm.node.shape == (side, side)
    assert len(set(vm.hands)) == side and all(list(h) == sorted(h) for h in vm.hands)


@pytest.mark.parametrize("spec", ["standard", "suicide", "cutoff", "self-gain", "misere", "r4", "three-hands"])
def test_every_node_appears_once_and_cells_map_back_to_their_hands(spec: str) -> None:
    solved = solved_once(spec)
    g = solved.graph
    vm = value_map(solved)
    nodes = vm.node[vm.reachable]
    assert sorted(nodes.tolist()) == list(range(g.n)), "swaps = 0: every position exactly once"
    for row, col in zip(*np.nonzero(vm.reachable)):
        position = g.position(int(vm.node[row, col]))
        assert position.hands == (vm.hands[row], vm.hands[col])
    assert vm.node[vm.start] == g.start
    assert (vm.value[vm.reachable] == solved.forced.value[nodes]).all()
    assert (vm.remoteness[vm.reachable] == solved.forced.remoteness[nodes]).all()


def test_swaps_cells_hold_the_fewest_swaps_reached() -> None:
    solved = solved_once("swaps")
    g = solved.graph
    vm = value_map(solved)
    fewest: dict[tuple, int] = {}
    for node in range(g.n):
        p = g.position(node)
        fewest[p.hands] = min(fewest.get(p.hands, p.swaps), p.swaps)
    assert int(vm.reachable.sum()) == len(fewest)
    for row, col in zip(*np.nonzero(vm.reachable)):
        p = g.position(int(vm.node[row, col]))
        assert p.swaps == fewest[p.hands]


def _reference_cells(variant: Variant) -> dict[tuple, tuple[int, int | None]]:
    """(mover's state, opponent's state) as written -> (value, remoteness) by the reference, fewest swaps first."""
    params = ref.ref_params(**variant.params.as_dict())
    graph = ref.ref_graph(params)
    solved = ref.ref_solve(params, graph)
    cells: dict[tuple, tuple[int, int | None]] = {}
    for pos in sorted(graph, key=lambda q: q[-1]):
        winner, remoteness = solved[pos]
        value = 0 if winner is None else (1 if winner == 0 else -1)
        cells.setdefault(tuple(ref.ref_notation((pos[0], pos[1], 0), params["r"]).split("-")), (value, remoteness))
    return cells


@pytest.mark.slow(reason="10 CPU s in the fast lane's examples: every grid solved again by the slow reference")
@settings(max_examples=examples(20), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(small_variants(max_players=2))
def test_grid_agrees_with_the_reference(variant: Variant) -> None:
    vm = value_map(solve_variant(variant))
    cells = _reference_cells(variant)
    ours = {(vm.names[r], vm.names[c]): (int(vm.value[r, c]), int(vm.remoteness[r, c]) if vm.remoteness[r, c] >= 0
                                        else None)
            for r, c in zip(*np.nonzero(vm.reachable))}
    assert ours == cells


def test_more_than_two_players_is_refused() -> None:
    with pytest.raises(ValueError, match="two players"):
        value_map(solved_once("three-players:r=3"))


def test_compare_marks_exactly_the_cells_whose_value_differs() -> None:
    a, b = value_map(solved_once("standard")), value_map(solved_once("suicide"))
    differ = compare(a, b)
    assert not compare(a, a).any()
    assert (differ == compare(b, a)).all()
    expected = {(r, c) for r in range(15) for c in range(15)
                if a.node[r, c] >= 0 and b.node[r, c] >= 0 and a.value[r, c] != b.value[r, c]}
    assert set(zip(*map(np.ndarray.tolist, np.nonzero(differ)))) == expected
    assert expected, "suicide changes values"
    with pytest.raises(ValueError, match="shapes"):
        compare(a, value_map(solved_once("r4")))


@pytest.mark.parametrize("spec", ["standard", "r10", "three-hands", "swaps"])
def test_picture_is_deterministic_and_well_formed(spec: str) -> None:
    vm = value_map(solved_once(spec))
    picture = svg(vm)
    assert picture == svg(value_map(solved_once(spec)))
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    cells = sum(p.get("d", "").count("z") for p in root.iter(f"{SVG}path"))
    assert cells == int(vm.reachable.sum()), "one square per reachable cell"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    labels = [vm.label(i) for i in range(len(vm.hands))]
    assert sorted(t for t in texts if t in labels) == sorted(labels * 2), "both axes labelled"
    fills = {p.get("fill") for p in root.iter(f"{SVG}path")}
    assert len(fills) >= 3, "values and shades get their colours"


def test_pictures_differ_between_variants_and_mark_cells() -> None:
    pictures = {spec: svg(value_map(solved_once(spec)), cell=8, axis=False)
                for spec in ("standard", "suicide", "cutoff", "self-gain", "misere")}
    assert len(set(pictures.values())) == len(pictures), "a distinct thumbnail per variant"
    a, b = value_map(solved_once("standard")), value_map(solved_once("suicide"))
    marked = ET.fromstring(svg(a, marked=compare(a, b)))
    dots = [p for p in marked.iter(f"{SVG}path") if p.get("fill") == "#1d2330"]
    assert len(dots) == 1 and dots[0].get("d").count("M") == int(compare(a, b).sum())
