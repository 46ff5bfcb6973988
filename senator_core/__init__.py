"""Senator, the card game of Roman politics: the rules engine and everything built on it."""

from .actions import (
    Action,
    ForbiddenActionError,
    IllegalActionError,
    InvalidActionError,
    parse_action,
)
from .bids import BID_PROBLEMS, BidProblem
from .config import GameConfig, Variants
from .events import EVENT_IDS, Event
from .game import Game, UnreadableGameError, from_record, new_game
from .reasons import (
    LOAD_PROBLEMS,
    NOTATION_PROBLEMS,
    REFUSALS,
    LoadProblem,
    NotationProblem,
    Refusal,
)
from .rules import CARDS, EVENTS, KINDS

__all__ = [
    "BID_PROBLEMS",
    "CARDS",
    "EVENTS",
    "EVENT_IDS",
    "KINDS",
    "LOAD_PROBLEMS",
    "NOTATION_PROBLEMS",
    "REFUSALS",
    "Action",
    "BidProblem",
    "Event",
    "ForbiddenActionError",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "InvalidActionError",
    "LoadProblem",
    "NotationProblem",
    "Refusal",
    "UnreadableGameError",
    "Variants",
    "from_record",
    "new_game",
    "parse_action",
]
