"""User templates that explain themselves: one line with the file, the line and Jinja's message.

``build --templates DIR`` puts a user's folder before the built-in templates.
Whatever goes wrong in a template (a syntax error, an unknown filter, an
undefined name, ``1/0``, calling a string, a template that includes itself,
an include that leaves the folders, a file that is not UTF-8) becomes a
:class:`TemplateProblem`: ``template 'DIR/index.html', line 3: 'nope' is
undefined``, reported as any bad input is (exit code 2, no traceback).

Every value a template prints goes through :func:`shown` first, so user text
with control characters still makes a valid page.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from jinja2.loaders import split_template_path

from vizgen import templates_folder
from vizgen.site.outdir import BuildError
from vizgen.util.paths import NoHome, expand_user
from vizgen.util.text import quote, visible

__all__ = ["TemplateLoader", "TemplateProblem", "check_templates", "compile_templates", "explained", "shown"]

#: the longest part of an exception's message repeated in the one line, and of a template's path
_MESSAGE_LIMIT = 240
_PATH_LIMIT = 300


class TemplateProblem(BuildError):
    """A user template that cannot be rendered (reported in one line, exit code 2)."""


def shown(value: Any) -> Any:
    """Jinja's ``finalize``: text a template prints has its control characters written visibly (HTML cannot hold them).

    Examples
    --------
    >>> shown("Five\\x1b[2J"), shown(3)
    ('Five\\\\x1b[2J', 3)
    """
    if type(value) is str:  # not Markup: what a template marks safe is written as it is
        return visible(value, keep="\t\n\r")
    return value


class TemplateLoader(jinja2.FileSystemLoader):
    """A :class:`jinja2.FileSystemLoader` whose files must be UTF-8, or a :class:`TemplateProblem` names the line.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "x.html").write_bytes(b"ok\\n\\xff")
    >>> jinja2.Environment(loader=TemplateLoader([str(folder)])).get_template("x.html")
    Traceback (most recent call last):
    ...
    vizgen.site.render.templating.TemplateProblem: template '/...x.html', line 2: not UTF-8 (byte 0xff)
    """

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError as exc:
            path = next((p for folder in self.searchpath
                         if (p := Path(folder, *split_template_path(template))).is_file()), Path(template))
            line = exc.object[:exc.start].count(b"\n") + 1
            raise TemplateProblem(f"template {quote(str(path), _PATH_LIMIT)}, line {line}: not UTF-8 "
                                  f"(byte 0x{exc.object[exc.start]:02x})") from None


def check_templates(templates: str | Path) -> Path:
    """Return the ``--templates`` folder, refusing one that is not an existing, readable folder.

    A leading ``~`` is expanded as a shell would.

    Raises
    ------
    BuildError
        For an empty name, a missing or unreadable folder, or a file.

    Examples
    --------
    >>> check_templates("")
    Traceback (most recent call last):
    ...
    vizgen.site.outdir.BuildError: --templates is empty: name a folder of templates
    """
    if not str(templates).strip():
        raise BuildError("--templates is empty: name a folder of templates")
    try:
        path = expand_user(templates)
    except NoHome as exc:
        raise BuildError(f"--templates {quote(str(templates))}: {exc}") from None
    try:
        if not path.is_dir():
            raise BuildError(f"--templates {quote(str(templates))} is not a folder")
        os.listdir(path)
    except OSError as exc:
        raise BuildError(f"cannot read --templates {quote(str(templates))}: {exc.strerror or exc}") from None
    return path


def compile_templates(env: jinja2.Environment, templates: Path) -> None:
    """Compile the user's templates that take the place of built-in ones, before any work.

    Syntax errors, unknown filters and files that are not UTF-8 are found here;
    what only rendering finds (an undefined name, ``1/0``) is explained by :func:`explained`.

    Raises
    ------
    TemplateProblem
        For the first template that does not compile.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "index.html").write_text("{{ 1|nofilter }}")
    >>> compile_templates(jinja2.Environment(loader=TemplateLoader([str(folder)])), folder)
    Traceback (most recent call last):
    ...
    vizgen.site.render.templating.TemplateProblem: template '/...index.html', line 1: No filter named 'nofilter'.
    """
    builtin = {p.name for p in templates_folder().glob("*.html")}
    for name in sorted(builtin):
        if (templates / name).is_file():
            try:
                env.get_template(name)
            except Exception as exc:
                problem = explained(exc)
                if problem is None:
                    raise
                raise problem from None


def _innermost(exc: BaseException) -> tuple[str, int] | None:
    """The template file and line an exception was raised at (Jinja writes template frames by their file)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if f.filename.endswith((".html", ".htm", ".xml", ".svg", ".txt", ".j2", ".jinja"))
              and Path(f.filename).is_file()]
    return (frames[-1].filename, frames[-1].lineno or 0) if frames else None


def _message(exc: BaseException) -> str:
    """Jinja's (or Python's) message, short, with a word on the cases that need one."""
    if isinstance(exc, RecursionError):
        return "a template includes or extends itself (recursion too deep)"
    if isinstance(exc, jinja2.TemplateNotFound):
        names = getattr(exc, "templates", None) or [exc.name]
        if any(".." in str(n).replace("\\", "/").split("/") or str(n).startswith("/") for n in names):
            return (f"template {quote(str(exc.name))} refused: a template name is a path inside the template "
                    "folders, without '..' and not absolute")
        return f"template {quote(str(exc.name))} not found in the --templates folder or the built-in templates"
    text = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    if not isinstance(exc, jinja2.TemplateError):
        text = f"{type(exc).__name__}: {text}"
    return text if len(text) <= _MESSAGE_LIMIT else f"{text[:_MESSAGE_LIMIT]}..."


def explained(exc: Exception) -> TemplateProblem | None:
    """One line for an exception raised while rendering with user templates; None if no template raised it.

    Parameters
    ----------
    exc : Exception
        What rendering raised.

    Returns
    -------
    TemplateProblem or None
        ``template 'FILE', line N: MESSAGE``, or None when ``exc`` is not Jinja's and came from no template
        (a fault of vizgen's, which keeps its traceback).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.html").write_text("<p>\\n{{ 1/0 }}</p>")
    >>> try:
    ...     jinja2.Environment(loader=TemplateLoader([str(folder)])).get_template("a.html").render()
    ... except ZeroDivisionError as exc:
    ...     print(explained(exc))
    template '/...a.html', line 2: ZeroDivisionError: division by zero
    """
    if isinstance(exc, TemplateProblem):
        return exc
    if isinstance(exc, MemoryError):
        return None
    at = None
    if isinstance(exc, jinja2.TemplateSyntaxError) and (exc.filename or exc.name):
        at = (exc.filename or exc.name or "", exc.lineno)
    else:
        at = _innermost(exc)
    if at is None:
        if not isinstance(exc, jinja2.TemplateError):
            return None
        name = getattr(exc, "name", None)
        where = f"template {quote(str(name))}" if name and not isinstance(exc, jinja2.TemplateNotFound) else "templates"
        return TemplateProblem(f"{where}: {_message(exc)}")
    where = f"template {quote(at[0], _PATH_LIMIT)}"
    return TemplateProblem(f"{where}{f', line {at[1]}' if at[1] else ''}: {_message(exc)}")
