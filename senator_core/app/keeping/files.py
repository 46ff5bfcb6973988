"""Game files: what a saved file holds, and what opening one does."""

from __future__ import annotations

import json
from dataclasses import replace

from ...i18n import _, ngettext
from ...records import Record, RecordError, read_record
from ..derived import record_of
from ..model import Model
from ..replay.update import open_replay
from ..review.kept import with_review
from .saves import HISTORY_FORMAT, add_kept, history_json, load_history

FILE_LIMIT = 8_000_000  # bytes: a larger file is no game record, and the page does not read it


def open_file(model: Model, text: str) -> Model:
    """Opens a record file in the replay viewer, or adds a history file's games to the
    history; a bad file changes nothing and says what is wrong with it."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return replace(model, notice=_("This file is not a game record: it is not JSON text."))
    if isinstance(data, dict) and data.get("format") == HISTORY_FORMAT:
        try:
            games, lost = load_history(text)
        except RecordError as err:
            return replace(model, notice=str(err))
        history = add_kept(model.history, games)
        added = len(history) - len(model.history)
        said = ngettext(
            "{n} game added to the history.", "{n} games added to the history.", added
        ).format(n=added)
        if lost:
            # Translators: follows "N games added to the history.": how many games of
            # the file could not be read.
            unread = ngettext("{n} could not be read.", "{n} could not be read.", lost)
            said += " " + unread.format(n=lost)
        return replace(model, history=history, screen="history", notice=said)
    try:
        record = read_record(text)
    except RecordError as err:
        return replace(model, notice=str(err))
    back = model.screen if model.screen in ("title", "history", "end", "game") else "title"
    opened = open_replay(model, record, back, record.game.moves)
    return replace(opened, notice=record.unread) if record.unread else opened


def export_file(model: Model, what: str, now: str) -> tuple[str, str] | None:
    """A file to save: its name and text. `what` is "game" (the game shown), "watch"
    (the game in the replay viewer), "kept-N" (game N of the history) or "all" (the
    history); None if there is no such game."""
    if what == "all":
        if not model.history:
            return None
        return f"senator-history-{now[:10] or 'games'}.json", history_json(model.history)
    record: Record | None = None
    if what == "game":
        record = record_of(model)
        if record is not None:
            record = with_review(model, record)
    elif what == "watch" and model.watch is not None:
        record = model.watch.record
    elif what.startswith("kept-") and what[5:].isdigit() and int(what[5:]) < len(model.history):
        try:
            record = model.history[int(what[5:])].record()
        except RecordError:
            return None
    if record is None:
        return None
    if not record.started:
        record = replace(record, started=now)
    return record.file_name(), record.to_json()
