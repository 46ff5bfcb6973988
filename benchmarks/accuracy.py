"""The review's accuracy against the result: whether it tells the levels apart, and
whether a seat that places lower reads lower.

Prints figures; asserts nothing. It plays four-player games between a stand-in for a
person (the rule-based player with a share of random moves, as in `review.py`) and
the Easy, Normal and Hard computers, their seats turning from game to game, reviews
every seat with the review's search (`senator_core/review.py`; the Expert is left out,
as the review does not rate a deeper search than its own), and prints, by level and
by final place, the mean accuracy as the review now gives it (lichess's formula in
shares of a fair chance) beside the old reading, 1 minus the mean cost.

    .venv/bin/python benchmarks/accuracy.py [--games 40] [--first 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import senator_core as sc  # noqa: E402
from senator_core.bots import make  # noqa: E402
from senator_core.review import REVIEW_LEVEL, review  # noqa: E402

PLAYERS = 4
SEATED = ("person", "easy", "normal", "hard")
SLIPS = 0.2  # the share of the stand-in's moves played at random


def play(seed: int) -> tuple[sc.Game, tuple[str, ...]]:
    """A game whose seats turn with the seed; the level of each seat."""
    levels = tuple(SEATED[(s + seed) % PLAYERS] for s in range(PLAYERS))
    game = sc.new_game(sc.GameConfig(players=PLAYERS, seed=seed))
    bots = [
        make("heuristic" if level == "person" else level, seed=seed * 10 + s)
        for s, level in enumerate(levels)
    ]
    slips = random.Random(seed)
    while game.to_move is not None:
        seat = game.to_move
        if levels[seat] == "person" and slips.random() < SLIPS:
            game.apply(slips.choice(game.legal_actions()))
        else:
            game.apply(bots[seat].choose(game))
    return game, levels


def places(game: sc.Game) -> list[int]:
    """Each seat's place at the end by the game's order (R40), 1 the best; seats level
    share the better place."""
    scores = game.scores()
    return [1 + sum(other > mine for other in scores) for mine in scores]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The review's accuracy by level and place.")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    args = parser.parse_args(argv)
    now: dict[str, list[float]] = defaultdict(list)
    old: dict[str, list[float]] = defaultdict(list)
    by_place_now: dict[int, list[float]] = defaultdict(list)
    by_place_old: dict[int, list[float]] = defaultdict(list)
    blunderers: list[tuple[int, float, float]] = []
    started = time.perf_counter()
    for seed in range(args.first, args.first + args.games):
        game, levels = play(seed)
        rated = review(game, range(PLAYERS), REVIEW_LEVEL, seed)
        place = places(game)
        for seat, level in enumerate(levels):
            accuracy = rated.accuracy(seat)
            mine = rated.of(seat)
            if accuracy is None:
                continue
            plain = 1 - sum(r.cost for r in mine) / len(mine)
            now[level].append(accuracy)
            old[level].append(plain)
            by_place_now[place[seat]].append(accuracy)
            by_place_old[place[seat]].append(plain)
            if place[seat] == PLAYERS and rated.counts(seat)["blunder"]:
                blunderers.append((seed, accuracy, plain))
        print(f"game {seed}: {time.perf_counter() - started:.0f} s", file=sys.stderr)

    def line(label: str, values_now: list[float], values_old: list[float]) -> str:
        return (
            f"  {label:<8} {len(values_now):>3} seats  now {statistics.mean(values_now):6.1%}"
            f"  (min {min(values_now):.1%})   1 - mean cost {statistics.mean(values_old):6.1%}"
        )

    print(f"{args.games} four-player games, every seat reviewed by the {REVIEW_LEVEL} search.")
    print("By level (the person a rule-based player with 20% random moves):")
    for level in SEATED:
        print(line(level, now[level], old[level]))
    print("By final place:")
    for place_ in sorted(by_place_now):
        print(line(f"place {place_}", by_place_now[place_], by_place_old[place_]))
    print(f"Last places with a blunder: {len(blunderers)}")
    for seed, accuracy, plain in blunderers[:10]:
        print(f"  game {seed}: now {accuracy:.1%}, 1 - mean cost {plain:.1%}")
    print(f"{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
