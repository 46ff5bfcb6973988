"""Engine speed: random-playout actions per second, games per second and clone() time.

Prints figures; asserts nothing. The machine is shared and its speed drifts,
so each figure is measured in several short batches and the best and median
batches are printed. Floors (RULES engine issue): 200,000 actions per second
and clone() under 5 us on one core in CPython.

    .venv/bin/python benchmarks/engine.py [--players 4] [--games 300] [--batches 7]
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


def playout_batch(
    players: int, games: int, first_seed: int, chooser: random.Random
) -> tuple[int, float]:
    """Plays `games` random games (legal actions, a random choice, apply); actions and seconds."""
    pick = chooser.random
    configs = [sc.GameConfig(players=players, seed=first_seed + i) for i in range(games)]
    actions = 0
    start = time.perf_counter()
    for config in configs:
        game = sc.new_game(config)
        while game.to_move is not None:
            legal = game.legal_actions()
            game.apply(legal[int(pick() * len(legal))])
            actions += 1
    return actions, time.perf_counter() - start


def clone_batch(game: sc.Game, copies: int) -> float:
    clone = game.clone
    start = time.perf_counter()
    for _ in range(copies):
        clone()
    return (time.perf_counter() - start) / copies


def midgame(players: int) -> sc.Game:
    game = sc.new_game(sc.GameConfig(players=players, seed=1))
    chooser = random.Random(2)
    while game.round < 2 and game.to_move is not None:
        game.apply(chooser.choice(game.legal_actions()))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300, help="games per batch")
    parser.add_argument("--batches", type=int, default=7)
    args = parser.parse_args()

    chooser = random.Random(0)
    rates, game_rates = [], []
    for b in range(args.batches):
        actions, seconds = playout_batch(args.players, args.games, b * args.games, chooser)
        rates.append(actions / seconds)
        game_rates.append(args.games / seconds)
    game = midgame(args.players)
    clones = [clone_batch(game, 20000) * 1e6 for _ in range(args.batches)]

    print(
        f"Python {sys.version.split()[0]}, {args.players} players, "
        f"{args.batches} batches of {args.games} random games"
    )
    rows = [
        ("random-playout actions per second", max(rates), statistics.median(rates), ",.0f"),
        ("games per second", max(game_rates), statistics.median(game_rates), ",.0f"),
        ("clone() microseconds", min(clones), statistics.median(clones), ".2f"),
    ]
    print(f"{'figure':<34}{'best':>12}{'median':>12}")
    for label, best, median, fmt in rows:
        print(f"{label:<34}{best:>12{fmt}}{median:>12{fmt}}")


if __name__ == "__main__":
    main()
