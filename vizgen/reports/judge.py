"""Which rule set makes the better game: the game-design measures (#46), computed exactly (docs/JUDGE.md).

Two players facing each other, each choosing a move with known chances (the
random player, a softmax player of :data:`vizgen.reports.puzzle_rating.LADDER`,
the perfect player), make an absorbing Markov chain over the states (position,
which player is to move). :func:`match` carries its distribution forward ply
by ply, exactly, over the game as the site plays it (a draw after
:data:`vizgen.engine.ending.PLY_CAP` plies): the chance of each outcome, the
median plies of a won game, how often the eventual winner was losing by the
exact value (drama), how many moves change the exact value (swings) and how
much of a won game is played before its result is settled (decisiveness).
:func:`outcomes` solves the chain without the cap (one sparse linear solve):
random play's shares there are ``vizgen stats``'s. :func:`skill_depth` climbs
the ladder; :func:`judge` gathers the measures of one rule set.

A game ends when a player wins; it is drawn when it reaches a state from
which the two players' moves can no longer reach a final position (they would
go round for ever), or after the cap. The repetition rule is left out: it
needs a game's history, which no chain over positions holds (docs/RULINGS.md,
"Judging a rule set").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, TypedDict

import numpy as np

from vizgen.ai.games import perfect_player
from vizgen.analysis.sweep import SPACE_BOOLS, SWAPS, Base, space_overrides
from vizgen.engine.ending import PLY_CAP
from vizgen.engine.graph import StateGraph
from vizgen.engine.kernel import Chain, chain_build, chain_plies
from vizgen.engine.params import ATTACKS, HALVESIES, OVERFLOWS, Params, VariantError
from vizgen.engine.solve import Forced
from vizgen.engine.variants import Variant
from vizgen.reports.puzzle_rating import LADDER, choice_chances, move_scores
from vizgen.util import sizes
from vizgen.util.text import quote

__all__ = ["BRIEF", "DEPTH_SHARE", "JUDGE_LEGEND", "MEASURES", "MIDDLE", "PLAYERS", "Match", "Players",
           "games_nearby", "judge", "judge_brief", "judge_lines", "judge_rule_set", "match", "nearby_in_space",
           "outcomes", "skill_depth"]

DEPTH_SHARE = 0.6
"""A ladder level counts towards the skill depth when it scores at least this share against the level below."""

MIDDLE = len(LADDER) // 2
"""The middle of the softmax ladder (:data:`LADDER` index 4: looks two plies ahead, sharply)."""


@dataclass(frozen=True)
class Match:
    """The exact result of a game between two players from the start (first: the player who moves first).

    Attributes
    ----------
    first, second, draw : float
        The chance that the first player wins, that the second wins, that nobody does (a draw).
    mean_plies : float or None
        The mean plies of a won game (None when no game is won).
    median_plies : int or None
        The median plies of a won game: the fewest plies by which at least half the won games are over.
    drama : float or None
        Of the won games, the share in which the eventual winner stood at some position lost for them by the exact
        value.
    decisiveness : float or None
        Over the won games, the plies played before the result is settled (from that ply to the end every position
        is won for the eventual winner by the exact value) as a share of the plies played.
    swings : float
        The expected number of moves of a game that change the exact value (who can force a win, or nobody).
    """

    first: float
    second: float
    draw: float
    mean_plies: float | None
    median_plies: int | None
    drama: float | None
    decisiveness: float | None
    swings: float

    @property
    def balance(self) -> float:
        """The first player's score less the second's (a win 1, a draw a half each): -1 to 1.

        Examples
        --------
        >>> Match(0.5, 0.3, 0.2, None, None, None, None, 0.0).balance
        0.2
        """
        return self.first - self.second



@dataclass(frozen=True)
class Players:
    """The chances of every move for each kind of player over one graph, and the exact value of every position.

    Attributes
    ----------
    graph : StateGraph
        The two-player graph.
    value : numpy.ndarray
        int8 per position for the player to move: 1 win, -1 loss, 0 neither can force a win.
    random, perfect : numpy.ndarray
        float64 chance of each edge for the random player and the perfect player (1 on its move).
    ladder : list of numpy.ndarray
        The chance of each edge for each :data:`LADDER` player, weakest first (empty where not computed).
    """

    graph: StateGraph
    value: np.ndarray
    random: np.ndarray
    perfect: np.ndarray
    ladder: list[np.ndarray]

    @classmethod
    def of(cls, graph: StateGraph, forced: Forced, ladder: bool = True) -> Players:
        """Every player's move chances on ``graph`` solved as ``forced`` (the ladder's only if ``ladder``)."""
        moves = perfect_player(graph, forced).moves
        perfect = (graph.indices == moves[graph.sources]).astype(np.float64)
        random = 1.0 / np.diff(graph.indptr)[graph.sources]
        chances: list[np.ndarray] = []
        if ladder:
            from vizgen.ai.maxn import maxn_levels

            levels = list(maxn_levels(graph, max(p.depth for p in LADDER)))
            chances = [choice_chances(graph, move_scores(graph, levels[max(p.depth - 1, 0)]), p.sharpness)
                       for p in LADDER]
        return cls(graph, forced.value, random, perfect, chances)


def _chain(players: Players, first: np.ndarray, second: np.ndarray) -> Chain | Match:
    """The live part of the chain of ``first`` (moving first) against ``second``
    (:func:`vizgen.engine.kernel.chain_build`), or the match already when the start is final or drawn."""
    graph = players.graph
    chain = chain_build(graph.indptr, graph.indices, graph.winner, players.value, first, second, graph.start)
    if chain is not None:
        return chain
    won = int(graph.winner[graph.start])  # from the first player, who moves at the start
    return Match(float(won == 0), float(won == 1), float(won < 0), None, None, None, None, 0.0)


def outcomes(players: Players, first: np.ndarray, second: np.ndarray) -> tuple[float, float, float]:
    """The chance that ``first`` (moving first) wins, that ``second`` wins, and that the game never ends, without
    a ply cap (one sparse linear solve over the live states).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> p = Players.of(solved.graph, solved.forced, ladder=False)
    >>> [round(x, 6) for x in outcomes(p, p.random, p.random)]
    [0.508832, 0.491168, 0.0]
    """
    import scipy.sparse as sp
    from scipy.sparse.linalg import splu

    chain = _chain(players, first, second)
    if isinstance(chain, Match):
        return chain.first, chain.second, chain.draw
    size = chain.states.size
    q = sp.csr_matrix((chain.chances, chain.indices, chain.indptr), shape=(size, size))
    system = splu((sp.identity(size, format="csc") - q).tocsc())
    wins = [float(np.clip(system.solve(chain.absorb[k])[chain.at], 0.0, 1.0)) for k in (0, 1)]
    return wins[0], wins[1], float(np.clip(1.0 - wins[0] - wins[1], 0.0, 1.0))


def match(players: Players, first: np.ndarray, second: np.ndarray, cap: int = PLY_CAP,
          measures: bool = True) -> Match:
    """The exact result of ``first`` (moving first) against ``second``, both given as chances per edge, in games
    stopped as draws after ``cap`` plies.

    The chain's states are (position, whose turn): ``node`` with the first player to move, ``n + node`` with the
    second. Its distribution is carried forward ply by ply in the compiled kernel
    (:func:`vizgen.engine.kernel.chain_plies`), with what each measure needs beside it: the games in which a
    player has never been behind yet (drama) and the plies each player has been ahead without a break until now
    (decisiveness), weighed by their chance.

    Parameters
    ----------
    players : Players
        The graph and its exact values.
    first, second : numpy.ndarray
        float64 per edge: each player's chance of taking it (each position's moves add up to 1).
    cap : int
        The plies after which a game stops as a draw (the site's :data:`vizgen.engine.ending.PLY_CAP`).
    measures : bool
        False: the outcome's shares and the plies only (a fifth of the work), drama and decisiveness None.

    Returns
    -------
    Match
        The outcome shares and the measures of the games.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> p = Players.of(solved.graph, solved.forced, ladder=False)
    >>> m = match(p, p.random, p.random)
    >>> round(m.first, 4), round(m.draw, 6), m.median_plies
    (0.5088, 5.5e-05, 20)
    >>> match(p, p.perfect, p.perfect).draw  # perfect play draws the standard game
    1.0
    """
    chain = _chain(players, first, second)
    if isinstance(chain, Match):
        return chain
    sums, won_by_ply = chain_plies(chain, cap, measures)
    wins, clean_wins, settled, swings = sums[0:2], sums[2:4], sums[4:6], float(sums[6])
    won = float(wins.sum())
    first_wins, second_wins = (float(np.clip(w, 0.0, 1.0)) for w in wins)
    draw = float(np.clip(1.0 - first_wins - second_wins, 0.0, 1.0))
    if won <= 0.0:
        return Match(first_wins, second_wins, draw, None, None, None, None, swings)
    plies_won = float((np.arange(cap + 1) * won_by_ply).sum())
    median = int(np.searchsorted(np.cumsum(won_by_ply), won / 2 * (1 - 1e-12)))
    if not measures:
        return Match(first_wins, second_wins, draw, plies_won / won, median, None, None, swings)
    return Match(first_wins, second_wins, draw, plies_won / won, median,
                 float(np.clip((won - clean_wins.sum()) / won, 0.0, 1.0)),
                 float(np.clip(1.0 - settled.sum() / plies_won, 0.0, 1.0)), swings)


def skill_depth(players: Players, share: float = DEPTH_SHARE) -> tuple[int, list[int]]:
    """The skill chain up the ladder (Lantz et al.): from the random player, the weakest next level that scores at
    least ``share`` against the chain's last (a win 1, a draw a half, both seats counted equally, games stopped at
    the cap as :func:`match` plays them).

    Returns
    -------
    tuple of (int, list of int)
        The chain's length less one (0 when no level beats the random player so) and its levels (LADDER indices).
    """
    chain = [0]
    ladder = players.ladder
    for level in range(1, len(ladder)):
        low, high = ladder[chain[-1]], ladder[level]
        up, down = match(players, high, low, measures=False), match(players, low, high, measures=False)
        score = (up.first + up.draw / 2 + down.second + down.draw / 2) / 2
        if score >= share:
            chain.append(level)
    return len(chain) - 1, chain



class Complexity(TypedDict, total=False):
    """The size of a judged game: positions, moves, moves a position, and the games one rule change makes."""

    positions: int
    moves: int
    moves_per_position: float
    nearby: dict[str, int] | None


class RandomPlay(TypedDict):
    """Each seat's chance to win under random play, with no ply cap, and the chance the game never ends."""

    seats: list[float]
    never_ends: float


class SkillDepth(TypedDict):
    """The skill chain's length and its links, by the ladder's names."""

    levels: int
    chain: list[str]


class _JudgedHead(TypedDict):
    spec: str
    title: str
    players: int
    cap: int
    complexity: Complexity
    skipped: dict[str, str]


class Judged(_JudgedHead, total=False):
    """``vizgen judge --json``'s object: what is judged of any rule set, and the measures that fit it
    (``skipped`` names each one left out, with the reason)."""

    measures: dict[str, dict[str, float | int | None]]
    random_play: RandomPlay
    skill_depth: SkillDepth


PLAYERS = {"random": "uniformly at random", "middle": f"the softmax ladder's middle: {LADDER[MIDDLE].name}",
           "perfect": "perfectly"}
"""The players a rule set is judged under (each plays itself): how each chooses its moves, in words."""

MEASURES = {
    "balance": ("balance", "the first player's score less the second's (win 1, draw 1/2): 0 is fair, + favours "
                "who starts", "points"),
    "drawishness": ("drawishness", "the chance nobody wins (going round for ever, or not won by the cap)", "chance"),
    "duration": ("duration", "the median length of a won game: half are over by then", "plies"),
    "decisiveness": ("decisiveness", "how far into a won game the result is settled for good: low is decided early",
                     "share"),
    "drama": ("drama", "the share of won games in which the winner was once losing (by the exact value)", "share"),
    "swings": ("swings", "moves a game that change who can force a win (or that nobody can)", "moves"),
}
"""Each measure of a play: its name, what it means for a group choosing rules, and its unit (docs/JUDGE.md)."""

BRIEF = ("balance", "drawishness", "duration")
"""The measures a sweep's line shows under each player (:func:`judge_brief`), with the skill depth."""

JUDGE_LEGEND = [
    f"judged: each player plays itself ({'; '.join(f'{who} play: {how}' for who, how in PLAYERS.items())}); "
    f"a game nobody has won by {PLY_CAP} plies is a draw",
    *(f"  {MEASURES[name][0]} ({MEASURES[name][2]}): {MEASURES[name][1]}" for name in BRIEF),
    f"  skill depth (levels): the softmax ladder's levels, each beating the one below {DEPTH_SHARE * 100:g} % or more",
    "  every measure of one rule set: vizgen judge SPEC (docs/JUDGE.md)",
]
"""What ``vizgen sweep --judge``'s short form means, said once above its lines."""


@cache
def _record_games() -> tuple[np.ndarray, np.ndarray]:
    """The r = 5 rule space's record (:mod:`vizgen.reports.space`): its combinations, ascending, and their games."""
    from vizgen.reports.space import load_record

    record = load_record()
    return np.asarray(record["index"], dtype=np.int64), np.asarray(record["game"], dtype=np.int64)


def space_index(params: Params) -> int | None:
    """The combination of the r = 5 rule space that ``params`` are (:func:`~vizgen.analysis.sweep.space_overrides`),
    or None when they are not one of the space's (another player count, hands, r, start or house rule).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> space_index(resolve("standard").params), space_index(resolve("standard:r=7").params)
    (6, None)
    """
    try:
        swaps = SWAPS.index((params.swaps, params.swap_count if params.swaps else "row"))
        rest = ((OVERFLOWS.index(params.overflow) * len(ATTACKS) + ATTACKS.index(params.attack)) * len(HALVESIES)
                + HALVESIES.index(params.halvesies)) * len(SWAPS) + swaps
    except ValueError:
        return None
    index = rest << len(SPACE_BOOLS) | sum(bool(getattr(params, name)) << k for k, name in enumerate(SPACE_BOOLS))
    try:
        same = Base.of("standard").rule_set(space_overrides(index)).params == params
    except VariantError:
        return None
    return index if same else None


def _one_swap_change(a: tuple[int, str], b: tuple[int, str]) -> bool:
    """Whether two (swaps, how they are counted) are one change apart: the number, or the counting with swaps on
    (without swaps the counting is the default's, ``row``).

    Examples
    --------
    >>> _one_swap_change((0, "row"), (2, "row")), _one_swap_change((0, "row"), (2, "player"))
    (True, False)
    >>> _one_swap_change((1, "row"), (1, "player")), _one_swap_change((1, "row"), (2, "player"))
    (True, False)
    """
    return (a[0] != b[0]) + (a[1] != b[1]) == 1


def one_change(index: int) -> list[int]:
    """The combinations of the space one rule away from ``index``: an on/off rule turned over, or the overflow,
    the attack, the halvesies, the swaps or how they are counted set to another value.

    Examples
    --------
    >>> len(one_change(6)), one_change(0)[:3]
    (22, [1, 2, 4])
    """
    bits, rest = index & (1 << len(SPACE_BOOLS)) - 1, index >> len(SPACE_BOOLS)
    rest, swaps = divmod(rest, len(SWAPS))
    rest, halvesies = divmod(rest, len(HALVESIES))
    overflow, attack = divmod(rest, len(ATTACKS))
    parts = [overflow, attack, halvesies, swaps]
    sizes_of = [len(OVERFLOWS), len(ATTACKS), len(HALVESIES), len(SWAPS)]
    out = [index ^ 1 << k for k in range(len(SPACE_BOOLS))]
    for at, size in enumerate(sizes_of):
        for other in range(size):
            if other == parts[at]:
                continue
            if at == 3 and not _one_swap_change(SWAPS[swaps], SWAPS[other]):
                continue
            moved = [*parts[:at], other, *parts[at + 1:]]
            combination = ((moved[0] * len(ATTACKS) + moved[1]) * len(HALVESIES) + moved[2]) * len(SWAPS) + moved[3]
            out.append(combination << len(SPACE_BOOLS) | bits)
    return sorted(out)


def games_nearby(params: Params) -> dict[str, int] | None:
    """How many different games one rule change makes, read off the r = 5 rule space's record.

    Returns
    -------
    dict or None
        ``rule_sets``: the rule sets one change away that the rules accept; ``games``: how many different games
        they are, not counting this rule set's own (two rule sets are the same game when their games from the start
        are the same, :mod:`vizgen.analysis.sweep`). None when the rule set is not in the space.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> games_nearby(resolve("standard").params)
    {'rule_sets': 22, 'games': 22}
    >>> games_nearby(resolve("standard:r=7").params) is None
    True
    """
    index = space_index(params)
    return None if index is None else nearby_in_space(index)


def nearby_in_space(index: int) -> dict[str, int]:
    """:func:`games_nearby` of combination ``index`` of the r = 5 rule space (a rule set its record holds).

    Examples
    --------
    >>> nearby_in_space(6)  # the standard game
    {'rule_sets': 22, 'games': 22}
    """
    combinations, games = _record_games()
    near = np.asarray(one_change(index), dtype=np.int64)
    rows = np.searchsorted(combinations, near)
    found = rows < combinations.size
    found[found] = combinations[rows[found]] == near[found]
    own = games[np.searchsorted(combinations, index)]
    others = games[rows[found]]
    return {"rule_sets": int(found.sum()), "games": int(np.unique(others[others != own]).size)}


def judge(graph: StateGraph, forced: Forced, random_play: bool = True) -> Judged:
    """Every measure of one rule set that fits its size (docs/JUDGE.md), as plain data for ``vizgen judge --json``.

    Two players: complexity; balance, drawishness, duration, decisiveness, drama and swings under random play, the
    ladder's middle and perfect play (:data:`PLAYERS`, each playing itself); the skill depth; and random play's
    shares without the cap (those of ``vizgen stats``; not with ``random_play=False``: the judged record, which
    has no use for them, spares their sparse solve). More players: complexity and random play's shares;
    ``skipped`` names every measure left out and why.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard"))
    >>> data = judge(solved.graph, solved.forced)
    >>> data["measures"]["balance"]["perfect"], data["measures"]["duration"]["random"], data["skill_depth"]["levels"]
    (0.0, 20, 5)
    """
    movers = int((np.diff(graph.indptr) > 0).sum())
    out = _head(graph.variant, int(graph.n), int(graph.indices.size))
    out["complexity"]["moves_per_position"] = round(graph.indices.size / max(movers, 1), 3)
    out["complexity"]["nearby"] = out["complexity"].pop("nearby")  # the order of vizgen judge --json's fields
    if graph.players != 2:
        if graph.n * graph.players <= sizes.RANDOM_MAX_STATES:
            from vizgen.engine.random_play import random_play_seats

            seats = random_play_seats(graph)[graph.start]
            out["random_play"] = {"seats": [round(float(x), 12) for x in seats],
                                  "never_ends": round(float(max(0.0, 1.0 - seats.sum())), 12)}
        else:
            out["skipped"]["random_play"] = "over the random-play chain's size limit"
        for name in (*MEASURES, "skill_depth"):
            out["skipped"][name] = "a two-player measure (a lead, a score against one opponent)"
        return out
    if 2 * graph.n > sizes.RANDOM_MAX_STATES:
        for name in (*MEASURES, "skill_depth", "random_play"):
            out["skipped"][name] = "over the play chain's size limit"
        return out
    ladder = graph.n <= sizes.JUDGE_LADDER_MAX_POSITIONS
    players = Players.of(graph, forced, ladder=ladder)
    pairs = {"random": players.random, "middle": players.ladder[MIDDLE] if ladder else None,
             "perfect": players.perfect}
    played = {name: match(players, chances, chances) for name, chances in pairs.items() if chances is not None}
    out["measures"] = {name: {who: _figure(m, name) for who, m in played.items()} for name in MEASURES}
    if random_play:
        first, second, never = outcomes(players, players.random, players.random)
        out["random_play"] = {"seats": [round(first, 12), round(second, 12)], "never_ends": round(never, 12)}
    if ladder:
        depth, chain = skill_depth(players)
        out["skill_depth"] = {"levels": depth, "chain": [LADDER[k].name for k in chain]}
    else:
        out["skipped"]["middle"] = out["skipped"]["skill_depth"] = (
            f"the softmax ladder is played up to {sizes.JUDGE_LADDER_MAX_POSITIONS:,} positions")
    return out


def _head(variant: Variant, positions: int, moves: int) -> Judged:
    """What is judged of a rule set from its rules and size alone: its names, the cap, its positions and moves and
    the games nearby (``skipped`` says when they are not in the space's record)."""
    out: Judged = {
        "spec": variant.spec,
        "title": variant.title,
        "players": variant.params.players,
        "cap": PLY_CAP,
        "complexity": {"positions": positions, "moves": moves, "nearby": games_nearby(variant.params)},
        "skipped": {},
    }
    if out["complexity"]["nearby"] is None:
        out["skipped"]["nearby"] = "read off the r = 5 rule space's record, which does not hold this rule set"
    return out


def judge_rule_set(variant: Variant, figures: dict[str, Any],  # a sweep's open row (analysis.sweep)
                   memory: sizes.Memory, random_play: bool = True) -> Judged:
    """:func:`judge` of one rule set of a sweep (``vizgen sweep --judge``): the same measures as
    ``vizgen judge SPEC --json``, within the sweep's ``memory`` for one rule set.

    The rule set is resolved from its spec and enumerated again as ``vizgen judge`` does (the sweep's lean solve
    keeps no graph).
    When that graph outgrows ``memory``, the rule set is judged by what its sweep ``figures`` give (positions,
    moves, the games nearby), and ``skipped`` names every other measure with the reason.

    Examples
    --------
    >>> from vizgen.analysis.sweep import solve_rule_set
    >>> from vizgen.engine.spec import resolve
    >>> variant = resolve("standard")
    >>> data = judge_rule_set(variant, solve_rule_set(variant), sizes.Memory(10**9, "--max-memory"))
    >>> data["measures"]["balance"]["perfect"], data["skill_depth"]["levels"]
    (0.0, 5)
    >>> small = judge_rule_set(variant, solve_rule_set(variant), sizes.Memory(1000, "--max-memory"))
    >>> small["complexity"]["positions"], sorted(small["skipped"])[:3]
    (204, ['balance', 'decisiveness', 'drama'])
    >>> small["skipped"]["balance"].replace("\\u202f", " ")
    "the graph the measures need outgrew --max-memory (1 000 bytes): judge it alone (vizgen judge 'standard')"
    """
    from vizgen.engine.graph import check_size, enumerate_graph
    from vizgen.engine.solve import solve_forced
    from vizgen.engine.spec import resolve

    variant = resolve(variant.spec)  # named as vizgen judge SPEC names it (its title says r = 3, say)
    try:  # the size check alone: any other refusal is a fault to report, not a rule set too big to judge
        check_size(variant, max_memory=memory, solve=False)
    except VariantError:
        out = _head(variant, int(figures["positions"]), int(figures["moves"]))
        why = (f"the graph the measures need outgrew {memory.source} ({sizes.memory_words(memory.size)}): judge it "
               f"alone (vizgen judge {quote(variant.spec)})")
        for name in ("moves_per_position", *MEASURES, "skill_depth", "random_play"):
            out["skipped"][name] = why
        return out
    graph = enumerate_graph(variant, max_memory=memory.size)
    return judge(graph, solve_forced(graph), random_play)


def judge_brief(data: Judged) -> str:
    """A sweep line's short form of :func:`judge`'s measures (``vizgen sweep --judge``): balance, drawishness and
    duration under each player, and the skill depth, in ``vizgen judge``'s words and units.

    Examples
    --------
    >>> data = {"skipped": {}, "skill_depth": {"levels": 5}, "measures": {
    ...     "balance": {"random": 0.018, "perfect": 0.0}, "drawishness": {"random": 0.00005, "perfect": 1.0},
    ...     "duration": {"random": 20, "perfect": None}}}
    >>> print(judge_brief(data).replace("\\u202f", " ").replace(", ", ",\\n"))
    random / perfect play: balance +0.018 / 0 points,
    drawishness under 0.1 % / 100 %,
    duration 20 plies / none won,
    skill depth 5 levels
    """
    measures = data.get("measures")
    parts: list[str] = []
    if measures:
        who = list(measures["balance"])
        for name in BRIEF:
            title, _, unit = MEASURES[name]
            figures = " / ".join(in_unit(measures[name][w], unit) for w in who)
            parts.append(f"{title} {figures}{' points' if unit == 'points' else ''}")
        parts[0] = f"{' / '.join(who)} play: {parts[0]}"
    if "skill_depth" in data:
        parts.append(f"skill depth {data['skill_depth']['levels']} levels")
    if not measures:
        reasons: dict[str, list[str]] = {}
        for name, why in data["skipped"].items():
            reasons.setdefault(why, []).append(name.replace("_", " "))
        parts += [f"not judged: {', '.join(names)}: {why}" for why, names in reasons.items()]
    return ", ".join(parts)


def _figure(m: Match, name: str) -> float | int | None:
    """One measure of a match, floats to 12 places (the chain is exact to about that)."""
    value: float | int | None = {
        "balance": m.balance, "drawishness": m.draw, "duration": m.median_plies, "decisiveness": m.decisiveness,
        "drama": m.drama, "swings": m.swings,
    }[name]
    return round(value, 12) if isinstance(value, float) else value


def in_unit(value: float | int | None, unit: str) -> str:
    """One figure in its unit: a chance or share as a percentage, plies, points signed, swings to a hundredth.

    Examples
    --------
    >>> in_unit(0.5, "chance"), in_unit(0.0213, "points"), in_unit(20, "plies"), in_unit(None, "plies")
    ('50.0\u202f%', '+0.021', '20 plies', 'none won')
    """
    from vizgen.analysis.units import percent, plies

    if value is None:
        return "none won"
    if unit == "plies":
        return plies(int(value))
    if unit == "points":
        return "0" if value == 0 else f"{value:+.3f}"
    if unit == "moves":
        return f"{value:.2f}"
    return percent(value)


def judge_lines(data: Judged) -> list[str]:
    """``vizgen judge``'s text: each measure under each player, with its unit and meaning (:data:`MEASURES`).

    Examples
    --------
    >>> data = {"spec": "x", "title": "X", "players": 3, "cap": 200, "skipped": {"drama": "two players only",
    ...         "swings": "two players only"}, "complexity": {"positions": 10, "moves": 25, "moves_per_position": 2.5},
    ...         "random_play": {"seats": [0.5, 0.25, 0.25], "never_ends": 0.0}}
    >>> print("\\n".join(judge_lines(data)).replace("\\u202f", " "))  # percentages have narrow spaces
    X  (x)
      complexity    10 positions, 2.5 moves a position (25 moves)
      random play   seat+0 50.0 %  seat+1 25.0 %  seat+2 25.0 %  never ends 0 %  (each seat's chance to win)
      not judged    drama, swings: two players only
    """
    from vizgen.analysis.units import count, percent

    size = data["complexity"]
    lines = [f"{data['title']}  ({data['spec']})",
             f"  complexity    {count(size['positions'])} positions, "
             + (f"{size['moves_per_position']:g} moves a position " if "moves_per_position" in size else "")
             + f"({count(size['moves'])} moves)"]
    near = size.get("nearby")
    if near:
        lines.append(f"  nearby        {near['games']} other games one rule change away "
                     f"(of the {near['rule_sets']} rule sets one change makes)")
    measures = data.get("measures")
    if measures:
        who = list(measures["balance"])
        lines.append(f"  each player below plays itself; a game nobody has won by {data['cap']} plies is a draw")
        lines.append(f"  {'':<13} " + "".join(f"{w + ' play':<16}" for w in who) + "unit: what it means")
        for name, (title, meaning, unit) in MEASURES.items():
            figures = "".join(f"{in_unit(measures[name][w], unit):<16}" for w in who)
            lines.append(f"  {title:<13} {figures}{unit}: {meaning}")
        if "middle" in who:
            lines.append(f"  (middle play: {PLAYERS['middle']})")
    if "skill_depth" in data:
        depth = data["skill_depth"]
        lines.append(f"  skill depth   {depth['levels']} levels, each beating the one below 60 % or more: "
                     + " > ".join(depth["chain"]))
    if "random_play" in data:
        play = data["random_play"]
        seats = "  ".join(f"seat+{k} {percent(x)}" for k, x in enumerate(play["seats"]))
        lines.append(f"  random play   {seats}  never ends {percent(play['never_ends'])}  "
                     f"({'no ply cap, as vizgen stats: ' if data['players'] == 2 else ''}each seat's chance to win)")
    reasons: dict[str, list[str]] = {}
    for name, why in data["skipped"].items():
        reasons.setdefault(why, []).append(name.replace("_", " "))
    lines += [f"  not judged    {', '.join(names)}: {why}" for why, names in reasons.items()]
    return lines
