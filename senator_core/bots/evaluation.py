"""A fitted estimate of each player's chance to win, for the search's cut playouts.

Each player p at a position is described by a few numbers (`features`): the
heuristic's expected points, the lead over the best rival, the influence in
hand as it counts for the rest of the round, and the sure parts of the score.
The chance that p wins is a softmax over the players of a weighted sum of those
numbers, with one set of weights per round (a conditional logit model). The
weights are fitted to self-play games by `python -m tools.train` (a developer
tool in the repository, not shipped) and kept in `evaluation.json` beside this
file.

Only public information is read: what the heuristic reads.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from pathlib import Path

from ..game import Game
from ..rules import IMPERIUM, ROUNDS
from .heuristic import ASSASSIN_VALUE, card_value, points
from .portable import add, exp

FEATURES = (
    "points",  # the heuristic's expected tokens at the end
    "lead",  # points over the best rival's
    "influence",  # influence in hand (the Assassin at ASSASSIN_VALUE)
    "influence_worth",  # the same at the card value of the rest of the round
    "passed",  # tokens passed: kept whatever comes
    "imperium",  # Imperium tokens, the first tie-break (R40)
    "veto",  # holding the veto
)
WEIGHTS_FILE = "evaluation.json"

Weights = tuple[tuple[float, ...], ...]  # by round (1 to ROUNDS), by feature


def features(g: Game, est: list[float] | None = None) -> list[list[float]]:
    """The features of every player at this position, in FEATURES order; `est`, the
    heuristic's points when the caller has them already."""
    if est is None:
        est = points(g)
    worth = card_value(g)
    hand, passed, proposed = g.hand_counts, g.passed_counts, g.proposed_counts
    n = g.players
    out = []
    for p in range(n):
        b = 4 * p
        held = hand[b] + 2 * hand[b + 1] + 5 * hand[b + 2] + ASSASSIN_VALUE * hand[b + 3]
        best = max(est[q] for q in range(n) if q != p)
        t = 6 * p
        out.append(
            [
                est[p],
                est[p] - best,
                held,
                held * worth,
                float(sum(passed[t : t + 6])),
                float(passed[t + IMPERIUM] + proposed[t + IMPERIUM]),
                1.0 if g.veto_seat == p else 0.0,
            ]
        )
    return out


def chances(rows: list[list[float]], weights: Sequence[float]) -> list[float]:
    """The softmax over players of the weighted features."""
    scores = [add([w * x for w, x in zip(weights, row, strict=True)]) for row in rows]
    top = max(scores)
    shares = [exp(s - top) for s in scores]
    total = add(shares)
    return [s / total for s in shares]


def round_index(g: Game) -> int:
    """Which round's weights apply: the round in play (1 to ROUNDS)."""
    return min(max(g.round, 1), ROUNDS) - 1


def win_chances(g: Game, weights: Weights, est: list[float] | None = None) -> list[float]:
    """Each player's fitted chance to win from this position (`est` as in `features`)."""
    return chances(features(g, est), weights[round_index(g)])


def scale_influence(weights: Weights, factor: float) -> Weights:
    """The weights with those of the influence in hand scaled by `factor`."""
    scaled = {FEATURES.index("influence"), FEATURES.index("influence_worth")}
    return tuple(
        tuple(w * factor if i in scaled else w for i, w in enumerate(row)) for row in weights
    )


@functools.cache
def load_weights() -> Weights:
    """The fitted weights shipped with the package (read once; beside this module, as
    the package is installed as files: `importlib.resources` would cost the page a
    twentieth of a second of imports at a computer's first turn)."""
    text = (Path(__file__).parent / WEIGHTS_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if data.get("features") != list(FEATURES):
        raise ValueError(
            f"{WEIGHTS_FILE} was fitted to other features: fit it again (python -m tools.train)"
        )
    weights = tuple(tuple(float(w) for w in row) for row in data["weights"])
    if len(weights) != ROUNDS or any(len(row) != len(FEATURES) for row in weights):
        raise ValueError(f"{WEIGHTS_FILE} holds weights of the wrong shape")
    return weights
