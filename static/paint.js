// The first paint: a table on screen before Python has started.
//
// A classic script in the page's head, so that nothing is drawn before it has run (and
// index.html's <link rel="expect"> holds the first frame until the table is parsed). It
// chooses the table now and draws it as the parser reaches each part of the page (a
// MutationObserver, whose callbacks run before the browser renders a frame):
// - the saved game, as the page last showed it (game/ui/store.py keeps the table's markup,
//   its cards' offsets and the toolbar's values beside the game, under its key + "/paint"),
//   when that goes with the saved text (its CRC-32) and the URL asks for no other deal;
// - otherwise the empty table of the game Python is about to deal (static/boot/tables.js,
//   drawn at build time by the page's own renderer: scripts/paint.py), with what of the
//   toolbar is known (the deal a URL names); room is kept for what is not, so that
//   nothing moves when Python fills it in.
// Python then draws the same table in one task: nothing shifts and nothing blinks. Until it
// is ready (body[data-ready=true]) the toolbar's controls are inert, the table is busy, and
// the status row says "Starting…"; a tap, or a key the game answers, is refused there in
// words. What is read from storage is capped and checked: anything odd, and the empty
// table is drawn.
(function () {
  "use strict";
  var MAX_SAVED = 500000, MAX_PAINT = 400000, MAX_SETTINGS = 10000; // characters
  var DEAL_DIGITS = 10, MOVES_DIGITS = 2; // room kept for a number not known yet
  var BAR = ["deal-number", "moves-count", "clock"];
  // Markup from storage: the page's own tags only (the CSP would refuse scripts and style
  // attributes anyway), links only to the suit marks of index.html.
  var FORBIDDEN = new RegExp(
    "<(?:script|style|link|meta|base|iframe|frame|object|embed|form|img|image)\\b" +
    "|\\son[a-z]+\\s*=|\\sstyle\\s*=|\\shref\\s*=\\s*\"(?!#suit-)|javascript:", "i");
  // A card's offset as table.py sets it, read back: "top: 40.2px;", "left: 9px;", "--i: 3;".
  var PLACE = /^(top|left): (-?\d{1,5}(?:\.\d+)?)px;$|^(--i): (\d{1,3});$/;
  var data = self.solitaireTables;
  var plan = null;

  function ready() { return !!document.body && document.body.dataset.ready === "true"; }
  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function text(value, max) { return typeof value === "string" && value.length <= max; }

  function read(storage, key, max) {
    try {
      var value = storage && storage.getItem(key);
      return typeof value === "string" && value.length <= max ? value : null;
    } catch (e) {
      return null;
    }
  }

  function json(value) {
    try {
      var parsed = value === null ? null : JSON.parse(value);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null;
    } catch (e) {
      return null;
    }
  }

  // CRC-32 of the UTF-8 bytes of `value`, as Python's zlib.crc32 gives it.
  function crc32(value) {
    var table = [], bytes = new TextEncoder().encode(value), crc = -1, c, i, k;
    for (i = 0; i < 256; i++) {
      for (c = i, k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
      table[i] = c;
    }
    for (i = 0; i < bytes.length; i++) crc = (crc >>> 8) ^ table[(crc ^ bytes[i]) & 0xff];
    return (crc ^ -1) >>> 0;
  }

  function sameSet(a, b) {
    return a.length === b.length && a.every(function (x) { return b.indexOf(x) >= 0; });
  }

  // The house rules among `names` that `game` has, sorted (game/ui/params.py drops others).
  function known(game, names) {
    return names.filter(function (n, i) {
      return typeof n === "string" && data.rules[game].indexOf(n) >= 0 && names.indexOf(n) === i;
    }).sort();
  }

  // What Python will show, chosen as game/ui/app.py's App.start chooses it.
  function choose() {
    var query = new URLSearchParams(location.search);
    var last = function (name) {
      var all = query.getAll(name);
      return all.length ? all[all.length - 1] : null;
    };
    var embed = last("embed") === "1";
    var key = embed ? "solitaire/embedded" : "solitaire/current";
    var storage = null;
    try { storage = window.localStorage; } catch (e) { /* denied: nothing is saved */ }
    var game = last("game"), deal = last("deal");
    game = game !== null && has(data.rules, game) ? game : "whitehead";
    var fits = deal !== null && /^[0-9]+$/.test(deal) && +deal >= 1 && +deal <= data.maxDeal;
    deal = fits ? +deal : 0;
    var rules = known(game, (last("rules") || "").split(",").filter(Boolean));
    var choice = { embed: embed, game: game, deal: deal, rules: rules, saved: null };
    var saved = read(storage, key, MAX_SAVED);
    if (saved !== null) { // resumed unless the URL asks for another deal (a shared link)
      var asked = query.has("game") || query.has("deal");
      var wanted = function (g, d, r) {
        return !asked || (g === game && d === deal && sameSet(r, rules));
      };
      var painted = kept(json(read(storage, key + "/paint", MAX_PAINT)), saved);
      if (painted && wanted(painted.game, painted.deal, painted.rules)) {
        painted.embed = embed;
        return painted;
      }
      var record = fromSaved(json(saved));
      if (record && wanted(record.game, record.deal, record.rules)) {
        choice.game = record.game;
        choice.deal = record.deal;
        choice.rules = record.rules;
        choice.saved = record;
        return skeleton(choice);
      }
    }
    if (!query.has("rules") && !query.has("deal")) { // a new deal: the house rules set
      var settings = json(read(storage, embed ? "solitaire/embedded/settings" :
                                        "solitaire/settings", MAX_SETTINGS));
      var set = settings && settings.house_rules && settings.house_rules[game];
      choice.rules = Array.isArray(set) ? known(game, set) : [];
    }
    return skeleton(choice);
  }

  // The table kept beside the saved game, if it goes with `saved` and is sound.
  function kept(p, saved) {
    if (!p || p.version !== 1 || p.of !== crc32(saved)) return null;
    if (!text(p.game, 20) || !has(data.rules, p.game) || !Number.isInteger(p.deal)) return null;
    if (!Array.isArray(p.rules)) return null;
    var rules = known(p.game, p.rules), empty = data.tables[[p.game].concat(rules).join("+")];
    if (rules.length !== p.rules.length || !empty) return null;
    if (!text(p["class"], 100) || !/^[\w -]+$/.test(p["class"])) return null;
    if (!text(p.html, MAX_PAINT) || FORBIDDEN.test(p.html)) return null;
    if (!Array.isArray(p.places) || p.places.length > 200) return null;
    if (!p.places.every(function (s) { return text(s, 40) && PLACE.test(s); })) return null;
    var props = p.props, bar = p.bar;
    if (!props || typeof props !== "object" || !bar || typeof bar !== "object") return null;
    if (!Object.keys(props).every(function (k) {
      return /^--(cols|founds)$/.test(k) ? text(props[k], 3) && /^\d*$/.test(props[k]) :
        k === "--cap" && text(props[k], 5) && /^(\d{1,3}px)?$/.test(props[k]);
    })) return null;
    if (!Object.keys(bar).every(function (k) {
      return BAR.indexOf(k) >= 0 && text(bar[k], 16);
    })) return null;
    if (!text(p.redeal, 40) || typeof p.height !== "number") return null;
    return {
      game: p.game, deal: p.deal, rules: rules, empty: empty.html,
      look: { "class": p["class"], props: props, html: p.html },
      places: p.places, height: p.height, bar: bar, redeal: p.redeal,
      fourColour: p.four_colour === true,
    };
  }

  // Game, deal, house rules, moves and time of a saved game (game/saved.py's JSON), for
  // one whose table was not kept beside it (saved by an earlier version of the page).
  function fromSaved(s) {
    var record = s && s.record;
    if (!record || typeof record !== "object" || !has(data.rules, record.game)) return null;
    var on = record.rules && typeof record.rules === "object" ? record.rules : {};
    var rules = Object.keys(on).filter(function (r) { return on[r] === true; });
    var moves = Array.isArray(record.moves) && Number.isInteger(s.undone) ?
      record.moves.length - s.undone - (Number.isInteger(s.dealt) ? s.dealt : 0) : -1;
    var deal = record.deal;
    if (!Number.isInteger(deal) || deal < 1 || deal > data.maxDeal || moves < 0) return null;
    var seconds = typeof s.elapsed === "number" && s.elapsed >= 0 && s.elapsed < 1e7 ?
      Math.floor(s.elapsed) : 0;
    return {
      game: record.game, deal: deal, rules: known(record.game, rules),
      moves: moves, seconds: seconds,
    };
  }

  // The empty table of a game, and what of the toolbar is known.
  function skeleton(choice) {
    var table = data.tables[[choice.game].concat(choice.rules).join("+")];
    if (!table) return null;
    var s = choice.saved, bar = { clock: "0:00" };
    if (choice.deal) bar["deal-number"] = String(choice.deal);
    if (s) {
      bar["moves-count"] = String(s.moves);
      bar.clock = Math.floor(s.seconds / 60) + ":" + String(s.seconds % 60).padStart(2, "0");
    }
    return {
      embed: choice.embed, game: choice.game, rules: choice.rules, empty: table.html,
      look: table, places: [], height: 0, bar: bar, redeal: table.redeal, fourColour: false,
    };
  }

  // -- drawing ------------------------------------------------------------------------------

  // Room for a number not known yet, as wide as `digits` digits. It stays once Python is
  // up: taking it back would move what follows.
  function reserve(output, digits) {
    output.style.setProperty("display", "inline-block");
    output.textContent = "0".repeat(digits);
    output.style.setProperty("min-width", output.getBoundingClientRect().width + "px");
    output.textContent = "…";
  }

  function drawBar() {
    var body = document.body;
    if (plan.embed) body.classList.add("embed");
    if (plan.fourColour) body.classList.add("four-colour");
    var select = document.getElementById("game-select");
    if (select) select.value = plan.game;
    var room = { "deal-number": DEAL_DIGITS, "moves-count": MOVES_DIGITS };
    BAR.forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      if (has(plan.bar, id)) el.textContent = plan.bar[id];
      else if (room[id]) reserve(el, room[id]);
    });
    var redeal = document.getElementById("redeal");
    if (redeal && plan.redeal) {
      redeal.querySelector(".label").textContent = plan.redeal; // beside its icon
      redeal.hidden = false;
    }
  }

  function drawTable(table) {
    var look = plan.look;
    table.className = look["class"];
    table.dataset.game = plan.game;
    Object.keys(look.props).forEach(function (k) {
      if (look.props[k]) table.style.setProperty(k, look.props[k]);
    });
    table.innerHTML = look.html;
    var cards = table.querySelectorAll(".card");
    if (cards.length !== plan.places.length) { // not the markup the offsets go with
      table.innerHTML = plan.empty;
      return;
    }
    // Offsets in pixels: scaled if the cards are another size now (the window is).
    var pile = table.querySelector(".tableau .pile");
    var now = pile ? pile.offsetHeight : 0;
    var scale = plan.height > 0 && now > 0 && Math.abs(now - plan.height) > 0.5 ?
      now / plan.height : 1;
    plan.places.forEach(function (place, i) {
      var m = PLACE.exec(place);
      if (m[1]) cards[i].style.setProperty(m[1], (+m[2] * scale).toFixed(1) + "px");
      else cards[i].style.setProperty(m[3], m[4]);
    });
  }

  // -- until Python is ready ----------------------------------------------------------------

  var controls = [], echo = false;

  // A key as game/ui/keymap.py names it: "arrowleft", "space", "ctrl+z".
  function keyName(e) {
    var k = e.key === " " ? "space" : String(e.key).toLowerCase();
    return e.ctrlKey || e.metaKey ? (e.shiftKey ? "ctrl+shift+" : "ctrl+") + k : k;
  }

  // A tap, or a key the game answers, while starting: said to be too early.
  function refuse(e) {
    if (ready()) return;
    var box = document.getElementById("loading");
    var line = document.getElementById("loading-text");
    if (!box || !line || box.classList.contains("failed")) return; // boot.js says why
    if (e.type === "pointerdown" && e.button !== 0) return;
    if (e.type === "keydown") {
      var tag = e.target && e.target.tagName ? e.target.tagName.toLowerCase() : "";
      if (e.altKey || tag === "input" || tag === "select" || tag === "textarea") return;
      if (!data || data.keys.indexOf(keyName(e)) < 0) return;
      e.preventDefault();
    }
    echo = !echo; // the same words again are told again (a live region speaks on change)
    line.textContent = "Starting… one moment" + (echo ? "" : "\u00a0");
    box.classList.add("refused");
  }

  function started() {
    controls.forEach(function (el) { el.inert = false; });
    var table = document.getElementById("table");
    if (table) table.removeAttribute("aria-busy");
    document.removeEventListener("pointerdown", refuse, true);
    document.removeEventListener("keydown", refuse, true);
  }

  function wait(table) {
    controls = [].slice.call(document.querySelectorAll(
      "body > header button, body > header select"));
    controls.forEach(function (el) { el.inert = true; });
    table.setAttribute("aria-busy", "true");
    document.addEventListener("pointerdown", refuse, true);
    document.addEventListener("keydown", refuse, true);
    var watch = new MutationObserver(function () {
      if (!ready()) return;
      watch.disconnect();
      started();
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }

  // -- as the parser goes -------------------------------------------------------------------

  function safely(fn, arg) {
    try {
      fn(arg);
    } catch (e) {
      console.warn("solitaire: the first paint was skipped (" + (e && e.message) + ")");
    }
  }

  var barDone = false, tableDone = false;
  function step() {
    var table = document.getElementById("table");
    if (!table) return; // the toolbar is complete once the table has begun
    if (!barDone) {
      barDone = true;
      if (plan) safely(drawBar);
      safely(wait, table);
    }
    if (!tableDone && (table.nextElementSibling || document.readyState !== "loading")) {
      tableDone = true; // the table's own markup is complete once what follows has begun
      observer.disconnect();
      if (plan) safely(drawTable, table);
    }
  }

  if (data && data.rules && data.tables) safely(function () { plan = choose(); });
  var observer = new MutationObserver(step);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", step);
  step();
})();
