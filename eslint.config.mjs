// ESLint for the browser's code and its tests (`npm run lint`, run by the README's test command), as ruff is
// for the Python. ESLint rather than TypeScript's checker: the modules are plain scripts that share one
// namespace (globalThis.VZ) built up at run time, so a type checker would see every member of it as unknown
// until each module carried JSDoc types and a declaration of the namespace; a linter checks the code as it
// is written (undefined and unused names, shadowing, loose equality) with no annotations.
// The site's modules are classic scripts run in the page and, for their unit tests, in Node; the tests are
// CommonJS under node:test.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "build/", "site/", ".site-*/", ".cache/", ".venv/", "vizgen/site/static/bundles/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-shadow": "error",
      "no-use-before-define": ["error", { functions: false }],
      "no-var": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "consistent-return": "error",
      "no-unused-expressions": "error",
      "prefer-const": "off",
    },
  },
  {
    files: ["vizgen/site/static/js/**/*.js"],
    languageOptions: {
      sourceType: "module",
      // vis-network's script, loaded before ours on the pages that draw a graph
      globals: { ...globals.browser, vis: "readonly" },
    },
  },
  {
    // the bundler's script (npm run bundle)
    files: ["tools/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["tests/js/**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
  {
    // evaluated in the page by the browser tests (tests/test_browser.py): one arrow function, its value
    files: ["tests/browser_contrast.js", "tests/browser_text_contrast.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
    rules: { "no-unused-expressions": "off" },
  },
];
