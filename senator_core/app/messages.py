"""Every message the application understands, in one place: what can happen to it.

A message is a small frozen value. The page sends them (a click on a control, a
changed field, a key, a stored value another tab wrote, a file read, a storage
failure), and so do the effects `update` asks for when they finish (a computer's
move or the hint worked out, a timer fired). `update` is one function over this
closed set; a source of moves added later (the network's) adds its own kinds
here and nowhere else.

A control in the page names its message by `data-msg` (and `data-value`):
`control` turns those two strings into the typed message, and is the one place
that knows the names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..review import Review
from ..sightings import Facts

# --------------------------------------------------------------------------- game moves


@dataclass(frozen=True)
class Act:
    """Perform a game action, given by its notation (a `data-action` control)."""

    text: str


@dataclass(frozen=True)
class Forced:
    """The pause before a move that is no choice is over: make it for the player, if
    the game is still at `moves` actions and it is still the only move."""

    moves: int
    text: str


@dataclass(frozen=True)
class Pondered:
    """The pause after a big moment is over: the computer at `moves` may think now."""

    moves: int


@dataclass(frozen=True)
class Thought:
    """A computer has chosen its move for the position after `moves` actions."""

    moves: int
    text: str


@dataclass(frozen=True)
class HintReady:
    """The hint level's estimates for each legal action after `moves` actions, and what
    its playouts saw after each."""

    moves: int
    options: tuple[tuple[str, float], ...]
    facts: tuple[Facts | None, ...] = ()


# --------------------------------------------------------------------------- the game's controls


@dataclass(frozen=True)
class Pick:
    """Touch the card at `index` of the hand shown: pick it, or put it back."""

    index: str


@dataclass(frozen=True)
class Unpick:
    """Put every picked card back."""


@dataclass(frozen=True)
class Confirm:
    """Play the picked cards."""


@dataclass(frozen=True)
class Explain:
    """Open (or close) the explanation of a piece of the table, named by `key`."""

    key: str


@dataclass(frozen=True)
class AskHint:
    """Work out what the hint level would play."""


@dataclass(frozen=True)
class Undo:
    """Take back the last move that was a choice."""


@dataclass(frozen=True)
class Toggle:
    """Turn a setting of the game screen (sound, auto) on or off."""

    switch: str


@dataclass(frozen=True)
class Panel:
    """Open the panel named (rules, forum, log), or close it if open; "" closes."""

    name: str


@dataclass(frozen=True)
class Rule:
    """Open the rules panel at a rule ("R21")."""

    rule: str


@dataclass(frozen=True)
class LogRound:
    """Unfold an earlier round of the log."""

    round: str


@dataclass(frozen=True)
class LinkGame:
    """Make a link to the whole game so far."""


# --------------------------------------------------------------------------- screens


@dataclass(frozen=True)
class NewGame:
    """Go to the set-up screen (`online`: at its part for playing with friends online)."""

    online: bool = False


@dataclass(frozen=True)
class GoOn:
    """Go on from the round's summary the table holds (`round`: only that round's, when
    the wait at a table of computers ends; 0: whichever is shown)."""

    round: int = 0


@dataclass(frozen=True)
class Learn:
    """Sit down to the guided first game: the one at the table, if it is being played,
    else a new one."""


@dataclass(frozen=True)
class Coach:
    """Answer the guided game's coach: "on" goes on from what it holds the table for,
    "back" takes back a move that left the lesson's line, "alone" plays on without the
    line, "again" begins the lesson anew."""

    choice: str


@dataclass(frozen=True)
class Start:
    """Start the game the set-up describes."""


@dataclass(frozen=True)
class QuickPlay:
    """Start a game of one human against three computers."""


@dataclass(frozen=True)
class PlayAgain:
    """Start a new deal with the same seats."""


@dataclass(frozen=True)
class Continue:
    """Go back to the game in progress (or its end)."""


@dataclass(frozen=True)
class Title:
    """Go to the title screen."""


@dataclass(frozen=True)
class History:
    """Go to the games played."""


@dataclass(frozen=True)
class Language:
    """Speak the language with this code."""

    code: str


@dataclass(frozen=True)
class LanguageMissing:
    """The catalog of the language chosen could not be fetched (offline, say)."""

    code: str


# --------------------------------------------------------------------------- notices


@dataclass(frozen=True)
class Dismiss:
    """Close the notice."""


@dataclass(frozen=True)
class DismissAlert:
    """Close the warning that the browser keeps nothing."""


@dataclass(frozen=True)
class LoadNewer:
    """Take up the game another tab played on."""


# --------------------------------------------------------------------------- the replay viewer


@dataclass(frozen=True)
class Watch:
    """Watch the game shown: from the move given (a number), or from the start playing."""

    step: str = ""


@dataclass(frozen=True)
class WatchEntry:
    """Watch the game shown from the action that wrote this line of the log."""

    entry: str


@dataclass(frozen=True)
class WatchKept:
    """Watch game number `index` of the history."""

    index: str


@dataclass(frozen=True)
class ReviewGame:
    """Review a finished game: the one in the replay or just ended (""), or game
    "kept-N" of the history, opened in the replay."""

    what: str = ""


@dataclass(frozen=True)
class ReviewAll:
    """Show the computers' moves in the review too, or no longer (rating them first,
    if they are not yet)."""


@dataclass(frozen=True)
class CancelReview:
    """Stop the review being made."""


@dataclass(frozen=True)
class ReviewProgress:
    """The review being made has rated `done` of `total` decisions."""

    done: int
    total: int


@dataclass(frozen=True)
class Reviewed:
    """The review being made is done: `review` (a `senator_core.review.Review`)."""

    review: Review


@dataclass(frozen=True)
class ReviewFailed:
    """The review being made stopped on an error."""

    reason: str


@dataclass(frozen=True)
class Step:
    """Show another move of the replay: first, back, next, last, or a number."""

    where: str


@dataclass(frozen=True)
class ReplayPlay:
    """Play the replay on by itself, or pause it."""


@dataclass(frozen=True)
class ReplayTick:
    """The pause of a playing replay at `step` is over: on to the next move."""

    step: int


@dataclass(frozen=True)
class Leave:
    """Leave the replay for the screen it was opened from."""


@dataclass(frozen=True)
class PlayFrom:
    """Play on from the move the replay shows."""


# --------------------------------------------------------------------------- games played and files


@dataclass(frozen=True)
class Forget:
    """Ask to delete game `index` of the history (a second tap confirms)."""

    index: str


@dataclass(frozen=True)
class ForgetYes:
    index: str


@dataclass(frozen=True)
class ForgetNo:
    pass


@dataclass(frozen=True)
class Export:
    """Save a game as a file: "game", "watch", "kept-N" or "all" (see `files`)."""

    what: str = "game"


@dataclass(frozen=True)
class ChooseFile:
    """Open the file picker, to open a game file."""


@dataclass(frozen=True)
class FileOpened:
    """A chosen or dropped file was read: its text."""

    text: str


@dataclass(frozen=True)
class FileTooLarge:
    """A chosen or dropped file was too large to read."""


# --------------------------------------------------------------------------- playing online


@dataclass(frozen=True)
class OpenTable:
    """The host opens the table set up online: the invited seats wait for their players,
    who come by the invitation link (through the relays) or, `direct`, by codes."""

    direct: bool = False


@dataclass(frozen=True)
class Invited:
    """The page was opened from an invitation: the part of its address after "#"."""

    fragment: str


@dataclass(frozen=True)
class TakeSeat:
    """A guest asks for the seat `seat`."""

    seat: str


@dataclass(frozen=True)
class BeginTable:
    """The host begins the game with the seats as they are."""


@dataclass(frozen=True)
class LeaveTable:
    """This device leaves the table (the game stays kept as far as it went)."""


@dataclass(frozen=True)
class StandIn:
    """The host hands the seat `seat`, whose player is away, to a computer."""

    seat: str


@dataclass(frozen=True)
class Say:
    """Send the chat line written (or, with `text`, that quick reaction)."""

    text: str = ""


@dataclass(frozen=True)
class Mute:
    """Hide the others' chat lines, or show them again."""


@dataclass(frozen=True)
class PeerJoined:
    """The transport opened a connection to another device (`link`, its own id)."""

    link: str


@dataclass(frozen=True)
class PeerLeft:
    """A connection closed."""

    link: str


@dataclass(frozen=True)
class PeerSent:
    """A message came on the connection `link`, as the text it came as."""

    link: str
    text: str


@dataclass(frozen=True)
class NetTick:
    """Time to ask again for what may have been missed (see `Device.tick`), at the
    table in `room`."""

    room: str


@dataclass(frozen=True)
class MakeCode:
    """The host makes an invitation code for one more guest (or one come back)."""


@dataclass(frozen=True)
class CodeMade:
    """The page made this end's description of the connection `link` (an offer on the
    host, an answer on a guest), as the browser's SDP."""

    link: str
    sdp: str


@dataclass(frozen=True)
class AcceptCode:
    """The host takes the answer code pasted."""


@dataclass(frozen=True)
class QrReady:
    """The QR code's library can be imported now."""


@dataclass(frozen=True)
class NetTrouble:
    """The transport could not do what was asked: `reason` names what ("relay",
    "unsupported", or the browser's own words)."""

    reason: str


# --------------------------------------------------------------------------- the page


@dataclass(frozen=True)
class Field:
    """A field changed: its `name` attribute and its new value (set-up fields, the
    pace, the language picker, the replay's slider)."""

    name: str
    value: str


@dataclass(frozen=True)
class Key:
    """A key pressed that the page listens for: Escape, or Enter in the field named
    `field` (a chat line sends, a pasted code is taken)."""

    key: str
    field: str = ""


@dataclass(frozen=True)
class Stored:
    """What is stored under `key` now: another tab changed it, or this tab found it
    changed when it came to write."""

    key: str
    value: str | None


@dataclass(frozen=True)
class StorageFailed:
    """The browser would not store what was asked under `key` (full, or switched off);
    `value` is what it holds there still."""

    key: str
    value: str | None = None


@dataclass(frozen=True)
class Failed:
    """Carrying out an effect failed: the error's own words, for the notice."""

    error: str


@dataclass(frozen=True)
class UnknownControl:
    """A control named a message no version of the game knows."""

    name: str


Msg = (
    Act
    | Forced
    | Pondered
    | Thought
    | HintReady
    | Pick
    | Unpick
    | Confirm
    | Explain
    | AskHint
    | Undo
    | Toggle
    | Panel
    | Rule
    | LogRound
    | LinkGame
    | NewGame
    | GoOn
    | Start
    | QuickPlay
    | Learn
    | Coach
    | PlayAgain
    | Continue
    | Title
    | History
    | Language
    | LanguageMissing
    | Dismiss
    | DismissAlert
    | LoadNewer
    | Watch
    | WatchEntry
    | WatchKept
    | ReviewGame
    | ReviewAll
    | CancelReview
    | ReviewProgress
    | Reviewed
    | ReviewFailed
    | Step
    | ReplayPlay
    | ReplayTick
    | Leave
    | PlayFrom
    | Forget
    | ForgetYes
    | ForgetNo
    | Export
    | ChooseFile
    | FileOpened
    | FileTooLarge
    | Field
    | Key
    | Stored
    | StorageFailed
    | Failed
    | UnknownControl
    | OpenTable
    | Invited
    | TakeSeat
    | BeginTable
    | LeaveTable
    | StandIn
    | Say
    | Mute
    | PeerJoined
    | PeerLeft
    | PeerSent
    | NetTick
    | NetTrouble
    | QrReady
    | MakeCode
    | CodeMade
    | AcceptCode
)

# The `data-msg` names of the page's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Msg]] = {
    "pick": Pick,
    "unpick": lambda _: Unpick(),
    "confirm": lambda _: Confirm(),
    "explain": Explain,
    "hint": lambda _: AskHint(),
    "undo": lambda _: Undo(),
    "toggle": Toggle,
    "panel": Panel,
    "rule": Rule,
    "log-round": LogRound,
    "link-game": lambda _: LinkGame(),
    "new-game": lambda _: NewGame(),
    "online-game": lambda _: NewGame(online=True),
    "setup": lambda _: NewGame(),
    "start": lambda _: Start(),
    "go-on": lambda _: GoOn(),
    "quick-play": lambda _: QuickPlay(),
    "learn": lambda _: Learn(),
    "coach": Coach,
    "play-again": lambda _: PlayAgain(),
    "continue": lambda _: Continue(),
    "title": lambda _: Title(),
    "history": lambda _: History(),
    "lang": Language,
    "dismiss": lambda _: Dismiss(),
    "dismiss-alert": lambda _: DismissAlert(),
    "load-newer": lambda _: LoadNewer(),
    "watch": Watch,
    "watch-entry": WatchEntry,
    "watch-kept": WatchKept,
    "review": ReviewGame,
    "review-all": lambda _: ReviewAll(),
    "review-cancel": lambda _: CancelReview(),
    "step": Step,
    "replay-play": lambda _: ReplayPlay(),
    "leave": lambda _: Leave(),
    "play-from": lambda _: PlayFrom(),
    "forget": Forget,
    "forget-yes": ForgetYes,
    "forget-no": lambda _: ForgetNo(),
    "export": lambda value: Export(value or "game"),
    "import-file": lambda _: ChooseFile(),
    "open-table": lambda value: OpenTable(direct=value == "codes"),
    "make-code": lambda _: MakeCode(),
    "accept-code": lambda _: AcceptCode(),
    "take-seat": TakeSeat,
    "begin-table": lambda _: BeginTable(),
    "leave-table": lambda _: LeaveTable(),
    "stand-in": StandIn,
    "say": Say,
    "mute": lambda _: Mute(),
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
