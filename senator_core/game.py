"""The rules engine: one game of Senator as a single mutable state (docs/rules.md R1-R57)."""

from __future__ import annotations

import json
import secrets
from dataclasses import replace
from typing import Any

from .actions import (
    ACCEPT as V_ACCEPT,
)
from .actions import (
    ASSASSIN as V_ASSASSIN,
)
from .actions import (
    DISCARD as V_DISCARD,
)
from .actions import (
    FLIP as V_FLIP,
)
from .actions import (
    GIVE as V_GIVE,
)
from .actions import (
    NAME as V_NAME,
)
from .actions import (
    PLAY as V_PLAY,
)
from .actions import (
    RECLAIM as V_RECLAIM,
)
from .actions import (
    SKIP as V_SKIP,
)
from .actions import (
    TAKE as V_TAKE,
)
from .actions import (
    TAKE_VETO as V_TAKE_VETO,
)
from .actions import (
    TOPIC as V_TOPIC,
)
from .actions import (
    VETO as V_VETO,
)
from .actions import (
    WITHDRAW as V_WITHDRAW,
)
from .actions import Action, ForbiddenActionError, IllegalActionError, parse_action
from .bids import BidProblem
from .config import GameConfig, Variants
from .events import Event
from .reasons import LoadProblem, Refusal
from .rng import draw, seed_state
from .rules import (
    ASSASSIN,
    AWARD,
    CARDS,
    CONFLICTS,
    CONSUL,
    CONSUL_NAME,
    CONSULS,
    DEBATE,
    DOCKET_SIZE,
    EVENT_INDEX,
    EVENTS,
    HAND,
    HANNIBAL,
    IMPERATOR,
    IMPERIUM,
    INCURSIO_BARBARA,
    KIND_INDEX,
    KINDS,
    LUDI_CARD_CAP,
    LUDI_GLADIATORUM,
    OVER,
    POWER,
    PUBLIC_WORKS,
    REBELLION,
    ROUNDS,
    SOCIALIS_BELLUM,
    SOCIALIS_BELLUM_DRAWS,
    SPARTACUS,
    SPARTACUS_MINIMUM,
    TAXES,
    TOKENS_PER_KIND,
    TOPIC,
    TRADE,
    VETO,
    WAR,
    Decision,
)

SAVE_FORMAT = "senator-game"
SAVE_VERSION = 1
ALL_EVENTS = (1 << len(EVENTS)) - 1
INFLUENCE_CARDS = sum(HAND[:ASSASSIN])  # 6: the most cards one play can hold
_new_event = tuple.__new__  # Event(id, args) without a Python-level call

# Reused actions: legal-action lists are built from these, never from new objects.
_TOPICS = tuple(Action(V_TOPIC, k) for k in range(len(KINDS)))
_TOPIC_CONSUL = Action(V_TOPIC, CONSUL)
_WITHDRAW = Action(V_WITHDRAW)
_ASSASSIN = Action(V_ASSASSIN)
_RECLAIMS = tuple(Action(V_RECLAIM, c) for c in range(len(CARDS)))
_DISCARDS = tuple(Action(V_DISCARD, k) for k in range(len(KINDS)))
_TAKES = tuple(Action(V_TAKE, k) for k in range(len(KINDS)))
_NAMES = tuple(Action(V_NAME, c) for c in range(len(CARDS)))
_FLIP = Action(V_FLIP)
_TAKE_VETO = Action(V_TAKE_VETO)
_SKIP = Action(V_SKIP)
_VETO_ACTIONS = [Action(V_VETO), Action(V_ACCEPT)]
_GIVES = {n: [Action(V_GIVE, s) for s in range(n)] for n in DOCKET_SIZE}

# Every multiset of influence cards a hand can hold, with its Action for play
# and for the Assassin played with cards (Spartacus, two_cards).
_COMBOS: list[tuple[int, int, int]] = sorted(
    ((a, b, c) for a in range(HAND[0] + 1) for b in range(HAND[1] + 1) for c in range(HAND[2] + 1)),
    key=lambda k: (k[0] + 2 * k[1] + 5 * k[2], k[0] + k[1] + k[2], k),
)[1:]
_PLAYS = {k: Action(V_PLAY, -1, k) for k in _COMBOS}
_ASSASSIN_WITH = {k: Action(V_ASSASSIN, -1, k) for k in _COMBOS}
_debate_cache: dict[tuple[int, ...], list[Action]] = {}
# How the Assassin may be played in a position (R22, R45, R46).
_NO_ASSASSIN, _BARE_ASSASSIN, _ASSASSIN_WITH_CARDS = range(3)

_DECISION_VERBS = {
    TOPIC: {V_TOPIC},
    DEBATE: {V_PLAY, V_ASSASSIN, V_WITHDRAW},
    POWER: {V_RECLAIM, V_DISCARD, V_FLIP, V_TAKE_VETO, V_TAKE, V_NAME, V_SKIP},
    AWARD: {V_GIVE},
    VETO: {V_VETO, V_ACCEPT},
}
_POWER_VERBS = {
    PUBLIC_WORKS: {V_RECLAIM},
    REBELLION: {V_DISCARD, V_FLIP},
    TAXES: {V_TAKE_VETO},
    TRADE: {V_TAKE},
    WAR: {V_NAME},
    IMPERIUM: set(),
}
# The rules a refused bid cites where they are not its BidProblem's own: the Assassin
# is R22's, whatever took it from the hand, and cards go with it under R46 alone.
_BID_RULES: dict[str, tuple[str, ...]] = {
    "assassin_spent": ("R22",),
    "assassin_lost": ("R22",),
    "assassin_alone": ("R22", "R46"),
}
_POWER_RULES = {
    PUBLIC_WORKS: "R34",
    REBELLION: "R35",
    TAXES: "R36",
    TRADE: "R37",
    WAR: "R38",
}


def _debate_choices(
    h1: int, h2: int, h5: int, least: int, fewest: int, most: int, assassin: int
) -> list[Action]:
    """A debate turn's actions: plays from the hand worth at least `least` with
    `fewest` to `most` cards, the Assassin as allowed, and withdrawing (cached in
    _debate_cache; never mutate the list)."""
    key = (h1, h2, h5, least, fewest, most, assassin)
    found = _debate_cache.get(key)
    if found is None:
        held = [k for k in _COMBOS if k[0] <= h1 and k[1] <= h2 and k[2] <= h5]
        found = [
            _PLAYS[k]
            for k in held
            if k[0] + 2 * k[1] + 5 * k[2] >= least and fewest <= k[0] + k[1] + k[2] <= most
        ]
        if assassin == _BARE_ASSASSIN:
            found.append(_ASSASSIN)
        elif assassin == _ASSASSIN_WITH_CARDS:
            found.extend(_ASSASSIN_WITH[k] for k in held)
        found.append(_WITHDRAW)
        _debate_cache[key] = found
    return found


_CARD_LISTS: dict[tuple[int, ...], tuple[str, ...]] = {}


def _card_list(counts: list[int]) -> tuple[str, ...]:
    """The card names for counts of 1, 2, 5 and Assassin, ascending."""
    key = tuple(counts)
    found = _CARD_LISTS.get(key)
    if found is None:
        found = _CARD_LISTS[key] = tuple(
            CARDS[c] for c in range(len(CARDS)) for _ in range(counts[c])
        )
    return found


_SORTED_KINDS = sorted(range(len(KINDS)), key=lambda k: KINDS[k])


def _kind_list(counts: list[int]) -> list[str]:
    """The kind names for counts by kind, sorted by name, repeats kept."""
    return [KINDS[k] for k in _SORTED_KINDS for _ in range(counts[k])]


def _topic_name(topic: int) -> str:
    return CONSUL_NAME if topic == CONSUL else KINDS[topic]


class Game:
    """One game of Senator: the whole state, the decision pending, and `apply`.

    Create games with `new_game`. Hands, discards, cards in play and tokens are
    counts (flat lists indexed by seat); the forum and the event deck are
    multisets with no stored order, drawn from the game's own generator at the
    moment chance happens.

    The fields without a leading underscore are the position as the computer
    players read it (`bots/`), on their hot path, with no property between: they
    are READ-ONLY for everyone but the engine itself. Write a position only
    through `apply` (a test's rigged position aside). Indexes: a seat is 0 to
    `players - 1`; a card is 0 to 3 for 1, 2, 5 and the Assassin (`rules.CARDS`);
    a kind is 0 to 5 in `rules.KINDS` order (public_works, rebellion, taxes,
    trade, war, imperium); a topic is a kind or `rules.CONSUL` (6). "Per seat and
    card" lists hold 4 entries a seat, the seat's card c at `4 * seat + c`; "per
    seat and kind" lists hold 6 a seat, the seat's kind k at `6 * seat + k`. A seat
    or an index that is absent is -1. The fields with a leading underscore are the
    engine's own.
    """

    __slots__ = (
        "config",
        "players",
        "names",
        "_rng",
        "_draws",
        "_draw_pos",
        "_event_script",
        "_event_pos",
        "round",
        "event_index",
        "events_left_mask",
        "docket_counts",
        "forum_counts",
        "forum_size",
        "consuls_up",
        "veto_seat",
        "hand_counts",
        "discard_counts",
        "assassinated_counts",
        "in_play_counts",
        "total_by_seat",
        "leading_total",
        "cards_in_play_by_seat",
        "withdrawn_by_seat",
        "seats_in_debate",
        "proposed_counts",
        "passed_counts",
        "decision",
        "seat_to_move",
        "opener",
        "topic_index",
        "debate_winner_seat",
        "_legal",
        "_log",
        "_out",
        "_history",
        "moves",
        "_reseeds",
    )

    # ---- the table (fixed for the game)
    config: GameConfig  # the configuration, its seed filled in
    players: int  # how many seats: 3 to 5 (R1)
    names: tuple[str, ...]  # each seat's senator's name, by seat

    # ---- chance (the engine's own)
    _rng: int  # the generator's state (rng.py)
    _draws: tuple[int, ...]  # forum draws set in advance, as kinds
    _draw_pos: int  # how many of _draws are used
    _event_script: tuple[int, ...]  # event cards set in advance, as event indexes
    _event_pos: int  # how many of _event_script are used

    # ---- the round and the middle of the table
    round: int  # 1 to 3 (0 before the first begins)
    event_index: int  # the event in force this round, an index of rules.EVENTS; -1: none
    events_left_mask: int  # bit e set: event e (rules.EVENTS) is still in the event deck
    docket_counts: list[int]  # per kind: the agenda tokens in the docket
    forum_counts: list[int]  # per kind: the agenda tokens in the forum
    forum_size: int  # sum(forum_counts)
    consuls_up: int  # consul tokens face up: 0 to 2 (R6)
    veto_seat: int  # the seat holding the veto token; -1: it lies in the centre

    # ---- each senator's cards, per seat and card (4 * seat + card)
    hand_counts: list[int]  # the cards in hand
    discard_counts: list[int]  # the cards on the discard pile
    assassinated_counts: list[int]  # the part of discard_counts an Assassin put there
    in_play_counts: list[int]  # the cards in play in this debate

    # ---- the debate on the floor (reset after each debate)
    total_by_seat: list[int]  # per seat: the influence in play (R21)
    leading_total: int  # the total the last raise reached (the highest on the floor)
    cards_in_play_by_seat: list[int]  # per seat: how many cards it has in play, Assassin too
    withdrawn_by_seat: list[bool]  # per seat: withdrawn from this debate (R23)
    seats_in_debate: int  # how many seats have not withdrawn

    # ---- each senator's agenda tokens, per seat and kind (6 * seat + kind)
    proposed_counts: list[int]  # proposed, above the scroll (R26, R30)
    passed_counts: list[int]  # passed, below the scroll (R27)

    # ---- the decision pending
    decision: Decision  # "topic", "debate", "power", "award", "veto" or "over"
    seat_to_move: int  # the seat whose decision is pending; -1 when the game is over
    opener: int  # the opener of the debate until it is resolved, then of the next (R18)
    topic_index: int  # the debate's topic (a kind, or rules.CONSUL) until resolved; -1
    debate_winner_seat: int  # the debate's winner while its power/award/veto is pending; -1

    # ---- what happened (the engine's own, but `moves`)
    _legal: list[Action] | None  # the legal actions, cached; shared by clones, never mutated
    _log: tuple[Any, Event] | None  # every event as a linked list (previous, event), shared
    _out: list[Event]  # the events of the action being applied
    _history: tuple[Any, Action] | None  # every action as a linked list, shared
    moves: int  # how many actions have been applied
    _reseeds: tuple[tuple[int, int], ...]  # (moves, seed) each time chance was redrawn

    def __init__(self, config: GameConfig) -> None:
        if not isinstance(config, GameConfig):
            raise TypeError("Game needs a GameConfig")
        if config.seed is None:
            config = replace(config, seed=secrets.randbits(63))
        assert config.seed is not None
        n = config.players
        self.config = config
        self.players = n
        self.names = config.player_names()
        self._rng = seed_state(config.seed)
        self._draws = tuple(KIND_INDEX[k] for k in config.draws)
        self._draw_pos = 0
        self._event_script = tuple(EVENT_INDEX[e] for e in config.event_order)
        self._event_pos = 0
        self.round = 0
        self.event_index = -1
        self.events_left_mask = ALL_EVENTS if config.variants.events == "on" else 0
        self.docket_counts = [0] * len(KINDS)
        self.forum_counts = [TOKENS_PER_KIND] * len(KINDS)  # R11
        self.forum_size = TOKENS_PER_KIND * len(KINDS)
        self.consuls_up = CONSULS  # R13
        self.veto_seat = -1
        self.hand_counts = list(HAND) * n  # R10
        self.discard_counts = [0] * (4 * n)
        self.assassinated_counts = [0] * (4 * n)
        self.in_play_counts = [0] * (4 * n)
        self.total_by_seat = [0] * n
        self.leading_total = 0
        self.cards_in_play_by_seat = [0] * n
        self.withdrawn_by_seat = [False] * n
        self.seats_in_debate = n
        self.proposed_counts = [0] * (6 * n)
        self.passed_counts = [0] * (6 * n)
        self.decision = TOPIC
        self.seat_to_move = -1
        self.topic_index = -1
        self.debate_winner_seat = -1
        self._legal = None
        self._log = None
        self._out = []
        self._history = None
        self.moves = 0
        self._reseeds = ()
        if config.first_opener is None:
            self.opener = self._rand(n)  # R14
        else:
            self.opener = config.first_opener
        self._emit(
            "setup",
            {
                "players": n,
                "names": list(self.names),
                "first_opener": self.opener,
                "variants": config.variants.to_dict(),
            },
        )
        self._start_round(1)

    # ------------------------------------------------------------------ chance

    def _rand(self, n: int) -> int:
        value, self._rng = draw(self._rng, n)
        return value

    def _draw_token(self) -> int:
        """One agenda token from the forum: the script first, then at random (R9)."""
        forum = self.forum_counts
        if self._draw_pos < len(self._draws):
            kind = self._draws[self._draw_pos]
            self._draw_pos += 1
            # GameConfig allows at most 5 of a kind in a script and every draw
            # before this one was scripted, so the forum still holds this kind.
            assert forum[kind] > 0
        else:
            r = self._rand(self.forum_size)
            kind = 0
            while r >= forum[kind]:
                r -= forum[kind]
                kind += 1
        forum[kind] -= 1
        self.forum_size -= 1
        return kind

    def _draw_event(self) -> int:
        if self._event_pos < len(self._event_script):
            event = self._event_script[self._event_pos]
            self._event_pos += 1
        else:
            left = [e for e in range(len(EVENTS)) if self.events_left_mask >> e & 1]
            event = left[self._rand(len(left))]
        self.events_left_mask &= ~(1 << event)
        return event

    # ------------------------------------------------------------------ events

    def _emit(self, id: str, args: dict[str, Any]) -> None:
        event = _new_event(Event, (id, args))
        self._log = (self._log, event)
        self._out.append(event)

    # ------------------------------------------------------------------ rounds

    def _start_round(self, number: int) -> None:
        """Preparation (R15-R17), then a debate, or clean-up if nothing can be debated (R55)."""
        self.round = number
        self._emit("round_start", {"round": number})
        wanted = DOCKET_SIZE[self.players] - sum(self.docket_counts)
        drawn = [self._draw_token() for _ in range(min(max(wanted, 0), self.forum_size))]
        for kind in drawn:
            self.docket_counts[kind] += 1
        self._emit("docket_filled", {"round": number, "kinds": [KINDS[k] for k in drawn]})
        self.consuls_up = CONSULS  # R16
        self.event_index = -1
        if self.events_left_mask:
            event = self.event_index = self._draw_event()  # R17
            self._emit("event_revealed", {"round": number, "event": EVENTS[event]})
            if event == SOCIALIS_BELLUM:  # R41
                more = [
                    self._draw_token() for _ in range(min(SOCIALIS_BELLUM_DRAWS, self.forum_size))
                ]
                for kind in more:
                    self.docket_counts[kind] += 1
                self._emit(
                    "event_draws",
                    {"event": EVENTS[event], "kinds": [KINDS[k] for k in more]},
                )
            elif event == IMPERATOR:  # R43
                self.consuls_up = 0
                self._emit("consuls_flipped", {"event": EVENTS[event]})
            elif event == INCURSIO_BARBARA:  # R44
                count = self.docket_counts[IMPERIUM]
                self.docket_counts[IMPERIUM] = 0
                self.forum_counts[IMPERIUM] += count
                self.forum_size += count
                self._emit("imperium_returned", {"event": EVENTS[event], "count": count})
        if self.consuls_up == 0 and not any(self.docket_counts):  # R55
            self._emit("round_skipped", {"round": number})
            self._end_round()
        else:
            self.decision = TOPIC
            self.seat_to_move = self.opener

    def _end_round(self) -> None:
        """Clean-up (R32, R33); after round 3 the game ends (R40)."""
        hand, discard, killed = self.hand_counts, self.discard_counts, self.assassinated_counts
        for i in range(len(hand)):
            hand[i] += discard[i]
            discard[i] = 0
            killed[i] = 0
        self._emit(
            "round_end",
            {"round": self.round, "scores": [list(s) for s in self.scores()]},
        )
        if self.round == ROUNDS:
            self.decision = OVER
            self.seat_to_move = -1
            self.event_index = -1
            self._emit(
                "game_end",
                {"scores": [list(s) for s in self.scores()], "winners": self.winners()},
            )
        else:
            self._start_round(self.round + 1)

    def _after_debate(self) -> None:
        """Reset the floor; start the next debate or end the phase (R31)."""
        n = self.players
        self.topic_index = -1
        self.debate_winner_seat = -1
        self.total_by_seat = [0] * n
        self.leading_total = 0
        self.cards_in_play_by_seat = [0] * n
        self.withdrawn_by_seat = [False] * n
        self.seats_in_debate = n
        if (self.consuls_up == 0 and not any(self.docket_counts)) or not any(self.hand_counts):
            self._end_round()
        else:
            self.decision = TOPIC
            self.seat_to_move = self.opener

    # ------------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list[Action]:
        decision = self.decision
        if decision == DEBATE:
            legal = self._debate_actions()
        elif decision == TOPIC:
            docket = self.docket_counts
            legal = [_TOPICS[k] for k in range(6) if docket[k]]
            if self.consuls_up:
                legal.append(_TOPIC_CONSUL)
        elif decision == AWARD:
            legal = _GIVES[self.players]
        elif decision == POWER:
            legal = self._power_actions()
        elif decision == VETO:
            legal = _VETO_ACTIONS
        else:
            legal = []
        self._legal = legal
        return legal

    def _debate_actions(self) -> list[Action]:
        s = self.seat_to_move
        base = 4 * s
        hand = self.hand_counts
        mine = self.total_by_seat[s]
        # On a player's turn the highest total is someone else's: the last to
        # raise holds it, and had everyone else withdrawn the debate would be over.
        least = self.leading_total + 1 - mine  # R21
        least = max(least, 1)
        fewest, most = 1, INFLUENCE_CARDS
        assassin = _BARE_ASSASSIN if hand[base + 3] else _NO_ASSASSIN
        event = self.event_index
        if event == LUDI_GLADIATORUM:  # R45
            count = self.cards_in_play_by_seat[s]
            most = LUDI_CARD_CAP - count
            if count >= LUDI_CARD_CAP:
                assassin = _NO_ASSASSIN
        elif event == SPARTACUS:  # R46
            two_cards = self.config.variants.spartacus == "two_cards"
            if self.cards_in_play_by_seat[s] == 0:
                if two_cards:
                    fewest = SPARTACUS_MINIMUM
                elif least < SPARTACUS_MINIMUM:
                    least = SPARTACUS_MINIMUM
            if assassin:
                if two_cards:
                    assassin = _ASSASSIN_WITH_CARDS
                elif mine < SPARTACUS_MINIMUM:
                    assassin = _NO_ASSASSIN
        key = (hand[base], hand[base + 1], hand[base + 2], least, fewest, most, assassin)
        found = _debate_cache.get(key)
        return found if found is not None else _debate_choices(*key)

    def _power_actions(self) -> list[Action]:
        w = self.debate_winner_seat
        topic = self.topic_index
        variants = self.config.variants
        options: list[Action] = []
        if topic == PUBLIC_WORKS:  # R34
            base = 4 * w
            for c in range(3):  # never the Assassin
                left = self.discard_counts[base + c]
                if variants.public_works == "not_assassinated":
                    left -= self.assassinated_counts[base + c]
                if left > 0:
                    options.append(_RECLAIMS[c])
        elif topic == REBELLION:  # R35, R57
            options = [_DISCARDS[k] for k in range(6) if self.docket_counts[k]]
            if self.consuls_up:
                options.append(_FLIP)
        elif topic == TAXES:  # R36
            if variants.taxes == "take_anywhere":
                if self.veto_seat != w:
                    options.append(_TAKE_VETO)
            elif self.veto_seat == -1:
                options.append(_TAKE_VETO)
        elif topic == TRADE:  # R37
            options = [_TAKES[k] for k in range(5) if self.docket_counts[k]]
        elif topic == WAR:  # R38, R57
            hand = self.hand_counts
            if any(sum(hand[4 * p : 4 * p + 4]) for p in range(self.players) if p != w):
                options = list(_NAMES)
        if options:
            options.append(_SKIP)
        return options

    def legal_actions(self) -> list[Action]:
        """Every legal action for the decision pending, in a stable order."""
        return list(self._legal if self._legal is not None else self._compute_legal())

    def bid_problem(self, action: Action | str) -> BidProblem | None:
        """Why `action`, a play of influence or the Assassin, is not legal for the
        senator to move in the debate now (see `bids.BID_PROBLEMS`); None when it is
        legal. The rules are checked in a fixed order: the cards held (R21, R22),
        then the event in force (R45, R46), then the total (R21).

        ValueError outside a debate or for another action.
        """
        if type(action) is not Action:
            action = parse_action(action)
        if self.decision != DEBATE or action.verb not in (V_PLAY, V_ASSASSIN):
            raise ValueError(
                f"bid_problem checks a play or an Assassin in a debate, not {action.text!r} "
                f"in a {self.decision} decision"
            )
        s = self.seat_to_move
        base = 4 * s
        h1, h2, h5, assassins = self.hand_counts[base : base + 4]
        cards = action.cards
        names = action.names
        if cards[0] > h1 or cards[1] > h2 or cards[2] > h5:
            return BidProblem("not_held", {}, names)
        count = self.cards_in_play_by_seat[s]
        mine = self.total_by_seat[s]
        event = self.event_index
        two_cards = self.config.variants.spartacus == "two_cards"
        if action.verb == V_ASSASSIN:
            if not assassins:
                spent = self.assassinated_counts[base + ASSASSIN]
                return BidProblem("assassin_spent" if spent else "assassin_lost", {}, names)
            if event == LUDI_GLADIATORUM and count >= LUDI_CARD_CAP:
                return BidProblem("ludi_assassin", {"in_play": count, "cap": LUDI_CARD_CAP}, names)
            if event == SPARTACUS and two_cards:
                if action.count:
                    return None
                return BidProblem("spartacus_assassin", {"cards": 1, "held": h1 + h2 + h5}, names)
            if event == SPARTACUS and mine < SPARTACUS_MINIMUM:
                args = {"influence": SPARTACUS_MINIMUM, "total": mine}
                return BidProblem("spartacus_assassin", args, names)
            return BidProblem("assassin_alone", {}, names) if action.count else None
        needed = 1 + max(t for p, t in enumerate(self.total_by_seat) if p != s)
        if event == LUDI_GLADIATORUM and count + action.count > LUDI_CARD_CAP:
            more = LUDI_CARD_CAP - count
            best = max(
                (
                    k[0] + 2 * k[1] + 5 * k[2]
                    for k in _COMBOS
                    if k[0] <= h1 and k[1] <= h2 and k[2] <= h5 and sum(k) <= more
                ),
                default=0,
            )
            args = {"in_play": count, "cap": LUDI_CARD_CAP, "needed": needed, "reach": mine + best}
            return BidProblem("ludi_limit", args, names)
        if event == SPARTACUS and count == 0:
            if two_cards and action.count < SPARTACUS_MINIMUM:
                args = {"cards": SPARTACUS_MINIMUM, "held": h1 + h2 + h5}
                return BidProblem("spartacus_first_play", args, names)
            if not two_cards and action.value < SPARTACUS_MINIMUM:
                args = {"influence": SPARTACUS_MINIMUM, "held": h1 + 2 * h2 + 5 * h5}
                return BidProblem("spartacus_first_play", args, names)
        if mine + action.value < needed:
            return BidProblem("too_low", {"total": mine + action.value, "needed": needed}, names)
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action | str) -> list[Event]:
        """Play one action (an Action or its text) and return the events it caused.

        Leaves the game unchanged and raises InvalidActionError when the text is no
        action, ForbiddenActionError (its `refusal` naming the rule and the legal
        actions) when the rules forbid it now; both are IllegalActionErrors.
        """
        if type(action) is not Action:
            action = parse_action(action)
        legal = self._legal if self._legal is not None else self._compute_legal()
        if action not in legal:
            raise ForbiddenActionError(self._refusal(action, legal))
        self._legal = None
        out: list[Event] = []
        self._out = out
        self._history = (self._history, action)
        self.moves += 1
        verb = action.verb
        if verb == V_PLAY:
            self._play(action)
        elif verb == V_WITHDRAW:
            self._withdraw()
        elif verb == V_TOPIC:
            self._choose_topic(action.target)
        elif verb == V_GIVE:
            self._give(action.target)
        elif verb == V_ASSASSIN:
            self._assassin(action)
        elif verb in (V_VETO, V_ACCEPT):
            self._answer_veto(verb == V_VETO)
        else:
            self._use_power(action)
        return out

    def _next_in_debate(self, seat: int) -> int:
        """The next seat clockwise still in the debate (R20)."""
        n = self.players
        withdrawn = self.withdrawn_by_seat
        seat += 1
        if seat == n:
            seat = 0
        while withdrawn[seat]:
            seat += 1
            if seat == n:
                seat = 0
        return seat

    def _choose_topic(self, topic: int) -> None:  # R19
        if topic == CONSUL:
            self.consuls_up -= 1  # R56
        else:
            self.docket_counts[topic] -= 1
        self.topic_index = topic
        self.decision = DEBATE
        self._emit("topic_chosen", {"seat": self.seat_to_move, "topic": _topic_name(topic)})

    def _play(self, action: Action) -> None:  # R21
        s = self.seat_to_move
        base = 4 * s
        c1, c2, c5 = action.cards
        hand, inplay = self.hand_counts, self.in_play_counts
        hand[base] -= c1
        hand[base + 1] -= c2
        hand[base + 2] -= c5
        inplay[base] += c1
        inplay[base + 1] += c2
        inplay[base + 2] += c5
        total = self.total_by_seat[s] + action.value
        self.total_by_seat[s] = total
        self.leading_total = total
        self.cards_in_play_by_seat[s] += action.count
        self._emit("bid", {"seat": s, "cards": action.names, "total": total})
        self.seat_to_move = self._next_in_debate(s)

    def _withdraw(self) -> None:  # R23
        s = self.seat_to_move
        self.withdrawn_by_seat[s] = True
        self.seats_in_debate -= 1
        self._emit("withdrawn", {"seat": s})
        if self.seats_in_debate == 1:  # R25
            self._win(self.withdrawn_by_seat.index(False))
        else:
            self.seat_to_move = self._next_in_debate(s)

    def _assassin(self, action: Action) -> None:  # R22, R28
        s = self.seat_to_move
        base = 4 * s
        c1, c2, c5 = action.cards
        hand, inplay, discard, killed = (
            self.hand_counts,
            self.in_play_counts,
            self.discard_counts,
            self.assassinated_counts,
        )
        hand[base] -= c1
        hand[base + 1] -= c2
        hand[base + 2] -= c5
        hand[base + 3] -= 1
        inplay[base] += c1
        inplay[base + 1] += c2
        inplay[base + 2] += c5
        inplay[base + 3] += 1
        topic = self.topic_index
        self._emit("assassin", {"seat": s, "cards": action.names, "topic": _topic_name(topic)})
        lost: list[tuple[str, ...]] = []
        count = self.cards_in_play_by_seat
        count[s] += 1
        for p in range(self.players):
            if not count[p]:
                lost.append(())
                continue
            b = 4 * p
            lost.append(_card_list(inplay[b : b + 4]))
            for c in range(b, b + 4):
                if inplay[c]:
                    discard[c] += inplay[c]
                    killed[c] += inplay[c]
                    inplay[c] = 0
        if topic != CONSUL:
            self.forum_counts[topic] += 1
            self.forum_size += 1
        self._emit("assassinated", {"seat": s, "discarded": lost, "topic": _topic_name(topic)})
        self.opener = s
        self._after_debate()

    def _win(self, w: int) -> None:  # R25-R27
        self.debate_winner_seat = w
        topic = self.topic_index
        self._emit(
            "debate_won",
            {"seat": w, "topic": _topic_name(topic), "total": self.total_by_seat[w]},
        )
        if topic == CONSUL:  # R27
            base = 6 * w
            proposed, passed = self.proposed_counts, self.passed_counts
            moved = _kind_list(proposed[base : base + 6])
            for k in range(base, base + 6):
                passed[k] += proposed[k]
                proposed[k] = 0
            self._emit("consul_passed", {"seat": w, "kinds": moved})
            self._finish_debate()
            return
        self.seat_to_move = w
        options = self._power_actions()
        if options:
            self.decision = POWER
            self._legal = options
        else:
            if topic != IMPERIUM:  # R48: a power with nothing to act on is not used
                args: dict[str, object] = {"seat": w, "topic": _topic_name(topic)}
                if topic == TAXES:
                    args["veto"] = self.veto_seat if self.veto_seat >= 0 else None
                self._emit("power_unused", args)
            self._to_award()

    def _to_award(self) -> None:
        w = self.debate_winner_seat
        if self.topic_index == IMPERIUM:  # R26: Imperium is kept and passed at once
            self.passed_counts[6 * w + IMPERIUM] += 1
            self._emit("imperium_passed", {"seat": w})
            self._finish_debate()
        else:
            self.decision = AWARD
            self.seat_to_move = w

    def _use_power(self, action: Action) -> None:  # R34-R38
        w = self.debate_winner_seat
        verb = action.verb
        target = action.target
        if verb == V_SKIP:
            self._emit("power_skipped", {"seat": w, "topic": _topic_name(self.topic_index)})
        elif verb == V_RECLAIM:
            i = 4 * w + target
            self.discard_counts[i] -= 1
            self.assassinated_counts[i] = min(self.assassinated_counts[i], self.discard_counts[i])
            self.hand_counts[i] += 1
            self._emit("card_reclaimed", {"seat": w, "card": CARDS[target]})
        elif verb == V_DISCARD:
            self.docket_counts[target] -= 1
            self.forum_counts[target] += 1
            self.forum_size += 1
            self._emit("token_discarded", {"seat": w, "kind": KINDS[target]})
        elif verb == V_FLIP:
            self.consuls_up -= 1
            self._emit("consul_flipped", {"seat": w})
        elif verb == V_TAKE_VETO:
            source = self.veto_seat
            self.veto_seat = w
            self._emit("veto_taken", {"seat": w, "source": None if source < 0 else source})
        elif verb == V_TAKE:
            self.docket_counts[target] -= 1
            self._emit("token_taken", {"seat": w, "kind": KINDS[target]})
            self._propose(w, target)
        else:  # V_NAME
            every = self.config.variants.war == "all_copies"
            hand, discard = self.hand_counts, self.discard_counts
            lost = [0] * self.players
            for p in range(self.players):
                i = 4 * p + target
                if p != w and hand[i]:
                    k = hand[i] if every else 1
                    hand[i] -= k
                    discard[i] += k
                    lost[p] = k
            self._emit("card_named", {"seat": w, "card": CARDS[target], "discarded": lost})
        self._to_award()

    def _give(self, to: int) -> None:  # R26
        w = self.debate_winner_seat
        topic = self.topic_index
        self._emit("token_given", {"seat": w, "to": to, "kind": KINDS[topic]})
        if to != w and self.veto_seat == to:
            self.decision = VETO
            self.seat_to_move = to
        else:
            self._propose(to, topic)
            self._finish_debate()

    def _answer_veto(self, refuse: bool) -> None:  # R26, R49
        seat = self.seat_to_move
        topic = self.topic_index
        if refuse:
            self.forum_counts[topic] += 1
            self.forum_size += 1
            self.veto_seat = -1
            self._emit("vetoed", {"seat": seat, "kind": KINDS[topic]})
        else:
            self._emit("accepted", {"seat": seat, "kind": KINDS[topic]})
            self._propose(seat, topic)
        self._finish_debate()

    def _propose(self, seat: int, kind: int) -> None:  # R30
        base = 6 * seat
        proposed = self.proposed_counts
        lost: list[int] = []
        for other in CONFLICTS[kind]:
            held = proposed[base + other]
            if held:
                lost.extend([other] * held)
                proposed[base + other] = 0
                self.forum_counts[other] += held
                self.forum_size += held
        if lost:
            self.forum_counts[kind] += 1
            self.forum_size += 1
            self._emit(
                "conflict",
                {
                    "seat": seat,
                    "kind": KINDS[kind],
                    "lost": sorted(KINDS[k] for k in lost),
                },
            )
        else:
            proposed[base + kind] += 1
            self._emit("token_proposed", {"seat": seat, "kind": KINDS[kind]})

    def _finish_debate(self) -> None:  # R29, R42
        w = self.debate_winner_seat
        everyone = self.event_index == HANNIBAL
        hand, inplay, discard, count = (
            self.hand_counts,
            self.in_play_counts,
            self.discard_counts,
            self.cards_in_play_by_seat,
        )
        discarded: list[tuple[str, ...]] = []
        returned: list[tuple[str, ...]] = []
        for p in range(self.players):
            if not count[p]:
                discarded.append(())
                returned.append(())
                continue
            # A debate that was won has no Assassin in play (R22 ends it unwon).
            b = 4 * p
            c1, c2, c5 = inplay[b], inplay[b + 1], inplay[b + 2]
            inplay[b] = inplay[b + 1] = inplay[b + 2] = 0
            cards = _card_list([c1, c2, c5, 0])
            if p == w or everyone:
                discarded.append(cards)
                returned.append(())
                pile = discard
            else:
                discarded.append(())
                returned.append(cards)
                pile = hand
            pile[b] += c1
            pile[b + 1] += c2
            pile[b + 2] += c5
        self._emit("cards_resolved", {"discarded": discarded, "returned": returned})
        self.opener = w  # R18
        self._after_debate()

    # ------------------------------------------------------------------ refusals

    def _refusal(self, action: Action, legal: list[Action]) -> Refusal:
        """Why an action is not legal now (reasons.REFUSALS), with the legal actions."""
        reason, rules, args = self._refusal_reason(action)
        seat = self.seat_to_move
        return Refusal(
            reason,
            rules,
            action.text,
            seat,
            self.names[seat] if seat >= 0 else "",
            self.decision,
            args,
            tuple(a.text for a in legal),
        )

    def _refusal_reason(self, action: Action) -> tuple[str, tuple[str, ...], dict[str, Any]]:
        decision = self.decision
        if decision == OVER:
            return "game_over", ("R40",), {}
        verb = action.verb
        if verb not in _DECISION_VERBS[decision]:
            if decision == TOPIC:
                return "must_choose_topic", ("R19",), {}
            if decision == DEBATE:
                return "must_bid", ("R20",), {}
            topic = {"topic": _topic_name(self.topic_index)}
            if decision == POWER:
                return "must_use_power", ("R26",), topic
            if decision == AWARD:
                return "must_award", ("R26",), topic
            return "must_answer_veto", ("R26",), topic
        if decision == TOPIC:
            if action.target == CONSUL:
                return "no_consul_up", ("R6", "R43", "R56"), {}
            return "topic_not_in_docket", ("R19",), {"kind": KINDS[action.target]}
        if decision == DEBATE:
            return self._bid_refusal(action)
        if decision == POWER:
            return self._power_refusal(action)
        if decision == AWARD:
            return "no_seat", ("R1",), {"seat": action.target}
        return "not_legal_now", (), {}

    def _bid_refusal(self, action: Action) -> tuple[str, tuple[str, ...], dict[str, Any]]:
        """The refusal of a play or an Assassin, from its `BidProblem`."""
        problem = self.bid_problem(action)
        assert problem is not None, action
        reason = problem.reason
        args: dict[str, Any] = dict(problem.args)
        if reason == "not_held":
            base = 4 * self.seat_to_move
            args["held"] = _card_list(self.hand_counts[base : base + 4])
        return reason, _BID_RULES.get(reason, (problem.rule,)), args

    def _power_refusal(self, action: Action) -> tuple[str, tuple[str, ...], dict[str, Any]]:
        topic = self.topic_index
        verb = action.verb
        if verb not in _POWER_VERBS[topic]:
            return "not_the_power", (_POWER_RULES.get(topic, "R39"),), {"kind": KINDS[topic]}
        target = action.target
        w = self.debate_winner_seat
        if verb == V_RECLAIM:
            if target == ASSASSIN:
                return "reclaim_assassin", ("R34",), {}
            if self.discard_counts[4 * w + target]:
                return "reclaim_assassinated", ("R34",), {"card": CARDS[target]}
            return "not_in_discard", ("R34",), {"card": CARDS[target]}
        if verb == V_DISCARD:
            return "discard_not_in_docket", ("R35",), {"kind": KINDS[target]}
        if verb == V_FLIP:
            return "no_consul_to_flip", ("R35",), {}
        if verb == V_TAKE_VETO:
            if self.veto_seat == w:
                return "veto_held_already", ("R36",), {}
            return "veto_not_in_centre", ("R36",), {}
        if verb == V_TAKE:
            if target == IMPERIUM:
                return "trade_imperium", ("R37",), {}
            return "take_not_in_docket", ("R37",), {"kind": KINDS[target]}
        return "not_legal_now", (), {}

    # ------------------------------------------------------------------ queries

    @property
    def variants(self) -> Variants:
        return self.config.variants

    @property
    def to_move(self) -> int | None:
        """The seat whose decision is pending; None when the game is over."""
        return None if self.seat_to_move < 0 else self.seat_to_move

    @property
    def event(self) -> str | None:
        """The event in force this round, or None."""
        return None if self.event_index < 0 else EVENTS[self.event_index]

    @property
    def event_deck(self) -> list[str]:
        """The events not revealed yet (public by elimination; their order is not)."""
        return [EVENTS[e] for e in range(len(EVENTS)) if self.events_left_mask >> e & 1]

    @property
    def docket(self) -> list[str]:
        """The agenda tokens in the docket, sorted, repeats kept."""
        return _kind_list(self.docket_counts)

    @property
    def veto(self) -> int | None:
        """The seat holding the veto, or None for the centre."""
        return None if self.veto_seat < 0 else self.veto_seat

    @property
    def forum(self) -> dict[str, int]:
        """What the forum holds by elimination (R9): kind -> count."""
        return {KINDS[k]: self.forum_counts[k] for k in range(len(KINDS))}

    @property
    def topic(self) -> str | None:
        """The topic from its choice until the debate is fully resolved, else None."""
        return None if self.topic_index < 0 else _topic_name(self.topic_index)

    @property
    def debate_winner(self) -> int | None:
        """The winner of the debate while its power, award or veto is pending."""
        return None if self.debate_winner_seat < 0 else self.debate_winner_seat

    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at a table of {self.players}")
        return seat

    def _cards(self, flat: list[int], seat: int) -> dict[str, int]:
        b = 4 * self._seat(seat)
        return dict(zip(CARDS, flat[b : b + 4], strict=True))

    def hand(self, seat: int) -> dict[str, int]:
        return self._cards(self.hand_counts, seat)

    def discards(self, seat: int) -> dict[str, int]:
        return self._cards(self.discard_counts, seat)

    def assassinated(self, seat: int) -> dict[str, int]:
        """The part of a discard pile that an Assassin put there (variant public_works)."""
        return self._cards(self.assassinated_counts, seat)

    def in_play(self, seat: int) -> list[str]:
        b = 4 * self._seat(seat)
        return list(_card_list(self.in_play_counts[b : b + 4]))

    def total(self, seat: int) -> int:
        """The seat's influence in play in this debate (R21)."""
        return self.total_by_seat[self._seat(seat)]

    def withdrawn(self, seat: int) -> bool:
        return self.withdrawn_by_seat[self._seat(seat)]

    def proposed(self, seat: int) -> list[str]:
        b = 6 * self._seat(seat)
        return _kind_list(self.proposed_counts[b : b + 6])

    def passed(self, seat: int) -> list[str]:
        b = 6 * self._seat(seat)
        return _kind_list(self.passed_counts[b : b + 6])

    def scores(self) -> list[tuple[int, int, int]]:
        """By seat: (tokens in all, Imperium tokens, passed tokens) (R40)."""
        result = []
        proposed, passed = self.proposed_counts, self.passed_counts
        for p in range(self.players):
            b = 6 * p
            held = sum(passed[b : b + 6])
            result.append(
                (
                    sum(proposed[b : b + 6]) + held,
                    proposed[b + IMPERIUM] + passed[b + IMPERIUM],
                    held,
                )
            )
        return result

    def winners(self) -> list[int]:
        """The seats sharing the victory (R40); empty until the game is over."""
        if self.decision != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p in range(self.players) if scores[p] == best]

    def last_log_entry(self) -> object:
        """The latest entry of the log, the same object in every copy of this game up to
        that event: two games whose last entries are identical have identical logs."""
        return self._log

    @property
    def log(self) -> list[Event]:
        """Every event since set-up, in order."""
        events: list[Event] = []
        node = self._log
        while node is not None:
            node, event = node
            events.append(event)
        events.reverse()
        return events

    @property
    def actions(self) -> list[Action]:
        """Every action applied since set-up, in order."""
        done: list[Action] = []
        node = self._history
        while node is not None:
            node, action = node
            done.append(action)
        done.reverse()
        return done

    # ------------------------------------------------------------------ copies

    def clone(self, reseed: int | None = None) -> Game:
        """An independent copy. With `reseed`, the copy's chance is drawn afresh.

        A reseeded copy uses a generator seeded by `reseed` and drops what is
        left of the draw and event scripts: one sample of the future nobody
        knows, which is all a computer player may search on.
        """
        g = object.__new__(Game)
        g.config = self.config
        g.players = self.players
        g.names = self.names
        g._rng = self._rng
        g._draws = self._draws
        g._draw_pos = self._draw_pos
        g._event_script = self._event_script
        g._event_pos = self._event_pos
        g.round = self.round
        g.event_index = self.event_index
        g.events_left_mask = self.events_left_mask
        g.docket_counts = self.docket_counts[:]
        g.forum_counts = self.forum_counts[:]
        g.forum_size = self.forum_size
        g.consuls_up = self.consuls_up
        g.veto_seat = self.veto_seat
        g.hand_counts = self.hand_counts[:]
        g.discard_counts = self.discard_counts[:]
        g.assassinated_counts = self.assassinated_counts[:]
        g.in_play_counts = self.in_play_counts[:]
        g.total_by_seat = self.total_by_seat[:]
        g.leading_total = self.leading_total
        g.cards_in_play_by_seat = self.cards_in_play_by_seat[:]
        g.withdrawn_by_seat = self.withdrawn_by_seat[:]
        g.seats_in_debate = self.seats_in_debate
        g.proposed_counts = self.proposed_counts[:]
        g.passed_counts = self.passed_counts[:]
        g.decision = self.decision
        g.seat_to_move = self.seat_to_move
        g.opener = self.opener
        g.topic_index = self.topic_index
        g.debate_winner_seat = self.debate_winner_seat
        g._legal = self._legal
        g._log = self._log
        g._out = []
        g._history = self._history
        g.moves = self.moves
        g._reseeds = self._reseeds
        if reseed is not None:
            g._reseed(reseed)
        return g

    def _reseed(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError("reseed must be a whole number of at least 0")
        self._rng = seed_state(seed)
        self._draw_pos = len(self._draws)
        self._event_pos = len(self._event_script)
        self._reseeds = (*self._reseeds, (self.moves, seed))

    # ------------------------------------------------------------------ saving

    def record(self) -> dict[str, Any]:
        """The config and the action texts: enough to replay the game exactly."""
        record: dict[str, Any] = {
            "config": self.config.to_dict(),
            "actions": [a.text for a in self.actions],
        }
        if self._reseeds:
            record["reseeds"] = [list(r) for r in self._reseeds]
        return record

    def state(self) -> dict[str, Any]:
        """Every part of the position as JSON-able values (the log aside)."""
        n = self.players
        return {
            "round": self.round,
            "event": self.event,
            "event_deck": self.event_deck,
            "decision": self.decision,
            "to_move": self.to_move,
            "opener": self.opener,
            "topic": self.topic,
            "debate_winner": self.debate_winner,
            "docket": self.docket,
            "forum": self.forum,
            "consuls_up": self.consuls_up,
            "veto": self.veto,
            "seats": [
                {
                    "name": self.names[p],
                    "hand": self.hand(p),
                    "in_play": self.in_play(p),
                    "discards": self.discards(p),
                    "assassinated": self.assassinated(p),
                    "total": self.total_by_seat[p],
                    "cards_in_play": self.cards_in_play_by_seat[p],
                    "withdrawn": self.withdrawn_by_seat[p],
                    "proposed": self.proposed(p),
                    "passed": self.passed(p),
                }
                for p in range(n)
            ],
            "chance": {
                "rng": self._rng,
                "draws_used": self._draw_pos,
                "events_used": self._event_pos,
            },
        }

    def to_json(self) -> str:
        """The game as JSON text: its record and its position (checked on loading)."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "record": self.record(),
                "state": self.state(),
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game saved with `to_json`; UnreadableGameError (a ValueError) if the text
        is not a sound save."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise UnreadableGameError(LoadProblem("not_json", {"detail": str(err)})) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise UnreadableGameError(LoadProblem("not_a_save"))
        if data.get("version") != SAVE_VERSION:
            version = data.get("version")
            raise UnreadableGameError(LoadProblem("save_version", {"version": version}))
        game = from_record(data.get("record"))
        if game.state() != data.get("state"):
            raise UnreadableGameError(LoadProblem("save_corrupted"))
        return game

    def __repr__(self) -> str:
        return (
            f"<Game {self.players} players, round {self.round}, {self.decision}"
            f"{'' if self.seat_to_move < 0 else f' for seat {self.seat_to_move}'}>"
        )


def new_game(config: GameConfig | None = None) -> Game:
    """A new game, set up and waiting for the first opener's choice of topic."""
    return Game(config if config is not None else GameConfig())


class UnreadableGameError(ValueError):
    """A save or a record that is not a sound game; `problem` says why."""

    def __init__(self, problem: LoadProblem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _unreadable(reason: str, **args: Any) -> UnreadableGameError:
    return UnreadableGameError(LoadProblem(reason, args))


def from_record(record: Any) -> Game:
    """The game a record describes (see `Game.record`); UnreadableGameError (a
    ValueError) if it is not sound."""
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise _unreadable("not_a_record")
    unknown = set(record) - {"config", "actions", "reseeds"}
    if unknown:
        raise _unreadable("unknown_field", field=sorted(map(str, unknown))[0])
    try:
        config = GameConfig.from_dict(record.get("config"))
    except (TypeError, ValueError) as err:
        raise _unreadable("config_invalid", detail=str(err)) from None
    if config.seed is None:
        raise _unreadable("no_seed")
    reseeds: dict[int, int] = {}
    raw = record.get("reseeds", [])
    if not isinstance(raw, list):
        raise _unreadable("bad_reseeds")
    for pair in raw:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in pair)
        ):
            raise _unreadable("bad_reseeds")
        reseeds[pair[0]] = pair[1]
    game = Game(config)
    actions = record["actions"]
    for i, text in enumerate(actions):
        if i in reseeds:
            game._reseed(reseeds[i])
        if not isinstance(text, str):
            raise _unreadable("action_not_text", number=i + 1)
        try:
            game.apply(text)
        except IllegalActionError as err:
            problem = LoadProblem("action_illegal", {"number": i + 1, "action": text}, err)
            raise UnreadableGameError(problem) from None
    if len(actions) in reseeds:
        game._reseed(reseeds[len(actions)])
    return game
