"""Reviews in the page: one begun on a finished game, its progress, and what it found
kept with the game, in the history and in the replay's record, so it is made once.

The review itself (`senator_core.review`) runs as an effect, time-sliced by the page,
while the player goes on doing anything else; it rates the people's decisions, and
the computers' too once the player asks to see them."""

from __future__ import annotations

from dataclasses import replace

from ...i18n import _
from ...records import Record
from ...review import REVIEW_LEVEL, Review, ReviewError
from ..derived import humans, record_of
from ..effects import Effect, RunReview, StopReview
from ..keeping.saves import kept
from ..model import Model, ReviewRun
from ..replay.update import open_kept, open_replay

Effects = tuple[Effect, ...]


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
