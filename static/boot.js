// Starts Python, first thing in the page's head, and until Python says the table is ready,
// watches for a runtime that fails or never arrives, so that a player sees a message with
// a way out instead of a frozen page.
//
// Python (static/start.mjs: Pyodide, or its memory snapshot) starts here, before the
// stylesheets, the first paint and PyScript: its start-up overlaps all of them. PyScript,
// once loaded, asks start.mjs for Python and gets the one already under way.
//
// Offline, the files come from the service worker's cache (sw.js), which can lose one (an
// eviction, a damaged disk). It says so at once when it can get a file neither from its
// cache nor from the network ("solitaire:unavailable"); and when the start fails, or
// stalls, or start.mjs finds the snapshot or python.zip damaged, it is asked to check its
// whole cache and mend it from the network, so that the message says what is wrong, and
// whether Reload will now work.
(function () {
  "use strict";
  var SLOW_MS = 20000, CHECK_MS = 8000, GIVE_UP_MS = 90000;
  // The words, in the page's language (static/paint.js, which is parsed after this one).
  function _(message, values) {
    var said = self.solitaireSay ? self.solitaireSay(message) : message;
    return said.replace(/\{([a-z_]+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
    });
  }
  function saved() { return " " + _("Your game is saved in this browser."); }
  var sw = null;
  try {
    sw = navigator.serviceWorker || null; // throws in a sandboxed iframe
  } catch (error) {
    sw = null;
  }
  var told = false; // a precise reason is shown: a vaguer one that follows must not hide it
  var checked = false; // the service worker was asked to check its cache
  var answer = null; // what it answered
  var stalled = false; // the start failed or stalled (not only a file found damaged)

  function ready() { return document.body && document.body.dataset.ready === "true"; }
  function show(text, failed) {
    var box = document.getElementById("loading");
    var line = document.getElementById("loading-text");
    if (ready()) return;
    if (!box || !line) { // still in the head: show it once the page is parsed
      document.addEventListener("DOMContentLoaded", function () { show(text, failed); });
      return;
    }
    if (!failed && box.classList.contains("failed")) return; // "still loading" must not hide why
    line.textContent = text;
    if (failed && !box.querySelector("button")) {
      box.classList.add("failed");
      var again = document.createElement("button");
      again.type = "button";
      again.textContent = _("Reload");
      again.addEventListener("click", function () { location.reload(); });
      box.appendChild(again);
    }
  }
  function tell(text) {
    told = true;
    show(text, true);
  }
  function fail(why) {
    if (!told) {
      show(why ? _("The game engine could not start ({why}). Check your connection and reload.",
                   { why: why })
               : _("The game engine could not start. Check your connection and reload."), true);
    }
    check();
  }

  // The service worker's answer to "check": {damaged: [files], repaired: [files]}. What it
  // said of a file it could not serve (below) is as precise, and stays. Files it mended are
  // told only once the start has failed or stalled: until then that start may well succeed.
  function checkedOut() {
    var damaged = (answer && answer.damaged) || [];
    if (ready() || told || !damaged.length) return;
    var left = damaged.filter(function (file) { return answer.repaired.indexOf(file) < 0; });
    var names = (left.length ? left : damaged);
    var list = names.slice(0, 2).join(", ");
    if (names.length > 2) list = _("{files} and {count} more", { files: list, count: names.length - 2 });
    if (left.length) {
      tell((navigator.onLine ?
        _("This browser's offline copy of the game is damaged ({files}), and the files could not be fetched again. Connect to the internet and reload.", { files: list }) :
        _("This browser's offline copy of the game is damaged ({files}), and there is no connection to fetch them again. Connect to the internet and reload.", { files: list })) +
        saved());
    } else if (stalled) {
      tell(_("A damaged file of the game ({files}) was fetched again: reload to start.", { files: list }) + saved());
    }
  }
  // Asks the service worker to check every file it keeps (and to mend what it can), once:
  // when the start fails or stalls, or at once when start.mjs finds a file damaged ("damaged").
  function check(why) {
    if (why !== "damaged") stalled = true;
    if (answer) { checkedOut(); return; }
    if (checked || !sw || !sw.controller || ready()) return;
    checked = true;
    var channel = new MessageChannel();
    channel.port1.onmessage = function (e) { answer = e.data || {}; checkedOut(); };
    sw.controller.postMessage({ type: "check" }, [channel.port2]);
  }
  if (sw) {
    sw.addEventListener("message", function (e) {
      var d = e.data;
      if (!d || d.type !== "solitaire:unavailable" || ready()) return;
      var values = { file: d.file, network: d.network };
      var missing = d.lost === "missing", offline = d.network === "offline";
      tell((missing ? (offline ?
        _("A file of the game ({file}) is missing from this browser's offline copy, and there is no connection to fetch it again. Connect to the internet and reload.", values) :
        _("A file of the game ({file}) is missing from this browser's offline copy, and it could not be fetched again ({network}). Reload to try again.", values)) :
        (offline ?
        _("A file of the game ({file}) is damaged in this browser's offline copy, and there is no connection to fetch it again. Connect to the internet and reload.", values) :
        _("A file of the game ({file}) is damaged in this browser's offline copy, and it could not be fetched again ({network}). Reload to try again.", values))) +
        saved());
    });
    if (sw.startMessages) sw.startMessages(); // at once, not once the page is parsed
  }

  window.addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) {
      fail(_("a file did not load: {file}", { file: String(t.src || t.href).split("/").pop().slice(0, 60) }));
    }
    else if (!ready()) fail(e.message && String(e.message).slice(0, 120));
  }, true);
  window.addEventListener("unhandledrejection", function (e) {
    if (!ready()) fail(e.reason && String(e.reason.message || e.reason).slice(0, 120));
  });
  window.addEventListener("solitaire:damaged", function () { check("damaged"); }); // start.mjs
  setTimeout(function () { check(); }, CHECK_MS); // a start from the cache takes a second or two: a stall
  setTimeout(function () { show(_("Still loading (10 MB on a first visit)…"), false); }, SLOW_MS);
  setTimeout(function () { if (!ready()) fail(_("timed out")); }, GIVE_UP_MS);
  // A failure to load it is an unhandled rejection, shown above.
  import("./start.mjs").then(function (python) { return python.begin(); });
})();
