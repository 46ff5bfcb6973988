"""Rule-based play: a value for every token in the score race, and economic bidding.

Everything here reads the public position only (hands, discards, tokens, the
docket, the forum's contents by elimination); nothing reads the order of the
forum or the event deck. The code reads the engine's count arrays directly,
because the search bots run it inside their playouts.

Units: a *point* is one agenda token at the end of the game (R40). A player
p's view of a change is its *utility*: p's own points minus a smooth maximum
of the rivals' points, so a loss to the leader counts more than a loss to a
trailing rival (`View.weights`). Influence is worth `View.card_value` points
per unit for the rest of the round: a winner loses the cards it played (R29),
and cards come back only at clean-up (R32).
"""

from __future__ import annotations

import math
import random

from ..actions import ACCEPT as V_ACCEPT
from ..actions import ASSASSIN as V_ASSASSIN
from ..actions import DISCARD as V_DISCARD
from ..actions import FLIP as V_FLIP
from ..actions import NAME as V_NAME
from ..actions import PLAY as V_PLAY
from ..actions import RECLAIM as V_RECLAIM
from ..actions import SKIP as V_SKIP
from ..actions import TAKE as V_TAKE
from ..actions import TAKE_VETO as V_TAKE_VETO
from ..actions import VETO as V_VETO
from ..actions import Action
from ..game import Game
from ..rules import (
    AWARD,
    CONFLICTS,
    CONSUL,
    DEBATE,
    HANNIBAL,
    IMPERIUM,
    LUDI_CARD_CAP,
    LUDI_GLADIATORUM,
    POWER,
    PUBLIC_WORKS,
    REBELLION,
    ROUNDS,
    TAXES,
    TOPIC,
    TRADE,
    VETO,
    WAR,
)
from .portable import add, exp
from .sense import silly

# ---------------------------------------------------------------- tunable values

RISK_PER_THREAT = 0.04  # chance a proposed token is lost, per conflicting token to come
FORUM_RISK = 0.3  # share of the forum's conflicting tokens that count, per round left
LEAST_KEEP = 0.5
IMPERIUM_BONUS = 0.1  # the first tie-break (R40)
PASSED_BONUS = 0.02  # the second tie-break (R40)
VETO_VALUE = 0.3  # holding the veto: one harmful gift refused
REBELLION_VALUE = 0.1
OPENER_VALUE = 0.05
ASSASSIN_VALUE = 3.0  # the Assassin in hand, in influence
CARD_SCALE = 2.0  # points each item left in the round is worth to the cards, in all
CARD_VALUE_CAP = 0.35
SMOOTH_MAX = 1.0  # temperature of the smooth maximum of the rivals' points
RAISE_MARGIN = 0.02
ASSASSIN_MARGIN = 0.1
CONSUL_KEEP = 0.2  # a consul debated early cannot pass tokens later in the round

DEBATES_KEPT = 512  # debates whose values a player keeps before it starts afresh

CARD_POINTS = (1.0, 2.0, 5.0, ASSASSIN_VALUE)
IMPERIUM_POINTS = 1.0 + PASSED_BONUS + IMPERIUM_BONUS


# ---------------------------------------------------------------- the position in points


def keeps(g: Game) -> list[float]:
    """By kind: the chance that a proposed token of that kind is still held at the
    end, from the conflicting tokens that may still arrive (R30)."""
    docket, forum = g.docket_counts, g.forum_counts
    rounds_left = ROUNDS - g.round
    out = []
    for k in range(6):
        conflicts = CONFLICTS[k]
        if not conflicts:
            out.append(1.0)
            continue
        c1, c2 = conflicts
        threat = float(docket[c1] + docket[c2])
        if rounds_left:
            threat += FORUM_RISK * rounds_left * (forum[c1] + forum[c2])
        value = 1.0 - RISK_PER_THREAT * threat
        out.append(value if value > LEAST_KEEP else LEAST_KEEP)
    return out


def points(g: Game, keep: list[float] | None = None) -> list[float]:
    """Each player's expected tokens at the end, tie-breaks as small fractions (R40)."""
    if keep is None:
        keep = keeps(g)
    proposed, passed = g.proposed_counts, g.passed_counts
    veto = g.veto_seat
    out = []
    for p in range(g.players):
        b = 6 * p
        held = 0
        value = 0.0
        for k in range(6):
            held += passed[b + k]
            c = proposed[b + k]
            if c:
                value += c * keep[k]
        imperium = passed[b + IMPERIUM] + proposed[b + IMPERIUM]
        value += held * (1.0 + PASSED_BONUS) + imperium * IMPERIUM_BONUS
        if veto == p:
            value += VETO_VALUE
        out.append(value)
    return out


def capacity(g: Game, p: int) -> int:
    """How much more influence p could put in play in this debate (R45 caps the cards)."""
    hand = g.hand_counts
    b = 4 * p
    if g.event_index == LUDI_GLADIATORUM:
        slots = LUDI_CARD_CAP - g.cards_in_play_by_seat[p]
        total = 0
        for c, v in ((2, 5), (1, 2), (0, 1)):
            take = min(slots, hand[b + c])
            total += take * v
            slots -= take
        return total
    return hand[b] + 2 * hand[b + 1] + 5 * hand[b + 2]


def card_value(g: Game) -> float:
    """Points per influence for the rest of this round: the items still to be
    debated, spread over all the influence still to be played (the Assassin
    counts as ASSASSIN_VALUE)."""
    items = g.consuls_up
    for c in g.docket_counts:
        items += c
    if not items:
        return 0.0
    hand, total = g.hand_counts, g.total_by_seat
    pool = 0.0
    for p in range(g.players):
        b = 4 * p
        pool += hand[b] + 2 * hand[b + 1] + 5 * hand[b + 2] + ASSASSIN_VALUE * hand[b + 3]
        pool += total[p]
    value = CARD_SCALE * items / max(pool, 4.0)
    return value if value < CARD_VALUE_CAP else CARD_VALUE_CAP


def weights(est: list[float], me: int) -> list[float]:
    """The gradient of me's utility: +1 for me, minus a softmax share for each rival."""
    n = len(est)
    top = max(est[r] for r in range(n) if r != me)
    shares = [0.0 if r == me else exp((est[r] - top) / SMOOTH_MAX) for r in range(n)]
    total = add(shares)
    out = [-s / total for s in shares]
    out[me] = 1.0
    return out


def best_reclaim(g: Game, p: int) -> int:
    """The card index Public Works would return to p, or -1 (R34)."""
    b = 4 * p
    killed = g.config.variants.public_works == "not_assassinated"
    for c in (2, 1, 0):
        left = g.discard_counts[b + c] - (g.assassinated_counts[b + c] if killed else 0)
        if left > 0:
            return c
    return -1


def can_take_veto(g: Game, p: int) -> bool:
    if g.config.variants.taxes == "take_anywhere":
        return g.veto_seat != p
    return g.veto_seat < 0


def all_weights(est: list[float]) -> list[list[float]]:
    """`weights` for every player at once."""
    n = len(est)
    top = max(est)
    exps = [exp((e - top) / SMOOTH_MAX) for e in est]
    whole = add(exps)
    out = []
    for me in range(n):
        scale = -1.0 / (whole - exps[me])
        row = [x * scale for x in exps]
        row[me] = 1.0
        out.append(row)
    return out


class View:
    """One position as the rules value it: each kind's chance to be kept, each
    player's points, the card value and each player's utility weights."""

    __slots__ = ("_awards", "_names", "est", "g", "keep", "lam", "n", "wv")

    def __init__(self, g: Game) -> None:
        self.g = g
        self.n = g.players
        self.keep = keeps(g)
        self.est = est = points(g, self.keep)
        self.lam = card_value(g)
        self.wv = all_weights(est)
        self._awards: dict[int, tuple[float, int]] = {}
        self._names: dict[int, tuple[float, int]] = {}

    def award_delta(self, s: int, k: int) -> float:
        """The change in s's points if a token of kind k arrives among s's proposed (R30)."""
        proposed = self.g.proposed_counts
        b = 6 * s
        keep = self.keep
        lost = 0.0
        for c in CONFLICTS[k]:
            held = proposed[b + c]
            if held:
                lost += held * keep[c]
        return -lost if lost else keep[k]

    def give_value(self, me: int, giver: int, s: int, k: int) -> float:
        """me's utility of the giver awarding kind k to s, who vetoes a harmful gift
        when holding the veto (R26)."""
        d = self.award_delta(s, k)
        if s != giver and self.g.veto_seat == s and d < -VETO_VALUE:
            return -self.wv[me][s] * VETO_VALUE
        return self.wv[me][s] * d

    def best_award(self, giver: int, k: int) -> tuple[float, int]:
        """The giver's best award of kind k: (the giver's utility, seat)."""
        found = self._awards.get(8 * giver + k)
        if found is not None:
            return found
        best, seat = -1e9, giver
        wv = self.wv[giver]
        proposed = self.g.proposed_counts
        keep = self.keep
        veto = self.g.veto_seat
        conflicts = CONFLICTS[k]
        gain = keep[k]
        for s in range(self.n):
            b = 6 * s
            lost = 0.0
            for c in conflicts:
                held = proposed[b + c]
                if held:
                    lost += held * keep[c]
            if not lost:
                v = wv[s] * gain
            elif s != giver and veto == s and lost > VETO_VALUE:
                v = -wv[s] * VETO_VALUE  # s would refuse it (R26)
            else:
                v = -wv[s] * lost
            if v > best:
                best, seat = v, s
        self._awards[8 * giver + k] = best, seat
        return best, seat

    def war_name(self, w: int) -> tuple[float, int]:
        """War's best name for winner w: (w's utility, card index, or -1) (R38)."""
        found = self._names.get(w)
        if found is not None:
            return found
        g = self.g
        every = g.config.variants.war == "all_copies"
        hand = g.hand_counts
        wv = self.wv[w]
        best, card = 0.0, -1
        for c in range(4):
            value = 0.0
            for r in range(self.n):
                if r != w:
                    held = hand[4 * r + c]
                    if held:
                        value -= wv[r] * CARD_POINTS[c] * (held if every else 1)
            if value > best:
                best, card = value, c
        self._names[w] = best * self.lam, card
        return best * self.lam, card

    def power_value(self, p: int, k: int) -> float:
        """Roughly what the power of kind k is worth to its user p (R34-R38)."""
        g = self.g
        if k == PUBLIC_WORKS:
            c = best_reclaim(g, p)
            return self.lam * CARD_POINTS[c] if c >= 0 else 0.0
        if k == TAXES:
            return VETO_VALUE if can_take_veto(g, p) else 0.0
        if k == TRADE:
            best = 0.0
            docket = g.docket_counts
            for other in range(5):
                if docket[other] and other != TRADE:
                    best = max(best, self.award_delta(p, other))
            return best
        if k == WAR:
            return self.war_name(p)[0]
        if k == REBELLION:
            return REBELLION_VALUE
        return 0.0

    def protect_value(self, p: int) -> float:
        """What a consul is worth to p: its proposed tokens become safe (R27)."""
        proposed = self.g.proposed_counts
        keep = self.keep
        b = 6 * p
        value = 0.0
        for k in range(5):
            c = proposed[b + k]
            if c:
                value += c * (1.0 - keep[k])
        return value

    def win_value(self, p: int, t: int) -> float:
        """p's utility of winning a debate on topic t, before the cards it costs."""
        if t == CONSUL:
            return self.protect_value(p)
        if t == IMPERIUM:
            return IMPERIUM_POINTS
        return self.best_award(p, t)[0] + self.power_value(p, t)

    def outcome(self, me: int, w: int, t: int) -> float:
        """me's utility when w wins topic t and uses it as w likes best."""
        if w == me:
            return self.win_value(me, t)
        wv = self.wv[me]
        if t == CONSUL:
            return wv[w] * self.protect_value(w)
        if t == IMPERIUM:
            return wv[w] * IMPERIUM_POINTS
        _, seat = self.best_award(w, t)
        value = self.give_value(me, w, seat, t)
        if t == WAR:
            _, card = self.war_name(w)
            if card >= 0:
                g = self.g
                every = g.config.variants.war == "all_copies"
                hand = g.hand_counts
                unit = self.lam * CARD_POINTS[card]
                for r in range(self.n):
                    held = hand[4 * r + card]
                    if r != w and held:
                        value -= wv[r] * unit * (held if every else 1)
        elif t != REBELLION:
            value += wv[w] * self.power_value(w, t)
        return value


class Debate:
    """What a debate is worth to each player, worked out once when first needed:
    the tokens, the docket and the card value do not change while it lasts."""

    __slots__ = ("_outcomes", "_values", "topic", "view")

    def __init__(self, view: View, topic: int) -> None:
        self.view = view
        self.topic = topic
        self._values: list[float | None] = [None] * view.n
        self._outcomes: dict[int, float] = {}

    def value(self, p: int) -> float:
        """p's utility of winning, before the cards it costs."""
        v = self._values[p]
        if v is None:
            v = self._values[p] = self.view.win_value(p, self.topic)
        return v

    def outcome(self, me: int, w: int) -> float:
        """me's utility when w wins."""
        if me == w:
            return self.value(me)
        key = 8 * me + w
        v = self._outcomes.get(key)
        if v is None:
            v = self._outcomes[key] = self.view.outcome(me, w, self.topic)
        return v

    def stake(self, p: int, against: int) -> float:
        """How much p gains by winning rather than letting `against` win."""
        return self.value(p) - self.outcome(p, against)


# ---------------------------------------------------------------- the rule-based player


class Heuristic:
    """The rule-based policy. With `noise` > 0 it picks a random candidate action
    that often (the search bots' playouts); with 0 it is deterministic."""

    def __init__(self, noise: float = 0.0, rng: random.Random | None = None) -> None:
        self.noise = noise
        self.rng = rng if rng is not None else random.Random(0)
        # The debates met so far, by what their values depend on: a search's playouts
        # meet the same few debates again and again.
        self._debates: dict[tuple[object, ...], Debate] = {}

    def choose(self, g: Game, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            options = candidates(g, legal)
            return options[self.rng.randrange(len(options))]
        decision = g.decision
        if decision == DEBATE:
            return self.debate(g, legal)
        if decision == TOPIC:
            return self.topic(g, legal)
        if decision == AWARD:
            return self.award(g, legal)
        if decision == POWER:
            return self.power(g, legal)
        if decision == VETO:
            return self.veto(g, legal)
        return legal[0]

    # -- debates

    def _current(self, g: Game) -> Debate:
        """The values of the debate in progress. They depend only on what the key
        holds (the hands only through the card value, which a debate does not change,
        except for War), so keeping them for the key changes nothing. They are
        worked out lazily, so the view reads a copy of the position, which stays as it
        is when the game moves on."""
        topic = g.topic_index
        hand, total = g.hand_counts, g.total_by_seat
        pool = 0
        for p in range(g.players):
            b = 4 * p
            pool += hand[b] + 2 * hand[b + 1] + 5 * hand[b + 2] + 100 * hand[b + 3] + total[p]
        key = (
            g.config.variants,
            topic,
            g.round,
            g.consuls_up,
            g.veto_seat,
            pool,
            *g.docket_counts,
            *g.proposed_counts,
            *g.passed_counts,
        )
        if topic == WAR:
            key = (*key, *hand)
        elif topic == PUBLIC_WORKS:
            key = (*key, *g.discard_counts, *g.assassinated_counts)
        debate = self._debates.get(key)
        if debate is None:
            if len(self._debates) >= DEBATES_KEPT:
                self._debates.clear()
            debate = self._debates[key] = Debate(View(g.clone()), topic)
        return debate

    def debate(self, g: Game, legal: list[Action]) -> Action:
        me = g.seat_to_move
        d = self._current(g)
        lam = d.view.lam
        total, withdrawn = g.total_by_seat, g.withdrawn_by_seat
        # The likely winner if I drop out: the rival able and keen to reach highest,
        # each rival weighing its win against mine.
        rival, top = -1, -1.0
        for r in range(g.players):
            if r == me or withdrawn[r]:
                continue
            cap = total[r] + capacity(g, r)
            stake = d.stake(r, me)
            reach = float(cap) if lam <= 0 else min(float(cap), stake / lam)
            if reach < total[r]:
                reach = float(total[r])
            if reach > top or (reach == top and total[r] > total[rival]):
                rival, top = r, reach
        mine = d.value(me)
        lose = d.outcome(me, rival)
        my_total = total[me]
        if g.event_index == HANNIBAL:  # R42: my cards in play go even if I lose
            lose -= lam * my_total
        play: Action | None = None
        assassin: Action | None = None
        withdraw: Action | None = None
        for a in legal:
            verb = a.verb
            if verb == V_PLAY:
                if play is None or a.value < play.value:
                    play = a
            elif verb == V_ASSASSIN:
                if assassin is None or a.value < assassin.value:
                    assassin = a
            else:
                withdraw = a
        if play is not None:
            after = my_total + play.value
            value = mine - lam * after
            if value > lose + RAISE_MARGIN and self._threatened(g, d, me, after):
                value = -lam * after  # a rival would rather kill the debate (R28)
            if value > lose + RAISE_MARGIN:
                return play
        if assassin is not None:
            wv = d.view.wv[me]
            value = -lam * (ASSASSIN_VALUE + my_total + assassin.value) + OPENER_VALUE
            for r in range(g.players):
                if r != me and total[r]:
                    value -= wv[r] * lam * total[r]
            if value > lose + ASSASSIN_MARGIN:
                return assassin
        return withdraw if withdraw is not None else legal[0]

    def _threatened(self, g: Game, d: Debate, me: int, after: int) -> bool:
        """Whether a rival still in the debate would play the Assassin once I stand
        at `after` and look set to win."""
        hand, total, withdrawn, count = (
            g.hand_counts,
            g.total_by_seat,
            g.withdrawn_by_seat,
            g.cards_in_play_by_seat,
        )
        ludi = g.event_index == LUDI_GLADIATORUM
        lam = d.view.lam
        for r in range(g.players):
            if r == me or withdrawn[r] or not hand[4 * r + 3]:
                continue
            if ludi and count[r] >= LUDI_CARD_CAP:
                continue
            value = -lam * (ASSASSIN_VALUE + total[r]) - d.view.wv[r][me] * lam * after
            if value > d.outcome(r, me) + ASSASSIN_MARGIN:
                return True
        return False

    # -- topics

    def topic(self, g: Game, legal: list[Action]) -> Action:
        """The topic worth most to me at the price I expect to pay, or the one whose
        likely winner hurts me least (an English auction: the keenest bidder wins and
        pays just above the second keenest)."""
        me = g.seat_to_move
        view = View(g)
        lam = view.lam
        n = g.players
        my_cap = float(capacity(g, me))
        caps = [float(capacity(g, r)) for r in range(n)]
        best, choice = -1e9, legal[0]
        for a in legal:
            d = Debate(view, a.target)
            rival, top = -1, -1.0
            for r in range(n):
                if r == me:
                    continue
                stake = d.stake(r, me)
                reach = caps[r] if lam <= 0 else min(caps[r], stake / lam)
                if reach > top:
                    rival, top = r, reach
            mine = d.value(me)
            lose = d.outcome(me, rival)
            reach = my_cap if lam <= 0 else min(my_cap, (mine - lose) / lam)
            won = mine - lam * max(1.0, math.floor(top) + 1.0)
            if reach >= top + 1:
                score = won
            elif reach > top - 1:
                score = 0.5 * (max(won, lose) + lose)
            else:
                score = lose
            if a.target == CONSUL:
                score -= CONSUL_KEEP
            if score > best:
                best, choice = score, a
        return choice

    # -- after a debate won

    def award(self, g: Game, legal: list[Action]) -> Action:
        """The gift worth most to me: a token I keep, or a conflict for a rival,
        the leader first (R26, R30)."""
        me = g.seat_to_move
        view = View(g)
        k = g.topic_index
        best, choice = -1e9, legal[0]
        for a in legal:
            v = view.give_value(me, me, a.target, k)
            if v > best:
                best, choice = v, a
        return choice

    def veto(self, g: Game, legal: list[Action]) -> Action:
        """Refuse a gift that would cost me more than the veto is worth (R26)."""
        keep = keeps(g)
        me = g.seat_to_move
        proposed = g.proposed_counts
        k = g.topic_index
        lost = add(proposed[6 * me + c] * keep[c] for c in CONFLICTS[k])
        want = V_VETO if lost > VETO_VALUE else V_ACCEPT
        for a in legal:
            if a.verb == want:
                return a
        return legal[0]

    def power(self, g: Game, legal: list[Action]) -> Action:
        me = g.seat_to_move
        k = g.topic_index
        if k == PUBLIC_WORKS:  # R34: the best card back
            return max(legal, key=_reclaim_order)
        if k == TAXES:  # R36: the veto is always worth taking
            return first(legal, V_TAKE_VETO) or legal[0]
        view = View(g)
        if k == WAR:  # R38: the name that costs the rivals most
            _, card = view.war_name(me)
            for a in legal:
                if a.verb == V_NAME and a.target == card:
                    return a
            return first(legal, V_SKIP) or legal[0]
        if k == TRADE:  # R37: the best token that stays, with the Trade token placed well
            best, choice = -1e9, legal[0]
            for a in legal:
                if a.verb == V_TAKE:
                    copy = g.clone()
                    copy.apply(a)
                    value = view.award_delta(me, a.target) + View(copy).best_award(me, TRADE)[0]
                else:
                    value = view.best_award(me, TRADE)[0]
                if value > best:
                    best, choice = value, a
            return choice
        if k == REBELLION:
            return self._rebellion(g, legal, view)
        return legal[0]

    def _rebellion(self, g: Game, legal: list[Action], view: View) -> Action:
        """Send away the docket token, or flip the consul, that is worth least to me
        when anyone may win it, each as likely (R35)."""
        me = g.seat_to_move
        n = g.players
        best, choice = 0.0, None
        for a in legal:
            if a.verb == V_DISCARD:
                t = a.target
            elif a.verb == V_FLIP:
                t = CONSUL
            else:
                continue
            expected = 0.0
            for w in range(n):
                expected += view.outcome(me, w, t)
            gain = -expected / n
            if gain > best:
                best, choice = gain, a
        if choice is None:
            return first(legal, V_SKIP) or legal[0]
        return choice


def first(legal: list[Action], verb: str) -> Action | None:
    for a in legal:
        if a.verb == verb:
            return a
    return None


def _reclaim_order(a: Action) -> float:
    return CARD_POINTS[a.target] if a.verb == V_RECLAIM else -1.0


# ---------------------------------------------------------------- the actions worth searching


def sensible(g: Game, options: list[Action]) -> list[Action]:
    """The options that are not silly moves (`sense.silly`), or all of them if every
    one is."""
    if g.decision != DEBATE and g.decision != AWARD:
        return options
    kept = [a for a in options if silly(g, a) is None]
    return kept or options


def candidates(g: Game, legal: list[Action]) -> list[Action]:
    """The legal actions a search considers: in a debate, one play per total (the
    fewest cards) for the three cheapest totals and the cheapest total that
    outreaches every rival, the cheapest Assassin, and withdrawing; the best
    reclaim; taking the veto; only names some rival holds."""
    decision = g.decision
    if decision == DEBATE:
        plays: dict[int, Action] = {}
        out: list[Action] = []
        assassin: Action | None = None
        for a in legal:
            verb = a.verb
            if verb == V_PLAY:
                have = plays.get(a.value)
                if have is None or a.count < have.count:
                    plays[a.value] = a
            elif verb == V_ASSASSIN:
                if assassin is None or a.value < assassin.value:
                    assassin = a
            else:
                out.append(a)
        if plays:
            values = sorted(plays)
            chosen = values[:3]
            me = g.seat_to_move
            top = 0
            total, withdrawn = g.total_by_seat, g.withdrawn_by_seat
            for r in range(g.players):
                if r != me and not withdrawn[r]:
                    top = max(top, total[r] + capacity(g, r))
            need = top + 1 - total[me]
            for v in values[3:]:
                if v >= need:
                    chosen.append(v)
                    break
            out.extend(plays[v] for v in chosen)
        if assassin is not None:
            out.append(assassin)
        return out
    if decision == POWER:
        k = g.topic_index
        if k == PUBLIC_WORKS:
            return [max(legal, key=_reclaim_order)]
        if k == TAXES:
            take = first(legal, V_TAKE_VETO)
            return [take] if take is not None else legal
        if k == WAR:
            hand = g.hand_counts
            w = g.seat_to_move
            held = [
                a
                for a in legal
                if a.verb == V_NAME
                and any(hand[4 * r + a.target] for r in range(g.players) if r != w)
            ]
            return held or legal
    return legal
