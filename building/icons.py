"""The game's icon, drawn once: `web/assets/icon.svg` is the drawing, and the PNG icons
(the manifest's and the home screen's) are rasterised from its shapes here.

The SVG may use what an icon of flat shapes needs and no more: `circle` (fill and
stroke), `rect` and `polygon` (fill), `g` to share a fill, and `clipPath`. Anything
else stops the build with its name, rather than a PNG that silently differs.
"""

from __future__ import annotations

import hashlib
import math
import struct
import zlib
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from . import folders
from .commands import BuildError

ICON = "assets/icon.svg"  # in web/, as the page and the manifest name it
SUPERSAMPLING = 4  # samples a pixel, each way

SVG = "{http://www.w3.org/2000/svg}"
# What each element may carry; a drawing attribute not listed here would be ignored.
_ATTRIBUTES = {
    "svg": {"viewBox"},
    "clipPath": {"id"},
    "g": {"fill", "clip-path"},
    "circle": {"cx", "cy", "r", "fill", "stroke", "stroke-width", "clip-path"},
    "rect": {"x", "y", "width", "height", "fill", "clip-path"},
    "polygon": {"points", "fill", "clip-path"},
}

Rgb = tuple[int, int, int]
Span = tuple[float, float]
# The closed ranges of x a shape covers on the line at height y (both on the unit square).
Spans = Callable[[float], list[Span]]


@dataclass(frozen=True)
class Coat:
    """One coat of colour: where it covers, in the order the SVG paints it."""

    colour: Rgb
    spans: Spans


def drawing() -> str:
    """The icon's SVG, as the site serves it."""
    return (folders.WEB / ICON).read_text(encoding="utf-8")


def _refused(why: str) -> BuildError:
    return BuildError(f"web/{ICON}: {why}")


# --------------------------------------------------------------------------- shapes


def _disc(cx: float, cy: float, r: float) -> Spans:
    def spans(y: float) -> list[Span]:
        if abs(y - cy) > r:
            return []
        half = math.sqrt(r * r - (y - cy) ** 2)
        return [(cx - half, cx + half)]

    return spans


def _ring(cx: float, cy: float, inner: float, outer: float) -> Spans:
    outside, hole = _disc(cx, cy, outer), _disc(cx, cy, inner)

    def spans(y: float) -> list[Span]:
        covered, missing = outside(y), hole(y)
        if not (covered and missing):
            return covered
        (left, right), (hole_left, hole_right) = covered[0], missing[0]
        return [(left, hole_left), (hole_right, right)]

    return spans


def _rect(x: float, y: float, width: float, height: float) -> Spans:
    def spans(line: float) -> list[Span]:
        return [(x, x + width)] if y <= line <= y + height else []

    return spans


def _polygon(points: list[tuple[float, float]]) -> Spans:
    edges = list(zip(points, points[1:] + points[:1], strict=True))

    def spans(y: float) -> list[Span]:
        crossings = sorted(
            x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            for (x1, y1), (x2, y2) in edges
            if min(y1, y2) <= y < max(y1, y2)
        )
        return list(zip(crossings[::2], crossings[1::2], strict=True))  # even-odd

    return spans


def _union(shapes: list[Spans]) -> Spans:
    return lambda y: [span for shape in shapes for span in shape(y)]


def _clipped(shape: Spans, clip: Spans | None) -> Spans:
    if clip is None:
        return shape

    def spans(y: float) -> list[Span]:
        kept = []
        for left, right in shape(y):
            for clip_left, clip_right in clip(y):
                if max(left, clip_left) <= min(right, clip_right):
                    kept.append((max(left, clip_left), min(right, clip_right)))
        return kept

    return spans


# --------------------------------------------------------------------------- the SVG


def _colour(value: str) -> Rgb | None:
    if value == "none":
        return None
    if len(value) != 7 or value[0] != "#":
        raise _refused(f"colour {value!r} is not #rrggbb or none")
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


def _coats(svg: str) -> list[Coat]:
    """The SVG's shapes as coats of colour on the unit square, in painting order."""
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError as err:
        raise _refused(str(err)) from None
    if root.tag != f"{SVG}svg":
        raise _refused("not an SVG drawing")
    _check(root)
    box = [float(n) for n in root.get("viewBox", "").replace(",", " ").split()]
    if len(box) != 4 or box[:2] != [0, 0] or box[2] != box[3]:
        raise _refused('the viewBox must be a square "0 0 size size"')
    scale = 1 / box[2]

    def number(element: ElementTree.Element, name: str, default: str | None = None) -> float:
        value = element.get(name, default)
        if value is None:
            raise _refused(f"<{_tag(element)}> needs {name}")
        return float(value) * scale

    def circle(element: ElementTree.Element) -> tuple[float, float, float]:
        return number(element, "cx", "0"), number(element, "cy", "0"), number(element, "r")

    def outline(element: ElementTree.Element) -> Spans:
        """Where the shape's fill covers."""
        tag = _tag(element)
        if tag == "circle":
            return _disc(*circle(element))
        if tag == "rect":
            x, y = number(element, "x", "0"), number(element, "y", "0")
            return _rect(x, y, number(element, "width"), number(element, "height"))
        values = [float(n) * scale for n in element.get("points", "").replace(",", " ").split()]
        if len(values) % 2:
            raise _refused("a polygon's points come in pairs")
        return _polygon(list(zip(values[::2], values[1::2], strict=True)))

    clips = {
        clip.get("id"): _union([outline(shape) for shape in clip])
        for clip in root.iter(f"{SVG}clipPath")
    }

    def clip_of(element: ElementTree.Element, inherited: Spans | None) -> Spans | None:
        reference = element.get("clip-path")
        if reference is None:
            return inherited
        name = reference.removeprefix("url(#").removesuffix(")")
        if name not in clips:
            raise _refused(f"clip-path {reference!r} names no clipPath")
        return _clipped(clips[name], inherited)

    coats: list[Coat] = []

    def paint(element: ElementTree.Element, fill: str, clip: Spans | None) -> None:
        for child in element:
            tag = _tag(child)
            if tag == "clipPath":
                continue
            child_fill, child_clip = child.get("fill", fill), clip_of(child, clip)
            if tag == "g":
                paint(child, child_fill, child_clip)
                continue
            colour = _colour(child_fill)
            if colour is not None:
                coats.append(Coat(colour, _clipped(outline(child), child_clip)))
            stroke = _colour(child.get("stroke", "none"))
            if stroke is not None:  # only circles have one: _check says so
                (cx, cy, r), half = circle(child), number(child, "stroke-width", "1") / 2
                coats.append(Coat(stroke, _clipped(_ring(cx, cy, r - half, r + half), child_clip)))

    paint(root, "#000000", None)  # SVG's own default fill
    return coats


def _tag(element: ElementTree.Element) -> str:
    return str(element.tag).removeprefix(SVG)


def _check(element: ElementTree.Element) -> None:
    """Refuses an element or attribute the rasteriser would not draw as a browser does."""
    tag = _tag(element)
    if tag not in _ATTRIBUTES:
        raise _refused(f"<{tag}> is not drawn by the build ({', '.join(_ATTRIBUTES)})")
    unknown = sorted(set(element.attrib) - _ATTRIBUTES[tag])
    if unknown:
        raise _refused(f"<{tag} {unknown[0]}=...> is not drawn by the build")
    for child in element:
        _check(child)


# --------------------------------------------------------------------------- the PNG


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


def icon_png(size: int, svg: str) -> bytes:
    """The SVG drawing as a size x size PNG, each pixel the mean of its samples' colours
    and as opaque as the share of them a shape covers."""
    coats = _coats(svg)
    colours = list(dict.fromkeys(c.colour for c in coats))
    codes = [bytes([colours.index(c.colour) + 1]) for c in coats]  # 0: nothing drawn
    across = size * SUPERSAMPLING
    samples = [(j + 0.5) / across for j in range(across)]  # on the unit square
    pixels: dict[bytes, bytes] = {}

    def pixel(block: bytes) -> bytes:
        """An RGBA pixel from its samples' codes."""
        counts = Counter(block)
        inside = len(block) - counts.pop(0, 0)
        colour = [0.0, 0.0, 0.0]
        for code, count in counts.items():
            for i in range(3):
                colour[i] += colours[code - 1][i] * count
        if inside:
            colour = [c / inside for c in colour]
        return bytes(round(c) for c in colour) + bytes([round(255 * inside / len(block))])

    rows = []
    for py in range(size):
        lines = []
        for sy in range(SUPERSAMPLING):
            y = (py * SUPERSAMPLING + sy + 0.5) / across
            line = bytearray(across)
            for code, coat in zip(codes, coats, strict=True):
                for left, right in coat.spans(y):
                    first, end = bisect_left(samples, left), bisect_right(samples, right)
                    line[first:end] = code * (end - first)
            lines.append(line)
        row = bytearray()
        for px in range(0, across, SUPERSAMPLING):
            block = b"".join(line[px : px + SUPERSAMPLING] for line in lines)
            if block not in pixels:
                pixels[block] = pixel(block)
            row += pixels[block]
        rows.append(bytes(row))
    return _png(size, size, rows)


def cached_icon(size: int) -> bytes:
    """The icon as a PNG of `size`, drawn again only when the SVG or this module changes."""
    svg = drawing()
    key = hashlib.sha256(Path(__file__).read_bytes() + svg.encode()).hexdigest()[:16]
    path = folders.CACHE / "icons" / f"icon-{size}-{key}.png"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icon_png(size, svg))
    return path.read_bytes()
