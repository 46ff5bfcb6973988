"""How messages change the model: `update(model, msg) -> (model, effects)`.

One `match` over the closed set of messages in `messages.py`: each feature's
messages go to its own `update` in one case (`play.update`, `online.update`, ...),
and the page's own are handled here. Each case checks what it needs (a bad or
stale message changes nothing, or says why in a notice in the page's language),
makes the new model, and names the effects to carry out. Then `_follow` adds what
any change implies, the same whatever message made it: what to store, the tab's
title and language, where to scroll, the chime, the pieces to fly, and the waits
that come next (`_waits`: a computer to think, a move that is no choice to make
after a pause, a playing replay's next step).
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ..i18n import LANGUAGE_NAMES, LANGUAGES, _, use
from .changes import on_screen
from .days import update as days
from .days.messages import DaysMsg
from .derived import (
    computer_to_move,
    forced_to_move,
    humans,
    just_happened,
    log_of,
    news_from,
    sitting_out,
    turn_came,
)
from .effects import (
    After,
    Animate,
    Chime,
    CopyField,
    Disconnect,
    Effect,
    Effects,
    Guard,
    Moves,
    PageLanguage,
    PageTitle,
    Scroll,
)
from .help import update as help
from .help.messages import HelpMsg
from .help.view import RULE_SECTIONS
from .history import update as history
from .history.messages import HistoryMsg
from .keeping import update as keeping
from .keeping.messages import KeepingMsg, StorageFailed
from .lesson import update as lesson
from .lesson.messages import LessonMsg
from .messages import (
    Copied,
    Copy,
    Dismiss,
    Failed,
    Field,
    Key,
    Language,
    LanguageMissing,
    Msg,
    PageMessage,
    PageMsg,
    Panel,
    Title,
    UnknownControl,
)
from .model import Model
from .online import update as online
from .online.messages import (
    Invited,
    Mute,
    NetTrouble,
    OnlineMsg,
    PageShown,
    PeerJoined,
    PeerLeft,
    PeerSent,
    QrReady,
    RelayClosed,
    RelayFrame,
    RelayOpened,
    Say,
)
from .play import update as play
from .play.messages import Forced, GoOn, PlayMsg
from .play.story import ended_round, hits
from .replay import update as replay
from .replay.messages import ReplayMsg, ReplayTick
from .review import update as review
from .review.messages import ReviewMsg
from .screens import panel_named
from .setup import update as setup
from .setup.messages import SetupMsg
from .ui.motion import moves
from .view import page_title

STORY_HOLDS = 5  # a watched round's summary stays this many of the pace's holds


def update(model: Model, msg: Msg, now: str = "") -> tuple[Model, Effects]:
    """The model after a message, and the effects to carry out. `now` is the time
    (ISO), for the dates of games kept."""
    use(model.lang)  # notices are said in the page's language
    after, effects = _handle(model, msg, now)
    # After a refused write, the next is tried at the next change, not at once again.
    return _follow(model, after, effects, write=not isinstance(msg, StorageFailed))


def start(model: Model) -> Effects:
    """The effects of the page's first model: the title, the language, and whatever
    wait it begins with (a computer to move, a playing replay)."""
    use(model.lang)
    return (
        PageTitle(page_title(model)),
        PageLanguage(model.lang),
        Moves(model.game.moves if model.game else -1),
        Scroll("log"),
        *_waits(None, model),
        *online.reconnect(model),
        *(days.peek(model) if model.screen == "title" and model.online is None else ()),
    )


def _handle(model: Model, msg: Msg, now: str) -> tuple[Model, Effects]:
    match msg:
        case PlayMsg():
            return play.update(model, msg, now)
        case SetupMsg():
            return setup.update(model, msg, now)
        case LessonMsg():
            return lesson.update(model, msg, now)
        case ReplayMsg():
            return replay.update(model, msg, now)
        case ReviewMsg():
            return review.update(model, msg, now)
        case DaysMsg():
            return days.update(model, msg, now)
        case Invited(fragment) if fragment.removeprefix("#").startswith("days="):
            return days.invited(model, fragment, now)
        case RelayOpened() | RelayFrame() | RelayClosed() if model.days or (
            model.online is None and model.tables
        ):
            return days.update(model, msg, now)  # a table over days, or the title's list
        case PeerJoined() | PeerLeft() | PeerSent() | NetTrouble() | Say() | Mute() | QrReady() if (
            model.days is not None and model.online is None
        ):
            return days.update(model, msg, now)  # the table's pages met directly, its chat
        case PageShown() if model.online is None and (
            model.days or (model.screen == "title" and model.tables)
        ):
            return days.update(model, msg, now)  # a table over days, or the title's list
        case OnlineMsg():
            return online.update(model, msg, now)
        case HistoryMsg():
            return history.update(model, msg, now)
        case KeepingMsg():
            return keeping.update(model, msg, now)
        case HelpMsg():
            return help.update(model, msg, now)
        case PageMsg():
            return _page(model, msg, now)
        case _:
            assert_never(msg)


COPIED_SECONDS = 2.0  # how long a Copy button says "Copied"


def _page(model: Model, msg: PageMessage, now: str) -> tuple[Model, Effects]:
    """The page's own messages: the screens, the language, notices, fields and keys."""
    match msg:
        case Title():
            return replace(on_screen(model, "title"), notice=None, panel=""), ()
        case Panel(name):
            panel = panel_named(name)
            if panel is None:
                return model, ()
            return replace(model, panel="" if model.panel == panel else panel, rule=""), ()
        case Language(code):
            return _language(model, code), ()
        case LanguageMissing(code, replaced):
            if model.lang != code:
                return model, ()
            said = (
                _(
                    "Senator has been updated since this page opened, and {language} with it: "
                    "reload the page to read it."
                )
                if replaced
                else _("{language} could not be fetched: check the connection and choose it again.")
            )
            back = _language(model, "en")
            return replace(back, notice=said.format(language=LANGUAGE_NAMES.get(code, code))), ()
        case Dismiss():
            return replace(model, notice=None), ()
        case Field(name, value):
            return _field(model, name, value), ()
        case Key("Enter", "chat"):
            at_days = model.days is not None and model.online is None
            return (days.say if at_days else online.say)(model, "", now)
        case Key("Enter", "answer-code"):
            return online.accept_code(model)
        case Key(key):
            if key != "Escape":
                return model, ()
            if model.notice:
                return replace(model, notice=None), ()
            return (replace(model, panel="") if model.panel else model), ()
        case Copy(field):
            return model, (CopyField(field[:40]),)
        case Copied(done=False):
            said = _("This browser would not copy the text: select it and copy it.")
            return replace(model, notice=said), ()
        case Copied(field):
            # "Copied" on the button a moment, then "Copy" again.
            marked = replace(model, copied=field[:40])
            return marked, ((After(COPIED_SECONDS, Copied("")),) if field else ())
        case Failed(error):
            said = _("Something went wrong: {error}").format(error=error[:300])
            return replace(model, notice=said), ()
        case UnknownControl(name):
            return replace(model, notice=_("Unknown command {name}.").format(name=repr(name))), ()
        case _:
            assert_never(msg)


# ------------------------------------------------------------------ what every change implies


def _follow(
    before: Model, after: Model, effects: Effects, write: bool = True
) -> tuple[Model, Effects]:
    table = before.online
    moved = after.game is not before.game
    if (
        table is not None
        and after.online is table
        and moved
        and after.game is not table.device.game
    ):
        # A game of this page's own took the online game's place: it leaves the table.
        after, effects = replace(after, online=None), (*effects, Disconnect())
    shown = after.days
    if shown is not None and (
        after.screen in ("title", "setup", "history", "replay")
        or (after.game is not None and after.game is not shown.table.game)
    ):
        # The player went elsewhere, or a game of this page's own took the table's place.
        after, closed = days.close(after)
        effects = (*effects, *closed)
    if after.peeks and after.screen != "title":
        after = replace(after, peeks=())  # the title's list is no longer shown
        if after.days is None and after.online is None:
            effects = (*effects, Disconnect())
    elif after.screen == "title" and before.screen != "title" and after.online is None:
        effects = (*effects, *days.peek(after))
    if after.game is not before.game:
        after = replace(
            after, epoch=before.epoch + 1, story=_story(before, after), hit=_hit(before, after)
        )
    writes: list[Effect] = []
    if write:
        after, writes = keeping.writes(after)
    out: list[Effect] = [*writes]
    if after.lang != before.lang:
        use(after.lang)
        out.append(PageLanguage(after.lang))
    title = page_title(after)
    if title != page_title(before) or after.lang != before.lang:
        out.append(PageTitle(title))
    if after.screen != before.screen:
        out.append(Scroll("top"))  # a new screen starts at its top, as a new page would
    stepped = after.watch is not None and (
        before.watch is None or before.watch.step != after.watch.step
    )
    opened = after.panel == "log" and before.panel != "log"  # the phone's log, opened
    if before.game is not after.game or stepped or opened:
        out.append(Scroll("log"))  # the log reads top to bottom: its newest line in view
    if after.panel == "rules" and after.rule and before.rule != after.rule:
        out.append(Scroll(RULE_SECTIONS.get(after.rule, "")))
    game = after.game
    if game is not before.game:
        out.append(Moves(game.moves if game else -1))
        if game is not None and before.game is not None and game.moves != before.game.moves:
            out.append(Guard())
    flights = _flights(before, after)
    if flights:
        out.append(Animate(flights, after.setup.pace.flight_ms))
    if after.setup.sound and turn_came(before, after):
        out.append(Chime(final=after.screen == "end"))
    out.extend(effects)
    out.extend(_waits(before, after))
    return after, tuple(out)


def _story(before: Model, after: Model) -> int:
    """The round whose summary the table now holds: the one the last move ended, when
    a move was made at the table (not a reload or an undo), at a pace that pauses,
    off line; 0 for none."""
    game, was = after.game, before.game
    if game is None or was is None or game.moves != was.moves + 1 or after.online is not None:
        return 0
    if after.screen != "game" or after.setup.pace.hold <= 0:
        return 0
    return ended_round(after)


def _hit(before: Model, after: Model) -> int:
    """The move whose blow to the person the table now holds (its number): a
    computer's move, made at the table, that hit the one person playing against the
    computers (`story.hits`); 0 for none. Off line and outside the lesson only."""
    game, was = after.game, before.game
    if game is None or was is None or game.moves != was.moves + 1 or was.to_move is None:
        return 0
    if after.screen != "game" or after.online is not None or after.days is not None:
        return 0
    people = humans(after.occupants, game.players)
    if after.lesson is not None or len(people) != 1 or was.to_move == people[0]:
        return 0
    return game.moves if hits(just_happened(after), people[0]) else 0


def _flights(before: Model, after: Model) -> tuple[tuple[str, str, str, str], ...]:
    """What the last action moved, to be seen moving: not when the page catches up
    (a reload, another tab's game) or at the instant pace."""
    game = after.game
    if (
        game is None
        or before.game is None
        or game is before.game
        or news_from(after) != len(log_of(before.game))
        or after.setup.speed == "instant"
    ):
        return ()
    return tuple((m.what, m.source, m.target, m.mark) for m in moves(just_happened(after)))


def _waits(before: Model | None, after: Model) -> list[Effect]:
    """The waits a change begins: a computer to move thinks (after a pause at a big
    moment), a move that is no choice is made after a pause the player sees, and a
    playing replay steps on. A wait already begun is not begun again."""
    out: list[Effect] = []
    pace = after.setup.pace
    game = after.game
    if computer_to_move(after) and (
        before is None or not computer_to_move(before) or before.game is not game
    ):
        assert game is not None
        # Going on from a round's summary, or a blow, is the pause a big moment would have had.
        held = before is not None and (before.story or before.hit)
        pondering = None if held else play.pondering(after)
        if pondering is None:
            out.append(play.think(after))
        else:
            ended = any(e.id == "round_end" for e in just_happened(after))
            out.append(After(pace.hold * (2 if ended else 1), pondering))
    forced = forced_to_move(after)
    if forced and (before is None or before.game is not game or not forced_to_move(before)):
        assert game is not None and game.to_move is not None
        # A player sitting the round out is not made to watch each withdrawal.
        wait = 0.0 if sitting_out(after, game.to_move) else pace.forced
        out.append(After(wait, Forced(game.moves, forced)))
    if after.story and (before is None or before.story != after.story):
        assert game is not None
        if not humans(after.occupants, game.players):
            # A table of computers, watched: the summary stays a set time.
            out.append(After(pace.hold * STORY_HOLDS, GoOn(after.story)))
    watch = after.watch
    if after.screen == "replay" and watch is not None and watch.playing:
        was = None if before is None or before.screen != "replay" else before.watch
        if was is None or not was.playing or was.step != watch.step:
            out.append(After(pace.replay, ReplayTick(watch.step)))
    return out


# --------------------------------------------------------------------------- fields


def _field(model: Model, name: str, value: str) -> Model:
    """A changed field, to the feature whose field it is."""
    if name == "lang":
        return _language(model, value)
    if name in ("replay-step", "replay-jump"):
        return replay.step_replay(model, value)
    if name == "chat":
        at_days = model.days is not None and model.online is None
        return (days.draft if at_days else online.draft)(model, value)
    if name == "answer-code":
        return online.pasted(model, value)
    in_lobby = model.screen == "lobby" and name in ("seat-0-name", "relays", "ice")
    if name != "speed" and model.screen != "setup" and not in_lobby:
        return model
    try:
        chosen = setup.set_field(model.setup, name, value)
    except (TypeError, ValueError):
        return model
    return replace(model, setup=chosen, notice=None)


def _language(model: Model, code: str) -> Model:
    if code not in LANGUAGES:
        return model
    return replace(model, lang=code, setup=replace(model.setup, lang=code))
