"""One contract from Python: contract.js is what vizgen/site/render/contract.py writes, it says what the Python says,
every script that reads it has it first, and no other module of the browser works a shared fact out again.

The scan (:func:`rederived`), like the colour and percentage scans of tests/test_theme.py, reads the browser's
modules without their comments and names every line that turns numbers into a value class, a verdict or a mark,
writes a value word or a mark code as meaning, copies the wire's fields, a constant of the contract, or the words
of the meaning table and of the start's value. Each rule is shown catching the case issue #36 found.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.js_source import code_of
from tests.node import run_node
from vizgen.analysis import marks, meaning
from vizgen.analysis.rulebook import START_WORDS
from vizgen.site.render import contract
from vizgen.site.render.wire import POSITION_FIELDS

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "vizgen" / "site" / "static" / "js"

pytestmark = pytest.mark.xdist_group("node")


def test_the_checked_in_contract_and_its_types_are_what_the_python_writes() -> None:
    assert contract.path() == JS / "core" / "contract.js"
    assert contract.path().read_text(encoding="utf-8") == contract.source(), \
        "vizgen/site/static/js/core/contract.js is stale: run python -m vizgen.site.render.contract"
    assert (JS / "core" / "contract.d.ts").read_text(encoding="utf-8") == contract.types(), \
        "vizgen/site/static/js/core/contract.d.ts is stale: run python -m vizgen.site.render.contract"
    assert contract.source() == contract.source() and contract.types() == contract.types()  # deterministic


#: a module that reads the contract imports it: ``import { contract } from ".../core/contract.js"``
IMPORTS_CONTRACT = re.compile(r'^import \{ contract \} from "(?:\./|(?:\.\./)+core/)contract\.js";$', re.M)


def test_every_module_that_reads_the_contract_imports_it() -> None:
    """The contract is an ES module (core/contract.js) and each reader imports it: no namespace carries it."""
    text = {str(p.relative_to(JS)): p.read_text() for p in JS.rglob("*.js")}
    readers = {name for name, code in text.items()
               if re.search(r"\bcontract\.\w", code_of(code))} - {"core/contract.js"}
    assert {"rules/rulefacts.js", "rules/rulemodel.js", "practice/practice.js", "play/review.js",
            "rules/engine/movegen.js", "play/view/log.js"} <= readers
    for name in readers:
        assert IMPORTS_CONTRACT.search(text[name]) or "contractModule" in text[name], name
    # only the entries use the handle (the rules page's entry also reads its late part's modules there)
    assert not any("globalThis.VZ" in code_of(code) for name, code in text.items() if not name.startswith("pages/"))
    assert "export const contract = " in text["core/contract.js"]


def test_the_lookups_say_what_the_python_says(tmp_path: Path) -> None:
    """verdictOf, choiceOf, choiceSeat and rankOf in Node, for every winner, end and fate of games of two to four
    players, against meaning.verdicts, meaning.choices (its code and seat) and marks.value_classes."""
    cases = [[p, over, w, fate] for p in (2, 3, 4) for over in (False, True) for w in range(-1, p)
             for fate in (None, -1, 0, 1, 7)]
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = tmp_path / "look.js"
    script.write_text(f"""const K = require({json.dumps(str(JS / "core" / "contract.js"))}).contract;
const cases = require({json.dumps(str(tmp_path / "cases.json"))});
console.log(JSON.stringify(cases.map(([p, over, w, fate]) => [K.verdictOf(p, over, w, fate),
  K.choiceOf(p, over, w, fate), Array.from({{ length: p }}, (_, seat) => K.rankOf(seat, w, fate)),
  K.choiceSeat(p, w)])));
""")
    got = json.loads(run_node(script))
    for (p, over, w, fate), (verdict, choice, ranks, seat) in zip(cases, got, strict=True):
        out_in = None if fate is None else np.array([fate])
        one = np.array([w])
        assert verdict == meaning.verdicts(p, one, np.array([over]), out_in)[0], (p, over, w, fate)
        chosen = meaning.choices(p, one, np.array([over]), np.array([1]), out_in)
        assert [choice, seat] == [chosen[0][0], chosen[2][0]], (p, over, w, fate)
        assert ranks == [int(marks.value_classes(one, seat, out_in)[0]) for seat in range(p)], (p, over, w, fate)


def _keys(items: object) -> str:
    return "|".join(re.escape(k) for k in sorted(items, key=len, reverse=True))  # type: ignore[arg-type]


_DATA = contract.data()
_CLASS_WORDS = "win|draw|loss|open"
_VERDICT_KEYS = _keys({v.key for v in (*meaning.VERDICTS, *meaning.CHOICES)})
_MARK_NAMES = "BEST|INACCURACY|MISTAKE|BLUNDER"

#: what no module but the contract writes: each rule's name and its pattern
RULES: dict[str, re.Pattern[str]] = {
    # a class or its rank from a winner or a value: x ? 2 : y ? 1 : 0, ? "draw" :, ["draw", "win", "loss"][w + 1]
    "class from numbers": re.compile(
        r"\?\s*2\s*:[^;\n+]*\?\s*1\s*:\s*0\b"
        rf"|\?\s*\"(?:{_CLASS_WORDS})\"\s*:"
        rf"|\[\s*\"(?:{_CLASS_WORDS})\"\s*,\s*\"(?:{_CLASS_WORDS})\""
        r"|[{,]\s*[\"']?-?1[\"']?\s*:\s*\w+\.(?:win|draw|loss)\b"),
    # the value classes listed by hand: { win: 0, draw: 1, loss: 2 }
    "class keys by hand": re.compile(r"\{\s*(?:win|draw|loss)\s*:\s*-?\d"),
    # a value word written as markup: >win<
    "value word as markup": re.compile(rf">(?:{_CLASS_WORDS})<"),
    # a verdict or choice picked by a condition: over ? V.won : ..., : C["you-win"]
    "verdict from numbers": re.compile(rf"[?:]\s*[A-Za-z_$][\w$]*"
                                       rf"(?:\.(?:{_VERDICT_KEYS})\b(?!-)|\[\"(?:{_VERDICT_KEYS})\"\])"),
    # a mark code as a number: INACCURACY = 1, mark <= 1, marks ... === 0
    "mark code": re.compile(rf"\b(?:{_MARK_NAMES})\s*=\s*\d|\bmark\s*(?:===|!==|<=|>=|<|>)\s*\d"
                            r"|\bmarks\b[^;\n]*\b\w+\s*(?:===|!==)\s*[0-3]\b(?!\.)"
                            # a move's mark read by its place in a move of the data: m[2] <= 1 (issue #47)
                            r"|\b[a-z]\w*\[2\]\s*(?:===|!==|<=|>=|<|>)\s*[0-3]\b(?!\.)"),
    # a choice code as a number: a move's choice (its class and words are the contract's) tested by value
    "choice code": re.compile(r"\bchoices?\s*(?:===|!==|<=|>=|<|>)\s*\d|\bchoices?\[\w+\]\s*(?:===|!==)\s*\d"),
    # a puzzle's move read by its place (the data names its fields: core/payloads.d.ts's PuzzleMove, issue #47)
    "move by place": re.compile(r"\.m\[[\w.]+\]\[\d\]|\bm\.length\s*>\s*6\b"),
    # the wire's fields written by hand
    "wire field": re.compile(rf"\bname:\s*\"(?:{_keys(f.name for f in POSITION_FIELDS)}|\w+_move)\"\s*,\s*width:\s*\d"),
    # a constant of the contract written out: the kernel's layout, the trap figure's, max^n's, the ply cap
    "contract constant": re.compile(
        rf"\bI_[A-Z_]+\s*=\s*\d|\bMAXN_DEPTHS\s*=\s*\[|\bROUNDS\s*=\s*{_DATA['tricky']['rounds']}\b"
        rf"|\bSCALE\s*=\s*{_DATA['tricky']['scale']}\b|\bWIN\s*=\s*{_DATA['maxn']['win']}\b"
        rf"|\bints\[\d+\]|\b(?:repetitions|cap):\s*\d"
        rf"|\b(?:trail|path|line|plies|ply)\w*(?:\.length)?\s*(?:<=|>=|<|>)\s*{_DATA['ending']['cap']}\b"),
    # a plural worked out by hand, not util.plural (the one plural rule): n === 1 ? " ply" : " plies", "" : "s"
    "plural by hand": re.compile(r"===\s*1\s*\?\s*\"[ \w]*\"\s*:\s*\"[ \w]*(?:s|ies)\""),
}


def _copied_words() -> re.Pattern[str]:
    """The fixed words of the meaning table and of the start's value, long enough to be a copy, starting or ending
    a string."""
    texts = [t for group in ("verdicts", "choices", "marks") for entry in meaning.table()[group]
             for t in entry.values() if isinstance(t, str)] + list(START_WORDS.values())
    parts = {p.strip() for t in texts for p in re.split(r"\{[^}]*\}", t)}
    words = "|".join(re.escape(p) for p in sorted(parts, key=len, reverse=True) if len(p) >= 12)
    return re.compile(rf"\"\s*(?:{words})|(?:{words})\s*\"")  # a string that starts or ends with them


def rederived() -> list[str]:
    """Every line of the browser's modules, but the contract, that works out or copies a shared fact."""
    rules = {**RULES, "meaning words copied": _copied_words()}
    found = []
    for path in sorted(JS.rglob("*.js")):
        file = path.relative_to(JS).as_posix()
        if file in ("contract.js", "core/contract.js"):
            continue
        for number, line in enumerate(code_of(path.read_text()).splitlines(), 1):
            found += [f"{file}:{number}: {name}: {m.group(0)}" for name, rule in rules.items()
                      for m in rule.finditer(line)]
    return found


def test_no_module_works_out_a_shared_fact_again() -> None:
    assert rederived() == []


#: the cases issue #36 found, each as it was written, and the rule that names it
CAUGHT = [
    ("ruleguide.js", "    return s.winner[i] === 1 ? 2 : s.winner[i] < 0 ? 1 : 0;", "class from numbers"),
    ("rulethumbs.js", "    function cls(i) { return s.winner[i] === 1 ? 2 : s.winner[i] < 0 ? 1 : 0; }",
     "class from numbers"),
    ("rulemodel.js", "        c[i] = s.winner[i] === seat ? 2 : s.winner[i] < 0 && (!out || out[i] < 0) ? 1 : 0;",
     "class from numbers"),
    ("rulestats.js", '      value: P === 2 ? ["draw", "win", "loss"][w + 1] : w < 0 ? "open" : "forced",',
     "class from numbers"),
    ("rulestats.js", '    if (P === 2) return winner < 0 ? "draw" : (winner === 0 ? "first" : "second") + '
     '" player wins in " + plies(rem);', "class from numbers"),
    ("rulestats.js", '      return "the others together could force player 1 out within " + plies(outIn);',
     "meaning words copied"),
    ("playview.js", "    var colour = { 1: T.win, 0: T.draw, \"-1\": T.loss };", "class from numbers"),
    ("playview.js", "      (left - 4) + '\" y=\"' + (mid + 4) + '\" text-anchor=\"end\">' + (g.P === 2 ? \"draw\" : "
     "\"open\") + '</text>", "class from numbers"),
    ("playview.js", "'\" aria-hidden=\"true\"><text x=\"' + (left - 4) + '\" text-anchor=\"end\">win</text>'",
     "value word as markup"),
    ("rulemodel.js", "    var order = { win: 0, draw: 1, loss: 2 };", "class keys by hand"),
    ("rulespage.js", "    var tally = { win: 0, draw: 0, loss: 0 }, over = 0, longest = 0;", "class keys by hand"),
    ("rulefacts.js", "      if (P === 2) v = over && w === 0 ? V.won : over ? V.lost : w === 0 ? V.win : w > 0 "
     "? V.loss : V.draw;", "verdict from numbers"),
    ("rulefacts.js", '        v = over && w === 0 ? V["mover-won"] : over && w > 0 ? V["other-won"] : V.open;',
     "verdict from numbers"),
    ("rulefacts.js", '        c = over && mine ? C["you-win-now"] : over ? C["other-wins-now"] : C.open;',
     "verdict from numbers"),
    ("practice.js", "  var INACCURACY = 1, MISTAKE = 2, BLUNDER = 3;", "mark code"),
    ("practice.js", "    var best = marks.filter(function (m) { return m === 0; }).length / marks.length;",
     "mark code"),
    ("practice.js", "    return mark <= 1 && (kind !== \"win\" || after + 1 <= left);", "mark code"),
    # issue #47: the practice page's views tested a move's mark code by its place in the move
    ("views.js", "    m[2] <= 1 ? html`<p class=\"muted\">It keeps your value, but too slowly</p>` : \"\"",
     "mark code"),
    # issue #47: a puzzle's move read by its place in the positional list the data used to be
    ("practice.js", "  for (var i = 0; i < node.m.length; i++) if (node.m[i][1] === to) return node.m[i];",
     "move by place"),
    ("feedback.js", "    m.length > 6 ? html`. Their answer: <b>${m[6]}</b> (to ${m[7]}).` : \"\"", "move by place"),
    ("feedback.js", "    const lost = m.choice >= 4 ? \"loss\" : \"kept\";", "choice code"),
    ("practice.js", "    if (m.mark >= 2) return fail(s, \"mistake\");", "mark code"),
    ("rulemodel.js", '    var fields = [{ name: "verdict", width: 1 }, { name: "winner", width: 1 }];', "wire field"),
    ("rulemodel.js", '    var opponents = [{ name: "perfect_move", width: 3 }];', "wire field"),
    ("movegen.js", "  var I_P = 0, I_M = 1, I_COUNTS = 2;", "contract constant"),
    ("rulemodel.js", "  var ROUNDS = 2, SCALE = 254;", "contract constant"),
    ("rulemodel.js", "  var MAXN_DEPTHS = [1, 2, 3, 5], WIN = 10;", "contract constant"),
    ("game.js", "    this.limits = limits || { repetitions: 3, cap: 200 };", "contract constant"),
    ("rulesolve.js", "    var P = rules.P, space = R.space, end = R.ints[6];", "contract constant"),
    ("rulespage.js", "    while (s.final[g.at] < 0 && g.trail.length <= 200) {", "contract constant"),
    ("panel.js", '    var text = fate < 0 ? "you survive whatever the others do" : text;', "meaning words copied"),
    # issue #37: plurals each module wrote its own way
    ("rulestats.js", '  return count(n) + (n === 1 ? " ply" : " plies");', "plural by hand"),
    ("rulethumbs.js", '    var fails = html`It fails at ${count(rule.fails)} position${rule.fails === 1 ? "" : "s"}`;',
     "plural by hand"),
    ("practice.js", '      if (bad) aside.push(bad + (bad === 1 ? " entry" : " entries") + " of your history");',
     "plural by hand"),
]


@pytest.mark.parametrize(("name", "line", "rule"), CAUGHT, ids=[f"{n}-{r}-{i}" for i, (n, _, r) in enumerate(CAUGHT)])
def test_the_scan_names_each_case_the_issue_found(name: str, line: str, rule: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / name).write_text("/* 0 best, 1 inaccuracy: a comment may say what a code means */\n" + line + "\n")
    (tmp_path / "contract.js").write_text("  var ROUNDS = 2; // the contract itself may\n")
    monkeypatch.setattr(sys.modules[__name__], "JS", tmp_path)
    found = rederived()
    assert found and all(f.startswith(f"{name}:2: ") for f in found), found
    assert any(f.split(": ")[1] == rule for f in found), found


def test_the_scan_leaves_the_contract_reads_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.js").write_text(
        "    v = K.verdictOf(P, over, w, mover ? mover[i] : null);\n"
        "    verdictN[i] = mover && v === V[\"mover-out\"] ? mover[i] : rem;\n"
        "    var best = marks.filter(function (m) { return m === BEST; }).length;\n"
        "    if (G.kind === \"win\" && m[2] >= MISTAKE) return fail(s, \"mistake\");\n"
        "    if (G.kind === \"win\" && m.mark >= MISTAKE) return fail(s, \"mistake\");\n"
        "    return util.fill(contract.choices[m.choice].long, { n: m.n, k: m.k });\n"
        "    const ok = node.m.filter(function (m) { return accepts(m.mark, m.n, kind, left); });\n"
        "    var fields = VZ.contract.wire.filter(function (w) { return columns[w.name]; });\n"
        "    c[i] = VZ.contract.rankOf(seat, s.winner[i], out ? out[i] : null);\n")
    monkeypatch.setattr(sys.modules[__name__], "JS", tmp_path)
    assert rederived() == []


def test_a_games_value_is_said_in_a_play_sentence_for_every_case() -> None:
    """The contract's gameValueTable is meaning.game_value_key in every case, each key a sentence of PLAY; a game
    watched names the seats (never "you"), and two players never read "player {k} can force" for a loss."""
    from vizgen.analysis.play_words import PLAY

    table = contract.data()["gameValueTable"]
    keys = {key for more in table for seen in more for who in seen for key in who}
    assert keys == set(meaning.GAME_VALUES) and keys <= set(PLAY)
    for m, players in enumerate((2, 3)):
        for w, watched in enumerate((False, True)):
            for k, who in enumerate(contract.WHOS):
                for o, over in enumerate((False, True)):
                    assert table[m][w][k][o] == meaning.game_value_key(players, watched, who, over)
        assert all("you" not in PLAY[key] for who in table[m][1][1:] for key in who)
    assert table[0][0][2] == ["value-loss", "value-lost"]
