/* vizgen theme (the page's side of core/theme.js): the page's light or dark theme, and the header's toggle that remembers the choice.
 *
 * The colours are vizgen/site/drawing/theme.py's two palettes: the stylesheet (assets/theme.css) holds both, the dark
 * one applying when the visitor's system prefers it (prefers-color-scheme) unless <html data-theme> says
 * otherwise; a choice made with the toggle is kept in localStorage and set before the page is drawn (this
 * file is loaded in the page's head). Pictures shown as images follow the page's colour scheme on their own;
 * a PNG drawn once per theme (img[data-dark]) is swapped here. Scripts that draw with colours take the live
 * palette of palette(cfg) and redraw when on(fn) calls them back (a change is an event on the document,
 * "vizgen-theme", so every script of the page hears it).
 */
var KEY = "vizgen-theme";
var EVENT = "vizgen-theme"; // dispatched on the document after each change
/** @typedef {import("../../core/theme.js").ThemeName} ThemeName */
/** @typedef {import("../../core/theme.js").Palette} Palette */
/** @typedef {import("../../core/theme.js").Themed} Themed */
/** @type {Array<(theme: ThemeName) => void>} */
var listeners = [];
/** @type {Array<[Themed, Palette]>} */
var live = []; // [cfg, palette object] pairs handed out by palette()
var root = typeof document === "undefined" ? null : document.documentElement;

/** @param {Palette} target @param {Palette} source @returns {Palette} */
function assign(target, source) {
  Object.keys(source).forEach(function (k) { target[k] = source[k]; });
  return target;
}
/** @returns {ThemeName | null} */
function stored() {
  try {
    var t = window.localStorage.getItem(KEY);
    return t === "light" || t === "dark" ? t : null;
  } catch {
    return null; // storage refused (a private window, file:// in some browsers): the system's choice
  }
}
function systemDark() {
  return typeof window !== "undefined" && !!window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
}
/** The theme in use: "light" or "dark".
 @returns {ThemeName} */
function name() {
  var t = root && root.getAttribute("data-theme");
  if (t === "light" || t === "dark") return t;
  return systemDark() ? "dark" : "light";
}
/** The page's palette (cfg.themes, from theme.py) for the theme in use: one object per configuration,
   updated in place when the theme changes, so whoever holds it draws in the current colours.
   @param {Themed} cfg
   @returns {Palette} */
function palette(cfg) {
  for (var i = 0; i < live.length; i++) if (live[i][0] === cfg) return live[i][1];
  hear();
  var T = assign({}, cfg.themes[name()]);
  live.push([cfg, T]);
  return T;
}
function swapPictures() {
  var dark = name() === "dark";
  document.querySelectorAll("img[data-dark]").forEach(function (img) {
    var src = img.getAttribute("src");
    if (!img.hasAttribute("data-light") && src !== null) img.setAttribute("data-light", src);
    var want = img.getAttribute(dark ? "data-dark" : "data-light");
    if (want !== null && src !== want) img.setAttribute("src", want);
  });
}
/* Tell every script of the page (each page's bundle has its own copy of this module) that the theme changed:
   the event's listeners update their palettes, then call their on() functions. */
function changed() {
  swapPictures();
  var button = document.getElementById("theme-toggle");
  if (button) button.setAttribute("aria-pressed", name() === "dark" ? "true" : "false");
  document.dispatchEvent(new CustomEvent(EVENT, { detail: name() }));
}
var heard = false;
function hear() {
  if (heard || !root) return;
  heard = true;
  document.addEventListener(EVENT, function () {
    live.forEach(function (pair) { assign(pair[1], pair[0].themes[name()]); });
    listeners.forEach(function (fn) { fn(name()); });
  });
}
/** Use this theme from now on ("light" or "dark"), remembered for the next visit.
 @param {ThemeName} theme */
function set(theme) {
  if (!root) return;
  root.setAttribute("data-theme", theme);
  try {
    window.localStorage.setItem(KEY, theme);
  } catch { /* not remembered: the choice holds for this page */ }
  changed();
}
/** fn(theme) after each change of theme.
 @param {(theme: ThemeName) => void} fn */
function on(fn) {
  hear();
  listeners.push(fn);
}

/* Set the remembered theme before the page is drawn and show the header's toggle (the head's script, theme.js,
   does this once a page). */
function install() {
  if (!root) return;
  var chosen = stored();
  if (chosen) root.setAttribute("data-theme", chosen);
  if (window.matchMedia) {
    var query = window.matchMedia("(prefers-color-scheme: dark)");
    if (query.addEventListener) query.addEventListener("change", function () { if (!stored()) changed(); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("theme-toggle");
    if (button) {
      button.hidden = false;
      button.addEventListener("click", function () { set(name() === "dark" ? "light" : "dark"); });
    }
    changed();
  });
}

export { name, palette, set, on, install };
