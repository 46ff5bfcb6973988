"""How a game is set up: variant switches (docs/rules.md section 8) and the game configuration."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .i18n import _, ngettext
from .rules import EVENTS, KINDS, MAX_PLAYERS, MIN_PLAYERS, TOKENS_PER_KIND

# Each switch with its values, the default first (docs/rules.md section 8).
VARIANT_VALUES: dict[str, tuple[str, ...]] = {
    "taxes": ("take_anywhere", "centre_only"),
    "spartacus": ("two_cards", "two_points"),
    "war": ("one_copy", "all_copies"),
    "public_works": ("not_assassin", "not_assassinated"),
    "events": ("on", "off"),
}

DEFAULT_NAMES: tuple[str, ...] = ("Cassius", "Brutus", "Livia", "Marcus", "Tullia")
MAX_NAME_LENGTH = 40


@dataclass(frozen=True)
class Variants:
    """The rule switches a group chose at set-up; stored with the game."""

    taxes: str = "take_anywhere"
    spartacus: str = "two_cards"
    war: str = "one_copy"
    public_works: str = "not_assassin"
    events: str = "on"

    def __post_init__(self) -> None:
        for name, allowed in VARIANT_VALUES.items():
            value = getattr(self, name)
            if value not in allowed:
                # Translators: {name}, {values} and {value} are written as a game link
                # writes them (taxes, take_anywhere...): never translated.
                message = _("variant {name} must be one of {values}, not {value}")
                raise ValueError(
                    message.format(name=name, values=", ".join(allowed), value=repr(value))
                )

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Variants:
        if not isinstance(data, dict):
            # Translators: {field} is the name of a field of a game link: never translated.
            message = _("{field} must be an object of switch names to values")
            raise ValueError(message.format(field="variants"))
        unknown = set(data) - set(VARIANT_VALUES)
        if unknown:
            names = ", ".join(sorted(map(str, unknown)))
            raise ValueError(_("unknown variant switch: {names}").format(names=names))
        return cls(**data)


def _check_name(name: Any, seat: int) -> str:
    if not isinstance(name, str):
        raise ValueError(_("the name of seat {seat} must be text").format(seat=seat + 1))
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError(_("the name of seat {seat} is empty").format(seat=seat + 1))
    if len(cleaned) > MAX_NAME_LENGTH:
        message = ngettext(
            "the name of seat {seat} is longer than {n} character",
            "the name of seat {seat} is longer than {n} characters",
            MAX_NAME_LENGTH,
        )
        raise ValueError(message.format(seat=seat + 1, n=MAX_NAME_LENGTH))
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in cleaned):
        raise ValueError(
            _("the name of seat {seat} holds control characters").format(seat=seat + 1)
        )
    return cleaned


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes a game before its first action.

    `seed=None` lets `new_game` pick a seed and store it, so every game can be
    replayed. `draws` and `event_order` rig chance for scripted scenarios: the
    forum yields the listed agenda kinds first, and the event deck reveals the
    listed events first; both continue at random after.
    """

    players: int = 4
    seed: int | None = None
    first_opener: int | None = None
    names: tuple[str, ...] | None = None
    variants: Variants = field(default_factory=Variants)
    draws: tuple[str, ...] = ()
    event_order: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        players = self.players
        if not isinstance(players, int) or isinstance(players, bool):
            # Translators: {field} is the name of a field of a game link: never translated.
            message = _("{field} must be a whole number from 3 to 5")
            raise ValueError(message.format(field="players"))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            message = _("Senator is for 3 to 5 players (R1), not {players}")
            raise ValueError(message.format(players=players))
        if self.seed is not None and (
            not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0
        ):
            # Translators: {field} is the name of a field of a game link, and None the
            # value that leaves it out: neither is translated.
            message = _("{field} must be a whole number of at least 0, or None")
            raise ValueError(message.format(field="seed"))
        if self.first_opener is not None and (
            not isinstance(self.first_opener, int)
            or isinstance(self.first_opener, bool)
            or not 0 <= self.first_opener < players
        ):
            # Translators: {field} is the name of a field of a game link, and None the
            # value that leaves it out: neither is translated.
            message = _("{field} must be a seat from 0 to {last}, or None")
            raise ValueError(message.format(field="first_opener", last=players - 1))
        if not isinstance(self.variants, Variants):
            raise ValueError("variants must be a Variants value")
        if self.names is not None:
            if isinstance(self.names, str) or len(self.names) != players:
                message = ngettext(
                    "{field} must list one name for each of the {n} seat",
                    "{field} must list one name for each of the {n} seats",
                    players,
                )
                raise ValueError(message.format(field="names", n=players))
            object.__setattr__(
                self,
                "names",
                tuple(_check_name(n, i) for i, n in enumerate(self.names)),
            )
        draws = tuple(self.draws)
        for kind in draws:
            if kind not in KINDS:
                # Translators: {field}, {kind} and {kinds} are written as a game link
                # writes them (draws, war, public_works...): never translated.
                message = _("{field}: {kind} is not an agenda kind (one of {kinds})")
                raise ValueError(
                    message.format(field="draws", kind=repr(kind), kinds=", ".join(KINDS))
                )
            if draws.count(kind) > TOKENS_PER_KIND:
                times = draws.count(kind)
                message = ngettext(
                    "{field}: {kind} is listed {n} times, but the forum holds only {most} "
                    "token of a kind (R3)",
                    "{field}: {kind} is listed {n} times, but the forum holds only {most} "
                    "tokens of a kind (R3)",
                    TOKENS_PER_KIND,
                )
                raise ValueError(
                    message.format(field="draws", kind=kind, n=times, most=TOKENS_PER_KIND)
                )
        object.__setattr__(self, "draws", draws)
        order = tuple(self.event_order)
        for event in order:
            if event not in EVENTS:
                # Translators: {field}, {event} and {events} are written as a game link
                # writes them (event_order, hannibal...): never translated.
                message = _("{field}: {event} is not an event (one of {events})")
                raise ValueError(
                    message.format(field="event_order", event=repr(event), events=", ".join(EVENTS))
                )
        if len(set(order)) != len(order):
            message = _("{field} lists an event twice; each card is revealed once (R8)")
            raise ValueError(message.format(field="event_order"))
        if order and self.variants.events == "off":
            message = _("{field} is given but events are off")
            raise ValueError(message.format(field="event_order"))
        object.__setattr__(self, "event_order", order)

    def player_names(self) -> tuple[str, ...]:
        return self.names if self.names is not None else DEFAULT_NAMES[: self.players]

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "first_opener": self.first_opener,
            "names": list(self.names) if self.names is not None else None,
            "variants": self.variants.to_dict(),
            "draws": list(self.draws),
            "event_order": list(self.event_order),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        if not isinstance(data, dict):
            raise ValueError(_("a game config must be an object"))
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            names = ", ".join(sorted(map(str, unknown)))
            raise ValueError(_("unknown game config field: {names}").format(names=names))
        values = dict(data)
        if "variants" in values:
            values["variants"] = Variants.from_dict(values["variants"])
        for key in ("names", "draws", "event_order"):
            if values.get(key) is not None:
                if not isinstance(values[key], list | tuple):
                    # Translators: {field} is the name of a field of a game link.
                    raise ValueError(_("{field} must be a list").format(field=key))
                values[key] = tuple(values[key])
        if values.get("draws") is None:
            values.pop("draws", None)
        if values.get("event_order") is None:
            values.pop("event_order", None)
        return cls(**values)
