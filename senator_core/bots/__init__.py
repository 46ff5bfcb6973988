"""Computer players for Senator: `make(level, seed)` gives one."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..game import Game
from ..levels import BASELINE, LEVELS, PINNED, PINNED_HARD
from .base import Bot, ImmediateBot, RandomBot, SearchBot, Thinking, finish
from .exploiters import EXPLOITERS, Exploiter
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
    # The weight of the influence in hand in the fitted evaluation, against the fit's.
    influence: float = 1.0
    # Leaves the silly moves (`sense.silly`) out of what it considers.
    wise: bool = False
    # Foresees the others' awards and powers by the rule-based choice.
    foresee: bool = False
    # The share of decisions played at random among the options it considers.
    slips: float = 0.0
    # Expects a rival's award to cancel its own proposed tokens whenever it can.
    wary: bool = False
    # Once it cannot win, plays for its place and against the favourite (`mcts.standing`).
    for_place: bool = False


INFLUENCE = 0.5  # see `Search.influence`

SEARCHES: dict[str, Search] = {
    "easy": Search(10, wise=True, slips=0.25, for_place=True),
    "normal": Search(40, wise=True, for_place=True),
    "hard": Search(
        300, debates=1, influence=INFLUENCE, wise=True, foresee=True, wary=True, for_place=True
    ),
    "expert": Search(
        1500, debates=1, influence=INFLUENCE, wise=True, foresee=True, wary=True, for_place=True
    ),
    BASELINE: Search(150),
    PINNED_HARD: Search(300, debates=1),
}
# Search iterations per decision by level.
BUDGETS: dict[str, int] = {level: search.iterations for level, search in SEARCHES.items()}


def make(level: str, seed: int = 0, iterations: int | None = None) -> Bot:
    """A bot of the given level (or the baseline, or one of the `EXPLOITERS`) with its
    own seed. `iterations` overrides a search level's budget (tests use tiny ones);
    the other levels ignore it."""
    if level in EXPLOITERS:
        return Exploiter(level, seed)
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    if level in SEARCHES:
        return searcher(level, seed, iterations)
    known = ", ".join((*LEVELS, *PINNED))
    raise ValueError(f"unknown bot level {level!r}; the levels are {known}")


def searcher(level: str, seed: int = 0, iterations: int | None = None) -> MCTSBot:
    """The search player of `level` with its own seed (`iterations` overrides its
    budget); ValueError for a level that does not search."""
    search = SEARCHES.get(level)
    if search is None:
        raise ValueError(f"no search level {level!r}: {', '.join(SEARCHES)}")
    budget = iterations if iterations is not None else search.iterations
    return MCTSBot(
        level,
        budget,
        seed,
        debates=search.debates,
        fitted=bool(search.debates),
        influence=search.influence,
        wise=search.wise,
        foresee=search.foresee,
        slips=search.slips,
        wary=search.wary,
        for_place=search.for_place,
    )


__all__ = [
    "BASELINE",
    "BUDGETS",
    "EXPLOITERS",
    "LEVELS",
    "PINNED",
    "PINNED_HARD",
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
    "searcher",
]
