"""``vizgen serve``: preview a built site on 127.0.0.1, one quiet line per failed request."""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
from http import HTTPStatus
from pathlib import Path
from typing import Any

from vizgen.site.outdir import BuildError
from vizgen.util.text import quote

__all__ = ["serve"]


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files; a path the file system cannot take (``/%00``) is a 400."""

    def send_head(self) -> Any:
        try:
            return super().send_head()
        except ValueError:  # an encoded NUL byte: open() refuses the path
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad request path")
            return None


class _Server(http.server.ThreadingHTTPServer):
    """Logs a request that fails in one line, never a traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        error = sys.exc_info()[1]
        print(f"vizgen serve: a request from {client_address[0]} failed: {error!r:.200}", file=sys.stderr)


def serve(directory: str | Path = "site", port: int = 8000) -> None:
    """Preview a built site on http://127.0.0.1:PORT/ until interrupted.

    Parameters
    ----------
    directory : str or pathlib.Path
        The built site.
    port : int
        The port to listen on (localhost only), 0 to 65535; 0 picks a free one.

    Raises
    ------
    BuildError
        If there is no site there, the port is out of range or taken.

    Examples
    --------
    >>> serve("no-such-folder")
    Traceback (most recent call last):
    ...
    vizgen.site.outdir.BuildError: no site in 'no-such-folder': run `python -m vizgen build` first
    """
    root = Path(directory)
    if not 0 <= port <= 65535:
        raise BuildError(f"--port must be from 0 to 65535, got {port}")
    try:
        found = (root / "index.html").is_file()
    except OSError:
        found = False
    if not found:
        raise BuildError(f"no site in {quote(str(root))}: run `python -m vizgen build` first")
    handler = functools.partial(_Handler, directory=str(root))
    try:
        server = _Server(("127.0.0.1", port), handler)
    except OSError as exc:
        raise BuildError(f"cannot listen on port {port}: {exc.strerror}") from None
    print(f"serving {root} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", file=sys.stderr)
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
