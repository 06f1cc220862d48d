"""The page "The max^n AI against the exact solution": :func:`vizgen.reports.maxn.report` as tables.

The report is computed at build time (see :mod:`vizgen.site.build` for when), its
timing table recorded beforehand (:func:`vizgen.reports.maxn.site_report`); this
module only arranges and formats its figures, the paper's beside ours.
"""

from __future__ import annotations

from typing import Any, TypedDict

from vizgen.analysis import words
from vizgen.reports.maxn import MaxnReport, TournamentRow

__all__ = ["maxn_context"]

NONE = str(words.UNITS["none"])  # an en dash: no figure


def _seconds(value: float) -> str:
    """Seconds to four decimals (the paper prints three)."""
    return f"{value:.4f}"


class Score(TypedDict):
    """A tournament's score as the page shows it: wins, draws, losses, games and the share won."""

    w: int
    d: int
    l: int  # noqa: E741 (the page's column: losses)
    games: int
    share: str


def _wdl(row: TournamentRow) -> Score:
    return {"w": row["wins"], "d": row["draws"], "l": row["losses"], "games": row["games"],
            "share": words.percent(row["wins"], row["games"])}


def maxn_context(data: MaxnReport, site_title: str) -> dict[str, Any]:  # a jinja2 context, read by name
    """Everything ``maxn.html`` shows.

    Parameters
    ----------
    data : dict
        :func:`vizgen.reports.maxn.report`'s dict.
    site_title : str
        The site's name.

    Returns
    -------
    dict
        The template context: ``branching``, ``timing``, ``quality``,
        ``tournament`` and ``yardstick`` rows, formatted, with ``paper``,
        ``settings``, ``ending`` (how a game ends besides a win, in words) and ``measured`` (where the
        timings come from).

    Examples
    --------
    >>> from vizgen.reports.maxn import report
    >>> ctx = maxn_context(report(players=(2,), depths=(1,), timing_players=(), games_per_seat=1), "Atlas")
    >>> [row["players"] for row in ctx["branching"]], ctx["quality"][0]["kept"]
    ([2], '91.6\\u202f%')
    """
    tournament = {(t["players"], t["depth"], t["opponent"]): t for t in data["tournament"] if t["player"] == "max^n"}
    return {
        "root": "",
        "site_title": site_title,
        "page_title": f"The max-n AI against the exact solution · {site_title}",
        "paper": data["paper"],
        "settings": data["settings"],
        "ending": words.game_end_rule(max(b["players"] for b in data["branching"])),
        "measured": f"Measured {data['timing_measured']}" if data.get("timing_measured") else
                    "Measured when these figures were computed",
        "branching": [{**b, "paper": b["paper"] if b["paper"] is not None else NONE} for b in data["branching"]],
        "timing": [{"players": t["players"], "depth": t["depth"], "paper_plain": t["paper_plain"] or NONE,
                    "paper_cached": t["paper_cached"] or NONE, "search": _seconds(t["search_seconds"]),
                    "states": t["search_states"], "expanded": t["search_expanded"],
                    "graph": _seconds(t["graph_seconds"]),
                    "per_position": f"{1e6 * t['graph_per_position']:.2f} µs"} for t in data["timing"]],
        "quality": [{"players": q["players"], "depth": q["depth"], "positions": q["positions"],
                     "kept": words.percent(q["kept"], q["positions"]),
                     "critical": words.percent(q["critical_kept"], q["critical"]), "critical_n": q["critical"],
                     "wins": words.percent(q["win_kept"], q["wins"]), "open": words.percent(q["open_kept"], q["open"]),
                     "unkeepable": q["unkeepable"]} for q in data["quality"]],
        "tournament": [{"players": n, "depth": depth, "random": _wdl(t), "perfect": _wdl(tournament[(n, depth,
                                                                                                    "perfect")])}
                       for (n, depth, opponent), t in tournament.items() if opponent == "random"],
        "yardstick": [{"players": t["players"], **_wdl(t)} for t in data["tournament"] if t["player"] == "perfect"],
    }
