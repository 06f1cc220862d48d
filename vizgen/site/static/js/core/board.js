/* vizgen board: the players' hands as a board you touch.
 *
 * Tap (or click, or Enter on) one of your live hands, then a hand of another player to strike it; tap your
 * own other hand to split (the possible splits, and a strike of your own hand where the rules allow it, are
 * offered right there); drag one hand onto another does the same. While a hand is chosen its targets light
 * up and, unless the values are hidden, each says what the move means for you (the moves' words and colour
 * classes, words.CHOICES). The moves that use no other hand (flip, add a finger) and those of the whole
 * player (swap, pass, logan, the one-point switch) are buttons under the hands. A move found on the board
 * is played through the page (app.clicked): in a game it is your move, elsewhere it shows the position.
 *
 * What the board knows of a move it reads from the move's notation (parse, as vizgen.engine.notation's
 * Move.parse reads it) and says in the words of vizgen.analysis.play_words.MOVE_WORDS (say, as say_move);
 * tests/test_js.py checks both against the Python. Lives, a used one-point switch and a player's own swaps
 * are read from the position's notation (seatMarks). The board draws its own element (.board) with the
 * pictures of hands.js, and draws it again when a hand is chosen.
 */
import { contract } from "./contract.js";
import * as hands from "./hands.js";
import { standing, value, written } from "./notation.js";
import { html as markup } from "./html.js";
import { fill } from "./util.js";

/** @typedef {import("./html.js").Html} Html */
/** @typedef {import("./hands.js").WordTable} WordTable */
/** @typedef {import("./hands.js").SeatMark} SeatMark */
/**
 * A move as the notation reads it (parse): seat the struck player counted from the mover (0 your own hand).
 * @typedef {{ kind: string, hand: number, target: number, seat: number, before: number[], after: number[] }} ParsedMove
 */
/**
 * A move of a position as the page's detail gives it (the fields the board reads).
 * @typedef {{ readonly names: ReadonlyArray<string>, readonly dst: number, readonly choice: number,
 *   readonly n?: number | null, readonly k?: number | null }} BoardMove
 */
/** @typedef {{ m: BoardMove, mv: ParsedMove, name: string }} Entry  a move as the board offers it */
/** @typedef {{ readonly moves: ReadonlyArray<BoardMove>, readonly hands: ReadonlyArray<ReadonlyArray<number>> }} BoardDetail */
/**
 * What a game asks of the board (play.js's decor): whether it plays, browses or is still (false), the
 * computer's move about to be played, the seats named by who plays them and the seat you play.
 * @typedef {object} BoardDecor
 * @property {string | false} [board]
 * @property {number | null} [pending]
 * @property {ReadonlyArray<string> | null} [names]
 * @property {number} [human]
 */
/**
 * The page the board draws on.
 * @typedef {import("./hands.js").HandsApp & {
 *   readonly W: { readonly moves: WordTable, readonly play: WordTable },
 *   readonly model: { readonly P: number, over(id: number): boolean, winner(id: number): number, name(id: number): string },
 *   readonly cfg: { readonly gain?: unknown },
 *   readonly hideValues?: boolean,
 *   clicked(dst: number): void,
 * }} BoardApp
 */

var VALUE = "−?(?:[0-9]{1,9}½?|½)";
var COMPACT = /−?(?:[0-9]½?|½)/g;

// ------------------------------------------------------------------ the notation

/** A player's hands from "13", "1.10", "−12½", "00½" (sorted).
 @param {string} text @returns {number[]} */
function handsOf(text) {
  var parts = text.indexOf(".") >= 0 ? text.split(".") : text.match(COMPACT) || [];
  return parts.map(value).sort(function (a, b) { return a - b; });
}
/** A move from its notation, as Move.parse reads it: {kind, hand, target, seat, before, after} (seat: the
   struck player counted from the mover, 0 your own hand); gain: self-gain rules; null if it is not a move.
   @param {string} name @param {number} players @param {boolean} [gain] @returns {ParsedMove | null} */
function parse(name, players, gain) {
  var raw = String(name).trim().split(/\s+/).join(" ").toLowerCase();
  /** @type {ParsedMove} */
  var mv = { kind: raw, hand: 0, target: 0, seat: 0, before: [], after: [] };
  if (["swap", "pass", "logan", "switch"].indexOf(raw) >= 0) return mv;
  var m = new RegExp("^(flip|add) (" + VALUE + ")$").exec(raw);
  if (m) {
    mv.kind = m[1];
    mv.hand = value(m[2]);
    return mv;
  }
  m = new RegExp("^(" + VALUE + ") ?> ?(" + VALUE + ")(?: ?@ ?(me|[0-9]{1,9}))?$").exec(raw);
  if (m) {
    if (m[3] === undefined && players > 2) return null;
    mv.kind = gain ? "gain" : "attack";
    mv.hand = value(m[1]);
    mv.target = value(m[2]);
    mv.seat = m[3] === "me" ? 0 : m[3] === undefined ? 1 : parseInt(m[3], 10);
    return mv;
  }
  m = /^([0-9.½−]+) ?-> ?([0-9.½−]+)$/.exec(raw);
  if (m) {
    mv.kind = "split";
    mv.before = handsOf(m[1]);
    mv.after = handsOf(m[2]);
    return mv;
  }
  return null;
}
/** A move in words from the mover's side (MW: words.MOVE_WORDS), as play_words.say_move says it.
 @param {WordTable} MW @param {ParsedMove} mv @param {number} players @returns {string} */
function say(MW, mv, players) {
  var who = players === 2 ? MW.their : mv.seat === 1 ? MW.next : mv.seat === players - 1 ? MW.previous
    : fill(MW["seats-on"], { k: mv.seat });
  var list = function (/** @type {number[]} */ h) { return h.map(written).join(MW.and); };
  var key = mv.kind;
  if (key === "attack" || key === "gain") key += mv.seat === 0 ? "-own" : key === "attack" && mv.target === 0 ? "-dead" : "";
  return fill(MW[key], { who: who, a: written(mv.hand), b: written(mv.target), before: list(mv.before), after: list(mv.after) });
}
/** What the rules keep with each player, from a position's notation: per seat {lives, used, own} (lives 0
   where the rules count none), and the swaps played in a row just before it.
   @param {string} name @returns {{ seats: SeatMark[], swaps: number }} */
function seatMarks(name) {
  var slash = name.lastIndexOf("/s");
  var swaps = slash >= 0 ? parseInt(name.slice(slash + 2), 10) : 0;
  var seats = (slash >= 0 ? name.slice(0, slash) : name).split("-").map(function (part) {
    var m = /:([0-9]*)(u?)(?:s([0-9]+))?$/.exec(part) || ["", "", "", ""];
    return { lives: m[1] ? parseInt(m[1], 10) : 0, used: m[2] === "u", own: m[3] ? parseInt(m[3], 10) : 0 };
  });
  return { seats: seats, swaps: swaps };
}

// ------------------------------------------------------------------ the moves on the hands
/** Every move of a position as the board offers it: [{m (the position's annotated move), mv (parsed),
   name}], one per name (distinct moves that reach the same position each keep theirs).
   @param {ReadonlyArray<BoardMove>} moves @param {number} players @param {boolean} [gain] @returns {Entry[]} */
function plan(moves, players, gain) {
  /** @type {Entry[]} */
  var out = [];
  moves.forEach(function (m) {
    m.names.forEach(function (name) {
      var mv = parse(name, players, gain);
      if (mv) out.push({ m: m, mv: mv, name: name });
    });
  });
  return out;
}
/** The moves from your hand of value a onto hand `hand` (value b) of seat `seat` (0: your other hand).
 @param {Entry[]} entries @param {number | null} a @param {number} seat @param {number} b @returns {Entry[]} */
function onto(entries, a, seat, b) {
  return entries.filter(function (e) {
    var mv = e.mv;
    if (mv.kind === "split") return seat === 0;
    return (mv.kind === "attack" || mv.kind === "gain") && mv.hand === a && mv.seat === seat && mv.target === b;
  });
}
/** The moves of one chosen hand alone (flip, add) and of the whole player (swap, pass, logan, switch).
 @param {Entry[]} entries @param {number | null} a @returns {Entry[]} */
function alone(entries, a) {
  return entries.filter(function (e) {
    var k = e.mv.kind;
    return ((k === "flip" || k === "add") && e.mv.hand === a) ||
      (a === null && (k === "swap" || k === "pass" || k === "logan" || k === "switch"));
  });
}
/** The entries of the moves to distinct positions (the first of each).
 @param {Entry[]} entries @returns {Entry[]} */
function distinct(entries) {
  /** @type {number[]} */
  var seen = [];
  return entries.filter(function (e) {
    if (seen.indexOf(e.m.dst) >= 0) return false;
    seen.push(e.m.dst);
    return true;
  });
}

// ------------------------------------------------------------------ drawing
/** A move's meaning for you as a small badge (none while the values are hidden).
 @param {BoardApp} app @param {BoardMove} m @returns {Html | null} */
function meaning(app, m) {
  if (app.hideValues) return null;
  var c = contract.choices[m.choice];
  if (!c) return null;
  return markup`<span class="badge sm ${c.cls}">${fill(c.short, { n: m.n, k: m.k })}</span>`;
}
/** A button that plays one move: its notation, its words and (unless hidden) its meaning for you.
 @param {BoardApp} app @param {Entry} e @param {number} P @returns {Html} */
function moveButton(app, e, P) {
  var words = say(app.W.moves, e.mv, P);
  return markup`<button type="button" class="board-move" data-dst="${e.m.dst}" title="${words}"><span class="board-words">${words}</span> <code>${e.name}</code> ${meaning(app, e.m)}</button>`;
}

/**
 * What a board keeps: the position drawn, your hand chosen, the moves offered onto the hand just tapped, and what
 * it was last drawn with.
 * @typedef {{ pos: number | null, chosen: number | null, offer: Entry[] | null,
 *   args: [number, BoardDetail, BoardDecor | null | undefined] | null }} BoardState
 */

/** While your hand `chosen` (value a) is chosen: under each hand it can reach, what that move means for you (one
   move), or that it can strike or split there.
   @param {BoardApp} app @param {BoardDetail} d @param {Entry[]} entries @param {number} chosen @param {number} a
   @returns {Record<string, Html>} "seat/hand" -> the words under it */
function litHands(app, d, entries, chosen, a) {
  var B = app.W.play;
  /** @type {Record<string, Html>} */
  var lit = {};
  d.hands.forEach(function (h, s) {
    h.forEach(function (b, j) {
      if (s === 0 && j === chosen) return;
      var es = distinct(onto(entries, a, s, b));
      if (!es.length) return;
      var best = es.length === 1 ? meaning(app, es[0].m) : null;
      lit[s + "/" + j] = best || markup`<span class="board-can">${es.length === 1 ? B["board-strike"] :
        B["board-split"]}</span>`;
    });
  });
  return lit;
}
/** The hands the computer's move about to be played (to position `pending`) uses.
   @param {BoardDetail} d @param {Entry[]} entries @param {number} pending @returns {Record<string, boolean>} */
function movingHands(d, entries, pending) {
  /** @type {Record<string, boolean>} */
  var out = {};
  entries.forEach(function (e) {
    if (e.m.dst !== pending || (e.mv.kind !== "attack" && e.mv.kind !== "gain")) return;
    var i = d.hands[0].indexOf(e.mv.hand);
    var t = d.hands[e.mv.seat].indexOf(e.mv.target);
    if (i >= 0) out["0/" + i] = true;
    if (t >= 0) out[e.mv.seat + "/" + (e.mv.seat === 0 && t === i ? d.hands[0].lastIndexOf(e.mv.target) : t)] = true;
  });
  return out;
}
/** Under the hands: what to do next, the moves of the chosen hand alone or of the whole player, or the moves onto
   the hand just tapped.
   @param {BoardApp} app @param {BoardState} state @param {Entry[]} entries @param {number | null} chosen
   @param {number | null} a @param {number} P @returns {Html} */
function bar(app, state, entries, chosen, a, P) {
  var B = app.W.play;
  var ask = state.offer ? B["board-choose"] : chosen === null ? B["board-pick"] : B["board-target"];
  var buttons = state.offer ? state.offer : distinct(alone(entries, a));
  return markup`<div class="board-bar" role="group" aria-label="${B["board-label"]}"><p class="board-say">${ask}</p>${buttons.length ? markup`<div class="board-moves">${buttons.map(function (e) { return moveButton(app, e, P); })}</div>` : ""}${chosen !== null || state.offer ? markup`<button type="button" class="board-cancel" data-board="cancel">${B["board-cancel"]}</button>` : ""}</div>`;
}
/** The board of position id (detail d) as the board's state has it; decor: what a game asks of it.
   @param {BoardApp} app @param {BoardState} state @param {number} id @param {BoardDetail} d
   @param {BoardDecor | null} [decor] @returns {Html} */
function drawBoard(app, state, id, d, decor) {
  var model = app.model, P = model.P;
  var mode = decor ? decor.board : "browse";
  var over = model.over(id);
  var entries = over ? [] : plan(d.moves, P, !!app.cfg.gain);
  var touch = !over && mode !== false && entries.length > 0;
  var chosen = touch ? state.chosen : null;
  var a = chosen === null ? null : d.hands[0][chosen];
  var lit = chosen !== null && a !== null ? litHands(app, d, entries, chosen, a) : {};
  var pending = decor && decor.pending !== undefined && decor.pending !== null
    ? movingHands(d, plan(d.moves, P, !!app.cfg.gain), decor.pending) : {};
  var marks = seatMarks(model.name(id));
  var players = hands.players(app, d.hands, standing(d.hands, over ? model.winner(id) : -1), {
    names: decor && decor.names, human: decor ? decor.human : -1, marks: marks.seats,
    touch: touch,
    chosen: chosen, lit: lit, moving: pending,
  });
  return markup`<div class="board${touch ? " touch" : ""}" data-pos="${id}">${players}${touch ? bar(app, state, entries, chosen, a, P) : ""}</div>`;
}

/**
 * What the board is told of the page (pages/core/board.js's touch, the one module that listens to it): a move's
 * button (its target), Cancel or Escape, a hand tapped, or one of your hands dragged onto another.
 * @typedef {{ play(dst: number): void, cancel(): void, escape(): void, tap(s: number, j: number): void,
 *   drag(from: number, s: number, j: number): void }} Taps
 */
/**
 * The page's side of a board, handed to create: it listens to the page for the board's taps, drags and keys, and
 * puts the board drawn again in place of the one shown, the focus on the control the selector names.
 * @typedef {{ listen(on: Taps): void, replace(board: Html, focus: string[]): void }} BoardPage
 */

/**
 * The board of a page: html(id, detail, decor) draws it; the page (pages/core/board.js) tells it its taps, drags
 * and keys, and puts it in place when it is drawn again.
 * @param {BoardApp} app
 * @param {BoardPage} page
 * @returns {{ html: (id: number, d: BoardDetail, decor?: BoardDecor | null) => Html }}
 */
function create(app, page) {
  /** @type {BoardState} */
  var state = { pos: null, chosen: null, offer: null, args: null };

  /** The board of position id (detail d) as the panel draws it; decor: what a game asks of it (play/view/decor.js).
   @param {number} id @param {BoardDetail} d @param {BoardDecor | null} [decor] @returns {Html} */
  function html(id, d, decor) {
    if (state.pos !== id) {
      state.pos = id;
      state.chosen = null;
      state.offer = null;
    }
    state.args = [id, d, decor];
    return drawBoard(app, state, id, d, decor);
  }
  /** Draw the board again where it is (a hand chosen or let go), the focus on the first control that matches one
   of the selectors (a hand just chosen: the first hand it can reach, so Enter, Enter plays a strike).
   @param {string[]} [focusKeys] */
  function redraw(focusKeys) {
    if (state.args) page.replace(drawBoard(app, state, state.args[0], state.args[1], state.args[2]), focusKeys || []);
  }
  /** @param {number} dst */
  function play(dst) {
    state.chosen = null;
    state.offer = null;
    app.clicked(dst);
  }
  /** A tap on hand j of seat s.
   @param {number} s @param {number} j */
  function tap(s, j) {
    if (!state.args) return;
    var d = state.args[1];
    state.offer = null;
    if (state.chosen === null || (s === 0 && j === state.chosen)) {
      state.chosen = s === 0 && state.chosen !== j ? j : null;
      var here = '[data-seat="' + s + '"][data-hand="' + j + '"]';
      redraw(state.chosen === null ? [here] : [".hand-btn.target", ".board-move", here]);
      return;
    }
    var es = distinct(onto(plan(d.moves, app.model.P, !!app.cfg.gain), d.hands[0][state.chosen], s, d.hands[s][j]));
    if (es.length === 1) {
      play(es[0].m.dst);
      return;
    }
    if (!es.length) {
      // not a target: another of your hands becomes the chosen one
      if (s === 0) state.chosen = j;
      var tapped = '[data-seat="' + s + '"][data-hand="' + j + '"]';
      redraw(s === 0 ? [".hand-btn.target", ".board-move", tapped] : [tapped]);
      return;
    }
    state.offer = es;
    redraw([".board-move"]);
  }
  function cancel() {
    state.chosen = null;
    state.offer = null;
    redraw();
  }
  page.listen({
    play: function (dst) { if (state.args) play(dst); },
    cancel: function () { if (state.args) cancel(); },
    escape: function () { if (state.args && (state.chosen !== null || state.offer)) cancel(); },
    tap: tap,
    drag: function (from, s, j) {
      if (!state.args) return;
      state.chosen = from;
      tap(s, j);
    },
  });
  return { html: html };
}

export { create, parse, say, seatMarks, written, plan, onto };
