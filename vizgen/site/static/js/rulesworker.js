/* vizgen rulesworker: the rules page's solver run in a Web Worker (the same file the page loads).
 *
 * In a worker (no document) this answers {id, params} with progress lines {id, progress: [step, done, total]}
 * and one {id, result} (the compiled tables and every node's arrays, the arrays transferred, not copied) or
 * {id, error}. run() is the page's way to it: a worker when the browser allows one, else the same work in the
 * page after a pause that lets the progress line show (a worker from a file:// address is refused).
 */
(function (VZ) {
  "use strict";

  var ARRAYS = ["codes", "depth", "winner", "rem", "outdeg", "final", "outIn"];

  function work(params, tell) {
    var R = VZ.rulecompile.compile(params);
    tell("compile", 1, 1);
    var s = VZ.rulesolve.solve(R, tell);
    var out = { R: R, n: s.n, edges: s.edges, start: s.start };
    ARRAYS.forEach(function (k) { out[k] = s[k]; });
    return out;
  }

  if (typeof document === "undefined" && typeof self !== "undefined" && typeof postMessage === "function") {
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

  var worker = null, refused = false, serial = 0;
  /* Solve `params` where the page does not freeze: a promise of the result; `progress(step, done, total)`. */
  function run(params, src, progress) {
    var id = ++serial;
    if (!worker && !refused) {
      try {
        worker = new Worker(src);
        worker.onerror = function () { refused = true; };
      } catch {
        refused = true;
      }
    }
    if (worker && !refused) {
      return new Promise(function (resolve, reject) {
        var failed = function () { // the worker could not start after all: solve in the page
          refused = true;
          worker = null;
          resolve(inPage(params, progress));
        };
        worker.onerror = failed;
        worker.onmessage = function (ev) {
          if (ev.data.id !== id) return;
          if (ev.data.progress) progress.apply(null, ev.data.progress);
          else if (ev.data.error) reject(new Error(ev.data.error));
          else resolve(ev.data.result);
        };
        worker.postMessage({ id: id, params: params });
      });
    }
    return inPage(params, progress);
  }
  function inPage(params, progress) {
    progress("compile", 0, 1);
    return new Promise(function (resolve) { setTimeout(resolve, 30); }).then(function () {
      return work(params, progress);
    });
  }

  VZ.rulesworker = { run: run, work: work };
})(globalThis.VZ = globalThis.VZ || {});
