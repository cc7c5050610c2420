// Starts PyScript (the URL in this script tag's data-core) once IndexedDB is known to work.
//
// PyScript 0.7.31 opens IndexedDB at every boot, for a package cache this game does not
// use, and never starts when that fails: in a cross-site iframe Chromium denies storage,
// indexedDB.open() fires "error" (UnknownError), PyScript's handler re-dispatches the event
// (InvalidStateError) and its boot promise rejects with a bare Event. So ask first: when
// storage is denied, or IndexedDB does not answer within PROBE_MS, an in-memory IndexedDB
// (fake-indexeddb, vendored by scripts/vendor.py) takes its place and PyScript boots on
// it. Nothing the game keeps lives there (its saved game is in localStorage,
// game/ui/store.py), and it is gone with the page. Where storage works the probe costs
// one open of a small database while core.js downloads (it is modulepreloaded), and
// IndexedDB is left as it is.

const PROBE_MS = 500;
const PROBE_DB = "solitaire-probe";

function storageWorks() {
  try {
    void window.localStorage; // denied together with IndexedDB: no need to wait for it
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    // PROBE_MS of waiting with the page idle: Python starts meanwhile (static/boot.js; a long task of a
    // second or more), and that time must not count against IndexedDB, whose answer waits
    // for the same thread. Each tick counts at most TICK_MS however late it runs.
    const TICK_MS = 50;
    let waited = 0;
    let last = performance.now();
    let timer;
    const tick = () => {
      const now = performance.now();
      waited += Math.min(now - last, TICK_MS);
      last = now;
      if (waited >= PROBE_MS) resolve(false);
      else timer = setTimeout(tick, TICK_MS);
    };
    timer = setTimeout(tick, TICK_MS);
    const done = (ok) => {
      clearTimeout(timer);
      resolve(ok);
    };
    let request;
    try {
      request = indexedDB.open(PROBE_DB); // throws where IndexedDB is missing or forbidden
    } catch {
      return done(false);
    }
    request.onsuccess = () => {
      request.result.close(); // also when it answered after the timeout
      done(true);
    };
    request.onerror = (event) => {
      event.preventDefault();
      done(false);
    };
  });
}

async function start() {
  const script = document.querySelector("script[data-core]");
  const core = new URL(script.dataset.core, document.baseURI).href;
  if (!(await storageWorks())) {
    const memory = await import("./vendor/fake-indexeddb-6.2.8/index.js");
    Object.defineProperty(globalThis, "indexedDB", {
      value: memory.indexedDB,
      configurable: true,
      enumerable: true,
      writable: true,
    });
    document.documentElement.dataset.storage = "memory"; // for tests and the curious
  }
  await import(core);
}

// A failure here is an unhandled rejection, which static/boot.js shows the player.
start();
