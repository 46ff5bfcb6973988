"""A table played over days: a stream of entries that no device hosts (the design is
in docs/online.md, "Games over days").

Who may add entry *n* follows from the game at *n - 1*, never from who is online:

- `begin` (entry 0): the game's config, the device at each seat ("" for a computer,
  whose level `levels` names) and each device's commitment (its chain's top). The
  device that opens the table makes it.
- `move`: a person's move is made and signed by the device at the seat to move; a
  computer's move is what the seeded computer chooses, so every device computes the
  same one, and whichever device is open first adds it (signed as its publisher;
  every device computes it again to check it). Two devices adding the same computer
  move add one entry: an entry's identity (`Record.key`) leaves out who signed it.
- `reveal`: not in the numbered stream. Each device reveals its link for chance
  point *k* (the deal; each later round's preparation) the first time it is open
  after the point is due, never before; the point's seed comes from every seated
  device's reveal. The deal waits for all of point 1's; a move that ends a round
  waits for the next point's, and is then played from its seed.

Each `Record` names the one before it (`prev`), so it belongs to one history only.
What is not sound is refused with a reason, and nothing of it is taken; a record
that comes before the one it follows waits for it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..actions import IllegalActionError
from ..bots import make
from ..config import GameConfig
from ..game import Game, new_game
from .chance import LENGTH, Chain, follows, is_link, seed_of
from .device import played, starts_round
from .keys import Key, verifies, verify
from .relays import SEAL_BYTES, Seal, event_id, topic_of

Kind = Literal["begin", "move", "reveal"]
KINDS = ("begin", "move", "reveal")
MAX_RECORD = 4_000  # characters of a record's text: a beginning with five seats
WAITING = 4  # records kept that wait for the same one before them
WAITING_FOR = 64  # records waited for at once


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
    def signed_text(self) -> str:
        return f"senator-days|{self.content}|{self.author}"

    def signed(self, key: Key) -> Record:
        record = replace(self, author=key.public)
        return replace(record, sig=key.says(record.signed_text))

    def to_text(self) -> str:
        fields = [self.table, self.kind, self.index, self.prev, self.body, self.author, self.sig]
        return json.dumps(fields, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object) -> Record:
        """The record `text` holds; ValueError if it is not one, whole and signed."""
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
        if not verifies(author, record.signed_text, sig):
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


def from_event(event: object, room: str, secret: str) -> Record:
    """The record a stored event holds; ValueError if the event is not the table's,
    not whole, or not its author's."""
    if not isinstance(event, dict):
        raise ValueError("not an event")
    topic = topic_of(room)
    try:
        ident, author, sig = str(event["id"]), str(event["pubkey"]), str(event["sig"])
        if event["kind"] != stored_kind(topic) or ["x", topic] not in event["tags"]:
            raise ValueError("another table's")
        if event_id(event) != ident or not verify(author, bytes.fromhex(ident), sig):
            raise ValueError("signature")
        text = Seal(secret, room).open(str(event["content"]))
    except (KeyError, TypeError) as err:
        raise ValueError("not an event") from err
    if text is None:
        raise ValueError("seal")
    record = Record.from_text(text)
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
) -> Record:
    """The beginning of a table: `devices` at the seats ("" where a computer of
    `levels` plays), each device's chain top in `tops` (this device's own from
    `chain`)."""
    data = {k: v for k, v in config.to_dict().items() if k != "seed"}
    body = {
        "config": data,
        "devices": list(devices),
        "levels": list(levels),
        "tops": {**tops, key.public: chain.top},
    }
    return Record("", "begin", 0, "", body, key.public).signed(key)


@dataclass
class Table:
    """One device's copy of a table over days: the stream so far, the reveals, and
    the game they make."""

    key: Key
    chain: Chain
    begin: Record | None = None
    stream: list[Record] = field(default_factory=list)  # begin, then the moves
    reveals: dict[int, dict[str, str]] = field(default_factory=dict)  # point -> device
    game: Game | None = None
    config: GameConfig = field(default_factory=GameConfig)
    # Records that came before the one they follow, by what they wait for (a move by
    # its `prev`, a reveal by the one under it), a few for each.
    waiting: dict[str, list[Record]] = field(default_factory=dict)
    known: set[str] = field(default_factory=set)  # the keys of every record taken
    revealed: dict[str, Record] = field(default_factory=dict)  # the reveals, by key
    check_computers: bool = True

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
    def point(self) -> int:
        """The chance point due now (0 if none is): the deal before the game, or the
        next round's preparation once a move that ends a round waits for it."""
        if self.begin is None:
            return 0
        if self.game is None:
            return 1
        if len(self.stream) - 1 > self.game.moves:  # a move waits for its chance
            return self.game.round + 1
        return 0

    @property
    def seated(self) -> set[str]:
        return {d for d in self.devices if d}

    def waiting_for(self) -> set[str]:
        """The devices whose reveal the table waits for."""
        point = self.point
        return self.seated - set(self.reveals.get(point, {})) if point else set()

    def records(self) -> list[Record]:
        """Everything this device holds, to publish again where a relay lacks it."""
        return [*self.stream, *self.revealed.values()]

    # ------------------------------------------------------------ taking records

    def _wait(self, on: str, record: Record) -> None:
        if on not in self.waiting and len(self.waiting) >= WAITING_FOR:
            return  # a flood of records that follow nothing known: dropped
        held = self.waiting.setdefault(on, [])
        if len(held) < WAITING and record.key not in {r.key for r in held}:
            held.append(record)

    def _early(self, on: str) -> None:
        for record in self.waiting.pop(on, []):
            self.take(record)

    def take_all(self, records: Sequence[Record]) -> list[str]:
        """Takes what a relay answered, in whatever order it came: the beginning first,
        then the stream's order. What was wrong with any of it."""
        rank = {"begin": 0, "reveal": 1, "move": 1}
        ordered = sorted(records, key=lambda r: (rank[r.kind], r.index, r.kind))
        return [p for p in map(self.take, ordered) if p is not None]

    def take(self, record: Record, computed: bool = False) -> str | None:
        """Takes a record from a relay (or made here); what was wrong, or None.
        `computed`: a computer's move this device computed itself."""
        if record.key in self.known:
            return None  # had it already (another relay, another publisher)
        if record.kind == "begin":
            return self._take_begin(record)
        if self.begin is None or record.table != self.name:
            return "table"
        if record.kind == "reveal":
            return self._take_reveal(record)
        if record.index < 1:
            return "order"
        if record.index < len(self.stream):
            return "another history"  # the same entry would have been known
        if record.index > len(self.stream) or self.game is None or self.point:
            # What it follows is still to come (or the chance the last move waits for).
            self._wait(record.prev, record)
            return None
        problem = self._take_move(record, computed)
        if problem is None:
            self._settle()
        return problem

    def _take_begin(self, record: Record) -> str | None:
        if self.begin is not None:
            return None if record.key == self.begin.key else "a second beginning"
        body = record.body
        try:
            config = GameConfig.from_dict(dict(body["config"]))
            devices, levels, tops = body["devices"], body["levels"], body["tops"]
        except (KeyError, TypeError, ValueError):
            return "beginning"
        if (
            record.table
            or record.index
            or len(devices) != config.players
            or len(levels) != config.players
            or record.author not in devices
            or set(tops) != {d for d in devices if d}
            or not all(is_link(t) for t in tops.values())
            or any(not d and not level for d, level in zip(devices, levels, strict=True))
        ):
            return "beginning"
        self.begin = record
        self.stream = [record]
        self.known.add(record.key)
        self.config = config
        self._settle()
        return None

    def _take_reveal(self, record: Record) -> str | None:
        point, link = record.index, record.body.get("link")
        device = record.author
        if device not in self.seated or not 1 <= point <= LENGTH or not isinstance(link, str):
            return "reveal"
        assert self.begin is not None
        before = (
            self.begin.body["tops"][device]
            if point == 1
            else self.reveals.get(point - 1, {}).get(device)
        )
        if before is None:
            self._wait(f"reveal:{point - 1}:{device}", record)
            return None
        if not follows(link, before):
            return "reveal"
        self.reveals.setdefault(point, {})[device] = link
        self.revealed[record.key] = record
        self.known.add(record.key)
        self._early(f"reveal:{point}:{device}")
        self._settle()
        return None

    def _take_move(self, record: Record, computed: bool) -> str | None:
        if record.prev != self.stream[-1].key:
            return "another history"
        game = self.game
        assert game is not None
        seat = game.to_move
        action = record.body.get("action")
        if seat is None or not isinstance(action, str):
            return "no move due"
        device = self.devices[seat]
        if device and record.author != device:
            return "not the seat's device"
        if not device:
            if record.author not in self.seated:
                return "not at the table"
            if self.check_computers and not computed and action != self.computer_move():
                return "not the computer's move"
        try:
            after = played(game, action)
        except IllegalActionError:
            return "illegal"
        self.stream.append(record)
        self.known.add(record.key)
        if not starts_round(game, after):
            self.game = after  # else it waits for the next round's chance (`_settle`)
        return None

    def _settle(self) -> None:
        """Plays what the reveals now allow: the deal, and the move that ends a round
        once the next round's chance point is complete; then records that came early."""
        assert self.begin is not None
        point = self.point
        if point:
            reveals = self.reveals.get(point, {})
            if set(reveals) != self.seated:
                return
            seed = seed_of(point, reveals)
            if self.game is None:
                self.game = new_game(replace(self.config, seed=seed))
            else:
                action = str(self.stream[-1].body["action"])
                self.game = played(self.game, action, seed)
        self._early(self.stream[-1].key)

    # ------------------------------------------------------------ what to add

    def computer_move(self) -> str:
        """The move of the computer at the seat to move, as every device computes it."""
        game = self.game
        assert game is not None and game.to_move is not None
        level = self.levels[game.to_move]
        return str(make(level, seed=game.to_move).choose(game))

    def due(self) -> list[Record]:
        """What this device adds now, being open: its reveal for the chance point due,
        and the computers' moves while one is to move (each taken here too)."""
        made: list[Record] = []
        while self.begin is not None:
            point = self.point
            me = self.key.public
            if point and me in self.seated and me not in self.reveals.get(point, {}):
                body = {"link": self.chain.reveal(point)}
                record = Record(self.name, "reveal", point, "", body, me).signed(self.key)
            elif self._computer_to_move():
                action = self.computer_move()
                body = {"action": action}
                prev = self.stream[-1].key
                index = len(self.stream)
                record = Record(self.name, "move", index, prev, body, me).signed(self.key)
            else:
                return made
            problem = self.take(record, computed=True)
            assert problem is None, problem
            made.append(record)
        return made

    def _computer_to_move(self) -> bool:
        game = self.game
        if game is None or self.point or game.to_move is None or game.decision == "over":
            return False
        return not self.devices[game.to_move] and self.key.public in self.seated

    def my_turn(self) -> bool:
        game = self.game
        return (
            game is not None
            and not self.point
            and game.to_move is not None
            and game.decision != "over"
            and self.devices[game.to_move] == self.key.public
        )

    def play(self, action: str) -> Record:
        """This device's player's move; ValueError if it is not theirs to make or not
        allowed."""
        if not self.my_turn():
            raise ValueError("not this device's turn")
        prev = self.stream[-1].key
        body = {"action": action}
        record = Record(self.name, "move", len(self.stream), prev, body, self.key.public)
        record = record.signed(self.key)
        problem = self.take(record)
        if problem is not None:
            raise ValueError(problem)
        return record
