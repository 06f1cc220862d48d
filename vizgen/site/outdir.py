"""The output folder of a build: checked up front, written aside, swapped in whole.

A build of ``site`` writes into ``.site-tmp-PID`` beside it and swaps it in at
the end through ``.site-old-PID``; a build killed on the way (SIGKILL: every
other signal lets the build remove its own) leaves those behind, so every build
first removes the ones whose process is gone (putting an old site back if the
kill fell between the two renames). Only folders that carry the site's
:data:`MARKER` file are touched: the temporary folder gets it before anything
else, and a site is only ever set aside with it, so a user's folder that
merely has such a name is never removed or moved. ``.gitignore`` matches them
with ``/.site-*/``. Every file-system failure becomes a :class:`BuildError`
naming the path and the reason.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

from vizgen.util.paths import NoHome, expand_user
from vizgen.util.processes import interrupts_held, pid_alive
from vizgen.util.text import quote

__all__ = ["MARKER", "MARKER_TEXT", "BuildError", "check_cache", "check_out", "leftovers", "prepare", "swap_in",
           "write_files"]

MARKER = ".vizgen-site"
#: what the marker file says
MARKER_TEXT = b"This folder is written by `python -m vizgen build`; it is replaced on every build.\n"


class BuildError(Exception):
    """A build that cannot go ahead (reported in one line, exit code 2)."""


def _reason(exc: OSError) -> str:
    where = f" ({quote(str(exc.filename))})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def check_out(out: str | Path) -> Path:
    """Return the absolute output folder, refusing one a build must not replace.

    Parameters
    ----------
    out : str or pathlib.Path
        The ``--out`` folder as given.

    Returns
    -------
    pathlib.Path
        The folder, absolute (a leading ``~`` expanded as a shell would, symbolic links resolved).

    Raises
    ------
    BuildError
        For an empty name, a file, a folder not written by vizgen, the current
        folder or one that holds it, or a path the file system refuses.

    Examples
    --------
    >>> import tempfile
    >>> check_out(Path(tempfile.mkdtemp()) / "site").name
    'site'
    >>> check_out(".")
    Traceback (most recent call last):
    ...
    vizgen.site.outdir.BuildError: refusing --out '.': it holds the current folder, which the build would replace ...
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
        if path.is_dir() and any(path.iterdir()) and not (path / MARKER).exists():
            raise BuildError(f"refusing to replace {quote(str(path))}: it is not empty and was not built by "
                             f"vizgen (no {MARKER} file); choose another --out")
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


def _ours(path: Path) -> bool:
    """Whether ``path`` is a real folder (not a link) that carries the site's marker file: one vizgen made."""
    try:
        return path.is_dir() and not path.is_symlink() and (path / MARKER).is_file()
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
        and that carry the site's :data:`MARKER` (a folder of the same name
        without it is the user's, and stays), sorted by name.

    Examples
    --------
    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / ".site-tmp-999999999").mkdir()
    >>> _ = (root / ".site-tmp-999999999" / MARKER).write_bytes(MARKER_TEXT)
    >>> (root / ".site-old-999999998").mkdir()  # no marker: not ours
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
            (tmp / MARKER).write_bytes(MARKER_TEXT)
    except OSError as exc:
        raise BuildError(f"cannot write the site to {quote(str(out))}: {_reason(exc)}") from None
    return tmp


def write_files(tmp: Path, files: Mapping[str, bytes]) -> None:
    """Write ``files`` (relative path to bytes) into ``tmp``, in sorted order.

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
        for rel, data in sorted(files.items()):
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as exc:
        raise BuildError(f"cannot write the site: {_reason(exc)}; the old site is untouched") from None


def swap_in(tmp: Path, out: Path) -> None:
    """Put the finished ``tmp`` in place of ``out``; the old site goes last.

    Raises
    ------
    BuildError
        If a rename or the removal of the old site fails.

    Examples
    --------
    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> tmp = prepare(root / "site")
    >>> swap_in(tmp, root / "site")
    >>> sorted(p.name for p in root.iterdir())
    ['site']
    """
    old = out.with_name(f".{out.name}-old-{os.getpid()}")
    try:
        with interrupts_held():  # never stop between the renames: the site would be missing
            emptied = False
            if _ours(out):
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
