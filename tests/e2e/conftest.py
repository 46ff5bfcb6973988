"""Fixtures for end-to-end tests: the built site served on loopback, a real Chromium,
and pages booted once per test process and shared.

The browser is Debian's /usr/bin/chromium where it exists, else the Chromium
that `python -m playwright install chromium` downloaded.

A page's start takes seconds of CPU, so a test that needs no load of its own takes
`booted` (or `booted_phone`): a page booted once, brought back to the title screen
between tests through the application itself (see `SharedPages`). It sets what a
test used to store before the page's scripts with `use_setup`, and opens a deal with
`open_deal` (its file, played from its start) rather than by a link. A test of a load
(the service worker, offline, a reload, storage found on boot, a sub-path, a language
from the URL, the loading screen, a first visit) takes `page` or a context of its own.
"""

from __future__ import annotations

import fcntl
import http.server
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import senator_core as sc
from senator_core.app.keeping.saves import SETUP_KEY
from senator_core.app.keeping.storage import STORED_KEYS
from senator_core.records import HUMAN, Record

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright import sync_api as playwright_api  # noqa: E402

from building.browser import chromium_options  # noqa: E402
from building.commands import BuildError  # noqa: E402
from building.server import SiteHandler  # noqa: E402
from building.site import build_site  # noqa: E402

SUBPATH = "/senator/"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
READY = "html[data-ready='1']"
BOOT_TIMEOUT = 60_000


class Site:
    """A loopback HTTP server with folders mounted at URL prefixes, and optional delays."""

    def __init__(self) -> None:
        self.mounts: dict[str, Path] = {}
        self.delays: dict[str, float] = {}
        site = self

        class Handler(SiteHandler):
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
def dist(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The site, built from this checkout (seconds when the downloads are cached).

    When the suite runs in several processes (pytest-xdist), the first to get here
    builds and the others wait for it and use the same build, so no process
    replaces the site while another serves it."""
    if worker_id == "master":
        return _build()
    shared = tmp_path_factory.getbasetemp().parent
    with (shared / "dist.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "dist.built"
        if not built.exists():
            built.write_text(str(_build()), encoding="utf-8")
        return Path(built.read_text(encoding="utf-8"))


def _build() -> Path:
    try:
        return build_site()
    except BuildError as err:
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


# Chromium's own log (every process's warnings and errors), one per test process. A
# page that crashes as it starts ("Target crashed", seen now and then with nothing on
# the page's console, once for a minute on end on a fresh machine) leaves its cause
# there: a test that fails so shows its last lines and what the machine had left. Such
# a test is run again after a pause (`only_rerun` in pyproject.toml): the crash is the
# browser's, and a test that fails for its own reason fails again.
CHROMIUM_LOG = pytest.StashKey[Path]()
LOG_LINES = 40


@pytest.fixture(scope="session")
def browser(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Any]:
    log = tmp_path_factory.getbasetemp() / "chromium.log"
    request.config.stash[CHROMIUM_LOG] = log
    with playwright_api.sync_playwright() as p:
        options: dict[str, Any] = chromium_options()
        options["args"] = [*options["args"], "--enable-logging", "--v=0"]
        options["env"] = {**os.environ, "CHROME_LOG_FILE": str(log)}
        chromium = p.chromium.launch(**options)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    log = item.config.stash.get(CHROMIUM_LOG, None)
    if report.failed and "crashed" in str(report.longrepr) and log is not None:
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        lines = [line for line in lines if ":dbus/" not in line]  # no system bus here
        report.sections.append(("Chromium's log, its last lines", "\n".join(lines[-LOG_LINES:])))
        report.sections.append(("What the machine had left", machine_state()))
    return report


def machine_state() -> str:
    """Memory, disk and load at the moment, and how many Chromium processes run."""
    meminfo = Path("/proc/meminfo")
    memory = [
        line
        for line in (meminfo.read_text().splitlines() if meminfo.exists() else [])
        if line.startswith(("MemTotal", "MemAvailable", "Shmem:"))
    ]
    disk = shutil.disk_usage(tempfile.gettempdir())
    loadavg = Path("/proc/loadavg")
    chromiums = sum(
        1
        for cmdline in Path("/proc").glob("[0-9]*/cmdline")
        if b"chromium" in _read_or_empty(cmdline).split(b"\0", 1)[0]
    )
    return "\n".join(
        [
            *memory,
            f"free on {tempfile.gettempdir()}: {disk.free // 2**20} MiB",
            f"load: {loadavg.read_text().strip() if loadavg.exists() else '?'}",
            f"Chromium processes: {chromiums}",
            *oom_kills(),
        ]
    )


def oom_kills() -> list[str]:
    """How many processes the kernel has killed for want of memory in this control
    group (version 1 or 2), where it says."""
    for events in (
        Path("/sys/fs/cgroup/memory/memory.oom_control"),
        Path("/sys/fs/cgroup/memory.events"),
    ):
        for line in _read_or_empty(events).decode().splitlines():
            if line.startswith("oom_kill "):
                return [f"killed for memory: {line.split()[1]}"]
    return []


def _read_or_empty(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:  # the process ended meanwhile
        return b""


@dataclass
class Watch:
    """What a page did: its errors and every request URL.

    `errors` holds console errors, uncaught page errors and what the adapter
    itself reports: its warnings (`Senator...` on the console) and the
    "Something went wrong" notice it shows, so an exception the page catches and
    survives still fails the test. A test that provokes such a report on purpose
    takes it out of `errors` before it ends.
    """

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def adapter_reports(self) -> list[str]:
        return [e for e in self.errors if e.startswith(ADAPTER_REPORTS)]


# Set before any page script runs: tells the console when the adapter's error
# notice appears, however briefly.
NOTICE_WATCHER = """(() => {
  const seen = new WeakSet();
  const look = () => {
    for (const el of document.querySelectorAll("#app .notice")) {
      if (!seen.has(el) && el.textContent.includes("Something went wrong")) {
        seen.add(el);
        console.error("notice: " + el.textContent.trim());
      }
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
})();"""

ADAPTER_REPORTS = ("console: notice: ", "warning: Senator")


def watch_context(ctx: Any) -> Watch:
    """Records what every page of `ctx` does (see `Watch`)."""
    seen = Watch()

    def on_console(message: Any) -> None:
        if message.type == "error":
            seen.errors.append(f"console: {message.text}")
        elif message.type == "warning" and message.text.startswith("Senator"):
            seen.errors.append(f"warning: {message.text}")

    def on_page(page: Any) -> None:
        page.on("console", on_console)
        page.on("pageerror", lambda err: seen.errors.append(f"pageerror: {err}"))

    ctx.add_init_script(NOTICE_WATCHER)
    ctx.on("page", on_page)
    ctx.on("request", lambda request: seen.requests.append(request.url))
    return seen


def fail_on_adapter_reports(seen: Watch) -> None:
    """Fails the test if the adapter reported an error that the test did not take."""
    reports = seen.adapter_reports()
    if reports:
        pytest.fail(f"the page reported errors: {reports}", pytrace=False)


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(BOOT_TIMEOUT)
    yield ctx
    ctx.close()


@pytest.fixture
def watch(context: Any) -> Iterator[Watch]:
    """The context's watch; a test fails if the adapter reported an error it did not expect."""
    seen = watch_context(context)
    yield seen
    fail_on_adapter_reports(seen)


@pytest.fixture
def page(context: Any, watch: Watch) -> Any:
    return context.new_page()


# ------------------------------------------------------------------ the shared pages

# The sizes a shared page comes in: a context's options for each.
SHARED_SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": DESKTOP},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True},
}

# Whether the page is at rest: no computer's search, hint or review running.
AT_REST = """() => !window.senator.pyodide.runPython(
  "any(not t.done() for t in page.thinking.values())"
  + " or (page.reviewing is not None and not page.reviewing.done())")"""

# Back to the title, as a player goes there, and in English (the picker's choice).
TO_TITLE = """
from senator_core.app.messages import Field, Title
page.dispatch(Title())
if page.model.lang != "en":
    page.dispatch(Field("lang", "en"))
"""

# Storage written as another tab writes it (after clearing it all, with `clear`), and
# the page told as such a write tells it: by its `storage` event, which the page makes
# a `Stored` message of.
AS_ANOTHER_TAB = """([values, clear]) => {
  if (clear) {
    localStorage.clear();
    sessionStorage.clear();
  }
  for (const [key, value] of Object.entries(values)) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    const change = {key, newValue: value, storageArea: localStorage};
    window.dispatchEvent(new StorageEvent("storage", change));
  }
}"""

# What is left of earlier tests after a reset: nothing, when the list is empty.
LEFT_OVER = """
import json
import js
from senator_core.app.setup.state import Setup
from senator_core.app.keeping.storage import STORED_KEYS
m = page.model
left = []
if m.screen != "title": left.append(f"the {m.screen} screen")
if m.game is not None and m.game.decision != "over": left.append("a game in progress")
if m.history: left.append(f"{len(m.history)} games kept")
if m.setup != Setup(lang=m.setup.lang): left.append(f"a set-up {m.setup}")
if m.lang != "en": left.append(f"the language {m.lang}")
for name in ("alert", "notice", "panel", "confirm", "online", "reviewing"):
    if getattr(m, name, None): left.append(f"{name} {getattr(m, name)!r}")
def stored(key):
    value = js.localStorage.getItem(key)
    return value if isinstance(value, str) else None  # (null is not None)
known = dict(m.stored)
for key in STORED_KEYS:
    if known.get(key) != stored(key):
        left.append(f"{key} stored unknown to the page")
if stored("senator.save") or stored("senator.history"):
    left.append("a game or history stored")
json.dumps(left)
"""


@dataclass
class Shared:
    """A page booted once in this test process, at one size, shared by the tests that
    need no load of their own, with the watch of its context."""

    context: Any
    page: Any
    watch: Watch


class SharedPages:
    """The shared pages of this test process, one per size, booted on first use.

    Between two tests a page goes back to the title screen with nothing stored but the
    default set-up, nothing kept and no game in progress (a finished game may still be
    at hand, which a first visit has not), through the application itself: the title,
    English, storage cleared with the page told as another tab's change tells it
    (`Stored`, which resets the set-up too), and the window's size and media as the
    context made them. A test that needs a load (the service worker, offline, a
    reload, storage found on boot, a sub-path, a language from the URL, the loading
    screen, a first visit) has a page of its own instead."""

    def __init__(self, browser: Any, origin: str) -> None:
        self.browser = browser
        self.origin = origin
        self.pages: dict[str, Shared] = {}

    def ready(self, size: str) -> Shared:
        shared = self.pages.get(size)
        if shared is not None:
            left = self.reset(shared, size)
            if not left:
                return shared
            # A test left the page where the application cannot bring it back (a test
            # that broke it on purpose, or one that failed midway): a new page.
            shared.context.close()
        shared = self.boot(size)
        self.pages[size] = shared
        return shared

    def boot(self, size: str) -> Shared:
        ctx = self.browser.new_context(**SHARED_SIZES[size], accept_downloads=True)
        ctx.set_default_timeout(BOOT_TIMEOUT)
        seen = watch_context(ctx)
        tab = ctx.new_page()
        open_game(tab, f"{self.origin}/?nosw")
        return Shared(ctx, tab, seen)

    def reset(self, shared: Shared, size: str) -> list[str]:
        """Brings the page back to the title screen, nothing kept; returns what is left
        of the earlier test (nothing when the reset worked)."""
        page = shared.page
        try:
            page.evaluate("(code) => window.senator.pyodide.runPython(code)", TO_TITLE)
            # What a computer was thinking when the title came is not played; let it end.
            wait_for(page, AT_REST, timeout=BOOT_TIMEOUT)
            page.evaluate(AS_ANOTHER_TAB, [dict.fromkeys(STORED_KEYS), True])
            page.set_viewport_size(SHARED_SIZES[size]["viewport"])
            page.emulate_media(reduced_motion="no-preference")
            page.evaluate("window.scrollTo(0, 0)")
            left: list[str] = json.loads(
                page.evaluate("(code) => window.senator.pyodide.runPython(code)", LEFT_OVER)
            )
        except playwright_api.Error as err:
            return [f"the page does not answer: {err}"]
        shared.watch.errors.clear()
        shared.watch.requests.clear()
        return left

    def close(self) -> None:
        for shared in self.pages.values():
            shared.context.close()


@pytest.fixture(scope="session")
def shared_pages(browser: Any, site: Site) -> Iterator[SharedPages]:
    pages = SharedPages(browser, site.origin)
    yield pages
    pages.close()


@pytest.fixture
def booted(shared_pages: SharedPages) -> Iterator[tuple[Any, Watch]]:
    """The shared desktop page on the title screen, nothing kept, and its watch; a
    test fails if the adapter reported an error it did not expect."""
    shared = shared_pages.ready("desktop")
    yield shared.page, shared.watch
    fail_on_adapter_reports(shared.watch)


@pytest.fixture
def booted_phone(shared_pages: SharedPages) -> Iterator[tuple[Any, Watch]]:
    """`booted` at a phone's size, touch-capable."""
    shared = shared_pages.ready("phone")
    yield shared.page, shared.watch
    fail_on_adapter_reports(shared.watch)


def use_setup(page: Any, **fields: object) -> None:
    """The set-up screen's choices `fields` (the rest at their defaults), as another
    tab would choose them: stored, and the page told of it."""
    page.evaluate(AS_ANOTHER_TAB, [{SETUP_KEY: json.dumps(fields)}, False])


def open_file(page: Any, name: str, text: str) -> None:
    """A game file opened by the page's file picker, as a player opens one."""
    data = {"name": name, "mimeType": "application/json", "buffer": text.encode()}
    page.set_input_files("#import-file", files=[data])


def open_deal(page: Any, config: sc.GameConfig) -> None:
    """From the title screen, a new game of `config` at which every seat is a person, as
    a player opens one: its file (no move made yet) opened, then played from its start."""
    game = sc.new_game(config)
    record = Record(game, tuple(range(game.players)), (HUMAN,) * game.players)
    open_file(page, record.file_name(), record.to_json())
    page.locator("[data-screen='replay']").wait_for()
    page.click("[data-msg='play-from']")
    page.locator("[data-screen='game']").wait_for()


def before_last_choice(game: sc.Game, seat: int) -> tuple[Record, str]:
    """The game's record up to `seat`'s last decision with a choice, `seat` a person
    and the others Normal computers, and the move `seat` made there."""
    position = sc.new_game(game.config)
    last = 0
    for step, action in enumerate(game.actions):
        if position.to_move == seat and len(position.legal_actions()) > 1:
            last = step
        position.apply(action)
    cut = sc.new_game(game.config)
    for action in game.actions[:last]:
        cut.apply(action)
    occupants = tuple(HUMAN if s == seat else "normal" for s in range(game.players))
    return Record(cut, tuple(range(game.players)), occupants), str(game.actions[last])


def at_last_choice(seed: int) -> Record:
    """A game of a person (seat 0) against three Normal computers, as "Play against the
    computer" seats them, made in CPython up to the person's last decision with a
    choice: what is left of the game is a move of theirs and the computers' last ones."""
    chooser = random.Random(seed)
    game = sc.new_game(sc.GameConfig(players=4, seed=seed))
    while game.to_move is not None:
        game.apply(chooser.choice(game.legal_actions()))
    return before_last_choice(game, 0)[0]


@pytest.fixture
def phone(browser: Any) -> Iterator[tuple[Any, Watch]]:
    """A page in a phone-sized, touch-capable context, with its own watch."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(BOOT_TIMEOUT)
    seen = watch_context(ctx)
    tab = ctx.new_page()
    yield tab, seen
    ctx.close()
    fail_on_adapter_reports(seen)


# What the table holds where the person's decision stands until they go on: a computer's
# blow to them, or what changed while they waited.
HELD = "#decision.hit-held, #decision.catch-up"
# The person's decision, or what the table holds before it (which `next_move` and
# `random_move` go on from).
MINE_OR_HELD = (
    "#decision:not(.thinking) [data-action],"
    " #decision.hit-held [data-msg='go-on'], #decision.catch-up [data-msg='go-on']"
)


# What the page offers now, read at one moment: the actions of the controls, whether
# the page is about to make the only legal move itself, and how many moves it shows.
READ_OFFER = """() => ({
  actions: [...document.querySelectorAll("[data-action]")].map((e) => e.dataset.action),
  forced: document.querySelector("#decision.forced") !== null,
  guarded: document.querySelector("[data-guard]") !== null,
  ended: document.querySelector("[data-screen='end']") !== null,
  story: document.querySelector("[data-msg='go-on']") !== null,
  moves: document.documentElement.dataset.moves,
})"""


# The offer once there is something for the player to do (an action, a round's summary
# to go on from, or the end), else null.
READY_OFFER = f"""() => {{
  const offer = ({READ_OFFER})();
  const thinking = document.querySelector("#decision.thinking") !== null;
  return offer.ended || offer.story || (offer.actions.length && !thinking) ? offer : null;
}}"""


def random_move(page: Any, chooser: random.Random) -> str:
    """Takes one offered action chosen by `chooser` and returns its notation; a move
    that is no choice is left to the page, which makes it after a pause it shows.
    One move in four is a click, the others the Enter key on the control (both are
    how players act; the key is quicker, as no control waits out a double tap)."""
    move = next_move(page, chooser)
    assert move is not None, "a game in progress always offers an action"
    return move


def next_move(page: Any, chooser: random.Random) -> str | None:
    """`random_move`, or None on the end screen. A round's summary held on the table is
    gone on from first. The offer is read in the same look that finds it ready: a move
    made for a player sitting the round out goes at once, so two looks may see two
    different tables."""
    while True:
        offer = wait_for(page, READY_OFFER, timeout=BOOT_TIMEOUT).json_value()
        if offer["ended"]:
            return None
        if not offer["story"]:
            break
        page.click("[data-msg='go-on']")
        page.locator("[data-msg='go-on']").wait_for(state="detached")
    actions = offer["actions"]
    if offer["forced"]:
        assert len(actions) == 1, actions
        wait_for(page, f"document.documentElement.dataset.moves !== '{offer['moves']}'")
        return str(actions[0])
    choice = chooser.randrange(len(actions))
    control = page.locator("[data-action]").nth(choice)
    if chooser.random() < 0.25:
        control.click()  # waits while a control is guarded against a double tap
    else:
        if offer["guarded"]:
            # A key press does not wait for a guarded control: wait for the guard to lift.
            page.locator("[data-guard]").wait_for(state="detached")
        control.press("Enter")
    return str(actions[choice])


def seat_people(page: Any) -> None:
    """On the set-up screen, a person in every seat (a first visit's set-up seats
    three computers beside the player)."""
    for seat in range(page.locator("[name$='-occupant']").count()):
        page.select_option(f"[name='seat-{seat}-occupant']", "human")


def stored_setup(**fields: object) -> str:
    """A script for `add_init_script`: before the page's own scripts, the set-up
    screen's choices `fields` are stored, unless a set-up is stored already (so a
    choice the test makes later, or a reload, keeps what is stored). It saves a
    page load: the first load of the site already finds them."""
    value = json.dumps(json.dumps(fields))
    key = "'senator.setup'"
    return f"if (!localStorage.getItem({key})) localStorage.setItem({key}, {value});"


# Moves that are no choice are left to the test.
MANUAL_MOVES = stored_setup(auto=False)


# How often a wait looks again, in ms. Playwright's default, "raf", looks at every frame,
# which keeps every waiting page drawing frames: about a third of the end-to-end tests'
# time went to that. A benchmark that times a delay with waits sets "raf" again.
POLLING: float | str = 50


def wait_for(page: Any, expression: str, arg: Any = None, timeout: float | None = None) -> Any:
    """`page.wait_for_function`, looking every `POLLING` ms rather than at every frame."""
    return page.wait_for_function(expression, arg=arg, timeout=timeout, polling=POLLING)


def open_game(page: Any, url: str) -> None:
    """Loads the site and waits until its first screen is interactive."""
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)


def copy_site(dist: Path, into: Path) -> Path:
    target = into / "site"
    shutil.copytree(dist, target)
    return target
