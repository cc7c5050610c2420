"""Lighthouse scores of the page, served locally with netlify.toml's headers.

    python bench/lighthouse.py [--url-path "/?game=whitehead&deal=1"] [--preset mobile|desktop|both]
                               [--runs 3]

Runs npm's lighthouse (pinned in package.json's devDependencies: 12.2.3, since 13 needs
Node 22) on Debian's chromium (CHROME_PATH) with the flags the tests use, against the
bench's server (bench/server.py: netlify.toml's headers, bodies gzip-compressed as a
compressing host sends them, so that Lighthouse's simulated network sees production's
transfer sizes; `--identity` for uncompressed), once per preset:
Lighthouse's default mobile emulation (simulated slow 4G and a 4x slower CPU) and its
desktop preset. Each run is a cold load in a new profile; the simulated metrics vary
a lot from run to run (the same page scored 25 and 59 on mobile), so each preset runs
`--runs` times and the run with the median performance score is shown, with every run's
score. Prints the performance, accessibility, best-practices and SEO scores against the
targets of issue #20 (performance >= 90 on desktop and >= 60 on mobile; accessibility, best
practices and SEO 100) and, for any category below 100, the audits that cost it points.
Printed, never asserted.
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

from kit import CHROMIUM, CHROMIUM_ARGS
from server import serve, served_as

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
FLAGS = ["--headless=new", *CHROMIUM_ARGS]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {  # per preset, in CATEGORIES' order
    "mobile": (60, 100, 100, 100),
    "desktop": (90, 100, 100, 100),
}
ATTEMPTS = 2  # per run


def run(url: str, preset: str, out: Path, failures: list[str]) -> dict[str, Any] | None:
    """One Lighthouse run's report, tried twice: Lighthouse sometimes fails to record the
    trace (NO_NAVSTART) on this loaded machine. None (the reasons in ``failures``) if
    neither attempt gave every category a score."""
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
    for _ in range(ATTEMPTS):
        out.unlink(missing_ok=True)
        try:
            done = subprocess.run(command, env=env, timeout=300, capture_output=True, text=True)
        except subprocess.TimeoutExpired:
            failures.append(f"{preset}: a run timed out (300 s)")
            continue
        if done.returncode != 0 or not out.is_file():
            lines = (done.stderr or done.stdout or "no output").strip().splitlines()
            failures.append(f"{preset}: exit code {done.returncode}: {lines[0][:200]}")
            continue
        report: dict[str, Any] = json.loads(out.read_text())
        if all(report["categories"][c]["score"] is not None for c in CATEGORIES):
            return report
        error = report.get("runtimeError") or {}
        failures.append(f"{preset}: {error.get('message', 'a category without a score')}")
    return None


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
    parser.add_argument("--identity", action="store_true", help="send bodies uncompressed")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit("node_modules/.bin/lighthouse is missing: run `npm ci` (make vendor)")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: run `make chromium`")
    presets = ["mobile", "desktop"] if args.preset == "both" else [args.preset]

    reports: dict[str, dict[str, Any]] = {}
    performance: dict[str, list[int]] = {}
    failures: list[str] = []
    with (
        serve(quiet=True, compress=not args.identity) as origin,
        tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp,
    ):
        for preset in presets:
            found = [
                run(origin + args.url_path, preset, Path(tmp) / f"{preset}-{i}.json", failures)
                for i in range(args.runs)
            ]
            runs = sorted(
                (r for r in found if r is not None),
                key=lambda r: float(r["categories"]["performance"]["score"]),
            )
            if runs:
                reports[preset] = runs[len(runs) // 2]
                performance[preset] = [
                    round(r["categories"]["performance"]["score"] * 100) for r in runs
                ]

    for failure in failures:
        print(f"note: a Lighthouse attempt failed: {failure}")
    if not reports:
        print("Lighthouse gave no report (see the notes above)")
        return
    print(f"Lighthouse {next(iter(reports.values()))['lighthouseVersion']} on {args.url_path}")
    print(f"served with {served_as(not args.identity)}")
    print(f"{'':16}" + "".join(f"{c:>16}" for c in CATEGORIES))
    for preset, report in reports.items():
        scores = [round(report["categories"][c]["score"] * 100) for c in CATEGORIES]
        print(f"{preset:16}" + "".join(f"{s:>16}" for s in scores))
        goals = TARGETS[preset]
        print(f"{'  target':16}" + "".join(f"{'>= ' + str(t):>16}" for t in goals))
        missed = [c for c, s, t in zip(CATEGORIES, scores, goals, strict=True) if s < t]
        print(f"  {preset}: " + (f"MISSED {', '.join(missed)}" if missed else "every target ok"))
    for preset, scores in performance.items():
        print(f"  {preset} performance in each run: {scores} (the median run is shown)")
    for preset, report in reports.items():
        for category in CATEGORIES:
            for line in costs(report, category):
                print(f"  {preset} {category}: {line}")
        items = (report["audits"]["metrics"].get("details") or {}).get("items") or [{}]
        shown = {
            "FCP": "firstContentfulPaint",
            "LCP": "largestContentfulPaint",
            "TBT": "totalBlockingTime",
            "TTI": "interactive",
        }
        simulated = ", ".join(f"{k} {items[0].get(v, 0):,} ms" for k, v in shown.items())
        print(
            f"  {preset} simulated: {simulated}; observed load {items[0].get('observedLoad', 0):,} ms"
        )
        for warning in report.get("runWarnings", []):
            print(f"  {preset} warning: {warning}")


if __name__ == "__main__":
    main()
