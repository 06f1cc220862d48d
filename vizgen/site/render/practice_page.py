"""The practice page (``practice.html``) and its data: :func:`vizgen.reports.puzzles.puzzle_figures` for the browser.

Files: ``practice.html``; ``practice/index.js`` (every puzzle in brief for the filters and the streak, as
``[variant index, position, rating, theme indices]``, the variants, the themes, the goals and the words);
``practice/daily.js`` (:func:`daily_pool`, which the index page reads too); ``practice/<slug>.js`` per variant (its
puzzles' lines, its goals and either every position, where it has goals, or the positions its puzzles visit). All are
data files calling ``vizgenLoad(name, payload)`` (:func:`vizgen.site.render.datafiles.jsonp`), so the page
works from ``file://`` and under a sub-path.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

from vizgen.analysis import words
from vizgen.engine.notation import Position
from vizgen.engine.variants import Variant
from vizgen.reports.puzzle_rating import HIGH, LADDER
from vizgen.reports.puzzles import BANDS, THEMES, CalibrationRow, Goal, Puzzle, PuzzleFigures, PuzzleNode, calibration
from vizgen.site.render.datafiles import jsonp
from vizgen.site.render.payloads import (
    DailyEntry,
    DailyPool,
    IndexGoal,
    PracticeData,
    PracticeIndex,
    PracticeNode,
    PracticePuzzle,
    PracticeVariant,
)

__all__ = ["DAILY", "DAILY_RATINGS", "PRACTICE_PATH", "daily_pool", "goal_text", "hands_of", "practice_context",
           "practice_files", "practice_href"]

PRACTICE_PATH = "practice.html"
"""The practice page, relative to the site root."""


def practice_href(root: str, slug: str | None = None) -> str:
    """The practice page from a page at ``root``, with a variant's puzzles chosen.

    Examples
    --------
    >>> practice_href("../", "standard"), practice_href("")
    ('../practice.html?variant=standard', 'practice.html')
    """
    return f"{root}{PRACTICE_PATH}" + (f"?variant={slug}" if slug else "")


def goal_text(goal: Goal) -> str:
    """A goal in words.

    Examples
    --------
    >>> goal_text(Goal({"kind": "hold", "from": "11-11", "plies": 40, "fastest": 0, "opponent": "tricky"}))
    'Hold the draw for 40 plies against the tricky perfect player, from 11-11.'
    >>> goal_text(Goal({"kind": "win", "from": "03-03", "plies": 7, "fastest": 3, "opponent": "perfect"}))
    'Win in at most 7 plies against the perfect defender, from 03-03 (the fastest win takes 3).'
    """
    if goal["kind"] == "win":
        return (f"Win in at most {goal['plies']} plies against the perfect defender, from {goal['from']} "
                f"(the fastest win takes {goal['fastest']}).")
    if goal["kind"] == "hold":
        return f"Hold the draw for {goal['plies']} plies against the tricky perfect player, from {goal['from']}."
    return f"Stay in for {goal['plies']} plies against two perfect players, from {goal['from']}."


DAILY = 366
"""The daily puzzle is one of this many (a year's worth), picked by the visitor's date."""
DAILY_RATINGS = (1100, 1800)
"""The daily puzzles are rated from the first up to the second, excluded."""


def daily_pool(sets: dict[str, PuzzleFigures], titles: dict[str, str]) -> DailyPool:
    """The puzzles the daily puzzle is picked from (``practice/daily.js``, small enough for the index page):
    two-player puzzles rated within :data:`DAILY_RATINGS`, the first :data:`DAILY` by a digest of their name.

    Examples
    --------
    >>> from vizgen.reports.puzzles import puzzle_figures
    >>> pool = daily_pool({"standard": puzzle_figures("standard")}, {"standard": "Standard"})
    >>> 0 < len(pool["days"]) <= DAILY and all(1100 <= p["r"] < 1800 for p in pool["days"])
    True
    """
    low, high = DAILY_RATINGS
    every = [DailyEntry(id=f"{slug}:{p['position']}", v=slug, p=p["position"], r=p["rating"], t=p["themes"])
             for slug, data in sets.items() if data["players"] == 2 for p in data["puzzles"]
             if low <= p["rating"] < high]
    every.sort(key=lambda p: hashlib.sha256(p["id"].encode()).hexdigest())
    return DailyPool(days=every[:DAILY], titles=titles, themes=THEMES)


def _index(variants: list[Variant], sets: dict[str, PuzzleFigures], why: dict[str, str]) -> PracticeIndex:
    listed: list[PracticeVariant] = []
    puzzles: list[tuple[int, str, int, list[int]]] = []
    goals: list[IndexGoal] = []
    keys = list(THEMES)
    for v in variants:
        data = sets.get(v.slug)
        count = len(data["puzzles"]) if data else 0
        none = None if count else "no position has exactly one good move"
        listed.append(PracticeVariant(slug=v.slug, title=v.title, players=v.params.players, count=count,
                                      why=why.get(v.slug) or none))
        if not data:
            continue
        at = len(listed) - 1
        puzzles += [(at, p["position"], p["rating"], [keys.index(t) for t in p["themes"]]) for p in data["puzzles"]]
        goals += [IndexGoal(id=f"{v.slug}:{k}", v=v.slug, k=k, title=v.title, text=goal_text(g))
                  for k, g in enumerate(data["goals"])]
    # the meaning table is in the contract (contract.js); moves, play and over: the touch board's (core/board.js)
    keep = ("hands", "seats", "ply", "plies", "moves", "play", "over")
    every = words.for_browser()
    return PracticeIndex(variants=listed, puzzles=puzzles, goals=goals, themes=THEMES, keys=keys,
                         words={**{k: every[k] for k in keep}, "practice": words.PRACTICE})


def hands_of(position: str, hands: int) -> list[list[float]]:
    """A position's hands as the page draws them: per player, the player to move first, each hand's fingers
    (a half as .5, a negative hand below 0), read by the engine's own notation reader.

    Parameters
    ----------
    position : str
        The position's notation.
    hands : int
        Hands per player (one hand: ``0-10`` is read as 0 and 10).

    Examples
    --------
    >>> hands_of("12-11", 2), hands_of("−43-−33", 2), hands_of("01-½½", 2), hands_of("11:2-14:1", 2)
    ([[1, 2], [1, 1]], [[-4, 3], [-3, 3]], [[0, 1], [0.5, 0.5]], [[1, 1], [1, 4]])
    """
    return [[int(v) if v == int(v) else float(v) for v in h] for h in Position.parse(position, hands).hands]


def _with_hands(nodes: dict[str, PuzzleNode], hands: int) -> dict[str, PracticeNode]:
    """Each position of ``nodes`` with its hands (``h``: :func:`hands_of`) beside its moves."""
    return {name: PracticeNode(**node, h=hands_of(name, hands)) for name, node in nodes.items()}


def _puzzle(p: Puzzle) -> PracticePuzzle:
    """What the board needs of a puzzle beside the index's entry."""
    out = PracticePuzzle(kind=p["kind"], plies=p["plies"], line=p["line"], value=p["value"])
    if "single" in p:
        out["single"] = p["single"]
    return out


def practice_files(variants: list[Variant], sets: dict[str, PuzzleFigures],
                   why: dict[str, str]) -> dict[str, bytes]:
    """The data files of the practice page (the module's doc), by path.

    Parameters
    ----------
    variants : list of Variant
        The site's variants, in site order.
    sets : dict
        :func:`vizgen.reports.puzzles.puzzle_figures` by slug, for the variants that have puzzles.
    why : dict
        By slug, why a variant has no puzzles (:func:`vizgen.reports.puzzles.practised`).
    """
    files = {"practice/index.js": jsonp("index", _index(variants, sets, why)),
             "practice/daily.js": jsonp("daily", daily_pool(sets, {v.slug: v.title for v in variants}))}
    for v in variants:
        data = sets.get(v.slug)
        if data is None:
            continue
        # with every position shipped (``table``), the puzzles' positions are read there
        n = v.params.hands
        files[f"practice/{v.slug}.js"] = jsonp(v.slug, PracticeData(
            puzzles={p["position"]: _puzzle(p) for p in data["puzzles"]},
            nodes=None if data["table"] else _with_hands(data["nodes"], n),
            goals=data["goals"], table=_with_hands(data["table"], n)))
    return files


def _band(row: CalibrationRow) -> str:
    return f"below {row['to']}" if row["from"] == 0 else f"{row['from']} and up" if row["to"] is None else \
        f"{row['from']}\u2013{row['to'] - 1}"


def practice_context(variants: list[Variant], sets: dict[str, PuzzleFigures], why: dict[str, str],
                     site_title: str) -> dict[str, Any]:  # a template's context: open, read by name by jinja2
    """Everything ``practice.html`` shows besides what its script draws.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> from vizgen.reports.puzzles import puzzle_figures
    >>> v = resolve("standard")
    >>> ctx = practice_context([v], {"standard": puzzle_figures(v)}, {}, "Atlas")
    >>> ctx["total"] == ctx["per_variant"][0]["count"] > 0, ctx["page_title"]
    (True, 'Practice · Atlas')
    """
    every = [p for data in sets.values() for p in data["puzzles"]]
    themes = Counter(t for p in every for t in p["themes"])
    rows = []
    for v in variants:
        data = sets.get(v.slug)
        count = len(data["puzzles"]) if data else 0
        kinds = Counter(p["kind"] for p in data["puzzles"]) if data else Counter()
        rows.append({"slug": v.slug, "title": v.title, "players": v.params.players, "count": count,
                     "kinds": ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())),
                     "goals": len(data["goals"]) if data else 0,
                     "why": why.get(v.slug) or ("" if count else "no position has exactly one good move"),
                     "href": f"{PRACTICE_PATH}?variant={v.slug}", "map": f"variants/{v.slug}.html"})
    table = [{**row, "band": _band(row), "share_pct": _whole(row["puzzles"] / len(every)),
              "fail_pct": _whole(row["fail"]), "weakest_pct": _whole(row["players"][0]),
              "strongest_pct": _whole(row["players"][-1])}
             for row in calibration(every) if row["puzzles"]]
    ladder = [{"name": m.name, "depth": m.depth, "sharpness": f"{m.sharpness:g}", "rating": m.rating,
               "solved_pct": _whole(sum(1 - p["fails"][k] for p in every) / len(every)) if every else _whole(None)}
              for k, m in enumerate(LADDER)]
    return {"root": "", "site_title": site_title, "page_title": f"Practice · {site_title}", "total": len(every),
            "variants_with": sum(1 for r in rows if r["count"]), "per_variant": rows,
            "themes": [{"key": k, "text": THEMES[k], "count": themes[k]} for k in THEMES if themes[k]],
            "calibration": table, "ladder": ladder, "bands": BANDS, "goals": sum(r["goals"] for r in rows),
            "dropped": sum(data.get("dropped", 0) for data in sets.values()),
            "easy": themes["easy"], "never": sum(p["rating"] >= HIGH for p in every), "highest": HIGH}


def _whole(share: float | None) -> str:
    return words.percent(share, decimals=0)  # a fail rate in whole percent, a dash for none
