"""Units: how the site, the command line and the downloads write a count, a distance and a share.

The unit of distance is the **ply**, one player's move, always written out
("win in 3 plies", "you win in 2 more plies") and explained once on each page
where it is first used (:func:`ply_note`). A word template (vizgen/analysis/words.py)
writes a count of plies as ``{n} {ply|plies}``; :func:`fill` here and the
browser's ``VZ.util.fill`` pick the form that agrees with ``{n}``. Whole numbers
are written one way everywhere (:func:`count`), and a share that is not zero
never reads "0.0 %" (:func:`percent`). vizgen.analysis.words re-exports all of it.
"""

from __future__ import annotations

import re

from vizgen.util.text import THOUSANDS
from vizgen.util.text import format_count as count

__all__ = ["UNITS", "count", "fill", "percent", "plies", "ply_note"]


#: the units and how they read: ``ply``/``plies`` (the unit of every distance), ``ply-note`` (a ply explained, two
#: players; ``ply-note-more`` with three or more), ``percent`` (a share), ``below``/``above`` (a share that is not
#: zero or whole but rounds so), ``none`` (a share of nothing), ``thousands`` (the separator of every whole number
#: the site writes); ``decimals``: the digits a share is written with
UNITS: dict[str, str | int] = {
    "ply": "ply",
    "plies": "plies",
    "ply-note": "A ply is one player's move: 3 plies = you, them, you.",
    "ply-note-more": "A ply is one player's move: 3 plies = you, the next player, the one after.",
    "percent": "{p}\u202f%",
    "below": "under {p}\u202f%",
    "above": "over {p}\u202f%",
    "none": "\u2013",
    "decimals": 1,
    "thousands": THOUSANDS,
}

_SLOT = re.compile(r"\{(\w+)\}|\{([^{}|:]*)\|([^{}|]*)\}|\{k:([^{}|]*)\|([^{}|]*)\|([^{}|]*)\}")


def fill(template: str, **values: str | int) -> str:
    """Fill a word template: ``{name}`` from ``values``, ``{one|many}`` by whether ``n`` is 1.

    ``{k:next|after next|other}`` names a seat ``k`` counted from the reader (the player to move, or the
    player choosing): the first form for the next player (``k`` = 1), the second for the one after, the third
    for any other, its ``#`` read as ``k``. Slots without a value are left as they are (the browser's
    ``VZ.util.fill`` does the same).

    Examples
    --------
    >>> fill("win in {n} {ply|plies}", n=1), fill("win in {n} {ply|plies}", n=3)
    ('win in 1 ply', 'win in 3 plies')
    >>> fill("player +{k} wins {x}", k=2)
    'player +2 wins {x}'
    >>> [fill("{k:the next player|the player after next|the player # seats on} wins", k=k) for k in (1, 2, 3)]
    ['the next player wins', 'the player after next wins', 'the player 3 seats on wins']
    """
    def one(m: re.Match[str]) -> str:
        if m.group(4) is not None:
            if "k" not in values:
                return m.group(0)
            k = int(values["k"])
            return m.group(4) if k == 1 else m.group(5) if k == 2 else m.group(6).replace("#", str(k))
        if m.group(1) is not None:
            return str(values[m.group(1)]) if m.group(1) in values else m.group(0)
        if "n" not in values:
            return m.group(0)
        return m.group(2) if int(values["n"]) == 1 else m.group(3)
    return _SLOT.sub(one, template)


def plies(n: int) -> str:
    """Write a number of plies.

    Examples
    --------
    >>> plies(1), plies(3), plies(12000)
    ('1 ply', '3 plies', '12\u202f000 plies')
    """
    return f"{count(n)} {UNITS['ply'] if n == 1 else UNITS['plies']}"


def ply_note(players: int) -> str:
    """What a ply is, said once on a page where it first counts plies.

    Examples
    --------
    >>> ply_note(2)
    "A ply is one player's move: 3 plies = you, them, you."
    """
    return str(UNITS["ply-note"] if players == 2 else UNITS["ply-note-more"])


def percent(part: float | None, whole: float = 1.0, decimals: int | None = None) -> str:
    """Write a share (``part`` of ``whole``, by default a fraction) with :data:`UNITS`' decimals: the one function
    the site, the command line and the downloads write a percentage with (the browser's ``VZ.util.pct`` is its
    copy, checked against it). A share that is not zero (or not whole) never reads 0.0 % (or 100.0 %); a share of
    nothing (``whole`` 0, or no ``part``) reads as a dash. ``decimals``: other than the units' (a chart's axis).

    Examples
    --------
    >>> percent(134, 759285), percent(0, 10), percent(1, 3), percent(9999, 10000), percent(2, 2)
    ('under 0.1\u202f%', '0\u202f%', '33.3\u202f%', 'over 99.9\u202f%', '100\u202f%')
    >>> percent(0.1234), percent(3, 0), percent(None), percent(20, 100, decimals=0), percent(0.001, decimals=0)
    ('12.3\u202f%', '\u2013', '\u2013', '20\u202f%', 'under 1\u202f%')
    """
    if part is None or not whole:
        return str(UNITS["none"])
    written = str(UNITS["percent"])
    if part <= 0:
        return written.format(p=0)
    if part >= whole:
        return written.format(p=100)
    share = 100.0 * part / whole
    decimals = int(UNITS["decimals"]) if decimals is None else decimals
    step = 10.0 ** -decimals
    if share < step / 2:
        return str(UNITS["below"]).format(p=f"{step:.{decimals}f}")
    if share >= 100 - step / 2:
        return str(UNITS["above"]).format(p=f"{100 - step:.{decimals}f}")
    return written.format(p=f"{share:.{decimals}f}")
