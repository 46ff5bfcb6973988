"""Computer senators in a real browser: a game of one person against three
computers played into its second round, with a hint asked on the way; a game of
four computers watched, reloaded on the way and watched on; a click answered while a
computer thinks.

Each game is fetched from the page and replayed under CPython, where every move of
a computer seat must be the move the same level and seed choose there: the page runs
the real wheel's players, sliced, and nothing else. (A whole game's end, winners and
scores are the application's, played to the end in CPython in tests/test_views.py
and in the browser in tests/e2e/test_interface.py.)
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

import senator_core as sc
from senator_core import bots
from senator_core.app.play.bidding import offered as shown_actions
from senator_core.app.play.hand import HINT_SHOWN
from senator_core.app.play.reasons import why
from senator_core.app.play.state import HINT_LEVEL
from senator_core.app.setup.state import SPEEDS
from senator_core.app.ui.text import OCCUPANT_LABELS
from senator_core.bots import finish, make
from senator_core.bots.hint import hinting

from .conftest import (
    BOOT_TIMEOUT,
    HELD,
    MINE_OR_HELD,
    READY,
    Site,
    Watch,
    open_game,
    playwright_api,
    wait_for,
)

GAME_TIMEOUT = 240_000  # ms for a whole game of computers, on a loaded machine
HUMAN = "human"


def set_up(
    page: Any, seed: int, occupants: list[str], first_opener: str = "0", speed: str = ""
) -> None:
    """From the title screen, a set-up with one occupant per seat."""
    page.click("[data-msg='new-game']")
    page.locator("[data-screen='setup']").wait_for()
    page.select_option("[name='players']", str(len(occupants)))
    for seat, occupant in enumerate(occupants):
        page.select_option(f"[name='seat-{seat}-occupant']", occupant)
    page.select_option("[name='first-opener']", first_opener)
    page.fill("[name='seed']", str(seed))
    if speed:
        page.select_option("[name='speed']", speed)


def page_game(page: Any) -> sc.Game:
    """The game the page holds, as its own record, replayed under CPython."""
    text = page.evaluate("window.senator.pyodide.runPython('page.model.game.to_json()')")
    return sc.Game.from_json(text)


def check_computer_moves(game: sc.Game, occupants: list[str]) -> int:
    """Replays `game` (finished or not); every action of a computer seat must be what
    its level, seeded by its seat as the page seeds it, chooses in CPython. Returns how
    many there were."""
    record = game.record()
    replayed = sc.new_game(game.config)
    checked = 0
    for text in record["actions"]:
        seat = replayed.to_move
        assert seat is not None
        if occupants[seat] != HUMAN:
            expected = make(occupants[seat], seed=seat).choose(replayed)
            assert str(expected) == text, (seat, occupants[seat], replayed.moves)
            checked += 1
        replayed.apply(text)
    assert replayed.state() == game.state()
    return checked


# Searches cut short for the whole games, in the page and in CPython alike: each move
# still takes many slices, and the same level and seed must choose the same move.
SHORT_SEARCHES = {"hard": (60, 1), "normal": (20, 0), "expert": (120, 1)}


def run_python(page: Any, code: str) -> None:
    page.evaluate("(code) => window.senator.pyodide.runPython(code)", code)


def set_searches(page: Any, searches: dict[str, tuple[int, int]]) -> None:
    """Sets the page's searches of some levels (iterations, debates)."""
    lines = [
        f'bots.SEARCHES["{level}"] = bots.Search({iterations}, {debates})'
        for level, (iterations, debates) in searches.items()
    ]
    run_python(page, "\n".join(["import senator_core.bots as bots", *lines]))


@pytest.fixture
def computers(booted: tuple[Any, Watch]) -> Iterator[tuple[Any, Watch]]:
    """The shared page, whose searches a test may change (`set_searches`): they are put
    back as the page booted with them after the test."""
    page, watch = booted
    run_python(page, "import senator_core.bots as bots\n_searches = dict(bots.SEARCHES)")
    yield page, watch
    # (A page that no longer answers is booted anew for the next test.)
    with contextlib.suppress(playwright_api.Error):
        run_python(page, "bots.SEARCHES.clear()\nbots.SEARCHES.update(_searches)")


def shorten_searches(page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sets `SHORT_SEARCHES` in the page's players and in this process's."""
    set_searches(page, SHORT_SEARCHES)
    for level, (iterations, debates) in SHORT_SEARCHES.items():
        monkeypatch.setitem(bots.SEARCHES, level, bots.Search(iterations, debates))


# The actions the player may choose among now; none while a computer thinks or while
# the page is about to make a move that is no choice.
PLAYERS_CHOICE = """() => {
  const decision = document.querySelector("#decision:not(.thinking)");
  if (!decision || decision.classList.contains("forced")) return [];
  return [...decision.querySelectorAll("[data-action]")].map((e) => e.dataset.action);
}"""

MOVES_JS = "Number(window.senator.pyodide.runPython('page.model.game.moves'))"
ROUND_JS = "Number(window.senator.pyodide.runPython('page.model.game.round'))"


def expert_thinking(page: Any, iterations: int) -> None:
    """Starts a game whose first decision is an expert computer's, given a long search
    (set in the page), and returns while it thinks."""
    set_searches(page, {"expert": (iterations, 1)})
    set_up(page, seed=3, occupants=["expert", HUMAN, HUMAN])
    page.click("[data-msg='start']")
    page.locator("#decision.thinking").wait_for()


def moves(page: Any) -> int:
    """Actions taken so far in the page's game."""
    return int(page.evaluate(f"() => {MOVES_JS}"))


def test_one_person_against_three_computers_into_the_second_round(
    computers: tuple[Any, Watch], monkeypatch: pytest.MonkeyPatch
) -> None:
    page, watch = computers
    occupants = [HUMAN, "easy", "hard", "expert"]
    shorten_searches(page, monkeypatch)
    set_up(page, seed=31, occupants=occupants, first_opener="1")
    page.click("[data-msg='start']")
    page.locator("[data-screen='game']").wait_for()
    # A computer opens: the decision names who is thinking, and offers no control.
    thinking = page.locator("#decision.thinking")
    thinking.wait_for()
    assert "is thinking" in thinking.inner_text()
    assert thinking.locator("[data-action]").count() == 0
    page.select_option("[name='speed']", "instant")
    assert page.evaluate("JSON.parse(localStorage.getItem('senator.setup')).speed") == "instant"
    chooser = random.Random(5)
    hinted = False
    clicks = 0
    while page.evaluate(f"() => {ROUND_JS}") < 2:
        wait_for(page, f"() => document.querySelector({MINE_OR_HELD!r})", timeout=GAME_TIMEOUT)
        if page.locator(HELD).count():  # a computer's blow, or what changed, held
            page.click("#decision [data-msg='go-on']")
            continue
        texts = page.evaluate(PLAYERS_CHOICE)
        if not texts:  # a move that is no choice, which the page makes itself
            continue
        if not hinted and len(texts) > 2:
            check_hint(page)
            hinted = True
        page.locator("#decision [data-action]").nth(chooser.randrange(len(texts))).click()
        clicks += 1
    assert hinted and clicks >= 5  # how many depends on where the tapped bids lead
    game = page_game(page)
    assert game.round >= 2
    assert check_computer_moves(game, occupants) > 30
    assert not watch.errors


# Where the decision and the hint end, and where each seat begins, in the viewport.
IN_VIEW = """() => ({
  width: innerWidth,
  height: innerHeight,
  decision: document.querySelector("#decision").getBoundingClientRect().bottom,
  hint: document.querySelector("#decision .hint-panel").getBoundingClientRect().bottom,
  seats: [...document.querySelectorAll(".seat-board")].map((e) => e.getBoundingClientRect().top),
})"""


def check_hint(page: Any) -> None:
    """The hint shows the hint level's estimate of every legal action, best first, as
    CPython works them out for the same position."""
    game = sc.Game.from_json(
        page.evaluate("window.senator.pyodide.runPython('page.model.game.to_json()')")
    )
    page.click("[data-msg='hint']")
    hint = page.locator("#decision .hint-panel")
    hint.wait_for()
    shown = hint.locator("li").evaluate_all(
        "els => els.map(e => [e.dataset.option, e.textContent])"
    )
    assert game.to_move is not None
    made = finish(hinting(game, HINT_LEVEL, seed=game.to_move))  # the page's stepper, run whole
    seen = dict(zip((text for text, _ in made.options), made.facts, strict=True))
    expected = sorted(made.options, key=lambda option: -option[1])
    assert [text for text, _ in shown] == [text for text, _ in expected[:HINT_SHOWN]]
    said = 0
    for (_, line), (action, value) in zip(shown, expected, strict=False):
        rating, _dash, reason = line.partition(" — ")
        assert rating.endswith(f"{value:.0%} chance to win")
        # Beside it, what the move does, from the same playouts CPython's search saw.
        assert reason == (why(action, seen[action], game, game.to_move) or "")
        said += bool(reason)
    assert said, "the hint says why for its best choices"
    # On a wide screen the hint stands beside the hand, and the decision with it stays
    # above the fold with every seat in view.
    box = page.evaluate(IN_VIEW)
    if box["width"] >= 1100:
        assert box["decision"] <= box["height"] and box["hint"] <= box["height"], box
        assert min(box["seats"]) >= 0, box
    # The other choices as buttons: each total once, none the list shows already.
    pressed = [
        sc.parse_action(text).value if text.startswith("play") else text for text, _ in expected
    ]
    rest = [
        (key, value)
        for i, (key, (_, value)) in enumerate(zip(pressed, expected, strict=True))
        if i >= HINT_SHOWN and key not in pressed[:i]
    ]
    if rest:
        summary = hint.locator(".hint-rest").inner_text()
        assert summary.startswith(f"{len(rest)} other choice")
        assert f"{rest[0][1]:.0%} chance to win or less" in summary
    assert "would play" in hint.inner_text()
    # The choices are still there to take.
    assert page.locator("#decision [data-action]").count() == len(shown_actions(game))


# Makes the searches in the page stop on an error, as one that runs out of memory would.
BREAK_SEARCHES = """
import senator_core.bots as bots
import senator_core.bots.hint as hint
def broken(*args, **kwargs):
    raise MemoryError("out of memory")
    yield
hint.hinting = broken
class Broken:
    thinking = broken
bots.make = lambda *args, **kwargs: Broken()
"""


def test_a_search_that_stops_on_an_error_is_said(site: Site, page: Any, watch: Watch) -> None:
    """The hint's search stopping on an error comes back as a notice in the player's
    language, and a computer's as the page's report of a failure: neither leaves the
    page waiting in silence."""
    open_game(page, f"{site.origin}/?nosw")
    page.evaluate("(code) => window.senator.pyodide.runPython(code)", BREAK_SEARCHES)
    set_up(page, seed=3, occupants=[HUMAN, "easy", HUMAN])
    page.click("[data-msg='start']")
    page.locator("#decision [data-action]").first.wait_for()
    page.click("[data-msg='hint']")
    notice = page.locator(".notice")
    notice.wait_for()
    assert notice.inner_text().startswith("The hint could not be worked out: MemoryError")
    assert page.locator("#decision .hint-panel").count() == 0
    assert not watch.errors
    while not page.locator("#decision.thinking").count():  # on to the computer's turn
        page.locator("#decision [data-action]").first.click()
        wait_for(
            page, "() => document.querySelector('#decision.thinking, #decision [data-action]')"
        )
    wait_for(
        page, "() => (document.querySelector('.notice') || {}).textContent?.includes('went wrong')"
    )
    assert "MemoryError: out of memory" in notice.inner_text()
    assert any("Senator: MemoryError: out of memory" in r for r in watch.adapter_reports())
    watch.errors.clear()  # expected here: the test itself would fail otherwise


def test_four_computers_watched_on_after_a_reload(site: Site, page: Any, watch: Watch) -> None:
    # The levels at their own budgets (a reload starts the page's players afresh);
    # the longer searches play in the game above.
    occupants = ["normal", "easy", "normal", "easy"]
    open_game(page, f"{site.origin}/?nosw")
    # At a pace a person can follow, each move is shown: who thinks, then what they did.
    set_up(page, seed=8, occupants=occupants, speed="fast")
    page.click("[data-msg='start']")
    page.locator("[data-screen='game']").wait_for()
    assert page.locator("[name='speed'] option").all_inner_texts() == [
        s.capitalize() for s in SPEEDS
    ]
    assert page.locator("[name='speed']").input_value() == "fast"
    names = sc.new_game(sc.GameConfig(players=4, seed=8)).names
    seen_thinking: set[str] = set()
    for _ in range(4):
        prompt = page.locator("#decision.thinking .prompt")
        prompt.wait_for()
        text = prompt.inner_text()
        assert "is thinking" in text
        seen_thinking.update(
            f"{name} ({OCCUPANT_LABELS[occupant].lower()})"
            for name, occupant in zip(names, occupants, strict=True)
            if f"{name} ({OCCUPANT_LABELS[occupant].lower()})" in text
        )
        before = moves(page)
        wait_for(page, f"() => {MOVES_JS} > {before}", timeout=GAME_TIMEOUT)
    assert seen_thinking
    # Reloaded mid-game, the saved game continues with the same computers.
    played = moves(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    page.locator("[data-screen='game']").wait_for()
    page.locator("#decision.thinking").wait_for()
    assert moves(page) >= played
    page.select_option("[name='speed']", "instant")
    wait_for(page, f"() => {MOVES_JS} >= {played + 40}", timeout=GAME_TIMEOUT)
    game = page_game(page)
    assert check_computer_moves(game, occupants) >= played + 40
    assert not watch.errors


def test_a_click_is_answered_while_a_computer_thinks(computers: tuple[Any, Watch]) -> None:
    """An expert computer given a very long search (set in the page) is still thinking when
    the player opens the rules: the panel opens, the computer has not moved yet, and
    it moves later without any further click."""
    page, watch = computers
    expert_thinking(page, iterations=6000)
    page.wait_for_timeout(300)  # well into the search
    page.click("button[data-msg='panel'][data-value='rules']")
    page.locator(".rules-summary").wait_for(timeout=5_000)
    assert page.locator("#decision.thinking").count() == 1, "the computer is still thinking"
    assert moves(page) == 0
    # The computer's move arrives in its own time, with the panel still open.
    page.locator("#decision:not(.thinking) [data-action]").first.wait_for(timeout=GAME_TIMEOUT)
    assert moves(page) >= 1
    assert page.locator(".rules-summary").count() == 1
    assert not watch.errors


def test_the_menu_opened_while_a_computer_thinks_keeps_the_game_waiting(
    computers: tuple[Any, Watch],
) -> None:
    """A player who opens the menu while a computer thinks finds the title screen as it
    is: the computer's move waits, no notice appears, and the game goes on after
    "Continue the game"."""
    page, watch = computers
    expert_thinking(page, iterations=3000)
    page.click("[data-msg='title']")
    page.locator("[data-msg='continue']").wait_for(timeout=5_000)
    # The search ends on the title screen.
    wait_for(
        page,
        "!window.senator.pyodide.runPython('any(not t.done() for t in page.thinking.values())')",
        timeout=GAME_TIMEOUT,
    )
    page.wait_for_timeout(500)
    assert page.locator("#app .notice").count() == 0
    assert moves(page) == 0
    page.click("[data-msg='continue']")
    page.locator("#decision:not(.thinking) [data-action]").first.wait_for(timeout=GAME_TIMEOUT)
    assert moves(page) >= 1
    assert page.locator("#app .notice").count() == 0
    assert not watch.errors
