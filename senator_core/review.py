"""A finished game reviewed decision by decision: at each decision a player made with
more than one choice, the search rates every choice by the chance to win it leaves
the player, and the move made is marked by what it cost against the best.

Marks, by the chance to win a move gives up against the best choice found:
- good: less than 5 points (0.05);
- inaccuracy: 5 to 10 points;
- mistake: 10 to 20 points;
- blunder: 20 points or more.

A seat's accuracy is 1 minus its mean cost, over the decisions rated.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .bots import SEARCHES, SearchBot, Thinking, finish, make
from .game import Game, new_game

MARKS = ("good", "inaccuracy", "mistake", "blunder")
# The least cost of each mark after the first, in chance to win.
THRESHOLDS = (0.05, 0.10, 0.20)
REVIEW_LEVEL = "hard"  # the search that rates the moves
COSTLIEST = 3  # the moves a seat's summary names


def mark_of(cost: float) -> str:
    """The mark of a move that gave up `cost` of the chance to win."""
    found = MARKS[0]
    for mark, least in zip(MARKS[1:], THRESHOLDS, strict=True):
        if cost >= least:
            found = mark
    return found


@dataclass(frozen=True)
class Rating:
    """One decision rated: the move made, and every choice with its chance to win,
    best first."""

    step: int  # the move's index among the game's actions
    seat: int
    decision: str
    played: str
    chances: tuple[tuple[str, float], ...]

    @property
    def best(self) -> str:
        return self.chances[0][0]

    @property
    def chance(self) -> float:
        """The chance to win the move made leaves."""
        return next(value for text, value in self.chances if text == self.played)

    @property
    def cost(self) -> float:
        return max(self.chances[0][1] - self.chance, 0.0)

    @property
    def mark(self) -> str:
        return mark_of(self.cost)


@dataclass(frozen=True)
class Review:
    """Every rated decision of a game, by the search at `level` with `seed`."""

    level: str
    seed: int
    ratings: tuple[Rating, ...]

    def of(self, seat: int) -> tuple[Rating, ...]:
        return tuple(r for r in self.ratings if r.seat == seat)

    def accuracy(self, seat: int) -> float | None:
        """1 minus the seat's mean cost; None when none of its decisions was rated."""
        mine = self.of(seat)
        return 1.0 - sum(r.cost for r in mine) / len(mine) if mine else None

    def costliest(self, seat: int) -> tuple[Rating, ...]:
        """The seat's moves that cost the most, up to `COSTLIEST`, costliest first; moves
        marked good are not among them."""
        marked = [r for r in self.of(seat) if r.mark != MARKS[0]]
        return tuple(sorted(marked, key=lambda r: (-r.cost, r.step))[:COSTLIEST])

    def counts(self, seat: int) -> dict[str, int]:
        found = dict.fromkeys(MARKS, 0)
        for r in self.of(seat):
            found[r.mark] += 1
        return found

    def to_dict(self) -> dict[str, object]:
        return {
            "level": self.level,
            "seed": self.seed,
            "thresholds": dict(zip(MARKS[1:], THRESHOLDS, strict=True)),
            "ratings": [
                {
                    "step": r.step,
                    "seat": r.seat,
                    "decision": r.decision,
                    "played": r.played,
                    "best": r.best,
                    "cost": round(r.cost, 4),
                    "mark": r.mark,
                    "chances": [[text, round(value, 4)] for text, value in r.chances],
                }
                for r in self.ratings
            ],
        }


def reviewing(
    game: Game, seats: Collection[int], level: str = REVIEW_LEVEL, seed: int = 0
) -> Thinking[Review]:
    """`review` in steps, yielding as the search does, so a page can go on answering."""
    if level not in SEARCHES:
        raise ValueError(f"no search level {level!r}: {', '.join(SEARCHES)}")
    position = new_game(game.config)
    ratings = []
    for step, action in enumerate(game.actions):
        seat = position.to_move
        legal = position.legal_actions()
        if seat is not None and seat in seats and len(legal) > 1:
            # A player of its own for each decision: a rating does not hang on the others.
            bot = make(level, seed=seed)
            assert isinstance(bot, SearchBot)
            options = yield from bot.estimating(position)
            ranked = sorted(((str(a), v) for a, v in options), key=lambda o: (-o[1], o[0]))
            ratings.append(Rating(step, seat, position.decision, str(action), tuple(ranked)))
        position.apply(action)
    return Review(level, seed, tuple(ratings))


def review(game: Game, seats: Collection[int], level: str = REVIEW_LEVEL, seed: int = 0) -> Review:
    """Rates every decision the `seats` made with more than one choice."""
    return finish(reviewing(game, seats, level, seed))


def report(review: Review, names: tuple[str, ...], seats: Collection[int]) -> str:
    """The review as text: each rated move with its mark, then a summary per seat."""
    points = ", ".join(f"{m} {round(t * 100)}+" for m, t in zip(MARKS[1:], THRESHOLDS, strict=True))
    lines = [
        f"Review by the {review.level} search (seed {review.seed}); chance to win given up,"
        f" in points: {points}.",
        "",
    ]
    for r in review.ratings:
        line = f"{r.step + 1:4}. {names[r.seat]}: {r.played} ({r.chance:.0%})"
        if r.mark != MARKS[0]:
            line += (
                f", {r.mark}, -{r.cost * 100:.0f}: the best was {r.best} ({r.chances[0][1]:.0%})"
            )
        lines.append(line)
    lines += ["", "Summary"]
    for seat in seats:
        accuracy = review.accuracy(seat)
        if accuracy is None:
            lines.append(f"  {names[seat]}: no decision with a choice")
            continue
        counts = ", ".join(f"{m} {n}" for m, n in review.counts(seat).items())
        lines.append(
            f"  {names[seat]}: {len(review.of(seat))} decisions rated, accuracy"
            f" {accuracy:.0%}; {counts}"
        )
        for r in review.costliest(seat):
            lines.append(
                f"    move {r.step + 1}, {r.played}: {r.mark}, -{r.cost * 100:.0f}"
                f" (the best was {r.best})"
            )
    return "\n".join(lines) + "\n"
