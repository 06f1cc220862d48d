// npm run bundle: the browser's ES modules (vizgen/site/static/js/) bundled by esbuild into one script a page,
// vizgen/site/static/bundles/<name>.js, committed and shipped in the package: the Python build copies them into
// the site's assets/, so a machine without Node builds the site. Each is an IIFE (a page works from file:// and
// under a sub-path); the entries are the files of static/js/pages/. rulesmore.js, loaded by the rules page on
// demand, is one function of the modules it shares with rules.js (instead of carrying its own copies): the
// bundle hands `function (shared) {...; return more;}` to the page on the event "vizgen-late" of its own script
// element (document.currentScript, the element rules.js made), and the page calls it with its modules
// (pages/rules.js's SHARED): no global carries them.
//
//   node tools/bundle.mjs            write the bundles
//   node tools/bundle.mjs --check    exit 1, naming them, when a committed bundle differs from what the sources build
//   node tools/bundle.mjs --out DIR  write them into DIR
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const JS = path.join(ROOT, "vizgen", "site", "static", "js");
const OUT = path.join(ROOT, "vizgen", "site", "static", "bundles");
//: every shipped script, by the page that loads it (its entry: static/js/pages/<name>.js); rules.js before rulesmore.js
export const ENTRIES = ["theme", "address", "index", "variant", "code", "practice", "space", "best", "rules", "rulesmore"];

const posix = (p) => p.split(path.sep).join("/");

/* rulesmore.js's imports of a module rules.js carries, read from the argument of the bundle's function. */
function fromRules(inRules, used) {
  return {
    name: "rules-shared",
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        const rel = posix(path.relative(JS, path.resolve(args.resolveDir, args.path)));
        if (!inRules.has(rel) || rel.startsWith("pages/")) return undefined; // an entry's helper is its own
        used.add(rel);
        return { path: rel, namespace: "rules-shared" };
      });
      b.onLoad({ filter: /.*/, namespace: "rules-shared" }, (args) => ({
        contents: `module.exports = shared[${JSON.stringify(args.path)}];\n`, loader: "js",
      }));
    },
  };
}

/* The late bundle's wrapping: its code is a function of the shared modules, returning the entry's exports (the
   IIFE esbuild makes for `globalName: "more"`), handed to the page on its script element. */
const LATE = {
  globalName: "more",
  footer: { js: "return more;}}));" },
  start: 'document.currentScript.dispatchEvent(new CustomEvent("vizgen-late",{detail:function(shared){',
};
async function one(name, plugins, late) {
  const result = await build({
    entryPoints: [path.join(JS, "pages", name + ".js")],
    absWorkingDir: ROOT, // the paths in the bundle's comments are the repository's
    bundle: true,
    format: "iife",
    target: "es2020",
    charset: "utf8",
    legalComments: "none",
    tsconfigRaw: "{}", // the type checker's tsconfig.json (strict) is not the bundle's: no "use strict" is added
    minifySyntax: true,
    minifyWhitespace: true,
    banner: { js: `/* vizgen ${name}.js: bundled by esbuild from vizgen/site/static/js/pages/${name}.js (npm run bundle) */` +
      (late ? "\n" + LATE.start : "") },
    ...(late ? { globalName: LATE.globalName, footer: LATE.footer } : {}),
    write: false,
    metafile: true,
    logLevel: "warning",
    plugins,
  });
  return { text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

export async function bundles() {
  const out = {};
  let rulesInputs = null;
  for (const name of ENTRIES) {
    if (name === "rulesmore") {
      const used = new Set();
      const b = await one(name, [fromRules(rulesInputs, used)], true);
      const published = new Set([...fs.readFileSync(path.join(JS, "pages", "rules.js"), "utf8")
        .matchAll(/"([\w/]+\.js)":/g)].map((m) => m[1]));
      const missing = [...used].filter((m) => !published.has(m));
      if (missing.length) throw new Error(`pages/rules.js does not offer ${missing.join(", ")} to rulesmore.js (SHARED)`);
      out[name] = b.text;
    } else {
      const b = await one(name, []);
      if (name === "rules") {
        rulesInputs = new Set(b.inputs.map((p) => posix(path.relative(posix(path.relative(ROOT, JS)), p))));
      }
      out[name] = b.text;
    }
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const made = await bundles();
  if (args[0] === "--check") {
    const stale = ENTRIES.filter((n) => {
      const file = path.join(OUT, n + ".js");
      return !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== made[n];
    });
    const extra = fs.existsSync(OUT) ? fs.readdirSync(OUT).filter((f) => !ENTRIES.includes(f.replace(/\.js$/, ""))) : [];
    if (stale.length || extra.length) {
      console.error(`vizgen/site/static/bundles is not what the sources build: ${[...stale.map((n) => n + ".js"), ...extra].join(", ")}` +
        " (run npm run bundle)");
      process.exit(1);
    }
    console.log(`${ENTRIES.length} bundles up to date`);
    return;
  }
  const dir = args[0] === "--out" ? path.resolve(args[1]) : OUT;
  fs.mkdirSync(dir, { recursive: true });
  if (dir === OUT) for (const f of fs.readdirSync(dir)) if (!ENTRIES.includes(f.replace(/\.js$/, ""))) fs.rmSync(path.join(dir, f));
  for (const n of ENTRIES) fs.writeFileSync(path.join(dir, n + ".js"), made[n]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
