"""Computer players for Senator: `make(level, seed)` gives one."""

from __future__ import annotations

from ..actions import Action
from ..game import Game
from .base import Bot, ImmediateBot, RandomBot, SearchBot, Thinking, finish
from .heuristic import Heuristic
from .mcts import MCTSBot


class HeuristicBot(ImmediateBot):
    """The rule-based player (see `heuristic`): deterministic, no search."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "heuristic"
        self._policy = Heuristic()

    def pick(self, game: Game, legal: list[Action]) -> Action:
        return self._policy.choose(game, legal)


LEVELS = ("random", "heuristic", "easy", "normal", "hard")

# Search iterations per decision; the search levels differ in nothing else.
BUDGETS: dict[str, int] = {"easy": 10, "normal": 40, "hard": 150}


def make(level: str, seed: int = 0, iterations: int | None = None) -> Bot:
    """A bot of the given level with its own seed. `iterations` overrides a search
    level's budget (tests use tiny ones); the other levels ignore it."""
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    if level in BUDGETS:
        return MCTSBot(level, iterations if iterations is not None else BUDGETS[level], seed)
    raise ValueError(f"unknown bot level {level!r}; the levels are {', '.join(LEVELS)}")


__all__ = [
    "BUDGETS",
    "LEVELS",
    "Bot",
    "HeuristicBot",
    "MCTSBot",
    "RandomBot",
    "SearchBot",
    "Thinking",
    "finish",
    "make",
]
