"""The banded layout of small graphs: a picture that shows the solution.

Three blocks side by side, left to right: the draws (rows by plies from the
start, the start alone on top), the wins and the losses (rows by remoteness,
the longest at the top, game over at the bottom). A decided band sits below
every band of greater remoteness, so the optimal moves run down the picture
toward the game-over positions; wins and losses alternate, half a row apart.
Wide bands wrap onto several rows. Graphviz's ``dot`` chooses the order of
the positions inside each band (fewest crossings); the blocks' widths are
chosen so that the picture fits a 900 x 600 box with every label readable.

Coordinates are in points, and are meant to be shown at about one CSS pixel
per point: at that scale a label takes :data:`CHAR_PX` per character and
:data:`LABEL_PX` in height, inside a node box of :func:`node_size`.
"""

from __future__ import annotations

import math

import numpy as np

from vizgen.analysis.words import BANDS, plies

__all__ = ["BOX", "CHAR_PX", "LABEL_PX", "band_labels", "fit_scale", "node_size", "order_dot", "overlaps", "place"]

#: The graph's box on the page at 1400 x 900 (``.graph``, about 940 x 730 CSS px), rounded down.
BOX = (900.0, 600.0)
#: Width of a label character and height of a label, in CSS px at fit.
CHAR_PX, LABEL_PX = 7.0, 14.0
#: Padding round the label inside a node; empty space between node boxes.
PAD_X, PAD_Y, GAP_X, GAP_Y = 8.0, 6.0, 8.0, 8.0
#: Extra space between two bands of one block, in rows.
BAND_GAP = 0.4
#: Blocks: draws, wins, losses (as :mod:`vizgen.analysis.bands` numbers them).
_BLOCKS = 3


def node_size(length: int) -> tuple[float, float]:
    """Width and height of a node box holding a label of ``length`` characters.

    Parameters
    ----------
    length : int
        Characters in the label.

    Returns
    -------
    tuple of float
        ``(width, height)`` in points (CSS px at fit).

    Examples
    --------
    >>> node_size(5)
    (43.0, 20.0)
    """
    return CHAR_PX * length + PAD_X, LABEL_PX + PAD_Y


def fit_scale(x: np.ndarray, y: np.ndarray, node_w: float, node_h: float,
              box: tuple[float, float] = BOX) -> float:
    """Scale at which the whole graph fits ``box``, node boxes (drawn at a fixed size) included.

    Parameters
    ----------
    x, y : numpy.ndarray
        Node centres in points.
    node_w, node_h : float
        Size of a node box in CSS px, whatever the scale.
    box : tuple of float
        Width and height of the view in CSS px.

    Returns
    -------
    float
        CSS px per point (infinite for a single node).

    Examples
    --------
    >>> fit_scale(np.array([0.0, 100.0]), np.array([0.0, 0.0]), 20.0, 10.0, (220.0, 100.0))
    2.0
    """
    span_x, span_y = float(np.ptp(x)), float(np.ptp(y))
    sx = (box[0] - node_w) / span_x if span_x > 0 else math.inf
    sy = (box[1] - node_h) / span_y if span_y > 0 else math.inf
    return min(sx, sy)


def overlaps(x: np.ndarray, y: np.ndarray, labels: list[str], box: tuple[float, float] = BOX,
             node: tuple[float, float] | None = None) -> list[tuple[int, int]]:
    """Pairs of positions whose label overlaps the other's label or node when the graph is fitted to ``box``.

    The graph is scaled to fit the box (:func:`fit_scale`); labels are
    :data:`CHAR_PX` per character by :data:`LABEL_PX`, centred on their node,
    and do not scale.

    Parameters
    ----------
    x, y : numpy.ndarray
        Node centres in points.
    labels : list of str
        Label of every node.
    box : tuple of float
        The view in CSS px.
    node : tuple of float, optional
        Size of every node box in CSS px; by default the box that holds the
        longest label (:func:`node_size`).

    Returns
    -------
    list of tuple of int
        ``(i, j)`` with ``i < j``, sorted.

    Examples
    --------
    >>> overlaps(np.array([0.0, 30.0, 900.0]), np.zeros(3), ["12-11", "11-11", "00-11"])
    [(0, 1)]
    """
    n = len(labels)
    if n < 2:
        return []
    length = max(len(s) for s in labels)
    node_w, node_h = node if node is not None else node_size(length)
    scale = fit_scale(x, y, node_w, node_h, box)
    scale = scale if math.isfinite(scale) else 1.0
    px, py = np.asarray(x, float) * scale, np.asarray(y, float) * scale
    half_label = np.array([CHAR_PX * len(s) for s in labels]) / 2
    found: list[tuple[int, int]] = []
    for start in range(0, n, 512):
        i = np.arange(start, min(n, start + 512))[:, None]
        dx, dy = np.abs(px[i] - px[None, :]), np.abs(py[i] - py[None, :])
        # label of i against label of j, and against node of j (either way round)
        label_label = (dx < half_label[i] + half_label[None, :]) & (dy < LABEL_PX)
        label_node = (dx < half_label[i] + node_w / 2) & (dy < (LABEL_PX + node_h) / 2)
        node_label = (dx < node_w / 2 + half_label[None, :]) & (dy < (LABEL_PX + node_h) / 2)
        hit = (label_label | label_node | node_label) & (i < np.arange(n)[None, :])
        a, b = np.nonzero(hit)
        found.extend(zip((a + start).tolist(), b.tolist()))
    return sorted(found)


def _rows(count: int, cols: int) -> int:
    return -(-count // cols) if count else 0


def _band_counts(block: np.ndarray, level: np.ndarray) -> list[dict[int, int]]:
    """Per block, nodes per level."""
    out: list[dict[int, int]] = []
    for b in range(_BLOCKS):
        lv, counts = np.unique(level[block == b], return_counts=True)
        out.append(dict(zip(lv.tolist(), counts.tolist())))
    return out


def _band_tops(bands: list[dict[int, int]], cols: tuple[int, int, int], row: float) -> dict[tuple[int, int], float]:
    """Top row (in points) of every band ``(block, level)``; the draws and the decided blocks start at 0."""
    gap = BAND_GAP * row
    tops: dict[tuple[int, int], float] = {}
    y = 0.0
    for lv in sorted(bands[0]):
        tops[0, lv] = y
        y += _rows(bands[0][lv], cols[0]) * row + gap
    # decided: levels from the longest down to game over; a band starts below the previous band's
    # last row (by half a row at least) and below its own block's last band
    last_row = -math.inf
    block_bottom = [-math.inf] * _BLOCKS
    for lv in sorted(set(bands[1]) | set(bands[2]), reverse=True):
        here = [b for b in (1, 2) if lv in bands[b]]
        top = max([last_row + row / 2, 0.0] + [block_bottom[b] + row + gap for b in here])
        for b in here:
            tops[b, lv] = top
            block_bottom[b] = top + (_rows(bands[b][lv], cols[b]) - 1) * row
        last_row = max(block_bottom[b] for b in here)
    return tops


def _height(tops: dict[tuple[int, int], float], bands: list[dict[int, int]], cols: tuple[int, int, int],
            row: float) -> float:
    return max(top + (_rows(bands[b][lv], cols[b]) - 1) * row for (b, lv), top in tops.items())


def _choose_columns(bands: list[dict[int, int]], slot: float, row: float,
                    box: tuple[float, float]) -> tuple[int, int, int]:
    """Columns of each block that make the picture fit ``box`` at the largest scale."""
    widest = [max(c.values(), default=0) for c in bands]
    ranges = [range(1, w + 1) if w else range(0, 1) for w in widest]
    best: tuple[float, int, tuple[int, int, int]] | None = None
    for c0 in ranges[0]:
        for c1 in ranges[1]:
            for c2 in ranges[2]:
                cols = (c0, c1, c2)
                used = [c for c in cols if c]
                width = sum(used) * slot + (len(used) - 1) * slot  # a slot's gap between blocks
                height = _height(_band_tops(bands, cols, row), bands, cols, row) + row
                scale = min(box[0] / width, box[1] / height)
                key = (round(scale, 6), -sum(used), cols)  # ties: the narrower, then the first
                if best is None or key[:2] > best[:2]:
                    best = (key[0], key[1], cols)
    assert best is not None
    return best[2]


def place(block: np.ndarray, level: np.ndarray, order: np.ndarray, length: int,
          box: tuple[float, float] = BOX) -> tuple[np.ndarray, np.ndarray]:
    """Coordinates of the banded layout.

    Parameters
    ----------
    block : numpy.ndarray
        Block of every node (0 draws, 1 wins, 2 losses: :func:`vizgen.analysis.bands.blocks`).
    level : numpy.ndarray
        Level of every node in its block (:func:`vizgen.analysis.bands.levels`).
    order : numpy.ndarray
        A sort key per node: the order of the nodes inside a band, left to right.
    length : int
        Characters of the longest label.
    box : tuple of float
        The view the picture is made to fit, in CSS px.

    Returns
    -------
    tuple of numpy.ndarray
        ``(x, y)`` in points, y growing downward.

    Examples
    --------
    >>> x, y = place(np.array([0, 1, 2]), np.array([0, 1, 0]), np.arange(3), 5)
    >>> [float(v) for v in y]  # the win in 1 above the loss in 0
    [0.0, 0.0, 14.0]
    """
    w, h = node_size(length)
    slot, row = w + GAP_X, h + GAP_Y
    bands = _band_counts(block, level)
    cols = _choose_columns(bands, slot, row, box)
    tops = _band_tops(bands, cols, row)
    left, x0 = [0.0] * _BLOCKS, 0.0
    for b in range(_BLOCKS):
        left[b] = x0
        if cols[b]:
            x0 += (cols[b] + 1) * slot
    x = np.zeros(block.size)
    y = np.zeros(block.size)
    for (b, lv), top in tops.items():
        members = np.flatnonzero((block == b) & (level == lv))
        members = members[np.lexsort((members, order[members]))]
        rows = _rows(members.size, cols[b])
        per_row = -(-members.size // rows)  # balanced rows
        for r in range(rows):
            part = members[r * per_row:(r + 1) * per_row]
            # the draws centred, the wins against the losses, the losses against the wins: short moves
            shift = ((cols[b] - part.size) / 2, float(cols[b] - part.size), 0.0)[b]
            x[part] = left[b] + (shift + np.arange(part.size)) * slot
            y[part] = top + r * row
    return x, y


def order_dot(block: np.ndarray, level: np.ndarray, sources: np.ndarray, targets: np.ndarray,
              shown: np.ndarray) -> np.ndarray:
    """Order the positions inside their bands with Graphviz ``dot`` (fewest crossings).

    One rank per band; the edges do not constrain the ranks, the shown ones
    weigh more in the crossing count. Pass the edges that matter: the shown
    ones and those between draws (measured on standard, suicide, cutoff and
    self-gain, that halves the crossings of the shown edges against the node
    order, where all edges or the blocks as clusters gain little).

    Parameters
    ----------
    block, level : numpy.ndarray
        Block and level of every node.
    sources, targets : numpy.ndarray
        The edges to take into account.
    shown : numpy.ndarray
        bool per edge given: drawn by default.

    Returns
    -------
    numpy.ndarray
        float x coordinate per node from ``dot``: sort by it within a band.

    Examples
    --------
    >>> key = order_dot(np.array([0, 0]), np.array([0, 0]), np.array([0]), np.array([1]), np.array([True]))
    >>> key.shape
    (2,)
    """
    import pygraphviz

    # decided bands: the longest remoteness on top; draws: the start on top
    decided = block > 0
    top = int(level[decided].max()) if decided.any() else 0
    rank = np.where(decided, top - level, level)
    lines = ['digraph { graph [nodesep="0.1", ranksep="0.3", newrank="true", splines="false"];',
             'node [shape="box", width="0.6", height="0.3", fixedsize="true", label=""];']
    lines.extend(f"r{k} [style=invis];" for k in range(int(rank.max()) + 1))
    lines.extend(f"r{k}->r{k + 1} [style=invis];" for k in range(int(rank.max())))
    for k in np.unique(rank).tolist():
        members = np.flatnonzero(rank == k).tolist()
        lines.append(f"{{ rank=same; r{k}; {' '.join(map(str, members))} }}")
    lines.extend(f'{a}->{b} [constraint="false"{", weight=4" if s else ""}];'
                 for a, b, s in zip(sources.tolist(), targets.tolist(), shown.tolist()))
    lines.append("}")
    agraph = pygraphviz.AGraph(string="\n".join(lines))
    agraph.layout(prog="dot")
    return np.array([float(agraph.get_node(i).attr["pos"].split(",")[0]) for i in range(block.size)])


def band_labels(block: np.ndarray, level: np.ndarray, x: np.ndarray, y: np.ndarray, length: int,
                players: int) -> list[tuple[float, float, str, str, str]]:
    """The words written on the banded picture: each block named above it, each band's plies beside it.

    Rows of the draws count plies from the start (written left of each band); rows of the wins and the losses
    count plies to the end (left of the wins, right of the losses). Coordinates are the nodes' (box centres).

    Returns
    -------
    list of list
        ``[x, y, text, align, cls]`` per label: ``align`` is the side of the text anchored at ``x``
        (``left``, ``right`` or ``center``), ``cls`` the value class it names (``draw``, ``win``, ``loss``) or
        ``""`` for the rows' unit.

    Examples
    --------
    >>> labels = band_labels(np.array([0, 1, 2]), np.array([0, 1, 0]), np.array([0., 60, 120]), np.zeros(3), 5, 2)
    >>> [t[2] for t in labels]
    ['draws', 'rows: plies from the start', '0 plies', 'wins', 'rows: plies to the end', '1 ply', 'losses', '0 plies']
    """
    w, h = node_size(length)
    row = h + GAP_Y
    words = BANDS
    suffix = "" if players == 2 else "-n"
    out: list[tuple[float, float, str, str, str]] = []
    for b, cls in enumerate(("draw", "win", "loss")):
        mask = block == b
        if not mask.any():
            continue
        top = float(y[mask].min()) - h / 2
        centre = (float(x[mask].min()) + float(x[mask].max())) / 2
        out.append((round(centre, 1), round(top - 1.6 * row, 1), words[cls + suffix], "center", cls))
        if b < 2:  # the rows' unit, once over the draws and once over the decided blocks (wins and losses share it)
            out.append((round(centre, 1), round(top - 0.8 * row, 1), words["from" if b == 0 else "to"], "center", ""))
        for lv in np.unique(level[mask]).tolist():
            band = mask & (level == lv)
            at = float(y[band].min())
            side = (float(x[band].max()) + w / 2 + GAP_X, "left") if b == 2 else (float(x[band].min()) - w / 2 - GAP_X,
                                                                                 "right")
            out.append((round(side[0], 1), round(at, 1), plies(lv), side[1], cls))
    return out
