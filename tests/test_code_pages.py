
"""Code pages: variants of millions of positions, shipped by position code; the chunks decoded and every position
compared with ``describe`` (the page read in the browser: ``tests/test_code_pages_browser.py``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from tests.solved import code_page_once, solved_once
from tests.wire_blocks import read_block
from vizgen.analysis import words
from vizgen.analysis.figures import describe
from vizgen.engine.solve import arrival_scores, edge_scores
from vizgen.site import build
from vizgen.site.render import render_site
from vizgen.site.render.codepage import CODE_CHUNK, code_files
from vizgen.site.render.wire import POSITION_FIELDS
from vizgen.util import sizes

#: small variants covering every kind of move the browser generates: attacks, splits, swaps (and the
#: swap count in the code), self-gain, passes of eliminated players, zombies' undead finger
SMALL = ("standard", "swaps", "self-gain", "standard:players=3,r=3", "zombies:r=3")


#: its tests share module fixtures that build a site: one worker runs them all (``--dist loadgroup``)
pytestmark = pytest.mark.xdist_group("code_pages")


def load_jsonp(blob: bytes) -> tuple[str, object]:
    m = re.fullmatch(rb'vizgenLoad\("([^"]+)",(.*)\);\n', blob, re.S)
    assert m, blob[:80]
    return m.group(1).decode(), json.loads(m.group(2))


def decode_fields(files: dict[str, bytes]) -> dict[str, np.ndarray]:
    """Every field over the whole code space, read back from the chunk files (-1: none, or no game reaches it)."""
    _, rules = load_jsonp(files["rules.js"])
    out: dict[str, list[np.ndarray]] = {f["name"]: [] for f in rules["fields"]}
    for k in range(-(-rules["space"] // rules["chunk"])):
        name, text = load_jsonp(files[f"d{k}.js"])
        assert name == f"d{k}"
        block = read_block(rules["fields"], text, min(rules["chunk"], rules["space"] - k * rules["chunk"]))
        for f, values in block.items():
            out[f].append(values)
    return {name: np.concatenate(parts) for name, parts in out.items()}


@pytest.mark.slow(reason="Node decodes five variants' chunks (2 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("spec", SMALL)
def test_chunks_read_back_as_describe_says(spec: str) -> None:
    """Decoded fields give every position's verdict and every move's words exactly as ``vizgen show`` does."""
    solved, page = solved_once(spec), code_page_once(spec)
    files = code_files(page)
    fields = decode_fields(files)
    g = solved.graph
    unreachable = np.ones(g.rules.space, bool)
    unreachable[g.codes] = False
    assert (fields["verdict"][unreachable] == -1).all() and (fields["verdict"][g.codes] >= 0).all()
    for node in range(g.n):
        code = int(g.codes[node])
        facts = describe(solved, node)
        said = words.say(fields["verdict"][code], fields["verdict_n"][code], fields["winner"][code])
        assert said == facts["verdict"]
        assert int(fields["depth"][code]) == int(g.depth[node])
        best = max((int(fields["score"][g.codes[int(t)]]) for t in g.successors(node)), default=None)
        for move in facts["moves"]:
            child = g.rules.encode(g.rules.parse(move["to"]))
            said = words.say_choice(fields["choice"][child], fields["choice_n"][child], fields["choice_k"][child])
            assert said == move["for_you"]
            assert (int(fields["score"][child]) == best) == move["best"]
    assert page.names([page.start]) == [g.rules.notation(g.rules.start())]


def test_fields_spec_and_sizes() -> None:
    page = code_page_once("standard:players=3,r=3")
    files = code_files(page)
    _, rules = load_jsonp(files["rules.js"])
    assert [f["name"] for f in rules["fields"]] == [f.name for f in POSITION_FIELDS]
    assert rules["chunk"] == CODE_CHUNK and rules["positions"] == page.n
    assert rules["sets"][rules["start"] // rules["ints"][2] % rules["ints"][1]] == "11"
    assert [c["name"] for c in rules["columns"]] == ["depth", "forced_out_in"]
    assert files["thumb.svg"].startswith(b"<svg")
    two = code_files(code_page_once("standard"))
    _, rules2 = load_jsonp(two["rules.js"])
    assert "forced_out_in" not in [f["name"] for f in rules2["fields"]]  # no fate with two players


def test_arrival_scores_order_the_moves_as_edge_scores() -> None:
    solved = solved_once("standard:players=3,r=3")
    g = solved.graph
    score = arrival_scores(g.players, solved.forced)
    assert (edge_scores(g, solved.forced) == score[g.indices]).all()


@pytest.mark.slow(reason="gathers a big variant's pages (2 CPU s); out of the fast lane: issue #49")
def test_gather_gives_big_variants_a_code_page(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sizes, "CODE_PAGE_OVER", 200)  # standard has 204 positions, the three-player one 196
    pages = build.gather(["standard", "standard:players=3,r=3"], cache_dir=tmp_path)
    assert [p.code for p in pages] == [True, False]
    files = render_site(pages)
    html = files["variants/standard.html"].decode()
    assert "assets/code.js" in html and "assets/variant.js" not in html  # play on every page (code.js carries it)
    assert "variants/standard/rules.js" in files and "variants/standard-players3-r3/nodes.js" in files
    assert not any(k.startswith("variants/standard/c") for k in files)  # no node-table chunks


def test_catalogue_has_five_and_six_players() -> None:
    assert {"five-players", "six-players"} <= set(build.CATALOGUE)
    assert sizes.SITE_MAX_POSITIONS >= 11_390_625


# ---------------------------------------------------------------------------
# in the browser
# ---------------------------------------------------------------------------
