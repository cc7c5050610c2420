// How Python starts: the module PyScript loads Pyodide through (pyscript.toml's
// `interpreter`). PyScript reads its `version` and calls its `loadPyodide`, which starts
// the vendored Pyodide on static/boot/python.zip (the standard library cut to what the
// page imports, and the engine: scripts/startup.py) and, when this browser already holds
// a memory snapshot that fits, restores that instead of starting Python afresh.
//
// The snapshot is optional, never required. It is used only when it is already here (the
// service worker cached it after an earlier visit; a first visit does not wait for its
// megabytes), when static/boot/snapshot.json names this Pyodide, and when both it and
// python.zip have the size and SHA-256 that file gives (a file cut short or changed is
// refused). Otherwise, or if restoring it fails, Python starts the ordinary way, with one
// console warning saying why (none on a first visit, when there is simply none yet).
//
// `_loadSnapshot` is a private option of Pyodide 314.0.2: tests/test_startup.py pins it.
import { loadPyodide as loadVendored, version } from "./vendor/pyodide-314.0.2/pyodide.mjs";

export { version };

export const VENDOR = new URL("./vendor/pyodide-314.0.2/", import.meta.url).href;
const BOOT = new URL("./boot/", import.meta.url);
const MANIFEST = new URL("snapshot.json", BOOT).href;
export const STDLIB = new URL("python.zip", BOOT).href;
// The snapshot was made with these (scripts/snapshot.mjs): the ordinary boot must match it,
// or the two would order sets differently.
export const ENV = { PYTHONHASHSEED: "0" };
// No packages are ever loaded, so Pyodide's 114 kB package list is not fetched.
// Its "info" is pinned against the vendored file by tests/test_startup.py.
export const LOCK = {
  info: { abi_version: "2026_0", arch: "wasm32", platform: "emscripten_5_0_3", python: "3.14.0" },
  packages: {},
};

// How the last start went, for tests and the curious: "snapshot", "ordinary" (no snapshot
// here yet) or "fallback: <why>".
function mark(how) {
  document.documentElement.dataset.python = how;
}

// A file as the service worker cached it, or null: a first visit must not wait for 30 MB.
async function cached(url) {
  try {
    return (await caches.match(url)) || null;
  } catch {
    return null; // no CacheStorage here (storage denied)
  }
}

// The bytes of a cached file whose SHA-256 is the one snapshot.json gives, else an Error.
async function checked(response, entry) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length !== entry.size) return new Error(`${entry.file} has ${bytes.length} bytes, not ${entry.size}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const sri = "sha256-" + btoa(String.fromCharCode(...digest));
  return sri === entry.integrity ? bytes : new Error(`${entry.file} does not match its SHA-256`);
}

// Why a snapshot that is there cannot be used: the message says why.
export class Unfit extends Error {}
// The snapshot or python.zip in the cache is not the file snapshot.json names (cut short,
// changed): the offline copy is damaged, and the ordinary start would read it too.
export class Damaged extends Unfit {}

// The snapshot's bytes, checked; rejects with Unfit when they must not be used (the
// solver's worker checks its start with this too).
export async function snapshot() {
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
  // The service worker caches every file it installs with (the snapshot inflated, under
  // its name without .gz): missing, it was evicted or lost.
  const [memory, zip] = await Promise.all([cached(new URL(image.file, BOOT).href), cached(STDLIB)]);
  if (!memory || !zip) throw new Unfit(`${memory ? stdlib.file : image.file} is not in the cache`);
  if (manifest.pyodide !== version) {
    throw new Unfit(`it was made for Pyodide ${manifest.pyodide}, not ${version}`);
  }
  // The snapshot remembers python.zip's table of contents: it must be that very file.
  const [bytes, lib] = await Promise.all([checked(memory, image), checked(zip, stdlib)]);
  const why = [bytes, lib].filter((result) => result instanceof Error).map((e) => e.message);
  if (why.length) throw new Damaged(why.join("; "));
  return bytes;
}

async function boot(config) {
  // Only from the service worker's cache, and only in a page it controls, so that every
  // file Pyodide fetches next comes from that same cache, of the same version. Pyodide
  // takes the snapshot as a promise: it compiles its WebAssembly while the bytes are read
  // and checked.
  if (navigator.serviceWorker?.controller) {
    try {
      const image = snapshot();
      // Pyodide awaits it only once its WebAssembly is compiled: a refusal that comes
      // sooner (no snapshot in the cache) must not count as unhandled meanwhile.
      image.catch(() => {});
      const pyodide = await loadVendored({ ...config, _loadSnapshot: image });
      // `random` was seeded when the snapshot was made: every player would draw the same.
      pyodide.runPython("import random; random.seed()");
      mark("snapshot");
      performance.mark("python-ready");
      return pyodide;
    } catch (error) {
      const why = error instanceof Unfit ? error.message : `restoring it failed: ${error.message}`;
      console.warn(`solitaire: started without the memory snapshot (${why})`);
      // boot.js asks the service worker to check its whole cache now, not once the start
      // has stalled: the player learns what is damaged (and whether Reload mends it) at once.
      if (error instanceof Damaged) window.dispatchEvent(new Event("solitaire:damaged"));
      mark(`fallback: ${why}`);
    }
  } else {
    mark("ordinary"); // a first visit: the service worker fetches the snapshot after it
  }
  const pyodide = await loadVendored(config);
  performance.mark("python-ready");
  return pyodide;
}

// Pyodide's start in steps instead of one task of two seconds, so that the page paints and
// answers between them (a first visit; a snapshot's restore is left as it is):
// - Emscripten runs Python's own start (its main: 33 modules) in a task of its own, as it
//   does when its Module has a setStatus;
// - Pyodide's bootstrap then imports ~160 standard-library modules in one go (ast,
//   tokenize, re, typing, inspect, asyncio, …) and its own: they are imported here first,
//   a few at a time, leaves first, one task each (a mark each), so that the bootstrap finds
//   them imported. Its own first step is `import _pyodide_core`: the last here.
// `createPyodideModule` and `API.rawRun` are private to Pyodide 314.0.2, like
// `_loadSnapshot`: tests/test_first_visit.py pins them and checks the steps.
export const BOOTSTRAP_STEPS = [
  ["ast"], ["operator", "collections", "types"], ["functools", "enum"], ["re"], ["tokenize"],
  ["weakref", "copy", "textwrap"], ["typing"], ["importlib.abc", "warnings"],
  ["json"], ["dis"], ["inspect"], ["dataclasses"], ["_colorize"], ["contextlib", "traceback"],
  ["string", "threading", "logging"], ["concurrent.futures"],
  ["socket", "locale", "signal", "selectors", "subprocess"], ["pathlib", "glob", "base64"],
  ["ssl"], ["asyncio"], ["bz2", "lzma"], ["compression.zstd"], ["shutil"],
  ["random", "tempfile"], ["zipfile"], ["_pyodide._base"], ["_pyodide"], ["_pyodide_core"],
];
// A yield to the browser, as a task of ordinary priority (a MessageChannel's: setTimeout
// would wait 4 ms a step once nested, and scheduler.yield() would go before the parser's
// tasks and hold back the first paint).
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function createInSteps(settings) {
  const { default: create } = await import(new URL("pyodide.asm.mjs", VENDOR).href);
  settings.setStatus = () => {};
  const module = await create(settings);
  if (settings.noInitialRun) return module; // a snapshot: restored by the bootstrap
  performance.mark("python-main-done");
  for (const names of BOOTSTRAP_STEPS) {
    await nextTask();
    // __import__: nothing is bound in __main__. A module that fails here fails again in
    // the bootstrap, which says why.
    module.API.rawRun(names.map((name) => `__import__(${JSON.stringify(name)})`).join("; "));
    performance.mark(`python: import ${names.join(", ")}`);
  }
  performance.mark("python-bootstrap-imported");
  await nextTask();
  return module;
}

// Python's output goes to PyScript's handlers once PyScript has asked for Python.
const output = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
let started = null;

// The first paint's table (static/paint.js) is the page's largest paint: Python's 5 MB of
// downloads (the wasm, its JavaScript, python.zip or the snapshot) start once it is on
// screen, so that they never compete with it for the network (a phone's first visit, as
// Lighthouse simulates it, painted it after 12 s instead of 2). Python's start begins
// about then anyway: boot.js first fetches this module. At most FIRST_PAINT_MS: a page
// that is not painted (a hidden tab or frame) does not wait for it.
const FIRST_PAINT_MS = 1000;
function painted() {
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_PAINT_MS);
    try {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve();
      }).observe({ type: "paint", buffered: true });
    } catch {
      resolve(); // no Paint Timing: at once
    }
  });
}

// Starts Python as soon as the first paint is on screen, before PyScript has even loaded
// (static/boot.js calls this first thing): its start-up and PyScript's overlap instead of
// running one after the other.
export function begin() {
  started ??= painted().then(() => {
    performance.mark("python-start"); // and "python-ready": for bench/boot.py
    return boot({
      indexURL: VENDOR,
      stdLibURL: STDLIB,
      lockFileContents: LOCK,
      env: ENV,
      createPyodideModule: createInSteps,
      stdout: (text) => output.stdout(text),
      stderr: (text) => output.stderr(text),
    });
  });
  return started;
}

// What PyScript calls (with its stdout and stderr); the Python begin() started.
export async function loadPyodide(options = {}) {
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return begin();
}
