"""Moves a good player calls silly, named and recognised from the public position.

`silly(game, action)` says which of these a move of the player to move is, or
None:

- `assassin_idle`: the Assassin on a debate with nothing at stake: no rival has
  a card in play, or the topic is a consul and nobody has a proposed token.
- `assassin_cheap`: the Assassin on a debate already lost cheaply: the best
  rival stands at 2 or less and the token cannot cancel any of the mover's own.
- `consul_empty`: a card on a consul with nothing of one's own proposed when no
  rival still in the debate has a token to pass either, or most of a hand (4 or
  more in play) when none has more than one.
- `bidding_war`: 8 or more in play on a topic worth a single token to anyone,
  while other topics are still to be debated this round.
- `open_withdraw`: opening a debate and withdrawing at once with cards to play,
  unless it is a consul with nothing to pass.
- `keep_cancelling`: keeping a token that cancels one's own proposed tokens
  (R30), when a rival would lose by it instead: one it cancels, or one who
  holds the veto and can only refuse it.

The benchmarks count them per game for every level; the search levels leave
them out of what they consider.
"""

from __future__ import annotations

from ..actions import ASSASSIN as V_ASSASSIN
from ..actions import GIVE as V_GIVE
from ..actions import PLAY as V_PLAY
from ..actions import WITHDRAW as V_WITHDRAW
from ..actions import Action
from ..game import Game
from ..rules import AWARD, CONFLICTS, CONSUL, DEBATE, IMPERIUM

SILLY = (
    "assassin_idle",
    "assassin_cheap",
    "consul_empty",
    "bidding_war",
    "open_withdraw",
    "keep_cancelling",
)

CHEAP = 2  # a rival's total at most this: a debate lost cheaply
MOST_OF_A_HAND = 4  # in play on a consul with nothing to pass
WAR_TOTAL = 8  # in play on a topic worth one token


def proposed_count(g: Game, seat: int) -> int:
    b = 6 * seat
    return sum(g.proposed_counts[b : b + 6])


def cancelled(g: Game, seat: int, kind: int) -> int:
    """How many of seat's proposed tokens a token of `kind` would cancel (R30)."""
    if kind >= CONSUL or kind == IMPERIUM:
        return 0
    b = 6 * seat
    return sum(g.proposed_counts[b + c] for c in CONFLICTS[kind])


def stake(g: Game) -> int:
    """What the topic can change, in tokens, for anyone who wins it: the tokens a
    consul passes (R27), or an agenda token kept or sent to cancel others (R30)."""
    topic = g.topic_index
    seats = range(g.players)
    if topic == CONSUL:
        return max(proposed_count(g, s) for s in seats)
    return max(1, *(cancelled(g, s, topic) for s in seats))


def silly(g: Game, action: Action) -> str | None:
    """Which silly move (`SILLY`) the action is for the player to move, or None."""
    if g.decision == AWARD:
        return _award(g, action)
    if g.decision != DEBATE:
        return None
    me = g.seat_to_move
    topic = g.topic_index
    total = g.total_by_seat
    rivals = [r for r in range(g.players) if r != me]
    top = max(total[r] for r in rivals)
    verb = action.verb
    if verb == V_ASSASSIN:
        if top == 0 or (topic == CONSUL and stake(g) == 0):
            return "assassin_idle"
        if top <= CHEAP:
            if topic == CONSUL:
                return "assassin_cheap" if stake(g) <= 1 else None
            if not cancelled(g, me, topic):
                return "assassin_cheap"
        return None
    if verb == V_PLAY:
        after = total[me] + action.value
        if topic == CONSUL and not proposed_count(g, me):
            passing = [proposed_count(g, r) for r in rivals if not g.withdrawn_by_seat[r]]
            if not any(passing) or (after >= MOST_OF_A_HAND and max(passing) <= 1):
                return "consul_empty"
        if after >= WAR_TOTAL and stake(g) <= 1:
            left = g.consuls_up + sum(g.docket_counts)
            if left:
                return "bidding_war"
        return None
    if verb == V_WITHDRAW and g.opener == me and not total[me]:
        if topic == CONSUL and not stake(g):
            return None  # a consul with nothing to pass: nothing to bid for
        hand = g.hand_counts
        b = 4 * me
        if hand[b] + hand[b + 1] + hand[b + 2] and not any(total[r] for r in rivals):
            return "open_withdraw"
    return None


def _award(g: Game, action: Action) -> str | None:
    me = g.seat_to_move
    topic = g.topic_index
    if action.verb != V_GIVE or action.target != me or not cancelled(g, me, topic):
        return None
    for r in range(g.players):
        if r != me and (g.veto_seat == r or cancelled(g, r, topic)):
            return "keep_cancelling"
    return None
