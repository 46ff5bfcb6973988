"""The game at the table's messages: moves, the computers' and the hint's answers, and
the table's own controls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...sightings import Facts


class PlayMsg:
    """What every message of this feature is: `update` routes them here in one case."""

    __slots__ = ()


@dataclass(frozen=True)
class Act(PlayMsg):
    """Perform a game action, given by its notation (a `data-action` control)."""

    text: str


@dataclass(frozen=True)
class Forced(PlayMsg):
    """The pause before a move that is no choice is over: make it for the player, if
    the game is still at `moves` actions and it is still the only move."""

    moves: int
    text: str


@dataclass(frozen=True)
class Pondered(PlayMsg):
    """The pause after a big moment is over: the computer at `moves` may think now."""

    moves: int


@dataclass(frozen=True)
class Thought(PlayMsg):
    """A computer has chosen its move for the position after `moves` actions."""

    moves: int
    text: str


@dataclass(frozen=True)
class HintReady(PlayMsg):
    """The hint level's estimates for each legal action after `moves` actions, and what
    its playouts saw after each."""

    moves: int
    options: tuple[tuple[str, float], ...]
    facts: tuple[Facts | None, ...] = ()


@dataclass(frozen=True)
class HintFailed(PlayMsg):
    """The hint's search for the position after `moves` actions stopped on an error."""

    moves: int
    reason: str


@dataclass(frozen=True)
class Pick(PlayMsg):
    """Touch the card at `index` of the hand shown: pick it, or put it back."""

    index: str


@dataclass(frozen=True)
class Unpick(PlayMsg):
    """Put every picked card back."""


@dataclass(frozen=True)
class Confirm(PlayMsg):
    """Play the picked cards."""


@dataclass(frozen=True)
class Explain(PlayMsg):
    """Open (or close) the explanation of a piece of the table, named by `key`."""

    key: str


@dataclass(frozen=True)
class AskHint(PlayMsg):
    """Work out what the hint level would play."""


@dataclass(frozen=True)
class Undo(PlayMsg):
    """Take back the last move that was a choice."""


@dataclass(frozen=True)
class Toggle(PlayMsg):
    """Turn a setting of the game screen (sound, auto) on or off."""

    switch: str


@dataclass(frozen=True)
class LogRound(PlayMsg):
    """Unfold an earlier round of the log."""

    round: str


@dataclass(frozen=True)
class LinkGame(PlayMsg):
    """Make a link to the whole game so far."""


@dataclass(frozen=True)
class GoOn(PlayMsg):
    """Go on from the round's summary the table holds (`round`: only that round's, when
    the wait at a table of computers ends; 0: whichever is shown), or from a blow or
    what changed while the person waited."""

    round: int = 0


@dataclass(frozen=True)
class PlayAgain(PlayMsg):
    """Start a new deal with the same seats."""


@dataclass(frozen=True)
class Continue(PlayMsg):
    """Go back to the game in progress (or its end)."""


Message = (
    Act
    | Forced
    | Pondered
    | Thought
    | HintReady
    | HintFailed
    | Pick
    | Unpick
    | Confirm
    | Explain
    | AskHint
    | Undo
    | Toggle
    | LogRound
    | LinkGame
    | GoOn
    | PlayAgain
    | Continue
)

# The `data-msg` names of this feature's controls and the message each makes from `data-value`.
CONTROLS: dict[str, Callable[[str], Message]] = {
    "pick": Pick,
    "unpick": lambda _: Unpick(),
    "confirm": lambda _: Confirm(),
    "explain": Explain,
    "hint": lambda _: AskHint(),
    "undo": lambda _: Undo(),
    "toggle": Toggle,
    "log-round": LogRound,
    "link-game": lambda _: LinkGame(),
    "go-on": lambda _: GoOn(),
    "play-again": lambda _: PlayAgain(),
    "continue": lambda _: Continue(),
}
