/* vizgen rulebook: a spec string read into checked rule parameters, its size estimated, in the browser.
 *
 * The names, defaults, bounds and choices of every parameter and the built-in variants are data written by
 * the Python (vizgen/site/rulespage.py, from vizgen/engine/params.py and variants.py); the checks and their
 * sentences follow vizgen/engine/params.py's check(), word for word, and the fast lane compares them on
 * random combinations (tests/test_rulespage.py).
 */
import { count } from "../../core/util.js";
/** @typedef {number | boolean | string} Value one parameter's value */
/**
 * A rule set's parameters (vizgen/engine/params.py Params), read by name too.
 * @typedef {{players: number, hands: number, r: number, overflow: string, attack: string, self_attack: boolean,
 *   transfers: boolean, divisions: boolean, suicide: boolean, meta: boolean, halvesies: string, swaps: number,
 *   misere: boolean, sudden_death: boolean, integers: boolean, zombies: boolean, start: number,
 *   death_attack: boolean, self_add: boolean, cherry_bomb: boolean, logan: boolean, passes: boolean,
 *   one_point_switch: boolean, swap_count: string, stumps: boolean, lives: number, transfer_scope: string,
 *   division_scope: string} & Record<string, Value>} Params
 */
/**
 * The rule book the Python writes (vizgen/site/render/rules_page.py rulebook_data), typed by payloads.py's
 * RuleBook (core/payloads.d.ts); its parameters read as Params, each by its own type.
 * @typedef {Omit<import("../../core/payloads").RuleBook, "defaults" | "variants"> & {defaults: Params,
 *   variants: Record<string, Omit<import("../../core/payloads").BuiltinRules, "params"> & {params: Partial<Params>}>}}
 *   BookData
 */
/**
 * What a device may solve (Book.allowance).
 * @typedef {{ok: boolean, large: boolean, size: number, bytes: number, budget: number}} Allowance
 */
/**
 * A spec string read (Book.read).
 * @typedef {{base: string, pairs: Array<[string, Value]>, params: Params}} Spec
 */

/**
 * @constructor
 * @param {BookData} data
 */
function Book(data) {
  this.D = data;
}

/** @param {unknown} v */
function shown(v) {
  return typeof v === "string" ? "'" + v + "'" : String(v);
}
/**
 * @param {number} n
 * @param {number} k
 */
function choose(n, k) {
  var out = 1;
  for (var i = 1; i <= k; i++) out = (out * (n - k + i)) / i;
  return Math.round(out);
}

/* How many values one hand can hold, multisets one player can hold, states one player can be in, and the
   positions that exist (params.py hand_values, hand_sets, player_states, estimate_positions). */
/**
 * @param {Params} p
 * @returns {number}
 */
Book.prototype.handValues = function (p) {
  var signed = p.integers && p.overflow === "cutoff";
  var whole = signed ? 2 * p.r - 1 : p.r;
  return p.stumps && signed ? 2 * whole - 1 : (p.stumps ? 2 * whole : whole);
};
/**
 * @param {Params} p
 * @returns {number}
 */
Book.prototype.handSets = function (p) {
  return choose(this.handValues(p) + p.hands - 1, p.hands);
};
/** @param {Params} p */
function ownSwaps(p) {
  return p.swap_count === "player" && p.swaps > 0;
}
/**
 * @param {Params} p
 * @returns {number}
 */
Book.prototype.playerStates = function (p) {
  var extra = p.lives > 1 ? p.lives : 1;
  extra *= p.one_point_switch ? 2 : 1;
  extra *= ownSwaps(p) ? p.swaps + 1 : 1;
  return (this.handSets(p) - 1) * extra + 1;
};
/**
 * @param {Params} p
 * @returns {number}
 */
Book.prototype.estimate = function (p) {
  return Math.pow(this.playerStates(p), p.players) * (ownSwaps(p) ? 1 : p.swaps + 1);
};

/* Whether rules `p` may be solved on a device reporting `deviceMemory` GiB (undefined: it does not say): {ok,
   large (past the page's usual limit), size (positions that exist), bytes (its estimate), budget (the share of
   the memory it may take, 0 where unknown)}: past max_positions, up to the site's own ceiling (D.large,
   vizgen/util/sizes.py) where the share of the memory holds the bytes the rule set takes. */
/**
 * @param {Params} p
 * @param {number | undefined} deviceMemory
 * @returns {Allowance}
 */
Book.prototype.allowance = function (p, deviceMemory) {
  var D = this.D, L = D.large, size = this.estimate(p);
  var sets = this.handSets(p);
  var bytes = size * L.bytes_per_position + sets * sets * L.bytes_per_hand_pair;
  var budget = typeof deviceMemory === "number" && deviceMemory > 0 ? deviceMemory * Math.pow(2, 30) * L.memory_share : 0;
  if (size <= D.max_positions) return { ok: true, large: false, size: size, bytes: bytes, budget: budget };
  return { ok: size <= L.max_positions && bytes <= budget, large: true, size: size, bytes: bytes, budget: budget };
};

/** @param {Params} p */
function splits(p) {
  return p.transfers || p.divisions || p.suicide;
}

/* The reason these parameters are refused, in the engine's words (params.py check), or null. */
/**
 * @param {Params} p
 * @returns {string | null}
 */
Book.prototype.problem = function (p) {
  var D = this.D, name, i;
  for (name in D.ranges) {
    var lo = D.ranges[name][0], hi = D.ranges[name][1], v = p[name];
    if (typeof v !== "number" || v !== Math.floor(v) || v < lo || v > hi) {
      return "parameter " + name + " must be a whole number from " + lo + " to " + hi + ", got " + shown(v);
    }
  }
  for (name in D.choices) {
    if (/** @type {Value[]} */ (D.choices[name]).indexOf(p[name]) < 0) {
      return "parameter " + name + " must be one of " + D.choices[name].join(", ") + ", got " + shown(p[name]);
    }
  }
  var states = this.playerStates(p);
  if (states > D.hand_sets_max) {
    return "r = " + p.r + " with " + p.hands + " hand(s) gives a player " + count(states) + " possible " +
      (states !== this.handSets(p) ? "states" : "hands") + "; at most " + count(D.hand_sets_max) +
      " are taken (their rules would take minutes to compile)";
  }
  if (p.start > p.r - 1) return "start=" + p.start + " does not fit: a hand holds at most r-1 = " + (p.r - 1) + " fingers";
  if (p.zombies && p.players < 3) {
    return "zombies needs players >= 3 (with two players the game ends at the first elimination)";
  }
  if (p.zombies && (p.misere || p.attack === "self-gain")) {
    return "zombies cannot be combined with misere or self-gain: eliminations end those games";
  }
  if (p.misere && p.attack === "self-gain" && p.players > 2) return "misere self-gain is defined for two players only";
  if ((p.meta || p.halvesies !== "off") && !splits(p)) {
    return "meta and halvesies change splits, but this variant allows none (set transfers, divisions or suicide)";
  }
  if (p.swaps && p.hands < 2) return "swaps need at least two hands";
  if (p.sudden_death && p.hands * p.start === 1) {
    return "sudden_death with one finger in total at the start eliminates everyone at once";
  }
  if (p.lives > 1 && !p.sudden_death) {
    return "lives needs sudden_death=true: a life is lost each time a player is left with one finger";
  }
  var scopes = [["transfer_scope", "any", "transfers"], ["division_scope", "any", "divisions"]];
  for (i = 0; i < scopes.length; i++) {
    var s = scopes[i];
    if (p[s[0]] !== s[1] && p.hands < 3) {
      return s[0] + " needs hands >= 3: with " + p.hands + " hand(s) every split already moves fingers " +
        "between the only hands there are";
    }
    if (p[s[0]] !== s[1] && !p[s[2]]) {
      return s[0] + " says which " + s[2] + " are allowed, but " + s[2] + "=false allows none";
    }
  }
  if (p.swap_count !== "row" && !p.swaps) return "swap_count says how the swaps cap counts, but swaps=0 allows no swap";
  if (p.cherry_bomb && p.sudden_death) {
    return "cherry_bomb resets the striking hand to 1, which sudden_death would then take out with the struck " +
      "player at once; the rules say nothing of two players going out on one move";
  }
  if (p.attack === "self-gain" && (p.cherry_bomb || p.death_attack)) {
    return (p.cherry_bomb ? "cherry_bomb" : "death_attack") +
      " changes the struck hand, but under self-gain a strike changes the striker's";
  }
  var two = ["logan", "one_point_switch", "stumps"];
  for (i = 0; i < two.length; i++) {
    if (p[two[i]] && p.hands < 2) return two[i] + " moves fingers between two hands: it needs hands >= 2";
  }
  if (p.stumps && !p.divisions) {
    return "stumps split a lone finger onto a dead hand, which is a division: it needs divisions=true";
  }
  return null;
};

/* A raw value of a spec string as parameter `name` takes it (params.py _coerce), or throws a sentence. */
/**
 * @param {string} name
 * @param {Value} raw
 * @returns {Value}
 */
Book.prototype.coerce = function (name, raw) {
  var def = this.D.defaults[name];
  if (typeof def === "boolean") {
    if (typeof raw === "boolean") return raw;
    if (/^(true|false)$/i.test(String(raw))) return String(raw).toLowerCase() === "true";
    throw new Error("parameter " + name + " takes true or false, got " + shown(raw));
  }
  if (typeof def === "number") {
    if (typeof raw === "number") return raw;
    var t = String(raw).trim();
    if (/^[+-]?[0-9]{1,30}$/.test(t)) return parseInt(t, 10);
    if (/^[+-]?[0-9]+$/.test(t)) {
      var r = this.D.ranges[name];
      throw new Error("parameter " + name + " must be a whole number from " + r[0] + " to " + r[1] +
        ", got a number of " + t.length + " digits");
    }
    throw new Error("parameter " + name + " takes a whole number (ASCII digits), got " + shown(raw));
  }
  return String(raw);
};

/* Read a spec string (standard, cutoff:death_attack=true,r=7) as the engine does (spec.py resolve).
   Returns {base, pairs: [[name, value]], params}; throws an Error whose message is one sentence. */
/**
 * @param {unknown} spec
 * @returns {Spec}
 */
Book.prototype.read = function (spec) {
  var D = this.D;
  var text = String(spec || "").trim() || "standard";
  var colon = text.indexOf(":");
  var base = (colon < 0 ? text : text.slice(0, colon)).trim();
  var rest = colon < 0 ? "" : text.slice(colon + 1);
  if (!Object.prototype.hasOwnProperty.call(D.variants, base)) {
    throw new Error("unknown variant '" + base + "'; start from one of " + Object.keys(D.variants).join(", "));
  }
  /** @type {Array<[string, Value]>} */
  var pairs = [];
  var seen = new Set(), book = this;
  rest.split(",").map(function (s) { return s.trim(); }).filter(Boolean).forEach(function (item) {
    var eq = item.indexOf("=");
    var k = eq < 0 ? item : item.slice(0, eq).trim(), v = eq < 0 ? "" : item.slice(eq + 1).trim();
    if (eq < 0 || !k || !v) {
      throw new Error("bad override '" + item + "' in '" + text + "': write key=value, e.g. standard:r=7");
    }
    if (seen.has(k)) throw new Error("parameter '" + k + "' is given twice in '" + text + "': give each key once");
    seen.add(k);
    if (D.names.indexOf(k) < 0) {
      throw new Error("unknown parameter '" + k + "'; parameters: " + D.names.join(", "));
    }
    pairs.push([k, book.coerce(k, v)]);
  });
  var params = this.params(base);
  pairs.forEach(function (pair) { params[pair[0]] = pair[1]; });
  var why = this.problem(params);
  if (why) throw new Error(why);
  return { base: base, pairs: pairs, params: params };
};

/* Every parameter of a built-in variant (the defaults, then its own). */
/**
 * @param {string} slug
 * @returns {Params}
 */
Book.prototype.params = function (slug) {
  var out = Object.assign({}, this.D.defaults);
  return Object.assign(out, this.D.variants[slug].params);
};
/* The shortest spec string for these parameters from base `base`: only what differs, in parameter order. */
/**
 * @param {string} base
 * @param {Params} params
 * @returns {string}
 */
Book.prototype.spec = function (base, params) {
  /** @type {string[]} */
  var parts = [];
  var from = this.params(base);
  this.D.names.forEach(function (k) {
    if (params[k] !== from[k]) parts.push(k + "=" + String(params[k]));
  });
  return parts.length ? base + ":" + parts.join(",") : base;
};
/* The built-in variant with exactly these parameters, or null. */
/**
 * @param {Params} params
 * @returns {string | null}
 */
Book.prototype.builtin = function (params) {
  var D = this.D, book = this;
  /** @type {string | null} */
  var found = null;
  Object.keys(D.variants).some(function (slug) {
    var v = book.params(slug);
    if (D.names.every(function (k) { return v[k] === params[k]; })) found = slug;
    return found !== null;
  });
  return found;
};

export { Book };
