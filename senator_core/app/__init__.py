"""The application: one model, `update(model, msg) -> (model, effects)` and
`view(model)`, all pure Python.

The browser adapter (web/main.py) renders what `view` returns, turns clicks on
`data-action` / `data-msg` controls, changed fields, keys and stored values
into the messages of `messages.py`, and carries out the effects of
`effects.py` that `update` returns; nothing here touches the browser. See
docs/architecture.md.
"""

from __future__ import annotations

from .keeping.storage import init, persist
from .messages import Field, Msg, clicked, control
from .model import Model
from .play.messages import Act
from .setup.state import Setup
from .update import start, update
from .view import view

__all__ = [
    "Act",
    "Field",
    "Model",
    "Msg",
    "Setup",
    "clicked",
    "control",
    "init",
    "persist",
    "start",
    "update",
    "view",
]
