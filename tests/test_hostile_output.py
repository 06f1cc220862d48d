"""One hostile title through every output format: each file parses and shows the text literally.

Two variant files carry the same title, one a code page and one a small page (``tests/hostile_site.py``), in a
folder whose name holds a terminal escape: no page may name that folder, and the terminal must not receive the
escape. The title in the browser: ``tests/test_hostile_output_browser.py``.
"""

from __future__ import annotations

import html.parser
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.hostile_site import LITERAL, SHOWN, TITLE, build_hostile_site, make_folder
from vizgen.engine.params import VariantError
from vizgen.engine.spec import public_spec, resolve
from vizgen.util.text import visible

#: one worker runs the module: its hostile site (6 s) was built on both workers
pytestmark = pytest.mark.xdist_group("hostile_output")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_folder(tmp_path_factory.mktemp("hostile"))


@pytest.fixture(scope="module")
def site(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_hostile_site(folder, tmp_path_factory.mktemp("out") / "site", tmp_path_factory.mktemp("cache"))


class _Page(html.parser.HTMLParser):
    """Tags, attribute values and text of an HTML page, entities decoded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.names: list[str] = []
        self.values: list[str] = []
        self.text: list[str] = []
        self.script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.names += [k for k, _ in attrs]
        self.values += [v for _, v in attrs if v]
        self.script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self.script = False

    def handle_data(self, data: str) -> None:
        if not self.script:
            self.text.append(data)


def _parse(blob: bytes) -> _Page:
    page = _Page()
    page.feed(blob.decode("utf-8"))
    page.close()
    return page


def _thumb_label(blob: bytes) -> str | None:
    svg = ET.fromstring(blob)
    assert not [e for e in svg.iter() if e.tag.rsplit("}", 1)[-1] == "script"]
    return svg.get("aria-label")


def test_a_code_page_thumbnail_is_xml_and_names_the_title_as_text(folder: Path) -> None:
    """Fast lane: the code page of the five-player file, without the rest of the site."""
    from vizgen.analysis.figures import stats
    from vizgen.analysis.solved import solve_variant
    from vizgen.site.render.codepage import code_files, code_page_of

    solved = solve_variant(resolve(str(folder / "evil-five.toml")))
    files = code_files(code_page_of(solved.variant, solved, stats(solved, "evil-five.toml")))
    assert _thumb_label(files["thumb.svg"]) == f"positions of {SHOWN} coloured by value"
    assert json.loads(files["evil-five-stats.json"])["title"] == TITLE


@pytest.mark.slow
def test_the_built_code_page_thumbnail_is_xml_and_names_the_title_as_text(site: Path) -> None:
    assert (site / "variants" / "evil-five" / "rules.js").is_file(), "evil-five was built as a code page"
    assert not (site / "variants" / "evil-two" / "rules.js").exists(), "evil-two was built as a small page"
    label = _thumb_label((site / "variants" / "evil-five" / "thumb.svg").read_bytes())
    assert label == f"positions of {SHOWN} coloured by value"


@pytest.mark.slow
def test_every_html_page_shows_the_title_as_text_and_gains_no_element(site: Path) -> None:
    pages = {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*.html")}
    shown_in = []
    for name, blob in pages.items():
        page = _parse(blob)
        assert "marquee" not in page.tags and "onerror" not in page.names, f"{name}: the title's markup became elements"
        assert "\x1b" not in blob.decode() and "\u202e" not in blob.decode(), f"{name}: a control character is raw"
        for script in re.findall(rb"<script[^>]*>(.*?)</script>", blob, re.S):
            assert b"alert(" not in script, f"{name}: the title reached a script"
        text = "".join(page.text) + "\n".join(page.values)
        if LITERAL in text:
            assert SHOWN in text, f"{name}: the title is shown, but not whole"
            shown_in.append(name)
    assert {"index.html", "variants/evil-five.html", "variants/evil-two.html"} <= set(shown_in)


@pytest.mark.slow
def test_every_svg_graphml_and_json_file_parses_and_every_data_script_is_ascii_json(site: Path) -> None:
    for path in site.rglob("*"):
        if path.suffix in (".svg", ".graphml"):
            ET.parse(path)
        elif path.suffix == ".json":
            json.loads(path.read_bytes())
        elif path.suffix == ".js" and path.parent != site / "assets":
            blob = path.read_bytes()
            assert blob.isascii(), f"{path}: a data script must be ASCII (no raw U+2028)"
            m = re.fullmatch(rb'vizgenLoad\("[\w.-]+",(.*)\);\n', blob, re.S)
            assert m, path
            json.loads(m.group(1))


@pytest.mark.slow
def test_json_carries_the_title_exactly_and_data_scripts_as_shown(site: Path) -> None:
    stats = json.loads((site / "variants" / "evil-five" / "evil-five-stats.json").read_bytes())
    assert stats["title"] == TITLE
    peers = [p for p in site.joinpath("variants", "standard").glob("*.js") if b"evil-two" in p.read_bytes()]
    assert peers, "the standard page offers evil-two for comparison"
    blob = peers[0].read_bytes()
    data = json.loads(re.fullmatch(rb'vizgenLoad\("[\w.-]+",(.*)\);\n', blob, re.S).group(1))
    assert SHOWN in _strings(data), "what the browser shows as text: as the HTML pages show it"


def _strings(obj: object) -> list[str]:
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return [obj] if isinstance(obj, str) else []


@pytest.mark.slow
def test_no_page_names_the_folder_of_a_variant_file(site: Path, folder: Path) -> None:
    for path in site.rglob("*"):
        if path.is_file():
            blob = path.read_bytes()
            assert str(folder).encode() not in blob and b"rules \x1b" not in blob and b"rules \\u001b" not in blob, path
    assert public_spec(f"{folder}/evil-two.toml:r=7") == "evil-two.toml:r=7"


@pytest.mark.parametrize("build", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_the_terminal_gets_control_characters_written_visibly(folder: Path, build: bool) -> None:
    for args in ([["build", "--variant", str(folder / "evil-two.toml"), "--out", str(folder.parent / "s")]] if build
                 else [["stats", str(folder / "evil-five.toml")]]):
        run = subprocess.run([sys.executable, "-m", "vizgen", *args], capture_output=True, text=True, timeout=300,
                             cwd=ROOT, env={"PYTHONPATH": str(ROOT), "VIZGEN_CACHE": str(folder.parent / "cache"),
                                            "PATH": "/usr/bin:/bin"})
        assert run.returncode == 0, run.stderr
        for stream in (run.stdout, run.stderr):
            assert "\x1b" not in stream and "\x07" not in stream and "\u202e" not in stream, stream
        if not build:
            assert visible(TITLE) in run.stdout


@pytest.mark.slow(reason="starts python -m vizgen (0.5 CPU s); out of the fast lane: issue #49")
def test_an_error_message_writes_control_characters_visibly(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "vizgen", "stats", "no\x1b]0;x\x07.toml"],  # short: never cut
                         capture_output=True, text=True, cwd=tmp_path,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin"})
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert "\x1b" not in run.stderr and "\x07" not in run.stderr and "\\x1b" in run.stderr


@pytest.mark.parametrize("key", ["title", "summary", "group", "base", "name"])
def test_a_nul_character_is_refused_when_the_file_is_read(tmp_path: Path, key: str) -> None:
    path = tmp_path / "nul.toml"
    path.write_text(f'{key} = "a\\u0000b"\n')
    with pytest.raises(VariantError, match=rf"{key} holds a NUL character"):
        resolve(str(path))
