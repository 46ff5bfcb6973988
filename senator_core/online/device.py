"""One device at an online table: what it does with each message, as data.

Every device keeps the table's stream (`Entry` values, numbered) and the game it
makes, applied by its own engine. The host orders the stream: it checks each move
with the engine and appends it with the hash of the position it leads to; every
device applies each entry itself and compares the hash. The host also runs the
computers, and gathers each chance point's reveals (see `chance`).

Every device has a key of its own (`keys`), and its id is the public key. When two
devices meet, each sends a challenge of its own for that connection in its hello
and takes the other device for the id it claims only once its `Proof` answers the
challenge; a person's moves are signed by the seat's device, and every device
checks each signature, so no device (the host included) can move for another's
seat. What a device cannot prevent: one that relays both ways between two others
can pass on a device's presence (never its moves); and the host's computer, standing
in for a player away, plays that seat unsigned, as every device can see.

`Device` is pure: the transport hands it what arrives (`receive`), who came and
went (`joined`, `left`), and the device's own player's moves (`play`); each call
returns what to do (`Send`) and what to tell the player (`Report`). Nothing here
touches a network.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from ..actions import IllegalActionError
from ..config import DEFAULT_NAMES, GameConfig
from ..game import Game, new_game
from .chance import LENGTH, Chain, follows, is_link, seed_of
from .keys import Key, verifies
from .relays import RELAYED  # a device's messages go that way only with no direct connection
from .wire import (
    DEVICE,
    MAX_TURN,
    TURN_SERVER,
    Again,
    Ask,
    Chat,
    Entry,
    Hello,
    Here,
    Message,
    Move,
    Proof,
    Refused,
    Reveal,
    Seats,
    Sit,
    Turn,
    Want,
    WireError,
    decode,
    encode,
)

HUMAN = "human"  # a seat for a person at a device of their own

Problem = Literal[
    "malformed",  # not a message (`detail`: the wire's problem)
    "build",  # the other device runs another build of the game
    "not-host",  # a message only the host sends came from another device
    "not-at-table",  # a device not seated in this game sent a move or a reveal
    "proof",  # a device did not prove the id it claims: what it sends is not taken
    "signature",  # a move not signed by its seat's device
    "seat-taken",
    "no-game",  # a move before the game began
    "stale",  # a move made on another position than the table's
    "not-your-turn",  # a move for a seat that is not the sender's, or not to move
    "illegal",  # the engine refuses the move (`detail`: its reason)
    "bad-reveal",  # a reveal that does not follow the device's chain, or is not due
    "bad-entry",  # an entry that does not follow from the stream (`detail`: why)
    "hash",  # the host's position differs from ours: the game stops
    "flood",  # more messages on one connection than a table ever sends: it is shut
]

# The most messages one connection may send between two ticks, beyond one for each entry
# the table holds (all of which a device catching up is sent at once): more is a flood.
FLOOD = 600
SHARED_TURN = 8  # the most TURN servers a device takes from the others


@dataclass(frozen=True)
class Send:
    """Send `message` to the device `to`, or to every device at the table (None)."""

    message: Message
    to: str | None = None


@dataclass(frozen=True)
class Report:
    """Something the player should hear of: a message refused, a game stopped."""

    problem: Problem
    device: str
    detail: str = ""


@dataclass(frozen=True)
class Said:
    """A chat line to show, from the device `device`."""

    device: str
    text: str


@dataclass(frozen=True)
class Shut:
    """Close the connection `link` for good: it flooded this device."""

    link: str


@dataclass(frozen=True)
class Renew:
    """The host began the table's next game: this device needs a new chain
    (`Device.renew`), which only its page can draw."""

    game: int


Out = Send | Report | Said | Renew | Shut


def position_hash(game: Game) -> str:
    """A short hash of the whole position, the generator's state included."""
    text = json.dumps(game.state(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def played(game: Game, action: str, reseed: int | None = None) -> Game:
    """The game after `action`, on a copy (its chance drawn afresh from `reseed`
    first, if given); `game` stays as it is."""
    after = game.clone(reseed=reseed)
    after.apply(action)
    return after


def distinct(names: Sequence[str], first: Sequence[int] = ()) -> tuple[str, ...]:
    """The seats' names with no two alike (case aside): the seats `first`, then the
    others in order, keep their name unless a seat before has it; such a seat takes
    the first of the default names that no seat has, or its name and a number. A
    blank name (an open seat) stays blank."""
    order = [*first, *(s for s in range(len(names)) if s not in first)]
    out = list(names)
    kept: set[str] = set()
    for seat in order:
        name = names[seat]
        if not name:
            continue
        if name.casefold() in kept:
            taken = kept | {n.casefold() for n in names if n}
            spare = [n for n in DEFAULT_NAMES if n.casefold() not in taken]
            numbered = (f"{name} {k}" for k in range(2, len(names) + 3))
            name = spare[0] if spare else next(n for n in numbered if n.casefold() not in taken)
        out[seat] = name
        kept.add(name.casefold())
    return tuple(out)


def starts_round(before: Game, after: Game) -> bool:
    """Whether the move from `before` to `after` ended a round that another follows:
    the next round's preparation is a chance point."""
    return after.round != before.round and after.decision != "over"


def ends_round(game: Game, action: str) -> bool:
    """Whether `action` ends a round that another follows (see `starts_round`)."""
    return starts_round(game, played(game, action))


def proof_text(nonce: str, prover: str, verifier: str) -> str:
    """What `prover` signs to answer `verifier`'s challenge `nonce`."""
    return f"senator-hello|{nonce}|{prover}|{verifier}"


def move_text(table: str, moves: int, action: str) -> str:
    """What a seat's device signs for its move `action` after `moves` moves of the
    game whose beginning is `table` (see `Device.table`): no other game or position."""
    return f"senator-move|{table}|{moves}|{action}"


@dataclass
class Device:
    """One device's view of the table (see the module's text)."""

    key: Key
    build: str
    name: str
    host: str
    chain: Chain = field(default_factory=Chain)
    # Before the game: the seats as the host set them up (the host's own copy rules).
    seats: Seats = field(default_factory=lambda: Seats((), (), ()))
    config: GameConfig = field(default_factory=GameConfig)
    # Who is connected now, by device id, and what each said in its hello; and the
    # transport's own id for each connection (new on every page load), with the
    # device each belongs to once its hello has said.
    present: set[str] = field(default_factory=set)
    hellos: dict[str, Hello] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)  # transport id -> device id
    # The stream and the game it makes.
    entries: list[Entry] = field(default_factory=list)
    game: Game | None = None
    last_link: dict[str, str] = field(default_factory=dict)
    points: int = 0  # chance points done
    stopped: Report | None = None
    # Seats the host's computers play for their players while they are away (on a guest,
    # as the host last said).
    stand_ins: set[int] = field(default_factory=set)
    pending: Ask | None = None  # the chance point asked for (on a guest: the last ask)
    gathered: dict[str, str] = field(default_factory=dict)
    waiting: dict[int, Entry] = field(default_factory=dict)  # entries that came early
    asked_from: set[str] = field(default_factory=set)
    # Whether another device hosts when the host goes: so where every device reaches
    # every other, not at a table met by codes, where each guest reaches the host alone
    # (there the game waits for the host to come back).
    takeover: bool = True
    # The games begun at this table before this one, and (on the host) the chains'
    # tops they were played with, which no later game may take again.
    games: int = 0
    spent: set[str] = field(default_factory=set)
    here: tuple[str, ...] = ()  # on a guest: who the host last said is at the table
    # The messages each connection sent since the last tick, and the connections and
    # devices shut for flooding (whatever more they send is dropped unread).
    heard: dict[str, int] = field(default_factory=dict)
    shut: set[str] = field(default_factory=set)
    # The challenge this device sent on each connection, and the hello of each
    # connection whose device has not yet answered this device's challenge.
    nonces: dict[str, str] = field(default_factory=dict)
    unproven: dict[str, Hello] = field(default_factory=dict)
    proofs: dict[str, Proof] = field(default_factory=dict)  # proofs that came early
    signed: str = ""  # on the host: the signature of the move whose chance point is due
    quiet: int = 0  # on a guest: ticks since the host was last heard
    # The TURN servers in this device's settings, shared with every device it meets,
    # and those the others shared with it (at most `SHARED_TURN`, the first heard).
    turn: tuple[str, ...] = ()
    shared: tuple[str, ...] = ()

    @property
    def me(self) -> str:
        """This device's id: its public key."""
        return self.key.public

    def copy(self) -> Device:
        """A copy that the next call may change while this one stays as it is (the
        application keeps a device in its model and makes a new model per message).
        The games and entries are shared: nothing changes them once made."""
        return replace(
            self,
            present=set(self.present),
            hellos=dict(self.hellos),
            links=dict(self.links),
            entries=list(self.entries),
            last_link=dict(self.last_link),
            stand_ins=set(self.stand_ins),
            gathered=dict(self.gathered),
            waiting=dict(self.waiting),
            asked_from=set(self.asked_from),
            spent=set(self.spent),
            heard=dict(self.heard),
            shut=set(self.shut),
            nonces=dict(self.nonces),
            unproven=dict(self.unproven),
            proofs=dict(self.proofs),
        )

    # ------------------------------------------------------------ kept across reloads

    def kept(self) -> dict[str, object]:
        """What a reload needs to come back as this device: who it is, its chain's
        secret, the host, the seats and the stream (as the wire writes them)."""
        return {
            "key": self.key.secret,
            "name": self.name,
            "host": self.host,
            "chain": self.chain.reveal(LENGTH),
            "seats": encode(self.seats),
            "entries": [encode(e) for e in self.entries],
            "stand_ins": sorted(self.stand_ins),
            "takeover": self.takeover,
            "games": self.games,
            "spent": sorted(self.spent),
        }

    @classmethod
    def restored(cls, data: object, build: str) -> Device:
        """The device `kept` wrote, its stream applied again by this engine; ValueError
        if it is not whole and sound."""
        if not isinstance(data, dict):
            raise ValueError("not a device")
        try:
            secret, name, host = (str(data[k]) for k in ("key", "name", "host"))
            if not (is_link(secret) and DEVICE.match(host)) or not is_link(data["chain"]):
                raise ValueError("ids")
            key = Key(bytes.fromhex(secret))
            device = cls(key, build, name[:40], host, Chain(bytes.fromhex(data["chain"])))
            seats = decode(data["seats"])
            if not isinstance(seats, Seats):
                raise ValueError("seats")
            device.seats = seats
            for text in data["entries"]:
                entry = decode(text)
                if not isinstance(entry, Entry):
                    raise ValueError("an entry")
                problem = device._apply(entry, check=False)
                if problem is not None:
                    raise ValueError(problem)
            device.takeover = data.get("takeover", True) is not False
            device.games = int(data.get("games", 0))
            device.spent = {str(t) for t in data.get("spent", ()) if is_link(t)}
            if not 0 <= device.games <= 1_000:
                raise ValueError("games")
            device.stand_ins = {int(s) for s in data.get("stand_ins", ()) if 0 <= int(s) < 5}
        except (KeyError, TypeError, WireError) as err:
            raise ValueError(str(err)[:64]) from None
        return device

    # ------------------------------------------------------------ who is who

    @property
    def hosting(self) -> bool:
        return self.host == self.me

    @property
    def devices(self) -> tuple[str, ...]:
        """The device at each seat of the game ("" for a computer's)."""
        return self.entries[0].devices if self.entries else self.seats.devices

    def seat_of(self, device: str) -> int | None:
        return next((s for s, d in enumerate(self.devices) if d == device and d), None)

    @property
    def greeted(self) -> bool:
        """Whether every seated device has said hello for this game (after the table's
        next game begins, each does again, with its new chain)."""
        return all(d in self.hellos for d in self.seats.devices if d and d != self.me)

    @property
    def table(self) -> str:
        """The game's mark: a hash of its beginning, which holds every seated device's
        fresh commitment, so no two games have the same (what moves are signed for)."""
        if not self.entries:
            return ""
        return hashlib.sha256(encode(self.entries[0]).encode()).hexdigest()[:32]

    def hello(self, link: str = "") -> Hello:
        """This device's hello on the connection `link`, with the challenge for it (on
        a connection whose device has proven itself, the challenge is not taken up)."""
        fresh = secrets.token_hex(16)
        nonce = self.nonces.setdefault(link, fresh) if link else fresh
        return Hello(self.build, self.me, self.name, self.chain.top, len(self.entries), nonce)

    # ------------------------------------------------------------ the transport's calls

    # The transport knows connections by ids of its own (`link`), new on every page
    # load; the protocol knows devices by the lasting id each says in its hello. So
    # every connection starts with hellos both ways; what comes before is refused.

    def joined(self, link: str) -> list[Out]:
        """A connection is open: this device says hello on it (not on one it shut)."""
        if link in self.shut:
            return []
        self.nonces.pop(link, None)  # a new connection: a new challenge
        return [Send(self.hello(link), link)]

    def left(self, link: str) -> list[Out]:
        """A connection closed; its device is gone unless it came back on another."""
        peer = self.links.pop(link, None)
        self.nonces.pop(link, None)
        self.unproven.pop(link, None)
        self.proofs.pop(link, None)
        if peer is None or peer in self.links.values():
            return []
        return self._addressed(self._gone(peer))

    def _shut(self, link: str, heard: int) -> list[Out]:
        """The connection `link` flooded: it is closed and its device let in no more
        (the seat waits as for a player away); the player hears of it once."""
        peer = self.links.get(link, link)
        self.shut |= {link, peer}
        return [Report("flood", peer, str(heard)), Shut(link), *self.left(link)]

    def _gone(self, peer: str) -> list[Out]:
        """`peer` is gone. If it was the host, the first seated device still here
        (in seat order) hosts from its own copy of the stream."""
        self.present.discard(peer)
        out: list[Out] = []
        if peer == self.host and self.entries and self.takeover:
            # The first in seat order of those the host last said were here (so every
            # device chooses the same one); failing that, of those this one reaches.
            known = set(self.here) or self.present
            here = [d for d in self.devices if d and d != peer and (d in known or d == self.me)]
            if here:
                self.host, self.here = here[0], ()
                self.pending, self.gathered, self.waiting = None, {}, {}
                if self.hosting:
                    out += [*self._ask_if_due(), self._here()]
                else:
                    out.append(Send(self.hello(), self.host))
        elif self.hosting:
            out += [*self._complete_chance(), self._here()]
        return out

    def _here(self) -> Send:
        """To every device: who is at the table now."""
        return Send(Here(tuple(sorted(self.present | {self.me})), tuple(sorted(self.stand_ins))))

    def receive(self, link: str, text: object) -> list[Out]:
        """A message on the connection `link`; anything unsound is refused and nothing
        applied."""
        if self.stopped is not None or link in self.shut:
            return []
        heard = self.heard[link] = self.heard.get(link, 0) + 1
        if heard > FLOOD + len(self.entries):
            return self._shut(link, heard)
        try:
            message = decode(text)
        except WireError as err:
            return [Report("malformed", self.links.get(link, link), err.problem)]
        peer = self.links.get(link)
        if peer is None:
            return self._meet(link, message)
        if isinstance(message, Hello) and message.device != peer:
            return [Report("malformed", peer, "device")]
        if isinstance(message, Proof):
            return []  # proven already (a copy, or a proof after a re-hello)
        if isinstance(message, Turn):
            return self._hear_turn(message)
        if isinstance(message, Refused) and (self.hosting or peer != self.host):
            # Heard, never answered: two devices would refuse each other's refusals
            # for as long as both pages stay open.
            return [Report("not-host", peer, "Refused")]
        if self.hosting:
            return self._addressed(self._as_host(peer, message))
        if isinstance(message, Hello):
            return []  # a guest greets the host when the host's hello comes (below)
        return self._addressed(self._as_guest(peer, message))

    def _meet(self, link: str, message: Message) -> list[Out]:
        """A message on a connection whose device has not proven itself: its hello
        (answered with this device's proof), then its proof of the id it claims."""
        if isinstance(message, Hello):
            if message.build != self.build:
                return [Report("build", link, message.build), Send(Refused("build", ""), link)]
            if message.device == self.me:
                return [Report("malformed", link, "device")]
            if message.device in self.shut:
                self.shut.add(link)
                return [Shut(link)]
            out: list[Out] = []
            if link not in self.nonces:  # its hello came first: this device's goes now
                out.append(Send(self.hello(link), link))
            self.unproven[link] = message
            sig = self.key.says(proof_text(message.nonce, self.me, message.device))
            out.append(Send(Proof(sig), link))
            early = self.proofs.pop(link, None)
            return out + (self._proven(link, early) if early is not None else [])
        if not isinstance(message, Proof):
            return [Report("not-at-table", link, type(message).__name__)]
        if link not in self.unproven:  # its hello is still on its way
            self.proofs[link] = message
            return []
        return self._proven(link, message)

    def _proven(self, link: str, proof: Proof) -> list[Out]:
        """The device on `link` answered this device's challenge: if its proof holds,
        the connection is that device's from now on."""
        hello = self.unproven.pop(link)
        text = proof_text(self.nonces.get(link, ""), hello.device, self.me)
        if link not in self.nonces or not verifies(hello.device, text, proof.sig):
            return [Report("proof", link, hello.device[:16])]
        peer = self.links[link] = hello.device
        self.present.add(peer)
        shared: list[Out] = [Send(Turn(self.turn), link)] if self.turn else []
        if self.hosting:
            return shared + self._addressed(self._as_host(peer, hello))
        return shared  # a guest greets the host when the host's hello comes (below)

    def _addressed(self, outs: list[Out]) -> list[Out]:
        """The outputs with each message sent on its device's connection (dropped
        while it has none), one to every device for a message to all (so none goes to
        a connection whose device has not proven itself)."""
        links: dict[str, str] = {}
        for link, device in self.links.items():  # a direct connection before the relays
            if device not in links or links[device].startswith(RELAYED):
                links[device] = link
        addressed: list[Out] = []
        for out in outs:
            if isinstance(out, Send) and out.to is None:  # to every device here
                addressed += [Send(out.message, links[d]) for d in sorted(links)]
            elif isinstance(out, Send):
                if out.to in links:
                    addressed.append(Send(out.message, links[out.to]))
            else:
                addressed.append(out)
        return addressed

    def share_turn(self, servers: Sequence[str]) -> list[Out]:
        """This device's TURN servers, as its settings now have them, shared with every
        device it has met (and each it meets from now on)."""
        servers = tuple(dict.fromkeys(s for s in servers if TURN_SERVER.match(s)))[:MAX_TURN]
        if servers == self.turn:
            return []
        self.turn = servers
        return self._addressed([Send(Turn(servers))]) if servers else []

    def _hear_turn(self, turn: Turn) -> list[Out]:
        """Another device's TURN servers, for this device's connections too."""
        fresh = [s for s in turn.servers if s not in self.shared and s not in self.turn]
        self.shared = (*self.shared, *fresh)[:SHARED_TURN]
        return []

    def play(self, action: str) -> list[Out]:
        """A move made on this device: its player's (or, on the host, a computer's)."""
        if self.game is None or self.stopped is not None:
            return [Report("no-game", self.me)]
        seat = self.game.to_move
        mine = seat is not None and self.devices[seat] == self.me and seat not in self.stand_ins
        sig = self.key.says(move_text(self.table, self.game.moves, action)) if mine else ""
        move = Move(self.game.moves, action, sig)
        if self.hosting:
            return self._addressed(self._order(self.me, move))
        return self._addressed([Send(move, self.host)])

    def tick(self) -> list[Out]:
        """Now and then: a guest asks the host for entries it may have missed; the host
        asks again for the reveals it still waits for."""
        heard = any(self.heard.get(link) for link, d in self.links.items() if d == self.host)
        self.heard.clear()
        if self.stopped is not None:
            return []
        if not self.hosting:
            # Asked while the host is quiet, less often the longer it is: at 1, 2 and 4
            # ticks, then every eighth (a guest that reaches the host through the relays
            # sends each ask as an event there).
            self.quiet = 0 if heard else self.quiet + 1
            if not (self.quiet in (1, 2, 4) or (self.quiet > 0 and self.quiet % 8 == 0)):
                return []
            return self._addressed([Send(Want(len(self.entries)), self.host)])
        if self.pending is None:
            return []
        asked = [Send(self.pending, d) for d in self.last_link if d not in self.gathered]
        return self._addressed(list[Out](asked))

    def woken(self) -> list[Out]:
        """This device back after a sleep: a guest asks the host for what it missed, on
        every connection it has to it (one may have died unseen), not waiting for a tick."""
        if self.hosting or self.stopped is not None:
            return []
        want = Want(len(self.entries))
        return [Send(want, link) for link, device in self.links.items() if device == self.host]

    def sit(self, seat: int, name: str) -> list[Out]:
        """This device's player, named `name`, asks the host for `seat` (before the game)."""
        self.name = name
        return self._addressed([Send(self.hello(), self.host), Send(Sit(seat), self.host)])

    def chat(self, text: str) -> list[Out]:
        """A chat line from this device's player, to every device."""
        line = Chat(text, self.me)
        if self.hosting:
            return self._addressed([Send(line), Said(self.me, text)])
        return self._addressed([Send(line, self.host), Said(self.me, text)])

    def stand_in(self, seat: int) -> list[Out]:
        """The host's computer plays `seat` while its player is away (every device is
        told)."""
        if self.hosting and self.devices[seat] and self.devices[seat] not in self.present:
            self.stand_ins.add(seat)
            return self._addressed([self._here()])
        return []

    def renew(self, chain: Chain, game: int) -> list[Out]:
        """The table's `game`th game, which the host began (`Renew`): this device starts
        afresh with `chain`, and says hello again with its top."""
        self._afresh(chain, game)
        return self._addressed([Send(self.hello(), self.host)])

    def _afresh(self, chain: Chain, game: int) -> None:
        self.chain, self.games = chain, game
        self.entries, self.game, self.points = [], None, 0
        self.last_link, self.pending, self.gathered, self.waiting = {}, None, {}, {}
        self.asked_from, self.stand_ins, self.stopped = set(), set(), None

    # ------------------------------------------------------------ the host

    def again(self, chain: Chain) -> list[Out]:
        """The host begins the table's next game once this one is over: the same seats
        for the devices still here (a seat whose player is away opens), `chain` the
        host's new one; each guest renews its own and says hello again."""
        if not self.hosting or self.game is None or self.game.decision != "over":
            return []
        self.spent |= {h.top for h in self.hellos.values()} | {self.chain.top}
        here = [d if d and (d == self.me or d in self.present) else "" for d in self.devices]
        names = tuple(n if here[s] else "" for s, n in enumerate(self.game.names))
        self.seats = Seats(self.seats.occupants, tuple(here), names)
        self._afresh(chain, self.games + 1)
        self.hellos = {}
        return self._addressed([Send(Again(self.games)), Send(self.seats)])

    def open_table(self, config: GameConfig, occupants: Sequence[str]) -> list[Out]:
        """The host sets up the seats: HUMAN for a person on a device of their own
        (the host's own seat among them), else a computer's level."""
        self.config = config
        devices = tuple(self.me if i == 0 and o == HUMAN else "" for i, o in enumerate(occupants))
        names = tuple(self.name if d == self.me else "" for d in devices)
        self.seats = Seats(tuple(occupants), devices, names)
        return self._addressed([Send(self.seats)])

    def begin(self) -> list[Out]:
        """The host starts the game with the seats as they are now."""
        if self.entries or not self.greeted:
            return []
        seated = [d for d in self.seats.devices if d]
        tops = {d: self.hellos[d].top if d != self.me else self.chain.top for d in seated}
        people = [s for s, n in enumerate(self.seats.names) if n]
        names = distinct(  # the computers' names yield to the people's
            [n or self.config.player_names()[s] for s, n in enumerate(self.seats.names)], people
        )
        config = replace(self.config, seed=None, names=names)
        data = {k: v for k, v in config.to_dict().items() if k != "seed"}
        entry = Entry(0, "begin", data, self.seats.devices, tops, "", "", "")
        return self._addressed(self._append(entry) + self._ask_if_due())

    def _as_host(self, peer: str, message: Message) -> list[Out]:
        match message:
            case Hello():
                return self._greet(peer, message)
            case Sit(seat=seat):
                return self._sit(peer, seat)
            case Move():
                return self._order(peer, message)
            case Reveal():
                return self._take_reveal(peer, message)
            case Want(start=start):
                return self._entries_from(start, peer)
            case Entry() if peer in self.asked_from:
                return self._take_entry(peer, message)
            case Chat(text=text):
                if peer not in self.last_link and peer not in self.hellos:
                    return self._refuse(peer, "not-at-table", "chat")
                others = [d for d in self.links.values() if d != peer]
                return [*(Send(Chat(text, peer), d) for d in others), Said(peer, text)]
            case _:
                return self._refuse(peer, "not-host", type(message).__name__)

    def _greet(self, peer: str, hello: Hello) -> list[Out]:
        if self.games and not self.entries and hello.top in self.spent:
            return [Send(Again(self.games), peer)]  # it missed the next game's start
        known = self.hellos.get(peer)
        if known is not None and known.top != hello.top and self.entries:
            return self._refuse(peer, "bad-reveal", "another chain")
        self.hellos[peer] = hello
        seat = self.seat_of(peer)
        if seat is not None:
            # Back at the table: the seat is theirs again (the Here below tells everyone).
            self.stand_ins.discard(seat)
        if not self.entries:
            return [Send(self.seats, peer), self._here()]
        out = [self._here(), *self._entries_from(hello.have, peer)]
        if hello.have > len(self.entries):  # it saw entries this device missed
            self.asked_from.add(peer)
            out.append(Send(Want(len(self.entries)), peer))
        return out + ([Send(self.pending, peer)] if self.pending else [])

    def _sit(self, peer: str, seat: int) -> list[Out]:
        occupants = list(self.seats.occupants)
        devices, names = list(self.seats.devices), list(self.seats.names)
        hello = self.hellos.get(peer)
        if self.entries or hello is None:
            return self._refuse(peer, "no-game", "sit")
        if seat >= len(occupants) or occupants[seat] != HUMAN or devices[seat] not in ("", peer):
            return self._refuse(peer, "seat-taken", str(seat))
        for s, d in enumerate(devices):
            if d == peer:
                devices[s], names[s] = "", ""
        devices[seat], names[seat] = peer, hello.name
        # Those seated before keep their names; a guest who kept another's gets one.
        names = list(distinct(names, [s for s, d in enumerate(devices) if d and d != peer]))
        self.seats = Seats(tuple(occupants), tuple(devices), tuple(names))
        return [Send(self.seats)]

    def _order(self, peer: str, move: Move) -> list[Out]:
        game = self.game
        if game is None or self.pending is not None:
            return self._refuse(peer, "no-game", move.action)
        if move.moves != game.moves:
            return self._refuse(peer, "stale", str(move.moves))
        seat = game.to_move
        mover = self.devices[seat] if seat is not None else ""
        allowed = peer == mover and seat not in self.stand_ins
        if peer == self.me and seat is not None and (not mover or seat in self.stand_ins):
            allowed = True  # the host's computers
        if not allowed or seat is None:
            return self._refuse(peer, "not-your-turn", move.action)
        if not self._signed(seat, move.moves, move.action, move.sig):
            return self._refuse(peer, "signature", move.action)
        try:
            after = played(game, move.action)
        except IllegalActionError as err:
            return self._refuse(peer, "illegal", str(err)[:64])
        if starts_round(game, after):
            self.pending = Ask(self.points + 1, len(self.entries), move.action)
            self.gathered, self.signed = {}, move.sig
            return [Send(self.pending), *self._take_reveal(self.me, self._my_reveal())]
        hashed = position_hash(after)
        entry = Entry(len(self.entries), "move", {}, (), {}, move.action, hashed, move.sig)
        return self._append(entry)

    def _ask_if_due(self) -> list[Out]:
        """After the beginning, the host asks for the deal's reveals."""
        if len(self.entries) == 1 and self.pending is None:
            self.pending = Ask(1, 1, "")
            self.gathered = {}
            return [Send(self.pending), *self._take_reveal(self.me, self._my_reveal())]
        return []

    def _my_reveal(self) -> Reveal:
        assert self.pending is not None
        return Reveal(self.pending.point, self.chain.reveal(self.pending.point))

    def _take_reveal(self, peer: str, reveal: Reveal) -> list[Out]:
        if self.pending is None or reveal.point != self.pending.point:
            return self._refuse(peer, "bad-reveal", "not due")
        if peer not in self.last_link:
            return self._refuse(peer, "not-at-table", "reveal")
        if not follows(reveal.value, self.last_link[peer]):
            return self._refuse(peer, "bad-reveal", "does not follow the chain")
        self.gathered[peer] = reveal.value
        return self._complete_chance()

    def _complete_chance(self) -> list[Out]:
        """Once every seated device still here has revealed, the entry goes out."""
        ask = self.pending
        if ask is None:
            return []
        needed = {d for d in self.last_link if d in self.present or d == self.me}
        if not needed <= set(self.gathered):
            return []
        reveals = {d: v for d, v in self.gathered.items() if d in needed}
        self.pending = None
        assert self.game is not None or ask.point == 1
        if ask.point == 1:
            entry = Entry(ask.entry, "deal", {}, (), reveals, "", "", "")
        else:
            assert self.game is not None
            after = played(self.game, ask.action, seed_of(ask.point, reveals))
            hashed = position_hash(after)
            entry = Entry(ask.entry, "move", {}, (), reveals, ask.action, hashed, self.signed)
        return self._append(entry)

    def _append(self, entry: Entry) -> list[Out]:
        problem = self._apply(entry, check=False)  # its signature checked as it came
        assert problem is None, problem  # the host's own entries follow by construction
        return [Send(entry)]

    # ------------------------------------------------------------ a guest

    def _as_guest(self, peer: str, message: Message) -> list[Out]:
        if peer != self.host and not (isinstance(message, Entry) and peer in self.asked_from):
            if isinstance(message, Want):
                return self._entries_from(message.start, peer)
            return self._refuse(peer, "not-host", type(message).__name__)
        match message:
            case Seats():
                self.seats = message
                return []
            case Entry():
                return self._take_entry(peer, message)
            case Ask():
                self.pending = message
                return self._answer(message)
            case Want(start=start):
                return self._entries_from(start, peer)
            case Refused(problem=problem, about=about):
                return [Report("illegal" if problem == "illegal" else "bad-entry", peer, about)]
            case Chat(text=text, device=speaker):
                return [] if speaker == self.me else [Said(speaker, text)]
            case Here(devices=devices, standing=standing):
                self.here, self.stand_ins = devices, set(standing)
                return []
            case Again(game=game):
                ended = self.game is None or self.game.decision == "over"
                return [Renew(game)] if game > self.games and ended else []
            case _:
                return self._refuse(peer, "not-host", type(message).__name__)

    def _take_entry(self, peer: str, entry: Entry) -> list[Out]:
        have = len(self.entries)
        if entry.index < have:
            return [] if entry == self.entries[entry.index] else self._stop(peer, "bad-entry")
        self.waiting[entry.index] = entry
        out: list[Out] = []
        while len(self.entries) in self.waiting:
            next_entry = self.waiting.pop(len(self.entries))
            problem = self._apply(next_entry)
            if problem == "hash":
                return out + self._stop(peer, "hash")
            if problem is not None:
                return out + self._stop(peer, "bad-entry", problem)
        if self.waiting and peer not in self.asked_from:  # a gap: ask for what is missing
            self.asked_from.add(peer)
            out.append(Send(Want(len(self.entries)), peer))
        if not self.waiting:
            self.asked_from.discard(peer)
        if self.pending is not None and len(self.entries) > have:
            out += self._answer(self.pending)  # an ask that came before its entry
        return out

    def _answer(self, ask: Ask) -> list[Out]:
        """A reveal, only when this device's own engine agrees that it is due: so the
        host cannot draw a reveal early and know a draw before a move is fixed."""
        due = ask.point == self.points + 1 and ask.entry == len(self.entries)
        if due and ask.point == 1:
            due = ask.action == "" and len(self.entries) == 1
        elif due:
            try:
                due = self.game is not None and ends_round(self.game, ask.action)
            except IllegalActionError:
                due = False
        if not due or self.me not in self.last_link:
            return []
        return [Send(Reveal(ask.point, self.chain.reveal(ask.point)), self.host)]

    # ------------------------------------------------------------ every device

    def _signed(self, seat: int, moves: int, action: str, sig: str, check: bool = True) -> bool:
        """Whether a move for `seat` is signed as it must be: by the seat's device, or
        not at all for a computer's seat or a stand-in's (unsigned moves at a person's
        seat are the host's computer's, in the player's absence)."""
        mover = self.devices[seat]
        if not sig:
            return not mover or seat in self.stand_ins or not self.hosting
        return bool(mover) and (
            not check or verifies(mover, move_text(self.table, moves, action), sig)
        )

    def _apply(self, entry: Entry, check: bool = True) -> str | None:
        """Applies the next entry with this device's engine; what was wrong, or None.
        `check`: whether to check its signature (not for what this device kept)."""
        if entry.index != len(self.entries):
            return "order"
        if entry.kind == "begin":
            if self.entries:
                return "a second beginning"
            try:
                config = GameConfig.from_dict(dict(entry.config))
            except (TypeError, ValueError) as err:
                return str(err)[:64]
            if len(entry.devices) != config.players or set(entry.reveals) != {
                d for d in entry.devices if d
            }:
                return "seats"
            self.config = config
            self.last_link = dict(entry.reveals)
        elif not self.entries:
            return "no beginning"
        elif entry.kind == "deal":
            if self.game is not None or self.points != 0:
                return "a second deal"
            if not self._follows_chains(entry.reveals):
                return "reveal"
            self.game = new_game(replace(self.config, seed=seed_of(1, entry.reveals)))
            self.points = 1
        else:
            game = self.game
            if game is None:
                return "no deal"
            if game.to_move is None or not self._signed(
                game.to_move, game.moves, entry.action, entry.sig, check
            ):
                return "signature"
            try:
                after = played(game, entry.action)
            except IllegalActionError:
                return "illegal"
            chance = starts_round(game, after)
            if chance:
                if self.points >= LENGTH or not self._follows_chains(entry.reveals):
                    return "reveal"
                after = played(game, entry.action, seed_of(self.points + 1, entry.reveals))
            elif entry.reveals:
                return "reveal"
            if position_hash(after) != entry.hash:
                return "hash"  # this device's game stays as it was
            self.game = after
            self.points += chance
        if entry.reveals and entry.kind != "begin":
            self.last_link.update(entry.reveals)
        self.entries.append(entry)
        return None

    def _follows_chains(self, reveals: Mapping[str, str]) -> bool:
        if not reveals:
            return False
        return all(
            d in self.last_link and follows(v, self.last_link[d]) for d, v in reveals.items()
        )

    def _entries_from(self, start: int, peer: str) -> list[Out]:
        return [Send(e, peer) for e in self.entries[start:]]

    def _refuse(self, peer: str, problem: Problem, detail: str = "") -> list[Out]:
        out: list[Out] = [Report(problem, peer, detail)]
        if peer != self.me:
            out.append(Send(Refused(problem, detail[:64]), peer))
        return out

    def _stop(self, peer: str, problem: Problem, detail: str = "") -> list[Out]:
        self.stopped = Report(problem, peer, detail)
        return [self.stopped]
