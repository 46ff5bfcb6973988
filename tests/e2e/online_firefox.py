"""A guest in another browser at a Chromium player's table to play now, run by
`test_online_game` inside a network namespace of its own (as `online_game.py` is): the
Chromium player opens a table of three (a computer in the third seat), the guest opens
its link and sits, the game begins, and each plays its own seat by tapping. A Firefox
guest (`others/firefox_guest.mjs`) plays to the end over WebRTC, while a third page
that knows the link attacks the table; a WebKit guest (`others/webkit_guest.py`, a
WebKitGTK without WebRTC) plays `WEBKIT_MOVES` moves through the relays alone.

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
# A page that knows the link opens the table (every seat taken: it watches) and, once it
# is the guest's turn, sends a move for the guest's seat to every page it meets
# directly, made and signed by its own key: the index and action sent and its key, or
# null while it cannot yet.
ATTACK = """window.senator.pyodide.runPython(`
import json
from senator_core.online.days import Record, to_event
d = page.model.days
t = d.table
sent = None
if d.links.holds and t.game is not None and t.awaited() == [1] and not t.point:
    action = str(t.game.legal_actions()[0])
    body = {"action": action, "at": t.state.since}
    forged = Record(t.name, "move", len(t.stream), t.stream[-1].key, body, d.key.public)
    event = to_event(forged.signed(d.key), d.key, d.room, d.secret, t.state.since)
    page.table.send(json.dumps(["EVENT", event]))
    sent = [len(t.stream), action, d.key.public]
json.dumps(sent)
`)"""
# Who made the entry at an index of the player's stream ("" while it has none).
MADE_BY = """index => window.senator.pyodide.runPython(
  "s = page.model.days.table.stream\\n" +
  "s[" + index + "].author if len(s) > " + index + " else ''")"""
# The devices the player's page met directly and that proved themselves there.
DIRECT = """window.senator.pyodide.runPython(
  "sorted(set(d[:8] for d in page.model.days.links.here.values()))"
).toJs()"""
# What the player's table waits for, for a game that stops.
STATE = """window.senator.pyodide.runPython(
  "d = page.model.days\\nt = d.table\\n" +
  "repr((t.awaited(), t.point, len(t.stream), sorted(d.links.holds), page.model.notice))")"""
# The guest's device, as the table binds its seat.
GUEST = "window.senator.pyodide.runPython('page.model.days.table.devices[1]')"


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
            host.wait_for_selector('[data-screen="game"]', timeout=120_000)
            chooser = random.Random(3)
            attack: list[Any] | None = None
            made_by = ""
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
            try:
                delays += tap([host], chooser)
            except RuntimeError as err:
                guest.kill()
                said = guest.communicate()[0][-2000:]
                raise RuntimeError(f"{err}: {host.evaluate(STATE)}; the guest: {said}") from None
            made_by = host.evaluate(MADE_BY, attack[0]) if attack else ""
            guest_device = host.evaluate(GUEST)
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
    return {**found, "attack": attack, "attacked_entry_by": made_by, "guest_device": guest_device}


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
