"""The game in Firefox and in WebKit (Safari's engine) beside Chromium: a smoke game in
each through the page alone (boot, quick play, a bid made by touching cards, a reload
that restores the game, the rules panel, Polish), with no page or console error, no
request off the site, the bar's pickers readable, and a screenshot at 1280x800 and
390x844. Firefox ESR is driven by puppeteer-core over WebDriver BiDi
(`others/firefox.mjs`), WebKitGTK by Selenium under Xvfb (`others/webkit.py`);
`test.sh` installs both and what drives them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import SUBPATH, Site, copy_site

HERE = Path(__file__).parent / "others"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "screenshots"
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
RUN_TIMEOUT = 300
PURPLE = "rgb(92, 26, 51)"  # the bar's own colour, under its pickers' white text


def run(command: list[str], url: str, *more: str) -> dict[str, Any]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [*command, url, str(SHOTS), *more],
        check=False,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        cwd=ROOT,
    )
    assert done.returncode == 0, f"the browser run failed:\n{done.stderr[-3000:]}"
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def check(result: dict[str, Any], site: Site, engine: str) -> None:
    assert result["errors"] == []
    assert all(u.startswith((site.origin, "data:")) for u in result["requests"])
    assert result["byCards"] == 1 and result["made"] >= 6  # a bid by touching cards
    # The reload came back to the game (where the computers may have played on).
    assert result["movesAfterReload"] >= result["moves"] > 0
    assert result["rules"] > 5000
    assert result["lang"] == "pl" and "Zasady" in result["polish"]
    for picker in result["pickers"]:  # white text on the bar's purple, not on a light box
        assert (picker["color"], picker["background"]) == ("rgb(255, 255, 255)", PURPLE), picker
    for width in (1280, 390):
        assert (SHOTS / f"{engine}-table-{width}.png").stat().st_size > 10_000


def test_a_smoke_game_in_firefox(site: Site) -> None:
    node = shutil.which("node")
    if node is None or not FIREFOX.exists() or not (HERE / "node_modules").exists():
        pytest.skip("Firefox ESR, Node or puppeteer-core is not installed (test.sh installs them)")
    result = run([node, str(HERE / "firefox.mjs")], f"{site.origin}{SUBPATH}?nosw")
    assert result["version"].startswith("firefox/")
    check(result, site, "firefox")


def webkit() -> list[str]:
    xvfb = shutil.which("xvfb-run")
    if xvfb is None or not WEBKIT.exists() or shutil.which("WebKitWebDriver") is None:
        pytest.skip("WebKitGTK's driver or Xvfb is not installed (test.sh installs them)")
    return [xvfb, "-a", sys.executable, str(HERE / "webkit.py")]


@pytest.mark.long
def test_a_smoke_game_in_webkit(site: Site) -> None:
    result = run(webkit(), f"{site.origin}{SUBPATH}?nosw")
    check(result, site, "webkit")


def test_webkit_finds_a_missing_runtime_file_without_resource_timings_status(
    dist: Path, tmp_path: Path, fresh_site: Site
) -> None:
    broken = copy_site(dist, tmp_path)
    (broken / "pyodide" / "pyodide.asm.wasm").unlink()
    url = fresh_site.mount("/broken/", broken)
    said = run(webkit(), f"{url}?nosw", "broken")
    assert said["responseStatus"] is False  # the page's other way is the one tested here
    assert "The Python runtime failed to start" in said["cause"]
    assert "pyodide.asm.wasm is missing (HTTP 404)" in said["detail"]
