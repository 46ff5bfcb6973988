"""First paint on a slow connection: how soon the loading screen shows.

Prints figures; asserts nothing. It builds dist/ (unless --no-build), serves it on
loopback and opens the game in fresh Chromium contexts whose network is slowed by
Chromium's own emulation (about 1.6 Mbit/s down, 150 ms latency: a slow mobile
connection), then reads the page's first contentful paint and which of the files
it fetched blocked rendering. The runtime (megabytes) keeps downloading long after;
the target (table issue) is a first contentful paint within 1.5 s, with only what
the loading screen needs blocking it.

    .venv/bin/python benchmarks/paint.py [--runs 5] [--kbps 1600] [--latency 150] [--no-build]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from render import serving  # noqa: E402

from building import folders  # noqa: E402
from building.browser import chromium_options  # noqa: E402
from building.site import build_site  # noqa: E402

TARGET_MS = 1500.0

READ = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const blocking = performance.getEntriesByType("resource")
    .filter((r) => r.renderBlockingStatus === "blocking")
    .map((r) => r.name.split("/").slice(3).join("/"));
  return { fcp: paint ? paint.startTime : null, blocking,
           screen: document.querySelector("[data-screen]").dataset.screen };
}"""


def one_run(browser: Any, url: str, kbps: float, latency: float) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": latency,
                "downloadThroughput": kbps * 1000 / 8,
                "uploadThroughput": kbps * 1000 / 8 / 2,
            },
        )
        page.goto(url, wait_until="commit")
        page.wait_for_function(
            "performance.getEntriesByName('first-contentful-paint').length > 0",
            timeout=60_000,
        )
        result: dict[str, Any] = page.evaluate(READ)
        return result
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--kbps", type=float, default=1600.0, help="download kbit/s")
    parser.add_argument("--latency", type=float, default=150.0, help="round trip, ms")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    args = parser.parse_args(argv)
    if not args.no_build:
        build_site()
    with serving(folders.DIST, 0) as origin, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_options())
        version = browser.version
        try:
            runs = [
                one_run(browser, f"{origin}/?nosw", args.kbps, args.latency)
                for _ in range(args.runs)
            ]
        finally:
            browser.close()
    paints = [r["fcp"] for r in runs if r["fcp"] is not None]
    print(f"Chromium {version}; {args.kbps:.0f} kbit/s down, {args.latency:.0f} ms latency")
    print(
        f"first contentful paint, ms, {len(paints)} runs: " + ", ".join(f"{p:.0f}" for p in paints)
    )
    if paints:
        median = statistics.median(paints)
        verdict = "within" if median <= TARGET_MS else "over"
        print(f"  median {median:.0f} ms: {verdict} the target of {TARGET_MS:.0f} ms")
    blocking = sorted({name for r in runs for name in r["blocking"]})
    print(f"render-blocking files: {', '.join(blocking) if blocking else 'none'}")
    print(f"screen at first paint: {runs[-1]['screen']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
