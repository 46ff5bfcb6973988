"""Online play by the direct path and by the relay path, side by side in one run: three
Chromium pages at one table to play now, in a network namespace of the run's own with a Nostr
relay of its own (as the end-to-end tests do; needs root), once with WebRTC working
between every pair and once with no direct path at all (every page's connections
may use relayed candidates only, and no TURN server is given).

For each: the seconds from a guest opening the link to being seated (median of the
two guests), a move's delay from the tap until every page shows it (median and
95th percentile over `--moves` taps), the events each page sends to the relay per
minute while seated and idle (the table's own entries and Trystero's announcements), and
the phone's reloads that came back to its seat, out of `--reloads`. Then a phone with
no direct path, whose connection forms through a TURN server the opener's settings name
(`tests/e2e/online_phone.py`): the seconds from the game's start to that connection,
and its sleeps (page hidden and still, connections closed, while the opener plays on)
that came back, out of `--sleeps`, with the seconds each took to show what it missed.

Prints figures; asserts nothing.

    sudo .venv/bin/python benchmarks/online_paths.py [--moves 30] [--reloads 8] [--idle 60]
        [--sleeps 8]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import conftest as e2e  # noqa: E402
from tests.e2e import online_phone as phone  # noqa: E402
from tests.e2e.conftest import BOOT_TIMEOUT, READY, SUBPATH, Site, stored_setup  # noqa: E402
from tests.e2e.online_game import (  # noqa: E402
    MOVED,
    NO_DIRECT,
    SEATED,
    SIZES,
    moves_of,
    open_relay_table,
    tap,
)
from tests.e2e.online_table import namespace_chromium, start_relay  # noqa: E402
from tests.e2e.test_transport import network_namespace  # noqa: E402

e2e.POLLING = "raf"  # a move's delay is timed to the frame its page shows it in

# Inside the namespace this file runs itself with these arguments.
INSIDE = "--inside"

# Every frame a page writes to a socket, counted by kind (the page's own relay path
# and Trystero's signalling share the relay).
COUNT_FRAMES = """(() => {
  const send = WebSocket.prototype.send;
  window.senatorFrames = 0;
  WebSocket.prototype.send = function (data) {
    if (typeof data === "string" && data.startsWith('["EVENT"')) window.senatorFrames += 1;
    return send.call(this, data);
  };
})();"""


def measure(mode: str, moves: int, reloads: int, idle: float) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="senator-paths-"))
    relay, relay_url = start_relay(folder)
    site = Site()
    site.mount(SUBPATH, ROOT / "dist")
    try:
        with sync_playwright() as p:
            browser = namespace_chromium(p)
            pages = []
            for index in range(3):
                context = browser.new_context(viewport=SIZES[index])
                context.set_default_timeout(30_000)
                names = ["Livia", "Brutus", "Cassia", "Decimus", "Marcus"]
                setup = stored_setup(
                    players=3, names=names, relays=[relay_url], ice=[], speed="instant"
                )
                context.add_init_script(setup)
                context.add_init_script(COUNT_FRAMES)
                if mode == "relay":
                    context.add_init_script(NO_DIRECT)
                pages.append(context.new_page())
            host, *guests = pages
            link = open_relay_table(host, site, relay, relay_url, folder)
            seated = []
            for guest, name in zip(guests, ("Brutus", "Cassia"), strict=True):
                guest.goto(link.replace("#", "?nosw#", 1))
                guest.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
                opened = time.monotonic()
                guest.wait_for_selector('[data-msg="claim-seat"]')
                guest.fill("#seat-0-name", name)
                guest.click('[data-msg="claim-seat"]')
                guest.wait_for_selector(SEATED)
                seated.append(time.monotonic() - opened)
            for page in pages:
                page.wait_for_selector('[data-screen="game"]')
            # Seated and idle (nobody moves): what each page sends to the relay in a minute.
            frames = [page.evaluate("window.senatorFrames") for page in pages]
            time.sleep(idle)
            per_minute = [
                (page.evaluate("window.senatorFrames") - f) * 60 / idle
                for page, f in zip(pages, frames, strict=True)
            ]
            delays = tap(pages, random.Random(7), moves)
            phone = guests[1]
            back = 0
            for _ in range(reloads):
                phone.reload()
                try:
                    phone.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
                    phone.wait_for_function(MOVED, arg=moves_of(host) - 1, timeout=30_000)
                    back += 1
                except Exception:
                    continue
            browser.close()
    finally:
        site.stop()
        relay.terminate()
        relay.wait(10)
    delays.sort()
    return {
        "seated": statistics.median(seated),
        "median": statistics.median(delays),
        "p95": delays[min(len(delays) - 1, int(0.95 * len(delays)))],
        "events_per_minute": per_minute,
        "reloads": [back, reloads],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--reloads", type=int, default=8)
    parser.add_argument("--idle", type=float, default=60.0)
    parser.add_argument("--sleeps", type=int, default=8)
    parser.add_argument(INSIDE, default="")
    args = parser.parse_args()
    if args.inside == "phone":
        with tempfile.TemporaryDirectory(prefix="senator-phone-") as folder:
            shots = Path(folder) / "shots"
            shots.mkdir()
            print(json.dumps(phone.play(ROOT / "dist", shots, args.sleeps, Path(folder))))
        return
    if args.inside:
        print(json.dumps(measure(args.inside, args.moves, args.reloads, args.idle)))
        return
    for mode in ("direct", "relay", "phone"):
        with network_namespace() as (namespace, _addresses):
            command = [
                *("ip", "netns", "exec", namespace, sys.executable, __file__),
                *(INSIDE, mode, "--moves", str(args.moves), "--reloads", str(args.reloads)),
                *("--idle", str(args.idle), "--sleeps", str(args.sleeps)),
            ]
            run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        if run.returncode:
            print(f"{mode}: failed\n{run.stderr[-2000:]}")
            continue
        found = json.loads(run.stdout)
        if mode == "phone":
            backs = found["backs"]
            came = sum(b <= phone.BACK_SECONDS for b in backs)
            print(
                f"phone  through the opener's TURN server {found['turn_seconds']:.1f} s after "
                f"the start ({', '.join(found['pairs'])}); sleeps back {came} of "
                f"{len(backs)}, each showing what it missed in {statistics.median(backs):.2f} s "
                f"median, {max(backs):.2f} s at most"
            )
            continue
        events = ", ".join(f"{e:.1f}" for e in found["events_per_minute"])
        print(
            f"{mode:6} seated in {found['seated']:.2f} s; a move on every page in "
            f"{found['median'] * 1000:.0f} ms median, {found['p95'] * 1000:.0f} ms p95; "
            f"events to the relay per minute while seated, per page: {events}; "
            f"reloads back {found['reloads'][0]} of {found['reloads'][1]}"
        )


if __name__ == "__main__":
    main()
