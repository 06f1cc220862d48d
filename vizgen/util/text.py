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

__all__ = ["QUOTE_LIMIT", "THOUSANDS", "format_count", "one_line", "quote", "visible"]

#: the separator between thousands of every whole number a person reads (a narrow no-break space: "12 259 534")
THOUSANDS = "\u202f"
#: a run of ASCII white space (one_line)
_RUNS = re.compile("[ \t\n\r\f\v]+")
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


def one_line(text: str) -> str:
    """Put a message on one line: each run of ASCII white space (new lines, tabs) becomes one space.

    The narrow no-break space between a count's thousands (:data:`THOUSANDS`) is kept, as ``str.split``
    would not.

    Examples
    --------
    >>> one_line("  12\u202f259 positions,\\n  too many ")
    '12\u202f259 positions, too many'
    """
    return _RUNS.sub(" ", text).strip(" ")


def format_count(n: int) -> str:
    """Write a count for people, the one way every page, message and download writes a whole number.

    A narrow no-break space between thousands (:data:`THOUSANDS`), in constant time however large the
    count: ``about 10^k`` from a trillion on. The browser's ``count`` (``core/util.js``) is its copy,
    checked against it in the fast lane.

    Parameters
    ----------
    n : int
        A count (a minus sign is kept).

    Returns
    -------
    str
        ``1\u202f234\u202f567`` up to a trillion, ``about 10^k`` beyond.

    Examples
    --------
    >>> format_count(759375), format_count(-3), format_count(999)
    ('759\u202f375', '-3', '999')
    >>> format_count(15 ** 2000)
    'about 10^2352'
    """
    if abs(n) < 10**12:
        return f"{int(n):,}".replace(",", THOUSANDS)
    return f"about 10^{round(math.log10(abs(n)))}"  # math.log10 takes any int without writing it out
