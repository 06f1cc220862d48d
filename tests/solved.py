"""Solved variants and code pages the tests share, each computed once per test run."""

from __future__ import annotations

import functools

from vizgen.analysis.figures import stats
from vizgen.analysis.solved import Solved, solve_variant
from vizgen.engine.spec import resolve
from vizgen.site.render import CodePage
from vizgen.site.render.codepage import code_page_of


@functools.cache
def solved_once(spec: str) -> Solved:
    """The variant ``spec``, solved (once)."""
    return solve_variant(resolve(spec))


@functools.cache
def code_page_once(spec: str) -> CodePage:
    """The code page of the variant ``spec`` (once), whatever its size."""
    s = solved_once(spec)
    return code_page_of(s.variant, s, stats(s, spec))
