"""The payloads the site writes for the browser, typed once here, and their TypeScript types generated from them.

Every payload is a :class:`typing.TypedDict` of this module, listed in :data:`PAYLOADS`; the code that writes it
builds it as that type (mypy checks the Python side), and :func:`types` writes ``static/js/core/payloads.d.ts``
from the same classes (``tsc --checkJs`` checks the browser's side: a module reads a payload as
``import("../core/payloads").Name``). ``python -m vizgen.site.render.contract`` writes the file again, with the
contract;
``tests/test_payloads.py`` fails when it is stale. Issue #47, item 1: the rule space's files come first (the
other payloads follow, each moved here from the module that writes it).
"""

from __future__ import annotations

import inspect
import re
import sys
import types as pytypes
import typing
from importlib import resources
from pathlib import Path
from typing import Literal, NotRequired, TypedDict

from vizgen.analysis.words import Review
from vizgen.reports.best import BestAxis, BestRow
from vizgen.reports.puzzles import Goal, PuzzleMove, PuzzleNode, PuzzleReply
from vizgen.reports.rules_of_thumb import RuleData
from vizgen.reports.space import SpaceColumns
from vizgen.site.data.address_words import AddressTable, GameRecord

__all__ = ["PAYLOADS", "BestData", "BestMeasure", "BestShown", "BestWant",
           "BuiltinRules", "ChunkRow", "Column", "DownloadColumn", "FieldSpec", "GameWords",
           "LargeRules", "MapData", "MapPeer", "PageConfig", "Review", "RuleBook", "RulesConfig", "Seats", "SpaceIndex",
           "SpacePart", "ThumbsData", "VariantChunk", "VariantNodes", "path", "types", "typescript"]


class SpaceIndex(TypedDict):
    """The rule space's index (``space-data.js``, :func:`vizgen.site.render.space_page.space_data`)."""

    #: the on/off rules, in the order of their bits in a combination
    bools: list[str]
    #: swaps and how they are counted, in index order
    swaps: list[tuple[int, str]]
    overflow: list[str]
    attack: list[str]
    halvesies: list[str]
    #: every parameter, in the order a spec writes them
    order: list[str]
    #: the standard rules' parameters by name (values of several types: a name's type is the rules' own)
    standard: dict[str, object]
    #: combinations a part covers
    block: int
    #: the parts that exist
    parts: list[int]
    rule_sets: int
    # issue #48 item 4 (words from the one table): the units a share is written with, and the rule book (the rules'
    # words; why the rules refuse a combination)
    #: how a share is written (:data:`vizgen.analysis.units.UNITS`)
    units: dict[str, str | int]
    book: RuleBook


class SpacePart(SpaceColumns):
    """The record's rows of one part of the rule space (``space/part-<k>.js``)."""

    #: each row's combination: gaps from the part's start (the first from -1)
    index: list[int]
    #: the row's game, numbered within the part
    game: list[int]
    #: how many other rule sets of the map give the same game
    others: list[int]


class BestMeasure(TypedDict):
    """A measure the best page ranks by (``best-data.js``): its key, title, the player it is measured under (in
    words, empty for the game's own figures), what it means, its unit and which end a ranking shows first."""

    key: str
    title: str
    player: str
    meaning: str
    unit: str
    first: str


class BestWant(TypedDict):
    """What a group may want of a game (:data:`vizgen.reports.best.WANTS`): its key, its box's label, and its
    threshold in words with its unit."""

    key: str
    label: str
    words: str


class BestShown(BestRow):
    """A distinct game as the best page shows it: its row, the address that plays it, each measure written in its
    unit, and its composite score written."""

    #: the rules page's address that plays it, relative to the site's root
    play: str
    shown: list[str]
    score: str


class BestData(TypedDict):
    """The best page's data (``best-data.js``, :func:`vizgen.site.render.best_page.best_data`)."""

    #: how much of the space the judged record covers, said beside every ranking and the scatter
    coverage: str

    measures: list[BestMeasure]
    wants: list[BestWant]
    #: the family's wants: fair, rarely drawn, over in 20 plies
    family: list[str]
    rows: list[BestShown]
    #: ``wants|by``: the best games passing the wants (keys joined by commas) on ``by``, as rows
    lists: dict[str, list[int]]
    #: per set of wants, the distinct games that pass them
    passing: dict[str, int]
    standard: int
    axes: list[BestAxis]
    #: ``a|b``: per cell of the two axes' bins, ``[bin of a, bin of b, distinct games]``
    cells: dict[str, list[list[int]]]
    games: int
    units: dict[str, str | int]


class Seats(TypedDict):
    """Per seat, counted from the player to move: its name and the words of a game it has won
    (:func:`vizgen.analysis.words.seat_words`)."""

    names: list[str]
    won: list[str]


class PageConfig(TypedDict):
    """A variant page's configuration (its ``<script id="vizgen-config">``, :func:`vizgen.site.render._config`),
    read by the viewer (``viewer/interfaces.js``'s ``Config``)."""

    #: a small variant's whole graph, a big one's explorer, or a page shipped by position code
    kind: Literal["small", "big", "code"]
    #: the folder of the page's data files, from the page
    data: str
    slug: str
    players: int
    #: hands a player
    hands: int
    #: the hands' roll-over
    r: int
    #: self-gain rules (a move adds to one of your own hands)
    gain: bool
    #: the start position's notation
    start: str
    #: the data files of the node table (or of the facts on a code page)
    chunks: int
    #: the page has a picture of every position (overview.png)
    overview: bool
    #: the page has a value map
    map: bool
    #: the view shown first
    view: Literal["graph", "map"]
    #: both themes' palettes by name (:data:`vizgen.site.drawing.theme.PALETTES`)
    themes: dict[str, dict[str, str]]
    #: the word tables (:func:`vizgen.analysis.words.for_browser`: tables of several shapes, typed in the browser by
    #: ``viewer/interfaces.js``'s ``Words``)
    words: dict[str, object]
    seats: Seats


class GameWords(TypedDict):
    """The words a game on a variant's page reads (play/), in the page's configuration as ``words``
    (:func:`vizgen.analysis.words.for_browser`): the game's own, its review's (:class:`~vizgen.analysis.words.Review`)
    and the endings'."""

    #: :data:`vizgen.analysis.play_words.PLAY`, by key
    play: dict[str, str]
    review: Review
    #: how a game ends besides a win (:data:`vizgen.analysis.words.ENDING`), by key
    ending: dict[str, str]


# --- the practice page (practice/, issue #47 item 1): the files of vizgen/site/render/practice_page.py; a
# position's moves are named fields on the wire (docs/FRONTEND.md says why), typed where they are made
# (vizgen/reports/puzzles.py: PuzzleMove, PuzzleReply, PuzzleNode, Goal) ---


class PracticeNode(PuzzleNode):
    """A position of a variant's practice file (:class:`~vizgen.reports.puzzles.PuzzleNode`) with its hands."""

    #: per player, the player to move first, each hand's fingers (a half as .5, a negative hand below 0)
    h: list[list[float]]


class PracticePuzzle(TypedDict):
    """A puzzle of a variant's practice file, by its position (what the board needs beside the index's entry)."""

    kind: Literal["win", "draw", "survive"]
    #: the plies to win in (1: one move to find)
    plies: int
    #: the solution as the perfect player plays it, in notation
    line: list[str]
    #: the position's value, in words
    value: str
    #: one move to find (three or four players)
    single: NotRequired[bool]


class PracticeData(TypedDict):
    """A variant's practice file (``practice/<slug>.js``): its puzzles by position, the positions they visit
    (null when every position is shipped in ``table``), its goals and, with goals, every position (else none)."""

    puzzles: dict[str, PracticePuzzle]
    nodes: dict[str, PracticeNode] | None
    goals: list[Goal]
    table: dict[str, PracticeNode]


class PracticeVariant(TypedDict):
    """A variant of the practice index: its puzzles' count and, when it has none, why (else null)."""

    slug: str
    title: str
    players: int
    count: int
    why: str | None


class IndexGoal(TypedDict):
    """A goal of the practice index: its id, variant (v), number in the variant's goals (k), title and text."""

    id: str
    v: str
    k: int
    title: str
    text: str


class PracticeIndex(TypedDict):
    """The practice index (``practice/index.js``)."""

    variants: list[PracticeVariant]
    #: every puzzle in brief: its variant's place in ``variants``, its position, rating and theme indices in
    #: ``keys`` (decoded once, by practice.js's ``entries``)
    puzzles: list[tuple[int, str, int, list[int]]]
    goals: list[IndexGoal]
    #: the themes' words, by key
    themes: dict[str, str]
    keys: list[str]
    #: the word tables the page reads (several shapes, typed in the browser by ``practice/interfaces.js``'s
    #: ``Words``)
    words: dict[str, object]


class DailyEntry(TypedDict):
    """A puzzle of the daily pool: its id, variant (v), position (p), rating (r) and theme keys (t)."""

    id: str
    v: str
    p: str
    r: int
    t: list[str]


class DailyPool(TypedDict):
    """The daily puzzle's pool (``practice/daily.js``): its puzzles, the variants' titles and the themes' words."""

    days: list[DailyEntry]
    titles: dict[str, str]
    themes: dict[str, str]


# ------------------------------------------------------------------ the viewer's data files (viewer/model.js)
class FieldSpec(TypedDict):
    """A field of a block of the wire (:func:`vizgen.site.render.wire.spec`, read by ``core/wire.js``)."""

    name: str
    #: its bytes a value
    width: int


class Column(TypedDict):
    """A column of the node table the position panel lists (:func:`vizgen.site.render.datafiles.panel_columns`)."""

    name: str
    label: str
    #: how the panel shows it: percent, plies, count or number
    show: str
    #: one sentence: what the figure means
    doc: str
    #: the value that means none (null: every value is one)
    missing: int | None


class VariantNodes(TypedDict):
    """A variant's ``nodes.js`` (:func:`vizgen.site.render.datafiles.data_files`): every position's notation and
    facts, the panel's columns and, for a small variant, the layout (the fields a big variant lacks are optional)."""

    #: positions (node ids 0 to n - 1)
    n: int
    players: int
    #: the start position's node id
    start: int
    #: positions a chunk file (c<k>.js) holds
    chunk: int
    #: moves
    edges: int
    #: every position's notation, by node id, separated by spaces
    notation: str
    #: the fields of the facts' block
    fields: list[FieldSpec]
    #: the facts of every position, one block of the wire (base64)
    facts: str
    columns: list[Column]
    #: the fields of a chunk's block of the computer opponents' moves, one per computer player
    opponents: list[FieldSpec]
    #: a small variant's layout: each position's centre (Graphviz's points times scale)
    x: NotRequired[list[float]]
    y: NotRequired[list[float]]
    #: the layout's scale from Graphviz's points
    scale: NotRequired[float]
    #: a position's radius
    size: NotRequired[float]
    #: the banded layout's boxes: width and height
    box: NotRequired[tuple[float, float]]
    #: the banded layout's words: x, y, text, its alignment and its class
    bands: NotRequired[list[tuple[float, float, str, str, str]]]
    #: the moves drawn by default (they carry meaning), by edge number
    shown: NotRequired[list[int]]


#: a position in a chunk: its hands, its panel values that are not on the wire (in the columns' order), its moves
#: (each its target's node id, then its names) and its parents' node ids
ChunkRow = tuple[list[list[int]], list[float | None], list[list[int | str]], list[int]]


class VariantChunk(TypedDict):
    """A variant's chunk file ``c<k>.js``: the detail of the positions from ``first`` on (``model.js``)."""

    #: the node id of its first position
    first: int
    nodes: list[ChunkRow]
    #: the computer opponents' moves (the fields of nodes.js's opponents), one block of the wire (base64)
    opponents: str



# --- the rules page (rules.html): its configuration, read by pages/rules.js and rules/ (issue #47, the rules page) ---


class LargeRules(TypedDict):
    """How far past ``max_positions`` a device that reports its memory may solve (:mod:`vizgen.util.sizes`)."""

    #: the site's own ceiling, in positions
    max_positions: int
    #: the share of the device's memory the page allows itself
    memory_share: float
    bytes_per_position: int
    bytes_per_hand_pair: int


class BuiltinRules(TypedDict):
    """A built-in variant as the rules page knows it: its title, its line and the parameters that differ from the
    defaults."""

    title: str
    summary: str
    params: dict[str, int | bool | str]


class RuleBook(TypedDict):
    """Every rule parameter and built-in variant (:func:`vizgen.site.render.rules_page.rulebook_data`), read by
    ``rules/engine/rulebook.js``."""

    #: every parameter, in the order a spec writes them
    names: list[str]
    #: every parameter's default, by name
    defaults: dict[str, int | bool | str]
    #: the whole-number parameters' bounds
    ranges: dict[str, tuple[int, int]]
    #: the text parameters' choices
    choices: dict[str, list[str]]
    hand_sets_max: int
    #: the most positions a browser solves (more: the command)
    max_positions: int
    random_max_states: int
    large: LargeRules
    #: each parameter's line on the form
    axes: dict[str, str]
    #: the built-in variants, by slug, in the registry's order
    variants: dict[str, BuiltinRules]
    #: the start's words (:data:`vizgen.analysis.rulebook.START_WORDS`)
    start: dict[str, str]
    # issue #48 item 4 (words from the one table)
    #: every parameter's name in words (:data:`vizgen.analysis.rulebook.RULE_WORDS`)
    words: dict[str, str]


class ThumbsData(TypedDict):
    """The rules of thumb search's candidates, in the order it ranks ties, and its limits."""

    rules: list[RuleData]
    max_rules: int
    min_gain: float


class DownloadColumn(TypedDict):
    """A column of a variant page's JSON download the rules page fills too."""

    name: str
    label: str
    kind: str
    doc: str


#: ``from`` is a Python keyword: the field is declared here, the others on :class:`RulesConfig`
_RulesFrom = TypedDict("_RulesFrom", {"from": str})


class RulesConfig(_RulesFrom):
    """The rules page's configuration (its ``<script id="rules-config">``,
    :func:`vizgen.site.render.rules_page.rules_context`); ``from`` is the rule set to start from."""

    book: RuleBook
    #: the word tables (:func:`vizgen.analysis.words.for_browser`, as on a variant page)
    words: dict[str, object]
    #: both themes' palettes by name
    themes: dict[str, dict[str, str]]
    #: the value map's shades and their fills by theme
    shading: dict[str, object]
    #: per number of players (as text), the seats' names and words
    seats: dict[str, Seats]
    #: the graph's legends: two players, more with their fate, more without
    legends: dict[str, dict[str, str | dict[str, str]]]
    #: the position panel's columns a rule set solved in the browser fills
    columns: list[Column]
    download: list[DownloadColumn]
    #: the site's root, from the page
    root: str
    #: the worker's script, from the root
    worker: str
    #: the short guide's words (:data:`vizgen.reports.lessons.VERDICT_WORDS`)
    guide: dict[str, str]
    thumbs: ThumbsData
    #: the address's notes the comparison says (a compare= that cannot be read)
    notes: dict[str, str]


class MapPeer(TypedDict):
    """A variant of the same shape that a value map compares with: its cells whose value differs, and that value."""

    slug: str
    #: its title, control characters written visibly
    title: str
    #: the differing cells (row-major indices)
    cells: list[int]
    #: the peer's value there for the player to move (+1, 0, -1)
    value: list[int]


class MapData(TypedDict):
    """A two-player variant's value map (``map.js``, :func:`vizgen.site.render.maps.map_payload`)."""

    #: cells per side
    m: int
    #: the axes' labels (the hands)
    labels: list[str]
    #: per cell (row-major: rows the mover's hands, columns the opponent's) its node id, -1 where no game goes
    node: list[int]
    #: the start's cell: row and column
    start: tuple[int, int]
    compare: list[MapPeer]
    #: per cell its shade, -1 where no game goes
    shade: list[int]
    #: per theme and value class, the colour of each shade
    fills: dict[str, dict[str, list[str]]]


#: every payload typed here, in the order payloads.d.ts declares them
PAYLOADS: tuple[type, ...] = (SpaceIndex, SpacePart, Seats, PageConfig, Review, GameWords,
                              PuzzleReply, PuzzleMove, PuzzleNode, Goal, PracticeNode, PracticePuzzle,
                              PracticeData, PracticeVariant, IndexGoal, PracticeIndex, DailyEntry, DailyPool,
                              AddressTable, GameRecord, FieldSpec, Column, VariantNodes, VariantChunk,
                              LargeRules, BuiltinRules, RuleBook, RuleData, ThumbsData, DownloadColumn,
                              RulesConfig, MapPeer, MapData, BestMeasure, BestWant, BestRow,
                              BestShown, BestAxis, BestData)

_SCALARS = {str: "string", int: "number", float: "number", bool: "boolean", object: "unknown", type(None): "null"}


def typescript(hint: object) -> str:
    """A Python type hint of a payload's field as TypeScript.

    Examples
    --------
    >>> typescript(list[tuple[int, str]])
    '[number, string][]'
    >>> typescript(dict[str, object])
    'Record<string, unknown>'
    >>> typescript(int | None), typescript(list[int | None]), typescript(SpacePart)
    ('number | null', '(number | null)[]', 'SpacePart')
    >>> typescript(Literal["W", "L"])
    '"W" | "L"'
    >>> typescript(set[int])
    Traceback (most recent call last):
    ...
    TypeError: no TypeScript for set[int]
    """
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and hint in PAYLOADS:
        return hint.__name__
    if hint in _SCALARS:
        return _SCALARS[hint]
    if origin is list:
        inner = typescript(args[0])
        return f"({inner})[]" if " | " in inner else f"{inner}[]"
    if origin is tuple and args and args[-1] is not Ellipsis:
        return "[" + ", ".join(typescript(a) for a in args) + "]"
    if origin is dict and args[0] is str:
        return f"Record<string, {typescript(args[1])}>"
    if origin in (typing.Union, pytypes.UnionType):
        return " | ".join(typescript(a) for a in args)
    if origin is Literal:
        return " | ".join(f'"{a}"' if isinstance(a, str) else str(a).lower() for a in args)
    raise TypeError(f"no TypeScript for {hint}")


def optional(cls: type) -> set[str]:
    """The fields a payload may leave out (``NotRequired``; read from the hints themselves, which postponed
    annotations keep out of ``__optional_keys__``).

    Examples
    --------
    >>> sorted(optional(PracticeNode)), sorted(optional(SpacePart))
    (['r', 't'], [])
    """
    hints = typing.get_type_hints(cls, include_extras=True)
    return {name for name, hint in hints.items() if typing.get_origin(hint) is NotRequired} | \
        set(getattr(cls, "__optional_keys__", ()))


def _comments(cls: type) -> dict[str, str]:
    """Each field's ``#:`` comment in the class's source and its base payload's (its meaning, written once, beside
    the field); none for a payload of the functional form (a field named by a Python keyword)."""
    try:
        source = inspect.getsource(cls)
    except OSError:
        return {}
    found: dict[str, str] = {}
    base = re.match(r"class \w+\((\w+)\)", source.lstrip())
    if base and typing.is_typeddict(parent := getattr(sys.modules[cls.__module__], base.group(1), None)):
        found = _comments(typing.cast(type, parent))
    pending: list[str] = []
    for line in source.splitlines():
        text = line.strip()
        if text.startswith("#:"):
            pending.append(text[2:].strip())
        elif ":" in text and not text.startswith(('"', "class ")):
            found[text.split(":", 1)[0]] = " ".join(pending)
            pending = []
    return {k: v for k, v in found.items() if v}


def types() -> str:
    """The text of ``payloads.d.ts``: an interface a payload, a field a member, with its comment.

    Examples
    --------
    >>> text = types()
    >>> "export interface SpacePart {" in text and "  others: number[];" in text
    True
    """
    lines = ["// vizgen payloads' types, GENERATED by vizgen/site/render/payloads.py from its TypedDicts. Do not edit:",
             "// run `python -m vizgen.site.render.contract` (tests/test_payloads.py checks it).", ""]
    for cls in PAYLOADS:
        lines.append(f"/** {(cls.__doc__ or '').strip()} */")
        lines.append(f"export interface {cls.__name__} {{")
        notes = _comments(cls)
        left_out = optional(cls)
        for name, hint in typing.get_type_hints(cls).items():
            if name in notes:
                lines.append(f"  /** {notes[name]} */")
            lines.append(f"  {_member(name)}{'?' if name in left_out else ''}: {typescript(hint)};")
        lines += ["}", ""]
    return "\n".join(lines)


def _member(name: str) -> str:
    """A field's name as a TypeScript member (quoted when it is not an identifier).

    Examples
    --------
    >>> _member("from"), _member("a-b")
    ('from', '"a-b"')
    """
    return name if name.isidentifier() else f'"{name}"'


def path() -> Path:
    """Where the checked-in ``payloads.d.ts`` is: beside the contract's types."""
    return Path(str(resources.files("vizgen.site") / "static" / "js" / "core" / "payloads.d.ts"))
