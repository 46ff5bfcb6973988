"""The site in a real browser: loading, saves, offline, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import senator_core as sc
from senator_core.app.keeping.saves import load_session
from senator_core.app.play.bidding import offered as shown_actions

from .conftest import (
    READY,
    SUBPATH,
    Site,
    Watch,
    copy_site,
    fail_on_adapter_reports,
    open_game,
    seat_people,
    wait_for,
)

MAX_CLICKS = 600


def same_origin(watch: Watch, origin: str) -> list[str]:
    return [u for u in watch.requests if not (u.startswith(origin) or u.startswith("data:"))]


def saved_game(page: Any) -> sc.Game | None:
    text = page.evaluate("localStorage.getItem('senator.save')")
    return None if text is None else load_session(text).record.game


def ready_with_no_error_and_no_outside_request(
    page: Any, watch: Watch, site: Site, path: str
) -> None:
    """The title screen, reached with no error, nothing fetched from elsewhere, the
    wheel from `path`, and nothing of online play's."""
    assert page.locator("[data-screen='title']").is_visible()
    assert page.locator("[data-msg='new-game']").is_visible()
    assert not page.locator("#boot-error").is_visible()
    assert watch.errors == []
    assert same_origin(watch, site.origin) == []
    assert any(u.endswith(".whl") and path + "wheels/" in u for u in watch.requests)
    # Online play's transport loads only when an online game starts.
    assert not [u for u in watch.requests if "online.js" in u or "/vendor/@" in u]


def test_the_page_becomes_ready_on_a_sub_path(site: Site, page: Any, watch: Watch) -> None:
    open_game(page, f"{site.origin}{SUBPATH}?nosw")
    ready_with_no_error_and_no_outside_request(page, watch, site, SUBPATH)


def test_the_page_becomes_ready_and_a_game_in_progress_survives_a_reload(
    site: Site, page: Any, watch: Watch
) -> None:
    open_game(page, f"{site.origin}/?nosw")
    ready_with_no_error_and_no_outside_request(page, watch, site, "/")
    page.click("[data-msg='new-game']")
    seat_people(page)
    page.click("[data-msg='start']")
    for _ in range(12):
        page.locator("[data-action]").first.click()
    before = saved_game(page)
    assert before is not None and before.moves == 12
    page.reload()
    page.wait_for_selector(READY, state="attached")
    page.locator("[data-screen='game']").wait_for()
    page.wait_for_selector("[data-screen='game']")
    after = saved_game(page)
    assert after is not None and after.to_json() == before.to_json()
    offered = page.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    assert sorted(offered) == sorted(str(a) for a in shown_actions(before))
    assert watch.errors == []


# Makes the application's `update` raise, as a bug in it would.
# A bug in how one message is handled: every message but the report of the failure fails.
BREAK_UPDATE = """
import __main__
working = __main__.update
def broken(model, msg, now=""):
    if type(msg).__name__ != "Failed":
        raise RuntimeError("injected failure")
    return working(model, msg, now)
__main__.update = broken
"""


def test_the_watch_fails_a_test_on_an_error_the_page_survives(
    site: Site, page: Any, watch: Watch
) -> None:
    """The adapter catches a failing update, warns and shows a notice, and play could go
    on; the watch records both, and a test that ends with them fails."""
    open_game(page, f"{site.origin}/?nosw")
    page.evaluate("(code) => window.senator.pyodide.runPython(code)", BREAK_UPDATE)
    page.click("[data-msg='new-game']")
    page.locator(".notice").wait_for()
    assert "injected failure" in page.locator(".notice").inner_text()
    reports = watch.adapter_reports()
    assert any(r.startswith("warning: Senator: RuntimeError: injected failure") for r in reports)
    assert any(r.startswith("console: notice: Something went wrong") for r in reports)
    with pytest.raises(pytest.fail.Exception, match="the page reported errors"):
        fail_on_adapter_reports(watch)
    watch.errors.clear()  # expected here: the test itself would fail otherwise


def test_an_unreadable_save_is_set_aside_with_a_message(site: Site, page: Any) -> None:
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        " sessionStorage.setItem('seeded', '1');"
        " localStorage.setItem('senator.save', '{\"format\": \"senator-session\", broken'); }"
    )
    open_game(page, f"{site.origin}/?nosw")
    assert "could not be read" in page.locator(".notice").inner_text()
    kept = page.evaluate("localStorage.getItem('senator.save.unreadable')")
    assert kept == '{"format": "senator-session", broken'
    assert page.evaluate("localStorage.getItem('senator.save')") is None
    page.click("[data-msg='new-game']")
    page.wait_for_selector("[data-screen='setup']")


def test_the_loading_screen_shows_stages_and_a_moving_bar(site: Site, page: Any) -> None:
    site.delays["pyodide.asm.wasm"] = 2.5
    try:
        page.goto(f"{site.origin}/?nosw", wait_until="domcontentloaded")
        boot = page.locator("[data-screen='loading']")
        assert boot.is_visible()
        assert page.locator("[data-stage='runtime']").get_attribute("class") == "active"
        first = int(page.locator(".boot-bar").get_attribute("aria-valuenow") or 0)
        wait_for(
            page,
            f"Number(document.querySelector('.boot-bar').getAttribute('aria-valuenow')) > {first}",
        )
        # The stages speak of the game, not of what loads.
        assert page.locator(".boot-status").inner_text() == "Setting up the table…"
        stages = page.locator(".boot-stages").inner_text()
        assert "Python" not in stages and "Installer" not in stages
        page.wait_for_selector(READY, state="attached")
        assert page.locator("[data-screen='title']").is_visible()
    finally:
        site.delays.clear()


def break_site(dist: Path, tmp_path: Path, how: str) -> Path:
    broken = copy_site(dist, tmp_path)
    if how == "missing wheel":
        for wheel in (broken / "wheels").rglob("*.whl"):
            wheel.unlink()
    elif how == "python error":
        (broken / "main.py").write_text("raise RuntimeError('broken on purpose')\n")
    elif how == "missing runtime":
        (broken / "pyodide" / "pyodide.asm.wasm").unlink()
    elif how == "missing build description":
        (broken / "build.json").unlink()
    return broken


@pytest.mark.parametrize(
    ("how", "cause"),
    [
        ("missing wheel", "Could not install the game"),
        ("python error", "The game failed to start: RuntimeError: broken on purpose"),
        ("missing runtime", "The Python runtime failed to start"),
        ("missing build description", "Could not load build.json (HTTP 404)"),
    ],
)
def test_a_broken_site_shows_a_readable_error(
    dist: Path, tmp_path: Path, fresh_site: Site, page: Any, how: str, cause: str
) -> None:
    url = fresh_site.mount("/broken/", break_site(dist, tmp_path, how))
    page.goto(url + "?nosw")
    page.wait_for_selector("html[data-ready='error']")
    error = page.locator("[data-screen='error']")
    assert error.is_visible()
    assert cause in error.locator(".boot-error-cause").inner_text()
    assert not page.locator("[data-screen='loading']").is_visible()
    assert page.locator("#boot-retry").is_visible()


@pytest.mark.parametrize("failures", [1, 99])
def test_the_package_installer_is_fetched_again_once(site: Site, page: Any, failures: int) -> None:
    """A dropped download of micropip is tried once more; two are a readable error."""
    left = [failures]

    def drop(route: Any) -> None:
        if left[0] > 0:
            left[0] -= 1
            route.abort()
        else:
            route.continue_()

    page.route("**/pyodide/micropip-*.whl", drop)
    page.goto(f"{site.origin}/?nosw")
    page.wait_for_selector("html[data-ready='1'], html[data-ready='error']")
    if failures == 1:
        assert page.evaluate("document.documentElement.dataset.ready") == "1"
        assert page.locator("[data-msg='new-game']").is_visible()
    else:
        cause = page.locator(".boot-error-cause").inner_text()
        assert "Could not load the package installer (micropip)" in cause
        assert "micropip" in page.locator(".boot-error-detail").inner_text()
        assert page.locator("#boot-retry").is_visible()


@pytest.mark.parametrize(
    "missing",
    ["delete window.WebAssembly;", "delete WebAssembly.Exception;", "delete window.BigInt64Array;"],
)
def test_a_browser_too_old_for_the_runtime_is_told_which_will_do(
    site: Site, page: Any, missing: str
) -> None:
    page.add_init_script(missing)
    page.goto(f"{site.origin}/?nosw")
    assert "Firefox 100" in page.locator(".boot-browsers").inner_text()
    page.wait_for_selector("html[data-ready='error']")
    cause = page.locator(".boot-error-cause").inner_text()
    assert "too old" in cause and "Chrome and Edge 95" in cause and "Safari 15.2" in cause
    assert page.locator("#boot-retry").is_visible()


def with_worker(page: Any, site: Site, dist: Path) -> str:
    """Opens the site at a sub-path once its service worker controls the page."""
    url = site.mount(SUBPATH, dist)
    open_game(page, url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_for(page, "navigator.serviceWorker.controller !== null")
    return url


def test_the_game_loads_and_plays_offline_after_one_visit(
    dist: Path, fresh_site: Site, page: Any, watch: Watch
) -> None:
    url = with_worker(page, fresh_site, dist)
    cached = page.evaluate(
        "caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k)"
        ".then(c => c.keys())))).then(all => all.flat().map(r => r.url))"
    )
    manifest = json.loads((dist / "build.json").read_text())
    assert url in cached and url + manifest["wheel"] in cached
    fresh_site.stop()
    for address in (url, url + "index.html", url + "?game=shared"):
        page.goto(address)
        page.wait_for_selector(READY, state="attached")
        assert page.locator("[data-screen='title']").is_visible()
    page.click("[data-msg='new-game']")
    seat_people(page)
    page.click("[data-msg='start']")
    for _ in range(5):
        page.locator("[data-action]").first.click()
    assert page.locator("[data-screen='game']").is_visible()
    assert watch.errors == []


REST = "python_stdlib_rest.zip"
# Runs Python in the page and gives back its last expression as JSON, or the error.
PYTHON = """code => { try {
  return { value: JSON.parse(window.senator.pyodide.runPython(code)) };
} catch (err) { return { error: String(err.message || err) }; } }"""


def python(page: Any, code: str) -> Any:
    """The JSON of the code's last expression, run in the page's Python."""
    result = page.evaluate(PYTHON, code)
    assert "error" not in result, result["error"]
    return result["value"]


def test_a_standard_module_the_game_never_imports_is_fetched_when_first_imported(
    site: Site, page: Any, watch: Watch
) -> None:
    """The page's standard library holds what the game uses; any other module, even one
    of a package the game uses, comes from a second archive fetched once, on first use.
    The game's own modules run from bytecode alone, without column positions."""
    open_game(page, f"{site.origin}{SUBPATH}?nosw")
    assert not [u for u in watch.requests if u.endswith(REST)]
    where = python(page, "import json, difflib; json.dumps(difflib.__file__)")
    assert f"{REST}/difflib.py" in where
    assert (
        python(page, "import difflib; json.dumps(difflib.SequenceMatcher(None, 'ab', 'b').ratio())")
        > 0
    )
    # A package the game uses (email, by micropip) with a module it never imports.
    assert python(page, "import email.mime.text as t; json.dumps(t.__file__)").endswith(
        f"{REST}/email/mime/text.py"
    )
    assert python(page, "import xml.dom.minidom as m; json.dumps(m.__name__)") == "xml.dom.minidom"
    assert len([u for u in watch.requests if u.endswith(REST)]) == 1
    # A module of another platform is looked for by some of the library, and fetches nothing.
    failed = page.evaluate(PYTHON, "import _winapi")
    assert "No module named '_winapi'" in failed["error"]
    assert len([u for u in watch.requests if u.endswith(REST)]) == 1
    game = python(
        page,
        "import senator_core.game as g\n"
        "json.dumps([g.__file__, all(p[2] is None for p in g.Game.apply.__code__.co_positions())])",
    )
    assert game[0].endswith("senator_core/game.pyc") and game[1]
    assert page.locator("[data-screen='title']").is_visible()
    assert watch.errors == []


def test_a_module_that_cannot_be_fetched_is_a_clear_import_error(
    site: Site, page: Any, watch: Watch
) -> None:
    open_game(page, f"{site.origin}{SUBPATH}?nosw")
    page.route(f"**/{REST}", lambda route: route.abort())
    failed = page.evaluate(PYTHON, "import difflib")
    assert "No module named 'difflib' here" in failed["error"]
    assert f"/{REST} could not be fetched" in failed["error"]
    page.unroute(f"**/{REST}")
    assert python(page, "import json, difflib; json.dumps(difflib.__name__)") == "difflib"
    page.click("[data-msg='new-game']")  # the page plays on
    assert page.locator("[data-msg='start']").is_visible()


def test_a_module_fetched_once_imports_offline_after(
    dist: Path, fresh_site: Site, page: Any, watch: Watch
) -> None:
    """The service worker keeps the second archive when it is first fetched."""
    url = with_worker(page, fresh_site, dist)
    rest = json.loads((dist / "build.json").read_text())["stdlib"]["rest"]
    assert python(page, "import json, difflib; json.dumps(difflib.__name__)") == "difflib"
    wait_for(page, f"caches.match('{url}{rest}').then(r => !!r)")
    assert not page.evaluate(f"caches.match('{url}online.js').then(r => !!r)")
    fresh_site.stop()
    page.reload()
    page.wait_for_selector(READY, state="attached")
    # Taken from the worker's cache as the page starts, since an import cannot wait.
    wait_for(page, f"window.senator.pyodide.FS.analyzePath('/lib/stdlib-rest/{REST}').exists")
    assert python(page, "import json, difflib; json.dumps(difflib.__name__)") == "difflib"
    assert watch.errors == []


# Draws the icon's SVG and a PNG icon at the PNG's size, and compares them pixel by
# pixel, colours weighted by their opacity (so a faint edge pixel counts as little
# as it shows).
COMPARE_ICONS = """async (size) => {
  const draw = async (name) => {
    const image = new Image();
    image.src = name;
    await image.decode();
    const canvas = new OffscreenCanvas(size, size);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0, size, size);
    return context.getImageData(0, 0, size, size).data;
  };
  const svg = await draw("icon.svg");
  const png = await draw(`icon-${size}.png`);
  let difference = 0, svgCover = 0, pngCover = 0;
  for (let i = 0; i < svg.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      difference += Math.abs(svg[i + c] * svg[i + 3] - png[i + c] * png[i + 3]) / 255;
    }
    difference += Math.abs(svg[i + 3] - png[i + 3]);
    svgCover += svg[i + 3];
    pngCover += png[i + 3];
  }
  return { difference: difference / svg.length, svgCover, pngCover };
}"""


@pytest.mark.parametrize("size", [192, 512])
def test_the_png_icons_are_the_svg_as_the_browser_draws_it(
    site: Site, page: Any, size: int
) -> None:
    """The home-screen icons are drawn from icon.svg, so they show what it shows."""
    page.goto(f"{site.origin}/assets/icon.svg")
    compared = page.evaluate(COMPARE_ICONS, size)
    assert compared["pngCover"] == pytest.approx(compared["svgCover"], rel=5e-3)
    assert compared["difference"] < 1.0, compared  # of 255, a channel's mean
