"""The theme: every colour that carries meaning, defined once.

The site's stylesheet reads these as CSS custom properties (:func:`css`), the
browser code as part of each page's configuration (:data:`PALETTE`), and the
Graphviz pictures and thumbnails straight from here; :func:`fingerprint` is
part of the layout/picture cache key, so a colour change redraws the pictures.
"""

from __future__ import annotations

import hashlib
import json

__all__ = ["PALETTE", "VALUE_CLASS", "css", "fingerprint", "value_colour"]

#: name -> hex colour. ``win``/``draw``/``loss`` fill positions by their value for the player to move;
#: ``*-edge`` outline them, ``*-soft`` and ``*-ink`` are the background and text of value badges;
#: ``paper``, ``ink`` and ``muted`` are the pages' background, text and quiet text, in the pictures too.
PALETTE: dict[str, str] = {
    "paper": "#f6f4ef",
    "ink": "#1d2330",
    "muted": "#5c6576",
    "win": "#1a9850",
    "win-edge": "#0b5a2e",
    "win-soft": "#e3f3e9",
    "win-ink": "#0b5a2e",
    "draw": "#e3b21c",
    "draw-edge": "#9c7405",
    "draw-soft": "#fbf1d2",
    "draw-ink": "#7a5a00",
    "loss": "#8e1b1b",
    "loss-edge": "#4a0a0a",
    "loss-soft": "#f6e3e1",
    "loss-ink": "#8e1b1b",
    "accent": "#1f5fd0",
    "parent": "#d9730d",
    "start": "#1f3b73",
    "edge": "#7a869a",
}

#: value for the player to move (+1 win, 0 draw or open, -1 loss) -> palette name
VALUE_CLASS: dict[int, str] = {1: "win", 0: "draw", -1: "loss"}


def value_colour(value: int) -> str:
    """Return the fill colour of a value for the player to move.

    Examples
    --------
    >>> value_colour(1)
    '#1a9850'
    """
    return PALETTE[VALUE_CLASS[int(value)]]


def css() -> str:
    """Return the palette as CSS custom properties on ``:root``.

    Examples
    --------
    >>> css().splitlines()[1]
    '  --paper: #f6f4ef;'
    """
    lines = [f"  --{name}: {colour};" for name, colour in PALETTE.items()]
    return ":root {\n" + "\n".join(lines) + "\n}\n"


def fingerprint() -> str:
    """Return a short digest of the palette, for cache keys.

    Examples
    --------
    >>> len(fingerprint())
    12
    """
    return hashlib.sha256(json.dumps(PALETTE, sort_keys=True).encode()).hexdigest()[:12]
