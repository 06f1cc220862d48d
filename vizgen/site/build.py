"""Build the site: gather and check every variant's data, render every page, write once.

Like MkDocs: all data is gathered and checked first (a bad spec fails before
anything is written), every page is rendered from the jinja2 templates, and the
site is written into a temporary folder that replaces the output folder only
when everything succeeded.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from vizgen import __version__
from vizgen.analysis.figures import stats
from vizgen.analysis.solved import solve_variant
from vizgen.engine.graph import check_size
from vizgen.engine.variants import GROUPS, REGISTRY, public_spec, resolve
from vizgen.reports.claims import claims_report
from vizgen.reports.family import DEFAULT_MAX_POSITIONS as FAMILY_MAX_POSITIONS
from vizgen.reports.family import family_figures
from vizgen.reports.guide import GUIDE_MAX_POSITIONS, guide_figures
from vizgen.reports.maxn import REPORT_VERSION, report
from vizgen.site.layout import default_cache_dir, layout_all
from vizgen.site.outdir import MARKER, MARKER_TEXT, BuildError, check_cache, check_out, prepare, swap_in, write_files
from vizgen.site.render import CodePage, VariantPage, page_of, render_site
from vizgen.site.render.assets import environment
from vizgen.site.render.codepage import CODE_PAGE_OVER, code_page_of
from vizgen.site.render.templating import check_templates, compile_templates, explained
from vizgen.util.text import visible

__all__ = ["CATALOGUE", "MARKER", "SITE_MAX_POSITIONS", "BuildError", "BuildReport", "build_site", "gather",
           "maxn_figures"]
#: the site's default ceiling on a variant's state space (the engine alone goes to 200 million): six
#: players (11,390,625 possible positions) fit; over CODE_PAGE_OVER positions a variant gets a code page
SITE_MAX_POSITIONS = 12_000_000
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
            print(f"\r[{bar}] {self.done}/{self.total} {visible(label):<40.40}", end="", file=sys.stderr, flush=True)
        else:
            print(f"[{self.done}/{self.total}] {visible(label)}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.enabled and self.tty:
            print(file=sys.stderr)


def gather(specs: list[str] | None = None, *, max_positions: int = SITE_MAX_POSITIONS,
           cache_dir: Path | None = None, on_step: Callable[[str], None] | None = None) -> list[VariantPage | CodePage]:
    """Resolve, solve and lay out variants: everything the pages need.

    Parameters
    ----------
    specs : list of str, optional
        Variant specs (default: the whole built-in catalogue).
    max_positions : int
        Refuse variants with a larger state space.
    cache_dir : pathlib.Path, optional
        Layout cache (default :func:`vizgen.site.layout.default_cache_dir`).
    on_step : callable, optional
        Called with a label after each of the ``2 * len(specs) + 1`` steps.

    Returns
    -------
    list of VariantPage or CodePage
        One per spec, in order: a code page for a variant of more than
        :data:`~vizgen.site.render.codepage.CODE_PAGE_OVER` positions, laid out with Graphviz otherwise.

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
    # the pages name a variant file by its name alone: no local path reaches the public site
    variants = [replace(v, spec=public_spec(spec)) for v, spec in zip(variants, specs)]
    slugs = [v.slug for v in variants]
    for slug in slugs:
        if slugs.count(slug) > 1:
            raise BuildError(f"two variants would both be written as {slug}.html: give each spec once")
    step = on_step or (lambda label: None)
    solved = []
    for v, spec in zip(variants, specs):
        solved.append(solve_variant(v, max_positions))
        step(f"solved {spec}")
    drawn = [s for s in solved if s.graph.n <= CODE_PAGE_OVER]
    layouts = iter(layout_all(drawn, default_cache_dir() if cache_dir is None else cache_dir))
    step("laid out with Graphviz")
    pages: list[VariantPage | CodePage] = []
    for v, spec, s in zip(variants, specs, solved):
        figures = stats(s, v.spec)
        pages.append(page_of(v, s, next(layouts), figures) if s.graph.n <= CODE_PAGE_OVER
                     else code_page_of(v, s, figures))
        step(f"gathered {spec}")
    return pages


def _maxn_cache(cache_dir: Path) -> Path:
    """Where the max^n report is cached: keyed by the package version and the report's version."""
    key = hashlib.sha256(f"{__version__}/{REPORT_VERSION}".encode()).hexdigest()[:16]
    return cache_dir / f"maxn-report-{key}.json"


def maxn_figures(cache_dir: Path, compute: bool) -> dict | None:
    """The figures of the page "The max^n AI against the exact solution", from the cache or computed.

    The report (:func:`vizgen.reports.maxn.report`: about a minute on two cores,
    five players included) is cached in the layout cache folder; its timings
    are those of the build that computed it, so a cached report keeps the site
    byte-identical from build to build.

    Parameters
    ----------
    cache_dir : pathlib.Path
        The layout cache folder.
    compute : bool
        Compute (and cache) the report when the cache does not hold it.

    Returns
    -------
    dict or None
        The report, or None when it is not cached and ``compute`` is false.
    """
    path = _maxn_cache(cache_dir)
    if path.is_file():
        return json.loads(path.read_text())
    if not compute:
        return None
    data = json.loads(json.dumps(report()))  # the same plain values as a cached copy read back
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    tmp.write_text(json.dumps(data, sort_keys=True, indent=1))
    tmp.replace(path)
    return data


def build_site(specs: list[str] | None = None, out: str | Path = "site", *,
               max_positions: int = SITE_MAX_POSITIONS, cache_dir: Path | None = None,
               templates: str | Path | None = None, progress: bool = True, reports: bool | None = None,
               family_max_positions: int = FAMILY_MAX_POSITIONS) -> BuildReport:
    """Build the site into ``out``, replacing it only when everything succeeded.

    The output folder and the cache are checked before any work; the site is
    written beside ``out`` and swapped in at the end (see :mod:`vizgen.site.outdir`).

    Parameters
    ----------
    specs : list of str, optional
        Variant specs (default: the whole built-in catalogue).
    out : str or pathlib.Path
        Output folder.
    max_positions : int
        Refuse variants with a larger state space.
    cache_dir : pathlib.Path, optional
        Layout cache (default :func:`vizgen.site.layout.default_cache_dir`).
    templates : str or pathlib.Path, optional
        A folder of page templates that take the place of the built-in ones of the same name.
    progress : bool
        Show a progress bar and print the summary on stderr.
    reports : bool, optional
        The report pages: the max^n AI against the exact solution (:func:`maxn_figures`), the
        family in figures and the published claims, all cached in the layout cache. True computes
        what the cache lacks, False leaves them out; None (default) computes them for a
        whole-catalogue build and, so that ``build --variant X`` stays fast, adds only the max^n
        page to a build of chosen variants, and only when the cache holds it.
    family_max_positions : int
        The family page solves variants with at most this many possible positions.

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
    if templates is not None:
        templates = check_templates(templates)
        if out == templates.resolve() or out in templates.resolve().parents:
            raise BuildError(f"--templates {templates} is inside --out {out}, which the build replaces whole; "
                             "keep the templates elsewhere")
        compile_templates(environment(templates), templates)  # a syntax error is found before any work
    cache = default_cache_dir() if cache_dir is None else cache_dir
    check_cache(cache)
    count = len(specs) if specs else len(CATALOGUE)
    bar = _Progress(2 * count + 4 + 2 * (reports if reports is not None else not specs), progress)
    tmp = prepare(out)
    try:
        pages = gather(specs, max_positions=max_positions, cache_dir=cache, on_step=bar.step)
        guides = {page.slug: {**guide_figures(spec, cache), "spec": page.variant.spec}  # the public spec only
                  for page, spec in zip(pages, specs or CATALOGUE)
                  if page.players == 2 and not page.code and page.n <= GUIDE_MAX_POSITIONS}
        bar.step("how to play each game")
        whole = reports if reports is not None else not specs
        figures = None if reports is False else maxn_figures(cache, whole)
        family = claims = None
        if whole:
            family = family_figures(max_positions=family_max_positions, cache_dir=cache,
                                    known={p.variant.params: p.stats for p in pages})
            bar.step("the family in figures")
            claims = claims_report(cache)
            bar.step("published claims checked")
        try:
            files = render_site(pages, templates=templates, maxn=figures, family=family, claims=claims,
                                guides=guides)
        except Exception as exc:  # a user template's fault is one line naming its file and line
            problem = explained(exc) if templates is not None else None
            if problem is None:
                raise
            raise problem from None
        bar.step("rendered the pages")
        files[MARKER] = MARKER_TEXT
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
        print(visible(report.summary()), file=sys.stderr)
    return report
