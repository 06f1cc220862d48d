/* vizgen rules viewer: the variant pages' viewer started on the rules page (its entry's glue: the window's width,
 * the viewer's configuration and scripts written into the page). The data files are rules/rulemodel.js's.
 */
import * as rulemodel from "../../rules/rulemodel.js";

/** @typedef {import("../../rules/engine/rulesolve.js").Solved} Solved */
/** @typedef {import("../../rules/rulefacts.js").Facts} Facts */
/** @typedef {import("../../rules/engine/rulebook.js").Params} Params */
/** @typedef {import("../../rules/rulemodel.js").ModelConfig} ModelConfig */
/** @typedef {import("../../rules/rulemodel.js").Files} Files */

/* Ready the variant pages' viewer for a solved rule set: write its configuration, then load vis-network
   and the variant page's script (it reads the configuration when they run, and waits for its data files).
   Returns a promise of those files (the maker of the rule set's data files), settled once the scripts have
   loaded: the page's entry hands them to the viewer's boot (pages/rules.js). */
/**
 * @param {Solved} s
 * @param {Facts} f
 * @param {ModelConfig} cfg
 * @param {Params} params
 * @param {string} spec
 * @returns {Promise<Files>}
 */
function boot(s, f, cfg, params, spec) {
  var P = s.rules.P;
  var small = rulemodel.whole(s.n, window.innerWidth);
  var made = rulemodel.files(s, f, cfg, small);
  var config = {
    kind: small ? "small" : "big", data: "", inline: true, slug: spec.replace(/[^a-z0-9]+/gi, "-"),
    players: P, hands: params.hands, r: params.r, start: s.rules.name(s.codes[s.start]),
    chunks: Math.ceil(s.n / rulemodel.CHUNK), overview: false, map: P === 2, view: P === 2 && !small ? "map" : "graph", themes: cfg.themes, words: cfg.words,
    seats: cfg.seats[P],
    ruleset: spec, // the rule set played, named by a game's result card (play.js)
  };
  var el = document.createElement("script");
  el.type = "application/json";
  el.id = "vizgen-config";
  el.textContent = JSON.stringify(config);
  document.body.appendChild(el);
  document.body.classList.add(config.kind === "small" ? "is-small" : "is-big");
  /** @type {Promise<void>} */
  var chain = Promise.resolve();
  ["vis-network.min.js", "variant.js"].forEach(function (name) {
    chain = chain.then(function () {
      return new Promise(function (resolve, reject) {
        var sc = document.createElement("script");
        sc.src = cfg.root + "assets/" + name;
        sc.onload = function () { resolve(); };
        sc.onerror = function () { reject(new Error("could not load " + name)); };
        document.body.appendChild(sc);
      });
    });
  });
  return chain.then(function () { return made; });
}

export { boot };
