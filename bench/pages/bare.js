// Pyodide as distributed (its own python_stdlib.zip, from static/vendor/), no PyScript, no
// game: load it, run 1 + 1, mark <body data-ready="true">. The floor bench/boot.py compares with.
import { loadPyodide } from "../../static/vendor/pyodide-314.0.2/pyodide.mjs";

const pyodide = await loadPyodide({
  indexURL: new URL("../../static/vendor/pyodide-314.0.2/", import.meta.url).href,
});
document.getElementById("result").textContent = String(pyodide.runPython("1 + 1"));
document.body.dataset.ready = "true";
