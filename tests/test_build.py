"""The build: real variants into temporary folders, checked as files on disk."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest
import yaml

from vizgen.engine.params import VariantError
from vizgen.engine.variants import GROUPS, REGISTRY
from vizgen.site import build as build_module
from vizgen.site.build import CATALOGUE, MARKER, BuildError, build_site

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("build")]  # seconds each: out of the fast lane, in CI

SPECS = ["standard", "cutoff:r=4", "three-players"]
ROOT = Path(__file__).resolve().parents[1]


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, shared_cache: Path) -> Path:
    """The site of :data:`SPECS`, built through the run's cache (the variants other fixtures solved and laid out
    are read from it)."""
    out = tmp_path_factory.mktemp("build") / "site"
    build_site(SPECS, out, cache_dir=shared_cache, progress=False)
    return out


def test_catalogue_is_every_registry_variant_grouped() -> None:
    assert sorted(CATALOGUE) == sorted(REGISTRY)
    groups = [REGISTRY[slug].group for slug in CATALOGUE]
    assert groups == sorted(groups, key=GROUPS.index)


def test_site_has_an_index_and_a_page_per_variant(site: Path) -> None:
    index = (site / "index.html").read_text()
    for slug in ("standard", "cutoff-r4", "three-players"):
        assert (site / "variants" / f"{slug}.html").is_file()
        assert f'variants/{slug}.html' in index
    assert (site / MARKER).is_file()


def test_no_absolute_links_and_nothing_from_the_network(site: Path) -> None:
    for path in site.rglob("*.html"):
        text = path.read_text()
        for ref in re.findall(r'(?:src|href)\s*=\s*["\']([^"\']+)', text):
            assert not re.match(r"^(?:[a-z]+:)?//", ref), f"{path.name}: {ref}"
            assert not ref.startswith("/"), f"{path.name}: absolute link {ref}"
    assert len(list(site.rglob("vis-network*.js"))) == 1, "one shared copy of vis-network"


def test_downloads_parse_and_agree_with_the_solver(site: Path) -> None:
    folder = site / "variants"
    json_files = sorted(folder.rglob("*.json"))
    graphml_files = sorted(folder.rglob("*.graphml"))
    assert json_files and graphml_files
    standard_json = next(p for p in json_files if "standard" in str(p))
    doc = json.loads(standard_json.read_text())
    assert doc["stats"]["positions"] == len(doc["nodes"]) == 204
    assert doc["stats"]["start"]["value"] == "draw"
    standard_graphml = next(p for p in graphml_files if "standard" in str(p))
    graph = nx.read_graphml(standard_graphml)
    assert graph.number_of_nodes() == 204 and graph.is_directed()
    assert graph.number_of_edges() == len(doc["edges"]) == doc["stats"]["edges"]
    svg = next(p for p in folder.rglob("*.svg") if "standard" in str(p))
    assert svg.read_bytes().lstrip().startswith((b"<?xml", b"<svg", b"<!DOCTYPE"))


def test_pages_stay_light(site: Path) -> None:
    for path in site.rglob("*"):
        if path.suffix in (".html", ".js") and path.is_file():
            assert path.stat().st_size < 4_000_000, path


def test_same_inputs_give_byte_identical_output(site: Path, tmp_path: Path, shared_cache: Path) -> None:
    """A second build, with the variants in another order, is identical; and a third in the same order.

    Both read the run's cache, as the module's site did (issue #49: the same three variants solved and laid out
    again from an empty cache took 60 s of a loaded run): the same bytes from an empty cache as from a full one,
    in other environments too, are tests/test_determinism.py's, on every kind of page these three have."""
    again = tmp_path / "again"
    build_site(list(reversed(SPECS)), again, cache_dir=shared_cache, progress=False)
    index_a = (site / "index.html").read_bytes()
    pages_a = {k: v for k, v in digest(site).items() if k != "index.html"}
    pages_b = {k: v for k, v in digest(again).items() if k != "index.html"}
    assert pages_a == pages_b
    assert len(index_a) > 0
    third = tmp_path / "third"
    build_site(SPECS, third, cache_dir=shared_cache, progress=False)
    assert digest(third) == digest(site)


def test_failed_build_leaves_the_site_untouched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               shared_cache: Path) -> None:
    out = tmp_path / "site"
    build_site(["standard"], out, cache_dir=shared_cache, progress=False)
    before = digest(out)
    with pytest.raises(VariantError):
        build_site(["standard", "nonsense"], out, cache_dir=shared_cache, progress=False)
    assert digest(out) == before

    def broken(*args: object, **kwargs: object) -> dict[str, bytes]:
        raise RuntimeError("render failed")

    monkeypatch.setattr(build_module, "render_front", broken)
    with pytest.raises(RuntimeError):
        build_site(["cutoff:r=4"], out, cache_dir=shared_cache, progress=False)
    assert digest(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"], "no temporary folder left behind"


def test_build_refuses_to_replace_a_folder_it_did_not_write(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(BuildError, match="not built by vizgen"):
        build_site(["standard"], tmp_path, progress=False)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_site_refuses_huge_variants_up_front(tmp_path: Path) -> None:
    started = time.perf_counter()
    with pytest.raises(VariantError, match=r"170\u202f859\u202f375 positions.*--max-positions"):
        build_site(["standard", "standard:players=7"], tmp_path / "site", progress=False)
    assert time.perf_counter() - started < 10, "refused before solving anything"
    assert not (tmp_path / "site").exists()


def test_duplicate_specs_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="give each spec once"):
        build_site(["standard", "standard"], tmp_path / "site", progress=False)


def test_cli_build_with_a_bad_variant_exits_2_and_keeps_the_site(tmp_path: Path, shared_cache: Path) -> None:
    out = tmp_path / "site"
    env_cache = {"VIZGEN_CACHE": str(shared_cache)}  # the run's: the classic game is laid out once a run (#49)
    run = [sys.executable, "-m", "vizgen", "build", "--out", str(out)]
    ok = subprocess.run([*run, "--variant", "standard"], capture_output=True, text=True, timeout=300,
                        env={**os.environ, **env_cache})
    assert ok.returncode == 0, ok.stderr
    assert "built 1 variants" in ok.stderr
    before = digest(out)
    bad = subprocess.run([*run, "--variant", "standard", "--variant", "cutof"], capture_output=True, text=True,
                         timeout=300, env={**os.environ, **env_cache})
    assert bad.returncode == 2
    assert "did you mean cutoff" in bad.stderr and "Traceback" not in bad.stderr
    assert digest(out) == before


def test_pages_workflow_is_valid_offline() -> None:
    workflow = ROOT / ".github" / "workflows" / "pages.yml"
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", str(workflow)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    doc = yaml.safe_load(workflow.read_text())
    jobs = doc["jobs"]
    assert doc["permissions"]["pages"] == "write" and doc["permissions"]["id-token"] == "write"
    assert doc["concurrency"]["group"] == "pages"
    assert jobs["deploy"]["needs"] == "build"
    assert jobs["deploy"]["environment"]["name"] == "github-pages"
    uses = [step.get("uses", "") for job in jobs.values() for step in job["steps"]]
    assert any(u.startswith("actions/upload-pages-artifact@") for u in uses)
    assert any(u.startswith("actions/deploy-pages@") for u in uses)
    build_steps = " ".join(step.get("run", "") for step in jobs["build"]["steps"])
    assert "vizgen build" in build_steps


def test_serve_previews_the_site_on_localhost(site: Path) -> None:
    import urllib.request

    proc = subprocess.Popen([sys.executable, "-m", "vizgen", "serve", "--dir", str(site), "--port", "0"],
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline() if proc.stderr else ""
        url = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert url, line
        with urllib.request.urlopen(url.group(0) + "variants/standard.html", timeout=10) as response:
            assert response.status == 200 and b"Standard" in response.read()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_without_a_site_exits_2(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "vizgen", "serve", "--dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "run `python -m vizgen build` first" in result.stderr


def test_networkx_layout_when_graphviz_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from vizgen.analysis.solved import solve_variant
    from vizgen.engine.spec import resolve
    from vizgen.site.drawing.layout import layout_all

    real_import = builtins.__import__

    def no_graphviz(name: str, *args: object, **kwargs: object) -> object:
        if name == "pygraphviz":
            raise ImportError("no Graphviz here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_graphviz)
    solved = solve_variant(resolve("standard:r=4"))
    with pytest.warns(UserWarning, match="networkx"):
        first = layout_all([solved], None)[0]
    with pytest.warns(UserWarning):
        second = layout_all([solved], None)[0]
    assert first.engine == "networkx"
    assert first.x.shape == (solved.graph.n,) and (first.x == second.x).all(), "seeded: deterministic"
    assert first.svg.startswith(b"<svg")
