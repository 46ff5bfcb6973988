"""The rules panel: teaches Senator from scratch, one linkable section per part of the game."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ...config import DEFAULT_NAMES, VARIANT_VALUES, Variants
from ...i18n import N_, Translated, _, ngettext, pgettext, wording
from ...rules import (
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
from ..ui import art
from ..ui.html import Markup, h, raw
from ..ui.pieces import phrase
from ..ui.text import (
    CARD_NAMES,
    EVENT_EFFECTS,
    EVENT_NAMES,
    KIND_NAMES,
    VARIANT_LABELS,
    VARIANT_TEXT,
    and_list,
    or_list,
    power_text,
)

# The sections of the panel, in the order they are shown: (id, heading). The ids are
# stable so other parts of the interface can link to a section ("#rules-veto"); the
# headings are marked here and translated where they are drawn.
SECTIONS: tuple[tuple[str, str], ...] = (
    # Translators: the headings of the rules panel's sections.
    ("rules-goal", N_("The goal")),
    ("rules-hand", N_("Your hand, and what everyone can see")),
    ("rules-cards", N_("The cards")),
    ("rules-tokens", N_("The agenda tokens")),
    ("rules-conflicts", N_("Conflicts")),
    ("rules-round", N_("How a round goes")),
    ("rules-debate", N_("A debate, step by step")),
    ("rules-winning-a-debate", N_("Winning a debate")),
    ("rules-powers", N_("Powers of the tokens")),
    ("rules-veto", N_("The veto")),
    ("rules-assassin", N_("The Assassin")),
    ("rules-consuls", N_("Consuls")),
    ("rules-events", N_("Events")),
    ("rules-round-end", N_("End of a round")),
    ("rules-scoring", N_("Winning the game")),
    ("rules-example", N_("Example: one debate")),
    ("rules-variants", N_("Variants in this game")),
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

# Trusted tags for the bold and emphasised words inside a translated sentence: the
# message keeps the whole sentence, and a translator moves {b}...{b_end} with the word.
_TAGS: dict[str, Markup] = {
    "b": raw("<strong>"),
    "b_end": raw("</strong>"),
    "em": raw("<em>"),
    "em_end": raw("</em>"),
}

# Numbers as words, for sentences such as "after three rounds".
_NUMBER_WORDS: Translated[int] = Translated(
    {
        # Translators: a number written as a word inside a rules sentence ("after
        # three rounds", "the same seven cards"). Where a sentence needs another form
        # of the number, its translation may write that form instead of {count}.
        1: N_("one"),
        2: N_("two"),
        3: N_("three"),
        4: N_("four"),
        5: N_("five"),
        6: N_("six"),
        7: N_("seven"),
    }
)


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
    # Translators: under a rules section, the rulebook's rules it teaches; {numbers}
    # is a list such as "R19 to R21, R23" (with an en dash), to be kept as it is.
    ref = ngettext("Rule {numbers}", "Rules {numbers}", len(numbers))
    return h("p", {"class": "rule-ref"}, ref.format(numbers=_numbers(numbers)))


def _heading(section: str) -> str:
    return _(dict(SECTIONS)[section])


def _section(section: str, *body: object, title: str | None = None) -> Markup:
    heading = title if title is not None else _heading(section)
    return h("section", {"id": section}, h("h3", None, heading), body, _rule_ref(section))


def _p(*parts: object) -> Markup:
    return h("p", None, parts)


def _b(text: str) -> Markup:
    return h("strong", None, text)


def _rich(template: str, **parts: object) -> Markup:
    """A translated sentence or paragraph with markup in it: {b}bold{b_end},
    {em}emphasis{em_end}, and slots such as a {link} to another section."""
    return phrase(template, **_TAGS, **parts)


def _list(tag: str, *items: object, css: str | None = None) -> Markup:
    """A list of `tag` ("ul" or "ol"); each item is text, or a tuple of parts."""
    return h(tag, {"class": css}, [h("li", None, item) for item in items])


def _see(section: str) -> Markup:
    """A link to another section, by its heading."""
    return h("a", {"href": f"#{section}"}, _heading(section))


def _variant_word() -> str:
    # Translators: the tag beside a power or event that a variant of this game changes.
    return pgettext("rules tag", "variant")


def _variant_tag(switch: str) -> Markup:
    """Marks a power or event that this game's reading of `switch` changes."""
    # Translators: {switch} is the name of a variant switch (Taxes, War...).
    title = _("Changed by the {switch} variant of this game").format(switch=VARIANT_LABELS[switch])
    return h(
        "a", {"class": "variant-tag", "href": "#rules-variants", "title": title}, _variant_word()
    )


def _tag_if_changed(variants: Variants, switch: str) -> object:
    changed = getattr(variants, switch) != VARIANT_VALUES[switch][0]
    return changed and (" ", _variant_tag(switch))


def _number(n: int) -> str:
    """`n` as a word ("three"), for the numbers the rules write out."""
    return _NUMBER_WORDS[n]


def _deco(icon: Markup) -> Markup:
    """An icon beside the name it draws: hidden from screen readers, which read the name."""
    return h("span", {"class": "deco", "aria-hidden": "true"}, icon)


def _card_icon(card: str) -> Markup:
    return art.icon(f"card_{card}", CARD_NAMES[card], "icon icon-card")


def _icon(name: str, label: str) -> Markup:
    return _deco(art.icon(name, label, "icon icon-token"))


def _hand() -> list[str]:
    return [card for card, count in zip(CARDS, HAND, strict=True) for _copy in range(count)]


# --------------------------------------------------------------------------- sections


def _goal() -> Markup:
    rounds = _number(ROUNDS)
    return _section(
        "rules-goal",
        _p(
            _(
                "Senator is a game for 3 to 5 players, each a senator of Rome. The laws on the "
                "agenda are tokens, and senators debate them one by one to win them."
            )
        ),
        _p(
            _b(
                ngettext(
                    "Whoever holds the most agenda tokens after {count} round wins the game.",
                    "Whoever holds the most agenda tokens after {count} rounds wins the game.",
                    ROUNDS,
                ).format(count=rounds)
            )
        ),
        h("h4", None, _("The game in brief")),
        _list(
            "ol",
            _("Each round, agenda tokens are laid out face up to be debated."),
            _(
                "In a debate, senators outbid each other with influence cards; the last one "
                "still in wins."
            ),
            _(
                "The winner may use the token's power, then gives the token to any senator, "
                "themself included."
            ),
            _("Some kinds of token cancel each other, unless they have been passed into law."),
            ngettext(
                "After {count} round, the most tokens wins.",
                "After {count} rounds, the most tokens wins.",
                ROUNDS,
            ).format(count=rounds),
            css="rules-summary",
        ),
    )


def _hand_section() -> Markup:
    cards = _hand()
    # Translators: the Assassin card in the list of a hand's cards ("1, 1, 2, 2, 2, 5
    # and the Assassin").
    names = [CARD_NAMES[c] if c != "assassin" else _("the Assassin") for c in cards]
    return _section(
        "rules-hand",
        _p(
            ngettext(
                "Every senator has the same {count} card: {cards}.",
                "Every senator has the same {count} cards: {cards}.",
                len(cards),
            ).format(count=_number(len(cards)), cards=and_list(names))
        ),
        h(
            "ul",
            {"class": "hand-cards", "aria-label": _("The cards of a hand")},
            [h("li", {"data-card": card}, _card_icon(card)) for card in cards],
        ),
        _p(
            _(
                "A card is always in one of three places: in your hand, in play (put down "
                "face up in the current debate), or on your discard pile."
            )
        ),
        _p(
            _(
                "The cards you win a debate with go to your discard pile, and you get your "
                "discard pile back only when the round ends. A card you spend is gone for "
                "the rest of the round (unless Public Works brings it back), so spend with "
                "care."
            )
        ),
        h("h4", None, _("Everything is public")),
        _p(
            _(
                "Cards are always played, discarded and taken back face up. So every hand, "
                "every card in play and every discard pile is open to all, and the game shows "
                "each senator's hand."
            )
        ),
        _p(
            _(
                "Only two things are hidden: the order of the tokens in the forum and the "
                "order of the event deck. What the forum holds is no secret: anyone can work "
                "it out from the tokens in sight."
            )
        ),
    )


def _card_row(card: str, count: int, value: int) -> Markup:
    # Translators: a card and how many of it a hand holds ("5 times 1", with the sign).
    name = _b(_("{card} × {count}").format(card=CARD_NAMES[card], count=count))
    if value:
        text = phrase(
            ngettext("{card}: worth {value} influence.", "{card}: worth {value} influence.", value),
            card=name,
            value=value,
        )
    else:
        text = phrase(
            _(
                "{card}: no influence. Playing it ends the debate at once, and nobody wins it "
                "(see {link})."
            ),
            card=name,
            link=_see("rules-assassin"),
        )
    return h("li", {"data-card": card}, _deco(_card_icon(card)), " ", text)


def _cards() -> Markup:
    rows = [
        _card_row(card, count, value)
        for card, count, value in zip(CARDS, HAND, CARD_VALUES, strict=True)
    ]
    influence = sum(n * v for n, v in zip(HAND, CARD_VALUES, strict=True))
    return _section(
        "rules-cards",
        h("ul", {"class": "card-list"}, rows),
        _p(
            ngettext(
                "Together the influence cards of a hand are worth {influence}.",
                "Together the influence cards of a hand are worth {influence}.",
                influence,
            ).format(influence=influence)
        ),
        _p(
            _(
                "In a debate your total is the sum of all the cards you have put in play in "
                "that debate."
            )
        ),
    )


def _tokens() -> Markup:
    names = [KIND_NAMES[k] for k in KINDS]
    total = TOKENS_PER_KIND * len(KINDS)
    return _section(
        "rules-tokens",
        _p(
            # Translators: {total} tokens in all, {each} of each of {kinds} kinds, then
            # their names.
            ngettext(
                "There is {total} agenda token, {each} of each of {kinds} kinds: {names}.",
                "There are {total} agenda tokens, {each} of each of {kinds} kinds: {names}.",
                total,
            ).format(total=total, each=TOKENS_PER_KIND, kinds=len(KINDS), names=and_list(names))
        ),
        h(
            "ul",
            {"class": "kind-list"},
            [h("li", {"data-kind": k}, _icon(k, KIND_NAMES[k]), " ", KIND_NAMES[k]) for k in KINDS],
        ),
        _p(
            # Translators: "forum" and "docket" are the glossary's words (the bag of
            # face-down tokens; the tokens up for debate this round).
            _(
                "The forum is the face-down stock of tokens. The docket is what lies face up "
                "on the table, waiting to be debated."
            )
        ),
        _p(
            _rich(
                # Translators: {b}...{b_end} is bold; "proposed" and "passed" are the
                # glossary's words (tokens above and below the scroll).
                _(
                    "A token you receive is first {b}proposed{b_end}: it lies above your "
                    "scroll, where a conflict can still take it away. {b}Passed{b_end} tokens "
                    "lie below the scroll and are safe for good. Both count for the score."
                )
            )
        ),
        _p(
            _rich(
                _(
                    "Tokens become passed when you win a debate on a consul (see {link}). "
                    "Imperium is passed as soon as you win it."
                ),
                link=_see("rules-consuls"),
            )
        ),
    )


def _conflict_labels() -> dict[str, str]:
    """The words of the conflict diagram: the kinds' names and the sentences around them."""
    return {
        **{kind: KIND_NAMES[kind] for kind in KINDS},
        # Translators: the conflict diagram's description for screen readers: {a} and
        # {b} are two kinds of token.
        "pair": _("{a} and {b} cancel each other"),
        # Translators: the conflict diagram's description: {a} is Imperium.
        "alone": _("{a} conflicts with nothing"),
        # Translators: the conflict diagram's label under Imperium.
        "nothing": _("conflicts with nothing"),
        # Translators: the conflict diagram's legend, beside the jagged line.
        "legend": _("cancel each other"),
    }


def _conflict_row(kind: str) -> Markup:
    others = [KIND_NAMES[c] for c in conflicts_with(kind)]
    if not others:
        return phrase(_("{kind} conflicts with nothing."), kind=_b(KIND_NAMES[kind]))
    return phrase(
        # Translators: {kind} is a kind of token, {kinds} the kinds it conflicts with
        # ("Rebellion and Taxes").
        _("{kind} conflicts with {kinds}."),
        kind=_b(KIND_NAMES[kind]),
        kinds=and_list(others),
    )


def _conflicts() -> Markup:
    ring = [k for k in KINDS if conflicts_with(k)]
    return _section(
        "rules-conflicts",
        _p(
            # Translators: {count} is a number in words that begins the sentence ("Five").
            ngettext(
                "{count} of the kinds stands in a ring, and each conflicts with its two "
                "neighbours. {imperium} conflicts with nothing.",
                "{count} of the kinds stand in a ring, and each conflicts with its two "
                "neighbours. {imperium} conflicts with nothing.",
                len(ring),
            ).format(count=_number(len(ring)).capitalize(), imperium=KIND_NAMES["imperium"])
        ),
        art.conflict_cycle(_conflict_labels()),
        _p(
            _rich(
                # Translators: {em}...{em_end} is emphasised; "proposed" is the glossary's
                # word (tokens above the scroll).
                _(
                    "Whenever a token joins a senator's proposed tokens, look at their other "
                    "proposed tokens. If any of them conflicts with the newcomer, the newcomer "
                    "{em}and{em_end} every proposed token it conflicts with go back to the "
                    "forum."
                )
            )
        ),
        _p(_("Passed tokens never take part in a conflict, and nothing ever removes them.")),
        _p(
            _(
                "So a token can be a gift that hurts: give War to a senator holding a proposed "
                "Rebellion, and they lose both."
            )
        ),
        _list("ul", *(_conflict_row(k) for k in KINDS), css="conflict-list"),
    )


def _round() -> Markup:
    sizes = or_list([str(DOCKET_SIZE[p]) for p in sorted(DOCKET_SIZE)])
    players = or_list([str(p) for p in sorted(DOCKET_SIZE)])
    return _section(
        "rules-round",
        h("h4", None, _("Setting up")),
        _p(
            _(
                "Everyone takes their seven cards into hand. The agenda tokens are shuffled "
                "face down to form the forum, and the event cards are shuffled into a deck. "
                "Both consuls lie face up, the veto lies in the centre, and the first opener "
                "is drawn at random (unless one is named at set-up)."
            )
        ),
        h("h4", None, _("Each round")),
        _p(
            ngettext(
                "A game is always {count} round, and each round has three phases.",
                "A game is always {count} rounds, and each round has three phases.",
                ROUNDS,
            ).format(count=_number(ROUNDS))
        ),
        _list(
            "ol",
            # Translators: {b}...{b_end} is bold (the name of a phase); {sizes} is a list
            # of numbers of tokens ("7, 9 or 11") for {players} senators ("3, 4 or 5").
            _rich(
                _(
                    "{b}Preparation.{b_end} Tokens are drawn from the forum until the docket "
                    "holds {sizes} tokens with {players} senators. Tokens left over from the "
                    "round before stay and count. Both consuls are turned face up, and an "
                    "event card is turned over."
                ),
                sizes=sizes,
                players=players,
            ),
            _rich(
                _(
                    "{b}Debates.{b_end} One debate follows another until nothing is left to "
                    "debate or nobody holds a card."
                )
            ),
            _rich(
                _(
                    "{b}Clean-up.{b_end} Everyone takes back their discards and the forum is "
                    "shuffled (see {link})."
                ),
                link=_see("rules-round-end"),
            ),
        ),
        _p(_("Tokens come into the docket only during preparation, once a round.")),
    )


def _debate() -> Markup:
    actions = _list(
        "ul",
        _rich(
            # Translators: {em}...{em_end} is emphasised (the action's name); {b}...{b_end} bold.
            _(
                "{em}Play influence:{em_end} put one or more cards from your hand in play, all "
                "at once. Your total must then stand {b}strictly above{b_end} every other "
                "senator's total. If the others stand at 4 and 5, you need 6 or more."
            )
        ),
        _rich(
            # Translators: {em}...{em_end} is emphasised (the action's name).
            _(
                "{em}Play the Assassin:{em_end} the debate ends at once, with no winner "
                "(see {link})."
            ),
            link=_see("rules-assassin"),
        ),
        _rich(
            # Translators: {em}...{em_end} is emphasised (the action's name).
            _(
                "{em}Withdraw:{em_end} you are out of this debate for good. Your cards stay in "
                "play until it ends."
            )
        ),
    )
    return _section(
        "rules-debate",
        _list(
            "ol",
            _rich(
                # Translators: {b}...{b_end} is bold (the step's name).
                _(
                    "{b}The opener picks the topic:{b_end} one agenda token from the docket, "
                    "or a consul that is face up. The topic leaves the docket."
                )
            ),
            _rich(
                # Translators: {b}...{b_end} is bold (the step's name).
                _(
                    "{b}Turns go clockwise.{b_end} The opener acts first; then each senator "
                    "still in the debate takes a turn, in seat order, and those who have "
                    "withdrawn are passed over."
                )
            ),
            (
                # Translators: {b}...{b_end} is bold; the list of the three actions follows.
                _rich(_("{b}Every turn is one action{b_end} (there is no passing):")),
                actions,
            ),
            _rich(
                # Translators: {b}...{b_end} is bold (the step's name).
                _(
                    "{b}The last senator in wins.{b_end} As soon as only one senator is left, "
                    "the debate is theirs, whatever their total, even 0."
                )
            ),
            css="steps",
        ),
        _p(
            _(
                "Running out of cards does not take you out: you stay in until your next "
                "turn, and then you can only withdraw. But if everyone else withdraws first, "
                "a senator with no cards left wins the debate."
            )
        ),
        _p(
            _(
                "When you cannot get above everyone else, you can still withdraw, or play the "
                "Assassin if you hold it."
            )
        ),
        _p(
            _(
                "On the table, one button under your hand makes each total you can reach, "
                "with the fewest cards that reach it: the fewer you put down, the more you "
                "keep for the debates to come. To reach the same total with other cards, "
                "touch them in your hand. The Assassin's button plays it alone, or, where "
                "Spartacus asks for an influence card beside it, with your lowest card."
            )
        ),
        _p(
            _(
                "Who opens: the first opener opens the first debate of the game. After that, "
                "whoever most recently won a debate or played an Assassin opens the next one, "
                "in the next round too."
            )
        ),
    )


def _winning() -> Markup:
    return _section(
        "rules-winning-a-debate",
        _p(_("The winner of a debate on an agenda token goes through four steps, in order:")),
        _list(
            "ol",
            _rich(
                # Translators: {b}...{b_end} is bold (the step's name).
                _(
                    "{b}Power.{b_end} The winner may use the power of the token's kind (see "
                    "{link}), whoever receives the token afterwards. Using it is optional."
                ),
                link=_see("rules-powers"),
            ),
            _rich(
                # Translators: {b}...{b_end} is bold (the step's name).
                _(
                    "{b}Award.{b_end} The winner gives the token to any senator, themself "
                    "included. It joins that senator's proposed tokens."
                )
            ),
            _rich(
                # Translators: {b}...{b_end} is bold (the step's name).
                _(
                    "{b}Veto.{b_end} If the receiver holds the veto and the token came from "
                    "someone else, they may refuse it (see {link})."
                ),
                link=_see("rules-veto"),
            ),
            _rich(
                # Translators: {b}...{b_end} is bold (the step's name).
                _(
                    "{b}Conflicts.{b_end} The receiver's proposed tokens are checked against "
                    "the new one (see {link})."
                ),
                link=_see("rules-conflicts"),
            ),
            css="steps",
        ),
        _p(
            _rich(
                # Translators: {b}...{b_end} is bold.
                _(
                    "{b}Imperium{b_end} is the exception: the winner must keep it, and it goes "
                    "straight to their passed tokens, with no veto and no conflict check."
                )
            )
        ),
        _p(
            _rich(
                # Translators: {b}...{b_end} is bold.
                _(
                    "When the topic is a {b}consul{b_end}, the winner passes all of their own "
                    "proposed tokens into law, and the consul is flipped (see {link})."
                ),
                link=_see("rules-consuls"),
            )
        ),
        h("h4", None, _("Then the cards")),
        _p(
            _(
                "The winner's cards in play go to their discard pile. Everyone else takes the "
                "cards they had in play back into hand. Winning costs you your cards; losing "
                "costs you nothing (unless the Hannibal event is in force)."
            )
        ),
        _p(
            _(
                "The power is used while the cards of the debate are still on the table: "
                "Public Works cannot bring them back, and War reaches only cards in hands."
            )
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
            _(
                "Only the winner of a debate on a token can use its power, and may skip it. "
                "The power works whoever receives the token afterwards."
            )
        ),
        h("ul", {"class": "powers"}, rows),
        h("h4", None, _("Fine points")),
        _list(
            "ul",
            _(
                "Rebellion may send back any other token of the docket, an Imperium or a "
                "Rebellion too."
            ),
            _(
                "The second token Trade brings gives no power, goes through the conflict "
                "check, and arrives before the Trade token itself is awarded."
            ),
            _(
                "War may name any of the four cards (1, 2, 5 or the Assassin), even one "
                "nobody holds."
            ),
            _(
                "A power with nothing to act on does nothing: Rebellion with no other token in "
                "the docket and no consul face up, Trade with no token it may take, Public "
                "Works with an empty discard pile."
            ),
        ),
    )


def _veto(variants: Variants) -> Markup:
    return _section(
        "rules-veto",
        _p(
            # Translators: the veto token's picture, for screen readers.
            _icon("veto", _("Veto")),
            " ",
            _(
                "There is one veto token. It lies in the centre of the table or in front of "
                "the one senator who holds it. It starts in the centre."
            ),
        ),
        _p(
            _rich(
                # Translators: {b}...{b_end} is bold.
                _(
                    "{b}What it does:{b_end} when another senator awards you a token and you "
                    "hold the veto, you may refuse the token. It goes back to the forum, face "
                    "down, and the veto goes back to the centre. Refusing is optional: you may "
                    "accept instead."
                )
            )
        ),
        _p(
            _(
                "The veto never works against a token you award to yourself, and Imperium can "
                "never be refused, since its winner keeps it."
            )
        ),
        # Translators: {b}...{b_end} is bold.
        _p(_rich(_("{b}How to get it:{b_end} win a debate on Taxes and use its power."))),
        _p(
            _icon("taxes", KIND_NAMES["taxes"]),
            " ",
            _b(KIND_NAMES["taxes"]),
            ": ",
            power_text("taxes", variants),
            _tag_if_changed(variants, "taxes"),
        ),
        _p(_("The veto stays where it is when a round ends.")),
    )


def _assassin() -> Markup:
    return _section(
        "rules-assassin",
        _p(
            _deco(_card_icon("assassin")),
            " ",
            _("Playing your Assassin ends the debate at once, and nobody wins it:"),
        ),
        _list(
            "ul",
            _(
                "every card in play goes to its owner's discard pile: every senator's, those "
                "who withdrew included, and the Assassin with them;"
            ),
            _("an agenda topic goes back to the forum; a consul topic is flipped;"),
            _("whoever played the Assassin opens the next debate."),
        ),
        _p(
            _(
                "It stops a senator who is about to win a token you fear, and makes everyone "
                "lose the cards they had put in. It costs you the Assassin and your own cards "
                "in play until the round ends."
            )
        ),
    )


def _consuls() -> Markup:
    return _section(
        "rules-consuls",
        _p(
            _icon("consul", KIND_NAMES["consul"]),
            " ",
            _(
                "The two consuls are topics too. A consul that is face up may be picked as "
                "the topic of a debate instead of an agenda token."
            ),
        ),
        _p(
            _rich(
                # Translators: {b}...{b_end} is bold.
                _(
                    "The winner of a consul passes {b}all of their own{b_end} proposed tokens "
                    "into law: they become passed, safe from any conflict. Other senators' "
                    "proposed tokens stay where they are."
                )
            )
        ),
        _p(
            _(
                "Nobody keeps the consul, and it does not count for the score. It is flipped, "
                "and cannot be picked again this round; both consuls are turned face up at the "
                "start of every round."
            )
        ),
    )


def _events(variants: Variants) -> Markup:
    off = variants.events == "off"
    at_once = _("Happens as the card is turned over.")
    more = {
        "socialis_bellum": at_once,
        "hannibal": _("The losers lose their cards in play too, for the rest of the round."),
        "imperator": at_once,
        "incursio_barbara": _(
            "Happens as the card is turned over; Imperium tokens that senators hold stay."
        ),
        "ludi_gladiatorum": _(
            "A senator with 2 cards in play can neither raise nor play the Assassin."
        ),
        "spartacus": VARIANT_TEXT["spartacus"][variants.spartacus],
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
        off and _p(_b(_("This game is played without event cards."))),
        _p(
            _(
                "At the start of each round one event card is turned over. It holds until the "
                "round ends. Some act at once; the others change the rules for the round."
            )
        ),
        h("ul", {"class": "events"}, rows),
        title=_("Events (not used in this game)") if off else _heading("rules-events"),
    )


def _round_end() -> Markup:
    return _section(
        "rules-round-end",
        _p(
            _(
                "No new debate begins once there is nothing left to debate (no token in the "
                "docket and no consul face up), or once no senator holds any card, the "
                "Assassin included. While even one senator holds a card, debates go on, and "
                "those with empty hands withdraw on their turns."
            )
        ),
        _p(_("Then comes the clean-up:")),
        _list(
            "ul",
            _(
                "everyone takes their whole discard pile back into hand, so all hold seven "
                "cards again (cards lost to War or an Assassin come back too);"
            ),
            _("proposed and passed tokens stay where they are, and so does the veto;"),
            _("the forum is shuffled."),
        ),
        _p(
            _(
                "If nothing at all can be debated right after preparation, the round goes "
                "straight to clean-up, and the same senator opens the next round."
            )
        ),
        _p(_("After round {round}, the game is over.").format(round=ROUNDS)),
    )


def _scoring() -> Markup:
    return _section(
        "rules-scoring",
        _p(_("Every agenda token you hold scores one, proposed and passed alike.")),
        _list(
            "ol",
            _("The senator with the most tokens wins."),
            _("If tied, the one with more Imperium tokens wins."),
            _("If still tied, the one with more passed tokens wins."),
            _("Senators tied on all three share the victory."),
        ),
    )


def _example_action(cards: tuple[str, ...], to_beat: int, total: int) -> str:
    """What a senator does on a turn of the worked example, after their name."""
    if not cards:
        # Translators: a turn of the worked example's table, after the senator's name.
        return _("withdraws; the cards stay in play")
    if not to_beat:
        # Translators: a turn of the worked example's table, after the senator's name:
        # {cards} are the cards played ("1 and 2").
        return _("plays {cards}").format(cards=and_list(list(cards)))
    # Translators: a turn of the worked example's table, after the senator's name:
    # {cards} are the cards played ("1 and 2"), {to_beat} the highest other total,
    # {total} the senator's new total.
    return _("plays {cards} to beat {to_beat}, reaching {total}").format(
        cards=and_list(list(cards)), to_beat=to_beat, total=total
    )


def _spent(cards: list[str]) -> str:
    """The cards a senator spent, by value: "three 2s", "one 1 and two 5s"."""
    counts = [(c, cards.count(c)) for c in CARDS if c in cards]
    return and_list(
        [
            # Translators: {count} copies of the card {card} (a number in words, then
            # the card: "three 2s").
            ngettext("{count} {card}", "{count} {card}s", n).format(
                count=_number(n), card=CARD_NAMES[c] if c != "assassin" else _("the Assassin")
            )
            for c, n in counts
        ]
    )


def _example() -> Markup:
    names = EXAMPLE_NAMES
    totals = [0] * len(names)
    rows: list[Markup] = []
    for turn, (seat, cards) in enumerate(EXAMPLE_TURNS, 1):
        to_beat = 0
        if cards:
            to_beat = max(t for s, t in enumerate(totals) if s != seat)
            totals[seat] += sum(CARD_VALUES[CARDS.index(c)] for c in cards)
        rows.append(
            h(
                "tr",
                None,
                h("td", None, turn),
                h("td", None, names[seat]),
                h("td", None, _example_action(cards, to_beat, totals[seat])),
                h("td", {"class": "totals"}, " / ".join(str(t) for t in totals)),
            )
        )
    out = {seat for seat, cards in EXAMPLE_TURNS if not cards}
    (winner,) = (seat for seat in range(len(names)) if seat not in out)
    spent = [c for seat, cards in EXAMPLE_TURNS if seat == winner for c in cards]
    who, receiver, card = names[winner], names[EXAMPLE_RECEIVER], EXAMPLE_NAMED_CARD
    topic = KIND_NAMES[EXAMPLE_TOPIC]
    lost = [KIND_NAMES[k] for k in conflicts_with(EXAMPLE_TOPIC)]
    head = h(
        "tr",
        None,
        # Translators: the columns of the worked example's table: the turn's number,
        # who plays, what they do, and every senator's total.
        h("th", {"scope": "col"}, pgettext("example column", "Turn")),
        h("th", {"scope": "col"}, pgettext("example column", "Senator")),
        h("th", {"scope": "col"}, pgettext("example column", "Action")),
        h(
            "th",
            {"scope": "col"},
            pgettext("example column", "Totals"),
            h("br"),
            h("span", {"class": "totals"}, " / ".join(n[0] for n in names)),
        ),
    )
    return _section(
        "rules-example",
        _p(
            # Translators: the worked example: {names} are the three senators (Cassius,
            # Brutus and Livia), {opener} is Cassius and {topic} is War.
            _(
                "Three senators: {names}, seated in that order. Round 2 has just begun, so "
                "everyone holds all seven cards. Livia has a proposed Rebellion and a "
                "proposed Taxes from round 1; the veto lies in the centre, and no event is in "
                "force. {opener} opens and picks {topic} from the docket."
            ).format(names=and_list(list(names)), opener=names[0], topic=topic)
        ),
        h(
            "div",
            {"class": "example-wrap"},
            h("table", {"class": "example"}, h("thead", None, head), h("tbody", None, rows)),
        ),
        _list(
            "ul",
            _rich(
                # Translators: the worked example ({b}...{b_end} is bold): {who} is Cassius,
                # {total} his total.
                _("{b}Winner:{b_end} only {who} is left, so he wins with {total}."),
                who=who,
                total=totals[winner],
            ),
            _rich(
                # Translators: the worked example ({b}...{b_end} is bold): {topic} is War,
                # {who} is Cassius, {card} is the card he names (5).
                _(
                    "{b}Power:{b_end} {topic}. {who} names the {card}. Brutus still holds his "
                    "{card}, so he discards it. Livia's {card} is in play, not in her hand, "
                    "so {topic} cannot touch it."
                ),
                topic=topic,
                who=who,
                card=card,
            ),
            _rich(
                # Translators: the worked example ({b}...{b_end} is bold): {who} is Cassius,
                # {topic} is War, {receiver} is Livia.
                _(
                    "{b}Award:{b_end} {who} gives the {topic} token to {receiver}. She does not "
                    "hold the veto, so she cannot refuse it."
                ),
                who=who,
                topic=topic,
                receiver=receiver,
            ),
            _rich(
                # Translators: the worked example ({b}...{b_end} is bold): {topic} is War,
                # {kinds} the kinds it conflicts with, {receiver} is Livia.
                _(
                    "{b}Conflict:{b_end} {topic} conflicts with {kinds}. {receiver} has a "
                    "proposed Rebellion, so the {topic} token and her Rebellion both go back "
                    "to the forum. Her Taxes does not conflict with {topic} and stays."
                ),
                topic=topic,
                kinds=and_list(lost),
                receiver=receiver,
            ),
            _rich(
                # Translators: the worked example ({b}...{b_end} is bold): {who} is Cassius,
                # {spent} the cards he spent ("three 2s").
                _(
                    "{b}Cards:{b_end} {who}'s {spent} go to his discard pile; Brutus takes his "
                    "1 and 2 back into hand, and Livia her 5. {who} opens the next debate."
                ),
                who=who,
                spent=_spent(spent),
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
                    # Translators: badges on the readings of a variant switch: the one
                    # this game uses, and the others.
                    _("in play") if value == chosen else _("not this game"),
                ),
                " ",
                VARIANT_TEXT[switch][value],
                value == values[0] and h("span", {"class": "default"}, " ", _("(the default)")),
            )
            for value in values
        ]
        idle = switch == "spartacus" and variants.events == "off"
        blocks.append(
            h(
                "li",
                {"class": "switch"},
                _b(VARIANT_LABELS[switch]),
                idle and h("span", {"class": "default"}, " ", _("(no effect: events are off)")),
                h("ul", {"class": "readings"}, readings),
            )
        )
    return _section(
        "rules-variants",
        _p(
            _rich(
                # Translators: {tag} is the tag "variant" as it is shown beside a power.
                _(
                    "The rulebook's two translations disagree on a few points. Each point is a "
                    "switch chosen when the game is set up, and the reading in force is "
                    "marked. Powers and events that a switch changes are tagged {tag} above."
                ),
                tag=h("span", {"class": "variant-tag"}, _variant_word()),
            )
        ),
        h("ul", {"class": "switches"}, blocks),
    )


def _contents() -> Markup:
    return h(
        "nav",
        {"class": "rules-contents", "aria-label": _("Sections of the rules")},
        _list("ul", *(_see(section) for section, _title in SECTIONS)),
    )


def rules_help(variants: Variants) -> Markup:
    """The rules panel for a game played with `variants`: every section, the variants
    in force marked, and the powers and events they change tagged, in the language
    spoken now."""
    return _rules_help(variants, wording())


@functools.lru_cache(maxsize=12)
def _rules_help(variants: Variants, lang: tuple[str, int]) -> Markup:
    """The rules panel, drawn once per set of variants and language (`lang` is only
    the cache's key: the texts are translated into the language spoken now)."""
    return h(
        "aside",
        {"class": "panel help", "aria-label": _("Rules")},
        h(
            "header",
            {"class": "panel-head"},
            h("h2", None, _("How to play")),
            h(
                "button",
                {"type": "button", "data-msg": "panel", "data-value": "rules"},
                _("Close"),
            ),
        ),
        h(
            "div",
            {
                "class": "help-body",
                "role": "region",
                "tabindex": "0",
                "aria-label": _("Rules text"),
            },
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
