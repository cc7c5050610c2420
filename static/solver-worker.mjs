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
import { loadPyodide, version } from "./vendor/pyodide-314.0.2/pyodide.mjs";
import { ENV, LOCK, STDLIB, VENDOR } from "./start.mjs";

const BOOT = new URL("./boot/", import.meta.url);
const MANIFEST = new URL("snapshot.json", BOOT).href;

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

// The checks of static/start.mjs, as they are there (it does not export them).
async function cached(url) {
  try {
    return (await caches.match(url)) || null;
  } catch {
    return null; // no CacheStorage here (storage denied)
  }
}

async function checked(response, entry) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length !== entry.size) return new Error(`${entry.file} has ${bytes.length} bytes, not ${entry.size}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const sri = "sha256-" + btoa(String.fromCharCode(...digest));
  return sri === entry.integrity ? bytes : new Error(`${entry.file} does not match its SHA-256`);
}

class Unfit extends Error {}

async function snapshot() {
  let manifest;
  try {
    const response = await fetch(MANIFEST);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    manifest = await response.json();
  } catch (error) {
    throw new Unfit(`snapshot.json: ${error.message}`);
  }
  const stdlib = manifest?.stdlib || {}, image = manifest?.snapshot || {};
  if (typeof image.file !== "string" || new URL(stdlib.file, BOOT).href !== STDLIB) {
    throw new Unfit("snapshot.json is not as expected");
  }
  const [memory, zip] = await Promise.all([cached(new URL(image.file, BOOT).href), cached(STDLIB)]);
  if (!memory || !zip) throw new Unfit(`${memory ? stdlib.file : image.file} is not in the cache`);
  if (manifest.pyodide !== version) {
    throw new Unfit(`it was made for Pyodide ${manifest.pyodide}, not ${version}`);
  }
  const [bytes, lib] = await Promise.all([checked(memory, image), checked(zip, stdlib)]);
  const why = [bytes, lib].filter((result) => result instanceof Error).map((e) => e.message);
  if (why.length) throw new Unfit(why.join("; "));
  return bytes;
}

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
