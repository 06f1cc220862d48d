"""The cache: one folder for everything vizgen computes once and reads back, entries that heal.

Layouts, solved variants, the three reports and rendered pages all go through
:class:`Cache`. An entry is one file, ``<folder>/<kind>/<name>``, where the
name is a digest of the kind and the inputs (:func:`digest`); inside, a JSON
header (the kind, the program version, the input digest, JSON data and a
table of parts) and then the parts: numpy arrays and byte strings. The
program version (:func:`code_version`) is a digest of the code that computes
the entry, so an entry written by other code is never taken for this code's.

Writes go through a temporary name unique per process and thread in the same
folder and :func:`os.replace`, so readers see a whole entry or none, and
concurrent builds sharing a cache all succeed. A read that fails in any way
(missing parts, truncated, empty, not UTF-8, bad JSON, another version, data
the caller's check rejects) deletes the entry, prints one warning line on
stderr and returns None: the caller computes it again. Temporary files left by
a killed process are removed by the next one that opens the cache.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import secrets
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

import vizgen
from vizgen.util.processes import pid_alive

__all__ = ["Cache", "Entry", "code_version", "default_folder", "digest"]

MAGIC = b"vizgen-cache 1\n"
#: a temporary entry: ``.<name>.<pid>-<random>.tmp``
_TEMPORARY = re.compile(r"\.(?P<name>[0-9a-z_-]+)\.(?P<pid>[0-9]{1,10})-[0-9a-f]{16}\.tmp")
_KIND = re.compile(r"[a-z][a-z0-9_-]{0,30}")
#: what the package's source is made of (compiled files and caches are left out)
_SOURCE = (".py", ".pyx", ".pxi", ".pxd", ".toml", ".js", ".css", ".svg", ".html")


def default_folder() -> Path:
    """The cache folder: ``$VIZGEN_CACHE`` or ``~/.cache/vizgen``.

    Examples
    --------
    >>> isinstance(default_folder(), Path)
    True
    """
    return Path(os.environ.get("VIZGEN_CACHE") or Path.home() / ".cache" / "vizgen")


def _feed(h: Any, value: Any) -> None:
    """Feed a value to a hash, unambiguously: JSON-able values, byte strings and numpy arrays."""
    if isinstance(value, np.ndarray):
        h.update(f"array:{value.dtype.str}:{value.shape}:".encode())
        h.update(np.ascontiguousarray(value).tobytes())
    elif isinstance(value, (bytes, bytearray, memoryview)):
        h.update(f"bytes:{len(value)}:".encode())
        h.update(value)
    elif isinstance(value, Mapping):
        h.update(f"dict:{len(value)}:".encode())
        for key in sorted(value):
            _feed(h, str(key))
            _feed(h, value[key])
    elif isinstance(value, (list, tuple)):
        h.update(f"list:{len(value)}:".encode())
        for item in value:
            _feed(h, item)
    else:
        text = json.dumps(value)  # str, int, float, bool, None; anything else is an error
        h.update(f"json:{len(text)}:{text}".encode())


def digest(*values: Any) -> str:
    """A hex digest of JSON-able values, byte strings and numpy arrays (nested in lists and dicts).

    Examples
    --------
    >>> digest("layout", {"n": 3}) == digest("layout", {"n": 3}) != digest("layout", {"n": 4})
    True
    >>> len(digest(np.arange(3)))
    32
    """
    h = hashlib.sha256()
    _feed(h, list(values))
    return h.hexdigest()[:32]


def _source_files(part: str) -> list[tuple[str, Path]]:
    """The source files of a part of the package, each with its name: a room or file under ``vizgen/`` (``""``:
    all of it, and the page templates, :func:`vizgen.templates_folder`)."""
    root = Path(vizgen.__file__).parent
    path = root / part
    if path.is_file():
        return [(path.relative_to(root).as_posix(), path)]
    found = [(p.relative_to(root).as_posix(), p) for p in sorted(path.rglob("*"))
             if p.suffix in _SOURCE and "__pycache__" not in p.parts and "templates" not in p.relative_to(root).parts]
    if part == "":
        found += [(f"templates/{p.name}", p) for p in sorted(vizgen.templates_folder().glob("*.html"))]
    return found


@functools.cache
def code_version(*parts: str, packages: tuple[str, ...] = ("numpy",)) -> str:
    """The program version of the entries computed by the code in ``parts``.

    The package version, a digest of every source file of those parts (so an
    edit of the code that computes an entry makes its old entries miss) and the
    versions of the third-party ``packages`` it relies on.

    Parameters
    ----------
    *parts : str
        Rooms or files under ``vizgen/`` (``engine``, ``site/layout.py``; ``""``: the whole package, its
        templates, scripts and styles included).
    packages : tuple of str
        Distributions whose versions count (``numpy``, ``pygraphviz``, ...).

    Examples
    --------
    >>> code_version("util").startswith(vizgen.__version__ + "+")
    True
    """
    h = hashlib.sha256()
    for part in parts:
        for name, path in _source_files(part):
            _feed(h, [name, path.read_bytes()])
    for name in packages:
        try:
            _feed(h, [name, metadata.version(name)])
        except metadata.PackageNotFoundError:
            _feed(h, [name, None])
    return f"{vizgen.__version__}+{h.hexdigest()[:16]}"


@dataclass(frozen=True)
class Entry:
    """What a cache entry holds: JSON ``data``, numpy ``arrays`` and byte strings ``blobs``, by name."""

    data: Any = None
    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    blobs: dict[str, bytes] = field(default_factory=dict)


class _Unreadable(Exception):
    """An entry that cannot be used; the message says why."""


class _OtherVersion(_Unreadable):
    """An entry written by another version of the code."""


class Cache:
    """A cache folder (``None``: no cache; every ``get`` misses and ``put`` does nothing).

    Parameters
    ----------
    folder : pathlib.Path or None
        The folder (created on the first write).
    warn : callable, optional
        Where the one-line warnings go (default: stderr).

    Examples
    --------
    >>> import tempfile
    >>> cache = Cache(Path(tempfile.mkdtemp()))
    >>> cache.get("demo", {"x": 1}, "1") is None
    True
    >>> cache.put("demo", {"x": 1}, "1", Entry(data={"answer": 42}, arrays={"a": np.arange(3)}))
    >>> got = cache.get("demo", {"x": 1}, "1")
    >>> got.data, got.arrays["a"].tolist()
    ({'answer': 42}, [0, 1, 2])
    """

    def __init__(self, folder: Path | None, warn: Callable[[str], None] | None = None) -> None:
        self.folder = None if folder is None else Path(folder)
        self._warn = warn or (lambda line: print(line, file=sys.stderr, flush=True))
        self._versions_told: set[str] = set()  # kinds whose entries of another version were reported
        self._sweep()

    def _sweep(self) -> None:
        """Remove temporary files that processes no longer running left behind."""
        if self.folder is None:
            return
        try:
            kinds = [k for k in self.folder.iterdir() if _KIND.fullmatch(k.name) and k.is_dir()]
            for kind in kinds:
                for path in kind.iterdir():
                    match = _TEMPORARY.fullmatch(path.name)
                    if match and not pid_alive(int(match["pid"])):
                        path.unlink(missing_ok=True)
        except OSError:
            pass  # no folder yet, or one we cannot list: writing will say so

    def path(self, kind: str, inputs: Any) -> Path:
        """Where the entry of ``kind`` for ``inputs`` lives.

        Examples
        --------
        >>> Cache(Path("/c")).path("layout", {"n": 1}).parent
        PosixPath('/c/layout')
        """
        return self._path(kind, digest(kind, inputs))

    def _path(self, kind: str, key: str) -> Path:
        if self.folder is None:
            raise ValueError("no cache folder")
        if not _KIND.fullmatch(kind):
            raise ValueError(f"bad cache kind {kind!r}")
        return self.folder / kind / key

    def get(self, kind: str, inputs: Any, version: str,
            check: Callable[[Entry], str | None] | None = None) -> Entry | None:
        """Read an entry; None when it is absent or unreadable (then it is deleted, with a warning).

        Parameters
        ----------
        kind : str
            What the entry is (``layout``, ``solved``, ``maxn`` ...).
        inputs : object
            What it was computed from (JSON-able values, byte strings, arrays).
        version : str
            The program version (:func:`code_version`) the entry must have been written by.
        check : callable, optional
            Returns why an entry's content cannot be used (wrong keys or shapes), or None if it can;
            a KeyError, IndexError, TypeError or ValueError it raises counts as such a reason.

        Returns
        -------
        Entry or None
        """
        if self.folder is None:
            return None
        key = digest(kind, inputs)
        path = self._path(kind, key)
        try:
            with open(path, "rb") as f:
                stat = os.fstat(f.fileno())
                raw = bytearray(stat.st_size)
                got = f.readinto(raw)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._warn(f"vizgen: warning: cannot read the cache entry {path}: {exc.strerror or exc}; "
                       "computing it again")
            return None
        try:
            entry = _decode(raw[:got], kind, key, version)
            reason = check(entry) if check is not None else None
        except _OtherVersion as exc:  # after an upgrade every entry is old: one line per kind says it
            quiet = kind in self._versions_told
            self._versions_told.add(kind)
            self._discard(path, stat, f"{exc}; other {kind} entries of other versions too, quietly", quiet)
            return None
        except _Unreadable as exc:
            reason = str(exc)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            reason = f"unexpected content ({type(exc).__name__}: {exc})"
        if reason is None:
            return entry
        self._discard(path, stat, reason)
        return None

    def _discard(self, path: Path, stat: os.stat_result, reason: str, quiet: bool = False) -> None:
        try:
            now = os.stat(path)
            if (now.st_ino, now.st_dev, now.st_mtime_ns) == (stat.st_ino, stat.st_dev, stat.st_mtime_ns):
                path.unlink()  # only the entry read: another process may have replaced it since
        except OSError:
            pass
        if not quiet:
            self._warn(f"vizgen: warning: discarded the cache entry {path} ({' '.join(reason.split())}); "
                       "computing it again")

    def put(self, kind: str, inputs: Any, version: str, entry: Entry) -> None:
        """Write an entry atomically (a temporary file unique to this process and thread, then a rename).

        A cache that cannot be written (a full disk, say) costs a warning line, not the build.
        """
        if self.folder is None:
            return
        key = digest(kind, inputs)
        path = self._path(kind, key)
        tmp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(8)}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as f:
                for chunk in _encode(entry, kind, key, version):
                    f.write(chunk)
            os.replace(tmp, path)
        except OSError as exc:
            self._warn(f"vizgen: warning: cannot write the cache entry {path}: {exc.strerror or exc}")
        finally:
            tmp.unlink(missing_ok=True)

    def fetch(self, kind: str, inputs: Any, version: str, compute: Callable[[], Entry],
              check: Callable[[Entry], str | None] | None = None) -> Entry:
        """The entry from the cache, or computed by ``compute()`` and stored.

        Its data is the same either way: JSON as the cache reads it back (tuples become lists, say).

        Examples
        --------
        >>> Cache(None).fetch("demo", 1, "1", lambda: Entry(data=[1])).data
        [1]
        """
        entry = self.get(kind, inputs, version, check)
        if entry is None:
            computed = compute()
            entry = Entry(data=json.loads(json.dumps(computed.data)), arrays=computed.arrays, blobs=computed.blobs)
            self.put(kind, inputs, version, entry)
        return entry


def _encode(entry: Entry, kind: str, key: str, version: str) -> Iterable[bytes | memoryview]:
    """The bytes of an entry: magic line, JSON header line, then every part."""
    parts: list[list[Any]] = []
    payload: list[bytes | memoryview] = []
    for name, array in entry.arrays.items():
        array = np.ascontiguousarray(array)
        if array.dtype.hasobject:
            raise TypeError(f"cache entries hold plain arrays, not {array.dtype} ({name})")
        parts.append([name, "array", array.dtype.str, list(array.shape), array.nbytes])
        # numpy's stubs make an array a buffer only from Python 3.12 on (PEP 688)
        payload.append(memoryview(array).cast("B") if array.size else b"")  # type: ignore[arg-type]
    for name, blob in entry.blobs.items():
        parts.append([name, "bytes", None, None, len(blob)])
        payload.append(blob)
    header = {"kind": kind, "key": key, "version": version, "data": entry.data, "parts": parts}
    yield MAGIC
    yield json.dumps(header, ensure_ascii=False).encode() + b"\n"
    yield from payload


def _decode(raw: bytearray, kind: str, key: str, version: str) -> Entry:
    """Read the bytes of an entry back, checking everything that can be checked without the caller."""
    if not raw:
        raise _Unreadable("empty")
    if not raw.startswith(MAGIC):
        raise _Unreadable("not a vizgen cache entry")
    end = raw.find(b"\n", len(MAGIC))
    if end < 0:
        raise _Unreadable("truncated header")
    try:
        header = json.loads(raw[len(MAGIC):end].decode("utf-8"))
    except UnicodeDecodeError:
        raise _Unreadable("header not UTF-8") from None
    except json.JSONDecodeError as exc:
        raise _Unreadable(f"header not JSON: {exc.msg}") from None
    if not isinstance(header, dict) or not isinstance(header.get("parts"), list):
        raise _Unreadable("header without its fields")
    if header.get("kind") != kind or header.get("key") != key:
        raise _Unreadable("written for other inputs")
    if header.get("version") != version:
        raise _OtherVersion(f"written by version {str(header.get('version'))[:40]}, not {version}")
    offset = end + 1
    view = memoryview(raw)
    arrays, blobs = {}, {}
    for name, kind_of, dtype, shape, size in header["parts"]:
        if offset + size > len(raw):
            raise _Unreadable(f"truncated: {len(raw):,} bytes")
        if kind_of == "array":
            count = int(np.prod(shape, dtype=np.int64))
            array = np.frombuffer(raw, dtype=np.dtype(dtype), count=count, offset=offset) if count else \
                np.empty(0, dtype=np.dtype(dtype))
            if array.nbytes != size:
                raise _Unreadable(f"part {name}: {array.nbytes:,} bytes for {size:,}")
            arrays[name] = array.reshape(shape)
        else:
            blobs[name] = bytes(view[offset:offset + size])
        offset += size
    if offset != len(raw):
        raise _Unreadable(f"{len(raw) - offset:,} bytes too many")
    return Entry(data=header["data"], arrays=arrays, blobs=blobs)
