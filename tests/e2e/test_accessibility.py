"""Every kind of screen checked with axe-core, at desktop and phone size: no
violation of serious or critical impact.

One page per size goes through the screens in turn and checks each as a player
sees it: a rigged game opened from its file at each kind of decision (topic, debate,
power, award, veto) with its forum and rules panels; the menu reached from the
game; a round's summary; the end screen (the game's last move made from its
file), the game watched again, and the games played;
the title screen and its rules panel; the set-up screen; a computer thinking.
Every violation found on the way is reported together at the end, screen by
screen.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import senator_core as sc
from senator_core.app.keeping.saves import load_session
from senator_core.app.play.bidding import offered as shown_actions
from senator_core.records import HUMAN, Record

from ..viewkit import DECISIONS_DOCKET, rigged_config
from .axe import assert_accessible, violations
from .conftest import BOOT_TIMEOUT, READY_OFFER, Watch, open_deal, open_file, wait_for
from .test_interface import SHOTS

# From the start of the rigged deal of `DECISIONS_DOCKET`: each kind of decision and
# the actions that lead from the one before to it (checked under CPython too).
TO_EACH_DECISION = (
    ("topic", ()),
    ("debate", ("topic taxes",)),
    ("power", ("play 1", "withdraw", "withdraw", "withdraw")),
    ("award", ("take veto",)),
    (
        "veto",
        (
            "give 1",
            *("topic public_works", "play 2", "withdraw", "withdraw", "withdraw"),
            *("reclaim 1", "give 2"),
            *("topic rebellion", "withdraw", "play 1", "withdraw", "withdraw"),
            *("discard imperium", "give 0"),
        ),
    ),
)
# Taking the first action offered ends the rigged game's first round in fewer moves.
MAX_CLICKS = 100


def click(page: Any, selector: str) -> None:
    page.locator(selector).click()


def press(page: Any, action: str) -> None:
    """Takes an action by its control, from the keyboard: a click where the last one
    landed would wait out the page's guard against double taps."""
    page.locator(f"#decision [data-action='{action}']").press("Enter")


def offered(page: Any) -> list[str]:
    texts: list[str] = page.locator("#decision [data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    return texts


def check_every_screen(page: Any, size: str) -> list[str]:
    """Goes through every kind of screen in one page; returns what axe found, by screen.
    Each screen is also kept as a screenshot, `<size>-<screen>.png`, for review."""
    found: list[str] = []

    def look(page: Any, screen: str) -> list[str]:
        SHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^a-z0-9]+", "-", screen.lower()).strip("-")
        page.screenshot(path=str(SHOTS / f"{size}-{name}.png"), animations="disabled")
        return violations(page, screen)

    config = rigged_config(4, DECISIONS_DOCKET)
    game = sc.new_game(config)
    open_deal(page, config)

    for decision, actions in TO_EACH_DECISION:
        for action in actions:
            press(page, action)
            game.apply(action)
        assert game.decision == decision
        assert sorted(offered(page)) == sorted(str(a) for a in shown_actions(game)), decision
        found += look(page, f"game, {decision} decision")
        if decision == "topic":
            for panel, shown in (("forum", ".forum-panel"), ("rules", ".rules-summary")):
                # The first is the status bar's toggle; an open panel has a Close too.
                toggle = page.locator(
                    f"[data-screen='game'] [data-msg='panel'][data-value='{panel}']"
                )
                toggle.first.click()
                page.locator(shown).wait_for()
                found += look(page, f"game, {panel} panel open")
                toggle.first.click()
                page.locator(shown).wait_for(state="detached")

    # The menu: the title screen with a game to continue.
    click(page, "[data-screen='game'] [data-msg='title']")
    page.locator("[data-screen='title'] [data-msg='continue']").wait_for()
    found += look(page, "menu (title screen from a game)")
    click(page, "[data-msg='continue']")
    page.locator("[data-screen='game']").wait_for()

    # A round's end, by the first action offered at each decision: its summary.
    story = page.locator(".round-story")
    for _ in range(MAX_CLICKS):
        # The next thing to do (an action, or a round's summary to go on from), read in
        # one look: a move that is no choice the page makes itself after a pause, so a
        # second look may find another table.
        offer = wait_for(page, READY_OFFER, timeout=BOOT_TIMEOUT).json_value()
        assert not offer["ended"], "the first round ends with its summary held"
        if offer["story"]:
            found += look(page, "a round's summary")
            click(page, "[data-msg='go-on']")
            story.wait_for(state="detached")
            break
        if offer["forced"]:
            wait_for(page, f"document.documentElement.dataset.moves !== '{offer['moves']}'")
        else:
            if offer["guarded"]:
                page.locator("[data-guard]").wait_for(state="detached")
            page.locator("#decision [data-action]").first.press("Enter")
            wait_for(page, f"document.documentElement.dataset.moves !== '{offer['moves']}'")
    else:
        raise AssertionError("the first round never ended")

    # The end screen: the same deal played on in CPython to its last move (the rounds
    # between are the application's, played in CPython in tests/test_views.py), opened
    # from its file, and its last move made here.
    last = played_on_to_the_last_move(page)
    click(page, "[data-screen='game'] [data-msg='title']")
    open_file(page, "last-move.senator.json", last.to_json())
    page.locator("[data-screen='replay']").wait_for()
    click(page, "[data-msg='play-from']")
    page.locator("[data-screen='game']").wait_for()
    final = str(shown_actions(last.game)[0])
    offer = wait_for(page, READY_OFFER, timeout=BOOT_TIMEOUT).json_value()
    if not offer["ended"] and not offer["forced"]:
        if offer["guarded"]:
            page.locator("[data-guard]").wait_for(state="detached")
        press(page, final)
    end = page.locator("[data-screen='end']")
    end.wait_for()
    found += look(page, "end screen")

    # The game watched again, paused at a move; the games played.
    click(page, "[data-screen='end'] [data-msg='watch']")
    page.locator("[data-screen='replay']").wait_for()
    click(page, "[data-msg='replay-play']")
    click(page, "[data-msg='step'][data-value='next']")
    found += look(page, "replay")
    click(page, "[data-msg='leave']")
    click(page, "[data-screen='end'] [data-msg='history']")
    page.locator("[data-screen='history'] [data-kept='0']").wait_for()
    found += look(page, "games played")

    # The title screen with no game in progress, its rules, and the set-up screen.
    click(page, "[data-screen='history'] [data-msg='title']")
    page.locator("[data-screen='title']").wait_for()
    assert page.locator("[data-msg='continue']").count() == 0
    found += look(page, "title screen")
    rules = page.locator("[data-screen='title'] [data-msg='panel'][data-value='rules']")
    rules.first.click()
    page.locator(".rules-summary").wait_for()
    found += look(page, "title screen, rules panel open")
    rules.first.click()
    page.locator(".rules-summary").wait_for(state="detached")
    click(page, "[data-msg='new-game']")
    page.locator("[data-screen='setup']").wait_for()
    found += look(page, "set-up screen")

    # A computer opens, at the slow pace: its thinking stays on the screen.
    page.select_option("[name='seat-1-occupant']", "normal")
    page.select_option("[name='first-opener']", "1")
    page.select_option("[name='speed']", "slow")
    click(page, "[data-msg='start']")
    thinking = page.locator("#decision.thinking")
    thinking.wait_for()
    assert "is thinking" in thinking.inner_text()
    found += look(page, "game, a computer thinking")
    assert thinking.count() == 1, "the computer moved while its thinking was checked"
    return found


def played_on_to_the_last_move(page: Any) -> Record:
    """The page's game, played on in CPython by the first legal action at each decision
    to the position before its last move."""
    text = page.evaluate("localStorage.getItem('senator.save')")
    game = load_session(text).record.game
    while True:
        action = game.legal_actions()[0]
        after = game.clone()
        after.apply(action)
        if after.decision == "over":
            return Record(game, tuple(range(game.players)), (HUMAN,) * game.players)
        game = after


def report(found: list[str], size: str) -> str:
    return f"{len(found)} serious or critical violation(s) at {size} size:\n" + "\n".join(found)


def test_every_screen_at_desktop_size(booted: tuple[Any, Watch]) -> None:
    page, _ = booted
    found = check_every_screen(page, "desktop")
    if found:
        pytest.fail(report(found, "desktop (1280 x 800)"), pytrace=False)


def test_every_screen_at_phone_size(booted_phone: tuple[Any, Watch]) -> None:
    page, _ = booted_phone
    found = check_every_screen(page, "phone")
    if found:
        pytest.fail(report(found, "phone (390 x 844)"), pytrace=False)


# --------------------------------------------------------------------------- the checker itself

FLAWED = """<!doctype html>
<html lang="en"><head><title>Flawed</title></head><body><main>
<h1>A flawed page</h1>
<button class="nameless"></button>
<img class="bare" src="data:,">
<p class="faint" style="color: #999; background: #aaa">hard to read</p>
<h4>a skipped heading level (moderate only)</h4>
</main></body></html>"""

CLEAN = """<!doctype html>
<html lang="en"><head><title>Clean</title></head><body><main>
<h1>A clean page</h1><button>Go</button>
</main></body></html>"""


def test_the_checker_reports_serious_and_critical_violations_readably(page: Any) -> None:
    page.set_content(FLAWED)
    found = violations(page, "flawed page")
    rules = sorted(line.split(": ", 2)[1].split(" ")[0] for line in found)
    assert rules == ["button-name", "color-contrast", "image-alt"], found
    button = next(line for line in found if ": button-name " in line)
    assert button.startswith("flawed page: button-name (critical): Buttons must have")
    assert '\n    button  <button class="nameless"></button>\n' in button  # target, markup
    with pytest.raises(AssertionError, match=r"3 serious or critical .* on the flawed page:"):
        assert_accessible(page, "the flawed page")
    # axe-core went in once, however often the page was checked.
    assert page.locator("script").count() == 1
    page.set_content(CLEAN)
    assert_accessible(page, "a clean page")
