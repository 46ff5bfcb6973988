"""The online table as the application plays it: models changed only by `update`, the
network one more source of messages, every effect carried out as a page would
(sends delivered between the pages, a computer's thinking done at once)."""

from __future__ import annotations

import json
import random
import re
from collections import deque
from dataclasses import dataclass, field, replace

import pytest

from senator_core.app import init, start, update
from senator_core.app.effects import (
    After,
    CloseLink,
    Connect,
    CopyField,
    Disconnect,
    Effect,
    LoadQr,
    OpenRelays,
    RelaySend,
    ReopenRelays,
    Think,
    Transmit,
)
from senator_core.app.keeping.saves import ONLINE_KEY
from senator_core.app.keeping.storage import persist
from senator_core.app.messages import Copied, Field, Key, Msg, control
from senator_core.app.model import ALL_HUMAN, HUMAN, REMOTE, Model
from senator_core.app.online.messages import (
    BeginTable,
    Invited,
    LeaveTable,
    Mute,
    NetTick,
    OpenTable,
    PageShown,
    PeerJoined,
    PeerLeft,
    PeerSent,
    QrReady,
    Rejoin,
    RelayFrame,
    RelayOpened,
    Say,
    StandIn,
    TakeSeat,
)
from senator_core.app.online.update import (
    TURN_RETRY_TICKS,
    TURN_TRIES,
    UNREACHED_TICKS,
    invitation,
    mine,
)
from senator_core.app.play.messages import Act, PlayAgain
from senator_core.app.setup.messages import QuickPlay
from senator_core.app.setup.state import RELAYS, Setup
from senator_core.app.view import view
from senator_core.bots import make
from senator_core.online.device import FLOOD
from senator_core.online.wire import Chat, encode

from ..appkit import written

NOW = "2026-12-02T20:00:00"


@dataclass
class Page:
    """One browser at the table: its model, and the room it joined."""

    name: str
    model: Model
    room: str = ""


@dataclass
class Room:
    """The transport between the pages: each page's link id is its name."""

    pages: dict[str, Page] = field(default_factory=dict)
    queue: deque[tuple[Page, Msg]] = field(default_factory=deque)
    dropped: set[str] = field(default_factory=set)
    ticks: int = 0
    now: str = NOW  # the pages' clock

    def add(self, name: str, setup: Setup) -> Page:
        model = Model(setup=setup, entropy=f"entropy of {name}", build="test-build")
        page = Page(name, replace(model, page_url="https://senator.example/play/"))
        self.pages[name] = page
        return page

    def send(self, page: Page, msg: Msg) -> None:
        self.queue.append((page, msg))
        self.settle()

    def settle(self) -> None:
        while self.queue:
            page, msg = self.queue.popleft()
            if page.name in self.dropped:
                continue
            page.model, effects = update(page.model, msg, self.now)
            for effect in effects:
                self.carry_out(page, effect)

    def carry_out(self, page: Page, effect: Effect) -> None:
        match effect:
            case Connect(room):
                page.room = room
                for other in self.pages.values():
                    if other is not page and other.room == room and other.name not in self.dropped:
                        self.queue.append((other, PeerJoined(page.name)))
                        self.queue.append((page, PeerJoined(other.name)))
            case Transmit(text, to):
                for other in self.pages.values():
                    if other is page or other.room != page.room or other.name in self.dropped:
                        continue
                    if to is None or to == other.name:
                        self.queue.append((other, PeerSent(page.name, text)))
            case Disconnect():
                self.leave(page)
            case Think(level, seed, game):
                bot = make(level, seed=seed)
                self.queue.append((page, Act(str(bot.choose(game)))))  # as Thought would
            case After(_, NetTick()):
                self.ticks += 1
            case After(_, msg):
                self.queue.append((page, msg))
            case _:
                pass

    def leave(self, page: Page) -> None:
        for other in self.pages.values():
            if other is not page and other.room == page.room:
                self.queue.append((other, PeerLeft(page.name)))
        page.room = ""


def table(players: int, occupants: tuple[str, ...]) -> tuple[Room, list[Page]]:
    """A host who opens a table of `occupants` and a guest at every other Human seat,
    each seated through the invitation link."""
    room = Room()
    names = ("Livia", "Brutus", "Cassia", "Decimus", "Marcus")
    setup = Setup(players=players, occupants=(*occupants, *(HUMAN,) * (5 - len(occupants))))
    host = room.add("host", replace(setup, names=names))
    room.send(host, OpenTable())
    assert host.model.screen == "lobby", host.model.notice
    link = invitation(host.model)
    guests = []
    for seat, occupant in enumerate(occupants):
        if seat and occupant == HUMAN:
            guest = room.add(f"guest{seat}", Setup())
            room.send(guest, Invited(link.split("#", 1)[1]))
            room.send(guest, Field("seat-0-name", names[seat]))
            room.send(guest, TakeSeat(str(seat)))
            guests.append(guest)
    return room, [host, *guests]


def play_on(room: Room, pages: list[Page], chooser: random.Random, moves: int = 10_000) -> None:
    """Each person moves at random when their own page shows their turn."""
    for _ in range(moves):
        waiting = [
            p
            for p in pages
            if p.name not in room.dropped
            and p.model.screen == "game"
            and p.model.game is not None
            and p.model.game.to_move is not None
            and p.model.occupants[p.model.game.to_move] == HUMAN
        ]
        if not waiting:
            return
        page = waiting[0]
        game = page.model.game
        assert game is not None
        room.send(page, Act(str(chooser.choice(game.legal_actions()))))


@pytest.mark.parametrize("players", [3, 4])
def test_friends_play_a_whole_game_from_their_own_pages(players: int) -> None:
    occupants = (HUMAN, HUMAN, "easy", HUMAN)[:players]
    room, pages = table(players, occupants)
    host = pages[0]
    seats = host.model.online.device.seats if host.model.online else None
    assert seats is not None and all(
        seats.devices[s] for s, o in enumerate(occupants) if o == HUMAN
    )
    lobby = str(view(pages[1].model))
    assert "Livia" in lobby and "Brutus" in lobby
    room.send(host, BeginTable())
    for page in pages:
        assert page.model.screen == "game", (page.name, page.model.notice)
    # Each page sees the table from its own seat: the others are remote or computers.
    for page in pages:
        seen = page.model.occupants[:players]
        assert seen.count(HUMAN) == 1
        assert seen.count(REMOTE) == occupants.count(HUMAN) - 1
    play_on(room, pages, random.Random(players))
    games = [p.model.game for p in pages]
    assert all(g is not None and g.decision == "over" for g in games)
    assert len({repr(g.state()) for g in games if g is not None}) == 1
    for page in pages:
        assert page.model.screen == "end"
        kept = page.model.history[0].record()
        assert kept.finished and HUMAN in kept.occupants and REMOTE not in kept.occupants
        assert len(page.model.turns) == kept.game.moves


def test_a_page_acts_only_for_its_own_seat() -> None:
    room, pages = table(3, (HUMAN, HUMAN, HUMAN))
    room.send(pages[0], BeginTable())
    game = pages[0].model.game
    assert game is not None and game.to_move is not None
    others = [p for p in pages if not mine(p.model, game.to_move)]
    assert len(others) == 2
    action = str(game.legal_actions()[0])
    room.send(others[0], Act(action))
    assert "not your turn" in (others[0].model.notice or "")
    assert all(p.model.game is not None and p.model.game.moves == game.moves for p in pages)


def test_forged_and_broken_messages_change_nothing() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "normal"))
    room.send(pages[0], BeginTable())
    before = [p.model.game for p in pages]
    for text in ("", "{", '{"v":1,"t":"move","moves":0,"action":"withdraw"}', "x" * 9000):
        for page in pages:
            room.send(page, PeerSent("stranger", text))
            room.send(page, PeerSent(pages[1].name, text))
    assert [p.model.game for p in pages] == before
    assert all(p.model.screen == "game" for p in pages)
    for page in pages:
        str(view(page.model))  # still draws


def test_a_page_that_floods_is_cut_off_and_the_player_told_once() -> None:
    """A guest's page sends the host chat lines as fast as it can: the host's page
    closes that connection, says so once, drops whatever more comes unread, and the
    game goes on with the seat waiting for its player."""
    room, pages = table(3, (HUMAN, HUMAN, "normal"))
    host, guest = pages
    room.send(host, BeginTable())
    host.model, _ = update(host.model, NetTick(host.model.online.room), NOW)  # type: ignore[union-attr]
    line = encode(Chat("ave", guest.model.online.device.me))  # type: ignore[union-attr]
    closed: list[Effect] = []
    for _ in range(FLOOD + 200):
        host.model, effects = update(host.model, PeerSent(guest.name, line), NOW)
        closed += [e for e in effects if isinstance(e, CloseLink)]
    assert closed == [CloseLink(guest.name)]
    assert host.model.notice is not None and "far more than a game sends" in host.model.notice
    later = host.model
    assert update(later, PeerSent(guest.name, line), NOW) == (later, ())
    assert later.screen == "game" and str(view(later))


def test_the_host_hands_a_missing_seat_to_a_computer_and_the_game_goes_on() -> None:
    room, pages = table(3, (HUMAN, HUMAN, HUMAN))
    host, away, stays = pages
    room.send(host, BeginTable())
    room.dropped.add(away.name)
    room.leave(away)
    room.settle()
    seat = away.model.online.seat if away.model.online else None
    assert seat is not None
    room.send(host, StandIn(str(seat)))
    assert host.model.occupants[seat] not in (HUMAN, REMOTE)
    assert "away: a computer plays" in str(view(stays.model))  # every page is told
    play_on(room, [host, stays], random.Random(7))
    assert host.model.game is not None and host.model.game.decision == "over"
    assert stays.model.game is not None and stays.model.game.state() == host.model.game.state()


def test_chat_lines_reach_every_page_and_are_rate_limited() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "easy"))
    host, guest = pages
    room.send(guest, Field("chat", "  Ave,   senators <b>!  "))
    room.send(guest, Say())
    assert host.model.online is not None
    assert host.model.online.lines[-1][1] == "Ave, senators <b>!"
    assert "&lt;b&gt;" in str(view(host.model)) or "<b>" not in str(view(host.model))
    room.send(host, Say("👍"))
    assert guest.model.online is not None and guest.model.online.lines[-1][1] == "👍"
    room.send(host, Say("not a reaction"))
    assert guest.model.online.lines[-1][1] == "👍"
    for _ in range(6):
        room.send(guest, Say("👏"))
    assert "Not so fast" in (guest.model.notice or "")


def test_a_reloaded_page_comes_back_to_its_seat_from_what_it_stored() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "easy"))
    host, guest = pages
    room.send(host, BeginTable())
    play_on(room, pages, random.Random(3), moves=6)
    stored = persist(guest.model)[ONLINE_KEY]
    assert stored is not None
    # The page goes away (closed, reloaded) and opens again from what it stored.
    room.dropped.add(guest.name)
    room.leave(guest)
    room.settle()
    model, _writes = init(
        {ONLINE_KEY: stored},
        page_url=guest.model.page_url,
        build="test-build",
        entropy=b"a new page load",
    )
    assert model.online is not None and model.screen == "game"
    back = room.add("guest-again", Setup())
    back.model = model
    assert back.model.game is not None and back.model.game.state() == guest.model.game.state()
    for effect in start(back.model):
        room.carry_out(back, effect)
    room.settle()
    room.now = "2026-12-02T20:40:00"  # the game ends later than it began
    play_on(room, [host, back], random.Random(4))
    assert host.model.game is not None and host.model.game.decision == "over"
    assert back.model.game is not None and back.model.game.state() == host.model.game.state()
    # The page reloaded knows when the game began, as the host does.
    assert [p.model.history[0].started for p in (host, back)] == [NOW, NOW]


def test_the_pages_random_bytes_make_its_ids_from_init() -> None:
    """The page hands `init` its random bytes; the model keeps them, and the ids of a
    table opened there come from them: two pages' differ."""
    first, _writes = init({}, entropy=bytes(range(32)))
    assert first.entropy == bytes(range(32)).hex()
    second, _writes = init({}, entropy=bytes(range(1, 33)))
    rooms = []
    for model in (first, second):
        friends = replace(model, setup=Setup(players=3, occupants=(HUMAN,) * 5))
        opened, _effects = update(friends, OpenTable(), NOW)
        assert opened.online is not None, opened.notice
        rooms.append((opened.online.room, opened.online.secret, opened.online.device.me))
    assert rooms[0][0] != rooms[1][0] and rooms[0][1] != rooms[1][1]
    assert rooms[0][2] != rooms[1][2]


def test_the_ice_servers_of_the_settings_reach_the_transport_as_the_browser_takes_them() -> None:
    """The settings' lines ("turn:host:port user password") are read by the application:
    the page hands the transport each server's fields as they are."""
    lines = ("stun:a.example:3478", "  turn:b.example:3478  ann  s3cret ", "ftp:c.example")
    setup = Setup(players=3, occupants=(HUMAN,) * 5, ice=lines)
    _model, effects = update(Model(setup=setup, entropy="e"), OpenTable(), NOW)
    (connect,) = [e for e in effects if isinstance(e, Connect)]
    assert connect.ice == (
        (("urls", "stun:a.example:3478"),),
        (("urls", "turn:b.example:3478"), ("username", "ann"), ("credential", "s3cret")),
    )


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", '{"format": 1}', '{"format": 1, "room": "x", "secret": "y", "device": {}}'],
)
def test_an_unreadable_kept_table_is_said_and_cleared(text: str) -> None:
    model, writes = init({ONLINE_KEY: text} if text else {ONLINE_KEY: "{"})
    assert model.online is None and model.screen == "title"
    assert "could not be read" in (model.notice or "")
    assert written(writes)[ONLINE_KEY] is None


def test_a_forged_stream_kept_here_is_not_restored() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "easy"))
    room.send(pages[0], BeginTable())
    play_on(room, pages, random.Random(3), moves=4)
    data = json.loads(persist(pages[1].model)[ONLINE_KEY] or "")
    entry = json.loads(data["device"]["entries"][-1])
    entry["hash"] = "0" * 16
    data["device"]["entries"][-1] = json.dumps(entry)
    model, _writes = init({ONLINE_KEY: json.dumps(data)}, build="test-build")
    assert model.online is None and "could not be read" in (model.notice or "")


def test_when_the_host_goes_another_page_hosts_and_the_game_goes_on() -> None:
    room, pages = table(4, (HUMAN, HUMAN, "easy", HUMAN))
    host, first, second = pages
    room.send(host, BeginTable())
    play_on(room, pages, random.Random(11), moves=5)
    room.dropped.add(host.name)
    room.leave(host)
    room.settle()
    hosts = [p for p in (first, second) if p.model.online and p.model.online.device.hosting]
    assert len(hosts) == 1
    # The others wait for the old host's seat, until the new host hands it to a
    # computer; its computers play the computers' seats too, and the game ends.
    new_host = hosts[0]
    drawn = str(view(new_host.model))
    assert "is away" in drawn and 'data-msg="stand-in" data-value="0"' in drawn
    room.send(new_host, StandIn("0"))
    play_on(room, [first, second], random.Random(12))
    assert first.model.game is not None and first.model.game.decision == "over"
    assert second.model.game is not None and second.model.game.state() == first.model.game.state()
    # Every page keeps the game with a person in each person's seat, the host's too.
    for page in (first, second):
        assert page.model.history[0].record().occupants == (HUMAN, HUMAN, "easy", HUMAN)


def test_the_host_is_given_the_invitation_as_a_qr_code_once_its_library_is_in() -> None:
    room = Room()
    host = room.add("host", Setup(players=3, occupants=ALL_HUMAN))
    host.model, effects = update(host.model, OpenTable(), NOW)
    assert any(isinstance(e, LoadQr) for e in effects)
    assert "<svg" not in str(view(host.model))  # the link alone until then
    host.model, _effects = update(host.model, QrReady(), NOW)
    drawn = str(view(host.model))
    assert re.search(r'<svg role="img" width="(\d+)" height="\1" class="qr">', drawn)
    segno = pytest.importorskip("segno")
    modules = segno.make(invitation(host.model), error="m").svg_inline(scale=4, border=2)
    assert modules.split(' d="')[1].split('"')[0] in drawn  # the link's own code


def test_a_reaction_shows_on_the_speakers_seat_at_the_table() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "easy"))
    host, guest = pages
    room.send(host, BeginTable())
    room.send(host, Say("👏"))
    drawn = str(view(guest.model))
    seat = drawn.index('data-seat="0"')
    assert '<span class="said" role="status">👏</span>' in drawn[seat : seat + 1500]
    room.send(guest, Mute())
    assert 'class="said"' not in str(view(guest.model))


def test_a_second_table_from_one_page_shares_no_secret_or_chance_with_the_first() -> None:
    room = Room()
    host = room.add("host", Setup(players=3, occupants=ALL_HUMAN))
    room.send(host, OpenTable())
    first = host.model.online
    room.send(host, LeaveTable())
    room.send(host, OpenTable())
    second = host.model.online
    assert first is not None and second is not None
    assert first.room != second.room and first.secret != second.secret
    assert first.device.me != second.device.me
    assert first.device.chain.top != second.device.chain.top


def test_the_host_begins_the_next_game_at_the_table_with_everyone_in_their_seats() -> None:
    room, pages = table(4, (HUMAN, HUMAN, "easy", HUMAN))
    host, first = pages[:2]
    room.send(host, BeginTable())
    play_on(room, pages, random.Random(21))
    assert all(p.model.screen == "end" for p in pages)
    tops = {p.name: p.model.online.device.chain.top for p in pages if p.model.online}
    assert 'data-msg="play-again"' not in str(view(first.model))
    room.send(first, PlayAgain())
    assert first.model.screen == "end" and "host begins" in (first.model.notice or "")
    room.send(host, PlayAgain())
    for page in pages:
        assert page.model.screen == "lobby", page.name
        online = page.model.online
        assert online is not None and online.device.games == 1 and online.device.game is None
        assert online.device.chain.top != tops[page.name]  # chance nobody saw before
    seats = host.model.online.device.seats if host.model.online else None
    assert seats is not None and seats.devices[1] and seats.devices[3] and not seats.devices[2]
    assert 'data-msg="begin-table"' in str(view(host.model))
    room.send(host, BeginTable())
    assert all(p.model.screen == "game" for p in pages)
    play_on(room, pages, random.Random(22))
    games = [p.model.game for p in pages]
    assert all(g is not None and g.decision == "over" for g in games)
    assert len({repr(g.state()) for g in games if g is not None}) == 1
    for page in pages:
        assert len(page.model.history) == 2 and all(k.record().finished for k in page.model.history)


def test_a_device_that_missed_the_next_game_is_told_and_an_old_chain_is_refused() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "easy"))
    host, guest = pages
    room.send(host, BeginTable())
    play_on(room, pages, random.Random(5))
    old = guest.model.online.device.hello() if guest.model.online else None
    room.dropped.add(guest.name)
    room.send(host, PlayAgain())
    assert host.model.online is not None and host.model.online.device.games == 1
    # The guest comes back with its old chain: the host tells it of the next game
    # instead of taking that chain again, and it renews its own.
    room.dropped.discard(guest.name)
    assert old is not None
    room.send(host, PeerSent(guest.name, encode(old)))
    assert guest.model.online is not None and guest.model.online.device.games == 1
    assert guest.model.screen == "lobby"
    assert host.model.online.device.greeted
    room.send(host, BeginTable())
    assert guest.model.screen == "game"


def test_a_game_of_ones_own_started_at_an_online_table_leaves_it() -> None:
    room = Room()
    host = room.add("host", Setup(players=3, occupants=ALL_HUMAN))
    room.send(host, OpenTable())
    model, effects = update(host.model, QuickPlay(), NOW)
    assert model.online is None and any(isinstance(e, Disconnect) for e in effects)
    assert model.screen == "game" and REMOTE not in model.occupants


def test_enter_in_the_chat_line_sends_it() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "easy"))
    host, guest = pages
    room.send(guest, Field("chat", "Ave"))
    room.send(guest, Key("Enter", "chat"))
    assert host.model.online is not None and host.model.online.lines[-1][1] == "Ave"
    room.send(host, BeginTable())
    assert 'placeholder="Say something to the table"' in str(view(guest.model))


def test_a_guest_long_out_of_reach_of_the_host_joins_the_room_afresh() -> None:
    room, pages = table(3, (HUMAN, HUMAN, "easy"))
    host, guest = pages  # before the game: nobody hosts in the host's place
    room.dropped.add(host.name)
    room.leave(host)
    room.settle()
    assert guest.model.online is not None
    joins = []
    for _ in range(UNREACHED_TICKS * 2):
        guest.model, effects = update(guest.model, NetTick(guest.model.online.room), NOW)
        joins.append(any(isinstance(e, Connect) for e in effects))
    assert joins.count(True) == 2 and joins[UNREACHED_TICKS - 1]
    assert "cannot be reached" in str(view(guest.model))


@dataclass
class RelayRoom(Room):
    """A room whose pages have no direct connection at all: only the relays' sockets,
    through one in-memory relay that passes each event to every other page whose
    subscription it matches."""

    subscriptions: dict[str, str] = field(default_factory=dict)  # page name -> its id
    events: int = 0

    def carry_out(self, page: Page, effect: Effect) -> None:
        match effect:
            case Connect(room):
                page.room = room  # no direct connection ever opens
            case OpenRelays(urls):
                self.queue.extend((page, RelayOpened(url)) for url in urls)
            case RelaySend(url, text):
                frame = json.loads(text)
                if frame[0] == "REQ":
                    self.subscriptions[page.name] = frame[1]
                    return
                self.events += 1
                for other in self.pages.values():
                    sub = self.subscriptions.get(other.name)
                    if other is not page and sub and other.name not in self.dropped:
                        event = json.dumps(["EVENT", sub, frame[1]])
                        self.queue.append((other, RelayFrame(url, event)))
            case Disconnect():
                self.subscriptions.pop(page.name, None)
                page.room = ""
            case _:
                super().carry_out(page, effect)


def test_pages_with_no_direct_connection_play_a_whole_game_through_the_relays() -> None:
    room = RelayRoom()
    host = room.add("host", Setup(players=3, occupants=(HUMAN, HUMAN, "easy", HUMAN, HUMAN)))
    room.send(host, OpenTable())
    guest = room.add("guest", Setup())
    room.send(guest, Invited(invitation(host.model).split("#", 1)[1]))
    room.send(guest, TakeSeat("1"))
    room.send(host, BeginTable())
    assert guest.model.screen == "game", guest.model.notice
    play_on(room, [host, guest], random.Random(6))
    games = [p.model.game for p in (host, guest)]
    assert all(g is not None and g.decision == "over" for g in games)
    assert len({repr(g.state()) for g in games if g is not None}) == 1
    assert room.events > 50
    # Leaving says bye through the relays: the host hears at once that the guest went.
    online = host.model.online
    assert online is not None and online.device.present
    room.send(guest, LeaveTable())
    online = host.model.online
    assert online is not None and not online.device.present


def test_the_invitation_carries_the_tables_relays_and_a_guest_meets_on_them() -> None:
    """A table opened with the game's own relays meets on four of them, chosen by the
    table, so tables spread over the set; one opened with relays of the player's own
    meets on those. The invitation names them, and a guest whose settings name others
    meets on the table's."""
    chosen = set()
    for index in range(12):
        host = Room().add(f"host{index}", Setup(players=3, occupants=(HUMAN,) * 5))
        host.model, effects = update(host.model, OpenTable(), NOW)
        assert host.model.online is not None
        relays = host.model.online.relays
        assert len(relays) == 4 and set(relays) <= set(RELAYS)
        assert OpenRelays(relays) in effects
        chosen |= set(relays)
    assert len(chosen) > 4
    own = ("ws://127.0.0.1:7000", "wss://relay.example/v2")
    room = Room()
    host = room.add("host", Setup(players=3, occupants=(HUMAN,) * 5, relays=own))
    room.send(host, OpenTable())
    link = invitation(host.model)
    assert link.endswith(",ws://127.0.0.1:7000,relay.example/v2")
    guest = room.add("guest", Setup(relays=("wss://elsewhere.example",)))
    guest.model, effects = update(guest.model, Invited(link.split("#", 1)[1]), NOW)
    assert guest.model.online is not None and guest.model.online.relays == own
    (connect,) = [e for e in effects if isinstance(e, Connect)]
    assert connect.relays == own and OpenRelays(own) in effects
    # Kept across a reload with the table.
    stored = persist(guest.model)[ONLINE_KEY]
    assert stored is not None
    model, _writes = init({ONLINE_KEY: stored}, build="test-build", entropy=b"again")
    assert model.online is not None and model.online.relays == own
    # A link that names no relay: the guest's own.
    bare = link.split(",")[0].split("#", 1)[1]
    model, _effects = update(Room().add("g", Setup()).model, Invited(bare), NOW)
    assert model.online is not None and model.online.relays == RELAYS


def test_a_link_or_code_to_send_on_has_a_copy_button_that_says_it_copied() -> None:
    room = Room()
    host = room.add("host", Setup(players=3, occupants=(HUMAN,) * 5))
    room.send(host, OpenTable())
    drawn = str(view(host.model))
    assert 'data-msg="copy" data-value="invitation"' in drawn
    model, effects = update(host.model, control("copy", "invitation"), NOW)
    assert effects == (CopyField("invitation"),)
    model, effects = update(model, Copied("invitation"), NOW)
    assert effects == (After(2.0, Copied("")),)
    assert ">Copied</button>" in str(view(model))
    model, _effects = update(model, Copied(""), NOW)
    assert ">Copied</button>" not in str(view(model))
    model, _effects = update(model, Copied("invitation", done=False), NOW)
    assert model.notice is not None and "select it and copy it" in model.notice


def test_a_guest_that_cannot_reach_the_table_changes_the_settings_from_the_lobby() -> None:
    """The lobby of a guest not at the table yet holds the connection settings: relays
    written there join the table's own, and the page meets the table again with them
    and with the STUN and TURN servers written there."""
    room = Room()
    host = room.add("host", Setup(players=3, occupants=(HUMAN,) * 5))
    room.send(host, OpenTable())
    guest = room.add("guest", Setup())
    guest.model, _effects = update(
        guest.model, Invited(invitation(host.model).split("#", 1)[1]), NOW
    )
    drawn = str(view(guest.model))
    assert 'id="relays"' in drawn and 'data-msg="rejoin"' in drawn
    assert guest.model.online is not None
    table_relays = guest.model.online.relays
    for name, value in (("relays", "wss://mine.example"), ("ice", "turn:t.example:3478 a b")):
        guest.model, _effects = update(guest.model, Field(name, value), NOW)
    guest.model, effects = update(guest.model, control("rejoin"), NOW)
    assert guest.model.online is not None
    assert guest.model.online.relays == (*table_relays, "wss://mine.example")
    (connect,) = [e for e in effects if isinstance(e, Connect)]
    assert connect.relays == guest.model.online.relays
    assert connect.ice == (
        (("urls", "turn:t.example:3478"), ("username", "a"), ("credential", "b")),
    )
    assert OpenRelays(guest.model.online.relays) in effects


TURN = "turn:turn.example:3478 senator s3cret"


def test_a_turn_server_in_one_devices_settings_serves_every_device_at_the_table() -> None:
    """The host's settings name a TURN server, the guest's none. Met through the relays
    alone, the guest is told of it and joins the room again with it, so a WebRTC
    connection can form through it; where every device is reached directly, nothing is
    joined again."""
    room = RelayRoom()
    setup = Setup(players=3, occupants=(HUMAN, HUMAN, "easy", HUMAN, HUMAN), ice=(TURN,))
    host = room.add("host", setup)
    room.send(host, OpenTable())
    guest = room.add("guest", Setup())
    room.send(guest, Invited(invitation(host.model).split("#", 1)[1]))
    assert guest.model.online is not None and guest.model.online.device.shared == (TURN,)
    assert host.model.online is not None and host.model.online.device.shared == ()
    joins = {}
    for index in range(TURN_RETRY_TICKS * TURN_TRIES + 10):
        guest.model, effects = update(guest.model, NetTick(guest.model.online.room), NOW)
        for effect in effects:
            if isinstance(effect, Connect):
                joins[index] = effect.ice
    turn = (("urls", "turn:turn.example:3478"), ("username", "senator"), ("credential", "s3cret"))
    # At once, then again while no connection forms, a few times.
    assert list(joins) == [TURN_RETRY_TICKS * n for n in range(TURN_TRIES)]
    assert all(turn in ice for ice in joins.values())

    direct, (host, guest) = table(3, (HUMAN, HUMAN, "easy"))
    assert host.model.online is not None
    direct.send(host, Field("ice", TURN))
    direct.send(host, Rejoin())  # the settings changed at the table: shared at once
    assert guest.model.online is not None and guest.model.online.device.shared == (TURN,)
    guest.model, effects = update(guest.model, NetTick(guest.model.online.room), NOW)
    assert not any(isinstance(e, Connect) for e in effects)


def test_a_page_seen_again_after_a_sleep_asks_the_host_at_once_for_what_it_missed() -> None:
    """A phone's screen goes off: its connections die unseen and the table plays on.
    Seen again after a while, the page opens its relays afresh and asks the host for
    the entries it lacks on every way it has to it; a glance away asks nothing."""
    room, (host, guest) = table(3, (HUMAN, HUMAN, "easy"))
    room.send(host, BeginTable())
    chooser = random.Random(2)
    while host.model.game is not None and host.model.game.to_move == 1:
        play_on(room, [guest], chooser, moves=1)
    room.dropped.add(guest.name)  # asleep: whatever the table does now never comes
    play_on(room, [host], chooser, moves=3)
    room.dropped.discard(guest.name)
    assert host.model.game is not None and guest.model.game is not None
    assert guest.model.game.moves < host.model.game.moves
    guest.model, effects = update(guest.model, PageShown(2.0), NOW)
    assert effects == ()
    guest.model, effects = update(guest.model, PageShown(60.0), NOW)
    assert ReopenRelays() in effects
    for effect in effects:
        room.carry_out(guest, effect)
    room.settle()
    assert guest.model.game.moves == host.model.game.moves
