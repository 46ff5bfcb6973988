"""The guided first game in a real browser, in each language and at both window sizes:
offered first on a first visit, its coach's moves followed to the end of its line
with the table held at each note and the round's summary, then played on to the
game's end; left and taken up again after a reload and from the menu; a move off
its line taken back, or played on alone. axe checks the coach's screens, and
screenshots go to test-results/screenshots/. (The whole line, each way off it and
back, and the game after it are the application's, played in CPython in
tests/test_lesson.py; here the line is followed to its end once.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from senator_core.app.lesson.line import LINE, NOTES

from .axe import violations
from .conftest import (
    BOOT_TIMEOUT,
    DESKTOP,
    PHONE,
    Site,
    Watch,
    fail_on_adapter_reports,
    next_move,
    open_game,
    stored_setup,
    use_setup,
    wait_for,
    watch_context,
)
from .test_interface import assert_no_horizontal_scroll, shot
from .test_languages import english_left

# What the page asks of the player now: the coach's suggestion, a note or a move off
# the line to answer, a round's summary, the end; null while the computers play.
COACH_STATE = """() => {
  const moves = +document.documentElement.dataset.moves;
  if (document.querySelector("[data-screen='end']")) return {what: "end", moves};
  if (document.querySelector(".round-story")) return {what: "story", moves};
  const hold = document.querySelector(".coach-hold");
  if (hold) return {what: hold.dataset.coach, moves};
  const thinking = document.querySelector("#decision.thinking, #decision.forced");
  const coach = document.querySelector(".coach[data-coach='move']");
  if (coach && !thinking && document.querySelector("#decision [data-action]"))
    return {what: "move", moves, suggest: coach.dataset.suggest};
  if (!coach && !thinking && document.querySelector("#decision [data-action]"))
    return {what: "alone", moves};
  return null;
}"""


def coach_state(page: Any) -> dict[str, Any]:
    return dict(wait_for(page, COACH_STATE, timeout=BOOT_TIMEOUT).json_value())


def follow_line(page: Any, until: int, lang: str, name: str, found: list[str]) -> int:
    """Follows the coach until the game has `until` moves (a round's summary there gone
    on from), checking what it shows on the way; returns the notes gone on from."""
    notes = 0
    while True:
        state = coach_state(page)
        if state["moves"] >= until and state["what"] != "story":
            return notes
        if state["what"] == "story":
            page.click("[data-msg='go-on']")
            page.locator(".round-story").wait_for(state="detached")
            continue
        if state["what"] == "note":
            notes += 1
            assert state["moves"] in NOTES
            assert page.locator(".coach-hold").is_visible()
            if notes == 1:
                found += violations(page, f"the coach's held note ({name})")
                shot(page, f"lesson-{name}-note", full_page=False)
                if lang != "en":
                    assert not english_left(page, lang), english_left(page, lang)
            page.click(".coach-hold [data-value='on']")
            wait_for(page, "() => !document.querySelector('.coach-hold[data-coach=note]')")
            continue
        assert state["what"] == "move", state
        moves = state["moves"]
        assert state["suggest"] == LINE[moves], "the coach suggests the line's move"
        ringed = page.locator(f"#decision [data-action='{state['suggest']}']")
        outline = ringed.evaluate("e => getComputedStyle(e).outlineStyle")
        assert outline == "solid", "the suggested control is ringed"
        if moves == 4:
            found += violations(page, f"the coach beside the decision ({name})")
            shot(page, f"lesson-{name}-move", full_page=False)
        ringed.click()
        wait_for(page, f"() => +document.documentElement.dataset.moves > {moves}")


def learn(page: Any, lang: str) -> None:
    """On the title screen, `lang` chosen by the picker and the instant pace by the
    set-up (as another tab would), then the guided game sat down to."""
    if lang != "en":
        page.locator("[name='lang']:visible").first.select_option(lang)
        wait_for(page, f"document.documentElement.lang === '{lang}'")
    use_setup(page, speed="instant")
    page.click("[data-msg='learn']")


@pytest.fixture
def sized(browser: Any, request: pytest.FixtureRequest) -> Any:
    size = PHONE if request.param == "phone" else DESKTOP
    ctx = browser.new_context(viewport=size, is_mobile=size is PHONE, has_touch=size is PHONE)
    ctx.set_default_timeout(BOOT_TIMEOUT)
    seen = watch_context(ctx)
    page = ctx.new_page()
    page.add_init_script(stored_setup(speed="instant"))  # the pace has tests of its own
    yield page
    ctx.close()
    fail_on_adapter_reports(seen)


@pytest.mark.parametrize("sized", ["desktop"], indirect=True)
def test_the_guided_game_played_through_to_its_end(site: Site, sized: Any) -> None:
    page = sized
    open_game(page, f"{site.origin}/?lang=en&nosw")
    first = page.locator(".title-actions button").first
    assert first.get_attribute("data-msg") == "learn", "a first visit offers the lesson first"
    first.click()
    found: list[str] = []
    notes = follow_line(page, len(LINE), "en", "en-desktop", found)
    assert notes == len(NOTES) - 1
    # After the round's summary, the coach's last word on the line.
    assert coach_state(page) == {"what": "note", "moves": len(LINE)}
    page.click(".coach-hold [data-value='on']")
    # Alone now, against beginners, to the game's end.
    assert page.locator(".coach").count() == 0
    chooser = random.Random(3)
    while next_move(page, chooser) is not None:
        pass
    closing = page.locator(".coach-closing")
    closing.wait_for()
    assert "most tokens wins" in (closing.text_content() or "")
    found += violations(page, "the coach's closing word")
    shot(page, "lesson-en-desktop-end")
    assert not found, "\n\n".join(found)
    # The lesson again, from its closing word.
    page.click(".coach-closing [data-value='again']")
    assert coach_state(page) == {"what": "move", "moves": 0, "suggest": LINE[0]}


@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_the_guided_game_is_left_and_taken_up_again_on_a_phone_in_polish(
    site: Site, sized: Any
) -> None:
    page = sized
    open_game(page, f"{site.origin}/?lang=pl&nosw")
    assert_no_horizontal_scroll(page)
    page.click("[data-msg='learn']")
    found: list[str] = []
    follow_line(page, 15, "pl", "pl-phone", found)
    # Move 15 holds a note: reload, and the lesson is where it was.
    assert coach_state(page)["what"] == "note"
    page.reload()
    page.wait_for_selector("html[data-ready='1']", state="attached")
    state = coach_state(page)
    assert state == {"what": "note", "moves": 15}, state
    assert_no_horizontal_scroll(page)
    page.click(".coach-hold [data-value='on']")
    # To the menu and back by "Continue the lesson".
    follow_line(page, 20, "pl", "pl-phone", found)
    page.click(".topbar [data-msg='title']")
    page.locator("[data-screen='title']").wait_for()
    resume = page.locator("[data-msg='continue']")
    assert resume.inner_text().strip() == "Kontynuuj naukę"
    resume.click()
    # The lesson goes on where it was left: the coach suggests the line's next move.
    state = coach_state(page)
    assert state["what"] == "move" and state["moves"] >= 20, state
    assert state["suggest"] == LINE[state["moves"]], state
    assert not found, "\n\n".join(found)


def test_a_move_off_the_line_is_taken_back_in_russian(booted: tuple[Any, Watch]) -> None:
    page, _ = booted
    learn(page, "ru")
    found: list[str] = []
    follow_line(page, 9, "ru", "ru-desktop", found)
    assert LINE[9] == "play 1"
    page.click("#decision [data-action='withdraw']")  # not the coach's bid
    hold = page.locator(".coach-hold[data-coach='strayed']")
    hold.wait_for()
    found += violations(page, "a move off the lesson's line")
    shot(page, "lesson-ru-desktop-strayed", full_page=False)
    assert not english_left(page, "ru"), english_left(page, "ru")
    moves = page.evaluate("document.documentElement.dataset.moves")
    page.wait_for_timeout(1000)
    assert page.evaluate("document.documentElement.dataset.moves") == moves, "the table waits"
    page.click(".coach-hold [data-value='back']")
    assert coach_state(page) == {"what": "move", "moves": 9, "suggest": "play 1"}
    # On to the first note (Brutus's Rebellion, at move 15), held in Russian.
    assert follow_line(page, 16, "ru", "ru-desktop", found) == 1
    assert not found, "\n\n".join(found)


def test_a_move_off_the_line_is_played_on_alone(booted_phone: tuple[Any, Watch]) -> None:
    page, _ = booted_phone
    learn(page, "en")
    assert coach_state(page) == {"what": "move", "moves": 0, "suggest": "topic taxes"}
    page.click("#decision [data-action='topic war']")
    page.locator(".coach-hold[data-coach='strayed']").wait_for()
    page.click(".coach-hold [data-value='alone']")
    page.locator(".coach").wait_for(state="detached")
    chooser = random.Random(4)
    for _ in range(6):
        assert next_move(page, chooser) is not None
        assert page.locator(".coach").count() == 0, "the coach stays quiet"
