"""The review's state: a review being made in the background."""

from __future__ import annotations

from dataclasses import dataclass

from ...records import Record


@dataclass(frozen=True)
class ReviewRun:
    """A review being made: of `record`, rating the decisions of `seats`; `done` of
    `total` decisions rated so far."""

    record: Record
    seats: tuple[int, ...]
    done: int = 0
    total: int = 0
