"""Computer players for Senator: `make(level, seed)` gives one."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Search:
    """How a search level thinks: iterations per decision, and how far its playouts
    go: to the end of the round, scored by the heuristic's estimate (`debates` 0),
    or until that many debates after the position searched have begun, scored by
    the evaluation fitted to self-play (`evaluation.py`)."""

    iterations: int
    debates: int = 0


# The levels a player meets, weakest first.
LEVELS = ("random", "heuristic", "easy", "normal", "hard", "expert")
# A fixed player for the benchmarks to measure progress against: Hard as it was
# before playouts were cut at a debate's end. It must never change.
BASELINE = "baseline"

SEARCHES: dict[str, Search] = {
    "easy": Search(10),
    "normal": Search(40),
    "hard": Search(300, debates=1),
    "expert": Search(1500, debates=1),
    BASELINE: Search(150),
}
# Search iterations per decision by level.
BUDGETS: dict[str, int] = {level: search.iterations for level, search in SEARCHES.items()}


def make(level: str, seed: int = 0, iterations: int | None = None) -> Bot:
    """A bot of the given level (or the baseline) with its own seed. `iterations`
    overrides a search level's budget (tests use tiny ones); the other levels
    ignore it."""
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    search = SEARCHES.get(level)
    if search is not None:
        budget = iterations if iterations is not None else search.iterations
        return MCTSBot(level, budget, seed, debates=search.debates, fitted=bool(search.debates))
    known = ", ".join((*LEVELS, BASELINE))
    raise ValueError(f"unknown bot level {level!r}; the levels are {known}")


__all__ = [
    "BASELINE",
    "BUDGETS",
    "LEVELS",
    "SEARCHES",
    "Bot",
    "HeuristicBot",
    "MCTSBot",
    "RandomBot",
    "Search",
    "SearchBot",
    "Thinking",
    "finish",
    "make",
]
