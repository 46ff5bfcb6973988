"""The decision at the bottom of the table: the prompt, the hand of the senator to act
as cards to touch, the bids one tap away, and every other choice of the decision.

Every legal action has exactly one control carrying `data-action` while it is
legal; building a bid from touched cards is confirmed with `data-msg="confirm"`.
"""

from __future__ import annotations

from ...actions import Action, parse_action
from ...bids import BidProblem
from ...game import Game
from ...i18n import N_, Translated, _, ngettext
from ...rules import conflicts_with
from ..derived import hand_list, humans, picked_action, sitting_out
from ..lesson.line import guided
from ..model import Model
from ..ui.html import Markup, classes, h, slot
from ..ui.pieces import CARD_VALUES, card_face, kind_icon, phrase, seat_badge
from ..ui.text import (
    DECISION_TITLES,
    KIND_NAMES,
    OCCUPANT_LABELS,
    action_label,
    plain_list,
    power_text,
)
from . import bidding as explain
from .reasons import why
from .state import HINT_LEVEL, Hint
from .table import undo_button

HINT_SHOWN = 5  # the best choices a hint lists; the others are summed up in a line

# A hint's advice, by the level of the computer that gives it (see `HINT_LEVEL`).
HINT_ADVICE = Translated(
    {
        "easy": N_("The easy computer would play {action} ({chance} chance to win the game)."),
        "normal": N_("The normal computer would play {action} ({chance} chance to win the game)."),
        "hard": N_("The hard computer would play {action} ({chance} chance to win the game)."),
        "expert": N_("The expert computer would play {action} ({chance} chance to win the game)."),
    }
)


def _award_effect(game: Game, seat: int) -> str:
    topic = game.topic
    assert topic is not None and topic != "consul"
    winner = game.debate_winner
    lost = [k for k in game.proposed(seat) if k in conflicts_with(topic)]
    if seat != winner and game.veto == seat:
        if lost:
            # Translators: what giving the token to this senator does (they hold the veto,
            # and it would cancel their {kinds}, token names).
            return _("holds the veto: may refuse it, or it cancels their {kinds}").format(
                kinds=plain_list([KIND_NAMES[k] for k in lost])
            )
        # Translators: what giving the token to this senator does (they hold the veto).
        return _("holds the veto: may refuse it")
    if lost:
        kinds = plain_list([KIND_NAMES[k] for k in lost])
        # Translators: what giving the token to this senator does; {kinds} are token names.
        return _("would cancel {kinds} and lose it").format(kinds=kinds)
    n = len(game.proposed(seat)) + 1
    # Translators: what giving the token to this senator does; {n} counts their proposed tokens.
    return ngettext("would propose it ({n} proposed)", "would propose it ({n} proposed)", n).format(
        n=n
    )


def _veto_effect(game: Game, refuse: bool) -> str:
    """What refusing or accepting the token given to the veto's holder does (R26, R49)."""
    topic = game.topic
    seat = game.to_move
    assert topic is not None and seat is not None
    if refuse:
        return _("the token goes back to the forum, the veto to the centre")
    return _joining_effect(game, seat, topic)


def _take_effect(game: Game, kind: str) -> str:
    """What taking `kind` with Trade's power does to the winner's proposed tokens (R37),
    and what keeping the topic afterwards would then do to both (R26, R30)."""
    seat = game.to_move
    topic = game.topic
    assert seat is not None and topic is not None
    effect = _joining_effect(game, seat, kind)
    stays = not any(k in conflicts_with(kind) for k in game.proposed(seat))
    if stays and kind in conflicts_with(topic):
        # Translators: {effect} is what taking the token does ("joins your proposed tokens
        # (2 proposed)"); {topic} is the token being won, such as Trade.
        return _("{effect}; keeping {topic} after it would cancel both").format(
            effect=effect, topic=KIND_NAMES[topic]
        )
    return effect


def _joining_effect(game: Game, seat: int, kind: str) -> str:
    """What `kind` joining the proposed tokens of `seat`, the seat to act, does (R30)."""
    lost = [k for k in game.proposed(seat) if k in conflicts_with(kind)]
    if lost:
        kinds = plain_list([KIND_NAMES[k] for k in lost])
        return _("would cancel your {kinds} and lose it").format(kinds=kinds)
    n = len(game.proposed(seat)) + 1
    return ngettext(
        "joins your proposed tokens ({n} proposed)", "joins your proposed tokens ({n} proposed)", n
    ).format(n=n)


def why_button(rule: str) -> Markup:
    """A "why?" that opens the rules at the section teaching `rule`."""
    return h(
        "button",
        {"type": "button", "class": "why", "data-msg": "rule", "data-value": rule},
        # Translators: a button that opens the rule behind what is said before it.
        _("why?"),
    )


def selection_problem(game: Game, cards: list[str]) -> BidProblem | None:
    """Why the touched cards are not a legal bid, as the engine finds it; None when
    they are one."""
    return game.bid_problem(picked_action(cards))


def _bid_chip(bid: explain.Bid, picked: str) -> Markup:
    """One total a bid reaches, large, with the cards it plays beneath."""
    text = str(bid.action)
    cards = "+".join(bid.action.names)
    return h(
        "button",
        {
            "type": "button",
            "class": classes("choice chip choice-play", text == picked and "matches"),
            "data-action": text,
            # Translators: a bid's button; {total} is the total it reaches, {cards} the
            # cards it plays, such as "2 + 1".
            "title": _("Bid {total} with {cards}").format(total=bid.total, cards=cards),
        },
        h("span", {"class": "chip-total"}, bid.total),
        h("span", {"class": "chip-cards"}, cards),
    )


def hand_picker(model: Model, game: Game, seat: int, legal: list[Action]) -> Markup:
    """The hand as large cards to touch, the bid they build, and the quick bids."""
    hand = hand_list(game.hand(seat))
    picked = set(model.picked)
    mine = game.total(seat)
    chosen = [hand[i] for i in sorted(picked) if i < len(hand)]
    can_bid = any(a.verb in ("play", "assassin") for a in legal)
    cards = [
        h(
            "button",
            {
                "type": "button",
                "class": classes("hand-card", i in picked and "picked"),
                "data-msg": "pick",
                "data-value": i,
                "aria-pressed": "true" if i in picked else "false",
                "disabled": not can_bid,
            },
            card_face(card, "large"),
        )
        for i, card in enumerate(hand)
    ]
    build: list[object] = []
    if chosen:
        influence = [c for c in chosen if c != "assassin"]
        value = sum(CARD_VALUES[c] for c in influence)
        problem = selection_problem(game, chosen)
        what = " + ".join(_("Assassin") if c == "assassin" else c for c in chosen)
        if "assassin" in chosen:
            # Translators: {cards} are the cards touched, such as "Assassin + 1".
            summary = _("{cards}: ends the debate with no winner.").format(cards=what)
            confirm = _("Play the Assassin")
        else:
            # Translators: {cards} are the cards touched, such as "2 + 1".
            summary = _("{cards} → your total {total}").format(cards=what, total=mine + value)
            confirm = _("Bid {total}").format(total=mine + value)
        build = [
            h("span", {"class": "build-sum"}, summary),
            problem
            and h("span", {"class": "build-problem", "role": "alert"},
                  explain.problem_text(problem), " ", why_button(problem.rule)),
            h("button", {"type": "button", "class": "primary confirm", "data-msg": "confirm",
                         "disabled": problem is not None}, confirm),
            h("button", {"type": "button", "class": "unpick", "data-msg": "unpick"},
              _("Clear")),
        ]  # fmt: skip
    elif can_bid:
        raises = any(a.verb == "play" or a.names for a in legal if a.verb in ("play", "assassin"))
        advice = (
            _("Pick cards from your hand to build a bid.")
            if raises
            else _("No influence you hold can raise: touch the Assassin to play it.")
        )
        # On a phone the totals' buttons say it: the line of advice is left out there.
        build = [h("span", {"class": classes("build-sum hint", raises and "pick-advice")}, advice)]
    picked_text = picked_action(chosen) if chosen else ""
    bids = explain.cheapest_plays(game)
    return h(
        "div",
        {"class": "hand-picker"},
        h("div", {"class": "hand-cards", "aria-label": _("Your hand")}, cards),
        h("div", {"class": "build"}, build),
        slot(
            "div",
            h(
                "div",
                {"class": "quick-bids", "aria-label": _("Every total, one tap away")},
                [_bid_chip(bid, picked_text) for bid in bids],
            )
            if bids
            else None,
        ),
    )


def _prompt(game: Game) -> str:
    decision = game.decision
    topic = game.topic
    if decision == "topic":
        return _("Choose the topic of the next debate.")
    if decision == "debate":
        return explain.prompt(game)
    assert topic is not None
    if decision == "power":
        won = _("You won {kind}: use its power or skip it.").format(kind=KIND_NAMES[topic])
        return f"{won} {power_text(topic, game.variants)}"
    if decision == "award":
        if topic == "imperium":
            return _("You keep Imperium: it passes into law at once.")
        return _("Give the {kind} token to a senator, yourself included.").format(
            kind=KIND_NAMES[topic]
        )
    return _("You may refuse {kind} with the veto, or accept it.").format(kind=KIND_NAMES[topic])


def _choice(game: Game, model: Model, action: Action, mine: int) -> Markup:
    text = str(action)
    names = game.names
    label: list[object]
    if action.verb == "topic":
        kind = text.split()[1]
        label = [
            kind_icon(kind, "icon icon-choice"),
            h("span", {"class": "label"}, KIND_NAMES[kind]),
        ]
    elif action.verb == "take" and text != "take veto":
        kind = text.split()[1]
        label = [
            h("span", {"class": "label"}, action_label(text, mine, names)),
            h("span", {"class": "effect"}, _take_effect(game, kind)),
        ]
    elif action.verb == "give":
        to = action.target
        label = [
            h(
                "span",
                {"class": "label"},
                phrase(_("Give to {seat}"), seat=seat_badge(model, to, names)),
            ),
            h("span", {"class": "effect"}, _award_effect(game, to)),
        ]
    elif action.verb in ("veto", "accept"):
        label = [
            h("span", {"class": "label"}, action_label(text, mine, names)),
            h("span", {"class": "effect"}, _veto_effect(game, action.verb == "veto")),
        ]
    elif action.verb == "assassin":
        label = [
            card_face("assassin", "mini"),
            h("span", {"class": "label"}, " + ".join([_("Assassin"), *action.names])),
        ]
    else:
        label = [h("span", {"class": "label"}, action_label(text, mine, names))]
    return h(
        "button",
        {"type": "button", "class": f"choice choice-{action.verb}", "data-action": text},
        label,
    )


# Where the rules teach each kind of decision: the topic, the turns of a debate, the
# winner's power, awarding the token, and the veto.
DECISION_RULES = {"topic": "R19", "debate": "R20", "power": "R34", "award": "R26", "veto": "R49"}


def _frame(game: Game, css: str, prompt: Markup, *body: object) -> Markup:
    """The decision's box for the seat to act: its title and `prompt`, then `body`."""
    return h(
        "section",
        {
            "class": classes("decision", css),
            "id": "decision",
            "aria-label": _("Decision"),
            "tabindex": -1,
            "data-seat": game.to_move,
        },
        h(
            "header",
            {"class": "decision-head"},
            h("h2", None, DECISION_TITLES[game.decision]),
            prompt,
            h(
                "button",
                {
                    "type": "button",
                    "class": "why rule-link",
                    "data-msg": "rule",
                    "data-value": DECISION_RULES[game.decision],
                    "aria-label": _("The rules of this decision"),
                    "title": _("The rules of this decision"),
                },
                "?",
            ),
        ),
        body,
    )


def decision_section(model: Model, game: Game) -> Markup:
    seat = game.to_move
    assert seat is not None
    names = game.names
    decision = game.decision
    mine = game.total(seat)
    legal = game.legal_actions()
    forced = explain.forced_action(game) if model.setup.auto else None
    out = sitting_out(model, seat)
    notes: list[Markup] = []
    picker = None
    others = legal
    if decision == "debate":
        picker = hand_picker(model, game, seat, legal)
        assassin = explain.assassin_play(game)
        others = [a for a in legal if a.verb == "withdraw" or a is assassin]
        notes = [
            h("li", None, explain.problem_text(b), " ", why_button(b.rule))
            for b in explain.blockers(game)
        ]
        if game.event == "hannibal":  # R42: a cost a bid does not show by itself
            notes.append(
                h(
                    "li",
                    None,
                    _(
                        "Under Hannibal, the cards you put in play are discarded even if "
                        "another senator wins this debate."
                    ),
                    " ",
                    why_button("R42"),
                )
            )
    people = humans(model.occupants, game.players)
    who = (
        h("span", {"class": "you"}, _("Your turn"))
        if len(people) == 1 and people[0] == seat
        else h("span", None, phrase(_("{seat} to act"), seat=seat_badge(model, seat, names)))
    )
    hint = model.hint if model.hint is not None and model.hint.moves == game.moves else None
    return _frame(
        game,
        classes(f"decision-{decision}", forced is not None and "forced"),
        h("p", {"class": "prompt"}, who, ": ", _prompt(game)),
        # What comes and goes holds its place (see `slot`): the hand is patched, not redrawn.
        slot(
            "p",
            forced is not None
            and (
                sitting_out_note()
                if out
                else h(
                    "p",
                    {"class": "forced-note", "role": "status"},
                    # Translators: {action} is the one move possible, such as "withdraw".
                    _("Nothing else is possible: {action} in a moment…").format(
                        action=action_label(str(forced), mine, names).lower()
                    ),
                )
            ),
        ),
        slot("ul", h("ul", {"class": "why-not"}, notes) if notes else None),
        slot("div", picker),
        h(
            "div",
            {"class": "choices"},
            [_choice(game, model, a, mine) for a in others],
            undo_button(model, "narrow-only"),
            hint is None
            and len(legal) > 1
            and not guided(model)  # the lesson's coach suggests the move instead
            and h(
                "button", {"type": "button", "class": "hint-button", "data-msg": "hint"}, _("Hint")
            ),
        ),
        hint is not None and _hint(hint, mine, names, game, seat),
    )


def _hint(hint: Hint, mine: int, names: tuple[str, ...], game: Game, seat: int) -> Markup:
    facts = dict(zip((text for text, _value in hint.options), hint.facts, strict=False))
    ranked = sorted(hint.options, key=lambda option: -option[1])
    best, chance = ranked[0]
    # The rest, counted as the player meets them: every way to reach one total is one
    # choice (one button), and a total the list shows already is no other choice.
    counted = {_choice_key(text) for text, _value in ranked[:HINT_SHOWN]}
    rest: list[tuple[str, float]] = []
    for text, value in ranked[HINT_SHOWN:]:
        if (key := _choice_key(text)) not in counted:
            counted.add(key)
            rest.append((text, value))
    return h(
        "div",
        {"class": "hint-panel", "aria-live": "polite"},
        h(
            "p",
            None,
            phrase(
                HINT_ADVICE[HINT_LEVEL],
                action=h("strong", None, action_label(best, mine, names)),
                chance=f"{chance:.0%}",
            ),
        ),
        h(
            "ol",
            {"class": "hint-options"},
            [
                h(
                    "li",
                    {"data-option": text},
                    # Translators: {action} is a move, {chance} a percentage such as "40%".
                    _("{action}: {chance} chance to win").format(
                        action=action_label(text, mine, names), chance=f"{value:.0%}"
                    ),
                    (said := why(text, facts.get(text), game, seat))
                    and h("span", {"class": "reason"}, " — ", said),
                )
                for text, value in ranked[:HINT_SHOWN]
            ],
        ),
        rest
        and h(
            "p",
            {"class": "hint-rest"},
            ngettext(
                "{n} other choice: {chance} chance to win or less.",
                "{n} other choices: {chance} chance to win or less.",
                len(rest),
            ).format(n=len(rest), chance=f"{rest[0][1]:.0%}"),
        ),
    )


def _choice_key(text: str) -> str:
    """What a move is to the player: a bid, the total it reaches; else the move."""
    action = parse_action(text)
    return f"play {action.value}" if action.verb == "play" else text


def sitting_out_note() -> Markup:
    return h(
        "p",
        {"class": "sitting-out", "role": "status"},
        _(
            "You have no cards left: you sit out the rest of this round, which plays on"
            " without you. Your cards come back when it ends."
        ),
    )


def own_hand(model: Model, game: Game, seat: int) -> Markup:
    """The human's hand while someone else acts: the same cards, not to touch (or,
    with none left, that the player sits the round out)."""
    if sitting_out(model, seat):
        return sitting_out_note()
    return h(
        "div",
        {"class": "hand-picker waiting"},
        h(
            "div",
            {"class": "hand-cards", "aria-label": _("Your hand")},
            [
                h("span", {"class": "hand-card"}, card_face(c, "large"))
                for c in hand_list(game.hand(seat))
            ],
        ),
    )


def thinking_section(model: Model, game: Game, level: str) -> Markup:
    seat = game.to_move
    assert seat is not None
    people = humans(model.occupants, game.players)
    return _frame(
        game,
        "thinking",
        h(
            "p",
            {"class": "prompt", "aria-live": "polite"},
            phrase(
                # Translators: {level} is the kind of computer player, such as "computer: hard".
                _("{seat} ({level}) is thinking"),
                seat=seat_badge(model, seat, game.names),
                level=OCCUPANT_LABELS[level].lower(),
            ),
            h("span", {"class": "dots", "aria-hidden": "true"}, "…"),
        ),
        len(people) == 1 and own_hand(model, game, people[0]),
        undo_button(model, "narrow-only"),
    )


def stale_section(game: Game) -> Markup:
    """Where the decision stands while another tab of this browser plays the game on:
    nothing to tap here (the alert above offers the newer game)."""
    return _frame(
        game,
        "stale",
        h("p", {"class": "prompt"}, _("This game goes on in another tab of Senator.")),
    )


def waiting_section(model: Model, game: Game) -> Markup:
    """At an online table, while a senator at another device (or the host's computer)
    decides: who is deciding, and this device's own hand."""
    seat = game.to_move
    assert seat is not None
    people = humans(model.occupants, game.players)
    return _frame(
        game,
        "thinking",
        h(
            "p",
            {"class": "prompt", "aria-live": "polite"},
            phrase(_("{seat} is deciding"), seat=seat_badge(model, seat, game.names)),
            h("span", {"class": "dots", "aria-hidden": "true"}, "…"),
        ),
        len(people) == 1 and own_hand(model, game, people[0]),
    )
