"""The changes many messages share, each made in one place: another screen, the game
at another position, a game newly at the table.

What belongs to a screen (the replay's game, the history's question waiting for a
second tap) goes when another screen is shown; what belongs to a position (the
hint, the cards picked for a bid, the piece explained) goes when the game moves;
what belongs to a game (who plays it, its turns, the log's unfolded rounds, the
link asked for) goes when another game comes to the table. No message clears
them one by one.
"""

from __future__ import annotations

from dataclasses import replace

from ..game import Game
from .keeping.saves import Turn
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


def at_table(
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
    table = replace(
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
    return at_position(on_screen(table, "game"), game, turns)
