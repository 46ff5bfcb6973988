"""The computer senators' strength: a rating ladder of every level, and the matches
that have targets, with 95% intervals.

Prints figures; asserts nothing.

The ladder: every set of four different levels out of Random, Heuristic, Easy,
Normal, Hard, Expert and the fixed `baseline` (today's Hard before playouts
were cut at a debate's end) sits at one table, rotated through the seats on
the same deals, so every level meets every other one. Each game is read as
pairwise results between the levels at the table (a winner beats each other
player; a shared victory of k players counts 1/k to each, R40; two players
who both lost tell nothing), and a Bradley-Terry model is fitted to them by
minorisation-maximisation. Ratings are on the Elo scale (400 points: 10 to 1
odds), with the baseline at 0, and 95% intervals from resampling the games.

The matches (seat-rotated deals, Wilson 95% intervals; even share 1/players):

    4 players, 400 games: Expert against three pinned Hard target at least 0.40
                          Expert against three baseline   target at least 0.40
                          Hard against three baseline     target at least 0.33
                          Normal against three Random     target at least 0.97
    3 and 5 players, 200 games each: the same, printed.

The steps (`--steps-only`, or after the matches): each level in the order a
player meets them, Easy < rule-based < Normal < Hard < Expert, against three of
the level below it at 4 players, seat-rotated (`--step-games` each, 80 by
default). A step is real when its Wilson 95% interval lies above the even share
0.25: a direct test of each pair of neighbours, far cheaper than the ladder's
seven levels at every table.

    .venv/bin/python benchmarks/strength.py [--quick] [--deals 3] [--jobs 2] [--seed 2026]
                                            [--ladder-only | --matches-only | --steps-only]
                                            [--step-games 80]
                                            [--players 4,3,5] [--entries expert,hard]
                                            [--match-games 40] [--against baseline]
                                            [--cluster ray://HOST:10001 | local]

`--quick` plays one deal per ladder table and a tenth of each match (minutes,
not hours). Long runs use every core (`--jobs`); `--players` and `--entries` play
part of the match table, so a long run can be made in parts. `--cluster` plays
the games on a Ray cluster (Ray's pool in place of this machine's processes):
the whole run takes about three hours on 2 cores.

The pinned Hard is Hard as it was before the exploiters (`benchmarks/exploiters.py`)
were met; like the baseline, it never changes. After the ladder come the
silly moves per game of every level (`senator_core/bots/sense.py`) in its games,
and whether each level stands apart from the next by the intervals.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senator_core.bots import BASELINE, LEVELS, PINNED_HARD, SEARCHES
from senator_core.bots.sense import SILLY
from senator_core.bots.tournament import Task, run
from senator_core.game import Game
from tools.rating import Seats, ladder_fit

LADDER = (*LEVELS, BASELINE)
# The levels a player meets that must stand in this order, each pair of neighbours
# apart by their intervals.
ORDER = ("easy", "heuristic", "normal", "hard", "expert")
TABLE = 4  # players at each ladder table
# The entry measured, its opponents, the target at 4 players.
MATCHES: list[tuple[str, str, float]] = [
    ("expert", PINNED_HARD, 0.40),
    ("expert", BASELINE, 0.40),
    ("hard", BASELINE, 0.33),
    ("normal", "random", 0.97),
]
GAMES = {4: 400, 3: 198, 5: 200}  # per match, a multiple of the players


# --------------------------------------------------------------------------- playing


def ladder(deals: int, jobs: int | None, seed: int, cluster: str | None) -> None:
    tables = list(itertools.combinations(LADDER, TABLE))
    print(
        f"Ladder: {len(tables)} tables of {TABLE} levels, {deals} deal(s) each, "
        f"every deal in each of its {TABLE} rotations: {len(tables) * deals * TABLE} games",
        flush=True,
    )
    games: list[Seats] = []
    cpu: dict[str, float] = dict.fromkeys(LADDER, 0.0)
    decisions: dict[str, int] = dict.fromkeys(LADDER, 0)
    silly: dict[str, list[int]] = {level: [0] * len(SILLY) for level in LADDER}
    seated: dict[str, int] = dict.fromkeys(LADDER, 0)
    started = time.perf_counter()

    def played(task: Task, game: Game) -> None:
        winners = game.winners()
        games.append(
            [
                (level, 1.0 / len(winners) if s in winners else 0.0)
                for s, level in enumerate(task.seats)
            ]
        )

    for number, table in enumerate(tables):
        result = run(
            TABLE,
            deals * TABLE,
            list(table),
            jobs=jobs,
            seed=seed + 1000 * number,
            played=played,
            cluster=cluster,
        )
        for entry in result.results:
            cpu[entry.bot] += entry.seconds
            decisions[entry.bot] += entry.decisions
            seated[entry.bot] += entry.games
            for i, count in enumerate(entry.silly):
                silly[entry.bot][i] += count
        elapsed = (time.perf_counter() - started) / 60
        print(
            f"  table {number + 1}/{len(tables)}: {', '.join(table)} ({elapsed:.1f} min)",
            flush=True,
        )
    minutes = (time.perf_counter() - started) / 60
    fit = ladder_fit(games, LADDER, BASELINE, seed)
    print(f"{'level':<10} {'Elo':>6}  {'95% interval':<16} {'s/decision':>10}")
    for level in sorted(LADDER, key=lambda a: -fit[a][0]):
        value, low, high = fit[level]
        per = cpu[level] / decisions[level] if decisions[level] else 0.0
        print(f"{level:<10} {value:>6.0f}  [{low:>5.0f}, {high:>5.0f}]   {per:>10.4f}")
    for low, high in itertools.pairwise(ORDER):
        apart = fit[low][2] < fit[high][1]
        print(f"  {low} < {high}: {'apart' if apart else 'OVERLAPPING'} by the intervals")
    print("silly moves per game (sense.py):")
    print(f"{'level':<10}" + "".join(f"{name:>16}" for name in SILLY))
    for level in LADDER:
        per = [count / max(seated[level], 1) for count in silly[level]]
        print(f"{level:<10}" + "".join(f"{x:>16.2f}" for x in per))
    print(f"ladder: {len(games)} games in {minutes:.1f} minutes", flush=True)


def matches(
    scale: float,
    jobs: int | None,
    seed: int,
    tables: list[int],
    entries: list[str] | None,
    cluster: str | None,
    count: int | None = None,
    against: list[str] | None = None,
) -> None:
    print(
        f"{'players':>7} {'games':>5}  {'match':<30} {'win rate':>8}  {'95% interval':<15}"
        f"{'target':>7} {'s/decision':>10} {'minutes':>8}",
        flush=True,
    )
    started = time.perf_counter()
    for players, full in GAMES.items():
        if players not in tables:
            continue
        for entry, opponent, target in MATCHES:
            if entries is not None and entry not in entries:
                continue
            if against is not None and opponent not in against:
                continue
            wanted = count if count is not None else full * scale
            games = max(players, math.ceil(wanted / players) * players)
            match = f"{entry} vs {players - 1} {opponent}"
            before = time.perf_counter()
            seats = [entry] + [opponent] * (players - 1)
            result = run(players, games, seats, jobs=jobs, seed=seed, cluster=cluster)
            minutes = (time.perf_counter() - before) / 60
            first = result.results[0]
            lo, hi = first.ci95
            goal = f"{target:.2f}" if players == 4 else "-"
            met = "" if players != 4 else (" met" if first.win_rate >= target else " MISSED")
            print(
                f"{players:>7} {games:>5}  {match:<30}"
                f" {first.win_rate:>8.3f}  [{lo:.3f}, {hi:.3f}] {goal:>7} "
                f"{first.seconds_per_decision:>10.4f} {minutes:>8.1f}{met}",
                flush=True,
            )
    print(f"matches: {(time.perf_counter() - started) / 60:.1f} minutes")


def steps(games: int, jobs: int | None, seed: int, cluster: str | None) -> None:
    games = max(TABLE, games - games % TABLE)
    print(
        f"Steps: each level against three of the one below it, {games} games each "
        f"(a step is real when its interval lies above {1 / TABLE:.2f})",
        flush=True,
    )
    print(f"{'step':<24} {'win rate':>8}  {'95% interval':<16} {'s/decision':>10} {'minutes':>8}")
    started = time.perf_counter()
    for low, high in itertools.pairwise(ORDER):
        before = time.perf_counter()
        result = run(
            TABLE, games, [high] + [low] * (TABLE - 1), jobs=jobs, seed=seed, cluster=cluster
        )
        first = result.results[0]
        lo, hi = first.ci95
        verdict = "real" if lo > 1 / TABLE else "NOT SHOWN"
        print(
            f"{high + ' vs 3 ' + low:<24} {first.win_rate:>8.3f}  [{lo:.3f}, {hi:.3f}]   "
            f"{first.seconds_per_decision:>10.4f} {(time.perf_counter() - before) / 60:>8.1f}"
            f"  {low} < {high}: {verdict}",
            flush=True,
        )
    print(f"steps: {(time.perf_counter() - started) / 60:.1f} minutes")


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--quick", action="store_true", help="a small version, in minutes")
    options.add_argument("--deals", type=int, default=3, help="deals per ladder table")
    options.add_argument("--jobs", type=int, default=None, help="processes (all cores)")
    options.add_argument(
        "--cluster", help="a Ray cluster's address to play on (local: a Ray started here)"
    )
    options.add_argument("--seed", type=int, default=2026)
    only = options.add_mutually_exclusive_group()
    only.add_argument("--ladder-only", action="store_true")
    only.add_argument("--matches-only", action="store_true")
    only.add_argument("--steps-only", action="store_true")
    options.add_argument("--step-games", type=int, default=80, help="games per step")
    options.add_argument(
        "--match-games", type=int, help="games per match (a multiple of the players; 400 at 4)"
    )
    options.add_argument(
        "--against", help="the opponents whose matches to play, e.g. baseline (all by default)"
    )
    options.add_argument(
        "--players", default="4,3,5", help="the table sizes whose matches to play, e.g. 4"
    )
    options.add_argument(
        "--entries",
        help="the measured entries whose matches to play, e.g. expert,hard (all by default)",
    )
    args = options.parse_args()
    searches = ", ".join(
        f"{level} {s.iterations}" + (f" (cut after {s.debates} debate)" if s.debates else "")
        for level, s in SEARCHES.items()
    )
    jobs = args.jobs if args.jobs or args.cluster else os.cpu_count() or 1
    where = f"Ray at {args.cluster}" if args.cluster else f"{jobs} processes"
    print(f"iterations per decision: {searches}; {where}", flush=True)
    assert set(LEVELS) <= set(LADDER)
    if args.steps_only:
        steps(8 if args.quick else args.step_games, jobs, args.seed, args.cluster)
        return
    if not args.matches_only:
        ladder(1 if args.quick else args.deals, jobs, args.seed, args.cluster)
        print()
    if not args.ladder_only:
        sizes = args.players.split(",")
        entries = args.entries.split(",") if args.entries else None
        known_sizes = [str(n) for n in GAMES]
        known_entries = [entry for entry, _, _ in MATCHES]
        if set(sizes) - set(known_sizes):
            options.error(f"--players takes sizes out of {', '.join(known_sizes)}")
        if entries is not None and set(entries) - set(known_entries):
            options.error(f"--entries takes levels out of {', '.join(known_entries)}")
        tables = [int(n) for n in sizes]
        scale = 0.1 if args.quick else 1.0
        against = args.against.split(",") if args.against else None
        matches(scale, jobs, args.seed, tables, entries, args.cluster, args.match_games, against)
    if not args.ladder_only and not args.matches_only:
        print()
        steps(8 if args.quick else args.step_games, jobs, args.seed, args.cluster)


if __name__ == "__main__":
    main()
