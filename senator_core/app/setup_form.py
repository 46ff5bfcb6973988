"""The set-up screen: players, names, colours, who plays each seat, the rule switches."""

from __future__ import annotations

from ..config import VARIANT_VALUES
from .html import Markup, h
from .model import SEAT_KINDS, SPEEDS, Model, Setup, computers_play
from .pieces import SEAT_COLOURS
from .text import KIND_LABELS, SPEED_LABELS, VARIANT_LABELS, VARIANT_TEXT

SETTING_TEXT = {
    "sound": ("Sound", "A short sound when your turn comes and when the game ends."),
    "auto": (
        "Moves that are no choice",
        "Made for you after a short pause (withdrawing when nothing else is possible).",
    ),
}


def settings(model: Model) -> Markup:
    """The switches kept between games: sound, and moves made when there is no choice."""
    return h(
        "div",
        {"class": "switches"},
        [
            h(
                "div",
                {"class": "switch"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "toggle",
                        "data-msg": "toggle",
                        "data-value": name,
                        "aria-pressed": "true" if getattr(model.setup, name) else "false",
                    },
                    f"{label}: {'on' if getattr(model.setup, name) else 'off'}",
                ),
                h("p", {"class": "hint"}, note),
            )
            for name, (label, note) in SETTING_TEXT.items()
        ],
    )


def _select(name: str, options: list[tuple[str, str]], chosen: str, label: str) -> Markup:
    return h(
        "select",
        {"name": name, "id": name, "aria-label": label},
        [h("option", {"value": v, "selected": v == chosen}, text) for v, text in options],
    )


def setup_screen(model: Model) -> Markup:
    setup: Setup = model.setup
    seats = []
    for seat in range(setup.players):
        colour = setup.colours[seat]
        seats.append(
            h(
                "li",
                {"class": f"setup-seat colour-{colour}"},
                h("span", {"class": "seat-symbol", "aria-hidden": "true"}, SEAT_COLOURS[colour][2]),
                h("label", {"for": f"seat-{seat}-name"}, f"Seat {seat + 1}"),
                h(
                    "input",
                    {
                        "id": f"seat-{seat}-name",
                        "name": f"seat-{seat}-name",
                        "value": setup.names[seat],
                        "maxlength": 40,
                        "autocomplete": "off",
                    },
                ),
                _select(
                    f"seat-{seat}-colour",
                    [(str(i), f"{sym} {n}") for i, (n, _, sym) in enumerate(SEAT_COLOURS)],
                    str(colour),
                    f"Colour of seat {seat + 1}",
                ),
                _select(
                    f"seat-{seat}-kind",
                    [(k, KIND_LABELS[k]) for k in SEAT_KINDS],
                    setup.kinds[seat],
                    f"Who plays seat {seat + 1}",
                ),
            )
        )
    openers = [("random", "Chosen at random")] + [
        (str(s), setup.names[s] or f"Seat {s + 1}") for s in range(setup.players)
    ]
    variants = []
    for switch, values in VARIANT_VALUES.items():
        chosen = getattr(setup.variants, switch)
        variants.append(
            h(
                "div",
                {"class": "variant"},
                h("label", {"for": f"variant-{switch}"}, VARIANT_LABELS[switch]),
                h(
                    "select",
                    {"id": f"variant-{switch}", "name": f"variant-{switch}"},
                    [
                        h("option", {"value": v, "selected": v == chosen}, v.replace("_", " "))
                        for v in values
                    ],
                ),
                h("p", {"class": "hint"}, VARIANT_TEXT[switch][chosen]),
            )
        )
    return h(
        "main",
        {"class": "screen screen-setup", "data-screen": "setup"},
        h("h1", None, "New game"),
        h(
            "form",
            {"class": "setup", "onsubmit": "return false"},
            h(
                "fieldset",
                None,
                h("legend", None, "Senators"),
                h(
                    "div",
                    {"class": "players-choice"},
                    h("label", {"for": "players"}, "Players"),
                    _select(
                        "players",
                        [(str(n), str(n)) for n in (3, 4, 5)],
                        str(setup.players),
                        "Players",
                    ),
                ),
                h("ol", {"class": "setup-seats"}, seats),
                computers_play(setup.kinds, setup.players)
                and h(
                    "div",
                    {"class": "players-choice"},
                    h("label", {"for": "speed"}, "Computers' pace"),
                    _select(
                        "speed",
                        [(v, SPEED_LABELS[v]) for v in SPEEDS],
                        setup.speed,
                        "Pace of the computer players",
                    ),
                ),
            ),
            h(
                "fieldset",
                {"class": "settings"},
                h("legend", None, "Settings"),
                settings(model),
            ),
            h(
                "fieldset",
                None,
                h("legend", None, "Rules"),
                h(
                    "div",
                    {"class": "variant"},
                    h("label", {"for": "first-opener"}, "First opener"),
                    h(
                        "select",
                        {"id": "first-opener", "name": "first-opener"},
                        [
                            h("option", {"value": v, "selected": v == setup.first_opener}, t)
                            for v, t in openers
                        ],
                    ),
                ),
                variants,
                h(
                    "div",
                    {"class": "variant"},
                    h("label", {"for": "seed"}, "Deal number (optional)"),
                    h(
                        "input",
                        {
                            "id": "seed",
                            "name": "seed",
                            "value": setup.seed,
                            "inputmode": "numeric",
                            "placeholder": "random",
                            "autocomplete": "off",
                        },
                    ),
                    h("p", {"class": "hint"}, "The same number deals the same game again."),
                ),
            ),
            h(
                "div",
                {"class": "title-actions"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "data-msg": "start"},
                    "Start the game",
                ),
                h("button", {"type": "button", "data-msg": "title"}, "Back"),
            ),
        ),
    )
