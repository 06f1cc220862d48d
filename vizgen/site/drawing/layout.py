"""Layout: where each position sits in the picture, computed by Graphviz at build time.

Graphviz runs in-process through pygraphviz (its wheels bundle the Graphviz
libraries). The engine is chosen by size (:func:`vizgen.util.sizes.layout_engine`):
small graphs get the banded layout of :mod:`vizgen.site.drawing.band_picture` (``dot``
orders the positions inside bands by value and remoteness, the draws apart;
every label readable at fit, and the SVG drawn by Graphviz on the same
coordinates), ``sfdp`` serves thousands of positions and ``twopi`` rooted at
the start beyond that (50,000 positions in seconds, where
sfdp takes a minute). Without Graphviz a networkx layout is used, with a warning.
Layouts are cached (:class:`vizgen.util.cache.Cache`) by the graph, the
theme and the code that draws them, so an unchanged variant is not laid out
twice.
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from vizgen.analysis.bands import DRAWS, blocks, levels, shown_edges
from vizgen.analysis.facts import position_facts
from vizgen.analysis.solved import Solved
from vizgen.site.drawing import theme
from vizgen.site.drawing.band_picture import node_size, order_dot, place
from vizgen.util import sizes
from vizgen.util.cache import Cache, Entry, code_version, digest
from vizgen.util.processes import run_each
from vizgen.util.text import format_count

__all__ = ["COLOURS", "Layout", "layout_all", "overview_svg"]

#: the code that lays a graph out and draws it (the cache's program version)
CODE = ("util", "engine", "analysis", "site/layout.py", "site/band_picture.py", "site/theme.py")
#: fill colours by value for the player to move (win, draw, loss), from the theme
COLOURS = {value: theme.value_colour(value) for value in (1, 0, -1)}
START, EDGE, INK = theme.PALETTE["start"], theme.PALETTE["edge"], theme.PALETTE["ink"]


@dataclass(frozen=True, eq=False)
class Layout:
    """Positions of the nodes and the pictures of a graph.

    Attributes
    ----------
    x, y : numpy.ndarray
        float64 coordinates in points, screen orientation (y grows downward).
    engine : str
        ``bands`` (:mod:`vizgen.site.drawing.band_picture`), ``sfdp``, ``twopi`` or ``networkx``.
    svg : bytes
        The whole graph as SVG (drawn by Graphviz for small graphs).
    thumb : bytes
        A small SVG thumbnail.
    """

    x: np.ndarray
    y: np.ndarray
    engine: str
    svg: bytes
    thumb: bytes


@dataclass(frozen=True)
class _Job:
    """What a layout worker needs: plain arrays, picklable."""

    engine: str
    start: int
    sources: np.ndarray
    indices: np.ndarray
    value: np.ndarray
    terminal: np.ndarray
    names: list[str] | None  # labels, when the graph is small enough to draw
    block: np.ndarray  # the banded layout's blocks, levels and shown edges
    level: np.ndarray
    shown: np.ndarray


def _job(solved: Solved, engine: str) -> _Job:
    g = solved.graph
    return _Job(engine, g.start, g.sources, g.indices, solved.forced.value, g.terminal,
                g.notations() if g.n <= sizes.GRAPHVIZ_SVG_LIMIT else None,
                blocks(solved), levels(solved), shown_edges(solved))


def _attrs(pairs: dict[str, str]) -> str:
    return ",".join(f'{k}="{v}"' for k, v in pairs.items())


#: Titles drawn above the banded layout's blocks in its SVG.
_TITLES = ("draws", "wins", "losses")


def _banded(job: _Job) -> tuple[np.ndarray, np.ndarray, bytes]:
    """The banded layout and its picture: the positions as labelled boxes, the shown moves in ink."""
    import pygraphviz

    src, dst = job.sources, job.indices
    inner = job.shown | ((job.block[src] == DRAWS) & (job.block[dst] == DRAWS))
    names = job.names
    assert names is not None, "small graphs are labelled"
    length = max(len(s) for s in names)
    x, y = place(job.block, job.level, order_dot(job.block, job.level, src[inner], dst[inner], job.shown[inner]),
                 length)
    w, h = node_size(length)
    graph = {"splines": "false", "outputorder": "edgesfirst", "bgcolor": theme.PALETTE["card"], "pad": "0.2"}
    node_defaults = {"shape": "box", "style": "rounded,filled", "fixedsize": "true", "width": f"{w / 72:.4f}",
                     "height": f"{h / 72:.4f}", "penwidth": "0", "fontname": "DejaVu Sans Mono", "fontsize": "11",
                     "fontcolor": theme.PALETTE["on-value"]}
    lines = [f"digraph {{ graph [{_attrs(graph)}]; node [{_attrs(node_defaults)}];",
             f'edge [color="{EDGE}40",arrowsize="0.3",penwidth="0.5"];']
    for i, name in enumerate(names):
        node = {"pos": f"{x[i] / 72:.4f},{-y[i] / 72:.4f}!", "label": name, "fillcolor": COLOURS[int(job.value[i])]}
        if job.value[i] == 0:
            node["fontcolor"] = theme.PALETTE["on-draw"]
        if job.terminal[i]:
            node.update(style="filled", penwidth="1.5", color=INK)
        if i == job.start:
            node.update(penwidth="3", color=START)
        lines.append(f"{i} [{_attrs(node)}];")
    for b, title in enumerate(_TITLES):
        members = np.flatnonzero(job.block == b)
        if members.size:
            centre = (x[members].min() + x[members].max()) / 2
            title_attrs = {"shape": "plaintext", "style": "", "fixedsize": "false", "label": title,
                           "fontname": "DejaVu Sans", "fontcolor": theme.PALETTE["muted"],
                           "pos": f"{centre / 72:.4f},{h * 1.6 / 72:.4f}!"}
            lines.append(f"t{b} [{_attrs(title_attrs)}];")
    lines.extend(f'{a}->{b}[color="{INK}b0",arrowsize="0.5",penwidth="1.1"];' if s else f"{a}->{b};"
                 for a, b, s in zip(src.tolist(), dst.tolist(), job.shown.tolist()))
    lines.append("}")
    agraph = pygraphviz.AGraph(string="\n".join(lines))
    agraph.layout(prog="neato")  # every node pinned (pos in inches, "!")
    return x, y, agraph.draw(format="svg")


def _graphviz(job: _Job) -> tuple[np.ndarray, np.ndarray, bytes | None]:
    """Lay a graph out with Graphviz; also draw it when it is small enough to read.

    Runs in a fresh process per graph: Graphviz seeds its random generator once
    per process, so this keeps every layout independent of what ran before.
    """
    import pygraphviz

    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)  # this worker's stderr: Graphviz's C library chats there (fontconfig, overlap notes)
    if job.engine == "bands":
        return _banded(job)
    n = job.value.size
    graph_attrs = {"splines": "false", "outputorder": "edgesfirst", "overlap": "true", "root": str(job.start),
                   "start": "7", "bgcolor": "transparent", "pad": "0.3"}
    node_attrs = {"shape": "circle", "width": "0.5", "fixedsize": "true", "style": "filled", "label": "",
                  "fontname": "DejaVu Sans", "fontsize": "9", "fontcolor": theme.PALETTE["on-value"], "penwidth": "0"}

    # DOT source in one string: cgraph parses it in C, far faster than adding items one by one
    lines = [f"digraph {{ graph [{_attrs(graph_attrs)}]; node [{_attrs(node_attrs)}];",
             f'edge [color="{EDGE}66",arrowsize="0.4",penwidth="0.6"];']
    for i in range(n):
        node = {"fillcolor": COLOURS[int(job.value[i])]}
        if job.names is not None:
            node["label"] = job.names[i]
        if job.terminal[i]:
            node["shape"] = "doublecircle"
        if i == job.start:
            node.update(penwidth="3", color=START)
        lines.append(f"{i} [{_attrs(node)}];")
    lines.extend(f"{a}->{b};" for a, b in zip(job.sources.tolist(), job.indices.tolist()))
    lines.append("}")
    agraph = pygraphviz.AGraph(string="\n".join(lines))
    agraph.layout(prog=job.engine)
    pos = np.array([tuple(map(float, agraph.get_node(i).attr["pos"].split(","))) for i in range(n)])
    svg = agraph.draw(format="svg") if job.names is not None else None
    return pos[:, 0], -pos[:, 1], svg


def _networkx(solved: Solved) -> tuple[np.ndarray, np.ndarray]:
    import networkx as nx

    g = solved.graph
    graph: nx.DiGraph[int] = nx.DiGraph()
    graph.add_nodes_from(range(g.n))
    graph.add_edges_from(zip(g.sources.tolist(), g.indices.tolist()))
    pos = nx.spring_layout(graph, seed=7, scale=30.0 * np.sqrt(g.n))
    xy = np.array([pos[i] for i in range(g.n)])
    return xy[:, 0], xy[:, 1]


def _points_svg(x: np.ndarray, y: np.ndarray, value: np.ndarray, width: int, height: int,
                dot: float, edges: tuple[np.ndarray, np.ndarray] | None, start: int) -> bytes:
    """A compact SVG of dots (one path per colour), optionally with faint edges."""
    span_x, span_y = max(float(np.ptp(x)), 1.0), max(float(np.ptp(y)), 1.0)
    margin = 2.2 * dot  # room for the ring round the start
    scale = min((width - 2 * margin) / span_x, (height - 2 * margin) / span_y)
    px = (x - x.min()) * scale + (width - span_x * scale) / 2
    py = (y - y.min()) * scale + (height - span_y * scale) / 2
    out = io.StringIO()
    out.write(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
              f'width="{width}" height="{height}" role="img">')
    if edges is not None:
        src, dst = edges
        segs = "".join(f"M{px[a]:.1f} {py[a]:.1f}L{px[b]:.1f} {py[b]:.1f}" for a, b in zip(src, dst))
        out.write(f'<path d="{segs}" stroke="{EDGE}" stroke-opacity="0.25" stroke-width="{dot / 4:.2f}" '
                  'fill="none"/>')
    for val in (0, -1, 1):
        idx = np.flatnonzero(value == val)
        if idx.size:
            d = "".join(f"M{px[i]:.1f} {py[i]:.1f}h0" for i in idx)
            out.write(f'<path d="{d}" stroke="{COLOURS[val]}" stroke-width="{dot:.2f}" '
                      'stroke-linecap="round" fill="none"/>')
    out.write(f'<circle cx="{px[start]:.1f}" cy="{py[start]:.1f}" r="{dot * 1.6:.2f}" fill="none" '
              f'stroke="{START}" stroke-width="{dot / 2:.2f}"/></svg>')
    return out.getvalue().encode()


def overview_svg(solved: Solved, x: np.ndarray, y: np.ndarray, width: int = 1600, height: int = 1200) -> bytes:
    """Draw a big graph as dots coloured by value (edges left out: they would be a hairball).

    Parameters
    ----------
    solved : Solved
        The solved variant.
    x, y : numpy.ndarray
        Node coordinates.
    width, height : int
        Size of the picture in pixels.

    Returns
    -------
    bytes
        SVG text.
    """
    return _points_svg(x, y, position_facts(solved).value, width, height, 3.0, None, solved.graph.start)


def _thumb(solved: Solved, x: np.ndarray, y: np.ndarray) -> bytes:
    g = solved.graph
    edges = (g.sources, g.indices) if g.indices.size <= sizes.THUMB_EDGES else None
    keep = np.arange(0, g.n, max(1, g.n // sizes.THUMB_DOTS))  # big graphs: an even sample of the dots
    keep = np.union1d(keep, [g.start])
    dot = float(np.clip(60 / np.sqrt(keep.size), 1.2, 7.0))
    value = position_facts(solved).value  # the colours of the variant's page (the mover's fate where it reads so)
    if edges is None:
        return _points_svg(x[keep], y[keep], value[keep], 240, 160, dot, None, int(np.searchsorted(keep, g.start)))
    return _points_svg(x, y, value, 240, 160, dot, edges, g.start)


def _inputs(solved: Solved, engine: str) -> dict[str, str]:
    """What a layout is computed from: the engine, the theme and the solved graph."""
    g = solved.graph
    return {"engine": engine, "theme": theme.fingerprint(),
            "graph": digest(g.codes, g.indptr, g.indices, solved.forced.winner)}


def _checker(n: int) -> Callable[[Entry], str | None]:
    """The check of a cached layout of ``n`` positions: coordinates of that shape and a picture."""

    def check(entry: Entry) -> str | None:
        x, y, svg = entry.arrays["x"], entry.arrays["y"], entry.blobs["svg"]
        if x.shape != (n,) or y.shape != (n,) or x.dtype != np.float64 or y.dtype != np.float64:
            return f"coordinates of shape {x.shape}, {y.shape} for {format_count(n)} positions"
        return None if svg.lstrip().startswith(b"<") else "no picture"

    return check


def layout_all(solved: list[Solved], cache: Cache | None = None, workers: int = 2) -> list[Layout]:
    """Lay out solved variants' graphs and draw their pictures.

    Each Graphviz layout runs in a fresh worker process (``workers`` at once),
    so a graph's layout does not depend on which graphs were laid out before it
    or on what the cache held.

    Parameters
    ----------
    solved : list of Solved
        The solved variants.
    cache : Cache, optional
        Where layouts are kept (:class:`vizgen.util.cache.Cache`); None: no cache.
    workers : int
        Worker processes for Graphviz.

    Returns
    -------
    list of Layout
        One per variant, in order: coordinates (screen orientation), the engine
        used, the SVG picture and a thumbnail.
    """
    try:
        import pygraphviz  # noqa: F401

        has_graphviz = True
    except ImportError:
        warnings.warn("pygraphviz is not installed: using a networkx spring layout instead of Graphviz",
                      stacklevel=2)
        has_graphviz = False
    cache = cache or Cache(None)
    version = code_version(*CODE, packages=("numpy", "pygraphviz", "networkx"))
    engines = [sizes.layout_engine(s.graph.n) if has_graphviz else "networkx" for s in solved]
    inputs = [_inputs(s, e) if cache.folder is not None else None for s, e in zip(solved, engines)]
    results: dict[int, tuple[np.ndarray, np.ndarray, bytes | None]] = {}
    for k, s in enumerate(solved):
        entry = cache.get("layout", inputs[k], version, _checker(s.graph.n)) if inputs[k] is not None else None
        if entry is not None:
            results[k] = (entry.arrays["x"], entry.arrays["y"], entry.blobs["svg"])
    todo = [k for k in range(len(solved)) if k not in results]
    if has_graphviz and todo:  # a fresh process per graph; workers never outlive the build (vizgen.util.processes)
        todo.sort(key=lambda k: -solved[k].graph.edges)  # the longest first: no core waits on one at the end
        drawn = run_each(_graphviz, [_job(solved[k], engines[k]) for k in todo], workers)
        results.update(zip(todo, drawn))
    else:
        results.update({k: (*_networkx(solved[k]), None) for k in todo})
    layouts = []
    for k, s in enumerate(solved):
        x, y, picture = results[k]
        svg = picture if picture is not None else overview_svg(s, x, y)
        if k in todo and inputs[k] is not None:
            cache.put("layout", inputs[k], version, Entry(arrays={"x": x, "y": y}, blobs={"svg": svg}))
        layouts.append(Layout(x=x, y=y, engine=engines[k], svg=svg, thumb=_thumb(s, x, y)))
    return layouts
