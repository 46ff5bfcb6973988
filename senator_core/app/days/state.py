"""This device's tables over days: the one open on the page (`Days`), and what the title
screen lists of each (`Listed`), as the browser keeps them (`days_json`)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ...online.chance import Chain
from ...online.days import NOW, Lobby, Record, Shelves, Table
from ...online.keys import Key
from ...online.links import Links

DAYS_FORMAT = 1
MAX_TABLES = 12  # tables over days kept on one device; the oldest ended one goes first
MAX_EVENTS = 1_000  # events kept for one table: a whole game is about 200


@dataclass(frozen=True)
class Listed:
    """What the title screen says of one table, as this device last saw it: the players'
    names, this device's seat, the seats awaited, when their time runs out, the last
    move in words, whether the game is over (and who won), and when it was last seen
    here (seconds)."""

    room: str
    names: tuple[str, ...] = ()
    seat: int | None = None
    awaited: tuple[int, ...] = ()
    deadline: int | None = None
    last: tuple[str, dict[str, Any]] | None = None  # the log's last line (an event)
    over: bool = False
    winners: tuple[int, ...] = ()
    seen_at: float = 0.0
    begun: bool = False
    relays: tuple[str, ...] = ()
    stood: bool = False  # a computer plays this device's seat until its player is back
    gone: bool = False  # this device's player has left the table

    @property
    def my_turn(self) -> bool:
        return not self.over and self.seat is not None and self.seat in self.awaited


@dataclass(frozen=True)
class Days:
    """This device at a table over days (see `update.py`): the room and its secret (from
    the link), its relays, this device's key and chain for the table, the friends'
    lobby and the table's stream, and its side of the relays. The protocol's objects
    are never changed in place: each message works on copies. `seen` is how many of
    the game's moves the player had seen when the table was last shown; `since` the
    moves of the story of what happened since, while it shows."""

    room: str
    secret: str
    relays: tuple[str, ...]
    key: Key
    chain: Chain
    lobby: Lobby
    table: Table
    shelves: Shelves
    seen: int = 0
    since: int | None = None
    clock: float = 0.0
    elsewhere: bool = False  # another tab of this browser holds the table's turn
    # What a relay's answer brought so far: taken, in the stream's order, once it has sent
    # all it holds (a relay sends the newest first).
    early: tuple[Record, ...] = ()
    links: Links = field(default_factory=Links)  # the direct connections to its other pages
    draft: str = ""  # the chat line being written
    muted: bool = False  # the player muted the chat
    said_at: tuple[float, ...] = ()  # when this page's last chat lines were said (seconds)
    claiming: str = ""  # the name to take a seat with once the table comes (the next game)
    turn: tuple[str, ...] = ()  # the TURN servers of this device's settings, for its claim
    joined_turn: tuple[str, ...] = ()  # the table's shared TURN servers the room was joined with
    qr: bool = False  # the QR code's library is installed: the link shows as one too
    turn_tries: int = 0  # joins of the room with the table's shared TURN servers, none met
    turn_at: float = 0.0  # when the last of them was made (seconds)

    @property
    def told(self) -> bool:
        """Whether a relay, or a page of the table met directly, has told this device the
        whole table as it holds it: only then does it add anything."""
        return bool(self.shelves.answered or self.links.caught)

    @property
    def played_now(self) -> bool:
        """Whether the table is one to play now (a few minutes for each move)."""
        offer = self.lobby.offer
        return self.table.limit == NOW or (offer is not None and offer.body["limit"] == NOW)

    @property
    def opener(self) -> bool:
        offer = self.lobby.offer
        return offer is not None and offer.author == self.key.public

    def records(self) -> list[Record]:
        """Everything this device holds of the table, to publish where a relay lacks it."""
        lobby = [r for r in (self.lobby.offer, *self.lobby.claims.values()) if r is not None]
        return [*lobby, *self.table.records()]

    def copied(self) -> tuple[Lobby, Table, Shelves, Links]:
        return self.lobby.copy(), self.table.copy(), self.shelves.copy(), self.links.copy()


def computer_thinks(days: Days) -> str | None:
    """The level of the computer this page is to think for at the table, once the
    relays have told it the table (None while another tab holds the table)."""
    if not days.told or days.elsewhere:
        return None
    return days.table.computer_due()


def days_to_dict(days: Days) -> dict[str, Any]:
    return {
        "room": days.room,
        "secret": days.secret,
        "relays": list(days.relays),
        "key": days.key.secret,
        "chain": days.chain.secret.hex(),
        "seen": days.seen,
        # The events of what the table took (none a stranger forged), as they came.
        "events": [e for r in days.records() if (e := days.shelves.events.get(r.slot))][
            :MAX_EVENTS
        ],
    }


def listed_to_dict(listed: Listed) -> dict[str, Any]:
    return {
        "room": listed.room,
        "names": list(listed.names),
        "seat": listed.seat,
        "awaited": list(listed.awaited),
        "deadline": listed.deadline,
        "last": list(listed.last) if listed.last is not None else None,
        "over": listed.over,
        "winners": list(listed.winners),
        "seen_at": listed.seen_at,
        "begun": listed.begun,
        "relays": list(listed.relays),
        "stood": listed.stood,
        "gone": listed.gone,
    }


def _seat(value: object, players: int) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players
    return value if ok else None  # type: ignore[return-value]


def listed_from_dict(data: Any) -> Listed:
    """A table's line of the title's list; ValueError if it is not one."""
    if not isinstance(data, dict) or not _room(data.get("room")):
        raise ValueError("table")
    names = data.get("names", [])
    if not isinstance(names, list) or len(names) > 5 or not all(isinstance(n, str) for n in names):
        raise ValueError("names")
    players = len(names)
    awaited = tuple(s for s in data.get("awaited", []) if _seat(s, players) is not None)
    deadline = data.get("deadline")
    winners = tuple(s for s in data.get("winners", []) if _seat(s, players) is not None)
    seen_at = data.get("seen_at", 0)
    relays = data.get("relays", [])
    if not isinstance(relays, list) or not all(isinstance(r, str) for r in relays):
        raise ValueError("relays")
    return Listed(
        str(data["room"]),
        tuple(n[:40] for n in names),
        _seat(data.get("seat"), players),
        awaited,
        deadline if isinstance(deadline, int) and not isinstance(deadline, bool) else None,
        _event(data.get("last")),
        data.get("over") is True,
        winners,
        float(seen_at) if isinstance(seen_at, int | float) else 0.0,
        data.get("begun") is True,
        tuple(r[:200] for r in relays[:8]),
        data.get("stood") is True,
        data.get("gone") is True,
    )


def _event(value: object) -> tuple[str, dict[str, Any]] | None:
    """A log's line as kept: its event's id and arguments."""
    if isinstance(value, list) and len(value) == 2:
        ident, args = value
        if isinstance(ident, str) and isinstance(args, dict) and len(json.dumps(args)) < 2_000:
            return ident, args
    return None


def _room(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[0-9a-f]{16}", value) is not None


def days_from_text(text: str) -> Days:
    """A table kept on this device, its events taken again (each checked as when it
    came, a computer's move but not computed again); ValueError if it cannot be read."""
    try:
        data = json.loads(text)
    except RecursionError as err:
        raise ValueError("table") from err
    if not isinstance(data, dict) or not _room(data.get("room")):
        raise ValueError("table")
    secret, relays = data.get("secret"), data.get("relays")
    if not (isinstance(secret, str) and re.fullmatch(r"[0-9a-f]{32}", secret)):
        raise ValueError("secret")
    if not isinstance(relays, list) or not all(isinstance(r, str) for r in relays):
        raise ValueError("relays")
    room = str(data["room"])
    key = Key(bytes.fromhex(str(data["key"])))
    chain = Chain(bytes.fromhex(str(data["chain"])))
    seen = data.get("seen", 0)
    if not isinstance(seen, int) or isinstance(seen, bool) or seen < 0:
        raise ValueError("seen")
    events = data.get("events")
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise ValueError("events")
    shelves = Shelves(key, room, secret, tuple(r[:200] for r in relays[:8]))
    records = [r for r in map(shelves.restore, events) if r is not None]
    lobby, table = Lobby(key, room), Table(key, chain)
    taken(lobby, table, records, None, check=False)
    return Days(room, secret, shelves.urls, key, chain, lobby, table, shelves, seen)


def taken(
    lobby: Lobby, table: Table, records: list[Record], now: float | None, check: bool = True
) -> list[str]:
    """Records into the lobby (offers and claims) and the table (the rest); what was
    wrong with any. `check`: compute each computer's move again (not for what this
    device kept, checked when it came)."""
    problems = [p for r in records if r.kind in ("offer", "claim") for p in [lobby.take(r, now)]]
    table.check_computers = check
    try:
        problems += table.take_all([r for r in records if r.kind not in ("offer", "claim")], now)
    finally:
        table.check_computers = True
    return [p for p in problems if p is not None]


def days_text(days: Days) -> str:
    """A table's whole stream as this device keeps it."""
    return json.dumps(days_to_dict(days), separators=(",", ":"))


def days_json(tables: tuple[Listed, ...], kept: tuple[tuple[str, str], ...]) -> str:
    """What the browser keeps of this device's tables: each table's line, and each one's
    whole stream as `days_text` wrote it (by room), joined as they are."""
    lines = json.dumps([listed_to_dict(t) for t in tables], separators=(",", ":"))
    streams = ",".join(f"{json.dumps(room)}:{text}" for room, text in kept)
    return f'{{"format":{DAYS_FORMAT},"tables":{lines},"kept":{{{streams}}}}}'


def load_days(text: str) -> tuple[tuple[Listed, ...], tuple[tuple[str, str], ...]]:
    """The tables kept, and each one's stream as kept (read when it is opened); a table
    that cannot be read is left out."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != DAYS_FORMAT:
        raise ValueError("format")
    tables: list[Listed] = []
    kept: list[tuple[str, str]] = []
    streams = data.get("kept")
    streams = streams if isinstance(streams, dict) else {}
    for item in data.get("tables", [])[:MAX_TABLES]:
        try:
            listed = listed_from_dict(item)
        except (ValueError, TypeError):
            continue
        if isinstance(streams.get(listed.room), dict):
            tables.append(listed)
            kept.append((listed.room, json.dumps(streams[listed.room], separators=(",", ":"))))
    return tuple(tables), tuple(kept)
