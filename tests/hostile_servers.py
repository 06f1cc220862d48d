"""Servers that are not Dask schedulers, for ``stats --cluster`` cases: each on loopback only, started and stopped
by the case that uses it.

``http`` is Python's own HTTP server (it waits for a request, as every HTTP server does); ``silent`` accepts and
says nothing; ``liar`` sends a Dask-style length of 2.5e9 bytes and then nothing; ``garbage`` sends a short length
and bytes that are not a handshake; ``closer`` accepts and hangs up at once; ``mimic`` sends a true Dask handshake,
then answers nothing; ``mimic-liar`` sends the handshake and then a length of 2.5e9 bytes. Every one listens on
127.0.0.1 (or ``::1`` with ``6`` after its name) on a port the system picks, and never on any other address.
"""

from __future__ import annotations

import contextlib
import http.server
import select
import socket
import struct
import threading
from collections.abc import Iterator

__all__ = ["KINDS", "serving"]

#: the kinds of :func:`serving`
KINDS = ("http", "silent", "liar", "garbage", "closer", "mimic", "mimic-liar")
#: the length the liar announces: Dask's client allocated 2.4 GB for it, then failed with an IndexError
LIAR_LENGTH = 2_500_000_000


class _Quiet(http.server.BaseHTTPRequestHandler):
    """An HTTP server's handler that answers every GET with a small page and logs nothing."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, format: str, *args: object) -> None:
        pass


class _HTTP6(http.server.ThreadingHTTPServer):
    address_family = socket.AF_INET6


def _handshake() -> bytes:
    """A Dask server's handshake as it writes one: the length, the frame count and length, a msgpack map."""
    import msgpack

    body = msgpack.dumps({"compression": None, "python": [3, 11, 7], "pickle-protocol": 5})
    frames = struct.pack("<QQ", 1, len(body)) + body
    return struct.pack("<Q", len(frames)) + frames


def _first_words(kind: str) -> bytes | None:
    """What a raw server of ``kind`` sends on accepting (None: it hangs up)."""
    if kind == "liar":
        return struct.pack("<Q", LIAR_LENGTH)
    if kind.startswith("mimic"):
        return _handshake() + (struct.pack("<Q", LIAR_LENGTH) if kind == "mimic-liar" else b"")
    if kind == "garbage":
        return struct.pack("<Q", 24) + b"HTTP/1.0 400 Bad Request"
    return None if kind == "closer" else b""


def _raw(listener: socket.socket, kind: str, stop: threading.Event) -> None:
    """Accept on ``listener`` until ``stop``: say ``kind``'s first words, then hold the connection open, silent."""
    held: list[socket.socket] = []
    try:
        while not stop.is_set():
            if not select.select([listener], [], [], 0.05)[0]:
                continue
            conn, _ = listener.accept()
            words = _first_words(kind)
            if words is None:
                conn.close()
                continue
            with contextlib.suppress(OSError):
                conn.sendall(words)
            held.append(conn)
    finally:
        for conn in held:
            conn.close()
        listener.close()


@contextlib.contextmanager
def serving(kind: str) -> Iterator[int]:
    """Run a server of ``kind`` (one of :data:`KINDS`, ``6`` after it for IPv6) on loopback; yield its port.

    Examples
    --------
    >>> with serving("liar") as port, socket.create_connection(("127.0.0.1", port), timeout=5) as s:
    ...     struct.unpack("<Q", s.recv(8))[0]
    2500000000
    """
    six = kind.endswith("6")
    kind = kind.removesuffix("6")
    if kind not in KINDS:
        raise ValueError(f"no server kind {kind!r}")
    host = "::1" if six else "127.0.0.1"
    if kind == "http":
        server = (_HTTP6 if six else http.server.ThreadingHTTPServer)((host, 0), _Quiet)
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        try:
            yield server.server_address[1]
        finally:
            server.shutdown()
            server.server_close()
            thread.join(10)
        return
    listener = socket.socket(socket.AF_INET6 if six else socket.AF_INET, socket.SOCK_STREAM)
    listener.bind((host, 0))
    listener.listen(16)
    stop = threading.Event()
    thread = threading.Thread(target=_raw, args=(listener, kind, stop), daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join(10)
