"""The command line: ``python -m vizgen list | stats | sweep | show | maxn | guide | puzzles | judge | build | serve``.

Every user error (unknown variant, bad parameter or position, broken file)
prints one line on stderr and exits with code 2; no traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vizgen.analysis.words import percent, plies
from vizgen.engine.cluster import ClusterError
from vizgen.engine.graph import StateGraph, check_size
from vizgen.engine.params import Params, VariantError
from vizgen.engine.rules import Position, PositionError, check_shape
from vizgen.engine.spec import resolve
from vizgen.engine.variants import REGISTRY, Variant
from vizgen.site.output.outdir import BuildError
from vizgen.util import deadlines, sizes
from vizgen.util.deadlines import DeadlineScaleError
from vizgen.util.processes import stop_on_signals, stopped_code
from vizgen.util.text import format_count, one_line, quote, visible

#: seconds between two lines of a sweep's progress when stderr is not a terminal
SWEEP_PROGRESS_S = 5.0

if TYPE_CHECKING:  # the solvers and the site builder are imported by the commands that use them
    from vizgen.analysis.figures import Stats
    from vizgen.analysis.solved import Solved

__all__ = ["STOPPED_CODES", "main", "parser", "say_stopped"]

#: the largest --max-positions taken (a variant that big would not fit in memory anyway)
MAX_POSITIONS_CAP = 10**12
#: the exit code of a command stopped by a signal (128 + its number) and the line it prints
STOPPED_CODES = {130: "interrupted", 143: "terminated (SIGTERM)", 129: "hung up (SIGHUP)"}


def _site_url(text: str) -> str:
    """An argparse type: the address the site is published at (http or https), ending in ``/``."""
    url = text.strip()
    if len(url) > 2000 or not re.fullmatch(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~%/+-]*)?", url):
        raise argparse.ArgumentTypeError(f"not an http(s) address like https://user.github.io/repo/: {quote(text)}")
    return url if url.endswith("/") else url + "/"


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds (``5``, ``0.5``) from 0.1 to the cluster timeout's cap."""
    match = re.fullmatch(r"\s*([0-9]{1,4}(?:\.[0-9]{1,3})?)\s*", text)
    value = float(match[1]) if match else -1.0
    if not 0.1 <= value <= sizes.CLUSTER_TIMEOUT_MAX:
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0.1 to {sizes.CLUSTER_TIMEOUT_MAX:g}, "
                                         f"got {quote(text)}")
    return value


def _cluster_timeout(given: float | None) -> float:
    """``--timeout``'s seconds: the value given, or the default :data:`~vizgen.util.sizes.CLUSTER_TIMEOUT` times
    ``$VIZGEN_DEADLINE_SCALE`` (:func:`vizgen.util.deadlines.seconds`: the tests wait a tenth of it).

    Examples
    --------
    >>> _cluster_timeout(2.5)
    2.5
    >>> _cluster_timeout(None) if deadlines.SCALE_ENV not in os.environ else 5.0
    5.0
    """
    return deadlines.seconds(sizes.CLUSTER_TIMEOUT) if given is None else given


_BYTES_HELP = ("the memory a solve may take, e.g. 100GB, 64GiB or bytes (default: this machine's, or its "
                "cgroup's limit); a variant estimated over it is refused up front")


def parser() -> argparse.ArgumentParser:
    """The parser of ``python -m vizgen``: every subcommand and its options (the documentation's reference too).

    Examples
    --------
    >>> parser().parse_args(["show", "standard", "12-11"]).position
    '12-11'
    """
    parser = argparse.ArgumentParser(
        prog="vizgen",
        description="The Chopsticks atlas: every variant enumerated, solved exactly and drawn.",
        epilog="A SPEC is a variant name with optional overrides (standard:r=7,players=3) "
               "or a path to a .toml variant file.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("list", help="every built-in variant with a one-line description")

    def solving(name: str, help_text: str) -> argparse.ArgumentParser:
        cmd = sub.add_parser(name, help=help_text)
        cmd.add_argument("spec", metavar="SPEC", help="variant, e.g. standard or cutoff:players=3")
        cmd.add_argument("--json", action="store_true", help="print JSON for scripts")
        cmd.add_argument("--max-positions", type=sizes.whole_argument(1, MAX_POSITIONS_CAP), default=None,
                         help="refuse variants with more possible positions than this (default: memory decides)")
        cmd.add_argument("--max-memory", type=sizes.memory_argument, default=None, metavar="BYTES", help=_BYTES_HELP)
        return cmd

    stats = solving("stats", "counts and values of a variant")
    stats.set_defaults(max_positions=None)  # the cluster engine has no limit of its own (see _cluster_stats)
    stats.add_argument("--cluster", metavar="ADDRESS",
                       help="solve on the running Dask cluster whose scheduler is at ADDRESS (host:port)")
    stats.add_argument("--workers", metavar="N",
                       help="solve on a local Dask cluster of N worker processes, which spill to disk when full "
                            "(at most one a core, and as many as the memory holds)")
    stats.add_argument("--worker-memory", metavar="SIZE",
                       help="with --workers: each worker's memory limit, e.g. 2GB (default: the memory shared out)")
    stats.add_argument("--timeout", type=_seconds, default=None, metavar="SECONDS",
                       help=f"with --cluster: seconds to reach the scheduler and hear its handshake "
                            f"(default {sizes.CLUSTER_TIMEOUT:g})")
    sweep = sub.add_parser("sweep", help="solve many rule sets: specs, every combination of --vary values, or "
                                         "the whole rule space (--all)")
    sweep.add_argument("specs", nargs="+", metavar="SPEC", help="the rule sets, or the base of --vary and --all")
    sweep.add_argument("--vary", action="append", default=[], metavar="KEY=V1,V2,...",
                       help="solve every value on top of each SPEC (repeatable: every combination)")
    sweep.add_argument("--all", action="store_true", dest="whole",
                       help="the whole rule space around each SPEC's players, hands and r: overflow, attack, "
                            "halvesies, swaps 0-3 and swap_count, and fifteen on/off rules")
    sweep.add_argument("--json", action="store_true", help="print one JSON object a line, a rule set each")
    sweep.add_argument("--judge", action="store_true",
                       help="judge every rule set too, as vizgen judge SPEC does: balance, draws, length, drama, "
                            "depth (docs/JUDGE.md); --json gives vizgen judge --json's object under \"judge\"")
    sweep.add_argument("--quiet", action="store_true",
                       help="no progress bar; without a terminal, one line of progress at the end only (else one "
                            f"every {SWEEP_PROGRESS_S:g} s)")
    sweep.add_argument("--max-positions", type=sizes.whole_argument(1, MAX_POSITIONS_CAP), default=None,
                       help="list rule sets with more possible positions than this as refused (default: memory "
                            "decides)")
    sweep.add_argument("--max-memory", type=sizes.memory_argument, default=None, metavar="BYTES",
                       help="the memory each solving process may take for one rule set, e.g. 2GB (default: "
                            f"{sizes.memory_words(sizes.SWEEP_PROCESS_MEMORY)}, or the memory at hand shared by the "
                            "processes if less); a rule set that outgrows it is listed as refused, with the reason")
    sweep.add_argument("--workers", metavar="N", help="solve on a local Dask cluster of N worker processes")
    sweep.add_argument("--cluster", metavar="ADDRESS",
                       help="solve on the running Dask cluster whose scheduler is at ADDRESS (host:port)")
    sweep.add_argument("--timeout", type=_seconds, default=None, metavar="SECONDS",
                       help=f"with --cluster: seconds to reach the scheduler and hear its handshake "
                            f"(default {sizes.CLUSTER_TIMEOUT:g})")
    show = solving("show", "one position: its value and every move")
    show.add_argument("position", metavar="POSITION", help="e.g. 12-11 or 1211")
    show.add_argument("--then", action="append", default=[], metavar="MOVE",
                      help="play this move first (repeatable): 1>2, 1>2@2, 1>1@me, 13 -> 22, flip 1, swap, pass")
    maxn = solving("maxn", "the move of the depth-limited max^n AI from one position")
    maxn.add_argument("position", metavar="POSITION", help="e.g. 12-11 or 1211")
    maxn.add_argument("--depth", required=True, metavar="D", help="search depth, 1 .. 100")
    solving("guide", "how to play a two-player variant: must-find moves, traps, rules of thumb (cached)")
    solving("puzzles", "a variant's practice puzzles: position, solution, themes, rating (cached)")
    solving("judge", "how good a game the rule set makes: balance, draws, length, drama, depth (docs/JUDGE.md)")

    build = sub.add_parser("build", help="build the static site")
    build.add_argument("--out", default="site", help="output folder (default ./site): missing, empty, or a site a "
                                                     "build wrote, with nothing added or changed since")
    build.add_argument("--force", action="store_true",
                       help="replace the --out folder even if it holds files the last build did not write (they are "
                            "lost); a folder no build wrote is never replaced")
    build.add_argument("--variant", action="append", metavar="SPEC", dest="variants",
                       help="build only these variants (repeatable; default: the whole catalogue)")
    build.add_argument("--max-positions", type=sizes.whole_argument(1, MAX_POSITIONS_CAP), default=None,
                       help=f"refuse variants larger than this "
                            f"(default {format_count(sizes.SITE_MAX_POSITIONS)} for the site)")
    build.add_argument("--max-memory", type=sizes.memory_argument, default=None, metavar="BYTES", help=_BYTES_HELP)
    build.add_argument("--templates", metavar="DIR",
                       help="a folder of page templates that take the place of the built-in ones of the same name")
    build.add_argument("--quiet", action="store_true", help="no progress bar")
    build.add_argument("--reports", action=argparse.BooleanOptionalAction, default=None,
                       help="the report pages: max^n against the exact solution, the family in figures, the "
                            "published claims (computed once, then cached; default: for the whole catalogue, and "
                            "the max^n page from the cache otherwise)")
    build.add_argument("--family-max-positions", type=sizes.whole_argument(1, MAX_POSITIONS_CAP), default=None,
                       metavar="N",
                       help=f"the family page solves variants up to N possible positions "
                            f"(default {format_count(sizes.FAMILY_MAX_POSITIONS)})")
    build.add_argument("--site-url", type=_site_url, default=None, metavar="URL",
                       help="where the site is published (https://user.github.io/repo/): pages then carry Open Graph "
                            "and Twitter tags with a preview picture for shared links")
    build.add_argument("--docs", action="store_true",
                       help="build the documentation (mkdocs.yml of the current folder, a checkout of vizgen) into the "
                            "site's docs/, linked from every page's header; needs the test extras")
    serve = sub.add_parser("serve", help="preview the built site on localhost")
    serve.add_argument("--dir", default="site", help="the built site (default ./site)")
    serve.add_argument("--port", type=sizes.whole_argument(0, 65535), default=8000, help="0 to 65535 (default 8000)")
    return parser


def _solve(spec: str, max_positions: int | None, max_memory: int | None) -> Solved:
    from vizgen.analysis.solved import solve_variant

    variant = resolve(spec)
    check_size(variant, max_positions, max_memory)  # before any table is built
    return solve_variant(variant, max_positions, max_memory)


def _cluster_stats(args: argparse.Namespace) -> Stats:
    """``stats`` on a Dask cluster: ``--cluster ADDRESS`` or a local one of ``--workers N``."""
    from vizgen.analysis.cluster_stats import cluster_stats, worker_memory

    if args.cluster is not None and (args.workers is not None or args.worker_memory is not None):
        raise VariantError("--cluster uses a running cluster: --workers and --worker-memory start a local one")
    if args.cluster is None and args.timeout is not None:
        raise VariantError("--timeout is how long --cluster waits for a scheduler: a local one has none to wait for")
    workers = None
    if args.cluster is None:
        text = args.workers if args.workers is not None else ""
        workers = int(text) if re.fullmatch(r"[0-9]{1,4}", text.strip()) else 0
    if args.max_positions is not None:
        check_size(resolve(args.spec), args.max_positions, max_memory=10**30)  # the workers hold the memory
    memory = None if args.worker_memory is None else worker_memory(args.worker_memory)
    timeout = _cluster_timeout(args.timeout)
    return cluster_stats(args.spec, address=args.cluster, workers=workers, memory_limit=memory, timeout=timeout)


def _print_stats(data: Stats) -> None:
    p = data["params"]
    changed = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in p.items()
               if v != getattr(Params(), k)]
    start = data["start"]
    lines = [
        f"{data['title']}  ({data['variant']})",
        f"  rules        {', '.join(changed) or 'the standard core'}",
        f"  positions    {format_count(data['positions'])} reachable of {format_count(data['reachable_of'])}; "
        f"{format_count(data['terminal'])} final; {format_count(data['edges'])} moves",
    ]
    if "win" in data:
        final = "win" if data["terminal_win"] else "loss"
        lines.append(f"  to move      win {format_count(data['win'])}"
                     f"  draw {format_count(data['draw'])}  loss {format_count(data['loss'])}"
                     f" ({final} includes the final positions)")
        lines.append(f"  start        {start['position']}: {start['outcome']}")
        if data["longest_win"] is not None:
            lines.append(f"  longest win  {plies(data['longest_win'])}")
        if "random_win_start" in data:  # not computed on a cluster
            lines.append(f"  random play  first player wins {percent(data['random_win_start'])} "
                         f"(playing perfectly against random: {percent(data['perfect_win_start'])})")
    else:
        seats = "  ".join(f"seat+{k} {format_count(n)}" for k, n in enumerate(data["forced_win"]))
        lines.append(f"  forced win   {seats}  open {format_count(data['open'])}  (seat+0 = the player to move)")
        lines.append(f"  start        {start['position']}: {start['outcome']}")
        if "survive" in data:
            seats = "  ".join(f"seat+{k} {format_count(n)}" for k, n in enumerate(data["survive"]))
            lines.append(f"  survives     {seats}  (positions where the seat can avoid elimination forever)")
        if "random_win" in data:
            seats = "  ".join(f"seat+{k} {percent(x)}" for k, x in enumerate(data["random_win"]))
            lines.append(f"  random play  {seats}  (chance to win from the start)")
    _say(lines)


def _say(lines: list[str]) -> None:
    """Print lines for a terminal: the user's text in them (a title, a spec) with its control characters visible."""
    print("\n".join(visible(line) for line in lines))


def _print_show(data: dict[str, Any]) -> None:
    lines = [f"{data['position']}: {data['verdict']} (for the player to move)"]
    if isinstance(data["random_win"], list):
        seats = ", ".join(f"seat+{k} {percent(x)}" for k, x in enumerate(data["random_win"]))
        lines.append(f"  random play: {seats}")
    elif data["random_win"] is not None:
        lines.append(f"  random play: wins {percent(data['random_win'])}; "
                     f"perfect against random: {percent(data['perfect_win'])}")
    if data["survive"] is not None:
        fate = "can avoid elimination forever" if data["survive"] else \
            f"can be forced out by the others in {data['forced_out_in']} plies"
        lines.append(f"  survival: the player to move {fate}")
    if data["moves"]:
        width = max(len(m["move"]) for m in data["moves"])
        lines.append("  moves (what each means for you, the player to move):")
        same = all(m["best"] for m in data["moves"])  # stars only where they separate moves
        for m in data["moves"]:
            mark = "*" if m["best"] and not same else " "
            also = f"  (also {', '.join(m['also'])})" if m["also"] else ""
            lines.append(f"  {mark} {m['move']:<{width}}  -> {m['to']:<10} {m['for_you']}{also}")
        lines.append("  every move keeps the same value" if same else "  * best move")
    if data["parents"]:
        lines.append(f"  reached from: {', '.join(data['parents'])}")
    _say(lines)


def _position(args: argparse.Namespace, solve: bool = True) -> tuple[Variant, Position]:
    """The variant and the position asked for, checked before anything is solved.

    The size and the position's shape (players, hands, values) read the
    parameters alone; its reachability needs the enumeration, which
    :func:`_reached` checks before the solve.
    """
    variant = resolve(args.spec)
    check_size(variant, args.max_positions, args.max_memory, solve=solve)  # before any table is built
    position = Position.parse(args.position, variant.params.hands)
    check_shape(position, variant.params)
    return variant, position


def _reached(variant: Variant, position: Position, max_positions: int | None,
             max_memory: int | None) -> StateGraph:
    """Enumerate ``variant`` and refuse an unreachable ``position``, before any solver runs; return the graph."""
    from vizgen.engine.graph import enumerate_graph

    graph = enumerate_graph(variant, max_positions, max_memory)
    graph.node_of(position)
    return graph


def _maxn(args: argparse.Namespace) -> int:
    from vizgen.ai.maxn import MAX_DEPTH, finger_unit
    from vizgen.ai.search import SearchTooLarge, choose

    depth = int(args.depth) if re.fullmatch(r"[0-9]{1,4}", args.depth.strip()) else 0  # ASCII digits only
    if not 1 <= depth <= MAX_DEPTH:
        return _fail(f"--depth must be a whole number from 1 to {MAX_DEPTH}, not {quote(args.depth)}")
    variant, position = _position(args, solve=False)
    graph = _reached(variant, position, args.max_positions, args.max_memory)
    try:
        made = choose(graph.rules, position, depth)
    except SearchTooLarge as exc:
        return _fail(str(exc))
    notation = graph.rules.notation
    unit = finger_unit(graph.rules)  # the search counts half fingers as points with stumps
    data = {"position": notation(position), "depth": depth, "value": [v / unit if unit > 1 else v for v in made.value],
            "move": None if made.move is None else str(made.move),
            "to": None if made.to is None else notation(made.to)}
    if args.json:
        print(json.dumps(data, indent=2))
    elif made.move is None:
        _say([f"{data['position']}: the game is over; value {data['value']} (seat +0 first)"])
    else:
        _say([f"{data['position']}: max^n at depth {depth} plays {data['move']} -> {data['to']}; "
              f"value {data['value']} (seat +0 = the player to move first)"])
    return 0


def _guide(args: argparse.Namespace) -> int:
    from vizgen.reports.guide import guide_figures, not_taught
    from vizgen.reports.lessons import guide_lines
    from vizgen.site.output.outdir import check_cache
    from vizgen.util.cache import Cache, default_folder

    variant = resolve(args.spec)
    why = not_taught(variant)
    if why is not None:
        raise VariantError(f"{quote(args.spec)}: {why}")
    check_size(variant, args.max_positions, args.max_memory)
    folder: Path | None
    folder = default_folder()  # narrowed to a Path until the check fails
    try:
        check_cache(folder)
    except BuildError:  # a cache that cannot be written: compute without it
        folder = None
    data = guide_figures(args.spec, Cache(folder), _solve(args.spec, args.max_positions, args.max_memory))
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        _say(guide_lines(data))
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    from vizgen.reports.puzzles import THEMES, practised, puzzle_figures
    from vizgen.site.output.outdir import check_cache
    from vizgen.util.cache import Cache, default_folder

    variant = resolve(args.spec)
    why = practised(variant)
    if why is not None:
        raise VariantError(f"{quote(args.spec)}: {why}")
    check_size(variant, args.max_positions, args.max_memory, survival=variant.params.players > 2)
    folder: Path | None
    folder = default_folder()  # narrowed to a Path until the check fails
    try:
        check_cache(folder)
    except BuildError:  # a cache that cannot be written: compute without it
        folder = None
    data = puzzle_figures(variant, Cache(folder))
    puzzles = data["puzzles"]
    if args.json:
        shown = [{key: p[key] for key in ("position", "kind", "value", "move", "to", "line", "plies", "themes",
                                          "rating", "fail")} for p in puzzles]
        print(json.dumps({"spec": data["spec"], "title": data["title"], "players": data["players"],
                          "puzzles": shown, "dropped": data["dropped"], "goals": data["goals"]}, indent=2))
        return 0
    lines = [f"{data['title']}: {len(puzzles)} puzzles (rating: a player rated 1500 solves a puzzle rated 1500 half "
             f"the time); {data['dropped']} too easy to ask (two moves, the other losing at once)"]
    width = max((len(p["position"]) for p in puzzles), default=8)
    for p in puzzles:
        themes = ", ".join(THEMES[t] for t in p["themes"])
        line = " ".join(p["line"])
        lines.append(f"  {p['position']:<{width}}  {p['rating']:>4}  {p['value']}: {line}  ({themes})")
    for g in data["goals"]:
        lines.append(f"  goal from {g['from']}: {g['kind']} for {g['plies']} plies against the {g['opponent']} player")
    _say(lines)
    return 0


def _stdout_open() -> None:
    """Refuse to start when standard output is closed (``>&-``): the output would be lost without a word."""
    try:
        closed = sys.stdout is None or not os.fstat(sys.stdout.fileno())
    except (OSError, ValueError):  # a closed descriptor, or a stream with none
        closed = sys.stdout is None or not hasattr(sys.stdout, "getvalue")  # an in-memory stream (tests) is open
    if closed:
        raise VariantError("standard output is closed, so the output would be lost: send it to a file or a pipe")


class _SweepProgress:
    """A sweep's progress on stderr: a bar on a terminal; otherwise a line every :data:`SWEEP_PROGRESS_S` seconds
    and one at the end (only that one with ``--quiet``)."""

    def __init__(self, quiet: bool, every: float) -> None:
        self.tty, self.quiet, self.every = sys.stderr.isatty(), quiet, every
        self.began = self.last = time.monotonic()
        self.done = self.total = 0
        self.said = -1  # how many were done at the last line

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self.quiet:
            return
        if self.tty:
            filled = round(28 * done / total)
            print(f"\r[{'#' * filled}{'-' * (28 - filled)}] {format_count(done)}/{format_count(total)} rule sets",
                  end="", file=sys.stderr, flush=True)
        elif time.monotonic() - self.last >= self.every:
            self.last = time.monotonic()
            self.say()

    def say(self) -> None:
        self.said = self.done
        seconds = time.monotonic() - self.began
        share = f" ({percent(self.done / self.total)})" if self.total else ""
        print(f"vizgen sweep: {format_count(self.done)} of {format_count(self.total)} combinations done{share} in "
              f"{seconds:,.0f} s", file=sys.stderr, flush=True)

    def clear(self) -> None:
        """Make room on a terminal for lines of output."""
        if self.tty and not self.quiet:
            print("\r\033[K", end="", file=sys.stderr, flush=True)

    def end(self, finished: bool) -> None:
        """The bar's line ended, or (without a terminal, when the sweep ``finished``) the last line of progress."""
        if self.tty and not self.quiet:
            print(file=sys.stderr)
        elif not self.tty and finished and self.said != self.done:
            self.say()


def _sweep(args: argparse.Namespace) -> int:
    """``sweep``: every input checked before any work, then the rule sets solved here, on the local cores or on
    Dask, as a stream (the plan is made as it is taken); progress on stderr."""
    from vizgen.analysis.cluster_stats import check_workers
    from vizgen.analysis.sweep import VARY_CHUNK, local_cores, plan, sweep, sweep_memory
    from vizgen.reports.judge import JUDGE_LEGEND, judge_brief, judge_rule_set

    if args.cluster is not None and args.workers is not None:
        raise VariantError("--cluster uses a running cluster: --workers starts a local one")
    if args.cluster is None and args.timeout is not None:
        raise VariantError("--timeout is how long --cluster waits for a scheduler: a local one has none to wait for")
    workers = None
    if args.workers is not None:
        text = args.workers.strip()
        workers = int(text) if re.fullmatch(r"[0-9]{1,4}", text) else 0
        check_workers(workers, None)  # one a core, no more than the memory holds, with the reason
    memory = sweep_memory(args.max_memory, workers or (1 if args.cluster is not None else local_cores()))
    tasks = plan(args.specs, args.vary, args.whole, memory)
    _stdout_open()
    width = tasks.width()
    progress = _SweepProgress(args.quiet, SWEEP_PROGRESS_S)

    def line(f: dict[str, Any]) -> str:
        if args.json:
            return json.dumps(f, separators=(",", ":"))
        if "refused" in f:
            return visible(f"{f['spec']:<{width}}  refused: {f['refused']}")
        value = f["value"] if f["remoteness"] is None else f"{f['value']} in {plies(f['remoteness'])}"
        judged = f"; {judge_brief(f['judge'])}" if "judge" in f else ""
        return visible(f"{f['spec']:<{width}}  {value:<18} {f['positions']:>9,} positions, "
                       f"{percent(f['draw_share'])} drawn{judged}")

    def emit(figures: list[dict[str, Any]]) -> None:  # each task's rule sets as soon as they are in, in order
        if figures:
            progress.clear()
            print("\n".join(line(f) for f in figures), flush=True)

    timeout = _cluster_timeout(args.timeout)
    if args.judge and not args.json:
        _say(JUDGE_LEGEND)
    finished = False
    try:
        _, refused = sweep(tasks, processes=local_cores() if tasks.total > VARY_CHUNK else 1, workers=workers,
                           address=args.cluster, timeout=timeout, on_done=progress, emit=emit, memory=memory,
                           max_positions=args.max_positions, judge=judge_rule_set if args.judge else None)
        finished = True
    finally:
        progress.end(finished)
    if refused and not args.json:
        print(f"refused: {format_count(sum(refused.values()))} combinations of the space ({len(refused)} reasons)")
    return 0


def _run(args: argparse.Namespace) -> int:
    if args.command == "list":
        width = max(map(len, REGISTRY))
        _say([f"{slug:<{width}}  {v.summary}" for slug, v in REGISTRY.items()])
        return 0
    if args.command == "stats":
        from vizgen.analysis.figures import stats

        if args.cluster is not None or args.workers is not None or args.worker_memory is not None \
                or args.timeout is not None:
            figures = _cluster_stats(args)
        else:
            figures = stats(_solve(args.spec, args.max_positions, args.max_memory), args.spec)
        if args.json:
            print(json.dumps(figures, indent=2))
        else:
            _print_stats(figures)
        return 0
    if args.command == "sweep":
        return _sweep(args)
    if args.command == "show":
        from vizgen.analysis.figures import describe
        from vizgen.analysis.solved import solve_variant
        from vizgen.engine.rules import Rules

        variant, position = _position(args)
        if args.then:  # the moves are legal before anything is enumerated or solved
            rules = Rules(variant)
            for text in args.then:
                position = rules.play(position, rules.parse_move(position, text))
        graph = _reached(variant, position, args.max_positions, args.max_memory)  # unreachable stays unreachable
        solved = solve_variant(variant, args.max_positions, args.max_memory, graph=graph)
        data = describe(solved, graph.node_of(position))
        if args.json:
            print(json.dumps(data, indent=2))
        else:
            _print_show(data)
        return 0
    if args.command == "maxn":
        return _maxn(args)
    if args.command == "guide":
        return _guide(args)
    if args.command == "puzzles":
        return _puzzles(args)
    if args.command == "judge":
        from vizgen.reports.judge import judge, judge_lines

        solved = _solve(args.spec, args.max_positions, args.max_memory)
        judged = judge(solved.graph, solved.forced)
        if args.json:
            print(json.dumps(judged, indent=2))
        else:
            _say(judge_lines(judged))
        return 0
    if args.command == "build":
        from vizgen.site.build import build_site

        build_site(args.variants or None, args.out, max_positions=args.max_positions, max_memory=args.max_memory,
                   templates=args.templates, progress=not args.quiet, reports=args.reports,
                   family_max_positions=args.family_max_positions, site_url=args.site_url, force=args.force,
                   docs=args.docs)
        return 0
    from vizgen.site.output.preview import serve

    serve(args.dir, args.port)  # until Ctrl-C, SIGTERM or SIGHUP: exit 130, 143 or 129
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        Arguments without the program name (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit code: 0 on success, 2 on a user error, 128 + the signal's number when Ctrl-C
        (130), SIGTERM (143) or SIGHUP (129) stopped it (a build removes its temporary folder first).
    """
    args = parser().parse_args(argv)
    stop_on_signals()  # SIGTERM and SIGHUP unwind as Ctrl-C does, through every clean-up on the way
    try:
        deadlines.scale()  # $VIZGEN_DEADLINE_SCALE checked before any work
        return _run(args)
    except (VariantError, PositionError, BuildError, DeadlineScaleError) as exc:
        return _fail(str(exc))
    except ClusterError as exc:  # exit code 2: cannot use the cluster; 1: a worker was lost mid-solve
        return _fail(str(exc), exc.exit_code)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):  # the reader (head, less) went away: not an error
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keep Python's flush at exit quiet
            return 0
        where = f"{quote(str(exc.filename))}: " if exc.filename else ""
        return _fail(f"{where}{exc.strerror or exc}")
    except MemoryError:
        return _fail("out of memory: try a smaller variant or a lower --max-positions")
    except KeyboardInterrupt as exc:  # Ctrl-C, or Stopped: SIGTERM, SIGHUP
        code = stopped_code(exc)
        say_stopped(code)
        return code


def say_stopped(code: int) -> None:
    """Say on stderr that a signal stopped the command (a hung-up terminal may take nothing)."""
    with contextlib.suppress(OSError):
        print(f"vizgen: {STOPPED_CODES[code]}", file=sys.stderr, flush=True)


def _fail(message: str, code: int = 2) -> int:
    """Print one error line on stderr, the user's text in it with control characters visible; return the exit code
    (2: a user error)."""
    print(f"vizgen: error: {visible(one_line(message))}", file=sys.stderr)
    return code
