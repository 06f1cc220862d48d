"""Variants: the registry, spec strings with overrides, TOML files and bad input."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples, small_variants
from vizgen.analysis.rulebook import rules_in_words
from vizgen.engine.params import INT_RANGE, PARAM_NAMES, Params, VariantError, estimate_positions
from vizgen.engine.spec import resolve
from vizgen.engine.variant_file import TOML_MAX_BYTES
from vizgen.engine.variants import REGISTRY, Variant
from vizgen.util.text import THOUSANDS, format_count, quote

REQUIRED = (
    "standard", "suicide", "cutoff", "misere", "meta", "transfers-only", "divisions-only", "no-splits",
    "halvesies", "sudden-death", "swaps", "suns", "integers", "self-attack", "zombies", "self-gain",
    "self-gain-10",
)


def test_parameter_names_are_the_public_vocabulary() -> None:
    assert PARAM_NAMES == ("players", "hands", "r", "overflow", "attack", "self_attack", "transfers",
                           "divisions", "suicide", "meta", "halvesies", "swaps", "misere",
                           "sudden_death", "integers", "zombies", "start", "death_attack", "self_add",
                           "cherry_bomb", "logan", "passes", "one_point_switch", "swap_count", "stumps", "lives",
                           "transfer_scope", "division_scope")


@pytest.mark.parametrize("slug", REQUIRED)
def test_registry_has_every_required_variant(slug: str) -> None:
    variant = resolve(slug)
    assert variant.slug == slug
    assert variant.summary and variant.title


def test_registry_variants_change_what_their_names_say() -> None:
    assert resolve("zombies").params.players == 3 and resolve("zombies").params.zombies
    assert resolve("self-gain").params.r == 5 and resolve("self-gain").params.attack == "self-gain"
    assert resolve("self-gain-10").params.r == 10
    assert resolve("suns").params.start == 4
    assert not resolve("no-splits").params.splits
    assert resolve("cutoff").params.overflow == "cutoff"


def test_every_registry_variant_is_one_parameter_set_over_the_core() -> None:
    for variant in REGISTRY.values():
        assert isinstance(variant.params, Params)
        assert type(variant) is Variant


def test_overrides_apply_on_top_of_the_named_variant() -> None:
    v = resolve("cutoff:players=3,hands=3")
    assert (v.params.players, v.params.hands, v.params.overflow) == (3, 3, "cutoff")
    assert v.spec == "cutoff:players=3,hands=3"
    assert resolve("standard:misere=true").params.misere is True
    assert resolve("misere:misere=FALSE").params.misere is False
    assert resolve("standard: r = 7 ").params.r == 7


@pytest.mark.parametrize(("spec", "needle"), [
    ("standrd", "did you mean standard"),
    ("standard:r=1", "r must be"),
    ("standard:players=0", "players must be"),
    ("standard:hands=0", "hands must be"),
    ("standard:colour=red", "unknown parameter 'colour'"),
    ("standard:player=3", "did you mean players"),
    ("standard:r=seven", "whole number"),
    ("standard:misere=maybe", "true or false"),
    ("standard:overflow=wrap", "rollover, cutoff"),
    ("standard:zombies=true", "zombies needs players >= 3"),
    ("zombies:misere=true", "cannot be combined"),
    ("no-splits:meta=true", "meta and halvesies change splits"),
    ("standard:start=5", "start=5 does not fit"),
    ("standard:r", "write key=value"),
    ("standard:hands=1,swaps=1", "swaps need at least two hands"),
    ("standard:hands=1,sudden_death=true", "eliminates everyone"),
])
def test_bad_specs_get_one_clear_message(spec: str, needle: str) -> None:
    with pytest.raises(VariantError, match=needle):
        resolve(spec)


def test_toml_variant_file(tmp_path) -> None:
    path = tmp_path / "my-rules.toml"
    path.write_text('name = "lucky-seven"\ntitle = "Lucky seven"\nbase = "cutoff"\n'
                    'summary = "Cutoff at seven."\n[params]\nr = 7\nsuicide = true\n')
    v = resolve(str(path))
    assert (v.slug, v.title, v.params.r, v.params.suicide, v.params.overflow) == (
        "lucky-seven", "Lucky seven", 7, True, "cutoff")
    assert resolve(f"{path}:r=6").params.r == 6


@pytest.mark.parametrize(("text", "needle"), [
    ("r = \n", "not valid TOML"),
    ("colour = 'red'\n", "unknown key"),
    ("[params]\nr = 1\n", "r must be"),
    ("[params]\nzombies = 'yes'\n", "true or false"),
    ("base = 'nope'\n", "unknown variant"),
    ("params = 3\n", "must be a table"),
])
def test_broken_toml_files(tmp_path, text: str, needle: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(VariantError, match=needle):
        resolve(str(path))


def test_missing_toml_file(tmp_path) -> None:
    with pytest.raises(VariantError, match="cannot read"):
        resolve(str(tmp_path / "missing.toml"))


@settings(max_examples=examples(60), deadline=None)
@given(small_variants())
def test_params_round_trip_through_a_spec_string(variant: Variant) -> None:
    spec = "standard:" + ",".join(f"{k}={str(v).lower()}" for k, v in variant.params.as_dict().items())
    assert resolve(spec).params == variant.params
    assert dataclasses.asdict(variant.params) == variant.params.as_dict()


@settings(max_examples=examples(40), deadline=None)
@given(small_variants())
def test_rules_in_words_mention_the_roll_over_number(variant: Variant) -> None:
    p = variant.params
    text = " ".join(rules_in_words(p))
    assert f"{1 - p.r if p.signed else 0} to {p.r - 1} fingers" in text


# -- variant identity: overrides are recorded and name the variant --------------------------------

def test_overrides_are_recorded_and_name_the_variant() -> None:
    v = resolve("standard:r=7")
    assert v.overrides == (("r", 7),)
    assert (v.slug, v.title) == ("standard-r7", "Standard (r = 7)")
    assert "r = 7" in v.summary and "roll-over at 5" not in v.summary
    assert resolve("standard") == REGISTRY["standard"] and resolve("standard").overrides == ()
    v = resolve("cutoff:players=3,misere=TRUE")
    assert v.overrides == (("players", 3), ("misere", True))
    assert (v.slug, v.title) == ("cutoff-players3-miseretrue", "Cutoff (players = 3, misere = true)")


def test_a_variant_file_keeps_its_own_words_and_overrides_add_to_them(tmp_path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\ntitle = "Mine"\nsummary = "My rules."\n[params]\nr = 4\n')
    v = resolve(str(path))
    assert (v.slug, v.title, v.summary, v.overrides) == ("mine", "Mine", "My rules.", ())
    v = resolve(f"{path}:r=6")
    assert (v.slug, v.title, v.overrides, v.params.r) == ("mine-r6", "Mine (r = 6)", (("r", 6),), 6)


@settings(max_examples=examples(40), deadline=None)
@given(small_variants())
def test_different_overrides_give_different_slugs(variant: Variant) -> None:
    changed = {k: v for k, v in variant.params.as_dict().items() if v != getattr(Params(), k)}
    spec = "standard:" + ",".join(f"{k}={str(v).lower()}" for k, v in changed.items())
    named = resolve(spec)
    assert named.params == variant.params
    assert (named.slug == "standard") == (not changed)
    assert all(k in named.title for k in changed)


# -- strict, bounded parsing ----------------------------------------------------------------------

@pytest.mark.parametrize(("spec", "needle"), [
    ("standard:r=5,r=6", "given twice"),
    ("standard:r=\uff15", "ASCII digits"),
    ("standard:r=\u0665", "ASCII digits"),
    ("standard:r=\U0001d7d3", "ASCII digits"),
    ("standard:players=1000000000", "from 2 to 32"),
    ("standard:players=" + "9" * 5000, "5000 digits"),
    ("standard:r=3000", "from 2 to 100"),
    ("standard:hands=100", "from 1 to 32"),
    ("standard:swaps=101", "from 0 to 100"),
])
def test_values_are_ascii_once_and_bounded(spec: str, needle: str) -> None:
    with pytest.raises(VariantError, match=needle):
        resolve(spec)


@pytest.mark.parametrize("name", list(INT_RANGE))
def test_every_bound_is_named_in_its_message(name: str) -> None:
    low, high = INT_RANGE[name]
    with pytest.raises(VariantError, match=f"{name} must be a whole number from {low} to {high}"):
        resolve(f"standard:{name}={high + 1}")


@settings(max_examples=examples(200), deadline=None)
@given(st.builds(Params, players=st.integers(*INT_RANGE["players"]), hands=st.integers(*INT_RANGE["hands"]),
                 r=st.integers(*INT_RANGE["r"]), swaps=st.integers(*INT_RANGE["swaps"])))
def test_size_estimate_is_exact_and_printable_at_every_bound(params: Params) -> None:
    estimate = estimate_positions(params)
    assert estimate == math.comb(params.r + params.hands - 1, params.hands) ** params.players * (params.swaps + 1)
    words = format_count(estimate)
    assert len(words) < 20 and ("about 10^" in words or int(words.replace(THOUSANDS, "")) == estimate)


@pytest.mark.slow(reason="a property test of long texts (0.6 CPU s); out of the fast lane: issue #49")
@given(st.text(max_size=300))
def test_quote_is_short(text: str) -> None:
    shown = quote(text)
    assert len(shown) <= 4 * 60 + 40  # at most 60 characters of the input, each escaped at worst as \U0001xxxx
    if len(text) <= 80:
        assert shown == repr(text)


_SPEC_CHARS = "standrc:=,rplayes_hndwiofl0123456789-+ .\uff15\u0665\x00/"
_SPEC_TEXT = st.text(alphabet=st.sampled_from(list(_SPEC_CHARS)), max_size=60)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(_SPEC_TEXT, st.text(max_size=60), st.builds("standard:{}={}".format, st.sampled_from(PARAM_NAMES),
                                                             st.text(max_size=12))))
def test_fuzzed_specs_raise_only_variant_errors(spec: str) -> None:
    try:
        resolve(spec)
    except VariantError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


_TOML_VALUES = st.recursive(
    st.one_of(st.integers(-(10**30), 10**30), st.booleans(), st.text(max_size=8), st.floats(allow_nan=False)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(PARAM_NAMES), inner, max_size=3),
    max_leaves=8,
)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    return repr(value) if isinstance(value, float) and math.isfinite(value) else str(value)


@pytest.mark.slow(reason="a property test that loads drawn variant files (0.8 CPU s); out of the fast lane: issue #49")
@settings(max_examples=examples(200), deadline=None)
@given(st.dictionaries(st.sampled_from([*PARAM_NAMES, "colour"]), _TOML_VALUES, max_size=5),
       st.dictionaries(st.sampled_from(["name", "title", "summary", "group", "base"]), _TOML_VALUES, max_size=3),
       st.binary(max_size=40))
def test_fuzzed_variant_files_raise_only_variant_errors(params: dict, top: dict, junk: bytes) -> None:
    text = "".join(f"{k} = {_toml(v)}\n" for k, v in top.items())
    text += "[params]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in params.items())
    with tempfile.TemporaryDirectory() as folder:
        for name, data in (("fuzz.toml", text.encode()), ("junk.toml", junk), ("both.toml", text.encode() + junk)):
            path = Path(folder) / name
            path.write_bytes(data)
            try:
                variant = resolve(str(path))
            except VariantError as exc:
                assert "\n" not in str(exc)
            else:
                assert isinstance(variant.params, Params)


def test_variant_files_must_be_small_regular_files(tmp_path) -> None:
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * TOML_MAX_BYTES + "\n")
    with pytest.raises(VariantError, match="over 1\u202f000\u202f000 bytes"):
        resolve(str(big))
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    with pytest.raises(VariantError, match="not a regular file"):
        resolve(str(pipe))  # returns at once: a named pipe is never opened for a blocking read
    with pytest.raises(VariantError, match="not a regular file"):
        resolve("/dev/zero")
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(VariantError, match="nested too deeply"):
        resolve(str(deep))
    long_number = tmp_path / "long.toml"
    long_number.write_text("[params]\nr = " + "9" * 5000 + "\n")
    with pytest.raises(VariantError, match="too many digits"):
        resolve(str(long_number))


def test_a_variant_files_key_parts_and_nesting_are_bounded_before_tomllib(tmp_path) -> None:
    """A dotted key of 30,000 parts took tomllib 3 GB; the shape is read first, strings and comments skipped."""
    from vizgen.engine.variant_file import TOML_MAX_KEY_PARTS, TOML_MAX_NESTING

    cases = {
        "dotted": ".".join("a" * 30_000) + " = 1\n",
        "header": "[" + ".".join("a" * (TOML_MAX_KEY_PARTS + 1)) + "]\nx = 1\n",
        "inline": "a = {" + ".".join("b" * (TOML_MAX_KEY_PARTS + 1)) + " = 1}\n",
        "nested": "a = " + "[" * (TOML_MAX_NESTING + 1) + "]" * (TOML_MAX_NESTING + 1) + "\n",
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text)
        with pytest.raises(VariantError, match=r"more than 16 parts|nested too deeply") as caught:
            resolve(str(path))
        assert len(str(caught.value)) < 400
    # dots in strings, comments, numbers and quoted keys are no key's parts; the limits themselves are taken
    fine = tmp_path / "fine.toml"
    fine.write_text('title = "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r"  # s.t.u.v.w.x.y.z.a.b.c.d.e.f.g.h.i\n'
                    "summary = '''x.y.z.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q'''\n"
                    '"p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f.g" = 1\n'
                    + ".".join("k" * TOML_MAX_KEY_PARTS) + " = 1\n"
                    + "deep = " + "[" * TOML_MAX_NESTING + "]" * TOML_MAX_NESTING + "\n[params]\nr = 6\n")
    with pytest.raises(VariantError, match=r"unknown key\(s\)"):  # read whole by tomllib, then its keys checked
        resolve(str(fine))
