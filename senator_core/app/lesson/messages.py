"""The guided first game's messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class LessonMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class Learn(LessonMsg):
    """Sit down to the guided first game: the one at the table, if it is being played,
    else a new one."""


@dataclass(frozen=True)
class Coach(LessonMsg):
    """Answer the guided game's coach: "on" goes on from what it holds the table for,
    "back" takes back a move that left the lesson's line, "alone" plays on without the
    line, "again" begins the lesson anew."""

    choice: str


Message = Learn | Coach

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "learn": lambda _: Learn(),
    "coach": Coach,
}
