"""Tables over days in the application: pages that open one at a time, days apart, on
browsers that keep what the page stores, through a relay that keeps what it is given
(`StoredRelay`); the title's list, the story of what happened since, the clocks and
the controls, and what the browser keeps."""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from senator_core.app import Model, Msg, init, start, update, view
from senator_core.app.days.messages import (
    BeginNow,
    ClaimSeat,
    ComeBack,
    DaysTick,
    HandOver,
    LeaveDays,
    Locked,
    OpenDays,
    ShareTurn,
    ShowTable,
    StoryRead,
)
from senator_core.app.days.update import DAYS_LINK, link
from senator_core.app.effects import (
    Address,
    After,
    CloseLink,
    Connect,
    Disconnect,
    Effect,
    Lock,
    Notify,
    OpenRelays,
    RelaySend,
    ReopenRelays,
    Scroll,
    Share,
    Store,
    Think,
    Transmit,
)
from senator_core.app.keeping.saves import DAYS_KEY
from senator_core.app.messages import Field, Key, Title
from senator_core.app.online.messages import (
    Invited,
    PageShown,
    PeerJoined,
    PeerLeft,
    PeerSent,
    QrReady,
    RelayFrame,
    RelayOpened,
    Say,
)
from senator_core.app.play.messages import Act, Forced, GoOn, PlayAgain, Pondered, Thought
from senator_core.app.setup.messages import NewGame
from senator_core.bots import make
from senator_core.online.days import NOW, Record, from_event, to_event
from senator_core.online.device import HUMAN
from senator_core.online.relays import topic_of

from ..appkit import HOSTILE, Page
from ..test_days import StoredRelay

RELAY = "ws://127.0.0.1:7999"
DAY = 86_400
BEGINNING = 1_900_000_000


class Relay(StoredRelay):
    """A relay that answers the newest events first, as relays do, and passes each event
    it takes to the other pages whose subscription is open (`listening`)."""

    listening: dict[int, tuple[Browser, str]]
    down: bool = False  # the relay cannot be reached: nothing goes to it or comes from it

    def answer(self, text: str, by: Browser | None = None) -> list[str]:
        if self.down:
            return []
        replies = super().answer(text)
        frame = json.loads(text)
        if frame[0] == "REQ":
            if by is not None:
                self.listening = {**getattr(self, "listening", {}), id(by): (by, frame[1])}
            return [*reversed(replies[:-1]), replies[-1]]
        for page, sub in getattr(self, "listening", {}).values():
            if page is not by and page.model is not None:
                page.inbox.append(RelayFrame(self.url, json.dumps(["EVENT", sub, frame[1]])))
        return replies


@dataclass
class Mesh:
    """The direct connections between the pages of a table open at once (WebRTC): each
    page that joins the table's room meets every other page there."""

    rooms: dict[str, dict[str, Browser]] = field(default_factory=dict)

    def join(self, room: str, page: Browser) -> None:
        self.leave(page)
        others = self.rooms.setdefault(room, {})
        for other in others.values():
            other.inbox.append(PeerJoined(page.name))
            page.inbox.append(PeerJoined(other.name))
        others[page.name] = page

    def leave(self, page: Browser) -> None:
        for others in self.rooms.values():
            if others.pop(page.name, None) is not None:
                for other in others.values():
                    other.inbox.append(PeerLeft(page.name))

    def send(self, page: Browser, text: str, to: str | None) -> None:
        for others in self.rooms.values():
            if page.name in others:
                for other in others.values():
                    if other is not page and to in (None, other.name):
                        other.inbox.append(PeerSent(page.name, text))


def iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat()


@dataclass
class Browser:
    """One player's browser: what its pages stored, and the page open now, if any."""

    name: str
    relay: Relay
    storage: dict[str, str | None] = field(default_factory=dict)
    model: Model | None = None
    shared: list[Share] = field(default_factory=list)
    notified: list[Notify] = field(default_factory=list)
    inbox: list[Msg] = field(default_factory=list)  # what the relay passed on meanwhile
    opened: int = 0
    mesh: Mesh | None = None  # the direct connections, where the page can make them
    joins: list[Connect] = field(default_factory=list)  # the table's room, as joined

    def open(self, at: float, fragment: str = "") -> Model:
        """Opens the page (its storage as the last page left it), at the link `fragment`."""
        self.opened += 1
        entropy = f"{self.name}|{self.opened}".encode().ljust(32, b".")[:32]
        self.model, effects = init(
            self.storage, page_url="https://senator.example/", now=iso(at), entropy=entropy
        )
        self.run((*effects, *start(self.model)), at)
        if fragment:
            self.send(Invited(fragment), at)
        return self.model

    def send(self, msg: Msg, at: float) -> Model:
        assert self.model is not None
        self.model, effects = update(self.model, msg, iso(at))
        self.run(effects, at)
        return self.model

    def run(self, effects: tuple[Effect, ...], at: float) -> None:
        """Carries effects out as the page does: the relay's answers come back in order."""
        queue: deque[Msg] = deque()
        for effect in effects:
            if isinstance(effect, Connect):
                self.joins.append(effect)
            match effect:
                case Store(key, value):
                    self.storage[key] = value
                case OpenRelays(urls) if not self.relay.down:
                    queue.extend(RelayOpened(url) for url in urls if url == self.relay.url)
                case Connect(room) if self.mesh is not None:
                    self.mesh.join(room, self)
                case Transmit(text, to) if self.mesh is not None:
                    self.mesh.send(self, text, to)
                case Disconnect() | CloseLink() if self.mesh is not None:
                    self.mesh.leave(self)
                case RelaySend(url, text) if url == self.relay.url:
                    replies = self.relay.answer(text, self)
                    queue.extend(RelayFrame(url, reply) for reply in replies)
                case Notify():
                    self.notified.append(effect)
                case Think(level, seed, game, _least, False):
                    choice = make(level, seed=seed).choose(game)  # as the page's worker does
                    queue.append(Thought(game.moves, str(choice)))
                case After(_seconds, Pondered() | Forced() as then):
                    queue.append(then)
                case Lock(room):
                    queue.append(Locked(room, True))
                case Share():
                    self.shared.append(effect)
        while queue:
            self.send(queue.popleft(), at)

    def heard(self, at: float) -> None:
        """Takes what the relay passed on while the page was open."""
        while self.inbox:
            self.send(self.inbox.pop(0), at)

    def close(self) -> None:
        if self.mesh is not None:
            self.mesh.leave(self)
        self.model = None
        self.inbox.clear()


def open_table(
    opener: Browser, at: float, players: int = 3, computers: int = 0, ice: str = ""
) -> str:
    """The opener sets up a table over days (with the STUN and TURN servers `ice` in
    the settings, if any) and opens it: its link."""
    opener.open(at)
    opener.send(NewGame(online=True), at)
    seats = [HUMAN] * (players - computers) + ["normal"] * computers
    opener.send(Field("players", str(players)), at)
    assert opener.model is not None
    setup = replace(opener.model.setup, occupants=(*seats, *opener.model.setup.occupants[players:]))
    opener.model = replace(opener.model, setup=setup)
    opener.send(Field("days", "2"), at)
    opener.send(Field("relays", RELAY), at)
    if ice:
        opener.send(Field("ice", ice), at)
    opener.send(Field("seat-0-name", opener.name), at)
    model = opener.send(OpenDays(), at)
    assert model.days is not None and model.screen == "lobby"
    return link(model, model.days).split("#")[1]


def visit(browser: Browser, at: float, rng: random.Random, fragment: str = "") -> Model:
    """The player opens their table (by the link, the first time), reads what happened
    since, and makes their moves while it is their turn; then closes the page."""
    model = browser.open(at, fragment)
    if not fragment:
        assert model.tables, "the table is on the title's list"
        model = browser.send(ShowTable(model.tables[0].room), at)
    if model.days is not None and model.days.since is not None:
        browser.send(StoryRead(), at)
    while (model := browser.model) is not None and model.days:
        if model.story:  # a round's summary: the player goes on (the computers wait)
            browser.send(GoOn(model.story), at)
            continue
        if not model.days.table.my_turn():
            break
        assert model.game is not None
        actions = [str(a) for a in model.game.legal_actions()]
        browser.send(Act(rng.choice(actions)), at)
    return browser.model  # type: ignore[return-value]


def three_friends(relay: Relay) -> tuple[list[Browser], str]:
    browsers = [Browser(name, relay) for name in ("Ann", "Bea", "Cyd")]
    fragment = open_table(browsers[0], BEGINNING)
    browsers[0].close()
    return browsers, fragment


def test_three_friends_who_never_open_at_once_play_a_whole_game_over_days() -> None:
    """The opener opens the table and closes the page; two friends open the link days
    apart and take a seat; from then on each opens the page in turn, never two at once,
    reads what happened since, and moves while it is their turn. The game ends, every
    browser keeps it in its history with the same result, and the title's list says so."""
    relay = Relay(RELAY)
    browsers, fragment = three_friends(relay)
    rng = random.Random(7)
    at = BEGINNING
    for friend in browsers[1:]:
        at += DAY
        model = friend.open(at, "#" + fragment)
        assert model.screen == "lobby"
        text = Page(view(model)).all_text()
        assert "Ann invites you to a game played over days." in text, text
        friend.send(Field("seat-0-name", friend.name), at)
        friend.send(ClaimSeat(), at)
        friend.close()
    visits = 0
    told_since = 0
    while True:
        for browser in browsers:
            at += 3_600 * 7
            model = visit(browser, at, rng)
            visits += 1
            assert model.days is not None
            told_since += model.days.since is None and model.days.seen > 0
            browser.close()
        game = model.days.table.game
        if game is not None and game.decision == "over":
            break
        assert visits < 400
    # Every page opens once more: each sees the end, keeps the game, lists it as ended.
    results = set()
    for browser in browsers:
        at += 60
        model = visit(browser, at, rng)
        assert model.screen == "end"
        assert model.history and model.history[0].result is not None
        assert model.history[0].names == ["Ann", "Bea", "Cyd"]
        results.add(json.dumps(model.history[0].result))
        browser.send(Title(), at)
        assert browser.model is not None and browser.model.days is None
        assert browser.model.tables[0].over
        page = Page(view(browser.model))
        assert any("Ended" in t for t in page.texts("days-state")), page.texts("days-state")
    assert len(results) == 1


def seated(seed: int, rounds: int) -> tuple[list[Browser], str, float, random.Random]:
    """Three friends at a table over days, each having opened it `rounds` times."""
    relay = Relay(RELAY)
    browsers, fragment = three_friends(relay)
    rng = random.Random(seed)
    at = BEGINNING + 100
    for friend in browsers[1:]:
        friend.open(at, "#" + fragment)
        friend.send(Field("seat-0-name", friend.name), at)
        friend.send(ClaimSeat(), at)
        friend.close()
    for _round in range(rounds):
        for browser in browsers:
            at += 600
            visit(browser, at, rng)
            browser.close()
    return browsers, fragment, at, rng


def test_the_title_lists_your_turn_first_and_tells_what_happened_since() -> None:
    """The title catches each table up from its relays: the player whose turn it is sees
    "Your turn" on the first line, above a table of their own still waiting for friends;
    the others see whom the table waits for. Opening the table after others moved tells
    the moves since the player last looked, until they go on."""
    browsers, _fragment, at, rng = seated(3, rounds=2)
    browsers[1].close()
    open_table(browsers[1], at + 10)  # Bea opens a second table, still waiting for friends
    browsers[1].close()
    awaited = []
    for browser in browsers:
        model = browser.open(at + 20)
        states = Page(view(model)).texts("days-state")
        assert len(states) == (2 if browser is browsers[1] else 1), states
        if states[0].startswith("Your turn"):
            awaited.append(browser)
        else:
            assert states[0].startswith("Waiting for"), states
        browser.close()
    assert len(awaited) == 1
    mover = awaited[0]
    visit(mover, at + 30, rng)
    mover.close()
    watcher = browsers[(browsers.index(mover) + 1) % 3]
    model = watcher.open(at + 40)
    room = next(t.room for t in model.tables if t.begun)
    model = watcher.send(ShowTable(room), at + 40)
    assert model.days is not None and model.days.since is not None
    text = Page(view(model)).all_text()
    assert "Since you last looked" in text and mover.name in text, text
    model = watcher.send(StoryRead(), at + 40)
    assert "Since you last looked" not in Page(view(model)).all_text()
    watcher.close()
    model = watcher.open(at + 50)
    model = watcher.send(ShowTable(room), at + 50)
    assert model.days is not None and model.days.since is None  # nothing new since


def test_a_player_whose_time_ran_out_is_played_by_the_computer_until_they_come_back() -> None:
    browsers, _fragment, at, _rng = seated(11, rounds=1)
    # Whose turn is it? Another player opens after the two days ran out.
    model = browsers[0].open(at)
    room = model.tables[0].room
    model = browsers[0].send(ShowTable(room), at)
    assert model.days is not None
    awaited = model.days.table.awaited()
    browsers[0].close()
    assert awaited
    late = awaited[0]
    other = browsers[(late + 1) % 3]
    model = other.open(at + 3 * DAY)
    model = other.send(ShowTable(room), at + 3 * DAY)
    assert "Let a computer play for" in Page(view(model)).all_text()
    too_early = other.send(HandOver(str(late)), at + DAY)  # a clock gone back: refused
    assert too_early.notice
    model = other.send(HandOver(str(late)), at + 3 * DAY)
    assert model.days is not None and late in model.days.table.state.stood
    assert model.days.table.awaited() != [late]  # the computer played for them
    deadline = model.days.table.deadline()
    assert deadline is None or deadline > at + 4 * DAY  # the next player's time runs anew
    other.close()
    back = browsers[late]
    model = back.open(at + 4 * DAY)
    assert "A computer plays for you" in Page(view(model)).texts("days-state")
    model = back.send(ShowTable(room), at + 4 * DAY)
    text = Page(view(model)).all_text()
    assert "Take your seat back" in text
    assert model.days is not None and model.days.since is not None
    assert "a computer plays your seat meanwhile" in text
    model = back.send(ComeBack(), at + 4 * DAY)
    assert model.days is not None and late not in model.days.table.state.stood


def test_players_who_leave_are_played_by_the_computer_and_catch_up_on_the_whole_game() -> None:
    """Leaving asks twice, then a computer takes the seat for good. Bea and Cyd leave
    early; Ann plays on to the end alone; Bea's title, opened once it is over, catches
    up on the whole game from the relay's answer (the newest events first) and lists
    the table as ended."""
    browsers, _fragment, at, rng = seated(5, rounds=1)
    ann, bea, cyd = browsers
    for leaver in (cyd, bea):
        model = leaver.open(at + 10)
        model = leaver.send(ShowTable(model.tables[0].room), at + 10)
        model = leaver.send(LeaveDays(), at + 10)
        assert model.confirm == "leave-days" and "Leave for good" in Page(view(model)).all_text()
        model = leaver.send(LeaveDays(), at + 10)
        assert model.days is not None and browsers.index(leaver) in model.days.table.state.gone
        assert "You have left this table" in Page(view(model)).all_text()
        leaver.close()
    model = visit(ann, at + 20, rng)
    assert model.screen == "end"
    text = Page(view(model)).all_text()
    assert "A computer played for Bea and Cyd for part of this game." in text, text
    ann.close()
    model = bea.open(at + 30)
    assert model.tables[0].over, model.tables[0]
    ended = bea.send(ShowTable(model.tables[0].room), at + 30)
    assert ended.screen == "end"
    assert Page(view(ended)).texts("own-place"), "the place Bea's seat finished in is hers"
    assert len(model.peeks[0].table.stream) > 64  # more than wait for one another at once
    assert model.history and model.history[0].names == ["Ann", "Bea", "Cyd"]  # kept once


def test_the_turn_is_shared_with_the_table_link_and_a_bad_link_or_kept_table_is_said() -> None:
    relay = Relay(RELAY)
    browsers, fragment = three_friends(relay)
    ann = browsers[0]
    model = ann.open(BEGINNING + 5)
    model = ann.send(ShowTable(model.tables[0].room), BEGINNING + 5)
    ann.send(ShareTurn(), BEGINNING + 5)
    assert ann.shared and ann.shared[-1].url.endswith("#" + fragment)
    ann.close()
    stranger = Browser("Dan", relay)
    model = stranger.open(BEGINNING, "#days=0123")
    assert model.notice and "not whole" in model.notice
    # A hostile name is kept as text; a damaged store is said and kept as it was.
    bea = browsers[1]
    model = bea.open(BEGINNING + 9, "#" + fragment)
    bea.send(Field("seat-0-name", HOSTILE), BEGINNING + 9)
    model = bea.send(ClaimSeat(), BEGINNING + 9)
    assert HOSTILE not in view(model)
    damaged = {DAYS_KEY: json.dumps({"format": 1, "tables": [{"room": "x"}], "kept": 3})}
    model, _effects = init(damaged)
    assert model.tables == ()
    broken, _effects = init({DAYS_KEY: "{"})
    assert broken.notice and DAYS_KEY in broken.held
    assert DAYS_LINK.match("#" + fragment)


def test_pages_open_at_once_see_each_move_as_it_is_made_and_the_turn_is_told() -> None:
    """Two players with the table open at the same time: each move one makes reaches the
    other's page through the relay at once, and the page whose turn comes says so in a
    notification (shown by the page only while it is out of sight)."""
    browsers, _fragment, at, rng = seated(9, rounds=1)
    ann, bea, _cyd = browsers
    for browser in (ann, bea):
        model = browser.open(at + 5)
        browser.send(ShowTable(model.tables[0].room), at + 5)
    told = 0
    for step in range(12):
        for mover, watcher in ((ann, bea), (bea, ann)):
            model = mover.model
            assert model is not None and model.days is not None
            if not model.days.table.my_turn():
                continue
            assert model.game is not None
            before = len(watcher.notified)
            mover.send(Act(rng.choice([str(a) for a in model.game.legal_actions()])), at + step)
            watcher.heard(at + step)
            assert watcher.model is not None and watcher.model.game is not None
            assert watcher.model.game.moves == mover.model.game.moves  # type: ignore[union-attr]
            if watcher.model.days and watcher.model.days.table.my_turn():
                assert len(watcher.notified) == before + 1
                told += 1
    assert told


def test_a_second_tab_without_the_tables_lock_only_watches() -> None:
    """Two tabs of one browser share its storage, and so the table's key: the tab that
    does not hold the browser's lock for the table says so and makes no move there,
    until the lock comes to it."""
    browsers, _fragment, at, _rng = seated(4, rounds=1)
    awaited = next(b for b in browsers if _my_turn(b, at))
    model = awaited.send(ShowTable(awaited.model.tables[0].room), at)  # type: ignore[union-attr]
    assert model.days is not None and model.days.table.my_turn()
    room = model.days.room
    model = awaited.send(Locked(room, False), at)
    assert model.days is not None and model.days.elsewhere
    assert "open in another tab" in Page(view(model)).all_text()
    assert model.game is not None
    moves = model.game.moves
    model = awaited.send(Act(str(model.game.legal_actions()[0])), at)
    assert model.notice and model.game is not None and model.game.moves == moves
    model = awaited.send(Locked(room, True), at)
    assert model.days is not None and not model.days.elsewhere and model.days.table.my_turn()
    awaited.send(Act(str(model.game.legal_actions()[0])), at)  # type: ignore[union-attr]
    assert awaited.model is not None and awaited.model.game is not None
    assert awaited.model.game.moves > moves


def _my_turn(browser: Browser, at: float) -> bool:
    model = browser.open(at)
    return model.tables[0].my_turn


def quiet(browsers: list[Browser], at: float) -> None:
    """Every page takes what came to it, until nothing more comes."""
    while any(b.inbox for b in browsers):
        for browser in browsers:
            browser.heard(at)


def test_pages_open_at_once_meet_directly_and_play_to_the_end_while_the_relay_is_down() -> None:
    """Three friends seated through the relay; then the relay cannot be reached, and all
    three open the table at once. Their pages meet directly and catch each other up
    (one had not seen the last moves), and the game goes on over the direct connections
    alone to its end, every page with the same result. Bea opens the next game at the
    table; the others are told, take their seats in it, and its cards are dealt, still
    with no relay. Once the relay is back, the next page to open gives it every entry
    of the first table it lacks."""
    browsers, _fragment, at, rng = seated(13, rounds=1)
    ann, bea, cyd = browsers
    room = ""
    for browser in (ann, bea):
        browser.open(at)
        assert browser.model is not None
        room = browser.model.tables[0].room
        visit(browser, at, rng)  # Cyd has not seen these moves
        browser.close()
    relay = ann.relay
    before = len(relay.events)
    relay.down = True
    mesh = Mesh()
    for browser in browsers:
        browser.mesh = mesh
        browser.open(at + 60)
        browser.send(ShowTable(room), at + 60)
    quiet(browsers, at + 60)
    tables = [b.model.days.table for b in browsers if b.model and b.model.days]
    assert len({len(t.stream) for t in tables}) == 1, "every page caught up on every other"
    assert ann.model is not None
    assert "At the table now: Bea and Cyd." in Page(view(ann.model)).all_text()
    # Nobody is told of a turn at the table they are at.
    assert not any("Tell them" in Page(view(b.model)).all_text() for b in browsers if b.model)
    for _step in range(2_000):
        at += 1
        moved = False
        for browser in browsers:
            model = browser.model
            assert model is not None and model.days is not None and model.game is not None
            if model.story:
                browser.send(GoOn(model.story), at)
            elif model.days.since is not None:
                browser.send(StoryRead(), at)
            elif model.days.table.my_turn() and model.game.decision != "over":
                actions = [str(a) for a in model.game.legal_actions()]
                browser.send(Act(rng.choice(actions)), at)
                moved = True
            quiet(browsers, at)
        if not moved and all(b.model and b.model.screen == "end" for b in browsers):
            break
    else:
        raise AssertionError("the game did not end")
    assert len(relay.events) == before  # nothing reached the relay meanwhile
    results = {json.dumps(b.model.history[0].result) for b in browsers if b.model}
    assert len(results) == 1 and None not in results
    # The next game at this table, opened by Bea, joined by the others.
    assert "Play again at this table" in Page(view(bea.model)).all_text()  # type: ignore[arg-type]
    model = bea.send(PlayAgain(), at)
    assert model.screen == "lobby" and model.days is not None and model.days.room != room
    quiet(browsers, at)
    for friend in (ann, cyd):
        assert friend.model is not None
        text = Page(view(friend.model)).all_text()
        assert "Bea opened the next game at this table." in text, text
        friend.send(PlayAgain(), at + 1)
        quiet(browsers, at + 1)
    for browser in browsers:
        model = browser.model  # type: ignore[assignment]
        assert model is not None and model.days is not None and model.game is not None
        assert model.game.names == ("Bea", "Ann", "Cyd") and model.screen == "game"
    assert len(relay.events) == before
    for browser in browsers:
        browser.close()
    relay.down = False
    model = bea.open(at + 600)
    model = bea.send(ShowTable(room), at + 600)
    assert model.days is not None
    stream = {r.key for r in model.days.records()}
    held = {
        from_event(e, room, model.days.secret).key
        for e in relay.events.values()
        if ["x", topic_of(room)] in e["tags"]
    }
    assert stream <= held


def test_a_line_left_in_the_tables_chat_is_read_days_later() -> None:
    """Ann writes a line in the table's chat and closes the page; Bea opens the table two
    days later and reads it beside the game, who said it too. Quick reactions are said
    as they are; a reaction that is not one is not; a flurry of lines is slowed."""
    browsers, _fragment, at, _rng = seated(17, rounds=1)
    ann, bea, _cyd = browsers
    model = ann.open(at)
    room = model.tables[0].room
    ann.send(ShowTable(room), at)
    for key in "See you  on Monday!":
        text = ann.model.days.draft + key if ann.model and ann.model.days else key
        ann.send(Field("chat", text), at)
    model = ann.send(Key("Enter", "chat"), at)
    assert model.days is not None and model.days.draft == ""
    assert ann.model is not None
    _said, effects = update(ann.model, Say("👍"), iso(at + 1))
    assert Scroll("chat") in effects  # the newest line in view
    ann.send(Say("👍"), at + 1)
    ann.send(Say("<b>not a reaction</b>"), at + 2)
    ann.close()
    model = bea.open(at + 2 * DAY)
    model = bea.send(ShowTable(room), at + 2 * DAY)
    assert model.days is not None
    assert [(seat, text) for _at, seat, text in model.days.table.said()] == [
        (0, "See you on Monday!"),
        (0, "👍"),
    ]
    chat = Page(view(model)).texts("chat")
    assert chat and "Ann: See you on Monday!" in chat[0] and "not a reaction" not in chat[0]
    for line in range(6):
        bea.send(Field("chat", f"line {line}"), at + 2 * DAY)
        model = bea.send(Key("Enter", "chat"), at + 2 * DAY)
    assert model.notice and "Not so fast" in model.notice
    assert model.days is not None
    assert [text for _at, _seat, text in model.days.table.said()[2:]] == [
        f"line {n}" for n in range(4)
    ]


def test_the_opener_begins_without_a_friend_who_never_comes() -> None:
    """Bea takes a seat, Cyd never opens the link: Ann begins without waiting (asked
    twice), a computer takes the open seat, and the game goes on with the two of them.
    Cyd, opening the link at last, finds every seat taken."""
    relay = Relay(RELAY)
    ann, bea, cyd = (Browser(name, relay) for name in ("Ann", "Bea", "Cyd"))
    fragment = open_table(ann, BEGINNING)
    ann.close()
    bea.open(BEGINNING + DAY, "#" + fragment)
    bea.send(Field("seat-0-name", "Bea"), BEGINNING + DAY)
    bea.send(ClaimSeat(), BEGINNING + DAY)
    bea.close()
    at = BEGINNING + 3 * DAY
    model = ann.open(at)
    model = ann.send(ShowTable(model.tables[0].room), at)
    text = Page(view(model)).all_text()
    assert "Waiting for 1 more friend" in text and "Begin without waiting" in text, text
    model = ann.send(BeginNow(), at)
    assert model.days is not None and model.days.table.begin is None
    assert "Begin now: a computer takes the open seat" in Page(view(model)).all_text()
    model = ann.send(BeginNow(), at)
    assert model.days is not None and model.days.table.levels[2] == "normal"
    ann.close()
    rng = random.Random(19)
    for day in range(4, 10):
        for player in (bea, ann):
            model = visit(player, BEGINNING + day * DAY, rng)
            player.close()
    assert model.game is not None and model.game.moves > 10
    model = cyd.open(BEGINNING + 10 * DAY, "#" + fragment)
    text = Page(view(model)).all_text()
    assert "The game began without you: you are watching it." in text
    assert "Take a seat" not in text and 'name="chat"' not in view(model)  # no chat to watchers
    cyd.close()
    # Played to its end, the table's next game keeps the computer where it sat.
    day = 10
    while model.screen != "end":
        day += 1
        assert day < 200, "the game did not end"
        for player in (bea, ann):
            model = visit(player, BEGINNING + day * DAY, rng)
            if model.screen != "end":
                player.close()
    model = (
        ann.send(PlayAgain(), BEGINNING + day * DAY)
        if ann.model
        else bea.send(PlayAgain(), BEGINNING + day * DAY)
    )
    assert model.screen == "lobby" and model.days is not None
    assert model.days.lobby.offer is not None
    assert model.days.lobby.offer.body["levels"] == ["", "", "normal"]


def test_the_open_tables_link_stays_in_the_address_and_a_woken_page_asks_its_relays_again() -> None:
    """While a table over days is open its link is the page's address, so a reload (or a
    bookmark) comes back to it; the title takes it away. A page seen again after a
    phone's sleep opens its relays' sockets afresh; after a glance away it does not."""
    browsers, fragment, at, _rng = seated(23, rounds=1)
    ann = browsers[0]
    model = ann.open(at)
    room = model.tables[0].room
    model, effects = update(model, ShowTable(room), iso(at))
    assert Address("#" + fragment) in effects
    assert update(model, PageShown(30.0), iso(at))[1] == (ReopenRelays(),)
    assert update(model, PageShown(1.0), iso(at))[1] == ()
    model, effects = update(model, Title(), iso(at))
    assert Address("") in effects and model.days is None
    assert update(model, PageShown(30.0), iso(at))[1] == (ReopenRelays(),)  # the title's list


def test_the_last_seat_taken_says_when_the_game_begins() -> None:
    """Once every seat is taken, the lobby says the game begins when the opener next
    opens the table, or now, if the opener's page is at the table (met directly)."""
    relay = Relay(RELAY)
    ann, bea = Browser("Ann", relay), Browser("Bea", relay)
    fragment = open_table(ann, BEGINNING, players=3, computers=1)
    ann.close()
    bea.open(BEGINNING + 5, "#" + fragment)
    bea.send(Field("seat-0-name", "Bea"), BEGINNING + 5)
    model = bea.send(ClaimSeat(), BEGINNING + 5)
    assert "the game begins when Ann next opens the table" in Page(view(model)).all_text()
    assert model.days is not None and model.days.lobby.offer is not None
    model.days.links.opened("ann", model.days.shelves, "a" * 32)
    model.days.links.here["ann"] = model.days.lobby.offer.author  # as proven on meeting
    text = Page(view(model)).all_text()
    assert "Every seat is taken: Ann is here, and the game begins now." in text


def test_two_friends_who_take_a_seat_at_once_both_sit() -> None:
    """Two friends open the link together and take a seat before either page has heard
    the other's claim: both claim the first open seat, one claim stands, and the other
    page claims the next open seat at once, under the same name."""
    relay = Relay(RELAY)
    ann, bea, cyd = Browser("Ann", relay), Browser("Bea", relay), Browser("Cyd", relay)
    fragment = open_table(ann, BEGINNING)
    ann.close()
    for friend in (bea, cyd):
        friend.open(BEGINNING + 5, "#" + fragment)
        friend.send(Field("seat-0-name", friend.name), BEGINNING + 5)
    for friend in (bea, cyd):
        friend.send(ClaimSeat(), BEGINNING + 5)  # neither has heard the other's claim yet
    for _ in range(2):
        for friend in (bea, cyd):
            friend.heard(BEGINNING + 6)
    seats = []
    for friend in (bea, cyd):
        assert friend.model is not None and friend.model.days is not None
        held = friend.model.days.lobby.seated()
        assert {c.body["name"] for c in held.values()} == {"Bea", "Cyd"}
        seats.append(next(s for s, c in held.items() if c.body["name"] == friend.name))
        said = Page(view(friend.model)).all_text()
        assert "the game begins when Ann next opens the table" in said
    assert sorted(seats) == [1, 2]
    bea.close()
    cyd.close()
    model = ann.open(BEGINNING + 60)
    model = ann.send(ShowTable(model.tables[0].room), BEGINNING + 60)
    assert model.days is not None
    names = model.days.table.names
    assert (names[0], names[seats[0]], names[seats[1]]) == ("Ann", "Bea", "Cyd")


def test_the_turn_servers_a_player_wrote_are_used_by_every_page_at_the_table() -> None:
    """The opener and a friend each wrote a TURN server in their settings: the offer and
    the claim share them, and each page joins the table's room again with the other's
    as soon as it hears of it (no page being met yet), as it does when it opens later."""
    relay = Relay(RELAY)
    ann, bea = Browser("Ann", relay), Browser("Bea", relay)
    turns = {"Ann": "turn:ann.example:3478 ann pass", "Bea": "turns:bea.example:5349 bea pw"}
    ice = "stun:stun.example:3478\n" + turns["Ann"]
    fragment = open_table(ann, BEGINNING, players=3, computers=1, ice=ice)

    def urls(join: Connect) -> list[str]:
        return [dict(server)["urls"] for server in join.ice]

    assert urls(ann.joins[-1]) == ["stun:stun.example:3478", "turn:ann.example:3478"]
    bea.open(BEGINNING + 5, "#" + fragment)
    assert "turn:ann.example:3478" not in urls(bea.joins[0])  # before the relay answered
    assert urls(bea.joins[-1])[-1] == "turn:ann.example:3478"  # heard in the offer: met anew
    assert dict(bea.joins[-1].ice[-1]) == {
        "urls": "turn:ann.example:3478",
        "username": "ann",
        "credential": "pass",
    }
    # Met by no page yet: the room is joined again with them twice more, a while apart.
    joins = len(bea.joins)
    room = bea.joins[-1].room
    for after in (4, 9, 14, 19, 28, 40):
        bea.send(DaysTick(room), BEGINNING + 5 + after)
    assert len(bea.joins) == joins + 2
    bea.send(Field("ice", turns["Bea"]), BEGINNING + 5)
    bea.send(Field("seat-0-name", "Bea"), BEGINNING + 5)
    bea.send(ClaimSeat(), BEGINNING + 5)
    ann.heard(BEGINNING + 6)  # the claim, passed on by the relay: the game begins
    assert urls(ann.joins[-1])[-1] == "turns:bea.example:5349"
    assert ann.model is not None and ann.model.days is not None
    assert ann.model.days.table.begin is not None
    ann.close()
    model = ann.open(BEGINNING + DAY)
    ann.send(ShowTable(model.tables[0].room), BEGINNING + DAY)
    assert urls(ann.joins[-1])[-1] == "turns:bea.example:5349"  # kept with the table


def test_friends_play_now_and_one_who_goes_away_is_played_by_the_computer_minutes_later() -> None:
    """ "Play now" opens the same table with three minutes for each move: its lobby says
    so and shows the link as a QR code, the friends' pages all there meet directly and
    the game begins at once. A player who closes the page mid-game is awaited for three
    minutes, seen within seconds; then the others may let a computer play the seat,
    until the player opens the table again and takes it back."""
    relay = Relay(RELAY)
    mesh = Mesh()
    ann, bea, cyd = (Browser(name, relay, mesh=mesh) for name in ("Ann", "Bea", "Cyd"))
    at = BEGINNING
    ann.open(at)
    ann.send(NewGame(online=True), at)
    ann.send(Field("players", "3"), at)
    ann.send(Field("relays", RELAY), at)
    ann.send(Field("seat-0-name", "Ann"), at)
    model = ann.send(OpenDays(now=True), at)
    assert model.days is not None and model.days.table.limit == 0  # not begun yet
    assert model.days.lobby.offer is not None and model.days.lobby.offer.body["limit"] == NOW
    html = view(ann.send(QrReady(), at))
    page = Page(html)
    assert "Online table" in page.all_text() and "3 minutes for each move" in page.all_text()
    assert '<svg role="img"' in html, "the link as a QR code"
    fragment = "#" + link(model, model.days).split("#")[1]
    for friend in (bea, cyd):
        friend.open(at + 10, fragment)
        quiet([ann, bea, cyd], at + 10)
        assert friend.model is not None
        assert "Ann invites you to play now." in Page(view(friend.model)).all_text()
        friend.send(Field("seat-0-name", friend.name), at + 10)
        friend.send(ClaimSeat(), at + 10)
        quiet([ann, bea, cyd], at + 10)
    rng = random.Random(5)
    for _ in range(12):  # a few moves, everyone there
        for browser in (ann, bea, cyd):
            model = browser.model  # type: ignore[assignment]
            assert model is not None and model.days is not None and model.game is not None
            if model.story:
                browser.send(GoOn(model.story), at)
            elif model.days.table.my_turn():
                browser.send(Act(rng.choice([str(a) for a in model.game.legal_actions()])), at)
            quiet([ann, bea, cyd], at)
    assert ann.model is not None and ann.model.days is not None
    table = ann.model.days.table
    assert table.limit == NOW and table.state.game is not None
    late = table.awaited()[0]
    away = (ann, bea, cyd)[late]
    away.close()
    others = [b for b in (ann, bea, cyd) if b is not away]
    watcher = others[0]
    room = ann.model.days.room
    assert watcher.model is not None
    effects = update(watcher.model, DaysTick(room), iso(at + 60))[1]
    assert effects == (After(5.0, DaysTick(room)),)  # the clocks looked at within seconds
    model = watcher.send(DaysTick(room), at + 120)
    assert "1 minute left" in Page(view(model)).all_text()
    refused = watcher.send(HandOver(str(late)), at + 120)
    assert refused.notice == "Their time has not run out yet."
    model = watcher.send(HandOver(str(late)), at + 200)
    quiet(others, at + 200)
    assert model.days is not None and late in model.days.table.state.stood
    away.open(at + 300)
    model = away.send(ShowTable(room), at + 300)
    assert "Take your seat back" in Page(view(model)).all_text()
    model = away.send(ComeBack(), at + 300)
    assert model.days is not None and late not in model.days.table.state.stood


def test_a_move_a_watcher_forges_in_the_players_place_never_stands_in_for_theirs() -> None:
    """A page that knows the link but holds no seat signs, at a seat's turn, the very
    move the player is about to make (the same action at the same moment), and sends it
    to the pages it meets and to the relay first. Refused everywhere, it keeps out
    neither the player's own move, made that second, nor its way to the relay: a page
    that opens later by the relay alone has the player's move."""
    relay, mesh = Relay(RELAY), Mesh()
    ann, bea, eve = (Browser(name, relay, mesh=mesh) for name in ("Ann", "Bea", "Eve"))
    at = BEGINNING
    fragment = "#" + open_table(ann, at, players=3, computers=1)
    bea.open(at, fragment)
    bea.send(Field("seat-0-name", "Bea"), at)
    bea.send(ClaimSeat(), at)
    eve.open(at, fragment)  # every seat taken: Eve watches
    pages = [ann, bea, eve]
    quiet(pages, at)
    rng = random.Random(2)
    for _ in range(300):
        at += 1
        table = eve.model.days.table  # type: ignore[union-attr]
        if table.game is not None and table.awaited() == [1] and not table.point:
            break
        for browser in (ann, bea):
            model = browser.model
            assert model is not None and model.days is not None and model.game is not None
            if model.story:
                browser.send(GoOn(model.story), at)
            elif model.days.table.my_turn():
                browser.send(Act(rng.choice([str(a) for a in model.game.legal_actions()])), at)
            quiet(pages, at)
    else:
        raise AssertionError("Bea's turn never came")
    assert eve.model is not None and eve.model.days is not None
    days = eve.model.days
    action, since = str(table.game.legal_actions()[0]), table.state.since
    body = {"action": action, "at": since}
    forged = Record(table.name, "move", len(table.stream), table.stream[-1].key, body, "")
    event = to_event(forged.signed(days.key), days.key, days.room, days.secret, since)
    relay.answer(json.dumps(["EVENT", event]), eve)
    mesh.send(eve, json.dumps(["EVENT", event]), None)
    quiet(pages, at)
    assert ann.model is not None and ann.model.days is not None
    assert len(ann.model.days.table.stream) == len(table.stream)  # refused
    bea.send(Act(action), since)  # the same move, that very second
    quiet(pages, at)
    made = len(table.stream)
    for browser in (ann, bea, eve):
        stream = browser.model.days.table.stream  # type: ignore[union-attr]
        assert len(stream) > made and stream[made].author == bea.model.days.key.public  # type: ignore[union-attr]
    dan = Browser("Dan", relay)
    model = dan.open(at + 60, fragment)
    assert model.days is not None and model.days.table.stream[made].body == body
    assert model.days.table.stream[made].author != days.key.public
