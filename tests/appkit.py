"""What the application tests share: a message's model alone, for tests of one step."""

from __future__ import annotations

from senator_core.app import Model, Msg, update


def updated(model: Model, msg: Msg, now: str = "") -> Model:
    """The model after a message, its effects left aside (tests of them call `update`)."""
    return update(model, msg, now)[0]
