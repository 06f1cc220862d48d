
"""Headless-Chromium tests of the views (issue 7): the banded graph, the value map, dense variants, the explorer.

Same server and checks as the other browser tests (``tests/conftest.py`` and
``tests/browsing.py``: no console error, no request leaving 127.0.0.1), on a site of its own: the four
banded variants of the overlap test, a dense two-player variant (r = 7, laid
out by sfdp: it opens on the map) and the big three-player one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from tests.browsing import CHROMIUM, WIDE, Watch, fragment, names, panel_shows, served, write_site
from vizgen.site.render import VariantPage, render_site

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no headless Chromium at {CHROMIUM}"),
              pytest.mark.xdist_group("views")]

BANDED = ("standard", "suicide", "cutoff", "self-gain")


@pytest.fixture(scope="module")
def view_pages(shared_gather: Callable, site_pages: dict[str, VariantPage]) -> dict[str, VariantPage]:
    """The banded four, r7 and three-players, by slug."""
    made = shared_gather([*BANDED, "r7"])
    return {**{p.slug: p for p in made}, "three-players": site_pages["three-players"]}


@pytest.fixture(scope="module")
def view_url(tmp_path_factory: pytest.TempPathFactory, view_pages: dict[str, VariantPage]) -> Iterator[str]:
    root = tmp_path_factory.mktemp("views-www")
    write_site(root, render_site(list(view_pages.values())))
    with served(root) as url:
        yield url


@pytest.fixture
def view(new_tab: Callable[..., object], view_url: str) -> Iterator[Callable[..., object]]:
    """Open a page of the views' site at 1400 x 900 and check it on teardown."""
    opened: list[Watch] = []

    def _open(url: str) -> object:
        page = new_tab(WIDE)
        watch = Watch(page)
        opened.append(watch)
        page.goto(view_url + url)
        page.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)", timeout=20000)
        assert page.evaluate("window.vizgen.error") is None
        return page

    yield _open
    for watch in opened:
        watch.check(("http://127.0.0.1:",))


#: Label and node boxes of every position, in CSS px of the graph's canvas, after "fit".
BOXES = """() => {
    const net = window.vizgen.network;
    net.fit({animation: false});
    const dom = (x, y) => net.canvasToDOM({x: x, y: y});
    return net.body.nodeIndices.filter(id => typeof id === "number").map(id => {  // positions, not the band words
        const node = net.getBoundingBox(id);
        const label = net.body.nodes[id].labelModule.size;
        const a = dom(node.left, node.top), b = dom(node.right, node.bottom);
        const c = dom(label.left, label.top), d = dom(label.left + label.width, label.top + label.height);
        return [a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y];
    });
}"""


def _hits(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pairwise: box rows ``a`` (x0, y0, x1, y1) strictly overlap box rows ``b``."""
    return ((a[:, None, 0] < b[None, :, 2] - 0.5) & (b[None, :, 0] < a[:, None, 2] - 0.5)
            & (a[:, None, 1] < b[None, :, 3] - 0.5) & (b[None, :, 1] < a[:, None, 3] - 0.5))


@pytest.mark.catalogue_cases(
    "suicide",
    reason="a third banded variant (2 s); the whole suite keeps the classic game and self-gain")
@pytest.mark.parametrize("slug", BANDED)
def test_banded_graph_at_fit_has_no_overlap(view: Callable, view_pages: dict[str, VariantPage], slug: str) -> None:
    data = view_pages[slug]
    page = view(f"variants/{slug}.html")
    assert page.evaluate("window.vizgen.view") == "graph"
    boxes = np.array(page.evaluate(BOXES))
    assert len(boxes) == len(data.nodes)
    node, label = boxes[:, :4], boxes[:, 4:]
    n = len(boxes)
    other = ~np.eye(n, dtype=bool)
    label_label = _hits(label, label) & other
    label_node = _hits(label, node) & other
    assert not label_label.any(), f"{int(label_label.sum()) // 2} label pairs overlap"
    assert not label_node.any(), f"{int(label_node.sum())} labels overlap another node"
    width, height = page.evaluate("[document.getElementById('graph').clientWidth,"
                                  " document.getElementById('graph').clientHeight]")
    assert node[:, 0].min() >= 0 and node[:, 1].min() >= 0, "part of the graph is out of view at fit"
    assert node[:, 2].max() <= width and node[:, 3].max() <= height, "part of the graph is out of view at fit"
    # labels readable at fit: at least 9 CSS px high
    assert (label[:, 3] - label[:, 1]).min() >= 9


def test_only_meaningful_edges_by_default(view: Callable, view_pages: dict[str, VariantPage]) -> None:
    data = view_pages["standard"]
    page = view("variants/standard.html#12-11")
    panel_shows(page, "12-11")
    visible = "window.vizgen.network.body.data.edges.get({filter: e => !e.hidden}).map(e => e.id)"
    shown = set(page.evaluate(visible))
    src, dst = data.edges.src, data.edges.dst
    me = names(data).index("12-11")
    expected = set(np.flatnonzero(data.shown | (src == me) | (dst == me)).tolist())
    assert shown == expected
    assert len(shown) < len(src) / 2
    page.locator("#all-moves").check()
    assert len(page.evaluate(visible)) == len(src)
    page.locator("#all-moves").uncheck()
    assert set(page.evaluate(visible)) == expected


def test_click_during_navigation_lands_on_the_node_under_the_mouse(view: Callable,
                                                                    view_pages: dict[str, VariantPage]) -> None:
    data = view_pages["standard"]
    page = view("variants/standard.html")
    panel_shows(page, "11-11")
    page.evaluate("document.querySelector('.viewer').scrollIntoView({block: 'start'})")
    targets = ("34-01", "00-14", "22-13", "12-11", "11-11")
    where = page.evaluate("""ids => ids.map(id => {
        const net = window.vizgen.network, p = net.canvasToDOM(net.getPositions([id])[id]);
        const box = document.querySelector('#graph canvas').getBoundingClientRect();
        return [box.left + p.x, box.top + p.y];
    })""", [names(data).index(t) for t in targets])
    # where the positions were before any click: the view never moves under the mouse
    for target, xy in zip(targets, where):
        page.mouse.click(*xy)
        panel_shows(page, target)
    for xy in where[:3]:
        page.mouse.click(*xy)  # in quick succession, without waiting for the previous selection
    panel_shows(page, targets[2])
    assert fragment(page) == targets[2]


def _cell_xy(page: object, notation: str) -> tuple[float, float]:
    return page.evaluate("""n => {
        const map = window.vizgen.map, k = map.cellOf(window.vizgen.resolve(n)), g = map.g;
        const box = map.canvas.getBoundingClientRect();
        return [box.left + g.x0 + (k % map.m + 0.5) * g.cell, box.top + g.y0 + (Math.floor(k / map.m) + 0.5) * g.cell];
    }""", notation)


def test_value_map_click_hover_moves_and_history(view: Callable, view_pages: dict[str, VariantPage]) -> None:
    data = view_pages["standard"]
    page = view("variants/standard.html")
    page.locator('.view-tab[data-view="map"]').click()
    page.wait_for_function("window.vizgen.map && window.vizgen.view === 'map'")
    assert page.locator("#graph").is_hidden() and page.locator("#valuemap").is_visible()
    vm = data.vmap
    assert page.evaluate("window.vizgen.map.m") == len(vm.hands)
    page.mouse.move(*_cell_xy(page, "12-11"))
    tip = page.locator(".vmap-tip")
    assert tip.is_visible() and tip.inner_text().startswith("12-11")
    page.mouse.click(*_cell_xy(page, "12-11"))
    panel_shows(page, "12-11")
    assert fragment(page) == "12-11"
    me = names(data).index("12-11")
    page.wait_for_function("n => window.vizgen.map.marks.moves.length === n",
                           arg=int((data.edges.src == me).sum()))
    marked = sorted(page.evaluate("window.vizgen.map.marks.moves"))
    m = len(vm.hands)
    targets = np.isin(vm.node, data.edges.dst[data.edges.src == me])
    expected = sorted(int(r * m + c) for r, c in zip(*np.nonzero(targets)))
    assert marked == expected
    page.mouse.click(*_cell_xy(page, "22-11"))
    panel_shows(page, "22-11")
    page.go_back()
    panel_shows(page, "12-11")
    assert page.evaluate("window.vizgen.map.selected === window.vizgen.map.cellOf(window.vizgen.selected)")


def test_value_map_compare(view: Callable, view_pages: dict[str, VariantPage]) -> None:
    from vizgen.site.drawing.valuemap import compare

    standard, suicide = view_pages["standard"].vmap, view_pages["suicide"].vmap
    page = view("variants/standard.html")
    page.locator('.view-tab[data-view="map"]').click()
    page.wait_for_function("window.vizgen.map")
    options = page.locator("#vmap-compare option").all_inner_texts()
    assert any(o.startswith("Suicide") for o in options) and any(o.startswith("Cutoff") for o in options)
    page.locator("#vmap-compare").select_option(label=next(o for o in options if o.startswith("Suicide")))
    differ = sorted(page.evaluate("[...window.vizgen.map.compared.cells.keys()]"))
    assert differ == np.flatnonzero(compare(standard, suicide)).tolist()
    assert str(len(differ)) in page.locator("#vmap-note").inner_text()
    # the hover over a differing cell says what it is in the other variant
    k = differ[0]
    name = names(view_pages["standard"])[int(standard.node.ravel()[k])]
    page.mouse.move(*_cell_xy(page, name))
    assert "in Suicide:" in page.locator(".vmap-tip").inner_text()


def test_dense_variant_opens_on_the_map(view: Callable, view_pages: dict[str, VariantPage]) -> None:
    page = view("variants/r7.html")
    assert page.evaluate("window.vizgen.view") == "map"
    assert page.evaluate("window.vizgen.network") is None  # the graph is drawn only when asked for
    panel_shows(page, "11-11")
    page.mouse.click(*_cell_xy(page, "12-11"))
    panel_shows(page, "12-11")
    page.locator('.view-tab[data-view="graph"]').click()
    page.wait_for_function("window.vizgen.network && window.vizgen.network.getSelectedNodes().length === 1")
    assert page.evaluate("window.vizgen.network.getSelectedNodes()") == [names(view_pages["r7"]).index("12-11")]


def test_explorer_trail_more_and_labels(view: Callable, view_pages: dict[str, VariantPage]) -> None:
    data = view_pages["three-players"]
    page = view("variants/three-players.html")
    panel_shows(page, "11-11-11")
    boxes = np.array(page.evaluate(BOXES))
    label = boxes[:, 4:]
    clash = _hits(label, label) & ~np.eye(len(label), dtype=bool)
    assert not clash.any(), f"{int(clash.sum()) // 2} explorer labels overlap"
    walk = ["11-11-11"]
    for _ in range(2):
        link = page.locator("#panel tr.move td.mv a").first
        dst = link.get_attribute("href")[1:]
        link.click()
        panel_shows(page, dst)
        page.wait_for_function("id => window.vizgen.explored.centre === id", arg=names(data).index(dst))
        walk.append(dst)
    assert page.locator("#trail a.pos").all_inner_texts() == walk
    page.go_back()  # back to a centre of the trail: the trail is cut there
    panel_shows(page, walk[1])
    page.wait_for_function("id => window.vizgen.explored.centre === id", arg=names(data).index(walk[1]))
    assert page.locator("#trail a.pos").all_inner_texts() == walk[:2]
    # a centre whose second ring is capped: "show more" adds positions, still without a label clash
    page.evaluate("window.vizgen.go('13-13-02')")
    panel_shows(page, "13-13-02")
    page.wait_for_function("id => window.vizgen.explored.centre === id", arg=names(data).index("13-13-02"))
    explored = page.evaluate("window.vizgen.explored")
    assert explored["of"] > explored["level2"]
    page.locator("#explorer-more").click()
    page.wait_for_function("n => window.vizgen.explored.level2 > n", arg=explored["level2"])
    page.wait_for_timeout(400)  # the glide
    label = np.array(page.evaluate(BOXES))[:, 4:]
    assert not (_hits(label, label) & ~np.eye(len(label), dtype=bool)).any()
