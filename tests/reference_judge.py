"""Two plain ways to the judge's measures, for the tests (``vizgen.reports.judge``).

- :func:`plain_match`: the same game worked out the obvious way, over dictionaries, one ply at a time: the
  distribution forward, and the settled plies backward from the cap (the judge carries them forward), with
  explicit flags per state for drama.
- :func:`sampled_match`: games played out with a random generator, and each measure with its confidence
  interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vizgen.reports.judge import Players

State = tuple[int, int]  # (position, the player to move: 0 first, 1 second)


def _moves(players: Players, chances: tuple[np.ndarray, np.ndarray]) -> dict[State, list[tuple[State, float]]]:
    """Every state's moves with a chance above zero, to (child, other player)."""
    g = players.graph
    out: dict[State, list[tuple[State, float]]] = {}
    for node in range(g.n):
        for k in (0, 1):
            out[node, k] = [((int(g.indices[e]), 1 - k), float(chances[k][e]))
                            for e in range(g.indptr[node], g.indptr[node + 1]) if chances[k][e] > 0]
    return out


def _leader(players: Players, state: State) -> int:
    """Who can force a win at ``state`` (0, 1; -1 nobody); at a final state, its winner."""
    node, k = state
    won = int(players.graph.winner[node])
    if won >= 0:
        return (k + won) % 2
    value = int(players.value[node])
    return k if value == 1 else 1 - k if value == -1 else -1


def _can_end(players: Players, moves: dict[State, list[tuple[State, float]]]) -> set[State]:
    """The states from which a final state can be reached (final ones included): plain fixed point."""
    ends = {s for s in moves if players.graph.winner[s[0]] >= 0}
    changed = True
    while changed:
        changed = False
        for s, out in moves.items():
            if s not in ends and any(c in ends for c, _ in out):
                ends.add(s)
                changed = True
    return ends


@dataclass
class Plain:
    """What :func:`plain_match` finds (the judge's :class:`~vizgen.reports.judge.Match`'s fields)."""

    first: float
    second: float
    draw: float
    mean_plies: float | None
    median_plies: int | None
    drama: float | None
    decisiveness: float | None
    swings: float


def plain_match(players: Players, first: np.ndarray, second: np.ndarray, cap: int) -> Plain:
    """The match as :func:`vizgen.reports.judge.match` defines it, computed over dictionaries."""
    moves = _moves(players, (first, second))
    can_end = _can_end(players, moves)

    def final(s: State) -> bool:
        return bool(players.graph.winner[s[0]] >= 0)

    def running(s: State) -> bool:
        return s in can_end and not final(s)

    start = (players.graph.start, 0)
    if not running(start):
        who = _leader(players, start) if final(start) else -1
        return Plain(float(who == 0), float(who == 1), float(who < 0), None, None, None, None, 0.0)
    # forward: the distribution over (state, flags: has the first / the second player been behind)
    spread: dict[tuple[State, bool, bool], float] = {(start, _leader(players, start) == 1,
                                                       _leader(players, start) == 0): 1.0}
    wins, clean, swings = [0.0, 0.0], [0.0, 0.0], 0.0
    ended_at = [0.0] * (cap + 1)
    by_ply: list[dict[State, float]] = []  # the chance of each running state at each ply, for the backward sums
    for ply in range(1, cap + 1):
        here: dict[State, float] = {}
        for (s, _, _), p in spread.items():
            here[s] = here.get(s, 0.0) + p
        by_ply.append(here)
        nxt: dict[tuple[State, bool, bool], float] = {}
        for (s, behind0, behind1), p in spread.items():
            for c, w in moves[s]:
                swings += p * w * (_leader(players, s) != _leader(players, c))
                if final(c):
                    who = _leader(players, c)
                    wins[who] += p * w
                    ended_at[ply] += p * w
                    clean[who] += p * w * (not (behind0 if who == 0 else behind1))
                elif running(c) and ply < cap:
                    key = (c, behind0 or _leader(players, c) == 1, behind1 or _leader(players, c) == 0)
                    nxt[key] = nxt.get(key, 0.0) + p * w
        spread = nxt
    won = wins[0] + wins[1]
    if won <= 0:
        return Plain(wins[0], wins[1], 1 - won, None, None, None, None, swings)
    # backward from the cap: with m plies left, the chance to win (g) and to win ahead all the way (h), per player
    g: list[dict[State, float]] = [{}, {}]
    h: list[dict[State, float]] = [{}, {}]
    plies_won = settled = 0.0
    for left in range(1, cap + 1):
        for k in (0, 1):
            g_new, h_new = {}, {}
            for s in moves:
                if not running(s):
                    continue
                total_g = total_h = 0.0
                for c, w in moves[s]:
                    if final(c):
                        total_g += w * (_leader(players, c) == k)
                        total_h += w * (_leader(players, c) == k)
                    else:
                        total_g += w * g[k].get(c, 0.0)
                        total_h += w * h[k].get(c, 0.0)
                g_new[s] = total_g
                h_new[s] = total_h if _leader(players, s) == k else 0.0
            g[k], h[k] = g_new, h_new
            here = by_ply[cap - left]  # ply cap - left leaves `left` plies to the cap
            plies_won += sum(p * g[k].get(s, 0.0) for s, p in here.items())
            settled += sum(p * h[k].get(s, 0.0) for s, p in here.items())
    half, total, median = won / 2, 0.0, None
    for ply, p in enumerate(ended_at):
        total += p
        if median is None and total >= half * (1 - 1e-12):
            median = ply
    return Plain(wins[0], wins[1], 1 - won, plies_won / won, median, (won - clean[0] - clean[1]) / won,
                 1 - settled / plies_won, swings)


@dataclass
class Sampled:
    """Games played out: each measure's estimate and the half-width of its confidence interval (``z`` sigmas)."""

    games: int
    first: tuple[float, float]
    second: tuple[float, float]
    draw: tuple[float, float]
    drama: tuple[float, float] | None
    decisiveness: tuple[float, float] | None
    swings: tuple[float, float]
    ended: np.ndarray  # int per game: the ply of its win, 0 when it was not won
    z: float

    def median_agrees(self, median: int | None) -> bool:
        """The exact median's place among the won games' plies: half the won games over by it, within the
        interval, and fewer than half one ply before."""
        won = self.ended[self.ended > 0]
        if median is None or not won.size:
            return median is None or won.size < 30
        half = self.z * math.sqrt(0.25 / won.size)
        return bool((won <= median).mean() >= 0.5 - half and (won <= median - 1).mean() <= 0.5 + half)


def _mean(values: np.ndarray, z: float) -> tuple[float, float]:
    """A mean and its interval's half-width (a sample that never varies still has the width of one game in it)."""
    size = values.size
    spread = float(values.std(ddof=1)) if size > 1 else 0.0
    return float(values.mean()), z * max(spread, 1 / math.sqrt(size)) / math.sqrt(size)


def sampled_match(players: Players, first: np.ndarray, second: np.ndarray, cap: int, games: int,
                  rng: np.random.Generator, z: float = 4.5) -> Sampled:
    """``games`` games of ``first`` against ``second`` played out at once, each stopped at a win or at ``cap``."""
    g = players.graph
    chances = (first, second)
    totals = [np.concatenate([[0.0], np.cumsum(c)]) for c in chances]
    node = np.full(games, g.start, dtype=np.int64)
    on = np.ones(games, dtype=bool)
    ended = np.zeros(games, dtype=np.int64)
    winner = np.full(games, -1)
    behind = np.zeros((2, games), dtype=bool)
    ahead_since = np.zeros((2, games), dtype=np.int64)  # the ply from which each player has been ahead

    def leader(nodes: np.ndarray, k: int) -> np.ndarray:
        won = g.winner[nodes].astype(np.int64)
        value = players.value[nodes].astype(np.int64)
        return np.where(won >= 0, (k + won) % 2, np.where(value == 1, k, np.where(value == -1, 1 - k, -1)))

    now = leader(node, 0)
    for k in (0, 1):
        behind[k] |= now == 1 - k
        ahead_since[k] = np.where(now == k, 0, 1)
    swings = np.zeros(games)
    for ply in range(1, cap + 1):
        k = (ply - 1) % 2
        live = np.flatnonzero(on)
        if not live.size:
            break
        here = node[live]
        low, high = totals[k][g.indptr[here]], totals[k][g.indptr[here + 1]]
        pick = np.searchsorted(totals[k], low + rng.random(live.size) * (high - low), side="right") - 1
        pick = np.clip(pick, g.indptr[here], g.indptr[here + 1] - 1)
        child = g.indices[pick].astype(np.int64)
        before, after = leader(here, k), leader(child, 1 - k)
        swings[live] += before != after
        node[live] = child
        for j in (0, 1):
            behind[j, live] |= after == 1 - j
            ahead_since[j, live] = np.where(after == j, ahead_since[j, live], ply + 1)
        won = g.winner[child] >= 0
        ended[live[won]] = ply
        winner[live[won]] = after[won]
        on[live[won]] = False
    decided = winner >= 0
    first_won, second_won = (winner == 0).astype(float), (winner == 1).astype(float)
    drama = decisive = None
    if decided.sum() >= 30:
        who = winner[decided]
        drama = _mean(behind[who, np.flatnonzero(decided)].astype(float), z)
        plies = ended[decided].astype(float)
        unsettled = ahead_since[who, np.flatnonzero(decided)].astype(float)
        # a ratio of two means: the delta method's interval
        ratio = unsettled.sum() / plies.sum()
        spread = (unsettled - ratio * plies).std(ddof=1) / plies.mean()
        decisive = (float(ratio), z * max(float(spread), 1 / math.sqrt(plies.size)) / math.sqrt(plies.size))
    return Sampled(games, _mean(first_won, z), _mean(second_won, z), _mean(1 - first_won - second_won, z), drama,
                   decisive, _mean(swings, z), ended * decided, z)
