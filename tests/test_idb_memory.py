"""The in-memory IndexedDB static/idb-guard.js puts in place where storage is denied
(fake-indexeddb, vendored into static/vendor/ by scripts/vendor.py) against chromium's own:
the same script, run on each, must see the same results (what PyScript uses, and what a
key-value store needs)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent

# Runs on `idb` (a factory) and returns what it saw, as JSON. Every step waits for its
# events, so the order of the log is the order IndexedDB promises.
SCENARIO = """async ([memory, name]) => {
  const idb = memory ? (await import(memory)).indexedDB : indexedDB;
  const log = [];
  const show = (v) => v instanceof Date ? 'D' + v.getTime()
    : Array.isArray(v) ? v.map(show) : v === undefined ? 'undefined' : v;
  const ask = (request, extra = () => ({})) => new Promise((done) => {
    request.onsuccess = (e) => done({ok: show(request.result), ...extra(e)});
    request.onerror = (e) => { e.preventDefault(); done({error: request.error.name}); };
  });
  const finished = (tx) => new Promise((done) => {
    tx.oncomplete = () => done('complete');
    tx.onabort = () => done('abort ' + (tx.error ? tx.error.name : null));
  });
  const sync = (fn) => { try { fn(); return 'no error'; } catch (e) { return e.name; } };

  // Open: an upgrade from 0 to 1 creates the store, then success.
  let db;
  const first = idb.open(name, 1);
  first.onupgradeneeded = (e) => {
    log.push(['upgrade', e.oldVersion, e.newVersion, first.transaction.mode]);
    e.target.result.createObjectStore('s');
    log.push(['stores in upgrade', [...e.target.result.objectStoreNames]]);
  };
  db = (await ask(first)).ok && first.result;
  log.push(['opened', db.version, [...db.objectStoreNames], db.objectStoreNames.contains('s')]);

  // Writes, in one transaction: keys of every kind, an overwrite, an add that fails.
  let tx = db.transaction('s', 'readwrite');
  const done = finished(tx);
  let store = tx.objectStore('s');
  for (const [key, value] of [[3, 'three'], [-1, {n: -1}], ['b', [1, 2]], ['a', 'A'],
                               [[1, 'x'], 'array'], [new Date(5), 'date'], [3, 'THREE']]) {
    log.push(['put', await ask(store.put(value, key))]);
  }
  log.push(['add existing', await ask(store.add('again', 'a'))]);
  log.push(['add new', await ask(store.add('new', 'c'))]);
  log.push(['tx', await done]);

  // Reads.
  tx = db.transaction(['s']);
  store = tx.objectStore('s');
  log.push(['keys', await ask(store.getAllKeys())]);
  log.push(['values', await ask(store.getAll())]);
  log.push(['two values', await ask(store.getAll(undefined, 2))]);
  log.push(['count', await ask(store.count())]);
  log.push(['count one', await ask(store.count('a'))]);
  log.push(['get', await ask(store.get(3))]);
  log.push(['get missing', await ask(store.get('zz'))]);
  log.push(['getKey', await ask(store.getKey('b'))]);
  log.push(['getKey missing', await ask(store.getKey('zz'))]);
  log.push(['read-only put', sync(() => store.put('x', 'y'))]);
  log.push(['bad key', sync(() => store.get({}))]);
  log.push(['no store', sync(() => db.transaction('nope'))]);
  log.push(['store outside upgrade', sync(() => db.createObjectStore('t'))]);
  await finished(tx);
  log.push(['after the end', sync(() => store.get(3))]);

  // Values are copies.
  const value = {list: [1]};
  tx = db.transaction('s', 'readwrite');
  store = tx.objectStore('s');
  const put = ask(store.put(value, 'v'));
  value.list.push(2);
  await put;
  log.push(['copy', await ask(store.get('v'))]);
  log.push(['copy tx', await finished(tx)]);

  // Abort rolls back, and tells pending requests.
  tx = db.transaction('s', 'readwrite');
  store = tx.objectStore('s');
  const aborted = finished(tx);
  log.push(['put before abort', await ask(store.put('gone', 'k'))]);
  const pending = ask(store.delete('a'));
  tx.abort();
  log.push(['pending', await pending]);
  log.push(['aborted', await aborted]);
  tx = db.transaction('s');
  log.push(['rolled back', await ask(tx.objectStore('s').get('k')),
            await ask(tx.objectStore('s').get('a'))]);

  // A failed request not prevented aborts its transaction.
  tx = db.transaction('s', 'readwrite');
  const failed = finished(tx);
  tx.objectStore('s').put('kept?', 'w');
  tx.objectStore('s').add('dup', 'a');
  log.push(['failed', await failed]);

  // Delete and clear.
  tx = db.transaction('s', 'readwrite');
  store = tx.objectStore('s');
  log.push(['delete', await ask(store.delete('a')), await ask(store.count())]);
  log.push(['clear', await ask(store.clear()), await ask(store.count())]);
  await finished(tx);
  db.close();
  log.push(['closed', sync(() => db.transaction('s'))]);

  // Versions: the same again, none given, an upgrade, then too low.
  const again = idb.open(name, 1);
  again.onupgradeneeded = () => log.push(['unexpected upgrade']);
  log.push(['reopen', (await ask(again)).ok && again.result.version]);
  again.result.close();
  const any = idb.open(name);
  log.push(['no version', (await ask(any)).ok && any.result.version]);
  any.result.close();
  const up = idb.open(name, 2);
  up.onupgradeneeded = (e) => {
    log.push(['upgrade', e.oldVersion, e.newVersion, [...up.result.objectStoreNames]]);
    up.result.deleteObjectStore('s');
    up.result.createObjectStore('t');
  };
  log.push(['v2', (await ask(up)).ok && [up.result.version, [...up.result.objectStoreNames]]]);
  up.result.close();
  log.push(['too low', await ask(idb.open(name, 1))]);
  log.push(['version 0', sync(() => idb.open(name, 0))]);
  log.push(['deleted', await ask(idb.deleteDatabase(name), (e) => ({old: e.oldVersion}))]);
  const fresh = idb.open(name);
  fresh.onupgradeneeded = (e) => log.push(['fresh upgrade', e.oldVersion, e.newVersion]);
  log.push(['fresh', (await ask(fresh)).ok && fresh.result.version]);
  fresh.result.close();

  // Key order: numbers < dates < strings < binary < arrays.
  const keys = [[1], 'a', new Date(0), 2, new Uint8Array([1]), -Infinity, 'B', [0, 'z']];
  log.push(['cmp', keys.map((a) => keys.map((b) => idb.cmp(a, b)))]);
  return log;
}"""


# The module static/idb-guard.js loads in IndexedDB's place (fake-indexeddb, vendored).
GUARD = (ROOT / "static" / "idb-guard.js").read_text()
MODULE = re.search(r'await import\("\./(vendor/fake-indexeddb-[\d.]+/index\.js)"\)', GUARD)


def run(page: Page, memory: str | None) -> list[Any]:
    log: list[Any] = page.evaluate(SCENARIO, [memory, "scenario"])
    return log


def test_the_guard_loads_the_vendored_fake_indexeddb() -> None:
    assert MODULE is not None
    version = json.loads((ROOT / "package.json").read_text())["dependencies"]["fake-indexeddb"]
    assert MODULE.group(1) == f"vendor/fake-indexeddb-{version}/index.js"
    assert (ROOT / "static" / MODULE.group(1)).is_file()


@pytest.mark.browser
def test_the_in_memory_indexeddb_behaves_like_chromiums(page: Page, server_url: str) -> None:
    assert MODULE is not None
    # Any page of the site will do (the scenario imports the module); a script shown as text
    # has no icon link, so the browser would ask for /favicon.ico.
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto("/static/idb-guard.js")
    module = "/static/" + MODULE.group(1)
    assert page.evaluate("async (m) => (await import(m)).indexedDB !== indexedDB", module)
    native = run(page, memory=None)
    memory = run(page, memory=module)
    for want, got in zip(native, memory, strict=True):
        assert got == want
    assert ["tx", "complete"] in native
    assert ["aborted", "abort null"] in native
    assert ["too low", {"error": "VersionError"}] in native
