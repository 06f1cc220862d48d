/* vizgen viewer view/panel: the panel's parts as pure functions from the page's model and a position's detail to
 * markup (core/html.js): a value's badge, its moves for the player choosing them, how to read the notation, the
 * positions that lead to it and the node table's columns. panel.js puts them together in the panel. */
import { parse as parseMove, say as sayMove } from "../../core/board.js";
import { contract } from "../../core/contract.js";
import { svg as handSvg } from "../../core/hands.js";
import { html } from "../../core/html.js";
import * as util from "../../core/util.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../interfaces.js").Config} Config */
/** @typedef {import("../interfaces.js").Words} Words */
/** @typedef {import("../interfaces.js").Column} Column */
/** @typedef {import("../interfaces.js").Detail} Detail */
/** @typedef {import("../interfaces.js").Decor} Decor */
/** @typedef {import("../interfaces.js").PageModel} PageModel */

/** One value of a node-table column, shown the way its spec says.
 @param {Words} W @param {Column} column @param {number | null | undefined} v @returns {string} */
export function shown(W, column, v) {
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
export function badge(cls, text, full, small) {
  var c = "badge" + (small ? " sm" : "") + (cls ? " " + cls : "");
  if (!full || text === full) return html`<span class="${c}">${text}</span>`;
  return html`<span class="${c} has-full" tabindex="0" data-full="${full}">${text}<span class="visually-hidden">: ${full}</span></span>`;
}

/** A link to position i.
 @param {PageModel} model @param {number} i @returns {Html} */
function posLink(model, i) {
  var s = model.name(i);
  return html`<a class="pos" href="#${s}">${s}</a>`;
}

/** The position's moves, for the player choosing them: optimal ones first and starred (where they separate moves),
   each with its value for the chooser (or a game's own badge), unless a challenge hides the values.
 @param {Config} cfg @param {PageModel} model @param {Detail} d @param {Decor | null} decor @param {boolean} hide
 @returns {Html} */
export function movesHtml(cfg, model, d, decor, hide) {
  var W = cfg.words;
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
    var mv = parseMove(m.names[0], model.P, !!cfg.gain);
    var said = mv ? sayMove(W.moves, mv, model.P) : "";
    var forYou = decor && decor.badge ? decor.badge(m) : null; // the move's value for you, while another chooses
    var b = forYou || { cls: choice.cls, text: util.fill(choice.short, { n: m.n, k: m.k }) };
    var words = said ? html` data-words="${said}" aria-label="${m.names[0] + ": " + said}"` : "";
    return html`<tr class="move${star ? " best" : ""}${decor && decor.row ? decor.row(m) : ""}" data-dst="${m.dst}">${hide ? "" : html`<td class="star">${star ? html`<span title="optimal move" aria-label="optimal move">★</span>` : ""}</td>`}<td class="mv"><a href="#${model.name(m.dst)}"${words}>${m.names[0]}</a>${more}</td><td>${posLink(model, m.dst)}</td>${hide ? "" : html`<td>${badge(b.cls, b.text, "", true)}</td>`}</tr>`;
  });
  return html`<section class="panel-moves" aria-label="Moves">${head}${same}<table class="moves">${thead}<tbody>${rows}</tbody></table>${notationKey(W)}</section>`;
}

/** How to read the moves and positions, once, by the moves: a small picture and a few examples.
 @param {Words} W @returns {Html} */
export function notationKey(W) {
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

/** The positions that lead to position id, each with its value in words too (not in colour alone).
 @param {PageModel} model @param {number} id @param {Detail} d @param {boolean} hide @returns {Html} */
export function parentsHtml(model, id, d, hide) {
  var head = html`<h3 class="panel-h">Reached from <span class="count">${d.parents.length}</span></h3>`;
  if (!d.parents.length) {
    return html`${head}<p class="muted">${id === model.startId ? "Nothing: this is where every game begins."
      : "No position leads here."}</p>`;
  }
  var links = d.parents.map(function (p) {
    var name = model.name(p);
    if (hide) return html`<a class="pos" href="#${name}">${name}</a>`; // a challenge: no value
    // the value in words too, not in colour alone
    return html`<a class="pos ${model.cls(p)}" href="#${name}" title="${model.short(p)}" aria-label="${name + ": " + model.short(p)}">${name}</a>`;
  });
  return html`${head}<p class="chips parents">${links}</p>`;
}

/** Every column of the node table that the panel lists, as its spec says.
 @param {Words} W @param {PageModel} model @param {Detail} d @returns {Html | null} */
export function columnsHtml(W, model, d) {
  var columns = model.columns;
  if (!columns.length) return null;
  var facts = columns.map(function (c, k) {
    return html`<div class="fact" data-column="${c.name}"><dt title="${c.doc}">${c.label}</dt><dd><span class="fact-num">${shown(W, c, d.values[k])}</span> <span class="fact-doc">${c.doc}</span></dd></div>`;
  });
  return html`<dl class="facts">${facts}</dl>`;
}
