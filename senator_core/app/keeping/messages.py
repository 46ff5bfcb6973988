"""What the browser keeps, and game files: their messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class KeepingMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class Stored(KeepingMsg):
    """What is stored under `key` now: another tab changed it, or this tab found it
    changed when it came to write."""

    key: str
    value: str | None


@dataclass(frozen=True)
class StorageFailed(KeepingMsg):
    """The browser would not store what was asked under `key` (full, or switched off);
    `value` is what it holds there still."""

    key: str
    value: str | None = None


@dataclass(frozen=True)
class DismissAlert(KeepingMsg):
    """Close the warning that the browser keeps nothing."""


@dataclass(frozen=True)
class LoadNewer(KeepingMsg):
    """Take up the game another tab played on."""


@dataclass(frozen=True)
class Export(KeepingMsg):
    """Save a game as a file: "game", "watch", "kept-N" or "all" (see `keeping.files`)."""

    what: str = "game"


@dataclass(frozen=True)
class ChooseFile(KeepingMsg):
    """Open the file picker, to open a game file."""


@dataclass(frozen=True)
class FileOpened(KeepingMsg):
    """A chosen or dropped file was read: its text."""

    text: str


@dataclass(frozen=True)
class FileTooLarge(KeepingMsg):
    """A chosen or dropped file was too large to read (over `files.FILE_LIMIT`)."""


Message = (
    Stored
    | StorageFailed
    | DismissAlert
    | LoadNewer
    | Export
    | ChooseFile
    | FileOpened
    | FileTooLarge
)

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "dismiss-alert": lambda _: DismissAlert(),
    "load-newer": lambda _: LoadNewer(),
    "export": lambda value: Export(value or "game"),
    "import-file": lambda _: ChooseFile(),
}
