"""The changes many messages share, each made in one place: another screen, the game
at another position, a game newly at the table, the game in progress set aside.

What belongs to a screen (the replay's game, the history's question waiting for a
second tap) goes when another screen is shown; what belongs to a position (the
hint, the cards picked for a bid, the piece explained) goes when the game moves;
what belongs to a game (who plays it, its turns, the log's unfolded rounds, the
link asked for) goes when another game comes to the table. No message clears
them one by one.
"""

from __future__ import annotations

from dataclasses import replace

from ..config import GameConfig
from ..game import Game, new_game
from .derived import log_of, record_of, turns_for
from .keeping.saves import Turn, add_kept, kept
from .model import Model
from .screens import Screen


def on_screen(model: Model, screen: Screen) -> Model:
    """`screen` shown; the state of a screen left behind goes with it."""
    return replace(
        model,
        screen=screen,
        watch=model.watch if screen == "replay" else None,
        confirm=model.confirm if screen == "history" else "",
    )


def at_position(model: Model, game: Game, turns: tuple[Turn, ...]) -> Model:
    """The game shown at another position (`turns`, who made each action up to it);
    what the player asked for or touched at the old one goes."""
    return replace(model, game=game, turns=turns, hint=None, picked=(), explain="")


def moved_on(model: Model, game: Game, occupants: tuple[str, ...]) -> Model:
    """The game shown moved on to `game`, made elsewhere (an online table's): one move
    on, its turn follows the last; else who made each action is worked out again."""
    before, turns = model.game, model.turns
    seat = before.to_move if before is not None else None
    if (
        before is not None
        and seat is not None
        and game.moves == before.moves + 1
        and len(turns) == before.moves
    ):
        only = len(before.legal_actions()) == 1
        turns = (*turns, Turn(seat, len(log_of(before)), False, only))
    else:
        turns = turns_for(replace(model, game=game, occupants=occupants, turns=()))
    return at_position(replace(model, occupants=occupants), game, turns)


def playing(
    model: Model,
    game: Game,
    colours: tuple[int, ...],
    occupants: tuple[str, ...],
    turns: tuple[Turn, ...] = (),
    undos: int = 0,
    started: str = "",
) -> Model:
    """`game` at the table on the game screen, played by `occupants` in `colours`, with no
    panel open and nothing of the game before it left."""
    seated = replace(
        model,
        colours=colours,
        occupants=occupants,
        undos=undos,
        started=started,
        log_rounds=(),
        linked=None,
        panel="",
        notice=None,
        lesson=None,
    )
    return at_position(on_screen(seated, "game"), game, turns)


def playing_new(
    model: Model, config: GameConfig, now: str, occupants: tuple[str, ...] | None = None
) -> Model:
    """A new game of `config` at the table, played by `occupants` (the set-up's, if
    none are given); the game in progress set aside."""
    chosen = model.setup.occupants if occupants is None else occupants
    return playing(
        set_aside(model, now), new_game(config), model.setup.colours, chosen, started=now
    )


def set_aside(model: Model, now: str) -> Model:
    """Before another game takes its place: the game in progress, if any move was made
    in it, goes to the history as unfinished (it can be watched and played on)."""
    record = record_of(model)
    if record is None or record.finished or not record.game.moves:
        return model
    return replace(model, history=add_kept(model.history, (kept(record, now),)))
