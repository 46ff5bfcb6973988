"""The set-up's state: the choices a game starts from, remembered between visits, and
the paces a player can choose (see `update.py` for their rules)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...config import DEFAULT_NAMES, Variants
from ...records import COLOURS, HUMAN

PALETTE_SIZE = COLOURS  # seat colours: see ui.pieces.SEAT_COLOURS
SEAT_CHOICES = (HUMAN, "easy", "normal", "hard", "expert")  # what the set-up offers a seat
# A first visit's set-up: you and three computers (the fifth seat, if added, a person).
FIRST_OCCUPANTS = (HUMAN, "normal", "normal", "normal", HUMAN)
QUICK_PLAYERS = 4  # "Play against the computer": you and three computers
SWITCHES = ("sound", "auto")  # settings turned on and off from the game screen


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

# Where the devices of an online table find each other and, where they have no direct
# connection, send each other their messages (Nostr relays), and the STUN servers
# that tell each device its address outside its network; contacted only in an online
# game, changeable in the settings (a TURN server goes there too: "turn:host:port user
# password"). The relays are of the transport library's own current list (Trystero
# 0.25.4), the last build's among them, less one that bridges to another network, as
# many as the settings use (8); a table opened with them meets on four, chosen by the
# table (`online.update`).
RELAYS = (
    "wss://nos.lol",
    "wss://purplerelay.com",
    "wss://schnorr.me",
    "wss://relay.agorist.space",
    "wss://nostr.data.haus",
    "wss://nostr.sathoarder.com",
    "wss://strfry.shock.network",
    "wss://nostr.vulpem.com",
)
RELAYS_BEFORE = (
    "wss://nos.lol",
    "wss://relay.mostr.pub",
    "wss://purplerelay.com",
    "wss://schnorr.me",
)
ICE = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")


@dataclass(frozen=True)
class Setup:
    """The set-up screen's choices; remembered between visits (see `update.py`)."""

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
    # The computers' levels before an online table made every seat a person's: "Play
    # against the computer" seats them while no seat above is a computer's.
    computers: tuple[str, ...] = ()
    days: int = 1  # a table over days: each player's time for a move, in days (0: none)

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
            "computers": list(self.computers),
            "days": self.days,
        }

    @property
    def pace(self) -> Pace:
        return PACES[self.speed]
