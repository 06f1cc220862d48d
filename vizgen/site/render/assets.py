"""Assets and templates: the shared files of the site and the jinja2 environment.

The page templates live in the repository's top-level ``templates/`` (shipped in the package as
``vizgen/templates/``: :func:`vizgen.templates_folder`); a folder given with
``build --templates DIR`` comes first, so a user can override single
templates (as MkDocs' ``custom_dir`` does).

The browser's code is written as ES modules in ``vizgen/site/static/js/``, in folders by the page they serve
(``core/``, ``viewer/``, ``play/``, ``practice/``, ``rules/`` with its engine in ``rules/engine/``, ``index/``,
``space/``); each page's entry is in ``pages/``. esbuild bundles them (``npm run bundle``, ``tools/bundle.mjs``)
into one script a page, ``static/bundles/<name>.js``, committed and shipped in the package: the build copies
them into the site's ``assets/`` (:func:`scripts`), so it needs no Node; pages work from ``file://``, where a
module cannot import another from disk. ``tests/test_bundles.py`` checks they are what the sources build.
"""

from __future__ import annotations

import importlib.util
import re
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import jinja2

from vizgen import templates_folder
from vizgen.analysis import words
from vizgen.site.data import address_words
from vizgen.site.drawing import theme
from vizgen.site.render.contexts import badge, num
from vizgen.site.render.datafiles import as_json
from vizgen.site.render.templating import TemplateLoader, UserTemplates, shown

__all__ = ["environment", "script", "scripts", "shared_files"]

_STATIC = ("vizgen.css", "play.css", "report.css", "guide.css", "practice.css", "rules.css")

def environment(templates: Path | None = None) -> jinja2.Environment:
    """Return the jinja2 environment: ``templates`` first (if given), then the built-in templates.

    With a user's folder it is a sandbox, bounded in time and memory
    (:class:`~vizgen.site.render.templating.UserTemplates`); the built-in templates alone render in a plain
    environment, to the same bytes.

    Examples
    --------
    >>> environment().get_template("index.html").name
    'index.html'
    """
    folders = ([str(templates)] if templates is not None else []) + [str(templates_folder())]
    kind = jinja2.Environment if templates is None else UserTemplates
    env = kind(
        loader=TemplateLoader(folders),  # a template file that is not UTF-8 is one line naming it
        finalize=shown,  # control characters in user text are written visibly
        autoescape=jinja2.select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["num"] = num
    env.filters["percent"] = words.percent  # a share, never "0.0 %" (vizgen.analysis.units.percent)
    env.globals["badge"] = badge
    env.globals["site_url"] = ""  # where the site is published, when known (render_site): absolute share tags
    env.globals["docs"] = ""  # the documentation's home when it is built into the site (build --docs): the header
    # links it (vizgen.site.output.docs.DOCS_HOME)
    env.globals["scored"] = False  # the site has the best page (the report pages): a variant page links to its row
    # what address.js may read from a page's address (a variant's page gives its own: variant_context)
    env.globals["address_json"] = as_json(address_words.table())
    return env


#: the parts of vis-network's stylesheet the pages use: its tooltip (the pages turn off its navigation buttons and
#: editing tools, whose pictures make up the rest of its 220 kB)
VIS_CSS_USED = ("vis-tooltip",)


def _vis_files() -> dict[str, bytes]:
    """The vis-network script and the rules of its style the pages use, as pyvis ships them (source map dropped).

    pyvis is found, not imported: importing it imports IPython and networkx (2.5 s of every build).
    """
    spec = importlib.util.find_spec("pyvis")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("pyvis is not installed: the site ships its copy of vis-network")
    base = Path(next(iter(spec.submodule_search_locations))).resolve() / "lib" / "vis-9.1.2"
    script = re.sub(rb"\r?\n//# sourceMappingURL=[^\r\n]*\s*$", b"\n", (base / "vis-network.min.js").read_bytes())
    css = (base / "vis-network.css").read_bytes()
    used = b"\n".join(m.group(0) for m in re.finditer(rb"([^{}]+)\{[^{}]*\}", css)
                      if any(name.encode() in m.group(1) for name in VIS_CSS_USED))
    return {"assets/vis-network.min.js": script, "assets/vis-network.css": used + b"\n"}


def _bundles() -> Traversable:
    return resources.files("vizgen.site") / "static" / "bundles"


def scripts() -> tuple[str, ...]:
    """The shipped scripts' names, those ``npm run bundle`` wrote (its entries: ``tools/bundle.mjs``).

    Every page loads ``theme.js`` in its head and ``address.js`` (``templates/base.html``: the one reader of the
    address), then its own: a variant's page ``variant.js`` (``code.js`` on a page shipped by position code), the
    index ``index.js`` (and ``practice.js`` for the puzzle of the day), the practice page ``practice.js``, the
    rules page ``rules.js`` (also its Web Worker; it loads ``rulesmore.js`` once a rule set is solved, and
    ``variant.js`` for its viewer), the rule space's page ``space.js``.

    Examples
    --------
    >>> {"theme.js", "address.js", "variant.js", "code.js", "rules.js", "rulesmore.js"} <= set(scripts())
    True
    """
    return tuple(sorted(f.name for f in _bundles().iterdir() if f.name.endswith(".js")))


def script(name: str) -> bytes:
    """One shipped script, as ``npm run bundle`` wrote it.

    Examples
    --------
    >>> script("code.js").startswith(b"/* vizgen code.js: bundled by esbuild from vizgen/site/static/js/pages/code.js")
    True
    """
    return (_bundles() / name).read_bytes()


def shared_files() -> dict[str, bytes]:
    """Every shared asset: the theme's CSS variables, the site's script and style, vis-network.

    Examples
    --------
    >>> files = shared_files()
    >>> "assets/theme.css" in files and "assets/vis-network.min.js" in files
    True
    """
    static = resources.files("vizgen.site") / "static"
    files = {f"assets/{name}": (static / name).read_bytes() for name in _STATIC}
    files.update({f"assets/{name}": script(name) for name in scripts()})
    files["assets/theme.css"] = theme.css().encode()
    files["assets/favicon.svg"] = favicon()
    return {**files, **_vis_files()}


def favicon() -> bytes:
    """The site's icon, a hand, in the header bar's colours (a browser tab shows it on either theme).

    Examples
    --------
    >>> favicon().startswith(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect')
    True
    """
    fingers = "".join(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}"/>'
                      for x, y, w, h, r in ((7, 16, 18, 12, 5), (8, 6, 4, 12, 2), (14, 4, 4, 14, 2), (20, 6, 4, 12, 2)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" '
            f'fill="{theme.LIGHT["bar"]}"/><g fill="{theme.LIGHT["draw"]}">{fingers}</g></svg>\n').encode()
