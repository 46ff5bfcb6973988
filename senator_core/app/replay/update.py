"""The replay viewer's state: opening a game to watch, and moving through it."""

from __future__ import annotations

from dataclasses import replace

from ...i18n import _
from ...records import Record, RecordError, timeline
from ..changes import on_screen
from ..keeping.saves import turns_of
from ..model import Model, Watch
from ..screens import Screen


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
