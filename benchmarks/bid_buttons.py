"""The buttons a debate decision shows: one per legal bid before, one per total now.

Prints figures; asserts nothing. It plays games between the rule-based players
under every variant combination with events, and counts at each debate decision the
controls of the old decision (every legal play and every way to play the Assassin,
plus Withdraw) against the decision now (`bidding.offered`).

    .venv/bin/python benchmarks/bid_buttons.py [--games 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import senator_core as sc  # noqa: E402
from senator_core.app.play.bidding import offered  # noqa: E402
from senator_core.bots import make  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Buttons per debate decision, before and now.")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    before: list[int] = []
    now: list[int] = []
    assassins_before: list[int] = []
    for seed in range(args.games):
        variants = sc.Variants(spartacus="two_cards" if seed % 2 else "two_points")
        game = sc.new_game(sc.GameConfig(players=3 + seed % 3, seed=seed, variants=variants))
        bot = make("heuristic", seed)
        while game.to_move is not None:
            if game.decision == "debate":
                legal = game.legal_actions()
                before.append(len(legal))
                now.append(len(offered(game)))
                assassins_before.append(sum(a.verb == "assassin" for a in legal))
            game.apply(bot.choose(game))

    def spread(values: list[int]) -> str:
        cut = statistics.quantiles(values, n=10)[-1]
        return f"median {statistics.median(values):g}, 90th percentile {cut:g}, max {max(values)}"

    print(f"{len(before)} debate decisions in {args.games} games (rule-based players, events on)")
    print(f"  buttons before: {spread(before)}")
    print(f"  buttons now:    {spread(now)}")
    print(f"  Assassin buttons before: max {max(assassins_before)}; now at most 1")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
