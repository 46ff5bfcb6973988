"""Playing online, as the application sees it: the table opened, the invitation, the
seats filling, and every device's moves, all through the protocol's `Device`.

The network is one more source of messages (`PeerJoined`, `PeerLeft`, `PeerSent`,
`NetTick`, `NetTrouble`), and sending is an effect (`Connect`, `Transmit`,
`Disconnect`). Each message works on a copy of the model's device, so an old
model stays as it was; what the device says to do becomes effects, and its game
becomes the model's game, seen from this device's seat.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace
from datetime import datetime
from typing import assert_never

from ...actions import IllegalActionError
from ...config import DEFAULT_NAMES, GameConfig
from ...i18n import _
from ...online.chance import Chain
from ...online.codes import MAX_CODE, CodeError, pack, unpack
from ...online.device import HUMAN, Device, Out, Renew, Report, Said, Send, Shut, played
from ...online.keys import Key
from ...online.relays import (
    RELAYED,
    Drop,
    Frame,
    Heard,
    Joined,
    Left,
    NoRelay,
    RelayPath,
)
from ...online.relays import Out as RelayOut
from ...online.wire import MAX_CHAT, WireError, encode
from ...refusals import error_text
from ..changes import moved_on, on_screen, playing, set_aside
from ..derived import record_of, turns_for
from ..effects import (
    Accept,
    After,
    Answer,
    CloseLink,
    CloseRelay,
    Connect,
    Disconnect,
    Effect,
    Effects,
    ForgetAddress,
    LoadQr,
    Offer,
    OpenRelays,
    RelaySend,
    ReopenRelays,
    Scroll,
    Transmit,
)
from ..keeping.saves import add_kept, kept
from ..model import REMOTE, Model
from ..setup.state import PALETTE_SIZE, RELAYS, RELAYS_BEFORE
from ..setup.update import game_config, usable
from ..ui.text import said_of
from .messages import (
    AcceptCode,
    BeginTable,
    CodeMade,
    Invited,
    LeaveTable,
    MakeCode,
    Message,
    Mute,
    NetTick,
    NetTrouble,
    OpenTable,
    PageHidden,
    PageShown,
    PeerJoined,
    PeerLeft,
    PeerSent,
    QrReady,
    Rejoin,
    RelayClosed,
    RelayFrame,
    RelayOpened,
    Say,
    StandIn,
    TakeSeat,
)
from .state import Online

TICK_SECONDS = 3.0  # how often a device asks again for what it may have missed
ASLEEP_SECONDS = 3.0  # a page out of sight longer may have lost its connections
TURN_TRIES = 3  # joins with the TURN servers the others shared, while none connects
TURN_RETRY_TICKS = 8  # ticks between two of them
UNREACHED_TICKS = 7  # a guest that has not reached the host in this many ticks says so
STAND_IN = "normal"  # the computer that plays a missing player's seat, on the host
CHAT_KEPT = 30  # the chat lines a device keeps
CHAT_BURST = 4  # at most this many lines of one's own ...
CHAT_WINDOW = 10.0  # ... in this many seconds
REACTIONS = ("👍", "👏", "😮", "😄", "😬", "🤝")  # the quick reactions

# "#table=<room>.<secret>.<host>": the room the devices meet in, the secret that
# seals what the relays carry, and the host's device. Browsers never send the part
# after "#" to any server.
INVITATION = re.compile(
    r"#?table=([0-9a-f]{16})\.([0-9a-f]{32})\.([0-9a-f]{64})"
    r"((?:,[A-Za-z0-9._~:/%-]{1,120}){0,8})\Z"
)
# A table opened with the game's own relays meets on this many of them, chosen by its
# room, so tables spread over the set (as the transport library does with its own).
SPREAD = 4
# "#offer=<host>.<room>.<code>": an invitation code (`codes.py`) for a table met with
# no relay: the host's offer to one guest.
OFFER = re.compile(
    rf"#?offer=([0-9a-f]{{64}})\.([0-9a-f]{{16}})\.([A-Za-z0-9_-]{{1,{MAX_CODE}}})\Z"
)
HOST_LINK = "host"  # a guest's one connection at a table met by codes


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of online play's messages, and the effects to carry out."""
    model = _clocked(model, now)
    match msg:
        case OpenTable(direct):
            return open_table(set_aside(model, now), direct)
        case Invited(fragment):
            return opened_at(model, fragment, now)
        case TakeSeat(seat):
            return take_seat(model, seat)
        case BeginTable():
            return begin(model)
        case LeaveTable():
            return leave(set_aside(model, now) if model.game else model)
        case StandIn(seat):
            return stand_in(model, seat)
        case Say(text):
            return say(model, text, now)
        case Mute():
            return mute(model), ()
        case PeerJoined(link):
            return peer_joined(model, link)
        case PeerLeft(link):
            return peer_left(model, link, now)
        case PeerSent(link, text):
            return peer_sent(model, link, text, now)
        case NetTick(room):
            return tick(model, room, now)
        case RelayOpened(url):
            return relay_opened(model, url, now)
        case RelayClosed(url):
            return relay_closed(model, url, now)
        case RelayFrame(url, text):
            return relay_frame(model, url, text, now)
        case PageHidden():
            return _bye(model)
        case PageShown(hidden):
            return woken(model, hidden)
        case Rejoin():
            return rejoin(model)
        case NetTrouble(reason):
            return trouble(model, reason)
        case QrReady():
            return qr_ready(model), ()
        case MakeCode():
            return make_code(model)
        case CodeMade(link, sdp):
            return code_made(model, link, sdp)
        case AcceptCode():
            return accept_code(model)
        case _:
            assert_never(msg)


def invitation(model: Model) -> str:
    """The link that brings a guest to this table."""
    online = model.online
    assert online is not None
    base = model.page_url.split("#")[0]
    relays = linked_relays(online.relays)
    return f"{base}#table={online.room}.{online.secret}.{online.device.host}{relays}"


def linked_relays(relays: tuple[str, ...]) -> str:
    """A table's relays as its link carries them (",nos.lol,ws://127.0.0.1:7000"), kept
    short; `_invited_relays` reads them back."""
    return "".join("," + url.removeprefix("wss://") for url in relays)


def table_relays(lines: tuple[str, ...], room: str) -> tuple[str, ...]:
    """The relays a table opened now meets on: those the player wrote in the settings,
    or, while they are the game's own, `SPREAD` of them chosen by the table's room."""
    written = usable("relays", lines)
    if set(written) not in (set(RELAYS), set(RELAYS_BEFORE)):
        return written
    ranked = sorted(RELAYS, key=lambda url: hashlib.sha256(f"{room}|{url}".encode()).digest())
    return tuple(ranked[:SPREAD])


def _invited_relays(written: str, model: Model) -> tuple[str, ...]:
    """The relays an invitation names (",nos.lol,ws://127.0.0.1:7000")."""
    named = [r if r.startswith(("wss://", "ws://")) else "wss://" + r for r in written.split(",")]
    return _or_own(tuple(named[1:]), model)


def _or_own(lines: tuple[str, ...], model: Model) -> tuple[str, ...]:
    """The relays of a table as kept or named, or, where none is, the player's own."""
    return usable("relays", lines) or usable("relays", model.setup.relays)


def offer_link(model: Model) -> str:
    """The link that brings one guest to this table met by codes: the host's offer."""
    online = model.online
    assert online is not None
    base = model.page_url.split("#")[0]
    return f"{base}#offer={online.device.host}.{online.room}.{online.code}"


def _made(model: Model, purpose: str) -> str:
    """A random-looking hex id of this page's own, from the page's entropy."""
    return hashlib.sha256(f"{model.entropy}|{purpose}".encode()).hexdigest()


def _key(model: Model) -> Key:
    """This page's key at the table it opens or joins, from the page's entropy."""
    return Key(bytes.fromhex(_made(model, "key")))


def _chain(model: Model) -> Chain:
    """A new chain for this page's share of a table's chance, from the page's entropy."""
    return Chain(bytes.fromhex(_made(model, "chain")))


def _at_lobby(model: Model, online: Online) -> Model:
    """At the lobby of the table `online` just opened or joined, the entropy its ids
    came from spent."""
    return replace(
        on_screen(_spent(model), "lobby"), online=online, game=None, turns=(), notice=None
    )


def _spent(model: Model) -> Model:
    """The model with its entropy moved on once a table has taken its ids from it: the
    next table this page opens or joins shares no id, secret or chance with this one."""
    return replace(model, entropy=_made(model, "next"))


def _connect(model: Model, online: Online) -> Effects:
    """Meeting the others: through the relays, or at a table met by codes, by the
    codes the players pass each other (made when asked for); and the ticks."""
    return (*_join(model, online), After(TICK_SECONDS, NetTick(online.room)))


def _join(model: Model, online: Online) -> Effects:
    """Joining the table's room on the relays (none at a table met by codes)."""
    if online.direct:
        return ()
    return (_joining(model, online), OpenRelays(online.relays))


def _joining(model: Model, online: Online) -> Connect:
    """Joining the table's room with the STUN and TURN servers of this device's
    settings and the TURN servers the other devices shared."""
    return Connect(
        online.room, online.secret, online.relays, ice_servers(model, online.device.shared)
    )


def ice_servers(
    model: Model, shared: tuple[str, ...] = ()
) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The STUN and TURN servers of this device's settings, then those `shared` by the
    other devices, as the browser takes them."""
    own = usable("ice", model.setup.ice)
    lines = (*own, *(s for s in shared if s not in own))
    return tuple(ice_server(line) for line in lines)


def own_turn(model: Model) -> tuple[str, ...]:
    """The TURN servers of this device's settings, which it shares with the table."""
    return tuple(s for s in usable("ice", model.setup.ice) if s.startswith(("turn:", "turns:")))


def ice_server(line: str) -> tuple[tuple[str, str], ...]:
    """An ICE server from a line of the settings, "stun:host:port" or "turn:host:port
    user password", as the fields of the browser's `RTCIceServer`."""
    url, *rest = line.split()
    if len(rest) >= 2:
        return (("urls", url), ("username", rest[0]), ("credential", rest[1]))
    return (("urls", url),)


def _name(model: Model) -> str:
    return " ".join(model.setup.names[0].split())[:40] or DEFAULT_NAMES[0]


# ------------------------------------------------------------------ opening a table


def seats_to_share(model: Model) -> tuple[GameConfig, tuple[str, ...]] | str:
    """The game set up and who plays each seat, for a table shared with friends (the
    first seat the player's, one more at least a friend's), or why it cannot be."""
    try:
        config = game_config(model.setup)
    except ValueError as err:
        return said_of(err)
    occupants = model.setup.occupants[: config.players]
    if occupants[0] != HUMAN:
        return _("The first seat is yours at an online table: make it Human.")
    if HUMAN not in occupants[1:]:
        return _("Make at least one more seat Human: that seat is for a friend you invite.")
    return config, occupants


def open_table(model: Model, direct: bool = False) -> tuple[Model, Effects]:
    """The host opens the table set up: seat 1 is the host's, every other Human seat
    waits for an invited player, the computers' seats are the host's computers'.
    `direct`: the guests come by codes, with no relay (the first code is made now)."""
    seated = seats_to_share(model)
    if isinstance(seated, str):
        return replace(model, notice=seated), ()
    config, occupants = seated
    key = _key(model)
    device = Device(key, model.build, _name(model), key.public, _chain(model))
    device.takeover = not direct
    device.turn = () if direct else own_turn(model)
    outs = device.open_table(config, occupants)
    secret = "" if direct else _made(model, "secret")[:32]
    room = _made(model, "room")[:16]
    relays = () if direct else table_relays(model.setup.relays, room)
    online = Online(device, room, secret, direct=direct, relays=relays)
    opened = _at_lobby(model, online)
    effects = (Disconnect(), *_connect(opened, online), LoadQr())  # the last table left
    if direct:
        opened, offered = make_code(opened)
        effects += offered
    return _carried(opened, device, outs, effects)


def qr_ready(model: Model) -> Model:
    online = model.online
    return model if online is None else replace(model, online=replace(online, qr=True))


def opened_at(model: Model, fragment: str, now: str) -> tuple[Model, Effects]:
    """The page's address names something after "#", at load or since: an invitation
    joins its table (the game in progress set aside); anything else there is none."""
    named = fragment.removeprefix("#")
    if named.startswith("offer="):
        joined, effects = invited(set_aside(model, now), fragment)
        # An offer answers once: a reload must not answer it again.
        return joined, (ForgetAddress(fragment=True), *effects)
    if named.startswith("table="):
        return invited(set_aside(model, now), fragment)
    return model, ()


def invited(model: Model, fragment: str) -> tuple[Model, Effects]:
    """The page was opened from an invitation: join its table as a guest."""
    offered = OFFER.match(fragment)
    if offered is not None:
        return _invited_by_code(model, offered)
    found = INVITATION.match(fragment)
    if found is None:
        return replace(model, notice=_("This invitation link is not whole: ask for it again.")), ()
    room, secret, host, relays = found.groups()
    if model.online is not None and model.online.room == room:
        return model, ()  # at this table already
    key = _key(model)
    if key.public == host:
        return model, ()
    device = Device(key, model.build, _name(model), host, _chain(model))
    device.turn = own_turn(model)
    online = Online(device, room, secret, relays=_invited_relays(relays, model))
    joined = _at_lobby(model, online)
    return joined, (Disconnect(), *_connect(joined, online))  # any other table left


def _invited_by_code(model: Model, found: re.Match[str]) -> tuple[Model, Effects]:
    """Opened from an invitation code (`OFFER`): answer it (a page at that table already,
    after a reload or a lost connection, answers with the device it is)."""
    host, room, code = found.groups()
    try:
        sdp = unpack(code, "offer")
    except CodeError:
        return replace(model, notice=_("This invitation code is not whole: ask for it again.")), ()
    online = model.online
    if online is not None and online.direct and online.room == room:
        if online.device.hosting:
            return model, ()  # the host opened its own code
        again = replace(online, coding=HOST_LINK, code="", trouble="", waited=0)
        return replace(model, online=again, notice=None), (Answer(HOST_LINK, sdp),)
    key = _key(model)
    if key.public == host:
        return model, ()
    device = Device(key, model.build, _name(model), host, _chain(model))
    device.takeover = False
    online = Online(device, room, "", direct=True, coding=HOST_LINK)
    joined = _at_lobby(model, online)
    return joined, (Disconnect(), *_connect(joined, online), Answer(HOST_LINK, sdp), LoadQr())


def make_code(model: Model) -> tuple[Model, Effects]:
    """The host opens a connection for one guest; its offer comes back as `CodeMade`."""
    online = model.online
    if online is None or not online.direct or not online.device.hosting:
        return model, ()
    link = f"code-{online.offers + 1}"
    made = replace(online, coding=link, code="", pasted="", offers=online.offers + 1)
    return replace(model, online=made), (Offer(link),)


def code_made(model: Model, link: str, sdp: str) -> tuple[Model, Effects]:
    """This end's offer (on the host) or answer (on a guest), made into a code to show."""
    online = model.online
    if online is None or not online.direct:
        return model, ()
    hosting = online.device.hosting
    if link != (online.coding if hosting else HOST_LINK):
        return model, ()  # an offer made before the last one
    try:
        code = pack(sdp, "offer" if hosting else "answer")
    except CodeError:
        return trouble(model, "other")
    return replace(model, online=replace(online, code=code)), ()


def pasted(model: Model, text: str) -> Model:
    """The answer code being pasted on the host."""
    online = model.online
    if online is None:
        return model
    return replace(model, online=replace(online, pasted=text[: MAX_CODE * 2]))


def accept_code(model: Model) -> tuple[Model, Effects]:
    """The host takes a guest's answer code: their connection opens."""
    online = model.online
    if online is None or not online.direct or not online.coding:
        return model, ()
    text = online.pasted.strip()
    if "#" in text or "=" in text:  # the whole message pasted: the code is its last word
        text = text.replace("=", " ").replace("#", " ").split()[-1]
    try:
        sdp = unpack(text, "answer")
    except CodeError:
        said = _("This answer code is not whole: ask your friend to send it again.")
        return replace(model, notice=said), ()
    taken = replace(online, coding="", code="", pasted="")
    return replace(model, online=taken, notice=None), (Accept(online.coding, sdp),)


def take_seat(model: Model, value: str) -> tuple[Model, Effects]:
    online = model.online
    if online is None or online.device.game is not None or not value.isdigit():
        return model, ()
    device = online.device.copy()
    return _carried(model, device, device.sit(int(value), _name(model)))


def begin(model: Model) -> tuple[Model, Effects]:
    online = model.online
    if online is None or not online.device.hosting or online.device.entries:
        return model, ()
    seats = online.device.seats
    if any(o == HUMAN and not d for o, d in zip(seats.occupants, seats.devices, strict=True)):
        return replace(model, notice=_("Every invited seat needs its player first.")), ()
    if not online.device.greeted:
        return replace(model, notice=_("Every player needs to be back at the table first.")), ()
    device = online.device.copy()
    return _carried(model, device, device.begin())


def again(model: Model) -> tuple[Model, Effects]:
    """The host begins the table's next game with the same players, once this one is
    over (each guest's page follows to the lobby and sits where it sat)."""
    online = model.online
    game = model.game
    if online is None or game is None or game.decision != "over":
        return model, ()
    if not online.device.hosting:
        return replace(model, notice=_("The host begins the next game at this table.")), ()
    device = online.device.copy()
    outs = device.again(_chain(model))
    return _carried(_spent(model), device, outs)


def leave(model: Model) -> tuple[Model, Effects]:
    """This device leaves (the game, as far as it went, set aside first by the caller)."""
    if model.online is None:
        return model, ()
    left = replace(on_screen(model, "title"), online=None, game=None, turns=(), notice=None)
    return left, (*_bye(model)[1], Disconnect())


def _bye(model: Model) -> tuple[Model, Effects]:
    """This page's bye through the relays, so the others hear at once that it goes
    (the page's direct connections close by themselves)."""
    online = model.online
    if online is None or online.path is None:
        return model, ()
    path = online.path.copy()
    frames = _frames(path.bye(online.clock))
    return replace(model, online=replace(online, path=path)), frames


def woken(model: Model, hidden: float) -> tuple[Model, Effects]:
    """The page seen again after a while out of sight, as a phone's after its sleep: its
    connections may have died meanwhile without it being told, and what the table did
    since never came. It opens its relays' sockets afresh and asks the host at once,
    on every way it has to it, for what it missed."""
    online = model.online
    if online is None or online.direct or hidden < ASLEEP_SECONDS:
        return model, ()
    device = online.device.copy()
    return _carried(model, device, device.woken(), (ReopenRelays(),))


def stand_in(model: Model, value: str) -> tuple[Model, Effects]:
    online = model.online
    if online is None or not value.isdigit() or not online.device.hosting:
        return model, ()
    seat = int(value)
    device = online.device.copy()
    if seat >= len(device.devices):
        return model, ()
    return _carried(model, device, device.stand_in(seat))


# ------------------------------------------------------------------ moves


def away(online: Online) -> list[int]:
    """The seats whose players this device knows to be away. A guest at a table met by
    codes reaches the host alone, so it can only know whether the host is there."""
    device = online.device
    known = device.hosting or not online.direct
    return [
        s
        for s, d in enumerate(device.devices)
        if d and d != device.me and d not in device.present and (known or d == device.host)
    ]


def mine(model: Model, seat: int) -> bool:
    """Whether this device plays `seat`: its own player's, or on the host a computer's."""
    online = model.online
    if online is None:
        return True
    kind = model.occupants[seat]
    return kind == HUMAN or (kind != REMOTE and online.device.hosting)


def play(model: Model, text: str, now: str) -> tuple[Model, Effects]:
    """A move made on this device, sent to the table (the host orders it at once)."""
    online = model.online
    game = model.game
    assert online is not None
    if game is None or model.screen != "game" or game.to_move is None:
        return replace(model, notice=_("There is no game in progress.")), ()
    if not mine(model, game.to_move):
        return replace(model, notice=_("It is not your turn.")), ()
    try:
        played(game, text)
    except IllegalActionError as err:
        return replace(model, notice=error_text(err)), ()
    device = online.device.copy()
    return _carried(model, device, device.play(text), now=now)


# ------------------------------------------------------------------ the network


def peer_joined(model: Model, link: str) -> tuple[Model, Effects]:
    """A connection opened: the trouble said before, if any, is over."""
    if model.online is None:
        return model, ()
    if model.online.trouble:
        model = replace(model, online=replace(model.online, trouble=""))
    assert model.online is not None
    device = model.online.device.copy()
    return _carried(model, device, device.joined(link))


def peer_left(model: Model, link: str, now: str) -> tuple[Model, Effects]:
    if model.online is None:
        return model, ()
    device = model.online.device.copy()
    return _carried(model, device, device.left(link), now=now)


def peer_sent(model: Model, link: str, text: str, now: str) -> tuple[Model, Effects]:
    if model.online is None or link in model.online.device.shut:
        return model, ()  # a connection shut for flooding: dropped unread, at no cost
    device = model.online.device.copy()
    return _carried(model, device, device.receive(link, text), now=now)


def tick(model: Model, room: str, now: str) -> tuple[Model, Effects]:
    online = model.online
    if online is None or online.room != room:
        return model, ()  # a tick of a table left
    relayed: Effects = ()
    if online.path is not None:
        path = online.path.copy()
        # "Here" less often once every seat is filled, or the game is under way.
        seats = online.device.seats
        filled = all(d for d, o in zip(seats.devices, seats.occupants, strict=True) if o == HUMAN)
        path.steady = online.device.game is not None or (bool(seats.devices) and filled)
        model, relayed = _relayed(model, path, path.tick(online.clock), now)
        online = model.online
        assert online is not None
    device = online.device.copy()
    alone = not device.hosting and device.host not in device.present
    waited = online.waited + 1 if alone else 0
    rejoin: Effects = ()
    if waited and waited % UNREACHED_TICKS == 0:
        # Long out of reach: join the room afresh, so every connection is tried anew.
        rejoin = _join(model, online)
    tries = _turn_tries(online, device)
    if not rejoin and tries:
        # A device reached through the relays alone, and TURN servers shared: join the
        # room again with them, so a connection can form through one.
        rejoin = (_joining(model, online),)
    if rejoin:
        again = replace(online, joined_turn=device.shared, turn_tries=tries, turn_ticks=0)
        model = replace(model, online=again)
    elif online.turn_tries:
        model = replace(model, online=replace(online, turn_ticks=online.turn_ticks + 1))
    online = model.online
    assert online is not None
    if waited == UNREACHED_TICKS:
        model, _none = trouble(model, "unreached")
    elif not waited and online.waited:
        model = replace(model, online=replace(online, trouble=""))  # reached again
    assert model.online is not None
    model = replace(model, online=replace(model.online, waited=waited))
    ticks = (After(TICK_SECONDS, NetTick(online.room)), *rejoin, *relayed)
    return _carried(model, device, device.tick(), ticks)


def _turn_tries(online: Online, device: Device) -> int:
    """The tries at joining the room with the TURN servers the others shared, counting
    the one due now (0 if none is): one as soon as servers come that the room was not
    joined with, then, while a device is still reached through the relays alone, again
    after a while, a few times (the other device's last try must end first, or it takes
    the new one for the old)."""
    if online.direct or not device.shared or not _relayed_only(device):
        return 0
    if device.shared != online.joined_turn:
        return 1
    if 0 < online.turn_tries < TURN_TRIES and online.turn_ticks + 1 >= TURN_RETRY_TICKS:
        return online.turn_tries + 1
    return 0


def _relayed_only(device: Device) -> bool:
    """Whether a device this one has met is reached through the relays alone."""
    direct = {d for link, d in device.links.items() if not link.startswith(RELAYED)}
    return any(d not in direct for d in device.links.values())


# ------------------------------------------------------------------ the path through the relays


def rejoin(model: Model) -> tuple[Model, Effects]:
    """The table met again with the settings as they are now: the relays written there
    join the table's own (up to eight), and the STUN and TURN servers are taken anew."""
    online = model.online
    if online is None or online.direct:
        return model, ()
    relays = tuple(dict.fromkeys((*online.relays, *usable("relays", model.setup.relays))))[:8]
    path = online.path.copy() if online.path is not None else None
    if path is not None:
        path.urls = relays
    device = online.device.copy()
    shared = device.share_turn(own_turn(model))
    again = replace(online, relays=relays, path=path, trouble="", waited=0)
    again = replace(again, joined_turn=device.shared)
    return _carried(replace(model, online=again), device, shared, _join(model, again))


def _clocked(model: Model, now: str) -> Model:
    """The model with the page's time kept at its table (what the relays' events are
    dated by)."""
    online = model.online
    moment = seconds(now)
    if online is None or moment is None or moment == online.clock:
        return model
    return replace(model, online=replace(online, clock=moment))


def relay_opened(model: Model, url: str, now: str) -> tuple[Model, Effects]:
    """A relay's socket opened: this page's path through the relays is made with the
    first."""
    online = model.online
    if online is None or online.direct or url not in online.relays:
        return model, ()
    path = online.path.copy() if online.path is not None else None
    if path is None:
        key, salt = online.device.key, _made(model, "page")
        path = RelayPath(key, online.room, online.secret, online.relays, online.clock, salt)
    return _relayed(model, path, path.opened(url, online.clock), now)


def relay_closed(model: Model, url: str, now: str) -> tuple[Model, Effects]:
    online = model.online
    if online is None or online.path is None:
        return model, ()
    path = online.path.copy()
    return _relayed(model, path, path.closed(url), now)


def relay_frame(model: Model, url: str, text: str, now: str) -> tuple[Model, Effects]:
    online = model.online
    if online is None or online.path is None:
        return model, ()
    path = online.path.copy()
    return _relayed(model, path, path.frame(url, text, online.clock), now)


def _frames(outs: list[RelayOut]) -> Effects:
    return tuple(RelaySend(out.url, out.text) for out in outs if isinstance(out, Frame))


def _relayed(
    model: Model, path: RelayPath, outs: list[RelayOut], now: str
) -> tuple[Model, Effects]:
    """What the path through the relays said: frames for the relays' sockets, relays
    to close, and what the table hears, which this page's device takes as from any
    other connection."""
    online = model.online
    assert online is not None
    device = online.device.copy()
    heard: list[Out] = []
    effects: list[Effect] = list(_frames(outs))
    for out in outs:
        match out:
            case Drop(url):
                effects.append(CloseRelay(url))
            case NoRelay():
                model = replace(model, notice=_no_relay())
            case Joined(link):
                heard += device.joined(link)
            case Left(link):
                heard += device.left(link)
            case Heard(link, text) if link not in device.shut:
                heard += device.receive(link, text)
    assert model.online is not None
    model = replace(model, online=replace(model.online, path=path))
    return _carried(model, device, heard, tuple(effects), now)


def _no_relay() -> str:
    return _(
        "Every relay of this table has refused it: the devices cannot meet through them."
        " Try other relays in the connection settings, or a table by codes."
    )


def trouble(model: Model, reason: str) -> tuple[Model, Effects]:
    if model.online is None:
        return model, ()
    if reason == "unsupported" and not model.online.direct:
        return model, ()  # no WebRTC here: the table's messages go through the relays
    if reason == "unsupported":
        said = _("This browser cannot make direct connections (WebRTC): try another browser.")
    elif reason == "unreached" and model.online.direct:
        said = _(
            "The host has not taken your code yet, or has left: send the code to the host,"
            " or ask for a new invitation code and open it here."
        )
    elif reason == "unreached":
        said = _(
            "The table cannot be reached yet: the signalling relays may not answer, or the"
            " host has left. Check the connection, or change the relays in the connection"
            " settings."
        )
    elif model.online.path is not None and model.online.path.open:
        return model, ()  # no direct connection: the messages go through the relays
    else:
        said = _(
            "A device could not connect to yours directly: this network may block direct"
            " connections. Try the same Wi-Fi, another network, or a TURN server in the"
            " connection settings."
        )
    return replace(model, online=replace(model.online, trouble=said)), ()


# ------------------------------------------------------------------ chat


def draft(model: Model, text: str) -> Model:
    """The chat line being written."""
    online = model.online
    if online is None:
        return model
    return replace(model, online=replace(online, draft=text[:MAX_CHAT]))


def say(model: Model, text: str, now: str) -> tuple[Model, Effects]:
    """Sends a chat line: `text` (a quick reaction) or the line written."""
    online = model.online
    if online is None:
        return model, ()
    line = chat_line(text, online.draft)
    if not line:
        return model, ()
    said_at = stamped_line(online.said_at, now)
    if said_at is None:
        return replace(model, notice=too_fast()), ()
    device = online.device.copy()
    stamped = replace(online, said_at=said_at, draft="" if not text else online.draft)
    return _carried(replace(model, online=stamped), device, device.chat(line))


def chat_line(reaction: str, draft: str) -> str:
    """The chat line to send: a quick reaction (`reaction`) or the line written, its
    spaces tidied ("" for none, or for a reaction that is not one of ours)."""
    if reaction and reaction not in REACTIONS:
        return ""
    return " ".join((reaction or draft).split())[:MAX_CHAT]


def stamped_line(said_at: tuple[float, ...], now: str) -> tuple[float, ...] | None:
    """When this device's last lines were sent, with one more now; None if that is
    more than a table's chat takes in a moment."""
    moment = seconds(now)
    if (
        moment is not None
        and len(said_at) >= CHAT_BURST
        and moment - said_at[-CHAT_BURST] < CHAT_WINDOW
    ):
        return None
    return (*said_at[-CHAT_BURST:], moment or 0.0)


def too_fast() -> str:
    return _("Not so fast: wait a moment before the next line.")


def seconds(now: str) -> float | None:
    """The page's time, in seconds since 1970, from its ISO text."""
    try:
        return datetime.fromisoformat(now).timestamp()
    except ValueError:
        return None


def mute(model: Model) -> Model:
    online = model.online
    if online is None:
        return model
    return replace(model, online=replace(online, muted=not online.muted))


# ------------------------------------------------------------------ what the device said


PROBLEMS = {
    "build": lambda: _(
        "Another device at the table runs another version of the game: reload the page on"
        " every device."
    ),
    "seat-taken": lambda: _("That seat is taken: choose another."),
    "hash": lambda: _(
        "The game stopped: this device's copy of it differs from the host's. It is kept in"
        " the games played."
    ),
    "illegal": lambda: _("The host refused that move."),
    "flood": lambda: _(
        "A device at the table sent far more than a game sends: its connection is closed."
    ),
}


def _carried(
    model: Model, device: Device, outs: list[Out], effects: Effects = (), now: str = ""
) -> tuple[Model, Effects]:
    """The model with `device` in it and its game shown, and the effects of what the
    device said to do."""
    online = model.online
    assert online is not None
    out: list[Effect] = list(effects)
    lines = list(online.lines)
    notice = model.notice
    queue = list(outs)
    relayed: dict[str, list[str]] = {}  # the texts for each connection through the relays
    while queue:
        item = queue.pop(0)
        if isinstance(item, Renew):  # the table's next game: a new chain for it
            queue += device.renew(_chain(model), item.game)
            model = _spent(model)
        elif isinstance(item, Send):
            try:
                text = encode(item.message)
            except WireError:
                continue
            if item.to is not None and item.to.startswith(RELAYED):
                relayed.setdefault(item.to, []).append(text)
            else:
                out.append(Transmit(text, item.to))
        elif isinstance(item, Said):
            lines.append((item.device, item.text[:MAX_CHAT]))
        elif isinstance(item, Shut):
            out.append(CloseLink(item.link))
        elif (
            isinstance(item, Report)
            and item.problem in PROBLEMS
            and (item.problem != "illegal" or item.device == device.host)
        ):
            notice = PROBLEMS[item.problem]()
    if relayed and online.path is not None:
        path = online.path.copy()
        for link, texts in relayed.items():
            out += _frames(path.send(link, texts, online.clock))
        online = replace(online, path=path)
    if len(lines) > len(online.lines):
        out.append(Scroll("chat"))  # the newest line in view
    online = replace(online, device=device, lines=tuple(lines[-CHAT_KEPT:]))
    return synced(replace(model, online=online, notice=notice), now), tuple(out)


def seen_occupants(model: Model, device: Device) -> tuple[str, ...]:
    """Who plays each seat, as this device sees it."""
    devices = device.devices
    levels = device.seats.occupants
    seen = []
    for seat, at in enumerate(devices):
        if at == device.me:
            seen.append(HUMAN)
        elif at and not (device.hosting and seat in device.stand_ins):
            seen.append(REMOTE)
        elif at:
            seen.append(STAND_IN)
        else:
            level = levels[seat] if seat < len(levels) else ""
            seen.append(level if level and level != HUMAN else STAND_IN)
    return (*seen, *(REMOTE,) * (len(model.occupants) - len(seen)))


def synced(model: Model, now: str = "") -> Model:
    """The model showing its device's game: at the table once the deal is made, each
    move after the last shown added to who made what."""
    online = model.online
    assert online is not None
    device = online.device
    game = device.game
    occupants = seen_occupants(model, device)
    if game is None:
        if online.started:  # the table's next game is being set up: it begins anew
            model = replace(model, online=replace(online, started=""))
        if model.game is not None:
            return replace(on_screen(model, "lobby"), game=None, turns=(), occupants=occupants)
        return model
    before = model.game
    if before is None or model.screen == "lobby":
        # Shown first (or again, after a reload): it began when it was first shown here.
        started = online.started or now
        model = replace(model, online=replace(online, started=started))
        turns = turns_for(replace(model, game=game, occupants=occupants, turns=()))
        shown = playing(model, game, tuple(range(PALETTE_SIZE)), occupants, turns, started=started)
    elif game is before:
        shown = replace(model, occupants=occupants) if occupants != model.occupants else model
    else:
        shown = moved_on(model, game, occupants)
    if game.decision == "over" and shown.screen == "game":
        shown = on_screen(shown, "end")
        record = record_of(shown)
        assert record is not None
        # A person's seat is a person's in the record, though a computer stood in at the end.
        people = tuple(HUMAN if device.devices[s] else o for s, o in enumerate(record.occupants))
        record = replace(record, occupants=people)
        shown = replace(shown, history=add_kept(shown.history, (kept(record, now),)))
    return shown


# ------------------------------------------------------------------ kept across reloads

ONLINE_FORMAT = 1
_WRITTEN: list[tuple[object, str]] = []  # the last table written, and its text


def online_json(online: Online) -> str:
    """What a reload needs to come back to the table, as stored under ONLINE_KEY."""
    device = online.device
    key = (
        device.me,
        device.name,
        online.muted,
        online.room,
        len(device.entries),
        device.host,
        device.seats,
        tuple(device.stand_ins),
        online.started,
    )
    if not _WRITTEN or _WRITTEN[0][0] != key:
        text = json.dumps(
            {
                "format": ONLINE_FORMAT,
                "room": online.room,
                "secret": online.secret,
                "direct": online.direct,
                "relays": list(online.relays),
                "started": online.started,
                "device": device.kept(),
                "muted": online.muted,
            },
            separators=(",", ":"),
        )
        _WRITTEN[:] = [(key, text)]
    return _WRITTEN[0][1]


def restored(model: Model, text: str) -> Model:
    """The model back at the table kept in `text` (a reload); as it was, with a notice,
    if it cannot be read."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != ONLINE_FORMAT:
            raise ValueError("format")
        room, secret = str(data["room"]), str(data["secret"])
        direct = data.get("direct") is True
        sealed = re.fullmatch(r"[0-9a-f]{32}", secret) if not direct else secret == ""
        if not (re.fullmatch(r"[0-9a-f]{16}", room) and sealed):
            raise ValueError("room")
        device = Device.restored(data["device"], model.build)
        device.turn = () if data.get("direct") is True else own_turn(model)
    except (ValueError, KeyError, TypeError, RecursionError):
        return replace(model, notice=_("The online table kept here could not be read."))
    kept_relays = data.get("relays", [])
    if not isinstance(kept_relays, list) or not all(isinstance(r, str) for r in kept_relays):
        return replace(model, notice=_("The online table kept here could not be read."))
    relays = () if direct else _or_own(tuple(kept_relays), model)
    muted = bool(data.get("muted"))
    started = str(data.get("started", ""))[:40]
    online = Online(device, room, secret, muted=muted, direct=direct, relays=relays)
    online = replace(online, started=started)
    back = replace(on_screen(model, "lobby"), online=online, game=None, turns=())
    return synced(back)


def reconnect(model: Model) -> Effects:
    """The effects of a page that opens at an online table: meet the others again."""
    return () if model.online is None else _connect(model, model.online)
