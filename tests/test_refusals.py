"""Reasons as data: what `Game.apply` refuses carries its rule and numbers (`Refusal`),
unreadable notation is its own error (`NotationProblem`), an unreadable game too
(`LoadProblem`), and `refusals.py` says each in English, Polish and Russian."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import senator_core as sc
from senator_core import i18n
from senator_core.records import RecordError, read_record
from senator_core.refusals import error_text, refusal_text
from senator_core.rules import CARDS, KINDS

from .scenario import play, rigged, texts

DOCKET = ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"]


def refused(game: sc.Game, action: str) -> sc.Refusal:
    """The refusal `action` meets, the game left as it was."""
    before = game.to_json()
    with pytest.raises(sc.ForbiddenActionError) as info:
        game.apply(action)
    assert game.to_json() == before
    assert isinstance(info.value, sc.IllegalActionError) and isinstance(info.value, ValueError)
    return info.value.refusal


def data(refusal: sc.Refusal) -> tuple[str, tuple[str, ...], dict[str, object]]:
    return refusal.reason, refusal.rules, refusal.args


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    i18n.use("en")


def test_a_refused_play_carries_the_totals_the_seat_and_the_legal_moves() -> None:
    """R21: Brutus (seat 1) faces 4 and offers 2, a total of 2 where 5 is needed."""
    game = rigged(3, DOCKET)
    play(game, "topic war", "play 2 2")
    refusal = refused(game, "play 2")
    assert data(refusal) == ("too_low", ("R21",), {"total": 2, "needed": 5})
    assert (refusal.action, refusal.seat, refusal.who) == ("play 2", 1, "Brutus")
    assert refusal.decision == "debate"
    assert list(refusal.legal) == texts(game)
    assert data(refused(game, "give 1")) == ("must_bid", ("R20",), {})
    assert data(refused(game, "assassin 1")) == ("assassin_alone", ("R22", "R46"), {})


def test_a_play_of_cards_not_held_carries_the_hand() -> None:
    """R21: Cassius played his 5; a second 5 is not in his hand, which the refusal lists."""
    game = rigged(3, DOCKET)
    play(game, "topic war", "play 5", "play 1 5", "withdraw")
    refusal = refused(game, "play 5")
    held = ("1", "1", "2", "2", "2", "assassin")
    assert data(refusal) == ("not_held", ("R21",), {"held": held})
    assert (refusal.seat, refusal.who) == (0, "Cassius")


def test_the_topic_power_and_award_refusals_name_the_topic_kind_and_seat() -> None:
    """R19 a topic not in the docket; R26 the power then the award pending; R37 the
    power of Trade; R1 a seat the table does not have."""
    game = rigged(3, DOCKET)
    assert data(refused(game, "topic public_works")) == (
        "topic_not_in_docket",
        ("R19",),
        {"kind": "public_works"},
    )
    assert data(refused(game, "withdraw")) == ("must_choose_topic", ("R19",), {})
    play(game, "topic trade", "play 1", "withdraw", "withdraw")
    assert game.decision == "power"
    assert data(refused(game, "give 1")) == ("must_use_power", ("R26",), {"topic": "trade"})
    assert data(refused(game, "name 5")) == ("not_the_power", ("R37",), {"kind": "trade"})
    assert data(refused(game, "take imperium")) == ("trade_imperium", ("R37",), {})
    assert data(refused(game, "take public_works")) == (
        "take_not_in_docket",
        ("R37",),
        {"kind": "public_works"},
    )
    play(game, "skip")
    assert game.decision == "award"
    assert data(refused(game, "give 4")) == ("no_seat", ("R1",), {"seat": 4})
    assert data(refused(game, "accept")) == ("must_award", ("R26",), {"topic": "trade"})


def test_nothing_is_legal_once_the_game_is_over() -> None:
    """R40: a refusal after the end names no seat and lists no legal move."""
    game = sc.new_game(sc.GameConfig(players=3, seed=4))
    chooser = random.Random(4)
    while game.to_move is not None:
        game.apply(chooser.choice(game.legal_actions()))
    refusal = refused(game, "withdraw")
    assert data(refusal) == ("game_over", ("R40",), {})
    assert (refusal.seat, refusal.who, refusal.decision, refusal.legal) == (-1, "", "over", ())
    assert refusal_text(refusal) == "'withdraw' is not legal: the game is over (R40)"


def test_every_refusal_of_random_games_cites_its_rules_in_data_and_words() -> None:
    """At every position of seeded games under each variant, any action not legal is
    refused with a reason of REFUSALS, the rules that reason cites (the power's own for
    not_the_power), the seat to move and the legal moves; its words cite those rules."""
    probes = [f"topic {k}" for k in (*KINDS, "consul")] + [f"discard {k}" for k in KINDS]
    probes += [f"take {k}" for k in KINDS] + [f"reclaim {c}" for c in CARDS]
    probes += ["withdraw", "skip", "flip consul", "take veto", "veto", "accept", "assassin"]
    probes += ["give 0", "give 4", "name 5", "play 1", "play 5", "play 2 2 2", "assassin 1"]
    seen = set()
    for seed, variants in enumerate(
        [
            {},
            {"spartacus": "two_cards"},
            {"public_works": "not_assassinated", "taxes": "centre_only"},
        ]
        * 4
    ):
        game = sc.new_game(
            sc.GameConfig(players=3 + seed % 3, seed=seed, variants=sc.Variants(**variants))
        )
        chooser = random.Random(seed)
        while game.to_move is not None:
            legal = texts(game)
            for probe in chooser.sample(probes, 8):
                if probe in legal:
                    continue
                refusal = refused(game, probe)
                seen.add(refusal.reason)
                rules, _ = sc.REFUSALS[refusal.reason]
                if refusal.reason != "not_the_power":
                    assert ", ".join(refusal.rules) == rules, refusal
                assert refusal.seat == game.to_move and refusal.decision == game.decision
                assert list(refusal.legal) == legal
                assert f"({', '.join(refusal.rules)})" in refusal_text(refusal)
            game.apply(chooser.choice(legal))
    assert len(seen) >= 20, seen


def test_the_notation_error_is_not_a_rules_error() -> None:
    """Text no hand could mean is refused before the rules are asked: an
    InvalidActionError, never a ForbiddenActionError, the game left as it was."""
    game = rigged(3, DOCKET)
    before = game.to_json()
    with pytest.raises(sc.InvalidActionError) as info:
        game.apply("play 9")
    assert not isinstance(info.value, sc.ForbiddenActionError)
    assert info.value.problem == sc.NotationProblem("play 9", "not_influence_card", {"word": "9"})
    assert game.to_json() == before


def test_a_refusal_reads_the_same_in_each_language(speaking: None) -> None:
    """The words a player read before the engine gave data, in English, Polish and
    Russian."""
    game = rigged(3, DOCKET)
    play(game, "topic war", "play 5", "play 1 5", "withdraw")
    with pytest.raises(sc.ForbiddenActionError) as info:
        game.apply("play 5")
    legal = ", ".join(texts(game))
    expected = {
        "en": "'play 5' is not legal: Cassius does not hold those cards "
        f"(holds 1, 1, 2, 2, 2, assassin) (R21); legal: {legal}",
        "pl": "ruch 'play 5' jest niedozwolony: Cassius nie ma tych kart "
        f"(ma: 1, 1, 2, 2, 2, assassin) (R21); dozwolone: {legal}",
        "ru": "'play 5' — недопустимое действие: у игрока Cassius нет этих карт "
        f"(в руке: 1, 1, 2, 2, 2, assassin) (R21); допустимые действия: {legal}",
    }
    for lang, said in expected.items():
        i18n.use(lang)
        assert error_text(info.value) == said


def test_a_record_with_a_refused_move_says_why_in_each_language(speaking: None) -> None:
    """A save whose first move is not legal is an UnreadableGameError carrying the
    move's own error; the record reader words it as before."""
    game = rigged(3, DOCKET)
    play(game, "topic war")
    save = json.loads(game.to_json())
    save["record"]["actions"][0] = "accept"
    with pytest.raises(sc.UnreadableGameError) as info:
        sc.Game.from_json(json.dumps(save))
    problem = info.value.problem
    assert (problem.reason, problem.args) == ("action_illegal", {"number": 1, "action": "accept"})
    assert isinstance(problem.cause, sc.ForbiddenActionError)
    assert problem.cause.refusal.reason == "must_choose_topic"
    legal = "topic rebellion, topic taxes, topic trade, topic war, topic imperium, topic consul"
    expected = {
        "en": "the record's action 1 ('accept') is not legal: 'accept' is not legal: "
        f"Cassius must choose the topic of the next debate (R19); legal: {legal}",
        "pl": "ruch nr 1 ('accept') w zapisie gry jest niedozwolony: ruch 'accept' jest "
        f"niedozwolony: Cassius musi wybrać temat następnej debaty (R19); dozwolone: {legal}",
        "ru": "действие 1 в записи ('accept') недопустимо: 'accept' — недопустимое действие: "
        f"игрок Cassius должен выбрать цель следующих дебатов (R19); допустимые действия: {legal}",
    }
    record = {"format": "senator-record", "version": 1, **save["record"]}
    for lang, said in expected.items():
        i18n.use(lang)
        assert error_text(info.value) == said
        with pytest.raises(RecordError) as unread:
            read_record(json.dumps(record))
        assert said.rstrip(".") in str(unread.value)


@pytest.mark.parametrize(
    ("change", "reason", "args"),
    [
        ("", "not_json", None),
        ('{"format": "chess"}', "not_a_save", {}),
        ("version", "save_version", {"version": 99}),
        ("state", "save_corrupted", {}),
        ("field", "unknown_field", {"field": "extra"}),
        ("seed", "no_seed", {}),
        ("reseeds", "bad_reseeds", {}),
        ("not text", "action_not_text", {"number": 2}),
    ],
)
def test_an_unreadable_save_carries_its_reason(
    change: str, reason: str, args: dict[str, object] | None
) -> None:
    game = rigged(3, DOCKET)
    play(game, "topic war", "play 5")
    save = json.loads(game.to_json())
    text = change
    if change == "version":
        save["version"] = 99
    elif change == "state":
        save["state"]["round"] = 2
    elif change == "field":
        save["record"]["extra"] = 1
    elif change == "seed":
        del save["record"]["config"]["seed"]
    elif change == "reseeds":
        save["record"]["reseeds"] = [[1]]
    elif change == "not text":
        save["record"]["actions"][1] = 5
    if change not in ("", '{"format": "chess"}'):
        text = json.dumps(save)
    with pytest.raises(sc.UnreadableGameError) as info:
        sc.Game.from_json(text)
    problem = info.value.problem
    assert problem.reason == reason and problem.reason in sc.LOAD_PROBLEMS
    if args is not None:
        assert problem.args == args
    assert error_text(info.value)


@pytest.mark.parametrize("module", ["game", "actions", "bids", "reasons", "events", "rules"])
def test_the_engine_builds_no_sentence(module: str) -> None:
    """The rules engine gives reasons as data: none of its modules translates a text
    (config.py's checks of a configuration's values aside: they still say in words
    which value is wrong)."""
    source = (Path(sc.__file__).parent / f"{module}.py").read_text(encoding="utf-8")
    assert "i18n" not in source and "gettext" not in source
