"""The set-up's messages: to it, and from it to a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class SetupMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class NewGame(SetupMsg):
    """Go to the set-up screen (`online`: at its part for playing with friends online)."""

    online: bool = False


@dataclass(frozen=True)
class Start(SetupMsg):
    """Start the game the set-up describes."""


@dataclass(frozen=True)
class QuickPlay(SetupMsg):
    """Start a game of one human against three computers."""


Message = NewGame | Start | QuickPlay

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "new-game": lambda _: NewGame(),
    "online-game": lambda _: NewGame(online=True),
    "setup": lambda _: NewGame(),
    "start": lambda _: Start(),
    "quick-play": lambda _: QuickPlay(),
}
