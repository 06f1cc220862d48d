"""The hostile title's variant files and the site built from them, for tests/test_hostile_output.py and its browser
half, tests/test_hostile_output_browser.py.

Two variant files carry the same title (markup, a script, ``&``, quotes, a
line separator, terminal escapes and a right-to-left override): one based on
``five-players`` (at r = 2, 232 positions) that the build makes a *code page*
(the code-page threshold is lowered for the test), one of the standard shape
that becomes a small page and the value-map peer of ``standard``. The files
sit in a folder whose name holds a terminal escape.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vizgen.site.build import build_site
from vizgen.util import sizes
from vizgen.util.text import visible

TITLE = "\"><script>alert(1)</script> & Five <marquee>friends</marquee> 'o' \u2028 \x1b[2J\x1b]0;pwn\x07 \u202eright"
SUMMARY = "</p><img src=x onerror=alert(2)> & \x1b[31mred"
#: the title as an HTML page or an SVG shows it: every character, control characters written as escapes
SHOWN = visible(TITLE, keep="\t\n\r")
LITERAL = "\"><script>alert(1)</script> & Five <marquee>friends</marquee> 'o'"


def _toml(text: str) -> str:
    return json.dumps(text)  # a JSON string is a TOML basic string (\uXXXX escapes, no raw control characters)


def make_folder(root: Path) -> Path:
    """The two variant files, in a folder of ``root`` whose name holds a terminal escape."""
    where = root / "rules \x1b[2J here"
    where.mkdir()
    for name, base, params in (("evil-five", "five-players", "r = 2"), ("evil-two", "standard", "")):
        (where / f"{name}.toml").write_text(f"name = \"{name}\"\ntitle = {_toml(TITLE)}\nsummary = {_toml(SUMMARY)}\n"
                                            f"base = \"{base}\"\n[params]\n{params}\n")
    return where


def build_hostile_site(folder: Path, out: Path, cache: Path) -> Path:
    """The site of both files and ``standard`` in ``out`` (the five-player file a code page)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sizes, "CODE_PAGE_OVER", 220)  # 232 positions: a code page; standard's 204: a small page
        build_site([str(folder / "evil-five.toml"), str(folder / "evil-two.toml"), "standard"], out,
                   cache_dir=cache, progress=False)
    return out
