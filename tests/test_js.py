"""The browser's code in Node (fast lane): its unit tests, and the JavaScript checked against the Python.

- ``node --test tests/js/`` runs the modules' unit tests (the models, the wire's decoder, the move
  generator, the game record);
- the move generator of the code pages (``movegen.js``) lists every code's moves and parents exactly as
  the compiled kernel does (``kernel.expand``, ``kernel.parents``), on several variants;
- the one decoder (``wire.js``) reads every value the Python encoder writes;
- the small pages' model derives each move's meaning for the chooser and whether it is optimal from its
  target's facts, and that is what the site shipped per move before (``words.choices``, ``best_edges``).

Node is needed: without it these tests skip, except under ``CI=true`` where they fail.
Run ``python tests/test_js.py`` to rewrite the fixtures of ``tests/js/fixtures`` after a rules change.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.import_cases import cases
from tests.node import run_node
from tests.solved import code_page_once, solved_once
from vizgen.ai.games import perfect_player
from vizgen.analysis import meaning, words
from vizgen.analysis.marks import edge_marks
from vizgen.analysis.play_words import PLAY, say_move
from vizgen.analysis.solved import Solved, best_edges, fate
from vizgen.engine import kernel
from vizgen.engine.ending import PLY_CAP, REPETITIONS, Referee
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.hands import live_hands
from vizgen.engine.notation import Position
from vizgen.engine.spec import resolve
from vizgen.site.data import address_words
from vizgen.site.data.tables import OPPONENTS
from vizgen.site.render import VariantPage, contract, wire
from vizgen.site.render.codepage import code_files
from vizgen.site.render.contexts import badge
from vizgen.site.render.datafiles import data_files
from vizgen.site.render.rules_page import rulebook_data
from vizgen.site.render.wire import POSITION_FIELDS, Field, encode, fact_columns, fields_of, node_fields
from vizgen.util.text import format_count

pytestmark = pytest.mark.xdist_group("js")  # the derived pages (solved and laid out) once a run

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "tests" / "js"
STATIC = ROOT / "vizgen" / "site" / "static"
#: variants covering every kind of move: attacks, splits (suicide, meta, divisions, halvesies, transfers),
#: flips, swaps and their count, self-gain, the passes of players who are out, zombies, misère, four players
MOVEGEN_SPECS = ("standard", "swaps", "self-gain", "self-gain:players=3,r=3", "standard:players=3,r=3",
                 "zombies:r=3", "misere:players=3,r=3", "standard:players=4,r=3", "standard:suicide=true,meta=true",
                 "standard:integers=true,divisions=true", "cutoff:halvesies=near,transfers=true",
                 # the house rules: a strike that changes the striker too (cherry bombs, own swap counts), halves,
                 # signed hands, lives, and the moves that change only the mover's state
                 "standard:cherry_bomb=true", "standard:swaps=2,swap_count=player", "standard:stumps=true,r=3",
                 "standard:players=3,r=3,cherry_bomb=true,death_attack=true", "cutoff:integers=true,r=3",
                 "standard:sudden_death=true,lives=3,r=4",
                 "standard:one_point_switch=true,death_attack=true,self_add=true,logan=true,passes=true")


def payload(blob: bytes) -> tuple[str, object]:
    """A data file ``vizgenLoad("name",{...});`` as its name and payload."""
    m = re.fullmatch(r'vizgenLoad\("([^"]+)",(.*)\);\n', blob.decode(), flags=re.S)
    assert m, blob[:80]
    return m.group(1), json.loads(m.group(2))


def rules_payload(spec: str) -> dict:
    return payload(code_files(code_page_once(spec))["rules.js"])[1]


def units_cases() -> dict[str, list]:
    """Every word template the browser fills, filled by the Python for counts 0, 1 and 2 and seats 1, 2 and 3, and
    shares near the edges written by the Python: util.test.mjs checks the browser writes each the same."""
    shipped = words.for_browser()
    meant = contract.data()
    templates = [v[key] for table in ("verdicts", "choices") for v in meant[table] for key in ("long", "short")]
    templates += list(shipped["play"].values())
    templates += [t for part in ("played", "kept") for t in shipped["review"][part].values()]
    fills = [[t, {"n": n, "k": k}, words.fill(t, n=n, k=k)] for t in templates for n in (0, 1, 2) for k in (1, 2, 3)]
    shares = [0.0, 1e-9, 0.0004, 0.000499, 0.0005, 0.0006, 0.1234, 0.5, 0.99949, 0.9995, 0.99999, 1.0, -0.5, 2.0]
    shares += [k / 997 for k in range(998)] + [k / 100003 for k in range(0, 100003, 101)]  # every decimal place
    counts = [0, 7, 999, 1000, 4240, 12259534, -3, -1234, 10**12 - 1, 10**12, 15**20, 1999.6]
    return {"fills": fills, "percents": [[p, words.percent(p)] for p in shares], "units": shipped["units"],
            "counts": [[n, format_count(round(n))] for n in counts],
            "classes": [[v, meaning.class_of_value(v)] for v in (-7, -1, 0, 1, 5)]}


def practice_cases() -> dict[str, object]:
    """The practice page's rules against the Python's: every (mark, plies after, kind, plies left) that the puzzles
    of a few variants meet with the Python's verdict, and standard's puzzles, positions and goals as the page
    has them (practice.test.mjs plays them)."""
    from tests.solved import solved_once
    from vizgen.reports.puzzles import accepts, puzzle_set

    cases = set()
    for spec in ("standard", "r4", "misere", "standard:players=3,r=3"):
        data = puzzle_set(solved_once(spec))
        for p in data["puzzles"]:
            for node in data["nodes"].values():
                for m in node["m"]:
                    for left in range(1, p["plies"] + 3):
                        cases.add((m["mark"], m["n"], p["kind"], left))
    standard = puzzle_set(solved_once("standard"))
    three = puzzle_set(solved_once("standard:players=3,r=3"))
    return {"accepts": [[*c, accepts(*c)] for c in sorted(cases)],
            "puzzles": standard["puzzles"], "nodes": standard["nodes"], "goals": standard["goals"],
            "table": standard["table"], "multi": {"puzzles": three["puzzles"], "nodes": three["nodes"]}}


def address_cases() -> dict[str, object]:
    """The address reader's tables (:func:`vizgen.site.data.address_words.table`) that address.test.mjs reads: the
    classic game, three players, three players with r = 3, signed hands with stumps, and a page of any variant;
    with the longest notation (in bytes of UTF-8) of each variant small enough to list, which a link must be
    able to carry, percent-encoded byte by byte, in every place a position goes."""
    specs = {"standard": "standard", "three": "three-players", "three-small": "standard:players=3,r=3",
             "signed": "cutoff:integers=true,stumps=true,r=3", "any": None}
    tables = {k: address_words.table(None if spec is None else resolve(spec).params) for k, spec in specs.items()}
    longest = {k: max(enumerate_graph(resolve(spec)).notations(), key=lambda n: len(n.encode()))
               for k, spec in specs.items() if spec not in (None, "three-players")}
    records = [address_words.GameRecord({"seats": ["perfect", "perfect"], "seed": 1, "from": None,
                                         "moves": ["12-11", "13-12"], "at": 0, "mode": None, "hints": [],
                                         "seat": None}),
               address_words.GameRecord({"seats": ["you", "person"], "seed": 4294967295, "from": longest["standard"],
                                         "moves": [longest["standard"]], "at": None, "mode": "link", "hints": [0, 1],
                                         "seat": 2}),
               address_words.GameRecord({"seats": ["person", "person"], "seed": 7, "from": None, "moves": [],
                                         "at": None, "mode": "review", "hints": [], "seat": None})]
    return {"tables": tables, "longest": longest,
            "records": [["?" + address_words.record_query(r), r] for r in records]}


def board_cases() -> dict[str, list]:
    """What the board reads and says, as the Python reads and says it (board.test.mjs checks board.js does the
    same): every move of the move generator's variants (its notation, players, self-gain rules, the move as
    Move.parse reads it, its words), positions with what the rules keep with each player, badges, and players'
    hands with how many are live."""
    moves, seen = [], set()
    for spec in MOVEGEN_SPECS:
        rules = solved_once(spec).graph.rules
        gain = rules.params.attack == "self-gain"
        for m in rules.moves:
            key = (str(m), m.players, gain)
            if key in seen:
                continue
            seen.add(key)
            parsed = {"kind": m.kind, "hand": float(m.hand), "target": float(m.target), "seat": m.seat,
                      "before": [float(v) for v in m.before], "after": [float(v) for v in m.after]}
            moves.append([str(m), m.players, gain, parsed, say_move(m)])
    names = ["11-11", "11:3-01:2", "01:u-11", "12:s1-11", "11:3us2-00", "12-11/s1", "−1½2-11:u/s2"]
    marks = []
    for name in names:
        pos = Position.parse(name)
        marks.append([name, {"swaps": pos.swaps, "seats": [
            {"lives": pos.lives[k] if pos.lives else 0, "used": bool(pos.used and pos.used[k]),
             "own": pos.own[k] if pos.own else 0} for k in range(len(pos.hands))]}])
    shown = [("win", "win", "win", False), ("draw", "survives", "player 1 survives", True),
             ("loss", "<b>", "a & b", False), ("", "x", "", True)]
    badges = [[cls, text, full, small, str(badge(text, full, cls, small))] for cls, text, full, small in shown]
    # the live hands of each player (vizgen.engine.hands.live_hands), as notation.js's liveHands counts them
    live = [[[float(v) for v in h], live_hands(h)] for name in names for h in Position.parse(name).hands]
    return {"moves": moves, "marks": marks, "badges": badges, "live": live}


def pairwise_cases() -> list[list]:
    """Float64 arrays whose sum depends on the order of its terms (magnitudes 1e-8 to 1e8), every length numpy's
    pairwise summation treats apart (below 8, 8 to 128, halves above), with numpy's sum, mean and reduceat segment:
    pairwise.test.mjs checks the browser's are the same doubles."""
    rng = np.random.default_rng(36)
    out = []
    for n in (*range(1, 20), 31, 64, 127, 128, 129, 136, 200, 255, 256, 257, 300, 520):
        # the powers of ten as correctly rounded decimals: numpy's own ``10.0 ** k`` differs in the last bit
        # between releases, and the cases must not
        fractions = rng.random(n)
        tens = np.array([float(f"1e{k}") for k in rng.integers(-8, 9, n)])
        a = fractions * tens * rng.choice([-1, 1], n)
        out.append([a.tolist(), float(np.sum(a)), float(np.mean(a)), float(np.add.reduceat(a, [0])[0])])
    return out


def fixtures() -> dict[str, object]:
    """What the Node unit tests read, by file name: two variants' rules.js payloads, the words, the
    templates and shares the Python filled and wrote (:func:`units_cases`), the address reader's tables
    (:func:`address_cases`), the practice page's cases (:func:`practice_cases`), the board's cases
    (:func:`board_cases`), the game importer's (:func:`tests.import_cases.cases`) and the rules page's rulebook
    (:func:`vizgen.site.render.rules_page.rulebook_data`)."""
    return {"import.json": [cases("standard", games=2, plies=24, probed=8),
                            cases("standard:players=3,r=3", games=1, plies=12, probed=2)],
            "standard-rules.json": rules_payload("standard"),
            "players3-r3-rules.json": rules_payload("standard:players=3,r=3"), "words.json": words.for_browser(),
            "units.json": units_cases(), "address.json": address_cases(), "practice.json": practice_cases(),
            "board.json": board_cases(), "rulebook.json": rulebook_data(), "pairwise.json": pairwise_cases()}


def test_fixtures_are_what_python_writes() -> None:
    for name, content in fixtures().items():
        written = json.loads((JS / "fixtures" / name).read_text())
        as_json = json.loads(json.dumps(content))  # as the file holds it: a tuple (a position's value) is a list
        assert written == as_json, f"tests/js/fixtures/{name} is stale: run python tests/test_js.py"


#: the Node unit tests (``tests/js/*.test.mjs``)
UNIT_TESTS = sorted(JS.glob("*.test.mjs"))


def test_node_unit_tests() -> None:
    """``tests/js/*.test.mjs``: the models, the decoder, the move generator and the game record, imported by one
    Node process (``node --test`` starts a process a file: 6 CPU s for what one process does in 2)."""
    assert len(UNIT_TESTS) > 10
    entry = "".join(f"import {json.dumps(p.as_uri())};\n" for p in UNIT_TESTS)
    out = run_node("--test-reporter=tap", "--input-type=module", "--eval", entry)
    tests = int(re.findall(r"^# tests (\d+)$", out, re.M)[-1])
    assert re.search(r"^# fail 0$", out, re.M) and tests >= len(UNIT_TESTS), out[-2000:]


@pytest.mark.parametrize("spec", [spec if i % 3 == 0 else pytest.param(spec, marks=pytest.mark.slow(
    reason="the fast lane checks every third rule set (all 18 take 4 CPU s): issue #49"))
    for i, spec in enumerate(MOVEGEN_SPECS)])
def test_js_move_generator_is_the_kernels(spec: str, tmp_path: Path) -> None:
    """Every code of the space, reachable or not: the same moves in the same order, and the same parents."""
    rules = solved_once(spec).graph.rules
    tables = rules.kernel_tables()
    (tmp_path / "rules.json").write_text(json.dumps(rules_payload(spec)))
    lines = run_node(JS / "cross" / "movegen.mjs", tmp_path / "rules.json").splitlines()
    assert len(lines) == rules.space
    src, dst, mid = kernel.expand(np.arange(rules.space), tables)
    first = np.searchsorted(src, np.arange(rules.space + 1))
    for code, line in enumerate(lines):
        moves, parents = json.loads(line)
        a, b = first[code], first[code + 1]
        expected = [[int(d), int(m)] for d, m in zip(dst[a:b], mid[a:b])]
        assert moves == expected, (spec, rules.notation(rules.decode(code)), "moves")
        assert parents == kernel.parents(code, tables).tolist(), (spec, rules.notation(rules.decode(code)), "parents")


def _extremes(width: int) -> np.ndarray:
    largest = 256 ** width - 2
    return np.array([v for v in (-1, 0, 1, 254, 255, 256, 65534, 65535, largest) if v <= largest], dtype=np.int64)


def test_js_decoder_reads_what_python_encodes(tmp_path: Path) -> None:
    """Python encodes blocks (real facts, opponents' moves, every width's extremes); Node decodes every value."""
    blocks: list[tuple[list, dict]] = []
    for spec in ("standard", "standard:players=3,r=3", "zombies:r=3"):
        facts = code_page_once(spec).facts
        fields = fields_of(facts)
        blocks.append((fields, fact_columns(facts)))
    moves = node_fields(OPPONENTS)
    nodes = np.arange(-1, 300, dtype=np.int64)
    blocks.append((moves, {f.name: np.roll(nodes, k) for k, f in enumerate(moves)}))
    wide = [Field(f"w{w}", w, "extremes", "plies") for w in (1, 2, 3)]
    size = len(_extremes(3))
    blocks.append((wide, {f.name: np.resize(_extremes(f.width), size) for f in wide}))
    sent = [{"fields": wire.spec(fields), "text": encode(fields, columns, 3),
             "length": len(next(iter(columns.values())))} for fields, columns in blocks]
    (tmp_path / "blocks.json").write_text(json.dumps(sent))
    got = json.loads(run_node(JS / "cross" / "decode.mjs", tmp_path / "blocks.json"))
    assert len(got) == len(blocks)
    for (fields, columns), values in zip(blocks, got):
        assert list(values) == [f.name for f in fields]
        for f in fields:
            assert values[f.name] == np.asarray(columns[f.name]).tolist(), f.name
    assert [f.name for f in POSITION_FIELDS if f.name not in got[0]] == ["forced_out_in"]  # two players: no fate


#: the pages the browser's readings are checked on: small ones of two and three players (three kinds of three-player
#: games) in the fast lane, and the big three-player game, the explorer, in the slow one
DERIVED_SPECS = {"small": ["standard", "standard:r=3", "standard:players=3,r=3", "zombies:r=3", "misere:players=3,r=3"],
                 "big": ["three-players"]}


@pytest.fixture(scope="module", params=["small", pytest.param("big", marks=pytest.mark.slow(
    reason="the big three-player game: 6 CPU s to lay out and 3 to check; out of the fast lane: issue #49"))])
def derived_pages(request: pytest.FixtureRequest, shared_gather: Callable) -> list[VariantPage]:
    """The pages of :data:`DERIVED_SPECS`, the small ones or the big one (solved and laid out once a run)."""
    return shared_gather(DERIVED_SPECS[request.param])


def test_moves_read_their_words_from_their_targets(derived_pages: list[VariantPage], tmp_path: Path) -> None:
    """Every move of every position: what it means for the chooser and whether it is optimal, derived in the
    browser from its target's facts, equals the per-move values the site shipped before (words.choices of the
    target with the chooser's fate, best_edges); every position's verdict reads as words.say has it."""
    (tmp_path / "words.json").write_text(json.dumps(words.for_browser()))
    for page in derived_pages:
        files = dict(payload(blob) for name, blob in data_files(page).files.items()
                     if name == "nodes.js" or re.fullmatch(r"c\d+\.js", name))
        (tmp_path / "files.json").write_text(json.dumps(files))
        got = json.loads(run_node(JS / "cross" / "moves.mjs", tmp_path / "files.json", tmp_path / "words.json"))
        s = solved_once(page.variant.spec)
        g, f = s.graph, s.forced
        assert g.n == len(got) and page.n == g.n
        dst = g.indices
        chooser = fate(s, g.players - 1)
        choice, n, k = words.choices(g.players, f.winner[dst], g.terminal[dst], f.remoteness[dst],
                                     None if chooser is None else chooser[dst])
        best = best_edges(s)
        mover = fate(s)
        verdict = words.verdicts(g.players, f.winner, g.terminal, mover)
        said = words.verdict_n(verdict, f.remoteness, mover)
        for i, (text, moves) in enumerate(got):
            assert text == words.say(verdict[i], said[i], f.winner[i]), (page.slug, i)
            out = range(g.indptr[i], g.indptr[i + 1])
            assert moves == [[int(dst[e]), bool(best[e]), int(choice[e]), int(n[e]), int(k[e])] for e in out], \
                (page.slug, g.notations()[i])


def _games(s: Solved, cap: int) -> list[list[int]]:
    """Games played out by the engine's referee: perfect players after a random opening, random players, and
    games stopped by ``cap``: each as its line of node ids from the start."""
    g = s.graph
    rng = np.random.default_rng(5)
    perfect = perfect_player(g, s.forced, out_in=fate(s, g.players - 1)).moves
    out = []
    for k in range(24):
        referee = Referee(g.rules, PLY_CAP if k < 16 else cap)
        node, line = g.start, []
        while referee.arrive(int(g.codes[node])) is None:
            line.append(node)
            kids = g.successors(node)
            node = int(kids[rng.integers(kids.size)]) if k % 2 or len(line) <= 2 else int(perfect[node])
        out.append([*map(int, line), node])
    return out


def test_js_marks_endings_and_the_perfect_player_are_the_engines(derived_pages: list[VariantPage],
                                                                tmp_path: Path) -> None:
    """Every move of every position: its mark in the browser (review.js) is ``edge_marks``; the code pages'
    perfect player (opponents.js) moves where ``perfect_player`` does; games played out by the engine's
    ``Referee`` end in the browser (game.js) at the same ply, for the same reason, with the same winner or
    the same players sharing the draw."""
    (tmp_path / "words.json").write_text(json.dumps(words.for_browser()))
    cap = 23
    reasons, more_players = set(), set()
    for page in derived_pages:
        s = solved_once(page.variant.spec)
        g = s.graph
        more_players.add(g.players > 2)
        files = dict(payload(blob) for name, blob in data_files(page).files.items()
                     if name == "nodes.js" or re.fullmatch(r"c\d+\.js", name))
        (tmp_path / "files.json").write_text(json.dumps(files))
        games = _games(s, cap)
        (tmp_path / "games.json").write_text(json.dumps([
            {"line": line, "limits": {"repetitions": REPETITIONS, "cap": PLY_CAP if k < 16 else cap}}
            for k, line in enumerate(games)]))
        got = json.loads(run_node(JS / "cross" / "play.mjs", tmp_path / "files.json", tmp_path / "words.json",
                                  tmp_path / "games.json"))
        marks = edge_marks(s)
        assert [code for moves in got["marks"] for code in moves] == marks.tolist(), page.slug
        assert len(set(marks.tolist())) > 1, page.slug  # not every move is the best
        assert got["perfect"] == perfect_player(g, s.forced, out_in=fate(s, g.players - 1)).moves.tolist(), page.slug
        for k, (line, end) in enumerate(zip(games, got["endings"])):
            referee = Referee(g.rules, PLY_CAP if k < 16 else cap)
            want = [referee.arrive(int(g.codes[node])) for node in line][-1]
            assert end == {"reason": want.reason, "winner": want.winner, "shared": list(want.shared),
                           "plies": want.plies}, (page.slug, k)
            reasons.add((want.reason, g.players > 2))
    assert reasons == {(reason, more) for reason in ("won", "repetition", "cap") for more in more_players}


def test_one_escape_and_one_template_filler() -> None:
    """The browser's code escapes HTML and fills word templates in one place (util.js)."""
    sources = {p.relative_to(STATIC / "js").as_posix(): p.read_text() for p in (STATIC / "js").rglob("*.js")}
    assert [name for name, text in sources.items() if "&amp;" in text] == ["core/util.js"]
    escapers = [name for name, text in sources.items() if re.search(r"function (esc|fill|bare)\b", text)]
    assert escapers == ["core/util.js"]


#: the variants the importer is checked on in the fast lane besides the classic game and three players (the Node
#: unit tests read those from fixtures/import.json): self-gain, halves and transfers, r=12's dotted values and the
#: moves of the house rules (switch, logan, add, pass); every other of MOVEGEN_SPECS in the slow lane
IMPORT_SPECS = ("self-gain", "cutoff:halvesies=near,transfers=true", "standard:r=12",
                "standard:one_point_switch=true,death_attack=true,self_add=true,logan=true,passes=true")


def _importer_reads_moves_as_the_python(specs: list[str], tmp_path: Path, games: int, plies: int) -> None:
    all_cases = [cases(spec, games=games, plies=plies, seed=len(spec)) for spec in specs]
    (tmp_path / "cases.json").write_text(json.dumps(all_cases))
    (tmp_path / "words.json").write_text(json.dumps(PLAY))
    everything = json.loads(run_node(JS / "cross" / "import.mjs", tmp_path / "cases.json", tmp_path / "words.json"))
    for c, got in zip(all_cases, everything, strict=True):
        positions = c["positions"]
        probed = 0
        for name, row in positions.items():
            if "probes" not in row:
                continue
            assert got["probes"][name] == row["probes"], (c["spec"], name)
            probed += len(row["probes"])
        assert probed > 50, c["spec"]
        for game, (whole, longer) in zip(c["games"], got["games"], strict=True):
            assert whole == {"path": game["path"]}, (c["spec"], whole)
            n, last = len(game["texts"]), game["path"][-1]
            after = dict(positions[last]["probes"])["1>1"]
            if game["over_at"] is not None:
                assert longer == {"why": f"Ply {n + 1}: “1>1” comes after the end of the game, at {last}."}
            elif after in ("illegal", "not-a-move"):
                assert longer["why"].startswith(f"Ply {n + 1}: “1>1” is not a"), longer
            else:
                assert longer == {"path": [*game["path"], after]}


def test_the_importer_reads_moves_as_the_python(tmp_path: Path) -> None:
    """A game pasted into a variant's page (play/import.js, issue #48 item 6) read as the Python reads it, on
    :data:`IMPORT_SPECS`: at every position of a random game, every legal move in several spellings, and texts
    that are no move or no legal one, name the same position (or the same refusal: no move, not legal) as
    ``Rules.parse_move``; each game pasted whole reaches the Python's positions, and a move after the referee's end
    of the game is refused at its ply."""
    _importer_reads_moves_as_the_python(list(IMPORT_SPECS), tmp_path, games=1, plies=16)  # the lane's budget


@pytest.mark.slow(reason="the importer on every variant of MOVEGEN_SPECS: about 20 CPU s, over the fast lane's budget")
def test_the_importer_reads_moves_as_the_python_on_every_kind_of_move(tmp_path: Path) -> None:
    """The same on every variant of :data:`MOVEGEN_SPECS` not in :data:`IMPORT_SPECS`, three games of 30 plies."""
    _importer_reads_moves_as_the_python([s for s in MOVEGEN_SPECS if s not in IMPORT_SPECS], tmp_path, games=3,
                                        plies=30)


if __name__ == "__main__":
    for name, content in fixtures().items():
        (JS / "fixtures" / name).write_text(json.dumps(content, sort_keys=True) + "\n")
        print(f"wrote tests/js/fixtures/{name}", file=sys.stderr)
