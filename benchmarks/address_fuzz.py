"""The address campaign (issues #30 and #39): hostile addresses opened in headless Chromium, with the time to ready.

Renders the classic game (a small page), three players (a big page), a code page (three players, r = 3)
and the index into a temporary folder, serves it under a sub-path, and opens each variant page at
``--count`` addresses of the seeded generator of ``tests/address_cases.py`` (the index at half as many),
then each of issue #30's own addresses on the classic game and three players from ``file://`` (a web
server refuses a megabyte-long request line before the page loads), then issue #39's (``NOTED``: a part a
page cannot use, on a variant's page, the rules page and the practice page of a site built with the classic
game's puzzles, and a megabyte-long ``rules=`` from ``file://``). A visit holds when the page logs no
error, opens no dialog, runs no script from its address, is ready within ``--timeout`` seconds and draws its
panel; one of issue #39's also when a person can see its note, with the words it must hold. Prints the
visits tried and held, how many said what they left out, the time to ready (median, 95th percentile, worst)
of each campaign and every visit that did not hold. No pass or fail: figures to quote.

Usage: python benchmarks/address_fuzz.py [--count N] [--seed S] [--timeout S] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.address_cases import (  # noqa: E402
    NOTED,
    Visit,
    fuzz_addresses,
    index_addresses,
    issue_addresses,
    kind_of,
    visit,
)
from tests.browsing import ARGS, CHROMIUM, served, write_site  # noqa: E402

SPECS = ("standard", "three-players")
CODE_SPEC = "standard:players=3,r=3"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _summary(name: str, visits: list[Visit]) -> dict:
    times = [v.ready_s for v in visits if v.ready_s is not None]
    return {
        "campaign": name, "visits": len(visits), "held": sum(v.failure() is None for v in visits),
        "said_why": sum(bool(v.notes) for v in visits),
        "ready_median_s": round(statistics.median(times), 2) if times else None,
        "ready_p95_s": round(_percentile(times, 0.95), 2) if times else None,
        "ready_worst_s": round(max(times), 2) if times else None,
        "failed": [{"url": v.url[:200], "why": v.failure()} for v in visits if v.failure()],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=25, help="addresses per variant page (default 25)")
    parser.add_argument("--seed", type=int, default=30, help="the generator's seed (default 30)")
    parser.add_argument("--timeout", type=float, default=12.0, help="seconds a fuzzed page may take (default 12)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    from tests.solved import code_page_once
    from vizgen.site.build import build_site, gather
    from vizgen.site.data.address_words import NOTES
    from vizgen.site.render import render_site

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cache = Path(os.environ.get("VIZGEN_CACHE", root / "cache"))  # apart from the sites (build_site refuses)
        pages = {p.slug: p for p in gather(list(SPECS), cache_dir=cache)}
        code = code_page_once(CODE_SPEC)
        write_site(root / "vizgen", render_site([*pages.values(), code]))
        build_site(["standard"], root / "practice", cache_dir=cache, progress=False)  # a site with puzzles
        targets = {"standard": (pages["standard"].nodes.plain("position"), 2),
                   "three-players": (pages["three-players"].nodes.plain("position"), 3),
                   code.slug: (["11-11-11", "12-11-11", "11-12-11"], 3)}
        rng = random.Random(args.seed)
        fuzzed: list[Visit] = []
        issue: list[Visit] = []
        noted: list[Visit] = []
        with served(root, "vizgen/") as url, sync_playwright() as p:  # the practice site is beside it
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            for slug, (names, players) in targets.items():
                for address in fuzz_addresses(rng, names, players, args.count):
                    fuzzed.append(visit(context, f"{url}variants/{slug}.html{address}", "variant", args.timeout))
            for address in index_addresses(rng, max(1, args.count // 2)):
                fuzzed.append(visit(context, f"{url}index.html{address}", "page", args.timeout))
            for slug in SPECS:
                base = (root / "vizgen" / "variants" / f"{slug}.html").as_uri()
                for address in issue_addresses(targets[slug][1]).values():
                    issue.append(visit(context, base + address, "variant", 60.0))
            for path, address, where, words in NOTED.values():
                site = "practice/" if path == "practice.html" else "vizgen/"
                noted.append(visit(context, f"{url.removesuffix('vizgen/')}{site}{path}{address}", kind_of(path),
                                   args.timeout, note=where, says=words))
            rules = (root / "vizgen" / "rules.html").as_uri()
            noted.append(visit(context, rules + "?rules=" + "standard" * (1 << 17), "rules", 60.0,
                               note="#rules-address-note", says=NOTES["address"]))  # a megabyte
            browser.close()
    figures = [_summary(f"fuzz (seed {args.seed})", fuzzed), _summary("issue #30's addresses", issue),
               _summary("issue #39's addresses", noted)]
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    for f in figures:
        print(f"{f['campaign']}: {f['held']} of {f['visits']} visits held, {f['said_why']} said what they left out; "
              f"ready in {f['ready_median_s']} s median, {f['ready_p95_s']} s 95th percentile, "
              f"{f['ready_worst_s']} s worst")
        for bad in f["failed"]:
            print(f"  FAILED {bad['why']}: {bad['url']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
