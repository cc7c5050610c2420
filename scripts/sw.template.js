// The service worker: the whole site, precached under one version, for offline play.
// scripts/build.py fills in VERSION (a hash of every shipped file) and FILES (their URLs,
// relative to this script; "./" is the page) and writes sw.js; static/pwa.js registers it.
//
// install:  precache every file into a cache named after VERSION (no skipWaiting: a new
//           version waits until the player accepts "New version — reload", static/pwa.js);
//           a .gz file is kept inflated, under its name without ".gz".
// activate: delete this app's other caches, take control of open pages.
// fetch:    a precached file comes from the cache (the page whatever its query string,
//           e.g. ?game=linus&deal=3); any other navigation tries the network, then the
//           cached page; everything else goes to the network untouched.
"use strict";

const VERSION = "__VERSION__";
const FILES = ["__FILES__"];

const PREFIX = `solitaire ${self.registration.scope} `; // this app's caches, at this scope
const CACHE = PREFIX + VERSION;
const PAGE = new URL("./", self.location).href;
const INDEX = new URL("index.html", self.location).href;
const PRECACHED = new Set(FILES.map((file) => new URL(file, self.location).href));

async function precache(cache, file) {
  const url = new URL(file, self.location).href;
  if (url.endsWith(".gz")) return inflated(cache, url);
  // The HTTP cache may answer: the vendored runtime is immutable (versioned folders) and
  // everything else is served no-cache, so it is revalidated.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`precache: ${file}: HTTP ${response.status}`);
  // A redirected response cannot answer a navigation: keep a clean copy of it.
  const clean = response.redirected
    ? new Response(await response.blob(), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    : response;
  await cache.put(url, clean);
}

// A .gz file (the memory snapshot, static/boot/snapshot.bin.gz) travels packed and is kept
// unpacked, under its name without ".gz": a return visit reads it at once, where inflating
// 31 MB would cost it a tenth of a second (static/start.mjs checks its size and SHA-256).
async function inflated(cache, url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`precache: ${url}: HTTP ${response.status}`);
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = await new Response(body).arrayBuffer();
  const headers = { "Content-Type": "application/octet-stream" };
  await cache.put(url.slice(0, -".gz".length), new Response(bytes, { headers }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(FILES.map((file) => precache(cache, file)))),
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

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skipWaiting") self.skipWaiting();
});

let opened = null; // this version's cache, opened once: a page's start asks it ~30 times

async function cached(key, request) {
  opened ??= caches.open(CACHE);
  const hit = await (await opened).match(key);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const bare = url.origin + url.pathname;
  if (bare === PAGE || bare === INDEX) {
    event.respondWith(cached(PAGE, request));
  } else if (PRECACHED.has(url.href)) {
    event.respondWith(cached(url.href, request));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => cached(PAGE, request)));
  }
});
