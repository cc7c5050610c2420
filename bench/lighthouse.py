"""Lighthouse scores of the page, served locally with netlify.toml's headers.

    python bench/lighthouse.py [--url-path "/?game=whitehead&deal=1"] [--preset mobile|desktop|both]
                               [--runs 3]

Runs npm's lighthouse (pinned in package.json's devDependencies: 12.2.3, since 13 needs
Node 22) on Debian's chromium (CHROME_PATH) with the flags the tests use, once per preset:
Lighthouse's default mobile emulation (simulated slow 4G and a 4x slower CPU) and its
desktop preset. Each run is a cold load in a new profile; the simulated metrics vary
a lot from run to run (the same page scored 25 and 59 on mobile), so each preset runs
`--runs` times and the run with the median performance score is shown, with every run's
score. Prints the performance, accessibility, best-practices and SEO scores against the
targets (100, 100, 100 and performance >= 90) and, for any category below 100, the audits
that cost it points. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from boot import CHROMIUM, CHROMIUM_ARGS, serve

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
FLAGS = ["--headless=new", *CHROMIUM_ARGS]
CATEGORIES = {"performance": 90, "accessibility": 100, "best-practices": 100, "seo": 100}


def run(url: str, preset: str, out: Path) -> dict[str, Any]:
    command = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        f"--output-path={out}",
        "--quiet",
        f"--chrome-flags={' '.join(FLAGS)}",
        f"--only-categories={','.join(CATEGORIES)}",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    subprocess.run(command, env=env, check=True, timeout=300)
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def costs(report: dict[str, Any], category: str) -> list[str]:
    """The weighted audits of a category that did not score full marks."""
    out = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
            shown = audit.get("displayValue") or ""
            out.append(f"{ref['id']} (score {audit['score']:.2f}, weight {ref['weight']}) {shown}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url-path", default="/?game=whitehead&deal=1")
    parser.add_argument("--preset", choices=["mobile", "desktop", "both"], default="both")
    parser.add_argument("--runs", type=int, default=3, help="per preset (3)")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit("node_modules/.bin/lighthouse is missing: run `npm ci` (make vendor)")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: run `make chromium`")
    presets = ["mobile", "desktop"] if args.preset == "both" else [args.preset]

    reports: dict[str, dict[str, Any]] = {}
    performance: dict[str, list[int]] = {}
    with serve(quiet=True) as origin, tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        for preset in presets:
            runs = [
                run(origin + args.url_path, preset, Path(tmp) / f"{preset}-{i}.json")
                for i in range(args.runs)
            ]
            runs.sort(key=lambda r: r["categories"]["performance"]["score"])
            reports[preset] = runs[len(runs) // 2]
            performance[preset] = [
                round(r["categories"]["performance"]["score"] * 100) for r in runs
            ]

    print(f"Lighthouse {next(iter(reports.values()))['lighthouseVersion']} on {args.url_path}")
    print(f"{'':16}" + "".join(f"{c:>16}" for c in CATEGORIES))
    for preset, report in reports.items():
        scores = [report["categories"][c]["score"] for c in CATEGORIES]
        print(f"{preset:16}" + "".join(f"{round(s * 100):>16}" for s in scores))
    print(f"{'target':16}" + "".join(f"{'>= ' + str(t):>16}" for t in CATEGORIES.values()))
    for preset, scores in performance.items():
        print(f"  {preset} performance in each run: {scores} (the median run is shown)")
    for preset, report in reports.items():
        for category in CATEGORIES:
            for line in costs(report, category):
                print(f"  {preset} {category}: {line}")
        metrics = report["audits"]["metrics"]["details"]["items"][0]
        print(
            f"  {preset} simulated: FCP {metrics['firstContentfulPaint']:,} ms, LCP"
            f" {metrics['largestContentfulPaint']:,} ms, TBT {metrics['totalBlockingTime']:,} ms,"
            f" TTI {metrics['interactive']:,} ms; observed load {metrics['observedLoad']:,} ms"
        )
        for warning in report.get("runWarnings", []):
            print(f"  {preset} warning: {warning}")


if __name__ == "__main__":
    main()
