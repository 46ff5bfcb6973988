"""Property tests: conservation and faithful copies over arbitrary action sequences."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import senator_core as sc
from senator_core.config import VARIANT_VALUES

from .test_simulation import check_invariants

variants = st.builds(
    sc.Variants, **{name: st.sampled_from(values) for name, values in VARIANT_VALUES.items()}
)
games = st.builds(
    lambda players, seed, v: sc.new_game(sc.GameConfig(players=players, seed=seed, variants=v)),
    st.integers(3, 5),
    st.integers(0, 2**32),
    variants,
)
choices = st.lists(st.integers(0, 10_000), max_size=400)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(game: sc.Game, picks: list[int]) -> None:
    for pick in picks:
        if game.to_move is None:
            return
        legal = game.legal_actions()
        game.apply(legal[pick % len(legal)])
        check_invariants(game)


@SETTINGS
@given(games, choices)
def test_tokens_and_cards_are_conserved(game: sc.Game, picks: list[int]) -> None:
    """R2, R3: 7 cards a player and 30 tokens, wherever play leads."""
    walk(game, picks)


@SETTINGS
@given(games, choices, choices)
def test_saves_and_clones_continue_exactly(
    game: sc.Game, picks: list[int], more: list[int]
) -> None:
    walk(game, picks)
    loaded = sc.Game.from_json(game.to_json())
    replayed = sc.from_record(json.loads(json.dumps(game.record())))
    twin = game.clone()
    for copy in (loaded, replayed, twin):
        walk(copy, more)
    walk(game, more)
    assert loaded.to_json() == replayed.to_json() == twin.to_json() == game.to_json()
    assert loaded.log == game.log


@SETTINGS
@given(
    games,
    choices,
    st.sampled_from(
        [
            "play 1",
            "play 5",
            "assassin",
            "give 0",
            "skip",
            "topic consul",
            "take veto",
            "veto",
            "accept",
        ]
    ),
)
def test_illegal_actions_change_nothing(game: sc.Game, picks: list[int], probe: str) -> None:
    walk(game, picks)
    legal = [str(a) for a in game.legal_actions()]
    before = game.to_json()
    if probe in legal:
        game.apply(probe)
        assert game.to_json() != before
    else:
        try:
            game.apply(probe)
        except sc.IllegalActionError as err:
            assert re.search(r"\(R\d+", str(err)), "the message names the rule"
        else:
            raise AssertionError(f"{probe!r} was accepted but not listed as legal")
        assert game.to_json() == before
