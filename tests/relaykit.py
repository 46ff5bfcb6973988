"""Devices at one online table that reach each other through in-memory Nostr relays
(and directly, where the test lets them): each relay takes events, answers them as
a relay does, and passes them to the subscriptions that match, with the faults a test
asks for (loss, duplicates, reordering, refusals, old events replayed, going away)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from senator_core.online.device import Device, Out, Send
from senator_core.online.relays import (
    RELAYED,
    Drop,
    Frame,
    Heard,
    Joined,
    Left,
    NoRelay,
    RelayPath,
)
from senator_core.online.relays import Out as RelayOut
from senator_core.online.wire import encode

from .onlinekit import Network

ROOM, SECRET = "0123456789abcdef", "ab" * 16


@dataclass
class MemoryRelay:
    """One relay: who is connected, their subscriptions, and every event it took."""

    url: str
    refuse: str = ""  # answer every event with this refusal ("blocked: ...")
    replay: bool = False  # send every event it ever took to a new subscription
    up: bool = True
    subs: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    events: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class RelayNet(Network):
    """A `Network` whose devices also have a path through `relays`; `direct`: whether
    devices also connect directly (the pairs in `cut` never do)."""

    relays: dict[str, MemoryRelay] = field(default_factory=dict)
    paths: dict[str, RelayPath] = field(default_factory=dict)
    direct: bool = True
    clock: float = 1_900_000_000.0
    # Frames on their way from a relay to a device: (url, device, text).
    inbound: list[tuple[str, str, str]] = field(default_factory=list)
    loss: float = 0.0  # of frames from a relay to a device
    copies: float = 0.0  # of frames from a relay to a device, sent twice
    dropped: dict[str, list[str]] = field(default_factory=dict)  # device -> urls it dropped
    stranded: set[str] = field(default_factory=set)  # devices told no relay is left

    def add_relays(self, *urls: str) -> None:
        for url in urls:
            self.relays[url] = MemoryRelay(url)

    def attach(self, device: Device) -> Device:
        if self.direct:
            super().attach(device)
        else:
            link = "link-" + self.device_id()
            self.devices[device.me] = device
            self.link_of[device.me], self.device_at[link] = link, device.me
            self.reports.setdefault(device.me, [])
            self.said.setdefault(device.me, [])
        path = RelayPath(
            device.key, ROOM, SECRET, tuple(self.relays), self.clock, salt=self.device_id()
        )
        self.paths[device.me] = path
        for url, relay in self.relays.items():
            if relay.up:
                self.take(device.me, path.opened(url, self.clock))
        return device

    def detach(self, me: str) -> None:
        super().detach(me)
        self.paths.pop(me, None)
        for relay in self.relays.values():
            relay.subs.pop(me, None)
        self.inbound = [f for f in self.inbound if f[1] != me]

    def leave(self, me: str) -> None:
        """`me` closes its page: it says bye through the relays first."""
        self.take(me, self.paths[me].bye(self.clock))
        self.detach(me)

    # ------------------------------------------------------------ the devices' side

    def carry(self, sender: str, outs: list[Out]) -> None:
        path = self.paths.get(sender)
        for out in outs:
            to = out.to if isinstance(out, Send) else None
            if path is not None and isinstance(out, Send) and to and to.startswith(RELAYED):
                self.take(sender, path.send(to, [encode(out.message)], self.clock))
            else:
                super().carry(sender, [out])

    def take(self, me: str, outs: list[RelayOut]) -> None:
        """What a device's relay path said to do."""
        device = self.devices.get(me)
        for out in outs:
            if device is None:
                return
            match out:
                case Frame(url, text):
                    self.to_relay(url, me, text)
                case Drop(url):
                    self.dropped.setdefault(me, []).append(url)
                    self.relays[url].subs.pop(me, None)
                case NoRelay():
                    self.stranded.add(me)
                case Joined(link):
                    self.carry(me, device.joined(link))
                case Left(link):
                    self.carry(me, device.left(link))
                case Heard(link, text):
                    self.carry(me, device.receive(link, text))

    # ------------------------------------------------------------ the relays' side

    def to_relay(self, url: str, sender: str, text: str) -> None:
        relay = self.relays[url]
        if not relay.up:
            return
        frame = json.loads(text)
        if frame[0] == "REQ":
            relay.subs[sender] = (frame[1], frame[2])
            olds = relay.events.values() if relay.replay else ()
            for event in olds:
                self.inbound.append((url, sender, json.dumps(["EVENT", frame[1], event])))
            return
        event = frame[1]
        if relay.refuse:
            self.inbound.append((url, sender, json.dumps(["OK", event["id"], False, relay.refuse])))
            return
        if event["id"] in relay.events:
            return
        relay.events[event["id"]] = event
        for device, (sub, wanted) in relay.subs.items():
            matches = event["kind"] in wanted["kinds"] and any(
                t[0] == "x" and t[1] in wanted["#x"] for t in event["tags"]
            )
            if device != sender and matches and event["created_at"] >= wanted["since"]:
                self.inbound.append((url, device, json.dumps(["EVENT", sub, event])))

    def relay_down(self, url: str) -> None:
        """The relay goes away: every socket to it closes, and what was on its way is lost."""
        relay = self.relays[url]
        relay.up, relay.subs = False, {}
        self.inbound = [f for f in self.inbound if f[0] != url]
        for me, path in self.paths.items():
            self.take(me, path.closed(url))

    def relay_up(self, url: str) -> None:
        self.relays[url].up = True
        for me, path in list(self.paths.items()):
            self.take(me, path.opened(url, self.clock))

    def step(self) -> bool:
        self.clock += 0.01
        if self.inbound and (not self.queue or self.rng.random() < 0.5):
            index = self.rng.randrange(min(self.faults.reorder, len(self.inbound)))
            url, me, text = self.inbound.pop(index)
            if self.rng.random() < self.copies:
                self.inbound.append((url, me, text))
            path = self.paths.get(me)
            if path is None or self.rng.random() < self.loss:
                return True
            self.take(me, path.frame(url, text, self.clock))
            return True
        return super().step()

    def tick(self) -> None:
        self.clock += 3.0
        super().tick()
        for me, path in list(self.paths.items()):
            self.take(me, path.tick(self.clock))


def relay_net(seed: int, relays: int = 3, direct: bool = False) -> RelayNet:
    net = RelayNet(random.Random(seed), direct=direct)
    net.add_relays(*(f"wss://relay-{i}.test" for i in range(relays)))
    return net
