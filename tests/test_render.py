"""Unit tests of the render layer (:mod:`vizgen.render`) on synthetic and real data."""

from __future__ import annotations

import json
import math
import posixpath
import re
import struct
import zlib
from html.parser import HTMLParser

import numpy as np
import pytest

from tests.fixtures_site import chopsticks_page, tiny_page
from vizgen import render
from vizgen.render import VariantPage, render_site, start_words, value_words
from vizgen.variants import GROUPS

MB = 1024 * 1024


@pytest.fixture(scope="module")
def pages() -> list[VariantPage]:
    """A classic game, a hand-made one, and a big three-player variant."""
    return [
        chopsticks_page(slug="standard"),
        tiny_page(),
        chopsticks_page(r=3, slug="r3", group="Roll-over numbers"),
        chopsticks_page(players=3, slug="three", group="More players", big=True, odds=False),
    ]


@pytest.fixture(scope="module")
def site(pages: list[VariantPage]) -> dict[str, bytes]:
    return render_site(pages)


def load_jsonp(data: bytes) -> tuple[str, object]:
    """Split a data file ``vizgenLoad("name",{...});`` into name and payload."""
    text = data.decode()
    m = re.fullmatch(r'vizgenLoad\("([^"]+)",(.*)\);\n', text, flags=re.S)
    assert m, text[:80]
    return m.group(1), json.loads(m.group(2))


def decode(code: int, players: int) -> tuple[int, int, int, bool]:
    """The JS decoder of the packed value code, in Python."""
    term = code % 2
    code //= 2
    value = code % 3 - 1
    code //= 3
    winner = code % (players + 1) - 1
    rem = code // (players + 1) - 1
    return value, winner, rem, bool(term)


class LinkParser(HTMLParser):
    """Collect every href and src of a page, and the ids it defines."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)


def links_of(html: bytes) -> list[str]:
    parser = LinkParser()
    parser.feed(html.decode())
    return parser.links


# ---------------------------------------------------------------------------
# files and links
# ---------------------------------------------------------------------------


def test_expected_files(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    for name in (
        "index.html",
        "assets/vis-network.min.js",
        "assets/vis-network.css",
        "assets/vizgen.js",
        "assets/vizgen.css",
        "assets/favicon.svg",
    ):
        assert name in site, name
    for p in pages:
        base = f"variants/{p.slug}/"
        thumb = "thumb.svg" if len(p.thumb_svg) <= render.THUMB_MAX else "thumb.png"
        for name in (
            f"variants/{p.slug}.html",
            base + "nodes.js",
            base + "c0.js",
            base + thumb,
            base + f"{p.slug}.json",
            base + f"{p.slug}.graphml",
            base + f"{p.slug}.svg",
        ):
            assert name in site, name
        chunks = [k for k in site if re.fullmatch(rf"variants/{re.escape(p.slug)}/c\d+\.js", k)]
        if p.big:
            assert len(chunks) == math.ceil(len(p.notation) / render.CHUNK_SIZE) > 1
            assert base + "overview.png" in site and base + "xy.js" in site
        else:
            assert chunks == [base + "c0.js"]
            assert base + "overview.png" not in site
    # one shared copy of vis-network
    assert sum(1 for k in site if k.endswith("vis-network.min.js")) == 1
    assert b"vis-network" in site["assets/vis-network.min.js"][:100]
    assert b"sourceMappingURL" not in site["assets/vis-network.min.js"][-300:]
    assert list(site) == sorted(site)


def test_links_are_relative_and_resolve(site: dict[str, bytes]) -> None:
    pages = [k for k in site if k.endswith(".html")]
    assert len(pages) == 5
    for page in pages:
        for link in links_of(site[page]):
            assert not re.match(r"^[a-z][a-z0-9+.-]*:", link, flags=re.I), (page, link)
            assert not link.startswith("/"), (page, link)
            path = link.split("#")[0]
            if not path:
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
            assert target in site, (page, link)


def test_no_other_host_anywhere(site: dict[str, bytes]) -> None:
    """No page, script or style of ours names another host (SVG namespaces aside)."""
    for name, data in site.items():
        if name.startswith("assets/vis-network") or not name.endswith((".html", ".js", ".css")):
            continue
        text = data.decode()
        for m in re.finditer(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, flags=re.I):
            assert m.group(0).endswith("www.w3.org"), (name, m.group(0))
    css = site["assets/vis-network.css"].decode() + site["assets/vizgen.css"].decode()
    for url in re.findall(r"url\(([^)]*)\)", css):
        assert url.strip("'\" ").startswith("data:"), url


def test_deterministic(pages: list[VariantPage], site: dict[str, bytes]) -> None:
    again = render_site(pages)
    assert list(again) == list(site)
    for name in site:
        assert again[name] == site[name], name


def test_weights(site: dict[str, bytes]) -> None:
    for name, data in site.items():
        if name.endswith(".html"):
            assert len(data) < 1 * MB, (name, len(data))
        elif name.endswith(".js"):
            assert len(data) < 3 * MB, (name, len(data))


def test_large_downloads_and_thumbnails(pages: list[VariantPage]) -> None:
    """A huge download is gzipped, a huge thumbnail replaced by a small PNG."""
    from dataclasses import replace

    huge = b"<svg>" + b"<g/>" * (render.GZIP_OVER // 4) + b"</svg>"
    files = render_site([replace(pages[1], graph_svg=huge, thumb_svg=huge)])
    assert "variants/tiny/tiny.svg" not in files
    assert zlib.decompress(files["variants/tiny/tiny.svg.gz"], 31) == huge
    assert 'href="tiny/tiny.svg.gz" download="tiny.svg.gz"' in files["variants/tiny.html"].decode()
    assert files["variants/tiny/thumb.png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert 'src="variants/tiny/thumb.png"' in files["index.html"].decode()
    assert render_site([replace(pages[1], graph_svg=huge, thumb_svg=huge)]) == files


def test_big_variant_weights_scale() -> None:
    """A big variant ships in chunks: no data file grows with the variant."""
    page = chopsticks_page(players=3, r=5, slug="big3", group="More players", big=True, odds=False)
    files = render_site([page])
    chunks = [v for k, v in files.items() if re.fullmatch(r"variants/big3/c\d+\.js", k)]
    assert max(len(c) for c in chunks) < 400_000
    per_node = len(files["variants/big3/nodes.js"]) / len(page.notation)
    assert per_node < 30  # 50,000 positions -> about 1.5 MB at most


# ---------------------------------------------------------------------------
# data files match the input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["standard", "tiny", "three"])
def test_data_consistent(site: dict[str, bytes], pages: list[VariantPage], slug: str) -> None:
    page = next(p for p in pages if p.slug == slug)
    n = len(page.notation)
    name, nodes = load_jsonp(site[f"variants/{slug}/nodes.js"])
    assert name == "nodes"
    assert nodes["n"] == n and nodes["start"] == page.start and nodes["players"] == page.players
    assert nodes["notation"].split(" ") == list(page.notation)
    assert nodes["depth"] == page.depth.tolist()
    assert nodes["edges"] == len(page.edge_src)
    for i, code in enumerate(nodes["code"]):
        assert decode(code, page.players) == (
            int(page.value[i]),
            int(page.winner[i]),
            int(page.remoteness[i]),
            bool(page.terminal[i]),
        ), i
    if page.big:
        assert "x" not in nodes
    else:
        scale = nodes["scale"]
        assert nodes["x"] == pytest.approx((page.x * scale).tolist(), abs=0.051)
        assert nodes["y"] == pytest.approx((page.y * scale).tolist(), abs=0.051)
        assert 0 < nodes["size"] < 60
    # details, chunk by chunk
    moves: dict[int, list] = {}
    parents: dict[int, list] = {}
    k = 0
    while f"variants/{slug}/c{k}.js" in site:
        name, chunk = load_jsonp(site[f"variants/{slug}/c{k}.js"])
        assert name == f"c{k}"
        assert chunk["first"] == k * nodes["chunk"]
        for j, row in enumerate(chunk["nodes"]):
            i = chunk["first"] + j
            hands, rw, pw, out, par = row
            assert [tuple(h) for h in hands] == [tuple(h) for h in page.hands[i]]
            if page.random_win is None:
                assert rw is None and pw is None
            else:
                assert rw == pytest.approx(page.random_win[i], abs=1e-5)
                assert pw == pytest.approx(page.perfect_win[i], abs=1e-5)
            moves[i] = out
            parents[i] = par
        k += 1
    assert sorted(moves) == list(range(n))
    edges = [
        [int(d), int(b), *m]
        for d, b, m in zip(page.edge_dst.tolist(), page.edge_best.tolist(), page.edge_moves, strict=True)
    ]
    flat = [m for i in range(n) for m in moves[i]]
    assert flat == edges
    for i in range(n):
        assert parents[i] == sorted(int(s) for s, d in zip(page.edge_src, page.edge_dst, strict=True) if d == i)


def test_overview_png(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    png = site["variants/three/overview.png"]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    _, xy = load_jsonp(site["variants/three/xy.js"])
    assert (xy["w"], xy["h"]) == (width, height)
    n = len(next(p for p in pages if p.slug == "three").notation)
    assert len(xy["x"]) == len(xy["y"]) == n
    assert min(xy["x"]) >= 0 and max(xy["x"]) < width and min(xy["y"]) >= 0 and max(xy["y"]) < height
    idat = png.index(b"IDAT")
    size = struct.unpack(">I", png[idat - 4 : idat])[0]
    raw = zlib.decompress(png[idat + 4 : idat + 4 + size])
    assert len(raw) == height * (width * 3 + 1)


# ---------------------------------------------------------------------------
# what the pages say
# ---------------------------------------------------------------------------


def test_index(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    html = site["index.html"].decode()
    heads = re.findall(r'<h2 class="group-title">([^<]*)</h2>', html)
    assert heads == [g for g in GROUPS if any(p.group == g for p in pages)]
    for p in pages:
        assert f'href="variants/{p.slug}.html"' in html
        thumb = "thumb.svg" if len(p.thumb_svg) <= render.THUMB_MAX else "thumb.png"
        assert f'src="variants/{p.slug}/{thumb}"' in html
    assert "Tiny &lt;test&gt; &amp; co" in html and "<test>" not in html
    assert "204 positions" in html
    assert "open: no one can force a win" in html  # the three-player start


def test_variant_page(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    html = site["variants/standard.html"].decode()
    page = pages[0]
    config = json.loads(re.search(r'<script type="application/json" id="vizgen-config">(.*?)</script>', html).group(1))
    assert config["kind"] == "small" and config["data"] == "standard/" and config["start"] == "11-11"
    # every position is listed and linked in the tables of a small variant
    for s in page.notation:
        assert f'href="#{s}"' in html, s
    for p in page.rules_text:
        assert p in html
    assert 'id="graph"' in html and 'id="panel"' in html and 'id="q"' in html
    assert "204 of 225 positions that exist" in html
    for ext in ("json", "graphml", "svg"):
        assert f'href="standard/standard.{ext}" download="standard.{ext}"' in html
    tiny = site["variants/tiny.html"].decode()
    assert "&lt;angle brackets&gt;" in tiny and "<angle brackets>" not in tiny
    assert '<tr class="changed"><th scope="row"><code>suicide</code></th><td>true</td></tr>' in tiny
    big = site["variants/three.html"].decode()
    assert 'src="three/overview.png"' in big and '"kind":"big"' in big


def test_value_words() -> None:
    assert value_words(1, 0, 3, False, 2) == ("win in 3", "win")
    assert value_words(-1, 1, 4, False, 2) == ("loss in 4", "loss")
    assert value_words(0, -1, -1, False, 2) == ("draw", "draw")
    assert value_words(-1, 1, 0, True, 2) == ("lost: game over", "loss")
    assert value_words(-1, 2, 5, False, 3) == ("player +2 can force a win in 5", "loss")
    assert value_words(1, 0, 7, False, 4)[0] == "the player to move can force a win in 7"
    assert value_words(0, -1, -1, False, 3)[0] == "open: no player can force a win"


def test_start_words(pages: list[VariantPage]) -> None:
    assert start_words(pages[0]) == ("draw", "draw")
    page = chopsticks_page(r=2, slug="r2")
    words, _ = start_words(page)
    rem = int(page.remoteness[page.start])
    expected = {1: f"first player wins in {rem}", -1: f"second player wins in {rem}", 0: "draw"}
    assert words == expected[int(page.value[page.start])]


def test_rejects_bad_input(pages: list[VariantPage]) -> None:
    tiny = pages[1]
    with pytest.raises(ValueError, match="duplicate"):
        render_site([tiny, tiny])
    from dataclasses import replace

    with pytest.raises(ValueError, match="group"):
        render_site([replace(tiny, group="Nonsense")])
    with pytest.raises(ValueError, match="URL-safe"):
        render_site([replace(tiny, slug="a b/c")])
    with pytest.raises(ValueError, match="entries"):
        render_site([replace(tiny, value=np.zeros(3, dtype=np.int8))])


def test_empty_site() -> None:
    files = render_site([])
    assert "index.html" in files and "assets/vizgen.js" in files


# ---------------------------------------------------------------------------
# real data, once the engine's build step exists
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_pages() -> list[VariantPage]:
    """Real variants from the engine (skipped until ``vizgen.build`` exists)."""
    try:
        from vizgen.build import gather
    except ImportError as exc:  # pragma: no cover - depends on the engine
        pytest.skip(f"vizgen.build is not available ({exc})")
    return gather(["standard", "suicide", "three-players"])


def test_real_site(real_pages: list[VariantPage]) -> None:
    standard, suicide, three = real_pages
    assert len(standard.notation) == 204 and not standard.big
    assert len(suicide.notation) == 207
    assert three.big and three.players == 3
    files = render_site(real_pages)
    assert render_site(real_pages) == files
    _, nodes = load_jsonp(files[f"variants/{standard.slug}/nodes.js"])
    assert nodes["n"] == 204
    assert nodes["notation"].split(" ")[nodes["start"]] == "11-11"
    assert len([k for k in files if k.startswith(f"variants/{three.slug}/c")]) == math.ceil(
        len(three.notation) / render.CHUNK_SIZE
    )
    for name, data in files.items():
        if name.endswith(".html"):
            assert len(data) < 1 * MB
            for link in links_of(data):
                assert not re.match(r"^[a-z][a-z0-9+.-]*:", link) and not link.startswith("/"), (name, link)
        elif name.endswith(".js"):
            assert len(data) < 3 * MB, name
    html = files[f"variants/{suicide.slug}.html"].decode()
    # the published figures for suicide (RULES.md section 4) reach the page
    assert "207 of 225 positions that exist" in html
    assert re.search(r"<dt>Draws</dt>\s*<dd>100 ", html)
    assert re.search(r"<dt>Wins for the player to move</dt>\s*<dd>72 ", html)
    assert "of which 14 terminal, 21 not" in html
    assert '<dd><a class="pos" href="#11-11">11-11</a>: draw</dd>' in html
