"""The table's path through the relays: whole games where some or all devices have no
direct connection, over in-memory relays that lose, repeat, reorder, refuse, replay
and go away; and every event that is not the table's own left unread."""

from __future__ import annotations

import json
import random

import senator_core as sc
from senator_core.online.device import HUMAN
from senator_core.online.keys import Key, verify
from senator_core.online.relays import (
    RELAYED,
    STEADY_SECONDS,
    Drop,
    Frame,
    Heard,
    Joined,
    Left,
    NoRelay,
    RelayPath,
    Seal,
    event_id,
)

from .onlinekit import Faults, play_moves, play_out, seat_table
from .relaykit import ROOM, SECRET, RelayNet, relay_net

NAMES = ["Cassius", "Brutus", "Livia", "Marcus"]
NOW = 1_900_000_000.0


def records(net: RelayNet) -> set[str]:
    return {
        json.dumps(d.game.record(), sort_keys=True)
        for d in net.devices.values()
        if d.game is not None
    }


def test_a_whole_game_with_no_direct_connection_anywhere_despite_lossy_relays() -> None:
    net = relay_net(3)
    devices = seat_table(net, sc.GameConfig(players=4), [HUMAN] * 4, NAMES)
    assert all(link.startswith(RELAYED) for link in devices[0].links)
    assert len(devices[0].links) == 3  # every guest proven, through the relays alone
    net.loss, net.copies, net.faults = 0.15, 0.2, Faults(reorder=4)
    play_out(net, random.Random(3))
    assert len(records(net)) == 1 and net.host.game is not None
    assert net.host.game.decision == "over"
    assert all(d.stopped is None for d in net.devices.values())
    assert not net.stranded


def test_two_devices_with_no_path_between_them_play_through_the_relays() -> None:
    """The host reaches both guests directly; the guests never reach each other, and
    when the host leaves, the new host reaches the other guest through the relays."""
    net = relay_net(5, relays=2, direct=True)
    devices = seat_table(net, sc.GameConfig(players=3), [HUMAN] * 3, NAMES)
    host, first, second = devices
    net.sever(first.me, second.me)
    direct = {d for link, d in host.links.items() if not link.startswith(RELAYED)}
    assert direct == {first.me, second.me}  # and through the relays too, used when no other
    chooser = random.Random(8)
    play_moves(net, chooser, 25)
    net.leave(host.me)
    net.settle()
    assert first.hosting and second.host == first.me
    assert [link[:70] for link, d in first.links.items() if d == second.me] == [RELAYED + second.me]
    play_out(net, chooser)
    assert len(records(net)) == 1 and first.game is not None and first.game.decision == "over"


def test_a_relay_that_refuses_is_dropped_and_the_table_hears_only_when_none_is_left() -> None:
    net = relay_net(7, relays=2)
    net.relays["wss://relay-0.test"].refuse = "blocked: ephemeral events are not allowed"
    devices = seat_table(net, sc.GameConfig(players=3), [HUMAN] * 3, NAMES)
    assert all(net.dropped[d.me] == ["wss://relay-0.test"] for d in devices)
    assert not net.stranded
    play_out(net, random.Random(1))
    assert len(records(net)) == 1
    path = net.paths[devices[0].me]
    outs = path.frame("wss://relay-1.test", json.dumps(["OK", "ab" * 32, False, "pow: 20"]), NOW)
    assert outs == [Drop("wss://relay-1.test", "pow: 20"), NoRelay()]
    assert path.frame("wss://relay-1.test", "[]", NOW) == []  # dropped: nothing more is read


def test_a_rate_limited_relay_rests_and_is_used_again() -> None:
    path = RelayPath(Key(), ROOM, SECRET, ("wss://a", "wss://b"), NOW, salt="s")
    path.opened("wss://a", NOW)
    path.opened("wss://b", NOW)
    assert (
        path.frame("wss://a", json.dumps(["OK", "ab" * 32, False, "rate-limited: slow"]), NOW) == []
    )
    sent = path.send(RELAYED + Key().public, ["x"], NOW + 1)
    assert [f.url for f in sent if isinstance(f, Frame)] == ["wss://b"]
    sent = path.send(RELAYED + Key().public, ["x"], NOW + 60)
    assert [f.url for f in sent if isinstance(f, Frame)] == ["wss://a", "wss://b"]


def test_a_relay_that_replays_old_events_and_one_that_goes_away_lose_nothing() -> None:
    """Events from before a device joined are not taken (a reload is not sent its old
    messages again); a relay that goes mid-game is sent, once back, what went out
    meanwhile, and the table goes on through the other relay all the while."""
    net = relay_net(11, relays=2)
    net.relays["wss://relay-1.test"].replay = True
    devices = seat_table(net, sc.GameConfig(players=3), [HUMAN] * 3, NAMES)
    chooser = random.Random(2)
    play_moves(net, chooser, 10)
    net.relay_down("wss://relay-0.test")
    play_moves(net, chooser, 10)
    net.relay_up("wss://relay-0.test")
    net.settle()
    # A page reloads: the replaying relay sends it the whole table's old events.
    guest = devices[2]
    fresh = type(guest)(guest.key, guest.build, guest.name, guest.host, guest.chain)
    net.clock += 120
    net.detach(guest.me)
    net.attach(fresh)
    net.settle()
    assert all(r.problem != "proof" for r in net.reports[fresh.me])
    play_out(net, chooser)
    assert len(records(net)) == 1
    assert fresh.game is not None and fresh.game.decision == "over"


def test_a_device_that_says_bye_or_goes_quiet_leaves_and_one_back_is_heard_again() -> None:
    one, other = Key(), Key()
    a = RelayPath(one, ROOM, SECRET, ("wss://r",), NOW, salt="a")
    b = RelayPath(other, ROOM, SECRET, ("wss://r",), NOW, salt="b")
    b.opened("wss://r", NOW)

    def deliver(outs: list[object], at: float) -> list[object]:
        heard: list[object] = []
        for out in outs:
            if isinstance(out, Frame) and json.loads(out.text)[0] == "EVENT":
                event = json.loads(out.text)[1]
                heard += b.frame("wss://r", json.dumps(["EVENT", b.subscription, event]), at)
        return heard

    link = f"{RELAYED}{one.public}.{a.page}"
    assert Joined(link) in deliver(a.opened("wss://r", NOW), NOW)
    assert deliver(a.send(RELAYED + b.address, ["hello"], NOW + 1), NOW + 1) == [
        Heard(link, "hello")
    ]
    assert deliver(a.send(RELAYED + Key().public, ["not yours"], NOW + 2), NOW + 2) == []
    assert deliver(a.bye(NOW + 3), NOW + 3) == [Left(link)]
    assert Joined(link) in deliver(a.tick(NOW + 100), NOW + 100)
    assert b.tick(NOW + 100 + 2.5 * STEADY_SECONDS + 1)[-1] == Left(link)


def test_events_not_the_tables_own_or_not_whole_are_left_unread() -> None:
    sender, reader = Key(), Key()
    path = RelayPath(reader, ROOM, SECRET, ("wss://r",), NOW, salt="r")
    other_table = RelayPath(sender, "fedcba9876543210", SECRET, ("wss://r",), NOW, salt="s")
    wrong_secret = RelayPath(sender, ROOM, "cd" * 16, ("wss://r",), NOW, salt="t")
    good = RelayPath(sender, ROOM, SECRET, ("wss://r",), NOW, salt="u")
    for maker in (other_table, wrong_secret, good):
        maker.open.add("wss://r")

    def event_of(maker: RelayPath, at: float = NOW) -> dict[str, object]:
        frame = maker.send(RELAYED + path.address, ["m"], at)[0]
        assert isinstance(frame, Frame)
        event: dict[str, object] = json.loads(frame.text)[1]
        return event

    def read(event: object) -> list[object]:
        return path.frame("wss://r", json.dumps(["EVENT", path.subscription, event]), NOW)

    sound = event_of(good)
    assert event_id(sound) == sound["id"]
    assert verify(sender.public, bytes.fromhex(str(sound["id"])), str(sound["sig"]))
    forged_sig = {**event_of(good), "sig": sender.sign(bytes(32))}
    altered = dict(event_of(good))
    altered["content"] = str(altered["content"])[:-4] + "AAA="
    altered["id"] = event_id(altered)
    old = event_of(good, NOW - 3600)
    for bad in (event_of(other_table), event_of(wrong_secret), forged_sig, altered, old, {}, []):
        assert read(bad) == []
    link = f"{RELAYED}{sender.public}.{good.page}"
    assert read(sound) == [Joined(link), Heard(link, "m")]
    assert read(sound) == []  # each event once, from whichever relay brings it first
    assert path.frame("wss://r", "not json", NOW) == []


def test_the_seal_opens_with_its_own_secret_alone() -> None:
    seal = Seal(SECRET, ROOM)
    sealed = seal.seal("ave, senator", b"n" * 16)
    assert seal.open(sealed) == "ave, senator"
    assert Seal("cd" * 16, ROOM).open(sealed) is None
    assert seal.open(sealed[:-8] + "AAAAAAA=") is None
    assert seal.open("!!") is None and seal.open("") is None
