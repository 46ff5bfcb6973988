"""The interface in a real browser, driven as a player drives it.

Whole games set up on the set-up screen and played by clicking, for 3, 4 and 5
players (3 and 4 at desktop size, 5 on a phone; each also looked at, mid-game and
at the end, at the other size), with events on and off and every non-default
variant, some bids built by touching the hand's cards and the others taken from
the quick bids; a debate played from the keyboard alone; a phone-sized screen; a
hostile player name. Screenshots of the set-up, a board in mid-game and the end
screen, at desktop and phone sizes, go to test-results/screenshots/.

Each random game clicks a choice drawn by a seeded `random.Random` among the
`[data-action]` controls, so it is the same game every run; those games check
that the set-up screen's choices reach the game and that whole games end right.
What every kind of decision and each variant switch shows is checked on the
screens the view draws, in CPython (tests/test_views.py); the board read from
the live page here has the same shape.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import senator_core as sc
from senator_core.app.derived import hand_list
from senator_core.app.keeping.saves import load_session
from senator_core.app.play.bidding import offered as shown_actions
from senator_core.app.ui.text import DECISION_TITLES, VARIANT_TEXT
from senator_core.config import DEFAULT_NAMES
from senator_core.records import game_link

from ..viewkit import expected_board, rigged_config, seat_of
from .conftest import (
    DESKTOP,
    PHONE,
    ROOT,
    Site,
    Watch,
    next_move,
    open_deal,
    seat_people,
    use_setup,
)

SHOTS = ROOT / "test-results" / "screenshots"
NARROW = 360
MAX_CLICKS = 600
HOSTILE = "<img src=x onerror=alert(1)>"

# --------------------------------------------------------------------------- helpers


def offsite(watch: Watch, origin: str) -> list[str]:
    """Requests that left the site's origin (data: URLs stay in the page)."""
    return [u for u in watch.requests if not (u.startswith(origin + "/") or u.startswith("data:"))]


def offered(page: Any) -> list[str]:
    texts: list[str] = page.locator("[data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    return texts


def saved_game(page: Any) -> sc.Game:
    text = page.evaluate("localStorage.getItem('senator.save')")
    assert text is not None, "a game in progress is saved"
    return load_session(text).record.game


def shot(page: Any, name: str, full_page: bool = True) -> None:
    """A screenshot for review, with animations run to their end.

    A full-page shot of the game screen on a phone draws the sticky decision where
    it sits on the first screen, over the board; `full_page=False` shows the
    screen as a player sees it.
    """
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = str(SHOTS / f"{name}.png")
    page.screenshot(path=path, full_page=full_page, animations="disabled")


# The outermost elements that stick out past the right edge of the window.
OVERFLOWING = """(width) => {
  const out = [];
  for (const el of document.querySelectorAll("#app *")) {
    const right = el.getBoundingClientRect().right;
    if (right > width + 0.5 && !out.some((o) => o.el.contains(el))) {
      out.push({ el, right });
    }
  }
  return out.slice(0, 5).map(({ el, right }) => {
    const css = String(el.className.baseVal ?? el.className).trim();
    const name = el.tagName.toLowerCase() + (css ? "." + css.split(/\\s+/).join(".") : "");
    return `${name} ends at ${Math.round(right)} px`;
  });
}"""


def scroll_width_at(page: Any, width: int) -> tuple[int, int, list[str]]:
    """(document scroll width, window width, what sticks out) at `width` wide.

    A mobile page zooms out to fit content that overflows, and then reports the
    zoomed-out `innerWidth`; the window width here is the smaller of `innerWidth`
    and the width asked for, so overflow cannot hide that way.
    """
    size = page.viewport_size
    page.set_viewport_size({"width": width, "height": size["height"]})
    try:
        widths: list[int] = page.evaluate(
            "[document.scrollingElement.scrollWidth, window.innerWidth]"
        )
        culprits: list[str] = page.evaluate(OVERFLOWING, width) if widths[0] > width else []
    finally:
        page.set_viewport_size(size)
    return widths[0], min(widths[1], width), culprits


def assert_no_horizontal_scroll(page: Any, width: int = NARROW) -> None:
    scroll, inner, culprits = scroll_width_at(page, width)
    assert scroll <= inner, f"the page is {scroll} px wide in a {inner} px window: {culprits}"


def at_other_size(page: Any, size: dict[str, int], name: str) -> None:
    """The screen at another window size: nothing scrolls sideways there, and a
    screenshot `name` of it; then the size the test plays at again."""
    played = page.viewport_size
    page.set_viewport_size(size)
    try:
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, name)
        scroll, inner, culprits = scroll_width_at(page, size["width"])
        assert scroll <= inner, f"{name}: {scroll} px wide in a {inner} px window: {culprits}"
    finally:
        page.set_viewport_size(played)


def link_url(site: Site, config: sc.GameConfig) -> str:
    return f"{site.origin}/{game_link(config)}&nosw"


def watch_dialogs(page: Any) -> list[str]:
    """Every dialog the page opens (an alert would mean script injection); each is dismissed."""
    seen: list[str] = []

    def on_dialog(dialog: Any) -> None:
        seen.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return seen


# --------------------------------------------------------------------------- the board as data

# What the game screen shows, read back from the page as plain data.
READ_BOARD = """() => {
  const number = (text) => Number(String(text).replace(/[^0-9]/g, ""));
  const place = (name) => document.querySelector(`[data-place="${name}"]`);
  const cards = (el) => {
    const out = {};
    for (const c of el ? el.querySelectorAll("[data-what^='card-']") : []) {
      const card = c.dataset.what.slice(5);
      out[card] = (out[card] || 0) + 1;
    }
    return out;
  };
  const tokens = (el) =>
    [...(el ? el.querySelectorAll("[data-what^='token-']") : [])]
      .map((t) => t.dataset.what.slice(6)).sort();
  const boards = [...document.querySelectorAll(".seat-board")];
  const players = boards.map((p) => {
    const s = Number(p.dataset.seat);
    return {
      seat: s,
      hand: cards(place(`seat-${s}-hand`)),
      in_play: cards(place(`seat-${s}-play`)),
      discards: cards(place(`seat-${s}-discards`)),
      proposed: tokens(place(`seat-${s}-proposed`)),
      passed: tokens(place(`seat-${s}-passed`)),
      veto: place(`seat-${s}-veto`).querySelector("[data-what='veto']") !== null,
      to_move: p.classList.contains("to-move"),
    };
  }).sort((a, b) => a.seat - b.seat);
  const docket = {};
  for (const m of document.querySelectorAll(".docket .medallion")) {
    const count = m.querySelector(".medallion-name .count");
    const kind = m.dataset.kind;
    docket[kind] = (docket[kind] || 0) + (count ? number(count.textContent) : 1);
  }
  const bids = {};
  for (const p of boards) {
    const bid = p.querySelector(".bid");
    if (bid.dataset.withdrawn !== undefined) {
      bids[p.dataset.seat] = [number(bid.querySelector(".bid-total").textContent),
        bid.dataset.withdrawn === "true"];
    }
  }
  const holder = document.querySelector(
    "[data-place^='seat-'][data-place$='-veto'] [data-what='veto']");
  const decision = document.querySelector("#decision");
  return {
    round: Number(document.querySelector(".topbar .round").dataset.round),
    consuls_up: document.querySelectorAll(".topbar .consuls .icon-consul").length,
    veto: holder ? Number(holder.closest("[data-place]").dataset.place.split("-")[1]) : null,
    forum: number(document.querySelector(".topbar .forum").textContent),
    docket,
    topic: document.querySelector(".topic-zone .topic-title").textContent,
    bids,
    decision: decision.querySelector("h2").textContent,
    to_move: decision.dataset.seat === undefined ? null : Number(decision.dataset.seat),
    actions: [...decision.querySelectorAll("[data-action]")].map((b) => b.dataset.action).sort(),
    players,
  };
}"""


def board(page: Any) -> dict[str, Any]:
    shown: dict[str, Any] = page.evaluate(READ_BOARD)
    return shown


# --------------------------------------------------------------------------- whole games


@dataclass(frozen=True)
class Deal:
    """A game as chosen on the set-up screen: every field by its `name`."""

    players: int
    seed: int
    first_opener: str = "random"
    names: dict[int, str] = field(default_factory=dict)
    variants: dict[str, str] = field(default_factory=dict)
    auto: bool = False  # the page makes the moves that are no choice

    def expected_variants(self) -> sc.Variants:
        return sc.Variants(**self.variants)

    def expected_names(self) -> tuple[str, ...]:
        return tuple(self.names.get(s, DEFAULT_NAMES[s]) for s in range(self.players))


def set_up(page: Any, deal: Deal) -> None:
    """From the title screen, fills the set-up screen for `deal` (without starting)."""
    page.click("[data-msg='new-game']")
    setup = page.locator("[data-screen='setup']")
    setup.wait_for()
    page.select_option("[name='players']", str(deal.players))
    assert page.locator("[name^='seat-'][name$='-name']").count() == deal.players
    seat_people(page)
    for seat, name in deal.names.items():
        box = page.locator(f"[name='seat-{seat}-name']")
        box.fill("")
        box.press_sequentially(name)  # key by key: the page re-renders on every input
        assert box.input_value() == name
    page.select_option("[name='first-opener']", deal.first_opener)
    for switch, value in deal.variants.items():
        page.select_option(f"[name='variant-{switch}']", value)
        # The hint under the switch follows the choice (docs/rules.md section 8).
        hint = setup.locator(f"[name='variant-{switch}'] ~ .hint")
        assert hint.inner_text() == VARIANT_TEXT[switch][value]
    page.fill("[name='seed']", str(deal.seed))
    auto = page.locator("[data-msg='toggle'][data-value='auto']")
    if (auto.get_attribute("aria-pressed") == "true") != deal.auto:
        auto.click()
    assert auto.get_attribute("aria-pressed") == str(deal.auto).lower()


def start(page: Any, deal: Deal) -> sc.Game:
    """Starts the set-up game; returns it as saved, checked against the set-up."""
    page.click("[data-msg='start']")
    page.locator("[data-screen='game']").wait_for()
    game = saved_game(page)
    config = game.config
    assert config.players == deal.players
    assert config.seed == deal.seed
    assert config.variants == deal.expected_variants()
    assert game.names == deal.expected_names()
    if deal.first_opener != "random":
        assert config.first_opener == int(deal.first_opener)
    assert sorted(offered(page)) == sorted(str(a) for a in shown_actions(game))
    return game


def click_randomly(
    page: Any, chooser: random.Random, clicks: int, touched: list[str] | None = None
) -> list[str]:
    """Clicks up to `clicks` random offered actions; stops early at the end screen.

    A move that is no choice (the page shows it will make it) is left to the page,
    which makes it after a pause; it is recorded like a click. With `touched`, about
    one bid in three is built by touching the hand's cards instead, and noted there.
    """
    done: list[str] = []
    for _ in range(clicks):
        if touched is not None and chooser.random() < 0.33:
            offer: list[str] = page.locator("#decision [data-action]").evaluate_all(
                "els => els.map(e => e.dataset.action)"
            )
            plays = [a for a in offer if a.startswith(("play", "assassin"))]
            if plays and not page.locator("#decision.forced").count():
                action = chooser.choice(plays)
                touch_bid(page, action)
                done.append(action)
                touched.append(action)
                continue
        move = next_move(page, chooser)
        if move is None:  # the end screen
            break
        done.append(move)
    return done


def touch_bid(page: Any, action: str) -> None:
    """Builds a bid (or an Assassin play) by touching the hand's cards, then confirms."""
    game = saved_game(page)
    assert game.to_move is not None
    hand = hand_list(game.hand(game.to_move))
    words = action.split()
    wanted = words[1:] + (["assassin"] if words[0] == "assassin" else [])
    taken: set[int] = set()
    for card in wanted:
        index = next(i for i, c in enumerate(hand) if c == card and i not in taken)
        taken.add(index)
        page.click(f"#decision [data-msg='pick'][data-value='{index}']")
    assert page.locator("#decision .build-problem").count() == 0
    page.click("#decision [data-msg='confirm']")


def check_end(page: Any, game: sc.Game, clicked: list[str]) -> sc.Game:
    """The end screen names the winners CPython finds replaying the clicks (R40)."""
    page.locator("[data-screen='end']").wait_for()
    replayed = sc.new_game(game.config)
    for text in clicked:
        replayed.apply(text)
    assert replayed.decision == "over"
    winners = replayed.winners()
    assert winners
    headline = page.locator(".winners").inner_text()
    assert " and ".join(replayed.names[s] for s in winners) in headline
    shown = page.locator(".results tr.winner").evaluate_all(
        "rows => rows.map(r => Number(r.dataset.seat))"
    )
    assert sorted(shown) == winners
    scores = page.locator(".results tbody tr").evaluate_all(
        "rows => rows.map(r => [Number(r.dataset.seat),"
        " ...[...r.querySelectorAll('td')].slice(0, 3).map(td => Number(td.textContent))])"
    )
    assert {s: tuple(rest) for s, *rest in scores} == dict(enumerate(replayed.scores()))
    assert page.evaluate("localStorage.getItem('senator.save')") is None
    return replayed


WHOLE_GAMES = {
    # Three players, no events; three variants; a hostile name typed into seat 0.
    "three": Deal(
        players=3,
        seed=18,
        names={0: HOSTILE},
        variants={
            "taxes": "centre_only",
            "war": "all_copies",
            "public_works": "not_assassinated",
            "events": "off",
        },
    ),
    # Four players, events on, Spartacus by influence (it is revealed in round 2).
    "four": Deal(players=4, seed=52, first_opener="2", variants={"spartacus": "two_points"}),
    # Five players, all defaults, played on a phone.
    "five": Deal(players=5, seed=43, first_opener="4"),
}


def test_three_players_without_events_three_variants_and_a_hostile_name(
    site: Site, booted: tuple[Any, Watch]
) -> None:
    """Set up by the set-up screen: taxes centre_only, war all_copies, public_works
    not_assassinated, events off; seat 0 is named with markup, which shows as text."""
    page, watch = booted
    deal = WHOLE_GAMES["three"]
    dialogs = watch_dialogs(page)
    set_up(page, deal)
    opener = page.locator("[name='first-opener'] option[value='0']")
    assert opener.inner_text() == HOSTILE
    shot(page, "desktop-setup")
    game = start(page, deal)
    chooser = random.Random(deal.seed)
    touched: list[str] = []
    clicked = click_randomly(page, chooser, 30, touched)
    badge = page.locator(".seat-board[data-seat='0'] header .seat")
    assert badge.inner_text().endswith(HOSTILE)
    assert page.locator(".seats-around").inner_text().count(HOSTILE) >= 1
    assert page.locator("img").count() == 0
    shot(page, "desktop-game")
    at_other_size(page, PHONE, "phone-game-three")
    clicked += click_randomly(page, chooser, MAX_CLICKS, touched)
    assert len(touched) >= 3
    check_end(page, game, clicked)
    shot(page, "desktop-end")
    at_other_size(page, PHONE, "phone-end-three")
    row = page.locator(".results tr[data-seat='0'] th .seat")
    assert row.inner_text().endswith(HOSTILE)
    assert HOSTILE in (page.locator(".log").text_content() or "")  # as text, lines out of view too
    assert page.locator("img").count() == 0
    assert dialogs == []
    assert not any(u.split("?")[0].endswith("/x") for u in watch.requests)
    assert watch.errors == []
    assert offsite(watch, site.origin) == []
    page.click("[data-msg='play-again']")  # deals anew at the same table
    page.wait_for_selector("[data-screen='game']")
    again = saved_game(page)
    assert again.config.players == 3 and again.config.seed != deal.seed
    assert again.names == game.names


def test_four_players_with_events_and_spartacus_by_influence(
    site: Site, booted: tuple[Any, Watch]
) -> None:
    """Set up on the set-up screen and played into its second round; the same deal is
    played to its end in CPython (tests/test_views.py)."""
    page, watch = booted
    deal = WHOLE_GAMES["four"]
    use_setup(page, speed="instant")  # pieces move at once (motion has tests of its own)
    set_up(page, deal)
    game = start(page, deal)
    assert game.to_move == 2  # the first opener chosen on the set-up screen (R14)
    assert page.locator(".seat-board[data-seat='2'] .marks").inner_text().startswith("opener")
    touched: list[str] = []
    chooser = random.Random(deal.seed)
    clicked = click_randomly(page, chooser, 40, touched)
    at_other_size(page, PHONE, "phone-game-four")
    while saved_game(page).round < 2:
        clicked += click_randomly(page, chooser, 1, touched)
    assert len(touched) >= 3
    replayed = sc.new_game(game.config)
    for text in clicked:
        replayed.apply(text)
    assert [a.text for a in saved_game(page).actions] == clicked
    revealed = [e.args["event"] for e in replayed.log if e.id == "event_revealed"]
    assert len(revealed) == 2
    assert page.locator(".event-card").count() == 1
    assert watch.errors == []
    assert offsite(watch, site.origin) == []


def test_five_players_on_a_phone(site: Site, booted_phone: tuple[Any, Watch]) -> None:
    """Into the middle of a game at 390 x 844 (the same deal is played to its end in
    CPython, tests/test_views.py); no screen scrolls sideways even at 360 px wide."""
    page, watch = booted_phone
    deal = WHOLE_GAMES["five"]
    use_setup(page, speed="instant")
    assert_no_horizontal_scroll(page)
    set_up(page, deal)
    assert_no_horizontal_scroll(page)
    shot(page, "phone-setup")
    start(page, deal)
    chooser = random.Random(deal.seed)
    touched: list[str] = []
    clicked = click_randomly(page, chooser, 40, touched)
    assert page.locator("[data-screen='game']").count() == 1
    assert_no_horizontal_scroll(page)
    at_other_size(page, DESKTOP, "desktop-game-five")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "phone-game", full_page=False)
    shot(page, "phone-game-full")
    # At the top of the board, the decision sticks to the bottom of the screen.
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#decision").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1
    assert len(touched) >= 3
    assert [a.text for a in saved_game(page).actions] == clicked
    assert watch.errors == []
    assert offsite(watch, site.origin) == []
    assert_no_horizontal_scroll(page)


# --------------------------------------------------------------------------- keyboard

FOCUS = """() => {
  const el = document.activeElement;
  const all = [...document.querySelectorAll("#decision [data-action]")];
  return {
    action: el && el.dataset ? el.dataset.action || null : null,
    index: all.indexOf(el),
    visible: el ? el.matches(":focus-visible") : false,
    outline: el ? getComputedStyle(el).outlineStyle : "",
    actions: all.map((b) => b.dataset.action),
  };
}"""


def focus(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(FOCUS)
    return state


def reach(page: Any, action: str, used: Counter[str]) -> None:
    """Moves the focus to an action's control with Tab and Shift+Tab only."""
    for _ in range(60):
        state = focus(page)
        if state["action"] == action:
            return
        target = state["actions"].index(action)
        key = "Shift+Tab" if 0 <= target < state["index"] else "Tab"
        page.keyboard.press(key)
        used[key] += 1
        after = focus(page)
        if after["index"] >= 0:
            # A control reached from the keyboard shows where the focus is.
            assert after["visible"], after
            assert after["outline"] not in ("", "none"), after
    raise AssertionError(f"the focus never reached {action!r}")


def test_a_debate_played_from_the_keyboard_alone(site: Site, booted: tuple[Any, Watch]) -> None:
    """Tab and Shift+Tab move between the choices, Enter and Space press them; after each
    press the focus returns to the decision itself, so the new prompt is read and a
    second key press cannot act on a choice the player has not seen."""
    config = rigged_config(3, ["war", "imperium", "imperium", "public_works", "trade", "trade"])
    game = sc.new_game(config)
    page, watch = booted
    open_deal(page, config)
    used: Counter[str] = Counter()
    on_decision = "document.activeElement && document.activeElement.id === 'decision'"
    # On arrival the focus is already on the decision, for keyboard play.
    assert page.evaluate(on_decision)
    page.keyboard.press("Tab")  # the decision's "?", which opens its rules
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    used["Shift+Tab"] += 1
    assert focus(page)["index"] == 0, "Shift+Tab goes back to the first choice"
    script = [
        ("topic war", "Enter"),
        ("play 1", "Space"),
        ("play 5", "Enter"),
        ("withdraw", "Space"),
        ("withdraw", "Enter"),  # Brutus wins War: the power
        ("skip", "Space"),
        ("give 1", "Enter"),
    ]
    for action, key in script:
        reach(page, action, used)
        page.keyboard.press(key)
        game.apply(action)
        assert board(page) == expected_board(game), f"after {action!r} by {key}"
        assert page.evaluate(on_decision), "the focus returns to the decision"
        used["refocused"] += 1
        before = board(page)
        page.keyboard.press("Enter")
        assert board(page) == before, "a second Enter on the decision does nothing"
    shown = board(page)
    assert seat_of(shown, 1)["proposed"] == ["war"]
    assert shown["decision"] == "Choose a topic" and shown["to_move"] == 1
    assert used["Tab"] > 0 and used["Shift+Tab"] > 0 and used["refocused"] == len(script)
    assert watch.errors == []
    assert offsite(watch, site.origin) == []


# --------------------------------------------------------------------------- screenshots


def test_desktop_and_phone_screenshots_of_a_board_in_mid_debate(
    booted: tuple[Any, Watch],
) -> None:
    """A full five-player board in mid-debate (bids from two seats or more on the floor),
    at desktop and phone widths, for review."""
    page, _ = booted
    use_setup(page, auto=False)  # moves that are no choice are left to the test
    open_deal(page, sc.GameConfig(players=5, seed=7, first_opener=0))
    chooser = random.Random(7)
    click_randomly(page, chooser, 40)
    for _ in range(MAX_CLICKS):
        game = saved_game(page)
        bidders = [s for s in range(game.players) if game.total(s)]
        if game.decision == "debate" and len(bidders) >= 2:
            break
        click_randomly(page, chooser, 1)
    if page.locator("[data-msg='go-on']").count():
        page.click("[data-msg='go-on']")  # the round's summary, held on the table
    shown = board(page)
    assert shown["decision"] == DECISION_TITLES["debate"]
    assert sum(total > 0 for total, _ in shown["bids"].values()) >= 2
    shot(page, "desktop-game-five")
    page.set_viewport_size(PHONE)
    assert_no_horizontal_scroll(page)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "phone-game-five", full_page=False)
    assert (SHOTS / "phone-game-five.png").stat().st_size > 0


def test_a_new_screen_starts_at_its_top(booted: tuple[Any, Watch]) -> None:
    """A player who scrolled down the set-up to reach Start sees the table from its top,
    the senators' names not hidden under the bar."""
    page, watch = booted
    page.set_viewport_size({"width": 1280, "height": 480})
    page.click("[data-msg='new-game']")
    page.locator("[data-screen='setup']").wait_for()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0, "the set-up is scrolled down to Start"
    page.click("[data-msg='start']")
    page.locator("[data-screen='game']").wait_for()
    assert page.evaluate("window.scrollY") == 0
    page.click("[data-msg='title']")
    page.locator("[data-msg='continue']").wait_for()
    assert page.evaluate("window.scrollY") == 0
    assert not watch.errors


def test_the_connection_settings_are_typed_key_by_key(booted: tuple[Any, Watch]) -> None:
    """A relay and a STUN server typed into the online screen's connection settings a key
    at a time, as a player types them: the settings stay open, the field keeps the
    focus and every key, and what was typed is kept."""
    page, watch = booted
    page.click("[data-msg='online-game']")
    page.click(".online-setup details summary, details:has(#relays) summary")
    relays, ice = page.locator("#relays"), page.locator("#ice")
    relays.fill("")
    relays.focus()
    page.keyboard.type("wss://relay.example.org\nws://127.0.0.1:7447", delay=5)
    ice.focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("stun:stun.example.org:3478", delay=5)
    assert page.locator("details:has(#relays)").get_attribute("open") is not None
    assert page.evaluate("document.activeElement.id") == "ice"
    assert relays.input_value() == "wss://relay.example.org\nws://127.0.0.1:7447"
    stored = page.evaluate("JSON.parse(localStorage.getItem('senator.setup'))")
    assert stored["relays"] == ["wss://relay.example.org", "ws://127.0.0.1:7447"]
    assert stored["ice"] == ["stun:stun.example.org:3478"]
    assert watch.errors == []
