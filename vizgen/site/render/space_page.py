"""The page "The rule space" (``space.html``) and its data (``space-data.js`` and ``space/part-<k>.js``), from
the recorded map.

The figures come from :func:`vizgen.reports.space.space_figures`; the explorer (``static/js/space/space.js``)
reads ``space-data.js`` (the space's axes, the standard rules' parameters and which parts exist) and then the part
of the rule sets it is asked about: part ``k`` holds the record's rows of combinations
``k * 2**15`` to ``(k + 1) * 2**15 - 1``, the rule sets alike in overflow, attack, halvesies and swaps, so that
the page loads a few hundred kilobytes, not the whole map.
"""

from __future__ import annotations

from html import escape
from typing import Any

import jinja2
import numpy as np

from vizgen.analysis import words
from vizgen.analysis.sweep import SPACE_BOOLS, SPACE_SIZE, SWAPS
from vizgen.engine.params import ATTACKS, HALVESIES, OVERFLOWS, PARAM_NAMES, Params
from vizgen.reports.space import (
    SpaceEffect,
    SpaceFigures,
    SpaceRecord,
    SpaceSummary,
    load_record,
    space_figures,
    space_summaries,
)
from vizgen.site.drawing import theme
from vizgen.site.render.datafiles import jsonp
from vizgen.site.render.payloads import SpaceIndex, SpacePart
from vizgen.site.render.rules_page import rulebook_data
from vizgen.util.text import format_count

__all__ = ["SPACE_DATA", "SPACE_PAGE", "bar_chart", "space_data", "space_files", "wider_context"]

SPACE_PAGE = "space.html"
SPACE_DATA = "space-data.js"
#: the folder of the explorer's parts, one a block of 2**15 combinations
SPACE_PARTS = "space"
#: a bar's height, the drawing's width and the room right of the longest bar for its share, in the drawing's units
ROW, WIDTH, SHARE_W = 26, 400, 58
#: the width of a label's character at the labels' font size (13), in the drawing's units: a wide sans-serif's
#: average with room to spare (the browser test measures every label's box inside its chart)
CHAR_W = 7.4


def bar_chart(rows: list[tuple[str, list[tuple[float, str, str]]]], *, title: str, unit: str = "%") -> str:
    """A horizontal stacked bar chart as accessible SVG: a row per label, each part ``(value, colour, name)``, a
    value a percentage (written by :func:`vizgen.analysis.words.percent`, never "0.0 %"); the labels' column as
    wide as the longest label.

    Examples
    --------
    >>> svg = bar_chart([("Logan clause", [(12.5, "win", "draw to win")])], title="t")
    >>> svg.startswith("<svg") and "Logan clause: draw to win 12.5\u202f%" in svg
    True
    """
    top = max((sum(v for v, _, _ in parts) for _, parts in rows), default=1.0) or 1.0
    height = ROW * len(rows) + 30
    label_w = round(CHAR_W * max((len(label) for label, _ in rows), default=1)) + 10
    plot = WIDTH - label_w - SHARE_W
    ink, grid = theme.PALETTE["muted"], theme.PALETTE["grid"]
    desc = "; ".join(f"{label}: " + ", ".join(f"{name} {words.percent(v, 100)}" for v, _, name in parts if v)
                     for label, parts in rows)
    out = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" xmlns="http://www.w3.org/2000/svg">',
           f"<title>{escape(title)}</title>", f"<desc>{escape(desc)}</desc>",
           f'<line x1="{label_w}" y1="4" x2="{label_w}" y2="{height - 24}" stroke="{grid}"/>']
    for k, (label, parts) in enumerate(rows):
        y = 6 + k * ROW
        out.append(f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end" font-size="13" fill="{ink}">'
                   f"{escape(label)}</text>")
        x = float(label_w)
        for value, colour, name in parts:
            w = value / top * plot
            if w > 0:
                tip = escape(f"{name}: {words.percent(value, 100)}")
                out.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{w:.1f}" height="{ROW - 8}" '
                           f'fill="{theme.PALETTE[colour]}"><title>{tip}</title></rect>')
            x += w
        total = words.percent(sum(v for v, _, _ in parts), 100)
        out.append(f'<text x="{x + 4:.1f}" y="{y + 15}" font-size="12" fill="{ink}">{escape(total)}</text>')
    out.append(f'<text x="{label_w + plot / 2:.0f}" y="{height - 6}" text-anchor="middle" font-size="13" '
               f'fill="{ink}">{escape(unit)} of the pairs of rule sets</text>')
    out.append("</svg>")
    return "".join(out)


_COLOUR = {"win": "win", "loss": "loss", "draw": "draw"}


def _effect_chart(effects: list[SpaceEffect]) -> str:
    """Each rule's share of pairs where turning it on changes who wins, by what the start becomes."""
    rows = []
    for e in effects:
        into = {"win": 0, "loss": 0, "draw": 0}
        for key, n in e["directions"].items():
            into[key.split("→")[1]] += n
        rows.append((e["rule"], [(100 * into[w] / e["pairs"], _COLOUR[w], f"becomes a {w}") for w in
                                 ("win", "loss", "draw")]))
    return bar_chart(rows, title="How often turning a rule on changes who wins, by what the start becomes")


def space_context(figures: SpaceFigures) -> dict[str, Any]:  # a template's context: open, read by name by jinja2
    """Everything ``space.html`` shows."""
    effects = [{**e, "arrows": ", ".join(f"{k} {format_count(n)}"
                                         for k, n in sorted(e["directions"].items(), key=lambda x: -x[1]))}
               for e in figures["effects"]]
    return {"f": figures, "effects": effects, "interactions": figures["interactions"],
            "top5": [e["rule"] for e in figures["effects"][:5]], "refused": SPACE_SIZE - figures["rule_sets"],
            "chart": _effect_chart(figures["effects"]), "data": SPACE_DATA.removesuffix(".js")}


_PLAYERS = {2: "two players", 3: "three players"}


def _shift(rule: str, a: SpaceSummary, b: SpaceSummary) -> float:
    """How much more often ``rule`` changes who wins in space ``b`` than in ``a`` (shares, -1 to 1)."""
    return b["shares"].get(rule, 0.0) - a["shares"].get(rule, 0.0)


def wider_context(summaries: list[SpaceSummary]) -> dict[str, Any]:  # a template's context (open, by name)
    """The comparison of the recorded spaces: a column a space (``label``), a row a rule with its share of pairs
    in each space where it changes who wins (None where the rule is no axis of the space), and, where two and
    three players are recorded at the same r, the rules the third player changes most (``third``: the r, and
    the rules with their two shares, the largest change first).

    Examples
    --------
    >>> from vizgen.reports.space import space_summary, Space
    >>> one = space_summary(Space(), load_record())
    >>> w = wider_context([one])
    >>> w["spaces"][0]["label"], w["rules"][0]["shares"][0] == one["shares"][w["rules"][0]["rule"]], w["third"]
    ('r = 5, two players', True, None)
    """
    spaces = [{**s, "label": f"r = {s['r']}, {_PLAYERS[s['players']]}"} for s in summaries]
    rules = list(dict.fromkeys(rule for s in summaries for rule in s["shares"]))
    two = [s for s in summaries if s["players"] == 2]
    top = max(two, key=lambda s: s["r"]) if two else None  # the rows in the order of the largest two-player r
    if top is not None:
        rules.sort(key=lambda rule: -top["shares"].get(rule, -1.0))
    third = None
    pairs = [(a, b) for a in summaries for b in summaries if a["players"] == 2 and b["players"] == 3 and
             a["r"] == b["r"]]
    if pairs:
        a, b = pairs[0]
        moved = sorted((rule for rule in rules if rule in a["shares"]), key=lambda rule: -abs(_shift(rule, a, b)))
        third = {"r": a["r"], "rules": [{"rule": rule, "two": a["shares"][rule], "three": b["shares"].get(rule)}
                                        for rule in moved[:4]],
                 "new": [rule for rule in rules if rule in b["shares"] and rule not in a["shares"]]}
    return {"spaces": spaces, "third": third,
            "rules": [{"rule": rule, "shares": [s["shares"].get(rule) for s in summaries]} for rule in rules]}


def space_data(record: SpaceRecord) -> dict[str, bytes]:
    """The explorer's data files: ``space-data.js`` (the axes, the standard rules, the parts) and a part a
    block of combinations (``space/part-<k>.js``) with the record's rows there: each row's combination (gaps from
    the block's start), value, remoteness, positions, drawn positions, its game
    (numbered within the part) and how many other rule sets of the map share that game. Data files are
    scripts (:func:`vizgen.site.render.datafiles.jsonp`), so the page reads them from ``file://`` too.

    Examples
    --------
    >>> files = space_data(load_record())
    >>> text = files["space-data.js"].decode()
    >>> text.startswith('vizgenLoad("space-data",')
    True
    >>> import json
    >>> data = json.loads(text.split(",", 1)[1].removesuffix(");\\n"))
    >>> data["bools"][0], data["block"], f"space/part-{data['parts'][0]}.js" in files
    ('self_attack', 32768, True)
    """
    block = 2 ** len(SPACE_BOOLS)
    index = np.array(record["index"], dtype=np.int64)
    game = np.array(record["game"], dtype=np.int64)
    others = np.bincount(game)[game] - 1
    part = index // block
    files: dict[str, bytes] = {}
    parts = []
    for k in np.unique(part).tolist():
        rows = np.flatnonzero(part == k)
        at = index[rows] - k * block
        local = {g: n for n, g in enumerate(dict.fromkeys(game[rows].tolist()))}
        name = f"{SPACE_PARTS}/part-{k}"
        taken = rows.tolist()
        files[name + ".js"] = jsonp(name, SpacePart(
            index=np.diff(at, prepend=-1).tolist(), value="".join(record["value"][r] for r in taken),
            remoteness=[record["remoteness"][r] for r in taken], positions=[record["positions"][r] for r in taken],
            draws=[record["draws"][r] for r in taken], game=[local[g] for g in game[rows].tolist()],
            others=others[rows].tolist()))
        parts.append(k)
    standard = Params()
    files[SPACE_DATA] = jsonp(SPACE_DATA.removesuffix(".js"), SpaceIndex(
        bools=list(SPACE_BOOLS), swaps=list(SWAPS), overflow=list(OVERFLOWS), attack=list(ATTACKS),
        halvesies=list(HALVESIES), order=list(PARAM_NAMES), standard=standard.as_dict(), block=block, parts=parts,
        rule_sets=record["rule_sets"], units=words.UNITS, book=rulebook_data()))
    return files


# base: the template context every page shares (open, read by name by jinja2)
def space_files(env: jinja2.Environment, base: dict[str, Any]) -> dict[str, bytes]:  # base: jinja2 context
    """``space.html`` and ``space-data.js`` from the committed record."""
    record = load_record()
    context = {**base, "page_title": f"The rule space · {base['site_title']}",
               "share": {**base["share"], "path": SPACE_PAGE}, **space_context(space_figures(record)),
               "wider": wider_context(space_summaries())}
    return {SPACE_PAGE: env.get_template(SPACE_PAGE).render(context).encode(), **space_data(record)}
