"""What a decision offers and what stands in the way, derived from the engine's legal actions.

The game screen tells a player the smallest total they can raise to, which
bids are quickest to make, what stops the actions they cannot take, and when a
decision is no real choice. Every answer here is read off
`Game.legal_actions()`, so it can never disagree with the engine: the only
thing computed on the side is what R21 alone would allow with the cards in
hand, and a restriction (Ludi Gladiatorum, Spartacus) is named only when the
engine's legal plays lack something that R21 alone would allow.

Nothing here builds HTML. A `Blocker` keeps its rule number as data and gives
a sentence in the language spoken now with no rule number in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import NamedTuple

from ..actions import ASSASSIN as V_ASSASSIN
from ..actions import PLAY as V_PLAY
from ..actions import SKIP as V_SKIP
from ..actions import WITHDRAW as V_WITHDRAW
from ..actions import Action, Counts
from ..game import Game
from ..i18n import N_, _, ngettext
from ..rules import (
    ASSASSIN,
    CARD_VALUES,
    CARDS,
    DEBATE,
    EVENTS,
    LUDI_CARD_CAP,
    LUDI_GLADIATORUM,
    POWER,
    SPARTACUS,
    SPARTACUS_MINIMUM,
)

_LUDI = EVENTS[LUDI_GLADIATORUM]
_SPARTACUS = EVENTS[SPARTACUS]
_ASSASSIN_CARD = CARDS[ASSASSIN]

# Every blocker id: the rule it comes from, the verb it concerns, and its `args`.
BLOCKERS: dict[str, tuple[str, str, str]] = {
    "no_influence": ("R24", V_PLAY, "none: no 1, 2 or 5 is left in hand"),
    "cannot_beat": (
        "R21",
        V_PLAY,
        "needed (the total that leads), reach (the total with the whole hand): "
        "no play is legal and no event is to blame",
    ),
    "ludi_limit": (
        "R45",
        V_PLAY,
        "in_play (cards the player has in play), cap (2), needed, reach (the best total "
        "within the cap): Ludi Gladiatorum takes away plays R21 alone would allow",
    ),
    "spartacus_first_play": (
        "R46",
        V_PLAY,
        "cards (2) and held (influence cards in hand) under variant two_cards, or "
        "influence (2) and held (influence in hand) under two_points: the first-play "
        "rule takes away plays R21 alone would allow",
    ),
    "assassin_spent": ("R28", V_ASSASSIN, "none: played this round, it lies on the discard pile"),
    "assassin_lost": ("R38", V_ASSASSIN, "none: War made the player discard it this round"),
    "ludi_assassin": ("R45", V_ASSASSIN, "in_play, cap: the player has 2 cards in play"),
    "spartacus_assassin": (
        "R46",
        V_ASSASSIN,
        "cards (1) and held (0 influence cards in hand) under variant two_cards, or "
        "influence (2) and total (the player's influence in play) under two_points",
    ),
}


class Bid(NamedTuple):
    """One quick bid: the total a legal play reaches, and that play."""

    total: int
    action: Action


@dataclass(frozen=True)
class Blocker:
    """What stops a kind of debate action, or some plays of it.

    `id` is one of `BLOCKERS` and never changes; `rule` is the R-number it
    comes from (kept out of the sentence); `blocks` is the verb it concerns
    ("play" or "assassin"); `args` are the numbers the sentence needs.
    """

    id: str
    rule: str
    blocks: str
    args: dict[str, int] = field(default_factory=dict, hash=False)

    def sentence(self) -> str:
        """The blocker in the language spoken now, with no rule number."""
        return _SENTENCES[self.id](self.args)


def _blocker(id: str, **args: int) -> Blocker:
    rule, verb, _ = BLOCKERS[id]
    return Blocker(id, rule, verb, args)


# ---------------------------------------------------------------------- sentences


def _no_influence(args: dict[str, int]) -> str:
    return _("You have no influence card left in hand.")


def _cannot_beat(args: dict[str, int]) -> str:
    return _("You need {needed} to lead; your whole hand brings you only to {reach}.").format(
        needed=args["needed"], reach=args["reach"]
    )


def _ludi_limit(args: dict[str, int]) -> str:
    in_play, cap = args["in_play"], args["cap"]
    needed, reach, more = args["needed"], args["reach"], cap - in_play
    if in_play >= cap:
        return ngettext(
            "You already have {in_play} card in play, the most Ludi Gladiatorum allows.",
            "You already have {in_play} cards in play, the most Ludi Gladiatorum allows.",
            in_play,
        ).format(in_play=in_play)
    short = reach < needed
    if in_play == 0 and short:
        return ngettext(
            "Ludi Gladiatorum lets you put at most {cap} card in play in a debate; that way "
            "you reach {reach} at most, and you need {needed}.",
            "Ludi Gladiatorum lets you put at most {cap} cards in play in a debate; that way "
            "you reach {reach} at most, and you need {needed}.",
            cap,
        ).format(cap=cap, reach=reach, needed=needed)
    if in_play == 0:
        return ngettext(
            "Ludi Gladiatorum lets you put at most {cap} card in play in a debate.",
            "Ludi Gladiatorum lets you put at most {cap} cards in play in a debate.",
            cap,
        ).format(cap=cap)
    if short:
        # Translators: {cap} is the event's limit, 2 cards; the plural form follows
        # {more}, the cards the player may still add.
        return ngettext(
            "Ludi Gladiatorum lets you put at most {cap} cards in play in a debate, so you "
            "may add only {more} more card; that way you reach {reach} at most, and you "
            "need {needed}.",
            "Ludi Gladiatorum lets you put at most {cap} cards in play in a debate, so you "
            "may add only {more} more cards; that way you reach {reach} at most, and you "
            "need {needed}.",
            more,
        ).format(cap=cap, more=more, reach=reach, needed=needed)
    # Translators: {cap} is the event's limit, 2 cards; the plural form follows
    # {more}, the cards the player may still add.
    return ngettext(
        "Ludi Gladiatorum lets you put at most {cap} cards in play in a debate, so you "
        "may add only {more} more card.",
        "Ludi Gladiatorum lets you put at most {cap} cards in play in a debate, so you "
        "may add only {more} more cards.",
        more,
    ).format(cap=cap, more=more)


def _spartacus_first_play(args: dict[str, int]) -> str:
    held = args["held"]
    if "cards" in args:
        cards = args["cards"]
        if held < cards:
            # Translators: {cards} is the event's minimum, 2 cards; the plural form
            # follows {held}, the influence cards in the player's hand.
            return ngettext(
                "Under Spartacus your first play in a debate must put at least {cards} cards "
                "down, and you hold only {held} influence card.",
                "Under Spartacus your first play in a debate must put at least {cards} cards "
                "down, and you hold only {held} influence cards.",
                held,
            ).format(cards=cards, held=held)
        return ngettext(
            "Under Spartacus your first play in a debate must put at least {cards} card down.",
            "Under Spartacus your first play in a debate must put at least {cards} cards down.",
            cards,
        ).format(cards=cards)
    least = args["influence"]
    if held < least:
        return _(
            "Under Spartacus your first play in a debate must be worth at least {least}, and "
            "your hand is worth only {held}."
        ).format(least=least, held=held)
    return _("Under Spartacus your first play in a debate must be worth at least {least}.").format(
        least=least
    )


def _assassin_spent(args: dict[str, int]) -> str:
    return _("You have played your Assassin this round; it comes back when the round ends.")


def _assassin_lost(args: dict[str, int]) -> str:
    return _("War made you discard your Assassin; it comes back when the round ends.")


def _ludi_assassin(args: dict[str, int]) -> str:
    in_play = args["in_play"]
    return ngettext(
        "You already have {in_play} card in play, so Ludi Gladiatorum bars the Assassin.",
        "You already have {in_play} cards in play, so Ludi Gladiatorum bars the Assassin.",
        in_play,
    ).format(in_play=in_play)


def _spartacus_assassin(args: dict[str, int]) -> str:
    if "cards" in args:
        return _(
            "Under Spartacus the Assassin must go with an influence card from your hand, "
            "and you have none."
        )
    return _(
        "Under Spartacus the Assassin needs {influence} of your own influence in play; "
        "you have {total}."
    ).format(influence=args["influence"], total=args["total"])


_SENTENCES = {
    "no_influence": _no_influence,
    "cannot_beat": _cannot_beat,
    "ludi_limit": _ludi_limit,
    "spartacus_first_play": _spartacus_first_play,
    "assassin_spent": _assassin_spent,
    "assassin_lost": _assassin_lost,
    "ludi_assassin": _ludi_assassin,
    "spartacus_assassin": _spartacus_assassin,
}

# ---------------------------------------------------------------------- helpers


def _value(cards: Counts) -> int:
    return sum(n * v for n, v in zip(cards, CARD_VALUES, strict=False))


def _influence_in_hand(game: Game, seat: int) -> Counts:
    hand = game.hand(seat)
    return (hand[CARDS[0]], hand[CARDS[1]], hand[CARDS[2]])


def _sub_hands(hand: Counts) -> list[Counts]:
    """Every non-empty set of influence cards the hand could put down at once."""
    return [(a, b, c) for a, b, c in product(*(range(k + 1) for k in hand)) if a + b + c > 0]


def _needed(game: Game, seat: int) -> int:
    """The total that leads: one above every other player's total (R21)."""
    return 1 + max(game.total(p) for p in range(game.players) if p != seat)


def _debate_plays(game: Game) -> list[Action]:
    if game.decision != DEBATE:
        return []
    return [a for a in game.legal_actions() if a.verb == V_PLAY]


# ---------------------------------------------------------------------- queries


def smallest_raise(game: Game) -> int | None:
    """The smallest total the player to move can reach with a legal play (their
    total after it), or None when no play is legal or the decision is no debate."""
    plays = _debate_plays(game)
    if not plays:
        return None
    seat = game.to_move
    assert seat is not None
    return game.total(seat) + min(a.value for a in plays)


def cheapest_plays(game: Game) -> list[Bid]:
    """The legal plays grouped by the total they reach, lowest total first: one
    `Bid` per reachable total, its play the one that puts the fewest cards down.

    Fewest cards is the only choice to make: with at most two 1s, three 2s and
    one 5, no two different sets of the same size have the same worth. Empty
    when no play is legal or the decision is no debate.
    """
    plays = _debate_plays(game)
    if not plays:
        return []
    seat = game.to_move
    assert seat is not None
    mine = game.total(seat)
    best: dict[int, Action] = {}
    for action in plays:
        total = mine + action.value
        kept = best.get(total)
        if kept is None or (action.count, action.cards[::-1]) < (kept.count, kept.cards[::-1]):
            best[total] = action
    return [Bid(total, best[total]) for total in sorted(best)]


def blockers(game: Game) -> list[Blocker]:
    """What stops the player to move in a debate, naming the restriction that bites.

    Plays first: `no_influence` or `cannot_beat` when no play is legal for want
    of cards, `ludi_limit` or `spartacus_first_play` when the event in force
    takes away plays that R21 alone would allow (even if other plays remain).
    Then the Assassin, when no way to play it is legal: `assassin_spent`,
    `assassin_lost`, `ludi_assassin` or `spartacus_assassin`. Empty outside a
    debate.
    """
    if game.decision != DEBATE:
        return []
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    event = game.event
    mine = game.total(seat)
    in_play = len(game.in_play(seat))
    hand = _influence_in_hand(game, seat)
    needed = _needed(game, seat)
    legal_plays = {a.cards for a in legal if a.verb == V_PLAY}
    # What R21 alone allows: any cards from hand that take the total above the others.
    free = [k for k in _sub_hands(hand) if mine + _value(k) >= needed]
    taken_away = [k for k in free if k not in legal_plays]
    found: list[Blocker] = []
    if not any(hand):
        found.append(_blocker("no_influence"))
    elif taken_away and event == _LUDI:
        more = LUDI_CARD_CAP - in_play
        within = [_value(k) for k in _sub_hands(hand) if sum(k) <= more]
        found.append(
            _blocker(
                "ludi_limit",
                in_play=in_play,
                cap=LUDI_CARD_CAP,
                needed=needed,
                reach=mine + max(within, default=0),
            )
        )
    elif taken_away and event == _SPARTACUS:
        if game.variants.spartacus == "two_cards":
            found.append(_blocker("spartacus_first_play", cards=SPARTACUS_MINIMUM, held=sum(hand)))
        else:
            found.append(
                _blocker("spartacus_first_play", influence=SPARTACUS_MINIMUM, held=_value(hand))
            )
    elif not free:
        found.append(_blocker("cannot_beat", needed=needed, reach=mine + _value(hand)))
    if not any(a.verb == V_ASSASSIN for a in legal):
        if not game.hand(seat)[_ASSASSIN_CARD]:
            played = game.assassinated(seat)[_ASSASSIN_CARD]
            found.append(_blocker("assassin_spent" if played else "assassin_lost"))
        elif event == _LUDI:
            found.append(_blocker("ludi_assassin", in_play=in_play, cap=LUDI_CARD_CAP))
        elif event == _SPARTACUS:
            if game.variants.spartacus == "two_cards":
                found.append(_blocker("spartacus_assassin", cards=1, held=sum(hand)))
            else:
                found.append(
                    _blocker("spartacus_assassin", influence=SPARTACUS_MINIMUM, total=mine)
                )
    return found


def forced_action(game: Game) -> Action | None:
    """The one legal action when the decision is no real choice, else None.

    That is withdrawing when nothing else is possible in a debate (R24, R47),
    or skipping a power that cannot be used (R48). A single topic, a single
    award or a veto is still the player's to see and make, so None. The engine
    already passes over a power with nothing to act on (R48), straight to the
    award, so a lone skip does not arise in practice.
    """
    legal = game.legal_actions()
    if len(legal) != 1:
        return None
    only = legal[0]
    decision = game.decision
    if (decision == DEBATE and only.verb == V_WITHDRAW) or (
        decision == POWER and only.verb == V_SKIP
    ):
        return only
    return None


def prompt(game: Game) -> str:
    """What the player to move in a debate may do, as one sentence, e.g.
    "Raise to 6 or more, play the Assassin, or withdraw."

    ValueError outside a debate.
    """
    if game.decision != DEBATE:
        raise ValueError(f"prompt explains a debate, not a {game.decision} decision")
    bids = cheapest_plays(game)
    low = bids[0].total if bids else 0
    raise_to: str | None = None
    if bids:
        raise_to = "more" if bids[-1].total > low else "exactly"
    assassins = [a for a in game.legal_actions() if a.verb == V_ASSASSIN]
    assassin: str | None = None
    if any(a.count == 0 for a in assassins):
        assassin = "alone"
    elif assassins:
        assassin = "with_card"
    return _(_PROMPTS[raise_to, assassin]).format(low=low)


# What a player in a debate may do, by whether they may raise (to exactly the one total
# or to it or more) and how they may play the Assassin; withdrawing is always there.
_PROMPTS: dict[tuple[str | None, str | None], str] = {
    (None, None): N_("Withdraw: nothing else is possible."),
    (None, "alone"): N_("Play the Assassin, or withdraw."),
    (None, "with_card"): N_("Play the Assassin with at least one influence card, or withdraw."),
    ("exactly", None): N_("Raise to {low}, or withdraw."),
    ("exactly", "alone"): N_("Raise to {low}, play the Assassin, or withdraw."),
    ("exactly", "with_card"): N_(
        "Raise to {low}, play the Assassin with at least one influence card, or withdraw."
    ),
    ("more", None): N_("Raise to {low} or more, or withdraw."),
    ("more", "alone"): N_("Raise to {low} or more, play the Assassin, or withdraw."),
    ("more", "with_card"): N_(
        "Raise to {low} or more, play the Assassin with at least one influence card, or withdraw."
    ),
}
