"""A whole game's review in the browser: how long it takes, whether the page's main
thread stays free (no task over 50 ms), and whether it gives the marks CPython gives.

Prints figures; asserts nothing. It plays the game `benchmarks/review.py` plays (a
four-player deal, seat 0 the rule-based player with a share of random moves, kept as
a person's seat, the others Normal computers), opens it in Chromium from a file,
asks for its review, and times it from the click to the summary. Chromium's
long-task entries (every main-thread task of 50 ms or more) are gathered all the
while. Then the same game is reviewed in CPython and the two reviews compared.

    .venv/bin/python benchmarks/review_page.py [--no-build] [--game 7] [--runs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from render import serving  # noqa: E402
from review import PERSON, play  # noqa: E402

from building.browser import chromium_options  # noqa: E402
from building.site import built_site  # noqa: E402
from senator_core.records import HUMAN, Record, read_record  # noqa: E402
from senator_core.review import REVIEW_LEVEL, review  # noqa: E402

LONG_TASKS = """() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--game", type=int, default=7, help="the deal's seed")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    dist = built_site(rebuild=not args.no_build)
    game = play(args.game, "normal")
    occupants = tuple(HUMAN if s == PERSON else "normal" for s in range(game.players))
    scratch = Path(tempfile.mkdtemp())
    source = scratch / "game.senator.json"
    source.write_text(Record(game, tuple(range(game.players)), occupants).to_json())

    started = time.perf_counter()
    native = review(game, [PERSON], REVIEW_LEVEL, 0)
    native_seconds = time.perf_counter() - started

    seconds: list[float] = []
    tasks: list[list[float]] = []
    same: list[bool] = []
    with serving(dist, 0) as origin, sync_playwright() as p:
        browser = p.chromium.launch(**chromium_options())
        try:
            for _ in range(args.runs):
                context = browser.new_context(accept_downloads=True)
                page = context.new_page()
                page.goto(origin + "/?nosw")
                page.wait_for_selector("html[data-ready='1']", timeout=120_000)
                page.click("[data-msg='import-file']")
                page.set_input_files("#import-file", str(source))
                page.locator(".review-panel [data-msg='review']").wait_for()
                page.evaluate(LONG_TASKS)
                start = time.perf_counter()
                page.click(".review-panel [data-msg='review']")
                page.locator(".review-panel .review-summary").wait_for(timeout=600_000)
                seconds.append(time.perf_counter() - start)
                tasks.append(page.evaluate("window.longTasks"))
                with page.expect_download() as download:
                    page.click(".replay-actions [data-msg='export']")
                saved = scratch / "reviewed.senator.json"
                download.value.save_as(saved)
                same.append(read_record(saved.read_text()).review == native)
                context.close()
        finally:
            browser.close()

    rated = len(native.ratings)
    print(
        f"A {game.players}-player game (deal {args.game}), {game.moves} moves; seat {PERSON}"
        f" a person's, {rated} of its decisions rated by the {REVIEW_LEVEL} search."
    )
    print(f"CPython: {native_seconds:.1f} s")
    middle = statistics.median(seconds)
    print(
        "in the page (Chromium, Pyodide): "
        + ", ".join(f"{s:.1f} s" for s in seconds)
        + f" (median {middle:.1f} s, {middle / native_seconds:.1f}x CPython)"
    )
    for n, found in enumerate(tasks, 1):
        worst = f", the longest {max(found):.0f} ms" if found else ""
        print(f"  run {n}: {len(found)} main-thread tasks of 50 ms or more{worst}")
    print(
        "the page's review is CPython's, mark for mark and chance for chance: "
        + ("yes" if all(same) else f"NO ({same})")
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
