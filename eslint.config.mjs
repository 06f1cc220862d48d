// ESLint for the browser's code and its tests (`npm run lint`, run by the README's test command), as ruff is
// for the Python. The site's modules (vizgen/site/static/js) are ES modules, each importing what it uses, run
// in the page bundled by esbuild (npm run bundle, tools/bundle.mjs) and imported as they are by their unit
// tests; a type checker (tsc --checkJs over JSDoc types) is the next step of issue #36, not yet run. The
// tests (tests/js/*.mjs) are ES modules under node:test.
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
    files: ["tests/js/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
  {
    // evaluated in the page by the browser tests (tests/test_browser.py): one arrow function, its value
    files: ["tests/browser_contrast.js", "tests/browser_text_contrast.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
    rules: { "no-unused-expressions": "off" },
  },
];
