"""A game played online by three browsers through the game's own screens, run by
`test_online_game` inside a network namespace of its own (as `online_table.py` is):
the opener sets up a table to play now and sends its link, two friends (one on a
phone's screen) open it, name themselves and sit, the game begins, and each plays
its own seat by tapping the table, through a relay until the game ends; or the host
passes codes with the guests and begins, and they play through the first round.

Usage: `python tests/e2e/online_game.py <dist> relay|codes <shots folder>`. Prints what
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

from tests.e2e.conftest import BOOT_TIMEOUT, READY, SUBPATH, Site, stored_setup, wait_for  # noqa: E402
from tests.e2e.online_table import namespace_chromium, start_relay, wait_for_relay  # noqa: E402

WAIT = 30_000  # ms, for a loaded machine
GAME_SECONDS = 240  # a whole game of three, tapped
TAP_MS = 3000  # a tap waits this long for its control
# Moves tapped at a table met by codes: through the first round, to the second's start. What
# the browser alone shows is the meeting and WebRTC without a relay; the rest of a
# game online (its end, the next game at the table) is the relay game's and
# CPython's (`tests/app/test_online_codes.py`).
CODES_TAPS = 30
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


# A device with no direct path to any other (a network that blocks WebRTC, a phone on
# a carrier's NAT with no TURN server): every connection it makes may use only relayed
# candidates, and no TURN server is given, so no pair of candidates ever forms. It
# counts the connections that opened anyway.
NO_DIRECT = """(() => {
  const Native = window.RTCPeerConnection;
  window.senatorDirect = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(config = {}) {
      super({ ...config, iceTransportPolicy: "relay" });
      this.addEventListener("connectionstatechange", () => {
        if (this.connectionState === "connected") window.senatorDirect += 1;
      });
    }
  };
})();"""

ELSEWHERE = "ws://127.0.0.1:9"  # no relay listens there

SCREEN = "() => document.querySelector('[data-screen]')?.dataset.screen"
OWN_TURN = """() => !!document.querySelector(
  '#decision [data-action]:not([disabled]), #decision [data-msg="pick"]:not([disabled])')"""
MOVED = "(n) => Number(document.documentElement.dataset.moves) > n"
PLAY_NOW = '[data-msg="open-days"][data-value="now"]'
# Seated: the lobby marks the page's seat, or the last seat taken began the game already.
SEATED = '.lobby-seat .you, [data-screen="game"]'
GO_ON = '[data-msg="go-on"], [data-msg="story-read"]'  # past a round's summary, or a story


def moves_of(page: Any) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.moves)"))


def own_turn(page: Any) -> bool:
    """Whether the page shows its own player a decision to make."""
    return bool(page.evaluate(OWN_TURN))


def play_one(page: Any, chooser: random.Random) -> None:
    """A move by tapping: a few cards and the bid, or one of the action buttons. The
    page may change between looking and tapping (the turn passes, the table moves
    on): a tap that finds nothing to press is given up, and the caller looks again."""
    cards = page.locator('#decision [data-msg="pick"]:not([disabled])')
    actions = page.locator("#decision [data-action]:not([disabled])")
    try:
        count = cards.count()  # once: the page may change between two counts
        if count and chooser.random() < 0.6:
            cards.nth(chooser.randrange(count)).click(timeout=TAP_MS)
            confirm = page.locator('[data-msg="confirm"]:not([disabled])')
            if confirm.count():  # the bid is enabled only when the rules allow it
                confirm.first.click(timeout=TAP_MS)
                return
            unpick = page.locator('[data-msg="unpick"]')
            if unpick.count():
                unpick.first.click(timeout=TAP_MS)
        count = actions.count()
        if count:
            actions.nth(chooser.randrange(count)).click(timeout=TAP_MS)
    except PlaywrightTimeout:
        return


def settled(pages: list[Any]) -> None:
    """Waits until every page shows the same number of moves twice in a row, half a
    second apart (a page may still make a move that is no choice itself)."""
    seen: list[int] = []
    for _ in range(60):
        now = [moves_of(page) for page in pages]
        if len(set(now)) == 1 and now == seen:
            return
        seen = now
        pages[0].wait_for_timeout(500)
    raise RuntimeError(f"the pages never showed the same moves: {seen}")


def tap_once(page: Any, chooser: random.Random) -> list[float]:
    """One tap on `page` if it shows its own player's turn, never waiting for a turn
    to come (a page may make a move that is no choice itself, and the turn pass on to
    a device that has stopped): the delay until the move showed, if it did."""
    if not own_turn(page):
        return []
    before = moves_of(page)
    play_one(page, chooser)
    tapped = time.monotonic()
    try:
        wait_for(page, MOVED, arg=before, timeout=TAP_MS)
    except PlaywrightTimeout:
        return []
    return [time.monotonic() - tapped]


def tap(pages: list[Any], chooser: random.Random, moves: int | None = None) -> list[float]:
    """Taps on whichever page shows its own player's turn, `moves` moves or, with None,
    until every page shows the game's end; the delays from each tap until every page
    had its move. A tap whose move shows only after the look for it gave up counts
    when it shows (the turn may have passed to a page not tapped here). A round's
    summary that holds a page (at a table over days) is gone on from."""
    delays: list[float] = []
    deadline = time.monotonic() + GAME_SECONDS
    late: tuple[Any, int, float] | None = None  # the last tap that showed no move yet
    while moves is None or len(delays) < moves:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the game did not end in {GAME_SECONDS} s")
        if moves is None and all(page.evaluate(SCREEN) == "end" for page in pages):
            break
        if late is not None and moves_of(late[0]) > late[1]:
            mover, _before, tapped = late
            late = None
        else:
            for held in [pg for pg in pages if pg.locator(GO_ON).count()]:
                held.locator(GO_ON).first.click(timeout=TAP_MS)
            mover = next((pg for pg in pages if own_turn(pg)), None)
            if mover is None:
                pages[0].wait_for_timeout(100)
                continue
            before = moves_of(mover)
            play_one(mover, chooser)
            tapped = time.monotonic()
            try:
                wait_for(mover, MOVED, arg=before, timeout=3000)
            except PlaywrightTimeout:
                late = (mover, before, tapped)
                continue  # no move yet (or a bid that was not legal): look again
        after = moves_of(mover)
        for page in pages:
            wait_for(page, MOVED, arg=after - 1)
        delays.append(time.monotonic() - tapped)
    return delays


def open_relay_table(host: Any, site: Site, relay: Any, relay_url: str, folder: Path) -> str:
    """The opener's page loads and, once the relay answers, opens a table to play now
    through it: the table's link."""
    host.goto(f"{site.origin}{SUBPATH}?nosw")
    host.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    wait_for_relay(relay, relay_url, folder)
    host.click('[data-msg="online-game"]')
    host.click(PLAY_NOW)
    return str(host.input_value("#days-link"))


def seat_by_link(host: Any, guest: Any, link: str, name: str) -> None:
    """A friend opens the link, names themself and takes a seat."""
    guest.goto(link.replace("#", "?nosw#", 1))  # the link as sent; no service worker here
    guest.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    guest.wait_for_selector('[data-msg="claim-seat"]')
    guest.fill("#seat-0-name", name)
    guest.click('[data-msg="claim-seat"]', timeout=WAIT)
    guest.wait_for_selector(SEATED)


def seat_by_codes(host: Any, guest: Any, name: str, shots: Path, first: bool) -> str:
    """The host's code to one guest and the guest's code back, copied from one page and
    pasted into the other as the players would; the guest then sits. The link sent."""
    host.wait_for_selector('#offer-link, [data-msg="make-code"]')
    if not host.locator("#offer-link").count():
        host.click('[data-msg="make-code"]')
    host.wait_for_selector("#offer-link")
    link = host.input_value("#offer-link")
    guest.goto(link.replace("#", "?nosw#", 1))  # the link as sent; no service worker here
    guest.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    guest.wait_for_selector("#reply-code")
    code = guest.input_value("#reply-code")
    if first:
        host.wait_for_selector(".codes svg.qr")
        host.screenshot(path=str(shots / "online-codes-host-1280.png"))
        guest.wait_for_selector(".codes svg.qr")
        guest.screenshot(path=str(shots / "online-codes-guest-1280.png"))
    host.fill("#answer-code", code)
    host.click('[data-msg="accept-code"]')
    guest.fill("#seat-0-name", name)
    guest.click('[data-msg="take-seat"]', timeout=WAIT)
    guest.wait_for_selector(".lobby-seat .you")
    return code


def play(dist: Path, mode: str, shots: Path, folder: Path) -> dict[str, Any]:
    """Three browsers meet (`mode`: "relay", at a table to play now, by its link through
    a relay on the namespace's loopback; "codes", by codes with no relay at all) and
    play. Through a relay the phone has no direct path to anyone (`NO_DIRECT`): the
    table reaches it through the relay alone, which it knows from the link (its own
    settings name another); it reloads mid-game, comes back to its seat, and the game
    goes on to its end. By codes they play `CODES_TAPS` moves."""
    started = time.monotonic()
    relay, relay_url = start_relay(folder) if mode == "relay" else (None, "ws://127.0.0.1:9")
    site = Site()
    site.mount(SUBPATH, dist)
    errors: list[str] = []
    requests: list[str] = []
    sockets: list[str] = []
    timings: dict[str, float] = {}
    codes: list[str] = []
    copied = ""
    try:
        with sync_playwright() as p:
            browser = namespace_chromium(p)
            pages = []
            for index in range(3):
                context = browser.new_context(viewport=SIZES[index])
                context.set_default_timeout(WAIT)
                context.add_init_script(
                    stored_setup(
                        players=3,
                        names=[NAMES[index], "Brutus", "Cassia", "Decimus", "Marcus"],
                        # The phone's own settings name a relay nobody uses: it meets
                        # the table on the relays its invitation names.
                        relays=[relay_url] if index < 2 else [ELSEWHERE],
                        ice=[],
                        speed="instant",
                    )
                )
                if mode == "relay" and index == 2:
                    context.add_init_script(NO_DIRECT)
                if index == 0:
                    context.grant_permissions(["clipboard-read", "clipboard-write"])
                page = context.new_page()
                page.on("pageerror", lambda err, i=index: errors.append(f"{i}: {err}"))
                page.on(
                    "console",
                    lambda m, i=index: m.type == "error" and errors.append(f"{i}: {m.text}"),
                )
                page.on("request", lambda r: requests.append(r.url))
                page.on("websocket", lambda w: sockets.append(w.url))
                pages.append(page)
            host, *guests = pages
            base = f"{site.origin}{SUBPATH}?nosw"
            host.goto(base)
            host.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
            if relay is not None:
                wait_for_relay(relay, relay_url, folder)
            host.click('[data-msg="online-game"]')
            invited = time.monotonic()
            if mode == "relay":
                host.click(PLAY_NOW)
                link = host.input_value("#days-link")
                host.click('[data-msg="copy"][data-value="days-link"]')
                host.wait_for_selector('[data-msg="copy"][data-value="days-link"]:text("Copied")')
                copied = host.evaluate("navigator.clipboard.readText()")
                host.wait_for_selector(".invitation svg.qr")
                host.screenshot(path=str(shots / "online-host-lobby-1280.png"))
                invited = time.monotonic()
                for guest, name in zip(guests, NAMES[1:], strict=True):
                    seat_by_link(host, guest, link, name)
            else:
                host.click('[data-msg="open-table"][data-value="codes"]')
                link = ""
                for index, (guest, name) in enumerate(zip(guests, NAMES[1:], strict=True)):
                    codes.append(seat_by_codes(host, guest, name, shots, index == 0))
                    link = link or guest.url
            seated = time.monotonic()
            guests[1].screenshot(path=str(shots / f"online-{mode}-guest-lobby-390.png"))
            if mode == "codes":  # a table to play now begins once every seat is taken
                host.wait_for_selector('[data-msg="begin-table"]:not([disabled])')
                host.click('[data-msg="begin-table"]')
            for page in pages:
                page.wait_for_selector('[data-screen="game"]')
            begun = time.monotonic()
            chooser = random.Random(5)
            delays: list[float] = []
            reload_seconds = -1.0
            playing = pages
            if mode == "relay":
                delays += tap(pages, chooser, 8)
                # The phone's page reloads mid-game: it comes back to its seat.
                phone = guests[1]
                reloaded = time.monotonic()
                phone.reload()
                phone.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
                phone.wait_for_selector('[data-screen="game"]')
                wait_for(phone, MOVED, arg=moves_of(host) - 1)
                reload_seconds = time.monotonic() - reloaded
                delays += tap(pages, chooser, 8)
                for index, page in enumerate(pages):
                    page.screenshot(
                        path=str(shots / f"online-table-{index}-{SIZES[index]['width']}.png")
                    )
                # On to the end, the phone reached through the relay alone.
                delays += tap(playing, chooser)
            else:
                delays += tap(playing, chooser, CODES_TAPS)
                settled(playing)
            for index, page in enumerate(playing):
                width = SIZES[pages.index(page)]["width"]
                page.screenshot(path=str(shots / f"online-{mode}-end-{index}-{width}.png"))
            boards = [page.evaluate(BOARD) for page in playing]
            direct = pages[2].evaluate("window.senatorDirect ?? -1") if mode == "relay" else -1
            timings = {
                "start": round(invited - started, 2),
                "invitation_to_seats": round(seated - invited, 2),
                "begin": round(begun - seated, 2),
                "reload": round(reload_seconds, 2),
                "move_delay_median": round(sorted(delays)[len(delays) // 2], 3) if delays else -1,
                "move_delay_max": round(max(delays), 3) if delays else -1,
                "taps": len(delays),
            }
            browser.close()
    finally:
        site.stop()
        if relay is not None:
            relay.terminate()
            relay.wait(10)
    return {
        "link": link,
        "copied": copied,
        "codes": codes,
        "origin": site.origin,
        "relay": relay_url,
        "boards": boards,
        "phone_direct": direct,
        "errors": errors,
        "requests": requests,
        "sockets": sockets,
        "seconds": timings,
    }


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="senator-game-") as folder:
        result = play(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), Path(folder))
        print(json.dumps(result))


if __name__ == "__main__":
    main()
