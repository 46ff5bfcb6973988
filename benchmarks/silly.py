"""Silly moves per game for every level: the moves a good player calls silly
(`senator_core/bots/sense.py`: the Assassin with nothing at stake or on a debate
lost cheaply, most of a hand on a consul with nothing to pass, a bidding war on a
single token, opening a debate and withdrawing at once, keeping a token that
cancels one's own when a rival would lose by it).

Prints figures; asserts nothing. Each level plays at tables of 4, seat-rotated
on the same deals, against three of `--against` (the rule-based player unless
told), and only its own moves are counted. Targets: Normal, Hard and Expert near
zero; Easy a beginner's mistakes at most.

    .venv/bin/python benchmarks/silly.py [--games 40] [--levels easy,normal,hard,expert]
                                         [--against heuristic] [--jobs 2] [--seed 2026]
                                         [--cluster ADDRESS]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senator_core.bots import LEVELS
from senator_core.bots.sense import SILLY
from senator_core.bots.tournament import run

PLAYERS = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="per level")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cluster", default=None)
    args = parser.parse_args()
    games = max(PLAYERS, args.games - args.games % PLAYERS)
    print(f"Silly moves per game, each level against three {args.against}, {games} games")
    short = [name.replace("_", " ") for name in SILLY]
    print(f"{'level':<10}" + "".join(f"{name:>16}" for name in short) + f"{'all':>8}")
    for level in args.levels.split(","):
        result = run(
            PLAYERS,
            games,
            [level, *[args.against] * (PLAYERS - 1)],
            jobs=args.jobs,
            seed=args.seed,
            cluster=args.cluster,
        )
        rates = result.results[0].silly_per_game()
        print(
            f"{level:<10}"
            + "".join(f"{rates[name]:>16.2f}" for name in SILLY)
            + f"{sum(rates.values()):>8.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
