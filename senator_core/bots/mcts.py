"""Monte Carlo tree search for 3 to 5 players with chance, iterative throughout.

Each iteration searches one sample of the unknown future: a copy of the root
made with `Game.clone(reseed=x)`, x drawn from the bot's own generator, which
is seeded by the bot's seed and the public position only; the game's own
generator and scripts are never read. The tree is open loop: a node is the
sequence of actions from the root, whatever chance did in between, and a node
considers only the actions legal in the current sample (UCT counts only the
visits of the actions available). Every player chooses by UCT on its own
share of the reward. Chance happens only at round starts (R15-R17), so the
tree is exact within a round.

A playout follows the rule-based policy (`heuristic.Heuristic`) with some
randomness. By default it runs to the end of the root's round, and the
position is scored by the heuristic's estimate of each player's chance to win.
With `debates`, it stops sooner, once that many debates after the leaf have
begun (a debate is the costliest stretch of a playout, its bids), and with
`fitted` the position is scored by the evaluation fitted to self-play
(`evaluation.py`), which also counts the influence still in hand. A playout
that reaches the end of the game is scored exactly: 1/k to each of k shared
winners (R40), blended with a small score-margin term. A level's budget is a
number of iterations; a search also stops once it has simulated a set number
of actions per iteration of its budget (the first decisions of a round have
the longest playouts), so it is deterministic and its time is bounded.

A player `for_place` who finds it cannot win (its chance, as the search sees it, is
under `HOPELESS`, or in the last round a third of the favourite's or less) searches
again with its own reward its standing instead (the
others' unchanged): its place at the end, and the favourite not winning
(`standing`). So it keeps as high as it can and, where its place is the same either
way, does not hand the game to the one most likely to win it.

No recursion anywhere: Pyodide's stack is small.
"""

from __future__ import annotations

import hashlib
import math
import random

from ..actions import GIVE as V_GIVE
from ..actions import PLAY as V_PLAY
from ..actions import Action
from ..game import Game
from ..rules import AWARD, OVER, POWER, ROUNDS, TOPIC, VETO
from ..sightings import Sightings
from .base import Thinking, finish, legal_choices
from .evaluation import Weights, load_weights, scale_influence, win_chances
from .heuristic import Heuristic, candidates, points, sensible
from .portable import add, exp, log, tanh
from .sense import cancelled

PLAYOUT_STEP = 16  # actions a playout simulates between two yields
HOPELESS = 0.02  # a chance to win below this: the player plays for place
BEHIND = 3  # in the last round, so does one whose chance is a third of the favourite's or less
# The weight of its place in a hopeless player's standing, the rest for the favourite
# losing: more than a place is worth at five players, so a place always comes first.
PLACE = 0.9
FORESEEN = (AWARD, POWER, VETO)  # the others' decisions a foreseeing search does not branch on


class Node:
    """Statistics of the action that leads here, for the player who took it."""

    __slots__ = ("children", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.wins = 0.0
        self.children: dict[Action, Node] = {}


def final_reward(g: Game, margin: float) -> list[float]:
    """1/k to each of k shared winners (R40), blended with a score-margin term."""
    return with_margin(*final_chances(g), margin)


def final_chances(g: Game) -> tuple[list[float], list[float]]:
    """1/k to each of k shared winners (R40); and each player's tokens."""
    scores = g.scores()
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(len(scores))], [
        float(s[0]) for s in scores
    ]


def with_margin(chances: list[float], est: list[float], margin: float) -> list[float]:
    """Chances to win blended with a margin term: each player's lead over the best
    rival in the estimated points, squashed into [0, 1]."""
    if not margin:
        return list(chances)
    n = len(est)
    out = []
    for p in range(n):
        other = max(est[q] for q in range(n) if q != p)
        lead = 0.5 + 0.5 * tanh((est[p] - other) / 3.0)
        out.append((1.0 - margin) * chances[p] + margin * lead)
    return out


def estimated_chances(g: Game, temperature: float) -> tuple[list[float], list[float]]:
    """Chances to win from the heuristic's points, a softmax whose temperature grows
    with the rounds still to play; and the points."""
    est = points(g)
    t = temperature * (1.0 + ROUNDS - g.round)
    top = max(est)
    shares = [exp((e - top) / t) for e in est]
    total = add(shares)
    return [share / total for share in shares], est


def fitted_chances(g: Game, weights: Weights) -> tuple[list[float], list[float]]:
    """Chances to win from the fitted evaluation; and the heuristic's points."""
    est = points(g)
    return win_chances(g, weights, est), est


_LOGS = [0.0]  # log(visits) by visits, 0 for none: worked out once, as far as asked


def standing(g: Game, seat: int, favourite: int, chances: list[float]) -> float:
    """What a player who cannot win plays for, in [0, 1]: mostly the share of its
    rivals it ends ahead of (ties count half), by the final scores (R40) or the
    estimated points where the playout stopped; the rest, the favourite's chance not
    to win (`chances`: every player's at the same position)."""
    if g.decision == OVER:  # the tie-breaks as small fractions, as in the points
        scores = [
            tokens + imperium / 100 + passed / 10_000 for tokens, imperium, passed in g.scores()
        ]
    else:
        scores = points(g)
    mine = scores[seat]
    ahead = 0.0
    for p, score in enumerate(scores):
        if p != seat:
            ahead += 1.0 if mine > score else 0.5 if mine == score else 0.0
    place = ahead / (len(scores) - 1)
    return PLACE * place + (1.0 - PLACE) * (1.0 - chances[favourite])


def visit_logs(most: int) -> list[float]:
    """log(v) for v up to `most` (index v), shared by every search: a thousand portable
    logarithms cost a slice of the page's time."""
    while len(_LOGS) <= most:
        _LOGS.append(log(len(_LOGS)))
    return _LOGS


def public_digest(g: Game, seed: int) -> int:
    """A number fixed by the seed and everything public about the position: never
    the generator nor the scripts of chance."""
    numbers = [
        seed,
        g.players,
        g.round,
        g.event_index,
        g.events_left_mask,
        g.consuls_up,
        g.veto_seat,
        g.leading_total,
        g.seats_in_debate,
        g.seat_to_move,
        g.opener,
        g.topic_index,
        g.debate_winner_seat,
        g.moves,
        *g.docket_counts,
        *g.forum_counts,
        *g.hand_counts,
        *g.discard_counts,
        *g.assassinated_counts,
        *g.in_play_counts,
        *g.total_by_seat,
        *g.cards_in_play_by_seat,
        *g.withdrawn_by_seat,
        *g.proposed_counts,
        *g.passed_counts,
    ]
    text = ",".join(map(str, numbers)) + "|" + g.decision + "|" + repr(g.config.variants)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def gift_to(g: Game, legal: list[Action], victim: int) -> Action | None:
    """At an award (R26), the gift of the topic to `victim` when it would cancel any of
    the victim's proposed tokens (R30); None when it would not."""
    if not cancelled(g, victim, g.topic_index):
        return None
    for a in legal:
        if a.verb == V_GIVE and a.target == victim:
            return a
    return None


SLIP = 0x5EED  # parts the slips' generator from the search's, seeded by the same position


class MCTSBot:
    """The search player. The levels differ only in `iterations`; the other
    settings keep the values the strength table was measured with."""

    def __init__(
        self,
        name: str,
        iterations: int,
        seed: int = 0,
        *,
        exploration: float = 0.7,
        noise: float = 0.15,
        horizon: int = 1,
        margin: float = 0.1,
        temperature: float = 0.6,
        actions_per_iteration: int = 17,
        debates: int = 0,
        fitted: bool = False,
        foresee: bool = False,
        influence: float = 1.0,
        wise: bool = False,
        slips: float = 0.0,
        wary: bool = False,
        for_place: bool = False,
    ) -> None:
        if iterations < 1:
            raise ValueError("a search needs at least one iteration")
        self.name = name
        self.iterations = iterations
        self.searched = 0  # iterations of the last search (the work cap may stop it early)
        self.outlook: list[float] = []  # each player's mean reward over the last search
        self.chances: list[float] = []  # and their mean chance to win, the margin left out
        self.seed = seed
        self.exploration = exploration  # the UCT constant, rewards being in [0, 1]
        self.noise = noise  # how often a playout takes a random candidate action
        self.horizon = horizon  # playouts stop this many round ends after the root; 0: never
        self.margin = margin  # weight of the score-margin term in the reward
        self.temperature = temperature  # of the estimated chances to win, per round left
        # Simulated actions allowed per iteration of the budget (at 4 players; fewer
        # at bigger tables, whose actions cost more), 0 for no cap.
        self.actions_per_iteration = actions_per_iteration
        # Playouts also stop once this many debates after the leaf have begun; 0: never.
        self.debates = debates
        # Score cut playouts with the fitted evaluation (`evaluation.py`) instead.
        # The fitted weights of the influence in hand, scaled by `influence`: fitted to
        # rule-based players who keep their cards for later, they value the cards a
        # player keeps above what a rival who bids on everything leaves them worth.
        self.weights = scale_influence(load_weights(), influence) if fitted else None
        self.influence = influence
        # Leave the silly moves (`sense.silly`) out of what the search considers.
        self.wise = wise
        # Foresee the others' awards and powers in the tree: each plays the rule-based
        # choice there (a gift to whoever it hurts most) rather than every option in
        # turn, which spreads a rival's visits over gifts it would never make.
        self.foresee = foresee
        # The share of decisions at which it plays one of the options it considers
        # at random instead of searching: a beginner's mistakes, never a silly move
        # when it is `wise`.
        self.slips = slips
        # Expect a rival who wins a token that would cancel its own proposed tokens to
        # hand it over, as a person does, in the tree and in the playouts alike: the
        # rule-based award often keeps such a token, so the search saw no threat and
        # withdrew against a 1 + 1 that then cost it two tokens.
        self.wary = wary
        # Once it cannot win, search again for its place (`standing`).
        self.for_place = for_place
        self._guide = Heuristic()

    # ------------------------------------------------------------------ the API

    def choose(self, game: Game) -> Action:
        return finish(self.thinking(game))

    def evaluate(self, game: Game) -> list[tuple[Action, float]]:
        """Each legal action with the search's estimate of the mover's reward (about
        the chance to win)."""
        return finish(self.estimating(game))

    def considered(self, game: Game) -> list[Action]:
        """The actions the search weighs at the position (a `wise` search leaves the
        silly ones out)."""
        return self._options(game, legal_choices(game))

    def looking_ahead(
        self, game: Game, seat: int, sightings: Sightings | None = None
    ) -> Thinking[list[float]]:
        """Each player's chance at the position, as a search on behalf of `seat` plays
        on from it (the position may be over: then its result); `sightings`, if given,
        tallies what its playouts saw."""
        if game.decision == OVER:
            if sightings is not None:
                sightings.see(None, game)
            return final_reward(game, 0.0)
        yield from self.searching(game, seat, sightings)
        return self.outlook

    def thinking(self, game: Game) -> Thinking[Action]:
        """`choose` in steps: yields after every iteration of the search (and every
        few actions of a long playout), so a caller
        can let other work run in between; returns the choice."""
        legal = legal_choices(game)
        if len(legal) == 1:
            return legal[0]
        options = self._options(game, legal)
        if len(options) == 1:
            return options[0]
        if self.slips:
            slip = random.Random(public_digest(game, self.seed) ^ SLIP)
            if slip.random() < self.slips:
                return slip.choice(options)
        root = yield from self.searching(game)
        me = game.seat_to_move
        chances = self.chances
        favourite = max((p for p in range(game.players) if p != me), key=chances.__getitem__)
        last = game.round == ROUNDS
        if self.for_place and (
            chances[me] < HOPELESS or (last and chances[me] * BEHIND < chances[favourite])
        ):
            root = yield from self.searching(game, place=favourite)
        best, choice = (-1, -1.0), options[0]
        for a in options:
            child = root.children.get(a)
            if child is not None and child.visits:
                key = (child.visits, child.wins / child.visits)
                if key > best:
                    best, choice = key, a
        return choice

    def estimating(
        self, game: Game, sightings: Sightings | None = None
    ) -> Thinking[list[tuple[Action, float]]]:
        """`evaluate` in steps. An action the search leaves out as no better than one
        it considers gets the estimate of the play of the same total it searched, or
        else the lowest estimate of the searched actions. `sightings`, if given,
        tallies what the search's playouts saw after each move."""
        legal = game.legal_actions()
        if not legal:
            return []
        root = (
            (yield from self.searching(game, None, sightings, every=True))
            if len(legal) > 1
            else Node()
        )
        found = {a: c.wins / c.visits for a, c in root.children.items() if c.visits}
        if not found:  # a forced decision, or a single candidate: one estimate for all
            value = yield from self._mean_reward(game)
            return [(a, value) for a in legal]
        floor = min(found.values())
        out = []
        for a in legal:
            value = found.get(a, floor)
            if a not in found and a.verb == V_PLAY:
                for b, v in found.items():
                    if b.verb == V_PLAY and b.value == a.value:
                        value = v
            out.append((a, value))
        return out

    # ------------------------------------------------------------------ the search

    def _options(self, g: Game, legal: list[Action]) -> list[Action]:
        """The actions the search considers at a position."""
        options = candidates(g, legal)
        return sensible(g, options) if self.wise else options

    def search(self, game: Game) -> Node:
        """Runs the iterations from `game` and returns the root of the tree."""
        return finish(self.searching(game))

    def searching(
        self,
        game: Game,
        seat: int | None = None,
        sightings: Sightings | None = None,
        place: int | None = None,
        every: bool = False,
    ) -> Thinking[Node]:
        """The search in steps, a yield after each iteration (and in long playouts).
        `searched` then holds the iterations done. Its generator is seeded by
        the bot's seed and the public position, so the same position always gets the
        same search, whatever the bot searched before. `outlook` then holds each
        player's mean reward over the search: their chances at the position as the
        search plays on. A `wary` search's rivals attack `seat` (the player to move
        unless told). `sightings`, if given, tallies what each playout saw after its
        first move. `place`: the searching seat plays for its standing, the seat
        `place` being the favourite (`standing`); its outlook is then its standing.
        `every`: the root weighs the silly moves too (`sense.silly`), as a review or a
        hint rates each choice: left out, they would all get the worst estimate."""
        root = Node()
        totals = [0.0] * game.players
        hopes = [0.0] * game.players
        rng = random.Random(public_digest(game, self.seed))
        policy = Heuristic(noise=self.noise, rng=rng)
        guide = self._guide
        c = self.exploration
        sqrt = math.sqrt
        logs = visit_logs(self.iterations)
        stop = game.round + self.horizon if self.horizon else ROUNDS + 1
        work = self.iterations * self.actions_per_iteration * 4 // game.players
        simulated = 0
        done = 0
        start = game.moves
        me = game.seat_to_move if seat is None else seat
        foresee = self.foresee
        for _ in range(self.iterations):
            if work and simulated >= work:
                break
            g = game.clone(reseed=rng.getrandbits(62))
            node = root
            path: list[tuple[Node, int]] = []
            first: Action | None = None
            while g.decision != OVER:
                legal = g.legal_actions()
                if len(legal) == 1:
                    g.apply(legal[0])
                    continue
                mover = g.seat_to_move
                if foresee and mover != me and g.decision in FORESEEN:
                    attack = self.wary and g.decision == AWARD and gift_to(g, legal, me)
                    g.apply(attack or guide.choose(g, legal))
                    continue
                options = (
                    candidates(g, legal) if every and node is root else self._options(g, legal)
                )
                if len(options) == 1:
                    g.apply(options[0])
                    continue
                children = node.children
                fresh = [a for a in options if a not in children]
                if fresh:
                    # Expand one action; at a new node, the rule-based choice first.
                    action = fresh[0]
                    if len(fresh) == len(options):
                        guess = guide.choose(g, legal)
                        if guess in children or guess not in options:
                            guess = fresh[0]
                        action = guess
                    child = children[action] = Node()
                    if node is root:
                        first = action
                    g.apply(action)
                    path.append((child, mover))
                    break
                total = 0
                for a in options:
                    total += children[a].visits
                scale = c * sqrt(logs[total])
                best = -1.0
                action = options[0]
                for a in options:
                    ch = children[a]
                    score = ch.wins / ch.visits + scale / sqrt(ch.visits)
                    if score > best:
                        best, action = score, a
                if node is root:
                    first = action
                node = children[action]
                g.apply(action)
                path.append((node, mover))
            reward, chances = yield from self._rollout(g, policy, stop, me)
            if place is not None:
                reward[me] = standing(g, me, place, chances)
            if sightings is not None:
                sightings.see(first, g)
            for child, mover in path:
                child.visits += 1
                child.wins += reward[mover]
            for p, share in enumerate(reward):
                totals[p] += share
                hopes[p] += chances[p]
            simulated += g.moves - start
            done += 1
            yield
        self.searched = done
        self.outlook = [t / max(done, 1) for t in totals]
        self.chances = [h / max(done, 1) for h in hopes]
        return root

    def _rollout(
        self, g: Game, policy: Heuristic, stop: int, me: int
    ) -> Thinking[tuple[list[float], list[float]]]:
        """Plays on to the horizon and scores the position for every player: the
        reward, and the chances to win it blends with the margin. It yields every
        PLAYOUT_STEP actions, so that a long playout is sliced too. `me`: the seat
        searching, whom a `wary` search's rivals attack with their awards."""
        step = 0
        wary = self.wary
        left = self.debates
        between = g.decision == TOPIC
        while g.decision != OVER and g.round < stop:
            if left:
                topic = g.decision == TOPIC
                if topic and not between:
                    left -= 1
                    if not left:
                        break
                between = topic
            step += 1
            if step == PLAYOUT_STEP:
                step = 0
                yield
            legal = g.legal_actions()
            if len(legal) == 1:
                g.apply(legal[0])
            elif wary and g.decision == AWARD and g.seat_to_move != me:
                g.apply(gift_to(g, legal, me) or policy.choose(g, legal))
            else:
                g.apply(policy.choose(g, legal))
        if g.decision == OVER:
            chances, est = final_chances(g)
        elif self.weights is not None:
            chances, est = fitted_chances(g, self.weights)
        else:
            chances, est = estimated_chances(g, self.temperature)
        return with_margin(chances, est, self.margin), chances

    def _mean_reward(self, game: Game) -> Thinking[float]:
        """The mover's mean reward over playouts from the position itself, with a
        yield after each playout."""
        if game.decision == OVER:
            return 0.0
        mover = game.seat_to_move
        rng = random.Random(public_digest(game, self.seed))
        policy = Heuristic(noise=self.noise, rng=rng)
        stop = game.round + self.horizon if self.horizon else ROUNDS + 1
        runs = max(1, min(self.iterations, 32))
        total = 0.0
        for _ in range(runs):
            g = game.clone(reseed=rng.getrandbits(62))
            reward, _ = yield from self._rollout(g, policy, stop, mover)
            total += reward[mover]
            yield
        return total / runs
