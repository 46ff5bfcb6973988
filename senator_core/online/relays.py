"""The table's path through the relays: its messages as Nostr events, for devices that
have no direct connection (a network that blocks WebRTC, a page just reloaded or
woken while its connections are made again).

Each device publishes the messages for another device as one event on every relay
the table uses: an ephemeral kind (20000-29999), so no relay keeps it; tagged with
the table's topic; its content sealed with the table's secret (a SHA-256 keystream
and an HMAC, so only the table's devices read it and none can alter it unseen); and
signed by the sender's own key (`keys`), so the sender is the event's author. A
device takes an event once (its id, from whichever relay came first), only if its
id and signature hold, its seal opens, it is addressed to this page of this device
(or to all: a page's "here" and "bye"), and it is no older than the table's joining
(a relay may keep ephemeral events a while and send them to a new subscription).
The connection it arrives on is named for the author and the page it was sent from
(`relay:<author>.<page>`): a page reloaded is a new connection, as with WebRTC,
which the protocol proves as any other, while the old one is counted gone only once
it says bye or is unheard for long.

Every device says it is here when it joins, now and then after (less often once the
game is under way), and bye when it leaves; a device not heard for a while has left.
A relay that refuses (`blocked:`, `restricted:`, `auth-required:`, `pow:`, an
`invalid:` event or a subscription it closes) is dropped for the session, one that
says `rate-limited:` is given a rest; the player hears only when no relay is left.
What a device published in the last minute goes out again on a relay that comes
back.

`RelayPath` is pure: the page hands it each relay's frames and its opening and
closing, and the time; each call returns what to do (`Frame`: text for a relay's
socket; `Drop`: close a relay for good) and what the table hears (`Joined`, `Left`,
`Heard`, `NoRelay`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from .keys import Key, verify
from .wire import DEVICE, MAX_BYTES, PAGE

RELAYED = "relay:"  # a connection through the relays: "relay:<the device's id>.<its page>"
SEAL_BYTES = 16  # the seal's random nonce and its tag, each
MAX_EVENT_TEXT = 12_000  # the messages one event carries, at most (relays take 64 KiB)
SEEN_KEPT = 4_000  # event ids remembered, so each event is taken once
RESEND_SECONDS = 50  # published this recently: sent again to a relay that comes back
EARLY_SECONDS = 15  # between a device's "here" events before the game
STEADY_SECONDS = 30  # between them once the game is under way
GONE_AFTER = 2.5  # "here" intervals unheard before a device is counted as gone
REST_SECONDS = 30  # a relay that says it is rate-limited is sent nothing for so long
SLACK_SECONDS = 30  # an event's time may be this far before the joining, or after now
RELAY_FLOOD = 300  # frames one relay may send between two ticks; the rest are not read
REFUSALS = ("blocked:", "restricted:", "auth-required:", "pow:", "invalid:", "error:")


@dataclass(frozen=True)
class Frame:
    """Send `text` on the socket of the relay `url`."""

    url: str
    text: str


@dataclass(frozen=True)
class Drop:
    """Close the relay `url` for the session: it refused the table (`reason`)."""

    url: str
    reason: str


@dataclass(frozen=True)
class Joined:
    """A device is heard through the relays: the connection `link` is open."""

    link: str


@dataclass(frozen=True)
class Left:
    """A device said bye, or has not been heard for long: `link` is closed."""

    link: str


@dataclass(frozen=True)
class Heard:
    """The device on `link` sent `text`."""

    link: str
    text: str


@dataclass(frozen=True)
class NoRelay:
    """Every relay has refused the table: no path through the relays is left."""


Out = Frame | Drop | Joined | Left | Heard | NoRelay


def topic_of(room: str) -> str:
    """The tag every event of the table carries (so relays find them)."""
    return hashlib.sha256(f"senator-relay|{room}".encode()).hexdigest()


def kind_of(topic: str) -> int:
    """The table's event kind: ephemeral, spread over the range by its topic."""
    return 20_000 + int(topic[:8], 16) % 10_000


def event_id(event: dict[str, Any]) -> str:
    """A Nostr event's id: the SHA-256 of its serialized fields (NIP-01)."""
    fields = [0, event["pubkey"], event["created_at"], event["kind"], event["tags"]]
    text = json.dumps([*fields, event["content"]], separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class Seal:
    """Encrypts and authenticates a text with the table's secret: a keystream of
    SHA-256 blocks (key, nonce, counter), then an HMAC-SHA-256 tag of the nonce and
    the ciphertext, cut to 16 bytes."""

    def __init__(self, secret: str, room: str) -> None:
        root = hashlib.sha256(f"senator-seal|{room}|{secret}".encode()).digest()
        self._key = hmac.digest(root, b"stream", "sha256")
        self._mac = hmac.digest(root, b"tag", "sha256")

    def _stream(self, nonce: bytes, length: int) -> bytes:
        blocks = (length + 31) // 32
        return b"".join(
            hashlib.sha256(self._key + nonce + i.to_bytes(4, "big")).digest() for i in range(blocks)
        )[:length]

    def _xor(self, data: bytes, nonce: bytes) -> bytes:
        stream = self._stream(nonce, len(data))
        mixed = int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")
        return mixed.to_bytes(len(data), "big")

    def seal(self, text: str, nonce: bytes) -> str:
        body = self._xor(text.encode(), nonce)
        tag = hmac.digest(self._mac, nonce + body, "sha256")[:SEAL_BYTES]
        return base64.b64encode(nonce + body + tag).decode()

    def open(self, sealed: str) -> str | None:
        """The text sealed, or None if it was not sealed with this table's secret."""
        try:
            data = base64.b64decode(sealed, validate=True)
        except ValueError:
            return None
        if len(data) < 2 * SEAL_BYTES:
            return None
        nonce, body, tag = data[:SEAL_BYTES], data[SEAL_BYTES:-SEAL_BYTES], data[-SEAL_BYTES:]
        expected = hmac.digest(self._mac, nonce + body, "sha256")[:SEAL_BYTES]
        if not hmac.compare_digest(tag, expected):
            return None
        try:
            return self._xor(body, nonce).decode()
        except UnicodeDecodeError:
            return None


@dataclass
class RelayPath:
    """One device's path through the relays to the others at its table (see the
    module's text). `now` is in seconds, from the page's clock."""

    key: Key
    room: str
    secret: str
    urls: tuple[str, ...]
    joined_at: float
    salt: str  # this page's own, so no two pages' seals share a nonce
    open: set[str] = field(default_factory=set)
    dropped: dict[str, str] = field(default_factory=dict)  # url -> why
    resting: dict[str, float] = field(default_factory=dict)  # url -> until when
    seen: OrderedDict[str, None] = field(default_factory=OrderedDict)
    heard: dict[str, float] = field(default_factory=dict)  # link -> when last heard
    recent: list[tuple[float, str]] = field(default_factory=list)  # (when, the event)
    last_here: float = -1e9
    steady: bool = False  # the game is under way: "here" less often
    nonces: int = 0  # counts the seals made (each nonce is fresh by it and the key)
    sent: int = 0  # events published (for the figures)
    frames: dict[str, int] = field(default_factory=dict)  # url -> frames since the last tick

    def copy(self) -> RelayPath:
        return replace(
            self,
            open=set(self.open),
            dropped=dict(self.dropped),
            resting=dict(self.resting),
            seen=OrderedDict(self.seen),
            heard=dict(self.heard),
            recent=list(self.recent),
            frames=dict(self.frames),
        )

    @property
    def me(self) -> str:
        return self.key.public

    @property
    def topic(self) -> str:
        return topic_of(self.room)

    @property
    def page(self) -> str:
        """This page's own name, which every event it sends carries."""
        return hashlib.sha256(f"senator-page|{self.salt}".encode()).hexdigest()[:16]

    @property
    def address(self) -> str:
        """What an event for this page alone is addressed to: its device and its page."""
        return f"{self.me}.{self.page}"

    @property
    def subscription(self) -> str:
        return "senator-" + self.topic[:16]

    def _seal(self) -> Seal:
        return Seal(self.secret, self.room)

    # ------------------------------------------------------------ the relays' sockets

    def opened(self, url: str, now: float) -> list[Out]:
        """The socket to `url` is open: subscribe, say this device is here, and send
        again what went out lately (which it may have missed)."""
        if url not in self.urls or url in self.dropped:
            return []
        self.open.add(url)
        since = int(self.joined_at - SLACK_SECONDS)
        wanted = {"kinds": [kind_of(self.topic)], "#x": [self.topic], "since": since}
        out: list[Out] = [Frame(url, json.dumps(["REQ", self.subscription, wanted]))]
        out += [Frame(url, event) for when, event in self.recent if when > now - RESEND_SECONDS]
        return out + self._publish({"to": "", "here": True}, now, [url])

    def closed(self, url: str) -> list[Out]:
        """The socket to `url` closed (the page opens it again, unless it was dropped)."""
        self.open.discard(url)
        return []

    def frame(self, url: str, text: str, now: float) -> list[Out]:
        """A frame from the relay `url`: an event, or the relay's answer to one."""
        self.frames[url] = self.frames.get(url, 0) + 1
        if url in self.dropped or self.frames[url] > RELAY_FLOOD:
            return []  # a relay that floods the page is not read until the next tick
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):
            return []
        if not isinstance(frame, list) or not frame or not isinstance(frame[0], str):
            return []
        match frame:
            case ["EVENT", str(sub), dict(event)] if sub == self.subscription:
                return self._event(event, now)
            case ["OK", str(), False, str(reason)]:
                return self._refused(url, reason, now)
            case ["CLOSED", str(sub), str(reason)] if sub == self.subscription:
                return self._refused(url, reason or "closed:", now)
        return []

    def _refused(self, url: str, reason: str, now: float) -> list[Out]:
        if reason.startswith("rate-limited:"):
            self.resting[url] = now + REST_SECONDS
            return []
        if not reason.startswith((*REFUSALS, "closed:")):
            return []  # "duplicate:" and anything else: no harm done
        self.dropped[url] = reason[:80]
        self.open.discard(url)
        out: list[Out] = [Drop(url, reason[:80])]
        if len(self.dropped) == len(self.urls):
            out.append(NoRelay())
        return out

    def _event(self, event: dict[str, Any], now: float) -> list[Out]:
        try:
            author, sig, ident = str(event["pubkey"]), str(event["sig"]), str(event["id"])
            when, tags = event["created_at"], event["tags"]
            if ident in self.seen or author == self.me or not DEVICE.match(author):
                return []
            if event["kind"] != kind_of(self.topic) or ["x", self.topic] not in tags:
                return []
            if not isinstance(when, int) or not self.joined_at - SLACK_SECONDS <= when:
                return []  # from before this device joined: a relay replaying old events
            if when > now + SLACK_SECONDS or event_id(event) != ident:
                return []
        except (KeyError, TypeError, ValueError):
            return []
        self._saw(ident)
        if not verify(author, bytes.fromhex(ident), sig):
            return []
        opened = self._seal().open(str(event["content"]))
        try:
            said = json.loads(opened) if opened is not None else None
        except (ValueError, RecursionError):
            said = None
        if not isinstance(said, dict) or said.get("to") not in ("", self.address):
            return []  # another's, or this device's at an earlier page load
        page = said.get("p")
        if not isinstance(page, str) or not PAGE.match(page):
            return []
        link = f"{RELAYED}{author}.{page}"
        out: list[Out] = []
        if said.get("bye") is True:
            return [Left(link)] if self.heard.pop(link, None) is not None else []
        if link not in self.heard:
            out.append(Joined(link))
            if said.get("here") is True and said.get("to") == "":
                # Heard it before it heard this device: say so to it at once.
                out += self._publish({"to": link.removeprefix(RELAYED), "here": True}, now)
        self.heard[link] = now
        messages = said.get("m", [])
        if isinstance(messages, list):
            out += [Heard(link, m) for m in messages if isinstance(m, str) and len(m) <= MAX_BYTES]
        return out

    def _saw(self, ident: str) -> None:
        self.seen[ident] = None
        while len(self.seen) > SEEN_KEPT:
            self.seen.popitem(last=False)

    # ------------------------------------------------------------ what the table sends

    def send(self, link: str, texts: list[str], now: float) -> list[Out]:
        """The messages `texts` for the device on `link` (a relay connection), as few
        events as hold them."""
        to = link.removeprefix(RELAYED)
        out: list[Out] = []
        batch: list[str] = []
        for text in texts:
            if batch and sum(len(t) for t in batch) + len(text) > MAX_EVENT_TEXT:
                out += self._publish({"to": to, "m": batch}, now)
                batch = []
            batch.append(text)
        if batch:
            out += self._publish({"to": to, "m": batch}, now)
        return out

    def tick(self, now: float) -> list[Out]:
        """Now and then: say this device is here when due; a device unheard for long
        has left."""
        self.frames.clear()
        every = STEADY_SECONDS if self.steady else EARLY_SECONDS
        out: list[Out] = []
        if now - self.last_here >= every and self.open:
            out += self._publish({"to": "", "here": True}, now)
        self.recent = [(w, e) for w, e in self.recent if w > now - RESEND_SECONDS]
        for link, when in list(self.heard.items()):
            if now - when > GONE_AFTER * STEADY_SECONDS:
                del self.heard[link]
                out.append(Left(link))
        return out

    def bye(self, now: float) -> list[Out]:
        """This device leaves the table: the others hear it at once."""
        return self._publish({"to": "", "bye": True}, now)

    def _publish(
        self, said: dict[str, Any], now: float, urls: list[str] | None = None
    ) -> list[Out]:
        if said.get("here"):
            self.last_here = now
        self.nonces += 1
        nonce = hashlib.sha256(f"{self.salt}|{self.nonces}".encode()).digest()
        text = json.dumps({**said, "p": self.page}, separators=(",", ":"))
        content = self._seal().seal(text, nonce[:SEAL_BYTES])
        event: dict[str, Any] = {
            "pubkey": self.me,
            "created_at": int(now),
            "kind": kind_of(self.topic),
            "tags": [["x", self.topic]],
            "content": content,
        }
        event["id"] = event_id(event)
        event["sig"] = self.key.sign(bytes.fromhex(event["id"]))
        frame = json.dumps(["EVENT", event], separators=(",", ":"))
        self.sent += 1
        self._saw(event["id"])
        if urls is None:
            self.recent.append((now, frame))
            urls = [u for u in self.urls if u in self.open and self.resting.get(u, 0) <= now]
        return [Frame(url, frame) for url in urls]
