"""The PNG writer (:func:`vizgen.site.render.pictures.png`) against an independent decoder (Pillow)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import examples
from vizgen.site.drawing import theme
from vizgen.site.render.pictures import overview, png

Image = pytest.importorskip("PIL.Image", reason="Pillow (the test extras) decodes the PNGs")


def decoded(data: bytes) -> np.ndarray:
    """The picture as Pillow reads it: an ``(h, w, 3)`` uint8 array."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return np.asarray(image.convert("RGB"))


@st.composite
def pictures(draw: st.DrawFn) -> np.ndarray:
    """A picture of 1 to 40 by 1 to 40 pixels drawn from a few colours (a palette) or from many."""
    h, w = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    colours = draw(st.integers(1, 300))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    chosen = rng.integers(0, 256, size=(colours, 3), dtype=np.uint8)
    return chosen[rng.integers(0, colours, size=(h, w))]


@settings(max_examples=examples(200), deadline=None)
@given(pictures())
def test_a_png_decodes_to_its_pixels(rgb: np.ndarray) -> None:
    """Every pixel as drawn, whether the picture is written with a palette (256 colours or fewer) or without."""
    data = png(rgb)
    colours = len(np.unique(rgb.reshape(-1, 3), axis=0))
    assert data[25] == (3 if colours <= 256 else 2)  # IHDR's colour type
    assert np.array_equal(decoded(data), rgb)


def test_an_overview_is_a_palette_png_of_its_drawing() -> None:
    """A drawn overview (haze, dots, the start's rings) fits a palette, and decodes to the drawing in each theme:
    its size and the start's ring in the theme's accent."""
    rng = np.random.default_rng(7)
    n = 500
    x, y = rng.random(n) * 100, rng.random(n) * 60
    x[0], y[0] = 50.0, 30.0  # the start in the middle: its rings whole
    value, depth = rng.integers(-1, 2, n), rng.integers(0, 30, n)
    src, dst = rng.integers(0, n, 2000), rng.integers(0, n, 2000)
    data, where = overview(x, y, value, depth, 0, (src, dst), 400, theme.THEMES)
    for name, blob in data.items():
        assert blob[25] == 3, name
        pixels = decoded(blob)
        assert pixels.shape == (where["h"], where["w"], 3)
        ring = pixels[where["y"][0] - 5, where["x"][0] - 5]
        assert tuple(ring.tolist()) == theme.rgb(theme.PALETTES[name]["accent"]), name
