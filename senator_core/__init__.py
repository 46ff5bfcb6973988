"""Senator, the card game of Roman politics: the rules engine and everything built on it."""

from .actions import Action, IllegalActionError, parse_action
from .bids import BID_PROBLEMS, BidProblem
from .config import GameConfig, Variants
from .events import EVENT_IDS, Event
from .game import Game, new_game, replay
from .rules import CARDS, EVENTS, KINDS

__all__ = [
    "BID_PROBLEMS",
    "CARDS",
    "EVENTS",
    "EVENT_IDS",
    "KINDS",
    "Action",
    "BidProblem",
    "Event",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "Variants",
    "new_game",
    "parse_action",
    "replay",
]
