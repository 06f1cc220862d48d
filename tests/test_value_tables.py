"""The variant page's tables of positions by value (:func:`vizgen.site.render.contexts.tables`) against a plain sort."""

from __future__ import annotations

import itertools

import pytest

from tests.solved import code_page_once
from vizgen.analysis import words
from vizgen.site.render.contexts import tables


def plain_tables(page: object, limit: int | None) -> list[tuple[str, int, list[str], int]]:
    """Each row as (label, count, names shown, more): every position sorted by a tuple, then grouped."""
    code, n, k = page.verdicts
    sections = tables(page, None)  # only for the order of the sections' classes
    rank = {sec["cls"]: j for j, sec in enumerate(sections)}
    cls = [words.VERDICTS[c].cls for c in code.tolist()]
    row = [(rank[cls[i]], int(k[i]), int(n[i]), int(code[i])) for i in range(page.n)]
    order = sorted(range(page.n), key=lambda i: (row[i], int(page.name_key[i])))
    out = []
    for key, group in itertools.groupby(order, key=lambda i: row[i]):
        members = list(group)
        shown = members if limit is None else members[:limit]
        out.append((words.say(key[3], key[2], key[1], short=True), len(members), page.names(shown),
                    len(members) - len(shown)))
    return out


@pytest.mark.parametrize("spec", ["standard", "swaps", "standard:players=3,r=3", "four-players:r=2"])
@pytest.mark.parametrize("limit", [None, 1, 5])
def test_rows_name_their_first_positions_in_notation_order(spec: str, limit: int | None) -> None:
    page = code_page_once(spec)
    got = [(r["label"], r["count"], r["positions"], r["more"]) for sec in tables(page, limit) for r in sec["rows"]]
    assert got == plain_tables(page, limit)
    assert sum(r[1] for r in got) == page.n
