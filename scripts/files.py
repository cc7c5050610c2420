"""Rewrite the [files] list of pyscript.toml from the .py files under game/ (make files).

The page ships the engine as source files; a test fails when this list is stale.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = "[files]\n"


def main() -> None:
    config = ROOT / "pyscript.toml"
    text = config.read_text()
    head, _, _ = text.partition(HEADER)
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py"))
    lines = [
        "# The engine and its UI ship as source files, mounted into Pyodide's file system so",
        "# that `import game` works. Every file of game/ is listed: `make files` rewrites this.",
        *(f'"./{f}" = "./{f}"' for f in files),
    ]
    config.write_text(head + HEADER + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
