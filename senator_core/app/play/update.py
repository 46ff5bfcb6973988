"""How the game at the table changes: a move made (by the player, for the player, or
by a computer), the hint, the cards touched for a bid, Undo, the table's switches,
and going on from a round's summary."""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ...actions import IllegalActionError
from ...game import from_record
from ...i18n import _
from ...records import HUMAN
from ...refusals import error_text
from ..changes import at_position, on_screen, playing_new
from ..days import update as days
from ..derived import (
    computer_to_move,
    forced_to_move,
    hand_list,
    just_happened,
    log_of,
    picked_action,
    picked_cards,
    record_of,
    turns_for,
    undo_to,
)
from ..effects import After, Effect, Effects, Focus, Think
from ..keeping.saves import Turn, add_kept, kept
from ..lesson import line as lesson
from ..model import Model
from ..online import update as online
from ..screens import Screen
from ..setup.state import SWITCHES
from ..setup.update import switch
from ..ui.motion import holds
from .messages import (
    Act,
    AskHint,
    Confirm,
    Continue,
    Explain,
    Forced,
    GoOn,
    HintFailed,
    HintReady,
    LinkGame,
    LogRound,
    Message,
    Pick,
    PlayAgain,
    Pondered,
    Thought,
    Toggle,
    Undo,
    Unpick,
)
from .state import HINT_LEVEL, Hint
from .story import catch_up


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of the game's messages, and the effects to carry out."""
    match msg:
        case Act(text):
            acted, effects = act(model, text, now)
            return acted, (*effects, Focus("decision"))
        case Forced(moves, text):
            game = model.game
            if game is None or game.moves != moves or forced_to_move(model) != text:
                return model, ()  # the position changed meanwhile
            return act(model, text, now, auto=True)
        case Pondered():
            if computer_to_move(model) is None or msg != pondering(model):
                return model, ()  # the position changed meanwhile
            return model, (think(model),)
        case Thought(moves, text):
            game = model.game
            if game is None or game.moves != moves or computer_to_move(model) is None:
                return model, ()  # the player went elsewhere meanwhile (another game, the menu)
            return act(model, text, now)
        case HintReady(moves, options, facts):
            if model.game is None or moves != model.game.moves:
                return model, ()  # the hint was for a position that is gone
            return replace(model, hint=Hint(moves, options, facts)), ()
        case HintFailed(moves, reason):
            if model.game is None or moves != model.game.moves:
                return model, ()  # the hint was for a position that is gone
            # Translators: {reason} is the error the hint's search stopped on, in English.
            said = _("The hint could not be worked out: {reason}").format(reason=reason[:200])
            return replace(model, notice=said), ()
        case Pick(index):
            return _pick(model, index), ()
        case Unpick():
            return replace(model, picked=()), ()
        case Confirm():
            cards = picked_cards(model)
            if not cards:
                said = _("Touch the cards of your hand to build a bid first.")
                return replace(model, notice=said), ()
            acted, effects = act(model, picked_action(cards), now)
            return acted, (*effects, Focus("decision"))
        case Explain(key):
            return replace(model, explain="" if model.explain == key else key[:40]), ()
        case AskHint():
            return _ask_hint(model)
        case Undo():
            return _undo(model), ()
        case Toggle(name):
            if name not in SWITCHES:
                return model, ()
            flipped = not getattr(model.setup, name)
            return replace(model, setup=switch(model.setup, name, flipped)), ()
        case LogRound(number):
            if not number.isdigit() or int(number) > 9:
                return model, ()
            return replace(model, log_rounds=tuple(sorted({*model.log_rounds, int(number)}))), ()
        case LinkGame():
            return (model if model.game is None else replace(model, linked=model.game.moves)), ()
        case GoOn(number):
            if model.hit and number == 0:  # the blow first, then any round's story
                return replace(model, hit=0), (Focus("decision"),)
            if model.game is not None and number == 0 and catch_up(model) is not None:
                return replace(model, caught=model.game.moves), (Focus("decision"),)
            if not model.story or number not in (0, model.story):
                return model, ()
            return replace(model, story=0), (Focus("decision"),)
        case PlayAgain():
            if model.online is not None:
                return online.again(model)
            if model.days is not None:  # the next game at the table over days
                return days.play_again(model, now)
            if model.game is None:
                return replace(model, screen="setup"), ()
            config = replace(model.game.config, seed=None, draws=(), event_order=())
            return playing_new(model, config, now, model.occupants), ()
        case Continue():
            if model.game is None:
                return replace(model, notice=_("There is no game to continue.")), ()
            screen: Screen = "end" if model.game.decision == "over" else "game"
            return replace(on_screen(model, screen), notice=None), ()
        case _:
            assert_never(msg)


def pondering(model: Model) -> Pondered | None:
    """The pause a computer to move takes first, after a big moment, if it takes one."""
    game = model.game
    if game is None or not holds(just_happened(model)):
        return None
    return Pondered(game.moves)


def think(model: Model) -> Effect:
    """The computer to move at work on its move."""
    game = model.game
    level = computer_to_move(model)
    assert game is not None and game.to_move is not None and level is not None
    scripted = lesson.scripted_move(model)
    if scripted is not None:
        # On the lesson's line, its computers play the line's moves, at the pace's speed.
        return After(model.setup.pace.think, Thought(game.moves, scripted))
    # A seat's computer plays alike: seeded with its seat.
    return Think(level, game.to_move, game, least=model.setup.pace.think)


def act(model: Model, text: str, now: str, auto: bool = False) -> tuple[Model, Effects]:
    """Performs a game action; `auto` marks a move made for a human because nothing
    else was legal (the log says so). At an online table, the table makes it."""
    if model.online is not None:
        return online.play(model, text, now)
    if model.days is not None:
        return days.play(model, text, now)
    return _act_here(model, text, now, auto), ()


def _act_here(model: Model, text: str, now: str, auto: bool = False) -> Model:
    game = model.game
    if game is None or model.screen != "game" or game.to_move is None:
        return replace(model, notice=_("There is no game in progress."))
    if model.alert == "stale":
        return model  # another tab played on: its alert says what to do, and nothing is lost
    moved = game.clone()
    try:
        moved.apply(text)
    except IllegalActionError as err:
        return replace(model, notice=error_text(err))
    turn = Turn(game.to_move, len(log_of(game)), auto, len(game.legal_actions()) == 1)
    after = at_position(model, moved, (*turns_for(model), turn))
    after = replace(on_screen(after, "end" if moved.decision == "over" else "game"), notice=None)
    if moved.decision == "over":
        record = record_of(after)
        assert record is not None
        after = replace(after, history=add_kept(after.history, (kept(record, now),)))
    return after


def _ask_hint(model: Model) -> tuple[Model, Effects]:
    game = model.game
    if game is None or game.to_move is None or model.screen != "game":
        return model, ()
    if model.occupants[game.to_move] != HUMAN:
        return model, ()  # the hint is for one's own seat
    if model.hint is not None and model.hint.moves == game.moves:
        return model, ()  # shown already
    return model, (Think(HINT_LEVEL, game.to_move, game, estimate=True),)


def _pick(model: Model, value: str) -> Model:
    """Touches a card of the hand shown: picks it, or puts it back."""
    game = model.game
    if game is None or game.decision != "debate" or game.to_move is None:
        return model
    if not value.isdigit() or int(value) >= len(hand_list(game.hand(game.to_move))):
        return model
    picked = set(model.picked)
    picked.symmetric_difference_update({int(value)})
    return replace(model, picked=tuple(sorted(picked)))


def _undo(model: Model) -> Model:
    keep = undo_to(model)
    game = model.game
    if keep is None or game is None:
        return replace(model, notice=_("There is no move to take back."))
    record = game.record()
    earlier = from_record({**record, "actions": record["actions"][:keep]})
    earlier_model = at_position(model, earlier, turns_for(model)[:keep])
    return replace(earlier_model, undos=model.undos + 1, notice=None)
