"""Reviews in the page: one begun on a finished game, its progress, and what it found
kept with the game, in the history and in the replay's record, so it is made once.

The review itself (`senator_core.review`) runs as an effect, time-sliced by the page,
while the player goes on doing anything else; it rates the people's decisions, and
the computers' too once the player asks to see them."""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ...i18n import _
from ...records import Record
from ...review import REVIEW_LEVEL, Review, rates
from ..derived import record_of
from ..effects import Effects, RunReview, StopReview
from ..keeping.saves import kept
from ..model import Model
from ..replay.update import open_kept, open_replay
from .kept import key_of, people, review_of, with_review
from .messages import (
    CancelReview,
    Message,
    ReviewAll,
    Reviewed,
    ReviewFailed,
    ReviewGame,
    ReviewProgress,
)
from .state import ReviewRun


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of the review's messages, and the effects to carry out."""
    match msg:
        case ReviewGame(what):
            return start_review(model, what)
        case ReviewAll():
            return show_all(model)
        case CancelReview():
            return cancel(model)
        case ReviewProgress(done, total):
            return progress(model, done, total), ()
        case Reviewed(review):
            return reviewed(model, review), ()
        case ReviewFailed(reason):
            return failed(model, reason), ()
        case _:
            assert_never(msg)


def start_review(model: Model, what: str) -> tuple[Model, Effects]:
    """Opens the game in the replay with its review: the one kept, or one begun now."""
    if what.startswith("kept-"):
        model = open_kept(model, what[5:])
        if model.screen != "replay":
            return model, ()
    elif model.screen != "replay" or model.watch is None:
        ended = record_of(model)
        if ended is None:
            return replace(model, notice=_("There is no game to review.")), ()
        model = open_replay(model, ended, "end" if ended.finished else "game")
    watch = model.watch
    assert watch is not None
    record = watch.record
    if not record.finished:
        return replace(model, notice=_("Only a finished game can be reviewed.")), ()
    reviewed = with_review(model, record)
    if reviewed is not record:
        model = replace(model, watch=replace(watch, record=reviewed))
    return _rate_missing(model, reviewed)


def _rate_missing(model: Model, record: Record) -> tuple[Model, Effects]:
    """Begins rating the seats the review shown lacks (the people's; the computers'
    too when they are shown), unless they are rated or being rated."""
    wanted = people(record)
    if model.review_all:
        wanted = tuple(range(record.game.players))
    wanted = tuple(s for s in wanted if rates(record.occupants[s]))
    have = set(record.review.seats) if record.review is not None else set()
    missing = tuple(s for s in wanted if s not in have)
    run = model.reviewing
    if not missing or (run is not None and run.record.game is record.game):
        return model, ()
    return (
        replace(model, reviewing=ReviewRun(record, missing)),
        (RunReview(record.game, missing, REVIEW_LEVEL),),
    )


def show_all(model: Model) -> tuple[Model, Effects]:
    """The computers' moves shown in the review, or no longer; rated first if need be."""
    model = replace(model, review_all=not model.review_all)
    watch = model.watch
    if not model.review_all or watch is None or watch.record.review is None:
        return model, ()
    return _rate_missing(model, watch.record)


def progress(model: Model, done: int, total: int) -> Model:
    run = model.reviewing
    if run is None:
        return model
    return replace(model, reviewing=replace(run, done=done, total=total))


def cancel(model: Model) -> tuple[Model, Effects]:
    if model.reviewing is None:
        return model, ()
    return replace(model, reviewing=None), (StopReview(),)


def failed(model: Model, reason: str) -> Model:
    if model.reviewing is None:
        return model
    # Translators: {reason} is the error the review stopped on, in English.
    said = _("The review stopped on an error: {reason}").format(reason=reason[:200])
    return replace(model, reviewing=None, notice=said)


def reviewed(model: Model, review: Review) -> Model:
    """The review made is kept with its game: joined to what the game had, in the
    history (when the game is there) and in the replay (when it shows the game)."""
    run = model.reviewing
    if run is None:
        return model
    record = run.record
    had = review_of(model, record)
    if had is not None and (had.level, had.seed) == (review.level, review.seed):
        review = had.joined(review)
    record = replace(record, review=review)
    key = key_of(record)
    history = tuple(
        kept(record, game.finished) if game.key == key else game for game in model.history
    )
    model = replace(model, reviewing=None, history=history)
    watch = model.watch
    if watch is not None and key_of(watch.record) == key:
        model = replace(model, watch=replace(watch, record=record))
    return model
