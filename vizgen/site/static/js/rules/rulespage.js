/* vizgen rulespage: "Try your own rules": a rule set from the address or the form, solved on this machine.
 *
 * The page's configuration (<script id="rules-config">) carries the rulebook's data and the words. The rule
 * set lives in the address as a spec string (rules.html?rules=cutoff:death_attack=true); the form edits it;
 * each change is checked (rulebook.js, the engine's own refusals) and sized (the engine's estimate) before
 * anything is compiled; then rulesworker.js solves it off the page and this module shows the start's value,
 * the counts, a position with its moves (each move's meaning for the player choosing it), a game against the
 * perfect player, a comparison with another rule set (any spec: rules.html?rules=A&compare=B) and a sweep of
 * one number (ruleside.js, loaded with rulesmore.js), a link, the JSON download and the recent rule sets. A rule
 * set past the page's usual limit is solved where the device reports the memory for it, with a progress bar and
 * a Cancel that ends the worker.
 *
 * window.vizgenRules is its face to tests: {ready, spec, solution, facts, error, refused, compare, sweep}.
 */
import * as address from "../core/address.js";
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";
import { esc } from "../core/util.js";
import * as rulefacts from "./rulefacts.js";
import * as rulegraph from "./rulegraph.js";
import * as rulemaxn from "./rulemaxn.js";
import * as rulemodel from "./rulemodel.js";
import * as rulesworker from "./rulesworker.js";
import * as movegen from "./engine/movegen.js";
import * as rulebook from "./engine/rulebook.js";
import * as rulesolve from "./engine/rulesolve.js";

/* Start the rules page (not in its Web Worker, which loads the same script) */
export function boot() {
  if (typeof document === "undefined") return;
  var cfgEl = document.getElementById("rules-config");
  if (!cfgEl) return;
  var cfg = JSON.parse(cfgEl.textContent);
  var D = cfg.book, W = cfg.words;
  var book = new rulebook.Book(D);
  var $ = function (id) { return document.getElementById(id); };
  var RECENT = "vizgen-rules-recent";
  var RECENT_MAX = 8, RECENT_BYTES = 8 * 1024; // the rule sets remembered, and the most storage read for them
  var api = (window.vizgenRules = { ready: false, spec: null, solution: null, facts: null, error: null, refused: null });
  var state = { base: "standard", params: null, solved: null, facts: null, shown: null, game: null, other: null };
  // the modules of the page's second script (rulesmore.js: ruledownload, ruleguide, ruleside, rulethumbs), handed
  // over on the page's handle (pages/rulesmore.js) once loaded (downloadScript)
  var late = null;

  /* The spec string the address names, or "" (the site's address reader, core/address.js). */
  function specFromAddress() {
    return address.read(location.search, location.hash, "rules").rules || "";
  }
  function encSpec(spec) {
    return encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",").replace(/%3D/gi, "=");
  }
  function addressOf(spec) {
    return "?rules=" + encSpec(spec) + (state.compareSpec ? "&compare=" + encSpec(state.compareSpec) : "");
  }

  // ------------------------------------------------------------------ the form
  function control(name) {
    var def = D.defaults[name], id = "ax-" + name;
    var input;
    if (typeof def === "boolean") input = '<input type="checkbox" id="' + id + '" name="' + name + '">';
    else if (typeof def === "number") {
      var r = D.ranges[name];
      input = '<input type="number" id="' + id + '" name="' + name + '" min="' + r[0] + '" max="' + r[1] + '" step="1">';
    } else {
      input = '<select id="' + id + '" name="' + name + '">' + D.choices[name].map(function (c) {
        return '<option value="' + esc(c) + '">' + esc(c) + "</option>";
      }).join("") + "</select>";
    }
    return '<div class="axis"><label for="' + id + '"><code>' + esc(name) + "</code></label>" + input +
      '<p class="axis-doc">' + esc(D.axes[name]) + "</p></div>";
  }
  function buildForm() {
    var base = $("rules-base");
    base.innerHTML = Object.keys(D.variants).map(function (slug) {
      return '<option value="' + esc(slug) + '">' + esc(D.variants[slug].title) + "</option>";
    }).join("");
    $("rules-axes").innerHTML = D.names.map(control).join("");
    base.addEventListener("change", function () {
      state.base = base.value;
      state.params = book.params(base.value);
      fillForm();
      changed();
    });
    $("rules-axes").addEventListener("change", function (ev) {
      var el = ev.target, name = el.name;
      if (!name) return;
      var def = D.defaults[name];
      state.params[name] = typeof def === "boolean" ? el.checked : typeof def === "number" ? Number(el.value) : el.value;
      changed();
    });
    $("rules-spec").addEventListener("change", function () { open($("rules-spec").value); });
  }
  function fillForm() {
    $("rules-base").value = state.base;
    D.names.forEach(function (name) {
      var el = $("ax-" + name), v = state.params[name];
      if (el.type === "checkbox") el.checked = !!v;
      else el.value = String(v);
    });
  }

  // ------------------------------------------------------------------ reading, checking, sizing
  function open(spec) {
    var read;
    try {
      read = book.read(spec);
    } catch (e) {
      // keep the form where it was (the standard rules at first); say why in the engine's words
      if (!state.params) {
        state.params = book.params("standard");
        fillForm();
      }
      api.spec = spec;
      $("rules-spec").value = spec;
      showProblem(spec, e.message);
      return;
    }
    state.base = read.base;
    state.params = read.params;
    fillForm();
    changed(true);
  }
  function currentSpec() {
    return book.spec(state.base, state.params);
  }
  function command(spec) {
    return "python -m vizgen build --variant " + spec;
  }
  function changed(first) {
    var spec = currentSpec();
    if (state.booted && spec !== api.spec) {
      // the viewer shows one rule set a page: other rules are another page
      location.replace(addressOf(spec));
      return;
    }
    api.spec = spec;
    $("rules-spec").value = spec;
    if (!first || specFromAddress() !== spec) history.replaceState(null, "", addressOf(spec) + location.hash);
    $("rules-command").textContent = command(spec);
    var same = book.builtin(state.params);
    $("rules-same").innerHTML = same
      ? 'These are the rules of the built-in variant <a href="' + esc(cfg.root) + "variants/" + esc(same) + '.html">' +
        esc(D.variants[same].title) + "</a>: its page has the same answers, drawn from the atlas."
      : "No built-in variant has exactly these rules.";
    var why = book.problem(state.params);
    if (why) {
      showProblem(spec, why);
      return;
    }
    var fit = book.allowance(state.params, navigator.deviceMemory);
    if (!fit.ok) {
      tooBig(fit);
      return;
    }
    api.refused = null;
    solve(spec, fit.size, fit.large);
  }
  /* Refuse a rule set too big for this device, in the words the page has always used; where the device says
     how much memory it has, what these rules would take of it. */
  function tooBig(fit) {
    var count = rulebook.count, L = D.large;
    api.refused = "size";
    var text = "These rules allow up to " + count(fit.size) + " positions: too many to solve " +
      "in a browser (this page takes up to " + count(D.max_positions) + "). Solve them on a " +
      "computer with the command below; the page it builds has every position.";
    if (fit.large && fit.size <= L.max_positions && fit.budget > 0) {
      text += " A device that reports enough memory may solve up to " + count(L.max_positions) + " here: these rules " +
        "would take about " + gigabytes(fit.bytes) + ", more than the " + gigabytes(fit.budget) + " this page allows " +
        "itself of this device's " + gigabytes(fit.budget / L.memory_share) + ".";
    }
    say("too-big", text, true);
  }
  function gigabytes(bytes) {
    return rulebook.count(bytes / Math.pow(2, 20)) + " MB";
  }
  function showProblem(spec, why) {
    api.refused = "rules";
    api.error = why;
    say("impossible", "These rules cannot be played as they stand: " + why + ".", true);
  }
  function say(kind, text, clear) {
    var el = $("rules-status");
    el.className = "rules-status " + kind;
    el.textContent = text;
    if (clear) {
      $("rules-result").hidden = true;
      api.solution = null;
    }
  }

  // ------------------------------------------------------------------ solving
  var STEPS = { compile: "compiling the rules", enumerate: "finding every position", solve: "solving",
    survival: "working out who survives", done: "done" };
  function solve(spec, size, large) {
    var t0 = Date.now();
    api.ready = false;
    api.large = !!large;
    say("working", "Solving " + spec + " (up to " + rulebook.count(size) + " positions) on this device…");
    var params = Object.assign({}, state.params);
    if (large) working(true, 0, "");
    rulesworker.run(params, cfg.worker, function (step, done, total) {
      if (large) working(true, rulesworker.fraction(step, done, total, size), STEPS[step]);
      if (Date.now() - t0 > 300) {
        var far = step === "survival" ? ", " + rulebook.count(done) + (done === 1 ? " ply" : " plies") + " from the end" :
          done > 1 && step !== "done" ? ", " + rulebook.count(done) + " positions so far" : "";
        say("working", "Solving " + spec + ": " + STEPS[step] + far + "…");
      }
    }, large).then(function (s) {
      if (large) working(false);
      if (api.spec !== spec) return null; // the rules changed meanwhile
      s.rules = new movegen.Rules(s.R);
      state.solved = api.solution = s;
      state.facts = api.facts = rulefacts.compute(s, W, params);
      state.r = params.r;
      var secs = (Date.now() - t0) / 1000;
      say("solved", "Solved on this device in " + (secs < 0.1 ? "under 0.1" : secs.toFixed(1)) + " s: " +
        rulebook.count(s.n) + " positions, " + rulebook.count(s.edges) + " moves.");
      remember(spec);
      if (large) return showResult().then(bigResult);
      return showResult().then(function () { return startViewer(spec, params); });
    }).then(function () {
      if (api.spec !== spec) return;
      api.ready = true;
      document.body.classList.add("rules-ready");
    }).catch(function (e) {
      if (large) working(false);
      if (api.spec !== spec) return;
      api.error = String(e.message || e);
      if (api.error === "cancelled") {
        api.refused = "cancelled";
        say("too-big", "Stopped: " + spec + " was not solved. Solve it again with the button below, or on a " +
          "computer with the command below.", true);
        $("rules-again").hidden = false;
      } else if (api.error === "no worker") {
        tooBig(book.allowance(params, undefined));
      } else say("impossible", "Could not solve these rules here: " + api.error);
    });
  }
  /* The progress bar and its Cancel button of a large rule set: shown at `share` (0 to 1) of the work, or hidden. */
  function working(on, share, step) {
    $("rules-working").hidden = !on;
    if (!on) return;
    $("rules-progress").value = share;
    $("rules-progress-text").textContent = util.pct(share, W.units) + (step ? ": " + step : "");
  }
  /* A large rule set solved: its figures and its own short walk and game, not the viewer (drawing every position
     of millions would take longer than solving them) nor the download (as large as the command's). */
  function bigResult() {
    $("rules-download").hidden = true;
    $("rules-big").hidden = false;
  }

  /* The variant pages' own viewer on these rules (graph or explorer, panel, search, play); the page's own
     short walk and game stay as they are if it cannot start. */
  function startViewer(spec, params) {
    var s = state.solved, P = s.rules.P;
    var legend = P === 2 ? cfg.legends.two : state.facts.mover ? cfg.legends.more : cfg.legends.more_plain;
    document.querySelectorAll("[data-legend]").forEach(function (el) {
      el.textContent = legend[el.getAttribute("data-legend")] || "";
    });
    state.booted = true;
    if (P !== 2) document.querySelectorAll(".two-only").forEach(function (el) { el.remove(); });
    $("explore").hidden = false;
    return rulemodel.boot(s, state.facts, cfg, params, spec).then(function () {
      return new Promise(function (resolve) {
        var tries = 0;
        (function wait() {
          var v = window.vizgen;
          if ((v && (v.ready || v.error)) || ++tries > 2400) resolve(); // two minutes on a slow device
          else setTimeout(wait, 50);
        })();
      });
    }).then(function () {
      if (window.vizgen && window.vizgen.ready) $("rules-fallback").hidden = true;
      else if (window.vizgen && window.vizgen.error) $("explore").hidden = true;
    }).catch(function (e) {
      api.error = String(e.message || e);
      $("explore").hidden = true;
    });
  }

  // ------------------------------------------------------------------ words
  function verdictWords(f, i, short) {
    var v = contract.verdicts[f.verdict[i]];
    return util.fill(short ? v.short : v.long, { n: f.verdictN[i], k: state.solved.winner[i] });
  }
  function choiceWords(f, i) {
    var c = contract.choices[f.choice[i]];
    return util.fill(c.long, { n: f.choiceN[i], k: f.choiceK[i] });
  }
  function cls(f, i) {
    return contract.verdicts[f.verdict[i]].cls;
  }
  function badge(f, i) {
    return '<span class="badge ' + cls(f, i) + '">' + esc(verdictWords(f, i, true)) + "</span>";
  }

  // ------------------------------------------------------------------ the result
  function showResult() {
    var s = state.solved, f = state.facts, P = s.rules.P;
    $("rules-result").hidden = false;
    var start = s.start;
    $("rules-verdict").innerHTML = '<span class="big ' + cls(f, start) + '">' + esc(s.rules.name(s.codes[start])) +
      "</span> " + esc(startSentence(s, f));
    state.figures = rulefacts.figures(s, f, W);
    $("rules-counts").innerHTML = rulefacts.countRows(state.figures).map(function (r) {
      return "<tr><th scope=\"row\">" + esc(r[0]) + "</th><td class=\"num\">" + esc(r[1]) + "</td></tr>";
    }).join("");
    show(start);
    $("rules-guide").hidden = true;
    if (P === 2 && s.n <= rulemaxn.MAXN_MAX) downloadScript().then(function () { if (state.solved === s) showGuide(); }, function () {});
    return compareWith();
  }
  function showGuide() {
    api.guide = late.ruleguide.show(state.solved, state.facts, cfg, function (i) { return cls(state.facts, i); });
    api.guide.thumbs = late.rulethumbs.show(state.solved, cfg, state.r).rules;
  }
  function startSentence(s, f) {
    var i = s.start, P = s.rules.P;
    var text = verdictWords(f, i, false);
    if (P === 2) {
      if (s.winner[i] === 0) return "The first player can force a win: " + text + ".";
      if (s.winner[i] === 1) return "The second player can force a win: " + text + " for the first.";
      return "With perfect play neither player can force a win: a draw.";
    }
    return "At the start, " + text + ".";
  }

  // ------------------------------------------------------------------ one position and its moves
  /* [{dst (node), names, best}] of node i, grouped by the position they reach (rulegraph.movesOf: the names by move
     id, as the built pages have them). */
  function movesOf(i) {
    return rulegraph.movesOf(state.solved, state.facts, i);
  }
  function show(i) {
    var s = state.solved, f = state.facts;
    state.shown = i;
    var name = s.rules.name(s.codes[i]);
    var moves = movesOf(i);
    var html = "<h3>" + esc(name) + " " + badge(f, i) + "</h3><p>" + esc(verdictWords(f, i, false)) + ". " +
      s.depth[i] + (s.depth[i] === 1 ? " ply" : " plies") + " from the start.</p>";
    if (!moves.length) html += "<p>The game is over here.</p>";
    else {
      html += '<table class="data rules-moves"><thead><tr><th scope="col">Move</th><th scope="col">Leads to</th>' +
        '<th scope="col">For the player choosing it</th></tr></thead><tbody>' + moves.map(function (m) {
        return '<tr class="' + (m.best ? "best" : "") + '"><td>' + esc(m.names.join(" / ")) + (m.best ? ' <span class="opt">optimal</span>' : "") +
          '</td><td><a href="#" data-node="' + m.dst + '">' + esc(s.rules.name(s.codes[m.dst])) + "</a></td><td>" +
          '<span class="badge ' + contract.choices[f.choice[m.dst]].cls + '">' + esc(choiceWords(f, m.dst)) + "</span></td></tr>";
      }).join("") + "</tbody></table>";
    }
    $("rules-position").innerHTML = html;
  }
  function find(text) {
    var s = state.solved, code = s.rules.find(text);
    return code === undefined ? -1 : rulesolve.nodeOf(s.codes, code);
  }

  // ------------------------------------------------------------------ a game against the perfect player
  function perfectMove(i) {
    var s = state.solved, best = null;
    movesOf(i).forEach(function (m) {
      if (!m.best) return;
      var name = s.rules.name(s.codes[m.dst]);
      if (best === null || name < best.name) best = { dst: m.dst, name: name };
    });
    return best ? best.dst : -1;
  }
  function newGame() {
    var s = state.solved;
    state.game = { at: s.start, trail: [s.start], marks: [] };
    playView();
  }
  function playView() {
    var s = state.solved, f = state.facts, g = state.game, i = g.at;
    var name = s.rules.name(s.codes[i]);
    var over = s.final[i] >= 0 || g.trail.length > contract.ending.cap;
    var html = "<p>You move first; the perfect player answers. Position <b>" + esc(name) + "</b>.</p>";
    if (over) {
      html += "<p><b>Game over.</b> " + esc(s.final[i] >= 0 ? verdictWords(f, i, false) : "Two hundred moves played: a draw by length.") + "</p>";
    } else {
      html += '<div class="rules-play-moves">' + movesOf(i).map(function (m) {
        return '<button type="button" data-play="' + m.dst + '">' + esc(m.names[0]) + "</button>";
      }).join("") + "</div>";
    }
    if (g.marks.length) {
      html += "<h4>Your moves, marked</h4><ol>" + g.marks.map(function (mk) {
        return "<li>" + esc(mk.move) + ": " + (mk.best ? "optimal" : "not optimal: " + esc(mk.words)) + "</li>";
      }).join("") + "</ol>";
    }
    html += '<p><button type="button" id="rules-newgame">New game</button></p>';
    $("rules-game").innerHTML = html;
  }
  function play(dst) {
    var s = state.solved, f = state.facts, g = state.game;
    var m = movesOf(g.at).find(function (x) { return x.dst === dst; });
    if (!m) return;
    var best = movesOf(g.at).filter(function (x) { return x.best; })[0];
    g.marks.push({ move: m.names[0], best: m.best, words: choiceWords(f, dst) + " (best: " + choiceWords(f, best.dst) + ")" });
    g.at = dst;
    g.trail.push(dst);
    while (s.final[g.at] < 0 && g.trail.length % s.rules.P !== 1 && g.trail.length <= contract.ending.cap) {
      g.at = perfectMove(g.at);
      g.trail.push(g.at);
    }
    playView();
  }

  // ------------------------------------------------------------------ compare, sweep (ruleside.js, with rulesmore.js)
  /* The comparison (and the sweep's menu) once the script that makes them is in: a promise that never fails. */
  function compareWith() {
    return downloadScript().then(function () {
      late.ruleside.attach({ cfg: cfg, book: book, state: state, api: api, $: $, currentSpec: currentSpec,
        addressOf: addressOf, encSpec: encSpec, badge: badge });
      late.ruleside.sweepOptions();
      return late.ruleside.compareWith();
    }).catch(function (e) {
      $("rules-compare-out").textContent = String(e.message || e);
    });
  }

  // ------------------------------------------------------------------ share, download, recent
  function remember(spec) {
    var list = recent().filter(function (x) { return x !== spec; });
    list.unshift(spec);
    try {
      localStorage.setItem(RECENT, JSON.stringify(list.slice(0, RECENT_MAX)));
    } catch {
      // storage refused (private mode): nothing is remembered
    }
    showRecent();
  }
  /* The recent rule sets as stored, checked before use: at most RECENT_MAX of them, each a spec the page reads
     (anything else in storage, or more than RECENT_BYTES of it, is left out). */
  function recent() {
    try {
      var text = localStorage.getItem(RECENT) || "[]";
      var v = text.length <= RECENT_BYTES ? JSON.parse(text) : [];
      return (Array.isArray(v) ? v : []).filter(function (x) {
        if (typeof x !== "string" || x.length > RECENT_BYTES / RECENT_MAX) return false;
        try {
          book.read(x);
          return true;
        } catch {
          return false;
        }
      }).slice(0, RECENT_MAX);
    } catch {
      return [];
    }
  }
  function showRecent() {
    var list = recent();
    $("rules-recent").innerHTML = list.length ? list.map(function (spec) {
      return '<li><a href="' + esc(addressOf(spec)) + '"><code>' + esc(spec) + "</code></a></li>";
    }).join("") : "<li>None yet: the rule sets you solve here are listed on this device only.</li>";
  }
  /* The script of the guide and the download (rulesmore.js), loaded once, when first needed. */
  var extra = null;
  function downloadScript() {
    if (late) return Promise.resolve();
    extra = extra || new Promise(function (resolve, reject) {
      var sc = document.createElement("script");
      sc.src = cfg.root + "assets/rulesmore.js";
      sc.onload = function () {
        late = globalThis.VZ.rulesmore;
        resolve();
      };
      sc.onerror = function () { reject(new Error("could not load rulesmore.js")); };
      document.body.appendChild(sc);
    });
    return extra;
  }
  function download() {
    downloadScript().then(save, function (e) { $("rules-copy-msg").textContent = e.message; });
  }
  function save() {
    var spec = currentSpec();
    var doc = late.ruledownload.doc(state.solved, state.facts, cfg, book, spec);
    var blob = new Blob([late.ruledownload.json(doc)], { type: "application/json" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = spec.replace(/[^a-z0-9]+/gi, "-") + ".json";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  // ------------------------------------------------------------------ wiring
  function wire() {
    buildForm();
    state.compareSpec = address.read(location.search, location.hash, "rules").compare || null; // checked by ruleside.js, which says so if it cannot be read
    state.compareDropped = !state.compareSpec && /[?&]compare=/.test(location.search);
    showRecent();
    $("rules-cancel").addEventListener("click", function () { rulesworker.cancel(); });
    $("rules-again").addEventListener("click", function () {
      $("rules-again").hidden = true;
      changed(true);
    });
    document.addEventListener("click", function (ev) {
      var t = ev.target;
      var node = t.closest && t.closest("[data-node]");
      if (node) {
        ev.preventDefault();
        var at = Number(node.getAttribute("data-node"));
        if (window.vizgen && window.vizgen.ready) {
          window.vizgen.go(at);
          $("explore").scrollIntoView({ block: "start" });
        } else {
          show(at);
          $("rules-position").scrollIntoView({ block: "nearest" });
        }
      }
      var mv = t.closest && t.closest("[data-play]");
      if (mv) play(Number(mv.getAttribute("data-play")));
      if (t.id === "rules-newgame") newGame();
    });
    $("rules-find").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var i = find($("rules-find-text").value);
      $("rules-find-msg").textContent = i < 0 ? "No reachable position is written that way under these rules." : "";
      if (i >= 0) show(i);
    });
    $("rules-copy").addEventListener("click", function () {
      var url = location.href;
      var done = function () { $("rules-copy-msg").textContent = "Link copied."; };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, function () { $("rules-copy-msg").textContent = url; });
      else $("rules-copy-msg").textContent = url;
    });
    $("rules-download").addEventListener("click", download);
    $("rules-play").addEventListener("click", newGame);
    var notes = address.read(location.search, location.hash, "rules").notes;
    var spec = specFromAddress() || cfg.from || "standard";
    open(spec);
    addressNotes(notes);
  }

  /* What the address reader left out of the address (a rules= too long or not readable), said above the
     status: the page shows other rules, never in silence. */
  function addressNotes(notes) {
    if (!notes.length) return;
    var el = document.createElement("p");
    el.id = "rules-address-note";
    el.className = "rules-address-note";
    el.setAttribute("role", "status");
    el.textContent = notes.join(" ");
    var status = $("rules-status");
    status.parentNode.insertBefore(el, status);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
}
