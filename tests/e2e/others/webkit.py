"""A smoke game in WebKit (Safari's engine: Debian's WebKitGTK MiniBrowser, driven by
Selenium through WebKitWebDriver, under Xvfb): the steps of `firefox.mjs`. Run by
`test_other_browsers.py`:

    xvfb-run -a python tests/e2e/others/webkit.py <site url> <screenshots folder> [broken]

With `broken`, the site is one whose runtime file is missing: it reports the error
screen instead (WebKit has no resource timing `responseStatus`, so the page's other
way of finding a missing file is the one at work).

Prints what the page showed as one JSON object; the test makes the assertions.
WebKitWebDriver gives no console log: the page's errors are gathered by a listener
put in as soon as the page has loaded (a failed start shows as the error screen).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
BOOT_SECONDS = 120
LISTEN = """
if (!window.seenErrors) {
  window.seenErrors = [];
  addEventListener('error', (e) => seenErrors.push('page: ' + e.message));
  addEventListener('unhandledrejection', (e) => seenErrors.push('page: ' + e.reason));
  const error = console.error.bind(console);
  console.error = (...args) => { seenErrors.push('console: ' + args.join(' ')); error(...args); };
}
"""


def ready(driver: Any) -> bool:
    state = driver.execute_script("return document.documentElement.dataset.ready || ''")
    if state == "error":
        cause, detail = driver.execute_script(
            "return [document.querySelector('.boot-error-cause')?.textContent,"
            " document.querySelector('.boot-error-detail')?.textContent]"
        )
        raise RuntimeError(f"the game did not start: {cause}\n{detail}")
    return bool(state == "1")


def broken(driver: Any, url: str, shots: str) -> dict[str, Any]:
    """What the error screen of a site with a missing runtime file says."""
    driver.get(url)
    WebDriverWait(driver, BOOT_SECONDS, 0.2).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready") == "error"
    )
    driver.save_screenshot(f"{shots}/webkit-missing-runtime-1280.png")
    return dict(
        driver.execute_script(
            "return {cause: document.querySelector('.boot-error-cause').textContent,"
            " detail: document.querySelector('.boot-error-detail').textContent,"
            " responseStatus: !!window.PerformanceResourceTiming"
            " && 'responseStatus' in PerformanceResourceTiming.prototype}"
        )
    )


def launch(*arguments: str) -> Any:
    """WebKitGTK's MiniBrowser under WebKitWebDriver, with these arguments besides."""
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    for argument in arguments:
        options.add_argument(argument)
    return webdriver.WebKitGTK(options=options)


def main() -> None:
    url, shots = sys.argv[1], sys.argv[2]
    driver = launch()
    result: dict[str, Any] = {}
    if sys.argv[3:] == ["broken"]:
        try:
            driver.set_window_size(1280, 800)
            result = broken(driver, url, shots)
        finally:
            driver.quit()
        print(json.dumps(result))
        return
    try:
        driver.set_window_size(1280, 800)
        started = time.monotonic()
        driver.get(url)
        driver.execute_script(LISTEN)
        WebDriverWait(driver, BOOT_SECONDS, 0.2).until(ready)
        result["boot"] = round(time.monotonic() - started, 2)
        result["version"] = driver.capabilities.get("browserVersion", "")

        def moves() -> int:
            return int(
                driver.execute_script("return Number(document.documentElement.dataset.moves)")
            )

        def enabled(selector: str) -> list[Any]:
            return [e for e in driver.find_elements(By.CSS_SELECTOR, selector) if e.is_enabled()]

        def moved(before: int) -> None:
            WebDriverWait(driver, 30, 0.1).until(lambda d: moves() > before)

        driver.find_element(By.CSS_SELECTOR, '[data-msg="quick-play"]').click()
        WebDriverWait(driver, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, '[data-screen="game"]')
        )
        # The computers at once.
        Select(driver.find_element(By.CSS_SELECTOR, ".topbar [name='speed']")).select_by_value(
            "instant"
        )
        by_cards = made = 0
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and (by_cards < 1 or made < 6):
            for go_on in enabled('[data-msg="go-on"]'):  # a round's summary, held on the table
                go_on.click()
            if not enabled("#decision [data-action]"):
                time.sleep(0.15)
                continue
            before = moves()
            cards = enabled('#decision [data-msg="pick"]')
            if cards and by_cards < 1:
                values = [int("".join(c for c in e.text if c.isdigit()) or 0) for e in cards]
                cards[values.index(max(values))].click()  # the largest influence card
                confirm = enabled('[data-msg="confirm"]')
                if confirm:
                    confirm[0].click()
                    moved(before)
                    by_cards += 1
                    made += 1
                    continue
                for unpick in driver.find_elements(By.CSS_SELECTOR, '[data-msg="unpick"]'):
                    unpick.click()
                    break
            withdraw = enabled('#decision [data-action="withdraw"]')
            (withdraw or enabled("#decision [data-action]"))[0].click()
            moved(before)
            made += 1
        result.update(byCards=by_cards, made=made, moves=moves())
        driver.save_screenshot(f"{shots}/webkit-table-1280.png")

        driver.refresh()
        driver.execute_script(LISTEN)
        WebDriverWait(driver, BOOT_SECONDS, 0.2).until(ready)
        result["movesAfterReload"] = moves()
        errors = list(driver.execute_script("return window.seenErrors || []"))

        driver.find_element(By.CSS_SELECTOR, '[data-msg="panel"][data-value="rules"]').click()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".help"))
        result["rules"] = len(driver.find_element(By.CSS_SELECTOR, ".help").text)
        driver.find_element(By.CSS_SELECTOR, '[data-msg="panel"][data-value="rules"]').click()
        Select(driver.find_element(By.CSS_SELECTOR, ".topbar [name='lang']")).select_by_value("pl")
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return document.documentElement.lang") == "pl"
        )
        result["lang"] = driver.execute_script("return document.documentElement.lang")
        result["polish"] = driver.find_element(By.CSS_SELECTOR, ".topbar").text
        driver.set_window_size(390, 844)
        time.sleep(0.8)
        driver.save_screenshot(f"{shots}/webkit-table-390.png")
        result["pickers"] = driver.execute_script(
            "return [...document.querySelectorAll('.topbar select')].map((el) => {"
            " const s = getComputedStyle(el);"
            " return {name: el.name, color: s.color, background: s.backgroundColor,"
            " appearance: s.webkitAppearance || s.appearance}; })"
        )
        result["errors"] = errors + list(driver.execute_script("return window.seenErrors || []"))
        result["requests"] = driver.execute_script(
            "return performance.getEntriesByType('resource').map((e) => e.name)"
        )
    finally:
        driver.quit()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
