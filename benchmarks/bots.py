"""Computer senators' speed: search iterations per second and decision time per
level, in CPython and in Pyodide (headless Chromium) side by side, and the
longest main-thread task while computers play in the page.

Prints figures; asserts nothing. The same code (MEASURE below) runs in this
process and in the page, on the same positions: fifteen decisions with a real
choice from seeded games (3, 4 and 5 players, openings, debates, later
rounds). For each level it prints the median and longest decision, the
iterations per second, and the ratio Pyodide / CPython; and the longest
step of `thinking` between two yields in the browser (a slice of the page's
time may overrun its length by that much). Targets: Expert within 1.0 s in
the browser at the 95th percentile; Hard's iterations at least 3 times as
fast as the baseline's (Hard before playouts were cut at a debate's end), in
both.

Then, in a fresh page, it sets up a game of four Expert computers at the instant
pace and watches it to its end (at most `--watch` seconds) with a
PerformanceObserver for long tasks (over 50 ms): the page must never be
frozen that long while a computer thinks. The task that draws the end screen,
when no computer is left to think, is printed apart. As a control, the
same observer sees one Expert decision run in a single task, without slicing.

    .venv/bin/python benchmarks/bots.py [--reps 3] [--watch 90] [--no-build]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render import serving  # noqa: E402

from building import folders  # noqa: E402
from building.browser import chromium_options  # noqa: E402
from building.site import build_site  # noqa: E402

LOAD_TIMEOUT_MS = 180_000
LONG_TASK_MS = 50
LEVELS = ("easy", "normal", "hard", "expert", "baseline", "pinned_hard")

# Run here and in the page: defines bench(levels, reps) -> JSON text.
MEASURE = """
import json
import statistics
import time

import senator_core as sc
from senator_core.bots import make
from senator_core.bots.heuristic import candidates

SPOTS = (  # (players, seed, moves played first): openings, debates, rounds 2 and 3
    (4, 1, 0), (4, 2, 25), (5, 3, 12), (3, 4, 60), (4, 5, 95),
    (3, 6, 20), (5, 7, 40), (4, 8, 70), (5, 9, 110), (3, 10, 30),
    (4, 11, 50), (5, 12, 160), (4, 13, 130), (3, 14, 90), (5, 15, 5),
)


def bench_positions():
    out = []
    for players, seed, moves in SPOTS:
        game = sc.new_game(sc.GameConfig(players=players, seed=seed, first_opener=0))
        rule = make("heuristic")
        while game.moves < moves or len(candidates(game, game.legal_actions())) < 2:
            game.apply(rule.choose(game))
        out.append(game)
    return out


def bench(levels, reps):
    games = bench_positions()
    for game in games:  # warm up: the first calls in Pyodide compile and cache
        make("hard", seed=0, iterations=20).choose(game)
    result = {}
    for level in levels:
        times = []
        slices = []
        iterations = 0
        for _ in range(reps):
            for game in games:
                bot = make(level, seed=1)
                steps = bot.thinking(game)
                start = step = time.perf_counter()
                while True:
                    try:
                        next(steps)
                    except StopIteration:
                        break
                    now = time.perf_counter()
                    slices.append(now - step)
                    step = now
                times.append(time.perf_counter() - start)
                iterations += bot.searched
        ordered = sorted(times)
        result[level] = {
            "median_ms": 1000 * statistics.median(times),
            "p95_ms": 1000 * ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
            "max_ms": 1000 * max(times),
            "iterations_per_s": iterations / sum(times),
            "longest_step_ms": 1000 * max(slices),
        }
    return json.dumps(result)
"""

JS_OBSERVE = """() => {
  window.longTasks = [];
  window.endAt = null;
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      window.longTasks.push([entry.startTime, entry.duration]);
    }
  }).observe({ type: "longtask" });
  new MutationObserver(() => {
    if (window.endAt === null && document.querySelector("[data-screen='end']")) {
      window.endAt = performance.now();
    }
  }).observe(document.body, { childList: true, subtree: true });
  return PerformanceObserver.supportedEntryTypes.includes("longtask");
}"""
# In a task of its own, as a page event would run it (an evaluate from here is not one).
JS_UNSLICED = """() => setTimeout(() => window.senator.pyodide.runPython(
  "import senator_core as sc\\n" +
  "from senator_core.bots import make\\n" +
  "make('expert', 1).choose(sc.new_game(sc.GameConfig(players=4, seed=7)))"), 0)"""
PY_MOVES = "window.senator.pyodide.runPython('page.model.game.moves if page.model.game else 0')"


def in_cpython(reps: int) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    exec(MEASURE, scope)
    result: dict[str, Any] = json.loads(scope["bench"](list(LEVELS), reps))
    return result


def in_pyodide(page: Page, reps: int) -> dict[str, Any]:
    page.evaluate("code => window.senator.pyodide.runPython(code)", MEASURE)
    text = page.evaluate(
        "code => window.senator.pyodide.runPython(code)", f"bench({list(LEVELS)!r}, {reps})"
    )
    result: dict[str, Any] = json.loads(text)
    return result


def watch_computers(
    page: Page, origin: str, seconds: float, level: str = "expert", pace: str = "instant"
) -> dict[str, Any]:
    """Four computers of `level` at `pace`, watched with a long-task observer (at the
    normal pace the pieces fly, so the animations are counted too)."""
    page.goto(f"{origin}/?nosw")
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=LOAD_TIMEOUT_MS)
    page.click("[data-msg='new-game']")
    page.select_option("[name='players']", "4")
    for seat in range(4):
        page.select_option(f"[name='seat-{seat}-occupant']", level)
    page.fill("[name='seed']", "7")
    supported = page.evaluate(JS_OBSERVE)
    page.click("[data-msg='start']")
    page.select_option("[name='speed']", pace)
    # From here on only the computers run: the start and the pace change, a person's
    # clicks that draw the whole board, are not counted.
    page.evaluate("window.longTasks = []")
    with contextlib.suppress(PlaywrightTimeout):
        page.locator("[data-screen='end']").wait_for(timeout=seconds * 1000)
    page.wait_for_timeout(300)  # long-task entries arrive a little after their task
    entries: list[list[float]] = page.evaluate("window.longTasks")
    end = page.evaluate("window.endAt")
    # The task that draws the end screen is the last move's, with no computer left
    # thinking; it is counted apart.
    tasks = [d for start, d in entries if end is None or start + d < end - 1]
    final = [d for start, d in entries if end is not None and start + d >= end - 1]
    moves = int(page.evaluate(PY_MOVES))
    # The control: one Expert opening decision in a single task, as it would run
    # unsliced, with the computers stopped (the page back at its title screen).
    page.evaluate(
        "window.senator.pyodide.runPython('from dataclasses import replace; "
        'page.model = replace(page.model, screen="title"); page.draw()\')'
    )
    page.wait_for_timeout(200)
    page.evaluate("window.longTasks = []")
    page.evaluate(JS_UNSLICED)
    page.wait_for_timeout(500)
    control: list[float] = page.evaluate("window.longTasks")
    return {
        "supported": supported,
        "tasks": tasks,
        "final": final,
        "ended": end is not None,
        "moves": moves,
        "control": control,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3, help="runs over the positions per level")
    parser.add_argument(
        "--watch", type=float, default=90.0, help="most seconds of watched play (to the end)"
    )
    parser.add_argument(
        "--paced", type=float, default=60.0, help="seconds of Normal computers at the normal pace"
    )
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    args = parser.parse_args(argv)
    if not args.no_build:
        build_site()
    cpython = in_cpython(args.reps)
    with serving(folders.DIST, 0) as origin, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_options())
        try:
            page = browser.new_page()
            page.set_default_timeout(LOAD_TIMEOUT_MS)
            page.goto(f"{origin}/?nosw")
            page.wait_for_selector("html[data-ready='1']", state="attached")
            pyodide = in_pyodide(page, args.reps)
            watched = watch_computers(browser.new_page(), origin, args.watch)
            paced = watch_computers(
                browser.new_page(), origin, args.paced, level="normal", pace="normal"
            )
        finally:
            browser.close()

    scope: dict[str, Any] = {}
    exec(MEASURE, scope)
    spots = len(scope["SPOTS"])
    print(f"cores: {os.cpu_count()}; {args.reps} runs over {spots} positions per level")
    print(
        f"{'level':<8}{'':>2}{'CPython ms median/max':>24}{'Pyodide ms median/max':>24}"
        f"{'CPython it/s':>14}{'Pyodide it/s':>14}{'ratio':>7}"
    )
    for level in LEVELS:
        c, p = cpython[level], pyodide[level]
        ratio = c["iterations_per_s"] / p["iterations_per_s"]
        print(
            f"{level:<8}{'':>2}{c['median_ms']:>12.1f}/{c['max_ms']:<11.1f}"
            f"{p['median_ms']:>12.1f}/{p['max_ms']:<11.1f}"
            f"{c['iterations_per_s']:>14.0f}{p['iterations_per_s']:>14.0f}{ratio:>7.2f}"
        )
    expert = pyodide["expert"]["p95_ms"] / 1000
    print(f"Expert's decision in the browser, 95th percentile: {expert:.2f} s (target 1.0 s)")
    before, after = (cpython[level]["iterations_per_s"] for level in ("baseline", "hard"))
    slow_before, slow_after = (pyodide[level]["iterations_per_s"] for level in ("baseline", "hard"))
    print(
        "iterations per second, Hard's search against the baseline's (before the cut at a "
        f"debate's end): CPython {after / before:.2f}x, Pyodide {slow_after / slow_before:.2f}x"
    )
    steps = ", ".join(f"{level} {pyodide[level]['longest_step_ms']:.1f}" for level in LEVELS)
    print(f"longest step between two yields in the browser, ms: {steps}")
    print()
    tasks = watched["tasks"]
    ending = "to the end" if watched["ended"] else f"for {args.watch:.0f} s"
    print(
        f"four Expert computers at the instant pace, watched {ending}: "
        f"{watched['moves']} moves; long-task observer supported: {watched['supported']}"
    )
    longest = max(tasks) if tasks else 0.0
    print(
        f"  tasks over {LONG_TASK_MS} ms: {len(tasks)}, the longest {longest:.0f} ms "
        f"({'none' if not tasks else ', '.join(f'{t:.0f}' for t in sorted(tasks)[-5:])})"
    )
    final = watched["final"]
    if final:
        print(f"  the end screen's drawing: a {max(final):.0f} ms task")
    control = watched["control"]
    print(
        "  control, one Expert decision unsliced: "
        + (
            f"a {max(d for _, d in control):.0f} ms task"
            if control
            else "no long task (a fast decision)"
        )
    )
    tasks = paced["tasks"]
    ending = "to the end" if paced["ended"] else f"for {args.paced:.0f} s"
    longest = max(tasks) if tasks else 0.0
    print(
        f"four Normal computers at the normal pace, pieces flying, watched {ending}: "
        f"{paced['moves']} moves; tasks over {LONG_TASK_MS} ms: {len(tasks)}, "
        f"the longest {longest:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
