"""MkDocs hooks of the documentation site (``mkdocs.yml``): the pages written from the code at build time.

- ``reference/cli.md`` gains, in place of its ``<!-- cli-reference -->`` line, every subcommand of
  ``python -m vizgen`` with its usage and a table of its arguments, read from the argparse parser the
  command itself uses (:func:`cli_reference`), so the reference cannot drift from ``--help``.
- The docstrings' Sphinx roles (``:func:`~vizgen.x.f```, ``:mod:`.params```), which Markdown does not know, are
  written as code (``f``, ``.params``) by a Markdown preprocessor (:class:`SphinxRoles`) that mkdocstrings
  renders the docstrings with.
- ``api/index.md`` and one page per package of ``vizgen`` (``api/engine.md`` ...) are generated, each page
  a mkdocstrings block per module found in the package (:func:`api_pages`), so a new module is documented
  from its docstrings without an edit here; the nav's "Python API" entry becomes that section.
"""

from __future__ import annotations

import argparse
import pkgutil
import re
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

ROOT = Path(__file__).resolve().parents[1]
#: the line of reference/cli.md the command-line reference takes the place of
CLI_MARK = "<!-- cli-reference -->"
#: the packages of the API reference, in the order of the layers (each imports only those before it)
PACKAGES = ("util", "engine", "analysis", "ai", "reports", "site", "site.drawing", "site.data", "site.output",
            "site.render", "site.build")
#: what each package holds, for its page's first line
ROLES = {
    "util": "text, paths, processes, sizes and the cache: the helpers every layer uses",
    "engine": "the rules, positions and moves, enumeration and the solvers",
    "analysis": "solved variants read for people: figures, facts, marks, words, sweeps",
    "ai": "the computer players and the one game loop",
    "reports": "the report pages' figures, the guides and the practice puzzles",
    "site": "the static site, in five rooms that import one way",
    "site.drawing": "colours and where things sit: the theme, the Graphviz layouts and the value map",
    "site.data": "what the pages and downloads carry: the node and edge tables, the downloads, the address limits",
    "site.output": "the output folder, the documentation built into it and the preview server",
    "site.render": "the pages, data files and pictures a build writes",
    "site.build": "the build: gather and check everything, render every page, write once",
}


def _cell(text: str) -> str:
    """Text safe in a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def _help(action: argparse.Action) -> str:
    """An argument's help as ``--help`` shows it (``%(default)s`` and the like filled in)."""
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    return action.help % {**vars(action), "prog": ""}


def _name(action: argparse.Action) -> str:
    """An argument as the usage names it: ``--out OUT``, ``SPEC``, ``--[no-]reports``."""
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    metavar = action.metavar or action.dest.upper()
    takes = action.nargs != 0
    return ", ".join(f"`{o} {metavar}`" if takes else f"`{o}`" for o in action.option_strings)


def _command(name: str, parser: argparse.ArgumentParser, summary: str) -> list[str]:
    """One subcommand's section: what it does, its usage and its arguments."""
    lines = [f"## vizgen {name}", "", _cell(summary) + ".", "", "```text",
             parser.format_usage().strip().replace("usage: ", "", 1), "```", "",
             "| argument | what it does | default |", "| --- | --- | --- |"]
    for action in parser._actions:
        if action.help == argparse.SUPPRESS:
            continue
        shown = action.default not in (None, False, [], argparse.SUPPRESS) and action.option_strings
        default = f"`{action.default}`" if shown else ""
        lines.append(f"| {_name(action)} | {_cell(_help(action))} | {default} |")
    return [*lines, ""]


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser, str]]:
    """Each subcommand of the parser: its name, its parser and its one-line help, in the order ``--help`` lists."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            found += [(name, sub, helps.get(name, "")) for name, sub in action.choices.items()]
    return found


def cli_reference(parser: argparse.ArgumentParser | None = None) -> str:
    """The command-line reference in Markdown: every subcommand, its usage and every argument.

    Parameters
    ----------
    parser : argparse.ArgumentParser, optional
        The parser to describe (default: the one ``python -m vizgen`` uses).

    Returns
    -------
    str
        A Markdown section per subcommand, in the order ``--help`` lists them.
    """
    if parser is None:
        from vizgen.cli import parser as vizgen_parser
        parser = vizgen_parser()
    lines = ["```text", parser.format_usage().strip().replace("usage: ", "", 1), "```", "",
             _cell(parser.description or ""), "", _cell(parser.epilog or ""), ""]
    for name, sub, summary in _subcommands(parser):
        lines += _command(name, sub, summary)
    return "\n".join(lines)


def _modules(package: str) -> list[str]:
    """The public modules of ``vizgen.<package>`` (the package itself first), by name."""
    path = ROOT / "vizgen" / package.replace(".", "/")
    names = [f"vizgen.{package}"]
    names += sorted(f"vizgen.{package}.{m.name}" for m in pkgutil.iter_modules([str(path)])
                    if not m.name.startswith("_") and not m.ispkg)
    return names


def api_pages() -> dict[str, str]:
    """The API reference's pages by path: an index and one page per package, a mkdocstrings block a module."""
    pages = {"api/index.md": "\n".join([
        "# Python API", "",
        "The package's modules, by layer: each imports only those before it "
        "([How it works](../explanation/how-it-works.md)). Every page is generated from the docstrings "
        "(numpydoc); their examples run as doctests in the test suite.", "",
        *[f"- [`vizgen.{p}`]({p.replace('.', '-')}.md): {ROLES[p]}" for p in PACKAGES],
        "- `vizgen.cli`: `python -m vizgen`, described in the [command-line reference](../reference/cli.md)", ""])}
    for package in PACKAGES:
        blocks = [f"# vizgen.{package}", "", ROLES[package][0].upper() + ROLES[package][1:] + ".", ""]
        for module in _modules(package):
            blocks += [f"::: {module}", "    options:", "      show_submodules: false", ""]
        pages[f"api/{package.replace('.', '-')}.md"] = "\n".join(blocks)
    return pages


#: a Sphinx role in a docstring: ``:func:`target```, ``:data:`~vizgen.util.sizes.HOST_MAX```
_ROLE = re.compile(r":(?:func|data|mod|class|meth|attr|exc|obj|const):`(~?)([^`]+)`")


def roles_as_code(text: str) -> str:
    """Sphinx roles written as Markdown code: the target as written, or its last part after ``~``.

    Examples
    --------
    >>> roles_as_code("see :func:`~vizgen.engine.rules.legal_moves` and :mod:`.params`")
    'see `legal_moves` and `.params`'
    """
    return _ROLE.sub(lambda m: f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`", text)


class _Roles(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return roles_as_code("\n".join(lines)).split("\n")


class SphinxRoles(Extension):
    """The Markdown extension that writes the docstrings' Sphinx roles as code (:func:`roles_as_code`)."""

    def extendMarkdown(self, md: Markdown) -> None:  # Python-Markdown's name
        md.preprocessors.register(_Roles(md), "sphinx-roles", 30)


def on_config(config: Any) -> Any:
    """The docstrings' Sphinx roles read as code; the nav's "Python API" entry becomes a section of the generated
    pages."""
    config.markdown_extensions.append(SphinxRoles())
    for section in config["nav"]:
        for entries in section.values() if isinstance(section, dict) else ():
            for k, entry in enumerate(entries if isinstance(entries, list) else ()):
                if entry == {"Python API": "api/index.md"}:
                    entries[k] = {"Python API": ["api/index.md", *[{f"vizgen.{p}": f"api/{p.replace('.', '-')}.md"}
                                                                    for p in PACKAGES]]}
    return config


def on_files(files: Any, config: Any) -> Any:
    """Add the generated API pages to the site's files."""
    from mkdocs.structure.files import File
    for path, text in api_pages().items():
        files.append(File.generated(config, path, content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Write the command-line reference into its page."""
    if CLI_MARK in markdown:
        return markdown.replace(CLI_MARK, cli_reference())
    return markdown
