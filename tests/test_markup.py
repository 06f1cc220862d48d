"""Views through one escaping path (issue #36): the browser's modules write markup only through core/html.js.

The scan reads every module without its comments and names each line that writes markup into the page by another
way (``innerHTML``, ``outerHTML``, ``insertAdjacentHTML``, ``document.write``, a parsed fragment) or splices an
escaped value into a markup string by hand (``"<b>" + esc(x)``): a view builds ``Html`` with the ``html`` tag,
which escapes every value, and ``render`` / ``renderEnd`` write it. Each rule is shown catching what it is for.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.js_source import code_of

JS = Path(__file__).resolve().parents[1] / "vizgen" / "site" / "static" / "js"

#: the one module that writes markup (and defines the escaping), and the one that defines esc
HOME = {"core/html.js", "core/util.js"}
RULES = {
    "markup written outside core/html.js": re.compile(
        r"\.(?:innerHTML|outerHTML)\s*[+]?=|\binsertAdjacentHTML\s*\(|\bdocument\.write(?:ln)?\s*\(|"
        r"\bcreateContextualFragment\s*\(|\bparseFromString\s*\("),
    "a value escaped by hand into a markup string": re.compile(r"\besc\s*\("),
}


def offences(code: str) -> list[str]:
    """The rules a module's code breaks, one entry a line: ``rule: line``."""
    found = []
    for number, line in enumerate(code_of(code).splitlines(), 1):
        found += [f"{rule}: {number}: {line.strip()}" for rule, pattern in RULES.items() if pattern.search(line)]
    return found


def test_each_rule_catches_what_it_is_for() -> None:
    assert offences('box.innerHTML = "<b>" + name + "</b>";')
    assert offences("box.innerHTML += more;")
    assert offences('list.insertAdjacentHTML("beforeend", row);')
    assert offences("document.write(text);")
    assert offences('return "<td>" + esc(value) + "</td>";')
    assert not offences('render(box, html`<b>${name}</b>`); box.textContent = name; // el.innerHTML = x')
    assert not offences("const escaped = escape(x);")


def test_no_module_writes_markup_but_through_core_html() -> None:
    found = []
    for path in sorted(JS.rglob("*.js")):
        name = path.relative_to(JS).as_posix()
        if name not in HOME:
            found += [f"{name}: {o}" for o in offences(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


def inline_scripts(page: str) -> list[str]:
    """The code of a template's inline scripts (a ``<script>`` without ``src`` or a data type)."""
    return re.findall(r"<script>(.*?)</script>", page, flags=re.S)


def test_no_template_writes_markup_from_an_inline_script() -> None:
    """A page's inline script is held to the modules' rule: the index's puzzle of the day wrote innerHTML with
    values escaped by hand; it is practice/daily.js now."""
    assert offences("\n".join(inline_scripts('<script>el.innerHTML = esc(x);</script><script src="a.js"></script>')))
    found = []
    for path in sorted(TEMPLATES.glob("*.html")):
        found += [f"{path.name}: {o}" for code in inline_scripts(path.read_text(encoding="utf-8"))
                  for o in offences(code)]
    assert not found, "\n".join(found)
