
"""Headless-Chromium tests of a game on a variant's page (vizgen/site/static/js/play.js, game.js).

Same site, server and checks as the other browser tests (the fixtures of
``tests/conftest.py``): no console error, no request leaving 127.0.0.1.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
import pytest

from tests.browsing import (
    PHONE,
    Watch,
    click_node,
    fragment,
    line_to_a_drawn_blunder,
    names,
    open_game,
    panel_shows,
    state,
    visible_values,
)
from vizgen.ai.games import perfect_player, play
from vizgen.analysis import meaning, units, words
from vizgen.analysis.marks import BLUNDER, say_review
from vizgen.analysis.solved import solve_variant
from vizgen.engine.ending import PLY_CAP
from vizgen.site.render import VariantPage

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("play")]


def your_turn(page: object) -> dict:
    """Wait until it is your move or the game is over; return the game."""
    page.wait_for_function("(s => s && !s.paused && (s.yourTurn || s.over))(window.vizgen.play.state())",
                           timeout=10000)
    panel_shows(page, state(page)["path"][-1])
    return state(page)


def test_blunder_against_the_perfect_player(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    table = data.nodes
    page = open_game(open_page, "variants/standard.html")
    page.locator("#play button[data-act=open]").click()  # a game with the analysis shown
    game = your_turn(page)
    assert game["seats"] == ["you", "perfect"] and game["path"] == ["11-11"] and not game["hidden"]
    # draw moves until a losing one is offered, then that blunder
    for _ in range(30):
        losing = page.locator("#panel tr.move:has(.badge.loss) td.mv a")
        if losing.count():
            losing.first.click()
            break
        page.locator("#panel tr.move:has(.badge.draw) td.mv a").first.click()
        game = your_turn(page)
        assert game["values"][-1] == 0  # the perfect player keeps the draw
    else:
        pytest.fail("no losing move was offered in 30 turns")
    before = len(game["path"])
    game = your_turn(page)
    blunder = game["path"][before]  # the position after your move
    node = names(data).index(blunder)
    assert table["winner"][node] == 0  # the perfect player, to move, can force a win
    shown = int(table["remoteness"][node])
    at = before + 1
    # play on (the first move each time) until the game ends: the perfect player wins within the remoteness shown
    while not (game := your_turn(page))["over"]:
        page.locator("#panel tr.move td.mv a").first.click()
        page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(game["path"]))
    assert len(game["path"]) - at <= shown
    assert game["values"][-1] == -1 and game["values"][at - 1] == -1
    assert "you lost" in page.locator("#play .play-value").inner_text()
    assert page.locator("#play .play-last .play-move").count() == 1  # the perfect player's last move, highlighted
    assert page.locator(".play-chart circle").count() == len(game["path"])
    assert fragment(page) == game["path"][-1]


def test_keys_back_and_forward_walk_the_game_and_never_leave_the_page(open_page: Callable,
                                                                    pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    page, _ = open_page("index.html", wait_ready=False)
    page.evaluate("location.href = 'variants/standard.html'")  # index, then the variant: Back could leave
    page.wait_for_url("**/variants/standard.html")
    page.wait_for_function("window.vizgen && window.vizgen.play && window.vizgen.play.ready", timeout=20000)
    page.evaluate("window.vizgen.play.delay = 0")
    page.locator("#play button[data-act=open]").click()  # with the analysis: a challenge covers the graph
    your_turn(page)
    # a move by clicking a child of the game's position in the graph, then one from the table
    child = int(data.edges.dst[data.edges.src == data.start][0])
    click_node(page, child)
    page.wait_for_function("window.vizgen.play.state().path.length === 3")
    game = your_turn(page)
    assert game["path"][1] == names(data)[child]
    page.locator("#panel tr.move td.mv a").first.click()
    page.wait_for_function("window.vizgen.play.state().path.length === 5")
    played = your_turn(page)["path"]
    # Backspace takes back your last move (and the reply), on the same page
    page.locator("#panel").focus()
    page.keyboard.press("Backspace")
    page.wait_for_function("window.vizgen.play.state().path.length === 3")
    assert "standard.html" in page.url and state(page)["line"] == played and state(page)["yourTurn"]
    panel_shows(page, played[2])
    assert "moves=" + "_".join(played[1:]) in page.url and "at=2" in page.url
    # the arrow keys, Home and End walk the record
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("window.vizgen.play.state().path.length === 2")
    panel_shows(page, played[1])
    page.keyboard.press("End")
    page.wait_for_function("window.vizgen.play.state().path.length === 5")
    page.keyboard.press("Home")
    page.wait_for_function("window.vizgen.play.state().path.length === 1")
    assert fragment(page) == "11-11" and state(page)["line"] == played
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.vizgen.play.state().path.length === 2")
    # the browser's Back and Forward step through the plies, each an entry of the history
    page.keyboard.press("End")
    page.wait_for_function("window.vizgen.play.state().path.length === 5")
    for length in (4, 3, 2, 1):
        page.go_back()
        page.wait_for_function("n => window.vizgen.play.state().path.length === n", arg=length)
        panel_shows(page, played[length - 1])
    page.go_forward()
    page.wait_for_function("window.vizgen.play.state().path.length === 2")
    page.go_back()
    page.wait_for_function("window.vizgen.play.state().path.length === 1")
    # Back past the start of the game stays on the page, the game kept
    page.go_back()
    page.wait_for_function("() => document.querySelector('#play .play-message').innerText.includes("
                           "'Back stays on the page')")
    assert "standard.html" in page.url and state(page)["line"] == played
    assert "Back stays on the page" in page.locator("#play .play-message").inner_text()
    # a move played at an earlier ply starts a new line from there
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.vizgen.play.state().path.length === 2")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.vizgen.play.state().path.length === 3 && window.vizgen.play.state().yourTurn")
    other = page.locator("#panel tr.move td.mv a").last
    other.click()
    page.wait_for_function("window.vizgen.play.state().path.length === 5")
    game = your_turn(page)
    assert game["path"][:3] == played[:3] and game["redo"] == 0
    # browsing away from the game: a click on a position is no move, and the game says where it is
    page.evaluate("location.hash = '#12-12'")
    panel_shows(page, "12-12")
    assert state(page)["path"] == game["path"]
    assert page.locator("#play .play-back").inner_text() == game["path"][-1]
    page.locator("#play button[data-act=quit]").click()
    assert state(page) is None and "play=" not in page.evaluate("location.search")


def test_a_shared_game_replays(open_page: Callable, base_url: str) -> None:
    page = open_game(open_page, "variants/standard.html")
    page.evaluate("window.vizgen.play.start(['random', 'you'], 12345)")
    for _ in range(3):
        game = your_turn(page)
        if game["over"]:
            break
        page.locator("#panel tr.move:has(.badge.draw) td.mv a").last.click()
        page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(game["path"]))
    game = your_turn(page)
    url = page.url
    assert "play=random.you" in url and "seed=12345" in url
    again = open_game(open_page, url.replace(base_url, ""))
    assert your_turn(again)["path"] == game["path"]
    assert fragment(again) == game["path"][-1]
    assert again.locator(".play-log .play-moves a.ply").count() == len(game["path"]) - 1
    # the random player goes on the same way from the same record
    for p in (page, again):
        p.locator("#panel tr.move td.mv a").first.click()
    assert your_turn(page)["path"] == your_turn(again)["path"]


def test_an_illegal_record_stops_at_the_last_legal_position(open_page: Callable) -> None:
    page = open_game(open_page, "variants/standard.html?play=you.perfect&seed=1&moves=12-11_12-12_44-44#11-11")
    page.wait_for_function("window.vizgen.play.state() !== null")
    game = state(page)
    assert game["path"] == ["11-11", "12-11", "12-12"] and game["paused"]
    message = page.locator("#play .play-message").inner_text()
    assert "44-44" in message and "12-12" in message and "ply 3" in message
    panel_shows(page, "12-12")
    assert fragment(page) == "12-12"
    page.locator("#play button[data-act=resume]").click()
    assert your_turn(page)["path"] == ["11-11", "12-11", "12-12"]
    # a record naming the wrong players is refused with a message, and no game starts
    page = open_game(open_page, "variants/standard.html?play=you.you&moves=12-11")
    assert state(page) is None
    assert "at most one player can be you" in page.locator("#play .play-message").inner_text()


def test_three_players_on_the_explorer(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["three"]
    page = open_game(open_page, "variants/three-players.html")
    assert page.locator("#play select[data-seat]").count() == 3
    page.locator('#play select[data-seat="1"]').select_option("you")  # you move second
    assert page.locator('#play select[data-seat="0"]').input_value() == "perfect"
    page.locator('#play select[data-seat="2"]').select_option("random")
    page.locator("#play button[data-act=start]").click()
    game = your_turn(page)
    assert game["seats"] == ["perfect", "you", "random"] and len(game["path"]) == 2
    node = names(data).index(game["path"][0])
    assert names(data)[int(data.nodes["perfect_move"][node])] == game["path"][1]
    page.locator("#panel tr.move td.mv a").first.click()
    page.wait_for_function("window.vizgen.play.state().path.length >= 5 || window.vizgen.play.state().over")
    game = your_turn(page)
    for a, b in zip(game["path"], game["path"][1:]):
        src, dst = names(data).index(a), names(data).index(b)
        assert ((data.edges.src == src) & (data.edges.dst == dst)).any()
    page.wait_for_function("id => window.vizgen.explored.centre === id", arg=names(data).index(game["path"][-1]))


@pytest.fixture(scope="module")
def pages(site_pages: dict[str, VariantPage], shared_gather: Callable) -> dict[str, VariantPage]:
    """The pages of tests/test_pages_browser.py and four players (r = 3)."""
    four = shared_gather(["standard:players=4,r=3"])[0]
    return {"standard": site_pages["standard"], "tiny": site_pages["standard-r3"], "three": site_pages["three-players"],
            "three-small": site_pages["standard-players3-r3"], "four": four}




def test_four_players_name_the_seats_by_who_plays_them(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    page = open_game(open_page, "variants/" + pages["four"].slug + ".html")
    page.evaluate("window.vizgen.play.delay = 60000")  # each computer move waits: the panel while it chooses
    page.evaluate("window.vizgen.play.start(['you', 'perfect', 'tricky', 'random'], 3, false)")
    page.wait_for_function("window.vizgen.play.state().yourTurn")
    page.locator("#panel tr.move td.mv a").first.click()
    page.wait_for_selector("#play .play-status.thinking")
    assert page.locator("#play .play-status.thinking").inner_text() == "Player 2 (perfect player) is choosing…"
    who = page.locator("#panel .players .player .who").all_inner_texts()
    assert [w.split(" (")[0] for w in who] == ["Perfect player", "Tricky perfect player", "Random player", "You"]
    assert "You (player 1)" in page.locator("#panel .players .player.human .who").inner_text()
    assert page.locator("#panel .players .player.mover.human").count() == 0
    assert page.locator("#panel .players .tag.you").count() == 0
    # the moves' column reads for you while a computer chooses
    game = state(page)
    cells = page.locator("#panel tr.move .badge").all_inner_texts()
    assert cells and all(("you" in c or "player " in c or "no one" in c) for c in cells), cells
    assert game["seats"] == ["you", "perfect", "tricky", "random"]
    heads = page.locator(".play-moves .who").all_inner_texts()
    assert heads == ["You (player 1)", "Perfect player (player 2)", "Tricky perfect player (player 3)",
                     "Random player (player 4)"]




def test_a_challenge_hides_every_value_and_marks_a_blunder(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    page = open_game(open_page, "variants/standard.html")
    page.locator("#play button[data-act=start]").click()  # a new game is a challenge
    game = your_turn(page)
    assert game["challenge"] and game["hidden"]
    assert visible_values(page) == []
    rows = page.evaluate("""() => [Array.from(document.querySelectorAll('#panel tr.move')).map(r => +r.dataset.dst),
        window.vizgen.model.details.get(window.vizgen.selected).moves.map(m => m.dst)]""")
    assert rows[0] == rows[1]  # the moves in the rules' order: the optimal ones are not put first
    fills = page.evaluate("""new Set(window.vizgen.network.body.data.nodes.get()
        .filter(n => !n.band).map(n => n.color.background)).size""")
    assert fills == 1  # every position the same grey (the band labels are words, not positions)
    # the banded graph sorts positions by value: it is covered, and the turn's words point to the table
    assert page.locator(".graph-veil").is_visible()
    assert "graph" not in page.locator("#play .play-status.turn").inner_text()
    page.locator('.view-tab[data-view="map"]').click()  # the value map's colours are values: covered too
    page.wait_for_function("document.body.classList.contains('view-map')")
    assert page.locator(".map-veil").is_visible() and not page.locator(".graph-veil").is_visible()
    page.locator('.view-tab[data-view="graph"]').click()
    page.wait_for_function("!document.body.classList.contains('view-map')")
    # a hint shows this position's values, and is counted
    page.locator("#play button[data-act=hint]").click()
    page.wait_for_function("!window.vizgen.play.state().hidden")
    assert visible_values(page) and state(page)["hints"] == [0]
    assert not page.locator(".graph-veil").is_visible()
    page.locator("#play button[data-act=quit]").click()
    # a blunder from a drawn position, marked as the engine says as you go (coached play; a challenge marks it
    # only in the review: tests/test_board_browser.py)
    line, blunder, best = line_to_a_drawn_blunder(data)
    ply = len(line) - 1
    seats = ["you", "perfect"] if ply % 2 == 0 else ["perfect", "you"]
    moves = "_".join(names(data)[i] for i in line[1:])
    page = open_game(open_page, f"variants/standard.html?play={'.'.join(seats)}&seed=1&moves={moves}")
    game = your_turn(page)
    assert game["path"][-1] == names(data)[line[-1]] and not game["hidden"]
    name = page.locator(f'#panel tr.move[data-dst="{blunder}"] td.mv a').inner_text()
    best_name = page.locator(f'#panel tr.move[data-dst="{best}"] td.mv a').inner_text()
    page.locator(f'#panel tr.move[data-dst="{blunder}"] td.mv a').click()
    page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(line))
    s = solve_variant(data.variant)
    g, f = s.graph, s.forced

    def said(i: int) -> tuple[int, int, int]:
        code, n, k = words.choices(2, f.winner[[i]], g.terminal[[i]], f.remoteness[[i]])
        return int(code[0]), int(n[0]), int(k[0])

    expected = say_review(name, BLUNDER, said(blunder), best_name, said(best))
    assert page.locator("#play .play-mark.blunder").inner_text() == expected
    assert "??" in expected


def test_a_challenge_shows_no_value_anywhere_a_visitor_can_open(open_page: Callable) -> None:
    """Every section a visitor can open is opened mid-challenge; its words name no value until the game ends.

    "The figures as JSON" once opened mid-challenge and read ``"value": "draw"`` and the longest wins.
    """
    page = open_game(open_page, "variants/standard.html")
    page.locator("#play button[data-act=start]").click()
    assert your_turn(page)["hidden"]
    opened = page.evaluate("""() => { let n = 0; for (const d of document.querySelectorAll('details')) {
        if (d.getClientRects().length) { d.open = true; n += 1; } } return n; }""")
    assert opened > 0
    shown = page.evaluate("document.body.innerText")
    for leak in ('"value"', '"verdict"', "longest_win", "Positions by value", "Downloads", "The figures as JSON"):
        assert leak not in shown, leak
    assert not page.locator("#downloads").is_visible()
    head = page.locator(".variant-head").inner_text()  # the start named, and no colon left before a hidden value
    assert re.search(r"start 11-11(?!:)", head) and "start 11-11:" not in head, head
    page.locator("#play button[data-act=quit]").click()
    page.wait_for_function("!document.body.classList.contains('vz-hide')")
    assert "start 11-11: " in page.locator(".variant-head").inner_text()  # the value is back after the game
    page.evaluate("() => { for (const d of document.querySelectorAll('#downloads details')) d.open = true; }")
    assert page.locator("#downloads").is_visible()
    assert '"value"' in page.locator("#downloads pre").inner_text()


@pytest.mark.catalogue(
    reason="two perfect players played to a draw in the browser (11 s); the whole suite keeps the draw by "
           "repetition in the game loop's tests and the Node cross-check of endings, and a game lost against the"
           " perfect player")
def test_two_perfect_players_draw_by_repetition(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    s = solve_variant(data.variant)
    perfect = perfect_player(s.graph, s.forced)
    end, _ = play(s.graph, [perfect, perfect])
    page = open_game(open_page, "variants/standard.html")
    page.evaluate("window.vizgen.play.start(['perfect', 'perfect'], 1)")
    page.wait_for_function("window.vizgen.play.state().over", timeout=30000)
    game = state(page)
    assert game["end"] == {"reason": "repetition", "winner": -1, "shared": [0, 1], "plies": end.plies}
    assert end.reason == "repetition" and len(game["path"]) == end.plies + 1
    assert words.ENDING["repetition"] in page.locator("#play .play-end").inner_text()
    assert page.locator(".play-counts tbody tr").count() == 2
    # the game's path on the value map: one cell per position, in order
    page.locator(".view-tab[data-view=map]").click()
    page.wait_for_function("window.vizgen.map && window.vizgen.map.trail")
    cells = page.evaluate("window.vizgen.map.trail")
    expected = page.evaluate("window.vizgen.play.state().path.map(n => "
                             "window.vizgen.map.cellOf(window.vizgen.model.lookup(n)))")
    assert cells == expected and len(cells) == end.plies + 1


def _long_line(data: VariantPage, plies: int) -> list[int]:
    """A line of ``plies`` plies from the start that no rule ends before: no position three times with the same
    player to move, no finished position (a walk that backs up where it is stuck)."""
    g = solve_variant(data.variant).graph
    rng = np.random.default_rng(3)
    line, seen = [g.start], {(g.start, 0): 1}
    tried: list[set[int]] = [set()]
    while len(line) <= plies:
        ply = len(line)
        kids = [int(k) for k in g.successors(line[-1]) if not g.terminal[k] and seen.get((int(k), ply % 2), 0) < 2
                and int(k) not in tried[-1]]
        if not kids:
            seen[(line[-1], (ply - 1) % 2)] -= 1
            line.pop()
            tried.pop()
            continue
        kid = kids[rng.integers(len(kids))]
        tried[-1].add(kid)
        line.append(kid)
        tried.append(set())
        seen[(kid, ply % 2)] = seen.get((kid, ply % 2), 0) + 1
    return line


def test_a_long_game_ends_at_the_cap_and_its_chart_keeps_its_height(open_page: Callable,
                                                                    pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    line = _long_line(data, PLY_CAP)
    moves = "_".join(names(data)[i] for i in line[1:])
    page = open_game(open_page, f"variants/standard.html?play=you.random&seed=1&moves={moves}")
    page.wait_for_function("window.vizgen.play.state() && window.vizgen.play.state().over", timeout=30000)
    game = state(page)
    assert game["end"]["reason"] == "cap" and game["end"]["plies"] == PLY_CAP and len(game["path"]) == PLY_CAP + 1
    box = page.locator(".play-chart").bounding_box()
    assert box["height"] >= 120
    scroll = page.evaluate("(b => [b.scrollWidth, b.clientWidth])(document.querySelector('.play-chart-box'))")
    assert scroll[0] > scroll[1]  # as wide as the game: it scrolls sideways
    page.locator('.play-chart g[data-ply="7"]').click()
    page.wait_for_function("window.vizgen.play.state().path.length === 8")
    panel_shows(page, names(data)[line[7]])
    assert "at=7" in page.url


def test_a_guide_line_steps_through_on_the_graph(open_page: Callable) -> None:
    """The guide's "Step through it on the graph": a game between perfect players from the line's first position."""
    from vizgen.reports.guide import guide_figures
    from vizgen.site.render.guide_page import study_href

    data = guide_figures("standard")
    line = data["lines"][0]
    assert line["from"] != data["verdict"]["start"]  # the longest forced win: not from the start
    steps = [s["position"] for s in line["steps"]]
    page = open_game(open_page, study_href("variants/standard.html", line, data["verdict"]["start"]))
    panel_shows(page, steps[0])
    game = state(page)
    assert game["line"] == steps and game["path"] == steps[:1] and game["over"] is False
    assert page.evaluate("window.vizgen.play.state().seats") == ["perfect", "perfect"]
    assert "from=" + steps[0] in page.url
    page.locator("#panel").focus()
    for k in (1, 2):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => window.vizgen.play.state().path.length === n", arg=k + 1)
        panel_shows(page, steps[k])
    page.keyboard.press("End")
    page.wait_for_function("window.vizgen.play.state().over")
    assert "Review" in page.locator(".play-log").inner_text()
    assert "?" not in page.locator(".play-moves").inner_text()  # both sides played perfectly: no move is marked
    turning = page.locator(".play-turning").inner_text()  # a game you watch names player 1, never "you"
    assert turning.startswith("Player 1's value never changed") and "you" not in turning.lower()
    # a first position that is not one of the variant's: the page says why and plays no game
    page = open_game(open_page, "variants/standard.html?play=perfect.perfect&from=99-99&moves=12-11")
    assert "not a position" in page.locator("#play").inner_text() and state(page) is None


def test_a_whole_game_from_the_keyboard_in_under_five_keys_a_move(open_page: Callable) -> None:
    """Keyboard play is first-class (#48 item 3): after each move the focus is back on the board (your first live
    hand), the keys are listed beside it, and every move of a whole game against the perfect player takes at most
    four key presses (Enter on your hand, Enter on the hand lit first, Enter on a move offered; or j, Enter in the
    moves); axe finds nothing serious mid-game or at the end."""
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is missing")
    page = open_game(open_page, "variants/standard-r3.html")
    start = page.locator("#play button[data-act=open]")  # Coached play, from the keyboard too
    start.focus()
    page.keyboard.press("Enter")
    game = your_turn(page)
    presses: list[int] = []
    on_board = "document.activeElement.matches('#panel .board .hand-btn[data-seat=\"0\"]')"

    def press(key: str) -> None:
        presses[-1] += 1
        page.keyboard.press(key)

    while not game["over"]:
        # the focus is on the board, your first live hand, and the keys are listed beside it
        page.wait_for_function(on_board, timeout=10000)
        keys = page.locator("#play .play-keys")
        assert keys.is_visible() and "Enter chooses your hand" in keys.inner_text()
        plies = len(game["path"])
        presses.append(0)
        press("Enter")  # your hand chosen: the focus moves to the first hand it can reach
        for _ in range(2):
            page.wait_for_function(
                "n => window.vizgen.play.state().path.length > n || document.activeElement.matches("
                "'#panel .board .hand-btn.target, #panel .board-move, #panel .board .hand-btn.chosen')",
                arg=plies, timeout=10000)
            if len(state(page)["path"]) > plies:
                break
            if page.evaluate("document.activeElement.matches('#panel .board .hand-btn.target, #panel .board-move')"):
                press("Enter")  # the hand lit first struck, or a move offered onto it played
            else:
                press("j")  # nothing to reach from that hand: the moves' first, from the keyboard
                press("Enter")
                break
        page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=plies, timeout=10000)
        if len(presses) == 1:
            results = axe_sync.Axe().run(page)
            bad = [f"{v['id']} ({v['impact']}): {v['help']}" for v in results.response["violations"]
                   if v["impact"] in ("serious", "critical")]
            assert bad == [], bad
        game = your_turn(page)
    assert len(presses) >= 2 and max(presses) < 5, presses
    assert "play-end" in page.locator("#play").inner_html()
    results = axe_sync.Axe().run(page)
    assert [v["id"] for v in results.response["violations"] if v["impact"] in ("serious", "critical")] == []
    print(f"keys a move: {presses} (mean {sum(presses) / len(presses):.2f}) over {len(game['path']) - 1} plies")


def test_a_link_game_from_a_file_offers_no_file_address(open_page: Callable, site_root: object) -> None:
    """Slip 9 of #48: a page opened from a file (file://) never offers a file:/// address to send to a friend; it
    says plainly that a game by link needs the site on the web, and the game itself goes on."""
    page = open_game(open_page, f"file://{site_root}/vizgen/variants/standard-r3.html")
    page.locator("#play button[data-act=link]").click()
    game = your_turn(page)
    assert game["mode"] == "link" and game["canMove"]
    page.locator("#panel tr.move td.mv a").first.click()
    page.wait_for_function("window.vizgen.play.state().waiting", timeout=10000)
    send = page.locator("#play .play-send")
    assert send.is_visible()
    said = send.inner_text()
    assert "A game by link needs the site on the web" in said and "pass and play works here" in said
    assert "Waiting for Player 2" not in said  # no link to wait on
    assert "file:///" not in page.locator("#play").inner_text()
    assert not page.locator("#play button[data-act=copy-link]").count()
    assert not page.locator("#play .play-link").count()


def test_the_evaluation_bar_and_the_accuracy_on_a_phone(new_tab: Callable, base_url: str,
                                                        pages: dict[str, VariantPage]) -> None:
    """#48 item 8, at 390x844 with touch: during a game the bar beside the board says, in words on screen, the
    position's value for the player to move as the node table has it (its verdict's short words and the plies); at the
    end the review says each player's share of their own moves that kept the best result, counted from the marks
    the move list shows."""
    data = pages["standard"]
    page = new_tab(phone=True)
    watch = Watch(page)
    page.goto(base_url + "variants/standard.html")
    page.wait_for_function("window.vizgen && window.vizgen.play && window.vizgen.play.ready", timeout=20000)
    page.evaluate("window.vizgen.play.delay = 0")
    page.locator("#play button[data-act=open]").tap()  # coached play: the values shown
    game = your_turn(page)
    bar = page.locator("#play .play-evalbar-words")
    for _ in range(3):
        node = names(data).index(game["path"][-1])
        code = int(meaning.verdicts(2, np.array([data.nodes["winner"][node]]),
                                    np.array([data.nodes["terminal"][node]]))[0])
        said = units.fill(meaning.VERDICTS[code].short, n=int(data.nodes["remoteness"][node]))
        bar.scroll_into_view_if_needed()
        box = bar.bounding_box()
        assert bar.is_visible() and box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
        assert bar.inner_text() == f"You (player 1) to move: {said}"
        page.locator("#panel tr.move td.mv a").first.tap()
        page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(game["path"]))
        game = your_turn(page)
        if game["over"]:
            break
    while not game["over"]:  # play on to the end, the first move each time
        page.locator("#panel tr.move td.mv a").first.tap()
        page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(game["path"]))
        game = your_turn(page)
    assert page.locator("#play .play-evalbar").count() == 0  # over: the status says how it ended
    mine = page.locator(".play-moves a.ply.mine")
    own = mine.count()
    kept = own - page.locator(".play-moves a.ply.mine.mistake, .play-moves a.ply.mine.blunder").count()
    line = page.locator(".play-accuracy").first
    line.scroll_into_view_if_needed()
    assert line.is_visible()
    text = line.inner_text()
    share = r"\(\d+(\.\d)?\s?%\)"
    assert re.fullmatch(rf"You \(player 1\): {kept} of {own} moves? kept the best result {share}\.", text), text
    watch.check(("http://127.0.0.1:",))
