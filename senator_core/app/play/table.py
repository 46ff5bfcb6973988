"""The game table: the bar along its top, the seats around it and what lies in the middle
(the topic under debate, the docket, the last move, the round's standings).

Every place a piece can be carries `data-place` and every piece `data-what`
(see `motion`), so the page can show pieces travel; the pieces the last action
moved are marked `fresh` until the next one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...game import Game
from ...i18n import _, ngettext, pgettext, wording
from ...records import HUMAN
from ...rules import conflicts_with
from ..derived import (
    computers_play,
    hand_list,
    humans,
    just_happened,
    log_of,
    mover,
    news_from,
    undo_to,
)
from ..model import Model
from ..online.update import away
from ..setup.state import SPEEDS
from ..ui import art
from ..ui.html import Markup, classes, h, keyed, slot
from ..ui.motion import (
    CONSULS,
    EVENT,
    FORUM,
    TOPIC,
    VETO_CENTRE,
    Move,
    arrivals,
    docket,
    seat_place,
)
from ..ui.pieces import (
    card_face,
    colour_badge,
    icon,
    kind_icon,
    language_picker,
    phrase,
    seat_badge,
    seat_colour,
    sentence,
)
from ..ui.text import (
    EVENT_NAMES,
    KIND_NAMES,
    OCCUPANT_LABELS,
    SPEED_LABELS,
    and_list,
    describe,
    event_effect,
    or_list,
    power_text,
)
from .scoreboard import leaders, score_head


class Fresh:
    """Which pieces the last action brought to each place: the view marks the last
    ones of each kind in a place as fresh, and the page animates them in."""

    def __init__(self, found: list[Move]) -> None:
        self.left = dict(arrivals(found))

    def mark(self, place: str, what: str) -> bool:
        """Whether the next piece `what` drawn in `place`, counting from the end, is fresh."""
        key = (place, what)
        count = self.left.get(key, 0)
        if count <= 0:
            return False
        self.left[key] = count - 1
        return True


def _piece_attrs(place: str, what: str, fresh: Fresh | None) -> dict[str, str | bool]:
    new = fresh is not None and fresh.mark(place, what)
    return {"data-what": what, "data-fresh": new}


def fresh_marks(fresh: Fresh, place: str, whats: list[str]) -> tuple[bool, ...]:
    """Which of the pieces `whats` in `place` are fresh: the last of each kind."""
    marks = [False] * len(whats)
    for i in range(len(whats) - 1, -1, -1):
        marks[i] = fresh.mark(place, whats[i])
    return tuple(marks)


def placed_cards(cards: tuple[str, ...], place: str, size: str, marks: tuple[bool, ...]) -> Markup:
    """Cards face up in a place; those `marks` says arrived marked fresh."""
    return h(
        "span",
        {"class": "card-row", "data-place": place},
        [
            h(
                "span",
                {"class": classes("piece", marks[i] and "fresh"), "data-what": f"card-{c}"},
                card_face(c, size),
            )
            for i, c in enumerate(cards)
        ],
    )


def placed_tokens(
    kinds: tuple[str, ...],
    place: str,
    marks: tuple[bool, ...],
    seat: int | None = None,
    at_risk: frozenset[str] = frozenset(),
    explained: str | None = None,
) -> Markup:
    """A seat's proposed or passed tokens; those a conflict would cancel marked, with a
    button that explains why (`explained`: the one whose explanation is open)."""
    items = []
    for i, kind in enumerate(kinds):
        risk = kind in at_risk
        key = f"risk:{seat}:{kind}"
        items.append(
            h(
                "li",
                {
                    "class": classes(
                        "token", f"token-{kind}", risk and "at-risk", marks[i] and "fresh"
                    ),
                    "data-what": f"token-{kind}",
                },
                kind_icon(kind, "icon icon-token"),
                h("span", {"class": "token-name"}, KIND_NAMES[kind]),
                risk
                and h(
                    "button",
                    {
                        "type": "button",
                        "class": "risk",
                        "data-msg": "explain",
                        "data-value": key,
                        "aria-label": _("{kind} is at risk: why?").format(kind=KIND_NAMES[kind]),
                        "aria-expanded": "true" if explained == key else "false",
                    },
                    "!",
                ),
            )
        )
    return h("ul", {"class": "tokens", "data-place": place}, items)


def threats(game: Game, seat: int) -> dict[str, tuple[str, ...]]:
    """The seat's proposed kinds at risk, each with the tokens that would cancel it if
    they came to the seat: the topic's, or (between debates, and in a debate on a
    consul, which brings no token) those of the docket."""
    topic = game.topic
    coming = [topic] if topic and topic != "consul" else list(dict.fromkeys(game.docket))
    found = {
        kind: tuple(t for t in coming if kind in conflicts_with(t))
        for kind in dict.fromkeys(game.proposed(seat))
    }
    return {kind: by for kind, by in found.items() if by}


def at_risk(game: Game, seat: int) -> frozenset[str]:
    """The seat's proposed kinds that a token coming to it would cancel (see `threats`)."""
    return frozenset(threats(game, seat))


# --------------------------------------------------------------------------- the bar


def top_bar(model: Model, game: Game) -> Markup:
    veto = game.veto
    up = game.consuls_up
    consuls = [icon("consul", _("consul face up"), "icon") for _up in range(up)]
    consuls += [icon("consul_flipped", _("consul flipped"), "icon") for _down in range(2 - up)]
    setup = model.setup
    pace = computers_play(model.occupants, game.players) and model.screen == "game"
    return h(
        "header",
        {"class": "topbar"},
        # Translators: the game's name.
        h("span", {"class": "brand"}, _("Senator")),
        h(
            "span",
            {"class": "round", "data-round": game.round},
            # Translators: on wide screens, before the round shown as "2/3".
            h("span", {"class": "wide-only"}, pgettext("top bar", "Round"), " "),
            f"{game.round}/3",
        ),
        h(
            "span",
            {"class": "consuls", "data-place": CONSULS, "title": _("Consuls")},
            consuls,
            h("span", {"class": "sr"},
              ngettext("{n} of 2 consuls face up", "{n} of 2 consuls face up", up).format(n=up)),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "veto-centre",
                "data-place": VETO_CENTRE,
                "data-msg": "explain",
                "data-value": "veto",
                "aria-expanded": "true" if model.explain == "veto" else "false",
            },
            icon("veto", _("veto token"), "icon"),
            h(
                "span",
                None,
                _("Veto: centre") if veto is None
                else phrase(_("Veto: {seat}"), seat=seat_badge(model, veto, game.names)),
            ),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "forum",
                "data-place": FORUM,
                "data-msg": "panel",
                "data-value": "forum",
                "aria-expanded": "true" if model.panel == "forum" else "false",
            },
            icon("forum", _("forum"), "icon"),
            # Translators: on wide screens, before the number of tokens in the forum.
            h("span", {"class": "wide-only"}, pgettext("top bar", "Forum"), " "),
            h("span", None, str(game.forum_size)),
        ),
        h("span", {"class": "spacer"}),
        slot("button", undo_button(model, "wide-only")),
        language_picker(model, "wide-only"),
        slot("label", pace and h("label", {"class": "wide-only", "for": "speed"}, _("Pace"))),
        slot("select", pace and _select_speed(setup.speed)),
        h(
            "button",
            {
                "type": "button",
                "class": "toggle",
                "data-msg": "toggle",
                "data-value": "sound",
                "aria-pressed": "true" if setup.sound else "false",
                "title": _("A sound when your turn comes"),
            },
            h("span", {"aria-hidden": "true"}, "♪"),
            h("span", {"class": "wide-only"}, _("Sound on") if setup.sound else _("Sound off")),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "log-button",
                "data-msg": "panel",
                "data-value": "log",
                "aria-expanded": "true" if model.panel == "log" else "false",
            },
            # Translators: opens the game's log, the list of every move.
            pgettext("game log", "Log"),
        ),
        h(
            "button",
            {
                "type": "button",
                "data-msg": "panel",
                "data-value": "rules",
                "aria-expanded": "true" if model.panel == "rules" else "false",
            },
            h("span", {"class": "wide-only"}, _("Rules")),
            h("span", {"class": "narrow-only", "aria-hidden": "true"}, "?"),
        ),
        h(
            "button",
            {"type": "button", "data-msg": "title"},
            h("span", {"class": "wide-only"}, _("Menu")),
            h("span", {"class": "narrow-only", "aria-hidden": "true"}, "☰"),
        ),
    )  # fmt: skip


def undo_button(model: Model, where: str) -> Markup | None:
    """Undo, when a move can be taken back: in the bar on wide screens, beside the
    decision on narrow ones (`where` is the class that says which)."""
    if model.screen != "game" or undo_to(model) is None:
        return None
    return h(
        "button",
        {"type": "button", "class": f"undo {where}", "data-msg": "undo",
         "title": _("Take back your last move")},
        h("span", {"aria-hidden": "true"}, "↶ "),
        _("Undo"),
    )  # fmt: skip


def _select_speed(chosen: str) -> Markup:
    return h(
        "select",
        {"name": "speed", "id": "speed", "aria-label": _("Pace of the computer players")},
        [h("option", {"value": v, "selected": v == chosen}, SPEED_LABELS[v]) for v in SPEEDS],
    )


# --------------------------------------------------------------------------- the seats


def _said(model: Model, seat: int) -> str | None:
    """At an online table: what this seat's player said last, while it is one of the
    last three lines of the chat (and the chat is not muted)."""
    online = model.online
    if online is None or online.muted:
        return None
    devices = online.device.devices
    speaker = devices[seat] if seat < len(devices) else ""
    return next((t for d, t in reversed(online.lines[-3:]) if speaker and d == speaker), None)


@dataclass(frozen=True)
class SeatFacts:
    """All that one seat's board shows, and nothing else: the board is drawn from these
    alone (`_draw_seat`), so a board whose facts did not change is not drawn again.
    Each group of pieces comes with its fresh marks (see `Fresh`)."""

    seat: int
    name: str
    colour: int
    css: str  # the board's classes
    occupant: str  # who sits here, in words
    said: str | None  # online: this player's last line of the chat, while it shows
    away: str | None  # online: the mark of a player away, in words
    opener: bool
    to_move: bool
    veto: bool
    lead: bool  # leads the game (the crown)
    score: tuple[int, int, int]  # tokens, Imperium, passed
    hand: tuple[str, ...]
    hand_marks: tuple[bool, ...]
    proposed: tuple[str, ...]
    proposed_marks: tuple[bool, ...]
    at_risk: frozenset[str]
    explained: str | None  # the risk whose explanation is open, when it is this seat's
    passed: tuple[str, ...]
    passed_marks: tuple[bool, ...]
    discards: tuple[str, ...]
    discard_marks: tuple[bool, ...]
    in_play: tuple[str, ...]
    play_marks: tuple[bool, ...]
    debating: bool  # a debate is under way (a topic is chosen)
    total: int
    withdrawn: bool
    leading: bool  # leads the debate
    state: str  # beside the bid: to act, withdrew, leads
    language: tuple[str, int]  # the wording (`i18n.wording`) the board is drawn in


def seat_board(model: Model, game: Game, seat: int, fresh: Fresh, own: bool = False) -> Markup:
    """One senator's place at the table: name, occupant, marks, hand, tokens and bid."""
    occupant = model.occupants[seat] if seat < len(model.occupants) else HUMAN
    in_debate = game.topic is not None and game.decision == "debate"
    withdrawn = game.topic is not None and game.withdrawn(seat)
    total = game.total(seat)
    high = max(game.total(s) for s in range(game.players)) if game.topic is not None else 0
    leading = game.topic is not None and total == high and total > 0 and not withdrawn
    to_move = game.to_move == seat
    state = (
        # Translators: a seat's state in the debate under way, beside its bid.
        pgettext("debate", "to act") if to_move and in_debate
        else pgettext("debate", "withdrew") if withdrawn and in_debate
        else pgettext("debate", "leads") if leading and in_debate
        else ""
    )  # fmt: skip
    css = classes(
        "seat-board",
        f"colour-{model.colours[seat]}",
        own and "own",
        own
        and game.to_move == seat
        and game.decision == "debate"
        and model.screen != "replay"
        and "hand-below",
        to_move and "to-move",
        withdrawn and in_debate and "withdrawn",
        leading and "leading",
    )
    online = model.online
    away_mark = None
    if online is not None and seat in away(online):
        # Translators: marks the seat of a player whose device left an online table.
        away_mark = _("away: a computer plays") if seat in online.device.stand_ins else _("away")
    hand = tuple(hand_list(game.hand(seat)))
    proposed = tuple(game.proposed(seat))
    passed = tuple(game.passed(seat))
    discards = tuple(hand_list(game.discards(seat)))
    in_play = tuple(game.in_play(seat))
    explained = model.explain if (model.explain or "").startswith(f"risk:{seat}:") else None
    facts = SeatFacts(
        seat=seat,
        name=game.names[seat],
        colour=seat_colour(model, seat),
        css=css,
        occupant=OCCUPANT_LABELS[occupant],
        said=_said(model, seat),
        away=away_mark,
        opener=game.opener == seat,
        to_move=to_move,
        veto=game.veto == seat,
        lead=seat in leaders(game) and any(score[0] for score in game.scores()),
        score=game.scores()[seat],
        hand=hand,
        hand_marks=fresh_marks(fresh, seat_place(seat, "hand"), [f"card-{c}" for c in hand]),
        proposed=proposed,
        proposed_marks=fresh_marks(
            fresh, seat_place(seat, "proposed"), [f"token-{k}" for k in proposed]
        ),
        at_risk=at_risk(game, seat),
        explained=explained,
        passed=passed,
        passed_marks=fresh_marks(fresh, seat_place(seat, "passed"), [f"token-{k}" for k in passed]),
        discards=discards,
        discard_marks=fresh_marks(
            fresh, seat_place(seat, "discards"), [f"card-{c}" for c in discards]
        ),
        in_play=in_play,
        play_marks=fresh_marks(fresh, seat_place(seat, "play"), [f"card-{c}" for c in in_play]),
        debating=game.topic is not None,
        total=total,
        withdrawn=withdrawn,
        leading=leading,
        state=state,
        language=wording(),
    )
    return _draw_seat(facts)


@lru_cache(maxsize=32)
def _draw_seat(facts: SeatFacts) -> Markup:
    """A seat's board from its facts: several seats, a few positions back, are kept."""
    seat = facts.seat
    cards = facts.hand
    return h(
        "article",
        {"class": facts.css, "data-seat": seat, "aria-label": facts.name},
        h(
            "header",
            {"class": "seat-head"},
            colour_badge(facts.colour, seat, facts.name),
            # The line said sits in the occupant's place, so the seat keeps its height.
            h("span", {"class": "said", "role": "status"}, facts.said)
            if facts.said
            else h("span", {"class": "seat-occupant"}, facts.occupant),
            h(
                "span",
                {"class": "marks"},
                # Translators: marks the senator who opened (or opens) the debate.
                facts.opener and h("span", {"class": "mark mark-opener"}, _("opener")),
                facts.to_move
                and h("span", {"class": "mark mark-turn"}, pgettext("debate", "to act")),
            ),
            facts.away and h("span", {"class": "mark mark-away"}, facts.away),
            _seat_score(facts.score, facts.lead),
            h(
                "span",
                {"class": "veto-spot", "data-place": seat_place(seat, "veto")},
                facts.veto
                and h(
                    "button",
                    {
                        "type": "button",
                        "class": "piece veto-held",
                        "data-what": "veto",
                        "data-msg": "explain",
                        "data-value": "veto",
                        "aria-label": _("{name} holds the veto: what does it do?").format(
                            name=facts.name
                        ),
                    },
                    icon("veto", _("veto"), "icon"),
                ),
            ),
        ),
        keyed(
            h(
                "div",
                {"class": "seat-hand"},
                h(
                    "span",
                    {"class": "label"},
                    # Translators: a seat's hand, with the number of cards in it.
                    ngettext("Hand {n}", "Hand {n}", len(cards)).format(n=len(cards)),
                ),
                placed_cards(cards, seat_place(seat, "hand"), "mini", facts.hand_marks),
            )
        ),
        keyed(
            h(
                "div",
                {"class": "seat-tokens"},
                h("span", {"class": "label"}, _("Proposed")),
                placed_tokens(
                    facts.proposed,
                    seat_place(seat, "proposed"),
                    facts.proposed_marks,
                    seat,
                    facts.at_risk,
                    facts.explained,
                ),
                h("span", {"class": "label"}, _("Passed")),
                placed_tokens(facts.passed, seat_place(seat, "passed"), facts.passed_marks),
            )
        ),
        keyed(
            h(
                "div",
                {"class": "seat-discards"},
                h("span", {"class": "label"}, _("Discards")),
                placed_cards(
                    facts.discards, seat_place(seat, "discards"), "mini", facts.discard_marks
                ),
            )
        ),
        h(
            "div",
            {
                "class": classes(
                    "bid", facts.leading and "bid-leading", facts.withdrawn and "bid-withdrawn"
                ),
                "data-withdrawn": str(facts.withdrawn).lower() if facts.debating else None,
            },
            placed_cards(facts.in_play, seat_place(seat, "play"), "small", facts.play_marks),
            h(
                "span",
                {"class": "bid-total"},
                facts.debating
                # Translators: read before a seat's total in the debate.
                and h("span", {"class": "sr"}, pgettext("debate", "bid"), " "),
                str(facts.total) if facts.debating else "",
            ),
            facts.state and h("span", {"class": "bid-state"}, facts.state),
        ),
    )


def tokens_text(n: int) -> str:
    return ngettext("{n} token", "{n} tokens", n).format(n=n)


def imperium_text(n: int) -> str:
    # Translators: the number of Imperium tokens a senator has.
    return ngettext("{n} Imperium", "{n} Imperium", n).format(n=n)


def passed_text(n: int) -> str:
    # Translators: the number of tokens a senator has passed into law.
    return ngettext("{n} passed", "{n} passed", n).format(n=n)


def _seat_score(score: tuple[int, int, int], lead: bool) -> Markup:
    tokens, imperium, passed = score
    return h(
        "span",
        {"class": classes("seat-score", lead and "lead")},
        # Translators: read for the crown of the senator leading the game.
        lead and h("span", {"class": "crown", "aria-label": pgettext("game", "leads")}, "♛ "),
        tokens_text(tokens),
        h("span", {"class": "sr"}, ", ", imperium_text(imperium), ", ", passed_text(passed)),
    )


def seating(model: Model, game: Game) -> tuple[list[int], int | None]:
    """The seats drawn around the table, and the one drawn at the bottom: with one
    human at the table, that human sits at the bottom; otherwise every seat keeps its
    place around the table."""
    people = humans(model.occupants, game.players)
    if len(people) == 1:
        own = people[0]
        return [s for s in range(game.players) if s != own], own
    return list(range(game.players)), None


# --------------------------------------------------------------------------- the middle


def event_card(model: Model, game: Game) -> Markup:
    """The round's event card face up on the table (or the place where none lies);
    a tap explains it."""
    event = game.event
    return h(
        "button",
        {
            "type": "button",
            "class": classes("event-card", not event and "no-event"),
            "data-msg": "explain",
            "data-value": "event",
            "data-place": EVENT,
            "aria-expanded": "true" if model.explain == "event" else "false",
        },
        art.card_frame(),
        h("span", {"class": "event-label"}, _("Event")),
        event and icon(event, EVENT_NAMES[event], "icon icon-event"),
        h(
            "span",
            {"class": "event-name", "aria-hidden": "true" if event else None},
            # Translators: in place of the event card's name, when no event is in force.
            printed_name(EVENT_NAMES[event]) if event else pgettext("event", "none"),
        ),
    )


def printed_name(name: str) -> str:
    """An event's name as its small card prints it: the Latin, without the meaning a
    language adds in brackets ("Ludi Gladiatorum (Игры гладиаторов)"); the icon's
    label and the card's explanation say the whole name."""
    return name.split(" (", 1)[0]


def topic_zone(model: Model, game: Game, fresh: Fresh) -> Markup:
    topic = game.topic
    names = game.names
    if topic is None:
        over = game.decision == "over"
        return h(
            "div",
            {"class": "topic-zone between", "data-place": TOPIC},
            h(
                "div",
                {"class": "topic-text"},
                h(
                    "p",
                    {"class": "topic-title"},
                    _("The game is over") if over else _("Between debates"),
                ),
                h(
                    "p",
                    {"class": "hint"},
                    _outcome(model, game)
                    if over
                    else phrase(
                        _("{seat} opens the next debate."),
                        seat=seat_badge(model, game.opener, names),
                    ),
                ),
            ),
            event_card(model, game),
        )
    new = fresh.mark(TOPIC, f"token-{topic}")
    return h(
        "div",
        {"class": "topic-zone", "data-place": TOPIC},
        h(
            "span",
            {"class": classes("piece topic-token", new and "fresh"), "data-what": f"token-{topic}"},
            kind_icon(topic, "icon icon-topic"),
        ),
        h(
            "div",
            {"class": "topic-text"},
            h("p", {"class": "topic-title"}, _("Debating: {kind}").format(kind=KIND_NAMES[topic])),
            h(
                "p",
                {"class": "hint"},
                phrase(_("Opened by {seat}."), seat=seat_badge(model, game.opener, names)),
                " ",
                # Said to every player: whose power it is comes first.
                _("Winner's power: {power}").format(power=power_text(topic, game.variants))
                if topic not in ("imperium", "consul")
                else power_text(topic, game.variants),
            ),
        ),
        event_card(model, game),
    )


def _outcome(model: Model, game: Game) -> Markup:
    """Who won, on the table when the game is over."""
    badges = [seat_badge(model, s, game.names) for s in game.winners()]
    if len(badges) == 1:
        return phrase(_("{seat} wins."), seat=badges[0])
    # Translators: {seats} are the winners' names, side by side.
    return phrase(_("{seats} share the victory."), seats=Markup(" ".join(badges)))


def docket_row(model: Model, game: Game, fresh: Fresh) -> Markup:
    """The docket as tokens on the table, each kind once with its count; a tap explains it."""
    kinds = list(dict.fromkeys(game.docket))
    items = []
    for kind in kinds:
        count = game.docket.count(kind)
        place = docket(kind)
        marks = [fresh.mark(place, f"token-{kind}") for _copy in range(count)]
        key = f"kind:{kind}"
        items.append(
            h(
                "li",
                {"class": "docket-slot", "data-place": place},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": classes(
                            "piece medallion", f"token-{kind}", any(marks) and "fresh"
                        ),
                        "data-what": f"token-{kind}",
                        "data-msg": "explain",
                        "data-value": key,
                        "data-kind": kind,
                        "aria-expanded": "true" if model.explain == key else "false",
                    },
                    kind_icon(kind, "icon icon-medallion"),
                    h(
                        "span",
                        {"class": "medallion-name"},
                        KIND_NAMES[kind],
                        count > 1 and h("span", {"class": "count"}, f" ×{count}"),
                    ),
                    count > 1
                    and h("span", {"class": "docket-count", "aria-hidden": "true"}, f"×{count}"),
                ),
            )
        )
    consul_key = "kind:consul"
    for _consul in range(game.consuls_up):
        items.append(
            h(
                "li",
                {"class": "docket-slot", "data-place": docket("consul")},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "piece medallion token-consul",
                        "data-what": "token-consul",
                        "data-msg": "explain",
                        "data-value": consul_key,
                        "data-kind": "consul",
                        "aria-expanded": "true" if model.explain == consul_key else "false",
                    },
                    icon("consul", _("Consul"), "icon icon-medallion"),
                    h("span", {"class": "medallion-name"}, _("Consul")),
                ),
            )
        )
    return h(
        "section",
        {"class": "docket", "aria-label": _("The docket")},
        h("h2", None, _("Docket")),
        h(
            "ul",
            {"class": "medallions"},
            items or h("li", {"class": "empty"}, _("The docket is empty.")),
        ),
    )


def explanation(model: Model, game: Game, deciding: bool = False) -> Markup | None:
    """The explanation of the piece the player tapped, shown on the table itself; while
    the player chooses the topic, a token of the docket offers to open its debate."""
    key = model.explain
    if not key:
        return None
    text: list[object] = []
    choose: Markup | None = None
    if key.startswith("kind:"):
        kind = key[5:]
        if kind not in KIND_NAMES:
            return None
        against = conflicts_with(kind) if kind != "consul" else ()
        text = [
            h("strong", None, KIND_NAMES[kind]),
            ": ",
            power_text(kind, game.variants),
            " ",
            (
                _("Conflicts with {kinds}.").format(
                    kinds=and_list([KIND_NAMES[k] for k in against])
                )
                if against
                else _("Conflicts with nothing.")
                if kind != "consul"
                else ""
            ),
        ]
        topic = f"topic {kind}"
        if deciding and game.decision == "topic" and topic in map(str, game.legal_actions()):
            choose = h(
                "button",
                {"type": "button", "class": "primary", "data-action": topic},
                # Translators: a button under a docket token's explanation, while the
                # player chooses the topic; {kind} is the token, such as "War".
                _("Debate {kind}").format(kind=KIND_NAMES[kind]),
            )
    elif key == "event":
        event = game.event
        text = (
            [h("strong", None, EVENT_NAMES[event]), ": ", event_effect(event, game.variants)]
            if event
            else [_("No event card is in force this round.")]
        )
    elif key == "veto":
        holder = game.veto
        text = [
            phrase(
                _(
                    "{veto}: its holder may refuse a token another senator gives them; the "
                    "token goes back to the forum and the veto to the centre. Winning Taxes "
                    "takes it."
                ),
                veto=h("strong", None, _("The veto")),
            ),
            " ",
            _("It lies in the centre now.")
            if holder is None
            else h(
                "span",
                None,
                phrase(_("{seat} holds it now."), seat=seat_badge(model, holder, game.names)),
            ),
        ]
    elif key.startswith("risk:"):
        seat_text, kind = key.split(":", 2)[1:]
        if not seat_text.isdigit() or int(seat_text) >= game.players or kind not in KIND_NAMES:
            return None
        seat = int(seat_text)
        by = threats(game, seat).get(kind, ())
        text = [
            phrase(
                _(
                    "{risk}: if {threats} comes to {seat}, it goes back to the forum, and every "
                    "{kind} of theirs with it. Passing {kind} into law (with a consul) makes it "
                    "safe."
                ),
                risk=h("strong", None, _("{kind} is at risk").format(kind=KIND_NAMES[kind])),
                threats=or_list([KIND_NAMES[k] for k in by]) or _("a conflicting token"),
                seat=seat_badge(model, seat, game.names),
                kind=KIND_NAMES[kind],
            )
        ]
    else:
        return None
    return h(
        "div",
        {"class": "explain", "role": "note"},
        h("p", None, text),
        choose,
        h("button", {"type": "button", "data-msg": "explain", "data-value": key}, _("Close")),
    )


DEBATE_MOVES = ("bid", "assassin", "withdrawn")


def said_lines(model: Model, game: Game) -> list[Markup]:
    """What the last action did, a sentence for each line of the log it wrote."""
    said = [w for e in just_happened(model) if (w := describe(e)) is not None]
    return [sentence(model, w, game.names) for w in said]


def last_move(model: Model, game: Game) -> Markup | None:
    """What the last action did, in words, kept on the table until the next one.
    When all of it is plays in the debate under way, the debate's list (shown beside
    the topic on wide screens) already holds it, marked: there it is not said twice."""
    lines = said_lines(model, game)
    if not lines:
        return None
    fresh = just_happened(model)
    echoed = game.topic is not None and all(e.id in DEBATE_MOVES for e in fresh)
    return h(
        "div",
        {"class": classes("last-move", echoed and "echoed"), "aria-label": _("Last move")},
        h("ul", None, [h("li", None, line) for line in lines[-6:]]),
    )


def debate_moves(model: Model, game: Game) -> Markup | None:
    """The current debate's plays so far, kept on the table until the debate ends;
    those of the last action marked."""
    if game.topic is None:
        return None
    log = log_of(game)
    news = news_from(model)
    start = max(i for i, e in enumerate(log) if e.id == "topic_chosen")
    rows = []
    for index in range(start + 1, len(log)):
        event = log[index]
        if event.id in DEBATE_MOVES:
            words = describe(event)
            if words is not None:
                just_now = news is not None and index >= news
                rows.append(
                    h("li", {"class": "just-now" if just_now else None},
                      sentence(model, words, game.names))
                )  # fmt: skip
    if not rows:
        return None
    return h("ol", {"class": "debate-moves", "aria-label": _("This debate so far")}, rows)


def round_summary(model: Model, game: Game) -> Markup | None:
    """The standings after a round, kept until the next debate starts."""
    log = log_of(game)
    ended = [i for i, e in enumerate(log) if e.id == "round_end"]
    if not ended:
        return None
    last = ended[-1]
    if any(e.id == "topic_chosen" for e in log[last:]):
        return None
    event = log[last]
    scores = event.args["scores"]
    return h(
        "table",
        {"class": "round-summary"},
        h("caption", None, _("After round {round}").format(round=event.args["round"])),
        # Numbers under the scoreboard's headings: the counts with their words ("0
        # имперских фишек") broke over two lines in a phone's column.
        score_head(),
        h(
            "tbody",
            None,
            [
                h(
                    "tr",
                    None,
                    h("th", {"scope": "row"}, seat_badge(model, s, game.names)),
                    [h("td", None, str(count)) for count in scores[s]],
                )
                for s in range(game.players)
            ],
        ),
    )


def turn_banner(model: Model, game: Game) -> Markup | None:
    """ "Your turn" when play comes back to a human from someone else."""
    seat = game.to_move
    last = mover(model)
    if seat is None or model.occupants[seat] != HUMAN or last == seat or last is None:
        return None
    if model.alert == "stale":
        return None  # another tab plays this game on
    people = humans(model.occupants, game.players)
    text = (
        _("Your turn") if len(people) == 1 else _("{name}, your turn").format(name=game.names[seat])
    )
    return h(
        "p",
        {"class": f"turn-banner colour-{model.colours[seat]}", "role": "status"},
        text,
    )


def centre(model: Model, game: Game, fresh: Fresh, deciding: bool = False) -> Markup:
    """The middle of the table. `deciding`: the person's decision is on screen, so an
    explained token of the docket can be chosen as the topic from there."""
    return h(
        "div",
        {"class": "centre"},
        keyed(topic_zone(model, game, fresh)),
        slot("ol", debate_moves(model, game)),
        slot("div", last_move(model, game)),
        slot("table", round_summary(model, game)),
        slot("div", explanation(model, game, deciding)),
        keyed(docket_row(model, game, fresh)),
    )
