"""The rules panel: teaches Senator from scratch, one linkable section per part of the game."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ..config import DEFAULT_NAMES, VARIANT_VALUES, Variants
from ..rules import (
    CARD_VALUES,
    CARDS,
    DOCKET_SIZE,
    EVENTS,
    HAND,
    KINDS,
    ROUNDS,
    TOKENS_PER_KIND,
    conflicts_with,
)
from . import art
from .html import Markup, h
from .text import CARD_NAMES, EVENT_EFFECTS, EVENT_NAMES, KIND_NAMES, power_text

# The sections of the panel, in the order they are shown: (id, heading). The ids are
# stable so other parts of the interface can link to a section ("#rules-veto").
SECTIONS: tuple[tuple[str, str], ...] = (
    ("rules-goal", "The goal"),
    ("rules-hand", "Your hand, and what everyone can see"),
    ("rules-cards", "The cards"),
    ("rules-tokens", "The agenda tokens"),
    ("rules-conflicts", "Conflicts"),
    ("rules-round", "How a round goes"),
    ("rules-debate", "A debate, step by step"),
    ("rules-winning-a-debate", "Winning a debate"),
    ("rules-powers", "Powers of the tokens"),
    ("rules-veto", "The veto"),
    ("rules-assassin", "The Assassin"),
    ("rules-consuls", "Consuls"),
    ("rules-events", "Events"),
    ("rules-round-end", "End of a round"),
    ("rules-scoring", "Winning the game"),
    ("rules-example", "Example: one debate"),
    ("rules-variants", "Variants in this game"),
)

# Which section teaches each rule of docs/rules.md, so a "why?" beside a message
# that cites a rule can open the right place. The settled points R47-R57 go to the
# section whose rule they refine.
_TAUGHT_IN: dict[str, tuple[int, ...]] = {
    "rules-goal": (1,),
    "rules-hand": (2, 53),
    "rules-tokens": (3, 5, 9),
    "rules-conflicts": (4, 30),
    "rules-round": (10, 11, 12, 13, 14, 15, 16, 17, 54),
    "rules-debate": (18, 19, 20, 21, 22, 23, 24, 25, 47, 52),
    "rules-winning-a-debate": (26, 29),
    "rules-powers": (34, 35, 36, 37, 38, 39, 48, 57),
    "rules-veto": (7, 49, 50),
    "rules-assassin": (28,),
    "rules-consuls": (6, 27, 56),
    "rules-events": (8, 41, 42, 43, 44, 45, 46),
    "rules-round-end": (31, 32, 33, 51, 55),
    "rules-scoring": (40,),
}
RULE_SECTIONS: dict[str, str] = {
    f"R{n}": section
    for n, section in sorted((n, s) for s, numbers in _TAUGHT_IN.items() for n in numbers)
}

# Rules a section also draws on, beyond those it is the home of.
_SEE_ALSO: dict[str, tuple[int, ...]] = {
    "rules-goal": (40,),
    "rules-hand": (10, 32),
    "rules-cards": (2, 21, 22),
    "rules-winning-a-debate": (27, 30),
    "rules-veto": (26, 36),
    "rules-example": (19, 20, 21, 23, 25, 26, 29, 30, 38),
    "rules-variants": (34, 36, 38, 46),
}

# The worked example: three senators (seats 0, 1, 2) at the start of round 2, every
# hand full; Livia holds a proposed Rebellion and Taxes, the veto lies in the centre
# and no event is in force. Cassius opens on War. Each turn: seat and the cards it
# plays (none: it withdraws). tests/test_help.py plays it through the engine.
EXAMPLE_NAMES: tuple[str, ...] = DEFAULT_NAMES[:3]
EXAMPLE_TOPIC = "war"
EXAMPLE_TURNS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (0, ("2",)),
    (1, ("1", "2")),
    (2, ("5",)),
    (0, ("2", "2")),
    (1, ()),
    (2, ()),
)
EXAMPLE_NAMED_CARD = "5"
EXAMPLE_RECEIVER = 2

_SWITCH_LABELS: dict[str, str] = {
    "taxes": "Taxes",
    "spartacus": "Spartacus",
    "war": "War",
    "public_works": "Public Works",
    "events": "Events",
}
_READINGS: dict[str, dict[str, str]] = {
    "taxes": {
        "take_anywhere": "Taxes takes the veto from the centre or from whoever holds it.",
        "centre_only": "Taxes takes the veto only when it lies in the centre.",
    },
    "spartacus": {
        "two_cards": "A first play in a debate is at least 2 cards, and the Assassin is "
        "played together with an influence card.",
        "two_points": "A first play in a debate is worth at least 2, and the Assassin can "
        "be played only with 2 or more influence already in play.",
    },
    "war": {
        "one_copy": "Each other senator discards one copy of the named card.",
        "all_copies": "Each other senator discards every copy of the named card.",
    },
    "public_works": {
        "not_assassin": "Any discarded card but the Assassin can come back.",
        "not_assassinated": "Neither the Assassin nor a card an Assassin discarded can come back.",
    },
    "events": {
        "on": "One event card is turned over each round.",
        "off": "No event cards.",
    },
}

# Spartacus in full, for the events section (the reading in force only).
_SPARTACUS: dict[str, str] = {
    "two_cards": "For the whole round, your first play of influence in a debate puts at "
    "least 2 cards in play together, and the Assassin is played together with one or "
    "more influence cards from your hand.",
    "two_points": "For the whole round, your first play of influence in a debate is worth "
    "at least 2, and you can play the Assassin only once your cards in play are worth 2 "
    "or more.",
}


# --------------------------------------------------------------------------- pieces


def _numbers(numbers: Iterable[int]) -> str:
    """Rule numbers as a short list: 19, 20, 21, 23 gives R19 to R21 (an en dash), R23."""
    parts: list[str] = []
    run: list[int] = []
    for n in [*sorted(set(numbers)), -1]:
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if len(run) > 2:
            parts.append(f"R{run[0]}–R{run[-1]}")
        else:
            parts.extend(f"R{m}" for m in run)
        run = [n]
    return ", ".join(parts)


def _rule_ref(section: str) -> Markup | None:
    numbers = set(_TAUGHT_IN.get(section, ())) | set(_SEE_ALSO.get(section, ()))
    if not numbers:
        return None
    word = "Rule" if len(numbers) == 1 else "Rules"
    return h("p", {"class": "rule-ref"}, f"{word} {_numbers(numbers)}")


def _section(section: str, *body: object, title: str | None = None) -> Markup:
    heading = title if title is not None else dict(SECTIONS)[section]
    return h("section", {"id": section}, h("h3", None, heading), body, _rule_ref(section))


def _p(*parts: object) -> Markup:
    return h("p", None, parts)


def _b(text: str) -> Markup:
    return h("strong", None, text)


def _list(tag: str, *items: object, css: str | None = None) -> Markup:
    """A list of `tag` ("ul" or "ol"); each item is text, or a tuple of parts."""
    return h(tag, {"class": css}, [h("li", None, item) for item in items])


def _see(section: str, text: str) -> Markup:
    return h("a", {"href": f"#{section}"}, text)


def _variant_tag(switch: str) -> Markup:
    """Marks a power or event that this game's reading of `switch` changes."""
    title = f"Changed by the {_SWITCH_LABELS[switch]} variant of this game"
    return h("a", {"class": "variant-tag", "href": "#rules-variants", "title": title}, "variant")


def _tag_if_changed(variants: Variants, switch: str) -> object:
    changed = getattr(variants, switch) != VARIANT_VALUES[switch][0]
    return changed and (" ", _variant_tag(switch))


def _and(words: list[str], last: str = "and") -> str:
    """["a", "b", "c"] -> "a, b and c"."""
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else "".join(words)


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def _deco(icon: Markup) -> Markup:
    """An icon beside the name it draws: hidden from screen readers, which read the name."""
    return h("span", {"class": "deco", "aria-hidden": "true"}, icon)


def _card_icon(card: str) -> Markup:
    return art.icon(f"card_{card}", CARD_NAMES[card], "icon icon-card")


def _icon(name: str, label: str) -> Markup:
    return _deco(art.icon(name, label, "icon icon-token"))


def _hand() -> list[str]:
    return [card for card, count in zip(CARDS, HAND, strict=True) for _ in range(count)]


# --------------------------------------------------------------------------- sections


def _goal() -> Markup:
    rounds = _WORDS[ROUNDS]
    return _section(
        "rules-goal",
        _p(
            "Senator is a game for 3 to 5 players, each a senator of Rome. The laws on the "
            "agenda are tokens, and senators debate them one by one to win them."
        ),
        _p(_b(f"Whoever holds the most agenda tokens after {rounds} rounds wins the game.")),
        h("h4", None, "The game in brief"),
        _list(
            "ol",
            "Each round, agenda tokens are laid out face up to be debated.",
            "In a debate, senators outbid each other with influence cards; the last one "
            "still in wins.",
            "The winner may use the token's power, then gives the token to any senator, "
            "themself included.",
            "Some kinds of token cancel each other, unless they have been passed into law.",
            f"After {rounds} rounds, the most tokens wins.",
            css="rules-summary",
        ),
    )


def _hand_section() -> Markup:
    cards = _hand()
    names = [CARD_NAMES[c] if c != "assassin" else "the Assassin" for c in cards]
    return _section(
        "rules-hand",
        _p(f"Every senator has the same {_WORDS[len(cards)]} cards: {_and(names)}."),
        h(
            "ul",
            {"class": "hand-cards", "aria-label": "The cards of a hand"},
            [h("li", {"data-card": card}, _card_icon(card)) for card in cards],
        ),
        _p(
            "A card is always in one of three places: in your hand, in play (put down "
            "face up in the current debate), or on your discard pile."
        ),
        _p(
            "The cards you win a debate with go to your discard pile, and you get your "
            "discard pile back only when the round ends. A card you spend is gone for "
            "the rest of the round (unless Public Works brings it back), so spend with "
            "care."
        ),
        h("h4", None, "Everything is public"),
        _p(
            "Cards are always played, discarded and taken back face up. So every hand, "
            "every card in play and every discard pile is open to all, and the game shows "
            "each senator's hand."
        ),
        _p(
            "Only two things are hidden: the order of the tokens in the forum and the "
            "order of the event deck. What the forum holds is no secret: anyone can work "
            "it out from the tokens in sight."
        ),
    )


def _cards() -> Markup:
    rows = [
        h(
            "li",
            {"data-card": card},
            _deco(_card_icon(card)),
            " ",
            _b(f"{CARD_NAMES[card]} × {count}"),
            f": worth {value} influence."
            if value
            else (
                ": no influence. Playing it ends the debate at once, and nobody wins it (see ",
                _see("rules-assassin", "The Assassin"),
                ").",
            ),
        )
        for card, count, value in zip(CARDS, HAND, CARD_VALUES, strict=True)
    ]
    influence = sum(n * v for n, v in zip(HAND, CARD_VALUES, strict=True))
    return _section(
        "rules-cards",
        h("ul", {"class": "card-list"}, rows),
        _p(f"Together the influence cards of a hand are worth {influence}."),
        _p(
            "In a debate your total is the sum of all the cards you have put in play in "
            "that debate."
        ),
    )


def _tokens() -> Markup:
    names = [KIND_NAMES[k] for k in KINDS]
    return _section(
        "rules-tokens",
        _p(
            f"There are {TOKENS_PER_KIND * len(KINDS)} agenda tokens, {TOKENS_PER_KIND} of "
            f"each of {len(KINDS)} kinds: {_and(names)}."
        ),
        h(
            "ul",
            {"class": "kind-list"},
            [h("li", {"data-kind": k}, _icon(k, KIND_NAMES[k]), " ", KIND_NAMES[k]) for k in KINDS],
        ),
        _p(
            "The forum is the face-down stock of tokens. The docket is what lies face up "
            "on the table, waiting to be debated."
        ),
        _p(
            "A token you receive is first ",
            _b("proposed"),
            ": it lies above your scroll, where a conflict can still take it away. ",
            _b("Passed"),
            " tokens lie below the scroll and are safe for good. Both count for the score.",
        ),
        _p(
            "Tokens become passed when you win a debate on a consul (see ",
            _see("rules-consuls", "Consuls"),
            "). Imperium is passed as soon as you win it.",
        ),
    )


def _conflicts() -> Markup:
    ring = [k for k in KINDS if conflicts_with(k)]
    return _section(
        "rules-conflicts",
        _p(
            f"{_WORDS[len(ring)].capitalize()} of the kinds stand in a ring, and each "
            f"conflicts with its two neighbours. {KIND_NAMES['imperium']} conflicts with "
            "nothing."
        ),
        art.conflict_cycle(KIND_NAMES),
        _p(
            "Whenever a token joins a senator's proposed tokens, look at their other "
            "proposed tokens. If any of them conflicts with the newcomer, the newcomer ",
            h("em", None, "and"),
            " every proposed token it conflicts with go back to the forum.",
        ),
        _p("Passed tokens never take part in a conflict, and nothing ever removes them."),
        _p(
            "So a token can be a gift that hurts: give War to a senator holding a proposed "
            "Rebellion, and they lose both."
        ),
        _list(
            "ul",
            *(
                (
                    _b(KIND_NAMES[k]),
                    " conflicts with ",
                    _and([KIND_NAMES[c] for c in conflicts_with(k)]) or "nothing",
                    ".",
                )
                for k in KINDS
            ),
            css="conflict-list",
        ),
    )


def _round() -> Markup:
    sizes = _and([str(DOCKET_SIZE[p]) for p in sorted(DOCKET_SIZE)], "or")
    players = _and([str(p) for p in sorted(DOCKET_SIZE)], "or")
    return _section(
        "rules-round",
        h("h4", None, "Setting up"),
        _p(
            "Everyone takes their seven cards into hand. The agenda tokens are shuffled "
            "face down to form the forum, and the event cards are shuffled into a deck. "
            "Both consuls lie face up, the veto lies in the centre, and the first opener "
            "is drawn at random (unless one is named at set-up)."
        ),
        h("h4", None, "Each round"),
        _p(f"A game is always {_WORDS[ROUNDS]} rounds, and each round has three phases."),
        _list(
            "ol",
            (
                _b("Preparation. "),
                f"Tokens are drawn from the forum until the docket holds {sizes} tokens "
                f"with {players} senators. Tokens left over from the round before stay and "
                "count. Both consuls are turned face up, and an event card is turned over.",
            ),
            (
                _b("Debates. "),
                "One debate follows another until nothing is left to debate or nobody "
                "holds a card.",
            ),
            (
                _b("Clean-up. "),
                "Everyone takes back their discards and the forum is shuffled (see ",
                _see("rules-round-end", "End of a round"),
                ").",
            ),
        ),
        _p("Tokens come into the docket only during preparation, once a round."),
    )


def _debate() -> Markup:
    actions = _list(
        "ul",
        (
            h("em", None, "Play influence: "),
            "put one or more cards from your hand in play, all at once. Your total must "
            "then stand ",
            _b("strictly above"),
            " every other senator's total. If the others stand at 4 and 5, you need 6 or more.",
        ),
        (
            h("em", None, "Play the Assassin: "),
            "the debate ends at once, with no winner (see ",
            _see("rules-assassin", "The Assassin"),
            ").",
        ),
        (
            h("em", None, "Withdraw: "),
            "you are out of this debate for good. Your cards stay in play until it ends.",
        ),
    )
    return _section(
        "rules-debate",
        _list(
            "ol",
            (
                _b("The opener picks the topic: "),
                "one agenda token from the docket, or a consul that is face up. The topic "
                "leaves the docket.",
            ),
            (
                _b("Turns go clockwise. "),
                "The opener acts first; then each senator still in the debate takes a "
                "turn, in seat order, and those who have withdrawn are passed over.",
            ),
            (_b("Every turn is one action"), " (there is no passing):", actions),
            (
                _b("The last senator in wins. "),
                "As soon as only one senator is left, the debate is theirs, whatever their "
                "total, even 0.",
            ),
            css="steps",
        ),
        _p(
            "Running out of cards does not take you out: you stay in until your next "
            "turn, and then you can only withdraw. But if everyone else withdraws first, "
            "a senator with no cards left wins the debate."
        ),
        _p(
            "When you cannot get above everyone else, you can still withdraw, or play the "
            "Assassin if you hold it."
        ),
        _p(
            "Who opens: the first opener opens the first debate of the game. After that, "
            "whoever most recently won a debate or played an Assassin opens the next one, "
            "in the next round too."
        ),
    )


def _winning() -> Markup:
    return _section(
        "rules-winning-a-debate",
        _p("The winner of a debate on an agenda token goes through four steps, in order:"),
        _list(
            "ol",
            (
                _b("Power. "),
                "The winner may use the power of the token's kind (see ",
                _see("rules-powers", "Powers of the tokens"),
                "), whoever receives the token afterwards. Using it is optional.",
            ),
            (
                _b("Award. "),
                "The winner gives the token to any senator, themself included. It joins "
                "that senator's proposed tokens.",
            ),
            (
                _b("Veto. "),
                "If the receiver holds the veto and the token came from someone else, they "
                "may refuse it (see ",
                _see("rules-veto", "The veto"),
                ").",
            ),
            (
                _b("Conflicts. "),
                "The receiver's proposed tokens are checked against the new one (see ",
                _see("rules-conflicts", "Conflicts"),
                ").",
            ),
            css="steps",
        ),
        _p(
            _b("Imperium"),
            " is the exception: the winner must keep it, and it goes straight to their "
            "passed tokens, with no veto and no conflict check.",
        ),
        _p(
            "When the topic is a ",
            _b("consul"),
            ", the winner passes all of their own proposed tokens into law, and the "
            "consul is flipped (see ",
            _see("rules-consuls", "Consuls"),
            ").",
        ),
        h("h4", None, "Then the cards"),
        _p(
            "The winner's cards in play go to their discard pile. Everyone else takes the "
            "cards they had in play back into hand. Winning costs you your cards; losing "
            "costs you nothing (unless the Hannibal event is in force)."
        ),
        _p(
            "The power is used while the cards of the debate are still on the table: "
            "Public Works cannot bring them back, and War reaches only cards in hands."
        ),
    )


def _powers(variants: Variants) -> Markup:
    rows = [
        h(
            "li",
            {"data-power": kind},
            _icon(kind, KIND_NAMES[kind]),
            " ",
            _b(KIND_NAMES[kind]),
            ": ",
            power_text(kind, variants),
            kind in VARIANT_VALUES and _tag_if_changed(variants, kind),
        )
        for kind in (*KINDS, "consul")
    ]
    return _section(
        "rules-powers",
        _p(
            "Only the winner of a debate on a token can use its power, and may skip it. "
            "The power works whoever receives the token afterwards."
        ),
        h("ul", {"class": "powers"}, rows),
        h("h4", None, "Fine points"),
        _list(
            "ul",
            "Rebellion may send back any other token of the docket, an Imperium or a "
            "Rebellion too.",
            "The second token Trade brings gives no power, goes through the conflict "
            "check, and arrives before the Trade token itself is awarded.",
            "War may name any of the four cards (1, 2, 5 or the Assassin), even one nobody holds.",
            "A power with nothing to act on does nothing: Rebellion with no other token in "
            "the docket and no consul face up, Trade with no token it may take, Public "
            "Works with an empty discard pile.",
        ),
    )


def _veto(variants: Variants) -> Markup:
    return _section(
        "rules-veto",
        _p(
            _icon("veto", "Veto"),
            " There is one veto token. It lies in the centre of the table or in front of "
            "the one senator who holds it. It starts in the centre.",
        ),
        _p(
            _b("What it does: "),
            "when another senator awards you a token and you hold the veto, you may refuse "
            "the token. It goes back to the forum, face down, and the veto goes back to "
            "the centre. Refusing is optional: you may accept instead.",
        ),
        _p(
            "The veto never works against a token you award to yourself, and Imperium can "
            "never be refused, since its winner keeps it."
        ),
        _p(_b("How to get it: "), "win a debate on Taxes and use its power."),
        _p(
            _icon("taxes", KIND_NAMES["taxes"]),
            " ",
            _b(KIND_NAMES["taxes"]),
            ": ",
            power_text("taxes", variants),
            _tag_if_changed(variants, "taxes"),
        ),
        _p("The veto stays where it is when a round ends."),
    )


def _assassin() -> Markup:
    return _section(
        "rules-assassin",
        _p(
            _deco(_card_icon("assassin")),
            " Playing your Assassin ends the debate at once, and nobody wins it:",
        ),
        _list(
            "ul",
            "every card in play goes to its owner's discard pile: every senator's, those "
            "who withdrew included, and the Assassin with them;",
            "an agenda topic goes back to the forum; a consul topic is flipped;",
            "whoever played the Assassin opens the next debate.",
        ),
        _p(
            "It stops a senator who is about to win a token you fear, and makes everyone "
            "lose the cards they had put in. It costs you the Assassin and your own cards "
            "in play until the round ends."
        ),
    )


def _consuls() -> Markup:
    return _section(
        "rules-consuls",
        _p(
            _icon("consul", KIND_NAMES["consul"]),
            " The two consuls are topics too. A consul that is face up may be picked as "
            "the topic of a debate instead of an agenda token.",
        ),
        _p(
            "The winner of a consul passes ",
            _b("all of their own"),
            " proposed tokens into law: they become passed, safe from any conflict. Other "
            "senators' proposed tokens stay where they are.",
        ),
        _p(
            "Nobody keeps the consul, and it does not count for the score. It is flipped, "
            "and cannot be picked again this round; both consuls are turned face up at the "
            "start of every round."
        ),
    )


def _events(variants: Variants) -> Markup:
    off = variants.events == "off"
    more = {
        "socialis_bellum": "Happens as the card is turned over.",
        "hannibal": "The losers lose their cards in play too, for the rest of the round.",
        "imperator": "Happens as the card is turned over.",
        "incursio_barbara": "Happens as the card is turned over; Imperium tokens that "
        "senators hold stay.",
        "ludi_gladiatorum": "A senator with 2 cards in play can neither raise nor play "
        "the Assassin.",
        "spartacus": _SPARTACUS[variants.spartacus],
    }
    rows = [
        h(
            "li",
            {"data-event": event},
            _icon(event, EVENT_NAMES[event]),
            " ",
            _b(EVENT_NAMES[event]),
            ": ",
            EVENT_EFFECTS[event],
            " ",
            h("span", {"class": "more"}, more[event]),
            event == "spartacus" and _tag_if_changed(variants, "spartacus"),
        )
        for event in EVENTS
    ]
    return _section(
        "rules-events",
        off and _p(_b("This game is played without event cards.")),
        _p(
            "At the start of each round one event card is turned over. It holds until the "
            "round ends. Some act at once; the others change the rules for the round."
        ),
        h("ul", {"class": "events"}, rows),
        title="Events (not used in this game)" if off else "Events",
    )


def _round_end() -> Markup:
    return _section(
        "rules-round-end",
        _p(
            "No new debate begins once there is nothing left to debate (no token in the "
            "docket and no consul face up), or once no senator holds any card, the "
            "Assassin included. While even one senator holds a card, debates go on, and "
            "those with empty hands withdraw on their turns."
        ),
        _p("Then comes the clean-up:"),
        _list(
            "ul",
            "everyone takes their whole discard pile back into hand, so all hold seven "
            "cards again (cards lost to War or an Assassin come back too);",
            "proposed and passed tokens stay where they are, and so does the veto;",
            "the forum is shuffled.",
        ),
        _p(
            "If nothing at all can be debated right after preparation, the round goes "
            "straight to clean-up, and the same senator opens the next round."
        ),
        _p(f"After round {ROUNDS}, the game is over."),
    )


def _scoring() -> Markup:
    return _section(
        "rules-scoring",
        _p("Every agenda token you hold scores one, proposed and passed alike."),
        _list(
            "ol",
            "The senator with the most tokens wins.",
            "If tied, the one with more Imperium tokens wins.",
            "If still tied, the one with more passed tokens wins.",
            "Senators tied on all three share the victory.",
        ),
    )


def _example() -> Markup:
    names = EXAMPLE_NAMES
    totals = [0] * len(names)
    rows: list[Markup] = []
    for turn, (seat, cards) in enumerate(EXAMPLE_TURNS, 1):
        if cards:
            to_beat = max(t for s, t in enumerate(totals) if s != seat)
            totals[seat] += sum(CARD_VALUES[CARDS.index(c)] for c in cards)
            action = "plays " + _and(list(cards))
            if to_beat:
                action += f" to beat {to_beat}, reaching {totals[seat]}"
        else:
            action = "withdraws; the cards stay in play"
        rows.append(
            h(
                "tr",
                None,
                h("td", None, turn),
                h("td", None, names[seat]),
                h("td", None, action),
                h("td", {"class": "totals"}, " / ".join(str(t) for t in totals)),
            )
        )
    out = {seat for seat, cards in EXAMPLE_TURNS if not cards}
    (winner,) = (seat for seat in range(len(names)) if seat not in out)
    spent = [c for seat, cards in EXAMPLE_TURNS if seat == winner for c in cards]
    spent_text = _and(
        [f"{_WORDS[spent.count(c)]} {c}{'s' * (spent.count(c) > 1)}" for c in CARDS if c in spent]
    )
    who, receiver, card = names[winner], names[EXAMPLE_RECEIVER], EXAMPLE_NAMED_CARD
    topic = KIND_NAMES[EXAMPLE_TOPIC]
    lost = [KIND_NAMES[k] for k in conflicts_with(EXAMPLE_TOPIC)]
    head = h(
        "tr",
        None,
        h("th", {"scope": "col"}, "Turn"),
        h("th", {"scope": "col"}, "Senator"),
        h("th", {"scope": "col"}, "Action"),
        h(
            "th",
            {"scope": "col"},
            "Totals",
            h("br"),
            h("span", {"class": "totals"}, " / ".join(n[0] for n in names)),
        ),
    )
    return _section(
        "rules-example",
        _p(
            f"Three senators: {_and(list(names))}, seated in that order. Round 2 has just "
            "begun, so everyone holds all seven cards. Livia has a proposed Rebellion and "
            "a proposed Taxes from round 1; the veto lies in the centre, and no event is in "
            f"force. {names[0]} opens and picks {topic} from the docket."
        ),
        h(
            "div",
            {"class": "example-wrap"},
            h("table", {"class": "example"}, h("thead", None, head), h("tbody", None, rows)),
        ),
        _list(
            "ul",
            (_b("Winner: "), f"only {who} is left, so he wins with {totals[winner]}."),
            (
                _b("Power: "),
                f"{topic}. {who} names the {card}. Brutus still holds his {card}, so he "
                f"discards it. Livia's {card} is in play, not in her hand, so {topic} "
                "cannot touch it.",
            ),
            (
                _b("Award: "),
                f"{who} gives the {topic} token to {receiver}. She does not hold the veto, "
                "so she cannot refuse it.",
            ),
            (
                _b("Conflict: "),
                f"{topic} conflicts with {_and(lost)}. {receiver} has a proposed Rebellion, "
                f"so the {topic} token and her Rebellion both go back to the forum. Her "
                f"Taxes does not conflict with {topic} and stays.",
            ),
            (
                _b("Cards: "),
                f"{who}'s {spent_text} go to his discard pile; Brutus takes his 1 and 2 "
                f"back into hand, and Livia her 5. {who} opens the next debate.",
            ),
            css="example-steps",
        ),
    )


def _variants(variants: Variants) -> Markup:
    blocks = []
    for switch, values in VARIANT_VALUES.items():
        chosen = getattr(variants, switch)
        readings = [
            h(
                "li",
                {
                    "class": "reading in-play" if value == chosen else "reading",
                    "data-switch": switch,
                    "data-reading": value,
                },
                h(
                    "span",
                    {"class": "badge badge-on" if value == chosen else "badge badge-off"},
                    "in play" if value == chosen else "not this game",
                ),
                " ",
                _READINGS[switch][value],
                value == values[0] and h("span", {"class": "default"}, " (the default)"),
            )
            for value in values
        ]
        idle = switch == "spartacus" and variants.events == "off"
        blocks.append(
            h(
                "li",
                {"class": "switch"},
                _b(_SWITCH_LABELS[switch]),
                idle and h("span", {"class": "default"}, " (no effect: events are off)"),
                h("ul", {"class": "readings"}, readings),
            )
        )
    return _section(
        "rules-variants",
        _p(
            "The rulebook's two translations disagree on a few points. Each point is a "
            "switch chosen when the game is set up, and the reading in force is marked. "
            "Powers and events that a switch changes are tagged ",
            h("span", {"class": "variant-tag"}, "variant"),
            " above.",
        ),
        h("ul", {"class": "switches"}, blocks),
    )


def _contents() -> Markup:
    return h(
        "nav",
        {"class": "rules-contents", "aria-label": "Sections of the rules"},
        _list("ul", *(_see(section, title) for section, title in SECTIONS)),
    )


@functools.lru_cache(maxsize=4)
def rules_help(variants: Variants) -> Markup:
    """The rules panel for a game played with `variants`: every section, the variants
    in force marked, and the powers and events they change tagged."""
    return h(
        "aside",
        {"class": "panel help", "aria-label": "Rules"},
        h(
            "header",
            {"class": "panel-head"},
            h("h2", None, "How to play"),
            h("button", {"type": "button", "data-msg": "panel", "data-value": "rules"}, "Close"),
        ),
        h(
            "div",
            {"class": "help-body", "role": "region", "tabindex": "0", "aria-label": "Rules text"},
            _contents(),
            _goal(),
            _hand_section(),
            _cards(),
            _tokens(),
            _conflicts(),
            _round(),
            _debate(),
            _winning(),
            _powers(variants),
            _veto(variants),
            _assassin(),
            _consuls(),
            _events(variants),
            _round_end(),
            _scoring(),
            _example(),
            _variants(variants),
        ),
    )
