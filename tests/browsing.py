"""What the browser tests share: the headless browser, a page's watch, and reading a page.

Fixtures (the site, its server, the browser, ``open_page``) are in
``tests/conftest.py``; this module holds the plain helpers test modules import.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from vizgen.analysis.marks import BLUNDER, edge_marks
from vizgen.analysis.solved import best_edges, solve_variant
from vizgen.site.render import VariantPage

#: the headless browser: Debian's chromium, or the one $VIZGEN_CHROMIUM names (GitHub's runners: Google Chrome)
CHROMIUM = os.environ.get("VIZGEN_CHROMIUM") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: bytes a page may fetch before it is usable
PAGE_BUDGET = 3 * 1024 * 1024

if os.environ.get("CI") and not Path(CHROMIUM).exists():  # CI installs it: a missing browser is a failure there
    raise RuntimeError(f"CI=true but headless Chromium is not installed at {CHROMIUM}")

#: the marks of a module of browser tests: skipped where no Chromium is installed
NEEDS_BROWSER = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"headless Chromium is not installed at {CHROMIUM}"),
]


def playwright() -> object:
    """Playwright's sync API, or skip the test where the package is not installed."""
    return pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")


def names(data: VariantPage) -> list[str]:
    """Every position's notation, in node order."""
    return data.nodes.plain("position")


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A static file server that logs nothing."""

    def log_message(self, format: str, *args: object) -> None:
        pass


def write_site(folder: Path, files: dict[str, bytes]) -> None:
    """Write a rendered site (:func:`vizgen.site.render.render_site`'s files) into ``folder``."""
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


@contextlib.contextmanager
def served(root: Path, sub: str = "") -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 while the block runs; yield the address of its sub-folder ``sub``."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/{sub}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


#: the browser tests' screens: a tab's own (a desktop's), the wide desktop the screenshots are taken on, a phone
DESKTOP = {"width": 1280, "height": 900}
WIDE = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


class Tabs:
    """New tabs in a module's long-lived browser contexts, one a device (a desktop, a phone).

    A test's tabs share the HTTP cache with the module's other tests, as a visitor's second page shares it with
    the first: a new context for every page made Chromium fetch and compile the scripts again, about half a
    second of CPU a page. What a page stores is not shared: :meth:`close_tabs` clears each tab's
    ``localStorage`` (the theme, the practice record, the recent rule sets) before it closes it. A test that
    measures the bytes a first visit fetches opens a context of its own.
    """

    def __init__(self, browser: object) -> None:
        self.browser = browser
        self._contexts: dict[bool, object] = {}
        self._open: list[object] = []

    def new_tab(self, viewport: dict[str, int] | None = None, *, phone: bool = False) -> object:
        """A new tab, its viewport ``viewport`` (the device's own by default); a phone's has touch."""
        if phone not in self._contexts:
            self._contexts[phone] = self.browser.new_context(
                viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone)
        tab = self._contexts[phone].new_page()
        if viewport is not None:
            tab.set_viewport_size(viewport)
        self._open.append(tab)
        return tab

    def close_tabs(self) -> None:
        """Clear what each open tab's page stored, and close it."""
        for tab in self._open:
            if not tab.is_closed():
                with contextlib.suppress(Exception):  # a page of no origin (about:blank) has no storage
                    tab.evaluate("() => localStorage.clear()")
                tab.close()
        self._open.clear()

    def close(self) -> None:
        self.close_tabs()
        for context in self._contexts.values():
            context.close()


class Watch:
    """What a page did: console errors, uncaught exceptions and every request."""

    def __init__(self, page: object) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("request", lambda r: self.requests.append(r.url))

    def check(self, allowed: tuple[str, ...]) -> None:
        assert not self.errors, self.errors
        assert self.requests, "the page made no request at all"
        for url in self.requests:
            assert url.startswith((*allowed, "data:")), f"request left the site: {url}"


def panel_shows(page: object, notation: str) -> None:
    """Wait until the side panel shows ``notation``."""
    page.wait_for_function(
        "n => document.getElementById('panel').dataset.position === n && window.vizgen.selected !== null",
        arg=notation,
        timeout=10000,
    )
    assert page.locator("#panel .pos-title").inner_text() == notation


def fragment(page: object) -> str:
    return page.evaluate("decodeURIComponent(location.hash.slice(1))")


def click_node(page: object, node: int) -> None:
    """Bring a node to the middle of the graph and click it with the mouse."""
    page.locator("#graph").scroll_into_view_if_needed()
    x, y = page.evaluate(
        """id => {
            const net = window.vizgen.network;
            const pos = net.getPositions([id])[id];
            net.moveTo({position: pos, scale: Math.max(net.getScale(), 1), animation: false});
            const dom = net.canvasToDOM(pos);
            const box = document.querySelector('#graph canvas').getBoundingClientRect();
            return [box.left + dom.x, box.top + dom.y];
        }""",
        node,
    )
    page.mouse.click(x, y)


def out_degree(page_data: VariantPage, notation: str) -> int:
    return int((page_data.edges.src == names(page_data).index(notation)).sum())


class LinkParser(HTMLParser):
    """Collect every href and src of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [v for k, v in attrs if k in ("href", "src") and v is not None]


def links_of(html: bytes) -> list[str]:
    """Every link (``href`` and ``src``) of an HTML page, in order."""
    parser = LinkParser()
    parser.feed(html.decode())
    return parser.links


def visible_values(page: object) -> list[str]:
    """Every value word, colour badge, optimal-move star or marked row, coloured chip or figure a visitor can see."""
    return page.evaluate("""() => Array.from(document.querySelectorAll(
        '.variant-head .badge, #panel .badge, #panel td.star span, #panel .facts, .play-chart, #positions .vtable, '
        + '#panel tr.best, #panel .parents .pos.win, #panel .parents .pos.loss, #panel .parents .pos.draw, '
        + '#panel .parents .pos[title], #figures'))
        .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map(e => e.textContent.trim() || e.className)""")


def line_to_a_drawn_blunder(data: VariantPage) -> tuple[list[int], int, int]:
    """A line from the start to a drawn position with a blunder among its moves: (line, blunder target, best)."""
    s = solve_variant(data.variant)
    g, marks = s.graph, edge_marks(s)
    best = best_edges(s)
    parent = {g.start: -1}
    queue = [g.start]
    for node in queue:
        out = range(g.indptr[node], g.indptr[node + 1])
        if s.forced.winner[node] < 0 and node != g.start and any(marks[e] == BLUNDER for e in out):
            line = [node]
            while parent[line[-1]] >= 0:
                line.append(parent[line[-1]])
            return line[::-1], next(int(g.indices[e]) for e in out if marks[e] == BLUNDER), \
                next(int(g.indices[e]) for e in out if best[e])
        for kid in g.successors(node):
            if int(kid) not in parent:
                parent[int(kid)] = node
                queue.append(int(kid))
    raise AssertionError("no drawn position with a blunder")


def state(page: object) -> dict:
    """The game on the page, as play reports it (window.vizgen.play.state())."""
    return page.evaluate("window.vizgen.play.state()")


def open_game(open_page: Callable, url: str) -> object:
    """A variant page, ready to play, its computer moves without delay."""
    page, _ = open_page(url)
    page.wait_for_function("window.vizgen.play && window.vizgen.play.ready")
    page.evaluate("window.vizgen.play.delay = 0")
    return page
