"""A table over days in the page, through a Nostr relay of its own in a network
namespace of the run's own (as the end-to-end tests do; needs root).

Three Chromium pages, each with its own storage, join a three-seat table over days by
its link and then stay open together, as friends who happen to be there at once: each
move tapped is timed until every page shows it (median and 95th percentile), in two
games side by side: one whose pages cannot make WebRTC connections (the relay alone
carries the moves), and one whose pages meet directly, its relay stopped halfway (the
first half both ways, the second over WebRTC alone). Once the first game is over, a
fourth browser with nothing kept opens the table's link: the seconds until its page
has caught up on the whole game from the relay and shows its end, the events and
bytes it read, and the events and bytes the game left on the relay.

Prints figures; asserts nothing.

    sudo .venv/bin/python benchmarks/days_page.py [--seed 5]
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
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
from tests.e2e.conftest import SUBPATH, Site, wait_for  # noqa: E402
from tests.e2e.online_days import MET, NAMES, Player, open_days_table, take_seat  # noqa: E402
from tests.e2e.online_game import moves_of, tap  # noqa: E402
from tests.e2e.online_table import namespace_chromium, start_relay, wait_for_relay  # noqa: E402
from tests.e2e.test_transport import network_namespace  # noqa: E402

e2e.POLLING = "raf"  # a move's delay is timed to the frame its page shows it in
INSIDE = "--inside"
TURN = """() => !!document.querySelector(
  '#decision [data-action]:not([disabled]), #decision [data-msg="pick"]:not([disabled])')"""
NO_WEBRTC = "delete window.RTCPeerConnection;"  # the page then plays through the relays alone
READ = """() => window.senator.pyodide.runPython(
  "d = page.model.days\\n[d.shelves.got_bytes, len(d.shelves.events)] if d else [0, 0]").toJs()"""


def figures(delays: list[float]) -> dict[str, int]:
    ordered = sorted(delays)
    return {
        "taps": len(delays),
        "median_ms": round(statistics.median(delays) * 1000),
        "p95_ms": round(ordered[int(len(ordered) * 0.95)] * 1000),
    }


def seated(browser: Any, site: Site, relay_url: str, shots: Path, direct: bool) -> list[Player]:
    """Three friends at a new table over days, their pages open together and dealt."""
    players = [Player(browser, n, site.origin, shots) for n in NAMES]
    if not direct:
        for player in players:
            player.context.add_init_script(NO_WEBRTC)
    ann, bea, cyd = players
    fragment = "#" + open_days_table(ann, relay_url, "1").split("#", 1)[1]
    for friend in (bea, cyd):
        take_seat(friend, fragment)
    for player in players:  # the opener begins, each reveals, the deal comes
        wait_for(player.page, "() => Number(document.documentElement.dataset.moves) >= 0")
        if direct:
            wait_for(player.page, f"() => ({MET})() >= 2")
    return players


def measure(seed: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="senator-days-"))
    relay, relay_url = start_relay(folder)
    site = Site()
    site.mount(SUBPATH, ROOT / "dist")
    shots = folder / "shots"
    chooser = random.Random(seed)
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = namespace_chromium(p)
            wait_for_relay(relay, relay_url, folder)
            # The relay alone, a whole game.
            players = seated(browser, site, relay_url, shots, direct=False)
            pages = [pl.page for pl in players]
            fragment = "#" + pages[0].input_value("#days-link").split("#", 1)[1]
            out["relay_only"] = figures(tap(pages, chooser))
            out["moves"] = moves_of(pages[0])
            for player in players:
                player.close()
            # A device with nothing kept opens the link once the game is over.
            dan = Player(browser, "Dan", site.origin, shots)
            opened = time.monotonic()
            page = dan.open(fragment)
            booted = time.monotonic()
            whole = f"() => Number(document.documentElement.dataset.moves) >= {out['moves']}"
            wait_for(page, whole)
            caught = time.monotonic()
            read_bytes, events = page.evaluate(READ)
            out["catch_up"] = {
                "boot_s": round(booted - opened, 1),
                "caught_up_s_after_boot": round(caught - booted, 1),
                "events_read": events,
                "kB_read": round(read_bytes / 1000),
            }
            dan.close()
            out["on_relay"] = kept_on(folder / "relay.sqlite3")
            # Met directly: 40 moves both ways, then the relay stops.
            direct = seated(browser, site, relay_url, shots, direct=True)
            pages = [pl.page for pl in direct]
            out["relay_and_direct"] = figures(tap(pages, chooser, moves=40))
            relay.terminate()
            relay.wait()
            out["direct_only"] = figures(tap(pages, chooser))
            browser.close()
    finally:
        relay.terminate()
        site.stop()
    return out


def kept_on(path: Path) -> dict[str, int]:
    """The stored events of tables over days on the relay (kinds 3000-3999): how many,
    and their kilobytes as the relay sends them (Nostr's JSON)."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT id, pubkey, created_at, kind, tags, content, sig FROM events"
            " WHERE kind BETWEEN 3000 AND 3999"
        ).fetchall()
    size = 0
    for ident, pubkey, created_at, kind, tags, content, sig in rows:
        event = {
            "id": bytes(ident).hex(),
            "pubkey": bytes(pubkey).hex(),
            "created_at": created_at,
            "kind": kind,
            "tags": json.loads(tags),
            "content": content,
            "sig": bytes(sig).hex(),
        }
        size += len(json.dumps(event, separators=(",", ":")))
    return {"events": len(rows), "kB": round(size / 1000)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(INSIDE, action="store_true")
    args = parser.parse_args()
    if args.inside:
        print(json.dumps(measure(args.seed)))
        return
    with network_namespace() as (namespace, _addresses):
        command = ["ip", "netns", "exec", namespace, sys.executable, __file__, INSIDE]
        command += ["--seed", str(args.seed)]
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if run.returncode:
        print(run.stderr[-3000:], file=sys.stderr)
        raise SystemExit(run.returncode)
    print(json.dumps(json.loads(run.stdout), indent=2))


if __name__ == "__main__":
    main()
