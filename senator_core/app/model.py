"""The application's state, as types: `Model` and what it holds, and the fixed tables.

Nothing here changes anything: `update` (in `update.py`) makes each new model,
`storage.py` reads and writes what the browser keeps, `setup.py` checks and
changes the set-up, and `derived.py` answers what follows from a model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..config import DEFAULT_NAMES, Variants
from ..game import Game
from ..online.device import Device
from ..records import COLOURS, HUMAN, Record, Timeline
from ..rules import MAX_PLAYERS
from ..sightings import Facts
from .keeping.saves import Kept, Turn
from .screens import OpenPanel, Screen

PALETTE_SIZE = COLOURS  # seat colours: see view.SEAT_COLOURS
SEAT_CHOICES = (HUMAN, "easy", "normal", "hard", "expert")  # what the set-up offers a seat
ALL_HUMAN = (HUMAN,) * MAX_PLAYERS
HINT_LEVEL = "expert"  # the strongest level that answers within a second (benchmarks/bots.py)
# A first visit's set-up: you and three computers (the fifth seat, if added, a person).
FIRST_OCCUPANTS = (HUMAN, "normal", "normal", "normal", HUMAN)
QUICK_PLAYERS = 4  # "Play against the computer": you and three computers
SWITCHES = ("sound", "auto")  # settings turned on and off from the game screen
REMOTE = "remote"  # at an online table: a person who plays at a device of their own


@dataclass(frozen=True)
class Pace:
    """How long things take at one of the paces a player can choose."""

    think: float  # the least a computer's move takes, its thinking included (seconds)
    flight_ms: int  # a piece's flight from place to place
    hold: float  # the pause after a big moment, before a computer moves (twice at a round's end)
    forced: float  # the pause before a move that is no choice is made for a player
    replay: float  # a playing replay's time on each move


PACES = {
    "instant": Pace(think=0.0, flight_ms=0, hold=0.0, forced=0.25, replay=0.25),
    "fast": Pace(think=0.35, flight_ms=300, hold=0.5, forced=0.6, replay=0.6),
    "normal": Pace(think=0.9, flight_ms=450, hold=1.2, forced=1.0, replay=1.2),
    "slow": Pace(think=1.8, flight_ms=600, hold=2.0, forced=1.6, replay=2.0),
}
SPEEDS = tuple(PACES)

# Where the devices of an online table find each other (Nostr relays, of the public
# ones the transport library knows) and the STUN servers that tell each device its
# address outside its network; contacted only in an online game, changeable in the
# settings (a TURN server goes there too: "turn:host:port user password").
RELAYS = ("wss://nos.lol", "wss://relay.mostr.pub", "wss://purplerelay.com", "wss://schnorr.me")
ICE = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")


@dataclass(frozen=True)
class Setup:
    """The set-up screen's choices; remembered between visits (see `setup.py`)."""

    players: int = 4
    names: tuple[str, ...] = DEFAULT_NAMES
    colours: tuple[int, ...] = tuple(range(PALETTE_SIZE))
    first_opener: str = "random"
    variants: Variants = field(default_factory=Variants)
    seed: str = ""
    occupants: tuple[str, ...] = FIRST_OCCUPANTS  # who plays each seat: HUMAN or a level
    speed: str = "normal"
    sound: bool = True  # a short sound when a human's turn comes and at the end
    auto: bool = True  # moves that are no choice are made for the player
    lang: str = ""  # the language chosen ("" until one is: the browser's is spoken)
    relays: tuple[str, ...] = RELAYS
    ice: tuple[str, ...] = ICE

    def to_dict(self) -> dict[str, Any]:
        return {
            "lang": self.lang,
            "players": self.players,
            "names": list(self.names),
            "colours": list(self.colours),
            "occupants": list(self.occupants),
            "speed": self.speed,
            "sound": self.sound,
            "auto": self.auto,
            "first_opener": self.first_opener,
            "variants": self.variants.to_dict(),
            "seed": self.seed,
            "relays": list(self.relays),
            "ice": list(self.ice),
        }

    @property
    def pace(self) -> Pace:
        return PACES[self.speed]


@dataclass(frozen=True)
class Hint:
    """The estimates of the hint level for each legal action of the position shown,
    and what its playouts saw after each (`facts`, in the same order; none for a
    hint read back from a save)."""

    moves: int
    options: tuple[tuple[str, float], ...]
    facts: tuple[Facts | None, ...] = ()


@dataclass(frozen=True)
class Watch:
    """The replay viewer: a whole game (`record`), every position of it (`line`), the
    step shown (after that many actions), whether it plays on by itself, and the
    screen to go back to."""

    record: Record
    line: Timeline
    step: int
    playing: bool = False
    back: Screen = "title"
    kept: int | None = None  # its place in the history, when it was opened from there
    turns: tuple[Turn, ...] = ()  # who made each action

    @property
    def game(self) -> Game:
        return self.line.games[self.step]


@dataclass(frozen=True)
class ReviewRun:
    """A review being made: of `record`, rating the decisions of `seats`; `done` of
    `total` decisions rated so far."""

    record: Record
    seats: tuple[int, ...]
    done: int = 0
    total: int = 0


@dataclass(frozen=True)
class Online:
    """This device at a table shared online (see `online.py`): the protocol's device,
    never changed in place (each message works on a copy), the room it meets the
    others in and the room's secret ("" at a table met by codes), the chat so far (who
    said it, what), whether the player muted it, and what went wrong with the
    connection, if anything did."""

    device: Device
    room: str
    secret: str
    lines: tuple[tuple[str, str], ...] = ()
    muted: bool = False
    trouble: str = ""
    said_at: tuple[float, ...] = ()  # when this device's last lines were sent (seconds)
    draft: str = ""  # the chat line being written
    waited: int = 0  # ticks since a guest last reached the host
    qr: bool = False  # the invitation's QR code can be drawn (its library is installed)
    # Meeting by codes, with no relay (see `codes.py`): the host makes an offer for one
    # guest at a time on the connection `coding`, shows its `code` and takes the code
    # pasted (`pasted`) back; a guest shows its answer's `code` until the host takes it.
    direct: bool = False
    coding: str = ""
    code: str = ""
    pasted: str = ""
    offers: int = 0  # the offers made so far (each on a connection of its own)

    @property
    def seat(self) -> int | None:
        return self.device.seat_of(self.device.me)


@dataclass(frozen=True)
class Lesson:
    """The guided first game at the table (see `lesson.py`): the last position whose
    held note the player went on from, and whether the player left the lesson's line
    to play on alone."""

    heard: int = -1
    alone: bool = False


@dataclass(frozen=True)
class Model:
    """Everything the page shows. The game is never changed in place: `update` works
    on a copy, so an old model stays as it was.

    `turns` holds who made each action of the game, where its lines begin in the
    log, and whether it was made for a player (nothing else was legal): the last
    one's lines are what just happened (`derived.just_happened`). `undos` counts
    the moves taken back. `picked` holds the positions, in the hand shown, of the
    cards the player to move has touched to build a bid; `explain` names the piece
    whose explanation is open.

    `history` is the games kept on this browser, newest first; `watch` the replay
    viewer's state. `alert` is a warning that stays until dismissed: "storage" (the
    browser keeps nothing) or "stale" (another tab played on; `newer` is its save).
    `held` names stored keys written by a newer version, not to be written over;
    `confirm` a step that waits for a second tap ("forget-3": delete kept game 3).
    `stored` is what this page last read or wrote under each key it keeps; `epoch`
    counts the changes of the game shown, so that a reply (a computer's move, a
    hint) for a position that is gone is known as such.
    """

    screen: Screen = "title"
    setup: Setup = field(default_factory=Setup)
    game: Game | None = None
    colours: tuple[int, ...] = tuple(range(PALETTE_SIZE))
    occupants: tuple[str, ...] = ALL_HUMAN  # who plays each seat: HUMAN or a level
    hint: Hint | None = None
    panel: OpenPanel = ""
    notice: str | None = None
    page_url: str = ""
    turns: tuple[Turn, ...] = ()
    undos: int = 0
    started: str = ""  # when the game began (ISO time), if the page knew
    picked: tuple[int, ...] = ()
    explain: str = ""
    rule: str = ""  # the rule the rules panel was opened at ("R21"), if any
    log_rounds: tuple[int, ...] = ()  # earlier rounds of the log the player has unfolded
    history: tuple[Kept, ...] = ()
    watch: Watch | None = None
    alert: str = ""
    storage_warned: bool = False  # the player has dismissed the storage warning
    newer: str | None = None
    held: frozenset[str] = frozenset()
    confirm: str = ""
    linked: int | None = None  # the move at which a link to the whole game was asked for
    lang: str = "en"  # the language the page speaks
    stored: tuple[tuple[str, str | None], ...] = field(default=(), compare=False)
    epoch: int = 0
    online: Online | None = None  # the table shared with other devices, when online
    story: int = 0  # the round whose summary the table holds until the player goes on
    lesson: Lesson | None = None  # the guided first game, when it is the game at the table
    entropy: str = ""  # random text from the page, that this device's ids are made from
    build: str = ""  # the build of the game this page runs (devices of another cannot play)
    reviewing: ReviewRun | None = None  # the review being made, in the background
    review_all: bool = False  # the review shows the computers' moves too

    @property
    def auto(self) -> tuple[int, ...]:
        """Where in the log each move made for a player begins."""
        return tuple(t.log_start for t in self.turns if t.auto)
