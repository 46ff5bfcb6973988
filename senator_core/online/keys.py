"""A device's key: BIP-340 Schnorr signatures over secp256k1, the signatures Nostr
events carry, so that one key proves a device both at the table and on the relays.

A device's id is its public key (the x coordinate, 64 hexadecimal digits). It signs
what only it may say: the answer to another device's challenge when they meet, and
each move it makes for its seat. Every device checks those signatures itself, so not
even the host can speak for another device.

Written for speed in plain Python, which is all the page has: Jacobian coordinates,
a table of the generator's multiples (a signature costs additions only) and
windowed non-adjacent forms for a verification's other point.
"""

from __future__ import annotations

import hashlib
import secrets

P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
GX = 0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798
GY = 0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8

SIGNATURE_HEX = 128

Jacobian = tuple[int, int, int]  # (X, Y, Z): the point (X/Z², Y/Z³); Z = 0 at infinity
INFINITY: Jacobian = (1, 1, 0)


def _double(p: Jacobian) -> Jacobian:
    x, y, z = p
    if not z or not y:
        return INFINITY
    yy = y * y % P
    s = 4 * x * yy % P
    m = 3 * x * x % P
    x3 = (m * m - 2 * s) % P
    return x3, (m * (s - x3) - 8 * yy * yy) % P, 2 * y * z % P


def _add(p: Jacobian, q: Jacobian) -> Jacobian:
    x1, y1, z1 = p
    x2, y2, z2 = q
    if not z1:
        return q
    if not z2:
        return p
    z1z1, z2z2 = z1 * z1 % P, z2 * z2 % P
    u1, u2 = x1 * z2z2 % P, x2 * z1z1 % P
    s1, s2 = y1 * z2 * z2z2 % P, y2 * z1 * z1z1 % P
    if u1 == u2:
        return _double(p) if s1 == s2 else INFINITY
    h, r = (u2 - u1) % P, (s2 - s1) % P
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - s1 * hhh) % P, h * z1 * z2 % P


def _affine(p: Jacobian) -> tuple[int, int] | None:
    x, y, z = p
    if not z:
        return None
    zi = pow(z, -1, P)
    zi2 = zi * zi % P
    return x * zi2 % P, y * zi2 * zi % P


def _negate(p: Jacobian) -> Jacobian:
    return p[0], -p[1] % P, p[2]


# The generator's multiples d·16^i·G for each 4-bit window i and digit d, so that
# k·G is at most 64 additions.
_WINDOWS = 64
_COMB: list[list[Jacobian]] = []


def _comb() -> list[list[Jacobian]]:
    if not _COMB:
        base: Jacobian = (GX, GY, 1)
        for _ in range(_WINDOWS):
            row = [INFINITY, base]
            for _ in range(14):
                row.append(_add(row[-1], base))
            _COMB.append(row)
            base = _double(_double(_double(_double(base))))
    return _COMB


def _times_g(k: int) -> Jacobian:
    comb = _comb()
    point = INFINITY
    for i in range(_WINDOWS):
        digit = (k >> (4 * i)) & 15
        if digit:
            point = _add(point, comb[i][digit])
    return point


def _times(k: int, p: Jacobian) -> Jacobian:
    """k·p by a width-5 non-adjacent form."""
    odd = [p]  # p, 3p, 5p, ... 15p
    twice = _double(p)
    for _ in range(7):
        odd.append(_add(odd[-1], twice))
    digits: list[int] = []
    while k:
        if k & 1:
            d = k & 31
            if d > 16:
                d -= 32
            k -= d
        else:
            d = 0
        digits.append(d)
        k >>= 1
    point = INFINITY
    for d in reversed(digits):
        point = _double(point)
        if d > 0:
            point = _add(point, odd[d >> 1])
        elif d < 0:
            point = _add(point, _negate(odd[(-d) >> 1]))
    return point


def _tagged(tag: str, *parts: bytes) -> bytes:
    digest = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(digest + digest + b"".join(parts)).digest()


def _lift_x(x: int) -> Jacobian | None:
    """The point with x coordinate `x` and an even y, if there is one."""
    if not 0 < x < P:
        return None
    c = (pow(x, 3, P) + 7) % P
    y = pow(c, (P + 1) // 4, P)
    if y * y % P != c:
        return None
    return x, y if y % 2 == 0 else P - y, 1


def digest(text: str) -> bytes:
    """The 32 bytes a device signs for `text` (BIP-340 signs 32-byte messages)."""
    return _tagged("senator/said", text.encode())


def _even(k: int) -> tuple[int, int]:
    """`k` or its negation, whichever times the generator has an even y, and that
    point's x (BIP-340 keeps only x)."""
    if not k:
        raise ValueError("a scalar of zero")
    point = _affine(_times_g(k))
    assert point is not None
    x, y = point
    return (k if y % 2 == 0 else N - k), x


class Key:
    """A device's secret key and the public key it proves."""

    def __init__(self, secret: bytes | None = None) -> None:
        secret = secret if secret is not None else secrets.token_bytes(32)
        self._d, x = _even(int.from_bytes(secret, "big") % N)
        self.public = f"{x:064x}"

    @property
    def secret(self) -> str:
        """The secret key, written out (to keep the device across reloads)."""
        return f"{self._d:064x}"

    def sign(self, message: bytes, aux: bytes | None = None) -> str:
        """The BIP-340 signature of the 32-byte `message`."""
        aux = aux if aux is not None else secrets.token_bytes(32)
        masked = self._d ^ int.from_bytes(_tagged("BIP0340/aux", aux), "big")
        pub = bytes.fromhex(self.public)
        nonce = _tagged("BIP0340/nonce", masked.to_bytes(32, "big"), pub, message)
        k, rx = _even(int.from_bytes(nonce, "big") % N)
        r = rx.to_bytes(32, "big")
        e = int.from_bytes(_tagged("BIP0340/challenge", r, pub, message), "big") % N
        return (r + ((k + e * self._d) % N).to_bytes(32, "big")).hex()

    def says(self, text: str) -> str:
        """The signature of `text` (see `digest`)."""
        return self.sign(digest(text))


def verify(public: str, message: bytes, signature: str) -> bool:
    """Whether `signature` is `public`'s BIP-340 signature of the 32-byte `message`."""
    try:
        pub, sig = bytes.fromhex(public), bytes.fromhex(signature)
    except (TypeError, ValueError):
        return False
    if len(pub) != 32 or len(sig) != 64 or len(message) != 32:
        return False
    point = _lift_x(int.from_bytes(pub, "big"))
    r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
    if point is None or r >= P or s >= N:
        return False
    e = int.from_bytes(_tagged("BIP0340/challenge", sig[:32], pub, message), "big") % N
    found = _affine(_add(_times_g(s), _times(N - e, point)))
    return found is not None and found[1] % 2 == 0 and found[0] == r


def verifies(public: str, text: str, signature: str) -> bool:
    """Whether `signature` is `public`'s signature of `text` (see `digest`)."""
    return verify(public, digest(text), signature)
