"""The documentation built into the site: ``build --docs`` writes the MkDocs site into ``docs/`` of the atlas.

The documentation's sources are the repository's ``docs/`` folder and its ``mkdocs.yml``; MkDocs, its Material
theme and mkdocstrings come with the test extras (``pip install -e ".[test]"``), not with vizgen itself, so
:func:`check_docs` refuses ``--docs`` in one line, before any work, where either is missing. The build then runs
:func:`build_docs` in a worker process beside its own work (a stopped build kills it), strict (a warning is an
error) and deterministic: the build date MkDocs would write is pinned and the sitemap, which carries dates only,
is left out, so the same sources give the same bytes. Every page's header links to :data:`DOCS_HOME` when the
docs are built in (the templates' ``docs``: that path, or empty), and has no such link otherwise.
"""

from __future__ import annotations

import importlib.util
import io
import os
import shutil
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from vizgen.site.output.outdir import BuildError
from vizgen.util.text import quote

__all__ = ["CONFIG", "DOCS_FOLDER", "DOCS_HOME", "DOCS_WORK", "DocsJob", "build_docs", "check_docs", "docs_failed",
           "docs_files"]

#: the documentation's configuration, looked for in the current folder (a checkout of vizgen)
CONFIG = "mkdocs.yml"
#: the folder of the site the documentation is written to
DOCS_FOLDER = "docs"
#: where in the build's temporary folder the worker writes the documentation before the build reads it in
DOCS_WORK = ".docs-build"
#: the documentation's home in the site, which every page's header links to (from the site's root)
DOCS_HOME = f"{DOCS_FOLDER}/index.html"
#: the packages building the documentation needs (module names; the test extras install them)
_NEEDS = ("mkdocs", "material", "mkdocstrings_handlers.python")
#: what MkDocs writes that carries the build's date and nothing else
_DATED = ("sitemap.xml", "sitemap.xml.gz")
#: the build date MkDocs writes where it writes one (``SOURCE_DATE_EPOCH``): fixed, for the same bytes
_EPOCH = "0"


@dataclass(frozen=True)
class DocsJob:
    """What :func:`build_docs` needs: the configuration file and the folder to write."""

    config: Path
    out: Path


def check_docs(folder: str | Path = ".") -> Path:
    """Return the documentation's configuration in ``folder``, refusing in one line what cannot build it.

    Parameters
    ----------
    folder : str or pathlib.Path
        Where ``mkdocs.yml`` is looked for (default: the current folder).

    Returns
    -------
    pathlib.Path
        The absolute path of ``mkdocs.yml``.

    Raises
    ------
    BuildError
        When the configuration is not there, or MkDocs or its plugins are not installed.

    Examples
    --------
    >>> import tempfile
    >>> check_docs(tempfile.mkdtemp())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vizgen.site.output.outdir.BuildError: --docs needs mkdocs.yml in the current folder (a checkout of vizgen): ...
    """
    config = Path(folder).resolve() / CONFIG
    if not config.is_file():
        raise BuildError(f"--docs needs {CONFIG} in the current folder (a checkout of vizgen): none here")
    missing = [name for name in _NEEDS if importlib.util.find_spec(name.split(".")[0]) is None
               or importlib.util.find_spec(name) is None]
    if missing:
        raise BuildError(f"--docs needs MkDocs, its Material theme and mkdocstrings ({', '.join(missing)} missing): "
                         'pip install -e ".[test]"')
    return config


def build_docs(job: DocsJob) -> list[str]:
    """Build the documentation into ``job.out``, strict; return the warnings that stopped it (none: it was built).

    Runs in a worker process of the build (:class:`vizgen.util.processes.Background`): MkDocs's own output is
    kept, and only what failed is handed back, for the build's one line.

    Parameters
    ----------
    job : DocsJob
        The configuration and the folder to write (created; the sitemap left out).

    Returns
    -------
    list of str
        Empty when the documentation was built; else the lines MkDocs reported.
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    os.environ["SOURCE_DATE_EPOCH"] = _EPOCH
    said = io.StringIO()
    here = Path.cwd()
    try:
        os.chdir(job.config.parent)  # the hooks and mkdocstrings read paths from the configuration's folder
        with redirect_stdout(said), redirect_stderr(said):
            build(load_config(str(job.config), site_dir=str(job.out), strict=True))
    except (MkDocsException, SystemExit) as exc:
        return [line for line in said.getvalue().splitlines() if line.strip()] or [str(exc) or type(exc).__name__]
    finally:
        os.chdir(here)
    for name in _DATED:
        (job.out / name).unlink(missing_ok=True)
    return []


def docs_files(folder: Path) -> dict[str, bytes]:
    """The documentation :func:`build_docs` wrote into ``folder``, as the site's files (``docs/...`` to bytes);
    the folder is removed.

    The build writes them with the rest of the site, so the site's marker lists them
    (:func:`vizgen.site.output.outdir.marker`) and the next build knows them for its own.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "api").mkdir()
    >>> _ = (folder / "api" / "index.html").write_bytes(b"<p>API</p>")
    >>> docs_files(folder), folder.exists()
    ({'docs/api/index.html': b'<p>API</p>'}, False)
    """
    found = {f"{DOCS_FOLDER}/{path.relative_to(folder).as_posix()}": path.read_bytes()
             for path in sorted(folder.rglob("*")) if path.is_file()}
    shutil.rmtree(folder)
    return found


def docs_failed(lines: list[str]) -> BuildError:
    """The one line a build stops with when its documentation did not build."""
    first = next((line for line in lines if "WARNING" in line or "ERROR" in line), lines[0])
    return BuildError(f"the documentation did not build ({len(lines)} lines from MkDocs), first: {quote(first)}")
