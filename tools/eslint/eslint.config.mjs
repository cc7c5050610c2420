// ESLint for `make lint`: every JavaScript file we write, with ESLint's recommended rules
// and the globals of where each one runs. Run from the repository's root:
//
//   tools/eslint/node_modules/.bin/eslint --config tools/eslint/eslint.config.mjs .
//
// (given with --config, the patterns below are relative to the directory ESLint runs in).
// It lives here, beside its own package.json and lock file, so that its packages resolve
// from tools/eslint/node_modules (`make eslint`), not the runtime's node_modules.
//
// Every file must fall in one of the kinds below: a file that falls in none gets only the
// language's own globals, so that `document`, `self` or `process` is an error there.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    // Installed, vendored or generated: not ours to lint. (node_modules/ and .git/ are
    // ignored by ESLint itself.) sw.js is scripts/sw.template.js with data filled in
    // (scripts/build.py): the template is linted, its placeholders are valid JavaScript.
    ignores: [".venv/", "static/vendor/", "static/boot/", "dist/", "sw.js"],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // The page's classic scripts: in index.html's head, or the embedding example's.
    // They are written in ES5's style (var, function), where a catch must name its error
    // (a bare `catch {` is ES2019): an unused one is no finding there.
    files: ["static/boot.js", "static/paint.js", "static/pwa.js", "static/embed-example.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
    rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  {
    // Modules the page (or a test or bench page) loads.
    files: ["static/idb-guard.js", "static/start.mjs", "bench/pages/*.js", "tests/pyodide/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // The solver's Web Worker (a module worker: static/solver-worker.mjs).
    files: ["static/solver-worker.mjs"],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  {
    // The service worker, registered as a classic script (static/pwa.js).
    files: ["scripts/sw.template.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    // Node: the build's scripts, the Netlify headers check, this file.
    files: ["scripts/*.mjs", "tests/netlify/*.mjs", "tools/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
