"""Fixtures for end-to-end tests: the built site served on loopback, and a real Chromium.

The browser is Debian's /usr/bin/chromium where it exists, else the Chromium
that `python -m playwright install chromium` downloaded.
"""

from __future__ import annotations

import http.server
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright import sync_api as playwright_api  # noqa: E402

import build  # noqa: E402

SUBPATH = "/senator/"
READY = "html[data-ready='1']"
BOOT_TIMEOUT = 60_000


class Site:
    """A loopback HTTP server with folders mounted at URL prefixes, and optional delays."""

    def __init__(self) -> None:
        self.mounts: dict[str, Path] = {}
        self.delays: dict[str, float] = {}
        site = self

        class Handler(build.SiteHandler):
            def translate_path(self, path: str) -> str:
                clean = path.split("?", 1)[0].split("#", 1)[0]
                for prefix in sorted(site.mounts, key=len, reverse=True):
                    if clean.startswith(prefix):
                        rest = clean[len(prefix) :]
                        self.directory = str(site.mounts[prefix])
                        return super().translate_path("/" + rest)
                return str(Path(os.devnull) / "missing")

            def do_GET(self) -> None:
                for suffix, seconds in site.delays.items():
                    if self.path.split("?", 1)[0].endswith(suffix):
                        time.sleep(seconds)
                super().do_GET()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def mount(self, prefix: str, folder: Path) -> str:
        self.mounts[prefix] = folder
        return self.origin + prefix

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def dist() -> Path:
    """The site, built from this checkout (seconds when the downloads are cached)."""
    try:
        return build.build()
    except build.BuildError as err:
        pytest.fail(f"the site could not be built: {err}")


@pytest.fixture(scope="session")
def site(dist: Path) -> Iterator[Site]:
    served = Site()
    served.mount("/", dist)
    served.mount(SUBPATH, dist)
    yield served
    served.stop()


@pytest.fixture
def fresh_site() -> Iterator[Site]:
    """A server of the test's own, which the test may stop."""
    served = Site()
    yield served
    served.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        options: dict[str, Any] = build.chromium_options()
        chromium = p.chromium.launch(**options)
        yield chromium
        chromium.close()


@dataclass
class Watch:
    """What a page did: console errors, page errors and every request URL."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(BOOT_TIMEOUT)
    yield ctx
    ctx.close()


@pytest.fixture
def watch(context: Any) -> Watch:
    seen = Watch()

    def on_console(message: Any) -> None:
        if message.type == "error":
            seen.errors.append(f"console: {message.text}")

    def on_page(page: Any) -> None:
        page.on("console", on_console)
        page.on("pageerror", lambda err: seen.errors.append(f"pageerror: {err}"))

    context.on("page", on_page)
    context.on("request", lambda request: seen.requests.append(request.url))
    return seen


@pytest.fixture
def page(context: Any, watch: Watch) -> Any:
    return context.new_page()


def open_game(page: Any, url: str) -> None:
    """Loads the site and waits until its first screen is interactive."""
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)


def copy_site(dist: Path, into: Path) -> Path:
    target = into / "site"
    shutil.copytree(dist, target)
    return target
