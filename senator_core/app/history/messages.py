"""The games played's messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class HistoryMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class History(HistoryMsg):
    """Go to the games played."""


@dataclass(frozen=True)
class Forget(HistoryMsg):
    """Ask to delete game `index` of the history (a second tap confirms)."""

    index: str


@dataclass(frozen=True)
class ForgetYes(HistoryMsg):
    index: str


@dataclass(frozen=True)
class ForgetNo(HistoryMsg):
    pass


Message = History | Forget | ForgetYes | ForgetNo

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "history": lambda _: History(),
    "forget": Forget,
    "forget-yes": ForgetYes,
    "forget-no": lambda _: ForgetNo(),
}
