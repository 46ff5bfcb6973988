"""How the rules panel's messages change the model: the panel opened at a rule."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import assert_never

from ..effects import Effects
from ..model import Model
from .messages import Message, Rule


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of the rules panel's messages, and the effects to carry out."""
    match msg:
        case Rule(rule):
            if not re.fullmatch(r"R\d{1,2}", rule):
                return model, ()
            return replace(model, panel="rules", rule=rule), ()
        case _:
            assert_never(msg)
