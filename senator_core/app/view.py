"""What the page shows for a model: every screen as escaped HTML, with stable hooks."""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from ..config import VARIANT_VALUES
from ..game import Game
from ..rules import CARDS, KINDS, conflicts_with
from . import art
from .help import rules_help
from .html import Markup, classes, h
from .model import (
    HINT_LEVEL,
    SEAT_KINDS,
    SPEEDS,
    Hint,
    Model,
    Setup,
    computer_to_move,
    computers_play,
    game_link,
)
from .text import (
    CARD_NAMES,
    EVENT_EFFECTS,
    EVENT_NAMES,
    KIND_NAMES,
    Seat,
    Sentence,
    action_label,
    describe,
    power_text,
)

# Seat colours (Okabe-Ito, safe for colour-blind players), each with a symbol so
# colour is never the only cue.
SEAT_COLOURS: tuple[tuple[str, str, str], ...] = (
    ("Blue", "#0072b2", "●"),
    ("Vermilion", "#d55e00", "▲"),
    ("Green", "#009e73", "■"),
    ("Purple", "#cc79a7", "◆"),
    ("Amber", "#e69f00", "★"),
)
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
}
DECISION_TITLES = {
    "topic": "Choose a topic",
    "debate": "Debate",
    "power": "Use the power",
    "award": "Award the token",
    "veto": "Veto or accept",
}
_SLOT = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=256)
def _icon(name: str, label: str, css: str = "icon") -> Markup:
    return art.icon(name, label, css)


def kind_icon(kind: str, css: str = "icon") -> Markup:
    return _icon(kind, KIND_NAMES[kind], css)


def card_icon(card: str, css: str = "icon") -> Markup:
    return _icon(f"card_{card}", f"card {CARD_NAMES[card]}", css)


# --------------------------------------------------------------------------- pieces


def seat_badge(model: Model, seat: int, names: tuple[str, ...]) -> Markup:
    colour = model.colours[seat] if seat < len(model.colours) else seat
    return _badge(colour, seat, names[seat])


@lru_cache(maxsize=64)
def _badge(colour: int, seat: int, name: str) -> Markup:
    return h(
        "span",
        {"class": f"seat colour-{colour}", "data-seat": seat},
        h("span", {"class": "seat-symbol", "aria-hidden": "true"}, SEAT_COLOURS[colour][2]),
        name,
    )


@lru_cache(maxsize=512)
def _template(template: str) -> tuple[tuple[Markup, str | None], ...]:
    """A sentence template cut into escaped literal text, each followed by a slot name."""
    pieces: list[tuple[Markup, str | None]] = []
    last = 0
    for match in _SLOT.finditer(template):
        pieces.append((_escape(template[last : match.start()]), match.group(1)))
        last = match.end()
    pieces.append((_escape(template[last:]), None))
    return tuple(pieces)


def sentence(model: Model, words: Sentence, names: tuple[str, ...]) -> Markup:
    """A sentence with each seat shown as its player's name in their colour."""
    template, args = words
    parts: list[str] = []
    for literal, slot in _template(template):
        parts.append(literal)
        if slot is not None:
            value = args[slot]
            if isinstance(value, Seat):
                parts.append(seat_badge(model, value, names))
            else:
                parts.append(_escape(str(value)))
    return Markup("".join(parts))


def _escape(text: str) -> Markup:
    return Markup(escape(text, quote=False))


def card_row(counts: dict[str, int], empty: str = "none") -> Markup:
    items = [
        h(
            "li",
            {"class": f"card card-{c}"},
            card_icon(c, "icon icon-card"),
            h("span", {"class": "count"}, f"×{n}"),
        )
        for c, n in counts.items()
        if n
    ]
    if not items:
        return h("span", {"class": "empty"}, empty)
    return h("ul", {"class": "cards"}, items)


def card_list(cards: list[str]) -> Markup:
    counts = {c: cards.count(c) for c in CARDS}
    return card_row(counts, "no cards")


def token_list(kinds: list[str], at_risk: set[str] | None = None, empty: str = "none") -> Markup:
    if not kinds:
        return h("span", {"class": "empty"}, empty)
    items = []
    for kind in kinds:
        risk = at_risk is not None and kind in at_risk
        items.append(
            h(
                "li",
                {"class": classes("token", f"token-{kind}", risk and "at-risk")},
                kind_icon(kind, "icon icon-token"),
                h("span", {"class": "token-name"}, KIND_NAMES[kind]),
                risk and h("span", {"class": "risk", "title": "would be cancelled"}, "!"),
            )
        )
    return h("ul", {"class": "tokens"}, items)


# --------------------------------------------------------------------------- title and set-up


def title_screen(model: Model) -> Markup:
    game = model.game
    resume = game is not None and game.decision != "over"
    return h(
        "main",
        {"class": "screen screen-title", "data-screen": "title"},
        h(
            "div",
            {"class": "title-art", "aria-hidden": "true"},
            _icon("imperium", "", "icon icon-hero"),
        ),
        h("h1", {"class": "title"}, "Senator"),
        h("p", {"class": "tagline"}, "The card game of Roman politics, for 3 to 5 senators"),
        h(
            "div",
            {"class": "title-actions"},
            resume
            and h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "continue"},
                "Continue the game",
            ),
            h(
                "button",
                {"type": "button", "class": None if resume else "primary", "data-msg": "new-game"},
                "New game",
            ),
            h("button", {"type": "button", "data-msg": "panel", "data-value": "rules"}, "Rules"),
        ),
        model.panel == "rules"
        and rules_help(model.game.variants if model.game else model.setup.variants),
    )


def _select(name: str, options: list[tuple[str, str]], chosen: str, label: str) -> Markup:
    return h(
        "select",
        {"name": name, "id": name, "aria-label": label},
        [h("option", {"value": v, "selected": v == chosen}, text) for v, text in options],
    )


def setup_screen(model: Model) -> Markup:
    setup: Setup = model.setup
    seats = []
    for seat in range(setup.players):
        colour = setup.colours[seat]
        seats.append(
            h(
                "li",
                {"class": f"setup-seat colour-{colour}"},
                h("span", {"class": "seat-symbol", "aria-hidden": "true"}, SEAT_COLOURS[colour][2]),
                h("label", {"for": f"seat-{seat}-name"}, f"Seat {seat + 1}"),
                h(
                    "input",
                    {
                        "id": f"seat-{seat}-name",
                        "name": f"seat-{seat}-name",
                        "value": setup.names[seat],
                        "maxlength": 40,
                        "autocomplete": "off",
                    },
                ),
                _select(
                    f"seat-{seat}-colour",
                    [(str(i), f"{sym} {n}") for i, (n, _, sym) in enumerate(SEAT_COLOURS)],
                    str(colour),
                    f"Colour of seat {seat + 1}",
                ),
                _select(
                    f"seat-{seat}-kind",
                    [(k, KIND_LABELS[k]) for k in SEAT_KINDS],
                    setup.kinds[seat],
                    f"Who plays seat {seat + 1}",
                ),
            )
        )
    openers = [("random", "Chosen at random")] + [
        (str(s), setup.names[s] or f"Seat {s + 1}") for s in range(setup.players)
    ]
    variants = []
    for switch, values in VARIANT_VALUES.items():
        chosen = getattr(setup.variants, switch)
        variants.append(
            h(
                "div",
                {"class": "variant"},
                h("label", {"for": f"variant-{switch}"}, VARIANT_LABELS[switch]),
                h(
                    "select",
                    {"id": f"variant-{switch}", "name": f"variant-{switch}"},
                    [
                        h("option", {"value": v, "selected": v == chosen}, v.replace("_", " "))
                        for v in values
                    ],
                ),
                h("p", {"class": "hint"}, VARIANT_TEXT[switch][chosen]),
            )
        )
    return h(
        "main",
        {"class": "screen screen-setup", "data-screen": "setup"},
        h("h1", None, "New game"),
        h(
            "form",
            {"class": "setup", "onsubmit": "return false"},
            h(
                "fieldset",
                None,
                h("legend", None, "Senators"),
                h(
                    "div",
                    {"class": "players-choice"},
                    h("label", {"for": "players"}, "Players"),
                    _select(
                        "players",
                        [(str(n), str(n)) for n in (3, 4, 5)],
                        str(setup.players),
                        "Players",
                    ),
                ),
                h("ol", {"class": "setup-seats"}, seats),
                computers_play(setup.kinds, setup.players)
                and h(
                    "div",
                    {"class": "players-choice"},
                    h("label", {"for": "speed"}, "Computers' pace"),
                    _select(
                        "speed",
                        [(v, SPEED_LABELS[v]) for v in SPEEDS],
                        setup.speed,
                        "Pace of the computer players",
                    ),
                ),
            ),
            h(
                "fieldset",
                None,
                h("legend", None, "Rules"),
                h(
                    "div",
                    {"class": "variant"},
                    h("label", {"for": "first-opener"}, "First opener"),
                    h(
                        "select",
                        {"id": "first-opener", "name": "first-opener"},
                        [
                            h("option", {"value": v, "selected": v == setup.first_opener}, t)
                            for v, t in openers
                        ],
                    ),
                ),
                variants,
                h(
                    "div",
                    {"class": "variant"},
                    h("label", {"for": "seed"}, "Deal number (optional)"),
                    h(
                        "input",
                        {
                            "id": "seed",
                            "name": "seed",
                            "value": setup.seed,
                            "inputmode": "numeric",
                            "placeholder": "random",
                            "autocomplete": "off",
                        },
                    ),
                    h("p", {"class": "hint"}, "The same number deals the same game again."),
                ),
            ),
            h(
                "div",
                {"class": "title-actions"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "data-msg": "start"},
                    "Start the game",
                ),
                h("button", {"type": "button", "data-msg": "title"}, "Back"),
            ),
        ),
    )


# --------------------------------------------------------------------------- the board


def status_bar(model: Model, game: Game) -> Markup:
    event = game.event
    veto = game.veto
    names = game.names
    consuls = [_icon("consul", "consul face up", "icon") for _ in range(game.consuls_up)]
    consuls += [
        _icon("consul_flipped", "consul flipped", "icon") for _ in range(2 - game.consuls_up)
    ]
    return h(
        "header",
        {"class": "status"},
        h("span", {"class": "brand"}, "Senator"),
        h("span", {"class": "round"}, f"Round {game.round} of 3"),
        h(
            "span",
            {
                "class": "event",
                "title": EVENT_EFFECTS[event] if event else "No event card this round",
            },
            event and _icon(event, EVENT_NAMES[event], "icon"),
            h("span", None, f"Event: {EVENT_NAMES[event]}" if event else "No event"),
        ),
        h(
            "span",
            {"class": "consuls"},
            consuls,
            h("span", {"class": "sr"}, f"{game.consuls_up} consul(s) face up"),
        ),
        h(
            "span",
            {"class": "veto-place"},
            _icon("veto", "veto", "icon"),
            " centre" if veto is None else seat_badge(model, veto, names),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "forum",
                "data-msg": "panel",
                "data-value": "forum",
                "aria-expanded": "true" if model.panel == "forum" else "false",
            },
            f"Forum: {game.forum_size}",
        ),
        h(
            "button",
            {
                "type": "button",
                "data-msg": "panel",
                "data-value": "rules",
                "aria-expanded": "true" if model.panel == "rules" else "false",
            },
            "Rules",
        ),
        computers_play(model.kinds, game.players)
        and _select(
            "speed",
            [(v, f"Pace: {SPEED_LABELS[v].lower()}") for v in SPEEDS],
            model.setup.speed,
            "Pace of the computer players",
        ),
        h("button", {"type": "button", "data-msg": "title"}, "Menu"),
    )


def forum_panel(game: Game) -> Markup:
    forum = game.forum
    rows = [
        h("li", None, kind_icon(k, "icon icon-token"), f" {KIND_NAMES[k]}: {forum[k]}")
        for k in KINDS
    ]
    deck = game.event_deck
    return h(
        "section",
        {"class": "panel forum-panel", "aria-label": "The forum"},
        h("h2", None, f"The forum holds {game.forum_size} tokens"),
        h("p", {"class": "hint"}, "Known by elimination; the order is unknown (R9)."),
        h("ul", {"class": "forum-list"}, rows),
        deck
        and h(
            "p",
            {"class": "hint"},
            "Events still to come: " + ", ".join(EVENT_NAMES[e] for e in deck),
        ),
    )


def docket_section(game: Game) -> Markup:
    docket = game.docket
    variants = game.variants
    items = []
    for kind in dict.fromkeys(docket):
        count = docket.count(kind)
        against = conflicts_with(kind)
        conflict = (
            "Conflicts with nothing."
            if not against
            else ("Conflicts with " + " and ".join(KIND_NAMES[k] for k in against) + ".")
        )
        items.append(
            h(
                "li",
                {"class": f"medallion token-{kind}", "tabindex": 0, "data-kind": kind},
                kind_icon(kind, "icon icon-medallion"),
                h(
                    "span",
                    {"class": "medallion-name"},
                    KIND_NAMES[kind],
                    count > 1 and h("span", {"class": "count"}, f" ×{count}"),
                ),
                h("span", {"class": "medallion-info"}, power_text(kind, variants), " ", conflict),
            )
        )
    for _ in range(game.consuls_up):
        items.append(
            h(
                "li",
                {"class": "medallion token-consul", "tabindex": 0, "data-kind": "consul"},
                _icon("consul", "Consul", "icon icon-medallion"),
                h("span", {"class": "medallion-name"}, "Consul"),
                h("span", {"class": "medallion-info"}, power_text("consul", variants)),
            )
        )
    return h(
        "section",
        {"class": "docket", "aria-label": "The docket"},
        h("h2", None, "Docket"),
        h(
            "ul",
            {"class": "medallions"},
            items or h("li", {"class": "empty"}, "The docket is empty."),
        ),
    )


def _latest(model: Model, game: Game) -> Markup | None:
    fresh = game.log[model.seen :] if model.seen else []
    lines = [w for e in fresh if (w := describe(e)) is not None]
    if not lines:
        return None
    summary = None
    ended = [e for e in fresh if e.id == "round_end"]
    if ended:
        scores = ended[-1].args["scores"]
        summary = h(
            "table",
            {"class": "round-summary"},
            h("caption", None, f"After round {ended[-1].args['round']}"),
            h(
                "tbody",
                None,
                [
                    h(
                        "tr",
                        None,
                        h("th", {"scope": "row"}, seat_badge(model, s, game.names)),
                        h("td", None, f"{scores[s][0]} tokens"),
                        h("td", None, f"{scores[s][2]} passed"),
                    )
                    for s in range(game.players)
                ],
            ),
        )
    return h(
        "div",
        {"class": "latest", "aria-label": "Just now"},
        h("h3", None, "Just now"),
        h("ul", None, [h("li", None, sentence(model, w, game.names)) for w in lines[-8:]]),
        summary,
    )


def floor_section(model: Model, game: Game) -> Markup:
    topic = game.topic
    names = game.names
    rows = []
    if topic is not None:
        high = max(game.total(s) for s in range(game.players))
        for seat in range(game.players):
            withdrawn = game.withdrawn(seat)
            total = game.total(seat)
            state = (
                "withdrew"
                if withdrawn and game.decision == "debate"
                else "to act"
                if game.to_move == seat and game.decision == "debate"
                else "leading"
                if total == high and total > 0
                else ""
            )
            rows.append(
                h(
                    "li",
                    {
                        "class": classes(
                            "bid", withdrawn and "withdrawn", game.to_move == seat and "to-move"
                        ),
                        "data-seat": seat,
                    },
                    seat_badge(model, seat, names),
                    card_list(game.in_play(seat))
                    if game.in_play(seat)
                    else h("span", {"class": "empty"}, "–"),
                    h("span", {"class": "total"}, f"= {total}"),
                    state and h("span", {"class": "bid-state"}, state),
                )
            )
        heading = h(
            "div",
            {"class": "topic"},
            kind_icon(topic, "icon icon-topic")
            if topic != "consul"
            else _icon("consul", "Consul", "icon icon-topic"),
            h(
                "div",
                None,
                h("h2", None, f"Debating: {KIND_NAMES[topic]}"),
                h(
                    "p",
                    {"class": "hint"},
                    "Opened by ",
                    seat_badge(model, game.opener, names),
                    ". ",
                    power_text(topic, game.variants),
                ),
            ),
        )
    else:
        heading = h(
            "div",
            {"class": "topic"},
            h("h2", None, "Between debates"),
            h(
                "p",
                {"class": "hint"},
                seat_badge(model, game.opener, names),
                " opens the next debate.",
            ),
        )
    return h(
        "section",
        {"class": "floor", "aria-label": "The senate floor"},
        heading,
        rows and h("ul", {"class": "bids"}, rows),
        _latest(model, game),
    )


def _award_effect(game: Game, seat: int) -> str:
    topic = game.topic
    assert topic is not None and topic != "consul"
    winner = game.debate_winner
    if seat != winner and game.veto == seat:
        return "holds the veto: may refuse it"
    lost = [k for k in game.proposed(seat) if k in conflicts_with(topic)]
    if lost:
        return "would cancel " + ", ".join(KIND_NAMES[k] for k in lost) + " and lose it"
    return f"would propose it ({len(game.proposed(seat)) + 1} proposed)"


def _why_not(game: Game, seat: int) -> list[str]:
    """What a player in a debate cannot do, and the rule that says so."""
    notes = []
    in_play = game.in_play(seat)
    hand = game.hand(seat)
    event = game.event
    legal = [str(a) for a in game.legal_actions()]
    plays = [t for t in legal if t.startswith("play")]
    if event == "ludi_gladiatorum":
        notes.append(
            "Ludi Gladiatorum: at most 2 cards in play per debate, the Assassin included; "
            f"you have {len(in_play)} (R45)."
        )
    if event == "spartacus" and not in_play:
        if game.variants.spartacus == "two_cards":
            notes.append("Spartacus: a first play must put at least 2 cards in play (R46).")
        else:
            notes.append("Spartacus: a first play must be worth at least 2 (R46).")
    if event == "spartacus" and hand["assassin"]:
        if game.variants.spartacus == "two_cards":
            notes.append("Spartacus: the Assassin must go with at least one influence card (R46).")
        elif game.total(seat) < 2:
            notes.append("Spartacus: the Assassin needs 2 of your own influence in play (R46).")
    if not plays:
        if not any(hand[c] for c in ("1", "2", "5")):
            notes.append("No influence card left in hand (R24).")
        elif event != "ludi_gladiatorum":
            high = max(game.total(s) for s in range(game.players))
            notes.append(f"Your hand cannot raise above {high} (R21).")
    if not hand["assassin"]:
        notes.append("Your Assassin is spent until the round ends.")
    return notes


def decision_section(model: Model, game: Game) -> Markup:
    seat = game.to_move
    assert seat is not None
    names = game.names
    decision = game.decision
    topic = game.topic
    mine = game.total(seat)
    legal = game.legal_actions()
    notes: list[str] = []
    if decision == "topic":
        prompt = "choose the topic of the next debate."
    elif decision == "debate":
        high = max(game.total(s) for s in range(game.players))
        can_raise = any(a.verb == "play" for a in legal)
        can_kill = any(a.verb == "assassin" for a in legal)
        options = [
            o
            for o, ok in (
                (f"raise to at least {high + 1}", can_raise),
                ("play the Assassin", can_kill),
            )
            if ok
        ]
        prompt = (
            (", ".join(options) + " or withdraw.")
            if options
            else "withdraw: nothing else is possible."
        )
        notes = _why_not(game, seat)
    elif decision == "power":
        assert topic is not None
        power = power_text(topic, game.variants)
        prompt = f"you won {KIND_NAMES[topic]}: use its power or skip it. {power}"
    elif decision == "award":
        assert topic is not None
        prompt = f"give the {KIND_NAMES[topic]} token to a senator, yourself included."
    else:
        assert topic is not None
        prompt = f"you may refuse {KIND_NAMES[topic]} with the veto, or accept it."
    buttons = []
    for action in legal:
        text = str(action)
        label: list[object] = []
        if action.verb == "play" or (action.verb == "assassin"):
            chips = [card_icon(c, "icon icon-chip") for c in action.names]
            if action.verb == "assassin":
                chips.insert(0, card_icon("assassin", "icon icon-chip"))
            label = [
                h("span", {"class": "chips"}, chips),
                h("span", {"class": "label"}, action_label(text, mine, names)),
            ]
        elif action.verb == "topic":
            kind = text.split()[1]
            label = [
                kind_icon(kind, "icon") if kind != "consul" else _icon("consul", "Consul"),
                " ",
                KIND_NAMES[kind],
            ]
        elif action.verb == "give":
            to = action.target
            label = [
                h("span", {"class": "label"}, "Give to ", seat_badge(model, to, names)),
                h("span", {"class": "effect"}, _award_effect(game, to)),
            ]
        else:
            label = [action_label(text, mine, names)]
        buttons.append(
            h(
                "button",
                {"type": "button", "class": f"choice choice-{action.verb}", "data-action": text},
                label,
            )
        )
    hint = model.hint if model.hint is not None and model.hint.moves == game.moves else None
    return h(
        "section",
        {"class": "decision", "id": "decision", "aria-label": "Decision", "tabindex": -1},
        h("h2", None, DECISION_TITLES[decision]),
        h("p", {"class": "prompt"}, seat_badge(model, seat, names), ": ", prompt),
        notes and h("ul", {"class": "why-not"}, [h("li", None, n) for n in notes]),
        h("div", {"class": "choices"}, buttons),
        hint is None
        and len(legal) > 1
        and h("button", {"type": "button", "class": "hint-button", "data-msg": "hint"}, "Hint"),
        hint is not None and _hint(hint, mine, names),
    )


HINT_SHOWN = 5  # the best choices a hint lists; the others are summed up in a line


def _hint(hint: Hint, mine: int, names: tuple[str, ...]) -> Markup:
    ranked = sorted(hint.options, key=lambda option: -option[1])
    best, chance = ranked[0]
    rest = ranked[HINT_SHOWN:]
    return h(
        "div",
        {"class": "hint-panel", "aria-live": "polite"},
        h(
            "p",
            None,
            f"The {HINT_LEVEL} computer would play ",
            h("strong", None, action_label(best, mine, names)),
            f" ({chance:.0%} chance to win).",
        ),
        h(
            "ol",
            {"class": "hint-options"},
            [
                h(
                    "li",
                    {"data-option": text},
                    action_label(text, mine, names),
                    f": {value:.0%} chance to win",
                )
                for text, value in ranked[:HINT_SHOWN]
            ],
        ),
        rest
        and h(
            "p",
            {"class": "hint-rest"},
            f"{len(rest)} other choice{'s' if len(rest) > 1 else ''}: "
            f"{rest[0][1]:.0%} chance to win or less.",
        ),
    )


def thinking_section(model: Model, game: Game, level: str) -> Markup:
    seat = game.to_move
    assert seat is not None
    return h(
        "section",
        {"class": "decision thinking", "id": "decision", "aria-label": "Decision", "tabindex": -1},
        h("h2", None, DECISION_TITLES[game.decision]),
        h(
            "p",
            {"class": "prompt", "aria-live": "polite"},
            seat_badge(model, seat, game.names),
            f" ({KIND_LABELS[level].lower()}) is thinking",
            h("span", {"class": "dots", "aria-hidden": "true"}, "…"),
        ),
    )


def _at_risk(game: Game, seat: int) -> set[str]:
    """The seat's proposed kinds that the topic (or, between debates, the docket) would cancel."""
    topic = game.topic
    threats = [topic] if topic and topic != "consul" else list(dict.fromkeys(game.docket))
    return {k for k in game.proposed(seat) for t in threats if k in conflicts_with(t)}


def players_section(model: Model, game: Game) -> Markup:
    names = game.names
    scores = game.scores()
    panels = []
    for seat in range(game.players):
        total, imperium, passed = scores[seat]
        marks = [
            game.opener == seat and h("span", {"class": "mark"}, "opener"),
            game.to_move == seat and h("span", {"class": "mark mark-turn"}, "to act"),
            game.topic is not None
            and game.decision == "debate"
            and game.withdrawn(seat)
            and h("span", {"class": "mark"}, "withdrew"),
            game.veto == seat
            and h(
                "span",
                {"class": "mark mark-veto"},
                _icon("veto", "holds the veto", "icon"),
                " veto",
            ),
        ]
        panels.append(
            h(
                "article",
                {
                    "class": classes(
                        "player",
                        f"colour-{model.colours[seat]}",
                        game.to_move == seat and "to-move",
                    ),
                    "data-seat": seat,
                    "aria-label": names[seat],
                },
                h(
                    "header",
                    None,
                    seat_badge(model, seat, names),
                    h("span", {"class": "marks"}, marks),
                    h(
                        "span",
                        {"class": "score", "title": "tokens, Imperium, passed"},
                        f"{total} {'token' if total == 1 else 'tokens'} · "
                        f"{imperium} Imperium · {passed} passed",
                    ),
                ),
                h(
                    "dl",
                    None,
                    h("dt", None, "Hand"),
                    h("dd", {"class": "hand"}, card_row(game.hand(seat))),
                    h("dt", None, "In play"),
                    h(
                        "dd",
                        {"class": "in-play"},
                        card_list(game.in_play(seat))
                        if game.in_play(seat)
                        else h("span", {"class": "empty"}, "–"),
                        game.in_play(seat) and f" = {game.total(seat)}",
                    ),
                    h("dt", None, "Discards"),
                    h("dd", {"class": "discards"}, card_row(game.discards(seat))),
                    h("dt", None, "Proposed"),
                    h(
                        "dd",
                        {"class": "proposed"},
                        token_list(game.proposed(seat), _at_risk(game, seat)),
                    ),
                    h("dt", None, "Passed"),
                    h("dd", {"class": "passed"}, token_list(game.passed(seat))),
                ),
            )
        )
    return h("section", {"class": "players", "aria-label": "The senators"}, panels)


def log_section(model: Model, game: Game) -> Markup:
    """The whole game so far, grouped by round and by debate."""
    names = game.names
    rounds: list[tuple[str, list[tuple[str | None, list[Markup]]]]] = []
    for event in game.log:
        if event.id == "round_start":
            rounds.append((f"Round {event.args['round']}", [(None, [])]))
        if not rounds:
            rounds.append(("Set-up", [(None, [])]))
        if event.id == "topic_chosen":
            rounds[-1][1].append((f"Debate on {KIND_NAMES[event.args['topic']]}", []))
        words = describe(event)
        if words is not None:
            # The log is the longest part of the page: its lines skip the builder.
            rounds[-1][1][-1][1].append(Markup(f"<li>{sentence(model, words, names)}</li>"))
    # Blocks are newest first; each has an id fixed by its place in the game, so the
    # page's morph matches them up instead of rewriting every block a new one pushes down.
    blocks = []
    for r in range(len(rounds) - 1, -1, -1):
        title, debates = rounds[r]
        parts = []
        for d in range(len(debates) - 1, -1, -1):
            debate, lines = debates[d]
            if not lines:
                continue
            if debate is None:
                parts.append(
                    Markup(f'<ul class="log-lines" id="log-{r}-{d}">{"".join(lines)}</ul>')
                )
            else:
                parts.append(
                    h(
                        "li",
                        {"class": "log-debate", "id": f"log-{r}-{d}"},
                        h("h4", None, debate),
                        Markup(f'<ul class="log-lines">{"".join(lines)}</ul>'),
                    )
                )
        blocks.append(
            h(
                "section",
                {"class": "log-round", "id": f"log-{r}"},
                h("h3", None, title),
                h("ol", {"class": "log-debates"}, parts),
            )
        )
    return h(
        "section",
        {"class": "log", "aria-label": "Game log"},
        h("h2", None, "Game log"),
        h("div", {"class": "log-body", "role": "log", "aria-live": "polite"}, blocks),
    )


def game_screen(model: Model, game: Game) -> Markup:
    return h(
        "main",
        {"class": "screen screen-game", "data-screen": "game"},
        status_bar(model, game),
        model.panel == "forum" and forum_panel(game),
        model.panel == "rules" and rules_help(game.variants),
        h(
            "div",
            {"class": "board"},
            h(
                "div",
                {"class": "board-main"},
                docket_section(game),
                floor_section(model, game),
                thinking_section(model, game, level)
                if (level := computer_to_move(model))
                else decision_section(model, game),
                players_section(model, game),
            ),
            h("div", {"class": "board-side"}, log_section(model, game), share_section(model, game)),
        ),
    )


def share_section(model: Model, game: Game) -> Markup:
    link = model.page_url + game_link(game.config)
    return h(
        "details",
        {"class": "share"},
        h("summary", None, "Share this deal"),
        h("p", {"class": "hint"}, "This link opens a new game with the same deal and rules."),
        h(
            "input",
            {
                "class": "share-link",
                "readonly": True,
                "value": link,
                "aria-label": "Link to this deal",
            },
        ),
    )


# --------------------------------------------------------------------------- the end


def tie_break_steps(game: Game) -> list[str]:
    """How R40 decided the game, step by step."""
    scores = game.scores()
    names = game.names
    field = list(range(game.players))
    steps = []
    for index, label in ((0, "most tokens"), (1, "most Imperium"), (2, "most passed tokens")):
        best = max(scores[s][index] for s in field)
        field = [s for s in field if scores[s][index] == best]
        who = " and ".join(names[s] for s in field)
        steps.append(f"By {label} ({best}): {who}.")
        if len(field) == 1:
            break
    if len(field) > 1:
        steps.append("Still tied: they share the victory.")
    return steps


def end_screen(model: Model, game: Game) -> Markup:
    scores = game.scores()
    winners = game.winners()
    names = game.names
    order = sorted(range(game.players), key=lambda s: scores[s], reverse=True)
    rows = [
        h(
            "tr",
            {"class": classes("result", s in winners and "winner"), "data-seat": s},
            h(
                "th",
                {"scope": "row"},
                seat_badge(model, s, names),
                s in winners and h("span", {"class": "mark"}, " victor"),
            ),
            h("td", None, scores[s][0]),
            h("td", None, scores[s][1]),
            h("td", None, scores[s][2]),
            h("td", None, token_list(game.passed(s) + game.proposed(s))),
        )
        for s in order
    ]
    victors = " and ".join(names[s] for s in winners)
    headline = f"{victors} {'share the victory' if len(winners) > 1 else 'wins'}."
    return h(
        "main",
        {"class": "screen screen-end", "data-screen": "end"},
        h(
            "div",
            {"class": "title-art", "aria-hidden": "true"},
            _icon("imperium", "", "icon icon-hero"),
        ),
        h("h1", None, "The game is over"),
        h("p", {"class": "winners"}, headline),
        h(
            "div",
            {"class": "results-wrap"},
            h(
                "table",
                {"class": "results"},
                h(
                    "thead",
                    None,
                    h(
                        "tr",
                        None,
                        [
                            h("th", {"scope": "col"}, t)
                            for t in ("Senator", "Tokens", "Imperium", "Passed", "Laws")
                        ],
                    ),
                ),
                h("tbody", None, rows),
            ),
        ),
        h("ol", {"class": "tie-break"}, [h("li", None, step) for step in tie_break_steps(game)]),
        h(
            "div",
            {"class": "title-actions"},
            h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "play-again"},
                "Play again",
            ),
            h("button", {"type": "button", "data-msg": "setup"}, "New set-up"),
            h("button", {"type": "button", "data-msg": "title"}, "Title screen"),
        ),
        log_section(model, game),
    )


# --------------------------------------------------------------------------- the page


def _notice(text: str | None) -> Markup | None:
    if not text:
        return None
    return h(
        "div",
        {"class": "notice", "role": "alert"},
        h("p", None, text),
        h("button", {"type": "button", "data-msg": "dismiss"}, "Dismiss"),
    )


def view(model: Model) -> Markup:
    """The whole page for a model: one root element carrying `data-screen`."""
    game = model.game
    if model.screen == "game" and game is not None and game.decision != "over":
        body = game_screen(model, game)
    elif model.screen in ("game", "end") and game is not None and game.decision == "over":
        body = end_screen(model, game)
    elif model.screen == "setup":
        body = setup_screen(model)
    else:
        body = title_screen(model)
    return h("div", {"id": "app"}, body, _notice(model.notice))
