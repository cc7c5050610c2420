// The service worker: the whole site, precached under one version, for offline play.
// scripts/build.py fills in VERSION (a hash of every shipped file), FILES (their URLs,
// relative to this script; "./" is the page) and STORED (what each file's cache entry
// holds: its size in bytes and SHA-256) and writes sw.js; static/pwa.js registers it.
//
// install:  precache every file into a cache named after VERSION (no skipWaiting: a new
//           version waits until the player accepts "New version — reload", static/pwa.js);
//           a .gz file is kept inflated, under its name without ".gz".
// activate: delete this app's other caches, take control of open pages.
// fetch:    a precached file comes from the cache (the page whatever its query string,
//           e.g. ?game=linus&deal=3); any other navigation tries the network, then the
//           cached page; everything else goes to the network untouched.
//
// A cache is not forever: the browser may evict it, a disk may damage an entry. So a file
// whose entry is missing, or holds another number of bytes than STORED says (read from
// the entry's blob, without reading its bytes: free on the way out), comes from the
// network instead, and goes back into the cache if its bytes are exactly this version's.
// When the network cannot give it either, the page is told why at once (a message
// static/boot.js shows), and a page that is itself missing is answered by a small page
// saying so. A full check (every entry's SHA-256, ~45 MB: a few hundred ms) runs only
// when a page asks: when its start failed or stalls (static/boot.js), and after a start
// that found something amiss (static/pwa.js); it repairs what the network can give.
"use strict";

const VERSION = "__VERSION__";
const FILES = ["__FILES__"];
const STORED = { __STORED__: [0, ""] };
// The offline page's words in each language, by their English (scripts/catalogs.py).
const WORDS = { __WORDS__: {} };
const PREFIX = `solitaire ${self.registration.scope} `; // this app's caches, at this scope
const CACHE = PREFIX + VERSION;
const N_ = (message) => message; // marks words for the catalogs (babel.cfg)
// The page's language, as it last told it (static/pwa.js, at every load): an entry of this
// version's cache that is no file of the site (the checks look at those alone).
const LANGUAGE = new URL("solitaire-language", self.location).href;

// The language the offline page speaks: the URL's ?lang=, else the page's (remembered in
// the Cache API, where static/pwa.js tells it), else the browser's first we speak.
async function language(request) {
  const known = (tag) => {
    const t = String(tag || "").trim().replace(/_/g, "-");
    if (t.toLowerCase() === "en-xa") return "en-XA";
    const primary = t.split("-")[0].toLowerCase();
    return primary === "en" || WORDS[primary] ? primary : null;
  };
  const asked = known(new URL(request.url).searchParams.get("lang"));
  if (asked) return asked;
  try {
    const told = await (await caches.open(CACHE)).match(LANGUAGE);
    const code = told && known(await told.text());
    if (code) return code;
  } catch {
    // no cache: as the browser says
  }
  return (self.navigator.languages || []).map(known).find(Boolean) || "en";
}

async function remember(code) {
  const cache = await caches.open(CACHE);
  await cache.put(LANGUAGE, new Response(String(code).slice(0, 10)));
}

const PAGE = new URL("./", self.location).href;
const INDEX = new URL("index.html", self.location).href;
const PRECACHED = new Set(FILES.map((file) => new URL(file, self.location).href));
// Cache key (absolute URL) -> [bytes, "sha256-…"], as the entry must hold it.
const EXPECTED = new Map(
  Object.entries(STORED).map(([file, sized]) => [new URL(file, self.location).href, sized]),
);
// static/start.mjs checks the memory snapshot's files itself (sizes and SHA-256 against
// snapshot.json) and starts without them when they are unfit: there a damaged entry costs
// speed, never the start, and the full check that follows such a start repairs it.
const SELF_CHECKED = new Set(
  ["static/boot/snapshot.json", "static/boot/snapshot.bin"].map((f) => new URL(f, self.location).href),
);

// A file as a player may read it: "pyodide.asm.wasm", "main.py".
function shortName(url) {
  return url === PAGE ? "the page" : url.slice(url.lastIndexOf("/") + 1);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let text = "";
  for (const byte of digest) text += String.fromCharCode(byte);
  return "sha256-" + btoa(text);
}

// Whether `bytes` are exactly what this version caches under `key`.
async function exact(key, bytes) {
  const [size, integrity] = EXPECTED.get(key) || [-1, ""];
  return bytes.byteLength === size && (await sha256(bytes)) === integrity;
}

// A file fetched for the cache, as it is kept there: a .gz file inflated (the memory
// snapshot, static/boot/snapshot.bin.gz, is kept as snapshot.bin: a return visit reads it
// at once, where inflating 31 MB would cost it a tenth of a second).
async function download(url) {
  // The HTTP cache may answer: the vendored runtime is immutable (versioned folders) and
  // everything else is served no-cache, so it is revalidated.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${shortName(url)}: HTTP ${response.status}`);
  if (url.endsWith(".gz")) {
    const body = response.body.pipeThrough(new DecompressionStream("gzip"));
    const bytes = await new Response(body).arrayBuffer();
    const headers = { "Content-Type": "application/octet-stream" };
    return [url.slice(0, -".gz".length), new Response(bytes, { headers })];
  }
  // A redirected response cannot answer a navigation: keep a clean copy of it.
  const clean = response.redirected
    ? new Response(await response.blob(), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    : response;
  return [url, clean];
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        FILES.map(async (file) => {
          const [key, response] = await download(new URL(file, self.location).href);
          await cache.put(key, response);
        }),
      ),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

let opened = null; // this version's cache, opened once: a page's start asks it ~30 times

// The cache, opened afresh: after an eviction the one held in `opened` is gone.
function reopened() {
  opened = caches.open(CACHE);
  return opened;
}

// Whether an entry holds as many bytes as it should: told by the blob of a second match
// of it, the bytes unread (an entry is a blob; ~0.5 ms), so that the response served is
// the entry itself, untouched (not a clone's stream), as the browser's code caches know
// it. The page, small and the one file whose damage static/boot.js could not report (it
// would not run), is checked whole.
async function fits(cache, key, hit) {
  if (SELF_CHECKED.has(key) || !EXPECTED.has(key)) return true;
  if (key === PAGE) return exact(key, await hit.clone().arrayBuffer());
  const twin = await cache.match(key);
  return !!twin && (await twin.blob()).size === EXPECTED.get(key)[0];
}

// What a navigation gets when the page can come neither from the cache nor the network.
// It keeps the game's failure box (#loading.failed, as static/boot.js draws it).
// In the page's language (language()); `why`'s {network} filled in after translating it.
function unavailablePage(why, network, lang) {
  const _ = (message) => WORDS[lang]?.[message] ?? message;
  const title = _("Solitaire: cannot open offline");
  const text = `${_(why).replace("{network}", network)} ${_("Your game is saved in this browser.")}`;
  const reload = _("Reload");
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0d3b23;
         color: #fff; font: 1.1rem/1.5 system-ui, sans-serif; }
  .loading { display: grid; justify-items: center; gap: 16px; max-width: 36em; margin: 16px;
             text-align: center; }
  button { font: inherit; min-height: 40px; padding: 0 22px; border-radius: 8px; border: none;
           color: #16181a; background: #ffd34d; cursor: pointer; }
</style></head>
<body data-ready="false"><div id="loading" class="loading failed" role="alert">
<span id="loading-text">${text}</span>
<button type="button" onclick="location.reload()">${reload}</button></div></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
    },
  });
}

// Tells the page that `key` could not be had, and why: static/boot.js shows it at once
// (instead of a start that hangs until its time-out).
// `lost`: "missing" or "damaged"; `network`: "offline" or "HTTP 503" and the like. The
// page's icons and manifest are not worth a word: the game plays without them.
async function tell(clientId, key, lost, network) {
  if (/\.(png|svg|webmanifest)$/.test(key)) return;
  const client = clientId && (await self.clients.get(clientId));
  const file = shortName(key);
  if (client) client.postMessage({ type: "solitaire:unavailable", file, lost, network });
}

// Puts the network's response back under `key` if it is exactly this version's file (not,
// say, the next version's, already deployed: that one comes with the next sw.js).
async function repair(key, response) {
  const bytes = await response.arrayBuffer();
  if (!(await exact(key, bytes))) return false;
  const { status, statusText, headers } = response;
  await (await reopened()).put(key, new Response(bytes, { status, statusText, headers }));
  dropped.delete(key);
  return true;
}

// Entries the check (below) found damaged and dropped, not fetched again since: a request
// for one is told "damaged", as it was, not "missing" (a page asks for a file again after
// its first request failed, and the check may have run between the two).
const dropped = new Set();

async function cached(event, key) {
  opened ??= caches.open(CACHE);
  const cache = await opened;
  const hit = await cache.match(key);
  if (hit && (await fits(cache, key, hit))) return hit;
  // Missing (evicted) or damaged: the network, and the cache is mended from it.
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch {
    response = null;
  }
  if (response?.ok) {
    event.waitUntil(repair(key, response.clone()).catch(() => false));
    return response;
  }
  const network = response ? `HTTP ${response.status}` : "offline";
  const lost = hit || dropped.has(key) ? "damaged" : "missing";
  if (request.mode === "navigate") {
    const offline = network === "offline";
    const why = lost === "missing"
      ? (offline
        ? N_("This browser's offline copy of the game is incomplete: its page is missing, and there is no connection to fetch it again. Connect to the internet and reload.")
        : N_("This browser's offline copy of the game is incomplete: its page is missing and could not be fetched again ({network}). Reload to try again."))
      : (offline
        ? N_("This browser's offline copy of the game is incomplete: its page is damaged, and there is no connection to fetch it again. Connect to the internet and reload.")
        : N_("This browser's offline copy of the game is incomplete: its page is damaged and could not be fetched again ({network}). Reload to try again."));
    return unavailablePage(why, network, await language(request));
  }
  event.waitUntil(tell(event.clientId, key, lost, network));
  return response || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const bare = url.origin + url.pathname;
  if (bare === PAGE || bare === INDEX) {
    event.respondWith(cached(event, PAGE));
  } else if (PRECACHED.has(url.href)) {
    event.respondWith(cached(event, url.href));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => cached(event, PAGE)));
  }
});

// -- the full check -----------------------------------------------------------------------

let checking = Promise.resolve(); // one check at a time: the next waits for it

// Every entry of this version's cache against STORED (`sizes`: the sizes alone, from the
// blobs, nearly free; else every byte, hashed), and every missing or damaged entry
// fetched again. A damaged entry that cannot be is dropped: missing, it is fetched on the
// way (and said to be missing when offline), never served. Returns {damaged, repaired}:
// the files' short names.
async function check(sizes) {
  const cache = await reopened();
  const damaged = [];
  for (const [key, [size]] of EXPECTED) {
    const hit = await cache.match(key);
    const ok = hit && (sizes ? (await hit.blob()).size === size : await exact(key, await hit.arrayBuffer()));
    if (!ok) damaged.push(key);
  }
  const repaired = [];
  for (const key of damaged) {
    const file = PRECACHED.has(key) ? key : key + ".gz"; // snapshot.bin comes as .gz
    try {
      const [, response] = await download(file);
      if (await repair(key, response)) repaired.push(key);
    } catch {
      // offline, or the server has moved on: the answer says it was not repaired
    }
    if (!repaired.includes(key)) {
      await cache.delete(key);
      dropped.add(key);
    }
  }
  return { damaged: damaged.map(shortName), repaired: repaired.map(shortName) };
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skipWaiting") self.skipWaiting();
  if (data.type === "language" && typeof data.lang === "string") {
    event.waitUntil(remember(data.lang).catch(() => null));
  }
  if (data.type === "check") {
    checking = checking.catch(() => null).then(() => check(!!data.sizes));
    event.waitUntil(
      checking.then(
        (answer) => event.ports[0]?.postMessage(answer),
        (error) => event.ports[0]?.postMessage({ error: String(error) }),
      ),
    );
  }
});
