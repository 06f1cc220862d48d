"""The front door and the documentation (issue #49): the README is short and every command it shows runs; the
documentation builds strict, its command-line reference lists everything ``--help`` does, and a site built with
``--docs`` carries it under ``docs/``, linked from every page's header.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
sys.path.insert(0, str(ROOT / "tools"))
import docs_hooks  # noqa: E402  (tools/ is no package: the hooks mkdocs.yml names)

from vizgen.cli import main, parser  # noqa: E402
from vizgen.site.output.docs import DocsJob, build_docs, check_docs  # noqa: E402

#: the README's lines at most (issue #49)
README_LINES = 150
#: how the suite runs each command the README shows: as shown, or what must change to run it cheaply here, and why
#: (a key per command: a command added to the README without a way to run it here fails the first test)
RUNS: dict[str, tuple[str, str]] = {
    "pip install -e . && python -m vizgen build": (
        "python -m vizgen build --variant standard --out {out} --quiet",
        "pip's install is .ci/run's first step on every CI run; the whole catalogue's build is the catalogue lane's"),
    'pip install -e ".[test]" && npm ci && ruff check . && npm run lint && npm run typecheck && mypy && '
    "python -m pytest -q -n 2 --dist loadgroup": (
        "python -m pytest -q -n 2 --dist loadgroup --collect-only -p no:cacheprovider",
        "the command is .ci/run's (tests/test_ci.py), which CI runs whole; here the suite is collected"),
    "python -m vizgen list": ("python -m vizgen list", ""),
    "python -m vizgen stats standard": ("python -m vizgen stats standard", ""),
    "python -m vizgen stats cutoff:players=3 --json": ("python -m vizgen stats cutoff:players=3 --json", ""),
    "python -m vizgen show standard 11-11 --then '1>1'": ("python -m vizgen show standard 11-11 --then '1>1'", ""),
    "python -m vizgen maxn standard 12-11 --depth 3": ("python -m vizgen maxn standard 12-11 --depth 3", ""),
    "python -m vizgen guide self-gain": ("python -m vizgen guide self-gain", ""),
    "python -m vizgen puzzles standard --json": ("python -m vizgen puzzles standard --json", ""),
    "python -m vizgen judge standard": ("python -m vizgen judge standard", ""),
    "python -m vizgen sweep standard --vary suicide=false,true": (
        "python -m vizgen sweep standard --vary suicide=false,true", ""),
    "python -m vizgen build --variant standard:r=7 --out site": (
        "python -m vizgen build --variant standard:r=7 --out {out} --quiet", "into a folder of the test's"),
    "python -m vizgen serve": ("python -m vizgen serve --dir {site} --port 0",
                               "a free port (the machine is shared), stopped by Ctrl-C once it answers"),
    'python -m pytest -q -n 2 --dist loadgroup -m "not browser and not slow" --hypothesis-profile=fast': (
        'python -m pytest -q -n 2 --dist loadgroup -m "not browser and not slow" --hypothesis-profile=fast '
        "--collect-only -p no:cacheprovider", "collected: running the lane inside the suite would run it twice"),
    "python -m pytest -q --catalogue -m catalogue": (
        "python -m pytest -q --catalogue -m catalogue --collect-only -p no:cacheprovider",
        "collected: the lane takes an hour, CI runs it as a job of its own (.ci/run catalogue)"),
}


def readme_commands(text: str) -> list[str]:
    """Every command the README shows: each line of its ``sh`` blocks (comments off), and the commands of its
    lanes table."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            command = re.sub(r"\s+#\s.*$", "", line).strip()
            if command:
                found.append(command)
    for row in re.findall(r"^\|[^|\n]*\|\s*`([^`\n]+)`\s*\|", text, re.M):
        found.append(row.strip())
    return found


def test_the_readme_is_at_most_150_lines() -> None:
    lines = README.read_text().splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines"


def test_every_command_the_readme_shows_has_a_way_to_run_here() -> None:
    shown = readme_commands(README.read_text())
    assert len(shown) >= 10, shown  # the two set-up commands, the tour, the lanes
    assert sorted(set(shown)) == sorted(RUNS), "a README command without its run in RUNS, or a run for none"


def _env(tmp_path: Path) -> dict[str, str]:
    """The commands' environment: the suite's cache if it has one, else a folder of the test's."""
    return {**os.environ, "VIZGEN_CACHE": os.environ.get("VIZGEN_CACHE", str(tmp_path / "cache"))}


@pytest.mark.slow
@pytest.mark.parametrize("shown", sorted(c for c in RUNS if "vizgen serve" not in c))
def test_every_command_the_readme_shows_runs(shown: str, tmp_path: Path) -> None:
    command = RUNS[shown][0].format(out=tmp_path / "site")
    run = subprocess.run(shlex.split(command), cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, f"{command}\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    if "build" in command:
        assert (tmp_path / "site" / "index.html").is_file()


@pytest.mark.slow
def test_the_readmes_serve_command_serves(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>hi</p>")
    command = RUNS["python -m vizgen serve"][0].format(site=site)
    server = subprocess.Popen(shlex.split(command), cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        address = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert address, line
        from urllib.request import urlopen
        with urlopen(address.group(0) + "index.html", timeout=30) as answer:
            assert answer.read() == b"<p>hi</p>"
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=30) == 130
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def _help_names(argv: list[str]) -> set[str]:
    """The subcommands (for the top level) or the options and arguments ``--help`` lists."""
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), pytest.raises(SystemExit) as done:
        parser().parse_args([*argv, "--help"])  # what `python -m vizgen ... --help` prints, without a process
    assert done.value.code == 0
    text = shown.getvalue()
    if not argv:  # the subcommands, each on a line of its own under COMMAND
        return set(re.findall(r"^    ([a-z][\w-]*)(?:\s{2,}|$)", text, re.M))
    return set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", text))


def test_the_cli_reference_lists_every_subcommand_and_option_help_lists() -> None:
    reference = docs_hooks.cli_reference()
    commands = sorted(_help_names([]))
    assert {"build", "sweep", "serve", "list"} <= set(commands), commands
    for command in commands:
        assert f"## vizgen {command}\n" in reference, command
        section = reference.split(f"## vizgen {command}\n", 1)[1].split("\n## vizgen ", 1)[0]
        for option in _help_names([command]):
            assert f"`{option}" in section, f"vizgen {command} {option}"
    assert docs_hooks.cli_reference(parser()) == reference


def test_the_api_reference_documents_every_public_module() -> None:
    pages = docs_hooks.api_pages()
    blocks = {line[4:] for text in pages.values() for line in text.splitlines() if line.startswith("::: ")}
    for path in (ROOT / "vizgen").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        if any(p.startswith("_") for p in parts) or name in ("vizgen", "vizgen.cli"):
            continue
        assert name in blocks, name


@pytest.fixture(scope="module")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation, built strict as ``build --docs`` builds it (:func:`vizgen.site.output.docs.build_docs`)."""
    out = tmp_path_factory.mktemp("docs") / "docs"
    failed = build_docs(DocsJob(check_docs(ROOT), out))
    assert failed == [], "\n".join(failed[-40:])
    return out


@pytest.mark.slow
@pytest.mark.xdist_group("docs")
def test_the_docs_build_strict_with_every_page(docs_site: Path) -> None:
    """The run's site built with ``--docs``, which builds the documentation strict (a warning stops the build)."""
    docs = docs_site / "vizgen" / "docs"
    for page in ("index.html", "tutorial/first-build.html", "tutorial/own-rules.html", "howto/templates.html",
                 "howto/variant-file.html", "howto/sweep.html", "howto/cluster.html", "howto/cache.html",
                 "reference/cli.html", "reference/json.html", "RULES.html", "RULINGS.html", "api/index.html",
                 "api/engine.html", "explanation/how-it-works.html", "explanation/engine.html",
                 "explanation/browser.html", "FRONTEND.html", "explanation/rule-space.html", "SCALE.html"):
        assert (docs / page).is_file(), page
    cli = (docs / "reference" / "cli.html").read_text()
    assert "vizgen build" in cli and "--site-url" in cli and docs_hooks.CLI_MARK not in cli
    api = (docs / "api" / "engine.html").read_text()
    assert "vizgen.engine.notation" in api and "legal_moves" in api  # the docstrings, rendered


def test_the_docstrings_sphinx_roles_read_as_code() -> None:
    assert docs_hooks.roles_as_code(":func:`~vizgen.engine.rules.legal_moves` of :mod:`.params`, "
                                    ":data:`vizgen.util.sizes.HOST_MAX`") == (
        "`legal_moves` of `.params`, `vizgen.util.sizes.HOST_MAX`")
    assert docs_hooks.roles_as_code("``a`` and `b`") == "``a`` and `b`"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
@pytest.mark.xdist_group("docs")
def test_a_site_built_with_docs_carries_them_and_links_them_from_every_page(docs_site: Path, shared_cache: Path,
                                                                           tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The site built with ``--docs`` (the run's, ``docs_site``) and one built without, over the same cache."""
    monkeypatch.setenv("VIZGEN_CACHE", str(shared_cache))
    with_docs, without = docs_site / "vizgen", tmp_path / "without"
    assert main(["build", "--variant", "standard", "--out", str(without), "--quiet"]) == 0
    assert not (with_docs / "docs" / "sitemap.xml").exists()  # dates only
    pages = sorted(p for p in with_docs.rglob("*.html") if "docs" not in p.relative_to(with_docs).parts)
    assert {"index.html", "variants/standard.html", "rules.html", "practice.html", "guide/standard.html"} <= {
        str(p.relative_to(with_docs)) for p in pages}
    for page in pages:
        href = re.search(r'<a class="docs-link" href="([^"]+)">', page.read_text())
        assert href, page
        assert (page.parent / href.group(1)).resolve() == (with_docs / "docs" / "index.html").resolve(), page
        alone = (without / page.relative_to(with_docs)).read_text()
        assert "docs-link" not in alone and not (without / "docs").exists()  # no link to nothing


@pytest.mark.catalogue(reason="the documentation built a second time, alone (14 s); the whole suite keeps it built "
                              "strict with the site")
@pytest.mark.xdist_group("docs")
def test_the_docs_are_the_same_bytes_built_alone_and_with_the_site(built_docs: Path, docs_site: Path) -> None:
    assert _files(docs_site / "vizgen" / "docs") == _files(built_docs), "the same sources give the same bytes"


def test_build_docs_is_refused_in_one_line_before_any_work_where_mkdocs_yml_is_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--docs", "--out", str(tmp_path / "site"), "--quiet"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert said == ["vizgen: error: --docs needs mkdocs.yml in the current folder (a checkout of vizgen): none here"]
    assert not (tmp_path / "site").exists()
