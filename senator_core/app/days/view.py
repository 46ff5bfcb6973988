"""What a table over days shows: its lobby while friends take their seats, beside the
game whose turn it is and how long they have, what happened since the player last
looked, and the title's list of this device's tables."""

from __future__ import annotations

from ...events import Event
from ...game import Game
from ...i18n import _, ngettext
from ...online.days import MAX_NAME
from ..derived import log_of, turns_for
from ..model import Model
from ..online.qr import qr_code
from ..online.view import chat, lobby_seat, name_field
from ..ui.html import Markup, h
from ..ui.pieces import colour_badge, copyable, phrase, seat_badge, sentence
from ..ui.text import OCCUPANT_LABELS, and_list, describe, render_text, slots
from .state import Days, Listed
from .update import link, ordered

HOUR = 3_600


def time_left(deadline: int | None, clock: float, own: bool = False) -> str:
    """How long the players awaited have left (`own`: this device's player), in words
    ("" with no limit)."""
    if deadline is None:
        return ""
    left = deadline - clock
    if left <= 0:
        return _("your time has run out") if own else _("their time has run out")
    hours = int(left // HOUR)
    if hours >= 48:
        days = hours // 24
        return ngettext("{n} day left", "{n} days left", days).format(n=days)
    if hours >= 1:
        return ngettext("{n} hour left", "{n} hours left", hours).format(n=hours)
    minutes = max(1, int(left // 60))
    return ngettext("{n} minute left", "{n} minutes left", minutes).format(n=minutes)


def limit_text(limit: int) -> str:
    days = limit // 86_400
    if 0 < limit < 86_400:
        minutes = limit // 60
        return ngettext("{n} minute for each move", "{n} minutes for each move", minutes).format(
            n=minutes
        )
    if not days:
        return _("no time limit for a move")
    return ngettext("{n} day for each move", "{n} days for each move", days).format(n=days)


def _link_field(model: Model, days: Days) -> Markup:
    return copyable(
        model,
        "days-link",
        h(
            "input",
            {
                "id": "days-link",
                "readonly": True,
                "value": link(model, days),
                "aria-label": _("The table's link"),
                "onfocus": "this.select()",
            },
        ),
    )


def _share_button(label: str) -> Markup:
    return h("button", {"type": "button", "class": "share-turn", "data-msg": "share-turn"}, label)


def lobby_screen(model: Model) -> Markup:
    """Before the game: who has taken a seat, the link for the friends still to come,
    and this device's own seat, or a button to take one."""
    days = model.days
    assert days is not None
    lobby = days.lobby
    offer = lobby.offer
    rows: list[Markup] = []
    mine: int | None = 0 if days.opener else None
    if offer is not None:
        held = lobby.seated()
        levels = offer.body["levels"]
        for seat, level in enumerate(levels):
            if seat == 0:
                who: Markup | str = colour_badge(0, 0, str(offer.body["name"]))
            elif level:
                who = OCCUPANT_LABELS.get(level, level)
            elif seat in held:
                who = colour_badge(seat, seat, str(held[seat].body["name"]) or "?")
                if held[seat].author == days.key.public:
                    mine = seat
            else:
                who = h("span", {"class": "waiting"}, _("waiting for a friend…"))
            rows.append(lobby_seat(seat, who, mine == seat))
    open_seats = lobby.open_seats()
    table = days.table
    played_now = days.played_now
    if table.begin is not None:
        names = [table.names[s] for s in table.awaited()]
        status = _("The game has begun: the deal waits for {names} to open the table.").format(
            names=and_list(names)
        )
    elif offer is None:
        status = _("Fetching the table from its relays…")
    elif mine is None and open_seats and played_now:
        status = _("{name} invites you to play now.").format(name=offer.body["name"])
    elif mine is None and open_seats:
        status = _("{name} invites you to a game played over days.").format(name=offer.body["name"])
    elif mine is None:
        status = _("Every seat at this table is taken.")
    elif open_seats:
        status = ngettext(
            "Waiting for {n} more friend to open the link and take a seat.",
            "Waiting for {n} more friends to open the link and take a seat.",
            len(open_seats),
        ).format(n=len(open_seats))
    elif offer.author in days.links.present:
        status = _("Every seat is taken: {name} is here, and the game begins now.").format(
            name=offer.body["name"]
        )
    else:
        status = _(
            "Every seat is taken: the game begins when {name} next opens the table, and"
            " the cards are dealt once each of you has opened it after that."
        ).format(name=offer.body["name"])
    return h(
        "main",
        {"class": "screen screen-lobby days-lobby", "data-screen": "lobby"},
        h("h1", None, _("Online table") if played_now else _("A table over days")),
        offer is not None and h("p", {"class": "hint"}, limit_text(int(offer.body["limit"]))),
        h("p", {"class": "lobby-status", "role": "status"}, status),
        rows and h("ol", {"class": "lobby-seats"}, rows),
        mine is None
        and open_seats
        and h(
            "div",
            {"class": "claim players-choice"},
            *name_field(model, maxlength=MAX_NAME),
            h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "claim-seat"},
                _("Take a seat"),
            ),
        ),
        days.opener
        and open_seats
        and table.begin is None
        and h(
            "div",
            {"class": "begin-now"},
            h(
                "button",
                {"type": "button", "data-msg": "begin-now"},
                ngettext(
                    "Begin now: a computer takes the open seat",
                    "Begin now: computers take the {n} open seats",
                    len(open_seats),
                ).format(n=len(open_seats))
                if model.confirm == "begin-now"
                else _("Begin without waiting"),
            ),
        ),
        (mine is not None or open_seats)
        and h(
            "section",
            {"class": "invitation"},
            h("h2", None, _("The table's link")),
            h(
                "p",
                None,
                _(
                    "Friends join by this link whenever they open it, and each player comes"
                    " back to the table by it, or from the title screen."
                ),
            ),
            _link_field(model, days),
            _share_button(_("Share the link")),
            days.qr and qr_code(link(model, days), _("The invitation link as a QR code")),
        ),
        h("button", {"type": "button", "data-msg": "title"}, _("Back to the title")),
    )


def status_line(model: Model, days: Days, game: Game) -> Markup | str:
    """Whose turn it is at the table, and how long they have."""
    table = days.table
    awaited = table.awaited()
    seat = table.seat()
    if game.decision == "over":
        return _("The game is over.")
    if days.elsewhere:
        return _("This table is open in another tab of this browser: play on there.")
    if seat is None:
        return _("The game began without you: you are watching it.")
    if seat in table.state.gone:
        return _("You have left this table: a computer plays your seat.")
    if table.my_turn():
        left = time_left(table.deadline(), days.clock, own=True)
        return _("Your turn") + (f" ({left})" if left else "")
    left = time_left(table.deadline(), days.clock)
    if table.point and awaited:
        badges = {f"p{i}": seat_badge(model, s, game.names) for i, s in enumerate(awaited)}
        template = _("The next deal waits for {seats} to open the table{left}.")
        seats = and_list(slots("p", len(badges)))  # the language's own list of them
        left = f" ({left})" if left else ""
        return phrase(template.replace("{seats}", seats), left=left, **badges)
    if awaited:
        return phrase(
            _("Waiting for {seat}{left}."),
            seat=seat_badge(model, awaited[0], game.names),
            left=f" ({left})" if left else "",
        )
    return _("The computers are playing…")


def side(model: Model, game: Game) -> Markup | None:
    """Beside the game: whose turn and time left, telling them, handing a seat whose time
    ran out to the computer, taking one's own back, the link, and leaving."""
    days = model.days
    if days is None:
        return None
    table = days.table
    state = table.state
    seat = table.seat()
    deadline = table.deadline()
    ran_out = deadline is not None and days.clock >= deadline and seat is not None
    late = next((s for s in table.awaited() if s != seat), None) if ran_out else None
    over = game.decision == "over"
    return h(
        "section",
        {"class": "online-side days-side", "aria-label": _("Online table")},
        h("p", {"class": "days-status", "role": "status"}, status_line(model, days, game)),
        h("p", {"class": "hint"}, limit_text(table.limit)),
        _here(days, game),
        _tell(days, game),
        late is not None
        and h(
            "div",
            {"class": "hand-over"},
            h(
                "button",
                {"type": "button", "data-msg": "hand-over", "data-value": str(late)},
                phrase(_("Let a computer play for {seat}"), seat=game.names[late]),
            ),
        ),
        seat is not None
        and seat in state.stood
        and h(
            "button",
            {"type": "button", "class": "primary", "data-msg": "come-back"},
            _("Take your seat back"),
        ),
        seat is not None and _chat(days, game),
        _link_field(model, days),
        not over
        and seat is not None
        and seat not in state.gone
        and h(
            "button",
            {"type": "button", "data-msg": "leave-days"},
            _("Leave for good: a computer takes your seat")
            if model.confirm == "leave-days"
            else _("Leave the table"),
        ),
    )


def _here(days: Days, game: Game) -> Markup | None:
    """Whose pages are open at the table now (met directly, each proven), but this one."""
    present = days.links.present - {days.key.public}
    seats = [s for s, device in enumerate(days.table.devices) if device in present]
    if not seats:
        return None
    names = and_list([game.names[s] for s in seats])
    return h("p", {"class": "days-here"}, _("At the table now: {names}.").format(names=names))


def _chat(days: Days, game: Game) -> Markup:
    """The table's chat: its last lines, kept with the table for whoever looks next."""
    lines = [] if days.muted else days.table.said()[-8:]
    said = [(game.names[seat], text) for _at, seat, text in lines]
    return h("div", {"class": "days-chat"}, *chat(said, days.draft, days.muted))


def waiting(model: Model, game: Game) -> Markup:
    """Where the decision stands while another player (or a chance point) is awaited."""
    days = model.days
    assert days is not None
    return h(
        "section",
        {"class": "decision thinking days-waiting", "id": "decision", "aria-live": "polite"},
        h("p", {"class": "prompt"}, status_line(model, days, game)),
        _tell(days, game),
    )


def _tell(days: Days, game: Game) -> Markup | None:
    """The button that tells the players awaited it is their turn, while others are."""
    table = days.table
    if game.decision == "over" or table.my_turn() or not table.awaited():
        return None
    if all(table.devices[s] in days.links.present for s in table.awaited()):
        return None  # they are at the table now
    return _share_button(_("Tell them it is their turn"))


def since_story(model: Model, game: Game) -> Markup | None:
    """What happened since the player last looked at the table, until they go on."""
    days = model.days
    if days is None or days.since is None or days.since >= game.moves:
        return None
    turns = turns_for(model)
    start = turns[days.since].log_start if days.since < len(turns) else len(log_of(game))
    lines = [w for w in (describe(e) for e in log_of(game)[start:]) if w is not None]
    moves = game.moves - days.since
    seat = days.table.seat()
    stood = seat is not None and seat in days.table.state.stood
    return h(
        "section",
        {"class": "decision since-story", "id": "decision", "aria-labelledby": "since-title"},
        h(
            "h2",
            {"id": "since-title"},
            ngettext(
                "Since you last looked: {n} move", "Since you last looked: {n} moves", moves
            ).format(n=moves),
        ),
        stood
        and h(
            "p",
            {"class": "trouble"},
            _(
                "Your time ran out, and a computer plays your seat meanwhile:"
                " take your seat back to play yourself."
            ),
        ),
        h(
            "ol",
            {"class": "since-lines"},
            [h("li", None, sentence(model, w, game.names)) for w in lines[-40:]],
        ),
        h(
            "button",
            {"type": "button", "class": "primary", "data-msg": "story-read"},
            _("Go on"),
        ),
    )


def _line(model: Model, t: Listed) -> Markup:
    if not t.begun:
        state = _("Waiting for friends to take their seats")
    elif t.gone and not t.over:
        state = _("You left this table")
    elif t.stood and not t.over:
        state = _("A computer plays for you")
    elif t.over:
        won = [t.names[s] for s in t.winners if s < len(t.names)]
        state = _("Ended: {names} won").format(names=and_list(won)) if won else _("Ended")
    elif t.my_turn:
        state = _("Your turn")
    elif t.awaited:
        state = _("Waiting for {name}").format(
            name=and_list([t.names[s] for s in t.awaited if s < len(t.names)])
        )
    else:
        state = _("Going on")
    left = "" if t.over or t.gone else time_left(t.deadline, model.clock or t.seen_at)
    last = _last_line(t)
    return h(
        "li",
        {"class": "days-table" + (" your-turn" if t.my_turn else ""), "data-room": t.room},
        h(
            "button",
            {"type": "button", "data-msg": "show-table", "data-value": t.room},
            h(
                "span",
                None,
                h("b", {"class": "days-state"}, state),
                left and h("span", {"class": "days-left"}, f" ({left})"),
            ),
            h("span", {"class": "days-names"}, " · ".join(t.names)),
            last and h("span", {"class": "days-last"}, last),
        ),
    )


def _last_line(t: Listed) -> str:
    """The table's last line of the log, in the language spoken now."""
    if t.last is None:
        return ""
    try:
        words = describe(Event(*t.last))
        return render_text(words, t.names)[:200] if words is not None else ""
    except (KeyError, TypeError, ValueError, IndexError):
        return ""  # kept by another version of the game


def table_list(model: Model) -> Markup | None:
    """The title's list of this device's tables over days, "Your turn" first."""
    if not model.tables:
        return None
    return h(
        "section",
        {"class": "days-tables", "aria-labelledby": "days-tables-title"},
        h("h2", {"id": "days-tables-title"}, _("Your online tables")),
        h("ul", None, [_line(model, t) for t in ordered(model.tables)]),
    )


def next_game(model: Model) -> tuple[str, Markup | None]:
    """At the end of a table over days: what its "Play again" button says, and who
    opened the next game at this table, if anyone has (None elsewhere)."""
    days = model.days
    if days is None or days.table.seat() is None:
        return _("Play again"), None
    table = days.table
    opened = table.next_game()
    if opened is None:
        return _("Play again at this table"), None
    seat = table.seat(opened.author)
    if opened.author == days.key.public or seat is None:
        return _("Back to the next game"), None
    said = _("{name} opened the next game at this table.").format(name=table.names[seat])
    return _("Take your seat in the next game"), h("p", {"class": "hint", "role": "status"}, said)


def stood_note(model: Model) -> Markup | None:
    """At the end of a table over days: the players a computer played for, for a while
    (their time ran out) or for good (they left), since the results do not say so."""
    days = model.days
    if days is None or days.table.game is None:
        return None
    table = days.table
    seats = sorted(
        {int(r.body["seat"]) for r in table.stream if r.kind in ("stand", "leave")}
        & set(range(len(table.devices)))
    )
    if not seats:
        return None
    names = and_list([table.names[s] for s in seats])
    said = _("A computer played for {names} for part of this game.").format(names=names)
    return h("p", {"class": "hint"}, said)
