"""Published Chopsticks figures that vizgen reproduces.

``docs/FIGURES.md`` lists every published figure we found, the source, the
parameters that express the source's rules, our number and whether we agree.
This file asserts the figures we agree with; each test's docstring names its
source.  Disagreements are documented (with the reason) in FIGURES.md only.

The RULES.md section-4 figures (standard: 204 positions and a draw; suicide:
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

import numpy as np
import pytest

from vizgen.graph import StateGraph, enumerate_graph
from vizgen.solve import Forced, solve_forced
from vizgen.variants import resolve

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


# --- scyy.fi and h0rban/sticks: states counted with whose turn it is --------------------------------------------------


def test_scyy_cutoff_suicide_382_states() -> None:
    """scyy.fi, "chopsticks-gamestate" (https://scyy.fi/chopsticks-gamestate).

    Cut-off at 5, any split including one that empties a hand (its code splits
    a+b into (i, a+b-i) for i from 0).  It finds 382 reachable (hands, hands,
    turn) states, 28 of them final (loser out of hands, winner on one of 14 hand
    pairs).  We have 191 positions and 14 terminal ones; each is reachable with
    either player to move.
    """
    spec = "cutoff:suicide=true"
    graph, _ = _solve(spec)
    assert (graph.n, int(graph.terminal.sum())) == (191, 14)
    assert _absolute_states(spec) == (382, 28)


def test_h0rban_sticks_306_states() -> None:
    """h0rban/sticks, README.md (https://github.com/h0rban/sticks).

    Cut-off at 5; the only split is a lone even hand halved (0-2 -> 1-1,
    0-4 -> 2-2), see state.py.  "There are 306 reachable states" with the player
    to move in the state: our 153 positions, each with either player to move.
    """
    spec = "cutoff:transfers=false,halvesies=even"
    assert _solve(spec)[0].n == 153
    assert _absolute_states(spec)[0] == 306


# --- HanseulJo and lumiknit: cut-off with suicide splits --------------------------------------------------------------


@pytest.mark.parametrize(("r", "expected"), [(4, "win"), (5, "loss"), (6, "draw")])
def test_hanseuljo_cutoff_suicide_by_finger_count(r: int, expected: str) -> None:
    """HanseulJo/Chopsticks_Game_strategy, README.md and chopsticks.py
    (https://github.com/HanseulJo/Chopsticks_Game_strategy).

    Cut-off at FINGER, any split including (0, total).  Starting on your turn:
    FINGER=5 "you must lose", FINGER=4 "you can win", FINGER=6 you draw with
    best play.
    """
    assert _value(f"cutoff:suicide=true,r={r}") == expected


def test_hanseuljo_r4_through_the_cli() -> None:
    """HanseulJo/Chopsticks_Game_strategy README.md: FINGER=4, the first player "can win".

    Same figure as above, read through ``python -m vizgen stats ... --json``.
    """
    out = subprocess.run(
        [sys.executable, "-m", "vizgen", "stats", "cutoff:suicide=true,r=4", "--json"],
        check=True, capture_output=True, text=True,
    )
    data = json.loads(out.stdout)
    assert data["start"]["value"] == "win"
    assert data["start"]["position"] == "11-11"


def test_lumiknit_cutoff_suicide() -> None:
    """lumiknit/_w_chopsticks, README.md and src/game.tsx (https://github.com/lumiknit/_w_chopsticks).

    Cut-off at 5 (``new Game(5)``), splits to any other left value including 0.
    From (1,1)-(1,1) the second player seems to win; (4,0)-(3,1) and
    (3,1)-(2,2) (mover first) seem to cycle, i.e. are draws.
    """
    spec = "cutoff:suicide=true"
    assert _value(spec) == "loss"
    assert _value(spec, "04-13") == "draw"
    assert _value(spec, "13-22") == "draw"


# --- squivix/chopsticks-game STRATEGY.md: the master table ----------------------------------------------------------

# (our spec, their ruleset, first-player value, draw % of non-terminal positions)
SQUIVIX_MASTER = [
    ("cutoff", "standard", "draw", 69),
    ("standard", "rollover", "draw", 85),
    ("cutoff:halvesies=near", "even-splits", "draw", 68),
    ("standard:r=6", "senary", "draw", 90),
    ("cutoff:start=4", "suns", "win", 69),
    ("cutoff:misere=true", "misere", "draw", 57),
    ("cutoff:transfers=false,divisions=false", "attacks-only", "loss", 0),
    ("cutoff:divisions=false", "transfers-only", "loss", 0),
    ("cutoff:suicide=true", "suicide", "loss", 6),
    ("cutoff:sudden_death=true", "sudden-death", "loss", 5),
    ("cutoff:self_attack=true", "self-attack (swaps off)", "win", 0),
    ("cutoff:self_attack=true,swaps=3", "self-attack (3 swaps in a row)", "win", 0),
]


@pytest.mark.parametrize(("spec", "ruleset", "value", "draw_pct"), SQUIVIX_MASTER)
def test_squivix_master_table(spec: str, ruleset: str, value: str, draw_pct: int) -> None:
    """squivix/chopsticks-game, STRATEGY.md, "The master table"
    (https://github.com/squivix/chopsticks-game/blob/ea10fafe83f7a0d8c5a1ef3ce1643511d4d010c5/STRATEGY.md).

    Rules from standalone/lib/engine.js: its "standard" is cut-off with transfers
    and divisions; "even-splits" keeps only halves or near-halves (oddNearEven);
    "self-attack" adds swaps capped at 3 in a row *per player*, which our
    ``swaps`` cap (in a row, any player) can only approximate; both of our
    readings give the published value and draw share.
    """
    assert _value(spec) == value, ruleset
    assert _summary(spec)["draw_pct"] == draw_pct, ruleset


@pytest.mark.parametrize(
    ("spec", "losses"),
    [
        ("cutoff", ["01-03", "01-33", "01-44", "02-44", "03-33", "03-44", "04-44"]),
        ("cutoff:halvesies=near", ["01-03", "01-33", "01-44", "02-44", "03-33", "03-44", "04-44"]),
        ("standard", ["01-03", "01-33", "01-44"]),
        ("standard:r=6", ["01-04", "01-44", "01-55"]),
    ],
)
def test_squivix_losing_sets(spec: str, losses: list[str]) -> None:
    """squivix/chopsticks-game STRATEGY.md, "The danger set is tiny".

    "Standard has only 7 losing positions for the player to move, out of 160"
    ([0103] [0133] [0333] [0244] [0344] [0444] [0144]); even-splits has the
    identical seven; rollover has [0133] [0103] [0144]; base 6 [0104] [0144] [0155].
    """
    summary = _summary(spec)
    assert summary["losses"] == losses
    if spec == "cutoff":
        assert summary["nonterminal"] == 160


def test_squivix_attacks_only_losses() -> None:
    """squivix/chopsticks-game STRATEGY.md: attacks-only has 27 losing positions ([1111] [1212] [0113] [0324] ...)."""
    losses = _summary("cutoff:transfers=false,divisions=false")["losses"]
    assert len(losses) == 27
    assert {"11-11", "12-12", "01-13", "03-24"} <= set(losses)


def test_squivix_knubs_depth_and_danger_set() -> None:
    """squivix/chopsticks-game STRATEGY.md, "Knubs": base 10 in half-finger units, start 2-2, cut-off.

    Forced lines "up to 79 plies"; the danger set has 206 positions, 67 of them
    with both hands alive.  (Its 51 % draw share is a disagreement, see FIGURES.md.)
    """
    summary = _summary("cutoff:r=10,start=2")
    assert _value("cutoff:r=10,start=2") == "draw"
    assert summary["longest"] == 79
    assert len(summary["losses"]) == 206
    assert summary["losses_both_hands_alive"] == 67


# base: (draw %, losing positions, ... with both hands alive, longest forced line), STRATEGY.md "The base sweep"
SQUIVIX_BASES = {
    5: (69, 7, 0, 6),
    6: (41, 42, 11, 35),
    7: (81, 10, 0, 7),
    8: (44, 116, 39, 55),
    9: (87, 13, 0, 9),
    10: (52, 206, 67, 79),
    22: (80, 896, 285, 173),
    23: (96, 34, 0, 23),
}


@pytest.mark.parametrize("r", sorted(SQUIVIX_BASES))
def test_squivix_base_sweep_table(r: int) -> None:
    """squivix/chopsticks-game STRATEGY.md, "The base sweep" table (cut-off, splits on, start 1-1)."""
    draw_pct, losses, both_alive, longest = SQUIVIX_BASES[r]
    summary = _summary(f"cutoff:r={r}")
    assert _value(f"cutoff:r={r}") == "draw"
    assert summary["draw_pct"] == draw_pct
    assert len(summary["losses"]) == losses
    assert summary["losses_both_hands_alive"] == both_alive
    assert summary["longest"] == longest


def test_squivix_base_sweep_values() -> None:
    """squivix/chopsticks-game STRATEGY.md: "Every base >= 5 is a first-player draw -- the only
    decisive bases are the degenerate base 2 and, oddly, base 4 (both first-player wins)"; range base 2 ... 23.
    """
    values = {r: _value(f"cutoff:r={r}") for r in range(2, 24)}
    assert {r for r, v in values.items() if v != "draw"} == {2, 4}
    assert values[2] == values[4] == "win"


@pytest.mark.parametrize("r", [7, 9, 11, 13, 15, 23])
def test_squivix_odd_base_closed_forms(r: int) -> None:
    """squivix/chopsticks-game STRATEGY.md: for every odd base >= 7 the longest forced line is exactly
    ``base`` plies and the loss set has exactly (3*base - 1)/2 positions, all with a single live hand.
    """
    summary = _summary(f"cutoff:r={r}")
    assert summary["longest"] == r
    assert len(summary["losses"]) == (3 * r - 1) // 2
    assert summary["losses_both_hands_alive"] == 0


def test_squivix_quarter_knubs_depth() -> None:
    """squivix/chopsticks-game STRATEGY.md: quarter-knubs (base 20 in quarter-finger units, start 4-4) -> 157 plies."""
    assert _summary("cutoff:r=20,start=4")["longest"] == 157


@pytest.mark.parametrize("r", [8, 10, 12, 14])
def test_squivix_even_base_two_live_hands_lost(r: int) -> None:
    """squivix/chopsticks-game STRATEGY.md: in even bases, losses include balanced shapes like
    [1,1 | 2,6] "where the mover holds two live 1s and is still lost" (base not given; true for 8 ... 14).
    """
    assert _value(f"cutoff:r={r}", "11-26" if r <= 10 else "1.1-2.6") == "loss"


# --- Gabyface910/chopsticks: a table of every reachable position ------------------------------------------------------

# index.html, commit 295cf42d570bc57972bd1ff0f68461c5d2100f68, transcribed: each line is the *second* hand pair of
# a row (the player to move, per solver/index.html "Opponent hands then Player hands"), then the first pair (the
# opponent) with W = "Forced Win", D = "Forced Draw", L = "Defeat Imminent".
GABYFACE_TABLE = """
01: 01 D, 02 W, 03 L, 04 W, 11 D, 12 D, 13 L, 14 D, 22 L, 23 D, 24 D, 33 L, 34 W, 44 L
02: 01 D, 02 D, 03 W, 04 D, 11 D, 12 D, 13 D, 14 D, 22 D, 23 D, 24 D, 33 D, 34 D, 44 D
03: 01 L, 02 W, 03 W, 04 L, 11 D, 12 W, 13 D, 14 D, 22 L, 23 L, 24 L, 33 L, 34 D, 44 L
04: 01 W, 02 D, 03 W, 04 W, 11 D, 12 D, 13 W, 14 D, 22 D, 23 D, 24 D, 33 D, 34 D, 44 D
11: 02 D, 03 D, 04 W, 11 D, 12 D, 13 D, 14 D, 22 D, 23 D, 24 D, 33 D, 34 D, 44 D
12: 01 D, 02 D, 03 W, 04 W, 11 D, 12 D, 13 D, 14 D, 22 D, 23 D, 24 D, 33 D, 34 D, 44 D
13: 01 D, 02 W, 03 W, 04 W, 11 D, 12 W, 13 D, 14 W, 22 D, 23 D, 24 D, 34 D, 44 L
14: 01 W, 02 D, 03 D, 04 W, 11 D, 12 D, 13 D, 14 D, 22 D, 23 D, 24 D, 33 D, 34 D, 44 D
22: 01 W, 03 W, 04 W, 11 D, 12 D, 13 W, 14 D, 22 D, 23 D, 24 D, 33 W, 34 D, 44 D
23: 01 W, 02 W, 03 W, 04 D, 11 D, 12 D, 13 D, 14 D, 22 D, 23 W, 24 D, 33 W, 34 D, 44 D
24: 01 W, 02 D, 03 W, 04 W, 11 D, 12 D, 13 W, 14 D, 22 D, 23 D, 24 D, 33 W, 34 D, 44 D
33: 01 D, 02 W, 04 D, 11 D, 12 W, 13 D, 14 D, 22 D, 23 W, 24 D, 34 D, 44 L
34: 01 W, 02 W, 03 D, 04 D, 11 D, 12 D, 13 D, 14 D, 22 D, 23 D, 24 D, 33 D, 34 D
44: 01 W, 02 W, 03 D, 11 W, 12 D, 13 W, 14 W, 22 D, 23 W, 24 D, 33 D, 34 W
"""


def test_gabyface_table_of_every_position() -> None:
    """Gabyface910/chopsticks, index.html "a table of reachable Chopsticks positions"
    (https://github.com/Gabyface910/chopsticks, commit 295cf42d570bc57972bd1ff0f68461c5d2100f68).

    Rules from solver/index.html: roll-over at 5, attacks, and the only split is
    a lone 2 or 4 halved (0-2 -> 1-1, 0-4 -> 2-2).  Its 188 rows (48 wins, 126
    draws, 14 losses) are exactly our non-terminal positions with our values.
    """
    spec = "standard:transfers=false,halvesies=even"
    graph, forced = _solve(spec)
    names = graph.notations()
    ours = {
        names[i]: "WL"[int(forced.winner[i])] if forced.winner[i] >= 0 else "D"
        for i in range(graph.n)
        if not graph.terminal[i]
    }
    theirs = {}
    for line in GABYFACE_TABLE.strip().splitlines():
        mover, rest = line.split(":")
        for item in rest.split(","):
            opponent, value = item.split()
            theirs[f"{mover}-{opponent}"] = value
    assert len(theirs) == 188
    assert theirs == ours


# --- single positions and values ------------------------------------------------------------------------------------


def test_graphallthethings_self_gain() -> None:
    """Graph All The Things, "Chopsticks" (https://graphallthethings.com/posts/chopsticks/), the friend's rules
    (your tapping hand becomes (a + b) mod 5; no legal move loses).

    "The second player can give the opponent a win on the first move (state
    1,2 vs 1,3), and otherwise that opponent can give him the exact same win on
    the following move."
    """
    spec = "self-gain"
    assert _value(spec, "12-13") == "win"
    graph, _ = _solve(spec)
    twelve_thirteen = _node(graph, "12-13")
    assert twelve_thirteen in graph.successors(_node(graph, "11-12"))  # the second player's first choice
    assert twelve_thirteen in graph.successors(_node(graph, "12-12"))  # the first player's reply otherwise


def test_wikipedia_2021_cutoff_is_a_draw() -> None:
    """Wikipedia, "Chopsticks (hand game)", revision 1050340146
    (https://en.m.wikipedia.org/wiki/Chopsticks_(hand_game)?ns=0&oldid=1050340146).

    Its rules kill a hand at "five or more fingers" (roll-over is the alternate
    rule) with no suicide, and "Using the rules above, two perfect players will
    play indefinitely".  (An older revision says the opposite, see FIGURES.md.)
    """
    assert _value("cutoff") == "draw"


def test_wikipedia_shortest_game_via_squivix() -> None:
    """squivix/chopsticks-game, RULESETS.md (relaying Wikipedia), commit 5fc37cc282de0fcb763a7c48709116f79cbdc0a4:
    "With standard rules there are ... 204 reachable positions, and the shortest possible game is 5 moves."
    """
    graph, _ = _solve("standard")
    assert int(graph.depth[graph.terminal].min()) == 5


def test_wikipedia_suicide_second_player_via_squivix() -> None:
    """squivix/chopsticks-game RULESETS.md: "With suicide on, the second player has a winning strategy
    (per Wikipedia ...)".  True for cut-off with transfers and divisions (roll-over suicide is a draw,
    RULES.md section 4); the mover at 11-11 loses in 26 plies.
    """
    assert _value("cutoff:suicide=true") == "loss"
    assert _remoteness("cutoff:suicide=true") == 26


def test_japanese_report_rollover_rows() -> None:
    """Japanese report "剰余計算(mod 5)ルール下における指ゲーム『Chopsticks』の組合せ論的解体と最適戦略"
    (public code index, file id 43630600313, repository not named by the index), Table 1.

    Roll-over at 5 with transfers and divisions.  Rows we agree with:
    (1,1 | 1,2), (2,2 | 1,1), (4,0 | 1,1), (3,0 | 1,1) are D (draws), and
    "14 reachable end states".  (Its other rows disagree, see FIGURES.md.)
    """
    for position in ["11-12", "22-11", "04-11", "03-11"]:
        assert _value("standard", position) == "draw", position
    assert int(_solve("standard")[0].terminal.sum()) == 14
