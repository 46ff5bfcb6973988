"""Lighthouse's mobile run of a first visit: when the game is interactive on a slow
phone, and the accessibility and best-practices scores.

Prints figures; asserts nothing. It builds dist/ (unless --no-build), serves it
on loopback gzipped as a static host does (`wire.py`'s server), and runs
Lighthouse (pinned in `benchmarks/lighthouse/package.json`, installed there by
`npm install` on first use) on Debian's Chromium with its default mobile settings:
simulated slow 4G and a CPU 4 times slower. `--against DIR` serves a second
built site (say, an older commit's dist/) and runs the two in turns, so both
meet the same machine. Targets: interactive within 32 s; accessibility 1.0;
best practices at least 0.9.

    .venv/bin/python benchmarks/lighthouse.py [--no-build] [--runs 3] [--against DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wire import serving  # noqa: E402

from building.browser import CHROMIUM  # noqa: E402
from building.site import built_site  # noqa: E402

TOOL = Path(__file__).resolve().parent / "lighthouse"
TARGET_S = 32.0
CATEGORIES = ("performance", "accessibility", "best-practices")


def lighthouse() -> Path:
    program = TOOL / "node_modules" / ".bin" / "lighthouse"
    if not program.exists():
        # Not `npm ci`: a module of Lighthouse's asks for another one's "latest", which
        # no lock file can stay in step with.
        quiet = ["--no-audit", "--no-fund", "--loglevel=error"]
        subprocess.run(["npm", "install", "--prefix", str(TOOL), *quiet], check=True)
    return program


def run(program: Path, url: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "report.json"
        env = dict(os.environ, CHROME_PATH=str(CHROMIUM))
        subprocess.run(
            [
                str(program), url, "--quiet", "--output=json", f"--output-path={report}",
                "--chrome-flags=--headless=new --no-sandbox",
                f"--only-categories={','.join(CATEGORIES)}", "--max-wait-for-load=120000",
            ],
            check=True,
            env=env,
        )  # fmt: skip
        data = json.loads(report.read_text(encoding="utf-8"))
    audits = data["audits"]
    return {
        "interactive": audits["interactive"]["numericValue"] / 1000,
        "paint": audits["first-contentful-paint"]["numericValue"] / 1000,
        "bytes": audits["total-byte-weight"]["numericValue"],
        "requests": len(audits["network-requests"]["details"]["items"]),
        "scores": {name: data["categories"][name]["score"] for name in CATEGORIES},
        "warnings": [
            audits[ref["id"]]["title"]
            for ref in data["categories"]["best-practices"]["auditRefs"]
            if ref["weight"] and audits[ref["id"]]["score"] not in (None, 1)
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another built site to run in turns")
    args = parser.parse_args(argv)
    program = lighthouse()
    sites = {"game": built_site(rebuild=not args.no_build)}
    if args.against:
        sites["against"] = args.against.resolve()
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    with ExitStack() as stack:
        origins = {name: stack.enter_context(serving(dist))[0] for name, dist in sites.items()}
        for _ in range(args.runs):
            for name, origin in origins.items():
                results[name].append(run(program, origin + "/"))
    print("Lighthouse, mobile (simulated slow 4G, 4x CPU), gzip as a static host serves it:")
    for name, runs in results.items():
        print(f"{name} ({sites[name]}):")
        for r in runs:
            scores = ", ".join(f"{k} {v:.2f}" for k, v in r["scores"].items())
            print(
                f"  interactive {r['interactive']:5.1f} s, first paint {r['paint']:.1f} s,"
                f" {r['bytes'] / 1e6:.2f} MB in {r['requests']} requests; {scores}"
            )
        median = statistics.median(r["interactive"] for r in runs)
        verdict = "met" if median <= TARGET_S else "MISSED"
        print(f"  median interactive {median:.1f} s (target {TARGET_S:.0f} s: {verdict})")
        for warning in sorted({w for r in runs for w in r["warnings"]}):
            print(f"  best practices: {warning}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
