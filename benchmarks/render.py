"""Render time: how long the page takes to redraw a full five-player board.

Prints figures; asserts nothing. It builds dist/ (unless --no-build), serves it
on loopback, opens a five-player game by link in Chromium and clicks random
legal actions (a seeded `random.Random`) until the board is well filled. Then,
in the page, it times with performance.now():

- the adapter's whole render, `page.draw()` through `pyodide.runPython`: the
  view in Python, the HTML handed to JavaScript and morphed into the page;
  once with the same model each time (what a redraw with nothing new costs)
  and once alternating between two positions one action apart (what a click
  costs: morphdom really patches the DOM), the latter also with a forced
  layout after it (what the browser must do before it can paint);
- `str(view(page.model))` alone, timed inside Python with time.perf_counter;
- morphdom alone, on the two positions' HTML, alternating;
- a click as the page draws it with the motion layer on: the position after the
  action rendered from the one before, so the pieces it moved are measured and
  set flying, then a forced layout.

The same view is also timed under CPython, on the model rebuilt here with
`init` and `update` from the same link and clicks. The target is one frame:
under 16 ms.

    .venv/bin/python benchmarks/render.py [--reps 50] [--actions 40] [--seed 11] [--no-build]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import random
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import senator_core as sc  # noqa: E402
from building.browser import CHROMIUM, chromium_options  # noqa: E402
from building.commands import BuildError  # noqa: E402
from building.server import SiteHandler  # noqa: E402
from building.site import built_site  # noqa: E402
from senator_core.app import Act, Model, init, update, view  # noqa: E402
from senator_core.records import game_link  # noqa: E402

LOAD_TIMEOUT_MS = 180_000
TARGET_MS = 16.0

# Python run in the page (main.py's globals are Pyodide's globals, so `page` is there).
PY_SETUP = """
from senator_core.app import Act, update, view
bench_models = [page.model]
bench_models.append(update(page.model, Act(str(page.model.game.legal_actions()[0])))[0])
bench_html = [str(view(m)) for m in bench_models]
"""
PY_VIEW = """
import json, time
def _bench_view(reps):
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        str(view(page.model))
        times.append((time.perf_counter() - start) * 1000)
    return json.dumps(times)
_bench_view({reps})
"""
PY_RENDER_ALTERNATING = """
page.model = bench_models[{index}]
page.draw()
"""

# JavaScript timing loops: each returns a list of milliseconds.
JS_RENDER_SAME = """(reps) => {
  const py = window.senator.pyodide;
  const times = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    py.runPython("page.draw()");
    times.push(performance.now() - start);
  }
  return times;
}"""
JS_RUN_NOTHING = """(reps) => {
  const py = window.senator.pyodide;
  const times = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    py.runPython("None");
    times.push(performance.now() - start);
  }
  return times;
}"""
JS_RENDER_ALTERNATING = """([reps, code, layout]) => {
  const py = window.senator.pyodide;
  const times = [];
  for (let i = 0; i < reps; i++) {
    const source = code.replace("{index}", String((i + 1) % 2));
    const start = performance.now();
    py.runPython(source);
    if (layout) void document.body.offsetHeight;
    times.push(performance.now() - start);
  }
  return times;
}"""
# A click as the page draws it: from the position before (drawn untimed) to the one
# after, with the motion layer on (what moved flies there), then a forced layout.
JS_RENDER_MOVED = """(reps) => {
  const py = window.senator.pyodide;
  const times = [];
  for (let i = 0; i < reps; i++) {
    py.runPython("page.model = bench_models[0]; page.draw()");
    void document.body.offsetHeight;  // the position before has been laid out, as on screen
    const start = performance.now();
    py.runPython("page.model = bench_models[1]; page.render(bench_models[0])");
    void document.body.offsetHeight;
    times.push(performance.now() - start);
    for (const a of document.getAnimations()) a.finish();
  }
  return times;
}"""
JS_MORPH = """(reps) => {
  const py = window.senator.pyodide;
  const html = py.globals.get("bench_html").toJs();
  const root = () => document.getElementById("app");
  const options = { childrenOnly: false };
  const times = [];
  for (let i = 0; i < reps; i++) {
    const next = html[(i + 1) % 2];
    const start = performance.now();
    window.morphdom(root(), next, options);
    times.push(performance.now() - start);
  }
  return times;
}"""
JS_SIZE = """() => ({
  nodes: document.getElementById("app").querySelectorAll("*").length,
  actions: document.querySelectorAll("[data-action]").length,
  screen: document.querySelector("[data-screen]").dataset.screen,
})"""


# --------------------------------------------------------------------------- serving


class Quiet(SiteHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serving(dist: Path, port: int) -> Iterator[str]:
    """dist/ on loopback; yields the origin."""
    handler = functools.partial(Quiet, directory=str(dist))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------- measuring


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):8.2f} {min(times):8.2f} {max(times):8.2f}"


def fill_board(page: Page, actions: int, choices: int, seed: int) -> list[str]:
    """Clicks `actions` random legal actions, then more until the decision offers at
    least `choices` controls (a debate with full hands), at most 100 more."""
    chooser = random.Random(seed)
    clicked: list[str] = []
    for _ in range(actions + 100):
        texts: list[str] = page.locator("[data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
        if not texts or (len(clicked) >= actions and len(texts) >= choices):
            break
        choice = chooser.randrange(len(texts))
        clicked.append(texts[choice])
        page.locator("[data-action]").nth(choice).click()
    return clicked


def cpython_model(url: str, clicked: list[str]) -> Model:
    """The page's model, rebuilt under CPython from the same link and clicks."""
    parts = urlsplit(url)
    link = parse_qs(parts.query)["game"][0]
    model, _ = init({}, link, f"{parts.scheme}://{parts.netloc}{parts.path}")
    for text in clicked:
        model = update(model, Act(text))[0]
    return model


def time_cpython_view(model: Model, reps: int) -> list[float]:
    for _ in range(5):
        str(view(model))
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        str(view(model))
        times.append((time.perf_counter() - start) * 1000)
    return times


results_flights: list[int] = []  # pieces the measured click flies


def measure(page: Page, reps: int) -> dict[str, list[float]]:
    """Every in-page timing, each after a few unmeasured runs."""
    warm = 5
    page.evaluate(f"window.senator.pyodide.runPython({json.dumps(PY_SETUP)})")
    results: dict[str, list[float]] = {}
    results["runPython('None') alone"] = page.evaluate(JS_RUN_NOTHING, reps + warm)[warm:]
    for layout in (False, True):
        label = "render, two positions" + (" + layout" if layout else "")
        times = page.evaluate(JS_RENDER_ALTERNATING, [reps + warm, PY_RENDER_ALTERNATING, layout])
        results[label] = times[warm:]
    results["render of a click, motion on + layout"] = page.evaluate(JS_RENDER_MOVED, reps + warm)[
        warm:
    ]
    flights = page.evaluate(
        "window.senator.pyodide.runPython("
        "'len(page.moves_to_show(bench_models[0], bench_models[1]))')"
    )
    results_flights.append(int(flights))
    page.evaluate("window.senator.pyodide.runPython('page.model = bench_models[0]; page.draw()')")
    results["render, same model"] = page.evaluate(JS_RENDER_SAME, reps + warm)[warm:]
    code = json.dumps(PY_VIEW.replace("{reps}", str(reps + warm)))
    text = page.evaluate(f"window.senator.pyodide.runPython({code})")
    results["str(view(model)) in Python"] = json.loads(text)[warm:]
    results["morphdom alone, two positions"] = page.evaluate(JS_MORPH, reps + warm)[warm:]
    page.evaluate("window.senator.pyodide.runPython('page.draw()')")
    return results


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time the game board's re-render in the page (prints, asserts nothing)."
    )
    parser.add_argument("--reps", type=int, default=50, help="measured runs (default 50)")
    parser.add_argument("--actions", type=int, default=60, help="random actions first")
    parser.add_argument(
        "--choices", type=int, default=12, help="then play on until this many choices show"
    )
    parser.add_argument("--seed", type=int, default=11, help="deal and chooser seed")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--port", type=int, default=0, help="server port (default: a free one)")
    args = parser.parse_args(argv)
    if args.reps < 1 or args.actions < 0:
        parser.error("--reps must be at least 1 and --actions at least 0")

    try:
        dist = built_site(rebuild=not args.no_build)
    except BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1

    config = sc.GameConfig(players=5, seed=args.seed, first_opener=0)
    with serving(dist, args.port) as origin, sync_playwright() as playwright:
        options: dict[str, Any] = chromium_options()
        browser = playwright.chromium.launch(**options)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(LOAD_TIMEOUT_MS)
            page = context.new_page()
            # Moves that are no choice are left to the clicks here, so the clicks replay.
            page.add_init_script(
                "localStorage.setItem('senator.setup', JSON.stringify({auto: false}))"
            )
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))
            url = f"{origin}/{game_link(config)}&nosw"
            page.goto(url)
            page.wait_for_function("window.senator && window.senator.pyodide")
            clicked = fill_board(page, args.actions, args.choices, args.seed)
            size: dict[str, Any] = page.evaluate(JS_SIZE)
            page_html: str = page.evaluate(
                "window.senator.pyodide.runPython('from senator_core.app import view; "
                "str(view(page.model))')"
            )
            results = measure(page, args.reps)
        finally:
            browser.close()

    model = cpython_model(url, clicked)
    game = model.game
    assert game is not None
    results["str(view(model)) in CPython"] = time_cpython_view(model, args.reps)
    cpython_html = str(view(model))

    browser_name = CHROMIUM if CHROMIUM.exists() else "(Playwright)"
    print(f"Chromium {browser_name}; cores: {os.cpu_count()}")
    print(
        f"Board: 5 players, deal {args.seed}, after {len(clicked)} random actions: "
        f"round {game.round}, decision {game.decision}, screen {size['screen']}"
    )
    print(
        f"  {size['nodes']} elements, {size['actions']} action buttons, "
        f"{len(page_html):,} characters of HTML"
    )
    same = "identical" if cpython_html == page_html else "DIFFERENT"
    print(f"  CPython renders the same model to {same} HTML")
    if errors:
        print(f"  page errors: {errors}")
    print()
    heading = f"milliseconds, {args.reps} runs each"
    print(f"{heading:44}{'median':>8} {'min':>8} {'max':>8}")
    for label, times in results.items():
        where = "CPython" if "CPython" in label else "Pyodide"
        name = label.replace(" in CPython", "").replace(" in Python", "")
        print(f"  {where + ': ' + name:42}{spread(times)}")
    print()
    print(f"target: under {TARGET_MS:.0f} ms for a re-render (one frame at 60 Hz)")
    worst = statistics.median(results["render of a click, motion on + layout"])
    verdict = "within" if worst < TARGET_MS else "over"
    flights = results_flights[0] if results_flights else 0
    print(
        f"  a click's render with motion ({flights} pieces flying) and layout, "
        f"median {worst:.2f} ms: {verdict} the target (aim: 8 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
