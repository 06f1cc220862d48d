"""The compiled kernel: backward moves invert forward moves, counts agree, sizes are checked up front."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples, small_variants
from vizgen.engine import graph as graph_module
from vizgen.engine import kernel
from vizgen.engine.graph import check_size, enumerate_graph, estimate_memory
from vizgen.engine.params import VariantError
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.util import sizes
from vizgen.util.text import format_count


@settings(max_examples=examples(60), deadline=None)
@given(small_variants(max_players=3))
def test_backward_moves_invert_forward_moves(variant: Variant) -> None:
    """The parents the kernel generates are exactly the sources of the forward edges into a position."""
    graph = enumerate_graph(variant)
    rptr, rsrc = graph.reverse  # from the forward edges, sorted
    for node in range(graph.n):
        assert graph.predecessors(node).tolist() == sorted(set(rsrc[rptr[node]:rptr[node + 1]].tolist()))


@settings(max_examples=examples(60), deadline=None)
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


@settings(max_examples=examples(40), deadline=None)
@given(small_variants(max_players=3))
def test_expand_lists_every_move_of_the_edges(variant: Variant) -> None:
    """Rules.expand (all moves, repeats included) and the edges reach the same children."""
    graph = enumerate_graph(variant)
    moving = np.flatnonzero(graph.winner < 0)
    src, dst, _ = graph.rules.expand(graph.codes[moving])
    pairs = set(zip(moving[src].tolist(), np.searchsorted(graph.codes, dst).tolist()))
    assert pairs == set(zip(graph.sources.tolist(), graph.indices.tolist()))


@settings(max_examples=examples(40), deadline=None)
@given(small_variants(max_players=4))
def test_children_are_the_graphs_distinct_children(variant: Variant) -> None:
    """The kernel's children (4 bytes a child) are the graph's own ``indptr`` and ``indices``, in order."""
    g = enumerate_graph(variant)
    indptr, indices = kernel.children(g.codes, g.winner, g.rules.kernel_tables(), g.node_table(), g.edges)
    assert indptr.tolist() == g.indptr.tolist() and indices.tolist() == g.indices.tolist()


def test_children_refuse_an_array_too_small_for_them() -> None:
    g = enumerate_graph(resolve("standard"))
    with pytest.raises(ValueError, match="more children than the 100 expected"):
        kernel.children(g.codes, g.winner, g.rules.kernel_tables(), g.node_table(), 100)
    expected = f"{format_count(g.edges)} children, not the {format_count(g.edges + 1)} expected"
    with pytest.raises(ValueError, match=expected):
        kernel.children(g.codes, g.winner, g.rules.kernel_tables(), g.node_table(), g.edges + 1)


def test_parents_of_a_position() -> None:
    rules = resolve("standard")
    graph = enumerate_graph(rules)
    node = graph.node_of(graph.rules.parse("11-22"))
    names = graph.notations()
    assert sorted(names[p] for p in graph.predecessors(node)) == ["04-11", "13-11", "22-14"]
    codes = kernel.parents(int(graph.codes[node]), graph.rules.kernel_tables())
    assert (np.diff(codes) > 0).all()


def test_a_position_limit_is_checked_up_front() -> None:
    check_size(resolve("standard:players=3"), 3375)
    with pytest.raises(VariantError, match="over the limit of 1\u202f000"):
        check_size(resolve("standard:players=3"), 1000)


def test_memory_estimate_grows_with_players_and_survival() -> None:
    plain = [estimate_memory(resolve(f"standard:players={p}")) for p in range(2, 9)]
    survival = [estimate_memory(resolve(f"standard:players={p}"), survival=True) for p in range(2, 9)]
    assert plain == sorted(plain) and survival == sorted(survival)
    assert plain[0] == survival[0] and all(a < b for a, b in zip(plain[1:], survival[1:]))
    assert survival[5] < 8 * 10**9 < survival[6] < 128 * 10**9  # eight players with survival fit 128 GB


def test_listing_every_move_of_a_huge_graph_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-move arrays are built on demand; over the limit that is one readable error."""
    graph = enumerate_graph(resolve("standard"))
    monkeypatch.setattr(sizes, "MAX_EDGE_ARRAYS", 100)
    with pytest.raises(VariantError, match="531 moves: too many to list them all"):
        graph.indices  # noqa: B018 - the property builds the arrays


#: prints a digest of every array the engine computes for the variant ``sys.argv[1]``
_DIGEST = """
import hashlib, sys
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.solve import solve_forced, solve_survival
from vizgen.engine.spec import resolve
graph = enumerate_graph(resolve(sys.argv[1]))
forced, survival = solve_forced(graph), solve_survival(graph)
digest = hashlib.sha256()
for array in (graph.space_depth, graph.space_winner, graph.space_outdeg, forced.winner, forced.remoteness,
              survival.out_in):
    digest.update(array.tobytes())
print(graph.n, digest.hexdigest())
"""


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["standard:players=4", "standard:players=4,attack=self-gain,swaps=1,r=4"])
def test_threads_do_not_change_the_answers(spec: str) -> None:
    """Enumeration and survival share each ply between OpenMP threads: any number of them gives the same bytes."""
    root = Path(__file__).resolve().parents[1]
    digests = set()
    for threads in ("1", "2", "3"):
        env = {**os.environ, "OMP_NUM_THREADS": threads, "PYTHONPATH": str(root)}
        result = subprocess.run([sys.executable, "-c", _DIGEST, spec], capture_output=True, text=True, env=env,
                                cwd=root, timeout=300, check=True)
        digests.add(result.stdout)
    assert len(digests) == 1, digests


@settings(max_examples=examples(40), deadline=None)
@given(small_variants(max_players=3), st.integers(1, 64), st.data())
def test_code_of_and_nodes_of_translate_without_numbering_every_node(variant: Variant, chunk: int,
                                                                    data: st.DataObject) -> None:
    fresh, numbered = enumerate_graph(variant), enumerate_graph(variant)
    nodes = np.array(data.draw(st.lists(st.integers(0, fresh.n - 1), max_size=20)), dtype=np.int64)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(graph_module, "CODE_CHUNK", chunk)  # nodes straddle the chunks
        assert fresh.code_of(nodes).tolist() == numbered.codes[nodes].tolist()
        assert fresh.nodes_of(numbered.codes[nodes]).tolist() == nodes.tolist()
        assert ("codes" in fresh.__dict__) == (fresh.space_depth.size <= chunk), "small graphs number every node"
    with pytest.raises(IndexError):
        fresh.code_of(np.array([fresh.n]))
    unreachable = np.flatnonzero(fresh.space_depth < 0)
    if unreachable.size:
        with pytest.raises(ValueError, match="reachable"):
            fresh.nodes_of(unreachable[:1])


def test_compact_moves_the_rows_of_the_mask_to_the_front() -> None:
    mask = np.array([True, False, False, True, True])
    values = np.arange(10, dtype=np.int16)
    assert kernel.compact(mask, values, 2) == 3
    assert values[:6].tolist() == [0, 1, 6, 7, 8, 9]
    with pytest.raises(ValueError, match="contiguous"):
        kernel.compact(mask, np.arange(20)[::2], 2)


#: what the stub leaves out: Cython's own module attributes, and that an extension type cannot share a class with
#: another (PEP 800's @disjoint_base, which type checkers before 2025 do not know)
_STUB_ALLOWED = """\
vizgen.engine._kernel.__reduce_cython__
vizgen.engine._kernel.__setstate_cython__
vizgen.engine._kernel.__test__
vizgen.engine._kernel.(Tables|Scratch)
"""


@pytest.mark.slow  # mypy analyses numpy's stubs: seconds
def test_the_kernels_stub_matches_the_compiled_kernel(tmp_path: Path) -> None:
    """``_kernel.pyi`` names every function and class of the compiled kernel with its parameters, in order (mypy's
    stubtest against the module imported): a function added or changed in ``_kernel.pyx`` fails here until the
    stub says so."""
    allowed = tmp_path / "allowed.txt"
    allowed.write_text(_STUB_ALLOWED)
    result = subprocess.run([sys.executable, "-m", "mypy.stubtest", "vizgen.engine._kernel", "--concise",
                             "--allowlist", str(allowed), "--ignore-unused-allowlist"],
                            capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1], timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
