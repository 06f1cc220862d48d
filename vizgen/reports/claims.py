"""Published figures checked against the engine: the data file ``claims.toml`` and its measures.

``vizgen/reports/claims.toml`` holds every published claim we found (source, what it
says, the parameters that express the source's rules, their numbers, our
verdict and the explanation of each disagreement). :func:`check_claim`
computes our number for every check of a claim with :data:`MEASURES` and whether it
agrees; the site's "What others have said" page and
``tests/test_published_figures.py`` both read the file through this module.
"""

from __future__ import annotations

import ast
import functools
import math
import operator
import tomllib
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any, NotRequired, TypedDict, cast

import numpy as np

from vizgen.analysis.solved import Solved
from vizgen.analysis.units import percent
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.rules import PositionError
from vizgen.engine.solve import solve_forced
from vizgen.engine.spec import resolve
from vizgen.util.cache import Cache, Entry, code_version

__all__ = [
    "MEASURES",
    "Check",
    "Claim",
    "ClaimJson",
    "ClaimResult",
    "ClaimRow",
    "ClaimsFile",
    "ClaimsReport",
    "Explanation",
    "FormJson",
    "FormResult",
    "FormRow",
    "Source",
    "check_claim",
    "check_closed_forms",
    "claims_report",
    "closed_form",
    "load_claims",
    "measure",
    "parse_value_table",
    "solved",
]

VALUE = {0: "win", 1: "loss"}
#: the code that computes the report (the cache's program version; the data file is part of it)
CODE = ("util", "engine", "analysis", "reports/claims.py", "reports/claims.toml")
#: the keys of a report
REPORT_KEYS = {"sources", "explanations", "claims", "closed_forms"}



class Source(TypedDict):
    """A source the claims come from: its title, address, what it is and (our own pages) ``ours``."""

    title: str
    url: str
    about: str
    ours: NotRequired[bool]


class Explanation(TypedDict):
    """A note the claims point to (``explain``): a title and text with blank lines between paragraphs."""

    title: str
    text: str


class RawCheck(TypedDict):
    """A ``checks`` entry of ``claims.toml``: the variant, a position and target where the measure needs them, and
    the source's numbers by measure."""

    spec: str
    theirs: dict[str, Any]  # open: measure name -> the source's number, of that measure's type (MEASURES)
    position: NotRequired[str]
    to: NotRequired[str]


class Claim(TypedDict):
    """A ``[[claim]]`` of ``claims.toml``."""

    id: str
    source: str
    says: str
    verdict: str
    command: str
    checks: list[RawCheck]
    reading: NotRequired[str]
    explain: NotRequired[str]
    note: NotRequired[str]


class ClosedForm(TypedDict):
    """A ``[[closed_form]]`` of ``claims.toml``: a formula in ``r``, the variants it counts and the ``r`` range."""

    id: str
    source: str
    says: str
    formula: str
    spec: str
    r: list[int]
    note: NotRequired[str]
    command: str


class ClaimsFile(TypedDict):
    """``claims.toml`` as :func:`load_claims` reads it."""

    sources: dict[str, Source]
    claim: list[Claim]
    closed_form: list[ClosedForm]
    explanations: dict[str, Explanation]


class ClaimRow(TypedDict):
    """One number of a claim checked: where, which measure, theirs and ours in words, and whether they are equal."""

    spec: str
    position: str | None
    to: str | None
    measure: str
    theirs: str
    ours: str
    equal: bool


class ClaimJson(TypedDict):
    """A claim as the report holds it: its entry's fields (None where it has none), whether it agrees, its rows."""

    id: str
    source: str
    says: str
    reading: str | None
    verdict: str
    note: str | None
    explain: str | None
    command: str
    agrees: bool
    rows: list[ClaimRow]


class FormRow(TypedDict):
    """A closed form at one ``r``: the formula's count and ours."""

    r: int
    formula: int
    ours: int


class FormJson(TypedDict):
    """A closed form as the report holds it: its entry's fields, whether it agrees and its rows."""

    id: str
    source: str
    says: str
    formula: str
    spec: str
    note: str | None
    command: str
    agrees: bool
    rows: list[FormRow]


class ClaimsReport(TypedDict):
    """:func:`claims_report`: the sources, the explanations, the claims and the closed forms, checked."""

    sources: dict[str, Source]
    explanations: dict[str, Explanation]
    claims: list[ClaimJson]
    closed_forms: list[FormJson]


def _data() -> bytes:
    return (resources.files("vizgen.reports") / "claims.toml").read_bytes()


@functools.cache
def claim_number(claim_id: str) -> int:
    """The number a claim is read in order by: its id's first number (``"25-32"`` is a range of claims).

    Examples
    --------
    >>> claim_number("7"), claim_number("25-32")
    (7, 25)
    """
    return int(claim_id.split("-", 1)[0])


def load_claims() -> ClaimsFile:
    """Return the parsed ``claims.toml``: ``sources``, ``claim``, ``closed_form`` and ``explanations``.

    The claims come in the order of their numbers, wherever the file holds them (claim 53 sits beside the
    claim it reads like).

    Examples
    --------
    >>> data = load_claims()
    >>> data["sources"]["SQ-S"]["title"]
    'squivix/chopsticks-game, STRATEGY.md'
    >>> [c["id"] for c in data["claim"]][23:26]
    ['24', '25-32', '33']
    """
    data = cast(ClaimsFile, tomllib.loads(_data().decode("utf-8")))  # our own file (tests/test_published_figures)
    data["claim"].sort(key=lambda c: claim_number(c["id"]))
    return data


@functools.cache
def solved(spec: str) -> Solved:
    """Enumerate and solve ``spec`` for who can force a win (no random-play odds), once per spec.

    Examples
    --------
    >>> solved("standard").graph.n
    204
    """
    graph = enumerate_graph(resolve(spec))
    return Solved(graph=graph, forced=solve_forced(graph), random_win=None, perfect_win=None)


def _node(s: Solved, position: str | None) -> int:
    g = s.graph
    return g.start if position is None else g.node_of(g.rules.parse(position))


def _absolute(s: Solved) -> tuple[int, int]:
    """Reachable (position, player to move) pairs and how many are terminal (two players)."""
    g = s.graph
    seen = {(g.start, 0)}
    queue = deque(seen)
    while queue:
        node, turn = queue.popleft()
        for child in g.successors(node):
            state = (int(child), 1 - turn)
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return len(seen), sum(1 for node, _ in seen if g.terminal[node])


def _losses(s: Solved) -> np.ndarray:
    return np.flatnonzero(~s.graph.terminal & (s.forced.winner == 1))


def _draw_pct(s: Solved) -> int:
    live = ~s.graph.terminal
    return round(100 * int((live & (s.forced.winner < 0)).sum()) / int(live.sum()))


def _draw_pct_ordered(s: Solved) -> int:
    """The draw share with left and right hands told apart: each position counted once per ordering of each
    player's hands (a pair of unequal hands two ways), as a solver that stores hands in order counts them."""
    g = s.graph
    _, seats = g.rules.seats(g.codes)
    orders = np.array([math.factorial(len(h)) // math.prod(math.factorial(c) for c in Counter(h).values())
                       for h in g.rules.sets])
    weight = np.prod([orders[seat] for seat in seats], axis=0) * ~g.terminal
    return round(100 * int((weight * (s.forced.winner < 0)).sum()) / int(weight.sum()))


def _value(s: Solved, node: int) -> str:
    return VALUE.get(int(s.forced.winner[node]), "draw")


def _reachable(s: Solved, position: str) -> bool:
    try:
        _node(s, position)
    except PositionError:
        return False
    return True


def _table(s: Solved) -> dict[str, str]:
    names = s.graph.notations()
    return {names[i]: "WL"[int(s.forced.winner[i])] if s.forced.winner[i] >= 0 else "D"
            for i in range(s.graph.n) if not s.graph.terminal[i]}


def _max_moves(s: Solved) -> int:
    """The most distinct moves (notations) from any one position."""
    counts = np.diff(s.graph.move_ptr)
    per_node = np.zeros(s.graph.n, dtype=np.int64)
    np.add.at(per_node, s.graph.sources, counts)
    return int(per_node.max())


Measure = Callable[[Solved, "Check"], Any]

#: measure name -> how it reads the solved variant (see the head of ``claims.toml``)
MEASURES: dict[str, Measure] = {
    "value": lambda s, c: _value(s, _node(s, c.position)),
    "remoteness": lambda s, c: int(s.forced.remoteness[_node(s, c.position)]),
    "positions": lambda s, c: s.graph.n,
    "terminal": lambda s, c: int(s.graph.terminal.sum()),
    "nonterminal": lambda s, c: int((~s.graph.terminal).sum()),
    "absolute_states": lambda s, c: _absolute(s)[0],
    "absolute_terminal": lambda s, c: _absolute(s)[1],
    "draw_pct": lambda s, c: _draw_pct(s),
    "draw_pct_ordered": lambda s, c: _draw_pct_ordered(s),
    "losses": lambda s, c: sorted(s.graph.notations()[i] for i in _losses(s)),
    "loss_count": lambda s, c: int(_losses(s).size),
    "losses_both_alive": lambda s, c: sum(1 for i in _losses(s) if min(s.graph.position(int(i)).hands[0]) > 0),
    "longest_line": lambda s, c: int(s.forced.remoteness[s.forced.winner >= 0].max()),
    "shortest_game": lambda s, c: int(s.graph.depth[s.graph.terminal].min()),
    "longest_outward": lambda s, c: int(s.graph.depth.max()),
    "max_moves": lambda s, c: _max_moves(s),
    "reachable": lambda s, c: _reachable(s, c.position or ""),
    "reaches": lambda s, c: _node(s, c.to) in s.graph.successors(_node(s, c.position)).tolist(),
    "value_table": lambda s, c: _table(s),
}


def parse_value_table(text: str) -> dict[str, str]:
    """Read a table in the Gabyface format (``MOVER: OPPONENT V, ...``) into position -> W / D / L.

    Examples
    --------
    >>> parse_value_table("01: 02 W, 03 L")
    {'01-02': 'W', '01-03': 'L'}
    """
    out = {}
    for line in text.strip().splitlines():
        mover, rest = line.split(":")
        for item in rest.split(","):
            opponent, value = item.split()
            out[f"{mover.strip()}-{opponent}"] = value
    return out


@dataclass(frozen=True)
class Check:
    """One check of a claim: a variant, optionally a position (and a target), and the source's numbers."""

    spec: str
    theirs: dict[str, Any]  # open: measure name -> the source's number, of that measure's type (MEASURES)
    position: str | None = None
    to: str | None = None


def measure(name: str, check: Check) -> Any:
    """Return our number for ``name`` under ``check`` (spec, position, target).

    Examples
    --------
    >>> measure("value", Check("cutoff", {}))
    'draw'
    """
    return MEASURES[name](solved(check.spec), check)


def _theirs(name: str, value: Any) -> Any:
    return parse_value_table(value) if name == "value_table" else value


@dataclass(frozen=True)
class ClaimResult:
    """A claim with our numbers: ``rows`` are ``(check, measure, theirs, ours, equal)``."""

    claim: Claim
    rows: list[tuple[Check, str, Any, Any, bool]]

    @property
    def agrees(self) -> bool:
        """Whether every number of the claim equals ours."""
        return all(row[4] for row in self.rows)

    @property
    def consistent(self) -> bool:
        """Whether the verdict written in the data file is what the numbers say."""
        verdict: str = self.claim["verdict"]
        return verdict.startswith("agree") == self.agrees


def check_claim(claim: Claim) -> ClaimResult:
    """Compute our numbers for every check of one ``[[claim]]`` entry."""
    rows = []
    for raw in claim["checks"]:
        check = Check(raw["spec"], raw["theirs"], raw.get("position"), raw.get("to"))
        for name, value in raw["theirs"].items():
            theirs, ours = _theirs(name, value), measure(name, check)
            rows.append((check, name, theirs, ours, theirs == ours))
    return ClaimResult(claim, rows)


@dataclass(frozen=True)
class FormResult:
    """A ``[[closed_form]]`` entry with its value and ours for each ``r``: ``rows`` are ``(r, formula, ours)``."""

    entry: ClosedForm
    rows: list[tuple[int, int, int]]

    @property
    def agrees(self) -> bool:
        """Whether the formula gives our count for every ``r`` checked."""
        return all(f == o for _, f, o in self.rows)


def check_closed_forms(ids: Iterable[str] | None = None) -> list[FormResult]:
    """Check the ``[[closed_form]]`` entries (all, or those with these ids): the formula against our count, r by r."""
    out = []
    for entry in load_claims()["closed_form"]:
        if ids is not None and entry["id"] not in ids:
            continue
        low, high = entry["r"]
        out.append(FormResult(entry, [(r, closed_form(entry["formula"], r), solved(entry["spec"].format(r=r)).graph.n)
                                      for r in range(low, high + 1)]))
    return out


_OPS: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
    ast.Pow: operator.pow}


def _evaluate(node: ast.AST, r: int) -> int:
    if isinstance(node, ast.Expression):
        return _evaluate(node.body, r)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_evaluate(node.left, r), _evaluate(node.right, r))
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id == "r":
        return r
    raise ValueError(f"closed form: unsupported expression {ast.dump(node)}")


def closed_form(formula: str, r: int) -> int:
    """Evaluate an integer formula in ``r`` (``+ - * // **``, whole numbers, parentheses).

    Examples
    --------
    >>> closed_form("(r * (r + 1) // 2) ** 2", 5)
    225
    """
    return _evaluate(ast.parse(formula, mode="eval"), r)


def _show(name: str, value: Any) -> str:
    """A measured value in words for the page."""
    if name == "value_table":
        counts = {v: list(value.values()).count(v) for v in "WDL"}
        return f"{len(value)} positions: {counts['W']} W, {counts['D']} D, {counts['L']} L"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    if name == "draw_pct":
        return percent(value, 100, decimals=0)  # a whole percentage, theirs and ours
    return str(value)


def _claim_json(result: ClaimResult) -> ClaimJson:
    rows: list[ClaimRow] = [{"spec": c.spec, "position": c.position, "to": c.to, "measure": name,
                             "theirs": _show(name, theirs), "ours": _show(name, ours), "equal": equal}
                            for c, name, theirs, ours, equal in result.rows]
    claim = result.claim
    return {"id": claim["id"], "source": claim["source"], "says": claim["says"], "reading": claim.get("reading"),
            "verdict": claim["verdict"], "note": claim.get("note"), "explain": claim.get("explain"),
            "command": claim["command"], "agrees": result.agrees, "rows": rows}


def _form_json(result: FormResult) -> FormJson:
    e = result.entry
    return {"id": e["id"], "source": e["source"], "says": e["says"], "formula": e["formula"], "spec": e["spec"],
            "note": e.get("note"), "command": e["command"], "agrees": result.agrees,
            "rows": [{"r": r, "formula": f, "ours": o} for r, f, o in result.rows]}


def claims_report(cache: Cache | None = None, ids: Iterable[str] | None = None) -> ClaimsReport:
    """Every claim and closed form of the data file with our numbers, as plain JSON-ready data.

    Parameters
    ----------
    cache : Cache, optional
        Read and write the report there, keyed by the claims wanted and the
        code and data file that compute it (no cache when None).
    ids : iterable of str, optional
        Only the claims and closed forms with these ids (default: all).

    Returns
    -------
    dict
        ``sources``, ``explanations``, ``claims`` (each with ``agrees`` and
        ``rows`` of ``spec``, ``position``, ``to``, ``measure``, ``theirs``,
        ``ours`` and ``equal``) and ``closed_forms`` (each with ``rows`` of
        ``r``, ``formula`` and ``ours``).
    """
    wanted = None if ids is None else sorted(set(ids))

    def compute() -> Entry:
        data = load_claims()
        report: ClaimsReport = {
            "sources": data["sources"],
            "explanations": data["explanations"],
            "claims": [_claim_json(check_claim(c)) for c in data["claim"] if wanted is None or c["id"] in wanted],
            "closed_forms": [_form_json(r) for r in check_closed_forms(wanted)],
        }
        return Entry(data=report)

    def check(entry: Entry) -> str | None:
        return None if isinstance(entry.data, dict) and set(entry.data) == REPORT_KEYS else "not a claims report"

    report: ClaimsReport = (cache or Cache(None)).fetch("claims", {"ids": wanted}, code_version(*CODE), compute,
                                                        check).data
    return report
