"""``vizgen serve``: preview a built site on 127.0.0.1, one quiet line per failed request.

Only the site's own files are served: no dotfiles (``.vizgen-site``), no
folder listings, nothing a symbolic link reaches outside the site, a folder's
``index.html`` checked as any file is (each a 404, as GitHub Pages answers).

Slow or idle clients cannot starve a fresh request: a request's line and
headers must arrive within :data:`REQUEST_SECONDS` of the connection (or of
the previous answer on it), however slowly they trickle in; a connection
that stops reading for :data:`IDLE_SECONDS` is closed (the tests shorten
both through :mod:`vizgen.util.deadlines`); at most
:data:`MAX_CONNECTIONS` are served at once, at most :data:`MAX_PER_ADDRESS`
from one address, and a connection over either bound takes the place of the
oldest one still waiting for its request (of the same address, or of the
address that has the most), or is closed unanswered when every one is busy
answering. Ctrl-C, SIGTERM and SIGHUP stop it (the command line exits 130,
143 or 129).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import os
import socket
import sys
import threading
import time
import urllib.parse
from http import HTTPStatus
from pathlib import Path
from typing import Any

from vizgen.site.output.outdir import BuildError
from vizgen.util import deadlines
from vizgen.util.paths import NoHome, expand_user
from vizgen.util.text import quote, visible

__all__ = ["IDLE_SECONDS", "MAX_CONNECTIONS", "MAX_PER_ADDRESS", "REQUEST_SECONDS", "serve"]

#: seconds a request's line and headers may take to arrive, from the connection or the previous answer on it
REQUEST_SECONDS = 5.0
#: seconds a connection may stop reading an answer before it is closed
IDLE_SECONDS = 10
#: connections served at once (one thread each)
MAX_CONNECTIONS = 64
#: connections served at once from one address (a browser opens six or so)
MAX_PER_ADDRESS = 16


def _say(line: str) -> None:
    print(f"vizgen serve: {visible(line)}", file=sys.stderr, flush=True)


class _Reader(io.RawIOBase):
    """A connection's incoming bytes, each read bounded by what is left of a deadline (when one is set): a client
    sending a byte a second cannot hold a request open past it."""

    def __init__(self, connection: socket.socket, timeout: float) -> None:
        self._connection = connection
        self._timeout = timeout
        self.deadline: float | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request took too long to arrive")
            self._connection.settimeout(min(left, self._timeout))
        return self._connection.recv_into(buffer)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's own files; a path the file system cannot take (``/%00``) is a 400."""

    timeout = IDLE_SECONDS
    server: _Server

    def setup(self) -> None:
        super().setup()
        self._idle = deadlines.seconds(IDLE_SECONDS)
        self.connection.settimeout(self._idle)
        self.rfile.close()
        self._reader = _Reader(self.connection, self._idle)
        self.rfile = io.BufferedReader(self._reader)

    def handle_one_request(self) -> None:
        """Read the next request within :data:`REQUEST_SECONDS`, then answer it."""
        self._reader.deadline = time.monotonic() + deadlines.seconds(REQUEST_SECONDS)
        self.server.waiting(self.request, True)
        super().handle_one_request()

    def parse_request(self) -> bool:
        """The request's head has arrived: no deadline while it is answered, and it is no longer waiting."""
        parsed = super().parse_request()
        self._reader.deadline = None
        self.connection.settimeout(self._idle)
        self.server.waiting(self.request, False)
        return parsed

    def send_head(self) -> Any:
        try:
            path = self.translate_path(self.path)
            if not self._inside(path):
                self.send_error(HTTPStatus.NOT_FOUND, "File not found")
                return None
            if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
                index = next((found for name in ("index.html", "index.htm")
                              if os.path.isfile(found := os.path.join(path, name))), None)
                if index is not None and not self._inside(index):  # as a file is: a link out of the site is a 404
                    self.send_error(HTTPStatus.NOT_FOUND, "File not found")
                    return None
            return super().send_head()
        except ValueError:  # an encoded NUL byte: open() refuses the path
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad request path")
            return None

    def _inside(self, path: str) -> bool:
        """Whether ``path`` is in the site, names no dotfile or dot-folder, and links nowhere outside."""
        root = os.path.realpath(self.directory)
        relative = os.path.relpath(path, self.directory)
        if relative == os.curdir:
            return True
        if relative.startswith(os.pardir) or any(part.startswith(".") for part in relative.split(os.sep)):
            return False
        real = os.path.realpath(path)
        return real == root or real.startswith(root + os.sep)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """No folder listings: a folder without ``index.html`` is a 404."""
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """One line for a failed request (status 400 or more); nothing for the others."""
        if isinstance(code, HTTPStatus):
            code = code.value
        if str(code).isdigit() and int(code) >= 400:
            _say(f"{self.address_string()} {self.requestline[:200]!r} -> {code}")

    def log_error(self, format: str, *args: Any) -> None:
        """Failed requests are logged once, by :meth:`log_request`; idle connections closing say nothing."""


class _Connection:
    """One connection served: its client's address, when it came, whether it waits for a request's head."""

    def __init__(self, request: socket.socket, host: str) -> None:
        self.request = request
        self.host = host
        self.since = time.monotonic()
        self.waiting = True

    def drop(self) -> None:
        """End it from outside its thread: the thread's read returns, and the thread ends."""
        with contextlib.suppress(OSError):  # already closed
            self.request.shutdown(socket.SHUT_RDWR)


class _Server(http.server.ThreadingHTTPServer):
    """Logs a request that fails in one line, never a traceback; serves a bounded number of connections."""

    request_queue_size = 128  # connections the kernel holds until accepted (5 by default: a burst would wait)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lock = threading.Lock()
        self._open: dict[socket.socket, _Connection] = {}

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection in a thread of its own, in the place of an idle one if need be, or close it
        unanswered when every place is taken by a connection being answered."""
        with self._lock:
            admitted = self._make_room(client_address[0])
            if admitted:
                self._open[request] = _Connection(request, client_address[0])
        if not admitted:
            self.shutdown_request(request)
            return
        try:
            threading.Thread(target=self._serve_one, args=(request, client_address), daemon=True).start()
        except BaseException:  # no thread (or a Ctrl-C while it started): its place is free again, the error goes on
            self._forget(request)
            raise

    def _make_room(self, host: str) -> bool:
        """Whether a connection from ``host`` may be served, the oldest idle connection of the crowd it meets
        (its address's, or the address with the most) dropped if need be. Called with the lock held."""
        mine = [c for c in self._open.values() if c.host == host]
        if len(mine) >= MAX_PER_ADDRESS:
            crowd = mine
        elif len(self._open) >= MAX_CONNECTIONS:
            hosts = [c.host for c in self._open.values()]
            most = max(hosts, key=hosts.count)
            crowd = [c for c in self._open.values() if c.host == most]
        else:
            return True
        idle = [c for c in crowd if c.waiting]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.since)
        del self._open[oldest.request]
        oldest.drop()
        return True

    def waiting(self, request: socket.socket, waiting: bool) -> None:
        """Mark a connection as waiting for a request's head (it may give its place to a new one) or answering."""
        with self._lock:
            if request in self._open:
                self._open[request].waiting = waiting

    def _forget(self, request: socket.socket) -> None:
        with self._lock:
            self._open.pop(request, None)

    def _serve_one(self, request: Any, client_address: Any) -> None:
        try:
            self.process_request_thread(request, client_address)
        finally:
            self._forget(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, (TimeoutError, socket.timeout, ConnectionError)):
            return  # a client that went silent or away: not the site's failure
        _say(f"a request from {client_address[0]} failed: {error!r:.200}")


def serve(directory: str | Path = "site", port: int = 8000) -> None:
    """Preview a built site on http://127.0.0.1:PORT/ until interrupted.

    Parameters
    ----------
    directory : str or pathlib.Path
        The built site (a leading ``~`` is expanded as a shell would).
    port : int
        The port to listen on (localhost only), 0 to 65535; 0 picks a free one.

    Raises
    ------
    BuildError
        If there is no site there, the port is out of range or taken.
    KeyboardInterrupt
        On Ctrl-C (or SIGTERM, SIGHUP: :class:`vizgen.util.processes.Stopped`), after closing the socket.

    Examples
    --------
    >>> serve("no-such-folder")
    Traceback (most recent call last):
    ...
    vizgen.site.output.outdir.BuildError: no site in 'no-such-folder': run `python -m vizgen build` first
    """
    try:
        root = expand_user(directory)
    except NoHome as exc:
        raise BuildError(f"--dir {quote(str(directory))}: {exc}") from None
    if not 0 <= port <= 65535:
        raise BuildError(f"--port must be from 0 to 65535, got {port}")
    try:
        found = (root / "index.html").is_file()
    except OSError:
        found = False
    if not found:
        raise BuildError(f"no site in {quote(str(directory))}: run `python -m vizgen build` first")
    handler = functools.partial(_Handler, directory=str(root))
    try:
        server = _Server(("127.0.0.1", port), handler)
    except OSError as exc:
        raise BuildError(f"cannot listen on port {port}: {exc.strerror}") from None
    print(visible(f"serving {root} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)"), file=sys.stderr,
          flush=True)
    with server:
        server.serve_forever()
