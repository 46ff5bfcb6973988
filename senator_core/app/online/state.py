"""This device's state at a table shared online."""

from __future__ import annotations

from dataclasses import dataclass

from ...online.device import Device
from ...online.relays import RelayPath


@dataclass(frozen=True)
class Online:
    """This device at a table shared online (see `update.py`): the protocol's device,
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
    # The relays the table meets on (the invitation carries them), and this page's path
    # through them (made when the first relay's socket opens).
    relays: tuple[str, ...] = ()
    path: RelayPath | None = None
    clock: float = 0.0  # seconds: the page's time at the last message
    started: str = ""  # when the game at the table began (ISO time), kept across reloads
    # The others' TURN servers the room was last joined with, the joins with them made
    # so far, and the ticks since the last.
    joined_turn: tuple[str, ...] = ()
    turn_tries: int = 0
    turn_ticks: int = 0

    @property
    def seat(self) -> int | None:
        return self.device.seat_of(self.device.me)
