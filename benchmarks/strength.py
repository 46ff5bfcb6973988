"""The strength table of the computer senators: each match's win rates with 95%
intervals, its time, and the whole table's time.

Targets (4 players, 400 games each): Normal and Hard win at least 80% against
three Random; Hard at least 40% against three Heuristic and at least 35%
against three Normal. 3 and 5 players: the same matches, at least 100 games.

    .venv/bin/python benchmarks/strength.py [--scale 1.0] [--jobs 2] [--seed 2026]

`--scale 0.1` plays a tenth of the games (rounded up to whole rotations), for
a quick look.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senator_core.bots import BUDGETS
from senator_core.bots.tournament import run

# The entry measured, its opponents, and the target win rate at 4 players.
PAIRINGS: list[tuple[str, str, float]] = [
    ("normal", "random", 0.80),
    ("hard", "random", 0.80),
    ("hard", "heuristic", 0.40),
    ("hard", "normal", 0.35),
]
GAMES = {4: 400, 3: 102, 5: 100}  # per match, a multiple of the players
MATCHES = [
    (players, games, entry, opponent, target if players == 4 else 0.0)
    for players, games in GAMES.items()
    for entry, opponent, target in PAIRINGS
]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--scale", type=float, default=1.0)
    options.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    options.add_argument("--seed", type=int, default=2026)
    args = options.parse_args()
    print(f"budgets (iterations per decision): {BUDGETS}; {args.jobs} processes", flush=True)
    print(
        f"{'players':>7} {'games':>5}  {'match':<28} {'win rate':>8}  {'95% interval':<15}"
        f"{'target':>7} {'s/decision':>10} {'minutes':>8}",
        flush=True,
    )
    started = time.perf_counter()
    cpu = 0.0
    for players, full, entry, opponent, target in MATCHES:
        games = max(players, math.ceil(full * args.scale / players) * players)
        match = f"{entry} vs {players - 1} {opponent}"
        levels = [entry] + [opponent] * (players - 1)
        before = time.perf_counter()
        result = run(players, games, levels, jobs=args.jobs, seed=args.seed)
        minutes = (time.perf_counter() - before) / 60
        first = result.results[0]
        cpu += sum(r.seconds for r in result.results)
        lo, hi = first.ci95
        goal = f"{target:.2f}" if target else "-"
        met = "" if not target else (" met" if first.win_rate >= target else " MISSED")
        print(
            f"{players:>7} {games:>5}  {match:<28}"
            f" {first.win_rate:>8.3f}  [{lo:.3f}, {hi:.3f}] {goal:>7} "
            f"{first.seconds_per_decision:>10.4f} {minutes:>8.1f}{met}",
            flush=True,
        )
    total = (time.perf_counter() - started) / 60
    print(f"whole table: {total:.1f} minutes; decisions took {cpu / 60:.1f} CPU minutes")


if __name__ == "__main__":
    main()
