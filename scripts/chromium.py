"""The chromium that tests/ and bench/ drive through Playwright: Debian's, never one that
`playwright install` would download (nothing can be downloaded here), and its flags."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root (CI too)
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # No calls home: the machine's network is closed and they only add noise and delay.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
