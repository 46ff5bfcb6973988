"""The guided first game ("Learn to play"): a three-player game on a fixed deal whose
first round follows a written line of moves, with a coach who says, at each of the
player's moves on it, what the table shows and which move to make, and holds the
table at a few moments to say what a computer just did.

The computers play the line's moves while the game follows it. When the player
makes another move, the table shows what it did and the coach holds it there: the
player takes the move back, or plays on alone, when the lesson's computers play as
beginners do. After the line (the first round), the game goes on as any game does,
with the coach's last word when the round's summary is gone and a closing one on
the end screen.

Nothing here changes a model: `coaching` says what the coach says at a model, and
`holds`, `scripted_move` and `lesson_config` are what `update` and `derived` ask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...config import DEFAULT_NAMES, GameConfig
from ...game import Game, new_game
from ...i18n import N_, _
from ...records import HUMAN, Record, RecordError
from ..keeping.saves import Kept
from ..model import Model
from ..ui.text import action_label
from .state import Lesson

LESSON_PLAYERS = 3
LESSON_LEVEL = "easy"  # how the lesson's computers play once the line is left
LESSON_OCCUPANTS = (HUMAN, LESSON_LEVEL, LESSON_LEVEL, HUMAN, HUMAN)
RIVALS = ("Brutus", "Livia")
_SEED = 7
_DRAWS = ("taxes", "rebellion", "trade", "public_works", "imperium", "war", "trade")
_EVENTS = ("ludi_gladiatorum", "hannibal", "imperator")

# The first round, every seat's moves: You (seat 0), Brutus (1) and Livia (2).
LINE = (
    # Taxes: bidding and raising; the power and the award.
    "topic taxes", "play 2", "play 1 2", "withdraw", "play 2", "withdraw",
    "take veto", "give 0",
    # Rebellion: withdrawing; Brutus's power sends a Trade back to the forum.
    "topic rebellion", "play 1", "play 2", "withdraw", "withdraw", "discard trade", "give 1",
    # Trade: Livia takes War with its power and gives Trade to you: the veto.
    "topic trade", "play 2", "play 5", "withdraw", "withdraw", "take war", "give 0", "veto",
    # Imperium goes straight to Brutus's passed tokens.
    "topic imperium", "play 2", "withdraw", "play 5", "withdraw",
    # Brutus's consul, stopped by your Assassin.
    "topic consul", "play 1 2", "withdraw", "assassin",
    # Your consul passes Taxes.
    "topic consul", "play 5", "withdraw", "withdraw",
    # Public Works: the power, and a token given to cancel a rival's.
    "topic public_works", "play 1", "withdraw", "withdraw", "reclaim 5", "give 1",
)  # fmt: skip


@dataclass(frozen=True)
class Step:
    """What the coach says at one position of the line (a text marked with `N_`,
    translated when shown; `{brutus}` and `{livia}` name the computers' seats) and the
    place of the table it points at (a `data-place`), if any."""

    says: str
    place: str = ""


# At the player's moves on the line: what to look at, and why the move suggested.
MOVES: dict[int, Step] = {
    0: Step(
        N_(
            "Welcome to the Senate. The row of tokens is the docket: the topics of this "
            "round's debates. You open the first debate: choose Taxes, whose winner takes "
            "the veto token."
        ),
        "docket-taxes",
    ),
    1: Step(
        N_(
            "Bid by putting influence cards in play. Whoever is left when the others "
            "withdraw wins, and every bid must beat every other total. Play a 2."
        ),
        "seat-0-hand",
    ),
    4: Step(
        N_(
            "{brutus} has 3. Raise: another 2 makes your total 4. This round's event, Ludi "
            "Gladiatorum, allows at most two cards in play each, so {brutus} cannot answer."
        ),
        "event",
    ),
    6: Step(
        N_(
            "You win Taxes. First its power: take the veto token. With it you may refuse "
            "a token someone gives you."
        ),
        "veto-centre",
    ),
    7: Step(
        N_(
            "Now the award: the winner gives the token to anyone, themself included. Keep "
            "Taxes: it joins your proposed tokens."
        ),
        "seat-0-proposed",
    ),
    8: Step(
        N_(
            "The winner opens the next debate. A winner's cards go to the discard pile; "
            "the others take theirs back. Open Rebellion."
        ),
        "seat-0-discards",
    ),
    9: Step(N_("Bid 1, and see what {brutus} does."), "seat-1-play"),
    12: Step(
        N_(
            "{brutus} bids 2. A winner's cards come back only when the round ends, so do "
            "not spend them on every debate: withdraw. Your 1 comes back to your hand."
        ),
        "seat-1-play",
    ),
    18: Step(
        N_(
            "{livia} bids 5. Beating her would cost your 5 and more: withdraw, and keep "
            "your cards for a debate that matters to you."
        ),
        "seat-2-play",
    ),
    22: Step(
        N_(
            "{livia} won Trade: its power took War into her proposed tokens. Now she "
            "gives Trade to you, because Trade and Taxes conflict: when a token arrives "
            "beside one it conflicts with, both go back to the forum. You hold the veto: "
            "refuse the token."
        ),
        "seat-0-proposed",
    ),
    25: Step(
        N_(
            "{livia} opens Imperium, worth one token like the others, but it passes at once "
            "and breaks ties. Your cards will do more later: withdraw."
        ),
        "topic",
    ),
    31: Step(
        N_(
            "{brutus} wants a consul: its winner passes all their proposed tokens, out of "
            "reach of any conflict. Stop him with the Assassin: the debate ends at once "
            "with no winner, every card in play goes to the discard piles, and you open "
            "the next debate."
        ),
        "seat-1-proposed",
    ),
    32: Step(
        N_(
            "One consul is left face up. Open it: if you win it, your Taxes passes, out of "
            "reach of any conflict, for good."
        ),
        "docket-consul",
    ),
    33: Step(
        N_(
            "Bid your 5. Their 5s are spent, and with at most two cards each the most they "
            "can reach is 4: only an Assassin could stop you."
        ),
        "seat-0-hand",
    ),
    36: Step(
        N_(
            "Public Works is the last topic. It conflicts with Rebellion and with Taxes. "
            "Your Taxes has passed and is safe; {brutus}'s Rebellion is only proposed."
        ),
        "seat-1-proposed",
    ),
    37: Step(N_("Open the bidding with a 1."), "seat-0-hand"),
    40: Step(
        N_("You win. Public Works' power gives back a card from your discard pile: take your 5."),
        "seat-0-discards",
    ),
    41: Step(
        N_(
            "Give Public Works to {brutus}: it conflicts with his Rebellion, so both go "
            "back to the forum. A token given away can be an attack."
        ),
        "seat-1-proposed",
    ),
}

# Held before the move at that position, until the player goes on.
NOTES: dict[int, Step] = {
    15: Step(
        N_(
            "{brutus} won Rebellion. Its power sent the other Trade from the docket back to "
            "the forum, and he kept Rebellion among his proposed tokens."
        ),
        "seat-1-proposed",
    ),
    28: Step(
        N_(
            "{brutus} won Imperium. The winner must keep it, and it goes straight to his "
            "passed tokens: safe for good."
        ),
        "seat-1-passed",
    ),
    len(LINE): Step(
        N_(
            "That was a whole round. Two more follow, each with an event of its own. At the "
            "end, each senator counts every token, proposed and passed: most tokens wins; "
            "with equal tokens, most Imperium, then most passed. Play on your own now: the "
            "computers play as beginners do."
        ),
        "",
    ),
}

CLOSING = N_(
    "That is Senator: most tokens wins, proposed and passed alike; with equal tokens, most "
    "Imperium, then most passed tokens, decides. Play again against the computers, or "
    "with friends."
)


@dataclass(frozen=True)
class Coaching:
    """What the coach says now: at a move of the line ("move": `suggest` is the move
    suggested), at a moment held ("note"), after the player left the line ("strayed":
    `suggest` is the line's move at `at`), or at the game's end ("closing")."""

    kind: Literal["move", "note", "strayed", "closing"]
    says: str
    place: str = ""
    suggest: str = ""
    at: int = 0  # the position it is said at (moves made)
    label: str = ""  # the suggested move as its control says it, at the position it is for


def lesson_config(own: str) -> GameConfig:
    """The lesson's game: its deal and events fixed, the player in seat 0 and opening."""
    name = own.strip() or DEFAULT_NAMES[0]
    if name in RIVALS:
        name = DEFAULT_NAMES[0]
    try:
        return _config((name, *RIVALS))
    except ValueError:
        return _config((DEFAULT_NAMES[0], *RIVALS))


def _config(names: tuple[str, ...]) -> GameConfig:
    return GameConfig(
        players=LESSON_PLAYERS,
        seed=_SEED,
        first_opener=0,
        names=names,
        draws=_DRAWS,
        event_order=_EVENTS,
    )


def set_aside_lesson(history: tuple[Kept, ...]) -> tuple[Kept, Record] | None:
    """The newest unfinished lesson among the games kept (set aside when another game
    came to the table), as kept and as a record; None if there is none."""
    for game in history:
        config = game.data.get("config")
        if game.result is not None or not isinstance(config, dict):
            continue
        if config.get("players") != LESSON_PLAYERS or config.get("seed") != _SEED:
            continue
        try:
            record = game.record()
        except RecordError:
            continue
        if is_lesson(record.game.config) and record.game.decision != "over":
            return game, record
    return None


def is_lesson(config: GameConfig) -> bool:
    """Whether a game is the lesson's (its seat names aside)."""
    if config.names is None or config.players != LESSON_PLAYERS:
        return False
    return config == _config(config.names)


def _said(step: Step) -> str:
    return _(step.says).format(brutus=RIVALS[0], livia=RIVALS[1])


def _strayed_at(actions: list[str]) -> int | None:
    """Where the game's moves leave the line, if they do."""
    for index, (made, written) in enumerate(zip(actions, LINE, strict=False)):
        if made != written:
            return index
    return None


def coaching(model: Model) -> Coaching | None:
    """What the coach says at the model shown, if anything."""
    lesson, game = model.lesson, model.game
    if lesson is None or game is None or model.screen not in ("game", "end"):
        return None
    moves = game.moves
    if game.decision == "over":
        return Coaching("closing", _(CLOSING), at=moves)
    if lesson.alone:
        return None
    actions = [str(a) for a in game.actions]
    strayed = _strayed_at(actions)
    if strayed is not None:
        earlier = line_game(game.config, strayed)
        return Coaching(
            "strayed",
            _(
                "Your move is not the lesson's. The table shows what it did, and the "
                "computers wait: take it back to follow the lesson, or play on alone."
            ),
            suggest=LINE[strayed],
            at=strayed,
            label=_label(earlier, LINE[strayed]),
        )
    note = NOTES.get(moves)
    if note is not None and lesson.heard < moves:
        return Coaching("note", _said(note), note.place, at=moves)
    if moves >= len(LINE) or game.to_move is None:
        return None
    if model.occupants[game.to_move] != HUMAN:
        return None
    step = MOVES.get(moves)
    says = _said(step) if step else _("The lesson suggests this move.")
    return Coaching(
        "move", says, step.place if step else "", LINE[moves], at=moves,
        label=_label(game, LINE[moves]),
    )  # fmt: skip


def _label(game: Game, text: str) -> str:
    return action_label(text, game.total(game.to_move or 0), game.names)


def line_game(config: GameConfig, moves: int) -> Game:
    """The lesson's game after the line's first `moves` moves."""
    game = new_game(config)
    for text in LINE[:moves]:
        game.apply(text)
    return game


def guided(model: Model) -> bool:
    """Whether the coach suggests the player's move now (then the Hint, which may rate
    another move a little higher, is not offered beside it)."""
    said = coaching(model)
    return said is not None and said.kind == "move"


def holds(model: Model) -> bool:
    """Whether the coach holds the table (no computer moves, no move is made for the
    player) until the player goes on or chooses what to do."""
    said = coaching(model)
    return said is not None and said.kind in ("note", "strayed")


def scripted_move(model: Model) -> str | None:
    """The line's move for the computer to move, while the game follows the line."""
    lesson, game = model.lesson, model.game
    if lesson is None or lesson.alone or game is None or game.moves >= len(LINE):
        return None
    return LINE[game.moves] if on_line(game) else None


def on_line(game: Game) -> bool:
    """Whether a game's moves so far are the line's."""
    return _strayed_at([str(a) for a in game.actions]) is None


__all__ = [
    "LESSON_OCCUPANTS",
    "LINE",
    "Coaching",
    "Lesson",
    "coaching",
    "guided",
    "holds",
    "is_lesson",
    "lesson_config",
    "line_game",
    "on_line",
    "scripted_move",
    "set_aside_lesson",
]
