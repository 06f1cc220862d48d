"""The max^n AI measured against the exact solution (issue #8, item 3).

Reproduces the tables of the multiplayer paper (R. Sharma, "Multiplayer
Chopsticks Game using Max^N Algorithm", 2020: :data:`PAPER`) on the standard
rules with ``N`` players, and adds what the paper could not measure without an
exact solution:

- :func:`branching`: mean moves per non-final position, over the whole graph
  and over the positions met in games;
- :func:`quality`: how often max^n's move keeps the exact value;
- :func:`tournament`: max^n against the random and the perfect player;
- :func:`timing`: seconds for one move, one search from the start and the
  whole-graph programme per position.

:func:`report` gathers them into one JSON-able dict (the benchmark prints it,
the site renders it). Timings differ from run to run, so the site does not
measure them: it shows the table ``python benchmarks/maxn.py --record`` kept
in ``maxn_timing.json`` (:func:`recorded_timing`), and everything else it
shows is the same from build to build. The perfect player
(:func:`perfect_player`) is defined in docs/RULINGS.md.
"""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any, NotRequired, TypedDict

import numpy as np

from vizgen.ai.games import OPENING, perfect_player, tournament
from vizgen.ai.maxn import maxn_levels, maxn_table
from vizgen.ai.players import Player, random_player
from vizgen.ai.search import MaxnSearch
from vizgen.engine.ending import PLY_CAP, REPETITIONS
from vizgen.engine.graph import StateGraph, enumerate_graph
from vizgen.engine.solve import Forced, solve_forced
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant

__all__ = [
    "PAPER",
    "TIMING_FILE",
    "Branching",
    "BranchingRow",
    "MaxnReport",
    "Paper",
    "PaperRow",
    "Quality",
    "QualityRow",
    "RecordedTiming",
    "Settings",
    "TimingRow",
    "TimingSearch",
    "TournamentRow",
    "branching",
    "move_counts",
    "quality",
    "recorded_timing",
    "report",
    "site_report",
    "spec_for",
    "timing",
    "variant_for",
]

TIMING_FILE = "maxn_timing.json"
"""The timing table the site shows, in this package: ``measured`` (where and when) and ``rows`` (:func:`report`'s
``timing``), written by ``python benchmarks/maxn.py --record``."""


class PaperRow(TypedDict):
    """One player count of the paper's tables: its estimated branching factor and seconds per move, as printed."""

    players: int
    branching: int
    plain: list[str]
    cached: list[str]


class Paper(TypedDict):
    """The paper's figures: where they come from, the depths of its timing tables and a row per player count."""

    source: str
    depths: list[int]
    rows: list[PaperRow]


class Branching(TypedDict):
    """:func:`branching`'s means: over the graph, and (with visits) over the positions met in games."""

    positions: int
    non_final: int
    moves: float
    hand_pairs: float
    edges: float
    game_positions: NotRequired[int]
    game_moves: NotRequired[float]
    game_hand_pairs: NotRequired[float]
    game_edges: NotRequired[float]


class BranchingRow(Branching):
    """:func:`report`'s branching row: a player count's :class:`Branching` and the paper's estimate."""

    players: int
    paper: int | None


class Quality(TypedDict):
    """:func:`quality`'s counts and shares of the moves that keep the exact value."""

    positions: int
    kept: int
    share: float | None
    critical: int
    critical_kept: int
    critical_share: float | None
    unkeepable: int
    wins: int
    win_kept: int
    open: int
    open_kept: int


class QualityRow(Quality):
    """:func:`report`'s quality row: :class:`Quality` of max^n at one depth with one player count."""

    players: int
    depth: int


class TournamentRow(TypedDict):
    """A player against copies of an opponent: :func:`vizgen.ai.games.tournament`'s score, for one player count."""

    players: int
    player: str
    depth: int | None
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    repetition: int
    cap: int
    plies: int
    distinct: int


class TimingSearch(TypedDict):
    """:func:`timing`'s row: seconds and states of one search from the start, and of the whole-graph programme."""

    depth: int
    search_seconds: float
    search_states: int
    search_expanded: int
    graph_seconds: float
    graph_per_position: float


class TimingRow(TimingSearch):
    """:func:`report`'s timing row: :class:`TimingSearch` for one player count, the paper's seconds beside."""

    players: int
    paper_plain: str | None
    paper_cached: str | None


class Settings(TypedDict):
    """How the games were played: the ply cap, repetitions that draw, the opening, games per seat, seed, variants."""

    cap: int
    repetitions: int
    opening: int
    games_per_seat: int
    seed: int
    variants: list[str]


class MaxnReport(TypedDict):
    """:func:`report`'s figures; :func:`site_report`'s add where the recorded timing was measured."""

    paper: Paper
    settings: Settings
    branching: list[BranchingRow]
    quality: list[QualityRow]
    tournament: list[TournamentRow]
    timing: list[TimingRow]
    timing_measured: NotRequired[str]


class RecordedTiming(TypedDict):
    """:data:`TIMING_FILE`'s table: where and when it was measured, and its rows."""

    measured: str
    rows: list[TimingRow]


PAPER: Paper = {
    "source": 'R. Sharma, "Multiplayer Chopsticks Game using Max^N Algorithm", 2020',
    "depths": [2, 3, 5, 8],
    "rows": [
        {"players": 2, "branching": 5,
         "plain": ["0.000", "0.000", "0.011", "0.659"], "cached": ["0.001", "0.001", "0.007", "0.010"]},
        {"players": 3, "branching": 9,
         "plain": ["0.000", "0.002", "0.230", ">60"], "cached": ["0.001", "0.002", "0.048", "0.218"]},
        {"players": 4, "branching": 14,
         "plain": ["0.000", "0.008", "1.265", ">60"], "cached": ["0.001", "0.003", "0.217", "3.596"]},
        {"players": 5, "branching": 18,
         "plain": ["0.001", "0.012", "4.726", ">60"], "cached": ["0.001", "0.003", "0.579", "8.853"]},
    ],
}
"""The paper's figures as printed: Table 1 (estimated branching factors) and
Tables 2 and 3 (seconds for one move at depths 2, 3, 5, 8: plain max^n and
with its caching)."""



def spec_for(players: int) -> str:
    """The spec of the paper's game: the standard rules with ``players`` players.

    Examples
    --------
    >>> spec_for(3)
    'standard:players=3'
    """
    return f"standard:players={players}"


def variant_for(players: int) -> Variant:
    """The paper's game: the standard rules with ``players`` players.

    Examples
    --------
    >>> variant_for(3).params.players
    3
    """
    return resolve(spec_for(players))


def move_counts(graph: StateGraph, chunk: int = 100_000) -> tuple[np.ndarray, np.ndarray]:
    """Legal moves of every position, counted two ways (0 at final positions).

    *Moves* are the moves as the rules name them (``1>2``, ``13 -> 22``): a
    hand of 1 striking a hand of 2 is one move whichever hands hold those
    values. *Hand pairs* count an attack on another player once for every
    pair (striking hand, struck hand) holding those values, as a program that
    numbers the hands lists them (a zombie's phantom hand counts once); other
    moves count once.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    chunk : int
        Positions handed to the rules' move generator at once.

    Returns
    -------
    tuple of numpy.ndarray
        int64 per node: moves, hand pairs.

    Examples
    --------
    >>> graph = enumerate_graph(variant_for(2))
    >>> moves, pairs = move_counts(graph)
    >>> int(moves[graph.start]), int(pairs[graph.start])  # 11-11: 1>1, from either hand on either hand
    (1, 4)
    """
    rules = graph.rules
    r = rules.params.r
    holding = np.array([[hands.count(v) for v in range(r)] for hands in rules.sets], dtype=np.int64)
    strikes = [(m.kind in ("attack", "gain") and m.seat > 0, m.hand, m.target, m.seat) for m in rules.moves]
    other, hand, target, seat = (np.array(column, dtype=np.int64) for column in zip(*strikes))
    moves = np.zeros(graph.n, dtype=np.int64)
    pairs = np.zeros(graph.n, dtype=np.int64)
    moving = np.flatnonzero(~graph.terminal)
    for lo in range(0, moving.size, chunk):
        nodes = moving[lo:lo + chunk]
        src, _, mid = rules.expand(graph.codes[nodes])
        _, seats = rules.seats(graph.codes[nodes])
        table = np.stack(seats, axis=1)[src]  # hand-set index of every seat, per move
        mover = np.maximum(holding[table[:, 0], hand[mid]], 1)
        struck = holding[table[np.arange(src.size), seat[mid]], target[mid]]
        weight = np.where(other[mid], mover * struck, 1)
        moves[nodes] = np.bincount(src, minlength=nodes.size)
        pairs[nodes] = np.bincount(src, weights=weight, minlength=nodes.size).astype(np.int64)
    return moves, pairs


def branching(graph: StateGraph, counts: tuple[np.ndarray, np.ndarray],
              visits: np.ndarray | None = None) -> Branching:
    """Mean moves per non-final position, over the graph and over positions met in games.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    counts : tuple of numpy.ndarray
        :func:`move_counts` of ``graph``.
    visits : numpy.ndarray, optional
        How often each node was moved from in games (int per node).

    Returns
    -------
    dict
        ``positions``, ``non_final``, ``moves``, ``hand_pairs`` and ``edges``
        (mean legal moves counted both ways of :func:`move_counts`, and mean
        distinct resulting positions, per non-final position), and with
        ``visits`` also ``game_positions`` (moves made), ``game_moves``,
        ``game_hand_pairs`` and ``game_edges`` (the same means, weighted by
        visits).

    Examples
    --------
    >>> graph = enumerate_graph(variant_for(2))
    >>> b = branching(graph, move_counts(graph))
    >>> b["hand_pairs"] >= b["moves"] >= b["edges"] > 1
    True
    """
    moving = ~graph.terminal
    moves, hand_pairs, edges = counts[0], counts[1], np.diff(graph.indptr)

    def mean(arr: np.ndarray) -> float:
        return round(float(arr[moving].mean()), 3)

    out: Branching = {"positions": graph.n, "non_final": int(moving.sum()),
                      "moves": mean(moves), "hand_pairs": mean(hand_pairs), "edges": mean(edges)}
    if visits is not None:
        total = int(visits.sum())

        def weighted(arr: np.ndarray) -> float:
            return round(float(visits @ arr / total), 3)

        out["game_positions"] = total
        out["game_moves"] = weighted(moves)
        out["game_hand_pairs"] = weighted(hand_pairs)
        out["game_edges"] = weighted(edges)
    return out


def _child_winner(graph: StateGraph, forced: Forced, child: np.ndarray) -> np.ndarray:
    """Forced-win seat of each child, counted from the parent's mover (-1: open)."""
    w = forced.winner[child].astype(np.int64)
    return np.where(w >= 0, (w + 1) % graph.players, -1)


def quality(graph: StateGraph, forced: Forced, choice: np.ndarray) -> Quality:
    """How often the moves in ``choice`` keep the exact value of the position.

    A move keeps the value when the seat that can force a win (or nobody) is
    the same after it: a forced win of the mover stays one, an open position
    (a draw) is not turned into a forced win for another seat. Where no move
    can keep it (another seat already forces a win; or, with three players or
    more, an open position whose every move hands some seat a forced win)
    every move counts as keeping it. *Critical* positions are those where some
    moves keep the value and others lose it.

    Parameters
    ----------
    graph : StateGraph
        An enumerated graph.
    forced : Forced
        Its exact solution.
    choice : numpy.ndarray
        A child node id per position (-1 at final positions).

    Returns
    -------
    dict
        ``positions`` (non-final), ``kept``, ``share``, ``critical``,
        ``critical_kept``, ``critical_share``, ``unkeepable`` (open positions
        where every move hands a forced win to some seat) and, by the
        position's exact value, ``win_kept`` / ``wins`` (the mover forces a
        win) and ``open_kept`` / ``open`` (nobody does).

    Examples
    --------
    >>> from vizgen.engine.solve import solve_forced
    >>> graph = enumerate_graph(variant_for(2))
    >>> forced = solve_forced(graph)
    >>> quality(graph, forced, perfect_player(graph, forced).moves)["share"]
    1.0
    """
    moving = np.flatnonzero(~graph.terminal)
    value = forced.winner[moving].astype(np.int64)
    edge_kept = _child_winner(graph, forced, graph.indices) == forced.winner[graph.sources]
    keeping = np.bincount(graph.sources, weights=edge_kept, minlength=graph.n)[moving]
    keepable = keeping > 0
    critical = keepable & (keeping < np.diff(graph.indptr)[moving])
    kept = (_child_winner(graph, forced, choice[moving]) == value) | ~keepable
    wins, open_ = value == 0, value < 0

    def share(part: int, whole: int) -> float | None:
        return round(part / whole, 4) if whole else None

    return {
        "positions": int(moving.size),
        "kept": int(kept.sum()),
        "share": share(int(kept.sum()), moving.size),
        "critical": int(critical.sum()),
        "critical_kept": int((kept & critical).sum()),
        "critical_share": share(int((kept & critical).sum()), int(critical.sum())),
        "unkeepable": int((open_ & ~keepable).sum()),
        "wins": int(wins.sum()),
        "win_kept": int((kept & wins).sum()),
        "open": int(open_.sum()),
        "open_kept": int((kept & open_).sum()),
    }


def _best_time(run: Any, budget: float) -> float:
    """Fastest of repeated runs of ``run()`` (at least one; more while the total stays under ``budget`` seconds)."""
    best, spent = float("inf"), 0.0
    while best == float("inf") or spent + best < budget:
        t0 = time.perf_counter()
        run()
        took = time.perf_counter() - t0
        best, spent = min(best, took), spent + took
    return best


def timing(graph: StateGraph, depths: list[int], budget: float = 0.5) -> list[TimingSearch]:
    """Seconds for one move from the start, and for the whole-graph programme per position.

    The search is :class:`vizgen.ai.search.MaxnSearch` (memoised depth-first
    search over (position, depth), moves generated by the rules as it goes),
    started afresh each time; the programme is :func:`vizgen.ai.maxn.maxn_table`
    over the already enumerated graph (notation ranking included). Quick runs
    are repeated within ``budget`` seconds and the fastest is kept.

    Parameters
    ----------
    graph : StateGraph
        The enumerated graph of the variant.
    depths : list of int
        The search depths.
    budget : float
        Seconds of repeats allowed per measurement.

    Returns
    -------
    list of dict
        Per depth: ``depth``, ``search_seconds``, ``search_states`` ((position,
        depth) pairs searched), ``search_expanded`` (positions whose moves were
        generated), ``graph_seconds``, ``graph_per_position``.

    Examples
    --------
    >>> graph = enumerate_graph(variant_for(2))
    >>> [row["depth"] for row in timing(graph, [1, 2], budget=0.01)]
    [1, 2]
    """
    rules, start = graph.rules, graph.position(graph.start)
    rows: list[TimingSearch] = []
    for depth in depths:
        searches: list[MaxnSearch] = []

        def search(depth: int = depth, searches: list[MaxnSearch] = searches) -> None:
            searches.append(MaxnSearch(rules))
            searches[-1].best(start, depth)

        seconds = _best_time(search, budget)
        whole = _best_time(lambda depth=depth: maxn_table(graph, depth), budget)
        rows.append({
            "depth": depth,
            "search_seconds": seconds,
            "search_states": searches[-1].states,
            "search_expanded": searches[-1].expanded,
            "graph_seconds": whole,
            "graph_per_position": whole / graph.n,
        })
    return rows


def report(players: tuple[int, ...] = (2, 3, 4), depths: tuple[int, ...] = tuple(range(1, 9)),
           timing_players: tuple[int, ...] = (2, 3, 4, 5), timing_depths: tuple[int, ...] = (2, 3, 5, 8),
           games_per_seat: int = 50, seed: int = 8, budget: float = 0.5) -> MaxnReport:
    """Every figure of "The max^n AI against the exact solution", as one JSON-able dict.

    Parameters
    ----------
    players : tuple of int
        Player counts for quality, tournament and branching in games.
    depths : tuple of int
        max^n depths for quality and tournament.
    timing_players, timing_depths : tuple of int
        Player counts and depths for the timing table (empty: no timing).
    games_per_seat : int
        Tournament games per seat of the max^n player, per depth and opponent.
    seed : int
        Seeds every tournament (each player count and depth gets its own stream).
    budget : float
        Seconds of repeats per timing measurement.

    Returns
    -------
    dict
        ``paper`` (:data:`PAPER`), ``settings`` (ply cap, repetitions that
        draw, opening, games per seat, seed, variants), ``branching`` (per player count: :func:`branching`
        plus ``paper``), ``quality`` (per player count and depth:
        :func:`quality`), ``tournament`` (per player count, depth and
        opponent ``random`` / ``perfect``: :func:`tournament`'s score, and
        first, as a yardstick, the perfect player against random players),
        ``timing``
        (per player count and depth: :func:`timing` rows with the paper's
        ``paper_plain`` and ``paper_cached`` where it has them).

    Examples
    --------
    >>> data = report(players=(2,), depths=(1,), timing_players=(), games_per_seat=1)
    >>> data["quality"][0]["players"], [row["player"] for row in data["tournament"]]
    (2, ['perfect', 'max^n', 'max^n'])
    """
    paper = {row["players"]: row for row in PAPER["rows"]}
    out: MaxnReport = {
        "paper": PAPER,
        "settings": {"cap": PLY_CAP, "repetitions": REPETITIONS, "opening": OPENING,
                     "games_per_seat": games_per_seat, "seed": seed,
                     "variants": [spec_for(n) for n in sorted({*players, *timing_players})]},
        "branching": [],
        "quality": [],
        "tournament": [],
        "timing": [],
    }
    for n in sorted({*players, *timing_players}):
        graph = enumerate_graph(variant_for(n))
        visits = None
        if n in players:
            visits = _measure_play(graph, n, depths, games_per_seat, seed, out)
        printed = paper.get(n)
        out["branching"].append({"players": n, **branching(graph, move_counts(graph), visits),
                                 "paper": printed["branching"] if printed else None})
        if n in timing_players:
            for row in timing(graph, list(timing_depths), budget):
                k = PAPER["depths"].index(row["depth"]) if row["depth"] in PAPER["depths"] else None
                out["timing"].append({
                    "players": n, **row,
                    "paper_plain": paper[n]["plain"][k] if n in paper and k is not None else None,
                    "paper_cached": paper[n]["cached"][k] if n in paper and k is not None else None,
                })
    return out


def recorded_timing() -> RecordedTiming:
    """The timing table kept in :data:`TIMING_FILE`: ``measured`` (machine, version, date) and ``rows``.

    Examples
    --------
    >>> sorted(recorded_timing())
    ['measured', 'rows']
    """
    recorded: RecordedTiming = json.loads((resources.files("vizgen.reports") / TIMING_FILE).read_text("utf-8"))
    return recorded


def site_report(**kw: Any) -> MaxnReport:
    """The figures of the site's page: :func:`report` without timing, then the recorded timing table.

    Parameters
    ----------
    **kw
        Passed to :func:`report` (``timing_depths`` excepted).

    Returns
    -------
    dict
        :func:`report`'s keys, ``timing`` from :func:`recorded_timing` and ``timing_measured``; the same
        from run to run.
    """
    recorded = recorded_timing()
    return {**report(**kw, timing_depths=()), "timing": recorded["rows"], "timing_measured": recorded["measured"]}


def _measure_play(graph: StateGraph, n: int, depths: tuple[int, ...], games_per_seat: int, seed: int,
                  out: MaxnReport) -> np.ndarray:
    """Fill ``out``'s quality and tournament rows for ``n`` players; return the visits of all games."""
    forced = solve_forced(graph)
    perfect, chance = perfect_player(graph, forced), random_player(graph)
    opponents: list[tuple[str, Player]] = [("random", chance), ("perfect", perfect)]
    visits = np.zeros(graph.n, dtype=np.int64)
    score, _ = tournament(graph, perfect, chance, games_per_seat, seed=seed * 1_000_000 + n * 10_000)
    out["tournament"].append(_tournament_row(n, "perfect", None, "random", score))
    for table in maxn_levels(graph, max(depths)):
        if table.depth not in depths:
            continue
        out["quality"].append({"players": n, "depth": table.depth, **quality(graph, forced, table.choice)})
        for k, (name, opponent) in enumerate(opponents):
            score, seen = tournament(graph, table.player, opponent, games_per_seat,
                                     seed=seed * 1_000_000 + n * 10_000 + table.depth * 10 + k)
            visits += seen
            out["tournament"].append(_tournament_row(n, "max^n", table.depth, name, score))
    return visits


def _tournament_row(n: int, player: str, depth: int | None, opponent: str, score: dict[str, int]) -> TournamentRow:
    """A row of :func:`report`'s ``tournament``: who played whom with ``n`` players, and the player's score."""
    return {"players": n, "player": player, "depth": depth, "opponent": opponent, "games": score["games"],
            "wins": score["wins"], "draws": score["draws"], "losses": score["losses"],
            "repetition": score["repetition"], "cap": score["cap"], "plies": score["plies"],
            "distinct": score["distinct"]}
