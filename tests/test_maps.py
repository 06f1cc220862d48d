"""The data of the views: the value map's file, the compare lists, the shown edges, the thumbnails, the first view."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import numpy as np
import pytest

from vizgen.site.render import VariantPage, render_site
from vizgen.site.render.maps import peers_of


def load_jsonp(blob: bytes) -> tuple[str, dict]:
    name, payload = re.fullmatch(rb'vizgenLoad\("(\w+)",(.*)\);\n', blob, re.S).groups()
    return name.decode(), json.loads(payload)


@pytest.fixture(scope="module")
def pages(shared_gather: Callable, site_pages: dict[str, VariantPage]) -> list[VariantPage]:
    """Standard and suicide (one shape), r = 3 (another) and a three-player variant (no map)."""
    made = shared_gather(["suicide"])
    return [site_pages["standard"], *made, site_pages["standard-r3"], site_pages["standard-players3-r3"]]


@pytest.fixture(scope="module")
def site(pages: list[VariantPage]) -> dict[str, bytes]:
    return render_site(pages)


def _value_by_position(page: VariantPage) -> dict[str, int]:
    return dict(zip(page.nodes.plain("position"), page.value.tolist()))


@pytest.mark.slow(reason="lays out four variants with Graphviz (2 CPU s); out of the fast lane: issue #49")
def test_peers_are_the_pages_of_the_same_shape(pages: list[VariantPage]) -> None:
    standard, suicide, r3, three = pages
    assert peers_of(standard, pages) == [suicide]
    assert peers_of(suicide, pages) == [standard]
    assert peers_of(r3, pages) == []
    assert peers_of(three, pages) == []


@pytest.mark.slow
def test_map_file_holds_every_position_once(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    for page in pages[:3]:
        name, data = load_jsonp(site[f"variants/{page.slug}/map.js"])
        assert name == "map"
        m = data["m"]
        node = np.array(data["node"])
        assert node.shape == (m * m,) and len(data["labels"]) == m
        # every position sits in the cell named by its own hands (the reference: the notation itself)
        notation = page.nodes.plain("position")
        for k in np.flatnonzero(node >= 0).tolist():
            mover, opponent = notation[node[k]].split("/")[0].split("-")
            assert (mover, opponent) == (data["labels"][k // m], data["labels"][k % m])
        assert sorted(node[node >= 0].tolist()) == list(range(len(notation)))  # no swaps here: one node per cell
        r, c = data["start"]
        assert node[r * m + c] == page.start
    assert "variants/standard-players3-r3/map.js" not in site


@pytest.mark.slow
def test_compare_lists_the_cells_of_different_value(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    standard, suicide = pages[0], pages[1]
    _, data = load_jsonp(site["variants/standard/map.js"])
    (other,) = data["compare"]
    assert other["slug"] == "suicide" and other["title"] == suicide.variant.title
    mine, theirs = _value_by_position(standard), _value_by_position(suicide)
    m, labels = data["m"], data["labels"]
    expected = []
    for k in range(m * m):  # the slow way: by the notation of the cell, in both variants
        name = f"{labels[k // m]}-{labels[k % m]}"
        if name in mine and name in theirs and mine[name] != theirs[name]:
            expected.append((k, theirs[name]))
    assert list(zip(other["cells"], other["value"])) == expected
    assert expected, "standard and suicide differ somewhere"


@pytest.mark.slow
def test_nodes_file_ships_the_banded_boxes_and_the_shown_edges(site: dict[str, bytes],
                                                                pages: list[VariantPage]) -> None:
    for page in pages:
        _, nodes = load_jsonp(site[f"variants/{page.slug}/nodes.js"])
        assert nodes["shown"] == np.flatnonzero(page.shown).tolist()
        assert ("box" in nodes) == (page.layout.engine == "bands")
        if page.layout.engine == "bands":
            # one CSS px per point: the coordinates are the layout's own
            assert nodes["x"] == pytest.approx(np.round(page.layout.x, 1).tolist(), abs=0.051)


@pytest.mark.slow
def test_thumbnails_and_first_view(site: dict[str, bytes], pages: list[VariantPage]) -> None:
    standard, three = pages[0], pages[3]
    thumb = site[f"variants/{standard.slug}/thumb.svg"]
    assert b"Value map" in thumb
    assert b"Value map" not in site[f"variants/{three.slug}/thumb.svg"]
    config = re.search(rb'<script type="application/json" id="vizgen-config">(.*?)</script>',
                       site["variants/standard.html"], re.S).group(1)
    cfg = json.loads(config)
    assert cfg["map"] is True and cfg["view"] == "graph"  # banded: the graph reads
    assert b'data-view="map"' in site["variants/standard.html"]
    assert b'data-view="map"' not in site[f"variants/{three.slug}.html"]


@pytest.mark.slow
def test_dense_two_player_variants_open_on_the_map(shared_gather: Callable) -> None:
    (r7,) = shared_gather(["r7"])
    html = render_site([r7])["variants/r7.html"]
    cfg = json.loads(re.search(rb'id="vizgen-config">(.*?)</script>', html, re.S).group(1))
    assert r7.layout.engine != "bands" and cfg["view"] == "map"
