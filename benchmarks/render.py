"""Render time: how long the page takes to redraw a full five-player board.

Prints figures; asserts nothing. It builds dist/ (unless --no-build), serves it
on loopback, opens a five-player game by link in Chromium and clicks random
legal actions (a seeded `random.Random`), going on past each round's summary,
until the board is well filled: round 3, a debate with a full choice of bids.
Then, in the page, it times with performance.now():

- the adapter's whole render, `page.draw()` through `pyodide.runPython`: the
  view in Python, the drawing thinned (what the page shows already sent empty)
  and handed to JavaScript, and the page patched (web/assets/patch.js); once
  with the same model each time (what a redraw with nothing new costs) and once
  alternating between two positions one action apart (what a click costs), the
  latter also with a forced layout after it (what the browser must do before it
  can paint);
- a click as the page draws it with the motion layer on: the position after the
  action drawn over the one before, so the pieces it moved are measured and set
  flying, then a forced layout; and the same click taken apart phase by phase;
- `str(view(page.model))` alone, timed inside Python with time.perf_counter;
- the patch alone, on the two positions' HTML, alternating, whole and thinned.

The same view is also timed under CPython, on the model rebuilt here with
`init` and `update` from the same link and clicks. The target: a click within
8 ms, half a frame at 60 Hz.

    .venv/bin/python benchmarks/render.py [--reps 50] [--actions 60] [--seed 11] [--no-build]
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
from urllib.parse import urlsplit

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
TARGET_MS = 8.0  # half a frame at 60 Hz

# Python run in the page (main.py's globals are Pyodide's globals, so `page` is there).
PY_SETUP = """
from senator_core.app import Act, update, view
from senator_core.app.effects import Animate
from senator_core.app.ui.html import thinned
bench_models = [page.model]
_after, _effects = update(page.model, Act(str(page.model.game.legal_actions()[0])))
bench_models.append(_after)
bench_animate = next((e for e in _effects if isinstance(e, Animate)), None)
bench_html = [str(view(m)) for m in bench_models]
# Each position as the page is sent it after the other: what it already shows comes empty.
bench_thin = [thinned(bench_html[i], thinned(bench_html[1 - i], ())[1])[0] for i in (0, 1)]
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
    py.runPython("page.model = bench_models[1]; page.draw(bench_animate)");
    void document.body.offsetHeight;
    times.push(performance.now() - start);
    for (const a of document.getAnimations()) a.finish();
  }
  return times;
}"""
# The same click taken apart, phase by phase, as `Page.draw` runs them.
JS_PHASES = """(reps) => {
  const py = window.senator.pyodide;
  const animate = py.globals.get("bench_animate");
  const moves = animate ? py.runPython("[list(m) for m in bench_animate.moves]").toJs() : [];
  const ms = animate ? animate.ms : 0;
  const phases = { "motion: note the pieces": [], "view to HTML, thinned (Python)": [],
    "patch: parse and morph": [], "motion: measure and fly": [], "layout after": [] };
  const names = Object.keys(phases);
  for (let i = 0; i < reps; i++) {
    py.runPython("page.model = bench_models[0]; page.draw()");
    void document.body.offsetHeight;
    const t = [performance.now()];
    const noted = window.senatorMotion.before(moves);
    t.push(performance.now());
    const html = py.runPython(
      "_thin = thinned(str(view(bench_models[1])), page.shown); page.shown = _thin[1]; _thin[0]");
    t.push(performance.now());
    if (!window.senatorPatch(document.getElementById("app"), html)) throw new Error("missed");
    t.push(performance.now());
    window.senatorMotion.after(noted, ms);
    t.push(performance.now());
    void document.body.offsetHeight;
    t.push(performance.now());
    names.forEach((name, k) => phases[name].push(t[k + 1] - t[k]));
    for (const a of document.getAnimations()) a.finish();
  }
  py.runPython("page.model = bench_models[1]");
  return phases;
}"""
JS_PATCH = """([reps, name]) => {
  const py = window.senator.pyodide;
  const html = py.globals.get(name).toJs();
  const root = () => document.getElementById("app");
  const times = [];
  for (let i = 0; i < reps; i++) {
    const next = html[(i + 1) % 2];
    const start = performance.now();
    window.senatorPatch(root(), next);
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
        if not texts:
            onward = page.locator('[data-msg="go-on"]')
            if not onward.count():
                break
            onward.first.click()  # a round's summary: on to the next round
            continue
        if len(clicked) >= actions and len(texts) >= choices:
            break
        choice = chooser.randrange(len(texts))
        clicked.append(texts[choice])
        page.locator("[data-action]").nth(choice).click()
    return clicked


def cpython_model(url: str, clicked: list[str]) -> Model:
    """The page's model, rebuilt under CPython from the same link and clicks."""
    parts = urlsplit(url)
    model, _ = init({}, parts.query, f"{parts.scheme}://{parts.netloc}{parts.path}")
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
results_sizes: list[int] = []  # the thinned drawings' lengths


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
    phases: dict[str, list[float]] = page.evaluate(JS_PHASES, reps + warm)
    for name, times in phases.items():
        results[f"  click phase: {name}"] = times[warm:]
    flights = page.evaluate(
        "window.senator.pyodide.runPython('len(bench_animate.moves) if bench_animate else 0')"
    )
    results_flights.append(int(flights))
    page.evaluate("window.senator.pyodide.runPython('page.model = bench_models[0]; page.draw()')")
    results["render, same model"] = page.evaluate(JS_RENDER_SAME, reps + warm)[warm:]
    code = json.dumps(PY_VIEW.replace("{reps}", str(reps + warm)))
    text = page.evaluate(f"window.senator.pyodide.runPython({code})")
    results["str(view(model)) in Python"] = json.loads(text)[warm:]
    page.evaluate("window.senator.pyodide.runPython('page.model = bench_models[0]; page.draw()')")
    for name, label in (("bench_html", "whole drawing"), ("bench_thin", "thinned")):
        times = page.evaluate(JS_PATCH, [reps + warm, name])[warm:]
        results[f"patch alone, {label}, two positions"] = times
    thin = page.evaluate("window.senator.pyodide.runPython('[len(t) for t in bench_thin]').toJs()")
    results_sizes.extend(thin)
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
    if results_sizes:
        print(
            f"  a click sends {results_sizes[1]:,} and {results_sizes[0]:,} characters, "
            "what the page already shows left out"
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
    print(f"target: a click within {TARGET_MS:.0f} ms (half a frame at 60 Hz)")
    worst = statistics.median(results["render of a click, motion on + layout"])
    verdict = "within" if worst <= TARGET_MS else "over"
    flights = results_flights[0] if results_flights else 0
    print(
        f"  a click's render with motion ({flights} pieces flying) and layout, "
        f"median {worst:.2f} ms: {verdict} the target"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
