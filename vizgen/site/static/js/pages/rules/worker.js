/* vizgen rules worker: the rules page's solver run in a Web Worker (the same file the page loads), or in the
 * page's slices: the page's glue of rules/solving.js (a worker, timers), an entry's part like pages/rules.js.
 *
 * In a worker (no document) this answers {id, params} with progress lines {id, progress: [step, done, total]}
 * and one {id, result} (the compiled tables and every node's arrays, the arrays transferred, not copied) or
 * {id, error}. run() is the page's way to it: a worker when the browser allows one, else the same work in the
 * page (a worker from a file:// address is refused), in slices between which the page paints its progress and
 * hears Cancel; cancel() ends the worker, or the solve in the page, under way.
 */
import { ARRAYS, work, working } from "../../rules/solving.js";

/** @typedef {import("../../rules/engine/rulebook.js").Params} Params */
/** @typedef {import("../../rules/engine/rulesolve.js").Progress} Progress */
/** @typedef {import("../../rules/solving.js").Solution} Solution */
/** @typedef {{id: number, params: Params}} Ask the page's message to the worker */
/**
 * The worker's message to the page: progress, the result or an error.
 * @typedef {{id: number, progress?: [string, number, number], result?: Solution, error?: string}} Reply
 */
/**
 * A run waiting for the worker.
 * @typedef {{resolve: (result: Solution | Promise<Solution>) => void, reject: (e: Error) => void,
 *   progress: Progress, params: Params, only: boolean}} Job
 */

/* In a worker: answer the page's messages (the rules page's script calls this when it runs as the worker, with
   the worker's own scope). */
/** @param {{postMessage: (reply: Reply, options: {transfer: Transferable[]}) => void,
 *   onmessage: ((ev: MessageEvent) => void) | null}} scope */
function serve(scope) {
  /* the page's message and the replies, in the form a worker and a window both take (the types are the DOM's) */
  /** @param {Reply} reply @param {Transferable[]} [transfer] */
  var postMessage = function (reply, transfer) { scope.postMessage(reply, { transfer: transfer || [] }); };
  scope.onmessage = function (ev) {
    var ask = /** @type {Ask} */ (ev.data), id = ask.id, last = 0;
    try {
      var out = work(ask.params, function (step, done, total) {
        var now = Date.now();
        if (now - last > 100) {
          last = now;
          postMessage({ id: id, progress: [step, done, total] });
        }
      });
      /** @type {Transferable[]} */
      var buffers = [];
      ARRAYS.forEach(function (k) {
        var a = out[k];
        if (a) buffers.push(a.buffer);
      });
      postMessage({ id: id, result: out }, buffers);
    } catch (e) {
      var err = /** @type {{message?: unknown} | null | undefined} */ (e);
      postMessage({ id: id, error: String(err && err.message ? err.message : e) });
    }
  };
}

/** @type {Worker | null} */
var worker = null;
var refused = false, serial = 0;
/** @type {Map<number, Job>} */
var pending = new Map();
/** @type {Set<{cancelled: boolean}>} the solves under way in the page (cancel() stops them) */
var inPageRuns = new Set();
/* The worker's answers, to the run they belong to (it takes its messages one after another). */
/** @param {MessageEvent<Reply>} ev */
function answer(ev) {
  var job = pending.get(ev.data.id);
  if (!job) return;
  if (ev.data.progress) {
    job.progress.apply(null, ev.data.progress);
    return;
  }
  pending.delete(ev.data.id);
  if (ev.data.error) job.reject(new Error(ev.data.error));
  else job.resolve(/** @type {Solution} */ (ev.data.result));
}
/* The worker could not start after all: its runs are solved in the page, or fail (`only`). */
function failed() {
  refused = true;
  worker = null;
  var jobs = Array.from(pending.values());
  pending.clear();
  jobs.forEach(function (job) {
    if (job.only) job.reject(new Error("no worker"));
    else job.resolve(inPage(job.params, job.progress));
  });
}
/* Solve `params` where the page does not freeze (the worker, else the page's slices): a promise of the result;
   `progress(step, done, total)`. With `only` (a large rule set) the worker or nothing: the promise fails with
   Error("no worker") rather than hold a device's memory in the page. */
/**
 * @param {Params} params
 * @param {string | URL} src
 * @param {Progress} progress
 * @param {boolean} [only]
 * @returns {Promise<Solution>}
 */
function run(params, src, progress, only) {
  var id = ++serial;
  if (!worker && !refused) {
    try {
      worker = new Worker(src);
      worker.onerror = failed;
      worker.onmessage = answer;
    } catch {
      refused = true;
      worker = null;
    }
  }
  if (worker) {
    var live = worker;
    return new Promise(function (resolve, reject) {
      pending.set(id, { resolve: resolve, reject: reject, progress: progress, params: params, only: !!only });
      live.postMessage({ id: id, params: params });
    });
  }
  if (only) return Promise.reject(new Error("no worker"));
  return inPage(params, progress);
}
/* Stop every solve under way or waiting: the worker is ended (the work stops there and then, its memory goes
   back), a solve in the page stops at its next slice, and their promises fail with Error("cancelled"); the next
   run() starts a new worker. Whether any was. */
function cancel() {
  var any = inPageRuns.size > 0;
  inPageRuns.forEach(function (going) { going.cancelled = true; });
  inPageRuns.clear();
  if (!worker || !pending.size) return any;
  worker.terminate();
  worker = null;
  var jobs = Array.from(pending.values());
  pending.clear();
  jobs.forEach(function (job) { job.reject(new Error("cancelled")); });
  return true;
}
/* Whether a solve is under way (or waiting), in the worker or in the page. */
function busy() {
  return pending.size > 0 || inPageRuns.size > 0;
}

/** How long a slice of a solve in the page works, in milliseconds, before the page may paint and hear a click. */
var SLICE_MS = 40;
/* Solve `params` in the page where no worker can (a page opened from file://): in slices of SLICE_MS, the page
   painting the progress and hearing Cancel between them; `progress` told the last step of each slice. */
/**
 * @param {Params} params
 * @param {Progress} progress
 * @returns {Promise<Solution>}
 */
function inPage(params, progress) {
  var steps = working(params), going = { cancelled: false };
  inPageRuns.add(going);
  progress("compile", 0, 1);
  return new Promise(function (resolve, reject) {
    function slice() {
      if (going.cancelled) {
        reject(new Error("cancelled"));
        return;
      }
      var until = Date.now() + SLICE_MS;
      try {
        var next = steps.next();
        while (!next.done && Date.now() < until) next = steps.next();
        if (!next.done) {
          progress.apply(null, next.value);
          setTimeout(slice, 0);
          return;
        }
        inPageRuns.delete(going);
        resolve(next.value);
      } catch (e) {
        inPageRuns.delete(going);
        reject(e);
      }
    }
    setTimeout(slice, 30);
  });
}

export { run, cancel, busy, serve };
