// The solver's second thread (game/solver/remote.py): plain Pyodide on the page's own
// python.zip, running one position's lead search while the page runs the others
// (game/ui/helper.py). A Web Worker, not a PyScript one: it needs no DOM, and plain Pyodide
// starts in a cross-site iframe where PyScript does not.
//
// In:  {id, record}   search this position (the game's record as JSON text); a new one
//                     replaces the old at once
//      {id: null}     stop
// Out: {ready: true}  once Python is up (the page sends nothing before)
//      {id, answer}   the answer, JSON text from Remote.run
//      {error}        Python failed: the page goes on alone
import { loadPyodide } from "./vendor/pyodide-314.0.2/pyodide.mjs";
import { ENV, LOCK, STDLIB, VENDOR } from "./start.mjs";

const SLICE = 0.05; // seconds of search between looks at the mailbox

let remote = null; // the search under way, and its position's id
let current = null;
const channel = new MessageChannel(); // slices follow each other without a timer's wait

function fail(error) {
  remote = null;
  postMessage({ error: String((error && error.message) || error).split("\n").slice(-2).join(" ") });
}

channel.port1.onmessage = () => {
  if (remote === null) return;
  try {
    const answer = remote.run(SLICE);
    if (answer === undefined || answer === null) {
      channel.port2.postMessage(null);
      return;
    }
    postMessage({ id: current, answer });
    remote.destroy();
    remote = null;
  } catch (error) {
    fail(error);
  }
};

async function start() {
  // started as the page starts Python (static/start.mjs), never from its snapshot: that
  // image holds the page's state, not this thread's
  const pyodide = await loadPyodide({ indexURL: VENDOR, stdLibURL: STDLIB, lockFileContents: LOCK, env: ENV });
  const Remote = pyodide.pyimport("game.solver.remote").Remote;
  onmessage = (event) => {
    const { id, record } = event.data || {};
    const searching = remote !== null;
    if (remote !== null) remote.destroy();
    remote = null;
    if (id === null || id === undefined || typeof record !== "string") return;
    try {
      remote = Remote(record);
      current = id;
      if (!searching) channel.port2.postMessage(null);
    } catch (error) {
      fail(error);
    }
  };
  postMessage({ ready: true });
}

start().catch(fail);
