"""Variant switches (docs/rules.md section 8) and the points settled in section 9 (R47-R57)."""

from __future__ import annotations

import pytest

import senator_core as sc
from senator_core import rules
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

# ================================================================ section 8: variant switches


def test_section8_defaults_come_first_and_are_stored_with_the_game() -> None:
    assert sc.Variants().to_dict() == {
        "taxes": "take_anywhere",
        "spartacus": "two_cards",
        "war": "one_copy",
        "public_works": "not_assassin",
        "events": "on",
    }
    game = rigged(3, full_docket(3), taxes="centre_only", war="all_copies")
    assert game.variants.taxes == "centre_only"
    assert game.log[0].args["variants"] == {
        "taxes": "centre_only",
        "spartacus": "two_cards",
        "war": "all_copies",
        "public_works": "not_assassin",
        "events": "off",
    }
    with pytest.raises(ValueError, match="taxes"):
        sc.Variants(taxes="nowhere")


# ---------------------------------------------------------------- taxes (R36)


def taxes_held_by_seat_1(taxes: str) -> sc.Game:
    """Seat 1 holds the veto; seat 0 has just won a Taxes debate."""
    game = rigged(3, full_docket(3, "taxes", "taxes"), opener=1, taxes=taxes)
    uncontested(game, "taxes")
    play(game, "take veto", "give 1")
    assert game.veto == 1
    play(game, "topic taxes", "withdraw", "withdraw")
    assert game.debate_winner == 0
    return game


def test_r36_variant_taxes_take_anywhere_takes_the_veto_from_its_holder() -> None:
    game = taxes_held_by_seat_1("take_anywhere")
    assert game.decision == "power"
    assert texts(game) == ["take veto", "skip"]
    events = game.apply("take veto")
    assert events == [sc.Event("veto_taken", {"seat": 0, "source": 1})]
    assert game.veto == 0


def test_r36_variant_taxes_centre_only_leaves_a_held_veto_where_it_is() -> None:
    game = taxes_held_by_seat_1("centre_only")
    assert game.decision == "award"
    assert texts(game) == ["give 0", "give 1", "give 2"]
    assert_illegal(game, "take veto", "R26")
    game.apply("give 1")
    assert game.veto == 1
    assert game.decision == "veto"
    assert game.to_move == 1


@pytest.mark.parametrize("taxes", ["take_anywhere", "centre_only"])
def test_r36_variant_taxes_both_values_take_the_veto_from_the_centre(taxes: str) -> None:
    game = rigged(3, full_docket(3, "taxes"), taxes=taxes)
    uncontested(game, "taxes")
    assert texts(game) == ["take veto", "skip"]
    events = game.apply("take veto")
    assert events == [sc.Event("veto_taken", {"seat": 0, "source": None})]
    assert game.veto == 0


# ---------------------------------------------------------------- spartacus (R46)


def spartacus(variant: str) -> sc.Game:
    game = rigged(3, full_docket(3, "war"), events=["spartacus"], spartacus=variant)
    game.apply("topic imperium")
    return game


def test_r46_variant_spartacus_two_cards_counts_cards_on_a_first_play() -> None:
    game = spartacus("two_cards")
    legal = texts(game)
    assert "play 5" not in legal
    assert "play 2" not in legal
    assert "play 1 1" in legal
    assert_illegal(game, "play 5", "R46")
    assert_illegal(game, "play 2", "R46")
    assert_illegal(game, "play 1", "R46")


def test_r46_variant_spartacus_two_points_counts_influence_on_a_first_play() -> None:
    game = spartacus("two_points")
    legal = texts(game)
    assert "play 5" in legal
    assert "play 2" in legal
    assert "play 1 1" in legal
    assert_illegal(game, "play 1", "R46")
    game.apply("play 5")
    assert game.total(0) == 5


def test_r46_variant_spartacus_two_cards_assassin_needs_a_card_with_it() -> None:
    game = spartacus("two_cards")
    play(game, "play 1 1", "play 1 2")
    assert game.to_move == 2
    assert "assassin 1" in texts(game)
    assert_illegal(game, "assassin", "R46")
    game.apply("withdraw")
    assert game.to_move == 0
    assert "assassin 2" in texts(game)
    assert_illegal(game, "assassin", "R46")
    events = game.apply("assassin 2")
    assert only(events, "assassin") == {"seat": 0, "cards": ("2",), "topic": "imperium"}


def test_r46_variant_spartacus_two_points_assassin_needs_two_influence_in_play() -> None:
    game = spartacus("two_points")
    play(game, "play 1 1", "play 1 2")
    assert game.to_move == 2
    assert "assassin" not in texts(game)
    assert "assassin 1" not in texts(game)
    assert_illegal(game, "assassin", "R46")
    assert_illegal(game, "assassin 1", "R46")
    game.apply("withdraw")
    assert game.to_move == 0
    assert "assassin" in texts(game)
    assert_illegal(game, "assassin 2", "R46")
    events = game.apply("assassin")
    assert only(events, "assassin") == {"seat": 0, "cards": (), "topic": "imperium"}


# ---------------------------------------------------------------- war (R38)


@pytest.mark.parametrize(
    ("war", "card", "lost"),
    [
        ("one_copy", "2", 1),
        ("all_copies", "2", 3),
        ("one_copy", "1", 1),
        ("all_copies", "1", 2),
        ("one_copy", "5", 1),
        ("all_copies", "5", 1),
    ],
)
def test_r38_variant_war_one_copy_or_all_copies(war: str, card: str, lost: int) -> None:
    game = rigged(3, full_docket(3, "war"), war=war)
    uncontested(game, "war")
    events = game.apply(f"name {card}")
    assert events == [
        sc.Event("card_named", {"seat": 0, "card": card, "discarded": [0, lost, lost]})
    ]
    for seat in (1, 2):
        assert game.hand(seat)[card] == FULL_HAND[card] - lost
        assert game.discards(seat) == {**NO_CARDS, card: lost}
    assert game.hand(0)["1"] == 1
    assert game.discards(0) == NO_CARDS


# ---------------------------------------------------------------- public_works (R34)


def public_works_after_assassin(public_works: str) -> sc.Game:
    """Seat 0's discard pile: a 5 from a debate won, a 2 and the Assassin from its
    Assassin play; seat 0 has just won a Public Works debate."""
    game = rigged(3, full_docket(3, "public_works"), public_works=public_works)
    uncontested(game, "imperium", "5")
    play(game, "topic imperium", "play 2", "play 5", "withdraw", "assassin")
    assert game.discards(0) == cards(two=1, five=1, assassin=1)
    assert game.assassinated(0) == cards(two=1, assassin=1)
    uncontested(game, "public_works", "1")
    assert game.decision == "power"
    return game


def test_r34_variant_public_works_not_assassin_returns_an_assassinated_card() -> None:
    game = public_works_after_assassin("not_assassin")
    assert texts(game) == ["reclaim 2", "reclaim 5", "skip"]
    assert_illegal(game, "reclaim assassin", "R34")
    events = game.apply("reclaim 2")
    assert events == [sc.Event("card_reclaimed", {"seat": 0, "card": "2"})]
    assert game.hand(0) == cards(one=1, two=3, assassin=0)
    assert game.discards(0) == cards(five=1, assassin=1)


def test_r34_variant_public_works_not_assassinated_refuses_an_assassinated_card() -> None:
    game = public_works_after_assassin("not_assassinated")
    assert texts(game) == ["reclaim 5", "skip"]
    assert_illegal(game, "reclaim 2", "R34")
    assert_illegal(game, "reclaim assassin", "R34")
    events = game.apply("reclaim 5")
    assert events == [sc.Event("card_reclaimed", {"seat": 0, "card": "5"})]
    assert game.hand(0) == cards(one=1, two=2, five=1)
    assert game.discards(0) == cards(two=1, assassin=1)


@pytest.mark.parametrize(
    ("public_works", "decision"),
    [("not_assassin", "power"), ("not_assassinated", "award")],
)
def test_r34_r48_variant_public_works_with_only_assassinated_cards(
    public_works: str, decision: str
) -> None:
    game = rigged(3, full_docket(3, "public_works"), public_works=public_works)
    play(game, "topic imperium", "play 2", "play 5", "withdraw", "assassin")
    assert game.discards(0) == cards(two=1, assassin=1)
    uncontested(game, "public_works", "1")
    assert game.decision == decision
    assert ("reclaim 2" in texts(game)) == (decision == "power")


def test_r34_variant_public_works_not_assassinated_still_returns_a_war_discard() -> None:
    game = rigged(
        3, full_docket(3, "war", "public_works"), opener=1, public_works="not_assassinated"
    )
    uncontested(game, "war")
    play(game, "name 2", "give 1")
    assert game.discards(0) == cards(two=1)
    play(game, "topic imperium", "play 1", "withdraw", "play 2", "assassin")
    assert game.discards(0) == cards(two=2)
    assert game.assassinated(0) == cards(two=1)
    play(game, "topic public_works", "withdraw", "withdraw")
    assert game.debate_winner == 0
    assert texts(game) == ["reclaim 2", "skip"]
    game.apply("reclaim 2")
    assert game.discards(0) == cards(two=1)
    assert game.assassinated(0) == cards(two=1)
    assert game.hand(0) == cards(one=2, two=2, five=1, assassin=1)


def test_r34_variant_public_works_not_assassinated_refusals_read_the_winners_pile() -> None:
    """R34, public_works=not_assassinated: seat 1 wins; the refusals are about seat 1's
    own discard pile (a 5 lost to an Assassin, a 2 from a debate won, no 1)."""
    game = rigged(3, full_docket(3, "public_works"), opener=1, public_works="not_assassinated")
    play(game, "topic imperium", "play 5", "withdraw", "assassin")
    play(game, "topic imperium", "withdraw", "play 2", "withdraw")
    assert game.discards(0) == cards(assassin=1)
    assert game.discards(1) == cards(two=1, five=1)
    assert game.assassinated(1) == cards(five=1)
    uncontested(game, "public_works", "1")
    assert game.debate_winner == 1
    assert texts(game) == ["reclaim 2", "skip"]
    message = assert_illegal(game, "reclaim 5", "R34")
    assert "a card discarded by an Assassin cannot be returned (R34)" in message
    message = assert_illegal(game, "reclaim 1", "R34")
    assert "there is no 1 in the discard pile (R34)" in message


# ---------------------------------------------------------------- events (on / off)


@pytest.mark.parametrize("events", ["on", "off"])
def test_r17_r43_variant_events_on_or_off_in_the_same_deal(events: str) -> None:
    config = sc.GameConfig(
        players=3,
        seed=3,
        first_opener=0,
        variants=sc.Variants(events=events),
        draws=tuple(full_docket(3, "war")),
        event_order=("imperator",) if events == "on" else (),
    )
    game = sc.new_game(config)
    assert game.docket == ["imperium"] * 5 + ["public_works", "war"]
    if events == "on":
        assert game.event == "imperator"
        assert ids(game.log)[3:] == ["event_revealed", "consuls_flipped"]
        assert game.consuls_up == 0
        assert "topic consul" not in texts(game)
        assert len(game.event_deck) == 5
    else:
        assert game.event is None
        assert ids(game.log) == ["setup", "round_start", "docket_filled"]
        assert game.consuls_up == 2
        assert "topic consul" in texts(game)
        assert game.event_deck == []


# ================================================================ section 9: open points


def four_cards_needed() -> sc.Game:
    """No events; seat 0 opened Imperium and stands at 9; seat 1 holds its full hand."""
    game = rigged(3, full_docket(3, "war"))
    play(game, "topic imperium", "play 2 2 5")
    return game


def test_r47_r21_a_raise_of_four_cards_is_a_legal_raise() -> None:
    game = four_cards_needed()
    assert game.to_move == 1
    assert game.hand(1) == FULL_HAND
    legal = texts(game)
    assert "play 1 2 2 5" in legal
    assert "play 1 1 2 2 2 5" in legal
    events = game.apply("play 1 2 2 5")
    assert events == [sc.Event("bid", {"seat": 1, "cards": ("1", "2", "2", "5"), "total": 10})]


def test_r47_no_legal_raise_leaves_the_assassin_and_withdraw() -> None:
    game = rigged(3, full_docket(3, "war"))
    play(game, "topic imperium", "play 1", "play 2 2 2", "play 2 2 5", "withdraw", "play 1 1 5")
    assert game.to_move == 2
    assert game.hand(2) == cards(one=2, two=1, assassin=1)
    assert game.total(2) == 9
    assert game.total(1) == 13
    assert texts(game) == ["assassin", "withdraw"]
    assert_illegal(game, "play 1 1 2", "R21")


def test_r47_r45_ludi_gladiatorum_can_forbid_the_assassin_too() -> None:
    game = rigged(3, full_docket(3, "war"), events=["ludi_gladiatorum"])
    play(game, "topic imperium", "play 1 2", "play 2 5")
    assert game.to_move == 2
    assert "assassin" in texts(game)
    play(game, "withdraw")
    assert game.to_move == 0
    assert texts(game) == ["withdraw"]
    assert_illegal(game, "assassin", "R45")


def assassin_alone(events: list[str] | None) -> sc.Game:
    """Seat 1 spends all six influence cards, wins, and opens holding only the Assassin."""
    game = rigged(3, full_docket(3, "war"), events=events)
    play(
        game,
        "topic imperium",
        "play 1 1",
        "play 2 2 2",
        "play 2 5",
        "play 2 2 5",
        "play 1 1 5",
        "withdraw",
        "withdraw",
    )
    assert game.hand(1) == cards(assassin=1)
    game.apply("topic war")
    return game


def test_r47_the_assassin_alone_in_hand_may_be_played() -> None:
    game = assassin_alone(None)
    assert texts(game) == ["assassin", "withdraw"]
    events = game.apply("assassin")
    assert only(events, "assassinated") == {
        "seat": 1,
        "discarded": [(), ("assassin",), ()],
        "topic": "war",
    }


def test_r47_r46_spartacus_forbids_the_assassin_alone_in_hand() -> None:
    game = assassin_alone(["spartacus"])
    assert texts(game) == ["withdraw"]
    assert_illegal(game, "assassin", "R46")


def empty_opponents(keep_a_two: bool = False) -> sc.Game:
    """Seats 1 and 2 spend their hands (seat 2 keeps a 2 if asked); seat 1 played the
    last Assassin and opens; seat 0 holds 1, 2, 2, 2, 5 and the Assassin."""
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
    play(game, "topic imperium", "play 1 1" if keep_a_two else "play 1 1 2", "withdraw", "assassin")
    assert game.hand(0) == cards(one=1, two=3, five=1, assassin=1)
    assert game.hand(1) == NO_CARDS
    return game


def test_r47_r24_with_no_card_in_hand_only_withdraw() -> None:
    game = empty_opponents()
    game.apply("topic war")
    assert game.to_move == 1
    assert texts(game) == ["withdraw"]
    assert_illegal(game, "assassin", "R22")
    assert_illegal(game, "play 1", "R21")


def test_r48_rebellion_with_nothing_to_send_back_or_flip_does_nothing() -> None:
    game = rigged(3, ["rebellion"] * 5 + ["imperium"] * 2, events=["imperator"])
    for bid in ("1", "1", "2"):
        uncontested(game, "rebellion", bid)
        play(game, "discard rebellion" if bid == "2" else "discard imperium", "give 0")
    assert game.docket == ["rebellion"]
    assert game.consuls_up == 0
    events = uncontested(game, "rebellion", "2")
    assert ids(events)[-3:] == ["withdrawn", "debate_won", "power_unused"]
    assert game.decision == "award"
    assert game.to_move == 0
    assert game.forum["rebellion"] == 1
    assert game.forum["imperium"] == 5


def test_r48_trade_with_no_eligible_token_does_nothing() -> None:
    game = rigged(3, ["public_works", "trade"] + ["imperium"] * 5)
    uncontested(game, "public_works")
    game.apply("give 0")
    assert game.consuls_up == 2
    events = uncontested(game, "trade")
    assert ids(events)[-3:] == ["withdrawn", "debate_won", "power_unused"]
    assert game.decision == "award"
    assert game.docket == ["imperium"] * 5
    game.apply("give 0")
    assert game.proposed(0) == ["public_works", "trade"]


def test_r48_public_works_with_an_empty_discard_pile_does_nothing() -> None:
    game = rigged(3, full_docket(3, "public_works"))
    events = uncontested(game, "public_works")
    assert ids(events)[-3:] == ["withdrawn", "debate_won", "power_unused"]
    assert game.discards(0) == NO_CARDS
    assert game.decision == "award"
    assert_illegal(game, "skip", "R26")


def veto_with_seat_1() -> sc.Game:
    game = rigged(3, full_docket(3, "taxes", "taxes", "war"), opener=1)
    uncontested(game, "taxes")
    play(game, "take veto", "give 1")
    assert game.veto == 1
    assert game.proposed(1) == ["taxes"]
    return game


def test_r49_vetoed_token_to_the_forum_and_veto_to_the_centre_for_taxes_again() -> None:
    game = veto_with_seat_1()
    play(game, "topic war", "withdraw", "withdraw", "skip", "give 1")
    assert game.decision == "veto"
    assert game.to_move == 1
    assert texts(game) == ["veto", "accept"]
    forum_war = game.forum["war"]
    forum_size = game.forum_size
    events = game.apply("veto")
    assert ids(events) == ["vetoed", "cards_resolved"]
    assert events[0].args == {"seat": 1, "kind": "war"}
    assert game.forum["war"] == forum_war + 1
    assert game.forum_size == forum_size + 1
    assert "war" not in game.docket
    assert game.veto is None
    assert game.proposed(1) == ["taxes"]
    assert game.opener == 0
    uncontested(game, "taxes")
    assert texts(game) == ["take veto", "skip"]
    events = game.apply("take veto")
    assert events == [sc.Event("veto_taken", {"seat": 0, "source": None})]


def test_r49_r36_variant_taxes_centre_only_takes_a_vetoed_veto_from_the_centre() -> None:
    """R49, R36 with taxes=centre_only: after a veto the token is in the centre, where
    even the centre-only reading of Taxes can take it."""
    game = rigged(3, full_docket(3, "taxes", "taxes", "war"), opener=1, taxes="centre_only")
    uncontested(game, "taxes")
    play(game, "take veto", "give 1")
    assert game.veto == 1
    play(game, "topic war", "withdraw", "withdraw", "skip", "give 1", "veto")
    assert game.veto is None
    uncontested(game, "taxes")
    assert game.debate_winner == 0
    assert texts(game) == ["take veto", "skip"]
    events = game.apply("take veto")
    assert events == [sc.Event("veto_taken", {"seat": 0, "source": None})]


def test_r50_the_winner_cannot_veto_their_own_award() -> None:
    game = veto_with_seat_1()
    uncontested(game, "war")
    game.apply("skip")
    events = game.apply("give 1")
    assert ids(events) == ["token_given", "token_proposed", "cards_resolved"]
    assert game.decision == "topic"
    assert game.proposed(1) == ["taxes", "war"]
    assert game.veto == 1


def test_r51_war_and_assassin_discards_return_at_clean_up() -> None:
    game = rigged(
        3,
        ["war", "imperium", "rebellion", "rebellion", "rebellion", "public_works", "public_works"],
        events=["imperator"],
    )
    uncontested(game, "war")
    play(game, "name 2", "give 0")
    play(game, "topic imperium", "play 1", "assassin")
    assert game.opener == 1
    for _ in range(2):
        uncontested(game, "rebellion", "1")
        play(game, "discard public_works", "give 1")
    uncontested(game, "rebellion", "2")
    assert game.decision == "award"
    assert game.discards(0) == cards(one=2)
    assert game.assassinated(0) == cards(one=1)
    assert game.discards(1) == cards(one=2, two=1, assassin=1)
    assert game.assassinated(1) == cards(assassin=1)
    assert game.discards(2) == cards(two=1)
    events = game.apply("give 1")
    assert only(events, "round_end")["round"] == 1
    assert game.round == 2
    for seat in range(3):
        assert game.hand(seat) == FULL_HAND
        assert game.discards(seat) == NO_CARDS
        assert game.assassinated(seat) == NO_CARDS


def test_r52_debates_go_on_while_one_player_holds_cards() -> None:
    game = empty_opponents()
    assert game.hand(2) == NO_CARDS
    assert game.round == 1
    assert game.decision == "topic"
    assert game.to_move == 1
    play(game, "topic war", "withdraw")
    assert game.to_move == 2
    assert texts(game) == ["withdraw"]
    events = game.apply("withdraw")
    assert only(events, "debate_won") == {"seat": 0, "topic": "war", "total": 0}
    game.apply("give 0")
    assert game.round == 1
    assert game.decision == "topic"
    assert game.to_move == 0
    uncontested(game, "imperium", "5")
    assert game.round == 1
    assert game.passed(0) == ["imperium"]


def test_r53_every_hand_is_1_1_2_2_2_5_and_the_assassin() -> None:
    game = rigged(5, full_docket(5))
    assert sc.CARDS == ("1", "2", "5", "assassin")
    for seat in range(5):
        assert game.hand(seat) == FULL_HAND
        assert game.discards(seat) == NO_CARDS
        assert game.in_play(seat) == []
    assert sum(int(c) * n for c, n in FULL_HAND.items() if c != "assassin") == 13


def test_r54_r31_the_docket_is_topped_up_and_leftover_tokens_stay() -> None:
    game = rigged(
        3,
        ["war", "war", "trade", "trade", "imperium", "imperium", "imperium"],
        later_draws=["rebellion"] * 3,
    )
    play(
        game,
        "topic imperium",
        "play 1",
        "play 2 2 2",
        "play 2 2 5",
        "play 2 2 5",
        "play 1 1 5",
        "assassin",
    )
    play(game, "topic imperium", "play 1 1 2", "assassin")
    assert game.docket == ["imperium", "trade", "trade", "war", "war"]
    play(game, "topic imperium", "play 1 2")
    events = game.apply("assassin")
    assert ids(events) == [
        "assassin",
        "assassinated",
        "round_end",
        "round_start",
        "docket_filled",
    ]
    assert events[-1].args == {"round": 2, "kinds": ["rebellion"] * 3}
    assert game.round == 2
    assert game.docket == ["rebellion"] * 3 + ["trade", "trade", "war", "war"]
    assert game.forum_size == 23
    assert game.consuls_up == 2
    assert game.to_move == 1
    assert game.opener == 1
    for seat in range(3):
        assert game.hand(seat) == FULL_HAND


def test_r55_preparation_with_something_to_debate_goes_on_to_the_debates() -> None:
    game = rigged(3, full_docket(3, "war"), events=["imperator"])
    assert "round_skipped" not in ids(game.log)
    assert game.consuls_up == 0
    assert game.round == 1
    assert game.decision == "topic"
    assert game.to_move == 0


def test_r55_nothing_to_debate_after_preparation_skips_to_clean_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An empty docket after Preparation needs the forum empty too, which a real game
    cannot reach before round 3 ends; a zero docket size for 3 players stands in."""
    monkeypatch.setitem(rules.DOCKET_SIZE, 3, 0)
    game = rigged(
        3,
        docket=["war", "trade", "taxes"],
        events=["imperator", "socialis_bellum"],
        opener=2,
    )
    assert ids(game.log) == [
        "setup",
        "round_start",
        "docket_filled",
        "event_revealed",
        "consuls_flipped",
        "round_skipped",
        "round_end",
        "round_start",
        "docket_filled",
        "event_revealed",
        "event_draws",
    ]
    assert game.log[5].args == {"round": 1}
    assert game.round == 2
    assert game.event == "socialis_bellum"
    assert game.docket == ["taxes", "trade", "war"]
    assert game.decision == "topic"
    assert game.opener == 2
    assert game.to_move == 2


def test_r56_a_consul_chosen_as_topic_stops_counting_at_once_and_stays_flipped() -> None:
    game = rigged(3, full_docket(3, "war"))
    uncontested(game, "war")
    play(game, "skip", "give 0")
    assert game.consuls_up == 2
    events = game.apply("topic consul")
    assert events == [sc.Event("topic_chosen", {"seat": 0, "topic": "consul"})]
    assert game.consuls_up == 1
    assert game.topic == "consul"
    events = play(game, "play 1", "withdraw", "withdraw")
    assert only(events, "consul_passed") == {"seat": 0, "kinds": ["war"]}
    assert game.passed(0) == ["war"]
    assert game.consuls_up == 1
    play(game, "topic consul", "play 2", "assassin")
    assert game.consuls_up == 0
    assert game.to_move == 1
    assert "topic consul" not in texts(game)
    assert_illegal(game, "topic consul", "R56")


def test_r57_rebellion_may_send_back_imperium_or_rebellion() -> None:
    game = rigged(3, full_docket(3, "rebellion", "rebellion", "rebellion"))
    uncontested(game, "rebellion")
    assert texts(game) == ["discard rebellion", "discard imperium", "flip consul", "skip"]
    events = game.apply("discard imperium")
    assert events == [sc.Event("token_discarded", {"seat": 0, "kind": "imperium"})]
    game.apply("give 0")
    assert game.forum["imperium"] == 2
    assert game.docket == ["imperium"] * 3 + ["rebellion"] * 2
    uncontested(game, "rebellion")
    events = game.apply("discard rebellion")
    assert events == [sc.Event("token_discarded", {"seat": 0, "kind": "rebellion"})]
    assert game.forum["rebellion"] == 3
    assert game.docket == ["imperium"] * 3


def test_r57_war_may_name_a_card_no_opponent_holds() -> None:
    game = rigged(3, full_docket(3, "war"))
    play(game, "topic war", "play 1", "play 5", "play 2 5", "play 2 2 5", "withdraw", "withdraw")
    assert game.hand(1)["5"] == 0
    assert game.hand(2)["5"] == 0
    assert "name 5" in texts(game)
    events = game.apply("name 5")
    assert events == [sc.Event("card_named", {"seat": 0, "card": "5", "discarded": [0, 0, 0]})]


def test_r57_war_is_offered_when_one_opponent_has_a_card() -> None:
    game = empty_opponents(keep_a_two=True)
    assert game.hand(2) == cards(two=1)
    play(game, "topic war", "withdraw", "withdraw")
    assert game.decision == "power"
    assert game.to_move == 0
    assert texts(game) == ["name 1", "name 2", "name 5", "name assassin", "skip"]
    events = game.apply("name 2")
    assert events == [sc.Event("card_named", {"seat": 0, "card": "2", "discarded": [0, 0, 1]})]
    assert game.hand(2) == NO_CARDS


def test_r57_war_is_not_offered_when_no_opponent_has_a_card() -> None:
    game = empty_opponents()
    assert game.hand(2) == NO_CARDS
    play(game, "topic war", "withdraw", "withdraw")
    assert game.decision == "award"
    assert_illegal(game, "name 2", "R26")


def assassins_only() -> sc.Game:
    """Seat 0 wins a War debate; seat 1 holds only the Assassin, seat 2 nothing."""
    game = rigged(3, full_docket(3, "war"), opener=0)
    play(game, "topic imperium", "play 1", "play 1 1 2 2 2 5", "assassin")
    play(game, "topic imperium", "play 1 1 2 2 2 5", "assassin")
    assert game.hand(0) == cards(one=1, two=3, five=1)
    assert game.hand(1) == cards(assassin=1)
    assert game.hand(2) == NO_CARDS
    play(game, "topic war", "play 1", "withdraw", "withdraw")
    assert game.debate_winner == 0
    return game


def test_r57_war_is_offered_when_an_opponent_holds_only_the_assassin() -> None:
    """R57, R38: the Assassin is a card in hand, so War is offered and may name it."""
    game = assassins_only()
    assert texts(game) == ["name 1", "name 2", "name 5", "name assassin", "skip"]
    events = game.apply("name assassin")
    assert events == [
        sc.Event("card_named", {"seat": 0, "card": "assassin", "discarded": [0, 1, 0]})
    ]
    assert game.hand(1) == NO_CARDS


def test_r57_war_is_not_offered_when_only_the_winner_holds_cards() -> None:
    """R57: the winner's own hand does not count; seat 2 wins holding cards while seats 0
    and 1 hold none, and War is not offered."""
    game = rigged(3, full_docket(3, "war"), opener=0)
    play(game, "topic imperium", "play 1 1 2 2 2 5", "assassin")
    play(game, "topic imperium", "play 1 1 2 2 2 5", "assassin")
    play(game, "topic imperium", "play 1", "assassin")
    assert game.hand(0) == NO_CARDS
    assert game.hand(1) == NO_CARDS
    assert game.hand(2) == cards(one=1, two=3, five=1)
    play(game, "topic war", "withdraw", "withdraw")
    assert game.debate_winner == 2
    assert game.decision == "award"
    assert_illegal(game, "name 2", "R26")
