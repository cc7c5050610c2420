// Offline play and updates. Registers the service worker (sw.js, made by scripts/build.py)
// once the table is ready, so that precaching the site never slows the first boot. A new
// version installs in the background and then waits: the page offers "New version —
// reload" and switches only when the player asks. The game is saved after every move
// (game/ui/store.py), so the reload resumes it exactly.
//
// Once the table is ready, the service worker is asked to look over its cache (sw.js): the
// sizes of its entries only, nearly free, or every byte when Python could not start from
// the memory snapshot (static/start.mjs found a file of it unfit); it fetches again what
// an eviction or a damaged disk took, so that the next start, offline too, is whole.
(function () {
  "use strict";
  var sw;
  try {
    sw = navigator.serviceWorker; // throws in a sandboxed iframe without allow-same-origin
  } catch (error) {
    return;
  }
  if (!sw) return; // an old browser, or not a secure context: online play only

  // In the page's language (static/paint.js).
  function _(message) { return self.solitaireSay ? self.solitaireSay(message) : message; }
  var controlled = !!sw.controller; // false on the very first visit
  var switching = false;

  // The live region exists (empty) from the start, so screen readers announce the offer.
  var region = document.createElement("div");
  region.id = "update";
  region.className = "update";
  region.setAttribute("role", "status");
  document.body.appendChild(region);

  // `worker`: the waiting new version; null when another tab already switched to it.
  function offer(worker) {
    if (region.firstChild) return;
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = _("New version — reload");
    button.addEventListener("click", function () {
      button.disabled = true;
      switching = true;
      // The solver's worker stops first (game/ui/helper.py), and one still starting gets
      // half a second to be gone: Chromium stops the old version's service worker to
      // switch, and a fetch of that worker's boot starting it again held the switch off
      // for minutes (seen in tests/test_sw_faults.py, about one run in six).
      var advice = document.getElementById("advice");
      var starting = !!advice && advice.dataset.helper === "starting";
      window.dispatchEvent(new Event("solitaire:switching"));
      setTimeout(
        function () {
          if (worker && worker.state === "installed") worker.postMessage({ type: "skipWaiting" });
          else location.reload();
        },
        starting ? 500 : 0,
      );
    });
    region.appendChild(button);
  }

  sw.addEventListener("controllerchange", function () {
    if (switching) location.reload();
    else if (controlled) offer(null); // another tab took the new version
    controlled = true; // the first visit: sw.js just claimed this page, nothing to offer
  });

  function watch(registration) {
    if (!registration) return; // service workers blocked (a browser setting, or a test's)
    if (registration.waiting && sw.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && sw.controller) offer(worker);
      });
    });
    // An installed app may stay open for days: look for a new version on coming back.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") registration.update().catch(function () {});
    });
  }

  // <html data-look-over>: "running", then "done" (or "failed") once the service worker has
  // looked over its cache and fetched again what it could.
  function lookOver() {
    if (!sw.controller) return; // a first visit: the service worker installs just now
    var root = document.documentElement;
    var how = root.dataset.python || "";
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      root.dataset.lookOver = event.data && event.data.error ? "failed" : "done";
    };
    root.dataset.lookOver = "running";
    sw.controller.postMessage({ type: "check", sizes: how.indexOf("fallback") !== 0 }, [
      channel.port2,
    ]);
  }

  // The page's language, for the offline page the service worker may have to give (sw.js).
  function tellLanguage() {
    if (sw.controller) sw.controller.postMessage({ type: "language", lang: document.documentElement.lang });
  }

  function register() {
    if (document.body.dataset.ready === "true") lookOver();
    tellLanguage();
    sw.register("sw.js", { scope: "./" }).then(watch, function (error) {
      // e.g. storage denied to a third-party iframe: the game plays, only not offline
      console.info("Offline play is off: " + (error && error.message));
    });
  }

  // After the first boot (body[data-ready=true]), or once boot.js has given up on it
  // (#loading.failed), so that a fixed version can still arrive.
  function due() {
    return document.body.dataset.ready === "true" || !!document.querySelector("#loading.failed");
  }
  if (due()) {
    register();
  } else {
    var observer = new MutationObserver(function () {
      if (!due()) return;
      observer.disconnect();
      register();
    });
    observer.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-ready", "class"],
    });
  }
})();
