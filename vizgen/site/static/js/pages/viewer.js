/* What the two variant pages' scripts (variant.js, code.js) share: the viewer and the game, started in that
 * order (the game is handed the viewer's face: its hooks, the position shown, the model), and the modules they
 * offer on the handle. */
import * as address from "../core/address.js";
import * as board from "../core/board.js";
import { contract } from "../core/contract.js";
import * as hands from "../core/hands.js";
import * as loader from "./core/loader.js";
import { addressTable } from "./core/page.js";
import * as util from "../core/util.js";
import * as wire from "../core/wire.js";
import * as game from "../play/game.js";
import * as opponents from "../play/opponents.js";
import * as retry from "../play/retry.js";
import * as review from "../play/review.js";
import * as explorer from "../viewer/explorer.js";
import * as facts from "../viewer/facts.js";
import * as graph from "../viewer/graph.js";
import { Model } from "../viewer/model.js";
import * as overview from "./viewer/overview.js";
import * as search from "../viewer/search.js";
import * as styles from "../viewer/styles.js";
import { lib } from "../viewer/vis.js";
import { publish } from "./handle.js";
import { start as startPlay } from "./play.js";
import * as keys from "./viewer/keys.js";
import { boot as startViewer } from "./viewer/main.js";
import * as panel from "./viewer/panel.js";
import * as views from "./viewer/views.js";

/** What only the entry may reach, handed to the viewer (viewer/main.js's Page): the page's vis-network (its
   script sets window.vis before ours runs), the animation frames, the rules page's maker of data files (null on a
   built page) and window.vizgen, where the viewer's face goes.
   @param {import("./viewer/main.js").Parts} parts @param {import("./viewer/main.js").Page["files"]} files
   @returns {import("./viewer/main.js").Page} */
function page(parts, files) {
  var frame = 0;
  return {
    parts: parts,
    vis: function () { return lib(Reflect.get(window, "vis")); },
    frames: {
      now: function () { return performance.now(); },
      next: function (fn) { frame = requestAnimationFrame(fn); },
      cancel: function () { cancelAnimationFrame(frame); },
    },
    files: files,
    offer: function (face) { Object.assign(window, { vizgen: face }); },
  };
}

/** Start the viewer, then the game (handed the viewer's face), with the rules page's data files if it made them.
 @param {import("./viewer/main.js").Parts} parts @param {import("./viewer/main.js").Page["files"]} files */
function run(parts, files) {
  /** @type {import("../viewer/interfaces.js").Face | undefined} the viewer's face, its hooks set (viewer/face.js) */
  var face;
  var handed = page(parts, files);
  var offer = handed.offer;
  handed.offer = function (given) { face = given; offer(given); };
  startViewer(handed);
  if (face) startPlay(face); // the game is handed the viewer's face
}

/** Start a variant page with its own parts ({CodeModel} or {ValueMap}), offering them on the handle too, and
   the viewer's boot (bootViewer), which the rules page hands its data files: its configuration says `inline`, and
   the viewer waits for them.
 @param {import("./viewer/main.js").Parts} parts */
export function start(parts) {
  address.source(addressTable);
  publish(Object.assign({ contract: contract, util: util, loader: loader, wire: wire, facts: facts, Model: Model,
    board: board, hands: hands, panel: panel, styles: styles, graph: graph, explorer: explorer, overview: overview,
    search: search, keys: keys, views: views, game: game, review: review, retry: retry, opponents: opponents,
    bootViewer: function (/** @type {NonNullable<import("./viewer/main.js").Page["files"]>} */ files) { run(parts, files); } },
    parts));
  run(parts, null);
}
