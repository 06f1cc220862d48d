"""The two report pages: "The family in figures" (``family.html``) and "What others have said" (``claims.html``).

Both are rendered from plain data computed (and cached) before rendering:
:func:`vizgen.reports.family.family_figures` and :func:`vizgen.reports.claims.claims_report`.
Every number on the pages is one of theirs; this module arranges them, draws
the charts (:mod:`~vizgen.site.render.charts`) and links each variant to its page
when the site has one, or names its command otherwise.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import jinja2
import numpy as np
from markupsafe import Markup, escape

from vizgen.analysis import words
from vizgen.analysis.figures import Facts
from vizgen.analysis.rulebook import start_badge
from vizgen.engine.params import Params
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.reports.claims import ClaimsReport
from vizgen.reports.family import Family, FamilyRow
from vizgen.site.render.charts import Series, line_chart
from vizgen.site.render.contexts import num

__all__ = ["CLAIMS_PAGE", "FAMILY_PAGE", "claim_groups", "claims_context", "family_context", "report_files",
           "variant_links"]

FAMILY_PAGE = "family.html"
#: the players table's members named in words under it, with where their figures come from
LARGE_PLAYERS = 7
CLAIMS_PAGE = "claims.html"
_SECTION_TITLES = {"rollover": "roll-over", "cutoff": "cut-off"}
#: claim measures read at one position (the start unless the check names one); the others cover the whole game
_AT_POSITION = frozenset({"value", "remoteness", "reachable", "reaches"})


def variant_links(variants: list[Variant]) -> dict[Params, str]:
    """Parameter set -> the site's page for it (relative to the site root)."""
    return {v.params: f"variants/{v.slug}.html" for v in variants}


def _link(spec: str, links: dict[Params, str]) -> str | None:
    return links.get(resolve(spec).params)


def _start(start: Facts, players: int) -> tuple[str, str, str]:
    """The start's value (a variant's figures' ``start``) as a badge, its full sentence and its colour class (as on
    the variant's page)."""
    if players == 2:
        winner = {"win": 0, "loss": 1}.get(start["value"], -1)
    else:
        seat = start.get("winner")
        winner = -1 if seat is None else seat
    rem = -1 if start["remoteness"] is None else start["remoteness"]
    out_in = start.get("forced_out_in")  # the first player's fate, where the variant's pages read it
    fate = None if out_in is None else np.array([out_in])
    cls = words.VERDICTS[int(words.verdicts(players, np.array([winner]), np.array([False]), fate)[0])].cls
    return (*start_badge(players, winner, rem, out_in), cls)


def _seat_values(values: Any) -> str:
    """Per-seat figures (counts or shares) in words."""
    if not isinstance(values, list):
        return str(values)
    return " · ".join(words.percent(v) if isinstance(v, float) and v <= 1 else num(v) for v in values)


def _row(item: FamilyRow, links: dict[Params, str]) -> dict[str, Any]:  # a row of the jinja2 context
    """One variant of a sweep, ready for the template."""
    spec, s = item["spec"], item["stats"]
    row: dict[str, Any] = {"x": item["x"], "spec": spec, "href": _link(spec, links),  # a jinja2 row
                           "command": f"vizgen stats {spec}", "estimate": item["estimate"], "solved": s is not None,
                           "recorded": item.get("recorded")}
    if s is None:
        return row
    players = s["params"]["players"]
    start_text, start_full, start_cls = _start(s["start"], players) if "start" in s else ("not recorded", "", None)
    row.update(positions=s["positions"], edges=s.get("edges", s.get("moves")), terminal=s.get("terminal"),
               players=players, start_text=start_text, start_full=start_full, start_cls=start_cls,
               longest_win=s.get("longest_win"))
    if players == 2:
        row.update(draw=s["draw"], draw_share=s["draw"] / s["positions"],
                   draw_pct=words.percent(s["draw"], s["positions"]),
                   seats=f"{num(s['win'])} win · {num(s['loss'])} loss · {num(s['draw'])} draw")
    else:
        row.update(seats=_seat_values(s["forced_win"]), open=s["open"])
    row["survive"] = _seat_values(s["survive"]) if "survive" in s else None
    row["forced_out"] = _seat_values(s["forced_out"]) if "forced_out" in s else None
    return row


def _charts(sections: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:  # jinja2 rows, by name
    """The family page's charts: draw share and longest forced win against r, positions on a log scale."""
    def series(name: str, key: str, colour: str, scale: float = 1.0) -> Series:
        return Series(f"under {_SECTION_TITLES[name]}", colour,
                      [(row["x"], None if not row["solved"] or row.get(key) is None else row[key] * scale)
                       for row in sections[name]])

    both = [("rollover", "accent"), ("cutoff", "parent")]
    players = sections["players"]
    charts = [
        {"id": "chart-draws", "caption": "Share of positions drawn, against the roll-over number r",
         "svg": line_chart([series(n, "draw_share", c, 100.0) for n, c in both],
                           title="Share of positions drawn against r, roll-over and cut-off",
                           x_label="roll-over number r", y_label="positions drawn (%)",
                           y_text=lambda v: words.percent(v, 100, decimals=0), y_min=0.0)},
        {"id": "chart-longest", "caption": "Longest forced win (plies), against the roll-over number r",
         "svg": line_chart([series(n, "longest_win", c) for n, c in both],
                           title="Longest forced win in plies against r, roll-over and cut-off",
                           x_label="roll-over number r", y_label="longest forced win (plies)", y_min=0.0)},
        {"id": "chart-positions-r", "caption": "Reachable positions against r (logarithmic scale)",
         "svg": line_chart([series(n, "positions", c) for n, c in both], log_y=True,
                           title="Reachable positions against r, roll-over and cut-off, log scale",
                           x_label="roll-over number r", y_label="reachable positions",
                           y_text=lambda v: num(v))},
        {"id": "chart-players", "caption": "Positions against the number of players (logarithmic scale)",
         "svg": line_chart([Series("possible (all hand sets)", "edge", [(r["x"], r["estimate"]) for r in players]),
                            Series("reachable (solved)", "accent",
                                   [(r["x"], r["positions"] if r["solved"] else None) for r in players])],
                           log_y=True, title="Positions against the number of players, log scale",
                           x_label="players", y_label="positions", y_text=lambda v: num(v))},
    ]
    return charts


def family_context(figures: Family, links: dict[Params, str]) -> dict[str, Any]:  # a jinja2 context, read by name
    """Everything ``family.html`` shows, from :func:`vizgen.reports.family.family_figures`."""
    sections = {name: [_row(item, links) for item in items] for name, items in figures["sections"].items()}
    by_r = [{"x": ro["x"], "rollover": ro, "cutoff": co} for ro, co in zip(sections["rollover"], sections["cutoff"])]
    unsolved = [row for rows in sections.values() for row in rows if not row["solved"]]
    # the largest members in words: how many positions, and where the figures come from
    largest = [{"x": row["x"], "positions": num(row["positions"]), "recorded": row["recorded"]}
               for row in sections["players"] if row["solved"] and row["x"] >= LARGE_PLAYERS]
    return {"sections": sections, "by_r": by_r, "charts": _charts(sections), "unsolved": unsolved,
            "largest": largest, "max_positions": figures["max_positions"], "ply_note": words.ply_note(2),
            "players_max_positions": figures.get("players_max_positions", figures["max_positions"])}


_CODE = re.compile(r"`([^`]+)`")


def _rich(text: str) -> Markup:
    """Escape plain text; paragraphs at blank lines."""
    paragraphs = [p.strip() for p in text.strip().split("\n\n") if p.strip()]
    code = r"<code>\1</code>"
    return Markup("".join(f"<p>{_CODE.sub(code, str(escape(p)))}</p>" for p in paragraphs))


def claims_context(report: ClaimsReport, links: dict[Params, str]) -> dict[str, Any]:  # a jinja2 context, by name
    """Everything ``claims.html`` shows, from :func:`vizgen.reports.claims.claims_report`."""
    claims: list[dict[str, Any]] = []  # rows of the jinja2 context
    for c in report["claims"]:
        rows = [{**r, "href": _link(r["spec"], links),
                 "where": (r["position"] or "start") if r["measure"] in _AT_POSITION else "whole game"}
                for r in c["rows"]]
        cls = "win" if c["verdict"].startswith("agree") else "loss"
        claims.append({**c, "rows": rows, "cls": cls, "source_info": report["sources"][c["source"]]})
    forms = [{**f, "source_info": report["sources"][f["source"]]} for f in report["closed_forms"]]
    explanations = [{"key": k, "title": v["title"], "html": _rich(v["text"])}
                    for k, v in sorted(report["explanations"].items())]
    published = [c for c in claims if not c["source_info"].get("ours")]
    agree = sum(1 for c in published if c["agrees"])
    used = sorted({c["source"] for c in report["claims"]} | {f["source"] for f in report["closed_forms"]})
    return {"claims": claims, "groups": claim_groups(claims), "forms": forms, "explanations": explanations,
            "published": len(published), "agree": agree, "disagree": len(published) - agree,
            "own": len(claims) - len(published) + len(forms),
            "sources": [{"key": k, **report["sources"][k]} for k in used]}


def claim_groups(claims: list[dict[str, Any]]) -> list[dict[str, Any]]:  # rows of the jinja2 context
    """The claims, in the order of their numbers, in groups of one source: a group is a run of claims of the same
    source, so the page shows the claims number by number (a source whose claims are not all in one run, such as
    claim 53 after 51, has a group for each run), each group with an anchor of its own.

    Examples
    --------
    >>> runs = claim_groups([{"id": "1", "source": "A"}, {"id": "2", "source": "A"}, {"id": "3", "source": "B"},
    ...                      {"id": "53", "source": "A"}])
    >>> [(g["anchor"], [c["id"] for c in g["claims"]]) for g in runs]
    [('group-A', ['1', '2']), ('group-B', ['3']), ('group-A-2', ['53'])]
    """
    groups: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for source, run in itertools.groupby(claims, key=lambda c: c["source"]):
        seen[source] = seen.get(source, 0) + 1
        anchor = f"group-{source}" + (f"-{seen[source]}" if seen[source] > 1 else "")
        groups.append({"source": source, "anchor": anchor, "claims": list(run)})
    return groups


def report_files(env: jinja2.Environment, base: dict[str, Any], links: dict[Params, str], *,  # base: jinja2 context
                 family: Family | None, claims: ClaimsReport | None) -> dict[str, bytes]:
    """Render the report pages that have data: ``family.html`` and ``claims.html``.

    Parameters
    ----------
    env : jinja2.Environment
        The site's template environment.
    base : dict
        Context every page shares (``root``, ``site_title``).
    links : dict
        :func:`variant_links` of the site's variants.
    family, claims : dict or None
        The computed figures and report; a page is left out when its data is None.

    Returns
    -------
    dict of str to bytes
        The pages by relative path.
    """
    files = {}
    if family is not None:
        context = {**base, "page_title": f"The family in figures · {base['site_title']}",
                   "share": {**base["share"], "path": FAMILY_PAGE}, **family_context(family, links)}
        files[FAMILY_PAGE] = env.get_template(FAMILY_PAGE).render(context).encode()
    if claims is not None:
        context = {**base, "page_title": f"What others have said · {base['site_title']}",
                   "share": {**base["share"], "path": CLAIMS_PAGE}, **claims_context(claims, links)}
        files[CLAIMS_PAGE] = env.get_template(CLAIMS_PAGE).render(context).encode()
    return files
