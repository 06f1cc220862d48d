"""Site benchmark: prints build times, page weights and the views' timings in Chromium (no pass/fail).

Targets (issue #3, on the 2-core machine): the full catalogue builds in under
90 s from cold and under 15 s when nothing changed (layouts are cached); the
standard variant's graph has drawn in headless Chromium in under 1 s.
Issue #7: the dense two-player variants (r10, self-gain-10, three-hands) open
on the value map, drawn in under 1 s; a click shows its position in the panel
in under 100 ms on standard (graph) and 300 ms on r10 (map); clicks in quick
succession land on the position under the mouse (the view never moves under it).
Issue #10: the full catalogue (five and six players included) builds from cold
in under 3 minutes; no page transfers more than 3 MB before it is usable; the
six-player page is usable in under 2 s; five and six players add at most 150 MB.
Issue #16: a warm rebuild of the whole catalogue (reports included), ``python -m
vizgen build`` a second time with the same cache, takes under 10 s, with
byte-identical output. Every browser timing is the median of 5 runs at 1400 x 900.
Issue #25: the README's build command, cold, on two cores under 100 s and under
2.5 GB of peak memory. The cold build is printed phase by phase: wall seconds,
CPU seconds (user + system, the build's processes together: on a loaded machine
the CPU figure is the one to read) and the peak memory (resident, every process
of the build together, and the largest single process).

Usage: python benchmarks/site.py [--out DIR] [--views-only] [--build-only]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from vizgen.site.build import build_site

CHROMIUM = os.environ.get("VIZGEN_CHROMIUM") or "/usr/bin/chromium"  # as tests/test_pages_browser.py
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


#: The pages whose first view is timed: the banded graph and the dense variants that open on the map.
VIEW_PAGES = ("standard", "r10", "self-gain-10", "three-hands")
#: Records when the panel last changed position (performance.now()).
WATCH_PANEL = """() => { window.__panelAt = {};
    const panel = document.getElementById('panel');
    new MutationObserver(() => { window.__panelAt[panel.dataset.position] = performance.now(); })
        .observe(panel, {attributes: true, attributeFilter: ['data-position']}); }"""
#: Where to click to pick position n: its node in the graph, or its cell in the map (page coordinates).
WHERE = """n => { const v = window.vizgen, id = v.resolve(n);
    if (v.view === 'map') { const m = v.map, k = m.cellOf(id), g = m.g, b = m.canvas.getBoundingClientRect();
        return [b.left + g.x0 + (k % m.m + 0.5) * g.cell, b.top + g.y0 + (Math.floor(k / m.m) + 0.5) * g.cell]; }
    const net = v.network, p = net.canvasToDOM(net.getPositions([id])[id]);
    const b = document.querySelector('#graph canvas').getBoundingClientRect();
    return [b.left + p.x, b.top + p.y]; }"""
#: Positions clicked in turn: four spread over the node ids, then the start.
TARGETS = """() => { const m = window.vizgen.model;
    return [1, 2, 3, 4].map(k => m.notation[Math.floor(k * m.n / 5)]).concat([m.notation[m.startId]]); }"""


def _serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/variants/"


def view_timings(site: Path, runs: int = 5) -> dict[str, dict[str, float | str]]:
    """Per page of :data:`VIEW_PAGES`: its first view, ms to drawn, median ms from click to panel, clicks on target."""
    from playwright.sync_api import sync_playwright

    server, base = _serve(site)
    out: dict[str, dict[str, float | str]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for slug in VIEW_PAGES:
            if not (site / "variants" / f"{slug}.html").exists():
                continue
            drawn, clicks = [], []
            for _ in range(runs):
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(f"{base}{slug}.html")
                page.wait_for_function("window.vizgen && window.vizgen.ready", timeout=30_000)
                drawn.append(page.evaluate("performance.now()"))
                view = page.evaluate("window.vizgen.view")
                page.evaluate(WATCH_PANEL)
                page.evaluate("document.querySelector('.viewer').scrollIntoView({block: 'start'})")
                targets = page.evaluate(TARGETS)
                for target in targets[:-1]:
                    xy = page.evaluate(WHERE, target)
                    t0 = page.evaluate("performance.now()")
                    page.mouse.click(*xy)
                    page.wait_for_function("n => window.__panelAt[n] !== undefined", arg=target, timeout=10_000)
                    clicks.append(page.evaluate("n => window.__panelAt[n]", target) - t0)
                page.close()
            # quick succession: every click at once, then where did we land?
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(f"{base}{slug}.html")
            page.wait_for_function("window.vizgen && window.vizgen.ready", timeout=30_000)
            page.evaluate("document.querySelector('.viewer').scrollIntoView({block: 'start'})")
            landed = 0
            targets = page.evaluate(TARGETS)
            for target in targets:
                page.mouse.click(*page.evaluate(WHERE, target))
                page.wait_for_timeout(30)
                landed += page.evaluate("n => window.vizgen.model.notation[window.vizgen.selected] === n || "
                                        "location.hash.slice(1) === n", target)
            page.close()
            out[slug] = {"view": view, "drawn": statistics.median(drawn), "click": statistics.median(clicks),
                         "landed": f"{landed} of {len(targets)}"}
        browser.close()
    server.shutdown()
    return out


def usable(site: Path, runs: int = 5) -> dict[str, tuple[float, int]]:
    """Per variant page: median ms from navigation until usable (``vizgen.ready``) and bytes transferred by then."""
    from playwright.sync_api import sync_playwright

    server, base = _serve(site)
    out: dict[str, tuple[float, int]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for html in sorted((site / "variants").glob("*.html")):
            times, sizes = [], []
            for _ in range(runs if html.stem == "six-players" else 1):
                context = browser.new_context(viewport={"width": 1400, "height": 900})  # an empty browser cache
                page = context.new_page()
                got: list[int] = []
                page.on("response", lambda r, got=got: got.append(len(r.body())))
                page.goto(f"{base}{html.name}")
                page.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)",
                                       timeout=30_000)
                times.append(page.evaluate("performance.now()"))
                sizes.append(sum(got))
                context.close()
            out[html.stem] = (statistics.median(times), max(sizes))
        browser.close()
    server.shutdown()
    return out


def print_usable(site: Path) -> None:
    """Print the heaviest page before it is usable and the six-player page's time to usable."""
    if not Path(CHROMIUM).exists():
        print(f"time to usable             : not measured ({CHROMIUM} is not installed)")
        return
    timings = usable(site)
    slug, (ms, size) = max(timings.items(), key=lambda kv: kv[1][1])
    print(f"most bytes before usable   : {size / 1e6:8.2f} MB  variants/{slug}.html, usable after {ms:.0f} ms "
          "(target < 3 MB)")
    if "six-players" in timings:
        ms, size = timings["six-players"]
        print(f"six players usable after   : {ms:6.0f} ms median of 5, {size / 1e6:.2f} MB transferred "
              "(target < 2000 ms)")
    grown = sum(f.stat().st_size for name in ("five-players", "six-players")
                for f in (site / "variants").glob(f"{name}*") if f.is_file())
    grown += sum(f.stat().st_size for name in ("five-players", "six-players")
                 for f in (site / "variants" / name).rglob("*") if f.is_file())
    print(f"five and six players add   : {grown / 1e6:6.1f} MB (target < 150 MB)")


def print_view_timings(site: Path) -> None:
    """Print :func:`view_timings`, or why they were not measured."""
    if not Path(CHROMIUM).exists():
        print(f"view timings               : not measured ({CHROMIUM} is not installed)")
        return
    targets = {"standard": 100, "r10": 300}
    for slug, t in view_timings(site).items():
        aim = f", target < {targets[slug]} ms" if slug in targets else ""
        print(f"{slug:14s} opens on the {t['view']:5s}: drawn after {t['drawn']:5.0f} ms (target < 1000 ms); "
              f"click to panel {t['click']:4.0f} ms{aim}; quick clicks on target: {t['landed']}")


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def warm_command(out: Path, cache: Path, runs: int = 3) -> list[float]:
    """Wall seconds of ``python -m vizgen build --out OUT`` with a warm cache, as a whole process, ``runs`` times."""
    times = []
    env = {**os.environ, "VIZGEN_CACHE": str(cache)}
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "vizgen", "build", "--quiet", "--out", str(out)], check=True, env=env)
        times.append(time.perf_counter() - t0)
    return times


class Sampler:
    """The build's processes (this one and its descendants, found through ``/proc/PID/task/TID/children``)
    sampled every 100 ms: their resident memory, the sum and each one's peak. The sampling thread's own CPU
    time is kept apart (:attr:`own`) and left out of the build's."""

    def __init__(self) -> None:
        self.page = os.sysconf("SC_PAGE_SIZE")
        self.tick = os.sysconf("SC_CLK_TCK")
        self.me = os.getpid()
        self.peak_tree = 0  # the largest sum of resident memory seen (since the last mark)
        self.largest: dict[int, tuple[int, str]] = {}  # pid -> (peak resident bytes, what it runs)
        self.own = 0.0  # CPU seconds of the sampling thread
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def tree(self) -> list[int]:
        """This process and its descendants."""
        out, todo = [], [self.me]
        while todo:
            pid = todo.pop()
            out.append(pid)
            for task in Path(f"/proc/{pid}/task").glob("*/children"):
                with contextlib.suppress(OSError):
                    todo.extend(int(c) for c in task.read_text().split())
        return out

    def _stat(self, pid: int) -> tuple[int, int] | None:
        """(resident bytes, CPU ticks) of a process, None if it is gone."""
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return int(fields[21]) * self.page, int(fields[11]) + int(fields[12])

    def _run(self) -> None:
        began = time.thread_time()
        while not self.stop.wait(0.1):
            total = 0
            for pid in self.tree():
                got = self._stat(pid)
                if got is None:
                    continue
                total += got[0]
                if got[0] > self.largest.get(pid, (0, ""))[0]:
                    self.largest[pid] = (got[0], self._what(pid))
            with self.lock:
                self.peak_tree = max(self.peak_tree, total)
        self.own = time.thread_time() - began

    @staticmethod
    def _what(pid: int) -> str:
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            return "?"
        words = [a.decode(errors="replace") for a in args if a]
        if len(words) >= 2 and words[1] == "-c":
            return f"worker {words[-1]}" if len(words) > 4 else "worker"
        return " ".join(Path(w).name if i == 0 else w for i, w in enumerate(words[:3]))

    def mark(self) -> int:
        """The peak of the tree since the last mark (and start a new one)."""
        with self.lock:
            peak, self.peak_tree = self.peak_tree, 0
        return peak

    @staticmethod
    def cpu() -> float:
        """CPU seconds of this process and its finished children (user + system)."""
        me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

    def live_cpu(self) -> float:
        """CPU seconds of the running children (not yet in :meth:`cpu`)."""
        ticks = sum(got[1] for pid in self.tree()[1:] if (got := self._stat(pid)) is not None)
        return ticks / self.tick


#: phases of the build, by the progress label that ends a step
PHASES = (("solved ", "solve the variants"), ("laid out", "Graphviz layouts"), ("gathered ", "figures and tables"),
          ("rendered ", "guides and variant pages"), ("read ", "variant pages read from the cache"),
          ("the max^n", "the max^n report (waited for)"), ("the family", "the family in figures"),
          ("published", "the published claims"), ("rendered the pages", "index and report pages"),
          ("written", "written to disk"))


def _phase(label: str) -> str:
    for prefix, name in sorted(PHASES, key=lambda p: -len(p[0])):
        if label.startswith(prefix):
            return name
    return label


def phased_build(out: Path, cache: Path, specs: list[str] | None = None) -> None:
    """Build the whole catalogue (or ``specs``, without the reports) cold and print each phase's wall and CPU
    seconds and peak memory."""
    sampler = Sampler()
    phases: dict[str, list[float]] = {}  # name -> [wall, cpu, peak]
    last = [time.perf_counter(), sampler.cpu() + sampler.live_cpu()]

    def on_step(label: str) -> None:
        now, cpu = time.perf_counter(), sampler.cpu() + sampler.live_cpu()
        row = phases.setdefault(_phase(label), [0.0, 0.0, 0])
        row[0] += now - last[0]
        row[1] += cpu - last[1]
        row[2] = max(row[2], sampler.mark())
        last[:] = [now, cpu]

    sampler.thread.start()
    began, cpu0 = time.perf_counter(), sampler.cpu()
    report = build_site(specs, out, cache_dir=cache, progress=False, on_step=on_step)
    sampler.stop.set()
    sampler.thread.join()
    wall, cpu = time.perf_counter() - began, sampler.cpu() - cpu0 - sampler.own
    print(f"{'phase of the cold build':34s} {'wall s':>8s} {'CPU s':>8s} {'peak GB':>8s}")
    for name, (w, c, peak) in phases.items():
        print(f"{name:34s} {w:8.1f} {c:8.1f} {peak / 1e9:8.2f}")
    tree = max(p for _, _, p in phases.values())
    rss, what = max(sampler.largest.values())
    print(f"{'whole build':34s} {wall:8.1f} {cpu:8.1f} {tree / 1e9:8.2f}  (target < 100 s on two cores, < 2.5 GB)")
    print(f"largest single process: {rss / 1e9:.2f} GB ({what}); CPU / 2 = {cpu / 2:.1f} s, the wall time two "
          f"quiet cores could reach; {report.variants} variants, {report.pages} pages, {report.size / 1e6:.1f} MB; "
          f"the sampling itself took {sampler.own:.1f} s of CPU, left out (not out of each phase's)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="keep the built site here (default: a temporary folder)")
    parser.add_argument("--build-only", action="store_true",
                        help="only the cold build of the whole catalogue, phase by phase (time, CPU, memory)")
    parser.add_argument("--variant", action="append", dest="variants", metavar="SPEC",
                        help="with --build-only: these variants (without the reports) instead of the catalogue")
    parser.add_argument("--views-only", action="store_true",
                        help=f"build only {', '.join(VIEW_PAGES)} and print the views' timings")
    args = parser.parse_args()
    if args.build_only:
        with tempfile.TemporaryDirectory() as tmp:
            phased_build(args.out or Path(tmp) / "site", Path(tmp) / "cache", args.variants)
        return
    if args.views_only:
        with tempfile.TemporaryDirectory() as tmp:
            out = args.out or Path(tmp) / "site"
            build_site(list(VIEW_PAGES), out, progress=False, reports=False)
            print_view_timings(out)
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "site"
        cache = Path(tmp) / "cache"
        cold = build_site(None, out, cache_dir=cache, progress=False)
        print(f"full catalogue, cold cache : {cold.seconds:6.1f} s  (target < 180 s)  "
              f"{cold.variants} variants, {cold.pages} pages, {cold.files} files, {cold.size / 1e6:.1f} MB")
        built = _digest(out)
        warm = build_site(None, out, cache_dir=cache, progress=False)
        print(f"full catalogue, warm cache : {warm.seconds:6.1f} s  in-process; the same bytes: "
              f"{'yes' if _digest(out) == built else 'NO'}")
        times = warm_command(out, cache)
        print(f"warm rebuild, whole command: {statistics.median(times):6.1f} s  median of {len(times)} "
              f"(min {min(times):.1f}, max {max(times):.1f}; target < 10 s); the same bytes: "
              f"{'yes' if _digest(out) == built else 'NO'}")
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
        print_usable(out)
        print_view_timings(out)


if __name__ == "__main__":
    main()
