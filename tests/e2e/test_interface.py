"""The interface in a real browser, driven as a player drives it.

Whole games set up on the set-up screen and played by clicking, for 3, 4 and 5
players (3 and 4 at desktop size, 5 on a phone; each also looked at, mid-game and
at the end, at the other size),
with events on and off and every non-default variant, some bids built by touching
the hand's cards and the others taken from the quick bids; what each variant switch changes, on
scripted games; every kind of decision with its effect on the board, on rigged deals
opened by link; a debate played from the keyboard alone; a phone-sized screen; a
hostile player name. Screenshots of the set-up, a board in mid-game and the end
screen, at desktop and phone sizes, go to test-results/screenshots/.

Each random game clicks a choice drawn by a seeded `random.Random` among the
`[data-action]` controls, so it is the same game every run; those games check
that the set-up screen's choices reach the game and that whole games end
right. What each variant switch changes is checked on scripted games of its
own (`VARIANT_GAMES`), each compared with the same game under the default.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

import senator_core as sc
from senator_core.app.derived import hand_list
from senator_core.app.saves import load_session
from senator_core.app.text import KIND_NAMES
from senator_core.app.view import DECISION_TITLES, VARIANT_TEXT
from senator_core.config import DEFAULT_NAMES
from senator_core.records import game_link

from .conftest import (
    DESKTOP,
    MANUAL_MOVES,
    PHONE,
    ROOT,
    Site,
    Watch,
    next_move,
    open_game,
)

SHOTS = ROOT / "test-results" / "screenshots"
NARROW = 360
MAX_CLICKS = 600
# Before the page's scripts: pieces move at once (motion has tests of its own), unless
# a set-up is stored already.
INSTANT = (
    "if (!localStorage.getItem('senator.setup'))"
    " localStorage.setItem('senator.setup', JSON.stringify({speed: 'instant'}));"
)
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


def press(page: Any, action: str) -> None:
    """Clicks the control of one action of the decision."""
    page.click(f"#decision [data-action='{action}']")


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


def rigged_config(
    players: int, draws: list[str], opener: int = 0, **variants: str
) -> sc.GameConfig:
    """A deal without events whose first docket and first opener are fixed."""
    return sc.GameConfig(
        players=players,
        seed=1,
        first_opener=opener,
        variants=sc.Variants(**{"events": "off", **variants}),
        draws=tuple(draws),
    )


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


def expected_board(game: sc.Game) -> dict[str, Any]:
    """What the board should show for a game, in the shape `board` reads."""

    def cards(counts: dict[str, int]) -> dict[str, int]:
        return {c: n for c, n in counts.items() if n}

    docket: dict[str, int] = dict(Counter(game.docket))
    if game.consuls_up:
        docket["consul"] = game.consuls_up
    topic = game.topic
    return {
        "round": game.round,
        "consuls_up": game.consuls_up,
        "veto": game.veto,
        "forum": game.forum_size,
        "docket": docket,
        "topic": "Between debates" if topic is None else f"Debating: {KIND_NAMES[topic]}",
        "bids": {}
        if topic is None
        else {str(s): [game.total(s), game.withdrawn(s)] for s in range(game.players)},
        "decision": DECISION_TITLES[game.decision],
        "to_move": game.to_move,
        "actions": sorted(str(a) for a in game.legal_actions()),
        "players": [
            {
                "seat": s,
                "hand": cards(game.hand(s)),
                "in_play": dict(Counter(game.in_play(s))),
                "discards": cards(game.discards(s)),
                "proposed": sorted(game.proposed(s)),
                "passed": sorted(game.passed(s)),
                "veto": game.veto == s,
                "to_move": game.to_move == s,
            }
            for s in range(game.players)
        ],
    }


def latest(page: Any) -> str:
    """The lines that tell the last move on the table, seat symbols left out."""
    lines: list[str] = page.locator(".last-move li").evaluate_all(
        """items => items.map((li) => {
          const copy = li.cloneNode(true);
          copy.querySelectorAll(".seat-symbol").forEach((s) => s.remove());
          return copy.textContent;
        })"""
    )
    return "\n".join(lines)


class Table:
    """A rigged game opened in the page, with the same game kept under CPython: each
    step presses one control, applies the same action to the CPython game and checks
    that the page shows exactly the engine's state."""

    def __init__(self, page: Any, config: sc.Game | sc.GameConfig) -> None:
        self.page = page
        self.game = sc.new_game(config) if isinstance(config, sc.GameConfig) else config
        self.names = self.game.names

    def step(self, action: str) -> tuple[dict[str, Any], dict[str, Any]]:
        before = board(self.page)
        assert action in before["actions"], f"{action!r} is not offered: {before['actions']}"
        press(self.page, action)
        self.game.apply(action)
        after = board(self.page)
        assert after == expected_board(self.game), f"after {action!r}"
        return before, after

    def steps(self, *actions: str) -> None:
        for action in actions:
            self.step(action)


def seat_of(shown: dict[str, Any], seat: int) -> dict[str, Any]:
    player: dict[str, Any] = shown["players"][seat]
    assert player["seat"] == seat
    return player


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
    assert sorted(offered(page)) == sorted(str(a) for a in game.legal_actions())
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
            if plays and not page.locator("#decision .forced-note").count():
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
    site: Site, page: Any, watch: Watch
) -> None:
    """Set up by the set-up screen: taxes centre_only, war all_copies, public_works
    not_assassinated, events off; seat 0 is named with markup, which shows as text."""
    deal = WHOLE_GAMES["three"]
    dialogs = watch_dialogs(page)
    open_game(page, f"{site.origin}/?nosw")
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
    assert HOSTILE in page.locator(".log").inner_text()
    assert page.locator("img").count() == 0
    assert dialogs == []
    assert not any(u.split("?")[0].endswith("/x") for u in watch.requests)
    assert watch.errors == []
    assert offsite(watch, site.origin) == []


def test_four_players_with_events_and_spartacus_by_influence(
    site: Site, page: Any, watch: Watch
) -> None:
    """Played to the end, then "Play again" deals anew."""
    deal = WHOLE_GAMES["four"]
    page.add_init_script(INSTANT)
    open_game(page, f"{site.origin}/?nosw")
    set_up(page, deal)
    game = start(page, deal)
    assert game.to_move == 2  # the first opener chosen on the set-up screen (R14)
    assert page.locator(".seat-board[data-seat='2'] .marks").inner_text().startswith("opener")
    touched: list[str] = []
    chooser = random.Random(deal.seed)
    clicked = click_randomly(page, chooser, 40, touched)
    at_other_size(page, PHONE, "phone-game-four")
    clicked += click_randomly(page, chooser, MAX_CLICKS, touched)
    assert len(touched) >= 3
    replayed = check_end(page, game, clicked)
    at_other_size(page, PHONE, "phone-end-four")
    revealed = [e.args["event"] for e in replayed.log if e.id == "event_revealed"]
    assert len(revealed) == 3
    assert watch.errors == []
    assert offsite(watch, site.origin) == []
    page.click("[data-msg='play-again']")
    page.wait_for_selector("[data-screen='game']")
    assert saved_game(page).config.players == 4


def test_five_players_on_a_phone(site: Site, phone: tuple[Any, Watch]) -> None:
    """A whole game at 390 x 844; no screen scrolls sideways even at 360 px wide."""
    page, watch = phone
    deal = WHOLE_GAMES["five"]
    page.add_init_script(INSTANT)
    open_game(page, f"{site.origin}/?nosw")
    assert_no_horizontal_scroll(page)
    set_up(page, deal)
    assert_no_horizontal_scroll(page)
    shot(page, "phone-setup")
    game = start(page, deal)
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
    clicked += click_randomly(page, chooser, MAX_CLICKS, touched)
    assert len(touched) >= 3
    check_end(page, game, clicked)
    shot(page, "phone-end")
    at_other_size(page, DESKTOP, "desktop-end-five")
    assert watch.errors == []
    assert offsite(watch, site.origin) == []
    assert_no_horizontal_scroll(page)


# --------------------------------------------------------------------------- each decision

# Four players, no events, Cassius (seat 0) opens; the docket of round 1 holds these
# nine tokens and both consuls. Names: Cassius 0, Brutus 1, Livia 2, Marcus 3.
DECISIONS_DOCKET = [
    "taxes",
    "public_works",
    "rebellion",
    "rebellion",
    "trade",
    "war",
    "imperium",
    "public_works",
    "war",
]
CASSIUS, BRUTUS, LIVIA, MARCUS = range(4)


def test_every_decision_shows_its_effect_on_the_board(site: Site, page: Any, watch: Watch) -> None:
    """Topic, play, withdraw, Assassin, every power, skip, award, veto and accept, on a
    rigged deal; after every click the board shows exactly the engine's state, and the
    effect each rule names is checked on its own."""
    config = rigged_config(4, DECISIONS_DOCKET)
    open_game(page, link_url(site, config))
    table = Table(page, config)
    start_board = board(page)
    assert start_board == expected_board(table.game)
    assert start_board["docket"] == {
        "taxes": 1,
        "public_works": 2,
        "rebellion": 2,
        "trade": 1,
        "war": 2,
        "imperium": 1,
        "consul": 2,
    }

    # Debate 1, Taxes. The topic leaves the docket for the floor (R19).
    before, after = table.step("topic taxes")
    assert "taxes" in before["docket"] and "taxes" not in after["docket"]
    assert after["topic"] == "Debating: Taxes"
    assert "Cassius opens a debate on Taxes." in latest(page)
    # A play puts cards in play and must beat every other total (R21).
    before, after = table.step("play 1")
    assert seat_of(after, CASSIUS)["hand"]["1"] == seat_of(before, CASSIUS)["hand"]["1"] - 1
    assert seat_of(after, CASSIUS)["in_play"] == {"1": 1}
    assert after["bids"]["0"] == [1, False]
    assert "Cassius plays 1 (total 1)." in latest(page)
    assert "play 1" not in after["actions"] and "play 2" in after["actions"]
    # Withdrawing leaves the debate for good (R23).
    before, after = table.step("withdraw")
    assert after["bids"]["1"] == [0, True]
    assert page.locator(".seat-board[data-seat='1'] .bid").get_attribute("data-withdrawn") == "true"
    assert "withdrew" in page.locator(".seat-board[data-seat='1'] .bid-state").inner_text()
    assert after["to_move"] == LIVIA
    assert "Brutus withdraws." in latest(page)
    table.step("withdraw")
    # The last one in wins (R25) and may use the power (R26): Taxes takes the veto (R36).
    before, after = table.step("withdraw")
    assert after["decision"] == "Use the power" and after["to_move"] == CASSIUS
    assert after["actions"] == sorted(["take veto", "skip"])
    assert "Cassius wins the debate on Taxes." in latest(page)
    before, after = table.step("take veto")
    assert before["veto"] is None and after["veto"] == CASSIUS
    assert seat_of(after, CASSIUS)["veto"]
    assert page.locator(".topbar .veto-centre").inner_text().endswith("Cassius")
    assert "Cassius takes the veto from the centre." in latest(page)
    assert after["decision"] == "Award the token"
    # The award goes to the chosen player's proposed tokens (R26); the winner's cards
    # go to the discard pile (R29).
    before, after = table.step("give 1")
    assert seat_of(after, BRUTUS)["proposed"] == ["taxes"]
    assert seat_of(after, CASSIUS)["in_play"] == {} and seat_of(after, CASSIUS)["discards"] == {
        "1": 1
    }
    assert after["topic"] == "Between debates"
    assert "Cassius gives Taxes to Brutus." in latest(page)

    # Debate 2, Public Works: the winner takes a discarded card back (R34); the 2 still
    # in play cannot be taken (R29).
    table.steps("topic public_works", "play 2", "withdraw", "withdraw")
    before, after = table.step("withdraw")
    assert after["actions"] == sorted(["reclaim 1", "skip"])
    before, after = table.step("reclaim 1")
    assert seat_of(after, CASSIUS)["hand"]["1"] == seat_of(before, CASSIUS)["hand"]["1"] + 1
    assert seat_of(after, CASSIUS)["discards"] == {}
    assert "Cassius takes a 1 back into hand." in latest(page)
    table.step("give 2")
    assert seat_of(board(page), LIVIA)["proposed"] == ["public_works"]

    # Debate 3, Rebellion won by Brutus: send a docket token to the forum (R35).
    table.steps("topic rebellion", "withdraw", "play 1", "withdraw")
    before, after = table.step("withdraw")
    assert after["to_move"] == BRUTUS
    assert after["actions"] == sorted(
        [
            "discard public_works",
            "discard rebellion",
            "discard trade",
            "discard war",
            "discard imperium",
            "flip consul",
            "skip",
        ]
    )
    before, after = table.step("discard imperium")
    assert "imperium" in before["docket"] and "imperium" not in after["docket"]
    assert after["forum"] == before["forum"] + 1
    assert page.locator(".topbar .forum").inner_text().split() == ["Forum", str(after["forum"])]
    assert "Brutus sends Imperium from the docket to the forum." in latest(page)
    # Given to the veto holder, the token waits for their answer (R26 step 3).
    before, after = table.step("give 0")
    assert after["decision"] == "Veto or accept" and after["to_move"] == CASSIUS
    assert after["actions"] == sorted(["veto", "accept"])
    assert seat_of(after, CASSIUS)["proposed"] == []
    before, after = table.step("accept")
    assert seat_of(after, CASSIUS)["proposed"] == ["rebellion"]
    assert after["veto"] == CASSIUS  # accepting keeps the veto
    assert "Cassius accepts Rebellion." in latest(page)

    # Debate 4, Rebellion again: this time flip a consul (R35).
    table.steps("topic rebellion", "play 2", "withdraw", "withdraw")
    table.step("withdraw")
    before, after = table.step("flip consul")
    assert (before["consuls_up"], after["consuls_up"]) == (2, 1)
    assert (before["docket"]["consul"], after["docket"]["consul"]) == (2, 1)
    assert page.locator(".topbar .consuls .icon-consul_flipped").count() == 1
    assert "Brutus flips a consul." in latest(page)
    table.step("give 3")

    # Debate 5, War won by Livia: every other player discards a 2 from hand (R38).
    table.steps("topic war", "withdraw", "play 5", "withdraw")
    before, after = table.step("withdraw")
    assert after["actions"] == sorted(["name 1", "name 2", "name 5", "name assassin", "skip"])
    before, after = table.step("name 2")
    for seat in (CASSIUS, BRUTUS, MARCUS):
        was, now = seat_of(before, seat), seat_of(after, seat)
        assert now["hand"].get("2", 0) == was["hand"].get("2", 0) - 1
        assert now["discards"].get("2", 0) == was["discards"].get("2", 0) + 1
    assert seat_of(after, LIVIA)["hand"] == seat_of(before, LIVIA)["hand"]
    assert "Livia names the 2; discarding:" in latest(page)
    # The veto refuses it: the token to the forum, the veto to the centre (R26, R49).
    table.step("give 0")
    before, after = table.step("veto")
    assert seat_of(after, CASSIUS)["proposed"] == ["rebellion"]
    assert after["veto"] is None and not seat_of(after, CASSIUS)["veto"]
    assert page.locator(".topbar .veto-centre").inner_text().split() == ["Veto:", "centre"]
    assert after["forum"] == before["forum"] + 1
    assert "Cassius vetoes War: it goes back to the forum." in latest(page)

    # Debate 6, Trade won by Livia: take one more docket token (R37), before the award.
    table.steps("topic trade", "play 1", "withdraw", "withdraw")
    before, after = table.step("withdraw")
    assert after["actions"] == sorted(["take public_works", "take war", "skip"])
    before, after = table.step("take war")
    assert (before["docket"]["war"], after["docket"].get("war", 0)) == (1, 0)
    assert seat_of(after, LIVIA)["proposed"] == ["public_works", "war"]
    assert "Livia takes War from the docket." in latest(page)
    before, after = table.step("give 3")
    assert seat_of(after, MARCUS)["proposed"] == ["rebellion", "trade"]

    # Debate 7, a consul: the Assassin ends it with no winner (R22, R28).
    table.steps("topic consul", "play 1")
    before, after = table.step("assassin")
    assert seat_of(after, LIVIA)["in_play"] == {}
    assert seat_of(after, LIVIA)["discards"]["1"] == seat_of(before, LIVIA)["discards"]["1"] + 1
    assert seat_of(after, MARCUS)["discards"]["assassin"] == 1
    assert "assassin" not in seat_of(after, MARCUS)["hand"]
    assert after["topic"] == "Between debates" and after["to_move"] == MARCUS
    assert after["consuls_up"] == 0 and "consul" not in after["docket"]
    said = latest(page)
    assert "Marcus plays the Assassin!" in said
    assert "The debate on Consul ends with no winner" in said

    # Debate 8, Public Works: Livia is left alone and wins at 0 (R25); she skips the power.
    table.steps("topic public_works", "withdraw", "withdraw")
    before, after = table.step("withdraw")
    assert after["to_move"] == LIVIA and after["bids"]["2"] == [0, False]
    assert after["actions"] == sorted(["reclaim 1", "reclaim 5", "skip"])
    before, after = table.step("skip")
    assert seat_of(after, LIVIA) == seat_of(before, LIVIA)
    assert "Livia does not use the power of Public Works." in latest(page)
    assert after["decision"] == "Award the token"
    # Nothing is left to debate: the round ends and every discard returns (R31, R32).
    before, after = table.step("give 2")
    assert after["round"] == 2
    assert page.locator(".topbar .round").inner_text().split() == ["Round", "2/3"]
    full = {"1": 2, "2": 3, "5": 1, "assassin": 1}
    assert all(p["hand"] == full and p["discards"] == {} for p in after["players"])
    assert seat_of(after, LIVIA)["proposed"] == ["public_works", "public_works", "war"]
    assert "Round 1 ends; discards return to hand." in latest(page)
    assert watch.errors == []
    assert offsite(watch, site.origin) == []


# --------------------------------------------------------------------------- each variant switch

THREE_DOCKET = ("taxes", "taxes", "war", "trade", "rebellion", "public_works", "imperium")


@dataclass(frozen=True)
class VariantGame:
    """A scripted game with one switch set to its other value. After `script`, the page
    shows something the default rules would not (the part of the board named by
    `differs`); `then` plays on in the page, under the switch only."""

    config: sc.GameConfig
    script: tuple[str, ...]
    differs: str
    then: tuple[str, ...] = ()


def switched(switch: str, value: str, event_order: tuple[str, ...] = ()) -> sc.GameConfig:
    """Three players, Cassius opens, `THREE_DOCKET` drawn first; events off unless the
    game is about them or reveals `event_order`."""
    variants = {switch: value}
    if switch != "events" and not event_order:
        variants["events"] = "off"
    return sc.GameConfig(
        players=3,
        seed=1,
        first_opener=0,
        variants=sc.Variants(**variants),
        draws=THREE_DOCKET,
        event_order=event_order,
    )


VARIANT_GAMES = {
    # R36: Brutus wins Taxes while Cassius holds the veto: from the centre only, there
    # is nothing to take, so the power is skipped and the award comes at once.
    "taxes": VariantGame(
        switched("taxes", "centre_only"),
        (*("topic taxes", "play 1", "withdraw", "withdraw", "take veto", "give 0"),
         *("topic taxes", "withdraw", "play 1", "withdraw")),
        differs="actions",
        then=("give 2",),
    ),
    # R38: War naming the 2 takes every 2 from the other hands, not one.
    "war": VariantGame(
        switched("war", "all_copies"),
        ("topic war", "play 1", "withdraw", "withdraw", "name 2"),
        differs="players",
        then=("give 1",),
    ),
    # R34: Cassius's 2 went to his discards by an Assassin, his 1 by a won debate:
    # Public Works may return only the 1.
    "public_works": VariantGame(
        switched("public_works", "not_assassinated"),
        (*("topic taxes", "play 1", "withdraw", "withdraw", "skip", "give 0"),
         *("topic war", "play 2", "play 5", "assassin"),
         *("topic public_works", "withdraw", "play 1", "withdraw")),
        differs="actions",
        then=("reclaim 1",),
    ),
    # R46: under Spartacus a single 5 is a first play worth 2 or more, and the
    # Assassin cannot come before 2 influence is in play.
    "spartacus": VariantGame(
        switched("spartacus", "two_points", event_order=("spartacus",)),
        ("topic war",),
        differs="actions",
        then=("play 5",),
    ),
    # Events off: no Imperator (the first event of this seed) flips the consuls.
    "events": VariantGame(switched("events", "off"), (), differs="actions", then=("topic consul",)),
}  # fmt: skip


@pytest.mark.parametrize("switch", list(VARIANT_GAMES))
def test_each_variant_switch_changes_what_the_page_offers_or_shows(
    site: Site, page: Any, watch: Watch, switch: str
) -> None:
    """Docs/rules.md section 8: for each switch, a scripted game where its other value
    changes the game; the page follows the engine under the switch at every step and
    shows what the default rules would not."""
    deal = VARIANT_GAMES[switch]
    default_value = sc.Variants().to_dict()[switch]
    default = sc.new_game(
        replace(deal.config, variants=replace(deal.config.variants, **{switch: default_value}))
    )
    open_game(page, link_url(site, deal.config))
    table = Table(page, deal.config)
    for action in deal.script:
        table.step(action)
        default.apply(action)
    shown = board(page)
    assert shown == expected_board(table.game)
    assert shown[deal.differs] != expected_board(default)[deal.differs]
    if switch == "taxes":
        assert shown["decision"] == DECISION_TITLES["award"]
        assert "take veto" in [str(a) for a in default.legal_actions()]
    elif switch == "war":
        assert [seat_of(shown, s)["hand"].get("2", 0) for s in (1, 2)] == [0, 0]
        assert [default.hand(s)["2"] for s in (1, 2)] == [2, 2]
    elif switch == "public_works":
        assert shown["actions"] == ["reclaim 1", "skip"]
    elif switch == "spartacus":
        assert "play 5" in shown["actions"] and "assassin" not in shown["actions"]
        assert "Spartacus" in page.locator(".log").inner_text()
    elif switch == "events":
        assert "topic consul" in shown["actions"]
        assert "Event:" not in page.locator(".log").inner_text()
        assert "topic consul" not in [str(a) for a in default.legal_actions()]
    table.steps(*deal.then)
    assert watch.errors == []


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


def test_a_debate_played_from_the_keyboard_alone(site: Site, page: Any, watch: Watch) -> None:
    """Tab and Shift+Tab move between the choices, Enter and Space press them; after each
    press the focus returns to the decision itself, so the new prompt is read and a
    second key press cannot act on a choice the player has not seen."""
    config = rigged_config(3, ["war", "imperium", "imperium", "public_works", "trade", "trade"])
    game = sc.new_game(config)
    open_game(page, link_url(site, config))
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


def test_desktop_and_phone_screenshots_of_a_board_in_mid_debate(site: Site, page: Any) -> None:
    """A full five-player board in mid-debate (bids from two seats or more on the floor),
    at desktop and phone widths, for review."""
    config = sc.GameConfig(players=5, seed=7, first_opener=0)
    page.add_init_script(MANUAL_MOVES)
    open_game(page, link_url(site, config))
    chooser = random.Random(7)
    click_randomly(page, chooser, 40)
    for _ in range(MAX_CLICKS):
        game = saved_game(page)
        bidders = [s for s in range(game.players) if game.total(s)]
        if game.decision == "debate" and len(bidders) >= 2:
            break
        click_randomly(page, chooser, 1)
    shown = board(page)
    assert shown["decision"] == DECISION_TITLES["debate"]
    assert sum(total > 0 for total, _ in shown["bids"].values()) >= 2
    shot(page, "desktop-game-five")
    page.set_viewport_size(PHONE)
    assert_no_horizontal_scroll(page)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "phone-game-five", full_page=False)
    assert (SHOTS / "phone-game-five.png").stat().st_size > 0


def test_a_new_screen_starts_at_its_top(site: Site, page: Any, watch: Watch) -> None:
    """A player who scrolled down the set-up to reach Start sees the table from its top,
    the senators' names not hidden under the bar."""
    page.set_viewport_size({"width": 1280, "height": 480})
    open_game(page, f"{site.origin}/?nosw")
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
