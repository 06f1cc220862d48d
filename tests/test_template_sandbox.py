"""User templates in a sandbox (issue #39, part 5): no Python internals, bounded time and memory, no file read from
outside the template folders, and every refusal one line naming the file.

The bounds are tried in this process, through the render layer (the time bound shortened); the same templates run
through ``vizgen build --templates`` in ``tests/hostile_cases.py`` (``sandbox-*``), and the slow test here checks
that a build stopped by a bound leaves the old site as it was and nothing beside it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.builds import TEMPLATE_HEAD as HEAD
from tests.builds import TEMPLATE_TAIL as TAIL
from tests.builds import template_folder
from vizgen.site.build import build_site
from vizgen.site.output.outdir import leftovers
from vizgen.site.render import render_site, templating
from vizgen.site.render.assets import environment
from vizgen.site.render.templating import TEMPLATE_BYTES, TemplateProblem, compile_templates, explained
from vizgen.util import deadlines
from vizgen.util.text import format_count

ROOT = Path(__file__).resolve().parents[1]
LOOPS = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS, /proc and SIGALRM of Linux")


@pytest.fixture(scope="module")
def pages(shared_gather: Callable[[list[str]], list]) -> list:
    """The tiny game's page, solved and laid out once a run (the run's cache)."""
    return shared_gather(["standard:r=3"])


def _problem(pages: list, folder: Path) -> str:
    """The one line the build would print for ``folder``'s templates (compiled first, then rendered)."""
    try:
        compile_templates(environment(folder), folder)
        render_site(pages, templates=folder)
    except Exception as exc:
        problem = explained(exc)
    else:
        pytest.fail("the hostile template rendered")
    assert isinstance(problem, TemplateProblem), problem
    message = str(problem)
    assert "\n" not in message and len(message) < 600, message
    return message


@pytest.mark.slow(reason="renders a template per attempt in the sandbox (0.7 CPU s); out of the fast lane: issue #49")
def test_python_internals_are_out_of_reach(pages: list, tmp_path: Path) -> None:
    line = "{{ cycler.__init__.__globals__.os.system('touch " + str(tmp_path / "pwned") + "') }}"
    folder = template_folder(tmp_path, line)
    message = _problem(pages, folder)
    assert message == f"template '{folder / 'index.html'}', line 3: access to attribute '__init__' of 'type' object " \
                      "is unsafe."
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize(("line", "says"), [
    ("{{ 'x' * 2500000000 }}", "line 3: went over the 128 MB of memory a template may take"),
    ("{{ 'x' * (2.5e9 | int) }}", "line 3: went over the 128 MB"),
    ("{{ 'x' | center(1000000000) }}", "line 3: went over the 128 MB"),
    ("{{ '%999999999d' | format(1) }}", "line 3: went over the 128 MB"),
    ("{{ '{:>999999999}'.format(1) }}", "line 3: went over the 128 MB"),
    ("{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
     "line 3: went over the 128 MB"),
    ("{{ 10 ** (10 ** 9) }}", "line 3: '**' would make an integer of 3\u202f000\u202f000\u202f001 bits or so, "
     "over the 65\u202f536"),
    ("{{ (2 ** 40000) * (2 ** 40000) }}", "line 3: '*' would make an integer of 80\u202f002 bits or so"),
    ("{% for i in range(10**9) %}{% endfor %}", "line 3: OverflowError: Range too big"),
    ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}", "line 3: recursion too deep"),
], ids=["string-2500000000", "string-2.5e9", "center", "format-width", "str-format-width", "doubled-40-times",
        "power", "product", "range-1e9", "macro-recursion"])
def test_memory_integers_ranges_and_recursion_are_bounded(pages: list, tmp_path: Path, line: str,
                                                          says: str) -> None:
    folder = template_folder(tmp_path, line)
    message = _problem(pages, folder)
    assert message.startswith(f"template '{folder / 'index.html'}', ") and says in message, message


@pytest.mark.parametrize("recursion_limit", [1000, 20000], ids=["limit-1000", "limit-20000"])
@pytest.mark.parametrize("line", ["{{ " + "(" * 100 + "1" + ")" * 100 + " }}", "{{ 1" + " | string" * 2000 + " }}"],
                         ids=["nested-100", "filters-2000"])
def test_an_expression_too_deep_to_compile_is_one_line(pages: list, tmp_path: Path, line: str,
                                                       recursion_limit: int) -> None:
    """Refused alike whatever recursion limit the process had (a library may raise it: CI once rendered this)."""
    folder = template_folder(tmp_path, line)
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(recursion_limit)
    try:
        problem = _problem(pages, folder)
    finally:
        sys.setrecursionlimit(before)
    assert problem == f"template '{folder / 'index.html'}': nested too deep to compile (blocks, " \
                                      "parentheses or a chain of filters)"


def test_a_loop_that_calls_nothing_is_stopped_at_the_deadline(pages: list, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(templating, "TEMPLATE_SECONDS", 0.5)
    folder = template_folder(tmp_path, LOOPS)
    assert _problem(pages, folder) == f"template '{folder / 'index.html'}', line 3: took over 0.5 s, the time a " \
                                      "template may take"
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_another_timer_goes_on_and_its_handler_is_restored(tmp_path: Path) -> None:
    folder = template_folder(tmp_path, "")

    def mine(signum: int, frame: object) -> None:
        raise AssertionError("not yet")

    previous = signal.signal(signal.SIGALRM, mine)
    try:
        signal.setitimer(signal.ITIMER_REAL, 600)
        environment(folder).get_template("index.html").render(root="", site_title="T", page_title="T")
        assert signal.getsignal(signal.SIGALRM) is mine and 0 < signal.getitimer(signal.ITIMER_REAL)[0] <= 600
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_tick_landing_as_the_timer_stops_leaves_no_timer_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tick past the deadline raises at any bytecode; one landing on the first line of the timer's cleanup used to
    leave the timer ticking into the interpreter's exit, where SIGALRM's default action killed the process (exit
    -14 after the build's one line, seen under load). Here the tick lands on the cleanup's first call, every time."""
    real = signal.setitimer
    landed: list[float] = []

    def tick_lands(which: int, seconds: float, interval: float = 0.0) -> tuple[float, float]:
        if seconds == 0 and not landed:  # the cleanup's first stop of the timer: the tick comes first
            landed.append(seconds)
            raise templating.TemplateLimit("took over 1 s, the time a template may take")
        return real(which, seconds, interval)

    previous = signal.getsignal(signal.SIGALRM)
    monkeypatch.setattr(signal, "setitimer", tick_lands)
    try:
        stopped = pytest.raises(TemplateProblem, match=r"template 'late\.html': took over 1 s")
        with stopped, templating.bounded("late.html"):
            pass
        assert landed == [0]
        assert real(signal.ITIMER_REAL, 0) == (0.0, 0.0)  # no timer left running
        assert signal.getsignal(signal.SIGALRM) is previous
    finally:
        real(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_outside_the_main_thread_each_call_checks_the_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(templating, "TEMPLATE_SECONDS", 0.5)
    folder = template_folder(tmp_path, "{% for i in range(100000) %}{% for j in range(100000) %}{{ j.bit_length() }}"
                               "{% endfor %}{% endfor %}")
    caught: list[BaseException] = []

    def render() -> None:
        try:
            environment(folder).get_template("index.html").render(root="", site_title="T", page_title="T")
        except BaseException as exc:
            caught.append(exc)

    thread = threading.Thread(target=render)
    thread.start()
    thread.join()
    assert len(caught) == 1 and isinstance(caught[0], TemplateProblem)
    assert str(caught[0]) == f"template '{folder / 'index.html'}', line 3: took over 0.5 s, the time a template " \
                             "may take"


def _link(folder: Path, name: str, target: str | Path) -> Path:
    (folder / name).symlink_to(target)
    return folder / name


@pytest.mark.parametrize(("make", "refused", "why"), [
    (lambda f: _link(f, "index.html", "/etc/passwd"), "index.html", "it leads to '/etc/passwd', outside the template"),
    (lambda f: _link(f, "index.html", "/proc/self/environ"), "index.html", "outside the template folders"),
    (lambda f: (_link(f, "secret.html", "/etc/passwd"),
                (f / "index.html").write_text(HEAD + '{% include "secret.html" %}' + TAIL)), "secret.html",
     "it leads to '/etc/passwd'"),
    (lambda f: (_link(f, "macros.html", "/etc/passwd"),
                (f / "index.html").write_text(HEAD + '{% import "macros.html" as m %}' + TAIL)), "macros.html",
     "it leads to '/etc/passwd'"),
    (lambda f: (_link(f, "page.html", "/etc/passwd"),
                (f / "index.html").write_text('{% extends "page.html" %}')), "page.html", "it leads to '/etc/passwd'"),
    (lambda f: (f / "sub").symlink_to("/etc", target_is_directory=True) or
     (f / "index.html").write_text(HEAD + '{% include "sub/passwd" %}' + TAIL), "sub/passwd",
     "it leads to '/etc/passwd'"),
    (lambda f: os.mkfifo(f / "index.html"), "index.html", "not a regular file"),
    (lambda f: (f / "index.html").write_bytes(b" " * (TEMPLATE_BYTES + 1)), "index.html",
     f"{format_count(TEMPLATE_BYTES + 1)} bytes, over the {format_count(TEMPLATE_BYTES)} a template may have"),
], ids=["page-passwd", "page-environ", "include", "import", "extends", "folder-link", "fifo", "too-big"])
def test_files_outside_the_template_folders_are_never_read(pages: list, tmp_path: Path, make: object, refused: str,
                                                            why: str) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    make(folder)  # type: ignore[operator]
    message = _problem(pages, folder)
    assert message.startswith(f"template '{folder / refused}' refused: ") and why in message, message
    assert "root:" not in message


def test_links_within_the_template_folders_are_followed(pages: list, tmp_path: Path) -> None:
    folder = template_folder(tmp_path, '{% include "part.html" %}')
    (folder / "parts").mkdir()
    (folder / "parts" / "real.html").write_text("<p>a part of mine</p>")
    _link(folder, "part.html", folder / "parts" / "real.html")
    _link(folder, "base.html", ROOT / "templates" / "base.html")  # a built-in template, by a link
    files = render_site(pages, templates=folder)
    assert b"<p>a part of mine</p>" in files["index.html"]


@pytest.mark.slow(reason="renders every built-in template twice (0.5 CPU s); out of the fast lane: issue #49")
def test_the_builtin_templates_render_the_same_bytes_in_the_sandbox(pages: list, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert render_site(pages, templates=tmp_path / "empty") == render_site(pages)


@pytest.mark.catalogue(
    reason="waits the real 10 s (10 s); the whole suite stops the same loop at a tenth of the deadline")
@pytest.mark.slow(reason="waits out a template's real deadline, 10 s of a loop (the other tests shorten it)")
def test_a_loop_is_stopped_at_the_real_deadline(pages: list, tmp_path: Path) -> None:
    folder = template_folder(tmp_path, LOOPS)
    assert _problem(pages, folder) == f"template '{folder / 'index.html'}', line 3: took over " \
                                      f"{templating.TEMPLATE_SECONDS:g} s, the time a template may take"


@pytest.mark.slow
@pytest.mark.parametrize("line", [LOOPS, "{{ 'x' * 2500000000 }}"], ids=["time", "memory"])
def test_a_build_stopped_by_a_bound_keeps_the_old_site_and_leaves_nothing(tmp_path: Path, line: str) -> None:
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_site(["standard:r=3"], out, cache_dir=cache, progress=False)
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    folder = template_folder(tmp_path, line)
    run = subprocess.run([sys.executable, "-m", "vizgen", "build", "--quiet", "--variant", "standard:r=3", "--out",
                          str(out), "--templates", str(folder)], capture_output=True, text=True, timeout=300,
                         env={"PYTHONPATH": str(ROOT), "VIZGEN_CACHE": str(cache), "PATH": "/usr/bin:/bin",
                              deadlines.SCALE_ENV: "0.1"})  # a loop stopped in 1 s, not 10
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr[-800:]
    assert run.stderr.startswith(f"vizgen: error: template '{folder / 'index.html'}', line 3: ")
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "site", "templates"] and leftovers(out) == []
