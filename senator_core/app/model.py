"""The application's state, as one type: `Model`, the shell that holds each feature's
state (`setup.state`, `play.state`, `replay.state`, `review.state`, `online.state`,
`lesson.state`), and the constants every feature shares.

Nothing here changes anything: `update` (in `update.py`) makes each new model, each
feature's `update` its part, and `derived.py` answers what follows from a model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game import Game
from ..records import HUMAN
from ..rules import MAX_PLAYERS
from .days.state import Days, Listed
from .keeping.saves import Kept, Turn
from .lesson.state import Lesson
from .online.state import Online
from .play.state import Hint
from .replay.state import Watch
from .review.state import ReviewRun
from .screens import OpenPanel, Screen
from .setup.state import PALETTE_SIZE, Setup

ALL_HUMAN = (HUMAN,) * MAX_PLAYERS
REMOTE = "remote"  # at an online table: a person who plays at a device of their own


@dataclass(frozen=True)
class Model:
    """Everything the page shows. The game is never changed in place: `update` works
    on a copy, so an old model stays as it was.

    `turns` holds who made each action of the game, where its lines begin in the
    log, and whether it was made for a player (nothing else was legal): the last
    one's lines are what just happened (`derived.just_happened`). `undos` counts
    the moves taken back. `picked` holds the positions, in the hand shown, of the
    cards the player to move has touched to build a bid; `explain` names the piece
    whose explanation is open.

    `history` is the games kept on this browser, newest first; `watch` the replay
    viewer's state. `alert` is a warning that stays until dismissed: "storage" (the
    browser keeps nothing) or "stale" (another tab played on; `newer` is its save).
    `held` names stored keys not to be written over: written by a newer version, or
    holding what could not be read and could not be kept aside;
    `confirm` a step that waits for a second tap ("forget-3": delete kept game 3).
    `stored` is what this page last read or wrote under each key it keeps; `epoch`
    counts the changes of the game shown, so that a reply (a computer's move, a
    hint) for a position that is gone is known as such.
    """

    screen: Screen = "title"
    setup: Setup = field(default_factory=Setup)
    game: Game | None = None
    colours: tuple[int, ...] = tuple(range(PALETTE_SIZE))
    occupants: tuple[str, ...] = ALL_HUMAN  # who plays each seat: HUMAN or a level
    hint: Hint | None = None
    panel: OpenPanel = ""
    notice: str | None = None
    page_url: str = ""
    turns: tuple[Turn, ...] = ()
    undos: int = 0
    started: str = ""  # when the game began (ISO time), if the page knew
    picked: tuple[int, ...] = ()
    explain: str = ""
    rule: str = ""  # the rule the rules panel was opened at ("R21"), if any
    log_rounds: tuple[int, ...] = ()  # earlier rounds of the log the player has unfolded
    history: tuple[Kept, ...] = ()
    watch: Watch | None = None
    alert: str = ""
    storage_warned: bool = False  # the player has dismissed the storage warning
    newer: str | None = None
    held: frozenset[str] = frozenset()
    confirm: str = ""
    linked: int | None = None  # the move at which a link to the whole game was asked for
    lang: str = "en"  # the language the page speaks
    stored: tuple[tuple[str, str | None], ...] = field(default=(), compare=False)
    epoch: int = 0
    online: Online | None = None  # the table shared with other devices, when online
    days: Days | None = None  # the table over days open on the page, if one is
    tables: tuple[Listed, ...] = ()  # this device's tables over days, as last seen
    kept_days: tuple[tuple[str, str], ...] = field(default=(), compare=False)  # room, stream
    peeks: tuple[Days, ...] = ()  # the tables the title screen is catching up
    clock: float = 0.0  # seconds: the page's time when a table over days last told it
    story: int = 0  # the round whose summary the table holds until the player goes on
    hit: int = 0  # the move (its number) whose blow to the person the table holds
    caught: int = 0  # the move (its number) up to which the person was told what changed
    lesson: Lesson | None = None  # the guided first game, when it is the game at the table
    entropy: str = ""  # the page's random bytes (hex), that this device's ids are made from
    build: str = ""  # the build of the game this page runs (devices of another cannot play)
    reviewing: ReviewRun | None = None  # the review being made, in the background
    review_all: bool = False  # the review shows the computers' moves too
    copied: str = ""  # the field whose text was just put on the clipboard (its id)

    @property
    def auto(self) -> tuple[int, ...]:
        """Where in the log each move made for a player begins."""
        return tuple(t.log_start for t in self.turns if t.auto)
