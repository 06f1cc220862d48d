"""The theme and the meaning table: every colour comes from the palettes, both themes read, meaning is by code.

- no colour literal in the browser's code, the stylesheets or the templates: each colour is a palette key;
- the light and the dark palette have the same keys, and their text colours read on their backgrounds;
- a picture drawn in the light palette carries the one dark colour of each of its colours;
- the guide's badges are read from the codes the guide ships, never from its words;
- a percentage is written by one function.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from vizgen.analysis import meaning, units, words
from vizgen.site.drawing import theme
from vizgen.site.render import contract

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "vizgen" / "site" / "static"

#: a colour written out: hex, a colour function or a CSS colour name
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|"
                    r"\b(?:white|black|red|green|blue|gr[ae]y|yellow|orange|silver|navy|maroon|purple|teal)\b(?!-)")
#: where a template writes CSS: a style block, a style attribute, an SVG paint attribute
TEMPLATE_CSS = re.compile(r"<style>.*?</style>|\b(?:style|fill|stroke|color)=\"[^\"]*\"", re.S)


def _code(path: Path) -> str:
    """A file's text without its comments (a comment may name a colour in words)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    return re.sub(r"(?m)^\s*//.*$", "", text) if path.suffix == ".js" else text


def colour_literals() -> list[str]:
    """Every colour written outside the palettes in the browser's code, the stylesheets and the templates."""
    found = []
    for path in [*sorted(STATIC.glob("*.css")), *sorted((STATIC / "js").rglob("*.js"))]:
        found += [f"{path.name}: {m.group(0)}" for m in COLOUR.finditer(_code(path))]
    for path in sorted((ROOT / "templates").glob("*.html")):
        text = re.sub(r"\{#.*?#\}", "", path.read_text(), flags=re.S)
        hexes = [m.group(0) for m in re.finditer(r"#[0-9a-fA-F]{3,8}\b|\brgba?\(", text)]
        named = [m.group(0) for part in TEMPLATE_CSS.findall(text) for m in COLOUR.finditer(part)]
        found += [f"{path.name}: {c}" for c in hexes + named]
    return found


def test_no_colour_literal_outside_the_palette() -> None:
    assert colour_literals() == []


def test_the_scan_finds_a_colour_where_there_is_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "static"
    (fake / "js").mkdir(parents=True)
    (fake / "a.css").write_text("/* white paper */ .a { color: #fff; } .b { background: rgba(0, 0, 0, 0.2); }\n")
    (fake / "js" / "a.js").write_text('// red\nvar c = "black";\n')
    monkeypatch.setattr(sys.modules[__name__], "STATIC", fake)
    assert colour_literals() == ["a.css: #fff", "a.css: rgba(", "a.js: black"]


def test_both_palettes_name_the_same_colours_and_every_colour_is_one() -> None:
    assert list(theme.LIGHT) == list(theme.DARK)
    for palette in theme.PALETTES.values():
        for name, colour in palette.items():
            assert re.fullmatch(r"#[0-9a-f]{6}|rgba\(\d{1,3}, \d{1,3}, \d{1,3}, (0|1|0\.\d+)\)", colour), name
    keys = {c.palette for c in meaning.CLASSES.values()} | {m.palette for m in meaning.MARKS if m.palette}
    keys |= {f"{c.palette}-{part}" for c in meaning.CLASSES.values() for part in ("soft", "ink", "edge")}
    keys |= {c.label for c in meaning.CLASSES.values()}
    assert keys <= set(theme.LIGHT)


#: text and the background it is read on, in every theme
TEXT_ON = [("ink", "paper"), ("ink", "card"), ("muted", "paper"), ("muted", "card"), ("muted", "wash"),
           ("ink-soft", "card"), ("ink", "panel"), ("ink", "chip-soft"), ("muted", "chip"), ("accent", "card"),
           ("accent", "paper"), ("on-accent", "accent"), ("bar-ink", "bar"), ("bar-link", "bar"),
           ("bar-muted", "bar"), ("tag-ink", "tag"), ("ink", "hidden"), ("ink", "accent-soft"),
           ("win-ink", "win-soft"), ("draw-ink", "draw-soft"), ("loss-ink", "loss-soft"), ("loss-ink", "card"),
           ("inaccuracy", "card"), ("mistake", "card"), ("on-draw", "draw"), ("skin-ink", "skin"),
           ("dead-ink", "dead"), ("star", "win-wash"), ("star", "card")]


@pytest.mark.parametrize("name", theme.THEMES)
def test_text_reads_on_its_background_in_both_themes(name: str) -> None:
    palette = theme.PALETTES[name]
    low = {(fg, bg): round(theme.contrast(palette[fg], palette[bg]), 2) for fg, bg in TEXT_ON}
    assert min(low.values()) >= 4.5, sorted(low.items(), key=lambda kv: kv[1])[:3]


def test_value_colours_are_told_apart_in_both_themes() -> None:
    for palette in theme.PALETTES.values():
        fills = [palette[c.palette] for c in meaning.CLASSES.values()]
        assert len(set(fills)) == 3
        # the value colours stand out from the page (the graph's dots, the value map's cells)
        assert min(theme.contrast(f, palette["card"]) for f in fills) >= 1.9


def test_a_picture_carries_one_dark_colour_per_colour() -> None:
    rules = theme.picture_rules()
    assert rules["shape"][theme.LIGHT["loss"]] == theme.DARK["loss"]
    assert rules["text"][theme.LIGHT["on-draw"]] == theme.DARK["on-draw"]
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="2"><rect fill="#1a9850"/><text fill="#5c6576">a</text></svg>'
    followed = theme.follow(svg)
    root = ET.fromstring(followed)  # still a well-formed picture
    style = root.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and style.text is not None
    assert f'[fill="{theme.LIGHT["win"]}"]:not(text){{fill:{theme.DARK["win"]}}}' in style.text
    assert f'text[fill="{theme.LIGHT["muted"]}"]{{fill:{theme.DARK["muted"]}}}' in style.text
    assert re.sub(rb"<style>.*?</style>", b"", followed) == svg  # the light drawing as it was
    with pytest.raises(ValueError):
        theme.follow(b"<html></html>")


def test_the_stylesheet_holds_both_themes_the_system_choice_and_the_toggle() -> None:
    css = theme.css()
    assert css.count("--paper:") == 3
    assert "@media (prefers-color-scheme: dark)" in css and ':root[data-theme="dark"]' in css
    assert ':root:not([data-theme="light"])' in css


def test_guide_badges_come_from_the_codes_the_guide_ships(monkeypatch: pytest.MonkeyPatch) -> None:
    from vizgen.reports.guide import guide_figures
    from vizgen.site.render import guide_page

    data = guide_figures("r4")
    before = guide_page.guide_context(data, "Atlas")
    steps = [s for line in data["lines"] for s in line["steps"]]
    assert {s["value_code"] for s in steps} >= {"win", "loss"}
    for line, shown in zip(data["lines"], before["lines"]):
        for step, row in zip(line["steps"], shown["steps"]):
            assert row["cls"] == meaning.VERDICTS[meaning.verdict_code(step["value_code"])].cls
    # reworded verdicts and choices leave every badge's class as it was
    for name in ("value", "means"):
        for rows in (data["must_find"], data["lures"], *[line["steps"] for line in data["lines"]]):
            for row in rows:
                if name in row:
                    row[name] = "reworded"
    after = guide_page.guide_context(data, "Atlas")
    assert [s["cls"] for line in after["lines"] for s in line["steps"]] == \
        [s["cls"] for line in before["lines"] for s in line["steps"]]
    assert [m["means_cls"] for m in after["must"]] == [m["means_cls"] for m in before["must"]]
    assert after["verdict_cls"] == before["verdict_cls"]
    source = (ROOT / "vizgen" / "site" / "render" / "guide_page.py").read_text()
    assert "startswith" not in source


def test_one_percentage_function() -> None:
    assert words.percent is units.percent
    python = [p for p in (ROOT / "vizgen").rglob("*.py") if p.name != "units.py"]
    writers = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in python
               for m in re.finditer(r"def _?pct\b|\.\d?f\}\s?%|:\.\d%|\* 100\b.*%\"|\}(\\u202f| )?%\"", p.read_text())]
    assert writers == []
    scripts = "".join(_code(p) for p in (STATIC / "js").rglob("*.js"))
    assert len(re.findall(r"\bfunction pct\b", scripts)) == 1 and "0.9995" not in scripts


def test_meaning_is_one_table_shipped_to_the_browser() -> None:
    shipped = contract.data()  # the browser's one copy of the meaning table
    assert {k: shipped[k] for k in ("classes", "verdicts", "choices", "marks")} == meaning.table()
    assert not set(meaning.table()) & set(words.for_browser())  # not shipped a second time with the words
    for v in (-2, -1, 0, 1, 3):
        assert meaning.CLASSES[meaning.class_of_value(v)].value == (v > 0) - (v < 0)
    assert theme.VALUE_CLASS == {1: "win", 0: "draw", -1: "loss"}


#: two-player variants whose value maps differ in size, longest end and draws
SHADED = ("standard", "standard:r=3", "cutoff", "standard:suicide=true", "self-gain", "misere", "standard:r=7")


def test_the_browsers_shades_are_the_pythons(tmp_path: Path) -> None:
    """The rules page shades its value map in the browser (shading.js): as valuemap.shades does, on many maps."""
    import json

    from tests.node import run_node
    from tests.solved import solved_once
    from vizgen.site.drawing.valuemap import SHADES, shades, value_map

    cases = []
    for spec in SHADED:
        vm = value_map(solved_once(spec))
        rem = [int(r) if ok else None for r, ok in zip(vm.remoteness.ravel().tolist(), vm.reachable.ravel().tolist())]
        cases.append([spec, rem, shades(vm).ravel().tolist()])
    assert any(max(c[2]) == SHADES - 1 and 0 in c[2] and -1 in c[2] for c in cases)
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = tmp_path / "check.js"
    script.write_text(f"""
const shading = require({json.dumps(str(STATIC / "js" / "core" / "shading.js"))});
const cases = JSON.parse(require("node:fs").readFileSync({json.dumps(str(tmp_path / "cases.json"))}, "utf8"));
const wrong = cases.filter(([spec, rem, python]) =>
  JSON.stringify(shading.shades(rem, {SHADES})) !== JSON.stringify(python)).map((c) => c[0]);
console.log(JSON.stringify(wrong));
""")
    assert json.loads(run_node(script)) == []
