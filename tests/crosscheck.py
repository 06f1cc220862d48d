"""Both sides of the engine-against-reference cross-checks, keyed by notation and computed once per spec.

``tests/test_reference_crosscheck.py`` (every classic rule, slow) and ``tests/test_house_rules.py`` (the
house rules of the rules spec's section 3b, in the fast lane) compare the two.
"""

from __future__ import annotations

import functools

from tests import reference as ref
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.solve import solve_forced
from vizgen.engine.spec import resolve

PROB_TOL = 1e-9
RANDOM_MAX_POSITIONS = 2000  # the reference's random-play iteration is slow


@functools.cache
def _reference_graph(spec: str) -> tuple[dict, dict, dict]:
    """The reference's parameters, graph and each position's notation for a spec."""
    params = ref.ref_params(**resolve(spec).params.as_dict())
    graph = ref.ref_graph(params)
    names = {pos: ref.ref_notation(pos, params["r"]) for pos in graph}
    return params, graph, names


@functools.cache
def reference_side(spec: str) -> dict:
    """The reference's graph and solutions for a spec, keyed by notation."""
    params, graph, names = _reference_graph(spec)
    solved = ref.ref_solve(params, graph)
    data = {
        "params": params,
        "start": names[ref.ref_start(params)],
        "positions": set(names.values()),
        "edges": {(names[pos], names[kid]) for pos, kids in graph.items() for kid in kids},
        "terminal": {names[pos]: ref.ref_winner(params, pos) for pos, kids in graph.items() if not kids},
        "forced": {names[pos]: value for pos, value in solved.items()},
        "n": len(graph),
    }
    assert len(data["positions"]) == len(graph), "reference notation is not one-to-one"
    if params["players"] > 2:
        data["survival"] = {names[pos]: v for pos, v in ref.ref_survival(params, graph).items()}
    return data


@functools.cache
def reference_random(spec: str) -> dict:
    """The reference's random-play figures for a spec, keyed by notation: ``random`` and ``pvr`` (two players)
    or ``random_seats`` (more), none when the graph is too big for its plain iteration."""
    params, graph, names = _reference_graph(spec)
    if len(graph) > RANDOM_MAX_POSITIONS:
        return {}
    if params["players"] > 2:
        return {"random_seats": {names[pos]: v for pos, v in ref.ref_random_seats(params, graph).items()}}
    return {"random": {names[pos]: v for pos, v in ref.ref_random(params, graph).items()},
            "pvr": {names[pos]: v for pos, v in ref.ref_perfect_vs_random(params, graph).items()}}


@functools.cache
def engine_graph(spec: str):
    """The engine's graph of a spec and its notation list."""
    graph = enumerate_graph(resolve(spec))
    names = [str(s) for s in graph.notations()]
    assert len(names) == graph.n
    return graph, names


@functools.cache
def engine_side(spec: str) -> dict:
    """The engine's graph and forced solution for a spec, keyed by notation."""
    graph, names = engine_graph(spec)
    edges = set()
    for i in range(graph.n):
        for j in graph.successors(i):
            edges.add((names[i], names[int(j)]))
    terminal = {}
    for i in range(graph.n):
        if bool(graph.terminal[i]):
            terminal[names[i]] = int(graph.winner[i])
    solved = solve_forced(graph)
    forced = {}
    for i in range(graph.n):
        w, d = int(solved.winner[i]), int(solved.remoteness[i])
        forced[names[i]] = (None, None) if w == -1 else (w, d)
    return {
        "start": names[int(graph.start)],
        "positions": set(names),
        "n_names": len(set(names)),
        "n": graph.n,
        "edges": edges,
        "terminal": terminal,
        "forced": forced,
    }


def diff(label: str, engine: dict, reference: dict, limit: int = 12) -> str:
    keys = sorted(set(engine) | set(reference))
    bad = [k for k in keys if engine.get(k, "missing") != reference.get(k, "missing")]
    lines = [f"{label}: {len(bad)} differences (engine vs reference)"]
    for k in bad[:limit]:
        lines.append(f"  {k}: engine={engine.get(k, 'missing')!r} reference={reference.get(k, 'missing')!r}")
    return "\n".join(lines)


def set_diff(label: str, engine: set, reference: set, limit: int = 12) -> str:
    only_e = sorted(engine - reference)
    only_r = sorted(reference - engine)
    return f"{label}: {len(only_e)} only in engine {only_e[:limit]}, {len(only_r)} only in reference {only_r[:limit]}"


