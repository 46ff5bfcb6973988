"""Online play's protocol: bytes on the wire per move and the protocol's own work per
move, over the in-memory network the tests use (no WebRTC: its delay on the loopback
is measured in the browser tests).

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
from senator_core.online.table import HUMAN
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


if __name__ == "__main__":
    main()
