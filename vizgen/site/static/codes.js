/* vizgen code pages: the positions of a variant with millions of them, by position code.
 *
 * rules.js carries the variant's rule tables (vizgen/engine/rules.py, Rules.kernel_tables) and d<k>.js the
 * solved values of codes k * chunk .. in a few bytes each (vizgen/site/render/codepage.py). A position's moves
 * and parents are generated here from the tables exactly as vizgen/engine/kernel.py generates them (_moves,
 * _parents); every value is looked up, none is computed. The model offers vizgen.js the same methods
 * as its Model of a small variant, with position codes as ids.
 */
(function () {
  "use strict";

  // positions of the scalars in ints (vizgen/engine/kernel.py, I_*)
  var I_P = 0, I_M = 1, I_COUNTS = 2, I_SWAPS = 3, I_GAIN = 4, I_PASSES = 5, I_TOP = 7, I_SWAP_MID = 8,
    I_PASS_MID = 9;

  function bytesOf(text) {
    var s = atob(text);
    var out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  /* Open a zlib-compressed chunk (vizgen/site/render/codepage.py compresses every chunk). */
  function inflate(bytes) {
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buf) { return new Uint8Array(buf); });
  }
  function bare(text) {
    return String(text || "").replace(/[\s.\-]+/g, "");
  }

  function CodeModel(R, load, words) {
    var I = R.ints;
    this.R = R;
    this.load = load;
    this.W = words;
    this.P = I[I_P];
    this.m = I[I_M];
    this.counts = I[I_COUNTS];
    this.top = I[I_TOP];
    this.n = R.positions;
    this.space = R.space;
    this.startId = R.start;
    this.chunk = R.chunk;
    this.columns = R.columns;
    this.lazy = true; // data arrive chunk by chunk: only what ready() says is known
    this.chunks = new Map();
    this.pending = new Map(); // chunk -> promise while it loads
    this.details = new Map();
    this.setIndex = new Map();
    var twice = new Set();
    var self = this;
    R.sets.forEach(function (name, s) {
      self.setIndex.set(name, s);
      var key = bare(name);
      if (key !== name) {
        if (self.setIndex.has(key)) twice.add(key);
        self.setIndex.set(key, s);
      }
    });
    twice.forEach(function (key) { self.setIndex.delete(key); });
  }

  /* The hand-set index of every seat (the mover first) and the swap count of a code. */
  CodeModel.prototype.seats = function (code) {
    var base = Math.floor(code / this.counts);
    var s = new Array(this.P);
    for (var i = 0; i < this.P; i++) {
      s[i] = base % this.m;
      base = Math.floor(base / this.m);
    }
    return { s: s, count: code % this.counts };
  };
  /* The notation of a position, as vizgen/engine/rules.py writes it. */
  CodeModel.prototype.name = function (code) {
    var d = this.seats(code);
    var R = this.R;
    var text = d.s.map(function (s) { return R.sets[s]; }).join("-");
    return d.count ? text + "/s" + d.count : text;
  };
  CodeModel.prototype.hands = function (code) {
    var R = this.R;
    return this.seats(code).s.map(function (s) { return R.hands[s].slice(); });
  };
  /* The code of a position typed by a person (12-11-11, 121111, "12 11 11"): each player's hands as the
     notation writes them, the player to move first; undefined if it names no position of this shape. */
  CodeModel.prototype.find = function (text) {
    var t = String(text || "").trim();
    var count = 0;
    var sw = /\/s(\d+)$/.exec(t);
    if (sw) {
      count = parseInt(sw[1], 10);
      t = t.slice(0, sw.index);
    }
    if (count >= this.counts) return undefined;
    var parts = t.split(/[\s\-]+/).filter(Boolean);
    if (parts.length !== this.P && parts.length === 1) {
      var digits = bare(t);
      var w = digits.length / this.P;
      if (w !== Math.floor(w) || !w) return undefined;
      parts = [];
      for (var i = 0; i < this.P; i++) parts.push(digits.slice(i * w, (i + 1) * w));
    }
    if (parts.length !== this.P) return undefined;
    var code = 0;
    for (var k = this.P - 1; k >= 0; k--) {
      var s = this.setIndex.get(parts[k]);
      if (s === undefined) return undefined;
      code = code * this.m + s;
    }
    return code * this.counts + count;
  };
  CodeModel.prototype.lookup = CodeModel.prototype.find;

  // ---------------------------------------------------------------- the data chunks
  CodeModel.prototype.chunkOf = function (code) {
    return Math.floor(code / this.chunk);
  };
  /* Load the chunks holding these codes; resolves when all are known. */
  CodeModel.prototype.ensure = function (codes) {
    var self = this;
    var wanted = new Set();
    codes.forEach(function (c) {
      var k = self.chunkOf(c);
      if (!self.chunks.has(k)) wanted.add(k);
    });
    return Promise.all(Array.from(wanted).map(function (k) {
      if (!self.pending.has(k)) {
        self.pending.set(k, self.load("d" + k).then(function (text) {
          return inflate(bytesOf(text));
        }).then(function (bytes) { self.unpack(k, bytes); }));
      }
      return self.pending.get(k);
    }));
  };
  CodeModel.prototype.unpack = function (k, bytes) {
    if (this.chunks.has(k)) return;
    var len = Math.min(this.chunk, this.space - k * this.chunk);
    var fields = {};
    var at = 0;
    this.R.fields.forEach(function (f) {
      var arr = f.bytes === 1 ? new Uint8Array(len) : new Uint16Array(len);
      for (var i = 0; i < len; i++) {
        arr[i] = f.bytes === 1 ? bytes[at + i] : bytes[at + 2 * i] | (bytes[at + 2 * i + 1] << 8);
      }
      at += len * f.bytes;
      fields[f.name] = arr;
    });
    this.chunks.set(k, fields);
  };
  CodeModel.prototype.ready = function (code) {
    return this.chunks.has(this.chunkOf(code));
  };
  /* A field's stored value (value + 1) at a code whose chunk is loaded. */
  CodeModel.prototype.field = function (code, name) {
    return this.chunks.get(this.chunkOf(code))[name][code % this.chunk];
  };
  CodeModel.prototype.reachable = function (code) {
    if (code < 0 || code >= this.space || code !== Math.floor(code)) return false;
    var f = this.R.fields[0];
    return this.field(code, "verdict") !== (f.bytes === 1 ? 0xff : 0xffff);
  };

  // ---------------------------------------------------------------- values, as vizgen.js's Model reads them
  CodeModel.prototype.verdict = function (code) {
    var v = this.field(code, "verdict");
    return { code: v % 16, k: Math.floor(v / 16) - 1, n: this.field(code, "verdict_n") - 1 };
  };
  CodeModel.prototype.cls = function (code) {
    return this.W.verdicts[this.verdict(code).code].cls;
  };
  CodeModel.prototype.over = function (code) {
    return this.W.verdicts[this.verdict(code).code].over;
  };
  CodeModel.prototype.winner = function (code) {
    return this.verdict(code).k;
  };
  function fill(template, n, k) {
    return template.replace(/\{n\}/g, String(n)).replace(/\{k\}/g, String(k));
  }
  CodeModel.prototype.words = function (code) {
    var v = this.verdict(code);
    return fill(this.W.verdicts[v.code].long, v.n, v.k);
  };
  CodeModel.prototype.short = function (code) {
    var v = this.verdict(code);
    return fill(this.W.verdicts[v.code].short, v.n, v.k);
  };

  // ---------------------------------------------------------------- moves and parents (vizgen/engine/kernel.py)
  /* Every move of a position where the game goes on: [{dst, mid}], in the kernel's order. */
  CodeModel.prototype.moves = function (code) {
    var R = this.R, I = R.ints, m = this.m, counts = this.counts, top = this.top;
    var d = this.seats(code), seats = d.s, count = d.count;
    var rot = Math.floor(Math.floor(code / counts) / m);
    var s0 = seats[0];
    var out = [];
    R.own_dst[s0].forEach(function (dst, w) {
      if (dst >= 0) out.push({ dst: (rot + dst * top) * counts, mid: R.own_mid[s0][w] });
    });
    var gain = I[I_GAIN] !== 0;
    var mul = 1;
    for (var t = 1; t < this.P; t++) {
      var u = seats[t];
      var row = R.hit_dst[s0][u];
      for (var w = 0; w < row.length && row[w] >= 0; w++) {
        var h = row[w];
        var child = gain ? (rot + h * top) * counts : (rot + (h - u) * mul + s0 * top) * counts;
        out.push({ dst: child, mid: R.hit_mid[t][s0][u][w] });
      }
      mul *= m;
    }
    if (R.swap_ok[s0] && count < I[I_SWAPS]) out.push({ dst: (rot + s0 * top) * counts + count + 1, mid: I[I_SWAP_MID] });
    if (I[I_PASSES] && !R.live[s0]) out.push({ dst: (rot + s0 * top) * counts, mid: I[I_PASS_MID] });
    return out;
  };
  /* Every position that has a move to this one, reachable or not, final ones too (the caller filters). */
  CodeModel.prototype.parents = function (code) {
    var R = this.R, I = R.ints, m = this.m, counts = this.counts, P = this.P;
    var d = this.seats(code), seats = d.s, count = d.count;
    var last = seats[P - 1];
    var rest = (Math.floor(code / counts) % this.top) * m;
    if (count > 0) return R.swap_ok[last] ? [(rest + last) * counts + count - 1] : [];
    var keys = new Set();
    var bases = [];
    function add(key, base) {
      if (!keys.has(key)) {
        keys.add(key);
        bases.push(base);
      }
    }
    R.own_src[last].forEach(function (s) { if (s >= 0) add(s, rest + s); });
    var mul = m;
    for (var t = 1; t < P; t++) {
      var dd = seats[t - 1];
      if (I[I_GAIN]) {
        R.gain_src[last][dd].forEach(function (s) { if (s >= 0) add(s, rest + s); });
      } else {
        var row = R.hit_src[last][dd];
        for (var w = 0; w < row.length && row[w] >= 0; w++) {
          var u = row[w];
          add(u !== dd ? t * m + u : last, rest + last + (u - dd) * mul);
        }
      }
      mul *= m;
    }
    if (I[I_PASSES] && !R.live[last]) add(last, rest + last);
    var out = [];
    bases.forEach(function (b) { for (var j = 0; j < counts; j++) out.push(b * counts + j); });
    return out;
  };
  /* The moves grouped by the position they reach (first move's order), without any value: [{dst, names}]. */
  CodeModel.prototype.links = function (code) {
    if (this.ready(code) && this.over(code)) return { moves: [], parents: [] };
    var R = this.R;
    var by = new Map();
    var list = [];
    this.moves(code).forEach(function (mv) {
      var e = by.get(mv.dst);
      if (!e) {
        e = { dst: mv.dst, best: false, names: [] };
        by.set(mv.dst, e);
        list.push(e);
      }
      e.names.push(R.moves[mv.mid]);
    });
    return { moves: list, parents: [] };
  };

  /* Everything the panel shows about a position: {id, hands, values, moves, parents}. */
  CodeModel.prototype.detail = function (code) {
    var self = this;
    var cached = this.details.get(code);
    if (cached) return Promise.resolve(cached);
    return this.ensure([code]).then(function () {
      var moves = self.links(code).moves;
      var parents = self.parents(code);
      return self.ensure(moves.map(function (mv) { return mv.dst; }).concat(parents)).then(function () {
        var best = -1;
        moves.forEach(function (mv) { best = Math.max(best, self.field(mv.dst, "score")); });
        moves.forEach(function (mv) {
          var c = self.field(mv.dst, "choice");
          mv.choice = c % 16;
          mv.k = Math.floor(c / 16) - 1;
          mv.n = self.field(mv.dst, "choice_n") - 1;
          mv.best = self.field(mv.dst, "score") === best;
        });
        var real = parents.filter(function (p) { return self.reachable(p) && !self.over(p); });
        real.sort(function (a, b) { return a - b; });
        var d = {
          id: code,
          hands: self.hands(code),
          values: self.columns.map(function (c) {
            var v = self.field(code, c.name) - 1;
            return c.missing !== null && v === c.missing ? null : v;
          }),
          moves: moves,
          parents: real,
        };
        self.details.set(code, d);
        return d;
      });
    });
  };

  window.VizgenCodeModel = CodeModel;
})();
