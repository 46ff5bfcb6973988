"""Online play's messages: the table's controls, and what the transport reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class OnlineMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class OpenTable(OnlineMsg):
    """The host opens the table set up online: the invited seats wait for their players,
    who come by the invitation link (through the relays) or, `direct`, by codes."""

    direct: bool = False


@dataclass(frozen=True)
class Invited(OnlineMsg):
    """The part of the page's address after "#", as the page was opened or changed
    since (an invitation link, perhaps)."""

    fragment: str


@dataclass(frozen=True)
class TakeSeat(OnlineMsg):
    """A guest asks for the seat `seat`."""

    seat: str


@dataclass(frozen=True)
class BeginTable(OnlineMsg):
    """The host begins the game with the seats as they are."""


@dataclass(frozen=True)
class LeaveTable(OnlineMsg):
    """This device leaves the table (the game stays kept as far as it went)."""


@dataclass(frozen=True)
class StandIn(OnlineMsg):
    """The host hands the seat `seat`, whose player is away, to a computer."""

    seat: str


@dataclass(frozen=True)
class Say(OnlineMsg):
    """Send the chat line written (or, with `text`, that quick reaction)."""

    text: str = ""


@dataclass(frozen=True)
class Mute(OnlineMsg):
    """Hide the others' chat lines, or show them again."""


@dataclass(frozen=True)
class PeerJoined(OnlineMsg):
    """The transport opened a connection to another device (`link`, its own id)."""

    link: str


@dataclass(frozen=True)
class PeerLeft(OnlineMsg):
    """A connection closed."""

    link: str


@dataclass(frozen=True)
class PeerSent(OnlineMsg):
    """A message came on the connection `link`, as the text it came as."""

    link: str
    text: str


@dataclass(frozen=True)
class NetTick(OnlineMsg):
    """Time to ask again for what may have been missed (see `Device.tick`), at the
    table in `room`."""

    room: str


@dataclass(frozen=True)
class RelayOpened(OnlineMsg):
    """The socket to the relay `url` opened (again)."""

    url: str


@dataclass(frozen=True)
class RelayClosed(OnlineMsg):
    """The socket to the relay `url` closed (the page opens it again)."""

    url: str


@dataclass(frozen=True)
class RelayFrame(OnlineMsg):
    """The relay `url` sent `text` (an event, or its answer to one)."""

    url: str
    text: str


@dataclass(frozen=True)
class Rejoin(OnlineMsg):
    """Meet the table again with the connection settings as they are now: the relays
    written there besides the table's own, and the STUN and TURN servers."""


@dataclass(frozen=True)
class PageHidden(OnlineMsg):
    """The page is being closed or left: the others hear that it goes at once."""


@dataclass(frozen=True)
class PageShown(OnlineMsg):
    """The page is seen again after `hidden` seconds out of sight (a phone's screen back
    on, a tab come back to)."""

    hidden: float


@dataclass(frozen=True)
class MakeCode(OnlineMsg):
    """The host makes an invitation code for one more guest (or one come back)."""


@dataclass(frozen=True)
class CodeMade(OnlineMsg):
    """The page made this end's description of the connection `link` (an offer on the
    host, an answer on a guest), as the browser's SDP."""

    link: str
    sdp: str


@dataclass(frozen=True)
class AcceptCode(OnlineMsg):
    """The host takes the answer code pasted."""


@dataclass(frozen=True)
class QrReady(OnlineMsg):
    """The QR code's library can be imported now."""


@dataclass(frozen=True)
class NetTrouble(OnlineMsg):
    """The transport could not do what was asked: `reason` names what ("relay",
    "unsupported", or the browser's own words)."""

    reason: str


Message = (
    OpenTable
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
    | RelayOpened
    | RelayClosed
    | RelayFrame
    | PageHidden
    | PageShown
    | Rejoin
    | MakeCode
    | CodeMade
    | AcceptCode
    | QrReady
    | NetTrouble
)

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "open-table": lambda value: OpenTable(direct=value == "codes"),
    "make-code": lambda _: MakeCode(),
    "accept-code": lambda _: AcceptCode(),
    "take-seat": TakeSeat,
    "begin-table": lambda _: BeginTable(),
    "leave-table": lambda _: LeaveTable(),
    "rejoin": lambda _: Rejoin(),
    "stand-in": StandIn,
    "say": Say,
    "mute": lambda _: Mute(),
}
