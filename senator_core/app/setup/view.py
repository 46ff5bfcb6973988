"""The set-up screen: players, names, colours, who plays each seat, the rule switches."""

from __future__ import annotations

from ...config import VARIANT_VALUES
from ...i18n import N_, _, pgettext
from ..derived import computers_play
from ..model import Model
from ..ui.html import Markup, h
from ..ui.pieces import SEAT_COLOURS
from ..ui.text import (
    OCCUPANT_LABELS,
    SPEED_LABELS,
    VARIANT_LABELS,
    VARIANT_TEXT,
    variant_value_label,
)
from .state import SEAT_CHOICES, SPEEDS, Setup
from .update import server_problems

# Each switch's name and what it does (marked here, translated where shown).
SETTING_TEXT = {
    "sound": (N_("Sound"), N_("A short sound when your turn comes and when the game ends.")),
    "auto": (
        N_("Moves that are no choice"),
        N_("Made for you after a short pause (withdrawing when nothing else is possible)."),
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
                    # Translators: a switch and its state, such as "Sound: on".
                    _("{setting}: on").format(setting=_(label))
                    if getattr(model.setup, name)
                    else _("{setting}: off").format(setting=_(label)),
                ),
                h("p", {"class": "hint"}, _(note)),
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
                h("label", {"for": f"seat-{seat}-name"}, _("Seat {n}").format(n=seat + 1)),
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
                    [(str(i), f"{sym} {_(n)}") for i, (n, _hex, sym) in enumerate(SEAT_COLOURS)],
                    str(colour),
                    _("Colour of seat {n}").format(n=seat + 1),
                ),
                _select(
                    f"seat-{seat}-occupant",
                    [(k, OCCUPANT_LABELS[k]) for k in SEAT_CHOICES],
                    setup.occupants[seat],
                    _("Who plays seat {n}").format(n=seat + 1),
                ),
            )
        )
    openers = [("random", _("Chosen at random"))] + [
        (str(s), setup.names[s] or _("Seat {n}").format(n=s + 1)) for s in range(setup.players)
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
                        h("option", {"value": v, "selected": v == chosen}, variant_value_label(v))
                        for v in values
                    ],
                ),
                h("p", {"class": "hint"}, VARIANT_TEXT[switch][chosen]),
            )
        )
    return h(
        "main",
        {"class": "screen screen-setup", "data-screen": "setup"},
        h("h1", None, _("New game")),
        h(
            "form",
            {"class": "setup", "onsubmit": "return false"},
            h(
                "fieldset",
                None,
                h("legend", None, _("Senators")),
                h(
                    "div",
                    {"class": "players-choice"},
                    h("label", {"for": "players"}, _("Players")),
                    _select(
                        "players",
                        [(str(n), str(n)) for n in (3, 4, 5)],
                        str(setup.players),
                        _("Players"),
                    ),
                ),
                h("ol", {"class": "setup-seats"}, seats),
                computers_play(setup.occupants, setup.players)
                and h(
                    "div",
                    {"class": "players-choice"},
                    h("label", {"for": "speed"}, _("Computers' pace")),
                    _select(
                        "speed",
                        [(v, SPEED_LABELS[v]) for v in SPEEDS],
                        setup.speed,
                        _("Pace of the computer players"),
                    ),
                ),
            ),
            h(
                "fieldset",
                {"class": "settings"},
                h("legend", None, _("Settings")),
                settings(model),
            ),
            h(
                "fieldset",
                None,
                h("legend", None, _("Rules")),
                h(
                    "div",
                    {"class": "variant"},
                    h("label", {"for": "first-opener"}, _("First opener")),
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
                    h("label", {"for": "seed"}, _("Deal number (optional)")),
                    h(
                        "input",
                        {
                            "id": "seed",
                            "name": "seed",
                            "value": setup.seed,
                            "inputmode": "numeric",
                            # Translators: shown in the empty deal number field.
                            "placeholder": pgettext("deal number", "random"),
                            "autocomplete": "off",
                        },
                    ),
                    h("p", {"class": "hint"}, _("The same number deals the same game again.")),
                ),
            ),
            online_fieldset(model),
            h(
                "div",
                {"class": "title-actions"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "data-msg": "start"},
                    _("Start the game"),
                ),
                h("button", {"type": "button", "data-msg": "title"}, _("Back")),
            ),
        ),
    )


def online_fieldset(model: Model) -> Markup:
    """Opening the table set up to friends on their own devices, and where the devices
    find each other."""
    return h(
        "fieldset",
        {"class": "online", "id": "online"},
        h("legend", None, _("Play with friends online")),
        h(
            "p",
            {"class": "hint"},
            _(
                "Seat 1 is yours. Each other seat set to Human is for a friend: you get a"
                " link to send them, and they play from their own phone or computer."
            ),
        ),
        h(
            "div",
            {"class": "online-actions"},
            h(
                "button",
                {"type": "button", "data-msg": "open-days", "data-value": "now"},
                _("Play now"),
            ),
            h(
                "button",
                {"type": "button", "data-msg": "open-table", "data-value": "codes"},
                _("Invite by codes, with no relay"),
            ),
        ),
        h(
            "p",
            {"class": "hint"},
            _(
                "By codes, each friend and you pass each other a short code by any messenger;"
                " nothing else is contacted, so on one Wi-Fi it works with no internet at all."
            ),
        ),
        h(
            "div",
            {"class": "online-actions days-actions"},
            h("label", {"for": "days"}, _("Time for each move")),
            _select(
                "days",
                [
                    ("1", _("1 day")),
                    ("2", _("2 days")),
                    ("3", _("3 days")),
                    ("7", _("7 days")),
                    ("0", _("No limit")),
                ],
                str(model.setup.days),
                _("Time for each move"),
            ),
            h("button", {"type": "button", "data-msg": "open-days"}, _("Play over days")),
        ),
        h(
            "p",
            {"class": "hint"},
            _(
                "Over days, nobody needs to be there at once: each player opens the table"
                " when it is their turn, and a computer may play for one whose time runs out."
            ),
        ),
        connection_settings(model),
    )


def connection_settings(model: Model, open_: bool = False, *after: Markup) -> Markup:
    """The relays and the STUN and TURN servers, one per line, each line that cannot
    serve said under its field; open when one cannot (or `open_`), and `after` them
    (a button to try them at once, in the lobby)."""
    setup = model.setup
    relay_problems = server_problems("relays", setup.relays)
    ice_problems = server_problems("ice", setup.ice)
    return h(
        "details",
        {"class": "connection", "open": open_ or bool(relay_problems or ice_problems)},
        h("summary", None, _("Connection settings")),
        h("label", {"for": "relays"}, _("Signalling relays, one per line")),
        _server_field("relays", 4, setup.relays, relay_problems),
        h(
            "label",
            {"for": "ice"},
            _("STUN and TURN servers, one per line (a TURN server: turn:host:port user password)"),
        ),
        _server_field("ice", 3, setup.ice, ice_problems),
        h(
            "p",
            {"class": "hint"},
            _(
                "These are contacted only in an online game, to find the other devices;"
                " the game goes straight from device to device, or through the relays"
                " where no direct connection can be made."
            ),
        ),
        *after,
    )


def _server_field(
    name: str, rows: int, lines: tuple[str, ...], problems: tuple[str, ...]
) -> Markup:
    """A field of servers, one per line, and under it what cannot serve."""
    said = f"{name}-problems"
    return h(
        "div",
        {"class": "server-field"},
        h(
            "textarea",
            {
                "id": name,
                "name": name,
                "rows": rows,
                "aria-describedby": said if problems else None,
            },
            "\n".join(lines),
        ),
        h("ul", {"class": "field-problems", "id": said}, [h("li", None, p) for p in problems])
        if problems
        else None,
    )
