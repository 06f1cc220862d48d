"""Cluster benchmark: the Dask engine on a local cluster, per worker, per ply and per phase.

Prints (no pass/fail), for ``stats SPEC`` on a local cluster of ``--workers``
processes capped at ``--worker-memory`` each: wall time; per phase the plies,
what they found, the steps' CPU seconds and the throughput per worker core
(positions per CPU second: one thread per worker); the bytes one range sent
the others per ply (mean and largest ply) and in all; per worker the bytes
spilled to disk and the peak memory; and whether the figures equal the
single-machine ``stats`` (unless ``--no-check``). ``--spill`` lowers the
workers' memory target so that they spill (almost) every result to disk: the
out-of-core mode at its most extreme. ``--json FILE`` writes every figure.
``docs/SCALE.md`` extrapolates from these figures.

Usage: python benchmarks/engine.py --cluster [SPEC] [--workers N] [--worker-memory SIZE] [--spill] [--json FILE]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RANDOM_KEYS = ("random_win", "random_win_start", "perfect_win_start")


def fmt_bytes(n: float) -> str:
    return f"{n / 1e9:.2f} GB" if n >= 1e9 else f"{n / 1e6:.1f} MB"


def measure(spec: str, workers: int, memory: int | None, spill: bool) -> dict[str, Any]:
    """Solve ``spec`` on a fresh local cluster: the figures, each ply and each worker's report."""
    import dask

    from vizgen.analysis.cluster_stats import cluster_stats
    from vizgen.engine.cluster import worker_report

    plies: list[dict[str, Any]] = []
    report: dict[str, Any] = {}

    def on_ply(ply: dict[str, Any]) -> None:
        plies.append(ply)
        print(f"  {ply['phase']:<9} ply {ply['ply']:>3}: {ply['found']:>12,} found, {ply['sent']:>13,} sent "
              f"({fmt_bytes(ply['sent_bytes'])}), {ply['cpu']:7.2f} cpu-s, {ply['seconds']:7.2f} s", flush=True)

    def on_run(client: Any, run: Any) -> None:
        report["workers"] = worker_report(client)
        report["ranges"] = len(run.states)

    low = {"distributed.worker.memory.target": 0.001, "distributed.worker.memory.spill": False} if spill else {}
    began = time.perf_counter()
    with dask.config.set(low):
        figures = cluster_stats(spec, workers=workers, memory_limit=memory, on_ply=on_ply, on_run=on_run)
    return {"spec": spec, "workers": workers, "memory_limit": memory, "spill": spill,
            "wall": time.perf_counter() - began, "figures": figures, "plies": plies, **report}


def summary(data: dict[str, Any]) -> dict[str, Any]:
    """Per phase: plies, found, CPU seconds, throughput per core, bytes sent per ply (mean, largest) and in all."""
    phases: dict[str, dict[str, Any]] = defaultdict(lambda: {"plies": 0, "found": 0, "cpu": 0.0, "wall": 0.0,
                                                             "bytes": 0, "largest": 0})
    for ply in data["plies"]:
        p = phases[ply["phase"]]
        p["plies"] += 1
        p["found"] += ply["found"]
        p["cpu"] += ply["cpu"]
        p["wall"] += ply["seconds"]
        p["bytes"] += ply["sent_bytes"]
        p["largest"] = max(p["largest"], ply["sent_bytes"])
    for p in phases.values():
        p["per_core"] = p["found"] / p["cpu"] if p["cpu"] else 0.0
        p["per_ply"] = p["bytes"] / p["plies"]
    positions = data["figures"]["positions"]
    cpu = sum(p["cpu"] for p in phases.values())
    return {"phases": dict(phases), "positions": positions, "cpu": cpu, "per_core": positions / cpu,
            "bytes": sum(p["bytes"] for p in phases.values())}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", nargs="?", default="standard:players=5")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-memory", default="1GB")
    parser.add_argument("--spill", action="store_true", help="spill (almost) every result to disk")
    parser.add_argument("--no-check", action="store_true", help="do not run the single-machine stats to compare")
    parser.add_argument("--json", metavar="FILE", help="write every figure to FILE")
    args = parser.parse_args(argv)
    from vizgen.analysis.cluster_stats import worker_memory

    memory = worker_memory(args.worker_memory)
    print(f"stats {args.spec} on a local cluster of {args.workers} workers x {fmt_bytes(memory)}"
          f"{' spilling every result' if args.spill else ''}:")
    data = measure(args.spec, args.workers, memory, args.spill)
    s = summary(data)
    print(f"\nwall {data['wall']:.1f} s; {data['ranges']} ranges; {s['positions']:,} positions; "
          f"steps' CPU {s['cpu']:.1f} s: {s['per_core']:,.0f} positions per CPU second per worker core (all phases)")
    print(f"{'phase':<10} {'plies':>5} {'found':>14} {'cpu-s':>8} {'wall-s':>8} {'found/cpu-s':>12} "
          f"{'sent/ply':>10} {'largest ply':>11} {'sent':>10}")
    for name, p in s["phases"].items():
        print(f"{name:<10} {p['plies']:>5} {p['found']:>14,} {p['cpu']:>8.1f} {p['wall']:>8.1f} "
              f"{p['per_core']:>12,.0f} {fmt_bytes(p['per_ply']):>10} {fmt_bytes(p['largest']):>11} "
              f"{fmt_bytes(p['bytes']):>10}")
    for addr, w in sorted(data["workers"].items()):
        print(f"worker {addr}: spilled {fmt_bytes(w['spilled'])} to disk, peak RSS {fmt_bytes(w['peak_rss'])} "
              f"(limit {fmt_bytes(w['memory_limit'])})")
    if not args.no_check:
        single = subprocess.run([sys.executable, "-m", "vizgen", "stats", args.spec, "--json"], capture_output=True,
                                text=True, check=True, cwd=ROOT)
        want = json.loads(single.stdout)
        for key in RANDOM_KEYS:
            want.pop(key, None)
        print("figures equal the single-machine stats:", "yes" if want == data["figures"] else "NO")
    if args.json:
        with contextlib.suppress(OSError), open(args.json, "w") as f:
            json.dump({**data, "summary": s}, f, indent=1)


if __name__ == "__main__":
    main()
