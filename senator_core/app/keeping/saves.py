"""What the browser keeps: the game in progress (the session) and the games played (the history).

The session, under `SAVE_KEY`, is JSON:

    {"format": "senator-session", "version": 2,
     "record": {...},      # the game as a record (see senator_core.records)
     "state": {...},       # Game.state() of its position: a check against damage
     "shown": {"screen": "game", "hint": null, "picked": [], "explain": "",
               "panel": "", "log_rounds": []}}

`shown` is what the screen showed beside the game, so that a reload draws the
same screen: the screen itself (the game, or the title with the game to
continue), the hint if one was shown (the move number it was for, each action's
estimate, and under "facts" what the playouts saw after each, `sightings.facts_to`,
left out when not known), the cards picked for a bid, the piece explained, the panel
open, the log's unfolded rounds, under "story", the round whose summary the
table held (left out when none), under "hit", the move whose blow to the person the
table held (its number, the game's last; left out when none), and under "lesson",
in the guided first game, {"heard": the last position whose note the player went
on from, "alone": whether they left the lesson's line to play on alone} (left out
in any other game). The
last move, highlighted, is the record's last action, so nothing keeps it; older
saves also hold "seen" and "mover" in `shown`, which are read past.

Earlier versions, read and brought up to date:
- version 1: {"format", "version": 1, "game": Game.to_json(), "colours": [5 colours],
  "kinds": [5 kinds], "auto": [log indices where a move made for a player begins]}.
  It kept no `shown`: the screen reloads as the game's defaults draw it.

The history, under `HISTORY_KEY`, is {"format": "senator-history", "version": 1,
"games": [...]}, newest first: each game a record's JSON with "finished", when it
ended or was set aside unfinished (ISO time). The same text is the file
"export all" writes.

A session or history of a newer version than this page reads is refused with a
message and left where it is (see `Model.held`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ...game import Game
from ...i18n import _
from ...records import (
    COLOURS,
    HUMAN,
    OCCUPANTS,
    RECORD_FORMAT,
    Record,
    RecordError,
    Timeline,
    record_from_dict,
    timeline,
    whole_number,
)
from ...refusals import error_text
from ...sightings import Facts, facts_from, facts_to
from ..screens import OpenPanel, panel_named

SAVE_KEY = "senator.save"
SETUP_KEY = "senator.setup"
HISTORY_KEY = "senator.history"
DAYS_KEY = "senator.days"  # this device's tables over days (see `app/days/`)
ONLINE_KEY = "senator.online"  # this device at an online table (see `app/online/`)
UNREADABLE_KEY = "senator.save.unreadable"
UNREADABLE_HISTORY_KEY = "senator.history.unreadable"
# Where what could not be read is kept aside, and the key it was read from.
SET_ASIDE = {UNREADABLE_KEY: SAVE_KEY, UNREADABLE_HISTORY_KEY: HISTORY_KEY}
# A hint as a save keeps it: the move it was for, each choice's estimate, and what the
# playouts saw after each (empty when they were not kept).
HintShown = tuple[int, tuple[tuple[str, float], ...], tuple[Facts | None, ...]]

SESSION_FORMAT = "senator-session"
SESSION_VERSION = 2
HISTORY_FORMAT = "senator-history"
HISTORY_VERSION = 1
HISTORY_LIMIT = 500  # games kept; beyond, the oldest finished ones give way


class NewerVersion(RecordError):
    """Kept by a newer version of the game: refused, and left as it is."""


@dataclass(frozen=True)
class Turn:
    """One action of the game in progress: the seat that made it, where its lines begin
    in the log, whether it was made for a human because nothing else was legal, and
    whether nothing else was legal at all (then it was no decision)."""

    seat: int
    log_start: int
    auto: bool = False
    forced: bool = False


@dataclass(frozen=True)
class Shown:
    """What the screen showed beside the game (see the module's text)."""

    screen: Literal["game", "title"] = "title"  # the game, or the title to continue it
    # The hint: the move it was for, each choice's estimate, what its playouts saw.
    hint: HintShown | None = None
    picked: tuple[int, ...] = ()
    explain: str = ""
    panel: OpenPanel = ""
    log_rounds: tuple[int, ...] = ()
    story: int = 0
    hit: int = 0
    lesson: tuple[int, bool] | None = None  # the guided game's coach: heard, alone

    def to_dict(self) -> dict[str, Any]:
        return {
            "screen": self.screen,
            "hint": None
            if self.hint is None
            else {
                "moves": self.hint[0],
                "options": [list(o) for o in self.hint[1]],
                **({"facts": [facts_to(f) for f in self.hint[2]]} if self.hint[2] else {}),
            },
            "picked": list(self.picked),
            "explain": self.explain,
            "panel": self.panel,
            "log_rounds": list(self.log_rounds),
            **({"story": self.story} if self.story else {}),
            **({"hit": self.hit} if self.hit else {}),
            **(
                {}
                if self.lesson is None
                else {"lesson": {"heard": self.lesson[0], "alone": self.lesson[1]}}
            ),
        }


@dataclass(frozen=True)
class Session:
    """The game in progress as kept: its record, its turns and what was shown."""

    record: Record
    turns: tuple[Turn, ...]
    shown: Shown = field(default_factory=Shown)


def turns_of(record: Record, line: Timeline | None = None) -> tuple[Turn, ...]:
    """Who made each action of a record and where its log lines begin (`line`, the
    record's timeline, if it is at hand)."""
    line = line or timeline(record.game)
    auto = set(record.auto)
    return tuple(
        Turn(seat, line.log_ends[i], i in auto, len(line.games[i].legal_actions()) == 1)
        for i, seat in enumerate(line.movers)
    )


def session_json(session: Session) -> str:
    game = session.record.game
    return json.dumps(
        {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "record": session.record.to_dict(),
            "state": game.state(),
            "shown": session.shown.to_dict(),
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def load_session(text: str) -> Session:
    """The game in progress a save holds, brought up to this version; RecordError
    (NewerVersion for a newer save) saying why it cannot be read."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        # Translators: why a saved game cannot be read, after "The saved game could not
        # be read:"; so are the other texts that begin "it is" or "it has".
        raise RecordError(_("it is not JSON text.")) from None
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise RecordError(_("it is not one of Senator's saves."))
    version = data.get("version")
    if whole_number(version) and version > SESSION_VERSION:
        raise NewerVersion(
            _(
                "The saved game was kept by a newer version of Senator (version {version}). "
                "Reload the page to update it; it is left as it is, and games here are not "
                "saved meanwhile."
            ).format(version=version)
        )
    if version == 1:
        return _from_version_1(data)
    if version != SESSION_VERSION:
        raise RecordError(_("it has no readable version."))
    try:
        record = record_from_dict(data.get("record"))
    except RecordError as err:
        raise RecordError(_("it is damaged. {reason}").format(reason=err)) from None
    if record.game.state() != data.get("state"):
        raise RecordError(_("it is damaged: its position does not match its moves."))
    turns = turns_of(record)
    return Session(record, turns, _read_shown(data.get("shown"), record.game))


def _from_version_1(data: dict[str, Any]) -> Session:
    """A version 1 save: the engine's save, colours and occupants (under "kinds") for
    five seats, and the log indices where moves made for a player begin."""
    try:
        game = Game.from_json(str(data.get("game")))
    except ValueError as err:
        reason = error_text(err)
        raise RecordError(_("it is damaged: {reason}.").format(reason=reason)) from None
    players = game.players
    colours = data.get("colours")
    if (
        not isinstance(colours, list)
        or sorted(colours) != list(range(COLOURS))
        or not all(isinstance(c, int) for c in colours)
    ):
        raise RecordError(_("it is damaged: its seat colours are not readable."))
    occupants = data.get("kinds", [HUMAN] * COLOURS)
    if (
        not isinstance(occupants, list)
        or len(occupants) != COLOURS
        or not all(k in OCCUPANTS for k in occupants)
    ):
        raise RecordError(_("it is damaged: its seats' players are not readable."))
    record = Record(game, tuple(colours[:players]), tuple(occupants[:players]))
    bare = turns_of(record)
    starts = data.get("auto", [])
    if not isinstance(starts, list) or not all(isinstance(i, int) for i in starts):
        raise RecordError(_("it is damaged: its moves made for players are unreadable."))
    auto = tuple(i for i, t in enumerate(bare) if t.log_start in starts)
    if len(auto) != len(set(starts)):
        raise RecordError(_("it is damaged: its moves made for players are unreadable."))
    record = Record(game, record.colours, record.occupants, auto)
    turns = tuple(replace(t, auto=i in auto) for i, t in enumerate(bare))
    return Session(record, turns, Shown())


def _read_shown(value: Any, game: Game) -> Shown:
    """What the screen showed, each part that is not readable left at its default."""
    if not isinstance(value, dict):
        return Shown()
    hint = _read_hint(value.get("hint"), game)
    picked = value.get("picked")
    picked = (
        tuple(sorted(set(picked)))
        if isinstance(picked, list) and all(whole_number(i) and 0 <= i < 16 for i in picked)
        else ()
    )
    explain = value.get("explain")
    panel = value.get("panel")
    rounds = value.get("log_rounds")
    story = value.get("story")
    hit = value.get("hit")
    return Shown(
        screen="game" if value.get("screen") == "game" else "title",
        hint=hint,
        picked=picked,
        explain=explain[:40] if isinstance(explain, str) else "",
        panel=panel_named(panel) or "",
        log_rounds=tuple(sorted({r for r in rounds if whole_number(r) and 0 <= r <= 9}))
        if isinstance(rounds, list)
        else (),
        # Only the summary of the round just ended, while the game goes on.
        story=story
        if whole_number(story) and story == game.round - 1 and game.decision != "over"
        else 0,
        # Only a blow dealt by the last move, while the game goes on.
        hit=hit if whole_number(hit) and hit == game.moves > 0 and game.to_move is not None else 0,
        lesson=_read_lesson(value.get("lesson"), game),
    )


def _read_lesson(value: Any, game: Game) -> tuple[int, bool] | None:
    """The guided game's coach as kept: the last position whose note the player went
    on from (-1 for none) and whether they play on alone; None when not readable."""
    if not isinstance(value, dict):
        return None
    heard, alone = value.get("heard"), value.get("alone")
    if not isinstance(alone, bool) or not whole_number(heard) or heard < -1:
        return None
    return min(heard, game.moves), alone


def _read_hint(value: Any, game: Game) -> HintShown | None:
    if not isinstance(value, dict) or value.get("moves") != game.moves:
        return None
    options = value.get("options")
    legal = {str(a) for a in game.legal_actions()}
    if not isinstance(options, list) or not all(
        isinstance(o, list)
        and len(o) == 2
        and o[0] in legal
        and isinstance(o[1], int | float)
        and not isinstance(o[1], bool)
        for o in options
    ):
        return None
    read = tuple((str(a), float(v)) for a, v in options)
    return game.moves, read, _read_facts(value.get("facts"), len(read))


def _read_facts(value: Any, count: int) -> tuple[Facts | None, ...]:
    """A hint's facts, one for each of its `count` choices; none if they are unreadable
    (the hint then shows its estimates without saying why)."""
    if not isinstance(value, list) or len(value) != count:
        return ()
    try:
        return tuple(facts_from(f) for f in value)
    except ValueError:
        return ()


# --------------------------------------------------------------------------- the history


@dataclass(frozen=True)
class Kept:
    """A game in the history, as stored: its record's JSON value and when it ended.
    Only what a history row shows is checked on loading; the whole record is checked
    when the game is opened."""

    data: dict[str, Any]

    @property
    def finished(self) -> str:
        return str(self.data.get("finished", ""))

    @property
    def started(self) -> str:
        return str(self.data.get("started", ""))

    @property
    def names(self) -> list[str]:
        return [str(s["name"]) for s in self.data["seats"]]

    @property
    def occupants(self) -> list[str]:
        return [str(s["kind"]) for s in self.data["seats"]]

    @property
    def colours(self) -> list[int]:
        return [int(s["colour"]) for s in self.data["seats"]]

    @property
    def result(self) -> dict[str, Any] | None:
        result = self.data.get("result")
        return result if isinstance(result, dict) else None

    @property
    def undos(self) -> int:
        undos = self.data.get("undos", 0)
        return undos if whole_number(undos) else 0

    @property
    def key(self) -> tuple[object, ...]:
        """What tells two kept games apart: the deal, its moves and when it began."""
        config = self.data.get("config") or {}
        actions = self.data.get("actions") or []
        return (config.get("seed"), len(actions), self.started, tuple(actions[-3:]))

    def record(self) -> Record:
        """The whole record, checked by replaying it."""
        data = {k: v for k, v in self.data.items() if k != "finished"}
        return record_from_dict(data)


def kept(record: Record, finished: str) -> Kept:
    return Kept({**record.to_dict(), "finished": finished})


def _kept_ok(value: Any) -> bool:
    """Whether a stored history entry can be listed: the parts its row shows are sound."""
    if not isinstance(value, dict) or value.get("format") != RECORD_FORMAT:
        return False
    seats = value.get("seats")
    if not isinstance(seats, list) or not 3 <= len(seats) <= COLOURS:
        return False
    for seat in seats:
        if (
            not isinstance(seat, dict)
            or not isinstance(seat.get("name"), str)
            or seat.get("kind") not in OCCUPANTS
            or not whole_number(seat.get("colour"))
            or not 0 <= seat["colour"] < COLOURS
        ):
            return False
    if not isinstance(value.get("config"), dict) or not isinstance(value.get("actions"), list):
        return False
    result = value.get("result")
    if result is None:
        return True
    if not isinstance(result, dict):
        return False
    scores, winners = result.get("scores"), result.get("winners")
    return (
        isinstance(scores, list)
        and len(scores) == len(seats)
        and all(
            isinstance(s, list) and len(s) == 3 and all(whole_number(x) for x in s) for s in scores
        )
        and isinstance(winners, list)
        and bool(winners)
        and all(whole_number(w) and 0 <= w < len(seats) for w in winners)
    )


def history_json(games: tuple[Kept, ...]) -> str:
    return json.dumps(
        {"format": HISTORY_FORMAT, "version": HISTORY_VERSION, "games": [k.data for k in games]},
        separators=(",", ":"),
        ensure_ascii=False,
    )


def load_history(text: str) -> tuple[tuple[Kept, ...], int]:
    """The kept games a history holds, and how many entries could not be read (left
    out); RecordError if it is no history at all, NewerVersion for a newer one."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise RecordError(_("The kept games are not JSON text.")) from None
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise RecordError(_("The kept games are not a history of Senator's."))
    version = data.get("version")
    if whole_number(version) and version > HISTORY_VERSION:
        raise NewerVersion(
            _(
                "The kept games were written by a newer version of Senator (version "
                "{version}). Reload the page to update it."
            ).format(version=version)
        )
    games = data.get("games")
    if version != HISTORY_VERSION or not isinstance(games, list):
        raise RecordError(_("The kept games have no readable version."))
    good = tuple(Kept(g) for g in games if _kept_ok(g))
    return good, len(games) - len(good)


def add_kept(games: tuple[Kept, ...], new: tuple[Kept, ...]) -> tuple[Kept, ...]:
    """The history with `new` games added (a game already kept is not added twice),
    newest first, at most HISTORY_LIMIT long."""
    keys = {k.key for k in games}
    fresh = []
    for game in new:
        if game.key not in keys:
            keys.add(game.key)
            fresh.append(game)
    merged = sorted((*fresh, *games), key=lambda k: k.finished, reverse=True)
    return tuple(merged[:HISTORY_LIMIT])


@dataclass(frozen=True)
class Statistics:
    """The history in figures: games finished, and against each computer level the
    games one human played with it the strongest at the table, and the ones that
    human won (a game against Hard and Expert counts once, against Expert)."""

    played: int
    unfinished: int
    levels: tuple[tuple[str, int, int], ...]  # level, games, wins


def statistics(games: tuple[Kept, ...]) -> Statistics:
    played = unfinished = 0
    levels: dict[str, list[int]] = {}
    for game in games:
        result = game.result
        if result is None:
            unfinished += 1
            continue
        played += 1
        occupants = game.occupants
        people = [s for s, k in enumerate(occupants) if k == HUMAN]
        if len(people) != 1:
            continue
        computers = [k for k in occupants if k != HUMAN]
        if not computers:
            continue
        strongest = max(computers, key=lambda k: OCCUPANTS.index(k) if k in OCCUPANTS else -1)
        tally = levels.setdefault(strongest, [0, 0])
        tally[0] += 1
        tally[1] += people[0] in result["winners"]
    order = [k for k in OCCUPANTS if k in levels]
    return Statistics(played, unfinished, tuple((k, *levels[k]) for k in order))  # type: ignore[misc]
