// Plain Pyodide with the game loaded, for measuring Python code in the browser:
// bench/solver.py runs the solver here (its nodes per second against CPython's).
//
// Booted by game.js as the page boots (static/start.mjs on static/boot/python.zip), so
// exactly what the page ships is what runs.
// When ready: <body data-state="ready"> and window.runPython(code), which runs Python code
// and returns the value of its last expression (a failure: <body data-state="error">, the
// message in <pre id="result">).
import { bootGame } from "./game.js";

async function main() {
  const started = performance.now();
  const { pyodide, files } = await bootGame();
  window.runPython = (code) => pyodide.runPython(code);
  document.getElementById("result").textContent =
    `ready in ${Math.round(performance.now() - started)} ms (${files.length} files)`;
  document.body.dataset.state = "ready";
}

main().catch((error) => {
  document.getElementById("result").textContent = String((error && error.stack) || error);
  document.body.dataset.state = "error";
});
