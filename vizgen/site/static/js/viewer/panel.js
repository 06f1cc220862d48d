/* vizgen panel: the selected position in words, its players on the board (board.js), its moves for the
 * player choosing them, the positions that lead to it and the node table's columns.
 *
 * create(app) returns {render(id)}. The panel is drawn with what a game asks of it (app.decor(id, detail),
 * set by play.js through vizgen.decorate: the seats' names, the board's mode, each move's row and badge);
 * after each render the add-ons' panel hooks run (main.js, play.js) to put their own sections in it.
 */
import { create as createBoard, parse as parseMove, say as sayMove, seatMarks } from "../core/board.js";
import { contract } from "../core/contract.js";
import { over as overHtml, svg as handSvg } from "../core/hands.js";
import { html, render as renderHtml } from "../core/html.js";
import * as util from "../core/util.js";

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./types.js").App} App */
/** @typedef {import("./types.js").Words} Words */
/** @typedef {import("./types.js").Column} Column */
/** @typedef {import("./types.js").Detail} Detail */
/** @typedef {import("./types.js").Decor} Decor */

/** One value of a node-table column, shown the way its spec says.
 @param {Words} W @param {Column} column @param {number | null | undefined} v @returns {string} */
function shown(W, column, v) {
  if (v === null || v === undefined) return "–";
  if (column.show === "percent") return util.pct(v, W.units);
  if (column.show === "plies") return util.plural(v, W.ply, W.plies);
  if (column.show === "yesno") return v ? "yes" : "no";
  return String(v);
}

/** A value's badge: its words, and where they are the short form, the full sentence on hover and keyboard focus;
   small: the moves' size. The same markup as the pages' badges (vizgen/site/render/contexts.py's badge:
   tests/test_js.py checks both write the same).
   @param {string} cls @param {string} text @param {string} full @param {boolean} [small] @returns {Html} */
function badge(cls, text, full, small) {
  var c = "badge" + (small ? " sm" : "") + (cls ? " " + cls : "");
  if (!full || text === full) return html`<span class="${c}">${text}</span>`;
  return html`<span class="${c} has-full" tabindex="0" data-full="${full}">${text}<span class="visually-hidden">: ${full}</span></span>`;
}

/**
 * The panel of a page: render(id) fills it with position id.
 * @param {App} app
 * @returns {{ render(id: number): Promise<void> }}
 */
function create(app) {
  var W = app.W;
  var token = 0;
  var board = createBoard(app);

  /** @param {number} i @returns {Html} */
  function posLink(i) {
    var s = app.model.name(i);
    return html`<a class="pos" href="#${s}">${s}</a>`;
  }

  /** @param {Detail} d @param {Decor | null} decor @returns {Html} */
  function movesHtml(d, decor) {
    var model = app.model;
    var hide = !!app.hideValues; // a challenge: the moves in the rules' order, none marked optimal
    var moves = hide ? d.moves.slice() : util.bestFirst(d.moves);
    // stars only where they separate moves
    var allBest = hide || moves.every(function (m) { return m.best; });
    var head = html`<h3 class="panel-h">Moves <span class="count">${moves.length}</span></h3>`;
    if (!moves.length) return html`<section class="panel-moves" aria-label="Moves">${head}<p class="muted">No moves: the game is over.</p></section>`;
    var same = allBest && !hide && moves.length > 1 ? html`<p class="muted same-value">Every move keeps the same value.</p>` : "";
    // a challenge draws no optimal-move and no value column at all: the headers stay over their columns
    var thead = html`<thead><tr>${hide ? "" : html`<th scope="col"><span class="visually-hidden">optimal</span></th>`}<th scope="col">move</th><th scope="col">to</th>${hide ? "" : html`<th scope="col" title="What the move means for you, the player choosing it, with best play after it">for you</th>`}</tr></thead>`;
    var rows = moves.map(function (m) {
      var choice = contract.choices[m.choice];
      var star = m.best && !allBest;
      var more = m.names.length > 1
        ? html` <span class="alt" title="${m.names.join(", ")}">+${m.names.length - 1}</span>`
        : "";
      var mv = parseMove(m.names[0], model.P, !!app.cfg.gain);
      var said = mv ? sayMove(W.moves, mv, model.P) : "";
      var forYou = decor && decor.badge ? decor.badge(m) : null; // the move's value for you, while another chooses
      var b = forYou || { cls: choice.cls, text: util.fill(choice.short, { n: m.n, k: m.k }) };
      var words = said ? html` data-words="${said}" aria-label="${m.names[0] + ": " + said}"` : "";
      return html`<tr class="move${star ? " best" : ""}${decor && decor.row ? decor.row(m) : ""}" data-dst="${m.dst}">${hide ? "" : html`<td class="star">${star ? html`<span title="optimal move" aria-label="optimal move">★</span>` : ""}</td>`}<td class="mv"><a href="#${model.name(m.dst)}"${words}>${m.names[0]}</a>${more}</td><td>${posLink(m.dst)}</td>${hide ? "" : html`<td>${badge(b.cls, b.text, "", true)}</td>`}</tr>`;
    });
    return html`<section class="panel-moves" aria-label="Moves">${head}${same}<table class="moves">${thead}<tbody>${rows}</tbody></table>${notationKey()}</section>`;
  }

  /** How to read the moves and positions, once, by the moves: a small picture and a few examples.
   @returns {Html} */
  function notationKey() {
    var N = W.notation;
    var pic = N.parts.map(function (p, k) {
      var hands = p[0].split("").map(function (c) { return handSvg(W, Number(c), false, false); });
      return html`${k ? html`<span class="np-sep">-</span>` : ""}<span class="np"><span class="np-hands">${hands}</span><code>${p[0]}</code><small>${p[1]}</small></span>`;
    });
    var lines = N.lines.map(function (l) {
      return html`<dt><code>${l[0]}</code></dt><dd>${l[1]}</dd>`;
    });
    return html`<details class="notation-key"><summary>${N.summary}</summary><p class="notation-pic">${pic}</p><dl>${lines}</dl></details>`;
  }

  /** @param {number} id @param {Detail} d @returns {Html} */
  function parentsHtml(id, d) {
    var model = app.model;
    var head = html`<h3 class="panel-h">Reached from <span class="count">${d.parents.length}</span></h3>`;
    if (!d.parents.length) {
      return html`${head}<p class="muted">${id === model.startId ? "Nothing: this is where every game begins."
        : "No position leads here."}</p>`;
    }
    var links = d.parents.map(function (p) {
      var name = model.name(p);
      if (app.hideValues) return html`<a class="pos" href="#${name}">${name}</a>`; // a challenge: no value
      // the value in words too, not in colour alone
      return html`<a class="pos ${model.cls(p)}" href="#${name}" title="${model.short(p)}" aria-label="${name + ": " + model.short(p)}">${name}</a>`;
    });
    return html`${head}<p class="chips parents">${links}</p>`;
  }

  /** Every column of the node table that the panel lists, as its spec says.
   @param {Detail} d @returns {Html | null} */
  function columnsHtml(d) {
    var columns = app.model.columns;
    if (!columns.length) return null;
    var facts = columns.map(function (c, k) {
      return html`<div class="fact" data-column="${c.name}"><dt title="${c.doc}">${c.label}</dt><dd><span class="fact-num">${shown(W, c, d.values[k])}</span> <span class="fact-doc">${c.doc}</span></dd></div>`;
    });
    return html`<dl class="facts">${facts}</dl>`;
  }

  /** @param {number} id @param {Detail} d */
  function draw(id, d) {
    var model = app.model;
    var panel = util.byId("panel");
    if (!panel) return;
    var decor = app.decor ? app.decor(id, d) : null;
    var head = decor && decor.head; // a game's end: who won, the seats named ("player 2 won", not "+2 has won")
    var title = html`<div class="pos-head"><h2 class="pos-title">${model.name(id)}</h2>${head ? badge(head.cls, head.text, "") : badge(model.cls(id), model.P > 2 ? model.short(id) : model.words(id),
      model.words(id))}</div>`;
    var swaps = seatMarks(model.name(id)).swaps;
    var sub = id === model.startId ? html`<p class="pos-sub">the start position</p>`
      : swaps ? html`<p class="pos-sub">${util.fill(W.hands.swaps, { n: swaps })}</p>` : "";
    var winner = model.over(id) ? model.winner(id) : -1;
    // a game says how it ended in its own section (play.js), naming the seats by who plays them
    var over = winner >= 0 && !(decor && decor.names) ? overHtml(app, d.hands, winner) : "";
    // a move played from the keyboard (Enter) or a step back keeps the focus in the panel
    var hadFocus = panel.contains(document.activeElement);
    var toggle = html`<button type="button" class="sheet-toggle" aria-controls="panel" aria-expanded="${String(panel.classList.contains("open"))}"><span class="visually-hidden">${W.sheet}</span></button>`;
    var top = panel.scrollTop;
    renderHtml(panel, html`${toggle}${title}${sub}${over}${board.html(id, d, decor)}${movesHtml(d, decor)}${parentsHtml(id, d)}${columnsHtml(d)}`);
    panel.scrollTop = decor && decor.keep ? top : 0; // during a game the view stays where it is

    if (hadFocus) (/** @type {HTMLElement | null} */ (panel.querySelector("tr.move td.mv a")) || panel).focus({ preventScroll: true });
    panel.dataset.position = model.name(id);
    app.shown = [panel, id, d]; // for an add-on whose script comes after this (main.js: onPanel)
    var filled = panel;
    app.hooks.panel.forEach(function (fn) { fn(filled, id, d); });
  }

  /** Fill the panel with position id (a later call wins over one still waiting for its data).
   @param {number} id @returns {Promise<void>} */
  function render(id) {
    var mine = ++token;
    return app.model.detail(id).then(function (d) {
      if (mine === token) draw(id, d);
    });
  }

  return { render: render };
}

export { create, badge };
