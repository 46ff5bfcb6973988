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
from senator_core.online.days import Record, Table, from_event, open_table, to_event
from senator_core.online.keys import Key

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


def seat_devices(rng: random.Random, people: int, levels: tuple[str, ...]) -> list[Player]:
    players = []
    for _ in range(people):
        key, chain = Key(rng.randbytes(32)), Chain(rng.randbytes(32))
        players.append(Player(key, chain, Table(key, chain)))
    devices = [p.key.public for p in players] + [""] * len(levels)
    config = sc.GameConfig(players=len(devices))
    tops = {p.key.public: p.chain.top for p in players}
    opener = players[0]
    begin = open_table(opener.key, opener.chain, config, devices, ("",) * people + levels, tops)
    assert opener.table.take(begin) is None
    return players


def read(player: Player, shelf: Shelf) -> None:
    """The device asks the relay for the events since it last asked, and takes them."""
    fresh = [json.loads(text) for text in shelf.kept[player.read :]]
    player.read = len(shelf.kept)
    records = [from_event(event, ROOM, SECRET) for event in fresh]
    player.events.update({r.key: e for r, e in zip(records, fresh, strict=True)})
    assert player.table.take_all(records) == []


def publish(player: Player, shelf: Shelf, records: list[Record], now: float) -> None:
    for record in records:
        shelf.publish(player.stored(record, now))


def visit(player: Player, shelf: Shelf, rng: random.Random, now: float) -> int:
    """The device opens the table: it reads what the relay has, adds what is due (its
    reveal, the computers' moves, its player's move), and publishes again what the
    relay lacks. The moves it made."""
    player.opened.append(now)
    table = player.table
    read(player, shelf)
    made = 0
    while True:
        publish(player, shelf, table.due(), now)
        if not table.my_turn():
            break
        assert table.game is not None
        publish(player, shelf, [table.play(str(rng.choice(table.game.legal_actions())))], now)
        made += 1
    publish(player, shelf, table.records(), now)
    return made


def opened_in_turn(rng: random.Random, people: int, times: int) -> tuple[list[Player], Shelf]:
    """A table of `people` and a computer, each device opened `times` times in turn."""
    players = seat_devices(rng, people, ("easy",))
    shelf = Shelf(rng)
    for _ in range(times):
        for player in players:
            visit(player, shelf, rng, 0.0)
    return players, shelf


def play_over_days(players: list[Player], shelf: Shelf, rng: random.Random) -> float:
    """The devices open one after another, never two at once, until every one has the
    game's end; the days it took."""
    now = 0.0
    for _ in range(2_000):
        for player in players:
            now += rng.uniform(0.1, 2.0) * DAY
            visit(player, shelf, rng, now)
        if all(p.table.game is not None and p.table.game.decision == "over" for p in players):
            return now / DAY
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("loss", [0.0, 0.3])
def test_devices_never_open_together_play_a_whole_game_over_days(loss: float) -> None:
    """Four seats, three people on devices of their own and a computer: each device is
    open alone, days apart; the relay loses some of what it is given, which the next
    device to open publishes again. Every device ends with the same game."""
    rng = random.Random(7)
    players = seat_devices(rng, 3, ("easy",))
    shelf = Shelf(rng, loss)
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
    made = second.table.due()  # what the first made too, had it been open
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
    forged = Record(keeper.name, "move", len(keeper.stream), last.key, {"action": action}, "")
    assert keeper.take(forged.signed(other.key)) == "not the seat's device"
    forked = Record(keeper.name, "move", len(keeper.stream) - 1, "0" * 32, {"action": "x"}, "")
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
        publish(first, shelf, first.table.due(), 0.0)
        if first.table.my_turn():  # its move, and the page closes before anything else
            assert first.table.game is not None
            action = str(first.table.game.legal_actions()[0])
            publish(first, shelf, [first.table.play(action)], 0.0)
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
    forged = Record(table.name, "move", len(table.stream), prev, {"action": wrong}, "")
    assert table.take(forged.signed(first.key)) == "not the computer's move"
    made = Record(table.name, "move", len(table.stream), prev, {"action": right}, "")
    assert table.take(made.signed(first.key)) is None


def test_two_tables_on_one_device_stay_apart() -> None:
    rng = random.Random(13)
    one = seat_devices(rng, 2, ("easy",))
    key = one[0].key
    other = Table(key, Chain(rng.randbytes(32)))
    config = sc.GameConfig(players=3)
    friend = Key(rng.randbytes(32))
    tops = {friend.public: Chain(rng.randbytes(32)).top}
    begin = open_table(
        key, other.chain, config, [key.public, friend.public, ""], ["", "", "easy"], tops
    )
    assert other.take(begin) is None
    assert other.name != one[0].table.name
    assert other.take(one[0].table.stream[0]) == "a second beginning"
    reveal = one[0].table.due()[0]
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
    for _ in range(2_000):
        index = rng.choice([0, 1, len(table.stream), len(table.stream) + 1, -1, 10**9])
        kind = rng.choice(["move", "reveal", "begin"])
        body = rng.choice(
            [
                {"action": rng.choice(words)},
                {"link": f"{rng.getrandbits(256):064x}"},
                {"link": rng.choice(words)},
                {},
                {"config": {}, "devices": [], "levels": [], "tops": {}},
            ]
        )
        prev = rng.choice([table.stream[-1].key, "", "0" * 32])
        record = Record(table.name, kind, index, prev, body, "")  # type: ignore[arg-type]
        problem = table.take(record.signed(signer.key))
        assert problem is None or isinstance(problem, str)
    assert table.game.state() == before
