"""A table over days' direct connections (WebRTC), while pages of it are open together.

Each connection carries the table's events as a relay does, only faster, and holds
the table up while its relays fail: every event is the same signed, sealed event the
relays keep, checked as a relay's is (`Shelves.take`), so a connection can bring
nothing a relay could not. When a connection opens, each side says which records it
holds (`HAVE`); the other answers with every event it holds beyond them, then `DONE`,
so two pages that meet catch each other up at once. From then on each event made or
taken here goes to every connection that does not hold it yet. Each side's `HAVE`
also carries a challenge of its own for the connection, which the other answers with
its device's key and its signature of it (`HERE`): so a page knows which devices'
pages are open at the table now, and no page can pass for another's device. A connection that
sends more than a table's whole game could, twice over, is a flood: it is shut and
what it sends after is dropped unread.

Frames, as JSON: `["HAVE", [record slot, ...], challenge]`, `["HERE", device, signature]`,
`["EVENT", event]`, `["DONE"]`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .days import Record, Shelves
from .keys import verifies

MAX_HELD = 2_000  # record slots one connection may say it holds: a whole game is about 200
# Frames one connection may send over its life: every event of a whole game twice over
# and then some; more is a flood.
MAX_FRAMES = 2 * MAX_HELD + 16
SLOT = re.compile(r"[0-9a-f]{96}\Z")  # a record's key and its author's (`Record.slot`)
CHALLENGE = re.compile(r"[0-9a-f]{32,64}\Z")


@dataclass(frozen=True)
class Send:
    """Send `text` on the connection `link`."""

    link: str
    text: str


@dataclass(frozen=True)
class Shut:
    """Close the connection `link`: it flooded this device."""

    link: str


@dataclass(frozen=True)
class Caught:
    """The connection `link` has sent every event it holds beyond what this device held
    when they met: the table here is as far along as that device's."""

    link: str


LinkOut = Send | Shut | Caught


@dataclass
class Links:
    """This device's direct connections at one table: for each, how many frames it sent,
    which records it holds (what it said, sent or was sent), and whether it answered
    what this device holds (`caught`). The count of frames and what each connection
    holds are shared by every copy: they say what came and what the other page has,
    whichever copy took it, and only grow; so an event that comes again costs a lookup
    and changes nothing else (`again`)."""

    frames: dict[str, int] = field(default_factory=dict)
    holds: dict[str, set[str]] = field(default_factory=dict)
    answered: set[str] = field(default_factory=set)  # connections whose HAVE was answered
    caught: set[str] = field(default_factory=set)
    shut: set[str] = field(default_factory=set)
    challenges: dict[str, str] = field(default_factory=dict)  # link -> this device's challenge
    here: dict[str, str] = field(default_factory=dict)  # link -> the device it proved it is

    def copy(self) -> Links:
        return replace(
            self,
            answered=set(self.answered),
            caught=set(self.caught),
            shut=set(self.shut),
            challenges=dict(self.challenges),
            here=dict(self.here),
        )

    @property
    def open(self) -> list[str]:
        return [link for link in self.holds if link not in self.shut]

    @property
    def present(self) -> set[str]:
        """The devices whose pages are open at the table now, each proven."""
        return {device for link, device in self.here.items() if link not in self.shut}

    def opened(self, link: str, shelves: Shelves, challenge: str) -> list[LinkOut]:
        """The connection `link` opened: tell it what this device holds, and challenge
        it to prove its device (`challenge`: this device's own for the connection, 32
        hex digits or more that no other device can foresee)."""
        if link in self.shut:
            return []
        self.frames.setdefault(link, 0)
        self.holds[link] = set()
        self.challenges[link] = challenge
        return [Send(link, json.dumps(["HAVE", sorted(shelves.events), challenge]))]

    def closed(self, link: str) -> None:
        for kept in (self.frames, self.holds, self.challenges, self.here):
            kept.pop(link, None)
        self.answered.discard(link)
        self.caught.discard(link)

    def again(self, link: str, text: str, shelves: Shelves) -> bool:
        """Whether the frame `text` on `link` is an event this device holds already: if
        so it is counted, the connection is known to hold it, and nothing more is to be
        done. (The same move comes from the page that made it and from each page that
        passes it on.)"""
        if link in self.shut or link not in self.holds or self._over(link):
            return False
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):
            return False
        match frame:
            case ["EVENT", dict(event)]:
                known = shelves.ids.get(str(event.get("id")))
                if known is not None and event == shelves.events.get(known):
                    self.frames[link] = self.frames.get(link, 0) + 1
                    self.holds[link].add(known)
                    return True
        return False

    def _over(self, link: str) -> bool:
        return self.frames.get(link, 0) >= MAX_FRAMES

    def frame(self, link: str, text: str, shelves: Shelves) -> tuple[list[LinkOut], list[Record]]:
        """A frame on the connection `link`: what to do, and the new records it brought."""
        if link in self.shut or link not in self.holds:
            return [], []
        self.frames[link] = self.frames.get(link, 0) + 1
        if self.frames[link] > MAX_FRAMES:
            self.shut.add(link)
            self.closed(link)
            return [Shut(link)], []
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):
            return [], []
        holds = self.holds[link]
        match frame:
            case ["HAVE", list(keys), *asked] if link not in self.answered:
                self.answered.add(link)
                said = [k for k in keys[:MAX_HELD] if isinstance(k, str) and SLOT.match(k)]
                holds.update(said)
                proof = self._proof(link, shelves, asked)
                return [*proof, *self._beyond(link, shelves), Send(link, json.dumps(["DONE"]))], []
            case ["HERE", str(device), str(signature)] if link not in self.here:
                mine = self.challenges.pop(link, "")  # one answer is checked, no more
                if mine and verifies(device, here_text(shelves.room, mine), signature):
                    self.here[link] = device
                return [], []
            case ["EVENT", dict(event)]:
                key, record = shelves.take(event)
                if key is not None:
                    holds.add(key)
                return [], [record] if record is not None else []
            case ["DONE"] if link not in self.caught:
                self.caught.add(link)
                return [Caught(link)], []
        return [], []

    def _proof(self, link: str, shelves: Shelves, challenge: list[object]) -> list[LinkOut]:
        """This device's answer to the connection's challenge: its key and its signature."""
        if len(challenge) != 1 or not isinstance(challenge[0], str):
            return []
        if not CHALLENGE.match(challenge[0]):
            return []
        key = shelves.key
        signature = key.says(here_text(shelves.room, challenge[0]))
        return [Send(link, json.dumps(["HERE", key.public, signature]))]

    def _beyond(self, link: str, shelves: Shelves) -> list[LinkOut]:
        """Every event this device holds that the connection does not."""
        holds = self.holds[link]
        out: list[LinkOut] = []
        for slot, event in shelves.events.items():
            if slot not in holds:
                holds.add(slot)
                out.append(Send(link, _event_frame(event)))
        return out

    def spread(self, records: Sequence[Record], shelves: Shelves) -> list[LinkOut]:
        """Records made or taken here, to every connection that does not hold them yet
        (their events as this device keeps them)."""
        out: list[LinkOut] = []
        for link in self.open:
            holds = self.holds[link]
            for record in records:
                event = shelves.events.get(record.slot)
                if event is not None and record.slot not in holds:
                    holds.add(record.slot)
                    out.append(Send(link, _event_frame(event)))
        return out


def here_text(room: str, challenge: str) -> str:
    """What a device signs to prove its page is open at the table `room`, answering a
    connection's `challenge`."""
    return f"senator-days-here|{room}|{challenge}"


def _event_frame(event: dict[str, Any]) -> str:
    return json.dumps(["EVENT", event])
