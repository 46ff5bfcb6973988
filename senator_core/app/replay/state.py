"""The replay viewer's state: a whole game and the step shown."""

from __future__ import annotations

from dataclasses import dataclass

from ...game import Game
from ...records import Record, Timeline
from ..keeping.saves import Turn
from ..screens import Screen


@dataclass(frozen=True)
class Watch:
    """The replay viewer: a whole game (`record`), every position of it (`line`), the
    step shown (after that many actions), whether it plays on by itself, and the
    screen to go back to."""

    record: Record
    line: Timeline
    step: int
    playing: bool = False
    back: Screen = "title"
    kept: int | None = None  # its place in the history, when it was opened from there
    turns: tuple[Turn, ...] = ()  # who made each action

    @property
    def game(self) -> Game:
        return self.line.games[self.step]
