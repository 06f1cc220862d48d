"""The output folder of a build: checked up front, written aside, swapped in whole.

A build of ``site`` writes into ``.site-tmp-PID`` beside it and swaps it in at
the end through ``.site-old-PID``; a build killed on the way (SIGKILL: every
other signal lets the build remove its own) leaves those behind, so every build
first removes the ones whose process is gone (putting an old site back if the
kill fell between the two renames). ``.gitignore`` matches them with ``/.site-*/``.

A folder is proved a built site by its content, as git and rsync prove a folder
their own, never by a name: its :data:`MARKER` file is the build's record of the
files it wrote (each one's size and SHA-256, and a digest of the whole list,
:func:`marker`). A site is replaced only when every file in it is one the record
lists, unchanged; a leftover folder is removed only when every file in it is one
its record lists (a killed build may have written a file halfway). Anything else
is refused in one line naming up to three of the files that are not the build's
(:func:`check_out`); ``--force`` replaces a folder that carries a marker,
whatever it holds, and a folder without one is never replaced. Every
file-system failure becomes a :class:`BuildError` naming the path and the reason.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path

from vizgen.util import sizes
from vizgen.util.paths import NoHome, expand_user
from vizgen.util.processes import interrupts_held, pid_alive
from vizgen.util.text import quote

__all__ = ["MARKER", "BuildError", "check_cache", "check_out", "leftovers", "marker", "prepare", "strangers",
           "swap_in", "write_files"]

MARKER = ".vizgen-site"
#: the words at the head of the marker, for a person who opens it
ABOUT = ("This folder is written by `python -m vizgen build`, which lists here every file it wrote. The next build "
         "replaces the folder only if it holds these files alone, unchanged (--force replaces it whatever it holds).")
#: the marker's format: 2 lists the files; the markers of earlier versions said only :data:`OLD_MARKER_TEXT`
MARKER_VERSION = 2
#: the whole marker of a site built before the marker listed its files
OLD_MARKER_TEXT = b"This folder is written by `python -m vizgen build`; it is replaced on every build.\n"
#: how many files a refusal names
NAMED = 3


class BuildError(Exception):
    """A build that cannot go ahead (reported in one line, exit code 2)."""


def _reason(exc: OSError) -> str:
    where = f" ({quote(str(exc.filename))})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def _digest(files: Mapping[str, list[int | str]]) -> str:
    return hashlib.sha256(json.dumps(files, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def marker(files: Mapping[str, bytes]) -> bytes:
    """The marker of a site made of ``files``: the build's record of what it wrote.

    JSON: the words for a person, the format's version, every file's size and
    SHA-256, and the SHA-256 of that list (so a marker edited by hand, or any
    other file of the name, proves nothing). The same files give the same bytes.

    Parameters
    ----------
    files : mapping of str to bytes
        Every file the build writes (relative path to bytes), the marker itself not among them.

    Returns
    -------
    bytes
        The content of :data:`MARKER`.

    Examples
    --------
    >>> record = json.loads(marker({"index.html": b"hi"}))
    >>> record["files"]["index.html"][0], record["version"]
    (2, 2)
    """
    listed: dict[str, list[int | str]] = {rel: [len(data), hashlib.sha256(data).hexdigest()]
                                          for rel, data in sorted(files.items()) if rel != MARKER}
    record = {"about": ABOUT, "version": MARKER_VERSION, "files": listed, "digest": _digest(listed)}
    return (json.dumps(record, indent=1, sort_keys=True) + "\n").encode()


def _record(folder: Path) -> dict[str, tuple[int, str]] | None:
    """The files the marker of ``folder`` lists (path -> size and SHA-256), or None if it is not a build's record."""
    try:
        with (folder / MARKER).open("rb") as f:
            text = f.read(sizes.SITE_MARKER_MAX_BYTES + 1)
        record = json.loads(text) if len(text) <= sizes.SITE_MARKER_MAX_BYTES else None
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(record, dict) or record.get("version") != MARKER_VERSION:
        return None
    files = record.get("files")
    if not isinstance(files, dict) or record.get("digest") != _digest(files):
        return None
    listed = {}
    for rel, entry in files.items():
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int and isinstance(entry[1], str)):
            return None
        listed[rel] = (entry[0], entry[1])
    return listed


def _entries(folder: Path) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Every entry under ``folder`` but its marker, by relative path in sorted order; folders before what they hold,
    links never followed."""
    stack = [("", folder)]
    while stack:
        prefix, here = stack.pop()
        with os.scandir(here) as it:
            found = sorted(it, key=lambda e: e.name)
        for entry in reversed(found):
            rel = prefix + entry.name
            if rel != MARKER and entry.is_dir(follow_symlinks=False):
                stack.append((rel + "/", Path(entry.path)))
        for entry in found:
            rel = prefix + entry.name
            if rel != MARKER:
                yield rel, entry


def _same(entry: os.DirEntry[str], size: int, sha: str) -> bool:
    """Whether the file at ``entry`` is a regular file of this size and SHA-256 (read only if the size matches)."""
    if not entry.is_file(follow_symlinks=False) or entry.stat(follow_symlinks=False).st_size != size:
        return False
    h = hashlib.sha256()
    with open(entry.path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest() == sha


def strangers(folder: Path, *, unchanged: bool = True, limit: int = NAMED + 1) -> list[str] | None:
    """The files in ``folder`` its last build did not write, up to ``limit`` of them.

    Parameters
    ----------
    folder : pathlib.Path
        A folder that carries :data:`MARKER`.
    unchanged : bool
        Also count a file the build wrote that has changed since (a site); False counts only names the
        record does not list (a leftover folder, whose last file a killed build may have written halfway).
    limit : int
        Stop after this many (by default one more than a refusal names, so that it can say "and more").

    Returns
    -------
    list of str or None
        Relative paths (a folder with a trailing ``/``), sorted; None when the marker is not a build's
        record (missing, damaged, edited, or written before markers listed files). A file the build wrote
        and that is gone since is no stranger: nothing of the user's is in it.

    Raises
    ------
    OSError
        When the folder cannot be read.

    Examples
    --------
    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> write_files(site, {"index.html": b"hi", MARKER: marker({"index.html": b"hi"})})
    >>> strangers(site)
    []
    >>> _ = (site / "notes.txt").write_text("mine")
    >>> strangers(site)
    ['notes.txt']
    >>> _ = (site / MARKER).write_text("not really")
    >>> strangers(site) is None
    True
    """
    listed = _record(folder)
    if listed is None:
        return None
    holders = {rel[:i + 1] for rel in listed for i, c in enumerate(rel) if c == "/"}
    found: list[str] = []
    skip = ""
    for rel, entry in _entries(folder):
        if skip and rel.startswith(skip):
            continue
        if entry.is_dir(follow_symlinks=False):
            if rel + "/" not in holders:
                found.append(rel + "/")
                skip = rel + "/"  # named once, not file by file
        elif rel not in listed or (unchanged and not _same(entry, *listed[rel])):
            found.append(rel)
        if len(found) >= limit:
            break
    return found


def _named(paths: list[str]) -> str:
    more = " and more" if len(paths) > NAMED else ""
    return ", ".join(quote(p) for p in paths[:NAMED]) + more


def _contents(folder: Path) -> list[str]:
    """Up to :data:`NAMED` entries at the top of ``folder`` (its marker aside), sorted, to name in a refusal."""
    with os.scandir(folder) as it:
        names = sorted(e.name + "/" * e.is_dir(follow_symlinks=False) for e in it if e.name != MARKER)
    return names[:NAMED + 1]


def _refusal(path: Path) -> str | None:
    """Why the folder ``path`` (which carries a marker) is not replaced, or None if it is a built site, unchanged."""
    found = strangers(path)
    if found == []:
        return None
    fix = ("move them out, or rebuild with --force (which replaces the folder and keeps nothing), or choose another "
           "--out")
    where = quote(str(path))
    if found is not None:
        return f"refusing to replace {where}: it holds files the last build did not write: {_named(found)}; {fix}"
    try:
        with (path / MARKER).open("rb") as f:
            old = f.read(len(OLD_MARKER_TEXT) + 1) == OLD_MARKER_TEXT
    except OSError:
        old = False
    held = _contents(path)
    listing = f": it holds {_named(held)}" if held else ""
    if old:
        return (f"refusing to replace {where}: it was built by an older vizgen, which did not record the files it "
                f"wrote, so files of yours in it cannot be told from the build's{listing}; if it holds nothing of "
                "yours, rebuild with --force (which keeps nothing), or choose another --out")
    return (f"refusing to replace {where}: its {MARKER} file is not a build's record of the files it wrote"
            f"{listing}; {fix}")


def check_out(out: str | Path, force: bool = False) -> Path:
    """Return the absolute output folder, refusing one a build must not replace.

    A folder is replaced only if it is empty or a built site, unchanged (:func:`strangers`); with
    ``force``, any folder that carries :data:`MARKER`.

    Parameters
    ----------
    out : str or pathlib.Path
        The ``--out`` folder as given.
    force : bool
        Replace a folder that carries the marker whatever it holds (``build --force``).

    Returns
    -------
    pathlib.Path
        The folder, absolute (a leading ``~`` expanded as a shell would, symbolic links resolved).

    Raises
    ------
    BuildError
        For an empty name, a file, a folder not written by vizgen or holding files its last build did
        not write (unless ``force``), the current folder or one that holds it, or a path the file
        system refuses.

    Examples
    --------
    >>> import tempfile
    >>> check_out(Path(tempfile.mkdtemp()) / "site").name
    'site'
    >>> check_out(".")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vizgen.site.output.outdir.BuildError: refusing --out '.': it holds the current folder, ...
    """
    if not str(out).strip():
        raise BuildError("--out is empty: name the folder to build into (default ./site)")
    try:
        path = expand_user(out).resolve()
        if _holds_cwd(path):
            raise BuildError(f"refusing --out {quote(str(out))}: it holds the current folder, which the build would "
                             "replace whole; build into a folder inside it (--out site) or elsewhere")
        if path.exists() and not path.is_dir():
            raise BuildError(f"--out {quote(str(path))} is a file, not a folder")
        if path.is_dir() and any(path.iterdir()):
            if not _marked(path):
                raise BuildError(f"refusing to replace {quote(str(path))}: it is not empty and was not built by "
                                 f"vizgen (no {MARKER} file); choose another --out")
            refusal = None if force else _refusal(path)
            if refusal is not None:
                raise BuildError(refusal)
    except (OSError, RuntimeError, NoHome) as exc:  # RuntimeError: a symbolic link loop (Python < 3.13)
        reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
        raise BuildError(f"cannot use --out {quote(str(out))}: {reason}") from None
    if not path.name:
        raise BuildError(f"--out {quote(str(path))} is a file-system root; name a folder inside it")
    return path


def _holds_cwd(path: Path) -> bool:
    """Whether ``path`` is the current folder or one of its parents (a current folder that is gone holds nothing)."""
    try:
        here = Path.cwd().resolve()
    except OSError:
        return False
    return path == here or path in here.parents


def _marked(path: Path) -> bool:
    """Whether ``path`` is a real folder (not a link) that carries a file named as the site's marker."""
    try:
        return path.is_dir() and not path.is_symlink() and (path / MARKER).is_file()
    except OSError:
        return False


def _ours(path: Path) -> bool:
    """Whether ``path`` is a leftover folder a build made: marked, and holding only files its record lists."""
    try:
        return _marked(path) and strangers(path, unchanged=False, limit=1) == []
    except OSError:
        return False


def check_cache(cache: Path) -> None:
    """Make sure the cache folder exists and can be written.

    Parameters
    ----------
    cache : pathlib.Path
        ``$VIZGEN_CACHE`` or the default cache folder.

    Raises
    ------
    BuildError
        If it cannot be created or written, with the path and the reason.

    Examples
    --------
    >>> import tempfile
    >>> check_cache(Path(tempfile.mkdtemp()) / "cache")
    """
    try:
        cache.mkdir(parents=True, exist_ok=True)
        probe = cache / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise BuildError(f"cannot use the cache {quote(str(cache))} ($VIZGEN_CACHE): {_reason(exc)}") from None


def _alive(pid: int) -> bool:
    """Whether another process with this id is running (this process's own folders count as dead)."""
    return pid != os.getpid() and pid_alive(pid)


def leftovers(out: Path) -> list[Path]:
    """Return the temporary and old folders beside ``out`` left by builds that died.

    Parameters
    ----------
    out : pathlib.Path
        The output folder (absolute).

    Returns
    -------
    list of pathlib.Path
        ``.NAME-tmp-PID`` and ``.NAME-old-PID`` folders whose process is gone
        and that hold only files their :data:`MARKER` lists (a folder of the
        same name without a build's record, or with any file the record does
        not list, is the user's, and stays), sorted by name.

    Examples
    --------
    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> write_files(root / ".site-tmp-999999999", {MARKER: marker({"index.html": b"hi"})})
    >>> (root / ".site-old-999999998").mkdir()  # no marker: not ours
    >>> write_files(root / ".site-old-999999997", {MARKER: b"not really", "mine.txt": b"keep"})
    >>> [p.name for p in leftovers(root / "site")]
    ['.site-tmp-999999999']
    """
    pattern = re.compile(rf"\.{re.escape(out.name)}-(?:tmp|old)-([0-9]{{1,10}})")
    if not out.parent.is_dir():
        return []
    return sorted((p for p in out.parent.iterdir()
                   if (m := pattern.fullmatch(p.name)) and not _alive(int(m[1])) and _ours(p)), key=lambda p: p.name)


def prepare(out: Path) -> Path:
    """Clear leftovers of dead builds and create this build's temporary folder.

    Run before any work, so an output folder the build cannot write is refused
    at once. An old site left between the two renames of a killed build is put
    back first.

    Parameters
    ----------
    out : pathlib.Path
        The output folder, as returned by :func:`check_out`.

    Returns
    -------
    pathlib.Path
        The empty temporary folder ``.NAME-tmp-PID`` beside ``out``.

    Raises
    ------
    BuildError
        With the path and the reason when the file system refuses.

    Examples
    --------
    >>> import tempfile
    >>> prepare(Path(tempfile.mkdtemp()) / "site").name.startswith(".site-tmp-")
    True
    """
    tmp = out.with_name(f".{out.name}-tmp-{os.getpid()}")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        for path in leftovers(out):
            if path.name.startswith(f".{out.name}-old-") and not out.exists():
                path.rename(out)  # killed between the renames: the old site comes back
            else:
                shutil.rmtree(path)
        with interrupts_held():  # the marker goes in first: a folder without it is never removed
            tmp.mkdir()
            (tmp / MARKER).write_bytes(marker({}))
    except OSError as exc:
        raise BuildError(f"cannot write the site to {quote(str(out))}: {_reason(exc)}") from None
    return tmp


def write_files(tmp: Path, files: Mapping[str, bytes]) -> None:
    """Write ``files`` (relative path to bytes) into ``tmp``: the :data:`MARKER` first, the others in sorted order.

    A build killed on the way leaves a folder whose every file its marker lists (:func:`leftovers`).

    Raises
    ------
    BuildError
        When a write fails (a full disk, say), with the path and the reason.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_files(folder, {"a/b.txt": b"hi"})
    >>> (folder / "a" / "b.txt").read_bytes()
    b'hi'
    """
    try:
        for rel, data in sorted(files.items(), key=lambda item: (item[0] != MARKER, item[0])):
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as exc:
        raise BuildError(f"cannot write the site: {_reason(exc)}; the old site is untouched") from None


def swap_in(tmp: Path, out: Path, force: bool = False) -> None:
    """Put the finished ``tmp`` in place of ``out``; the old site goes last.

    ``out`` is proved a built site again first (:func:`check_out`): files added while the build ran are kept.

    Raises
    ------
    BuildError
        If ``out`` is not the build's to replace any more, or a rename or the removal of the old site fails.

    Examples
    --------
    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> tmp = prepare(root / "site")
    >>> swap_in(tmp, root / "site")
    >>> sorted(p.name for p in root.iterdir())
    ['site']
    """
    check_out(out, force)
    old = out.with_name(f".{out.name}-old-{os.getpid()}")
    try:
        with interrupts_held():  # never stop between the renames: the site would be missing
            emptied = False
            if _marked(out):  # proved just above
                out.rename(old)
            elif out.exists():
                out.rmdir()  # check_out took it as empty; if it no longer is, this fails and nothing moves
                emptied = True
            try:
                tmp.rename(out)
            except OSError:
                if old.exists():
                    old.rename(out)
                elif emptied:
                    out.mkdir()
                raise
    except OSError as exc:
        raise BuildError(f"cannot replace the site {quote(str(out))}: {_reason(exc)}") from None
    finally:  # a Ctrl-C held back above is raised after this; if it is cut short, the next build finishes it
        shutil.rmtree(old, ignore_errors=True)
