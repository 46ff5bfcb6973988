"""The review's messages: asked for, and its progress and end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...review import Review


class ReviewMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class ReviewGame(ReviewMsg):
    """Review a finished game: the one in the replay or just ended (""), or game
    "kept-N" of the history, opened in the replay."""

    what: str = ""


@dataclass(frozen=True)
class ReviewAll(ReviewMsg):
    """Show the computers' moves in the review too, or no longer (rating them first,
    if they are not yet)."""


@dataclass(frozen=True)
class CancelReview(ReviewMsg):
    """Stop the review being made."""


@dataclass(frozen=True)
class ReviewProgress(ReviewMsg):
    """The review being made has rated `done` of `total` decisions."""

    done: int
    total: int


@dataclass(frozen=True)
class Reviewed(ReviewMsg):
    """The review being made is done: `review` (a `senator_core.review.Review`)."""

    review: Review


@dataclass(frozen=True)
class ReviewFailed(ReviewMsg):
    """The review being made stopped on an error."""

    reason: str


Message = ReviewGame | ReviewAll | CancelReview | ReviewProgress | Reviewed | ReviewFailed

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "review": ReviewGame,
    "review-all": lambda _: ReviewAll(),
    "review-cancel": lambda _: CancelReview(),
}
