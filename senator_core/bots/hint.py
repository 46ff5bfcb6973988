"""The hint: how a search level rates each legal action of a position for the player to
move, and what its playouts saw after each, worked out in steps (`hinting`) that a page
runs a few at a time, as a computer's move and a game's review are."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game
from ..sightings import Facts, Sightings
from . import searcher
from .base import Thinking


@dataclass(frozen=True)
class Estimates:
    """Each legal action of the position, by its notation, with the search's estimate
    of the player's chance to win after it (0 to 1); and what the search's playouts
    saw after each, in the same order."""

    options: tuple[tuple[str, float], ...]
    facts: tuple[Facts | None, ...]


def hinting(
    game: Game, level: str, seed: int = 0, iterations: int | None = None
) -> Thinking[Estimates]:
    """The estimates of the search at `level` (seeded with `seed`; `iterations`
    overrides its budget, for tests) for the player to move in `game`, in steps: a
    yield after each of the search's iterations. ValueError when no one is to move, or
    for a level that does not search. `game` itself is left as it is."""
    bot = searcher(level, seed=seed, iterations=iterations)
    seat = game.to_move
    if seat is None:
        raise ValueError("no one is to move: the game is over")
    seen = Sightings(game, seat)
    options = yield from bot.estimating(game, seen)
    return Estimates(
        tuple((str(action), value) for action, value in options),
        tuple(seen.facts(action) for action, _value in options),
    )
