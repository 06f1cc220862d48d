"""The output folder of a build: checked up front, written aside, swapped in whole.

A build of ``site`` writes into ``.site-tmp-PID`` beside it and swaps it in at
the end through ``.site-old-PID``; a build killed on the way leaves those
behind, so every build first removes the ones whose process is gone (putting
an old site back if the kill fell between the two renames). ``.gitignore``
matches them with ``/.site-*/``. Every file-system failure becomes a
:class:`BuildError` naming the path and the reason.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

from vizgen.util.processes import interrupts_held
from vizgen.util.text import quote

__all__ = ["MARKER", "BuildError", "check_cache", "check_out", "leftovers", "prepare", "swap_in", "write_files"]

MARKER = ".vizgen-site"


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
        The folder, absolute (symbolic links resolved).

    Raises
    ------
    BuildError
        For an empty name, a file, a folder not written by vizgen, or a path
        the file system refuses.

    Examples
    --------
    >>> import tempfile
    >>> check_out(Path(tempfile.mkdtemp()) / "site").name
    'site'
    """
    if not str(out).strip():
        raise BuildError("--out is empty: name the folder to build into (default ./site)")
    try:
        path = Path(out).resolve()
        if path.exists() and not path.is_dir():
            raise BuildError(f"--out {quote(str(path))} is a file, not a folder")
        if path.is_dir() and any(path.iterdir()) and not (path / MARKER).exists():
            raise BuildError(f"refusing to replace {quote(str(path))}: it is not empty and was not built by "
                             f"vizgen (no {MARKER} file); choose another --out")
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symbolic link loop (Python < 3.13)
        reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
        raise BuildError(f"cannot use --out {quote(str(out))}: {reason}") from None
    if not path.name:
        raise BuildError(f"--out {quote(str(path))} is a file-system root; name a folder inside it")
    return path


def check_cache(cache: Path) -> None:
    """Make sure the layout cache folder exists and can be written.

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
        raise BuildError(f"cannot use the layout cache {quote(str(cache))} ($VIZGEN_CACHE): {_reason(exc)}") from None


def _alive(pid: int) -> bool:
    """Whether another process with this id is running (this process's own folders count as dead)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def leftovers(out: Path) -> list[Path]:
    """Return the temporary and old folders beside ``out`` left by builds that died.

    Parameters
    ----------
    out : pathlib.Path
        The output folder (absolute).

    Returns
    -------
    list of pathlib.Path
        ``.NAME-tmp-PID`` and ``.NAME-old-PID`` folders whose process is gone,
        sorted by name.

    Examples
    --------
    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / ".site-tmp-999999999").mkdir()
    >>> [p.name for p in leftovers(root / "site")]
    ['.site-tmp-999999999']
    """
    pattern = re.compile(rf"\.{re.escape(out.name)}-(?:tmp|old)-([0-9]{{1,10}})")
    if not out.parent.is_dir():
        return []
    return sorted((p for p in out.parent.iterdir() if (m := pattern.fullmatch(p.name)) and not _alive(int(m[1]))),
                  key=lambda p: p.name)


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
        tmp.mkdir()
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
            if out.exists():
                out.rename(old)
            try:
                tmp.rename(out)
            except OSError:
                if old.exists():
                    old.rename(out)
                raise
    except OSError as exc:
        raise BuildError(f"cannot replace the site {quote(str(out))}: {_reason(exc)}") from None
    finally:  # a Ctrl-C held back above is raised after this; if it is cut short, the next build finishes it
        shutil.rmtree(old, ignore_errors=True)
