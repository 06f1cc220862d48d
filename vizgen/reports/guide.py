"""How to play it: what the exact solution of a two-player variant teaches (issue #19).

:func:`guide` reads a solved two-player variant and returns plain data:

- ``verdict``: who wins from the start with perfect play, in how many plies, and
  the room for error: of the positions met when both players play optimal
  moves (:func:`vizgen.analysis.solved.best_edges`), how many have more than one
  move that keeps the value.
- ``must_find``: every position with more than one move (moves to the same
  position count once) where exactly one keeps the mover's win or draw
  (:func:`vizgen.reports.rules_of_thumb.keeping`: its mark is best or an inaccuracy),
  ranked by ``reach``, the share of practice games that pass through it
  (:func:`reach`), with the only move and what each other move leads to.
- ``traps``: the value-keeping moves that leave the opponent the largest share
  of losing replies (mistakes and blunders for them, :mod:`vizgen.analysis.marks`),
  with the chance a random or a depth-1 max^n opponent falls in and the tricky
  player's two-round figure (:func:`vizgen.ai.tricky.trap_chances`); and ``lures``:
  the moves the depth-1 and depth-2 max^n players (live fingers) choose that
  throw the value away.
- ``rules``: rules of thumb with their coverage and accuracy, and the rule
  follower's games (:mod:`vizgen.reports.rules_of_thumb`).
- ``lines``: the longest forced win from any position and, when the start is won
  or lost, the perfect game from the start, move by move.

:func:`guide_figures` keeps the result per rule set in the cache (:class:`vizgen.util.cache.Cache`).
"""

from __future__ import annotations

import itertools
from typing import TypedDict

import numpy as np

from vizgen.ai.games import OPENING, perfect_player, play
from vizgen.ai.maxn import maxn_player, notation_rank
from vizgen.ai.players import Player, Policy, random_player
from vizgen.ai.tricky import trap_chances
from vizgen.analysis import words
from vizgen.analysis.marks import BEST, INACCURACY, edge_marks
from vizgen.analysis.solved import Solved, best_edges
from vizgen.analysis.stored import solve_stored
from vizgen.engine.params import estimate_positions
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.reports import rules_of_thumb
from vizgen.util import sizes
from vizgen.util.cache import Cache, Entry, code_version
from vizgen.util.text import format_count

__all__ = [
    "REACH_DEPTHS",
    "REACH_GAMES",
    "REACH_SEED",
    "TOP",
    "Choice",
    "Games",
    "Guide",
    "GuideFigures",
    "GuideRule",
    "Line",
    "Lure",
    "MustFind",
    "OtherMove",
    "Reach",
    "Step",
    "Trap",
    "Value",
    "Verdict",
    "guide",
    "guide_figures",
    "not_taught",
    "reach",
]

CODE = ("util", "engine", "analysis", "ai", "reports/guide.py", "reports/rules_of_thumb.py")
"""The code that computes a guide (the cache's program version)."""
REACH_DEPTHS = (1, 2, 3)
"""The max^n depths of the practice players (with the random player)."""
REACH_GAMES = 25
"""Practice games per ordered pair of practice players."""
REACH_SEED = 17
"""Seeds the practice games."""
TOP = 12
"""Traps and lures listed (every must-find position is listed)."""


class Value(TypedDict):
    """A position's value for the player to move there: in words, and its verdict's key."""

    value: str
    value_code: str


class Choice(TypedDict):
    """What a move means for the player who chose it: in words, and its choice's key."""

    means: str
    means_code: str


class Verdict(Value):
    """The start's value and how much room perfect play from it leaves (:func:`guide`'s ``verdict``)."""

    start: str
    winner: int
    plies: int
    met: int
    room: int
    narrow: int
    forced: int


class OtherMove(Choice):
    """A move that throws the value away at a must-find position, and where it leads."""

    move: str
    to: str


class MustFind(Value, Choice):
    """A position where exactly one move keeps the value: the move, where it leads and the others."""

    position: str
    reach: float
    move: str
    to: str
    others: list[OtherMove]


class Trap(Choice):
    """A value-keeping move into a position where some replies lose the opponent's value."""

    position: str
    move: str
    to: str
    reach: float
    replies: int
    losing: int
    share: float
    depth1_falls: bool
    two_rounds: float


class Lure(Value, Choice):
    """A move max^n at depth 1 or 2 chooses that throws the value away, its mark and the move that keeps it."""

    position: str
    move: str
    to: str
    mark: str
    reach: float
    depths: list[int]
    better: str


class Step(Value):
    """A ply of a perfect line: the position, the move played (None at the end) and how many moves keep it."""

    position: str
    move: str | None
    to: str | None
    keeping: int
    moves: int


Line = TypedDict("Line", {"kind": str, "from": str, "plies": int, "steps": list[Step]})
"""A perfect line (``kind`` ``longest`` or ``start``): the position it starts from, its plies and every step."""


class Reach(TypedDict):
    """How the practice games that measure reach were played: the players, games per pairing, pairs, opening, seed."""

    players: list[str]
    games: int
    pairs: int
    opening: int
    seed: int


class Games(TypedDict):
    """How the rule follower's games were played: games per seat and the seed."""

    per_seat: int
    seed: int


class GuideRule(rules_of_thumb.RuleData, rules_of_thumb.RuleMeasure):
    """A rule of thumb as the guide lists it: the rule, its measure and the share kept once it is added."""

    share_after: float


class Guide(TypedDict):
    """Everything :func:`guide` says about a solved two-player variant."""

    verdict: Verdict
    reach: Reach
    must_find: list[MustFind]
    traps: list[Trap]
    lures: list[Lure]
    rules: list[GuideRule]
    rules_base: float
    rules_positions: int
    rule_games: dict[str, dict[str, int]]
    games: Games
    lines: list[Line]


class GuideFigures(Guide):
    """:func:`guide_figures`: :class:`Guide` with the variant's spec, slug and title."""

    spec: str
    slug: str
    title: str


def reach(solved: Solved, games: int = REACH_GAMES, seed: int = REACH_SEED) -> np.ndarray:
    """Per position, the share of practice games from the start that pass through it with a move to make.

    The practice players are the random player and max^n at :data:`REACH_DEPTHS` (the paper's heuristic: live
    fingers): good players that are not perfect. Every ordered pair plays ``games`` games, each opening with
    :data:`vizgen.ai.games.OPENING` random plies (so the deterministic players meet different games).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> share = reach(solved, games=2)
    >>> float(share[solved.graph.start]), bool(share[solved.graph.terminal].max() == 0)
    (1.0, True)
    """
    g = solved.graph
    pool: list[Player] = [random_player(g), *(maxn_player(g, d) for d in REACH_DEPTHS)]
    rng = np.random.default_rng(seed)
    seen = np.zeros(g.n)
    total = 0
    for first in pool:
        for second in pool:
            for _ in range(games):
                _, path = play(g, [first, second], rng, opening=OPENING)
                seen[np.unique(path)] += 1
                total += 1
    return seen / total


def _value(solved: Solved, node: int) -> Value:
    """The position's value for the player to move there: ``value`` in words, ``value_code`` its verdict's key
    (:data:`vizgen.analysis.meaning.VERDICTS`), which a page reads its class from."""
    f, g = solved.forced, solved.graph
    code = words.verdicts(2, f.winner[[node]], g.terminal[[node]])[0]
    return {"value": words.say(code, int(f.remoteness[node]), int(f.winner[node])),
            "value_code": words.VERDICTS[code].key}


def _choice(solved: Solved, child: int) -> Choice:
    """What a move to ``child`` means for the player who chose it: ``means`` in words, ``means_code`` its choice's
    key (:data:`vizgen.analysis.meaning.CHOICES`)."""
    f, g = solved.forced, solved.graph
    code, n, k = words.choices(2, f.winner[[child]], g.terminal[[child]], f.remoteness[[child]])
    return {"means": words.say_choice(int(code[0]), int(n[0]), int(k[0])), "means_code": words.CHOICES[code[0]].key}


class _View:
    """A solved two-player variant with what the guide reads often."""

    def __init__(self, solved: Solved) -> None:
        g = self.g = solved.graph
        self.solved = solved
        self.names = g.notations()
        self.marks = edge_marks(solved)
        self.keep = self.marks <= INACCURACY
        self.moves = [names[0] for names in g.edge_notations]
        self.kept = np.bincount(g.sources, weights=self.keep, minlength=g.n).astype(int)
        self.degree = np.diff(g.indptr)

    def edge(self, node: int, child: int) -> int:
        lo = int(self.g.indptr[node])
        return lo + int(np.searchsorted(self.g.successors(node), child))


def _verdict(v: _View) -> Verdict:
    g, f = v.g, v.solved.forced
    best = best_edges(v.solved)
    met = np.zeros(g.n, dtype=bool)
    met[g.start] = True
    frontier = [g.start]
    while frontier:
        node = frontier.pop()
        for e in range(int(g.indptr[node]), int(g.indptr[node + 1])):
            child = int(g.indices[e])
            if best[e] and not met[child]:
                met[child] = True
                frontier.append(child)
    moving = met & ~g.terminal
    winner = int(f.winner[g.start])
    return {"start": v.names[g.start], "winner": winner, "plies": int(f.remoteness[g.start]),
            **_value(v.solved, g.start), "met": int(moving.sum()),
            "room": int((moving & (v.kept > 1)).sum()), "narrow": int((moving & (v.kept == 1) & (v.degree > 1)).sum()),
            "forced": int((moving & (v.degree == 1)).sum())}


def _must_find(v: _View, share: np.ndarray) -> list[MustFind]:
    g, f = v.g, v.solved.forced
    nodes = np.flatnonzero(~g.terminal & (f.winner != 1) & (v.kept == 1) & (v.degree > 1))
    out: list[MustFind] = []
    for node in sorted(nodes.tolist(), key=lambda n: (-share[n], v.names[n])):
        edges = range(int(g.indptr[node]), int(g.indptr[node + 1]))
        only = next(e for e in edges if v.keep[e])
        others: list[OtherMove] = [{"move": v.moves[e], "to": v.names[g.indices[e]],
                                    **_choice(v.solved, int(g.indices[e]))} for e in edges if e != only]
        out.append({"position": v.names[node], **_value(v.solved, node), "reach": float(share[node]),
                    "move": v.moves[only], "to": v.names[g.indices[only]],
                    **_choice(v.solved, int(g.indices[only])), "others": others})
    return out


def _traps(v: _View, share: np.ndarray) -> list[Trap]:
    """Value-keeping moves into positions where some replies lose the opponent's value, most such replies first."""
    g = v.g
    bad = np.bincount(g.sources, weights=v.marks > INACCURACY, minlength=g.n)
    ratio = np.where(v.degree > 0, bad / np.maximum(v.degree, 1), 0.0)
    greedy = maxn_player(g, 1).moves
    two = trap_chances(v.solved)
    rows: list[Trap] = []
    draw = v.solved.forced.winner[g.sources] < 0  # a trap set from a draw: a win or a loss has nothing to gain
    for e in np.flatnonzero(v.keep & draw & (ratio[g.indices] > 0) & (share[g.sources] > 0)).tolist():
        node, child = int(g.sources[e]), int(g.indices[e])
        falls = bool(v.marks[v.edge(child, int(greedy[child]))] > INACCURACY)
        rows.append({"position": v.names[node], "move": v.moves[e], "to": v.names[child],
                     "reach": float(share[node]), "replies": int(v.degree[child]), "losing": int(bad[child]),
                     "share": float(ratio[child]), "depth1_falls": falls, "two_rounds": float(two[child]),
                     **_choice(v.solved, child)})
    rows.sort(key=lambda r: (-r["share"], -r["reach"], r["position"], r["move"]))
    return rows


def _lures(v: _View, share: np.ndarray) -> list[Lure]:
    """Positions where max^n at depth 1 or 2 chooses a move that throws the value away, most reached first."""
    g = v.g
    picks = {d: maxn_player(g, d).moves for d in (1, 2)}
    rows: dict[tuple[int, int], Lure] = {}
    for d, choice in picks.items():
        for node in np.flatnonzero(~g.terminal).tolist():
            e = v.edge(node, int(choice[node]))
            if v.marks[e] > INACCURACY:
                row = rows.setdefault((node, e), {
                    "position": v.names[node], "move": v.moves[e], "to": v.names[g.indices[e]],
                    **_value(v.solved, node), **_choice(v.solved, int(g.indices[e])),
                    "mark": words.MARKS[int(v.marks[e])].key, "reach": float(share[node]), "depths": [],
                    "better": v.moves[next(x for x in range(int(g.indptr[node]), int(g.indptr[node + 1]))
                                           if v.marks[x] == BEST)]})
                row["depths"].append(d)
    return sorted(rows.values(), key=lambda r: (-r["reach"], r["position"], r["move"]))


def _line(v: _View, node: int, perfect: Policy) -> list[Step]:
    """The perfect game from ``node`` (a forced win or loss) to its end: every ply with the mover's value and the
    moves that keep it."""
    end, path = play(v.g, [perfect, perfect], start=node, cap=int(v.solved.forced.remoteness[node]))
    assert end.reason == "won", end  # a forced win is played out in its remoteness and never repeats a position
    nodes = [*path, perfect.choose(path[-1], None)] if path else [node]
    steps: list[Step] = [{"position": v.names[here], **_value(v.solved, here), "move": v.moves[v.edge(here, there)],
              "to": v.names[there], "keeping": int(v.kept[here]), "moves": int(v.degree[here])}
             for here, there in itertools.pairwise(nodes)]
    steps.append({"position": v.names[nodes[-1]], **_value(v.solved, nodes[-1]), "move": None, "to": None,
                  "keeping": 0, "moves": 0})
    return steps


def _lines(v: _View) -> list[Line]:
    g, f = v.g, v.solved.forced
    perfect = perfect_player(g, f, notation_rank(g))
    out: list[Line] = []
    wins = np.flatnonzero((f.winner == 0) & ~g.terminal)
    if wins.size:
        top = int(f.remoteness[wins].max())
        node = min((int(n) for n in wins if f.remoteness[n] == top), key=lambda n: v.names[n])
        out.append({"kind": "longest", "from": v.names[node], "plies": top, "steps": _line(v, node, perfect)})
    if f.winner[g.start] >= 0:
        out.append({"kind": "start", "from": v.names[g.start], "plies": int(f.remoteness[g.start]),
                    "steps": _line(v, g.start, perfect)})
    return out


def not_taught(variant: Variant) -> str | None:
    """Why ``variant`` gets no guide, in one sentence; None when it gets one (two players, at most
    :data:`vizgen.util.sizes.GUIDE_MAX_POSITIONS` possible positions: known before anything is solved).

    Examples
    --------
    >>> not_taught(resolve("standard")) is None
    True
    >>> not_taught(resolve("three-players"))
    'the guide is for two-player variants; this one has 3 players'
    """
    if variant.params.players != 2:
        return f"the guide is for two-player variants; this one has {variant.params.players} players"
    possible = estimate_positions(variant.params)
    if possible > sizes.GUIDE_MAX_POSITIONS:
        return (f"the guide is computed for variants of at most {format_count(sizes.GUIDE_MAX_POSITIONS)} "
                "possible positions; "
                f"this one has {format_count(possible)}")
    return None


def guide(solved: Solved) -> Guide:
    """Everything the guide says about a solved two-player variant, as plain data (the module's doc).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> data = guide(solve_variant(resolve("r2")))
    >>> data["verdict"]["winner"], data["verdict"]["plies"], data["must_find"]
    (0, 3, [])
    """
    g = solved.graph
    why = not_taught(solved.variant)
    if why is not None:
        raise ValueError(why)
    v = _View(solved)
    share = reach(solved)
    feats, when = rules_of_thumb.move_features(g)
    chosen, shares = rules_of_thumb.search_rules(solved)
    rules: list[GuideRule] = [{**r.as_dict(), **rules_of_thumb.measure_rule(solved, r, feats, when),
                               "share_after": after} for r, after in zip(chosen, shares[1:])]
    return {
        "verdict": _verdict(v),
        "reach": {"players": ["random", *(f"max-n depth {d}" for d in REACH_DEPTHS)], "games": REACH_GAMES,
                  "pairs": (1 + len(REACH_DEPTHS)) ** 2, "opening": OPENING, "seed": REACH_SEED},
        "must_find": _must_find(v, share),
        "traps": _traps(v, share)[:TOP],
        "lures": _lures(v, share),
        "rules": rules, "rules_base": shares[0], "rules_positions": int(rules_of_thumb.to_keep(solved).sum()),
        "rule_games": rules_of_thumb.rule_games(solved, chosen),
        "games": {"per_seat": rules_of_thumb.GAMES_PER_SEAT, "seed": rules_of_thumb.GAMES_SEED},
        "lines": _lines(v),
    }


def guide_figures(spec: str | Variant, cache: Cache | None = None, solved: Solved | None = None) -> GuideFigures:
    """The guide of one two-player variant, from the cache or computed (and cached).

    Parameters
    ----------
    spec : str or Variant
        The variant, as a spec or already resolved (a variant file is read once, where it was given).
    cache : Cache, optional
        Where guides are kept (:class:`vizgen.util.cache.Cache`; none when None).
    solved : Solved, optional
        The variant already solved.

    Returns
    -------
    dict
        :func:`guide`'s data, as read back from JSON, with the variant's ``spec``, ``slug`` and ``title``
        (the cache is keyed by the rules alone).
    """
    variant = solved.variant if solved is not None else spec if isinstance(spec, Variant) else resolve(spec)
    def compute() -> Entry:
        return Entry(data=guide(solved if solved is not None else solve_stored(variant, cache)))

    entry = (cache or Cache(None)).fetch("guide", variant.params.as_dict(), code_version(*CODE), compute,
                                         lambda e: None if isinstance(e.data, dict) else "not a guide")
    data: Guide = entry.data  # as read back from JSON
    figures: GuideFigures = {**data, "spec": variant.spec, "slug": variant.slug, "title": variant.title}
    return figures
