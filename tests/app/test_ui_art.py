"""The drawn artwork: every icon is a labelled, escaped, well-formed SVG; the conflict diagram."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from senator_core.app.ui.art import (
    CARD_FRAMES,
    ICON_NAMES,
    KIND_COLOURS,
    SYMBOL_PREFIX,
    card_frame,
    conflict_cycle,
    dagger,
    drawing,
    icon,
    sprite,
)
from senator_core.app.ui.html import Markup
from senator_core.rules import KINDS, conflicts_with

HOSTILE = "<img src=x onerror=alert(1)>"
ICONS_BUDGET = 15_000  # bytes for all icons together, labels included
LABELS = {
    "public_works": "Public Works",
    "rebellion": "Rebellion",
    "taxes": "Taxes",
    "trade": "Trade",
    "war": "War",
    "imperium": "Imperium",
}
PALETTE = {"#5c1a33", "#d4a843", "#b08a2e", "#f6efe0", "#2b1d14"}


def parse(markup: str) -> ET.Element:
    """The single element of `markup`, parsed as XML."""
    root = ET.fromstring(f"<root>{markup}</root>")
    assert len(root) == 1, "one element"
    return root[0]


class Tags(HTMLParser):
    """The start tags an HTML parser finds."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


@pytest.mark.parametrize("name", ICON_NAMES)
def test_every_icon_is_one_labelled_svg(name: str) -> None:
    markup = icon(name, "A label")
    assert isinstance(markup, Markup)
    svg = parse(markup)
    assert svg.tag == "svg"
    assert svg.get("role") == "img"
    assert svg.get("aria-label") == "A label"
    assert svg.get("viewBox") == "0 0 32 32"
    assert svg.get("width") is None and svg.get("height") is None  # CSS sizes it
    assert (svg.get("class") or "").split() == ["icon", f"icon-{name}"]
    title = svg[0]
    assert title.tag == "title" and title.text == "A label"
    assert svg[1].tag == "use" and svg[1].get("href") == f"#{SYMBOL_PREFIX}{name}"
    # No ids: the same icon appears many times on a page; only the sprite has them.
    assert "id=" not in markup
    assert "<text" not in drawing(name), "numerals are drawn, not set in a font"


def test_the_sprite_holds_one_symbol_per_icon_and_card_frame() -> None:
    root = parse(sprite())
    assert root.get("aria-hidden") == "true"
    ids = [child.get("id") for child in root]
    assert ids == [f"{SYMBOL_PREFIX}{name}" for name in (*ICON_NAMES, *CARD_FRAMES)]
    for child, name in zip(root, ICON_NAMES, strict=False):
        assert child.tag.endswith("symbol") and child.get("viewBox") == "0 0 32 32"
        assert len(child) >= 1, f"{name} draws something"
    for child in root[len(ICON_NAMES) :]:
        assert child.get("viewBox") == "0 0 50 70" and len(child) >= 1


def test_card_frames_are_decorative_and_drawn_in_the_palette() -> None:
    for dark in (False, True):
        svg = parse(card_frame(dark))
        assert svg.get("aria-hidden") == "true" and "id=" not in card_frame(dark)
        assert svg[0].get("href") == f"#{SYMBOL_PREFIX}{CARD_FRAMES[dark]}"
    assert parse(dagger()).get("aria-hidden") == "true"
    drawn = sprite()
    colours = set(re.findall(r"#[0-9a-f]{6}", drawn))
    assert colours <= PALETTE | set(KIND_COLOURS.values()) | {"#bdb5a6", "#8a8172", "#8b1e1e"}


@pytest.mark.parametrize("name", ICON_NAMES)
def test_icons_draw_in_the_palette(name: str) -> None:
    colours = set(re.findall(r"#[0-9a-f]{6}", drawing(name)))
    extra = colours - PALETTE - set(KIND_COLOURS.values()) - {"#bdb5a6", "#8a8172"}
    assert not extra, f"{name} uses {extra}"
    assert len(colours) <= 4


def test_css_class_is_kept_and_kind_icons_use_their_colour() -> None:
    svg = parse(icon("war", "War", "icon icon-lg"))
    assert (svg.get("class") or "").split() == ["icon", "icon-lg", "icon-war"]
    for kind, colour in KIND_COLOURS.items():
        assert colour in drawing(kind)


@pytest.mark.parametrize("name", ["public_works", "consul", "card_assassin", "spartacus"])
def test_labels_are_escaped(name: str) -> None:
    for label in (HOSTILE, '"><script>alert(1)</script>', "Brutus & Cassius's"):
        markup = icon(name, label)
        svg = parse(markup)
        assert svg.get("aria-label") == label
        assert svg[0].text == label
        tags = Tags(markup).tags
        assert "img" not in tags and "script" not in tags
        assert tags[:2] == ["svg", "title"]


@pytest.mark.parametrize("name", ["", "Public_Works", "consul flipped", "card_3", "<svg>", "title"])
def test_unknown_names_raise(name: str) -> None:
    with pytest.raises(ValueError):
        icon(name, "label")


def test_all_icons_together_are_small() -> None:
    sizes = {name: len(drawing(name).encode()) for name in ICON_NAMES}
    total = sum(sizes.values())
    print(f"icons: {total} bytes in all; largest {max(sizes, key=sizes.__getitem__)}")
    assert total < ICONS_BUDGET
    assert max(sizes.values()) < 1_500
    assert all(len(icon(name, LABELS.get(name, name))) < 200 for name in ICON_NAMES)


def test_kind_colours_cover_the_kinds_and_stay_apart_for_colour_blind_eyes() -> None:
    assert set(KIND_COLOURS) == set(KINDS)
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in KIND_COLOURS.values())
    for vision in SIMULATIONS:
        seen = [simulate(c, vision) for c in KIND_COLOURS.values()]
        closest = min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))
        assert closest > 15, f"two kind colours look alike under {vision} vision"


# --------------------------------------------------------------------------- the conflict cycle


def cycle_pairs() -> set[frozenset[str]]:
    return {frozenset((k, other)) for k in KINDS for other in conflicts_with(k)}


def test_conflict_cycle_has_an_edge_for_each_conflicting_pair() -> None:
    svg = parse(conflict_cycle(LABELS))
    edges = [e.get("data-pair") for e in svg.iter() if e.get("data-pair")]
    pairs = [frozenset((e or "").split()) for e in edges]
    assert len(pairs) == 5 and set(pairs) == cycle_pairs()
    assert all("imperium" not in p for p in pairs)


def test_conflict_cycle_shows_and_says_every_label() -> None:
    svg = parse(conflict_cycle(LABELS))
    assert svg.get("role") == "img"
    texts = [t.text for t in svg.iter("text")]
    summary = svg.get("aria-label") or ""
    for label in LABELS.values():
        assert label in texts
        assert label in summary
    assert "Public Works and Rebellion cancel each other" in summary
    assert "Imperium conflicts with nothing" in summary
    assert "conflicts with nothing" in texts
    # Each kind's icon is drawn on the diagram.
    for kind, colour in KIND_COLOURS.items():
        assert colour in conflict_cycle(LABELS), kind


def test_conflict_cycle_escapes_labels_and_takes_other_words() -> None:
    labels = {k: f"{HOSTILE}{k}" for k in LABELS}
    labels |= {"pair": "{a} ≠ {b}", "alone": "{a}: —", "nothing": "—", "legend": "≠"}
    markup = conflict_cycle(labels)
    assert "img" not in Tags(markup).tags
    svg = parse(markup)
    texts = [t.text for t in svg.iter("text")]
    for kind in LABELS:
        assert labels[kind] in texts
    summary = svg.get("aria-label") or ""
    assert f"{HOSTILE}public_works ≠ {HOSTILE}rebellion" in summary
    assert f"{HOSTILE}imperium: —" in summary
    assert "≠" in texts and "—" in texts


# --------------------------------------------------------------------------- colour vision

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def simulate(colour: str, vision: str) -> tuple[float, float, float]:
    """`colour` as a CIELAB point, as seen with `vision`."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    rgb = [linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5)]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
        for row in SIMULATIONS[vision]
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))
