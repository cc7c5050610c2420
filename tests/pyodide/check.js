// Runs the engine's self-check (game/selfcheck.py) in Pyodide started as the page starts
// it (game.js: static/start.mjs on static/boot/python.zip, so exactly what the page ships
// is what is checked).
//
// The outcome: <body data-state="done|error">, the JSON text in <pre id="result">, and the
// parsed object in window.result (an error: {error: "..."}). tests/test_pyodide.py reads it.
import { bootGame } from "./game.js";

function finish(state, result) {
  const text = JSON.stringify(result);
  window.result = result;
  document.getElementById("result").textContent = text;
  document.body.dataset.state = state;
}

async function main() {
  const { pyodide, files, bootMs, filesMs } = await bootGame();
  const loaded = performance.now();

  const json = pyodide.runPython(
    "import json, game.selfcheck\njson.dumps(game.selfcheck.run())",
  );
  const result = JSON.parse(json);
  result.page = {
    files,
    boot_ms: bootMs,
    files_ms: filesMs,
    run_ms: Math.round(performance.now() - loaded),
  };
  finish("done", result);
}

main().catch((error) => finish("error", { error: String((error && error.stack) || error) }));
