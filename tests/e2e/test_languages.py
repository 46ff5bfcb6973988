"""English, Polish and Russian in a real browser: the loading screen follows `?lang=`,
switching in the middle of a game changes the board, the prompts and the earlier log
at once with no English left, the choice is remembered, and the longer Russian words
fit a phone (screenshots in test-results/screenshots/)."""

from __future__ import annotations

import random
from typing import Any

import senator_core as sc
from senator_core import i18n
from senator_core.app.ui.loading import BOOT_TEXTS

from .conftest import (
    BOOT_TIMEOUT,
    READY,
    Site,
    Watch,
    at_last_choice,
    next_move,
    open_file,
    open_game,
    use_setup,
    wait_for,
)
from .test_interface import assert_no_horizontal_scroll, link_url, shot

# What the page shows in words, with the language picker's own names left out.
SHOWN_TEXT = """() => {
  const app = document.getElementById("app").cloneNode(true);
  for (const el of app.querySelectorAll(".lang-pick")) el.remove();
  return app.innerText;
}"""


MY_TURN_OR_END = """() => document.querySelector("[data-screen='end']") !== null
  || document.querySelector("#decision:not(.thinking) [data-action]") !== null
  || document.querySelector("#decision [data-msg='go-on']") !== null"""


def english_left(page: Any, lang: str) -> list[str]:
    """Longer English phrases of the game's texts still shown in `lang`."""
    from tests.test_i18n import catalog_texts, english_phrases

    said = catalog_texts(lang)
    text = page.evaluate(SHOWN_TEXT)
    return sorted(p for p in english_phrases() if p in text and p not in said)


def play(page: Any, moves: int, seed: int) -> None:
    chooser = random.Random(seed)
    for _ in range(moves):
        next_move(page, chooser)


# The loading screen as it was first drawn, read before the game can replace it.
FIRST_DRAWN = """document.addEventListener("DOMContentLoaded", () => {
  const tagline = document.querySelector(".boot-tagline");
  window.firstDrawn = {lang: document.documentElement.lang,
    tagline: tagline ? tagline.innerText : null};
});"""


def test_the_loading_screen_speaks_the_language_of_the_link(site: Site, page: Any) -> None:
    page.add_init_script(FIRST_DRAWN)
    page.goto(f"{site.origin}/?lang=ru&nosw", wait_until="domcontentloaded")
    i18n.use("ru")
    try:
        expected = BOOT_TEXTS["tagline"]
    finally:
        i18n.use("en")
    drawn = page.evaluate("window.firstDrawn")
    assert drawn["lang"] == "ru"
    assert drawn["tagline"] == expected != "The card game of Roman politics"
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert "lang=" not in page.url  # remembered now: a reload keeps any later choice


def test_switching_language_mid_game_changes_the_board_prompts_and_log(
    site: Site, page: Any, watch: Watch
) -> None:
    open_game(page, link_url(site, sc.GameConfig(players=4, seed=41)))
    play(page, 14, 1)
    english = page.evaluate(SHOWN_TEXT)
    log_before = page.locator(".log-body").inner_text()
    for lang in ("pl", "ru"):
        page.select_option(".topbar [name='lang']", lang)
        wait_for(page, f"document.documentElement.lang === '{lang}'")
        assert page.locator(".log-body").inner_text() != log_before  # earlier entries too
        assert not english_left(page, lang), english_left(page, lang)
        shot(page, f"language-{lang}-desktop", full_page=False)
        play(page, 3, 2)  # and on in that language
        assert not english_left(page, lang), english_left(page, lang)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "ru"
    page.select_option(".topbar [name='lang']", "en")
    wait_for(page, "document.documentElement.lang === 'en'")
    assert page.evaluate(SHOWN_TEXT) != english  # the game went on meanwhile
    assert "Round" in page.locator(".topbar").inner_text()


def test_russian_fits_a_phone_on_every_main_screen(booted_phone: tuple[Any, Watch]) -> None:
    """The title, the replay, the table and the end screen in Russian on a phone: a game
    against the computers (opened at the person's last choice, made in CPython) is
    played from the replay to its end, then watched again."""
    page, _ = booted_phone
    page.locator("[name='lang']:visible").first.select_option("ru")
    wait_for(page, "document.documentElement.lang === 'ru'")
    use_setup(page, speed="instant")
    assert_no_horizontal_scroll(page)
    assert not english_left(page, "ru"), english_left(page, "ru")
    shot(page, "language-ru-phone-title")
    record = at_last_choice(5)
    open_file(page, record.file_name(), record.to_json())
    page.locator("[data-screen='replay']").wait_for()
    assert_no_horizontal_scroll(page)
    page.click("[data-msg='play-from']")
    wait_for(page, MY_TURN_OR_END, timeout=BOOT_TIMEOUT)
    assert_no_horizontal_scroll(page)
    assert not english_left(page, "ru"), english_left(page, "ru")
    shot(page, "language-ru-phone-table", full_page=False)
    chooser = random.Random(5)
    while True:
        wait_for(page, MY_TURN_OR_END, timeout=BOOT_TIMEOUT)
        if next_move(page, chooser) is None:
            break
    page.locator("[data-screen='end']").wait_for()
    assert_no_horizontal_scroll(page)
    assert not english_left(page, "ru"), english_left(page, "ru")
    shot(page, "language-ru-phone-end")
    page.click("[data-screen='end'] [data-msg='watch']")
    page.locator("[data-screen='replay']").wait_for()
    assert_no_horizontal_scroll(page)
    assert not english_left(page, "ru"), english_left(page, "ru")
    shot(page, "language-ru-phone-replay", full_page=False)


def test_a_language_whose_texts_cannot_be_fetched_leaves_the_page_in_english(
    site: Site, page: Any
) -> None:
    """Each language but English is fetched when first spoken: offline before that,
    the player is told, and the page goes on in English."""
    open_game(page, f"{site.origin}/?nosw")
    page.route("**/locale/**", lambda route: route.abort())
    page.select_option("[name='lang']", "pl")
    notice = page.locator("[role='status'], .notice").filter(has_text="could not be fetched")
    notice.first.wait_for()
    assert "Polski" in notice.first.inner_text()
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("[name='lang']").input_value() == "en"
    assert "New game" in page.locator("[data-screen='title']").inner_text()
    page.unroute("**/locale/**")
    # The site updated since the page opened: its catalog is gone (404), and the
    # player is told to reload rather than to check the connection.
    page.route("**/locale/**", lambda route: route.fulfill(status=404, body="gone"))
    page.select_option("[name='lang']", "ru")
    updated = page.locator("[role='status'], .notice").filter(has_text="reload the page")
    updated.first.wait_for()
    assert "Русский" in updated.first.inner_text()
    assert page.evaluate("document.documentElement.lang") == "en"
    page.unroute("**/locale/**")
    page.select_option("[name='lang']", "pl")
    wait_for(page, "document.documentElement.lang === 'pl'")
    assert "Nowa gra" in page.locator("[data-screen='title']").inner_text()
