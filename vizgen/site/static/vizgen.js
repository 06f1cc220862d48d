/* vizgen viewer: the state graph, the position panel, search, deep links and
 * the neighbourhood explorer of big variants.
 *
 * Needs vis-network (window.vis) and nothing else. Data comes as script files
 * that call window.vizgenLoad(name, payload) (JSONP style), so the page works
 * from file://, from a sub-path and from any static server.
 *
 * The page's configuration is the JSON in <script id="vizgen-config">.
 * Everything a test needs is exposed on window.vizgen.
 */
(function () {
  "use strict";

  var cfgEl = document.getElementById("vizgen-config");
  if (!cfgEl) return;
  var cfg = JSON.parse(cfgEl.textContent);

  // colours and words come from Python (vizgen/site/theme.py, vizgen/analysis/words.py) in the page's configuration
  var T = cfg.theme;
  var WORDS = cfg.words;
  var COLORS = { win: T.win, loss: T.loss, draw: T.draw };
  var BORDERS = { win: T["win-edge"], loss: T["loss-edge"], draw: T["draw-edge"] };
  var ACCENT = T.accent;
  var PARENT = T.parent;
  var EDGE = "rgba(84, 94, 114, 0.22)";
  var EDGE_BEST = "rgba(29, 35, 48, 0.55)";
  var FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  var MAX_LEVEL2 = 140;
  var BOX_FONT = 12.5; // label size in the banded layout's boxes (vizgen/site/band_picture.py: 7 units a character)

  var api = (window.vizgen = {
    config: cfg,
    ready: false,
    selected: null,
    selections: 0,
    model: null,
    network: null,
    error: null,
  });

  // ------------------------------------------------------------------ loader
  var slots = new Map();
  function slot(name) {
    var s = slots.get(name);
    if (!s) {
      s = { requested: false };
      s.promise = new Promise(function (resolve, reject) {
        s.resolve = resolve;
        s.reject = reject;
      });
      slots.set(name, s);
    }
    return s;
  }
  /* Called by every data file. */
  window.vizgenLoad = function (name, payload) {
    slot(name).resolve(payload);
  };
  function load(name) {
    var s = slot(name);
    if (!s.requested) {
      s.requested = true;
      var el = document.createElement("script");
      el.src = cfg.data + name + ".js";
      el.async = true;
      el.onerror = function () {
        s.reject(new Error("could not load " + el.src));
      };
      document.head.appendChild(el);
    }
    return s.promise;
  }
  api.load = load;

  // ------------------------------------------------------------------ add-on hooks
  /* The API add-ons (play.js) use; vizgen.js knows nothing else about them.
     vizgen.onPanel(fn): fn(panel, id, detail) each time the panel has been
       filled for position id (detail: its hands, moves and parents), so an
       add-on can put its own section in the panel or mark moves.
     vizgen.onMoveClick(fn): fn(from, to) when a move from the shown position
       is clicked, in the panel's move table or as a position in the graph or
       the explorer; fn returns true to take the click over (no navigation).
     vizgen.go(id or notation) navigates (the fragment follows), vizgen.select(id)
     shows a position without touching the URL, vizgen.load(name) loads a data file. */
  var hooks = { panel: [], move: [] };
  api.onPanel = function (fn) {
    hooks.panel.push(fn);
  };
  api.onMoveClick = function (fn) {
    hooks.move.push(fn);
  };
  function panelFilled(panel, id, d) {
    hooks.panel.forEach(function (fn) { fn(panel, id, d); });
  }
  /* A click on position `to`: true when it is a move from the shown position that an add-on took over. */
  function moveTaken(to) {
    var from = api.selected;
    var d = from === null ? null : model.details.get(from);
    if (!d || !d.moves.some(function (m) { return m.dst === to; })) return false;
    return hooks.move.some(function (fn) { return fn(from, to) === true; });
  }
  function clicked(id) {
    if (!moveTaken(id)) go(id);
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("#panel tr.move a") : null;
    if (!a || !model) return;
    var to = model.lookup(decodeURIComponent(a.getAttribute("href").slice(1)));
    if (to !== undefined && moveTaken(to)) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  }, true);

  // ------------------------------------------------------------------ helpers
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function pct(p) {
    return p === null || p === undefined ? "–" : (100 * p).toFixed(1) + "\u202f%";
  }
  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many);
  }
  /* Fill a word template from Python: {n} plies, {k} a seat. */
  function fill(template, n, k) {
    return template.replace(/\{n\}/g, String(n)).replace(/\{k\}/g, String(k));
  }
  /* Show one value of a node-table column the way its spec says. */
  function shown(column, v) {
    if (v === null || v === undefined) return "–";
    if (column.show === "percent") return pct(v);
    if (column.show === "plies") return plural(v, WORDS.ply, WORDS.plies);
    if (column.show === "yesno") return v ? "yes" : "no";
    return String(v);
  }
  var $ = function (id) {
    return document.getElementById(id);
  };

  // ------------------------------------------------------------------ model
  function Model(d) {
    var n = d.n;
    this.n = n;
    this.P = d.players;
    this.startId = d.start;
    this.chunk = d.chunk;
    this.edges = d.edges;
    this.notation = n ? d.notation.split(" ") : [];
    this.columns = d.columns;
    this.verdict = new Uint8Array(n);
    this.win = new Int8Array(n);
    this.rem = new Int32Array(n);
    this.term = new Uint8Array(n);
    var V = WORDS.verdicts.length;
    var base = this.P + 1;
    for (var i = 0; i < n; i++) {
      var c = d.code[i]; // packed by vizgen/site/render/datafiles.py: verdict, winner, remoteness
      this.verdict[i] = c % V;
      c = Math.floor(c / V);
      this.win[i] = (c % base) - 1;
      this.rem[i] = Math.floor(c / base) - 1;
      this.term[i] = WORDS.verdicts[this.verdict[i]].over ? 1 : 0;
    }
    this.x = d.x;
    this.y = d.y;
    this.size = d.size || 12;
    this.box = d.box || null; // the banded layout: labelled boxes of this [width, height], one CSS px per unit at fit
    this.shownEdges = d.shown ? new Set(d.shown) : null; // the moves drawn by default (they carry meaning)
    this.index = new Map();
    for (var j = 0; j < n; j++) this.index.set(this.notation[j], j);
    this.details = new Map();
  }
  Model.prototype.name = function (i) {
    return this.notation[i];
  };
  Model.prototype.lookup = function (text) {
    return this.index.get(text);
  };
  Model.prototype.over = function (i) {
    return this.term[i] === 1;
  };
  Model.prototype.winner = function (i) {
    return this.win[i];
  };
  Model.prototype.cls = function (i) {
    return WORDS.verdicts[this.verdict[i]].cls;
  };
  /* The value of position i in words, for the player to move. */
  Model.prototype.words = function (i) {
    return fill(WORDS.verdicts[this.verdict[i]].long, this.rem[i], this.win[i]);
  };
  /* A short form for tables and tooltips. */
  Model.prototype.short = function (i) {
    return fill(WORDS.verdicts[this.verdict[i]].short, this.rem[i], this.win[i]);
  };
  Model.prototype.detail = function (i) {
    var self = this;
    var cached = this.details.get(i);
    if (cached) return Promise.resolve(cached);
    var k = Math.floor(i / this.chunk);
    return load("c" + k).then(function (ch) {
      var row = ch.nodes[i - ch.first];
      var d = {
        id: i,
        hands: row[0],
        values: row[1], // one per column of model.columns
        moves: row[2].map(function (m) {
          // what the move means for the chooser: a code into WORDS.choices, plies after it, a seat
          return { dst: m[0], best: m[1] === 1, choice: m[2], n: m[3], k: m[4], names: m.slice(5) };
        }),
        parents: row[3],
      };
      self.details.set(i, d);
      return d;
    });
  };

  var model = null;

  /* Find a position from what a person typed: 12-11, 21-11, 1211, 12 11 ... */
  /* Find a position from what a person typed. The notation is Python's (nodes.js); the search only
     compares spellings with the separators and spaces left out (12-11, 1211, " 12 11 "), so no rule
     of the notation is written again here. Spellings that would be ambiguous that way are not offered. */
  var spellings = null;
  function bare(text) {
    return String(text || "").replace(/[\s.\-]+/g, "");
  }
  function resolve(text) {
    var t = String(text || "").trim();
    if (!t) return undefined;
    if (model.lazy) return model.find(t); // a code page: the position's code, reachable or not
    if (model.index.has(t)) return model.index.get(t);
    if (!spellings) {
      spellings = new Map();
      var twice = new Set();
      model.notation.forEach(function (name, i) {
        var key = bare(name);
        if (spellings.has(key)) twice.add(key);
        spellings.set(key, i);
      });
      twice.forEach(function (key) { spellings.delete(key); });
    }
    return spellings.get(bare(t));
  }
  api.resolve = function (text) {
    return resolve(text);
  };
  /* The position a person typed, once known to be one a game reaches (a code page loads its chunk). */
  function locate(text) {
    var id = resolve(text);
    if (id === undefined || !model.lazy) return Promise.resolve(id);
    return model.ensure([id]).then(function () {
      return model.reachable(id) ? id : undefined;
    });
  }
  api.locate = locate;

  // ------------------------------------------------------------------ hands
  // finger slots (x, top when raised): index, middle, ring, little; the thumb is fifth
  var SLOTS = [[14, 9], [20.5, 5.5], [27, 8], [33.5, 13]];
  /* The fingers and palm of one drawn hand with k (0..5) fingers raised, shifted right by dx. */
  function handParts(k, mirror, dx) {
    var parts = k >= 5
      ? '<rect class="finger" x="7" y="25" width="7.5" height="22" rx="3.75" transform="rotate(-24 10.75 46)"/>'
      : '<rect class="finger fold" x="5" y="36" width="11" height="8.5" rx="4.25"/>';
    for (var j = 0; j < 4; j++) {
      var s = SLOTS[j];
      parts += j < k
        ? '<rect class="finger" x="' + s[0] + '" y="' + s[1] + '" width="6" height="' + (34 - s[1]) + '" rx="3"/>'
        : '<rect class="finger fold" x="' + s[0] + '" y="23" width="6" height="11" rx="3"/>';
    }
    parts += '<rect class="palm" x="11" y="28" width="30" height="28" rx="10"/>';
    var t = "translate(" + dx + " 0)" + (mirror ? " translate(46 0) scale(-1 1)" : "");
    return '<g transform="' + t + '">' + parts + "</g>";
  }
  /* One hand as a picture: v fingers raised (counting from the index finger, the thumb fifth). Above five
     the hand is drawn as several hands of five and the rest, side by side, with the number under them;
     a dead hand is a fist (grey, or plain when emptying your hands wins: empty). */
  function handSvg(v, mirror, empty) {
    var H = WORDS.hands;
    var label = v ? (v === 1 ? H.finger : fill(H.fingers, v, 0)) : empty ? H.empty : H.dead;
    var cls = "hand" + (v ? "" : empty ? " empty" : " dead");
    if (v <= 5) {
      return '<svg class="' + cls + '" viewBox="0 0 46 62" role="img" aria-label="' + esc(label) + '">' +
        handParts(v, mirror, 0) + '<text class="count" x="' + (mirror ? 20 : 26) + '" y="47.5">' + v + "</text></svg>";
    }
    var units = Math.ceil(v / 5);
    var w = 40 * units + 6;
    var parts = '<rect class="group" x="0.5" y="0.5" width="' + (w - 1) + '" height="79" rx="9"/>';
    for (var u = 0; u < units; u++) parts += handParts(Math.min(5, v - 5 * u), false, 40 * u);
    return '<svg class="' + cls + ' many" viewBox="0 0 ' + w + ' 80" style="width:' + (w * 0.78).toFixed(1) +
      'px" role="img" aria-label="' + esc(label) + '">' + parts +
      '<text class="total" x="' + w / 2 + '" y="76">' + v + "</text></svg>";
  }
  function seatLabel(s) {
    if (s === 0) return WORDS.seats.mover;
    if (model.P === 2) return WORDS.seats.opponent;
    return s === 1 ? WORDS.seats.next : fill(WORDS.seats.other, 0, s);
  }
  /* The players and their hands. Over: the seat that has won, or -1 while the game goes on. A player with
     no live hand is the winner when they have won (self-gain, misère), out otherwise. */
  function playersHtml(hands, winner) {
    var O = WORDS.over;
    var out = '<div class="players">';
    for (var s = 0; s < hands.length; s++) {
      var h = hands[s];
      var empty = h.every(function (v) { return v === 0; });
      var won = s === winner;
      var tag = won ? '<span class="tag won">' + esc(O["tag-won"]) + "</span>"
        : empty ? '<span class="tag out">' + esc(O["tag-out"]) + "</span>" : "";
      var you = s === 0 && model.P > 2 ? ' <span class="tag you">' + esc(O["tag-you"]) + "</span>" : "";
      out +=
        '<div class="player' + (s === 0 ? " mover" : "") + (won ? " winner" : empty ? " eliminated" : "") + '">' +
        '<div class="who">' + esc(seatLabel(s)) + you + (tag ? " " + tag : "") + "</div>" +
        '<div class="hands">' + h.map(function (v, j) {
          return handSvg(v, j % 2 === 0 && h.length > 1, won);
        }).join("") + "</div></div>";
    }
    return out + "</div>";
  }
  /* A finished game in words: who won, and why when the winner emptied their hands. */
  function overHtml(hands, winner) {
    var O = WORDS.over;
    var who = winner === 0 ? O.mover : model.P === 2 ? O.opponent : fill(O.other, 0, winner);
    var emptied = hands[winner].every(function (v) { return v === 0; });
    return '<p class="game-over" role="note"><b>' + esc(who) + "</b> " + esc(emptied ? O.emptied : O.last) + "</p>";
  }

  // ------------------------------------------------------------------ panel
  var panelToken = 0;
  function posLink(i, cls) {
    var s = model.name(i);
    return '<a class="pos' + (cls ? " " + cls : "") + '" href="#' + esc(s) + '">' + esc(s) + "</a>";
  }
  function renderPanel(id) {
    var token = ++panelToken;
    return model.detail(id).then(function (d) {
      if (token !== panelToken) return;
      var cls = model.cls(id);
      var html = '<div class="pos-head"><h2 class="pos-title">' + esc(model.name(id)) + "</h2>" +
        '<span class="badge ' + cls + '">' + esc(model.words(id)) + "</span></div>";
      if (id === model.startId) html += '<p class="pos-sub">the start position</p>';
      var winner = model.over(id) ? model.winner(id) : -1;
      if (winner >= 0) html += overHtml(d.hands, winner);
      html += playersHtml(d.hands, winner);
      var moves = d.moves.slice().sort(function (a, b) {
        return (b.best ? 1 : 0) - (a.best ? 1 : 0);
      });
      // stars only where they separate moves
      var allBest = moves.every(function (m) { return m.best; });
      html += '<section class="panel-moves" aria-label="Moves">';
      html += '<h3 class="panel-h">Moves <span class="count">' + moves.length + "</span></h3>";
      if (!moves.length) {
        html += '<p class="muted">No moves: the game is over.</p>';
      } else {
        if (allBest && moves.length > 1) html += '<p class="muted same-value">Every move keeps the same value.</p>';
        html += '<table class="moves"><thead><tr><th><span class="visually-hidden">optimal</span></th>' +
          '<th scope="col">move</th><th scope="col">to</th>' +
          '<th scope="col" title="What the move means for you, the player choosing it, with best play after it">for you</th>' +
          "</tr></thead><tbody>";
        moves.forEach(function (m) {
          var target = esc(model.name(m.dst));
          var choice = WORDS.choices[m.choice];
          var star = m.best && !allBest;
          var more = m.names.length > 1
            ? ' <span class="alt" title="' + esc(m.names.join(", ")) + '">+' + (m.names.length - 1) + "</span>"
            : "";
          html +=
            '<tr class="move' + (star ? " best" : "") + '" data-dst="' + m.dst + '">' +
            '<td class="star">' + (star ? '<span title="optimal move" aria-label="optimal move">★</span>' : "") + "</td>" +
            '<td class="mv"><a href="#' + target + '">' + esc(m.names[0]) + "</a>" + more + "</td>" +
            "<td>" + posLink(m.dst) + "</td>" +
            '<td><span class="badge sm ' + choice.cls + '">' + esc(fill(choice.short, m.n, m.k)) + "</span></td></tr>";
        });
        html += "</tbody></table>";
      }
      html += "</section>";
      html += '<h3 class="panel-h">Reached from <span class="count">' + d.parents.length + "</span></h3>";
      if (!d.parents.length) {
        html += '<p class="muted">' + (id === model.startId ? "Nothing: this is where every game begins." : "No position leads here.") + "</p>";
      } else {
        html += '<p class="chips parents">' + d.parents.map(function (p) {
          // the value in words too, not in colour alone
          return '<a class="pos ' + model.cls(p) + '" href="#' + esc(model.name(p)) + '" title="' + esc(model.short(p)) +
            '" aria-label="' + esc(model.name(p) + ": " + model.short(p)) + '">' + esc(model.name(p)) + "</a>";
        }).join("") + "</p>";
      }
      // every column of the node table that the panel lists, as its spec says
      if (model.columns.length) {
        html += '<dl class="facts">' + model.columns.map(function (c, k) {
          return '<div class="fact" data-column="' + esc(c.name) + '"><dt title="' + esc(c.doc) + '">' + esc(c.label) +
            '</dt><dd><span class="fact-num">' + esc(shown(c, d.values[k])) + '</span> <span class="fact-doc">' +
            esc(c.doc) + "</span></dd></div>";
        }).join("") + "</dl>";
      }
      var panel = $("panel");
      // a move played from the keyboard (Enter) or a step back keeps the focus in the panel
      var hadFocus = panel.contains(document.activeElement);
      html = '<button type="button" class="sheet-toggle" aria-controls="panel" aria-expanded="' +
        panel.classList.contains("open") + '"><span class="visually-hidden">' + esc(WORDS.sheet) +
        "</span></button>" + html;
      panel.innerHTML = html;
      panel.scrollTop = 0;
      if (hadFocus) (panel.querySelector("tr.move td.mv a") || panel).focus({ preventScroll: true });
      panel.dataset.position = model.name(id);
      panelFilled(panel, id, d);
    });
  }

  // ------------------------------------------------------------------ small graph
  var graph = null; // {nodes, edges, out: Map id -> [edge ids], inn: Map id -> [edge ids]}
  var lit = [];

  /* Label colour of position i: white on the banded layout's dark boxes, ink elsewhere. */
  function labelColour(i) {
    return model.box && model.cls(i) !== "draw" ? "#ffffff" : "#1d2330";
  }
  /* A labelled box of the banded layout: the label inside, boxes of one size (vizgen/site/band_picture.py). */
  function boxStyle(i) {
    var cls = model.cls(i);
    var isStart = i === model.startId;
    var term = model.term[i] === 1;
    var border = isStart ? ACCENT : term ? "#1d2330" : BORDERS[cls];
    return {
      shape: "box",
      size: model.size,
      margin: 2,
      shapeProperties: { borderRadius: term ? 0 : 5 },
      widthConstraint: { minimum: model.box[0], maximum: model.box[0] },
      heightConstraint: { minimum: model.box[1], valign: "middle" },
      borderWidth: isStart ? 3 : term ? 1.5 : 0.8,
      borderWidthSelected: 3.5,
      font: { color: labelColour(i) },
      color: {
        background: COLORS[cls],
        border: border,
        highlight: { background: COLORS[cls], border: ACCENT },
        hover: { background: COLORS[cls], border: "#111827" },
      },
    };
  }
  function nodeStyle(i, size) {
    if (model.box && size === model.size) return boxStyle(i);
    var cls = model.cls(i);
    var isStart = i === model.startId;
    var term = model.over(i);
    return {
      shape: isStart ? "star" : term ? "square" : "dot",
      size: isStart ? size * 1.5 : term ? size * 0.85 : size,
      borderWidth: isStart ? size * 0.12 : size * 0.06,
      borderWidthSelected: size * 0.3,
      color: {
        background: COLORS[cls],
        border: isStart ? ACCENT : BORDERS[cls],
        highlight: { background: COLORS[cls], border: ACCENT },
        hover: { background: COLORS[cls], border: "#111827" },
      },
    };
  }
  function edgeStyle(best, size, faded) {
    var c = faded ? (best ? "rgba(29, 35, 48, 0.16)" : "rgba(84, 94, 114, 0.08)") : best ? EDGE_BEST : EDGE;
    return {
      color: { color: c, highlight: c, hover: c, inherit: false, opacity: 1 },
      width: size * (best ? 0.13 : 0.06),
    };
  }
  function tooltip(i) {
    var el = document.createElement("div");
    el.className = "vg-tip";
    el.textContent = model.name(i) + " · " + model.short(i);
    return el;
  }

  function buildSmall(ch) {
    var n = model.n;
    var S = model.size;
    var fs = S * 1.05;
    var nodes = [];
    for (var i = 0; i < n; i++) {
      var node = nodeStyle(i, S);
      node.id = i;
      node.x = model.x[i];
      node.y = model.y[i];
      node.label = model.name(i);
      node.title = tooltip(i);
      nodes.push(node);
    }
    var pairs = new Set();
    ch.nodes.forEach(function (row, k) {
      row[2].forEach(function (m) {
        pairs.add((ch.first + k) + ">" + m[0]);
      });
    });
    var edges = [];
    var out = new Map(), inn = new Map();
    var eid = 0;
    ch.nodes.forEach(function (row, k) {
      var src = ch.first + k;
      row[2].forEach(function (m) {
        var e = edgeStyle(m[1] === 1, S);
        e.id = eid;
        e.from = src;
        e.to = m[0];
        e.best = m[1] === 1;
        e.shown = model.shownEdges ? model.shownEdges.has(eid) : e.best;
        e.hidden = !e.shown;
        e.smooth = pairs.has(m[0] + ">" + src) ? { enabled: true, type: "curvedCW", roundness: 0.14 } : false;
        edges.push(e);
        if (!out.has(src)) out.set(src, []);
        out.get(src).push(eid);
        if (!inn.has(m[0])) inn.set(m[0], []);
        inn.get(m[0]).push(eid);
        eid++;
      });
    });
    var many = edges.length > 4000;
    var banded = !!model.box;
    var container = $("graph");
    container.innerHTML = "";
    var data = { nodes: new vis.DataSet(nodes), edges: new vis.DataSet(edges) };
    var options = {
      autoResize: true,
      physics: false,
      layout: { improvedLayout: false, randomSeed: 1 },
      interaction: {
        hover: n <= 2500,
        tooltipDelay: 150,
        dragNodes: false,
        hideEdgesOnDrag: many,
        hideEdgesOnZoom: many,
        selectConnectedEdges: false,
        zoomSpeed: 0.7,
        keyboard: false,
      },
      nodes: banded
        ? { font: { size: BOX_FONT, face: '"DejaVu Sans Mono", Menlo, Consolas, monospace', color: "#1d2330" } }
        : {
          font: { size: fs, face: FONT, color: "#1d2330", strokeWidth: fs * 0.22, strokeColor: "rgba(255,255,255,0.92)" },
          scaling: { label: { enabled: false, drawThreshold: 8, maxVisible: 26 } },
        },
      edges: {
        arrows: { to: { enabled: true, scaleFactor: Math.min(0.8, S / 14) } },
        smooth: false,
        chosen: false,
        selectionWidth: 0,
        hoverWidth: 0,
      },
    };
    var network = new vis.Network(container, data, options);
    graph = { nodes: data.nodes, edges: data.edges, out: out, inn: inn, fontSize: banded ? BOX_FONT : fs, all: edges };
    api.network = network;
    network.on("click", function (params) {
      if (params.nodes && params.nodes.length) clicked(params.nodes[0]);
      else if (!params.edges || !params.edges.length) api.unfade();
    });
    network.once("afterDrawing", function () {
      api.drawn = true;
    });
    network.fit({ animation: false });
    return network;
  }

  /* Fade every position but the selected one and its neighbours, so the
     neighbourhood stands out even in a dense layout. Only the nodes and edges
     whose state changes are updated. */
  var bright = null; // Set of node ids at full strength, or null: nothing faded
  var lastSelected = null;
  var FADED_FONT = "rgba(29, 35, 48, 0.28)";
  function nodeFade(i, on) {
    return on
      ? { id: i, opacity: 0.28, font: { color: model.box ? "rgba(255, 255, 255, 0.5)" : FADED_FONT }, size: nodeStyle(i, model.size).size }
      : { id: i, opacity: 1, font: { color: labelColour(i) }, size: nodeStyle(i, model.size).size };
  }
  function fadeSmall(id, on) {
    var keep = new Set([id]);
    (graph.out.get(id) || []).forEach(function (e) { keep.add(graph.all[e].to); });
    (graph.inn.get(id) || []).forEach(function (e) { keep.add(graph.all[e].from); });
    var ups = [];
    var wasFaded = bright !== null;
    if (!on) {
      if (wasFaded) for (var i = 0; i < model.n; i++) ups.push(nodeFade(i, false));
      bright = null;
    } else if (!wasFaded) {
      for (var j = 0; j < model.n; j++) ups.push(nodeFade(j, !keep.has(j)));
      bright = keep;
    } else {
      bright.forEach(function (k) { if (!keep.has(k)) ups.push(nodeFade(k, true)); });
      keep.forEach(function (k) { if (!bright.has(k) || k === lastSelected) ups.push(nodeFade(k, false)); });
      bright = keep;
    }
    if (on) ups.push({ id: id, opacity: 1, size: nodeStyle(id, model.size).size * 1.35 });
    lastSelected = id;
    graph.nodes.update(ups);
    if (on !== wasFaded) {
      graph.edges.update(graph.all.map(function (e) {
        var st = edgeStyle(e.best, model.size, on);
        return { id: e.id, color: st.color, width: st.width };
      }));
    }
  }
  api.unfade = function () {
    if (api.selected !== null) {
      fadeSmall(api.selected, false);
      highlightSmall(api.selected, false);
    }
  };

  function highlightSmall(id, fade) {
    var network = api.network;
    var S = model.size;
    fadeSmall(id, fade);
    var updates = [];
    lit.forEach(function (e) {
      var edge = graph.all[e];
      var st = edgeStyle(edge.best, S, fade);
      updates.push({ id: e, color: st.color, width: st.width });
    });
    var now = [];
    (graph.out.get(id) || []).forEach(function (e) {
      var edge = graph.all[e];
      updates.push({ id: e, color: { color: ACCENT, highlight: ACCENT, hover: ACCENT, inherit: false, opacity: 1 }, width: S * (edge.best ? 0.3 : 0.2) });
      now.push(e);
    });
    (graph.inn.get(id) || []).forEach(function (e) {
      if (graph.all[e].from === id) return;
      updates.push({ id: e, color: { color: PARENT, highlight: PARENT, hover: PARENT, inherit: false, opacity: 1 }, width: S * 0.16 });
      now.push(e);
    });
    // only the moves that carry meaning are drawn (all of them with "all moves"), and those lit now
    var all = allMoves();
    updates.forEach(function (u) {
      var edge = graph.all[u.id];
      u.hidden = !all && !edge.shown && now.indexOf(u.id) < 0;
    });
    graph.edges.update(updates);
    lit = now;
    network.selectNodes([id], false);
  }

  /* Bring position id into view, at a readable scale, when it is not in view already. No animation:
     the view never moves under the mouse, so a click always lands on the position under it. */
  function focusSmall(id) {
    var network = api.network;
    var readable = 13 / graph.fontSize;
    var pos = network.getPositions([id])[id];
    var dom = network.canvasToDOM(pos);
    var box = $("graph");
    var inside = dom.x > 24 && dom.y > 24 && dom.x < box.clientWidth - 24 && dom.y < box.clientHeight - 24;
    if (inside) return;
    network.moveTo({ position: pos, scale: Math.max(network.getScale(), Math.min(readable, 8)), animation: false });
  }

  function allMoves() {
    var box = $("all-moves");
    return !!(box && box.checked);
  }
  function setAllMoves(on) {
    var ups = graph.all.map(function (e) {
      return { id: e.id, hidden: !on && !e.shown && lit.indexOf(e.id) < 0 };
    });
    graph.edges.update(ups);
  }

  // ------------------------------------------------------------------ explorer
  var explorer = null;
  var exploreToken = 0;

  function buildExplorer() {
    var container = $("graph");
    container.innerHTML = "";
    var data = { nodes: new vis.DataSet([]), edges: new vis.DataSet([]) };
    var options = {
      autoResize: true,
      physics: false,
      layout: { improvedLayout: false, randomSeed: 1 },
      interaction: { hover: true, tooltipDelay: 120, dragNodes: false, selectConnectedEdges: false, zoomSpeed: 0.7, keyboard: false },
      nodes: {
        font: { face: FONT, color: "#1d2330", strokeWidth: 4, strokeColor: "rgba(255,255,255,0.92)" },
      },
      edges: {
        arrows: { to: { enabled: true, scaleFactor: 0.6 } },
        smooth: false,
        chosen: false,
        selectionWidth: 0,
        hoverWidth: 0,
      },
    };
    var network = new vis.Network(container, data, options);
    network.on("click", function (params) {
      if (params.nodes && params.nodes.length) clicked(params.nodes[0]);
    });
    network.once("afterDrawing", function () {
      api.drawn = true;
    });
    explorer = { nodes: data.nodes, edges: data.edges };
    api.network = network;
    return network;
  }

  /* Level 2 of the explorer starts with MAX_LEVEL2 positions, or none on a code page (each costs a data
     chunk there); "show more" adds MAX_LEVEL2. */
  function level2Start() {
    return model.lazy ? 0 : MAX_LEVEL2;
  }
  var level2Cap = MAX_LEVEL2; // grows with "show more", back to level2Start() for a new centre
  var trail = []; // the centres visited, oldest first
  function explore(id, animate) {
    var token = ++exploreToken;
    if (!api.explored || api.explored.centre !== id) level2Cap = level2Start();
    var from = api.explored && animate !== false ? api.network.getPositions() : null;
    return model.detail(id).then(function (d0) {
      noteTrail(id);
      var children = [];
      var seen = new Set([id]);
      d0.moves
        .slice()
        .sort(function (a, b) { return (b.best ? 1 : 0) - (a.best ? 1 : 0); })
        .forEach(function (m) {
          if (!seen.has(m.dst)) { seen.add(m.dst); children.push(m.dst); }
        });
      var parents = [];
      d0.parents.forEach(function (p) {
        if (!seen.has(p)) { seen.add(p); parents.push(p); }
      });
      var level1 = children.concat(parents);
      // a code page knows the moves of level 1 without their values, and loads only the level 2 it draws
      var got = model.lazy
        ? Promise.resolve(level1.map(function (u) { return model.links(u); }))
        : Promise.all(level1.map(function (u) { return model.detail(u); }));
      return got.then(function (details) {
        var picked = pickLevel2(id, level1, details, level2Cap);
        var wanted = [].concat.apply([], picked.take);
        return (model.lazy && wanted.length ? model.ensure(wanted) : Promise.resolve()).then(function () {
          if (token !== exploreToken) return;
          layoutExplorer(id, d0, children, parents, level1, details, picked, from);
        });
      });
    });
  }

  /* Level 2: the new neighbours of each level-1 position, at most cap in all, shared fairly. */
  function pickLevel2(id, level1, details, cap) {
    var placed = new Set([id].concat(level1));
    var perU = Math.max(3, Math.floor(cap / Math.max(level1.length, 1)));
    var total = new Set();
    var shown = 0;
    var take = details.map(function (du) {
      var fresh = [];
      du.moves.forEach(function (m) {
        if (!placed.has(m.dst) && fresh.indexOf(m.dst) < 0) fresh.push(m.dst);
      });
      du.parents.forEach(function (p) {
        if (!placed.has(p) && fresh.indexOf(p) < 0) fresh.push(p);
      });
      fresh.forEach(function (v) { total.add(v); });
      var mine = fresh.slice(0, Math.min(perU, Math.max(0, cap - shown)));
      mine.forEach(function (v) { placed.add(v); });
      shown += mine.length;
      return mine;
    });
    return { take: take, total: total.size, shown: shown };
  }

  /* The trail: the centres visited; going back to one cuts the trail there. */
  function noteTrail(id) {
    var at = trail.indexOf(id);
    if (at >= 0) trail = trail.slice(0, at + 1);
    else trail.push(id);
    if (trail.length > 14) trail = trail.slice(trail.length - 14);
    var el = $("trail");
    if (!el) {
      el = document.createElement("p");
      el.id = "trail";
      el.className = "trail";
      var cap = $("explorer-caption");
      if (!cap) return;
      cap.parentNode.insertBefore(el, cap.nextSibling);
    }
    el.innerHTML = '<span class="trail-h">Trail:</span> ' + trail.map(function (t) {
      return '<a class="pos ' + model.cls(t) + '" href="#' + esc(model.name(t)) + '">' + esc(model.name(t)) + "</a>";
    }).join(' <span aria-hidden="true">›</span> ');
  }

  /* Box taken by a node and its label (below the dot), in canvas units, estimated from the font. */
  function labelBox(x, y, size, font, text) {
    var w = Math.max(text.length * font * 0.62 + 6, 2 * size);
    return [x - w / 2, y - size - 2, x + w / 2, y + size + font * 1.35 + 4];
  }
  function clash(a, b) {
    return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  }

  function layoutExplorer(id, d0, children, parents, level1, details, picked, from) {
    var N1 = level1.length;
    var nodes = [];
    var edges = new Map();
    var placed = new Set([id]);
    var TAU = Math.PI * 2;
    var taken = [];
    function addNode(i, x, y, level) {
      var size = level === 0 ? 26 : level === 1 ? 17 : 10;
      var font = level === 0 ? 26 : level === 1 ? 20 : 15;
      // labels never collide: a position whose label would touch a placed one moves outward along its ray
      var box = labelBox(x, y, size, font, model.name(i));
      var r = Math.sqrt(x * x + y * y), ux = r ? x / r : 0, uy = r ? y / r : 1;
      for (var step = 0; level > 0 && step < 200 && taken.some(function (b) { return clash(b, box); }); step++) {
        x += ux * 14;
        y += uy * 14;
        box = labelBox(x, y, size, font, model.name(i));
      }
      taken.push(box);
      var st = nodeStyle(i, size);
      st.id = i;
      st.x = x;
      st.y = y;
      st.label = model.name(i);
      st.title = tooltip(i);
      st.font = { size: font };
      if (level === 0) {
        st.borderWidth = 5;
        st.color.border = ACCENT;
      }
      nodes.push(st);
      placed.add(i);
    }
    function addEdge(a, b, best, kind) {
      var key = a + ">" + b;
      if (edges.has(key)) {
        if (best) edges.get(key).best = true;
        return;
      }
      edges.set(key, { from: a, to: b, best: best, kind: kind });
    }
    addNode(id, 0, 0, 0);
    var R1 = Math.max(240, (N1 * 100) / TAU);
    var angle = new Map();
    var nc = children.length;
    level1.forEach(function (u, k) {
      var a = N1 ? ((k - (nc - 1) / 2) * TAU) / N1 : 0;
      angle.set(u, a);
      addNode(u, R1 * Math.cos(a), R1 * Math.sin(a), 1);
    });
    d0.moves.forEach(function (m) {
      if (m.dst !== id) addEdge(id, m.dst, m.best, "out");
    });
    // level 2: the new neighbours of each level-1 position, in its sector
    var R2 = R1 + 250;
    picked.take.forEach(function (take, k) {
      var sector = (TAU / Math.max(N1, 1)) * 0.86;
      var a0 = angle.get(level1[k]);
      var perRing = Math.max(1, Math.floor((sector * R2) / 78));
      take.forEach(function (v, j) {
        var ring = Math.floor(j / perRing);
        var inRing = Math.min(perRing, take.length - ring * perRing);
        var pos = j - ring * perRing;
        var a = inRing > 1 ? a0 - sector / 2 + (sector * (pos + 0.5)) / inRing : a0;
        var r = R2 + ring * 95 + (pos % 2) * 30;
        addNode(v, r * Math.cos(a), r * Math.sin(a), 2);
      });
    });
    // edges known from the details of the centre and of level 1
    details.forEach(function (du, k) {
      var u = level1[k];
      du.moves.forEach(function (m) {
        if (placed.has(m.dst) && m.dst !== u) addEdge(u, m.dst, m.best, m.dst === id ? "in" : "");
      });
      du.parents.forEach(function (p) {
        if (placed.has(p) && p !== u && p !== id) addEdge(p, u, false, "");
      });
    });
    var list = [];
    var k = 0;
    edges.forEach(function (e) {
      var colour = e.kind === "out" ? ACCENT : e.kind === "in" ? PARENT : e.best ? EDGE_BEST : EDGE;
      var width = e.kind ? (e.best ? 3.5 : 2) : e.best ? 2 : 1;
      list.push({
        id: k++,
        from: e.from,
        to: e.to,
        width: width,
        color: { color: colour, highlight: colour, hover: colour, inherit: false, opacity: 1 },
        smooth: edges.has(e.to + ">" + e.from) ? { enabled: true, type: "curvedCW", roundness: 0.12 } : false,
        dashes: false,
      });
    });
    cancelAnimationFrame(glideFrame); // a glide toward the previous layout stops here
    explorer.nodes.clear();
    explorer.edges.clear();
    explorer.nodes.add(nodes);
    explorer.edges.add(list);
    api.network.selectNodes([id], false);
    api.network.fit({ animation: false });
    if (from && from[id]) glide(nodes, from, from[id]);
    var cap = $("explorer-caption");
    if (cap) {
      cap.textContent =
        plural(d0.moves.length, "move", "moves") + " from here, " +
        plural(d0.parents.length, "position leads", "positions lead") + " here; " +
        (picked.total > picked.shown
          ? "showing " + picked.shown + " of the " + picked.total + " positions two steps away."
          : picked.total + " positions two steps away.") +
        " Click any position to move the centre there.";
      if (picked.total > picked.shown) {
        var more = document.createElement("button");
        more.type = "button";
        more.id = "explorer-more";
        more.className = "explorer-more";
        more.textContent = "show " + Math.min(MAX_LEVEL2, picked.total - picked.shown) + " more";
        more.addEventListener("click", function () {
          level2Cap += MAX_LEVEL2;
          explore(id, false);
        });
        cap.appendChild(more);
      }
    }
    api.explored = { centre: id, level1: level1.length, level2: picked.shown, of: picked.total, edges: list.length };
  }

  /* The move to a new centre: positions already shown glide from where they were (the new centre
     from its old place to the middle), new ones grow in; 320 ms, the camera still (clicks land true). */
  var glideFrame = 0;
  function glide(nodes, from, origin) {
    var body = api.network.body;
    var start = nodes.map(function (n) {
      var old = from[n.id];
      return old ? { x: old.x - origin.x, y: old.y - origin.y } : { x: n.x * 0.6, y: n.y * 0.6 };
    });
    var t0 = performance.now();
    cancelAnimationFrame(glideFrame);
    function frame(now) {
      var t = Math.min(1, (now - t0) / 320);
      var e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
      nodes.forEach(function (n, k) {
        var b = body.nodes[n.id];
        if (!b) return;
        b.x = start[k].x + (n.x - start[k].x) * e;
        b.y = start[k].y + (n.y - start[k].y) * e;
      });
      api.network.redraw();
      if (t < 1) glideFrame = requestAnimationFrame(frame);
    }
    glideFrame = requestAnimationFrame(frame);
  }

  // ------------------------------------------------------------------ overview (big variants)
  var xy = null;
  function overviewXY() {
    if (!xy) xy = load("xy");
    return xy;
  }
  function markOverview(id) {
    var mark = $("overview-mark");
    if (!mark) return;
    overviewXY().then(function (p) {
      mark.style.left = ((100 * p.x[id]) / p.w).toFixed(3) + "%";
      mark.style.top = ((100 * p.y[id]) / p.h).toFixed(3) + "%";
      mark.hidden = false;
    }).catch(function () {});
  }
  function wireOverview() {
    var img = $("overview");
    if (!img) return;
    img.addEventListener("click", function (ev) {
      var rect = img.getBoundingClientRect();
      overviewXY().then(function (p) {
        var px = ((ev.clientX - rect.left) * p.w) / rect.width;
        var py = ((ev.clientY - rect.top) * p.h) / rect.height;
        var best = -1, bd = Infinity;
        for (var i = 0; i < p.x.length; i++) {
          var dx = p.x[i] - px, dy = p.y[i] - py, dd = dx * dx + dy * dy;
          if (dd < bd) { bd = dd; best = i; }
        }
        if (best >= 0) {
          go(best);
          $("explore").scrollIntoView({ behavior: "smooth", block: "start" });
        }
      });
    });
  }

  // ------------------------------------------------------------------ navigation
  function message(text) {
    var el = $("search-msg");
    if (!el) return;
    el.textContent = text || "";
    el.classList.toggle("shown", !!text);
  }
  function go(id) {
    var target = "#" + model.name(id);
    if (decodeHash() === model.name(id)) select(id, true);
    else location.hash = target;
  }
  /* Navigate to a position (id or notation); returns the id, or on a code page a promise of it. */
  api.go = function (notationOrId) {
    if (model.lazy && typeof notationOrId !== "number") {
      return locate(notationOrId).then(function (id) {
        if (id !== undefined) go(id);
        return id;
      });
    }
    var id = typeof notationOrId === "number" ? notationOrId : resolve(notationOrId);
    if (id !== undefined) go(id);
    return id;
  };
  function decodeHash() {
    var h = location.hash.replace(/^#/, "");
    try {
      return decodeURIComponent(h);
    } catch (e) {
      return h;
    }
  }
  var baseTitle = document.title;

  /* Show position id: highlight it (small graph) or centre the explorer on
     it, and fill the panel. focus: false keeps the view (first load). */
  function select(id, animate, focus) {
    api.selected = id;
    message("");
    if (focus !== false) sheet(true);
    var work;
    if (cfg.kind === "small") {
      if (graph) {
        highlightSmall(id, focus !== false);
        if (focus !== false && view === "graph") focusSmall(id);
      }
      work = renderPanel(id);
    } else {
      work = Promise.all([explorer ? explore(id, animate) : null, renderPanel(id)]);
    }
    if (vmap) {
      vmap.mark(id, model.details.get(id) || null);
      work = work.then(function () {
        if (api.selected === id) vmap.mark(id, model.details.get(id));
      });
    }
    markOverview(id);
    document.title = model.name(id) + " · " + baseTitle;
    return work.then(function () {
      if (api.selected === id) api.selections++;
    });
  }
  api.select = function (id) {
    return select(id, false);
  };

  function onHash() {
    var raw = decodeHash();
    if (!raw) return select(model.startId, false, false);
    return locate(raw).then(function (id) { return showHash(raw, id); });
  }
  function showHash(raw, id) {
    if (id === undefined) {
      // an unknown deep link: show the start (if nothing is shown yet) and say why
      var shown = api.selected === null || api.selected === undefined
        ? select(model.startId, false, false) : Promise.resolve();
      return shown.then(function () {
        message("There is no position “" + raw + "” in this variant. " + hint());
      });
    }
    if (model.name(id) !== raw) {
      location.replace("#" + model.name(id));
      return Promise.resolve();
    }
    return select(id, true);
  }
  function hint() {
    var ex = model.name(model.startId);
    var compact = cfg.r <= 10 && cfg.hands > 0 ? " (or " + ex.replace(/-/g, "").replace(/\/.*$/, "") + ")" : "";
    return "Type the hands of the player to move first, each player's hands in ascending order, like " + ex + compact + ".";
  }

  function wireControls() {
    var form = $("search");
    if (form) {
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var q = $("q").value;
        locate(q).then(function (id) {
          if (id === undefined) {
            message(q.trim() ? "No position “" + q.trim() + "” in this variant. " + hint() : hint());
          } else {
            go(id);
          }
        });
      });
    }
    var start = $("btn-start");
    if (start) start.addEventListener("click", function () { go(model.startId); });
    var fit = $("btn-fit");
    if (fit) fit.addEventListener("click", function () { if (api.network) api.network.fit({ animation: false }); });
    var all = $("all-moves");
    if (all) all.addEventListener("change", function () { if (graph) setAllMoves(all.checked); });
    // a position link outside the viewer brings the viewer into sight
    document.addEventListener("click", function (ev) {
      var a = ev.target.closest ? ev.target.closest("a.pos, a.goto") : null;
      if (!a || a.closest("#explore")) return;
      setTimeout(function () {
        $("explore").scrollIntoView({ behavior: "smooth", block: "start" });
      }, 0);
    });
    window.addEventListener("hashchange", onHash);
  }

  /* The position panel is a bottom sheet on phones (vizgen.css): open after a selection, folded to its
     first line by its handle; it steps aside while the viewer is out of sight. */
  var phone = window.matchMedia ? window.matchMedia("(max-width: 760px)") : { matches: false };
  function sheet(open) {
    var panel = $("panel");
    if (!panel) return;
    panel.classList.toggle("open", open);
    // on a phone the graph moves up under the header, above the open sheet
    var g = $("graph");
    if (open && phone.matches && g && Math.abs(g.getBoundingClientRect().top - 64) > 24) {
      g.scrollIntoView({ block: "start" });
    }
    var t = panel.querySelector(".sheet-toggle");
    if (t) t.setAttribute("aria-expanded", String(open));
  }
  function wireSheet() {
    var panel = $("panel");
    var explore = $("explore");
    if (!panel || !explore) return;
    panel.addEventListener("click", function (ev) {
      if (ev.target.closest(".sheet-toggle")) sheet(!panel.classList.contains("open"));
    });
    if (window.IntersectionObserver) {
      new IntersectionObserver(function (entries) {
        panel.classList.toggle("away", !entries[0].isIntersecting);
      }).observe(explore);
    }
  }

  /* The keyboard in the panel: arrow keys (or j and k) step through the moves, Enter plays one (it is a
     link), Backspace or Alt+Left goes back; the focus stays in the panel (renderPanel). */
  function moveLinks() {
    return Array.prototype.slice.call(document.querySelectorAll("#panel tr.move td.mv a"));
  }
  function wireKeys() {
    var panel = $("panel");
    if (!panel) return;
    panel.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || (ev.target.closest && ev.target.closest("input, select, textarea"))) return;
      var key = ev.key;
      var down = key === "ArrowDown" || key === "j";
      if (down || key === "ArrowUp" || key === "k") {
        var links = moveLinks();
        if (!links.length) return;
        var k = links.indexOf(document.activeElement);
        var next = k < 0 ? (down ? 0 : links.length - 1) : Math.max(0, Math.min(links.length - 1, k + (down ? 1 : -1)));
        links[next].focus();
        ev.preventDefault();
      } else if (key === "Backspace" || (key === "ArrowLeft" && ev.altKey)) {
        ev.preventDefault();
        history.back();
      }
    });
  }

  /* The variant menu in the header closes on a click elsewhere or Escape. */
  function wireSwitcher() {
    var sw = document.querySelector(".switcher");
    if (!sw) return;
    document.addEventListener("click", function (ev) {
      if (sw.open && !sw.contains(ev.target)) sw.open = false;
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && sw.open) sw.open = false;
    });
  }

  function fail(err) {
    api.error = String(err && err.message ? err.message : err);
    var g = $("graph");
    if (g) g.innerHTML = '<p class="graph-loading">Could not load this variant\'s data: ' + esc(api.error) + "</p>";
    var panel = $("panel");
    if (panel) panel.innerHTML = "";
  }

  // ------------------------------------------------------------------ views: the graph (or explorer) and the value map
  var view = null; // "graph" or "map"
  var vmap = null; // the value map (valuemap.js), once drawn

  /* Draw the graph or the explorer the first time it is shown; later, fit it to its box again. */
  function drawGraph() {
    if (api.network) {
      api.network.setSize("100%", "100%");
      api.network.redraw();
      return Promise.resolve();
    }
    var built;
    if (cfg.kind === "small") {
      built = load("c0").then(function (ch) { buildSmall(ch); });
    } else {
      buildExplorer();
      built = Promise.resolve();
    }
    return built.then(function () {
      var id = api.selected;
      if (id === null) return null;
      if (cfg.kind === "small") {
        highlightSmall(id, true);
        return null;
      }
      return explore(id, false);
    });
  }

  function valueWord(v) {
    return v > 0 ? "win" : v < 0 ? "loss" : "draw";
  }
  function drawMap() {
    if (vmap) {
      vmap.draw();
      return Promise.resolve();
    }
    return load("map").then(function (payload) {
      vmap = new window.VizgenValueMap($("valuemap"), model, payload, {
        theme: T,
        pick: clicked,
        text: function (i) { return model.name(i) + " · " + model.short(i); },
        valueWord: valueWord,
      });
      api.map = vmap;
      vmap.draw();
      if (api.selected !== null) vmap.mark(api.selected, model.details.get(api.selected) || null);
    });
  }

  /* Show the graph ("graph") or the value map ("map"). */
  function showView(name) {
    if (name === view) return Promise.resolve();
    view = name;
    api.view = name;
    var tabs = document.querySelectorAll(".view-tab");
    for (var t = 0; t < tabs.length; t++) {
      var on = tabs[t].dataset.view === name;
      tabs[t].setAttribute("aria-selected", on ? "true" : "false");
      tabs[t].tabIndex = on ? 0 : -1;
    }
    $("graph").hidden = name !== "graph";
    if ($("valuemap")) $("valuemap").hidden = name !== "map";
    document.body.classList.toggle("view-map", name === "map");
    return name === "map" ? drawMap() : drawGraph();
  }
  function wireViews() {
    var tabs = document.querySelectorAll(".view-tab");
    for (var t = 0; t < tabs.length; t++) {
      tabs[t].addEventListener("click", function (ev) {
        showView(ev.currentTarget.dataset.view).catch(fail);
      });
    }
    window.addEventListener("resize", function () {
      if (view === "map" && vmap) vmap.draw();
    });
  }

  function init() {
    wireSwitcher();
    if (!window.vis || !window.vis.Network) {
      fail(new Error("vis-network did not load"));
      return;
    }
    // the files the first view and the panel need, fetched at once rather than one after the other
    var code = cfg.kind === "code";
    if (code && !window.VizgenCodeModel) {
      fail(new Error("codes.js did not load"));
      return;
    }
    var first = load(code ? "rules" : "nodes");
    if (cfg.map && cfg.view === "map") load("map");
    if (cfg.kind === "small") load("c0");
    first
      .then(function (data) {
        model = code ? new window.VizgenCodeModel(data, load, WORDS) : new Model(data);
        api.model = model;
        if (cfg.kind !== "small") wireOverview();
        wireViews();
        return showView(cfg.map && window.VizgenValueMap ? cfg.view : "graph");
      })
      .then(function () {
        wireControls();
        wireSheet();
        wireKeys();
        return onHash();
      })
      .then(function () {
        api.ready = true;
        document.body.classList.add("vizgen-ready");
      })
      .catch(fail);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
