"""Build the site: gather and check every variant's data, render every page, write once.

Like MkDocs: all data is gathered and checked first (a bad spec fails before
anything is written), every page is rendered from the jinja2 templates, and the
site is written into a temporary folder that replaces the output folder only
when everything succeeded.

Everything computed is kept in the cache (:class:`vizgen.util.cache.Cache`):
solved variants, layouts, the three reports and each variant's rendered
files, keyed by what they are computed from, so a second build of the same
site reads them back (:mod:`vizgen.site.build.pages`) and writes the same bytes.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from vizgen.analysis.figures import stats
from vizgen.analysis.stored import solve_stored
from vizgen.engine.graph import check_size
from vizgen.engine.spec import public_spec, resolve
from vizgen.engine.variants import GROUPS, REGISTRY, Variant
from vizgen.reports.claims import claims_report
from vizgen.reports.family import family_figures
from vizgen.reports.maxn import MaxnReport, site_report
from vizgen.site.build.pages import practice_sets, rendered_variants
from vizgen.site.drawing.layout import layout_all
from vizgen.site.output.docs import DOCS_WORK, DocsJob, build_docs, check_docs, docs_failed, docs_files
from vizgen.site.output.outdir import MARKER, BuildError, check_cache, check_out, marker, prepare, swap_in, write_files
from vizgen.site.render import CodePage, VariantPage, page_of, render_front, site_preview
from vizgen.site.render.assets import environment
from vizgen.site.render.codepage import code_page_of
from vizgen.site.render.templating import check_templates, compile_templates, explained
from vizgen.util import sizes
from vizgen.util.cache import Cache, Entry, Notice, code_version, default_folder
from vizgen.util.processes import Background
from vizgen.util.text import quote, visible

__all__ = ["CATALOGUE", "MARKER", "BuildError", "BuildReport", "build_site", "gather", "maxn_figures"]

#: the whole built-in catalogue, in the order of its groups
CATALOGUE = tuple(slug for group in GROUPS for slug, v in REGISTRY.items() if v.group == group)
#: the code that computes the max^n report and its recorded timing table (the cache's program version)
MAXN_CODE = ("util", "engine", "analysis", "ai", "reports/maxn.py", "reports/maxn_timing.json")


@dataclass(frozen=True)
class BuildReport:
    """What a build wrote: variants, files, pages, bytes and seconds."""

    variants: int
    files: int
    pages: int
    size: int
    seconds: float
    out: Path
    reports: bool = True

    def summary(self) -> str:
        """One line for people: what was built, and whether the report pages are in it."""
        which = "with the report pages" if self.reports else "without the report pages (--reports adds them)"
        return (f"built {self.variants} variants {which}: {self.pages} pages, {self.files} files, "
                f"{self.size / 1e6:.1f} MB in {self.seconds:.1f} s -> {self.out}")


class _Progress:
    """A one-line progress bar on stderr (plain lines when stderr is not a terminal)."""

    def __init__(self, total: int, enabled: bool, hook: Callable[[str], None] | None = None) -> None:
        self.total, self.done, self.enabled, self.hook = total, 0, enabled, hook
        self.tty = sys.stderr.isatty()

    def more(self, steps: int) -> None:
        """Work found on the way (variants the cache did not hold)."""
        self.total += steps

    def step(self, label: str) -> None:
        if self.hook is not None:
            self.hook(label)
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


def checked(specs: list[str], max_positions: int | None = None, max_memory: int | None = None) -> list[Variant]:
    """Resolve every spec and check its size (:func:`vizgen.engine.graph.check_size`, survival included):
    nothing is solved before every spec passes.

    Raises
    ------
    VariantError
        If a spec is bad or too big.
    BuildError
        If two specs would write the same page.
    """
    variants = [resolve(spec) for spec in specs]
    limit = sizes.SITE_MAX_POSITIONS if max_positions is None else max_positions
    for v in variants:
        check_size(v, limit, max_memory, survival=True)
    # the pages name a variant file by its name alone: no local path reaches the public site
    variants = [replace(v, spec=public_spec(spec)) for v, spec in zip(variants, specs)]
    slugs = [v.slug for v in variants]
    for slug in slugs:
        if slugs.count(slug) > 1:
            raise BuildError(f"two variants would both be written as {slug}.html: give each spec once")
    return variants


def gather(specs: list[str] | None = None, *, max_positions: int | None = None, max_memory: int | None = None,
           cache_dir: Path | None = None, on_step: Callable[[str], None] | None = None) -> list[VariantPage | CodePage]:
    """Resolve, solve and lay out variants: everything the pages need.

    Parameters
    ----------
    specs : list of str, optional
        Variant specs (default: the whole built-in catalogue).
    max_positions : int, optional
        Refuse variants with a larger state space (default :data:`vizgen.util.sizes.SITE_MAX_POSITIONS`).
    max_memory : int, optional
        Bytes a solve may take (default: the memory at hand, :func:`vizgen.util.sizes.memory_available`).
    cache_dir : pathlib.Path, optional
        The cache of solved variants and layouts (default :func:`vizgen.util.cache.default_folder`).
    on_step : callable, optional
        Called with a label after each of the ``2 * len(specs) + 1`` steps.

    Returns
    -------
    list of VariantPage or CodePage
        One per spec, in order: a code page for a variant of more than
        :data:`vizgen.util.sizes.CODE_PAGE_OVER` positions, laid out with Graphviz otherwise.

    Raises
    ------
    VariantError
        If a spec is bad or too big; nothing is solved before every spec is checked.
    BuildError
        If two specs would write the same page.
    """
    specs = list(specs) if specs else list(CATALOGUE)
    variants = checked(specs, max_positions, max_memory)
    cache = Cache(default_folder() if cache_dir is None else cache_dir)
    return _gather(variants, specs, cache, max_positions, max_memory, on_step)


def _gather(variants: list[Variant], specs: list[str], cache: Cache, max_positions: int | None,
            max_memory: int | None, on_step: Callable[[str], None] | None) -> list[VariantPage | CodePage]:
    """:func:`gather` of checked variants, through one cache."""
    limit = sizes.SITE_MAX_POSITIONS if max_positions is None else max_positions
    step = on_step or (lambda label: None)
    solved = []
    for v, spec in zip(variants, specs):
        solved.append(solve_stored(v, cache, limit, max_memory))
        step(f"solved {spec}")
    drawn = [s for s in solved if sizes.page_kind(s.graph.n) != "code"]
    layouts = iter(layout_all(drawn, cache))
    step("laid out with Graphviz")
    pages: list[VariantPage | CodePage] = []
    for v, spec, s in zip(variants, specs, solved):
        figures = stats(s, v.spec)
        pages.append(code_page_of(v, s, figures) if sizes.page_kind(s.graph.n) == "code"
                     else page_of(v, s, next(layouts), figures))
        step(f"gathered {spec}")
    return pages


def _maxn_check(entry: Entry) -> str | None:
    keys = {"paper", "settings", "branching", "quality", "tournament", "timing", "timing_measured"}
    return None if isinstance(entry.data, dict) and set(entry.data) == keys else "not a max^n report"


def maxn_figures(cache: Cache) -> MaxnReport:
    """The figures of the page "The max^n AI against the exact solution", from the cache or computed.

    :func:`vizgen.reports.maxn.site_report`: about a minute of one core (five
    players included), the same figures every time (its timing table is the
    recorded one), so a build writes the same page whatever the cache held.
    """
    figures: MaxnReport = cache.fetch("maxn", "site", code_version(*MAXN_CODE), lambda: Entry(data=site_report()),
                                      _maxn_check).data
    return figures


def _warm_reports(folder: str) -> list[Notice]:
    """In a worker process (:class:`vizgen.util.processes.Background`): the max^n report and the published
    claims computed into the cache, where the build reads them; the cache's warnings, for the build to say."""
    cache = Cache.keeping(Path(folder))
    maxn_figures(cache)
    claims_report(cache)
    return cache.kept


def _reports_aside(cache: Cache) -> Background | None:
    """Start computing the max^n report and the claims on the other core while the variants are solved and
    rendered, unless the cache holds the max^n report (None: there is nothing long to wait for)."""
    if cache.folder is None or cache.get("maxn", "site", code_version(*MAXN_CODE), _maxn_check) is not None:
        return None
    return Background(_warm_reports, str(cache.folder))


@contextlib.contextmanager
def _explained(templates: Path | None) -> Iterator[None]:
    """Rendering with user templates: a template's fault becomes one line naming its file and line."""
    try:
        yield
    except Exception as exc:
        problem = explained(exc) if templates is not None else None
        if problem is None:
            raise
        raise problem from None


def _apart(cache: Path, out: Path) -> None:
    """Refuse a cache folder that is the output folder, inside it or holding it: a build replaces its output."""
    try:
        cache = cache.resolve()
    except (OSError, RuntimeError):
        return  # check_cache reports it
    where = quote(str(cache))
    if cache == out or out in cache.parents:
        inside = "is" if cache == out else "is inside"
        raise BuildError(f"the cache {where} ($VIZGEN_CACHE) {inside} the output folder {quote(str(out))}, which "
                         "every build replaces: keep them apart (another --out or VIZGEN_CACHE)")
    if cache in out.parents:
        raise BuildError(f"the output folder {quote(str(out))} is inside the cache {where} ($VIZGEN_CACHE): keep "
                         "them apart (another --out or VIZGEN_CACHE)")


def build_site(specs: list[str] | None = None, out: str | Path = "site", *,
               max_positions: int | None = None, max_memory: int | None = None, cache_dir: Path | None = None,
               templates: str | Path | None = None, progress: bool = True, reports: bool | None = None,
               family_max_positions: int | None = None, site_url: str | None = None,
               on_step: Callable[[str], None] | None = None, force: bool = False,
               docs: bool = False) -> BuildReport:
    """Build the site into ``out``, replacing it only when everything succeeded.

    The output folder and the cache are checked before any work; the site is
    written beside ``out`` and swapped in at the end (see :mod:`vizgen.site.output.outdir`).
    What is written depends on the arguments only, never on what the cache holds.

    Parameters
    ----------
    specs : list of str, optional
        Variant specs (default: the whole built-in catalogue).
    out : str or pathlib.Path
        Output folder: missing, empty, or a site a build wrote and nothing was added to or changed in since
        (:func:`vizgen.site.output.outdir.check_out`).
    max_positions : int, optional
        Refuse variants with a larger state space (default :data:`vizgen.util.sizes.SITE_MAX_POSITIONS`).
    max_memory : int, optional
        Bytes a solve may take (default: the memory at hand, :func:`vizgen.util.sizes.memory_available`).
    cache_dir : pathlib.Path, optional
        The cache (default :func:`vizgen.util.cache.default_folder`); not the output folder, inside it or
        holding it.
    templates : str or pathlib.Path, optional
        A folder of page templates that take the place of the built-in ones of the same name.
    progress : bool
        Show a progress bar and print the summary on stderr.
    reports : bool, optional
        The report pages: the max^n AI against the exact solution (:func:`maxn_figures`), the
        family in figures and the published claims, all cached. True adds them, False leaves them
        out; None (default) adds them to a whole-catalogue build and leaves them out of a build of
        chosen variants (``build --variant X`` stays fast). The summary says which.
    family_max_positions : int, optional
        The family page solves variants with at most this many possible positions
        (default :data:`vizgen.util.sizes.FAMILY_MAX_POSITIONS`).
    site_url : str, optional
        Where the site is published: Open Graph and Twitter tags with absolute addresses and preview pictures.
    on_step : callable, optional
        Called with the label of each step the progress bar counts, as it ends ("solved standard", "laid out
        with Graphviz", "rendered standard", "the max^n report", ...): ``benchmarks/site.py`` times the phases so.
    force : bool
        Replace ``out`` whatever it holds, if it carries the site's marker (``build --force``).
    docs : bool
        Build the documentation (``mkdocs.yml`` of the current folder) into the site's ``docs/``, strict, in a
        worker process beside the rest (:mod:`vizgen.site.output.docs`); every page's header then links to it. Needs
        MkDocs (the test extras), checked before any work.

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
    out = check_out(out, force)
    if templates is not None:
        templates = check_templates(templates)
        if out == templates.resolve() or out in templates.resolve().parents:
            raise BuildError(f"--templates {quote(str(templates))} is inside --out {quote(str(out))}, which the build "
                             "replaces whole; "
                             "keep the templates elsewhere")
        compile_templates(environment(templates), templates)  # a syntax error is found before any work
    docs_config = check_docs() if docs else None  # MkDocs and mkdocs.yml are there, before any work
    folder = default_folder() if cache_dir is None else Path(cache_dir)
    _apart(folder, out)
    check_cache(folder)
    chosen = list(specs) if specs else list(CATALOGUE)
    whole = reports if reports is not None else not specs
    variants = checked(chosen, max_positions, max_memory)
    cache = Cache(folder)
    bar = _Progress(len(chosen) + 3 + 3 * whole + docs, progress, on_step)
    tmp = prepare(out)
    aside = writing_docs = None
    try:
        if docs_config is not None:
            writing_docs = Background(build_docs, DocsJob(docs_config, tmp / DOCS_WORK))
        aside = _reports_aside(cache) if whole else None
        def pages() -> list[VariantPage | CodePage]:
            bar.more(2 * len(chosen) + 1)
            return _gather(variants, chosen, cache, max_positions, max_memory, bar.step)

        with _explained(templates):
            site = rendered_variants(variants, cache, pages, templates=templates, site_url=site_url, on_step=bar.step,
                                     docs=docs, scored=whole)
        figures = family = claims = None
        if whole:
            if aside is not None:
                cache.relay(aside.result())  # the reports are in the cache now (computed again here only if it
                # cannot hold them)
            figures = maxn_figures(cache)
            bar.step("the max^n report")
            family = family_figures(max_positions=family_max_positions, cache=cache,
                                    known={v.params: dict(site.stats[v.slug]) for v in variants})
            bar.step("the family in figures")
            claims = claims_report(cache)
            bar.step("published claims checked")
        practice = practice_sets(site.order, cache)
        bar.step("the practice puzzles")
        with _explained(templates):
            files = {**site.files, **render_front(site.order, [site.cards[v.slug] for v in site.order],
                                                  templates=templates, maxn=figures, family=family, claims=claims,
                                                  site_url=site_url, preview_png=site_preview(site.files, site.order),
                                                  practice=practice, docs=docs)}
        bar.step("rendered the pages")
        if writing_docs is not None:
            failed = writing_docs.result()
            if failed:
                raise docs_failed(failed)
            files.update(docs_files(tmp / DOCS_WORK))  # the marker lists them: the next build knows them for ours
            bar.step("the documentation")
        files[MARKER] = marker(files)
        write_files(tmp, files)
        swap_in(tmp, out, force)
        bar.step("written")
        bar.close()
    finally:
        for work in (aside, writing_docs):
            if work is not None:
                work.stop()
        shutil.rmtree(tmp, ignore_errors=True)  # if this is cut short, the next build removes it
    report = BuildReport(
        variants=len(variants), files=len(files), pages=sum(1 for k in files if k.endswith(".html")),
        size=sum(map(len, files.values())), seconds=time.perf_counter() - began, out=out, reports=whole,
    )
    if progress:
        print(visible(report.summary()), file=sys.stderr)
    return report
