"""How the replay viewer's messages change the model: opening a game to watch (the one
shown, a kept one, from a line of its log), moving through it, playing it on by
itself, leaving it, and playing on from the move it shows."""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ...i18n import _
from ...records import Record, RecordError, timeline
from ..changes import on_screen, playing, set_aside
from ..derived import record_of, watched
from ..effects import Effects, Scroll
from ..keeping.saves import kept, turns_of
from ..model import Model
from ..review.kept import with_review
from ..screens import Screen
from .messages import (
    Leave,
    Message,
    PlayFrom,
    ReplayPlay,
    ReplayTick,
    Step,
    WatchEntry,
    WatchGame,
    WatchKept,
)
from .state import Watch


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of the replay's messages, and the effects to carry out."""
    match msg:
        case WatchGame(step):
            if step and model.screen == "replay":
                # A move opened from the review: the replay's controls show it.
                return _watch(model, step), (Scroll("decision", nearest=True),)
            return _watch(model, step), ()
        case WatchEntry(entry):
            return _watch_entry(model, entry), ()
        case WatchKept(index):
            return open_kept(model, index), ()
        case Step(where):
            return step_replay(model, where), ()
        case ReplayPlay():
            watch = model.watch
            if watch is None:
                return model, ()
            if watch.playing:
                return replace(model, watch=replace(watch, playing=False)), ()
            step = 0 if watch.step >= watch.line.steps else watch.step
            return replace(model, watch=replace(watch, playing=True, step=step)), ()
        case ReplayTick(step):
            watch = model.watch
            if model.screen != "replay" or watch is None or not watch.playing:
                return model, ()
            if watch.step != step:
                return model, ()  # a tick of an earlier run of the replay
            return step_replay(model, "next"), ()
        case Leave():
            return _leave(model), ()
        case PlayFrom():
            return _play_from(model, now), ()
        case _:
            assert_never(msg)


def open_replay(
    model: Model, record: Record, back: Screen, step: int = 0, kept_at: int | None = None
) -> Model:
    """The replay viewer on `record` at `step`; `back` is the screen it returns to and
    `kept_at` the game's place in the history, when it was opened from there."""
    line = timeline(record.game)
    step = max(0, min(step, line.steps))
    watch = Watch(record, line, step, back=back, kept=kept_at, turns=turns_of(record, line))
    return replace(on_screen(model, "replay"), watch=watch, panel="", explain="", notice=None)


def open_kept(model: Model, index: str) -> Model:
    """The replay viewer on game number `index` of the history (unchanged for no such
    game; a notice for one that cannot be read)."""
    if not index.isdigit() or int(index) >= len(model.history):
        return model
    try:
        record = model.history[int(index)].record()
    except RecordError as err:
        said = _("This kept game cannot be opened. {reason}").format(reason=err)
        return replace(model, notice=said)
    return open_replay(model, record, "history", 0, int(index))


def step_replay(model: Model, where: str) -> Model:
    """The replay at another step: "first", "back", "next", "last" or a number."""
    watch = model.watch
    if watch is None:
        return model
    last = watch.line.steps
    step = {"first": 0, "back": watch.step - 1, "next": watch.step + 1, "last": last}.get(where)
    if step is None:
        if not where.isdigit():
            return model
        step = int(where)
    step = max(0, min(step, last))
    playing = watch.playing and step < last and where == "next"
    return replace(model, watch=replace(watch, step=step, playing=playing), explain="")


def _watch(model: Model, value: str) -> Model:
    """Watches the game shown, from move `value` (or from the start, playing)."""
    if model.screen == "replay" and model.watch is not None:
        return step_replay(model, value) if value else model
    record = record_of(model)
    if record is None:
        return replace(model, notice=_("There is no game to watch."))
    record = with_review(model, record)
    back = model.screen if model.screen in ("end", "game") else "title"
    step = int(value) if value.isdigit() else 0
    opened = open_replay(model, record, back, step)
    if not value and opened.watch is not None:
        opened = replace(opened, watch=replace(opened.watch, playing=True))
    return opened


def _watch_entry(model: Model, value: str) -> Model:
    """Watches the game shown from the action that wrote log line `value`."""
    if not value.isdigit():
        return model
    entry = int(value)
    if model.screen == "replay" and model.watch is not None:
        return step_replay(model, str(model.watch.line.step_of_entry(entry)))
    record = record_of(model)
    if record is None:
        return model
    record = with_review(model, record)
    line = timeline(record.game)
    back = model.screen if model.screen in ("end", "game") else "title"
    return open_replay(model, record, back, line.step_of_entry(entry))


def _leave(model: Model) -> Model:
    watch = model.watch
    back = "title" if watch is None else watch.back
    if back == "game" and (model.game is None or model.game.decision == "over"):
        back = "end" if model.game is not None else "title"
    return replace(on_screen(model, back), explain="", panel="")


def _play_from(model: Model, now: str) -> Model:
    """Takes over the game watched at the step shown, to play on from there."""
    watch = model.watch
    if watch is None or watch.game.decision == "over":
        return model
    record, line, step = watch.record, watch.line, watch.step
    in_progress = model.game is not None and model.game.decision != "over"
    same = in_progress and model.game is not None and model.game.record() == record.game.record()
    base = model if same else set_aside(model, now)
    if watch.kept is not None and step == line.steps:
        # An unfinished kept game played on from its last move: it is the game in
        # progress now, kept again if it is set aside again.
        key = kept(record, "").key
        base = replace(base, history=tuple(k for k in base.history if k.key != key))
    shown = watched(model)  # the table as the replay shows it, now to play on
    assert shown.game is not None
    return playing(
        replace(base, watch=None),
        shown.game,
        shown.colours,
        shown.occupants,
        shown.turns,
        shown.undos,
        record.started or now,
    )
