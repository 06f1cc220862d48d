"""Page templates: the top-level ``templates/`` ships in the package, and ``build --templates`` overrides."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from vizgen.site.render import assets

ROOT = Path(__file__).resolve().parents[1]


def test_templates_come_from_the_package() -> None:
    env = assets.environment()
    assert Path(env.get_template("variant.html").filename).parent == ROOT / "templates"


def test_a_folder_given_first_overrides_single_templates(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('{% extends "base.html" %}{% block main %}<p id="mine">Mine</p>{% endblock %}')
    env = assets.environment(tmp_path)
    html = env.get_template("index.html").render(root="", site_title="T", page_title="T")
    assert '<p id="mine">Mine</p>' in html and 'href="assets/vizgen.css"' in html  # base.html is the built-in one
    assert Path(env.get_template("variant.html").filename).parent == ROOT / "templates"


@pytest.mark.slow
def test_build_takes_a_templates_folder(tmp_path: Path) -> None:
    custom = tmp_path / "custom"
    custom.mkdir()
    (custom / "index.html").write_text('{% extends "base.html" %}{% block main %}<p>Our club atlas</p>{% endblock %}')
    out = tmp_path / "site"
    cmd = [sys.executable, "-m", "vizgen", "build", "--quiet", "--variant", "standard:r=3", "--out", str(out)]
    subprocess.run([*cmd, "--templates", str(custom)], check=True, cwd=tmp_path)
    assert "Our club atlas" in (out / "index.html").read_text()
    assert "Our club atlas" not in (out / "variants" / "standard-r3.html").read_text()
    bad = subprocess.run([*cmd, "--templates", str(tmp_path / "nowhere")], capture_output=True, text=True,
                         cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "nowhere" in bad.stderr
    assert (out / "index.html").is_file()


def test_every_file_the_pages_and_docs_name_exists() -> None:
    """A path of the repository named in a template, the README or docs/ is a file there (files move)."""
    import re

    root = Path(__file__).resolve().parents[1]
    named = re.compile(r"\b((?:vizgen|templates|tests|benchmarks|docs|\.github|\.ci)/[\w./-]*\w\."
                       r"(?:py|toml|md|js|css|html|pyx|pxi|json|yml)(?:\.gz)?)\b")
    texts = [root / "README.md", *(root / "docs").rglob("*.md"), *(root / "templates").glob("*.html")]
    found = {(t.name, m) for t in texts for m in named.findall(t.read_text(encoding="utf-8"))}
    assert len(found) > 20  # the pattern does find the paths
    assert sorted((name, m) for name, m in found if not (root / m).is_file()) == []
