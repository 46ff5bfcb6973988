"""The messages devices send each other at an online table, and their wire form.

Every message is one JSON object `{"v": VERSION, "t": <type>, ...fields}`. Reading
one checks everything before anything acts on it: the size, the version, the type,
each field's type and range, and that no field is missing or unknown. What does
not pass is a `WireError`, whose `problem` says what was wrong as data.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from ..config import GameConfig
from ..rules import MAX_PLAYERS
from .chance import LENGTH, is_link
from .keys import SIGNATURE_HEX

VERSION = 2
MAX_BYTES = 8_000  # the largest message: a table's beginning with five long names
MAX_NAME = 24
MAX_CHAT = 200
MAX_MOVES = 2_000  # far beyond any game's length
MAX_GAMES = 1_000  # games at one table

WireProblem = Literal["too-large", "not-json", "not-a-message", "version", "type", "field"]


class WireError(ValueError):
    def __init__(self, problem: WireProblem, detail: str = "") -> None:
        super().__init__(f"{problem}: {detail}" if detail else problem)
        self.problem = problem
        self.detail = detail


# ---------------------------------------------------------------- the messages


@dataclass(frozen=True)
class Hello:
    """A device arrives (or comes back) at the table: its build, its id (its public
    key), the name it plays under, the top of its chain (its commitment to its share
    of chance), how many entries of the table's stream it has already, and a fresh
    challenge for this connection (`nonce`), which the other device answers with a
    `Proof`."""

    build: str
    device: str
    name: str
    top: str
    have: int
    nonce: str


@dataclass(frozen=True)
class Proof:
    """A device proves that it holds its id's key: its signature of the challenge
    the other device sent on this connection (see `Device.proof_text`)."""

    sig: str


@dataclass(frozen=True)
class Sit:
    """A device asks for a seat."""

    seat: int


@dataclass(frozen=True)
class Seats:
    """The host's table before the game: for each seat, the device that sits there
    ("" while open), or a computer's level; and the name shown."""

    occupants: tuple[str, ...]
    devices: tuple[str, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class Ask:
    """The host asks for the reveals of chance point `point`, which comes before entry
    `entry`: the deal (no action), or `action`, which ends a round."""

    point: int
    entry: int
    action: str


@dataclass(frozen=True)
class Reveal:
    point: int
    value: str


@dataclass(frozen=True)
class Move:
    """A device's move for its own seat, on the game after `moves` moves, signed by
    the device ("" for the host's computers; see `Device.move_text`)."""

    moves: int
    action: str
    sig: str


@dataclass(frozen=True)
class Entry:
    """Entry `index` of the table's stream, which every device applies in order.

    `kind` "begin": the game's config (its seed still open), each device's commit
    (`reveals` holds the tops) and the seats' devices (`devices`); "deal": the
    first chance point's `reveals`, which make the seed; "move": `action` by the
    seat to move, after the reveals of its chance point if it ends a round, the
    `hash` of the position it leads to, and the signature of the seat's device (`sig`,
    as its `Move` carried it; "" for a computer's move, a stand-in's among them)."""

    index: int
    kind: Literal["begin", "deal", "move"]
    config: Mapping[str, Any]
    devices: tuple[str, ...]
    reveals: Mapping[str, str]
    action: str
    hash: str
    sig: str


@dataclass(frozen=True)
class Want:
    """A device asks for the stream's entries from `start` on."""

    start: int


@dataclass(frozen=True)
class Refused:
    """The host refused what a device sent: `problem` names why (see `Problem`)."""

    problem: str
    about: str


@dataclass(frozen=True)
class Chat:
    """A chat line; from the host, `device` says who wrote it."""

    text: str
    device: str


@dataclass(frozen=True)
class Again:
    """The host begins the table's next game, its `game`th (counting from 0): every
    device starts afresh, with a new chain, in the seat it had."""

    game: int


@dataclass(frozen=True)
class Here:
    """The host says which devices are at the table now (itself among them): should it
    go, every device takes the first of these in seat order as the next host, so all
    choose the same one, whoever each can reach itself. And the seats of players away
    that the host's computers play for now (`standing`)."""

    devices: tuple[str, ...]
    standing: tuple[int, ...]


@dataclass(frozen=True)
class Turn:
    """The TURN servers written in the sending device's settings ("turn:host:port user
    password"), for every device at the table to use too: a pair of devices with no
    direct path between them can still have a WebRTC connection through one."""

    servers: tuple[str, ...]


Message = (
    Hello
    | Proof
    | Sit
    | Seats
    | Ask
    | Reveal
    | Move
    | Entry
    | Want
    | Refused
    | Chat
    | Again
    | Here
    | Turn
)

TYPES: dict[str, type[Message]] = {
    "hello": Hello,
    "proof": Proof,
    "sit": Sit,
    "seats": Seats,
    "ask": Ask,
    "reveal": Reveal,
    "move": Move,
    "entry": Entry,
    "want": Want,
    "refused": Refused,
    "chat": Chat,
    "again": Again,
    "here": Here,
    "turn": Turn,
}
TYPE_OF = {cls: name for name, cls in TYPES.items()}

# ---------------------------------------------------------------- checking each field

DEVICE = re.compile(r"[0-9a-f]{64}\Z")  # a device's public key
NONCE = re.compile(r"[0-9a-f]{32}\Z")
PAGE = re.compile(r"[0-9a-f]{16}\Z")  # a page load's name on the relays
SIGNATURE = re.compile(rf"[0-9a-f]{{{SIGNATURE_HEX}}}\Z")
HASH = re.compile(r"[0-9a-f]{16}\Z")
ACTION = re.compile(r"[a-z0-9_ ]{1,40}\Z")
# A TURN server as the settings write it: the address, then its user name and password.
TURN_SERVER = re.compile(r"turns?:[!-~]{1,120} [!-~]{1,60} [!-~]{1,60}\Z")
MAX_TURN = 4  # the TURN servers one device shares


def _text(limit: int, pattern: re.Pattern[str] | None = None) -> Callable[[object], object]:
    def check(value: object) -> object:
        if not isinstance(value, str) or len(value) > limit:
            raise ValueError(f"text of at most {limit} characters")
        if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
            raise ValueError("no control characters")
        if pattern is not None and value and not pattern.match(value):
            raise ValueError("not in the expected form")
        return value

    return check


def _number(low: int, high: int) -> Callable[[object], object]:
    def check(value: object) -> object:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"a whole number from {low} to {high}")
        return value

    return check


def _strings(item: Callable[[object], object]) -> Callable[[object], object]:
    def check(value: object) -> object:
        if not isinstance(value, list) or len(value) > MAX_PLAYERS:
            raise ValueError(f"a list of at most {MAX_PLAYERS} items")
        return tuple(item(v) for v in value)

    return check


def _links(value: object) -> object:
    if not isinstance(value, dict) or len(value) > MAX_PLAYERS:
        raise ValueError(f"at most {MAX_PLAYERS} devices' links")
    for device, link in value.items():
        if not DEVICE.match(device) or not is_link(link):
            raise ValueError("a device's id and a link")
    return dict(value)


def _config(value: object) -> object:
    if not isinstance(value, dict):
        raise ValueError("a game's config")
    if value:
        GameConfig.from_dict(value)
    return dict(value)


def _link(value: object) -> object:
    if not is_link(value):
        raise ValueError("a link: 64 hexadecimal digits")
    return value


def turn_servers(value: object) -> object:
    """TURN servers a device shares, checked: a tuple of them, or ValueError."""
    if not isinstance(value, list) or len(value) > MAX_TURN:
        raise ValueError(f"a list of at most {MAX_TURN} TURN servers")
    if not all(isinstance(v, str) and TURN_SERVER.match(v) for v in value):
        raise ValueError("each a TURN server: turn:host:port user password")
    return tuple(value)


name = _text(MAX_NAME)
device = _text(64, DEVICE)
signature = _text(SIGNATURE_HEX, SIGNATURE)  # "" where none is due
action = _text(40, ACTION)
FIELDS: dict[type[Message], dict[str, Callable[[object], object]]] = {
    Hello: {
        "build": _text(64),
        "device": device,
        "name": name,
        "top": _link,
        "have": _number(0, MAX_MOVES),
        "nonce": _text(32, NONCE),
    },
    Proof: {"sig": signature},
    Sit: {"seat": _number(0, MAX_PLAYERS - 1)},
    Seats: {
        "occupants": _strings(_text(16)),
        "devices": _strings(device),
        "names": _strings(name),
    },
    Ask: {"point": _number(1, LENGTH), "entry": _number(0, MAX_MOVES), "action": action},
    Reveal: {"point": _number(1, LENGTH), "value": _link},
    Move: {"moves": _number(0, MAX_MOVES), "action": action, "sig": signature},
    Entry: {
        "index": _number(0, MAX_MOVES),
        "kind": lambda v: v if v in ("begin", "deal", "move") else _bad("begin, deal or move"),
        "config": _config,
        "devices": _strings(device),
        "reveals": _links,
        "action": action,
        "hash": _text(16, HASH),  # "" when the entry is not a move
        "sig": signature,
    },
    Want: {"start": _number(0, MAX_MOVES)},
    Refused: {"problem": _text(32), "about": _text(64)},
    Chat: {"text": _text(MAX_CHAT), "device": device},
    Again: {"game": _number(1, MAX_GAMES)},
    Here: {"devices": _strings(device), "standing": _strings(_number(0, MAX_PLAYERS - 1))},
    Turn: {"servers": turn_servers},
}


def _bad(expected: str) -> object:
    raise ValueError(expected)


# ---------------------------------------------------------------- reading and writing


def encode(message: Message) -> str:
    data: dict[str, Any] = {"v": VERSION, "t": TYPE_OF[type(message)]}
    for f in fields(message):
        value = getattr(message, f.name)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    if len(text.encode()) > MAX_BYTES:
        raise WireError("too-large", f"{len(text.encode())} bytes")
    return text


def decode(text: object) -> Message:
    """The message `text` carries; WireError if it is not one, whole and sound."""
    if not isinstance(text, str) or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise WireError("too-large", f"at most {MAX_BYTES} bytes of text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise WireError("not-json") from None
    if not isinstance(data, dict):
        raise WireError("not-a-message")
    if data.get("v") != VERSION:
        raise WireError("version", str(data.get("v"))[:16])
    kind = data.get("t")
    cls = TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise WireError("type", str(data.get("t"))[:16])
    checks = FIELDS[cls]
    given = set(data) - {"v", "t"}
    if given != set(checks):
        odd = sorted(given ^ set(checks))[0]
        raise WireError("field", odd[:32])
    values: dict[str, Any] = {}
    for key, check in checks.items():
        try:
            values[key] = check(data[key])
        except (TypeError, ValueError) as err:
            raise WireError("field", f"{key}: {err}"[:64]) from None
    return cls(**values)
