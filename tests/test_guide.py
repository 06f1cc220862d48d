"""The guide (issue #19): every claim against plain scans over the reference model, and the rule follower's games
against a plain replay with the same seeds."""

from __future__ import annotations

import functools
import itertools
import json

import numpy as np
import pytest
from hypothesis import assume, given, settings

from tests import reference as ref
from tests.reference_play import HOLD, Reference
from tests.solved import solved_once
from tests.strategies import examples, small_variants
from vizgen.ai.maxn import maxn_player
from vizgen.analysis.solved import Solved, solve_variant
from vizgen.cli import main
from vizgen.engine.ending import PLY_CAP, REPETITIONS
from vizgen.engine.rules import Rules
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.reports import rules_of_thumb
from vizgen.reports.guide import guide, guide_figures, not_taught
from vizgen.util.cache import Cache

NAMED = ["standard", "self-gain", "r4",
         *(pytest.param(spec, marks=pytest.mark.slow) for spec in ("suicide", "misere", "swaps"))]


@functools.cache
def _plain(spec: str) -> Reference:
    return Reference(**resolve(spec).params.as_dict())


@functools.cache
def _guide(spec: str) -> dict:
    return guide(solved_once(spec))


def _by_name(plain: Reference) -> dict[str, tuple]:
    return {plain.name(pos): pos for pos in plain.graph}


def plain_must_find(plain: Reference) -> set[tuple[str, str]]:
    """Positions with two or more distinct results where exactly one keeps the mover's win or draw."""
    out = set()
    for pos, kids in plain.graph.items():
        if len(kids) < 2 or plain.value(pos, 0) < HOLD:
            continue
        keep = [c for c in kids if plain.mark(pos, c) in ("best", "inaccuracy")]
        if len(keep) == 1:
            out.add((plain.name(pos), plain.name(keep[0])))
    return out


def check_must_find(solved: Solved, data: dict) -> None:
    plain = Reference(**solved.variant.params.as_dict())
    got = {(m["position"], m["to"]) for m in data["must_find"]}
    assert got == plain_must_find(plain)
    rules = Rules(solved.variant)
    for m in data["must_find"]:  # the move named is the move to the position named
        here = rules.parse(m["position"])
        assert rules.notation(rules.play(here, rules.parse_move(here, m["move"]))) == m["to"]
        assert len(m["others"]) + 1 == len(plain.graph[_by_name(plain)[m["position"]]])
    reach = [m["reach"] for m in data["must_find"]]
    assert reach == sorted(reach, reverse=True)


@pytest.mark.slow(reason="a plain scan of three variants (1.5 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("spec", NAMED)
def test_must_find_is_the_plain_scan(spec: str) -> None:
    check_must_find(solved_once(spec), _guide(spec))


@pytest.mark.slow
@settings(max_examples=examples(15), deadline=None)
@given(small_variants(max_players=2))
def test_must_find_is_the_plain_scan_on_small_variants(variant: Variant) -> None:
    solved = solve_variant(variant)
    assume(solved.graph.n <= 600)
    check_must_find(solved, guide(solved))


@pytest.mark.parametrize("spec", NAMED)
def test_the_verdict_counts_the_positions_of_perfect_play(spec: str) -> None:
    plain, v = _plain(spec), _guide(spec)["verdict"]
    start = ref.ref_start(plain.p)
    met, todo = {start}, [start]
    while todo:
        for kid in plain.optimal(pos) if plain.graph[pos := todo.pop()] else []:
            if kid not in met:
                met.add(kid)
                todo.append(kid)
    moving = [pos for pos in met if plain.graph[pos]]
    keeping = {pos: sum(plain.mark(pos, c) in ("best", "inaccuracy") for c in plain.graph[pos]) for pos in moving}
    assert v["met"] == len(moving)
    assert v["room"] == sum(k > 1 for k in keeping.values())
    assert v["forced"] == sum(len(plain.graph[pos]) == 1 for pos in moving)
    assert v["narrow"] == sum(k == 1 and len(plain.graph[pos]) > 1 for pos, k in keeping.items())
    winner, remoteness = plain.solution[start]
    assert (v["winner"], v["plies"]) == ((-1, -1) if winner is None else (winner, remoteness))


@pytest.mark.parametrize("spec", NAMED)
def test_traps_and_lures_are_what_they_say(spec: str) -> None:
    plain, data, solved = _plain(spec), _guide(spec), solved_once(spec)
    names = _by_name(plain)
    for t in data["traps"]:
        pos, kid = names[t["position"]], names[t["to"]]
        assert plain.value(pos, 0) == HOLD and plain.mark(pos, kid) in ("best", "inaccuracy")
        replies = plain.graph[kid]
        losing = sum(plain.mark(kid, d) in ("mistake", "blunder") for d in replies)
        assert (t["replies"], t["losing"]) == (len(replies), losing) and losing > 0
        assert t["share"] == pytest.approx(losing / len(replies))
        assert 0 < t["reach"] <= 1
    shares = [(t["share"], t["reach"]) for t in data["traps"]]
    assert shares == sorted(shares, reverse=True)
    g = solved.graph
    choices = {d: maxn_player(g, d).moves for d in (1, 2)}
    node = {name: i for i, name in enumerate(g.notations())}
    lured = set()
    for lure in data["lures"]:
        assert plain.mark(names[lure["position"]], names[lure["to"]]) == lure["mark"] in ("mistake", "blunder")
        for d in lure["depths"]:
            assert g.notations()[choices[d][node[lure["position"]]]] == lure["to"]
        lured.add(lure["position"])
    for choice in choices.values():  # every position where max^n throws the value away is listed
        for i in np.flatnonzero(~g.terminal):
            name = g.notations()[i]
            if plain.mark(names[name], names[g.notations()[choice[i]]]) in ("mistake", "blunder"):
                assert name in lured


@pytest.mark.parametrize("spec", NAMED)
def test_lines_are_perfect_play_to_the_end(spec: str) -> None:
    plain, data = _plain(spec), _guide(spec)
    names = _by_name(plain)
    for line in data["lines"]:
        steps = line["steps"]
        assert len(steps) - 1 == line["plies"] == plain.solution[names[line["from"]]][1]
        for a, b in itertools.pairwise(steps):
            assert a["to"] == b["position"] and names[b["position"]] in plain.optimal(names[a["position"]])
        assert not plain.graph[names[steps[-1]["position"]]]
    longest = max((rem for w, rem in plain.solution.values() if w == 0 and rem), default=None)
    assert [line["plies"] for line in data["lines"] if line["kind"] == "longest"] == ([longest] if longest else [])


def plain_features(plain: Reference, pos: tuple, kid: tuple, rules: Rules) -> dict[str, bool]:
    """Every condition of a move, read off the hands and the replies one position at a time."""
    def live(hands: tuple) -> int:
        return sum(1 for h in hands if h)

    over = not plain.graph[kid]
    replies = plain.graph[kid]
    here = rules.parse(plain.name(pos))
    split = any(m.kind == "split" and rules.notation(rules.play(here, m)) == plain.name(kid)
                for m in rules.legal_moves(here))
    return {
        "wins": ref.ref_winner(plain.p, kid) == 1,
        "kills": live(kid[0][0]) < live(pos[1][0]),
        "self_kill": live(kid[1][0]) < live(pos[0][0]),
        "revives": live(kid[1][0]) > live(pos[0][0]),
        "gives_win": not over and any(ref.ref_winner(plain.p, d) == 1 for d in replies),
        "gives_kill": not over and any(live(d[0][0]) < live(kid[1][0]) for d in replies),
        "evens": len(set(kid[1][0])) == 1 and len(set(pos[0][0])) > 1,
        "split": split,
        "top_mine": max(map(abs, kid[1][0])) == plain.p["r"] - 1,
        "top_theirs": max(map(abs, kid[0][0])) == plain.p["r"] - 1,
        "ahead": sum(map(abs, kid[1][0])) > sum(map(abs, kid[0][0])),
        "one_reply": not over and len(replies) == 1,
    }


def plain_follow(plain: Reference, pos: tuple, rules: list[dict], feats: dict) -> list[tuple]:
    hands = plain.p["hands"]
    when = {"always": True, "my_dead": 0 < sum(1 for h in pos[0][0] if h) < hands,
            "their_dead": 0 < sum(1 for h in pos[1][0] if h) < hands}
    cand = sorted(plain.graph[pos])
    for r in rules:
        ok = [c for c in cand if when[r["when"]] and feats[c][r["feature"]] == r["prefer"]]
        cand = ok or cand
    return cand


@pytest.mark.parametrize("spec", ["standard", "self-gain", "r4"])
def test_rules_are_measured_by_a_plain_count(spec: str) -> None:
    plain, data, solved = _plain(spec), _guide(spec), solved_once(spec)
    rules = Rules(solved.variant)
    keep = {pos: {c for c in kids if plain.mark(pos, c) in ("best", "inaccuracy")} for pos, kids in plain.graph.items()}
    where = [pos for pos, kids in plain.graph.items() if plain.value(pos, 0) >= HOLD and len(keep[pos]) < len(kids)]
    feats = {pos: {c: plain_features(plain, pos, c, rules) for c in plain.graph[pos]} for pos in where}
    assert data["rules_positions"] == len(where)
    assert 1 <= len(data["rules"]) <= rules_of_thumb.MAX_RULES
    for i, r in enumerate(data["rules"]):
        when_ok = {"always": lambda p: True, "my_dead": lambda p: 0 < sum(1 for h in p[0][0] if h) < plain.p["hands"],
                   "their_dead": lambda p: 0 < sum(1 for h in p[1][0] if h) < plain.p["hands"]}[r["when"]]
        applies, acc, base, fails = [], [], [], []
        for pos in where:
            meets = [c for c in plain.graph[pos] if feats[pos][c][r["feature"]] == r["prefer"]]
            if when_ok(pos) and 0 < len(meets) < len(plain.graph[pos]):
                applies.append(pos)
                acc.append(sum(c in keep[pos] for c in meets) / len(meets))
                base.append(len(keep[pos]) / len(plain.graph[pos]))
                fails.append(not any(c in keep[pos] for c in meets))
        assert r["applies"] == len(applies) and r["fails"] == sum(fails)
        assert r["accuracy"] == pytest.approx(np.mean(acc)) and r["baseline"] == pytest.approx(np.mean(base))
        followed = [plain_follow(plain, pos, data["rules"][:i + 1], feats[pos]) for pos in where]
        share = np.mean([sum(c in keep[pos] for c in cand) / len(cand) for pos, cand in zip(where, followed)])
        assert r["share_after"] == pytest.approx(share)
    shares = [data["rules_base"], *(r["share_after"] for r in data["rules"])]
    assert all(b - a >= rules_of_thumb.MIN_GAIN for a, b in itertools.pairwise(shares))


def plain_games(plain: Reference, solved: Solved, rules: list[dict], games_per_seat: int, seed: int) -> dict:
    """The rule follower's games replayed over the reference model with the same seeds."""
    g = solved.graph
    node = {name: i for i, name in enumerate(g.notations())}
    engine_rules = Rules(solved.variant)
    feats: dict = {}

    def options(pos: tuple, follows: bool) -> list[tuple]:
        if not follows:
            return sorted(plain.graph[pos], key=lambda c: node[plain.name(c)])
        if pos not in feats:
            feats[pos] = {c: plain_features(plain, pos, c, engine_rules) for c in plain.graph[pos]}
        return sorted(plain_follow(plain, pos, rules, feats[pos]), key=lambda c: node[plain.name(c)])

    def perfect(pos: tuple) -> tuple:
        return min(plain.optimal(pos), key=plain.name)

    def game(kinds: list[str], rng: np.random.Generator, seat: int) -> str:
        pos, ply, seen = ref.ref_start(plain.p), 0, {}
        while True:
            winner = ref.ref_winner(plain.p, pos)
            if winner is not None:
                return "win" if (ply + winner) % 2 == seat else "loss"
            seen[pos, ply % 2] = seen.get((pos, ply % 2), 0) + 1
            if seen[pos, ply % 2] >= REPETITIONS or ply >= PLY_CAP:
                return "draw"
            kind = kinds[ply % 2]
            if kind == "perfect":
                pos = perfect(pos)
            else:
                pick = options(pos, kind == "rules")
                pos = pick[int(rng.integers(len(pick)))]
            ply += 1

    out = {}
    for player in ("rules", "random"):
        for other in ("random", "perfect"):
            rng = np.random.default_rng(seed)
            tally = {"wins": 0, "draws": 0, "losses": 0, "games": 0}
            for seat in (0, 1):
                kinds = [player, other] if seat == 0 else [other, player]
                for _ in range(games_per_seat):
                    tally[{"win": "wins", "draw": "draws", "loss": "losses"}[game(kinds, rng, seat)]] += 1
                    tally["games"] += 1
            out[f"{player}-{other}"] = tally
    return out


@pytest.mark.slow  # whole games
@pytest.mark.parametrize("spec", ["standard", "self-gain"])
def test_the_rule_followers_games_replay_with_the_same_seeds(spec: str) -> None:
    data = _guide(spec)
    per_seat, seed = data["games"]["per_seat"], data["games"]["seed"]
    assert data["rule_games"] == plain_games(_plain(spec), solved_once(spec), data["rules"], per_seat, seed)


@pytest.mark.slow(reason="works the guide out and reads it back (0.5 CPU s); out of the fast lane: issue #49")
def test_the_guide_is_cached_and_the_same_from_the_cache(tmp_path) -> None:
    cold = guide_figures("r4", Cache(tmp_path))
    files = list((tmp_path / "guide").iterdir())
    assert len(files) == 1 and not any(p.name.startswith(".") for p in tmp_path.rglob("*"))
    warm = guide_figures("r4", Cache(tmp_path))
    assert warm == cold == guide_figures("r4")
    assert json.dumps(warm) == json.dumps(cold)  # the same keys in the same order: `guide --json` is byte-identical
    assert guide_figures("standard:r=4", Cache(tmp_path))["spec"] == "standard:r=4"  # the same rules: one cache file
    assert len(list((tmp_path / "guide").iterdir())) == 1


def test_guide_command_prints_json_and_text(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("VIZGEN_CACHE", str(tmp_path))
    assert main(["guide", "standard", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"verdict", "must_find", "traps", "lures", "rules", "rule_games", "lines"} <= set(data)
    assert all({"position", "move"} <= set(m) for m in data["must_find"])
    assert main(["guide", "standard"]) == 0
    text = capsys.readouterr().out
    assert data["rules"][0]["text"] in text and "Must-find moves: " + str(len(data["must_find"])) in text


@pytest.mark.parametrize("argv", [["guide", "three-players"], ["guide", "nope"], ["guide", "standard:r=0"],
                                  ["guide", "six-players", "--json"], ["guide", "standard:r=44"]])
def test_guide_refuses_bad_input_in_one_line(argv: list[str], capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("vizgen: error: ")


@pytest.mark.parametrize("spec", NAMED)
def test_every_rule_is_sound_alone(spec: str) -> None:
    for r in _guide(spec)["rules"]:
        assert r["accuracy"] > r["baseline"], r["text"]


@pytest.mark.slow
def test_the_guide_page_shows_the_guides_figures_and_links_both_ways(site_pages) -> None:
    from vizgen.site.render import render_site

    pages = [site_pages["standard"], site_pages["standard-r3"], site_pages["standard-players3-r3"]]
    guides = {"standard": guide_figures("standard"), "standard-r3": guide_figures("standard:r=3")}
    files = render_site(pages, guides=guides)
    assert sorted(name for name in files if name.startswith("guide/")) == ["guide/standard-r3.html",
                                                                            "guide/standard.html"]
    index = files["index.html"].decode()
    assert 'href="guide/standard.html"' in index and 'href="guide/standard-players3-r3.html"' not in index
    assert 'href="../guide/standard.html"' in files["variants/standard.html"].decode()
    assert "../guide/" not in files["variants/standard-players3-r3.html"].decode()
    page = files["guide/standard.html"].decode()
    data = guides["standard"]
    for m in data["must_find"]:  # every must-find position, linked to the map
        assert f'href="../variants/standard.html#{m["position"]}"' in page
    for r in data["rules"]:
        assert r["text"] in page
    for row in data["rule_games"].values():
        assert f"{row['wins']} won, {row['draws']} drawn, {row['losses']} lost of {row['games']} games" in page


@pytest.mark.slow(reason="solves and builds to read the guide three ways (0.9 CPU s); out of the fast lane: issue #49")
def test_one_condition_decides_the_guide_everywhere(capsys) -> None:
    """The guide's condition is read before solving, by `vizgen guide`, the build and guide() alike: a variant of
    few reachable but many possible positions gets no guide anywhere."""

    spec = "no-splits:hands=2,r=26,start=13"
    variant = resolve(spec)
    why = not_taught(variant)
    assert why is not None and "possible positions" in why
    solved = solve_variant(variant)
    assert solved.graph.n < 10  # few reachable: only the possible ones count
    with pytest.raises(ValueError, match="possible positions"):
        guide(solved)
    assert main(["guide", spec]) == 2
    assert why in capsys.readouterr().err
