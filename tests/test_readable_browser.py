"""Headless-Chromium tests of what makes a page readable at a glance (issue #18).

The pictures say what they show (the banded graph names its blocks and counts its rows in plies), faded
positions keep readable labels (contrast measured on the graph's canvas pixels), and the words of a value are
the same on the index, the variant's page and its panel. Uses the site, server and browser of
``tests/test_pages_browser.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browsing import PHONE, WIDE, served, write_site
from vizgen.analysis import words
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.spec import resolve
from vizgen.engine.variants import REGISTRY
from vizgen.site.render import VariantPage, render_site
from vizgen.util import sizes

#: the browser tests are skipped, saying why, where Playwright is not installed
PlaywrightTimeout = pytest.importorskip("playwright.sync_api",
                                        reason="the playwright package is not installed").TimeoutError

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("readable")]

#: measures, in the page, each position box's label contrast from the canvas pixels (WCAG ratio)
CONTRAST = (Path(__file__).parent / "browser_contrast.js").read_text()
#: a vis-network node filter: a position box drawn in its value class's faded ("-soft") colour
FADED = """(d) => typeof d.id === 'number' && d.color && d.color.background === window.vizgen.config.themes.light[
    window.vizgen.model.cls(d.id) + '-soft']"""


def click_start(page: object) -> None:
    """Click the start position on the canvas until its neighbourhood stands out (most positions faded)."""
    where = """() => { const v = window.vizgen, n = v.network, s = v.model.startId;
        const d = n.canvasToDOM(n.getPositions([s])[s]), r = document.getElementById('graph').getBoundingClientRect();
        return [d.x + r.left, d.y + r.top]; }"""
    faded = f"""() => {{ const v = window.vizgen; if (v.selected !== v.model.startId) return false;
        return v.network.body.data.nodes.get({{filter: {FADED}}}).length > v.model.n / 2; }}"""
    # vis-network reads a press held past 250 ms as "hold", not a click, and a resize of the page (its viewport
    # set just before) can move the view after a fit: a loaded machine can stretch either, so each attempt
    # waits two animation frames and finds the start where it is drawn then
    for attempt in range(3):
        page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.mouse.click(*page.evaluate(where))
        try:
            page.wait_for_function(faded, timeout=10_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    # two animation frames: the fade is drawn on the canvas before its pixels are read
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_faded_labels_keep_a_contrast_of_4_5(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    page, _ = open_page("variants/standard.html")
    page.set_viewport_size(WIDE)
    page.evaluate("window.vizgen.network.fit({animation: false})")
    click_start(page)
    n = page.evaluate("window.vizgen.model.n")
    faded_ids = set(page.evaluate(f"""() => window.vizgen.network.body.data.nodes.get({{filter: {FADED}}})
        .map((d) => d.id)"""))
    measured = {i: ratio for i, ratio, _ in page.evaluate(CONTRAST, list(range(n)))}
    faded = {i: r for i, r in measured.items() if i in faded_ids}
    assert len(faded) > n // 2, (len(faded), n)  # most of the graph is faded and in view
    assert min(faded.values()) >= 4.5, sorted(faded.items(), key=lambda t: t[1])[:5]


def test_the_banded_graph_names_its_blocks_and_rows(open_page: Callable,
                                                    pages: dict[str, VariantPage]) -> None:
    page, _ = open_page("variants/standard.html")
    texts = page.evaluate("""() => window.vizgen.network.body.data.nodes.get({filter: (d) => d.band})
        .map((d) => d.label)""")
    bands = words.LEGEND["bands"]
    for text in (bands["draw"], bands["win"], bands["loss"], bands["from"], bands["to"], "0 plies", "1 ply"):
        assert text in texts
    f = pages["standard"].facts
    assert words.plies(int(f.remoteness[f.winner >= 0].max())) in texts  # the longest win's band is labelled
    # the labels are in view after fitting, never selected: a click on one leaves the panel as it is
    page.locator("#btn-fit").click()
    assert page.evaluate("window.vizgen.selected") == pages["standard"].start


def test_a_multiplayer_start_reads_the_same_on_its_page_and_in_its_panel(open_page: Callable,
                                                                           pages: dict[str, VariantPage]
                                                                           ) -> None:
    page, _ = open_page("variants/three-players.html")
    head = page.locator(".variant-meta .badge")
    panel = page.locator("#panel .pos-head .badge")
    page.wait_for_selector("#panel .pos-head .badge")
    p = pages["three"]
    f, i = p.facts, p.start
    short = words.say(int(f.verdict[i]), int(f.verdict_n[i]), int(f.winner[i]), short=True)
    full = words.say(int(f.verdict[i]), int(f.verdict_n[i]), int(f.winner[i]))
    cls = words.VERDICTS[int(f.verdict[i])].cls
    assert panel.get_attribute("data-full") == full and short in panel.inner_text()
    assert short in head.inner_text() and cls in head.get_attribute("class").split()
    assert cls in panel.get_attribute("class").split()
    head.focus()  # the full sentence shows on keyboard focus too
    shown = page.evaluate("getComputedStyle(document.querySelector('.variant-meta .badge'), '::after').content")
    assert "player 1" in shown


def test_the_phone_sheet_drags_to_full_height_and_never_covers_the_title(open_page: Callable,
                                                                           pages: dict[str, VariantPage]
                                                                           ) -> None:
    page, _ = open_page("variants/standard.html#12-11")
    page.set_viewport_size(PHONE)
    page.wait_for_selector("#panel.open .pos-title")
    panel = page.locator("#panel")

    def height() -> float:
        page.wait_for_timeout(350)  # the sheet's transition
        return panel.bounding_box()["height"]

    half = height()
    assert 0.4 * 844 < half < 0.6 * 844
    handle = page.locator("#panel .sheet-toggle").bounding_box()
    title = page.locator("#panel .pos-title").bounding_box()
    assert handle["y"] + handle["height"] <= title["y"] + 1, (handle, title)  # the handle sits above the title
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x, y - 50 * step)
    page.mouse.up()
    assert height() > 0.85 * 844
    assert "full" in panel.get_attribute("class").split()
    handle = page.locator("#panel .sheet-toggle").bounding_box()
    page.mouse.move(handle["x"] + 20, handle["y"] + 10)
    page.mouse.down()
    for step in range(1, 16):
        page.mouse.move(handle["x"] + 20, handle["y"] + 10 + 55 * step)
    page.mouse.up()
    assert height() < 120  # dragged down: back to its first line
    assert page.locator("#panel .pos-title").bounding_box()["y"] < 844  # which still shows the title


def test_hands_in_any_order_and_keys_at_once(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    page, _ = open_page("variants/standard.html")
    page.locator("#q").fill("21-11")
    page.locator("#search button").click()
    page.wait_for_function("document.getElementById('panel').dataset.position === '12-11'")
    page, _ = open_page("variants/standard.html")
    page.wait_for_selector("#panel tr.move td.mv a")
    page.keyboard.press("j")  # nothing focused yet: j steps into the moves
    assert page.evaluate("document.activeElement.closest('#panel tr.move') !== null")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('panel').dataset.position === '12-11'")


BAND_BOXES = """() => {
    const net = window.vizgen.network;
    net.fit({animation: false});
    return net.body.nodeIndices.map((id) => {
        const m = net.body.nodes[id], box = typeof id === "number" ? net.getBoundingBox(id) : null;
        const s = m.labelModule.size;
        const b = box || {left: s.left, top: s.top, right: s.left + s.width, bottom: s.top + s.height};
        const a = net.canvasToDOM({x: b.left, y: b.top}), c = net.canvasToDOM({x: b.right, y: b.bottom});
        return [typeof id === "number" ? 1 : 0, a.x, a.y, c.x, c.y];
    });
}"""


@pytest.mark.parametrize("slug", ["standard", "tiny"])
def test_the_band_words_overlap_no_position_and_are_in_view(open_page: Callable,
                                                             pages: dict[str, VariantPage], slug: str
                                                             ) -> None:
    page, _ = open_page(f"variants/{pages[slug].slug}.html")
    page.set_viewport_size(WIDE)
    boxes = page.evaluate(BAND_BOXES)
    words_, positions = [b[1:] for b in boxes if not b[0]], [b[1:] for b in boxes if b[0]]
    assert words_ and len(positions) == len(pages[slug].nodes)
    width, height = page.evaluate("[document.getElementById('graph').clientWidth,"
                                  " document.getElementById('graph').clientHeight]")
    for w in words_:
        assert w[0] >= -1 and w[2] <= width + 1 and w[1] >= -1 and w[3] <= height + 1, w  # in view at fit
        hits = [p for p in positions if w[0] < p[2] - 0.5 and p[0] < w[2] - 0.5 and w[1] < p[3] - 0.5
                and p[1] < w[3] - 0.5]
        assert not hits, (w, hits[:3])


def _banded_variants() -> list[str]:
    """Every built-in variant drawn as the banded picture: two players, at most ``sizes.BANDS_LIMIT`` positions."""
    out = []
    for name in REGISTRY:
        v = resolve(name)
        if v.params.players == 2 and enumerate_graph(v).n <= sizes.BANDS_LIMIT:
            out.append(name)
    return out


@pytest.fixture(scope="module")
def banded_site(tmp_path_factory: pytest.TempPathFactory, shared_gather: Callable) -> Iterator[tuple[str, list[str]]]:
    """A site of every built-in banded variant, served: its address and the variants' slugs."""
    specs = _banded_variants()
    pages = shared_gather(specs)
    root = tmp_path_factory.mktemp("banded")
    write_site(root, render_site(pages))
    with served(root) as url:
        yield url, [p.slug for p in pages]


#: Per page, as vis-network draws it at fit: position labels that touch another label or position, labels
#: that spill out of their own box, band words that touch a position, and the label's font size in CSS px.
LABELS = """() => {
    const net = window.vizgen.network, nodes = net.body.nodes;
    const rects = net.body.nodeIndices.map(id => {
        const n = nodes[id], s = n.labelModule.size;
        const box = typeof id === 'number'
            ? [n.x - n.shape.width / 2, n.y - n.shape.height / 2, n.x + n.shape.width / 2, n.y + n.shape.height / 2]
            : null;
        return {pos: typeof id === 'number', label: [s.left, s.top, s.left + s.width, s.top + s.height], box};
    });
    const hit = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
    const positions = rects.filter(r => r.pos), bandWords = rects.filter(r => !r.pos);
    let touching = 0, spilling = 0, wordsOnPositions = 0;
    positions.forEach((a, i) => {
        const [l, t, r, b] = a.label, [L, T, R, B] = a.box;
        if (l < L - 0.5 || t < T - 0.5 || r > R + 0.5 || b > B + 0.5) spilling++;
        positions.forEach((o, j) => { if (i !== j && (hit(a.label, o.label) || hit(a.label, o.box))) touching++; });
    });
    bandWords.forEach(w => positions.forEach(p => { if (hit(w.label, p.box)) wordsOnPositions++; }));
    const first = net.body.nodeIndices.find(id => typeof id === 'number');
    const font = nodes[first].options.font.size;
    return {n: positions.length, touching, spilling, wordsOnPositions, px: font * net.getScale()};
}"""


@pytest.mark.catalogue(
    reason="every built-in banded variant laid out and measured (45 s with its site); the whole suite keeps the "
           "band words on two variants and the banded graph at fit on three (test_views_browser)")
def test_no_label_overlaps_on_any_built_in_banded_variant(browser: object,
                                                          banded_site: tuple[str, list[str]]) -> None:
    """Measured in the browser at fit: every position's label sits in its own box and touches nothing else."""
    url, slugs = banded_site
    assert "swaps" in slugs and "standard" in slugs and len(slugs) >= 15
    page = browser.new_page(viewport=WIDE)
    try:
        for slug in slugs:
            page.goto(f"{url}variants/{slug}.html")
            page.wait_for_function("window.vizgen && window.vizgen.ready && window.vizgen.network", timeout=20000)
            # a frame drawn (the second animation frame from now): vis-network sizes the labels as it draws
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            got = page.evaluate(LABELS)
            clashes = (got["touching"], got["spilling"], got["wordsOnPositions"])
            assert got["n"] > 0 and clashes == (0, 0, 0), (slug, got)
            assert got["px"] >= 6, (slug, got)  # still a legible size at fit (swaps, the densest, is the smallest)
    finally:
        page.close()


#: bytes before a page is usable, as GitHub Pages sends them (gzip): a standard page, a big one, any page
GZIP_BUDGET = {"standard": 300 * 1024, "three": 1024 * 1024, "any": 1536 * 1024}


def test_pages_are_usable_within_their_gzip_budget(browser: object, base_url: str,
                                                   pages: dict[str, VariantPage]) -> None:
    import gzip

    for key, page_data in [("any", None), *pages.items()]:
        url = "index.html" if page_data is None else f"variants/{page_data.slug}.html"
        context = browser.new_context(viewport=WIDE)
        tab = context.new_page()
        bodies: list[bytes] = []
        tab.on("response", lambda r, bodies=bodies: bodies.append(r.body()))
        tab.goto(base_url + url)
        tab.wait_for_function("!window.vizgen || window.vizgen.ready || window.vizgen.error", timeout=20000)
        tab.wait_for_timeout(300)
        sent = sum(len(gzip.compress(b, 6)) for b in bodies)
        assert 0 < sent <= min(GZIP_BUDGET.get(key, GZIP_BUDGET["any"]), GZIP_BUDGET["any"]), (url, sent)
        context.close()
