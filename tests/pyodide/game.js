// Plain Pyodide with game/ loaded, as the test pages need it: Pyodide from static/vendor/
// like the real page, and game/ written into Pyodide's file system from the [files] list of
// pyscript.toml, so exactly what the page ships is what runs.
import { loadPyodide } from "../../static/vendor/pyodide-314.0.2/pyodide.mjs";

const ROOT = new URL("../../", import.meta.url); // the repository root, as served
const INDEX_URL = new URL("static/vendor/pyodide-314.0.2/", ROOT).href;

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

// Boots Pyodide, mounts game/ at `mount` (first on sys.path) and imports it.
// Resolves to {pyodide, files, bootMs, filesMs}.
export async function bootGame(mount) {
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
    const path = `${mount}/${dst.replace(/^\.\//, "")}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, sources[i]);
  });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(mount)})\nimport game`);
  return {
    pyodide,
    files: files.map(([, dst]) => dst),
    bootMs: Math.round(booted - started),
    filesMs: Math.round(performance.now() - booted),
  };
}
