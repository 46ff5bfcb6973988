"""Why a move: one plain sentence of what it does for the player, made from what the
search's playouts saw after it (`senator_core.sightings.Facts`), not from a fixed text
per action. At most two parts, the weightiest first: what becomes of the debate (or of
the token awarded), what becomes of the player's proposed tokens, and whether the
player's 5 is spent or kept. A review says of each other choice what differs between
it and the best move (`versus`)."""

from __future__ import annotations

from ...game import Game
from ...i18n import _
from ...rules import conflicts_with
from ...sightings import Facts
from ..ui.text import KIND_NAMES, plain_list

LEAST_PLAYOUTS = 3  # fewer playouts than this after a move say too little
LIKELY, UNLIKELY = 0.7, 0.3  # shares of the playouts that make an outcome likely or not
SAFE = 0.1  # a proposed token cancelled at most this often stays safe
PARTS = 2  # the parts of a sentence


def why(text: str, facts: Facts | None, game: Game, seat: int) -> str | None:
    """What the move `text` of `seat` at `game` does for that player, or None when the
    playouts after it saw too little to say."""
    if facts is None or facts.playouts < LEAST_PLAYOUTS:
        return None
    verb, *rest = text.split()
    parts = [p for p in (_outcome(verb, rest, facts, game, seat), *_tokens(verb, facts)) if p]
    parts += [p for p in (_five(verb, rest, facts),) if p]
    return "; ".join(parts[:PARTS]) or None


def _outcome(verb: str, rest: list[str], facts: Facts, game: Game, seat: int) -> str | None:
    """What becomes of the debate under way or opened, or of the token awarded."""
    if verb == "assassin":
        mine = len(game.in_play(seat)) + len(rest) + 1
        others = sum(len(game.in_play(s)) for s in range(game.players) if s != seat)
        # Translators: the Assassin ends a debate: how many cards each side discards.
        return _("no one wins: cards discarded, yours {mine}, the others' {others}").format(
            mine=mine, others=others
        )
    if verb == "give" and game.topic is not None:
        return _award(game.topic, int(rest[0]), game, seat)
    topic = rest[0] if verb == "topic" else game.topic
    if verb not in ("play", "withdraw", "topic") or topic is None or facts.decided < 0.5:
        return None
    kind = KIND_NAMES[topic]
    won = facts.won / facts.decided
    if won >= LIKELY:
        # Translators: a move's outcome: the player wins the debate on this topic.
        return _("wins {topic}").format(topic=kind)
    if won <= UNLIKELY:
        if verb == "withdraw":
            return _("leaves {topic} to the others").format(topic=kind)
        if topic == "consul":  # nobody gets a consul: its winner passes their own tokens
            return _("someone else most likely wins the consul")
        return _("{topic} most likely goes to someone else").format(topic=kind)
    return _("wins {topic} about {n} times in 10").format(topic=kind, n=round(won * 10))


def _award(topic: str, target: int, game: Game, seat: int) -> str:
    """Who gets the token awarded, and the tokens of theirs it cancels (R30), as the
    choice's button says."""
    kind = KIND_NAMES[topic]
    lost = plain_list([KIND_NAMES[k] for k in game.proposed(target) if k in conflicts_with(topic)])
    if target == seat:
        if lost:
            return _("keeps {topic}: it cancels your {kinds}").format(topic=kind, kinds=lost)
        return _("keeps {topic}").format(topic=kind)
    name = game.names[target]
    if not lost:
        return _("gives {topic} to {name}").format(topic=kind, name=name)
    if game.veto == target:
        # Translators: the senator given the token holds the veto (R26).
        said = _("gives {topic} to {name}: it cancels their {kinds} unless they refuse it")
    else:
        said = _("gives {topic} to {name}: it cancels their {kinds}")
    return said.format(topic=kind, name=name, kinds=lost)


def _tokens(verb: str, facts: Facts) -> list[str]:
    """What becomes of the player's proposed tokens: the one most often cancelled."""
    if not facts.lost:
        return []
    kind, share = max(facts.lost, key=lambda lost: lost[1])
    if share >= 0.5:
        return [_("your {kind} is likely cancelled").format(kind=KIND_NAMES[kind])]
    if share <= SAFE:
        return [_("your {kind} stays safe").format(kind=KIND_NAMES[kind])]
    return []


def _five(verb: str, rest: list[str], facts: Facts) -> str | None:
    """Whether the player's 5 is spent or kept for later."""
    if facts.five is None:
        return None
    if verb == "play" and "5" in rest:
        return _("spends your 5")
    # Not said of a topic: choosing one spends no card, and a player read it so.
    if facts.five >= 0.8 and verb in ("play", "withdraw"):
        return _("keeps your 5 for later")
    return None


# How far apart two moves' playouts must be for the difference to be told.
APART = 0.25  # in shares of the playouts: a debate won, a token cancelled
TOKENS_APART = 0.3  # in tokens gained, on average


def versus(text: str, facts: Facts | None, best: Facts | None, game: Game, seat: int) -> str | None:
    """What the move `text` of `seat` at `game` does differently from the best move, as
    the playouts after each saw it: the debate won more or less often, the player's
    tokens gained or cancelled, the 5 spent or kept; the weightiest two. None when the
    playouts saw too little, or nothing much differs."""
    if facts is None or best is None or min(facts.playouts, best.playouts) < LEAST_PLAYOUTS:
        return None
    parts: list[tuple[float, str]] = []
    verb, *rest = text.split()
    topic = rest[0] if verb == "topic" else game.topic
    if topic is not None and min(facts.decided, best.decided) >= 0.5 and verb != "give":
        won, best_won = facts.won / facts.decided, best.won / best.decided
        if abs(won - best_won) >= APART:
            n, of_best = round(won * 10), round(best_won * 10)
            said = (
                _("leaves {topic} to the others; the best wins it {best} times in 10")
                if n == 0
                else _("wins {topic} {n} times in 10, the best {best}")
            )
            args = {"topic": KIND_NAMES[topic], "n": n, "best": of_best}
            parts.append((abs(won - best_won), said.format(**args)))
    gained = facts.tokens - best.tokens
    if abs(gained) >= TOKENS_APART:
        said = (
            _("{n} tokens fewer than the best, on average")
            if gained < 0
            else _("{n} tokens more than the best, on average")
        )
        parts.append((abs(gained), said.format(n=f"{abs(gained):.1f}")))
    lost, best_lost = dict(facts.lost), dict(best.lost)
    for kind in sorted({*lost, *best_lost}):
        share, best_share = lost.get(kind, 0.0), best_lost.get(kind, 0.0)
        if abs(share - best_share) >= APART:
            # Translators: how often the player's proposed token is cancelled after this
            # move, and after the best one.
            said = _("your {kind} cancelled {n} times in 10, the best {best}")
            args = {
                "kind": KIND_NAMES[kind],
                "n": round(share * 10),
                "best": round(best_share * 10),
            }
            parts.append((abs(share - best_share), said.format(**args)))
    if facts.five is not None and best.five is not None and abs(facts.five - best.five) >= 0.5:
        kept = facts.five > best.five
        said = (
            _("keeps your 5, which the best spends")
            if kept
            else _("spends your 5, which the best keeps")
        )
        parts.append((abs(facts.five - best.five) / 2, said))
    parts.sort(key=lambda part: -part[0])
    return "; ".join(said for _weight, said in parts[:PARTS]) or None
