// The start-up files the page boots from, made in Node with the vendored Pyodide
// (scripts/startup.py runs this; see its docstring for the whole picture).
//
//   node scripts/snapshot.mjs stdlib   PYODIDE_DIR GAME_PARENT OUT.zip  MODULE...
//   node scripts/snapshot.mjs snapshot PYODIDE_DIR STDLIB.zip  OUT.bin  MODULE...
//
// stdlib:   imports MODULE... (the page's own and the game's) from the full standard library
//           with GAME_PARENT on sys.path, then writes OUT.zip: every standard-library module
//           that import pulled in, and the engine's files $SNAPSHOT_GAME lists (JSON).
// snapshot: boots Pyodide on STDLIB.zip, imports MODULE..., runs $SNAPSHOT_WARM if set,
//           and writes the memory image.
//
// Both are reproducible: everything that seeds from the clock or the system's randomness
// (the allocator's key, `random`, the hash seed, argv) is fixed while they run, so the
// same inputs give the same bytes (tests/test_startup.py builds twice and compares).
import { writeFileSync } from "node:fs";
import nodeCrypto from "node:crypto";
import { pathToFileURL } from "node:url";

// An error's one line, last (scripts/startup.py reports the last line of stderr): Node's own
// report would end with a line of Pyodide's minified source instead. A JS object held by a
// module at import gives "Can't serialize object": make it on first use instead.
process.on("uncaughtException", (e) => {
  console.error(`snapshot.mjs: ${String(e?.message ?? e).trim().split("\n").pop()}`);
  process.exit(1);
});

const [mode, pyodideDir, input, output, ...modules] = process.argv.slice(2);
if (!["stdlib", "snapshot"].includes(mode) || !output) {
  console.error("usage: node scripts/snapshot.mjs stdlib|snapshot PYODIDE_DIR INPUT OUTPUT MODULE...");
  process.exit(2);
}

// Fixed before Pyodide's modules are even loaded: Emscripten reads argv[1] as the program
// name and draws randomness from node:crypto; dlmalloc seeds from the clock.
process.argv[1] = "solitaire";
let state = 0x2545f491;
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return view;
};
let tick = 0;
Date.now = () => 1767225600000 + tick++; // 2026-01-01, one ms a call
let clock = 0;
performance.now = () => (clock += 0.25);

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
// The page sets the same (static/start.mjs): the two boots must hash alike.
const ENV = { PYTHONHASHSEED: "0" };

// Run in Pyodide by `stdlib`: what to keep, and how to write it. Standard-library sources
// go in without their docstrings and comments (as Python's -OO drops docstrings: a third
// of the bytes), the engine's as they are, so that its tracebacks match the repository.
const STDLIB = `
import ast, importlib, io, sys, zipfile
ZIP = next(p for p in sys.path if p.endswith('.zip'))
for name in MODULES:
    importlib.import_module(name)
kept = sorted({
    where[len(ZIP) + 1:]
    for module in list(sys.modules.values())
    if (where := getattr(module, '__file__', None) or '').startswith(ZIP + '/')
})
source = zipfile.ZipFile(ZIP)
DATE = (2026, 1, 1, 0, 0, 0)

def bare(text):
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                body[0] = ast.Pass() if len(body) == 1 else None
                node.body = [n for n in body if n is not None]
    out = ast.unparse(tree) + '\\n'
    compile(out, 'check', 'exec', dont_inherit=True)
    return out.encode()

def put(out, name, data):
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    out.writestr(info, data, compresslevel=9)

buffer = io.BytesIO()
with zipfile.ZipFile(buffer, 'w') as out:
    for rel in kept:
        if not rel.startswith('game/'):
            put(out, rel, bare(source.read(rel)))
    for rel in sorted(GAME_FILES):
        put(out, rel, open(GAME_ROOT + '/' + rel, 'rb').read())
result = buffer.getvalue()
`;

async function stdlib() {
  const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: ENV });
  const root = "/build";
  pyodide.FS.mkdirTree(root);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: input }, root);
  const files = JSON.parse(process.env.SNAPSHOT_GAME || "[]");
  const globals = pyodide.toPy({ MODULES: modules, GAME_FILES: files, GAME_ROOT: root });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(root)})`);
  pyodide.runPython(STDLIB, { globals });
  writeFileSync(output, globals.get("result").toJs());
}

async function snapshot() {
  const pyodide = await loadPyodide({
    indexURL: `${pyodideDir}/`,
    stdLibURL: input,
    env: ENV,
    _makeSnapshot: true,
  });
  pyodide.runPython(`import importlib\nfor name in ${JSON.stringify(modules)}: importlib.import_module(name)`);
  // Then what the caller asks to run once, so that its caches are in the image too.
  if (process.env.SNAPSHOT_WARM) pyodide.runPython(process.env.SNAPSHOT_WARM);
  writeFileSync(output, pyodide.makeMemorySnapshot());
}

await (mode === "stdlib" ? stdlib() : snapshot());

