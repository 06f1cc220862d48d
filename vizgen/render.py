"""The render layer: turn solved Chopsticks variants into a static web site.

:func:`render_site` takes one :class:`VariantPage` per variant and returns every
file of the site as bytes, keyed by relative path. It writes nothing to disk:
the build pipeline decides where the files go. The output is deterministic
(same input, byte-identical output) and self-contained: every link is
relative, nothing is loaded from another host, and data is shipped as
``<script src>`` files that call a global callback, so the pages also work
when opened straight from ``file://``.

Site layout
-----------
``index.html``
    Every variant, grouped, with a thumbnail and its headline figures.
``variants/<slug>.html``
    One page per variant.
``variants/<slug>/nodes.js``
    The per-position summary of the variant: notation, value, remoteness,
    terminal flag and depth of every position (plus layout coordinates for
    small variants).
``variants/<slug>/c<k>.js``
    The details of positions ``k * chunk .. (k + 1) * chunk - 1``: hands,
    random-play odds, moves and parents. Small variants have a single chunk.
``variants/<slug>/xy.js``
    Big variants only: where each position sits on the overview picture.
``variants/<slug>/overview.png``
    Big variants only: a picture of the whole graph drawn by this module.
``variants/<slug>/thumb.svg``, ``<slug>.svg``, ``<slug>.json``, ``<slug>.graphml``
    The index thumbnail and the downloads.
``assets/``
    Shared CSS and JavaScript, including one copy of vis-network.
"""

from __future__ import annotations

import gzip
import json
import math
import re
import struct
import zlib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import numpy as np

from vizgen.variants import GROUPS, Params

__all__ = ["VariantPage", "render_site"]

#: RULES.md section 3a defaults, used to mark the parameters a variant changes.
DEFAULT_PARAMS: dict[str, Any] = Params().as_dict()

#: Positions per detail chunk of a big variant (about 30-80 kB a chunk).
CHUNK_SIZE = 256
#: Chips shown per row of the position tables of a big variant.
BIG_ROW_LIMIT = 48
#: Width in pixels of the overview picture of a big variant.
OVERVIEW_WIDTH = 1400
#: Downloads larger than this are shipped gzip-compressed (``.gz``).
GZIP_OVER = 4 * 1024 * 1024
#: A thumbnail SVG larger than this is replaced by a small PNG drawn here.
THUMB_MAX = 400 * 1024

_PACKAGE = Path(__file__).resolve().parent
_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")

# value colours (game-solver convention): win green, loss dark red, draw gold
_RGB = {1: (26, 152, 80), -1: (142, 27, 27), 0: (227, 178, 28)}


@dataclass(frozen=True, eq=False)
class VariantPage:
    """Everything the render layer needs to draw one variant.

    Compared by identity (``eq=False``): its numpy fields have no single truth
    value.

    Attributes
    ----------
    slug : str
        File name of the page, ``variants/<slug>.html`` (URL-safe).
    spec : str
        Spec string, e.g. ``"standard:r=7"``.
    title : str
        Human title, e.g. ``"Standard (r = 7)"``.
    group : str
        One of :data:`GROUPS`.
    summary : str
        What the variant changes, one line.
    rules_text : tuple of str
        Paragraphs: the variant's rules in words, with the rulings that apply.
    params : dict
        Every rule parameter in force (names of RULES.md section 3a).
    players : int
        Number of players.
    start : int
        Node id of the start position.
    notation : tuple of str
        Position notation per node, player to move first.
    hands : tuple
        Per node, the hands of every player, mover first.
    value : numpy.ndarray
        int8 per node: +1 the mover can force a win, -1 another player can,
        0 draw (two players) or open (more players).
    winner : numpy.ndarray
        int8 per node: seat offset of the player who can force a win, -1 none.
    remoteness : numpy.ndarray
        int32 per node: plies to the end under best play, -1 for draw/open.
    terminal : numpy.ndarray
        bool per node: the game is over.
    depth : numpy.ndarray
        int32 per node: plies from the start on a shortest path.
    random_win, perfect_win : numpy.ndarray or None
        float64 per node (two players): probability that the mover wins when
        both play uniformly at random / when the mover plays perfectly
        against a random opponent.
    edge_src, edge_dst : numpy.ndarray
        int32 edge end points, sorted by ``(src, dst)``.
    edge_moves : tuple of tuple of str
        Per edge, the notation of the move(s) on it; the first is the
        representative.
    edge_best : numpy.ndarray
        bool per edge: an optimal move for the mover.
    x, y : numpy.ndarray
        float64 layout per node in points, y growing downward.
    graph_svg, thumb_svg : bytes
        The whole graph drawn by Graphviz, and a small picture for the index.
    stats : dict
        The ``vizgen stats --json`` object.
    graph_json, graphml : bytes
        Downloads: the solved graph as JSON and as GraphML.
    big : bool
        Too many positions for one interactive graph: use the explorer.
    """

    slug: str
    spec: str
    title: str
    group: str
    summary: str
    rules_text: tuple[str, ...]
    params: dict
    players: int
    start: int
    notation: tuple[str, ...]
    hands: tuple[tuple[tuple[int, ...], ...], ...]
    value: np.ndarray
    winner: np.ndarray
    remoteness: np.ndarray
    terminal: np.ndarray
    depth: np.ndarray
    random_win: np.ndarray | None
    perfect_win: np.ndarray | None
    edge_src: np.ndarray
    edge_dst: np.ndarray
    edge_moves: tuple[tuple[str, ...], ...]
    edge_best: np.ndarray
    x: np.ndarray
    y: np.ndarray
    graph_svg: bytes
    thumb_svg: bytes
    stats: dict
    graph_json: bytes
    graphml: bytes
    big: bool


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------


def _plain(obj: Any) -> Any:
    """Return a numpy value as the plain JSON type (``json.dumps``'s ``default`` hook).

    Parameters
    ----------
    obj : Any
        A numpy array, scalar or bool; anything else is written as text.

    Returns
    -------
    Any
        A list, int, float or bool; non-finite floats become None.
    """
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


def _json(obj: Any) -> str:
    """Serialise to compact, key-sorted JSON safe to embed in a script."""
    text = json.dumps(obj, default=_plain, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _jsonp(name: str, obj: Any) -> bytes:
    """Return a data file that hands ``obj`` to the page's ``vizgenLoad``."""
    return f"vizgenLoad({json.dumps(name)},{_json(obj)});\n".encode()


def _coord(values: np.ndarray) -> list[float | int]:
    """Round coordinates to one decimal, writing whole numbers without ``.0``."""
    out: list[float | int] = []
    for v in np.round(np.asarray(values, dtype=np.float64), 1).tolist():
        if not math.isfinite(v):
            v = 0.0
        out.append(int(v) if v == int(v) else v)
    return out


def _prob(values: float | None) -> float | None:
    """Round a probability to 5 digits (None stays None)."""
    if values is None or not math.isfinite(float(values)):
        return None
    return round(float(values), 5)


def _num(value: Any) -> str:
    """Format a whole number with thin-space thousands separators."""
    try:
        return f"{int(value):,}".replace(",", "\u202f")
    except (TypeError, ValueError):
        return str(value)


def _pct(part: float, whole: float, digits: int = 1) -> str:
    """Format ``part / whole`` as a percentage."""
    if not whole:
        return "0 %"
    return f"{100.0 * part / whole:.{digits}f}\u202f%"


def _plies(n: int) -> str:
    return f"{n} {'ply' if n == 1 else 'plies'}"


def value_words(value: int, winner: int, remoteness: int, terminal: bool, players: int) -> tuple[str, str]:
    """Describe a position's value for the player to move.

    Parameters
    ----------
    value, winner, remoteness : int
        The solved value, the seat that can force a win (-1 none) and the
        remoteness.
    terminal : bool
        Whether the game is over.
    players : int
        Number of players.

    Returns
    -------
    tuple of str
        ``(words, css_class)``, e.g. ``("win in 3", "win")``.
    """
    cls = {1: "win", -1: "loss", 0: "draw"}[int(value)]
    if players == 2:
        if terminal:
            return ("won: game over" if value > 0 else "lost: game over" if value < 0 else "game over"), cls
        if value > 0:
            return f"win in {remoteness}", cls
        if value < 0:
            return f"loss in {remoteness}", cls
        return "draw", cls
    if terminal:
        if winner == 0:
            return "game over: the player to move has won", cls
        if winner > 0:
            return f"game over: player +{winner} has won", cls
        return "game over", cls
    if winner == 0:
        return f"the player to move can force a win in {remoteness}", cls
    if winner > 0:
        return f"player +{winner} can force a win in {remoteness}", cls
    return "open: no player can force a win", cls


def start_words(page: VariantPage) -> tuple[str, str]:
    """Describe the start position's value for the index ("draw", "first player wins in 7")."""
    s = page.start
    value, winner, rem = int(page.value[s]), int(page.winner[s]), int(page.remoteness[s])
    cls = {1: "win", -1: "loss", 0: "draw"}[value]
    if page.players == 2:
        if value > 0:
            return f"first player wins in {rem}", cls
        if value < 0:
            return f"second player wins in {rem}", cls
        return "draw", cls
    if winner >= 0:
        return f"player {winner + 1} can force a win in {rem}", cls
    return "open: no one can force a win", cls


# ---------------------------------------------------------------------------
# data files
# ---------------------------------------------------------------------------


def _check_page(page: VariantPage) -> int:
    """Validate the shapes of a page's arrays and return its number of nodes."""
    n = len(page.notation)
    if not _SLUG.match(page.slug):
        raise ValueError(f"slug {page.slug!r} is not URL-safe")
    for name in ("hands", "value", "winner", "remoteness", "terminal", "depth", "x", "y"):
        if len(getattr(page, name)) != n:
            raise ValueError(f"{page.slug}: {name} has {len(getattr(page, name))} entries, expected {n}")
    for name in ("random_win", "perfect_win"):
        arr = getattr(page, name)
        if arr is not None and len(arr) != n:
            raise ValueError(f"{page.slug}: {name} has {len(arr)} entries, expected {n}")
    m = len(page.edge_src)
    for name in ("edge_dst", "edge_moves", "edge_best"):
        if len(getattr(page, name)) != m:
            raise ValueError(f"{page.slug}: {name} has {len(getattr(page, name))} entries, expected {m}")
    if not 0 <= page.start < n:
        raise ValueError(f"{page.slug}: start {page.start} out of range")
    if len(set(page.notation)) != n:
        raise ValueError(f"{page.slug}: notations are not unique")
    return n


def _value_code(value: int, winner: int, remoteness: int, terminal: bool, players: int) -> int:
    """Pack a node's solution into one integer (decoded by vizgen.js)."""
    return int(terminal) + 2 * ((value + 1) + 3 * ((winner + 1) + (players + 1) * (remoteness + 1)))


def _nodes_payload(page: VariantPage, n: int, chunk: int, with_xy: bool) -> dict[str, Any]:
    """The per-position summary file of a variant."""
    players = page.players
    codes = [
        _value_code(int(v), int(w), int(r), bool(t), players)
        for v, w, r, t in zip(
            page.value.tolist(), page.winner.tolist(), page.remoteness.tolist(), page.terminal.tolist(), strict=True
        )
    ]
    payload: dict[str, Any] = {
        "n": n,
        "players": players,
        "start": int(page.start),
        "chunk": chunk,
        "notation": " ".join(page.notation),
        "code": codes,
        "depth": [int(d) for d in page.depth.tolist()],
        "edges": len(page.edge_src),
    }
    if with_xy:
        scale, radius = _layout_scale(page)
        payload["x"] = _coord(np.asarray(page.x, float) * scale)
        payload["y"] = _coord(np.asarray(page.y, float) * scale)
        payload["scale"] = scale
        payload["size"] = radius
    return payload


#: Layout coordinates are rescaled so that the average spacing is this many units.
LAYOUT_SPACING = 60.0


def _layout_scale(page: VariantPage) -> tuple[float, float]:
    """Scale factor for the layout, and the node radius in scaled units.

    Graphviz's engines draw at very different scales (dot spreads 200
    positions over 10,000 points, sfdp packs 3,000 into 300), while
    vis-network zooms in at most 10 times. The layout is rescaled so that the
    average spacing (area per node) is :data:`LAYOUT_SPACING`; the node radius
    follows the typical distance to the nearest neighbour, within bounds set by
    the average spacing.

    Parameters
    ----------
    page : VariantPage
        The variant.

    Returns
    -------
    tuple of float
        ``(scale, radius)``.
    """
    xy = np.nan_to_num(np.column_stack([np.asarray(page.x, float), np.asarray(page.y, float)]))
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
        block = sample[i : i + 256]
        d = np.sqrt(((block[:, None, :] - sample[None, :, :]) ** 2).sum(-1))
        d[d == 0] = np.inf
        nearest.append(d.min(axis=1))
    near = np.concatenate(nearest)
    near = near[np.isfinite(near)]
    spacing = float(np.median(near)) if len(near) else average
    radius = min(max(0.42 * spacing, 0.05 * average), 0.25 * average)
    scale = float(f"{LAYOUT_SPACING / average:.6g}")
    return scale, round(radius * scale, 2)


def _adjacency(page: VariantPage, n: int) -> tuple[list[list[int]], list[list[int]]]:
    """Edge indices leaving each node, and parent node ids of each node."""
    out: list[list[int]] = [[] for _ in range(n)]
    par: list[list[int]] = [[] for _ in range(n)]
    src = page.edge_src.tolist()
    dst = page.edge_dst.tolist()
    for e, (s, d) in enumerate(zip(src, dst, strict=True)):
        out[s].append(e)
        par[d].append(s)
    for lst in par:
        lst.sort()
    return out, par


def _chunk_payload(page: VariantPage, lo: int, hi: int, out: list[list[int]], par: list[list[int]]) -> dict[str, Any]:
    """Details of nodes ``lo .. hi-1``: hands, odds, moves and parents."""
    dst = page.edge_dst.tolist()
    best = page.edge_best.tolist()
    rows = []
    for i in range(lo, hi):
        moves = [[dst[e], int(bool(best[e])), *page.edge_moves[e]] for e in out[i]]
        rows.append(
            [
                page.hands[i],
                _prob(page.random_win[i]) if page.random_win is not None else None,
                _prob(page.perfect_win[i]) if page.perfect_win is not None else None,
                moves,
                par[i],
            ]
        )
    return {"first": lo, "nodes": rows}


# ---------------------------------------------------------------------------
# the overview picture of a big variant
# ---------------------------------------------------------------------------


def _png(rgb: np.ndarray) -> bytes:
    """Encode an ``(h, w, 3)`` uint8 array as a PNG (deterministic)."""
    h, w, _ = rgb.shape
    raw = np.zeros((h, w * 3 + 1), dtype=np.uint8)
    raw[:, 1:] = rgb.reshape(h, w * 3)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw.tobytes(), 6))
        + chunk(b"IEND", b"")
    )


def _overview(page: VariantPage, n: int, width: int = OVERVIEW_WIDTH) -> tuple[bytes, dict[str, Any]]:
    """Draw the whole graph as a PNG and map each node to its pixel.

    Parameters
    ----------
    page : VariantPage
        The variant.
    n : int
        Its number of positions.
    width : int, optional
        Width of the picture in pixels.

    Returns
    -------
    tuple
        The PNG bytes and the ``xy`` payload (picture size and integer
        pixel coordinates of every node).
    """
    x = np.nan_to_num(np.asarray(page.x, dtype=np.float64))
    y = np.nan_to_num(np.asarray(page.y, dtype=np.float64))
    pad = max(4, width // 100)
    span_x = max(float(x.max() - x.min()), 1.0) if n else 1.0
    span_y = max(float(y.max() - y.min()), 1.0) if n else 1.0
    # keep the layout's proportions unless it is very flat or very tall
    height = int(min(max((width - 2 * pad) * span_y / span_x + 2 * pad, 0.4 * width), 0.9 * width))
    sx = (width - 2 * pad) / span_x
    sy = (height - 2 * pad) / span_y
    if 0.5 < sx / sy < 2:
        sx = sy = min(sx, sy)
    off_x = (width - span_x * sx) / 2
    off_y = (height - span_y * sy) / 2
    px = np.clip(np.round((x - x.min()) * sx + off_x), 0, width - 1).astype(np.int64) if n else x.astype(np.int64)
    py = np.clip(np.round((y - y.min()) * sy + off_y), 0, height - 1).astype(np.int64) if n else y.astype(np.int64)

    density = np.zeros(width * height, dtype=np.float64)
    src = np.asarray(page.edge_src, dtype=np.int64)
    dst = np.asarray(page.edge_dst, dtype=np.int64)
    if len(src) > 80000:  # a haze, not a wall: every k-th edge is enough
        step = math.ceil(len(src) / 80000)
        src, dst = src[::step], dst[::step]
    samples = 48
    t = np.linspace(0.0, 1.0, samples)
    for i in range(0, len(src), 20000):
        s, d = src[i : i + 20000], dst[i : i + 20000]
        lx = np.round(px[s, None] + (px[d] - px[s])[:, None] * t).astype(np.int64)
        ly = np.round(py[s, None] + (py[d] - py[s])[:, None] * t).astype(np.int64)
        length = np.hypot(px[d] - px[s], py[d] - py[s])[:, None]
        weight = np.broadcast_to(np.minimum(length / samples, 1.0), lx.shape)
        density += np.bincount((ly * width + lx).ravel(), weights=weight.ravel(), minlength=width * height)
    if density.max() > 0:
        shade = np.log1p(density) / math.log1p(float(np.quantile(density[density > 0], 0.995)) + 1e-9)
    else:
        shade = density
    shade = np.clip(shade, 0, 1).reshape(height, width)
    ink = np.array([70, 80, 100], dtype=np.float64)
    paper = np.array([255, 255, 255], dtype=np.float64)
    img = paper - (paper - ink) * (0.55 * shade)[..., None]

    dot = 2 if n > 20000 or width < 800 else 3
    values = np.asarray(page.value).astype(int)
    order = np.argsort(-np.asarray(page.depth), kind="stable")
    for v in (0, -1, 1):
        colour = np.array(_RGB[v], dtype=np.float64)
        for i in order[values[order] == v].tolist():
            img[
                max(py[i] - dot // 2, 0) : py[i] + dot - dot // 2, max(px[i] - dot // 2, 0) : px[i] + dot - dot // 2
            ] = colour
    s = int(page.start)
    img[max(py[s] - 5, 0) : py[s] + 6, max(px[s] - 5, 0) : px[s] + 6] = (31, 95, 208)
    img[max(py[s] - 3, 0) : py[s] + 4, max(px[s] - 3, 0) : px[s] + 4] = (255, 255, 255)
    img[max(py[s] - 2, 0) : py[s] + 3, max(px[s] - 2, 0) : px[s] + 3] = _RGB[int(page.value[s])]
    png = _png(np.clip(np.round(img), 0, 255).astype(np.uint8))
    xy = {"w": width, "h": height, "x": px.tolist(), "y": py.tolist()}
    return png, xy


# ---------------------------------------------------------------------------
# page contexts
# ---------------------------------------------------------------------------


def _shares(page: VariantPage, n: int) -> list[dict[str, Any]]:
    """Win / draw / loss shares of the positions, for the index bar."""
    v = np.asarray(page.value)
    wins, draws, losses = int((v > 0).sum()), int((v == 0).sum()), int((v < 0).sum())
    if page.players == 2:
        names = ("win", "draw", "loss")
    else:
        names = ("mover can force a win", "open", "another player can force a win")
    out = []
    for cls, name, count in zip(("win", "draw", "loss"), names, (wins, draws, losses), strict=True):
        out.append(
            {
                "cls": cls,
                "name": name,
                "count": count,
                "pct": _pct(count, n),
                "width": f"{100.0 * count / n:.2f}" if n else "0",
            }
        )
    return out


def _figures(page: VariantPage, n: int) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The variant's figures: ``(label, text, [(link label, notation), ...])``."""
    v = np.asarray(page.value).astype(int)
    term = np.asarray(page.terminal).astype(bool)
    rem = np.asarray(page.remoteness).astype(int)
    figs: list[tuple[str, str, list[tuple[str, str]]]] = []
    reach = page.stats.get("reachable_of") if isinstance(page.stats, dict) else None
    text = f"{_num(n)}"
    if isinstance(reach, (int, np.integer)) and reach:
        text += f" of {_num(reach)} positions that exist ({_pct(n, int(reach))})"
    figs.append(("Reachable positions", text, []))
    figs.append(("Moves (edges)", f"{_num(len(page.edge_src))} edges between positions", []))
    figs.append(("Terminal positions", f"{_num(int(term.sum()))} ({_pct(int(term.sum()), n)})", []))
    if page.players == 2:
        nt = ~term
        figs.append(("Wins for the player to move", f"{_num(int((v > 0).sum()))} ({_pct(int((v > 0).sum()), n)})", []))
        loss_all = int((v < 0).sum())
        loss_term = int(((v < 0) & term).sum())
        figs.append(
            (
                "Losses for the player to move",
                f"{_num(loss_all)} ({_pct(loss_all, n)}), of which {_num(loss_term)} terminal, "
                f"{_num(int(((v < 0) & nt).sum()))} not",
                [],
            )
        )
        figs.append(("Draws", f"{_num(int((v == 0).sum()))} ({_pct(int((v == 0).sum()), n)})", []))
    else:
        w = np.asarray(page.winner).astype(int)
        figs.append(("The mover can force a win", f"{_num(int((w == 0).sum()))} ({_pct(int((w == 0).sum()), n)})", []))
        for seat in range(1, page.players):
            c = int((w == seat).sum())
            figs.append((f"Player +{seat} can force a win", f"{_num(c)} ({_pct(c, n)})", []))
        figs.append(
            ("Open (no one can force a win)", f"{_num(int((w < 0).sum()))} ({_pct(int((w < 0).sum()), n)})", [])
        )
    words, _ = start_words(page)
    figs.append(("Start position", words, [(page.notation[page.start], page.notation[page.start])]))
    wins = np.flatnonzero((v > 0) & ~term)
    if len(wins):
        top = int(rem[wins].max())
        who = sorted(page.notation[i] for i in wins[rem[wins] == top])
        label = "Longest forced win" if page.players == 2 else "Longest forced win (by the mover)"
        more = f" ({len(who)} positions)" if len(who) > 1 else ""
        figs.append((label, f"{_plies(top)}{more}", [(s, s) for s in who[:6]]))
    losses = np.flatnonzero((v < 0) & ~term)
    if len(losses) and page.players == 2:
        top = int(rem[losses].max())
        who = sorted(page.notation[i] for i in losses[rem[losses] == top])
        more = f" ({len(who)} positions)" if len(who) > 1 else ""
        figs.append(("Longest loss the loser can hold out", f"{_plies(top)}{more}", [(s, s) for s in who[:6]]))
    figs.append(("Greatest distance from the start", _plies(int(np.asarray(page.depth).max()) if n else 0), []))
    odds = (
        ("Random play from the start", page.random_win,
         "the first player wins {:.1f}\u202f% of games when both play at random"),
        ("Perfect against random", page.perfect_win,
         "a perfect first player beats a random opponent {:.1f}\u202f% of the time"),
    )
    for label, values, words in odds:
        p = _prob(values[page.start]) if values is not None else None
        if p is not None:
            figs.append((label, words.format(p * 100), []))
    return figs


def _tables(page: VariantPage, n: int, limit: int | None) -> list[dict[str, Any]]:
    """Positions by value, grouped in rows by remoteness."""
    v = np.asarray(page.value).astype(int)
    w = np.asarray(page.winner).astype(int)
    rem = np.asarray(page.remoteness).astype(int)
    term = np.asarray(page.terminal).astype(bool)
    rows: dict[tuple, list[str]] = defaultdict(list)
    for i in range(n):
        if page.players == 2:
            key = ({1: 0, -1: 1, 0: 2}[int(v[i])], int(rem[i]), bool(term[i]))
        else:
            key = ({0: 0}.get(int(w[i]), 1 if w[i] > 0 else 2), int(w[i]), int(rem[i]), bool(term[i]))
        rows[key].append(page.notation[i])
    if page.players == 2:
        sections = [
            {"cls": "win", "title": "Wins for the player to move", "rows": []},
            {"cls": "loss", "title": "Losses for the player to move", "rows": []},
            {"cls": "draw", "title": "Draws", "rows": []},
        ]
    else:
        sections = [
            {"cls": "win", "title": "The player to move can force a win", "rows": []},
            {"cls": "loss", "title": "Another player can force a win", "rows": []},
            {"cls": "draw", "title": "Open: no one can force a win", "rows": []},
        ]
    for key in sorted(rows):
        names = sorted(rows[key])
        sec = sections[key[0]]
        if page.players == 2:
            _, r, t = key
            if t:
                label = "game over (lost)" if sec["cls"] == "loss" else "game over"
            else:
                label = {"win": f"win in {r}", "loss": f"loss in {r}", "draw": "draw"}[sec["cls"]]
        else:
            _, seat, r, t = key
            if t:
                label = "game over: mover won" if seat == 0 else f"game over: +{seat} won" if seat > 0 else "game over"
            elif seat == 0:
                label = f"win in {r}"
            elif seat > 0:
                label = f"+{seat} wins in {r}"
            else:
                label = "open"
        shown = names if limit is None else names[:limit]
        sec["rows"].append({"label": label, "count": len(names), "positions": shown, "more": len(names) - len(shown)})
    for sec in sections:
        sec["count"] = sum(r["count"] for r in sec["rows"])
    return [s for s in sections if s["count"]]


def _params_rows(params: dict) -> list[dict[str, Any]]:
    rows = []
    for name in list(DEFAULT_PARAMS) + sorted(set(params) - set(DEFAULT_PARAMS)):
        if name not in params:
            continue
        value = params[name]
        text = ("true" if value else "false") if isinstance(value, (bool, np.bool_)) else str(value)
        changed = name in DEFAULT_PARAMS and value != DEFAULT_PARAMS[name]
        rows.append({"name": name, "value": text, "changed": changed})
    return rows


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_PACKAGE / "templates")),
        autoescape=jinja2.select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["num"] = _num
    return env


def _static(name: str) -> bytes:
    return (_PACKAGE / "static" / name).read_bytes()


def _vis_files() -> dict[str, bytes]:
    """The vis-network script and style shipped by pyvis."""
    import pyvis

    base = Path(pyvis.__file__).resolve().parent / "lib" / "vis-9.1.2"
    script = (base / "vis-network.min.js").read_bytes()
    # the source map is not shipped: drop the comment that points to it
    script = re.sub(rb"\r?\n//# sourceMappingURL=[^\r\n]*\s*$", b"\n", script)
    return {
        "assets/vis-network.min.js": script,
        "assets/vis-network.css": (base / "vis-network.css").read_bytes(),
    }


# ---------------------------------------------------------------------------
# the entry point
# ---------------------------------------------------------------------------


def render_site(pages: list[VariantPage], *, site_title: str = "The Chopsticks atlas") -> dict[str, bytes]:
    """Render the whole site.

    Parameters
    ----------
    pages : list of VariantPage
        One entry per variant; within a group they appear in this order.
    site_title : str, optional
        The site's name, shown in every header.

    Returns
    -------
    dict of str to bytes
        Every file of the site by relative path (``index.html``,
        ``variants/<slug>.html``, ``variants/<slug>/...``, ``assets/...``),
        in sorted order.

    Raises
    ------
    ValueError
        On a duplicate or unsafe slug, an unknown group or arrays of the wrong
        length.
    """
    env = _environment()
    files: dict[str, bytes] = {}
    files.update(_vis_files())
    for name in ("vizgen.js", "vizgen.css", "favicon.svg"):
        files[f"assets/{name}"] = _static(name)

    slugs = [p.slug for p in pages]
    if len(set(slugs)) != len(slugs):
        raise ValueError("duplicate slugs: " + ", ".join(sorted({s for s in slugs if slugs.count(s) > 1})))
    for p in pages:
        if p.group not in GROUPS:
            raise ValueError(f"{p.slug}: unknown group {p.group!r}; groups: {', '.join(GROUPS)}")
    ordered = sorted(pages, key=lambda p: GROUPS.index(p.group))

    cards: dict[str, list[dict[str, Any]]] = {g: [] for g in GROUPS}
    nav = [{"slug": p.slug, "title": p.title, "group": p.group} for p in ordered]
    for page in ordered:
        n = _check_page(page)
        base = f"variants/{page.slug}/"
        chunk = n if not page.big else CHUNK_SIZE
        nodes = _nodes_payload(page, n, max(chunk, 1), with_xy=not page.big)
        files[base + "nodes.js"] = _jsonp("nodes", nodes)
        out, par = _adjacency(page, n)
        n_chunks = max(1, math.ceil(n / max(chunk, 1)))
        for k in range(n_chunks):
            files[f"{base}c{k}.js"] = _jsonp(
                f"c{k}", _chunk_payload(page, k * chunk, min(n, (k + 1) * chunk), out, par)
            )
        overview = None
        if page.big:
            png, xy = _overview(page, n)
            files[base + "overview.png"] = png
            files[base + "xy.js"] = _jsonp("xy", xy)
            overview = {"src": f"{page.slug}/overview.png", "w": xy["w"], "h": xy["h"]}
        if len(page.thumb_svg) <= THUMB_MAX:
            thumb = "thumb.svg"
            files[base + thumb] = bytes(page.thumb_svg)
        else:
            thumb = "thumb.png"
            files[base + thumb] = _overview(page, n, width=360)[0]
        downloads = [
            _download(f"{page.slug}.json", "Solved graph (JSON)", bytes(page.graph_json)),
            _download(f"{page.slug}.graphml", "Graph (GraphML)", bytes(page.graphml)),
            _download(f"{page.slug}.svg", "Picture of the graph (SVG)", bytes(page.graph_svg)),
        ]
        for d in downloads:
            files[base + d["file"]] = d["data"]

        hands_per = len(page.hands[page.start][0]) if n and page.hands[page.start] else 0
        config = {
            "kind": "big" if page.big else "small",
            "data": f"{page.slug}/",
            "slug": page.slug,
            "players": page.players,
            "hands": hands_per,
            "r": int(page.params.get("r", 5)),
            "start": page.notation[page.start],
            "chunks": n_chunks,
            "overview": overview is not None,
        }
        start_text, start_cls = start_words(page)
        ctx = {
            "root": "../",
            "site_title": site_title,
            "page_title": f"{page.title} · {site_title}",
            "p": page,
            "n": n,
            "nav": nav,
            "config_json": _json(config),
            "figures": _figures(page, n),
            "tables": _tables(page, n, BIG_ROW_LIMIT if page.big else None),
            "params_rows": _params_rows(page.params),
            "shares": _shares(page, n),
            "start_text": start_text,
            "start_cls": start_cls,
            "start_notation": page.notation[page.start],
            "downloads": [
                {
                    "href": f"{page.slug}/{d['file']}",
                    "file": d["file"],
                    "label": d["label"],
                    "size": _size(len(d["data"])),
                }
                for d in downloads
            ],
            "overview": overview,
            "stats_json": json.dumps(page.stats, default=_plain, sort_keys=True, indent=2),
            "two": page.players == 2,
            "row_limit": BIG_ROW_LIMIT,
        }
        files[f"variants/{page.slug}.html"] = env.get_template("variant.html").render(ctx).encode()
        cards[page.group].append(
            {
                "slug": page.slug,
                "title": page.title,
                "summary": page.summary,
                "spec": page.spec,
                "n": n,
                "shares": ctx["shares"],
                "start_text": start_text,
                "start_cls": start_cls,
                "players": page.players,
                "big": page.big,
                "thumb": f"variants/{page.slug}/{thumb}",
            }
        )
    groups = [{"name": g, "cards": cards[g]} for g in GROUPS if cards[g]]
    classic = next((p for p in ordered if p.group == GROUPS[0]), ordered[0] if ordered else None)
    index_ctx = {
        "classic": (
            {
                "slug": classic.slug,
                "title": classic.title,
                "words": start_words(classic)[0],
                "cls": start_words(classic)[1],
            }
            if classic is not None
            else None
        ),
        "root": "",
        "site_title": site_title,
        "page_title": site_title,
        "groups": groups,
        "total": sum(len(g["cards"]) for g in groups),
        "positions": sum(c["n"] for g in groups for c in g["cards"]),
    }
    files["index.html"] = env.get_template("index.html").render(index_ctx).encode()
    return dict(sorted(files.items()))


def _download(name: str, label: str, data: bytes) -> dict[str, Any]:
    """A download entry; a large file is gzip-compressed (deterministically)."""
    if len(data) > GZIP_OVER:
        return {"file": name + ".gz", "label": label + ", gzip-compressed", "data": gzip.compress(data, 6, mtime=0)}
    return {"file": name, "label": label, "data": data}


def _size(nbytes: int) -> str:
    """Human file size."""
    if nbytes < 1024:
        return f"{nbytes} B"
    if nbytes < 1024 * 1024:
        return f"{nbytes / 1024:.0f} kB"
    return f"{nbytes / 1024 / 1024:.1f} MB"
