"""The value map's data file and thumbnail: what the browser's map view (``valuemap.js``) draws.

``map.js`` holds the grid of :func:`vizgen.site.drawing.valuemap.value_map` (the node of
every cell, -1 where no game goes) with the axis labels, and, for "Compare
with", every other page of the same shape with the cells whose value differs
(:func:`vizgen.site.drawing.valuemap.compare`) and the value they have there; each cell's
shade (:func:`vizgen.site.drawing.valuemap.shades`) and the colour of each shade in each theme
(:func:`vizgen.site.drawing.valuemap.shade_colours`): the browser looks the colours up and works none out.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vizgen.site.drawing import theme
from vizgen.site.drawing.valuemap import compare, shade_colours, shades, svg
from vizgen.site.render.page import VariantPage
from vizgen.site.render.payloads import MapData, MapPeer
from vizgen.util.text import visible

__all__ = ["THUMB_PX", "map_payload", "peers_of", "thumb"]

#: Side of an index thumbnail's map in px.
THUMB_PX = 180.0


def peers_of(page: VariantPage, pages: Sequence[VariantPage]) -> list[VariantPage]:
    """The other two-player pages whose value map has the same shape as ``page``'s, in the order given.

    Parameters
    ----------
    page : VariantPage
        A page.
    pages : sequence of VariantPage
        Every page of the site.

    Returns
    -------
    list of VariantPage
        Empty when ``page`` has no value map.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.analysis.figures import stats
    >>> from vizgen.site.drawing.layout import layout_all
    >>> from vizgen.site.render.page import page_of
    >>> from vizgen.engine.spec import resolve
    >>> solved = [solve_variant(resolve(spec)) for spec in ("standard:r=3", "standard:r=3,suicide=true")]
    >>> pages = [page_of(s.variant, s, lay, stats(s, "")) for s, lay in zip(solved, layout_all(solved, None))]
    >>> peers_of(pages[0], pages) == [pages[1]]
    True
    """
    if page.vmap is None:
        return []
    return [p for p in pages if p is not page and p.vmap is not None and p.vmap.names == page.vmap.names]


def map_payload(page: VariantPage, peers: Sequence[VariantPage]) -> MapData:
    """The content of ``map.js``.

    Parameters
    ----------
    page : VariantPage
        A two-player page.
    peers : sequence of VariantPage
        Pages of the same shape (:func:`peers_of`).

    Returns
    -------
    dict
        ``m`` (cells per side), ``labels`` (axis labels), ``node`` (``m * m``
        node ids, row-major: rows the mover's hands, columns the opponent's,
        -1 where no game goes), ``start`` (``[row, col]``) and ``compare``:
        per peer its ``slug``, ``title``, the differing ``cells`` (row-major
        indices) and ``value`` there (+1, 0, -1 for the player to move); ``shade``
        (per cell, -1 where no game goes) and ``fills`` (per theme and value class,
        the colour of each shade).

    Raises
    ------
    ValueError
        If the page has no value map.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.analysis.figures import stats
    >>> from vizgen.site.drawing.layout import layout_all
    >>> from vizgen.site.render.page import page_of
    >>> from vizgen.engine.spec import resolve
    >>> solved = [solve_variant(resolve(spec)) for spec in ("standard:r=3", "standard:r=3,suicide=true")]
    >>> pages = [page_of(s.variant, s, lay, stats(s, "")) for s, lay in zip(solved, layout_all(solved, None))]
    >>> data = map_payload(pages[0], pages[1:])
    >>> data["m"], data["labels"][:3], len(data["compare"])
    (6, ['00', '01', '02'], 1)
    """
    vm = page.vmap
    if vm is None:
        raise ValueError(f"{page.slug} has {page.players} players: no value map")
    m = len(vm.hands)
    others: list[MapPeer] = []
    for peer in peers:
        assert peer.vmap is not None
        cells = np.flatnonzero(compare(vm, peer.vmap))
        # the browser shows the title as text: control characters written visibly, as the HTML pages do
        others.append({"slug": peer.slug, "title": visible(peer.variant.title, keep="\t\n\r"), "cells": cells.tolist(),
                       "value": peer.vmap.value.ravel()[cells].tolist()})
    return {"m": m, "labels": [vm.label(i) for i in range(m)], "node": vm.node.ravel().tolist(),
            "start": (int(vm.start[0]), int(vm.start[1])), "compare": others, "shade": shades(vm).ravel().tolist(),
            "fills": {name: shade_colours(palette) for name, palette in theme.PALETTES.items()}}


def thumb(page: VariantPage) -> bytes:
    """The index thumbnail of a two-player page: its value map without axes.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.analysis.figures import stats
    >>> from vizgen.site.drawing.layout import layout_all
    >>> from vizgen.site.render.page import page_of
    >>> from vizgen.engine.spec import resolve
    >>> solved = [solve_variant(resolve(spec)) for spec in ("standard:r=3", "standard:r=3,suicide=true")]
    >>> pages = [page_of(s.variant, s, lay, stats(s, "")) for s, lay in zip(solved, layout_all(solved, None))]
    >>> thumb(pages[0]).startswith(b"<svg")
    True
    """
    assert page.vmap is not None
    return svg(page.vmap, cell=THUMB_PX / len(page.vmap.hands), axis=False)
