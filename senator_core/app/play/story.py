"""What a round did, read from the game's log: the tokens each senator gained, what
each passed into law, each conflict and what it cancelled, the scores at its end and the event that
rules the next one. The table shows it when a round ends (`view_story`), and the
end screen tells the whole game the same way, round by round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...events import Event
from ...game import Game
from ...i18n import _, ngettext
from ..derived import forced_to_move, humans, just_happened, log_of, turns_for
from ..model import Model
from ..ui.html import Markup, h
from ..ui.pieces import icon, phrase, seat_badge
from ..ui.text import EVENT_EFFECTS, EVENT_NAMES, KIND_NAMES, and_list
from .scoreboard import score_head


@dataclass(frozen=True)
class Clash:
    """A conflict (R30): `giver` handed `kind` to `seat` (the seat itself when it kept
    the token or took it with Trade), which sent it and `lost` back to the forum."""

    giver: int
    seat: int
    kind: str
    lost: tuple[str, ...]


@dataclass(frozen=True)
class Changes:
    """What a stretch of the game did to the senators' tokens."""

    passed: tuple[tuple[int, tuple[str, ...]], ...]  # (seat, kinds passed), in order
    clashes: tuple[Clash, ...]
    # By seat, the tokens that joined its proposed tokens and stayed there when they
    # came (a token a conflict sent back is told among the clashes; an Imperium kept
    # is told among the laws passed).
    gained: tuple[tuple[str, ...], ...]
    vetoed: tuple[tuple[int, str], ...] = ()  # (seat, kind) refused with the veto (R49)

    def __bool__(self) -> bool:
        return bool(self.passed or self.clashes or any(self.gained) or self.vetoed)


@dataclass(frozen=True)
class RoundStory:
    number: int
    changes: Changes
    scores: tuple[tuple[int, int, int], ...]  # by seat: tokens, Imperium, passed
    next_event: str  # the event in force in the next round ("" after the last, or none)


class _Tally:
    """What the log's lines did to the tokens, line by line."""

    def __init__(self, players: int) -> None:
        self.passed: list[tuple[int, tuple[str, ...]]] = []
        self.clashes: list[Clash] = []
        self.gained: list[list[str]] = [[] for _ in range(players)]
        self.vetoed: list[tuple[int, str]] = []
        self.giver = -1

    def read(self, eid: str, args: dict[str, Any]) -> None:
        if eid == "imperium_passed":
            self.passed.append((args["seat"], ("imperium",)))
        elif eid == "token_proposed":
            self.gained[args["seat"]].append(args["kind"])
        elif eid == "consul_passed" and args["kinds"]:
            self.passed.append((args["seat"], tuple(args["kinds"])))
        elif eid == "token_given" or eid == "token_taken":
            self.giver = args["seat"]
        elif eid == "vetoed":
            self.vetoed.append((args["seat"], args["kind"]))
        elif eid == "conflict":
            seat, giver = args["seat"], self.giver
            lost = tuple(args["lost"])
            self.clashes.append(Clash(giver if giver >= 0 else seat, seat, args["kind"], lost))

    def changes(self) -> Changes:
        won = tuple(tuple(kinds) for kinds in self.gained)
        return Changes(tuple(self.passed), tuple(self.clashes), won, tuple(self.vetoed))


def round_stories(game: Game) -> list[RoundStory]:
    """The story of every round that has ended, in order, from one pass over the log."""
    stories: list[RoundStory] = []
    current = 0
    tally = _Tally(game.players)
    for eid, args in log_of(game):
        if eid == "round_start":
            current, tally = args["round"], _Tally(game.players)
        elif eid == "event_revealed" and stories and stories[-1].number == args["round"] - 1:
            stories[-1] = replace(stories[-1], next_event=args["event"])
        elif eid == "round_end":
            scores = tuple((s[0], s[1], s[2]) for s in args["scores"])
            stories.append(RoundStory(current, tally.changes(), scores, ""))
        else:
            tally.read(eid, args)
    return stories


def changes_in(events: Sequence[Event], players: int) -> Changes:
    """What these lines of the log did to the senators' tokens."""
    tally = _Tally(players)
    for eid, args in events:
        tally.read(eid, args)
    return tally.changes()


def round_story(game: Game, number: int) -> RoundStory | None:
    """Round `number`'s story, once the round has ended; None before."""
    return next((s for s in round_stories(game) if s.number == number), None)


# What a move can do to a person that the table holds until they have seen it: an
# Assassin that sent their cards in play to the discards, War's power that made them
# discard a card, a token of theirs cancelled by one given to them.
BLOWS = ("assassinated", "card_named", "conflict")


def hits(events: Sequence[Event], seat: int) -> bool:
    """Whether these lines of the log tell of a blow to `seat` (see `BLOWS`)."""
    for event in events:
        args = event.args
        if event.id == "assassinated" and args["seat"] != seat and args["discarded"][seat]:
            return True
        if event.id == "card_named" and args["discarded"][seat]:
            return True
        if event.id == "conflict" and args["seat"] == seat:
            return True
    return False


def _held(css: str, title: str, body: Markup | list[Markup]) -> Markup:
    """What the table holds where the decision stands until the person goes on."""
    return h(
        "section",
        {"class": f"decision {css}", "id": "decision", "aria-label": title, "tabindex": -1},
        h("header", {"class": "decision-head"}, h("h2", None, title)),
        body,
        h(
            "div",
            {"class": "choices"},
            h("button", {"type": "button", "class": "primary", "data-msg": "go-on"}, _("Go on")),
        ),
    )


def view_hit(lines: list[Markup]) -> Markup:
    """What a computer's move did to the person, held where the decision stands until
    they go on: the move's lines, marked."""
    return _held(
        "hit-held",
        _("What the last move did to you"),
        h("ul", {"class": "hit-lines", "role": "status"}, [h("li", None, line) for line in lines]),
    )


# Moves by others since the person's own last decision, at least, for the table to
# tell what changed before it asks for the next one.
CATCH_UP = 8


def catch_up(model: Model) -> tuple[int, Changes] | None:
    """What changed while the one person playing against the computers waited: the
    moves others made since their own last decision (in this round: a round's end told
    its own story), when there were `CATCH_UP` or more, and what those moves did to the
    tokens; None when there is nothing to tell, or it was told (`Model.caught`)."""
    game = model.game
    if game is None or model.screen != "game" or game.to_move is None or model.story:
        return None
    if model.online is not None or model.days is not None or model.lesson is not None:
        return None
    people = humans(model.occupants, game.players)
    if model.hit or people != [game.to_move] or model.caught >= game.moves:
        return None
    if forced_to_move(model) is not None:
        return None  # no decision: the move is made for them
    turns = turns_for(model)
    own = [i for i, t in enumerate(turns) if t.seat == people[0] and not (t.auto or t.forced)]
    if not own:
        return None  # the person's first decision: nothing happened while they waited
    log = log_of(game)
    begun = max((i for i, e in enumerate(log) if e.id == "round_start"), default=0)
    since = [t for t in turns[own[-1] + 1 :] if t.log_start >= begun]
    if len(since) < CATCH_UP:
        return None
    return len(since), changes_in(log[since[0].log_start :], game.players)


def view_catch_up(model: Model, game: Game, moves: int, changes: Changes) -> Markup:
    """What changed while the person waited, held where the decision stands until they
    go on."""
    said = ngettext("While you waited: {n} move", "While you waited: {n} moves", moves)
    return _held(
        "catch-up",
        said.format(n=moves),
        story_body(model, game, changes, whole=False)
        if changes
        else h("p", {"class": "story-none"}, _("No senator gained or lost a token.")),
    )


def ended_round(model: Model) -> int:
    """The round the last action ended, if the game goes on (else 0)."""
    game = model.game
    if game is None or game.decision == "over":
        return 0
    ended = [e[1]["round"] for e in just_happened(model) if e[0] == "round_end"]
    return ended[-1] if ended else 0


def _kinds(kinds: tuple[str, ...]) -> Markup:
    items: list[object] = []
    for k in kinds:
        if items:
            items.append(", ")  # a place to wrap between tokens on a narrow screen
        items.append(
            h("span", {"class": "story-kind"}, icon(k, "", "icon icon-inline"), KIND_NAMES[k])
        )
    return h("span", {"class": "story-kinds"}, items)


def clash_line(model: Model, game: Game, clash: Clash) -> Markup:
    names = game.names
    seat = seat_badge(model, clash.seat, names)
    lost = and_list([KIND_NAMES[k] for k in clash.lost])
    if clash.giver == clash.seat:
        return phrase(
            # Translators: a conflict (R30) a senator brought on their own tokens.
            _("{seat} took {kind}: it cancelled their own {lost}, and all went back to the forum"),
            seat=seat,
            kind=KIND_NAMES[clash.kind],
            lost=lost,
        )
    return phrase(
        # Translators: a conflict (R30): {giver} awarded {kind} to {seat}.
        _(
            "{giver} gave {kind} to {seat}: it cancelled their {lost}, and all went back"
            " to the forum"
        ),
        giver=seat_badge(model, clash.giver, names),
        kind=KIND_NAMES[clash.kind],
        seat=seat,
        lost=lost,
    )


def story_body(model: Model, game: Game, story: Changes, whole: bool = True) -> list[Markup]:
    """A round, or another stretch of the game, told in lines: the tokens each senator
    gained, what each passed into law, then each conflict. Of a `whole` round, it says
    so when nothing was passed into law."""
    names = game.names

    def line(css: str, said: str, seat: int, kinds: tuple[str, ...]) -> Markup:
        return h(
            "li",
            {"class": css},
            phrase(said, seat=seat_badge(model, seat, names), kinds=_kinds(kinds)),
        )

    gained = [
        # Translators: the tokens a senator gained in a round, such as "War, Trade".
        line("story-gained", _("{seat} gained {kinds}"), s, k)
        for s, k in enumerate(story.gained)
        if k
    ]
    passed = [
        line("story-passed", _("{seat} passed {kinds} into law"), s, k) for s, k in story.passed
    ]
    vetoed = [
        # Translators: a senator refused the token given to them with the veto (R49).
        line("story-vetoed", _("{seat} refused {kinds} with the veto"), s, (k,))
        for s, k in story.vetoed
    ]
    clashes = [h("li", {"class": "story-clash"}, clash_line(model, game, c)) for c in story.clashes]
    return [
        h(
            "ul",
            {"class": "story-lines"},
            gained,
            passed
            or (whole and h("li", {"class": "story-passed"}, _("Nothing was passed into law."))),
            vetoed,
            clashes,
        )
    ]


def view_story(model: Model, game: Game, story: RoundStory) -> Markup:
    """The summary the table holds at a round's end, until the player goes on."""
    names = game.names
    ranked = sorted(range(game.players), key=lambda s: (-story.scores[s][0], s))
    return h(
        "section",
        {
            "class": "decision round-story",
            "id": "decision",
            "aria-label": _("Round {n} is over").format(n=story.number),
            "tabindex": -1,
            # It comes in once the round's last pieces have landed: a token's flight,
            # and a cancelled one's after it.
            "style": f"--land: {2 * model.setup.pace.flight_ms}ms",
        },
        h(
            "header",
            {"class": "decision-head"},
            h("h2", None, _("Round {n} is over").format(n=story.number)),
        ),
        story_body(model, game, story.changes),
        h(
            "table",
            {"class": "story-scores"},
            score_head(),
            h(
                "tbody",
                None,
                [
                    h(
                        "tr",
                        None,
                        h("th", {"scope": "row"}, seat_badge(model, s, names)),
                        [h("td", None, str(v)) for v in story.scores[s]],
                    )
                    for s in ranked
                ],
            ),
        ),
        story.next_event
        and h(
            "p",
            {"class": "story-event"},
            phrase(
                _("Round {n}: {event} is in force. {effect}"),
                n=str(story.number + 1),
                event=h("strong", None, EVENT_NAMES[story.next_event]),
                effect=EVENT_EFFECTS[story.next_event],
            ),
        ),
        h(
            "div",
            {"class": "choices"},
            h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "go-on"},
                _("On to round {n}").format(n=story.number + 1),
            ),
        ),
    )


def game_story(model: Model, game: Game) -> Markup | None:
    """The end screen's account of the game: each round's laws and conflicts."""
    rounds = round_stories(game)
    if not rounds:
        return None
    return h(
        "section",
        {"class": "game-story", "aria-label": _("How the game went")},
        h("h2", None, _("How the game went")),
        [
            h(
                "div",
                {"class": "story-round"},
                h("h3", None, _("Round {n}").format(n=s.number)),
                story_body(model, game, s.changes),
            )
            for s in rounds
        ],
    )
