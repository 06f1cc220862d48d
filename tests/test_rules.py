"""Rules: positions and their notation, moves, and legal_moves as the one source of truth."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples, small_variants
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.rules import Move, Position, PositionError, Rules
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant


def moves_of(spec: str, text: str) -> dict[str, str]:
    rules = Rules(resolve(spec))
    return {str(m): rules.notation(p) for m, p in rules.successors(rules.parse(text))}


@st.composite
def positions(draw: st.DrawFn) -> tuple[Position, int]:
    players, hands = draw(st.integers(2, 4)), draw(st.integers(1, 4))
    r = draw(st.integers(2, 14))
    hand = st.lists(st.integers(0, r - 1), min_size=hands, max_size=hands).map(lambda h: tuple(sorted(h)))
    return Position(tuple(draw(hand) for _ in range(players)), draw(st.integers(0, 3))), r


@given(positions())
def test_notation_round_trips(case: tuple[Position, int]) -> None:
    position, r = case
    hands = len(position.hands[0])
    assert Position.parse(str(position), hands) == position
    assert Position.parse(position.notation(r > 10), hands) == position
    if hands > 1 or r <= 10:
        assert Position.parse(str(position)) == position


def test_notation_examples() -> None:
    assert str(Position(((1, 1), (1, 1)))) == "11-11"
    assert Position.parse("1211") == Position(((1, 2), (1, 1)))
    assert Position.parse("21-11") == Position(((1, 2), (1, 1)))  # hands are a multiset
    assert Position(((1, 10), (3, 4))).notation(True) == "1.10-3.4"
    assert Position.parse("1.10-3.4") == Position(((1, 10), (3, 4)))
    assert str(Position(((1, 2), (1, 1)), 1)) == "12-11/s1"
    assert Position.parse("0-10", hands=1) == Position(((0,), (10,)))


@pytest.mark.parametrize("text", ["", "12", "1a-11", "12--11", "1.-11", "12-11/x1", "-", "1..2-11"])
def test_malformed_positions_are_refused(text: str) -> None:
    with pytest.raises(PositionError):
        Position.parse(text)


@pytest.mark.parametrize(("spec", "text", "needle"), [
    ("standard", "12-11-11", "3 players"),
    ("standard", "123-11", "2 hand"),
    ("standard", "15-11", "0 to 4"),
    ("standard", "12-11/s1", "swap count"),
])
def test_positions_that_do_not_fit_the_variant(spec: str, text: str, needle: str) -> None:
    with pytest.raises(PositionError, match=needle):
        Rules(resolve(spec)).parse(text)


def test_start_attacks_are_one_edge() -> None:
    """docs/RULES.md section 3: on 11-11 all four attacks give the same position."""
    assert moves_of("standard", "11-11") == {"1>1": "12-11"}


def test_rollover_cutoff_and_kill() -> None:
    assert moves_of("standard", "14-11")["4>1"] == "01-14"  # 1 + 4 = 5 -> dead
    assert moves_of("standard", "34-13")["4>3"] == "12-34"  # 3 + 4 = 7 -> 2
    assert moves_of("cutoff", "34-13")["4>3"] == "01-34"    # cutoff: 7 -> dead


def test_splits_by_kind() -> None:
    standard = moves_of("standard", "13-11")
    assert standard["13 -> 22"] == "11-22"
    assert "13 -> 04" not in standard                       # a split may not kill a hand
    assert moves_of("standard", "04-11")["04 -> 13"] == "11-13"  # division
    assert moves_of("suicide", "11-11")["11 -> 02"] == "11-02"
    assert "04 -> 13" not in moves_of("transfers-only", "04-11")
    assert "13 -> 22" not in moves_of("divisions-only", "13-11")
    assert all(">" in m for m in moves_of("no-splits", "13-11"))
    assert set(moves_of("halvesies", "04-11")) >= {"04 -> 22"} and "04 -> 13" not in moves_of("halvesies", "04-11")


def test_meta_split_drops_r() -> None:
    """docs/RULES.md section 3: 34 -> 11, 44 -> 12."""
    assert moves_of("meta", "34-11")["34 -> 11"] == "11-11"
    assert moves_of("meta", "44-11")["44 -> 12"] == "11-12"


def test_other_move_kinds() -> None:
    assert moves_of("integers", "13-11")["flip 1"] == "11-34"
    assert moves_of("self-attack", "12-11")["1>2@me"] == "11-13"
    assert moves_of("self-gain", "12-13")["2>3"] == "13-01"  # the striker becomes (2+3) mod 5
    swaps = moves_of("swaps", "12-11")
    assert swaps["swap"] == "11-12/s1"
    assert "swap" not in moves_of("swaps", "12-11/s1")
    assert moves_of("three-players", "00-12-11") == {"pass": "12-11-00"}
    assert moves_of("zombies", "00-12-11")["1>2@1"] == "13-11-00"


def test_sudden_death_and_game_over() -> None:
    rules = Rules(resolve("sudden-death"))
    assert moves_of("sudden-death", "14-11")["4>1"] == "00-14"  # 01 holds one finger: out
    assert moves_of("standard", "14-11")["4>1"] == "01-14"
    assert rules.legal_moves(rules.parse("00-14")) == []
    assert rules.outcome(rules.parse("00-14")) == 1
    assert Rules(resolve("misere")).outcome(Position.parse("00-14")) == 0


@settings(max_examples=examples(40), deadline=None)
@given(small_variants(), st.data())
def test_legal_moves_agree_with_the_graph(variant: Variant, data: st.DataObject) -> None:
    """The enumerated graph and legal_moves come from one kernel: edges are the distinct results."""
    graph = enumerate_graph(variant)
    node = data.draw(st.integers(0, graph.n - 1))
    rules = graph.rules
    position = graph.position(node)
    results = {rules.notation(p) for _, p in rules.successors(position)}
    names = graph.notations()
    assert results == {names[c] for c in graph.successors(node)}
    for move, after in rules.successors(position):
        assert rules.play(position, move) == after
    moves = [str(m) for m in rules.legal_moves(position)]
    assert len(moves) == len(set(moves)), "every move has its own notation"


@settings(max_examples=examples(40), deadline=None)
@given(small_variants())
def test_graph_invariants(variant: Variant) -> None:
    graph = enumerate_graph(variant)
    assert graph.position(graph.start) == graph.rules.start()
    assert graph.depth[graph.start] == 0
    final = graph.terminal
    outdeg = np.diff(graph.indptr)
    assert (outdeg[final] == 0).all(), "the game is over at final positions"
    assert (outdeg[~final] > 0).all(), "every position where the game goes on has a move"
    # no duplicate edges, no self-loops... except a pass or swap never leaves a position unchanged
    pairs = set(zip(graph.sources.tolist(), graph.indices.tolist()))
    assert len(pairs) == graph.indices.size
    # depth is the BFS distance: a child is at most one ply deeper
    assert (graph.depth[graph.indices] <= graph.depth[graph.sources] + 1).all()
    # every code decodes and encodes back
    for node in range(0, graph.n, max(1, graph.n // 25)):
        assert graph.node_of(graph.position(node)) == node


def test_unreachable_position() -> None:
    graph = enumerate_graph(resolve("standard"))
    with pytest.raises(PositionError, match="cannot be reached"):
        graph.node_of(Position.parse("44-00"))


# -- moves: notation round trip, equality by what the move does -----------------------------------

def test_move_equality_ignores_formatting() -> None:
    assert Move("attack", 1, 2, 1, players=2) == Move("attack", 1, 2, 1, players=3, wide=True)
    assert hash(Move("split", before=(1, 3), after=(2, 2))) == hash(Move("split", before=(1, 3), after=(2, 2),
                                                                         wide=True))
    assert Move("attack", 1, 2, 1) != Move("attack", 1, 2, 2)


@pytest.mark.parametrize(("spec", "position", "text", "after"), [
    ("standard", "11-11", "1>1", "12-11"),
    ("standard", "11-11", " 1 > 1 ", "12-11"),
    ("standard", "11-11", "1>1@1", "12-11"),
    ("standard", "13-11", "13 -> 22", "11-22"),
    ("standard", "13-11", "13->22", "11-22"),
    ("standard", "13-11", "31 -> 22", "11-22"),
    ("integers", "13-11", "flip 1", "11-34"),
    ("integers", "13-11", "FLIP 1", "11-34"),
    ("swaps", "12-11", "swap", "11-12/s1"),
    ("three-players", "00-12-11", "pass", "12-11-00"),
    ("self-attack", "12-11", "1>2@me", "11-13"),
    ("three-players", "11-11-11", "1>1@2", "11-12-11"),
    ("self-gain-10:r=12", "1.10-1.1", "10>1", "1.1-1.11"),
    ("standard:r=12", "1.10-1.1", "1.10 -> 5.6", "1.1-5.6"),
])
def test_moves_parse_from_their_notation(spec: str, position: str, text: str, after: str) -> None:
    rules = Rules(resolve(spec))
    at = rules.parse(position)
    assert rules.notation(rules.play(at, rules.parse_move(at, text))) == after


@pytest.mark.parametrize(("spec", "position", "text", "needle"), [
    ("standard", "11-11", "2>2", r"'2>2' is not a legal move at 11-11; legal moves: 1>1$"),
    ("standard", "11-11", "1>1@me", "legal moves: 1>1"),
    ("standard", "11-11", "hello", "is not a move.*legal moves: 1>1"),
    ("standard", "11-11", "13 -> 22", "not a legal move"),
    ("standard", "11-11", "flip", "is not a move"),
    ("three-players", "11-11-11", "1>1", "name the struck player.*legal moves: 1>1@1, 1>1@2"),
    ("standard", "00-14", "1>1", "the game is over"),
    ("standard", "11-11", "1" * 100_000, r"\(100000 characters\) is not a move"),
])
def test_bad_moves_name_the_legal_ones(spec: str, position: str, text: str, needle: str) -> None:
    rules = Rules(resolve(spec))
    with pytest.raises(PositionError, match=needle) as info:
        rules.parse_move(rules.parse(position), text)
    assert len(str(info.value)) < 400


@settings(max_examples=examples(60), deadline=None)
@given(small_variants(), st.data())
def test_every_legal_move_round_trips_through_its_text(variant: Variant, data: st.DataObject) -> None:
    graph = enumerate_graph(variant)
    rules = graph.rules
    for node in data.draw(st.lists(st.integers(0, graph.n - 1), min_size=1, max_size=5)):
        position = graph.position(node)
        for move, after in rules.successors(position):
            parsed = rules.parse_move(position, str(move))
            assert parsed == move and str(parsed) == str(move)
            assert rules.play(position, parsed) == after
            alone = Move.parse(str(move), rules.players, rules.params.attack == "self-gain", rules.wide)
            assert alone == move


# -- fuzzing: only the project's error escapes ----------------------------------------------------

@functools.cache
def compiled(spec: str) -> Rules:
    return Rules(resolve(spec))


_POSITION_CHARS = st.sampled_from([*"0123456789-./s \u0665\uff15", "12-11", "/s", "9" * 12])


@pytest.mark.slow(reason="a property test over five compiled rule sets, big ones among them (3 CPU s)"
                           "; out of the fast lane: issue #49")
@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(_POSITION_CHARS, max_size=20).map("".join)),
       st.sampled_from(["standard", "three-players", "self-gain-10:r=12", "swaps", "one-hand"]))
def test_fuzzed_positions_raise_only_position_errors(text: str, spec: str) -> None:
    rules = compiled(spec)
    try:
        position = rules.parse(text)
    except PositionError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
    else:
        assert rules.parse(rules.notation(position)) == position


_MOVE_CHARS = st.sampled_from([*"0123456789>@-. \u0665", "me", "->", "flip ", "swap", "pass", "9" * 12])


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(max_size=30), st.lists(_MOVE_CHARS, max_size=12).map("".join)),
       st.sampled_from([("standard", "13-12"), ("three-players", "12-11-11"), ("integers", "13-11"),
                        ("self-gain-10:r=12", "1.10-1.1"), ("swaps", "12-11")]))
def test_fuzzed_moves_raise_only_position_errors(text: str, where: tuple[str, str]) -> None:
    rules = compiled(where[0])
    position = rules.parse(where[1])
    try:
        move = rules.parse_move(position, text)
    except PositionError as exc:
        assert "legal moves: " in str(exc) and "\n" not in str(exc)
    else:
        assert move in rules.legal_moves(position)


@pytest.mark.parametrize("text", ["\u0661\u0662-\u0661\u0661", "12-11/s\u0661", "1" + "5" * 5000 + "-11",
                                  "12-11/s" + "1" * 5000, "1." + "5" * 5000 + "-11"])
def test_positions_take_ascii_digits_of_a_sane_length(text: str) -> None:
    with pytest.raises(PositionError) as info:
        Rules(resolve("standard")).parse(text)
    assert len(str(info.value)) < 200
