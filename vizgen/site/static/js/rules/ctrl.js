/* vizgen rules ctrl: the rules page's state and actions, and nothing of the page (issue #47's shape).
 *
 * The rule set chosen (a base and its parameters, read from a spec string or changed rule by rule), its check
 * (the engine's refusals) and size (the engine's estimate, against the device's memory), its solve (by the
 * solver it is given: the Web Worker or the page's slices, pages/rules/worker.js) with the status line and the
 * progress bar's share, the position shown, the game against the perfect player, and a comparison with another
 * rule set (solved the same way: its figures, the sentence and the positions whose value changes). The page
 * (pages/rules.js) gives it the solver and a `redraw` it calls after each change, and draws `state` and `api`.
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";
import * as rulefacts from "./rulefacts.js";
import * as rulegame from "./rulegame.js";
import * as solving from "./solving.js";
import * as movegen from "./engine/movegen.js";
import * as rulebook from "./engine/rulebook.js";
import * as rulesolve from "./engine/rulesolve.js";

/** @typedef {import("./interfaces.js").RulesState} RulesState */
/** @typedef {import("./interfaces.js").RulesApi} RulesApi */
/** @typedef {import("./interfaces.js").Solver} Solver */
/** @typedef {import("./interfaces.js").Comparison} Comparison */
/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./engine/rulebook.js").BookData} BookData */
/** @typedef {import("./engine/rulebook.js").Allowance} Allowance */
/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./engine/rulesolve.js").Progress} Progress */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./rulefacts.js").Figures} Figures */

/** The solver's steps in words. @type {Record<string, string>} */
var STEPS = { compile: "compiling the rules", enumerate: "finding every position", solve: "solving",
  survival: "working out who survives", done: "done" };

/** @param {number} bytes */
function megabytes(bytes) {
  return util.count(bytes / Math.pow(2, 20)) + " MB";
}

/* A spec string as the address writes it: its colons, commas and equals signs kept. */
/** @param {string} spec */
function encSpec(spec) {
  return encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",").replace(/%3D/gi, "=");
}

/* A solution (a Solve's result) with its Rules made again: the solved rule set. */
/** @param {import("./solving.js").Solution} solution @returns {Solved} */
function solvedOf(solution) {
  return Object.assign(solution, { rules: new movegen.Rules(solution.R) });
}

/* What a position is, written the same under any rule set: each seat's hands in fingers and its marks (lives, a
   used switch, its own swaps: what its hand set's name writes after a colon), the mover first, and the swaps
   made. Its notation is not: past r = 10 hands are written dotted ("1.1-1.1" is 11-11). */
/** @param {movegen.Rules} rules @param {number} code */
function identity(rules, code) {
  var R = rules.R, d = rules.seats(code);
  return d.s.map(function (s) {
    var name = R.sets[s], colon = name.indexOf(":");
    return R.hands[s].join(",") + (colon < 0 ? "" : name.slice(colon));
  }).join(" ") + "/" + d.count;
}

class RulesCtrl {
  /**
   * @param {BookData} data the rulebook's data (the page's configuration)
   * @param {Solver} run solves a rule set: a promise of its solution, told how far it has got
   * @param {() => void} redraw called after each change of `state` or `api`
   * @param {() => number} [now] the clock, in milliseconds
   */
  constructor(data, run, redraw, now) {
    this.data = data;
    this.book = new rulebook.Book(data);
    this.run = run;
    this.redraw = redraw;
    this.now = now || Date.now;
    /** @type {RulesState} */
    this.state = { base: "standard", params: this.book.params("standard"), solved: null, facts: null, figures: null,
      shown: null, game: null, status: null, working: null, again: false, formSet: false };
    /** @type {RulesApi} the page's face to tests (window.vizgenRules) */
    this.api = { ready: false, spec: null, solution: null, facts: null, error: null, refused: null };
  }

  /** The spec string of the rules chosen. */
  spec() {
    return this.book.spec(this.state.base, this.state.params);
  }

  /** The address of the page for `spec` (and the rule set compared with, if any). @param {string} spec */
  addressOf(spec) {
    var other = this.state.compareSpec;
    return "?rules=" + encSpec(spec) + (other ? "&compare=" + encSpec(other) : "");
  }

  /**
   * Choose the rules `spec` names: whether it could be read (if not, the status says why, in the engine's words,
   * and the rules stay as they were: the standard rules at first).
   * @param {string} spec
   * @returns {boolean}
   */
  read(spec) {
    var state = this.state, read;
    try {
      read = this.book.read(spec);
    } catch (e) {
      if (!state.formSet) state.params = this.book.params("standard");
      state.formSet = true;
      this.api.spec = spec;
      this.problem(/** @type {Error} */ (e).message);
      return false;
    }
    state.base = read.base;
    state.params = read.params;
    state.formSet = true;
    return true;
  }

  /** Start from another built-in variant's rules. @param {string} base */
  choose(base) {
    this.state.base = base;
    this.state.params = this.book.params(base);
  }

  /** Change one rule. @param {string} name @param {number | string | boolean} value */
  set(name, value) {
    this.state.params[name] = value;
  }

  /**
   * Check the rules chosen before anything is compiled: the engine's refusal, or too many positions for this
   * device (`memory`: the gigabytes it reports, if it does); then what solving them takes, or null.
   * @param {number | undefined} memory
   * @returns {Allowance | null}
   */
  check(memory) {
    this.api.spec = this.spec();
    this.state.again = false;
    var why = this.book.problem(this.state.params);
    if (why) {
      this.problem(why);
      return null;
    }
    var fit = this.book.allowance(this.state.params, memory);
    if (!fit.ok) {
      this.tooBig(fit);
      return null;
    }
    this.api.refused = null;
    return fit;
  }

  /** The rules cannot be played as they stand: `why`, the engine's words. @param {string} why */
  problem(why) {
    this.api.refused = "rules";
    this.api.error = why;
    this.say("impossible", "These rules cannot be played as they stand: " + why + ".", true);
  }

  /* Refuse a rule set too big for this device, in the words the page has always used; where the device says
     how much memory it has, what these rules would take of it. */
  /** @param {Allowance} fit */
  tooBig(fit) {
    var count = util.count, D = this.data, L = D.large;
    this.api.refused = "size";
    var text = "These rules allow up to " + count(fit.size) + " positions: too many to solve " +
      "in a browser (this page takes up to " + count(D.max_positions) + "). Solve them on a " +
      "computer with the command below; the page it builds has every position.";
    if (fit.large && fit.size <= L.max_positions && fit.budget > 0) {
      text += " A device that reports enough memory may solve up to " + count(L.max_positions) + " here: these rules " +
        "would take about " + megabytes(fit.bytes) + ", more than the " + megabytes(fit.budget) + " this page allows " +
        "itself of this device's " + megabytes(fit.budget / L.memory_share) + ".";
    }
    this.say("too-big", text, true);
  }

  /**
   * The status line: its kind (working, solved, too-big, impossible) and words; `clear` hides the result.
   * @param {string} kind @param {string} text @param {boolean} [clear]
   */
  say(kind, text, clear) {
    this.state.status = { kind: kind, text: text, clear: !!clear };
    if (clear) this.api.solution = null;
    this.redraw();
  }

  /**
   * The progress bar (a large rule set's, or a slow comparison's): at `share` (0 to 1) with `step` in words, or
   * taken down (null).
   * @param {number | null} share @param {string} [step]
   */
  working(share, step) {
    this.state.working = share === null ? null : { share: share, step: step || "" };
    this.redraw();
  }

  /**
   * Solve the rules chosen (`fit`: what check() allowed): whether they were solved and are still the rules
   * chosen. The status says how far it has got after 0.3 s, then how long it took; a large rule set has the
   * progress bar; a cancelled or failed solve says so.
   * @param {Allowance} fit
   * @returns {Promise<boolean>}
   */
  solve(fit) {
    var ctrl = this, state = this.state, api = this.api, spec = this.spec(), t0 = this.now(), large = fit.large;
    api.ready = false;
    api.large = large;
    state.again = false;
    this.say("working", "Solving " + spec + " (up to " + util.count(fit.size) + " positions) on this device…");
    var params = Object.assign({}, state.params);
    if (large) this.working(0, "");
    /** @type {Progress} */
    var tell = function (step, done, total) {
      if (large) ctrl.working(solving.fraction(step, done, total, fit.size), STEPS[step]);
      if (ctrl.now() - t0 > 300) {
        var far = step === "survival" ? ", " + util.plural(done, "ply", "plies") + " from the end" :
          done > 1 && step !== "done" ? ", " + util.count(done) + " positions so far" : "";
        ctrl.say("working", "Solving " + spec + ": " + STEPS[step] + far + "…");
      }
    };
    return this.run(params, tell, large).then(function (solution) {
      if (large) ctrl.working(null);
      if (api.spec !== spec) return false; // the rules changed meanwhile
      var s = solvedOf(solution);
      state.solved = api.solution = s;
      state.facts = api.facts = rulefacts.compute(s, params);
      state.figures = rulefacts.figures(s, state.facts);
      state.r = params.r;
      state.shown = s.start;
      state.game = null;
      var secs = (ctrl.now() - t0) / 1000;
      ctrl.say("solved", "Solved on this device in " + (secs < 0.1 ? "under 0.1" : secs.toFixed(1)) + " s: " +
        util.count(s.n) + " positions, " + util.count(s.edges) + " moves.");
      return true;
    }, function (e) {
      if (large) ctrl.working(null);
      if (api.spec !== spec) return false;
      api.error = String(e.message || e);
      if (api.error === "cancelled") {
        api.refused = "cancelled";
        state.again = true;
        ctrl.say("too-big", "Stopped: " + spec + " was not solved. Solve it again with the button below, or on a " +
          "computer with the command below.", true);
      } else if (api.error === "no worker") ctrl.tooBig(ctrl.book.allowance(params, undefined));
      else ctrl.say("impossible", "Could not solve these rules here: " + api.error);
      return false;
    });
  }

  /** The solved rule set and its facts (the actions below run once it is solved). */
  solved() {
    return { s: /** @type {Solved} */ (this.state.solved), f: /** @type {Facts} */ (this.state.facts) };
  }

  /** Show node `i` and its moves. @param {number} i */
  show(i) {
    this.state.shown = i;
    this.redraw();
  }

  /** The node a position's text names under these rules, or -1. @param {string} text */
  find(text) {
    var s = this.solved().s, code = s.rules.find(text);
    return code === undefined ? -1 : rulesolve.nodeOf(s.codes, code);
  }

  /** A new game against the perfect player, from the start. */
  newGame() {
    this.state.game = rulegame.newGame(this.solved().s);
    this.redraw();
  }

  /** Play the move to node `dst` in the game: whether it was one. @param {number} dst */
  play(dst) {
    var { s, f } = this.solved();
    var moved = !!this.state.game && rulegame.play(s, f, this.state.game, dst);
    if (moved) this.redraw();
    return moved;
  }

  /**
   * Solve `other` (named `otherSpec`) and compare it with the rules solved: null if the rules solved changed
   * meanwhile; a failed solve fails.
   * @param {Params} other
   * @param {string} otherSpec
   * @param {Progress} tell
   * @returns {Promise<Comparison | null>}
   */
  compare(other, otherSpec, tell) {
    var ctrl = this, solved = this.state.solved;
    return this.run(other, tell, false).then(function (solution) {
      if (!solved || ctrl.state.solved !== solved) return null;
      return ctrl.compared(solvedOf(solution), other, otherSpec);
    });
  }

  /**
   * The rules solved against `o` (the rules `other`, named `otherSpec`, solved): both rule sets' figures, the
   * sentence on the start's value and, where both are small enough, the positions both reach whose value
   * changes ([here, there] node pairs).
   * @param {Solved} o
   * @param {Params} other
   * @param {string} otherSpec
   * @returns {Comparison}
   */
  compared(o, other, otherSpec) {
    var { s, f } = this.solved(), max = this.data.max_positions;
    var of = rulefacts.compute(o, other), mine = /** @type {Figures} */ (this.state.figures);
    var theirs = rulefacts.figures(o, of);
    var here = s.rules.name(s.codes[s.start]);
    var sentence = "Under " + otherSpec + ", the start " + theirs.start + (mine.cls === theirs.cls
      ? " has the same value: " + theirs.words + "." : " has another value: " + theirs.words + " (under your rules, " +
      here + ": " + mine.words + ").");
    /** @type {Array<[number, number]>} */
    var changed = [];
    var each = s.n <= max && o.n <= max;
    if (each) {
      var shared = 0;
      /** @type {Map<string, number>} */
      var byIdentity = new Map();
      for (var j = 0; j < o.n; j++) byIdentity.set(identity(o.rules, o.codes[j]), j);
      for (var i = 0; i < s.n; i++) {
        var k = byIdentity.get(identity(s.rules, s.codes[i]));
        if (k === undefined) continue;
        shared++;
        if (contract.verdicts[f.verdict[i]].cls !== contract.verdicts[of.verdict[k]].cls) changed.push([i, k]);
      }
      sentence += " Of the " + util.count(shared) + " positions both rule sets reach, " +
        (changed.length ? util.plural(changed.length, "changes", "change") +
          " value" + (changed.length > 1 ? ", listed below." : ", below.") : "none changes value.");
    } else {
      sentence += " Position by position, rule sets are compared up to " + util.count(max) + " positions.";
    }
    return { other: o, facts: of, spec: otherSpec, figures: [mine, theirs], sentence: sentence, changed: changed,
      each: each };
  }
}

export { RulesCtrl, STEPS, encSpec, identity };
