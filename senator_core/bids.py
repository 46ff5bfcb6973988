"""Why a bid is not allowed, as data: `BidProblem`, each reason with its rule (R21-R24,
R28, R38, R45, R46).

The engine checks a proposed play of influence or Assassin with `Game.bid_problem`
and refuses it with the problem's reason (`reasons.Refusal`, worded by
`refusals.py`); the application says the same problem to the player in its own
sentences (`app/explain.py`'s `problem_text`).
A problem holds numbers, never words, so every sentence of it is built in one
place per audience.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import ASSASSIN, PLAY

# Every reason: the rule it comes from, the verb it concerns, and its `args`.
BID_PROBLEMS: dict[str, tuple[str, str, str]] = {
    "not_held": ("R21", PLAY, "none: the bid names cards the player does not hold"),
    "too_low": (
        "R21",
        PLAY,
        "total (the player's total after the bid), needed (the total that leads)",
    ),
    "no_influence": ("R24", PLAY, "none: no 1, 2 or 5 is left in hand"),
    "cannot_beat": (
        "R21",
        PLAY,
        "needed (the total that leads), reach (the total with the whole hand): "
        "no play is legal and no event is to blame",
    ),
    "ludi_limit": (
        "R45",
        PLAY,
        "in_play (cards the player has in play), cap (2), needed, reach (the best total "
        "within the cap): Ludi Gladiatorum takes away plays R21 alone would allow",
    ),
    "spartacus_first_play": (
        "R46",
        PLAY,
        "cards (2) and held (influence cards in hand) under variant two_cards, or "
        "influence (2) and held (influence in hand) under two_points: the first-play "
        "rule takes away plays R21 alone would allow",
    ),
    "assassin_spent": ("R28", ASSASSIN, "none: played this round, it lies on the discard pile"),
    "assassin_lost": ("R38", ASSASSIN, "none: War made the player discard it this round"),
    "assassin_alone": (
        "R22",
        ASSASSIN,
        "none: cards go with the Assassin only under Spartacus (two_cards)",
    ),
    "ludi_assassin": ("R45", ASSASSIN, "in_play, cap: the player has 2 cards in play"),
    "spartacus_assassin": (
        "R46",
        ASSASSIN,
        "cards (1) and held (influence cards in hand) under variant two_cards, or "
        "influence (2) and total (the player's influence in play) under two_points",
    ),
}


@dataclass(frozen=True)
class BidProblem:
    """What stops a bid (a play of influence or the Assassin), or every bid of a kind.

    `reason` is one of `BID_PROBLEMS` and never changes; `args` are the numbers a
    sentence about it needs; `cards` are the influence cards of the bid refused
    (none when the problem is the whole position's).
    """

    reason: str
    args: dict[str, int] = field(default_factory=dict, hash=False)
    cards: tuple[str, ...] = ()

    @property
    def rule(self) -> str:
        """The R-number the problem comes from."""
        return BID_PROBLEMS[self.reason][0]

    @property
    def blocks(self) -> str:
        """The verb the problem concerns: "play" or "assassin"."""
        return BID_PROBLEMS[self.reason][1]
