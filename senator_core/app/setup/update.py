"""The set-up's rules and messages: reading a remembered set-up, changing one field,
the game it describes, and going from the set-up to a game. Every value a field can
hold is checked here, once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, assert_never

from ...config import DEFAULT_NAMES, VARIANT_VALUES, GameConfig, Variants
from ...i18n import LANGUAGES, _
from ...records import HUMAN
from ...rules import MAX_PLAYERS, MIN_PLAYERS
from ..changes import on_screen, playing_new
from ..effects import Effects, Scroll
from ..model import Model
from ..ui.text import said_of
from .messages import Message, NewGame, QuickPlay, Start
from .state import (
    FIRST_OCCUPANTS,
    PALETTE_SIZE,
    QUICK_PLAYERS,
    SEAT_CHOICES,
    SPEEDS,
    SWITCHES,
    Setup,
)


def update(model: Model, msg: Message, now: str) -> tuple[Model, Effects]:
    """The model after one of the set-up's messages, and the effects to carry out."""
    match msg:
        case NewGame(at_online):
            shown = replace(on_screen(model, "setup"), notice=None, panel="")
            if not at_online:
                return shown, ()
            return replace(shown, setup=for_friends(shown.setup)), (Scroll("online"),)
        case Start():
            try:
                config = game_config(model.setup)
            except ValueError as err:
                return replace(model, notice=said_of(err)), ()
            return playing_new(model, config, now), ()
        case QuickPlay():
            return _quick_play(model, now), ()
        case _:
            assert_never(msg)


def _quick_play(model: Model, now: str) -> Model:
    own = model.setup.names[0].strip() or DEFAULT_NAMES[0]
    if own in DEFAULT_NAMES[1:4]:
        own = DEFAULT_NAMES[0]
    try:
        config = GameConfig(players=QUICK_PLAYERS, names=(own, *DEFAULT_NAMES[1:QUICK_PLAYERS]))
    except ValueError:
        config = GameConfig(players=QUICK_PLAYERS, names=DEFAULT_NAMES[:QUICK_PLAYERS])
    return playing_new(model, config, now, quick_occupants(model.setup))


_FIELD_OF = {"first_opener": "first-opener"}  # a stored name that differs from the field's


def setup_from_dict(data: Any) -> Setup:
    """A remembered set-up; whatever is unreadable falls back to the default."""
    if not isinstance(data, dict):
        return Setup()
    setup = Setup()
    for name, value in data.items():
        try:
            setup = set_field(setup, _FIELD_OF.get(name, str(name)), value)
        except (TypeError, ValueError):
            continue
    return setup


def game_config(setup: Setup) -> GameConfig:
    """The game a set-up describes; ValueError says what is wrong."""
    seed_text = setup.seed.strip()
    if seed_text and not seed_text.isdigit():
        raise ValueError(_("The seed must be a whole number (or empty for a random deal)."))
    opener = None if setup.first_opener == "random" else int(setup.first_opener)
    if opener is not None and opener >= setup.players:
        opener = None
    return GameConfig(
        players=setup.players,
        seed=int(seed_text) if seed_text else None,
        first_opener=opener,
        names=setup.names[: setup.players],
        variants=setup.variants,
    )


def quick_levels(setup: Setup) -> tuple[str, ...]:
    """The levels of the three computers "Play against the computer" seats: the
    computer seats of the last set-up, in order (the last repeated to make three),
    or a first visit's when it had none."""
    chosen = [k for k in setup.occupants[: setup.players] if k != HUMAN] or list(setup.computers)
    if not chosen:
        chosen = [k for k in FIRST_OCCUPANTS if k != HUMAN]
    return tuple((chosen + [chosen[-1]] * QUICK_PLAYERS)[: QUICK_PLAYERS - 1])


def quick_occupants(setup: Setup) -> tuple[str, ...]:
    """Who plays each seat of "Play against the computer": you, then `quick_levels`."""
    seats = (HUMAN, *quick_levels(setup))
    return seats + (HUMAN,) * (len(FIRST_OCCUPANTS) - len(seats))


def for_friends(setup: Setup) -> Setup:
    """The set-up as an online table needs it: when no seat after the player's is a
    person's, every seat is (each waits for a friend invited; a seat can be made a
    computer's again); the computers' levels are kept for "Play against the computer"."""
    if HUMAN in setup.occupants[1 : setup.players]:
        return setup
    levels = quick_levels(setup)
    return replace(setup, occupants=(HUMAN,) * len(setup.occupants), computers=levels)


def switch(setup: Setup, name: str, on: bool) -> Setup:
    """The set-up with the setting `name` (one of SWITCHES) turned on or off."""
    return replace(setup, sound=on) if name == "sound" else replace(setup, auto=on)


def read_occupants(value: Any) -> tuple[str, ...]:
    """Who plays each seat, from stored JSON: a list of MAX_PLAYERS occupants."""
    if (
        not isinstance(value, list)
        or len(value) != MAX_PLAYERS
        or not all(k in SEAT_CHOICES for k in value)
    ):
        raise ValueError("occupants")
    return tuple(value)


SERVER_SCHEMES = {"relays": ("wss://", "ws://"), "ice": ("stun:", "turn:", "turns:")}
MAX_SERVERS = 8


def servers(kind: str, value: Any) -> tuple[str, ...]:
    """The relays or ICE servers field as written, line by line (from the field's text
    or a stored list), kept as it is while the player types; `usable` reads it."""
    lines = value.split("\n") if isinstance(value, str) else value
    if not isinstance(lines, list | tuple) or not all(isinstance(v, str) for v in lines):
        raise ValueError(kind)
    if sum(len(line) + 1 for line in lines) > 2000:
        raise ValueError(kind)
    return tuple(line.replace("\r", "") for line in lines)


def _tidied(lines: tuple[str, ...]) -> list[str]:
    """The field's lines with their spaces made single and trimmed."""
    return [" ".join(line.split()) for line in lines]


def usable(kind: str, lines: tuple[str, ...]) -> tuple[str, ...]:
    """The servers of a field that are of its kind ("relays" or "ice"), at most eight."""
    found = _tidied(lines)
    return tuple(s for s in found if s.startswith(SERVER_SCHEMES[kind]))[:MAX_SERVERS]


def server_problems(kind: str, lines: tuple[str, ...]) -> tuple[str, ...]:
    """What the player should hear of the relays or ICE servers field ("relays" or
    "ice") as written: each line that cannot serve and why, and when none can."""
    problems: list[str] = []
    written = [(number, line) for number, line in enumerate(_tidied(lines), 1) if line]
    for number, line in written:
        shown = line if len(line) <= 40 else line[:39] + "…"
        if not line.startswith(SERVER_SCHEMES[kind]):
            if kind == "relays":
                # Translators: {line} is the line's number, {text} what is written there.
                why = _("Line {line}, “{text}”, is not a relay: a relay begins with wss://.")
            else:
                why = _(
                    "Line {line}, “{text}”, is not a STUN or TURN server: one begins"
                    " with stun:, turn: or turns:."
                )
            problems.append(why.format(line=number, text=shown))
        elif line.startswith(("turn:", "turns:")) and len(line.split()) < 3:
            why = _(
                "Line {line}, “{text}”: a TURN server needs its user name and password"
                " after the address, each after a space."
            )
            problems.append(why.format(line=number, text=shown))
    kept = usable(kind, lines)
    if len(kept) == MAX_SERVERS and len(written) > MAX_SERVERS:
        problems.append(_("Only the first eight are used."))
    if kind == "relays" and written and not kept:
        problems.append(_("With no relay, friends can join only by codes."))
    return tuple(problems)


def set_field(setup: Setup, name: str, value: Any) -> Setup:
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
    if name in ("occupants", "kinds"):  # "kinds": what set-ups stored before
        return replace(setup, occupants=read_occupants(value))
    if name == "computers":
        if (
            not isinstance(value, list)
            or len(value) > MAX_PLAYERS
            or not all(k in SEAT_CHOICES and k != HUMAN for k in value)
        ):
            raise ValueError("computers")
        return replace(setup, computers=tuple(value))
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
        return switch(setup, name, value)
    if name == "first-opener":
        if value != "random" and not (str(value).isdigit() and int(value) < MAX_PLAYERS):
            raise ValueError("first opener")
        return replace(setup, first_opener=str(value))
    if name == "variants":
        return replace(setup, variants=Variants.from_dict(value))
    if name == "days":
        if str(value) not in ("0", "1", "2", "3", "7"):
            raise ValueError("days")
        return replace(setup, days=int(value))
    if name == "seed":
        return replace(setup, seed=str(value)[:20])
    if name == "relays":
        return replace(setup, relays=servers(name, value))
    if name == "ice":
        return replace(setup, ice=servers(name, value))
    if name.startswith("variant-"):
        rule = name.removeprefix("variant-").replace("-", "_")
        if rule not in VARIANT_VALUES:
            raise ValueError(rule)
        variants = Variants(**{**setup.variants.to_dict(), rule: str(value)})
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
        if part == "occupant":
            if value not in SEAT_CHOICES:
                raise ValueError("occupant")
            occupants = list(setup.occupants)
            occupants[seat] = str(value)
            return replace(setup, occupants=tuple(occupants))
        if part == "colour":
            colour = int(value)
            if not 0 <= colour < PALETTE_SIZE:
                raise ValueError("colour")
            palette = list(setup.colours)
            other = palette.index(colour)
            palette[other], palette[seat] = palette[seat], colour  # colours stay distinct
            return replace(setup, colours=tuple(palette))
    raise ValueError(f"no set-up field {name!r}")
