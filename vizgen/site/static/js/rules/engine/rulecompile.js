/* vizgen rulecompile: a rule set's parameters compiled into the move tables the code pages ship.
 *
 * The same tables as vizgen/engine/rules.py's Rules.kernel_tables (layout in vizgen/engine/kernel.py), built
 * from the same plain functions as vizgen/engine/hands.py, in the same order, so movegen.js reads them as it
 * reads a code page's rules.js. Hand values are kept in units of a half finger with stumps (of a finger
 * otherwise), so every value is a whole number. The fast lane checks every table, position and value of
 * built-in and random rule sets against the Python engine (tests/test_rulespage.py).
 */
var HALF = "\u00bd", MINUS = "\u2212";

/** @typedef {import("./rulebook.js").Params} Params */
/** @typedef {import("./movegen.js").Payload} Payload */
/** @typedef {[number, number, number[], number[]]} Strike striker's hand, struck hand, both players' hands after */
/** @typedef {[number, number, number[]]} SelfStrike the two hands and the hands after */
/** @typedef {[number, number[]]} Change a hand and the hands after (a flip, an add) */
/** @typedef {{hands: number[], lives: number, used: boolean, own: number}} State one player's state */

// ------------------------------------------------------------------ values and hands (hands.py)
/**
 * @constructor
 * @param {Params} p
 */
function Book(p) {
  this.p = p;
  this.step = p.stumps ? 2 : 1;
  this.ru = p.r * this.step; // r in units
  this.signed = p.integers && p.overflow === "cutoff";
  this.ownSwaps = p.swap_count === "player" && p.swaps > 0;
  this.wide = p.r > 10;
  var low = this.signed ? -(this.ru - 1) : 0;
  /** @type {number[]} */
  this.domain = [];
  /** @type {number[][] | null} the non-negative hand sets, made at the first split */
  this.nonneg = null;
  for (var k = low; k < this.ru; k++) this.domain.push(k);
}
/**
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
Book.prototype.combine = function (a, b) {
  var total = a + b;
  if (this.signed) return Math.abs(total) >= this.ru ? 0 : total;
  if (total < this.ru) return total;
  return this.p.overflow === "rollover" ? total - this.ru : 0;
};
/**
 * @param {number[]} list
 * @returns {number[]}
 */
function sorted(list) {
  return list.slice().sort(function (x, y) { return x - y; });
}
/**
 * @param {number[]} hands
 * @param {number} old
 * @param {number} now
 */
function replace(hands, old, now) {
  var out = hands.slice();
  out[out.indexOf(old)] = now;
  return sorted(out);
}
/** @param {number[]} hands */
function liveCount(hands) {
  var n = 0;
  for (var i = 0; i < hands.length; i++) if (hands[i]) n++;
  return n;
}
/** @param {number[]} list */
function distinct(list) {
  return sorted(Array.from(new Set(list)));
}
/** @param {number[]} list */
function sum(list) {
  var s = 0;
  for (var i = 0; i < list.length; i++) s += list[i];
  return s;
}
/**
 * @param {number[]} a
 * @param {number[]} b
 */
function same(a, b) {
  if (a.length !== b.length) return false;
  for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
/* Every sorted tuple of `size` values of `values` (ascending), in itertools.combinations_with_replacement order. */
/**
 * @param {number[]} values
 * @param {number} size
 * @returns {number[][]}
 */
function multisets(values, size) {
  /** @type {number[][]} */
  var out = [];
  /** @type {number[]} */
  var pick = [];
  (function go(/** @type {number} */ from) {
    if (pick.length === size) {
      out.push(pick.map(function (i) { return values[i]; }));
      return;
    }
    for (var i = from; i < values.length; i++) {
      pick.push(i);
      go(i);
      pick.pop();
    }
  })(0);
  return out;
}
/** @param {number[]} hands */
Book.prototype.fingers = function (hands) {
  var s = 0;
  for (var i = 0; i < hands.length; i++) s += Math.abs(hands[i]);
  return s;
};
/** @param {number[]} hands */
Book.prototype.fractions = function (hands) {
  var step = this.step;
  return sorted(hands.map(function (v) { return ((v % step) + step) % step; }));
};
/* Counter(a) - Counter(b): the values of a not matched in b, with multiplicity. */
/**
 * @param {number[]} a
 * @param {number[]} b
 */
function minus(a, b) {
  /** @type {number[]} */
  var out = [];
  var left = b.slice();
  a.forEach(function (v) {
    var i = left.indexOf(v);
    if (i >= 0) left.splice(i, 1);
    else out.push(v);
  });
  return out;
}
/**
 * @param {number[]} before
 * @param {number[]} after
 */
Book.prototype.scopeOk = function (before, after) {
  var p = this.p;
  var removed = minus(before, after), added = minus(after, before);
  if (liveCount(after) === liveCount(before)) return p.transfer_scope === "any" || removed.length === 2;
  if (p.division_scope === "any") return true;
  var donors = removed.filter(function (v) { return v !== 0; });
  return donors.length === 1 && added.indexOf(0) < 0 && (p.division_scope === "one-to-many" || removed.length === 2);
};
/**
 * @param {number[]} hands
 * @returns {number[][]}
 */
Book.prototype.splits = function (hands) {
  var p = this.p, book = this;
  if (hands.some(function (v) { return v < 0; })) return [];
  var total = sum(hands), live = liveCount(hands);
  var totals = [total];
  if (p.meta && total - this.ru > 0) totals.push(total - this.ru);
  if (!this.nonneg) this.nonneg = multisets(this.domain.filter(function (v) { return v >= 0; }), p.hands);
  var nonneg = this.nonneg;
  var fractions = this.fractions(hands).join(",");
  /** @type {number[][]} */
  var out = [];
  totals.forEach(function (tot) {
    nonneg.forEach(function (now) {
      if (sum(now) !== tot || same(now, hands) || liveCount(now) === 0) return;
      if (book.fractions(now).join(",") !== fractions) return;
      var after = liveCount(now);
      var allowed = after === live ? p.transfers : (after > live ? p.divisions : p.suicide);
      var spread = now[now.length - 1] - now[0];
      if ((p.halvesies === "even" && spread !== 0) || (p.halvesies === "near" && spread > book.step)) return;
      if (allowed && (tot !== total || after < live || book.scopeOk(hands, now))) out.push(now);
    });
  });
  if (p.stumps && live === 1 && total === this.step && p.hands >= 2) {
    var halves = [1, 1];
    for (var i = 2; i < p.hands; i++) halves.push(0);
    out.push(sorted(halves));
  }
  return out;
};
/**
 * @param {number[]} striker
 * @param {number[]} struck
 * @returns {Strike[]}
 */
Book.prototype.strikes = function (striker, struck) {
  var p = this.p, book = this;
  var gain = p.attack === "self-gain", bomb = p.cherry_bomb;
  var targets = p.death_attack ? distinct(struck) : distinct(struck.filter(function (v) { return v; }));
  /** @type {Strike[]} */
  var out = [];
  distinct(striker.filter(function (v) { return v; })).forEach(function (a) {
    targets.forEach(function (b) {
      var now = book.combine(a, b);
      if (gain) out.push([a, b, replace(striker, a, now), struck]);
      else {
        out.push([a, b, bomb && a + b === book.ru ? replace(striker, a, book.step) : striker,
          replace(struck, b, now)]);
      }
    });
  });
  return out;
};
/**
 * @param {number[]} hands
 * @returns {SelfStrike[]}
 */
Book.prototype.selfStrikes = function (hands) {
  var p = this.p;
  /** @type {Map<string, SelfStrike>} */
  var by = new Map();
  for (var i = 0; i < hands.length; i++) {
    for (var j = 0; j < hands.length; j++) {
      var a = hands[i], b = hands[j];
      if (i === j || !a || !b) continue;
      var now = hands.slice();
      now[p.attack === "self-gain" ? i : j] = this.combine(a, b);
      if (p.cherry_bomb && p.attack !== "self-gain" && a + b === this.ru) now[i] = this.step;
      by.set(a + "," + b, [a, b, sorted(now)]);
    }
  }
  return Array.from(by.values()).sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
};
/**
 * @param {number[]} hands
 * @returns {Change[]}
 */
Book.prototype.flips = function (hands) {
  var book = this;
  var vals = distinct(hands).filter(function (v) { return v; });
  if (this.signed) return vals.map(function (v) { return /** @type {Change} */ ([v, replace(hands, v, -v)]); });
  return vals.filter(function (v) { return 2 * v !== book.ru; })
    .map(function (v) { return /** @type {Change} */ ([v, replace(hands, v, book.ru - v)]); });
};
/**
 * @param {number[]} hands
 * @returns {Change[]}
 */
Book.prototype.adds = function (hands) {
  var book = this;
  return distinct(hands).filter(function (v) { return v; })
    .map(function (v) { return /** @type {Change} */ ([v, replace(hands, v, book.combine(v, book.step))]); });
};
/** @param {number[]} hands */
function canSwap(hands) {
  return new Set(hands.filter(function (v) { return v; })).size >= 2;
}

// ------------------------------------------------------------------ notation (notation.py)
/**
 * @param {number} v
 * @returns {string}
 */
Book.prototype.value = function (v) {
  var halves = Math.abs(v) * (2 / this.step);
  var whole = Math.floor(halves / 2), half = halves % 2;
  return (v < 0 ? MINUS : "") + (half && !whole ? "" : String(whole)) + (half ? HALF : "");
};
/**
 * @param {number[]} hands
 * @returns {string}
 */
Book.prototype.handsText = function (hands) {
  var book = this;
  if (this.wide) return hands.map(function (v) { return book.value(v); }).join(".");
  var text = "";
  hands.forEach(function (v) {
    var part = book.value(v);
    text += part.charAt(0) === HALF && /[0-9]$/.test(text) ? "0" + part : part;
  });
  return text;
};
/**
 * A move's name: a strike's two hands (numbers), a split's hands before and after (lists), a flip's or add's hand.
 * @param {string} kind
 * @param {number | number[]} [a]
 * @param {number | number[]} [b]
 * @param {number} [seat]
 * @param {number} [players]
 * @returns {string}
 */
Book.prototype.moveName = function (kind, a, b, seat, players) {
  if (kind === "attack" || kind === "gain") {
    var where = seat === 0 ? "@me" : (/** @type {number} */ (players) > 2 ? "@" + seat : "");
    return this.value(/** @type {number} */ (a)) + ">" + this.value(/** @type {number} */ (b)) + where;
  }
  if (kind === "split") return this.handsText(/** @type {number[]} */ (a)) + " -> " + this.handsText(/** @type {number[]} */ (b));
  if (kind === "flip" || kind === "add") return kind + " " + this.value(/** @type {number} */ (a));
  return kind;
};

// ------------------------------------------------------------------ the tables (rules.py)
/**
 * @param {number[]} hands
 * @param {number} lives
 * @param {boolean} used
 * @param {number} own
 */
function key(hands, lives, used, own) {
  return hands.join(",") + "|" + lives + "|" + (used ? 1 : 0) + "|" + own;
}
/**
 * Per part k, every row's tuples' k-th numbers, padded with -1 to the longest row.
 * @param {number[][][]} rows
 * @param {number} parts
 * @returns {number[][][]}
 */
function pad(rows, parts) {
  var width = 1;
  rows.forEach(function (r) { width = Math.max(width, r.length); });
  /** @type {number[][][]} */
  var out = [];
  for (var k = 0; k < parts; k++) {
    out.push(rows.map(function (r) {
      var line = new Array(width).fill(-1);
      r.forEach(function (t, w) { line[w] = t[k]; });
      return line;
    }));
  }
  return out;
}
/* Per key, its distinct values ascending, padded with -1 to the longest (numpy's _group in rules.py). */
/**
 * @param {Array<number[] | undefined>} lists
 * @param {number} n
 * @returns {number[][]}
 */
function group(lists, n) {
  var width = 1;
  /** @type {number[][]} */
  var rows = [];
  for (var k = 0; k < n; k++) {
    var row = distinct(lists[k] || []);
    width = Math.max(width, row.length);
    rows.push(row);
  }
  return rows.map(function (r) {
    while (r.length < width) r.push(-1);
    return r;
  });
}

/**
 * How far a compile has got: ["compile", rows done, rows in all] (the strikes, their inversion and their sources
 * are a row of states each), what rulesolve.js's Progress is told.
 * @typedef {["compile", number, number]} Step
 */
/**
 * A compile under way: the parameters, the hand values, the states and their index, the labels of the moves so
 * far (in the engine's order) and the helpers that name and normalise a state.
 * @typedef {object} Work
 * @property {Params} p
 * @property {Book} b
 * @property {number} P
 * @property {State[]} states
 * @property {number} m the number of states
 * @property {(k: string) => number} stateAt the index of a state every rule set has
 * @property {number} zero the dead state's index
 * @property {number[]} startHands
 * @property {string[]} moves
 * @property {string[]} kinds
 * @property {(label: string, kind: string) => number} mid a move's index by its label (added the first time)
 * @property {(hands: number[], lives: number, used: boolean, own: number) => number} norm
 * @property {(kind: string, a: number | number[], x?: number | number[], seat?: number) => string} name
 * @property {string} strikeKind
 */

/* Every player's state (Rules._states): each hand set with each count of lives, used switch and own swaps. */
/**
 * @param {Params} p
 * @param {Book} b
 * @returns {State[]}
 */
function statesOf(p, b) {
  /** @type {number[]} */
  var livesRange = [];
  var usedRange = [false], ownRange = [0];
  if (p.lives > 1) for (var l = 1; l <= p.lives; l++) livesRange.push(l);
  else livesRange.push(0);
  if (p.one_point_switch) usedRange.push(true);
  if (b.ownSwaps) for (var o = 1; o <= p.swaps; o++) ownRange.push(o);
  /** @type {State[]} */
  var states = [];
  multisets(b.domain, p.hands).forEach(function (hands) {
    if (!liveCount(hands)) states.push({ hands: hands, lives: 0, used: false, own: 0 });
    else {
      livesRange.forEach(function (k) {
        usedRange.forEach(function (u) {
          ownRange.forEach(function (s) { states.push({ hands: hands, lives: k, used: u, own: s }); });
        });
      });
    }
  });
  return states;
}

/* A compile's states and helpers (see Work). */
/**
 * @param {Params} p
 * @returns {Work}
 */
function prepare(p) {
  var b = new Book(p);
  var states = statesOf(p, b);
  /** @type {Map<string, number>} */
  var index = new Map();
  states.forEach(function (s, i) { index.set(key(s.hands, s.lives, s.used, s.own), i); });
  /** @param {string} k */
  var stateAt = function (k) { return /** @type {number} */ (index.get(k)); };
  var zero = stateAt(key(new Array(p.hands).fill(0), 0, false, 0));
  var startHands = new Array(p.hands).fill(p.start * b.step);
  /** @type {Map<string, number>} */
  var mids = new Map();
  /** @type {Work} */
  var w = {
    p: p, b: b, P: p.players, states: states, m: states.length, stateAt: stateAt, zero: zero, startHands: startHands,
    moves: [], kinds: [], strikeKind: p.attack === "self-gain" ? "gain" : "attack",
    mid: function (label, kind) {
      if (!mids.has(label)) {
        mids.set(label, w.moves.length);
        w.moves.push(label);
        w.kinds.push(kind);
      }
      return /** @type {number} */ (mids.get(label));
    },
    norm: function (hands, lives, used, own) {
      if (p.sudden_death && b.fingers(hands) === b.step) {
        return lives > 1 ? stateAt(key(startHands, lives - 1, used, own)) : zero;
      }
      return liveCount(hands) ? stateAt(key(hands, lives, used, own)) : zero;
    },
    name: function (kind, a, x, seat) { return b.moveName(kind, a, x, seat, p.players); },
  };
  return w;
}

/* The mover's own moves (Rules._own_moves), in the engine's order: per state, [state after, move]. */
/**
 * @param {Work} w
 * @returns {number[][][]}
 */
function ownMoves(w) {
  var p = w.p, b = w.b, name = w.name, strikeKind = w.strikeKind;
  return w.states.map(function (seat) {
    var hands = seat.hands;
    /** @type {number[][]} */
    var out = [];
    /**
     * @param {number[]} h
     * @param {number} lives
     * @param {boolean} used
     * @param {number} ownCount
     * @param {string} label
     * @param {string} kind
     */
    function add(h, lives, used, ownCount, label, kind) {
      out.push([w.norm(h, lives, used, ownCount), w.mid(label, kind)]);
    }
    b.splits(hands).forEach(function (now) { add(now, seat.lives, seat.used, 0, name("split", hands, now), "split"); });
    if (p.self_attack) {
      b.selfStrikes(hands).forEach(function (t) {
        add(t[2], seat.lives, seat.used, 0, name(strikeKind, t[0], t[1], 0), strikeKind);
      });
    }
    if (p.integers) b.flips(hands).forEach(function (t) { add(t[1], seat.lives, seat.used, 0, name("flip", t[0]), "flip"); });
    if (!liveCount(hands)) return out;
    if (p.self_add) b.adds(hands).forEach(function (t) { add(t[1], seat.lives, seat.used, 0, name("add", t[0]), "add"); });
    if (p.logan && liveCount(hands) === 1) add(hands, seat.lives, seat.used, 0, "logan", "logan");
    if (p.passes) add(hands, seat.lives, seat.used, 0, "pass", "pass");
    if (p.one_point_switch && !seat.used && liveCount(hands) === 1 && sum(hands) === b.step) {
      add(hands, seat.lives, true, 0, "switch", "switch");
    }
    if (b.ownSwaps && canSwap(hands) && seat.own < p.swaps) add(hands, seat.lives, seat.used, seat.own + 1, "swap", "swap");
    return out;
  });
}

/* Strikes (Rules._hits): striker state i against state j, row by row into `hit` ([theirs after, mine after, the
   two hands' pair]), a step told after each striker's row. */
/**
 * @param {Work} w
 * @param {number[][][]} hit
 * @param {number[]} liveOf
 * @returns {Generator<Step, void, void>}
 */
function* strikeRows(w, hit, liveOf) {
  var p = w.p, b = w.b, m = w.m, states = w.states, n = b.domain.length, low = b.domain[0];
  /** @type {Map<string, Strike[]>} */
  var strikeCache = new Map();
  for (var i = 0; i < m; i++) {
    for (var j = 0; j < m; j++) {
      var striker = states[i], struck = states[j];
      /** @type {number[][]} */
      var row = [];
      hit.push(row);
      if (!liveOf[j]) continue;
      var live = liveOf[i];
      var hands = live ? striker.hands : (p.zombies ? [b.step] : []);
      var ck = hands.join(",") + "/" + struck.hands.join(",");
      if (!strikeCache.has(ck)) strikeCache.set(ck, b.strikes(hands, struck.hands));
      /** @type {Strike[]} */ (strikeCache.get(ck)).forEach(function (t) {
        var theirs = w.norm(t[3], struck.lives, struck.used, struck.own);
        var mine = live ? w.norm(t[2], striker.lives, striker.used, 0) : w.zero;
        row.push([theirs, mine, (t[0] - low) * n + (t[1] - low)]);
      });
    }
    yield ["compile", i + 1, 3 * m];
  }
}

/* The strikes' move per seat and pair of hands, -1 where there is none. */
/**
 * @param {Work} w
 * @returns {number[][]}
 */
function strikeMids(w) {
  var p = w.p, domain = w.b.domain;
  /** @type {number[][]} */
  var midTable = [];
  for (var seat = 0; seat < w.P; seat++) {
    /** @type {number[]} */
    var line = [];
    domain.forEach(function (a) {
      domain.forEach(function (x) {
        line.push(a && (x || p.death_attack) ? w.mid(w.name(w.strikeKind, a, x, seat), w.strikeKind) : -1);
      });
    });
    midTable.push(line);
  }
  return midTable;
}

/**
 * The strikes reshaped and inverted (Rules._compile).
 * @typedef {{hitDst: number[][][], hitOwn: number[][][], hitMid: number[][][][], pairLists: number[][], two: boolean}} Inverted
 */
/* The strikes reshaped per striker and struck state, and inverted: the pairs of states each pair comes from. */
/**
 * @param {Work} w
 * @param {number[][][]} hitT
 * @param {number[][]} midTable
 * @param {Inverted} out
 * @returns {Generator<Step, void, void>}
 */
function* invert(w, hitT, midTable, out) {
  var m = w.m, P = w.P;
  for (var t = 0; t < P; t++) out.hitMid.push([]);
  for (var i = 0; i < m; i++) {
    out.hitDst.push([]);
    out.hitOwn.push([]);
    for (t = 0; t < P; t++) out.hitMid[t].push([]);
    for (var j = 0; j < m; j++) {
      var d = hitT[0][i * m + j], ow = hitT[1][i * m + j], ab = hitT[2][i * m + j];
      var ownRow = d.map(function (x, k) { return x >= 0 ? ow[k] : -1; });
      out.hitDst[i].push(d);
      out.hitOwn[i].push(ownRow);
      for (t = 0; t < P; t++) {
        var mids = midTable[t];
        out.hitMid[t][i].push(ab.map(function (v) { return v >= 0 ? mids[v] : -1; }));
      }
      for (var k = 0; k < d.length; k++) {
        if (d[k] < 0) continue;
        if (ownRow[k] !== i) out.two = true;
        var k2 = ownRow[k] * m + d[k];
        (out.pairLists[k2] = out.pairLists[k2] || []).push(i * m + j);
      }
    }
    yield ["compile", m + i + 1, 3 * m];
  }
}

/* Per pair of states, the pairs of states whose strikes reach it, flat ([striker, struck, ...], -1 padded). */
/**
 * @param {number} m
 * @param {number[][]} pairs
 * @param {number[][][]} hitSrc
 * @returns {Generator<Step, void, void>}
 */
function* sources(m, pairs, hitSrc) {
  for (var i = 0; i < m; i++) {
    hitSrc.push([]);
    for (var j = 0; j < m; j++) {
      /** @type {number[]} */
      var flat = [];
      pairs[i * m + j].forEach(function (v) {
        if (v >= 0) flat.push(Math.floor(v / m), v % m);
        else flat.push(-1, -1);
      });
      hitSrc[i].push(flat);
    }
    yield ["compile", 2 * m + i + 1, 3 * m];
  }
}

/* Compile checked parameters into a rules payload: {ints, live, swap_ok, own_dst, own_mid, hit_dst, hit_own,
   hit_mid, own_src, hit_src, sets, hands, moves, space, start}, what a code page's rules.js carries, and kinds: each
   move's kind (vizgen/engine/notation.py Move.kind), for the rules of thumb. A generator of how far it has got
   (Step: a row of states at a time), returning the payload: compile() runs it through, and the rules page's
   solve in the page runs it in slices between which the page paints (pages/rules/worker.js). */
/**
 * @param {Params} p
 * @returns {Generator<Step, Payload & {kinds: string[]}, void>}
 */
function* compiling(p) {
  var w = prepare(p), m = w.m, P = w.P, b = w.b;
  var ownT = pad(ownMoves(w), 2);
  var liveOf = w.states.map(function (s) { return liveCount(s.hands) > 0 ? 1 : 0; });
  /** @type {number[][][]} */
  var hit = [];
  yield* strikeRows(w, hit, liveOf);
  var hitT = pad(hit, 3);
  var midTable = strikeMids(w);
  var swapOk = w.states.map(function (s) { return p.swaps && !b.ownSwaps && canSwap(s.hands) ? 1 : 0; });
  var swapMid = w.mid("swap", "swap"), passMid = w.mid("pass", "pass");
  /** @type {Inverted} */
  var inv = { hitDst: [], hitOwn: [], hitMid: [], pairLists: [], two: false };
  yield* invert(w, hitT, midTable, inv);
  /** @type {number[][]} */
  var srcLists = [];
  ownT[0].forEach(function (r, s) {
    r.forEach(function (x) { if (x >= 0) (srcLists[x] = srcLists[x] || []).push(s); });
  });
  var ownSrc = group(srcLists, m);
  var pairs = group(inv.pairLists, m * m);
  /** @type {number[][][]} */
  var hitSrc = [];
  yield* sources(m, pairs, hitSrc);
  var counts = b.ownSwaps ? 1 : p.swaps + 1;
  var end = (p.attack === "self-gain" ? 2 : 0) + (p.misere ? 1 : 0);
  var passes = P > 2 && !p.zombies ? 1 : 0;
  var ownW = ownT[0][0].length, hitW = hitT[0][0].length;
  var top = Math.pow(m, P - 1);
  var ints = [P, m, counts, b.ownSwaps ? 0 : p.swaps, inv.two ? 1 : 0, passes, end, top, swapMid, passMid,
    ownW + (P - 1) * hitW + 2, ownSrc[0].length + (P - 1) * pairs[0].length + 1];
  var startState = w.stateAt(key(w.startHands, p.lives > 1 ? p.lives : 0, false, 0));
  var startCode = 0;
  for (var t = 0; t < P; t++) startCode = startCode * m + startState;
  return {
    ints: ints, live: liveOf, swap_ok: swapOk, own_dst: ownT[0], own_mid: ownT[1], hit_dst: inv.hitDst,
    hit_own: inv.hitOwn, hit_mid: inv.hitMid, own_src: ownSrc, hit_src: hitSrc, sets: setNames(w),
    hands: w.states.map(function (s) { return s.hands.map(function (v) { return v / b.step; }); }),
    moves: w.moves, kinds: w.kinds, space: Math.pow(m, P) * counts, start: startCode * counts,
  };
}

/* Each state's name: its hands, then its lives, a used switch and its own swaps. */
/** @param {Work} w @returns {string[]} */
function setNames(w) {
  return w.states.map(function (s) {
    var marks = (s.lives ? String(s.lives) : "") + (s.used ? "u" : "") + (s.own ? "s" + s.own : "");
    return w.b.handsText(s.hands) + (marks ? ":" + marks : "");
  });
}

/* compiling(p) run through at once: the payload. */
/**
 * @param {Params} p
 * @returns {Payload & {kinds: string[]}}
 */
function compile(p) {
  var steps = compiling(p), next = steps.next();
  while (!next.done) next = steps.next();
  return next.value;
}

export { compile, compiling };
