"""Shared set-up: real solved variants made into site pages; the site served to a headless browser."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.browsing import ARGS, CHROMIUM, Tabs, Watch, playwright, served, write_site
from vizgen.site.build import gather
from vizgen.site.render import VariantPage, render_site


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--catalogue", action="store_true",
                     help="run the tests marked catalogue: the whole catalogue built cold and warm, the seven-player "
                          "record computed again (minutes and gigabytes; CI runs them in a job of their own)")


#: the package's doctests that take a second or more, by the end of their name (module and function): in the slow
#: lane, for the fast lane's 60 s (issue #49)
SLOW_DOCTESTS = {
    "space.space_figures": "counts the figures of the 954,368 rule sets' record (4 CPU s)",
    "space_page.space_data": "writes the data of the 954,368 rule sets (2 CPU s)",
    "space.space_effects": "counts each rule's pairs over the 954,368 rule sets' record (2 CPU s)",
    "space.space_summary": "counts the 954,368 rule sets' record by value and each rule's pairs (2 CPU s)",
    "space.space_summaries": "counts every recorded space's rule sets and each rule's pairs (2 CPU s a space)",
    "space_page.wider_context": "counts the 954,368 rule sets' record by value and each rule's pairs (2 CPU s)",
    "space.sample_space": "solves a task of 512 combinations of the r = 2 space (1 CPU s)",
    "maps.map_payload": "solves two variants and lays them out with Graphviz (1.2 CPU s)",
    "maps.peers_of": "solves two variants and lays them out with Graphviz (1.2 CPU s)",
    "maps.thumb": "solves two variants and lays them out with Graphviz (1 CPU s)",
    "best.judgements": "reads the judged record and the space's (0.75 CPU s)",
}


def _catalogue_cases(items: list[pytest.Item]) -> None:
    """Mark ``catalogue`` the cases a test's ``catalogue_cases(*ids, reason=...)`` mark names (the larger forms of
    a behaviour the whole suite keeps a case of); a named case the test does not have is an error, checked where
    the run collected more than one of its cases (a run of one case by its id cannot tell)."""
    cases: dict[str, tuple[pytest.Mark, set[str]]] = {}
    for item in items:
        mark = item.get_closest_marker("catalogue_cases")
        if mark is None or not isinstance(item, pytest.Function) or not hasattr(item, "callspec"):
            continue
        cases.setdefault(item.nodeid.split("[")[0], (mark, set()))[1].add(item.callspec.id)
        if item.callspec.id in mark.args:
            item.add_marker(pytest.mark.catalogue(reason=mark.kwargs["reason"]))
    for test, (mark, seen) in cases.items():
        unknown = sorted(set(mark.args) - seen)
        if len(seen) > 1 and unknown:
            raise pytest.UsageError(f"{test}: catalogue_cases names cases it does not have: {unknown}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The doctests of :data:`SLOW_DOCTESTS` are slow; the cases a ``catalogue_cases`` mark names are catalogue
    tests; the catalogue tests run only with ``--catalogue`` (``python -m pytest --catalogue -m catalogue``)."""
    for item in items:
        reason = next((why for name, why in SLOW_DOCTESTS.items()
                       if isinstance(item, pytest.DoctestItem) and item.name.endswith(f".{name}")), None)
        if reason:
            item.add_marker(pytest.mark.slow(reason=reason))
    _catalogue_cases(items)
    if config.getoption("--catalogue"):
        return
    skip = pytest.mark.skip(reason="the whole-catalogue lane: python -m pytest --catalogue -m catalogue")
    for item in items:
        if "catalogue" in item.keywords:
            item.add_marker(skip)


#: the fast lane's Hypothesis profile (``--hypothesis-profile=fast``): each property test draws a quarter of the
#: examples it draws in the suite (tests.strategies.examples)
settings.register_profile("fast", max_examples=25)

#: the classic game, a tiny one, a small three-player one and a big three-player one (the explorer)
SITE_SPECS = ("standard", "standard:r=3", "standard:players=3,r=3", "three-players")


def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A cache folder for a session's fixtures: with pytest-xdist (``-n 2``) one for all the workers of the run,
    so a variant one worker solved and laid out is read by the other (the cache's entries are written whole and
    renamed into place); without it, the session's own."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return tmp_path_factory.mktemp(name)
    folder = tmp_path_factory.getbasetemp().parent / name  # the run's folder above each worker's own
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's cache of solved variants and layouts for the fixtures that gather pages: a variant is solved and
    laid out once a run, whichever module and worker needs it first (:func:`shared_folder`)."""
    return shared_folder(tmp_path_factory, "layouts")


@contextlib.contextmanager
def _variants_held(cache: Path, specs: list[str]) -> Iterator[None]:
    """Hold the run's lock of each of ``specs``' variants (a file of the cache's folder), taken in the order of the
    specs' names, so two workers never wait for each other."""
    locks = cache / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as held:
        for spec in sorted(set(specs)):
            lock = held.enter_context(open(locks / f"{hashlib.sha256(spec.encode()).hexdigest()[:16]}", "w"))
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="session")
def shared_gather(shared_cache: Path) -> Callable[[list[str]], list[VariantPage]]:
    """``gather(specs)`` through the run's cache, each variant gathered by one worker at a time: a worker that
    needs a variant the other is laying out waits for it and reads the layout from the cache, instead of laying it
    out again (four players: ten seconds of Graphviz)."""

    def _gather(specs: list[str]) -> list[VariantPage]:
        with _variants_held(shared_cache, specs):
            return gather(list(specs), cache_dir=shared_cache)

    return _gather


@pytest.fixture(scope="session")
def shared_build(shared_cache: Path) -> Callable[[list[str], Path], Path]:
    """``build(specs, out)``: :func:`vizgen.site.build.build_site` of ``specs`` into ``out`` through the run's
    cache, holding the variants' locks (as :func:`shared_gather` does), so that the layouts and the practice
    puzzles one worker computes are read by the other from the cache instead of computed again at the same
    time; ``out``."""
    from vizgen.site.build import build_site

    def _build(specs: list[str], out: Path) -> Path:
        with _variants_held(shared_cache, specs):
            build_site(list(specs), out, cache_dir=shared_cache, progress=False)
        return out

    return _build


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory, shared_cache: Path) -> Path:
    """A web root whose sub-folder ``vizgen/`` is the classic game's site built with its documentation (``build
    --docs``, which reads mkdocs.yml of the checkout): built once a run, by the first worker that needs it (the
    others wait on its lock and read it), for ``tests/test_docs.py`` and ``tests/test_docs_browser.py`` (issue
    #49: MkDocs and the site, 17 CPU s, once instead of twice). Its readers leave it as it is."""
    from vizgen.cli import main  # the command line's whole import, only where a test builds with it

    folder = shared_folder(tmp_path_factory, "docs-site")
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "built").exists():
            shutil.rmtree(folder / "www", ignore_errors=True)
            with pytest.MonkeyPatch.context() as patch:
                patch.chdir(Path(__file__).resolve().parents[1])  # --docs reads mkdocs.yml of the current folder
                patch.setenv("VIZGEN_CACHE", str(shared_cache))
                code = main(["build", "--variant", "standard", "--out", str(folder / "www" / "vizgen"), "--docs",
                             "--quiet"])
            assert code == 0
            (folder / "built").touch()
    return folder / "www"


@pytest.fixture(scope="session")
def site_pages(shared_gather: Callable[[list[str]], list[VariantPage]]) -> dict[str, VariantPage]:
    """Pages of :data:`SITE_SPECS` by slug, solved and laid out for real."""
    pages = shared_gather(list(SITE_SPECS))
    return {p.slug: p for p in pages}


@pytest.fixture(scope="session")
def site_files(site_pages: dict[str, VariantPage]) -> dict[str, bytes]:
    """The site of :data:`SITE_SPECS` as :func:`vizgen.site.render.render_site` renders it, by path: rendered once
    per worker process, for the tests that read it and the browser tests' web root (:func:`site_root`)."""
    return render_site(list(site_pages.values()))


@pytest.fixture(scope="module")
def pages(site_pages: dict[str, VariantPage]) -> dict[str, VariantPage]:
    """The classic game, a tiny one (r = 3) and a big three-player one, by short name."""
    return {"standard": site_pages["standard"], "tiny": site_pages["standard-r3"],
            "three": site_pages["three-players"], "three-small": site_pages["standard-players3-r3"]}


@pytest.fixture(scope="module")
def site_root(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
              pages: dict[str, VariantPage], site_pages: dict[str, VariantPage]) -> Path:
    """The web root of the module's ``pages``; the site itself is in its sub-folder ``vizgen/`` (the session's
    :func:`site_files` when the pages are the site specs' own, else rendered for the module)."""
    root = tmp_path_factory.mktemp("www")
    mine = list(pages.values())
    same = {p.slug for p in mine} == set(site_pages)
    write_site(root / "vizgen", request.getfixturevalue("site_files") if same else render_site(mine))
    return root


@pytest.fixture(scope="module")
def base_url(site_root: Path) -> Iterator[str]:
    with served(site_root, "vizgen/") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """A headless Chromium for the worker's browser tests, started once (the Playwright driver and the browser
    cost about a second of CPU a start); they skip where none is installed. Each module opens its own contexts."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"headless Chromium is not installed at {CHROMIUM}")
    with playwright().sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def module_tabs(browser: object) -> Iterator[Tabs]:
    """The module's browser contexts (a desktop's, a phone's): its tests' tabs share the HTTP cache."""
    tabs = Tabs(browser)
    yield tabs
    tabs.close()


@pytest.fixture
def new_tab(module_tabs: Tabs) -> Iterator[Callable[..., object]]:
    """``new_tab(viewport=None, phone=False)``: a new tab in the module's contexts, its storage cleared and
    closed after the test (:class:`tests.browsing.Tabs`)."""
    yield module_tabs.new_tab
    module_tabs.close_tabs()


@pytest.fixture
def open_page(new_tab: Callable[..., object], base_url: str) -> Iterator[Callable[..., tuple[object, Watch]]]:
    """Open a page of the site (relative URL or file://) and check it on teardown."""
    opened: list[tuple[Watch, tuple[str, ...]]] = []

    def _open(url: str, *, wait_ready: bool = True) -> tuple[object, Watch]:
        page = new_tab()
        watch = Watch(page)
        full = url if url.startswith(("file://", "http://")) else base_url + url
        allowed = ("file://",) if url.startswith("file://") else ("http://127.0.0.1:",)
        opened.append((watch, allowed))
        page.goto(full)
        if wait_ready:
            page.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)", timeout=20000)
            assert page.evaluate("window.vizgen.error") is None
        return page, watch

    yield _open
    for watch, allowed in opened:
        watch.check(allowed)
