"""How what the browser keeps, and game files, change the model: another tab's writes,
a refused write, the newer game taken up, a game saved as a file or opened from one;
and the writes that bring what is stored up to a model."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import assert_never

from ...i18n import _
from ...records import RecordError
from ..changes import on_screen
from ..effects import Download, Effect, Effects, PickFile, Store
from ..model import Model
from ..setup.state import Setup
from ..setup.update import setup_from_dict
from .files import export_file, open_file
from .messages import (
    ChooseFile,
    DismissAlert,
    Export,
    FileOpened,
    FileTooLarge,
    LoadNewer,
    Message,
    StorageFailed,
    Stored,
)
from .saves import HISTORY_KEY, SAVE_KEY, SET_ASIDE, SETUP_KEY, load_history, load_session
from .storage import persist, session_model


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of keeping's messages, and the effects to carry out."""
    match msg:
        case Stored(key, value):
            return _stored(_remember(model, key, value), key, value), ()
        case StorageFailed(key, value):
            # What is stored stays known as it is: the write is tried again at the next change.
            failed = model if model.storage_warned else replace(model, alert="storage")
            if key in SET_ASIDE:
                # What could not be read, nor kept aside, is not written over.
                failed = replace(failed, held=failed.held | {SET_ASIDE[key]})
            return _remember(failed, key, value), ()
        case DismissAlert():
            if model.alert != "storage":
                return model, ()
            return replace(model, alert="", storage_warned=True), ()
        case LoadNewer():
            return _load_newer(model), ()
        case Export(what):
            made = export_file(model, what, now)
            if made is None:
                return replace(model, notice=_("There is no game to save.")), ()
            return model, (Download(*made),)
        case ChooseFile():
            return model, (PickFile(),)
        case FileOpened(text):
            return open_file(model, text), ()
        case FileTooLarge():
            return replace(model, notice=_("This file is too large to be a game record.")), ()
        case _:
            assert_never(msg)


def writes(model: Model) -> tuple[Model, list[Effect]]:
    """The storage writes that bring what is stored up to the model, and the model
    knowing them made. The save is written only over what this page last saw there."""
    stored = dict(model.stored)
    out: list[Effect] = []
    for key, value in persist(model).items():
        if stored.get(key) == value:
            continue
        guarded = key == SAVE_KEY
        out.append(Store(key, value, guarded, stored.get(key)))
        stored[key] = value
    if not out:
        return model, out
    return replace(model, stored=tuple(stored.items())), out


def _remember(model: Model, key: str, value: str | None) -> Model:
    """The model knowing what is stored under `key`."""
    stored = dict(model.stored)
    stored[key] = value
    return replace(model, stored=tuple(stored.items()))


def _stored(model: Model, key: str, value: str | None) -> Model:
    """Another tab changed what is stored under `key`."""
    if key == SETUP_KEY:
        # Another tab's set-up is this one's too (in the language this one speaks), so
        # this tab's next write keeps it.
        try:
            setup = setup_from_dict(json.loads(value)) if value else Setup()
        except ValueError:
            return model
        return replace(model, setup=replace(setup, lang=model.setup.lang))
    if key == HISTORY_KEY and HISTORY_KEY not in model.held:
        try:
            games = load_history(value)[0] if value else ()
        except RecordError:
            return model
        return replace(model, history=games)
    if key != SAVE_KEY or SAVE_KEY in model.held or value == persist(model).get(SAVE_KEY):
        return model
    game = model.game
    if model.screen == "game" and game is not None and game.decision != "over":
        return replace(model, alert="stale", newer=value)
    if value is None:  # the other tab ended the game or set it aside
        if game is not None and game.decision != "over":
            return replace(model, game=None, turns=())
        return model
    try:
        session = load_session(value)
    except RecordError:
        return model
    return replace(session_model(model, session), screen=model.screen)


def _load_newer(model: Model) -> Model:
    text = model.newer
    cleared = replace(model, alert="", newer=None)
    if text is None:
        return replace(cleared, game=None, turns=(), screen="title")
    try:
        session = load_session(text)
    except RecordError as err:
        return replace(cleared, game=None, turns=(), screen="title", notice=str(err))
    return on_screen(session_model(cleared, session), "game")
