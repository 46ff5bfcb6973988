"""A table over days through the game's own screens, run by `test_online_game` inside a
network namespace of its own: the site and a Nostr relay on the namespace's loopback,
three browsers (each with its own storage) whose pages open and close one after
another, never two at once.

Ann opens a table over days and closes the page; Bea and Cyd open its link in turn and
take a seat; then each opens the title, reads the list of tables, opens the table,
reads what happened since, and moves while it is their turn. After two rounds of
visits Bea and Cyd leave the table (a computer takes each seat for good) and Ann
plays it to its end; Bea opens the title last and finds it ended.

With `together`, the three pages are open at once instead (`together`): once they
have met directly the relay stops, and they play on to the game's end over WebRTC
alone.

Usage: `python tests/e2e/online_days.py <dist> <shots> [together]`. Prints what each
page saw as one JSON object on stdout; the test makes the assertions.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import BOOT_TIMEOUT, READY, SUBPATH, Site, wait_for  # noqa: E402
from tests.e2e.online_game import OWN_TURN, SCREEN, SEATED, moves_of, play_one  # noqa: E402
from tests.e2e.online_game import tap as tap_all  # noqa: E402
from tests.e2e.online_table import namespace_chromium, start_relay, wait_for_relay  # noqa: E402

NAMES = ("Ann", "Bea", "Cyd")
WAIT = 30_000  # ms, for a loaded machine
# The page's list of tables and the state of each line.
LIST = """() => [...document.querySelectorAll('.days-table')].map((e) => ({
  state: e.querySelector('.days-state')?.textContent.trim(),
  names: e.querySelector('.days-names')?.textContent.trim(),
  last: e.querySelector('.days-last')?.textContent.trim() ?? '',
}))"""
# Whether the page's table over days has its decision, the story since, or nothing to
# do for its player (someone else awaited, the game over).
STATE = """() => {
  if (document.querySelector('.since-story')) return 'story';
  if (document.querySelector('[data-screen="end"]')) return 'end';
  if (document.querySelector(
    '#decision [data-action]:not([disabled]), #decision [data-msg="pick"]:not([disabled])'))
    return 'turn';
  if (document.querySelector('.days-waiting, .days-status')) return 'waiting';
  if (document.querySelector('.days-lobby .lobby-status')) return 'lobby';
  return '';
}"""


class Player:
    """One browser with its own storage; a page of it opened and closed at will."""

    def __init__(self, browser: Any, name: str, origin: str, shots: Path) -> None:
        self.name = name
        self.shots = shots
        self.origin = origin
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page: Any = None
        self.errors: list[str] = []
        self.opened = 0

    def open(self, fragment: str = "") -> Any:
        """Opens the page (the title, or `fragment`'s link) and waits for it to be ready."""
        assert self.page is None
        self.opened += 1
        page = self.page = self.context.new_page()
        page.on("pageerror", lambda err: self.errors.append(f"{self.name}: {err}"))
        page.on(
            "console",
            lambda m: m.type == "error" and self.errors.append(f"{self.name}: {m.text}"),
        )
        page.goto(f"{self.origin}{SUBPATH}?nosw{fragment}")
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
        return page

    def close(self) -> None:
        self.page.close()
        self.page = None


# Whether the relay holds every entry this page's device made at the open table.
PUBLISHED = """() => window.senator.pyodide.runPython(
  "d = page.model.days\\n" +
  "held = set().union(*d.shelves.held.values()) if d is not None else set()\\n" +
  "d is not None and all(r.slot in held for r in d.records() if r.author == d.key.public)")"""


# Whether the title's list is caught up: the relay has answered for every table going on.
CAUGHT_UP = """() => window.senator.pyodide.runPython(
  "m = page.model\\n" +
  "going = [t for t in m.tables if not t.over]\\n" +
  "len(m.peeks) >= len(going) and all(p.shelves.answered for p in m.peeks)")"""


def published(page: Any) -> None:
    """Waits until the relay holds every entry the page's device made (a page closed
    before then would leave them for its next visit to publish)."""
    wait_for(page, PUBLISHED, timeout=WAIT)


def open_days_table(player: Player, relay_url: str, days: str) -> str:
    """The player opens a three-seat table over days through `relay_url`, `days` for
    each move, as a player would set it up: the table's link."""
    page = player.open()
    page.click('[data-msg="online-game"]')
    page.select_option("#players", "3")
    page.fill("#seat-0-name", player.name)
    page.click("details.connection summary")
    page.fill("#relays", relay_url)
    page.select_option("#days", days)
    page.click('[data-msg="open-days"]:not([data-value])')
    page.wait_for_selector("#days-link", timeout=WAIT)
    return str(page.input_value("#days-link"))


def take_seat(friend: Player, fragment: str) -> str:
    """A friend opens the table's link, writes their name and takes a seat; what the
    lobby said before."""
    page = friend.open(fragment)
    page.wait_for_selector('[data-msg="claim-seat"]', timeout=WAIT)
    said = str(page.locator(".lobby-status").inner_text())
    page.fill("#seat-0-name", "")
    page.locator("#seat-0-name").press_sequentially(friend.name)  # key by key, as typed
    page.click('[data-msg="claim-seat"]')
    page.wait_for_selector(SEATED, timeout=WAIT)
    return said


def open_the_table(player: Player) -> dict[str, Any]:
    """From the title's list: opens the table, reads the story since, if any. What the
    list and the story said."""
    page = player.page
    page.wait_for_selector(".days-table", timeout=WAIT)
    wait_for(page, CAUGHT_UP, timeout=WAIT)  # the list says whose turn it is now
    seen: dict[str, Any] = {"list": page.evaluate(LIST)}
    page.click(".days-table button")
    wait_for(page, f"() => ({STATE})() !== ''", timeout=WAIT)
    if page.evaluate(STATE) == "story":
        seen["story"] = page.locator(".since-story").inner_text()
        shot = player.shots / "days-story-1280.png"
        if not shot.exists():
            page.screenshot(path=str(shot))
        page.click('[data-msg="story-read"]')
    return seen


def tap(page: Any, chooser: random.Random) -> bool:
    """One move if the page shows its player's turn, or on past a round's summary;
    whether there was anything to tap."""
    go_on = page.locator('[data-msg="go-on"]')
    if go_on.count():
        go_on.first.click()
        return True
    if page.evaluate(OWN_TURN):
        play_one(page, chooser)
        return True
    return False


def say(page: Any, line: str) -> None:
    """Writes a line in the table's chat, key by key, and sends it with Enter."""
    field = page.locator('.days-chat input[name="chat"]')
    field.press_sequentially(line)
    field.press("Enter")
    wait_for(
        page, f"() => document.querySelector('.days-chat .chat').textContent.includes({line!r})"
    )


def moves_while_my_turn(player: Player, chooser: random.Random) -> int:
    """Taps while the page shows its player's turn; how many moves showed meanwhile."""
    page = player.page
    first = moves_of(page)
    quiet = 0
    while quiet < 4:
        if tap(page, chooser):
            quiet = 0
            page.wait_for_timeout(150)
        else:
            quiet += 1
            page.wait_for_timeout(250)
    return moves_of(page) - first


Scenario = Callable[[list[Player], Any, str, Path, Path, random.Random, dict[str, Any]], None]


def play(dist: Path, shots: Path, folder: Path, scenario: Scenario) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    relay, relay_url = start_relay(folder)
    site = Site()
    site.mount(SUBPATH, dist)
    chooser = random.Random(5)
    out: dict[str, Any] = {"visits": [], "errors": []}
    players: list[Player] = []
    try:
        with sync_playwright() as p:
            browser = namespace_chromium(p)
            players = [Player(browser, n, site.origin, shots) for n in NAMES]
            wait_for_relay(relay, relay_url, folder)
            try:
                scenario(players, relay, relay_url, folder, shots, chooser, out)
            except Exception:
                print([e[:2000] for p in players for e in p.errors], file=sys.stderr)
                for player in players:
                    if player.page is not None:
                        shot = shots / f"days-failed-{player.name}.png"
                        player.page.screenshot(path=str(shot))
                raise
            out["errors"] = [e for p in players for e in p.errors]
            out["opened"] = sum(p.opened for p in players)
            browser.close()
    finally:
        relay.terminate()
        site.stop()
    out["seconds"] = round(time.monotonic() - started, 1)
    return out


def visits(
    players: list[Player],
    relay: Any,
    relay_url: str,
    folder: Path,
    shots: Path,
    chooser: random.Random,
    out: dict[str, Any],
) -> None:
    """The visits, one page open at a time (see the module's note)."""
    ann, bea, cyd = players
    # Ann opens a table over days, two days a move, and closes the page.
    link = open_days_table(ann, relay_url, "2")
    page = ann.page
    published(page)  # the offer reaches the relay
    page.screenshot(path=str(shots / "days-lobby-1280.png"))
    ann.close()
    fragment = "#" + link.split("#", 1)[1]
    out["link"] = link
    # Bea, then Cyd, opens the link and takes a seat.
    for friend in (bea, cyd):
        out.setdefault("invited", []).append(take_seat(friend, fragment))
        published(friend.page)
        friend.close()
    # Two rounds of visits, one page at a time; Ann leaves a line in the chat.
    for turn in range(6):
        player = players[turn % 3]
        page = player.open()
        seen = open_the_table(player)
        chat = page.locator(".days-chat .chat")
        seen["chat"] = chat.inner_text() if chat.count() else None
        if turn == 3:
            say(page, "Back on Monday")
        if turn == 5:  # a reload comes back to the table, not to the title
            page.reload()
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
            wait_for(page, f"() => ({STATE})() !== ''", timeout=WAIT)
            seen["reloaded"] = page.evaluate(SCREEN)
        seen["moved"] = moves_while_my_turn(player, chooser)
        seen["who"] = player.name
        seen["moves"] = moves_of(page)
        published(page)  # what it added reaches the relay
        out["visits"].append(seen)
        player.close()
    # Bea and Cyd leave for good; Ann plays on to the end with two computers.
    for leaver in (bea, cyd):
        page = leaver.open()
        open_the_table(leaver)
        page.click('[data-msg="leave-days"]')
        page.click('[data-msg="leave-days"]')  # asked twice
        published(page)
        out.setdefault("left", []).append(page.locator(".days-status").inner_text())
        leaver.close()
    page = ann.open()
    open_the_table(ann)
    page.select_option("#speed", "instant")  # the two computers think in the background
    deadline = time.monotonic() + 240
    while page.evaluate(SCREEN) != "end":
        assert time.monotonic() < deadline, "the game did not end"
        tap(page, chooser)
        page.wait_for_timeout(100)
    out["end_moves"] = moves_of(page)
    page.wait_for_timeout(800)
    page.screenshot(path=str(shots / "days-end-1280.png"))
    # Ann opens the next game at this table; the others are told when they next look.
    page.click('[data-msg="play-again"]')
    page.wait_for_selector(".days-lobby", timeout=WAIT)
    published(page)  # the word of it reaches the relay, then the new table's offer
    ann.close()
    page = bea.open()
    page.wait_for_selector(".days-table", timeout=WAIT)
    opened = time.monotonic()
    ended = "() => /Ended/.test(document.querySelector('.days-state').textContent)"
    wait_for(page, ended, timeout=4 * WAIT)
    out["ended_shown_after"] = round(time.monotonic() - opened, 1)
    out["last_list"] = page.evaluate(LIST)
    page.screenshot(path=str(shots / "days-title-1280.png"))
    page.click('[data-msg="history"]')
    out["history"] = page.locator("main").inner_text()[:2000]
    # Back at the title, Bea opens the ended table and takes her seat in the next game.
    page.click('[data-msg="title"]')
    page.click(".days-table button")
    page.wait_for_selector('[data-screen="end"]', timeout=WAIT)
    told = "() => /opened the next game/.test(document.querySelector('main').textContent)"
    wait_for(page, told, timeout=WAIT)
    out["next_told"] = page.locator('[data-screen="end"] p[role="status"]').inner_text()
    page.click('[data-msg="play-again"]')
    page.wait_for_selector(".days-lobby .lobby-seat .you", timeout=WAIT)
    out["next_lobby"] = page.locator(".lobby-status").inner_text()
    bea.close()


# How many of the table's other pages this page has met directly and been caught up by.
MET = """() => window.senator.pyodide.runPython(
  "d = page.model.days\\nlen(d.links.caught) if d else 0")"""
# The result of the game this page keeps, as JSON ("" before there is one).
KEPT_RESULT = """() => window.senator.pyodide.runPython(
  "import json\\nh = page.model.history\\njson.dumps(h[0].result) if h else ''")"""
# What a browser logs of the sockets to a relay that has stopped, and what the transport
# logs of a connection the other page closed (the flood's, in the attack).
RELAY_GONE = (
    "WebSocket connection to",
    "WebSocket is already in CLOSING or CLOSED state",
    "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called",
)

# Through the attacker's own transport, to the page of the device `victim`: an event of
# the table with its content swapped, an old event again, then far more frames than a
# whole game sends. What the attacking page sent.
ATTACK = """
import json
days = page.model.days
link = next(l for l, device in days.links.here.items() if device == victim)
events = list(days.shelves.events.values())
forged = {**events[-1], "content": events[0]["content"]}
sent = [json.dumps(["EVENT", forged]), json.dumps(["EVENT", events[1]])]
sent += [json.dumps(["EVENT", {"id": str(n)}]) for n in range(4100)]
for text in sent:
    page.table.send(text, link)
len(sent)
"""
# What the page under attack shows and holds: its notice, its moves, the connections it
# shut, the events it holds.
VICTIM = """() => window.senator.pyodide.runPython(
  "import json\\nd = page.model.days\\nm = page.model\\n"
  + "json.dumps([m.notice, m.game.moves, len(d.links.shut), len(d.shelves.events)])")"""


def attack(attacker: Any, victim: Any) -> dict[str, Any]:
    """The attacker's page forges, replays and floods the victim's over their direct
    connection, once the game is over."""
    before = json.loads(victim.evaluate(VICTIM))
    key = victim.evaluate("() => window.senator.pyodide.runPython('page.model.days.key.public')")
    attacker.evaluate(
        "([code, key]) => { const py = window.senator.pyodide;"
        " py.globals.set('victim', key); return py.runPython(code); }",
        [ATTACK, key],
    )
    shut = "() => window.senator.pyodide.runPython('len(page.model.days.links.shut)') > 0"
    wait_for(victim, shut, timeout=WAIT)
    after = json.loads(victim.evaluate(VICTIM))
    return {"before": before, "after": after}


def together(
    players: list[Player],
    relay: Any,
    relay_url: str,
    folder: Path,
    shots: Path,
    chooser: random.Random,
    out: dict[str, Any],
) -> None:
    """Friends at a table over days who happen to be there at once: they take their
    seats and stay; their pages meet directly; a few moves pass, then the relay stops,
    and the game goes on to its end over the direct connections alone."""
    ann, bea, cyd = players
    fragment = "#" + open_days_table(ann, relay_url, "1").split("#", 1)[1]
    for friend in (bea, cyd):
        take_seat(friend, fragment)
    pages = [player.page for player in players]
    started = time.monotonic()
    for page in pages:
        wait_for(page, "() => Number(document.documentElement.dataset.moves) >= 0", timeout=WAIT)
        wait_for(page, f"() => ({MET})() >= 2", timeout=WAIT)
    out["met_after_s"] = round(time.monotonic() - started, 1)
    out["here"] = [page.locator(".days-here").inner_text() for page in pages]
    out["with_relay_ms"] = [round(d * 1000) for d in tap_all(pages, chooser, moves=6)]
    relay.terminate()
    relay.wait()
    out["moves_at_stop"] = moves_of(pages[0])
    say(pages[1], "Good luck")  # over the direct connections alone
    for page in (pages[0], pages[2]):
        heard = "() => document.querySelector('.days-chat .chat')?.textContent.includes('luck')"
        wait_for(page, heard, timeout=WAIT)
    out["chat"] = pages[0].locator(".days-chat .chat").inner_text()
    pages[0].screenshot(path=str(shots / "days-chat-1280.png"), full_page=True)
    out["direct_ms"] = [round(d * 1000) for d in tap_all(pages, chooser)]
    out["moves"] = [moves_of(page) for page in pages]
    out["screens"] = [page.evaluate(SCREEN) for page in pages]
    for page in pages:
        wait_for(page, f"() => ({KEPT_RESULT})() !== ''", timeout=WAIT)
    out["results"] = [page.evaluate(KEPT_RESULT) for page in pages]
    pages[1].screenshot(path=str(shots / "days-together-end-1280.png"))
    out["attack"] = attack(pages[0], pages[1])

    for player in players:
        player.close()  # first: a socket's last word may still come while the page closes
        player.errors = [e for e in player.errors if not any(g in e for g in RELAY_GONE)]


def main() -> None:
    dist, shots = Path(sys.argv[1]), Path(sys.argv[2])
    scenario = together if sys.argv[3:] == ["together"] else visits
    shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(play(dist, shots, Path(folder), scenario)))


if __name__ == "__main__":
    main()
