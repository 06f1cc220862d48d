"""Play benchmark (issue #17): the perfect and the tricky perfect player against the random player and max^n
(depths 1, 2, 3), from the start of standard, self-gain and three-players (no pass/fail; prints figures).

Both players are the site's (vizgen.site.data.tables: the perfect player ranks by the mover's fate with three
players; the tricky one picks among the same optimal moves by the trap figure, vizgen.ai.tricky). Each plays
every seat in turn against copies of the opponent; the first ``--opening`` plies are random whoever moves, so
that games differ; every game ends as docs/RULINGS.md says (won, or drawn by repetition or at 200 plies,
shared by the players still in).

Against the random player: ``--games`` seeded games per seat, the same seed for both players; wins / draws /
losses, the win share with its 95 % (Wilson) interval, and the difference of the two win shares with its 95 %
interval and z statistic. Against max^n every move after the opening is determined, so each opening line is
one game: every line is played once per seat and the shares are exact, weighted by the lines' chances (no
interval: there is no sampling).

Usage: python benchmarks/play.py [--games N] [--opening K] [--rounds R [R ...]] [--quick]
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from vizgen.ai.games import exact_tournament, perfect_player, tournament
from vizgen.ai.maxn import maxn_player
from vizgen.ai.players import random_player
from vizgen.ai.tricky import ROUNDS, trap_figure, tricky_player
from vizgen.analysis.solved import fate, solve_variant
from vizgen.analysis.words import game_end_rule
from vizgen.engine.spec import resolve

SPECS = ("standard", "self-gain", "three-players")
DEPTHS = (1, 2, 3)
SEED = 17
Z95 = 1.959964


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share."""
    p, n = wins / games, games
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return centre - half, centre + half


def difference(a: dict, b: dict) -> str:
    """Win share of ``a`` minus that of ``b``: the difference, its 95 % interval and z (unpaired games)."""
    pa, pb = a["wins"] / a["games"], b["wins"] / b["games"]
    se = math.sqrt(pa * (1 - pa) / a["games"] + pb * (1 - pb) / b["games"])
    d = pa - pb
    z = d / se if se else math.inf if d else 0.0
    return f"{100 * d:+.2f} points [{100 * (d - Z95 * se):+.2f}, {100 * (d + Z95 * se):+.2f}], z = {z:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per seat against the random player")
    parser.add_argument("--opening", type=int, default=4, help="random plies at the start of every game")
    parser.add_argument("--rounds", type=int, nargs="+", default=[ROUNDS],
                        help=f"trap figures to compare (rounds of the opponents' moves; the site's: {ROUNDS})")
    parser.add_argument("--quick", action="store_true", help="500 games per seat")
    args = parser.parse_args()
    games = 500 if args.quick else args.games
    t0 = time.perf_counter()
    print(f"Every game: the first {args.opening} plies at random, then each player; it ends when a player wins. "
          f"{game_end_rule(3)}")
    for spec in SPECS:
        solved = solve_variant(resolve(spec))
        g, f = solved.graph, solved.forced
        out_in = fate(solved, g.players - 1)
        players = {"perfect": perfect_player(g, f, out_in=out_in)}
        for rounds in args.rounds:
            name = "tricky" if args.rounds == [ROUNDS] else f"tricky, {rounds} rounds"
            players[name] = tricky_player(g, f, trap_figure(solved, rounds), out_in=out_in)
        print(f"\n{spec}: {g.n:,} positions, {g.players} players")
        print(f"  {'opponent':<9} {'player':<18} {'games':>14}  {'wins / draws / losses':<26} "
              f"{'win share [95 % interval]':<28} {'plies':>6}")
        scores = {}
        for name, player in players.items():
            score, _ = tournament(g, player, random_player(g), games, seed=SEED, opening=args.opening)
            scores[name] = score
            lo, hi = wilson(score["wins"], score["games"])
            wdl = f"{score['wins']} / {score['draws']} / {score['losses']}"
            print(f"  {'random':<9} {name:<18} {score['games']:>14,}  {wdl:<26} "
                  f"{100 * score['wins'] / score['games']:5.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
                  f"{'':<9}{score['plies'] / score['games']:6.1f}")
        for name in list(players)[1:]:
            print(f"  {'':<9} {name} - perfect, win share: {difference(scores[name], scores['perfect'])}")
        for depth in DEPTHS:
            opponent = maxn_player(g, depth)
            for name, player in players.items():
                r = exact_tournament(g, player, opponent, opening=args.opening)
                wdl = f"{100 * r['wins']:.1f} / {100 * r['draws']:.1f} / {100 * r['losses']:.1f} %"
                lines = f"{r['lines']} lines x {g.players}"
                print(f"  {f'max^n {depth}':<9} {name:<18} {lines:>14}  {wdl:<26} {'exact':<28} {r['plies']:6.1f}")
    print(f"\nwhole run {time.perf_counter() - t0:.1f} s (seed {SEED}, {np.__name__} {np.__version__})")


if __name__ == "__main__":
    main()
