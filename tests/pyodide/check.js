// Runs the engine's self-check (game/selfcheck.py) in plain Pyodide, loaded from
// static/vendor/ like the real page, with game/ written into Pyodide's file system from
// the [files] list of pyscript.toml (so exactly what the page ships is what is checked).
//
// The outcome: <body data-state="done|error">, the JSON text in <pre id="result">, and the
// parsed object in window.result (an error: {error: "..."}). tests/test_pyodide.py reads it.
import { loadPyodide } from "../../static/vendor/pyodide-314.0.2/pyodide.mjs";

const ROOT = new URL("../../", import.meta.url); // the repository root, as served
const INDEX_URL = new URL("static/vendor/pyodide-314.0.2/", ROOT).href;
const MOUNT = "/selfcheck"; // where game/ goes; put first on sys.path

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

function finish(state, result) {
  const text = JSON.stringify(result);
  window.result = result;
  document.getElementById("result").textContent = text;
  document.body.dataset.state = state;
}

async function main() {
  const started = performance.now();
  const [pyodide, config] = await Promise.all([
    loadPyodide({ indexURL: INDEX_URL }),
    fetchText(new URL("pyscript.toml", ROOT)),
  ]);
  const booted = performance.now();

  // pyscript.toml's [files]: {"./game/x.py": "./game/x.py"}, parsed by Python's tomllib.
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
  const loaded = performance.now();

  const json = pyodide.runPython(
    `import json, sys\nsys.path.insert(0, ${JSON.stringify(MOUNT)})\n` +
      "import game.selfcheck\njson.dumps(game.selfcheck.run())",
  );
  const result = JSON.parse(json);
  result.page = {
    files: files.map(([, dst]) => dst),
    boot_ms: Math.round(booted - started),
    files_ms: Math.round(loaded - booted),
    run_ms: Math.round(performance.now() - loaded),
  };
  finish("done", result);
}

main().catch((error) => finish("error", { error: String((error && error.stack) || error) }));
