"""``serve`` at its edges (issue #39, part 6): a folder's index resolved as a file is, and slow or idle clients that
cannot starve a fresh request (a deadline on each request's head, a bound per address).

Every connection is to a server the test starts itself on 127.0.0.1; the crowds come from 127.0.0.2, another
loopback address (Linux answers the whole of 127.0.0.0/8).
"""

from __future__ import annotations

import functools
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile_cases import SERVE_CASES, ServeCase, make_site, run_serve_case
from vizgen import cli
from vizgen.site.output import preview
from vizgen.site.output.preview import REQUEST_SECONDS
from vizgen.util import deadlines

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="127.0.0.2 is a loopback address")

Server = tuple[preview._Server, int]


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "variants").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>home</title>")
    (root / "variants" / "a.html").write_text("a page")
    (tmp_path / "secret.txt").write_text("the secret outside")
    (root / "leakdir").mkdir()
    (root / "leakdir" / "index.html").symlink_to(tmp_path / "secret.txt")
    (root / "passwd").mkdir()
    (root / "passwd" / "index.html").symlink_to("/etc/passwd")
    (root / "aliasdir").mkdir()
    (root / "aliasdir" / "index.html").symlink_to(root / "variants" / "a.html")
    (root / "htm").mkdir()
    (root / "htm" / "index.htm").symlink_to(tmp_path / "secret.txt")
    return root


@pytest.fixture
def server(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    """``serve``'s server in a thread: at most 8 connections, 3 from one address; a request's head within 1 s."""
    monkeypatch.setattr(preview, "MAX_CONNECTIONS", 8)
    monkeypatch.setattr(preview, "MAX_PER_ADDRESS", 3)
    monkeypatch.setattr(preview, "REQUEST_SECONDS", 1.0)
    monkeypatch.setattr(preview, "_say", lambda line: None)
    httpd = preview._Server(("127.0.0.1", 0), functools.partial(preview._Handler, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd, httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


def _get(port: int, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _idle(port: int, source: str) -> socket.socket:
    """A connection from ``source`` that sends nothing."""
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.bind((source, 0))
    conn.connect(("127.0.0.1", port))
    return conn


def _closed(conn: socket.socket, within: float) -> bool:
    """Whether the server closes ``conn`` within ``within`` seconds (reading what it may send first)."""
    conn.settimeout(within)
    try:
        while conn.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


def test_a_folders_index_is_checked_as_a_file_is(server: Server) -> None:
    _, port = server
    for path in ("/leakdir/", "/leakdir/index.html", "/passwd/", "/passwd/index.html", "/htm/"):
        status, body = _get(port, path)
        assert status == 404 and b"secret" not in body and b"root:" not in body, path
    assert _get(port, "/aliasdir/") == (200, b"a page"), "an index linked within the site is served"
    assert _get(port, "/") == (200, b"<!doctype html><title>home</title>")


def test_a_request_trickling_in_is_dropped_at_its_deadline(server: Server) -> None:
    _, port = server
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\n")
        began = time.monotonic()
        sent = 0
        try:
            for _ in range(40):  # a header byte every 0.1 s: four seconds, well past the deadline of one
                conn.sendall(b"X")
                sent += 1
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass
        assert _closed(conn, 5), "the server still held the connection"
        assert time.monotonic() - began < 5 and sent < 40  # dropped at the deadline, not when the client was done


def test_idle_crowds_cannot_starve_a_fresh_request(server: Server) -> None:
    """Thirty silent connections from 127.0.0.2, then thirty from 127.0.0.1 itself: each fresh GET is answered at
    once (long before the idle connections' deadline), and the server's threads stay bounded."""
    httpd, port = server
    threads = threading.active_count()
    crowd = [_idle(port, "127.0.0.2") for _ in range(30)]
    try:
        time.sleep(0.2)
        began = time.monotonic()
        assert _get(port, "/variants/a.html") == (200, b"a page")
        assert time.monotonic() - began < preview.REQUEST_SECONDS, "answered before any idle connection timed out"
        assert sum(c.host == "127.0.0.2" for c in httpd._open.values()) <= preview.MAX_PER_ADDRESS
        crowd += [_idle(port, "127.0.0.1") for _ in range(30)]
        time.sleep(0.2)
        began = time.monotonic()
        assert _get(port, "/variants/a.html") == (200, b"a page")
        assert time.monotonic() - began < preview.REQUEST_SECONDS
        assert len(httpd._open) <= preview.MAX_CONNECTIONS
        assert threading.active_count() - threads <= preview.MAX_CONNECTIONS + 1  # + the one being answered
    finally:
        for conn in crowd:
            conn.close()


def test_a_crowd_being_answered_keeps_its_places(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Connections answering (not waiting for a request) are never dropped: a new one over the bound is closed
    unanswered instead; an idle one gives its place, the oldest first."""
    monkeypatch.setattr(preview, "MAX_PER_ADDRESS", 2)
    httpd = preview._Server(("127.0.0.1", 0), functools.partial(preview._Handler, directory=str(site)))
    pairs = [socket.socketpair() for _ in range(3)]
    try:
        first, second, third = (preview._Connection(a, "127.0.0.2") for a, _ in pairs)
        first.waiting = second.waiting = False
        httpd._open = {first.request: first, second.request: second}
        assert not httpd._make_room("127.0.0.2") and len(httpd._open) == 2
        assert httpd._make_room("127.0.0.1"), "another address has its own places"
        second.waiting = True
        httpd._open[third.request] = third
        third.waiting = True
        assert httpd._make_room("127.0.0.2")
        assert list(httpd._open.values()) == [first, third]  # the oldest idle one, second, gave its place
        assert pairs[1][1].recv(1) == b"", "and its connection was ended"
    finally:
        for a, b in pairs:
            a.close()
            b.close()
        httpd.server_close()


#: the cases that wait out the request deadline: run at a tenth of it, 0.5 s (vizgen.util.deadlines); the others
#: never reach it (a crowd of idle connections must still be there when the fresh GET comes: the real deadline)
WAIT_OUT_THE_DEADLINE = ("serve-silent-client", "serve-header-byte-a-fifth-second")


@pytest.mark.slow(reason="starts a vizgen serve process for each case (3 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in SERVE_CASES])
def test_the_hostile_requests_of_the_campaign_hold(tmp_path: Path, case: ServeCase) -> None:
    """``vizgen serve`` itself, as ``benchmarks/hostile.py`` runs it (tests/hostile_cases.py)."""
    make_site(tmp_path)
    outcome = run_serve_case(case, tmp_path, scale=0.1 if case.id in WAIT_OUT_THE_DEADLINE else 1.0)
    assert outcome.failure is None, outcome.failure


@pytest.mark.catalogue(
    reason="waits the real 5 s (5 s); the whole suite drops silent clients at a tenth of the deadline")
@pytest.mark.slow(reason="waits out serve's real request deadline, 5 s (the campaign's cases run at a tenth of it)")
def test_a_silent_client_is_dropped_at_the_real_deadline(tmp_path: Path) -> None:
    make_site(tmp_path)
    began = time.monotonic()
    outcome = run_serve_case(next(c for c in SERVE_CASES if c.id == "serve-silent-client"), tmp_path)
    assert outcome.failure is None, outcome.failure
    assert time.monotonic() - began >= REQUEST_SECONDS, "it waited for the real deadline"



@pytest.mark.parametrize("value", ["10", "1.5", "0", "0.001", "-1", "nan", "inf", "1e400", "abc", "0x1", "9" * 5000])
def test_a_deadline_scale_that_is_not_a_factor_below_one_is_refused_first(
        tmp_path: Path, value: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """$VIZGEN_DEADLINE_SCALE only shortens the deadlines (the tests'): anything else is one line, exit 2, before the
    command does anything (here: before it serves)."""
    monkeypatch.setenv(deadlines.SCALE_ENV, value)
    assert cli.main(["serve", "--dir", str(make_site(tmp_path)), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("vizgen: error: $VIZGEN_DEADLINE_SCALE must be a number from 0.01 to 1") and \
        err.count("\n") == 1 and len(err) < 300, err


@pytest.mark.parametrize("value", ["1", "0.5", " 0.01 ", ""])
def test_a_deadline_scale_shortens_serves_deadlines(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(deadlines.SCALE_ENV, value)
    assert deadlines.seconds(REQUEST_SECONDS) == REQUEST_SECONDS * (float(value) if value.strip() else 1.0)
