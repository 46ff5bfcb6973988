"""A phone at a table to play now, run by `test_online_game` inside a network namespace
of its own (as `online_game.py` is): the phone has no direct path to the opener, but
the opener's settings name a TURN server (coturn, on the namespace's address), which
the table shares, and the phone connects through it though its own settings name
none. Then it sleeps again and again while the opener plays on: its page hidden and
frozen, its connections closed, as a phone's screen going off does; each time it
wakes, it must show the opener's moves.

Usage: `python tests/e2e/online_phone.py <dist> <shots folder> [sleeps]`. Prints what
it saw as one JSON object on stdout; the test makes the assertions.
"""

from __future__ import annotations

import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import SUBPATH, Site, stored_setup, wait_for  # noqa: E402
from tests.e2e.online_game import (  # noqa: E402
    MOVED,
    NO_DIRECT,
    WAIT,
    moves_of,
    open_relay_table,
    own_turn,
    seat_by_link,
    settled,
    tap,
    tap_once,
)
from tests.e2e.online_table import namespace_chromium, start_relay  # noqa: E402

TURN_USER, TURN_PASSWORD = "senator", "ave-caesar"
DESK, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
SLEEP_SECONDS = 4  # the phone's screen stays off this long each time
BACK_SECONDS = 30  # a woken phone that has not caught up by then did not come back

# Every socket a page opens, so a sleep can close them as a phone's radio going off does.
SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.senatorSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.senatorSockets.push(this); }
  };
})();"""

# The screen goes off: the page is hidden, its connections close, and it runs nothing
# for `seconds` (its timers and whatever comes wait, as in a frozen page).
ASLEEP = """(seconds) => {
  for (const [name, value] of [["visibilityState", "hidden"], ["hidden", true]]) {
    Object.defineProperty(document, name, { configurable: true, get: () => value });
  }
  document.dispatchEvent(new Event("visibilitychange"));
  const page = window.senator.pyodide.globals.get("page");
  const connections = page.table ? page.table.connections() : {};
  for (const connection of Object.values(connections)) connection.close();
  for (const socket of window.senatorSockets) socket.close();
  setTimeout(() => {
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end);
  }, 0);
}"""
AWAKE = """() => {
  for (const [name, value] of [["visibilityState", "visible"], ["hidden", false]]) {
    Object.defineProperty(document, name, { configurable: true, get: () => value });
  }
  document.dispatchEvent(new Event("visibilitychange"));
}"""

# The local and remote candidates' types of each connection's selected pair.
PAIRS = """async () => {
  const page = window.senator.pyodide.globals.get("page");
  const types = [];
  for (const connection of Object.values(page.table ? page.table.connections() : {})) {
    const stats = await connection.getStats();
    stats.forEach((s) => {
      if (s.type === "candidate-pair" && s.nominated && s.state === "succeeded") {
        types.push(stats.get(s.localCandidateId).candidateType);
      }
    });
  }
  return types;
}"""


def namespace_address() -> str:
    """This namespace's own address (the one its default route leaves by)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent
        return str(probe.getsockname()[0])


def start_turn(folder: Path, address: str) -> subprocess.Popen[bytes]:
    turnserver = shutil.which("turnserver")
    if turnserver is None:
        raise RuntimeError("no turnserver (Debian's coturn)")
    command = [
        turnserver,
        "--no-cli",
        "--no-tls",
        "--no-dtls",
        "--lt-cred-mech",
        "--fingerprint",
        f"--user={TURN_USER}:{TURN_PASSWORD}",
        "--realm=senator.test",
        f"--listening-ip={address}",
        f"--relay-ip={address}",
        "--listening-port=3478",
        f"--pidfile={folder / 'turn.pid'}",
        f"--log-file={folder / 'turn.log'}",
        "--simple-log",
    ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def phone_moves_catch_up(host: Any, phone: Any) -> float:
    """Seconds until the phone shows every move the host shows (BACK_SECONDS + 1 if it
    never does)."""
    woke = time.monotonic()
    try:
        wait_for(phone, MOVED, arg=moves_of(host) - 1, timeout=BACK_SECONDS * 1000)
    except Exception:
        return BACK_SECONDS + 1.0
    return time.monotonic() - woke


def play(dist: Path, shots: Path, sleeps: int, folder: Path) -> dict[str, Any]:
    address = namespace_address()
    relay, relay_url = start_relay(folder)
    turn = start_turn(folder, address)
    site = Site()
    site.mount(SUBPATH, dist)
    errors: list[str] = []
    consoled: list[str] = []
    backs: list[float] = []
    asleep_moves: list[int] = []
    try:
        with sync_playwright() as p:
            browser = namespace_chromium(p)
            pages = []
            for index, (name, size) in enumerate((("Livia", DESK), ("Brutus", PHONE))):
                context = browser.new_context(viewport=size)
                context.set_default_timeout(WAIT)
                ice = [f"turn:{address}:3478 {TURN_USER} {TURN_PASSWORD}"] if index == 0 else []
                context.add_init_script(
                    stored_setup(
                        players=3,
                        names=[name, "Brutus", "Cassia", "Decimus", "Marcus"],
                        occupants=["human", "human", "easy", "human", "human"],
                        relays=[relay_url],
                        ice=ice,
                        speed="instant",
                    )
                )
                context.add_init_script(SOCKETS)
                if index == 1:
                    context.add_init_script(NO_DIRECT)
                page = context.new_page()
                page.on("pageerror", lambda err, i=index: errors.append(f"{i}: {err}"))
                page.on("console", lambda m, i=index: consoled.append(f"{i}: {m.text}"[:300]))
                pages.append(page)
            host, phone = pages
            link = open_relay_table(host, site, relay, relay_url, folder)
            seat_by_link(host, phone, link, "Brutus")
            for page in pages:
                page.wait_for_selector('[data-screen="game"]')
            begun = time.monotonic()
            # The phone's connection to the host forms through the TURN server.
            try:
                wait_for(phone, "() => window.senatorDirect > 0", timeout=WAIT)
            except Exception:
                state = phone.evaluate(
                    "window.senator.pyodide.runPython('d = page.model.days;"
                    " repr((d.lobby.turn(), d.joined_turn, sorted(d.links.holds)))')"
                )
                said = "\n".join(consoled[-20:])
                raise RuntimeError(f"no connection through TURN: {state}\n{said}") from None
            turned = time.monotonic() - begun
            pairs: list[str] = []
            for _ in range(50):  # the connection's stats may take a moment to say
                pairs = phone.evaluate(PAIRS)
                if pairs:
                    break
                phone.wait_for_timeout(200)
            chooser = random.Random(8)
            for _ in range(sleeps):
                tap(pages, chooser, 1)
                while not own_turn(host):  # the phone sleeps as the host's turn comes
                    # One look at a time: the phone's turn may pass by itself (a move that
                    # is no choice), and a blocking tap would wait for it while the host's
                    # turn waits for nobody.
                    if not tap_once(phone, chooser):
                        host.wait_for_timeout(100)
                phone.evaluate(ASLEEP, SLEEP_SECONDS)
                before = moves_of(host)
                deadline = time.monotonic() + SLEEP_SECONDS
                while time.monotonic() < deadline:  # the host plays on meanwhile
                    if own_turn(host):
                        tap([host], chooser, 1)
                    else:
                        host.wait_for_timeout(200)
                asleep_moves.append(moves_of(host) - before)
                phone.evaluate(AWAKE)  # waits for the page to run again
                backs.append(round(phone_moves_catch_up(host, phone), 2))
            phone.screenshot(path=str(shots / "online-phone-woken-390.png"))
            settled(pages)  # a computer's move or a forced one may be on its way meanwhile
            boards = [moves_of(page) for page in pages]
            browser.close()
    finally:
        site.stop()
        for server in (relay, turn):
            server.terminate()
            server.wait(10)
    return {
        "pairs": pairs,
        "turn_seconds": round(turned, 2),
        "backs": backs,
        "asleep_moves": asleep_moves,
        "moves": boards,
        "errors": errors,
    }


def main() -> None:
    sleeps = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    with tempfile.TemporaryDirectory(prefix="senator-phone-") as folder:
        result = play(Path(sys.argv[1]), Path(sys.argv[2]), sleeps, Path(folder))
        print(json.dumps(result))


if __name__ == "__main__":
    main()
