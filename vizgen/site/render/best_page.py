"""The page "Which Chopsticks is the best game?" (``best.html``) and its data (``best-data.js``), from the judged
r = 5 record (:mod:`vizgen.reports.best`'s figures).

The page itself says, with no script, the family's answer (fair, rarely drawn, over in 20 plies), the top ten with
a card each, the standard game's rank on every measure and the rule changes that improve it; its script
(``static/js/best/``) reads ``best-data.js`` for the boxes of what a group wants, the ranking by any measure and the
scatter of the space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import jinja2

from vizgen.analysis.rulebook import rules_in_words
from vizgen.analysis.units import UNITS, count, ply_note
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.reports.best import (
    FAMILY,
    MEASURES,
    PART_WORDS,
    TOP,
    WANTS,
    WEIGHTS,
    BestFigures,
    BestRow,
    best_figures,
    judgements,
    wants_key,
)
from vizgen.reports.judge import PLAYERS, in_unit
from vizgen.site.render.datafiles import jsonp
from vizgen.site.render.payloads import BestData, BestMeasure, BestShown, BestWant

if TYPE_CHECKING:
    from vizgen.reports.judged_space import JudgedSpace

__all__ = ["BEST_DATA", "BEST_PAGE", "best_context", "best_data", "best_files", "best_of_record", "family_pick",
           "record_meta", "written"]

BEST_PAGE = "best.html"
BEST_DATA = "best-data.js"


def written(value: float | None, unit: str) -> str:
    """A measure in its unit, as ``vizgen judge`` writes it (:func:`vizgen.reports.judge.in_unit`), a count of
    levels or positions as a count; ``not judged`` where it is not.

    Examples
    --------
    >>> written(0.09, "points"), written(20, "plies"), written(5, "levels"), written(None, "share")
    ('+0.090 points', '20 plies', '5 levels', 'not judged')
    """
    if value is None:
        return "not judged"
    if unit in ("levels", "positions"):
        return f"{count(int(value))} {unit}"
    return in_unit(value, unit) + (" points" if unit == "points" else "")


def _shown(row: BestRow) -> BestShown:
    """A game as the page shows it: its row and each figure written, the composite in points."""
    return BestShown(**row, play="rules.html?rules=" + quote(row["spec"], safe=":,="),
                     shown=[written(v, m.unit) for v, m in zip(row["values"], MEASURES)],
                     score="not scored" if row["composite"] is None else f"{row['composite']:.1f} points")


def _measures() -> list[BestMeasure]:
    """The measures as the page heads them, the composite first."""
    return [BestMeasure(key="composite", title="composite score", player="",
                        meaning="the weighted sum of fairness, few draws, skill depth, drama and how long a game stays "
                                "open (docs/JUDGE.md): higher is better", unit="points", first="best first"),
            *(BestMeasure(key=m.key, title=m.title, player=m.player and f"{m.player} play", meaning=m.meaning,
                          unit=m.unit, first=m.first) for m in MEASURES)]


def best_data(figures: BestFigures, covered: str) -> BestData:
    """The page's data file's payload: the measures, the wants, the games shown, the lists and the scatter, and
    how much of the space the record covers (``covered``, :func:`coverage`)."""
    return BestData(coverage=covered, measures=_measures(),
                    wants=[BestWant(key=w.key, label=w.label, words=w.words) for w in WANTS],
                    family=list(FAMILY), rows=[_shown(r) for r in figures["rows"]], lists=figures["lists"],
                    passing=figures["passing"], standard=figures["standard"], axes=figures["axes"],
                    cells=figures["cells"], games=figures["games"], units=UNITS)


def _card(row: BestRow) -> dict[str, Any]:  # a template's context: open, read by name by jinja2
    """A game's card: its rule set, its changes and its rules in plain words (the rules page's book)."""
    return {**_shown(row), "rules": rules_in_words(resolve(row["spec"]).params)}


def best_context(figures: BestFigures, meta: dict[str, Any]) -> dict[str, Any]:  # jinja2 context, read by name
    """Everything ``best.html`` shows: the measures, the family's answer, the top ten's cards, the standard game's
    ranks and improvements, and how the record was made (``meta``: command, date, machine, seconds)."""
    rows = figures["rows"]
    measures = _measures()
    family = wants_key(FAMILY)
    return {"f": figures, "meta": meta, "coverage": coverage(meta, figures["rule_sets"]), "measures": measures,
            "wants": WANTS, "players": PLAYERS, "top_n": TOP,
            "weights": [(next(m for m in measures if m["key"] == k), w, PART_WORDS[k]) for k, w in WEIGHTS.items()],
            "family_keys": FAMILY, "ply_note": ply_note(2),
            "family": [_shown(rows[k]) for k in figures["lists"][f"{family}|composite"]],
            "family_count": figures["passing"][family], "family_wants": [w for w in WANTS if w.key in FAMILY],
            "top": [_card(rows[k]) for k in figures["top"]], "standard": _shown(rows[figures["standard"]]),
            "ranks": [{**r, "measure": m, "written": written(r["value"], m["unit"]) if m["key"] != "composite" else
                       _shown(rows[figures["standard"]])["score"]}
                      for r, m in zip(figures["ranks"], measures)],
            "better_one": [_shown(rows[k]) for k in figures["better_one"]],
            "better_two": [_shown(rows[k]) for k in figures["better_two"]],
            "variants": [{**v, "shown": None if v["row"] is None else _shown(rows[v["row"]])}
                         for v in figures["variants"]],
            "data": BEST_DATA.removesuffix(".js")}


def best_of_record(variants: list[Variant] | None = None) -> tuple[BestFigures, dict[str, Any]]:
    """The page's figures (:func:`vizgen.reports.best.best_figures`, with a row for each of ``variants``) and the
    record's :func:`record_meta`, from the committed judged record: worked out once a build, for the page and the
    index alike."""
    from vizgen.reports.judged_space import load_judged  # the judged record (#46 item 2's), read at once

    record = load_judged()
    return best_figures(judgements(record), variants), record_meta(record)


def family_pick(figures: BestFigures, meta: dict[str, Any]) -> dict[str, Any] | None:  # a template's context
    """The best game for the family's question (fair, rarely drawn, over in 20 plies) by the composite, with how
    much of the space the record covers (``figures`` and ``meta`` as :func:`best_of_record` gives them): the index
    plays it at once; None when no judged game gives all three."""
    top = figures["lists"][f"{wants_key(FAMILY)}|composite"]
    covered = coverage(meta, figures["rule_sets"])
    return {**_shown(figures["rows"][top[0]]), "coverage": covered} if top else None


def coverage(meta: dict[str, Any], rule_sets: int) -> str:
    r"""How much of the space the judged record covers, said beside every ranking and the scatter: every ranking
    and filter is of the judged games only.

    Examples
    --------
    >>> print(coverage({"games": 2000, "space_games": 343608, "played": 2000, "max_positions": 1000},
    ...                4444).replace("\u202f", " ").replace(" (", "\n("))
    Judged so far: 2 000 of 343 608 distinct games, the 4 444 rule sets of them
    (the first games in the space record's order); everything here ranks those only.
    >>> coverage({"games": 5, "space_games": 5, "played": 5, "max_positions": 1000}, 9)
    'Judged: all 5 distinct games, their 9 rule sets.'
    >>> print(coverage({"games": 5, "space_games": 5, "played": 3, "max_positions": 1000},
    ...                9).replace("\u202f", " ").replace("; ", "\n"))
    Judged: all 5 distinct games, their 9 rule sets. The 3 games of up to 1 000 positions are judged by every measure
    the 2 larger ones by perfect play and their size only, so the rankings, the filters and the scatter are of the 3.
    """
    if meta["games"] >= meta["space_games"]:
        said = f"Judged: all {count(meta['space_games'])} distinct games, their {count(rule_sets)} rule sets."
    else:
        said = (f"Judged so far: {count(meta['games'])} of {count(meta['space_games'])} distinct games, the "
                f"{count(rule_sets)} rule sets of them (the first games in the space record's order); everything "
                "here ranks those only.")
    if meta["played"] < meta["games"]:
        said += (f" The {count(meta['played'])} games of up to {count(meta['max_positions'])} positions are judged "
                 f"by every measure; the {count(meta['games'] - meta['played'])} larger ones by perfect play and "
                 f"their size only, so the rankings, the filters and the scatter are of the {count(meta['played'])}.")
    return said


def record_meta(record: JudgedSpace) -> dict[str, Any]:  # a template's context: open, read by name by jinja2
    """How the judged record was made, as the page says it: its command, date, machine, CPU and wall seconds, and
    how many of the space's games it judges, and how many of them it plays through the chains (``played``, those
    of up to ``max_positions`` positions)."""
    bound = record["max_positions"]
    played = sum(p <= bound for p in record["columns"]["positions"])
    return {key: record[key] for key in ("command", "date", "machine", "cpu_seconds", "wall_seconds", "games",
                                         "max_positions")} | {"space_games": record["space"]["games"],
                                                              "played": played}


# base: the template context every page shares (open, read by name by jinja2)
def best_files(env: jinja2.Environment, base: dict[str, Any], figures: BestFigures,
               meta: dict[str, Any]) -> dict[str, bytes]:
    """``best.html`` and ``best-data.js`` from the page's ``figures`` and the record's ``meta``
    (:func:`best_of_record`, or figures of a made-up space in the tests)."""
    context = {**base, "page_title": f"Which Chopsticks is the best game? · {base['site_title']}",
               "share": {**base["share"], "path": BEST_PAGE}, **best_context(figures, meta)}
    return {BEST_PAGE: env.get_template(BEST_PAGE).render(context).encode(),
            BEST_DATA: jsonp(BEST_DATA.removesuffix(".js"), best_data(figures, coverage(meta, figures["rule_sets"])))}
