"""The data files of a variant's page: what the browser loads, and the downloads.

``nodes.js``
    The per-position summary: notation, the position facts as one block of the
    wire (:mod:`vizgen.site.render.wire`, indexed by node id: verdict with its
    ``{n}`` and ``{k}``, the chooser's words, move score, depth, the mover's
    fate), the spec of the panel's columns, and the layout of a small variant.
``c<k>.js``
    Positions ``k * chunk ..``: hands, the values of the panel's columns that
    are not facts on the wire (in the spec's order), moves (target and
    notations: whether a move is optimal and what it means for the player
    choosing it are its target's facts), parents, and a block of the computer
    opponents' moves (the :data:`vizgen.site.data.tables.OPPONENTS` columns, named in
    ``nodes.js``'s ``opponents``). Small variants have one chunk. The opponents'
    moves go with the details rather than in ``nodes.js``: a game needs them only
    for the position it is at, whose chunk the panel loads anyway, and a big
    variant's first load stays small.
``xy.js``, ``overview.png``
    Big variants: where each position sits on the overview picture.
``map.js``
    Two-player variants: the value map and the cells that differ in the
    variants of the same shape (:mod:`vizgen.site.render.maps`).
``thumb.svg``, ``<slug>.json``, ``<slug>.graphml``, ``<slug>.svg``
    The index thumbnail and the downloads.

Data files are scripts that call ``vizgenLoad(name, payload)``, so the pages
also work from ``file://``.
"""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

import numpy as np

from vizgen.analysis.bands import DRAWS, LOSSES, WINS
from vizgen.site.data.export import downloads
from vizgen.site.data.tables import OPPONENTS, NodeTable
from vizgen.site.drawing import theme
from vizgen.site.drawing.band_picture import band_labels, node_size
from vizgen.site.render.maps import map_payload, thumb
from vizgen.site.render.page import VariantPage
from vizgen.site.render.payloads import ChunkRow, Column, VariantChunk, VariantNodes
from vizgen.site.render.pictures import overview
from vizgen.site.render.wire import encode, fact_columns, fields_of, node_fields, spec
from vizgen.util import sizes

__all__ = ["CHUNK_SIZE", "DataFiles", "Download", "as_json", "data_files", "jsonp"]

#: positions per detail chunk of a big variant (about 30-80 kB a chunk)
CHUNK_SIZE = 256
#: width in pixels of the overview picture of a big variant
OVERVIEW_WIDTH = 1400
#: layout coordinates are rescaled so that the average spacing is this many units
LAYOUT_SPACING = 60.0


class Overview(TypedDict):
    """A big variant's overview picture as its page shows it: the picture per theme and its size in pixels."""

    src: str
    dark: str
    w: int
    h: int


class Download(TypedDict):
    """A file a variant's page offers to download: its name, the words of its link, its bytes."""

    file: str
    label: str
    data: bytes


@dataclass(frozen=True)
class DataFiles:
    """A variant's files, and what its page needs to know about them."""

    files: dict[str, bytes]
    chunks: int
    thumb: str
    downloads: list[Download]
    overview: Overview | None


def _plain(obj: Any) -> Any:
    """Return a numpy value as the plain JSON type (``json.dumps``'s ``default`` hook)."""
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if isinstance(obj, np.bool_):
        return bool(obj)
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, np.floating):
        value = float(obj)
        return value if math.isfinite(value) else None
    return str(obj)


def as_json(obj: Any) -> str:
    """Serialise to compact, key-sorted JSON that is safe inside a ``<script>``.

    Examples
    --------
    >>> as_json({"b": np.int8(1), "a": "<x>"})
    '{"a":"\\\\u003cx\\\\u003e","b":1}'
    """
    text = json.dumps(obj, default=_plain, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def jsonp(name: str, obj: Any) -> bytes:
    r"""A data file: a script that hands ``obj`` to the page as ``vizgenLoad(name, obj)`` (works from file://).

    Examples
    --------
    >>> jsonp("d0", "AAE=")
    b'vizgenLoad("d0","AAE=");\n'
    """
    return f"vizgenLoad({json.dumps(name)},{as_json(obj)});\n".encode()


def panel_columns(nodes: NodeTable) -> list[Column]:
    """The spec of the columns the position panel lists, in order (``missing``: the value that means none)."""
    return [{"name": c.name, "label": c.label, "show": c.show, "doc": c.doc, "missing": c.missing}
            for c in nodes.columns if c.show != "data"]


def _opponents(page: VariantPage) -> list[str]:
    """The node-table columns of the computer opponents' moves this page has, in order."""
    return [c.name for c in page.nodes.columns if c.name in OPPONENTS]


def _layout_scale(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Scale factor for the layout, and the node radius in scaled units.

    Graphviz's engines draw at very different scales, while vis-network zooms
    in at most 10 times: the layout is rescaled so that the average spacing
    (area per node) is :data:`LAYOUT_SPACING`; the node radius follows the
    typical distance to the nearest neighbour, within bounds set by the
    average spacing.
    """
    xy = np.nan_to_num(np.column_stack([x, y]))
    n = len(xy)
    if n < 2:
        return 1.0, 12.0
    extent = np.ptp(xy, axis=0)
    average = max(math.sqrt(float(extent[0] * extent[1]) / n), float(extent.max()) / n)
    if not math.isfinite(average) or average <= 0:
        return 1.0, 12.0
    sample = xy if n <= 1500 else xy[:: math.ceil(n / 1500)]
    nearest = []
    for i in range(0, len(sample), 256):
        d = np.sqrt(((sample[i:i + 256, None, :] - sample[None, :, :]) ** 2).sum(-1))
        d[d == 0] = np.inf
        nearest.append(d.min(axis=1))
    near = np.concatenate(nearest)
    near = near[np.isfinite(near)]
    spacing = float(np.median(near)) if len(near) else average
    radius = min(max(0.42 * spacing, 0.05 * average), 0.25 * average)
    scale = float(f"{LAYOUT_SPACING / average:.6g}")
    return scale, round(radius * scale, 2)


def _coord(values: np.ndarray) -> list[float | int]:
    """Round coordinates to one decimal, writing whole numbers without ``.0``."""
    rounded = np.round(np.nan_to_num(np.asarray(values, dtype=np.float64)), 1).tolist()
    return [int(v) if v == int(v) else v for v in rounded]


def _nodes_payload(page: VariantPage, chunk: int) -> VariantNodes:
    """nodes.js: every position's notation and facts, the panel's columns, a small variant's layout."""
    nodes = page.nodes
    payload: VariantNodes = {
        "n": len(nodes),
        "players": page.players,
        "start": page.start,
        "chunk": chunk,
        "edges": len(page.edges),
        "notation": " ".join(nodes.plain("position")),
        "fields": spec(fields_of(page.facts)),
        "facts": encode(fields_of(page.facts), fact_columns(page.facts), page.players),
        "columns": panel_columns(nodes),
        "opponents": spec(node_fields(_opponents(page))),
    }
    if not page.big:
        x, y = np.asarray(page.layout.x, float), np.asarray(page.layout.y, float)
        if page.layout.engine == "bands":
            # the banded layout is made to be read at one CSS px per point: labelled boxes of one size
            length = max(len(s) for s in nodes.plain("position"))
            scale, radius = 1.0, node_size(length)[1] / 2
            payload["box"] = node_size(length)
            f = page.facts  # blocks and levels as vizgen.analysis.bands has them: by who can force a win
            block = np.where(f.winner < 0, DRAWS, np.where(f.winner == 0, WINS, LOSSES))
            payload["bands"] = band_labels(block, np.where(f.winner >= 0, f.remoteness, f.depth), x, y, length,
                                           page.players)
        else:
            scale, radius = _layout_scale(x, y)
        payload["x"], payload["y"] = _coord(x * scale), _coord(y * scale)
        payload["scale"], payload["size"] = scale, radius
        payload["shown"] = np.flatnonzero(page.shown).tolist()
    return payload


def _round(value: Any) -> Any:
    """Round a float figure to 5 digits for the browser (it shows at most 4)."""
    if isinstance(value, float):
        return round(value, 5) if math.isfinite(value) else None
    return value


def _chunks(page: VariantPage, chunk: int) -> dict[str, bytes]:
    """The detail files: per position its hands, panel values off the wire, moves and parents; the opponents' block."""
    n, edges = len(page.nodes), page.edges
    on_wire = {f.name for f in fields_of(page.facts)}
    names = [c["name"] for c in panel_columns(page.nodes) if c["name"] not in on_wire]
    values = list(zip(*(page.nodes.plain(name) for name in names))) if names else [()] * n
    order = np.argsort(edges.dst, kind="stable")  # parents, ascending per position
    parents = np.split(edges.src[order], np.cumsum(np.bincount(edges.dst, minlength=n))[:-1])
    first_edge = np.searchsorted(edges.src, np.arange(n + 1))
    opponents = node_fields(_opponents(page))
    dst = edges.dst.tolist()
    files = {}
    for k in range(max(1, math.ceil(n / chunk))):
        lo, hi = k * chunk, min(n, (k + 1) * chunk)
        rows: list[ChunkRow] = []
        for i in range(lo, hi):
            moves = [[dst[e], *edges.moves[e]] for e in range(first_edge[i], first_edge[i + 1])]
            rows.append(([list(h) for h in page.hands[i]], [_round(v) for v in values[i]], moves, parents[i].tolist()))
        block = encode(opponents, {f.name: page.nodes[f.name][lo:hi] for f in opponents}, page.players)
        made: VariantChunk = {"first": lo, "nodes": rows, "opponents": block}
        files[f"c{k}.js"] = jsonp(f"c{k}", made)
    return files


def _download(name: str, label: str, data: bytes) -> Download:
    """A download entry; a large file is gzip-compressed (deterministically)."""
    if len(data) > sizes.GZIP_OVER:
        return {"file": name + ".gz", "label": label + ", gzip-compressed", "data": gzip.compress(data, 6, mtime=0)}
    return {"file": name, "label": label, "data": data}


def data_files(page: VariantPage, peers: Sequence[VariantPage] = ()) -> DataFiles:
    """Every file of one variant, keyed by path relative to ``variants/<slug>/``.

    Parameters
    ----------
    page : VariantPage
        The variant.
    peers : sequence of VariantPage
        The other pages of the same value-map shape (:func:`vizgen.site.render.maps.peers_of`).

    Returns
    -------
    DataFiles
        The files, the number of detail chunks, the thumbnail's name, the
        downloads and (big variants) the overview picture's size.
    """
    chunk = CHUNK_SIZE if page.big else max(len(page.nodes), 1)
    files = {"nodes.js": jsonp("nodes", _nodes_payload(page, chunk)), **_chunks(page, chunk)}
    shown: Overview | None = None
    edges = (page.edges.src, page.edges.dst)
    if page.big:
        data, xy = overview(page.layout.x, page.layout.y, page.value, page.nodes["depth"], page.start, edges,
                            OVERVIEW_WIDTH, theme.THEMES)
        files["overview.png"], files["overview-dark.png"], files["xy.js"] = data["light"], data["dark"], jsonp("xy", xy)
        shown = {"src": f"{page.slug}/overview.png", "dark": f"{page.slug}/overview-dark.png", "w": xy["w"],
                 "h": xy["h"]}
    if page.vmap is not None:
        files["map.js"] = jsonp("map", map_payload(page, peers))
        thumb_name, files["thumb.svg"] = "thumb.svg", thumb(page)
    elif len(page.layout.thumb) <= sizes.THUMB_MAX:
        thumb_name, files["thumb.svg"] = "thumb.svg", theme.follow(bytes(page.layout.thumb))
    else:
        thumb_name = "thumb.png"
        pictures = overview(page.layout.x, page.layout.y, page.value, page.nodes["depth"], page.start, edges, 360,
                            theme.THEMES)[0]
        files[thumb_name], files["thumb-dark.png"] = pictures["light"], pictures["dark"]
    as_json_file, as_graphml = downloads(page.nodes, page.edges, page.stats, page.slug)
    offered = [
        _download(f"{page.slug}.json", "Solved graph (JSON)", as_json_file),
        _download(f"{page.slug}.graphml", "Graph (GraphML)", as_graphml),
        _download(f"{page.slug}.svg", "Picture of the graph (SVG)", theme.follow(bytes(page.layout.svg))),
    ]
    files.update({d["file"]: d["data"] for d in offered})
    chunks = sum(1 for name in files if name.startswith("c") and name.endswith(".js"))
    return DataFiles(files=files, chunks=chunks, thumb=thumb_name, downloads=offered, overview=shown)
