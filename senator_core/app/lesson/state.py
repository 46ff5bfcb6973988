"""The guided first game's state beside the game at the table."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lesson:
    """The guided first game at the table (see `lesson.py`): the last position whose
    held note the player went on from, and whether the player left the lesson's line
    to play on alone."""

    heard: int = -1
    alone: bool = False
