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
from .rules import KINDS


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
    playout (None for a search from a position with no choice at its root); with
    `apart` false, all under None (a search from the position after a move, whose
    playouts all follow that move)."""

    def __init__(self, root: Game, seat: int, apart: bool = True) -> None:
        self.seat = seat
        self._apart = apart
        self._log = root._log
        self._held = _holding(root, seat)
        self._count = sum(self._held.values())
        self._proposed = tuple(sorted(set(root.proposed(seat))))
        self._five = root.hand(seat)["5"] > 0
        self._by: dict[Action | None, _Tally] = {}

    def see(self, first: Action | None, game: Game) -> None:
        """Tallies a playout that began with `first` and reached `game`."""
        if not self._apart:
            first = None
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


def rounded(facts: Facts | None) -> Facts | None:
    """`facts` with its shares to two places, as a review keeps them."""
    if facts is None:
        return None
    return Facts(
        facts.playouts,
        round(facts.decided, 2),
        round(facts.won, 2),
        round(facts.assassinated, 2),
        round(facts.tokens, 2),
        tuple((kind, round(part, 2)) for kind, part in facts.lost),
        None if facts.five is None else round(facts.five, 2),
    )


def facts_to(facts: Facts | None) -> list[object] | None:
    """`facts` as JSON (`facts_from` reads it back)."""
    if facts is None:
        return None
    return [
        facts.playouts,
        facts.decided,
        facts.won,
        facts.assassinated,
        facts.tokens,
        [[kind, part] for kind, part in facts.lost],
        facts.five,
    ]


def share(value: object) -> float:
    """A JSON value that must be a number from 0 to 1 (a share, a chance); ValueError
    if it is not."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"a number from 0 to 1 was expected, not {value!r}")
    return float(value)


def facts_from(data: object) -> Facts | None:
    """Facts kept as JSON (`facts_to`); ValueError if they are not."""
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != 7:
        raise ValueError("facts are a list of seven")
    playouts, decided, won, assassinated, tokens, lost, five = data
    if type(playouts) is not int or playouts < 0:
        raise ValueError("a count of playouts must be a whole number")
    if isinstance(tokens, bool) or not isinstance(tokens, int | float) or abs(tokens) > 60:
        raise ValueError("tokens must be a number")
    if not isinstance(lost, list) or any(
        not isinstance(item, list) or len(item) != 2 or item[0] not in KINDS for item in lost
    ):
        raise ValueError("the tokens lost must be kinds with shares")
    return Facts(
        playouts,
        share(decided),
        share(won),
        share(assassinated),
        float(tokens),
        tuple((str(kind), share(part)) for kind, part in lost),
        None if five is None else share(five),
    )
