"""A table over days on the relays: what a whole game leaves there, and what a device
that opens it afresh reads and checks to catch up, in CPython and in the page's Python
(Pyodide in Chromium).

A four-seat game (three people on devices of their own and a Normal computer) is
played to its end in CPython, the devices opening one at a time, days apart, through
one in-memory relay that speaks Nostr's frames (`tests/test_days.py`'s). Then a
device with nothing kept (a player's own device after its storage was cleared) opens
the table: it takes the relay's whole answer, checking each event's signature and
seal, each entry's signature, and each computer's move by computing it again.

Prints figures; asserts nothing. Needs dist/ built (`build.py`).

    .venv/bin/python benchmarks/days.py [--seed 5]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.wire import READY, serving  # noqa: E402
from building.browser import chromium_options  # noqa: E402
from senator_core.online.days import Shelves  # noqa: E402
from tests.test_days import ROOM, SECRET, Keeper, StoredRelay, seat_devices  # noqa: E402

DAY = 86_400.0
URL = "wss://relay.example"

# Runs in CPython and in the page alike: a device with nothing kept takes the relay's
# answer (`FRAMES`) with the key `SECRET_KEY`; the milliseconds it took, the entries
# and reveals it holds after, and whether the game is over.
CATCH_UP = """
import time
from senator_core.online.chance import Chain
from senator_core.online.days import Shelves, Table
from senator_core.online.keys import Key

key = Key(bytes.fromhex(SECRET_KEY))
table = Table(key, Chain())
shelves = Shelves(key, ROOM, SHELF_SECRET, (URL,))
start = time.perf_counter()
shelves.opened(URL)
records = []
for text in FRAMES:
    records += shelves.frame(URL, text)[1]
problems = table.take_all(records, NOW)
took = (time.perf_counter() - start) * 1000
over = table.game is not None and table.game.decision == "over"
result = (took, len(table.stream), len(table.revealed), int(over), len(problems))
"""


def whole_game(seed: int) -> tuple[StoredRelay, list[Keeper], float]:
    rng = random.Random(seed)
    players = seat_devices(rng, 3, ("normal",))
    relay = StoredRelay(URL)
    keepers = [Keeper(p.table, Shelves(p.key, ROOM, SECRET, (URL,))) for p in players]
    now = 0.0
    for visit in range(3_000):
        now += rng.uniform(0.1, 2.0) * DAY
        keepers[visit % 3].visit({URL: relay}, rng, now)
        if all(k.table.game is not None and k.table.game.decision == "over" for k in keepers):
            return relay, keepers, now
    raise RuntimeError("the game did not end")


def run_here(scope: dict[str, object]) -> tuple[float, ...]:
    exec(CATCH_UP, scope)
    return scope["result"]  # type: ignore[return-value]


def run_in_page(scope: dict[str, object]) -> tuple[float, ...]:
    with serving(ROOT / "dist") as (origin, _wire), sync_playwright() as p:
        browser = p.chromium.launch(**chromium_options())
        page = browser.new_page()
        page.goto(origin + "/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        code = "".join(f"{name} = {value!r}\n" for name, value in scope.items())
        found = page.evaluate(
            "code => window.senator.pyodide.runPython(code).toJs()", code + CATCH_UP + "\nresult"
        )
        browser.close()
    return tuple(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    relay, keepers, now = whole_game(args.seed)
    events = list(relay.events.values())
    stored = sum(len(json.dumps(e)) for e in events)
    table = keepers[0].table
    game = table.game
    assert game is not None
    kinds: dict[str, int] = {}
    for record in table.records():
        kinds[record.kind] = kinds.get(record.kind, 0) + 1
    print(
        f"a whole game of four ({game.moves} moves, over {now / DAY:.0f} days of visits): "
        f"{len(table.stream)} entries and {len(table.revealed)} reveals "
        f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})"
    )
    print(f"left on each relay: {len(events)} events, {stored / 1000:.1f} kB")
    sub = json.loads(Shelves(keepers[0].shelves.key, ROOM, SECRET, (URL,)).opened(URL)[0].text)
    frames = relay.answer(json.dumps(sub))
    read = sum(len(f) for f in frames)
    print(f"a catch-up reads {len(frames)} frames, {read / 1000:.1f} kB")
    scope: dict[str, object] = {
        "SECRET_KEY": keepers[1].shelves.key.secret,
        "ROOM": ROOM,
        "SHELF_SECRET": SECRET,
        "URL": URL,
        "FRAMES": frames,
        "NOW": now,
    }
    for where, run in (("CPython", run_here), ("page", run_in_page)):
        took, entries, reveals, over, problems = run(dict(scope))
        print(
            f"{where:8} catch-up, everything checked: {took:.0f} ms "
            f"({int(entries)} entries, {int(reveals)} reveals, game over: {bool(over)}, "
            f"{int(problems)} refused)"
        )


if __name__ == "__main__":
    main()
