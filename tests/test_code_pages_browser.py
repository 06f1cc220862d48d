
"""Code pages in headless Chromium: the page's own model (moves and parents generated in JavaScript from the rule
tables) compared with the Python engine, position by position on small variants and on a sample of the six-player
game (the chunks themselves: ``tests/test_code_pages.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from tests.browsing import CHROMIUM, PAGE_BUDGET, WIDE, Watch, served, write_site
from tests.solved import code_page_once, solved_once
from vizgen.ai.games import perfect_player
from vizgen.ai.tricky import trap_figure, tricky_player
from vizgen.analysis import words
from vizgen.analysis.figures import describe, stats
from vizgen.analysis.solved import Solved, fate, solve_variant
from vizgen.engine.solve import arrival_scores
from vizgen.engine.spec import resolve
from vizgen.site.render import render_site
from vizgen.site.render.codepage import CodePage, code_page_of

#: small variants covering every kind of move the browser generates: attacks, splits, swaps (and the
#: swap count in the code), self-gain, passes of eliminated players, zombies' undead finger
SMALL = ("standard", "swaps", "self-gain", "standard:players=3,r=3", "zombies:r=3")


#: its tests share module fixtures that build a site: one worker runs them all (``--dist loadgroup``)
pytestmark = pytest.mark.xdist_group("code_pages_browser")


#: what the page's model says of a position: its name, verdict, moves (target -> names, words, best) and parents
READ = """async (code) => {
  const m = window.vizgen.model;
  const d = await m.detail(code);
  const W = window.VZ.contract;  // the meaning table
  const fill = (t, n, k) => window.VZ.util.fill(t, {n: n, k: k});  // the page's filler ({ply|plies} too)
  return {
    name: m.name(code), verdict: m.words(code),
    moves: d.moves.map(x => ({to: m.name(x.dst), names: x.names.slice().sort(),
                              for_you: fill(W.choices[x.choice].long, x.n, x.k), best: x.best})),
    parents: d.parents.map(p => m.name(p)).sort(),
  };
}"""


def expected(solved: Solved, node: int) -> dict:
    facts = describe(solved, node)
    return {
        "name": facts["position"], "verdict": facts["verdict"],
        "moves": sorted(({"to": m["to"], "names": sorted([m["move"], *m["also"]]), "for_you": m["for_you"],
                          "best": m["best"]} for m in facts["moves"]), key=lambda m: m["to"]),
        "parents": sorted(facts["parents"]),
    }


@pytest.fixture(scope="module")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("codes")
    write_site(root / "site", render_site([code_page_once(spec) for spec in SMALL]))
    with served(root, "site/") as url:
        yield url


@pytest.mark.catalogue_cases(
    "swaps", "self-gain", "zombies:r=3",
    reason="three more code pages checked position by position (12 s); the whole suite keeps the classic game "
           "and three players")
@pytest.mark.parametrize("spec", SMALL)
@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="headless Chromium is not installed")
def test_every_position_in_the_browser_is_the_engines(new_tab: Callable[..., object], small_site: str,
                                                      spec: str) -> None:
    """Moves and parents generated in JavaScript, values looked up: the same as ``describe``, everywhere."""
    solved, page = solved_once(spec), code_page_once(spec)
    tab = new_tab()
    watch = Watch(tab)
    tab.goto(f"{small_site}variants/{page.slug}.html")
    tab.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)", timeout=20000)
    assert tab.evaluate("window.vizgen.error") is None
    g = solved.graph
    for node in range(g.n):
        got = tab.evaluate(READ, int(g.codes[node]))
        got["moves"].sort(key=lambda m: m["to"])
        assert got == expected(solved, node), g.rules.notation(g.position(node))
    # an unreachable code is not a position of the game; a typed position is found whatever the separators
    unreachable = next(c for c in range(g.rules.space) if c not in set(g.codes.tolist()))
    assert tab.evaluate("c => window.vizgen.locate(window.vizgen.model.name(c))", unreachable) is None
    start = g.rules.notation(g.rules.start())
    assert tab.evaluate("t => window.vizgen.locate(t)", start.replace("-", " ")) == int(g.codes[g.start])
    watch.check(("http://127.0.0.1:",))



#: a game on a code page: the moves the computer players made (from, to, seat) until it is your turn again
PLAYED = """async () => {
  const play = window.vizgen.play;
  await new Promise((done) => {
    // the chooser's turn, with the panel showing the game's position (a code page loads its facts in chunks)
    const shown = (s) => document.querySelector("#panel .pos-title").textContent === s.path[s.path.length - 1];
    const wait = () => {
      const s = play.state();
      if (s && (s.over || (s.yourTurn && shown(s)))) done(); else setTimeout(wait, 30);
    };
    wait();
  });
  return play.state();
}"""


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="headless Chromium is not installed")
def test_play_on_a_code_page_is_the_engines(new_tab: Callable[..., object], small_site: str) -> None:
    """On a code page the browser chooses the perfect and the tricky perfect player's moves from the facts:
    the moves ``perfect_player`` and ``tricky_player`` make, for a whole game."""
    spec = "standard:players=3,r=3"
    solved, page = solved_once(spec), code_page_once(spec)
    g = solved.graph
    out_in = fate(solved, g.players - 1)
    perfect = perfect_player(g, solved.forced, out_in=out_in).moves
    tricky = tricky_player(g, solved.forced, trap_figure(solved), out_in=out_in).moves
    tab = new_tab()
    watch = Watch(tab)
    tab.goto(f"{small_site}variants/{page.slug}.html")
    tab.wait_for_function("window.vizgen && window.vizgen.play && window.vizgen.play.ready", timeout=20000)
    assert tab.locator("#play select[data-seat='1'] option").all_inner_texts() == [
        "you", "person", "perfect player", "tricky perfect player", "random player"]
    tab.evaluate("window.vizgen.play.delay = 0")
    tab.evaluate("window.vizgen.play.start(['you', 'perfect', 'tricky'], 4, false)")
    node_of = {g.rules.notation(g.position(i)): i for i in range(g.n)}
    for _ in range(40):
        game = tab.evaluate(PLAYED)
        if game["over"]:
            break
        tab.locator("#panel tr.move td.mv a").last.click()
        tab.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(game["path"]))
    path = [node_of[name] for name in game["path"]]
    for ply in range(len(path) - 1):
        seat = ply % 3
        if seat:
            assert path[ply + 1] == (perfect if seat == 1 else tricky)[path[ply]], (ply, game["path"])
    assert game["over"] and game["end"]["reason"] in ("won", "repetition")
    watch.check(("http://127.0.0.1:",))


# -- the biggest pages: five players in the whole suite, six in the catalogue lane ---------------------------

#: the code pages of many players, each with its players: five in the whole suite (a second of solving); six, the
#: site's biggest page (11.4 million positions, 37 CPU s to solve), in the catalogue lane (issue #49)
BIG = [pytest.param("five-players", id="five-players"),
       pytest.param("six-players", id="six-players", marks=pytest.mark.catalogue(
           reason="solves the six-player game (37 CPU s); the whole suite opens, searches, checks against the "
                  "engine and plays the five-player page, the same code page (issue #49)"))]


@pytest.fixture(scope="module", params=BIG)
def big(request: pytest.FixtureRequest,
        tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Solved, CodePage, str, Path]]:
    spec = request.param
    solved = solve_variant(resolve(spec))
    page = code_page_of(solved.variant, solved, stats(solved, spec))
    root = tmp_path_factory.mktemp("big")
    write_site(root / "site", render_site([page]))
    with served(root, "site/") as url:
        yield solved, page, url, root


def expected_sample(solved: Solved, code: int, score: np.ndarray) -> dict:
    """The engine's own answer for one position: moves from the kernel, words from the solution; ``score`` is
    :func:`vizgen.engine.solve.arrival_scores` of the solution (worked out once for the sample)."""
    g = solved.graph
    rules, f, out = g.rules, solved.forced, solved.survival.out_in
    n = rules.players
    node = int(np.searchsorted(g.codes, code))
    mover = out[node:node + 1, 0]
    v = words.verdicts(n, f.winner[node:node + 1], g.terminal[node:node + 1], mover)
    count = words.verdict_n(v, f.remoteness[node:node + 1], mover)
    moves: dict[str, list[str]] = {}
    for move, child in rules.successors(rules.decode(code)):
        moves.setdefault(rules.notation(child), []).append(str(move))
    targets = np.searchsorted(g.codes, [rules.encode(rules.parse(t)) for t in moves])
    c, cn, ck = words.choices(n, f.winner[targets], g.terminal[targets], f.remoteness[targets], out[targets, n - 1])
    best = score[targets]
    rows = [{"to": t, "names": sorted(names), "for_you": words.say_choice(c[i], cn[i], ck[i]),
             "best": bool(best[i] == best.max())} for i, (t, names) in enumerate(moves.items())]
    return {"name": rules.notation(rules.decode(code)), "verdict": words.say(v[0], count[0], f.winner[node]),
            "moves": sorted(rows, key=lambda m: m["to"])}


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="headless Chromium is not installed")
def test_big_page(browser: object, big: tuple[Solved, CodePage, str, Path]) -> None:
    """Open the page of many players under its budget, search, follow a move, and check a sample against the
    engine."""
    solved, page, url, _ = big
    g = solved.graph
    n = g.rules.players
    tab = browser.new_page(viewport=WIDE)
    watch = Watch(tab)
    sizes: list[int] = []
    tab.on("response", lambda r: sizes.append(len(r.body())))
    tab.goto(f"{url}variants/{page.slug}.html")
    tab.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)", timeout=30000)
    assert tab.evaluate("window.vizgen.error") is None
    assert sum(sizes) < PAGE_BUDGET, f"{sum(sizes)} bytes before the page is usable"
    assert tab.locator("#panel .pos-title").inner_text() == "-".join(["11"] * n)
    # search a position, typed without separators (six players: the one this test always searched; else one
    # drawn, where every player still has a hand)
    rng = np.random.default_rng(6)
    sought = "01-24-11-03-12-11"
    while n != 6 and not re.fullmatch(r"\d\d(-\d\d)+", sought := g.rules.notation(g.position(int(rng.integers(g.n))))):
        pass
    tab.fill("#q", sought.replace("-", ""))
    tab.press("#q", "Enter")
    tab.wait_for_function("t => document.querySelector('#panel .pos-title').textContent === t", arg=sought)
    assert tab.evaluate("location.hash") == f"#{sought}"
    # follow a move from the panel
    link = tab.locator("#panel tr.move a.pos").first
    target = link.inner_text()
    link.click()
    tab.wait_for_function("t => document.querySelector('#panel .pos-title').textContent === t", arg=target)
    assert tab.evaluate("window.vizgen.explored.centre") == solved.graph.rules.encode(
        solved.graph.rules.parse(target))
    # a sample of positions: values and moves as the engine has them
    score = arrival_scores(n, solved.forced, solved.survival.out_in[:, n - 1])
    for code in [int(c) for c in g.codes[rng.choice(g.n, 25, replace=False)]]:
        got = tab.evaluate(READ, code)
        got.pop("parents")
        got["moves"].sort(key=lambda m: m["to"])
        assert got == expected_sample(solved, code, score)
    watch.check(("http://127.0.0.1:",))
    tab.close()


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="headless Chromium is not installed")
def test_a_game_on_the_big_page(browser: object, big: tuple[Solved, CodePage, str, Path]) -> None:
    """A challenge against perfect, tricky and random players on the page of many players: every move legal."""
    solved, page, url, _ = big
    g = solved.graph
    n = g.rules.players
    tab = browser.new_page(viewport=WIDE)
    watch = Watch(tab)
    tab.goto(f"{url}variants/{page.slug}.html")
    tab.wait_for_function("window.vizgen && window.vizgen.play && window.vizgen.play.ready", timeout=30000)
    tab.evaluate("window.vizgen.play.delay = 0")
    tab.locator("a.invite-link").click()  # the invitation opens a challenge
    tab.wait_for_function("window.vizgen.play.state() && window.vizgen.play.state().challenge")
    for seat, kind in ((2, "tricky"), (3, "random"), (n - 1, "random")):
        if tab.locator("#play details.play-players").get_attribute("open") is None:
            tab.locator("#play details.play-players summary").click()  # the players, folded during a game
        tab.locator(f"#play select[data-seat='{seat}']").select_option(kind)
    for _ in range(3):
        game = tab.evaluate(PLAYED)
        if game["over"]:
            break
        tab.locator("#panel tr.move td.mv a").first.click()
        tab.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(game["path"]))
    game = tab.evaluate(PLAYED)
    assert game["seats"] == ["you", "perfect", "tricky", "random", *["perfect"] * (n - 5), "random"]
    assert len(game["path"]) >= 2 * n + 1 and game["hidden"]
    codes = [g.rules.encode(g.rules.parse(name)) for name in game["path"]]
    for k in range(len(codes) - 1):
        assert codes[k + 1] in g.rules.expand(np.array([codes[k]]))[1].tolist()
    watch.check(("http://127.0.0.1:",))
    tab.close()
