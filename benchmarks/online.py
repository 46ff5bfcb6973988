"""Online play's protocol: bytes on the wire per move and the protocol's own work per
move, over the in-memory network the tests use (no WebRTC: its delay on the loopback
is measured in the browser tests); and how long a connection code is, beside the
SDP it stands for, for as many addresses as a device may have.

Prints figures; asserts nothing.

    .venv/bin/python benchmarks/online.py [--games 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import senator_core as sc
from senator_core.online.codes import Candidate, Description, pack, write
from senator_core.online.device import HUMAN
from senator_core.online.wire import encode
from tests.onlinekit import Network, play_out, seat_table

NAMES = ["Cassius", "Brutus", "Livia", "Marcus", "Julia"]


def one_game(players: int, seed: int) -> tuple[int, int, float, int]:
    """Moves, bytes sent by every device, seconds of protocol work, and the bytes
    a device that arrives at the end needs to catch up."""
    net = Network(random.Random(seed))
    start = time.perf_counter()
    seat_table(net, sc.GameConfig(players=players), [HUMAN] * players, NAMES)
    play_out(net, random.Random(seed))
    seconds = time.perf_counter() - start
    host = net.host
    assert host.game is not None
    catch_up = sum(len(encode(entry).encode()) for entry in host.entries)
    return host.game.moves, net.sent, seconds, catch_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    for players in (3, 4, 5):
        rows = [one_game(players, seed) for seed in range(args.games)]
        per_move = [sent / moves for moves, sent, _, _ in rows]
        work = [seconds / moves * 1000 for moves, _, seconds, _ in rows]
        catch = [c for *_, c in rows]
        print(
            f"{players} devices: {statistics.median(per_move):.0f} bytes sent per move "
            f"(all devices, median of {args.games} games), "
            f"{statistics.median(work):.2f} ms of protocol work per move for the whole table, "
            f"catching up a whole game {statistics.median(catch) / 1000:.1f} kB"
        )
    codes()


def codes() -> None:
    """A browser's offer with 1 to 4 addresses (IPv4, mDNS, IPv6, a STUN one), as the
    SDP a browser writes (with Chromium's extra lines) and as a code."""
    kinds = [
        Candidate("host", "192.168.1.20", 50123),
        Candidate("host", "0c3a5e7b-4f22-4bb1-9d4a-6f1f2e0a9c11.local", 50124),
        Candidate("host", "2001:db8::5", 50125),
        Candidate("srflx", "203.0.113.7", 61002),
    ]
    for count in range(1, len(kinds) + 1):
        description = Description(
            "offer",
            "+jLH",
            "GrzZow/ktcPjVseqFiSrwLb8",
            bytes(range(32)),
            "actpass",
            tuple(kinds[:count]),
        )
        sdp = write(description).replace(
            "a=mid:0", "a=extmap-allow-mixed\r\na=ice-options:trickle\r\na=mid:0"
        )
        sdp = sdp.replace(" typ host", " typ host generation 0 network-id 1 network-cost 10")
        code = pack(sdp, "offer")
        print(
            f"{count} address{'es' if count > 1 else ''}: SDP {len(sdp)} bytes,"
            f" code {len(code)} characters"
        )


if __name__ == "__main__":
    main()
