"""The table as a player meets it, in a real browser: what is in view without scrolling,
pieces moving (and not moving when they should not), whose turn it is, and one-tap
play against the computers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import senator_core as sc
from senator_core.records import Record

from ..scenario import play, rigged
from .conftest import (
    DESKTOP,
    MINE_OR_HELD,
    PHONE,
    SharedPages,
    Site,
    Watch,
    fail_on_adapter_reports,
    open_deal,
    open_file,
    open_game,
    random_move,
    use_setup,
    wait_for,
)
from .test_computers import HUMAN, set_up
from .test_interface import (
    SHOTS,
    assert_no_horizontal_scroll,
    link_url,
    saved_game,
)

# Where an element is against the window: empty when it is wholly in view.
OUT_OF_VIEW = """(el) => {
  const r = el.getBoundingClientRect();
  const inside = r.width > 0 && r.top >= -0.5 && r.left >= -0.5
    && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  return inside ? "" : `box ${r.left},${r.top} to ${r.right},${r.bottom} in a`
    + ` ${innerWidth}x${innerHeight} window scrolled to ${scrollY}`;
}"""


def assert_in_view(page: Any, element: Any, what: str) -> None:
    """Fails with the element's box, and a screenshot in test-results/, when it is
    not wholly in view."""
    where = element.evaluate(OUT_OF_VIEW)
    if where:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "out-of-view.png"))
        raise AssertionError(f"{what} is out of view: {where}")


# The pieces the page is flying now (the glow of fresh pieces is a CSS animation).
ANIMATED = """() => document.getAnimations()
  .filter((a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))
  .map((a) => a.effect && a.effect.target)
  .filter((el) => el && (el.matches("[data-what]") || el.classList.contains("flight")))
  .map((el) => el.dataset.what || "flight")"""


@pytest.fixture
def sized(shared_pages: SharedPages, request: pytest.FixtureRequest) -> Iterator[tuple[Any, Watch]]:
    """The shared page at the size the test is parametrised with (phone sizes
    touch-capable), on the title screen."""
    shared = shared_pages.ready(request.param)
    yield shared.page, shared.watch
    fail_on_adapter_reports(shared.watch)


def debate_in_progress(players: int) -> sc.GameConfig:
    return sc.GameConfig(players=players, seed=5, first_opener=0, draws=("war",) * 2)


# --------------------------------------------------------------------------- in view


@pytest.mark.parametrize("sized", ["desktop", "phone"], indirect=True)
@pytest.mark.parametrize("players", [3, 5])
def test_decision_hand_and_every_bid_in_view_without_scrolling(
    sized: tuple[Any, Watch], players: int
) -> None:
    """While a human is to act in a debate: the decision, the hand to act with and
    every seat's bid are on the first screen; nothing scrolls sideways at 360 px."""
    page, watch = sized
    open_deal(page, debate_in_progress(players))
    page.click("[data-action='topic war']")
    page.click("[data-action='play 2 2']")  # a bid on the table, then the next to act
    page.evaluate("window.scrollTo(0, 0)")
    assert page.locator("#decision.decision-debate").count() == 1
    for selector in ("#decision", "#decision .hand-cards", "#decision [data-action='withdraw']"):
        assert_in_view(page, page.locator(selector), selector)
    bids = page.locator(".seat-board .bid")
    assert bids.count() == players
    for i in range(players):
        assert_in_view(page, bids.nth(i), f"the bid of seat {i}")
    # One button per total the hand reaches, every one in view: a grid, not a row to scroll.
    totals = page.locator("#decision .quick-bids [data-action]")
    assert totals.count() >= 3
    for i in range(totals.count()):
        assert_in_view(page, totals.nth(i), f"the bid button {totals.nth(i).inner_text()!r}")
    # The docket wraps with every token's name under it, on a phone too.
    names = page.locator(".docket .medallion-name")
    assert names.count() >= 3
    for i in range(names.count()):
        assert_in_view(page, names.nth(i), f"the docket's {names.nth(i).inner_text()!r}")
    assert page.evaluate("scrollY") == 0
    # One language picker shows: in the bar on a wide screen, below the table on a phone.
    shown = page.locator("select[name='lang']").evaluate_all(
        "els => els.filter((e) => e.checkVisibility()).map((e) => e.closest('.topbar') !== null)"
    )
    assert shown == [page.viewport_size["width"] > PHONE["width"]], shown
    # The biggest bid the next hand reaches (at three players the whole hand, six cards)
    # stays inside its box, its total clear of the cards, once the cards have landed.
    page.locator("#decision .quick-bids [data-action]").last.click()
    wait_for(page, f"() => ({ANIMATED})().length === 0")
    assert page.evaluate(BIDS_OUTSIDE) == []
    assert_no_horizontal_scroll(page)
    assert watch.errors == []


# Each bid's cards or total that lie outside its box, or a card over its total.
BIDS_OUTSIDE = """() => [...document.querySelectorAll(".seat-board .bid")].flatMap((bid, seat) => {
  const box = bid.getBoundingClientRect();
  const total = bid.querySelector(".bid-total").getBoundingClientRect();
  const inside = (r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5
    && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  const over = (r) => r.left < total.right && total.left < r.right
    && r.top < total.bottom && total.top < r.bottom;
  const cards = [...bid.querySelectorAll(".piece")].map((e) => e.getBoundingClientRect());
  return [
    ...cards.filter((r) => !inside(r)).map(() => `seat ${seat}: a card outside its bid`),
    ...cards.filter(over).map(() => `seat ${seat}: a card over the total`),
    ...(inside(total) ? [] : [`seat ${seat}: the total outside its bid`]),
  ];
})"""


@pytest.mark.parametrize("sized", ["desktop", "phone"], indirect=True)
def test_against_the_computers_the_decision_and_hand_stay_in_view(
    sized: tuple[Any, Watch],
) -> None:
    """One human at the bottom with their own seat, three computers around: on the
    human's debate turn everything needed is on the first screen too, even under
    Spartacus, whose minimum adds a line to the decision (the deal of seed 9)."""
    page, watch = sized
    use_setup(page, speed="instant")
    set_up(page, seed=9, occupants=[HUMAN, "normal", "normal", "normal"], first_opener="random")
    page.click("[data-msg='start']")
    assert page.locator(".event-card", has_text="Spartacus").count() == 1
    chooser = random.Random(9)
    for _ in range(60):
        page.wait_for_selector(MINE_OR_HELD, timeout=60_000)
        if page.locator("#decision.decision-debate [data-action^='play']").count():
            break
        random_move(page, chooser)
    else:
        raise AssertionError("no debate turn with a bid came")
    page.evaluate("window.scrollTo(0, 0)")
    for selector in (
        "#decision",
        "#decision .hand-cards",
        "#decision [data-action='withdraw']",
        ".seat-board.own",
    ):
        assert_in_view(page, page.locator(selector), selector)
    bids = page.locator(".seat-board .bid")
    for i in range(4):
        assert_in_view(page, bids.nth(i), f"the bid of seat {i}")
    assert_no_horizontal_scroll(page)
    assert watch.errors == []


# --------------------------------------------------------------------------- motion


def test_pieces_move_at_the_normal_pace_and_a_click_during_a_move_acts(
    booted: tuple[Any, Watch],
) -> None:
    page, watch = booted
    open_deal(page, debate_in_progress(4))
    page.click("[data-action='topic war']")
    assert "token-war" in page.evaluate(ANIMATED), "the topic flies from the docket"
    page.click("[data-action='play 2 2']")
    moving = page.evaluate(ANIMATED)
    assert moving.count("card-2") == 2, moving
    # The next senator acts while the cards are still moving: the click counts at once.
    page.locator("#decision [data-action='withdraw']").press("Enter")
    assert page.evaluate("document.documentElement.dataset.moves") == "3"
    game = saved_game(page)
    assert game.withdrawn(1) and game.in_play(0) == ["2", "2"]
    assert watch.errors == []


def test_no_motion_under_reduced_motion(booted: tuple[Any, Watch]) -> None:
    page, _ = booted
    page.emulate_media(reduced_motion="reduce")
    open_deal(page, debate_in_progress(4))
    page.click("[data-action='topic war']")
    page.click("[data-action='play 2 2']")
    assert page.evaluate(ANIMATED) == []


def test_no_motion_at_the_instant_pace_or_when_catching_up(site: Site, page: Any) -> None:
    open_game(page, link_url(site, debate_in_progress(4)))
    page.click("[data-action='topic war']")
    page.wait_for_timeout(800)  # the topic's flight ends
    open_game(page, f"{site.origin}/?nosw")  # catching up: the board is drawn as it is
    page.locator("[data-screen='game']").wait_for()
    assert page.evaluate(ANIMATED) == []
    page.evaluate("localStorage.setItem('senator.setup', JSON.stringify({speed: 'instant'}))")
    open_game(page, f"{site.origin}/?nosw")
    page.locator("[data-screen='game']").wait_for()
    page.click("[data-action='play 2 2']")
    assert page.evaluate(ANIMATED) == []


def test_a_second_tap_on_a_new_control_under_the_finger_does_not_act(
    booted: tuple[Any, Watch],
) -> None:
    """Hot seat: Livia's Withdraw appears where Brutus's was; a double tap meant for
    Brutus's does not withdraw Livia too, but a tap a moment later does."""
    page, watch = booted
    open_deal(page, debate_in_progress(4))
    page.click("[data-action='topic war']")
    page.click("[data-action='play 2 2']")  # Brutus to act
    box = page.locator("#decision [data-action='withdraw']").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)  # Brutus withdraws
    page.mouse.click(x, y)  # the second tap of a double tap
    assert page.evaluate("document.documentElement.dataset.moves") == "3"
    under = f"document.elementFromPoint({x}, {y}).closest('[data-action]').dataset.action"
    assert page.evaluate(under) == "withdraw", "Livia's Withdraw is under the finger"
    page.wait_for_timeout(500)
    page.mouse.click(x, y)  # a moment later the tap is Livia's own
    assert page.evaluate("document.documentElement.dataset.moves") == "4"
    game = saved_game(page)
    assert game.withdrawn(1) and game.withdrawn(2) and not game.withdrawn(3)
    assert watch.errors == []


# --------------------------------------------------------------------------- whose turn


def test_quick_play_and_the_turn_coming_back(booted: tuple[Any, Watch]) -> None:
    """One tap seats the player against three Normal computers; when play comes back
    to them, the tab title, a banner and a sound say so."""
    page, watch = booted
    use_setup(page, speed="fast")
    chimed = int(page.evaluate("document.documentElement.dataset.chimes || '0'"))
    page.click("[data-msg='quick-play']")
    page.locator("[data-screen='game']").wait_for()
    occupants = page.locator(".seat-board .seat-occupant").all_inner_texts()
    assert sorted(occupants) == ["Computer: normal"] * 3 + ["Human"]
    assert page.locator(".seat-board.own[data-seat='0']").count() == 1
    game = saved_game(page)
    chooser = random.Random(2)
    chimes = 0
    for _ in range(40):  # until the turn has come back to the human from a computer
        page.wait_for_selector(MINE_OR_HELD, timeout=60_000)
        if page.locator(".turn-banner").count():
            break
        random_move(page, chooser)
    else:
        raise AssertionError("the turn never came back")
    assert page.locator(".turn-banner").inner_text() == "Your turn"
    # It stands in the top bar, over none of the seats' names and none of the bar's
    # controls (the Pace among them); a phone's bar has no room for it: it is read out,
    # not shown, and the decision glows instead.
    covers = """() => {
      const b = document.querySelector(".turn-banner").getBoundingClientRect();
      if (b.width <= 1) return "hidden";
      const under = ".seat-board .seat, .topbar select, .topbar button";
      return [...document.querySelectorAll(under)].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width && r.left < b.right && b.left < r.right
          && r.top < b.bottom && b.top < r.bottom;
      }).map((el) => el.outerHTML.slice(0, 80));
    }"""
    assert page.evaluate(covers) == []
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.locator(".topbar [name='speed']").is_visible()
    assert page.evaluate(covers) == "hidden"
    assert page.evaluate("getComputedStyle(document.querySelector('#decision')).animationName") == (
        "turn-glow"
    )
    page.set_viewport_size(DESKTOP)
    assert page.title() == "Your turn · Senator"
    chimes = int(page.evaluate("document.documentElement.dataset.chimes || '0'"))
    assert chimes > chimed, "a sound when the turn comes"
    page.click("[data-msg='toggle'][data-value='sound']")
    assert page.locator("[data-value='sound']").get_attribute("aria-pressed") == "false"
    for _ in range(10):  # the player's move may bring another decision of theirs
        random_move(page, chooser)
        if page.locator("#decision.thinking, [data-screen='end']").count():
            break
    else:
        raise AssertionError("the player's moves never passed the turn on")
    assert page.title() == "Senator", "a computer to act: not the player's turn"
    # The turn comes back, or a computer's move ended the round and its summary waits.
    back = "#decision:not(.thinking) [data-action], [data-msg='go-on']"
    page.wait_for_selector(back, timeout=60_000)
    assert int(page.evaluate("document.documentElement.dataset.chimes || '0'")) == chimes
    assert saved_game(page).config.players == game.config.players == 4
    assert watch.errors == []


# --------------------------------------------------------------------------- a round's end


def sitting_out_record() -> Record:
    """Round 1 at 3 players, Cassius (the one human) to open with an empty hand: he
    played every card on War and his Assassin on Trade (as in the app's tests)."""
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 1 1 2 2 2 5", "assassin")
    play(game, "topic trade", "play 1", "withdraw", "assassin")
    return Record(game, (0, 1, 2), ("human", "easy", "easy"))


@pytest.mark.parametrize("sized", ["desktop", "phone"], indirect=True)
def test_a_player_sits_out_the_round_and_its_story_is_held_until_they_go_on(
    sized: tuple[Any, Watch], request: pytest.FixtureRequest
) -> None:
    page, watch = sized
    size = request.node.callspec.params["sized"]
    use_setup(page, speed="fast")
    record = sitting_out_record()
    open_file(page, record.file_name(), record.to_json())
    page.click("[data-msg='play-from']")
    page.click("[data-action='topic taxes']")
    note = page.locator(".sitting-out")
    note.wait_for()
    assert "you sit out the rest of this round" in note.inner_text()
    # The round plays on without the player: the next thing asked is to go on.
    story = page.locator(".round-story")
    story.wait_for(timeout=60_000)
    text = story.text_content() or ""
    assert "Round 1 is over" in text and "Livia passed" in text
    assert page.locator("[data-action]").count() == 0, "the table waits on the summary"
    moves = page.evaluate("document.documentElement.dataset.moves")
    page.wait_for_timeout(1000)
    assert page.evaluate("document.documentElement.dataset.moves") == moves
    assert_in_view(page, page.locator("[data-msg='go-on']"), "On to round 2")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"round-story-{size}.png"))
    page.click("[data-msg='go-on']")
    story.wait_for(state="detached")
    game = saved_game(page)
    assert game.round == 2 and sum(game.hand(0).values()) == 7
    assert watch.errors == []
