"""The address reader's limits (vizgen/site/data/address_words.py): wide enough for every address the site makes,
and written into every page for address.js (whose hostile-input tests are tests/js/address.test.mjs)."""

from __future__ import annotations

import json
import re
import urllib.parse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples, small_specs, small_variants
from vizgen.engine.ending import PLY_CAP
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.spec import resolve
from vizgen.engine.variants import REGISTRY, Variant
from vizgen.site.data import address_words
from vizgen.site.render.assets import environment, script


def _longest(variant: Variant) -> str:
    return max(enumerate_graph(variant).notations(), key=lambda n: len(n.encode()))


def _fits(variant: Variant) -> None:
    """Every position of the variant fits the fragment and ``from=``, percent-encoded byte by byte, and a game
    of the ply cap's length of its longest one fits ``moves=``."""
    name = _longest(variant)
    assert len(name.encode()) <= address_words.name_bytes(variant.params), name
    limits = address_words.table(variant.params)["limits"]
    encoded = urllib.parse.quote(name, safe="")
    every_byte = "".join(f"%{b:02X}" for b in name.encode())
    assert len(encoded) <= len(every_byte) <= limits["hash"] == limits["from"]
    assert len("_".join([every_byte] * PLY_CAP)) <= limits["moves"]


@settings(max_examples=examples(20), deadline=None)
@given(variant=small_variants())
def test_every_notation_fits_its_variants_limits(variant: Variant) -> None:
    _fits(variant)


@pytest.mark.parametrize("spec", ["standard", "standard:r=12", "standard:players=3,hands=1,r=12",
                                  "cutoff:integers=true,stumps=true,r=3", "standard:swaps=2,swap_count=player",
                                  "standard:swaps=2,r=4", "standard:sudden_death=true,lives=3,r=4"])
def test_wide_signed_halved_and_marked_notations_fit(spec: str) -> None:
    _fits(resolve(spec))


@settings(max_examples=examples(60), deadline=None)
@given(spec=small_specs(max_players=3), base=st.sampled_from(sorted(REGISTRY)))
def test_a_spec_naming_every_parameter_fits(spec: str, base: str) -> None:
    """A spec string with every parameter spelt out (as the strategies write them) fits ``rules=``."""
    text = base + ":" + spec.partition(":")[2]
    limits = address_words.table()["limits"]
    assert len(urllib.parse.quote(text, safe="")) <= limits["rules"] == limits["variant"]


def test_a_record_at_the_cap_fits_and_the_caps_add_up() -> None:
    t = address_words.table(REGISTRY["three-players"].params)
    hints = ".".join(str(k) for k in range(PLY_CAP + 1))
    assert len(hints) <= t["limits"]["hints"]
    assert len(".".join(["perfect"] * 3)) <= t["limits"]["play"]
    assert len(str(2**53)) <= t["limits"]["seed"] and len(str(PLY_CAP)) <= t["limits"]["at"]
    for page, keys in address_words.PAGES.items():
        assert t["caps"][page] >= sum(t["limits"][k] for k in keys if k != "hash")
        assert set(keys) <= set(address_words.PARTS)
    assert set(t["notes"]) >= set(address_words.PARTS.values())
    assert str(PLY_CAP) in t["notes"]["game-long"] and "{" not in "".join(t["notes"].values())


def test_every_page_carries_the_table_and_reads_it_first() -> None:
    """base.html writes the table (a variant's page its own) and loads address.js before any other script."""
    html = environment().from_string('{% extends "base.html" %}').render(root="../", page_title="t", site_title="s")
    found = re.search(r'<script type="application/json" id="vizgen-address">(.*?)</script>', html)
    assert found and json.loads(found.group(1)) == json.loads(json.dumps(address_words.table()))
    scripts = re.findall(r'<script src="([^"]+)"', html)
    # only the theme's script runs earlier, in the head (no flash of the other theme); it never reads the address
    assert next(s for s in scripts if s != "../assets/theme.js") == "../assets/address.js"
    assert b"location" not in script("theme.js")
    assert b"address:" in script("address.js")  # the reader, on the page's handle (VZ.address) for base.html
    standard = address_words.table(REGISTRY["standard"].params)
    page = environment().from_string('{% extends "base.html" %}').render(
        root="", page_title="t", site_title="s", address_json=json.dumps(standard))
    assert json.dumps(standard) in page
