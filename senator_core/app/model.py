"""The application's state and how messages change it: `Model`, the messages, `update`."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import IllegalActionError
from ..config import DEFAULT_NAMES, VARIANT_VALUES, GameConfig, Variants
from ..events import Event
from ..game import Game, new_game, replay
from ..i18n import LANGUAGES, _, ngettext, pick_language, use
from ..records import (
    COLOURS,
    HUMAN,
    Record,
    RecordError,
    Timeline,
    game_link,
    read_link,
    read_record,
    record_link,
    timeline,
)
from ..rules import CARDS, MAX_PLAYERS, MIN_PLAYERS
from .explain import forced_action
from .saves import (
    HISTORY_FORMAT,
    HISTORY_KEY,
    SAVE_KEY,
    SETUP_KEY,
    UNREADABLE_HISTORY_KEY,
    UNREADABLE_KEY,
    Kept,
    NewerVersion,
    Session,
    Shown,
    Turn,
    add_kept,
    history_json,
    kept,
    load_history,
    load_session,
    session_json,
    turns_of,
)

__all__ = [
    "HISTORY_KEY",
    "HUMAN",
    "SAVE_KEY",
    "SETUP_KEY",
    "UNREADABLE_HISTORY_KEY",
    "UNREADABLE_KEY",
    "game_link",
    "record_link",
]

PALETTE_SIZE = COLOURS  # seat colours: see view.SEAT_COLOURS
PANELS = ("rules", "forum", "log")
SEAT_KINDS = (HUMAN, "easy", "normal", "hard", "expert")  # a person, or a computer of that level
ALL_HUMAN = (HUMAN,) * MAX_PLAYERS
SPEEDS = ("instant", "fast", "normal", "slow")  # how long a computer's move stays in view
SPEED_SECONDS = {"instant": 0.0, "fast": 0.35, "normal": 0.9, "slow": 1.8}
HINT_LEVEL = "expert"  # the strongest level that answers within a second (benchmarks/bots.py)
QUICK_PLAY_KINDS = (HUMAN, "normal", "normal", "normal", HUMAN)  # one human against three
SWITCHES = ("sound", "auto")  # settings turned on and off from the game screen


@dataclass(frozen=True)
class Act:
    """Perform a game action, given by its notation (a `data-action` control).

    `auto` marks a move the page made for a human because nothing else was legal
    (see `forced_to_move`); the log says so.
    """

    text: str
    auto: bool = False


@dataclass(frozen=True)
class Cmd:
    """Anything else a control asks for (a `data-msg` control, with its `data-value`)."""

    name: str
    value: str = ""


@dataclass(frozen=True)
class Hint:
    """The estimates of the hint level for each legal action of the position shown."""

    moves: int
    options: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Field:
    """A set-up field changed: its `name` attribute and its new value."""

    name: str
    value: str


@dataclass(frozen=True)
class Stored:
    """Another tab of the game changed a stored value (the browser's `storage` event)."""

    key: str
    value: str | None


Msg = Act | Cmd | Field | Hint | Stored


@dataclass(frozen=True)
class Setup:
    """The set-up screen's choices; remembered between visits."""

    players: int = 4
    names: tuple[str, ...] = DEFAULT_NAMES
    colours: tuple[int, ...] = tuple(range(PALETTE_SIZE))
    first_opener: str = "random"
    variants: Variants = field(default_factory=Variants)
    seed: str = ""
    kinds: tuple[str, ...] = ALL_HUMAN
    speed: str = "normal"
    sound: bool = True  # a short sound when a human's turn comes and at the end
    auto: bool = True  # moves that are no choice are made for the player
    lang: str = ""  # the language chosen ("" until one is: the browser's is spoken)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lang": self.lang,
            "players": self.players,
            "names": list(self.names),
            "colours": list(self.colours),
            "kinds": list(self.kinds),
            "speed": self.speed,
            "sound": self.sound,
            "auto": self.auto,
            "first_opener": self.first_opener,
            "variants": self.variants.to_dict(),
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Setup:
        """A remembered set-up; whatever is unreadable falls back to the default."""
        if not isinstance(data, dict):
            return cls()
        setup = cls()
        for name, value in data.items():
            try:
                setup = _set_field(setup, _FIELD_OF.get(name, str(name)), value)
            except (TypeError, ValueError):
                continue
        return setup

    def config(self) -> GameConfig:
        """The game this set-up describes; ValueError says what is wrong."""
        seed_text = self.seed.strip()
        if seed_text and not seed_text.isdigit():
            raise ValueError(_("The seed must be a whole number (or empty for a random deal)."))
        opener = None if self.first_opener == "random" else int(self.first_opener)
        if opener is not None and opener >= self.players:
            opener = None
        return GameConfig(
            players=self.players,
            seed=int(seed_text) if seed_text else None,
            first_opener=opener,
            names=self.names[: self.players],
            variants=self.variants,
        )


_FIELD_OF = {"first_opener": "first-opener"}


def _switch(setup: Setup, name: str, on: bool) -> Setup:
    """The set-up with the setting `name` (one of SWITCHES) turned on or off."""
    return replace(setup, sound=on) if name == "sound" else replace(setup, auto=on)


def _set_field(setup: Setup, name: str, value: Any) -> Setup:
    """The set-up with one field changed; ValueError for a value it cannot hold."""
    if name == "players":
        players = int(value)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("players")
        return replace(setup, players=players)
    if name == "names" and isinstance(value, list) and len(value) == MAX_PLAYERS:
        return replace(setup, names=tuple(str(v)[:40] for v in value))
    if name == "colours" and isinstance(value, list):
        colours = tuple(int(v) for v in value)
        if sorted(colours) != list(range(PALETTE_SIZE)):
            raise ValueError("colours")
        return replace(setup, colours=colours)
    if name == "kinds":
        return replace(setup, kinds=read_kinds(value))
    if name == "speed":
        if value not in SPEEDS:
            raise ValueError("speed")
        return replace(setup, speed=str(value))
    if name == "lang":
        if value not in ("", *LANGUAGES):
            raise ValueError("lang")
        return replace(setup, lang=str(value))
    if name in SWITCHES:
        if not isinstance(value, bool):
            raise ValueError(name)
        return _switch(setup, name, value)
    if name == "first-opener":
        if value != "random" and not (str(value).isdigit() and int(value) < MAX_PLAYERS):
            raise ValueError("first opener")
        return replace(setup, first_opener=str(value))
    if name == "variants":
        return replace(setup, variants=Variants.from_dict(value))
    if name == "seed":
        return replace(setup, seed=str(value)[:20])
    if name.startswith("variant-"):
        switch = name.removeprefix("variant-").replace("-", "_")
        if switch not in VARIANT_VALUES:
            raise ValueError(switch)
        variants = Variants(**{**setup.variants.to_dict(), switch: str(value)})
        return replace(setup, variants=variants)
    if name.startswith("seat-"):
        number, part = name.split("-", 2)[1:]
        seat = int(number)
        if not 0 <= seat < MAX_PLAYERS:
            raise ValueError("seat")
        if part == "name":
            names = list(setup.names)
            names[seat] = str(value)[:40]
            return replace(setup, names=tuple(names))
        if part == "kind":
            if value not in SEAT_KINDS:
                raise ValueError("kind")
            kinds = list(setup.kinds)
            kinds[seat] = str(value)
            return replace(setup, kinds=tuple(kinds))
        if part == "colour":
            colour = int(value)
            if not 0 <= colour < PALETTE_SIZE:
                raise ValueError("colour")
            palette = list(setup.colours)
            other = palette.index(colour)
            palette[other], palette[seat] = palette[seat], colour  # colours stay distinct
            return replace(setup, colours=tuple(palette))
    raise ValueError(f"no set-up field {name!r}")


@dataclass(frozen=True)
class Watch:
    """The replay viewer: a whole game (`record`), every position of it (`line`), the
    step shown (after that many actions), whether it plays on by itself, and the
    screen to go back to."""

    record: Record
    line: Timeline
    step: int
    playing: bool = False
    back: str = "title"
    kept: int | None = None  # its place in the history, when it was opened from there
    turns: tuple[Turn, ...] = ()  # who made each action

    @property
    def game(self) -> Game:
        return self.line.games[self.step]


@dataclass(frozen=True)
class Model:
    """Everything the page shows. The game is never changed in place: `update` works
    on a copy, so an old model stays as it was.

    `seen` is how much of the game's log the player had seen before the last
    action: what came after it is shown as what just happened, and `mover` is
    the seat that made that action. `turns` holds who made each action of the game
    and whether it was made for a player (nothing else was legal); `undos` counts
    the moves taken back. `picked` holds the positions, in the hand shown, of the
    cards the player to move has touched to build a bid; `explain` names the piece
    whose explanation is open.

    `history` is the games kept on this browser, newest first; `watch` the replay
    viewer's state. `alert` is a warning that stays until dismissed: "storage" (the
    browser keeps nothing) or "stale" (another tab played on; `newer` is its save).
    `held` names stored keys written by a newer version, not to be written over;
    `confirm` a step that waits for a second tap ("forget-3": delete kept game 3).
    """

    screen: str = "title"
    setup: Setup = field(default_factory=Setup)
    game: Game | None = None
    colours: tuple[int, ...] = tuple(range(PALETTE_SIZE))
    kinds: tuple[str, ...] = ALL_HUMAN
    hint: Hint | None = None
    seen: int = 0
    panel: str = ""
    notice: str | None = None
    page_url: str = ""
    mover: int | None = None
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

    @property
    def auto(self) -> tuple[int, ...]:
        """Where in the log each move made for a player begins."""
        return tuple(t.log_start for t in self.turns if t.auto)


# --------------------------------------------------------------------------- start and saves


def full_colours(colours: tuple[int, ...]) -> tuple[int, ...]:
    """A record's seat colours made a whole palette: the colours no seat took follow."""
    return (*colours, *(c for c in range(PALETTE_SIZE) if c not in colours))


def full_kinds(kinds: tuple[str, ...]) -> tuple[str, ...]:
    return (*kinds, *(HUMAN,) * (MAX_PLAYERS - len(kinds)))


def turns_for(model: Model) -> tuple[Turn, ...]:
    """Who made each action of the game shown: `model.turns`, or worked out from the
    game when they are not all there (a model made by hand)."""
    game = model.game
    if game is None or len(model.turns) == game.moves:
        return model.turns
    return turns_of(Record(game, model.colours[: game.players], model.kinds[: game.players]))


def record_of(model: Model) -> Record | None:
    """The game shown as a record, with who plays it."""
    game = model.game
    if game is None:
        return None
    players = game.players
    auto = tuple(i for i, t in enumerate(model.turns) if t.auto and i < game.moves)
    return Record(
        game, model.colours[:players], model.kinds[:players], auto, model.undos, model.started
    )


def _session_model(model: Model, session: Session) -> Model:
    """The model showing a kept game in progress, as its screen was."""
    record = session.record
    shown = session.shown
    hint = None if shown.hint is None else Hint(*shown.hint)
    return replace(
        model,
        screen=shown.screen,
        game=record.game,
        colours=full_colours(record.colours),
        kinds=full_kinds(record.kinds),
        turns=session.turns,
        undos=record.undos,
        started=record.started,
        seen=shown.seen,
        mover=shown.mover,
        hint=hint,
        picked=shown.picked,
        explain=shown.explain,
        panel=shown.panel,
        log_rounds=shown.log_rounds,
    )


def init(
    storage: dict[str, str | None],
    link: str | None = None,
    page_url: str = "",
    now: str = "",
    lang: str | None = None,
    browser: tuple[str, ...] = (),
) -> tuple[Model, dict[str, str | None]]:
    """The first model, from what the browser stored and the `game` link parameter
    (`now`, the time, dates a game in progress that a link's game sets aside). The
    language is the `lang` link parameter's (then remembered), else the one chosen
    before, else the first of the browser's languages the game speaks.

    Returns the model and storage changes to make (an unreadable save or history
    is kept aside under another key, never lost).
    """
    writes: dict[str, str | None] = {}
    notices: list[str] = []
    setup = Setup()
    if storage.get(SETUP_KEY):
        try:
            setup = Setup.from_dict(json.loads(storage.get(SETUP_KEY) or ""))
        except ValueError:
            setup = Setup()
    if lang in LANGUAGES:
        setup = replace(setup, lang=lang)
        writes[SETUP_KEY] = json.dumps(setup.to_dict())  # remembered at once
    spoken = pick_language(setup.lang, *browser)
    use(spoken)
    model = Model(setup=setup, colours=setup.colours, page_url=page_url, lang=spoken)
    held: set[str] = set()
    history: tuple[Kept, ...] = ()
    stored_history = storage.get(HISTORY_KEY)
    if stored_history:
        try:
            history, lost = load_history(stored_history)
        except NewerVersion as err:
            held.add(HISTORY_KEY)
            notices.append(str(err))
        except RecordError:
            writes[UNREADABLE_HISTORY_KEY] = stored_history
            writes[HISTORY_KEY] = None
            notices.append(
                _("The games kept on this browser could not be read; they were set aside.")
            )
        else:
            if lost:
                writes[UNREADABLE_HISTORY_KEY] = stored_history
                writes[HISTORY_KEY] = history_json(history)
                notices.append(
                    ngettext(
                        "{n} of the games kept on this browser could not be read; "
                        "they were set aside.",
                        "{n} of the games kept on this browser could not be read; "
                        "they were set aside.",
                        lost,
                    ).format(n=lost)
                )
    model = replace(model, history=history)
    saved = storage.get(SAVE_KEY)
    if saved:
        try:
            session = load_session(saved)
        except NewerVersion as err:
            held.add(SAVE_KEY)
            notices.append(str(err))
        except RecordError as err:
            writes[UNREADABLE_KEY] = saved
            writes[SAVE_KEY] = None
            # Translators: {reason} is one of the texts that begin "it is" or "it has".
            said = _("The saved game could not be read: {reason} It has been set aside.")
            notices.append(said.format(reason=err))
        else:
            if session.record.game.decision != "over":
                model = _session_model(model, session)
    model = replace(model, held=frozenset(held), notice=" ".join(notices) or None)
    if link:
        try:
            opened = read_link(link)
            game = new_game(opened) if isinstance(opened, GameConfig) else None
        except (TypeError, ValueError) as err:
            said = _("This game link could not be opened. {reason}").format(reason=err)
            return replace(model, notice=said), writes
        if isinstance(opened, Record):
            return _watch(model, opened, "title", opened.game.moves), writes
        assert game is not None
        if model.game is not None and model.game.moves:
            model = _set_aside(model, now)
        return replace(
            model,
            screen="game",
            game=game,
            seen=len(log_of(game)),
            colours=setup.colours,
            kinds=ALL_HUMAN,
            turns=(),
            undos=0,
            started="",
            mover=None,
            hint=None,
            picked=(),
            explain="",
            panel="",
        ), writes
    return model, writes


def read_kinds(value: Any) -> tuple[str, ...]:
    """Who plays each seat, from stored JSON: a list of MAX_PLAYERS seat kinds."""
    if (
        not isinstance(value, list)
        or len(value) != MAX_PLAYERS
        or not all(k in SEAT_KINDS for k in value)
    ):
        raise ValueError("kinds")
    return tuple(value)


_HISTORY_WRITTEN: list[tuple[tuple[Kept, ...], str]] = []  # the last history written


def persist(model: Model) -> dict[str, str | None]:
    """What to store: the game in progress (None clears it), the set-up and the
    history. What another version or tab holds (`held`) is not written over."""
    game = model.game
    record = record_of(model)
    in_progress = record is not None and game is not None and game.decision != "over"
    writes: dict[str, str | None] = {SETUP_KEY: json.dumps(model.setup.to_dict())}
    if SAVE_KEY not in model.held and model.alert != "stale":
        writes[SAVE_KEY] = (
            session_json(Session(record, model.turns, shown_of(model)))
            if record is not None and in_progress
            else None
        )
    if HISTORY_KEY not in model.held:
        if not _HISTORY_WRITTEN or _HISTORY_WRITTEN[0][0] is not model.history:
            text = history_json(model.history) if model.history else None
            _HISTORY_WRITTEN[:] = [(model.history, text or "")]
        writes[HISTORY_KEY] = _HISTORY_WRITTEN[0][1] or None
    return writes


def shown_of(model: Model) -> Shown:
    hint = model.hint
    return Shown(
        screen="game" if model.screen == "game" else "title",
        seen=model.seen,
        mover=model.mover,
        hint=None if hint is None else (hint.moves, hint.options),
        picked=model.picked,
        explain=model.explain,
        panel=model.panel,
        log_rounds=model.log_rounds,
    )


# --------------------------------------------------------------------------- update


def _start(
    model: Model, config: GameConfig, now: str, kinds: tuple[str, ...] | None = None
) -> Model:
    game = new_game(config)
    return replace(
        _set_aside(model, now),
        screen="game",
        game=game,
        seen=len(log_of(game)),
        notice=None,
        panel="",
        colours=model.setup.colours,
        kinds=model.setup.kinds if kinds is None else kinds,
        hint=None,
        mover=None,
        turns=(),
        undos=0,
        started=now,
        picked=(),
        explain="",
        log_rounds=(),
        watch=None,
        confirm="",
    )


def _set_aside(model: Model, now: str) -> Model:
    """Before another game takes its place: the game in progress, if any move was made
    in it, goes to the history as unfinished (it can be watched and played on)."""
    record = record_of(model)
    if record is None or record.finished or not record.game.moves:
        return model
    return replace(model, history=add_kept(model.history, (kept(record, now),)))


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


def _act(model: Model, text: str, now: str, auto: bool = False) -> Model:
    game = model.game
    if game is None or model.screen != "game" or game.to_move is None:
        return replace(model, notice=_("There is no game in progress."))
    moved = game.clone()
    try:
        moved.apply(text)
    except IllegalActionError as err:
        return replace(model, notice=str(err))
    seen = len(log_of(game))
    after = replace(
        model,
        screen="end" if moved.decision == "over" else "game",
        game=moved,
        seen=seen,
        notice=None,
        hint=None,
        mover=game.to_move,
        turns=(
            *turns_for(model),
            Turn(game.to_move, seen, auto, len(game.legal_actions()) == 1),
        ),
        picked=(),
        explain="",
        confirm="",
    )
    if moved.decision == "over":
        record = record_of(after)
        assert record is not None
        after = replace(after, history=add_kept(after.history, (kept(record, now),)))
    return after


def undo_to(model: Model) -> int | None:
    """How many actions the game keeps when the player takes a move back, or None when
    no move can be: with one human against computers, back to that human's last
    decision (the computers' moves after it are taken back too); in a hot-seat game,
    only the last action, if a human made it. A move made for a player is taken back
    with the decision before it, and so is any move that was no choice."""
    game = model.game
    if model.screen != "game" or game is None or game.decision == "over":
        return None
    solo = len(humans(model.kinds, game.players)) == 1
    turns = turns_for(model)
    for index in range(len(turns) - 1, -1, -1):
        turn = turns[index]
        if turn.forced:
            continue
        if model.kinds[turn.seat] == HUMAN:
            return index
        if not solo:
            return None
    return None


def _undo(model: Model) -> Model:
    keep = undo_to(model)
    game = model.game
    if keep is None or game is None:
        return replace(model, notice=_("There is no move to take back."))
    record = game.record()
    earlier = replay({**record, "actions": record["actions"][:keep]})
    turns = turns_for(model)[:keep]
    last = turns[-1] if turns else None
    return replace(
        model,
        game=earlier,
        turns=turns,
        undos=model.undos + 1,
        seen=len(log_of(earlier)) if last is None else last.log_start,
        mover=None if last is None else last.seat,
        hint=None,
        picked=(),
        explain="",
        notice=None,
        confirm="",
    )


# --------------------------------------------------------------------------- the replay viewer


def _watch(
    model: Model, record: Record, back: str, step: int = 0, kept_at: int | None = None
) -> Model:
    line = timeline(record.game)
    step = max(0, min(step, line.steps))
    watch = Watch(record, line, step, back=back, kept=kept_at, turns=turns_of(record, line))
    return replace(
        model, screen="replay", watch=watch, panel="", explain="", notice=None, confirm=""
    )


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
        kinds=full_kinds(record.kinds),
        seen=line.log_ends[max(step - 1, 0)],  # at the deal, nothing is new
        mover=line.movers[step - 1] if step else None,
        turns=watch.turns[:step],
        undos=record.undos,
        hint=None,
        picked=(),
    )


def _step(model: Model, value: str) -> Model:
    watch = model.watch
    if watch is None:
        return model
    last = watch.line.steps
    where = {"first": 0, "back": watch.step - 1, "next": watch.step + 1, "last": last}.get(value)
    if where is None:
        if not value.isdigit():
            return model
        where = int(value)
    where = max(0, min(where, last))
    playing = watch.playing and where < last and value == "next"
    return replace(model, watch=replace(watch, step=where, playing=playing), explain="")


def _play_from(model: Model, now: str) -> Model:
    """Takes over the game watched at the step shown, to play on from there."""
    watch = model.watch
    if watch is None or watch.game.decision == "over":
        return model
    record, line, step = watch.record, watch.line, watch.step
    playing = model.game is not None and model.game.decision != "over"
    same = playing and model.game is not None and model.game.record() == record.game.record()
    base = model if same else _set_aside(model, now)
    if watch.kept is not None and step == line.steps:
        # An unfinished kept game played on from its last move: it is the game in
        # progress now, kept again if it is set aside again.
        key = kept(record, "").key
        base = replace(base, history=tuple(k for k in base.history if k.key != key))
    shown = watched(model)  # the table as the replay shows it, now to play on
    return replace(
        base,
        screen="game",
        game=shown.game,
        colours=shown.colours,
        kinds=shown.kinds,
        turns=shown.turns,
        undos=shown.undos,
        started=record.started or now,
        seen=shown.seen,
        mover=shown.mover,
        hint=None,
        picked=(),
        explain="",
        panel="",
        log_rounds=(),
        watch=None,
        notice=None,
    )


def _import(model: Model, text: str, now: str) -> Model:
    """Opens a record file in the replay viewer, or adds a history file's games to the
    history; a bad file changes nothing and says what is wrong with it."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return replace(model, notice=_("This file is not a game record: it is not JSON text."))
    if isinstance(data, dict) and data.get("format") == HISTORY_FORMAT:
        try:
            games, lost = load_history(text)
        except RecordError as err:
            return replace(model, notice=str(err))
        history = add_kept(model.history, games)
        added = len(history) - len(model.history)
        said = ngettext(
            "{n} game added to the history.", "{n} games added to the history.", added
        ).format(n=added)
        if lost:
            # Translators: follows "N games added to the history.": how many games of
            # the file could not be read.
            unread = ngettext("{n} could not be read.", "{n} could not be read.", lost)
            said += " " + unread.format(n=lost)
        return replace(model, history=history, screen="history", notice=said)
    try:
        record = read_record(text)
    except RecordError as err:
        return replace(model, notice=str(err))
    back = model.screen if model.screen in ("title", "history", "end", "game") else "title"
    return _watch(model, record, back, record.game.moves)


def export_file(model: Model, what: str, now: str) -> tuple[str, str] | None:
    """A file to save: its name and text. `what` is "game" (the game shown), "watch"
    (the game in the replay viewer), "kept-N" (game N of the history) or "all" (the
    history); None if there is no such game."""
    if what == "all":
        if not model.history:
            return None
        return f"senator-history-{now[:10] or 'games'}.json", history_json(model.history)
    record: Record | None = None
    if what == "game":
        record = record_of(model)
    elif what == "watch" and model.watch is not None:
        record = model.watch.record
    elif what.startswith("kept-") and what[5:].isdigit() and int(what[5:]) < len(model.history):
        try:
            record = model.history[int(what[5:])].record()
        except RecordError:
            return None
    if record is None:
        return None
    if not record.started:
        record = replace(record, started=now)
    return record.file_name(), record.to_json()


# --------------------------------------------------------------------------- update


def _stored(model: Model, key: str, value: str | None) -> Model:
    """Another tab changed what is stored under `key`."""
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
    return replace(_session_model(model, session), screen=model.screen)


def _load_newer(model: Model) -> Model:
    text = model.newer
    cleared = replace(model, alert="", newer=None)
    if text is None:
        return replace(cleared, game=None, turns=(), screen="title")
    try:
        session = load_session(text)
    except RecordError as err:
        return replace(cleared, game=None, turns=(), screen="title", notice=str(err))
    return replace(_session_model(cleared, session), screen="game", watch=None)


def _pick(model: Model, value: str) -> Model:
    """Touches a card of the hand shown: picks it, or puts it back."""
    game = model.game
    if game is None or game.decision != "debate" or game.to_move is None:
        return model
    if not value.isdigit() or int(value) >= len(hand_list(game.hand(game.to_move))):
        return model
    index = int(value)
    picked = set(model.picked)
    picked.symmetric_difference_update({index})
    return replace(model, picked=tuple(sorted(picked)))


def update(model: Model, msg: Msg, now: str = "") -> Model:
    """The model after a message; bad messages leave everything as it was, with a notice.
    `now` is the time (ISO), for the dates of games kept."""
    use(model.lang)  # notices are said in the page's language
    if isinstance(msg, Act):
        return _act(model, msg.text, now, msg.auto)
    if isinstance(msg, Stored):
        return _stored(model, msg.key, msg.value)
    if isinstance(msg, Hint):
        if model.game is None or msg.moves != model.game.moves:
            return model  # the hint was for a position that is gone
        return replace(model, hint=msg)
    if isinstance(msg, Field):
        if msg.name != "speed" and model.screen != "setup":
            return model
        try:
            setup = _set_field(model.setup, msg.name, msg.value)
        except (TypeError, ValueError):
            return model
        return replace(model, setup=setup, notice=None)
    name = msg.name
    if name == "new-game" or name == "setup":
        return replace(model, screen="setup", notice=None, panel="")
    if name == "start":
        try:
            config = model.setup.config()
        except ValueError as err:
            return replace(model, notice=str(err).rstrip(".") + ".")
        return _start(model, config, now)
    if name == "quick-play":
        own = model.setup.names[0].strip() or DEFAULT_NAMES[0]
        if own in DEFAULT_NAMES[1:4]:
            own = DEFAULT_NAMES[0]
        try:
            config = GameConfig(players=4, names=(own, *DEFAULT_NAMES[1:4]))
        except ValueError:
            config = GameConfig(players=4, names=DEFAULT_NAMES[:4])
        return _start(model, config, now, QUICK_PLAY_KINDS)
    if name == "play-again":
        if model.game is None:
            return replace(model, screen="setup")
        config = replace(model.game.config, seed=None, draws=(), event_order=())
        return _start(model, config, now, model.kinds)
    if name == "pick":
        return _pick(model, msg.value)
    if name == "unpick":
        return replace(model, picked=())
    if name == "confirm":
        cards = picked_cards(model)
        if not cards:
            return replace(model, notice=_("Touch the cards of your hand to build a bid first."))
        return _act(model, picked_action(cards), now)
    if name == "explain":
        return replace(model, explain="" if model.explain == msg.value else msg.value[:40])
    if name == "toggle":
        if msg.value not in SWITCHES:
            return model
        flipped = not getattr(model.setup, msg.value)
        return replace(model, setup=_switch(model.setup, msg.value, flipped))
    if name == "continue":
        if model.game is None:
            return replace(model, notice=_("There is no game to continue."))
        screen = "end" if model.game.decision == "over" else "game"
        return replace(model, screen=screen, notice=None)
    if name == "title":
        return replace(model, screen="title", notice=None, panel="")
    if name == "dismiss":
        return replace(model, notice=None)
    if name == "undo":
        return _undo(model)
    if name == "lang":
        if msg.value not in LANGUAGES:
            return model
        return replace(model, lang=msg.value, setup=replace(model.setup, lang=msg.value))
    if name == "link-game":
        return model if model.game is None else replace(model, linked=model.game.moves)
    if name == "say":
        return replace(model, notice=msg.value[:300] or None)
    if name == "watch":
        game = model.game
        record = record_of(model)
        if record is None or game is None:
            return replace(model, notice=_("There is no game to watch."))
        if model.screen == "replay" and model.watch is not None:
            return _step(model, msg.value) if msg.value else model
        back = model.screen if model.screen in ("end", "game") else "title"
        step = int(msg.value) if msg.value.isdigit() else 0
        watched_model = _watch(model, record, back, step)
        if not msg.value and watched_model.watch is not None:
            watched_model = replace(watched_model, watch=replace(watched_model.watch, playing=True))
        return watched_model
    if name == "watch-entry":
        if not msg.value.isdigit():
            return model
        entry = int(msg.value)
        if model.screen == "replay" and model.watch is not None:
            return _step(model, str(model.watch.line.step_of_entry(entry)))
        record = record_of(model)
        if record is None:
            return model
        line = timeline(record.game)
        back = model.screen if model.screen in ("end", "game") else "title"
        return _watch(model, record, back, line.step_of_entry(entry))
    if name == "watch-kept":
        if not msg.value.isdigit() or int(msg.value) >= len(model.history):
            return model
        try:
            record = model.history[int(msg.value)].record()
        except RecordError as err:
            said = _("This kept game cannot be opened. {reason}").format(reason=err)
            return replace(model, notice=said)
        return _watch(model, record, "history", 0, int(msg.value))
    if name == "step":
        return _step(model, msg.value)
    if name == "replay-play":
        watch = model.watch
        if watch is None:
            return model
        if watch.playing:
            return replace(model, watch=replace(watch, playing=False))
        step = 0 if watch.step >= watch.line.steps else watch.step
        return replace(model, watch=replace(watch, playing=True, step=step))
    if name == "leave":
        watch = model.watch
        back = "title" if watch is None else watch.back
        if back == "game" and (model.game is None or model.game.decision == "over"):
            back = "end" if model.game is not None else "title"
        return replace(model, screen=back, watch=None, explain="", panel="")
    if name == "play-from":
        return _play_from(model, now)
    if name == "history":
        return replace(model, screen="history", notice=None, panel="", watch=None, confirm="")
    if name == "forget":
        if not msg.value.isdigit() or int(msg.value) >= len(model.history):
            return model
        return replace(model, confirm=f"forget-{msg.value}")
    if name == "forget-yes":
        if model.confirm != f"forget-{msg.value}":
            return model
        index = int(msg.value)
        history = model.history[:index] + model.history[index + 1 :]
        return replace(model, history=history, confirm="", notice=_("The game was deleted."))
    if name == "forget-no":
        return replace(model, confirm="")
    if name == "import":
        return _import(model, msg.value, now)
    if name == "storage-failed":
        return model if model.storage_warned else replace(model, alert="storage")
    if name == "dismiss-alert":
        if model.alert != "storage":
            return model
        return replace(model, alert="", storage_warned=True)
    if name == "load-newer":
        return _load_newer(model)
    if name == "panel":
        if msg.value not in ("", *PANELS):
            return model
        return replace(model, panel="" if model.panel == msg.value else msg.value, rule="")
    if name == "log-round":
        if not msg.value.isdigit() or int(msg.value) > 9:
            return model
        return replace(model, log_rounds=tuple(sorted({*model.log_rounds, int(msg.value)})))
    if name == "rule":
        if not re.fullmatch(r"R\d{1,2}", msg.value):
            return model
        return replace(model, panel="rules", rule=msg.value)
    return replace(model, notice=_("Unknown command {name}.").format(name=repr(name)))


def computer_to_move(model: Model) -> str | None:
    """The level of the computer whose decision is pending on the game screen, if any."""
    game = model.game
    if model.screen != "game" or game is None or game.to_move is None:
        return None
    kind = model.kinds[game.to_move]
    return None if kind == HUMAN else kind


def forced_to_move(model: Model) -> str | None:
    """The move to make for the human to act when it is no choice (withdrawing when
    nothing else is possible, say) and the setting allows it; else None."""
    game = model.game
    if not model.setup.auto or model.screen != "game" or game is None or game.to_move is None:
        return None
    if model.kinds[game.to_move] != HUMAN:
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
    if after.kinds[seat] != HUMAN or after.mover in (None, seat):
        return False
    return forced_to_move(after) is None


def humans(kinds: tuple[str, ...], players: int) -> list[int]:
    """The seats people play among the first `players`."""
    return [s for s in range(players) if kinds[s] == HUMAN]


def computers_play(kinds: tuple[str, ...], players: int) -> bool:
    """Whether a computer sits at one of the first `players` seats."""
    return any(k != HUMAN for k in kinds[:players])
