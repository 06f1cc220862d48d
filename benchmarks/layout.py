"""Layout benchmark: the banded layout of the small variants against the old radial one (no pass/fail).

For every built-in variant of at most ``sizes.BANDS_LIMIT`` positions it prints the
time to order the bands with ``dot`` and to place them, the scale at which the
graph fits the page's box (900 x 600, and the real 940 x 730 at a 1400 x 900
window), the label overlaps at that fit were the labels kept at full size
(:func:`vizgen.site.drawing.band_picture.overlaps`: a measure of room; on the page a label shrinks with its box,
and tests/test_readable_browser.py measures the labels as vis-network draws them: none touches another on any
built-in banded variant, swaps' at 8.2 px the smallest), the
moves shown by default and how many of them cross each other when ``dot``
orders the bands or when the nodes keep their id order; and, for comparison,
the overlaps of the radial ``twopi`` layout that the banded one replaces.

Usage: python benchmarks/layout.py [SPEC ...]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pygraphviz

from vizgen.analysis.bands import DRAWS, blocks, levels, shown_edges
from vizgen.analysis.solved import solve_variant
from vizgen.engine.spec import resolve
from vizgen.engine.variants import REGISTRY
from vizgen.site.drawing.band_picture import BOX, fit_scale, node_size, order_dot, overlaps, place
from vizgen.util import sizes

REAL_BOX = (940.0, 730.0)


def crossings(x: np.ndarray, y: np.ndarray, src: np.ndarray, dst: np.ndarray) -> int:
    """Pairs of straight edges that cross (edges sharing an end do not count)."""
    p, q = np.stack([x[src], y[src]], 1), np.stack([x[dst], y[dst]], 1)

    def side(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
        ab, ac = b - a, c - a
        return np.sign(ab[..., 0] * ac[..., 1] - ab[..., 1] * ac[..., 0])

    a, b, c, d = p[:, None], q[:, None], p[None], q[None]
    shared = (src[:, None] == src[None]) | (src[:, None] == dst[None]) | (dst[:, None] == src[None]) | (
        dst[:, None] == dst[None])
    cross = (side(a, b, c) * side(a, b, d) < 0) & (side(c, d, a) * side(c, d, b) < 0) & ~shared
    return int(cross.sum() // 2)


def radial(solved) -> tuple[np.ndarray, np.ndarray]:
    """The layout the banded one replaces: twopi rooted at the start, Voronoi overlap removal."""
    g = solved.graph
    lines = [f'digraph {{ graph [root="{g.start}", ranksep="1.3", overlap="false", splines="false", start="7"];',
             'node [shape="circle", width="0.5", fixedsize="true", label=""];']
    lines.extend(f"{i};" for i in range(g.n))
    lines.extend(f"{a}->{b};" for a, b in zip(g.sources.tolist(), g.indices.tolist()))
    agraph = pygraphviz.AGraph(string="\n".join([*lines, "}"]))
    agraph.layout(prog="twopi")
    pos = np.array([tuple(map(float, agraph.get_node(i).attr["pos"].split(","))) for i in range(g.n)])
    return pos[:, 0], -pos[:, 1]


def main(specs: list[str]) -> None:
    print(f"{'variant':16} {'n':>4} {'dot s':>6} {'place s':>7} {'fit@900x600':>11} {'fit@940x730':>11} "
          f"{'overlaps':>8} {'shown':>9} {'cross dot':>9} {'cross id':>8} {'twopi overlaps':>14}")
    for spec in specs:
        s = solve_variant(resolve(spec))
        g = s.graph
        if g.n > sizes.BANDS_LIMIT:
            continue
        b, lv, shown = blocks(s), levels(s), shown_edges(s)
        inner = shown | ((b[g.sources] == DRAWS) & (b[g.indices] == DRAWS))
        t0 = time.perf_counter()
        key = order_dot(b, lv, g.sources[inner], g.indices[inner], shown[inner])
        t1 = time.perf_counter()
        names = g.notations()
        length = max(map(len, names))
        x, y = place(b, lv, key, length)
        t2 = time.perf_counter()
        w, h = node_size(length)
        ix, iy = place(b, lv, np.arange(g.n, dtype=float), length)
        src, dst = g.sources[shown], g.indices[shown]
        rx, ry = radial(s)
        print(f"{spec:16} {g.n:4d} {t1 - t0:6.2f} {t2 - t1:7.2f} {fit_scale(x, y, w, h, BOX):11.2f} "
              f"{fit_scale(x, y, w, h, REAL_BOX):11.2f} {len(overlaps(x, y, names)):8d} "
              f"{f'{shown.sum()}/{shown.size}':>9} {crossings(x, y, src, dst):9d} {crossings(ix, iy, src, dst):8d} "
              f"{len(overlaps(rx, ry, names)):14d}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", metavar="SPEC", help="variants (default: the whole registry)")
    main(parser.parse_args().specs or list(REGISTRY))
