"""The value map of a two-player variant: every position as a cell of a square grid.

Rows are the hands of the player to move, columns the opponent's: every sorted
multiset of hand values, in the rules' order (``00, 01, ..., 04, 11, ...``;
15 x 15 at r = 5, 55 x 55 at r = 10, 35 x 35 with three hands). A cell holds
the position with those hands, or nothing when no game reaches it. With
``swaps > 0`` one pair of hands stands for several positions (one per swap
count); the cell shows the one with the fewest swaps in a row reached, which is
the position without a swap whenever that one is reachable.

It sits beside :mod:`vizgen.site.drawing.layout`, whose colours it uses.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np

from vizgen.analysis.meaning import CLASSES, class_of_value
from vizgen.analysis.solved import Solved
from vizgen.engine.notation import Value
from vizgen.site.drawing import theme
from vizgen.site.drawing.layout import START

__all__ = ["ValueMap", "compare", "shade_colours", "shades", "svg", "value_map"]

#: Shades of a decided cell, from game over (full colour) to the longest remoteness (lightest).
SHADES = 6
#: How far the lightest shade goes toward white.
LIGHTEST = 0.7


@dataclass(frozen=True, eq=False)
class ValueMap:
    """A two-player variant's positions on a grid of hands.

    Attributes
    ----------
    hands : list of tuple of Value
        The hands of every player state (:attr:`vizgen.engine.rules.Rules.states`), in row (and column) order.
    node : numpy.ndarray
        int32 ``(m, m)``: the node id of the position whose mover holds
        ``hands[row]`` and whose opponent holds ``hands[col]``, -1 if no game
        reaches it.
    value : numpy.ndarray
        int8 ``(m, m)``: +1 win, 0 draw, -1 loss for the player to move; 0
        where ``node`` is -1.
    remoteness : numpy.ndarray
        int32 ``(m, m)``: plies to the end under best play, -1 for draws and
        unreachable cells.
    start : tuple of int
        ``(row, col)`` of the start.
    names : list of str
        The notation of every player state (``12``, ``1.10`` when r > 10, ``11:3`` with lives).
    """

    hands: list[tuple[Value, ...]]
    node: np.ndarray
    value: np.ndarray
    remoteness: np.ndarray
    start: tuple[int, int]
    names: list[str]

    @property
    def reachable(self) -> np.ndarray:
        """bool ``(m, m)``: the cells that hold a position."""
        return self.node >= 0

    def label(self, index: int) -> str:
        """Axis label of player state ``index`` (``12``, or ``1.10`` when r > 10)."""
        return self.names[index]


def value_map(solved: Solved) -> ValueMap:
    """Put every position of a two-player variant on the grid of (mover's hands, opponent's hands).

    Parameters
    ----------
    solved : Solved
        A solved two-player variant.

    Returns
    -------
    ValueMap
        The grid.

    Raises
    ------
    ValueError
        If the variant has more than two players.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> vm = value_map(solve_variant(resolve("standard")))
    >>> vm.node.shape, int(vm.reachable.sum())
    ((15, 15), 204)
    >>> vm.label(vm.start[0]), vm.label(vm.start[1])
    ('11', '11')
    """
    g = solved.graph
    if g.players != 2:
        raise ValueError(f"the value map needs two players; this variant has {g.players}")
    rules = g.rules
    m = rules.m
    _, (mover, opponent) = rules.seats(g.codes)
    cell = mover * m + opponent
    # nodes are sorted by code, and a cell's codes differ only by the swap count: the first has the fewest swaps
    cells, first = np.unique(cell, return_index=True)
    node: np.ndarray = np.full(m * m, -1, dtype=np.int32)
    node[cells] = first
    node = node.reshape(m, m)
    f = solved.forced
    hit = node >= 0
    value = np.where(hit, f.value[node], 0).astype(np.int8)
    remoteness = np.where(hit, f.remoteness[node], -1).astype(np.int32)
    s = int(cell[g.start])
    return ValueMap(list(rules.sets), node, value, remoteness, (s // m, s % m), list(rules.names))


def compare(a: ValueMap, b: ValueMap) -> np.ndarray:
    """The cells whose value differs between two variants of the same shape.

    Parameters
    ----------
    a, b : ValueMap
        Value maps of two variants with the same hands and roll-over number.

    Returns
    -------
    numpy.ndarray
        bool ``(m, m)``: reachable in both and of different value for the
        player to move.

    Raises
    ------
    ValueError
        If the two maps have different hand multisets.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> standard = value_map(solve_variant(resolve("standard")))
    >>> suicide = value_map(solve_variant(resolve("suicide")))
    >>> bool(compare(standard, standard).any()), bool(compare(standard, suicide).any())
    (False, True)
    """
    if a.names != b.names:
        raise ValueError(f"value maps of different shapes ({len(a.names)} and {len(b.names)} player states) "
                         "cannot be compared")
    differ: np.ndarray = a.reachable & b.reachable & (a.value != b.value)
    return differ


def shade_colours(palette: dict[str, str]) -> dict[str, list[str]]:
    """Per value class, the colour of each shade: its fill taken toward the map's background, the palette's card.

    Examples
    --------
    >>> shade_colours(theme.LIGHT)["win"][0] == theme.LIGHT["win"], len(shade_colours(theme.DARK)["loss"])
    (True, 6)
    """
    return {c.key: [theme.mix(palette[c.palette], palette["card"], LIGHTEST * k / (SHADES - 1)) for k in range(SHADES)]
            for c in CLASSES.values()}


def shades(vm: ValueMap) -> np.ndarray:
    """The shade of every cell (0 at game over to ``SHADES - 1`` at the longest end; 0 where no one can force
    one; -1 where no game goes): the browser's map and the pictures read it.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> s = shades(value_map(solve_variant(resolve("standard:r=3"))))
    >>> int(s.min()), int(s.max())
    (-1, 5)
    """
    decided = vm.reachable & (vm.remoteness >= 0)
    longest = max(int(vm.remoteness.max()), 1)
    shade = np.where(decided, np.ceil(vm.remoteness * (SHADES - 1) / longest), 0).astype(int)
    return np.where(vm.reachable, shade, -1)


def _fills(vm: ValueMap, palette: dict[str, str]) -> np.ndarray:
    """Fill colour of every reachable cell: colour by value, lighter as the end is further away."""
    shade, table = shades(vm), shade_colours(palette)
    fills = np.full(vm.node.shape, "", dtype=object)
    for val in (1, 0, -1):
        colours = table[class_of_value(val)]
        for k in range(SHADES):
            sel = (vm.value == val) & (shade == k)
            if sel.any():
                fills[sel] = colours[k]
    return fills


def svg(vm: ValueMap, cell: float = 12.0, axis: bool = True, marked: np.ndarray | None = None) -> bytes:
    """Draw a value map as a compact SVG.

    Cells are coloured by value for the player to move (green win, yellow draw,
    red loss), lighter the longer the end is under best play; unreachable cells
    stay blank; the start is ringed in blue.

    Parameters
    ----------
    vm : ValueMap
        The map.
    cell : float
        Side of a cell in px.
    axis : bool
        Write the hand values along both axes (the opponent's on top, the
        mover's on the left) with the axes' names.
    marked : numpy.ndarray, optional
        bool ``(m, m)``: cells to mark with a dark dot (e.g. :func:`compare`).

    Returns
    -------
    bytes
        SVG text.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> picture = svg(value_map(solve_variant(resolve("standard"))))
    >>> picture.startswith(b"<svg")
    True
    """
    m = len(vm.hands)
    chars = max(len(vm.label(i)) for i in range(m))
    font = cell * 0.62
    margin = (chars * font * 0.62 + font * 2.2) if axis else 0.0
    size = margin + m * cell
    out = io.StringIO()
    out.write(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size:.1f} {size:.1f}" width="{size:.0f}" '
              f'height="{size:.0f}" role="img"><title>Value map: rows the hands of the player to move, '
              'columns the opponent\'s</title>')
    out.write(f'<rect x="{margin:.1f}" y="{margin:.1f}" width="{m * cell:.1f}" height="{m * cell:.1f}" '
              f'fill="{theme.PALETTE["paper"]}"/>')
    fills = _fills(vm, theme.LIGHT)
    for colour in sorted(set(fills[vm.reachable].tolist())):
        rows, cols = np.nonzero(fills == colour)
        d = "".join(f"M{margin + c * cell:.1f} {margin + r * cell:.1f}h{cell:g}v{cell:g}h{-cell:g}z"
                    for r, c in zip(rows.tolist(), cols.tolist()))
        out.write(f'<path d="{d}" fill="{colour}"/>')
    if marked is not None and marked.any():
        rows, cols = np.nonzero(marked)
        radius = cell * 0.18
        d = "".join(f"M{margin + (c + 0.5) * cell - radius:.1f} {margin + (r + 0.5) * cell:.1f}"
                    f"a{radius:.1f} {radius:.1f} 0 1 0 {2 * radius:.1f} 0a{radius:.1f} {radius:.1f} 0 1 0 "
                    f"{-2 * radius:.1f} 0" for r, c in zip(rows.tolist(), cols.tolist()))
        out.write(f'<path d="{d}" fill="{theme.PALETTE["ink"]}"/>')
    r0, c0 = vm.start
    out.write(f'<rect x="{margin + c0 * cell + 0.5:.1f}" y="{margin + r0 * cell + 0.5:.1f}" width="{cell - 1:g}" '
              f'height="{cell - 1:g}" fill="none" stroke="{START}" stroke-width="{max(cell / 6, 1):.1f}"/>')
    if axis:
        out.write(f'<g font-family="DejaVu Sans Mono, monospace" font-size="{font:.1f}" '
                  f'fill="{theme.PALETTE["muted"]}">')
        for i in range(m):
            mid = margin + (i + 0.5) * cell
            out.write(f'<text x="{margin - font * 0.4:.1f}" y="{mid + font * 0.35:.1f}" text-anchor="end">'
                      f"{vm.label(i)}</text>")
            out.write(f'<text transform="translate({mid + font * 0.35:.1f} {margin - font * 0.4:.1f}) rotate(-90)">'
                      f"{vm.label(i)}</text>")
        out.write(f'<text x="{margin:.1f}" y="{font * 1.1:.1f}" font-family="DejaVu Sans, sans-serif">'
                  "opponent \u2192</text>")
        out.write(f'<text transform="translate({font * 1.1:.1f} {margin:.1f}) rotate(90)" text-anchor="start" '
                  'font-family="DejaVu Sans, sans-serif">player to move \u2192</text>')
        out.write("</g>")
    out.write("</svg>")
    light, dark = shade_colours(theme.LIGHT), shade_colours(theme.DARK)
    pairs = {a: b for key in light for a, b in zip(light[key], dark[key])}
    return theme.follow(out.getvalue().encode(), pairs)
