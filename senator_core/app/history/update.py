"""How the games played's messages change the model: the list shown, and a kept game
deleted after a second tap."""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ...i18n import _
from ..changes import on_screen
from ..effects import Effects
from ..model import Model
from .messages import Forget, ForgetNo, ForgetYes, History, Message


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of the games played's messages, and the effects to carry out."""
    match msg:
        case History():
            return replace(on_screen(model, "history"), notice=None, panel=""), ()
        case Forget(index):
            if not index.isdigit() or int(index) >= len(model.history):
                return model, ()
            return replace(model, confirm=f"forget-{index}"), ()
        case ForgetYes(index):
            if model.confirm != f"forget-{index}":
                return model, ()
            at = int(index)
            history = model.history[:at] + model.history[at + 1 :]
            return replace(
                model, history=history, confirm="", notice=_("The game was deleted.")
            ), ()
        case ForgetNo():
            return replace(model, confirm=""), ()
        case _:
            assert_never(msg)
