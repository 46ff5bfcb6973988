"""Online play's protocol over an in-memory network (tests/onlinekit.py): whole games
with faults, a device coming back, the host leaving, cheating caught, and fuzzed
messages refused with nothing applied."""

from __future__ import annotations

import json
import random

import pytest

import senator_core as sc
from senator_core.online.chance import LENGTH, Chain, follows, seed_of
from senator_core.online.device import (
    FLOOD,
    HUMAN,
    Device,
    Report,
    Send,
    Shut,
    distinct,
    move_text,
    played,
    position_hash,
    proof_text,
)
from senator_core.online.keys import Key
from senator_core.online.wire import (
    MAX_BYTES,
    Chat,
    Entry,
    Hello,
    Here,
    Move,
    Proof,
    Refused,
    Reveal,
    Sit,
    Turn,
    WireError,
    decode,
    encode,
)

from .onlinekit import BUILD, Faults, Network, play_moves, play_out, seat_table

NAMES = ["Cassius", "Brutus", "Livia", "Marcus", "Julia"]


def records(net: Network) -> list[dict[str, object]]:
    games = [d.game for d in net.devices.values()]
    assert all(g is not None for g in games)
    return [g.record() for g in games if g is not None]


def problems(net: Network, device: Device) -> list[str]:
    return [r.problem for r in net.reports[device.me]]


# ---------------------------------------------------------------- chance


def test_a_chain_reveals_each_link_under_the_last_and_seeds_from_every_reveal() -> None:
    chain = Chain(b"s" * 32)
    before = chain.top
    for point in range(1, LENGTH + 1):
        link = chain.reveal(point)
        assert follows(link, before)
        assert not follows(Chain(b"t" * 32).reveal(point), before)
        before = link
    a, b = Chain(b"a" * 32), Chain(b"b" * 32)
    both = {"0" * 16: a.reveal(1), "1" * 16: b.reveal(1)}
    assert seed_of(1, both) == seed_of(1, dict(reversed(both.items())))
    assert seed_of(1, both) != seed_of(2, both)
    assert seed_of(1, both) != seed_of(1, {"0" * 16: a.reveal(1), "1" * 16: a.reveal(1)})


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    ("occupants", "faults"),
    [
        ([HUMAN, HUMAN, HUMAN], Faults()),
        ([HUMAN, HUMAN, "heuristic", HUMAN], Faults(duplicate=0.1, reorder=4)),
        ([HUMAN, HUMAN, HUMAN, "heuristic", HUMAN], Faults(drop=0.03, duplicate=0.05, reorder=3)),
    ],
)
def test_whole_games_at_one_table_end_the_same_on_every_device(
    occupants: list[str], faults: Faults
) -> None:
    rng = random.Random(len(occupants))
    net = Network(rng, faults)
    config = sc.GameConfig(players=len(occupants))
    devices = seat_table(net, config, occupants, NAMES)
    host = devices[0]
    assert host.game is not None
    assert host.game.names == tuple(NAMES[: len(occupants)])
    play_out(net, random.Random(7))
    net.settle()
    for _ in range(20):  # the last entries may have been lost: asked for again
        net.tick()
        net.settle()
    first = records(net)[0]
    assert all(r == first for r in records(net))
    assert first["reseeds"] and len(first["reseeds"]) == 2  # rounds 2 and 3 (R-chance)
    game = sc.from_record(first)
    assert game.decision == "over"
    assert all(d.stopped is None for d in devices)


def test_nobody_knows_the_deal_before_every_device_has_revealed() -> None:
    """The seed comes from every device's reveal, so two tables alike but for one
    device's secret deal differently; and no device's engine had a game before."""
    decks = []
    for secret_seed in (1, 2):
        net = Network(random.Random(5))
        config = sc.GameConfig(players=3)
        host = net.add("A")
        net.carry(host.me, host.open_table(config, [HUMAN, HUMAN, HUMAN]))
        guests = []
        for seat in (1, 2):
            secret = bytes([secret_seed]) * 32 if seat == 2 else None
            guest = net.add(NAMES[seat], host=host.me, secret=secret)
            net.settle()
            net.carry(
                guest.me, guest.receive(net.link_of[host.me], "x")
            )  # refused, nothing happens
            net.carry(guest.me, [Send(Sit(seat), net.link_of[host.me])])
            net.settle()
            guests.append(guest)
        # The game is begun but not dealt until the last reveal arrives.
        net.carry(host.me, host.begin())
        assert host.game is None and host.pending is not None
        net.settle()
        assert host.game is not None
        decks.append(host.game.state())
    assert decks[0] != decks[1]


# ---------------------------------------------------------------- coming back, leaving


def test_a_device_that_reloads_gets_its_seat_back_and_the_game_goes_on() -> None:
    net = Network(random.Random(3))
    devices = seat_table(net, sc.GameConfig(players=4), [HUMAN] * 4, NAMES)
    chooser = random.Random(1)
    guest = devices[2]
    play_moves(net, chooser, 30)  # into the first round
    # Away for a while: the host's computer plays the seat meanwhile.
    net.detach(guest.me)
    host = devices[0]
    host.stand_in(2)
    assert host.stand_ins == {2}
    play_moves(net, chooser, 12)
    moves = host.game.moves if host.game else 0
    # Back by a reload: the page keeps its id and its chain's secret, and nothing else.
    fresh = Device(
        net.keys[guest.me], BUILD, guest.name, devices[0].me, Chain(net.secrets[guest.me])
    )
    net.attach(fresh)
    net.settle()
    assert fresh.game is not None and fresh.game.moves == moves
    assert host.stand_ins == set()  # the seat is its player's again
    assert fresh.game.record() == devices[0].game.record()  # type: ignore[union-attr]
    play_out(net, chooser)
    assert len({json.dumps(r, sort_keys=True) for r in records(net)}) == 1


def test_when_the_host_leaves_the_next_seated_device_hosts_and_the_game_goes_on() -> None:
    net = Network(random.Random(4), Faults(reorder=3))
    devices = seat_table(net, sc.GameConfig(players=3), [HUMAN, HUMAN, HUMAN], NAMES)
    chooser = random.Random(2)
    play_moves(net, chooser, 25)
    net.detach(devices[0].me)
    net.settle()
    assert net.host is devices[1]
    play_out(net, chooser)  # the old host's seat is played by the new host's computer
    assert len({json.dumps(r, sort_keys=True) for r in records(net)}) == 1
    assert net.host.stand_ins == {0}


def test_devices_that_cannot_reach_each_other_choose_the_same_new_host() -> None:
    net = Network(random.Random(6))
    devices = seat_table(net, sc.GameConfig(players=4), [HUMAN] * 4, NAMES)
    chooser = random.Random(3)
    play_moves(net, chooser, 12)
    first, second, third = devices[1:]
    # The second guest cannot reach the first (whom the host said is here): when the
    # host goes, it still takes the first as the host, and does not host itself.
    net.sever(first.me, second.me)
    net.settle()
    net.detach(devices[0].me)
    net.settle()
    assert {d.host for d in (first, second, third)} == {first.me}
    assert not second.hosting and not third.hosting
    net.mend(first.me, second.me)
    net.settle()
    first.stand_in(0)
    play_out(net, chooser)
    assert len({json.dumps(r, sort_keys=True) for r in records(net)}) == 1


def test_a_chat_line_goes_to_each_device_once_and_not_back_to_its_writer() -> None:
    net = Network(random.Random(7))
    devices = seat_table(net, sc.GameConfig(players=3), [HUMAN] * 3, NAMES)
    net.carry(devices[1].me, devices[1].chat("Ave"))
    net.settle()
    heard = {d.me: [s for s in net.said[d.me] if s.text == "Ave"] for d in devices}
    assert all(len(lines) == 1 and lines[0].device == devices[1].me for lines in heard.values())


# ---------------------------------------------------------------- cheating


def started(players: int = 3) -> tuple[Network, list[Device]]:
    net = Network(random.Random(9))
    devices = seat_table(net, sc.GameConfig(players=players), [HUMAN] * players, NAMES)
    return net, devices


def signed(device: Device, action: str, moves: int | None = None, by: Device | None = None) -> Move:
    """`device`'s move `action` (after `moves` moves, the game's by default), signed by
    `by`'s key (its own by default)."""
    assert device.game is not None
    moves = device.game.moves if moves is None else moves
    return Move(moves, action, (by or device).key.says(move_text(device.table, moves, action)))


def test_a_move_for_another_seat_out_of_turn_stale_or_illegal_is_refused() -> None:
    net, devices = started()
    host = devices[0]
    game = host.game
    assert game is not None and game.to_move is not None
    mover = devices[game.to_move]
    other = next(d for d in devices if d is not mover and d is not host)
    legal = str(game.legal_actions()[0])
    moves = game.moves
    for sender, move, problem in [
        (other, signed(other, legal), "not-your-turn"),
        (mover, signed(mover, legal, moves + 1), "stale"),
        (mover, signed(mover, "play 9"), "illegal"),
        (mover, signed(mover, "veto"), "illegal"),
        (mover, signed(mover, legal, by=other), "signature"),
        (mover, Move(moves, legal, ""), "signature"),
    ]:
        net.carry(sender.me, [])
        outs = host.receive(net.link_of[sender.me], encode(move))
        assert [o.problem for o in outs if isinstance(o, Report)] == [problem]
        assert game.moves == moves and host.game is game
    net.carry(mover.me, mover.play(legal))
    net.settle()
    assert host.game is not None and host.game.moves == moves + 1


def test_an_entry_whose_hash_differs_stops_the_game_with_a_report() -> None:
    net, devices = started()
    host, guest = devices[0], devices[1]
    game = host.game
    assert game is not None
    action = str(game.legal_actions()[0])
    forged = Entry(len(guest.entries), "move", {}, (), {}, action, "0" * 16, "")
    outs = guest.receive(net.link_of[host.me], encode(forged))
    assert guest.stopped is not None and guest.stopped.problem == "hash"
    assert [o for o in outs if isinstance(o, Report)] == [guest.stopped]
    assert guest.game is not None and guest.game.moves == game.moves  # nothing applied
    assert guest.receive(net.link_of[host.me], encode(forged)) == []  # a stopped game takes nothing


def test_entries_from_another_device_than_the_host_are_refused() -> None:
    net, devices = started()
    host, guest, third = devices
    game = host.game
    assert game is not None
    after = game.clone()
    action = str(game.legal_actions()[0])
    after.apply(action)
    entry = Entry(len(guest.entries), "move", {}, (), {}, action, position_hash(after), "")
    outs = guest.receive(net.link_of[third.me], encode(entry))
    assert [o.problem for o in outs if isinstance(o, Report)] == ["not-host"]
    assert guest.game is not None and guest.game.moves == game.moves


def test_a_wrong_or_early_reveal_is_refused_and_a_withheld_one_waits_for_the_device() -> None:
    net = Network(random.Random(12))
    devices = seat_table(net, sc.GameConfig(players=3), [HUMAN] * 3, NAMES)
    host, guest, third = devices
    # Early: no chance point is due.
    outs = host.receive(net.link_of[guest.me], encode(Reveal(2, guest.chain.reveal(2))))
    assert [o.problem for o in outs if isinstance(o, Report)] == ["bad-reveal"]
    # Play to the end of round 1; the third device withholds its reveal.
    chooser = random.Random(3)
    while True:
        game = host.game
        assert game is not None
        if host.pending is not None:
            break
        mover = net.devices[host.devices[game.to_move or 0]]
        action = chooser.choice(sorted(str(a) for a in game.legal_actions()))
        net.carry(mover.me, mover.play(action))
        while net.queue:
            sender, target, text = net.queue[0]
            withheld = (net.link_of[third.me], net.link_of[host.me])
            if (sender, target) == withheld and '"t":"reveal"' in text:
                net.queue.pop(0)  # withheld
                continue
            net.step()
    assert host.pending.point == 2
    # A wrong link: one that does not follow the device's chain.
    outs = host.receive(net.link_of[third.me], encode(Reveal(2, Chain(b"x" * 32).reveal(2))))
    assert [o.problem for o in outs if isinstance(o, Report)] == ["bad-reveal"]
    assert host.pending is not None and host.game is game  # still waiting, nothing drawn
    net.detach(third.me)  # counted as gone: the chance point goes on without it
    net.settle()
    assert host.pending is None and host.game is not game
    assert host.game is not None and host.game.round == 2


def test_another_build_is_refused_at_the_door() -> None:
    net = Network(random.Random(1))
    host = net.add("A")
    net.carry(host.me, host.open_table(sc.GameConfig(players=3), [HUMAN] * 3))
    stranger = "ab" * 32
    hello = Hello("other-build", stranger, "B", Chain().top, 0, "0" * 32)
    outs = host.receive(stranger, encode(hello))
    assert [o.problem for o in outs if isinstance(o, Report)] == ["build"]
    assert stranger not in host.hellos and stranger not in host.links.values()


def test_a_refusal_is_never_answered_so_two_devices_cannot_refuse_each_other_forever() -> None:
    """A message only a host sends, from one guest to another, is refused once, and the
    refusal is heard but not answered; a host does not answer one either."""
    net, devices = started()
    host, guest, third = devices
    net.carry(guest.me, [Send(Here((guest.me, third.me), ()), net.link_of[third.me])])
    net.settle(limit=20)
    assert [r.problem for r in net.reports[third.me]] == ["not-host"]
    assert [(r.problem, r.detail) for r in net.reports[guest.me]] == [("not-host", "Refused")]
    for device in (host, third):
        outs = device.receive(net.link_of[guest.me], encode(Refused("not-host", "Here")))
        assert [o for o in outs if isinstance(o, Send)] == []
    # The host's own refusal still reaches its guest as what it is.
    outs = guest.receive(net.link_of[host.me], encode(Refused("illegal", "play 9")))
    assert [(o.problem, o.detail) for o in outs if isinstance(o, Report)] == [("illegal", "play 9")]


def test_players_who_keep_the_same_name_are_told_apart() -> None:
    """Guests who leave the name field as it came ("Cassius", like the host) are seated
    under names of their own; a computer named like a person takes another; the host
    keeps its name and so does everyone the same game shows on every device."""
    net = Network(random.Random(3))
    config = sc.GameConfig(players=4, names=("Cassius", "Brutus", "Livia", "Marcus"))
    occupants = [HUMAN, HUMAN, "easy", HUMAN]
    devices = seat_table(net, config, occupants, ["Cassius", "cassius", "", "Livia"])
    game = devices[0].game
    assert game is not None
    assert game.names == ("Cassius", "Brutus", "Marcus", "Livia")
    assert all(d.game is not None and d.game.names == game.names for d in devices)
    assert distinct(["Brutus"] * 5 + [""]) == ("Brutus", "Cassius", "Livia", "Marcus", "Tullia", "")
    assert distinct(["Cassius", "Brutus", "Livia", "Marcus", "Tullia", "Livia"]) == (
        "Cassius", "Brutus", "Livia", "Marcus", "Tullia", "Livia 2"
    )  # fmt: skip


def test_a_connection_that_floods_is_shut_and_its_device_let_in_no_more() -> None:
    """Chat lines as fast as a page can send them: up to `FLOOD` (and one per entry)
    between two ticks are taken; the next shuts the connection, once, and the device
    behind it cannot come back on another. A table's own traffic never comes near."""
    net, devices = started()
    host, guest, third = devices
    link = net.link_of[guest.me]
    line = encode(Chat("ave", guest.me))
    allowed = FLOOD + len(host.entries)
    host.tick()  # what the table's start sent is counted in the tick before
    for _ in range(allowed):
        assert not any(isinstance(o, (Shut, Report)) for o in host.receive(link, line))
    host.tick()  # a new tick: the count starts again
    for _ in range(allowed):
        host.receive(link, line)
    outs = host.receive(link, line)
    assert [(o.problem, o.device) for o in outs if isinstance(o, Report)] == [("flood", guest.me)]
    assert Shut(link) in outs and guest.me not in host.present
    assert host.receive(link, line) == [] and host.receive(link, encode(guest.hello())) == []
    assert host.joined(link) == []
    again = host.receive("link-new", encode(guest.hello()))
    assert again == [Shut("link-new")] and guest.me not in host.present
    # The others play on: a whole game's traffic, catch-ups included, is no flood.
    net.detach(guest.me)
    assert host.game is not None and third.game is not None
    assert all(r.problem != "flood" for d in (host, third) for r in net.reports[d.me])


def test_a_reloaded_device_catching_up_on_a_long_game_is_no_flood() -> None:
    net = Network(random.Random(21))
    devices = seat_table(net, sc.GameConfig(players=3), [HUMAN] * 3, NAMES)
    play_moves(net, random.Random(2), 80)
    guest = devices[1]
    net.detach(guest.me)
    back = net.attach(Device.restored(guest.kept(), BUILD))
    net.settle()
    assert back.game is not None and back.game.moves == devices[0].game.moves  # type: ignore[union-attr]
    assert all(r.problem != "flood" for reports in net.reports.values() for r in reports)


# ---------------------------------------------------------------- fuzzing


def mutate(text: str, rng: random.Random) -> str:
    data = json.loads(text)
    key = rng.choice(sorted(data))
    choice = rng.randrange(8)
    values: list[object] = [
        None,
        -1,
        10**9,
        "x" * 300,
        [1, [2]],
        {"a": 1},
        True,
        "<img src=x onerror=alert(1)>",
    ]
    if choice == 0:
        del data[key]
    elif choice == 1:
        data["extra"] = 1
    else:
        data[key] = rng.choice(values)
    return json.dumps(data)


def test_thousands_of_fuzzed_messages_are_refused_and_nothing_is_applied() -> None:
    net, devices = started(4)
    host, guest = devices[0], devices[1]
    assert host.game is not None
    samples = [
        encode(Move(host.game.moves, str(host.game.legal_actions()[0]), "")),
        encode(Reveal(2, guest.chain.reveal(2))),
        encode(host.entries[-1]),
        encode(Hello(BUILD, guest.me, "B", guest.chain.top, 0, "0" * 32)),
    ]
    rng = random.Random(0)
    stranger = "cd" * 8
    before = [d.game.record() for d in devices if d.game is not None]
    refused = 0
    for index in range(3_000):
        text = mutate(rng.choice(samples), rng)
        if index % 10 == 0:
            text = rng.choice(["", "{", "[]", "null", '{"v":2}', "x" * (MAX_BYTES + 1)])
        target = rng.choice(devices)
        try:
            decode(text)
        except WireError:
            refused += 1
        target.receive(stranger, text)
        target.receive(net.link_of[host.me if target is not host else guest.me], text)
    assert refused > 2_000
    assert [d.game.record() for d in devices if d.game is not None] == before
    assert all(d.stopped is None or d.stopped.problem in ("bad-entry", "hash") for d in devices)


def test_a_chat_line_reaches_every_device_once_from_its_speaker() -> None:
    net, devices = started()
    host, guest, third = devices
    net.carry(guest.me, guest.chat("ave"))
    net.settle()
    net.carry(host.me, host.chat("salve"))
    net.settle()
    lines = {d.me: [(o.device, o.text) for o in net.said[d.me]] for d in devices}
    assert lines[guest.me] == [(guest.me, "ave"), (host.me, "salve")]
    assert lines[third.me] == [(guest.me, "ave"), (host.me, "salve")]
    assert lines[host.me] == [(guest.me, "ave"), (host.me, "salve")]
    outs = host.receive("ef" * 8, encode(Chat("spam", "ef" * 32)))
    assert [o.problem for o in outs if isinstance(o, Report)] == ["not-at-table"]


def test_a_copy_of_a_device_moves_on_while_the_original_stays_as_it_was() -> None:
    """So the application can keep a device in a model it never changes."""
    net, devices = started()
    host = devices[0]
    game = host.game
    assert game is not None and game.to_move is not None
    before = host.copy()
    mover = devices[game.to_move]
    net.carry(mover.me, mover.play(str(game.legal_actions()[0])))
    net.settle()
    assert host.game is not None and host.game.moves == game.moves + 1
    assert before.game is game and game.moves == len(before.entries) - 2
    assert len(before.entries) == len(host.entries) - 1


def test_a_device_back_on_a_new_connection_before_the_old_one_closes_stays_at_the_table() -> None:
    """A reload gets a new connection at once, while the old one is seen to close
    only seconds later: that close does not count the device as gone."""
    net, devices = started()
    host, guest = devices[0], devices[1]
    old = net.link_of[guest.me]
    fresh = Device(net.keys[guest.me], BUILD, guest.name, host.me, Chain(net.secrets[guest.me]))
    net.attach(fresh)
    net.settle()
    assert fresh.game is not None and fresh.game.record() == host.game.record()  # type: ignore[union-attr]
    for other in (host, devices[2]):
        net.carry(other.me, other.left(old))
    net.settle()
    assert guest.me in host.present and host.host == host.me
    play_out(net, random.Random(4))
    assert len({json.dumps(r, sort_keys=True) for r in records(net) if r}) == 1


def test_a_second_page_repeating_a_players_hello_cannot_take_their_place_or_move() -> None:
    """Anyone with the link can join the room and repeat a player's hello (it is sent to
    every device): without the player's key it cannot answer the challenge, so it is
    never taken for the player, and a move it sends is refused."""
    net, devices = started()
    host, guest = devices[0], devices[1]
    game = host.game
    assert game is not None and game.to_move is not None
    mover = devices[game.to_move]
    copied = mover.hello()
    outs = host.receive("page-2", encode(copied))
    assert "page-2" in host.unproven and "page-2" not in host.links
    assert any(isinstance(o, Send) and isinstance(o.message, Hello) for o in outs)
    forged = Proof(Key().says(proof_text(host.nonces["page-2"], mover.me, host.me)))
    assert [o.problem for o in host.receive("page-2", encode(forged)) if isinstance(o, Report)] == [
        "proof"
    ]
    move = signed(mover, str(game.legal_actions()[0]))
    outs = host.receive("page-2", encode(move))
    assert [o.problem for o in outs if isinstance(o, Report)] == ["not-at-table"]
    assert host.game is game and "page-2" not in host.links
    # The player's own device still moves for its seat.
    net.carry(mover.me, mover.play(move.action))
    net.settle()
    assert host.game is not None and host.game.moves == game.moves + 1
    assert guest.game is not None and guest.game.record() == host.game.record()


def test_a_host_cannot_forge_a_guests_move_and_no_move_is_taken_for_another_game() -> None:
    """Every device checks a person's move against the seat's key: an entry the host
    signs for a guest's seat stops the game on every other device; a move signed for
    one game is refused in the next (its text names the game's beginning)."""
    net, devices = started()
    host, guest, third = devices
    game = host.game
    assert game is not None
    while game.to_move == 0 or host.devices[game.to_move or 0] == "":
        mover = net.devices[host.devices[game.to_move or 0]]
        net.carry(mover.me, mover.play(str(game.legal_actions()[0])))
        net.settle()
        game = host.game
        assert game is not None
    victim = devices[game.to_move or 0]
    bystander = third if victim is guest else guest
    action = str(game.legal_actions()[0])
    after = played(game, action)
    by_host = host.key.says(move_text(host.table, game.moves, action))
    entry = Entry(len(host.entries), "move", {}, (), {}, action, position_hash(after), by_host)
    bystander.receive(net.link_of[host.me], encode(entry))
    assert bystander.stopped is not None and bystander.stopped.problem == "bad-entry"
    assert bystander.stopped.detail == "signature"
    # The victim's own signature, for another game's beginning, is refused by the host.
    elsewhere = victim.key.says(move_text("0" * 32, game.moves, action))
    outs = host.receive(net.link_of[victim.me], encode(Move(game.moves, action, elsewhere)))
    assert [o.problem for o in outs if isinstance(o, Report)] == ["signature"]
    assert host.game is game


def test_turn_servers_are_shared_by_proven_devices_only_and_checked() -> None:
    """A device's TURN servers go to every device it meets and each it meets later; they
    are taken from a proven connection only, in the settings' form, a few at most."""
    net, devices = started()
    host, guest, third = devices
    turn = "turn:turn.example:3478 senator s3cret"
    net.carry(guest.me, guest.share_turn([turn, "stun:stun.example:3478", turn]))
    net.settle(limit=50)
    assert guest.turn == (turn,) and host.shared == third.shared == (turn,)
    assert guest.share_turn([turn]) == []  # unchanged: nothing sent again
    # From a connection that has not proven itself, the servers are not taken.
    outs = host.receive("stranger", encode(Turn(("turn:evil.example:3478 a b",))))
    assert [r.problem for r in outs if isinstance(r, Report)] == ["not-at-table"]
    assert host.shared == (turn,)
    # Malformed: no credentials, too many, not TURN at all.
    for servers in (["turn:x.example"], [turn] * 5, ["stun:x.example:3478 a b"]):
        text = json.dumps({"v": 2, "t": "turn", "servers": servers})
        with pytest.raises(WireError):
            decode(text)
