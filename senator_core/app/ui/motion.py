"""What the last action moved, read from the engine's events: pieces between places.

The table names each place a piece can be with a `data-place` attribute (a
seat's hand, its cards in play, the docket, the topic, the forum...) and each
piece with `data-what` (`card-5`, `token-war`, `consul`, `veto`). A move says
that one piece went from one place to another; the page animates exactly these
moves and nothing else, and the view marks the pieces that arrived as fresh.
Nothing here guesses from the page: every move comes from an event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ...events import Event

FORUM = "forum"
TOPIC = "topic"
CONSULS = "consuls"
VETO_CENTRE = "veto-centre"
EVENT = "event"
PILE = "pile"  # a whole discard pile, gathered at the end of a round
# The events after which the page holds still a moment longer at the normal pace.
BIG_MOMENTS = frozenset(
    {
        "assassinated",
        "debate_won",
        "card_reclaimed",
        "token_discarded",
        "consul_flipped",
        "veto_taken",
        "token_taken",
        "card_named",
        "vetoed",
        "conflict",
        "consul_passed",
        "round_end",
        "game_end",
    }
)


class Move(NamedTuple):
    """One piece (`what`) going from the place `source` to the place `target`; `mark`
    is CLASH for the tokens of one conflict, which the page shows together, marked,
    before they go."""

    what: str
    source: str
    target: str
    mark: str = ""


CLASH = "clash"


def docket(kind: str) -> str:
    return f"docket-{kind}"


def seat_place(seat: int, part: str) -> str:
    """A seat's place: hand, play, discards, proposed, passed or veto."""
    return f"seat-{seat}-{part}"


def _cards(seat: int, cards: Iterable[str], source: str, target: str) -> list[Move]:
    return [Move(f"card-{c}", seat_place(seat, source), seat_place(seat, target)) for c in cards]


def _by_seat(lists: Sequence[Sequence[str]], source: str, target: str) -> list[Move]:
    return [m for seat, cards in enumerate(lists) for m in _cards(seat, cards, source, target)]


def event_moves(event: Event) -> list[Move]:
    """The moves one event makes."""
    a = event.args
    eid = event.id
    if eid == "topic_chosen":
        kind = a["topic"]
        return [Move(f"token-{kind}", docket(kind), TOPIC)]
    if eid == "bid":
        return _cards(a["seat"], a["cards"], "hand", "play")
    if eid == "assassin":
        return _cards(a["seat"], ["assassin", *a["cards"]], "hand", "play")
    if eid == "assassinated":
        moves = _by_seat(a["discarded"], "play", "discards")
        kind = a["topic"]
        moves.append(Move(f"token-{kind}", TOPIC, CONSULS if kind == "consul" else FORUM))
        return moves
    if eid == "cards_resolved":
        return _by_seat(a["discarded"], "play", "discards") + _by_seat(
            a["returned"], "play", "hand"
        )
    if eid == "card_reclaimed":
        return _cards(a["seat"], [a["card"]], "discards", "hand")
    if eid == "token_discarded":
        return [Move(f"token-{a['kind']}", docket(a["kind"]), FORUM)]
    if eid == "consul_flipped":
        return [Move("token-consul", docket("consul"), CONSULS)]
    if eid == "veto_taken":
        source = VETO_CENTRE if a["source"] is None else seat_place(a["source"], "veto")
        return [Move("veto", source, seat_place(a["seat"], "veto"))]
    if eid == "token_taken":
        kind = a["kind"]
        return [Move(f"token-{kind}", docket(kind), seat_place(a["seat"], "proposed"))]
    if eid == "card_named":
        card = a["card"]
        return [
            m
            for seat, count in enumerate(a["discarded"])
            for m in _cards(seat, [card] * count, "hand", "discards")
        ]
    if eid == "token_given":
        kind = a["kind"]
        part = "passed" if kind == "imperium" else "proposed"
        return [Move(f"token-{kind}", TOPIC, seat_place(a["to"], part))]
    if eid == "vetoed":
        kind, seat = a["kind"], a["seat"]
        return [
            Move(f"token-{kind}", seat_place(seat, "proposed"), FORUM),
            Move("veto", seat_place(seat, "veto"), VETO_CENTRE),
        ]
    if eid == "conflict":
        seat = a["seat"]
        return [
            Move(f"token-{kind}", seat_place(seat, "proposed"), FORUM, CLASH)
            for kind in [a["kind"], *a["lost"]]
        ]
    if eid == "consul_passed":
        seat = a["seat"]
        moves = [
            Move(f"token-{kind}", seat_place(seat, "proposed"), seat_place(seat, "passed"))
            for kind in a["kinds"]
        ]
        return [*moves, Move("token-consul", TOPIC, CONSULS)]
    if eid in ("docket_filled", "event_draws"):
        return [Move(f"token-{kind}", FORUM, docket(kind)) for kind in a["kinds"]]
    if eid == "imperium_returned":
        return [Move("token-imperium", docket("imperium"), FORUM)] * a["count"]
    if eid == "round_end":
        # Clean-up: every discard pile, whatever it holds, goes back to hand.
        return [
            Move(PILE, seat_place(seat, "discards"), seat_place(seat, "hand"))
            for seat in range(len(a["scores"]))
        ]
    return []


def moves(events: Sequence[Event]) -> list[Move]:
    """Every move the events make, a piece that went on from where it had just arrived
    followed to where it ended (a token given, then cancelled, goes from the topic
    straight to the forum)."""
    found: list[Move] = []
    for event in events:
        for move in event_moves(event):
            for i in range(len(found) - 1, -1, -1):
                earlier = found[i]
                if earlier.what == move.what and earlier.target == move.source:
                    found[i] = Move(move.what, earlier.source, move.target, move.mark)
                    break
            else:
                found.append(move)
    return [m for m in found if m.source != m.target]


def arrivals(found: Sequence[Move]) -> dict[tuple[str, str], int]:
    """How many pieces of each kind arrived at each place: (place, what) -> count."""
    counts: dict[tuple[str, str], int] = {}
    for move in found:
        key = (move.target, move.what)
        counts[key] = counts.get(key, 0) + 1
    return counts


def holds(events: Sequence[Event]) -> bool:
    """Whether these events make a big moment that the page holds in view a beat longer."""
    return any(e.id in BIG_MOMENTS for e in events)
