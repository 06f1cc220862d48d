"""People's games (play/game.js) against the Python that bounds the address: the record's modes and seat kinds
are the ones :mod:`vizgen.site.data.address_words` sizes the address for, and every word the people's parts of the
game read is in :data:`vizgen.analysis.words.PLAY`."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.js_source import code_of
from vizgen.analysis.words import PLAY
from vizgen.site.data import address_words

PLAYJS = Path(__file__).resolve().parent.parent / "vizgen" / "site" / "static" / "js" / "play"


def js_list(name: str) -> list[str]:
    """A list of strings game.js declares (``var NAME = [...]``)."""
    found = re.search(rf"var {name} = (\[[^\]]*\]);", code_of((PLAYJS / "game.js").read_text()))
    assert found, name
    return list(json.loads(found.group(1)))


def test_the_record_modes_and_seats_are_the_ones_the_address_is_sized_for() -> None:
    assert js_list("MODES") == list(address_words.GAME_MODES)
    assert address_words.table()["limits"]["mode"] == max(map(len, address_words.GAME_MODES))
    seats = set(address_words._seats())
    assert set(js_list("HUMANS")) <= seats and "person" in seats


def test_every_word_the_people_parts_read_is_in_play() -> None:
    parts = ("ctrl.js", "view/decor.js", "view/log.js", "view/section.js", "view/status.js", "view/tools.js",
             "review.js", "names.js")
    code = "".join(code_of((PLAYJS / f).read_text()) for f in parts)
    keys = set(re.findall(r'W\["([a-z-]+)"\]', code)) | set(re.findall(r"\bW\.([a-z]+)\b", code))
    keys |= {"tally-" + k for k in ("inaccuracy", "mistake", "blunder")} | {"mode-" + m for m in ("link", "analyse",
                                                                                                  "review", "pass")}
    missing = sorted(k for k in keys if k not in PLAY)
    assert missing == [], missing
