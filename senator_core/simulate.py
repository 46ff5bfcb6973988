"""Random games played in bulk, with the rule statistics they show (the `simulate` command)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .config import GameConfig, Variants
from .game import Game, new_game


@dataclass
class Statistics:
    """What a batch of random games showed."""

    players: int
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    debates: int = 0
    rounds_played: int = 0
    assassinations: int = 0
    vetoes: int = 0
    conflicts: int = 0
    shared_victories: int = 0
    tokens_held: int = 0
    winning_tokens: int = 0
    events_seen: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = max(self.games, 1)
        debates = max(self.debates, 1)
        return {
            "players": self.players,
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else None,
            "debates_per_round": round(self.debates / max(self.rounds_played, 1), 3),
            "assassin_rate": round(self.assassinations / debates, 4),
            "vetoes_per_game": round(self.vetoes / games, 3),
            "conflicts_per_game": round(self.conflicts / games, 3),
            "ties": self.shared_victories,
            "tie_rate": round(self.shared_victories / games, 4),
            "average_score": round(self.tokens_held / (games * self.players), 3),
            "average_winning_score": round(self.winning_tokens / games, 3),
        }


def simulate(
    players: int,
    games: int,
    seed: int,
    variants: Variants | None = None,
    played: Callable[[int, Game], None] | None = None,
) -> Statistics:
    """Plays `games` games of uniformly random legal actions; game i uses seed `seed + i`.
    `played(i, game)` is told of each game once it is over (its time is not counted)."""
    chooser = random.Random(seed)
    pick = chooser.random
    stats = Statistics(players=players)
    variants = variants or Variants()
    for i in range(games):
        start = time.perf_counter()
        game = new_game(GameConfig(players=players, seed=seed + i, variants=variants))
        moves = 0
        while game.to_move is not None:
            legal = game.legal_actions()
            game.apply(legal[int(pick() * len(legal))])
            moves += 1
        stats.seconds += time.perf_counter() - start
        stats.games += 1
        stats.actions += moves
        for event in game.log:
            eid = event.id
            if eid == "topic_chosen":
                stats.debates += 1
            elif eid == "round_end":
                stats.rounds_played += 1
            elif eid == "assassinated":
                stats.assassinations += 1
            elif eid == "vetoed":
                stats.vetoes += 1
            elif eid == "conflict":
                stats.conflicts += 1
            elif eid == "event_revealed":
                name = event.args["event"]
                stats.events_seen[name] = stats.events_seen.get(name, 0) + 1
        scores = game.scores()
        winners = game.winners()
        stats.shared_victories += len(winners) > 1
        stats.tokens_held += sum(s[0] for s in scores)
        stats.winning_tokens += scores[winners[0]][0]
        if played is not None:
            played(i, game)
    return stats


def report(stats: Statistics) -> str:
    """The statistics as lines of text."""
    d = stats.to_dict()
    return "\n".join(
        [
            f"games                  {d['games']} ({d['players']} players)",
            f"actions                {d['actions']} in {d['seconds']} s",
            f"actions per second     {d['actions_per_second']}",
            f"debates per round      {d['debates_per_round']}",
            f"assassin rate          {d['assassin_rate']} (assassinations per debate)",
            f"vetoes per game        {d['vetoes_per_game']}",
            f"conflicts per game     {d['conflicts_per_game']}",
            f"ties                   {d['ties']} ({d['tie_rate']} of games)",
            f"average score          {d['average_score']} tokens "
            f"(winners {d['average_winning_score']})",
        ]
    )
