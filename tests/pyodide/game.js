// Pyodide with the game loaded, as the test pages need it: started exactly as the page
// starts it (static/start.mjs: the vendored Pyodide on static/boot/python.zip, where game/
// ships), so exactly what the page ships is what runs. These pages are not controlled by
// the service worker, so Python starts the ordinary way, never from the snapshot.
import { begin } from "../../static/start.mjs";

// Boots Pyodide and imports the engine. Resolves to {pyodide, files, bootMs, filesMs}:
// files, the engine's modules as python.zip holds them ("game/state.py").
export async function bootGame() {
  const started = performance.now();
  const pyodide = await begin();
  const booted = performance.now();
  const files = pyodide
    .runPython(
      "import game, zipfile\n" +
        "sorted(n for n in zipfile.ZipFile(game.__file__.split('/game/')[0]).namelist()\n" +
        "       if n.startswith('game/'))",
    )
    .toJs();
  return {
    pyodide,
    files,
    bootMs: Math.round(booted - started),
    filesMs: Math.round(performance.now() - booted),
  };
}
