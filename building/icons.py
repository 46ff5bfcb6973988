"""The game's icons: a gold temple on a purple medallion, as PNG images of any size."""

from __future__ import annotations

import hashlib
import struct
import zlib
from pathlib import Path

from . import folders

# The colours of the game's look, shared with web/assets/senator.css.
PURPLE = (92, 26, 51)
GOLD = (212, 168, 67)


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _temple(x: float, y: float) -> bool:
    """The icon's temple front on a unit square: pediment, entablature, columns, steps."""
    if 0.22 <= y <= 0.36:  # pediment
        half = (y - 0.22) / 0.14 * 0.34
        return abs(x - 0.5) <= half
    if 0.38 <= y <= 0.44:  # entablature
        return 0.17 <= x <= 0.83
    if 0.46 <= y <= 0.72:  # four columns
        return any(c - 0.045 <= x <= c + 0.045 for c in (0.25, 0.4167, 0.5833, 0.75))
    if 0.74 <= y <= 0.78:
        return 0.15 <= x <= 0.85
    if 0.80 <= y <= 0.84:
        return 0.11 <= x <= 0.89
    return False


def icon_png(size: int) -> bytes:
    """A gold temple on a purple medallion, drawn with 4x4 supersampling."""
    rows = []
    samples = [(i + 0.5) / 4 for i in range(4)]
    for py in range(size):
        row = bytearray()
        for px in range(size):
            cover = {"temple": 0, "ring": 0, "disc": 0}
            for sy in samples:
                for sx in samples:
                    x, y = (px + sx) / size, (py + sy) / size
                    r = ((x - 0.5) ** 2 + (y - 0.5) ** 2) ** 0.5
                    if r > 0.5:
                        continue
                    if r > 0.46:
                        cover["ring"] += 1
                    elif _temple(x, y):
                        cover["temple"] += 1
                    else:
                        cover["disc"] += 1
            total = 16
            inside = sum(cover.values())
            colour = [0.0, 0.0, 0.0]
            for part, rgb in (("temple", GOLD), ("ring", GOLD), ("disc", PURPLE)):
                for i in range(3):
                    colour[i] += rgb[i] * cover[part]
            if inside:
                colour = [c / inside for c in colour]
            row += bytes(round(c) for c in colour) + bytes([round(255 * inside / total)])
        rows.append(bytes(row))
    return _png(size, size, rows)


def cached_icon(size: int) -> bytes:
    """icon_png(size), drawn again only when this module changes."""
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    path = folders.CACHE / "icons" / f"icon-{size}-{key}.png"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icon_png(size))
    return path.read_bytes()
