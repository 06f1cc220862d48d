"""User input in messages, and counts for people: short and cheap however large the input.

User text shown anywhere goes through :func:`visible` first: control
characters (a terminal obeys them: clear the screen, set the window title),
the bidirectional overrides that reorder what is read, and characters XML
cannot hold are written as escapes (``\\x1b``), so the text reads the same
in a terminal, an HTML page and an SVG file.
"""

from __future__ import annotations

import math
import re

__all__ = ["QUOTE_LIMIT", "format_count", "quote", "visible"]

#: how much of a user's input an error message repeats
QUOTE_LIMIT = 80
#: characters shown as escapes: C0 and C1 controls and DEL, the line and paragraph separators, the bidirectional
#: embeddings, overrides and isolates, the two non-characters XML refuses, and lone surrogates (undecodable bytes)
_UNSEEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff\ud800-\udfff]")


def visible(text: str, keep: str = "") -> str:
    """Write the characters of ``text`` that a reader cannot see, or a terminal obeys, as escapes.

    Parameters
    ----------
    text : str
        User text (a title, a spec, an error message).
    keep : str
        Characters left as they are (``"\\t\\n"`` where a line break is harmless: an HTML page).

    Returns
    -------
    str
        ``text`` with each such character written as ``\\xNN`` or ``\\uNNNN``; anything else is unchanged.

    Examples
    --------
    >>> visible("Five \\x1b[2J & friends")
    'Five \\\\x1b[2J & friends'
    >>> visible("a\\u202eb\\nc", keep="\\n")
    'a\\\\u202eb\\nc'
    """
    def escape(m: re.Match[str]) -> str:
        ch = m.group()
        if ch in keep:
            return ch
        return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"

    return _UNSEEN.sub(escape, text)


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """Quote user input for an error message, cut to about ``limit`` characters.

    Parameters
    ----------
    text : object
        The input as given: a string, or a value read from a file (a list, a table), shown as its repr.
    limit : int
        Longest input quoted in full.

    Returns
    -------
    str
        ``repr(text)``, or the repr of its first ``limit - 20`` characters followed
        by ``...`` and the length (a value that is not a string: the first characters of its repr).

    Examples
    --------
    >>> quote("12-11")
    "'12-11'"
    >>> quote("1" * 1000)[-25:]
    "111'... (1000 characters)"
    >>> quote([7] * 1000)[-30:]
    ' 7, 7, 7,... (3000 characters)'
    """
    if not isinstance(text, str):
        shown = repr(text)
        return shown if len(shown) <= limit else f"{shown[:limit - 20]}... ({len(shown)} characters)"
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit - 20]!r}... ({len(text)} characters)"


def format_count(n: int) -> str:
    """Write a count for people, in constant time however large it is.

    Parameters
    ----------
    n : int
        A non-negative count.

    Returns
    -------
    str
        ``1,234,567`` up to a trillion, ``about 10^k`` beyond.

    Examples
    --------
    >>> format_count(759375)
    '759,375'
    >>> format_count(15 ** 2000)
    'about 10^2352'
    """
    if n < 10**12:
        return f"{n:,}"
    return f"about 10^{round(math.log10(n))}"  # math.log10 takes any int without writing it out
