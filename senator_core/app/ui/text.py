"""The game's words: names of kinds, cards and events, and a sentence per event,
each marked for translation and read in the language spoken now."""

from __future__ import annotations

from collections.abc import Sequence

from ...actions import parse_action
from ...config import Variants
from ...events import Event
from ...i18n import N_, Translated, _, ngettext, pgettext

KIND_NAMES = Translated(
    {
        "public_works": N_("Public Works"),
        "rebellion": N_("Rebellion"),
        "taxes": N_("Taxes"),
        "trade": N_("Trade"),
        "war": N_("War"),
        "imperium": N_("Imperium"),
        "consul": N_("Consul"),
    }
)
# The card values are numbers everywhere; only the Assassin has a name to translate.
CARD_NAMES = Translated({"1": "1", "2": "2", "5": "5", "assassin": N_("Assassin")})
EVENT_NAMES = Translated(
    {
        "socialis_bellum": N_("Socialis Bellum"),
        "hannibal": N_("Hannibal"),
        "imperator": N_("Imperator"),
        "incursio_barbara": N_("Incursio Barbara"),
        "ludi_gladiatorum": N_("Ludi Gladiatorum"),
        "spartacus": N_("Spartacus"),
    }
)
# A power with nothing to act on, and why (R48); {who} is the debate's winner.
POWER_UNUSED = Translated(
    {
        "public_works": N_("Public Works has nothing to act on: no card for {who} to take back."),
        "rebellion": N_(
            "Rebellion has nothing to act on: no other token in the docket, no consul face up."
        ),
        "taxes": N_("{who} holds the veto already: Taxes has nothing to take."),
        "trade": N_("Trade has nothing to act on: no token in the docket to take."),
        "war": N_("War has nothing to act on: no other senator holds a card."),
    }
)
EVENT_EFFECTS = Translated(
    {
        "socialis_bellum": N_("Three more agenda tokens are drawn into the docket."),
        "hannibal": N_(
            "Whenever a debate is won, every player discards the cards they have in play."
        ),
        "imperator": N_("Both consuls are flipped: no consul can be debated this round."),
        "incursio_barbara": N_("The Imperium tokens in the docket go back to the forum."),
        "ludi_gladiatorum": N_(
            "At most 2 cards in play per player in a debate, the Assassin included."
        ),
        "spartacus": N_(
            "A debate's first play has a minimum, and the Assassin cannot be played alone."
        ),
    }
)

# The one home of the variants' words: each switch's name, its choices' names, and
# what each reading does. The set-up form, the rules panel, the table's event card
# and the transcript all read these.
VARIANT_LABELS = Translated(
    {
        # Translators: the names of the variant switches (each named after the power
        # or event it changes: use the glossary's word for it).
        "taxes": N_("Taxes"),
        "spartacus": N_("Spartacus"),
        "war": N_("War"),
        "public_works": N_("Public Works"),
        "events": N_("Events"),
    }
)
# The choices of each switch, as the set-up form names them.
VARIANT_VALUE_LABELS = Translated(
    {
        "take_anywhere": N_("take anywhere"),
        "centre_only": N_("centre only"),
        "two_cards": N_("two cards"),
        "two_points": N_("two points"),
        "one_copy": N_("one copy"),
        "all_copies": N_("all copies"),
        "not_assassin": N_("not assassin"),
        "not_assassinated": N_("not assassinated"),
        # Translators: whether event cards are used (the "Events" rule).
        "on": N_("on"),
        "off": N_("off"),
    }
)
VARIANT_TEXT: dict[str, Translated[str]] = {
    "taxes": Translated(
        {
            "take_anywhere": N_("Taxes takes the veto from the centre or from whoever holds it."),
            "centre_only": N_("Taxes takes the veto only when it lies in the centre."),
        }
    ),
    "spartacus": Translated(
        {
            "two_cards": N_(
                "A first play in a debate is at least 2 cards, and the Assassin is "
                "played together with an influence card."
            ),
            "two_points": N_(
                "A first play in a debate is worth at least 2, and the Assassin can "
                "be played only with 2 or more influence already in play."
            ),
        }
    ),
    "war": Translated(
        {
            "one_copy": N_("War makes each other player discard one copy of the named card."),
            "all_copies": N_("War makes each other player discard every copy of the named card."),
        }
    ),
    "public_works": Translated(
        {
            "not_assassin": N_("Public Works returns any discarded card but the Assassin."),
            "not_assassinated": N_("Public Works cannot return a card an Assassin discarded."),
        }
    ),
    "events": Translated(
        {"on": N_("One event card is turned over each round."), "off": N_("No event cards.")}
    ),
}


def variant_value_label(value: str) -> str:
    """A variant switch's choice in words; one not known here, as it is."""
    if value in VARIANT_VALUE_LABELS:
        return VARIANT_VALUE_LABELS[value]
    return value.replace("_", " ")


SPEED_LABELS = Translated(
    {
        # Translators: a speed of play (how fast the moves are shown).
        "instant": N_("Instant"),
        "fast": N_("Fast"),
        # Translators: a speed of play, between fast and slow.
        "normal": N_("Normal"),
        "slow": N_("Slow"),
    }
)
OCCUPANT_LABELS = Translated(
    {
        # Translators: who sits at a seat: a person, or a computer player of a level.
        "human": N_("Human"),
        # Translators: a seat played by a person at a device of their own, online.
        "remote": N_("Online player"),
        "easy": N_("Computer: easy"),
        "normal": N_("Computer: normal"),
        "hard": N_("Computer: hard"),
        "expert": N_("Computer: expert"),
        "random": N_("Computer: random"),
        "heuristic": N_("Computer: heuristic"),
    }
)
DECISION_TITLES = Translated(
    {
        "topic": N_("Choose a topic"),
        # Translators: the heading of the decision to bid, withdraw or play the Assassin.
        "debate": N_("Debate"),
        "power": N_("Use the power"),
        "award": N_("Award the token"),
        "veto": N_("Veto or accept"),
    }
)


def event_effect(event: str, variants: Variants) -> str:
    """What an event does, in the reading of the rules this game plays (R41-R46)."""
    if event == "spartacus":
        return VARIANT_TEXT["spartacus"][variants.spartacus]
    return EVENT_EFFECTS[event]


def power_text(kind: str, variants: Variants) -> str:
    """What winning a debate on `kind` lets the winner do (R26, R27, R34-R39)."""
    if kind == "public_works":
        if variants.public_works == "not_assassinated":
            return _(
                "Take one card back from your discard pile (not the Assassin nor one an "
                "Assassin discarded)."
            )
        return _("Take one card back from your discard pile (not the Assassin).")
    if kind == "rebellion":
        return _("Send another docket token back to the forum, or flip a face-up consul.")
    if kind == "taxes":
        if variants.taxes == "centre_only":
            return _("Take the veto token, if it lies in the centre.")
        return _("Take the veto token, from the centre or from whoever holds it.")
    if kind == "trade":
        return _("Take one more docket token (not Imperium) among your own proposed tokens.")
    if kind == "war":
        if variants.war == "all_copies":
            return _("Name a card: every other player discards every copy of it from hand.")
        return _("Name a card: every other player discards one copy of it from hand.")
    if kind == "imperium":
        return _("No power: the winner keeps it, passed into law at once.")
    if kind == "consul":
        return _("The winner passes all of their own proposed tokens into law.")
    raise ValueError(kind)


# The one home of joining words into a list: every list a player reads is made here.


def said_of(error: Exception) -> str:
    """A refusal's words as a sentence for a notice: capital first, full stop last (the
    checks below the application say theirs as clauses)."""
    text = str(error).rstrip(".")
    return text[:1].upper() + text[1:] + "."


def _commas(items: Sequence[str]) -> str:
    # Translators: between the items of a list of tokens, senators or cards, but the
    # last two.
    return pgettext("list", ", ").join(items)


def plain_list(items: Sequence[str]) -> str:
    """Items listed one after another, as English does with commas: "War, Taxes"."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the end of a list of tokens or senators: {items} is all but the last
    # item. English keeps a comma ("War, Taxes"); your language may say "and" here.
    return pgettext("list", "{items}, {last}").format(items=_commas(items[:-1]), last=items[-1])


def and_list(items: Sequence[str]) -> str:
    """Items joined by "and": "Cassius and Brutus", "1, 2 and the Assassin"."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the end of a list: {first} is all but its last item, with commas
    # ("1, 1, 2"), {last} the last item ("the Assassin").
    return _("{first} and {last}").format(first=_commas(items[:-1]), last=items[-1])


def or_list(items: Sequence[str]) -> str:
    """Items as alternatives: "Trade", "Trade or War", "3, 4 or 5"."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the end of a list of choices: {first} is all but its last item,
    # with commas ("3, 4"), {last} the last item ("5").
    return _("{first} or {last}").format(first=_commas(items[:-1]), last=items[-1])


def kinds_text(kinds: Sequence[str]) -> str:
    # Translators: an empty list of tokens, as in "The docket draws nothing."
    return plain_list([KIND_NAMES[k] for k in kinds]) if kinds else pgettext("tokens", "nothing")


def cards_text(cards: Sequence[str]) -> str:
    return " + ".join(CARD_NAMES[c] for c in cards) if cards else _("no cards")


class Seat(int):
    """A seat number in a sentence's arguments: shown as that player's name."""


Sentence = tuple[str, dict[str, object]]


def slots(prefix: str, count: int) -> list[str]:
    """The template slots `{p0}`, `{p1}`... for a list of seats in a sentence."""
    return [f"{{{prefix}{i}}}" for i in range(count)]


def describe(event: Event) -> Sentence | None:
    """An event as a sentence template in the language spoken now and its arguments,
    or None for bookkeeping a player need not read. Seats come as `Seat` values, so a
    view can show names in the players' colours; `render_text` makes plain text of it."""
    a = event.args
    eid = event.id
    who = Seat(a["seat"]) if "seat" in a else None
    if eid == "setup":
        return _("A game for {players} senators begins; {opener} opens."), {
            "players": a["players"],
            "opener": Seat(a["first_opener"]),
        }
    if eid == "round_start":
        return _("Round {round} begins."), {"round": a["round"]}
    if eid == "docket_filled":
        return _("The docket draws {kinds}."), {"kinds": kinds_text(a["kinds"])}
    if eid == "event_revealed":
        return _("Event: {event}. {effect}"), {
            "event": EVENT_NAMES[a["event"]],
            "effect": EVENT_EFFECTS[a["event"]],
        }
    if eid == "event_draws":
        return _("Socialis Bellum draws {kinds} into the docket."), {
            "kinds": kinds_text(a["kinds"])
        }
    if eid == "consuls_flipped":
        return _("Imperator flips both consuls."), {}
    if eid == "imperium_returned":
        count = a["count"]
        if not count:
            return _("Incursio Barbara finds no Imperium in the docket to send back."), {}
        return ngettext(
            "Incursio Barbara sends {count} Imperium back to the forum.",
            "Incursio Barbara sends {count} Imperium back to the forum.",
            count,
        ), {"count": count}
    if eid == "round_skipped":
        return _("Nothing can be debated: round {round} goes to clean-up."), {"round": a["round"]}
    if eid == "topic_chosen":
        return _("{who} opens a debate on {topic}."), {
            "who": who,
            "topic": KIND_NAMES[a["topic"]],
        }
    if eid == "bid":
        return _("{who} plays {cards} (total {total})."), {
            "who": who,
            "cards": cards_text(a["cards"]),
            "total": a["total"],
        }
    if eid == "withdrawn":
        return _("{who} withdraws."), {"who": who}
    if eid == "assassin":
        if a["cards"]:
            return _("{who} plays the Assassin with {cards}!"), {
                "who": who,
                "cards": cards_text(a["cards"]),
            }
        return _("{who} plays the Assassin!"), {"who": who}
    if eid == "assassinated":
        return _("The debate on {topic} ends with no winner: every card in play is discarded."), {
            "topic": KIND_NAMES[a["topic"]]
        }
    if eid == "debate_won":
        return _("{who} wins the debate on {topic}."), {
            "who": who,
            "topic": KIND_NAMES[a["topic"]],
        }
    if eid == "power_skipped":
        return _("{who} does not use the power of {topic}."), {
            "who": who,
            "topic": KIND_NAMES[a["topic"]],
        }
    if eid == "power_unused":
        if a["topic"] == "taxes" and a.get("veto") != a["seat"]:
            return _("Taxes has nothing to take: the veto is not in the centre."), {}
        return POWER_UNUSED[a["topic"]], {"who": who}
    if eid == "card_reclaimed":
        return _("{who} takes a {card} back into hand."), {
            "who": who,
            "card": CARD_NAMES[a["card"]],
        }
    if eid == "token_discarded":
        return _("{who} sends {kind} from the docket to the forum."), {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
        }
    if eid == "consul_flipped":
        return _("{who} flips a consul."), {"who": who}
    if eid == "veto_taken":
        if a["source"] is None:
            return _("{who} takes the veto from the centre."), {"who": who}
        return _("{who} takes the veto from {source}."), {"who": who, "source": Seat(a["source"])}
    if eid == "token_taken":
        return _("{who} takes {kind} from the docket."), {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
        }
    if eid == "card_named":
        hit = [p for p, n in enumerate(a["discarded"]) if n]
        if not hit:
            return _("{who} names the {card}: nobody holds one."), {
                "who": who,
                "card": CARD_NAMES[a["card"]],
            }
        args: dict[str, object] = {"who": who, "card": CARD_NAMES[a["card"]]}
        for i, p in enumerate(hit):
            args[f"p{i}"] = Seat(p)
        # The seats discarding become slots of their own, so each shows as a name.
        victims = plain_list(slots("p", len(hit)))
        template = ngettext(
            "{who} names the {card}; discarding: {victims}.",
            "{who} names the {card}; discarding: {victims}.",
            len(hit),
        )
        return template.replace("{victims}", victims), args
    if eid == "token_given":
        if a["to"] == a["seat"]:
            return _("{who} keeps {kind}."), {"who": who, "kind": KIND_NAMES[a["kind"]]}
        return _("{who} gives {kind} to {to}."), {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
            "to": Seat(a["to"]),
        }
    if eid == "vetoed":
        return _("{who} vetoes {kind}: it goes back to the forum."), {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
        }
    if eid == "accepted":
        return _("{who} accepts {kind}."), {"who": who, "kind": KIND_NAMES[a["kind"]]}
    if eid == "token_proposed":
        return _("{kind} joins the proposed tokens of {who}."), {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
        }
    if eid == "conflict":
        return _("{kind} conflicts with {lost} of {who}: all go back to the forum."), {
            "who": who,
            "kind": KIND_NAMES[a["kind"]],
            "lost": kinds_text(a["lost"]),
        }
    if eid == "imperium_passed":
        return _("{who} passes Imperium into law."), {"who": who}
    if eid == "consul_passed":
        if not a["kinds"]:
            return _("{who} wins the consul with nothing proposed to pass."), {"who": who}
        return _("{who} passes {kinds} into law."), {
            "who": who,
            "kinds": kinds_text(a["kinds"]),
        }
    if eid == "cards_resolved":
        return None
    if eid == "round_end":
        return _("Round {round} ends; discards return to hand."), {"round": a["round"]}
    if eid == "game_end":
        count = len(a["winners"])
        won: dict[str, object] = {f"w{i}": Seat(s) for i, s in enumerate(a["winners"])}
        template = ngettext(
            "The game is over: {winners} wins.",
            "The game is over: {winners} share the victory.",
            count,
        )
        return template.replace("{winners}", and_list(slots("w", count))), won
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
        # The cards played, then the total they bring the player to, with any cards
        # already down: "2 + 2 → 9" over a 5 in play.
        return f"{' + '.join(rest)} → {game_total + parse_action(text).value}"
    if verb == "assassin":
        return " + ".join([CARD_NAMES["assassin"], *rest])
    if verb == "withdraw":
        return _("Withdraw")
    if verb == "reclaim":
        return _("Take back a {card}").format(card=CARD_NAMES[rest[0]])
    if verb == "discard":
        return _("Send {kind} to the forum").format(kind=KIND_NAMES[rest[0]])
    if verb == "flip":
        return _("Flip a consul")
    if verb == "take":
        if rest[0] == "veto":
            return _("Take the veto")
        return _("Take {kind}").format(kind=KIND_NAMES[rest[0]])
    if verb == "name":
        return _("Name the {card}").format(card=CARD_NAMES[rest[0]])
    if verb == "skip":
        return _("Skip the power")
    if verb == "give":
        return _("Give to {name}").format(name=names[int(rest[0])])
    if verb == "veto":
        return _("Veto it")
    if verb == "accept":
        return _("Accept it")
    raise ValueError(f"no label for action {text!r}")
