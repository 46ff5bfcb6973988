"""The engine's reasons in words: a refused move, unreadable notation and an unreadable
game said in the player's language, for the application and the command line alike.

The engine gives reasons as data (`reasons.py`): `Refusal`, `NotationProblem` and
`LoadProblem`, attached to the errors it raises. This module is the one place they
become sentences; `error_text` says any error the engine raises.
"""

from __future__ import annotations

from .actions import NOTATION, ForbiddenActionError, InvalidActionError
from .game import UnreadableGameError
from .i18n import N_, Translated, _, ngettext, pgettext
from .reasons import LoadProblem, NotationProblem, Refusal


def refusal_text(refusal: Refusal) -> str:
    """Why a move was refused, with its rule and the legal moves, in words."""
    reason = _refusal_reason(refusal)
    if not refusal.legal:
        return reason
    # Translators: {reason} is why an action is not legal; {actions} lists the
    # legal ones as they are written (never translated).
    said = _("{reason}; legal: {actions}")
    return said.format(reason=reason, actions=", ".join(refusal.legal))


def _refusal_reason(refusal: Refusal) -> str:
    text = repr(refusal.action)
    who = refusal.who
    reason = refusal.reason
    args = refusal.args
    if reason == "game_over":
        # Translators: {action} is the action as it was written (never translated).
        return _("{action} is not legal: the game is over (R40)").format(action=text)
    if reason in _WRONG_DECISION:
        return _WRONG_DECISION[reason].format(action=text, who=who, topic=args.get("topic", ""))
    if reason in _BIDS:
        return _bid_reason(refusal)
    if reason == "not_the_power":
        # Translators: {kind} is a word of the notation (war, public_works...) and
        # {rule} a rule's number (R34).
        said = _("{action} is not legal: it is not the power of {kind} ({rule})")
        return said.format(action=text, kind=args["kind"], rule=", ".join(refusal.rules))
    if reason == "no_seat":
        said = _("{action} is not legal: there is no seat {seat} at this table (R1)")
        return said.format(action=text, seat=args["seat"])
    if reason in _SIMPLE:
        return _SIMPLE[reason].format(action=text, **args)
    return _("{action} is not legal now").format(action=text)


# Each reason's sentence, translated as it is read; {action} is the action as
# written (never translated), {who} a senator's name.
_WRONG_DECISION = Translated(
    {
        "must_choose_topic": N_(
            "{action} is not legal: {who} must choose the topic of the next debate (R19)"
        ),
        "must_bid": N_(
            "{action} is not legal: {who} must play influence, play the Assassin or withdraw (R20)"
        ),
        # Translators: {topic} is a word of the notation (war, consul...).
        "must_use_power": N_(
            "{action} is not legal: {who} must use or skip the power of {topic} (R26)"
        ),
        # Translators: {topic} is a word of the notation (war, consul...).
        "must_award": N_("{action} is not legal: {who} must award the {topic} token (R26)"),
        # Translators: {topic} is a word of the notation (war, consul...).
        "must_answer_veto": N_(
            "{action} is not legal: {who} must veto or accept the {topic} token (R26)"
        ),
    }
)
_SIMPLE = Translated(
    {
        "no_consul_up": N_("{action} is not legal: no consul is face up (R6, R43, R56)"),
        # Translators: {kind} is a word of the notation (war, public_works...).
        "topic_not_in_docket": N_("{action} is not legal: no {kind} token is in the docket (R19)"),
        "reclaim_assassin": N_(
            "{action} is not legal: Public Works never returns the Assassin (R34)"
        ),
        # Translators: "public_works=not_assassinated" is a variant as a game link
        # writes it: never translated.
        "reclaim_assassinated": N_(
            "{action} is not legal: with public_works=not_assassinated, a card "
            "discarded by an Assassin cannot be returned (R34)"
        ),
        # Translators: {card} is a card value (1, 2 or 5).
        "not_in_discard": N_("{action} is not legal: there is no {card} in the discard pile (R34)"),
        # Translators: {kind} is a word of the notation (war, public_works...).
        "discard_not_in_docket": N_(
            "{action} is not legal: no {kind} token is in the docket (R35)"
        ),
        "no_consul_to_flip": N_("{action} is not legal: no consul is face up (R35)"),
        "veto_held_already": N_("{action} is not legal: the winner holds the veto already (R36)"),
        # Translators: "taxes=centre_only" is a variant as a game link writes it:
        # never translated.
        "veto_not_in_centre": N_(
            "{action} is not legal: with taxes=centre_only, the veto can only be "
            "taken from the centre (R36)"
        ),
        "trade_imperium": N_("{action} is not legal: Trade cannot take Imperium (R37)"),
        # Translators: {kind} is a word of the notation (war, public_works...).
        "take_not_in_docket": N_("{action} is not legal: no {kind} token is in the docket (R37)"),
    }
)
_BIDS = {
    "not_held",
    "too_low",
    "ludi_limit",
    "spartacus_first_play",
    "assassin_spent",
    "assassin_lost",
    "assassin_alone",
    "ludi_assassin",
    "spartacus_assassin",
}


def _bid_reason(refusal: Refusal) -> str:
    """The refusal of a play or an Assassin (a `BidProblem`'s reason), in words."""
    text = repr(refusal.action)
    who = refusal.who
    reason, args = refusal.reason, refusal.args
    if reason == "not_held":
        # Translators: {held} lists the cards held (1, 2, 5, assassin), or is the
        # word for an empty hand.
        said = _("{action} is not legal: {who} does not hold those cards (holds {held}) (R21)")
        # Translators: what an empty hand holds.
        held = ", ".join(args["held"]) or pgettext("an empty hand holds", "nothing")
        return said.format(action=text, who=who, held=held)
    if reason in ("assassin_spent", "assassin_lost"):
        said = _("{action} is not legal: {who} does not hold the Assassin (R22)")
    elif reason == "ludi_assassin":
        said = _(
            "{action} is not legal: Ludi Gladiatorum allows at most 2 cards in play "
            "in a debate, the Assassin included (R45)"
        )
    elif reason == "spartacus_assassin" and "cards" in args:
        said = _(
            "{action} is not legal: under Spartacus the Assassin must be played "
            "together with at least one influence card (R46)"
        )
    elif reason == "spartacus_assassin":
        said = _(
            "{action} is not legal: under Spartacus the Assassin needs at least 2 of "
            "{who}'s own influence in play (R46)"
        )
    elif reason == "assassin_alone":
        said = _(
            "{action} is not legal: the Assassin is played alone; cards go with it "
            "only under Spartacus (R22, R46)"
        )
    elif reason == "ludi_limit":
        said = ngettext(
            "{action} is not legal: Ludi Gladiatorum allows at most 2 cards in play "
            "in a debate; {who} has {n} (R45)",
            "{action} is not legal: Ludi Gladiatorum allows at most 2 cards in play "
            "in a debate; {who} has {n} (R45)",
            args["in_play"],
        )
        return said.format(action=text, who=who, n=args["in_play"])
    elif reason == "spartacus_first_play" and "cards" in args:
        said = _(
            "{action} is not legal: under Spartacus a first play of influence must "
            "put at least 2 cards in play (R46)"
        )
    elif reason == "spartacus_first_play":
        said = _(
            "{action} is not legal: under Spartacus a first play of influence must "
            "be worth at least 2 (R46)"
        )
    else:  # too_low
        said = _(
            "{action} is not legal: {who}'s total would be {total}, and it must be above "
            "{others} (R21)"
        )
        return said.format(action=text, who=who, total=args["total"], others=args["needed"] - 1)
    return said.format(action=text, who=who)


def notation_text(problem: NotationProblem) -> str:
    """Why a text is no action, with the notation, in words."""
    if problem.reason == "not_text":
        return f"an action must be text, not {problem.args['type']}"
    # Translators: {action} is the action as it was typed, {why} what is wrong with it,
    # and {notation} the list of the actions as they are written (never translated).
    message = _("malformed action {action}: {why}; the notation is {notation}")
    return message.format(action=repr(problem.text), why=_notation_why(problem), notation=NOTATION)


def _notation_why(problem: NotationProblem) -> str:
    reason, args = problem.reason, problem.args
    word = repr(args.get("word"))
    verb = args.get("verb")
    if reason == "not_influence_card":
        # Translators: why an action is malformed; {word} is a word of it as typed.
        return _("{word} is not an influence card (1, 2 or 5)").format(word=word)
    if reason == "too_many_cards":
        said = ngettext(
            "a hand holds only {n} card(s) of {card} (R2)",
            "a hand holds only {n} card(s) of {card} (R2)",
            args["n"],
        )
        return said.format(n=args["n"], card=args["card"])
    if reason == "no_cards":
        return _("name the cards to play")
    if reason == "too_long":
        return _("too long")
    if reason == "empty":
        return _("it is empty")
    if reason == "one_word":
        # Translators: {verb} is the first word of an action (topic, play, take...).
        return _("{verb} takes exactly one word after it").format(verb=verb)
    if reason == "not_kind_or_consul":
        # Translators: "consul" is the word the notation uses: keep it as it is.
        return _("{word} is not an agenda kind or consul").format(word=word)
    if reason == "not_card":
        # Translators: "assassin" is the word the notation uses: keep it as it is.
        return _("{word} is not a card (1, 2, 5 or assassin)").format(word=word)
    if reason == "not_kind":
        return _("{word} is not an agenda kind").format(word=word)
    if reason == "not_kind_or_veto":
        # Translators: "veto" is the word the notation uses: keep it as it is.
        return _("{word} is not an agenda kind or veto").format(word=word)
    if reason == "not_consul":
        return _("only a consul can be flipped")
    if reason == "not_seat":
        said = _("{word} is not a seat number (0 to {last})")
        return said.format(word=word, last=args["last"])
    if reason == "nothing_after":
        return _("{verb} takes nothing after it").format(verb=verb)
    return _("unknown verb {verb}").format(verb=repr(verb))


def load_text(problem: LoadProblem) -> str:
    """Why a save or a record is not a sound game, in words."""
    reason, args = problem.reason, problem.args
    if reason == "not_json":
        said = _("not a saved game: the text is not JSON ({reason})")
        return said.format(reason=args["detail"])
    if reason == "not_a_save":
        return _("not a saved game of Senator")
    if reason == "save_version":
        said = _("saved game version {version} is not supported")
        return said.format(version=repr(args["version"]))
    if reason == "save_corrupted":
        return _("the saved game is corrupted: its position does not match its moves")
    if reason == "not_a_record":
        return _("not a game record: it needs a config and a list of actions")
    if reason == "unknown_field":
        return _("not a game record: unknown field {field}").format(field=repr(args["field"]))
    if reason == "config_invalid":
        said = _("the record's config is not valid: {reason}")
        return said.format(reason=args["detail"])
    if reason == "no_seed":
        return _("the record's config has no seed, so it cannot be replayed")
    if reason == "bad_reseeds":
        return _("the record's reseeds must be a list of [move, seed] pairs")
    if reason == "action_not_text":
        return _("the record's action {number} is not text").format(number=args["number"])
    # action_illegal
    cause = problem.cause
    said = _("the record's action {number} ({action}) is not legal: {reason}")
    return said.format(
        number=args["number"],
        action=repr(args["action"]),
        reason=error_text(cause) if cause is not None else "",
    )


def error_text(err: BaseException) -> str:
    """Any error the engine raises, said to a player: a refused move, unreadable
    notation or an unreadable game in words; another error's own message."""
    if isinstance(err, ForbiddenActionError):
        return refusal_text(err.refusal)
    if isinstance(err, InvalidActionError):
        return notation_text(err.problem)
    if isinstance(err, UnreadableGameError):
        return load_text(err.problem)
    return str(err)
