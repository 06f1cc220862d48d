"""Build the site: gather and check every variant's data, render every page, write once.

Like MkDocs: all data is gathered and checked first (a bad spec fails before
anything is written), every page is rendered from the jinja2 templates, and the
site is written into a temporary folder that replaces the output folder only
when everything succeeded.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vizgen.analysis import Solved, best_edges, solve_variant, stats
from vizgen.export import downloads
from vizgen.graph import check_size
from vizgen.layout import Layout, default_cache_dir, layout_all
from vizgen.render import VariantPage, render_site
from vizgen.sitedir import MARKER, BuildError, check_cache, check_out, prepare, swap_in, write_files
from vizgen.variants import GROUPS, REGISTRY, Variant, resolve, rules_in_words

__all__ = ["BIG", "CATALOGUE", "MARKER", "SITE_MAX_POSITIONS", "BuildError", "BuildReport", "build_site", "gather"]

#: variants with more positions than this get the neighbourhood explorer instead of one graph
BIG = 3000
#: the site's default ceiling on a variant's state space (the engine alone goes to 20 million): four
#: players (50,625) build in seconds, five (759,375) take a quarter of an hour and thousands of files
SITE_MAX_POSITIONS = 250_000
#: the whole built-in catalogue, in the order of its groups
CATALOGUE = tuple(slug for group in GROUPS for slug, v in REGISTRY.items() if v.group == group)
@dataclass(frozen=True)
class BuildReport:
    """What a build wrote: variants, files, pages, bytes and seconds."""

    variants: int
    files: int
    pages: int
    size: int
    seconds: float
    out: Path

    def summary(self) -> str:
        """One line for people."""
        return (f"built {self.variants} variants: {self.pages} pages, {self.files} files, "
                f"{self.size / 1e6:.1f} MB in {self.seconds:.1f} s -> {self.out}")


class _Progress:
    """A one-line progress bar on stderr (plain lines when stderr is not a terminal)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.done, self.enabled = total, 0, enabled
        self.tty = sys.stderr.isatty()

    def step(self, label: str) -> None:
        if not self.enabled:
            return
        self.done += 1
        if self.tty:
            filled = round(28 * self.done / self.total)
            bar = "#" * filled + "-" * (28 - filled)
            print(f"\r[{bar}] {self.done}/{self.total} {label:<40.40}", end="", file=sys.stderr, flush=True)
        else:
            print(f"[{self.done}/{self.total}] {label}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.enabled and self.tty:
            print(file=sys.stderr)


def _page(variant: Variant, spec: str, solved: Solved, layout: Layout) -> VariantPage:
    g, f = solved.graph, solved.forced
    _, seats = g.rules.seats(g.codes)
    sets = g.rules.sets
    hands = tuple(zip(*([sets[i] for i in s.tolist()] for s in seats)))
    figures, best = stats(solved, spec), best_edges(solved)
    as_json, as_graphml = downloads(solved, figures, best)
    return VariantPage(
        slug=variant.slug,
        spec=spec,
        title=variant.title,
        group=variant.group,
        summary=variant.summary,
        rules_text=rules_in_words(variant.params),
        params=variant.params.as_dict(),
        players=g.players,
        start=g.start,
        notation=tuple(g.notations()),
        hands=hands,
        value=f.value,
        winner=f.winner,
        remoteness=f.remoteness,
        terminal=g.terminal,
        depth=g.depth,
        random_win=solved.random_win,
        perfect_win=solved.perfect_win,
        edge_src=g.sources,
        edge_dst=g.indices,
        edge_moves=tuple(g.edge_notations),
        edge_best=best,
        x=layout.x,
        y=layout.y,
        graph_svg=layout.svg,
        thumb_svg=layout.thumb,
        stats=figures,
        graph_json=as_json,
        graphml=as_graphml,
        big=g.n > BIG,
    )


def gather(specs: list[str] | None = None, *, max_positions: int = SITE_MAX_POSITIONS,
           cache_dir: Path | None = None, on_step: Callable[[str], None] | None = None) -> list[VariantPage]:
    """Resolve, solve and lay out variants: everything the pages need.

    Parameters
    ----------
    specs : list of str, optional
        Variant specs (default: the whole built-in catalogue).
    max_positions : int
        Refuse variants with a larger state space.
    cache_dir : pathlib.Path, optional
        Layout cache (default :func:`vizgen.layout.default_cache_dir`).
    on_step : callable, optional
        Called with a label after each of the ``2 * len(specs) + 1`` steps.

    Returns
    -------
    list of VariantPage
        One per spec, in order.

    Raises
    ------
    VariantError
        If a spec is bad or too big; nothing is solved before every spec is checked.
    BuildError
        If two specs would write the same page.
    """
    specs = list(specs) if specs else list(CATALOGUE)
    variants = [resolve(spec) for spec in specs]  # check every spec before any work
    for v in variants:
        check_size(v, max_positions)
    slugs = [v.slug for v in variants]
    for slug in slugs:
        if slugs.count(slug) > 1:
            raise BuildError(f"two variants would both be written as {slug}.html: give each spec once")
    step = on_step or (lambda label: None)
    solved = []
    for v, spec in zip(variants, specs):
        solved.append(solve_variant(v, max_positions))
        step(f"solved {spec}")
    layouts = layout_all(solved, default_cache_dir() if cache_dir is None else cache_dir)
    step("laid out with Graphviz")
    pages = []
    for v, spec, s, lay in zip(variants, specs, solved, layouts):
        pages.append(_page(v, spec, s, lay))
        step(f"gathered {spec}")
    return pages


def build_site(specs: list[str] | None = None, out: str | Path = "site", *,
               max_positions: int = SITE_MAX_POSITIONS, cache_dir: Path | None = None,
               progress: bool = True) -> BuildReport:
    """Build the site into ``out``, replacing it only when everything succeeded.

    The output folder and the cache are checked before any work; the site is
    written beside ``out`` and swapped in at the end (see :mod:`vizgen.sitedir`).

    Parameters
    ----------
    specs : list of str, optional
        Variant specs (default: the whole built-in catalogue).
    out : str or pathlib.Path
        Output folder.
    max_positions : int
        Refuse variants with a larger state space.
    cache_dir : pathlib.Path, optional
        Layout cache (default :func:`vizgen.layout.default_cache_dir`).
    progress : bool
        Show a progress bar and print the summary on stderr.

    Returns
    -------
    BuildReport
        Counts, size and time of the build.

    Raises
    ------
    BuildError
        For an output folder or cache the build cannot use or write.
    """
    began = time.perf_counter()
    out = check_out(out)
    cache_dir = default_cache_dir() if cache_dir is None else cache_dir
    check_cache(cache_dir)
    count = len(specs) if specs else len(CATALOGUE)
    bar = _Progress(2 * count + 3, progress)
    tmp = prepare(out)
    try:
        pages = gather(specs, max_positions=max_positions, cache_dir=cache_dir, on_step=bar.step)
        files = render_site(pages)
        bar.step("rendered the pages")
        files[MARKER] = b"This folder is written by `python -m vizgen build`; it is replaced on every build.\n"
        write_files(tmp, files)
        swap_in(tmp, out)
        bar.step("written")
        bar.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # if this is cut short, the next build removes it
    report = BuildReport(
        variants=len(pages), files=len(files), pages=sum(1 for k in files if k.endswith(".html")),
        size=sum(map(len, files.values())), seconds=time.perf_counter() - began, out=out,
    )
    if progress:
        print(report.summary(), file=sys.stderr)
    return report
