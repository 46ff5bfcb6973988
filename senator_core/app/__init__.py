"""The application: one model, `update(model, msg)` and `view(model)`, all pure Python.

The browser adapter (web/main.py) renders what `view` returns, turns clicks on
`data-action` / `data-msg` controls and changes of set-up fields into `Act`,
`Cmd` and `Field` messages, and stores what `persist` returns; nothing here
touches the browser.
"""

from __future__ import annotations

from .model import (
    Act,
    Cmd,
    Field,
    Model,
    Setup,
    game_link,
    init,
    persist,
    update,
)
from .view import view

__all__ = [
    "Act",
    "Cmd",
    "Field",
    "Model",
    "Setup",
    "game_link",
    "init",
    "persist",
    "update",
    "view",
]
