"""Seeded random games, checked after every action, in the manner of OpenSpiel's game tests.

500 complete games per player count, spread over all 32 combinations of the
variant switches (each some fifteen times). Conservation of cards and tokens is
checked after every action of every game; every other invariant after every action
of the first 250 games per player count (`check_invariants`); the costly checks
(every legal action accepted, illegal ones rejected, clones, JSON and record
round-trips) on a seeded sample of positions.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

import senator_core as sc
from senator_core.config import VARIANT_VALUES
from senator_core.rules import CARDS_PER_PLAYER, DOCKET_SIZE, HAND, ROUNDS, TOKENS

GAMES_PER_COUNT = 500
FULLY_CHECKED = 250  # games per player count with every invariant after every action
COSTLY_SAMPLE = 0.004  # share of positions that get the costly checks

ALL_VARIANTS = [
    sc.Variants(**dict(zip(VARIANT_VALUES, values, strict=True)))
    for values in itertools.product(*VARIANT_VALUES.values())
]

# Texts that parse but are seldom legal: probes for rejection.
PROBES = [
    str(sc.parse_action(t))
    for t in (
        "topic consul",
        "topic imperium",
        "topic war",
        "play 1",
        "play 5",
        "play 1 1 2 2 2 5",
        "assassin",
        "assassin 1",
        "withdraw",
        "reclaim 2",
        "reclaim assassin",
        "discard war",
        "flip consul",
        "take veto",
        "take imperium",
        "take trade",
        "name 5",
        "skip",
        "give 0",
        "give 4",
        "veto",
        "accept",
    )
]


def check_conservation(game: sc.Game) -> None:
    """After every action: 30 tokens and 7 cards a player accounted for, scores
    consistent (R2, R3, R5, R40)."""
    topic = game.topic
    tokens = len(game.docket) + game.forum_size + (topic is not None and topic != "consul")
    scores = game.scores()
    for seat in range(game.players):
        hand, discards = game.hand(seat), game.discards(seat)
        in_play = game.in_play(seat)
        for card, full in zip(sc.CARDS, HAND, strict=True):
            assert hand[card] + discards[card] + in_play.count(card) == full, (seat, card)
        proposed, passed = game.proposed(seat), game.passed(seat)
        tokens += len(proposed) + len(passed)
        assert scores[seat] == (
            len(proposed) + len(passed),
            (proposed + passed).count("imperium"),
            len(passed),
        )
    assert tokens == TOKENS


def check_invariants(game: sc.Game) -> None:
    """Everything else that must hold in every position (R2, R6, R7, R9, R20, R34)."""
    n = game.players
    check_conservation(game)
    assert sum(game.forum.values()) == game.forum_size
    for seat in range(n):
        discards = game.discards(seat)
        assert all(game.assassinated(seat)[c] <= discards[c] for c in sc.CARDS)
        assert (
            sum(game.hand(seat).values()) + sum(discards.values()) + len(game.in_play(seat))
            == CARDS_PER_PLAYER
        )
        if game.decision in ("topic", "over"):
            assert not game.in_play(seat) and not game.withdrawn(seat)
    assert 0 <= game.consuls_up <= 2
    assert game.veto is None or 0 <= game.veto < n
    assert 1 <= game.round <= ROUNDS
    assert (game.to_move is None) == (game.decision == "over")
    if game.decision != "over":
        assert game.legal_actions(), "a pending decision always has a legal action"
    if game.decision == "debate":
        assert game.topic is not None
        assert not game.withdrawn(game.to_move)


def check_costly(game: sc.Game, rng: random.Random) -> None:
    """Every legal action accepted, probes rejected unchanged, clones and saves equal."""
    check_invariants(game)
    before = game.to_json()
    legal = [str(a) for a in game.legal_actions()]
    assert len(set(legal)) == len(legal)
    for text in legal:
        copy = game.clone()
        copy.apply(text)
        assert game.to_json() == before, "a clone shares no state with its original"
    for text in PROBES:
        if text in legal:
            continue
        with pytest.raises(sc.IllegalActionError):
            game.apply(text)
        assert game.to_json() == before, "a rejected action changes nothing"
    assert sc.Game.from_json(before).to_json() == before
    replayed = sc.from_record(json.loads(json.dumps(game.record())))
    assert replayed.to_json() == before
    assert [e.to_dict() for e in replayed.log] == [e.to_dict() for e in game.log]
    # The clone continues exactly as the original does.
    twin = game.clone()
    seed = rng.randrange(1 << 30)
    a, b = random.Random(seed), random.Random(seed)
    for _ in range(25):
        if game.to_move is None:
            break
        game.apply(a.choice(game.legal_actions()))
        twin.apply(b.choice(twin.legal_actions()))
    assert twin.to_json().replace('"reseeds"', "") == game.to_json()


def play_random_game(players: int, index: int) -> None:
    """Plays game `index` of `players` at random, checking it after every action."""
    check = check_invariants if index < FULLY_CHECKED else check_conservation
    rng = random.Random(players * 100_000 + index)
    variants = ALL_VARIANTS[index % len(ALL_VARIANTS)]
    game = sc.new_game(sc.GameConfig(players=players, seed=index, variants=variants))
    assert len(game.docket) <= DOCKET_SIZE[players] + 3
    check_invariants(game)
    rounds_started = sum(e.id == "round_start" for e in game.log)
    while game.to_move is not None:
        if rng.random() < COSTLY_SAMPLE:
            check_costly(game.clone(), rng)
        legal = game.legal_actions()
        events = game.apply(rng.choice(legal))
        assert events, "every action causes at least one event"
        rounds_started += sum(e.id == "round_start" for e in events)
        check(game)
    assert rounds_started == ROUNDS
    assert game.round == ROUNDS and game.decision == "over"
    log = game.log
    assert [e.id for e in log].count("round_end") == ROUNDS
    assert log[-1].id == "game_end"
    assert log[-1].args["winners"] == game.winners()
    scores = game.scores()
    best = max(scores)
    assert game.winners() == [s for s in range(players) if scores[s] == best]
    json.dumps([e.to_dict() for e in log])


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("chunk", range(GAMES_PER_COUNT // FULLY_CHECKED))
def test_random_games_keep_every_invariant(players: int, chunk: int) -> None:
    """R1-R57 as invariants: 500 random games per player count, all variant switches."""
    per_chunk = FULLY_CHECKED
    for index in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        play_random_game(players, index)


def test_same_seed_same_game_different_seed_different_game() -> None:
    """A seed fixes the deal and the events; chance differs between seeds (R9, R12)."""
    first = sc.new_game(sc.GameConfig(players=4, seed=11))
    again = sc.new_game(sc.GameConfig(players=4, seed=11))
    assert first.to_json() == again.to_json()
    others = {
        (tuple(sc.new_game(sc.GameConfig(players=4, seed=s)).docket), s)[0] for s in range(20)
    }
    assert len(others) > 15
