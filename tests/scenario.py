"""Helpers for scripted scenarios: rigged games and terse action sequences."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

import senator_core as sc
from senator_core.refusals import error_text

FULL_HAND = {"1": 2, "2": 3, "5": 1, "assassin": 1}
NO_CARDS = {"1": 0, "2": 0, "5": 0, "assassin": 0}


def rigged(
    players: int = 4,
    docket: Iterable[str] = (),
    events: Iterable[str] | None = None,
    opener: int = 0,
    seed: int = 1,
    later_draws: Iterable[str] = (),
    **variants: str,
) -> sc.Game:
    """A game whose round-1 docket, event order and first opener are fixed.

    `docket` lists the agenda kinds drawn first (the round-1 docket when it
    holds exactly 7/9/11 of them); `later_draws` continue the draw script.
    `events=None` plays without events (variant events=off) unless `events`
    is given, in which case they are revealed in that order.
    """
    if events is None:
        variants.setdefault("events", "off")
        order: tuple[str, ...] = ()
    else:
        order = tuple(events)
    config = sc.GameConfig(
        players=players,
        seed=seed,
        first_opener=opener,
        variants=sc.Variants(**variants),
        draws=(*docket, *later_draws),
        event_order=order,
    )
    return sc.new_game(config)


def play(game: sc.Game, *actions: str) -> list[sc.Event]:
    """Applies each action in turn; returns every event they caused."""
    events: list[sc.Event] = []
    for action in actions:
        events.extend(game.apply(action))
    return events


def ids(events: Iterable[sc.Event]) -> list[str]:
    return [e.id for e in events]


def texts(game: sc.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def full_docket(players: int, *first: str) -> list[str]:
    """A round-1 docket of the right size that starts with `first`, padded with
    Imperium then Public Works (kinds that rarely interfere with a scenario)."""
    size = {3: 7, 4: 9, 5: 11}[players]
    kinds = list(first)
    pad = ["imperium"] * 5 + ["public_works"] * 5 + ["trade"] * 5
    for kind in pad:
        if len(kinds) >= size:
            break
        if kinds.count(kind) < 5:
            kinds.append(kind)
    return kinds


def cards(one: int = 0, two: int = 0, five: int = 0, assassin: int = 0) -> dict[str, int]:
    """A card count as hand() and discards() return it."""
    return {"1": one, "2": two, "5": five, "assassin": assassin}


def assert_illegal(game: sc.Game, action: str, rule: str) -> str:
    """The action raises IllegalActionError whose data cites `rule` (a regex of
    R-numbers): a ForbiddenActionError whose refusal holds the legal actions, or, for
    notation no hand could mean (R2), an InvalidActionError; the game is left exactly
    as it was. Returns the error in English words, which cite the same rules."""
    before = game.to_json()
    legal = texts(game)
    with pytest.raises(sc.IllegalActionError) as info:
        game.apply(action)
    err = info.value
    if isinstance(err, sc.InvalidActionError):
        rules = err.problem.rules
    else:
        assert isinstance(err, sc.ForbiddenActionError), err
        refusal = err.refusal
        rules = refusal.rules
        assert refusal.action == sc.parse_action(action).text
        assert list(refusal.legal) == legal
    assert re.search(rf"\b(?:{rule})\b", " ".join(rules)), err
    message = error_text(err)
    if rules:
        assert f"({', '.join(rules)})" in message, message
    assert game.to_json() == before
    assert texts(game) == legal
    return message


def uncontested(game: sc.Game, topic: str, bid: str = "1") -> list[sc.Event]:
    """The player to move opens `topic`, plays `bid`, and everyone else withdraws."""
    return play(game, f"topic {topic}", f"play {bid}", *["withdraw"] * (game.players - 1))


def only(events: list[sc.Event], event_id: str) -> dict[str, object]:
    """The arguments of the one event with this id."""
    found = [e.args for e in events if e.id == event_id]
    assert len(found) == 1, ids(events)
    return found[0]
