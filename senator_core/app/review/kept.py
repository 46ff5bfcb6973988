"""The review a game has kept: with its record, or with the game in the history, so
that a review is made once."""

from __future__ import annotations

from dataclasses import replace

from ...records import Record
from ...review import Review, ReviewError
from ..derived import humans
from ..keeping.saves import kept
from ..model import Model


def key_of(record: Record) -> tuple[object, ...]:
    """What tells the game apart in the history (`Kept.key`)."""
    return kept(record, "").key


def review_of(model: Model, record: Record) -> Review | None:
    """The review kept for `record`: its own, or the one its game has in the history
    (read without replaying the game again: `record` holds it)."""
    if record.review is not None:
        return record.review
    key = key_of(record)
    for game in model.history:
        if game.key == key and "review" in game.data:
            try:
                return Review.from_dict(game.data["review"], record.game)
            except ReviewError:
                return None
    return None


def with_review(model: Model, record: Record) -> Record:
    """`record` with the review kept for its game, if there is one."""
    found = review_of(model, record)
    return record if found is None or record.review is not None else replace(record, review=found)


def people(record: Record) -> tuple[int, ...]:
    """The seats a person played; every seat at a table of computers alone."""
    seats = humans(record.occupants, record.game.players)
    return tuple(seats) or tuple(range(record.game.players))
