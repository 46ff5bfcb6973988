"""Why the engine will not take an action or read a game, as data: `Refusal` (a move the
rules forbid now), `NotationProblem` (a text that is no action) and `LoadProblem` (a
save or record that is not a sound game).

Each holds a reason, which never changes, and the numbers and names a sentence about
it needs, never words: the application and the command line say it in the player's
language (`refusals.py`), as `bids.BidProblem` is said.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Every reason a move is refused: the rules it cites, and its `args`. The seat to
# move, its senator's name, the decision pending and the legal actions are in every
# refusal; `topic` and `kind` are words of the notation (war, consul...), `card` a
# card (1, 2, 5 or assassin).
REFUSALS: dict[str, tuple[str, str]] = {
    "game_over": ("R40", "none: no action is legal once the game is over"),
    "must_choose_topic": ("R19", "none: the action is not the choice of a topic"),
    "must_bid": ("R20", "none: the action is not a play, an Assassin or withdraw"),
    "must_use_power": ("R26", "topic: the action does not use or skip the power won"),
    "must_award": ("R26", "topic: the action is not the award of the token won"),
    "must_answer_veto": ("R26", "topic: the action is not a veto or an acceptance"),
    "no_consul_up": ("R6, R43, R56", "none: topic consul with no consul face up"),
    "topic_not_in_docket": ("R19", "kind: no token of the kind is in the docket"),
    # A play or an Assassin refused: the reasons of `bids.BID_PROBLEMS`, with its args.
    "not_held": ("R21", "held: the cards in hand, ascending (1, 2, 5, assassin)"),
    "too_low": ("R21", "total (the total after the play), needed (one above the lead)"),
    "ludi_limit": ("R45", "in_play, cap, needed, reach: as in bids.BID_PROBLEMS"),
    "spartacus_first_play": ("R46", "cards and held, or influence and held"),
    "assassin_spent": ("R22", "none: played this round, it lies on the discard pile"),
    "assassin_lost": ("R22", "none: War made the player discard it this round"),
    "assassin_alone": ("R22, R46", "none: cards go with the Assassin only under Spartacus"),
    "ludi_assassin": ("R45", "in_play, cap"),
    "spartacus_assassin": ("R46", "cards and held, or influence and total"),
    # The power of the debate won (R34-R38).
    "not_the_power": ("R34-R39", "kind: the topic, whose power the action is not"),
    "reclaim_assassin": ("R34", "none: Public Works never returns the Assassin"),
    "reclaim_assassinated": ("R34", "card: discarded by an Assassin (not_assassinated)"),
    "not_in_discard": ("R34", "card: none of it is on the discard pile"),
    "discard_not_in_docket": ("R35", "kind: no token of the kind is in the docket"),
    "no_consul_to_flip": ("R35", "none: no consul is face up"),
    "veto_held_already": ("R36", "none: the winner holds the veto"),
    "veto_not_in_centre": ("R36", "none: under taxes=centre_only another seat holds it"),
    "trade_imperium": ("R37", "none: Trade cannot take Imperium"),
    "take_not_in_docket": ("R37", "kind: no token of the kind is in the docket"),
    "no_seat": ("R1", "seat: the seat named is not at the table"),
    "not_legal_now": ("", "none: no rule more precise applies"),
}


@dataclass(frozen=True)
class Refusal:
    """Why `Game.apply` refused an action the notation reads: the error's `refusal`.

    `reason` is one of `REFUSALS`; `rules` the R-numbers of docs/rules.md it cites
    (empty for not_legal_now); `action` the action's text; `seat` the seat to move
    and `who` its senator's name (-1 and "" once the game is over); `decision` the
    decision pending; `args` the numbers and names its sentence needs (see
    `REFUSALS`); `legal` the texts of the legal actions, in the engine's order.
    """

    reason: str
    rules: tuple[str, ...]
    action: str
    seat: int
    who: str
    decision: str
    args: dict[str, Any] = field(default_factory=dict, hash=False)
    legal: tuple[str, ...] = ()

    def __str__(self) -> str:
        """The refusal for a developer's eyes: its data, untranslated."""
        args = "".join(f" {k}={v!r}" for k, v in self.args.items())
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        legal = f"; legal: {', '.join(self.legal)}" if self.legal else ""
        return (
            f"{self.action!r} refused: {self.reason}{rules} in a {self.decision} decision"
            f" of seat {self.seat}{args}{legal}"
        )


# Every reason a text is no action: the rules it cites, and its `args`; `word` and
# `verb` are as typed.
NOTATION_PROBLEMS: dict[str, tuple[str, str]] = {
    "not_text": ("", "type: the name of the type given instead of text"),
    "too_long": ("", "none: over 80 characters (`text` holds the first 80 and ...)"),
    "empty": ("", "none"),
    "not_influence_card": ("", "word: not 1, 2 or 5"),
    "too_many_cards": ("R2", "card, n: a hand holds only n of that card"),
    "no_cards": ("", "none: play names no card"),
    "one_word": ("", "verb: it takes exactly one word after it"),
    "not_kind_or_consul": ("", "word: after topic"),
    "not_card": ("", "word: after reclaim or name"),
    "not_kind": ("", "word: after discard"),
    "not_kind_or_veto": ("", "word: after take"),
    "not_consul": ("", "none: flip names something else than consul"),
    "not_seat": ("", "word, last (the highest seat number)"),
    "nothing_after": ("", "verb: it takes nothing after it"),
    "unknown_verb": ("", "verb"),
}


@dataclass(frozen=True)
class NotationProblem:
    """Why a text is no action in the notation: the error's `problem`.

    `text` is the text as given (cut when too long), `reason` one of
    `NOTATION_PROBLEMS` and `args` what its sentence needs.
    """

    text: str
    reason: str
    args: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def rules(self) -> tuple[str, ...]:
        """The R-numbers the problem cites: a card held more often than a hand holds it
        breaks R2; the others are the notation's own."""
        rules = NOTATION_PROBLEMS[self.reason][0]
        return tuple(rules.split(", ")) if rules else ()

    def __str__(self) -> str:
        """The problem for a developer's eyes: its data, untranslated."""
        args = "".join(f" {k}={v!r}" for k, v in self.args.items())
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"malformed action {self.text!r}: {self.reason}{rules}{args}"


# Every reason a save or a record is not a sound game, and its `args`.
LOAD_PROBLEMS: dict[str, str] = {
    "not_json": "detail: the JSON reader's own message",
    "not_a_save": "none: not the format of a saved game",
    "save_version": "version: the version found (any JSON value)",
    "save_corrupted": "none: the position saved is not the one its moves reach",
    "not_a_record": "none: no config and list of actions",
    "unknown_field": "field: the first unknown field's name",
    "config_invalid": "detail: what GameConfig said is wrong with it",
    "no_seed": "none: the config has no seed",
    "bad_reseeds": "none: not a list of [move, seed] pairs",
    "action_not_text": "number: the action's number, from 1",
    "action_illegal": "number, action: see `cause`, the action's own error",
}


@dataclass(frozen=True)
class LoadProblem:
    """Why `Game.from_json` or `from_record` cannot give a game: the error's `problem`.

    `reason` is one of `LOAD_PROBLEMS`, `args` what its sentence needs, and `cause`,
    for action_illegal, the error the action raised (its `refusal` or `problem`).
    """

    reason: str
    args: dict[str, Any] = field(default_factory=dict, hash=False)
    cause: Exception | None = field(default=None, compare=False)

    def __str__(self) -> str:
        """The problem for a developer's eyes: its data, untranslated."""
        args = "".join(f" {k}={v!r}" for k, v in self.args.items())
        cause = f": {self.cause}" if self.cause is not None else ""
        return f"unreadable game: {self.reason}{args}{cause}"
