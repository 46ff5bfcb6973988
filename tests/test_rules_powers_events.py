"""Agenda powers (docs/rules.md R34-R39, with R26 and R48) and events (R41-R46), scripted."""

from __future__ import annotations

import pytest

import senator_core as sc
from tests.scenario import (
    FULL_HAND,
    NO_CARDS,
    assert_illegal,
    cards,
    full_docket,
    ids,
    only,
    play,
    rigged,
    texts,
    uncontested,
)

# ---------------------------------------------------------------- R34 Public Works


def test_r34_r48_public_works_power_skipped_with_an_empty_discard_pile() -> None:
    game = rigged(3, full_docket(3, "public_works"))
    events = uncontested(game, "public_works")
    assert ids(events)[-3:] == ["withdrawn", "debate_won", "power_unused"]
    assert game.decision == "award"
    assert game.to_move == 0
    assert game.topic == "public_works"
    assert texts(game) == ["give 0", "give 1", "give 2"]
    assert_illegal(game, "reclaim 1", "R26")
    assert_illegal(game, "skip", "R26")


def test_r34_r29_public_works_reclaims_a_discarded_card_but_not_one_in_play() -> None:
    game = rigged(3, full_docket(3, "public_works"))
    uncontested(game, "imperium", "5")
    assert game.discards(0) == cards(five=1)
    uncontested(game, "public_works", "1")
    assert game.decision == "power"
    assert game.to_move == 0
    assert game.in_play(0) == ["1"]
    assert texts(game) == ["reclaim 5", "skip"]
    assert_illegal(game, "reclaim 1", "R34")
    assert_illegal(game, "reclaim 2", "R34")

    events = game.apply("reclaim 5")
    assert events == [sc.Event("card_reclaimed", {"seat": 0, "card": "5"})]
    assert game.hand(0) == cards(one=1, two=3, five=1, assassin=1)
    assert game.discards(0) == NO_CARDS
    assert game.decision == "award"
    assert game.to_move == 0

    events = game.apply("give 0")
    assert ids(events) == ["token_given", "token_proposed", "cards_resolved"]
    assert only(events, "cards_resolved") == {
        "discarded": [("1",), (), ()],
        "returned": [(), (), ()],
    }
    assert game.discards(0) == cards(one=1)
    assert game.proposed(0) == ["public_works"]


def test_r34_public_works_never_reclaims_the_assassin() -> None:
    game = rigged(3, full_docket(3, "public_works"))
    play(game, "topic imperium", "play 2", "play 5", "withdraw", "assassin")
    assert game.discards(0) == cards(two=1, assassin=1)
    assert game.opener == 0
    uncontested(game, "public_works", "1")
    assert game.decision == "power"
    assert texts(game) == ["reclaim 2", "skip"]
    assert_illegal(game, "reclaim assassin", "R34")
    assert_illegal(game, "reclaim 5", "R34")
    events = game.apply("reclaim 2")
    assert events == [sc.Event("card_reclaimed", {"seat": 0, "card": "2"})]
    assert game.discards(0) == cards(assassin=1)
    assert game.hand(0) == cards(one=1, two=3, five=1)


def test_r34_r48_public_works_power_skipped_when_only_the_assassin_is_discarded() -> None:
    game = rigged(3, full_docket(3, "public_works"))
    play(game, "topic imperium", "assassin")
    assert game.discards(0) == cards(assassin=1)
    events = uncontested(game, "public_works", "1")
    assert "power_skipped" not in ids(events)
    assert game.decision == "award"
    assert game.to_move == 0


def test_r26_r34_skip_declines_the_power() -> None:
    game = rigged(3, full_docket(3, "public_works"))
    uncontested(game, "imperium", "5")
    uncontested(game, "public_works", "1")
    events = game.apply("skip")
    assert events == [sc.Event("power_skipped", {"seat": 0, "topic": "public_works"})]
    assert game.decision == "award"
    assert game.discards(0) == cards(five=1)
    assert game.hand(0) == cards(one=1, two=3, assassin=1)


def test_r34_public_works_uses_the_winners_own_discard_pile() -> None:
    """R34: the card comes back from the winner's own discard pile, whatever their seat;
    a refused choice says why."""
    game = rigged(3, full_docket(3, "public_works"), opener=1)
    uncontested(game, "imperium", "5")
    assert game.discards(1) == cards(five=1)
    uncontested(game, "public_works", "1")
    assert game.decision == "power"
    assert game.to_move == 1
    assert texts(game) == ["reclaim 5", "skip"]
    message = assert_illegal(game, "reclaim assassin", "R34")
    assert "Public Works never returns the Assassin (R34)" in message
    message = assert_illegal(game, "reclaim 2", "R34")
    assert "there is no 2 in the discard pile (R34)" in message
    events = game.apply("reclaim 5")
    assert events == [sc.Event("card_reclaimed", {"seat": 1, "card": "5"})]
    assert game.hand(1) == cards(one=1, two=3, five=1, assassin=1)
    assert game.discards(1) == NO_CARDS
    assert game.hand(0) == game.hand(2) == FULL_HAND
    assert game.discards(0) == game.discards(2) == NO_CARDS


# ---------------------------------------------------------------- R35 Rebellion


def test_r35_rebellion_offers_every_docket_token_and_a_face_up_consul() -> None:
    game = rigged(3, full_docket(3, "rebellion", "war", "taxes"))
    uncontested(game, "rebellion")
    assert game.decision == "power"
    assert game.to_move == 0
    assert texts(game) == [
        "discard taxes",
        "discard war",
        "discard imperium",
        "flip consul",
        "skip",
    ]
    assert_illegal(game, "discard rebellion", "R35")
    assert_illegal(game, "discard trade", "R35")
    assert_illegal(game, "take veto", "R35")


def test_r35_rebellion_sends_a_docket_token_to_the_forum() -> None:
    game = rigged(3, full_docket(3, "rebellion", "war", "taxes"))
    uncontested(game, "rebellion")
    assert game.forum["war"] == 4
    assert game.forum_size == 23
    events = game.apply("discard war")
    assert events == [sc.Event("token_discarded", {"seat": 0, "kind": "war"})]
    assert game.docket == ["imperium"] * 4 + ["taxes"]
    assert game.forum["war"] == 5
    assert game.forum_size == 24
    assert game.consuls_up == 2
    assert game.decision == "award"
    assert game.to_move == 0


def test_r35_rebellion_flips_a_face_up_consul() -> None:
    game = rigged(3, full_docket(3, "rebellion", "war", "taxes"))
    uncontested(game, "rebellion")
    events = game.apply("flip consul")
    assert events == [sc.Event("consul_flipped", {"seat": 0})]
    assert game.consuls_up == 1
    assert game.docket == ["imperium"] * 4 + ["taxes", "war"]
    assert game.forum_size == 23
    game.apply("give 0")
    assert "topic consul" in texts(game)
    game.apply("topic consul")
    assert game.consuls_up == 0


def test_r35_r43_r48_rebellion_power_skipped_without_docket_token_or_face_up_consul() -> None:
    game = rigged(3, ["rebellion"] * 5 + ["imperium"] * 2, events=["imperator"])
    assert game.consuls_up == 0
    uncontested(game, "rebellion", "1")
    assert texts(game) == ["discard rebellion", "discard imperium", "skip"]
    assert_illegal(game, "flip consul", "R35")
    play(game, "discard imperium", "give 0")
    uncontested(game, "rebellion", "1")
    play(game, "discard imperium", "give 0")
    uncontested(game, "rebellion", "2")
    assert texts(game) == ["discard rebellion", "skip"]
    play(game, "discard rebellion", "give 0")
    assert game.docket == ["rebellion"]

    events = uncontested(game, "rebellion", "2")
    assert ids(events)[-3:] == ["withdrawn", "debate_won", "power_unused"]
    assert game.docket == []
    assert game.decision == "award"
    assert game.to_move == 0
    assert_illegal(game, "skip", "R26")


# ---------------------------------------------------------------- R36 Taxes


def test_r36_taxes_takes_the_veto_from_the_centre() -> None:
    game = rigged(3, full_docket(3, "taxes", "taxes"))
    assert game.veto is None
    uncontested(game, "taxes")
    assert game.decision == "power"
    assert texts(game) == ["take veto", "skip"]
    assert_illegal(game, "take war", "R36")
    events = game.apply("take veto")
    assert events == [sc.Event("veto_taken", {"seat": 0, "source": None})]
    assert game.veto == 0
    assert game.decision == "award"


def test_r36_taxes_takes_the_veto_from_the_player_who_holds_it() -> None:
    game = rigged(3, full_docket(3, "taxes", "taxes"), opener=1)
    uncontested(game, "taxes")
    play(game, "take veto", "give 1")
    assert game.veto == 1
    assert game.opener == 1
    events = play(game, "topic taxes", "withdraw", "withdraw")
    assert only(events, "debate_won") == {"seat": 0, "topic": "taxes", "total": 0}
    assert game.decision == "power"
    assert game.to_move == 0
    assert texts(game) == ["take veto", "skip"]
    events = game.apply("take veto")
    assert events == [sc.Event("veto_taken", {"seat": 0, "source": 1})]
    assert game.veto == 0


def test_r36_r48_taxes_power_skipped_when_the_winner_holds_the_veto() -> None:
    game = rigged(3, full_docket(3, "taxes", "taxes"))
    uncontested(game, "taxes")
    play(game, "take veto", "give 0")
    assert game.veto == 0
    events = uncontested(game, "taxes")
    assert ids(events)[-3:] == ["withdrawn", "debate_won", "power_unused"]
    assert only(events, "power_unused") == {"seat": 0, "topic": "taxes", "veto": 0}
    assert game.decision == "award"
    assert game.veto == 0
    assert_illegal(game, "take veto", "R26")


def test_r36_taxes_takes_the_veto_from_seat_0() -> None:
    """R36: the veto is taken from whoever holds it, seat 0 included, and the event
    names that seat."""
    game = rigged(3, full_docket(3, "taxes", "taxes"), opener=0)
    uncontested(game, "taxes")
    play(game, "take veto", "give 0")
    assert game.veto == 0
    events = play(game, "topic taxes", "withdraw", "withdraw")
    assert only(events, "debate_won") == {"seat": 2, "topic": "taxes", "total": 0}
    events = game.apply("take veto")
    assert events == [sc.Event("veto_taken", {"seat": 2, "source": 0})]
    assert game.veto == 2


# ---------------------------------------------------------------- R37 Trade


def test_r37_trade_offers_docket_tokens_but_not_imperium() -> None:
    game = rigged(3, full_docket(3, "trade", "war", "taxes", "rebellion"))
    uncontested(game, "trade")
    assert game.decision == "power"
    assert game.docket == ["imperium"] * 3 + ["rebellion", "taxes", "war"]
    assert texts(game) == ["take rebellion", "take taxes", "take war", "skip"]
    assert_illegal(game, "take imperium", "R37")
    assert_illegal(game, "take public_works", "R37")
    assert_illegal(game, "take trade", "R37")
    assert_illegal(game, "take veto", "R37")
    assert_illegal(game, "flip consul", "R37")


def test_r37_trade_takes_a_token_before_the_award() -> None:
    game = rigged(3, full_docket(3, "trade", "war", "taxes", "rebellion"))
    uncontested(game, "trade")
    events = game.apply("take taxes")
    assert events == [
        sc.Event("token_taken", {"seat": 0, "kind": "taxes"}),
        sc.Event("token_proposed", {"seat": 0, "kind": "taxes"}),
    ]
    assert game.proposed(0) == ["taxes"]
    assert game.docket == ["imperium"] * 3 + ["rebellion", "war"]
    assert game.decision == "award"
    assert game.topic == "trade"
    assert game.veto is None
    events = game.apply("give 1")
    assert ids(events) == ["token_given", "token_proposed", "cards_resolved"]
    assert only(events, "token_given") == {"seat": 0, "to": 1, "kind": "trade"}
    assert game.proposed(0) == ["taxes"]
    assert game.proposed(1) == ["trade"]


def test_r37_r30_trade_token_faces_the_conflict_check_before_the_trade_award() -> None:
    game = rigged(3, full_docket(3, "war", "trade", "rebellion"))
    uncontested(game, "war")
    play(game, "skip", "give 0")
    assert game.proposed(0) == ["war"]
    uncontested(game, "trade")
    assert texts(game) == ["take rebellion", "skip"]
    events = game.apply("take rebellion")
    assert events == [
        sc.Event("token_taken", {"seat": 0, "kind": "rebellion"}),
        sc.Event("conflict", {"seat": 0, "kind": "rebellion", "lost": ["war"]}),
    ]
    assert game.proposed(0) == []
    assert game.forum["rebellion"] == 5
    assert game.forum["war"] == 5
    events = game.apply("give 0")
    assert ids(events) == ["token_given", "token_proposed", "cards_resolved"]
    assert game.proposed(0) == ["trade"]


def test_r37_r48_trade_power_skipped_without_an_eligible_token() -> None:
    game = rigged(3, ["public_works", "trade"] + ["imperium"] * 5)
    uncontested(game, "public_works")
    game.apply("give 0")
    events = uncontested(game, "trade")
    assert ids(events)[-3:] == ["withdrawn", "debate_won", "power_unused"]
    assert game.docket == ["imperium"] * 5
    assert game.decision == "award"
    assert_illegal(game, "take imperium", "R26")


def test_r37_trade_takes_one_token_of_a_kind_the_docket_holds_twice() -> None:
    """R37: Trade takes one token; the other token of that kind stays in the docket. A
    refused choice says why."""
    game = rigged(3, full_docket(3, "trade", "war", "war"))
    uncontested(game, "trade")
    assert texts(game) == ["take war", "skip"]
    message = assert_illegal(game, "take imperium", "R37")
    assert "Trade cannot take Imperium (R37)" in message
    message = assert_illegal(game, "take taxes", "R37")
    assert "no taxes token is in the docket (R37)" in message
    game.apply("take war")
    assert game.proposed(0) == ["war"]
    assert game.docket == ["imperium"] * 4 + ["war"]
    assert game.forum["war"] == 3


# ---------------------------------------------------------------- R38 War


def test_r38_war_offers_every_card_name() -> None:
    game = rigged(3, full_docket(3, "war"))
    uncontested(game, "war")
    assert game.decision == "power"
    assert texts(game) == ["name 1", "name 2", "name 5", "name assassin", "skip"]
    assert_illegal(game, "take war", "R38")
    assert_illegal(game, "reclaim 1", "R38")


def test_r38_war_makes_every_other_player_discard_one_named_card() -> None:
    game = rigged(3, full_docket(3, "war"))
    uncontested(game, "war")
    events = game.apply("name 2")
    assert events == [sc.Event("card_named", {"seat": 0, "card": "2", "discarded": [0, 1, 1]})]
    assert game.hand(0) == cards(one=1, two=3, five=1, assassin=1)
    for seat in (1, 2):
        assert game.hand(seat) == cards(one=2, two=2, five=1, assassin=1)
        assert game.discards(seat) == cards(two=1)
        assert game.assassinated(seat) == NO_CARDS
    assert game.decision == "award"


def test_r38_r29_war_takes_cards_from_hands_only() -> None:
    game = rigged(3, full_docket(3, "war"))
    play(game, "topic war", "play 1", "play 5", "play 2 5", "play 2 2 5", "withdraw", "withdraw")
    assert game.decision == "power"
    assert game.in_play(1) == ["5"]
    assert game.in_play(2) == ["2", "5"]
    events = game.apply("name 5")
    assert events == [sc.Event("card_named", {"seat": 0, "card": "5", "discarded": [0, 0, 0]})]
    events = game.apply("give 0")
    assert only(events, "cards_resolved") == {
        "discarded": [("1", "2", "2", "5"), (), ()],
        "returned": [(), ("5",), ("2", "5")],
    }
    assert game.hand(1) == FULL_HAND
    assert game.hand(2) == FULL_HAND
    assert game.discards(1) == NO_CARDS


def test_r38_war_can_name_the_assassin() -> None:
    game = rigged(3, full_docket(3, "war"))
    uncontested(game, "war")
    events = game.apply("name assassin")
    assert events == [
        sc.Event("card_named", {"seat": 0, "card": "assassin", "discarded": [0, 1, 1]})
    ]
    assert game.hand(0)["assassin"] == 1
    for seat in (1, 2):
        assert game.hand(seat) == cards(one=2, two=3, five=1)
        assert game.discards(seat) == cards(assassin=1)
        assert game.assassinated(seat) == NO_CARDS


def empty_opponents() -> sc.Game:
    """Seats 1 and 2 spend their whole hands; seat 1 played the last Assassin and opens next."""
    game = rigged(3, full_docket(3, "war"))
    play(
        game,
        "topic imperium",
        "play 1",
        "play 2 2 2",
        "play 2 2 5",
        "withdraw",
        "play 1 1 5",
        "assassin",
    )
    play(game, "topic imperium", "play 1 1 2", "withdraw", "assassin")
    return game


def test_r38_r57_war_power_skipped_when_no_opponent_holds_a_card() -> None:
    game = empty_opponents()
    assert game.hand(1) == NO_CARDS
    assert game.hand(2) == NO_CARDS
    assert game.to_move == 1
    events = play(game, "topic war", "withdraw", "withdraw")
    assert only(events, "debate_won") == {"seat": 0, "topic": "war", "total": 0}
    assert only(events, "power_unused") == {"seat": 0, "topic": "war"}
    assert game.decision == "award"
    assert game.to_move == 0
    assert_illegal(game, "name 1", "R26")


# ---------------------------------------------------------------- R39 Imperium


def test_r39_r26_imperium_has_no_power_and_is_passed_at_once() -> None:
    game = rigged(3, full_docket(3, "war"))
    events = uncontested(game, "imperium")
    assert ids(events)[-4:] == ["withdrawn", "debate_won", "imperium_passed", "cards_resolved"]
    assert only(events, "imperium_passed") == {"seat": 0}
    assert "power_skipped" not in ids(events) and "power_unused" not in ids(events)
    assert game.passed(0) == ["imperium"]
    assert game.proposed(0) == []
    assert game.decision == "topic"
    assert game.to_move == 0
    assert_illegal(game, "skip", "R19")


def test_r26_power_decision_takes_only_the_topics_power() -> None:
    game = rigged(3, full_docket(3, "taxes"))
    uncontested(game, "taxes")
    assert_illegal(game, "reclaim 1", "R36")
    assert_illegal(game, "name 2", "R36")
    assert_illegal(game, "discard imperium", "R36")
    assert_illegal(game, "give 0", "R26")
    assert_illegal(game, "play 1", "R26")


# ---------------------------------------------------------------- R41 Socialis Bellum


def test_r41_socialis_bellum_draws_three_more_tokens_into_the_docket() -> None:
    game = rigged(
        4,
        full_docket(4),
        events=["socialis_bellum"],
        later_draws=["war", "war", "rebellion"],
    )
    log = game.log
    assert ids(log) == ["setup", "round_start", "docket_filled", "event_revealed", "event_draws"]
    assert log[3].args == {"round": 1, "event": "socialis_bellum"}
    assert log[4].args == {"event": "socialis_bellum", "kinds": ["war", "war", "rebellion"]}
    assert game.event == "socialis_bellum"
    assert len(game.docket) == 12
    assert game.docket == ["imperium"] * 5 + ["public_works"] * 4 + ["rebellion", "war", "war"]
    assert game.forum_size == 18
    assert game.consuls_up == 2
    assert texts(game) == [
        "topic public_works",
        "topic rebellion",
        "topic war",
        "topic imperium",
        "topic consul",
    ]


# ---------------------------------------------------------------- R42 Hannibal


def hannibal_debate(events: list[str] | None) -> tuple[sc.Game, list[sc.Event]]:
    game = rigged(3, full_docket(3, "war"), events=events)
    out = play(game, "topic imperium", "play 1", "play 2", "play 5", "withdraw", "withdraw")
    return game, out


def test_r42_hannibal_discards_every_players_cards_in_play_after_a_debate_won() -> None:
    game, events = hannibal_debate(["hannibal"])
    assert game.event == "hannibal"
    assert only(events, "debate_won") == {"seat": 2, "topic": "imperium", "total": 5}
    assert only(events, "cards_resolved") == {
        "discarded": [("1",), ("2",), ("5",)],
        "returned": [(), (), ()],
    }
    assert game.discards(0) == cards(one=1)
    assert game.discards(1) == cards(two=1)
    assert game.discards(2) == cards(five=1)
    assert game.hand(0) == cards(one=1, two=3, five=1, assassin=1)
    assert game.assassinated(0) == NO_CARDS
    assert game.opener == 2


def test_r42_r29_without_hannibal_only_the_winner_discards() -> None:
    game, events = hannibal_debate(None)
    assert game.event is None
    assert only(events, "cards_resolved") == {
        "discarded": [(), (), ("5",)],
        "returned": [("1",), ("2",), ()],
    }
    assert game.discards(0) == NO_CARDS
    assert game.hand(0) == FULL_HAND
    assert game.hand(1) == FULL_HAND
    assert game.discards(2) == cards(five=1)


# ---------------------------------------------------------------- R43 Imperator


def test_r43_imperator_flips_both_consuls_for_the_round() -> None:
    game = rigged(3, full_docket(3, "rebellion"), events=["imperator"])
    assert game.event == "imperator"
    assert game.consuls_up == 0
    assert game.log[-1] == sc.Event("consuls_flipped", {"event": "imperator"})
    assert texts(game) == ["topic public_works", "topic rebellion", "topic imperium"]
    assert_illegal(game, "topic consul", "R43")
    uncontested(game, "rebellion")
    assert texts(game) == ["discard public_works", "discard imperium", "skip"]
    assert_illegal(game, "flip consul", "R35")
    play(game, "skip", "give 0")
    assert game.consuls_up == 0
    assert_illegal(game, "topic consul", "R43")


# ---------------------------------------------------------------- R44 Incursio Barbara


def test_r44_incursio_barbara_sends_the_dockets_imperium_to_the_forum() -> None:
    game = rigged(3, full_docket(3, "war", "trade"), events=["incursio_barbara"])
    assert game.log[-1] == sc.Event("imperium_returned", {"event": "incursio_barbara", "count": 5})
    assert game.docket == ["trade", "war"]
    assert game.forum["imperium"] == 5
    assert game.forum_size == 28
    assert texts(game) == ["topic trade", "topic war", "topic consul"]
    assert_illegal(game, "topic imperium", "R19")


def test_r44_r16_incursio_barbara_leaves_players_imperium_alone() -> None:
    game = rigged(
        3,
        ["imperium"] + ["rebellion"] * 3 + ["public_works"] * 3,
        events=["imperator", "incursio_barbara"],
        later_draws=["imperium", "imperium", "war", "war", "war", "trade", "trade"],
    )
    uncontested(game, "imperium", "1")
    for bid in ("1", "2", "2"):
        uncontested(game, "rebellion", bid)
        events = play(game, "discard public_works", "give 0")
    assert ids(events)[-6:] == [
        "cards_resolved",
        "round_end",
        "round_start",
        "docket_filled",
        "event_revealed",
        "imperium_returned",
    ]
    assert only(events, "imperium_returned") == {"event": "incursio_barbara", "count": 2}
    assert game.round == 2
    assert game.event == "incursio_barbara"
    assert game.passed(0) == ["imperium"]
    assert game.proposed(0) == ["rebellion"] * 3
    assert game.docket == ["trade", "trade", "war", "war", "war"]
    assert game.forum["imperium"] == 4
    assert game.consuls_up == 2
    assert game.decision == "topic"
    assert game.to_move == 0


# ---------------------------------------------------------------- R45 Ludi Gladiatorum


def test_r45_ludi_gladiatorum_caps_a_play_at_two_cards() -> None:
    game = rigged(3, full_docket(3, "war"), events=["ludi_gladiatorum"])
    game.apply("topic imperium")
    assert texts(game) == [
        "play 1",
        "play 2",
        "play 1 1",
        "play 1 2",
        "play 2 2",
        "play 5",
        "play 1 5",
        "play 2 5",
        "assassin",
        "withdraw",
    ]
    assert_illegal(game, "play 1 1 2", "R45")
    assert_illegal(game, "play 2 2 5", "R45")


def test_r45_ludi_gladiatorum_one_card_in_play_allows_one_more_or_the_assassin() -> None:
    game = rigged(3, full_docket(3, "war"), events=["ludi_gladiatorum"])
    play(game, "topic imperium", "play 2", "play 1 2", "play 2 2")
    assert game.to_move == 0
    assert texts(game) == ["play 5", "assassin", "withdraw"]
    assert_illegal(game, "play 1 2", "R45")
    assert_illegal(game, "play 1 5", "R45")
    events = game.apply("play 5")
    assert events == [sc.Event("bid", {"seat": 0, "cards": ("5",), "total": 7})]
    assert game.in_play(0) == ["2", "5"]


def test_r45_ludi_gladiatorum_two_cards_in_play_forbid_raise_and_assassin() -> None:
    game = rigged(3, full_docket(3, "war"), events=["ludi_gladiatorum"])
    play(game, "topic imperium", "play 2", "play 1 2", "play 2 2", "play 5")
    assert game.to_move == 1
    assert texts(game) == ["withdraw"]
    assert_illegal(game, "play 5", "R45")
    assert_illegal(game, "assassin", "R45")
    game.apply("withdraw")
    assert texts(game) == ["withdraw"]
    assert_illegal(game, "assassin", "R45")
    events = game.apply("withdraw")
    assert only(events, "debate_won") == {"seat": 0, "topic": "imperium", "total": 7}


def test_r45_ludi_gladiatorum_assassin_counts_as_the_second_card() -> None:
    game = rigged(3, full_docket(3, "war"), events=["ludi_gladiatorum"])
    play(game, "topic imperium", "play 2", "play 1 2", "play 2 5")
    events = game.apply("assassin")
    assert only(events, "assassinated") == {
        "seat": 0,
        "discarded": [("2", "assassin"), ("1", "2"), ("2", "5")],
        "topic": "imperium",
    }


def test_r45_ludi_gladiatorum_cap_counts_afresh_in_every_debate() -> None:
    """R45: the cap is on cards in play in a debate: after a debate, two cards may go
    in play again."""
    game = rigged(3, full_docket(3, "war"), events=["ludi_gladiatorum"])
    play(game, "topic imperium", "play 1 2", "withdraw", "withdraw")
    assert game.decision == "topic"
    assert game.to_move == 0
    game.apply("topic war")
    assert game.hand(0) == cards(one=1, two=2, five=1, assassin=1)
    assert texts(game) == [
        "play 1",
        "play 2",
        "play 1 2",
        "play 2 2",
        "play 5",
        "play 1 5",
        "play 2 5",
        "assassin",
        "withdraw",
    ]


def test_r45_r21_a_two_card_play_that_is_too_low_is_refused_by_r21_not_r45() -> None:
    """R45, R21: under Ludi Gladiatorum two cards are allowed, so a two-card play that
    does not beat the others is refused for R21 alone."""
    game = rigged(3, full_docket(3, "war"), events=["ludi_gladiatorum"])
    play(game, "topic imperium", "play 5")
    message = assert_illegal(game, "play 1 1", "R21")
    assert "R45" not in message


# ---------------------------------------------------------------- R46 Spartacus


def spartacus(variant: str = "two_cards") -> sc.Game:
    game = rigged(3, full_docket(3, "war"), events=["spartacus"], spartacus=variant)
    game.apply("topic imperium")
    return game


def plays(game: sc.Game) -> list[str]:
    return [t for t in texts(game) if t.startswith("play ")]


def test_r46_spartacus_two_cards_first_play_puts_at_least_two_cards() -> None:
    game = spartacus()
    assert game.event == "spartacus"
    first = plays(game)
    assert "play 1 1" in first
    assert "play 2 5" in first
    assert "play 2 2 5" in first
    assert [t for t in first if len(t.split()) == 2] == []
    assert "assassin" not in texts(game)
    assert_illegal(game, "play 5", "R46")
    assert_illegal(game, "play 1", "R46")
    events = game.apply("play 1 1")
    assert events == [sc.Event("bid", {"seat": 0, "cards": ("1", "1"), "total": 2})]


def test_r46_r21_spartacus_two_cards_first_play_must_also_beat_every_total() -> None:
    game = spartacus()
    play(game, "play 2 5")
    assert_illegal(game, "play 1 2", "R21")
    assert_illegal(game, "play 5", "R46")
    assert "play 1 2 5" in plays(game)
    assert "play 1 5" not in plays(game)


def test_r46_spartacus_two_cards_later_plays_may_be_one_card() -> None:
    game = spartacus()
    play(game, "play 1 1", "play 1 2", "play 2 2")
    assert game.to_move == 0
    assert "play 5" in plays(game)
    events = game.apply("play 5")
    assert events == [sc.Event("bid", {"seat": 0, "cards": ("5",), "total": 7})]
    assert "play 5" in plays(game)
    events = game.apply("play 5")
    assert events == [sc.Event("bid", {"seat": 1, "cards": ("5",), "total": 8})]


def test_r46_spartacus_two_cards_assassin_goes_with_an_influence_card() -> None:
    game = spartacus()
    play(game, "play 1 1", "play 2 5")
    assert game.to_move == 2
    legal = texts(game)
    assert "assassin" not in legal
    assert "assassin 1" in legal
    assert "assassin 1 2" in legal
    assert "assassin 1 1 2 2 2 5" in legal
    assert_illegal(game, "assassin", "R46")
    events = game.apply("assassin 1 2")
    assert events[0] == sc.Event("assassin", {"seat": 2, "cards": ("1", "2"), "topic": "imperium"})
    assert only(events, "assassinated") == {
        "seat": 2,
        "discarded": [("1", "1"), ("2", "5"), ("1", "2", "assassin")],
        "topic": "imperium",
    }
    assert game.discards(2) == cards(one=1, two=1, assassin=1)
    assert game.assassinated(2) == cards(one=1, two=1, assassin=1)
    assert game.hand(2) == cards(one=1, two=2, five=1)
    assert game.opener == 2
    assert game.forum["imperium"] == 1


def test_r46_spartacus_two_cards_assassin_alone_in_hand_cannot_be_played() -> None:
    game = spartacus()
    play(game, "play 1 1", "play 2 2 2", "play 2 5", "play 2 2 5", "play 1 1 5")
    assert game.hand(1) == cards(assassin=1)
    play(game, "withdraw", "withdraw")
    assert game.hand(1) == cards(assassin=1)
    assert game.to_move == 1
    game.apply("topic war")
    assert texts(game) == ["withdraw"]
    assert_illegal(game, "assassin", "R46")


def test_r46_spartacus_two_points_first_play_worth_at_least_two() -> None:
    game = spartacus("two_points")
    first = plays(game)
    assert first[:4] == ["play 2", "play 1 1", "play 1 2", "play 2 2"]
    assert "play 5" in first
    assert "play 1" not in first
    assert_illegal(game, "play 1", "R46")
    assert_illegal(game, "assassin", "R46")
    assert_illegal(game, "assassin 1", "R46")
    events = game.apply("play 2")
    assert events == [sc.Event("bid", {"seat": 0, "cards": ("2",), "total": 2})]


def test_r46_spartacus_two_points_assassin_needs_two_influence_in_play() -> None:
    game = spartacus("two_points")
    play(game, "play 1 1", "play 5")
    assert game.to_move == 2
    assert "assassin" not in texts(game)
    assert_illegal(game, "assassin", "R46")
    game.apply("withdraw")
    assert game.to_move == 0
    assert "assassin" in texts(game)
    assert_illegal(game, "assassin 2", "R46")
    events = game.apply("assassin")
    assert events[0] == sc.Event("assassin", {"seat": 0, "cards": (), "topic": "imperium"})
    assert only(events, "assassinated")["discarded"] == [("1", "1", "assassin"), ("5",), ()]


def test_r46_r21_spartacus_two_points_first_play_must_also_beat_every_total() -> None:
    game = spartacus("two_points")
    play(game, "play 5")
    assert_illegal(game, "play 2", "R21")
    assert plays(game)[0] == "play 1 5"


def test_r46_r28_spartacus_two_cards_assassin_may_take_the_five_with_it() -> None:
    """R46, R28: the Assassin played with the 5: both leave the hand, and both go to the
    discard pile with every other card in play."""
    game = spartacus()
    play(game, "play 1 1", "play 2 2")
    assert game.to_move == 2
    events = game.apply("assassin 5")
    assert events[0] == sc.Event("assassin", {"seat": 2, "cards": ("5",), "topic": "imperium"})
    assert only(events, "assassinated")["discarded"] == [
        ("1", "1"),
        ("2", "2"),
        ("5", "assassin"),
    ]
    assert game.hand(2) == cards(one=2, two=3)
    assert game.discards(2) == cards(five=1, assassin=1)
    assert game.assassinated(2) == cards(five=1, assassin=1)
    assert game.in_play(2) == []


def test_r46_spartacus_first_play_rule_applies_in_every_debate() -> None:
    """R46 (a): the first play of each debate, not only of the round, needs two cards."""
    game = spartacus()
    play(game, "play 1 1", "withdraw", "withdraw")
    assert game.decision == "topic"
    assert game.to_move == 0
    game.apply("topic war")
    assert plays(game)[0] == "play 2 2"
    assert [t for t in plays(game) if len(t.split()) == 2] == []
    assert_illegal(game, "play 5", "R46")


def test_r46_a_refused_assassin_names_the_spartacus_reading() -> None:
    """R46: the refusal of a bare Assassin explains the variant in force."""
    message = assert_illegal(spartacus(), "assassin", "R46")
    assert "together with at least one influence card (R46)" in message
    message = assert_illegal(spartacus("two_points"), "assassin", "R46")
    assert "needs at least 2 of Cassius's own influence in play (R46)" in message


def test_r46_r22_two_points_assassin_with_cards_is_refused_for_going_with_them() -> None:
    """R46 two_points, R22: with 2 of one's own influence in play the Assassin may be
    played, but alone: the refusal of "assassin 2" says so (it used to say that the
    Assassin needed influence in play, which it had)."""
    game = spartacus("two_points")
    play(game, "play 1 1", "play 5", "withdraw")
    assert game.to_move == 0 and game.total(0) == 2 and "assassin" in texts(game)
    problem = game.bid_problem("assassin 2")
    assert problem == sc.BidProblem("assassin_alone", {}, ("2",))
    message = assert_illegal(game, "assassin 2", "R22")
    assert "the Assassin is played alone" in message and "needs at least 2" not in message


def test_bid_problem_checks_only_bids_in_a_debate() -> None:
    """`Game.bid_problem` answers for a play or an Assassin in a debate, nothing else."""
    game = spartacus()
    assert game.bid_problem("play 1 1") is None
    with pytest.raises(ValueError, match="bid_problem"):
        game.bid_problem("withdraw")
    topic = rigged(3, full_docket(3, "war"))
    with pytest.raises(ValueError, match="topic decision"):
        topic.bid_problem("play 1")


# ---------------------------------------------------------------- events switch


def test_r17_events_on_reveal_one_event_per_round() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=5, first_opener=0))
    assert game.variants.events == "on"
    assert ids(game.log)[:4] == ["setup", "round_start", "docket_filled", "event_revealed"]
    assert game.event in sc.EVENTS
    assert game.log[3].args == {"round": 1, "event": game.event}
    assert sorted([*game.event_deck, game.event]) == sorted(sc.EVENTS)
    assert len(game.event_deck) == 5


def test_r17_events_off_reveal_nothing() -> None:
    game = rigged(3, full_docket(3, "war"))
    assert game.variants.events == "off"
    assert ids(game.log) == ["setup", "round_start", "docket_filled"]
    assert game.event is None
    assert game.event_deck == []
    assert game.consuls_up == 2
    assert len(game.docket) == 7
    with pytest.raises(ValueError, match="events are off"):
        sc.GameConfig(players=3, variants=sc.Variants(events="off"), event_order=("hannibal",))
