"""The package's rooms import one way: ``util -> engine -> analysis -> ai -> reports -> site -> cli``, with no
cycle and no private name taken from another module.

How long a module is, is not tested: a module holds one purpose (a matter for review; size is a smell, not a rule).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import vizgen

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
    done: set[str] = set()

    def walk(name: str, trail: tuple[str, ...]) -> list[str]:
        if name in trail:
            return [" -> ".join((*trail[trail.index(name):], name))]
        if name in done:
            return []
        cycles = [c for target in sorted(graph[name]) for c in walk(target, (*trail, name))]
        done.add(name)
        return cycles

    cycles = [c for name in sorted(graph) for c in walk(name, ())]
    assert cycles == []


#: the browser's folders (vizgen/site/static/js/) and those each may import from besides its own: the shared
#: core; the in-browser engine; the pages' modules, apart but for the game's keys of the viewer and the code
#: pages' move generator; the entries (pages/) import anything and nothing imports them
BROWSER_ROOMS: dict[str, set[str]] = {
    "core": set(),
    "rules/engine": {"core"},
    "viewer": {"core", "rules/engine"},
    "play": {"core", "viewer"},
    "practice": {"core"},
    "rules": {"core", "rules/engine"},
    "index": {"core"},
    "space": {"core"},
    "pages": {"core", "rules/engine", "viewer", "play", "practice", "rules", "index", "space"},
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
