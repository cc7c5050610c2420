// Plain Pyodide with the game loaded, for measuring Python code in the browser:
// bench/solver.py runs the solver here (its nodes per second against CPython's).
//
// Booted like check.js: Pyodide from static/vendor/, and game/ written into Pyodide's file
// system from the [files] list of pyscript.toml, so exactly what the page ships is what runs.
// When ready: <body data-state="ready"> and window.runPython(code), which runs Python code
// and returns the value of its last expression (a failure: <body data-state="error">, the
// message in <pre id="result">).
import { loadPyodide } from "../../static/vendor/pyodide-314.0.2/pyodide.mjs";

const ROOT = new URL("../../", import.meta.url); // the repository root, as served
const INDEX_URL = new URL("static/vendor/pyodide-314.0.2/", ROOT).href;
const MOUNT = "/solver"; // where game/ goes; put first on sys.path

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

async function main() {
  const started = performance.now();
  const [pyodide, config] = await Promise.all([
    loadPyodide({ indexURL: INDEX_URL }),
    fetchText(new URL("pyscript.toml", ROOT)),
  ]);
  const listFiles = pyodide.runPython(
    "import json, tomllib\n" +
      "lambda text: json.dumps(list(tomllib.loads(text).get('files', {}).items()))",
  );
  const files = JSON.parse(listFiles(config));
  listFiles.destroy();
  const sources = await Promise.all(files.map(([src]) => fetchText(new URL(src, ROOT))));
  files.forEach(([, dst], i) => {
    const path = `${MOUNT}/${dst.replace(/^\.\//, "")}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, sources[i]);
  });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(MOUNT)})\nimport game`);
  window.runPython = (code) => pyodide.runPython(code);
  document.getElementById("result").textContent =
    `ready in ${Math.round(performance.now() - started)} ms (${files.length} files)`;
  document.body.dataset.state = "ready";
}

main().catch((error) => {
  document.getElementById("result").textContent = String((error && error.stack) || error);
  document.body.dataset.state = "error";
});
