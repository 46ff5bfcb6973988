"""What a table shared online shows: the lobby (the invitation, the seats filling, a
guest's name and seat) and, beside the game, who is here and the chat."""

from __future__ import annotations

from ...game import Game
from ...i18n import _
from ...online.device import HUMAN
from ..model import Model
from ..setup.view import connection_settings
from ..ui.html import Markup, h
from ..ui.pieces import colour_badge, copyable
from ..ui.text import OCCUPANT_LABELS
from .qr import qr_code
from .state import Online
from .update import REACTIONS, away, invitation, offer_link


def _seat_name(online: Online, seat: int) -> str:
    seats = online.device.seats
    return seats.names[seat] if seat < len(seats.names) else ""


def _connected(online: Online) -> bool:
    device = online.device
    return device.hosting or device.host in device.present


def codes(model: Model) -> Markup | None:
    """Meeting by codes: on the host, the invitation code for one guest and the field
    for the code they send back; on a guest, the code to send back."""
    online = model.online
    assert online is not None
    if not online.direct:
        return None
    if not online.device.hosting:
        if _connected(online):
            return None
        if not online.code:
            making = online.coding and h(
                "p", {"class": "codes", "role": "status"}, _("Making your answer code…")
            )
            return making or None
        return h(
            "div",
            {"class": "codes"},
            h(
                "label",
                {"for": "reply-code"},
                _("Send this code back to the host, by any messenger:"),
            ),
            copyable(
                model,
                "reply-code",
                h(
                    "input",
                    {
                        "id": "reply-code",
                        "readonly": True,
                        "value": online.code,
                        "onfocus": "this.select()",
                    },
                ),
            ),
            online.qr and qr_code(online.code, _("Your answer code as a QR code")),
            h("p", {"class": "hint"}, _("Once the host takes it, you are at the table.")),
        )
    if online.coding and not online.code:
        return h("p", {"class": "codes", "role": "status"}, _("Making a code…"))
    if not online.code:
        return h(
            "div",
            {"class": "codes"},
            h("button", {"type": "button", "data-msg": "make-code"}, _("Make an invitation code")),
        )
    link = offer_link(model)
    return h(
        "div",
        {"class": "codes"},
        h("label", {"for": "offer-link"}, _("1. Send this link to one friend:")),
        copyable(
            model,
            "offer-link",
            h(
                "input",
                {"id": "offer-link", "readonly": True, "value": link, "onfocus": "this.select()"},
            ),
        ),
        online.qr and qr_code(link, _("The invitation code as a QR code")),
        h("label", {"for": "answer-code"}, _("2. Paste the code they send back:")),
        h(
            "input",
            {
                "id": "answer-code",
                "name": "answer-code",
                "value": online.pasted,
                "autocomplete": "off",
                "spellcheck": "false",
            },
        ),
        h(
            "button",
            {"type": "button", "class": "primary", "data-msg": "accept-code"},
            _("Connect"),
        ),
    )


def _invitation(model: Model, open_seats: bool) -> Markup:
    """What the host sends the guests: the link to the table or, at a table met by codes,
    a code for each guest."""
    online = model.online
    assert online is not None
    if online.direct:
        said = _(
            "Each friend gets a code of their own: send it, and take the code they send"
            " back. No relay or server is contacted; this works on one Wi-Fi."
        )
        shown: tuple[object, ...] = (codes(model) if open_seats else None,)
    else:
        link = invitation(model)
        said = _("Send this link by any messenger; each friend opens it and takes a seat.")
        shown = (
            copyable(
                model,
                "invitation",
                h(
                    "input",
                    {
                        "id": "invitation",
                        "readonly": True,
                        "value": link,
                        "aria-label": _("Invitation link"),
                        "onfocus": "this.select()",
                    },
                ),
            ),
            online.qr and qr_code(link, _("The invitation link as a QR code")),
        )
    return h(
        "section",
        {"class": "invitation", "aria-labelledby": "invitation-title"},
        h("h2", {"id": "invitation-title"}, _("Invite your friends")),
        h("p", None, said),
        *shown,
    )


def lobby_seat(seat: int, who: Markup | str, mine: bool, *after: object) -> Markup:
    """A seat's line in a lobby: its number, who sits there, and whether it is yours."""
    return h(
        "li",
        {"class": f"lobby-seat colour-{seat}", "data-seat": str(seat)},
        h("span", {"class": "lobby-seat-number"}, _("Seat {n}").format(n=seat + 1)),
        " ",
        who,
        " ",
        mine and h("span", {"class": "you"}, _("you")),
        *after,
    )


def name_field(model: Model, disabled: bool = False, maxlength: int = 40) -> tuple[Markup, Markup]:
    """The field in which an invited player writes the name the table knows them by."""
    return (
        h("label", {"for": "seat-0-name"}, _("Your name")),
        h(
            "input",
            {
                "id": "seat-0-name",
                "name": "seat-0-name",
                "value": model.setup.names[0],
                "maxlength": maxlength,
                "autocomplete": "nickname",
                "disabled": disabled,
            },
        ),
    )


def lobby_screen(model: Model) -> Markup:
    online = model.online
    assert online is not None
    device = online.device
    seats = device.seats
    own = online.seat
    rows = []
    for seat, occupant in enumerate(seats.occupants):
        at = seats.devices[seat]
        if occupant != HUMAN:
            who: Markup | str = OCCUPANT_LABELS[occupant]
        elif at:
            who = colour_badge(seat, seat, _seat_name(online, seat) or "?")
        else:
            who = h("span", {"class": "waiting"}, _("waiting for a player…"))
        sit = (
            not device.hosting
            and own is None
            and occupant == HUMAN
            and not at
            and h(
                "button",
                {"type": "button", "data-msg": "take-seat", "data-value": str(seat)},
                _("Sit here"),
            )
        )
        rows.append(lobby_seat(seat, who, own == seat, sit))
    open_seats = [s for s, o in enumerate(seats.occupants) if o == HUMAN and not seats.devices[s]]
    if device.hosting:
        head = _invitation(model, bool(open_seats))
        ready = not open_seats and not device.entries and device.greeted
        status = (
            _("Dealing…")
            if device.entries
            else _("Waiting for {n} more to sit down.").format(n=len(open_seats))
            if open_seats
            else _("Everyone is seated.")
            if ready
            else _("Waiting for every player to be back at the table.")
        )
        action = h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-msg": "begin-table",
                "disabled": not ready,
            },
            _("Begin the game"),
        )
    else:
        head = h(
            "section",
            {"class": "invitation"},
            h("h2", None, _("You are invited to a game of Senator")),
            h("div", {"class": "players-choice"}, *name_field(model, own is not None)),
            codes(model),
            not online.direct
            and (online.trouble or not _connected(online))
            and connection_settings(
                model,
                bool(online.trouble),
                h(
                    "button",
                    {"type": "button", "data-msg": "rejoin"},
                    _("Try again with these settings"),
                ),
            ),
        )
        status = (
            _("Connecting to the table…")
            if not _connected(online)
            else _("Choose a seat.")
            if own is None
            else _("Waiting for the host to begin.")
        )
        action = None
    return h(
        "main",
        {"class": "screen screen-lobby", "data-screen": "lobby"},
        h("h1", None, _("Play with friends online")),
        head,
        h("ol", {"class": "lobby-seats", "aria-label": _("Seats")}, rows),
        h("p", {"class": "lobby-status", "role": "status"}, status),
        online.trouble and h("p", {"class": "trouble", "role": "alert"}, online.trouble),
        h(
            "div",
            {"class": "title-actions"},
            action,
            h("button", {"type": "button", "data-msg": "leave-table"}, _("Leave the table")),
        ),
    )


def table_side(model: Model, game: Game) -> Markup | None:
    """Beside an online game: who is away (the host can hand their seat to a computer),
    the chat, and a way to leave."""
    online = model.online
    if online is None:
        return None
    device = online.device
    missing = [
        h(
            "li",
            None,
            colour_badge(model.colours[s], s, game.names[s]),
            " ",
            (s in device.stand_ins and _("(a computer plays for now)")) or _("is away: waiting"),
            device.hosting
            and s not in device.stand_ins
            and h(
                "button",
                {"type": "button", "data-msg": "stand-in", "data-value": str(s)},
                _("Let a computer play"),
            ),
        )
        for s in away(online)
    ]
    names = {d: game.names[s] for s, d in enumerate(device.devices) if d}
    lines = [] if online.muted else online.lines[-8:]
    unreached = (
        _("The host cannot be reached: ask the host for a new invitation code and open it.")
        if online.direct
        else _("Reconnecting…")
    )
    return h(
        "section",
        {"class": "online-side", "aria-label": _("Online table")},
        not _connected(online) and h("p", {"class": "trouble", "role": "status"}, unreached),
        # Trouble is said while it matters: someone is away, or the host out of reach.
        online.trouble
        and (missing or not _connected(online))
        and h("p", {"class": "trouble", "role": "alert"}, online.trouble),
        missing and h("ul", {"class": "away"}, missing),
        (missing or not device.hosting) and codes(model),
        *chat([(names.get(d, "?"), text) for d, text in lines], online.draft, online.muted),
        h("button", {"type": "button", "data-msg": "leave-table"}, _("Leave the table")),
    )


def chat(lines: list[tuple[str, str]], draft: str, muted: bool) -> tuple[Markup, ...]:
    """A table's chat: its last lines (who said each, what), the line being written,
    the quick reactions, and muting it."""
    return (
        h(
            "ol",
            {"class": "chat", "aria-live": "polite", "aria-label": _("Chat")},
            [h("li", None, h("b", None, name), ": ", text) for name, text in lines],
        ),
        h(
            "div",
            {"class": "chat-say"},
            h(
                "input",
                {
                    "name": "chat",
                    "value": draft,
                    "placeholder": _("Say something to the table"),
                    "enterkeyhint": "send",
                    "maxlength": 200,
                    "aria-label": _("Chat line"),
                    "autocomplete": "off",
                },
            ),
            h("button", {"type": "button", "data-msg": "say"}, _("Send")),
        ),
        h(
            "div",
            {"class": "reactions"},
            [
                h("button", {"type": "button", "data-msg": "say", "data-value": r}, r)
                for r in REACTIONS
            ],
            h(
                "button",
                {"type": "button", "data-msg": "mute", "aria-pressed": str(muted).lower()},
                _("Mute chat"),
            ),
        ),
    )
