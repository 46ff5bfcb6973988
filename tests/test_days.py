"""A table over days (`senator_core.online.days`): devices that are never open at the
same time play a whole game through a relay that keeps what they publish (in memory,
with a simulated clock), losing some of it; forged, replayed and out-of-order records
refused or waited for."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

import senator_core as sc
from senator_core.online.chance import Chain
from senator_core.online.days import (
    MAX_LINES,
    MAX_SAID,
    Answered,
    Lobby,
    Record,
    Shelves,
    Table,
    from_event,
    offer_table,
    open_table,
    to_event,
)
from senator_core.online.keys import Key
from senator_core.online.links import MAX_FRAMES, Caught, Links, Send, Shut, here_text
from senator_core.online.relays import Frame

DAY = 86_400.0
ROOM, SECRET = "0123456789abcdef", "f" * 32


@dataclass
class Shelf:
    """A relay that keeps the table's stored events (as text, in the order they came)
    and loses a part of what it is given."""

    rng: random.Random
    loss: float = 0.0
    kept: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)

    def publish(self, event: dict[str, Any]) -> None:
        if event["id"] not in self.ids and self.rng.random() >= self.loss:
            self.ids.add(event["id"])
            self.kept.append(json.dumps(event))


@dataclass
class Player:
    """A device, the table it keeps between its visits and the events it holds."""

    key: Key
    chain: Chain
    table: Table
    opened: list[float] = field(default_factory=list)  # when it was open (the clock)
    read: int = 0  # what it has read of the relay (it asks for what came since)
    events: dict[str, dict[str, Any]] = field(default_factory=dict)  # by record key

    def stored(self, record: Record, now: float) -> dict[str, Any]:
        """The event that stores `record`: as it came, or made now for its own."""
        if record.key not in self.events:
            self.events[record.key] = to_event(record, self.key, ROOM, SECRET, int(now))
        return self.events[record.key]


def seat_devices(
    rng: random.Random, people: int, levels: tuple[str, ...], limit: int = 0
) -> list[Player]:
    players = []
    for _ in range(people):
        key, chain = Key(rng.randbytes(32)), Chain(rng.randbytes(32))
        players.append(Player(key, chain, Table(key, chain)))
    devices = [p.key.public for p in players] + [""] * len(levels)
    config = sc.GameConfig(players=len(devices))
    tops = {p.key.public: p.chain.top for p in players}
    opener = players[0]
    seats = ("",) * people + levels
    begin = open_table(
        opener.key, opener.chain, config, devices, seats, tops, 0, limit, "heuristic"
    )
    assert opener.table.take(begin) is None
    return players


def read(player: Player, shelf: Shelf, now: float = 0.0, clean: bool = True) -> list[str]:
    """The device asks the relay for the events since it last asked, and takes them:
    what it refused (nothing, if `clean`)."""
    fresh = [json.loads(text) for text in shelf.kept[player.read :]]
    player.read = len(shelf.kept)
    records = [from_event(event, ROOM, SECRET) for event in fresh]
    player.events.update({r.key: e for r, e in zip(records, fresh, strict=True)})
    problems = player.table.take_all(records, now)
    assert problems == [] or not clean, problems
    return problems


def publish(player: Player, shelf: Shelf, records: list[Record], now: float) -> None:
    for record in records:
        shelf.publish(player.stored(record, now))


def added(table: Table, rng: random.Random, now: float) -> list[Record]:
    """What an open device adds until nothing more is due: its reveals, the computers'
    moves and its player's moves (chosen by `rng`)."""
    made: list[Record] = []
    while True:
        batch = table.due(now)
        if table.my_turn():
            assert table.game is not None
            batch.append(table.play(str(rng.choice(table.game.legal_actions())), now))
        if not batch:
            return made
        made += batch


def visit(player: Player, shelf: Shelf, rng: random.Random, now: float) -> None:
    """The device opens the table: it reads what the relay has, adds what is due (its
    reveal, the computers' moves, its player's move), and publishes again what the
    relay lacks."""
    player.opened.append(now)
    read(player, shelf, now)
    publish(player, shelf, added(player.table, rng, now), now)
    publish(player, shelf, player.table.records(), now)


def opened_in_turn(rng: random.Random, people: int, times: int) -> tuple[list[Player], Shelf]:
    """A table of `people` and a computer, each device opened `times` times in turn."""
    players = seat_devices(rng, people, ("heuristic",))
    shelf = Shelf(rng)
    for _ in range(times):
        for player in players:
            visit(player, shelf, rng, 0.0)
    return players, shelf


def play_over_days(
    players: list[Player], shelf: Shelf, rng: random.Random, start: float = 0.0
) -> float:
    """The devices open one after another, never two at once, from `start` until every
    one has the game's end; the days it took."""
    now = start
    for _ in range(2_000):
        for player in players:
            now += rng.uniform(0.1, 2.0) * DAY
            visit(player, shelf, rng, now)
        if all(p.table.game is not None and p.table.game.decision == "over" for p in players):
            return now / DAY
    raise AssertionError("the game did not end")


def test_devices_never_open_together_play_a_whole_game_over_days() -> None:
    """Four seats, three people on devices of their own and a computer: each device is
    open alone, days apart; the relay loses some of what it is given, which the next
    device to open publishes again. Every device ends with the same game."""
    rng = random.Random(7)
    players = seat_devices(rng, 3, ("heuristic",))
    shelf = Shelf(rng, 0.3)
    days = play_over_days(players, shelf, rng)
    records = [p.table.game.record() for p in players if p.table.game is not None]
    assert len(records) == 3 and all(r == records[0] for r in records)
    opened = sorted(t for p in players for t in p.opened)
    assert len(set(opened)) == len(opened)  # never two at once
    assert days > 10
    # The record carries every chance point's reseed: the game replays from it.
    game = players[0].table.game
    assert game is not None and game.round == 3


def records_on(shelf: Shelf) -> list[Record]:
    return [from_event(json.loads(text), ROOM, SECRET) for text in shelf.kept]


def test_a_computers_move_made_by_two_devices_is_one_entry() -> None:
    rng = random.Random(3)
    first, second = seat_devices(rng, 2, ("easy", "easy"))
    shelf = Shelf(rng)
    visit(first, shelf, rng, 0.0)
    read(second, shelf)
    made = second.table.due(0.0)  # what the first made too, had it been open
    assert made
    assert first.table.take_all(made) == []
    assert [r.key for r in first.table.stream] == [r.key for r in second.table.stream]


def test_forged_replayed_and_out_of_order_records_are_refused_or_wait() -> None:
    rng = random.Random(5)
    players, shelf = opened_in_turn(rng, 3, 7)
    # Out of order: a device that reads the relay's answer shuffled ends where the
    # others do.
    late = Table(Key(rng.randbytes(32)), Chain())
    shuffled = records_on(shelf)
    rng.shuffle(shuffled)
    assert late.take_all(shuffled) == []
    keeper = players[0].table
    read(players[0], shelf)
    assert late.game is not None and keeper.game is not None
    assert late.game.state() == keeper.game.state()
    # One at a time, as live events come: the deal's reveals and entry, and the first
    # moves, before the beginning they follow (another page's relay was quicker) wait
    # for it, as an entry waits for the one before it.
    records = sorted(records_on(shelf), key=lambda r: (r.kind != "begin", r.index))
    begin, *rest = records
    assert begin.kind == "begin" and {"reveal", "chance", "move"} <= {r.kind for r in rest[:8]}
    live = Table(Key(rng.randbytes(32)), Chain())
    arrived = [*rest[:8][::-1], begin, *rest[8:]]
    assert [problem for r in arrived if (problem := live.take(r)) is not None] == []
    assert live.game is not None and live.game.state() == keeper.game.state()

    # Replayed: taken once, nothing changes.
    moves = keeper.game.moves
    assert keeper.take_all(records_on(shelf)) == []
    assert keeper.game.moves == moves

    # Forged: an altered record or event fails its signature or seal; a move signed
    # by another device than the seat's, a second history, another table's record
    # are refused.
    last = keeper.stream[-1]
    altered = last.to_text().replace('"action":"', '"action":"x', 1)
    assert altered != last.to_text()
    with pytest.raises(ValueError, match="signature"):
        Record.from_text(altered)
    event = json.loads(shelf.kept[-1])
    with pytest.raises(ValueError, match="signature"):
        from_event({**event, "created_at": event["created_at"] + 1}, ROOM, SECRET)
    with pytest.raises(ValueError, match="another table"):
        from_event(event, "fedcba9876543210", SECRET)
    with pytest.raises(ValueError, match="seal"):
        from_event(event, ROOM, "e" * 32)
    with pytest.raises(ValueError, match="author"):  # another's record, in one's own event
        to_event(last, Key(rng.randbytes(32)), ROOM, SECRET, 0)
    game = keeper.game
    assert game.to_move is not None and not keeper.point
    mover = keeper.devices[game.to_move]
    assert mover  # a person's turn: the computers' moves were made by whoever opened
    other = next(p for p in players if p.key.public != mover)
    action = str(game.legal_actions()[0])
    at = keeper.state.since
    body = {"action": action, "at": at}
    forged = Record(keeper.name, "move", len(keeper.stream), last.key, body, "")
    assert keeper.take(forged.signed(other.key)) == "not the seat's device"
    body = {"action": "x", "at": at}
    forked = Record(keeper.name, "move", len(keeper.stream) - 1, "0" * 32, body, "")
    assert keeper.take(forked.signed(players[1].key)) == "another history"
    stranger = replace(last, table="f" * 32).signed(players[1].key)
    assert keeper.take(stranger) == "table"
    assert keeper.game.moves == moves  # nothing of it taken


def test_a_computers_move_that_is_not_the_computers_is_refused() -> None:
    """Every device computes a computer's move itself: one that differs is refused,
    whoever signed it."""
    rng = random.Random(11)
    first, second = seat_devices(rng, 2, ("easy", "easy"))
    shelf = Shelf(rng)
    publish(first, shelf, first.table.records(), 0.0)  # the table's beginning
    table = second.table
    for _ in range(100):  # until the second opens with a computer to move
        read(first, shelf)
        publish(first, shelf, first.table.due(0.0), 0.0)
        if first.table.my_turn():  # its move, and the page closes before anything else
            assert first.table.game is not None
            action = str(first.table.game.legal_actions()[0])
            publish(first, shelf, [first.table.play(action, 0.0)], 0.0)
        read(second, shelf)
        game = table.game
        if game is not None and not table.point and not table.devices[game.to_move or 0]:
            break
        visit(second, shelf, rng, 0.0)
    game = table.game
    assert game is not None and game.to_move is not None and not table.devices[game.to_move]
    right = table.computer_move()
    wrong = next(str(a) for a in game.legal_actions() if str(a) != right)
    prev = table.stream[-1].key
    at = table.state.since  # a computer's move is dated at the entry before it
    forged = Record(table.name, "move", len(table.stream), prev, {"action": wrong, "at": at}, "")
    assert table.take(forged.signed(first.key)) == "not the computer's move"
    made = Record(table.name, "move", len(table.stream), prev, {"action": right, "at": at}, "")
    assert table.take(made.signed(first.key)) is None


def test_two_tables_on_one_device_stay_apart() -> None:
    rng = random.Random(13)
    one = seat_devices(rng, 2, ("easy",))
    key = one[0].key
    other = Table(key, Chain(rng.randbytes(32)))
    config = sc.GameConfig(players=3)
    friend = Key(rng.randbytes(32))
    tops = {friend.public: Chain(rng.randbytes(32)).top}
    seats = [key.public, friend.public, ""]
    begin = open_table(key, other.chain, config, seats, ["", "", "easy"], tops, 0)
    assert other.take(begin) is None
    assert other.name != one[0].table.name
    assert other.take(one[0].table.stream[0]) == "a second beginning"
    reveal = one[0].table.due(0.0)[0]
    assert other.take(reveal) == "table"


def test_thousands_of_fuzzed_records_from_a_seated_device_never_break_the_table() -> None:
    """Records signed by a seated device (so every one passes the signature) that is
    not the one to move, with bodies, places and kinds made at random: each is
    refused or waits, and the game stays as it was."""
    rng = random.Random(17)
    players, _shelf = opened_in_turn(rng, 2, 3)
    table = players[0].table
    assert table.game is not None and table.game.to_move is not None
    mover = table.devices[table.game.to_move]
    signer = next(p for p in players if p.key.public != mover)
    before = table.game.state()
    words = ["play 1", "withdraw", "assassin", "", "x" * 50, "topic war", "1", None, 5, []]
    times = [0, table.state.since, 10**12, -1, "0", None, True]
    devices = sorted(table.seated)
    for _ in range(2_000):
        end = len(table.stream)
        index = rng.choice([0, 1, end - 1, end, end + 1, -1, 10**9])
        kind = rng.choice(["move", "reveal", "begin", "chance", "stand", "back", "leave"])
        at = rng.choice(times)
        body = rng.choice(
            [
                {"action": rng.choice(words), "at": at},
                {"link": f"{rng.getrandbits(256):064x}", "at": at},
                {"link": rng.choice(words), "at": at, "seat": rng.choice([0, 1, 2, 9, "1"])},
                {"seat": rng.choice([0, 1, 2, 9, -1, None, True]), "at": at},
                {
                    "point": rng.choice([0, 1, 2, 3, 4]),
                    "from": rng.choice([devices, [], [5]]),
                    "at": at,
                },
                {},
                {"config": {}, "devices": [], "levels": [], "tops": {}, "at": 0},
            ]
        )
        prev = rng.choice([table.stream[-1].key, table.stream[-2].key, "", "0" * 32])
        record = Record(table.name, kind, index, prev, body, "")  # type: ignore[arg-type]
        problem = table.take(record.signed(signer.key), float(table.state.since))
        assert problem is None or isinstance(problem, str)
    assert table.game.state() == before


def until_turn_of(players: list[Player], shelf: Shelf, seat: int, now: float) -> None:
    """The devices open once each, for the deal, then all but the device at `seat` in
    turn (all at `now`) until it is that seat's player's turn."""
    waiting = players[seat]
    for player in players:
        visit(player, shelf, random.Random(0), now)
        if player.table.awaited() == [seat] and not player.table.point:
            return
    for _ in range(200):
        for player in players:
            if player is not waiting:
                visit(player, shelf, random.Random(len(player.opened)), now)
        table = players[0].table
        if table.awaited() == [seat] and not table.point:
            return
    raise AssertionError("the seat's turn never came")


def awaiting(seed: int, people: int, seat: int, limit: int) -> tuple[list[Player], Shelf]:
    """A table of `people` and a computer, `limit` seconds a move, at the first turn of
    `seat`'s player, whose device has not opened since the deal (`until_turn_of`);
    every device has read the relay."""
    rng = random.Random(seed)
    players = seat_devices(rng, people, ("heuristic",), limit)
    shelf = Shelf(rng)
    until_turn_of(players, shelf, seat, 0.0)
    for player in players:
        read(player, shelf, 0.0)
    return players, shelf


def test_a_player_whose_time_ran_out_is_stood_in_for_until_they_come_back() -> None:
    """One day a move: once the seat to move has waited more than a day, another
    device hands it to the computer, which plays it (whoever opens the table adds its
    moves) until its player opens the table again and takes it back."""
    players, shelf = awaiting(19, 3, 2, DAY)
    rng = random.Random(19)
    away, other = players[2], players[0]
    assert other.table.deadline() == other.table.state.since + DAY
    assert other.table.stand_in(DAY / 2) is None  # not yet
    stand = other.table.stand_in(DAY + 1)
    assert stand is not None and stand.kind == "stand"
    publish(other, shelf, [stand], DAY + 1)
    assert other.table.level(2) == "heuristic" and other.table.awaited() != [2]
    # The computer played at once; the next player's day runs from the hand-over.
    assert other.table.deadline() in (None, DAY + 1 + DAY)
    moves = other.table.game.moves if other.table.game else 0
    # The others play on, the computer in the absent player's seat among them.
    for player in players:
        if player is not away:
            visit(player, shelf, rng, 2 * DAY)
    read(other, shelf, 2 * DAY)
    game = other.table.game
    assert game is not None and game.moves > moves
    table = other.table
    for_seat = [
        r
        for i, r in enumerate(table.stream[stand.index + 1 :], stand.index + 1)
        if r.kind == "move" and (g := table.states[i - 1].game) is not None and g.to_move == 2
    ]
    assert for_seat and all(r.author != away.key.public for r in for_seat)
    # The player comes back: their device reads the table and takes the seat again.
    read(away, shelf, 3 * DAY)
    back = away.table.come_back(3 * DAY)
    assert back is not None and away.table.level(2) is None
    publish(away, shelf, [back], 3 * DAY)
    for player in players:
        read(player, shelf, 3 * DAY)
    assert all(p.table.level(2) is None for p in players)
    days = play_over_days(players, shelf, rng, 3 * DAY)
    records = [p.table.game.record() for p in players if p.table.game is not None]
    assert len(records) == 3 and all(r == records[0] for r in records) and days


def test_a_stand_in_before_the_time_runs_out_or_for_oneself_is_refused() -> None:
    players, _shelf = awaiting(23, 3, 1, 2 * DAY)
    away, other = players[1], players[0]
    since = other.table.state.since
    for who, seat, at in [
        (other, 1, since + DAY),
        (away, 1, since + 3 * DAY),
        (other, 0, since + 3 * DAY),
    ]:
        record = who.table._entry("stand", {"seat": seat, "at": int(at)})
        assert other.table.take(record, at) == "stand"
    assert other.table.take(other.table._entry("back", {"seat": 1, "at": since}), since) == "back"
    future = other.table._entry("stand", {"seat": 1, "at": int(since + 3 * DAY)})
    assert other.table.take(future, since) == "future"  # dated ahead of this device's clock
    assert other.table.level(1) is None


def test_a_move_made_before_the_page_closed_goes_out_later_and_stands_if_made_in_time() -> None:
    """A device makes its player's move and closes before it reaches any relay. A day
    later the others hand the seat to the computer, which moves for it. When the device
    opens again it publishes its move, made in time: every device rolls back to it and
    the game goes on from it. A move made after the time ran out does not stand."""
    players, shelf = awaiting(29, 3, 1, DAY)
    closer = players[1]
    game = closer.table.game
    assert game is not None
    unsent = closer.table.play(str(game.legal_actions()[0]), 100.0)  # never published
    other = players[0]
    read(other, shelf, 2 * DAY)
    stand = other.table.stand_in(2 * DAY)
    assert stand is not None
    publish(other, shelf, [stand, *other.table.due(2 * DAY)], 2 * DAY)
    assert other.table.stream[unsent.index].key == stand.key
    # The device opens again: it reads the stand-in, which loses to its own move.
    assert set(read(closer, shelf, 3 * DAY, clean=False)) == {"another history"}
    assert closer.table.stream[unsent.index].key == unsent.key
    publish(closer, shelf, closer.table.records(), 3 * DAY)
    for player in players:
        read(player, shelf, 3 * DAY, clean=False)
    assert all(p.table.stream[unsent.index].key == unsent.key for p in players)
    assert len({p.table.stream[-1].key for p in players}) == 1

    # Made after the time ran out, a move loses to the stand-in.
    players, shelf = awaiting(31, 3, 1, DAY)
    late, other = players[1], players[0]
    read(other, shelf, 2 * DAY)
    stand = other.table.stand_in(2 * DAY)
    assert stand is not None
    publish(other, shelf, [stand], 2 * DAY)
    assert late.table.game is not None
    move = late.table.play(str(late.table.game.legal_actions()[0]), 2 * DAY + 5)
    publish(late, shelf, [move], 2 * DAY + 5)
    read(other, shelf, 2 * DAY + 10, clean=False)
    read(late, shelf, 2 * DAY + 10, clean=False)
    assert other.table.stream[stand.index].key == stand.key
    assert late.table.stream[stand.index].key == stand.key  # its own move gave way


def test_a_player_who_leaves_is_played_by_the_computer_and_no_chance_point_waits() -> None:
    """A player leaves before the deal: their device reveals its whole chain, so the deal
    (and every later round) goes on without it ever opening again, the computer in its
    seat to the game's end."""
    rng = random.Random(37)
    players = seat_devices(rng, 3, ("heuristic",))
    shelf = Shelf(rng)
    leaver = players[2]
    publish(players[0], shelf, players[0].table.records(), 0.0)
    read(leaver, shelf, 0.0)
    publish(leaver, shelf, [leaver.table.leave(0.0)], 0.0)
    staying = players[:2]
    days = play_over_days(staying, shelf, rng)
    assert days
    games = [p.table.game for p in staying]
    assert all(g is not None and g.decision == "over" for g in games)
    assert leaver.opened == []  # never opened after it left
    table = staying[0].table
    assert table.level(2) == "heuristic" and 2 in table.state.gone
    with pytest.raises(ValueError, match="not at the table"):
        leaver.table.leave(1.0)  # once only


def test_two_devices_adding_different_entries_for_one_place_end_alike() -> None:
    """Both open at once when a seat's time has run out: one adds the stand-in, the
    other (the seat's own device) its player's move in time. Each takes the other's
    afterwards in either order and both keep the move."""
    players, _shelf = awaiting(41, 2, 1, DAY)
    mover, other = players[1], players[0]
    game = mover.table.game
    assert game is not None
    move = mover.table.play(str(game.legal_actions()[0]), DAY - 10)
    stand = other.table.stand_in(DAY + 10)
    assert stand is not None and stand.index == move.index
    other.table.due(DAY + 10)  # the computer moved for the seat on this device
    assert other.table.take(move, DAY + 20) is None
    assert mover.table.take(stand, DAY + 20) == "another history"
    assert other.table.stream[move.index].key == move.key
    assert other.table.level(1) is None
    assert [r.key for r in other.table.stream] == [r.key for r in mover.table.stream]


@dataclass
class StoredRelay:
    """A relay that speaks Nostr's frames and keeps the events it is given."""

    url: str
    events: dict[str, dict[str, Any]] = field(default_factory=dict)

    def answer(self, text: str) -> list[str]:
        frame = json.loads(text)
        if frame[0] == "REQ":
            sub, wanted = frame[1], frame[2]
            kept = [
                e
                for e in self.events.values()
                if e["kind"] in wanted["kinds"] and ["x", wanted["#x"][0]] in e["tags"]
            ]
            return [json.dumps(["EVENT", sub, e]) for e in kept] + [json.dumps(["EOSE", sub])]
        event = frame[1]
        self.events[event["id"]] = event
        return [json.dumps(["OK", event["id"], True, ""])]


@dataclass
class Keeper:
    """A device that reaches the relays through its `Shelves`."""

    table: Table
    shelves: Shelves

    def pump(self, relays: dict[str, StoredRelay], outs: list[Any], now: float) -> None:
        while outs:
            out = outs.pop(0)
            if isinstance(out, Answered):
                outs += self.shelves.fill(out.url, self.table.records(), now)
            elif isinstance(out, Frame):
                for reply in relays[out.url].answer(out.text):
                    more, records = self.shelves.frame(out.url, reply)
                    assert self.table.take_all(records, now) == []
                    outs += more

    def visit(self, relays: dict[str, StoredRelay], rng: random.Random, now: float) -> None:
        """Opens the table: asks every relay for it, fills what each lacks, adds what
        is due and its player's move, and publishes them."""
        for url in relays:
            self.pump(relays, self.shelves.opened(url), now)
        self.pump(relays, self.shelves.publish(added(self.table, rng, now), now), now)


def test_relays_that_lose_a_table_or_join_late_are_filled_by_the_next_device_open() -> None:
    """Devices open one at a time over Nostr frames: each asks every relay for the whole
    table and gives each what it lacks. Mid-game one relay loses everything and a new,
    empty one is added to the table's list: the game goes on to its end, and both hold
    every entry of it afterwards."""
    rng = random.Random(43)
    players = seat_devices(rng, 3, ("heuristic",))
    relays = {url: StoredRelay(url) for url in ("wss://a.example", "wss://b.example")}
    keepers = [
        Keeper(p.table, Shelves(p.key, ROOM, SECRET, (*relays, "wss://c.example"))) for p in players
    ]
    now = 0.0
    for visit_number in range(600):
        if visit_number == 12:
            relays["wss://a.example"].events.clear()  # the relay lost the table
            relays["wss://c.example"] = StoredRelay("wss://c.example")  # and a new one
        keeper = keepers[visit_number % 3]
        now += rng.uniform(0.1, 2.0) * DAY
        keeper.visit(relays, rng, now)
        if all(k.table.game is not None and k.table.game.decision == "over" for k in keepers):
            break
    else:
        raise AssertionError("the game did not end")
    for keeper in keepers:
        keeper.visit(relays, rng, now)  # each fills what a relay still lacks
    stream = {r.key for r in keepers[0].table.records()}
    for relay in relays.values():
        held = {from_event(e, ROOM, SECRET).key for e in relay.events.values()}
        assert held == stream
    records = [k.table.game.record() for k in keepers if k.table.game is not None]
    assert all(r == records[0] for r in records)


def test_the_relays_side_takes_each_event_once_and_drops_a_relay_that_refuses() -> None:
    rng = random.Random(47)
    players, shelf = opened_in_turn(rng, 2, 2)
    shelves = Shelves(players[0].key, ROOM, SECRET, ("wss://a.example", "wss://b.example"))
    [request] = shelves.opened("wss://a.example")
    assert isinstance(request, Frame)
    sub = json.loads(request.text)[1]
    events = [json.loads(text) for text in shelf.kept]
    first = [shelves.frame("wss://a.example", json.dumps(["EVENT", sub, e]))[1] for e in events]
    assert [len(r) for r in first] == [1] * len(events)
    again = [shelves.frame("wss://b.example", json.dumps(["EVENT", sub, e]))[1] for e in events]
    assert again == [[]] * len(events)  # the same events from another relay: nothing new
    forged = {**events[0], "content": events[1]["content"]}
    hostile = [
        "not json",
        json.dumps(["EVENT", "another", events[0]]),
        json.dumps(["EVENT", sub, forged]),
        json.dumps(["EVENT", sub, {"id": 5}]),
        json.dumps(["EOSE"]),
        json.dumps({"EVENT": sub}),
        "[" * 5000,
    ]
    assert all(shelves.frame("wss://b.example", text) == ([], []) for text in hostile)
    outs, _ = shelves.frame("wss://a.example", json.dumps(["OK", "x", False, "blocked: no"]))
    assert [type(o).__name__ for o in outs] == ["Drop"]
    assert shelves.opened("wss://a.example") == []
    outs, _ = shelves.frame("wss://b.example", json.dumps(["CLOSED", sub, "restricted: x"]))
    assert [type(o).__name__ for o in outs] == ["Drop", "NoRelay"]


def test_friends_claim_seats_days_apart_and_the_opener_begins_once_all_are_taken() -> None:
    """The opener offers a table of four (a computer in one seat); two friends open the
    link on other days and claim the open seats (one of them twice, and a third friend
    late, for a seat already taken); the opener's device begins once every open seat
    is claimed, and the game binds each seat to its device and name."""
    rng = random.Random(53)
    keys = [Key(rng.randbytes(32)) for _ in range(4)]
    chains = [Chain(rng.randbytes(32)) for _ in range(4)]
    lobbies = [Lobby(k, ROOM) for k in keys]
    config = sc.GameConfig(players=4)
    offer = offer_table(keys[0], ROOM, config, ["", "", "", "easy"], "Livia", 0, 2 * int(DAY))
    shelf: list[Record] = [offer]

    def open_lobby(who: int, now: float) -> Lobby:
        lobby = lobbies[who]
        for record in shelf:
            assert lobby.take(record, now) is None
        return lobby

    assert open_lobby(0, 0.0).open_seats() == [1, 2]
    with pytest.raises(ValueError, match="still open"):
        lobbies[0].begin(chains[0], 0.0)
    shelf.append(open_lobby(1, DAY).claim(chains[1], "Brutus", DAY))
    shelf.append(lobbies[1].claim(chains[1], "Brutus again", DAY + 5))  # its second: ignored
    assert lobbies[1].reclaim(chains[1], DAY + 6) is None  # it holds a seat
    assert open_lobby(2, 2 * DAY).open_seats() == [2]
    shelf.append(lobbies[2].claim(chains[2], "Cassia", 2 * DAY))
    assert open_lobby(3, 3 * DAY).open_seats() == []
    with pytest.raises(ValueError, match="no seat"):
        lobbies[3].claim(chains[3], "Late", 3 * DAY)
    assert lobbies[3].reclaim(chains[3], 3 * DAY) is None  # it never claimed, and none is open
    late = Record(
        lobbies[3].topic,
        "claim",
        1,
        "",
        {"seat": 1, "top": chains[3].top, "name": "Late", "at": int(3 * DAY)},
        "",
    ).signed(keys[3])
    assert lobbies[3].take(late) is None and lobbies[3].seated()[1].author == keys[1].public
    with pytest.raises(ValueError, match="opener"):
        lobbies[1].begin(chains[1], 3 * DAY)
    begin = open_lobby(0, 4 * DAY).begin(chains[0], 4 * DAY)
    tables = [Table(k, c) for k, c in zip(keys[:3], chains[:3], strict=True)]
    assert all(t.take(begin) is None for t in tables)
    table = tables[0]
    assert table.devices == (keys[0].public, keys[1].public, keys[2].public, "")
    assert table.names == ("Livia", "Brutus", "Cassia", "Senator 4") and table.limit == 2 * DAY
    assert lobbies[0].turn() == ()  # nobody shared a TURN server
    outsider = Table(keys[3], chains[3])
    assert outsider.take(begin) is None and outsider.seat() is None  # it was not seated
    # A hostile claim: a seat that is a computer's, a name too long, no chain top, TURN
    # servers that are not a list of them, or too many.
    turn = "turn:t.example:3478 user pass"
    for body in (
        {"seat": 3, "top": chains[3].top, "name": "X", "at": 0},
        {"seat": 1, "top": chains[3].top, "name": "X" * 99, "at": 0},
        {"seat": 1, "top": "top", "name": "X", "at": 0},
        {"seat": True, "top": chains[3].top, "name": "X", "at": 0},
        {"seat": 1, "top": chains[3].top, "name": "X", "at": 0, "turn": turn},
        {"seat": 1, "top": chains[3].top, "name": "X", "at": 0, "turn": ["stun:s.example"]},
        {"seat": 1, "top": chains[3].top, "name": "X", "at": 0, "turn": [turn] * 5},
    ):
        claim = Record(lobbies[0].topic, "claim", 1, "", body, "").signed(keys[3])
        assert lobbies[0].take(claim) == "claim"


def test_the_turn_servers_of_the_offer_and_the_seats_claims_are_the_tables() -> None:
    """The opener's TURN servers, then those of each seat's claim in the seats' order,
    each once; a claim that lost its seat shares nothing."""
    rng = random.Random(54)
    keys = [Key(rng.randbytes(32)) for _ in range(4)]
    chains = [Chain(rng.randbytes(32)) for _ in range(4)]
    turns = [f"turn:{n}.example:3478 {n} pw" for n in ("ann", "bea", "cyd", "dan")]
    config = sc.GameConfig(players=3)
    offer = offer_table(keys[0], ROOM, config, ["", "", ""], "Ann", 0, int(DAY), turn=[turns[0]])
    assert offer.body["turn"] == [turns[0]]
    lobby = Lobby(keys[0], ROOM)
    assert lobby.take(offer, 0.0) is None
    claims = []
    for who in (3, 2, 1):  # Dan first for seat 1, Cyd for seat 2, Bea too late
        friend = Lobby(keys[who], ROOM)
        for record in (offer, *claims):
            assert friend.take(record, 10.0) is None
        if friend.open_seats():
            claims.append(friend.claim(chains[who], "X", 10.0 + who, [turns[who], turns[0]]))
    late = Record(
        lobby.topic,
        "claim",
        1,
        "",
        {"seat": 1, "top": chains[1].top, "name": "Bea", "at": 20, "turn": [turns[1]]},
        "",
    ).signed(keys[1])
    for record in (*claims, late):
        assert lobby.take(record, 30.0) is None
    assert lobby.turn() == (turns[0], turns[3], turns[2])
    for change in ({"turn": ["turn:x"]}, {"turn": turns * 2}, {"turn": {}}, {"limit": 5}):
        hostile = Record(lobby.topic, "offer", 0, "", {**offer.body, **change}, "")
        assert Lobby(keys[1], ROOM).take(hostile.signed(keys[0]), 0.0) == "offer"


def meet(sides: dict[str, tuple[Links, Shelves]]) -> dict[str, list[Record]]:
    """Two pages meet directly: each says what it holds and the frames pass until none is
    left. The records each took, by its name."""
    queue: list[tuple[str, Send | Shut | Caught]] = []
    for name, (links, shelves) in sides.items():
        other = next(n for n in sides if n != name)
        queue += [(name, out) for out in links.opened(other, shelves, (name * 32)[:32])]
    took: dict[str, list[Record]] = {name: [] for name in sides}
    while queue:
        sender, out = queue.pop(0)
        if not isinstance(out, Send):
            continue
        links, shelves = sides[out.link]
        outs, records = links.frame(sender, out.text, shelves)
        took[out.link] += records
        queue += [(out.link, o) for o in outs]
    return took


def test_pages_met_directly_catch_each_other_up_and_one_that_floods_is_shut() -> None:
    """Two pages of a table meet directly, each holding events the other lacks: each
    sends the other just what it lacks, checked as a relay's events are, and says when
    it has. A forged or another table's event, a malformed frame and a second "HAVE"
    bring nothing; a connection that sends more than a whole game could is shut."""
    rng = random.Random(53)
    players, shelf = opened_in_turn(rng, 2, 3)
    events = [json.loads(text) for text in shelf.kept]
    a = Shelves(players[0].key, ROOM, SECRET, ())
    b = Shelves(players[1].key, ROOM, SECRET, ())
    for event in events[: len(events) // 2]:
        a.take(event)
    for event in events[2:]:
        b.take(event)
    sides = {"a": (Links(), a), "b": (Links(), b)}
    took = meet(sides)
    assert len(took["a"]) == len(events) - len(events) // 2 and len(took["b"]) == 2
    assert a.events == b.events and len(a.events) == len(events)
    assert sides["a"][0].caught == {"b"} and sides["b"][0].caught == {"a"}
    assert sides["a"][0].present == {b.key.public} and sides["b"][0].present == {a.key.public}
    # A proof made for one connection's challenge passes for no other.
    c = Links()
    c.opened("b", a, "c" * 32)
    proof = json.dumps(["HERE", b.key.public, b.key.says(here_text(ROOM, "b" * 32))])
    assert c.frame("b", proof, a) == ([], []) and c.present == set()
    d = Links()
    d.opened("b", a, "d" * 32)
    d.frame("b", json.dumps(["HERE", b.key.public, "00" * 64]), a)
    good = json.dumps(["HERE", b.key.public, b.key.says(here_text(ROOM, "d" * 32))])
    assert d.frame("b", good, a) == ([], []) and d.present == set()  # one answer, no more
    links = sides["a"][0]
    assert links.spread([from_event(events[0], ROOM, SECRET)], a) == []  # b holds it
    other_table = to_event(
        replace(from_event(events[0], ROOM, SECRET), sig=""), players[0].key, "f" * 16, SECRET, 0
    )
    hostile = [
        "not json",
        "[" * 5000,
        json.dumps(["EVENT", {**events[0], "content": events[1]["content"]}]),
        json.dumps(["EVENT", other_table]),
        json.dumps(["EVENT", {"id": 5}]),
        json.dumps(["HAVE", []]),  # answered once already: no second whole game
        json.dumps(["DONE"]),
        json.dumps({"EVENT": events[0]}),
    ]
    assert all(links.frame("b", text, a) == ([], []) for text in hostile)
    sent = links.frames["b"]
    flood = [links.frame("b", json.dumps(["EVENT", events[0]]), a) for _ in range(MAX_FRAMES)]
    shut = [i for i, f in enumerate(flood) if f != ([], [])]
    assert shut == [MAX_FRAMES - sent] and flood[shut[0]] == ([Shut("b")], [])
    assert links.frame("b", json.dumps(["EVENT", events[-1]]), a) == ([], [])
    assert links.opened("b", a, "a" * 32) == [] and links.open == []


def test_the_chat_takes_a_seated_devices_tidy_lines_and_refuses_the_rest() -> None:
    """A line of the chat is a seated device's, whole and tidy, within its number of
    lines; a stranger's, a forged author, a long or untidy line, or one over the number
    is refused, and none of it changes the game."""
    rng = random.Random(59)
    ann, bea = seat_devices(rng, 2, ("heuristic",))
    assert read_all(bea, ann) == []
    line = ann.table.say("  Good   luck! ", 10.0)
    assert bea.table.take(line, 10.0) is None and bea.table.said() == [(10, 0, "Good luck!")]
    stranger = Key(rng.randbytes(32))

    def said(by: Key, index: int, text: str, author: str = "") -> Record:
        body = {"text": text, "by": author or by.public, "at": 11}
        return Record(bea.table.name, "say", index, "", body, by.public).signed(by)

    refused = [
        said(stranger, 0, "hello"),
        said(ann.key, 1, "as Bea", author=bea.key.public),
        said(ann.key, 1, "x" * (MAX_SAID + 1)),
        said(ann.key, 1, "two  spaces"),
        said(ann.key, 1, ""),
        said(ann.key, MAX_LINES, "too far"),
    ]
    assert [bea.table.take(r, 20.0) for r in refused] == ["say"] * len(refused)
    for index in range(1, MAX_LINES):
        assert bea.table.take(said(ann.key, index, f"line {index}"), 20.0) is None
    assert bea.table.take(said(ann.key, 0, "one more"), 20.0) == "say"
    assert len(bea.table.said()) == MAX_LINES
    assert bea.table.stream == ann.table.stream
    # The next game at the table: a seated device's, naming a room and its secret; of
    # two, the earlier stands.
    later = ann.table.open_next("1" * 16, "2" * 32, 30.0)
    sooner = bea.table.open_next("3" * 16, "4" * 32, 25.0)
    assert bea.table.take(later, 30.0) is None and ann.table.take(sooner, 30.0) is None
    assert ann.table.next_game() == bea.table.next_game() == sooner
    body = {"room": "5" * 16, "secret": "6" * 32, "at": 20}
    stranger_next = Record(bea.table.name, "next", 0, "", body, stranger.public).signed(stranger)
    bad_room = Record(bea.table.name, "next", 0, "", {**body, "room": "../x"}, ann.key.public)
    assert bea.table.take(stranger_next, 30.0) == "next"
    assert bea.table.take(bad_room.signed(ann.key), 30.0) == "next"


def read_all(reader: Player, writer: Player) -> list[str]:
    """`reader` takes everything `writer` holds."""
    return reader.table.take_all(writer.table.records(), 0.0)
