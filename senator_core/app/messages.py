"""Every message the application understands: the page's own, and each feature's
(`play.messages`, `setup.messages`, ...), as one closed union, `Msg`.

A message is a small frozen value. The page sends them (a click on a control, a
changed field, a key, a stored value another tab wrote, a file read, a storage
failure), and so do the effects `update` asks for when they finish (a computer's
move or the hint worked out, a timer fired). Each feature's messages share a base
class (`PlayMsg`, `OnlineMsg`, ...), so that `update` routes them in one case; the
page's own (`PageMsg`), which belong to no one feature, are here.

A control in the page names its message by `data-msg` (and `data-value`): each
feature's `CONTROLS` turns those two strings into the typed message, and `control`
is the one place that reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .days import messages as days
from .help import messages as help
from .history import messages as history
from .keeping import messages as keeping
from .lesson import messages as lesson
from .online import messages as online
from .play import messages as play
from .play.messages import Act
from .replay import messages as replay
from .review import messages as review
from .setup import messages as setup


class PageMsg:
    """What every message of the page's own is: the screens, the language, notices,
    fields and keys, a failure the adapter caught."""

    __slots__ = ()


@dataclass(frozen=True)
class Panel(PageMsg):
    """Open the panel named (rules, forum, log), or close it if open; "" closes."""

    name: str


@dataclass(frozen=True)
class Title(PageMsg):
    """Go to the title screen."""


@dataclass(frozen=True)
class Language(PageMsg):
    """Speak the language with this code."""

    code: str


@dataclass(frozen=True)
class LanguageMissing(PageMsg):
    """The catalog of the language chosen could not be fetched (offline, say), or the
    site no longer has it (`replaced`: it was updated since this page opened)."""

    code: str
    replaced: bool = False


@dataclass(frozen=True)
class Dismiss(PageMsg):
    """Close the notice."""


@dataclass(frozen=True)
class Field(PageMsg):
    """A field changed: its `name` attribute and its new value (set-up fields, the
    pace, the language picker, the replay's slider)."""

    name: str
    value: str


@dataclass(frozen=True)
class Key(PageMsg):
    """A key pressed that the page listens for: Escape, or Enter in the field named
    `field` (a chat line sends, a pasted code is taken)."""

    key: str
    field: str = ""


@dataclass(frozen=True)
class Copy(PageMsg):
    """Put the text of the field with this id (a link, a code) on the clipboard."""

    field: str


@dataclass(frozen=True)
class Copied(PageMsg):
    """The text of the field `field` is on the clipboard ("": the word "Copied" goes),
    or, not `done`, the browser would not put it there."""

    field: str
    done: bool = True


@dataclass(frozen=True)
class Failed(PageMsg):
    """Carrying out an effect failed: the error's own words, for the notice."""

    error: str


@dataclass(frozen=True)
class UnknownControl(PageMsg):
    """A control named a message no version of the game knows."""

    name: str


PageMessage = (
    Panel
    | Title
    | Language
    | LanguageMissing
    | Dismiss
    | Field
    | Key
    | Copy
    | Copied
    | Failed
    | UnknownControl
)

Msg = (
    PageMessage
    | play.Message
    | setup.Message
    | lesson.Message
    | replay.Message
    | review.Message
    | online.Message
    | history.Message
    | keeping.Message
    | help.Message
    | days.Message
)

# The `data-msg` names of the page's own controls and the message each makes from `data-value`.
PAGE_CONTROLS: dict[str, Callable[[str], PageMessage]] = {
    "panel": Panel,
    "title": lambda _: Title(),
    "lang": Language,
    "dismiss": lambda _: Dismiss(),
    "copy": Copy,
}

CONTROLS: dict[str, Callable[[str], Msg]] = {
    **PAGE_CONTROLS,
    **play.CONTROLS,
    **setup.CONTROLS,
    **lesson.CONTROLS,
    **replay.CONTROLS,
    **review.CONTROLS,
    **online.CONTROLS,
    **history.CONTROLS,
    **keeping.CONTROLS,
    **help.CONTROLS,
    **days.CONTROLS,
}


def clicked(action: str | None, name: str | None, value: str | None) -> Msg:
    """The message of a clicked control: a game move for one with a `data-action`,
    else what its `data-msg` and `data-value` say."""
    if action:
        return Act(action)
    return control(name or "", value or "")


def control(name: str, value: str = "") -> Msg:
    """The message a control sends: its `data-msg` name and `data-value`."""
    make = CONTROLS.get(name)
    return UnknownControl(name[:40]) if make is None else make(value)
