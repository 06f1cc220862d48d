"""The variant page's tables of positions by value (:func:`vizgen.site.render.contexts.tables`) against a plain sort."""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

from tests.solved import code_page_once
from vizgen.analysis import words
from vizgen.site.render import codepage
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


def test_name_keys_worked_out_block_by_block_sort_as_the_notations(monkeypatch: pytest.MonkeyPatch) -> None:
    """A code page's name keys, a few codes at a time, sort its positions by seat 0's hands, then seat 1's, ...,
    then the swap count, as the notation writes them; each position has its own key."""
    monkeypatch.setattr(codepage, "KEY_BLOCK", 7)
    page = dataclasses.replace(code_page_once("standard:players=3,r=3"))  # its own cached key
    count, seats = page.rules.seats(page.codes)
    rows = list(zip(*(s.tolist() for s in seats), count.tolist(), strict=True))
    assert np.argsort(page.name_key, kind="stable").tolist() == sorted(range(page.n), key=rows.__getitem__)
    assert np.unique(page.name_key).size == page.n
