"""The test lanes hold what they promise: the fast lane only tests recorded under five CPU seconds, within its
budget, and it collects without Playwright (``tests/lanes.py`` explains the record; docs/TESTS.md the lanes).

These checks read the committed record, the markers and the source: no clock, so a busy machine cannot make
them flake. They look at the tests the running session collected (the whole suite in the fast lane's own run).
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
import time

import pytest

from tests import lanes

ROOT = lanes.ROOT
#: the packages the browser tests need, absent from a venv without the browser
BROWSER_PACKAGES = ("playwright", "axe_playwright_python")
#: the names a module's ``pytestmark`` may use to say that all its tests are browser tests
BROWSER_MARKS = ("browser", "NEEDS_BROWSER")


def _fast(request: pytest.FixtureRequest) -> list[pytest.Item]:
    return [item for item in request.session.items if lanes.in_fast_lane(item)]


def test_the_fast_lane_holds_only_tests_recorded_under_the_limit(request: pytest.FixtureRequest) -> None:
    record = lanes.load()
    fast = _fast(request)
    ids = [lanes.record_id(i) for i in fast]
    missing = [t for t in ids if t not in record]
    over = [f"{record[t][0]:6.1f} CPU s  {t}" for t in ids if t in record and record[t][0] >= lanes.LIMIT]
    assert not missing, (f"{len(missing)} tests of the fast lane are not in the record (run "
                         f"`python -m tests.lanes FILE...` for them): {missing[:20]}")
    assert not over, (f"tests of the fast lane recorded at {lanes.LIMIT:g} CPU s or more: make them cheaper or mark "
                      "them slow, with the reason written down:\n" + "\n".join(over))


def test_the_fast_lane_stays_within_its_budget(request: pytest.FixtureRequest) -> None:
    record = lanes.load()
    total = sum(record.get(lanes.record_id(i), (0.0, None))[0] for i in _fast(request)) + lanes.fixtures(record)
    assert total < lanes.BUDGET, (f"the fast lane's tests and shared fixtures are recorded at {total:.0f} CPU s "
                                  f"(budget {lanes.BUDGET:g})")


def test_the_record_measures_cpu_not_the_wall_clock() -> None:
    """The CPU clock of the record counts work done: a process that sleeps adds nothing, one that computes does
    (the idle-machine seconds, recorded beside, count the sleep)."""
    began = lanes.cpu_seconds()
    time.sleep(0.3)
    slept = lanes.cpu_seconds() - began
    began = lanes.cpu_seconds()
    deadline = time.monotonic() + 0.3
    while time.monotonic() < deadline:
        pass
    worked = lanes.cpu_seconds() - began
    assert slept < 0.1 and worked > slept


def _top_level(tree: ast.Module) -> list[ast.stmt]:
    """The statements that run when the module is imported (into ``if`` and ``try`` blocks, not into functions
    and classes' methods)."""
    found: list[ast.stmt] = []
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        found.append(node)
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            todo += [*node.body, *getattr(node, "orelse", []), *getattr(node, "finalbody", [])]
            todo += [s for h in getattr(node, "handlers", []) for s in h.body]
        elif isinstance(node, ast.ClassDef):
            todo += [s for s in node.body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return found


def _browser_package(name: str | None) -> bool:
    return bool(name) and str(name).split(".")[0] in BROWSER_PACKAGES


def _importorskips(statements: list[ast.stmt]) -> list[str]:
    """The browser packages the statements ``pytest.importorskip``."""
    names = []
    for node in statements:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue  # runs when called, not when imported (a class's own statements are in ``statements``)
        for call in ast.walk(node):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "importorskip" and call.args and isinstance(call.args[0], ast.Constant)
                    and _browser_package(str(call.args[0].value))):
                names.append(str(call.args[0].value))
    return names


def _marked_browser(statements: list[ast.stmt]) -> bool:
    """Whether the module's ``pytestmark`` names the browser mark (or NEEDS_BROWSER, which holds it)."""
    for node in statements:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                for t in node.targets):
            words = {n.attr for n in ast.walk(node.value) if isinstance(n, ast.Attribute)}
            words |= {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            return any(mark in words for mark in BROWSER_MARKS)
    return False


@functools.cache
def _sources() -> dict[str, str]:
    """The Python modules pytest collects (the tests and the package's doctests), by path."""
    paths = sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "vizgen").rglob("*.py")])
    return {path.relative_to(ROOT).as_posix(): path.read_text() for path in paths}


def _wrong(source: str, name: str) -> list[str]:
    """What in a module's source would import a browser package when pytest collects it."""
    statements = _top_level(ast.parse(source, name))
    wrong = []
    for node in statements:
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
        wrong += [f"{name}:{node.lineno}: imports {n}" for n in names if _browser_package(n)]
    if _importorskips(statements) and not _marked_browser(statements):
        wrong.append(f"{name}: skips itself without Playwright but is not wholly browser-marked")
    return wrong


@pytest.mark.slow(reason="reads every module pytest collects (2 CPU s; tests/test_ci.py collects the lane without"
                         " Playwright for real); out of the fast lane: issue #49")
def test_no_module_imports_the_browser_packages_when_it_is_collected() -> None:
    """Collecting the fast lane imports every module of ``tests/`` and ``vizgen/`` (doctests): none may import
    Playwright or axe-playwright at import time, except a module whose tests are all browser tests, which
    skips itself whole through ``pytest.importorskip`` (nothing of the fast lane is in it to lose)."""
    wrong = [w for name, source in _sources().items() for w in _wrong(source, name)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.slow(reason="collects the whole suite's markers (2 CPU s); out of the fast lane: issue #49")
def test_the_modules_that_skip_without_playwright_hold_no_test_of_the_fast_lane(
        request: pytest.FixtureRequest) -> None:
    skipping = {name for name, source in _sources().items() if _importorskips(_top_level(ast.parse(source)))}
    assert skipping, "the check below looks at something"
    lost = [i.nodeid for i in _fast(request) if i.nodeid.split("::")[0] in skipping]
    assert not lost, f"fast-lane tests that would vanish with Playwright absent: {lost}"


@pytest.mark.parametrize(("source", "wrong"), [
    pytest.param("import playwright.sync_api\n", True, id="import"),
    pytest.param("from axe_playwright_python.sync_playwright import Axe\n", True, id="from-import"),
    pytest.param("try:\n    from playwright.sync_api import sync_playwright\nexcept ImportError:\n    pass\n", True,
                 id="in-try"),
    pytest.param("def f():\n    from playwright.sync_api import sync_playwright\n", False, id="in-function"),
    pytest.param("import pytest\npytestmark = pytest.mark.browser\nx = pytest.importorskip('playwright.sync_api')\n",
                 False, id="browser-module-skips-whole"),
    pytest.param("import pytest\npytestmark = pytest.mark.slow\nx = pytest.importorskip('playwright.sync_api')\n",
                 True, id="slow-module-skips-whole"),
    pytest.param("import pytest\ndef f():\n    return pytest.importorskip('playwright.sync_api')\n", False,
                 id="importorskip-in-function"),
])
def test_the_import_check_sees_what_collection_would_import(source: str, wrong: bool) -> None:
    assert bool(_wrong(source, "m.py")) is wrong


_CASES = '''
import pytest

@pytest.mark.catalogue_cases({names}, reason="the larger form")
@pytest.mark.parametrize("size", ["small", "large"])
def test_sized(size):
    pass
'''


def _run_cases(tmp_path, names: str, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_sized.py").write_text(_CASES.format(names=names))
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-q",
                           "-rs", "--rootdir", str(tmp_path), str(tmp_path / "test_sized.py"), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.slow(reason="runs pytest three times on a file of its own (about 3 CPU s)")
def test_catalogue_cases_move_the_cases_they_name_and_no_other(tmp_path) -> None:
    """The whole suite skips the named case (the catalogue lane's reason), the catalogue lane runs it alone, and a
    name that is not a case of the test is an error at collection."""
    whole = _run_cases(tmp_path, '"large"')
    assert "1 passed, 1 skipped" in whole.stdout and "the whole-catalogue lane" in whole.stdout, whole.stdout
    catalogue = _run_cases(tmp_path, '"large"', "--catalogue", "-m", "catalogue", "-rA")
    assert "test_sized.py::test_sized[large]\n" in catalogue.stdout and "1 deselected" in catalogue.stdout, (
        catalogue.stdout)
    stale = _run_cases(tmp_path, '"huge"')
    assert stale.returncode == 4 and "catalogue_cases names cases it does not have: ['huge']" in stale.stderr, (
        stale.stdout + stale.stderr)
