"""Everything `update` can ask the page to do, as data: the effects.

`update` returns the new model and a tuple of these; the browser adapter carries
each out as it says, deciding nothing, and sends back the message an effect
names when it finishes (`Think` sends `Thought` or `HintReady`, `After` its own
message). Like Elm's commands: the application says what should happen, the
runtime makes it happen.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game
from .messages import Msg


@dataclass(frozen=True)
class Store:
    """Write `value` under `key` in the browser's storage (None removes it). With
    `guarded`, only if what is stored under `under` (`key` when empty) is still
    `expected`: else the page sends `Stored` with that key and what it found there,
    and writes nothing. A write the browser refuses sends `StorageFailed` with what
    is stored there now."""

    key: str
    value: str | None
    guarded: bool = False
    expected: str | None = None
    under: str = ""


@dataclass(frozen=True)
class Think:
    """Let the computer of `level` (seeded with `seed`) work on `game`, time-sliced so
    the page answers all the while. Its choice comes back as `Thought(moves, choice)`
    after at least `least` seconds; with `estimate`, its rating of every legal action
    comes back as `HintReady` instead. A newer `Think` of the same sort replaces one
    still running."""

    level: str
    seed: int
    game: Game
    least: float = 0.0
    estimate: bool = False


@dataclass(frozen=True)
class RunReview:
    """Review `game`, rating the decisions of `seats` by the search at `level` seeded
    with `seed`, time-sliced so the page answers all the while: `ReviewProgress` now
    and then, and `Reviewed` (or `ReviewFailed`) at the end. A newer `RunReview`
    replaces one still running."""

    game: Game
    seats: tuple[int, ...]
    level: str
    seed: int = 0


@dataclass(frozen=True)
class StopReview:
    """Stop the review being made, if any."""


@dataclass(frozen=True)
class After:
    """Wait `seconds`, then send `msg`."""

    seconds: float
    msg: Msg


@dataclass(frozen=True)
class Chime:
    """A short sound: a human's turn has come, or (`final`) the game has ended."""

    final: bool = False


@dataclass(frozen=True)
class Animate:
    """Fly these pieces (`what`, from, to, mark: see `ui.motion`) to their new places, each
    flight `ms` long. The page skips it in a hidden tab and for reduced motion."""

    moves: tuple[tuple[str, str, str, str], ...]
    ms: int


@dataclass(frozen=True)
class Guard:
    """A move was made: a control now standing where the last tap landed ignores the
    pointer a moment, so a double tap cannot act twice."""


@dataclass(frozen=True)
class Download:
    """Offer a file to save: its name and text (JSON)."""

    name: str
    text: str


@dataclass(frozen=True)
class PickFile:
    """Open the browser's file picker; the file chosen comes back as `FileOpened`."""


@dataclass(frozen=True)
class Focus:
    """Move the keyboard's focus to the element with this id."""

    id: str


@dataclass(frozen=True)
class Scroll:
    """Scroll: "top" (the page), "log" (the log to its newest line), "chat" (a table's
    chat to its newest line), or the element with this id into view: to the top of the
    screen, or (`nearest`) only as far as brings it into view, if it is not."""

    to: str
    nearest: bool = False


@dataclass(frozen=True)
class PageTitle:
    """The tab's title."""

    text: str


@dataclass(frozen=True)
class PageLanguage:
    """The language the page is in (its `lang`)."""

    code: str


@dataclass(frozen=True)
class ForgetAddress:
    """Take parts of the page's address out of it, without loading the page again, so
    that a reload does not open them again: the query's parameters named in `params`,
    and (`fragment`) the part after "#"."""

    params: tuple[str, ...] = ()
    fragment: bool = False


@dataclass(frozen=True)
class Address:
    """Put `fragment` after "#" in the page's address ("" for nothing there), without
    loading the page again or telling it of the change: a reload, or the address kept as
    a bookmark, opens what it names (the table over days open on the page)."""

    fragment: str


@dataclass(frozen=True)
class CopyField:
    """Put the text of the field with this id on the clipboard; the page sends
    `Copied(field)` once it is there."""

    field: str


@dataclass(frozen=True)
class Moves:
    """How many actions the game shown has had (-1: none), marked on the page so a
    watcher (a test, say) can wait for a move it did not make."""

    count: int


@dataclass(frozen=True)
class Connect:
    """Meet the other devices of the online table in `room`, its messages sealed with
    `secret`, through these signalling relays and ICE (STUN, TURN) servers, each as
    the fields of the browser's `RTCIceServer` ("urls", and "username" and
    "credential" for a TURN server that asks for them). What the transport sees comes
    back as `PeerJoined`, `PeerLeft`, `PeerSent`, `NetTrouble`."""

    room: str
    secret: str
    relays: tuple[str, ...]
    ice: tuple[tuple[tuple[str, str], ...], ...]


@dataclass(frozen=True)
class Transmit:
    """Send `text` on the connection `to`, or on every connection (None)."""

    text: str
    to: str | None = None


@dataclass(frozen=True)
class Offer:
    """Open the connection `link` with no relay and no STUN: the page sends
    `CodeMade(link, sdp)` with its offer once the offer is whole."""

    link: str


@dataclass(frozen=True)
class Answer:
    """Answer the offer `sdp` on the connection `link`: the page sends
    `CodeMade(link, sdp)` with the answer; the connection opens (`PeerJoined`) once
    the offering device takes it."""

    link: str
    sdp: str


@dataclass(frozen=True)
class Accept:
    """Take the answer `sdp` to the offer made on `link`: the connection opens."""

    link: str
    sdp: str


@dataclass(frozen=True)
class LoadQr:
    """Install the QR code's library (a host's page needs it, nobody else's); the page
    sends `QrReady` once it can be imported."""


@dataclass(frozen=True)
class OpenRelays:
    """Open a socket to each of these Nostr relays (the table's path through them,
    `online/relays.py`), and open it again after it closes, until `Disconnect` or
    `CloseRelay`: the page sends `RelayOpened`, `RelayClosed` and `RelayFrame`."""

    urls: tuple[str, ...]


@dataclass(frozen=True)
class RelaySend:
    """Send `text` on the socket to the relay `url` (dropped while it is not open)."""

    url: str
    text: str


@dataclass(frozen=True)
class CloseRelay:
    """Close the socket to the relay `url` for good: it refused the table."""

    url: str


@dataclass(frozen=True)
class ReopenRelays:
    """Open the socket to each of the table's relays afresh: after a phone's sleep, one
    may be dead without the page having been told."""


@dataclass(frozen=True)
class Disconnect:
    """Leave the online table's room: every connection closes, the relays' sockets too."""


@dataclass(frozen=True)
class CloseLink:
    """Close the connection `link` (one that flooded this device)."""

    link: str


@dataclass(frozen=True)
class Share:
    """Open the device's share sheet with `title`, `text` and `url` (a table's turn
    told to the next player); where there is none, copy the text and the link. The
    page sends `Shared` with what it did."""

    title: str
    text: str
    url: str


@dataclass(frozen=True)
class Notify:
    """Show the system notification `text` (a table's turn come), only while the page
    is out of sight and the player has allowed notifications."""

    title: str
    text: str


@dataclass(frozen=True)
class AskToNotify:
    """Ask the player whether the page may notify them (once, as they open or join a
    table over days; the browser remembers the answer)."""


@dataclass(frozen=True)
class Lock:
    """Hold the browser's lock on the table over days `room` while it is open here, so
    one tab at a time moves at it: the page sends `Locked(room, held)`, held once it
    has it (at once, or when another tab lets it go)."""

    room: str


@dataclass(frozen=True)
class Unlock:
    """Let go of the lock on the table `room`."""

    room: str


Effect = (
    Store
    | Think
    | RunReview
    | StopReview
    | After
    | Chime
    | Animate
    | Guard
    | Download
    | PickFile
    | Focus
    | Scroll
    | PageTitle
    | PageLanguage
    | ForgetAddress
    | Address
    | CopyField
    | Moves
    | Connect
    | Transmit
    | OpenRelays
    | RelaySend
    | CloseRelay
    | ReopenRelays
    | Disconnect
    | CloseLink
    | LoadQr
    | Offer
    | Answer
    | Accept
    | Share
    | Notify
    | AskToNotify
    | Lock
    | Unlock
)
Effects = tuple[Effect, ...]  # what one message asks of the page, in order
