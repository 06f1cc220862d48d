"""Games that end (docs/RULINGS.md, "Games as played"): won, or drawn by repetition or the ply cap.

Every game's end is checked against a plain reading of the rule over the
reference model (tests/reference.py): who won, and why the game stopped where it did.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import reference as ref
from tests.solved import solved_once
from tests.strategies import examples, small_variants
from vizgen.ai.games import OPENING, exact_tournament, openings, perfect_player, play, tournament
from vizgen.ai.maxn import maxn_player
from vizgen.ai.players import Player, random_player
from vizgen.ai.tricky import trap_figure, tricky_player
from vizgen.analysis.solved import fate
from vizgen.engine.ending import PLY_CAP, REPETITIONS, Ending, Referee, Results
from vizgen.engine.graph import StateGraph, enumerate_graph
from vizgen.engine.solve import solve_forced, solve_survival
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant


def as_ref(graph: StateGraph, node: int) -> tuple:
    return ref.ref_position_of(graph.position(node))


def plain_ending(graph: StateGraph, nodes: list[int], cap: int) -> tuple[str, int, tuple[int, ...]] | None:
    """The rule as docs/RULINGS.md words it, over the game's positions so far (the start first).

    Returns ``(reason, winner, shared)`` if the game is over at the last position, else None.
    """
    p = graph.variant.params.as_dict()
    players = p["players"]
    ply = len(nodes) - 1
    position = as_ref(graph, nodes[-1])
    won = ref.ref_winner(p, position)
    if won is not None:
        return "won", (ply + won) % players, ()
    times = sum(1 for k, node in enumerate(nodes) if node == nodes[-1] and k % players == ply % players)
    if times < REPETITIONS and ply < cap:
        return None
    still_in = tuple(sorted((ply + seat) % players for seat in range(players) if any(position[seat][0])))
    return ("repetition" if times >= REPETITIONS else "cap"), -1, still_in


def check_game(graph: StateGraph, end: Ending, path: list[int], last: int, cap: int) -> None:
    """No earlier position ended the game, the last one ends it as the rule says, and the moves are moves."""
    nodes = [*path, last]
    assert nodes[0] == graph.start and len(path) == end.plies <= cap
    for a, b in itertools.pairwise(nodes):
        assert b in graph.successors(a)
    for k in range(1, len(nodes)):
        assert plain_ending(graph, nodes[:k], cap) is None
    assert plain_ending(graph, nodes, cap) == (end.reason, end.winner, end.shared)


def last_node(graph: StateGraph, path: list[int], players: list[Player], rng_state: dict, opening: int) -> int:
    """Replay the game to find the position it ended at (play returns the nodes moved from)."""
    rng = np.random.default_rng()
    rng.bit_generator.state = rng_state
    node = graph.start
    for ply, at in enumerate(path):
        assert at == node
        kids = graph.successors(node)
        node = int(kids[rng.integers(kids.size)]) if ply < opening else players[ply % graph.players].choose(node, rng)
    return node


def test_two_perfect_players_draw_standard_by_repetition() -> None:
    solved = solved_once("standard")
    g = solved.graph
    perfect = perfect_player(g, solved.forced)
    end, path = play(g, [perfect, perfect])
    assert (end.reason, end.winner, end.shared) == ("repetition", -1, (0, 1))
    assert [end.result(seat) for seat in (0, 1)] == ["draw", "draw"]
    last = int(perfect.moves[path[-1]])
    check_game(g, end, path, last, PLY_CAP)


def test_four_perfect_players_stop_repeating() -> None:
    """Four players perfect by the mover's fate: the game that used to run past 150 plies ends in a shared draw."""
    g = enumerate_graph(resolve("four-players"))
    perfect = perfect_player(g, solve_forced(g), out_in=solve_survival(g).out_in[:, g.players - 1])
    end, path = play(g, [perfect] * 4)
    assert end.reason == "repetition" and end.winner == -1 and end.plies < PLY_CAP
    check_game(g, end, path, int(perfect.moves[path[-1]]), PLY_CAP)
    assert all(end.result(seat) == ("draw" if seat in end.shared else "loss") for seat in range(4))


@settings(max_examples=examples(40), deadline=None)
@given(variant=small_variants(max_players=4), kinds=st.lists(st.sampled_from(["random", "perfect", "maxn"]),
                                                             min_size=4, max_size=4),
       cap=st.sampled_from([1, 7, 40, PLY_CAP]), seed=st.integers(0, 2**32 - 1))
def test_every_game_ends_within_the_cap_for_the_right_reason(variant: Variant, kinds: list[str], cap: int,
                                                             seed: int) -> None:
    g = enumerate_graph(variant)
    forced = solve_forced(g)
    player = {"random": random_player(g), "perfect": perfect_player(g, forced), "maxn": maxn_player(g, 1)}
    players = [player[k] for k in kinds[:g.players]]
    rng = np.random.default_rng(seed)
    state = rng.bit_generator.state
    end, path = play(g, players, rng, opening=OPENING, cap=cap)
    assert end.reason in ("won", "repetition", "cap") and end.plies <= cap
    check_game(g, end, path, last_node(g, path, players, state, OPENING), cap)
    results = Counter(end.result(seat) for seat in range(g.players))
    assert results["win"] == (end.reason == "won") and results["draw"] == len(end.shared)


def test_referee_counts_the_same_player_to_move() -> None:
    """Three players: a position met again with another player to move is another position."""
    rules = solved_once("three-players:r=3").graph.rules
    code = rules.encode(rules.start())
    referee = Referee(rules)
    before = (REPETITIONS - 1) * 3  # each player to move here twice
    assert [referee.arrive(code) for _ in range(before)] == [None] * before
    assert referee.arrive(code) == Ending("repetition", -1, (0, 1, 2), before)  # the first player, a third time


def test_tournament_scores_draws_by_reason() -> None:
    solved = solved_once("three-players:r=3")
    g = solved.graph
    perfect = perfect_player(g, solved.forced)
    score, visits = tournament(g, perfect, perfect, 3, seed=5)
    assert score["games"] == 9 == score["wins"] + score["draws"] + score["losses"]
    assert score["repetition"] + score["cap"] <= score["draws"] + score["losses"]
    assert visits.sum() == score["plies"]
    capped, _ = tournament(g, perfect, random_player(g), 3, seed=5, cap=4)
    assert capped["plies"] <= 9 * 4 and capped["cap"] + capped["repetition"] + capped["wins"] >= 1


@pytest.mark.parametrize("reason", ["won", "repetition", "cap"])
def test_an_ending_gives_every_seat_one_result(reason: str) -> None:
    end = Ending(reason, 1 if reason == "won" else -1, () if reason == "won" else (1, 2), 12)
    results = [end.result(seat) for seat in range(3)]
    assert results == (["loss", "win", "loss"] if reason == "won" else ["loss", "draw", "draw"])


@pytest.mark.parametrize("spec", ["standard", "three-players:r=3", "self-gain"])
@pytest.mark.parametrize("plies", [0, 1, 3])
def test_openings_are_every_random_start_with_its_chance(spec: str, plies: int) -> None:
    g = solved_once(spec).graph
    lines = openings(g, plies)
    assert sum(chance for _, chance in lines) == pytest.approx(1.0)
    assert len({line for line, _ in lines}) == len(lines)
    for line, chance in lines:
        node, expected = g.start, 1.0
        for nxt in line:
            kids = g.successors(node)
            assert nxt in kids
            node, expected = nxt, expected / kids.size
        assert len(line) == plies or g.terminal[node]
        assert chance == pytest.approx(expected)

    def count(node: int, left: int) -> int:
        kids = g.successors(node)
        return 1 if left == 0 or kids.size == 0 else sum(count(int(k), left - 1) for k in kids)

    assert len(lines) == count(g.start, plies)


@pytest.mark.parametrize("seed", range(5))
def test_a_line_replays_the_game_it_opened(seed: int) -> None:
    """Deterministic players after a random opening: the opening's moves give back the whole game."""
    solved = solved_once("three-players:r=3")
    g = solved.graph
    players = [perfect_player(g, solved.forced), maxn_player(g, 1), maxn_player(g, 2)]
    end, path = play(g, players, np.random.default_rng(seed), opening=3)
    assert play(g, players, line=path[1:4]) == (end, path)


def test_exact_tournament_weighs_every_line() -> None:
    solved = solved_once("standard")
    g = solved.graph
    perfect, maxn = perfect_player(g, solved.forced), maxn_player(g, 2)
    result = exact_tournament(g, perfect, maxn, opening=3)
    lines = openings(g, 3)
    assert result["lines"] == len(lines)
    assert result["wins"] + result["draws"] + result["losses"] == pytest.approx(1.0)
    wins = sum(chance * (play(g, [perfect, maxn][::1 - 2 * seat], line=line)[0].winner == seat)
               for seat in (0, 1) for line, chance in lines) / 2
    assert result["wins"] == pytest.approx(wins)


@pytest.mark.parametrize("spec", ["standard", "self-gain", "three-players:r=3"])
def test_every_computer_player_is_a_player_that_moves_to_a_child(spec: str) -> None:
    """The perfect, tricky perfect, max^n, random and rule-of-thumb players all answer the one interface."""
    from vizgen.reports.rules_of_thumb import Rule, follower

    solved = solved_once(spec)
    g = solved.graph
    out_in = fate(solved, g.players - 1)
    players = {"perfect": perfect_player(g, solved.forced, out_in=out_in),
               "tricky": tricky_player(g, solved.forced, trap_figure(solved), out_in=out_in),
               **{f"maxn{d}": maxn_player(g, d) for d in (1, 2, 5)}, "random": random_player(g)}
    if g.players == 2:
        players["rules"] = follower(g, [Rule("kills", True), Rule("gives_win", False)])
    rng = np.random.default_rng(3)
    for name, player in players.items():
        assert isinstance(player, Player), name
        for node in np.flatnonzero(~g.terminal).tolist():
            assert player.choose(node, rng) in g.successors(node), (name, node)


@pytest.mark.parametrize("spec", ["standard", "self-gain", "cutoff"])
def test_a_perfect_game_from_a_forced_win_is_won_in_its_remoteness(spec: str) -> None:
    """Started anywhere (``start``), two perfect players play a forced win out as the solver says."""
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    perfect = perfect_player(g, f)
    wins = np.flatnonzero((f.winner == 0) & ~g.terminal)
    assert wins.size
    for node in wins.tolist():
        end, path = play(g, [perfect, perfect], start=node)
        assert (end.reason, end.winner, end.plies) == ("won", 0, int(f.remoteness[node])) and path[0] == node


@given(endings=st.lists(st.tuples(st.sampled_from(["won", "repetition", "cap"]), st.integers(0, 2),
                                  st.sets(st.integers(0, 2)), st.integers(0, PLY_CAP)), max_size=30),
       seat=st.integers(0, 2))
def test_results_tally_every_ending_once(endings: list, seat: int) -> None:
    ends = [Ending(r, w if r == "won" else -1, () if r == "won" else tuple(sorted(s)), n) for r, w, s, n in endings]
    results = Results()
    for end in ends:
        results.add(end, seat)
    said = Counter(end.result(seat) for end in ends)
    assert (results.wins, results.draws, results.losses) == (said["win"], said["draw"], said["loss"])
    assert results.games == len(ends) and results.plies == sum(end.plies for end in ends)
    assert (results.repetition, results.cap) == tuple(sum(e.reason == r for e in ends) for r in ("repetition", "cap"))
