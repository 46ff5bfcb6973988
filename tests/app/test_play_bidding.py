"""The decision explanations agree with the engine's legal actions (R20-R25, R45-R48).

Scripted cases from the issue, then every decision of 320 seeded random games
over all 32 variant combinations, with Spartacus and Ludi Gladiatorum rigged
into two rounds of most games that play with events. The engine itself is the
oracle: a blocker that blames an event is checked against a copy of the
position with no event in force.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import senator_core as sc
from senator_core import BID_PROBLEMS, BidProblem
from senator_core.app.play.bidding import (
    Bid,
    assassin_play,
    blockers,
    cheapest_plays,
    forced_action,
    offered,
    problem_text,
    prompt,
    smallest_raise,
)
from tests.scenario import full_docket, play, rigged, texts
from tests.test_simulation import ALL_VARIANTS

GAMES = 320  # ten per variant combination
BID_SAMPLE = 8  # every bid is checked in one debate decision out of this many
# Every bid notation a hand of 1, 1, 2, 2, 2, 5 and the Assassin could name.
BIDS = [
    sc.Action(verb, -1, (a, b, c))
    for verb in ("play", "assassin")
    for a in range(3)
    for b in range(4)
    for c in range(2)
    if verb == "assassin" or a + b + c
]
RULE_NUMBER = re.compile(r"R\d")
RIGGED_EVENTS = ((), ("spartacus", "ludi_gladiatorum"), ("ludi_gladiatorum", "spartacus"))


def ids(game: sc.Game) -> list[str]:
    return [b.reason for b in blockers(game)]


def sentences(game: sc.Game) -> list[str]:
    return [problem_text(b) for b in blockers(game)]


def without_event(game: sc.Game) -> sc.Game:
    """The same position with no event in force: what R21 and R22 alone allow."""
    copy = game.clone()
    copy.event_index = -1
    copy._legal = None
    return copy


def opened(event: str, spartacus: str = "two_cards") -> sc.Game:
    """Round 1 of 4 players under `event`, seat 0 to act first in a debate on Imperium."""
    game = rigged(4, full_docket(4, "imperium"), events=(event,), spartacus=spartacus)
    play(game, "topic imperium")
    return game


# ---------------------------------------------------------------------- the cases


def test_a_lone_five_at_the_first_play_is_stopped_by_spartacus_not_by_its_worth() -> None:
    """R46 two_cards: holding only a 5 while the others stand at 0, the first play
    would need 2 cards; "your hand cannot raise above 0" was wrong."""
    game = opened("spartacus")
    play(game, "play 1 1 2 2 2", *["withdraw"] * 3)  # seat 0 wins, its cards are discarded
    play(game, "topic imperium")
    assert game.hand(0) == {"1": 0, "2": 0, "5": 1, "assassin": 1}
    assert [game.total(s) for s in range(4)] == [0, 0, 0, 0]
    assert texts(game) == ["assassin 5", "withdraw"]
    assert ids(game) == ["spartacus_first_play"]
    (blocker,) = blockers(game)
    assert blocker.rule == "R46" and blocker.blocks == "play"
    assert problem_text(blocker) == (
        "Under Spartacus your first play in a debate must put at least 2 cards down, "
        "and you hold only 1 influence card."
    )
    assert smallest_raise(game) is None
    assert prompt(game) == "Play the Assassin with at least one influence card, or withdraw."
    assert forced_action(game) is None


def test_the_smallest_bid_under_spartacus_two_cards_is_two_ones() -> None:
    """R46 two_cards with 1, 1, 2, 2, 2, 5 at the first play: the smallest bid is
    1 + 1 = 2, not 1."""
    game = opened("spartacus")
    assert game.hand(0) == {"1": 2, "2": 3, "5": 1, "assassin": 1}
    assert smallest_raise(game) == 2
    assert cheapest_plays(game)[:3] == [
        Bid(2, sc.parse_action("play 1 1")),
        Bid(3, sc.parse_action("play 1 2")),
        Bid(4, sc.parse_action("play 2 2")),
    ]
    assert prompt(game) == "You need more than 0 to lead; your cards reach 2 to 13."
    # One Assassin: with the single lowest card the event asks for, not 23 ways.
    assert assassin_play(game) == sc.parse_action("assassin 1")
    offer = [str(a) for a in offered(game)]
    assert [a for a in offer if a.startswith("assassin")] == ["assassin 1"]
    assert len([a for a in offer if a.startswith("play")]) == 12  # totals 2 to 13
    assert ids(game) == ["spartacus_first_play"]
    assert sentences(game) == [
        "Under Spartacus your first play in a debate must put at least 2 cards down."
    ]


def test_spartacus_two_points_first_play_and_assassin() -> None:
    """R46 two_points: the first play is worth 2 or more; the Assassin waits for
    2 influence of one's own in play."""
    game = opened("spartacus", spartacus="two_points")
    assert smallest_raise(game) == 2
    assert cheapest_plays(game)[0] == Bid(2, sc.parse_action("play 2"))
    assert prompt(game) == "You need more than 0 to lead; your cards reach 2 to 13."
    assert [(b.reason, b.rule, b.args) for b in blockers(game)] == [
        ("spartacus_first_play", "R46", {"influence": 2, "held": 13}),
        ("spartacus_assassin", "R46", {"influence": 2, "total": 0}),
    ]
    assert sentences(game)[1] == (
        "Under Spartacus the Assassin needs 2 of your own influence in play; you have 0."
    )
    play(game, "play 2", "play 5")
    assert "spartacus_first_play" not in ids(game)  # seat 2 plays first, seat 0 later


def test_under_ludi_gladiatorum_a_short_hand_is_told_what_the_cap_lets_it_reach() -> None:
    """R45: a hand short of the lead even whole cannot go down whole either; the reach
    told is what one more card brings, not the whole hand ("only to 6" was wrong)."""
    game = opened("ludi_gladiatorum")
    play(game, "play 2 5", *["withdraw"] * 3)  # seat 0 wins: its 2 and 5 are discarded
    play(game, "topic imperium", "play 2", "play 2 5", "withdraw", "withdraw")
    assert game.to_move == 0 and game.total(0) == 2 and game.hand(0)["5"] == 0
    assert [b.reason for b in blockers(game) if b.blocks == "play"] == ["ludi_limit"]
    (problem,) = [b for b in blockers(game) if b.blocks == "play"]
    assert problem.args["needed"] == 8 and problem.args["reach"] == 4
    assert "6" not in sentences(game)[0] and "4" in sentences(game)[0]


def test_ludi_gladiatorum_caps_the_cards_then_bars_raise_and_assassin() -> None:
    """R45: 2 cards in play at most, the Assassin included."""
    game = opened("ludi_gladiatorum")
    assert smallest_raise(game) == 1
    assert ids(game) == ["ludi_limit"]
    assert sentences(game) == ["Ludi Gladiatorum lets you put at most 2 cards in play in a debate."]
    play(game, "play 1", "play 2", "play 1 2", "play 2 2")  # seats 0-3 stand at 1, 2, 3, 4
    assert game.to_move == 0
    assert texts(game) == ["play 5", "assassin", "withdraw"]
    assert smallest_raise(game) == 6
    assert prompt(game) == "You need more than 4 to lead; your cards reach 6."
    assert sentences(game) == [
        "Ludi Gladiatorum lets you put at most 2 cards in play in a debate, so you may add "
        "only 1 more card."
    ]
    play(game, "play 5", "play 5", "withdraw", "withdraw")  # seat 0 at 6, seat 1 at 7
    assert game.to_move == 0 and game.total(0) == 6 and len(game.in_play(0)) == 2
    assert texts(game) == ["withdraw"]
    assert [(b.reason, b.rule) for b in blockers(game)] == [
        ("ludi_limit", "R45"),
        ("ludi_assassin", "R45"),
    ]
    assert sentences(game) == [
        "You already have 2 cards in play, the most Ludi Gladiatorum allows.",
        "You already have 2 cards in play, so Ludi Gladiatorum bars the Assassin.",
    ]
    assert prompt(game) == "Withdraw: nothing else is possible."
    assert forced_action(game) == sc.parse_action("withdraw")


def test_a_weak_hand_is_told_the_total_it_needs_and_the_most_it_reaches() -> None:
    """R21, R47: no play can lead; the Assassin and withdrawing remain."""
    game = rigged(3, full_docket(3, "imperium", "imperium"))
    play(game, "topic imperium", "play 1 1 2 2", "withdraw", "withdraw")  # seat 0 keeps 2, 5
    play(game, "topic imperium", "play 2", "play 1 2 5", "play 2 2 5")  # 2, 8, 9
    assert game.to_move == 0
    assert smallest_raise(game) is None and cheapest_plays(game) == []
    (blocker,) = blockers(game)
    assert (blocker.reason, blocker.rule, blocker.args) == (
        "cannot_beat",
        "R21",
        {"needed": 10, "reach": 7},
    )
    assert problem_text(blocker) == "You need 10 to lead; your whole hand brings you only to 7."
    assert prompt(game) == "Play the Assassin, or withdraw."


def test_an_empty_hand_must_withdraw_and_is_told_why() -> None:
    """R24, R28: no influence card and the Assassin spent; withdrawing is forced."""
    game = rigged(3, full_docket(3, "imperium", "imperium", "imperium"))
    play(game, "topic imperium", "play 1 1 2 2 2 5", "withdraw", "withdraw")
    play(game, "topic imperium", "assassin")
    play(game, "topic imperium")
    assert game.to_move == 0 and sum(game.hand(0).values()) == 0
    assert texts(game) == ["withdraw"]
    assert [(b.reason, b.rule) for b in blockers(game)] == [
        ("no_influence", "R24"),
        ("assassin_spent", "R28"),
    ]
    assert sentences(game) == [
        "You have no influence card left in hand.",
        "You have played your Assassin this round; it comes back when the round ends.",
    ]
    assert prompt(game) == "Withdraw: nothing else is possible."
    assert forced_action(game) == sc.parse_action("withdraw")


def test_other_decisions_have_no_bid_and_no_blocker() -> None:
    """A topic, a usable power or an award is a choice to show; only debates are explained."""
    game = rigged(3, ["imperium"] * 5 + ["trade"] * 2)
    assert smallest_raise(game) is None and cheapest_plays(game) == [] and blockers(game) == []
    assert forced_action(game) is None
    with pytest.raises(ValueError, match="debate"):
        prompt(game)
    play(game, "topic trade", "play 1", "withdraw", "withdraw")
    assert game.decision == "power" and texts(game) == ["take trade", "skip"]
    assert forced_action(game) is None
    play(game, "skip")
    assert game.decision == "award" and forced_action(game) is None


def test_blocker_ids_are_documented_with_their_rule() -> None:
    """Each id keeps its R-number as data; the sentence carries none."""
    blocker = BidProblem("cannot_beat", {"needed": 6, "reach": 4})
    assert (blocker.rule, blocker.blocks) == ("R21", "play")
    assert problem_text(blocker) == "You need 6 to lead; your whole hand brings you only to 4."
    for rule, verb, meaning in BID_PROBLEMS.values():
        assert re.fullmatch(r"R\d+", rule) and verb in ("play", "assassin") and meaning


# ---------------------------------------------------------------------- random positions


def check_debate(game: sc.Game, seen: Counter[str]) -> None:
    """Every explanation of a debate decision against the legal actions."""
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    mine = game.total(seat)
    hand = game.hand(seat)
    needed = 1 + max(game.total(p) for p in range(game.players) if p != seat)
    plays = [a for a in legal if a.verb == "play"]
    totals = [mine + a.value for a in plays]
    assassins = [a for a in legal if a.verb == "assassin"]

    low = smallest_raise(game)
    assert low == (min(totals) if totals else None)
    assert all(t >= needed for t in totals)
    bids = cheapest_plays(game)
    assert [b.total for b in bids] == sorted(set(totals))
    for bid in bids:
        assert bid.action in plays
        assert bid.action.count == min(a.count for a in plays if mine + a.value == bid.total)

    text = prompt(game)
    assert not RULE_NUMBER.search(text)
    if low is not None:
        reach = f"{low} to {bids[-1].total}." if len(bids) > 1 else f"{low}."
        assert text.startswith(f"You need more than {needed - 1} to lead; your cards reach {reach}")
        assert text.endswith(reach) and "Assassin" not in text
    else:
        assert "need" not in text
        assert ("Assassin" in text) == bool(assassins)
    check_offer(game, legal, bids)
    assert (text == "Withdraw: nothing else is possible.") == (
        legal == [sc.parse_action("withdraw")]
    )

    if seen["debate"] % BID_SAMPLE == 0:
        check_bids(game, legal, seen)
    found = blockers(game)
    named = [b.reason for b in found]
    assert len(set(named)) == len(named)
    free = without_event(game).legal_actions()
    free_plays = [a for a in free if a.verb == "play"]
    taken_away = [a for a in free_plays if a not in plays]
    influence = hand["1"] + 2 * hand["2"] + 5 * hand["5"]
    for blocker in found:
        seen[blocker.reason] += 1
        rule, verb, _ = BID_PROBLEMS[blocker.reason]
        assert (blocker.rule, blocker.blocks) == (rule, verb)
        sentence = problem_text(blocker)
        assert sentence.endswith(".") and not RULE_NUMBER.search(sentence), sentence
        args = blocker.args
        if blocker.reason == "no_influence":
            assert not plays and influence == 0
        elif blocker.reason == "cannot_beat":
            assert not plays and not free_plays and influence > 0
            assert args == {"needed": needed, "reach": mine + influence}
            assert args["reach"] < args["needed"]
        elif blocker.reason == "ludi_limit":
            # Plays R21 allows taken away, or none allowed and the whole hand over the cap.
            assert game.event == "ludi_gladiatorum" and (taken_away or not free_plays)
            assert taken_away or len(game.in_play(seat)) + sum(hand[c] for c in "125") > 2
            assert args["in_play"] == len(game.in_play(seat)) and args["cap"] == 2
            assert (args["reach"] < args["needed"]) == (not plays)
        elif blocker.reason == "spartacus_first_play":
            assert game.event == "spartacus" and taken_away and not game.in_play(seat)
            key = "cards" if game.variants.spartacus == "two_cards" else "influence"
            assert args[key] == 2
        elif blocker.reason in ("assassin_spent", "assassin_lost"):
            assert not assassins and not hand["assassin"]
            assert game.assassinated(seat)["assassin"] == (blocker.reason == "assassin_spent")
        else:
            event = {"ludi_assassin": "ludi_gladiatorum", "spartacus_assassin": "spartacus"}
            assert game.event == event[blocker.reason]
            assert not assassins and hand["assassin"]
            assert any(a.verb == "assassin" for a in free)
    # Complete: what cannot be done is explained, and an event that bites is named.
    play_blockers = [b for b in found if b.blocks == "play"]
    if not plays:
        assert len(play_blockers) == 1
    if taken_away:
        event_blocker = {"ludi_gladiatorum": "ludi_limit", "spartacus": "spartacus_first_play"}
        assert game.event is not None
        assert named[0] == event_blocker[game.event] or named[0] == "no_influence"
    if plays and not taken_away:
        assert not play_blockers
    assert sum(b.blocks == "assassin" for b in found) == (not assassins)


def check_offer(game: sc.Game, legal: list[sc.Action], bids: list[Bid]) -> None:
    """The decision shows one bid per total and at most one Assassin, and every other
    legal bid can be built from the cards it names."""
    offer = offered(game)
    assert all(a in legal for a in offer)
    plays = [a for a in offer if a.verb == "play"]
    assert plays == [a for a in legal if a in {b.action for b in bids}]
    assert len({a.value for a in plays}) == len(plays)
    assassins = [a for a in legal if a.verb == "assassin"]
    shown = [a for a in offer if a.verb == "assassin"]
    assert shown == ([assassin_play(game)] if assassins else [])
    if assassins:
        assert all((shown[0].count, shown[0].value) <= (a.count, a.value) for a in assassins)
    assert [a for a in legal if a.verb not in ("play", "assassin")] == [
        a for a in offer if a.verb not in ("play", "assassin")
    ]
    for action in legal:
        if action not in offer:  # built from the hand's cards: the notation names them all
            assert action.verb in ("play", "assassin") and sc.parse_action(str(action)) is action


def check_bids(game: sc.Game, legal: list[sc.Action], seen: Counter[str]) -> None:
    """The engine's one check of a bid agrees with its legal actions, and a refused
    bid's problem has its sentence and cites its rule's number in the refusal."""
    for bid in BIDS:
        problem = game.bid_problem(bid)
        assert (problem is None) == (bid in legal), (bid, problem)
        if problem is None:
            continue
        seen[problem.reason] += 1
        assert problem.cards == bid.names and problem.reason in BID_PROBLEMS
        sentence = problem_text(problem)
        assert sentence.endswith(".") and not RULE_NUMBER.search(sentence), sentence


def check_decision(game: sc.Game, seen: Counter[str]) -> None:
    legal = game.legal_actions()
    only = legal[0] if len(legal) == 1 else None
    forced = forced_action(game)
    expected = (
        only
        if only is not None
        and (
            (game.decision == "debate" and only.verb == "withdraw")
            or (game.decision == "power" and only.verb == "skip")
        )
        else None
    )
    assert forced == expected
    if forced is not None:
        seen[f"forced {forced}"] += 1
    if game.decision == "power":
        # R48: the engine passes over a power with nothing to act on itself.
        assert len(legal) > 1
    if game.decision == "debate":
        seen["debate"] += 1
        if game.event:
            seen[game.event] += 1
        check_debate(game, seen)
    else:
        assert smallest_raise(game) is None and cheapest_plays(game) == []
        assert blockers(game) == []


def choose(game: sc.Game, rng: random.Random) -> sc.Action:
    """Uniform over actions half the time, else uniform over verbs first: long
    debates that empty hands, and short ones that keep cards for later."""
    legal = game.legal_actions()
    if rng.random() < 0.5:
        return rng.choice(legal)
    verb = rng.choice(sorted({a.verb for a in legal}))
    return rng.choice([a for a in legal if a.verb == verb])


def test_every_decision_of_random_games_is_explained_as_the_engine_decides() -> None:
    """Smallest raise, quick bids, prompt, blockers and forced actions in every
    decision of 320 random games over all variant combinations."""
    seen: Counter[str] = Counter()
    for index in range(GAMES):
        variants = ALL_VARIANTS[index % len(ALL_VARIANTS)]
        order = RIGGED_EVENTS[index // len(ALL_VARIANTS) % 3] if variants.events == "on" else ()
        config = sc.GameConfig(
            players=3 + index % 3, seed=index, variants=variants, event_order=order
        )
        game = sc.new_game(config)
        rng = random.Random(index)
        while game.to_move is not None:
            check_decision(game, seen)
            game.apply(choose(game, rng))
    assert seen["debate"] > 20_000
    for event in sc.EVENTS:
        assert seen[event] > 500, event
    for reason in BID_PROBLEMS:
        assert seen[reason] > 20, reason
    assert seen["forced withdraw"] > 1000
    assert not seen["forced skip"]
