"""The names of the application's screens and of the panels a game screen opens, as
types: a screen or a panel is one of these, checked where a name comes from
outside (a stored save, a control of the page)."""

from __future__ import annotations

from typing import Literal, get_args

Screen = Literal["title", "setup", "game", "end", "replay", "history", "lobby"]

PanelName = Literal["rules", "forum", "log"]  # the panels beside the table
PANELS: tuple[PanelName, ...] = get_args(PanelName)
OpenPanel = PanelName | Literal[""]  # "" when none is open

_PANELS_BY_NAME: dict[str, OpenPanel] = {"": "", **{name: name for name in PANELS}}


def panel_named(name: object) -> OpenPanel | None:
    """The panel a name from outside means ("" for none), or None if it means none."""
    return _PANELS_BY_NAME.get(name) if isinstance(name, str) else None
