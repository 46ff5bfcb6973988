"""The replay viewer's messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class ReplayMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class WatchGame(ReplayMsg):
    """Watch the game shown: from the move given (a number), or from the start playing."""

    step: str = ""


@dataclass(frozen=True)
class WatchEntry(ReplayMsg):
    """Watch the game shown from the action that wrote this line of the log."""

    entry: str


@dataclass(frozen=True)
class WatchKept(ReplayMsg):
    """Watch game number `index` of the history."""

    index: str


@dataclass(frozen=True)
class Step(ReplayMsg):
    """Show another move of the replay: first, back, next, last, or a number."""

    where: str


@dataclass(frozen=True)
class ReplayPlay(ReplayMsg):
    """Play the replay on by itself, or pause it."""


@dataclass(frozen=True)
class ReplayTick(ReplayMsg):
    """The pause of a playing replay at `step` is over: on to the next move."""

    step: int


@dataclass(frozen=True)
class Leave(ReplayMsg):
    """Leave the replay for the screen it was opened from."""


@dataclass(frozen=True)
class PlayFrom(ReplayMsg):
    """Play on from the move the replay shows."""


Message = WatchGame | WatchEntry | WatchKept | Step | ReplayPlay | ReplayTick | Leave | PlayFrom

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "watch": WatchGame,
    "watch-entry": WatchEntry,
    "watch-kept": WatchKept,
    "step": Step,
    "replay-play": lambda _: ReplayPlay(),
    "leave": lambda _: Leave(),
    "play-from": lambda _: PlayFrom(),
}
