"""The rules help panel: how a round goes, each token's power, the conflict cycle, the events."""

from __future__ import annotations

from ..config import Variants
from ..rules import EVENTS, KINDS
from . import art
from .html import Markup, h
from .text import EVENT_EFFECTS, EVENT_NAMES, KIND_NAMES, power_text

SUMMARY = (
    "Three rounds. Each round the docket is topped up from the forum and an event is revealed.",
    "The opener picks a topic from the docket or a face-up consul (R19). Going clockwise, "
    "each senator plays influence cards to stand strictly above everyone else, plays the "
    "Assassin to end the debate with no winner, or withdraws for good (R20-R23).",
    "The last senator in the debate wins it (R25): they may use the token's power, then give "
    "the token to anyone, themself included (R26). A consul instead passes all of the "
    "winner's own proposed tokens into law (R27).",
    "A token that arrives among proposed tokens cancels every proposed token it conflicts "
    "with, and itself: all go back to the forum (R30). Passed tokens are safe.",
    "The winner discards the cards they played; the others take theirs back (R29). The phase "
    "ends when nothing is left to debate or no one holds a card (R31); then every discard "
    "returns to hand (R32).",
    "After round 3 the most tokens wins; ties go to most Imperium, then most passed (R40).",
)


def rules_help(variants: Variants) -> Markup:
    powers = [
        h(
            "li",
            None,
            art.icon(kind, KIND_NAMES[kind], "icon icon-token"),
            h("strong", None, KIND_NAMES[kind]),
            ": ",
            power_text(kind, variants),
        )
        for kind in (*KINDS, "consul")
    ]
    events = [
        h(
            "li",
            None,
            art.icon(event, EVENT_NAMES[event], "icon icon-token"),
            h("strong", None, EVENT_NAMES[event]),
            ": ",
            EVENT_EFFECTS[event],
        )
        for event in EVENTS
    ]
    return h(
        "aside",
        {"class": "panel help", "aria-label": "Rules"},
        h(
            "header",
            {"class": "panel-head"},
            h("h2", None, "How to play"),
            h("button", {"type": "button", "data-msg": "panel", "data-value": "rules"}, "Close"),
        ),
        h("ol", {"class": "rules-summary"}, [h("li", None, line) for line in SUMMARY]),
        h("h3", None, "Powers of the tokens"),
        h("ul", {"class": "powers"}, powers),
        h("h3", None, "Conflicts"),
        art.conflict_cycle(KIND_NAMES),
        h("h3", None, "Events" if variants.events == "on" else "Events (off in this game)"),
        h("ul", {"class": "events"}, events),
    )
