"""How the guided first game's messages change the model: sitting down to the lesson
(the one at the table, one set aside, or a new one) and answering its coach."""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ..changes import at_position, on_screen, playing, playing_new, set_aside
from ..derived import full_colours, full_occupants, turns_for
from ..effects import Effects, Focus
from ..keeping.saves import turns_of
from ..model import Model
from . import line
from .messages import Coach, Learn, Message
from .state import Lesson


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of the lesson's messages, and the effects to carry out."""
    match msg:
        case Learn():
            return _learn(model, now), ()
        case Coach(choice):
            return _coach(model, choice, now), (Focus("decision"),)
        case _:
            assert_never(msg)


def _learn(model: Model, now: str) -> Model:
    """The guided first game: the one in progress, or a new one."""
    game = model.game
    if (
        model.lesson is not None
        and game is not None
        and game.decision != "over"
        and model.online is None
    ):
        return replace(on_screen(model, "game"), notice=None, panel="")
    found = line.set_aside_lesson(model.history)
    if found is None:
        config = line.lesson_config(model.setup.names[0])
        started = playing_new(model, config, now, line.LESSON_OCCUPANTS)
        return replace(started, lesson=Lesson())
    # The lesson set aside when another game came to the table: taken up where it was,
    # and the game at the table set aside in its place.
    taken_up, record = found
    base = set_aside(model, now)
    rest = replace(base, history=tuple(k for k in base.history if k.key != taken_up.key))
    taken = playing(
        rest,
        record.game,
        full_colours(record.colours),
        full_occupants(record.occupants),
        turns_of(record),
        record.undos,
        record.started or now,
    )
    return replace(taken, lesson=Lesson())


def _coach(model: Model, choice: str, now: str) -> Model:
    """The player's answer to the coach: go on from a note, take back a move off the
    line, play on alone, or begin the lesson anew."""
    if choice == "again":
        return _learn(replace(model, lesson=None), now)
    said = line.coaching(model)
    game, taught = model.game, model.lesson
    if said is None or game is None or taught is None or model.screen != "game":
        return model
    if choice == "on" and said.kind == "note":
        return replace(model, lesson=replace(taught, heard=said.at))
    if choice == "alone" and said.kind == "strayed":
        return replace(model, lesson=replace(taught, alone=True))
    if choice == "back" and said.kind == "strayed":
        earlier = line.line_game(game.config, said.at)
        return at_position(model, earlier, turns_for(model)[: said.at])
    return model
