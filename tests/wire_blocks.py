"""A block of the wire (:mod:`vizgen.site.render.wire`) read back as its documentation describes it.

Written apart from the encoder, so the tests that read the data files check the format, not the encoder
against itself.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Sequence

import numpy as np


def read_block(fields: Sequence[dict], text: str, length: int) -> dict[str, np.ndarray]:
    """Every field of a block (fields: the spec the page ships, ``[{name, width}]``) as int64 values, -1 for none."""
    data = np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype=np.uint8)
    assert data.size == length * sum(f["width"] for f in fields), "block size"
    value = {f["name"]: np.zeros(length, dtype=np.int64) for f in fields}
    at = 0
    for b in range(max((f["width"] for f in fields), default=0)):  # every field's low byte, then the next ...
        for f in fields:
            if f["width"] > b:
                value[f["name"]] += data[at:at + length].astype(np.int64) << (8 * b)
                at += length
    return {name: v - 1 for name, v in value.items()}
