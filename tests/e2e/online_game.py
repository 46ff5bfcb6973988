"""A game played online by three browsers through the game's own screens, run by
`test_online_game` inside a network namespace of its own (as `online_table.py` is):
the host sets up and invites, two guests (one on a phone's screen) open the link,
name themselves and sit, the host begins, and each plays its own seat by tapping
the table until the moves asked for are made.

Usage: `python tests/e2e/online_game.py <dist> <moves> <shots folder>`. Prints what
each page saw as one JSON object on stdout; the test makes the assertions.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from building.browser import chromium_options  # noqa: E402
from tests.e2e.conftest import BOOT_TIMEOUT, READY, SUBPATH, Site, stored_setup  # noqa: E402
from tests.e2e.online_table import SHOW_ADDRESSES, start_relay, wait_for_relay  # noqa: E402

WAIT = 30_000  # ms, for a loaded machine
NAMES = ("Livia", "Brutus", "Cassia")
SIZES = (
    {"width": 1280, "height": 800},
    {"width": 1280, "height": 800},
    {"width": 390, "height": 844},
)

# What a page shows of the game: the moves made, and the text of every seat's board.
BOARD = """() => ({
  moves: Number(document.documentElement.dataset.moves || -1),
  screen: document.querySelector('[data-screen]')?.dataset.screen,
  seats: [...document.querySelectorAll('.seat-board .seat-name, .seat .seat-name')]
    .map((e) => e.textContent.trim()),
  own: document.querySelector('.own .seat-name')?.textContent.trim() ?? null,
  docket: document.querySelector('.docket')?.textContent.replace(/\\s+/g, ' ').trim() ?? '',
})"""


OWN_TURN = """() => !!document.querySelector(
  '#decision [data-action]:not([disabled]), #decision [data-msg="pick"]:not([disabled])')"""
MOVED = "(n) => Number(document.documentElement.dataset.moves) > n"


def moves_of(page: Any) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.moves)"))


def own_turn(page: Any) -> bool:
    """Whether the page shows its own player a decision to make."""
    return bool(page.evaluate(OWN_TURN))


def play_one(page: Any, chooser: random.Random) -> None:
    """A move by tapping: a few cards and the bid, or one of the action buttons."""
    cards = page.locator('#decision [data-msg="pick"]:not([disabled])')
    actions = page.locator("#decision [data-action]:not([disabled])")
    if cards.count() and chooser.random() < 0.6:
        cards.nth(chooser.randrange(cards.count())).click()
        confirm = page.locator('[data-msg="confirm"]:not([disabled])')
        if confirm.count():
            before = moves_of(page)
            confirm.first.click()
            page.wait_for_timeout(200)
            if moves_of(page) != before:
                return
            unpick = page.locator('[data-msg="unpick"]')
            if unpick.count():
                unpick.first.click()
    if actions.count():
        actions.nth(chooser.randrange(actions.count())).click()


def play(dist: Path, moves: int, shots: Path, folder: Path) -> dict[str, Any]:
    started = time.monotonic()
    relay, relay_url = start_relay(folder)
    site = Site()
    site.mount(SUBPATH, dist)
    errors: list[str] = []
    requests: list[str] = []
    timings: dict[str, float] = {}
    try:
        with sync_playwright() as p:
            options: dict[str, Any] = chromium_options()
            options["args"] = [*options["args"], SHOW_ADDRESSES]
            browser = p.chromium.launch(**options)
            pages = []
            for index in range(3):
                context = browser.new_context(viewport=SIZES[index])
                context.set_default_timeout(WAIT)
                context.add_init_script(
                    stored_setup(
                        players=3,
                        names=[NAMES[index], "Brutus", "Cassia", "Decimus", "Marcus"],
                        relays=[relay_url],
                        ice=[],
                        speed="fast",
                    )
                )
                page = context.new_page()
                page.on("pageerror", lambda err, i=index: errors.append(f"{i}: {err}"))
                page.on(
                    "console",
                    lambda m, i=index: m.type == "error" and errors.append(f"{i}: {m.text}"),
                )
                page.on("request", lambda r: requests.append(r.url))
                pages.append(page)
            host, *guests = pages
            base = f"{site.origin}{SUBPATH}?nosw"
            for page in pages:
                page.goto(base)
            for page in pages:
                page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
            wait_for_relay(relay, relay_url, folder)
            host.click('[data-msg="online-game"]')
            host.click('[data-msg="open-table"]')
            link = host.input_value("#invitation")
            host.wait_for_selector(".invitation svg.qr")
            host.screenshot(path=str(shots / "online-host-lobby-1280.png"))
            invited = time.monotonic()
            for guest, name in zip(guests, NAMES[1:], strict=True):
                guest.goto(link)
                guest.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
                guest.fill("#seat-0-name", name)
                guest.click('[data-msg="take-seat"]', timeout=WAIT)
                guest.wait_for_selector(".lobby-seat .you")
            seated = time.monotonic()
            guests[1].screenshot(path=str(shots / "online-guest-lobby-390.png"))
            host.wait_for_selector('[data-msg="begin-table"]:not([disabled])')
            host.click('[data-msg="begin-table"]')
            for page in pages:
                page.wait_for_selector('[data-screen="game"]')
            begun = time.monotonic()
            chooser = random.Random(5)
            delays: list[float] = []
            made = 0
            deadline = time.monotonic() + 240
            reload_seconds = -1.0
            while made < moves and time.monotonic() < deadline:
                if made == moves // 2 and reload_seconds < 0:
                    # The phone's page reloads mid-game: it comes back to its seat.
                    phone = guests[1]
                    reloaded = time.monotonic()
                    phone.reload()
                    phone.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
                    phone.wait_for_selector('[data-screen="game"]')
                    phone.wait_for_function(MOVED, arg=moves_of(host) - 1)
                    reload_seconds = time.monotonic() - reloaded
                mover = next((pg for pg in pages if own_turn(pg)), None)
                if mover is None:
                    pages[0].wait_for_timeout(100)
                    continue
                before = moves_of(mover)
                play_one(mover, chooser)
                tapped = time.monotonic()
                try:
                    mover.wait_for_function(MOVED, arg=before, timeout=3000)
                except PlaywrightTimeout:
                    continue  # the tap made no move (a bid that was not legal): tap again
                after = moves_of(mover)
                for page in pages:
                    page.wait_for_function(MOVED, arg=after - 1)
                delays.append(time.monotonic() - tapped)
                made += 1
            for index, page in enumerate(pages):
                page.screenshot(
                    path=str(shots / f"online-table-{index}-{SIZES[index]['width']}.png")
                )
            boards = [page.evaluate(BOARD) for page in pages]
            timings = {
                "start": round(invited - started, 2),
                "invitation_to_seats": round(seated - invited, 2),
                "begin": round(begun - seated, 2),
                "reload": round(reload_seconds, 2),
                "move_delay_median": round(sorted(delays)[len(delays) // 2], 3) if delays else -1,
                "move_delay_max": round(max(delays), 3) if delays else -1,
            }
            browser.close()
    finally:
        site.stop()
        relay.terminate()
        relay.wait(10)
    return {
        "link": link,
        "origin": site.origin,
        "relay": relay_url,
        "made": made,
        "boards": boards,
        "errors": errors,
        "requests": requests,
        "seconds": timings,
    }


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="senator-game-") as folder:
        result = play(Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]), Path(folder))
        print(json.dumps(result))


if __name__ == "__main__":
    main()
