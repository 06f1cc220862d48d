"""Site benchmark: prints build times, page weights and time-to-graph in Chromium (no pass/fail).

Targets (issue #3, on the 2-core machine): the full catalogue builds in under
90 s from cold and under 15 s when nothing changed (layouts are cached); the
standard variant's graph has drawn in headless Chromium in under 1 s.

Usage: python benchmarks/site.py [--out DIR]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import tempfile
import threading
from pathlib import Path

from vizgen.build import build_site

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Keep the benchmark's output to its figures."""


def time_to_graph(site: Path, runs: int = 5) -> list[float]:
    """Milliseconds from navigation start until the standard page says its graph has drawn."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/variants/standard.html"
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(url)
            page.wait_for_function("window.vizgen && window.vizgen.ready", timeout=30_000)
            times.append(page.evaluate("performance.now()"))
            page.close()
        browser.close()
    server.shutdown()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="keep the built site here (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "site"
        cache = Path(tmp) / "cache"
        cold = build_site(None, out, cache_dir=cache, progress=False)
        print(f"full catalogue, cold cache : {cold.seconds:6.1f} s  (target < 90 s)  "
              f"{cold.variants} variants, {cold.pages} pages, {cold.files} files, {cold.size / 1e6:.1f} MB")
        warm = build_site(None, out, cache_dir=cache, progress=False)
        print(f"full catalogue, warm cache : {warm.seconds:6.1f} s  (target < 15 s)")
        files = [p for p in out.rglob("*") if p.is_file()]
        pages = [p for p in files if p.suffix == ".html"]
        heaviest_page = max(pages, key=lambda p: p.stat().st_size)
        heaviest_file = max(files, key=lambda p: p.stat().st_size)
        print(f"heaviest page              : {heaviest_page.stat().st_size / 1e3:8.1f} kB  "
              f"{heaviest_page.relative_to(out)}")
        print(f"heaviest file of any kind  : {heaviest_file.stat().st_size / 1e6:8.2f} MB  "
              f"{heaviest_file.relative_to(out)}")
        if Path(CHROMIUM).exists():
            times = time_to_graph(out)
            print(f"standard graph drawn after : {statistics.median(times):6.0f} ms median of {len(times)} "
                  f"(min {min(times):.0f}, max {max(times):.0f}; target < 1000 ms)")
        else:
            print(f"standard graph drawn after : not measured ({CHROMIUM} is not installed)")


if __name__ == "__main__":
    main()
