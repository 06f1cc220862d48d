"""What a visitor reads on a page: its visible text, and the workshop words that must never be in it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: what a visitor never reads: issue numbers (#21, issue 7), seeds, raw max^n (a paper's title may spell
#: "Max^N": a quotation) and the workshop's phrases
WORKSHOP = re.compile(r"\bissues?\s*#?\d+|(?<![\w/&])#\d+\b(?![-\w])|\bseeds?\b|(?-i:max\^n)|walked by neighbourhood|"
                      r"memory check|bypassed by hand|\bTODO\b|\bFIXME\b|\bXXX\b", re.I)


class Visible(HTMLParser):
    """The text a visitor can read: outside scripts and styles, with titles, alt texts and labels."""

    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        self.text += [v for k, v in attrs if k in ("title", "alt", "aria-label", "placeholder") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.text.append(data)


def visible(html: bytes) -> str:
    parser = Visible()
    parser.feed(html.decode())
    return " ".join(parser.text)


def strings(value: object) -> list[str]:
    """Every string in a nest of dicts and lists."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings(v)]
    return []
