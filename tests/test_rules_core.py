"""Scripted scenarios for the core rules of docs/rules.md: components, set-up, a round and
winning the game (R1-R33, R40)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

import senator_core as sc
from senator_core.rules import conflicts_with
from tests.scenario import (
    FULL_HAND,
    NO_CARDS,
    assert_illegal,
    cards,
    full_docket,
    ids,
    play,
    rigged,
    texts,
)

KINDS = ("public_works", "rebellion", "taxes", "trade", "war", "imperium")
EVENT_NAMES = (
    "socialis_bellum",
    "hannibal",
    "imperator",
    "incursio_barbara",
    "ludi_gladiatorum",
    "spartacus",
)
# R4, as the rule text lists it.
CONFLICTS: dict[str, set[str]] = {
    "public_works": {"rebellion", "taxes"},
    "rebellion": {"war", "public_works"},
    "taxes": {"trade", "public_works"},
    "trade": {"war", "taxes"},
    "war": {"rebellion", "trade"},
    "imperium": set(),
}


# ---------------------------------------------------------------------- helpers


def ev(id_: str, **args: Any) -> dict[str, Any]:
    return {"id": id_, "args": args}


def dicts(events: Iterable[sc.Event]) -> list[dict[str, Any]]:
    return [e.to_dict() for e in events]


def args_of(events: Iterable[sc.Event], id_: str) -> list[dict[str, Any]]:
    return [e.to_dict()["args"] for e in events if e.id == id_]


def placed(game: sc.Game, seat: int) -> dict[str, int]:
    """A seat's cards over hand, in play and discard pile together."""
    total = Counter(game.hand(seat)) + Counter(game.discards(seat))
    total.update(game.in_play(seat))
    return {card: total[card] for card in FULL_HAND}


def held(game: sc.Game, kind: str) -> int:
    return sum(
        game.proposed(s).count(kind) + game.passed(s).count(kind) for s in range(game.players)
    )


def settle(
    game: sc.Game,
    topic: str,
    winner: int,
    to: int | None = None,
    power: str = "skip",
    veto: str = "accept",
) -> list[sc.Event]:
    """One debate on `topic` that `winner` wins: everyone else withdraws, the winner
    makes the cheapest legal raise whenever their turn comes; the power is `power`
    (skipped by default) and the token goes to `to` (the winner by default)."""
    events = game.apply(f"topic {topic}")
    while game.decision == "debate":
        if game.to_move == winner:
            raises = [a for a in game.legal_actions() if a.verb == "play"]
            assert raises, f"seat {winner} has no legal raise"
            events += game.apply(raises[0])
        else:
            events += game.apply("withdraw")
    won = args_of(events, "debate_won")
    assert [w["seat"] for w in won] == [winner]
    if game.decision == "power":
        events += game.apply(power)
    if game.decision == "award":
        events += game.apply(f"give {winner if to is None else to}")
    if game.decision == "veto":
        events += game.apply(veto)
    return events


def kill(game: sc.Game, topic: str) -> list[sc.Event]:
    """One debate on `topic` ended by the first Assassin that can be played."""
    events = game.apply(f"topic {topic}")
    while game.decision == "debate":
        events += game.apply("assassin" if "assassin" in texts(game) else "withdraw")
    assert "assassinated" in ids(events)
    return events


def last_in_order(game: sc.Game) -> int:
    """The seat that acts last in the next debate: it wins at 0 if all others withdraw."""
    return (game.opener - 1) % game.players


def finish_round(
    game: sc.Game,
    give: Callable[[str, int], int] | None = None,
    kill_last_consul: bool = False,
) -> list[sc.Event]:
    """Plays out the current round: agenda tokens first, then the consuls; each debate is
    won at 0 by the seat that acts last; `give(kind, winner)` picks the recipient."""
    start = game.round
    events: list[sc.Event] = []
    while game.round == start and game.decision != "over":
        winner = last_in_order(game)
        if game.docket:
            kind = game.docket[0]
            to = None if give is None else give(kind, winner)
            events += settle(game, kind, winner, to=to)
        elif kill_last_consul and game.consuls_up == 1:
            events += kill(game, "consul")
        else:
            events += settle(game, "consul", winner)
    return events


def drive_game(
    game: sc.Game, owners: dict[str, list[int]], consuls: Sequence[int | None]
) -> list[sc.Event]:
    """Plays the game to its end. Every agenda token is won by, and kept by, the next
    seat listed for its kind in `owners`; agenda tokens are debated before consuls, and
    each consul debate is won by the next seat in `consuls` (None: an Assassin ends it)."""
    queues = {kind: list(seats) for kind, seats in owners.items()}
    consul_queue = list(consuls)
    events: list[sc.Event] = []
    while game.decision != "over":
        assert game.decision == "topic"
        if game.docket:
            kind = game.docket[0]
            events += settle(game, kind, queues[kind].pop(0))
        else:
            seat = consul_queue.pop(0)
            events += kill(game, "consul") if seat is None else settle(game, "consul", seat)
    assert not any(queues.values())
    assert not consul_queue
    return events


def drained_round(later: Sequence[str] = (), seed: int = 1) -> tuple[sc.Game, list[sc.Event]]:
    """3 players: six debates (three ended by Assassins, three won) empty every hand in
    round 1 while trade, rebellion and taxes are still in the docket. Returns the game
    and the events of its last action."""
    game = rigged(
        3,
        ["imperium"] * 3 + ["war", "trade", "rebellion", "taxes"],
        opener=0,
        later_draws=later,
        seed=seed,
    )
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic war", "play 2 2 5", "assassin")
    play(game, "topic imperium", "play 1 1 2", "withdraw", "withdraw")
    play(game, "topic imperium", "withdraw", "play 1 1 2", "withdraw")
    play(game, "topic imperium", "withdraw", "play 1 1 2")
    assert game.round == 1
    last = game.apply("withdraw")
    return game, last


# ---------------------------------------------------------------------- 1. Components


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r1_three_to_five_senators(players: int) -> None:
    """R1: 3, 4 or 5 players, each with a seat."""
    game = rigged(players, opener=players - 1)
    assert game.players == players
    assert len(game.names) == players
    assert [game.hand(s) for s in range(players)] == [FULL_HAND] * players
    with pytest.raises(ValueError):
        game.hand(players)


@pytest.mark.parametrize("players", [1, 2, 6])
def test_r1_other_numbers_of_players_are_refused(players: int) -> None:
    """R1: no game for fewer than 3 or more than 5 senators."""
    with pytest.raises(ValueError, match=r"\bR1\b"):
        sc.GameConfig(players=players)


def test_r1_r20_clockwise_is_increasing_seat_wrapping_around() -> None:
    """R1, R20: turns go to increasing seats and wrap from the last seat to seat 0."""
    game = rigged(4, full_docket(4), opener=3)
    play(game, "topic imperium")
    seen = [game.to_move]
    for action in ("play 1", "play 2", "play 5", "play 2 2 2"):
        game.apply(action)
        seen.append(game.to_move)
    assert seen == [3, 0, 1, 2, 3]


@pytest.mark.parametrize("seat", [-1, 3, "0"])
def test_r1_a_seat_outside_the_table_is_refused_by_every_query(seat: Any) -> None:
    """R1: the seats are 0 to players - 1; a query about any other seat is refused and
    never answers with another seat's cards or tokens."""
    game = rigged(3, full_docket(3))
    queries: list[Callable[[int], object]] = [
        game.hand,
        game.discards,
        game.assassinated,
        game.in_play,
        game.total,
        game.withdrawn,
        game.proposed,
        game.passed,
    ]
    for query in queries:
        with pytest.raises(ValueError, match="no seat"):
            query(seat)


def test_r2_every_senator_holds_the_same_seven_cards() -> None:
    """R2, R10: 1, 1, 2, 2, 2, 5 and the Assassin (13 influence), all in hand at the start."""
    game = rigged(4, full_docket(4))
    assert sc.CARDS == ("1", "2", "5", "assassin")
    for seat in range(4):
        assert game.hand(seat) == FULL_HAND
        assert game.in_play(seat) == []
        assert game.discards(seat) == NO_CARDS
    influence = sum(int(c) * n for c, n in FULL_HAND.items() if c != "assassin")
    assert influence == 13
    assert sum(FULL_HAND.values()) == 7


def test_r2_a_card_is_in_hand_in_play_or_on_the_discard_pile() -> None:
    """R2: cards move between hand, play and discard pile; none is lost or doubled."""
    game = rigged(3, full_docket(3), opener=0)
    steps = ["topic imperium", "play 2 5", "play 1 2 5", "withdraw", "play 2", "withdraw"]
    for step in steps:
        game.apply(step)
        for seat in range(3):
            assert placed(game, seat) == FULL_HAND
    assert game.discards(0) == cards(two=2, five=1)
    assert game.hand(0) == cards(one=2, two=1, assassin=1)
    assert game.hand(1) == FULL_HAND
    assert game.discards(1) == NO_CARDS
    assert game.in_play(0) == game.in_play(1) == game.in_play(2) == []


def test_r3_thirty_agenda_tokens_five_of_each_kind() -> None:
    """R3: 30 tokens, 5 of each of 6 kinds, split between forum and docket at the start."""
    docket = ["war", "war", "trade", "imperium", "taxes", "rebellion", "public_works"]
    docket += ["war", "trade"]
    game = rigged(4, docket)
    assert sc.KINDS == KINDS
    assert game.forum_size + len(game.docket) == 30
    for kind in KINDS:
        assert game.forum[kind] + game.docket.count(kind) == 5
    assert game.forum == {
        "public_works": 4,
        "rebellion": 4,
        "taxes": 4,
        "trade": 3,
        "war": 2,
        "imperium": 4,
    }
    with pytest.raises(ValueError, match=r"\bR3\b"):
        sc.GameConfig(players=3, draws=("war",) * 6)


def test_r4_conflict_table_is_the_cycle() -> None:
    """R4: PW - Rebellion - War - Trade - Taxes - PW; Imperium conflicts with nothing."""
    for kind in KINDS:
        assert set(conflicts_with(kind)) == CONFLICTS[kind]
    for kind, others in CONFLICTS.items():
        for other in others:
            assert kind in CONFLICTS[other]
    assert all(len(CONFLICTS[k]) == 2 for k in KINDS if k != "imperium")


@pytest.mark.parametrize("first", KINDS[:5])
@pytest.mark.parametrize("second", KINDS[:5])
def test_r4_r30_which_kinds_conflict(first: str, second: str) -> None:
    """R4, R30: a token arriving among proposed tokens it conflicts with sends both back."""
    game = rigged(3, full_docket(3, first, second), opener=0)
    settle(game, first, 0)
    assert game.proposed(0) == [first]
    forum = game.forum
    events = settle(game, second, 0)
    if second in CONFLICTS[first]:
        assert args_of(events, "conflict") == [{"seat": 0, "kind": second, "lost": [first]}]
        assert game.proposed(0) == []
        expected = dict(forum)
        expected[first] += 1
        expected[second] += 1
        assert game.forum == expected
    else:
        assert args_of(events, "conflict") == []
        assert args_of(events, "token_proposed") == [{"seat": 0, "kind": second}]
        assert game.proposed(0) == sorted([first, second])
        assert game.forum == forum


def test_r5_r30_passed_tokens_are_safe_proposed_tokens_are_exposed() -> None:
    """R5, R30: passed tokens (below the scroll) never conflict and are never touched."""
    game = rigged(3, full_docket(3, "rebellion", "public_works", "taxes"), opener=0)
    settle(game, "rebellion", 0)
    settle(game, "consul", 0)
    assert game.passed(0) == ["rebellion"]
    assert game.proposed(0) == []
    events = settle(game, "public_works", 0)
    assert args_of(events, "conflict") == []
    assert game.proposed(0) == ["public_works"]
    assert game.passed(0) == ["rebellion"]
    events = settle(game, "taxes", 0)
    assert args_of(events, "conflict") == [{"seat": 0, "kind": "taxes", "lost": ["public_works"]}]
    assert game.proposed(0) == []
    assert game.passed(0) == ["rebellion"]


def test_r6_r19_consuls_are_face_up_or_flipped() -> None:
    """R6, R19: two consuls; a face-up consul may be the topic, a flipped one may not."""
    game = rigged(3, full_docket(3), opener=0)
    assert game.consuls_up == 2
    assert "topic consul" in texts(game)
    settle(game, "consul", 0)
    assert game.consuls_up == 1
    assert "topic consul" in texts(game)
    settle(game, "consul", 0)
    assert game.consuls_up == 0
    assert "topic consul" not in texts(game)
    assert_illegal(game, "topic consul", "R6")


def test_r7_veto_token_starts_in_the_centre_and_is_held_by_one_player() -> None:
    """R7, R13: the veto is in the centre at the start; then one player holds it."""
    game = rigged(3, full_docket(3, "taxes"), opener=0)
    assert game.veto is None
    events = settle(game, "taxes", 2, power="take veto")
    assert args_of(events, "veto_taken") == [{"seat": 2, "source": None}]
    assert game.veto == 2


def test_r8_six_event_cards() -> None:
    """R8: six event cards; with events on, one is revealed and five stay in the deck."""
    assert sc.EVENTS == EVENT_NAMES
    game = rigged(4, full_docket(4), events=["hannibal"])
    assert game.event == "hannibal"
    assert sorted(game.event_deck) == sorted(e for e in EVENT_NAMES if e != "hannibal")


def test_r9_forum_contents_are_public_by_elimination() -> None:
    """R9: the forum holds every token not in the docket, on a scroll or in debate."""
    game = rigged(3, full_docket(3, "war", "rebellion", "trade"), opener=0)

    def check() -> None:
        topic = game.topic
        for kind in KINDS:
            in_debate = 1 if topic == kind and game.decision != "topic" else 0
            expected = 5 - game.docket.count(kind) - held(game, kind) - in_debate
            assert game.forum[kind] == expected
        assert game.forum_size == sum(game.forum.values())

    check()
    settle(game, "war", 0)
    check()
    settle(game, "rebellion", 0)
    check()
    assert game.forum["war"] == 5
    assert game.forum["rebellion"] == 5
    play(game, "topic trade")
    check()
    play(game, "assassin")
    check()
    assert game.forum["trade"] == 5


# ---------------------------------------------------------------------- 2. Set-up


def test_r10_to_r14_set_up() -> None:
    """R10-R14: full hands, 30 tokens shuffled into the forum, 6 events in the deck,
    both consuls up, veto in the centre, the named first opener."""
    config = sc.GameConfig(players=5, seed=3, first_opener=2, draws=("war",) * 3)
    game = sc.new_game(config)
    assert dicts(game.log)[:2] == [
        ev(
            "setup",
            players=5,
            names=["Cassius", "Brutus", "Livia", "Marcus", "Tullia"],
            first_opener=2,
            variants={
                "taxes": "take_anywhere",
                "spartacus": "two_cards",
                "war": "one_copy",
                "public_works": "not_assassin",
                "events": "on",
            },
        ),
        ev("round_start", round=1),
    ]
    assert all(game.hand(s) == FULL_HAND for s in range(5))
    assert game.forum_size + len(game.docket) == 30
    assert all(game.forum[k] + game.docket.count(k) == 5 for k in KINDS)
    assert game.event in EVENT_NAMES
    assert sorted([*game.event_deck, game.event]) == sorted(EVENT_NAMES)
    assert game.consuls_up == 2
    assert game.veto is None
    assert (game.decision, game.to_move, game.opener, game.round) == ("topic", 2, 2, 1)


def test_r11_tokens_are_drawn_at_random_from_the_forum() -> None:
    """R11: the forum is shuffled; unscripted draws vary with the seed and repeat with it."""
    dockets = {tuple(rigged(4, seed=seed).docket) for seed in range(8)}
    assert len(dockets) > 1
    assert rigged(4, seed=5).docket == rigged(4, seed=5).docket


def test_r9_r11_a_random_draw_takes_only_a_token_left_in_the_forum() -> None:
    """R9, R11: with all five Public Works tokens drawn first, no later draw can bring a
    sixth, whatever the shuffle, and no kind's count in the forum goes below zero."""
    for seed in range(100):
        game = rigged(5, ["public_works"] * 5, seed=seed)
        assert len(game.docket) == 11
        assert game.docket.count("public_works") == 5
        assert game.forum["public_works"] == 0
        assert min(game.forum.values()) >= 0
        assert game.forum_size == sum(game.forum.values()) == 19


def test_r12_event_deck_is_shuffled() -> None:
    """R12, R17: the first event revealed depends on the shuffle (the seed)."""
    first = set()
    for seed in range(12):
        game = sc.new_game(sc.GameConfig(players=3, seed=seed, first_opener=0))
        assert game.event in EVENT_NAMES
        assert len(game.event_deck) == 5
        first.add(game.event)
    assert len(first) > 1


def test_r13_consuls_up_and_veto_in_centre() -> None:
    """R13: both consuls face up, the veto token in the centre."""
    game = rigged(3, full_docket(3))
    assert game.consuls_up == 2
    assert game.veto is None
    assert "topic consul" in texts(game)


def test_r13_r19_nothing_is_being_debated_at_set_up() -> None:
    """R13, R19: after set-up the first opener is to choose a topic: there is no topic
    and no debate winner yet."""
    game = rigged(3, full_docket(3))
    assert game.decision == "topic"
    assert game.topic is None
    assert game.debate_winner is None


def test_r14_first_opener_named_at_set_up() -> None:
    """R14, R18: the named first opener chooses the first topic."""
    for seat in range(4):
        game = rigged(4, full_docket(4), opener=seat)
        assert (game.decision, game.to_move, game.opener) == ("topic", seat, seat)


def test_r14_first_opener_chosen_at_random() -> None:
    """R14: without a named opener, the seed picks one, recorded in the setup event."""
    openers = set()
    for seed in range(20):
        game = sc.new_game(sc.GameConfig(players=4, seed=seed))
        setup = args_of(game.log, "setup")[0]
        assert 0 <= setup["first_opener"] < 4
        assert game.to_move == game.opener == setup["first_opener"]
        openers.add(game.to_move)
    assert len(openers) > 1
    again = sc.new_game(sc.GameConfig(players=4, seed=11))
    assert again.to_move == sc.new_game(sc.GameConfig(players=4, seed=11)).to_move


# ---------------------------------------------------------------------- 3. Preparation


@pytest.mark.parametrize(("players", "size"), [(3, 7), (4, 9), (5, 11)])
def test_r15_docket_holds_7_9_11_tokens(players: int, size: int) -> None:
    """R15: the docket is filled to 7 / 9 / 11 agenda tokens for 3 / 4 / 5 players."""
    kinds = full_docket(players, "war", "rebellion")
    game = rigged(players, kinds)
    assert len(game.docket) == size
    assert game.docket == sorted(kinds)
    assert args_of(game.log, "docket_filled") == [{"round": 1, "kinds": kinds}]
    assert game.forum_size == 30 - size


def test_r15_tokens_left_in_the_docket_stay_and_count() -> None:
    """R15, R54: the docket is topped up: round 2 draws only what round 1 left short."""
    game, last = drained_round(later=["public_works", "public_works", "war", "war"])
    assert args_of(last, "docket_filled") == [
        {"round": 2, "kinds": ["public_works", "public_works", "war", "war"]}
    ]
    assert game.round == 2
    assert game.docket == [
        "public_works",
        "public_works",
        "rebellion",
        "taxes",
        "trade",
        "war",
        "war",
    ]


def test_r15_when_the_forum_runs_out_draw_what_is_left() -> None:
    """R15: 5 players keep 22 tokens over two rounds; round 3 draws the last 8 only."""
    round_1 = ["public_works", "rebellion", "taxes", "trade", "war"] * 2 + ["imperium"]
    round_3 = ["public_works", "rebellion", "taxes", "trade", "war", *["imperium"] * 3]
    game = rigged(5, round_1, later_draws=[*round_1, *round_3], opener=0)
    owner = {"public_works": 0, "rebellion": 1, "taxes": 2, "trade": 3, "war": 4}

    def give(kind: str, winner: int) -> int:
        return owner.get(kind, winner)

    finish_round(game, give)
    assert game.round == 2
    events = finish_round(game, give)
    assert game.round == 3
    assert args_of(events, "conflict") == []
    assert args_of(events, "docket_filled") == [{"round": 3, "kinds": round_3}]
    assert game.forum_size == 0
    assert len(game.docket) == 8
    assert game.docket == sorted(round_3)


def test_r16_both_consuls_turn_face_up_each_round() -> None:
    """R16: consuls flipped in round 1 are face up again in round 2."""
    game, last = drained_round()
    assert game.round == 2
    assert ids(last)[-3:] == ["round_end", "round_start", "docket_filled"]
    assert game.consuls_up == 2
    assert "topic consul" in texts(game)


def test_r17_event_revealed_after_the_docket_and_in_force_all_round() -> None:
    """R16, R17: the event is revealed after the docket is filled and consuls turned up;
    its immediate effect applies at once; it stays in force until the round ends."""
    game = rigged(3, full_docket(3), events=["imperator", "hannibal"], opener=0)
    assert ids(game.log) == [
        "setup",
        "round_start",
        "docket_filled",
        "event_revealed",
        "consuls_flipped",
    ]
    assert args_of(game.log, "event_revealed") == [{"round": 1, "event": "imperator"}]
    assert game.event == "imperator"
    assert game.consuls_up == 0
    settle(game, "imperium", last_in_order(game))
    assert game.event == "imperator"
    events = finish_round(game)
    assert args_of(events, "event_revealed") == [{"round": 2, "event": "hannibal"}]
    assert game.event == "hannibal"
    assert game.consuls_up == 2
    assert "imperator" not in game.event_deck
    assert "hannibal" not in game.event_deck


def revealed(game: sc.Game) -> list[str]:
    return [args["event"] for args in args_of(game.log, "event_revealed")]


def test_r12_r17_scripted_events_are_revealed_in_order_one_per_round() -> None:
    """R12, R17: the event deck is dealt from the top, one card in each round."""
    game = rigged(3, full_docket(3), events=["hannibal", "imperator", "spartacus"], opener=0)
    while game.decision != "over":
        finish_round(game)
    assert revealed(game) == ["hannibal", "imperator", "spartacus"]


def test_r12_r17_no_event_is_revealed_twice_and_none_outlasts_the_game() -> None:
    """R8, R12, R17: three of the six events are revealed in a game, each at most once;
    an event lasts for its round, so none is in force once the game is over."""
    for seed in range(10):
        game = sc.new_game(sc.GameConfig(players=3, seed=seed, first_opener=0))
        while game.decision != "over":
            assert game.event is not None
            finish_round(game)
        shown = revealed(game)
        assert len(set(shown)) == len(shown) == 3
        assert sorted([*shown, *game.event_deck]) == sorted(EVENT_NAMES)
        assert game.event is None


# ---------------------------------------------------------------------- 3. Debates


def test_r18_first_debate_opened_by_first_opener() -> None:
    """R18: the first debate of the game is opened by the first opener."""
    game = rigged(4, full_docket(4), opener=2)
    events = game.apply("topic imperium")
    assert dicts(events) == [ev("topic_chosen", seat=2, topic="imperium")]
    assert game.to_move == 2


def test_r18_winner_opens_the_next_debate() -> None:
    """R18: the winner of a debate opens the next one."""
    game = rigged(4, full_docket(4), opener=0)
    settle(game, "imperium", 3)
    assert (game.decision, game.to_move, game.opener) == ("topic", 3, 3)
    settle(game, "public_works", 1)
    assert (game.decision, game.to_move, game.opener) == ("topic", 1, 1)


def test_r18_assassin_player_opens_the_next_debate() -> None:
    """R18, R28: whoever played the last Assassin opens the next debate."""
    game = rigged(4, full_docket(4), opener=0)
    play(game, "topic imperium", "play 1", "withdraw", "assassin")
    assert (game.decision, game.to_move, game.opener) == ("topic", 2, 2)


def test_r18_last_winner_of_a_round_opens_the_next_round() -> None:
    """R18: the first debate of round 2 is opened by the winner of round 1's last debate."""
    game, last = drained_round()
    assert args_of(last, "debate_won")[0]["seat"] == 2
    assert (game.round, game.decision, game.to_move, game.opener) == (2, "topic", 2, 2)


def test_r18_last_assassin_of_a_round_opens_the_next_round() -> None:
    """R18: the first debate of round 2 is opened by the player of round 1's last Assassin."""
    game = rigged(3, ["imperium"] * 5 + ["public_works", "trade"], opener=0)
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic imperium", "play 2 2 5", "withdraw", "withdraw")
    play(game, "topic imperium", "play 1 1 2", "withdraw", "withdraw")
    play(game, "topic imperium", "withdraw", "play 1 1 2", "withdraw")
    play(game, "topic imperium", "withdraw", "play 1 1 2", "withdraw")
    play(game, "topic imperium", "withdraw", "withdraw")
    assert game.round == 1
    assert game.to_move == 0
    events = play(game, "topic public_works", "assassin")
    assert "round_end" in ids(events)
    assert (game.round, game.decision, game.to_move, game.opener) == (2, "topic", 0, 0)


def test_r19_topic_is_chosen_from_the_docket_and_leaves_it() -> None:
    """R19: the opener picks an agenda token of the docket or a face-up consul."""
    game = rigged(4, full_docket(4, "war"), opener=1)
    assert sorted(texts(game)) == sorted(
        ["topic war", "topic imperium", "topic public_works", "topic consul"]
    )
    assert_illegal(game, "topic rebellion", "R19")
    assert_illegal(game, "play 1", "R19")
    assert_illegal(game, "withdraw", "R19")
    events = game.apply("topic war")
    assert dicts(events) == [ev("topic_chosen", seat=1, topic="war")]
    assert game.topic == "war"
    assert "war" not in game.docket
    assert len(game.docket) == 8
    assert (game.decision, game.to_move) == ("debate", 1)


def test_r19_r56_consul_topic_leaves_the_face_up_consuls() -> None:
    """R19, R56: a consul chosen as topic stops counting as face up."""
    game = rigged(3, full_docket(3), opener=0)
    events = game.apply("topic consul")
    assert dicts(events) == [ev("topic_chosen", seat=0, topic="consul")]
    assert game.topic == "consul"
    assert game.consuls_up == 1
    assert len(game.docket) == 7


def test_r20_turns_go_clockwise_from_the_opener_skipping_withdrawn() -> None:
    """R20: the opener acts first, then clockwise; withdrawn players are skipped."""
    game = rigged(4, full_docket(4), opener=2)
    game.apply("topic imperium")
    order = [game.to_move]
    for action in ("play 1", "withdraw", "play 2", "withdraw", "play 2 2"):
        game.apply(action)
        order.append(game.to_move)
    assert order == [2, 3, 0, 1, 2, 0]
    assert [game.withdrawn(s) for s in range(4)] == [False, True, False, True]


def test_r20_there_is_no_passing() -> None:
    """R20: a turn is exactly one of play influence, play the Assassin or withdraw."""
    game = rigged(3, full_docket(3), opener=0)
    game.apply("topic imperium")
    verbs = {a.verb for a in game.legal_actions()}
    assert verbs == {"play", "assassin", "withdraw"}
    assert_illegal(game, "skip", "R20")
    assert_illegal(game, "give 0", "R20")
    assert_illegal(game, "topic public_works", "R20")
    with pytest.raises(sc.IllegalActionError):
        game.apply("pass")


def test_r21_bid_must_exceed_every_other_total() -> None:
    """R21: if the others stand at 4 and 5, a play must reach at least 6."""
    game = rigged(3, full_docket(3), opener=0)
    play(game, "topic imperium", "play 2 2", "play 5")
    assert [game.total(s) for s in range(3)] == [4, 5, 0]
    plays = [a for a in game.legal_actions() if a.verb == "play"]
    assert min(a.value for a in plays) == 6
    assert "play 5" not in texts(game)
    message = assert_illegal(game, "play 5", "R21")
    assert "above 5" in message
    assert_illegal(game, "play 1 2 2", "R21")
    events = game.apply("play 1 5")
    assert dicts(events) == [ev("bid", seat=2, cards=["1", "5"], total=6)]
    assert game.total(2) == 6
    assert_illegal(game, "play 2", "R21")
    events = game.apply("play 1 2")
    assert dicts(events) == [ev("bid", seat=0, cards=["1", "2"], total=7)]
    assert [game.total(s) for s in range(3)] == [7, 5, 6]


def test_r21_cards_stay_in_play_and_the_total_adds_up() -> None:
    """R21: a total is the sum of all cards in play this debate; they are not taken back."""
    game = rigged(3, full_docket(3), opener=0)
    play(game, "topic imperium", "play 1", "play 2", "withdraw", "play 2")
    assert game.in_play(0) == ["1", "2"]
    assert game.total(0) == 3
    assert game.hand(0) == cards(one=1, two=2, five=1, assassin=1)
    assert game.in_play(1) == ["2"]
    assert_illegal(game, "play 5 5", "R2")
    game.apply("play 5")
    assert game.in_play(1) == ["2", "5"]
    assert game.total(1) == 7
    assert_illegal(game, "play 2 2 2", "R21")
    message = assert_illegal(game, "play 2 2", "R21")
    assert "above 7" in message


def test_r21_a_play_of_cards_not_in_hand_is_refused_naming_the_hand_and_legal_actions() -> None:
    """R21: only cards from hand can be played; the refusal says what the player holds
    and lists the legal actions."""
    game = rigged(3, full_docket(3), opener=0)
    play(game, "topic imperium", "play 5", "play 1 5", "withdraw")
    assert game.to_move == 0
    message = assert_illegal(game, "play 5", "R21")
    assert "Cassius does not hold those cards (holds 1, 1, 2, 2, 2, assassin) (R21)" in message
    assert message.endswith("; legal: " + ", ".join(texts(game)))


def test_r21_any_number_of_cards_in_one_play() -> None:
    """R21: "put one or more non-Assassin cards from hand in play": four cards, or all
    six, may go in play at once."""
    game = rigged(3, full_docket(3), opener=0)
    game.apply("topic imperium")
    assert "play 1 1 2 2" in texts(game)
    assert "play 1 1 2 2 2 5" in texts(game)
    events = game.apply("play 1 1 2 2")
    assert dicts(events) == [ev("bid", seat=0, cards=["1", "1", "2", "2"], total=6)]
    events = game.apply("play 1 1 2 2 2")
    assert dicts(events) == [ev("bid", seat=1, cards=["1", "1", "2", "2", "2"], total=8)]
    assert game.hand(1) == cards(five=1, assassin=1)


def rules_plays(hand: dict[str, int], need: int) -> set[str]:
    """Every play R21 allows from `hand`: any non-empty set of its influence cards worth
    at least `need`."""
    found = set()
    for ones in range(hand["1"] + 1):
        for twos in range(hand["2"] + 1):
            for fives in range(hand["5"] + 1):
                if ones + twos + fives and ones + 2 * twos + 5 * fives >= need:
                    names = ["1"] * ones + ["2"] * twos + ["5"] * fives
                    found.add("play " + " ".join(names))
    return found


@pytest.mark.parametrize(
    ("opening", "need"),
    [([], 1), (["play 2"], 3), (["play 2 2 5"], 10), (["play 1 2 2 2 5"], 13)],
)
def test_r21_legal_plays_are_every_set_of_cards_that_beats_the_others(
    opening: list[str], need: int
) -> None:
    """R21: any one or more influence cards from hand, as long as the new total is
    strictly greater than every other total."""
    game = rigged(3, full_docket(3), opener=2)
    game.apply("topic imperium")
    for action in opening:
        game.apply(action)
    seat = game.to_move
    assert seat is not None
    assert game.total(seat) == 0
    plays = {a.text for a in game.legal_actions() if a.verb == "play"}
    assert plays == rules_plays(game.hand(seat), need)


def test_r22_assassin_ends_the_debate_with_no_winner() -> None:
    """R22, R28: the Assassin ends the debate at once; no one wins it."""
    game = rigged(3, full_docket(3, "public_works"), opener=0)
    game.apply("topic public_works")
    assert "assassin" in texts(game)
    game.apply("play 5")
    assert "assassin" in texts(game)
    events = game.apply("assassin")
    assert dicts(events) == [
        ev("assassin", seat=1, cards=[], topic="public_works"),
        ev(
            "assassinated",
            seat=1,
            discarded=[["5"], ["assassin"], []],
            topic="public_works",
        ),
    ]
    assert game.debate_winner is None
    assert game.topic is None
    assert (game.decision, game.to_move) == ("topic", 1)
    assert game.hand(1) == cards(one=2, two=3, five=1)
    assert game.discards(1) == cards(assassin=1)
    assert game.discards(0) == cards(five=1)
    assert [game.proposed(s) + game.passed(s) for s in range(3)] == [[], [], []]


def test_r22_assassin_only_from_hand_and_played_alone() -> None:
    """R22: the Assassin is played from hand, once; without events it goes alone."""
    game = rigged(3, full_docket(3), opener=0)
    play(game, "topic imperium", "assassin")
    game.apply("topic imperium")
    assert "assassin" not in texts(game)
    assert_illegal(game, "assassin", "R22")
    game.apply("play 1")
    assert_illegal(game, "assassin 2", "R22")


def test_r23_withdrawing_is_for_good_and_cards_stay_in_play() -> None:
    """R23: a withdrawn player is skipped for the rest of the debate; their cards stay
    in play and return to their hand when another player wins."""
    game = rigged(4, full_docket(4), opener=0)
    play(game, "topic imperium", "play 1", "withdraw", "play 2", "play 5", "play 5")
    assert game.to_move == 2
    play(game, "play 5", "play 2 1")
    assert [game.total(s) for s in range(4)] == [6, 0, 7, 8]
    assert game.to_move == 0
    events = game.apply("withdraw")
    assert dicts(events) == [ev("withdrawn", seat=0)]
    assert game.withdrawn(0)
    assert game.in_play(0) == ["1", "5"]
    assert game.total(0) == 6
    assert game.to_move == 2
    events = game.apply("withdraw")
    assert dicts(events) == [
        ev("withdrawn", seat=2),
        ev("debate_won", seat=3, topic="imperium", total=8),
        ev("imperium_passed", seat=3),
        ev(
            "cards_resolved",
            discarded=[[], [], [], ["1", "2", "5"]],
            returned=[["1", "5"], [], ["2", "5"], []],
        ),
    ]
    assert game.hand(0) == FULL_HAND
    assert game.hand(2) == FULL_HAND
    assert game.discards(3) == cards(one=1, two=1, five=1)


def test_r24_r31_empty_hand_stays_in_debate_and_can_only_withdraw() -> None:
    """R24, R31b: a player with no card is not skipped; on their turn they can only
    withdraw. A single Assassin in hand keeps the debate phase going."""
    game = rigged(3, ["imperium"] * 5 + ["public_works", "trade"], opener=0)
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic imperium", "play 2 2 5", "withdraw", "withdraw")
    play(game, "topic imperium", "play 1 1 2", "withdraw", "withdraw")
    assert game.hand(2) == NO_CARDS
    assert game.to_move == 2
    game.apply("topic imperium")
    assert texts(game) == ["withdraw"]
    assert_illegal(game, "play 1", "R21|R24")
    assert_illegal(game, "assassin", "R22")
    events = play(game, "withdraw", "play 1 1 2", "withdraw")
    assert args_of(events, "debate_won") == [{"seat": 0, "topic": "imperium", "total": 4}]
    assert game.hand(0) == cards(assassin=1)
    play(game, "topic imperium", "withdraw", "play 1 1 2")
    assert game.to_move == 2
    assert not game.withdrawn(2)
    assert texts(game) == ["withdraw"]
    events = game.apply("withdraw")
    assert args_of(events, "debate_won") == [{"seat": 1, "topic": "imperium", "total": 4}]
    assert [game.hand(s) for s in range(3)] == [cards(assassin=1), NO_CARDS, NO_CARDS]
    assert (game.round, game.decision, game.to_move) == (1, "topic", 1)
    game.apply("topic imperium")
    assert texts(game) == ["withdraw"]
    game.apply("withdraw")
    assert game.to_move == 2
    assert texts(game) == ["withdraw"]


def test_r25_last_player_in_the_debate_wins_at_once_even_at_zero() -> None:
    """R25: when only one player is left in the debate they win it, whatever their total."""
    game = rigged(3, full_docket(3), opener=0)
    play(game, "topic imperium", "withdraw")
    assert game.decision == "debate"
    events = game.apply("withdraw")
    assert dicts(events) == [
        ev("withdrawn", seat=1),
        ev("debate_won", seat=2, topic="imperium", total=0),
        ev("imperium_passed", seat=2),
        ev("cards_resolved", discarded=[[], [], []], returned=[[], [], []]),
    ]
    assert game.passed(2) == ["imperium"]
    assert game.hand(2) == FULL_HAND


# ---------------------------------------------------------------------- 3. Winning a debate


def veto_setup() -> sc.Game:
    """3 players: seat 1 holds the veto and a proposed Taxes; seat 0 has just won a
    Public Works debate and must award it."""
    game = rigged(3, full_docket(3, "taxes", "public_works", "rebellion"), opener=0)
    settle(game, "taxes", 1, power="take veto")
    assert game.veto == 1
    assert game.proposed(1) == ["taxes"]
    play(game, "topic public_works", "withdraw", "withdraw")
    assert (game.decision, game.to_move, game.debate_winner) == ("award", 0, 0)
    return game


def test_r26_power_then_award_in_that_order() -> None:
    """R26: the winner first uses (or skips) the power, then awards the token."""
    game = rigged(3, full_docket(3, "taxes"), opener=0)
    events = play(game, "topic taxes", "withdraw", "play 1", "withdraw")
    assert args_of(events, "debate_won") == [{"seat": 1, "topic": "taxes", "total": 1}]
    assert (game.decision, game.to_move) == ("power", 1)
    assert texts(game) == ["take veto", "skip"]
    assert_illegal(game, "give 1", "R26")
    events = game.apply("take veto")
    assert dicts(events) == [ev("veto_taken", seat=1, source=None)]
    assert (game.decision, game.to_move) == ("award", 1)
    assert game.in_play(1) == ["1"]
    assert texts(game) == ["give 0", "give 1", "give 2"]
    assert_illegal(game, "withdraw", "R26")
    assert_illegal(game, "give 3", "R1")
    events = game.apply("give 2")
    assert dicts(events) == [
        ev("token_given", seat=1, to=2, kind="taxes"),
        ev("token_proposed", seat=2, kind="taxes"),
        ev("cards_resolved", discarded=[[], ["1"], []], returned=[[], [], []]),
    ]
    assert game.proposed(2) == ["taxes"]
    assert game.proposed(1) == []
    assert game.veto == 1


def test_r26_the_power_is_optional() -> None:
    """R26: the winner may skip the power."""
    game = rigged(3, full_docket(3, "taxes"), opener=0)
    play(game, "topic taxes", "withdraw", "withdraw")
    events = game.apply("skip")
    assert dicts(events) == [ev("power_skipped", seat=2, topic="taxes")]
    assert game.veto is None
    assert (game.decision, game.to_move) == ("award", 2)


def test_r26_the_winner_may_keep_the_token() -> None:
    """R26: the winner may award the token to themself, among their proposed tokens."""
    game = rigged(3, full_docket(3, "war"), opener=0)
    events = settle(game, "war", 2, to=2)
    assert args_of(events, "token_given") == [{"seat": 2, "to": 2, "kind": "war"}]
    assert game.proposed(2) == ["war"]
    assert game.passed(2) == []


def test_r26_imperium_goes_straight_to_the_winners_passed_tokens() -> None:
    """R26: Imperium is kept by the winner, passed at once: no award, no veto, no conflict."""
    game = rigged(3, full_docket(3, "taxes"), opener=0)
    settle(game, "taxes", 1, to=2, power="take veto")
    assert game.veto == 1
    play(game, "topic imperium", "play 1", "withdraw")
    assert game.decision == "debate"
    events = game.apply("withdraw")
    assert dicts(events) == [
        ev("withdrawn", seat=0),
        ev("debate_won", seat=1, topic="imperium", total=1),
        ev("imperium_passed", seat=1),
        ev("cards_resolved", discarded=[[], ["1"], []], returned=[[], [], []]),
    ]
    assert game.passed(1) == ["imperium"]
    assert game.proposed(1) == []
    assert game.veto == 1
    assert (game.decision, game.to_move) == ("topic", 1)


def test_r26_veto_refuses_a_token_given_by_another_player() -> None:
    """R26: a recipient holding the veto may refuse: the token goes to the forum and the
    veto to the centre."""
    game = veto_setup()
    forum = game.forum
    events = game.apply("give 1")
    assert dicts(events) == [ev("token_given", seat=0, to=1, kind="public_works")]
    assert (game.decision, game.to_move) == ("veto", 1)
    assert sorted(texts(game)) == ["accept", "veto"]
    assert_illegal(game, "give 2", "R26")
    events = game.apply("veto")
    assert dicts(events) == [
        ev("vetoed", seat=1, kind="public_works"),
        ev("cards_resolved", discarded=[[], [], []], returned=[[], [], []]),
    ]
    assert game.veto is None
    assert game.proposed(1) == ["taxes"]
    assert game.forum == {**forum, "public_works": forum["public_works"] + 1}
    assert (game.decision, game.to_move) == ("topic", 0)


def test_r26_r30_accepted_token_is_checked_for_conflicts() -> None:
    """R26: the veto is optional; R30 then checks the recipient's proposed tokens."""
    game = veto_setup()
    forum = game.forum
    game.apply("give 1")
    events = game.apply("accept")
    assert dicts(events) == [
        ev("accepted", seat=1, kind="public_works"),
        ev("conflict", seat=1, kind="public_works", lost=["taxes"]),
        ev("cards_resolved", discarded=[[], [], []], returned=[[], [], []]),
    ]
    assert game.veto == 1
    assert game.proposed(1) == []
    assert game.forum == {
        **forum,
        "public_works": forum["public_works"] + 1,
        "taxes": forum["taxes"] + 1,
    }


def test_r26_no_veto_for_the_winners_own_token_or_a_player_without_it() -> None:
    """R26: the veto applies only to a token given to another player who holds it."""
    game = veto_setup()
    events = game.apply("give 2")
    assert ids(events) == ["token_given", "token_proposed", "cards_resolved"]
    assert game.proposed(2) == ["public_works"]
    events = play(game, "topic rebellion", "withdraw", "play 1", "withdraw")
    assert (game.decision, game.debate_winner) == ("power", 1)
    events += game.apply("skip")
    events += game.apply("give 1")
    assert "vetoed" not in ids(events)
    assert "accepted" not in ids(events)
    assert args_of(events, "token_proposed") == [{"seat": 1, "kind": "rebellion"}]
    assert game.proposed(1) == ["rebellion", "taxes"]
    assert game.veto == 1


def test_r27_consul_debate_passes_the_winners_own_proposed_tokens() -> None:
    """R27: the winner moves all their own proposed tokens to passed; the consul is flipped."""
    game = rigged(3, full_docket(3, "rebellion", "taxes", "war"), opener=0)
    settle(game, "imperium", 0)
    settle(game, "rebellion", 0)
    settle(game, "taxes", 0)
    settle(game, "war", 0, to=1)
    assert game.proposed(0) == ["rebellion", "taxes"]
    assert game.passed(0) == ["imperium"]
    events = play(game, "topic consul", "play 2", "withdraw")
    assert game.consuls_up == 1
    events = game.apply("withdraw")
    assert dicts(events) == [
        ev("withdrawn", seat=2),
        ev("debate_won", seat=0, topic="consul", total=2),
        ev("consul_passed", seat=0, kinds=["rebellion", "taxes"]),
        ev("cards_resolved", discarded=[["2"], [], []], returned=[[], [], []]),
    ]
    assert game.proposed(0) == []
    assert game.passed(0) == ["imperium", "rebellion", "taxes"]
    assert game.proposed(1) == ["war"]
    assert game.passed(1) == []
    assert game.consuls_up == 1
    assert (game.decision, game.to_move) == ("topic", 0)


def test_r27_consul_won_with_nothing_proposed_passes_nothing() -> None:
    """R27: only the winner's own proposed tokens move; an empty scroll moves nothing."""
    game = rigged(3, full_docket(3, "war"), opener=0)
    settle(game, "war", 0, to=2)
    events = settle(game, "consul", 1)
    assert args_of(events, "consul_passed") == [{"seat": 1, "kinds": []}]
    assert game.proposed(2) == ["war"]
    assert game.passed(2) == []


def test_r28_assassin_discards_every_card_in_play_withdrawn_included() -> None:
    """R28: all cards in play, withdrawn players' too, go to discard piles; the Assassin
    to its owner's; an agenda topic goes back to the forum."""
    game = rigged(4, full_docket(4, "war"), opener=0)
    assert game.forum["war"] == 4
    play(game, "topic war", "play 1", "play 2", "withdraw", "play 5", "withdraw")
    assert game.withdrawn(0)
    events = game.apply("assassin")
    assert dicts(events) == [
        ev("assassin", seat=1, cards=[], topic="war"),
        ev(
            "assassinated",
            seat=1,
            discarded=[["1"], ["2", "assassin"], [], ["5"]],
            topic="war",
        ),
    ]
    assert game.discards(0) == cards(one=1)
    assert game.discards(1) == cards(two=1, assassin=1)
    assert game.discards(2) == NO_CARDS
    assert game.discards(3) == cards(five=1)
    assert all(game.in_play(s) == [] for s in range(4))
    assert game.forum["war"] == 5
    assert "war" not in game.docket
    assert all(game.proposed(s) == [] for s in range(4))
    assert (game.decision, game.to_move, game.opener) == ("topic", 1, 1)


def test_r28_assassinated_consul_stays_flipped() -> None:
    """R28: a consul topic ended by an Assassin is flipped; no proposed token moves."""
    game = rigged(3, full_docket(3, "war"), opener=0)
    settle(game, "war", 0)
    forum = game.forum
    events = play(game, "topic consul", "play 1", "assassin")
    assert args_of(events, "assassinated") == [
        {"seat": 1, "discarded": [["1"], ["assassin"], []], "topic": "consul"}
    ]
    assert "consul_passed" not in ids(events)
    assert game.consuls_up == 1
    assert game.proposed(0) == ["war"]
    assert game.passed(0) == []
    assert game.forum == forum
    assert (game.decision, game.to_move) == ("topic", 1)


def test_r29_winner_discards_others_take_their_cards_back() -> None:
    """R29: after a debate won, the winner's cards in play are discarded, every other
    player's go back to hand."""
    game = rigged(3, full_docket(3, "trade"), opener=0)
    play(game, "topic trade", "play 1", "play 2", "play 5", "play 2 5", "withdraw")
    events = game.apply("withdraw")
    assert args_of(events, "debate_won") == [{"seat": 0, "topic": "trade", "total": 8}]
    assert game.in_play(0) == ["1", "2", "5"]
    assert game.in_play(1) == ["2"]
    assert game.in_play(2) == ["5"]
    game.apply("skip")
    events = game.apply("give 0")
    assert args_of(events, "cards_resolved") == [
        {"discarded": [["1", "2", "5"], [], []], "returned": [[], ["2"], ["5"]]}
    ]
    assert game.discards(0) == cards(one=1, two=1, five=1)
    assert game.hand(0) == cards(one=1, two=2, assassin=1)
    assert game.hand(1) == FULL_HAND
    assert game.hand(2) == FULL_HAND
    assert all(game.in_play(s) == [] for s in range(3))


def test_r29_public_works_cannot_reclaim_cards_of_this_debate() -> None:
    """R29: the power is used while this debate's cards are still in play."""
    game = rigged(3, full_docket(3, "public_works"), opener=0)
    play(game, "topic public_works", "play 2", "withdraw", "withdraw")
    assert game.discards(0) == NO_CARDS
    assert (game.decision, game.to_move) == ("award", 0)
    assert game.in_play(0) == ["2"]
    game.apply("give 0")
    assert game.discards(0) == cards(two=1)
    game = rigged(3, full_docket(3, "public_works"), opener=0)
    settle(game, "imperium", 0)
    assert game.discards(0) == cards(one=1)
    play(game, "topic public_works", "play 5", "withdraw", "withdraw")
    assert (game.decision, game.to_move) == ("power", 0)
    assert texts(game) == ["reclaim 1", "skip"]


def test_r29_war_takes_cards_from_hands_only() -> None:
    """R29: a card in play is not in hand, so War cannot take it."""
    game = rigged(3, full_docket(3, "war"), opener=0)
    play(game, "topic war", "play 1", "play 5", "withdraw", "play 5")
    events = game.apply("withdraw")
    assert args_of(events, "debate_won") == [{"seat": 0, "topic": "war", "total": 6}]
    events = game.apply("name 5")
    assert dicts(events) == [ev("card_named", seat=0, card="5", discarded=[0, 0, 1])]
    events = game.apply("give 0")
    assert args_of(events, "cards_resolved") == [
        {"discarded": [["1", "5"], [], []], "returned": [[], ["5"], []]}
    ]
    assert game.hand(1) == FULL_HAND
    assert game.discards(2) == cards(five=1)


def test_r30_every_conflicting_proposed_token_goes_back_with_the_new_one() -> None:
    """R30: the arriving token and all proposed tokens it conflicts with return to the
    forum; proposed tokens it does not conflict with stay."""
    game = rigged(3, full_docket(3, "taxes", "taxes", "war", "public_works"), opener=0)
    settle(game, "taxes", 0)
    settle(game, "taxes", 0)
    settle(game, "war", 0)
    assert game.proposed(0) == ["taxes", "taxes", "war"]
    forum = game.forum
    events = settle(game, "public_works", 0)
    assert args_of(events, "conflict") == [
        {"seat": 0, "kind": "public_works", "lost": ["taxes", "taxes"]}
    ]
    assert "token_proposed" not in ids(events)
    assert game.proposed(0) == ["war"]
    assert game.forum == {
        **forum,
        "taxes": forum["taxes"] + 2,
        "public_works": forum["public_works"] + 1,
    }


def test_r30_a_token_conflicting_with_two_kinds_clears_both() -> None:
    """R30: War conflicts with both Rebellion and Trade; all three go back."""
    game = rigged(3, full_docket(3, "rebellion", "trade", "war"), opener=0)
    settle(game, "rebellion", 2, to=1)
    settle(game, "trade", 1, to=1)
    assert game.proposed(1) == ["rebellion", "trade"]
    events = settle(game, "war", 0, to=1)
    assert args_of(events, "conflict") == [
        {"seat": 1, "kind": "war", "lost": ["rebellion", "trade"]}
    ]
    assert game.proposed(1) == []
    assert game.forum["war"] == 5
    assert game.forum["rebellion"] == 5
    assert game.forum["trade"] == 5


def test_r30_conflicts_are_checked_only_for_the_recipient() -> None:
    """R30: a token given to another player is checked against that player's tokens."""
    game = rigged(3, full_docket(3, "rebellion", "war"), opener=0)
    settle(game, "rebellion", 0)
    events = settle(game, "war", 0, to=2)
    assert args_of(events, "conflict") == []
    assert game.proposed(0) == ["rebellion"]
    assert game.proposed(2) == ["war"]


def test_r30_r40_a_conflict_leaves_no_token_of_either_kind_to_count() -> None:
    """R30, R40: after a conflict the player holds none of the tokens involved, so they
    count for nothing, and a later token of the lost kind is proposed as usual."""
    game = rigged(3, full_docket(3, "rebellion", "public_works", "rebellion"), opener=0)
    settle(game, "rebellion", 0)
    assert game.scores()[0] == (1, 0, 0)
    events = settle(game, "public_works", 0)
    assert args_of(events, "conflict") == [
        {"seat": 0, "kind": "public_works", "lost": ["rebellion"]}
    ]
    assert game.proposed(0) == []
    assert game.scores()[0] == (0, 0, 0)
    events = settle(game, "rebellion", 0)
    assert args_of(events, "token_proposed") == [{"seat": 0, "kind": "rebellion"}]
    assert game.scores()[0] == (1, 0, 0)


def test_r31a_phase_goes_on_while_a_consul_is_face_up() -> None:
    """R31a: an empty docket does not end the phase while a consul is face up."""
    game = rigged(3, ["imperium"] * 5 + ["public_works", "trade"], opener=0)
    for _ in range(7):
        settle(game, game.docket[0], last_in_order(game))
    assert game.docket == []
    assert game.consuls_up == 2
    assert (game.round, game.decision) == (1, "topic")
    assert texts(game) == ["topic consul"]
    events = settle(game, "consul", last_in_order(game))
    assert "round_end" not in ids(events)
    assert texts(game) == ["topic consul"]
    events = settle(game, "consul", last_in_order(game))
    assert ids(events)[-3:] == ["round_end", "round_start", "docket_filled"]
    assert game.round == 2


def test_r31a_phase_goes_on_while_an_agenda_token_is_left() -> None:
    """R31a: flipped consuls do not end the phase while the docket holds a token; the
    phase ends with the last one."""
    game = rigged(3, ["imperium"] * 5 + ["public_works", "trade"], opener=0)
    settle(game, "consul", last_in_order(game))
    settle(game, "consul", last_in_order(game))
    assert game.consuls_up == 0
    for _ in range(6):
        events = settle(game, game.docket[0], last_in_order(game))
        assert "round_end" not in ids(events)
        assert "topic consul" not in texts(game)
    assert len(game.docket) == 1
    events = settle(game, game.docket[0], last_in_order(game))
    assert "round_end" in ids(events)
    assert game.round == 2


def test_r31b_phase_ends_when_no_player_holds_a_card() -> None:
    """R31b: once every hand is empty no new debate starts, whatever the docket holds."""
    game, last = drained_round()
    assert ids(last) == [
        "withdrawn",
        "debate_won",
        "imperium_passed",
        "cards_resolved",
        "round_end",
        "round_start",
        "docket_filled",
    ]
    assert args_of(last, "round_end") == [{"round": 1, "scores": [[1, 1, 1]] * 3}]
    assert game.round == 2


def test_r31b_a_lone_assassin_in_hand_keeps_the_phase_going() -> None:
    """R31b: "no player has any card in hand (Assassin included)"."""
    game = rigged(3, ["imperium"] * 5 + ["public_works", "trade"], opener=0)
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic consul", "play 2 2 5", "assassin")
    play(game, "topic imperium", "play 2 2 5", "withdraw", "withdraw")
    play(game, "topic imperium", "play 1 1 2", "withdraw", "withdraw")
    play(game, "topic imperium", "withdraw", "play 1 1 2", "withdraw")
    events = play(game, "topic imperium", "withdraw", "play 1 1 2", "withdraw")
    assert "round_end" not in ids(events)
    assert [game.hand(s) for s in range(3)] == [cards(assassin=1), NO_CARDS, NO_CARDS]
    assert (game.round, game.decision, game.to_move) == (1, "topic", 1)
    events = play(game, "topic imperium", "withdraw", "withdraw")
    assert args_of(events, "debate_won") == [{"seat": 0, "topic": "imperium", "total": 0}]
    assert "round_end" not in ids(events)
    assert (game.round, game.decision, game.to_move) == (1, "topic", 0)
    events = play(game, "topic public_works", "assassin")
    assert "round_end" in ids(events)
    assert game.round == 2
    assert "trade" in game.docket


# ---------------------------------------------------------------------- 3. Clean-up


def test_r32_discards_return_to_hand_tokens_and_veto_stay() -> None:
    """R32: every player takes their discard pile back (all 7 cards); proposed and passed
    tokens and the veto stay where they are."""
    game = rigged(3, ["taxes", "war", "rebellion", *["imperium"] * 4], opener=0)
    play(game, "topic taxes", "play 2 5", "withdraw", "withdraw", "take veto", "give 0")
    assert game.veto == 0
    assert game.discards(0) == cards(two=1, five=1)
    while game.docket or game.consuls_up > 1:
        kind = game.docket[0] if game.docket else "consul"
        settle(game, kind, last_in_order(game))
    proposed = [game.proposed(s) for s in range(3)]
    passed = [game.passed(s) for s in range(3)]
    assert sum(len(p) for p in proposed) > 0
    assert sum(len(p) for p in passed) > 0
    events = kill(game, "consul")
    assert args_of(events, "round_end") == [
        {
            "round": 1,
            "scores": [
                [len(proposed[s]) + len(passed[s]), passed[s].count("imperium"), len(passed[s])]
                for s in range(3)
            ],
        }
    ]
    assert game.round == 2
    assert [game.hand(s) for s in range(3)] == [FULL_HAND] * 3
    assert [game.discards(s) for s in range(3)] == [NO_CARDS] * 3
    assert [game.in_play(s) for s in range(3)] == [[], [], []]
    assert [game.proposed(s) for s in range(3)] == proposed
    assert [game.passed(s) for s in range(3)] == passed
    assert game.veto == 0


def test_r32_assassin_discards_return_at_clean_up() -> None:
    """R32: Assassin-discarded cards come back to hand at clean-up too."""
    game, _ = drained_round()
    assert [game.hand(s) for s in range(3)] == [FULL_HAND] * 3
    assert [game.discards(s) for s in range(3)] == [NO_CARDS] * 3


def test_r33_forum_is_shuffled_before_the_next_draw() -> None:
    """R33: tokens back in the forum are drawn again at random in the next round."""
    drawn = set()
    for seed in range(1, 9):
        game, last = drained_round(seed=seed)
        kinds = args_of(last, "docket_filled")[0]["kinds"]
        assert len(kinds) == 4
        drawn.add(tuple(kinds))
        assert game.forum["war"] == 5 - game.docket.count("war")
        assert game.forum_size == 30 - 7 - 3
    assert len(drawn) > 1


OWNERS_TWO_WAY = {
    "imperium": [0, 1],
    "public_works": [0] * 5,
    "trade": [0, 0],
    "war": [1] * 5,
    "taxes": [1, 1],
    "rebellion": [2] * 5,
}
DRAWS_TWO_WAY = [
    *["imperium", "public_works", "public_works", "war", "war", "rebellion", "rebellion"],
    *["imperium", "public_works", "public_works", "war", "war", "rebellion", "rebellion"],
    *["public_works", "trade", "trade", "war", "taxes", "taxes", "rebellion"],
]


def two_way_game() -> sc.Game:
    return rigged(3, DRAWS_TWO_WAY[:7], later_draws=DRAWS_TWO_WAY[7:], opener=0)


def test_r33_the_game_lasts_exactly_three_rounds() -> None:
    """R33: after round 3 the game ends; no action is legal after."""
    game = two_way_game()
    events = drive_game(game, OWNERS_TWO_WAY, [None] * 6)
    all_events = game.log
    assert [a["round"] for a in args_of(all_events, "round_start")] == [1, 2, 3]
    assert [a["round"] for a in args_of(all_events, "round_end")] == [1, 2, 3]
    assert ids(events)[-2:] == ["round_end", "game_end"]
    assert game.round == 3
    assert game.decision == "over"
    assert game.to_move is None
    assert game.legal_actions() == []
    assert_illegal(game, "topic consul", "R40")
    assert_illegal(game, "withdraw", "R40")


# ---------------------------------------------------------------------- 5. Winning the game


def test_r40_no_winner_before_the_game_ends() -> None:
    """R40: the tokens are counted after the third round only."""
    game = two_way_game()
    settle(game, "imperium", 0)
    assert game.scores() == [(1, 1, 1), (0, 0, 0), (0, 0, 0)]
    assert game.winners() == []


def test_r40_a_seat_scores_only_its_own_tokens() -> None:
    """R40: each player counts their own tokens; a neighbour's passed tokens are not
    theirs."""
    game = rigged(3, full_docket(3, "public_works"), opener=0)
    settle(game, "public_works", 1)
    settle(game, "consul", 1)
    assert game.passed(1) == ["public_works"]
    assert game.scores() == [(0, 0, 0), (1, 0, 1), (0, 0, 0)]


def test_r40_shared_victory_for_players_still_tied() -> None:
    """R40: equal tokens, Imperium and passed tokens: the victory is shared."""
    game = two_way_game()
    events = drive_game(game, OWNERS_TWO_WAY, [None] * 6)
    assert game.scores() == [(8, 1, 1), (8, 1, 1), (5, 0, 0)]
    assert game.winners() == [0, 1]
    assert args_of(events, "game_end") == [
        {"scores": [[8, 1, 1], [8, 1, 1], [5, 0, 0]], "winners": [0, 1]}
    ]


def test_r40_three_way_shared_victory() -> None:
    """R40: all three players tied on every count share the victory."""
    draws = [
        *["imperium", "public_works", "public_works", "war", "war", "rebellion", "rebellion"],
        *["imperium", "public_works", "public_works", "war", "war", "rebellion", "rebellion"],
        *["imperium", "public_works", "trade", "war", "taxes", "rebellion", "taxes"],
    ]
    owners = {
        "imperium": [0, 1, 2],
        "public_works": [0] * 5,
        "trade": [0],
        "war": [1] * 5,
        "taxes": [1, 2],
        "rebellion": [2] * 5,
    }
    game = rigged(3, draws[:7], later_draws=draws[7:], opener=0)
    events = drive_game(game, owners, [None] * 6)
    assert game.scores() == [(7, 1, 1)] * 3
    assert game.winners() == [0, 1, 2]
    assert args_of(events, "game_end")[0]["winners"] == [0, 1, 2]


@pytest.mark.parametrize("seat", [0, 1])
def test_r40_tie_on_tokens_and_imperium_broken_by_passed_tokens(seat: int) -> None:
    """R40: tied on tokens and Imperium, the player with more passed tokens wins."""
    game = two_way_game()
    events = drive_game(game, OWNERS_TWO_WAY, [None] * 5 + [seat])
    scores = [(8, 1, 1), (8, 1, 1), (5, 0, 0)]
    scores[seat] = (8, 1, 8)
    assert game.scores() == scores
    assert game.winners() == [seat]
    assert args_of(events, "game_end") == [{"scores": [list(s) for s in scores], "winners": [seat]}]


def test_r40_tie_on_tokens_broken_by_imperium_before_passed() -> None:
    """R40: tied on tokens, most Imperium wins even against more passed tokens."""
    draws = [
        *["imperium", "imperium", "public_works", "public_works", "war", "war", "rebellion"],
        *["imperium", "public_works", "public_works", "war", "war", "rebellion", "rebellion"],
        *["public_works", "trade", "war", "taxes", "taxes", "rebellion", "rebellion"],
    ]
    owners = {
        "imperium": [0, 0, 1],
        "public_works": [0] * 5,
        "trade": [0],
        "war": [1] * 5,
        "taxes": [1, 1],
        "rebellion": [2] * 5,
    }
    game = rigged(3, draws[:7], later_draws=draws[7:], opener=0)
    drive_game(game, owners, [None] * 5 + [1])
    assert game.scores() == [(8, 2, 2), (8, 1, 8), (5, 0, 0)]
    assert game.winners() == [0]


def test_r40_most_tokens_wins_whatever_imperium_and_passed() -> None:
    """R40: the count of tokens, proposed plus passed, decides first."""
    draws = [
        *["imperium", "imperium", "public_works", "public_works", "trade", "war", "war"],
        *["imperium", "imperium", "public_works", "public_works", "trade", "war", "war"],
        *["imperium", "public_works", "trade", "trade", "war", "taxes", "taxes"],
    ]
    owners = {
        "imperium": [0] * 5,
        "public_works": [1] * 5,
        "trade": [1] * 4,
        "war": [2] * 5,
        "taxes": [2, 2],
    }
    game = rigged(3, draws[:7], later_draws=draws[7:], opener=0)
    drive_game(game, owners, [None] * 5 + [2])
    assert game.scores() == [(5, 5, 5), (9, 0, 0), (7, 0, 7)]
    assert game.winners() == [1]


def test_r40_proposed_tokens_count_as_much_as_passed() -> None:
    """R40: "all their agenda tokens, proposed plus passed"."""
    game = two_way_game()
    drive_game(game, OWNERS_TWO_WAY, [None] * 6)
    for seat in range(3):
        total, imperium, passed = game.scores()[seat]
        assert total == len(game.proposed(seat)) + len(game.passed(seat))
        assert imperium == (game.proposed(seat) + game.passed(seat)).count("imperium")
        assert passed == len(game.passed(seat))
    assert game.proposed(2) == ["rebellion"] * 5
