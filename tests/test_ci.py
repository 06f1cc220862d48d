"""CI where the code lives: the tests run on every push and pull request, and the site is published only after.

The workflows are checked offline against GitHub's workflow schema (the
``vendor.github-workflows`` schema that ships with check-jsonschema), then
for what they promise.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"


def _load(name: str) -> dict:
    doc = yaml.safe_load((WORKFLOWS / name).read_text())
    doc["on"] = doc.pop(True, doc.get("on"))  # YAML 1.1 reads the key `on` as true
    return doc


@pytest.mark.slow(reason="runs the workflow schema's checker (1.4 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("name", ["tests.yml", "pages.yml"])
def test_the_workflow_is_valid(name: str) -> None:
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", str(WORKFLOWS / name)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_tests_run_on_every_push_and_pull_request_with_the_readmes_command() -> None:
    doc = _load("tests.yml")
    assert "push" in doc["on"] and "pull_request" in doc["on"]
    assert doc["on"]["push"] is None and doc["on"]["pull_request"] is None, "every branch, no path filter"
    steps = doc["jobs"]["test"]["steps"]
    runs = [s.get("run", "") for s in steps]
    assert any(r.strip() == ".ci/run" for r in runs)
    readme = (ROOT / "README.md").read_text()
    command = re.search(r'pip install -e "\.\[test\]" && npm ci && '
                        r'(ruff check \. && npm run lint && npm run typecheck && mypy && python -m pytest -q)', readme)
    assert command, "the README names its test command"
    ci_run = (ROOT / ".ci" / "run").read_text()
    assert command.group(1) in ci_run and 'pip install' in ci_run and '-e ".[test]"' in ci_run
    assert re.search(r"^npm ci\b", ci_run, re.M), "the linter installed from the lockfile"
    uses = [s.get("uses", "") for s in steps]
    assert any(u.startswith("actions/setup-node@") for u in uses), "node for the JavaScript tests"
    assert any("VIZGEN_CHROMIUM" in r and "google-chrome" in r for r in runs), "the runner's Chrome for the browser"


def test_pages_deploy_only_what_the_tests_passed() -> None:
    tests, pages = _load("tests.yml"), _load("pages.yml")
    assert set(pages["on"]) == {"workflow_run"}, "no other way in: a push alone publishes nothing"
    run = pages["on"]["workflow_run"]
    assert run["workflows"] == [tests["name"]] and run["types"] == ["completed"] and run["branches"] == ["main"]
    build = pages["jobs"]["build"]
    assert "github.event.workflow_run.conclusion == 'success'" in build["if"]
    checkout = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/checkout@"))
    assert checkout["with"]["ref"] == "${{ github.event.workflow_run.head_sha }}", "the commit that was tested"
    assert pages["jobs"]["deploy"]["needs"] == "build"


def test_pages_publish_the_documentation_under_docs() -> None:
    steps = _load("pages.yml")["jobs"]["build"]["steps"]
    runs = [s.get("run", "") for s in steps]
    assert any(re.search(r"pip install \S*\.\[test\]", r) for r in runs), "MkDocs comes with the test extras"
    build = next(r for r in runs if "vizgen build" in r)
    assert "--docs" in build and "--out site" in build
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "site", "the atlas with its docs/"


@pytest.mark.slow(reason="starts pytest in a fresh interpreter (0.8 CPU s); out of the fast lane: issue #49")
def test_the_browser_tests_take_the_browser_from_vizgen_chromium(tmp_path: Path) -> None:
    fake = tmp_path / "chrome"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "CI"} | {"VIZGEN_CHROMIUM": str(fake), "PYTHONPATH": str(ROOT)}
    shown = subprocess.run([sys.executable, "-c", "from tests.browsing import CHROMIUM; print(CHROMIUM)"],
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert shown.stdout.strip() == str(fake), shown.stderr


@pytest.mark.xdist_group("grouping")
def test_a_group_is_kept_on_one_worker(request: pytest.FixtureRequest) -> None:
    """Under ``--dist loadgroup`` (the README's commands) a test's group is in its id: the scheduler keeps each
    group on one worker, so a module's site, browser or reference figures are worked out once a run."""
    if not getattr(request.config.option, "loadgroup", False):  # set on the workers of --dist loadgroup
        pytest.skip("not run with --dist loadgroup")
    assert request.node.nodeid.endswith("@grouping"), (
        f"{request.node.nodeid}: pytest-xdist dropped the test's group (pytest 9.2 with pytest-xdist 3.8: "
        "pytest-xdist#1386)")


#: a start-up hook that makes Playwright and axe-playwright look uninstalled, as in a venv without them
_HIDE_PLAYWRIGHT = '''
import sys
class _Hidden:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("playwright", "axe_playwright_python"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, _Hidden())
'''


@pytest.mark.slow(reason="collects the whole suite in a fresh interpreter: about 15 CPU seconds (the fast lane holds "
                        "the static check of the same promise, tests/test_lanes.py)")
def test_the_fast_lane_collects_without_playwright_and_says_why_the_browser_tests_skip(tmp_path: Path) -> None:
    """``pytest -m "not browser and not slow"`` as the README gives it (both test paths: the tests and the
    package's doctests) collects with Playwright and axe-playwright uninstalled; the modules that need them skip
    whole, saying why."""
    (tmp_path / "sitecustomize.py").write_text(_HIDE_PLAYWRIGHT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    hidden = subprocess.run([sys.executable, "-c", "import playwright"], env=env, capture_output=True, text=True)
    assert hidden.returncode != 0 and "No module named 'playwright'" in hidden.stderr  # the hook works
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-rs", "-p", "no:cacheprovider",
                          "-p", "no:randomly", "-m", "not browser and not slow"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "error" not in run.stdout.splitlines()[-1].lower(), run.stdout[-3000:]
    assert re.search(r"^vizgen/\S+::vizgen\.", run.stdout, re.M), "the doctests are collected too"
    for module in ("test_readable_browser.py", "test_rulespage_browser.py", "test_access_browser.py",
                   "test_people_browser.py"):
        assert re.search(rf"SKIPPED \[\d+\] tests/{module}:\d+: \S.*(playwright|axe)", run.stdout), module
