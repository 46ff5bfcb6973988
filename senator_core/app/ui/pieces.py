"""Pieces every screen draws: icons, seat badges, sentences, cards and tokens."""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from ... import rules
from ...i18n import LANGUAGE_NAMES, N_, _, wording
from ...rules import CARDS
from ..model import Model
from . import art
from .html import Markup, classes, h, keyed
from .text import CARD_NAMES, KIND_NAMES, Seat, Sentence

# Seat colours (Okabe-Ito, safe for colour-blind players), each with a symbol so
# colour is never the only cue. The names are marked here and translated where shown.
SEAT_COLOURS: tuple[tuple[str, str, str], ...] = (
    (N_("Blue"), "#0072b2", "●"),
    (N_("Vermilion"), "#d55e00", "▲"),
    (N_("Green"), "#009e73", "■"),
    (N_("Purple"), "#cc79a7", "◆"),
    (N_("Amber"), "#e69f00", "★"),
)
CARD_VALUES = dict(zip(CARDS, rules.CARD_VALUES, strict=True))  # a card's influence, by name
ROMAN = {"1": "I", "2": "II", "5": "V", "assassin": ""}
_SLOT = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=256)
def icon(name: str, label: str, css: str = "icon") -> Markup:
    return art.icon(name, label, css)


def kind_icon(kind: str, css: str = "icon") -> Markup:
    if kind == "consul":
        return icon("consul", KIND_NAMES["consul"], css)
    return icon(kind, KIND_NAMES[kind], css)


def seat_colour(model: Model, seat: int) -> int:
    return model.colours[seat] if seat < len(model.colours) else seat


def seat_badge(model: Model, seat: int, names: tuple[str, ...]) -> Markup:
    return _badge(seat_colour(model, seat), seat, names[seat])


def colour_badge(colour: int, seat: int, name: str) -> Markup:
    """A senator's name in a seat colour, outside any game shown (a kept game's row)."""
    return _badge(colour, seat, name)


@lru_cache(maxsize=64)
def _badge(colour: int, seat: int, name: str) -> Markup:
    return h(
        "span",
        {"class": f"seat colour-{colour}", "data-seat": seat},
        h("span", {"class": "seat-symbol", "aria-hidden": "true"}, SEAT_COLOURS[colour][2]),
        name,
    )


@lru_cache(maxsize=512)
def _template(template: str) -> tuple[tuple[Markup, str | None], ...]:
    """A sentence template cut into escaped literal text, each followed by a slot name."""
    pieces: list[tuple[Markup, str | None]] = []
    last = 0
    for match in _SLOT.finditer(template):
        pieces.append((_escape(template[last : match.start()]), match.group(1)))
        last = match.end()
    pieces.append((_escape(template[last:]), None))
    return tuple(pieces)


def sentence(model: Model, words: Sentence, names: tuple[str, ...]) -> Markup:
    """A sentence with each seat shown as its player's name in their colour."""
    template, args = words
    parts: list[str] = []
    for literal, slot in _template(template):
        parts.append(literal)
        if slot is not None:
            value = args[slot]
            if isinstance(value, Seat):
                parts.append(seat_badge(model, value, names))
            else:
                parts.append(_escape(str(value)))
    return Markup("".join(parts))


def language_picker(model: Model, where: str = "") -> Markup:
    """The language to play in, each named in its own language; changed at any time.
    Keyed: the page leaves a menu as it stands rather than set its choice again."""
    return keyed(
        h(
            "label",
            {"class": classes("lang-pick", where)},
            h("span", {"class": "sr"}, _("Language")),
            h(
                "select",
                {"name": "lang"},
                [
                    h("option", {"value": code, "lang": code, "selected": code == model.lang}, name)
                    for code, name in LANGUAGE_NAMES.items()
                ],
            ),
        )
    )


def phrase(template: str, **parts: object) -> Markup:
    """A translated sentence with pieces of markup in its slots: `phrase(_("{seat}
    opens the next debate."), seat=seat_badge(...))`. Text around the slots, and any
    part that is not Markup, is escaped."""
    out: list[str] = []
    for literal, slot in _template(template):
        out.append(literal)
        if slot is not None:
            value = parts[slot]
            out.append(value if isinstance(value, Markup) else _escape(str(value)))
    return Markup("".join(out))


def _escape(text: str) -> Markup:
    return Markup(escape(text, quote=False))


# --------------------------------------------------------------------------- cards


def card_face(card: str, size: str = "small", extra: str = "") -> Markup:
    """One influence card drawn face up: its value large, its Roman numeral in the
    corner; the Assassin dark with its dagger. `size` is mini, small or large; a mini
    card (a seat's hand at a glance) is drawn by the stylesheet alone, being many."""
    return _card_face(card, size, extra, wording())


@lru_cache(maxsize=64)
def _card_face(card: str, size: str, extra: str, lang: tuple[str, int]) -> Markup:
    """`card_face` in the language `lang` (the cache keeps each language's apart)."""
    name = CARD_NAMES[card]
    label = _("Assassin") if card == "assassin" else _("{value} influence").format(value=name)
    css = classes("card", f"card-{card}", f"card-{size}", extra)
    if size == "mini":
        return h(
            "span",
            {"class": css, "role": "img", "aria-label": label},
            "†" if card == "assassin" else name,
        )
    return h(
        "span",
        {"class": css, "role": "img", "aria-label": label},
        art.card_frame(card == "assassin"),
        card == "assassin" and art.dagger(),
        h("span", {"class": "card-value", "aria-hidden": "true"},
          "" if card == "assassin" else name),
        h("span", {"class": "card-corner", "aria-hidden": "true"},
          "†" if card == "assassin" else ROMAN[card]),
    )  # fmt: skip


# --------------------------------------------------------------------------- tokens


def token_list(
    kinds: list[str], at_risk: set[str] | None = None, empty: str | None = None, size: str = "small"
) -> Markup:
    """Agenda tokens as medallions with their names; those a conflict would cancel marked."""
    if not kinds:
        # Translators: in place of a list of tokens, when there are none.
        return h("span", {"class": "empty"}, _("none") if empty is None else empty)
    items = []
    for kind in kinds:
        risk = at_risk is not None and kind in at_risk
        items.append(
            h(
                "li",
                {"class": classes("token", f"token-{kind}", f"token-{size}", risk and "at-risk")},
                kind_icon(kind, "icon icon-token"),
                h("span", {"class": "token-name"}, KIND_NAMES[kind]),
                risk and h("span", {"class": "risk", "aria-label": _("at risk")}, "!"),
            )
        )
    return h("ul", {"class": "tokens"}, items)


def copyable(model: Model, ident: str, field: Markup) -> Markup:
    """The field `field` (whose id is `ident`), with text a player sends on (a link, a
    code), and a button that puts the text on the clipboard and says so a moment."""
    done = model.copied == ident
    button = h(
        "button",
        {"type": "button", "class": "copy", "data-msg": "copy", "data-value": ident},
        _("Copied") if done else _("Copy"),
    )
    return h("div", {"class": "copyable"}, field, button)
