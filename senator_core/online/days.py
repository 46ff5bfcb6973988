"""A table played over days: a stream of entries that no device hosts (the design is
in docs/online.md, "Games over days").

Who may add entry *n* follows from the game at *n - 1*, never from who is online:

- `offer` and `claim` (before the stream): the opener's table and a friend's claim of
  a seat, each with the TURN servers of its player's settings, which every page of
  the table then meets the others with.
- `begin` (entry 0): the game's config, the device at each seat ("" for a computer,
  whose level `levels` names), each device's commitment (its chain's top), the time
  each player has for a move (`limit`, 0 for none) and the level that plays a seat
  whose player is away (`stand_in`). The device that opens the table makes it.
- `move`: a person's move is made and signed by the device at the seat to move; a
  computer's move (a computer's seat, or a person's whose player is away or gone) is
  what the seeded computer chooses, so every device computes the same one, and
  whichever device is open first adds it (signed as its publisher; every device
  computes it again to check it). Two devices adding the same computer move add one
  entry: an entry's identity (`Record.key`) leaves out who signed it, and a
  computer's move is dated at the entry before it.
- `chance`: once every device the chance point waits for has revealed its link, the
  point's entry (the deal, or a move that ended a round played on from the next
  round's seed) names them; any device adds it, and all add the same one.
- `stand`: once a player's time has run out (the seat to move, or a device whose
  reveal a chance point waits for), any other seated device may hand the seat to the
  computer until its player is `back`; a chance point then goes on without it.
- `back`: the player of a seat the computer plays takes it again, at any time.
- `leave`: a player leaves the table for good; the computer plays the seat, and the
  rest of the device's chain is revealed with it so that no chance point waits for
  it.
- `reveal`: not in the numbered stream. Each device reveals its link for chance
  point *k* (the deal; each later round's preparation) the first time it is open
  after the point is due, never before.
- `say`: a line of the table's chat, also outside the numbered stream: by a seated
  device, numbered among its own lines, kept with the table (a line left for the
  others, read whenever they next look).
- `next`: a seated device opened the next game at this table, a new table whose
  room and secret it names (sealed as every record is); of two, the earlier stands,
  then the lower key, alike on every device.

Each numbered entry names the one before it (`prev`), so it belongs to one history
only, and carries the time it was made (`at`, seconds), never before the entry it
follows nor far ahead of the clock of the device that takes it. Two entries for one
place (two devices open at once) are settled alike on every device: a person's own
move made in time first, then a player coming back or leaving, a chance point, a
computer's move, a stand-in, a person's move made after their time ran out; of two
alike, the lower key. A device that took the other rolls back to that place (a page
closed before its move went out publishes it when next open: made in time, it
stands, and what the others added after its place is made again). What is not sound
is refused with a reason, and nothing of it is taken; a record that comes before the
one it follows waits for it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..actions import IllegalActionError
from ..bots import make
from ..config import GameConfig
from ..game import Game, new_game
from ..levels import LEVELS
from .chance import LENGTH, Chain, is_link, seed_of, under
from .device import SHARED_TURN, played, starts_round
from .keys import Key, verifies, verify
from .relays import REFUSALS, SEAL_BYTES, Drop, Frame, NoRelay, Seal, event_id, topic_of
from .wire import MAX_TURN, TURN_SERVER, turn_servers

Kind = Literal[
    "offer", "claim", "begin", "move", "chance", "stand", "back", "leave", "reveal", "say", "next"
]
KINDS = (
    "offer",
    "claim",
    "begin",
    "move",
    "chance",
    "stand",
    "back",
    "leave",
    "reveal",
    "say",
    "next",
)
MAX_NAME = 24  # characters of a player's name
MAX_SAID = 200  # characters of a line of the chat
MAX_LINES = 120  # lines of the chat one device may say at one table
MAX_NEXTS = 8  # next games kept for one table (two devices may open one at once)
ROOM = re.compile(r"[0-9a-f]{16}\Z")
SECRET = re.compile(r"[0-9a-f]{32}\Z")
MAX_CLAIMS = 64  # claims of seats kept for one table
MAX_RECORD = 4_000  # characters of a record's text: a beginning with five seats
WAITING = 4  # records kept that wait for the same one before them
WAITING_FOR = 64  # records waited for at once
BEFORE_BEGIN = "begin:"  # what waits for the beginning, by its table and author
DAY = 86_400
NOW = 180  # a move's time at a table played now, its players all there: three minutes
LIMITS = (0, NOW, DAY, 2 * DAY, 3 * DAY, 7 * DAY)  # a move's time: none, now, 1, 2, 3, 7 days
# The computers whose moves a device computes again to check them: a stronger one's search
# costs a page a second or more a move, and a whole game's catch-up would take minutes,
# so its moves are checked for legality alone (the device that added each signed it).
CHECKED_LEVELS = frozenset({"random", "heuristic", "easy", "normal"})
SKEW = 600  # seconds a record may be dated ahead of the clock of the device taking it
# Which of two entries for one place stands (lower first): a person's own move made in
# time, a player coming back or leaving, a chance point, a computer's move, a stand-in,
# a person's move made after their time ran out.
RANK = {"own": 0, "back": 1, "leave": 1, "chance": 2, "computer": 3, "stand": 4, "late": 5}


@dataclass(frozen=True)
class Record:
    """One entry as the relays keep it: `index` is its place in the stream (for a
    reveal, the chance point), `prev` the key of the entry before it ("" for the
    beginning and for reveals), `body` what it says, `author` the device that made it
    and `sig` its signature of `signed_text`."""

    table: str
    kind: Kind
    index: int
    prev: str
    body: Mapping[str, Any]
    author: str
    sig: str = ""

    @property
    def content(self) -> str:
        """What the entry is, whoever made it."""
        return json.dumps(
            [self.table, self.kind, self.index, self.prev, self.body],
            sort_keys=True,
            separators=(",", ":"),
        )

    @property
    def key(self) -> str:
        """The entry's identity: the same for two devices adding the same move."""
        return hashlib.sha256(self.content.encode()).hexdigest()[:32]

    @property
    def slot(self) -> str:
        """Where the record is kept as an event: its identity and its author. A record a
        stranger signed with the identity of an entry to come (the same move at the same
        place) is kept apart from it, and never stands in its place."""
        return self.key + self.author

    @property
    def signed_text(self) -> str:
        return f"senator-days|{self.content}|{self.author}"

    def signed(self, key: Key) -> Record:
        record = replace(self, author=key.public)
        return replace(record, sig=key.says(record.signed_text))

    def to_text(self) -> str:
        fields = [self.table, self.kind, self.index, self.prev, self.body, self.author, self.sig]
        return json.dumps(fields, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object, signed: bool = True) -> Record:
        """The record `text` holds; ValueError if it is not one, whole and (unless
        `signed` is False: this device checked it when it came) signed."""
        if not isinstance(text, str) or len(text) > MAX_RECORD:
            raise ValueError("size")
        try:
            table, kind, index, prev, body, author, sig = json.loads(text)
        except (ValueError, TypeError, RecursionError):
            raise ValueError("form") from None
        if not (isinstance(table, str) and isinstance(prev, str) and isinstance(body, dict)):
            raise ValueError("form")
        if kind not in KINDS or not isinstance(index, int) or isinstance(index, bool):
            raise ValueError("kind")
        if not (isinstance(author, str) and isinstance(sig, str)):
            raise ValueError("form")
        record = cls(table, kind, index, prev, body, author, sig)
        if signed and not verifies(author, record.signed_text, sig):
            raise ValueError("signature")
        return record


def stored_kind(topic: str) -> int:
    """The kind of a table's stored events: a regular kind (relays keep those), spread
    over 3000-3999 by the table's topic."""
    return 3_000 + int(topic[:8], 16) % 1_000


def to_event(record: Record, key: Key, room: str, secret: str, created_at: int) -> dict[str, Any]:
    """The Nostr event that stores `record` on the relays: tagged with the table's
    topic and the record's index, its text sealed with the table's secret, signed by
    its author. A device keeps the event as it made or got it, and publishes that
    same event again where a relay lacks it (only its author could sign another)."""
    if key.public != record.author:
        raise ValueError("a record is stored by its author")
    topic = topic_of(room)
    nonce = hashlib.sha256(f"senator-days|{record.key}|{record.author}".encode()).digest()
    event: dict[str, Any] = {
        "pubkey": record.author,
        "created_at": created_at,
        "kind": stored_kind(topic),
        "tags": [["x", topic], ["i", f"{record.kind}:{record.index}"]],
        "content": Seal(secret, room).seal(record.to_text(), nonce[:SEAL_BYTES]),
    }
    event["id"] = event_id(event)
    event["sig"] = key.sign(bytes.fromhex(event["id"]))
    return event


def from_event(event: object, room: str, secret: str, signed: bool = True) -> Record:
    """The record a stored event holds; ValueError if the event is not the table's,
    not whole, or not its author's (its signatures not checked again when `signed` is
    False: an event this device checked when it came and kept)."""
    if not isinstance(event, dict):
        raise ValueError("not an event")
    topic = topic_of(room)
    try:
        ident, author, sig = str(event["id"]), str(event["pubkey"]), str(event["sig"])
        if event["kind"] != stored_kind(topic) or ["x", topic] not in event["tags"]:
            raise ValueError("another table's")
        if event_id(event) != ident:
            raise ValueError("signature")
        if signed and not verify(author, bytes.fromhex(ident), sig):
            raise ValueError("signature")
        text = Seal(secret, room).open(str(event["content"]))
    except (KeyError, TypeError) as err:
        raise ValueError("not an event") from err
    if text is None:
        raise ValueError("seal")
    record = Record.from_text(text, signed)
    if record.author != author:
        raise ValueError("author")
    return record


def table_of(begin: Record) -> str:
    """A table's name: the hash of its beginning (which names no table itself)."""
    return hashlib.sha256(begin.content.encode()).hexdigest()[:32]


def open_table(
    key: Key,
    chain: Chain,
    config: GameConfig,
    devices: Sequence[str],
    levels: Sequence[str],
    tops: Mapping[str, str],
    at: int,
    limit: int = 0,
    stand_in: str = "hard",
    names: Sequence[str] = (),
) -> Record:
    """The beginning of a table: `devices` at the seats ("" where a computer of
    `levels` plays), each device's chain top in `tops` (this device's own from
    `chain`), made at `at`, `limit` seconds for each move (0: no limit), `stand_in`
    the level that plays a seat whose player is away, `names` the players' names."""
    body = {
        "names": list(names) or [""] * config.players,
        "config": _set_up(config),
        "devices": list(devices),
        "levels": list(levels),
        "tops": {**tops, key.public: chain.top},
        "at": at,
        "limit": limit,
        "stand_in": stand_in,
    }
    return Record("", "begin", 0, "", body, key.public).signed(key)


def _set_up(config: GameConfig) -> dict[str, Any]:
    """The game's set-up as a table states it: its chance comes from the reveals."""
    return {k: v for k, v in config.to_dict().items() if k != "seed"}


def at_of(record: Record) -> int | None:
    """When `record` says it was made, or None if it does not say so soundly."""
    at = record.body.get("at")
    return at if isinstance(at, int) and not isinstance(at, bool) and 0 <= at < 2**40 else None


def _dated(record: Record, now: float | None) -> int | str:
    """When `record` was made, or what is wrong with its time: none said soundly, or
    later than `now` (this device's clock; None for a record it holds already) allows.
    A record from the future is not kept: once the clocks agree it may be taken."""
    at = at_of(record)
    if at is None:
        return "time"
    return "future" if now is not None and at > now + SKEW else at


def offer_table(
    key: Key,
    room: str,
    config: GameConfig,
    levels: Sequence[str],
    name: str,
    at: int,
    limit: int = 0,
    stand_in: str = "hard",
    turn: Sequence[str] = (),
) -> Record:
    """A table offered to friends before its game: the opener at seat 0, a computer of
    `levels` at each seat that names one, the others open to whoever joins by the
    link, whenever they open it; `turn`, the TURN servers the opener shares with the
    table."""
    body = {
        "config": _set_up(config),
        "levels": ["", *levels[1:]],
        "name": name[:MAX_NAME],
        "limit": limit,
        "stand_in": stand_in,
        "at": at,
        **_turn_body(turn),
    }
    return Record(topic_of(room), "offer", 0, "", body, key.public).signed(key)


def _turn_body(turn: Sequence[str]) -> dict[str, Any]:
    servers = list(dict.fromkeys(s for s in turn if TURN_SERVER.match(s)))[:MAX_TURN]
    return {"turn": servers} if servers else {}


def _turn_of(body: Mapping[str, Any]) -> bool:
    """Whether the TURN servers an offer or a claim shares are sound (none is)."""
    try:
        turn_servers(body.get("turn", []))
    except ValueError:
        return False
    return True


@dataclass
class Lobby:
    """A table over days before its game: the opener's offer and the seats friends
    claim. A friend's device claims an open seat with its chain's top and its
    player's name; of two claims for one seat (or two seats claimed by one device)
    the earlier stands, then the lower key, alike on every device. Once every open
    seat is claimed the opener's device begins the game (`begin`), which binds each
    seat to its device."""

    key: Key
    room: str
    offer: Record | None = None
    claims: dict[str, Record] = field(default_factory=dict)  # by key

    @property
    def topic(self) -> str:
        return topic_of(self.room)

    @property
    def config(self) -> GameConfig:
        assert self.offer is not None
        return GameConfig.from_dict(dict(self.offer.body["config"]))

    def take(self, record: Record, now: float | None = None) -> str | None:
        """Takes an offer or a claim from a relay (or made here); what was wrong."""
        if record.table != self.topic or record.kind not in ("offer", "claim"):
            return "table"
        at = _dated(record, now)
        if isinstance(at, str):
            return at
        if record.kind == "offer":
            return self._take_offer(record)
        body = record.body
        seat, top, name = body.get("seat"), body.get("top"), body.get("name")
        if not (isinstance(seat, int) and not isinstance(seat, bool) and is_link(top)):
            return "claim"
        if not isinstance(name, str) or len(name) > MAX_NAME or not _turn_of(body):
            return "claim"
        if self.offer is not None and not self._open(seat):
            return "claim"
        if len(self.claims) >= MAX_CLAIMS:
            return "claims"  # far more than a table has seats: a flood
        self.claims[record.key] = record
        return None

    def _take_offer(self, record: Record) -> str | None:
        if self.offer is not None:
            return None if record.key == self.offer.key else "a second offer"
        body = record.body
        try:
            config = GameConfig.from_dict(dict(body["config"]))
            levels, name = body["levels"], body["name"]
        except (KeyError, TypeError, ValueError):
            return "offer"
        if (
            not isinstance(levels, list)
            or len(levels) != config.players
            or levels[0] != ""
            or any(level not in ("", *LEVELS) for level in levels)
            or not isinstance(name, str)
            or len(name) > MAX_NAME
            or body.get("limit") not in LIMITS
            or body.get("stand_in") not in LEVELS
            or not _turn_of(body)
        ):
            return "offer"
        self.offer = record
        self.claims = {k: c for k, c in self.claims.items() if self._open(c.body["seat"])}
        return None

    def _open(self, seat: int) -> bool:
        assert self.offer is not None
        levels = self.offer.body["levels"]
        return 0 < seat < len(levels) and levels[seat] == ""

    def copy(self) -> Lobby:
        return replace(self, claims=dict(self.claims))

    def seated(self) -> dict[int, Record]:
        """The claim that holds each claimed seat."""
        held: dict[int, Record] = {}
        devices: set[str] = set()
        if self.offer is None:
            return held
        devices.add(self.offer.author)
        for claim in sorted(self.claims.values(), key=lambda c: (c.body["at"], c.key)):
            seat = claim.body["seat"]
            if seat not in held and claim.author not in devices:
                held[seat] = claim
                devices.add(claim.author)
        return held

    def open_seats(self) -> list[int]:
        """The seats still open to a friend."""
        if self.offer is None:
            return []
        held = self.seated()
        return [s for s in range(len(self.offer.body["levels"])) if self._open(s) and s not in held]

    def claim(self, chain: Chain, name: str, now: float, turn: Sequence[str] = ()) -> Record:
        """This device's claim of the first open seat, sharing the TURN servers `turn`
        with the table; ValueError if none is open."""
        seats = self.open_seats()
        if not seats:
            raise ValueError("no seat is open")
        body = {
            "seat": seats[0],
            "top": chain.top,
            "name": name[:MAX_NAME],
            "at": int(now),
            **_turn_body(turn),
        }
        record = Record(self.topic, "claim", seats[0], "", body, self.key.public).signed(self.key)
        problem = self.take(record, now)
        assert problem is None, problem
        return record

    def reclaim(self, chain: Chain, now: float) -> Record | None:
        """This device's claim of the first open seat again, under the same name, when
        its claim lost its seat to an earlier one (two friends who took a seat at once);
        None when it holds a seat, never claimed one, or no seat is open."""
        mine = [c for c in self.claims.values() if c.author == self.key.public]
        held = {c.author for c in self.seated().values()}
        if not mine or self.key.public in held or not self.open_seats():
            return None
        last = max(mine, key=lambda c: c.body["at"]).body
        return self.claim(chain, last["name"], now, last.get("turn", ()))

    def turn(self) -> tuple[str, ...]:
        """The TURN servers the table's players share: the opener's, then those of each
        seat's claim in the seats' order (at most `SHARED_TURN`)."""
        held = self.seated()
        bodies = [] if self.offer is None else [self.offer.body]
        bodies += [held[seat].body for seat in sorted(held)]
        servers = dict.fromkeys(s for body in bodies for s in body.get("turn", ()))
        return tuple(servers)[:SHARED_TURN]

    def begin(self, chain: Chain, now: float, fill: bool = False) -> Record:
        """The game's beginning, made by the opener's device once every open seat is
        claimed, or at once with the computer of the table's stand-in level at each seat
        still open (`fill`); ValueError otherwise."""
        offer = self.offer
        if offer is None or offer.author != self.key.public:
            raise ValueError("only the table's opener begins it")
        open_seats = self.open_seats()
        if open_seats and not fill:
            raise ValueError("a seat is still open")
        body = offer.body
        levels = [
            body["stand_in"] if s in open_seats else lv for s, lv in enumerate(body["levels"])
        ]
        held = self.seated()
        devices = [
            self.key.public if s == 0 else held[s].author if s in held else ""
            for s in range(len(body["levels"]))
        ]
        names = [
            body["name"] if s == 0 else held[s].body["name"] if s in held else ""
            for s in range(len(devices))
        ]
        tops = {c.author: c.body["top"] for c in held.values()}
        return open_table(
            self.key,
            chain,
            self.config,
            devices,
            levels,
            tops,
            max(int(now), *(c.body["at"] for c in held.values()), body["at"]),
            body["limit"],
            body["stand_in"],
            names,
        )


@dataclass(frozen=True)
class State:
    """What the stream up to one entry makes: the game (None before the deal), a move
    that ended a round waiting for the next round's chance (`pending`), the seats the
    computer plays while their players are away (`stood`) or for good (`gone`), and
    when the present wait began (`since`)."""

    game: Game | None
    pending: str | None = None
    stood: frozenset[int] = frozenset()
    gone: frozenset[int] = frozenset()
    since: int = 0


@dataclass
class Table:
    """One device's copy of a table over days: the stream so far, what each entry of it
    made (`states`), the reveals, and the records that came early."""

    key: Key
    chain: Chain
    begin: Record | None = None
    stream: list[Record] = field(default_factory=list)  # begin, then the entries
    states: list[State] = field(default_factory=list)  # what stream[: i + 1] makes
    ranks: list[int] = field(default_factory=list)  # each entry's place in a dispute
    reveals: dict[int, dict[str, str]] = field(default_factory=dict)  # point -> device
    revealed_at: dict[int, dict[str, int]] = field(default_factory=dict)
    config: GameConfig = field(default_factory=GameConfig)
    # Records that came before the one they follow, by what they wait for (an entry by
    # its `prev`, a chance entry by its point's reveals), a few for each.
    waiting: dict[str, list[Record]] = field(default_factory=dict)
    known: set[str] = field(default_factory=set)  # the keys of every record taken
    revealed: dict[str, Record] = field(default_factory=dict)  # the reveals, by key
    check_computers: bool = True
    cheats: set[str] = field(default_factory=set)  # devices that signed two moves for one place
    lines: dict[str, Record] = field(default_factory=dict)  # the chat, by key
    nexts: dict[str, Record] = field(default_factory=dict)  # the next games opened, by key

    def copy(self) -> Table:
        """A copy to change, this one left as it is (records and states are values)."""
        return replace(
            self,
            stream=list(self.stream),
            states=list(self.states),
            ranks=list(self.ranks),
            reveals={k: dict(v) for k, v in self.reveals.items()},
            revealed_at={k: dict(v) for k, v in self.revealed_at.items()},
            waiting={k: list(v) for k, v in self.waiting.items()},
            known=set(self.known),
            revealed=dict(self.revealed),
            cheats=set(self.cheats),
            lines=dict(self.lines),
            nexts=dict(self.nexts),
        )

    # ------------------------------------------------------------ what the table is

    @property
    def name(self) -> str:
        return table_of(self.begin) if self.begin is not None else ""

    @property
    def devices(self) -> tuple[str, ...]:
        return tuple(self.begin.body["devices"]) if self.begin is not None else ()

    @property
    def levels(self) -> tuple[str, ...]:
        return tuple(self.begin.body["levels"]) if self.begin is not None else ()

    @property
    def limit(self) -> int:
        return int(self.begin.body["limit"]) if self.begin is not None else 0

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names: as the beginning gives them, the set-up's where it gives
        none (a computer's seat)."""
        return self.config.player_names() if self.begin is not None else ()

    @property
    def state(self) -> State:
        return self.states[-1] if self.states else State(None)

    @property
    def game(self) -> Game | None:
        return self.state.game

    @property
    def seated(self) -> set[str]:
        return {d for d in self.devices if d}

    @property
    def point(self) -> int:
        """The chance point due now (0 if none is): the deal before the game, or the
        next round's preparation once a move that ends a round waits for it."""
        return self._point(self.state)

    def _point(self, state: State) -> int:
        if self.begin is None:
            return 0
        if state.game is None:
            return 1
        return state.game.round + 1 if state.pending is not None else 0

    def _needed(self, state: State) -> set[str]:
        """The devices whose reveal a chance point waits for: every seated device but
        those whose players are away (a device gone has revealed its whole chain)."""
        return {d for s, d in enumerate(self.devices) if d and s not in state.stood}

    def waiting_for(self) -> set[str]:
        """The devices whose reveal the table waits for."""
        point = self.point
        return self._needed(self.state) - set(self.reveals.get(point, {})) if point else set()

    def awaited(self) -> list[int]:
        """The seats whose players the table waits for: the seat to move, or those
        whose device has yet to reveal its link for the chance point due."""
        state, point = self.state, self.point
        if self.begin is None:
            return []
        if point:
            missing = self.waiting_for()
            return [s for s, d in enumerate(self.devices) if d in missing]
        game = state.game
        if game is None or game.to_move is None or game.decision == "over":
            return []
        seat = game.to_move
        person = self.devices[seat] and seat not in state.stood | state.gone
        return [seat] if person else []

    def deadline(self) -> int | None:
        """When the players awaited run out of time, if the table has a limit."""
        return self.state.since + self.limit if self.limit and self.awaited() else None

    def level(self, seat: int, state: State | None = None) -> str | None:
        """The level of the computer that plays `seat` now, or None if its player does."""
        state = state or self.state
        if not self.devices[seat]:
            return self.levels[seat]
        if seat in state.stood | state.gone:
            return str(self.begin.body["stand_in"]) if self.begin is not None else None
        return None

    def records(self) -> list[Record]:
        """Everything this device holds, to publish again where a relay lacks it."""
        return [*self.stream, *self.revealed.values(), *self.lines.values(), *self.nexts.values()]

    # ------------------------------------------------------------ taking records

    def _wait(self, on: str, record: Record) -> None:
        if on not in self.waiting and len(self.waiting) >= WAITING_FOR:
            return  # a flood of records that follow nothing known: dropped
        held = self.waiting.setdefault(on, [])
        if len(held) < WAITING and record.slot not in {r.slot for r in held}:
            held.append(record)

    def _early(self, on: str, now: float | None) -> None:
        for record in self.waiting.pop(on, []):
            self.take(record, now)

    def take_all(self, records: Sequence[Record], now: float | None = None) -> list[str]:
        """Takes what a relay answered, in whatever order it came: the beginning first,
        the reveals, then the stream's order. What was wrong with any of it."""
        rank = {"begin": 0, "reveal": 1}
        ordered = sorted(records, key=lambda r: (rank.get(r.kind, 2), r.index, r.kind))
        return [p for p in (self.take(r, now) for r in ordered) if p is not None]

    def take(self, record: Record, now: float | None = None, computed: bool = False) -> str | None:
        """Takes a record from a relay (or made here); what was wrong, or None. `now`:
        this device's clock, which no record may be dated far ahead of (None: a record
        this device holds already); `computed`: a computer's move this device computed
        itself."""
        if record.key in self.known:
            return None  # had it already (another relay, another publisher)
        if record.kind == "begin":
            return self._take_begin(record, now)
        if self.begin is None:
            # A relay or a page may bring a reveal or an entry before the beginning it
            # follows: it waits for it, with what else its author sent early.
            self._wait(f"{BEFORE_BEGIN}{record.table}:{record.author}", record)
            return None
        if record.table != self.name:
            return "table"
        at = _dated(record, now)
        if isinstance(at, str):
            return at
        if record.kind == "reveal":
            return self._take_reveal(record, at, now)
        if record.kind == "say":
            return self._take_line(record)
        if record.kind == "next":
            return self._take_next(record)
        if record.index < 1:
            return "order"
        if record.index > len(self.stream):
            self._wait(record.prev, record)  # what it follows is still to come
            return None
        if record.index < len(self.stream):
            return self._dispute(record, now)
        before = self.state
        made = self._enter(before, record, computed)
        if isinstance(made, str):
            return self._wait_for_reveals(record) if made == "reveals" else made
        self._append(record, made, self._rank(before, record), now)
        return None

    def _wait_for_reveals(self, record: Record) -> str | None:
        """A chance entry whose reveals are still to come waits for them (no fault)."""
        self._wait(f"point:{record.body.get('point')}", record)
        return None

    def _append(self, record: Record, state: State, rank: int, now: float | None) -> None:
        self.stream.append(record)
        self.states.append(state)
        self.ranks.append(rank)
        self.known.add(record.key)
        self._early(record.key, now)

    def _rank(self, before: State, record: Record) -> int:
        """`record`'s place in a dispute, as the entry after `before`: a person's own
        move made in time first, one made after their time ran out last."""
        if self._is_own(before, record):
            late = self.limit and (at_of(record) or 0) >= before.since + self.limit
            return RANK["late"] if late else RANK["own"]
        return RANK["computer"] if record.kind == "move" else RANK[record.kind]

    def _is_own(self, state: State, record: Record) -> bool:
        """Whether `record` is a person's move made by the device of the seat to move."""
        game = state.game
        seat = game.to_move if game is not None else None
        return (
            record.kind == "move"
            and seat is not None
            and record.author == self.devices[seat]
            and seat not in state.stood | state.gone
        )

    def _dispute(self, record: Record, now: float | None) -> str | None:
        """A record for a place the stream has filled with another: the one that stands
        is the same on every device (see the module's note)."""
        n = record.index
        if record.prev != self.stream[n - 1].key:
            return "another history"
        held = self.stream[n]
        before = self.states[n - 1]
        if self._is_own(before, held) and self._is_own(before, record):
            self.cheats.add(record.author)  # one device, two moves for one place
            return "two moves"
        if self.ranks[n] == RANK["own"]:
            return "another history"  # nothing stands before a move made in time
        made = self._enter(before, record, computed=False)
        if isinstance(made, str):
            return self._wait_for_reveals(record) if made == "reveals" else made
        rank = self._rank(before, record)
        if (rank, record.key) >= (self.ranks[n], held.key):
            return "another history"
        # The other stands: this device rolls back to the place and takes it.
        for dropped in self.stream[n:]:
            self.known.discard(dropped.key)
        del self.stream[n:], self.states[n:], self.ranks[n:]
        self._append(record, made, rank, now)
        return None

    def _take_begin(self, record: Record, now: float | None) -> str | None:
        if self.begin is not None:
            return None if record.key == self.begin.key else "a second beginning"
        body = record.body
        try:
            config = GameConfig.from_dict(dict(body["config"]))
            devices, levels, tops = body["devices"], body["levels"], body["tops"]
            limit, stand_in, names = body["limit"], body["stand_in"], body["names"]
        except (KeyError, TypeError, ValueError):
            return "beginning"
        if not (isinstance(names, list) and len(names) == config.players):
            return "beginning"
        if not all(isinstance(n, str) and len(n) <= MAX_NAME for n in names):
            return "beginning"
        if (
            record.table
            or record.index
            or at_of(record) is None
            or limit not in LIMITS
            or stand_in not in LEVELS
            or len(devices) != config.players
            or len(levels) != config.players
            or record.author not in devices
            or set(tops) != {d for d in devices if d}
            or len(set(tops)) != len([d for d in devices if d])
            or not all(is_link(t) for t in tops.values())
            or any(not d and level not in LEVELS for d, level in zip(devices, levels, strict=True))
        ):
            return "beginning"
        self.begin = record
        # The players' names, where the beginning gives them, over the set-up's.
        given = config.names or tuple(f"Senator {s + 1}" for s in range(config.players))
        named = tuple(" ".join(n.split()) or g for n, g in zip(names, given, strict=True))
        try:
            self.config = replace(config, names=named)
        except ValueError:
            self.config = config
        self.stream, self.ranks = [record], [0]
        self.states = [State(None, since=at_of(record) or 0)]
        self.known.add(record.key)
        early = [on for on in self.waiting if on.startswith(BEFORE_BEGIN)]
        for on in early:  # those of another beginning can never be taken: dropped
            held = self.waiting.pop(on)
            if on.startswith(f"{BEFORE_BEGIN}{self.name}:"):
                self.take_all(held, now)
        return None

    def _take_reveal(self, record: Record, at: int, now: float | None) -> str | None:
        point, link = record.index, record.body.get("link")
        device = record.author
        if device not in self.seated or not 1 <= point <= LENGTH or not isinstance(link, str):
            return "reveal"
        if device in self.reveals.get(point, {}):
            return None if self.reveals[point][device] == link else "reveal"
        if not self._links_to(device, point, link):
            return "reveal"
        self._know_reveal(point, device, link, at)
        self.revealed[record.key] = record
        self.known.add(record.key)
        self._early(f"point:{point}", now)
        return None

    def _take_line(self, record: Record) -> str | None:
        """A line of the chat: a seated device's, whole, within its number of lines."""
        text, by = record.body.get("text"), record.body.get("by")
        if (
            record.author not in self.seated
            or by != record.author
            or not isinstance(text, str)
            or text != " ".join(text.split())
            or not 0 < len(text) <= MAX_SAID
            or not 0 <= record.index < MAX_LINES
            or sum(1 for r in self.lines.values() if r.author == record.author) >= MAX_LINES
        ):
            return "say"
        self.lines[record.key] = record
        self.known.add(record.key)
        return None

    def _take_next(self, record: Record) -> str | None:
        """The next game at this table: a seated device's, naming a room and its secret."""
        room, secret = record.body.get("room"), record.body.get("secret")
        if (
            record.author not in self.seated
            or not (isinstance(room, str) and ROOM.match(room))
            or not (isinstance(secret, str) and SECRET.match(secret))
            or len(self.nexts) >= MAX_NEXTS
        ):
            return "next"
        self.nexts[record.key] = record
        self.known.add(record.key)
        return None

    def next_game(self) -> Record | None:
        """The next game opened at this table, if any: the earliest, then the lower key."""
        return min(self.nexts.values(), key=lambda r: (at_of(r) or 0, r.key), default=None)

    def open_next(self, room: str, secret: str, now: float) -> Record:
        """This device's player opens the next game at this table, the table `room`;
        ValueError if this device is not seated here."""
        body = {"room": room, "secret": secret, "at": max(int(now), 0)}
        record = Record(self.name, "next", 0, "", body, self.key.public).signed(self.key)
        problem = self.take(record, now)
        if problem is not None:
            raise ValueError(problem)
        return record

    def said(self) -> list[tuple[int, int, str]]:
        """The chat so far, in the order it was said: when, by which seat, what."""
        seats = {device: s for s, device in enumerate(self.devices) if device}
        lines = sorted(self.lines.values(), key=lambda r: (at_of(r) or 0, r.index, r.author))
        return [(at_of(r) or 0, seats[r.author], str(r.body["text"])) for r in lines]

    def _links_to(self, device: str, point: int, link: str) -> bool:
        """Whether `link` is `device`'s for chance point `point`: under the last link
        it revealed before (or its top), by as many links as points between."""
        assert self.begin is not None
        below = [k for k in range(point - 1, 0, -1) if device in self.reveals.get(k, {})]
        last = below[0] if below else 0
        before = self.reveals[last][device] if last else self.begin.body["tops"][device]
        return under(link, before, point - last)

    def _know_reveal(self, point: int, device: str, link: str, at: int) -> None:
        self.reveals.setdefault(point, {})[device] = link
        self.revealed_at.setdefault(point, {})[device] = at

    # ------------------------------------------------------------ what an entry makes

    def _enter(self, state: State, record: Record, computed: bool) -> State | str:
        """What `record`, as the next entry after `state`, makes; or what is wrong."""
        if record.prev != self.stream[record.index - 1].key:
            return "another history"
        at = at_of(record)
        assert at is not None
        if at < state.since:
            return "time"
        seated = self.seated
        if record.author not in seated:
            return "not at the table"
        body = record.body
        devices = self.devices
        if record.kind == "move":
            return self._enter_move(state, record, at, computed)
        if record.kind == "chance":
            return self._enter_chance(state, record, at)
        seat = body.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(devices):
            return record.kind
        device = devices[seat]
        awaited = (
            devices[seat] in self._needed(state) - set(self.reveals.get(self._point(state), {}))
            if self._point(state)
            else state.game is not None and state.game.to_move == seat
        )
        # The computer that takes an awaited seat plays at once, and the next player's
        # time runs from then, not from when the wait for the late one began.
        since = max(state.since, at) if awaited else state.since
        if record.kind == "stand":
            if (
                not device
                or record.author == device
                or record.author in self._gone(state)
                or seat in state.stood | state.gone
                or not self.limit
                or at < state.since + self.limit
                or not awaited
            ):
                return "stand"
            return replace(state, stood=state.stood | {seat}, since=since)
        if record.author != device or seat in state.gone:
            return record.kind
        if record.kind == "back":
            if seat not in state.stood:
                return "back"
            return replace(state, stood=state.stood - {seat}, since=max(state.since, at))
        # leave: the rest of the chain, so that no chance point waits for the device
        link = body.get("link")
        if not isinstance(link, str) or not self._links_to(device, LENGTH, link):
            return "leave"
        for point in range(1, LENGTH + 1):
            if device not in self.reveals.get(point, {}):
                self._know_reveal(point, device, Chain(bytes.fromhex(link)).reveal(point), at)
        return replace(state, stood=state.stood - {seat}, gone=state.gone | {seat}, since=since)

    def _enter_move(self, state: State, record: Record, at: int, computed: bool) -> State | str:
        game = state.game
        action = record.body.get("action")
        if game is None or state.pending is not None or not isinstance(action, str):
            return "no move due"
        seat = game.to_move
        if seat is None or game.decision == "over":
            return "no move due"
        level = self.level(seat, state)
        if level is None:
            if record.author != self.devices[seat]:
                return "not the seat's device"
        else:
            if record.author in self._gone(state):
                return "not at the table"
            if at != state.since:
                return "time"  # a computer's move is dated at the entry before it
            checked = self.check_computers and level in CHECKED_LEVELS
            if checked and not computed and action != self._computer_move(game, level):
                return "not the computer's move"
        try:
            after = played(game, action)
        except IllegalActionError:
            return "illegal"
        if starts_round(game, after):
            return replace(state, pending=action, since=at)  # waits for the next round's chance
        return replace(state, game=after, since=at)

    def _enter_chance(self, state: State, record: Record, at: int) -> State | str:
        point = self._point(state)
        body = record.body
        used = body.get("from")
        if not point or body.get("point") != point or not isinstance(used, list):
            return "chance"
        needed = self._needed(state)
        if sorted(needed) != used:
            return "chance"
        reveals = self.reveals.get(point, {})
        if not needed <= set(reveals):
            return "reveals"
        if at != self._chance_at(state, point):
            return "time"
        seed = seed_of(point, {d: reveals[d] for d in needed})
        if state.game is None:
            return replace(state, game=new_game(replace(self.config, seed=seed)), since=at)
        assert state.pending is not None
        after = played(state.game, state.pending, seed)
        return replace(state, game=after, pending=None, since=at)

    def _chance_at(self, state: State, point: int) -> int:
        """When chance point `point`'s entry is dated: at the latest of the wait's start
        and the reveals it uses (every device dates it alike)."""
        times = self.revealed_at.get(point, {})
        return max([state.since, *(times[d] for d in self._needed(state))])

    # ------------------------------------------------------------ what to add

    def _computer_move(self, game: Game, level: str) -> str:
        assert game.to_move is not None
        return str(make(level, seed=game.to_move).choose(game))

    def computer_move(self) -> str:
        """The move of the computer at the seat to move, as every device computes it."""
        game = self.game
        assert game is not None and game.to_move is not None
        level = self.level(game.to_move)
        assert level is not None
        return self._computer_move(game, level)

    def _entry(self, kind: Kind, body: dict[str, Any]) -> Record:
        return Record(
            self.name, kind, len(self.stream), self.stream[-1].key, body, self.key.public
        ).signed(self.key)

    def _at(self, now: float) -> int:
        return max(int(now), self.state.since)

    def due(self, now: float, computers: bool = True) -> list[Record]:
        """What this device adds now, being open: its reveal for the chance point due,
        the chance entry once every reveal is in, and (unless `computers` is False: the
        page has them thought out in the background, `computer_moved`) the computers'
        moves while one is to move (each taken here too)."""
        made: list[Record] = []
        me = self.key.public
        while self.begin is not None and me in self.seated and me not in self._gone(self.state):
            state, point = self.state, self.point
            record: Record
            if point and me in self._needed(state) and me not in self.reveals.get(point, {}):
                body = {"link": self.chain.reveal(point), "at": self._at(now)}
                record = Record(self.name, "reveal", point, "", body, me).signed(self.key)
            elif point and self._needed(state) <= set(self.reveals.get(point, {})):
                body = {"point": point, "from": sorted(self._needed(state))}
                record = self._entry("chance", {**body, "at": self._chance_at(state, point)})
            elif computers and self._computer_to_move():
                body = {"action": self.computer_move(), "at": state.since}
                record = self._entry("move", body)
            else:
                return made
            problem = self.take(record, now, computed=True)
            assert problem is None, problem
            made.append(record)
        return made

    def _gone(self, state: State) -> set[str]:
        """The devices whose players left the table."""
        return {self.devices[s] for s in state.gone}

    def _computer_to_move(self) -> bool:
        game = self.game
        if game is None or self.point or game.to_move is None or game.decision == "over":
            return False
        return self.level(game.to_move) is not None

    def computer_due(self) -> str | None:
        """The level of the computer whose move this device is to add now, if one is."""
        game = self.game
        if not self._computer_to_move() or game is None or game.to_move is None:
            return None
        if self.key.public not in self.seated or self.key.public in self._gone(self.state):
            return None
        return self.level(game.to_move)

    def computer_moved(self, action: str, now: float) -> Record:
        """The move the computer to move chose, as this device worked it out (the same
        search every device runs): added; ValueError if no computer is to move."""
        if self.computer_due() is None:
            raise ValueError("no computer to move")
        record = self._entry("move", {"action": action, "at": self.state.since})
        problem = self.take(record, now, computed=True)
        if problem is not None:
            raise ValueError(problem)
        return record

    def my_turn(self) -> bool:
        return self.seat() in self.awaited() and not self.point

    def seat(self, device: str = "") -> int | None:
        """The seat of `device` (this one by default), if it has one."""
        device = device or self.key.public
        return self.devices.index(device) if device in self.devices else None

    def play(self, action: str, now: float) -> Record:
        """This device's player's move; ValueError if it is not theirs to make or not
        allowed."""
        if not self.my_turn():
            raise ValueError("not this device's turn")
        record = self._entry("move", {"action": action, "at": self._at(now)})
        problem = self.take(record, now)
        if problem is not None:
            raise ValueError(problem)
        return record

    def stand_in(self, now: float) -> Record | None:
        """A stand-in for the first seat awaited whose time has run out, if any: from
        then on the computer plays it until its player is back."""
        deadline = self.deadline()
        if deadline is None or now < deadline or self.key.public not in self.seated:
            return None
        for seat in self.awaited():
            if self.devices[seat] != self.key.public:
                record = self._entry("stand", {"seat": seat, "at": self._at(now)})
                if self.take(record, now) is None:
                    return record
        return None

    def come_back(self, now: float) -> Record | None:
        """This device's player takes back the seat the computer plays while they were
        away, if it does."""
        seat = self.seat()
        if seat is None or seat not in self.state.stood:
            return None
        record = self._entry("back", {"seat": seat, "at": self._at(now)})
        problem = self.take(record, now)
        assert problem is None, problem
        return record

    def say(self, text: str, now: float) -> Record:
        """A line of the chat from this device's player; ValueError if it cannot be said
        (not seated, empty, or this device has said all it may)."""
        line = " ".join(text.split())[:MAX_SAID]
        me = self.key.public
        index = sum(1 for r in self.lines.values() if r.author == me)
        body = {"text": line, "by": me, "at": max(int(now), 0)}
        record = Record(self.name, "say", index, "", body, me).signed(self.key)
        problem = self.take(record, now)
        if problem is not None:
            raise ValueError(problem)
        return record

    def leave(self, now: float) -> Record:
        """This device's player leaves the table for good: the computer plays the seat."""
        seat = self.seat()
        if seat is None or seat in self.state.gone:
            raise ValueError("not at the table")
        body = {"seat": seat, "link": self.chain.reveal(LENGTH), "at": self._at(now)}
        record = self._entry("leave", body)
        problem = self.take(record, now)
        if problem is not None:
            raise ValueError(problem)
        return record


# ---------------------------------------------------------------- the relays' side


@dataclass(frozen=True)
class Answered:
    """The relay `url` has sent all it holds of the table (`EOSE`): `Shelves.fill` then
    gives it what it lacks."""

    url: str


ShelfOut = Frame | Drop | NoRelay | Answered


@dataclass
class Shelves:
    """One device's side of the relays that keep a table over days: when a relay's
    socket opens it asks for the table's whole stream (a whole game is one answer),
    takes what each relay sends once (checked: the table's, whole, its author's),
    and once a relay has sent all it holds, publishes to it every event it lacks,
    as it was made (only its author could sign another). `events` is every event
    this device holds, by its record's slot (`Record.slot`), those the table refused
    too: what this device publishes or passes on is the events of what it took."""

    key: Key
    room: str
    secret: str
    urls: tuple[str, ...]
    events: dict[str, dict[str, Any]] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)  # event id -> its record's slot
    held: dict[str, set[str]] = field(default_factory=dict)  # url -> record slots it sent
    answered: set[str] = field(default_factory=set)  # urls that sent all they hold
    dropped: dict[str, str] = field(default_factory=dict)  # url -> why
    got_bytes: int = 0  # of the events read (for the figures)
    sent_events: int = 0  # events published (for the figures)

    @property
    def topic(self) -> str:
        return topic_of(self.room)

    def copy(self) -> Shelves:
        return replace(
            self,
            events=dict(self.events),
            ids=dict(self.ids),
            held={url: set(keys) for url, keys in self.held.items()},
            answered=set(self.answered),
            dropped=dict(self.dropped),
        )

    @property
    def subscription(self) -> str:
        return "senator-days-" + self.topic[:16]

    def opened(self, url: str) -> list[ShelfOut]:
        """The socket to `url` is open: ask it for the table's stream."""
        if url not in self.urls or url in self.dropped:
            return []
        self.answered.discard(url)
        self.held[url] = set()  # what it holds is what it answers now
        wanted = {"kinds": [stored_kind(self.topic)], "#x": [self.topic]}
        return [Frame(url, json.dumps(["REQ", self.subscription, wanted]))]

    def frame(self, url: str, text: str) -> tuple[list[ShelfOut], list[Record]]:
        """A frame from the relay `url`: what to do, and the records it brought."""
        if url in self.dropped:
            return [], []
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):
            return [], []
        match frame:
            case ["EVENT", str(sub), dict(event)] if sub == self.subscription:
                self.got_bytes += len(text)
                return [], self._event(url, event)
            case ["EOSE", str(sub)] if sub == self.subscription:
                self.answered.add(url)
                return [Answered(url)], []
            case ["OK", str(), False, str(reason)] | ["CLOSED", str(), str(reason)]:
                if reason.startswith(REFUSALS):
                    self.dropped[url] = reason[:80]
                    out: list[ShelfOut] = [Drop(url, reason[:80])]
                    return out + ([NoRelay()] if len(self.dropped) == len(self.urls) else []), []
        return [], []

    def _event(self, url: str, event: dict[str, Any]) -> list[Record]:
        key, record = self.take(event)
        if key is not None:
            self.held.setdefault(url, set()).add(key)
        return [record] if record is not None else []

    def take(self, event: object) -> tuple[str | None, Record | None]:
        """An event that came (from a relay or a direct connection): its record's slot
        (None if it is not the table's, whole, its author's), and its record if it is
        new here, kept. The same event again costs a lookup: it was checked when it
        first came (a relay's answer on each visit)."""
        if not isinstance(event, dict):
            return None, None
        known = self.ids.get(str(event.get("id")))
        if known is not None and event == self.events.get(known):
            return known, None
        try:
            record = from_event(event, self.room, self.secret)
        except ValueError:
            return None, None
        if record.slot in self.events:
            return record.slot, None
        self._keep(record.slot, event)
        return record.slot, record

    def _keep(self, slot: str, event: dict[str, Any]) -> None:
        self.events[slot] = event
        self.ids[str(event["id"])] = slot

    def _stored(self, record: Record, now: float) -> dict[str, Any] | None:
        """The event that stores `record`: as it came, or made now if it is this
        device's own (None for another's this device never got as an event)."""
        if record.slot not in self.events and record.author == self.key.public:
            self._keep(record.slot, to_event(record, self.key, self.room, self.secret, int(now)))
        return self.events.get(record.slot)

    def keep(self, records: Sequence[Record], now: float) -> None:
        """Makes and keeps the events of records made here, before any relay takes them
        (a page closed before they go out publishes them when it next opens)."""
        for record in records:
            self._stored(record, now)

    def restore(self, event: object) -> Record | None:
        """An event this device kept (its own storage): kept again, and its record, or
        None if it is not the table's."""
        try:
            record = from_event(event, self.room, self.secret, signed=False)
        except ValueError:
            return None
        assert isinstance(event, dict)
        self._keep(record.slot, event)
        return record

    def fill(self, url: str, records: Sequence[Record], now: float) -> list[ShelfOut]:
        """Publishes to `url`, which has sent all it holds, each of `records` it lacks."""
        if url in self.dropped or url not in self.answered:
            return []
        held = self.held.setdefault(url, set())
        out: list[ShelfOut] = []
        for record in records:
            event = self._stored(record, now)
            if record.slot not in held and event is not None:
                held.add(record.slot)
                out.append(Frame(url, json.dumps(["EVENT", event])))
        self.sent_events += len(out)
        return out

    def publish(self, records: Sequence[Record], now: float) -> list[ShelfOut]:
        """Publishes records made here to every relay that has answered (one still
        asking gets them with what it lacks once it has)."""
        return [o for url in self.urls for o in self.fill(url, records, now)]
