"""The payloads the site writes for the browser are typed once, in :mod:`vizgen.site.render.payloads`, and the
browser's types of them (``static/js/core/payloads.d.ts``) are generated from those classes (issue #47, item 1)."""

from __future__ import annotations

import json
import re
import types
import typing
from pathlib import Path
from typing import Literal

import pytest

from vizgen.reports.space import load_record
from vizgen.site import build
from vizgen.site.render import payloads, render_site
from vizgen.site.render.pictures import Places
from vizgen.site.render.space_page import SPACE_DATA, space_data
from vizgen.util import sizes

JS = Path(__file__).resolve().parents[1] / "vizgen" / "site" / "static" / "js"


def test_the_browser_s_payload_types_are_generated_from_the_python() -> None:
    assert payloads.path() == JS / "core" / "payloads.d.ts"
    assert payloads.path().read_text(encoding="utf-8") == payloads.types(), \
        "vizgen/site/static/js/core/payloads.d.ts is stale: run python -m vizgen.site.render.contract"


def test_every_payload_and_field_is_declared_with_its_type() -> None:
    text = payloads.types()
    for cls in payloads.PAYLOADS:
        block = text.split(f"export interface {cls.__name__} {{\n", 1)[1].split("\n}", 1)[0]
        members = [line.strip() for line in block.splitlines() if not line.strip().startswith("/**")]
        optional = payloads.optional(cls)
        assert members == [f"{name}{'?' if name in optional else ''}: {payloads.typescript(hint)};"
                           for name, hint in typing.get_type_hints(cls).items()]
    assert "  x?: number[];" in text and "  first: number;" in text, "a field a payload may lack is optional"
    assert "  r?: string;" in text.split("export interface PuzzleNode {", 1)[1].split("\n}", 1)[0], \
        "a field a payload may leave out is optional in TypeScript"


@pytest.mark.parametrize(("hint", "ts"), [(str, "string"), (float, "number"), (bool, "boolean"),
                                          (list[list[int]], "number[][]"), (tuple[str, bool], "[string, boolean]"),
                                          (dict[str, list[str]], "Record<string, string[]>"),
                                          (str | None, "string | null"), (payloads.SpaceIndex, "SpaceIndex")])
def test_each_python_type_has_its_typescript(hint: object, ts: str) -> None:
    assert payloads.typescript(hint) == ts


@pytest.mark.parametrize("hint", [set[int], dict[int, str], tuple[int, ...], bytes])
def test_a_type_the_browser_cannot_read_is_refused(hint: object) -> None:
    with pytest.raises(TypeError, match="no TypeScript"):
        payloads.typescript(hint)


def _payload(data: bytes) -> object:
    """The object a data file (``vizgenLoad(name, payload);``) hands to the page."""
    return json.loads(data.decode().split(",", 1)[1].removesuffix(");\n"))


def _fits(value: object, hint: object) -> bool:
    """Whether a JSON value read back is of the payload's declared type (tuples arrive as lists)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is object:
        return True
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)  # JSON writes 1.0 as 1.0, 1 as 1
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in args)
    if origin is Literal:
        return value in args
    if typing.is_typeddict(hint):
        hints = typing.get_type_hints(hint)
        required = set(hints) - payloads.optional(hint)
        return isinstance(value, dict) and required <= set(value) <= set(hints) and \
            all(_fits(value[k], h) for k, h in hints.items() if k in value)
    if origin is list:
        return isinstance(value, list) and all(_fits(v, args[0]) for v in value)
    if origin is tuple:
        return isinstance(value, list) and len(value) == len(args) and all(map(_fits, value, args))
    if origin is dict:
        return isinstance(value, dict) and all(_fits(v, args[1]) for v in value.values())
    return isinstance(value, typing.cast(type, hint))


@pytest.mark.slow(reason="writes the data of the 954,368 rule sets (3 CPU s); out of the fast lane: issue #49")
def test_the_space_s_files_are_what_their_types_say() -> None:
    """Every field of the space's index and parts, as written, is of the type the browser is told."""
    files = space_data(load_record())
    assert _fits(_payload(files[SPACE_DATA]), payloads.SpaceIndex)
    parts = sorted(name for name in files if name.startswith("space/"))
    assert parts and all(_fits(_payload(files[name]), payloads.SpacePart) for name in parts[:3])
    assert not _fits({"index": [1], "value": "W"}, payloads.SpacePart), "a missing field is seen"
    assert not _fits(dict(_payload(files[parts[0]]), others=["1"]), payloads.SpacePart), "a wrong type is seen"


def test_a_variant_page_s_configuration_is_what_its_type_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The configuration a variant page carries (``<script id="vizgen-config">``), on a code page and a small page
    as written, is of the type the viewer is told (``PageConfig``); a wrong kind or a missing field is seen."""
    monkeypatch.setattr(sizes, "CODE_PAGE_OVER", 200)  # standard has 204 positions: a code page; r=3 a small one
    files = render_site(build.gather(["standard", "standard:r=3"], cache_dir=tmp_path))
    configs = [json.loads(re.search(r'<script type="application/json" id="vizgen-config">(.*?)</script>',
                                    files[f"variants/{slug}.html"].decode(), re.S).group(1))  # type: ignore[union-attr]
               for slug in ("standard", "standard-r3")]
    assert [c["kind"] for c in configs] == ["code", "small"]
    assert all(_fits(c, payloads.PageConfig) for c in configs)
    assert not _fits(dict(configs[0], kind="huge"), payloads.PageConfig), "a kind the viewer does not know is seen"
    assert not _fits({k: v for k, v in configs[1].items() if k != "seats"}, payloads.PageConfig), "a missing field"


def test_the_words_a_game_reads_are_what_their_types_say() -> None:
    """The page's configuration's words (words.for_browser) hold the game's words and its review's as declared."""
    from vizgen.analysis import words

    given = json.loads(json.dumps(words.for_browser()))  # as the page's configuration carries them
    assert _fits({name: given[name] for name in payloads.GameWords.__annotations__}, payloads.GameWords)
    assert not _fits(dict(given["review"], played=["x"]), payloads.Review), "a wrong type is seen"


@pytest.mark.parametrize("big", [False, pytest.param(True, marks=pytest.mark.slow(
    reason="the big page's files (1.5 CPU s); the fast lane checks the small page's, of the same types"))])
def test_a_variant_s_data_files_are_what_their_types_say(big: bool, monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """A variant's nodes.js and chunk files, as written for a small page (with its layout) and a big one (without:
    the explorer), are of the types the viewer is told (``VariantNodes``, ``VariantChunk``: viewer/model.js), and
    so are its value map (``MapData``) and a big page's overview places (``Places``)."""
    if big:
        monkeypatch.setattr(sizes, "BIG", 100)  # standard's 204 positions: a big page
    files = render_site(build.gather(["standard"], cache_dir=tmp_path))
    nodes = _payload(files["variants/standard/nodes.js"])
    assert isinstance(nodes, dict) and _fits(nodes, payloads.VariantNodes)
    assert ("x" in nodes) is not big, "a small page carries its layout, a big one does not"
    chunks = sorted(name for name in files if re.fullmatch(r"variants/standard/c\d+\.js", name))
    assert chunks and all(_fits(_payload(files[name]), payloads.VariantChunk) for name in chunks)
    assert not _fits({k: v for k, v in nodes.items() if k != "facts"}, payloads.VariantNodes), "a missing field"
    assert not _fits(dict(nodes, box=["a", 1]), payloads.VariantNodes), "a wrong type is seen"
    value_map = _payload(files["variants/standard/map.js"])  # the value map's (pages/viewer/valuemap.js)
    assert _fits(value_map, payloads.MapData)
    assert isinstance(value_map, dict) and not _fits(dict(value_map, start=[0]), payloads.MapData), "a wrong start"
    if big:  # where each position sits on the overview picture (pages/viewer/overview.js)
        assert _fits(_payload(files["variants/standard/xy.js"]), Places)


def test_the_practice_page_s_files_are_what_their_types_say(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The practice page's files as written (a variant with goals, whose positions are all shipped, and one of
    three players): the index, the daily pool and each variant's file, its moves as named fields (issue #47);
    a move with a field missing, a positional move or a bad mark is seen."""
    from vizgen.engine.spec import resolve
    from vizgen.reports.puzzles import puzzle_figures
    from vizgen.site.render.practice_page import practice_files

    variants = [resolve("standard"), resolve("standard:players=3,r=3")]
    files = practice_files(variants, {v.slug: puzzle_figures(v) for v in variants}, {})
    assert _fits(_payload(files["practice/index.js"]), payloads.PracticeIndex)
    assert _fits(_payload(files["practice/daily.js"]), payloads.DailyPool)
    standard, three = (_payload(files[f"practice/{v.slug}.js"]) for v in variants)
    assert all(_fits(data, payloads.PracticeData) for data in (standard, three))
    assert isinstance(standard, dict) and standard["nodes"] is None and standard["table"] and standard["goals"]
    move = standard["table"]["11-11"]["m"][0]
    assert set(move) == {"move", "to", "mark", "choice", "n", "k", "reply"} and _fits(move, payloads.PuzzleMove)
    assert not _fits({k: v for k, v in move.items() if k != "reply"}, payloads.PuzzleMove), "a missing field"
    assert not _fits(list(move.values()), payloads.PuzzleMove), "a positional move"
    assert not _fits(dict(move, mark="best"), payloads.PuzzleMove), "a wrong type"


def test_the_address_table_and_a_game_record_are_what_their_types_say() -> None:
    """The address table each page carries (address_words.table) is an AddressTable; a record Python writes
    (a guide's line) reads back as its GameRecord's parts."""
    from vizgen.engine.variants import lookup
    from vizgen.site.data import address_words

    for params in (None, lookup("standard").params, lookup("three-players").params):
        assert _fits(json.loads(json.dumps(address_words.table(params))), payloads.AddressTable)
    assert not _fits({"limits": {}}, payloads.AddressTable)
    record = address_words.GameRecord({"seats": ["perfect", "person"], "seed": 3, "from": "½1-11",
                                       "moves": ["12-11", "13-12"], "at": 1, "mode": "analyse", "hints": [0],
                                       "seat": None})
    assert _fits(json.loads(json.dumps(record)), payloads.GameRecord)
    assert not _fits(dict(record, mode="blitz"), payloads.GameRecord), "a mode the page does not know is seen"
