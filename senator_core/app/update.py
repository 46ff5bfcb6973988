"""How messages change the model: `update(model, msg) -> (model, effects)`.

One `match` over the closed set of messages in `messages.py`; each case checks
what it needs (a bad or stale message changes nothing, or says why in a notice
in the page's language), makes the new model, and names the effects to carry
out. Then `_follow` adds what any change implies, the same whatever message
made it: what to store, the tab's title and language, where to scroll, the
chime, the pieces to fly, and the waits that come next (a computer to think, a
move that is no choice to make after a pause, a playing replay's next step).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import assert_never

from ..actions import IllegalActionError
from ..config import DEFAULT_NAMES, GameConfig
from ..game import new_game, replay
from ..i18n import LANGUAGE_NAMES, LANGUAGES, _, use
from ..records import HUMAN, RecordError, timeline
from . import lesson, online, reviewing
from .changes import at_position, at_table, on_screen
from .derived import (
    computer_to_move,
    forced_to_move,
    full_colours,
    full_occupants,
    hand_list,
    humans,
    just_happened,
    log_of,
    news_from,
    picked_action,
    picked_cards,
    record_of,
    sitting_out,
    turn_came,
    turns_for,
    undo_to,
    watched,
)
from .effects import (
    After,
    Animate,
    Chime,
    Disconnect,
    Download,
    Effect,
    Focus,
    Guard,
    Moves,
    PageLanguage,
    PageTitle,
    PickFile,
    Scroll,
    Store,
    Think,
)
from .files import export_file, open_file
from .help import RULE_SECTIONS
from .messages import (
    AcceptCode,
    Act,
    AskHint,
    BeginTable,
    CancelReview,
    ChooseFile,
    Coach,
    CodeMade,
    Confirm,
    Continue,
    Dismiss,
    DismissAlert,
    Explain,
    Export,
    Failed,
    Field,
    FileOpened,
    FileTooLarge,
    Forced,
    Forget,
    ForgetNo,
    ForgetYes,
    GoOn,
    HintReady,
    History,
    Invited,
    Key,
    Language,
    LanguageMissing,
    Learn,
    Leave,
    LeaveTable,
    LinkGame,
    LoadNewer,
    LogRound,
    MakeCode,
    Msg,
    Mute,
    NetTick,
    NetTrouble,
    NewGame,
    OpenTable,
    Panel,
    PeerJoined,
    PeerLeft,
    PeerSent,
    Pick,
    PlayAgain,
    PlayFrom,
    Pondered,
    QrReady,
    QuickPlay,
    ReplayPlay,
    ReplayTick,
    ReviewAll,
    Reviewed,
    ReviewFailed,
    ReviewGame,
    ReviewProgress,
    Rule,
    Say,
    StandIn,
    Start,
    Step,
    StorageFailed,
    Stored,
    TakeSeat,
    Thought,
    Title,
    Toggle,
    Undo,
    UnknownControl,
    Unpick,
    Watch,
    WatchEntry,
    WatchKept,
)
from .model import HINT_LEVEL, QUICK_PLAYERS, SWITCHES, Hint, Lesson, Model, Setup
from .motion import holds, moves
from .saves import (
    HISTORY_KEY,
    SAVE_KEY,
    SETUP_KEY,
    Turn,
    add_kept,
    kept,
    load_history,
    load_session,
    turns_of,
)
from .screens import Screen, panel_named
from .setup import (
    for_friends,
    game_config,
    quick_occupants,
    set_field,
    setup_from_dict,
    switch,
)
from .storage import persist, session_model, set_aside
from .story import ended_round
from .view import page_title
from .watching import open_kept, open_replay, step_replay

Effects = tuple[Effect, ...]
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
    )


def _handle(model: Model, msg: Msg, now: str) -> tuple[Model, Effects]:
    match msg:
        # -- game moves
        case Act(text):
            acted, effects = _act(model, text, now)
            return acted, (*effects, Focus("decision"))
        case Forced(moves, text):
            game = model.game
            if game is None or game.moves != moves or forced_to_move(model) != text:
                return model, ()  # the position changed meanwhile
            return _act(model, text, now, auto=True)
        case Pondered():
            if computer_to_move(model) is None or msg != _pondering(model):
                return model, ()  # the position changed meanwhile
            return model, (_think(model),)
        case Thought(moves, text):
            game = model.game
            if game is None or game.moves != moves or computer_to_move(model) is None:
                return model, ()  # the player went elsewhere meanwhile (another game, the menu)
            return _act(model, text, now)
        case HintReady(moves, options, facts):
            if model.game is None or moves != model.game.moves:
                return model, ()  # the hint was for a position that is gone
            return replace(model, hint=Hint(moves, options, facts)), ()
        # -- the game's controls
        case Pick(index):
            return _pick(model, index), ()
        case Unpick():
            return replace(model, picked=()), ()
        case Confirm():
            cards = picked_cards(model)
            if not cards:
                said = _("Touch the cards of your hand to build a bid first.")
                return replace(model, notice=said), ()
            acted, effects = _act(model, picked_action(cards), now)
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
        case Panel(name):
            panel = panel_named(name)
            if panel is None:
                return model, ()
            return replace(model, panel="" if model.panel == panel else panel, rule=""), ()
        case Rule(rule):
            if not re.fullmatch(r"R\d{1,2}", rule):
                return model, ()
            return replace(model, panel="rules", rule=rule), ()
        case LogRound(number):
            if not number.isdigit() or int(number) > 9:
                return model, ()
            return replace(model, log_rounds=tuple(sorted({*model.log_rounds, int(number)}))), ()
        case LinkGame():
            return (model if model.game is None else replace(model, linked=model.game.moves)), ()
        # -- screens
        case NewGame(at_online):
            shown = replace(on_screen(model, "setup"), notice=None, panel="")
            if not at_online:
                return shown, ()
            return replace(shown, setup=for_friends(shown.setup)), (Scroll("online"),)
        case Start():
            try:
                config = game_config(model.setup)
            except ValueError as err:
                return replace(model, notice=str(err).rstrip(".") + "."), ()
            return _start(model, config, now), ()
        case QuickPlay():
            return _quick_play(model, now), ()
        case Learn():
            return _learn(model, now), ()
        case Coach(choice):
            return _coach(model, choice, now), (Focus("decision"),)
        case GoOn(number):
            if not model.story or number not in (0, model.story):
                return model, ()
            return replace(model, story=0), (Focus("decision"),)
        case PlayAgain():
            if model.online is not None:
                return online.again(model)
            if model.game is None:
                return replace(model, screen="setup"), ()
            config = replace(model.game.config, seed=None, draws=(), event_order=())
            return _start(model, config, now, model.occupants), ()
        case Continue():
            if model.game is None:
                return replace(model, notice=_("There is no game to continue.")), ()
            screen: Screen = "end" if model.game.decision == "over" else "game"
            return replace(on_screen(model, screen), notice=None), ()
        case Title():
            return replace(on_screen(model, "title"), notice=None, panel=""), ()
        case History():
            return replace(on_screen(model, "history"), notice=None, panel=""), ()
        case Language(code):
            return _language(model, code), ()
        case LanguageMissing(code):
            if model.lang != code:
                return model, ()
            said = _("{language} could not be fetched: check the connection and choose it again.")
            back = _language(model, "en")
            return replace(back, notice=said.format(language=LANGUAGE_NAMES.get(code, code))), ()
        # -- notices
        case Dismiss():
            return replace(model, notice=None), ()
        case DismissAlert():
            if model.alert != "storage":
                return model, ()
            return replace(model, alert="", storage_warned=True), ()
        case LoadNewer():
            return _load_newer(model), ()
        # -- the replay viewer
        case Watch(step):
            if step and model.screen == "replay":
                # A move opened from the review: the replay's controls show it.
                return _watch(model, step), (Scroll("decision", nearest=True),)
            return _watch(model, step), ()
        case WatchEntry(entry):
            return _watch_entry(model, entry), ()
        case WatchKept(index):
            return open_kept(model, index), ()
        case ReviewGame(what):
            return reviewing.start_review(model, what)
        case ReviewAll():
            return reviewing.show_all(model)
        case CancelReview():
            return reviewing.cancel(model)
        case ReviewProgress(done, total):
            return reviewing.progress(model, done, total), ()
        case Reviewed(review):
            return reviewing.reviewed(model, review), ()
        case ReviewFailed(reason):
            return reviewing.failed(model, reason), ()
        case Step(where):
            return step_replay(model, where), ()
        case ReplayPlay():
            watch = model.watch
            if watch is None:
                return model, ()
            if watch.playing:
                return replace(model, watch=replace(watch, playing=False)), ()
            step = 0 if watch.step >= watch.line.steps else watch.step
            return replace(model, watch=replace(watch, playing=True, step=step)), ()
        case ReplayTick(step):
            watch = model.watch
            if model.screen != "replay" or watch is None or not watch.playing:
                return model, ()
            if watch.step != step:
                return model, ()  # a tick of an earlier run of the replay
            return step_replay(model, "next"), ()
        case Leave():
            return _leave(model), ()
        case PlayFrom():
            return _play_from(model, now), ()
        # -- games played and files
        case Forget(index):
            if not index.isdigit() or int(index) >= len(model.history):
                return model, ()
            return replace(model, confirm=f"forget-{index}"), ()
        case ForgetYes(index):
            if model.confirm != f"forget-{index}":
                return model, ()
            at = int(index)
            history = model.history[:at] + model.history[at + 1 :]
            return replace(
                model, history=history, confirm="", notice=_("The game was deleted.")
            ), ()
        case ForgetNo():
            return replace(model, confirm=""), ()
        case Export(what):
            made = export_file(model, what, now)
            if made is None:
                return replace(model, notice=_("There is no game to save.")), ()
            return model, (Download(*made),)
        case ChooseFile():
            return model, (PickFile(),)
        case FileOpened(text):
            return open_file(model, text), ()
        case FileTooLarge():
            return replace(model, notice=_("This file is too large to be a game record.")), ()
        # -- the page
        case Field(name, value):
            return _field(model, name, value), ()
        case Key("Enter", "chat"):
            return online.say(model, "", now)
        case Key("Enter", "answer-code"):
            return online.accept_code(model)
        case Key(key):
            if key != "Escape":
                return model, ()
            if model.notice:
                return replace(model, notice=None), ()
            return (replace(model, panel="") if model.panel else model), ()
        case Stored(key, value):
            return _stored(_remember(model, key, value), key, value), ()
        case StorageFailed(key, value):
            # What is stored stays known as it is: the write is tried again at the next change.
            failed = model if model.storage_warned else replace(model, alert="storage")
            return _remember(failed, key, value), ()
        case Failed(error):
            said = _("Something went wrong: {error}").format(error=error[:300])
            return replace(model, notice=said), ()
        case UnknownControl(name):
            return replace(model, notice=_("Unknown command {name}.").format(name=repr(name))), ()
        # -- playing online
        case OpenTable(direct):
            return online.open_table(set_aside(model, now), direct)
        case Invited(fragment):
            return online.invited(set_aside(model, now), fragment)
        case TakeSeat(seat):
            return online.take_seat(model, seat)
        case BeginTable():
            return online.begin(model)
        case LeaveTable():
            return online.leave(set_aside(model, now) if model.game else model)
        case StandIn(seat):
            return online.stand_in(model, seat)
        case Say(text):
            return online.say(model, text, now)
        case Mute():
            return online.mute(model), ()
        case PeerJoined(link):
            return online.peer_joined(model, link)
        case PeerLeft(link):
            return online.peer_left(model, link, now)
        case PeerSent(link, text):
            return online.peer_sent(model, link, text, now)
        case NetTick(room):
            return online.tick(model, room)
        case NetTrouble(reason):
            return online.trouble(model, reason)
        case QrReady():
            return online.qr_ready(model), ()
        case MakeCode():
            return online.make_code(model)
        case CodeMade(link, sdp):
            return online.code_made(model, link, sdp)
        case AcceptCode():
            return online.accept_code(model)
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
    if after.game is not before.game:
        after = replace(after, epoch=before.epoch + 1, story=_story(before, after))
    writes: list[Effect] = []
    if write:
        after, writes = _writes(after)
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


def _writes(model: Model) -> tuple[Model, list[Effect]]:
    """The storage writes that bring what is stored up to the model, and the model
    knowing them made. The save is written only over what this page last saw there."""
    stored = dict(model.stored)
    out: list[Effect] = []
    for key, value in persist(model).items():
        if stored.get(key) == value:
            continue
        guarded = key == SAVE_KEY
        out.append(Store(key, value, guarded, stored.get(key)))
        stored[key] = value
    if not out:
        return model, out
    return replace(model, stored=tuple(stored.items())), out


def _remember(model: Model, key: str, value: str | None) -> Model:
    """The model knowing what is stored under `key`."""
    stored = dict(model.stored)
    stored[key] = value
    return replace(model, stored=tuple(stored.items()))


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


def _pondering(model: Model) -> Pondered | None:
    """The pause a computer to move takes first, after a big moment, if it takes one."""
    game = model.game
    if game is None or not holds(just_happened(model)):
        return None
    return Pondered(game.moves)


def _think(model: Model) -> Effect:
    game = model.game
    level = computer_to_move(model)
    assert game is not None and game.to_move is not None and level is not None
    scripted = lesson.scripted_move(model)
    if scripted is not None:
        # On the lesson's line, its computers play the line's moves, at the pace's speed.
        return After(model.setup.pace.think, Thought(game.moves, scripted))
    # A seat's computer plays alike: seeded with its seat.
    return Think(level, game.to_move, game, least=model.setup.pace.think)


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
        # Going on from a round's summary is the pause a big moment would have had.
        pondering = None if before is not None and before.story else _pondering(after)
        if pondering is None:
            out.append(_think(after))
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


# --------------------------------------------------------------------------- the cases


def _field(model: Model, name: str, value: str) -> Model:
    if name == "lang":
        return _language(model, value)
    if name in ("replay-step", "replay-jump"):
        return step_replay(model, value)
    if name == "chat":
        return online.draft(model, value)
    if name == "answer-code":
        return online.pasted(model, value)
    in_lobby = model.screen == "lobby" and name == "seat-0-name"
    if name != "speed" and model.screen != "setup" and not in_lobby:
        return model
    try:
        setup = set_field(model.setup, name, value)
    except (TypeError, ValueError):
        return model
    return replace(model, setup=setup, notice=None)


def _language(model: Model, code: str) -> Model:
    if code not in LANGUAGES:
        return model
    return replace(model, lang=code, setup=replace(model.setup, lang=code))


def _ask_hint(model: Model) -> tuple[Model, Effects]:
    game = model.game
    if game is None or game.to_move is None or model.screen != "game":
        return model, ()
    if model.occupants[game.to_move] != HUMAN:
        return model, ()  # the hint is for one's own seat
    if model.hint is not None and model.hint.moves == game.moves:
        return model, ()  # shown already
    return model, (Think(HINT_LEVEL, game.to_move, game, estimate=True),)


def _quick_play(model: Model, now: str) -> Model:
    own = model.setup.names[0].strip() or DEFAULT_NAMES[0]
    if own in DEFAULT_NAMES[1:4]:
        own = DEFAULT_NAMES[0]
    try:
        config = GameConfig(players=QUICK_PLAYERS, names=(own, *DEFAULT_NAMES[1:QUICK_PLAYERS]))
    except ValueError:
        config = GameConfig(players=QUICK_PLAYERS, names=DEFAULT_NAMES[:QUICK_PLAYERS])
    return _start(model, config, now, quick_occupants(model.setup))


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
    found = lesson.set_aside_lesson(model.history)
    if found is None:
        config = lesson.lesson_config(model.setup.names[0])
        started = _start(model, config, now, lesson.LESSON_OCCUPANTS)
        return replace(started, lesson=Lesson())
    # The lesson set aside when another game came to the table: taken up where it was,
    # and the game at the table set aside in its place.
    taken_up, record = found
    base = set_aside(model, now)
    rest = replace(base, history=tuple(k for k in base.history if k.key != taken_up.key))
    taken = at_table(
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
    said = lesson.coaching(model)
    game, taught = model.game, model.lesson
    if said is None or game is None or taught is None or model.screen != "game":
        return model
    if choice == "on" and said.kind == "note":
        return replace(model, lesson=replace(taught, heard=said.at))
    if choice == "alone" and said.kind == "strayed":
        return replace(model, lesson=replace(taught, alone=True))
    if choice == "back" and said.kind == "strayed":
        earlier = lesson.line_game(game.config, said.at)
        return at_position(model, earlier, turns_for(model)[: said.at])
    return model


def _start(
    model: Model, config: GameConfig, now: str, occupants: tuple[str, ...] | None = None
) -> Model:
    chosen = model.setup.occupants if occupants is None else occupants
    return at_table(
        set_aside(model, now), new_game(config), model.setup.colours, chosen, started=now
    )


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


def _act(model: Model, text: str, now: str, auto: bool = False) -> tuple[Model, Effects]:
    """Performs a game action; `auto` marks a move made for a human because nothing
    else was legal (the log says so). At an online table, the table makes it."""
    if model.online is not None:
        return online.play(model, text, now)
    return _act_here(model, text, now, auto), ()


def _act_here(model: Model, text: str, now: str, auto: bool = False) -> Model:
    game = model.game
    if game is None or model.screen != "game" or game.to_move is None:
        return replace(model, notice=_("There is no game in progress."))
    moved = game.clone()
    try:
        moved.apply(text)
    except IllegalActionError as err:
        return replace(model, notice=str(err))
    turn = Turn(game.to_move, len(log_of(game)), auto, len(game.legal_actions()) == 1)
    after = at_position(model, moved, (*turns_for(model), turn))
    after = replace(on_screen(after, "end" if moved.decision == "over" else "game"), notice=None)
    if moved.decision == "over":
        record = record_of(after)
        assert record is not None
        after = replace(after, history=add_kept(after.history, (kept(record, now),)))
    return after


def _undo(model: Model) -> Model:
    keep = undo_to(model)
    game = model.game
    if keep is None or game is None:
        return replace(model, notice=_("There is no move to take back."))
    record = game.record()
    earlier = replay({**record, "actions": record["actions"][:keep]})
    earlier_model = at_position(model, earlier, turns_for(model)[:keep])
    return replace(earlier_model, undos=model.undos + 1, notice=None)


def _stored(model: Model, key: str, value: str | None) -> Model:
    """Another tab changed what is stored under `key`."""
    if key == SETUP_KEY:
        # Another tab's set-up is this one's too (in the language this one speaks), so
        # this tab's next write keeps it.
        try:
            setup = setup_from_dict(json.loads(value)) if value else Setup()
        except ValueError:
            return model
        return replace(model, setup=replace(setup, lang=model.setup.lang))
    if key == HISTORY_KEY and HISTORY_KEY not in model.held:
        try:
            games = load_history(value)[0] if value else ()
        except RecordError:
            return model
        return replace(model, history=games)
    if key != SAVE_KEY or SAVE_KEY in model.held or value == persist(model).get(SAVE_KEY):
        return model
    game = model.game
    if model.screen == "game" and game is not None and game.decision != "over":
        return replace(model, alert="stale", newer=value)
    if value is None:  # the other tab ended the game or set it aside
        if game is not None and game.decision != "over":
            return replace(model, game=None, turns=())
        return model
    try:
        session = load_session(value)
    except RecordError:
        return model
    return replace(session_model(model, session), screen=model.screen)


def _load_newer(model: Model) -> Model:
    text = model.newer
    cleared = replace(model, alert="", newer=None)
    if text is None:
        return replace(cleared, game=None, turns=(), screen="title")
    try:
        session = load_session(text)
    except RecordError as err:
        return replace(cleared, game=None, turns=(), screen="title", notice=str(err))
    return on_screen(session_model(cleared, session), "game")


def _watch(model: Model, value: str) -> Model:
    """Watches the game shown, from move `value` (or from the start, playing)."""
    if model.screen == "replay" and model.watch is not None:
        return step_replay(model, value) if value else model
    record = record_of(model)
    if record is None:
        return replace(model, notice=_("There is no game to watch."))
    record = reviewing.with_review(model, record)
    back = model.screen if model.screen in ("end", "game") else "title"
    step = int(value) if value.isdigit() else 0
    opened = open_replay(model, record, back, step)
    if not value and opened.watch is not None:
        opened = replace(opened, watch=replace(opened.watch, playing=True))
    return opened


def _watch_entry(model: Model, value: str) -> Model:
    """Watches the game shown from the action that wrote log line `value`."""
    if not value.isdigit():
        return model
    entry = int(value)
    if model.screen == "replay" and model.watch is not None:
        return step_replay(model, str(model.watch.line.step_of_entry(entry)))
    record = record_of(model)
    if record is None:
        return model
    record = reviewing.with_review(model, record)
    line = timeline(record.game)
    back = model.screen if model.screen in ("end", "game") else "title"
    return open_replay(model, record, back, line.step_of_entry(entry))


def _leave(model: Model) -> Model:
    watch = model.watch
    back = "title" if watch is None else watch.back
    if back == "game" and (model.game is None or model.game.decision == "over"):
        back = "end" if model.game is not None else "title"
    return replace(on_screen(model, back), explain="", panel="")


def _play_from(model: Model, now: str) -> Model:
    """Takes over the game watched at the step shown, to play on from there."""
    watch = model.watch
    if watch is None or watch.game.decision == "over":
        return model
    record, line, step = watch.record, watch.line, watch.step
    playing = model.game is not None and model.game.decision != "over"
    same = playing and model.game is not None and model.game.record() == record.game.record()
    base = model if same else set_aside(model, now)
    if watch.kept is not None and step == line.steps:
        # An unfinished kept game played on from its last move: it is the game in
        # progress now, kept again if it is set aside again.
        key = kept(record, "").key
        base = replace(base, history=tuple(k for k in base.history if k.key != key))
    shown = watched(model)  # the table as the replay shows it, now to play on
    assert shown.game is not None
    return at_table(
        replace(base, watch=None),
        shown.game,
        shown.colours,
        shown.occupants,
        shown.turns,
        shown.undos,
        record.started or now,
    )
