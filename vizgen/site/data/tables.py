"""The node and edge tables: every per-position figure as a column, every move as a row.

The JSON and GraphML downloads, the site's data files and the position panel
all iterate :class:`NodeTable`'s column spec. To add a per-position figure,
write one function that returns its column and values and append it to
:data:`COLUMN_MAKERS`. A figure that the code pages show too, or that the
browser reads, is a position fact: an array of
:func:`vizgen.analysis.facts.position_facts`, a field of
:data:`vizgen.site.render.wire.POSITION_FIELDS` and, for the panel, a column of
:data:`FACT_COLUMNS`; the columns read the facts, nothing is computed twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from vizgen.ai.games import perfect_player
from vizgen.ai.maxn import maxn_levels, notation_rank
from vizgen.ai.tricky import ROUNDS, SCALE, trap_figure, tricky_player
from vizgen.analysis.facts import position_facts
from vizgen.analysis.solved import Solved, best_edges, fate

__all__ = ["COLUMN_MAKERS", "DEPTH", "FACT_COLUMNS", "FORCED_OUT_IN", "OPPONENTS", "PLAY_DEPTHS", "TRAP", "Column",
           "EdgeTable", "NodeTable", "edge_table", "node_table"]


@dataclass(frozen=True)
class Column:
    """What one per-position column holds and how to show it.

    Attributes
    ----------
    name : str
        Key in the downloads and data files.
    label : str
        Words for people.
    kind : str
        ``int``, ``float``, ``bool`` or ``text`` (GraphML and JSON types).
    show : str
        How the position panel shows it: ``percent``, ``plies``, ``count`` or
        ``yesno``; ``data`` columns are in the downloads but not listed in the panel.
    doc : str
        One sentence: what the figure means.
    missing : int or None
        A sentinel value that means "none" (written as null), if any.
    """

    name: str
    label: str
    kind: str
    show: str
    doc: str
    missing: int | None = None


@dataclass(frozen=True, eq=False)
class NodeTable:
    """Every per-position figure of a solved variant, one column each.

    Attributes
    ----------
    columns : tuple of Column
        The column spec, in display order.
    data : dict of str to numpy.ndarray
        The values, one array of ``n`` entries per column name.
    """

    columns: tuple[Column, ...]
    data: dict[str, np.ndarray]

    def __len__(self) -> int:
        return len(next(iter(self.data.values())))

    def __getitem__(self, name: str) -> np.ndarray:
        return self.data[name]

    def plain(self, name: str) -> list[Any]:
        """Return a column as plain Python values, the missing sentinel as None, floats to 9 digits."""
        column = next(c for c in self.columns if c.name == name)
        values = self.data[name]
        if column.kind == "float":
            return [round(float(v), 9) for v in values.tolist()]
        out: list[Any] = values.tolist()
        if column.missing is not None:
            out = [None if v == column.missing else v for v in out]
        return out

    def rows(self) -> list[dict[str, Any]]:  # open: a row per position, its columns by name (each its kind's type)
        """Return one dict per position (``id`` first, then the columns)."""
        cols = {c.name: self.plain(c.name) for c in self.columns}
        return [{"id": i, **{name: vals[i] for name, vals in cols.items()}} for i in range(len(self))]


ColumnMaker = Callable[[Solved], list[tuple[Column, np.ndarray]]]

#: plies from the start (a column of every variant)
DEPTH = Column("depth", "From the start", "int", "plies",
               "Plies (one player's move each) from the start on the shortest way here.")
#: the mover's fate with three or more players (:func:`vizgen.analysis.solved.fate`)
FORCED_OUT_IN = Column("forced_out_in", "Forced out in", "int", "plies",
                       "How soon the other players together can force the player to move out, however they resist; "
                       "none if they survive whatever the others do.", missing=-1)
#: the panel's columns that are position facts on the wire (:mod:`vizgen.site.render.wire`): a code page,
#: which has no node table, lists these
FACT_COLUMNS = (DEPTH, FORCED_OUT_IN)


def _identity_columns(solved: Solved) -> list[tuple[Column, np.ndarray]]:
    g = solved.graph
    return [(Column("position", "Position", "text", "data", "The position, the player to move first."),
             np.array(g.notations(), dtype=object))]


def _solution_columns(solved: Solved) -> list[tuple[Column, np.ndarray]]:
    facts = position_facts(solved)
    return [
        (Column("winner", "Forced winner", "int", "data",
                "Seat (0 = the player to move, 1 = the next ...) that can force a win; none in a draw.",
                missing=-1), facts.winner),
        (Column("remoteness", "Remoteness", "int", "data",
                "Plies (one player's move each) to the end with best play: fewest for the winner, most the loser "
                "can hold out.",
                missing=-1), facts.remoteness),
        (Column("terminal", "Game over", "bool", "data", "The game is over in this position."), facts.terminal),
        (DEPTH, facts.depth),
    ]


def _fate_columns(solved: Solved) -> list[tuple[Column, np.ndarray]]:
    out_in = position_facts(solved).forced_out_in
    if out_in is None:
        return []
    return [(FORCED_OUT_IN, out_in)]


def _best_move_column(solved: Solved) -> list[tuple[Column, np.ndarray]]:
    g = solved.graph
    counts = np.bincount(g.sources[best_edges(solved)], minlength=g.n).astype(np.int32)
    return [(Column("best_moves", "Optimal moves", "int", "count",
                    "How many moves keep the best value for the player to move."), counts)]


def _odds_columns(solved: Solved) -> list[tuple[Column, np.ndarray]]:
    if solved.random_win is None or solved.perfect_win is None:
        return []
    return [
        (Column("random_win", "Random play", "float", "percent",
                "The player to move wins this often when both play uniformly at random."), solved.random_win),
        (Column("perfect_win", "Perfect against random", "float", "percent",
                "The player to move wins this often playing perfectly against a random opponent."),
         solved.perfect_win),
    ]


#: the max^n depths the site offers as opponents
PLAY_DEPTHS = (1, 2, 3, 5)
#: the node-table columns that hold each computer opponent's move (a child node id), in the order the site offers them
OPPONENTS = ("perfect_move", "tricky_move", *(f"maxn{d}_move" for d in PLAY_DEPTHS))
#: the tricky perfect player's figure (:func:`vizgen.ai.tricky.trap_figure`), for the player who moved to the position
TRAP = Column("trap", "Trap figure", "int", "data",
              f"For the player who moved here: the chance, in {SCALE}ths, that random opponents give them a better "
              f"value within their next {ROUNDS} rounds of moves, they choosing among their optimal moves the one "
              "with the best chance; the tricky perfect player moves to the optimal position with the highest "
              "(docs/RULINGS.md).")


def _opponent_columns(solved: Solved) -> list[tuple[Column, np.ndarray]]:
    """The move of each computer opponent from every position (each a :class:`vizgen.ai.players.Policy`): the
    perfect and the tricky perfect player, and max^n at each depth (all in one pass); and the tricky player's trap
    figure."""
    g = solved.graph
    rank = notation_rank(g)
    out_in = fate(solved, g.players - 1)
    trap = trap_figure(solved)
    columns = [(Column("perfect_move", "Perfect player's move", "int", "data",
                       "The position the perfect player moves to: its fastest win, else a move that keeps the game "
                       "open (with more players one where it survives, else its latest forced exit), else its "
                       "slowest loss (docs/RULINGS.md).", missing=-1),
                perfect_player(g, solved.forced, rank, out_in).moves),
               (Column("tricky_move", "Tricky perfect player", "int", "data",
                       "The position the tricky perfect player moves to: among the perfect player's optimal moves, "
                       "the one to the highest trap figure (docs/RULINGS.md).", missing=-1),
                tricky_player(g, solved.forced, trap, rank, out_in).moves),
               (TRAP, trap)]
    for table in maxn_levels(g, max(PLAY_DEPTHS)):
        if table.depth in PLAY_DEPTHS:
            columns.append((Column(f"maxn{table.depth}_move", f"max-n move, depth {table.depth}", "int", "data",
                                   f"The position max-n searching {table.depth} plies deep moves to "
                                   "(docs/RULES.md section 8).", missing=-1), table.player.moves))
    return columns


#: the functions that make the node table's columns, in order: add a per-position figure here
COLUMN_MAKERS: list[ColumnMaker] = [_identity_columns, _solution_columns, _fate_columns, _best_move_column,
                                    _odds_columns, _opponent_columns]


def node_table(solved: Solved) -> NodeTable:
    """Return every per-position figure of a solved variant.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    NodeTable
        The columns of :data:`COLUMN_MAKERS`, in order.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> table = node_table(solve_variant(resolve("standard")))
    >>> len(table), table.plain("position")[0]
    (204, '00-01')
    """
    made = [pair for maker in COLUMN_MAKERS for pair in maker(solved)]
    return NodeTable(columns=tuple(c for c, _ in made), data={c.name: np.asarray(v) for c, v in made})


@dataclass(frozen=True, eq=False)
class EdgeTable:
    """The moves of a solved variant, one row per edge (distinct moves to the same position share one).

    Attributes
    ----------
    src, dst : numpy.ndarray
        Node ids at either end, sorted by ``(src, dst)``.
    moves : list of tuple of str
        The notations of the moves on each edge, the representative first.
    best : numpy.ndarray
        Whether the edge is an optimal move (:func:`best_edges`).

    What a move means for the player choosing it depends only on its target: it is the target's
    ``choice`` fact (:mod:`vizgen.analysis.facts`).
    """

    src: np.ndarray
    dst: np.ndarray
    moves: list[tuple[str, ...]]
    best: np.ndarray

    def __len__(self) -> int:
        return int(self.src.size)


def edge_table(solved: Solved) -> EdgeTable:
    """Return the moves of a solved variant as an :class:`EdgeTable`.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> len(edge_table(solve_variant(resolve("standard"))))
    531
    """
    g = solved.graph
    return EdgeTable(src=g.sources, dst=g.indices, moves=g.edge_notations, best=best_edges(solved))
