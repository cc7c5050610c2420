// An IndexedDB kept in memory, for a page whose browser gives it no storage: a third-party
// iframe (Chromium denies it IndexedDB and localStorage), a privacy mode, a site whose data
// the player has blocked. PyScript 0.7.31 opens IndexedDB at every boot (its package cache,
// @webreflection/idb-map) and never starts when that fails; static/idb-guard.js puts this
// in its place then, and only then. Nothing the game keeps lives here (its saved game is
// in localStorage, game/ui/store.py), and everything here is gone with the page.
//
// What a key-value store needs, and nothing silently wrong: databases with versions and
// upgrades; object stores with out-of-line keys; transactions that run their requests in
// order, one task each, complete when none is left, and roll back on abort; get, getKey,
// getAll, getAllKeys, count, put, add, delete, clear. Values and keys are structured
// clones, as in IndexedDB. Key paths, auto-increment keys, key ranges, indexes and cursors
// throw NotSupportedError; events do not bubble from a request to its transaction.

const databases = new Map(); // name -> {version, stores: Map<store name, Map<code, [key, value]>>}

function fail(name, message) {
  return new DOMException(message, name);
}

function unsupported(what) {
  return fail("NotSupportedError", `the in-memory IndexedDB has no ${what}`);
}

// One queue of tasks (not setTimeout: no 4 ms clamp); each request gets a task of its own,
// so promise callbacks of one request run before the next, as in IndexedDB.
const tasks = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => tasks.shift()();
function later(fn) {
  tasks.push(fn);
  channel.port2.postMessage(null);
}

// -- keys: numbers < dates < strings < binary < arrays, as IndexedDB orders them ------------

function kind(key) {
  if (typeof key === "number") return Number.isNaN(key) ? null : 1;
  if (key instanceof Date) return Number.isNaN(key.getTime()) ? null : 2;
  if (typeof key === "string") return 3;
  if (ArrayBuffer.isView(key) || key instanceof ArrayBuffer) return 4;
  if (Array.isArray(key)) return key.every((k) => kind(k) !== null) ? 5 : null;
  return null;
}

function bytes(key) {
  return key instanceof ArrayBuffer
    ? new Uint8Array(key)
    : new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
}

function compare(a, b) {
  const ka = kind(a), kb = kind(b);
  if (ka === null || kb === null) throw fail("DataError", "not a valid key");
  if (ka !== kb) return ka < kb ? -1 : 1;
  if (ka === 4) [a, b] = [Array.from(bytes(a)), Array.from(bytes(b))];
  if (ka === 4 || ka === 5) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = ka === 4 ? Math.sign(a[i] - b[i]) : compare(a[i], b[i]);
      if (c) return c;
    }
    return Math.sign(a.length - b.length);
  }
  if (ka === 2) [a, b] = [a.getTime(), b.getTime()];
  return a < b ? -1 : a > b ? 1 : 0;
}

// The Map key of an IndexedDB key: equal keys, equal codes.
function code(key) {
  switch (kind(key)) {
    case 1: return "n" + (key === 0 ? 0 : key);
    case 2: return "d" + key.getTime();
    case 3: return "s" + key;
    case 4: return "b" + bytes(key).join(",");
    case 5: return "a" + JSON.stringify(key.map(code));
    default: throw fail("DataError", "not a valid key (a key range? they are not supported)");
  }
}

function only(query) {
  return query === undefined || query === null ? null : code(query);
}

// -- events ---------------------------------------------------------------------------------

// `on<type>` properties work as in the DOM: own, enumerable, called during the dispatch.
class Target extends EventTarget {
  constructor(types) {
    super();
    for (const type of types) {
      this["on" + type] = null;
      this.addEventListener(type, (event) => {
        const handler = this["on" + type];
        if (typeof handler === "function") handler.call(this, event);
      });
    }
  }
}

function fire(target, type, extra = {}) {
  const event = new Event(type, { cancelable: type === "error" });
  for (const [name, value] of Object.entries(extra)) {
    Object.defineProperty(event, name, { value, enumerable: true });
  }
  target.dispatchEvent(event);
  return event;
}

function names(list) {
  const sorted = [...list].sort();
  sorted.contains = (name) => sorted.includes(name);
  sorted.item = (i) => sorted[i] ?? null;
  return sorted;
}

class Request extends Target {
  constructor(source, transaction, types = ["success", "error"]) {
    super(types);
    this.source = source;
    this.transaction = transaction;
    this.readyState = "pending";
    this.result = undefined;
    this.error = null;
  }
}

// -- transactions ---------------------------------------------------------------------------

class Transaction extends Target {
  constructor(db, storeNames, mode) {
    super(["complete", "error", "abort"]);
    this.db = db;
    this.mode = mode;
    this.durability = "default";
    this.error = null;
    this.objectStoreNames = names(storeNames);
    this._queue = [];
    this._state = "active"; // then "done"
    this._saved = new Map(); // store name -> its data before this transaction wrote to it
    this._scheduled = false;
    this._then = null; // the open request's follow-up, for an upgrade
    this._step();
  }

  objectStore(name) {
    if (this._state !== "active") throw fail("InvalidStateError", "the transaction has finished");
    if (!this.objectStoreNames.contains(name) || !this.db._data.stores.has(name)) {
      throw fail("NotFoundError", `no object store named ${name} in this transaction`);
    }
    return new ObjectStore(this, name);
  }

  abort() {
    if (this._state !== "active") throw fail("InvalidStateError", "the transaction has finished");
    this._abort(fail("AbortError", "the transaction was aborted"), false);
  }

  commit() {
    if (this._state !== "active") throw fail("InvalidStateError", "the transaction has finished");
  }

  _request(source, op) {
    if (this._state !== "active") {
      throw fail("TransactionInactiveError", "the transaction has finished");
    }
    const request = new Request(source, this);
    this._queue.push([request, op]);
    this._step();
    return request;
  }

  _write(name) {
    if (this._state !== "active") {
      throw fail("TransactionInactiveError", "the transaction has finished");
    }
    if (this.mode === "readonly") throw fail("ReadOnlyError", "the transaction is read-only");
    const stores = this.db._data.stores;
    if (!this._saved.has(name)) this._saved.set(name, new Map(stores.get(name)));
  }

  _step() {
    if (this._scheduled) return;
    this._scheduled = true;
    later(() => {
      this._scheduled = false;
      if (this._state !== "active") return;
      const next = this._queue.shift();
      if (!next) return this._finish();
      const [request, op] = next;
      request.readyState = "done";
      try {
        request.result = op();
        fire(request, "success");
      } catch (error) {
        request.error = error;
        if (!fire(request, "error").defaultPrevented) this._abort(error, true);
      }
      if (this._state === "active") this._step();
    });
  }

  _finish() {
    this._state = "done";
    this._saved.clear();
    fire(this, "complete");
    if (this._then) this._then(null);
  }

  _abort(error, fromRequest) {
    this._state = "done";
    this.error = fromRequest ? error : null;
    const stores = this.db._data.stores;
    for (const [name, data] of this._saved) stores.set(name, data);
    this._saved.clear();
    for (const [request] of this._queue.splice(0)) {
      request.readyState = "done";
      request.error = fail("AbortError", "the transaction was aborted");
      fire(request, "error");
    }
    later(() => {
      fire(this, "abort");
      if (this._then) this._then(error);
    });
  }
}

class ObjectStore {
  constructor(transaction, name) {
    this.transaction = transaction;
    this.name = name;
    this.keyPath = null;
    this.autoIncrement = false;
    this.indexNames = names([]);
  }

  _data() {
    const data = this.transaction.db._data.stores.get(this.name);
    if (!data) throw fail("InvalidStateError", `the object store ${this.name} was deleted`);
    return data;
  }

  _sorted(query, count) {
    const wanted = only(query);
    let rows = [...this._data().entries()]
      .filter(([c]) => wanted === null || c === wanted)
      .map(([, row]) => row)
      .sort((a, b) => compare(a[0], b[0]));
    if (count) rows = rows.slice(0, count);
    return rows;
  }

  _store(value, key, adding) {
    if (key === undefined) throw fail("DataError", "an out-of-line key is needed");
    const c = code(key);
    const row = [structuredClone(key), structuredClone(value)];
    const tx = this.transaction;
    tx._write(this.name);
    return tx._request(this, () => {
      if (adding && this._data().has(c)) throw fail("ConstraintError", "the key already exists");
      tx._write(this.name);
      this._data().set(c, row);
      return structuredClone(row[0]);
    });
  }

  put(value, key) {
    return this._store(value, key, false);
  }

  add(value, key) {
    return this._store(value, key, true);
  }

  get(key) {
    const c = code(key);
    return this.transaction._request(this, () => {
      const row = this._data().get(c);
      return row && structuredClone(row[1]);
    });
  }

  getKey(key) {
    const c = code(key);
    return this.transaction._request(this, () => {
      const row = this._data().get(c);
      return row && structuredClone(row[0]);
    });
  }

  getAll(query, count) {
    only(query);
    return this.transaction._request(this, () =>
      this._sorted(query, count).map((row) => structuredClone(row[1])));
  }

  getAllKeys(query, count) {
    only(query);
    return this.transaction._request(this, () =>
      this._sorted(query, count).map((row) => structuredClone(row[0])));
  }

  count(query) {
    only(query);
    return this.transaction._request(this, () => this._sorted(query).length);
  }

  delete(key) {
    const c = code(key);
    this.transaction._write(this.name);
    return this.transaction._request(this, () => {
      this._data().delete(c);
      return undefined;
    });
  }

  clear() {
    this.transaction._write(this.name);
    return this.transaction._request(this, () => {
      this._data().clear();
      return undefined;
    });
  }

  index() { throw unsupported("indexes"); }
  createIndex() { throw unsupported("indexes"); }
  deleteIndex() { throw unsupported("indexes"); }
  openCursor() { throw unsupported("cursors"); }
  openKeyCursor() { throw unsupported("cursors"); }
}

// -- databases ------------------------------------------------------------------------------

class Database extends Target {
  constructor(name, data) {
    super(["abort", "close", "error", "versionchange"]);
    this.name = name;
    this._data = data;
    this._upgrade = null; // the versionchange transaction while it runs
    this._closed = false;
  }

  get version() {
    return this._data.version;
  }

  get objectStoreNames() {
    return names(this._data.stores.keys());
  }

  createObjectStore(name, options = {}) {
    const tx = this._upgrade;
    if (!tx || tx._state !== "active") {
      throw fail("InvalidStateError", "object stores are made in an upgrade only");
    }
    if (options.keyPath !== undefined && options.keyPath !== null) throw unsupported("key paths");
    if (options.autoIncrement) throw unsupported("auto-increment keys");
    name = String(name);
    if (this._data.stores.has(name)) throw fail("ConstraintError", `${name} already exists`);
    this._data.stores.set(name, new Map());
    tx.objectStoreNames = names(this._data.stores.keys());
    return new ObjectStore(tx, name);
  }

  deleteObjectStore(name) {
    const tx = this._upgrade;
    if (!tx || tx._state !== "active") {
      throw fail("InvalidStateError", "object stores are deleted in an upgrade only");
    }
    if (!this._data.stores.delete(String(name))) throw fail("NotFoundError", `no ${name}`);
    tx.objectStoreNames = names(this._data.stores.keys());
  }

  transaction(storeNames, mode = "readonly") {
    if (this._closed) throw fail("InvalidStateError", "the database connection is closed");
    if (this._upgrade) throw fail("InvalidStateError", "an upgrade is running");
    if (mode !== "readonly" && mode !== "readwrite") {
      throw new TypeError(`transaction mode ${mode} is not readonly or readwrite`);
    }
    const list = typeof storeNames === "string" ? [storeNames] : [...storeNames];
    if (!list.length) throw fail("InvalidAccessError", "a transaction needs an object store");
    for (const name of list) {
      if (!this._data.stores.has(name)) throw fail("NotFoundError", `no object store ${name}`);
    }
    return new Transaction(this, list, mode);
  }

  close() {
    this._closed = true;
  }
}

function copyOf(data) {
  const stores = new Map([...data.stores].map(([name, rows]) => [name, new Map(rows)]));
  return { version: data.version, stores };
}

class Factory {
  open(name, version) {
    name = String(name);
    if (version !== undefined && !(Number.isInteger(version) && version >= 1)) {
      throw new TypeError("the version must be a whole number from 1");
    }
    const request = new Request(null, null, ["success", "error", "blocked", "upgradeneeded"]);
    later(() => {
      const known = databases.get(name);
      const old = known ? known.version : 0;
      const wanted = version ?? (old || 1);
      request.readyState = "done";
      if (wanted < old) {
        request.error = fail("VersionError", `${name} is at version ${old}, not ${wanted}`);
        fire(request, "error");
        return;
      }
      const data = known ?? { version: 0, stores: new Map() };
      databases.set(name, data);
      const db = new Database(name, data);
      request.result = db;
      if (wanted === old) {
        fire(request, "success");
        return;
      }
      const before = copyOf(data);
      data.version = wanted;
      const tx = new Transaction(db, data.stores.keys(), "versionchange");
      db._upgrade = tx;
      request.transaction = tx;
      tx._then = (error) => {
        db._upgrade = null;
        request.transaction = null;
        if (error === null) {
          fire(request, "success");
          return;
        }
        data.version = before.version;
        data.stores = before.stores;
        if (!known) databases.delete(name);
        db._closed = true;
        request.result = undefined;
        request.error = fail("AbortError", "the upgrade was aborted");
        fire(request, "error");
      };
      fire(request, "upgradeneeded", { oldVersion: old, newVersion: wanted });
    });
    return request;
  }

  deleteDatabase(name) {
    name = String(name);
    const request = new Request(null, null, ["success", "error", "blocked"]);
    later(() => {
      const known = databases.get(name);
      databases.delete(name);
      request.readyState = "done";
      fire(request, "success", { oldVersion: known ? known.version : 0, newVersion: null });
    });
    return request;
  }

  databases() {
    return Promise.resolve([...databases].map(([name, data]) => ({ name, version: data.version })));
  }

  cmp(a, b) {
    return compare(a, b);
  }
}

export const indexedDB = new Factory();
