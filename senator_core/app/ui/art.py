"""The game's drawn artwork: SVG icons for agenda kinds, consul, veto, cards and events.

One look throughout, flat shapes on a 32-unit grid in the palette of senator.css:
- agenda kinds are round tokens: a disc in the kind's colour (KIND_COLOURS, the
  Okabe-Ito colour-blind-safe set plus imperial purple), a gold rim, a marble emblem;
- the consul is an upright purple tablet with gold fasces (greyed when flipped),
  the veto a marble tablet with a raised purple hand;
- influence cards are marble cards with a gold frame and a drawn purple numeral;
- events are dark square plaques with a gold rim and a gold emblem.

Every drawing is a constant string written here; only the label is text from
outside, and it is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape

from ...i18n import _
from .html import Markup

# Every name `icon` draws: the six agenda kinds, consul, consul_flipped, veto,
# the four card faces and the six events.
ICON_NAMES: tuple[str, ...] = (
    "public_works", "rebellion", "taxes", "trade", "war", "imperium",
    "consul", "consul_flipped", "veto", "forum",
    "card_1", "card_2", "card_5", "card_assassin",
    "socialis_bellum", "hannibal", "imperator", "incursio_barbara", "ludi_gladiatorum",
    "spartacus",
)  # fmt: skip

PURPLE = "#5c1a33"
GOLD = "#d4a843"
GOLD_DARK = "#b08a2e"
MARBLE = "#f6efe0"
INK = "#2b1d14"
GREY = "#bdb5a6"
GREY_DARK = "#8a8172"
CANCEL = "#b3122e"  # the jagged "cancel each other" line of the conflict cycle

# The colour of each agenda kind: Okabe-Ito blue, vermillion, orange and bluish
# green, the stylesheet's alert red and imperial purple. Told apart in light
# and dark as well as hue, so they stay distinct under protan, deutan and tritan
# vision; the emblem's shape always tells the kind too.
KIND_COLOURS: dict[str, str] = {
    "public_works": "#0072b2",
    "rebellion": "#d55e00",
    "taxes": "#e69f00",
    "trade": "#009e73",
    "war": "#8b1e1e",
    "imperium": PURPLE,
}

# R4: neighbours on this cycle conflict; Imperium is not on it.
CYCLE: tuple[str, ...] = ("public_works", "rebellion", "war", "trade", "taxes")


def _num(x: float) -> str:
    """A coordinate to one decimal, as short as it goes: 3.0 -> "3", -0.04 -> "0"."""
    return f"{round(x, 1) + 0.0:.1f}".rstrip("0").rstrip(".")


# --------------------------------------------------------------------------- agenda tokens


def _token(kind: str, emblem: str) -> str:
    return f'<circle cx="16" cy="16" r="15" fill="{KIND_COLOURS[kind]}" stroke="{GOLD}"/>{emblem}'


_AQUEDUCT = (
    f'<path fill="{MARBLE}" d="M5 8h22v3H5zM5 12h22v14h-2.5v-7a2 2 0 0 0-4 0v7H18v-7a2 2 0 0 0-4 0'
    'v7h-2.5v-7a2 2 0 0 0-4 0v7H5z"/>'
)

_FIST = (
    f'<path fill="{MARBLE}" d="M12.5 20h7v9h-7zM10 10a1.5 1.5 0 0 1 3 0 1.5 1.5 0 0 1 3 0 '
    '1.5 1.5 0 0 1 3 0 1.5 1.5 0 0 1 3 0v8c0 2-1.5 3.5-3.5 3.5h-5C11.5 21.5 10 20 10 18z"/>'
    f'<path fill="none" stroke="{KIND_COLOURS["rebellion"]}" stroke-width="1.1" '
    'd="M13 9v4m3-4v4m3-4v4M10 13h12M10 17h7a2 2 0 0 0 0-4"/>'
)

_MONEYBAG = (
    f'<path fill="{INK}" d="M10.5 4c2 1 3.5 1 5.5 0 2 1 3.5 1 5.5 0l-3 4.5C23 10 26 14 26 19'
    'c0 4-3 7-7 7h-6c-4 0-7-3-7-7 0-5 3-9 7.5-10.5z"/>'
    f'<path fill="none" stroke="{KIND_COLOURS["taxes"]}" stroke-width="1.2" d="M13 8.5h6"/>'
    f'<circle cx="21" cy="22" r="5.5" fill="{MARBLE}" stroke="{INK}" stroke-width="1.2"/>'
    f'<path fill="none" stroke="{INK}" stroke-width="1.2" d="M19 20l4 4m0-4l-4 4"/>'
)

_AMPHORA = (
    f'<path fill="{MARBLE}" d="M13 4h6v2h-1v4c3 1 5 3 5 6 0 4-4 8-7 12'
    '-3-4-7-8-7-12 0-3 2-5 5-6V6h-1z"/>'
    f'<path fill="none" stroke="{MARBLE}" stroke-width="1.5" '
    'd="M14 7c-3 0-4 1-4 5m8-5c3 0 4 1 4 5"/>'
    f'<path fill="none" stroke="{KIND_COLOURS["trade"]}" d="M10 17h12"/>'
)

_SWORD = (
    f'<path fill="{MARBLE}" d="M14.8 20V6L16 3l1.2 3v14z"/>'
    f'<rect x="12" y="20" width="8" height="1.8" rx=".9" fill="{GOLD}"/>'
    f'<path stroke="{GOLD}" stroke-width="1.6" d="M16 21.8v4"/>'
    f'<circle cx="16" cy="27" r="1.4" fill="{GOLD}"/>'
)
_SWORDS = (
    f'<g transform="rotate(45 16 16)">{_SWORD}</g><g transform="rotate(-45 16 16)">{_SWORD}</g>'
)


def _leaf(cx: float, cy: float, angle: float, length: float = 4.0, width: float = 1.6) -> str:
    """A laurel leaf from (cx, cy) pointing at `angle` (radians), as path commands."""
    dx, dy = math.cos(angle) * length, math.sin(angle) * length
    nx, ny = -math.sin(angle) * width, math.cos(angle) * width
    mx, my = dx / 2, dy / 2
    return (
        f"M{_num(cx)} {_num(cy)}q{_num(mx + nx)} {_num(my + ny)} {_num(dx)} {_num(dy)}"
        f"q{_num(mx - nx - dx)} {_num(my - ny - dy)} {_num(-dx)} {_num(-dy)}z"
    )


def _wreath(colour: str) -> str:
    leaves = []
    radius = 9.5
    for side in (-1, 1):
        for step in range(6):
            # From the bottom up each side, stopping short of the top.
            theta = math.radians(90 - side * (22 + step * 25))
            x, y = 16 + radius * math.cos(theta), 16.5 + radius * math.sin(theta)
            # Leaves point along the branch, toward the top, one tilted out, one in.
            along = theta - side * math.pi / 2
            leaves.append(_leaf(x, y, along + side * 0.55, 5.5, 2.2))
            leaves.append(_leaf(x, y, along - side * 0.65, 4.8, 1.9))
    stem = "M13.5 25.8A9.5 9.5 0 0 1 8.2 10.6M18.5 25.8A9.5 9.5 0 0 0 23.8 10.6"
    return (
        f'<path fill="none" stroke="{colour}" stroke-width="1.2" d="{stem}"/>'
        f'<path fill="{colour}" d="{"".join(leaves)}"/>'
    )


# --------------------------------------------------------------------------- consul and veto


def _consul(plate: str, rim: str, mark: str) -> str:
    return (
        f'<rect x="5" y="1.5" width="22" height="29" rx="3" fill="{plate}" stroke="{rim}"/>'
        f'<path fill="{mark}" d="M13 9h7v19h-7zM13.5 5.5h1.4V9h-1.4zm2.6-1.5h1.4v5h-1.4z'
        'm2.6 1.5h1.4V9h-1.4zM13 9.5h-2c-3 0-4.5 2-4.5 4.5s1.5 4.5 4.5 4.5h2z"/>'
        f'<path fill="none" stroke="{plate}" stroke-width=".9" d="M15.3 9v19m2.4-19v19M13 12.5l7 2'
        'M13 19l7 2M13 25l7 2"/>'
    )


_HAND = (
    f'<rect x="3.5" y="1.5" width="25" height="29" rx="3" fill="{MARBLE}" stroke="{PURPLE}"/>'
    f'<path fill="none" stroke="{PURPLE}" stroke-width="2.6" stroke-linecap="round" '
    'd="M11 17V9m3.3 8V6.5m3.3 10.5V7m3.3 10V9.5M10 21l-3.5-4.5"/>'
    f'<path fill="{PURPLE}" d="M9.7 15h12.6v6c0 4-3 7-6.3 7s-6.3-3-6.3-7z"/>'
)

# The forum: a purple bag of tokens tied with gold.
_BAG = (
    f'<path fill="{PURPLE}" stroke="{GOLD}" d="M11 9.5c-4 3-7 8-7 13 0 4 3 7 7 7h10c4 0 7-3 7-7 '
    '0-5-3-10-7-13z"/>'
    f'<path fill="{PURPLE}" stroke="{GOLD}" '
    'd="M10 3.5c2 1.5 4 1.5 6 0 2 1.5 4 1.5 6 0l-1.5 6h-9z"/>'
    f'<path stroke="{GOLD}" stroke-width="2" stroke-linecap="round" d="M10.5 9.5h11"/>'
    f'<circle cx="16" cy="20" r="4" fill="{GOLD}"/>'
)

# --------------------------------------------------------------------------- cards

_CARD = (
    f'<rect x="5" y="1.5" width="22" height="29" rx="2.5" fill="{MARBLE}" stroke="{GOLD_DARK}"/>'
    f'<rect x="7.3" y="3.8" width="17.4" height="24.4" rx="1" fill="none" stroke="{GOLD}" '
    'stroke-width=".6"/>'
)
_NUMERAL = f'fill="none" stroke="{PURPLE}" stroke-width="2.6"'

_ONE = f'<path fill="{PURPLE}" d="M17.6 7.5V23h2.4v1.8h-8V23h2.4V11.6l-2.8 1.2v-2l4.4-3.3z"/>'
_TWO = (
    f'<path {_NUMERAL} d="M11.6 12.3c0-2.6 2-4.3 4.4-4.3s4.4 1.6 4.4 4.1c0 2.6-2 4.2-4.1 6'
    'L12 23.4h9.2"/>'
)
_FIVE = (
    f'<path {_NUMERAL} d="M20.6 9h-7.3l-.8 6.6c1.2-.9 2.5-1.3 3.8-1.3 2.9 0 4.9 2 4.9 4.8 0 3-2.2 '
    '5-5.1 5-1.9 0-3.5-.8-4.6-2"/>'
)
_GLADIUS = (
    f'<path fill="{INK}" d="M16 4l2 3.5v1c0 5-.6 8-.5 11.5h-3c.1-3.5-.5-6.5-.5-11.5v-1z"/>'
    f'<path stroke="{MARBLE}" stroke-width=".6" d="M16 8v11"/>'
    f'<rect x="11.5" y="20" width="9" height="2" rx="1" fill="{GOLD_DARK}"/>'
    f'<path stroke="{INK}" stroke-width="2.4" d="M16 22v4"/>'
    f'<ellipse cx="16" cy="27" rx="2.6" ry="1.5" fill="{GOLD_DARK}"/>'
)

# --------------------------------------------------------------------------- events

_PLAQUE = f'<rect x="1.5" y="1.5" width="29" height="29" rx="4" fill="{INK}" stroke="{GOLD}"/>'

_SHIELDS = (
    f'<g fill="{GOLD}" stroke="{INK}">'
    '<circle cx="16" cy="11" r="6"/><circle cx="10" cy="19" r="6"/><circle cx="22" cy="19" r="6"/>'
    f'</g><g fill="{MARBLE}"><circle cx="16" cy="11" r="1.8"/><circle cx="10" cy="19" r="1.8"/>'
    '<circle cx="22" cy="19" r="1.8"/></g>'
)

_ELEPHANT = (
    f'<path fill="{GOLD}" d="M11 9c3-2 10-2 13 0 2 1.5 3 4 3 7v9h-3v-5h-2v5h-3v-5h-4v5h-3v-7'
    'c-1 1-1.5 3-1.5 5 0 1-1 1.5-2 1.5s-2-1-1.5-2c.5-1 1.5-2 1.5-4 0-3-.5-5 .5-7z"/>'
    f'<path fill="none" stroke="{INK}" d="M13 11c2 1 2 4 0 6"/>'
    f'<path fill="none" stroke="{MARBLE}" stroke-width="1.2" stroke-linecap="round" '
    'd="M8.5 18c-1 0-2-.5-2.5-1.5"/>'
    f'<circle cx="10" cy="12.5" r=".9" fill="{INK}"/>'
)

_HELMET = (
    f'<path fill="{MARBLE}" d="M6.5 15.5C7 8.5 12 4 18 4s9.5 4 10 9.5'
    'c-2-2.5-6-4-10-4s-9 2-11.5 6z"/>'
    f'<path fill="none" stroke="{INK}" stroke-width=".7" d="M10 10l1.5 2m2-5l1 3.5m3-5v4'
    'm4-3.5l-1 3.5m4.5-1.5l-1.8 2.5"/>'
    f'<path fill="{GOLD}" d="M7 19.5c0-6 4.5-9.5 10-9.5s10 3.5 10 9l2.5 2.5V23H22v-3.5H7z"/>'
    f'<path fill="{GOLD}" stroke="{INK}" '
    'd="M10.5 18.5h6V22c0 3-2 5.5-4.5 5.5-1-2.5-1.5-5.5-1.5-9z"/>'
    f'<circle cx="13.5" cy="22" r=".9" fill="{INK}"/>'
)

_AXE = (
    f'<path stroke="{MARBLE}" stroke-width="2" stroke-linecap="round" d="M8 27L22 7"/>'
    f'<path fill="{GOLD}" d="M17 10l3 2c3-1 5-1 7 1 0-4-1-8-4-10-1 2-3 3-6 3z'
    'M15 13l3 2-1.5 2-3-2z"/>'
)

_GLADIATOR = (
    f'<path fill="{GOLD}" d="M9 15c0-6 3-10 7-10s7 4 7 10z"/>'
    f'<path fill="{GOLD}" d="M4 16c3-1.5 7-2 12-2s9 .5 12 2v2H4z"/>'
    f'<path fill="{GOLD}" fill-rule="evenodd" d="M10 18h12v6c0 2-2 4-6 4s-6-2-6-4z'
    'M12 19.5h2v2h-2zm3 0h2v2h-2zm3 0h2v2h-2zm-6 3h2v2h-2zm3 0h2v2h-2zm3 0h2v2h-2z"/>'
    f'<path fill="{MARBLE}" d="M15 2h2v4h-2z"/>'
)

_CHAIN = (
    '<circle cx="8" cy="22" r="4.6"/>'
    '<rect x="8" y="13.6" width="6" height="3.2" rx="1.6" transform="rotate(-50 11 15.2)"/>'
    '<rect x="10.8" y="10" width="4.4" height="3.2" rx="1.6" transform="rotate(-50 13 11.6)"/>'
)
_SHACKLES = (
    f'<g fill="none" stroke="{GOLD}" stroke-width="1.8">{_CHAIN}'
    f'<g transform="matrix(-1 0 0 1 32 0)">{_CHAIN}</g></g>'
    f'<path stroke="{MARBLE}" stroke-width="1.2" stroke-linecap="round" d="M16 3.5v3m-3.5-2l1 1.5'
    'M19.5 4.5l-1 1.5"/>'
)

_DRAW: dict[str, str] = {
    "public_works": _token("public_works", _AQUEDUCT),
    "rebellion": _token("rebellion", _FIST),
    "taxes": _token("taxes", _MONEYBAG),
    "trade": _token("trade", _AMPHORA),
    "war": _token("war", _SWORDS),
    "imperium": _token("imperium", _wreath(GOLD)),
    "consul": _consul(PURPLE, GOLD, GOLD),
    "consul_flipped": _consul(GREY, GREY_DARK, GREY_DARK),
    "veto": _HAND,
    "forum": _BAG,
    "card_1": _CARD + _ONE,
    "card_2": _CARD + _TWO,
    "card_5": _CARD + _FIVE,
    "card_assassin": _CARD + _GLADIUS,
    "socialis_bellum": _PLAQUE + _SHIELDS,
    "hannibal": _PLAQUE + _ELEPHANT,
    "imperator": _PLAQUE + _HELMET,
    "incursio_barbara": _PLAQUE + _AXE,
    "ludi_gladiatorum": _PLAQUE + _GLADIATOR,
    "spartacus": _PLAQUE + _SHACKLES,
}


SYMBOL_PREFIX = "senator-icon-"

# --------------------------------------------------------------------------- card faces

# A playing card's frame on a 50 x 70 grid: marble with a gold double border and
# a laurel sprig top and bottom; the Assassin's is dark with a red border. The
# value is written over it as text, large, so it reads at a glance.
CARD_FRAMES: tuple[str, ...] = ("card_frame", "card_frame_dark", "dagger")
CARD_RED = "#8b1e1e"


def _sprig(cx: float, cy: float, colour: str, flip: bool) -> str:
    turn = math.pi if flip else 0.0
    leaves = "".join(
        _leaf(cx + side * step * 3.2, cy, turn + math.radians(-90 + side * (50 + step * 12)), 3.4)
        for side in (-1, 1)
        for step in (0, 1)
    )
    return f'<path fill="{colour}" d="{leaves}"/>'


def _frame(face: str, rim: str, line: str) -> str:
    return (
        f'<rect x="1" y="1" width="48" height="68" rx="5" fill="{face}" stroke="{rim}" '
        'stroke-width="1.5"/>'
        f'<rect x="4.5" y="4.5" width="41" height="61" rx="2.5" fill="none" stroke="{line}" '
        'stroke-width=".8"/>'
        f"{_sprig(25, 8.5, line, False)}{_sprig(25, 61.5, line, True)}"
    )


_DAGGER = (
    f'<path fill="{MARBLE}" d="M25 3l3.5 6v1.5c0 10-1 16-.8 23h-5.4c.2-7-.8-13-.8-23V9z"/>'
    f'<path stroke="{GREY_DARK}" stroke-width=".8" d="M25 9v22"/>'
    f'<rect x="17" y="33" width="16" height="3.4" rx="1.7" fill="{GOLD}"/>'
    f'<path stroke="{GOLD}" stroke-width="4" d="M25 36.4v7"/>'
    f'<ellipse cx="25" cy="45" rx="4.4" ry="2.6" fill="{GOLD}"/>'
)
_FRAMES: dict[str, str] = {
    "card_frame": _frame(MARBLE, GOLD_DARK, GOLD),
    "card_frame_dark": _frame(INK, CARD_RED, GOLD),
    "dagger": f'<g transform="translate(0 11)">{_DAGGER}</g>',
}


def dagger() -> Markup:
    """The Assassin's dagger, drawn over a dark card frame; decorative."""
    return Markup(
        '<svg class="card-dagger" viewBox="0 0 50 70" aria-hidden="true" focusable="false">'
        f'<use href="#{SYMBOL_PREFIX}dagger"/></svg>'
    )


def card_frame(dark: bool = False) -> Markup:
    """The frame of a card face, from the sprite; decorative, so hidden from readers."""
    name = CARD_FRAMES[1 if dark else 0]
    return Markup(
        f'<svg class="card-frame" viewBox="0 0 50 70" aria-hidden="true" focusable="false" '
        f'preserveAspectRatio="none"><use href="#{SYMBOL_PREFIX}{name}"/></svg>'
    )


def sprite() -> Markup:
    """Every drawing once, as SVG symbols: the page holds this one copy, outside the
    part that is re-rendered, and each `icon` refers to it."""
    symbols = "".join(
        f'<symbol id="{SYMBOL_PREFIX}{name}" viewBox="0 0 32 32">{_DRAW[name]}</symbol>'
        for name in ICON_NAMES
    ) + "".join(
        f'<symbol id="{SYMBOL_PREFIX}{name}" viewBox="0 0 50 70">{_FRAMES[name]}</symbol>'
        for name in CARD_FRAMES
    )
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" class="icon-sprite" aria-hidden="true" '
        f'focusable="false">{symbols}</svg>'
    )


def drawing(name: str) -> str:
    """The shapes of one icon (constant SVG markup), for checks and previews."""
    found = _DRAW.get(name)
    if found is None:
        raise ValueError(f"no icon named {name!r}")
    return found


def icon(name: str, label: str, css_class: str = "icon") -> Markup:
    """An SVG for `name` that uses its symbol in `sprite()`, with `label` as its text
    alternative (none: hidden from screen readers, for a picture beside its own
    words). Small, so boards full of icons stay quick to re-render."""
    if name not in _DRAW:
        raise ValueError(f"no icon named {name!r}")
    if not label:  # a picture beside its own words: nothing more to say
        return Markup(
            f'<svg class="{escape(css_class)} icon-{name}" viewBox="0 0 32 32" '
            f'aria-hidden="true"><use href="#{SYMBOL_PREFIX}{name}"/></svg>'
        )
    text = escape(label)
    return Markup(
        f'<svg class="{escape(css_class)} icon-{name}" viewBox="0 0 32 32" role="img" '
        f'aria-label="{text}"><title>{text}</title><use href="#{SYMBOL_PREFIX}{name}"/></svg>'
    )


# --------------------------------------------------------------------------- the conflict cycle

_CX, _CY, _R = 190.0, 150.0, 100.0  # the pentagon of the cycle in a 540 x 300 drawing
_NODE = 46.0  # an icon's size on the diagram
_IMPERIUM_AT = (450.0, 110.0)
_FONT = 'font-family="Georgia, serif" font-size="15" fill="currentColor"'


def _node(i: int) -> tuple[float, float]:
    """The centre of the i-th kind of CYCLE, clockwise from the top."""
    angle = math.radians(-90 + 72 * i)
    return _CX + _R * math.cos(angle), _CY + _R * math.sin(angle)


def _zigzag(a: tuple[float, float], b: tuple[float, float], gap: float = 30.0) -> str:
    """A jagged line from a to b, stopping `gap` short of each end."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    teeth = 10
    step = (length - 2 * gap) / teeth
    points = []
    for k in range(teeth + 1):
        side = 0 if k in (0, teeth) else (5 if k % 2 else -5)
        along = gap + k * step
        points.append(f"{_num(ax + ux * along - uy * side)} {_num(ay + uy * along + ux * side)}")
    return "M" + "L".join(points)


def _embed(name: str, x: float, y: float) -> str:
    half = _NODE / 2
    return (
        f'<svg x="{_num(x - half)}" y="{_num(y - half)}" width="{_num(_NODE)}" '
        f'height="{_num(_NODE)}" viewBox="0 0 32 32">{_DRAW[name]}</svg>'
    )


def _label(text: str, x: float, y: float, anchor: str = "middle") -> str:
    return f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}">{escape(text)}</text>'


def _node_label(i: int, text: str) -> str:
    x, y = _node(i)
    if i == 0:
        return _label(text, x, y - 30)
    if i == 1:
        return _label(text, x + 29, y + 5, "start")
    if i == 4:
        return _label(text, x - 29, y + 5, "end")
    return _label(text, x, y + 41)


_PAIRS: tuple[tuple[str, str], ...] = tuple((CYCLE[i], CYCLE[(i + 1) % 5]) for i in range(5))
_EDGES = "".join(
    f'<path data-pair="{a} {b}" d="{_zigzag(_node(i), _node((i + 1) % 5))}"/>'
    for i, (a, b) in enumerate(_PAIRS)
)
_STILL = (
    f'<path d="M{_num(_CX + _R + 95)} 20V280" stroke="{GOLD_DARK}" stroke-dasharray="4 5"/>'
    f'<path fill="none" stroke="{CANCEL}" stroke-width="2.5" stroke-linejoin="round" '
    f'd="M425 245l4-6 6 12 6-12 6 12 6-12 6 12 4-6"/>'
    + _embed("imperium", *_IMPERIUM_AT)
    + "".join(_embed(kind, *_node(i)) for i, kind in enumerate(CYCLE))
)


def conflict_cycle(labels: Mapping[str, str]) -> Markup:
    """The conflict cycle of R4 drawn as a diagram, kinds labelled by `labels`.

    `labels` names the six kinds. It may also hold the words around them, for
    another language: "pair" ("{a} and {b} cancel each other"), "alone"
    ("{a} conflicts with nothing"), "nothing" ("conflicts with nothing", under
    Imperium) and "legend" ("cancel each other", beside the jagged line); those
    left out are the catalog's, in the language spoken now.
    Each conflicting pair's edge carries `data-pair="<kind> <kind>"`.
    """
    # Translators: read for the diagram of conflicts; {a} and {b} are two kinds of token.
    pair = labels.get("pair") or _("{a} and {b} cancel each other")
    # Translators: read for the diagram of conflicts; {a} is Imperium.
    alone = labels.get("alone") or _("{a} conflicts with nothing")
    summary = [pair.replace("{a}", labels[a]).replace("{b}", labels[b]) for a, b in _PAIRS]
    summary.append(alone.replace("{a}", labels["imperium"]))
    text = escape("; ".join(summary) + ".")
    ix, iy = _IMPERIUM_AT
    words = "".join(
        [
            *(_node_label(i, labels[kind]) for i, kind in enumerate(CYCLE)),
            _label(labels["imperium"], ix, iy + 41),
            # Translators: written under Imperium in the diagram of conflicts.
            _label(labels.get("nothing") or _("conflicts with nothing"), ix, iy + 61),
            # Translators: the legend of the jagged line between two kinds that conflict.
            _label(labels.get("legend") or _("cancel each other"), ix, 273),
        ]
    )
    return Markup(
        f'<svg class="conflict-cycle" viewBox="0 0 540 300" role="img" aria-label="{text}">'
        f'<title>{text}</title><g class="conflicts" fill="none" stroke="{CANCEL}" '
        f'stroke-width="2.5" stroke-linejoin="round">{_EDGES}</g>{_STILL}'
        f"<g {_FONT}>{words}</g></svg>"
    )
