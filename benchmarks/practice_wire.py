"""Practice wire benchmark: a variant's practice file with its moves as named fields against the old positional list.

Prints (no pass/fail), per variant: the bytes of ``practice/<slug>.js`` as ``practice_page.practice_files`` writes it
(each move ``{move, to, mark, choice, n, k, reply}``) and of the same data with each move turned back into the
list of 6 or 9 the page read before issue #47 (``[move, to, mark, choice, n, k, reply move, reply to, 1 if the
reply ends the game]``), raw and at gzip level 6; then the totals. docs/FRONTEND.md says which was chosen and why.
Usage: python benchmarks/practice_wire.py [SPEC ...]
"""

from __future__ import annotations

import argparse
import gzip
import json

from vizgen.engine.spec import resolve
from vizgen.reports.puzzles import PuzzleMove, puzzle_figures
from vizgen.site.render.datafiles import as_json
from vizgen.site.render.practice_page import practice_files

SPECS = ("standard", "r4", "misere", "suicide", "cutoff", "r6", "three-players")
"""The variants measured by default: two players small and larger, and the largest practice file (three players)."""


def _positional(move: PuzzleMove) -> list[object]:
    """A move as the list the page read before its fields were named."""
    reply = move["reply"]
    tail: list[object] = [reply["move"], reply["to"], int(reply["ends"])] if reply else []
    return [move["move"], move["to"], move["mark"], move["choice"], move["n"], move["k"], *tail]


def _sizes(text: bytes) -> tuple[int, int]:
    return len(text), len(gzip.compress(text, 6, mtime=0))


def main(specs: list[str]) -> None:
    """Measure the practice files of ``specs`` (default :data:`SPECS`) both ways."""
    variants = [resolve(s) for s in specs or SPECS]
    files = practice_files(variants, {v.slug: puzzle_figures(v) for v in variants}, {})
    total = [0, 0, 0, 0]
    print(f"{'variant':<16}{'list B':>12}{'gzip':>10}{'named B':>12}{'gzip':>10}{'gzip +':>8}")
    for v in variants:
        written = files[f"practice/{v.slug}.js"]
        head, payload = written.decode().split(",", 1)
        data = json.loads(payload.removesuffix(");\n"))
        for key in ("nodes", "table"):
            for node in (data[key] or {}).values():
                node["m"] = [_positional(m) for m in node["m"]]
        before = f"{head},{as_json(data)});\n".encode()
        row = [*_sizes(before), *_sizes(written)]
        total = [a + b for a, b in zip(total, row)]
        print(f"{v.slug:<16}{row[0]:>12,}{row[1]:>10,}{row[2]:>12,}{row[3]:>10,}{100 * (row[3] / row[1] - 1):>7.1f}%")
    print(f"{'total':<16}{total[0]:>12,}{total[1]:>10,}{total[2]:>12,}{total[3]:>10,}"
          f"{100 * (total[3] / total[1] - 1):>7.1f}%")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", metavar="SPEC", help=f"variants (default: {', '.join(SPECS)})")
    main(parser.parse_args().specs)
