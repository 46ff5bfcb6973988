"""A finished game reviewed decision by decision: at each decision a player made with
more than one choice, the search rates every choice by the chance to win it leaves
the player, and the move made is marked by what it cost against the best.

Marks, by the chance to win a move gives up against the best choice found, as a
share of a fair chance (1 in 3 at three players, 1 in 4 at four, 1 in 5 at five):
- good: less than 15% of a fair chance;
- inaccuracy: 15% to 30%;
- mistake: 30% to 60%;
- blunder: 60% or more.
At three players that is 5, 10 and 20 points of chance to win; at four, 3.75, 7.5
and 15; at five, 3, 6 and 12. A move matters less at a bigger table, and the
marks follow: one share at any size.

A seat's accuracy follows lichess's published formula (lila's `AccuracyPercent`),
with the chance a move gives up counted in shares of a fair chance:
- a move's accuracy is 103.1668 * exp(-0.04354 * d) - 3.1669 + 1, between 0 and
  100%, where d is the cost as points of a two-player game's chance to win: the
  share of a fair chance given up, times 50 (a blunder's 60% of a fair chance is
  d = 30, an accuracy of 26%; a move as good as the best is 100%);
- a seat's accuracy is the mean of the arithmetic and the harmonic means of its
  moves' accuracies (each counted as at least 1% in the harmonic mean), so that one
  blunder weighs more than many small slips. Lichess also weights the arithmetic mean
  by how much the game swung around each move; a chance to win over three to five
  players swings little, and that weighting is left out.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .game import Game, new_game
from .levels import LEVELS
from .sightings import Facts, Sightings, facts_from, facts_to, rounded, share

if TYPE_CHECKING:
    from .bots import Thinking

MARKS = ("good", "inaccuracy", "mistake", "blunder")
# The least cost of each mark after the first, in shares of a fair chance to win.
THRESHOLDS = (0.15, 0.30, 0.60)
REVIEW_LEVEL = "hard"  # the search that rates the moves
COSTLIEST = 3  # the moves a seat's summary names


def mark_of(cost: float, players: int) -> str:
    """The mark of a move that gave up `cost` of the chance to win at a table of
    `players`."""
    share = cost * players
    found = MARKS[0]
    for mark, least in zip(MARKS[1:], THRESHOLDS, strict=True):
        if share >= least - 1e-9:
            found = mark
    return found


def rates(occupant: str, level: str = REVIEW_LEVEL) -> bool:
    """Whether the review's search at `level` rates the moves of a seat `occupant`
    played: a person's always, a computer's only when its own search goes no deeper
    than the review's. A deeper player judged by a shallower search reads as near
    perfect only because the judge sees less (the Expert's 1,500 iterations against
    the review's 300), so its moves are not rated at all."""
    from .bots import SEARCHES  # noqa: PLC0415  (the players load when first needed)

    played, judge = SEARCHES.get(occupant), SEARCHES[level]
    if played is None:
        return True  # a person (or a player that does not search)
    return played.iterations <= judge.iterations and played.debates <= judge.debates


def move_accuracy(cost: float, players: int) -> float:
    """The accuracy of a move that gave up `cost` of the chance to win at a table of
    `players`, from 0 to 1 (see the module's note)."""
    points = 50.0 * cost * players
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * points) - 3.166924740191411
    return min(100.0, max(0.0, raw + 1.0)) / 100.0


def accuracy_of(costs: Collection[float], players: int) -> float | None:
    """A seat's accuracy over moves that cost `costs`: the mean of the arithmetic and
    harmonic means of the moves' accuracies; None for no moves."""
    if not costs:
        return None
    each = [move_accuracy(c, players) for c in costs]
    mean = sum(each) / len(each)
    harmonic = len(each) / sum(1.0 / max(a, 0.01) for a in each)
    return (mean + harmonic) / 2


def thresholds(players: int) -> tuple[float, ...]:
    """The thresholds at a table of `players`, in points of chance to win."""
    return tuple(round(100 * least / players, 2) for least in THRESHOLDS)


@dataclass(frozen=True)
class Rating:
    """One decision rated: the move made, and every choice with its chance to win,
    best first."""

    step: int  # the move's index among the game's actions
    seat: int
    decision: str
    played: str
    chances: tuple[tuple[str, float], ...]
    after: tuple[float, ...]  # every player's chance after the move made
    # What the playouts after each choice saw, in the order of `chances`.
    facts: tuple[Facts | None, ...] = ()

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
        return mark_of(self.cost, len(self.after))


REVIEW_FORMAT = 1  # the version of a review as kept with its game


class ReviewError(ValueError):
    """A kept review that cannot be read, or does not belong to its game."""


@dataclass(frozen=True)
class Review:
    """Every rated decision of a game of `players`, made by the decisions of `seats`,
    by the search at `level` with `seed`."""

    level: str
    seed: int
    players: int
    seats: tuple[int, ...]
    ratings: tuple[Rating, ...]

    def of(self, seat: int) -> tuple[Rating, ...]:
        return tuple(r for r in self.ratings if r.seat == seat)

    def at(self, step: int) -> Rating | None:
        """The rating of the move at `step`, if it was rated."""
        return next((r for r in self.ratings if r.step == step), None)

    def accuracy(self, seat: int) -> float | None:
        """The seat's accuracy (`accuracy_of`); None when none of its decisions was rated."""
        return accuracy_of([r.cost for r in self.of(seat)], self.players)

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

    def joined(self, other: Review) -> Review:
        """This review with the seats `other` rated besides (made alike)."""
        mine = set(self.seats)
        ratings = [*self.ratings, *(r for r in other.ratings if r.seat not in mine)]
        return replace(
            self,
            seats=tuple(sorted(mine | set(other.seats))),
            ratings=tuple(sorted(ratings, key=lambda r: r.step)),
        )

    def to_dict(self) -> dict[str, object]:
        """The review as kept with its game (`from_dict` reads it back)."""
        return {
            "version": REVIEW_FORMAT,
            "level": self.level,
            "seed": self.seed,
            "players": self.players,
            "seats": list(self.seats),
            "ratings": [
                [
                    r.step,
                    r.seat,
                    r.decision,
                    r.played,
                    [list(c) for c in r.chances],
                    list(r.after),
                    [facts_to(f) for f in r.facts],
                ]
                for r in self.ratings
            ],
        }

    @classmethod
    def from_dict(cls, data: object, game: Game) -> Review:
        """A kept review of `game`; ReviewError if it is not one (a newer format, a
        damaged or forged file, another game's)."""
        try:
            return _read_review(data, game)
        except ReviewError:
            raise
        except (KeyError, IndexError, TypeError, ValueError) as err:
            raise ReviewError(f"the review could not be read: {type(err).__name__}: {err}") from err

    def summary(self, names: tuple[str, ...]) -> dict[str, object]:
        """Each rated seat's name, accuracy, marks and costliest moves (steps)."""
        return {
            str(s): {
                "name": names[s],
                "accuracy": self.accuracy(s),
                "marks": self.counts(s),
                "costliest": [r.step for r in self.costliest(s)],
            }
            for s in self.seats
        }


def _read_review(data: object, game: Game) -> Review:
    if not isinstance(data, dict):
        raise ReviewError("a review must be an object")
    if data.get("version") != REVIEW_FORMAT:
        raise ReviewError(f"a review of format {data.get('version')!r} cannot be read here")
    level, seed, players = data["level"], data["seed"], data["players"]
    if level not in LEVELS or type(seed) is not int or players != game.players:
        raise ReviewError("the review is not of this game or not by a known search")
    seats = tuple(data["seats"])
    if any(type(s) is not int or not 0 <= s < players for s in seats) or len(set(seats)) != len(
        seats
    ):
        raise ReviewError("the review names a seat that is not at the table")
    actions = game.actions
    ratings = []
    last = -1
    for step, seat, decision, played, chances, after, facts in data["ratings"]:
        if type(step) is not int or not last < step < len(actions) or type(seat) is not int:
            raise ReviewError("the review rates a move the game does not have")
        if seat not in seats:
            raise ReviewError("the review rates a move the game does not have")
        if played != str(actions[step]) or not isinstance(decision, str):
            raise ReviewError("the review rates a move the game did not make")
        options = tuple((str(text), share(value)) for text, value in chances)
        if played not in {text for text, _ in options} or len(after) != players:
            raise ReviewError("a rating without the move made")
        if not isinstance(facts, list) or len(facts) not in (0, len(options)):
            raise ReviewError("a rating whose facts do not match its choices")
        seen = tuple(facts_from(f) for f in facts)
        ratings.append(
            Rating(step, seat, decision, played, options, tuple(share(v) for v in after), seen)
        )
        last = step
    return Review(level, seed, players, tuple(sorted(seats)), tuple(ratings))


@dataclass
class Progress:
    """How far a review in steps has come: decisions rated of those to rate."""

    done: int = 0
    total: int = 0


def to_rate(game: Game, seats: Collection[int]) -> Thinking[list[int]]:
    """The steps of the decisions `seats` made with more than one choice, found in
    steps (a yield every few moves replayed)."""
    position = new_game(game.config)
    steps = []
    for step, action in enumerate(game.actions):
        seat = position.to_move
        if seat is not None and seat in seats and len(position.legal_actions()) > 1:
            steps.append(step)
        position.apply(action)
        if step % 16 == 15:
            yield
    return steps


def reviewing(
    game: Game,
    seats: Collection[int],
    level: str = REVIEW_LEVEL,
    seed: int = 0,
    progress: Progress | None = None,
    only: Collection[int] | None = None,
) -> Thinking[Review]:
    """`review` in steps, yielding as the search does, so a page can go on answering;
    `progress` follows the decisions rated, and `only` limits them to those steps.

    Each choice the search weighs at a decision, and the move made if it is not one
    of them, is rated by a search of its own from the position after it: the mean of
    the player's reward as the search plays on from there, every player doing their
    best by their own lights. A move is judged by where it leaves the player, not by
    how much of one shared search went its way (a search spends little on moves it
    finds worse, and so knows them poorly)."""
    from .bots import searcher  # noqa: PLC0415  (the players load when first needed)

    searcher(level)  # a level that does not search is refused before any work
    steps = set((yield from to_rate(game, seats)))
    if only is not None:
        steps &= set(only)
    if progress is not None:
        progress.done, progress.total = 0, len(steps)
    position = new_game(game.config)
    ratings = []
    for step, action in enumerate(game.actions):
        seat = position.to_move
        if step in steps and seat is not None:
            # A player of its own for each decision: a rating does not hang on the others.
            bot = searcher(level, seed=seed)
            options = bot.considered(position)
            if action not in options:
                options.append(action)
            chances: list[tuple[str, float]] = []
            after: list[float] = []
            seen: dict[str, Facts | None] = {}
            for option in options:
                then = position.clone()
                then.apply(option)
                sightings = Sightings(position, seat, apart=False)
                ahead = yield from bot.looking_ahead(then, seat, sightings)
                outlook = [round(v, 4) for v in ahead]
                chances.append((str(option), outlook[seat]))
                seen[str(option)] = rounded(sightings.facts(None))
                if option == action:
                    after = outlook
            ranked = sorted(chances, key=lambda o: (-o[1], o[0]))
            facts = tuple(seen[text] for text, _ in ranked)
            ratings.append(
                Rating(
                    step, seat, position.decision, str(action), tuple(ranked), tuple(after), facts
                )
            )
            if progress is not None:
                progress.done += 1
        position.apply(action)
    return Review(level, seed, game.players, tuple(sorted(seats)), tuple(ratings))


def review(
    game: Game,
    seats: Collection[int],
    level: str = REVIEW_LEVEL,
    seed: int = 0,
    only: Collection[int] | None = None,
) -> Review:
    """Rates every decision the `seats` made with more than one choice (at the steps
    `only`, when given)."""
    from .bots import finish  # noqa: PLC0415

    return finish(reviewing(game, seats, level, seed, only=only))


def report(review: Review, names: tuple[str, ...]) -> str:
    """The review as text: each rated move with its mark, then a summary per seat."""
    points = ", ".join(
        f"{m} {p:g}+" for m, p in zip(MARKS[1:], thresholds(review.players), strict=True)
    )
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
    for seat in review.seats:
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


def kept_accuracies(data: object) -> dict[int, float]:
    """Each rated seat's accuracy from a review as kept (`Review.to_dict`), read
    without its game, for a list of games; {} when it cannot be read."""
    try:
        if not isinstance(data, dict) or data.get("version") != REVIEW_FORMAT:
            return {}
        costs: dict[int, list[float]] = {}
        players = data["players"]
        if type(players) is not int or not 3 <= players <= 5:
            return {}
        for _step, seat, _decision, played, chances, _after, _facts in data["ratings"]:
            values = {str(text): share(value) for text, value in chances}
            if type(seat) is not int or played not in values:
                return {}
            costs.setdefault(seat, []).append(max(max(values.values()) - values[played], 0.0))
        found = {seat: accuracy_of(c, players) for seat, c in costs.items()}
        return {seat: value for seat, value in found.items() if value is not None}
    except (KeyError, TypeError, ValueError):
        return {}
