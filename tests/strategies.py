"""Hypothesis strategies shared by the engine tests: small, valid variants."""

from __future__ import annotations

from hypothesis import reject
from hypothesis import strategies as st

from vizgen.engine.params import VariantError
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant


@st.composite
def small_specs(draw: st.DrawFn, max_players: int = 3) -> str:
    """A spec string for a small variant (at most a few thousand positions)."""
    players = draw(st.integers(2, max_players))
    hands = draw(st.integers(1, 3 if players == 2 else 2))
    r_max = {1: 9, 2: 6 if players == 2 else 4, 3: 4}[hands]
    r = draw(st.integers(2, r_max))
    params = {
        "players": players, "hands": hands, "r": r,
        "overflow": draw(st.sampled_from(["rollover", "cutoff"])),
        "attack": draw(st.sampled_from(["opponent", "opponent", "self-gain"])),
        "self_attack": draw(st.booleans()),
        "transfers": draw(st.booleans()),
        "divisions": draw(st.booleans()),
        "suicide": draw(st.booleans()),
        "meta": draw(st.booleans()),
        "halvesies": draw(st.sampled_from(["off", "off", "even", "near"])),
        "swaps": draw(st.integers(0, 2)),
        "misere": draw(st.booleans()),
        "sudden_death": draw(st.booleans()),
        "integers": draw(st.booleans()),
        "zombies": players > 2 and draw(st.booleans()),
        "start": draw(st.integers(1, r - 1)),
    }
    text = ",".join(f"{k}={str(v).lower()}" for k, v in params.items())
    return f"standard:{text}"


@st.composite
def small_variants(draw: st.DrawFn, max_players: int = 3) -> Variant:
    """A valid small variant (contradictory combinations are filtered out)."""
    spec = draw(small_specs(max_players))
    try:
        return resolve(spec)
    except VariantError:
        reject()
