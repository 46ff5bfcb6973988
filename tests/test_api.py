"""The public API: notation, configuration, queries, events, copies, saves and records."""

from __future__ import annotations

import inspect
import json
import random

import pytest

import senator_core as sc
from senator_core.actions import _INTERNED, NOTATION
from senator_core.refusals import error_text
from senator_core.rules import DOCKET_SIZE

from .scenario import play, rigged


def random_game(players: int = 4, seed: int = 3, moves: int = 40) -> sc.Game:
    game = sc.new_game(sc.GameConfig(players=players, seed=seed))
    chooser = random.Random(seed)
    for _ in range(moves):
        if game.to_move is None:
            break
        game.apply(chooser.choice(game.legal_actions()))
    return game


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("topic war", "topic war"),
        ("  TOPIC   Consul ", "topic consul"),
        ("play 2 1 2", "play 1 2 2"),
        ("play 5 1 1 2 2 2", "play 1 1 2 2 2 5"),
        ("assassin", "assassin"),
        ("assassin 2 1", "assassin 1 2"),
        ("withdraw", "withdraw"),
        ("reclaim 5", "reclaim 5"),
        ("reclaim assassin", "reclaim assassin"),
        ("discard public_works", "discard public_works"),
        ("flip consul", "flip consul"),
        ("take veto", "take veto"),
        ("take trade", "take trade"),
        ("name assassin", "name assassin"),
        ("skip", "skip"),
        ("give 3", "give 3"),
        ("veto", "veto"),
        ("accept", "accept"),
    ],
)
def test_parse_accepts_spacing_case_and_card_order(text: str, canonical: str) -> None:
    action = sc.parse_action(text)
    assert str(action) == canonical
    assert sc.parse_action(canonical) is action, "equal actions are one interned value"


@pytest.mark.parametrize(
    ("text", "reason", "args"),
    [
        ("", "empty", {}),
        ("   ", "empty", {}),
        ("dance", "unknown_verb", {"verb": "dance"}),
        ("topic", "one_word", {"verb": "topic"}),
        ("topic bread", "not_kind_or_consul", {"word": "bread"}),
        ("topic war war", "one_word", {"verb": "topic"}),
        ("play", "no_cards", {}),
        ("play 3", "not_influence_card", {"word": "3"}),
        ("play assassin", "not_influence_card", {"word": "assassin"}),
        ("play 1 1 1", "too_many_cards", {"card": "1", "n": 2}),
        ("play 5 5", "too_many_cards", {"card": "5", "n": 1}),
        ("play 2 2 2 2", "too_many_cards", {"card": "2", "n": 3}),
        ("assassin assassin", "not_influence_card", {"word": "assassin"}),
        ("withdraw now", "nothing_after", {"verb": "withdraw"}),
        ("reclaim 7", "not_card", {"word": "7"}),
        ("discard consul", "not_kind", {"word": "consul"}),
        ("flip war", "not_consul", {}),
        ("take", "one_word", {"verb": "take"}),
        ("take peace", "not_kind_or_veto", {"word": "peace"}),
        ("name 3", "not_card", {"word": "3"}),
        ("give", "one_word", {"verb": "give"}),
        ("give -1", "not_seat", {"word": "-1", "last": 4}),
        ("give 5", "not_seat", {"word": "5", "last": 4}),
        ("give ²", "not_seat", {"word": "²", "last": 4}),
        ("give one", "not_seat", {"word": "one", "last": 4}),
        ("veto 1", "nothing_after", {"verb": "veto"}),
        ("x" * 500, "too_long", {}),
    ],
)
def test_malformed_actions_raise_the_notation_error_with_its_reason(
    text: str, reason: str, args: dict[str, object]
) -> None:
    """Text the notation cannot read is an InvalidActionError (an IllegalActionError
    and a ValueError, never a ForbiddenActionError) whose problem names the reason;
    in words it quotes the text and gives the notation."""
    with pytest.raises(sc.InvalidActionError) as err:
        sc.parse_action(text)
    problem = err.value.problem
    assert (problem.reason, problem.args) == (reason, args)
    assert reason in sc.NOTATION_PROBLEMS
    assert isinstance(err.value, sc.IllegalActionError) and isinstance(err.value, ValueError)
    assert not isinstance(err.value, sc.ForbiddenActionError)
    said = error_text(err.value)
    assert said.startswith(f"malformed action {problem.text!r}: ")
    assert said.endswith(f"; the notation is {NOTATION}")
    assert problem.text == (text if len(text) <= 80 else text[:80] + "...")


def test_notation_errors_read_as_before() -> None:
    """The words of a notation error, as the engine said them before it gave data."""
    with pytest.raises(sc.InvalidActionError) as err:
        sc.parse_action("play 5 5")
    assert error_text(err.value) == (
        "malformed action 'play 5 5': a hand holds only 1 card(s) of 5 (R2); "
        f"the notation is {NOTATION}"
    )
    assert err.value.problem.rules == ("R2",)
    with pytest.raises(sc.InvalidActionError) as err:
        sc.parse_action("give one")
    assert error_text(err.value) == (
        f"malformed action 'give one': 'one' is not a seat number (0 to 4); "
        f"the notation is {NOTATION}"
    )


def test_parse_rejects_what_is_not_text() -> None:
    with pytest.raises(sc.InvalidActionError) as err:
        sc.parse_action(3)  # type: ignore[arg-type]
    assert err.value.problem.reason == "not_text"
    assert error_text(err.value) == "an action must be text, not int"


def test_failed_parses_intern_nothing() -> None:
    before = len(_INTERNED)
    for i in range(50):
        with pytest.raises(sc.IllegalActionError):
            sc.parse_action(f"play {i + 7}")
    assert len(_INTERNED) == before


def test_actions_are_immutable_and_carry_their_cards() -> None:
    action = sc.parse_action("play 2 1 5")
    assert (action.verb, action.cards, action.value, action.count) == ("play", (1, 1, 1), 8, 3)
    assert action.names == ("1", "2", "5")
    with pytest.raises(AttributeError):
        action.value = 3  # type: ignore[misc]
    assert repr(action) == "Action('play 1 2 5')"


def test_legal_actions_are_stable_and_canonical() -> None:
    game = random_game(moves=25)
    first = game.legal_actions()
    assert first == game.legal_actions()
    assert all(sc.parse_action(str(a)) is a for a in first)
    first.clear()
    assert game.legal_actions(), "the caller's list is a copy"


# ---------------------------------------------------------------- configuration


def test_defaults_and_seed_are_stored() -> None:
    game = sc.new_game()
    assert game.players == 4
    assert isinstance(game.config.seed, int)
    assert game.names == ("Cassius", "Brutus", "Livia", "Marcus")
    again = sc.new_game(game.config)
    assert again.to_json() == game.to_json(), "the stored seed replays the deal"


def test_config_gives_back_what_it_was_given() -> None:
    variants = sc.Variants(taxes="centre_only", war="all_copies")
    config = sc.GameConfig(
        players=3, seed=9, first_opener=2, names=(" Ann ", "Bo", "Cy"), variants=variants
    )
    game = sc.new_game(config)
    assert game.names == ("Ann", "Bo", "Cy")
    assert game.config.variants == variants
    assert game.opener == 2 and game.to_move == 2
    assert sc.GameConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 2}, "3 to 5 players"),
        ({"players": 6}, "3 to 5 players"),
        ({"players": "4"}, "whole number"),
        ({"players": True}, "whole number"),
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"first_opener": 4}, "first_opener"),
        ({"first_opener": -1}, "first_opener"),
        ({"names": ("a", "b")}, "one name for each"),
        ({"names": "abcd"}, "one name for each"),
        ({"names": ("a", "b", "", "d")}, "empty"),
        ({"names": ("a", "b", "c", "x" * 41)}, "longer than"),
        ({"names": ("a", "b", "c", "d\x00")}, "control"),
        ({"names": ("a", "b", "c", 4)}, "text"),
        ({"draws": ("war", "peace")}, "not an agenda kind"),
        ({"draws": ("war",) * 6}, "only 5 tokens"),
        ({"event_order": ("hannibal", "pax")}, "not an event"),
        ({"event_order": ("hannibal", "hannibal")}, "twice"),
        (
            {"event_order": ("hannibal",), "variants": sc.Variants(events="off")},
            "events are off",
        ),
    ],
)
def test_impossible_configs_raise_value_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sc.GameConfig(**kwargs)  # type: ignore[arg-type]


def test_variants_reject_unknown_values() -> None:
    with pytest.raises(ValueError, match="taxes must be one of"):
        sc.Variants(taxes="nowhere")
    with pytest.raises(ValueError, match="unknown variant"):
        sc.Variants.from_dict({"mood": "grim"})


def test_hostile_names_are_kept_as_text() -> None:
    name = "<img src=x onerror=alert(1)>"
    game = sc.new_game(sc.GameConfig(players=3, seed=1, names=(name, "B", "C")))
    assert game.names[0] == name
    assert sc.Game.from_json(game.to_json()).names[0] == name


def test_scripts_rig_the_docket_and_the_events() -> None:
    game = rigged(4, ["war"] * 5 + ["trade"] * 4, events=["imperator", "hannibal"])
    assert game.docket == ["trade"] * 4 + ["war"] * 5
    assert game.event == "imperator"
    assert game.event_deck == sorted(
        {"socialis_bellum", "hannibal", "incursio_barbara", "ludi_gladiatorum", "spartacus"},
        key=sc.EVENTS.index,
    )


# ---------------------------------------------------------------- queries


def test_queries_describe_a_fresh_game() -> None:
    config = sc.GameConfig(players=5, seed=4, first_opener=1, variants=sc.Variants(events="off"))
    game = sc.new_game(config)
    assert game.round == 1 and game.decision == "topic" and game.to_move == 1
    assert game.event is None and game.event_deck == []
    assert len(game.docket) == DOCKET_SIZE[5]
    assert game.forum_size == 30 - DOCKET_SIZE[5]
    assert sum(game.forum.values()) == game.forum_size
    assert game.consuls_up == 2
    assert game.veto is None and game.topic is None
    for seat in range(5):
        assert game.hand(seat) == {"1": 2, "2": 3, "5": 1, "assassin": 1}
        assert game.discards(seat) == {"1": 0, "2": 0, "5": 0, "assassin": 0}
        assert game.in_play(seat) == [] and game.withdrawn(seat) is False
        assert game.proposed(seat) == [] and game.passed(seat) == []
    assert game.scores() == [(0, 0, 0)] * 5
    assert game.winners() == []


def test_queries_reject_missing_seats() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=1))
    for bad in (3, -1, "0"):
        with pytest.raises(ValueError, match="no seat"):
            game.hand(bad)  # type: ignore[arg-type]


def test_topic_and_opener_follow_the_debate() -> None:
    """R18, R19, R56: the topic counts from its choice until the debate is resolved."""
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic consul")
    assert game.topic == "consul" and game.consuls_up == 1
    play(game, "play 1", "withdraw", "withdraw")
    assert game.topic is None and game.opener == 0 and game.decision == "topic"
    play(game, "topic war", "withdraw", "play 2")
    assert game.topic == "war" and game.opener == 0
    play(game, "withdraw")
    assert game.decision == "power" and game.topic == "war" and game.debate_winner == 1
    play(game, "skip", "give 2")
    assert game.topic is None and game.opener == 1 and game.proposed(2) == ["war"]


# ---------------------------------------------------------------- events and log


def test_every_event_is_documented_and_json_able() -> None:
    seen: set[str] = set()
    for seed in range(60):
        game = random_game(players=3 + seed % 3, seed=seed, moves=10_000)
        for event in game.log:
            assert event.id in sc.EVENT_IDS
            json.dumps(event.to_dict())
            assert sc.Event.from_dict(event.to_dict()).to_dict() == event.to_dict()
            seen.add(event.id)
    assert "setup" in seen and "game_end" in seen
    assert len(seen) >= 28, sorted(set(sc.EVENT_IDS) - seen)


def test_apply_returns_what_the_log_gains() -> None:
    game = random_game(moves=0)
    before = len(game.log)
    assert [e.id for e in game.log[:3]] == ["setup", "round_start", "docket_filled"]
    chooser = random.Random(1)
    while game.to_move is not None:
        events = game.apply(chooser.choice(game.legal_actions()))
        assert game.log[before:] == events
        before += len(events)


def test_event_from_dict_rejects_junk() -> None:
    for junk in (None, [], {"id": "bid"}, {"id": "nope", "args": {}}, {"id": "bid", "args": 1}):
        with pytest.raises(ValueError, match="not a game event"):
            sc.Event.from_dict(junk)


# ---------------------------------------------------------------- apply and errors


def test_illegal_action_names_the_rule_and_the_legal_ones() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    before = game.to_json()
    with pytest.raises(sc.IllegalActionError) as err:
        game.apply("play 2")
    message = str(err.value)
    assert "R19" in message and "legal: topic rebellion" in message
    assert game.to_json() == before
    with pytest.raises(sc.IllegalActionError, match="malformed"):
        game.apply("play 9")
    assert game.to_json() == before


def test_no_action_is_legal_when_the_game_is_over() -> None:
    game = random_game(moves=10_000)
    assert game.decision == "over" and game.to_move is None and game.legal_actions() == []
    with pytest.raises(sc.IllegalActionError, match="R40"):
        game.apply("withdraw")


# ---------------------------------------------------------------- copies


def test_clone_is_equal_independent_and_continues_the_same() -> None:
    game = random_game(moves=30)
    twin = game.clone()
    assert twin.to_json() == game.to_json()
    chooser = random.Random(5)
    moves = []
    while twin.to_move is not None:
        action = chooser.choice(twin.legal_actions())
        moves.append(action)
        twin.apply(action)
    assert game.moves == 30, "the original did not move"
    for action in moves:
        game.apply(action)
    assert game.to_json() == twin.to_json()
    assert game.log == twin.log


# What `clone` does with a field other than copying it: the whole exception list.
CLONE_SHARES = {"_legal"}  # the cached legal actions: a list nobody mutates
CLONE_EMPTIES = {"_out"}  # the events of the action being applied: the copy's own


def test_clone_copies_every_field() -> None:
    """Every slot of a clone holds a value equal to the original's, and no mutable
    container is shared, at every position of a few games (so a field added to
    `__slots__` and forgotten in `clone`, or copied by reference, fails here)."""
    assert set(inspect.get_annotations(sc.Game)) == set(sc.Game.__slots__)
    assert set(sc.Game.__slots__) >= CLONE_SHARES | CLONE_EMPTIES
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        game = sc.new_game(sc.GameConfig(players=players, seed=seed))
        chooser = random.Random(seed)
        while True:
            twin = game.clone()
            for name in sc.Game.__slots__:
                mine, copied = getattr(game, name), getattr(twin, name)
                if name in CLONE_EMPTIES:
                    assert copied == [] and copied is not mine, name
                    continue
                assert copied == mine, name
                if isinstance(mine, list | dict | set) and name not in CLONE_SHARES:
                    assert copied is not mine, f"clone shares {name}"
            if game.to_move is None:
                break
            game.apply(chooser.choice(game.legal_actions()))


def finish_round(game: sc.Game) -> None:
    """Plays the current round out: everyone withdraws, every other choice is the first."""
    number = game.round
    while game.round == number and game.to_move is not None:
        game.apply("withdraw" if game.decision == "debate" else game.legal_actions()[0])


def test_reseeded_clone_samples_another_future() -> None:
    """Two reseeds of one position differ in what chance brings next, never in the past."""
    game = rigged(3, ["war"] * 3 + ["trade"] * 4)
    futures = set()
    for seed in range(12):
        copy = game.clone(reseed=seed)
        assert copy.docket == game.docket and copy.hand(0) == game.hand(0)
        finish_round(copy)
        futures.add(tuple(copy.docket))
    assert len(futures) > 1
    again, same = game.clone(reseed=3), game.clone(reseed=3)
    finish_round(again)
    finish_round(same)
    assert again.to_json() == same.to_json()


def test_reseed_drops_the_scripts() -> None:
    game = rigged(
        3, ["war"] * 5 + ["trade"] * 2, later_draws=["taxes"] * 5, events=["imperator", "hannibal"]
    )
    scripted = game.clone()
    finish_round(scripted)
    assert scripted.event == "hannibal"
    assert scripted.docket.count("taxes") == 5
    differ = 0
    for seed in range(5):
        copy = game.clone(reseed=seed)
        finish_round(copy)
        differ += (copy.event, copy.docket) != (scripted.event, scripted.docket)
    assert differ >= 4


def test_reseed_rejects_bad_seeds() -> None:
    with pytest.raises(ValueError):
        sc.new_game(sc.GameConfig(seed=1)).clone(reseed=-5)


# ---------------------------------------------------------------- saves and records


def test_same_config_and_actions_give_identical_json() -> None:
    first = random_game(seed=8, moves=70)
    second = sc.new_game(first.config)
    for action in first.actions:
        second.apply(str(action))
    assert second.to_json() == first.to_json()


def test_json_round_trip_continues_exactly() -> None:
    game = random_game(seed=12, moves=55)
    loaded = sc.Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.log == game.log
    a, b = random.Random(2), random.Random(2)
    while game.to_move is not None:
        game.apply(a.choice(game.legal_actions()))
        loaded.apply(b.choice(loaded.legal_actions()))
    assert loaded.to_json() == game.to_json()
    assert loaded.log == game.log


def test_record_replays_even_after_a_reseed() -> None:
    game = random_game(seed=21, moves=20).clone(reseed=77)
    chooser = random.Random(3)
    for _ in range(40):
        game.apply(chooser.choice(game.legal_actions()))
    record = json.loads(json.dumps(game.record()))
    assert record["reseeds"] == [[20, 77]]
    assert sc.from_record(record).to_json() == game.to_json()
    assert sc.Game.from_json(game.to_json()).to_json() == game.to_json()


def corruptions(text: str) -> list[str]:
    data = json.loads(text)
    out = ["", "{", "[]", "null", '{"format": "chess"}', text[: len(text) // 2]]
    bumped = json.loads(text)
    bumped["version"] = 99
    out.append(json.dumps(bumped))
    wrong_state = json.loads(text)
    wrong_state["state"]["seats"][0]["hand"]["5"] += 1
    out.append(json.dumps(wrong_state))
    wrong_action = json.loads(text)
    wrong_action["record"]["actions"][3] = "play 5 5 5"
    out.append(json.dumps(wrong_action))
    illegal = json.loads(text)
    illegal["record"]["actions"][0] = "give 1"
    out.append(json.dumps(illegal))
    not_text = json.loads(text)
    not_text["record"]["actions"][1] = 7
    out.append(json.dumps(not_text))
    bad_config = json.loads(text)
    bad_config["record"]["config"]["players"] = 9
    out.append(json.dumps(bad_config))
    no_seed = json.loads(text)
    no_seed["record"]["config"]["seed"] = None
    out.append(json.dumps(no_seed))
    extra = json.loads(text)
    extra["record"]["bonus"] = 1
    out.append(json.dumps(extra))
    bad_reseed = json.loads(text)
    bad_reseed["record"]["reseeds"] = [[1, "x"]]
    out.append(json.dumps(bad_reseed))
    other_seed = json.loads(text)
    other_seed["record"]["config"]["seed"] = data["record"]["config"]["seed"] + 1
    out.append(json.dumps(other_seed))
    return out


def test_corrupted_saves_raise_a_clear_value_error() -> None:
    text = random_game(seed=30, moves=40).to_json()
    for bad in corruptions(text):
        with pytest.raises(ValueError) as err:
            sc.Game.from_json(bad)
        assert str(err.value), "the message says what is wrong"
        assert not isinstance(err.value, sc.IllegalActionError) or "record" in str(err.value)


def test_replay_rejects_junk_records() -> None:
    for junk in (None, [], {"config": {}}, {"actions": "topic war"}):
        with pytest.raises(ValueError, match="record"):
            sc.from_record(junk)
