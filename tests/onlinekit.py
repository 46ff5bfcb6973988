"""Devices at one online table, joined by an in-memory network that can drop,
duplicate, delay and reorder messages, and played by random players and the
rule-based computer."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import senator_core as sc
from senator_core.bots import make
from senator_core.online.chance import Chain
from senator_core.online.device import HUMAN, Device, Out, Report, Said, Send
from senator_core.online.keys import Key
from senator_core.online.wire import encode

BUILD = "test-build"


@dataclass
class Faults:
    drop: float = 0.0
    duplicate: float = 0.0
    reorder: int = 1  # a message is taken from among the first `reorder` waiting


@dataclass
class Network:
    rng: random.Random
    faults: Faults = field(default_factory=Faults)
    devices: dict[str, Device] = field(default_factory=dict)
    queue: list[tuple[str, str, str]] = field(default_factory=list)
    reports: dict[str, list[Report]] = field(default_factory=dict)
    said: dict[str, list[Said]] = field(default_factory=dict)
    secrets: dict[str, bytes] = field(default_factory=dict)
    keys: dict[str, Key] = field(default_factory=dict)
    sent: int = 0  # bytes put on the wire, each copy counted
    # The transport's own id for each device's connection, new on every attach (as a
    # page load gets a new one), and back.
    link_of: dict[str, str] = field(default_factory=dict)
    device_at: dict[str, str] = field(default_factory=dict)
    cut: set[frozenset[str]] = field(default_factory=set)  # pairs of devices that cannot meet

    def sever(self, one: str, other: str) -> None:
        """The connection between two devices breaks (the rest stay up)."""
        self.cut.add(frozenset((one, other)))
        self.carry(one, self.devices[one].left(self.link_of[other]))
        self.carry(other, self.devices[other].left(self.link_of[one]))

    def mend(self, one: str, other: str) -> None:
        """Two devices whose connection broke meet again."""
        self.cut.discard(frozenset((one, other)))
        self.carry(one, self.devices[one].joined(self.link_of[other]))
        self.carry(other, self.devices[other].joined(self.link_of[one]))

    def device_id(self) -> str:
        return f"{self.rng.getrandbits(64):016x}"

    def add(self, name: str, host: str | None = None, secret: bytes | None = None) -> Device:
        key = Key(self.rng.randbytes(32))
        me = key.public
        self.secrets[me], self.keys[me] = secret or self.rng.randbytes(32), key
        device = Device(key, BUILD, name, host or me, Chain(self.secrets[me]))
        return self.attach(device)

    def attach(self, device: Device) -> Device:
        """Connects `device` to every device here, on a new connection id."""
        link = "link-" + self.device_id()
        self.devices[device.me] = device
        self.link_of[device.me], self.device_at[link] = link, device.me
        self.reports.setdefault(device.me, [])
        self.said.setdefault(device.me, [])
        for other in list(self.devices.values()):
            if other.me != device.me:
                self.carry(other.me, other.joined(link))
                self.carry(device.me, device.joined(self.link_of[other.me]))
        return device

    def detach(self, me: str) -> None:
        """`me` goes away: its messages in flight are lost, the others see it leave."""
        self.devices.pop(me)
        link = self.link_of.pop(me)
        del self.device_at[link]
        self.queue = [m for m in self.queue if link not in (m[0], m[1])]
        for other in list(self.devices.values()):
            self.carry(other.me, other.left(link))

    def carry(self, sender: str, outs: list[Out]) -> None:
        for out in outs:
            if isinstance(out, Report):
                self.reports[sender].append(out)
                continue
            if isinstance(out, Said):
                self.said[sender].append(out)
                continue
            assert isinstance(out, Send)
            text = encode(out.message)
            source = self.link_of[sender]
            present = self.devices[sender].present
            targets = (
                [out.to]
                if out.to is not None
                else [self.link_of[d] for d in present if d in self.link_of]
            )
            for target in targets:
                if frozenset((sender, self.device_at.get(target, ""))) in self.cut:
                    continue
                if target in self.device_at:
                    self.queue.append((source, target, text))
                    self.sent += len(text.encode())

    def step(self) -> bool:
        if not self.queue:
            return False
        index = self.rng.randrange(min(self.faults.reorder, len(self.queue)))
        source, target, text = self.queue.pop(index)
        if self.rng.random() < self.faults.duplicate:
            self.queue.append((source, target, text))
        if self.rng.random() < self.faults.drop or target not in self.device_at:
            return True
        me = self.device_at[target]
        self.carry(me, self.devices[me].receive(source, text))
        return True

    def settle(self, limit: int = 100_000) -> None:
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError("the network never settled")

    def tick(self) -> None:
        for device in list(self.devices.values()):
            self.carry(device.me, device.tick())

    @property
    def host(self) -> Device:
        hosts = {d.host for d in self.devices.values()}
        assert len(hosts) == 1, hosts
        return self.devices[hosts.pop()]


def seat_table(
    net: Network, config: sc.GameConfig, occupants: list[str], names: list[str]
) -> list[Device]:
    """A host at seat 0 and a guest for every other HUMAN seat, each seated, over a
    network without faults (they come once the game is under way)."""
    faults, net.faults = net.faults, Faults()
    host = net.add(names[0])
    net.carry(host.me, host.open_table(config, occupants))
    guests = []
    for seat, occupant in enumerate(occupants):
        if seat and occupant == HUMAN:
            guest = net.add(names[seat], host=host.me)
            net.settle()
            net.carry(guest.me, guest.sit(seat, guest.name))
            net.settle()
            guests.append(guest)
    net.carry(host.me, host.begin())
    net.settle()
    net.faults = faults
    return [host, *guests]


def play_out(net: Network, chooser: random.Random, max_moves: int = 2_000) -> None:
    """Plays until the game is over: each person's device moves at random when its
    own copy shows its turn, the host's computer for the computers' seats."""
    computer = make("heuristic")
    quiet = 0
    for _ in range(max_moves * 4):
        net.settle()
        host = net.host
        game = host.game
        assert game is not None and host.stopped is None
        if game.decision == "over":
            return
        seat = game.to_move
        assert seat is not None
        mover = host.devices[seat]
        if host.pending is not None:
            net.tick()  # a reveal was lost: asked again
            continue
        if not mover or seat in host.stand_ins or mover not in net.devices:
            if mover and mover not in net.devices:
                host.stand_in(seat)
            net.carry(host.me, host.play(str(computer.choose(game))))
            continue
        device = net.devices[mover]
        mine = device.game
        if mine is None or mine.moves != game.moves:
            quiet += 1
            net.tick()
            assert quiet < 1_000, "a device never caught up"
            continue
        action = chooser.choice(sorted(str(a) for a in mine.legal_actions()))
        net.carry(device.me, device.play(action))
    raise AssertionError("the game never ended")


def play_moves(net: Network, chooser: random.Random, count: int) -> None:
    """`count` random moves, each made on the device of the seat to move (or on the
    host, for a seat its computer plays), each delivered before the next."""
    for _ in range(count):
        host = net.host
        game = host.game
        assert game is not None and game.to_move is not None
        device = host.devices[game.to_move]
        away = device not in net.devices or game.to_move in host.stand_ins
        mover = host if away else net.devices[device]
        action = chooser.choice(sorted(str(a) for a in game.legal_actions()))
        net.carry(mover.me, mover.play(action))
        net.settle()
