"""A guest in another browser at a Chromium host's online table, run by
`test_online_game` inside a network namespace of its own (as `online_game.py` is): the
Chromium host opens a table of three (a computer in the third seat), the guest opens
the invitation link and sits, the host begins, and each plays its own seat by tapping.
A Firefox guest (`others/firefox_guest.mjs`) plays to the end over WebRTC, while a
third page attacks the table; a WebKit guest (`others/webkit_guest.py`, a WebKitGTK
without WebRTC) plays `WEBKIT_MOVES` moves through the relays alone.

Usage: `python tests/e2e/online_firefox.py <dist> <shots folder> [firefox|webkit]`.
Prints what each page saw as one JSON object on stdout; the test makes the assertions.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import BOOT_TIMEOUT, READY, SUBPATH, Site, stored_setup  # noqa: E402
from tests.e2e.online_game import (  # noqa: E402
    BOARD,
    WAIT,
    open_relay_table,
    tap,
    tap_once,
)
from tests.e2e.online_table import namespace_chromium, start_relay  # noqa: E402

OTHERS = Path(__file__).parent / "others"
WEBKIT_MOVES = 16  # enough for every kind of entry: moves, a deal's reveals, a round's end
# A page that knows the link joins the table (seated nowhere) and, through its own
# transport, repeats the guest's hello to the host and sends a move for the guest's
# seat, signed by its own key, once it is that seat's turn. The id the others know its
# connection by, its device's id and the moves then, or null while it cannot yet.
ATTACK = """window.senator.pyodide.runPython(`
import json
from senator_core.online.device import move_text
from senator_core.online.wire import Hello, Move, encode
o = page.model.online
d = o.device
links = [k for k, v in d.links.items() if v == d.host and not k.startswith("relay:")]
game = d.game
victim = next((v for v in d.devices if v and v != d.host), "")
seat = d.devices.index(victim) if victim else -1
sent = None
if links and game is not None and game.to_move == seat:
    top = d.entries[0].reveals[victim]
    hello = Hello(d.build, victim, "Brutus", top, len(d.entries), "0" * 32)
    action = str(game.legal_actions()[0])
    forged = Move(game.moves, action, d.key.says(move_text(d.table, game.moves, action)))
    for message in (hello, forged):
        page.table.send(encode(message), links[0])
    sent = [str(page.table.selfId), d.me, game.moves]  # its connection's id at the others
json.dumps(sent)
`)"""
# Who the host takes the attacking page's connection for.
TAKEN_FOR = """link => window.senator.pyodide.runPython(
  "page.model.online.device.links.get(" + JSON.stringify(link) + ", '')")"""
# The host's own connections: the direct path to the guest, once it opens.
DIRECT = """window.senator.pyodide.runPython(
  "o = page.model.online\\n" +
  "sorted(set(d[:8] for k, d in o.device.links.items() if not k.startswith('relay:')))"
).toJs()"""


def guest_command(kind: str, link: str, shots: Path, folder: Path) -> list[str]:
    shot = str(shots / f"online-{kind}-guest-1280.png")
    if kind == "webkit":
        xvfb = shutil.which("xvfb-run") or "xvfb-run"
        guest = [sys.executable, str(OTHERS / "webkit_guest.py")]
        out = str(folder / "webkit-guest.json")  # the run's own: nothing left from another
        return [xvfb, "-a", *guest, link, "Brutus", shot, str(WEBKIT_MOVES), out]
    return [shutil.which("node") or "node", str(OTHERS / "firefox_guest.mjs"), link, "Brutus", shot]


def play(dist: Path, shots: Path, folder: Path, kind: str = "firefox") -> dict[str, Any]:
    relay, relay_url = start_relay(folder)
    site = Site()
    site.mount(SUBPATH, dist)
    guest: subprocess.Popen[str] | None = None
    try:
        with sync_playwright() as p:
            browser = namespace_chromium(p)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(WAIT)
            context.add_init_script(
                stored_setup(
                    players=3,
                    names=["Livia", "Brutus", "Cassia", "Decimus", "Marcus"],
                    occupants=["human", "human", "easy", "human", "human"],
                    relays=[relay_url],
                    ice=[],
                    speed="instant",
                )
            )
            host = context.new_page()
            errors: list[str] = []
            host.on("pageerror", lambda err: errors.append(str(err)))
            link = open_relay_table(host, site, relay, relay_url, folder)
            guest = subprocess.Popen(
                guest_command(kind, link, shots, folder),
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            host.wait_for_selector('[data-msg="begin-table"]:not([disabled])', timeout=120_000)
            host.click('[data-msg="begin-table"]')
            host.wait_for_selector('[data-screen="game"]')
            chooser = random.Random(3)
            attack: list[Any] | None = None
            taken_for = ""
            if kind == "webkit":
                said = folder / "webkit-guest.json"
                delays = []
                deadline = time.monotonic() + 300
                while not said.exists() and guest.poll() is None and time.monotonic() < deadline:
                    made = tap_once(host, chooser)  # until the guest's turn after WEBKIT_MOVES
                    delays += made
                    if not made:
                        host.wait_for_timeout(100)
                host.wait_for_timeout(500)  # the guest's last move, on its way here
                direct = host.evaluate(DIRECT)
                board = host.evaluate(BOARD)
                Path(f"{said}.done").touch()
                _out, err = guest.communicate(timeout=180)
                browser.close()
                text = said.read_text(encoding="utf-8") if said.exists() else ""
                return finished(kind, board, text, err, guest.returncode, direct, delays, errors)
            delays = tap([host], chooser, 10)
            direct = host.evaluate(DIRECT)  # mid-game: the guest leaves once it ends
            attacker = browser.new_context().new_page()
            attacker.on("pageerror", lambda err: errors.append(f"attacker: {err}"))
            attacker.goto(link.replace("#", "?nosw#", 1))
            attacker.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
            for _ in range(600):  # until it is the guest's turn, the host reached directly
                attack = json.loads(attacker.evaluate(ATTACK))
                if attack is not None:
                    break
                delays += tap_once(host, chooser)
                attacker.wait_for_timeout(100)
            host.wait_for_timeout(1000)
            taken_for = host.evaluate(TAKEN_FOR, attack[0]) if attack else ""
            delays += tap([host], chooser)
            board = host.evaluate(BOARD)
            host.screenshot(path=str(shots / "online-firefox-host-1280.png"))
            out, err = guest.communicate(timeout=180)
            browser.close()
    finally:
        if guest is not None and guest.poll() is None:
            guest.kill()
        site.stop()
        relay.terminate()
        relay.wait(10)
    found = finished(kind, board, out, err, guest.returncode, direct, delays, errors)
    return {**found, "attack": attack, "attacker_taken_for": taken_for}


def finished(
    kind: str,
    board: dict[str, Any],
    out: str,
    err: str,
    code: int | None,
    direct: Any,
    delays: list[float],
    errors: list[str],
) -> dict[str, Any]:
    """What the host and the guest saw, the guest's as it printed it."""
    lines = out.strip().splitlines()
    if code or not lines:
        raise RuntimeError(f"the {kind} guest failed:\n{err[-3000:]}")
    return {
        "host": board,
        "guest": json.loads(lines[-1]),
        "host_direct": list(direct),
        "errors": errors,
        "taps": len(delays),
    }


def main() -> None:
    kind = sys.argv[3] if len(sys.argv) > 3 else "firefox"
    with tempfile.TemporaryDirectory(prefix=f"senator-{kind}-") as folder:
        print(json.dumps(play(Path(sys.argv[1]), Path(sys.argv[2]), Path(folder), kind)))


if __name__ == "__main__":
    main()
