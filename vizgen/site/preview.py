"""``vizgen serve``: preview a built site on 127.0.0.1, one quiet line per failed request.

Only the site's own files are served: no dotfiles (``.vizgen-site``), no
folder listings, nothing a symbolic link reaches outside the site (each a
404, as GitHub Pages answers). A connection silent for :data:`IDLE_SECONDS`
is closed and at most :data:`MAX_CONNECTIONS` are served at once (more are
closed unanswered), so idle connections cannot pile up threads. Ctrl-C,
SIGTERM and SIGHUP stop it (the command line exits 130, 143 or 129).
"""

from __future__ import annotations

import functools
import http.server
import os
import socket
import sys
import threading
from http import HTTPStatus
from pathlib import Path
from typing import Any

from vizgen.site.outdir import BuildError
from vizgen.util.paths import NoHome, expand_user
from vizgen.util.text import quote, visible

__all__ = ["IDLE_SECONDS", "MAX_CONNECTIONS", "serve"]

#: seconds a connection may stay silent before it is closed
IDLE_SECONDS = 10
#: connections served at once (one thread each)
MAX_CONNECTIONS = 64


def _say(line: str) -> None:
    print(f"vizgen serve: {visible(line)}", file=sys.stderr, flush=True)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's own files; a path the file system cannot take (``/%00``) is a 400."""

    timeout = IDLE_SECONDS

    def send_head(self) -> Any:
        try:
            path = self.translate_path(self.path)
            if not self._inside(path):
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


class _Slot:
    """One connection's place among the :data:`MAX_CONNECTIONS`: given back once, by whichever side is done first
    (the thread that served it, or the server when a Ctrl-C comes while the thread starts: giving it back twice
    raised an error that took the Ctrl-C's place, and the server went on serving)."""

    def __init__(self, slots: threading.BoundedSemaphore) -> None:
        self._slots = slots
        self._lock = threading.Lock()
        self._held = True

    def give_back(self) -> None:
        with self._lock:
            if self._held:
                self._held = False
                self._slots.release()


class _Server(http.server.ThreadingHTTPServer):
    """Logs a request that fails in one line, never a traceback; serves a bounded number of connections."""

    request_queue_size = 128  # connections the kernel holds until accepted (5 by default: a burst would wait)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection in a thread of its own, or close it unanswered when every slot is taken."""
        if not self._slots.acquire(blocking=False):  # full: close it unanswered rather than start a thread
            self.shutdown_request(request)
            return
        slot = _Slot(self._slots)
        try:
            threading.Thread(target=self._serve_one, args=(request, client_address, slot), daemon=True).start()
        except BaseException:  # no thread (or a Ctrl-C while it started): the slot is free again, the error goes on
            slot.give_back()
            raise

    def _serve_one(self, request: Any, client_address: Any, slot: _Slot) -> None:
        try:
            self.process_request_thread(request, client_address)
        finally:
            slot.give_back()

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
    vizgen.site.outdir.BuildError: no site in 'no-such-folder': run `python -m vizgen build` first
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
