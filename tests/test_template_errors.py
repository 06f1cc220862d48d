"""Templates explain themselves: any error in a user template is one line with the file, the line and the message.

Each broken ``index.html`` below is tried twice: in the render layer (fast),
and through ``vizgen build --templates`` (slow), where it must end with exit
code 2, one line on stderr and the old site untouched.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.builds import TEMPLATE_HEAD as HEAD
from tests.builds import TEMPLATE_TAIL as TAIL
from tests.builds import template_folder
from vizgen.site.build import build_site
from vizgen.site.output.outdir import BuildError, marker
from vizgen.site.render import render_site
from vizgen.site.render.assets import environment
from vizgen.site.render.templating import TemplateProblem, check_templates, compile_templates, explained

ROOT = Path(__file__).resolve().parents[1]

#: (id, the third line of index.html, what the message says)
BROKEN = [
    ("syntax", "{% if %}", "Expected an expression"),
    ("undefined", "{{ nope.x }}", "'nope' is undefined"),
    ("zero-division", "{{ 1/0 }}", "ZeroDivisionError: division by zero"),
    ("includes-itself", '{% include "index.html" %}', "includes or extends itself"),
    ("unknown-filter", "{{ 1|nofilter }}", "No filter named 'nofilter'"),
    ("string-called", '{{ "x"() }}', "TypeError: 'str' object is not callable"),
    ("include-passwd", '{% include "../../../../etc/passwd" %}', "without '..' and not absolute"),
    ("include-missing", '{% include "missing.html" %}', "'missing.html' not found"),
]


@pytest.fixture(scope="module")
def pages(shared_gather: Callable[[list[str]], list]) -> list:
    """The tiny game's page, solved and laid out once a run (the run's cache)."""
    return shared_gather(["standard:r=3"])


@pytest.mark.parametrize(("line", "says"), [pytest.param(line, says, id=i) for i, line, says in BROKEN])
def test_each_error_is_one_line_naming_the_file_and_the_line(pages: list, tmp_path: Path, line: str,
                                                              says: str) -> None:
    folder = template_folder(tmp_path, line)
    try:
        compile_templates(environment(folder), folder)  # what compiles is rendered: the build finds the rest
        render_site(pages, templates=folder)
    except Exception as exc:
        problem = explained(exc)
    else:
        pytest.fail("the broken template rendered")
    assert isinstance(problem, TemplateProblem)
    message = str(problem)
    assert message.startswith(f"template '{folder / 'index.html'}', line 3: ") and says in message, message
    assert "\n" not in message and len(message) < 600


def test_a_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "index.html").write_bytes(HEAD.encode() + b"caf\xe9\n" + TAIL.encode())
    with pytest.raises(TemplateProblem, match=r"index.html', line 3: not UTF-8 \(byte 0xe9\)"):
        compile_templates(environment(folder), folder)


def test_a_fault_outside_the_templates_keeps_its_traceback() -> None:
    try:
        {}["x"]
    except KeyError as exc:
        assert explained(exc) is None


@pytest.mark.parametrize(("given", "says"), [("", "--templates is empty"), (" ", "--templates is empty"),
                                              ("{tmp}/nowhere", "is not a folder"),
                                              ("{tmp}/a-file", "is not a folder")])
def test_the_templates_folder_must_exist(tmp_path: Path, given: str, says: str) -> None:
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(BuildError, match=says):
        check_templates(given.format(tmp=tmp_path))


def test_an_unreadable_templates_folder_is_refused(tmp_path: Path) -> None:
    import os

    if os.geteuid() == 0:
        pytest.skip("root reads any folder")
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o000)
    try:
        with pytest.raises(BuildError, match="cannot read --templates"):
            check_templates(folder)
    finally:
        folder.chmod(0o755)


def test_templates_inside_the_output_folder_are_refused(tmp_path: Path) -> None:
    (tmp_path / "site" / "templates").mkdir(parents=True)
    (tmp_path / "site" / ".vizgen-site").write_bytes(marker({}))
    with pytest.raises(BuildError, match="did not write: 'templates/'"):  # not the build's: kept
        build_site(["standard:r=3"], tmp_path / "site", templates=tmp_path / "site" / "templates",
                   cache_dir=tmp_path / "cache", progress=False)
    with pytest.raises(BuildError, match="inside --out"):  # not even with --force
        build_site(["standard:r=3"], tmp_path / "site", templates=tmp_path / "site" / "templates",
                   cache_dir=tmp_path / "cache", progress=False, force=True)


@pytest.mark.catalogue_cases(
    "zero-division", "string-called", "includes-itself", "include-missing", "unknown-filter",
    reason="five more template errors through the command (17 s); the whole suite keeps three, and every one in "
           "the build's own process")
@pytest.mark.slow
@pytest.mark.parametrize(("line", "says"), [pytest.param(line, says, id=i) for i, line, says in BROKEN])
def test_the_command_line_says_it_in_one_line_and_keeps_the_site(tmp_path: Path, line: str, says: str) -> None:
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_site(["standard:r=3"], out, cache_dir=cache, progress=False)
    before = (out / "index.html").read_bytes()
    folder = template_folder(tmp_path, line)
    run = subprocess.run([sys.executable, "-m", "vizgen", "build", "--quiet", "--variant", "standard:r=3", "--out",
                          str(out), "--templates", str(folder)], capture_output=True, text=True, timeout=300,
                         env={"PYTHONPATH": str(ROOT), "VIZGEN_CACHE": str(cache), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr[-800:]
    assert run.stderr.startswith(f"vizgen: error: template '{folder / 'index.html'}', line 3: ") and says in run.stderr
    assert (out / "index.html").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "site", "templates"]
