/* vizgen loader: the page's data files, loaded as scripts.
 *
 * Every data file is a script that calls vizgenLoad(name, payload) (JSONP style), so the pages work from
 * file://, from a sub-path and from any static server. A slot per name holds the promise of its payload;
 * the script is added once, on the first request.
 */
/* A loader of the files under `base` (the page's data folder): load(name) -> promise of the payload. */
function create(base) {
  var slots = new Map();
  function slot(name) {
    var s = slots.get(name);
    if (!s) {
      s = { requested: false };
      s.promise = new Promise(function (resolve, reject) {
        s.resolve = resolve;
        s.reject = reject;
      });
      slots.set(name, s);
    }
    return s;
  }
  /* Called by every data file. */
  globalThis.vizgenLoad = function (name, payload) {
    slot(name).resolve(payload);
  };
  return function load(name) {
    var s = slot(name);
    if (!s.requested) {
      s.requested = true;
      var el = document.createElement("script");
      el.src = base + name + ".js";
      el.async = true;
      el.onerror = function () {
        s.reject(new Error("could not load " + el.src));
      };
      document.head.appendChild(el);
    }
    return s.promise;
  };
}

/* A loader of files made in the page (the rules page's solved rule set): `source(name)` gives a promise of
   the payload, as a data file would. */
function inline(source) {
  return function load(name) {
    return Promise.resolve(name).then(source);
  };
}

export { create, inline };
