"""Published Chopsticks figures checked against the engine, read from ``vizgen/reports/claims.toml``.

The data file lists every published claim we found: its source, the
parameters that express the source's rules, the source's numbers and our
verdict, with the explanation of each disagreement. The site's "What others
have said" page is generated from the same file. Here every number of every
claim is recomputed with this file's own plain helpers (independent of
``vizgen.reports.claims``' measures) and compared: a claim marked ``agree`` must
match in every number, one marked ``disagree`` must differ somewhere.

The reference's section-4 figures (shared/spec/RULES.md) (standard: 204 positions and a draw; suicide:
207 / 100 / 72 / 21 / 14; 15 * 15 = 225) are tested elsewhere and are not
repeated here.

Conventions used by the sources and how they map onto ours:

* "non-terminal" counts leave out the positions where the mover has no live
  hand (our ``loss`` count includes them in normal play);
* "draw %" is the share of reachable non-terminal positions that are draws;
* "longest forced line" is the largest remoteness of any decided position
  (our ``stats`` only reports ``longest_win``, the largest over wins);
* "states" in several sources carry whose turn it is (player 1 or 2) instead
  of being written from the mover's side; ``_absolute_states`` counts those.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections import deque
from typing import Any

import numpy as np
import pytest

from vizgen.engine.graph import StateGraph, enumerate_graph
from vizgen.engine.rules import PositionError
from vizgen.engine.solve import Forced, solve_forced
from vizgen.engine.spec import resolve
from vizgen.reports import claims

pytestmark = pytest.mark.slow  # seconds each: out of the fast lane, in CI

VALUE = {0: "win", 1: "loss"}


@functools.cache
def _solve(spec: str) -> tuple[StateGraph, Forced]:
    graph = enumerate_graph(resolve(spec))
    return graph, solve_forced(graph)


def _node(graph: StateGraph, position: str | None) -> int:
    return graph.start if position is None else graph.node_of(graph.rules.parse(position))


def _value(spec: str, position: str | None = None) -> str:
    """Value for the player to move: 'win', 'loss' or 'draw' (start position by default)."""
    graph, forced = _solve(spec)
    return VALUE.get(int(forced.winner[_node(graph, position)]), "draw")


def _remoteness(spec: str, position: str | None = None) -> int:
    graph, forced = _solve(spec)
    return int(forced.remoteness[_node(graph, position)])


@functools.cache
def _summary(spec: str) -> dict:
    """Counts in the form the sources publish them (see the module docstring)."""
    graph, forced = _solve(spec)
    live = ~graph.terminal
    lost = np.flatnonzero(live & (forced.winner == 1))
    names = graph.notations()
    draws = int((live & (forced.winner < 0)).sum())
    return {
        "nonterminal": int(live.sum()),
        "draws": draws,
        "draw_pct": round(100 * draws / int(live.sum())),
        "losses": sorted(names[i] for i in lost),
        "losses_both_hands_alive": sum(1 for i in lost if min(graph.position(int(i)).hands[0]) > 0),
        "longest": int(forced.remoteness[forced.winner >= 0].max()),
    }


@functools.cache
def _absolute_states(spec: str) -> tuple[int, int]:
    """Reachable (position, player-to-move) pairs and how many of them are terminal.

    A source that stores ``(player 1's hands, player 2's hands, turn)`` counts a
    position once for each player who can be the one to move in it.
    """
    graph, _ = _solve(spec)
    seen = {(graph.start, 0)}
    queue = deque(seen)
    while queue:
        node, turn = queue.popleft()
        for child in graph.successors(node):
            state = (int(child), 1 - turn)
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return len(seen), sum(1 for node, _ in seen if graph.terminal[node])


def _reachable(spec: str, position: str) -> bool:
    graph, _ = _solve(spec)
    try:
        _node(graph, position)
    except PositionError:
        return False
    return True


def _max_moves(spec: str) -> int:
    """The most distinct moves from one position, counted move by move."""
    graph, _ = _solve(spec)
    counts = [0] * graph.n
    for e in range(int(graph.indices.size)):
        counts[int(graph.sources[e])] += len(graph.edge_moves(e))
    return max(counts)


def _table(spec: str) -> dict[str, str]:
    graph, forced = _solve(spec)
    names = graph.notations()
    return {names[i]: "WL"[int(forced.winner[i])] if forced.winner[i] >= 0 else "D"
            for i in range(graph.n) if not graph.terminal[i]}


def ours(name: str, spec: str, position: str | None, to: str | None) -> Any:
    """Our number for one measure of ``claims.toml``, computed by this file's helpers."""
    graph, _ = _solve(spec)
    summary = _summary(spec)
    return {
        "value": lambda: _value(spec, position),
        "remoteness": lambda: _remoteness(spec, position),
        "positions": lambda: graph.n,
        "terminal": lambda: int(graph.terminal.sum()),
        "nonterminal": lambda: summary["nonterminal"],
        "absolute_states": lambda: _absolute_states(spec)[0],
        "absolute_terminal": lambda: _absolute_states(spec)[1],
        "draw_pct": lambda: summary["draw_pct"],
        "losses": lambda: summary["losses"],
        "loss_count": lambda: len(summary["losses"]),
        "losses_both_alive": lambda: summary["losses_both_hands_alive"],
        "longest_line": lambda: summary["longest"],
        "shortest_game": lambda: int(graph.depth[graph.terminal].min()),
        "longest_outward": lambda: int(graph.depth.max()),
        "max_moves": lambda: _max_moves(spec),
        "reachable": lambda: _reachable(spec, position or ""),
        "reaches": lambda: _node(graph, to) in set(graph.successors(_node(graph, position)).tolist()),
        "value_table": lambda: _table(spec),
    }[name]()


CLAIMS = claims.load_claims()["claim"]


def test_the_data_file_is_complete() -> None:
    """Every claim names a known source, a verdict, a command and checks of known measures; every
    disagreement has its explanation."""
    data = claims.load_claims()
    for claim in CLAIMS:
        assert claim["source"] in data["sources"], claim["id"]
        assert claim["verdict"] in ("agree", "agree (reading)", "disagree"), claim["id"]
        assert claim["command"].startswith("vizgen "), claim["id"]
        assert (claim["verdict"] == "disagree") == ("explain" in claim), claim["id"]
        if "explain" in claim:
            assert claim["explain"] in data["explanations"], claim["id"]
        for check in claim["checks"]:
            assert set(check["theirs"]) <= set(claims.MEASURES), claim["id"]
    ids = [c["id"] for c in CLAIMS] + [f["id"] for f in data["closed_form"]]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("claim", CLAIMS, ids=[c["id"] for c in CLAIMS])
def test_claim_against_the_engine(claim: dict[str, Any]) -> None:
    """Each claim's numbers, recomputed: all equal when it agrees, some differ when it disagrees;
    ``vizgen.reports.claims`` (the site's numbers) computes the same."""
    equal = []
    for check in claim["checks"]:
        spec, position, to = check["spec"], check.get("position"), check.get("to")
        for name, theirs in check["theirs"].items():
            value = ours(name, spec, position, to)
            expected = claims.parse_value_table(theirs) if name == "value_table" else theirs
            equal.append(value == expected)
            assert claims.measure(name, claims.Check(spec, check["theirs"], position, to)) == value, (name, spec)
    if claim["verdict"].startswith("agree"):
        assert all(equal), claim["says"]
    else:
        assert not all(equal), claim["says"]
    assert claims.check_claim(claim).consistent


def test_gabyface_table_orientation_matters() -> None:
    """Gabyface910 (claim 37): read with the first line as the mover, the table does not match ours."""
    claim = next(c for c in CLAIMS if c["id"] == "37")
    check = claim["checks"][0]
    table = claims.parse_value_table(check["theirs"]["value_table"])
    flipped = {f"{k[3:]}-{k[:2]}": v for k, v in table.items()}
    assert len(table) == 188
    assert flipped != _table(check["spec"])


def test_closed_form_of_reachable_positions() -> None:
    """The closed form in ``claims.toml`` gives our two-player roll-over count for every r it names (3 .. 23)."""
    for entry in claims.load_claims()["closed_form"]:
        low, high = entry["r"]
        assert (low, high) == (3, 23)
        for r in range(low, high + 1):
            assert claims.closed_form(entry["formula"], r) == _solve(entry["spec"].format(r=r))[0].n, r


def test_hanseuljo_r4_through_the_cli() -> None:
    """HanseulJo/Chopsticks_Game_strategy README.md: FINGER=4, the first player "can win" (claim 4).

    Same figure, read through ``python -m vizgen stats ... --json``.
    """
    out = subprocess.run(
        [sys.executable, "-m", "vizgen", "stats", "cutoff:suicide=true,r=4", "--json"],
        check=True, capture_output=True, text=True,
    )
    data = json.loads(out.stdout)
    assert data["start"]["value"] == "win"
    assert data["start"]["position"] == "11-11"
