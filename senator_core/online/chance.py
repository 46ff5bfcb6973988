"""Chance from every device together: hash chains, committed at the start and revealed
one link at each chance point, so that nobody, the host included, can foresee or
steer a forum draw or the event deck.

A device draws a secret `s` and commits to `H^LENGTH(s)` (the top of its chain). At
chance point k (1 for the deal, 2 and 3 for the later rounds' preparation) it
reveals `H^(LENGTH-k)(s)`, which anyone checks by hashing it once into the link
revealed before. The seed of a chance point comes from all the reveals together.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping

from ..rules import ROUNDS

LENGTH = ROUNDS  # one link for each chance point: the deal, then each later round
LINK_BYTES = 32


def _h(link: bytes) -> bytes:
    return hashlib.sha256(b"senator-chain:" + link).digest()


class Chain:
    """One device's hash chain, from its secret."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._links = [secret if secret is not None else secrets.token_bytes(LINK_BYTES)]
        for _ in range(LENGTH):
            self._links.append(_h(self._links[-1]))

    @property
    def secret(self) -> bytes:
        """What the chain is made from (kept by its device, never shown)."""
        return self._links[0]

    @property
    def top(self) -> str:
        """What the device commits to at the start."""
        return self._links[LENGTH].hex()

    def reveal(self, point: int) -> str:
        """The link for chance point `point` (1 to LENGTH)."""
        if not 1 <= point <= LENGTH:
            raise ValueError(f"no chance point {point}")
        return self._links[LENGTH - point].hex()


def is_link(value: object) -> bool:
    """A link as sent: 64 lower-case hexadecimal digits."""
    return (
        isinstance(value, str)
        and len(value) == 2 * LINK_BYTES
        and all(c in "0123456789abcdef" for c in value)
    )


def follows(reveal: str, before: str) -> bool:
    """Whether `reveal` is the link under `before` in a chain (one hash apart)."""
    return under(reveal, before, 1)


def under(reveal: str, before: str, steps: int) -> bool:
    """Whether `reveal` lies `steps` links under `before` in a chain (a device that
    revealed nothing at a chance point reveals the next one from further down)."""
    if not (is_link(reveal) and is_link(before) and 1 <= steps <= LENGTH):
        return False
    link = bytes.fromhex(reveal)
    for _ in range(steps):
        link = _h(link)
    return link.hex() == before


def seed_of(point: int, reveals: Mapping[str, str]) -> int:
    """The seed of a chance point: from every reveal, in the order of the devices' ids."""
    digest = hashlib.sha256(f"senator-seed:{point}".encode())
    for device in sorted(reveals):
        digest.update(device.encode() + b"=" + bytes.fromhex(reveals[device]))
    return int.from_bytes(digest.digest()[:8], "big") >> 1
