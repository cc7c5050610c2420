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
// A new player's first visit also opens the welcome over it (game/ui/greeting.py's words and
// rule, from tables.js), to read while Python starts; a game or Rules chosen there before
// Python is up is kept for it (data-asked: game/ui/welcome.py).
// Python then draws the same table in one task: nothing shifts and nothing blinks. Until it
// is ready (body[data-ready=true]) the toolbar's controls are inert, the table is busy, and
// the status row says "Starting…"; a tap, or a key the game answers, is refused there in
// words. What is read from storage is capped and checked: anything odd, and the empty
// table is drawn.
(function () {
  "use strict";
  var MAX_SAVED = 500000, MAX_PAINT = 400000, MAX_SETTINGS = 10000; // characters
  var MAX_STATS = 1000000;
  var DEAL_DIGITS = 10, MOVES_DIGITS = 2; // room kept for a number not known yet
  var BAR = ["deal-number", "moves-count", "clock"];
  // Markup from storage: the page's own tags only (the CSP would refuse scripts and style
  // attributes anyway), links only to the suit marks of index.html.
  var FORBIDDEN = new RegExp(
    "<(?:script|style|link|meta|base|iframe|frame|object|embed|form|img|image)\\b" +
    "|\\son[a-z]+\\s*=|\\sstyle\\s*=|\\shref\\s*=\\s*\"(?!#suit-)|javascript:", "i");
  // A card's place as table.py sets it, read back: "top: 40.2px;", "left: 9px;", a stack's
  // covered card "visibility: hidden;", its top two "" (and "--i: 3;", of older markup).
  var PLACE = /^(top|left): (-?\d{1,5}(?:\.\d+)?)px;$|^(--i): (\d{1,3});$|^(visibility): (hidden);$|^$/;
  var data = self.solitaireTables;
  var painting = null; // what choose() chose to draw
  var greeting = false; // and whether the welcome is due

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

  // -- the decision: game/ui/plan.py's plan(), line for line --------------------------------

  // params.game_named: a game however a URL writes it ("Blind Alleys", "BLIND_ALLEYS").
  function gameNamed(text) {
    var wanted = text.trim().toLowerCase().replace(/_/g, " ").split(/\s+/)
      .filter(Boolean).join("-");
    var names = Object.keys(data.titles);
    for (var i = 0; i < names.length; i++) {
      var title = data.titles[names[i]].toLowerCase().split(/\s+/).join("-");
      if (wanted === names[i] || wanted === title) return names[i];
    }
    return null;
  }

  function iso(y, m, d) { // a local calendar day as "YYYY-MM-DD" (the 32nd: the next day's)
    var day = new Date(2000, 0, 1);
    day.setFullYear(y, m - 1, d);
    return String(day.getFullYear()).padStart(4, "0") + "-" +
      String(day.getMonth() + 1).padStart(2, "0") + "-" + String(day.getDate()).padStart(2, "0");
  }

  // daily.parse_day: the day ?daily= names (today for ""), or null where Python says no.
  function parseDay(text, today) {
    if (!text) return today;
    var m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
    if (!m || iso(+m[1], +m[2], +m[3]) !== text || +m[1] < 1) return null;
    var t = today.split("-");
    return text >= data.firstDay && text <= iso(+t[0], +t[1], +t[2] + 1) ? text : null;
  }

  // query: the URL's parameters (the last of each name); house: Settings' house rules by
  // game; saved: {game, deal, rules (sorted), daily} or null; today: "YYYY-MM-DD".
  function plan(query, house, saved, today) {
    var has = function (k) { return Object.prototype.hasOwnProperty.call(query, k); };
    var game = has("game") ? gameNamed(query.game) || "whitehead" : "whitehead";
    var deal = has("deal") && /^[0-9]+$/.test(query.deal) && +query.deal >= 1 &&
      +query.deal <= data.maxDeal ? +query.deal : 0;
    var own = data.rules[game], rules = [];
    (has("rules") ? query.rules : "").split(",").forEach(function (n) {
      var i = own.map(function (r) { return r.toLowerCase(); }).indexOf(n.trim().toLowerCase());
      if (n.trim() && i >= 0 && rules.indexOf(own[i]) < 0) rules.push(own[i]);
    });
    var daily = has("daily") ? parseDay(query.daily, today) : null;
    if (daily) rules = [];
    rules.sort();
    if (!has("rules") && !has("deal") && !daily) { // a new deal's own: the Settings'
      var set = house && Array.isArray(house[game]) ? house[game] : [];
      rules = own.filter(function (r) { return set.indexOf(r) >= 0; });
    }
    if (saved && Object.prototype.hasOwnProperty.call(data.rules, saved.game)) {
      var asked = has("game") || has("deal") || !!daily; // a shared link
      if (!asked || (daily ? saved.game === game && saved.daily === daily :
          saved.game === game && saved.deal === deal && sameSet(saved.rules, rules))) {
        return { resume: true, game: saved.game, deal: saved.deal, rules: saved.rules,
                 daily: saved.daily };
      }
    }
    return { resume: false, game: game, deal: daily ? 0 : deal, rules: rules, daily: daily };
  }
  self.solitairePlan = plan; // for tests/test_plan.py, which runs the Python one beside it

  // greeting.due(): open the welcome on this visit? stored: key -> its text, or null where
  // nothing is stored (a key missing from it: taken as stored).
  function greets(query, stored) {
    var welcome = data.welcome;
    if (query.embed === "1" || has(query, "game") || has(query, "deal")) return false;
    var kept = function (key) { return !has(stored, key) || stored[key] !== null; };
    return !welcome.returning.some(kept) && !kept(welcome.key);
  }
  self.solitaireGreets = greets; // for tests/test_plan.py

  // What Python will show: plan() on what storage holds, and what to draw of it.
  function choose() {
    var query = {};
    new URLSearchParams(location.search).forEach(function (v, k) { query[k] = v; });
    var embed = query.embed === "1", base = embed ? "solitaire/embedded/" : "solitaire/";
    var key = embed ? "solitaire/embedded" : "solitaire/current"; // game/ui/store.py
    var storage = null;
    try { storage = window.localStorage; } catch (e) { /* denied: nothing is saved */ }
    var settings = json(read(storage, base + "settings", MAX_SETTINGS));
    speak(chooseLanguage(query, settings));
    var saved = read(storage, key, MAX_SAVED), record = null, painted = null, stored = null;
    if (saved !== null) {
      record = fromSaved(json(saved));
      painted = kept(json(read(storage, key + "/paint", MAX_PAINT)), saved);
    }
    if (record) { // a daily deal, if statistics say the game in progress is one
      var stats = json(read(storage, base + "stats", MAX_STATS));
      var c = stats && stats.current;
      var daily = c && c.key === [record.game].concat(record.rules).join("+") &&
        c.deal === record.deal && typeof c.daily === "string" ? c.daily : null;
      stored = { game: record.game, deal: record.deal, rules: record.rules, daily: daily };
    }
    if (storage && data.welcome) { // (no storage: never, it could not be kept from coming back)
      var marks = {};
      data.welcome.returning.concat([data.welcome.key]).forEach(function (k) {
        marks[k] = read(storage, k, Infinity);
      });
      greeting = greets(query, marks);
    }
    var chosen = plan(query, settings && settings.house_rules, stored, today());
    if (chosen.resume && painted) {
      painted.embed = embed;
      return painted;
    }
    return skeleton({ embed: embed, game: chosen.game, deal: chosen.deal, rules: chosen.rules,
                      saved: chosen.resume ? record : null });
  }

  function today() {
    var now = new Date();
    return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
  }

  // The table kept beside the saved game, if it goes with `saved` and is sound.
  function kept(p, saved) {
    if (!p || p.version !== 1 || p.of !== crc32(saved)) return null;
    if ((p.lang || "en") !== document.documentElement.lang) return null; // its words: another's
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
    if (!text(p.redeal, 80) || typeof p.height !== "number") return null;
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
    // A new deal: its stock, face down, is already known (a saved game's may be empty).
    var dealt = s ? null : table.dealt;
    return {
      embed: choice.embed, game: choice.game, rules: choice.rules, empty: table.html,
      look: dealt ? { "class": table["class"], props: table.props, html: dealt.html } : table,
      places: dealt ? dealt.places : [], height: 0, bar: bar, redeal: table.redeal,
      fourColour: false,
    };
  }

  // -- the language ------------------------------------------------------------------------
  // Chosen here, once, before anything is drawn: ?lang= (a code we speak), the Settings'
  // language, the browser's languages (the first we speak), else English. Said in
  // <html lang>, where Python reads it (game/ui/lang.py). The page's own markup is
  // translated from the catalogs (data.words: scripts/paint.py) by the rule of
  // scripts/pagewords.py, which extracted its messages.

  var LANG_ATTRS = ["title", "aria-label", "alt", "placeholder", "data-label"];
  var INLINE = ["b", "em", "kbd", "strong", "i", "code"];
  var LETTER = /[^\W\d_]/;
  var words = null; // the chosen language's: {page: {message: translation}, welcome}
  var translated = new WeakSet();

  // game/i18n.py's match(): "de-AT" is German; en-XA (the pseudo-locale) only when asked.
  function matchLanguage(tag, asked) {
    if (typeof tag !== "string") return null;
    tag = tag.trim().replace(/_/g, "-");
    if (asked && tag.toLowerCase() === "en-xa") return "en-XA";
    var primary = tag.split("-")[0].toLowerCase();
    return has(data.languages, primary) ? primary : null;
  }

  function chooseLanguage(query, settings) {
    var asked = has(query, "lang") ? matchLanguage(query.lang, true) : null;
    if (asked) return asked;
    var set = settings && settings.language;
    if (typeof set === "string" && has(data.languages, set)) return set;
    var wanted = navigator.languages && navigator.languages.length ?
      navigator.languages : [navigator.language];
    for (var i = 0; i < wanted.length; i++) {
      var code = matchLanguage(wanted[i], false);
      if (code) return code;
    }
    return "en";
  }

  function speak(code) {
    document.documentElement.lang = code;
    words = code !== "en" && data.words && data.words[code] || null;
    if (!words) return;
    translate(document.head); // its title and description, parsed before this script
  }

  // A message of the page, in the chosen language (itself where none is known).
  function say(message) {
    var page = words && words.page;
    return page && has(page, message) ? page[message] : message;
  }
  self.solitaireSay = say; // for static/boot.js and static/pwa.js
  var _ = say; // what scripts/pagewords.py's extractor (babel.cfg) looks for

  function squeeze(text) { return text.replace(/\s+/g, " ").trim(); }
  function escapeText(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  function inline(el) {
    return INLINE.indexOf(el.localName) >= 0 && !el.attributes.length &&
      [].every.call(el.childNodes, function (c) { return c.nodeType === 3; });
  }
  // Text and plain inline tags only, with a tag among them: one message.
  function unit(el) {
    var elements = el.children;
    return elements.length > 0 && [].every.call(elements, inline);
  }
  function inner(el) {
    return squeeze([].map.call(el.childNodes, function (c) {
      if (c.nodeType === 3) return escapeText(c.data);
      if (c.nodeType !== 1) return "";
      return "<" + c.localName + ">" + escapeText(c.textContent) + "</" + c.localName + ">";
    }).join(""));
  }

  // `root` and what is in it, by scripts/pagewords.py's rule; the time it takes, summed in
  // self.solitaireTranslateMs (bench/languages.py).
  self.solitaireTranslateMs = 0;
  function translate(root) {
    var start = performance.now();
    try {
      walk(root);
    } finally {
      self.solitaireTranslateMs += performance.now() - start;
    }
  }

  function walk(root) {
    if (!words || !root || translated.has(root)) return;
    if (root.nodeType !== 1) return;
    var tag = root.localName;
    if (tag === "script" || tag === "style" || tag === "svg") return;
    if (root.getAttribute("translate") === "no") return;
    translated.add(root);
    LANG_ATTRS.forEach(function (name) {
      var value = root.getAttribute(name);
      if (value && LETTER.test(value)) root.setAttribute(name, say(squeeze(value)));
    });
    if (tag === "meta" && root.getAttribute("name") === "description") {
      root.setAttribute("content", say(squeeze(root.getAttribute("content") || "")));
    }
    if (unit(root)) {
      var message = inner(root), page = words.page;
      if (has(page, message)) root.innerHTML = page[message]; // the build's own catalogs
      return;
    }
    [].slice.call(root.childNodes).forEach(function (c) {
      if (c.nodeType === 1) walk(c);
      else if (c.nodeType === 3 && LETTER.test(c.data)) {
        var lead = /^\s*/.exec(c.data)[0], tail = /\s*$/.exec(c.data)[0];
        var said = say(squeeze(c.data));
        if (said !== squeeze(c.data)) c.data = lead + said + tail;
      }
    });
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
    if (painting.embed) body.classList.add("embed");
    if (painting.fourColour) body.classList.add("four-colour");
    var select = document.getElementById("game-select");
    if (select) select.value = painting.game;
    var room = { "deal-number": DEAL_DIGITS, "moves-count": MOVES_DIGITS };
    BAR.forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      if (has(painting.bar, id)) el.textContent = painting.bar[id];
      else if (room[id]) reserve(el, room[id]);
    });
    var redeal = document.getElementById("redeal");
    if (redeal && painting.redeal) {
      redeal.querySelector(".label").textContent = say(painting.redeal); // beside its icon
      redeal.hidden = false;
    }
  }

  function drawTable(table) {
    var look = painting.look;
    table.className = look["class"];
    table.dataset.game = painting.game;
    Object.keys(look.props).forEach(function (k) {
      if (look.props[k]) table.style.setProperty(k, look.props[k]);
    });
    table.innerHTML = look.html;
    [].forEach.call(table.children, translate); // the empty table's labels, as Python's
    var cards = table.querySelectorAll(".card");
    if (cards.length !== painting.places.length) { // not the markup the offsets go with
      table.innerHTML = painting.empty;
      [].forEach.call(table.children, translate);
      return;
    }
    // Offsets in pixels: scaled if the cards are another size now (the window is).
    var pile = table.querySelector(".tableau .pile");
    var now = pile ? pile.offsetHeight : 0;
    var scale = painting.height > 0 && now > 0 && Math.abs(now - painting.height) > 0.5 ?
      now / painting.height : 1;
    painting.places.forEach(function (place, i) {
      var m = PLACE.exec(place);
      if (m[1]) cards[i].style.setProperty(m[1], (+m[2] * scale).toFixed(1) + "px");
      else if (m[3] || m[5]) cards[i].style.setProperty(m[3] || m[5], m[4] || m[6]);
    });
  }

  // -- the welcome --------------------------------------------------------------------------

  function greet() {
    var dialog = document.getElementById("welcome");
    translate(dialog);
    document.getElementById("welcome-body").innerHTML =
      words && words.welcome ? words.welcome : data.welcome.html;
    dialog.dataset.painted = "yes"; // Python then keeps it as seen, and does not open it again
    dialog.addEventListener("click", asked);
    dialog.showModal();
  }

  // A game or Rules chosen before Python is up: kept for it, and the welcome closes.
  function asked(e) {
    var button = e.target.closest && e.target.closest("[data-game], #welcome-rules");
    if (ready() || !button) return;
    e.currentTarget.dataset.asked = button.id === "welcome-rules" ? "rules" : button.dataset.game;
    e.currentTarget.close();
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
    if (e.target && e.target.closest && e.target.closest("dialog[open]")) return; // the welcome
    if (e.type === "keydown") {
      var tag = e.target && e.target.tagName ? e.target.tagName.toLowerCase() : "";
      if (e.altKey || tag === "input" || tag === "select" || tag === "textarea") return;
      if (!data || data.keys.indexOf(keyName(e)) < 0) return;
      e.preventDefault();
    }
    echo = !echo; // the same words again are told again (a live region speaks on change)
    line.textContent = _("Starting… one moment") + (echo ? "" : "\u00a0");
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

  var barDone = false, rowDone = false, tableDone = false, greeted = false;

  // The toolbar, and the head's links, in the chosen language (the head is parsed by now).
  function speakBar() {
    if (!words) return;
    translate(document.querySelector("body > header"));
    var manifest = document.querySelector("link[rel=manifest]");
    var code = document.documentElement.lang;
    if (manifest) manifest.setAttribute("href", "static/boot/manifest." + code + ".webmanifest");
  }
  function step() {
    var table = document.getElementById("table");
    if (!table) return; // the toolbar is complete once the table has begun
    if (!barDone) {
      barDone = true;
      safely(speakBar);
      if (painting) safely(drawBar);
      safely(wait, table);
    }
    if (!rowDone && document.getElementById("status-line")) {
      rowDone = true; // what a first frame shows below the table: translated before it
      safely(translate, document.getElementById("elsewhere"));
      safely(translate, document.getElementById("loading"));
    }
    if (!tableDone && (table.nextElementSibling || document.readyState !== "loading")) {
      tableDone = true; // the table's own markup is complete once what follows has begun
      if (painting) safely(drawTable, table);
    }
    // The welcome's markup is complete once its Skip is (its last element).
    if (greeting && !greeted && (document.getElementById("welcome-skip") ||
                                 document.readyState !== "loading")) {
      greeted = true;
      safely(greet);
    }
    if (tableDone && (greeted || !greeting)) observer.disconnect();
  }

  if (data && data.rules && data.tables) safely(function () { painting = choose(); });
  var observer = new MutationObserver(step);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", step);
  document.addEventListener("DOMContentLoaded", function () { safely(translate, document.body); });
  step();
})();
