// Starts Python, first thing in the page's head, and until Python says the table is ready,
// watches for a runtime that fails or never arrives, so that a player sees a message with
// a way out instead of a frozen page.
//
// Python (static/start.mjs: Pyodide, or its memory snapshot) starts here, before the
// stylesheets, the first paint and PyScript: its start-up overlaps all of them. PyScript,
// once loaded, asks start.mjs for Python and gets the one already under way.
(function () {
  "use strict";
  var SLOW_MS = 20000, GIVE_UP_MS = 90000;
  function ready() { return document.body && document.body.dataset.ready === "true"; }
  function show(text, failed) {
    var box = document.getElementById("loading");
    var line = document.getElementById("loading-text");
    if (!box || !line || ready()) return;
    if (!failed && box.classList.contains("failed")) return; // "still loading" must not hide why
    line.textContent = text;
    if (failed && !box.querySelector("button")) {
      box.classList.add("failed");
      var again = document.createElement("button");
      again.type = "button";
      again.textContent = "Reload";
      again.addEventListener("click", function () { location.reload(); });
      box.appendChild(again);
    }
  }
  function fail(why) {
    show("The game engine could not start" + (why ? " (" + why + ")" : "") +
         ". Check your connection and reload.", true);
  }
  window.addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) fail("a file did not load");
    else if (!ready()) fail(e.message && String(e.message).slice(0, 120));
  }, true);
  window.addEventListener("unhandledrejection", function (e) {
    if (!ready()) fail(e.reason && String(e.reason.message || e.reason).slice(0, 120));
  });
  setTimeout(function () { show("Still loading (10 MB on a first visit)…", false); }, SLOW_MS);
  setTimeout(function () { if (!ready()) fail("timed out"); }, GIVE_UP_MS);
  // A failure to load it is an unhandled rejection, shown above.
  import("./start.mjs").then(function (python) { return python.begin(); });
})();
