"""What follows from a model without being stored in it: whose move it is, the game
as a record, the picked cards, the move to make for a player, the Undo's target.

`update` and the views both ask these; none of them changes anything.
"""

from __future__ import annotations

from dataclasses import replace

from ..events import Event
from ..game import Game
from ..records import HUMAN, Record
from ..rules import CARDS, MAX_PLAYERS
from .days.state import computer_thinks
from .keeping.saves import Turn, turns_of
from .lesson.line import holds
from .model import REMOTE, Model
from .play.bidding import forced_action
from .setup.state import PALETTE_SIZE


def full_colours(colours: tuple[int, ...]) -> tuple[int, ...]:
    """A record's seat colours made a whole palette: the colours no seat took follow."""
    return (*colours, *(c for c in range(PALETTE_SIZE) if c not in colours))


def full_occupants(occupants: tuple[str, ...]) -> tuple[str, ...]:
    return (*occupants, *(HUMAN,) * (MAX_PLAYERS - len(occupants)))


def turns_for(model: Model) -> tuple[Turn, ...]:
    """Who made each action of the game shown: `model.turns`, or worked out from the
    game when they are not all there (a model made by hand)."""
    game = model.game
    if game is None or len(model.turns) == game.moves:
        return model.turns
    occupants = tuple(HUMAN if k == REMOTE else k for k in model.occupants[: game.players])
    return turns_of(Record(game, model.colours[: game.players], occupants))


def record_of(model: Model) -> Record | None:
    """The game shown as a record, with who plays it."""
    game = model.game
    if game is None:
        return None
    players = game.players
    auto = tuple(i for i, t in enumerate(model.turns) if t.auto and i < game.moves)
    occupants = tuple(HUMAN if k == REMOTE else k for k in model.occupants[:players])
    return Record(game, model.colours[:players], occupants, auto, model.undos, model.started)


_LOGS_READ: list[tuple[object, tuple[Event, ...]]] = []  # the last two, newest first


def log_of(game: Game) -> tuple[Event, ...]:
    """The game's log, read once per position: a render asks for the logs of the
    position shown and the one before it many times, and the engine builds a log
    anew on each request."""
    entry = game.last_log_entry()
    for seen, log in _LOGS_READ:
        if seen is entry:
            return log
    log = tuple(game.log)
    _LOGS_READ[:] = [(entry, log), *_LOGS_READ[:1]]
    return log


def last_turn(model: Model) -> Turn | None:
    """The last action of the game shown (none at a deal): its lines are what just
    happened, marked on the table, and its seat the one that moved last."""
    game = model.game
    if game is None or not game.moves:
        return None
    turns = turns_for(model)
    return turns[-1] if turns else None


def news_from(model: Model) -> int | None:
    """Where in the log the lines of the last action begin (None at a deal)."""
    last = last_turn(model)
    return None if last is None else last.log_start


def mover(model: Model) -> int | None:
    """The seat that made the last action (None at a deal)."""
    last = last_turn(model)
    return None if last is None else last.seat


def just_happened(model: Model) -> tuple[Event, ...]:
    """The log's lines the last action wrote (none at a deal)."""
    start = news_from(model)
    if model.game is None or start is None:
        return ()
    return log_of(model.game)[start:]


def hand_list(counts: dict[str, int]) -> list[str]:
    """A hand as a list of cards as it is shown: lowest first, the Assassin last."""
    return [c for c in CARDS for _ in range(counts[c])]


def picked_cards(model: Model) -> list[str]:
    """The cards the player to move has picked from the hand shown, in hand order."""
    game = model.game
    if game is None or game.to_move is None:
        return []
    hand = hand_list(game.hand(game.to_move))
    return [hand[i] for i in sorted(model.picked) if i < len(hand)]


def picked_action(cards: list[str]) -> str:
    """The notation of playing the picked cards: a bid, or the Assassin with them."""
    influence = [c for c in cards if c != "assassin"]
    if "assassin" in cards:
        return " ".join(["assassin", *influence])
    return " ".join(["play", *influence])


def humans(occupants: tuple[str, ...], players: int) -> list[int]:
    """The seats people play among the first `players`."""
    return [s for s in range(players) if occupants[s] == HUMAN]


def computers_play(occupants: tuple[str, ...], players: int) -> bool:
    """Whether a computer sits at one of the first `players` seats."""
    return any(k != HUMAN for k in occupants[:players])


def computer_to_move(model: Model) -> str | None:
    """The level of the computer whose decision is pending on the game screen, if any."""
    game = model.game
    if model.screen != "game" or game is None or game.to_move is None or model.story:
        return None
    if model.hit:
        return None  # a blow to the person is held until they have seen it
    if model.alert == "stale":
        return None  # another tab plays this game on
    if holds(model):
        return None  # the lesson's coach holds the table
    kind = model.occupants[game.to_move]
    if model.online is not None and not model.online.device.hosting:
        return None  # the host's computers play at the host
    if model.days is not None and computer_thinks(model.days) is None:
        return None  # a table over days: only while this device is to add the move
    return None if kind in (HUMAN, REMOTE) else kind


def sitting_out(model: Model, seat: int) -> bool:
    """Whether a human's seat has no choice left in this round's debates: no card in
    hand (R24: each turn, only Withdraw) until the clean-up gives them back (R32)."""
    game = model.game
    if model.screen != "game" or game is None or game.decision == "over":
        return False
    if model.occupants[seat] != HUMAN:
        return False
    return not any(game.hand(seat).values())


def forced_to_move(model: Model) -> str | None:
    """The move to make for the human to act when it is no choice (withdrawing when
    nothing else is possible, say) and the setting allows it; else None."""
    game = model.game
    if not model.setup.auto or model.screen != "game" or game is None or game.to_move is None:
        return None
    if model.story or model.hit or holds(model) or model.alert == "stale":
        return None  # the round's summary, a blow, or the lesson's coach, is held first
    if model.occupants[game.to_move] != HUMAN:
        return None
    forced = forced_action(game)
    return None if forced is None else str(forced)


def turn_came(before: Model, after: Model) -> bool:
    """Whether a human's turn has just come after someone else's, or the game just
    ended: the moments the page chimes for."""
    if before.screen == "game" and after.screen == "end":
        return True
    game = after.game
    if after.screen != "game" or game is None or game.to_move is None or before.game is game:
        return False
    seat = game.to_move
    if after.occupants[seat] != HUMAN or mover(after) in (None, seat):
        return False
    return forced_to_move(after) is None


def undo_to(model: Model) -> int | None:
    """How many actions the game keeps when the player takes a move back, or None when
    no move can be: with one human against computers, back to that human's last
    decision (the computers' moves after it are taken back too); in a hot-seat game,
    only the last action, if a human made it. A move made for a player is taken back
    with the decision before it, and so is any move that was no choice."""
    game = model.game
    if model.screen != "game" or game is None or game.decision == "over":
        return None
    if model.online or model.days:
        return None  # online, a move made is the table's
    solo = len(humans(model.occupants, game.players)) == 1
    turns = turns_for(model)
    for index in range(len(turns) - 1, -1, -1):
        turn = turns[index]
        if turn.forced:
            continue
        if model.occupants[turn.seat] == HUMAN:
            return index
        if not solo:
            return None
    return None


def watched(model: Model) -> Model:
    """The model the replay viewer draws the table from: the game at the step shown,
    with the last action's lines as what just happened."""
    watch = model.watch
    assert watch is not None
    record, line, step = watch.record, watch.line, watch.step
    game = line.games[step]
    return replace(
        model,
        game=game,
        colours=full_colours(record.colours),
        occupants=full_occupants(record.occupants),
        turns=watch.turns[:step],
        undos=record.undos,
        hint=None,
        picked=(),
    )
