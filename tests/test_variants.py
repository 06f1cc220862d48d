"""Variants: the registry, spec strings with overrides, TOML files and bad input."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings

from tests.strategies import small_variants
from vizgen.variants import PARAM_NAMES, REGISTRY, Params, Variant, VariantError, resolve, rules_in_words

REQUIRED = (
    "standard", "suicide", "cutoff", "misere", "meta", "transfers-only", "divisions-only", "no-splits",
    "halvesies", "sudden-death", "swaps", "suns", "integers", "self-attack", "zombies", "self-gain",
    "self-gain-10",
)


def test_parameter_names_are_the_public_vocabulary() -> None:
    assert PARAM_NAMES == ("players", "hands", "r", "overflow", "attack", "self_attack", "transfers",
                           "divisions", "suicide", "meta", "halvesies", "swaps", "misere",
                           "sudden_death", "integers", "zombies", "start")


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


@settings(max_examples=60, deadline=None)
@given(small_variants())
def test_params_round_trip_through_a_spec_string(variant: Variant) -> None:
    spec = "standard:" + ",".join(f"{k}={str(v).lower()}" for k, v in variant.params.as_dict().items())
    assert resolve(spec).params == variant.params
    assert dataclasses.asdict(variant.params) == variant.params.as_dict()


@settings(max_examples=40, deadline=None)
@given(small_variants())
def test_rules_in_words_mention_the_roll_over_number(variant: Variant) -> None:
    text = " ".join(rules_in_words(variant.params))
    assert f"0 to {variant.params.r - 1} fingers" in text
