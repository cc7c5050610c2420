// The solver's own thread (game/ui/helper.py): Pyodide on the page's own python.zip,
// running every search the page asks for (game/solver/remote.py's Desk: a position's whole
// portfolio, a deal for the winnable-deals finder, a daily pick) while the page's thread is
// left to the player. A Web Worker, not a PyScript one: it needs no DOM, and plain Pyodide
// starts in a cross-site iframe where PyScript does not.
//
// It starts from the page's own memory snapshot (scripts/startup.py: the engine imported,
// every game dealt once; no player's state, it is made at build time), on the same terms as
// the page (static/start.mjs): only from the service worker's cache, only when the page is
// controlled by it (the page names the worker "solver sw" then), and only when snapshot.json
// names this Pyodide and the snapshot and python.zip have the sizes and SHA-256 it gives.
// Otherwise, or if restoring fails, Python starts the ordinary way. It does not warn: the
// page's own start has said why already. `{"ready"}` says how it started ("python":
// "snapshot", "ordinary", "fallback: <why>"). `_loadSnapshot` is a private option of
// Pyodide 314.0.2: tests/test_startup.py and tests/test_worker_snapshot.py pin it.
//
// Every message, both ways, is JSON text (remote.py says what each holds):
// In:  a request {id, kind, ...}, kind "position" | "deal" | "daily" | "stop"
// Out: {"ready": true, "ms", "python"}  once Python is up (the page sends nothing before)
//      {id, kind, answer}     an answer;  {id, error}  a request refused (one line)
//      {error}                Python failed: the page goes on alone
import { loadPyodide } from "./vendor/pyodide-314.0.2/pyodide.mjs";
import { ENV, LOCK, STDLIB, Unfit, VENDOR, snapshot } from "./start.mjs";

const SLICE = 0.05; // seconds of search between looks at the mailbox

let desk = null; // remote.Desk: the requests in hand
let running = false;
const channel = new MessageChannel(); // slices follow each other without a timer's wait

function fail(error) {
  desk = null;
  const why = String((error && error.message) || error).split("\n").slice(-2).join(" ");
  postMessage(JSON.stringify({ error: why }));
}

function go() {
  if (!running) {
    running = true;
    channel.port2.postMessage(null);
  }
}

channel.port1.onmessage = () => {
  running = false;
  if (desk === null) return;
  try {
    const answer = desk.run(SLICE);
    if (typeof answer === "string") postMessage(answer);
    if (desk.busy) go();
  } catch (error) {
    fail(error);
  }
};


// Python, and how it started.
async function python() {
  const config = { indexURL: VENDOR, stdLibURL: STDLIB, lockFileContents: LOCK, env: ENV };
  if (self.name !== "solver sw") return [await loadPyodide(config), "ordinary"];
  try {
    const image = snapshot();
    image.catch(() => {}); // awaited only once the WebAssembly is compiled
    const pyodide = await loadPyodide({ ...config, _loadSnapshot: image });
    pyodide.runPython("import random; random.seed()"); // as the page does
    return [pyodide, "snapshot"];
  } catch (error) {
    const why = error instanceof Unfit ? error.message : `restoring it failed: ${error.message}`;
    return [await loadPyodide(config), `fallback: ${why}`];
  }
}

async function start() {
  const began = performance.now();
  const [pyodide, how] = await python();
  desk = pyodide.pyimport("game.solver.remote").Desk();
  onmessage = (event) => {
    if (desk === null) return;
    try {
      desk.post(typeof event.data === "string" ? event.data : "");
      go();
    } catch (error) {
      fail(error);
    }
  };
  postMessage(JSON.stringify({ ready: true, ms: Math.round(performance.now() - began), python: how }));
}

start().catch(fail);
