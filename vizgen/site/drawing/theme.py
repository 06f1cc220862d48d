"""The theme: every colour the site draws with, defined once, in a light and a dark palette.

The site's stylesheet reads these as CSS custom properties (:func:`css`: the light palette, the dark one when
the visitor's system prefers it or the header's toggle chose it), the browser code as part of each page's
configuration (:data:`PALETTES`), and the pictures straight from here: a picture drawn in the light palette
carries the rules that redraw it in the dark one (:func:`follow`), and a PNG is drawn once per palette.
:func:`fingerprint` is part of the layout/picture cache key, so a colour change redraws the pictures.
Which colour a value, a choice or a mark takes is :mod:`vizgen.analysis.meaning`'s palette key.
"""

from __future__ import annotations

import hashlib
import json
import re

from vizgen.analysis.meaning import CLASSES

__all__ = ["DARK", "LIGHT", "PALETTE", "PALETTES", "PICTURE", "THEMES", "VALUE_CLASS", "contrast", "css",
           "fingerprint", "follow", "mix", "picture_rules", "rgb", "value_colour"]

#: name -> colour (``#rrggbb``, or ``rgba(...)`` for a line drawn over others), the light theme.
#: Values: ``win``/``draw``/``loss`` fill positions by their value for the player to move; ``*-edge`` outline
#: them, ``*-soft`` and ``*-ink`` are the background and text of value badges, ``on-value``/``on-draw`` the
#: labels on a win or loss box and on a draw box; ``win-wash`` marks the optimal moves' rows.
#: Pages: ``paper``, ``card``, ``wash`` (a quiet panel), ``ink``, ``ink-soft``, ``muted``, ``line``,
#: ``line-soft``, ``line-strong``, ``handle``, ``chip``, ``chip-soft``, ``shade`` (of shadows), ``halo`` (behind
#: a label or a ring drawn over the graph); the header bar ``bar``, ``bar-ink``, ``bar-muted``, ``bar-link``,
#: ``bar-line``; ``accent`` (links, the selection), ``accent-deep`` (pressed), ``accent-soft``,
#: ``accent-line``, ``on-accent`` (text on it); ``parent``, ``start``; the graph's moves ``edge``, ``move``,
#: ``move-best``, ``move-dim``, ``move-best-dim``, ``hover`` (a hovered position's border); ``hidden`` and
#: ``hidden-edge`` (a challenge hides the values); ``star``, ``tag``/``tag-ink``; the marks ``inaccuracy``
#: and ``mistake`` (a blunder is ``loss-ink``); the charts' ``grid`` and the overview's ``haze``; the hands
#: ``skin``, ``skin-fold``, ``skin-pale``, ``skin-edge``, ``skin-ink``, ``dead``, ``dead-edge``, ``dead-ink``,
#: ``group``, ``group-edge``.
LIGHT: dict[str, str] = {
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
    "on-value": "#ffffff",
    "on-draw": "#1d2330",
    "win-wash": "#f5f9f1",
    "card": "#ffffff",
    "wash": "#fbfaf6",
    "ink-soft": "#3b4352",
    "line": "#e2ddd2",
    "line-soft": "#efebe3",
    "line-strong": "#cfc9bc",
    "handle": "#b9b3a6",
    "chip": "#ebe7dd",
    "chip-soft": "#f1eee7",
    "panel": "#f8f6f1",
    "shade": "#1d2330",
    "halo": "rgba(255, 255, 255, 0.92)",
    "bar": "#1d2330",
    "bar-ink": "#ffffff",
    "bar-muted": "#c4cad6",
    "bar-link": "#e7ebf2",
    "bar-line": "#485066",
    "accent-deep": "#184ca6",
    "accent-soft": "#eef3fd",
    "accent-line": "#c7d6f5",
    "on-accent": "#ffffff",
    "move": "rgba(84, 94, 114, 0.22)",
    "move-best": "rgba(29, 35, 48, 0.55)",
    "move-dim": "rgba(84, 94, 114, 0.08)",
    "move-best-dim": "rgba(29, 35, 48, 0.16)",
    "hover": "#111827",
    "hidden": "#dfe2e8",
    "hidden-edge": "#8c95a5",
    "star": "#8a6300",
    "tag": "#e4e4e4",
    "tag-ink": "#444444",
    "inaccuracy": "#8a5a00",
    "mistake": "#b04a00",
    "grid": "#d9dde5",
    "haze": "#465064",
    "skin": "#f4cda6",
    "skin-fold": "#e6b68b",
    "skin-pale": "#fbe7d2",
    "skin-edge": "#9a6740",
    "skin-ink": "#6b3f1d",
    "dead": "#e2e2e2",
    "dead-edge": "#a5a5a5",
    "dead-ink": "#575757",
    "group": "#fff7ee",
    "group-edge": "#d9b48f",
}

#: the same keys, the dark theme: light text on dark paper, value colours kept apart and readable on it
DARK: dict[str, str] = {
    "paper": "#14171d",
    "ink": "#e6e9ef",
    "muted": "#a4adbc",
    "win": "#1f8a4c",
    "win-edge": "#8fdcae",
    "win-soft": "#153524",
    "win-ink": "#8fdcae",
    "draw": "#d9a912",
    "draw-edge": "#f3d97e",
    "draw-soft": "#3a3014",
    "draw-ink": "#f3d27a",
    "loss": "#b8413b",
    "loss-edge": "#ffb4ab",
    "loss-soft": "#3e1d1d",
    "loss-ink": "#ffaaa1",
    "accent": "#7eaaff",
    "parent": "#f0a050",
    "start": "#a9c1ff",
    "edge": "#8d97a9",
    "on-value": "#ffffff",
    "on-draw": "#1d2330",
    "win-wash": "#18271e",
    "card": "#1c2029",
    "wash": "#191d25",
    "ink-soft": "#c9cfd9",
    "line": "#343b48",
    "line-soft": "#2a303b",
    "line-strong": "#4d5566",
    "handle": "#5d6576",
    "chip": "#2c323e",
    "chip-soft": "#272c37",
    "panel": "#222732",
    "shade": "#000000",
    "halo": "rgba(20, 23, 29, 0.92)",
    "bar": "#0b0d12",
    "bar-ink": "#ffffff",
    "bar-muted": "#aeb6c4",
    "bar-link": "#e7ebf2",
    "bar-line": "#3e4657",
    "accent-deep": "#a8c5ff",
    "accent-soft": "#1f2a40",
    "accent-line": "#3a4f7a",
    "on-accent": "#0b1220",
    "move": "rgba(170, 180, 198, 0.22)",
    "move-best": "rgba(230, 233, 239, 0.6)",
    "move-dim": "rgba(170, 180, 198, 0.08)",
    "move-best-dim": "rgba(230, 233, 239, 0.18)",
    "hover": "#f5f7fa",
    "hidden": "#3a404c",
    "hidden-edge": "#7c8596",
    "star": "#f0c040",
    "tag": "#353b47",
    "tag-ink": "#d5dae3",
    "inaccuracy": "#f0c060",
    "mistake": "#ffa86b",
    "grid": "#39404d",
    "haze": "#aab4c6",
    "skin": "#f4cda6",
    "skin-fold": "#e6b68b",
    "skin-pale": "#fbe7d2",
    "skin-edge": "#9a6740",
    "skin-ink": "#6b3f1d",
    "dead": "#4a4f58",
    "dead-edge": "#8a909b",
    "dead-ink": "#d0d4db",
    "group": "#2a2620",
    "group-edge": "#7a6550",
}

#: the themes, light first (the pages' default, and the palette every picture is drawn in first)
PALETTES: dict[str, dict[str, str]] = {"light": LIGHT, "dark": DARK}
THEMES = tuple(PALETTES)
#: the light palette, the one the pictures and the pages are drawn with before a dark theme applies
PALETTE = LIGHT

#: value for the player to move (+1 win, 0 draw or open, -1 loss) -> palette name (vizgen.analysis.meaning)
VALUE_CLASS: dict[int, str] = {c.value: c.palette for c in CLASSES.values()}

#: the palette keys the pictures draw with (Graphviz, charts, value maps, overviews); text in a picture whose
#: light colour one of :data:`_PICTURE_TEXT` has takes that key's dark colour
PICTURE = ("paper", "card", "ink", "muted", "win", "draw", "loss", "win-edge", "draw-edge", "loss-edge", "accent",
           "parent", "start", "edge", "grid")
_PICTURE_TEXT = ("on-value", "on-draw", "muted", "start")


def value_colour(value: int, palette: dict[str, str] = LIGHT) -> str:
    """Return the fill colour of a value for the player to move.

    Examples
    --------
    >>> value_colour(1), value_colour(-1, DARK)
    ('#1a9850', '#b8413b')
    """
    return palette[VALUE_CLASS[int(value)]]


def rgb(colour: str) -> tuple[int, int, int]:
    """The red, green and blue of a ``#rrggbb`` colour, 0 to 255 each.

    Examples
    --------
    >>> rgb("#1a9850")
    (26, 152, 80)
    """
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def mix(colour: str, towards: str, t: float) -> str:
    """``colour`` taken a fraction ``t`` of the way to ``towards`` (both ``#rrggbb``).

    Examples
    --------
    >>> mix("#000000", "#ffffff", 0.5), mix("#1a9850", "#ffffff", 0.0)
    ('#808080', '#1a9850')
    """
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(rgb(colour), rgb(towards)))


def _luminance(colour: str) -> float:
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (x / 255 for x in rgb(colour))]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21).

    Examples
    --------
    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast(LIGHT["ink"], LIGHT["paper"]), 1)
    (21.0, 14.3)
    """
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _properties(palette: dict[str, str], scheme: str, indent: str) -> list[str]:
    return [f"{indent}--{name}: {colour};" for name, colour in palette.items()] + [f"{indent}color-scheme: {scheme};"]


def picture_rules(extra: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """The dark colour of every light colour a picture draws with: ``{"shape": {...}, "text": {...}}``.

    ``extra`` adds pairs of colours worked out from the palettes (a value map's shades).

    Examples
    --------
    >>> rules = picture_rules()
    >>> rules["shape"][LIGHT["win"]] == DARK["win"], rules["text"][LIGHT["on-value"]] == DARK["on-value"]
    (True, True)
    """
    shape: dict[str, str] = {}
    for key in PICTURE:
        if shape.setdefault(LIGHT[key], DARK[key]) != DARK[key]:
            raise ValueError(f"picture colour {LIGHT[key]} stands for two dark colours")
    shape.update(extra or {})
    text = dict(shape)
    text.update({LIGHT[key]: DARK[key] for key in _PICTURE_TEXT})
    return {"shape": shape, "text": text}


def _rules(scope: str, extra: dict[str, str] | None = None) -> str:
    rules = picture_rules(extra)
    out = []
    for light, dark in rules["shape"].items():
        if light != dark:
            out.append(f'{scope}[fill="{light}"]:not(text){{fill:{dark}}}{scope}[stroke="{light}"]{{stroke:{dark}}}')
    out += [f'{scope}text[fill="{light}"]{{fill:{dark}}}' for light, dark in rules["text"].items() if light != dark]
    return "".join(out)


def follow(svg: bytes, extra: dict[str, str] | None = None) -> bytes:
    """An SVG picture drawn in the light palette, with the rules that redraw it in the dark one.

    The rules apply where the picture is shown in a dark colour scheme (an ``<img>`` follows its page's scheme,
    the header's toggle included); the light drawing is left as it is.

    Examples
    --------
    >>> out = follow(b'<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#1a9850"/></svg>')
    >>> out.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"><style>@media (prefers-color-scheme: dark){')
    True
    """
    style = f"<style>@media (prefers-color-scheme: dark){{{_rules('', extra)}}}</style>".encode()
    m = re.search(rb"<svg\b[^>]*>", svg)
    if m is None:
        raise ValueError("not an SVG picture")
    return svg[:m.end()] + style + svg[m.end():]


def css() -> str:
    """Return the palettes as CSS custom properties on ``:root``: light, dark by the system's choice or the toggle.

    Pictures drawn inline in a page (the charts) follow the page's theme by the rules of :func:`follow`.

    Examples
    --------
    >>> css().splitlines()[1]
    '  --paper: #f6f4ef;'
    >>> ':root[data-theme="dark"] {' in css()
    True
    """
    light = ":root {\n" + "\n".join(_properties(LIGHT, "light", "  ")) + "\n}\n"
    auto = ("@media (prefers-color-scheme: dark) {\n  :root:not([data-theme=\"light\"]) {\n"
            + "\n".join(_properties(DARK, "dark", "    ")) + "\n  }\n"
            + "  " + _rules(':root:not([data-theme="light"]) svg ') + "\n}\n")
    chosen = (":root[data-theme=\"dark\"] {\n" + "\n".join(_properties(DARK, "dark", "  ")) + "\n}\n"
              + _rules(':root[data-theme="dark"] svg ') + "\n")
    return light + auto + chosen


def fingerprint() -> str:
    """Return a short digest of the palettes, for cache keys.

    Examples
    --------
    >>> len(fingerprint())
    12
    """
    return hashlib.sha256(json.dumps(PALETTES, sort_keys=True).encode()).hexdigest()[:12]
