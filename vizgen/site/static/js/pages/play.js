/* The play app on a variant's page (variant.js, code.js, and the rules page's viewer): the one place where the
 * game (play/ctrl.js) meets the page.
 *
 * Handed the viewer's face (viewer/face.js) by pages/viewer.js, it makes the controller with what it needs of
 * the page (the address and the history, a timer, the clipboard, a phone's sheet), puts the play box below the
 * panel's hands and the game so far below its moves each time the panel is filled, draws them from the
 * controller's state (play/view/*.js) after every change, turns the page's events into the controller's actions
 * (controls.js: the tools, the seats' menus, the keys; Back and Forward; a move clicked; an invitation), and
 * offers the game's face to tests and add-ons on window.vizgen.play.
 */
import { html, render as write } from "../core/html.js";
import * as theme from "./core/theme.js";
import { fill as say } from "../core/util.js";
import * as resultCard from "../play/card.js";
import * as controls from "../play/controls.js";
import { PlayCtrl } from "../play/ctrl.js";
import * as names from "../play/names.js";
import { decor } from "../play/view/decor.js";
import { log as logView } from "../play/view/log.js";
import { section } from "../play/view/section.js";
import { mount as mountImport } from "./playimport.js";
import * as keys from "./viewer/keys.js";

/** @typedef {import("../play/interfaces.js").Face} Face */
/** @typedef {import("../play/interfaces.js").Ctx} Ctx */
/** @typedef {import("../play/interfaces.js").Host} Host */
/** @typedef {import("../play/interfaces.js").PlayApi} PlayApi */
/** @typedef {import("../play/interfaces.js").PlayModel} PlayModel */
/** @typedef {import("../play/interfaces.js").PlayConfig} PlayConfig */

/** The page's configuration as the game reads it. @param {Face} face @returns {PlayConfig} */
function config(face) {
  return /** @type {PlayConfig} */ (face.config);
}
/** @typedef {import("../play/game.js").Game} Game */

/** The page's address and history, as the game reads and writes them. @type {import("../play/interfaces.js").Place} */
var PLACE = {
  query: function () { return location.search; },
  hash: function () { return location.hash; },
  path: function () { return location.pathname; },
  origin: function () { return location.origin; },
  href: function () { return location.href; },
  local: function () { return location.protocol === "file:"; },
  published: function () {
    var m = document.querySelector('meta[property="og:url"]');
    var url = m ? m.getAttribute("content") : null;
    return url && /^https?:\/\//.test(url) ? url : null;
  },
  write: function (url, push) {
    if (push && url !== location.pathname + location.search + location.hash) history.pushState(null, "", url);
    else history.replaceState(history.state, "", url);
  },
};

/** A link to the clipboard (where the browser refuses, shown to copy by hand). @param {string} url @returns {Promise<boolean>} */
function copy(url) {
  if (navigator.clipboard && navigator.clipboard.writeText) {
    return navigator.clipboard.writeText(url).then(function () { return true; }, function () {
      window.prompt("", url);
      return false;
    });
  }
  window.prompt("", url);
  return Promise.resolve(false);
}

/** The variant's title, as the page's heading shows it (read from the page: a title never reaches a script).
 @param {Face} face @returns {string} */
function variantTitle(face) {
  var cfg = config(face);
  if (cfg.ruleset) return say(cfg.words.play["card-rules"], { spec: cfg.ruleset }); // the rules page: the rule set played
  var h = document.querySelector("main h1");
  return h && h.textContent ? h.textContent.trim() : "";
}

/** The play box and the game so far, made once (the panel moves them in each time it is filled). */
function sections() {
  var box = document.createElement("section");
  box.id = "play";
  box.className = "play";
  box.setAttribute("aria-label", "Play");
  var log = document.createElement("section");
  log.className = "play-log";
  log.setAttribute("aria-label", "The game so far");
  return { box: box, log: log };
}

/** What the views are drawn with, now. @param {PlayCtrl} ctrl @param {boolean} hide @returns {Ctx} */
function context(ctrl, hide) {
  var face = ctrl.face, cfg = config(face), W = ctrl.W;
  return { W: W, T: theme.palette(cfg), words: cfg.words, model: ctrl.theModel(),
    kindName: function (kind) { return names.kindName(W, kind); },
    name: function (kind) { return names.capitalName(W, kind); },
    role: function (g, seat) { return names.roleName(W, g, seat); }, live: ctrl.live,
    hidden: hide, selected: face.selected, evaluation: ctrl.evaluation(),
    after: function (g) { return html`${ctrl.after.map(function (fn) { return fn(g); })}`; },
    sentence: function (g) { return ctrl.sentence(g, variantTitle(face)); },
    href: location.href, link: function (seat) { return ctrl.link(seat); }, path: location.pathname,
    share: "share" in navigator };
}

/** The game's face to tests and add-ons (window.vizgen.play). @param {PlayCtrl} ctrl @returns {PlayApi} */
function api(ctrl) {
  return {
    get ready() { return ctrl.ready; },
    get delay() { return ctrl.delay; },
    set delay(ms) { ctrl.delay = ms; },
    get game() { return ctrl.game; },
    get message() { return ctrl.message; },
    after: ctrl.after,
    start: function (seats, seed, challenge) { return ctrl.play(seats, seed, challenge); },
    onAfter: function (fn) { ctrl.onAfter(fn); },
    sentence: function () { return ctrl.game ? ctrl.sentence(ctrl.game, variantTitle(ctrl.face)) : ""; },
    undo: function () { ctrl.undo(); },
    seek: function (k) { ctrl.seek(k); },
    quit: function () { ctrl.quit(); },
    hint: function () { ctrl.hint(); },
    record: function () { return ctrl.game ? ctrl.game.record() : null; },
    state: function () { return ctrl.snapshot(); },
  };
}

/** The result card as a picture (card.js), downloaded. @param {PlayCtrl} ctrl */
function download(ctrl) {
  var g = ctrl.game;
  if (!g) return;
  var cfg = config(ctrl.face), title = variantTitle(ctrl.face);
  var a = document.createElement("a");
  a.href = resultCard.picture(document.createElement("canvas"), theme.palette(cfg), ctrl.W, g, ctrl.sentence(g, title),
    title, location.href).toDataURL("image/png");
  a.download = cfg.slug + "-game.png";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The controls' actions (controls.js) on the controller. @param {PlayCtrl} ctrl @returns {import("../play/controls.js").Actions} */
function actions(ctrl) {
  return { game: function () { return ctrl.game; }, start: function (way) { ctrl.start(way); },
    seek: function (k) { ctrl.seek(k); }, undo: function () { ctrl.undo(); }, quit: function () { ctrl.quit(); },
    playOn: function () { ctrl.playOn(); }, hint: function () { ctrl.hint(); }, analysis: function () { ctrl.analysis(); },
    copy: function (what, to) { ctrl.copy(what, to); }, again: function (swapped) { ctrl.again(swapped); },
    download: function () { download(ctrl); }, setSeat: function (seat, kind) { ctrl.setSeat(seat, kind); },
    review: function () { ctrl.review(); }, skip: function () { ctrl.skip(); },
    share: function (to) { // a game by link: the address to send, through the phone's share sheet
      var url = ctrl.link(to);
      if (!navigator.share || !url) return;
      var over = !!ctrl.game && ctrl.game.over();
      navigator.share({ url: url, text: ctrl.W[over ? "link-share-end-text" : "link-share-text"] })
        .catch(function () { return undefined; });
    },
    seeReview: function () { // the review, below the moves: brought into view, its heading focused
      var h = document.getElementById("play-review");
      if (!h) return;
      h.scrollIntoView({ block: "start" });
      h.focus({ preventScroll: true });
    } };
}

/** Start the game on a variant's page, given the viewer's face (its hooks set; the model comes when the panel is
   first filled). @param {Face} face */
export function start(face) {
  var onPanel = face.onPanel, onMoveClick = face.onMoveClick, decorate = face.decorate;
  if (!onPanel || !onMoveClick || !decorate) return;
  var parts = sections();
  /** @type {PlayCtrl} */
  var ctrl;
  var opened = false; // the first filling of the panel: the model is there, the record is read
  /** @type {Host} */
  var host = {
    face: face, place: PLACE, copy: copy, redraw: render,
    later: function (fn, ms) {
      var timer = setTimeout(fn, ms);
      return function () { clearTimeout(timer); };
    },
    expand: function () { keys.expand(); },
    told: function () {
      var said = parts.box.querySelector(".play-message");
      if (said) said.scrollIntoView({ block: "center" });
    },
    seed: function () { return Math.floor(Math.random() * 1e6); },
  };
  ctrl = new PlayCtrl(host);
  Object.assign(face, { play: api(ctrl) });
  var imported = mountImport(ctrl); // the import box under the play box (issue #48 item 6)

  function render() {
    if (!opened || !ctrl.model) return;
    var g = ctrl.game, hide = ctrl.hidden();
    document.body.classList.toggle("vz-hide", hide);
    document.body.classList.toggle("vz-playing", !!g && !g.finished());
    if (face.hideValues) face.hideValues(hide);
    if (face.path) face.path(g ? g.line() : null); // the path of the game on the graph and the value map
    var ctx = context(ctrl, hide);
    write(parts.box, section({ game: g, seats: ctrl.currentSeats(), kinds: ctrl.kinds, message: ctrl.message,
      copied: ctrl.copied }, ctx));
    ctrl.copied = false; // said once, where the link was copied
    parts.box.classList.toggle("active", !!g);
    imported.draw();
    write(parts.log, html`${g ? logView(g, ctx) : ""}`);
    parts.log.hidden = !g;
    var now = parts.log.querySelector(".play-chart-box");
    if (now) now.scrollLeft = now.scrollWidth;
  }

  onPanel(function (panel) {
    if (!opened) {
      opened = true;
      var on = actions(ctrl);
      parts.box.addEventListener("click", controls.click(on));
      parts.box.addEventListener("change", controls.change(on));
      parts.log.addEventListener("click", controls.click(on));
      window.addEventListener("popstate", function () { ctrl.popState(); });
      document.addEventListener("keydown", controls.keys(on), true);
      ctrl.init(/** @type {PlayModel} */ (face.model)).catch(function (err) {
        ctrl.message = String(err && err.message ? err.message : err);
      });
    }
    var board = panel.querySelector(".board");
    panel.insertBefore(parts.box, board ? board.nextSibling : panel.firstChild);
    panel.insertBefore(imported.el, parts.box.nextSibling);
    var table = panel.querySelector(".panel-moves") || parts.box;
    if (table.parentNode) table.parentNode.insertBefore(parts.log, table.nextSibling);
    render();
    toBoard(panel);
  });

  /* After a move (yours, or the reply that makes it your turn again), the focus returns to the board: to your
     first live hand, so Enter chooses it and Enter again strikes (or the moves' first, where the board is not
     live); never taken from elsewhere on the page (the graph, a menu). */
  /** @param {Element} panel */
  function toBoard(panel) {
    var g = ctrl.game, now = document.activeElement;
    if (!g || !g.canMove() || face.selected !== g.here()) return;
    if (now && now !== document.body && !panel.contains(now) && !parts.box.contains(now)) return;
    var hand = panel.querySelector('.board.touch .hand-btn[data-seat="0"]:not([data-value="0"])') ||
      panel.querySelector("tr.move td.mv a");
    if (hand instanceof HTMLElement && hand !== now) hand.focus({ preventScroll: true });
  }
  onMoveClick(function (from, to) { return ctrl.moved(from, to); });
  // the invitations (index and the top of the page) open a challenge
  document.addEventListener("click", function (ev) {
    var a = ev.target instanceof Element ? ev.target.closest("[data-invite]") : null;
    if (!(a instanceof HTMLAnchorElement) || !ctrl.model || location.pathname !== a.pathname) return;
    ev.preventDefault();
    var explore = document.getElementById("explore");
    if (explore) explore.scrollIntoView({ block: "start" });
    ctrl.invited();
  });
  decorate(function (id) {
    return ctrl.model ? decor(ctrl.game, ctrl.pending, id, context(ctrl, ctrl.hidden())) : null;
  });
}
