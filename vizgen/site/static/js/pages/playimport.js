/* The import box on a variant's page (issue #48 item 6): where the game's importer (play/import.js) meets the page.
 * Its own element under the play box, drawn from the Importer's state while no game is on (view/import.js); a
 * click on its button reads and checks the text area's paste and, when it is a game, opens its review through
 * the game's controller (PlayCtrl.importGame), else brings the reason into view; what is typed is kept across
 * redraws.
 */
import { render as write } from "../core/html.js";
import { Importer } from "../play/import.js";
import { importView } from "../play/view/import.js";

/** @typedef {import("../play/ctrl.js").PlayCtrl} PlayCtrl */
/** @typedef {import("../play/interfaces.js").PlayModel} PlayModel */

/**
 * The import box of a page's game: its element and its drawing (call it whenever the play box is drawn).
 * @param {PlayCtrl} ctrl @returns {{ el: HTMLElement, draw: () => void, importer: Importer }}
 */
export function mount(ctrl) {
  var el = document.createElement("section");
  el.className = "play-import-box";
  el.setAttribute("aria-label", ctrl.W.import);
  var face = ctrl.face;
  var source = function () {
    var model = /** @type {PlayModel} */ (ctrl.model);
    return { P: model.P, startId: model.startId, detail: model.detail.bind(model), name: model.name.bind(model),
      over: model.over.bind(model), winner: model.winner.bind(model), gain: !!face.config.gain,
      resolve: function (/** @type {string} */ text) { return face.resolve ? face.resolve(text) : undefined; },
      locate: function (/** @type {string} */ text) { return face.locate ? face.locate(text) : Promise.resolve(undefined); } };
  };
  var importer = new Importer(source, function (from, path) { return ctrl.importGame(from, path); },
    function () { return ctrl.kinds; }, ctrl.W, draw);
  /** The text area's text and the fold, as the visitor left them. */
  function kept() {
    var area = el.querySelector("textarea[data-import]"), fold = el.querySelector("details");
    if (area instanceof HTMLTextAreaElement) importer.keep(fold instanceof HTMLDetailsElement && fold.open, area.value);
  }
  function draw() {
    var on = !ctrl.game && !!ctrl.model;
    if (on) kept();
    el.hidden = !on;
    write(el, on ? importView(importer, ctrl.W) : importView({ open: false, text: "", message: "" }, ctrl.W));
  }
  el.addEventListener("click", function (ev) {
    var b = ev.target instanceof Element ? ev.target.closest('button[data-act="import"]') : null;
    var area = el.querySelector("textarea[data-import]");
    if (!b || !(area instanceof HTMLTextAreaElement)) return;
    importer.run(area.value).then(function (opened) {
      if (opened) return;
      ctrl.host.expand(); // on a phone the sheet opened to the whole screen, the reason where the visitor looks
      var said = el.querySelector(".play-import-message");
      if (said) said.scrollIntoView({ block: "center" });
    });
  });
  el.addEventListener("input", kept);
  el.addEventListener("toggle", kept, true);
  return { el: el, draw: draw, importer: importer };
}
