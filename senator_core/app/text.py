"""The game's words in English: names of kinds, cards and events, and a sentence per event."""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Variants
from ..events import Event

KIND_NAMES = {
    "public_works": "Public Works",
    "rebellion": "Rebellion",
    "taxes": "Taxes",
    "trade": "Trade",
    "war": "War",
    "imperium": "Imperium",
    "consul": "Consul",
}
CARD_NAMES = {"1": "1", "2": "2", "5": "5", "assassin": "Assassin"}
EVENT_NAMES = {
    "socialis_bellum": "Socialis Bellum",
    "hannibal": "Hannibal",
    "imperator": "Imperator",
    "incursio_barbara": "Incursio Barbara",
    "ludi_gladiatorum": "Ludi Gladiatorum",
    "spartacus": "Spartacus",
}
EVENT_EFFECTS = {
    "socialis_bellum": "Three more agenda tokens are drawn into the docket.",
    "hannibal": "Whenever a debate is won, every player discards the cards they have in play.",
    "imperator": "Both consuls are flipped: no consul can be debated this round.",
    "incursio_barbara": "The Imperium tokens in the docket go back to the forum.",
    "ludi_gladiatorum": "At most 2 cards in play per player in a debate, the Assassin included.",
    "spartacus": "A debate's first play has a minimum, and the Assassin cannot be played alone.",
}

# The set-up screen's words for each variant switch and value.
VARIANT_TEXT: dict[str, dict[str, str]] = {
    "taxes": {
        "take_anywhere": "Taxes takes the veto from the centre or from whoever holds it.",
        "centre_only": "Taxes takes the veto only from the centre.",
    },
    "spartacus": {
        "two_cards": "Spartacus: a first play needs 2 cards; the Assassin goes with a card.",
        "two_points": "Spartacus: a first play needs 2 influence; the Assassin needs 2 in play.",
    },
    "war": {
        "one_copy": "War makes each other player discard one copy of the named card.",
        "all_copies": "War makes each other player discard every copy of the named card.",
    },
    "public_works": {
        "not_assassinated": "Public Works cannot return a card an Assassin discarded.",
        "not_assassin": "Public Works returns any discarded card but the Assassin.",
    },
    "events": {"on": "One event card in force each round.", "off": "No event cards."},
}
VARIANT_LABELS = {
    "taxes": "Taxes",
    "spartacus": "Spartacus",
    "war": "War",
    "public_works": "Public Works",
    "events": "Events",
}
SPEED_LABELS = {
    "instant": "Instant",
    "fast": "Fast",
    "normal": "Normal",
    "slow": "Slow",
}
KIND_LABELS = {
    "human": "Human",
    "easy": "Computer: easy",
    "normal": "Computer: normal",
    "hard": "Computer: hard",
    "random": "Computer: random",
    "heuristic": "Computer: heuristic",
}
DECISION_TITLES = {
    "topic": "Choose a topic",
    "debate": "Debate",
    "power": "Use the power",
    "award": "Award the token",
    "veto": "Veto or accept",
}


def event_effect(event: str, variants: Variants) -> str:
    """What an event does, in the reading of the rules this game plays (R41-R46)."""
    if event == "spartacus":
        if variants.spartacus == "two_points":
            return (
                "A first play in a debate must be worth at least 2; the Assassin needs "
                "2 of your own influence in play."
            )
        return (
            "A first play in a debate must put at least 2 cards down; the Assassin goes "
            "with at least one influence card."
        )
    return EVENT_EFFECTS[event]


def power_text(kind: str, variants: Variants) -> str:
    """What winning a debate on `kind` lets the winner do (R26, R27, R34-R39)."""
    if kind == "public_works":
        extra = (
            " nor one an Assassin discarded" if variants.public_works == "not_assassinated" else ""
        )
        return f"Take one card back from your discard pile (not the Assassin{extra})."
    if kind == "rebellion":
        return "Send another docket token back to the forum, or flip a face-up consul."
    if kind == "taxes":
        if variants.taxes == "centre_only":
            return "Take the veto token, if it lies in the centre."
        return "Take the veto token, from the centre or from whoever holds it."
    if kind == "trade":
        return "Take one more docket token (not Imperium) among your own proposed tokens."
    if kind == "war":
        if variants.war == "all_copies":
            return "Name a card: every other player discards every copy of it from hand."
        return "Name a card: every other player discards one copy of it from hand."
    if kind == "imperium":
        return "No power: the winner keeps it, passed into law at once."
    if kind == "consul":
        return "The winner passes all of their own proposed tokens into law."
    raise ValueError(kind)


def kinds_text(kinds: Sequence[str]) -> str:
    return ", ".join(KIND_NAMES[k] for k in kinds) if kinds else "nothing"


def cards_text(cards: Sequence[str]) -> str:
    return " + ".join(CARD_NAMES[c] for c in cards) if cards else "no cards"


class Seat(int):
    """A seat number in a sentence's arguments: shown as that player's name."""


Sentence = tuple[str, dict[str, object]]


def describe(event: Event) -> Sentence | None:
    """An event as a sentence template and its arguments, or None for bookkeeping a
    player need not read. Seats come as `Seat` values, so a view can show names in
    the players' colours; `render_text` makes plain text of it."""
    a = event.args
    eid = event.id
    who = Seat(a["seat"]) if "seat" in a else None
    if eid == "setup":
        return "A game for {players} senators begins; {opener} opens.", {
            "players": a["players"],
            "opener": Seat(a["first_opener"]),
        }
    if eid == "round_start":
        return "Round {round} begins.", {"round": a["round"]}
    if eid == "docket_filled":
        return "The docket draws {kinds}.", {"kinds": kinds_text(a["kinds"])}
    if eid == "event_revealed":
        return "Event: {event}. {effect}", {
            "event": EVENT_NAMES[a["event"]],
            "effect": EVENT_EFFECTS[a["event"]],
        }
    if eid == "event_draws":
        return "Socialis Bellum draws {kinds} into the docket.", {"kinds": kinds_text(a["kinds"])}
    if eid == "consuls_flipped":
        return "Imperator flips both consuls.", {}
    if eid == "imperium_returned":
        if not a["count"]:
            return "Incursio Barbara finds no Imperium in the docket to send back.", {}
        return "Incursio Barbara sends {count} Imperium back to the forum.", {"count": a["count"]}
    if eid == "round_skipped":
        return "Nothing can be debated: round {round} goes to clean-up.", {"round": a["round"]}
    if eid == "topic_chosen":
        return "{who} opens a debate on {topic}.", {"who": who, "topic": KIND_NAMES[a["topic"]]}
    if eid == "bid":
        return "{who} plays {cards} (total {total}).", {
            "who": who,
            "cards": cards_text(a["cards"]),
            "total": a["total"],
        }
    if eid == "withdrawn":
        return "{who} withdraws.", {"who": who}
    if eid == "assassin":
        if a["cards"]:
            return "{who} plays the Assassin with {cards}!", {
                "who": who,
                "cards": cards_text(a["cards"]),
            }
        return "{who} plays the Assassin!", {"who": who}
    if eid == "assassinated":
        return "The debate on {topic} ends with no winner: every card in play is discarded.", {
            "topic": KIND_NAMES[a["topic"]]
        }
    if eid == "debate_won":
        return "{who} wins the debate on {topic}.", {"who": who, "topic": KIND_NAMES[a["topic"]]}
    if eid == "power_skipped":
        return "{who} does not use the power of {topic}.", {
            "who": who,
            "topic": KIND_NAMES[a["topic"]],
        }
    if eid == "card_reclaimed":
        return "{who} takes a {card} back into hand.", {"who": who, "card": CARD_NAMES[a["card"]]}
    if eid == "token_discarded":
        return "{who} sends {kind} from the docket to the forum.", {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
        }
    if eid == "consul_flipped":
        return "{who} flips a consul.", {"who": who}
    if eid == "veto_taken":
        if a["source"] is None:
            return "{who} takes the veto from the centre.", {"who": who}
        return "{who} takes the veto from {source}.", {"who": who, "source": Seat(a["source"])}
    if eid == "token_taken":
        return "{who} takes {kind} from the docket.", {"who": who, "kind": KIND_NAMES[a["kind"]]}
    if eid == "card_named":
        hit = [p for p, n in enumerate(a["discarded"]) if n]
        if not hit:
            return "{who} names the {card}: nobody holds one.", {
                "who": who,
                "card": CARD_NAMES[a["card"]],
            }
        args: dict[str, object] = {"who": who, "card": CARD_NAMES[a["card"]]}
        victims: list[str] = []
        for i, p in enumerate(hit):
            args[f"p{i}"] = Seat(p)
            victims.append(f"{{p{i}}}")
        return "{who} names the {card}; discarding: " + ", ".join(victims) + ".", args
    if eid == "token_given":
        if a["to"] == a["seat"]:
            return "{who} keeps {kind}.", {"who": who, "kind": KIND_NAMES[a["kind"]]}
        return "{who} gives {kind} to {to}.", {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
            "to": Seat(a["to"]),
        }
    if eid == "vetoed":
        return "{who} vetoes {kind}: it goes back to the forum.", {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
        }
    if eid == "accepted":
        return "{who} accepts {kind}.", {"who": who, "kind": KIND_NAMES[a["kind"]]}
    if eid == "token_proposed":
        return "{kind} joins the proposed tokens of {who}.", {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
        }
    if eid == "conflict":
        return "{kind} conflicts with {lost} of {who}: all go back to the forum.", {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
            "lost": kinds_text(a["lost"]),
        }
    if eid == "imperium_passed":
        return "{who} passes Imperium into law.", {"who": who}
    if eid == "consul_passed":
        if not a["kinds"]:
            return "{who} wins the consul with nothing proposed to pass.", {"who": who}
        return "{who} passes {kinds} into law.", {"who": who, "kinds": kinds_text(a["kinds"])}
    if eid == "cards_resolved":
        return None
    if eid == "round_end":
        return "Round {round} ends; discards return to hand.", {"round": a["round"]}
    if eid == "game_end":
        won: dict[str, object] = {f"w{i}": Seat(s) for i, s in enumerate(a["winners"])}
        named = " and ".join(f"{{w{i}}}" for i in range(len(a["winners"])))
        verb = "share the victory" if len(a["winners"]) > 1 else "wins"
        return f"The game is over: {named} {verb}.", won
    raise ValueError(f"no sentence for event {eid!r}")


def render_text(sentence: Sentence, names: Sequence[str]) -> str:
    """A sentence as plain text, seats as names."""
    template, args = sentence
    return template.format(**{k: names[v] if isinstance(v, Seat) else v for k, v in args.items()})


def action_label(text: str, game_total: int, names: Sequence[str]) -> str:
    """What a control that performs an action says. `game_total` is the mover's
    influence in play now, so a bid can show the total it reaches."""
    words = text.split()
    verb, rest = words[0], words[1:]
    if verb == "topic":
        return KIND_NAMES[rest[0]]
    if verb == "play":
        value = sum({"1": 1, "2": 2, "5": 5}[c] for c in rest)
        # With cards already down, the sum starts from them: "5 + 2 + 2 → 9".
        start = [str(game_total)] if game_total else []
        return f"{' + '.join([*start, *rest])} → {game_total + value}"
    if verb == "assassin":
        return "Assassin" + "".join(f" + {c}" for c in rest)
    if verb == "withdraw":
        return "Withdraw"
    if verb == "reclaim":
        return f"Take back a {CARD_NAMES[rest[0]]}"
    if verb == "discard":
        return f"Send {KIND_NAMES[rest[0]]} to the forum"
    if verb == "flip":
        return "Flip a consul"
    if verb == "take":
        return "Take the veto" if rest[0] == "veto" else f"Take {KIND_NAMES[rest[0]]}"
    if verb == "name":
        return f"Name the {CARD_NAMES[rest[0]]}"
    if verb == "skip":
        return "Skip the power"
    if verb == "give":
        return f"Give to {names[int(rest[0])]}"
    if verb == "veto":
        return "Veto it"
    if verb == "accept":
        return "Accept it"
    raise ValueError(f"no label for action {text!r}")
