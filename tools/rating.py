"""Ratings from games of several players: a Bradley-Terry fit on the Elo scale.

Each game is read as pairwise results between the players at the table: a
winner beats each other player; a shared victory of k players counts 1/k to
each (R40), so two winners split their comparison by their shares; two players
who both lost tell nothing. Players of the same level are not compared.

`benchmarks/strength.py` rates the computer levels with it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

ELO = 400 / math.log(10)  # 400 points: odds of 10 to 1

# One game: the level and the share of victory of each seat.
Seats = list[tuple[str, float]]


def comparisons(games: Sequence[Seats]) -> dict[tuple[str, str], float]:
    """Pairwise wins: wins[(a, b)] is how often a beat b, shares split (see above)."""
    wins: dict[tuple[str, str], float] = {}
    for seats in games:
        for (a, share_a), (b, share_b) in itertools.permutations(seats, 2):
            if a == b or share_a + share_b == 0:
                continue
            wins[(a, b)] = wins.get((a, b), 0.0) + share_a / (share_a + share_b)
    return wins


def bradley_terry(
    wins: dict[tuple[str, str], float], levels: Sequence[str], anchor: str
) -> dict[str, float]:
    """Elo-scale ratings maximising the Bradley-Terry likelihood (Hunter's MM
    iteration), the anchor at 0. A level that never won or never lost is held
    at the edge by half a win and half a loss against every level it met."""
    met = {(a, b) for (a, b) in wins} | {(b, a) for (a, b) in wins}
    played = {(a, b): wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 1.0 for a, b in met if a != b}
    won = {a: sum(wins.get((a, b), 0.0) + 0.5 for b in levels if (a, b) in played) for a in levels}
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(2000):
        new = {}
        for a in levels:
            denominator = sum(
                played[(a, b)] / (strength[a] + strength[b]) for b in levels if (a, b) in played
            )
            new[a] = won[a] / denominator if denominator else strength[a]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / scale for a, v in new.items()}
        change = max(abs(math.log(new[a] / strength[a])) for a in levels)
        strength = new
        if change < 1e-9:
            break
    zero = math.log(strength[anchor])
    return {a: ELO * (math.log(strength[a]) - zero) for a in levels}


def ladder_fit(
    games: Sequence[Seats], levels: Sequence[str], anchor: str, seed: int, resamples: int = 300
) -> dict[str, tuple[float, float, float]]:
    """Each level's rating with a 95% interval from resampled games."""
    rating = bradley_terry(comparisons(games), levels, anchor)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {a: [] for a in levels}
    for _ in range(resamples):
        drawn = [games[rng.randrange(len(games))] for _ in games]
        for a, value in bradley_terry(comparisons(drawn), levels, anchor).items():
            samples[a].append(value)
    out = {}
    for a in levels:
        ordered = sorted(samples[a])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[int(0.975 * (len(ordered) - 1))]
        out[a] = (rating[a], low, high)
    return out
