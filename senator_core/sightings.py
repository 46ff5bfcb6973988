"""What a search's playouts saw after each first move, for the player the search is
for: how often that player won the debate under way (or the one the move opens), how
often it ended by the Assassin, the tokens the player gained or lost, which of its
proposed tokens were cancelled, and whether its 5 was still in hand. The hint turns
these into a sentence of what a move does for the player (`app/why.py`).

The playouts are the search's own (`MCTSBot.searching`), so what they saw is what the
search weighed; each is read from the events it added to the game's log."""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .game import Game


@dataclass(frozen=True)
class Facts:
    """What the playouts after one move saw, as shares of those playouts (0 to 1)."""

    playouts: int
    decided: float  # the debate under way (or opened) ended within the playout
    won: float  # ... and the player won it
    assassinated: float  # ... and it ended by an Assassin
    tokens: float  # the player's tokens gained, less those lost, on average
    lost: tuple[tuple[str, float], ...]  # the player's proposed kinds, how often cancelled
    five: float | None  # the player's 5 still in hand (None: it was not in hand)


@dataclass
class _Tally:
    playouts: int = 0
    decided: int = 0
    won: int = 0
    assassinated: int = 0
    tokens: int = 0
    lost: dict[str, int] = field(default_factory=dict)
    five: int = 0


def _holding(game: Game, seat: int) -> dict[str, int]:
    """The player's tokens by kind, proposed and passed."""
    held: dict[str, int] = {}
    for kind in (*game.proposed(seat), *game.passed(seat)):
        held[kind] = held.get(kind, 0) + 1
    return held


class Sightings:
    """The tallies of a search from `root` for `seat`, by the first move of each
    playout (None for a search from a position with no choice at its root)."""

    def __init__(self, root: Game, seat: int) -> None:
        self.seat = seat
        self._log = root._log
        self._held = _holding(root, seat)
        self._count = sum(self._held.values())
        self._proposed = tuple(sorted(set(root.proposed(seat))))
        self._five = root.hand(seat)["5"] > 0
        self._by: dict[Action | None, _Tally] = {}

    def see(self, first: Action | None, game: Game) -> None:
        """Tallies a playout that began with `first` and reached `game`."""
        tally = self._by.get(first)
        if tally is None:
            tally = self._by[first] = _Tally()
        tally.playouts += 1
        seat = self.seat
        # The playout's events, newest first, back to the root's log.
        node = game._log
        ended = None
        while node is not None and node is not self._log:
            node, event = node
            if event.id in ("debate_won", "assassinated"):
                ended = event  # the last seen is the earliest after the root
        if ended is not None:
            tally.decided += 1
            if ended.id == "assassinated":
                tally.assassinated += 1
            elif ended.args["seat"] == seat:
                tally.won += 1
        held = _holding(game, seat)
        tally.tokens += sum(held.values()) - self._count
        for kind in self._proposed:
            if held.get(kind, 0) < self._held[kind]:
                tally.lost[kind] = tally.lost.get(kind, 0) + 1
        if self._five and game.hand(seat)["5"] > 0:
            tally.five += 1

    def facts(self, first: Action | None) -> Facts | None:
        """What the playouts that began with `first` saw; None if there were none."""
        tally = self._by.get(first)
        if tally is None or not tally.playouts:
            return None
        n = tally.playouts
        return Facts(
            playouts=n,
            decided=tally.decided / n,
            won=tally.won / n,
            assassinated=tally.assassinated / n,
            tokens=tally.tokens / n,
            lost=tuple((kind, tally.lost.get(kind, 0) / n) for kind in self._proposed),
            five=tally.five / n if self._five else None,
        )
