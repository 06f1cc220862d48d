"""Pictures drawn here rather than by Graphviz: the overview of a big variant, as a PNG.

A big variant has too many positions for one interactive graph; its page shows
the whole graph as a picture (each position a dot in its value's colour over a
grey haze of moves) that a visitor clicks to explore the position under the
pointer. :func:`overview` draws it and says which pixel each position is at.
"""

from __future__ import annotations

import math
import struct
import zlib
from typing import TypedDict

import numpy as np

from vizgen.site.drawing import theme
from vizgen.util import sizes

__all__ = ["PREVIEW", "Places", "mosaic_preview", "overview", "png", "preview"]


class Places(TypedDict):
    """Where each position sits on the overview picture (``xy.js``, read by ``pages/viewer/overview.js``)."""

    #: the picture's width and height, in pixels
    w: int
    h: int
    #: per node, its pixel
    x: list[int]
    y: list[int]

#: the size of a page's preview picture for links shared on social sites (Open Graph, Twitter cards)
PREVIEW = (1200, 630)

#: shades of grey in the haze (four players' overview: 590 kB with every shade, 456 kB with these)
HAZE_LEVELS = 16


def png(rgb: np.ndarray) -> bytes:
    """Encode an ``(h, w, 3)`` uint8 array as a PNG (deterministic: no time stamp).

    A picture of at most 256 colours (every one drawn here: a few value colours over a few shades of haze) is
    written with a palette, one byte a pixel, and compressed run by run (zlib's ``Z_RLE``): the three-player
    overview takes 187 kB where colour by colour at zlib's level 9 it took 246 kB, and 0.01 s where it took
    0.8 s. A picture of more colours is written colour by colour. Either way the picture decodes to ``rgb``.

    Examples
    --------
    >>> data = png(np.zeros((2, 3, 3), dtype=np.uint8))
    >>> data[:8], data[25]  # the signature; colour type 3: a palette
    (b'\\x89PNG\\r\\n\\x1a\\n', 3)
    >>> many = np.stack([np.arange(300) % 256, np.arange(300) // 256, np.zeros(300)], axis=1).astype(np.uint8)
    >>> png(many.reshape(2, 150, 3))[25]  # 300 colours: type 2, colour by colour
    2
    """
    h, w, _ = rgb.shape
    packed = rgb.astype(np.uint32)
    colours, index = np.unique((packed[..., 0] << 16) | (packed[..., 1] << 8) | packed[..., 2], return_inverse=True)
    if colours.size <= 256:
        colour_type = 3
        palette = np.stack([colours >> 16, (colours >> 8) & 255, colours & 255], axis=1).astype(np.uint8).tobytes()
        pixels = index.reshape(h, w).astype(np.uint8)
    else:
        colour_type, palette, pixels = 2, b"", rgb.reshape(h, w * 3)
    raw = np.zeros((h, pixels.shape[1] + 1), dtype=np.uint8)  # each row: filter type 0 (none), then its bytes
    raw[:, 1:] = pixels
    packer = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_RLE)
    idat = packer.compress(raw.tobytes()) + packer.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + (chunk(b"PLTE", palette) if palette else b"")
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def _pixels(x: np.ndarray, y: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Pixel coordinates of every node, and the picture's height (proportions kept unless extreme)."""
    pad = max(4, width // 100)
    span_x = max(float(np.ptp(x)), 1.0) if x.size else 1.0
    span_y = max(float(np.ptp(y)), 1.0) if y.size else 1.0
    height = int(min(max((width - 2 * pad) * span_y / span_x + 2 * pad, 0.4 * width), 0.9 * width))
    sx, sy = (width - 2 * pad) / span_x, (height - 2 * pad) / span_y
    if 0.5 < sx / sy < 2:
        sx = sy = min(sx, sy)
    off_x, off_y = (width - span_x * sx) / 2, (height - span_y * sy) / 2
    px = np.clip(np.round((x - x.min(initial=0)) * sx + off_x), 0, width - 1).astype(np.int64)
    py = np.clip(np.round((y - y.min(initial=0)) * sy + off_y), 0, height - 1).astype(np.int64)
    return px, py, height


def _haze(px: np.ndarray, py: np.ndarray, src: np.ndarray, dst: np.ndarray, width: int, height: int) -> np.ndarray:
    """Shade in 0..1 per pixel: how many moves pass there (log scale)."""
    density = np.zeros(width * height, dtype=np.float64)
    if src.size > sizes.HAZE_EDGES:  # a haze, not a wall: every k-th edge is enough
        step = math.ceil(src.size / sizes.HAZE_EDGES)
        src, dst = src[::step], dst[::step]
    samples = 48
    t = np.linspace(0.0, 1.0, samples)
    for i in range(0, src.size, 20000):
        s, d = src[i:i + 20000], dst[i:i + 20000]
        lx = np.round(px[s, None] + (px[d] - px[s])[:, None] * t).astype(np.int64)
        ly = np.round(py[s, None] + (py[d] - py[s])[:, None] * t).astype(np.int64)
        length = np.hypot(px[d] - px[s], py[d] - py[s])[:, None]
        weight = np.broadcast_to(np.minimum(length / samples, 1.0), lx.shape)
        density += np.bincount((ly * width + lx).ravel(), weights=weight.ravel(), minlength=width * height)
    if density.max() > 0:
        density = np.log1p(density) / math.log1p(float(np.quantile(density[density > 0], 0.995)) + 1e-9)
    return np.clip(density, 0, 1).reshape(height, width)


def overview(x: np.ndarray, y: np.ndarray, value: np.ndarray, depth: np.ndarray, start: int,
             edges: tuple[np.ndarray, np.ndarray], width: int,
             palettes: tuple[str, ...] = ("light",)) -> tuple[dict[str, bytes], Places]:
    """Draw a whole graph as a PNG per theme and map each node to its pixel.

    Parameters
    ----------
    x, y : numpy.ndarray
        Layout coordinates per node (y grows downward).
    value : numpy.ndarray
        Value per node for the player to move (+1, 0, -1): the dot's colour.
    depth : numpy.ndarray
        Plies from the start: nearer positions are drawn on top.
    start : int
        Node id of the start, marked with a ring.
    edges : tuple of numpy.ndarray
        Sources and targets of the moves, drawn as a haze.
    width : int
        Width of the picture in pixels.
    palettes : tuple of str
        The themes to draw it in (:data:`vizgen.site.drawing.theme.PALETTES`); the layout and the haze are worked
        out once.

    Returns
    -------
    tuple
        The PNG bytes per theme and ``{"w", "h", "x", "y"}``: the picture's size and
        every node's pixel.

    Examples
    --------
    >>> data, where = overview(np.array([0.0, 10.0]), np.array([0.0, 5.0]), np.array([1, -1]),
    ...                        np.array([0, 1]), 0, (np.array([0]), np.array([1])), 200, ("light", "dark"))
    >>> where["w"], len(where["x"]), sorted(data)
    (200, 2, ['dark', 'light'])
    """
    px, py, height, shade = _lay(x, y, edges, width)
    data = {name: png(np.clip(np.round(_paint(px, py, height, shade, value, depth, start, x.size, width,
                                              theme.PALETTES[name])), 0, 255).astype(np.uint8))
            for name in palettes}
    return data, {"w": width, "h": height, "x": px.tolist(), "y": py.tolist()}


def _lay(x: np.ndarray, y: np.ndarray, edges: tuple[np.ndarray, np.ndarray],
         width: int) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """Each node's pixel, the picture's height and the haze of its moves (0..1 per pixel, in a few shades)."""
    x, y = np.nan_to_num(np.asarray(x, float)), np.nan_to_num(np.asarray(y, float))
    px, py, height = _pixels(x, y, width)
    shade = _haze(px, py, np.asarray(edges[0], np.int64), np.asarray(edges[1], np.int64), width, height)
    return px, py, height, np.round(shade * HAZE_LEVELS) / HAZE_LEVELS  # a few shades compress far better


def _paint(px: np.ndarray, py: np.ndarray, height: int, shade: np.ndarray, value: np.ndarray, depth: np.ndarray,
           start: int, n: int, width: int, palette: dict[str, str]) -> np.ndarray:
    """The overview in a palette as a float RGB array: the haze over the card, each position a dot."""
    haze, card = np.array(theme.rgb(palette["haze"]), float), np.array(theme.rgb(palette["card"]), float)
    img: np.ndarray = card - (card - haze) * (0.55 * shade)[..., None]
    dot = 2 if n > 20000 or width < 800 else 3
    order = np.argsort(-np.asarray(depth), kind="stable")
    for v in (0, -1, 1):
        colour = np.array(theme.rgb(theme.value_colour(v, palette)), dtype=float)
        lo = dot // 2
        for i in order[value[order] == v].tolist():
            img[max(py[i] - lo, 0):py[i] + dot - lo, max(px[i] - lo, 0):px[i] + dot - lo] = colour
    s = int(start)
    rings = ((5, theme.rgb(palette["accent"])), (3, theme.rgb(palette["card"])),
             (2, theme.rgb(theme.value_colour(value[s], palette))))
    for half, ring in rings:
        img[max(py[s] - half, 0):py[s] + half + 1, max(px[s] - half, 0):px[s] + half + 1] = ring
    return img


def _draw(x: np.ndarray, y: np.ndarray, value: np.ndarray, depth: np.ndarray, start: int,
          edges: tuple[np.ndarray, np.ndarray], width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The overview in the light palette as a float RGB array, each node's pixel and the picture's height."""
    px, py, height, shade = _lay(x, y, edges, width)
    return _paint(px, py, height, shade, value, depth, start, np.asarray(x).size, width, theme.LIGHT), px, py, height


def _card(picture: np.ndarray) -> bytes:
    """A picture centred on a :data:`PREVIEW`-sized card of the pages' paper colour, with a frame in its ink."""
    w, h = PREVIEW
    card = np.empty((h, w, 3), float)
    paper, ink = theme.rgb(theme.PALETTE["paper"]), theme.rgb(theme.PALETTE["ink"])
    card[:] = paper
    card[:8], card[-8:], card[:, :8], card[:, -8:] = ink, ink, ink, ink
    ph, pw = picture.shape[:2]
    top, left = (h - ph) // 2, (w - pw) // 2
    card[top:top + ph, left:left + pw] = picture
    return png(np.clip(np.round(card), 0, 255).astype(np.uint8))


def preview(x: np.ndarray, y: np.ndarray, value: np.ndarray, depth: np.ndarray, start: int,
            edges: tuple[np.ndarray, np.ndarray]) -> bytes:
    """A page's preview for shared links: its graph (as :func:`overview` draws it) on a 1200 x 630 card.

    Made without a browser and the same bytes at every build (no time stamp, a fixed drawing order).

    Examples
    --------
    >>> data = preview(np.array([0.0, 10.0]), np.array([0.0, 5.0]), np.array([1, -1]), np.array([0, 1]), 0,
    ...                (np.array([0]), np.array([1])))
    >>> struct.unpack(">II", data[16:24]), data == preview(np.array([0.0, 10.0]), np.array([0.0, 5.0]),
    ...     np.array([1, -1]), np.array([0, 1]), 0, (np.array([0]), np.array([1])))
    ((1200, 630), True)
    """
    room_w, room_h = PREVIEW[0] - 80, PREVIEW[1] - 60
    width = room_w
    for _ in range(3):  # the height follows the width: narrow it until the picture fits
        img, _, _, height = _draw(x, y, value, depth, start, edges, width)
        if height <= room_h:
            break
        width = max(200, int(width * room_h / height))
    return _card(img[:room_h, :room_w])


def mosaic_preview(value: np.ndarray) -> bytes:
    """The preview of a page too big for a picture of its graph: positions sampled evenly, in their value's colour.

    Examples
    --------
    >>> struct.unpack(">II", mosaic_preview(np.array([1, 0, -1, 0]))[16:24])
    (1200, 630)
    """
    cols, rows, cell = 96, 48, 11
    picks = np.linspace(0, max(value.size - 1, 0), cols * rows).astype(np.int64)
    colours = {v: np.array(theme.rgb(theme.value_colour(v)), float) for v in (1, 0, -1)}
    img = np.empty((rows * cell, cols * cell, 3), float)
    for k, v in enumerate(np.asarray(value)[picks].tolist()):
        r, c = divmod(k, cols)
        img[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell] = colours[int(v)]
    img[:, ::cell] = theme.rgb(theme.PALETTE["card"])
    img[::cell, :] = theme.rgb(theme.PALETTE["card"])
    return _card(img)
