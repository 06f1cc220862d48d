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
import * as util from "../core/util.js";
import { esc } from "../core/util.js";


/* One value of a node-table column, shown the way its spec says. */
function shown(W, column, v) {
  if (v === null || v === undefined) return "–";
  if (column.show === "percent") return util.pct(v, W.units);
  if (column.show === "plies") return util.plural(v, W.ply, W.plies);
  if (column.show === "yesno") return v ? "yes" : "no";
  return String(v);
}

/* A value's badge: its words, and where they are the short form, the full sentence on hover and keyboard focus;
   small: the moves' size. The same markup as the pages' badges (vizgen/site/render/contexts.py's badge:
   tests/test_js.py checks both write the same). */
function badge(cls, text, full, small) {
  var c = "badge" + (small ? " sm" : "") + (cls ? " " + cls : "");
  if (!full || text === full) return '<span class="' + c + '">' + esc(text) + "</span>";
  return '<span class="' + c + ' has-full" tabindex="0" data-full="' + esc(full) + '">' + esc(text) +
    '<span class="visually-hidden">: ' + esc(full) + "</span></span>";
}

function create(app) {
  var W = app.W;
  var token = 0;
  var board = createBoard(app);

  function posLink(i) {
    var s = app.model.name(i);
    return '<a class="pos" href="#' + esc(s) + '">' + esc(s) + "</a>";
  }

  function movesHtml(d, decor) {
    var model = app.model;
    var hide = !!app.hideValues; // a challenge: the moves in the rules' order, none marked optimal
    var moves = hide ? d.moves.slice() : util.bestFirst(d.moves);
    // stars only where they separate moves
    var allBest = hide || moves.every(function (m) { return m.best; });
    var html = '<section class="panel-moves" aria-label="Moves">' +
      '<h3 class="panel-h">Moves <span class="count">' + moves.length + "</span></h3>";
    if (!moves.length) return html + '<p class="muted">No moves: the game is over.</p></section>';
    if (allBest && !hide && moves.length > 1) html += '<p class="muted same-value">Every move keeps the same value.</p>';
    // a challenge draws no optimal-move and no value column at all: the headers stay over their columns
    html += '<table class="moves"><thead><tr>' + (hide ? "" : '<th scope="col"><span class="visually-hidden">optimal</span></th>') +
      '<th scope="col">move</th><th scope="col">to</th>' +
      (hide ? "" : '<th scope="col" title="What the move means for you, the player choosing it, with best play after it">for you</th>') +
      "</tr></thead><tbody>";
    moves.forEach(function (m) {
      var choice = contract.choices[m.choice];
      var star = m.best && !allBest;
      var more = m.names.length > 1
        ? ' <span class="alt" title="' + esc(m.names.join(", ")) + '">+' + (m.names.length - 1) + "</span>"
        : "";
      var mv = parseMove(m.names[0], model.P, !!app.cfg.gain);
      var said = mv ? sayMove(W.moves, mv, model.P) : "";
      var forYou = decor && decor.badge ? decor.badge(m) : null; // the move's value for you, while another chooses
      var b = forYou || { cls: choice.cls, text: util.fill(choice.short, { n: m.n, k: m.k }) };
      html +=
        '<tr class="move' + (star ? " best" : "") + (decor && decor.row ? decor.row(m) : "") + '" data-dst="' + m.dst + '">' +
        (hide ? "" : '<td class="star">' + (star ? '<span title="optimal move" aria-label="optimal move">★</span>' : "") + "</td>") +
        '<td class="mv"><a href="#' + esc(model.name(m.dst)) + '"' + (said ? ' data-words="' + esc(said) + '" aria-label="' +
          esc(m.names[0] + ": " + said) + '"' : "") + ">" + esc(m.names[0]) + "</a>" + more + "</td>" +
        "<td>" + posLink(m.dst) + "</td>" +
        (hide ? "" : "<td>" + badge(b.cls, b.text, "", true) + "</td>") + "</tr>";
    });
    return html + "</tbody></table>" + notationKey() + "</section>";
  }

  /* How to read the moves and positions, once, by the moves: a small picture and a few examples. */
  function notationKey() {
    var N = W.notation;
    var pic = N.parts.map(function (p) {
      var hands = p[0].split("").map(function (c) { return handSvg(W, Number(c), false, false); }).join("");
      return '<span class="np"><span class="np-hands">' + hands + "</span><code>" + esc(p[0]) + "</code><small>" +
        esc(p[1]) + "</small></span>";
    }).join('<span class="np-sep">-</span>');
    return '<details class="notation-key"><summary>' + esc(N.summary) + '</summary><p class="notation-pic">' + pic +
      "</p><dl>" + N.lines.map(function (l) {
        return "<dt><code>" + esc(l[0]) + "</code></dt><dd>" + esc(l[1]) + "</dd>";
      }).join("") + "</dl></details>";
  }

  function parentsHtml(id, d) {
    var model = app.model;
    var html = '<h3 class="panel-h">Reached from <span class="count">' + d.parents.length + "</span></h3>";
    if (!d.parents.length) {
      return html + '<p class="muted">' + (id === model.startId ? "Nothing: this is where every game begins."
        : "No position leads here.") + "</p>";
    }
    return html + '<p class="chips parents">' + d.parents.map(function (p) {
      var name = esc(model.name(p));
      if (app.hideValues) return '<a class="pos" href="#' + name + '">' + name + "</a>"; // a challenge: no value
      // the value in words too, not in colour alone
      return '<a class="pos ' + model.cls(p) + '" href="#' + name + '" title="' + esc(model.short(p)) +
        '" aria-label="' + esc(model.name(p) + ": " + model.short(p)) + '">' + name + "</a>";
    }).join("") + "</p>";
  }

  /* Every column of the node table that the panel lists, as its spec says. */
  function columnsHtml(d) {
    var columns = app.model.columns;
    if (!columns.length) return "";
    return '<dl class="facts">' + columns.map(function (c, k) {
      return '<div class="fact" data-column="' + esc(c.name) + '"><dt title="' + esc(c.doc) + '">' + esc(c.label) +
        '</dt><dd><span class="fact-num">' + esc(shown(W, c, d.values[k])) + '</span> <span class="fact-doc">' +
        esc(c.doc) + "</span></dd></div>";
    }).join("") + "</dl>";
  }

  function draw(id, d) {
    var model = app.model;
    var decor = app.decor ? app.decor(id, d) : null;
    var head = decor && decor.head; // a game's end: who won, the seats named ("player 2 won", not "+2 has won")
    var html = '<div class="pos-head"><h2 class="pos-title">' + esc(model.name(id)) + "</h2>" +
      (head ? badge(head.cls, head.text, "") : badge(model.cls(id), model.P > 2 ? model.short(id) : model.words(id),
        model.words(id))) + "</div>";
    var swaps = seatMarks(model.name(id)).swaps;
    if (id === model.startId) html += '<p class="pos-sub">the start position</p>';
    else if (swaps) html += '<p class="pos-sub">' + esc(util.fill(W.hands.swaps, { n: swaps })) + "</p>";
    var winner = model.over(id) ? model.winner(id) : -1;
    // a game says how it ended in its own section (play.js), naming the seats by who plays them
    if (winner >= 0 && !(decor && decor.names)) html += overHtml(app, d.hands, winner);
    html += board.html(id, d, decor) + movesHtml(d, decor) + parentsHtml(id, d) + columnsHtml(d);
    var panel = util.byId("panel");
    // a move played from the keyboard (Enter) or a step back keeps the focus in the panel
    var hadFocus = panel.contains(document.activeElement);
    html = '<button type="button" class="sheet-toggle" aria-controls="panel" aria-expanded="' +
      panel.classList.contains("open") + '"><span class="visually-hidden">' + esc(W.sheet) +
      "</span></button>" + html;
    var top = panel.scrollTop;
    panel.innerHTML = html;
    panel.scrollTop = decor && decor.keep ? top : 0; // during a game the view stays where it is

    if (hadFocus) (panel.querySelector("tr.move td.mv a") || panel).focus({ preventScroll: true });
    panel.dataset.position = model.name(id);
    app.shown = [panel, id, d]; // for an add-on whose script comes after this (main.js: onPanel)
    app.hooks.panel.forEach(function (fn) { fn(panel, id, d); });
  }

  /* Fill the panel with position id (a later call wins over one still waiting for its data). */
  function render(id) {
    var mine = ++token;
    return app.model.detail(id).then(function (d) {
      if (mine === token) draw(id, d);
    });
  }

  return { render: render };
}

export { create, badge };
