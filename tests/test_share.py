"""Shared links: Open Graph and Twitter tags on every page, with a preview picture when the site's address is known."""

from __future__ import annotations

import re
import struct
import subprocess
import sys

import pytest

from vizgen.site.render import VariantPage, render_site, render_variants

pytestmark = pytest.mark.xdist_group("site")  # the rendered site (conftest's site_files) with tests/test_render.py

URL = "https://example.org/atlas/"


def _tags(html: str) -> dict[str, str]:
    return dict(re.findall(r'<meta (?:property|name)="((?:og|twitter):[a-z:_]+)" content="([^"]*)">', html))


@pytest.mark.slow
def test_every_page_carries_its_card_with_a_picture_when_the_address_is_given(
        site_pages: dict[str, VariantPage]) -> None:
    files = render_site(list(site_pages.values()), site_url=URL)
    pages = [name for name in files if name.endswith(".html")]
    assert "index.html" in pages and any(name.startswith("variants/") for name in pages)
    for name in pages:
        tags = _tags(files[name].decode())
        assert tags["og:title"] and tags["og:description"] and tags["twitter:card"] == "summary_large_image", name
        assert tags["og:url"] == URL + ("" if name == "index.html" else name), name
        image = tags["og:image"]
        assert image.startswith(URL) and tags["twitter:image"] == image, name
        png = files[image[len(URL):]]
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (1200, 630), name
    standard = _tags(files["variants/standard.html"].decode())
    assert standard["og:image"] == URL + "variants/standard/preview.png"
    assert standard["og:title"].startswith("Standard")
    again, _ = render_variants(list(site_pages.values()), only={"standard"}, site_url=URL, workers=1)
    assert again["standard"]["variants/standard/preview.png"] == files["variants/standard/preview.png"]  # every time


@pytest.mark.slow
def test_without_the_address_no_tag_needs_one(site_files: dict[str, bytes]) -> None:
    files = site_files
    assert not [name for name in files if name.endswith("preview.png")]
    for name in (n for n in files if n.endswith(".html")):
        tags = _tags(files[name].decode())
        assert tags["og:title"] and tags["twitter:card"] == "summary", name
        assert not {"og:url", "og:image", "twitter:image"} & set(tags), name


@pytest.mark.slow(reason="starts python -m vizgen for each bad address (1.2 CPU s); out of the fast lane: issue #49")
def test_a_bad_site_url_is_one_line_and_exit_2(tmp_path: object) -> None:
    for bad in ("ftp://x.org/", "https://x.org/a b", 'https://x.org/"><script>'):
        run = subprocess.run([sys.executable, "-m", "vizgen", "build", "--out", str(tmp_path), "--site-url", bad],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "--site-url" in run.stderr and "Traceback" not in run.stderr, bad
        assert not any(tmp_path.iterdir())  # nothing built
