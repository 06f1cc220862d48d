"""The cache: one folder for everything vizgen computes once and reads back, entries that know their bytes.

Layouts, solved variants, the three reports and rendered pages all go through
:class:`Cache`. An entry is one file, ``<folder>/<kind>/<name>``, where the
name is a digest of the kind and the inputs (:func:`digest`); inside, a magic
line with the format's number, a line with the SHA-256 of everything after
it, a JSON header (the kind, the program version, the input digest, JSON data
and a table of parts) and then the parts: numpy arrays and byte strings. The
program version (:func:`code_version`) is a digest of the code that computes
the entry, so an entry written by other code is never taken for this code's;
the checksum, as ccache's and Bazel's, makes an entry changed on disk (one
byte of its data, its header or a part) a miss, never an answer.

Writes go through a temporary name unique per process and thread in the same
folder and :func:`os.replace`, so readers see a whole entry or none, and
concurrent builds sharing a cache all succeed. An entry is opened without
following a link or waiting on a FIFO, and read only when it is a regular file
of at most :data:`vizgen.util.sizes.CACHE_ENTRY_MAX` bytes. A read that fails
in any way (another checksum, truncated, empty, not a regular file, over the
bound, not UTF-8, bad JSON, another version or format, data the caller's check
rejects) deletes the entry, prints one warning line on stderr naming it (its
kind and key) and returns None: the caller computes it again and writes it
back. A kind's folder found to be something else (a file, a link that leads
to no folder) is replaced by a folder, with one line too. Worker processes
keep their warnings (:meth:`Cache.keeping`) and hand them to the build, which
prints them (:meth:`Cache.relay`). Temporary files left by a killed process
are removed by the next one that opens the cache.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import json
import os
import re
import secrets
import shutil
import stat
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

import vizgen
from vizgen.util import sizes
from vizgen.util.processes import pid_alive
from vizgen.util.text import format_count, one_line

__all__ = ["Cache", "Entry", "Notice", "code_version", "default_folder", "digest"]

#: the entries' format, on their first line: an entry of another (``vizgen-cache 1``: before checksums) is a miss
FORMAT = 2
MAGIC = b"vizgen-cache %d\n" % FORMAT
_FORMATS = re.compile(rb"vizgen-cache ([0-9]{1,6})\n")
#: the second line: the SHA-256 of the rest of the entry, in hex
_SUM_LINE = 64 + 1
#: how an entry is opened: never through a link, never waiting for a FIFO's writer
_OPEN = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
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


@dataclass(frozen=True)
class Notice:
    """A warning line of the cache: the ``kind`` of entry it is about, the ``line``, and whether it tells of an
    entry of another version or format (said for the first of a kind, the others quietly)."""

    kind: str
    line: str
    other_version: bool = False


class _Unreadable(Exception):
    """An entry that cannot be used; the message says why, ``seen`` what was found there (when it was looked at)."""

    def __init__(self, reason: str, seen: os.stat_result | None = None) -> None:
        super().__init__(reason)
        self.seen = seen


class _OtherVersion(_Unreadable):
    """An entry written by another version of the code, or in another format."""


def _what(mode: int) -> str:
    """What a file is, in words, from its mode.

    Examples
    --------
    >>> _what(stat.S_IFIFO), _what(stat.S_IFDIR | 0o755)
    ('a FIFO', 'a folder')
    """
    kinds = [(stat.S_ISREG, "a file"), (stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"),
             (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device")]
    return next((words for test, words in kinds if test(mode)), "not a file")


def _read(path: Path) -> tuple[bytearray, os.stat_result]:
    """The bytes of the entry at ``path`` and what it was (its ``fstat``): a regular file of at most
    :data:`~vizgen.util.sizes.CACHE_ENTRY_MAX` bytes, opened without following a link or waiting for a FIFO's
    writer.

    Raises
    ------
    FileNotFoundError, NotADirectoryError
        When there is no entry, or its kind's folder is not a folder.
    _Unreadable
        When something else is there, or a file over the bound, or one that does not begin as an entry.
    OSError
        When it cannot be read.
    """
    try:
        fd = os.open(path, _OPEN)
    except OSError as exc:
        if exc.errno not in (errno.ELOOP, errno.ENXIO):  # a link (never followed), a socket: taken for a miss
            raise
        seen = os.lstat(path)
        raise _Unreadable(f"{_what(seen.st_mode)}, not a file", seen) from None
    try:
        seen = os.fstat(fd)
        if not stat.S_ISREG(seen.st_mode):
            raise _Unreadable(f"{_what(seen.st_mode)}, not a file", seen)
        if seen.st_size > sizes.CACHE_ENTRY_MAX:
            raise _Unreadable(f"{format_count(seen.st_size)} bytes, "
                              f"over the bound of {format_count(sizes.CACHE_ENTRY_MAX)}", seen)
        if seen.st_size and not os.pread(fd, len(MAGIC), 0).startswith(MAGIC[:13]):  # read no further
            raise _Unreadable("not a vizgen cache entry", seen)
        raw = bytearray(seen.st_size)
        with memoryview(raw) as view:
            got = 0
            while got < len(raw) and (n := os.readv(fd, [view[got:]])):
                got += n
        del raw[got:]  # a file cut short while read: its checksum tells
        return raw, seen
    finally:
        os.close(fd)


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
        self._warn = warn if warn is not None else (lambda line: print(line, file=sys.stderr, flush=True))
        self._versions_told: set[str] = set()  # kinds whose entries of another version were reported
        self._kept: list[Notice] | None = None
        self._sweep()

    @classmethod
    def keeping(cls, folder: Path | None) -> Cache:
        """A cache for a worker process (whose stderr goes nowhere): its warnings are kept in :attr:`kept`, for
        the worker to hand back to the build, which says them (:meth:`relay`).

        Examples
        --------
        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> (folder / "demo").mkdir()
        >>> Cache(folder).path("demo", 1).write_bytes(b"junk")
        4
        >>> worker = Cache.keeping(folder)
        >>> worker.get("demo", 1, "1") is None, len(worker.kept)
        (True, 1)
        >>> told = []
        >>> Cache(folder, warn=told.append).relay(worker.kept)
        >>> told[0].startswith("vizgen: warning: discarded the cache entry")
        True
        """
        cache = cls(folder)
        cache._kept = []
        return cache

    @property
    def kept(self) -> list[Notice]:
        """The warnings a cache made by :meth:`keeping` kept, in order."""
        return list(self._kept or [])

    def relay(self, notices: Iterable[Notice]) -> None:
        """Say the warnings a worker's cache kept (:meth:`keeping`), as if this cache had met them."""
        for notice in notices:
            self._say(notice)

    def _say(self, notice: Notice) -> None:
        if notice.other_version:  # after an upgrade every entry is old: one line per kind says it
            if notice.kind in self._versions_told:
                return
            self._versions_told.add(notice.kind)
        if self._kept is not None:
            self._kept.append(notice)
        else:
            self._warn(notice.line)

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
        """Read an entry; None when it is absent or unusable (then it is deleted, with a warning).

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
            raw, seen = _read(path)
        except (FileNotFoundError, NotADirectoryError):
            return None  # no entry; or the kind's folder is not a folder, which put replaces (and says so)
        except _Unreadable as exc:
            self._discard(kind, path, exc.seen, str(exc))
            return None
        except OSError as exc:
            self._say(Notice(kind, f"vizgen: warning: cannot read the cache entry {path}: {exc.strerror or exc}; "
                                   "computing it again"))
            return None
        try:
            entry = _decode(raw, kind, key, version)
            reason = check(entry) if check is not None else None
        except _OtherVersion as exc:
            self._discard(kind, path, seen, f"{exc}; other {kind} entries of other versions too, quietly", True)
            return None
        except _Unreadable as exc:
            reason = str(exc)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            reason = f"unexpected content ({type(exc).__name__}: {exc})"
        if reason is None:
            return entry
        self._discard(kind, path, seen, reason)
        return None

    def _discard(self, kind: str, path: Path, seen: os.stat_result | None, reason: str,
                 other_version: bool = False) -> None:
        """Delete what was read at ``path`` (``seen``; a folder too), unless another process has replaced it since."""
        try:
            now = os.lstat(path)
            if seen is not None and (now.st_ino, now.st_dev, now.st_mtime_ns) == (seen.st_ino, seen.st_dev,
                                                                                 seen.st_mtime_ns):
                if stat.S_ISDIR(now.st_mode):
                    shutil.rmtree(path, ignore_errors=True)  # never through a link inside it
                else:
                    path.unlink()
        except OSError:
            pass
        self._say(Notice(kind, f"vizgen: warning: discarded the cache entry {path} ({one_line(reason)}); "
                               "computing it again", other_version))

    def _make_folder(self, kind: str, key: str) -> None:
        """Make the folder of ``kind``'s entries: whatever else has its name (a file, a FIFO, a link that leads to
        no folder) is removed, the name itself, never what a link leads to, and one line says so. A link that leads
        to a folder is kept: a kind's entries may live on another disk."""
        assert self.folder is not None
        folder = self.folder / kind
        if folder.is_dir():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            seen: os.stat_result | None = os.lstat(folder)
        except FileNotFoundError:
            seen = None
        if seen is not None and not stat.S_ISDIR(seen.st_mode):
            with contextlib.suppress(FileNotFoundError):  # another build may have healed it first
                os.unlink(folder)
        try:
            os.mkdir(folder)
        except FileExistsError:
            if not folder.is_dir():
                raise
        if seen is not None:
            self._say(Notice(kind, f"vizgen: warning: replaced {_what(seen.st_mode)} at {folder}, where the cache "
                                   f"keeps its {kind} entries, by a folder (for the entry {key})"))

    def put(self, kind: str, inputs: Any, version: str, entry: Entry) -> None:
        """Write an entry atomically (a temporary file unique to this process and thread, then a rename).

        A cache that cannot be written (a full disk, say) costs a warning line, not the build; so does an entry
        over :data:`~vizgen.util.sizes.CACHE_ENTRY_MAX` bytes, which is not kept.
        """
        if self.folder is None:
            return
        key = digest(kind, inputs)
        path = self._path(kind, key)
        parts = _parts(entry, kind, key, version)
        size = len(MAGIC) + _SUM_LINE + sum(len(part) for part in parts)
        if size > sizes.CACHE_ENTRY_MAX:
            self._say(Notice(kind, f"vizgen: warning: not kept in the cache: the {kind} entry {key} is "
                                   f"{format_count(size)} "
                                   f"bytes, over the bound of {format_count(sizes.CACHE_ENTRY_MAX)}"))
            return
        tmp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(8)}.tmp")
        try:
            self._make_folder(kind, key)
            with open(tmp, "wb") as f:
                f.write(MAGIC)
                f.write(_checksum(parts))
                for part in parts:
                    f.write(part)
            os.replace(tmp, path)
        except OSError as exc:
            self._say(Notice(kind, f"vizgen: warning: cannot write the cache entry {path}: {exc.strerror or exc}"))
        finally:
            with contextlib.suppress(OSError):
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


def _parts(entry: Entry, kind: str, key: str, version: str) -> list[bytes | memoryview]:
    """What follows an entry's checksum line: the JSON header line, then every part."""
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
    return [json.dumps(header, ensure_ascii=False).encode() + b"\n", *payload]


def _checksum(parts: Iterable[bytes | memoryview | bytearray]) -> bytes:
    """The checksum line: the SHA-256 of the parts, in hex.

    Examples
    --------
    >>> _checksum([b"a", b"bc"]) == hashlib.sha256(b"abc").hexdigest().encode() + b"\\n"
    True
    """
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
    return h.hexdigest().encode() + b"\n"


def _decode(raw: bytearray, kind: str, key: str, version: str) -> Entry:
    """Read the bytes of an entry back, checking everything that can be checked without the caller."""
    if not raw:
        raise _Unreadable("empty")
    first = _FORMATS.match(raw)
    if first is None:
        raise _Unreadable("not a vizgen cache entry")
    if first[0] != MAGIC:
        raise _OtherVersion(f"in the cache format {int(first[1])}, not {FORMAT}")
    start = len(MAGIC) + _SUM_LINE
    with memoryview(raw) as view:
        if len(raw) < start or _checksum([view[start:]]) != raw[len(MAGIC):start]:
            raise _Unreadable(f"its checksum does not match its {format_count(len(raw))} bytes: changed or cut short")
    end = raw.find(b"\n", start)
    if end < 0:
        raise _Unreadable("truncated header")
    try:
        header = json.loads(raw[start:end].decode("utf-8"))
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
    arrays, blobs = {}, {}
    for name, kind_of, dtype, shape, size in header["parts"]:
        if offset + size > len(raw):
            raise _Unreadable(f"truncated: {format_count(len(raw))} bytes")
        if kind_of == "array":
            count = int(np.prod(shape, dtype=np.int64))
            array = np.frombuffer(raw, dtype=np.dtype(dtype), count=count, offset=offset) if count else \
                np.empty(0, dtype=np.dtype(dtype))
            if array.nbytes != size:
                raise _Unreadable(f"part {name}: {format_count(array.nbytes)} bytes for {format_count(size)}")
            arrays[name] = array.reshape(shape)
        else:
            blobs[name] = bytes(raw[offset:offset + size])
        offset += size
    if offset != len(raw):
        raise _Unreadable(f"{format_count(len(raw) - offset)} bytes too many")
    return Entry(data=header["data"], arrays=arrays, blobs=blobs)
