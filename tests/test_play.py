
"""Headless-Chromium tests of a game on a variant's page (vizgen/site/static/js/play.js, game.js).

Same site, server and checks as the other browser tests (the fixtures of
``tests/conftest.py``): no console error, no request leaving 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.browsing import click_node, fragment, names, panel_shows
from vizgen.site.render import VariantPage

pytestmark = pytest.mark.browser


def state(page: object) -> dict:
    return page.evaluate("window.vizgen.play.state()")


def open_game(open_page: Callable, url: str) -> object:
    page, _ = open_page(url)
    page.wait_for_function("window.vizgen.play && window.vizgen.play.ready")
    page.evaluate("window.vizgen.play.delay = 0")
    return page


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
    page.locator("#play button[data-act=start]").click()
    game = your_turn(page)
    assert game["seats"] == ["you", "perfect"] and game["path"] == ["11-11"]
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


def test_undo_redo_restart_and_graph_clicks(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    page = open_game(open_page, "variants/standard.html#12-11")
    panel_shows(page, "12-11")
    page.evaluate("window.vizgen.play.start(['you', 'maxn3'], 7)")
    your_turn(page)
    assert fragment(page) == "11-11"
    # a move by clicking a child of the game's position in the graph
    child = int(data.edges.dst[data.edges.src == data.start][0])
    click_node(page, child)
    page.wait_for_function("window.vizgen.play.state().path.length === 3")
    game = your_turn(page)
    assert game["path"][1] == names(data)[child]
    page.locator("#panel tr.move td.mv a").first.click()
    page.wait_for_function("window.vizgen.play.state().path.length === 5")
    played = your_turn(page)["path"]
    page.locator("#play button[data-act=undo]").click()
    page.wait_for_function("window.vizgen.play.state().path.length === 3")
    assert state(page)["path"] == played[:3] and state(page)["redo"] == 2 and state(page)["yourTurn"]
    panel_shows(page, played[2])
    assert fragment(page) == played[2]
    assert "moves=" + "_".join(played[1:3]) in page.evaluate("location.search")
    page.locator("#play button[data-act=redo]").click()
    page.wait_for_function("window.vizgen.play.state().path.length === 5")
    assert state(page)["path"] == played and state(page)["redo"] == 0
    page.locator("#play button[data-act=restart]").click()
    page.wait_for_function("window.vizgen.play.state().path.length === 1")
    assert state(page)["redo"] == 4 and fragment(page) == "11-11"
    # browsing away from the game: a click on a position is no move, and the game says where it is
    page.evaluate("location.hash = '#12-12'")
    panel_shows(page, "12-12")
    assert state(page)["path"] == ["11-11"]
    assert page.locator("#play .play-back").inner_text() == "11-11"
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
    assert again.locator(".play-log .play-moves li").count() == len(game["path"]) - 1
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
    assert "exactly one player" in page.locator("#play .play-message").inner_text()


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
