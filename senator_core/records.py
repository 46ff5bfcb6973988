"""Game records: a whole game as a file anyone can keep, share, import and watch again.

A record (`.senator.json`) is JSON:

    {
      "format": "senator-record",
      "version": 1,
      "config": {...},            # GameConfig.to_dict(), always with its seed
      "actions": ["topic war", ...],
      "reseeds": [[move, seed], ...],   # only when a game's chance was redrawn
      "seats": [{"name": "Livia", "colour": 0, "kind": "human"}, ...],   # "kind": the occupant
      "auto": [12, 30],           # actions made for a player: nothing else was legal
      "undos": 0,                 # how often a player took a move back
      "started": "2026-12-01T09:30:00Z",   # or "" when unknown
      "result": {"scores": [[tokens, imperium, passed], ...], "winners": [0]},
      "review": {...}             # version 2: Review.to_dict(), when the game was reviewed
    }

Each seat's "kind" is its occupant, who plays it: "human" or a computer level (the
key keeps the name version 1 gave it, so that every version of the page reads every
record). `result` is null while the game is in progress. Reading a record replays every
action, so a record that does not hold a legal game, or whose result is not
the one its moves reach, is refused with a message saying which. Versions: 1,
the first; 2 adds "review", the review of a finished game (`senator_core.review`),
and is written only by a record that holds one, so a record without a review stays
readable by a page that knows version 1. A review that cannot be read costs the
record its review, not its game (`Record.unread` says why). A record of a newer
version is refused and left as it was.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from .config import GameConfig
from .game import Game, from_record
from .i18n import _, ngettext
from .levels import BASELINE, LEVELS
from .refusals import error_text
from .review import Review, ReviewError

RECORD_FORMAT = "senator-record"
RECORD_VERSION = 2
REVIEWED_SINCE = 2  # the first version that may hold a review
RECORD_SUFFIX = ".senator.json"
HUMAN = "human"
OCCUPANTS = (HUMAN, *LEVELS, BASELINE)  # who may play a seat: a person or a computer level
COLOURS = 5  # seat colours to choose from
LINK_LIMIT = 2000  # the longest `?game=` value a shared link may carry


class RecordError(ValueError):
    """A record, save or link that cannot be read: the message says why, for a player."""


@dataclass(frozen=True, eq=False)
class Record:
    """A game with who played it: the position reached, each seat's colour and occupant,
    the actions made for a player, how often a move was taken back, and when it began.
    Two records are equal when they hold the same file."""

    game: Game
    colours: tuple[int, ...]
    occupants: tuple[str, ...]
    auto: tuple[int, ...] = ()
    undos: int = 0
    started: str = ""
    review: Review | None = None
    # Why the file's review could not be read (it was left out), or "".
    unread: str = field(default="", compare=False)

    @property
    def finished(self) -> bool:
        return self.game.decision == "over"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def result(self) -> dict[str, Any] | None:
        """Scores and winners at the end, or None while the game goes on."""
        if not self.finished:
            return None
        return {
            "scores": [list(s) for s in self.game.scores()],
            "winners": self.game.winners(),
        }

    def to_dict(self) -> dict[str, Any]:
        game = self.game
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": REVIEWED_SINCE if self.review is not None else 1,
            **game.record(),
            "seats": [
                {"name": game.names[s], "colour": self.colours[s], "kind": self.occupants[s]}
                for s in range(game.players)
            ],
            "auto": list(self.auto),
            "undos": self.undos,
            "started": self.started,
            "result": self.result(),
        }
        if self.review is not None:
            data["review"] = self.review.to_dict()
        return data

    def to_json(self) -> str:
        """The record as a file's text, one action per line to read it by eye."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    def file_name(self) -> str:
        """A file name for this record: the date and the senators' names."""
        day = self.started[:10] or "game"
        names = "-".join(
            "".join(ch for ch in name if ch.isalnum())[:12] or f"seat{s + 1}"
            for s, name in enumerate(self.game.names)
        )
        return f"senator-{day}-{names}{RECORD_SUFFIX}"


def read_record(text: str | bytes) -> Record:
    """The record a file holds; RecordError saying what is wrong with it otherwise."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise RecordError(_("This file is not a game record: it is not JSON text.")) from None
    return record_from_dict(data)


def record_from_dict(data: Any) -> Record:
    """A record from its JSON value, checked by replaying it (see the module's text)."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(_("This file is not a Senator game record."))
    version = data.get("version")
    if not whole_number(version) or version < 1:
        raise RecordError(_("This game record has no readable version."))
    if version > RECORD_VERSION:
        raise RecordError(
            _(
                "This game record was written by a newer version of Senator (record version "
                "{version}); this page reads up to version {known}. Reload the page to update it."
            ).format(version=version, known=RECORD_VERSION)
        )
    known = {
        "format", "version", "config", "actions", "reseeds", "seats", "auto", "undos",
        "started", "result", *(("review",) if version >= REVIEWED_SINCE else ()),
    }  # fmt: skip
    unknown = sorted(str(k) for k in set(data) - known)
    if unknown:
        # Translators: {field} is the name of a field of the file, quoted as it is written there.
        message = _("This game record has a field Senator does not know: {field}.")
        raise RecordError(message.format(field=repr(unknown[0])))
    moves = {k: data[k] for k in ("config", "actions", "reseeds") if k in data}
    try:
        game = from_record(moves)
    except ValueError as err:
        reason = error_text(err).rstrip(".")
        message = _("This game record does not hold a legal game: {reason}.")
        raise RecordError(message.format(reason=reason)) from None
    colours, occupants = _read_seats(data.get("seats"), game)
    auto = data.get("auto", [])
    if not isinstance(auto, list) or not all(whole_number(i) and 0 <= i < game.moves for i in auto):
        raise RecordError(_("This game record's list of moves made for a player is not readable."))
    undos = data.get("undos", 0)
    if not whole_number(undos) or undos < 0:
        raise RecordError(_("This game record's count of moves taken back is not readable."))
    started = data.get("started", "")
    if not isinstance(started, str) or len(started) > 40:
        raise RecordError(_("This game record's date is not readable."))
    review, unread = _read_review(data.get("review"), game)
    record = Record(
        game, colours, occupants, tuple(sorted(set(auto))), undos, started, review, unread
    )
    if "result" in data and data["result"] != record.result():
        if record.result() is None:
            wrong = _(
                "This game record is inconsistent: it gives a result, but its moves leave the "
                "game in progress."
            )
        elif data["result"] is None:
            wrong = _(
                "This game record is inconsistent: it says the game is in progress, but its "
                "moves end it."
            )
        else:
            wrong = _(
                "This game record is inconsistent: its result is not the one its moves reach."
            )
        raise RecordError(wrong)
    return record


def _read_review(data: Any, game: Game) -> tuple[Review | None, str]:
    """A record's review, or None and, when it had one, why it was left out."""
    if data is None:
        return None, ""
    try:
        if game.decision != "over":
            raise ReviewError("only a finished game has a review")
        return Review.from_dict(data, game), ""
    except ReviewError:
        return None, _(
            "The game's review could not be read; it was left out and can be made again."
        )


def whole_number(value: object) -> TypeGuard[int]:
    """Whether a JSON value is a whole number (not a boolean, which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _read_seats(seats: Any, game: Game) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Each seat's colour and occupant; the names must be the game's own."""
    if not isinstance(seats, list) or len(seats) != game.players:
        raise RecordError(
            ngettext(
                "This game record's seats are not readable: it needs one for each of its "
                "{n} senator.",
                "This game record's seats are not readable: it needs one for each of its "
                "{n} senators.",
                game.players,
            ).format(n=game.players)
        )
    colours: list[int] = []
    occupants: list[str] = []
    for s, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise RecordError(
                _("This game record's seat {seat} is not readable.").format(seat=s + 1)
            )
        if seat.get("name") != game.names[s]:
            raise RecordError(
                _(
                    "This game record is inconsistent: seat {seat}'s name is not the one its "
                    "game was dealt with."
                ).format(seat=s + 1)
            )
        colour: Any = seat.get("colour")
        if not whole_number(colour) or not 0 <= colour < COLOURS or colour in colours:
            raise RecordError(
                _("This game record's colour of seat {seat} is not readable.").format(seat=s + 1)
            )
        occupant = seat.get("kind")
        if occupant not in OCCUPANTS:
            raise RecordError(
                _("This game record's player of seat {seat} is not readable.").format(seat=s + 1)
            )
        colours.append(colour)
        occupants.append(occupant)
    return tuple(colours), tuple(occupants)


# --------------------------------------------------------------------------- timeline


@dataclass(frozen=True)
class Timeline:
    """A game step by step: `games[k]` is the position after its first k actions,
    `log_ends[k]` the length of the log then, and `movers[k]` the seat that made
    action k + 1."""

    games: tuple[Game, ...]
    log_ends: tuple[int, ...]
    movers: tuple[int, ...]

    @property
    def steps(self) -> int:
        """How many actions the game has: the last step's number."""
        return len(self.games) - 1

    def step_of_entry(self, index: int) -> int:
        """The step whose action wrote log entry `index` (0 for the set-up's)."""
        for step, end in enumerate(self.log_ends):
            if index < end:
                return step
        return self.steps


def timeline(game: Game) -> Timeline:
    """Every position of `game` from its set-up, replayed from its record."""
    record = game.record()
    reseeds = dict(record.get("reseeds", []))
    step = Game(game.config)
    games = [step.clone()]
    ends = [len(step.log)]
    movers: list[int] = []
    for i, action in enumerate(record["actions"]):
        if i in reseeds:
            step._reseed(reseeds[i])
        seat = step.to_move
        assert seat is not None
        movers.append(seat)
        events = step.apply(action)
        games.append(step.clone())
        ends.append(ends[-1] + len(events))
    return Timeline(tuple(games), tuple(ends), tuple(movers))


# --------------------------------------------------------------------------- links


def _encode(data: dict[str, Any]) -> str:
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def game_link(config: GameConfig) -> str:
    """The query string that opens this deal anew: `?game=<base64url JSON>`."""
    return "?game=" + _encode(
        {k: v for k, v in config.to_dict().items() if v not in (None, [], ())}
    )


def record_link(record: Record) -> str | None:
    """The query string that opens this whole game, moves and all, to watch or play
    on (`?game=<base64url of the compressed record>`); None when it is too long. A
    link leaves the review out: it would seldom fit, and is made again in a minute."""
    data = replace(record, review=None).to_dict()
    data["started"] = ""  # a link says what happened, not when
    text = json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    packed = zlib.compress(text.encode(), 9)
    value = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return None if len(value) > LINK_LIMIT else "?game=" + value


def read_link(value: str) -> GameConfig | Record:
    """What a `game` link parameter opens: a deal to play, or a whole game;
    RecordError if it is neither."""
    if len(value) > 4 * LINK_LIMIT:
        raise RecordError(_("This game link is too long to be one of Senator's."))
    try:
        raw = base64.urlsafe_b64decode((value + "=" * (-len(value) % 4)).encode())
    except (binascii.Error, ValueError):
        raise RecordError(_("This game link is damaged: it is not one of Senator's.")) from None
    try:
        data = json.loads(raw.decode())
    except (UnicodeDecodeError, ValueError):
        try:
            data = json.loads(zlib.decompressobj().decompress(raw, 1 << 20).decode())
        except (zlib.error, UnicodeDecodeError, ValueError):
            raise RecordError(_("This game link is damaged: it is not one of Senator's.")) from None
        return record_from_dict(data)
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return record_from_dict(data)
    try:
        return GameConfig.from_dict(data)
    except (TypeError, ValueError) as err:
        message = _("This game link holds no game Senator can open: {reason}.")
        raise RecordError(message.format(reason=err)) from None
