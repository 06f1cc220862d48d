"""Practice: puzzles from the must-find positions, their themes and ratings, and goals against the computer.

Plain functions over a solved variant, deterministic (the same variant gives the same data, byte for byte
once written as JSON).

**Puzzles.** A two-player puzzle is a must-find position of the guide
(:mod:`vizgen.reports.guide`): the mover has a win or a draw, more than one
move (moves to the same position count once) and exactly one keeps it
(:func:`vizgen.reports.rules_of_thumb.keeping`). A **draw** puzzle is that one
move. A **win** puzzle goes on as lichess's do: the perfect defender replies
(:func:`vizgen.ai.games.perfect_player`: its slowest loss) and the solver must
keep finding moves until the game is won. The acceptance rule
(:func:`accepts`): a move is accepted when it keeps the mover's value class
(its mark is best or an inaccuracy) and, in a win puzzle, the win it leaves
still fits in the plies left (the puzzle's remoteness, less the plies played).
With three or four players (:func:`multi_puzzles`) a puzzle is a position
where exactly one move keeps the mover's forced win or keeps them in the game
(:mod:`vizgen.analysis.marks` with the mover's fate): one move.

**Themes** (:data:`THEMES`) are read off what the solving move does
(:func:`vizgen.reports.rules_of_thumb.move_features`), the puzzle's length and
the guide's rules of thumb (is the solution what the rules pick, or an
exception to them).

**Ratings** (:mod:`vizgen.reports.puzzle_rating`): a ladder of model players,
each a softmax over max^n's look a few plies ahead (a model of human error,
from the random player to a sharp eight-ply look), tries each puzzle under the
same acceptance rule; each one's chance of solving it is exact, over its every
choice. The puzzle's rating is the Elo rating those chances fit best.
:func:`calibration` tables the puzzles and the model players' fail rates by
rating band.

**Too easy to ask.** A two-player puzzle with two moves, the other of which
lets the opponent win at once, is dropped (a one-move look shows the answer and
a coin flip finds it); :func:`two_player_puzzles` counts them. A puzzle whose
every other move lets the opponent win at once, among three or more, has the
theme "easy".

**Goals** (:func:`goals`): positions to play out against a computer player:
win in at most a number of plies against the perfect defender, hold the draw
for :data:`HOLD_PLIES` plies against the tricky perfect player, survive
:data:`SURVIVE_PLIES` plies against perfect players (three players).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal, NotRequired, TypedDict

import numpy as np

from vizgen.ai.games import perfect_player
from vizgen.ai.maxn import notation_rank
from vizgen.ai.tricky import trap_figure, tricky_player
from vizgen.analysis import words
from vizgen.analysis.marks import HOLD, INACCURACY, LOSS, WIN, edge_marks, value_classes
from vizgen.analysis.meaning import MARKS
from vizgen.analysis.solved import Solved, fate
from vizgen.analysis.stored import solve_stored
from vizgen.engine.params import estimate_positions
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.reports import rules_of_thumb
from vizgen.reports.guide import guide_figures, not_taught
from vizgen.reports.puzzle_rating import LADDER, ladder_chances, ratings_of
from vizgen.reports.rules_of_thumb import Rule, RuleData
from vizgen.util import sizes
from vizgen.util.cache import Cache, Entry, code_version
from vizgen.util.text import format_count

__all__ = ["BANDS", "HOLD_PLIES", "LONG_WIN", "SURVIVE_PLIES", "THEMES", "accepts", "calibration", "goals",
           "multi_puzzles", "node_table", "practised", "puzzle_figures", "puzzle_set", "two_player_puzzles"]

BANDS = (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200)
"""The lower bounds of the calibration table's rating bands."""
LONG_WIN = 9
"""A win puzzle of at least this many plies has the theme "long win"."""
HOLD_PLIES = 40
"""A draw goal: hold the draw for this many plies."""
SURVIVE_PLIES = 30
"""A survival goal (three players): stay in for this many plies."""
WIN_SLACK = 4
"""A win goal allows this many plies beyond the fastest win (so slower, inaccurate wins still meet it)."""

class PuzzleReply(TypedDict):
    """The perfect player's reply at the position a move leads to (:meth:`_Solution.reply`)."""

    #: the reply, in notation
    move: str
    #: the position it leads to
    to: str
    #: whether it ends the game
    ends: bool


class PuzzleMove(TypedDict):
    """A move of a puzzle's position, as the practice page reads it (:meth:`_Solution.node`)."""

    #: the move, in notation
    move: str
    #: the position it leads to
    to: str
    #: its mark code (the contract's marks: best, inaccuracy, mistake, blunder)
    mark: int
    #: its choice code (the contract's choices) and the numbers its words are filled with
    choice: int
    n: int
    k: int
    #: the perfect player's reply there (null at the end of the game)
    reply: PuzzleReply | None


class PuzzleNode(TypedDict):
    """A position a solver may move from (:meth:`_Solution.node`)."""

    #: its value: verdict code, n, k; the last the winner counted from the mover (-1 for none)
    v: tuple[int, int, int]
    #: its moves
    m: list[PuzzleMove]
    #: the perfect player's move here: the position it leads to (none at the end of the game)
    r: NotRequired[str]
    #: the tricky perfect player's (in the table of every position, none at the end of the game)
    t: NotRequired[str]


class Puzzle(TypedDict):
    """A puzzle (:func:`two_player_puzzles`, :func:`multi_puzzles`)."""

    position: str
    kind: Literal["win", "draw", "survive"]
    plies: int
    #: the one move with more players
    single: NotRequired[bool]
    value: str
    move: str
    to: str
    line: list[str]
    themes: list[str]
    fail: float
    fails: list[float]
    rating: int


#: a practice goal (:func:`goals`): ``from`` is a Python keyword, so the functional form
Goal = TypedDict("Goal", {"kind": Literal["win", "hold", "survive"], "from": str, "plies": int, "fastest": int,
                          "opponent": Literal["perfect", "tricky"]})
Goal.__doc__ = """A practice goal (:func:`goals`): its kind, the position it starts from, its limit in plies, the
fastest win's plies (0 but for a win) and the computer players' kind."""


class Puzzles(TypedDict):
    """A variant's puzzles, the positions they visit and how many were too easy (:func:`two_player_puzzles`)."""

    puzzles: list[Puzzle]
    nodes: dict[str, PuzzleNode]
    dropped: int


class PuzzleSet(Puzzles):
    """A variant's :func:`puzzle_set`."""

    players: int
    goals: list[Goal]
    table: dict[str, PuzzleNode]


class PuzzleFigures(PuzzleSet):
    """A variant's :func:`puzzle_figures`: its puzzle set, spec, slug and title."""

    spec: str
    slug: str
    title: str


#: a rating band of :func:`calibration`: its lowest rating, the next band's (None for the last), its puzzles, their
#: fail rate and each model player's (None when it has none); ``from`` is a Python keyword, so the functional form
CalibrationRow = TypedDict("CalibrationRow", {"from": int, "to": int | None, "puzzles": int, "fail": float | None,
                                              "players": list[float | None]})


THEMES: dict[str, str] = {
    "win": "keep the win",
    "draw": "hold the draw",
    "survive": "stay in the game",
    "finish": "win at once",
    "kill": "kill a hand",
    "revive": "revive a hand",
    "split": "split",
    "sacrifice": "give up one of your hands",
    "even": "even your hands",
    "avoid-kill": "avoid giving a kill",
    "avoid-win": "avoid giving a win",
    "easy": "easy: every other move loses at once",
    "trap": "set a trap",
    "quiet": "quiet move",
    "long": "long win",
    "short": "short win",
    "rules": "the rules of thumb find it",
    "exception": "an exception to the rules of thumb",
    "players-3": "three players",
    "players-4": "four players",
}
"""Every theme, by key, in words."""


def accepts(mark: int, after: int, kind: str, left: int) -> bool:
    """Whether a puzzle accepts a move: its mark keeps the mover's value (:attr:`vizgen.analysis.meaning.Mark.keeps`,
    which the browser reads from the contract) and, in a win puzzle, the win it leaves fits in the plies left (the
    browser's ``practice/practice.js`` ``accepts`` is the same rule, checked against this one in the fast lane).

    Parameters
    ----------
    mark : int
        The move's mark code (:mod:`vizgen.analysis.marks`).
    after : int
        The plies to the end after the move (the remoteness of the position it leads to).
    kind : str
        ``win``, ``draw`` or ``survive``.
    left : int
        In a win puzzle, the plies left to win in, counting this move.

    Examples
    --------
    >>> accepts(0, 2, "win", 3), accepts(1, 4, "win", 3), accepts(1, 2, "win", 3), accepts(2, -1, "draw", 1)
    (True, False, True, False)
    """
    return MARKS[mark].keeps and (kind != "win" or after + 1 <= left)


class _Solution:
    """What the puzzles read often of a solved variant."""

    def __init__(self, solved: Solved) -> None:
        g = self.g = solved.graph
        f = self.f = solved.forced
        self.solved = solved
        self.names = g.notations()
        self.marks = edge_marks(solved)
        self.keep = self.marks <= INACCURACY
        self.kept = np.bincount(g.sources, weights=self.keep, minlength=g.n).astype(int)
        self.degree = np.diff(g.indptr)
        self.moves = [names[0] for names in g.edge_notations]
        self.rank = notation_rank(g)
        mine = fate(solved, 0)
        self.classes = value_classes(f.winner, 0, mine)
        code = words.verdicts(g.players, f.winner, g.terminal, mine)
        self.verdict = code, words.verdict_n(code, f.remoteness, mine), f.winner
        self.choice = words.choices(g.players, f.winner, g.terminal, f.remoteness, fate(solved, g.players - 1))
        self.perfect = perfect_player(g, f, self.rank, fate(solved, g.players - 1))
        self.terminal = g.terminal
        self.chances = np.stack(ladder_chances(g), axis=1)  # per edge, each model player's chance of the move

    def edges(self, node: int) -> range:
        return range(int(self.g.indptr[node]), int(self.g.indptr[node + 1]))

    def value(self, node: int) -> str:
        code, n, k = self.verdict
        return words.say(int(code[node]), int(n[node]), int(k[node]))

    def means(self, child: int) -> str:
        code, n, k = self.choice
        return words.say_choice(int(code[child]), int(n[child]), int(k[child]))

    def node(self, node: int) -> PuzzleNode:
        """One position as the page reads it (:class:`PuzzleNode`): ``v`` its value (verdict code, n, k), ``m``
        its moves (:class:`PuzzleMove`: with the perfect player's reply there) and ``r`` the perfect player's
        move here."""
        code, n, k = self.verdict
        cc, cn, ck = self.choice
        out = PuzzleNode(v=(int(code[node]), int(n[node]), int(k[node])), m=[
            PuzzleMove(move=self.moves[e], to=self.names[c], mark=int(self.marks[e]), choice=int(cc[c]),
                       n=int(cn[c]), k=int(ck[c]), reply=self.reply(c))
            for e in self.edges(node) for c in [int(self.g.indices[e])]])
        if not self.g.terminal[node]:
            out["r"] = self.names[int(self.perfect.moves[node])]
        return out

    def reply(self, child: int) -> PuzzleReply | None:
        """The perfect player's reply at ``child``: its move, the position it leads to and whether that ends the
        game (None at the end of the game)."""
        if self.g.terminal[child]:
            return None
        there = int(self.perfect.moves[child])
        return PuzzleReply(move=self.moves[next(e for e in self.edges(child) if self.g.indices[e] == there)],
                           to=self.names[there], ends=bool(self.g.terminal[there]))


def _accepted(s: _Solution, node: int, kind: str, left: int) -> list[int]:
    """The edges of ``node`` a puzzle accepts."""
    return [e for e in s.edges(node) if accepts(int(s.marks[e]), int(s.f.remoteness[s.g.indices[e]]), kind, left)]


def _tree(s: _Solution, node: int, plies: int) -> set[int]:
    """Every position the solver may have to move from in a win puzzle (accepted moves, the defender's replies)."""
    seen, todo = set(), [(node, plies)]
    while todo:
        here, left = todo.pop()
        if here in seen:
            continue
        seen.add(here)
        for e in _accepted(s, here, "win", left):
            child = int(s.g.indices[e])
            if not s.g.terminal[child]:
                reply = int(s.perfect.moves[child])
                if not s.g.terminal[reply]:  # a lost defender's move that ends the game is the solver's win
                    todo.append((reply, left - 2))
    return seen


def _solve_chances(s: _Solution, node: int, kind: str, plies: int) -> np.ndarray:
    """Each model player's chance of solving the puzzle (one per :data:`LADDER` player), over its every choice and
    the perfect defender's replies."""
    indices, terminal, perfect, chances = s.g.indices, s.terminal, s.perfect.moves, s.chances

    @cache
    def solve(here: int, left: int) -> np.ndarray:
        """The chances of solving from ``here`` with ``left`` plies (a new array: the cache's are never changed)."""
        total = np.zeros(len(LADDER))
        for e in _accepted(s, here, kind, left):
            child = int(indices[e])
            if kind != "win" or terminal[child] or terminal[perfect[child]]:
                total = total + chances[e]
            else:
                total = total + chances[e] * solve(int(perfect[child]), left - 2)
        return total

    return solve(node, plies)


def _line(s: _Solution, node: int, plies: int) -> list[str]:
    """The solution as the perfect player plays it: the solver's moves and the defender's replies, in notation."""
    out, here = [], node
    while True:
        child = int(s.perfect.moves[here])
        out.append(s.moves[next(e for e in s.edges(here) if s.g.indices[e] == child)])
        if s.g.terminal[child] or len(out) >= plies:
            return out
        here = int(s.perfect.moves[child])
        out.append(s.moves[next(e for e in s.edges(child) if s.g.indices[e] == here)])
        if s.g.terminal[here]:
            return out


def _rules_of(rules: Iterable[RuleData] | None, solved: Solved) -> list[Rule]:
    """The guide's rules of thumb (as the guide's data has them), or searched when not given."""
    if rules is None:
        return rules_of_thumb.search_rules(solved)[0]
    return [Rule(r["feature"], r["prefer"], r["when"]) for r in rules]


def _themes(s: _Solution, node: int, only: int, kind: str, plies: int, feats: dict[str, np.ndarray],
            follow: np.ndarray, trap_ratio: np.ndarray, easy: bool) -> list[str]:
    """The puzzle's themes (:data:`THEMES`), in that order."""
    others = [e for e in s.edges(node) if e != only]
    out: list[str | None] = [kind]
    if feats["wins"][only]:
        out.append("finish")
    for key, feature in (("kill", "kills"), ("revive", "revives"), ("split", "split"), ("sacrifice", "self_kill"),
                         ("even", "evens")):
        if feats[feature][only]:
            out.append(key)
    if not feats["gives_kill"][only] and any(feats["gives_kill"][e] for e in others):
        out.append("avoid-kill")
    if not feats["gives_win"][only] and any(feats["gives_win"][e] for e in others):
        out.append("avoid-win")
    if easy:
        out.append("easy")
    if kind == "draw" and trap_ratio[int(s.g.indices[only])] > 0:
        out.append("trap")
    if not any(feats[f][only] for f in ("wins", "kills", "revives", "split", "self_kill")):
        out.append("quiet")
    if kind == "win":
        out.append("long" if plies >= LONG_WIN else "short" if plies <= 3 else None)
    chosen = [e for e in s.edges(node) if follow[e]]
    out.append("rules" if chosen == [only] else "exception" if not follow[only] else None)
    return [t for t in out if t is not None]


def _rate(puzzles: list[Puzzle]) -> list[Puzzle]:
    """Give each puzzle its rating from its model players' fail rates (``fails``), all at once; by rating, then
    position."""
    if puzzles:
        solves = 1.0 - np.array([p["fails"] for p in puzzles])
        for p, rating in zip(puzzles, ratings_of(solves)):
            p["rating"] = rating
    return sorted(puzzles, key=lambda p: (p["rating"], p["position"]))


def _fails(s: _Solution, node: int, kind: str, plies: int) -> list[float]:
    """Each model player's fail rate at the puzzle (:func:`_rate` rates it from them)."""
    return [round(1.0 - float(x), 6) for x in _solve_chances(s, node, kind, plies)]


def _puzzle(s: _Solution, node: int, only: int, kind: Literal["win", "draw", "survive"], plies: int,
            fails: list[float], line: list[str], themes: list[str]) -> Puzzle:
    """A puzzle at ``node`` solved by the edge ``only`` (rated 0 until :func:`_rate` rates it)."""
    return Puzzle(position=s.names[node], kind=kind, plies=plies, value=s.value(node), move=s.moves[only],
                  to=s.names[int(s.g.indices[only])], line=line, themes=themes,
                  fail=round(sum(fails) / len(fails), 6), fails=fails, rating=0)


def _too_easy(s: _Solution, node: int, only: int) -> tuple[bool, bool]:
    """Whether every move of ``node`` but ``only`` lets the opponent win at once, and whether there is just one.

    A position with two moves, the other of which loses at once, is no puzzle (dropped); with more moves it is
    an easy one.
    """
    others = {int(s.g.indices[e]) for e in s.edges(node) if e != only} - {int(s.g.indices[only])}
    at_once = all(s.f.winner[c] == 0 and s.f.remoteness[c] <= 1 for c in others)
    return at_once, len(others) == 1


def two_player_puzzles(solved: Solved, rules: Iterable[RuleData] | None = None) -> Puzzles:
    """Every must-find position of a two-player variant as a puzzle (the module's doc).

    Parameters
    ----------
    solved : Solved
        A solved two-player variant.
    rules : iterable of dict, optional
        The guide's rules of thumb (``guide["rules"]``); searched when not given.

    Returns
    -------
    dict
        ``puzzles`` (by rating, then position): ``position``, ``kind``, ``plies`` (a win's plies, 1 for a draw),
        ``value`` in words, ``move`` and ``to`` (the only first move), ``line`` (the perfect solution in
        notation), ``themes``, ``fail``, ``fails`` (per model player of
        :data:`vizgen.reports.puzzle_rating.LADDER`) and ``rating``; ``nodes``: every
        position a solver may move from, by notation (:meth:`_Solution.node`); ``dropped``: how many must-find
        positions were too easy to ask (two moves, the other losing at once).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> data = two_player_puzzles(solve_variant(resolve("standard")))
    >>> first = data["puzzles"][0]
    >>> first["kind"] in ("win", "draw") and first["position"] in data["nodes"]
    True
    """
    s = _Solution(solved)
    g, f = s.g, s.f
    feats, when = rules_of_thumb.move_features(g)
    follow = rules_of_thumb.follow(g, _rules_of(rules, solved), feats, when)
    bad = np.bincount(g.sources, weights=s.marks > INACCURACY, minlength=g.n)
    trap_ratio = bad / np.maximum(s.degree, 1)
    must = np.flatnonzero(~g.terminal & (f.winner != 1) & (s.kept == 1) & (s.degree > 1))
    puzzles: list[Puzzle] = []
    shown, dropped = set(), 0
    for node in must.tolist():
        kind: Literal["win", "draw"] = "win" if f.winner[node] == 0 else "draw"
        plies = int(f.remoteness[node]) if kind == "win" else 1
        only = next(e for e in s.edges(node) if s.keep[e])
        at_once, single = _too_easy(s, node, only)
        if at_once and single:
            dropped += 1
            continue
        tree = _tree(s, node, plies) if kind == "win" else {node}
        shown |= tree
        puzzles.append(_puzzle(s, node, only, kind, plies, _fails(s, node, kind, plies),
                               _line(s, node, plies) if kind == "win" else [s.moves[only]],
                               _themes(s, node, only, kind, plies, feats, follow, trap_ratio, at_once)))
    nodes = {s.names[n]: s.node(n) for n in sorted(shown, key=lambda n: s.names[n])}
    return Puzzles(puzzles=_rate(puzzles), nodes=nodes, dropped=dropped)


def multi_puzzles(solved: Solved) -> Puzzles:
    """Puzzles of a three- or four-player variant: exactly one move keeps the mover's forced win or keeps them in.

    Without the survival solution (it did not fit the memory) only forced wins count. Each puzzle is one move
    (``single``); fields as in :func:`two_player_puzzles` (``kind`` ``win`` or ``survive``; ``plies`` the win's
    remoteness, 1 to survive).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> data = multi_puzzles(solve_variant(resolve("three-players")))
    >>> {p["kind"] for p in data["puzzles"]} <= {"win", "survive"} and len(data["puzzles"]) > 0
    True
    """
    s = _Solution(solved)
    g = s.g
    must = np.flatnonzero(~g.terminal & (s.classes != LOSS) & (s.kept == 1) & (s.degree > 1))
    puzzles = []
    for node in must.tolist():
        kind: Literal["win", "survive"] = "win" if s.classes[node] == WIN else "survive"
        only = next(e for e in s.edges(node) if s.keep[e])
        assert s.classes[node] in (WIN, HOLD)
        fails = _fails(s, node, "survive", 1)  # one move: any value-keeping move, whatever its length
        plies = int(s.f.remoteness[node]) if kind == "win" else 1
        puzzle = _puzzle(s, node, only, kind, plies, fails, [s.moves[only]], [kind, f"players-{g.players}"])
        puzzle["single"] = True
        puzzles.append(puzzle)
    nodes = sorted({s.names[n] for n in must.tolist()})
    by_name = {name: i for i, name in enumerate(s.names)}
    return Puzzles(puzzles=_rate(puzzles), nodes={name: s.node(by_name[name]) for name in nodes}, dropped=0)


def node_table(solved: Solved) -> dict[str, PuzzleNode]:
    """Every position of a variant as the page's goals read it: value, moves, the perfect and the tricky reply.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> table = node_table(solve_variant(resolve("standard")))
    >>> table["11-11"]["r"], table["11-11"]["t"]
    ('12-11', '12-11')
    """
    s = _Solution(solved)
    g = s.g
    out_in = fate(solved, g.players - 1)
    tricky = tricky_player(g, s.f, trap_figure(solved), s.rank, out_in)
    table = {}
    for n in sorted(range(g.n), key=lambda n: s.names[n]):
        row = s.node(n)
        if not g.terminal[n]:
            row["t"] = s.names[int(tricky.moves[n])]
        table[s.names[n]] = row
    return table


def goals(solved: Solved) -> list[Goal]:
    """The practice goals of one variant of at most :data:`vizgen.util.sizes.GOAL_MAX_POSITIONS` positions.

    Two players: from the start when it is a draw, hold it for :data:`HOLD_PLIES` plies against the tricky
    perfect player; from the longest forced win (and the start, when it is won) win in at most its remoteness
    plus :data:`WIN_SLACK` plies against the perfect defender. Three players: from the start, survive
    :data:`SURVIVE_PLIES` plies against two perfect players. Each goal: ``kind`` (``win``, ``hold``,
    ``survive``), ``from``, ``plies`` (the limit), ``fastest`` (a win's remoteness), ``opponent``
    (``perfect`` or ``tricky``).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> [(g["kind"], g["from"], g["plies"]) for g in goals(solve_variant(resolve("standard")))]
    [('hold', '11-11', 40), ('win', '03-03', 7)]
    """
    g, f = solved.graph, solved.forced
    if g.n > sizes.GOAL_MAX_POSITIONS:
        return []
    names = g.notations()
    start = names[g.start]
    if g.players == 3:
        mine = fate(solved, 0)
        if mine is None:
            return []
        _, seats = g.rules.seats(g.codes)
        live = np.array([all(v for v in hands) for hands in g.rules.sets])
        everyone = np.logical_and.reduce([live[np.asarray(seat)] for seat in seats])
        held = np.flatnonzero((mine < 0) & ~g.terminal & everyone)
        if not held.size:
            return []
        node = min(held.tolist(), key=lambda n: (int(g.depth[n]), names[n]))
        return [Goal({"kind": "survive", "from": names[node], "plies": SURVIVE_PLIES, "fastest": 0,
                      "opponent": "perfect"})]
    if g.players != 2:
        return []
    out: list[Goal] = []
    if f.winner[g.start] < 0:
        out.append(Goal({"kind": "hold", "from": start, "plies": HOLD_PLIES, "fastest": 0, "opponent": "tricky"}))
    wins = np.flatnonzero((f.winner == 0) & ~g.terminal)
    if wins.size:
        top = int(f.remoteness[wins].max())
        node = min((int(n) for n in wins if f.remoteness[n] == top), key=lambda n: names[n])
        out.append(Goal({"kind": "win", "from": names[node], "plies": top + WIN_SLACK, "fastest": top,
                         "opponent": "perfect"}))
    if f.winner[g.start] == 0 and names[g.start] not in [o["from"] for o in out]:
        r = int(f.remoteness[g.start])
        out.append(Goal({"kind": "win", "from": start, "plies": r + WIN_SLACK, "fastest": r, "opponent": "perfect"}))
    return out


def puzzle_set(solved: Solved, rules: Iterable[RuleData] | None = None) -> PuzzleSet:
    """A variant's puzzles (two players: :func:`two_player_puzzles`; three or four: :func:`multi_puzzles`;
    none with more), its goals (:func:`goals`) and, when it has goals, every position (``table``).

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> data = puzzle_set(solve_variant(resolve("r2")))
    >>> data["puzzles"], data["players"], len(data["goals"])
    ([], 2, 1)
    """
    g = solved.graph
    if g.players == 2:
        data = two_player_puzzles(solved, rules)
    elif g.players <= 4:
        data = multi_puzzles(solved)
    else:
        data = Puzzles(puzzles=[], nodes={}, dropped=0)
    chosen = goals(solved)
    return PuzzleSet(players=g.players, **data, goals=chosen, table=node_table(solved) if chosen else {})


def calibration(puzzles: Iterable[Puzzle]) -> list[CalibrationRow]:
    """Fail rates by rating band: per band, the puzzles and each model player's mean fail rate.

    Examples
    --------
    >>> rows = calibration([{"rating": 1000, "fail": 0.1, "fails": [0.4] + [0.0] * (len(LADDER) - 1)},
    ...                     {"rating": 1600, "fail": 0.6, "fails": [0.9] + [0.5] * (len(LADDER) - 1)}])
    >>> [(r["from"], r["puzzles"], r["fail"]) for r in rows if r["puzzles"]]
    [(1000, 1, 0.1), (1600, 1, 0.6)]
    """
    rows = []
    items = list(puzzles)
    for i, low in enumerate(BANDS):
        high = BANDS[i + 1] if i + 1 < len(BANDS) else None
        inside = [p for p in items if p["rating"] >= low and (high is None or p["rating"] < high)]
        count = len(inside)
        rows.append(CalibrationRow({"from": low, "to": high, "puzzles": count,
                                    "fail": round(sum(p["fail"] for p in inside) / count, 4) if count else None,
                                    "players": [round(sum(p["fails"][k] for p in inside) / count, 4) if count
                                                else None for k in range(len(LADDER))]}))
    return rows


CODE = ("util", "engine", "analysis", "ai", "reports/puzzles.py", "reports/puzzle_rating.py",
        "reports/rules_of_thumb.py", "reports/guide.py")
"""The code that computes a variant's puzzles (the cache's program version)."""


def practised(variant: Variant) -> str | None:
    """Why ``variant`` has no puzzles, in one sentence; None when it has (known before anything is solved).

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> practised(resolve("standard")) is None, practised(resolve("three-players")) is None
    (True, True)
    >>> practised(resolve("five-players"))
    'puzzles are made for two to four players; this one has 5 players'
    """
    players = variant.params.players
    if players > 4:
        return f"puzzles are made for two to four players; this one has {players} players"
    if players == 2:
        return not_taught(variant)
    possible = estimate_positions(variant.params)
    if possible > sizes.GUIDE_MAX_POSITIONS:
        return (f"puzzles are made for variants of at most {format_count(sizes.GUIDE_MAX_POSITIONS)} "
                "possible positions; "
                f"this one has {format_count(possible)}")
    return None


def puzzle_figures(spec: str | Variant, cache: Cache | None = None, solved: Solved | None = None) -> PuzzleFigures:
    """A variant's :func:`puzzle_set`, from the cache or computed (and cached), with its ``spec``, ``slug`` and
    ``title``.

    Raises
    ------
    ValueError
        When the variant has no puzzles (:func:`practised` says why).
    """
    variant = solved.variant if solved is not None else spec if isinstance(spec, Variant) else resolve(spec)
    why = practised(variant)
    if why is not None:
        raise ValueError(why)


    def compute() -> Entry:
        done = solved if solved is not None else solve_stored(variant, cache)
        rules = guide_figures(variant, cache, done)["rules"] if variant.params.players == 2 else None
        return Entry(data=puzzle_set(done, rules))

    entry = (cache or Cache(None)).fetch("puzzles", variant.params.as_dict(), code_version(*CODE), compute,
                                         lambda e: None if isinstance(e.data, dict) else "not puzzles")
    data: PuzzleSet = entry.data
    return PuzzleFigures(**data, spec=variant.spec, slug=variant.slug, title=variant.title)
