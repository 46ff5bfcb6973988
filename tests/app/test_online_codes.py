"""Meeting by codes, with no relay: the codes themselves (a browser's SDP in about a
hundred characters, and back), and a whole table met by codes as the application
plays it, every connection made only by the codes the players pass each other."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field, replace

import pytest

from senator_core.app import init, start, update
from senator_core.app.effects import (
    Accept,
    After,
    Answer,
    Connect,
    Effect,
    ForgetAddress,
    Offer,
    Think,
    Transmit,
)
from senator_core.app.keeping.saves import ONLINE_KEY
from senator_core.app.keeping.storage import persist
from senator_core.app.messages import Field
from senator_core.app.model import HUMAN
from senator_core.app.online.messages import (
    AcceptCode,
    BeginTable,
    CodeMade,
    Invited,
    MakeCode,
    NetTick,
    OpenTable,
    PeerJoined,
    PeerLeft,
    PeerSent,
    TakeSeat,
)
from senator_core.app.online.update import offer_link
from senator_core.app.play.messages import Act, PlayAgain
from senator_core.app.setup.messages import QuickPlay
from senator_core.app.setup.state import Setup
from senator_core.app.view import view
from senator_core.bots import make
from senator_core.online.codes import (
    MAX_CODE,
    Candidate,
    CodeError,
    Description,
    decode,
    encode,
    pack,
    read,
    unpack,
    write,
)

from .test_online import Page, Room

NOW = "2026-12-03T15:00:00"

# A data channel's offer as Chromium gives it (its first candidate, ICE credentials and
# fingerprint as it gave them in a network of one interface), with more candidates.
FINGERPRINT = ":".join(
    f"{b:02X}"
    for b in bytes.fromhex("1FFB73C68532BAA564E691BA0CC4A83E912225E980F833F41FA4EE6B8726AC79")
)
OFFER_SDP = f"""v=0
o=- 4579157340971487320 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 56021 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 10.213.0.1
a=candidate:3631830697 1 udp 2113937151 10.213.0.1 56021 typ host generation 0 network-cost 999
a=candidate:3631830698 1 tcp 1509957375 10.213.0.1 9 typ host tcptype active generation 0
a=candidate:842163049 1 udp 1677729535 203.0.113.7 61002 typ srflx raddr 10.213.0.1 rport 56021
a=candidate:1 1 udp 2113937151 0c3a5e7b-4f22-4bb1-9d4a-6f1f2e0a9c11.local 50123 typ host
a=candidate:2 1 udp 2113939711 2001:db8::5 50124 typ host generation 0
a=ice-ufrag:+jLH
a=ice-pwd:GrzZow/ktcPjVseqFiSrwLb8
a=ice-options:trickle
a=fingerprint:sha-256 {FINGERPRINT}
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""


def test_an_offer_packs_into_a_short_code_with_everything_a_connection_needs() -> None:
    code = pack(OFFER_SDP, "offer")
    assert len(code) < 160 < len(OFFER_SDP) / 4
    assert code.isascii() and all(c.isalnum() or c in "-_" for c in code)
    description = decode(code, "offer")
    assert description == read(OFFER_SDP, "offer")
    assert (description.ufrag, description.pwd, description.role) == (
        "+jLH",
        "GrzZow/ktcPjVseqFiSrwLb8",
        "actpass",
    )
    # UDP only (the TCP candidate is left out), every form of address kept.
    assert description.candidates == (
        Candidate("host", "10.213.0.1", 56021),
        Candidate("srflx", "203.0.113.7", 61002),
        Candidate("host", "0c3a5e7b-4f22-4bb1-9d4a-6f1f2e0a9c11.local", 50123),
        Candidate("host", "2001:db8::5", 50124),
    )
    rebuilt = unpack(code, "offer")
    assert read(rebuilt, "offer") == description
    assert "a=fingerprint:sha-256 1F:FB:73" in rebuilt and "a=setup:actpass" in rebuilt
    assert "webrtc-datachannel" in rebuilt and rebuilt.endswith("\r\n")


def test_an_answer_is_not_taken_for_an_offer() -> None:
    answer = replace(read(OFFER_SDP, "offer"), kind="answer", role="active")
    code = encode(answer)
    assert decode(code, "answer") == answer
    with pytest.raises(CodeError, match="offer"):
        decode(code, "offer")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not a code!",
        "AQAB",
        "x" * (MAX_CODE + 1),
        "AgABBHcwTjkYbUNnbllUMlVyT0ZyazR5Y0prNFlLYUhuVpOqbiyXgGkDifN5gwKChtIUTxcER-gQEHNBITuJTuwECtUAAck6",
    ],
)
def test_a_code_that_is_not_whole_is_refused(text: str) -> None:
    with pytest.raises(CodeError):
        unpack(text, "offer")


def test_thousands_of_damaged_codes_are_refused_or_read_whole() -> None:
    code = pack(OFFER_SDP, "offer")
    chooser = random.Random(24)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(3000):
        damaged = list(code)
        for _ in range(chooser.randint(1, 4)):
            at = chooser.randrange(len(damaged))
            match chooser.randrange(3):
                case 0:
                    damaged[at] = chooser.choice(alphabet)
                case 1:
                    del damaged[at]
                case _:
                    damaged.insert(at, chooser.choice(alphabet))
        try:
            description = decode("".join(damaged), "offer")
        except CodeError:
            continue
        assert write(description)  # whatever reads as whole writes a whole SDP


def test_an_sdp_without_what_a_connection_needs_is_refused() -> None:
    for missing in ("a=ice-pwd", "a=fingerprint", "a=setup"):
        cut = "\n".join(line for line in OFFER_SDP.splitlines() if not line.startswith(missing))
        with pytest.raises(CodeError):
            pack(cut, "offer")
    with pytest.raises(CodeError):
        pack(OFFER_SDP.replace("sha-256", "sha-1"), "offer")


# ------------------------------------------------------------------ a table met by codes


def sdp_for(kind: str) -> str:
    """An SDP as a browser's end would give it: new credentials and certificate."""
    description = Description(
        "offer" if kind == "offer" else "answer",
        secrets.token_hex(2),
        secrets.token_hex(12),
        secrets.token_bytes(32),
        "actpass" if kind == "offer" else "active",
        (Candidate("host", "192.168.1.20", random.randrange(1024, 65535)),),
    )
    return write(description)


@dataclass
class Codes(Room):
    """Pages that meet only by codes (the pages and their messages as `Room` carries
    them): an offer made on a page waits for the answer whose page took it; a
    connection opens when the offering page accepts that answer."""

    offers: dict[str, tuple[Page, str]] = field(default_factory=dict)  # ufrag -> host end
    answers: dict[str, tuple[Page, str, str]] = field(default_factory=dict)  # ufrag -> guest end
    wires: dict[tuple[str, str], tuple[Page, str]] = field(default_factory=dict)
    contacted: list[Effect] = field(default_factory=list)  # anything that is not a code

    def carry_out(self, page: Page, effect: Effect) -> None:
        match effect:
            case Offer(link):
                sdp = sdp_for("offer")
                self.offers[read(sdp, "offer").ufrag] = (page, link)
                self.queue.append((page, CodeMade(link, sdp)))
            case Answer(link, offered):
                sdp = sdp_for("answer")
                self.answers[read(sdp, "answer").ufrag] = (page, link, read(offered, "offer").ufrag)
                self.queue.append((page, CodeMade(link, sdp)))
            case Accept(link, sdp):
                guest, guest_link, offered = self.answers.pop(read(sdp, "answer").ufrag)
                host, host_link = self.offers.pop(offered)
                assert (host, host_link) == (page, link)
                self.wires[(host.name, host_link)] = (guest, guest_link)
                self.wires[(guest.name, guest_link)] = (host, host_link)
                self.queue.append((host, PeerJoined(host_link)))
                self.queue.append((guest, PeerJoined(guest_link)))
            case Transmit(text, to):
                for (name, link), (other, other_link) in self.wires.items():
                    if name == page.name and to in (None, link):
                        self.queue.append((other, PeerSent(other_link, text)))
            case Think(level, seed, game):
                self.queue.append((page, Act(str(make(level, seed=seed).choose(game)))))
            case After(_, NetTick()):
                pass
            case After(_, msg):
                self.queue.append((page, msg))
            case Connect():
                self.contacted.append(effect)
            case _:
                pass

    def cut(self, page: Page) -> None:
        """`page` goes away: each of its connections closes at the other end."""
        for (name, link), (other, other_link) in list(self.wires.items()):
            if name == page.name:
                del self.wires[(name, link)]
                del self.wires[(other.name, other_link)]
                self.queue.append((other, PeerLeft(other_link)))
        del self.pages[page.name]
        self.settle()

    def invite(self, host: Page, guest: Page) -> None:
        """The host's code to the guest, and the guest's code back, as the players
        pass them (the link opened, the code pasted)."""
        assert host.model.online is not None and host.model.online.code, "no code shown"
        self.send(guest, Invited("#" + offer_link(host.model).split("#", 1)[1]))
        assert guest.model.online is not None and guest.model.online.code
        assert guest.model.online.code in str(view(guest.model))
        self.send(host, Field("answer-code", f"  {guest.model.online.code}\n"))
        self.send(host, AcceptCode())


def test_friends_meet_by_codes_and_play_a_whole_game_with_no_relay() -> None:
    net = Codes()
    names = ("Livia", "Brutus", "Cassia")
    host = net.add("host", Setup(players=4, names=(*names, "Decimus", "Marcus")))
    host.model = replace(
        host.model, setup=replace(host.model.setup, occupants=(HUMAN, HUMAN, HUMAN, "easy", HUMAN))
    )
    net.send(host, OpenTable(direct=True))
    drawn = str(view(host.model))
    assert "1. Send this link to one friend" in drawn and "#offer=" in drawn
    guests = []
    for seat in (1, 2):
        guest = net.add(f"guest{seat}", Setup())
        net.invite(host, guest)
        net.send(guest, Field("seat-0-name", names[seat]))
        net.send(guest, TakeSeat(str(seat)))
        guests.append(guest)
        if seat == 1:
            net.send(host, MakeCode())  # a code for the next friend
    assert host.model.online is not None
    assert all(host.model.online.device.seats.devices[:3])
    assert net.contacted == []  # no relay, ever
    net.send(host, BeginTable())
    pages = [host, *guests]
    chooser = random.Random(8)
    for game_number in (1, 2):
        for _ in range(5000):
            mover = next(
                (
                    p
                    for p in pages
                    if p.model.screen == "game"
                    and p.model.game is not None
                    and p.model.game.to_move is not None
                    and p.model.occupants[p.model.game.to_move] == HUMAN
                ),
                None,
            )
            if mover is None:
                break
            assert mover.model.game is not None
            net.send(mover, Act(str(chooser.choice(mover.model.game.legal_actions()))))
        games = [p.model.game for p in pages]
        assert all(g is not None and g.decision == "over" for g in games)
        assert len({repr(g.state()) for g in games if g is not None}) == 1
        if game_number == 1:
            # The next game at the same table, over the same connections.
            net.send(host, PlayAgain())
            assert all(p.model.screen == "lobby" for p in pages)
            net.send(host, BeginTable())
            assert all(p.model.screen == "game" for p in pages)
    assert all(len(p.model.history) == 2 for p in pages)


def test_a_guest_who_drops_comes_back_by_a_new_code_and_nobody_else_hosts() -> None:
    net = Codes()
    host = net.add("host", Setup(players=3, occupants=(HUMAN, HUMAN, HUMAN, HUMAN, HUMAN)))
    net.send(host, OpenTable(direct=True))
    first, second = net.add("first", Setup()), net.add("second", Setup())
    net.invite(host, first)
    net.send(first, TakeSeat("1"))
    net.send(host, MakeCode())
    net.invite(host, second)
    net.send(second, TakeSeat("2"))
    net.send(host, BeginTable())
    stored = persist(second.model)[ONLINE_KEY]
    assert stored is not None
    # A guest reaches the host alone: it does not take the other guest for away.
    assert "is away" not in str(view(first.model)) and "mark-away" not in str(view(first.model))
    net.cut(second)
    assert str(view(host.model)).count('class="mark mark-away"') == 1
    assert "is away" not in str(view(first.model))
    net.send(host, MakeCode())  # the host offers the away seat a new code
    assert 'data-msg="accept-code"' in str(view(host.model))
    model, _writes = init(
        {ONLINE_KEY: stored},
        page_url=second.model.page_url,
        build="test-build",
        entropy=b"a new page load",
    )
    back = net.add("second-again", Setup())
    back.model = model
    assert back.model.online is not None and back.model.online.direct
    for effect in start(back.model):
        net.carry_out(back, effect)
    assert "ask the host for a new invitation code" in str(view(back.model))
    net.invite(host, back)
    assert (
        back.model.online is not None
        and back.model.online.device.host in back.model.online.device.present
    )
    # The host goes: at a table met by codes the game waits for it, nobody takes over.
    net.cut(host)
    net.send(first, PeerSent("host", "{"))  # and a broken message changes nothing
    for page in (first, back):
        assert page.model.online is not None and not page.model.online.device.hosting
        assert page.model.screen == "game"
        drawn = str(view(page.model))
        assert "is away" in drawn and "ask the host for a new invitation code" in drawn
    assert net.contacted == []


def test_a_broken_answer_code_is_said_and_the_offer_stays() -> None:
    net = Codes()
    host = net.add("host", Setup(players=3, occupants=(HUMAN, HUMAN, "easy", HUMAN, HUMAN)))
    net.send(host, OpenTable(direct=True))
    assert host.model.online is not None
    code = host.model.online.code
    net.send(host, Field("answer-code", "half a code"))
    net.send(host, AcceptCode())
    assert "not whole" in (host.model.notice or "")
    assert host.model.online.code == code and host.model.online.coding
    net.send(host, Invited(f"offer={host.model.online.device.host}.{host.model.online.room}.AAAA"))
    assert host.model.screen == "lobby"
    guest = net.add("guest", Setup())
    net.send(guest, Invited(f"offer={'a' * 16}.{'b' * 16}.broken"))
    assert guest.model.online is None and "not whole" in (guest.model.notice or "")


def test_the_page_sends_whatever_follows_its_hash_and_an_offer_asks_to_be_forgotten() -> None:
    """The page passes the part of its address after "#" as it is; the application
    reads it: no invitation changes nothing (a game in progress is not set aside), and
    an offer, broken or not, is taken out of the address, as it answers once: a reload
    must not answer it again. A table's link stays, to join again from."""
    net = Codes()
    host = net.add("host", Setup(players=3, occupants=(HUMAN, HUMAN, "easy", HUMAN, HUMAN)))
    net.send(host, OpenTable(direct=True))
    guest = net.add("guest", Setup())
    playing = update(guest.model, QuickPlay(), NOW)[0]
    for fragment in ("", "#", "#rules", "#tables=1", "#offered=2"):
        after, effects = update(playing, Invited(fragment), NOW)
        assert after == playing and after.game is playing.game, fragment
        assert not [e for e in effects if isinstance(e, (ForgetAddress, Connect, Answer))]
    offer = "#" + offer_link(host.model).split("#", 1)[1]
    joined, effects = update(playing, Invited(offer), NOW)
    assert joined.online is not None and joined.screen == "lobby"
    assert ForgetAddress(fragment=True) in effects and Answer in [type(e) for e in effects]
    broken = update(playing, Invited(f"#offer={'a' * 16}.{'b' * 16}.broken"), NOW)
    assert ForgetAddress(fragment=True) in broken[1] and "not whole" in (broken[0].notice or "")
    table = "#table=" + ".".join(("1" * 16, "2" * 32, "3" * 64))
    joined, effects = update(playing, Invited(table), NOW)
    assert joined.online is not None and Connect in [type(e) for e in effects]
    assert not [e for e in effects if isinstance(e, ForgetAddress)]
