"""The hostile campaign (issue #20): every bad-input case run as a user would, with its time and memory.

Each case of ``tests/hostile_cases.py`` runs ``python -m vizgen ARGS`` in a
fresh process (address space capped at 1 GB, in an empty folder) and holds
when it ends with exit code 2, one line on stderr, no traceback, nothing on
stdout, under 200 MB of peak RSS (VmHWM, the process's own) within the
timeout (or the case's own, shorter: a --cluster case's server, started by
the case on loopback, must be refused within 15 s, an address without one
within 6 s). Prints the cases tried and held, the time and memory of each
refusal (median, 95th percentile, worst) and every case that did not hold.
No pass or fail: figures to quote (``--json`` for scripts).

Then the hostile requests to ``vizgen serve`` (``SERVE_CASES``): each starts
the server on 127.0.0.1 for a site whose folders' indexes lead out of it, and
holds when a link out is a 404 holding none of the file, a silent or trickling
client is dropped at its deadline, and a fresh GET is answered at once beside
crowds of idle connections (from 127.0.0.1 and 127.0.0.2, loopback only);
its memory is the server's peak RSS.

``--cache`` runs the cache's faults instead (issue #39, the second block of
``tests/hostile_cases.py``): a clean build of ``standard:r=3`` with the report
pages fills a cache (a minute or two, cold), then every kind of entry is
damaged in turn in a copy of it (one digit, one header letter, the last byte,
cut short, a FIFO, a folder, a 4 GB sparse file, the kind's folder a file) and
the build runs again; a case holds when it exits 0 with one warning line
naming the entry and writes the clean build's bytes, under 2.5 GB (its largest
process). Prints each case's time to heal and peak memory.

Usage: python benchmarks/hostile.py [--only SUBSTRING[,SUBSTRING...]] [--timeout S] [--json] [--cache]

``--only round-four`` runs the cases of issue #39 parts 3 and 4 (cluster addresses at servers each case starts on
loopback, ``--workers``, long values, deep keys, ``~user``); ``--only round-five`` those of issue #45 (stray,
edited, old and foreign site markers, each over a ``precious.txt``; ``sweep --vary`` values out of range or given
twice; ``sweep --all`` around a base too big in every rule set).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hostile_cases import (  # noqa: E402 - after the path is set
    CACHE_CASES,
    CACHE_RSS_BUDGET_MB,
    CACHE_TIMEOUT_S,
    CASES,
    ROUND_FIVE_IDS,
    ROUND_FOUR_IDS,
    SERVE_CASES,
    TEN_MILLION,
    TIMEOUT_S,
    clean_cache,
    make_files,
    make_site,
    run_cache_case,
    run_case,
    run_serve_case,
    run_stream,
)

#: how long the ten-million-combination sweep streams before it is stopped
STREAM_S = 120


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="run the cases whose id contains one of these (comma-separated; "
                                                   "round-four: issue #39's cluster and input cases)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, help=f"seconds per case (default {TIMEOUT_S})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--cache", action="store_true", help="the cache's faults instead of the bad inputs")
    parser.add_argument("--browser", action="store_true",
                        help="the browser's cases instead (issue #45: addresses and comparisons in headless Chromium)")
    args = parser.parse_args()
    if args.browser:
        return browser_cases(args.only, args.json)
    if args.cache:
        return cache_faults(args.only, args.timeout if args.timeout != TIMEOUT_S else CACHE_TIMEOUT_S, args.json)
    only = args.only.replace("round-four", ROUND_FOUR_IDS).replace("round-five", ROUND_FIVE_IDS)
    wanted = [w for w in only.split(",") if w] or [""]
    cases = [c for c in CASES if any(w in c.id for w in wanted)]
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        files = make_files(Path(tmp))
        for case in cases:
            outcome = run_case(case, files, args.timeout)
            rows.append({"id": case.id, "seconds": round(outcome.seconds, 3), "rss_mb": round(outcome.rss_mb, 1),
                         "code": outcome.code, "failure": outcome.failure(),
                         "message": outcome.err.strip().splitlines()[-1][:160] if outcome.err.strip() else ""})
            if not args.json:
                mark = "held" if rows[-1]["failure"] is None else "FAILED"
                print(f"  {mark:6} {outcome.seconds:6.2f} s {outcome.rss_mb:6.0f} MB  {case.id}", flush=True)
        (files / "readonly").chmod(0o755)  # so the folder can be removed
        served = Path(tmp) / "served"
        served.mkdir()
        make_site(served)
        for serve_case in (c for c in SERVE_CASES if any(w in c.id for w in wanted)):
            answered = run_serve_case(serve_case, served)
            rows.append({"id": serve_case.id, "seconds": round(answered.seconds, 3),
                         "rss_mb": round(answered.rss_mb, 1), "code": None, "failure": answered.failure,
                         "message": ""})
            if not args.json:
                mark = "held" if answered.failure is None else "FAILED"
                print(f"  {mark:6} {answered.seconds:6.2f} s {answered.rss_mb:6.0f} MB  {serve_case.id}", flush=True)
    if any(w in "sweep-vary-ten-million-streams" for w in wanted):
        streamed = run_stream(TEN_MILLION, STREAM_S)
        rows.append({"id": "sweep-vary-ten-million-streams", "seconds": streamed.first_line_s or STREAM_S,
                     "rss_mb": round(streamed.tree_mb, 1), "code": None, "failure": streamed.failure(),
                     "message": f"{streamed.lines} lines in {STREAM_S} s, the first after "
                                f"{streamed.first_line_s or 0:.1f} s; largest process {streamed.largest_mb:.0f} MB"})
        if not args.json:
            mark = "held" if streamed.failure() is None else "FAILED"
            print(f"  {mark:6} {rows[-1]['seconds']:6.2f} s {streamed.tree_mb:6.0f} MB  sweep-vary-ten-million-streams "
                  f"({rows[-1]['message']}; the time is the first line's, the memory the whole process tree's)",
                  flush=True)
    seconds = [r["seconds"] for r in rows]
    rss = [r["rss_mb"] for r in rows]
    held = [r for r in rows if r["failure"] is None]
    worst_t = max(rows, key=lambda r: r["seconds"])
    worst_m = max(rows, key=lambda r: r["rss_mb"])
    figures: dict[str, Any] = {
        "tried": len(rows), "held": len(held),
        "seconds": {"median": statistics.median(seconds), "p95": _percentile(seconds, 0.95),
                    "worst": worst_t["seconds"], "worst_case": worst_t["id"]},
        "rss_mb": {"median": statistics.median(rss), "worst": worst_m["rss_mb"], "worst_case": worst_m["id"]},
        "failed": [{"id": r["id"], "why": r["failure"]} for r in rows if r["failure"] is not None],
        "cases": rows,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"\n{figures['tried']} bad inputs tried, {figures['held']} held "
          f"(exit 2, one line, no traceback, under 200 MB, within {args.timeout:.0f} s or the case's own time; "
          f"serve: answered as it should)")
    print(f"time to refuse   median {figures['seconds']['median']:.2f} s, 95th percentile "
          f"{figures['seconds']['p95']:.2f} s, worst {worst_t['seconds']:.2f} s ({worst_t['id']})")
    print(f"peak memory      median {figures['rss_mb']['median']:.0f} MB, worst {worst_m['rss_mb']:.0f} MB "
          f"({worst_m['id']})")
    for failed in figures["failed"]:
        print(f"did not hold     {failed['id']}: {failed['why']}")
    return 0


def cache_faults(only: str, timeout: float, as_json: bool) -> int:
    """The cache's faults (``--cache``): each case's time to heal and peak memory, and those that did not hold."""
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        clean = clean_cache(Path(tmp))
        for case in [c for c in CACHE_CASES if only in c.id]:
            outcome, why = run_cache_case(case, clean, Path(tmp), timeout)
            rows.append({"id": case.id, "seconds": round(outcome.seconds, 2), "rss_mb": round(outcome.rss_mb, 1),
                         "failure": why, "warning": outcome.err.strip()[:240]})
            if not as_json:
                mark = "held" if why is None else "FAILED"
                print(f"  {mark:6} {outcome.seconds:6.2f} s {outcome.rss_mb:6.0f} MB  {case.id}", flush=True)
    held = [r for r in rows if r["failure"] is None]
    worst_t = max(rows, key=lambda r: r["seconds"])
    worst_m = max(rows, key=lambda r: r["rss_mb"])
    figures: dict[str, Any] = {
        "tried": len(rows), "held": len(held),
        "seconds": {"median": statistics.median(r["seconds"] for r in rows), "worst": worst_t["seconds"],
                    "worst_case": worst_t["id"]},
        "rss_mb": {"median": statistics.median(r["rss_mb"] for r in rows), "worst": worst_m["rss_mb"],
                   "worst_case": worst_m["id"]},
        "failed": [{"id": r["id"], "why": r["failure"]} for r in rows if r["failure"] is not None],
        "cases": rows,
    }
    if as_json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"\n{figures['tried']} cache faults tried, {figures['held']} held (exit 0, one warning line naming the "
          f"entry, the clean build's bytes, under {CACHE_RSS_BUDGET_MB} MB, within {timeout:.0f} s)")
    print(f"time to heal     median {figures['seconds']['median']:.2f} s, worst {worst_t['seconds']:.2f} s "
          f"({worst_t['id']})")
    print(f"peak memory      median {figures['rss_mb']['median']:.0f} MB, worst {worst_m['rss_mb']:.0f} MB "
          f"({worst_m['id']})")
    for failed in figures["failed"]:
        print(f"did not hold     {failed['id']}: {failed['why']}")
    return 0


#: a note must be on screen within this many seconds (issue #45's done-when), and a tab hold less memory
BROWSER_SECONDS = 10.0
BROWSER_HEAP_MB = 1000


def _browser_table() -> list[tuple[str, str, str, str]]:
    """Each browser case: its id, the address (``{http}``/``{file}``: the site's), where a person looks (a CSS
    selector) and the words that must be seen there."""
    from tests.test_edges_browser import RECORDS
    from vizgen.site.data.address_words import NOTES

    bad = "#%3Cimg%20src%3Dx%3E"
    cases = [(f"record-{name.replace(' ', '-')}", "{http}variants/standard.html" + query, "#play .play-message", says)
             for name, (query, says) in sorted(RECORDS.items())]
    cases += [("fragment-with-a-game", "{http}variants/standard.html?play=you.perfect&seed=1" + bad,
               "#play .play-message", NOTES["position-game"]),
              ("fragment-alone", "{http}variants/standard.html" + bad, "#search-msg", NOTES["position"])]
    for spec in ("standard:r=44", "standard:hands=4,r=10"):
        for where in ("http", "file"):
            cases.append((f"compare-{spec.split(':')[1].replace(',', '-')}-{where}",
                          "{" + where + "}rules.html?rules=standard&compare=" + spec, "#rules-working",
                          f"comparing with {spec}"))
    return cases


def browser_cases(only: str, as_json: bool) -> int:
    """The browser's cases (``--browser``): each address opened at a desktop's and a phone's size in headless
    Chromium, timed until its words are on screen where a person looks; the tab's JavaScript heap then."""
    from playwright.sync_api import sync_playwright

    from tests.browsing import CHROMIUM, PHONE, WIDE, served, write_site
    from tests.test_edges_browser import ON_SCREEN
    from vizgen.site import build
    from vizgen.site.render import render_site

    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "site"
        write_site(root, render_site(build.gather(["standard"], cache_dir=Path(tmp) / "cache")))
        with served(root) as http, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM)
            for case, address, selector, says in _browser_table():
                if only and not any(w in case for w in only.split(",")):
                    continue
                for size, screen in (("desktop", WIDE), ("phone", PHONE)):
                    tab = browser.new_page(viewport=screen, is_mobile=size == "phone", has_touch=size == "phone")
                    began = time.monotonic()
                    tab.goto(address.format(http=http, file=root.as_uri() + "/"))
                    seen = ""
                    while time.monotonic() - began < BROWSER_SECONDS and says not in seen:
                        seen = tab.evaluate(ON_SCREEN, selector) or ""
                        time.sleep(0.05)
                    took = time.monotonic() - began
                    heap = tab.evaluate("performance.memory.usedJSHeapSize") / 1e6
                    failure = None if says in seen else f"not on screen within {BROWSER_SECONDS:g} s: {seen[:120]!r}"
                    if failure is None and heap >= BROWSER_HEAP_MB:
                        failure = f"the tab's heap is {heap:.0f} MB"
                    rows.append({"id": f"{case} ({size})", "seconds": round(took, 2), "heap_mb": round(heap, 1),
                                 "failure": failure})
                    tab.close()
                    if not as_json:
                        mark = "held" if failure is None else "FAILED"
                        print(f"  {mark:6} {took:6.2f} s {heap:6.0f} MB  {case} ({size})", flush=True)
            browser.close()
    held = [r for r in rows if r["failure"] is None]
    worst_t = max(rows, key=lambda r: r["seconds"])
    worst_m = max(rows, key=lambda r: r["heap_mb"])
    if as_json:
        print(json.dumps({"tried": len(rows), "held": len(held), "cases": rows}, indent=2))
        return 0
    print(f"\n{len(rows)} browser cases tried, {len(held)} held (the words on screen where a person looks, within "
          f"{BROWSER_SECONDS:g} s, the tab under {BROWSER_HEAP_MB} MB)")
    print(f"time to the note worst {worst_t['seconds']:.2f} s ({worst_t['id']}); "
          f"heap worst {worst_m['heap_mb']:.0f} MB ({worst_m['id']})")
    for failed in (r for r in rows if r["failure"] is not None):
        print(f"did not hold     {failed['id']}: {failed['failure']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
