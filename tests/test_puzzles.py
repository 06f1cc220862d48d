"""Practice puzzles: every puzzle against a plain scan of the reference model, the ratings and themes deterministic,
the command line, and the practice page's data."""

from __future__ import annotations

import functools
import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reference_play import HOLD, WIN, Reference
from tests.solved import solved_once
from vizgen.cli import main
from vizgen.engine.spec import resolve
from vizgen.reports import puzzles as pz
from vizgen.reports.puzzle_rating import LADDER, rating_of
from vizgen.site.render.practice_page import practice_context, practice_files

TWO = ["standard", "r4", "misere", pytest.param("suicide", marks=pytest.mark.slow),
       pytest.param("self-gain", marks=pytest.mark.slow)]
MULTI = ["standard:players=3,r=3", pytest.param("standard:players=4,r=3", marks=pytest.mark.slow)]


@functools.cache
def _plain(spec: str) -> Reference:
    return Reference(**resolve(spec).params.as_dict())


@functools.cache
def _set(spec: str) -> dict:
    return pz.puzzle_set(solved_once(spec))


def _keeping(plain: Reference, pos: tuple) -> list[tuple]:
    return [c for c in plain.graph[pos] if plain.mark(pos, c) in ("best", "inaccuracy")]


def _must_find(plain: Reference) -> dict[str, str]:
    """Plain scan: every position with two or more distinct results where exactly one keeps the mover's class."""
    out = {}
    for pos, kids in plain.graph.items():
        if len(kids) > 1 and plain.value(pos, 0) >= HOLD and len(keep := _keeping(plain, pos)) == 1:
            out[plain.name(pos)] = plain.name(keep[0])
    return out


def _loses_at_once(plain: Reference, kid: tuple) -> bool:
    """Whether the opponent, to move at ``kid``, wins within one ply."""
    winner, rem = plain.solution[kid]
    return winner == 0 and rem <= 1


def _too_easy(plain: Reference) -> set[str]:
    """The must-find positions with two moves, the other of which loses at once: not asked."""
    by_name = {plain.name(pos): pos for pos in plain.graph}
    return {name for name, to in _must_find(plain).items() if len(plain.graph[by_name[name]]) == 2
            and all(_loses_at_once(plain, k) for k in plain.graph[by_name[name]] if plain.name(k) != to)}


@pytest.mark.parametrize("spec", TWO)
def test_every_two_player_puzzle_is_a_unique_value_keeping_move(spec: str) -> None:
    plain, data = _plain(spec), _set(spec)
    found = {p["position"]: p["to"] for p in data["puzzles"]}
    by_name = {plain.name(pos): pos for pos in plain.graph}
    must, too_easy = _must_find(plain), _too_easy(plain)
    assert found == {name: to for name, to in must.items() if name not in too_easy}
    assert data["dropped"] == len(too_easy)
    for p in data["puzzles"]:
        others = [k for k in plain.graph[by_name[p["position"]]] if plain.name(k) != p["to"]]
        assert ("easy" in p["themes"]) == all(_loses_at_once(plain, k) for k in others)
    for p in data["puzzles"]:
        pos = by_name[p["position"]]
        winner, rem = plain.solution[pos]
        assert p["kind"] == ("win" if winner == 0 else "draw")
        assert p["plies"] == (rem if winner == 0 else 1)


@pytest.mark.parametrize("spec", TWO)
def test_every_accepted_continuation_keeps_the_win_in_time(spec: str) -> None:
    """Walk every win puzzle through every move the data accepts: each keeps the win within the plies left
    (plain scan), the moves the data rejects do not, the defender's replies are optimal, and every line ends
    with the solver's win within the puzzle's plies."""
    plain, data = _plain(spec), _set(spec)
    by_name = {plain.name(pos): pos for pos in plain.graph}
    nodes = data["nodes"]
    walked = 0
    for p in data["puzzles"]:
        if p["kind"] != "win":
            continue
        todo = [(p["position"], p["plies"])]
        while todo:
            here, left = todo.pop()
            pos = by_name[here]
            moves = nodes[here]["m"]
            assert sorted(m["to"] for m in moves) == sorted(plain.name(c) for c in plain.graph[pos])
            for m in moves:
                child = by_name[m["to"]]
                winner, rem = plain.solution[child]
                keeps = winner == 1 and rem + 1 <= left  # the chooser sits last at the target
                assert pz.accepts(m["mark"], m["n"], "win", left) == keeps, (here, m)
                assert (m["reply"] is None) == (not plain.graph[child])  # a reply wherever the game goes on
                if not keeps or m["reply"] is None:
                    continue
                reply = m["reply"]
                assert by_name[reply["to"]] in plain.optimal(child)  # the perfect defender's reply
                if reply["ends"]:
                    assert not plain.graph[by_name[reply["to"]]]
                    continue
                assert left - 2 >= 1
                todo.append((reply["to"], left - 2))
                walked += 1
    assert walked or not any(p["kind"] == "win" and p["plies"] > 1 for p in data["puzzles"])


@pytest.mark.parametrize("spec", MULTI)
def test_every_multi_player_puzzle_is_the_one_move_that_keeps_the_mover(spec: str) -> None:
    plain, data = _plain(spec), _set(spec)
    found = {p["position"]: p["to"] for p in data["puzzles"]}
    assert found == _must_find(plain) and found
    by_name = {plain.name(pos): pos for pos in plain.graph}
    for p in data["puzzles"]:
        assert p["kind"] == ("win" if plain.value(by_name[p["position"]], 0) == WIN else "survive")
        assert f"players-{plain.players}" in p["themes"] and p["single"]
        accepted = [m["to"] for m in data["nodes"][p["position"]]["m"]
                    if pz.accepts(m["mark"], m["n"], p["kind"], p["plies"])]
        assert accepted == [p["to"]]  # the page accepts the one move, whatever the kind


def test_themes_say_what_the_solving_move_does() -> None:
    """Kill, revive and quiet read off the notation: the target has the opponent first."""
    data = _set("standard")
    assert all(set(p["themes"]) <= set(pz.THEMES) for p in data["puzzles"])
    assert all(p["themes"][0] == p["kind"] for p in data["puzzles"])

    def live(hands: str) -> int:
        return sum(1 for c in hands if c != "0")

    for p in data["puzzles"]:
        mine, theirs = p["position"].split("-")
        theirs_after, mine_after = p["to"].split("-")
        assert ("kill" in p["themes"]) == (live(theirs_after) < live(theirs))
        assert ("revive" in p["themes"]) == (live(mine_after) > live(mine))
        assert not ({"quiet", "kill"} <= set(p["themes"]))
        assert ("long" in p["themes"]) == (p["kind"] == "win" and p["plies"] >= pz.LONG_WIN)
    assert any("quiet" in p["themes"] for p in data["puzzles"])
    assert any("kill" in p["themes"] for p in data["puzzles"])


def test_ratings_follow_the_model_players_chances() -> None:
    data = _set("standard")
    for p in data["puzzles"]:
        assert len(p["fails"]) == len(LADDER)
        assert math.isclose(p["fail"], sum(p["fails"]) / len(p["fails"]), abs_tol=1e-5)
        assert p["rating"] == rating_of([1 - f for f in p["fails"]])
    assert [p["rating"] for p in data["puzzles"]] == sorted(p["rating"] for p in data["puzzles"])


def test_a_draw_puzzle_fails_the_random_player_as_often_as_it_has_other_moves() -> None:
    solved = solved_once("standard")
    g = solved.graph
    names = g.notations()
    for p in _set("standard")["puzzles"]:
        if p["kind"] == "draw":
            node = names.index(p["position"])
            k = len(g.successors(node))
            assert math.isclose(p["fails"][0], (k - 1) / k, abs_tol=1e-5)


@given(st.integers(0, 3), st.integers(-1, 30), st.sampled_from(["win", "draw", "survive", "keep"]),
       st.integers(1, 30))
def test_accepts_is_the_rule_the_page_states(mark: int, after: int, kind: str, left: int) -> None:
    ok = pz.accepts(mark, after, kind, left)
    assert ok == (mark <= 1 and (kind != "win" or after + 1 <= left))


@pytest.mark.slow(reason="works a variant's puzzles out twice (0.5 CPU s); out of the fast lane: issue #49")
def test_the_same_variant_gives_the_same_bytes() -> None:
    solved = solved_once("standard")
    first = json.dumps(pz.puzzle_set(solved), sort_keys=False)
    again = json.dumps(pz.puzzle_set(solved_once.__wrapped__("standard")), sort_keys=False)
    assert first == again
    v = resolve("standard")
    sets = {"standard": {**pz.puzzle_set(solved), "spec": "standard", "slug": "standard", "title": "Standard"}}
    assert practice_files([v], sets, {}) == practice_files([v], json.loads(json.dumps(sets)), {})


def test_goals_start_where_the_goal_can_be_met() -> None:
    solved = solved_once("standard")
    names = solved.graph.notations()
    f = solved.forced
    for goal in pz.goals(solved):
        node = names.index(goal["from"])
        if goal["kind"] == "hold":
            assert f.winner[node] < 0 and goal["opponent"] == "tricky"
        else:
            assert f.winner[node] == 0 and goal["plies"] == f.remoteness[node] + pz.WIN_SLACK


def test_calibration_counts_every_puzzle_once() -> None:
    puzzles = _set("standard")["puzzles"] + _set("r4")["puzzles"]
    rows = pz.calibration(puzzles)
    assert sum(r["puzzles"] for r in rows) == len(puzzles)
    fails = [r["fail"] for r in rows if r["puzzles"]]
    assert fails == sorted(fails)  # a higher band is failed more often


def test_practice_page_context_counts_puzzles_per_variant() -> None:
    v, five = resolve("standard"), resolve("five-players")
    sets = {"standard": {**_set("standard"), "spec": "standard", "slug": "standard", "title": "Standard"}}
    ctx = practice_context([v, five], sets, {"five-players": pz.practised(five)}, "Atlas")
    assert ctx["per_variant"][0]["count"] == len(_set("standard")["puzzles"])
    assert ctx["per_variant"][1]["count"] == 0 and "five" not in ctx["per_variant"][1]["why"]
    assert "5 players" in ctx["per_variant"][1]["why"]


@pytest.mark.slow(reason="solves the standard game's puzzles (0.5 CPU s); out of the fast lane: issue #49")
def test_cli_lists_every_must_find_position_of_standard(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "standard", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    plain = _plain("standard")
    easy = _too_easy(plain)
    assert {p["position"]: p["line"][0] for p in data["puzzles"]} == \
        {pos: _move_to(pos, to) for pos, to in _must_find(plain).items() if pos not in easy}
    assert data["dropped"] == len(easy) > 0
    assert main(["puzzles", "standard"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Standard: ") and all(p["position"] in text for p in data["puzzles"])
    assert f"; {len(easy)} too easy to ask (two moves, the other losing at once)" in text.splitlines()[0]


def _move_to(position: str, to: str) -> str:
    solved = solved_once("standard")
    g = solved.graph
    node = g.notations().index(position)
    names = g.notations()
    edge = next(e for e in range(g.indptr[node], g.indptr[node + 1]) if names[g.indices[e]] == to)
    return g.edge_notations[edge][0]


@pytest.mark.parametrize("args", [["puzzles", "nonsense"], ["puzzles", "five-players"], ["puzzles", "standard:r=1"]])
def test_cli_refuses_in_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("vizgen: error: ")
