"""Rules of thumb for a two-player variant: conditions on a move, found by search and measured against the solution.

A **condition** is something a player sees at the table: what a move does
(kills one of their hands, leaves them a kill, evens your hands, ...), read off
the hands before and after it and the opponent's replies (:data:`FEATURES`,
:func:`move_features`). A **rule** is a condition with a side ("prefer moves
that ..." or "avoid moves that ..."), perhaps only when the hands say so
(:data:`WHEN`: you have a dead hand, they have one). A player following a
list of rules starts from every move of the position (moves to the same
position count once) and, rule by rule, keeps the moves the rule allows when
there are any (:func:`follow`); it then picks uniformly among what is left
(:func:`follower`, a :class:`vizgen.ai.players.Player`).

:func:`search_rules` picks the rules greedily: each step adds the rule that
raises most the **kept share**, the mean over the positions where the mover
has a win or a draw to keep of the chance that the rule follower keeps it,
among the rules that are sound alone (their moves keep the value more often
than a random move where they apply), until :data:`MAX_RULES` rules or a step that gains less than :data:`MIN_GAIN`.
:func:`measure_rule` gives one rule's coverage and accuracy alone.
:func:`rule_games` plays the follower from the start against the random and
the perfect player with fixed seeds, beside the plain random player
(:func:`vizgen.ai.games.tournament`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

import numpy as np

from vizgen.ai.games import perfect_player, tournament
from vizgen.ai.players import Shortlist, random_player
from vizgen.analysis.marks import INACCURACY, edge_marks
from vizgen.analysis.solved import Solved
from vizgen.engine.graph import StateGraph

__all__ = [
    "FEATURES",
    "GAMES_PER_SEAT",
    "GAMES_SEED",
    "MAX_RULES",
    "MIN_GAIN",
    "WHEN",
    "Rule",
    "candidates",
    "follow",
    "follower",
    "keeping",
    "measure_rule",
    "move_features",
    "rule_games",
    "search_rules",
    "to_keep",
]

MAX_RULES = 7
"""At most this many rules: a list a person can remember."""
MIN_GAIN = 0.002
"""A rule is added only if it raises the kept share by at least this much (0.2 percentage points)."""
GAMES_PER_SEAT = 200
"""Games of the rule follower (and of the random player) per seat against each opponent."""
GAMES_SEED = 19
"""Seeds the rule follower's games."""

FEATURES: dict[str, str] = {
    "wins": "win at once",
    "kills": "kill one of their hands",
    "self_kill": "empty one of your own hands",
    "revives": "bring one of your dead hands back",
    "gives_win": "let them win with their next move",
    "gives_kill": "let them kill one of your hands with their next move",
    "evens": "make your hands equal",
    "split": "split your own hands (strike them together)",
    "top_mine": "leave you a hand one short of the roll-over number",
    "top_theirs": "leave them a hand one short of the roll-over number",
    "ahead": "leave you more fingers than them",
    "one_reply": "leave them a single reply",
}
"""The conditions on a move, by key, in words (completing "prefer moves that ..." / "avoid moves that ...")."""

WHEN: dict[str, str] = {
    "always": "",
    "my_dead": "when you have a dead hand",
    "their_dead": "when they have a dead hand",
}
"""When a rule applies, by key, in words (on the hands before the move)."""


class RuleData(TypedDict):
    """A rule as plain data (:meth:`Rule.as_dict`): its feature, whether it prefers or avoids it, when, in words."""

    feature: str
    prefer: bool
    when: str
    text: str


class RuleMeasure(TypedDict):
    """One rule measured alone (:func:`measure_rule`)."""

    applies: int
    accuracy: float
    baseline: float
    fails: int
    example: str | None


@dataclass(frozen=True)
class Rule:
    """One rule: prefer (or avoid) the moves that meet ``feature``, when ``when`` holds."""

    feature: str
    prefer: bool
    when: str = "always"

    def text(self) -> str:
        """The rule in words.

        Examples
        --------
        >>> Rule("kills", True).text()
        'Prefer moves that kill one of their hands.'
        >>> Rule("gives_win", False, "my_dead").text()
        'When you have a dead hand, avoid moves that let them win with their next move.'
        """
        body = f"{'prefer' if self.prefer else 'avoid'} moves that {FEATURES[self.feature]}."
        return f"{WHEN[self.when].capitalize()}, {body}" if WHEN[self.when] else body.capitalize()

    def as_dict(self) -> RuleData:
        """The rule as plain data."""
        return RuleData(feature=self.feature, prefer=self.prefer, when=self.when, text=self.text())


def _hand_sets(graph: StateGraph) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per node, the mover's and the opponent's hand-set index; per hand set, live hands, fingers, all equal."""
    _, seats = graph.rules.seats(graph.codes)
    sets = graph.rules.sets
    live = np.array([sum(1 for h in s if h) for s in sets])
    total = graph.rules.fingers
    equal = np.array([len(set(s)) == 1 for s in sets])
    return np.asarray(seats[0]), np.asarray(seats[1]), live, total, equal


def _any(graph: StateGraph, edge_flag: np.ndarray) -> np.ndarray:
    """Per node, whether any of its moves has ``edge_flag``."""
    return np.bincount(graph.sources, weights=edge_flag, minlength=graph.n) > 0


def move_features(graph: StateGraph) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Every condition of :data:`FEATURES` per move, and every one of :data:`WHEN` per position.

    Parameters
    ----------
    graph : StateGraph
        A two-player graph.

    Returns
    -------
    tuple of dict
        Feature key -> bool per edge (aligned with ``graph.indices``); when key -> bool per node.

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> feats, when = move_features(g)
    >>> e = g.indptr[g.node_of(g.rules.parse("11-11"))]  # the start's one move, 1>1 to 12-11
    >>> sorted(k for k, v in feats.items() if v[e])
    []
    """
    src, dst = graph.sources, graph.indices
    mine, theirs, live, total, equal = _hand_sets(graph)
    mine_b, theirs_b, mine_a, theirs_a = mine[src], theirs[src], theirs[dst], mine[dst]
    top = graph.rules.params.r - 1
    # mypy: abs(a Value) gives object
    big = np.array([max(abs(v) for v in s) for s in graph.rules.sets])  # type: ignore[type-var]
    won_by_chooser = graph.winner[dst] == 1  # the chooser sits last at the move's target
    kills = live[theirs_a] < live[theirs_b]
    can_kill = _any(graph, kills)  # per node: its mover can kill a hand of the other player
    can_win = _any(graph, won_by_chooser)
    is_split = np.array([m.kind == "split" for m in graph.rules.moves])[graph.move_ids]
    split = np.maximum.reduceat(is_split, graph.move_ptr[:-1]) if is_split.size else is_split  # any of its moves
    feats = {
        "wins": won_by_chooser,
        "kills": kills,
        "self_kill": live[mine_a] < live[mine_b],
        "revives": live[mine_a] > live[mine_b],
        "gives_win": can_win[dst] & ~graph.terminal[dst],
        "gives_kill": can_kill[dst] & ~graph.terminal[dst],
        "evens": equal[mine_a] & ~equal[mine_b],
        "split": split,
        "top_mine": big[mine_a] == top,
        "top_theirs": big[theirs_a] == top,
        "ahead": total[mine_a] > total[theirs_a],
        "one_reply": (np.diff(graph.indptr)[dst] == 1) & ~graph.terminal[dst],
    }
    hands = graph.rules.params.hands
    when = {"always": np.ones(graph.n, dtype=bool),
            "my_dead": (live[mine] < hands) & (live[mine] > 0),
            "their_dead": (live[theirs] < hands) & (live[theirs] > 0)}
    return feats, when


def keeping(solved: Solved) -> np.ndarray:
    """Per edge, whether the move keeps the mover's value class (its mark is best or an inaccuracy)."""
    return edge_marks(solved) <= INACCURACY


def to_keep(solved: Solved) -> np.ndarray:
    """Per node, whether the mover has a win or a draw to keep and some move throws it away."""
    g = solved.graph
    keep = keeping(solved)
    moving = ~g.terminal & (solved.forced.winner != 1)
    thrown: np.ndarray = moving & (np.bincount(g.sources, weights=~keep, minlength=g.n) > 0)
    return thrown


def follow(graph: StateGraph, rules: list[Rule], feats: dict[str, np.ndarray],
           when: dict[str, np.ndarray]) -> np.ndarray:
    """Per edge, whether the move is left after following ``rules`` in order (see the module's doc)."""
    cand = np.ones(graph.indices.size, dtype=bool)
    for rule in rules:
        meets = feats[rule.feature] if rule.prefer else ~feats[rule.feature]
        ok = cand & meets & when[rule.when][graph.sources]
        cand = np.where(_any(graph, ok)[graph.sources], ok, cand)
    return cand


def _kept_share(graph: StateGraph, cand: np.ndarray, keep: np.ndarray, where: np.ndarray) -> float:
    """Mean over the nodes ``where`` of the share of the candidate moves that keep the value."""
    kept = np.bincount(graph.sources, weights=cand & keep, minlength=graph.n)
    left = np.bincount(graph.sources, weights=cand, minlength=graph.n)
    return float((kept[where] / left[where]).mean()) if where.any() else 1.0


def measure_rule(solved: Solved, rule: Rule, feats: dict[str, np.ndarray], when: dict[str, np.ndarray],
                 keep: np.ndarray | None = None, where: np.ndarray | None = None) -> RuleMeasure:
    """One rule alone, over the positions where the mover has a win or a draw that some move throws away.

    Returns
    -------
    dict
        ``applies`` (positions where the rule holds and allows some moves but not all), ``accuracy`` (the mean share
        of the moves it allows that keep the value there), ``baseline`` (the same over all moves: a random move),
        ``fails`` (positions where no move it allows keeps the value) and ``example`` (the first such, by notation).
        ``keep`` and ``where`` (:func:`keeping`, :func:`to_keep`) are computed when not given.
    """
    g = solved.graph
    keep = keeping(solved) if keep is None else keep
    where = to_keep(solved) if where is None else where
    meets = (feats[rule.feature] if rule.prefer else ~feats[rule.feature])
    applies = where & when[rule.when] & _any(g, meets) & _any(g, ~meets)
    accuracy = _kept_share(g, meets, keep, applies)
    baseline = _kept_share(g, np.ones_like(meets), keep, applies)
    fails = applies & ~_any(g, meets & keep)
    example = min(g.rules.notations(g.code_of(np.flatnonzero(fails))), default=None)
    return RuleMeasure(applies=int(applies.sum()), accuracy=accuracy, baseline=baseline, fails=int(fails.sum()),
                       example=example)


def candidates() -> list[Rule]:
    """Every rule :func:`search_rules` considers, in the order it ranks ties (the first wins).

    Examples
    --------
    >>> rules = candidates()
    >>> len(rules) == 2 * len(FEATURES) * len(WHEN), rules[0].text(), rules[1].text()
    (True, 'Prefer moves that win at once.', 'Avoid moves that win at once.')
    """
    return [Rule(f, p, w) for w in WHEN for f in FEATURES for p in (True, False)]


def search_rules(solved: Solved) -> tuple[list[Rule], list[float]]:
    """Pick the rules greedily (the module's doc); the kept share with no rule, then after each rule.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> rules, shares = search_rules(solve_variant(resolve("standard")))
    >>> 1 <= len(rules) <= MAX_RULES and all(b > a for a, b in zip(shares, shares[1:]))
    True
    >>> search_rules(solve_variant(resolve("r2")))  # one move everywhere: nothing to choose
    ([], [1.0])
    """
    g = solved.graph
    feats, when = move_features(g)
    keep, where = keeping(solved), to_keep(solved)
    chosen: list[Rule] = []
    shares = [_kept_share(g, np.ones(g.indices.size, dtype=bool), keep, where)]
    pool = [r for r in candidates()
            if (alone := measure_rule(solved, r, feats, when, keep, where))["accuracy"] > alone["baseline"]]
    while len(chosen) < MAX_RULES:
        scored = [(_kept_share(g, follow(g, [*chosen, r], feats, when), keep, where), -i, r)
                  for i, r in enumerate(pool) if r not in chosen]
        if not scored:
            break
        share, _, best = max(scored, key=lambda t: (t[0], t[1]))
        if share - shares[-1] < MIN_GAIN:
            break
        chosen.append(best)
        shares.append(share)
    return chosen, shares


def follower(graph: StateGraph, rules: list[Rule]) -> Shortlist:
    """The player who follows ``rules``: uniform among each position's moves that the rules leave (:func:`follow`).

    Examples
    --------
    >>> from vizgen.engine.graph import enumerate_graph
    >>> from vizgen.engine.spec import resolve
    >>> g = enumerate_graph(resolve("standard"))
    >>> plain = follower(g, [])  # no rule: every move, as the random player
    >>> bool((plain.ptr == g.indptr).all() and (plain.children == g.indices).all())
    True
    """
    feats, when = move_features(graph)
    cand = follow(graph, rules, feats, when)
    ptr = np.zeros(graph.n + 1, dtype=np.int64)
    np.cumsum(np.bincount(graph.sources, weights=cand, minlength=graph.n).astype(np.int64), out=ptr[1:])
    return Shortlist(ptr, graph.indices[cand])


def rule_games(solved: Solved, rules: list[Rule], games_per_seat: int = GAMES_PER_SEAT,
               seed: int = GAMES_SEED) -> dict[str, dict[str, int]]:
    """The rule follower and the plain random player from the start against the random and the perfect player.

    Each pairing is a :func:`vizgen.ai.games.tournament` of ``games_per_seat`` games with the player measured
    first and as many second, with no random opening, seeded with ``seed`` (the same seed, the same games).

    Returns
    -------
    dict
        ``"rules-random"``, ``"rules-perfect"``, ``"random-random"``, ``"random-perfect"``: ``wins``, ``draws``,
        ``losses`` of the player measured, and ``games``.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> out = rule_games(solved, [], games_per_seat=3)
    >>> out["rules-perfect"] == out["random-perfect"]  # no rule: the follower is the random player
    True
    """
    g = solved.graph
    chance, perfect = random_player(g), perfect_player(g, solved.forced)
    out = {}
    for name, player in (("rules", follower(g, rules)), ("random", chance)):
        for other_name, other in (("random", chance), ("perfect", perfect)):
            score, _ = tournament(g, player, other, games_per_seat, seed, opening=0)
            out[f"{name}-{other_name}"] = {key: score[key] for key in ("wins", "draws", "losses", "games")}
    return out
