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
from ...config import DEFAULT_NAMES
from ...i18n import _
from ...online.chance import Chain
from ...online.codes import MAX_CODE, CodeError, pack, unpack
from ...online.device import HUMAN, Device, Out, Renew, Report, Said, Send, Shut, played
from ...online.keys import Key
from ...online.wire import MAX_CHAT, WireError, encode
from ...refusals import error_text
from ..changes import at_position, on_screen, playing, set_aside
from ..derived import log_of, record_of, turns_for
from ..effects import (
    Accept,
    After,
    Answer,
    CloseLink,
    Connect,
    Disconnect,
    Effect,
    Effects,
    ForgetAddress,
    LoadQr,
    Offer,
    Transmit,
)
from ..keeping.saves import Turn, add_kept, kept
from ..model import REMOTE, Model
from ..setup.state import PALETTE_SIZE
from ..setup.update import game_config, usable
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
    PeerJoined,
    PeerLeft,
    PeerSent,
    QrReady,
    Say,
    StandIn,
    TakeSeat,
)
from .state import Online

TICK_SECONDS = 3.0  # how often a device asks again for what it may have missed
UNREACHED_TICKS = 7  # a guest that has not reached the host in this many ticks says so
STAND_IN = "normal"  # the computer that plays a missing player's seat, on the host
CHAT_KEPT = 30  # the chat lines a device keeps
CHAT_BURST = 4  # at most this many lines of one's own ...
CHAT_WINDOW = 10.0  # ... in this many seconds
REACTIONS = ("👍", "👏", "😮", "😄", "😬", "🤝")  # the quick reactions

# "#table=<room>.<secret>.<host>": the room the devices meet in, the secret that
# seals what the relays carry, and the host's device. Browsers never send the part
# after "#" to any server.
INVITATION = re.compile(r"#?table=([0-9a-f]{16})\.([0-9a-f]{32})\.([0-9a-f]{64})\Z")
# "#offer=<host>.<room>.<code>": an invitation code (`codes.py`) for a table met with
# no relay: the host's offer to one guest.
OFFER = re.compile(
    rf"#?offer=([0-9a-f]{{64}})\.([0-9a-f]{{16}})\.([A-Za-z0-9_-]{{1,{MAX_CODE}}})\Z"
)
HOST_LINK = "host"  # a guest's one connection at a table met by codes


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of online play's messages, and the effects to carry out."""
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
            return tick(model, room)
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
    return f"{base}#table={online.room}.{online.secret}.{online.device.host}"


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
    setup = model.setup
    ice = tuple(ice_server(line) for line in usable("ice", setup.ice))
    return (Connect(online.room, online.secret, usable("relays", setup.relays), ice),)


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


def open_table(model: Model, direct: bool = False) -> tuple[Model, Effects]:
    """The host opens the table set up: seat 1 is the host's, every other Human seat
    waits for an invited player, the computers' seats are the host's computers'.
    `direct`: the guests come by codes, with no relay (the first code is made now)."""
    try:
        config = game_config(model.setup)
    except ValueError as err:
        return replace(model, notice=str(err).rstrip(".") + "."), ()
    occupants = model.setup.occupants[: config.players]
    if occupants[0] != HUMAN:
        said = _("The first seat is yours at an online table: make it Human.")
        return replace(model, notice=said), ()
    if HUMAN not in occupants[1:]:
        said = _("Make at least one more seat Human: that seat is for a friend you invite.")
        return replace(model, notice=said), ()
    key = _key(model)
    device = Device(key, model.build, _name(model), key.public, _chain(model))
    device.takeover = not direct
    outs = device.open_table(config, occupants)
    secret = "" if direct else _made(model, "secret")[:32]
    online = Online(device, _made(model, "room")[:16], secret, direct=direct)
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
    room, secret, host = found.groups()
    if model.online is not None and model.online.room == room:
        return model, ()  # at this table already
    key = _key(model)
    if key.public == host:
        return model, ()
    device = Device(key, model.build, _name(model), host, _chain(model))
    online = Online(device, room, secret)
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
    return left, (Disconnect(),)


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


def tick(model: Model, room: str) -> tuple[Model, Effects]:
    online = model.online
    if online is None or online.room != room:
        return model, ()  # a tick of a table left
    device = online.device.copy()
    alone = not device.hosting and device.host not in device.present
    waited = online.waited + 1 if alone else 0
    rejoin: Effects = ()
    if waited and waited % UNREACHED_TICKS == 0:
        # Long out of reach: join the room afresh, so every connection is tried anew.
        rejoin = _join(model, online)
    if waited == UNREACHED_TICKS:
        model, _none = trouble(model, "unreached")
    elif not waited and online.waited:
        model = replace(model, online=replace(online, trouble=""))  # reached again
    assert model.online is not None
    model = replace(model, online=replace(model.online, waited=waited))
    ticks = (After(TICK_SECONDS, NetTick(online.room)), *rejoin)
    return _carried(model, device, device.tick(), ticks)


def trouble(model: Model, reason: str) -> tuple[Model, Effects]:
    if model.online is None:
        return model, ()
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
    if text and text not in REACTIONS:
        return model, ()
    line = " ".join((text or online.draft).split())[:MAX_CHAT]
    if not line:
        return model, ()
    sent = online.said_at
    moment = _seconds(now)
    if moment is not None and len(sent) >= CHAT_BURST and moment - sent[-CHAT_BURST] < CHAT_WINDOW:
        return replace(model, notice=_("Not so fast: wait a moment before the next line.")), ()
    device = online.device.copy()
    stamped = replace(
        online, said_at=(*sent[-CHAT_BURST:], moment or 0.0), draft="" if not text else online.draft
    )
    return _carried(replace(model, online=stamped), device, device.chat(line))


def _seconds(now: str) -> float | None:
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
    while queue:
        item = queue.pop(0)
        if isinstance(item, Renew):  # the table's next game: a new chain for it
            queue += device.renew(_chain(model), item.game)
            model = _spent(model)
        elif isinstance(item, Send):
            try:
                out.append(Transmit(encode(item.message), item.to))
            except WireError:
                continue
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
        if model.game is not None:  # the table's next game is being set up
            return replace(on_screen(model, "lobby"), game=None, turns=(), occupants=occupants)
        return model
    before = model.game
    if before is None or model.screen == "lobby":
        turns = turns_for(replace(model, game=game, occupants=occupants, turns=()))
        shown = playing(model, game, tuple(range(PALETTE_SIZE)), occupants, turns, started=now)
    elif game is before:
        shown = replace(model, occupants=occupants) if occupants != model.occupants else model
    else:
        turns = model.turns
        seat = before.to_move
        if game.moves == before.moves + 1 and len(turns) == before.moves and seat is not None:
            only = len(before.legal_actions()) == 1
            turns = (*turns, Turn(seat, len(log_of(before)), False, only))
        else:
            turns = turns_for(replace(model, game=game, occupants=occupants, turns=()))
        shown = at_position(replace(model, occupants=occupants), game, turns)
    if game.decision == "over" and shown.screen == "game":
        shown = on_screen(shown, "end")
        record = record_of(shown)
        assert record is not None
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
    )
    if not _WRITTEN or _WRITTEN[0][0] != key:
        text = json.dumps(
            {
                "format": ONLINE_FORMAT,
                "room": online.room,
                "secret": online.secret,
                "direct": online.direct,
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
    except (ValueError, KeyError, TypeError, RecursionError):
        return replace(model, notice=_("The online table kept here could not be read."))
    online = Online(device, room, secret, muted=bool(data.get("muted")), direct=direct)
    back = replace(on_screen(model, "lobby"), online=online, game=None, turns=())
    return synced(back)


def reconnect(model: Model) -> Effects:
    """The effects of a page that opens at an online table: meet the others again."""
    return () if model.online is None else _connect(model, model.online)
