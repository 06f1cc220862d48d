"""A Dask scheduler's address (``stats --cluster``), read and tried before Dask is imported.

Dask's own client, given an address that is not a Dask scheduler, waits: an
HTTP server or one that accepts and stays silent never sends the handshake it
waits for, and one that sends eight bytes of length first has Dask allocate
that many (2.5 GB for ``2.5e9``) before anything is checked. So the address is
read first (the scheme, a host of at most :data:`~vizgen.util.sizes.HOST_MAX`
characters, a port from 1 to 65535), then :func:`probe` opens a plain socket
and reads the scheduler's handshake under one deadline: resolving the name,
connecting and the handshake all end within the timeout (5 s by default), and
no more than :data:`~vizgen.util.sizes.HANDSHAKE_MAX` bytes are read.

A Dask server writes its handshake as soon as it accepts a connection: eight
bytes of length (little-endian), the frame count, each frame's length, then a
msgpack map that holds ``pickle-protocol``. The probe answers with one of its
own and asks ``identity``: a scheduler says ``"type": "Scheduler"`` (a
worker, whose address Dask's client would hang on for ten seconds, says
``Worker``). The probe then closes: the scheduler sees a client come and go.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import struct
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vizgen.util import sizes
from vizgen.util.text import format_count, quote

__all__ = ["Address", "AddressError", "parse_address", "probe"]

#: ``[IPv6]:port`` (a zone after ``%`` allowed) or ``host:port``, five digits of port at most
_HOST_PORT = re.compile(r"\[(?P<v6>[0-9A-Za-z:.%]+)\]:(?P<p6>[0-9]{1,5})"
                        r"|(?P<host>[A-Za-z0-9._-]+):(?P<port>[0-9]{1,5})")
#: the forms an address may take, named in every message about one
_FORMS = "host:port, [IPv6]:port or tcp://host:port"


class AddressError(Exception):
    """The address cannot be a scheduler's, or none answers there: one line for the user (exit code 2)."""


@dataclass(frozen=True)
class Address:
    """A scheduler's address: ``host`` (a name or an IP address, without brackets) and ``port``."""

    host: str
    port: int

    @property
    def url(self) -> str:
        """The address as Dask takes it.

        Examples
        --------
        >>> Address("::1", 8786).url, Address("127.0.0.1", 8786).url
        ('tcp://[::1]:8786', 'tcp://127.0.0.1:8786')
        """
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"tcp://{host}:{self.port}"


def parse_address(text: str) -> Address:
    """Read ``--cluster``: ``host:port``, ``[IPv6]:port`` or ``tcp://`` before either.

    Parameters
    ----------
    text : str
        The address as given.

    Returns
    -------
    Address
        Its host and port.

    Raises
    ------
    AddressError
        For another scheme than ``tcp`` (Dask's others need certificates or a network of their own), a port
        outside 1 .. 65535, a host over :data:`~vizgen.util.sizes.HOST_MAX` characters or anything else; the
        address quoted short.

    Examples
    --------
    >>> parse_address("127.0.0.1:8786"), parse_address("tcp://[::1]:8786").url
    (Address(host='127.0.0.1', port=8786), 'tcp://[::1]:8786')
    >>> parse_address("127.0.0.1:70000")
    Traceback (most recent call last):
    ...
    vizgen.engine.address.AddressError: --cluster '127.0.0.1:70000': the port must be from 1 to 65535
    """
    shown = f"--cluster {quote(text)}"
    scheme, sep, rest = text.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", text.strip()
    scheme = scheme.lower()
    if scheme != "tcp":
        named = f"{scheme}://" if re.fullmatch(r"[a-z][a-z0-9+.-]{0,15}", scheme) else "another scheme"
        raise AddressError(f"{shown}: vizgen reaches a Dask scheduler over tcp:// only, not {named} (Dask's tls://, "
                           f"ws:// and ucx:// need settings of their own, certificates or a UCX network); "
                           f"give {_FORMS}")
    match = _HOST_PORT.fullmatch(rest)
    if match is None:
        raise AddressError(f"{shown}: not an address; give {_FORMS}")
    host, port = (match["v6"], match["p6"]) if match["v6"] else (match["host"], match["port"])
    if len(host) > sizes.HOST_MAX:
        raise AddressError(f"{shown}: a host name has at most {sizes.HOST_MAX} characters, "
                           f"this one {format_count(len(host))}")
    if match["v6"]:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise AddressError(f"{shown}: {quote(host)} in brackets is not an IPv6 address") from None
    if not 1 <= int(port) <= 65535:
        raise AddressError(f"{shown}: the port must be from 1 to 65535")
    return Address(host, int(port))


#: what ``socket.getaddrinfo`` gives for each address: family, type, protocol, canonical name, socket address
_AddrInfo = tuple[socket.AddressFamily, socket.SocketKind, int, str,
                  tuple[str, int] | tuple[str, int, int, int] | tuple[int, bytes]]


def _resolve(address: Address, deadline: float) -> Sequence[_AddrInfo]:
    """``getaddrinfo`` of the address, given up at ``deadline`` (it takes no timeout: it runs in a thread)."""
    found: list[Sequence[_AddrInfo] | BaseException] = []

    def look() -> None:
        try:
            found.append(list(socket.getaddrinfo(address.host, address.port, type=socket.SOCK_STREAM)))
        except (OSError, UnicodeError) as exc:
            found.append(exc)

    worker = threading.Thread(target=look, name="vizgen-resolve", daemon=True)  # may outlive a slow resolver
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if not found:
        raise AddressError("the host name did not resolve in time")
    if isinstance(found[0], BaseException):
        reason = found[0].strerror if isinstance(found[0], OSError) and found[0].strerror else found[0]
        raise AddressError(f"the host name does not resolve ({reason})")
    return found[0]


def _read(sock: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes (at most :data:`~vizgen.util.sizes.HANDSHAKE_MAX`) by ``deadline``."""
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(min(size - len(data), 65536))
        if not chunk:
            raise ConnectionResetError
        data += chunk
    return bytes(data)


def _frame(message: dict[str, Any]) -> bytes:
    """``message`` as Dask writes one: the length, one frame's count and length, the msgpack bytes."""
    import msgpack  # type: ignore[import-untyped]  # msgpack ships no type information

    body: bytes = msgpack.dumps(message)
    frames = struct.pack("<QQ", 1, len(body)) + body
    return struct.pack("<Q", len(frames)) + frames


def _message(sock: socket.socket, deadline: float, what: str) -> Any:
    """A Dask message's first frame, read on ``sock`` by ``deadline``, at most HANDSHAKE_MAX bytes; decoded from
    msgpack (None where it is not). ``what`` names the message in the error for one that announces more."""
    import msgpack

    (size,) = struct.unpack("<Q", _read(sock, 8, deadline))
    if size > sizes.HANDSHAKE_MAX:
        raise AddressError(f"not a Dask scheduler: {what} announces {format_count(size)} bytes "
                           f"(a Dask scheduler's takes under {sizes.HANDSHAKE_MAX // 1024} KB)")
    data = _read(sock, size, deadline)
    if len(data) < 8:
        return None
    (count,) = struct.unpack_from("<Q", data)
    if not 1 <= count <= 16 or len(data) < 8 + 8 * count:
        return None
    first = struct.unpack_from("<Q", data, 8)[0]
    if 8 + 8 * count + first > len(data):
        return None
    try:
        return msgpack.loads(data[8 + 8 * count:8 + 8 * count + first], strict_map_key=False)
    except Exception:  # any bytes that are not msgpack (at most HANDSHAKE_MAX of them): not a Dask server
        return None


def _talk(sock: socket.socket, deadline: float, seconds: float) -> None:
    """Read a Dask server's handshake on ``sock``, answer it and ask who it is; AddressError for anything but a
    scheduler."""
    waiting = "Dask handshake"
    try:
        hello = _message(sock, deadline, "its first message")
        if not isinstance(hello, dict) or "pickle-protocol" not in hello:
            raise AddressError("not a Dask scheduler: its first message is not a Dask handshake")
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        sock.sendall(_frame({"compression": None, "python": tuple(sys.version_info)[:3], "pickle-protocol": 5}))
        sock.sendall(_frame({"op": "identity", "n_workers": 0, "reply": True}))
        waiting = "answer to 'identity' after its handshake"
        who = _message(sock, deadline, "its answer to 'identity'")
        kind = who.get("type") if isinstance(who, dict) else None
        if kind != "Scheduler":
            named = f"a Dask {quote(kind)} server" if isinstance(kind, str) else "a Dask server"
            raise AddressError(f"{named} that does not answer as a scheduler: give the scheduler's address")
    except TimeoutError:
        raise AddressError(f"no {waiting} within {seconds:g} s: not a Dask scheduler's address "
                           "(or raise --timeout)") from None
    except OSError as exc:
        raise AddressError(f"the connection closed before a {waiting} ({exc.strerror or 'reset'}): "
                           "not a Dask scheduler's address") from None


def probe(address: Address, timeout: float) -> None:
    """Check that a Dask server answers at ``address`` within ``timeout`` seconds, reading a bounded handshake.

    Parameters
    ----------
    address : Address
        From :func:`parse_address`.
    timeout : float
        Seconds for all of it: the name resolved, the connection made, the handshake read.

    Raises
    ------
    AddressError
        Why not, in a few words: the name does not resolve, the connection is refused or not made in time, no
        handshake came in time, or what came is not one.
    """
    deadline = time.monotonic() + timeout
    reason = "no address to connect to"
    for family, kind, proto, _, where in _resolve(address, deadline)[:8]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AddressError(f"no connection within {timeout:g} s")
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(left)
            try:
                sock.connect(where)
            except TimeoutError:
                reason = f"no connection within {timeout:g} s"
                continue
            except OSError as exc:
                reason = f"cannot connect ({exc.strerror or exc})"
                continue
            _talk(sock, deadline, timeout)
            return
        finally:
            sock.close()
    raise AddressError(reason)
