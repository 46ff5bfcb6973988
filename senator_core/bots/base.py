"""What every computer player is: a name, `choose(game)` and the same choice in
steps, `thinking(game)`; the random player."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Protocol, TypeVar, runtime_checkable

from ..actions import Action
from ..game import Game

T = TypeVar("T")

# A computation in steps: it yields now and then (nothing), and returns its result.
# A caller may run it to the end at once (`finish`) or a few steps at a time.
Thinking = Generator[None, None, T]


def finish(steps: Thinking[T]) -> T:
    """Runs a computation in steps to its end and returns its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


@runtime_checkable
class Bot(Protocol):
    """A computer player. `choose` returns one of `game.legal_actions()` for the
    player to move, and never looks at the order of the forum or the event deck;
    `thinking` reaches the same choice in steps."""

    name: str

    def choose(self, game: Game) -> Action: ...

    def thinking(self, game: Game) -> Thinking[Action]: ...


@runtime_checkable
class SearchBot(Bot, Protocol):
    """A bot that can also say how good it thinks each legal action is (for hints)."""

    def evaluate(self, game: Game) -> list[tuple[Action, float]]: ...

    def estimating(self, game: Game) -> Thinking[list[tuple[Action, float]]]: ...


def legal_choices(game: Game) -> list[Action]:
    """The legal actions of the player to move; ValueError once the game is over."""
    legal = game.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is nothing to choose")
    return legal


class ImmediateBot:
    """A player that chooses without searching, so its thinking is a single step.
    Subclasses say how they `pick` among the legal actions."""

    name: str

    def choose(self, game: Game) -> Action:
        return self.pick(game, legal_choices(game))

    def pick(self, game: Game, legal: list[Action]) -> Action:
        raise NotImplementedError

    def thinking(self, game: Game) -> Thinking[Action]:
        yield from ()
        return self.choose(game)


class RandomBot(ImmediateBot):
    """Uniformly random legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self._random = random.Random(seed)

    def pick(self, game: Game, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return legal[self._random.randrange(len(legal))]
