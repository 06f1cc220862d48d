"""Paths the user gives, ``~`` and ``~user`` expanded, a user with no home folder refused in words; and a file
replaced whole (:func:`write_whole`).

``Path.expanduser`` raises ``RuntimeError("Could not determine home directory")``
for ``~nosuchuser``: every command that takes a path expands it here instead.
"""

from __future__ import annotations

import os
from pathlib import Path

from vizgen.util.text import quote

__all__ = ["NoHome", "expand_user", "write_whole"]


class NoHome(ValueError):
    """A path starts with ``~`` or ``~user`` and there is no such home folder; the message says which."""


def expand_user(path: str | Path) -> Path:
    """``path`` with a leading ``~`` or ``~user`` expanded (:meth:`pathlib.Path.expanduser`).

    Raises
    ------
    NoHome
        Where the user does not exist (or ``~`` has no home folder), naming the ``~`` part quoted short.

    Examples
    --------
    >>> expand_user("site"), expand_user("/tmp/x.toml")
    (PosixPath('site'), PosixPath('/tmp/x.toml'))
    >>> expand_user("~no-such-user-here/x.toml")
    Traceback (most recent call last):
    ...
    vizgen.util.paths.NoHome: no home folder for '~no-such-user-here' (no such user on this machine)
    """
    try:
        return Path(path).expanduser()
    except RuntimeError:
        head = str(path).split("/", 1)[0]
        raise NoHome(f"no home folder for {quote(head)} (no such user on this machine)") from None


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file beside it, then a rename, so a reader sees the old file
    or the new one, never a part; the temporary file is gone whatever happens (the reports' records).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_whole(folder / "r.json", b"{}")
    >>> sorted(p.name for p in folder.iterdir()), (folder / "r.json").read_bytes()
    (['r.json'], b'{}')
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
