"""The package's rooms import one way: ``util -> engine -> analysis -> ai -> reports -> site -> cli``, with no
cycle and no private name taken from another module.

How long a module is, is not tested: a module holds one purpose (a matter for review; size is a smell, not a rule).
The browser's modules (vizgen/site/static/js) import one way by folder too, with no cycle, and no function of
theirs is over 120 lines but for a known debt that may only shrink (issue #47).
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
from pathlib import Path

import pytest

import vizgen
from tests.js_source import code_of
from tests.node import ROOT, run_node

ROOMS = ("util", "engine", "analysis", "ai", "reports", "site", "cli")
PACKAGE = Path(vizgen.__file__).parent


def _room(module: str) -> str | None:
    """The room of a dotted vizgen module name (``vizgen.engine.graph`` -> ``engine``)."""
    parts = module.split(".")
    if parts[0] != "vizgen" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in ROOMS else None


def _imports(path: Path) -> set[str]:
    """Every vizgen module a source file imports, at any depth of the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m.startswith("vizgen")}


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        out.append((".".join(rel.parts).removesuffix(".__init__"), path))
    return out


def test_every_module_lives_in_a_room() -> None:
    stray = [name for name, _ in _modules() if name not in ("vizgen", "vizgen.__main__") and _room(name) is None]
    assert stray == []


def test_imports_go_one_way() -> None:
    wrong = []
    for name, path in _modules():
        mine = _room(name)
        if mine is None:
            continue
        for target in _imports(path):
            theirs = _room(target)
            if theirs is not None and ROOMS.index(theirs) > ROOMS.index(mine):
                wrong.append(f"{name} imports {target}")
    assert wrong == []


#: the site's rooms (vizgen/site/), in the order they import: colours and layouts, the tables and downloads, the
#: output folder and the preview server, the pages, the build; no module stands loose beside them
SITE_ROOMS = ("drawing", "data", "output", "render", "build")


def _site_room(module: str) -> str | None:
    """The site's room of a dotted module name (``vizgen.site.drawing.theme`` -> ``drawing``), None outside it."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["vizgen", "site"] and len(parts) > 2 else None


def test_the_site_package_is_in_rooms_that_import_one_way() -> None:
    modules = [(name, path) for name, path in _modules() if name.startswith("vizgen.site.")]
    assert len(modules) > 20
    stray = [name for name, _ in modules if _site_room(name) not in SITE_ROOMS]
    assert stray == []
    wrong = []
    for name, path in modules:
        mine = SITE_ROOMS.index(_site_room(name) or "")
        for target in _imports(path):
            theirs = _site_room(target)
            if theirs in SITE_ROOMS and SITE_ROOMS.index(theirs) > mine:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def test_the_site_rooms_test_sees_a_wrong_way_import(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The rule above is not vacuous: a drawing module that imports the build is caught, and so is a loose one."""
    fake = tmp_path / "vizgen"
    (fake / "site" / "drawing").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "site" / "__init__.py").write_text("")
    (fake / "site" / "loose.py").write_text("")
    (fake / "site" / "render").mkdir()
    (fake / "site" / "render" / "x.py").write_text("")
    for k in range(20):
        (fake / "site" / "drawing" / f"m{k}.py").write_text("from vizgen.site.build import build_site\n" if k == 0
                                                            else "from vizgen.site.drawing import m1\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    with pytest.raises(AssertionError, match=r"vizgen\.site\.loose"):
        test_the_site_package_is_in_rooms_that_import_one_way()
    (fake / "site" / "loose.py").unlink()
    with pytest.raises(AssertionError, match=r"vizgen\.site\.drawing\.m0 imports vizgen\.site\.build"):
        test_the_site_package_is_in_rooms_that_import_one_way()


@pytest.mark.slow(reason="parses every test module (1 CPU s); out of the fast lane: issue #49")
def test_no_test_module_imports_another() -> None:
    """Fixtures live in ``tests/conftest.py`` and shared helpers in modules not named ``test_*``."""
    tests = Path(__file__).parent
    wrong = []
    for path in sorted(tests.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            wrong += [f"{path.name} imports {n}" for n in names if n.split(".")[-1].startswith("test_")]
    assert wrong == []


@pytest.mark.slow(reason="parses every test module (1.2 CPU s); out of the fast lane: issue #49")
def test_the_modules_that_drive_the_browser_are_named_so() -> None:
    """A test module drives headless Chromium (its tests marked ``browser``) exactly when its name ends in
    ``_browser``: the Python half of a page's checks in ``test_X.py``, what a person sees in ``test_X_browser.py``."""
    tests = Path(__file__).parent
    wrong = []
    for path in sorted(tests.glob("test_*.py")):
        tree = ast.parse(path.read_text())
        used = {ast.unparse(node) for node in ast.walk(tree) if isinstance(node, ast.Attribute | ast.Name)}
        drives = "pytest.mark.browser" in used or "NEEDS_BROWSER" in used
        if drives != path.stem.endswith("_browser"):
            wrong.append(f"{path.name} {'drives' if drives else 'does not drive'} the browser")
    assert wrong == []


#: compiled modules, private by name: each has a Python face (``vizgen.engine.kernel`` for ``_kernel``)
COMPILED = ("_kernel",)


@pytest.mark.slow(reason="parses every module (0.8 CPU s); out of the fast lane: issue #49")
def test_no_module_imports_another_s_private_names() -> None:
    """A name that starts with ``_`` belongs to its module: another module asks for it by a public name."""
    wrong = []
    for name, path in _modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("vizgen"):
                wrong += [f"{name} imports {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__") and a.name not in COMPILED]
    assert wrong == []


def test_no_import_cycle() -> None:
    """The modules' imports, at any depth of a file, form no cycle (a module is read before those it serves)."""
    graph = {name: {t for t in _imports(path) if t != name} for name, path in _modules()}
    known = set(graph)
    graph = {name: {t if t in known else t.rsplit(".", 1)[0] for t in targets} & known
             for name, targets in graph.items()}
    assert _cycles(graph) == []


#: the browser's folders (vizgen/site/static/js/) and those each may import from besides its own: the shared
#: core; the in-browser engine; the pages' modules, apart but for the game's keys of the viewer and the code
#: pages' move generator; the entries (pages/) import anything and nothing imports them
BROWSER_ROOMS: dict[str, set[str]] = {
    "core": set(),
    "rules/engine": {"core"},
    "viewer": {"core", "rules/engine", "viewer/view"},
    "viewer/view": {"core"},
    "play": {"core", "viewer"},
    "play/view": {"core", "play"},
    "practice": {"core"},
    "practice/view": {"core", "practice"},
    "rules": {"core", "rules/engine"},
    "rules/view": {"core"},
    "index": {"core"},
    "index/view": {"core"},
    "space": {"core", "rules/engine"},  # the rule book says why the rules refuse a combination (issue #48)
    "space/view": {"core"},
    "best": {"core"},
    "best/view": {"core", "best"},
    "pages": {"core", "rules/engine", "viewer", "play", "play/view", "practice", "practice/view", "rules", "rules/view",
              "index", "index/view", "space", "space/view", "best", "best/view", "pages/core", "pages/viewer",
              "pages/rules"},
    # core's side of the page (the theme, the touch board's taps, the data files' scripts, an element by its id,
    # the address table): what every entry may use to reach the page, so that core/ never names it
    "pages/core": {"core"},
    # the viewer's page glue (the variant pages' entry's own: the panel, keys, navigation, value map, vis styles)
    "pages/viewer": {"core", "viewer", "viewer/view", "pages/core"},
    "pages/rules": {"core", "rules/engine", "rules", "pages/core"},
}
_JS_IMPORT = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)";', re.M | re.S)


def test_the_browser_folders_import_one_way() -> None:
    """Every browser module is in a folder of BROWSER_ROOMS and imports by relative path from its own or an
    allowed one (ES modules: tools/bundle.mjs bundles them by page)."""
    js = PACKAGE / "site" / "static" / "js"
    wrong = []
    modules = sorted(js.rglob("*.js"))
    assert len(modules) > 50
    for path in modules:
        room = path.parent.relative_to(js).as_posix()
        assert room in BROWSER_ROOMS, f"{path.relative_to(js)}: not in a folder of BROWSER_ROOMS"
        for target in _JS_IMPORT.findall(path.read_text()):
            assert target.startswith("./") or target.startswith("../"), f"{path.name} imports {target}"
            to = (path.parent / target).resolve()
            assert to.is_file(), f"{path.relative_to(js)} imports {target}: no such file"
            other = to.parent.relative_to(js.resolve()).as_posix()
            if other != room and other not in BROWSER_ROOMS[room]:
                wrong.append(f"{path.relative_to(js)} imports {target} ({room} -> {other})")
    assert wrong == []


def _js_graph() -> dict[str, set[str]]:
    """Every browser module (relative to vizgen/site/static/js) and the modules it imports."""
    js = PACKAGE / "site" / "static" / "js"
    return {path.relative_to(js).as_posix(): {(path.parent / target).resolve().relative_to(js.resolve()).as_posix()
                                              for target in _JS_IMPORT.findall(path.read_text())}
            for path in sorted(js.rglob("*.js"))}


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    """The import cycles of a graph, each written ``a -> b -> a`` (one a strongly connected walk, found once).

    >>> _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    ['a -> b -> a']
    >>> _cycles({"a": {"b"}, "b": set()})
    []
    """
    done: set[str] = set()

    def walk(name: str, trail: tuple[str, ...]) -> list[str]:
        if name in trail:
            return [" -> ".join((*trail[trail.index(name):], name))]
        if name in done:
            return []
        found = [c for target in sorted(graph.get(name, ())) for c in walk(target, (*trail, name))]
        done.add(name)
        return found

    return [c for name in sorted(graph) for c in walk(name, ())]


def test_no_import_cycle_among_the_browser_modules() -> None:
    """No browser module imports, through any chain, one that imports it (inside a folder too: the rooms' one-way
    rule only sees imports between folders). Issue #47: ``core/board.js`` <-> ``core/hands.js`` was one."""
    graph = _js_graph()
    assert _cycles(graph) == []
    shown = dict(graph, **{"core/notation.js": graph["core/notation.js"] | {"core/board.js"}})
    assert any("core/notation.js -> core/board.js" in c for c in _cycles(shown)), "the check sees a cycle"


#: the longest a browser function may be, in lines (issue #47: each app a controller and views of small functions)
LONGEST_FUNCTION = 120
@pytest.mark.slow(reason="parses every browser module with Node (3 CPU s); out of the fast lane: issue #49")
@pytest.mark.xdist_group("node")
def test_no_browser_function_is_over_120_lines() -> None:
    """Every function of the browser's modules (declarations, expressions, arrows and methods, found by walking
    each module's syntax tree with TypeScript's parser: tools/functions.mjs) spans at most LONGEST_FUNCTION lines
    (issue #47 cut the last five closures of 123 to 541 lines into controllers and views)."""
    if not (ROOT / "node_modules" / "typescript").is_dir():
        if os.environ.get("CI"):
            pytest.fail("typescript is not installed (npm ci): the functions cannot be counted (CI=true)")
        pytest.skip("typescript is not installed (npm ci): the functions cannot be counted")
    rows = json.loads(run_node("tools/functions.mjs"))
    assert len(rows) > 1000 and {"core/html.js", "space/ctrl.js"} <= {row[0] for row in rows}
    long = {(path, name): lines for path, name, _, lines in rows if lines > LONGEST_FUNCTION}
    assert sorted(long) == [], "cut these functions up (at most 120 lines)"


#: the apps in the shape of issue #47 (docs/FRONTEND.md, "An app in the shape"): the folder's ``ctrl.js`` holds
#: its state and actions, its ``view/*.js`` pure functions from that state to markup, and only its entry in
#: ``pages/`` touches the page; the other apps follow one by one (issue #47), each added here when it does
SHAPED_APPS = ("index", "play", "practice", "rules", "space", "viewer")
#: what only an entry (pages/) may reach: the page, the window and what hangs on them (a name, not a property
#: of the same name or an object's key: ``progress.history`` and ``{history: []}`` are the app's own)
PAGE_GLOBALS = re.compile(r"(?<![.\w$])(?:window|document|globalThis|self|localStorage|sessionStorage|location|"
                          r"navigator|history|addEventListener|setTimeout|setInterval|requestAnimationFrame|fetch)\b"
                          r"(?!\s*:(?!:))")
#: a string in quotes (its words may name anything: "your history" is the page's own words)
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')
#: what a view may not keep: a variable of the module, an object of its own, or ``this``
VIEW_STATE = re.compile(r"^(?:let|var)\s|\bclass\s|\bthis\s*[.[]", re.M)


def _shape_offences(app: str) -> list[str]:
    """What breaks the shape in one app's folder under vizgen/site/static/js: a module that reaches the page, a
    view that keeps state or reads the controller's module, a controller that imports its views."""
    js = PACKAGE / "site" / "static" / "js"
    graph = _js_graph()
    found = [] if (js / app / "ctrl.js").is_file() else [f"{app}: no ctrl.js"]
    views = sorted((js / app / "view").glob("*.js"))
    found += [] if views else [f"{app}: no view/*.js"]
    for path in sorted((js / app).rglob("*.js")):
        name = path.relative_to(js).as_posix()
        for number, line in enumerate(code_of(path.read_text()).splitlines(), 1):
            found += [f"{name}:{number}: reaches the page ({m})"
                      for m in PAGE_GLOBALS.findall(_QUOTED.sub('""', line))]
        if path in views:
            code = code_of(path.read_text())
            found += [f"{name}: keeps state ({m.group(0).strip()})" for m in VIEW_STATE.finditer(code)]
            found += [f"{name}: imports {t}" for t in graph[name] if t == f"{app}/ctrl.js"]
    found += [f"{app}/ctrl.js: imports {t}" for t in graph.get(f"{app}/ctrl.js", ()) if t.startswith(f"{app}/view/")]
    return found


def _page_offences() -> list[str]:
    """Every line of a browser module outside pages/ that names a global of the page (PAGE_GLOBALS), with the name."""
    js = PACKAGE / "site" / "static" / "js"
    found = []
    for path in sorted(js.rglob("*.js")):
        name = path.relative_to(js).as_posix()
        if name.startswith("pages/"):
            continue
        for number, line in enumerate(code_of(path.read_text()).splitlines(), 1):
            found += [f"{name}:{number}: reaches the page ({m})" for m in PAGE_GLOBALS.findall(_QUOTED.sub('""', line))]
    return found


def test_only_the_entries_reach_the_page() -> None:
    """No browser module outside pages/ names a global of the page (``window``, ``document``, storage, timers, ...):
    core/ too is handed what it needs (issue #47: "only pages/ may"); core's side of the page is pages/core/."""
    assert _page_offences() == []


def test_the_page_check_sees_core_reach_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module of core/ (or any folder outside pages/) that names the page is caught; pages/ may."""
    js = tmp_path / "site" / "static" / "js"
    (js / "core").mkdir(parents=True)
    (js / "pages" / "core").mkdir(parents=True)
    (js / "core" / "a.js").write_text('export const a = (id) => document.getElementById(id) || "window";\n'
                                      "export const b = (p, self) => p.location + self;\n")
    (js / "pages" / "core" / "b.js").write_text("export const b = (id) => document.getElementById(id);\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert _page_offences() == ["core/a.js:1: reaches the page (document)", "core/a.js:2: reaches the page (self)",
                                "core/a.js:2: reaches the page (self)"]


#: a JSDoc cast through ``unknown`` (``/** @type {T} */ (/** @type {unknown} */ (x))``): a type the checker is told to
#: believe, which issue #47 removed (the payloads are typed from Python: core/payloads.d.ts)
CAST_THROUGH_UNKNOWN = re.compile(r"@type\s*\{\s*unknown\s*\}\s*\*/\s*\(")


def _unknown_casts() -> list[str]:
    """Every browser module's line that casts through ``unknown``."""
    js = PACKAGE / "site" / "static" / "js"
    return [f"{path.relative_to(js).as_posix()}:{number}" for path in sorted(js.rglob("*.js"))
            for number, line in enumerate(path.read_text().splitlines(), 1) if CAST_THROUGH_UNKNOWN.search(line)]


def test_no_cast_goes_through_unknown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No browser module casts a value through ``unknown`` (issue #47's Done when); a parameter typed ``unknown``
    (data not yet validated) is not a cast. The check sees one where there is one."""
    assert _unknown_casts() == []
    js = tmp_path / "site" / "static" / "js" / "core"
    js.mkdir(parents=True)
    (js / "a.js").write_text("export const a = (/** @type {unknown} */ e) => e;\n"
                             "export const b = (x) => /** @type {string} */ (/** @type { unknown } */ (x));\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert _unknown_casts() == ["core/a.js:2"]


def test_the_apps_in_shape_keep_it() -> None:
    """Each app of SHAPED_APPS has a controller and views; neither reaches the page (no ``window``, ``document``
    or other global of the page: only pages/ may); the views keep no state and take the controller's state as an
    argument (they import neither the controller nor anything of its); the controller does not import its views;
    and a Node test (tests/js) imports the controller and drives it."""
    assert all(_shape_offences(app) == [] for app in SHAPED_APPS), [_shape_offences(app) for app in SHAPED_APPS]
    tests = "".join(p.read_text() for p in sorted((ROOT / "tests" / "js").glob("*.test.mjs")))
    assert [app for app in SHAPED_APPS if f"/static/js/{app}/ctrl.js" not in tests] == []


def test_the_shape_check_sees_what_it_is_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each of the shape's rules names the module that breaks it."""
    app = tmp_path / "site" / "static" / "js" / "demo"
    (app / "view").mkdir(parents=True)
    (app / "ctrl.js").write_text('import { a } from "./view/a.js";\nexport const b = () => document.title;\n')
    (app / "view" / "a.js").write_text('import { b } from "../ctrl.js";\nlet n = 0;\n'
                                      'export const a = () => n + "this";\n')
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert _shape_offences("demo") == ["demo/ctrl.js:2: reaches the page (document)",
                                       "demo/view/a.js: keeps state (let)", "demo/view/a.js: imports demo/ctrl.js",
                                       "demo/ctrl.js: imports demo/view/a.js"]


def test_the_shape_check_reads_names_not_properties_or_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's global is caught by its name; a property or a key of the same name (``progress.history``,
    ``{history: []}``) and the words of a string are the app's own."""
    app = tmp_path / "site" / "static" / "js" / "demo"
    (app / "view").mkdir(parents=True)
    (app / "ctrl.js").write_text('export const a = (p) => p.history.length + " of your history";\n'
                                 "export const b = () => ({ history: [] });\nexport const c = () => history.back();\n")
    (app / "view" / "a.js").write_text("export const v = (s) => s;\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert _shape_offences("demo") == ["demo/ctrl.js:3: reaches the page (history)"]
