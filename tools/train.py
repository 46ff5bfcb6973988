"""Fits the search's evaluation (`senator_core/bots/evaluation.py`) to self-play games.

    .venv/bin/python -m tools.train [--games 4000] [--seed 1] [--out PATH]

run from the repository's root; it writes `senator_core/bots/evaluation.json`
unless `--out` names another file.

Plays games between rule-based players with some randomness (the policy the
search's playouts follow), notes the features of every player whenever a
debate is about to begin (where the search cuts its playouts), and, once the
game is over, who won (a shared victory of k players counts 1/k, R40). For
each round it then fits the weights of the conditional logit model by Newton's
method with a small ridge penalty. The same arguments give the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from senator_core.bots.base import Bot
from senator_core.bots.evaluation import FEATURES, WEIGHTS_FILE, features, round_index
from senator_core.bots.exploiters import Exploiter
from senator_core.bots.heuristic import Heuristic
from senator_core.config import GameConfig
from senator_core.game import new_game
from senator_core.rules import OVER, ROUNDS, TOPIC

# The file the search reads, in this checkout: the fit is committed with the code.
WEIGHTS = Path(__file__).resolve().parent.parent / "senator_core" / "bots" / WEIGHTS_FILE

NOISE = 0.15  # as the search's playouts
MIXED = ("gift", "cheap", "lowest", "assassin", "hoard")  # the strategies a mixed fit meets
RIDGE = 1e-3
NEWTON_STEPS = 30

# One position: the features of each player, and each player's share of the win.
Sample = tuple[list[list[float]], list[float]]


def self_play(games: int, seed: int, mix: float = 0.0) -> list[list[Sample]]:
    """Samples by round (index 0 to ROUNDS - 1) from `games` games of 3 to 5 players;
    each seat is one of the `EXPLOITERS` with the chance `mix` (so that the fit
    knows what a player who bids as people do makes of the cards kept), the noisy
    rule-based player otherwise."""
    rng = random.Random(seed)
    by_round: list[list[Sample]] = [[] for _ in range(ROUNDS)]
    for index in range(games):
        players = 3 + index % 3
        game = new_game(GameConfig(players=players, seed=rng.getrandbits(32)))
        policy = Heuristic(noise=NOISE, rng=random.Random(rng.getrandbits(32)))
        seats: list[Bot | None] = [
            Exploiter(rng.choice(MIXED)) if rng.random() < mix else None for _ in range(players)
        ]
        seen: list[tuple[int, list[list[float]]]] = []
        while game.decision != OVER:
            if game.decision == TOPIC:
                seen.append((round_index(game), features(game)))
            bot = seats[game.seat_to_move]
            if bot is None:
                game.apply(policy.choose(game, game.legal_actions()))
            else:
                game.apply(bot.choose(game))
        winners = game.winners()
        shares = [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
        for round_, rows in seen:
            by_round[round_].append((rows, shares))
    return by_round


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solves matrix x = vector by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            raise ValueError("the features do not vary: play more games")
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def log_loss(samples: Sequence[Sample], weights: list[float]) -> float:
    """Mean cross-entropy of the winners' shares under the model, in nats."""
    total = 0.0
    for rows, shares in samples:
        scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
        top = max(scores)
        norm = top + math.log(sum(math.exp(s - top) for s in scores))
        total -= sum(y * (s - norm) for y, s in zip(shares, scores, strict=True))
    return total / len(samples) if samples else 0.0


def fit(samples: Sequence[Sample]) -> list[float]:
    """The weights maximising the penalised likelihood, by Newton's method."""
    size = len(FEATURES)
    weights = [0.0] * size
    for _ in range(NEWTON_STEPS):
        ridge = RIDGE * len(samples)
        gradient = [-ridge * w for w in weights]
        hessian = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for rows, shares in samples:
            scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            whole = sum(exps)
            probs = [e / whole for e in exps]
            pairs = list(zip(probs, rows, strict=True))
            mean = [sum(p * row[i] for p, row in pairs) for i in range(size)]
            for y, p, row in zip(shares, probs, rows, strict=True):
                centred = [row[i] - mean[i] for i in range(size)]
                for i in range(size):
                    gradient[i] += (y - p) * row[i]
                    scaled = p * centred[i]
                    hess = hessian[i]
                    for j in range(size):
                        hess[j] += scaled * centred[j]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return weights


def train(games: int, seed: int, mix: float = 0.0) -> dict[str, object]:
    """The fitted model as the JSON object `evaluation.py` reads."""
    by_round = self_play(games, seed, mix)
    weights = [fit(samples) for samples in by_round]
    return {
        "features": list(FEATURES),
        "weights": [[round(w, 6) for w in row] for row in weights],
        "trained": {
            "games": games,
            "seed": seed,
            "mix": mix,
            "samples": [len(s) for s in by_round],
            "log_loss": [round(log_loss(s, w), 4) for s, w in zip(by_round, weights, strict=True)],
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.train", description="Fit the search's evaluation to self-play."
    )
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", type=float, default=0.0, help="share of seats an exploiter plays")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 0.0 <= args.mix <= 1.0:
        parser.error("--mix is a share, from 0 to 1")
    model = train(args.games, args.seed, args.mix)
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {model['trained']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
