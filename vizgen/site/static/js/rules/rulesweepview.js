/* vizgen rulesweepview: the rules page's sweep of one number (ruleside.js attaches it): the rule set solved again
 * along r, swaps, lives, start or hands in the worker, one value after another (rulecompare.js plans it and draws
 * its chart), with a table of the points.
 */
import { contract } from "../core/contract.js";
import { html, render } from "../core/html.js";
import * as rulebadge from "./rulebadge.js";
import * as rulecompare from "./rulecompare.js";
import * as rulefacts from "./rulefacts.js";
import * as movegen from "./engine/movegen.js";
import * as util from "../core/util.js";

/** @typedef {import("./ruleside.js").SidePage} SidePage */
/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulecompare.js").ChartPoint & {spec: string, params: Params, start?: string}} Point */
/** @typedef {{name: string, points: Point[], done: boolean, stopped: boolean}} SweepRun a sweep under way or done */

/** @type {SidePage} */
var P;

/**
 * Take the page's state and helpers; a click on Stop ends the sweep under way.
 * @param {SidePage} page
 */
function attach(page) {
  P = page;
  P.$("rules-sweep-go").addEventListener("click", function () {
    sweep(/** @type {HTMLSelectElement} */ (P.$("rules-sweep")).value);
  });
  P.onClick(function (ev) {
    var api = P.api;
    if (ev.target instanceof Element && ev.target.id === "rules-sweep-stop" && api.sweep) {
      api.sweep.stopped = true;
      P.cancel();
    }
  });
}

/* The numbers of these rules a sweep can run along, in the sweep's menu; the section hidden if none. */
function sweepOptions() {
  var state = P.state, D = P.cfg.book, book = P.book;
  var names = rulecompare.sweepable(book, state.base, state.params, D.max_positions);
  render(P.$("rules-sweep"), html`${names.map(function (name) {
    var plan = rulecompare.sweepPlan(book, state.base, state.params, name, D.max_positions);
    return html`<option value="${name}">${name + " from " + plan[0].value + " to " + plan[plan.length - 1].value +
      " (" + plan.length + " rule sets)"}</option>`;
  })}`);
  P.$("rules-sweep-form").hidden = !names.length;
  P.$("rules-sweep-none").hidden = !!names.length;
  render(P.$("rules-sweep-out"), html``);
  P.api.sweep = null;
}

/**
 * The key to the chart's start values: each class's badge and word (the undecided class in the verdicts' word
 * for P players: draw, or open with more), best first.
 * @param {number} players
 */
function classKey(players) {
  var undecided = contract.verdicts[contract.verdictOf(players, false, -1, null)];
  return rulebadge.classLetters().map(function (c, i) {
    return html`${i ? " · " : ""}${rulebadge.classBadge(c.key, c.letter)} ${c.key === undecided.cls ? undecided.short : c.key}`;
  });
}

/**
 * Solve the rule set at each value of `name` in turn (rulecompare.sweepPlan) and chart the start's value and the
 * positions.
 * @param {string} name
 * @returns {Promise<void>}
 */
function sweep(name) {
  var state = P.state, api = P.api, D = P.cfg.book, W = P.cfg.words;
  var s = /** @type {Solved} */ (state.solved), plan = rulecompare.sweepPlan(P.book, state.base, state.params, name, D.max_positions);
  /** @type {Point[]} */
  var points = plan.map(function (pt) {
    return { value: pt.value, spec: pt.spec, params: pt.params, href: "?rules=" + P.encSpec(pt.spec),
      here: pt.value === state.params[name], n: null, state: "waiting" };
  });
  /** @type {SweepRun} */
  var run = { name: name, points: points, done: false, stopped: false };
  api.sweep = run;
  var draw = function () {
    if (api.sweep !== run) return;
    var solved = points.filter(function (p) { return p.n !== null; }).length;
    var box = P.$("rules-sweep-out");
    var status = run.stopped ? "Stopped after " + solved + " of " + points.length + " rule sets." :
      run.done ? "The start's value for the first player and the positions of " + points.length + " rule sets, " + name +
        " from " + points[0].value + " to " + points[points.length - 1].value + ": each point opens its rule set." :
        "Solving " + points.length + " rule sets, " + name + " from " + points[0].value + " to " +
        points[points.length - 1].value + ": " + solved + " done…";
    render(box, html`<p class="sweep-status">${status}${run.done || run.stopped ? ""
      : html` <button type="button" id="rules-sweep-stop">Stop</button>`}</p><div class="sweep-wrap">${
      rulecompare.sweepChart(points, name, W, box.clientWidth)}</div><p class="sweep-key">${classKey(s.rules.P)
    } for the first player at the start; bars: positions (each line ten times the one below).</p><div class="sweep-table-wrap"><table class="data sweep-table"><thead><tr><th scope="col">${
      name}</th><th scope="col">The start, for the first player</th><th scope="col">Positions</th></tr></thead><tbody>${
      points.map(function (p) {
        var n = p.n;
        return html`<tr${p.here ? html` class="here"` : ""}><td><a href="${p.href}">${name + " = " + p.value}</a>${
          p.here ? " (yours)" : ""}</td><td>${n === null || n === undefined ? p.state
          : rulebadge.classBadge(/** @type {import("./rulefacts.js").ClassKey} */ (p.cls), p.start + ": " + p.words)
        }</td><td class="num">${n === null || n === undefined ? "" : util.count(n)}</td></tr>`;
      })}</tbody></table></div>`);
  };
  draw();
  /** @type {Promise<void>} */
  var chain = Promise.resolve();
  points.forEach(function (p) {
    chain = chain.then(function () {
      if (api.sweep !== run || run.stopped || state.solved !== s) return Promise.resolve();
      p.state = "solving…";
      draw();
      return P.solve(p.params, function () {}).then(function (solution) {
        /** @type {Solved} */
        var o = Object.assign(solution, { rules: new movegen.Rules(solution.R) });
        var fig = rulefacts.figures(o, rulefacts.compute(o, p.params));
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

export { attach, sweepOptions, sweep };
