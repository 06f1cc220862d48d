"""The browser's modules as code: their text without comments (which may say anything), for the scans of
tests/test_contract.py and tests/test_markup.py."""

from __future__ import annotations

import re


def code_of(text: str) -> str:
    """A module's text without its comments (they may say what a code means), its lines kept.

    Examples
    --------
    >>> code_of("a = 1; // one\\n/* two\\nlines */ b = 2;")
    'a = 1;\\n\\n b = 2;'
    """
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"(?m)^[ \t]*//.*$|[ \t]//[ \t].*$", "", text)
