"""Render the app icons (PNG) from static/icons/icon.svg with headless Chromium.

    .venv/bin/python scripts/icons.py

The PNGs are committed (browsers and the manifest want exact pixel sizes); rerun after
changing the SVG. The maskable icon keeps the art inside the central 80% safe zone.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name, size, pad in (
            ("icon-192.png", 192, 0),
            ("icon-512.png", 512, 0),
            ("maskable-512.png", 512, 0.12),
            ("apple-touch-icon.png", 180, 0),
        ):
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = int(size * (1 - 2 * pad))
            bleed = "#17603a" if pad else "transparent"
            page.set_content(
                f"<body style='margin:0;background:{bleed};display:grid;place-items:center;"
                f"width:{size}px;height:{size}px'><div style='width:{inner}px;height:{inner}px'>"
                f"{svg.replace('<svg ', '<svg width=100% height=100% ', 1)}</div></body>"
            )
            page.screenshot(path=str(ICONS / name), omit_background=not pad)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
