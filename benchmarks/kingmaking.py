"""Kingmaking by the computers: how often a seat that cannot win hands the win to the
leader when another choice would not, and would leave it no lower.

Prints figures; asserts nothing. It plays four-player games between computers of one
level and, at every decision of the last round with a choice (its deal is done, so
nothing is left to chance but the players' choices), plays each legal action on to
the end `ENDS` times by the rule-based player with some random moves, the same
continuations for every action. Of a decision it takes, for each action, the mover's
share of wins and mean place (1 + the seats ending ahead of it), and the leader's
share of wins (the leader: the seat ahead of every other when the decision came). A
decision is a **kingmaking choice** when:

- no action gives the mover any win (it cannot win);
- the action chosen makes the leader the winner in at least half the ends;
- another action takes at least half a win from the leader and leaves the mover a
  place no lower (a quarter of a place allowed for chance).

It also counts the decisions of a seat that cannot win whose action leaves it half a
place or more lower than another action would (**places given up**).

    .venv/bin/python benchmarks/kingmaking.py [--level normal] [--games 20] [--first 0]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import senator_core as sc  # noqa: E402
from senator_core.bots import make  # noqa: E402
from senator_core.bots.heuristic import Heuristic  # noqa: E402
from senator_core.rules import ROUNDS  # noqa: E402

PLAYERS = 4


ENDS = 12  # continuations of each action
NOISE = 0.1  # the share of their moves played at random


def outcome(game: sc.Game, action: sc.Action, end: int) -> list[tuple[int, int, int]]:
    """The final scores after `action`, the game played on by the rule-based player
    with some random moves (`end` seeds them)."""
    guide = Heuristic(noise=NOISE, rng=random.Random(end))
    g = game.clone()
    g.apply(action)
    while g.to_move is not None:
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else guide.choose(g, legal))
    return g.scores()


def place(scores: list[tuple[int, int, int]], seat: int) -> int:
    return 1 + sum(other > scores[seat] for other in scores)


def win(scores: list[tuple[int, int, int]], seat: int) -> float:
    best = max(scores)
    return 1.0 / scores.count(best) if scores[seat] == best else 0.0


def judged(game: sc.Game, chosen: sc.Action) -> tuple[bool, bool] | None:
    """(a kingmaking choice, a place given up) for the mover's decision, or None when the
    mover can win or has no choice."""
    legal = game.legal_actions()
    if len(legal) < 2:
        return None
    me = game.to_move
    assert me is not None
    now = game.scores()
    leader = max((p for p in range(game.players) if p != me), key=now.__getitem__)
    mine: dict[str, float] = {}
    places: dict[str, float] = {}
    leads: dict[str, float] = {}
    for a in legal:
        ends = [outcome(game, a, end) for end in range(ENDS)]
        mine[str(a)] = sum(win(scores, me) for scores in ends)
        if mine[str(a)]:
            return None
        places[str(a)] = sum(place(scores, me) for scores in ends) / ENDS
        leads[str(a)] = sum(win(scores, leader) for scores in ends) / ENDS
    key = str(chosen)
    given_up = places[key] >= min(places.values()) + 0.5
    kingmaking = leads[key] >= 0.5 and any(
        leads[a] <= leads[key] - 0.5 and places[a] <= places[key] + 0.25 for a in leads
    )
    return kingmaking, given_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    kingmaking = given_up = hopeless = decisions = 0
    started = time.perf_counter()
    for seed in range(args.first, args.first + args.games):
        game = sc.new_game(sc.GameConfig(players=PLAYERS, seed=seed))
        bots = [make(args.level, seed=seed * 10 + s) for s in range(PLAYERS)]
        while game.to_move is not None:
            action = bots[game.to_move].choose(game)
            if game.round == ROUNDS and game.decision != "over":
                decisions += 1
                seen = judged(game, action)
                if seen is not None:
                    hopeless += 1
                    kingmaking += seen[0]
                    given_up += seen[1]
            game.apply(action)
    games = args.games
    print(f"{args.level}, {games} games of {PLAYERS}, {time.perf_counter() - started:.0f} s")
    print(f"  last-round decisions with a choice: {decisions}")
    print(f"  of them by a seat that cannot win: {hopeless}")
    print(f"  kingmaking choices: {kingmaking} ({kingmaking / games:.2f} a game)")
    print(f"  places given up: {given_up} ({given_up / games:.2f} a game)")


if __name__ == "__main__":
    main()
