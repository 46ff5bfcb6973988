"""The messages of tables over days: opening, joining and leaving one, its controls,
and the timer that keeps its clocks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class DaysMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class OpenDays(DaysMsg):
    """The player opens the table set up to friends who play over days, or `now`: the
    same table with a few minutes for each move, its players all there."""

    now: bool = False


@dataclass(frozen=True)
class ShowTable(DaysMsg):
    """Open the table over days `room` kept on this device (from the title's list)."""

    room: str


@dataclass(frozen=True)
class ClaimSeat(DaysMsg):
    """A friend who opened the link takes the first open seat."""


@dataclass(frozen=True)
class BeginNow(DaysMsg):
    """The opener begins the game without waiting for the friends still to come (asked
    twice): a computer takes each seat still open."""


@dataclass(frozen=True)
class HandOver(DaysMsg):
    """Let the computer play the seat `seat`, whose player's time has run out."""

    seat: str


@dataclass(frozen=True)
class ComeBack(DaysMsg):
    """The player takes back the seat the computer played while they were away."""


@dataclass(frozen=True)
class LeaveDays(DaysMsg):
    """The player leaves the table for good (asked twice): a computer plays the seat."""


@dataclass(frozen=True)
class ShareTurn(DaysMsg):
    """Tell the players awaited that it is their turn (the share sheet, or a copy)."""


@dataclass(frozen=True)
class Shared(DaysMsg):
    """What became of sharing: "shared", "copied", or "" (neither worked)."""

    how: str


@dataclass(frozen=True)
class StoryRead(DaysMsg):
    """The player has read what happened since they last looked."""


@dataclass(frozen=True)
class DaysTick(DaysMsg):
    """The timer of the table `room` open on the page: its clocks move on."""

    room: str


@dataclass(frozen=True)
class Locked(DaysMsg):
    """Whether this tab holds the browser's lock on the table `room`'s turn (`held`), or
    another tab of this browser does."""

    room: str
    held: bool


Message = (
    OpenDays
    | ShowTable
    | ClaimSeat
    | BeginNow
    | HandOver
    | ComeBack
    | LeaveDays
    | ShareTurn
    | Shared
    | StoryRead
    | DaysTick
    | Locked
)

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "open-days": lambda value: OpenDays(now=value == "now"),
    "show-table": ShowTable,
    "claim-seat": lambda _: ClaimSeat(),
    "begin-now": lambda _: BeginNow(),
    "hand-over": HandOver,
    "come-back": lambda _: ComeBack(),
    "leave-days": lambda _: LeaveDays(),
    "share-turn": lambda _: ShareTurn(),
    "story-read": lambda _: StoryRead(),
}
