/* vizgen rulesworker: the rules page's solver run in a Web Worker (the same file the page loads).
 *
 * In a worker (no document) this answers {id, params} with progress lines {id, progress: [step, done, total]}
 * and one {id, result} (the compiled tables and every node's arrays, the arrays transferred, not copied) or
 * {id, error}. run() is the page's way to it: a worker when the browser allows one, else the same work in the
 * page after a pause that lets the progress line show (a worker from a file:// address is refused); cancel()
 * ends the worker of the solve under way.
 */
import * as rulecompile from "./engine/rulecompile.js";
import * as rulesolve from "./engine/rulesolve.js";

var ARRAYS = ["codes", "depth", "winner", "rem", "outdeg", "final", "outIn"];

function work(params, tell) {
  var R = rulecompile.compile(params);
  tell("compile", 1, 1);
  var s = rulesolve.solve(R, tell);
  var out = { R: R, n: s.n, edges: s.edges, start: s.start };
  ARRAYS.forEach(function (k) { out[k] = s[k]; });
  return out;
}

/* In a worker: answer the page's messages (the rules page's script calls this when it runs as the worker). */
function serve() {
  self.onmessage = function (ev) {
    var id = ev.data.id, last = 0;
    try {
      var out = work(ev.data.params, function (step, done, total) {
        var now = Date.now();
        if (now - last > 100) {
          last = now;
          postMessage({ id: id, progress: [step, done, total] });
        }
      });
      postMessage({ id: id, result: out }, ARRAYS.map(function (k) { return out[k]; })
        .filter(Boolean).map(function (a) { return a.buffer; }));
    } catch (e) {
      postMessage({ id: id, error: String(e && e.message ? e.message : e) });
    }
  };
}

var worker = null, refused = false, serial = 0, pending = new Map(); // id -> {resolve, reject, progress, ...}
/* The worker's answers, to the run they belong to (it takes its messages one after another). */
function answer(ev) {
  var job = pending.get(ev.data.id);
  if (!job) return;
  if (ev.data.progress) {
    job.progress.apply(null, ev.data.progress);
    return;
  }
  pending.delete(ev.data.id);
  if (ev.data.error) job.reject(new Error(ev.data.error));
  else job.resolve(ev.data.result);
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
/* Solve `params` where the page does not freeze: a promise of the result; `progress(step, done, total)`. With
   `only` (a large rule set) the worker or nothing: the promise fails with Error("no worker") rather than
   freeze the page, where cancel() could not stop it. */
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
    return new Promise(function (resolve, reject) {
      pending.set(id, { resolve: resolve, reject: reject, progress: progress, params: params, only: !!only });
      worker.postMessage({ id: id, params: params });
    });
  }
  if (only) return Promise.reject(new Error("no worker"));
  return inPage(params, progress);
}
/* Stop every solve under way or waiting: the worker is ended (the work stops there and then, its memory goes
   back) and their promises fail with Error("cancelled"); the next run() starts a new worker. Whether any was. */
function cancel() {
  if (!worker || !pending.size) return false;
  worker.terminate();
  worker = null;
  var jobs = Array.from(pending.values());
  pending.clear();
  jobs.forEach(function (job) { job.reject(new Error("cancelled")); });
  return true;
}
/* Whether a solve is under way (or waiting) in the worker. */
function busy() {
  return pending.size > 0;
}
function inPage(params, progress) {
  progress("compile", 0, 1);
  return new Promise(function (resolve) { setTimeout(resolve, 30); }).then(function () {
    return work(params, progress);
  });
}

/* How far a solve has got, from 0 to 1, from the solver's progress (step, done, total) and the positions that
   exist (`size`): finding the positions is the first half, solving them most of the rest, survival the end. */
function fraction(step, done, total, size) {
  if (step === "compile") return 0.02;
  if (step === "enumerate") return 0.02 + 0.48 * Math.min(1, done / Math.max(size, 1));
  if (step === "solve") return 0.5 + 0.4 * Math.min(1, done / Math.max(total, 1));
  if (step === "survival") return 0.9 + 0.09 * (1 - 1 / (1 + done / 10));
  return 1;
}

export { run, work, cancel, busy, fraction, serve };
