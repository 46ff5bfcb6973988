"""What each decision and each variant switch shows, on the screens the view draws
for rigged deals and played through their controls as the page plays them
(`tests/viewkit.py`): after every press the board shows exactly the engine's state,
and the effect each rule names is checked on its own. The browser tests check what
only a browser can; these need the view and `update` alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

import senator_core as sc
from senator_core.app.ui.text import DECISION_TITLES, and_list

from ..viewkit import DECISIONS_DOCKET, Table, expected_board, rigged_config, seat_of

# --------------------------------------------------------------------------- each decision

CASSIUS, BRUTUS, LIVIA, MARCUS = range(4)


def test_every_decision_shows_its_effect_on_the_board() -> None:
    """Topic, play, withdraw, Assassin, every power, skip, award, veto and accept, on a
    rigged deal; after every click the board shows exactly the engine's state, and the
    effect each rule names is checked on its own."""
    config = rigged_config(4, DECISIONS_DOCKET)
    table = Table(config)
    screen = table.screen
    start_board = screen.board()
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
    assert "Cassius opens a debate on Taxes." in screen.latest()
    # A play puts cards in play and must beat every other total (R21).
    before, after = table.step("play 1")
    assert seat_of(after, CASSIUS)["hand"]["1"] == seat_of(before, CASSIUS)["hand"]["1"] - 1
    assert seat_of(after, CASSIUS)["in_play"] == {"1": 1}
    assert after["bids"]["0"] == [1, False]
    assert "Cassius plays 1 (total 1)." in screen.latest()
    assert "play 1" not in after["actions"] and "play 2" in after["actions"]
    # Withdrawing leaves the debate for good (R23).
    before, after = table.step("withdraw")
    assert after["bids"]["1"] == [0, True]
    assert screen.one(".seat-board[data-seat='1'] .bid").get("data-withdrawn") == "true"
    assert "withdrew" in screen.text(".seat-board[data-seat='1'] .bid-state")
    assert after["to_move"] == LIVIA
    assert "Brutus withdraws." in screen.latest()
    table.step("withdraw")
    # The last one in wins (R25) and may use the power (R26): Taxes takes the veto (R36).
    before, after = table.step("withdraw")
    assert after["decision"] == "Use the power" and after["to_move"] == CASSIUS
    assert after["actions"] == sorted(["take veto", "skip"])
    assert "Cassius wins the debate on Taxes." in screen.latest()
    before, after = table.step("take veto")
    assert before["veto"] is None and after["veto"] == CASSIUS
    assert seat_of(after, CASSIUS)["veto"]
    assert screen.text(".topbar .veto-centre").endswith("Cassius")
    assert "Cassius takes the veto from the centre." in screen.latest()
    assert after["decision"] == "Award the token"
    # The award goes to the chosen player's proposed tokens (R26); the winner's cards
    # go to the discard pile (R29).
    before, after = table.step("give 1")
    assert seat_of(after, BRUTUS)["proposed"] == ["taxes"]
    assert seat_of(after, CASSIUS)["in_play"] == {} and seat_of(after, CASSIUS)["discards"] == {
        "1": 1
    }
    assert after["topic"] == "Between debates"
    assert "Cassius gives Taxes to Brutus." in screen.latest()

    # Debate 2, Public Works: the winner takes a discarded card back (R34); the 2 still
    # in play cannot be taken (R29).
    table.steps("topic public_works", "play 2", "withdraw", "withdraw")
    before, after = table.step("withdraw")
    assert after["actions"] == sorted(["reclaim 1", "skip"])
    before, after = table.step("reclaim 1")
    assert seat_of(after, CASSIUS)["hand"]["1"] == seat_of(before, CASSIUS)["hand"]["1"] + 1
    assert seat_of(after, CASSIUS)["discards"] == {}
    assert "Cassius takes a 1 back into hand." in screen.latest()
    table.step("give 2")
    assert seat_of(screen.board(), LIVIA)["proposed"] == ["public_works"]

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
    assert screen.text(".topbar .forum").split() == ["Forum", str(after["forum"])]
    assert "Brutus sends Imperium from the docket to the forum." in screen.latest()
    # Given to the veto holder, the token waits for their answer (R26 step 3).
    before, after = table.step("give 0")
    assert after["decision"] == "Veto or accept" and after["to_move"] == CASSIUS
    assert after["actions"] == sorted(["veto", "accept"])
    assert seat_of(after, CASSIUS)["proposed"] == []
    before, after = table.step("accept")
    assert seat_of(after, CASSIUS)["proposed"] == ["rebellion"]
    assert after["veto"] == CASSIUS  # accepting keeps the veto
    assert "Cassius accepts Rebellion." in screen.latest()

    # Debate 4, Rebellion again: this time flip a consul (R35).
    table.steps("topic rebellion", "play 2", "withdraw", "withdraw")
    table.step("withdraw")
    before, after = table.step("flip consul")
    assert (before["consuls_up"], after["consuls_up"]) == (2, 1)
    assert (before["docket"]["consul"], after["docket"]["consul"]) == (2, 1)
    assert len(screen.soup.select(".topbar .consuls .icon-consul_flipped")) == 1
    assert "Brutus flips a consul." in screen.latest()
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
    assert "Livia names the 2; discarding:" in screen.latest()
    # The veto refuses it: the token to the forum, the veto to the centre (R26, R49).
    table.step("give 0")
    before, after = table.step("veto")
    assert seat_of(after, CASSIUS)["proposed"] == ["rebellion"]
    assert after["veto"] is None and not seat_of(after, CASSIUS)["veto"]
    assert screen.text(".topbar .veto-centre").split() == ["Veto:", "centre"]
    assert after["forum"] == before["forum"] + 1
    assert "Cassius vetoes War: it goes back to the forum." in screen.latest()

    # Debate 6, Trade won by Livia: take one more docket token (R37), before the award.
    table.steps("topic trade", "play 1", "withdraw", "withdraw")
    before, after = table.step("withdraw")
    assert after["actions"] == sorted(["take public_works", "take war", "skip"])
    before, after = table.step("take war")
    assert (before["docket"]["war"], after["docket"].get("war", 0)) == (1, 0)
    assert seat_of(after, LIVIA)["proposed"] == ["public_works", "war"]
    assert "Livia takes War from the docket." in screen.latest()
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
    said = screen.latest()
    assert "Marcus plays the Assassin!" in said
    assert "The debate on Consul ends with no winner" in said

    # Debate 8, Public Works: Livia is left alone and wins at 0 (R25); she skips the power.
    table.steps("topic public_works", "withdraw", "withdraw")
    before, after = table.step("withdraw")
    assert after["to_move"] == LIVIA and after["bids"]["2"] == [0, False]
    assert after["actions"] == sorted(["reclaim 1", "reclaim 5", "skip"])
    before, after = table.step("skip")
    assert seat_of(after, LIVIA) == seat_of(before, LIVIA)
    assert "Livia does not use the power of Public Works." in screen.latest()
    assert after["decision"] == "Award the token"
    # Nothing is left to debate: the round ends and every discard returns (R31, R32).
    before, after = table.step("give 2")
    assert after["round"] == 2
    assert screen.text(".topbar .round").split() == ["Round", "2/3"]
    full = {"1": 2, "2": 3, "5": 1, "assassin": 1}
    assert all(p["hand"] == full and p["discards"] == {} for p in after["players"])
    assert seat_of(after, LIVIA)["proposed"] == ["public_works", "public_works", "war"]
    assert "Round 1 ends; discards return to hand." in screen.latest()


# --------------------------------------------------------------------------- each variant switch

THREE_DOCKET = ("taxes", "taxes", "war", "trade", "rebellion", "public_works", "imperium")


@dataclass(frozen=True)
class VariantGame:
    """A scripted game with one switch set to its other value. After `script`, the screen
    shows something the default rules would not (the part of the board named by
    `differs`); `then` plays on, under the switch only."""

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
def test_each_variant_switch_changes_what_the_screen_offers_or_shows(switch: str) -> None:
    """Docs/rules.md section 8: for each switch, a scripted game where its other value
    changes the game; the screen follows the engine under the switch at every step and
    shows what the default rules would not."""
    deal = VARIANT_GAMES[switch]
    default_value = sc.Variants().to_dict()[switch]
    default = sc.new_game(
        replace(deal.config, variants=replace(deal.config.variants, **{switch: default_value}))
    )
    table = Table(deal.config)
    screen = table.screen
    for action in deal.script:
        table.step(action)
        default.apply(action)
    shown = screen.board()
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
        assert "Spartacus" in screen.text(".log")
    elif switch == "events":
        assert "topic consul" in shown["actions"]
        assert "Event:" not in screen.text(".log")
        assert "topic consul" not in [str(a) for a in default.legal_actions()]
    table.steps(*deal.then)


# --------------------------------------------------------------------------- whole games

# The deals the browser's whole games set up on the set-up screen and play into their
# middle rounds (tests/e2e/test_interface.py); here each is played to its end screen.
WHOLE_GAMES = {
    # Four players, events on, Spartacus by influence (it is revealed in round 2).
    "four": sc.GameConfig(
        players=4, seed=52, first_opener=2, variants=sc.Variants(spartacus="two_points")
    ),
    # Five players, all defaults.
    "five": sc.GameConfig(players=5, seed=43, first_opener=4),
}


@pytest.mark.parametrize("deal", sorted(WHOLE_GAMES))
def test_whole_games_end_on_the_winners_and_scores_the_engine_finds(deal: str) -> None:
    """Random offered actions to the end: after every press the board shows exactly the
    engine's state; the end screen names the engine's winners and scores (R40), and
    "Play again" deals anew at the same table."""
    config = WHOLE_GAMES[deal]
    table = Table(config)
    chooser = random.Random(config.seed)
    while table.game.decision != "over":
        table.step(chooser.choice(sorted(str(a) for a in table.game.legal_actions())))
    screen = table.screen
    assert screen.one("[data-screen='end']")
    winners = table.game.winners()
    assert winners
    assert and_list([table.names[s] for s in winners]) in screen.text(".winners")
    shown = sorted(int(str(row["data-seat"])) for row in screen.soup.select(".results tr.winner"))
    assert shown == winners
    scores = {
        int(str(row["data-seat"])): tuple(int(td.get_text()) for td in row.select("td")[:3])
        for row in screen.soup.select(".results tbody tr")
    }
    assert scores == dict(enumerate(table.game.scores()))
    revealed = [e.args["event"] for e in table.game.log if e.id == "event_revealed"]
    assert len(revealed) == 3
    screen.press("[data-msg='play-again']")
    assert screen.one("[data-screen='game']")
    again = screen.model.game
    assert again is not None and again.config.players == config.players
    assert again.config.seed != config.seed
