/* vizgen ruleside: the rules page's comparison with another rule set and its sweep of one number.
 *
 * Loaded with rulesmore.js once a rule set is solved (rulespage.js's compareWith). attach(page) hands it the page's
 * state and helpers once; compareWith() compares the solved rule set with the standard rules, one rule toggled or
 * any rule set (compare=B in the address: any spec rules= takes), both rule sets' figures side by side
 * (rulecompare.js) and the positions whose value changes; a compare= that cannot be read is said with the
 * address's note (vizgen/site/address_words.py) and the engine's reason. The sweep solves the rule set again along
 * r, swaps, lives, start or hands in the worker, one value after another, and charts them.
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";
import * as rulecompare from "./rulecompare.js";
import * as rulefacts from "./rulefacts.js";
import * as rulemap from "./rulemap.js";
import * as rulesworker from "./rulesworker.js";
import * as movegen from "./engine/movegen.js";
import * as rulebook from "./engine/rulebook.js";

var P = null, cfg, D, W, book, state, api, $, esc = util.esc;
function currentSpec() {
  return P.currentSpec();
}
function addressOf(spec) {
  return P.addressOf(spec);
}
function encSpec(spec) {
  return P.encSpec(spec);
}
function badge(f, i) {
  return P.badge(f, i);
}

/* Take the page's state and helpers ({cfg, book, state, api, $, currentSpec, addressOf, encSpec, badge}); the
   first time, fill the menus and read compare= (the page keeps it in state.compareSpec). */
function attach(page) {
  if (P) return;
  P = page;
  cfg = page.cfg;
  D = cfg.book;
  W = cfg.words;
  book = page.book;
  state = page.state;
  api = page.api;
  $ = page.$;
  compareOptions();
  $("rules-sweep-go").addEventListener("click", function () { sweep($("rules-sweep").value); });
  document.addEventListener("click", function (ev) {
    if (ev.target.id === "rules-sweep-stop" && api.sweep) {
      api.sweep.stopped = true;
      rulesworker.cancel();
    }
  });
}

function compareOptions() {
  var sel = $("rules-compare");
  var opts = ['<option value="base">the standard rules (same players, hands and r)</option>'];
  D.names.forEach(function (name) {
    if (typeof D.defaults[name] === "boolean") opts.push('<option value="' + name + '">the same rules with ' + name + " toggled</option>");
  });
  opts.push('<option value="spec">another rule set (type its rules)</option>');
  sel.innerHTML = opts.join("");
  // compare=B from the address: any spec rules= takes; one that cannot be read is said, never dropped quietly
  var given = state.compareSpec;
  if (state.compareDropped) compareNote(cfg.notes.compare);
  else if (given) {
    $("rules-compare-spec").value = given;
    var why = useCompare(given);
    if (why) compareNote(cfg.notes.compare + " (" + why + ".)");
    else sel.value = "spec";
  }
  $("rules-compare-other").hidden = sel.value !== "spec";
  sel.addEventListener("change", function () {
    var typed = sel.value === "spec";
    $("rules-compare-other").hidden = !typed;
    compareNote("");
    state.compareSpec = null;
    if (typed) {
      var bad = $("rules-compare-spec").value.trim() ? useCompare($("rules-compare-spec").value) : null;
      if (bad) compareNote("That rule set cannot be compared: " + bad + ".");
      $("rules-compare-spec").focus();
    }
    history.replaceState(null, "", addressOf(currentSpec()) + location.hash);
    compareWith();
  });
  $("rules-compare-spec").addEventListener("change", function () {
    compareNote("");
    var bad = useCompare($("rules-compare-spec").value);
    if (bad) compareNote("That rule set cannot be compared: " + bad + ".");
    history.replaceState(null, "", addressOf(currentSpec()) + location.hash);
    compareWith();
  });
}
/* Compare with the rule set `text` names from now on: null, or why it cannot be read (the engine's words). */
function useCompare(text) {
  try {
    var read = book.read(text);
    state.compareSpec = book.spec(read.base, read.params);
    state.compareParams = read.params;
    return null;
  } catch (e) {
    state.compareSpec = null;
    return e.message;
  }
}
function compareNote(text) {
  $("rules-compare-note").textContent = text;
  $("rules-compare-note").hidden = !text;
  api.compareNote = text || null;
}
/* The rule set chosen under "compare with": {params, spec}, or a sentence to show instead. */
function compareTarget() {
  var which = $("rules-compare").value;
  if (which === "spec") {
    if (!state.compareSpec) return "Type the rules to compare with as the address writes them, e.g. standard:r=6.";
    return { params: Object.assign({}, state.compareParams), spec: state.compareSpec };
  }
  var other = Object.assign({}, state.params);
  if (which === "base") {
    other = Object.assign(book.params("standard"), { players: state.params.players, hands: state.params.hands,
      r: state.params.r });
  } else other[which] = !other[which];
  return { params: other, spec: book.spec("standard", other) };
}
/* Solve the rule set chosen under "compare with" and show both rule sets' figures side by side, and the
   positions whose value changes; a promise. */
function compareWith() {
  var s = state.solved;
  if (!s) return Promise.resolve();
  var out = $("rules-compare-out");
  var target = compareTarget();
  if (typeof target === "string") {
    out.textContent = target;
    return Promise.resolve();
  }
  var other = target.params, otherSpec = target.spec;
  if (D.names.every(function (k) { return other[k] === state.params[k]; })) {
    out.innerHTML = $("rules-compare").value === "spec" ? "<p>" + esc(otherSpec) + " are your rules: choose another rule set to compare.</p>"
      : "<p>Your rules are the standard rules for " + state.params.players + " players, " +
      state.params.hands + " hands and r = " + state.params.r + ": choose a rule to toggle to compare.</p>";
    api.compare = { spec: otherSpec, changed: 0, sentence: out.textContent, figures: null };
    return Promise.resolve();
  }
  var why = book.problem(other);
  if (why) {
    out.innerHTML = "<p>" + esc(otherSpec) + " cannot be played: " + esc(why) + ".</p>";
    return Promise.resolve();
  }
  var size = book.estimate(other);
  if (size > D.max_positions) {
    out.innerHTML = "<p>" + esc(otherSpec) + " allows up to " + esc(rulebook.count(size)) + " positions: too big " +
      "to solve beside your rules here (this comparison takes up to " + esc(rulebook.count(D.max_positions)) + ").</p>";
    return Promise.resolve();
  }
  out.textContent = "Solving " + otherSpec + "…";
  return rulesworker.run(other, cfg.worker, function () {}).then(function (o) {
    if (state.solved !== s) return;
    o.rules = new movegen.Rules(o.R);
    var of = rulefacts.compute(o, W, other), f = state.facts;
    var mine = state.figures, theirs = rulefacts.figures(o, of, W);
    var here = s.rules.name(s.codes[s.start]);
    var sameStart = mine.cls === theirs.cls;
    var sentence = "Under " + otherSpec + ", the start " + theirs.start + (sameStart
      ? " has the same value: " + theirs.words + "." : " has another value: " + theirs.words + " (under your rules, " +
      here + ": " + mine.words + ").");
    var changedList = [], shared = 0;
    var each = s.n <= D.max_positions && o.n <= D.max_positions;
    if (each) {
      var byName = new Map();
      for (var j = 0; j < o.n; j++) byName.set(o.rules.name(o.codes[j]), j);
      for (var i = 0; i < s.n; i++) {
        var k = byName.get(s.rules.name(s.codes[i]));
        if (k === undefined) continue;
        shared++;
        if (contract.verdicts[f.verdict[i]].cls !== contract.verdicts[of.verdict[k]].cls) changedList.push([i, k]);
      }
      sentence += " Of the " + rulebook.count(shared) + " positions both rule sets reach, " +
        (changedList.length ? rulebook.count(changedList.length) + (changedList.length === 1 ? " changes" : " change") +
          " value" + (changedList.length > 1 ? ", listed below." : ", below.") : "none changes value.");
    } else {
      sentence += " Position by position, rule sets are compared up to " + rulebook.count(D.max_positions) + " positions.";
    }
    var rows = rulecompare.sideBySide(mine, theirs, W.units);
    var differ = rows.filter(function (r) { return r.differ; }).length;
    var html = '<div class="rules-side-wrap"><table class="data rules-side"><caption>' +
      esc(differ ? "Marked ≠: the " + differ + (differ === 1 ? " figure" : " figures") + " that differ." :
        "Every figure is the same.") + '</caption><thead><tr><th scope="col">Figure</th>' +
      '<th scope="col">Your rules<br><code>' + esc(currentSpec()) + '</code></th><th scope="col">Compared with<br><code>' +
      esc(otherSpec) + "</code></th></tr></thead><tbody>" + rows.map(function (r) {
        var cell = function (text, c) {
          return "<td" + (r.cls ? "" : ' class="num"') + ">" + (c ? '<span class="badge ' + esc(c) + '">' + esc(text) + "</span>" : esc(text)) + "</td>";
        };
        return '<tr class="' + (r.differ ? "differ" : "same") + '"><th scope="row">' + esc(r.label) +
          (r.differ ? ' <span class="differs" title="differs">≠</span>' : "") + "</th>" +
          cell(r.a, r.cls && r.cls[0]) + cell(r.b, r.cls && r.cls[1]) + "</tr>";
      }).join("") + "</tbody></table></div><p>" + esc(sentence) + "</p>";
    if (changedList.length) {
      html += '<table class="data"><thead><tr><th scope="col">Position</th><th scope="col">Here</th><th scope="col">Under ' +
        esc(otherSpec) + "</th></tr></thead><tbody>" + changedList.slice(0, 40).map(function (pair) {
        var name = s.rules.name(s.codes[pair[0]]);
        return '<tr><td><a href="#" data-node="' + pair[0] + '">' + esc(name) + "</a></td><td>" + badge(f, pair[0]) +
          '</td><td><span class="badge ' + contract.verdicts[of.verdict[pair[1]]].cls + '">' +
          esc(util.fill(contract.verdicts[of.verdict[pair[1]]].short, { n: of.verdictN[pair[1]], k: o.winner[pair[1]] })) + "</span></td></tr>";
      }).join("") + "</tbody></table>" + (changedList.length > 40 ? "<p>… and " + rulebook.count(changedList.length - 40) + " more.</p>" : "");
    }
    out.innerHTML = html;
    api.compare = { spec: otherSpec, changed: changedList.length, sentence: sentence, figures: [mine, theirs] };
    var cells = each ? rulemap.differ(s, f, o, of, W) : null;
    if (cells && !state.booted) {
      // the value map shows the same comparison (made once, with the viewer)
      cfg.compare = [{ slug: otherSpec, title: otherSpec, cells: cells.cells, value: cells.value }];
    }
  }, function (e) {
    if (state.solved !== s) return;
    out.textContent = String(e.message) === "cancelled" ? "Stopped: " + otherSpec + " was not solved." :
      "Could not solve " + otherSpec + " here: " + String(e.message || e);
  });
}

// ------------------------------------------------------------------ sweep one number
/* The numbers of these rules a sweep can run along, in the sweep's menu; the section hidden if none. */
function sweepOptions() {
  var names = rulecompare.sweepable(book, state.base, state.params, D.max_positions);
  var sel = $("rules-sweep");
  sel.innerHTML = names.map(function (name) {
    var plan = rulecompare.sweepPlan(book, state.base, state.params, name, D.max_positions);
    return '<option value="' + esc(name) + '">' + esc(name + " from " + plan[0].value + " to " + plan[plan.length - 1].value +
      " (" + plan.length + " rule sets)") + "</option>";
  }).join("");
  $("rules-sweep-form").hidden = !names.length;
  $("rules-sweep-none").hidden = !!names.length;
  $("rules-sweep-out").innerHTML = "";
  api.sweep = null;
}
/* Solve the rule set at each value of `name` in turn (rulecompare.sweepPlan) and chart the start's value and the
   positions; a promise. */
function sweep(name) {
  var s = state.solved, plan = rulecompare.sweepPlan(book, state.base, state.params, name, D.max_positions);
  var points = plan.map(function (pt) {
    return { value: pt.value, spec: pt.spec, params: pt.params, href: "?rules=" + encSpec(pt.spec),
      here: pt.value === state.params[name], n: null, state: "waiting" };
  });
  var run = { name: name, points: points, done: false, stopped: false };
  api.sweep = run;
  var draw = function () {
    if (api.sweep !== run) return;
    var solved = points.filter(function (p) { return p.n !== null; }).length;
    $("rules-sweep-out").innerHTML = '<p class="sweep-status">' + esc(run.stopped ? "Stopped after " + solved + " of " + points.length + " rule sets." :
      run.done ? "The start's value for the first player and the positions of " + points.length + " rule sets, " + name +
        " from " + points[0].value + " to " + points[points.length - 1].value + ": each point opens its rule set." :
        "Solving " + points.length + " rule sets, " + name + " from " + points[0].value + " to " + points[points.length - 1].value +
        ": " + solved + " done…") + (run.done || run.stopped ? "" : ' <button type="button" id="rules-sweep-stop">Stop</button>') +
      '</p><div class="sweep-wrap">' + rulecompare.sweepChart(points, name, W, $("rules-sweep-out").clientWidth) + '</div><p class="sweep-key">' +
      '<span class="badge win">W</span> win · <span class="badge draw">D</span> ' +
      esc(contract.verdicts[contract.verdictOf(s.rules.P, false, -1, null)].short) + // draw, or open with more

      ' · <span class="badge loss">L</span> loss for the first player at the start; bars: positions (each line ten times the one below).</p>' +
      '<div class="sweep-table-wrap"><table class="data sweep-table"><thead><tr><th scope="col">' + esc(name) + '</th><th scope="col">The start, for the first player</th>' +
      '<th scope="col">Positions</th></tr></thead><tbody>' + points.map(function (p) {
        return "<tr" + (p.here ? ' class="here"' : "") + '><td><a href="' + esc(p.href) + '">' + esc(name + " = " + p.value) + "</a>" +
          (p.here ? " (yours)" : "") + "</td><td>" + (p.n === null ? esc(p.state) : '<span class="badge ' + esc(p.cls) + '">' +
          esc(p.start + ": " + p.words) + "</span>") + '</td><td class="num">' + (p.n === null ? "" : esc(rulebook.count(p.n))) +
          "</td></tr>";
      }).join("") + "</tbody></table></div>";
  };
  draw();
  var chain = Promise.resolve();
  points.forEach(function (p) {
    chain = chain.then(function () {
      if (api.sweep !== run || run.stopped || state.solved !== s) return null;
      p.state = "solving…";
      draw();
      return rulesworker.run(p.params, cfg.worker, function () {}).then(function (o) {
        o.rules = new movegen.Rules(o.R);
        var fig = rulefacts.figures(o, rulefacts.compute(o, W, p.params), W);
        p.n = fig.n;
        p.cls = fig.cls;
        p.words = fig.words;
        p.start = fig.start;
        draw();
      });
    });
  });
  return chain.then(function () {
    run.done = !run.stopped;
    draw();
  }, function (e) {
    run.stopped = true;
    points.forEach(function (p) { if (p.n === null) p.state = String(e.message) === "cancelled" ? "stopped" : String(e.message || e); });
    draw();
  });
}

export { attach, compareWith, sweepOptions, sweep };
