// The host's side of the game's postMessage API (README: Embedding), as a site that embeds
// the game would write it: listen to the iframe's events, send it commands.
(function () {
  "use strict";
  var frame = document.getElementById("game");
  // Where the game is served from: events are accepted from there only, commands go there only.
  var gameOrigin = new URL(frame.src, location.href).origin;
  var TITLES = { whitehead: "Whitehead", "blind-alleys": "Blind Alleys", linus: "Linus",
                 unlimited: "Unlimited" };
  var MAX_SHOWN = 60;

  // Every event received, oldest first (also for the console: solitaireEvents).
  var events = [];
  window.solitaireEvents = events;

  function send(command) {
    frame.contentWindow.postMessage(command, gameOrigin);
  }

  function describe(e) {
    var rules = Object.keys(e.rules || {});
    return (TITLES[e.game] || e.game) + ", deal " + e.deal +
      (rules.length ? " (" + rules.join(", ") + ")" : "") + ": " +
      e.moves + (e.moves === 1 ? " move" : " moves") + ", " + e.status;
  }

  function show(e) {
    document.getElementById("state").textContent = describe(e);
    document.getElementById("event-count").textContent = String(events.length);
    var item = document.createElement("li");
    var kind = document.createElement("strong");
    kind.textContent = e.type;
    item.className = "event-" + e.type;
    item.appendChild(kind);
    item.appendChild(document.createTextNode(
      e.type === "move" ? " " + e.move : " " + e.moves + " moves, " + e.status));
    var list = document.getElementById("events");
    list.insertBefore(item, list.firstChild);
    while (list.children.length > MAX_SHOWN) list.removeChild(list.lastChild);
  }

  window.addEventListener("message", function (event) {
    // Only the game's own messages: from its iframe, from its origin, in its format.
    if (event.source !== frame.contentWindow || event.origin !== gameOrigin) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.source !== "solitaire") return;
    events.push(data);
    show(data);
    if (data.type === "ready") {
      // Commands sent before "ready" are lost: the game was not listening yet.
      var controls = document.querySelectorAll(".panel button");
      for (var i = 0; i < controls.length; i++) controls[i].disabled = false;
      document.querySelector("#new-game select").value = data.game;
    }
  });

  document.getElementById("new-game").addEventListener("submit", function (event) {
    event.preventDefault();
    var form = event.target;
    var command = { type: "newGame", game: form.elements.game.value };
    var deal = form.elements.deal.value.trim();
    if (deal) command.deal = Number(deal); // without a deal: a fresh one
    send(command);
  });

  // A game record (what the game's Export writes) becomes the game in play.
  document.getElementById("load").addEventListener("submit", function (event) {
    event.preventDefault();
    var said = document.getElementById("load-said");
    try {
      send({ type: "load", record: JSON.parse(event.target.elements.record.value) });
      said.textContent = "";
    } catch (error) {
      said.textContent = "Not JSON: " + error.message;
    }
  });

  // Another language: the frame opens again in it, the game kept, and says "ready" again.
  document.getElementById("language").addEventListener("submit", function (event) {
    event.preventDefault();
    send({ type: "language", lang: event.target.elements.lang.value });
  });

  // The frame at a phone's width or a desktop's (the embedded toolbar fits both).
  var widths = document.querySelectorAll("button[data-width]");
  for (var w = 0; w < widths.length; w++) {
    widths[w].addEventListener("click", function (event) {
      var width = event.currentTarget.dataset.width;
      frame.classList.toggle("phone", width === "phone");
      for (var k = 0; k < widths.length; k++) {
        widths[k].setAttribute("aria-pressed", String(widths[k].dataset.width === width));
      }
    });
  }

  var buttons = document.querySelectorAll("button[data-command]");
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener("click", function (event) {
      send({ type: event.currentTarget.dataset.command });
    });
  }
})();
