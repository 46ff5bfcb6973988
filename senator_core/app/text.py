"""The game's words in English: names of kinds, cards and events, and a sentence per event."""

from __future__ import annotations

from collections.abc import Sequence

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
    "socialis_bellum": "Three more agenda tokens were drawn into the docket.",
    "hannibal": "After a debate won, every player discards the cards they have in play.",
    "imperator": "Both consuls are flipped: no consul can be debated this round.",
    "incursio_barbara": "Imperium tokens in the docket went back to the forum.",
    "ludi_gladiatorum": "At most 2 cards in play per player in a debate, the Assassin included.",
    "spartacus": "A first play needs 2 cards (or 2 influence); the Assassin needs influence too.",
}


def kinds_text(kinds: Sequence[str]) -> str:
    return ", ".join(KIND_NAMES[k] for k in kinds) if kinds else "nothing"


def cards_text(cards: Sequence[str]) -> str:
    return " + ".join(CARD_NAMES[c] for c in cards) if cards else "no cards"


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One sentence for an event, or None for bookkeeping a player need not read."""
    a = event.args
    who = names[a["seat"]] if "seat" in a else ""
    eid = event.id
    if eid == "setup":
        return f"A game for {a['players']} senators begins; {names[a['first_opener']]} opens."
    if eid == "round_start":
        return f"Round {a['round']} begins."
    if eid == "docket_filled":
        return f"The docket draws {kinds_text(a['kinds'])}."
    if eid == "event_revealed":
        return f"Event: {EVENT_NAMES[a['event']]}."
    if eid == "event_draws":
        return f"Socialis Bellum draws {kinds_text(a['kinds'])} into the docket."
    if eid == "consuls_flipped":
        return "Imperator flips both consuls."
    if eid == "imperium_returned":
        return f"Incursio Barbara sends {a['count']} Imperium back to the forum."
    if eid == "round_skipped":
        return f"Nothing can be debated: round {a['round']} goes to clean-up."
    if eid == "topic_chosen":
        return f"{who} opens a debate on {KIND_NAMES[a['topic']]}."
    if eid == "bid":
        return f"{who} plays {cards_text(a['cards'])} (total {a['total']})."
    if eid == "withdrawn":
        return f"{who} withdraws."
    if eid == "assassin":
        extra = f" with {cards_text(a['cards'])}" if a["cards"] else ""
        return f"{who} plays the Assassin{extra}!"
    if eid == "assassinated":
        return f"The debate on {KIND_NAMES[a['topic']]} ends with no winner."
    if eid == "debate_won":
        return f"{who} wins the debate on {KIND_NAMES[a['topic']]}."
    if eid == "power_skipped":
        return f"{who} does not use the power of {KIND_NAMES[a['topic']]}."
    if eid == "card_reclaimed":
        return f"{who} takes a {CARD_NAMES[a['card']]} back into hand."
    if eid == "token_discarded":
        return f"{who} sends {KIND_NAMES[a['kind']]} from the docket to the forum."
    if eid == "consul_flipped":
        return f"{who} flips a consul."
    if eid == "veto_taken":
        source = "the centre" if a["source"] is None else names[a["source"]]
        return f"{who} takes the veto from {source}."
    if eid == "token_taken":
        return f"{who} takes {KIND_NAMES[a['kind']]} from the docket."
    if eid == "card_named":
        hit = [names[p] for p, n in enumerate(a["discarded"]) if n]
        victims = ", ".join(hit) if hit else "nobody"
        return f"{who} names the {CARD_NAMES[a['card']]}: {victims} discard."
    if eid == "token_given":
        if a["to"] == a["seat"]:
            return f"{who} keeps {KIND_NAMES[a['kind']]}."
        return f"{who} gives {KIND_NAMES[a['kind']]} to {names[a['to']]}."
    if eid == "vetoed":
        return f"{who} vetoes {KIND_NAMES[a['kind']]}: it goes back to the forum."
    if eid == "accepted":
        return f"{who} accepts {KIND_NAMES[a['kind']]}."
    if eid == "token_proposed":
        return None
    if eid == "conflict":
        return (
            f"{KIND_NAMES[a['kind']]} conflicts with {who}'s {kinds_text(a['lost'])}: "
            "all go back to the forum."
        )
    if eid == "imperium_passed":
        return f"{who} passes Imperium."
    if eid == "consul_passed":
        return f"{who} passes {kinds_text(a['kinds'])} into law."
    if eid == "cards_resolved":
        return None
    if eid == "round_end":
        return f"Round {a['round']} ends."
    if eid == "game_end":
        winners = " and ".join(names[s] for s in a["winners"])
        verb = "share the victory" if len(a["winners"]) > 1 else "wins"
        return f"The game is over: {winners} {verb}."
    raise ValueError(f"no sentence for event {eid!r}")


def action_label(text: str, game_total: int, names: Sequence[str]) -> str:
    """What a control that performs an action says. `game_total` is the mover's
    influence in play now, so a bid can show the total it reaches."""
    words = text.split()
    verb, rest = words[0], words[1:]
    if verb == "topic":
        return KIND_NAMES[rest[0]]
    if verb == "play":
        value = sum({"1": 1, "2": 2, "5": 5}[c] for c in rest)
        return f"{' + '.join(rest)} → {game_total + value}"
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
