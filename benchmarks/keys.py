"""What a device's key costs: a signature and its check, in CPython and in the page's
Python (Pyodide in Chromium), a whole game's catch-up with every move's signature
checked beside the same catch-up unchecked, and the bytes the key's module adds to a
first visit.

Prints figures; asserts nothing. Needs dist/ built (`build.py`).

    .venv/bin/python benchmarks/keys.py [--rounds 200]
"""

from __future__ import annotations

import argparse
import sys
import zipfile
import zlib
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.wire import READY, serving  # noqa: E402
from building.browser import chromium_options  # noqa: E402

# Runs in CPython and in the page alike: per signature and per check (ms), and a
# whole 4-player game's stream applied by a fresh device, checked and not (ms).
MEASURE = """
import random, time
import senator_core as sc
from senator_core.online.keys import Key, verifies
from senator_core.online.device import HUMAN, Device
from senator_core.online.chance import Chain
from tests.onlinekit import Network, play_out, seat_table

key = Key()
start = time.perf_counter()
sigs = [key.says(f"senator-move|t|{i}|play 5") for i in range(ROUNDS)]
signing = (time.perf_counter() - start) * 1000 / ROUNDS
start = time.perf_counter()
assert all(verifies(key.public, f"senator-move|t|{i}|play 5", s) for i, s in enumerate(sigs))
checking = (time.perf_counter() - start) * 1000 / ROUNDS

net = Network(random.Random(5))
seat_table(net, sc.GameConfig(players=4), [HUMAN] * 4, ["A", "B", "C", "D"])
play_out(net, random.Random(5))
host = net.host
timings = {}
for check in (True, False):
    fresh = Device(Key(), host.build, "E", host.me, Chain())
    start = time.perf_counter()
    for entry in host.entries:
        assert fresh._apply(entry, check=check) is None
    timings[check] = (time.perf_counter() - start) * 1000
signed = sum(1 for e in host.entries if e.sig)
result = (signing, checking, len(host.entries), signed, timings[True], timings[False])
"""


def run_here(rounds: int) -> tuple[float, ...]:
    scope: dict[str, object] = {"ROUNDS": rounds}
    exec(MEASURE, scope)
    return scope["result"]  # type: ignore[return-value]


def run_in_page(rounds: int) -> tuple[float, ...]:
    tests = ROOT / "tests"
    kit = (tests / "__init__.py", tests / "onlinekit.py")
    files = {f"tests/{path.name}": path.read_text() for path in kit}
    with serving(ROOT / "dist") as (origin, _wire), sync_playwright() as p:
        browser = p.chromium.launch(**chromium_options())
        page = browser.new_page()
        page.goto(origin + "/")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.evaluate(
            """files => { const py = window.senator.pyodide;
            py.FS.mkdirTree('/home/pyodide/bench/tests');
            for (const [name, text] of Object.entries(files))
              py.FS.writeFile('/home/pyodide/bench/' + name, text); }""",
            files,
        )
        code = f"import sys\nsys.path.insert(0, '/home/pyodide/bench')\nROUNDS = {rounds}\n"
        code += MEASURE + "\nresult"
        found = page.evaluate("code => window.senator.pyodide.runPython(code).toJs()", code)
        browser.close()
    return tuple(found)


def wheel_bytes() -> tuple[int, int]:
    """The key module's bytes in the game's wheel as shipped, and gzipped."""
    wheel = next((ROOT / "dist").rglob("senator_core-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        info = next(i for i in archive.infolist() if "online/keys" in i.filename)
        data = archive.read(info)
    return info.compress_size, len(zlib.compress(data, 6))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    for where, figures in (("CPython", run_here(args.rounds)), ("page", run_in_page(args.rounds))):
        sign, check, entries, signed, checked, unchecked = figures
        print(
            f"{where:8} sign {sign:.2f} ms, check {check:.2f} ms; a game's catch-up "
            f"({int(entries)} entries, {int(signed)} signed): {checked:.0f} ms checked, "
            f"{unchecked:.0f} ms unchecked"
        )
    stored, zipped = wheel_bytes()
    print(f"first visit gains: the key module, {stored} bytes in the wheel ({zipped} gzipped)")


if __name__ == "__main__":
    main()
