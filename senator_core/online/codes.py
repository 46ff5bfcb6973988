"""Connection codes: a WebRTC offer or answer as a short text a person can send by any
messenger, for a table that meets with no relay at all.

A browser describes its end of a data channel in SDP, some 600 bytes of which a
connection needs only: the ICE user name and password, the DTLS certificate's
fingerprint, the DTLS role, and the addresses it can be reached at (its
candidates). `pack` keeps just those, in a few bytes each, and writes them in
URL-safe base64 (about 110 characters for one address); `unpack` rebuilds an SDP
that browsers accept from them. Nothing here touches a network.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import struct
import uuid
from dataclasses import dataclass
from typing import Literal

VERSION = 1
MAX_CANDIDATES = 8  # a phone on Wi-Fi and mobile data has two or three
MAX_CODE = 400  # characters: far beyond eight candidates

Kind = Literal["offer", "answer"]
ROLES = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
PRIORITY = {"host": 2122260223, "srflx": 1686052607, "prflx": 1845501695, "relay": 41885439}
IPV4, IPV6, MDNS = 4, 6, 0  # how a candidate's address is written


class CodeError(ValueError):
    """A code that is not whole: cut short, mistyped, or not a connection code."""


@dataclass(frozen=True)
class Candidate:
    """An address the browser can be reached at: UDP only (what a data channel uses
    first, and all that one Wi-Fi needs)."""

    kind: str  # one of TYPES
    address: str  # an IPv4 or IPv6 address, or an mDNS name ("<uuid>.local")
    port: int


@dataclass(frozen=True)
class Description:
    """What a connection needs of one end's SDP."""

    kind: Kind
    ufrag: str
    pwd: str
    fingerprint: bytes  # SHA-256 of the DTLS certificate, 32 bytes
    role: str  # the DTLS role: one of ROLES
    candidates: tuple[Candidate, ...]


_LINE = re.compile(r"a=([a-z-]+):(.*)")
_ICE_CHAR = re.compile(r"[A-Za-z0-9+/]+\Z")  # RFC 8839's ice-char


def read(sdp: str, kind: Kind) -> Description:
    """The parts of a browser's SDP that a connection needs; `CodeError` when one is
    missing (an SDP that is not a data channel's)."""
    found: dict[str, str] = {}
    candidates: list[Candidate] = []
    for raw in sdp.splitlines():
        line = _LINE.match(raw.strip())
        if line is None:
            continue
        key, value = line.groups()
        if key == "candidate":
            candidate = _candidate(value)
            if candidate is not None and candidate not in candidates:
                candidates.append(candidate)
        else:
            found.setdefault(key, value.strip())
    try:
        algorithm, digest = found["fingerprint"].split(" ", 1)
        if algorithm.lower() != "sha-256":
            raise CodeError(f"fingerprint {algorithm}")
        fingerprint = bytes.fromhex(digest.replace(":", ""))
        description = Description(
            kind,
            found["ice-ufrag"],
            found["ice-pwd"],
            fingerprint,
            found["setup"],
            tuple(candidates[:MAX_CANDIDATES]),
        )
    except (KeyError, ValueError) as err:
        raise CodeError(f"not a data channel's description: {err}") from None
    _check(description)
    return description


def _candidate(value: str) -> Candidate | None:
    """A UDP candidate from an `a=candidate:` line's value, or None."""
    parts = value.split()
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[6] != "typ" or parts[7] not in TYPES:
        return None
    try:
        port = int(parts[5])
        _address_bytes(parts[4])
    except (ValueError, CodeError):
        return None
    return Candidate(parts[7], parts[4], port) if 0 < port < 65536 else None


def _check(description: Description) -> None:
    for text, least in ((description.ufrag, 4), (description.pwd, 22)):
        if not least <= len(text) <= 255 or not _ICE_CHAR.match(text):
            raise CodeError("ice credentials")
    if len(description.fingerprint) != 32:
        raise CodeError("fingerprint")
    if description.role not in ROLES:
        raise CodeError("role")


def _address_bytes(address: str) -> tuple[int, bytes]:
    if address.endswith(".local"):
        try:
            return MDNS, uuid.UUID(address.removesuffix(".local")).bytes
        except ValueError:
            raise CodeError("address") from None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise CodeError("address") from None
    return (IPV4 if ip.version == 4 else IPV6), ip.packed


def encode(description: Description) -> str:
    """The description in a few bytes, as URL-safe base64 without padding."""
    _check(description)
    kind = 0 if description.kind == "offer" else 1
    out = bytearray(
        [VERSION, kind << 4 | ROLES.index(description.role), len(description.candidates)]
    )
    for text in (description.ufrag, description.pwd):
        out += bytes([len(text)]) + text.encode()
    out += description.fingerprint
    for candidate in description.candidates:
        form, packed = _address_bytes(candidate.address)
        out += bytes([TYPES.index(candidate.kind) << 4 | form]) + packed
        out += struct.pack(">H", candidate.port)
    return base64.urlsafe_b64encode(bytes(out)).decode().rstrip("=")


def decode(code: str, kind: Kind) -> Description:
    """The description a code holds; `CodeError` if it is not a whole code of `kind`."""
    text = "".join(code.split())
    if not text or len(text) > MAX_CODE:
        raise CodeError("length")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise CodeError("not base64") from None
    try:
        if data[0] != VERSION:
            raise CodeError("version")
        if data[1] >> 4 != (0 if kind == "offer" else 1):
            raise CodeError(f"not the {kind}")
        role = ROLES[data[1] & 0x0F]
        count, at = data[2], 3
        texts = []
        for _ in range(2):
            length = data[at]
            texts.append(data[at + 1 : at + 1 + length].decode("ascii"))
            at += 1 + length
        fingerprint = data[at : at + 32]
        at += 32
        candidates = []
        for _ in range(count):
            form = data[at] & 0x0F
            kind_of = TYPES[data[at] >> 4]
            size = 4 if form == IPV4 else 16
            packed = data[at + 1 : at + 1 + size]
            if len(packed) != size or form not in (IPV4, IPV6, MDNS):
                raise CodeError("address")
            address = (
                f"{uuid.UUID(bytes=packed)}.local"
                if form == MDNS
                else str(ipaddress.ip_address(packed))
            )
            (port,) = struct.unpack(">H", data[at + 1 + size : at + 3 + size])
            candidates.append(Candidate(kind_of, address, port))
            at += 3 + size
        if at != len(data) or count > MAX_CANDIDATES:
            raise CodeError("length")
    except (IndexError, UnicodeDecodeError, struct.error):
        raise CodeError("cut short") from None
    description = Description(kind, texts[0], texts[1], fingerprint, role, tuple(candidates))
    _check(description)
    return description


def write(description: Description) -> str:
    """An SDP for one data channel that browsers take as the remote description."""
    fingerprint = ":".join(f"{b:02X}" for b in description.fingerprint)
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for number, candidate in enumerate(description.candidates, 1):
        lines.append(
            f"a=candidate:{number} 1 udp {PRIORITY[candidate.kind] - number} "
            f"{candidate.address} {candidate.port} typ {candidate.kind}"
        )
    lines += [
        "a=end-of-candidates",
        f"a=ice-ufrag:{description.ufrag}",
        f"a=ice-pwd:{description.pwd}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{description.role}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def pack(sdp: str, kind: Kind) -> str:
    """A browser's offer or answer SDP as a short code."""
    return encode(read(sdp, kind))


def unpack(code: str, kind: Kind) -> str:
    """The SDP a code stands for, ready for `setRemoteDescription`."""
    return write(decode(code, kind))
