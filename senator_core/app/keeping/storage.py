"""What the page reads from the browser's storage and writes to it: the first model
(from the stored save, set-up and history, and the page's link), and what to store
for a model. The stored formats themselves are in `saves.py`."""

from __future__ import annotations

import json
from dataclasses import replace
from urllib.parse import parse_qsl

from ...config import GameConfig
from ...game import new_game
from ...i18n import LANGUAGES, _, ngettext, pick_language, use
from ...records import Record, RecordError, read_link
from ..changes import playing, set_aside
from ..days.state import days_json, load_days
from ..derived import full_colours, full_occupants, record_of
from ..effects import Effects, ForgetAddress, Store
from ..lesson.line import is_lesson
from ..lesson.state import Lesson
from ..model import ALL_HUMAN, Model
from ..online.update import online_json, restored, seconds
from ..play.state import Hint
from ..replay.update import open_replay
from ..setup.state import Setup
from ..setup.update import setup_from_dict
from .saves import (
    DAYS_KEY,
    HISTORY_KEY,
    ONLINE_KEY,
    SAVE_KEY,
    SETUP_KEY,
    UNREADABLE_HISTORY_KEY,
    UNREADABLE_KEY,
    Kept,
    NewerVersion,
    Session,
    Shown,
    history_json,
    load_history,
    load_session,
    session_json,
)

# What the page reads when it opens.
STORED_KEYS = (SAVE_KEY, SETUP_KEY, HISTORY_KEY, ONLINE_KEY, DAYS_KEY)
OPENED_ONCE = ("game", "lang")  # the address's parameters read once, then taken out


def session_model(model: Model, session: Session) -> Model:
    """The model showing a kept game in progress, as its screen was."""
    record = session.record
    shown = session.shown
    hint = None if shown.hint is None else Hint(*shown.hint)
    return replace(
        model,
        screen=shown.screen,
        game=record.game,
        colours=full_colours(record.colours),
        occupants=full_occupants(record.occupants),
        turns=session.turns,
        undos=record.undos,
        started=record.started,
        hint=hint,
        picked=shown.picked,
        explain=shown.explain,
        panel=shown.panel,
        log_rounds=shown.log_rounds,
        story=shown.story,
        hit=shown.hit,
        lesson=None
        if shown.lesson is None or not is_lesson(record.game.config)
        else Lesson(*shown.lesson),
    )


def init(
    storage: dict[str, str | None],
    query: str = "",
    page_url: str = "",
    now: str = "",
    browser: tuple[str, ...] = (),
    build: str = "",
    entropy: bytes = b"",
) -> tuple[Model, Effects]:
    """The first model, from what the browser stored and the page's address: its
    `query` (the part after "?"), whose `game` parameter opens a deal or a whole game
    (`now`, the time, dates a game in progress that it sets aside), and whose `lang`
    parameter picks the language (then remembered; else the one chosen before, else
    the first of the browser's languages the game speaks). `entropy`, the page's
    random bytes, is what this device's ids (an online table's device, room and
    secret) are made from.

    Returns the model and the effects to carry out first: the writes (an unreadable
    save or history is kept aside under another key, and cleared only where that
    copy is there, so it is never lost), and the parameters to take out of the
    address, opened once: a reload continues the game the link began, not its deal
    anew, in the language chosen since. The model's `stored` is what the storage
    holds once those writes are made.
    """
    found: dict[str, str] = {}
    for name, value in parse_qsl(query.removeprefix("?"), keep_blank_values=True):
        found.setdefault(name, value)  # the first of a name, as the browser reads it
    link, lang = found.get("game"), found.get("lang")
    model, writes = _read(storage, link, page_url, now, lang, browser, build, entropy.hex())
    stored = {key: storage.get(key) for key in STORED_KEYS}
    stored.update((w.key, w.value) for w in writes if w.key in STORED_KEYS)
    known = tuple((k, v) for k, v in stored.items() if v is not None)  # nothing: not kept
    once = tuple(name for name in OPENED_ONCE if name in found)
    forget = (ForgetAddress(once),) if once else ()
    return replace(model, stored=known), (*writes, *forget)


def _set_aside(key: str, aside: str, text: str, then: str | None) -> list[Store]:
    """Keeps `text`, unreadable under `key`, under `aside`, then writes `then` under
    `key`: only where the copy is there, so a copy the browser refuses loses nothing."""
    return [Store(aside, text), Store(key, then, guarded=True, expected=text, under=aside)]


def _read(
    storage: dict[str, str | None],
    link: str | None,
    page_url: str,
    now: str,
    lang: str | None,
    browser: tuple[str, ...],
    build: str = "",
    entropy: str = "",
) -> tuple[Model, list[Store]]:
    writes: list[Store] = []
    notices: list[str] = []
    setup = Setup()
    if storage.get(SETUP_KEY):
        try:
            setup = setup_from_dict(json.loads(storage.get(SETUP_KEY) or ""))
        except ValueError:
            setup = Setup()
    if lang in LANGUAGES:
        setup = replace(setup, lang=lang)
        writes.append(Store(SETUP_KEY, json.dumps(setup.to_dict())))  # remembered at once
    spoken = pick_language(setup.lang, *browser)
    use(spoken)
    model = Model(
        setup=setup,
        colours=setup.colours,
        page_url=page_url,
        lang=spoken,
        build=build,
        entropy=entropy,
    )
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
            writes += _set_aside(HISTORY_KEY, UNREADABLE_HISTORY_KEY, stored_history, None)
            notices.append(
                _("The games kept on this browser could not be read; they were set aside.")
            )
        else:
            if lost:
                readable = history_json(history)
                writes += _set_aside(HISTORY_KEY, UNREADABLE_HISTORY_KEY, stored_history, readable)
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
            writes += _set_aside(SAVE_KEY, UNREADABLE_KEY, saved, None)
            # Translators: {reason} is one of the texts that begin "it is" or "it has".
            said = _("The saved game could not be read: {reason} It has been set aside.")
            notices.append(said.format(reason=err))
        else:
            if session.record.game.decision != "over":
                model = session_model(model, session)
    model = replace(model, held=frozenset(held), notice=" ".join(notices) or None)
    kept_days = storage.get(DAYS_KEY)
    if kept_days:
        try:
            tables, streams = load_days(kept_days)
            model = replace(model, tables=tables, kept_days=streams, clock=seconds(now) or 0.0)
        except (ValueError, TypeError, RecursionError):
            held.add(DAYS_KEY)  # what another version wrote, or damaged: left as it is
            said = _("The tables over days kept here could not be read.")
            model = replace(model, held=frozenset(held), notice=said)
    at_table_online = storage.get(ONLINE_KEY)
    if at_table_online and not link:
        model = restored(model, at_table_online)
        if model.online is None:
            # Unreadable: the game itself was never kept here.
            writes.append(Store(ONLINE_KEY, None))
    if link:
        try:
            opened = read_link(link)
            game = new_game(opened) if isinstance(opened, GameConfig) else None
        except (TypeError, ValueError) as err:
            said = _("This game link could not be opened. {reason}").format(reason=err)
            return replace(model, notice=said), writes
        if isinstance(opened, Record):
            return open_replay(model, opened, "title", opened.game.moves), writes
        assert game is not None
        if model.game is not None and model.game.moves:
            model = set_aside(model, now)
        return replace(playing(model, game, setup.colours, ALL_HUMAN), notice=model.notice), writes
    return model, writes


_HISTORY_WRITTEN: list[tuple[tuple[Kept, ...], str]] = []  # the last history written


def persist(model: Model) -> dict[str, str | None]:
    """What to store: the game in progress (None clears it), the set-up and the
    history. What another version or tab holds (`held`) is not written over."""
    game = model.game
    record = record_of(model)
    in_progress = record is not None and game is not None and game.decision != "over"
    writes: dict[str, str | None] = {SETUP_KEY: json.dumps(model.setup.to_dict())}
    writes[ONLINE_KEY] = None if model.online is None else online_json(model.online)
    if DAYS_KEY not in model.held:
        writes[DAYS_KEY] = _days_written(model)
    if model.online is not None or model.days is not None:
        writes[SAVE_KEY] = None  # an online game is the table's (the game set aside is kept)
    elif SAVE_KEY not in model.held and model.alert != "stale":
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


_DAYS_WRITTEN: list[tuple[object, object, str]] = []  # the last tables written


def _days_written(model: Model) -> str | None:
    """What the browser keeps of the tables over days (None once there are none)."""
    if not model.tables:
        return None
    last = _DAYS_WRITTEN[0] if _DAYS_WRITTEN else None
    if last is None or last[0] is not model.tables or last[1] is not model.kept_days:
        _DAYS_WRITTEN[:] = [
            (model.tables, model.kept_days, days_json(model.tables, model.kept_days))
        ]
    return _DAYS_WRITTEN[0][2]


def shown_of(model: Model) -> Shown:
    """What the screen shows beside the game, as the save keeps it."""
    hint = model.hint
    return Shown(
        screen="game" if model.screen == "game" else "title",
        hint=None if hint is None else (hint.moves, hint.options, hint.facts),
        picked=model.picked,
        explain=model.explain,
        panel=model.panel,
        log_rounds=model.log_rounds,
        story=model.story,
        hit=model.hit,
        lesson=None if model.lesson is None else (model.lesson.heard, model.lesson.alone),
    )
