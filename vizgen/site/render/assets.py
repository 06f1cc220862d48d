"""Assets and templates: the shared files of the site and the jinja2 environment.

The page templates live in ``vizgen/site/templates/`` (package data); a folder given with
``build --templates DIR`` comes first, so a user can override single
templates (as MkDocs' ``custom_dir`` does).
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import jinja2

from vizgen.site import theme
from vizgen.site.render.contexts import num
from vizgen.site.render.templating import TemplateLoader, shown

__all__ = ["environment", "shared_files"]

_STATIC = ("vizgen.js", "valuemap.js", "codes.js", "vizgen.css", "play.js", "play.css", "report.css", "favicon.svg")


def _builtin_templates() -> Path:
    return Path(str(resources.files("vizgen.site") / "templates"))


def environment(templates: Path | None = None) -> jinja2.Environment:
    """Return the jinja2 environment: ``templates`` first (if given), then the built-in templates.

    Examples
    --------
    >>> environment().get_template("index.html").name
    'index.html'
    """
    folders = ([str(templates)] if templates is not None else []) + [str(_builtin_templates())]
    env = jinja2.Environment(
        loader=TemplateLoader(folders),  # a template file that is not UTF-8 is one line naming it
        finalize=shown,  # control characters in user text are written visibly
        autoescape=jinja2.select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["num"] = num
    return env


def _vis_files() -> dict[str, bytes]:
    """The vis-network script and style shipped by pyvis (its source-map comment dropped)."""
    import pyvis

    base = Path(pyvis.__file__).resolve().parent / "lib" / "vis-9.1.2"
    script = re.sub(rb"\r?\n//# sourceMappingURL=[^\r\n]*\s*$", b"\n", (base / "vis-network.min.js").read_bytes())
    return {"assets/vis-network.min.js": script, "assets/vis-network.css": (base / "vis-network.css").read_bytes()}


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
    files["assets/theme.css"] = theme.css().encode()
    return {**files, **_vis_files()}
