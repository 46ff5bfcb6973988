"""Tables over days (`senator_core.online.days`) on the page: opening one, a friend
joining by its link whenever they open it, catching up from the relays, moves, the
clocks, a computer standing in, leaving; and the list of this device's tables.

Every device keeps each table's whole stream (`Days`, kept under DAYS_KEY) and, while
the table is open on the page, its relays' sockets: each relay is asked for the whole
stream when its socket opens and given what it lacks once it has answered
(`Shelves`). What this device adds it keeps before any relay takes it. Pages of the
table open at once also meet directly (WebRTC, `Links`): the same events pass between
them faster, and the table goes on while its relays fail."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import assert_never

from ...actions import IllegalActionError
from ...config import GameConfig
from ...i18n import _
from ...online.chance import Chain
from ...online.days import (
    DAY,
    MAX_SAID,
    NOW,
    Answered,
    Lobby,
    Record,
    Shelves,
    Table,
    offer_table,
)
from ...online.device import HUMAN, played
from ...online.keys import Key
from ...online.links import Caught, LinkOut, Send, Shut
from ...online.relays import Drop, Frame, NoRelay
from ...records import Record as GameRecord
from ...refusals import error_text
from ..changes import moved_on, on_screen, playing, set_aside
from ..derived import full_occupants, log_of, turns_for
from ..effects import (
    Address,
    After,
    AskToNotify,
    CloseLink,
    CloseRelay,
    Connect,
    Disconnect,
    Effect,
    Effects,
    LoadQr,
    Lock,
    Notify,
    OpenRelays,
    RelaySend,
    ReopenRelays,
    Scroll,
    Share,
    Transmit,
    Unlock,
)
from ..keeping.saves import add_kept, kept
from ..model import REMOTE, Model
from ..online.messages import (
    Mute,
    NetTrouble,
    PageShown,
    PeerJoined,
    PeerLeft,
    PeerSent,
    QrReady,
    RelayClosed,
    RelayFrame,
    RelayOpened,
    Say,
)
from ..online.update import (
    ASLEEP_SECONDS,
    PROBLEMS,
    _invited_relays,
    _made,
    _name,
    _no_relay,
    _spent,
    chat_line,
    ice_servers,
    linked_relays,
    own_turn,
    seats_to_share,
    seconds,
    stamped_line,
    table_relays,
    too_fast,
)
from ..setup.state import PALETTE_SIZE
from ..ui.text import and_list, describe
from .messages import (
    BeginNow,
    ClaimSeat,
    ComeBack,
    DaysTick,
    HandOver,
    LeaveDays,
    Locked,
    Message,
    OpenDays,
    Shared,
    ShareTurn,
    ShowTable,
    StoryRead,
)
from .state import MAX_EVENTS, MAX_TABLES, Days, Listed, days_from_text, days_text, taken

TICK_SECONDS = 30.0  # how often the open table's clocks are looked at
NOW_TICK_SECONDS = 5.0  # how often, at a table played now
TURN_TRIES = 3  # joins of the room with the table's shared TURN servers while none meets
TURN_RETRY_SECONDS = 8.0  # between two of them (the other page's last try must end first)
STAND_IN = "normal"  # the level that plays a seat whose player's time ran out
# "#days=<room>.<secret>,<relay>...": a table over days; the relays as an invitation
# names them. Browsers never send the part after "#" to any server.
DAYS_LINK = re.compile(
    r"#?days=([0-9a-f]{16})\.([0-9a-f]{32})((?:,[A-Za-z0-9._~:/%-]{1,120}){0,8})\Z"
)

RelayMsg = RelayOpened | RelayFrame | RelayClosed
PeerMsg = PeerJoined | PeerLeft | PeerSent | NetTrouble | PageShown
ChatMsg = Say | Mute | QrReady  # the chat, and the QR code of the link beside it


def update(
    model: Model, msg: Message | RelayMsg | PeerMsg | ChatMsg, now: str
) -> tuple[Model, Effects]:
    match msg:
        case OpenDays(played_now):
            return open_days(model, now, played_now)
        case ShowTable(room):
            return show_table(model, room, now)
        case ClaimSeat():
            claimed, effects = _changed(model, now, _claim)
            return claimed, (*effects, AskToNotify())
        case BeginNow():
            if model.confirm != "begin-now":
                return replace(model, confirm="begin-now"), ()
            return _changed(replace(model, confirm=""), now, _begin_now)
        case HandOver():
            return _changed(model, now, _hand_over)
        case ComeBack():
            return _changed(model, now, _come_back)
        case LeaveDays():
            if model.confirm != "leave-days":
                return replace(model, confirm="leave-days"), ()
            return _changed(replace(model, confirm=""), now, _leave)
        case ShareTurn():
            return share_turn(model)
        case Shared(how):
            said = {
                "shared": "",
                "copied": _("Copied: paste it to the next player."),
                "": _("This browser could neither share nor copy: copy the table's link."),
            }.get(how, "")
            return (replace(model, notice=said) if said else model), ()
        case StoryRead():
            days = model.days
            if days is None or model.game is None:
                return model, ()
            return _kept(replace(model, days=replace(days, since=None, seen=model.game.moves))), ()
        case DaysTick(room):
            days = model.days
            if days is None or days.room != room:
                return model, ()
            # Only the time moves on: what is left of a move's time, who may be stood in for.
            clock = _clock(days, now)
            days, meet = _met_anew(model, replace(days, clock=clock))
            return replace(model, days=days, clock=clock), (_ticking(days), *meet)
        case Locked(room, held):
            return locked(model, room, held)
        case RelayOpened(url) if model.days is None:
            return _peek_opened(model, url, now)
        case RelayFrame(url, text) if model.days is None:
            return _peek_frame(model, url, text, now)
        case RelayOpened(url):
            return _relay_opened(model, url, now)
        case RelayFrame(url, text):
            return _relay_frame(model, url, text, now)
        case RelayClosed():
            return model, ()
        case PeerJoined(link):
            return _peer_joined(model, link)
        case PeerLeft(link):
            return _peer_left(model, link)
        case PeerSent(link, text):
            return _peer_sent(model, link, text, now)
        case NetTrouble():
            return model, ()  # no direct connection: the relays carry the table alone
        case QrReady():
            days = model.days
            return (replace(model, days=replace(days, qr=True)) if days else model), ()
        case PageShown(hidden):
            # After a phone's sleep its sockets may have died unseen: opened afresh, each
            # relay is asked again for the table (and every table on the title's list).
            return model, ((ReopenRelays(),) if hidden >= ASLEEP_SECONDS else ())
        case Say(text):
            return say(model, text, now)
        case Mute():
            days = model.days
            return (replace(model, days=replace(days, muted=not days.muted)) if days else model), ()
        case _:
            assert_never(msg)


# ------------------------------------------------------------------ the clock


def _clock(days: Days, now: str) -> float:
    moment = seconds(now)
    return days.clock if moment is None else moment


# ------------------------------------------------------------------ opening and joining


def open_days(model: Model, now: str, played_now: bool = False) -> tuple[Model, Effects]:
    """The player opens the table set up to friends over days (or to play `now`, a few
    minutes for each move): seat 1 is theirs, every other Human seat waits for a friend
    who opens the link, whenever they do."""
    seated = seats_to_share(model)
    if isinstance(seated, str):
        return replace(model, notice=seated), ()
    config, occupants = seated
    limit = model.setup.days * DAY if model.setup.days in LIMIT_DAYS else DAY
    if played_now:
        limit = NOW
    levels = ["" if kind == HUMAN else kind for kind in occupants]
    room, secret = _made(model, "room")[:16], _made(model, "secret")[:32]
    relays = table_relays(model.setup.relays, room)
    return _opened(model, room, secret, config, levels, _name(model), limit, relays, now)


def _opened(
    model: Model,
    room: str,
    secret: str,
    config: GameConfig,
    levels: list[str],
    name: str,
    limit: int,
    relays: tuple[str, ...],
    now: str,
    before: Effects = (),
) -> tuple[Model, Effects]:
    """The table `room` opened by this device's player, `name`, at seat 1: a computer of
    `levels` at each seat that names one, the others open to friends; `before`, what
    the table left must still send."""
    clock = seconds(now) or 0.0
    key, chain = _key_and_chain(model)
    turn = own_turn(model)
    offer = offer_table(key, room, config, levels, name, int(clock), limit, STAND_IN, turn)
    lobby = Lobby(key, room)
    lobby.take(offer, clock)
    shelves = Shelves(key, room, secret, relays)
    shelves.keep([offer], clock)
    days = Days(room, secret, relays, key, chain, lobby, Table(key, chain), shelves, clock=clock)
    opened = replace(set_aside(_spent(model), now), online=None, game=None, turns=())
    days, meet = _connect(model, days)
    shown = _shown(opened, days, now, keep=True)
    return shown, (*before, Disconnect(), *_leave_open(model), *meet, AskToNotify(), LoadQr())


def play_again(model: Model, now: str) -> tuple[Model, Effects]:
    """The next game at this table, once its game is over: the one a player opened
    already, joined with this device's seat's name, or a new one this device opens
    (the same set-up and time for a move, the computers where they sat, the friends'
    seats open), which the others are told of."""
    days = model.days
    table = days.table if days is not None else None
    game = table.game if table is not None else None
    if days is None or table is None or game is None or game.decision != "over":
        return model, ()
    seat = table.seat()
    if seat is None:
        return on_screen(model, "setup"), ()  # a watcher sets up a table of their own
    name = table.names[seat]
    opened = table.next_game()
    if opened is not None:
        room, secret = str(opened.body["room"]), str(opened.body["secret"])
        if opened.author == days.key.public or any(t.room == room for t in model.tables):
            return show_table(model, room, now)
        fragment = f"#days={room}.{secret}{linked_relays(days.relays)}"
        joined, effects = invited(model, fragment, now)
        if joined.days is None or joined.days.room != room:
            return joined, effects
        return replace(joined, days=replace(joined.days, claiming=name)), effects
    humans = [s for s, device in enumerate(table.devices) if device and s != seat]
    computers = [s for s, device in enumerate(table.devices) if not device]
    order = [seat, *humans, *computers]
    config = replace(
        table.config,
        seed=None,
        draws=(),
        event_order=(),
        names=tuple(table.names[s] for s in order),
    )
    levels = ["", *([""] * len(humans)), *(table.levels[s] for s in computers)]
    room, secret = _made(model, "room")[:16], _made(model, "secret")[:32]

    def tell(model: Model, days: Days, clock: float) -> Change:
        try:
            return [days.table.open_next(room, secret, clock)], ""
        except ValueError as err:
            return [], str(err)

    told, sent = _changed(model, now, tell)
    if told.days is model.days:
        return told, ()  # refused: said
    relays = days.relays
    return _opened(told, room, secret, config, levels, name, table.limit, relays, now, sent)


LIMIT_DAYS = (0, 1, 2, 3, 7)  # the set-up's choice of a move's time, in days (0: none)


def _key_and_chain(model: Model) -> tuple[Key, Chain]:
    return Key(bytes.fromhex(_made(model, "days-key"))), Chain(bytes.fromhex(_made(model, "days")))


def _connect(model: Model, days: Days) -> tuple[Days, Effects]:
    """Opening the table's relays, meeting its other pages open now directly (with the
    STUN and TURN servers of the settings and the TURN servers the table's players
    share), holding the browser's lock on its turn (one tab at a time moves at it), the
    clocks' timer, and the table's link in the page's address (a reload comes back to
    the table)."""
    turn = days.lobby.turn()
    tries = int(bool(turn))
    days = replace(
        days, turn=own_turn(model), joined_turn=turn, turn_tries=tries, turn_at=days.clock
    )
    here = Address("#" + link(model, days).split("#", 1)[1])
    meet = _meet(model, days)
    return days, (Lock(days.room), OpenRelays(days.relays), meet, _ticking(days), here)


def _ticking(days: Days) -> After:
    """The clocks' next look: within seconds at a table played now."""
    return After(NOW_TICK_SECONDS if days.played_now else TICK_SECONDS, DaysTick(days.room))


def _meet(model: Model, days: Days) -> Connect:
    return Connect(days.room, days.secret, days.relays, ice_servers(model, days.joined_turn))


def _met_anew(model: Model, days: Days) -> tuple[Days, Effects]:
    """The table's room joined again while no other page is met, when its players share
    TURN servers it was not joined with (a claim, or the offer itself, came), and then a
    few times more a while apart: a page that has no direct path to the others may have
    one through them (each try must outlast the other page's last)."""
    turn = days.lobby.turn()
    if days.links.holds or not turn:
        return days, ()
    if turn == days.joined_turn:
        if not 0 < days.turn_tries < TURN_TRIES or days.clock < days.turn_at + TURN_RETRY_SECONDS:
            return days, ()
        tries = days.turn_tries + 1
    elif ice_servers(model, turn) == ice_servers(model, days.joined_turn):
        return replace(days, joined_turn=turn), ()  # this device's own servers already
    else:
        tries = 1
    days = replace(days, joined_turn=turn, turn_tries=tries, turn_at=days.clock)
    return days, (_meet(model, days),)


def invited(model: Model, fragment: str, now: str) -> tuple[Model, Effects]:
    """The page was opened from a table over days' link: the table kept here, or a new
    friend at it who may take a seat."""
    found = DAYS_LINK.match(fragment)
    if found is None:
        return replace(model, notice=_("This invitation link is not whole: ask for it again.")), ()
    room, secret, relays = found.groups()
    if any(t.room == room for t in model.tables):
        return show_table(model, room, now)
    if model.days is not None and model.days.room == room:
        return model, ()
    key, chain = _key_and_chain(model)
    urls = _invited_relays(relays, model)
    shelves = Shelves(key, room, secret, urls)
    lobby, table = Lobby(key, room), Table(key, chain)
    days = Days(room, secret, urls, key, chain, lobby, table, shelves, clock=seconds(now) or 0.0)
    joined = replace(set_aside(_spent(model), now), online=None, game=None, turns=())
    days, meet = _connect(model, days)
    return _shown(joined, days, now), (Disconnect(), *_leave_open(model), *meet)


def _leave_open(model: Model) -> Effects:
    """The table open before, if any, closed: its sockets and its lock."""
    days = model.days
    if days is None:
        return ()
    return (Unlock(days.room),)


def show_table(model: Model, room: str, now: str) -> tuple[Model, Effects]:
    """A table kept on this device, opened: taken again from what is kept (or as the
    title caught it up), then caught up from its relays; what happened since the
    player last looked is told first."""
    if model.days is not None and model.days.room == room:
        return _shown(model, model.days, now), ()
    days = next((p for p in model.peeks if p.room == room), None) or _restored(model, room)
    if days is None:
        return replace(model, notice=_("The table kept here could not be read.")), ()
    days = replace(days, clock=seconds(now) or days.clock)
    base = replace(set_aside(model, now), online=None, game=None, turns=(), peeks=())
    days, meet = _connect(model, days)
    return _shown(base, days, now), (Disconnect(), *_leave_open(model), *meet)


def _restored(model: Model, room: str) -> Days | None:
    """The table `room` as this device keeps it, or None if it cannot be read."""
    text = dict(model.kept_days).get(room)
    if text is None:
        return None
    try:
        return days_from_text(text)
    except (ValueError, KeyError, TypeError):
        return None


# ------------------------------------------------------------------ the title's list


def peek(model: Model) -> Effects:
    """On the title screen: the relays of every table still going on opened, so that
    each is caught up and its line says whose turn it is now."""
    urls = {u: None for t in model.tables if not t.over for u in t.relays}
    return (OpenRelays(tuple(urls)),) if urls else ()


def _peek_opened(model: Model, url: str, now: str) -> tuple[Model, Effects]:
    """A relay's socket opened for the title: each table going on there is taken from
    what is kept (once) and asks the relay for its stream."""
    if model.screen != "title":
        return model, ()
    peeks = list(model.peeks)
    effects: list[Effect] = []
    for line in model.tables:
        if line.over or url not in line.relays:
            continue
        found = next((i for i, p in enumerate(peeks) if p.room == line.room), None)
        days = peeks[found] if found is not None else _restored(model, line.room)
        if days is None:
            continue
        shelves = days.shelves.copy()
        effects += _sent(shelves.opened(url))
        days = replace(days, shelves=shelves, clock=seconds(now) or days.clock)
        if found is None:
            peeks.append(days)
        else:
            peeks[found] = days
    return replace(model, peeks=tuple(peeks)), tuple(effects)


def _peek_frame(model: Model, url: str, text: str, now: str) -> tuple[Model, Effects]:
    """A relay's frame for the title: the table it is for caught up (and what falls due
    there added), its line brought up to date."""
    for index, peeked in enumerate(model.peeks):
        heard = _heard(peeked, url, text, _clock(peeked, now)) if url in peeked.relays else None
        if heard is None:
            continue
        days, effects, _stranded = heard
        peeks = (*model.peeks[:index], days, *model.peeks[index + 1 :])
        caught = replace(model, peeks=peeks, clock=days.clock)
        game = days.table.game
        if game is not None and game.decision == "over" and days.shelves.answered:
            caught = _ended(caught, days, now)
        return (_kept(caught, days) if days.shelves.answered else caught), effects
    return model, ()


def _heard(days: Days, url: str, text: str, clock: float) -> tuple[Days, Effects, bool] | None:
    """A relay's frame for the table `days`: the table with what it brought taken (a
    relay's answer once it has sent all it holds), and what falls due added; what to
    send, and whether every relay has refused the table. None if it was nothing."""
    lobby, table, shelves, links = days.copied()
    outs, records = shelves.frame(url, text)
    if not outs and not records:
        return None
    days = replace(days, lobby=lobby, table=table, shelves=shelves, links=links, clock=clock)
    days, spread = _came(days, records, url in shelves.answered)
    effects: list[Effect] = list(spread)
    stranded = False
    for out in outs:
        match out:
            case Frame():
                effects.append(RelaySend(out.url, out.text))
            case Drop(gone):
                effects.append(CloseRelay(gone))
            case NoRelay():
                stranded = True
            case Answered(answered):
                effects += _sent(shelves.fill(answered, days.records(), clock))
    days, made = _due(days, clock)
    return days, (*effects, *made), stranded


def _came(days: Days, records: list[Record], whole: bool) -> tuple[Days, Effects]:
    """Records that came (on the copies in `days`), taken in the stream's order once the
    relay or page they came from has sent all it holds (`whole`; till then they wait
    with what else came early), and passed on to the pages met directly."""
    early = [*days.early, *records][:MAX_EVENTS]
    if whole:
        taken(days.lobby, days.table, early, days.clock)
        early = []
    passed = _transmitted(days.links.spread(records, days.shelves))
    return replace(days, early=tuple(early)), passed


def _transmitted(outs: Sequence[LinkOut]) -> Effects:
    effects: list[Effect] = []
    for out in outs:
        match out:
            case Send(link, text):
                effects.append(Transmit(text, link))
            case Shut(link):
                effects.append(CloseLink(link))
            case Caught():
                pass
    return tuple(effects)


def link(model: Model, days: Days) -> str:
    """The table's link: it brings a friend to the table, and each player back to it."""
    base = model.page_url.split("#")[0]
    return f"{base}#days={days.room}.{days.secret}{linked_relays(days.relays)}"


def locked(model: Model, room: str, held: bool) -> tuple[Model, Effects]:
    """Whether this tab holds the browser's lock on the table's turn: a tab without it
    only watches (another tab of this browser plays there)."""
    days = model.days
    if days is None or days.room != room or held == (not days.elsewhere):
        return model, ()
    return replace(model, days=replace(days, elsewhere=not held)), ()


# ------------------------------------------------------------------ the relays


def _relay_opened(model: Model, url: str, now: str) -> tuple[Model, Effects]:
    days = model.days
    if days is None:
        return model, ()
    shelves = days.shelves.copy()
    asked = shelves.opened(url)
    return replace(model, days=replace(days, shelves=shelves)), _sent(asked)


def _sent(outs: Sequence[object]) -> Effects:
    return tuple(RelaySend(o.url, o.text) for o in outs if isinstance(o, Frame))


def _relay_frame(model: Model, url: str, text: str, now: str) -> tuple[Model, Effects]:
    days = model.days
    if days is None:
        return model, ()
    was = days.table.my_turn()
    heard = _heard(days, url, text, _clock(days, now))
    if heard is None:
        return model, ()
    days, effects, stranded = heard
    if stranded:
        model = replace(model, notice=_no_relay())
    return _arrived(model, days, effects, was, now)


def _arrived(
    model: Model, days: Days, effects: Effects, was: bool, now: str
) -> tuple[Model, Effects]:
    """The table after what came from a relay or a page met directly: shown, kept once
    the table is told, and the player notified if their turn came with it."""
    table = days.table
    if table.my_turn() and not was and days.told:
        names = [n for s, n in enumerate(table.names) if s != table.seat()]
        said = _("Your turn at the table with {names}.").format(names=and_list(names))
        effects = (*effects, Notify(_("Senator"), said))
    before = model.days
    if before is not None and len(table.lines) > len(before.table.lines):
        effects = (*effects, Scroll("chat"))  # the newest line in view
    days, meet = _met_anew(model, days)
    return _shown(model, days, now, keep=days.told), (*effects, *meet)


# ------------------------------------------------------------------ the pages met directly


def _peer_joined(model: Model, link: str) -> tuple[Model, Effects]:
    """A page of the table met directly: told what this device holds."""
    days = model.days
    if days is None:
        return model, ()
    links = days.links.copy()
    outs = links.opened(link, days.shelves, _made(model, f"here|{link}")[:32])
    return replace(model, days=replace(days, links=links)), _transmitted(outs)


def _peer_left(model: Model, link: str) -> tuple[Model, Effects]:
    days = model.days
    if days is None or link not in days.links.holds:
        return model, ()
    links = days.links.copy()
    links.closed(link)
    return replace(model, days=replace(days, links=links)), ()


def _peer_sent(model: Model, link: str, text: str, now: str) -> tuple[Model, Effects]:
    """A frame from a page met directly: the events it brings taken as a relay's are,
    what this device holds sent where that page lacks it; a page that floods is shut
    out, and the player told."""
    days = model.days
    if days is None or link in days.links.shut or link not in days.links.holds:
        return model, ()  # a connection shut for flooding: dropped unread, at no cost
    if days.links.again(link, text, days.shelves):
        return model, ()  # an event held already: counted, nothing to show
    was = days.table.my_turn()
    clock = _clock(days, now)
    lobby, table, shelves, links = days.copied()
    outs, records = links.frame(link, text, shelves)
    if not outs and not records and links.here == days.links.here:
        # Nothing of use (a forged, foreign or malformed frame): counted on the shared
        # count, and the page left as it was, so a flood costs no drawing until it is shut.
        return model, ()
    days = replace(days, lobby=lobby, table=table, shelves=shelves, links=links, clock=clock)
    days, passed = _came(days, records, link in links.caught)
    effects = (*_transmitted(outs), *passed)
    if any(isinstance(o, Shut) for o in outs):
        model = replace(model, notice=PROBLEMS["flood"]())
    if not records and not any(isinstance(o, Caught) for o in outs):
        return replace(model, days=days), effects
    days, made = _due(days, clock)
    return _arrived(model, days, (*effects, *made), was, now)


def _due(days: Days, clock: float) -> tuple[Days, Effects]:
    """What this device adds now that it is open, once a relay has told it the table:
    the game's beginning (the opener, once every seat is claimed), its reveal for a
    chance point, a chance point's entry, the computers' moves; published."""
    if not days.told or days.elsewhere:
        return days, ()
    lobby, table = days.lobby, days.table
    made: list[Record] = []
    if table.begin is None and days.opener and lobby.offer is not None and not lobby.open_seats():
        begin = lobby.begin(days.chain, clock)
        table.take(begin, clock)
        made.append(begin)
    if days.claiming and lobby.offer is not None and table.begin is None and not days.opener:
        seated = days.key.public in {c.author for c in lobby.seated().values()}
        if not seated and lobby.open_seats():  # the next game's seat, taken at once
            made.append(lobby.claim(days.chain, days.claiming, clock, days.turn))
        days = replace(days, claiming="")
    if table.begin is None and not days.opener and lobby.offer is not None:
        again = lobby.reclaim(days.chain, clock)  # a seat lost to a friend's earlier claim
        if again is not None:
            made.append(again)
    if table.begin is not None:
        made += table.due(clock, computers=False)  # the computers think in the background
    if not made:
        return days, ()
    return days, _published(days, made, clock)


def _published(days: Days, made: list[Record], clock: float) -> Effects:
    """Records made here (on the copies in `days`): kept, published to the relays that
    have answered, and sent to the pages met directly."""
    days.shelves.keep(made, clock)
    return (
        *_sent(days.shelves.publish(made, clock)),
        *_transmitted(days.links.spread(made, days.shelves)),
    )


# ------------------------------------------------------------------ what the player does


Change = tuple[list[Record], str]  # records made, or what stops the change


def _changed(
    model: Model, now: str, change: Callable[[Model, Days, float], Change]
) -> tuple[Model, Effects]:
    """Runs a change at the open table on copies: records it makes are kept, published,
    and followed by what falls due; a refusal is said and changes nothing."""
    days = model.days
    if days is None:
        return model, ()
    clock = _clock(days, now)
    lobby, table, shelves, links = days.copied()
    days = replace(days, lobby=lobby, table=table, shelves=shelves, links=links, clock=clock)
    if days.elsewhere:
        said = _("This table is open in another tab of this browser: play on there.")
        return replace(model, notice=said), ()
    made, problem = change(model, days, clock)
    if problem:
        return replace(model, notice=problem), ()
    effects = _published(days, made, clock)
    days, due = _due(days, clock)
    return _shown(model, days, now, keep=True), (*effects, *due)


def _claim(model: Model, days: Days, clock: float) -> Change:
    lobby = days.lobby
    if lobby.offer is None:
        return [], _("The table is still being fetched from its relays.")
    if days.key.public in {c.author for c in lobby.seated().values()} or days.opener:
        return [], ""
    try:
        return [lobby.claim(days.chain, _name(model), clock, own_turn(model))], ""
    except ValueError:
        return [], _("Every seat at this table is taken.")


def _begin_now(model: Model, days: Days, clock: float) -> Change:
    if not days.told:
        return [], _("The table is still being fetched from its relays.")
    if not days.opener or days.table.begin is not None:
        return [], ""
    begin = days.lobby.begin(days.chain, clock, fill=True)
    problem = days.table.take(begin, clock)
    return ([begin], "") if problem is None else ([], problem)


def _hand_over(model: Model, days: Days, clock: float) -> Change:
    record = days.table.stand_in(clock)
    if record is None:
        return [], _("Their time has not run out yet.")
    return [record], ""


def _come_back(model: Model, days: Days, clock: float) -> Change:
    record = days.table.come_back(clock)
    return ([record], "") if record is not None else ([], "")


def _leave(model: Model, days: Days, clock: float) -> Change:
    try:
        return [days.table.leave(clock)], ""
    except ValueError:
        return [], _("You have left this table already.")


def play(model: Model, text: str, now: str) -> tuple[Model, Effects]:
    """The player's move at a table over days: added to its stream, kept, published."""
    days = model.days
    game = model.game
    assert days is not None
    if game is not None and days.table.computer_due() is not None:
        return _changed(model, now, lambda m, d, clock: _computer(d, text, clock))
    if game is None or model.screen != "game" or not days.table.my_turn():
        return replace(model, notice=_("It is not your turn.")), ()
    try:
        played(game, text)
    except IllegalActionError as err:
        return replace(model, notice=error_text(err)), ()

    def move(model: Model, days: Days, clock: float) -> Change:
        try:
            return [days.table.play(text, clock)], ""
        except ValueError as err:
            return [], str(err)

    return _changed(model, now, move)


def _computer(days: Days, text: str, clock: float) -> Change:
    """The move the computer to move chose, thought out on this page, added."""
    try:
        return [days.table.computer_moved(text, clock)], ""
    except ValueError as err:
        return [], str(err)


def say(model: Model, text: str, now: str) -> tuple[Model, Effects]:
    """A line of the table's chat: `text` (a quick reaction) or the line written, kept
    with the table and published as its moves are."""
    days = model.days
    if days is None or days.table.begin is None:
        return model, ()
    line = chat_line(text, days.draft)
    if not line:
        return model, ()
    said_at = stamped_line(days.said_at, now)
    if said_at is None:
        return replace(model, notice=too_fast()), ()
    stamped = replace(days, said_at=said_at, draft="" if not text else days.draft)

    def said(model: Model, days: Days, clock: float) -> Change:
        try:
            return [days.table.say(line, clock)], ""
        except ValueError:
            return [], _("You have said all a table's chat keeps.")

    changed, effects = _changed(replace(model, days=stamped), now, said)
    return changed, (*effects, Scroll("chat"))


def draft(model: Model, text: str) -> Model:
    """The chat line being written."""
    days = model.days
    return replace(model, days=replace(days, draft=text[:MAX_SAID])) if days else model


def share_turn(model: Model) -> tuple[Model, Effects]:
    """The share sheet (or a copy) with a short message to the players awaited."""
    days = model.days
    if days is None:
        return model, ()
    table = days.table
    names = [table.names[s] for s in table.awaited()] if table.begin is not None else []
    text = (
        _("{names}: your turn at our Senator table.").format(names=and_list(names))
        if names
        else _("Join our Senator table: the game waits for you.")
    )
    return model, (Share(_("Senator"), text, link(model, days)),)


# ------------------------------------------------------------------ what the page shows


def seats_of(days: Days) -> tuple[str, ...]:
    """Who plays each seat, as the table shows it: a computer's level, this device's
    player (HUMAN) unless their move waits for the next round's chance or another tab
    plays here, or a friend at a device of their own."""
    table = days.table
    game, seat = table.game, table.seat()
    held = table.point and game is not None and game.to_move == seat
    over = game is not None and game.decision == "over"
    out = []
    for s in range(len(table.devices)):
        level = table.level(s)
        if s == seat and over:
            out.append(HUMAN)  # the results are the player's, whoever played at the end
        elif level is not None:
            out.append(level)
        elif s == seat and not held and not days.elsewhere:
            out.append(HUMAN)
        else:
            out.append(REMOTE)
    return full_occupants(tuple(out))


def _shown(model: Model, days: Days, now: str, keep: bool = False) -> Model:
    """The model showing the table `days`: its lobby before the game, else the game as
    far as it has gone; its line in the title's list and what the browser keeps of it
    brought up to date (`keep`) once the relays have told the table."""
    model = replace(model, days=days, clock=days.clock)
    game = days.table.game
    if game is None:
        model = replace(on_screen(model, "lobby"), game=None, turns=())
    else:
        occupants = seats_of(days)
        before = model.game
        if before is None or model.screen in ("lobby", "title", "setup", "history"):
            turns = turns_for(replace(model, game=game, occupants=occupants, turns=()))
            model = playing(model, game, tuple(range(PALETTE_SIZE)), occupants, turns)
            if days.seen < game.moves and days.since is None:
                days = replace(days, since=days.seen)
                model = replace(model, days=days)
        elif game is not before:
            model = moved_on(model, game, occupants)
        elif occupants != model.occupants:
            model = replace(model, occupants=occupants)
        if game.decision == "over" and model.screen == "game":
            model = _ended(on_screen(model, "end"), days, now)
    if game is not None and days.since is None and days.seen != game.moves:
        model = replace(model, days=replace(days, seen=game.moves))  # seen as it happens
    return _kept(model) if keep else model


def _ended(model: Model, days: Days, now: str) -> Model:
    """The table's game, over, kept with the games played (once: a game kept is known by
    its deal, its moves and when it began). A person's seat is a person's in the record,
    though a computer played it at the end."""
    game = days.table.game
    assert game is not None
    levels = days.table.levels
    people = tuple(HUMAN if d else levels[s] for s, d in enumerate(days.table.devices))
    record = GameRecord(game, tuple(range(game.players)), people, started=_began(days))
    return replace(model, history=add_kept(model.history, (kept(record, now),)))


def _began(days: Days) -> str:
    begin = days.table.begin
    at = begin.body.get("at") if begin is not None else None
    return datetime.fromtimestamp(at).astimezone().isoformat() if isinstance(at, int) else ""


def listed(days: Days, seen_at: float) -> Listed:
    """The table's line in the title's list, as this device sees it now."""
    table, lobby = days.table, days.lobby
    game = table.game
    if table.begin is None:
        offer = lobby.offer
        names = [str(offer.body["name"])] if offer is not None else []
        names += [str(c.body["name"]) for _s, c in sorted(lobby.seated().items())]
        seat = (
            0
            if days.opener
            else next((s for s, c in lobby.seated().items() if c.author == days.key.public), None)
        )
        return Listed(days.room, tuple(names), seat, seen_at=seen_at, relays=days.relays)
    told = [e for e in log_of(game)[-6:] if describe(e) is not None] if game and game.moves else []
    over = game is not None and game.decision == "over"
    seat = table.seat()
    state = table.state
    return Listed(
        days.room,
        tuple(game.names if game is not None else table.names),
        seat,
        tuple(table.awaited()),
        table.deadline(),
        (told[-1].id, dict(told[-1].args)) if told else None,
        over,
        tuple(game.winners()) if over and game is not None else (),
        seen_at,
        True,
        days.relays,
        seat in state.stood,
        seat in state.gone,
    )


def _kept(model: Model, peeked: Days | None = None) -> Model:
    """The open table's line and stream (or the table `peeked` at from the title)
    brought up to date in what the browser keeps."""
    days = peeked or model.days
    if days is None:
        return model
    was = next((t for t in model.tables if t.room == days.room), None)
    line = listed(days, days.clock if peeked is None or was is None else was.seen_at)
    others = tuple(t for t in model.tables if t.room != days.room)
    tables = (line, *others)
    if len(tables) > MAX_TABLES:  # the oldest ended table goes first, else the oldest
        ended = [t for t in tables[1:] if t.over] or list(tables[1:])
        gone = min(ended, key=lambda t: t.seen_at)
        tables = tuple(t for t in tables if t is not gone)
    rooms = {t.room for t in tables}
    streams = (
        (days.room, days_text(days)),
        *((room, text) for room, text in model.kept_days if room != days.room and room in rooms),
    )
    return replace(model, tables=tables, kept_days=streams)


def ordered(tables: tuple[Listed, ...]) -> list[Listed]:
    """The title's list: "Your turn" first, then the games going on, then those ended;
    the most recently seen first in each."""
    return sorted(tables, key=lambda t: (not t.my_turn, t.over, -t.seen_at))


def close(model: Model) -> tuple[Model, Effects]:
    """The open table closed (the player went elsewhere): its sockets and its lock."""
    if model.days is None:
        return model, ()
    game = None if model.game is model.days.table.game else model.game
    return replace(model, days=None, game=game), (Disconnect(), *_leave_open(model), Address(""))
