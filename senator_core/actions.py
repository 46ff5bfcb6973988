"""Actions: small immutable values, each with one canonical text form (the notation)."""

from __future__ import annotations

from .reasons import NotationProblem, Refusal
from .rules import (
    CARD_INDEX,
    CARD_VALUES,
    CARDS,
    CONSUL,
    CONSUL_NAME,
    HAND,
    KIND_INDEX,
    KINDS,
    MAX_PLAYERS,
)

# Verbs, as the notation spells them; "take veto" and "flip consul" have their own.
TOPIC = "topic"
PLAY = "play"
ASSASSIN = "assassin"
WITHDRAW = "withdraw"
RECLAIM = "reclaim"
DISCARD = "discard"
FLIP = "flip"
TAKE_VETO = "take_veto"
TAKE = "take"
NAME = "name"
SKIP = "skip"
GIVE = "give"
VETO = "veto"
ACCEPT = "accept"

NOTATION = (
    "topic KIND | topic consul | play CARDS | assassin [CARDS] | withdraw | "
    "reclaim CARD | discard KIND | flip consul | take veto | take KIND | name CARD | "
    "skip | give SEAT | veto | accept"
)


class IllegalActionError(ValueError):
    """An action the engine will not take: a text that is no action
    (`InvalidActionError`) or an action the rules forbid now (`ForbiddenActionError`).
    Catch this for both. The message is data for a developer; `refusals.error_text`
    says it to a player."""


class InvalidActionError(IllegalActionError):
    """A text the notation cannot read; `problem` says why."""

    def __init__(self, problem: NotationProblem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class ForbiddenActionError(IllegalActionError):
    """An action the rules forbid in the position it was offered to; `refusal` says
    which rule and holds the legal actions. The game is left unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


Counts = tuple[int, int, int]  # how many 1s, 2s and 5s
NO_CARDS: Counts = (0, 0, 0)


class Action:
    """One decision, as a value: equal actions are the same object (they are interned),
    so identity is equality and a legality check is a scan by identity.

    `target` is the kind index (topic, discard, take), card index (reclaim,
    name) or seat (give) the action names, or -1; `cards` counts the 1s, 2s
    and 5s a play or an Assassin puts in play, `names` lists them ascending
    (the Assassin itself aside), `value` is their influence and `count` how
    many they are.
    """

    __slots__ = ("verb", "target", "cards", "names", "value", "count", "text")

    verb: str
    target: int
    cards: Counts
    names: tuple[str, ...]
    value: int
    count: int
    text: str

    def __new__(cls, verb: str, target: int = -1, cards: Counts = NO_CARDS) -> Action:
        text = _text(verb, target, cards)
        found = _INTERNED.get(text)
        if found is not None:
            return found
        self = object.__new__(cls)
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "names", tuple(_card_text(cards).split()))
        value = sum(n * v for n, v in zip(cards, CARD_VALUES, strict=False))
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "count", sum(cards))
        object.__setattr__(self, "text", text)
        _INTERNED[text] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[object, tuple[str, int, Counts]]:
        return (Action, (self.verb, self.target, self.cards))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"


_INTERNED: dict[str, Action] = {}


def _card_text(cards: Counts) -> str:
    return " ".join(CARDS[c] for c in range(3) for _ in range(cards[c]))


def _text(verb: str, target: int, cards: Counts) -> str:
    if verb == TOPIC:
        return "topic " + (CONSUL_NAME if target == CONSUL else KINDS[target])
    if verb == PLAY:
        return "play " + _card_text(cards)
    if verb == ASSASSIN:
        return "assassin " + _card_text(cards) if any(cards) else "assassin"
    if verb in (RECLAIM, NAME):
        return f"{verb} {CARDS[target]}"
    if verb in (DISCARD, TAKE):
        return f"{verb} {KINDS[target]}"
    if verb == GIVE:
        return f"give {target}"
    if verb == TAKE_VETO:
        return "take veto"
    if verb == FLIP:
        return "flip consul"
    return verb


def _malformed(text: str, reason: str, **args: object) -> InvalidActionError:
    return InvalidActionError(NotationProblem(text, reason, args))


def _parse_cards(text: str, words: list[str], allow_empty: bool) -> Counts:
    counts = [0, 0, 0]
    for word in words:
        card = CARD_INDEX.get(word)
        if card is None or card == 3:
            raise _malformed(text, "not_influence_card", word=word)
        counts[card] += 1
        if counts[card] > HAND[card]:
            raise _malformed(text, "too_many_cards", card=word, n=HAND[card])
    if not allow_empty and not words:
        raise _malformed(text, "no_cards")
    return (counts[0], counts[1], counts[2])


def parse_action(text: str | Action) -> Action:
    """The action a text names, in any spacing, case and card order;
    InvalidActionError if it names none."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise _malformed(repr(text)[:80], "not_text", type=type(text).__name__)
    found = _INTERNED.get(text)
    if found is not None:
        return found
    if len(text) > 80:
        raise _malformed(text[:80] + "...", "too_long")
    words = text.lower().split()
    if not words:
        raise _malformed(text, "empty")
    verb, rest = words[0], words[1:]

    def one() -> str:
        if len(rest) != 1:
            raise _malformed(text, "one_word", verb=verb)
        return rest[0]

    if verb == TOPIC:
        word = one()
        if word == CONSUL_NAME:
            return Action(TOPIC, CONSUL)
        if word not in KIND_INDEX:
            raise _malformed(text, "not_kind_or_consul", word=word)
        return Action(TOPIC, KIND_INDEX[word])
    if verb == PLAY:
        return Action(PLAY, -1, _parse_cards(text, rest, allow_empty=False))
    if verb == ASSASSIN:
        return Action(ASSASSIN, -1, _parse_cards(text, rest, allow_empty=True))
    if verb in (RECLAIM, NAME):
        word = one()
        if word not in CARD_INDEX:
            raise _malformed(text, "not_card", word=word)
        return Action(verb, CARD_INDEX[word])
    if verb == DISCARD:
        word = one()
        if word not in KIND_INDEX:
            raise _malformed(text, "not_kind", word=word)
        return Action(DISCARD, KIND_INDEX[word])
    if verb == TAKE:
        word = one()
        if word == "veto":
            return Action(TAKE_VETO)
        if word not in KIND_INDEX:
            raise _malformed(text, "not_kind_or_veto", word=word)
        return Action(TAKE, KIND_INDEX[word])
    if verb == FLIP:
        if one() != CONSUL_NAME:
            raise _malformed(text, "not_consul")
        return Action(FLIP)
    if verb == GIVE:
        word = one()
        if not (word.isascii() and word.isdigit()) or not 0 <= int(word) < MAX_PLAYERS:
            raise _malformed(text, "not_seat", word=word, last=MAX_PLAYERS - 1)
        return Action(GIVE, int(word))
    if verb in (WITHDRAW, SKIP, VETO, ACCEPT):
        if rest:
            raise _malformed(text, "nothing_after", verb=verb)
        return Action(verb)
    raise _malformed(text, "unknown_verb", verb=verb)
