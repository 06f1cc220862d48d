/* vizgen rulemodel: a rule set solved in the browser, handed to the variant pages' own viewer.
 *
 * From a solution (rulesolve.js) and its facts (rulefacts.js) this writes the data files a variant page
 * loads, in memory and in the same shapes (vizgen/site/render/datafiles.py): nodes.js (every position's
 * notation, its facts as a block of the wire, the panel's columns, a layered layout) and the chunks c<k>.js
 * (per position its hands, the panel values off the wire, its moves by the position they reach, its
 * parents, and the perfect player's move on the wire) and, for two players, map.js (the value map's grid,
 * with the cells another rule set of the same shape gives another value). boot() then writes the page's configuration and
 * starts vizgen.js and play.js on them, so the graph or explorer, panel, search, keys and play with marks
 * and review all serve the rule set unchanged (model.js reads it as it reads a built page).
 */
import { contract } from "../core/contract.js";
import { shades } from "../core/shading.js";
import * as pairwise from "./engine/pairwise.js";
import * as rulesolve from "./engine/rulesolve.js";

var CHUNK = 4096;
// the widest a small page's graph is drawn (more positions: the neighbourhood explorer); render/page.py BIG
var BIG = 3000;

/* A block of the wire (vizgen/site/render/wire.py): values plus one in byte planes, zlib, base64. */
function encode(fields, columns, length) {
  var need = 0;
  fields.forEach(function (f) { need += f.width * length; });
  var bytes = new Uint8Array(need), at = 0;
  for (var b = 0; at < need; b++) {
    fields.forEach(function (f) {
      if (f.width <= b) return;
      var col = columns[f.name], div = Math.pow(256, b);
      for (var i = 0; i < length; i++) bytes[at++] = Math.floor((col[i] + 1) / div) % 256;
    });
  }
  var stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Response(stream).arrayBuffer().then(function (buf) {
    var u = new Uint8Array(buf), s = "";
    for (var k = 0; k < u.length; k += 0x8000) s += String.fromCharCode.apply(null, u.subarray(k, k + 0x8000));
    return btoa(s);
  });
}

/* The distinct targets of node i with the names of the moves to each (by move id), in the order they first appear, and
   whether each is optimal (the highest move score among them). */
function movesOf(s, f, i) {
  if (s.final[i] >= 0) return [];
  var by = new Map(), list = [];
  s.rules.moves(s.codes[i]).forEach(function (mv) {
    var j = rulesolve.nodeOf(s.codes, mv.dst);
    var e = by.get(j);
    if (!e) {
      e = { dst: j, mids: [] };
      by.set(j, e);
      list.push(e);
    }
    e.mids.push(mv.mid);
  });
  // the names of the moves to each position by move id, the representative first (as graph.py edge_notations)
  list.forEach(function (m) {
    m.names = m.mids.sort(function (a, b) { return a - b; }).map(function (mid) { return s.R.moves[mid]; });
  });
  var top = -Infinity;
  list.forEach(function (m) { top = Math.max(top, f.score[m.dst]); });
  list.forEach(function (m) { m.best = f.score[m.dst] === top; });
  return list;
}

/* The value map's grid (vizgen/site/valuemap.py value_map): per cell (row: the mover's state, column: the
   opponent's) the node there with the fewest swaps in a row, -1 where no game goes; and the value there. */
function grid(s, f) {
  var m = s.rules.m, node = new Array(m * m).fill(-1), value = new Array(m * m).fill(0), start = null;
  var rem = new Array(m * m).fill(null);
  for (var i = 0; i < s.n; i++) {
    var seats = s.rules.seats(s.codes[i]).s, cell = seats[0] * m + seats[1];
    if (node[cell] < 0) {
      node[cell] = i;
      value[cell] = contract.classes[contract.verdicts[f.verdict[i]].cls].value;
      rem[cell] = s.winner[i] >= 0 ? s.rem[i] : -1;
    }
    if (i === s.start) start = [seats[0], seats[1]];
  }
  return { m: m, node: node, value: value, start: start, rem: rem };
}

/* map.js's payload (vizgen/site/render/maps.py map_payload); `compare`: [{slug, title, cells, value}]. */
function mapPayload(s, f, compare, shading) {
  var g = grid(s, f);
  return { m: g.m, labels: s.R.sets.slice(), node: g.node, start: g.start, compare: compare,
    shade: shades(g.rem, shading.shades), fills: shading.fills };
}

/* The cells of two two-player solutions of the same shape whose value differs ({cells, value}: the other's
   value there), as vizgen/site/valuemap.py compare; null when the shapes differ. */
function differ(a, fa, b, fb) {
  if (a.rules.P !== 2 || b.rules.P !== 2 || a.R.sets.join(" ") !== b.R.sets.join(" ")) return null;
  var ga = grid(a, fa), gb = grid(b, fb), cells = [], value = [];
  for (var k = 0; k < ga.node.length; k++) {
    if (ga.node[k] >= 0 && gb.node[k] >= 0 && ga.value[k] !== gb.value[k]) {
      cells.push(k);
      value.push(gb.value[k]);
    }
  }
  return { cells: cells, value: value };
}

/* The perfect player's move among annotated moves: the optimal one whose notation sorts first (as
   vizgen.ai.games.perfect_player and opponents.js choose); -1 where the game is over. */
function perfect(s, moves) {
  var pick = -1;
  moves.forEach(function (m) {
    if (m.best && (pick < 0 || s.rules.name(s.codes[m.dst]) < s.rules.name(s.codes[pick]))) pick = m.dst;
  });
  return pick;
}

/* The depths at which max^n plays (vizgen/site/tables.py PLAY_DEPTHS), and the evaluation's prize for a win
   (vizgen/ai/maxn.py WIN): the contract's. */
var MAXN_DEPTHS = contract.maxn.depths, WIN = contract.maxn.win;
// the most positions for which the page searches max^n's moves (a plain sort of every notation, once)
var MAXN_MAX = 250000;

/* Every node's distinct children, ascending (ptr[i] .. ptr[i + 1] in kids), and the place of its notation in
   plain string order (rank); made once a solution. */
function graph(s) {
  if (s.graph) return s.graph;
  var n = s.n, names = new Array(n), i;
  for (i = 0; i < n; i++) names[i] = s.rules.name(s.codes[i]);
  var order = Array.from({ length: n }, function (_, k) { return k; });
  order.sort(function (a, b) { return names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : a - b; });
  var rank = new Int32Array(n);
  order.forEach(function (node, k) { rank[node] = k; });
  var ptr = new Int32Array(n + 1), kids = [];
  for (i = 0; i < n; i++) {
    ptr[i] = kids.length;
    if (s.final[i] >= 0) continue;
    var mine = [];
    s.rules.moves(s.codes[i]).forEach(function (mv) {
      var j = rulesolve.nodeOf(s.codes, mv.dst);
      if (mine.indexOf(j) < 0) mine.push(j);
    });
    mine.sort(function (a, b) { return a - b; }).forEach(function (j) { kids.push(j); });
  }
  ptr[n] = kids.length;
  s.graph = { ptr: ptr, kids: kids, rank: rank, names: names };
  return s.graph;
}

/* The trap figure rounds and scale, and the classes of a seat's value (vizgen/ai/tricky.py, analysis/marks.py). */
var ROUNDS = contract.tricky.rounds, SCALE = contract.tricky.scale;

/* The most children a node has. */
function widest(ptr) {
  var most = 0;
  for (var i = 0; i + 1 < ptr.length; i++) most = Math.max(most, ptr[i + 1] - ptr[i]);
  return most;
}

/* Per node, the tricky perfect player's trap figure (vizgen/ai/tricky.py trap_figure): for the player who
   moved there, the chance in 254ths that random opponents give it a better value class within ROUNDS rounds,
   it choosing among its optimal moves the best chance at its own turns; and the tricky player's move: among
   the optimal moves the one to the highest figure, ties to the smallest notation. {trap, tricky}. */
function tricky(s, f) {
  var P = s.rules.P, n = s.n, g = graph(s), ptr = g.ptr, kids = g.kids;
  var classes = [];
  for (var seat = 0; seat < P; seat++) {
    var c = new Int8Array(n), out = f.mover ? s.outIn.subarray(seat * n, (seat + 1) * n) : null;
    for (var i = 0; i < n; i++) {
      c[i] = contract.rankOf(seat, s.winner[i], out ? out[i] : null);
    }
    classes.push(c);
  }
  var chance = new Float64Array(n), e, next, terms = new Float64Array(Math.max(1, widest(ptr)));
  for (var left = 0; left < ROUNDS; left++) {
    if (left) {
      next = new Float64Array(n);
      for (i = 0; i < n; i++) {
        if (ptr[i] === ptr[i + 1]) continue;
        var top = -Infinity, best = -1;
        for (e = ptr[i]; e < ptr[i + 1]; e++) top = Math.max(top, f.score[kids[e]]);
        for (e = ptr[i]; e < ptr[i + 1]; e++) if (f.score[kids[e]] === top) best = Math.max(best, chance[kids[e]]);
        next[i] = best;
      }
      chance = next;
    }
    for (seat = 1; seat < P; seat++) {
      var here = classes[seat], there = classes[seat - 1];
      next = new Float64Array(n);
      for (i = 0; i < n; i++) {
        if (ptr[i] === ptr[i + 1]) continue;
        for (e = ptr[i]; e < ptr[i + 1]; e++) terms[e - ptr[i]] = there[kids[e]] > here[i] ? 1 : chance[kids[e]];
        next[i] = pairwise.reduceat(terms, ptr[i + 1] - ptr[i]) / (ptr[i + 1] - ptr[i]);
      }
      chance = next;
    }
  }
  var trap = new Int32Array(n);
  for (i = 0; i < n; i++) {
    var x = chance[i] * SCALE, r = Math.round(x);
    if (x - Math.floor(x) === 0.5) r = 2 * Math.round(x / 2); // numpy's rint: an exact half to even
    trap[i] = r;
  }
  var move = new Int32Array(n).fill(-1);
  for (i = 0; i < n; i++) {
    var pick = -1, key = -Infinity;
    for (e = ptr[i]; e < ptr[i + 1]; e++) {
      var k = kids[e], v = f.score[k] * (SCALE + 1) + trap[k];
      if (v > key || (v === key && g.rank[k] < g.rank[pick])) {
        pick = k;
        key = v;
      }
    }
    move[i] = pick;
  }
  return { trap: trap, tricky: move };
}

/* max^n's move from every node at each of MAXN_DEPTHS (vizgen/ai/maxn.py maxn_levels): {depth: Int32Array of
   child node ids, -1 where the game is over}. The evaluation gives each seat its live fingers (in halves with
   stumps), a finished game the winner WIN and the others 0; at each depth the player to move takes the child
   whose value one depth less gives it the most, ties to the child whose notation sorts first. */
function maxn(s) {
  var P = s.rules.P, n = s.n, unit = s.R.hands.some(function (h) {
    return h.some(function (v) { return v !== Math.floor(v); });
  }) ? 2 : 1;
  var g = graph(s), ptr = g.ptr, kids = g.kids, rank = g.rank, i;
  var value = new Int32Array(n * P);
  for (i = 0; i < n; i++) {
    var seats = s.rules.seats(s.codes[i]).s;
    for (var k = 0; k < P; k++) {
      if (s.final[i] >= 0) value[i * P + k] = k === s.final[i] ? WIN * unit : 0;
      else value[i * P + k] = Math.round(s.R.hands[seats[k]].reduce(function (t, v) { return t + Math.abs(v); }, 0) * unit);
    }
  }
  var out = {};
  for (var d = 1; d <= MAXN_DEPTHS[MAXN_DEPTHS.length - 1]; d++) {
    var choice = new Int32Array(n).fill(-1), next = value.slice();
    for (i = 0; i < n; i++) {
      var best = -1;
      for (var e = ptr[i]; e < ptr[i + 1]; e++) {
        var c = kids[e], v = value[c * P + P - 1], b = best < 0 ? -1 : value[best * P + P - 1];
        if (best < 0 || v > b || (v === b && rank[c] < rank[best])) best = c;
      }
      if (best < 0) continue;
      choice[i] = best;
      for (k = 0; k < P; k++) next[i * P + k] = value[best * P + (k + P - 1) % P];
    }
    value = next;
    if (MAXN_DEPTHS.indexOf(d) >= 0) out[d] = choice;
  }
  return out;
}

/* A layered layout: a band per ply from the start, its positions grouped by their value for the player to
   move (wins, draws or open, losses) and in notation order within a group; a long band wraps onto more rows,
   so the picture stays about as wide as it is tall. */
function layout(s, f) {
  var rows = new Map(), x = new Array(s.n), y = new Array(s.n);
  var order = {}, C = contract.classes; // the classes best first, by their rank
  Object.keys(C).forEach(function (k) { order[k] = -C[k].rank; });
  for (var i = 0; i < s.n; i++) {
    if (!rows.has(s.depth[i])) rows.set(s.depth[i], []);
    rows.get(s.depth[i]).push(i);
  }
  var gap = 54, line = 46, band = 84;
  var most = Math.max(8, Math.ceil(Math.sqrt(s.n) * 1.6)); // positions on one row at most
  var top = 0;
  Array.from(rows.keys()).sort(function (a, b) { return a - b; }).forEach(function (d) {
    var list = rows.get(d);
    list.sort(function (a, b) {
      var ca = order[contract.verdicts[f.verdict[a]].cls], cb = order[contract.verdicts[f.verdict[b]].cls];
      return ca - cb || (s.rules.name(s.codes[a]) < s.rules.name(s.codes[b]) ? -1 : 1);
    });
    var lines = Math.ceil(list.length / most), per = Math.ceil(list.length / lines);
    list.forEach(function (node, k) {
      var row = Math.floor(k / per), at = k % per, width = Math.min(per, list.length - row * per);
      x[node] = Math.round((at - (width - 1) / 2) * gap);
      y[node] = top + row * line;
    });
    top += (lines - 1) * line + band;
  });
  return { x: x, y: y, size: 12 };
}

/* The data files of a solved rule set by name (nodes, c0, c1 ...): a function name -> promise of payload. */
function files(s, f, cfg) {
  var P = s.rules.P, n = s.n;
  var columns = { verdict: f.verdict, winner: s.winner, choice: f.choice, choice_k: f.choiceK, verdict_n: f.verdictN,
    forced_out_in: f.mover, choice_n: f.choiceN, score: f.score, depth: s.depth };
  // the contract's fields (wire.py POSITION_FIELDS, in block order) these facts fill, as wire.py fields_of
  var fields = contract.wire.filter(function (w) { return columns[w.name]; })
    .map(function (w) { return { name: w.name, width: w.width }; });
  var panel = cfg.columns.filter(function (c) { return c.name !== "forced_out_in" || f.mover; });
  // the computer players' moves: the perfect player, and the tricky one and max^n at each depth where the rule
  // set is not huge
  var withMaxn = n <= MAXN_MAX;
  var node = contract.nodeWidth;
  var opponents = [{ name: "perfect_move", width: node }].concat(withMaxn ? [{ name: "tricky_move", width: node }] : [],
    withMaxn ? MAXN_DEPTHS.map(function (d) { return { name: "maxn" + d + "_move", width: node }; }) : []);
  var searched = null, trick = null;
  var small = n <= BIG;
  var cache = new Map();
  function nodes() {
    var notation = [];
    for (var i = 0; i < n; i++) notation.push(s.rules.name(s.codes[i]));
    return encode(fields, columns, n).then(function (facts) {
      var d = { n: n, players: P, start: s.start, chunk: CHUNK, edges: s.edges, notation: notation.join(" "),
        fields: fields, facts: facts, columns: panel, opponents: opponents };
      if (small) {
        var L = layout(s, f);
        d.x = L.x;
        d.y = L.y;
        d.size = L.size;
        d.scale = 1;
      }
      return d;
    });
  }
  function chunk(k) {
    var lo = k * CHUNK, hi = Math.min(n, lo + CHUNK), rows = [], moves = [];
    for (var i = lo; i < hi; i++) {
      var list = movesOf(s, f, i).sort(function (a, b) { return a.dst - b.dst; });
      var parents = [];
      s.rules.parents(s.codes[i]).forEach(function (c) {
        var p = rulesolve.nodeOf(s.codes, c);
        if (p >= 0 && s.final[p] < 0) parents.push(p);
      });
      parents.sort(function (a, b) { return a - b; });
      rows.push([s.rules.hands(s.codes[i]),
        [list.filter(function (m) { return m.best; }).length],
        list.map(function (m) { return [m.dst].concat(m.names); }), parents]);
      moves.push(perfect(s, list));
    }
    var picks = { perfect_move: moves };
    if (withMaxn) {
      trick = trick || tricky(s, f);
      picks.tricky_move = trick.tricky.subarray(lo, hi);
      searched = searched || maxn(s);
      MAXN_DEPTHS.forEach(function (d) { picks["maxn" + d + "_move"] = searched[d].subarray(lo, hi); });
    }
    return encode(opponents, picks, hi - lo).then(function (block) {
      return { first: lo, nodes: rows, opponents: block };
    });
  }
  return function (name) {
    if (!cache.has(name)) {
      if (name === "nodes") cache.set(name, nodes());
      else if (name === "map" && P === 2) cache.set(name, Promise.resolve(mapPayload(s, f, cfg.compare || [], cfg.shading)));
      else if (/^c\d+$/.test(name)) cache.set(name, chunk(Number(name.slice(1))));
      else cache.set(name, Promise.reject(new Error("no data file " + name)));
    }
    return cache.get(name);
  };
}

/* Start the variant pages' viewer on a solved rule set: write its configuration, then load vis-network
   and the variant page's script (it reads the configuration when they run). Returns a promise, settled once the
   scripts have loaded. */
function boot(s, f, cfg, params, spec) {
  var P = s.rules.P;
  window.vizgenRulesFiles = files(s, f, cfg);
  var config = {
    kind: s.n <= BIG ? "small" : "big", data: "", inline: "vizgenRulesFiles", slug: spec.replace(/[^a-z0-9]+/gi, "-"),
    players: P, hands: params.hands, r: params.r, start: s.rules.name(s.codes[s.start]),
    chunks: Math.ceil(s.n / CHUNK), overview: false, map: P === 2, view: P === 2 && s.n > BIG ? "map" : "graph", themes: cfg.themes, words: cfg.words,
    seats: cfg.seats[P],
  };
  var el = document.createElement("script");
  el.type = "application/json";
  el.id = "vizgen-config";
  el.textContent = JSON.stringify(config);
  document.body.appendChild(el);
  document.body.classList.add(config.kind === "small" ? "is-small" : "is-big");
  var chain = Promise.resolve();
  ["vis-network.min.js", "variant.js"].forEach(function (name) {
    chain = chain.then(function () {
      return new Promise(function (resolve, reject) {
        var sc = document.createElement("script");
        sc.src = cfg.root + "assets/" + name;
        sc.onload = resolve;
        sc.onerror = function () { reject(new Error("could not load " + name)); };
        document.body.appendChild(sc);
      });
    });
  });
  return chain;
}

export { boot, files, encode, layout, movesOf, perfect, differ, maxn, graph, tricky, MAXN_DEPTHS, MAXN_MAX, BIG };
