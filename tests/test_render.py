"""Unit tests of the render layer (:mod:`vizgen.site.render`) on real solved variants."""

from __future__ import annotations

import json
import math
import posixpath
import re
import struct
import zlib
from dataclasses import replace

import numpy as np
import pytest

import vizgen.site.render as render_package
from tests.browsing import links_of
from tests.wire_blocks import read_block
from vizgen.analysis import solved as analysis
from vizgen.analysis import words
from vizgen.engine.variants import GROUPS
from vizgen.site.build import gather
from vizgen.site.data import tables
from vizgen.site.data.tables import OPPONENTS, Column
from vizgen.site.drawing import theme
from vizgen.site.render import (
    VariantPage,
    datafiles,
    render_front,
    render_site,
    render_variants,
    site_order,
    site_preview,
)
from vizgen.util import sizes
from vizgen.util.processes import Background

# rendering a site takes seconds (the slow lane); the rendered site (conftest's site_files) shared with
# tests/test_share.py on one worker
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("site")]

MB = 1024 * 1024


@pytest.fixture(scope="module")
def pages(site_pages: dict[str, VariantPage]) -> list[VariantPage]:
    return list(site_pages.values())


@pytest.fixture(scope="module")
def site(site_files: dict[str, bytes]) -> dict[str, bytes]:
    return site_files


def load_jsonp(data: bytes) -> tuple[str, object]:
    """Split a data file ``vizgenLoad("name",{...});`` into name and payload."""
    m = re.fullmatch(r'vizgenLoad\("([^"]+)",(.*)\);\n', data.decode(), flags=re.S)
    assert m, data[:80]
    return m.group(1), json.loads(m.group(2))


def test_expected_files(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    for name in ("index.html", "assets/vis-network.min.js", "assets/vis-network.css", "assets/variant.js",
                 "assets/vizgen.css", "assets/theme.css", "assets/favicon.svg"):
        assert name in site, name
    for p in pages:
        base = f"variants/{p.slug}/"
        for name in (f"variants/{p.slug}.html", base + "nodes.js", base + "c0.js", base + f"{p.slug}.json",
                     base + f"{p.slug}.graphml", base + f"{p.slug}.svg"):
            assert name in site, name
        chunks = [k for k in site if re.fullmatch(rf"variants/{re.escape(p.slug)}/c\d+\.js", k)]
        if p.big:
            assert len(chunks) == math.ceil(len(p.nodes) / datafiles.CHUNK_SIZE) > 1
            assert base + "overview.png" in site and base + "xy.js" in site
        else:
            assert chunks == [base + "c0.js"]
            assert base + "overview.png" not in site
    assert sum(1 for k in site if k.endswith("vis-network.min.js")) == 1
    assert b"sourceMappingURL" not in site["assets/vis-network.min.js"][-300:]
    assert list(site) == sorted(site)


def test_links_are_relative_and_resolve(site: dict[str, bytes]) -> None:
    for page in (k for k in site if k.endswith(".html")):
        for link in links_of(site[page]):
            assert not re.match(r"^[a-z][a-z0-9+.-]*:", link, flags=re.I), (page, link)
            assert not link.startswith("/"), (page, link)
            path = link.split("#")[0].split("?")[0]  # a query (the invitation to play) is read by the page
            if path:
                assert posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) in site, (page, link)


def test_no_other_host_anywhere(site: dict[str, bytes]) -> None:
    """No page, script or style of ours names another host (SVG namespaces aside)."""
    for name, data in site.items():
        if name.startswith("assets/vis-network") or not name.endswith((".html", ".js", ".css")):
            continue
        for m in re.finditer(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", data.decode(), flags=re.I):
            assert m.group(0).endswith("www.w3.org"), (name, m.group(0))


def test_weights(site: dict[str, bytes]) -> None:
    for name, data in site.items():
        if name.endswith(".html"):
            assert len(data) < 1 * MB, name
        elif name.endswith(".js"):
            assert len(data) < 3 * MB, name


def test_large_downloads_and_thumbnails(site_pages: dict[str, VariantPage]) -> None:
    """A huge download is gzipped, a huge thumbnail replaced by a small PNG."""
    page = site_pages["standard-r3"]
    huge = b"<svg>" + b"<g/>" * (sizes.GZIP_OVER // 4) + b"</svg>"
    # without a value map (more than two players), the thumbnail is the layout's picture
    big = replace(page, layout=replace(page.layout, svg=huge, thumb=huge), vmap=None)
    files = render_site([big])
    assert zlib.decompress(files["variants/standard-r3/standard-r3.svg.gz"], 31) == theme.follow(huge)
    assert 'download="standard-r3.svg.gz"' in files["variants/standard-r3.html"].decode()
    assert files["variants/standard-r3/thumb.png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert files["variants/standard-r3/thumb-dark.png"][:8] == b"\x89PNG\r\n\x1a\n"  # a PNG per theme
    assert 'src="variants/standard-r3/thumb.png"' in files["index.html"].decode()


def test_big_variant_ships_in_chunks(site: dict[str, bytes], site_pages: dict[str, VariantPage]) -> None:
    chunks = [v for k, v in site.items() if re.fullmatch(r"variants/three-players/c\d+\.js", k)]
    assert max(len(c) for c in chunks) < 400_000
    assert len(site["variants/three-players/nodes.js"]) / len(site_pages["three-players"].nodes) < 30


@pytest.mark.parametrize("slug", ["standard", "standard-r3", "standard-players3-r3", "three-players"])
def test_data_files_carry_the_node_and_edge_tables(site: dict[str, bytes], site_pages: dict[str, VariantPage],
                                                  slug: str) -> None:
    page = site_pages[slug]
    table, edges, n = page.nodes, page.edges, len(page.nodes)
    _, nodes = load_jsonp(site[f"variants/{slug}/nodes.js"])
    assert nodes["n"] == n and nodes["start"] == page.start and nodes["edges"] == len(edges)
    assert nodes["notation"].split(" ") == table.plain("position")
    out_in = table.data.get("forced_out_in")
    assert (out_in is not None) == (page.players > 2)  # the mover's fate, for more players
    verdict = words.verdicts(page.players, table["winner"], table["terminal"], out_in)
    said = np.where(verdict == [v.key for v in words.VERDICTS].index("mover-out"),
                    table.data.get("forced_out_in", table["remoteness"]), table["remoteness"])
    facts = read_block(nodes["fields"], nodes["facts"], n)
    assert (facts["verdict"] == verdict).all() and (facts["winner"] == table["winner"]).all()
    assert (facts["verdict_n"] == said).all() and (facts["depth"] == table["depth"]).all()
    # open positions read as the mover's fate: forced out in n plies, or survives
    keys = {words.VERDICTS[c].key for c in verdict.tolist()}
    if page.players > 2:
        assert "open" not in keys and {"mover-out", "mover-survives"} <= keys
    listed = [c for c in table.columns if c.show != "data"]
    assert [c["name"] for c in nodes["columns"]] == [c.name for c in listed]
    off_wire = [c for c in listed if c.name not in facts]  # the chunks carry the panel's other columns
    assert ("x" in nodes) == (not page.big)
    rows: dict[int, list] = {}
    k = 0
    while f"variants/{slug}/c{k}.js" in site:
        _, chunk = load_jsonp(site[f"variants/{slug}/c{k}.js"])
        opponents = read_block(nodes["opponents"], chunk["opponents"], len(chunk["nodes"]))
        rows.update({chunk["first"] + j: [*row, [int(opponents[f["name"]][j]) for f in nodes["opponents"]]]
                     for j, row in enumerate(chunk["nodes"])})
        k += 1
    assert sorted(rows) == list(range(n))
    assert [f["name"] for f in nodes["opponents"]] == list(OPPONENTS)
    for i in (0, page.start, n // 2, n - 1):
        hands, values, moves, parents, opponents = rows[i]
        assert opponents == [-1 if v is None else v for v in (table.plain(name)[i] for name in OPPONENTS)]
        assert [tuple(h) for h in hands] == [tuple(h) for h in page.hands[i]]
        assert len(values) == len(off_wire)
        for c, v in zip(off_wire, values):
            expected = table.plain(c.name)[i]
            assert v == (pytest.approx(expected, abs=1e-5) if c.kind == "float" else expected)
        out = np.flatnonzero(edges.src == i)
        assert moves == [[int(edges.dst[e]), *edges.moves[e]] for e in out]
        assert parents == sorted(edges.src[edges.dst == i].tolist())


def test_overview_png(site: dict[str, bytes], site_pages: dict[str, VariantPage]) -> None:
    png = site["variants/three-players/overview.png"]
    width, height = struct.unpack(">II", png[16:24])
    _, xy = load_jsonp(site["variants/three-players/xy.js"])
    assert (xy["w"], xy["h"]) == (width, height)
    assert len(xy["x"]) == len(site_pages["three-players"].nodes)
    assert min(xy["x"]) >= 0 and max(xy["x"]) < width and min(xy["y"]) >= 0 and max(xy["y"]) < height
    idat = png.index(b"IDAT")
    size = struct.unpack(">I", png[idat - 4:idat])[0]
    assert png[25] == 3  # a palette: one byte per pixel
    assert len(zlib.decompress(png[idat + 4:idat + 4 + size])) == height * (width + 1)


def test_index(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    html = site["index.html"].decode()
    heads = re.findall(r'<h2 class="group-title">([^<]*)</h2>', html)
    assert heads == [g for g in GROUPS if any(p.variant.group == g for p in pages)]
    for p in pages:
        assert f'href="variants/{p.slug}.html"' in html
        assert p.variant.title in html
    assert "204 positions" in html
    for p in pages:  # each start in its page's words and colour: three or more players, the mover's fate
        f, i = p.facts, p.start
        verdict = words.VERDICTS[int(f.verdict[i])]
        if p.players > 2:
            said = words.say(int(f.verdict[i]), int(f.verdict_n[i]), int(f.winner[i]), short=True)
            assert f'<span class="badge {verdict.cls} has-full" tabindex="0" data-full="' in html
            assert f">{said}<span" in html, said
    assert "open: no one can force a win" not in html


def test_variant_page_shows_the_stats(site: dict[str, bytes], site_pages: dict[str, VariantPage]) -> None:
    page = site_pages["standard"]
    html = site["variants/standard.html"].decode()
    config = json.loads(re.search(r'id="vizgen-config">(.*?)</script>', html).group(1))
    assert config["kind"] == "small" and config["data"] == "standard/" and config["start"] == "11-11"
    assert config["themes"] == theme.PALETTES and config["words"] == words.for_browser()
    for s in page.nodes.plain("position"):
        assert f'href="#{s}"' in html, s
    s = page.stats
    assert f"{s['positions']} of {s['reachable_of']} positions that exist" in html
    assert f"<dt>Draws</dt>\n      <dd>{s['draw']} " in html
    assert f"{s['longest_win']} plies ({s['longest_win_count']} positions)" in html
    for p in s["longest_win_at"] + s["longest_loss_at"]:
        assert f'<a class="pos" href="#{p}">{p}</a>' in html
    for ext in ("json", "graphml", "svg"):
        assert f'href="standard/standard.{ext}" download="standard.{ext}"' in html
    big = site["variants/three-players.html"].decode()
    assert 'src="three-players/overview.png"' in big and '"kind":"big"' in big


def test_rejects_bad_input(site_pages: dict[str, VariantPage]) -> None:
    tiny = site_pages["standard-r3"]
    with pytest.raises(ValueError, match="duplicate"):
        render_site([tiny, tiny])
    with pytest.raises(ValueError, match="group"):
        render_site([replace(tiny, variant=replace(tiny.variant, group="Nonsense"))])
    with pytest.raises(ValueError, match="URL-safe"):
        render_site([replace(tiny, variant=replace(tiny.variant, slug="a b/c"))])


def test_empty_site() -> None:
    files = render_site([])
    assert "index.html" in files and "assets/variant.js" in files


def test_theme_is_the_one_palette(site: dict[str, bytes]) -> None:
    """The palette reaches the CSS variables, and no colour of it is written again in our CSS, JS or templates."""
    assert site["assets/theme.css"].decode() == theme.css()
    for name in ("assets/vizgen.css", "assets/variant.js", "index.html", "variants/standard.html"):
        text = site[name].decode()
        if name.endswith(".html"):
            text = re.sub(r'id="vizgen-config">.*?</script>', "", text, flags=re.S)
        for colour in theme.PALETTE.values():
            assert colour not in text.lower(), (name, colour)


def test_a_column_added_in_one_place_reaches_every_output(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Adding a per-position figure is one function in tables: the downloads and the panel's data carry it."""

    def outdegree(solved: analysis.Solved) -> list[tuple[Column, np.ndarray]]:
        column = Column("outdegree", "Moves here", "int", "count", "How many positions one move leads to.")
        return [(column, np.diff(solved.graph.indptr))]

    monkeypatch.setattr(tables, "COLUMN_MAKERS", [*tables.COLUMN_MAKERS, outdegree])
    (page,) = gather(["standard"], cache_dir=tmp_path)
    files = render_site([page])
    download = json.loads(files["variants/standard/standard.json"])
    degree = np.diff(np.searchsorted(page.edges.src, np.arange(len(page.nodes) + 1)))
    assert [row["outdegree"] for row in download["nodes"]] == degree.tolist()
    assert b'attr.name="outdegree"' in files["variants/standard/standard.graphml"]
    _, nodes = load_jsonp(files["variants/standard/nodes.js"])
    assert nodes["columns"][-1]["name"] == "outdegree"
    _, chunk = load_jsonp(files["variants/standard/c0.js"])
    assert [row[1][-1] for row in chunk["nodes"]] == degree.tolist()



def test_worker_processes_render_the_bytes_of_one_process(pages: list[VariantPage], site: dict[str, bytes],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Rendered again by worker processes (as a build of many positions renders them), the variants are the same
    files and cards, in the same order, as the site's (small: rendered in one process): the rendering is
    deterministic whoever does it."""
    monkeypatch.setattr(sizes, "RENDER_APART_OVER", 0)
    started = []
    monkeypatch.setattr(render_package, "Background", lambda *a: started.append(a) or Background(*a))
    apart, cards = render_variants(pages, workers=2)
    assert len(started) == 2  # both workers rendered a share
    variants = site_order([p.variant for p in pages])
    assert list(apart) == [v.slug for v in variants]
    files = {name: data for mine in apart.values() for name, data in mine.items()}
    assert files == {name: site[name] for name in files}
    front = render_front(variants, [cards[v.slug] for v in variants], preview_png=site_preview(files, variants))
    assert {**files, **front} == site


def test_a_small_site_is_rendered_without_worker_processes(pages: list[VariantPage],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Under :data:`vizgen.util.sizes.RENDER_APART_OVER` positions and without a code page, starting a worker
    costs more than it saves: the pages are rendered in this process."""
    assert sum(p.n for p in pages) < sizes.RENDER_APART_OVER

    def refuse(*args: object) -> None:
        raise AssertionError("a worker process was started")

    monkeypatch.setattr(render_package, "Background", refuse)
    here, _ = render_variants(pages, workers=2)
    assert set(here) == {p.slug for p in pages}
