"""What a decision offers and what stands in the way, derived from the engine's legal actions.

The game screen tells a player the smallest total they can raise to, which
bids are quickest to make, what stops the actions they cannot take, and when a
decision is no real choice. Every answer here is read off
`Game.legal_actions()`, so it can never disagree with the engine: the only
thing computed on the side is what R21 alone would allow with the cards in
hand, and a restriction (Ludi Gladiatorum, Spartacus) is named only when the
engine's legal plays lack something that R21 alone would allow.

Nothing here builds HTML. What stops a bid is the engine's `BidProblem`, which
keeps its rule number as data; `problem_text` is the one place that says it to
the player, in the language spoken now and with no rule number in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import product
from typing import NamedTuple

from ...actions import ASSASSIN as V_ASSASSIN
from ...actions import PLAY as V_PLAY
from ...actions import SKIP as V_SKIP
from ...actions import WITHDRAW as V_WITHDRAW
from ...actions import Action, Counts
from ...bids import BidProblem
from ...game import Game
from ...i18n import _, ngettext
from ...rules import CARD_VALUES, CARDS, DEBATE, POWER

_BARE_ASSASSIN = Action(V_ASSASSIN)


class Bid(NamedTuple):
    """One quick bid: the total a legal play reaches, and that play."""

    total: int
    action: Action


# ---------------------------------------------------------------------- sentences


def _not_held(args: dict[str, int], bid: tuple[str, ...]) -> str:
    return _("You do not hold those cards.")


def _too_low(args: dict[str, int], bid: tuple[str, ...]) -> str:
    # Translators: {cards} are the values of the cards touched, such as "2 + 1".
    return _("{cards} brings you to {total}; you need {need} to lead.").format(
        cards=" + ".join(bid), total=args["total"], need=args["needed"]
    )


def _no_influence(args: dict[str, int], bid: tuple[str, ...]) -> str:
    return _("You have no influence card left in hand.")


def _cannot_beat(args: dict[str, int], bid: tuple[str, ...]) -> str:
    return _("You need {needed} to lead; your whole hand brings you only to {reach}.").format(
        needed=args["needed"], reach=args["reach"]
    )


def _ludi_limit(args: dict[str, int], bid: tuple[str, ...]) -> str:
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


def _spartacus_first_play(args: dict[str, int], bid: tuple[str, ...]) -> str:
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


def _assassin_spent(args: dict[str, int], bid: tuple[str, ...]) -> str:
    return _("You have played your Assassin this round; it comes back when the round ends.")


def _assassin_lost(args: dict[str, int], bid: tuple[str, ...]) -> str:
    return _("War made you discard your Assassin; it comes back when the round ends.")


def _ludi_assassin(args: dict[str, int], bid: tuple[str, ...]) -> str:
    in_play = args["in_play"]
    return ngettext(
        "You already have {in_play} card in play, so Ludi Gladiatorum bars the Assassin.",
        "You already have {in_play} cards in play, so Ludi Gladiatorum bars the Assassin.",
        in_play,
    ).format(in_play=in_play)


def _assassin_alone(args: dict[str, int], bid: tuple[str, ...]) -> str:
    return _("The Assassin is played alone here: put the other cards back.")


def _spartacus_assassin(args: dict[str, int], bid: tuple[str, ...]) -> str:
    if "cards" in args:
        if args["held"]:
            return _("Under Spartacus the Assassin goes with at least one influence card.")
        return _(
            "Under Spartacus the Assassin must go with an influence card from your hand, "
            "and you have none."
        )
    return _(
        "Under Spartacus the Assassin needs {influence} of your own influence in play; "
        "you have {total}."
    ).format(influence=args["influence"], total=args["total"])


_SENTENCES: dict[str, Callable[[dict[str, int], tuple[str, ...]], str]] = {
    "not_held": _not_held,
    "too_low": _too_low,
    "no_influence": _no_influence,
    "cannot_beat": _cannot_beat,
    "ludi_limit": _ludi_limit,
    "spartacus_first_play": _spartacus_first_play,
    "assassin_spent": _assassin_spent,
    "assassin_lost": _assassin_lost,
    "assassin_alone": _assassin_alone,
    "ludi_assassin": _ludi_assassin,
    "spartacus_assassin": _spartacus_assassin,
}


def problem_text(problem: BidProblem) -> str:
    """What stops a bid, as the player is told it: a sentence in the language spoken
    now, with no rule number (the rule is `problem.rule`)."""
    return _SENTENCES[problem.reason](problem.args, problem.cards)


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


def _debate_actions(game: Game) -> list[Action]:
    return game.legal_actions() if game.decision == DEBATE else []


def _debate_plays(game: Game) -> list[Action]:
    return [a for a in _debate_actions(game) if a.verb == V_PLAY]


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

    The fewest cards keep the most in hand for the debates to come, and it is what
    the computers choose: every search level, given a total, plays it with the
    fewest cards. It is the only choice to make: with at most two 1s, three 2s and
    one 5, no two different sets of the same size have the same worth. Empty when
    no play is legal or the decision is no debate.
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


def assassin_play(game: Game) -> Action | None:
    """The one way of playing the Assassin the decision offers: alone where that is
    legal, else with the fewest and lowest influence cards a variant asks for (they go
    to the discard pile with the Assassin, R28, so the least is given up). None when
    the Assassin cannot be played."""
    assassins = [a for a in _debate_actions(game) if a.verb == V_ASSASSIN]
    if not assassins:
        return None
    return min(assassins, key=lambda a: (a.count, a.value))


def offered(game: Game) -> list[Action]:
    """The actions the decision shows as controls, in the engine's order: in a debate
    one bid per total (`cheapest_plays`) and one Assassin (`assassin_play`); every
    other legal bid is made by touching its cards. Outside a debate, every legal action."""
    legal = game.legal_actions()
    if game.decision != DEBATE:
        return legal
    shown = {bid.action for bid in cheapest_plays(game)}
    assassin = assassin_play(game)
    return [
        a
        for a in legal
        if (a.verb != V_PLAY or a in shown) and (a.verb != V_ASSASSIN or a is assassin)
    ]


def blockers(game: Game) -> list[BidProblem]:
    """What stops the player to move in a debate, naming the restriction that bites.

    Plays first: `no_influence` or `cannot_beat` when no play is legal for want
    of cards, `ludi_limit` or `spartacus_first_play` when the event in force
    takes away plays that R21 alone would allow (even if other plays remain).
    Then the Assassin, when no way to play it is legal: `assassin_spent`,
    `assassin_lost`, `ludi_assassin` or `spartacus_assassin`. The problems are
    the engine's (`Game.bid_problem`), about the whole position, so they name no
    cards. Empty outside a debate.
    """
    if game.decision != DEBATE:
        return []
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    mine = game.total(seat)
    hand = _influence_in_hand(game, seat)
    needed = _needed(game, seat)
    legal_plays = {a.cards for a in legal if a.verb == V_PLAY}
    # What R21 alone allows: any cards from hand that take the total above the others.
    free = [k for k in _sub_hands(hand) if mine + _value(k) >= needed]
    taken_away = [k for k in free if k not in legal_plays]
    found: list[BidProblem] = []
    if not any(hand):
        found.append(BidProblem("no_influence"))
    elif taken_away:  # only an event takes away what R21 allows: the engine says which
        problem = game.bid_problem(Action(V_PLAY, -1, taken_away[0]))
        assert problem is not None and problem.reason in ("ludi_limit", "spartacus_first_play")
        found.append(replace(problem, cards=()))
    elif not free:
        # Short even by R21 alone; under Ludi Gladiatorum the whole hand cannot go
        # down either, and what the cap allows is what the player can reach.
        capped = game.bid_problem(Action(V_PLAY, -1, hand))
        if capped is not None and capped.reason == "ludi_limit":
            found.append(replace(capped, cards=()))
        else:
            reach = mine + _value(hand)
            found.append(BidProblem("cannot_beat", {"needed": needed, "reach": reach}))
    if not any(a.verb == V_ASSASSIN for a in legal):
        problem = game.bid_problem(_BARE_ASSASSIN)
        if problem is not None:
            found.append(replace(problem, cards=()))
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
    """What the player to move in a debate may do. With a bid to make: the rule of the
    lead and what the hand reaches, e.g. "You need more than 3 to lead; your cards
    reach 5 to 9." (the Assassin and Withdraw are buttons that say themselves). With
    none: what is left, e.g. "Play the Assassin, or withdraw."

    The rule is R21's, "more than" the highest other total, which is not always the
    smallest total the cards reach (with 4 to beat, a hand of 2s and a 5 reaches 5).
    ValueError outside a debate.
    """
    if game.decision != DEBATE:
        raise ValueError(f"prompt explains a debate, not a {game.decision} decision")
    bids = cheapest_plays(game)
    if not bids:
        assassin = assassin_play(game)
        if assassin is None:
            return _("Withdraw: nothing else is possible.")
        if assassin.count:
            return _("Play the Assassin with at least one influence card, or withdraw.")
        return _("Play the Assassin, or withdraw.")
    seat = game.to_move
    assert seat is not None
    high, low, top = _needed(game, seat) - 1, bids[0].total, bids[-1].total
    if top > low:
        reach = _("You need more than {high} to lead; your cards reach {low} to {top}.")
    else:
        reach = _("You need more than {high} to lead; your cards reach {low}.")
    return reach.format(high=high, low=low, top=top)
