"""The page "How to play it" of a two-player variant: :func:`vizgen.reports.guide.guide_figures` arranged for people.

Every figure is the guide's; this module formats them (:mod:`vizgen.reports.lessons` writes the sentences)
and links each position to its place on the variant's map (``variants/<slug>.html#12-11``).
"""

from __future__ import annotations

from typing import Any

from vizgen.analysis.meaning import CHOICES, VERDICTS, choice_code, verdict_code
from vizgen.analysis.words import game_end_rule, percent
from vizgen.reports.guide import GuideFigures, Line, MustFind
from vizgen.reports.lessons import OPPONENT_WORDS, PLAYER_WORDS, result_text, verdict_text
from vizgen.site.data.address_words import GameRecord, record_query

__all__ = ["SHOWN", "guide_context", "guide_path", "study_href"]

SHOWN = 12
"""Rows shown at once in the must-find and lure tables (the rest behind "show all")."""


def guide_path(slug: str) -> str:
    """The guide page of a variant, relative to the site root.

    Examples
    --------
    >>> guide_path("standard")
    'guide/standard.html'
    """
    return f"guide/{slug}.html"


def study_href(page: str, line: Line, start: str) -> str:
    """The variant page with a line of the guide as a game between two perfect players, shown at its first ply.

    The page's game review steps through it on the graph (arrow keys, the moves, the chart); a line that
    does not begin at the start names its first position (``from``).

    Examples
    --------
    >>> line = {"from": "33-13", "steps": [{"position": "33-13"}, {"position": "03-33"}, {"position": "33-12"}]}
    >>> study_href("../variants/r4.html", line, "11-11")
    '../variants/r4.html?play=perfect.perfect&seed=1&from=33-13&moves=03-33_33-12&at=0#33-13'
    """
    record = GameRecord({"seats": ["perfect", "perfect"], "seed": 1, "from": None if line["from"] == start else
                         line["from"], "moves": [s["position"] for s in line["steps"][1:]], "at": 0, "mode": None,
                         "hints": [], "seat": None})
    return f"{page}?{record_query(record)}#{line['from']}"


def _cls(key: str) -> str:
    """The value class of a verdict the guide ships by its key (the mover's point of view).

    Examples
    --------
    >>> [_cls(v) for v in ("win", "won", "loss", "lost", "draw")]
    ['win', 'win', 'loss', 'loss', 'draw']
    """
    return VERDICTS[verdict_code(key)].cls


def _means_cls(key: str) -> str:
    """The value class of a choice the guide ships by its key (what a move means for its chooser).

    Examples
    --------
    >>> [_means_cls(c) for c in ("you-win", "you-lose-now", "draw")]
    ['win', 'loss', 'draw']
    """
    return CHOICES[choice_code(key)].cls


def guide_context(data: GuideFigures, site_title: str) -> dict[str, Any]:  # a jinja2 context, read by name
    """Everything ``guide.html`` shows.

    Examples
    --------
    >>> from vizgen.reports.guide import guide_figures
    >>> ctx = guide_context(guide_figures("r4"), "Atlas")
    >>> ctx["map"], ctx["lines"][-1]["title"]
    ('../variants/r4.html', 'The perfect game from the start')
    """
    slug = data["slug"]
    page = f"../variants/{slug}.html"

    def at(position: str) -> str:
        return f"{page}#{position}"

    def row(m: MustFind) -> dict[str, Any]:  # a row of the jinja2 context
        return {**m, "href": at(m["position"]), "reach_pct": percent(m["reach"]), "cls": _cls(m["value_code"]),
                "means_cls": _means_cls(m["means_code"]),
                "others": [{**o, "cls": _means_cls(o["means_code"])} for o in m["others"]]}

    rules = [{**r, "n": i, "accuracy_pct": percent(r["accuracy"]), "baseline_pct": percent(r["baseline"]),
              "after_pct": percent(r["share_after"]), "example_href": r["example"] and at(r["example"])}
             for i, r in enumerate(data["rules"], 1)]
    games = data["rule_games"]
    results = [{"player": name, "opponent": against, "text": result_text(games[f"{player}-{opponent}"]),
                **games[f"{player}-{opponent}"], "mine": player == "rules"}
               for player, name in PLAYER_WORDS.items() for opponent, against in OPPONENT_WORDS.items()]
    must = [row(m) for m in data["must_find"]]
    lines = [{"title": "The longest forced win" if line["kind"] == "longest" else "The perfect game from the start",
              "kind": line["kind"], "from": line["from"], "plies": line["plies"], "href": at(line["from"]),
              "study": study_href(page, line, data["verdict"]["start"]),
              "steps": [{**s, "href": at(s["position"]), "cls": _cls(s["value_code"])} for s in line["steps"]]}
             for line in data["lines"]]
    traps = [{**t, "href": at(t["position"]), "share_pct": percent(t["share"]), "two_pct": percent(t["two_rounds"]),
              "reach_pct": percent(t["reach"])} for t in data["traps"]]
    lures = [{**lure, "href": at(lure["position"]), "reach_pct": percent(lure["reach"]),
              "cls": _cls(lure["value_code"]), "means_cls": _means_cls(lure["means_code"]),
              "depth_text": " and ".join(map(str, lure["depths"]))}
             for lure in data["lures"]]
    v = data["verdict"]
    return {
        "root": "../", "site_title": site_title, "page_title": f"How to play {data['title']} · {site_title}",
        "title": data["title"], "spec": data["spec"], "map": page, "start_href": at(v["start"]),
        "verdict": v, "verdict_text": verdict_text(data), "verdict_cls": _cls(v["value_code"]),
        "rules": rules, "rules_base": percent(data["rules_base"]),
        "rules_final": percent(data["rules"][-1]["share_after"]) if rules else percent(data["rules_base"]),
        "rules_positions": data["rules_positions"], "results": results, "games": data["games"],
        "must": must[:SHOWN], "must_more": must[SHOWN:], "must_total": len(must),
        "traps": traps, "lures": lures[:SHOWN], "lures_more": lures[SHOWN:], "lures_total": len(lures),
        "reach": data["reach"], "lines": lines, "ending": game_end_rule(2),
    }
