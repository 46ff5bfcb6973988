"""The review's noise and time: one game reviewed with several seeds.

Prints figures; asserts nothing. It plays a four-player game (one seat the
rule-based player with a share of random slips, standing for a person; the others
computers of a level), then reviews that seat's decisions once per seed with the
review's search (`senator_core/review.py`), and prints:

- the seconds each review takes in CPython;
- how often a decision's mark differs from its most common mark across the seeds
  (the noise the seed brings), and how often it moves by more than one step
  (good to mistake, say);
- the spread of each decision's cost across the seeds.

    .venv/bin/python benchmarks/review.py [--seeds 5] [--game 7] [--level hard] [--opponents normal]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import senator_core as sc  # noqa: E402
from senator_core.bots import SEARCHES, make  # noqa: E402
from senator_core.review import MARKS, REVIEW_LEVEL, review  # noqa: E402

PLAYERS = 4
PERSON = 0  # the seat reviewed
SLIPS = 0.2  # the share of the person's moves played at random


def play(seed: int, opponents: str) -> sc.Game:
    game = sc.new_game(sc.GameConfig(players=PLAYERS, seed=seed))
    bots = [make("heuristic" if s == PERSON else opponents, seed=seed + s) for s in range(PLAYERS)]
    slips = random.Random(seed)
    while game.to_move is not None:
        seat = game.to_move
        if seat == PERSON and slips.random() < SLIPS:
            game.apply(slips.choice(game.legal_actions()))
        else:
            game.apply(bots[seat].choose(game))
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The review's noise across seeds, and its time.")
    parser.add_argument("--seeds", type=int, default=5, help="reviews of the game (default 5)")
    parser.add_argument("--game", type=int, default=7, help="the deal's seed")
    parser.add_argument("--level", choices=list(SEARCHES), default=REVIEW_LEVEL)
    parser.add_argument("--opponents", default="normal", help="the other seats' level")
    args = parser.parse_args(argv)
    if args.seeds < 2:
        parser.error("--seeds must be at least 2")

    game = play(args.game, args.opponents)
    reviews = []
    seconds = []
    for seed in range(args.seeds):
        start = time.perf_counter()
        reviews.append(review(game, [PERSON], args.level, seed))
        seconds.append(time.perf_counter() - start)
    rated = len(reviews[0].ratings)
    print(
        f"A {PLAYERS}-player game (deal {args.game}), {len(game.actions)} moves; seat {PERSON}"
        f" the rule-based player with {SLIPS:.0%} random moves against {args.opponents}."
    )
    print(f"{rated} of its decisions rated by the {args.level} search, {args.seeds} seeds.")
    print(
        f"seconds per review (CPython): median {statistics.median(seconds):.1f},"
        f" min {min(seconds):.1f}, max {max(seconds):.1f}"
    )
    moved = far = 0
    spreads = []
    for index in range(rated):
        marks = [r.ratings[index].mark for r in reviews]
        usual, _ = Counter(marks).most_common(1)[0]
        moved += sum(m != usual for m in marks)
        far += sum(abs(MARKS.index(m) - MARKS.index(usual)) > 1 for m in marks)
        costs = [r.ratings[index].cost for r in reviews]
        spreads.append(max(costs) - min(costs))
    total = rated * args.seeds
    print(f"marks differing from the decision's most common mark: {moved} of {total}")
    print(f"  ... by more than one step: {far} of {total}")
    print(
        f"spread of a decision's cost across seeds, in points: median"
        f" {statistics.median(spreads) * 100:.1f}, 90th percentile"
        f" {sorted(spreads)[int(len(spreads) * 0.9)] * 100:.1f}, max {max(spreads) * 100:.1f}"
    )
    counts = Counter(r.mark for review_ in reviews for r in review_.ratings)
    print("marks over all reviews: " + ", ".join(f"{m} {counts[m]}" for m in MARKS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
