"""What happened: the structured events every `apply` yields, and the one list of their ids.

The log, animations and translations are built from these; an event never
holds prose. Seats are 0-based ints; kinds, cards, topics and events use the
names of `senator_core.rules` ("consul" for a consul topic). Lists "by seat"
hold one entry per seat. Every argument is JSON-able.
"""

from __future__ import annotations

import json
from typing import Any

# id -> its arguments, and when it happens. Nothing emits an id not listed here.
EVENT_IDS: dict[str, str] = {
    "setup": "players, names (by seat), first_opener, variants (switch -> value): "
    "the game is set up (R10-R14)",
    "round_start": "round (1-3): preparation begins; both consuls are face up (R16)",
    "docket_filled": "round, kinds (drawn, in order): the docket is topped up from the forum (R15)",
    "event_revealed": "round, event: the event card in force this round (R17)",
    "event_draws": "event, kinds: Socialis Bellum draws more tokens into the docket (R41)",
    "consuls_flipped": "event: Imperator flips both consuls (R43)",
    "imperium_returned": "event, count: Incursio Barbara sends the docket's Imperium "
    "tokens to the forum (R44)",
    "round_skipped": "round: nothing can be debated, the round goes to clean-up (R55)",
    "topic_chosen": "seat, topic: the opener chooses the topic of a debate (R19)",
    "bid": "seat, cards (played now), total (in play after): influence played (R21)",
    "withdrawn": "seat: a player leaves the debate (R23)",
    "assassin": "seat, cards (influence played with it), topic: the Assassin is played (R22)",
    "assassinated": "seat (the Assassin's owner), discarded (card lists by seat), topic: "
    "every card in play goes to its discard pile; an agenda topic returns to the forum, "
    "a consul stays flipped (R28)",
    "debate_won": "seat, topic, total: one player is left in the debate (R25)",
    "power_skipped": "seat, topic: the winner declines the token's power (R26)",
    "power_unused": "seat, topic, and for Taxes veto (its holder's seat, or None): the "
    "token's power has nothing to act on, so the winner goes straight to the award (R48)",
    "card_reclaimed": "seat, card: Public Works returns a discarded card to hand (R34)",
    "token_discarded": "seat, kind: Rebellion sends a docket token to the forum (R35)",
    "consul_flipped": "seat: Rebellion flips a face-up consul (R35)",
    "veto_taken": "seat, source (seat, or None for the centre): Taxes takes the veto (R36)",
    "token_taken": "seat, kind: Trade takes a docket token among the winner's proposed (R37)",
    "card_named": "seat, card, discarded (count by seat): War makes the others "
    "discard the named card (R38)",
    "token_given": "seat (the winner), to, kind: the winner awards the token (R26)",
    "vetoed": "seat, kind: the recipient refuses the token with the veto; the token goes "
    "to the forum, the veto to the centre (R26, R49)",
    "accepted": "seat, kind: the recipient who holds the veto keeps the token (R26)",
    "token_proposed": "seat, kind: a token joins a player's proposed tokens (R26, R37)",
    "conflict": "seat, kind (the arriving token), lost (kinds of proposed tokens): the "
    "arriving token and every conflicting proposed token go to the forum (R30)",
    "imperium_passed": "seat: Imperium goes straight to the winner's passed tokens (R26)",
    "consul_passed": "seat, kinds: a consul debate moves the winner's proposed tokens "
    "to passed; the consul is flipped (R27)",
    "cards_resolved": "discarded, returned (card lists by seat): after a debate won, "
    "cards in play go to discard piles or back to hand (R29, R42)",
    "round_end": "round, scores (by seat: [total, imperium, passed]): clean-up, "
    "discards return to hand (R32, R33)",
    "game_end": "scores (by seat: [total, imperium, passed]), winners (seats): "
    "the game is over (R40)",
}


class Event(tuple[str, dict[str, Any]]):
    """One thing that happened: an id from EVENT_IDS and its JSON-able arguments.

    A pair underneath, so that making one costs next to nothing in a search.
    """

    __slots__ = ()

    def __new__(cls, id: str, args: dict[str, Any]) -> Event:
        return tuple.__new__(cls, (id, args))

    @property
    def id(self) -> str:
        return self[0]

    @property
    def args(self) -> dict[str, Any]:
        return self[1]

    def __repr__(self) -> str:
        return f"Event({self[0]!r}, {self[1]!r})"

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-able values: {"id": ..., "args": {...}}."""
        return {"id": self[0], "args": json.loads(json.dumps(self[1]))}

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        if (
            not isinstance(data, dict)
            or set(data) != {"id", "args"}
            or data["id"] not in EVENT_IDS
            or not isinstance(data["args"], dict)
        ):
            raise ValueError(f"not a game event: {data!r:.80}")
        return cls(data["id"], data["args"])
