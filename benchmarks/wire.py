"""A first visit on the wire: the bytes a phone downloads to play, as a static host
serves the site with gzip.

Prints figures; asserts nothing. It builds dist/ (unless --no-build) and serves it
on loopback the way a static host such as GitHub Pages does: every file gzipped
(level 6) when the browser accepts it, except archives and pictures, which are
compressed already (zip, whl, png). A fresh Chromium context opens the page with
its service worker, as a first visit does, and waits until the game is ready and
the worker has kept every file for offline play; the server counts the bytes it
writes per file (headers aside). Target: at most 5.5 MB. The same again in a browser
set to Polish and to Russian, which also fetch their language's catalog.

Then, on the same page, it imports a standard module the game never imports
(`--unforeseen`, `difflib` unless told): it must come from the standard
library's second archive, fetched only then, and the figures say what that
costs.

    .venv/bin/python benchmarks/wire.py [--no-build] [--runs 1] [--unforeseen difflib]
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from building.browser import chromium_options  # noqa: E402
from building.server import SiteHandler  # noqa: E402
from building.site import built_site  # noqa: E402

TARGET_MB = 5.5
LOAD_TIMEOUT_MS = 120_000
STORED = (".zip", ".whl", ".png", ".gz")  # compressed already: served as they are
READY = "html[data-ready='1']"
# Resolves once the service worker is active and its cache holds every file it keeps.
WORKER_DONE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const deadline = Date.now() + 60000;
  while (!registration.active || registration.active.state !== "activated") {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}"""
IMPORT = """name => window.senator.pyodide.runPython(
  `import importlib, time\\nstart = time.perf_counter()\\n` +
  `module = importlib.import_module(${JSON.stringify(name)})\\n` +
  `(module.__name__, module.__file__, time.perf_counter() - start)`).toJs()"""


class Wire:
    """What the server wrote, per path: (bytes, requests)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.files: dict[str, list[int]] = {}

    def add(self, path: str, sent: int) -> None:
        with self.lock:
            entry = self.files.setdefault(path, [0, 0])
            entry[0] += sent
            entry[1] += 1

    def take(self) -> dict[str, list[int]]:
        with self.lock:
            files, self.files = self.files, {}
        return files


@contextmanager
def serving(dist: Path) -> Iterator[tuple[str, Wire]]:
    wire = Wire()

    class Handler(SiteHandler):
        def do_GET(self) -> None:
            self._send(body=True)

        def do_HEAD(self) -> None:
            self._send(body=False)

        def _send(self, body: bool) -> None:
            path = unquote(urlsplit(self.path).path)
            file = dist / path.lstrip("/")
            if path.endswith("/"):
                file = file / "index.html"
            if not file.is_file() or not file.resolve().is_relative_to(dist.resolve()):
                self.send_error(404)
                return
            data = file.read_bytes()
            kind = self.guess_type(str(file))
            zipped = "gzip" in self.headers.get("Accept-Encoding", "") and not file.name.endswith(
                STORED
            )
            if zipped:
                data = gzip.compress(data, 6, mtime=0)
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "max-age=600")  # as GitHub Pages sends
            if zipped:
                self.send_header("Content-Encoding", "gzip")
            self.end_headers()
            if body:
                self.wfile.write(data)
                wire.add(path, len(data))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", wire
    finally:
        server.shutdown()
        server.server_close()


def visit(
    browser: Any, origin: str, wire: Wire, unforeseen: str, lang: str = "en"
) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang)
    try:
        page = context.new_page()
        wire.take()
        start = time.perf_counter()
        page.goto(origin + "/", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_selector(READY, state="attached", timeout=LOAD_TIMEOUT_MS)
        ready = time.perf_counter() - start
        kept = page.evaluate(WORKER_DONE)
        page.wait_for_timeout(500)
        first = wire.take()
        name, where, seconds = page.evaluate(IMPORT, unforeseen)
        later = wire.take()
    finally:
        context.close()
    return {
        "first": first,
        "ready": ready,
        "kept": kept,
        "module": (name, where, seconds),
        "later": later,
    }


def table(files: dict[str, list[int]]) -> int:
    total = 0
    for path, (sent, count) in sorted(files.items(), key=lambda item: -item[1][0]):
        times = f" x{count}" if count > 1 else ""
        print(f"  {path:58} {sent:>11,} B{times}")
        total += sent
    print(f"  {'total':58} {total:>11,} B in {sum(c for _, c in files.values())} requests")
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--unforeseen", default="difflib", help="a module the game never imports")
    args = parser.parse_args(argv)
    dist = built_site(rebuild=not args.no_build)
    with serving(dist) as (origin, wire), sync_playwright() as p:
        browser = p.chromium.launch(**chromium_options())
        try:
            runs = [visit(browser, origin, wire, args.unforeseen) for _ in range(args.runs)]
            others = {
                lang: visit(browser, origin, wire, args.unforeseen, lang) for lang in ("pl", "ru")
            }
        finally:
            browser.close()
    last = runs[-1]
    print("A first visit, gzip as a static host serves it (bytes on the wire per file):")
    total = table(last["first"])
    verdict = "met" if total <= TARGET_MB * 1e6 else "MISSED"
    print(f"first visit: {total / 1e6:.2f} MB (target {TARGET_MB} MB: {verdict})")
    print("ready in " + ", ".join(f"{r['ready']:.2f} s" for r in runs) + " (loopback)")
    print(f"service worker activated with its files kept: {last['kept']}")
    for lang, run in others.items():
        spoken = sum(sent for sent, _count in run["first"].values())
        extra = [path for path in run["first"] if path.endswith(f"/{lang}.mo")]
        verdict = "met" if spoken <= TARGET_MB * 1e6 else "MISSED"
        print(
            f"a first visit in a browser set to {lang}: {spoken:,} B, its catalog"
            f" {', '.join(extra) or 'NOT fetched'} included (target {TARGET_MB} MB: {verdict})"
        )
    name, where, seconds = last["module"]
    print(f"\nimporting {name} afterwards: from {where}, in {seconds * 1000:.0f} ms, fetching:")
    table(last["later"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
