/* vizgen value map: every position of a two-player variant as a cell of a grid.
 *
 * Rows are the hands of the player to move, columns the opponent's (map.js,
 * written by vizgen/site/render/maps.py); a cell is coloured by the position's value
 * for the player to move, lighter the further the end is under best play: each cell's
 * shade and each shade's colour in each theme come with the map (vizgen/site/valuemap.py
 * works them out once); unreachable cells stay blank. Drawn on one canvas: hover
 * names the position, a click picks it, the selected position's moves and
 * parents are marked, and "Compare with" marks the cells whose value differs
 * in another variant of the same shape.
 *
 * views.js creates it: new app.ValueMap(container, model, payload, options) (the page's entry gives the class).
 */
import { html, render } from "../../core/html.js";
import * as theme from "../core/theme.js";

/** @typedef {import("../../viewer/interfaces.js").PageModel} PageModel */
/** @typedef {import("../../viewer/interfaces.js").Detail} Detail */
/** @typedef {import("../../viewer/interfaces.js").MapOptions} MapOptions */
/** map.js's payload, typed in vizgen/site/render/payloads.py (MapData). @typedef {import("../../core/payloads").MapData} MapData */
/** @typedef {{ w: number, h: number, cell: number, margin: number, x0: number, y0: number, m: number }} Geometry */

/** Every position of a two-player variant as a cell of a grid, on one canvas. */
class ValueMap {
  /**
   * options: theme (cfg.theme), pick(id), text(id) -> hover words, valueWord(v) -> a compared cell's value
   * @param {HTMLElement} container
   * @param {PageModel} model
   * @param {unknown} payload map.js's (the site's own file)
   * @param {MapOptions} options
   */
  constructor(container, model, payload, options) {
    var self = this;
    var data = /** @type {MapData} */ (payload);
    this.model = model;
    this.data = data;
    this.opt = options;
    this.m = data.m;
    this.node = data.node;
    /** @type {Map<string, number>} */
    this.labelIndex = new Map();
    data.labels.forEach(function (l, k) { self.labelIndex.set(l, k); });
    /** @type {number | null} */
    this.selected = null;
    /** @type {{ moves: number[], parents: number[] }} */
    this.marks = { moves: [], parents: [] };
    /** @type {{ title: string, slug: string, cells: Map<number, number> } | null} */
    this.compared = null; // {title, cells: Map cell -> value}
    /** @type {number[] | null} */
    this.trail = null;
    /** @type {Geometry | null} */
    this.g = null;
    render(container, html``);
    var bar = document.createElement("div");
    bar.className = "vmap-bar";
    var choice = data.compare.length
      ? html`<label class="vmap-compare">Compare with <select id="vmap-compare"><option value="">nothing</option>${data.compare.map(function (c, k) {
        return html`<option value="${k}">${c.title} (${c.cells.length} differ)</option>`;
      })}</select></label>`
      : "";
    render(bar, html`<span class="vmap-axes">rows: the player to move · columns: the opponent</span>${choice}<span id="vmap-note" class="vmap-note" role="status"></span>`);
    container.appendChild(bar);
    var holder = document.createElement("div");
    holder.className = "vmap-canvas";
    container.appendChild(holder);
    this.canvas = document.createElement("canvas");
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", "Value map: every position by the hands of the player to move (rows) and the opponent (columns)");
    holder.appendChild(this.canvas);
    this.tip = document.createElement("div");
    this.tip.className = "vmap-tip";
    this.tip.hidden = true;
    holder.appendChild(this.tip);
    this.holder = holder;
    var select = bar.querySelector("select");
    if (select) {
      var box = select;
      box.addEventListener("change", function () { self.compare(box.value === "" ? null : Number(box.value)); });
    }
    this.canvas.addEventListener("mousemove", function (ev) { self.hover(ev); });
    this.canvas.addEventListener("mouseleave", function () { self.tip.hidden = true; });
    this.canvas.addEventListener("click", function (ev) {
      var id = self.nodeAt(ev);
      if (id >= 0) self.opt.pick(id);
    });
  }

  /** Fill of every cell in the theme in use (core/theme.js): its value class's colour at the cell's shade, both
     from the map's data; null where no game goes.
     @returns {Array<string | null>} */
  colours() {
    var model = this.model, shade = this.data.shade;
    var fills = this.data.fills[theme.name()];
    return this.node.map(function (i, k) {
      return i < 0 ? null : fills[model.cls(i)][shade[k]];
    });
  }

  /** The cell of position id: its hands read from the notation (the player to move first).
   @param {number} id @returns {number} */
  cellOf(id) {
    var parts = this.model.name(id).split("/")[0].split("-");
    var r = this.labelIndex.get(parts[0]), c = this.labelIndex.get(parts[1]);
    return r === undefined || c === undefined ? -1 : r * this.m + c;
  }

  /** @returns {Geometry} */
  geometry() {
    var w = this.holder.clientWidth, h = this.holder.clientHeight;
    var chars = this.data.labels.reduce(function (a, l) { return Math.max(a, l.length); }, 1);
    var side = Math.max(40, Math.min(w, h) - 8);
    var margin = Math.max((side / (this.m + 1 + chars * 0.45)) * (1 + chars * 0.45), 22);
    var cell = Math.max(3, Math.min((side - margin) / this.m, 40));
    var size = margin + cell * this.m;
    return { w: w, h: h, cell: cell, margin: margin, x0: Math.max(0, (w - size) / 2) + margin, y0: margin + 4, m: this.m };
  }

  draw() {
    var g = (this.g = this.geometry());
    var ratio = window.devicePixelRatio || 1;
    var cv = this.canvas;
    cv.width = Math.round(g.w * ratio);
    cv.height = Math.round(g.h * ratio);
    cv.style.width = g.w + "px";
    cv.style.height = g.h + "px";
    var ctx = cv.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, g.w, g.h);
    var m = this.m, cell = g.cell;
    ctx.fillStyle = this.opt.theme.paper;
    ctx.fillRect(g.x0, g.y0, m * cell, m * cell);
    var gap = cell >= 8 ? 1 : 0, fills = this.colours();
    for (var k = 0; k < m * m; k++) {
      var f = fills[k];
      if (!f) continue;
      ctx.fillStyle = f;
      ctx.fillRect(g.x0 + (k % m) * cell, g.y0 + Math.floor(k / m) * cell, cell - gap, cell - gap);
    }
    this.drawAxes(ctx, g);
    this.drawMarks(ctx, g);
  }

  /** @param {CanvasRenderingContext2D} ctx @param {Geometry} g */
  drawAxes(ctx, g) {
    var m = this.m, cell = g.cell, labels = this.data.labels;
    var font = Math.max(8, Math.min(12, cell * 0.62));
    var every = Math.max(1, Math.ceil((font * 1.15) / cell));
    ctx.fillStyle = this.opt.theme.muted;
    ctx.font = font + 'px "DejaVu Sans Mono", monospace';
    ctx.textBaseline = "middle";
    for (var i = 0; i < m; i += every) {
      ctx.textAlign = "right";
      ctx.fillText(labels[i], g.x0 - 3, g.y0 + (i + 0.5) * cell);
      ctx.save();
      ctx.translate(g.x0 + (i + 0.5) * cell, g.y0 - 3);
      ctx.rotate(-Math.PI / 2);
      ctx.textAlign = "left";
      ctx.fillText(labels[i], 0, 0);
      ctx.restore();
    }
  }

  /** @param {CanvasRenderingContext2D} ctx @param {Geometry} g */
  drawMarks(ctx, g) {
    var T = this.opt.theme, self = this;
    g.m = this.m;
    var line = Math.max(1.5, g.cell / 7);
    if (this.compared) {
      // differing cells: a dark cross, so the overlay does not rest on colour alone
      ctx.strokeStyle = T.ink;
      ctx.lineWidth = Math.max(1, g.cell / 9);
      var pad = g.cell * 0.22;
      ctx.beginPath();
      this.compared.cells.forEach(function (v, k) {
        var x = g.x0 + (k % self.m) * g.cell, y = g.y0 + Math.floor(k / self.m) * g.cell;
        ctx.moveTo(x + pad, y + pad);
        ctx.lineTo(x + g.cell - pad, y + g.cell - pad);
        ctx.moveTo(x + g.cell - pad, y + pad);
        ctx.lineTo(x + pad, y + g.cell - pad);
      });
      ctx.stroke();
    }
    if (this.trail && this.trail.length > 1) {
      // a game's path: a line through the centres of the cells of its positions, in order
      ctx.strokeStyle = T.accent;
      ctx.lineWidth = Math.max(1.5, g.cell / 6);
      ctx.lineJoin = "round";
      ctx.globalAlpha = 0.75;
      ctx.beginPath();
      this.trail.forEach(function (k, j) {
        var x = g.x0 + ((k % self.m) + 0.5) * g.cell, y = g.y0 + (Math.floor(k / self.m) + 0.5) * g.cell;
        if (j) ctx.lineTo(x, y);
        else ctx.moveTo(x, y);
      });
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    var s = this.data.start;
    ring(ctx, g, s[0] * this.m + s[1], T.start, line, line / 2);
    this.marks.parents.forEach(function (k) { dot(ctx, g, k, T.parent, Math.max(1.6, g.cell * 0.2)); });
    this.marks.moves.forEach(function (k) {
      ring(ctx, g, k, T.accent, line, line / 2);
      dot(ctx, g, k, T.accent, Math.max(1.6, g.cell * 0.2));
    });
    if (this.selected !== null && this.selected >= 0) {
      ring(ctx, g, this.selected, T.ink, line * 1.6, -line * 0.8);
      ring(ctx, g, this.selected, T.card, line * 0.7, line * 0.4);
    }
  }

  /** @param {MouseEvent} ev @returns {number} */
  cellAt(ev) {
    var g = this.g;
    if (!g) return -1;
    var rect = this.canvas.getBoundingClientRect();
    var c = Math.floor((ev.clientX - rect.left - g.x0) / g.cell);
    var r = Math.floor((ev.clientY - rect.top - g.y0) / g.cell);
    if (r < 0 || c < 0 || r >= this.m || c >= this.m) return -1;
    return r * this.m + c;
  }
  /** @param {MouseEvent} ev @returns {number} */
  nodeAt(ev) {
    var k = this.cellAt(ev);
    return k < 0 ? -1 : this.node[k];
  }

  /** @param {MouseEvent} ev */
  hover(ev) {
    var k = this.cellAt(ev);
    var tip = this.tip;
    if (k < 0) {
      tip.hidden = true;
      this.canvas.style.cursor = "";
      return;
    }
    var id = this.node[k];
    var labels = this.data.labels;
    var text = id >= 0 ? this.opt.text(id)
      : labels[Math.floor(k / this.m)] + "-" + labels[k % this.m] + " · no game reaches it";
    var other = this.compared ? this.compared.cells.get(k) : undefined;
    if (this.compared && other !== undefined) {
      text += " · in " + this.compared.title + ": " + this.opt.valueWord(other);
    }
    tip.textContent = text;
    tip.hidden = false;
    var rect = this.holder.getBoundingClientRect();
    var x = ev.clientX - rect.left + 14, y = ev.clientY - rect.top + 14;
    tip.style.left = Math.min(x, rect.width - tip.offsetWidth - 4) + "px";
    tip.style.top = Math.min(y, rect.height - tip.offsetHeight - 4) + "px";
    this.canvas.style.cursor = id >= 0 ? "pointer" : "";
  }

  /** Mark position id, its moves' targets and its parents (detail: the model's detail of id, or null).
   @param {number} id @param {Detail | null} detail */
  mark(id, detail) {
    var self = this;
    this.selected = this.cellOf(id);
    this.marks.moves = detail ? detail.moves.map(function (mv) { return self.cellOf(mv.dst); }).filter(function (k) { return k >= 0; }) : [];
    this.marks.parents = detail ? detail.parents.map(function (p) { return self.cellOf(p); }).filter(function (k) { return k >= 0; }) : [];
    if (this.g) this.draw();
  }

  /** Draw a game's path (position ids in order; null: none) over the map.
   @param {ReadonlyArray<number> | null} ids */
  path(ids) {
    var self = this;
    this.trail = ids ? ids.map(function (i) { return self.cellOf(i); }).filter(function (k) { return k >= 0; }) : null;
    if (this.g) this.draw();
  }

  /** Overlay the k-th variant of map.js's compare list (null: none).
   @param {number | null} k */
  compare(k) {
    var note = document.getElementById("vmap-note");
    if (k === null) {
      this.compared = null;
      if (note) note.textContent = "";
    } else {
      var c = this.data.compare[k];
      /** @type {Map<number, number>} */
      var cells = new Map();
      c.cells.forEach(function (cell, j) { cells.set(cell, c.value[j]); });
      this.compared = { title: c.title, slug: c.slug, cells: cells };
      if (note) {
        note.textContent = "✕ marks the " + c.cells.length + " positions whose value differs in " + c.title;
      }
    }
    if (this.g) this.draw();
  }
}

/** @param {CanvasRenderingContext2D} ctx @param {Geometry} g @param {number} k @param {string} colour
 @param {number} width @param {number} inset */
function ring(ctx, g, k, colour, width, inset) {
  var m = g.m;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.strokeRect(g.x0 + (k % m) * g.cell + inset, g.y0 + Math.floor(k / m) * g.cell + inset,
    g.cell - 2 * inset - (g.cell >= 8 ? 1 : 0), g.cell - 2 * inset - (g.cell >= 8 ? 1 : 0));
}
/** @param {CanvasRenderingContext2D} ctx @param {Geometry} g @param {number} k @param {string} colour @param {number} radius */
function dot(ctx, g, k, colour, radius) {
  var m = g.m;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(g.x0 + ((k % m) + 0.5) * g.cell, g.y0 + (Math.floor(k / m) + 0.5) * g.cell, radius, 0, Math.PI * 2);
  ctx.fill();
}

export { ValueMap };
