"""User input in messages, and counts for people: short and cheap however large the input."""

from __future__ import annotations

import math

__all__ = ["QUOTE_LIMIT", "format_count", "quote"]

#: how much of a user's input an error message repeats
QUOTE_LIMIT = 80


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Quote user input for an error message, cut to about ``limit`` characters.

    Parameters
    ----------
    text : str
        The input as given.
    limit : int
        Longest input quoted in full.

    Returns
    -------
    str
        ``repr(text)``, or the repr of its first ``limit - 20`` characters followed
        by ``...`` and the length.

    Examples
    --------
    >>> quote("12-11")
    "'12-11'"
    >>> quote("1" * 1000)[-25:]
    "111'... (1000 characters)"
    """
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
