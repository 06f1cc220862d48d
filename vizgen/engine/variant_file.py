"""Variant files: a user's rules in TOML (``resolve("my-rules.toml")``), read strictly.

A regular file of at most :data:`TOML_MAX_BYTES`, UTF-8, with the keys of
:data:`_TOML_KEYS` (rule parameters under ``[params]``); every failure is a
:class:`~vizgen.engine.variants.VariantError` naming the file.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path

from vizgen.engine.params import VariantError, override
from vizgen.engine.variants import GROUPS, Variant, lookup
from vizgen.util.text import format_count, quote

__all__ = ["TOML_MAX_BYTES", "load_variant_file"]

_TOML_KEYS = ("name", "title", "summary", "group", "base", "params")
#: the largest variant file read
TOML_MAX_BYTES = 1_000_000
#: the most parts of one key (``a.b.c`` has three) and the deepest nesting of arrays and inline tables a variant
#: file may hold, checked before tomllib reads it: a file needs two parts (``params.r``) and no nesting, and
#: tomllib's memory grows with the square of a key's parts (3 GB for 30,000)
TOML_MAX_KEY_PARTS = 16
TOML_MAX_NESTING = 32
#: where the shape check stops: a string's or a comment's start, a bracket, a key's dot, a statement's end
_STRUCTURE = re.compile(r"""[\[\]{}=.,"'#]|\n+""")
#: the rest of a string after its opening quote(s): basic, literal, multi-line basic, multi-line literal
_REST = {'"': re.compile(r'(?:[^"\\\n]|\\.)*"'), "'": re.compile(r"[^'\n]*'"),
         '"""': re.compile(r'(?:[^"\\]|\\[\s\S]|"(?!""))*"""(?:""|")?'),
         "'''": re.compile(r"[\s\S]*?'''(?:''|')?")}


def _shape(text: str) -> tuple[int, int]:
    """The most parts of a key and the deepest nesting of ``text``, read as TOML's structure without its values.

    Strings and comments are skipped; a key runs from a statement's start (or an inline table's ``{`` or ``,``)
    to its ``=``, or is a table header. The scan stops as soon as either bound is passed, and at a string that
    does not end (tomllib then says where). Linear in the text.

    Examples
    --------
    >>> _shape('title = "a.b.c"\\n[params]\\nr = 5\\n'), _shape("a.b.c = [[1.5], {x.y = 2}]\\n")
    ((1, 0), (3, 2))
    """
    most = deepest = pos = 0
    stack: list[str] = []
    key, parts = True, 1
    while most <= TOML_MAX_KEY_PARTS and deepest <= TOML_MAX_NESTING:
        found = _STRUCTURE.search(text, pos)
        if found is None:
            break
        c, pos = found.group()[0], found.end()
        if c == "#":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        elif c in "\"'":
            quotes = c * 3 if text.startswith(c * 2, pos) else c
            rest = _REST[quotes].match(text, pos + len(quotes) - 1)
            if rest is None:
                break
            pos = rest.end()
        elif c == "\n":
            if not stack:
                key, parts = True, 1
        elif key:
            if c == ".":
                parts += 1
            elif c == "=":
                key = False
            most = max(most, parts)
        elif c in "[{":
            stack.append(c)
            deepest = max(deepest, len(stack))
            key, parts = c == "{", 1
        elif c in "]}" and stack:
            stack.pop()
        elif c == "," and stack and stack[-1] == "{":
            key, parts = True, 1
    return most, deepest


def _read_file(path: Path) -> str:
    """Read a variant file: a regular file of at most TOML_MAX_BYTES, UTF-8."""
    if "\0" in str(path):  # no file name holds one (os.open raises ValueError)
        raise VariantError(f"cannot read variant file {quote(str(path))}: a file name holds no NUL character")
    try:
        # non-blocking: a named pipe must not hang the open; fstat then refuses it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise VariantError(f"variant file {quote(str(path))} is not a regular file")
            data = handle.read(TOML_MAX_BYTES + 1)
    except OSError as exc:
        raise VariantError(f"cannot read variant file {quote(str(path))}: {exc.strerror or exc}") from None
    if len(data) > TOML_MAX_BYTES:
        raise VariantError(f"variant file {quote(str(path))} is over {format_count(TOML_MAX_BYTES)} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VariantError(f"variant file {quote(str(path))} is not valid TOML: not UTF-8 ({exc.reason})") from None


def load_variant_file(path: Path) -> Variant:
    """Read a user's variant file (see the README: name, title, summary, group, base and [params]).

    Parameters
    ----------
    path : pathlib.Path
        The file: regular, at most :data:`TOML_MAX_BYTES`, UTF-8 TOML.

    Returns
    -------
    Variant
        Its variant, the parameters checked; ``spec`` is the path.

    Raises
    ------
    VariantError
        For a file that cannot be read or used, naming it and the reason (a word holding a NUL character
        included: no page, file name or C string can carry it).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "lucky-seven.toml"
    >>> _ = path.write_text('title = "Lucky seven"\\nbase = "cutoff"\\n[params]\\nr = 7\\n')
    >>> v = load_variant_file(path)
    >>> v.slug, v.title, v.params.r, v.params.overflow
    ('lucky-seven', 'Lucky seven', 7, 'cutoff')
    """
    shown = quote(str(path))
    text = _read_file(path)
    parts, nesting = _shape(text)
    if parts > TOML_MAX_KEY_PARTS:
        raise VariantError(f"variant file {shown}: a key has more than {TOML_MAX_KEY_PARTS} parts (a.b.c has three; "
                           "a variant file needs two at most)")
    if nesting > TOML_MAX_NESTING:
        raise VariantError(f"variant file {shown} is not valid TOML: nested too deeply (over {TOML_MAX_NESTING} "
                           "levels of arrays and inline tables)")
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise VariantError(f"variant file {shown} is not valid TOML: nested too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"variant file {shown} is not valid TOML: {exc}") from None
    except ValueError as exc:  # an integer over Python's limit on digits
        if isinstance(exc, VariantError):
            raise
        raise VariantError(f"variant file {shown}: a number has too many digits") from None
    unknown = sorted(set(data) - set(_TOML_KEYS))
    if unknown:
        raise VariantError(f"variant file {shown}: unknown key(s) {quote(', '.join(unknown))}; "
                           f"allowed: {', '.join(_TOML_KEYS)} (rule parameters go under [params])")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise VariantError(f"variant file {shown}: [params] must be a table")
    words = {key: data.get(key) for key in ("name", "title", "summary", "group", "base")}
    for key, value in words.items():
        if value is not None and not isinstance(value, str):
            raise VariantError(f"variant file {shown}: {key} must be a string")
        if value is not None and "\0" in value:  # no page, file name or C string can carry it
            raise VariantError(f"variant file {shown}: {key} holds a NUL character (\\u0000)")
    base = lookup(words["base"] or "standard")
    slug = words["name"] or path.stem
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,63}", slug):
        raise VariantError(f"variant file {shown}: name {quote(slug)} must be lower-case letters, digits "
                           "and '-', at most 64 characters")
    group = words["group"] or base.group
    if group not in GROUPS:
        raise VariantError(f"variant file {shown}: group must be one of: {'; '.join(GROUPS)}")
    try:
        checked, _ = override(base.params, params.items())
    except VariantError as exc:
        raise VariantError(f"variant file {shown}: {exc}") from None
    return Variant(
        slug=slug,
        title=words["title"] or slug,
        summary=words["summary"] or f"A custom variant based on {base.title}.",
        group=group,
        params=checked,
        spec=str(path),
    )
