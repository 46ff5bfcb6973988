"""Boot time: the game's page against a bare Pyodide page that loads the same runtime.

Prints figures; asserts nothing. It builds dist/ (unless --no-build), serves it
on loopback, and serves beside it, at /bare/, a page written to a temporary
folder that only imports dist/pyodide/pyodide.mjs, awaits loadPyodide(), runs
"1+1" and marks itself ready. Both pages are loaded alternately in interleaved
pairs (the order flips every pair), each in a fresh browser context so no HTTP
cache carries over, and timed from navigation start to the moment
`data-ready="1"` is set, as recorded in the page by a MutationObserver.
The target: game/bare at most 1.10 (median of the pair ratios).

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

import build  # noqa: E402

LOAD_TIMEOUT_MS = 180_000
TARGET_RATIO = 1.10

# The bare page: the runtime from the game's own dist/pyodide/, and nothing else.
BARE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body>
<p>Bare Pyodide</p>
<script type="module">
import { loadPyodide } from "../pyodide/pyodide.mjs";
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

        class Handler(build.SiteHandler):
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
    """dist/ at /, and the bare page from a temporary folder at /bare/."""
    scratch = Path(tempfile.mkdtemp(prefix="senator-bare-"))
    site = Site(port)
    try:
        (scratch / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        site.mount("/", dist)
        site.mount("/bare/", scratch)
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


def megabytes(count: int) -> str:
    return f"{count / 1e6:8.3f} MB"


def print_bytes(game: Load, bare: Load) -> None:
    """Per file, the body bytes each page got before ready; the page itself counts as (page)."""
    game_files, bare_files = game.files(), bare.files()
    game_files["(page)"] = game_files.pop("/", 0)
    bare_files["(page)"] = bare_files.pop("/bare/", 0)
    game_total, bare_total = sum(game_files.values()), sum(bare_files.values())
    print()
    print("Bytes served before ready (bodies of GET 200s, last pair):")
    print(f"  {'file':58} {'game':>11} {'bare':>11}")
    paths = sorted(
        game_files.keys() | bare_files.keys(),
        key=lambda p: (not p.startswith("/pyodide/"), -game_files.get(p, 0), p),
    )
    for path in paths:
        print(f"  {path:58} {game_files.get(path, 0):11,} {bare_files.get(path, 0):11,}")
    print(f"  {'total':58} {game_total:11,} {bare_total:11,}")
    print(f"  game adds {game_total - bare_total:,} B ({(game_total - bare_total) / 1e6:.3f} MB):")
    outside = sum(n for p, n in game_files.items() if not p.startswith("/pyodide/"))
    inside = sum(
        n - bare_files.get(p, 0) for p, n in game_files.items() if p.startswith("/pyodide/")
    )
    print(f"    {outside:,} B outside pyodide/ (its page included)")
    print(f"    {inside:,} B more inside pyodide/ than the bare page")
    print(f"    less {bare_files['(page)']:,} B of the bare page")
    for name, loaded in (("game", game), ("bare", bare)):
        gets = sum(h.method == "GET" for h in loaded.hits)
        failed = sorted(h.path for h in loaded.hits if h.method == "GET" and h.status != 200)
        heads = sorted(h.path for h in loaded.hits if h.method == "HEAD")
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


def report(pairs: list[tuple[Load, Load]], timeline: bool) -> None:
    games = [g.seconds for g, _ in pairs]
    bares = [b.seconds for _, b in pairs]
    ratios = [g.seconds / b.seconds for g, b in pairs]
    game_runtime = [g.runtime for g, _ in pairs if g.runtime is not None]
    bare_runtime = [b.runtime for _, b in pairs if b.runtime is not None]
    tails = [g.seconds - g.runtime for g, _ in pairs if g.runtime is not None]
    # The game's loader marks "runtime", "micropip" (imported) and "installed" (the wheel).
    phases = [("runtime", "micropip"), ("micropip", "installed"), ("installed", None)]
    split = [
        [
            (g.marks[end] if end else g.seconds) - g.marks[start]
            for g, _ in pairs
            if start in g.marks and (end is None or end in g.marks)
        ]
        for start, end in phases
    ]
    print()
    heading = f"Seconds from navigation start, {len(pairs)} pairs"
    print(f"{heading:46}{'median':>7}  {'min':>7}  {'max':>7}")
    print(f"  {'to ready, game':44}{spread(games)}")
    print(f"  {'to ready, bare':44}{spread(bares)}")
    print(f"  {'to loadPyodide() resolved, game':44}{spread(game_runtime)}")
    print(f"  {'to loadPyodide() resolved, bare':44}{spread(bare_runtime)}")
    print(f"  {'game after loadPyodide(): all':44}{spread(tails)}")
    print(f"  {'  importing micropip':44}{spread(split[0])}")
    print(f"  {'  installing the wheel':44}{spread(split[1])}")
    print(f"  {'  running main.py to the first screen':44}{spread(split[2])}")
    print()
    median_ratio = statistics.median(games) / statistics.median(bares)
    print(f"game/bare, ratio of the medians:   {median_ratio:.3f}")
    print(f"game/bare, median of pair ratios:  {statistics.median(ratios):.3f}")
    print(f"  pair ratios: {', '.join(f'{r:.2f}' for r in ratios)}")
    print(f"  target: at most {TARGET_RATIO:.2f}")
    game, bare = pairs[-1]
    print_bytes(game, bare)
    if timeline:
        print_timeline("game", game)
        print_timeline("bare", bare)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time the game's boot against a bare Pyodide page (prints, asserts nothing)."
    )
    parser.add_argument("--runs", type=int, default=7, help="measured pairs (default 7)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured pairs first (default 1)")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--port", type=int, default=0, help="server port (default: a free one)")
    parser.add_argument(
        "--timeline", action="store_true", help="print the last pair's resource timeline"
    )
    args = parser.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")

    try:
        if not args.no_build:
            build.build()
        elif not (build.DIST / "index.html").exists():
            raise build.BuildError("dist/ is not built yet: run without --no-build")
    except build.BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1

    with serving(build.DIST, args.port) as site, sync_playwright() as playwright:
        options: dict[str, Any] = build.chromium_options()
        browser = playwright.chromium.launch(**options)
        try:
            game_url, bare_url = f"{site.origin}/?nosw", f"{site.origin}/bare/"
            print(f"Chromium {browser.version}")
            print(f"game {game_url}\nbare {bare_url}")
            print(
                f"{args.warmup} warm-up pair(s), then {args.runs} measured; cores: {os.cpu_count()}"
            )
            pairs: list[tuple[Load, Load]] = []
            for number in range(args.warmup + args.runs):
                if number % 2 == 0:
                    game = load(browser, site, game_url)
                    bare = load(browser, site, bare_url)
                else:
                    bare = load(browser, site, bare_url)
                    game = load(browser, site, game_url)
                measured = number >= args.warmup
                label = f"pair {number - args.warmup + 1}" if measured else "warm-up"
                first = "game first" if number % 2 == 0 else "bare first"
                print(
                    f"  {label:>8}: game {game.seconds:6.2f} s  bare {bare.seconds:6.2f} s"
                    f"  ratio {game.seconds / bare.seconds:5.2f}  ({first})",
                    flush=True,
                )
                if measured:
                    pairs.append((game, bare))
        finally:
            browser.close()
    report(pairs, args.timeline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
