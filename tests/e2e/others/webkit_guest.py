"""A guest in WebKit (Debian's WebKitGTK MiniBrowser, driven by Selenium under Xvfb) at a
Chromium player's table to play now. This WebKitGTK has no WebRTC (`RTCPeerConnection` is
missing even with its `enable-webrtc` setting on: its GStreamer WebRTC backend is not
built in), so the page meets the table through the relays alone. It opens the
invitation link, names itself, takes a seat, and plays its own turns by tapping until
its turn comes with the game `moves` moves on, or the game ends. Run by
`online_firefox.py` inside the test's network namespace:

    xvfb-run -a python tests/e2e/others/webkit_guest.py <link> <name> <screenshot> <moves> <out>

Writes what the page showed as one JSON object to the file `out`, then keeps the page
open at its turn (so the table waits for it, on every device alike) until a file
`<out>.done` appears; the test makes the assertions.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from webkit import LISTEN, launch  # beside this file: the smoke game's

BOOT_SECONDS = 120
GAME_SECONDS = 300


def main() -> None:
    link, name, shot, wanted, out = sys.argv[1:6]
    done = Path(f"{out}.done")
    driver = launch("--enable-webrtc=true")  # in vain here: see the module's text
    result: dict[str, Any] = {"seated": False, "made": 0, "errors": []}
    chooser = random.Random(4)

    def run(script: str) -> Any:
        return driver.execute_script(script)

    def moves() -> int:
        return int(run("return Number(document.documentElement.dataset.moves)"))

    def enabled(selector: str) -> list[Any]:
        return [e for e in driver.find_elements(By.CSS_SELECTOR, selector) if e.is_enabled()]

    def claimed(name: str) -> bool:
        """Writes the name and takes a seat (the lobby may be drawn anew meanwhile, as
        the table's news comes: the look is tried again)."""
        field = driver.find_element(By.CSS_SELECTOR, "#seat-0-name")
        field.clear()
        field.send_keys(name)
        enabled('[data-msg="claim-seat"]')[0].click()
        return True

    try:
        driver.set_window_size(1280, 800)
        driver.get(link.replace("#", "?nosw#", 1))
        run(LISTEN)
        WebDriverWait(driver, BOOT_SECONDS, 0.2).until(
            lambda d: run("return document.documentElement.dataset.ready") == "1"
        )
        result["version"] = driver.capabilities.get("browserVersion", "")
        result["webrtc"] = run("return typeof RTCPeerConnection")
        WebDriverWait(driver, 60, 0.2).until(lambda d: enabled('[data-msg="claim-seat"]'))
        WebDriverWait(driver, 60, 0.2, [WebDriverException]).until(lambda d: claimed(name))
        # Seated: the lobby marks its seat, or the game has begun already.
        WebDriverWait(driver, 60, 0.2).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, '.lobby-seat .you, [data-screen="game"]')
        )
        result["seated"] = True
        WebDriverWait(driver, 120, 0.2).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, '[data-screen="game"]')
        )
        deadline = time.monotonic() + GAME_SECONDS
        while time.monotonic() < deadline:
            if run("return document.querySelector('[data-screen]')?.dataset.screen") == "end":
                break
            try:
                for go_on in enabled('[data-msg="go-on"], [data-msg="story-read"]'):
                    go_on.click()
                actions = enabled("#decision [data-action]")
                if not actions:
                    time.sleep(0.15)
                    continue
                if moves() >= int(wanted):
                    # Its own turn, unchanged a while (not a tap of its still on its
                    # way): the table waits for it, on every device alike.
                    seen = moves()
                    time.sleep(2)
                    if moves() == seen and enabled("#decision [data-action]"):
                        break
                    continue
                before = moves()
                chooser.choice(actions).click()
                WebDriverWait(driver, 5, 0.1).until(lambda d, n=before: moves() > n)
                result["made"] += 1
            except WebDriverException:
                continue  # the table moved on under the tap: look again
        driver.save_screenshot(shot)
        result.update(
            run(
                "return {moves: Number(document.documentElement.dataset.moves),"
                " screen: document.querySelector('[data-screen]')?.dataset.screen ?? '',"
                " notice: document.querySelector('.notice')?.textContent ?? ''}"
            )
        )
        result["errors"] = list(run("return window.seenErrors || []"))
    except Exception as error:
        result["errors"].append(f"script: {error}"[:2000])
    try:
        Path(out).write_text(json.dumps(result), encoding="utf-8")
        deadline = time.monotonic() + 120
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
