"""The application's state and how messages change it: `Model`, the messages, `update`."""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from ..actions import IllegalActionError
from ..config import DEFAULT_NAMES, VARIANT_VALUES, GameConfig, Variants
from ..events import Event
from ..game import Game, new_game
from ..rules import CARDS, MAX_PLAYERS, MIN_PLAYERS
from .explain import forced_action

SAVE_KEY = "senator.save"
SETUP_KEY = "senator.setup"
UNREADABLE_KEY = "senator.save.unreadable"
SESSION_FORMAT = "senator-session"
PALETTE_SIZE = 5  # seat colours: see view.SEAT_COLOURS
PANELS = ("rules", "forum", "log")
HUMAN = "human"
SEAT_KINDS = (HUMAN, "easy", "normal", "hard")  # a person, or a computer of that level
ALL_HUMAN = (HUMAN,) * MAX_PLAYERS
SPEEDS = ("instant", "fast", "normal", "slow")  # how long a computer's move stays in view
SPEED_SECONDS = {"instant": 0.0, "fast": 0.35, "normal": 0.9, "slow": 1.8}
HINT_LEVEL = "hard"
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


Msg = Act | Cmd | Field | Hint


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

    def to_dict(self) -> dict[str, Any]:
        return {
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
            raise ValueError("The seed must be a whole number (or empty for a random deal).")
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
        _, number, part = name.split("-", 2)
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
class Model:
    """Everything the page shows. The game is never changed in place: `update` works
    on a copy, so an old model stays as it was.

    `seen` is how much of the game's log the player had seen before the last
    action: what came after it is shown as what just happened, and `mover` is
    the seat that made that action. `auto` lists where in the log each move made
    for a player (nothing else was legal) begins. `picked` holds the positions,
    in the hand shown, of the cards the player to move has touched to build a
    bid; `explain` names the piece whose explanation is open.
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
    auto: tuple[int, ...] = ()
    picked: tuple[int, ...] = ()
    explain: str = ""
    rule: str = ""  # the rule the rules panel was opened at ("R21"), if any
    log_rounds: tuple[int, ...] = ()  # earlier rounds of the log the player has unfolded


# --------------------------------------------------------------------------- links


def game_link(config: GameConfig) -> str:
    """The query string that opens this deal: `?game=<base64url JSON>`."""
    data = {k: v for k, v in config.to_dict().items() if v not in (None, [], ())}
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    return "?game=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def config_from_link(value: str) -> GameConfig:
    """The game config a `game` link parameter holds; ValueError if it is not one."""
    try:
        padded = value + "=" * (-len(value) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode()).decode())
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ValueError("it is not a game link") from None
    return GameConfig.from_dict(data)


# --------------------------------------------------------------------------- start and saves


def init(
    storage: dict[str, str | None], link: str | None = None, page_url: str = ""
) -> tuple[Model, dict[str, str | None]]:
    """The first model, from what the browser stored and the `game` link parameter.

    Returns the model and storage changes to make (an unreadable save is kept
    aside under another key, never lost).
    """
    writes: dict[str, str | None] = {}
    setup = Setup()
    if storage.get(SETUP_KEY):
        try:
            setup = Setup.from_dict(json.loads(storage.get(SETUP_KEY) or ""))
        except ValueError:
            setup = Setup()
    model = Model(setup=setup, colours=setup.colours, page_url=page_url)
    saved = storage.get(SAVE_KEY)
    if saved:
        try:
            game, colours, kinds, auto = load_session(saved)
        except ValueError:
            writes[UNREADABLE_KEY] = saved
            writes[SAVE_KEY] = None
            model = replace(
                model, notice="The saved game could not be read; it has been set aside."
            )
        else:
            if game.decision != "over":
                seen = len(log_of(game))
                model = replace(
                    model, game=game, colours=colours, kinds=kinds, seen=seen, auto=auto
                )
    if link:
        try:
            config = config_from_link(link)
            game = new_game(config)
        except (TypeError, ValueError) as err:
            return replace(model, notice=f"This game link could not be opened: {err}"), writes
        return replace(
            model, screen="game", game=game, seen=len(log_of(game)), colours=setup.colours
        ), writes
    return model, writes


class Session(NamedTuple):
    """A saved game with what the page keeps beside it."""

    game: Game
    colours: tuple[int, ...]
    kinds: tuple[str, ...]
    auto: tuple[int, ...]


def session_json(
    game: Game,
    colours: tuple[int, ...],
    kinds: tuple[str, ...] = ALL_HUMAN,
    auto: tuple[int, ...] = (),
) -> str:
    """The game in progress as stored: version 1, with `auto` optional."""
    data: dict[str, Any] = {
        "format": SESSION_FORMAT,
        "version": 1,
        "game": game.to_json(),
        "colours": list(colours),
        "kinds": list(kinds),
    }
    if auto:
        data["auto"] = list(auto)
    return json.dumps(data)


def load_session(text: str) -> Session:
    """A saved game, its seat colours, who sits where and which moves were made for a
    player; ValueError if it is not sound."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError("not JSON") from None
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise ValueError("not a saved game of Senator")
    game = Game.from_json(str(data.get("game")))
    colours = data.get("colours")
    if (
        not isinstance(colours, list)
        or sorted(colours) != list(range(PALETTE_SIZE))
        or not all(isinstance(c, int) for c in colours)
    ):
        raise ValueError("the seat colours are not readable")
    try:
        kinds = read_kinds(data.get("kinds", list(ALL_HUMAN)))
    except ValueError:
        raise ValueError("the seats' players are not readable") from None
    auto = data.get("auto", [])
    log_size = len(log_of(game))
    if not isinstance(auto, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i < log_size for i in auto
    ):
        raise ValueError("the moves made for players are not readable")
    return Session(game, tuple(colours), kinds, tuple(auto))


def read_kinds(value: Any) -> tuple[str, ...]:
    """Who plays each seat, from stored JSON: a list of MAX_PLAYERS seat kinds."""
    if (
        not isinstance(value, list)
        or len(value) != MAX_PLAYERS
        or not all(k in SEAT_KINDS for k in value)
    ):
        raise ValueError("kinds")
    return tuple(value)


def persist(model: Model) -> dict[str, str | None]:
    """What to store: the game in progress (None clears it) and the set-up."""
    game = model.game
    in_progress = game is not None and game.decision != "over"
    return {
        SAVE_KEY: session_json(game, model.colours, model.kinds, model.auto)
        if game is not None and in_progress
        else None,
        SETUP_KEY: json.dumps(model.setup.to_dict()),
    }


# --------------------------------------------------------------------------- update


def _start(model: Model, config: GameConfig, kinds: tuple[str, ...] | None = None) -> Model:
    game = new_game(config)
    return replace(
        model,
        screen="game",
        game=game,
        seen=len(log_of(game)),
        notice=None,
        panel="",
        colours=model.setup.colours,
        kinds=model.setup.kinds if kinds is None else kinds,
        hint=None,
        mover=None,
        auto=(),
        picked=(),
        explain="",
        log_rounds=(),
    )


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


def _act(model: Model, text: str, auto: bool = False) -> Model:
    game = model.game
    if game is None or model.screen != "game":
        return replace(model, notice="There is no game in progress.")
    moved = game.clone()
    try:
        moved.apply(text)
    except IllegalActionError as err:
        return replace(model, notice=str(err))
    screen = "end" if moved.decision == "over" else "game"
    return replace(
        model,
        screen=screen,
        game=moved,
        seen=len(log_of(game)),
        notice=None,
        hint=None,
        mover=game.to_move,
        auto=(*model.auto, len(game.log)) if auto else model.auto,
        picked=(),
        explain="",
    )


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


def update(model: Model, msg: Msg) -> Model:
    """The model after a message; bad messages leave everything as it was, with a notice."""
    if isinstance(msg, Act):
        return _act(model, msg.text, msg.auto)
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
        return _start(model, config)
    if name == "quick-play":
        own = model.setup.names[0].strip() or DEFAULT_NAMES[0]
        if own in DEFAULT_NAMES[1:4]:
            own = DEFAULT_NAMES[0]
        try:
            config = GameConfig(players=4, names=(own, *DEFAULT_NAMES[1:4]))
        except ValueError:
            config = GameConfig(players=4, names=DEFAULT_NAMES[:4])
        return _start(model, config, QUICK_PLAY_KINDS)
    if name == "play-again":
        if model.game is None:
            return replace(model, screen="setup")
        config = replace(model.game.config, seed=None, draws=(), event_order=())
        return _start(model, config, model.kinds)
    if name == "pick":
        return _pick(model, msg.value)
    if name == "unpick":
        return replace(model, picked=())
    if name == "confirm":
        cards = picked_cards(model)
        if not cards:
            return replace(model, notice="Touch the cards of your hand to build a bid first.")
        return _act(model, picked_action(cards))
    if name == "explain":
        return replace(model, explain="" if model.explain == msg.value else msg.value[:40])
    if name == "toggle":
        if msg.value not in SWITCHES:
            return model
        flipped = not getattr(model.setup, msg.value)
        return replace(model, setup=_switch(model.setup, msg.value, flipped))
    if name == "continue":
        if model.game is None:
            return replace(model, notice="There is no game to continue.")
        screen = "end" if model.game.decision == "over" else "game"
        return replace(model, screen=screen, notice=None)
    if name == "title":
        return replace(model, screen="title", notice=None, panel="")
    if name == "dismiss":
        return replace(model, notice=None)
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
    return replace(model, notice=f"Unknown command {name!r}.")


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
