"""The computer opponents' moves in the node table and the data files, and the max^n report page."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.page_text import WORKSHOP, visible
from tests.solved import solved_once
from tests.wire_blocks import read_block
from vizgen.ai.games import perfect_player
from vizgen.ai.maxn import maxn_player
from vizgen.ai.tricky import trap_figure, tricky_player
from vizgen.analysis.solved import best_edges, fate
from vizgen.reports.maxn import report
from vizgen.site import build
from vizgen.site.data.tables import OPPONENTS, PLAY_DEPTHS, node_table
from vizgen.site.render import VariantPage, render_site
from vizgen.site.render.datafiles import data_files
from vizgen.util.cache import Cache


@pytest.mark.parametrize("spec", ["standard", "standard:players=3,r=3", "zombies:r=3", "standard:players=4,r=3",
                                  "misere:players=3,r=3"])
def test_optimal_moves_and_the_perfect_player_rank_moves_as_the_rulings_say(spec: str) -> None:
    """A plain reading of docs/RULINGS.md, position by position: fastest win; else, keeping the game open,
    surviving, else the latest forced exit (more players, where being out loses); else the slowest loss."""
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    last = fate(solved, g.players - 1)
    assert (last is None) == (g.players == 2 or solved.variant.params.misere)

    def key(child: int) -> tuple[int, int]:
        w, rem = int(f.winner[child]), int(f.remoteness[child])
        if w == g.players - 1:
            return (3, -rem)
        if w >= 0:
            return (0, rem)
        out = -1 if last is None else int(last[child])
        return (2, 0) if out < 0 else (1, out)

    best = best_edges(solved)
    perfect = perfect_player(g, f, out_in=last).moves
    for node in range(g.n):
        lo, hi = int(g.indptr[node]), int(g.indptr[node + 1])
        if lo == hi:
            continue
        keys = [key(int(c)) for c in g.indices[lo:hi]]
        top = max(keys)
        assert [k == top for k in keys] == best[lo:hi].tolist(), g.rules.notation(g.position(node))
        assert key(int(perfect[node])) == top


@pytest.mark.parametrize("spec", ["standard", "standard:r=3", "standard:players=3,r=3", "cutoff:misere=true",
                                  "standard:players=4,r=3"])
def test_opponent_columns_are_the_engines_choices(spec: str) -> None:
    solved = solved_once(spec)
    g = solved.graph
    table = node_table(solved)
    assert [c.name for c in table.columns if c.name in OPPONENTS] == list(OPPONENTS)
    assert all(c.show == "data" for c in table.columns if c.name in OPPONENTS)
    out_in = fate(solved, g.players - 1)
    np.testing.assert_array_equal(table["perfect_move"], perfect_player(g, solved.forced, out_in=out_in).moves)
    np.testing.assert_array_equal(table["trap"], trap_figure(solved))
    np.testing.assert_array_equal(table["tricky_move"],
                                  tricky_player(g, solved.forced, trap_figure(solved), out_in=out_in).moves)
    for depth in PLAY_DEPTHS:
        np.testing.assert_array_equal(table[f"maxn{depth}_move"], maxn_player(g, depth).moves)
    for name in OPPONENTS:  # a move from every position that is not over, to one of its children; none at the end
        moves = table[name]
        assert ((moves == -1) == g.terminal).all()
        for node in np.flatnonzero(~g.terminal):
            assert moves[node] in g.successors(node)


def test_the_perfect_player_wins_fastest_and_loses_slowest() -> None:
    solved = solved_once("standard")
    g, f = solved.graph, solved.forced
    choice = node_table(solved)["perfect_move"]
    for node in np.flatnonzero(~g.terminal):
        child = choice[node]
        if f.winner[node] >= 0:
            assert f.remoteness[child] == f.remoteness[node] - 1  # the exact value's remoteness, kept
        else:
            assert f.winner[child] < 0


@pytest.mark.slow
def test_chunks_ship_the_opponents(site_pages: dict[str, VariantPage]) -> None:
    page = site_pages["three-players"]
    data = data_files(page)
    nodes = json.loads(data.files["nodes.js"].decode().split(",", 1)[1].rsplit(");", 1)[0])
    assert [c["name"] for c in nodes["opponents"]] == list(OPPONENTS)
    chunk = json.loads(data.files["c1.js"].decode().split(",", 1)[1].rsplit(");", 1)[0])
    moves = read_block(nodes["opponents"], chunk["opponents"], len(chunk["nodes"]))
    for k in range(len(chunk["nodes"])):
        node = chunk["first"] + k
        assert [int(moves[name][k]) for name in OPPONENTS] == [int(page.nodes[name][node]) for name in OPPONENTS]


@pytest.fixture(scope="module")
def small_report() -> dict:
    return report(players=(2, 3), depths=(1, 2), timing_players=(2,), timing_depths=(2, 3), games_per_seat=2,
                  budget=0.0)


@pytest.mark.slow(reason="renders the max^n page (0.8 CPU s); out of the fast lane: issue #49")
def test_maxn_page(site_pages: dict[str, VariantPage], small_report: dict) -> None:
    pages = [site_pages["standard"]]
    assert "maxn.html" not in render_site(pages)
    files = render_site(pages, maxn=small_report)
    html = files["maxn.html"].decode()
    assert "The max<sup>n</sup> AI against the exact solution" in html
    assert not WORKSHOP.search(visible(files["maxn.html"]))  # no seed, no raw max^n (tests/test_public_words.py)
    for row in small_report["paper"]["rows"]:
        assert f'<td class="num paper">{row["branching"]}</td>' in html or row["players"] > 3
    assert html.count('<td class="num paper">') == 2 + 2 * 2  # paper branching for N=2, 3; timing N=2, depths 2, 3
    assert 'href="maxn.html"' in files["index.html"].decode()
    assert render_site(pages, maxn=small_report) == files  # deterministic


@pytest.mark.slow(reason="builds sites (2 CPU s); out of the fast lane: issue #49")
def test_report_is_cached_and_a_partial_build_never_depends_on_it(tmp_path: Path, small_report: dict,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The report is computed once; whether a build of chosen variants has the max^n page depends on its arguments
    only (never, unless --reports), not on the cache holding the report; the summary says which."""
    calls = []
    recorded = {"timing_measured": "on a test machine"}
    monkeypatch.setattr(build, "site_report", lambda: calls.append(1) or {**small_report, **recorded})
    cache = Cache(tmp_path / "cache")
    first = build.maxn_figures(cache)
    assert build.maxn_figures(cache) == first and calls == [1]
    assert first["timing_measured"] == "on a test machine"
    out = tmp_path / "site"
    monkeypatch.setattr(build, "family_figures", lambda **kw: None)
    monkeypatch.setattr(build, "claims_report", lambda cache: None)
    build.build_site(["standard:r=3"], out, cache_dir=tmp_path / "cache", progress=True)  # the report is cached
    assert not (out / "maxn.html").exists() and b"maxn.html" not in (out / "index.html").read_bytes()
    assert "without the report pages (--reports adds them)" in capsys.readouterr().err
    build.build_site(["standard:r=3"], out, cache_dir=tmp_path / "cache", reports=True, progress=True)
    assert (out / "maxn.html").is_file() and b'href="maxn.html"' in (out / "index.html").read_bytes()
    assert "with the report pages" in capsys.readouterr().err
    assert calls == [1]
