"""Boot time: the game's page against bare Pyodide pages that load the same runtime.

Prints figures; asserts nothing. It builds dist/ (unless --no-build), serves it
on loopback, and serves beside it two bare pages that only import pyodide.mjs,
await loadPyodide(), run "1+1" and mark themselves ready:

- "bare", at /bare/, loads dist/pyodide/ itself: the runtime as the game ships
  it, whose standard library carries bytecode for what start-up imports;
- "stock", at /stock/, loads the runtime files exactly as the npm package
  publishes them (sources only in its standard library), from the build cache.

The pages are loaded in interleaved rounds (the order turns every round), each
in a fresh browser context so no HTTP cache carries over, and timed from
navigation start to the moment `data-ready="1"` is set, as recorded in the page
by a MutationObserver. The target: game/stock at most 0.50, what a player gains
over Pyodide as published. The floor beside it: the game's runtime started with
micropip loaded, micropip imported and the wheel installed, which the game cannot
do without, against the stock page, as if the game's own code took no time.

    .venv/bin/python benchmarks/boot.py [--runs 7] [--warmup 1] [--no-build] [--port 0] [--timeline]
"""

from __future__ import annotations

import argparse
import http.server
import os
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from building.browser import chromium_options  # noqa: E402
from building.commands import BuildError  # noqa: E402
from building.downloads import pyodide_tarball, runtime_files  # noqa: E402
from building.server import SiteHandler  # noqa: E402
from building.site import built_site  # noqa: E402

LOAD_TIMEOUT_MS = 60_000
TARGET_RATIO = 0.50  # game/stock

# A bare page: the runtime from ../pyodide/, and nothing else.
BARE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body>
<p>Bare Pyodide</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
performance.mark("runtime");
pyodide.runPython("1+1");
document.documentElement.dataset.ready = "1";
</script>
</body>
</html>
"""

# Runs before any script of the page. performance.now() counts from navigation start.
INIT_SCRIPT = """
(() => {
  if (window.top !== window) return;
  const boot = { ready: null, state: null, stages: [] };
  window.__boot = boot;
  const onReady = new MutationObserver(() => {
    const root = document.documentElement;
    const value = root ? root.getAttribute("data-ready") : null;
    if (value !== null && boot.state === null) {
      boot.ready = performance.now();
      boot.state = value;
      onReady.disconnect();
    }
  });
  onReady.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  // The game's loading screen names each stage; note when each one starts.
  document.addEventListener("DOMContentLoaded", () => {
    const status = document.querySelector(".boot-status");
    if (!status) return;
    boot.stages.push([performance.now(), status.textContent]);
    new MutationObserver(() => boot.stages.push([performance.now(), status.textContent]))
      .observe(status, { childList: true, characterData: true, subtree: true });
  });
})();
"""

READ_RESULT = """() => ({
  ...window.__boot,
  marks: performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]),
  resources: performance.getEntriesByType("resource").map((r) => ({
    name: r.name, start: r.startTime, end: r.responseEnd, bytes: r.encodedBodySize,
  })),
})"""

# The game's status texts (web/index.html) that open the stages after the runtime.


# --------------------------------------------------------------------------- serving


@dataclass(frozen=True)
class Hit:
    """One request the server answered: method, path without query, status, body bytes sent."""

    method: str
    path: str
    status: int
    sent: int


class Site:
    """A loopback server with folders mounted at URL prefixes, logging what it serves."""

    def __init__(self, port: int) -> None:
        self.mounts: dict[str, Path] = {}
        self.hits: list[Hit] = []
        self.lock = threading.Lock()
        site = self

        class Handler(SiteHandler):
            status = 0
            sent = 0

            def translate_path(self, path: str) -> str:
                clean = path.split("?", 1)[0].split("#", 1)[0]
                for prefix in sorted(site.mounts, key=len, reverse=True):
                    if clean.startswith(prefix):
                        self.directory = str(site.mounts[prefix])
                        return super().translate_path("/" + clean[len(prefix) :])
                return str(Path(os.devnull) / "missing")

            def send_response(self, code: int, message: str | None = None) -> None:
                self.status = code
                super().send_response(code, message)

            def copyfile(self, source: Any, outputfile: Any) -> None:
                before = source.tell()
                super().copyfile(source, outputfile)
                self.sent += source.tell() - before

            def _logged(self, handle: Any) -> None:
                self.status, self.sent = 0, 0
                try:
                    handle()
                finally:
                    path = urlsplit(self.path).path
                    with site.lock:
                        site.hits.append(Hit(self.command, path, self.status, self.sent))

            def do_GET(self) -> None:
                self._logged(super().do_GET)

            def do_HEAD(self) -> None:
                self._logged(super().do_HEAD)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def mount(self, prefix: str, folder: Path) -> str:
        self.mounts[prefix] = folder
        return self.origin + prefix

    def take_hits(self) -> list[Hit]:
        with self.lock:
            hits, self.hits = self.hits, []
        return hits

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def serving(dist: Path, port: int) -> Iterator[Site]:
    """dist/ at /; the bare page with dist/pyodide/ at /bare/; the bare page with the
    runtime as published at /stock/."""
    scratch = Path(tempfile.mkdtemp(prefix="senator-bare-"))
    site = Site(port)
    try:
        stock = scratch / "stock"
        runtime_files(pyodide_tarball(), stock / "pyodide")
        (stock / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        bare = scratch / "bare"
        bare.mkdir()
        (bare / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        site.mount("/", dist)
        site.mount("/bare/pyodide/", dist / "pyodide")
        site.mount("/bare/", bare)
        site.mount("/stock/", stock)
        yield site
    finally:
        site.stop()
        shutil.rmtree(scratch, ignore_errors=True)


# --------------------------------------------------------------------------- loading


@dataclass
class Load:
    """One page load: seconds to ready, when the runtime was up, and what the server sent."""

    seconds: float
    runtime: float | None
    stages: list[tuple[float, str]]
    hits: list[Hit]
    marks: dict[str, float] = field(default_factory=dict)
    resources: list[dict[str, Any]] = field(default_factory=list)

    def files(self) -> dict[str, int]:
        """Bytes per path of every successful GET of this load."""
        sizes: dict[str, int] = {}
        for hit in self.hits:
            if hit.method == "GET" and hit.status == 200:
                sizes[hit.path] = sizes.get(hit.path, 0) + hit.sent
        return sizes


def load(browser: Browser, site: Site, url: str) -> Load:
    """Opens url in a fresh context and waits until the page marks itself ready."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        context.add_init_script(script=INIT_SCRIPT)
        page = context.new_page()
        site.take_hits()
        page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(
            "() => window.__boot && window.__boot.state !== null",
            polling=100,
            timeout=LOAD_TIMEOUT_MS,
        )
        result: dict[str, Any] = page.evaluate(READ_RESULT)
        hits = site.take_hits()
    finally:
        context.close()
    if result["state"] != "1":
        raise SystemExit(f"{url} did not start: data-ready={result['state']!r}")
    marks = {str(name): float(t) / 1000 for name, t in result["marks"]}
    stages = [(float(t), str(text)) for t, text in result["stages"]]
    loaded = Load(result["ready"] / 1000, None, stages, hits, marks, result["resources"])
    # Both pages mark "runtime" when loadPyodide() resolves.
    loaded.runtime = marks.get("runtime")
    return loaded


# --------------------------------------------------------------------------- reporting


def spread(values: list[float]) -> str:
    if not values:
        return "      -        -        -"
    return f"{statistics.median(values):7.2f}  {min(values):7.2f}  {max(values):7.2f}"


PAGES = ("game", "bare", "stock")
PREFIXES = {"game": "/", "bare": "/bare/", "stock": "/stock/"}


def files_of(name: str, loaded: Load) -> dict[str, int]:
    """Bytes per file of one load, paths made alike across pages: the page itself is
    (page), the runtime's files are under /pyodide/ whichever folder served them."""
    files: dict[str, int] = {}
    for path, count in loaded.files().items():
        local = "/" + path.removeprefix(PREFIXES[name])
        files["(page)" if local == "/" else local] = count
    return files


def print_bytes(last: dict[str, Load]) -> None:
    """Per file, the body bytes each page got before ready."""
    files = {name: files_of(name, loaded) for name, loaded in last.items()}
    print()
    print("Bytes served before ready (bodies of GET 200s, last round):")
    print(f"  {'file':52}" + "".join(f"{name:>12}" for name in PAGES))
    paths = sorted(
        set().union(*files.values()),
        key=lambda p: (not p.startswith("/pyodide/"), -files["game"].get(p, 0), p),
    )
    for path in paths:
        print(f"  {path:52}" + "".join(f"{files[n].get(path, 0):12,}" for n in PAGES))
    totals = {name: sum(files[name].values()) for name in PAGES}
    print(f"  {'total':52}" + "".join(f"{totals[n]:12,}" for n in PAGES))
    added = totals["game"] - totals["bare"]
    print(f"  game adds {added:,} B ({added / 1e6:.3f} MB) to bare; the runtime as shipped adds")
    print(f"  {totals['bare'] - totals['stock']:,} B to the one published (bytecode)")
    for name in PAGES:
        hits = last[name].hits
        gets = sum(h.method == "GET" for h in hits)
        failed = sorted(h.path for h in hits if h.method == "GET" and h.status != 200)
        heads = sorted(h.path for h in hits if h.method == "HEAD")
        line = f"  {name} requests: {gets} GET"
        if failed:
            line += f" ({', '.join(failed)} not 200)"
        if heads:
            line += f", {len(heads)} HEAD ({', '.join(heads)})"
        print(line)


def print_timeline(name: str, loaded: Load) -> None:
    print()
    print(f"Timeline of the last {name} load (ms from navigation start):")
    for entry in sorted(loaded.resources, key=lambda e: e["start"]):
        path = urlsplit(entry["name"]).path
        print(f"  {entry['start']:7.0f} -> {entry['end']:7.0f}  {entry['bytes']:>10,} B  {path}")
    for moment, text in loaded.stages:
        print(f"  {moment:7.0f}  stage: {text}")
    if loaded.runtime is not None:
        print(f"  {loaded.runtime * 1000:7.0f}  runtime ready")
    print(f"  {loaded.seconds * 1000:7.0f}  ready")


def report(rounds: list[dict[str, Load]], timeline: bool) -> None:
    ready = {name: [r[name].seconds for r in rounds] for name in PAGES}
    runtime = {name: [r[name].runtime for r in rounds if r[name].runtime] for name in PAGES}
    games = [r["game"] for r in rounds]
    tails = [g.seconds - g.runtime for g in games if g.runtime is not None]
    # The game's loader marks "runtime", "micropip" (imported) and "installed" (the wheel).
    phases = [("runtime", "micropip"), ("micropip", "installed"), ("installed", None)]
    split = [
        [
            (g.marks[end] if end else g.seconds) - g.marks[start]
            for g in games
            if start in g.marks and (end is None or end in g.marks)
        ]
        for start, end in phases
    ]
    print()
    heading = f"Seconds from navigation start, {len(rounds)} rounds"
    print(f"{heading:46}{'median':>7}  {'min':>7}  {'max':>7}")
    for name in PAGES:
        print(f"  {'to ready, ' + name:44}{spread(ready[name])}")
    for name in PAGES:
        values = [v for v in runtime[name] if v is not None]
        print(f"  {'to loadPyodide() resolved, ' + name:44}{spread(values)}")
    print(f"  {'game after loadPyodide(): all':44}{spread(tails)}")
    print(f"  {'  importing micropip':44}{spread(split[0])}")
    print(f"  {'  installing the wheel':44}{spread(split[1])}")
    print(f"  {'  running main.py to the first screen':44}{spread(split[2])}")
    print()
    for other in ("bare", "stock"):
        ratios = [r["game"].seconds / r[other].seconds for r in rounds]
        medians = statistics.median(ready["game"]) / statistics.median(ready[other])
        print(f"game/{other}, ratio of the medians:   {medians:.3f}")
        print(f"game/{other}, median of round ratios: {statistics.median(ratios):.3f}")
        print(f"  round ratios: {', '.join(f'{r:.2f}' for r in ratios)}")
    print(f"  target: game/stock at most {TARGET_RATIO:.2f}")
    started = [v for v in runtime["game"] if v is not None]
    floor = (
        statistics.median(started) + statistics.median(split[0]) + statistics.median(split[1])
    ) / statistics.median(ready["stock"])
    print(
        "  floor with micropip (the game's runtime with micropip loaded, its import and"
        f" the install, over stock): {floor:.3f}"
    )
    print_bytes(rounds[-1])
    if timeline:
        for name in PAGES:
            print_timeline(name, rounds[-1][name])


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time the game's boot against bare Pyodide pages (prints, asserts nothing)."
    )
    parser.add_argument("--runs", type=int, default=7, help="measured rounds (default 7)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured rounds first (default 1)")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--port", type=int, default=0, help="server port (default: a free one)")
    parser.add_argument(
        "--timeline", action="store_true", help="print the last round's resource timelines"
    )
    args = parser.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")

    try:
        dist = built_site(rebuild=not args.no_build)
    except BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1

    with serving(dist, args.port) as site, sync_playwright() as playwright:
        options: dict[str, Any] = chromium_options()
        browser = playwright.chromium.launch(**options)
        try:
            urls = {name: site.origin + PREFIXES[name] for name in PAGES}
            urls["game"] += "?nosw"
            print(f"Chromium {browser.version}")
            for name in PAGES:
                print(f"{name:5} {urls[name]}")
            print(
                f"{args.warmup} warm-up round(s), then {args.runs} measured; "
                f"cores: {os.cpu_count()}"
            )
            rounds: list[dict[str, Load]] = []
            for number in range(args.warmup + args.runs):
                # Each page goes first, second and third in turn.
                shift = number % len(PAGES)
                order = PAGES[shift:] + PAGES[:shift]
                loads = {name: load(browser, site, urls[name]) for name in order}
                measured = number >= args.warmup
                label = f"round {number - args.warmup + 1}" if measured else "warm-up"
                times = "  ".join(f"{name} {loads[name].seconds:5.2f} s" for name in PAGES)
                game = loads["game"].seconds
                ratios = "  ".join(f"game/{n} {game / loads[n].seconds:4.2f}" for n in PAGES[1:])
                print(f"  {label:>8}: {times}  {ratios}  ({order[0]} first)", flush=True)
                if measured:
                    rounds.append(loads)
        finally:
            browser.close()
    report(rounds, args.timeline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
